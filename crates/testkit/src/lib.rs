//! Test support, used only as a dev-dependency: a small HTTP client for loopback tests
//! ([`Client`]), isolated PostgreSQL schemas ([`pg_url`]), and store URLs for running one
//! behavioural test against both stores ([`Backend`]). Nothing here holds real personal data
//! or live-looking secrets.

use std::net::SocketAddr;
use std::time::Duration;

use bytes::Bytes;
use http::{HeaderMap, Method, Request, StatusCode};
use http_body_util::{BodyExt, Full};
use hyper_util::client::legacy::Client as HyperClient;
use hyper_util::client::legacy::connect::HttpConnector;
use hyper_util::rt::TokioExecutor;
use serde_json::Value;

/// The PostgreSQL the tests use: `REDACT_TEST_DATABASE_URL`, else the local default.
pub fn pg_base_url() -> String {
    std::env::var("REDACT_TEST_DATABASE_URL")
        .ok()
        .filter(|s| !s.trim().is_empty())
        .unwrap_or_else(|| "postgres://postgres@127.0.0.1:5432/test".into())
}

/// A fresh schema name: `t_` + `prefix` + random characters.
pub fn schema_name(prefix: &str) -> String {
    use rand::RngExt;
    let mut rng = rand::rng();
    let suffix: String = (0..10)
        .map(|_| (b'a' + rng.random_range(0..26u8)) as char)
        .collect();
    format!("t_{prefix}_{suffix}")
}

/// A URL of the test PostgreSQL selecting a fresh schema (the store creates it).
pub fn pg_url(prefix: &str) -> String {
    let base = pg_base_url();
    let sep = if base.contains('?') { '&' } else { '?' };
    format!("{base}{sep}options=-csearch_path%3D{}", schema_name(prefix))
}

/// The two stores every behavioural test runs against.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    /// Embedded SQLite.
    Sqlite,
    /// PostgreSQL.
    Postgres,
}

impl Backend {
    /// A URL for a fresh, empty store of this kind. SQLite files go to `dir`.
    pub fn fresh_url(self, dir: &std::path::Path, prefix: &str) -> String {
        match self {
            Backend::Sqlite => format!("sqlite:{}", dir.join(format!("{prefix}.db")).display()),
            Backend::Postgres => pg_url(prefix),
        }
    }
}

/// A response: status, headers, body.
#[derive(Clone, Debug)]
pub struct Reply {
    /// Status.
    pub status: StatusCode,
    /// Headers.
    pub headers: HeaderMap,
    /// Body bytes.
    pub body: Bytes,
}

impl Reply {
    /// The body as JSON (panics with the body when it is not JSON: this is a test helper).
    pub fn json(&self) -> Value {
        serde_json::from_slice(&self.body).unwrap_or_else(|e| {
            panic!(
                "body is not JSON ({e}): {}",
                String::from_utf8_lossy(&self.body)
            )
        })
    }

    /// `error.code` of an error body.
    pub fn code(&self) -> String {
        self.json()["error"]["code"]
            .as_str()
            .unwrap_or_default()
            .to_string()
    }

    /// The body as text.
    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }
}

/// A keep-alive HTTP/1.1 client for one server on loopback.
#[derive(Clone)]
pub struct Client {
    base: String,
    inner: HyperClient<HttpConnector, Full<Bytes>>,
}

impl Client {
    /// A client for the server at `addr`.
    pub fn new(addr: SocketAddr) -> Client {
        Client {
            base: format!("http://{addr}"),
            inner: HyperClient::builder(TokioExecutor::new())
                .pool_idle_timeout(Duration::from_secs(30))
                .build_http(),
        }
    }

    /// Sends a request; `key` goes in `Authorization: Bearer`.
    pub async fn send(
        &self,
        method: Method,
        path: &str,
        key: Option<&str>,
        headers: &[(&str, &str)],
        body: impl Into<Bytes>,
    ) -> Reply {
        let mut req = Request::builder()
            .method(method)
            .uri(format!("{}{}", self.base, path));
        if let Some(k) = key {
            req = req.header("authorization", format!("Bearer {k}"));
        }
        for (name, value) in headers {
            req = req.header(*name, *value);
        }
        let body: Bytes = body.into();
        if !body.is_empty() {
            req = req.header("content-type", "application/json");
        }
        let req = req.body(Full::new(body)).expect("a valid request");
        let res = self.inner.request(req).await.expect("the server answers");
        let (parts, body) = res.into_parts();
        let body = body.collect().await.expect("a whole body").to_bytes();
        Reply {
            status: parts.status,
            headers: parts.headers,
            body,
        }
    }

    /// POSTs a JSON value.
    pub async fn post(&self, path: &str, key: Option<&str>, body: &Value) -> Reply {
        self.send(Method::POST, path, key, &[], body.to_string())
            .await
    }

    /// GETs a path.
    pub async fn get(&self, path: &str, key: Option<&str>) -> Reply {
        self.send(Method::GET, path, key, &[], Bytes::new()).await
    }
}
