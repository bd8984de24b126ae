//! Fake model vendors on 127.0.0.1:0 speaking each vendor's own wire format: OpenAI chat
//! completions, Anthropic Messages and Google Gemini `generateContent` /
//! `streamGenerateContent?alt=sse`, whole and streamed.
//!
//! A [`FakeVendor`] answers every request with its [`Script`]: a reply text and tool calls,
//! optionally cut into tiny SSE events (so stand-ins are split across events), an error in
//! the vendor's error format with a given status, delays, a stream that stalls, breaks off
//! or fails midway. It records every request ([`FakeVendor::received`]) and counts streams
//! whose client went away ([`FakeVendor::cancelled`]).
//!
//! ```no_run
//! # async fn demo() {
//! use redact_testkit::vendors::{FakeVendor, Kind, Script};
//!
//! let vendor = FakeVendor::start(Kind::Anthropic, Script::text("Hello Emily Clark").pieces(3)).await;
//! // … point the code under test at vendor.base_url …
//! let seen = vendor.last();
//! assert_eq!(seen.path, "/v1/messages");
//! # }
//! ```
//!
//! Like a real vendor, it checks the path and the key header (401 in the vendor's format
//! without one), OpenAI reports usage in a stream only when asked with
//! `stream_options.include_usage`, and Gemini streams only with `alt=sse`.

use std::convert::Infallible;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use bytes::Bytes;
use http::{Request, Response};
use http_body_util::combinators::BoxBody;
use http_body_util::{BodyExt, Full};
use serde_json::{Value, json};

use crate::Received;

/// Which vendor's wire format a [`FakeVendor`] speaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// OpenAI: `POST {base_url}/chat/completions` with `Authorization: Bearer`; `base_url`
    /// ends in `/v1`.
    OpenAi,
    /// Anthropic: `POST {base_url}/v1/messages` with `x-api-key` and `anthropic-version`.
    Anthropic,
    /// Google: `POST {base_url}/v1beta/models/{model}:generateContent` or
    /// `:streamGenerateContent?alt=sse` with `x-goog-api-key`.
    Google,
}

/// A scripted tool call: the function's name and its arguments (a JSON object as text).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScriptedCall {
    /// The function.
    pub name: String,
    /// The arguments, JSON text.
    pub arguments: String,
}

/// What a [`FakeVendor`] answers. Build with [`Script::text`] and the builder methods.
#[derive(Clone, Debug)]
pub struct Script {
    /// The reply text.
    pub text: String,
    /// Tool calls after the text.
    pub tool_calls: Vec<ScriptedCall>,
    /// Bytes per SSE event for text and streamed arguments (cut at character boundaries);
    /// 0: one event for the whole text.
    pub piece: usize,
    /// Answer this status with this message in the vendor's error format.
    pub error: Option<(u16, String)>,
    /// Wait this long before the response head.
    pub head_delay: Duration,
    /// Wait this long between SSE events.
    pub event_delay: Duration,
    /// Input and output token counts reported.
    pub usage: (u64, u64),
    /// OpenAI only: report no usage at all (as some OpenAI-compatible servers do).
    pub no_usage: bool,
    /// Report that the output limit was reached (`length`).
    pub truncated: bool,
    /// In a stream: after this many events, send only an SSE comment every [`STALL_BEAT`]
    /// until the client goes away.
    pub stall_after: Option<usize>,
    /// In a stream: after the text, send an error event with this message and end.
    pub stream_error: Option<String>,
    /// In a stream: end the body after the text, without the closing events.
    pub cut_short: bool,
}

impl Script {
    /// A reply with this text.
    pub fn text(text: impl Into<String>) -> Script {
        Script {
            text: text.into(),
            tool_calls: Vec::new(),
            piece: 0,
            error: None,
            head_delay: Duration::ZERO,
            event_delay: Duration::ZERO,
            usage: (11, 7),
            no_usage: false,
            truncated: false,
            stall_after: None,
            stream_error: None,
            cut_short: false,
        }
    }

    /// An error answer: `status` with `message` in the vendor's error format.
    pub fn error(status: u16, message: impl Into<String>) -> Script {
        Script {
            error: Some((status, message.into())),
            ..Script::text("")
        }
    }

    /// Adds a tool call.
    pub fn tool_call(mut self, name: impl Into<String>, arguments: impl Into<String>) -> Script {
        self.tool_calls.push(ScriptedCall {
            name: name.into(),
            arguments: arguments.into(),
        });
        self
    }

    /// Cuts streamed text and arguments into events of about `bytes` bytes.
    pub fn pieces(mut self, bytes: usize) -> Script {
        self.piece = bytes;
        self
    }

    /// Waits before the response head.
    pub fn head_delay(mut self, d: Duration) -> Script {
        self.head_delay = d;
        self
    }

    /// Waits between SSE events.
    pub fn event_delay(mut self, d: Duration) -> Script {
        self.event_delay = d;
        self
    }

    /// Reports these token counts.
    pub fn usage(mut self, input: u64, output: u64) -> Script {
        self.usage = (input, output);
        self
    }

    /// OpenAI only: reports no usage, in whole answers or streams.
    pub fn without_usage(mut self) -> Script {
        self.no_usage = true;
        self
    }

    /// Reports that the output limit was reached.
    pub fn truncated(mut self) -> Script {
        self.truncated = true;
        self
    }

    /// Stalls a stream after `events` events until the client goes away (see
    /// [`STALL_BEAT`]).
    pub fn stall_after(mut self, events: usize) -> Script {
        self.stall_after = Some(events);
        self
    }

    /// Fails a stream after its text with an error event.
    pub fn stream_error(mut self, message: impl Into<String>) -> Script {
        self.stream_error = Some(message.into());
        self
    }

    /// Ends a stream after its text without the closing events.
    pub fn cut_short(mut self) -> Script {
        self.cut_short = true;
        self
    }

    fn split<'a>(&self, s: &'a str) -> Vec<&'a str> {
        split_pieces(s, self.piece)
    }
}

/// `s` in pieces of about `bytes` bytes, cut at character boundaries (`bytes` 0: whole).
pub fn split_pieces(s: &str, bytes: usize) -> Vec<&str> {
    if s.is_empty() {
        return Vec::new();
    }
    if bytes == 0 {
        return vec![s];
    }
    let mut out = Vec::new();
    let mut start = 0;
    while start < s.len() {
        let mut end = (start + bytes).min(s.len());
        while !s.is_char_boundary(end) {
            end += 1;
        }
        out.push(&s[start..end]);
        start = end;
    }
    out
}

/// A key-looking value made at run time: `prefix` + 40 random letters and digits (tests
/// never hold literal keys).
pub fn test_key(prefix: &str) -> String {
    use rand::RngExt;
    const ALPHABET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    let mut rng = rand::rng();
    let tail: String = (0..40)
        .map(|_| ALPHABET[rng.random_range(0..ALPHABET.len())] as char)
        .collect();
    format!("{prefix}{tail}")
}

impl Received {
    /// The body as JSON (panics when it is not: a test helper).
    pub fn json(&self) -> Value {
        serde_json::from_slice(&self.body).unwrap_or_else(|e| {
            panic!(
                "request body is not JSON ({e}): {}",
                String::from_utf8_lossy(&self.body)
            )
        })
    }

    /// A header as text.
    pub fn header(&self, name: &str) -> Option<String> {
        self.headers
            .get(name)
            .and_then(|v| v.to_str().ok())
            .map(str::to_string)
    }

    /// Everything received (path, headers, body) as one lossy text, to assert that a value
    /// appears nowhere.
    pub fn all_text(&self) -> String {
        let mut s = self.path.clone();
        for (k, v) in &self.headers {
            s.push('\n');
            s.push_str(k.as_str());
            s.push_str(": ");
            s.push_str(&String::from_utf8_lossy(v.as_bytes()));
        }
        s.push('\n');
        s.push_str(&String::from_utf8_lossy(&self.body));
        s
    }
}

struct Shared {
    kind: Kind,
    script: Mutex<Script>,
    received: Mutex<Vec<Received>>,
    cancelled: AtomicUsize,
    streams_done: AtomicUsize,
}

/// While a stream stalls, the fake writes one SSE comment this often (so it notices when the
/// client goes away); an idle timeout shorter than this sees a silent vendor.
pub const STALL_BEAT: Duration = Duration::from_millis(500);

/// A fake vendor server. It runs until the test's runtime ends.
pub struct FakeVendor {
    /// The base URL to configure (`http://127.0.0.1:PORT/v1` for OpenAI,
    /// `http://127.0.0.1:PORT` for the others).
    pub base_url: String,
    /// The address it listens on.
    pub addr: std::net::SocketAddr,
    shared: Arc<Shared>,
}

type Body = BoxBody<Bytes, Infallible>;

impl FakeVendor {
    /// Starts a fake `kind` vendor answering with `script` (on the current tokio runtime).
    pub async fn start(kind: Kind, script: Script) -> FakeVendor {
        use hyper::service::service_fn;
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("binds");
        let addr = listener.local_addr().expect("an address");
        let shared = Arc::new(Shared {
            kind,
            script: Mutex::new(script),
            received: Mutex::new(Vec::new()),
            cancelled: AtomicUsize::new(0),
            streams_done: AtomicUsize::new(0),
        });
        let s = shared.clone();
        tokio::spawn(async move {
            while let Ok((stream, _)) = listener.accept().await {
                let _ = stream.set_nodelay(true);
                let s = s.clone();
                tokio::spawn(async move {
                    let svc = service_fn(move |req: Request<hyper::body::Incoming>| {
                        let s = s.clone();
                        async move { Ok::<_, Infallible>(handle(s, req).await) }
                    });
                    let _ = hyper::server::conn::http1::Builder::new()
                        .serve_connection(hyper_util::rt::TokioIo::new(stream), svc)
                        .await;
                });
            }
        });
        let base_url = match kind {
            Kind::OpenAi => format!("http://{addr}/v1"),
            Kind::Anthropic | Kind::Google => format!("http://{addr}"),
        };
        FakeVendor {
            base_url,
            addr,
            shared,
        }
    }

    /// The script for the next requests.
    pub fn set_script(&self, script: Script) {
        *self.shared.script.lock().expect("lock") = script;
    }

    /// Every request received so far, in order.
    pub fn received(&self) -> Vec<Received> {
        self.shared.received.lock().expect("lock").clone()
    }

    /// The last request received (panics when there is none).
    pub fn last(&self) -> Received {
        self.received()
            .pop()
            .expect("the fake vendor received a request")
    }

    /// How many streams the client left before their end (the fake noticed it could not
    /// write).
    pub fn cancelled(&self) -> usize {
        self.shared.cancelled.load(Ordering::SeqCst)
    }

    /// How many streams were written to their end.
    pub fn streams_done(&self) -> usize {
        self.shared.streams_done.load(Ordering::SeqCst)
    }

    /// Waits up to `limit` until [`cancelled`](FakeVendor::cancelled) reaches `n`.
    pub async fn wait_cancelled(&self, n: usize, limit: Duration) -> bool {
        let start = tokio::time::Instant::now();
        while start.elapsed() < limit {
            if self.cancelled() >= n {
                return true;
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        self.cancelled() >= n
    }
}

fn full(status: u16, content_type: &str, body: String) -> Response<Body> {
    Response::builder()
        .status(status)
        .header("content-type", content_type)
        .body(Full::new(Bytes::from(body)).boxed())
        .expect("a valid response")
}

fn error_body(kind: Kind, status: u16, message: &str) -> String {
    match kind {
        Kind::OpenAi => json!({"error": {
            "message": message,
            "type": if status >= 500 { "server_error" } else { "invalid_request_error" },
            "param": null,
            "code": if status == 401 { json!("invalid_api_key") } else { Value::Null },
        }}),
        Kind::Anthropic => json!({"type": "error", "error": {
            "type": match status {
                401 => "authentication_error",
                403 => "permission_error",
                404 => "not_found_error",
                413 => "request_too_large",
                429 => "rate_limit_error",
                529 => "overloaded_error",
                s if s >= 500 => "api_error",
                _ => "invalid_request_error",
            },
            "message": message,
        }}),
        Kind::Google => json!({"error": {
            "code": status,
            "message": message,
            "status": match status {
                401 => "UNAUTHENTICATED",
                403 => "PERMISSION_DENIED",
                404 => "NOT_FOUND",
                429 => "RESOURCE_EXHAUSTED",
                503 => "UNAVAILABLE",
                s if s >= 500 => "INTERNAL",
                _ => "INVALID_ARGUMENT",
            },
        }}),
    }
    .to_string()
}

fn error(kind: Kind, status: u16, message: &str) -> Response<Body> {
    full(
        status,
        "application/json",
        error_body(kind, status, message),
    )
}

/// What the request asks for, once its path and key are checked.
struct Ask {
    model: String,
    stream: bool,
    include_usage: bool,
}

/// The request's path, key header and body checked as the vendor would: what it asks for,
/// or the error status and message.
fn check(kind: Kind, r: &Received) -> Result<Ask, (u16, String)> {
    let body: Value =
        serde_json::from_slice(&r.body).map_err(|_| (400, "the body is not JSON".to_string()))?;
    let (path, query) = r.path.split_once('?').unwrap_or((&r.path, ""));
    match kind {
        Kind::OpenAi => {
            if path != "/v1/chat/completions" {
                return Err((404, "unknown path".to_string()));
            }
            if !r
                .header("authorization")
                .is_some_and(|a| a.starts_with("Bearer ") && a.len() > 7)
            {
                return Err((401, "You didn't provide an API key.".to_string()));
            }
            Ok(Ask {
                model: body["model"].as_str().unwrap_or_default().to_string(),
                stream: body["stream"] == json!(true),
                include_usage: body["stream_options"]["include_usage"] == json!(true),
            })
        }
        Kind::Anthropic => {
            if path != "/v1/messages" {
                return Err((404, "unknown path".to_string()));
            }
            if r.header("x-api-key").is_none_or(|k| k.is_empty()) {
                return Err((401, "x-api-key header is required".to_string()));
            }
            if r.header("anthropic-version").is_none() {
                return Err((400, "anthropic-version header is required".to_string()));
            }
            if !body["max_tokens"].is_u64() {
                return Err((400, "max_tokens: Field required".to_string()));
            }
            Ok(Ask {
                model: body["model"].as_str().unwrap_or_default().to_string(),
                stream: body["stream"] == json!(true),
                include_usage: true,
            })
        }
        Kind::Google => {
            let Some(rest) = path.strip_prefix("/v1beta/models/") else {
                return Err((404, "unknown path".to_string()));
            };
            let (model, method) = rest
                .split_once(':')
                .ok_or_else(|| (404, "unknown path".to_string()))?;
            let stream = match method {
                "generateContent" => false,
                "streamGenerateContent" if query.split('&').any(|q| q == "alt=sse") => true,
                "streamGenerateContent" => {
                    return Err((400, "this fake streams only with alt=sse".to_string()));
                }
                _ => return Err((404, "unknown method".to_string())),
            };
            if r.header("x-goog-api-key").is_none_or(|k| k.is_empty()) {
                return Err((
                    401,
                    "Method doesn't allow unregistered callers. Please use API Key.".to_string(),
                ));
            }
            Ok(Ask {
                model: model.to_string(),
                stream,
                include_usage: true,
            })
        }
    }
}

async fn handle(s: Arc<Shared>, req: Request<hyper::body::Incoming>) -> Response<Body> {
    let (parts, body) = req.into_parts();
    let body = body
        .collect()
        .await
        .map(|b| b.to_bytes())
        .unwrap_or_default();
    let r = Received {
        path: parts
            .uri
            .path_and_query()
            .map(|p| p.to_string())
            .unwrap_or_default(),
        headers: parts.headers,
        body,
    };
    s.received.lock().expect("lock").push(r.clone());
    let kind = s.kind;
    let script = s.script.lock().expect("lock").clone();
    if !script.head_delay.is_zero() {
        tokio::time::sleep(script.head_delay).await;
    }
    if let Some((status, message)) = &script.error {
        return error(kind, *status, message);
    }
    let ask = match check(kind, &r) {
        Ok(a) => a,
        Err((status, message)) => return error(kind, status, &message),
    };
    if !ask.stream {
        return full(
            200,
            "application/json",
            whole(kind, &script, &ask).to_string(),
        );
    }
    let events = stream_events(kind, &script, &ask);
    let (mut tx, rx) = http_body_util::channel::Channel::<Bytes, Infallible>::new(1);
    tokio::spawn(async move {
        for (i, ev) in events.into_iter().enumerate() {
            if script.stall_after == Some(i) {
                loop {
                    tokio::time::sleep(STALL_BEAT).await;
                    if tx
                        .send_data(Bytes::from_static(b": waiting\n\n"))
                        .await
                        .is_err()
                    {
                        s.cancelled.fetch_add(1, Ordering::SeqCst);
                        return;
                    }
                }
            }
            if i > 0 && !script.event_delay.is_zero() {
                tokio::time::sleep(script.event_delay).await;
            }
            if tx.send_data(Bytes::from(ev)).await.is_err() {
                s.cancelled.fetch_add(1, Ordering::SeqCst);
                return;
            }
        }
        s.streams_done.fetch_add(1, Ordering::SeqCst);
    });
    Response::builder()
        .status(200)
        .header("content-type", "text/event-stream")
        .header("cache-control", "no-cache")
        .body(rx.boxed())
        .expect("a valid response")
}

fn args_value(arguments: &str) -> Value {
    serde_json::from_str(arguments).unwrap_or_else(|_| json!({}))
}

/// The whole (non-streamed) answer.
fn whole(kind: Kind, sc: &Script, ask: &Ask) -> Value {
    let (input, output) = sc.usage;
    match kind {
        Kind::OpenAi => {
            let calls: Vec<Value> = sc
                .tool_calls
                .iter()
                .enumerate()
                .map(|(i, c)| json!({"id": format!("call_{i}"), "type": "function", "function": {"name": c.name, "arguments": c.arguments}}))
                .collect();
            let mut message = json!({
                "role": "assistant",
                "content": if sc.text.is_empty() && !calls.is_empty() { Value::Null } else { json!(sc.text) },
                "refusal": null,
                "annotations": [],
            });
            if !calls.is_empty() {
                message["tool_calls"] = json!(calls);
            }
            let mut answer = json!({
                "id": "chatcmpl-fake",
                "object": "chat.completion",
                "created": 1_700_000_000,
                "model": ask.model,
                "choices": [{"index": 0, "message": message, "logprobs": null, "finish_reason": openai_finish(sc)}],
                "usage": {"prompt_tokens": input, "completion_tokens": output, "total_tokens": input + output,
                    "prompt_tokens_details": {"cached_tokens": 0}, "completion_tokens_details": {"reasoning_tokens": 0}},
                "service_tier": "default",
                "system_fingerprint": "fp_fake",
            });
            if sc.no_usage {
                answer.as_object_mut().expect("an object").remove("usage");
            }
            answer
        }
        Kind::Anthropic => {
            let mut content = Vec::new();
            if !sc.text.is_empty() {
                content.push(json!({"type": "text", "text": sc.text}));
            }
            for (i, c) in sc.tool_calls.iter().enumerate() {
                content.push(json!({"type": "tool_use", "id": format!("toolu_{i}"), "name": c.name, "input": args_value(&c.arguments)}));
            }
            json!({
                "id": "msg_fake",
                "type": "message",
                "role": "assistant",
                "model": ask.model,
                "content": content,
                "stop_reason": anthropic_stop(sc),
                "stop_sequence": null,
                "usage": {"input_tokens": input, "output_tokens": output,
                    "cache_creation_input_tokens": 0, "cache_read_input_tokens": 0},
            })
        }
        Kind::Google => {
            let mut parts = Vec::new();
            if !sc.text.is_empty() {
                parts.push(json!({"text": sc.text}));
            }
            for c in &sc.tool_calls {
                parts.push(
                    json!({"functionCall": {"name": c.name, "args": args_value(&c.arguments)}}),
                );
            }
            json!({
                "candidates": [{"content": {"parts": parts, "role": "model"},
                    "finishReason": google_finish(sc), "index": 0}],
                "usageMetadata": google_usage(sc, true),
                "modelVersion": ask.model,
                "responseId": "fake-response",
            })
        }
    }
}

fn openai_finish(sc: &Script) -> &'static str {
    if sc.truncated {
        "length"
    } else if sc.tool_calls.is_empty() {
        "stop"
    } else {
        "tool_calls"
    }
}

fn anthropic_stop(sc: &Script) -> &'static str {
    if sc.truncated {
        "max_tokens"
    } else if sc.tool_calls.is_empty() {
        "end_turn"
    } else {
        "tool_use"
    }
}

fn google_finish(sc: &Script) -> &'static str {
    if sc.truncated { "MAX_TOKENS" } else { "STOP" }
}

fn google_usage(sc: &Script, done: bool) -> Value {
    let (input, output) = sc.usage;
    if done {
        json!({"promptTokenCount": input, "candidatesTokenCount": output, "totalTokenCount": input + output})
    } else {
        json!({"promptTokenCount": input, "totalTokenCount": input})
    }
}

fn sse(event: Option<&str>, data: &Value, crlf: bool) -> String {
    let nl = if crlf { "\r\n" } else { "\n" };
    let mut s = String::new();
    if let Some(e) = event {
        s.push_str(&format!("event: {e}{nl}"));
    }
    s.push_str(&format!("data: {data}{nl}{nl}"));
    s
}

/// The streamed answer, one string per SSE event.
fn stream_events(kind: Kind, sc: &Script, ask: &Ask) -> Vec<String> {
    let (input, output) = sc.usage;
    let mut out = Vec::new();
    match kind {
        Kind::OpenAi => {
            let chunk = |delta: Value, finish: Value| {
                let mut c = json!({
                    "id": "chatcmpl-fake", "object": "chat.completion.chunk", "created": 1_700_000_000,
                    "model": ask.model, "service_tier": "default", "system_fingerprint": "fp_fake",
                    "choices": [{"index": 0, "delta": delta, "logprobs": null, "finish_reason": finish}],
                });
                if ask.include_usage {
                    c["usage"] = Value::Null;
                }
                sse(None, &c, false)
            };
            out.push(chunk(
                json!({"role": "assistant", "content": "", "refusal": null}),
                Value::Null,
            ));
            for p in sc.split(&sc.text) {
                out.push(chunk(json!({"content": p}), Value::Null));
            }
            if let Some(m) = &sc.stream_error {
                out.push(sse(None, &json!({"error": {"message": m, "type": "server_error", "param": null, "code": null}}), false));
                return out;
            }
            if sc.cut_short {
                return out;
            }
            for (i, c) in sc.tool_calls.iter().enumerate() {
                out.push(chunk(json!({"tool_calls": [{"index": i, "id": format!("call_{i}"), "type": "function", "function": {"name": c.name, "arguments": ""}}]}), Value::Null));
                for p in sc.split(&c.arguments) {
                    out.push(chunk(
                        json!({"tool_calls": [{"index": i, "function": {"arguments": p}}]}),
                        Value::Null,
                    ));
                }
            }
            out.push(chunk(json!({}), json!(openai_finish(sc))));
            if ask.include_usage && !sc.no_usage {
                out.push(sse(None, &json!({
                    "id": "chatcmpl-fake", "object": "chat.completion.chunk", "created": 1_700_000_000,
                    "model": ask.model, "service_tier": "default", "system_fingerprint": "fp_fake", "choices": [],
                    "usage": {"prompt_tokens": input, "completion_tokens": output, "total_tokens": input + output},
                }), false));
            }
            out.push("data: [DONE]\n\n".to_string());
        }
        Kind::Anthropic => {
            let ev = |name: &str, data: Value| sse(Some(name), &data, false);
            out.push(ev("message_start", json!({"type": "message_start", "message": {
                "id": "msg_fake", "type": "message", "role": "assistant", "model": ask.model, "content": [],
                "stop_reason": null, "stop_sequence": null,
                "usage": {"input_tokens": input, "output_tokens": 1, "cache_creation_input_tokens": 0, "cache_read_input_tokens": 0}}})));
            let mut block = 0;
            if !sc.text.is_empty() {
                out.push(ev("content_block_start", json!({"type": "content_block_start", "index": block, "content_block": {"type": "text", "text": ""}})));
                out.push(ev("ping", json!({"type": "ping"})));
                for p in sc.split(&sc.text) {
                    out.push(ev("content_block_delta", json!({"type": "content_block_delta", "index": block, "delta": {"type": "text_delta", "text": p}})));
                }
            }
            if let Some(m) = &sc.stream_error {
                out.push(ev(
                    "error",
                    json!({"type": "error", "error": {"type": "overloaded_error", "message": m}}),
                ));
                return out;
            }
            if sc.cut_short {
                return out;
            }
            if !sc.text.is_empty() {
                out.push(ev(
                    "content_block_stop",
                    json!({"type": "content_block_stop", "index": block}),
                ));
                block += 1;
            }
            for (i, c) in sc.tool_calls.iter().enumerate() {
                out.push(ev("content_block_start", json!({"type": "content_block_start", "index": block, "content_block": {"type": "tool_use", "id": format!("toolu_{i}"), "name": c.name, "input": {}}})));
                for p in sc.split(&c.arguments) {
                    out.push(ev("content_block_delta", json!({"type": "content_block_delta", "index": block, "delta": {"type": "input_json_delta", "partial_json": p}})));
                }
                out.push(ev(
                    "content_block_stop",
                    json!({"type": "content_block_stop", "index": block}),
                ));
                block += 1;
            }
            out.push(ev("message_delta", json!({"type": "message_delta", "delta": {"stop_reason": anthropic_stop(sc), "stop_sequence": null}, "usage": {"output_tokens": output}})));
            out.push(ev("message_stop", json!({"type": "message_stop"})));
        }
        Kind::Google => {
            let mut candidates: Vec<Value> = sc
                .split(&sc.text)
                .into_iter()
                .map(|p| json!([{"text": p}]))
                .collect();
            if let Some(m) = &sc.stream_error {
                let mut out: Vec<String> = candidates
                    .iter()
                    .map(|parts| google_event(sc, ask, parts, None))
                    .collect();
                out.push(sse(
                    None,
                    &json!({"error": {"code": 503, "message": m, "status": "UNAVAILABLE"}}),
                    true,
                ));
                return out;
            }
            if sc.cut_short {
                return candidates
                    .iter()
                    .map(|parts| google_event(sc, ask, parts, None))
                    .collect();
            }
            for c in &sc.tool_calls {
                candidates.push(
                    json!([{"functionCall": {"name": c.name, "args": args_value(&c.arguments)}}]),
                );
            }
            if candidates.is_empty() {
                candidates.push(json!([{"text": ""}]));
            }
            let last = candidates.len() - 1;
            for (i, parts) in candidates.iter().enumerate() {
                out.push(google_event(
                    sc,
                    ask,
                    parts,
                    (i == last).then(|| google_finish(sc)),
                ));
            }
        }
    }
    out
}

fn google_event(sc: &Script, ask: &Ask, parts: &Value, finish: Option<&str>) -> String {
    let mut cand = json!({"content": {"parts": parts, "role": "model"}, "index": 0});
    if let Some(f) = finish {
        cand["finishReason"] = json!(f);
    }
    sse(
        None,
        &json!({"candidates": [cand], "usageMetadata": google_usage(sc, finish.is_some()),
            "modelVersion": ask.model, "responseId": "fake-response"}),
        true,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pieces_respect_characters() {
        assert_eq!(split_pieces("abcdefg", 3), ["abc", "def", "g"]);
        assert_eq!(split_pieces("héllo", 2), ["hé", "ll", "o"]);
        assert_eq!(split_pieces("abc", 0), ["abc"]);
        assert!(split_pieces("", 3).is_empty());
        let k = test_key("sk-test-");
        assert!(k.starts_with("sk-test-") && k.len() == 48);
    }
}
