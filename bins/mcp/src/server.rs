//! The HTTP server: routing (`/mcp`, `/healthz`, `/readyz`, 404 elsewhere), the bearer key
//! check on every request to `/mcp` before rmcp reads anything, rmcp's Streamable HTTP
//! service behind it, request logs and graceful shutdown.

use std::convert::Infallible;
use std::future::Future;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use bytes::Bytes;
use http::header::{self, HeaderValue};
use http::{Method, Request, Response, StatusCode};
use http_body_util::combinators::BoxBody;
use http_body_util::{BodyExt, Full};
use hyper::body::Incoming;
use hyper::server::conn::http1;
use hyper::service::service_fn;
use hyper_util::rt::TokioIo;
use redact_service::{ApiError, Service};
use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;
use rmcp::transport::streamable_http_server::{StreamableHttpServerConfig, StreamableHttpService};
use tokio::net::TcpListener;

use crate::config::AllowedHosts;
use crate::tools::Tools;

/// The path the MCP endpoint answers on.
pub const MCP_PATH: &str = "/mcp";

/// How long in-flight requests get to finish after a shutdown signal, in all.
const DRAIN: Duration = Duration::from_secs(30);

/// After this long into the drain, open SSE streams (a client's `GET /mcp` listening
/// stream never ends by itself) and MCP sessions are closed.
const STREAM_GRACE: Duration = Duration::from_secs(5);

type Body = BoxBody<Bytes, Infallible>;
type Answer = Response<Body>;

/// Settings of the HTTP side.
#[derive(Clone, Debug)]
pub struct ServerOptions {
    /// Which `Host` headers are answered.
    pub allowed_hosts: AllowedHosts,
    /// Keep MCP sessions (on) or answer each request on its own (off).
    pub sessions: bool,
    /// The largest request body accepted (413 beyond).
    pub max_body_bytes: usize,
}

impl Default for ServerOptions {
    fn default() -> Self {
        ServerOptions {
            allowed_hosts: AllowedHosts::Only(
                crate::config::LOOPBACK_HOSTS
                    .iter()
                    .map(|s| s.to_string())
                    .collect(),
            ),
            sessions: true,
            max_body_bytes: 8 * 1024 * 1024,
        }
    }
}

/// A bound MCP server, ready to run.
pub struct McpServer {
    listener: TcpListener,
    state: Arc<State>,
}

struct State {
    service: Arc<Service>,
    mcp: StreamableHttpService<Tools, LocalSessionManager>,
}

impl McpServer {
    /// Binds `addr` (port 0 picks a free port).
    pub async fn bind(
        addr: SocketAddr,
        service: Arc<Service>,
        options: ServerOptions,
    ) -> std::io::Result<McpServer> {
        let listener = TcpListener::bind(addr).await?;
        // The config is #[non_exhaustive]: built from its default with its own setters.
        let mut config = StreamableHttpServerConfig::default()
            .with_legacy_session_mode(options.sessions)
            // Without sessions, simple calls are answered as plain JSON.
            .with_json_response(!options.sessions)
            .with_max_request_body_bytes(options.max_body_bytes);
        config = match &options.allowed_hosts {
            AllowedHosts::Any => config.disable_allowed_hosts(),
            AllowedHosts::Only(hosts) => config.with_allowed_hosts(hosts.clone()),
        };
        let tools = Tools::new(service.clone());
        let mcp = StreamableHttpService::new(
            move || Ok(tools.clone()),
            Arc::new(LocalSessionManager::default()),
            config,
        );
        Ok(McpServer {
            listener,
            state: Arc::new(State { service, mcp }),
        })
    }

    /// The address bound.
    pub fn local_addr(&self) -> SocketAddr {
        self.listener
            .local_addr()
            .expect("a bound listener has an address")
    }

    /// Serves until `shutdown` completes, then stops accepting, lets requests in flight
    /// finish, closes SSE streams and sessions after a short grace, and returns (at most
    /// 30 s after the signal).
    pub async fn run(self, shutdown: impl Future<Output = ()>) {
        let graceful = hyper_util::server::graceful::GracefulShutdown::new();
        tokio::pin!(shutdown);
        loop {
            tokio::select! {
                accepted = self.listener.accept() => {
                    let (stream, _) = match accepted {
                        Ok(a) => a,
                        Err(e) => {
                            tracing::warn!(error = %e, "accept failed");
                            tokio::time::sleep(Duration::from_millis(10)).await;
                            continue;
                        }
                    };
                    let _ = stream.set_nodelay(true);
                    let state = self.state.clone();
                    let conn = http1::Builder::new()
                        .timer(hyper_util::rt::TokioTimer::new())
                        .header_read_timeout(Duration::from_secs(30))
                        .serve_connection(
                            TokioIo::new(stream),
                            service_fn(move |req| {
                                let state = state.clone();
                                async move { Ok::<_, Infallible>(handle(&state, req).await) }
                            }),
                        );
                    let conn = graceful.watch(conn);
                    tokio::spawn(async move {
                        let _ = conn.await;
                    });
                }
                _ = &mut shutdown => break,
            }
        }
        drop(self.listener);
        tracing::info!("shutting down: finishing requests in flight");
        let cancel = self.state.mcp.config.cancellation_token.clone();
        let drained = graceful.shutdown();
        tokio::pin!(drained);
        let done = tokio::select! {
            _ = &mut drained => true,
            _ = tokio::time::sleep(STREAM_GRACE) => false,
        };
        // Ends the MCP sessions and the SSE streams still open, which would otherwise hold
        // their connections for the whole drain period.
        cancel.cancel();
        if !done
            && tokio::time::timeout(DRAIN - STREAM_GRACE, drained)
                .await
                .is_err()
        {
            tracing::warn!("requests still in flight after the drain period were cut off");
        }
    }
}

/// Routes one request and logs it (method, route, status, time; never content).
async fn handle(state: &State, req: Request<Incoming>) -> Answer {
    let start = Instant::now();
    let method = req.method().clone();
    let (route, answer) = route(state, req).await;
    let status = answer.status().as_u16();
    let micros = start.elapsed().as_micros() as u64;
    if status >= 500 {
        tracing::warn!(method = %method, route, status, micros, "request");
    } else {
        tracing::debug!(method = %method, route, status, micros, "request");
    }
    answer
}

async fn route(state: &State, req: Request<Incoming>) -> (&'static str, Answer) {
    match req.uri().path() {
        MCP_PATH => {}
        "/healthz" | "/readyz" if !matches!(*req.method(), Method::GET | Method::HEAD) => {
            let mut a = error(&ApiError::method_not_allowed("GET"));
            a.headers_mut()
                .insert(header::ALLOW, HeaderValue::from_static("GET, HEAD"));
            return ("health", a);
        }
        "/healthz" => {
            return (
                "/healthz",
                json(StatusCode::OK, r#"{"status":"ok"}"#.into()),
            );
        }
        "/readyz" => {
            let a = if state.service.ready().await {
                json(StatusCode::OK, r#"{"status":"ready"}"#.into())
            } else {
                json(
                    StatusCode::SERVICE_UNAVAILABLE,
                    r#"{"status":"store unreachable"}"#.into(),
                )
            };
            return ("/readyz", a);
        }
        _ => return ("other", error(&not_found())),
    }
    // Every request to /mcp carries a key that the store knows, checked before rmcp reads
    // the body: strangers get 401 and learn nothing else. This counts nothing; each tool
    // call is counted by the service when it runs.
    let auth = req
        .headers()
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok());
    if let Err(e) = state.service.authenticate(auth).await {
        return (MCP_PATH, error(&e));
    }
    let delete = req.method() == Method::DELETE;
    let mut answer = state.mcp.handle(req).await;
    if delete && answer.status() == StatusCode::ACCEPTED {
        // rmcp ends a session with 202; the Python SDK takes only 200 or 204 as success
        // (and logs a warning otherwise), the TypeScript SDK any 2xx: 204 suits both.
        *answer.status_mut() = StatusCode::NO_CONTENT;
    }
    (MCP_PATH, answer)
}

fn not_found() -> ApiError {
    let mut e = ApiError::not_found();
    e.message = format!("No such route. The MCP endpoint is {MCP_PATH}.");
    e
}

fn json(status: StatusCode, body: Bytes) -> Answer {
    let mut a = Response::new(Full::new(body).boxed());
    *a.status_mut() = status;
    a.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    a.headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    a
}

/// An OpenAI-style error answer; 401 says how to authenticate.
fn error(e: &ApiError) -> Answer {
    let status = StatusCode::from_u16(e.status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
    let mut a = json(status, e.body().into());
    if status == StatusCode::UNAUTHORIZED {
        a.headers_mut().insert(
            header::WWW_AUTHENTICATE,
            HeaderValue::from_static(r#"Bearer realm="redact-mcp""#),
        );
    }
    if let Some(secs) = e.retry_after {
        a.headers_mut()
            .insert(header::RETRY_AFTER, HeaderValue::from(secs));
    }
    a
}
