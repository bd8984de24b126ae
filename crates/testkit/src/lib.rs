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

pub mod process;
pub mod vendors;

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

/// Runs each named `async fn(Backend)` as two tests, `NAME::sqlite` and `NAME::postgres`
/// (multi-threaded tokio runtime; the test crate needs `tokio` with `macros`).
#[macro_export]
macro_rules! both_stores {
    ($($name:ident),* $(,)?) => {$(
        mod $name {
            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn sqlite() {
                super::$name($crate::Backend::Sqlite).await
            }
            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn postgres() {
                super::$name($crate::Backend::Postgres).await
            }
        }
    )*};
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
            inner: {
                let mut http = HttpConnector::new();
                // Small writes of a request must not wait for the peer's delayed ACK.
                http.set_nodelay(true);
                HyperClient::builder(TokioExecutor::new())
                    .pool_idle_timeout(Duration::from_secs(30))
                    .build(http)
            },
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

    /// Sends a request and returns its status and the first piece of its body as soon as it
    /// arrives (for time-to-first-chunk measurements); the rest is dropped.
    pub async fn first_piece(
        &self,
        method: Method,
        path: &str,
        key: Option<&str>,
        headers: &[(&str, &str)],
        body: impl Into<Bytes>,
    ) -> (StatusCode, Bytes) {
        let mut req = Request::builder()
            .method(method)
            .uri(format!("{}{}", self.base, path));
        if let Some(k) = key {
            req = req.header("authorization", format!("Bearer {k}"));
        }
        for (name, value) in headers {
            req = req.header(*name, *value);
        }
        let req = req
            .header("content-type", "application/json")
            .body(Full::new(body.into()))
            .expect("a valid request");
        let res = self.inner.request(req).await.expect("the server answers");
        let status = res.status();
        let mut body = res.into_body();
        while let Some(frame) = body.frame().await {
            if let Ok(data) = frame.expect("a body frame").into_data()
                && !data.is_empty()
            {
                return (status, data);
            }
        }
        (status, Bytes::new())
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

/// What a [`FakeModel`] answers to every request.
#[derive(Clone, Debug)]
pub enum FakeAnswer {
    /// 200 with a chat completion whose message content is this.
    Content(String),
    /// The same after a delay.
    Slow(Duration, String),
    /// This status with a vendor-style error body.
    Status(u16),
    /// 200 with this raw body.
    Raw(String),
}

/// A request a [`FakeModel`] received.
#[derive(Clone, Debug)]
pub struct Received {
    /// Path and query.
    pub path: String,
    /// Headers.
    pub headers: HeaderMap,
    /// Body.
    pub body: Bytes,
}

/// A fake OpenAI-compatible chat-completions endpoint on 127.0.0.1:0, for the name-model check
/// and vendor tests: answers every request with a scripted [`FakeAnswer`] and records what it
/// received.
pub struct FakeModel {
    /// `http://127.0.0.1:PORT/v1`.
    pub base_url: String,
    received: std::sync::Arc<std::sync::Mutex<Vec<Received>>>,
}

impl FakeModel {
    /// Starts the server (on the current tokio runtime).
    pub async fn start(answer: FakeAnswer) -> FakeModel {
        use hyper::service::service_fn;
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("binds");
        let addr = listener.local_addr().expect("an address");
        let received = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
        let seen = received.clone();
        tokio::spawn(async move {
            while let Ok((stream, _)) = listener.accept().await {
                let answer = answer.clone();
                let seen = seen.clone();
                tokio::spawn(async move {
                    let svc = service_fn(move |req: Request<hyper::body::Incoming>| {
                        let answer = answer.clone();
                        let seen = seen.clone();
                        async move {
                            let (parts, body) = req.into_parts();
                            let body = body
                                .collect()
                                .await
                                .map(|b| b.to_bytes())
                                .unwrap_or_default();
                            seen.lock().expect("lock").push(Received {
                                path: parts
                                    .uri
                                    .path_and_query()
                                    .map(|p| p.to_string())
                                    .unwrap_or_default(),
                                headers: parts.headers,
                                body,
                            });
                            let (status, body) = match answer {
                                FakeAnswer::Content(c) => (200, completion(&c)),
                                FakeAnswer::Slow(d, c) => {
                                    tokio::time::sleep(d).await;
                                    (200, completion(&c))
                                }
                                FakeAnswer::Status(s) => (
                                    s,
                                    serde_json::json!({"error": {"message": "scripted failure", "type": "server_error"}})
                                        .to_string(),
                                ),
                                FakeAnswer::Raw(r) => (200, r),
                            };
                            let res = http::Response::builder()
                                .status(status)
                                .header("content-type", "application/json")
                                .body(Full::new(Bytes::from(body)))
                                .expect("a valid response");
                            Ok::<_, std::convert::Infallible>(res)
                        }
                    });
                    let _ = hyper::server::conn::http1::Builder::new()
                        .serve_connection(hyper_util::rt::TokioIo::new(stream), svc)
                        .await;
                });
            }
        });
        FakeModel {
            base_url: format!("http://{addr}/v1"),
            received,
        }
    }

    /// What it received so far.
    pub fn received(&self) -> Vec<Received> {
        self.received.lock().expect("lock").clone()
    }
}

fn completion(content: &str) -> String {
    serde_json::json!({
        "id": "chatcmpl-fake",
        "object": "chat.completion",
        "created": 0,
        "model": "fake",
        "choices": [{"index": 0, "message": {"role": "assistant", "content": content}, "finish_reason": "stop"}],
        "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2}
    })
    .to_string()
}
