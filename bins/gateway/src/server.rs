//! The HTTP server: routing, body limits, JSON answers, metrics and request logs, graceful
//! shutdown. It holds no business rule: every decision is the [`Service`]'s.

use std::convert::Infallible;
use std::future::Future;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use bytes::Bytes;
use http::header::{self, HeaderValue};
use http::{Method, Request, Response, StatusCode};
use http_body_util::channel::Channel;
use http_body_util::{BodyExt, Either, Full, Limited};
use hyper::body::Incoming;
use hyper::server::conn::http1;
use hyper::service::service_fn;
use hyper_util::rt::TokioIo;
use redact_service::{ApiError, ProxyHeaders, ProxyReply, Service};
use serde::Serialize;
use tokio::net::TcpListener;

use crate::admin_api::{self, AdminAuth};
use crate::console;

/// The OpenAPI 3.1 document served at `/v1/openapi.json`.
pub const OPENAPI: &str = include_str!("../openapi.json");

/// How long in-flight requests get to finish after a shutdown signal.
const DRAIN: Duration = Duration::from_secs(30);

/// A bound gateway, ready to run.
pub struct Gateway {
    listener: TcpListener,
    state: Arc<State>,
}

struct State {
    service: Arc<Service>,
    max_body: usize,
    /// The admin API's token; `None`: the admin API is off (404).
    admin: Option<AdminAuth>,
}

/// A whole body, or a stream fed through a channel: an enum, not a box, so a whole answer
/// costs no allocation or dynamic call for its body.
pub(crate) type Answer = Response<Either<Full<Bytes>, Channel<Bytes, Infallible>>>;

impl Gateway {
    /// Binds `addr` (port 0 picks a free port).
    pub async fn bind(
        addr: SocketAddr,
        service: Arc<Service>,
        max_body: usize,
    ) -> std::io::Result<Gateway> {
        let listener = TcpListener::bind(addr).await?;
        Ok(Gateway {
            listener,
            state: Arc::new(State {
                service,
                max_body,
                admin: None,
            }),
        })
    }

    /// Switches the admin API (`/admin/v1/…`) on with this bearer token (`REDACT_ADMIN_TOKEN`),
    /// or leaves it off with `None`.
    pub fn with_admin_token(self, token: Option<&str>) -> Gateway {
        Gateway {
            listener: self.listener,
            state: Arc::new(State {
                service: self.state.service.clone(),
                max_body: self.state.max_body,
                admin: token.map(AdminAuth::new),
            }),
        }
    }

    /// The address bound.
    pub fn local_addr(&self) -> SocketAddr {
        self.listener
            .local_addr()
            .expect("a bound listener has an address")
    }

    /// Serves until `shutdown` completes, then stops accepting and lets in-flight requests
    /// finish (up to 30 s).
    pub async fn run(self, shutdown: impl Future<Output = ()>) {
        let sweeper = tokio::spawn(sweep_holds(self.state.service.clone()));
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
        if tokio::time::timeout(DRAIN, graceful.shutdown())
            .await
            .is_err()
        {
            tracing::warn!("requests still in flight after the drain period were cut off");
        }
        sweeper.abort();
    }
}

/// Releases expired chat holds (left by a crash of any instance) now and every sweep
/// interval.
async fn sweep_holds(service: Arc<Service>) {
    let mut tick = tokio::time::interval(service.chat_settings().sweep_interval());
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tick.tick().await;
        // A failure is logged by the service; the next tick tries again.
        let _ = service.sweep_expired_holds().await;
    }
}

/// Routes one request, then records its metrics and a log line (route, status, time; never
/// content).
async fn handle(state: &State, req: Request<Incoming>) -> Answer {
    let start = Instant::now();
    let method = req.method().clone();
    let (route, answer) = route(state, req).await;
    let status = answer.status().as_u16();
    let elapsed = start.elapsed();
    state
        .service
        .metrics()
        .observe(route, status, elapsed.as_secs_f64());
    // One line per request at debug (the metrics count them at any level); server errors
    // at warn. Never content: method, route template, status and time only.
    if status >= 500 {
        tracing::warn!(method = %method, route, status, micros = elapsed.as_micros() as u64, "request");
    } else {
        tracing::debug!(method = %method, route, status, micros = elapsed.as_micros() as u64, "request");
    }
    answer
}

async fn route(state: &State, req: Request<Incoming>) -> (&'static str, Answer) {
    let service = &state.service;
    let path = req.uri().path();
    if path == "/admin/v1" || path.starts_with("/admin/v1/") {
        return ("/admin/v1", admin(state, req).await);
    }
    if let Some(asset) = console::asset(path) {
        return ("/console", console::serve(asset, req.method()));
    }
    let (route, allowed): (&'static str, Method) = match path {
        "/v1/redact" => ("/v1/redact", Method::POST),
        "/v1/restore" => ("/v1/restore", Method::POST),
        "/v1/usage" => ("/v1/usage", Method::GET),
        "/healthz" => ("/healthz", Method::GET),
        "/readyz" => ("/readyz", Method::GET),
        "/metrics" => ("/metrics", Method::GET),
        "/v1/openapi.json" => ("/v1/openapi.json", Method::GET),
        "/v1/proxy/chat/completions" => ("/v1/proxy/chat/completions", Method::POST),
        "/v1/chat/completions" => ("/v1/chat/completions", Method::POST),
        _ => return ("other", error(&ApiError::not_found())),
    };
    if req.method() != allowed && !(allowed == Method::GET && req.method() == Method::HEAD) {
        let mut a = error(&ApiError::method_not_allowed(allowed.as_str()));
        a.headers_mut().insert(
            header::ALLOW,
            HeaderValue::from_static(if allowed == Method::GET {
                "GET, HEAD"
            } else {
                "POST"
            }),
        );
        return (route, a);
    }
    let auth = req
        .headers()
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .map(str::to_string);
    let answer = match route {
        "/healthz" => json(StatusCode::OK, &serde_json::json!({"status": "ok"})),
        "/readyz" => {
            if service.ready().await {
                json(StatusCode::OK, &serde_json::json!({"status": "ready"}))
            } else {
                json(
                    StatusCode::SERVICE_UNAVAILABLE,
                    &serde_json::json!({"status": "store unreachable"}),
                )
            }
        }
        "/metrics" => text(
            "text/plain; version=0.0.4; charset=utf-8",
            service.metrics().render(),
        ),
        "/v1/openapi.json" => text("application/json", OPENAPI.to_string()),
        "/v1/usage" => match service.usage(auth.as_deref()).await {
            Ok(u) => json(StatusCode::OK, &u),
            Err(e) => error(&e),
        },
        "/v1/redact" => match read_body(req, state.max_body).await {
            Ok(body) => match service.redact(auth.as_deref(), &body).await {
                Ok(r) => json(StatusCode::OK, &r),
                Err(e) => error(&e),
            },
            Err(e) => error(&e),
        },
        "/v1/proxy/chat/completions" => {
            let header = |name: &str| {
                req.headers()
                    .get(name)
                    .and_then(|v| v.to_str().ok())
                    .map(str::to_string)
            };
            let (provider_key, provider) = (header("x-provider-key"), header("x-provider"));
            match read_body(req, state.max_body).await {
                Ok(body) => {
                    let headers = ProxyHeaders {
                        provider_key: provider_key.as_deref(),
                        provider: provider.as_deref(),
                    };
                    chat_answer(service.proxy(auth.as_deref(), headers, &body).await)
                }
                Err(e) => error(&e),
            }
        }
        "/v1/chat/completions" => match read_body(req, state.max_body).await {
            Ok(body) => chat_answer(service.chat(auth.as_deref(), &body).await),
            Err(e) => error(&e),
        },
        "/v1/restore" => match read_body(req, state.max_body).await {
            Ok(body) => match service.restore(auth.as_deref(), &body).await {
                Ok(r) => json(StatusCode::OK, &r),
                Err(e) => error(&e),
            },
            Err(e) => error(&e),
        },
        _ => error(&ApiError::not_found()),
    };
    (route, answer)
}

/// The admin API: 404 when it is off, 401 without the token, else the command's answer.
async fn admin(state: &State, req: Request<Incoming>) -> Answer {
    let Some(auth) = &state.admin else {
        return error(&ApiError::not_found());
    };
    let authorization = req
        .headers()
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok());
    if !auth.allows(authorization) {
        let mut a = admin_json(admin_api::unauthorized());
        a.headers_mut()
            .insert(header::WWW_AUTHENTICATE, HeaderValue::from_static("Bearer"));
        return a;
    }
    let method = req.method().clone();
    let path = req.uri().path().to_string();
    let body = match read_body(req, admin_api::MAX_ADMIN_BODY).await {
        Ok(b) => b,
        Err(e) => return error(&e),
    };
    let service = &state.service;
    let plans: Vec<&str> = service.chat_settings().catalog().plan_names().collect();
    admin_json(admin_api::answer(service.store().as_ref(), &plans, &method, &path, &body).await)
}

fn admin_json(a: admin_api::AdminAnswer) -> Answer {
    json(a.status, &a.body)
}

/// A chat answer (proxy or service chat): a whole completion or an event stream.
fn chat_answer(reply: Result<ProxyReply, ApiError>) -> Answer {
    match reply {
        Ok(ProxyReply::Json(body)) => respond(StatusCode::OK, "application/json", body.into()),
        Ok(ProxyReply::Stream(stream)) => event_stream(stream),
        Err(e) => error(&e),
    }
}

/// The body, at most `limit` bytes (413 beyond).
async fn read_body(req: Request<Incoming>, limit: usize) -> Result<Bytes, ApiError> {
    let declared = req
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    if declared.is_some_and(|n| n > limit as u64) {
        return Err(ApiError::body_too_large(limit));
    }
    match Limited::new(req.into_body(), limit).collect().await {
        Ok(collected) => Ok(collected.to_bytes()),
        Err(e) if e.is::<http_body_util::LengthLimitError>() => {
            Err(ApiError::body_too_large(limit))
        }
        Err(_) => Err(ApiError::invalid(
            None,
            "The request body could not be read.",
        )),
    }
}

fn json<T: Serialize>(status: StatusCode, value: &T) -> Answer {
    match serde_json::to_vec(value) {
        Ok(body) => respond(status, "application/json", body.into()),
        Err(_) => error(&ApiError::internal()),
    }
}

fn text(content_type: &'static str, body: String) -> Answer {
    respond(StatusCode::OK, content_type, body.into())
}

fn error(e: &ApiError) -> Answer {
    let status = StatusCode::from_u16(e.status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
    let mut a = respond(status, "application/json", e.body().into());
    if let Some(secs) = e.retry_after {
        a.headers_mut()
            .insert(header::RETRY_AFTER, HeaderValue::from(secs));
    }
    a
}

/// A `text/event-stream` answer. One task pulls the restored stream from the vendor; another
/// writes it to the client, with an SSE comment every few seconds while the vendor is quiet.
/// When the client goes away a write fails, the writer stops the puller, and dropping the
/// stream cancels the vendor call (even while the vendor is silent).
fn event_stream(mut stream: Box<redact_service::ProxyStream>) -> Answer {
    let (mut tx, body) = Channel::<Bytes, Infallible>::new(8);
    let (pieces_tx, mut pieces) = tokio::sync::mpsc::channel::<Bytes>(8);
    let puller = tokio::spawn(async move {
        while let Some(piece) = stream.next().await {
            if pieces_tx.send(piece).await.is_err() {
                break;
            }
        }
    });
    tokio::spawn(async move {
        // First beat one period from now: an immediate first tick would still wait for the
        // timer wheel (millisecond granularity) before the first piece goes out.
        let mut beat =
            tokio::time::interval_at(tokio::time::Instant::now() + KEEP_ALIVE, KEEP_ALIVE);
        loop {
            let piece = tokio::select! {
                piece = pieces.recv() => match piece {
                    Some(p) => p,
                    None => break,
                },
                _ = beat.tick() => Bytes::from_static(b": keep-alive\n\n"),
            };
            if tx.send_data(piece).await.is_err() {
                break;
            }
        }
        puller.abort();
    });
    let mut a = Response::new(Either::Right(body));
    a.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/event-stream"),
    );
    a.headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    a
}

/// How often a quiet stream gets an SSE comment (clients ignore it; it finds clients that
/// went away).
const KEEP_ALIVE: Duration = Duration::from_secs(2);

fn respond(status: StatusCode, content_type: &'static str, body: Bytes) -> Answer {
    let mut a = Response::new(Either::Left(Full::new(body)));
    *a.status_mut() = status;
    a.headers_mut()
        .insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    a.headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    a
}
