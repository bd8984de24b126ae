//! The PostgreSQL store: any number of gateway instances share one database.
//!
//! # Schema
//!
//! - `schema_migrations(version, applied_at)`: the numbered migrations applied. At connect,
//!   one transaction takes `pg_advisory_xact_lock` (keyed by the schema name), creates the
//!   schema named by the URL's `search_path` option if missing, and applies the missing
//!   migrations in order, so processes starting at once do not collide.
//! - `accounts(id, name UNIQUE, plan, api_access, balance CHECK >= 0, month, requests, spent)`:
//!   `(month, requests, spent)` are the figures of calendar month `month`; a stored month
//!   other than the one asked about means those figures are 0, and they are reset when the
//!   row is next written.
//! - `keys(seq, id, account_id, hash BYTEA UNIQUE, prefix, monthly_limit, revoked, month,
//!   spent)`: only the 32-byte SHA-256 of a key and its 8-character display prefix are kept.
//! - `holds(id, account_id, key_id, amount, expires_at)`: the holds in flight; what an account
//!   (or key) holds is the sum of its rows (indexed by account and by key), so releasing and
//!   sweeping only delete rows.
//! - PL/pgSQL functions `billing_meter`, `billing_hold`, `billing_settle`, `billing_refund`:
//!   the hot path, each called with one cached prepared statement, so one round trip.
//!
//! # Concurrency
//!
//! Connections come from a `deadpool-postgres` pool (16 by default). Every step that moves
//! money or counts requests of an account runs while holding that account's row lock
//! (`SELECT … FOR NO KEY UPDATE` inside the function, `READ COMMITTED`, each statement
//! reading the latest committed data): meter and hold lock the account, then read the key and
//! the sums of holds, check, and write; settle deletes the hold row first (`DELETE … RETURNING`,
//! so of a settle, a release, a sweep and a second settle of the same hold exactly one gets
//! the row) and then updates the account. Balance minus holds can therefore never be
//! overspent, by any number of processes, and the `CHECK (balance >= 0)` constraint is the
//! last line of defence. Locks are always taken in the order hold → account → key, so these
//! steps cannot deadlock; the sweep skips hold rows locked by a concurrent settle or release
//! (`FOR UPDATE SKIP LOCKED`), which delete them anyway.
//!
//! Metering inside the allowance, the common case, is batched: concurrent calls are counted
//! together by one statement that updates each account's row once, locking the accounts in
//! the order of their ids (so batches cannot deadlock with one another), and each caller is
//! answered after that statement has committed; whatever it does not count is decided alone
//! by `billing_meter` (see `Batcher`).
//!
//! Unless [`PgOptions::durable_hot_path`] is set, the hot-path functions commit with
//! `synchronous_commit = off` (set transaction-locally inside the function): still atomic and
//! isolated, but not waiting for the WAL flush, which on an ordinary disk costs about 2 ms
//! per commit. Administrative writes (accounts, keys, top-ups, revocations) always wait.

use std::error::Error as _;
use std::sync::Arc;
use std::time::Duration;

use deadpool_postgres::{GenericClient, Manager, ManagerConfig, Pool, RecyclingMethod, Runtime};
use tokio_postgres::NoTls;
use tokio_postgres::error::SqlState;

use crate::{
    Account, Caller, Hold, KeyHash, KeyInfo, KeyState, MAX_KEYS_PER_ACCOUNT, MeterPolicy, Micros,
    Month, NewKey, Receipt, Refusal, Result, StoreError, Usage, generate_id, generate_key,
    non_negative, not_blank, out_of_range, storable,
};

/// Connections in the pool unless told otherwise.
pub const DEFAULT_POOL_SIZE: usize = 8;

/// The numbered migrations, applied in order.
const MIGRATIONS: &[(i32, &str)] = &[(1, MIGRATION_1)];

const MIGRATION_1: &str = r#"
CREATE TABLE accounts (
    id         text PRIMARY KEY,
    name       text NOT NULL UNIQUE,
    plan       text NOT NULL,
    api_access boolean NOT NULL,
    balance    bigint NOT NULL CHECK (balance >= 0),
    month      integer NOT NULL DEFAULT 0,
    requests   bigint NOT NULL DEFAULT 0 CHECK (requests >= 0),
    spent      bigint NOT NULL DEFAULT 0,
    created_at timestamptz NOT NULL DEFAULT now()
) WITH (fillfactor = 70);

CREATE TABLE keys (
    seq           bigint GENERATED ALWAYS AS IDENTITY,
    id            text PRIMARY KEY,
    account_id    text NOT NULL REFERENCES accounts (id),
    hash          bytea NOT NULL UNIQUE CHECK (length(hash) = 32),
    prefix        text NOT NULL,
    monthly_limit bigint CHECK (monthly_limit >= 0),
    revoked       boolean NOT NULL DEFAULT false,
    month         integer NOT NULL DEFAULT 0,
    spent         bigint NOT NULL DEFAULT 0,
    created_at    timestamptz NOT NULL DEFAULT now()
) WITH (fillfactor = 70);
CREATE INDEX keys_account_idx ON keys (account_id, seq);

CREATE TABLE holds (
    id         text PRIMARY KEY,
    account_id text NOT NULL REFERENCES accounts (id),
    key_id     text NOT NULL REFERENCES keys (id),
    amount     bigint NOT NULL CHECK (amount >= 0),
    expires_at bigint NOT NULL
);
CREATE INDEX holds_account_idx ON holds (account_id);
CREATE INDEX holds_key_idx ON holds (key_id);
CREATE INDEX holds_expires_idx ON holds (expires_at);

-- Status codes: 0 done, 1 invalid key, 2 API access required, 3 insufficient balance,
-- 4 key spending limit reached.
CREATE OR REPLACE FUNCTION billing_meter(
    p_hash bytea, p_month integer, p_included bigint, p_price bigint, p_need_access boolean,
    p_durable boolean,
    OUT r_status smallint, OUT r_account_id text, OUT r_key_id text, OUT r_plan text,
    OUT r_api_access boolean, OUT r_charged bigint)
LANGUAGE plpgsql AS $$
DECLARE
    a accounts%ROWTYPE;
    k keys%ROWTYPE;
    v_count bigint;
    v_price bigint := 0;
    v_held bigint;
BEGIN
    IF NOT p_durable THEN
        -- Until the end of this transaction: see PgOptions::durable_hot_path.
        PERFORM set_config('synchronous_commit', 'off', true);
    END IF;
    r_charged := 0;
    -- The account's lock serializes everything that moves its money or counts; the key is
    -- read after it is taken, so its spending is current.
    SELECT * INTO a FROM accounts
     WHERE accounts.id = (SELECT keys.account_id FROM keys
                           WHERE keys.hash = p_hash AND NOT keys.revoked)
       FOR NO KEY UPDATE;
    SELECT * INTO k FROM keys WHERE keys.hash = p_hash;
    IF a.id IS NULL OR k.id IS NULL OR k.revoked THEN
        r_status := 1;
        RETURN;
    END IF;
    r_account_id := a.id;
    r_key_id := k.id;
    r_plan := a.plan;
    r_api_access := a.api_access;
    -- An instance whose clock is behind another's at the turn of a month must not reset the
    -- new month's figures: a month older than the stored one counts in the stored one.
    p_month := GREATEST(p_month, a.month, k.month);
    IF p_need_access AND NOT a.api_access THEN
        r_status := 2;
        RETURN;
    END IF;
    v_count := CASE WHEN a.month = p_month THEN a.requests ELSE 0 END;
    IF v_count >= p_included THEN
        v_price := p_price;
    END IF;
    IF v_price > 0 THEN
        IF k.monthly_limit IS NOT NULL THEN
            SELECT coalesce(sum(h.amount), 0)::bigint INTO v_held FROM holds h WHERE h.key_id = k.id;
            -- In numeric, so that a sum past the bigint range is simply over the limit.
            IF (CASE WHEN k.month = p_month THEN k.spent ELSE 0 END)::numeric + v_held + v_price
                   > k.monthly_limit THEN
                r_status := 4;
                RETURN;
            END IF;
        END IF;
        SELECT coalesce(sum(h.amount), 0)::bigint INTO v_held FROM holds h WHERE h.account_id = a.id;
        IF a.balance - v_held < v_price THEN
            r_status := 3;
            RETURN;
        END IF;
    END IF;
    UPDATE accounts
       SET month = p_month,
           requests = v_count + 1,
           balance = accounts.balance - v_price,
           spent = CASE WHEN accounts.month = p_month THEN accounts.spent ELSE 0 END + v_price
     WHERE accounts.id = a.id;
    IF v_price > 0 THEN
        UPDATE keys
           SET month = p_month,
               spent = CASE WHEN keys.month = p_month THEN keys.spent ELSE 0 END + v_price
         WHERE keys.id = k.id;
    END IF;
    r_status := 0;
    r_charged := v_price;
END
$$;

CREATE OR REPLACE FUNCTION billing_hold(
    p_hash bytea, p_month integer, p_amount bigint, p_expires_at bigint, p_hold_id text,
    p_durable boolean,
    OUT r_status smallint, OUT r_account_id text, OUT r_key_id text, OUT r_plan text,
    OUT r_api_access boolean)
LANGUAGE plpgsql AS $$
DECLARE
    a accounts%ROWTYPE;
    k keys%ROWTYPE;
    v_held bigint;
BEGIN
    IF NOT p_durable THEN
        -- Until the end of this transaction: see PgOptions::durable_hot_path.
        PERFORM set_config('synchronous_commit', 'off', true);
    END IF;
    -- The account's lock serializes everything that moves its money or counts; the key is
    -- read after it is taken, so its spending is current.
    SELECT * INTO a FROM accounts
     WHERE accounts.id = (SELECT keys.account_id FROM keys
                           WHERE keys.hash = p_hash AND NOT keys.revoked)
       FOR NO KEY UPDATE;
    SELECT * INTO k FROM keys WHERE keys.hash = p_hash;
    IF a.id IS NULL OR k.id IS NULL OR k.revoked THEN
        r_status := 1;
        RETURN;
    END IF;
    r_account_id := a.id;
    r_key_id := k.id;
    r_plan := a.plan;
    r_api_access := a.api_access;
    IF k.monthly_limit IS NOT NULL THEN
        SELECT coalesce(sum(h.amount), 0)::bigint INTO v_held FROM holds h WHERE h.key_id = k.id;
        IF (CASE WHEN k.month >= p_month THEN k.spent ELSE 0 END)::numeric + v_held + p_amount
               > k.monthly_limit THEN
            r_status := 4;
            RETURN;
        END IF;
    END IF;
    SELECT coalesce(sum(h.amount), 0)::bigint INTO v_held FROM holds h WHERE h.account_id = a.id;
    IF a.balance - v_held < p_amount THEN
        r_status := 3;
        RETURN;
    END IF;
    INSERT INTO holds (id, account_id, key_id, amount, expires_at)
         VALUES (p_hold_id, a.id, k.id, p_amount, p_expires_at);
    r_status := 0;
END
$$;

CREATE OR REPLACE FUNCTION billing_settle(
    p_hold_id text, p_month integer, p_cost bigint, p_durable boolean)
RETURNS bigint
LANGUAGE plpgsql AS $$
DECLARE
    h holds%ROWTYPE;
    v_charged bigint;
BEGIN
    IF NOT p_durable THEN
        -- Until the end of this transaction: see PgOptions::durable_hot_path.
        PERFORM set_config('synchronous_commit', 'off', true);
    END IF;
    -- Exactly one of concurrent settles, releases and sweeps of a hold deletes its row.
    DELETE FROM holds WHERE holds.id = p_hold_id RETURNING * INTO h;
    IF NOT FOUND THEN
        RETURN 0;
    END IF;
    v_charged := LEAST(GREATEST(p_cost, 0), h.amount);
    IF v_charged > 0 THEN
        UPDATE accounts
           SET balance = accounts.balance - v_charged,
               requests = CASE WHEN accounts.month >= p_month THEN accounts.requests ELSE 0 END,
               spent = CASE WHEN accounts.month >= p_month THEN accounts.spent ELSE 0 END
                       + v_charged,
               month = GREATEST(accounts.month, p_month)
         WHERE accounts.id = h.account_id;
        UPDATE keys
           SET spent = CASE WHEN keys.month >= p_month THEN keys.spent ELSE 0 END + v_charged,
               month = GREATEST(keys.month, p_month)
         WHERE keys.id = h.key_id;
    END IF;
    RETURN v_charged;
END
$$;

CREATE OR REPLACE FUNCTION billing_refund(
    p_account_id text, p_key_id text, p_month integer, p_charged bigint, p_durable boolean)
RETURNS boolean
LANGUAGE plpgsql AS $$
BEGIN
    IF NOT p_durable THEN
        -- Until the end of this transaction: see PgOptions::durable_hot_path.
        PERFORM set_config('synchronous_commit', 'off', true);
    END IF;
    UPDATE accounts
       SET balance = accounts.balance + p_charged,
           requests = CASE WHEN accounts.month = p_month
                           THEN GREATEST(accounts.requests - 1, 0) ELSE accounts.requests END,
           spent = CASE WHEN accounts.month = p_month
                        THEN GREATEST(accounts.spent - p_charged, 0) ELSE accounts.spent END
     WHERE accounts.id = p_account_id;
    IF NOT FOUND THEN
        RETURN false;
    END IF;
    IF p_charged > 0 THEN
        UPDATE keys SET spent = GREATEST(keys.spent - p_charged, 0)
         WHERE keys.id = p_key_id AND keys.month = p_month;
    END IF;
    RETURN true;
END
$$;
"#;

const METER_SQL: &str = "SELECT r_status, r_account_id, r_key_id, r_plan, r_api_access, r_charged \
                         FROM billing_meter($1, $2, $3, $4, $5, $6)";
/// The batch statement, with a common-table prefix and a join for the asynchronous form.
macro_rules! meter_batch_sql {
    ($cfg:literal, $cfg_join:literal) => {
        concat!(
            "WITH ",
            $cfg,
            "req AS ( \
        SELECT r.hash, r.i FROM unnest($1::bytea[]) WITH ORDINALITY AS r(hash, i)), \
     rk AS MATERIALIZED ( \
        SELECT req.i, k.id AS key_id, k.account_id FROM req JOIN keys k ON k.hash = req.hash \
         WHERE NOT k.revoked), \
     n AS (SELECT account_id, count(*) AS n FROM rk GROUP BY account_id), \
     upd AS ( \
        UPDATE accounts a \
           SET requests = CASE WHEN a.month >= $2 THEN a.requests ELSE 0 END + ln.n, \
               spent = CASE WHEN a.month >= $2 THEN a.spent ELSE 0 END, \
               month = GREATEST(a.month, $2) \
          FROM (SELECT l.id, n.n FROM accounts l JOIN n ON l.id = n.account_id \
                 ORDER BY l.id FOR NO KEY UPDATE OF l) ln",
            $cfg_join,
            " \
         WHERE a.id = ln.id \
           AND (a.api_access OR NOT $4) \
           AND (CASE WHEN a.month >= $2 THEN a.requests ELSE 0 END) + ln.n <= $3 \
     RETURNING a.id, a.plan, a.api_access) \
    SELECT rk.i, upd.id, rk.key_id, upd.plan, upd.api_access FROM rk JOIN upd ON upd.id = rk.account_id"
        )
    };
}
/// Many requests of the common case of [`Store::meter`] in one statement (see [`Batcher`]):
/// `$1` is an array of key hashes (one per request, repeats allowed), `$2` the month, `$3`
/// the allowance, `$4` need_access. An account is counted only when all of its requests in
/// the array fit in the allowance, by one `UPDATE` of its row, under its row lock and with the
/// conditions re-checked against the newest row (READ COMMITTED), so counts stay exact. The
/// accounts' rows are locked in the order of their ids (`ORDER BY … FOR NO KEY UPDATE`), so
/// two batches (of this or another instance) touching the same accounts cannot deadlock;
/// every other hot-path step locks one account.
/// Returns one row per request counted (its 1-based position in the array); a request with
/// no row is decided by `billing_meter`, alone.
const METER_BATCH_SQL: &str = meter_batch_sql!("", "");
/// As [`METER_BATCH_SQL`], committing without waiting for the flush (see
/// [`PgOptions::durable_hot_path`]).
const METER_BATCH_ASYNC_SQL: &str = meter_batch_sql!(
    "cfg AS MATERIALIZED (SELECT set_config('synchronous_commit', 'off', true) AS v), ",
    ", cfg"
);
const HOLD_SQL: &str = "SELECT r_status, r_account_id, r_key_id, r_plan, r_api_access \
                        FROM billing_hold($1, $2, $3, $4, $5, $6)";
const SETTLE_SQL: &str = "SELECT billing_settle($1, $2, $3, $4)";
const REFUND_SQL: &str = "SELECT billing_refund($1, $2, $3, $4, $5)";

/// A key and its account, as `authenticate` and `usage` read them.
const KEY_ACCOUNT_SQL: &str = "SELECT k.id, a.id, a.plan, a.api_access, a.balance, a.month, a.requests, a.spent, \
            (SELECT coalesce(sum(h.amount), 0)::bigint FROM holds h WHERE h.account_id = a.id) \
       FROM keys k JOIN accounts a ON a.id = k.account_id \
      WHERE k.hash = $1 AND NOT k.revoked";

const ACCOUNT_SQL: &str = "SELECT a.id, a.name, a.plan, a.api_access, a.balance, a.month, a.requests, a.spent, \
            (SELECT coalesce(sum(h.amount), 0)::bigint FROM holds h WHERE h.account_id = a.id), \
            (SELECT count(*) FROM keys k WHERE k.account_id = a.id) \
       FROM accounts a \
      WHERE a.id = $1 OR a.name = $1 \
      ORDER BY a.id = $1 DESC \
      LIMIT 1";

/// The PostgreSQL store, shared by any number of processes.
///
/// A pool of connections; [`Store::meter`](crate::Store::meter), `hold`, `settle` and `refund`
/// are PL/pgSQL functions (created by the migrations) called in one round trip each. Every
/// step that moves an account's money or counts its requests holds the account's row lock, so
/// counts are exact and a balance never goes negative across processes. The URL option
/// `options=-csearch_path%3DNAME` selects schema NAME (created if missing). See [`PgOptions`]
/// for the pool size and the durability of the hot path; the schema and the locking order are
/// described at the top of `src/postgres.rs`.
#[derive(Clone)]
pub struct PgStore {
    pool: Pool,
    durable: bool,
    hot: Arc<Hot>,
    batcher: Batcher,
}

/// Connections shared by concurrent [`Store::meter`] calls. tokio-postgres pipelines the
/// queries of concurrent callers on one connection, so two connections carry every request's
/// metering without callers queueing for a pooled connection, and with far fewer backend
/// processes (see docs/benchmarks.md). Every query on them is a single
/// statement in its own implicit transaction, so sharing is safe; anything that needs an
/// explicit transaction uses the pool.
struct Hot {
    config: tokio_postgres::Config,
    durable: bool,
    slots: Vec<tokio::sync::Mutex<Option<Arc<HotConn>>>>,
    next: std::sync::atomic::AtomicUsize,
}

struct HotConn {
    client: tokio_postgres::Client,
    batch: tokio_postgres::Statement,
    meter: tokio_postgres::Statement,
}

/// Hot-path connections per store.
const HOT_CONNECTIONS: usize = 2;

impl Hot {
    async fn conn(&self) -> Result<Arc<HotConn>> {
        use std::sync::atomic::Ordering;
        let i = self.next.fetch_add(1, Ordering::Relaxed) % self.slots.len();
        let mut slot = self.slots[i].lock().await;
        if let Some(c) = slot.as_ref().filter(|c| !c.client.is_closed()) {
            return Ok(c.clone());
        }
        let (client, connection) = self.config.connect(NoTls).await?;
        tokio::spawn(async move {
            // Ends when the client is dropped or the server goes away; the next call
            // reconnects.
            let _ = connection.await;
        });
        let batch = client
            .prepare(if self.durable {
                METER_BATCH_SQL
            } else {
                METER_BATCH_ASYNC_SQL
            })
            .await?;
        let meter = client.prepare(METER_SQL).await?;
        let conn = Arc::new(HotConn {
            client,
            batch,
            meter,
        });
        *slot = Some(conn.clone());
        Ok(conn)
    }
}

/// Requests of the common case of [`Store::meter`] waiting to be sent together.
struct FastRequest {
    hash: [u8; 32],
    month: i32,
    included: i64,
    need_access: bool,
    /// The caller when counted; `None`: not counted, decide it with `billing_meter`.
    reply: tokio::sync::oneshot::Sender<Result<Option<Caller>>>,
}

/// Group commit of metering on PostgreSQL: concurrent [`Store::meter`] calls are sent to one
/// task, which takes every request queued (up to [`MAX_BATCH`]) and counts them with one
/// statement ([`METER_BATCH_SQL`]) on a hot connection, at most [`HOT_CONNECTIONS`] such
/// statements in flight; while they run, the next requests queue up. One statement is one
/// transaction: one row update per account instead of one per request, one commit instead of
/// many. A caller is answered only after the statement has committed, so no count is ever
/// held in memory (nothing to lose at shutdown) and the durability is that of
/// [`PgOptions::durable_hot_path`], as before. Any request the statement does not count (a
/// refusal, a charge, or an account whose requests in the batch would pass its allowance) is
/// decided alone by `billing_meter`. A failed statement is every caller's error, as one
/// statement per request was (it is not retried: only its answer may have been lost).
#[derive(Clone)]
struct Batcher {
    queue: tokio::sync::mpsc::UnboundedSender<FastRequest>,
}

/// The most requests counted by one statement.
const MAX_BATCH: usize = 256;

impl Batcher {
    fn start(hot: Arc<Hot>) -> Batcher {
        let (queue, requests) = tokio::sync::mpsc::unbounded_channel();
        tokio::spawn(run_batcher(hot, requests));
        Batcher { queue }
    }

    /// Counts a request of the common case: the caller, or `None` when it must be decided by
    /// `billing_meter` (also when the batching task is gone, say its runtime stopped).
    async fn meter(
        &self,
        key: &KeyHash,
        month: Month,
        included: i64,
        need_access: bool,
    ) -> Result<Option<Caller>> {
        let (reply, answer) = tokio::sync::oneshot::channel();
        let request = FastRequest {
            hash: key.0,
            month: month.0,
            included,
            need_access,
            reply,
        };
        if self.queue.send(request).is_err() {
            return Ok(None);
        }
        // A dropped reply (the runtime stopping) may follow a statement sent: not retried.
        answer.await.unwrap_or_else(|_| {
            Err(StoreError::Backend(
                "batched metering was interrupted".into(),
            ))
        })
    }
}

async fn run_batcher(
    hot: Arc<Hot>,
    mut requests: tokio::sync::mpsc::UnboundedReceiver<FastRequest>,
) {
    let in_flight = Arc::new(tokio::sync::Semaphore::new(HOT_CONNECTIONS));
    while let Some(first) = requests.recv().await {
        let Ok(permit) = in_flight.clone().acquire_owned().await else {
            return;
        };
        let mut batch = vec![first];
        while batch.len() < MAX_BATCH {
            match requests.try_recv() {
                Ok(r) => batch.push(r),
                Err(_) => break,
            }
        }
        let hot = hot.clone();
        tokio::spawn(async move {
            run_batch(&hot, batch).await;
            drop(permit);
        });
    }
}

/// A row of [`METER_BATCH_SQL`]: the request's 1-based position and its caller.
fn counted_row(row: &tokio_postgres::Row) -> Result<(i64, Caller), tokio_postgres::Error> {
    Ok((
        row.try_get(0)?,
        Caller {
            account_id: row.try_get(1)?,
            key_id: row.try_get(2)?,
            plan: row.try_get(3)?,
            api_access: row.try_get(4)?,
        },
    ))
}

/// Counts a batch with one statement and answers each request.
async fn run_batch(hot: &Hot, batch: Vec<FastRequest>) {
    let (month, included, need_access) = (batch[0].month, batch[0].included, batch[0].need_access);
    // Requests with other parameters (rare: a month's turn) are decided alone.
    let (same, other): (Vec<_>, Vec<_>) = batch
        .into_iter()
        .partition(|r| (r.month, r.included, r.need_access) == (month, included, need_access));
    for r in other {
        let _ = r.reply.send(Ok(None));
    }
    let rows = async {
        let conn = hot.conn().await?;
        let hashes: Vec<&[u8]> = same.iter().map(|r| &r.hash[..]).collect();
        Ok::<_, StoreError>(
            conn.client
                .query(&conn.batch, &[&hashes, &month, &included, &need_access])
                .await?,
        )
    }
    .await;
    let rows = match rows {
        Ok(rows) => rows,
        Err(e) => {
            // As with one statement per request: the failure is the answer (the statement
            // may have committed if only its answer was lost, so it is not tried again).
            let message = match e {
                StoreError::Backend(message) => message,
                other => other.to_string(),
            };
            for r in same {
                let _ = r.reply.send(Err(StoreError::Backend(message.clone())));
            }
            return;
        }
    };
    let mut answers: Vec<Result<Option<Caller>>> = same.iter().map(|_| Ok(None)).collect();
    for row in rows {
        let decoded = counted_row(&row);
        match decoded {
            Ok((i, caller)) => {
                if let Some(slot) = usize::try_from(i - 1).ok().and_then(|i| answers.get_mut(i)) {
                    *slot = Ok(Some(caller));
                }
            }
            Err(e) => {
                // Never expected. The statement committed: no request of the batch may be
                // counted again, so none is decided alone.
                let message = describe(&e);
                for answer in answers.iter_mut().filter(|a| matches!(a, Ok(None))) {
                    *answer = Err(StoreError::Backend(message.clone()));
                }
            }
        }
    }
    for (r, answer) in same.into_iter().zip(answers) {
        let _ = r.reply.send(answer);
    }
}

/// How a [`PgStore`] connects.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PgOptions {
    /// Connections in the pool (at least 1).
    pub pool_size: usize,
    /// Whether the hot path ([`Store::meter`], [`Store::refund`], [`Store::hold`],
    /// [`Store::settle`]) waits for its commit to be flushed to disk. Off by default: those
    /// transactions commit with `synchronous_commit = off`, which keeps them atomic,
    /// isolated and consistent (no negative balance, exact counts) but, should the
    /// PostgreSQL server itself crash, may lose the last fraction of a second of them (a few
    /// requests left uncharged). That spares each request a disk flush (about 2 ms on an
    /// ordinary disk). Everything else (accounts, keys, top-ups, revocations) is always
    /// durable.
    ///
    /// [`Store::meter`]: crate::Store::meter
    /// [`Store::refund`]: crate::Store::refund
    /// [`Store::hold`]: crate::Store::hold
    /// [`Store::settle`]: crate::Store::settle
    pub durable_hot_path: bool,
}

impl Default for PgOptions {
    fn default() -> Self {
        PgOptions {
            pool_size: DEFAULT_POOL_SIZE,
            durable_hot_path: false,
        }
    }
}

impl std::fmt::Debug for PgStore {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("PgStore")
    }
}

/// A database error's code and message (never its detail, which may quote values).
fn describe(e: &tokio_postgres::Error) -> String {
    if let Some(db) = e.as_db_error() {
        return format!("{}: {}", db.code().code(), db.message());
    }
    match e.source() {
        Some(cause) => format!("{e}: {cause}"),
        None => e.to_string(),
    }
}

impl From<tokio_postgres::Error> for StoreError {
    fn from(e: tokio_postgres::Error) -> StoreError {
        if e.code() == Some(&SqlState::NUMERIC_VALUE_OUT_OF_RANGE) {
            return out_of_range();
        }
        StoreError::Backend(describe(&e))
    }
}

impl From<deadpool_postgres::PoolError> for StoreError {
    fn from(e: deadpool_postgres::PoolError) -> StoreError {
        match e {
            deadpool_postgres::PoolError::Backend(e) => e.into(),
            e => StoreError::Backend(format!("connection pool: {e}")),
        }
    }
}

/// The schema a libpq `options` string selects with `-c search_path=…` (its first entry),
/// as PostgreSQL reads it: unquoted names are folded to lower case. `None` when there is no
/// such option or its first entry is `$user`.
fn search_path_schema(options: &str) -> Option<String> {
    // Split on unescaped whitespace; a backslash escapes the next character.
    let mut words = Vec::new();
    let mut word = String::new();
    let mut chars = options.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => word.extend(chars.next()),
            c if c.is_whitespace() => {
                if !word.is_empty() {
                    words.push(std::mem::take(&mut word));
                }
            }
            c => word.push(c),
        }
    }
    if !word.is_empty() {
        words.push(word);
    }
    let mut setting = None;
    let mut words = words.into_iter();
    while let Some(word) = words.next() {
        let assignment = if word == "-c" {
            words.next()
        } else if let Some(rest) = word.strip_prefix("--") {
            Some(rest.to_owned())
        } else {
            word.strip_prefix("-c").map(str::to_owned)
        };
        if let Some((name, value)) = assignment.as_deref().and_then(|a| a.split_once('='))
            && name
                .trim()
                .replace('-', "_")
                .eq_ignore_ascii_case("search_path")
        {
            setting = Some(value.to_owned());
        }
    }
    let first = first_identifier(setting?.trim())?;
    (first != "$user" && !first.is_empty()).then_some(first)
}

/// The first entry of a comma-separated identifier list, unquoted or case-folded.
fn first_identifier(list: &str) -> Option<String> {
    if let Some(rest) = list.strip_prefix('"') {
        let mut name = String::new();
        let mut chars = rest.chars().peekable();
        while let Some(c) = chars.next() {
            if c == '"' {
                if chars.peek() == Some(&'"') {
                    chars.next();
                    name.push('"');
                } else {
                    return Some(name);
                }
            } else {
                name.push(c);
            }
        }
        None
    } else {
        let first = list.split(',').next()?.trim();
        Some(first.to_ascii_lowercase())
    }
}

fn quote_identifier(name: &str) -> String {
    format!("\"{}\"", name.replace('"', "\"\""))
}

/// The advisory lock key guarding migrations of a schema (FNV-1a).
fn migration_lock_key(schema: &str) -> i64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for b in "redact-billing/".bytes().chain(schema.bytes()) {
        hash ^= u64::from(b);
        hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
    }
    hash as i64
}

/// A stored month's figure as seen from `month`: the figure when the stored month is this one
/// (or a later one, seen by an instance whose clock is behind), else 0.
fn in_month(stored_month: i32, month: Month, value: i64) -> i64 {
    if stored_month >= month.0 { value } else { 0 }
}

fn refusal(status: i16) -> Result<Option<Refusal>> {
    match status {
        0 => Ok(None),
        1 => Ok(Some(Refusal::InvalidKey)),
        2 => Ok(Some(Refusal::ApiAccessRequired)),
        3 => Ok(Some(Refusal::InsufficientBalance)),
        4 => Ok(Some(Refusal::KeySpendingLimitReached)),
        other => Err(StoreError::Backend(format!("unexpected status {other}"))),
    }
}

fn is_unique_violation(e: &tokio_postgres::Error) -> bool {
    e.code() == Some(&SqlState::UNIQUE_VIOLATION)
}

async fn insert_account(
    client: &impl GenericClient,
    name: &str,
    plan: &str,
    api_access: bool,
    balance: Micros,
) -> Result<Account> {
    let id = generate_id("acct_");
    let stmt = client
        .prepare_cached(
            "INSERT INTO accounts (id, name, plan, api_access, balance) VALUES ($1, $2, $3, $4, $5)",
        )
        .await?;
    match client
        .execute(&stmt, &[&id, &name, &plan, &api_access, &balance])
        .await
    {
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

async fn insert_key(
    client: &impl GenericClient,
    account_id: &str,
    monthly_limit: Option<Micros>,
) -> Result<NewKey> {
    let (key, hash, prefix) = generate_key();
    let id = generate_id("key_");
    let stmt = client
        .prepare_cached(
            "INSERT INTO keys (id, account_id, hash, prefix, monthly_limit) VALUES ($1, $2, $3, $4, $5)",
        )
        .await?;
    client
        .execute(
            &stmt,
            &[&id, &account_id, &&hash.0[..], &prefix, &monthly_limit],
        )
        .await?;
    Ok(NewKey { id, key, prefix })
}

impl PgStore {
    /// Connects with the default [`PgOptions`] and migrates.
    pub async fn connect(url: &str) -> Result<PgStore> {
        PgStore::connect_with(url, PgOptions::default()).await
    }

    /// Connects and migrates.
    pub async fn connect_with(url: &str, options: PgOptions) -> Result<PgStore> {
        let mut config: tokio_postgres::Config =
            url.parse().map_err(|e: tokio_postgres::Error| {
                StoreError::Invalid(format!("invalid PostgreSQL URL: {}", describe(&e)))
            })?;
        if config.get_connect_timeout().is_none() {
            config.connect_timeout(Duration::from_secs(10));
        }
        if config.get_application_name().is_none() {
            config.application_name("redact-billing");
        }
        let schema = config.get_options().and_then(search_path_schema);
        let hot = Arc::new(Hot {
            config: config.clone(),
            durable: options.durable_hot_path,
            slots: (0..HOT_CONNECTIONS)
                .map(|_| tokio::sync::Mutex::new(None))
                .collect(),
            next: std::sync::atomic::AtomicUsize::new(0),
        });
        let manager = Manager::from_config(
            config,
            NoTls,
            ManagerConfig {
                recycling_method: RecyclingMethod::Fast,
            },
        );
        let pool = Pool::builder(manager)
            .max_size(options.pool_size.max(1))
            .runtime(Runtime::Tokio1)
            .wait_timeout(Some(Duration::from_secs(30)))
            .create_timeout(Some(Duration::from_secs(15)))
            .build()
            .map_err(|e| StoreError::Backend(format!("connection pool: {e}")))?;
        let store = PgStore {
            pool,
            durable: options.durable_hot_path,
            batcher: Batcher::start(hot.clone()),
            hot,
        };
        store.migrate(schema.as_deref()).await?;
        Ok(store)
    }

    async fn migrate(&self, schema: Option<&str>) -> Result<()> {
        let mut client = self.pool.get().await?;
        let tx = client.transaction().await?;
        let lock_key = migration_lock_key(schema.unwrap_or(""));
        tx.execute("SELECT pg_advisory_xact_lock($1)", &[&lock_key])
            .await?;
        if let Some(schema) = schema {
            tx.batch_execute(&format!(
                "CREATE SCHEMA IF NOT EXISTS {}",
                quote_identifier(schema)
            ))
            .await?;
        }
        tx.batch_execute(
            "CREATE TABLE IF NOT EXISTS schema_migrations (
                 version    integer PRIMARY KEY,
                 applied_at timestamptz NOT NULL DEFAULT now()
             )",
        )
        .await?;
        let current: i32 = tx
            .query_one(
                "SELECT coalesce(max(version), 0) FROM schema_migrations",
                &[],
            )
            .await?
            .get(0);
        let latest = MIGRATIONS.last().map_or(0, |m| m.0);
        if current > latest {
            return Err(StoreError::Backend(format!(
                "the database schema (version {current}) is newer than this program (version {latest})"
            )));
        }
        for (version, sql) in MIGRATIONS.iter().filter(|m| m.0 > current) {
            tx.batch_execute(sql).await?;
            tx.execute(
                "INSERT INTO schema_migrations (version) VALUES ($1)",
                &[version],
            )
            .await?;
        }
        tx.commit().await?;
        Ok(())
    }

    async fn client(&self) -> Result<deadpool_postgres::Client> {
        Ok(self.pool.get().await?)
    }
}

#[async_trait::async_trait]
impl crate::Store for PgStore {
    async fn ping(&self) -> Result<()> {
        let client = self.client().await?;
        client.simple_query("SELECT 1").await?;
        Ok(())
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
        let client = self.client().await?;
        insert_account(&client, name, plan, api_access, balance).await
    }

    async fn account(&self, id_or_name: &str, month: Month) -> Result<Option<Account>> {
        if !storable(id_or_name) {
            return Ok(None);
        }
        let client = self.client().await?;
        let stmt = client.prepare_cached(ACCOUNT_SQL).await?;
        let Some(row) = client.query_opt(&stmt, &[&id_or_name]).await? else {
            return Ok(None);
        };
        let stored_month: i32 = row.try_get(5)?;
        let keys: i64 = row.try_get(9)?;
        Ok(Some(Account {
            id: row.try_get(0)?,
            name: row.try_get(1)?,
            plan: row.try_get(2)?,
            api_access: row.try_get(3)?,
            balance: row.try_get(4)?,
            requests_this_month: in_month(stored_month, month, row.try_get(6)?),
            spent_this_month: in_month(stored_month, month, row.try_get(7)?),
            held: row.try_get(8)?,
            keys: keys.try_into().unwrap_or(usize::MAX),
        }))
    }

    async fn ensure_default_account(&self) -> Result<Option<NewKey>> {
        let mut client = self.client().await?;
        let any: bool = client
            .query_one("SELECT EXISTS (SELECT 1 FROM accounts)", &[])
            .await?
            .try_get(0)?;
        if any {
            return Ok(None);
        }
        let tx = client.transaction().await?;
        // Blocks concurrent inserts (and waits for uncommitted ones) until we commit.
        tx.batch_execute("LOCK TABLE accounts IN SHARE ROW EXCLUSIVE MODE")
            .await?;
        let any: bool = tx
            .query_one("SELECT EXISTS (SELECT 1 FROM accounts)", &[])
            .await?
            .try_get(0)?;
        if any {
            return Ok(None);
        }
        let account = insert_account(&tx, "default", "free", true, 0).await?;
        let key = insert_key(&tx, &account.id, None).await?;
        tx.commit().await?;
        Ok(Some(key))
    }

    async fn set_api_access(&self, account_id: &str, on: bool) -> Result<()> {
        if !storable(account_id) {
            return Err(StoreError::NotFound("account"));
        }
        let client = self.client().await?;
        let stmt = client
            .prepare_cached("UPDATE accounts SET api_access = $2 WHERE id = $1")
            .await?;
        if client.execute(&stmt, &[&account_id, &on]).await? == 0 {
            return Err(StoreError::NotFound("account"));
        }
        Ok(())
    }

    async fn set_plan(&self, account_id: &str, plan: &str) -> Result<()> {
        not_blank(plan, "the plan")?;
        if !storable(account_id) {
            return Err(StoreError::NotFound("account"));
        }
        let client = self.client().await?;
        let stmt = client
            .prepare_cached("UPDATE accounts SET plan = $2 WHERE id = $1")
            .await?;
        if client.execute(&stmt, &[&account_id, &plan]).await? == 0 {
            return Err(StoreError::NotFound("account"));
        }
        Ok(())
    }

    async fn top_up(&self, account_id: &str, amount: Micros) -> Result<Micros> {
        non_negative(amount, "the amount")?;
        if !storable(account_id) {
            return Err(StoreError::NotFound("account"));
        }
        let client = self.client().await?;
        let stmt = client
            .prepare_cached(
                "UPDATE accounts SET balance = balance + $2 WHERE id = $1 RETURNING balance",
            )
            .await?;
        match client.query_opt(&stmt, &[&account_id, &amount]).await? {
            Some(row) => Ok(row.try_get(0)?),
            None => Err(StoreError::NotFound("account")),
        }
    }

    async fn create_key(&self, account_id: &str, monthly_limit: Option<Micros>) -> Result<NewKey> {
        if let Some(limit) = monthly_limit {
            non_negative(limit, "the monthly limit")?;
        }
        if !storable(account_id) {
            return Err(StoreError::NotFound("account"));
        }
        let mut client = self.client().await?;
        let tx = client.transaction().await?;
        let lock = tx
            .prepare_cached("SELECT 1 FROM accounts WHERE id = $1 FOR NO KEY UPDATE")
            .await?;
        if tx.query_opt(&lock, &[&account_id]).await?.is_none() {
            return Err(StoreError::NotFound("account"));
        }
        let count = tx
            .prepare_cached("SELECT count(*) FROM keys WHERE account_id = $1")
            .await?;
        let count: i64 = tx.query_one(&count, &[&account_id]).await?.try_get(0)?;
        if count >= MAX_KEYS_PER_ACCOUNT as i64 {
            return Err(StoreError::TooManyKeys);
        }
        let key = insert_key(&tx, account_id, monthly_limit).await?;
        tx.commit().await?;
        Ok(key)
    }

    async fn keys(&self, account_id: &str, month: Month) -> Result<Vec<KeyInfo>> {
        if !storable(account_id) {
            return Err(StoreError::NotFound("account"));
        }
        let client = self.client().await?;
        // One statement, so one snapshot: the account row and its keys (if any).
        let stmt = client
            .prepare_cached(
                "SELECT k.id, k.prefix, k.monthly_limit, k.revoked, k.month, k.spent
                   FROM accounts a LEFT JOIN keys k ON k.account_id = a.id
                  WHERE a.id = $1
                  ORDER BY k.seq",
            )
            .await?;
        let rows = client.query(&stmt, &[&account_id]).await?;
        if rows.is_empty() {
            return Err(StoreError::NotFound("account"));
        }
        let mut keys = Vec::with_capacity(rows.len());
        for row in rows {
            let Some(id) = row.try_get::<_, Option<String>>(0)? else {
                continue;
            };
            let revoked: bool = row.try_get(3)?;
            keys.push(KeyInfo {
                id,
                prefix: row.try_get(1)?,
                monthly_limit: row.try_get(2)?,
                state: if revoked {
                    KeyState::Revoked
                } else {
                    KeyState::Active
                },
                spent_this_month: in_month(row.try_get(4)?, month, row.try_get(5)?),
            });
        }
        Ok(keys)
    }

    async fn revoke_key(&self, key_id: &str) -> Result<()> {
        if !storable(key_id) {
            return Err(StoreError::NotFound("key"));
        }
        let client = self.client().await?;
        let stmt = client
            .prepare_cached("UPDATE keys SET revoked = true WHERE id = $1")
            .await?;
        if client.execute(&stmt, &[&key_id]).await? == 0 {
            return Err(StoreError::NotFound("key"));
        }
        Ok(())
    }

    async fn authenticate(&self, key: &KeyHash) -> Result<Option<Caller>> {
        let client = self.client().await?;
        let stmt = client.prepare_cached(KEY_ACCOUNT_SQL).await?;
        let Some(row) = client.query_opt(&stmt, &[&&key.0[..]]).await? else {
            return Ok(None);
        };
        Ok(Some(Caller {
            key_id: row.try_get(0)?,
            account_id: row.try_get(1)?,
            plan: row.try_get(2)?,
            api_access: row.try_get(3)?,
        }))
    }

    async fn meter(
        &self,
        key: &KeyHash,
        month: Month,
        policy: &MeterPolicy,
        need_api_access: bool,
    ) -> Result<Result<Receipt, Refusal>> {
        non_negative(policy.price, "the price")?;
        if let Some(caller) = self
            .batcher
            .meter(key, month, policy.included, need_api_access)
            .await?
        {
            return Ok(Ok(Receipt {
                caller,
                month,
                charged: 0,
            }));
        }
        let conn = self.hot.conn().await?;
        let row = conn
            .client
            .query_one(
                &conn.meter,
                &[
                    &&key.0[..],
                    &month.0,
                    &policy.included,
                    &policy.price,
                    &need_api_access,
                    &self.durable,
                ],
            )
            .await?;
        if let Some(refused) = refusal(row.try_get(0)?)? {
            return Ok(Err(refused));
        }
        Ok(Ok(Receipt {
            caller: Caller {
                account_id: row.try_get(1)?,
                key_id: row.try_get(2)?,
                plan: row.try_get(3)?,
                api_access: row.try_get(4)?,
            },
            month,
            charged: row.try_get(5)?,
        }))
    }

    async fn refund(&self, receipt: &Receipt) -> Result<()> {
        non_negative(receipt.charged, "the charge")?;
        if !storable(&receipt.caller.account_id) || !storable(&receipt.caller.key_id) {
            return Err(StoreError::NotFound("account"));
        }
        let client = self.client().await?;
        let stmt = client.prepare_cached(REFUND_SQL).await?;
        let found: bool = client
            .query_one(
                &stmt,
                &[
                    &receipt.caller.account_id,
                    &receipt.caller.key_id,
                    &receipt.month.0,
                    &receipt.charged,
                    &self.durable,
                ],
            )
            .await?
            .try_get(0)?;
        if !found {
            return Err(StoreError::NotFound("account"));
        }
        Ok(())
    }

    async fn usage(&self, key: &KeyHash, month: Month) -> Result<Option<Usage>> {
        let client = self.client().await?;
        let stmt = client.prepare_cached(KEY_ACCOUNT_SQL).await?;
        let Some(row) = client.query_opt(&stmt, &[&&key.0[..]]).await? else {
            return Ok(None);
        };
        let balance: i64 = row.try_get(4)?;
        let stored_month: i32 = row.try_get(5)?;
        let held: i64 = row.try_get(8)?;
        Ok(Some(Usage {
            plan: row.try_get(2)?,
            balance,
            spent: in_month(stored_month, month, row.try_get(7)?),
            remaining: balance - held,
            requests_this_month: in_month(stored_month, month, row.try_get(6)?),
        }))
    }

    async fn hold(
        &self,
        key: &KeyHash,
        month: Month,
        amount: Micros,
        expires_at: i64,
    ) -> Result<Result<Hold, Refusal>> {
        non_negative(amount, "the amount held")?;
        let id = generate_id("hold_");
        let client = self.client().await?;
        let stmt = client.prepare_cached(HOLD_SQL).await?;
        let row = client
            .query_one(
                &stmt,
                &[
                    &&key.0[..],
                    &month.0,
                    &amount,
                    &expires_at,
                    &id,
                    &self.durable,
                ],
            )
            .await?;
        if let Some(refused) = refusal(row.try_get(0)?)? {
            return Ok(Err(refused));
        }
        Ok(Ok(Hold {
            id,
            caller: Caller {
                account_id: row.try_get(1)?,
                key_id: row.try_get(2)?,
                plan: row.try_get(3)?,
                api_access: row.try_get(4)?,
            },
            amount,
        }))
    }

    async fn settle(&self, hold_id: &str, month: Month, cost: Micros) -> Result<Micros> {
        if !storable(hold_id) {
            return Ok(0);
        }
        let client = self.client().await?;
        let stmt = client.prepare_cached(SETTLE_SQL).await?;
        let row = client
            .query_one(&stmt, &[&hold_id, &month.0, &cost, &self.durable])
            .await?;
        Ok(row.try_get(0)?)
    }

    async fn release(&self, hold_id: &str) -> Result<()> {
        if !storable(hold_id) {
            return Ok(());
        }
        let client = self.client().await?;
        let stmt = client
            .prepare_cached("DELETE FROM holds WHERE id = $1")
            .await?;
        client.execute(&stmt, &[&hold_id]).await?;
        Ok(())
    }

    async fn sweep_expired(&self, now: i64) -> Result<u64> {
        let client = self.client().await?;
        let stmt = client
            .prepare_cached(
                "DELETE FROM holds WHERE id IN (
                     SELECT id FROM holds WHERE expires_at < $1 FOR UPDATE SKIP LOCKED)",
            )
            .await?;
        Ok(client.execute(&stmt, &[&now]).await?)
    }
}

#[cfg(test)]
mod tests {
    use super::{first_identifier, search_path_schema};

    #[test]
    fn search_path_option() {
        assert_eq!(
            search_path_schema("-csearch_path=t_abc").as_deref(),
            Some("t_abc")
        );
        assert_eq!(
            search_path_schema("-c search_path=Mixed,public").as_deref(),
            Some("mixed")
        );
        assert_eq!(
            search_path_schema("--search-path=\"Odd\"\"Name\",public").as_deref(),
            Some("Odd\"Name")
        );
        assert_eq!(
            search_path_schema("-c statement_timeout=5s").as_deref(),
            None
        );
        assert_eq!(search_path_schema("-csearch_path=$user,public"), None);
        assert_eq!(first_identifier("\"unterminated"), None);
    }

    #[test]
    fn urls_carry_the_option() {
        let config: tokio_postgres::Config =
            "postgres://postgres@127.0.0.1:5432/test?options=-csearch_path%3Dt_x1"
                .parse()
                .unwrap();
        assert_eq!(config.get_options(), Some("-csearch_path=t_x1"));
        assert_eq!(
            config.get_options().and_then(search_path_schema).as_deref(),
            Some("t_x1")
        );
    }
}
