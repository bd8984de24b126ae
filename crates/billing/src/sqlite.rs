//! The embedded SQLite store: one node, one file (or memory, for tests).
//!
//! # Schema
//!
//! All tables are `STRICT`, so a figure can never silently turn into a REAL.
//!
//! - `schema_migrations(version, applied_at)`: the numbered migrations applied, in order, at
//!   open, inside one `BEGIN IMMEDIATE` transaction (so two processes opening the same new
//!   file at once apply them once).
//! - `accounts(id, name UNIQUE, plan, api_access, balance CHECK >= 0, month, requests, spent)`:
//!   `(month, requests, spent)` are the figures of calendar month `month`; a stored month
//!   other than the one asked about means those figures are 0, and they are reset when the
//!   row is next written.
//! - `keys(seq, id UNIQUE, account_id, hash BLOB UNIQUE, prefix, monthly_limit, revoked, month,
//!   spent)`: only the 32-byte SHA-256 of a key and its 8-character display prefix are kept;
//!   `seq` orders an account's keys oldest first.
//! - `holds(id, account_id, key_id, amount, expires_at)`: the holds in flight; what an account
//!   (or key) holds is the sum of its rows (indexed by account and by key), so settling,
//!   releasing and sweeping only delete rows.
//!
//! # Concurrency
//!
//! A `rusqlite::Connection` is not `Sync`, so one connection is owned by a dedicated thread
//! that runs the jobs sent to it over a channel, one after the other; async callers await a
//! oneshot reply. Within the process that serializes every operation, which is what makes a
//! read-check-write sequence atomic. Across processes (the admin CLI writes the same file
//! while a gateway runs) every write is a `BEGIN IMMEDIATE` transaction, which takes SQLite's
//! write lock before reading, and `busy_timeout` (5 s) waits for the other process's lock.
//! The file is in WAL mode with `synchronous=NORMAL` (a commit appends to the WAL without an
//! fsync; a power cut may lose the last commits but never corrupts the file). Statements are
//! cached (`prepare_cached`). [`crate::Store::meter`] is one short write: one indexed join
//! (key → account), at most two indexed sums of holds (only when a price is due), one or two
//! updates.
//!
//! # Group commit
//!
//! The hot-path operations (meter, refund, authenticate, usage, hold, settle, release) are
//! *grouped*: when the thread picks one up it also takes the others already queued (up to
//! [`MAX_GROUP`]) and runs them in one `BEGIN IMMEDIATE … COMMIT`, each inside its own
//! savepoint (so one that fails is rolled back alone), in the order they were sent. Every
//! caller's answer is sent only after that `COMMIT` has succeeded; if the `COMMIT` (or any
//! statement of the group's own) fails, the whole group is rolled back and every caller gets
//! the error. So grouping changes no answer and no durability: a request is answered only once
//! its count is committed, exactly as with one transaction per request, and nothing is held in
//! memory to be lost at shutdown (the thread runs every job queued before it stops). Under load
//! it replaces a `BEGIN`/`COMMIT` pair and a WAL append per request with one per group, and
//! the WAL grows (and is checkpointed, with its fsync) that many times less often. `BEGIN
//! IMMEDIATE`, `COMMIT` and the savepoint statements are cached prepared statements, not parsed
//! again each time. Administrative operations run alone, in their own transactions.

use std::panic::AssertUnwindSafe;
use std::path::Path;
use std::sync::mpsc;
use std::time::Duration;

use rusqlite::{Connection, OptionalExtension, TransactionBehavior, params};
use tokio::sync::oneshot;

use crate::{
    Account, Caller, Hold, KeyHash, KeyInfo, KeyState, MAX_KEYS_PER_ACCOUNT, MeterPolicy, Micros,
    Month, NewKey, Receipt, Refusal, Result, StoreError, Usage, generate_id, generate_key,
    non_negative, not_blank, out_of_range,
};

/// How long a write waits for another process's lock on the file.
const BUSY_TIMEOUT: Duration = Duration::from_secs(5);

/// The numbered migrations, applied in order.
const MIGRATIONS: &[(i64, &str)] = &[(
    1,
    "
CREATE TABLE accounts (
    id         TEXT PRIMARY KEY,
    name       TEXT NOT NULL UNIQUE,
    plan       TEXT NOT NULL,
    api_access INTEGER NOT NULL,
    balance    INTEGER NOT NULL CHECK (balance >= 0),
    month      INTEGER NOT NULL DEFAULT 0,
    requests   INTEGER NOT NULL DEFAULT 0 CHECK (requests >= 0),
    spent      INTEGER NOT NULL DEFAULT 0,
    created_at INTEGER NOT NULL DEFAULT (unixepoch())
) STRICT;
CREATE TABLE keys (
    seq           INTEGER PRIMARY KEY,
    id            TEXT NOT NULL UNIQUE,
    account_id    TEXT NOT NULL REFERENCES accounts (id),
    hash          BLOB NOT NULL UNIQUE CHECK (length(hash) = 32),
    prefix        TEXT NOT NULL,
    monthly_limit INTEGER CHECK (monthly_limit >= 0),
    revoked       INTEGER NOT NULL DEFAULT 0,
    month         INTEGER NOT NULL DEFAULT 0,
    spent         INTEGER NOT NULL DEFAULT 0,
    created_at    INTEGER NOT NULL DEFAULT (unixepoch())
) STRICT;
CREATE INDEX keys_account ON keys (account_id, seq);
CREATE TABLE holds (
    id         TEXT PRIMARY KEY,
    account_id TEXT NOT NULL REFERENCES accounts (id),
    key_id     TEXT NOT NULL REFERENCES keys (id),
    amount     INTEGER NOT NULL CHECK (amount >= 0),
    expires_at INTEGER NOT NULL
) STRICT;
CREATE INDEX holds_account ON holds (account_id);
CREATE INDEX holds_key ON holds (key_id);
CREATE INDEX holds_expires ON holds (expires_at);
",
)];

/// The most hot-path operations committed together (see "Group commit" above).
const MAX_GROUP: usize = 128;

/// Work for the connection's thread.
enum Job {
    /// Runs alone and manages its own transaction (administrative operations).
    Alone(Box<dyn FnOnce(&mut Connection) + Send + 'static>),
    /// Runs inside the thread's open transaction, grouped with others (the hot path).
    Grouped(Box<dyn GroupedJob>),
}

/// An operation run inside a group's transaction, answered only after the group commits.
trait GroupedJob: Send + 'static {
    /// Runs the operation inside the open transaction; `true` when it succeeded (its
    /// savepoint is released), `false` when it failed (its savepoint is rolled back).
    fn run(&mut self, conn: &Connection) -> bool;
    /// Sends the answer: the operation's result when the group committed (`Ok`), else the
    /// group's error (nothing of the group was kept). An operation never run gets the error.
    fn answer(self: Box<Self>, committed: std::result::Result<(), String>);
}

struct Pending<T, F> {
    f: Option<F>,
    out: Option<Result<T>>,
    tx: oneshot::Sender<Result<T>>,
}

impl<T, F> GroupedJob for Pending<T, F>
where
    T: Send + 'static,
    F: FnOnce(&Connection) -> Result<T> + Send + 'static,
{
    fn run(&mut self, conn: &Connection) -> bool {
        let Some(f) = self.f.take() else {
            return false;
        };
        let out = std::panic::catch_unwind(AssertUnwindSafe(|| f(conn))).unwrap_or_else(|_| {
            Err(StoreError::Backend(
                "internal error in the SQLite store".into(),
            ))
        });
        let ok = out.is_ok();
        self.out = Some(out);
        ok
    }

    fn answer(self: Box<Self>, committed: std::result::Result<(), String>) {
        let out = match (committed, self.out) {
            // A failed operation was rolled back to its savepoint: its own error stands.
            (_, Some(Err(e))) => Err(e),
            (Ok(()), Some(Ok(v))) => Ok(v),
            (Err(e), _) => Err(StoreError::Backend(e)),
            (Ok(()), None) => Err(StoreError::Backend(
                "the SQLite operation did not run".into(),
            )),
        };
        let _ = self.tx.send(out);
    }
}

/// The embedded SQLite store: one node, one file (`sqlite:PATH`) or memory (`sqlite::memory:`).
///
/// One connection, owned by a dedicated thread that runs the operations one after the other;
/// every write is a `BEGIN IMMEDIATE` transaction, so another process writing the same file
/// (the admin CLI) is safe, and waits up to 5 s for the file's lock. WAL mode with
/// `synchronous=NORMAL`. The schema is described at the top of `src/sqlite.rs`.
pub struct SqliteStore {
    jobs: mpsc::Sender<Job>,
}

impl std::fmt::Debug for SqliteStore {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("SqliteStore")
    }
}

fn backend(e: rusqlite::Error) -> StoreError {
    StoreError::Backend(e.to_string())
}

impl From<rusqlite::Error> for StoreError {
    fn from(e: rusqlite::Error) -> StoreError {
        backend(e)
    }
}

fn stopped() -> StoreError {
    StoreError::Backend("the SQLite worker thread stopped".into())
}

/// The figure of a month-bound counter as of `month`.
/// A stored month's figure as seen from `month`: the figure when the stored month is this one
/// (or a later one, seen by an instance whose clock is behind), else 0.
fn in_month(stored_month: i32, month: Month, value: i64) -> i64 {
    if stored_month >= month.0 { value } else { 0 }
}

impl SqliteStore {
    /// Opens (creating it and its directory if needed) and migrates the database file at
    /// `path`; `:memory:` makes a private in-memory database.
    pub async fn open(path: &str) -> Result<SqliteStore> {
        if path.is_empty() {
            return Err(StoreError::Invalid("the SQLite path is empty".into()));
        }
        let path = path.to_owned();
        let (jobs, queue) = mpsc::channel::<Job>();
        let (ready_tx, ready_rx) = oneshot::channel::<Result<()>>();
        std::thread::Builder::new()
            .name("redact-billing-sqlite".into())
            .spawn(move || {
                let mut conn = match connect(&path) {
                    Ok(conn) => {
                        let _ = ready_tx.send(Ok(()));
                        conn
                    }
                    Err(e) => {
                        let _ = ready_tx.send(Err(e));
                        return;
                    }
                };
                // Runs until every sender is gone and the queue is empty: every job sent is
                // run and answered.
                let mut next: Option<Job> = None;
                loop {
                    let job = match next.take() {
                        Some(job) => job,
                        None => match queue.recv() {
                            Ok(job) => job,
                            Err(_) => break,
                        },
                    };
                    match job {
                        Job::Alone(f) => f(&mut conn),
                        Job::Grouped(first) => {
                            let mut group = vec![first];
                            while group.len() < MAX_GROUP {
                                match queue.try_recv() {
                                    Ok(Job::Grouped(j)) => group.push(j),
                                    Ok(other) => {
                                        next = Some(other);
                                        break;
                                    }
                                    Err(_) => break,
                                }
                            }
                            run_group(&conn, group);
                        }
                    }
                }
            })
            .map_err(|e| StoreError::Backend(format!("cannot start the SQLite thread: {e}")))?;
        ready_rx.await.map_err(|_| stopped())??;
        Ok(SqliteStore { jobs })
    }

    /// Runs `f` on the connection's thread and returns its result.
    async fn call<T, F>(&self, f: F) -> Result<T>
    where
        T: Send + 'static,
        F: FnOnce(&mut Connection) -> Result<T> + Send + 'static,
    {
        let (tx, rx) = oneshot::channel();
        let job = Job::Alone(Box::new(move |conn| {
            let out = std::panic::catch_unwind(AssertUnwindSafe(|| f(conn))).unwrap_or_else(|_| {
                Err(StoreError::Backend(
                    "internal error in the SQLite store".into(),
                ))
            });
            let _ = tx.send(out);
        }));
        self.jobs.send(job).map_err(|_| stopped())?;
        rx.await.map_err(|_| stopped())?
    }

    /// Runs `f` on the connection's thread inside a group's transaction (see "Group commit"
    /// at the top of this file) and returns its result once the group has committed. `f`
    /// must not begin or end a transaction.
    async fn grouped<T, F>(&self, f: F) -> Result<T>
    where
        T: Send + 'static,
        F: FnOnce(&Connection) -> Result<T> + Send + 'static,
    {
        let (tx, rx) = oneshot::channel();
        let job = Job::Grouped(Box::new(Pending {
            f: Some(f),
            out: None,
            tx,
        }));
        self.jobs.send(job).map_err(|_| stopped())?;
        rx.await.map_err(|_| stopped())?
    }
}

/// Executes one of the group's own statements (cached: parsed once per connection).
fn exec_cached(conn: &Connection, sql: &str) -> rusqlite::Result<()> {
    conn.prepare_cached(sql)?.execute([])?;
    Ok(())
}

/// Runs a group of hot-path operations in one transaction and answers them after it commits
/// (or answers every one with the error, having rolled everything back).
fn run_group(conn: &Connection, mut group: Vec<Box<dyn GroupedJob>>) {
    let mut outcome = exec_cached(conn, "BEGIN IMMEDIATE");
    if outcome.is_ok() {
        outcome = run_in_transaction(conn, &mut group);
        if outcome.is_err() && !conn.is_autocommit() {
            // Nothing of the group is kept; the error is what every caller gets.
            let _ = conn.execute_batch("ROLLBACK");
        }
    }
    let committed = outcome.map_err(|e| e.to_string());
    for job in group {
        job.answer(committed.clone());
    }
}

/// Runs the group's operations inside the open transaction, then ends it.
fn run_in_transaction(
    conn: &Connection,
    group: &mut [Box<dyn GroupedJob>],
) -> rusqlite::Result<()> {
    // A lone operation needs no savepoint: on failure the whole transaction is rolled back,
    // which is the same thing.
    if let [job] = group {
        return exec_cached(conn, if job.run(conn) { "COMMIT" } else { "ROLLBACK" });
    }
    for job in group.iter_mut() {
        exec_cached(conn, "SAVEPOINT grouped_job")?;
        if !job.run(conn) {
            exec_cached(conn, "ROLLBACK TO grouped_job")?;
        }
        exec_cached(conn, "RELEASE grouped_job")?;
    }
    exec_cached(conn, "COMMIT")
}

fn connect(path: &str) -> Result<Connection> {
    let conn = if path == ":memory:" {
        Connection::open_in_memory()?
    } else {
        let file = Path::new(path);
        if let Some(dir) = file.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(|e| {
                StoreError::Backend(format!("cannot create the database directory: {e}"))
            })?;
        }
        Connection::open(file)?
    };
    conn.busy_timeout(BUSY_TIMEOUT)?;
    // Returns the mode in force ("memory" for an in-memory database).
    let _mode: String = conn.query_row("PRAGMA journal_mode = WAL", [], |r| r.get(0))?;
    conn.pragma_update(None, "synchronous", "NORMAL")?;
    conn.pragma_update(None, "foreign_keys", "ON")?;
    conn.set_prepared_statement_cache_capacity(64);
    // Plans that do not depend on the values bound: without this, this build of SQLite
    // (STAT4) marks a statement to be prepared again whenever a parameter compared with an
    // indexed column is bound anew, so the key → account look-up was parsed and planned on
    // every request although it is cached. The statements here are all simple indexed
    // look-ups with one good plan.
    conn.set_db_config(
        rusqlite::config::DbConfig::SQLITE_DBCONFIG_ENABLE_QPSG,
        true,
    )?;
    let mut conn = conn;
    migrate(&mut conn)?;
    Ok(conn)
}

fn migrate(conn: &mut Connection) -> Result<()> {
    let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
    tx.execute_batch(
        "CREATE TABLE IF NOT EXISTS schema_migrations (
             version    INTEGER PRIMARY KEY,
             applied_at INTEGER NOT NULL DEFAULT (unixepoch())
         ) STRICT",
    )?;
    let current: i64 = tx.query_row(
        "SELECT coalesce(max(version), 0) FROM schema_migrations",
        [],
        |r| r.get(0),
    )?;
    let latest = MIGRATIONS.last().map_or(0, |m| m.0);
    if current > latest {
        return Err(StoreError::Backend(format!(
            "the database schema (version {current}) is newer than this program (version {latest})"
        )));
    }
    for (version, sql) in MIGRATIONS.iter().filter(|m| m.0 > current) {
        tx.execute_batch(sql)?;
        tx.execute(
            "INSERT INTO schema_migrations (version) VALUES (?1)",
            [version],
        )?;
    }
    tx.commit()?;
    Ok(())
}

/// A key with its account's figures.
struct KeyRow {
    key_id: String,
    account_id: String,
    revoked: bool,
    limit: Option<Micros>,
    key_month: i32,
    key_spent: Micros,
    plan: String,
    api_access: bool,
    balance: Micros,
    account_month: i32,
    requests: i64,
    account_spent: Micros,
}

impl KeyRow {
    fn caller(&self) -> Caller {
        Caller {
            account_id: self.account_id.clone(),
            key_id: self.key_id.clone(),
            plan: self.plan.clone(),
            api_access: self.api_access,
        }
    }

    /// The key's limit check: `Some(refusal)` when spending `amount` more would pass it.
    fn over_limit(&self, conn: &Connection, month: Month, amount: Micros) -> Result<bool> {
        let Some(limit) = self.limit else {
            return Ok(false);
        };
        let spent = in_month(self.key_month, month, self.key_spent);
        let held = key_held(conn, &self.key_id)?;
        Ok(spent
            .checked_add(held)
            .and_then(|v| v.checked_add(amount))
            .is_none_or(|total| total > limit))
    }
}

fn key_row(conn: &Connection, key: &KeyHash) -> Result<Option<KeyRow>> {
    let mut stmt = conn.prepare_cached(
        "SELECT k.id, k.account_id, k.revoked, k.monthly_limit, k.month, k.spent,
                a.plan, a.api_access, a.balance, a.month, a.requests, a.spent
           FROM keys k JOIN accounts a ON a.id = k.account_id
          WHERE k.hash = ?1",
    )?;
    let row = stmt
        .query_row([&key.0[..]], |r| {
            Ok(KeyRow {
                key_id: r.get(0)?,
                account_id: r.get(1)?,
                revoked: r.get(2)?,
                limit: r.get(3)?,
                key_month: r.get(4)?,
                key_spent: r.get(5)?,
                plan: r.get(6)?,
                api_access: r.get(7)?,
                balance: r.get(8)?,
                account_month: r.get(9)?,
                requests: r.get(10)?,
                account_spent: r.get(11)?,
            })
        })
        .optional()?;
    Ok(row)
}

fn account_held(conn: &Connection, account_id: &str) -> Result<Micros> {
    let mut stmt =
        conn.prepare_cached("SELECT coalesce(sum(amount), 0) FROM holds WHERE account_id = ?1")?;
    Ok(stmt.query_row([account_id], |r| r.get(0))?)
}

fn key_held(conn: &Connection, key_id: &str) -> Result<Micros> {
    let mut stmt =
        conn.prepare_cached("SELECT coalesce(sum(amount), 0) FROM holds WHERE key_id = ?1")?;
    Ok(stmt.query_row([key_id], |r| r.get(0))?)
}

fn account_exists(conn: &Connection, account_id: &str) -> Result<bool> {
    let mut stmt = conn.prepare_cached("SELECT 1 FROM accounts WHERE id = ?1")?;
    Ok(stmt.exists([account_id])?)
}

/// Inserts a new key for an account known to exist with room for it.
fn insert_key(
    conn: &Connection,
    account_id: &str,
    monthly_limit: Option<Micros>,
) -> Result<NewKey> {
    let (key, hash, prefix) = generate_key();
    let id = generate_id("key_");
    conn.prepare_cached(
        "INSERT INTO keys (id, account_id, hash, prefix, monthly_limit) VALUES (?1, ?2, ?3, ?4, ?5)",
    )?
    .execute(params![id, account_id, &hash.0[..], prefix, monthly_limit])?;
    Ok(NewKey { id, key, prefix })
}

fn is_unique_violation(e: &rusqlite::Error) -> bool {
    matches!(e, rusqlite::Error::SqliteFailure(f, _)
        if f.extended_code == rusqlite::ffi::SQLITE_CONSTRAINT_UNIQUE
            || f.extended_code == rusqlite::ffi::SQLITE_CONSTRAINT_PRIMARYKEY)
}

fn insert_account(
    conn: &Connection,
    name: &str,
    plan: &str,
    api_access: bool,
    balance: Micros,
) -> Result<Account> {
    let id = generate_id("acct_");
    let inserted = conn
        .prepare_cached(
            "INSERT INTO accounts (id, name, plan, api_access, balance) VALUES (?1, ?2, ?3, ?4, ?5)",
        )?
        .execute(params![id, name, plan, api_access, balance]);
    match inserted {
        Ok(_) => Ok(Account {
            id,
            name: name.to_owned(),
            plan: plan.to_owned(),
            api_access,
            balance,
            held: 0,
            spent_this_month: 0,
            requests_this_month: 0,
            keys: 0,
        }),
        Err(e) if is_unique_violation(&e) => Err(StoreError::NameTaken(name.to_owned())),
        Err(e) => Err(e.into()),
    }
}

fn update_account_figures(
    conn: &Connection,
    account_id: &str,
    month: Month,
    requests: i64,
    balance: Micros,
    spent: Micros,
) -> Result<()> {
    conn.prepare_cached(
        "UPDATE accounts SET month = ?2, requests = ?3, balance = ?4, spent = ?5 WHERE id = ?1",
    )?
    .execute(params![account_id, month.0, requests, balance, spent])?;
    Ok(())
}

fn update_key_spent(conn: &Connection, key_id: &str, month: Month, spent: Micros) -> Result<()> {
    conn.prepare_cached("UPDATE keys SET month = ?2, spent = ?3 WHERE id = ?1")?
        .execute(params![key_id, month.0, spent])?;
    Ok(())
}

fn meter(
    tx: &Connection,
    key: &KeyHash,
    month: Month,
    policy: &MeterPolicy,
    need_api_access: bool,
) -> Result<Result<Receipt, Refusal>> {
    let Some(row) = key_row(tx, key)?.filter(|r| !r.revoked) else {
        return Ok(Err(Refusal::InvalidKey));
    };
    if need_api_access && !row.api_access {
        return Ok(Err(Refusal::ApiAccessRequired));
    }
    // A month older than the stored one (a clock behind) counts in the stored one.
    let month = Month(month.0.max(row.account_month).max(row.key_month));
    let count = in_month(row.account_month, month, row.requests);
    let price = if count >= policy.included {
        policy.price
    } else {
        0
    };
    let mut key_spent = in_month(row.key_month, month, row.key_spent);
    if price > 0 {
        if row.over_limit(tx, month, price)? {
            return Ok(Err(Refusal::KeySpendingLimitReached));
        }
        if row.balance - account_held(tx, &row.account_id)? < price {
            return Ok(Err(Refusal::InsufficientBalance));
        }
        key_spent = key_spent.checked_add(price).ok_or_else(out_of_range)?;
    }
    let account_spent = in_month(row.account_month, month, row.account_spent)
        .checked_add(price)
        .ok_or_else(out_of_range)?;
    update_account_figures(
        tx,
        &row.account_id,
        month,
        count.saturating_add(1),
        row.balance - price,
        account_spent,
    )?;
    if price > 0 {
        update_key_spent(tx, &row.key_id, month, key_spent)?;
    }
    Ok(Ok(Receipt {
        caller: row.caller(),
        month,
        charged: price,
    }))
}

fn refund(tx: &Connection, receipt: &Receipt) -> Result<()> {
    let charged = receipt.charged;
    let account = tx
        .prepare_cached("SELECT month, requests, balance, spent FROM accounts WHERE id = ?1")?
        .query_row([&receipt.caller.account_id], |r| {
            Ok((
                r.get::<_, i32>(0)?,
                r.get::<_, i64>(1)?,
                r.get::<_, i64>(2)?,
                r.get::<_, i64>(3)?,
            ))
        })
        .optional()?;
    let Some((stored_month, requests, balance, spent)) = account else {
        return Err(StoreError::NotFound("account"));
    };
    let balance = balance.checked_add(charged).ok_or_else(out_of_range)?;
    let (requests, spent) = if stored_month == receipt.month.0 {
        ((requests - 1).max(0), (spent - charged).max(0))
    } else {
        (requests, spent)
    };
    tx.prepare_cached("UPDATE accounts SET requests = ?2, balance = ?3, spent = ?4 WHERE id = ?1")?
        .execute(params![receipt.caller.account_id, requests, balance, spent])?;
    if charged > 0 {
        tx.prepare_cached(
            "UPDATE keys SET spent = max(spent - ?3, 0) WHERE id = ?1 AND month = ?2",
        )?
        .execute(params![receipt.caller.key_id, receipt.month.0, charged])?;
    }
    Ok(())
}

fn hold(
    tx: &Connection,
    key: &KeyHash,
    amount: Micros,
    month: Month,
    expires_at: i64,
) -> Result<Result<Hold, Refusal>> {
    let Some(row) = key_row(tx, key)?.filter(|r| !r.revoked) else {
        return Ok(Err(Refusal::InvalidKey));
    };
    if row.over_limit(tx, month, amount)? {
        return Ok(Err(Refusal::KeySpendingLimitReached));
    }
    if row.balance - account_held(tx, &row.account_id)? < amount {
        return Ok(Err(Refusal::InsufficientBalance));
    }
    let id = generate_id("hold_");
    tx.prepare_cached(
        "INSERT INTO holds (id, account_id, key_id, amount, expires_at) VALUES (?1, ?2, ?3, ?4, ?5)",
    )?
    .execute(params![id, row.account_id, row.key_id, amount, expires_at])?;
    Ok(Ok(Hold {
        id,
        caller: row.caller(),
        amount,
    }))
}

fn settle(tx: &Connection, hold_id: &str, month: Month, cost: Micros) -> Result<Micros> {
    let held = tx
        .prepare_cached("DELETE FROM holds WHERE id = ?1 RETURNING account_id, key_id, amount")?
        .query_row([hold_id], |r| {
            Ok((
                r.get::<_, String>(0)?,
                r.get::<_, String>(1)?,
                r.get::<_, i64>(2)?,
            ))
        })
        .optional()?;
    let Some((account_id, key_id, amount)) = held else {
        return Ok(0);
    };
    let charged = cost.clamp(0, amount);
    if charged > 0 {
        let (stored_month, requests, balance, spent) = tx
            .prepare_cached("SELECT month, requests, balance, spent FROM accounts WHERE id = ?1")?
            .query_row([&account_id], |r| {
                Ok((
                    r.get::<_, i32>(0)?,
                    r.get::<_, i64>(1)?,
                    r.get::<_, i64>(2)?,
                    r.get::<_, i64>(3)?,
                ))
            })?;
        let month = Month(month.0.max(stored_month));
        let spent = in_month(stored_month, month, spent)
            .checked_add(charged)
            .ok_or_else(out_of_range)?;
        let requests = in_month(stored_month, month, requests);
        // balance >= sum of holds >= amount >= charged: never negative.
        update_account_figures(tx, &account_id, month, requests, balance - charged, spent)?;
        let (key_month, key_spent) = tx
            .prepare_cached("SELECT month, spent FROM keys WHERE id = ?1")?
            .query_row([&key_id], |r| {
                Ok((r.get::<_, i32>(0)?, r.get::<_, i64>(1)?))
            })?;
        let key_spent = in_month(key_month, month, key_spent)
            .checked_add(charged)
            .ok_or_else(out_of_range)?;
        update_key_spent(tx, &key_id, month, key_spent)?;
    }
    Ok(charged)
}

fn read_account(conn: &Connection, id_or_name: &str, month: Month) -> Result<Option<Account>> {
    let mut stmt = conn.prepare_cached(
        "SELECT a.id, a.name, a.plan, a.api_access, a.balance, a.month, a.requests, a.spent,
                (SELECT coalesce(sum(h.amount), 0) FROM holds h WHERE h.account_id = a.id),
                (SELECT count(*) FROM keys k WHERE k.account_id = a.id)
           FROM accounts a
          WHERE a.id = ?1 OR a.name = ?1
          ORDER BY a.id = ?1 DESC
          LIMIT 1",
    )?;
    let account = stmt
        .query_row([id_or_name], |r| {
            let stored_month: i32 = r.get(5)?;
            Ok(Account {
                id: r.get(0)?,
                name: r.get(1)?,
                plan: r.get(2)?,
                api_access: r.get(3)?,
                balance: r.get(4)?,
                requests_this_month: in_month(stored_month, month, r.get(6)?),
                spent_this_month: in_month(stored_month, month, r.get(7)?),
                held: r.get(8)?,
                keys: r.get::<_, i64>(9)?.try_into().unwrap_or(usize::MAX),
            })
        })
        .optional()?;
    Ok(account)
}

#[async_trait::async_trait]
impl crate::Store for SqliteStore {
    async fn ping(&self) -> Result<()> {
        self.call(|conn| {
            conn.prepare_cached("SELECT 1")?
                .query_row([], |r| r.get::<_, i64>(0))?;
            Ok(())
        })
        .await
    }

    async fn create_account(
        &self,
        name: &str,
        plan: &str,
        api_access: bool,
        balance: Micros,
    ) -> Result<Account> {
        not_blank(name, "the account name")?;
        not_blank(plan, "the plan")?;
        non_negative(balance, "the balance")?;
        let (name, plan) = (name.to_owned(), plan.to_owned());
        self.call(move |conn| insert_account(conn, &name, &plan, api_access, balance))
            .await
    }

    async fn account(&self, id_or_name: &str, month: Month) -> Result<Option<Account>> {
        let id_or_name = id_or_name.to_owned();
        self.call(move |conn| {
            let tx = conn.transaction()?;
            let account = read_account(&tx, &id_or_name, month)?;
            tx.commit()?;
            Ok(account)
        })
        .await
    }

    async fn ensure_default_account(&self) -> Result<Option<NewKey>> {
        self.call(|conn| {
            let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
            let any: bool =
                tx.query_row("SELECT EXISTS (SELECT 1 FROM accounts)", [], |r| r.get(0))?;
            if any {
                return Ok(None);
            }
            let account = insert_account(&tx, "default", "free", true, 0)?;
            let key = insert_key(&tx, &account.id, None)?;
            tx.commit()?;
            Ok(Some(key))
        })
        .await
    }

    async fn set_api_access(&self, account_id: &str, on: bool) -> Result<()> {
        let account_id = account_id.to_owned();
        self.call(move |conn| {
            let n = conn
                .prepare_cached("UPDATE accounts SET api_access = ?2 WHERE id = ?1")?
                .execute(params![account_id, on])?;
            if n == 0 {
                return Err(StoreError::NotFound("account"));
            }
            Ok(())
        })
        .await
    }

    async fn set_plan(&self, account_id: &str, plan: &str) -> Result<()> {
        not_blank(plan, "the plan")?;
        let (account_id, plan) = (account_id.to_owned(), plan.to_owned());
        self.call(move |conn| {
            let n = conn
                .prepare_cached("UPDATE accounts SET plan = ?2 WHERE id = ?1")?
                .execute(params![account_id, plan])?;
            if n == 0 {
                return Err(StoreError::NotFound("account"));
            }
            Ok(())
        })
        .await
    }

    async fn top_up(&self, account_id: &str, amount: Micros) -> Result<Micros> {
        non_negative(amount, "the amount")?;
        let account_id = account_id.to_owned();
        self.call(move |conn| {
            let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
            let balance: Option<i64> = tx
                .prepare_cached("SELECT balance FROM accounts WHERE id = ?1")?
                .query_row([&account_id], |r| r.get(0))
                .optional()?;
            let balance = balance
                .ok_or(StoreError::NotFound("account"))?
                .checked_add(amount)
                .ok_or_else(out_of_range)?;
            tx.prepare_cached("UPDATE accounts SET balance = ?2 WHERE id = ?1")?
                .execute(params![account_id, balance])?;
            tx.commit()?;
            Ok(balance)
        })
        .await
    }

    async fn create_key(&self, account_id: &str, monthly_limit: Option<Micros>) -> Result<NewKey> {
        if let Some(limit) = monthly_limit {
            non_negative(limit, "the monthly limit")?;
        }
        let account_id = account_id.to_owned();
        self.call(move |conn| {
            let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
            if !account_exists(&tx, &account_id)? {
                return Err(StoreError::NotFound("account"));
            }
            let count: i64 = tx
                .prepare_cached("SELECT count(*) FROM keys WHERE account_id = ?1")?
                .query_row([&account_id], |r| r.get(0))?;
            if count >= MAX_KEYS_PER_ACCOUNT as i64 {
                return Err(StoreError::TooManyKeys);
            }
            let key = insert_key(&tx, &account_id, monthly_limit)?;
            tx.commit()?;
            Ok(key)
        })
        .await
    }

    async fn keys(&self, account_id: &str, month: Month) -> Result<Vec<KeyInfo>> {
        let account_id = account_id.to_owned();
        self.call(move |conn| {
            let tx = conn.transaction()?;
            if !account_exists(&tx, &account_id)? {
                return Err(StoreError::NotFound("account"));
            }
            let keys = tx
                .prepare_cached(
                    "SELECT id, prefix, monthly_limit, revoked, month, spent
                       FROM keys WHERE account_id = ?1 ORDER BY seq",
                )?
                .query_map([&account_id], |r| {
                    let revoked: bool = r.get(3)?;
                    Ok(KeyInfo {
                        id: r.get(0)?,
                        prefix: r.get(1)?,
                        monthly_limit: r.get(2)?,
                        state: if revoked {
                            KeyState::Revoked
                        } else {
                            KeyState::Active
                        },
                        spent_this_month: in_month(r.get(4)?, month, r.get(5)?),
                    })
                })?
                .collect::<rusqlite::Result<Vec<_>>>()?;
            tx.commit()?;
            Ok(keys)
        })
        .await
    }

    async fn revoke_key(&self, key_id: &str) -> Result<()> {
        let key_id = key_id.to_owned();
        self.call(move |conn| {
            let n = conn
                .prepare_cached("UPDATE keys SET revoked = 1 WHERE id = ?1")?
                .execute([&key_id])?;
            if n == 0 {
                return Err(StoreError::NotFound("key"));
            }
            Ok(())
        })
        .await
    }

    async fn authenticate(&self, key: &KeyHash) -> Result<Option<Caller>> {
        let key = *key;
        self.grouped(move |conn| {
            Ok(key_row(conn, &key)?
                .filter(|r| !r.revoked)
                .map(|r| r.caller()))
        })
        .await
    }

    async fn meter(
        &self,
        key: &KeyHash,
        month: Month,
        policy: &MeterPolicy,
        need_api_access: bool,
    ) -> Result<Result<Receipt, Refusal>> {
        non_negative(policy.price, "the price")?;
        let (key, policy) = (*key, *policy);
        self.grouped(move |conn| meter(conn, &key, month, &policy, need_api_access))
            .await
    }

    async fn refund(&self, receipt: &Receipt) -> Result<()> {
        non_negative(receipt.charged, "the charge")?;
        let receipt = receipt.clone();
        self.grouped(move |conn| refund(conn, &receipt)).await
    }

    async fn usage(&self, key: &KeyHash, month: Month) -> Result<Option<Usage>> {
        let key = *key;
        self.grouped(move |conn| {
            let Some(row) = key_row(conn, &key)?.filter(|r| !r.revoked) else {
                return Ok(None);
            };
            let held = account_held(conn, &row.account_id)?;
            Ok(Some(Usage {
                plan: row.plan,
                balance: row.balance,
                spent: in_month(row.account_month, month, row.account_spent),
                remaining: row.balance - held,
                requests_this_month: in_month(row.account_month, month, row.requests),
            }))
        })
        .await
    }

    async fn hold(
        &self,
        key: &KeyHash,
        month: Month,
        amount: Micros,
        expires_at: i64,
    ) -> Result<Result<Hold, Refusal>> {
        non_negative(amount, "the amount held")?;
        let key = *key;
        self.grouped(move |conn| hold(conn, &key, amount, month, expires_at))
            .await
    }

    async fn settle(&self, hold_id: &str, month: Month, cost: Micros) -> Result<Micros> {
        let hold_id = hold_id.to_owned();
        self.grouped(move |conn| settle(conn, &hold_id, month, cost))
            .await
    }

    async fn release(&self, hold_id: &str) -> Result<()> {
        let hold_id = hold_id.to_owned();
        self.grouped(move |conn| {
            conn.prepare_cached("DELETE FROM holds WHERE id = ?1")?
                .execute([&hold_id])?;
            Ok(())
        })
        .await
    }

    async fn sweep_expired(&self, now: i64) -> Result<u64> {
        self.call(move |conn| {
            let n = conn
                .prepare_cached("DELETE FROM holds WHERE expires_at < ?1")?
                .execute([now])?;
            Ok(n as u64)
        })
        .await
    }
}
