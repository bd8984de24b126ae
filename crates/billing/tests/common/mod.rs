//! Fixtures: a fresh store of each kind, cleaned up afterwards.

#![allow(dead_code)]

use std::path::PathBuf;
use std::sync::Arc;

use redact_billing::{Account, KeyHash, NewKey, Store};

/// The PostgreSQL server the tests use.
pub fn pg_base_url() -> String {
    std::env::var("REDACT_TEST_DATABASE_URL")
        .ok()
        .filter(|u| !u.trim().is_empty())
        .unwrap_or_else(|| "postgres://postgres@127.0.0.1:5432/test".into())
}

/// A fresh, unique, lower-case schema name.
pub fn fresh_schema() -> String {
    format!(
        "billing_test_{}",
        redact_billing::generate_id("").to_ascii_lowercase()
    )
}

/// The test server's URL selecting `schema`.
pub fn pg_url(schema: &str) -> String {
    let base = pg_base_url();
    let sep = if base.contains('?') { '&' } else { '?' };
    format!("{base}{sep}options=-csearch_path%3D{schema}")
}

/// A plain connection to the test server (no schema option).
pub async fn pg_admin() -> tokio_postgres::Client {
    let (client, conn) = tokio_postgres::connect(&pg_base_url(), tokio_postgres::NoTls)
        .await
        .expect("PostgreSQL reachable at REDACT_TEST_DATABASE_URL");
    tokio::spawn(async move {
        let _ = conn.await;
    });
    client
}

pub async fn drop_schema(schema: &str) {
    let client = pg_admin().await;
    client
        .batch_execute(&format!("DROP SCHEMA IF EXISTS \"{schema}\" CASCADE"))
        .await
        .expect("drop the test schema");
}

/// A temporary file path in a fresh directory (not created).
pub fn temp_db_path() -> PathBuf {
    std::env::temp_dir()
        .join(format!(
            "redact-billing-{}",
            redact_billing::generate_id("")
        ))
        .join("nested")
        .join("billing.db")
}

enum Cleanup {
    Nothing,
    Dir(PathBuf),
    Schema(String),
}

/// A store under test and what to clean up after it.
pub struct Fixture {
    pub store: Arc<dyn Store>,
    /// The SQLite file or PostgreSQL schema, for tests that look inside.
    pub location: String,
    cleanup: Cleanup,
}

impl Fixture {
    pub async fn sqlite_memory() -> Fixture {
        let store = redact_billing::open("sqlite::memory:")
            .await
            .expect("open sqlite::memory:");
        Fixture {
            store,
            location: ":memory:".into(),
            cleanup: Cleanup::Nothing,
        }
    }

    pub async fn sqlite_file() -> Fixture {
        let path = temp_db_path();
        let store = redact_billing::open(&format!("sqlite:{}", path.display()))
            .await
            .expect("open a SQLite file");
        let dir = path.parent().unwrap().parent().unwrap().to_path_buf();
        Fixture {
            store,
            location: path.display().to_string(),
            cleanup: Cleanup::Dir(dir),
        }
    }

    pub async fn postgres() -> Fixture {
        let schema = fresh_schema();
        let store = redact_billing::open(&pg_url(&schema))
            .await
            .expect("open PostgreSQL (set REDACT_TEST_DATABASE_URL)");
        Fixture {
            store,
            location: schema.clone(),
            cleanup: Cleanup::Schema(schema),
        }
    }

    pub fn store(&self) -> Arc<dyn Store> {
        self.store.clone()
    }

    /// Drops the store and removes its file or schema.
    pub async fn finish(self) {
        drop(self.store);
        match self.cleanup {
            Cleanup::Nothing => {}
            Cleanup::Dir(dir) => {
                // The SQLite thread closes the file once the last handle is gone.
                tokio::time::sleep(std::time::Duration::from_millis(20)).await;
                let _ = std::fs::remove_dir_all(dir);
            }
            Cleanup::Schema(schema) => {
                // Let the pool's connections close first.
                tokio::time::sleep(std::time::Duration::from_millis(20)).await;
                drop_schema(&schema).await;
            }
        }
    }
}

/// Runs one behaviour against an in-memory SQLite store, a SQLite file and PostgreSQL.
#[allow(unused_macros)]
macro_rules! on_every_store {
    ($($name:ident),* $(,)?) => {$(
        mod $name {
            #[tokio::test(flavor = "multi_thread", worker_threads = 4)]
            async fn sqlite_memory() {
                let f = $crate::common::Fixture::sqlite_memory().await;
                $crate::$name(f.store()).await;
                f.finish().await;
            }

            #[tokio::test(flavor = "multi_thread", worker_threads = 4)]
            async fn sqlite_file() {
                let f = $crate::common::Fixture::sqlite_file().await;
                $crate::$name(f.store()).await;
                f.finish().await;
            }

            #[tokio::test(flavor = "multi_thread", worker_threads = 4)]
            async fn postgres() {
                let f = $crate::common::Fixture::postgres().await;
                $crate::$name(f.store()).await;
                f.finish().await;
            }
        }
    )*};
}

/// A uniquely named account with `balance` and one key (with `limit`).
pub async fn account_with_key(
    store: &Arc<dyn Store>,
    balance: i64,
    limit: Option<i64>,
) -> (Account, NewKey, KeyHash) {
    let account = store
        .create_account(&redact_billing::generate_id("acme_"), "free", true, balance)
        .await
        .expect("create an account");
    let key = store
        .create_key(&account.id, limit)
        .await
        .expect("create a key");
    let hash = KeyHash::parse(key.key.expose()).expect("a well-formed key");
    (account, key, hash)
}
