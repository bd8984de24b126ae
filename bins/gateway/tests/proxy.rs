//! The proxy over real HTTP: the gateway in front of fake vendors that speak OpenAI's,
//! Anthropic's and Google's wire formats, whole answers and streams cut into 3-byte events.

use std::sync::Arc;

use http::{Method, StatusCode};
use redact_gateway::Gateway;
use redact_service::billing::Store;
use redact_service::vendors::{Client as VendorClient, Endpoint, Timeouts, Vendor};
use redact_service::{Config, Service, Vendors};
use redact_testkit::vendors::{FakeVendor, Kind, Script, test_key};
use redact_testkit::{Backend, Client, Reply};
use serde_json::{Value, json};

struct Proxy {
    client: Client,
    addr: std::net::SocketAddr,
    store: Arc<dyn Store>,
    key: String,
    _dir: tempfile::TempDir,
}

async fn start(fake: &FakeVendor, vendor: Vendor) -> Proxy {
    start_with(fake, vendor, None).await
}

async fn start_with(
    fake: &FakeVendor,
    vendor: Vendor,
    name_model: Option<redact_service::namecheck::NameModel>,
) -> Proxy {
    let dir = tempfile::tempdir().unwrap();
    let store = redact_service::billing::open(&Backend::Sqlite.fresh_url(dir.path(), "proxy"))
        .await
        .unwrap();
    let vendors = Vendors::new(
        VendorClient::new(Timeouts::default()).unwrap(),
        [(vendor, Endpoint::new(&fake.base_url).unwrap())],
    );
    let service = Service::new(
        store.clone(),
        Config {
            rate_limit_per_minute: 10_000,
            ..Config::default()
        },
    )
    .with_vendors(vendors)
    .with_name_model(name_model);
    let gateway = Gateway::bind("127.0.0.1:0".parse().unwrap(), Arc::new(service), 8 << 20)
        .await
        .unwrap();
    let addr = gateway.local_addr();
    let client = Client::new(addr);
    tokio::spawn(gateway.run(std::future::pending()));
    let account = store.create_account("p", "free", true, 0).await.unwrap();
    let key = store.create_key(&account.id, None).await.unwrap();
    Proxy {
        client,
        addr,
        store,
        key: key.key.expose().clone(),
        _dir: dir,
    }
}

impl Proxy {
    fn client_addr(&self) -> std::net::SocketAddr {
        self.addr
    }

    async fn send(&self, headers: &[(&str, &str)], body: &Value) -> Reply {
        self.client
            .send(
                Method::POST,
                "/v1/proxy/chat/completions",
                Some(&self.key),
                headers,
                body.to_string(),
            )
            .await
    }

    async fn requests_counted(&self) -> i64 {
        let hash = redact_service::billing::KeyHash::parse(&self.key).unwrap();
        self.store
            .usage(&hash, redact_service::billing::Month::now())
            .await
            .unwrap()
            .unwrap()
            .requests_this_month
    }
}

const REAL_NAME: &str = "Jane Doe";
const REAL_EMAIL: &str = "jane.doe@example.org";
const REAL_PHONE: &str = "+1 415 555 0132";
const STAND_IN_NAME: &str = "Mara Vintner";
const STAND_IN_EMAIL: &str = "mara.vintner@example.net";

/// A conversation with personal details in the system prompt, the history and the question,
/// and a caller's map that fixes two stand-ins (so the fake vendor can answer with them).
fn conversation(model: &str, stream: bool) -> Value {
    json!({
        "model": model,
        "stream": stream,
        "temperature": 0.2,
        "max_tokens": 200,
        "messages": [
            {"role": "system", "content": format!("You help {REAL_NAME}, reachable on {REAL_PHONE}.")},
            {"role": "user", "content": format!("Please draft a note to {REAL_NAME} at {REAL_EMAIL}.")},
            {"role": "assistant", "content": "Sure. What should it say?"},
            {"role": "user", "content": [{"type": "text", "text": format!("Say that {REAL_NAME} is booked; call {REAL_PHONE} if not.")}]}
        ],
        "map": { STAND_IN_NAME: REAL_NAME, STAND_IN_EMAIL: REAL_EMAIL }
    })
}

/// The `data:` payloads of an event stream, in order (comments and blank lines dropped).
fn sse_data(body: &str) -> Vec<&str> {
    body.split("\n\n")
        .filter_map(|e| e.trim().strip_prefix("data: "))
        .collect()
}

fn reply_text() -> String {
    format!(
        "Dear {STAND_IN_NAME}, I will write to {STAND_IN_EMAIL} today. Mara Vintner's booking is confirmed."
    )
}

fn restored_reply() -> String {
    format!(
        "Dear {REAL_NAME}, I will write to {REAL_EMAIL} today. Jane Doe's booking is confirmed."
    )
}

fn model_of(kind: Kind) -> (&'static str, Vendor) {
    match kind {
        Kind::OpenAi => ("gpt-4o-mini", Vendor::OpenAi),
        Kind::Anthropic => ("claude-sonnet-4-5", Vendor::Anthropic),
        Kind::Google => ("gemini-2.5-flash", Vendor::Google),
    }
}

/// The vendor saw no real value, the stand-ins instead, and the caller's key in its header.
fn assert_vendor_saw_only_stand_ins(fake: &FakeVendor, kind: Kind, provider_key: &str) {
    let got = fake.last();
    let all = got.all_text();
    for real in [REAL_NAME, "Jane", REAL_EMAIL, "415 555 0132"] {
        assert!(!all.contains(real), "{kind:?} received {real:?}");
    }
    assert!(all.contains(STAND_IN_NAME), "{kind:?} got the stand-in");
    assert!(
        !all.contains("\"map\""),
        "the service's fields are not forwarded"
    );
    let key_header = match kind {
        Kind::OpenAi => got.header("authorization").unwrap(),
        Kind::Anthropic => got.header("x-api-key").unwrap(),
        Kind::Google => got.header("x-goog-api-key").unwrap(),
    };
    assert!(
        key_header.ends_with(provider_key),
        "{kind:?} got the provider key"
    );
    assert_eq!(got.header("accept-encoding").as_deref(), Some("identity"));
}

async fn whole_answer(kind: Kind) {
    let fake = FakeVendor::start(kind, Script::text(reply_text())).await;
    let (model, vendor) = model_of(kind);
    let p = start(&fake, vendor).await;
    let provider_key = test_key("vk-");
    let r = p
        .send(
            &[("x-provider-key", &provider_key)],
            &conversation(model, false),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{kind:?}: {}", r.text());
    let c = r.json();
    assert_eq!(c["object"], "chat.completion");
    assert_eq!(
        c["choices"][0]["message"]["content"],
        restored_reply(),
        "{kind:?}"
    );
    assert_eq!(c["choices"][0]["finish_reason"], "stop");
    assert!(
        c["usage"]["total_tokens"].as_u64().unwrap() > 0,
        "usage passed through"
    );
    assert_vendor_saw_only_stand_ins(&fake, kind, &provider_key);
    assert!(!r.text().contains(STAND_IN_NAME));
    assert_eq!(p.requests_counted().await, 1);
}

async fn streamed_answer(kind: Kind) {
    let fake = FakeVendor::start(kind, Script::text(reply_text()).pieces(3)).await;
    let (model, vendor) = model_of(kind);
    let p = start(&fake, vendor).await;
    let provider_key = test_key("vk-");
    let r = p
        .send(
            &[("x-provider-key", &provider_key)],
            &conversation(model, true),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{kind:?}: {}", r.text());
    assert_eq!(r.headers["content-type"], "text/event-stream");
    let body = r.text();
    let events = sse_data(&body);
    assert_eq!(events.last(), Some(&"[DONE]"), "{kind:?}: {body}");
    let mut text = String::new();
    let mut finish = None;
    for e in &events[..events.len() - 1] {
        // No event holds a stand-in, or the start of one.
        for part in ["Mara", "Vintner", "mara.", "vintner@", "example.net"] {
            assert!(!e.contains(part), "{kind:?}: an event holds {part:?}: {e}");
        }
        let chunk: Value = serde_json::from_str(e).unwrap();
        assert_eq!(chunk["object"], "chat.completion.chunk");
        if let Some(choice) = chunk["choices"].get(0) {
            if let Some(t) = choice["delta"]["content"].as_str() {
                text.push_str(t);
            }
            if let Some(f) = choice["finish_reason"].as_str() {
                finish = Some(f.to_string());
            }
        }
    }
    assert_eq!(text, restored_reply(), "{kind:?}");
    assert_eq!(finish.as_deref(), Some("stop"));
    let first: Value = serde_json::from_str(events[0]).unwrap();
    assert_eq!(
        first["choices"][0]["delta"]["role"], "assistant",
        "role first"
    );
    assert_vendor_saw_only_stand_ins(&fake, kind, &provider_key);
    assert_eq!(p.requests_counted().await, 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn openai_whole() {
    whole_answer(Kind::OpenAi).await
}
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn anthropic_whole() {
    whole_answer(Kind::Anthropic).await
}
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn google_whole() {
    whole_answer(Kind::Google).await
}
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn openai_streamed() {
    streamed_answer(Kind::OpenAi).await
}
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn anthropic_streamed() {
    streamed_answer(Kind::Anthropic).await
}
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn google_streamed() {
    streamed_answer(Kind::Google).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tool_call_arguments_are_restored() {
    let args = format!("{{\"to\":\"{STAND_IN_EMAIL}\",\"name\":\"{STAND_IN_NAME}\"}}");
    for stream in [false, true] {
        let fake = FakeVendor::start(
            Kind::Anthropic,
            Script::text("Sending.")
                .tool_call("send_mail", args.clone())
                .pieces(3),
        )
        .await;
        let p = start(&fake, Vendor::Anthropic).await;
        let mut body = conversation("claude-sonnet-4-5", stream);
        body["tools"] = json!([{"type": "function", "function": {"name": "send_mail", "parameters": {"type": "object"}}}]);
        let r = p.send(&[("x-provider-key", &test_key("vk-"))], &body).await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.text());
        let got = if stream {
            let mut a = String::new();
            for e in sse_data(&r.text()) {
                if e == "[DONE]" {
                    continue;
                }
                assert!(!e.contains("Vintner"), "{e}");
                let c: Value = serde_json::from_str(e).unwrap();
                if let Some(calls) = c["choices"][0]["delta"]["tool_calls"].as_array() {
                    for call in calls {
                        a.push_str(call["function"]["arguments"].as_str().unwrap_or(""));
                    }
                }
            }
            a
        } else {
            r.json()["choices"][0]["message"]["tool_calls"][0]["function"]["arguments"]
                .as_str()
                .unwrap()
                .to_string()
        };
        let got: Value = serde_json::from_str(&got).unwrap();
        assert_eq!(
            got,
            json!({"to": REAL_EMAIL, "name": REAL_NAME}),
            "stream: {stream}"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_requests_are_400_and_reach_no_vendor() {
    let fake = FakeVendor::start(Kind::OpenAi, Script::text("hi")).await;
    let p = start(&fake, Vendor::OpenAi).await;
    let key = test_key("vk-");
    let ok = conversation("gpt-4o-mini", false);
    let mut no_model = ok.clone();
    no_model.as_object_mut().unwrap().remove("model");
    let mut image = ok.clone();
    image["messages"][1]["content"] =
        json!([{"type": "image_url", "image_url": {"url": "https://example.org/x.png"}}]);
    type Case<'a> = (Vec<(&'a str, &'a str)>, Value, &'a str);
    let cases: Vec<Case> = vec![
        (vec![], ok.clone(), "X-Provider-Key"),
        (vec![("x-provider-key", &key)], no_model, "model"),
        (
            vec![("x-provider-key", &key)],
            conversation("mistral-large", false),
            "model",
        ),
        (
            vec![("x-provider-key", &key), ("x-provider", "acme")],
            ok.clone(),
            "X-Provider",
        ),
        (vec![("x-provider-key", &key)], image, "messages[1].content"),
    ];
    for (headers, body, param) in cases {
        let r = p.send(&headers, &body).await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "{param}: {}", r.text());
        assert_eq!(r.json()["error"]["param"], param);
        assert!(!r.text().contains(&key), "the provider key is never echoed");
    }
    let r = p
        .client
        .send(
            Method::POST,
            "/v1/proxy/chat/completions",
            Some(&p.key),
            &[("x-provider-key", &key)],
            "not json",
        )
        .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert!(fake.received().is_empty(), "nothing reached the vendor");
    assert_eq!(
        p.requests_counted().await,
        0,
        "refused requests are not counted"
    );
    // X-Provider decides even when the model name suggests another vendor.
    let r = p
        .send(
            &[("x-provider-key", &key), ("x-provider", "openai")],
            &conversation("my-finetune", false),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_vendor_refusal_keeps_its_status_and_says_so() {
    let fake = FakeVendor::start(Kind::Anthropic, Script::error(401, "invalid x-api-key")).await;
    let p = start(&fake, Vendor::Anthropic).await;
    let key = test_key("vk-");
    let r = p
        .send(
            &[("x-provider-key", &key)],
            &conversation("claude-sonnet-4-5", false),
        )
        .await;
    assert_eq!(r.status, StatusCode::UNAUTHORIZED);
    let e = r.json();
    assert_eq!(e["error"]["type"], "provider_error");
    assert_eq!(e["error"]["code"], "provider_error");
    let msg = e["error"]["message"].as_str().unwrap();
    assert!(
        msg.contains("refused") && msg.contains("invalid x-api-key"),
        "{msg}"
    );
    assert!(!r.text().contains(&key));
    // An unreachable vendor: 502.
    let dead = {
        let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        l.local_addr().unwrap()
    };
    let dir = tempfile::tempdir().unwrap();
    let store = redact_service::billing::open(&Backend::Sqlite.fresh_url(dir.path(), "dead"))
        .await
        .unwrap();
    let vendors = Vendors::new(
        VendorClient::new(Timeouts::default()).unwrap(),
        [(
            Vendor::OpenAi,
            Endpoint::new(&format!("http://{dead}/v1")).unwrap(),
        )],
    );
    let service = Service::new(store.clone(), Config::default()).with_vendors(vendors);
    let gw = Gateway::bind("127.0.0.1:0".parse().unwrap(), Arc::new(service), 1 << 20)
        .await
        .unwrap();
    let c = Client::new(gw.local_addr());
    tokio::spawn(gw.run(std::future::pending()));
    let a = store.create_account("d", "free", true, 0).await.unwrap();
    let k = store.create_key(&a.id, None).await.unwrap();
    let r = c
        .send(
            Method::POST,
            "/v1/proxy/chat/completions",
            Some(k.key.expose()),
            &[("x-provider-key", &key)],
            conversation("gpt-4o-mini", false).to_string(),
        )
        .await;
    assert_eq!(r.status, StatusCode::BAD_GATEWAY, "{}", r.text());
}

/// The official OpenAI Python SDK against the proxy (skipped when the package is missing).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_official_openai_sdk_works_through_the_proxy() {
    let fake = FakeVendor::start(Kind::OpenAi, Script::text(reply_text()).pieces(3)).await;
    let p = start(&fake, Vendor::OpenAi).await;
    let gateway = format!("http://{}", p.client_addr());
    let map = json!({ STAND_IN_NAME: REAL_NAME, STAND_IN_EMAIL: REAL_EMAIL }).to_string();
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/sdk/openai_client.py");
    let provider_key = test_key("vk-");
    let question = format!("Write to {REAL_NAME} at {REAL_EMAIL}.");
    let env = [
        ("GATEWAY", gateway.as_str()),
        ("REDACT_KEY", p.key.as_str()),
        ("PROVIDER_KEY", provider_key.as_str()),
        ("MAP", map.as_str()),
        ("QUESTION", question.as_str()),
    ];
    let Some(out) = redact_testkit::process::python(script, &[], &env).await else {
        return;
    };
    let stdout = out.stdout;
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines[0], restored_reply(), "whole answer");
    assert_eq!(lines[1], restored_reply(), "streamed answer");
    assert_eq!(lines[2], "BadRequestError 400");
    assert!(!fake.last().all_text().contains(REAL_EMAIL));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_that_goes_away_cancels_the_vendor_call() {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let fake = FakeVendor::start(
        Kind::OpenAi,
        Script::text(reply_text()).pieces(3).stall_after(4),
    )
    .await;
    let p = start(&fake, Vendor::OpenAi).await;
    let body = conversation("gpt-4o-mini", true).to_string();
    let mut conn = tokio::net::TcpStream::connect(p.client_addr())
        .await
        .unwrap();
    let head = format!(
        "POST /v1/proxy/chat/completions HTTP/1.1\r\nhost: x\r\nauthorization: Bearer {}\r\n\
         x-provider-key: {}\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\r\n",
        p.key,
        test_key("vk-"),
        body.len()
    );
    conn.write_all(head.as_bytes()).await.unwrap();
    conn.write_all(body.as_bytes()).await.unwrap();
    // Read until the first event, then hang up.
    let mut seen = Vec::new();
    let mut buf = [0u8; 1024];
    while !String::from_utf8_lossy(&seen).contains("data: ") {
        let n = conn.read(&mut buf).await.unwrap();
        assert!(n > 0, "the stream started");
        seen.extend_from_slice(&buf[..n]);
    }
    assert!(String::from_utf8_lossy(&seen).starts_with("HTTP/1.1 200"));
    drop(conn);
    assert!(
        fake.wait_cancelled(1, std::time::Duration::from_secs(10))
            .await,
        "the vendor saw the call cancelled"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn strict_without_a_name_decision_sends_nothing() {
    use redact_testkit::{FakeAnswer, FakeModel};
    let names = FakeModel::start(FakeAnswer::Status(500)).await;
    let model =
        redact_service::namecheck::NameModel::new(redact_service::namecheck::NameModelConfig {
            url: names.base_url.clone(),
            model: "names".into(),
            key: None,
            timeout: std::time::Duration::from_millis(500),
        })
        .unwrap();
    let fake = FakeVendor::start(Kind::OpenAi, Script::text(reply_text())).await;
    let p = start_with(&fake, Vendor::OpenAi, Some(model)).await;
    let key = test_key("vk-");
    let mut body = conversation("gpt-4o-mini", false);
    body["strict"] = json!(true);
    let r = p.send(&[("x-provider-key", &key)], &body).await;
    assert_eq!(r.status, StatusCode::SERVICE_UNAVAILABLE, "{}", r.text());
    assert_eq!(r.json()["error"]["code"], "names_undecided");
    assert!(fake.received().is_empty(), "nothing went to the vendor");
    assert_eq!(p.requests_counted().await, 0);
    // Without strict it proceeds (the structured stages ran).
    body["strict"] = json!(false);
    let r = p.send(&[("x-provider-key", &key)], &body).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tool_calls_and_tool_results_sent_back_are_redacted() {
    let fake = FakeVendor::start(Kind::OpenAi, Script::text("Done.")).await;
    let p = start(&fake, Vendor::OpenAi).await;
    let body = json!({
        "model": "gpt-4o-mini",
        "messages": [
            {"role": "user", "content": "Look up my account."},
            {"role": "assistant", "content": null, "tool_calls": [{"id": "call_1", "type": "function",
                "function": {"name": "lookup", "arguments": format!("{{\"email\":\"{REAL_EMAIL}\"}}")}}]},
            {"role": "tool", "tool_call_id": "call_1", "content": format!("Account of {REAL_NAME}, phone {REAL_PHONE}, IBAN GB82 WEST 1234 5698 7654 32")}
        ],
        "tools": [{"type": "function", "function": {"name": "lookup", "parameters": {"type": "object"}}}]
    });
    let r = p.send(&[("x-provider-key", &test_key("vk-"))], &body).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text());
    let sent = fake.last().all_text();
    for real in [REAL_EMAIL, REAL_NAME, "415 555 0132", "GB82 WEST"] {
        assert!(!sent.contains(real), "the vendor received {real:?}");
    }
    assert!(sent.contains("call_1"), "tool call ids are kept");
}
