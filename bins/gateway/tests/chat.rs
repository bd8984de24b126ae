//! The service chat (`POST /v1/chat/completions`) over real HTTP: the gateway in front of
//! fake OpenAI, Anthropic and Google servers standing in for the service's own provider
//! accounts, on SQLite and PostgreSQL. Routes and plans, holds before the call, settling to
//! the micro-dollar after it, releases on failure, and concurrency against one balance.

use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::Duration;

use http::{Method, StatusCode};
use redact_gateway::Gateway;
use redact_service::billing::{Micros, Month, Store};
use redact_service::plans::{self, Catalog};
use redact_service::vendors::{ChatRequest, Client as VendorClient, Endpoint, Timeouts, Vendor};
use redact_service::{ChatSettings, Config, Service, Vendors};
use redact_testkit::vendors::{FakeVendor, Kind, Script, test_key};
use redact_testkit::{Backend, Client, Reply, both_stores};
use serde_json::{Value, json};

const REAL_NAME: &str = "Jane Doe";
const REAL_EMAIL: &str = "jane.doe@example.org";
const STAND_IN_NAME: &str = "Mara Vintner";
const STAND_IN_EMAIL: &str = "mara.vintner@example.net";

/// The three fake vendors, the service's key at each, and a gateway over one store.
struct Chat {
    client: Client,
    addr: std::net::SocketAddr,
    store: Arc<dyn Store>,
    fakes: BTreeMap<&'static str, FakeVendor>,
    service_keys: BTreeMap<&'static str, String>,
    url: String,
    _dir: tempfile::TempDir,
}

struct Options {
    script: Script,
    hold_expiry: Duration,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            script: Script::text(reply_text()).usage(1_200, 345),
            hold_expiry: Duration::from_secs(600),
        }
    }
}

fn kind_of(vendor: &str) -> Kind {
    match vendor {
        "openai" => Kind::OpenAi,
        "anthropic" => Kind::Anthropic,
        _ => Kind::Google,
    }
}

async fn start(backend: Backend, opts: Options) -> Chat {
    let dir = tempfile::tempdir().unwrap();
    let url = backend.fresh_url(dir.path(), "chat");
    let store = redact_service::billing::open(&url).await.unwrap();
    let mut fakes = BTreeMap::new();
    let mut service_keys = BTreeMap::new();
    let mut endpoints = Vec::new();
    let mut chat = ChatSettings::default().with_hold_expiry(opts.hold_expiry);
    for (name, vendor) in [
        ("openai", Vendor::OpenAi),
        ("anthropic", Vendor::Anthropic),
        ("google", Vendor::Google),
    ] {
        let fake = FakeVendor::start(kind_of(name), opts.script.clone()).await;
        endpoints.push((vendor, Endpoint::new(&fake.base_url).unwrap()));
        let key = test_key("svc-");
        chat = chat.with_key(vendor, key.clone());
        service_keys.insert(name, key);
        fakes.insert(name, fake);
    }
    let addr = serve(store.clone(), endpoints, chat).await;
    Chat {
        client: Client::new(addr),
        addr,
        store,
        fakes,
        service_keys,
        url,
        _dir: dir,
    }
}

/// A gateway over `store` calling the given vendor endpoints.
async fn serve(
    store: Arc<dyn Store>,
    endpoints: Vec<(Vendor, Endpoint)>,
    chat: ChatSettings,
) -> std::net::SocketAddr {
    let vendors = Vendors::new(VendorClient::new(Timeouts::default()).unwrap(), endpoints);
    let service = Service::new(
        store,
        Config {
            rate_limit_per_minute: 100_000,
            ..Config::default()
        },
    )
    .with_vendors(vendors)
    .with_chat(chat);
    let gateway = Gateway::bind("127.0.0.1:0".parse().unwrap(), Arc::new(service), 8 << 20)
        .await
        .unwrap();
    let addr = gateway.local_addr();
    tokio::spawn(gateway.run(std::future::pending()));
    addr
}

/// An account and a key.
struct Caller {
    account: String,
    key: String,
}

impl Chat {
    async fn caller(&self, plan: &str, balance: Micros, api_access: bool) -> Caller {
        self.caller_with_limit(plan, balance, api_access, None)
            .await
    }

    async fn caller_with_limit(
        &self,
        plan: &str,
        balance: Micros,
        api_access: bool,
        limit: Option<Micros>,
    ) -> Caller {
        let name = format!("acct-{}", test_key("").to_lowercase());
        let account = self
            .store
            .create_account(&name, plan, api_access, balance)
            .await
            .unwrap();
        let key = self.store.create_key(&account.id, limit).await.unwrap();
        Caller {
            account: account.id,
            key: key.key.expose().clone(),
        }
    }

    async fn send(&self, caller: &Caller, body: &Value) -> Reply {
        self.client
            .send(
                Method::POST,
                "/v1/chat/completions",
                Some(&caller.key),
                &[],
                body.to_string(),
            )
            .await
    }

    /// (balance, held, spent this month, requests this month).
    async fn figures(&self, caller: &Caller) -> (Micros, Micros, Micros, i64) {
        let a = self
            .store
            .account(&caller.account, Month::now())
            .await
            .unwrap()
            .unwrap();
        (a.balance, a.held, a.spent_this_month, a.requests_this_month)
    }

    /// Waits up to 10 s until nothing is held for `caller`.
    async fn wait_unheld(&self, caller: &Caller) -> bool {
        for _ in 0..500 {
            if self.figures(caller).await.1 == 0 {
                return true;
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        false
    }

    fn fake(&self, vendor: &str) -> &FakeVendor {
        &self.fakes[vendor]
    }

    fn received_total(&self) -> usize {
        self.fakes.values().map(|f| f.received().len()).sum()
    }
}

fn reply_text() -> String {
    format!("Dear {STAND_IN_NAME}, I will write to {STAND_IN_EMAIL} today.")
}

fn restored_reply() -> String {
    format!("Dear {REAL_NAME}, I will write to {REAL_EMAIL} today.")
}

/// A short, easy question with personal details, a fixed output limit and a caller's map.
fn question(model: Option<&str>, stream: bool) -> Value {
    let mut body = json!({
        "stream": stream,
        "max_tokens": 2_000,
        "messages": [
            {"role": "system", "content": "You write short notes."},
            {"role": "user", "content": format!("Write a note to {REAL_NAME} at {REAL_EMAIL}.")}
        ],
        "map": { STAND_IN_NAME: REAL_NAME, STAND_IN_EMAIL: REAL_EMAIL }
    });
    if let Some(m) = model {
        body["model"] = json!(m);
    }
    body
}

/// The hold for `body` on `route`, from its counted tokens and output limit.
fn hold_of(body: &Value, route: &str) -> Micros {
    let mut req = ChatRequest::from_json(body.to_string().as_bytes()).unwrap();
    let tokens = plans::count_request_tokens(&mut req);
    let output = u64::from(req.output_limit().unwrap());
    Catalog::default()
        .route(route)
        .unwrap()
        .hold(tokens, output)
}

/// What usage (1,200 input, 345 output tokens) costs on each route, worked out by hand from
/// the built-in prices (USD per million tokens), in micro-dollars rounded up.
fn cost_of_usage(route: &str) -> Micros {
    match route {
        // 1200 × 0.15 + 345 × 0.60 = 387
        "service-auto" => 387,
        // 1200 × 0.30 + 345 × 2.50 = 1222.5
        "service-plus" => 1_223,
        // 1200 × 3 + 345 × 15 = 8775
        "service-pro" => 8_775,
        // 1200 × 1.25 + 345 × 10 = 4950
        "service-ultra" => 4_950,
        _ => unreachable!(),
    }
}

const ROUTES: [(&str, &str, &str); 4] = [
    ("service-auto", "openai", "gpt-4o-mini"),
    ("service-plus", "google", "gemini-2.5-flash"),
    ("service-pro", "anthropic", "claude-sonnet-4-5"),
    ("service-ultra", "openai", "gpt-5"),
];

/// The `data:` payloads of an event stream, in order.
fn sse_data(body: &str) -> Vec<&str> {
    body.split("\n\n")
        .filter_map(|e| e.trim().strip_prefix("data: "))
        .collect()
}

async fn each_route_answers_on_its_vendor_and_charges_its_prices(backend: Backend) {
    let chat = start(backend, Options::default()).await;
    let balance = 1_000_000;
    let caller = chat.caller("ultra", balance, false).await;
    let mut expected_balance = balance;
    let mut spent = 0;
    for (route, vendor, model) in ROUTES {
        let r = chat.send(&caller, &question(Some(route), false)).await;
        assert_eq!(r.status, StatusCode::OK, "{route}: {}", r.text());
        let c = r.json();
        assert_eq!(c["object"], "chat.completion");
        assert_eq!(c["model"], route, "the answer names the route");
        assert_eq!(c["choices"][0]["message"]["content"], restored_reply());
        assert_eq!(c["usage"]["prompt_tokens"], 1_200);
        // The route's vendor got the route's model, the service's own key and no real value.
        let got = chat.fake(vendor).last();
        let all = got.all_text();
        assert!(
            !all.contains(REAL_NAME) && !all.contains(REAL_EMAIL),
            "{route}"
        );
        assert!(all.contains(STAND_IN_NAME), "{route}");
        assert!(all.contains(model), "{route} calls {model}");
        let key_header = match vendor {
            "openai" => got.header("authorization").unwrap(),
            "anthropic" => got.header("x-api-key").unwrap(),
            _ => got.header("x-goog-api-key").unwrap(),
        };
        assert!(key_header.ends_with(&chat.service_keys[vendor]), "{route}");
        // Charged exactly the vendor's usage at the route's prices; nothing left held.
        expected_balance -= cost_of_usage(route);
        spent += cost_of_usage(route);
        let (balance, held, spent_now, requests) = chat.figures(&caller).await;
        assert_eq!(
            (balance, held, spent_now),
            (expected_balance, 0, spent),
            "{route}"
        );
        assert_eq!(
            requests, 0,
            "chat requests are not counted against the allowance"
        );
    }
    assert_eq!(chat.received_total(), 4);
    let metrics = chat.client.get("/metrics", None).await.text();
    assert!(
        metrics.contains("redact_chat_holds_total{outcome=\"settled\"} 4"),
        "{metrics}"
    );
    assert!(metrics.contains(&format!("redact_chat_charged_microdollars_total {spent}")));
}

async fn streams_restore_and_settle_when_they_end(backend: Backend) {
    let chat = start(
        backend,
        Options {
            script: Script::text(reply_text()).usage(1_200, 345).pieces(3),
            ..Options::default()
        },
    )
    .await;
    let caller = chat.caller("pro", 1_000_000, true).await;
    let mut expected = 1_000_000;
    // One route on each vendor.
    for route in ["service-auto", "service-plus", "service-pro"] {
        let r = chat.send(&caller, &question(Some(route), true)).await;
        assert_eq!(r.status, StatusCode::OK, "{route}: {}", r.text());
        assert_eq!(r.headers["content-type"], "text/event-stream");
        let body = r.text();
        let data = sse_data(&body);
        assert_eq!(data.last(), Some(&"[DONE]"), "{route}");
        let mut text = String::new();
        for d in &data[..data.len() - 1] {
            let chunk: Value = serde_json::from_str(d).unwrap();
            assert_eq!(chunk["model"], route);
            if let Some(t) = chunk["choices"][0]["delta"]["content"].as_str() {
                assert!(!t.contains("Mara"), "no chunk carries a stand-in: {t:?}");
                text.push_str(t);
            }
        }
        assert_eq!(text, restored_reply(), "{route}");
        // Settled before the stream's end was written.
        expected -= cost_of_usage(route);
        let (balance, held, _, _) = chat.figures(&caller).await;
        assert_eq!((balance, held), (expected, 0), "{route}");
    }
}

async fn the_plan_decides_which_routes_may_be_named(backend: Backend) {
    let chat = start(backend, Options::default()).await;
    let plans = [("free", 1usize), ("plus", 2), ("pro", 3), ("ultra", 4)];
    for (plan, included) in plans {
        let caller = chat.caller(plan, 1_000_000, false).await;
        for (i, (route, _, _)) in ROUTES.iter().enumerate() {
            let before = chat.received_total();
            let r = chat.send(&caller, &question(Some(route), false)).await;
            if i < included {
                assert_eq!(r.status, StatusCode::OK, "{plan} {route}: {}", r.text());
            } else {
                assert_eq!(r.status, StatusCode::FORBIDDEN, "{plan} {route}");
                assert_eq!(r.code(), "model_not_in_plan");
                assert_eq!(r.json()["error"]["type"], "permission_error");
                assert_eq!(r.json()["error"]["param"], "model");
                assert_eq!(chat.received_total(), before, "nothing sent");
                assert_eq!(chat.figures(&caller).await.1, 0, "nothing held");
            }
        }
    }
    // Not a route at all: 400 naming `model`; nothing sent.
    let caller = chat.caller("ultra", 1_000_000, false).await;
    let before = chat.received_total();
    for bad in ["gpt-4o", "service-mega"] {
        let r = chat.send(&caller, &question(Some(bad), false)).await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "{bad}");
        assert_eq!(r.code(), "invalid_request");
        assert_eq!(r.json()["error"]["param"], "model");
    }
    assert_eq!(chat.received_total(), before);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn service_auto_picks_by_difficulty_within_the_plan() {
    let chat = start(Backend::Sqlite, Options::default()).await;
    let hard = "Design a sharded rate limiter step by step: compare token buckets and sliding \
                windows, explain why clock skew breaks one, and analyse the trade-offs.\n\
                ```rust\nfn allow(&mut self) -> bool {\n    self.tokens -= 1;\n}\n```";
    let ask = |text: &str, model: Option<&str>| {
        let mut body = json!({"messages": [{"role": "user", "content": text}]});
        if let Some(m) = model {
            body["model"] = json!(m);
        }
        body
    };
    let cases = [
        (
            "ultra",
            "What's the capital of France?",
            None,
            "service-auto",
            "gpt-4o-mini",
        ),
        ("ultra", hard, None, "service-ultra", "gpt-5"),
        (
            "ultra",
            hard,
            Some("service-auto"),
            "service-ultra",
            "gpt-5",
        ),
        ("plus", hard, None, "service-plus", "gemini-2.5-flash"),
        ("free", hard, None, "service-auto", "gpt-4o-mini"),
    ];
    for (plan, text, model, route, vendor_model) in cases {
        let caller = chat.caller(plan, 1_000_000, false).await;
        let r = chat.send(&caller, &ask(text, model)).await;
        assert_eq!(r.status, StatusCode::OK, "{plan}: {}", r.text());
        assert_eq!(r.json()["model"], route, "{plan} {text:.20}");
        let vendor = ROUTES.iter().find(|r| r.0 == route).unwrap().1;
        assert_eq!(chat.fake(vendor).last().json_model(), vendor_model);
    }
}

trait ModelOf {
    fn json_model(&self) -> String;
}

impl ModelOf for redact_testkit::Received {
    /// The model the vendor was asked for: in the body (OpenAI, Anthropic) or the path
    /// (Google).
    fn json_model(&self) -> String {
        if let Some(m) = self.json()["model"].as_str() {
            return m.to_string();
        }
        let path = self.path.split('?').next().unwrap();
        let model = path.rsplit('/').next().unwrap();
        model.split(':').next().unwrap().to_string()
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn input_over_the_plan_limit_is_refused_by_tokens() {
    let chat = start(Backend::Sqlite, Options::default()).await;
    // About 20,000 tokens (one per word), far under 200,000 characters.
    let long = "river ".repeat(20_000);
    let body = json!({"model": "service-auto", "messages": [{"role": "user", "content": long}]});
    let free = chat.caller("free", 1_000_000, false).await;
    let r = chat.send(&free, &body).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{}", r.text());
    assert_eq!(r.code(), "context_length_exceeded");
    assert_eq!(r.json()["error"]["param"], "messages");
    let message = r.json()["error"]["message"].as_str().unwrap().to_string();
    assert!(message.contains("16000"), "{message}");
    assert_eq!(chat.received_total(), 0);
    assert_eq!(chat.figures(&free).await.1, 0);
    // The same text fits the plus plan (32k): counted in tokens, not characters / 4
    // (120,000 characters would be 30,000 "tokens" that way, and 20,000 words are not).
    let plus = chat.caller("plus", 1_000_000, false).await;
    let r = chat.send(&plus, &body).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text());
}

async fn the_balance_must_cover_the_hold(backend: Backend) {
    let chat = start(backend, Options::default()).await;
    let body = question(Some("service-pro"), false);
    let hold = hold_of(&body, "service-pro");
    assert!(hold > cost_of_usage("service-pro"));
    // No API access needed; one micro-dollar short of the hold is refused.
    let caller = chat.caller("pro", hold - 1, false).await;
    let r = chat.send(&caller, &body).await;
    assert_eq!(r.status, StatusCode::PAYMENT_REQUIRED, "{}", r.text());
    assert_eq!(r.code(), "insufficient_balance");
    assert_eq!(r.json()["error"]["type"], "insufficient_quota");
    assert_eq!(chat.received_total(), 0, "nothing was sent");
    assert_eq!(chat.figures(&caller).await, (hold - 1, 0, 0, 0));
    // Exactly the hold is enough; the rest of it comes back.
    chat.store.top_up(&caller.account, 1).await.unwrap();
    let r = chat.send(&caller, &body).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text());
    let (balance, held, spent, _) = chat.figures(&caller).await;
    assert_eq!(balance, hold - cost_of_usage("service-pro"));
    assert_eq!((held, spent), (0, cost_of_usage("service-pro")));
    // An empty balance: 402.
    let broke = chat.caller("ultra", 0, true).await;
    let r = chat.send(&broke, &question(None, false)).await;
    assert_eq!(r.code(), "insufficient_balance");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_vendor_count_above_the_hold_is_charged_the_hold_only() {
    let chat = start(
        Backend::Sqlite,
        Options {
            script: Script::text(reply_text()).usage(100_000, 9_000),
            ..Options::default()
        },
    )
    .await;
    let body = question(Some("service-auto"), false);
    let hold = hold_of(&body, "service-auto");
    let caller = chat.caller("free", hold, false).await;
    let r = chat.send(&caller, &body).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text());
    assert_eq!(
        chat.figures(&caller).await,
        (0, 0, hold, 0),
        "never below zero"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_answer_without_usage_is_charged_by_counting_it() {
    let chat = start(
        Backend::Sqlite,
        Options {
            script: Script::text(reply_text()).without_usage().pieces(5),
            ..Options::default()
        },
    )
    .await;
    let caller = chat.caller("free", 1_000_000, false).await;
    // The counted input and the tokens of the vendor's text (stand-ins, before restoring).
    let body = question(None, false);
    let mut req = ChatRequest::from_json(body.to_string().as_bytes()).unwrap();
    let input = plans::count_request_tokens(&mut req);
    let output = plans::count_output_tokens(&reply_text());
    let cost = Catalog::default()
        .route("service-auto")
        .unwrap()
        .cost(input, output);
    assert!(cost > 0);
    let mut expected = 1_000_000;
    for stream in [false, true] {
        let r = chat.send(&caller, &question(None, stream)).await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.text());
        assert!(!r.text().contains("\"usage\":{"), "no usage was reported");
        expected -= cost;
        assert_eq!(
            chat.figures(&caller).await,
            (expected, 0, 1_000_000 - expected, 0),
            "stream: {stream}"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_key_spending_limit_counts_the_hold() {
    let chat = start(Backend::Sqlite, Options::default()).await;
    let body = question(Some("service-auto"), false);
    let hold = hold_of(&body, "service-auto");
    let caller = chat
        .caller_with_limit("free", 1_000_000, false, Some(hold - 1))
        .await;
    let r = chat.send(&caller, &body).await;
    assert_eq!(r.status, StatusCode::TOO_MANY_REQUESTS, "{}", r.text());
    assert_eq!(r.code(), "key_spending_limit_reached");
    assert_eq!(chat.received_total(), 0);
    let roomy = chat
        .caller_with_limit("free", 1_000_000, false, Some(hold))
        .await;
    assert_eq!(chat.send(&roomy, &body).await.status, StatusCode::OK);
}

async fn vendor_errors_release_the_hold(backend: Backend) {
    let chat = start(backend, Options::default()).await;
    let caller = chat.caller("ultra", 1_000_000, false).await;
    // The vendor refuses (500): its status, nothing charged, nothing held.
    for fake in chat.fakes.values() {
        fake.set_script(Script::error(500, "overloaded"));
    }
    let r = chat.send(&caller, &question(None, false)).await;
    assert_eq!(r.status, StatusCode::INTERNAL_SERVER_ERROR, "{}", r.text());
    assert_eq!(r.code(), "provider_error");
    assert_eq!(chat.figures(&caller).await, (1_000_000, 0, 0, 0));
    // The vendor refuses the service's own key: 502, not the caller's 401.
    for fake in chat.fakes.values() {
        fake.set_script(Script::error(401, "bad key"));
    }
    let r = chat.send(&caller, &question(None, true)).await;
    assert_eq!(r.status, StatusCode::BAD_GATEWAY, "{}", r.text());
    assert_eq!(chat.figures(&caller).await, (1_000_000, 0, 0, 0));
    // A stream that fails half-way: an error event ends it; released, not charged.
    for fake in chat.fakes.values() {
        fake.set_script(Script::text(reply_text()).pieces(5).stream_error("boom"));
    }
    let r = chat.send(&caller, &question(None, true)).await;
    assert_eq!(r.status, StatusCode::OK);
    let body = r.text();
    assert!(body.contains("provider_error"), "{body}");
    assert!(!body.contains("[DONE]"));
    assert_eq!(chat.figures(&caller).await, (1_000_000, 0, 0, 0));
    let metrics = chat.client.get("/metrics", None).await.text();
    assert!(metrics.contains("redact_chat_holds_total{outcome=\"released\"} 3"));
    assert!(metrics.contains("redact_chat_holds_total{outcome=\"taken\"} 3"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_vendor_too_slow_for_the_hold_is_cut_off_and_released() {
    // Holds of 2 s: calls are cut off after 1 s, before the hold could expire.
    let chat = start(
        Backend::Sqlite,
        Options {
            script: Script::text(reply_text()).head_delay(Duration::from_secs(4)),
            hold_expiry: Duration::from_secs(2),
        },
    )
    .await;
    let caller = chat.caller("free", 1_000_000, false).await;
    let started = std::time::Instant::now();
    let r = chat.send(&caller, &question(None, false)).await;
    assert_eq!(r.status, StatusCode::GATEWAY_TIMEOUT, "{}", r.text());
    assert!(started.elapsed() < Duration::from_secs(3));
    assert_eq!(chat.figures(&caller).await, (1_000_000, 0, 0, 0));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stream_still_running_at_the_deadline_is_ended_and_released() {
    // Holds of 2 s: the stream is cut off after 1 s, while the vendor is still writing.
    let chat = start(
        Backend::Sqlite,
        Options {
            script: Script::text(reply_text().repeat(4))
                .pieces(4)
                .event_delay(Duration::from_millis(100)),
            hold_expiry: Duration::from_secs(2),
        },
    )
    .await;
    let caller = chat.caller("free", 1_000_000, false).await;
    let r = chat.send(&caller, &question(None, true)).await;
    assert_eq!(r.status, StatusCode::OK);
    let body = r.text();
    let data = sse_data(&body);
    assert!(data.len() > 3, "some of the answer was streamed: {body}");
    let last: Value = serde_json::from_str(data.last().unwrap()).unwrap();
    assert_eq!(last["error"]["code"], "provider_timeout", "{body}");
    assert!(!body.contains("[DONE]"));
    assert_eq!(chat.figures(&caller).await, (1_000_000, 0, 0, 0));
}

async fn a_client_that_leaves_a_stream_is_not_charged(backend: Backend) {
    let chat = start(
        backend,
        Options {
            script: Script::text(reply_text()).pieces(4).stall_after(3),
            ..Options::default()
        },
    )
    .await;
    let caller = chat.caller("free", 1_000_000, false).await;
    let body = question(None, true);
    let (status, first) = chat
        .client
        .first_piece(
            Method::POST,
            "/v1/chat/completions",
            Some(&caller.key),
            &[],
            body.to_string(),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    assert!(!first.is_empty());
    // The client is gone: the vendor call is cancelled and the hold released.
    assert!(
        chat.fake("openai")
            .wait_cancelled(1, Duration::from_secs(10))
            .await
    );
    assert!(chat.wait_unheld(&caller).await, "the hold was released");
    assert_eq!(chat.figures(&caller).await, (1_000_000, 0, 0, 0));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_that_leaves_before_a_whole_answer_is_not_charged() {
    use tokio::io::AsyncWriteExt;
    let chat = start(
        Backend::Sqlite,
        Options {
            script: Script::text(reply_text()).head_delay(Duration::from_secs(3)),
            ..Options::default()
        },
    )
    .await;
    let caller = chat.caller("free", 1_000_000, false).await;
    let body = question(None, false).to_string();
    let mut socket = tokio::net::TcpStream::connect(chat.addr).await.unwrap();
    let head = format!(
        "POST /v1/chat/completions HTTP/1.1\r\nhost: x\r\nauthorization: Bearer {}\r\n\
         content-type: application/json\r\ncontent-length: {}\r\n\r\n",
        caller.key,
        body.len()
    );
    socket.write_all(head.as_bytes()).await.unwrap();
    socket.write_all(body.as_bytes()).await.unwrap();
    while chat.fake("openai").received().is_empty() {
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    assert!(
        chat.figures(&caller).await.1 > 0,
        "held while the vendor thinks"
    );
    drop(socket);
    // Released as soon as the server notices, well before the vendor would have answered.
    let started = std::time::Instant::now();
    assert!(chat.wait_unheld(&caller).await);
    assert!(
        started.elapsed() < Duration::from_secs(2),
        "{:?}",
        started.elapsed()
    );
    tokio::time::sleep(Duration::from_secs(2)).await;
    assert_eq!(
        chat.figures(&caller).await,
        (1_000_000, 0, 0, 0),
        "nothing charged"
    );
}

async fn usage_shows_holds_in_remaining_and_settles_in_spent(backend: Backend) {
    let chat = start(
        backend,
        Options {
            script: Script::text(reply_text())
                .usage(1_200, 345)
                .head_delay(Duration::from_millis(1_500)),
            ..Options::default()
        },
    )
    .await;
    let caller = chat.caller("free", 50_000, false).await;
    let body = question(None, false);
    let hold = hold_of(&body, "service-auto");
    let send = {
        let client = chat.client.clone();
        let key = caller.key.clone();
        let body = body.to_string();
        tokio::spawn(async move {
            client
                .send(Method::POST, "/v1/chat/completions", Some(&key), &[], body)
                .await
        })
    };
    // While the vendor thinks: the hold is out of what remains, not yet spent.
    let mut seen = None;
    for _ in 0..100 {
        let u = chat.client.get("/v1/usage", Some(&caller.key)).await.json();
        if u["remaining_usd"].as_f64().unwrap() < 0.05 {
            seen = Some(u);
            break;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    let u = seen.expect("the hold shows in remaining_usd");
    assert_eq!(u["balance_usd"].as_f64().unwrap(), 0.05);
    assert_eq!(u["spent_usd"].as_f64().unwrap(), 0.0);
    let remaining = (u["remaining_usd"].as_f64().unwrap() * 1e6).round() as Micros;
    assert_eq!(
        remaining,
        50_000 - hold,
        "remaining is the balance less the hold"
    );
    assert_eq!(u["tier"], "free");
    assert_eq!(send.await.unwrap().status, StatusCode::OK);
    let u = chat.client.get("/v1/usage", Some(&caller.key)).await.json();
    let micros = |f: &str| (u[f].as_f64().unwrap() * 1e6).round() as Micros;
    assert_eq!(micros("spent_usd"), 387);
    assert_eq!(micros("balance_usd"), 50_000 - 387);
    assert_eq!(micros("remaining_usd"), 50_000 - 387);
    assert_eq!(u["requests_this_month"], 0);
}

async fn twenty_at_once_with_a_balance_for_three(backend: Backend) {
    let chat = start(
        backend,
        Options {
            // Slow enough that every hold is taken while the first three are still held.
            script: Script::text(reply_text())
                .usage(1_200, 345)
                .head_delay(Duration::from_millis(800)),
            ..Options::default()
        },
    )
    .await;
    let body = question(Some("service-pro"), false);
    let hold = hold_of(&body, "service-pro");
    let balance = 3 * hold + hold / 2;
    let caller = chat.caller("pro", balance, false).await;
    // On PostgreSQL, two gateway instances share the store; requests alternate between them.
    let mut clients = vec![chat.client.clone()];
    if backend == Backend::Postgres {
        let store = redact_service::billing::open(&chat.url).await.unwrap();
        let endpoints = chat
            .fakes
            .iter()
            .map(|(name, f)| {
                (
                    Vendor::from_wire(name).unwrap(),
                    Endpoint::new(&f.base_url).unwrap(),
                )
            })
            .collect();
        let mut settings = ChatSettings::default();
        for (name, key) in &chat.service_keys {
            settings = settings.with_key(Vendor::from_wire(name).unwrap(), key.clone());
        }
        clients.push(Client::new(serve(store, endpoints, settings).await));
    }
    let mut tasks = Vec::new();
    for i in 0..20 {
        let client = clients[i % clients.len()].clone();
        let key = caller.key.clone();
        let body = body.to_string();
        tasks.push(tokio::spawn(async move {
            client
                .send(Method::POST, "/v1/chat/completions", Some(&key), &[], body)
                .await
        }));
    }
    let mut ok = 0;
    let mut refused = 0;
    for t in tasks {
        let r = t.await.unwrap();
        match r.status {
            StatusCode::OK => ok += 1,
            StatusCode::PAYMENT_REQUIRED => {
                assert_eq!(r.code(), "insufficient_balance");
                refused += 1;
            }
            s => panic!("unexpected {s}: {}", r.text()),
        }
    }
    assert_eq!((ok, refused), (3, 17));
    assert_eq!(
        chat.fake("anthropic").received().len(),
        3,
        "only the covered calls"
    );
    let (left, held, spent, _) = chat.figures(&caller).await;
    assert_eq!(held, 0);
    assert_eq!(spent, 3 * cost_of_usage("service-pro"));
    assert_eq!(left, balance - 3 * cost_of_usage("service-pro"));
    assert!(left >= 0);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn strict_map_allow_and_profile_work_as_on_the_proxy() {
    use redact_testkit::{FakeAnswer, FakeModel};
    let chat = start(Backend::Sqlite, Options::default()).await;
    let caller = chat.caller("free", 1_000_000, false).await;
    // allow keeps a value that would be replaced; profile finds the caller's own details
    // written in ways nothing else finds (a handle, a nickname, an email spelled out).
    let body = json!({
        "messages": [{"role": "user", "content":
            "Tell support@acme-example.io that rsmith (Bob) may also write from robert dot smith at gmail dot com."}],
        "allow": ["support@acme-example.io"],
        "profile": {"name": "Robert Smith", "email": "robert.smith@gmail.com"},
    });
    let r = chat.send(&caller, &body).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text());
    let sent = chat.fake("openai").last().all_text();
    assert!(
        sent.contains("support@acme-example.io"),
        "allowed values are sent as they are"
    );
    let lower = sent.to_lowercase();
    for gone in ["rsmith", "bob", "robert dot smith"] {
        assert!(
            !lower.contains(gone),
            "the profile's {gone:?} reached the vendor"
        );
    }
    // Strict, with a name model that cannot decide: 503, nothing sent, nothing held.
    let names = FakeModel::start(FakeAnswer::Status(500)).await;
    let model =
        redact_service::namecheck::NameModel::new(redact_service::namecheck::NameModelConfig {
            url: names.base_url.clone(),
            model: "names".into(),
            key: None,
            timeout: Duration::from_millis(500),
        })
        .unwrap();
    let endpoints = vec![(
        Vendor::OpenAi,
        Endpoint::new(&chat.fake("openai").base_url).unwrap(),
    )];
    let service = Service::new(chat.store.clone(), Config::default())
        .with_vendors(Vendors::new(
            VendorClient::new(Timeouts::default()).unwrap(),
            endpoints,
        ))
        .with_chat(ChatSettings::default().with_key(Vendor::OpenAi, test_key("svc-")))
        .with_name_model(Some(model));
    let gateway = Gateway::bind("127.0.0.1:0".parse().unwrap(), Arc::new(service), 8 << 20)
        .await
        .unwrap();
    let strict_client = Client::new(gateway.local_addr());
    tokio::spawn(gateway.run(std::future::pending()));
    let before = chat.received_total();
    let mut body = question(None, false);
    body["strict"] = json!(true);
    let r = strict_client
        .post("/v1/chat/completions", Some(&caller.key), &body)
        .await;
    assert_eq!(r.status, StatusCode::SERVICE_UNAVAILABLE, "{}", r.text());
    assert_eq!(r.code(), "names_undecided");
    assert_eq!(chat.received_total(), before);
    // A route whose vendor has no service account: 503, nothing held.
    body["strict"] = json!(false);
    let ultra = chat.caller("ultra", 1_000_000, false).await;
    body["model"] = json!("service-pro");
    let r = strict_client
        .post("/v1/chat/completions", Some(&ultra.key), &body)
        .await;
    assert_eq!(r.status, StatusCode::SERVICE_UNAVAILABLE, "{}", r.text());
    assert_eq!(r.code(), "model_unavailable");
    assert_eq!(chat.figures(&ultra).await.1, 0);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_requests_and_keys() {
    let chat = start(Backend::Sqlite, Options::default()).await;
    let caller = chat.caller("free", 1_000_000, false).await;
    let r = chat
        .client
        .post("/v1/chat/completions", None, &question(None, false))
        .await;
    assert_eq!(r.status, StatusCode::UNAUTHORIZED);
    let r = chat
        .client
        .send(
            Method::POST,
            "/v1/chat/completions",
            Some(&caller.key),
            &[],
            "not json",
        )
        .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    let r = chat.send(&caller, &json!({"messages": []})).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert_eq!(r.json()["error"]["param"], "messages");
    let r = chat
        .send(
            &caller,
            &json!({"messages": [{"role": "user", "content": "hi"}], "map": 3}),
        )
        .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert_eq!(r.json()["error"]["param"], "map");
    assert_eq!(chat.received_total(), 0);
    assert_eq!(chat.figures(&caller).await, (1_000_000, 0, 0, 0));
}

/// The official OpenAI Python SDK against the service chat (skipped when the package is
/// missing).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_official_openai_sdk_works_with_the_service_chat() {
    let chat = start(
        Backend::Sqlite,
        Options {
            script: Script::text(reply_text()).usage(1_200, 345).pieces(3),
            ..Options::default()
        },
    )
    .await;
    let caller = chat.caller("free", 1_000_000, false).await;
    let broke = chat.caller("free", 0, false).await;
    let gateway = format!("http://{}", chat.addr);
    let map = json!({ STAND_IN_NAME: REAL_NAME, STAND_IN_EMAIL: REAL_EMAIL }).to_string();
    let question = format!("Write to {REAL_NAME} at {REAL_EMAIL}.");
    let script = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/sdk/openai_service_chat.py"
    );
    let env = [
        ("GATEWAY", gateway.as_str()),
        ("REDACT_KEY", caller.key.as_str()),
        ("BROKE_KEY", broke.key.as_str()),
        ("MAP", map.as_str()),
        ("QUESTION", question.as_str()),
    ];
    let Some(out) = redact_testkit::process::python(script, &[], &env).await else {
        return;
    };
    let stdout = out.stdout;
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines[0], restored_reply(), "whole answer");
    assert_eq!(lines[1], "service-auto");
    assert_eq!(lines[2], restored_reply(), "streamed answer");
    assert_eq!(lines[3], "PermissionDeniedError 403 model_not_in_plan");
    assert_eq!(lines[4], "402 insufficient_balance insufficient_quota");
    assert!(!chat.fake("openai").last().all_text().contains(REAL_EMAIL));
    // Two answers, each settled at 387 micro-dollars.
    assert_eq!(chat.figures(&caller).await.0, 1_000_000 - 2 * 387);
}

both_stores!(
    each_route_answers_on_its_vendor_and_charges_its_prices,
    streams_restore_and_settle_when_they_end,
    the_plan_decides_which_routes_may_be_named,
    the_balance_must_cover_the_hold,
    vendor_errors_release_the_hold,
    a_client_that_leaves_a_stream_is_not_charged,
    usage_shows_holds_in_remaining_and_settles_in_spent,
    twenty_at_once_with_a_balance_for_three,
);
