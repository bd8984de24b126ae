//! The PostgreSQL store (to be written).

/// The PostgreSQL store.
pub struct PgStore;

impl PgStore {
    /// Connects and migrates.
    pub async fn connect(_url: &str) -> crate::Result<PgStore> {
        Err(crate::StoreError::Backend("not yet built".into()))
    }
}
