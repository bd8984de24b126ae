//! Accounts, API keys, plans, the monthly allowance, the prepaid balance and spending holds,
//! kept in PostgreSQL (many gateway instances share it) or in an embedded SQLite file (one
//! node), behind one trait: [`Store`].
//!
//! - Keys look like `rk_` + 40 base62 characters. Only their SHA-256 ([`KeyHash`]) and a short
//!   display prefix are stored; the key itself is returned once, by [`Store::create_key`].
//! - Money is counted in micro-dollars ([`Micros`], 1 USD = 1 000 000) so sums are exact.
//! - The hot path is one call per request: [`Store::meter`] authenticates the key, checks the
//!   account's API access, counts the request against the calendar month's allowance, and
//!   charges the price of a request beyond it from the balance, atomically. Nothing is cached,
//!   so a revoked key or an access switch takes effect on the next request at every instance.
//! - Chat requests hold their largest possible cost ([`Store::hold`]) and settle it to the
//!   real cost ([`Store::settle`]) or release it ([`Store::release`]); holds expire and are
//!   swept ([`Store::sweep_expired`]) so no money stays held after a crash.
//! - Invariants: a balance never goes negative; counts are exact under any concurrency.
//! - Month figures (requests and spending of an account, spending of a key) are stored with
//!   the [`Month`] they belong to; asked about another month, they read as 0, and the next
//!   write in a new month starts them afresh.
//! - [`PgStore`] serves many gateway instances (row locks in PL/pgSQL functions; concurrent
//!   metering inside the allowance counted together by one statement; see [`PgOptions`] for
//!   the durability of that hot path); [`SqliteStore`] serves one node (one connection on its
//!   own thread, WAL mode, `BEGIN IMMEDIATE` writes so the admin CLI may write the same file
//!   meanwhile, and concurrent hot-path operations committed together). Either way a call
//!   returns only once its transaction has committed: grouping loses nothing at shutdown.
//!
//! Nothing of a request's text or map ever reaches a store: the trait has no place for it.
//!
//! ```no_run
//! # async fn demo() -> Result<(), redact_billing::StoreError> {
//! use redact_billing::{open, KeyHash, MeterPolicy, Month};
//!
//! let store = open("sqlite::memory:").await?;
//! let account = store.create_account("acme", "free", true, 0).await?;
//! let key = store.create_key(&account.id, None).await?;
//! let hash = KeyHash::parse(key.key.expose()).expect("a well-formed key");
//! let metered = store.meter(&hash, Month::now(), &MeterPolicy::default(), true).await?;
//! assert!(metered.is_ok());
//! # Ok(()) }
//! ```

#![forbid(unsafe_code)]
#![warn(missing_docs)]

use std::sync::Arc;

use redact_entity::Sensitive;
use sha2::{Digest, Sha256};

mod month;
mod postgres;
mod sqlite;

pub use month::Month;
pub use postgres::{DEFAULT_POOL_SIZE, PgOptions, PgStore};
pub use sqlite::SqliteStore;

/// An amount of money in micro-dollars (1 USD = 1 000 000).
pub type Micros = i64;

/// Micro-dollars in one dollar.
pub const MICROS_PER_USD: Micros = 1_000_000;

/// Requests included in every plan each calendar month (UTC).
pub const REQUESTS_INCLUDED: i64 = 50_000;

/// The price of one request beyond the allowance: 0.001 USD.
pub const PRICE_PER_REQUEST: Micros = 1_000;

/// The most keys an account may hold. Revoked keys count: a revoked key stays one of the
/// account's keys for good (it is listed by [`Store::keys`] and never deleted), so an account
/// that has made this many keys can make no more.
pub const MAX_KEYS_PER_ACCOUNT: usize = 20;

/// Characters of a key kept for display (`rk_` and the first five random characters).
pub const KEY_PREFIX_LEN: usize = 8;

/// The prefix every key starts with.
pub const KEY_MARKER: &str = "rk_";

/// Converts dollars to micro-dollars, rounding to the nearest micro-dollar. `None` for a
/// negative, non-finite or absurdly large amount.
pub fn usd_to_micros(usd: f64) -> Option<Micros> {
    if !usd.is_finite() || !(0.0..=1e12).contains(&usd) {
        return None;
    }
    Some((usd * MICROS_PER_USD as f64).round() as Micros)
}

/// Converts micro-dollars to dollars (for JSON output).
pub fn micros_to_usd(micros: Micros) -> f64 {
    micros as f64 / MICROS_PER_USD as f64
}

/// The SHA-256 of an API key: all that is stored of it.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct KeyHash(pub [u8; 32]);

impl KeyHash {
    /// The hash of a presented key, or `None` when the value is not shaped like a key
    /// (`rk_` followed by 32 to 128 base62 characters), so garbage never reaches a store.
    pub fn parse(presented: &str) -> Option<KeyHash> {
        let rest = presented.strip_prefix(KEY_MARKER)?;
        if !(32..=128).contains(&rest.len()) || !rest.bytes().all(|b| b.is_ascii_alphanumeric()) {
            return None;
        }
        Some(KeyHash(Sha256::digest(presented.as_bytes()).into()))
    }
}

impl std::fmt::Debug for KeyHash {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("KeyHash(<redacted>)")
    }
}

/// An account.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Account {
    /// `acct_` followed by random base62 characters.
    pub id: String,
    /// A unique, human-chosen name.
    pub name: String,
    /// The plan (`tier`): `free`, `plus`, `pro`, `ultra`, or one defined in configuration.
    pub plan: String,
    /// Whether redact, restore and the proxy may be used.
    pub api_access: bool,
    /// The prepaid balance after settled charges.
    pub balance: Micros,
    /// The sum of the holds in flight.
    pub held: Micros,
    /// Charged this calendar month (as of the last time the account was read).
    pub spent_this_month: Micros,
    /// Requests counted this calendar month.
    pub requests_this_month: i64,
    /// Keys the account holds, active or revoked.
    pub keys: usize,
}

/// A key just made: the only time the key itself is seen.
#[derive(Clone, Debug)]
pub struct NewKey {
    /// `key_` followed by random base62 characters; names the key in administration.
    pub id: String,
    /// The key. Shown once, never stored.
    pub key: Sensitive<String>,
    /// Its first [`KEY_PREFIX_LEN`] characters, for display.
    pub prefix: String,
}

/// Whether a key works.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum KeyState {
    /// The key works (if its account has access).
    Active,
    /// The key was revoked; it never works again.
    Revoked,
}

/// What is stored about a key (never the key).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct KeyInfo {
    /// The key's id.
    pub id: String,
    /// Its display prefix.
    pub prefix: String,
    /// Its monthly spending limit, if any.
    pub monthly_limit: Option<Micros>,
    /// Active or revoked.
    pub state: KeyState,
    /// What it has spent this calendar month.
    pub spent_this_month: Micros,
}

/// The account and key a request acts for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Caller {
    /// The account's id.
    pub account_id: String,
    /// The key's id.
    pub key_id: String,
    /// The account's plan.
    pub plan: String,
    /// Whether the account has API access.
    pub api_access: bool,
}

/// Why a request was refused by the store.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// No such key, or it was revoked (401 `invalid_api_key`).
    InvalidKey,
    /// The account's API access is off (402 `api_access_required`).
    ApiAccessRequired,
    /// The available balance cannot cover the charge or hold (402 `insufficient_balance`).
    InsufficientBalance,
    /// The key's monthly spending limit would be passed (429 `key_spending_limit_reached`).
    KeySpendingLimitReached,
}

/// The monthly allowance and the price beyond it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MeterPolicy {
    /// Requests included each month.
    pub included: i64,
    /// Price of each request beyond them.
    pub price: Micros,
}

impl Default for MeterPolicy {
    fn default() -> Self {
        MeterPolicy {
            included: REQUESTS_INCLUDED,
            price: PRICE_PER_REQUEST,
        }
    }
}

/// A request counted by [`Store::meter`]; pass it to [`Store::refund`] to undo the count and
/// the charge when the request could not be served (for example redaction refused it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Receipt {
    /// Who was charged.
    pub caller: Caller,
    /// The month the request was counted in.
    pub month: Month,
    /// What was charged (0 inside the allowance).
    pub charged: Micros,
}

/// A spending hold on a chat request.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hold {
    /// The hold's id.
    pub id: String,
    /// Who it holds for.
    pub caller: Caller,
    /// The amount held.
    pub amount: Micros,
}

/// The figures of `GET /v1/usage`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Usage {
    /// The account's plan name.
    pub plan: String,
    /// The prepaid balance after settled charges.
    pub balance: Micros,
    /// Charged this calendar month.
    pub spent: Micros,
    /// Balance less holds in flight.
    pub remaining: Micros,
    /// Requests counted this calendar month.
    pub requests_this_month: i64,
}

/// A store failure.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum StoreError {
    /// No account or key by that id or name.
    #[error("no {0} found")]
    NotFound(&'static str),
    /// The account already holds [`MAX_KEYS_PER_ACCOUNT`] keys.
    #[error("an account may hold at most {MAX_KEYS_PER_ACCOUNT} keys")]
    TooManyKeys,
    /// An account with that name exists.
    #[error("an account named {0:?} already exists")]
    NameTaken(String),
    /// A bad argument (negative amount, unknown URL scheme …).
    #[error("{0}")]
    Invalid(String),
    /// The database failed or could not be reached.
    #[error("store unavailable: {0}")]
    Backend(String),
}

/// A store result.
pub type Result<T, E = StoreError> = std::result::Result<T, E>;

/// Accounts, keys, metering and holds. Implemented by [`PgStore`] and [`SqliteStore`]; both
/// pass the same behavioural test suite. Every method is atomic.
#[async_trait::async_trait]
pub trait Store: Send + Sync + 'static {
    /// Checks that the store can be reached (`/readyz`).
    async fn ping(&self) -> Result<()>;

    /// Creates an account (id `acct_…`). `balance` is the opening balance.
    /// [`StoreError::NameTaken`] when the name is in use; [`StoreError::Invalid`] for a
    /// negative balance or an empty name or plan.
    async fn create_account(
        &self,
        name: &str,
        plan: &str,
        api_access: bool,
        balance: Micros,
    ) -> Result<Account>;
    /// The account with this id, or else with this name; figures as of `month` (0 when the
    /// stored figures belong to another month). `held` is the sum of its holds in flight.
    async fn account(&self, id_or_name: &str, month: Month) -> Result<Option<Account>>;
    /// On a store with no account at all, creates `default` (plan `free`, API access on) and
    /// one key for it, and returns that key; otherwise `None`. Safe against a concurrent
    /// first start.
    async fn ensure_default_account(&self) -> Result<Option<NewKey>>;
    /// Switches an account's API access ([`StoreError::NotFound`] for an unknown account).
    /// Keys are untouched: switching access off and on again leaves them working.
    async fn set_api_access(&self, account_id: &str, on: bool) -> Result<()>;
    /// Changes an account's plan ([`StoreError::NotFound`] for an unknown account).
    async fn set_plan(&self, account_id: &str, plan: &str) -> Result<()>;
    /// Adds to the balance; returns the new balance. [`StoreError::Invalid`] for a negative
    /// amount (or a balance that would not fit), [`StoreError::NotFound`] for an unknown
    /// account.
    async fn top_up(&self, account_id: &str, amount: Micros) -> Result<Micros>;

    /// Makes a key for an account (id `key_…`) with an optional monthly spending limit;
    /// only its SHA-256 and display prefix are stored. [`StoreError::TooManyKeys`] when the
    /// account already holds [`MAX_KEYS_PER_ACCOUNT`] keys, revoked ones included;
    /// [`StoreError::NotFound`] for an unknown account; [`StoreError::Invalid`] for a
    /// negative limit.
    async fn create_key(&self, account_id: &str, monthly_limit: Option<Micros>) -> Result<NewKey>;
    /// The account's keys, oldest first, revoked ones included; spending figures as of
    /// `month`. [`StoreError::NotFound`] for an unknown account.
    async fn keys(&self, account_id: &str, month: Month) -> Result<Vec<KeyInfo>>;
    /// Revokes a key for good (revoking it again is not an error); [`StoreError::NotFound`]
    /// for an unknown key id. A revoked key still counts towards [`MAX_KEYS_PER_ACCOUNT`].
    async fn revoke_key(&self, key_id: &str) -> Result<()>;

    /// Who a key acts for; `None` for an unknown or revoked key. Does not count anything.
    async fn authenticate(&self, key: &KeyHash) -> Result<Option<Caller>>;
    /// Authenticates, checks API access (when `need_api_access`), counts one request in
    /// `month` and charges `policy.price` when the month's count is already at or past
    /// `policy.included`: all in one atomic step. Refusals count and charge nothing.
    ///
    /// In order: an unknown or revoked key is [`Refusal::InvalidKey`]; access off (when
    /// needed) is [`Refusal::ApiAccessRequired`]; then, only when a price is due, the key's
    /// spending this month plus its holds plus the price passing its limit is
    /// [`Refusal::KeySpendingLimitReached`], and a price above balance less holds is
    /// [`Refusal::InsufficientBalance`]. Otherwise the account's count goes up by one and
    /// the price moves from its balance to its and the key's spending this month.
    /// [`StoreError::Invalid`] for a negative price.
    async fn meter(
        &self,
        key: &KeyHash,
        month: Month,
        policy: &MeterPolicy,
        need_api_access: bool,
    ) -> Result<Result<Receipt, Refusal>>;
    /// Undoes a [`Store::meter`]: the count goes down by one (never below 0) and the charge
    /// goes back to the balance and off the account's and key's spending. When the stored
    /// month is no longer the receipt's, only the balance comes back. Refund a receipt once.
    async fn refund(&self, receipt: &Receipt) -> Result<()>;
    /// The usage figures of the key's account in `month`; `None` for an unknown or revoked
    /// key.
    async fn usage(&self, key: &KeyHash, month: Month) -> Result<Option<Usage>>;

    /// Authenticates and holds `amount` against the balance until `expires_at` (Unix
    /// seconds). Refused when balance less holds cannot cover it, or when the key's spending
    /// this month plus its holds plus `amount` would pass its limit. Needs no API access.
    /// The hold's id is `hold_…`; [`StoreError::Invalid`] for a negative amount.
    async fn hold(
        &self,
        key: &KeyHash,
        month: Month,
        amount: Micros,
        expires_at: i64,
    ) -> Result<Result<Hold, Refusal>>;
    /// Settles a hold to `cost` (capped at the amount held), charges it to the balance and
    /// to the month's spending, and releases the rest. Returns what was charged; 0 when the
    /// hold is gone already (settled, released or swept) and for a negative cost. Of
    /// concurrent settles, releases and sweeps of one hold exactly one takes effect.
    async fn settle(&self, hold_id: &str, month: Month, cost: Micros) -> Result<Micros>;
    /// Releases a hold without charge. Releasing a hold that is gone is not an error.
    async fn release(&self, hold_id: &str) -> Result<()>;
    /// Releases every hold whose expiry is before `now` (Unix seconds); returns how many.
    async fn sweep_expired(&self, now: i64) -> Result<u64>;
}

/// Opens the store named by a URL, applying schema migrations:
/// - `postgres://…` or `postgresql://…`: PostgreSQL. An `options=-csearch_path%3DNAME`
///   parameter selects (and creates if missing) a schema, so tests can share one database.
/// - `sqlite:PATH`: the embedded store in the file PATH (created with its directory).
/// - `sqlite::memory:`: an embedded store in memory (tests).
///
/// `sqlite://PATH` is accepted as well (`sqlite:///var/lib/redact.db` names an absolute path).
pub async fn open(url: &str) -> Result<Arc<dyn Store>> {
    if url.starts_with("postgres://") || url.starts_with("postgresql://") {
        Ok(Arc::new(PgStore::connect(url).await?))
    } else if let Some(path) = url.strip_prefix("sqlite:") {
        let path = path.strip_prefix("//").unwrap_or(path);
        Ok(Arc::new(SqliteStore::open(path).await?))
    } else {
        Err(StoreError::Invalid(
            "the database URL must start with postgres://, postgresql:// or sqlite:".into(),
        ))
    }
}

/// Makes a new key: `rk_` + 40 random base62 characters, its hash and its display prefix.
pub fn generate_key() -> (Sensitive<String>, KeyHash, String) {
    use rand::RngExt;
    const ALPHABET: &[u8] = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
    let mut rng = rand::rng();
    let mut key = String::with_capacity(KEY_MARKER.len() + 40);
    key.push_str(KEY_MARKER);
    for _ in 0..40 {
        key.push(ALPHABET[rng.random_range(0..ALPHABET.len())] as char);
    }
    let hash = KeyHash::parse(&key).expect("a generated key is well formed");
    let prefix = key[..KEY_PREFIX_LEN].to_string();
    (Sensitive::new(key), hash, prefix)
}

/// `Err(Invalid)` unless `amount` is zero or more.
pub(crate) fn non_negative(amount: Micros, what: &str) -> Result<()> {
    if amount < 0 {
        return Err(StoreError::Invalid(format!("{what} must not be negative")));
    }
    Ok(())
}

/// `Err(Invalid)` for an empty (or blank) name or plan, or one containing NUL.
pub(crate) fn not_blank(value: &str, what: &str) -> Result<()> {
    if value.trim().is_empty() {
        return Err(StoreError::Invalid(format!("{what} must not be empty")));
    }
    if !storable(value) {
        return Err(StoreError::Invalid(format!("{what} must not contain NUL")));
    }
    Ok(())
}

/// Whether a text can be stored (and so can match anything stored): PostgreSQL text cannot
/// hold NUL.
pub(crate) fn storable(value: &str) -> bool {
    !value.contains('\0')
}

/// The error of a sum that does not fit in an `i64`.
pub(crate) fn out_of_range() -> StoreError {
    StoreError::Invalid("amount out of range".into())
}

/// A random id: `prefix` followed by 16 base62 characters.
pub fn generate_id(prefix: &str) -> String {
    use rand::RngExt;
    const ALPHABET: &[u8] = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
    let mut rng = rand::rng();
    let mut id = String::with_capacity(prefix.len() + 16);
    id.push_str(prefix);
    for _ in 0..16 {
        id.push(ALPHABET[rng.random_range(0..ALPHABET.len())] as char);
    }
    id
}
