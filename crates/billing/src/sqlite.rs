//! The embedded SQLite store (to be written).

/// The SQLite store.
pub struct SqliteStore;

impl SqliteStore {
    /// Opens and migrates.
    pub async fn open(_path: &str) -> crate::Result<SqliteStore> {
        Err(crate::StoreError::Backend("not yet built".into()))
    }
}
