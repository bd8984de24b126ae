//! Tests that look inside one backend, or run several stores (processes) on one database.

mod common;

use std::sync::Arc;
use std::time::Instant;

use common::{Fixture, account_with_key, drop_schema, fresh_schema, pg_admin, pg_url};
use redact_billing::{
    KeyHash, MeterPolicy, Month, PgOptions, PgStore, Refusal, SqliteStore, Store,
};

fn small_pool() -> PgOptions {
    PgOptions {
        pool_size: 2,
        ..PgOptions::default()
    }
}

const M: Month = Month(202611);
const PAID: MeterPolicy = MeterPolicy {
    included: 0,
    price: 1000,
};

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn contains(haystack: &[u8], needle: &[u8]) -> bool {
    haystack.windows(needle.len()).any(|w| w == needle)
}

/// Makes keys and uses them; returns the raw keys and their hashes.
async fn make_and_use_keys(store: &Arc<dyn Store>) -> Vec<(String, KeyHash)> {
    let (account, key, hash) = account_with_key(store, 10_000, Some(5000)).await;
    let mut keys = vec![(key.key.expose().clone(), hash)];
    for _ in 0..3 {
        let key = store.create_key(&account.id, None).await.unwrap();
        let hash = KeyHash::parse(key.key.expose()).unwrap();
        keys.push((key.key.expose().clone(), hash));
    }
    for (_, hash) in &keys {
        store.meter(hash, M, &PAID, true).await.unwrap().unwrap();
        let hold = store.hold(hash, M, 100, i64::MAX).await.unwrap().unwrap();
        store.settle(&hold.id, M, 50).await.unwrap();
    }
    store
        .revoke_key(&account_with_key(store, 0, None).await.1.id)
        .await
        .unwrap();
    keys
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite_file_stores_only_hashes() {
    let fixture = Fixture::sqlite_file().await;
    let path = fixture.location.clone();
    let keys = make_and_use_keys(&fixture.store).await;
    // Read the database and its write-ahead log while the store is open.
    let mut bytes = std::fs::read(&path).unwrap();
    bytes.extend(std::fs::read(format!("{path}-wal")).unwrap_or_default());
    for (raw, hash) in &keys {
        assert!(
            !contains(&bytes, raw.as_bytes()),
            "a raw key is in the file"
        );
        assert!(
            !contains(&bytes, &raw.as_bytes()[8..]),
            "a key's secret part is in the file"
        );
        assert!(!contains(&bytes, hex(raw.as_bytes()).as_bytes()));
        assert!(contains(&bytes, &hash.0), "the key's hash is stored");
    }
    fixture.finish().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_tables_store_only_hashes() {
    let fixture = Fixture::postgres().await;
    let schema = fixture.location.clone();
    let keys = make_and_use_keys(&fixture.store).await;
    let admin = pg_admin().await;
    let tables: Vec<String> = admin
        .query(
            "SELECT table_name::text FROM information_schema.tables WHERE table_schema = $1",
            &[&schema],
        )
        .await
        .unwrap()
        .iter()
        .map(|r| r.get(0))
        .collect();
    assert!(tables.len() >= 4, "{tables:?}");
    let mut dump = String::new();
    for table in &tables {
        let row = admin
            .query_one(
                &format!(
                    "SELECT coalesce(string_agg(t::text, E'\\n'), '') FROM \"{schema}\".\"{table}\" t"
                ),
                &[],
            )
            .await
            .unwrap();
        dump.push_str(&row.get::<_, String>(0));
    }
    for (raw, hash) in &keys {
        assert!(!dump.contains(raw.as_str()), "a raw key is in a table");
        assert!(
            !dump.contains(&raw[8..]),
            "a key's secret part is in a table"
        );
        assert!(!dump.contains(&hex(raw.as_bytes())));
        assert!(dump.contains(&hex(&hash.0)), "the key's hash is stored");
        let stored: Vec<u8> = admin
            .query_one(
                &format!("SELECT hash FROM \"{schema}\".keys WHERE hash = $1"),
                &[&&hash.0[..]],
            )
            .await
            .unwrap()
            .get(0);
        assert_eq!(stored.len(), 32);
    }
    fixture.finish().await;
}

/// Runs `n` paid meters on each store at once; returns how many were charged.
async fn hammer(stores: &[Arc<dyn Store>], hash: KeyHash, n: usize) -> usize {
    let mut tasks = Vec::new();
    for store in stores {
        for _ in 0..n {
            let store = store.clone();
            tasks.push(tokio::spawn(async move {
                store.meter(&hash, M, &PAID, true).await.unwrap()
            }));
        }
    }
    let mut ok = 0;
    for task in tasks {
        match task.await.unwrap() {
            Ok(_) => ok += 1,
            Err(refusal) => assert_eq!(refusal, Refusal::InsufficientBalance),
        }
    }
    ok
}

/// Two stores on one database, as a gateway and the admin CLI (or two gateways) would be.
async fn two_stores_share_one_database(a: Arc<dyn Store>, b: Arc<dyn Store>) {
    let (account, key, hash) = account_with_key(&a, 37_000, None).await;
    assert_eq!(hammer(&[a.clone(), b.clone()], hash, 100).await, 37);
    for store in [&a, &b] {
        let account = store.account(&account.id, M).await.unwrap().unwrap();
        assert_eq!(
            (
                account.balance,
                account.requests_this_month,
                account.spent_this_month
            ),
            (0, 37, 37_000)
        );
    }

    // Holds from both: exactly three fit.
    b.top_up(&account.id, 3000).await.unwrap();
    let mut tasks = Vec::new();
    for store in [&a, &b] {
        for _ in 0..10 {
            let store = store.clone();
            tasks.push(tokio::spawn(async move {
                store.hold(&hash, M, 1000, i64::MAX).await.unwrap()
            }));
        }
    }
    let mut holds = Vec::new();
    for task in tasks {
        if let Ok(hold) = task.await.unwrap() {
            holds.push(hold);
        }
    }
    assert_eq!(holds.len(), 3);
    // Settled by one store while the other releases: each charged at most once.
    let mut tasks = Vec::new();
    for hold in &holds {
        let (sa, sb, id) = (a.clone(), b.clone(), hold.id.clone());
        tasks.push(tokio::spawn(async move {
            let id2 = id.clone();
            let settle = tokio::spawn(async move { sa.settle(&id, M, 1000).await.unwrap() });
            let release = tokio::spawn(async move { sb.release(&id2).await.unwrap() });
            release.await.unwrap();
            settle.await.unwrap()
        }));
    }
    let mut charged = 0;
    for task in tasks {
        charged += task.await.unwrap();
    }
    let account_now = a.account(&account.id, M).await.unwrap().unwrap();
    assert_eq!(account_now.held, 0);
    assert_eq!(account_now.balance, 3000 - charged);

    // A change made through one is seen by the other at once.
    b.revoke_key(&key.id).await.unwrap();
    assert_eq!(a.authenticate(&hash).await.unwrap(), None);
    assert_eq!(
        a.meter(&hash, M, &PAID, true).await.unwrap(),
        Err(Refusal::InvalidKey)
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn sqlite_two_stores_on_one_file() {
    let fixture = Fixture::sqlite_file().await;
    let other: Arc<dyn Store> = Arc::new(SqliteStore::open(&fixture.location).await.unwrap());
    two_stores_share_one_database(fixture.store(), other.clone()).await;
    drop(other);
    fixture.finish().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn postgres_two_pools_on_one_schema() {
    let fixture = Fixture::postgres().await;
    let other: Arc<dyn Store> =
        Arc::new(PgStore::connect(&pg_url(&fixture.location)).await.unwrap());
    two_stores_share_one_database(fixture.store(), other.clone()).await;
    drop(other);
    fixture.finish().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn postgres_durable_and_relaxed_pools_agree() {
    let fixture = Fixture::postgres().await;
    let durable: Arc<dyn Store> = Arc::new(
        PgStore::connect_with(
            &pg_url(&fixture.location),
            PgOptions {
                durable_hot_path: true,
                ..PgOptions::default()
            },
        )
        .await
        .unwrap(),
    );
    two_stores_share_one_database(durable.clone(), fixture.store()).await;
    drop(durable);
    fixture.finish().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn sqlite_file_reopens_with_its_data() {
    let path = common::temp_db_path();
    let url = format!("sqlite:{}", path.display());
    let store = redact_billing::open(&url).await.unwrap();
    let key = store.ensure_default_account().await.unwrap().unwrap();
    drop(store);
    let store = redact_billing::open(&url).await.unwrap();
    assert!(store.ensure_default_account().await.unwrap().is_none());
    let hash = KeyHash::parse(key.key.expose()).unwrap();
    assert!(store.authenticate(&hash).await.unwrap().is_some());
    drop(store);
    let _ = std::fs::remove_dir_all(path.parent().unwrap().parent().unwrap());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn postgres_concurrent_first_start_migrates_once() {
    let schema = fresh_schema();
    let url = pg_url(&schema);
    let tasks: Vec<_> = (0..4)
        .map(|_| {
            let url = url.clone();
            tokio::spawn(async move { PgStore::connect_with(&url, small_pool()).await })
        })
        .collect();
    let mut stores = Vec::new();
    for task in tasks {
        stores.push(task.await.unwrap().expect("every start succeeds"));
    }
    let admin = pg_admin().await;
    let versions: i64 = admin
        .query_one(
            &format!("SELECT count(*) FROM \"{schema}\".schema_migrations"),
            &[],
        )
        .await
        .unwrap()
        .get(0);
    assert_eq!(versions, 1);
    // Reconnecting to a migrated schema changes nothing.
    stores.push(PgStore::connect_with(&url, small_pool()).await.unwrap());
    let stores: Vec<Arc<dyn Store>> = stores.into_iter().map(|s| Arc::new(s) as _).collect();
    let (_, _, hash) = account_with_key(&stores[0], 5000, None).await;
    assert_eq!(hammer(&stores, hash, 4).await, 5);
    drop(stores);
    tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    drop_schema(&schema).await;
}

#[tokio::test]
async fn postgres_unreachable_is_a_backend_error() {
    let result = PgStore::connect("postgres://postgres@127.0.0.1:1/test").await;
    assert!(matches!(
        result,
        Err(redact_billing::StoreError::Backend(_))
    ));
}

/// Meters per second on each store (run with `--ignored --nocapture`).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "a measurement, not a test"]
async fn meter_throughput() {
    for label in [
        "sqlite memory",
        "sqlite file",
        "postgres",
        "postgres durable",
    ] {
        let fixture = match label {
            "sqlite memory" => Fixture::sqlite_memory().await,
            "sqlite file" => Fixture::sqlite_file().await,
            _ => Fixture::postgres().await,
        };
        let store: Arc<dyn Store> = if label == "postgres durable" {
            let options = PgOptions {
                durable_hot_path: true,
                ..PgOptions::default()
            };
            Arc::new(
                PgStore::connect_with(&pg_url(&fixture.location), options)
                    .await
                    .unwrap(),
            )
        } else {
            fixture.store()
        };
        let mut hashes = Vec::new();
        for _ in 0..32 {
            hashes.push(account_with_key(&store, 1_000_000_000, None).await.2);
        }
        let per_task = 300;
        let start = Instant::now();
        let tasks: Vec<_> = hashes
            .iter()
            .map(|hash| {
                let (store, hash) = (store.clone(), *hash);
                tokio::spawn(async move {
                    for _ in 0..per_task {
                        store.meter(&hash, M, &PAID, true).await.unwrap().unwrap();
                    }
                })
            })
            .collect();
        for task in tasks {
            task.await.unwrap();
        }
        let rate = (hashes.len() * per_task) as f64 / start.elapsed().as_secs_f64();
        // One caller after another: the latency of a meter.
        let start = Instant::now();
        for _ in 0..300 {
            store
                .meter(&hashes[0], M, &PAID, true)
                .await
                .unwrap()
                .unwrap();
        }
        let latency = start.elapsed() / 300;
        println!(
            "{label:>16}: {rate:>7.0} meters/s (32 callers), {latency:?} per meter (1 caller)"
        );
        drop(store);
        fixture.finish().await;
    }
}
