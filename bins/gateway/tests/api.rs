//! End-to-end tests of the HTTP API over real HTTP on loopback, each run against both stores
//! (embedded SQLite and PostgreSQL).

use std::sync::Arc;
use std::time::Duration;

use bytes::Bytes;
use http::{Method, StatusCode};
use redact_gateway::Gateway;
use redact_service::billing::{MeterPolicy, Month, Store};
use redact_service::{Config, Service};
use redact_testkit::{Backend, Client};
use serde_json::{Value, json};
use tokio::sync::oneshot;

struct Harness {
    client: Client,
    addr: std::net::SocketAddr,
    store: Arc<dyn Store>,
    stop: Option<oneshot::Sender<()>>,
    task: Option<tokio::task::JoinHandle<()>>,
    dir: tempfile::TempDir,
    /// The store's URL (to open it again after the gateway stopped).
    url: String,
}

impl Harness {
    async fn start(backend: Backend, config: Config) -> Harness {
        Harness::start_with_body_limit(backend, config, 8 * 1024 * 1024).await
    }

    async fn start_with_body_limit(backend: Backend, config: Config, max_body: usize) -> Harness {
        Harness::start_full(backend, config, max_body, None).await
    }

    async fn start_full(
        backend: Backend,
        config: Config,
        max_body: usize,
        name_model: Option<redact_service::namecheck::NameModel>,
    ) -> Harness {
        let dir = tempfile::tempdir().expect("a temp dir");
        let url = backend.fresh_url(dir.path(), "api");
        let store = redact_service::billing::open(&url)
            .await
            .expect("the store opens");
        let service = Arc::new(Service::new(store.clone(), config).with_name_model(name_model));
        let gateway = Gateway::bind("127.0.0.1:0".parse().unwrap(), service, max_body)
            .await
            .expect("binds");
        let addr = gateway.local_addr();
        let (stop, stopped) = oneshot::channel::<()>();
        let task = tokio::spawn(gateway.run(async {
            let _ = stopped.await;
        }));
        Harness {
            client: Client::new(addr),
            addr,
            store,
            stop: Some(stop),
            task: Some(task),
            dir,
            url,
        }
    }

    /// An account with one key: (account id, key).
    async fn account(&self, api_access: bool, balance_usd: f64) -> (String, String) {
        let name = redact_testkit::schema_name("acct");
        let a = self
            .store
            .create_account(
                &name,
                "free",
                api_access,
                redact_service::billing::usd_to_micros(balance_usd).unwrap(),
            )
            .await
            .unwrap();
        let k = self.store.create_key(&a.id, None).await.unwrap();
        (a.id, k.key.expose().clone())
    }

    async fn redact(&self, key: Option<&str>, body: Value) -> redact_testkit::Reply {
        self.client.post("/v1/redact", key, &body).await
    }

    async fn usage(&self, key: &str) -> Value {
        let r = self.client.get("/v1/usage", Some(key)).await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.text());
        r.json()
    }

    async fn stop(mut self) {
        if let Some(s) = self.stop.take() {
            let _ = s.send(());
        }
        if let Some(t) = self.task.take() {
            let _ = t.await;
        }
    }
}

fn config() -> Config {
    Config {
        rate_limit_per_minute: 10_000,
        ..Config::default()
    }
}

redact_testkit::both_stores!(
    redact_then_restore_round_trips,
    keys_that_are_missing_malformed_unknown_or_revoked_get_401,
    api_access_switch_gives_402_and_back,
    bad_bodies_get_400_naming_the_field,
    text_limit_counts_characters_not_bytes,
    allowance_then_balance_then_insufficient_balance,
    key_spending_limit_gives_429,
    rate_limit_gives_429_with_retry_after,
    usage_answers_without_counting,
    a_burst_then_shutdown_counts_every_answered_request,
);

async fn redact_then_restore_round_trips(backend: Backend) {
    let h = Harness::start(backend, config()).await;
    let (_, key) = h.account(true, 0.0).await;
    let text = "Email jane.doe@example.org or call +1 415 555 0132 about card 4111 1111 1111 1111.";
    let r = h.redact(Some(&key), json!({ "text": text })).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text());
    assert_eq!(
        r.headers["content-type"], "application/json",
        "JSON answers say so"
    );
    let red = r.json();
    assert_eq!(red["object"], "redaction");
    assert_eq!(red["names_decided"], true);
    let out = red["text"].as_str().unwrap();
    for real in [
        "jane.doe@example.org",
        "415 555 0132",
        "4111 1111 1111 1111",
    ] {
        assert!(!out.contains(real), "{real} left in {out}");
    }
    let map = red["map"].as_object().unwrap();
    assert_eq!(red["redacted"], map.len());
    assert!(map.len() >= 3);

    // The model's reply mentions the stand-ins; restore puts the real values back.
    let back = h
        .client
        .post(
            "/v1/restore",
            Some(&key),
            &json!({ "text": out, "map": red["map"] }),
        )
        .await;
    assert_eq!(back.status, StatusCode::OK, "{}", back.text());
    let back = back.json();
    assert_eq!(back["object"], "restoration");
    assert_eq!(back["text"], text);
    assert_eq!(back["restored"], map.len());

    // Passing the map on keeps the same stand-ins.
    let again = h
        .redact(Some(&key), json!({ "text": text, "map": red["map"] }))
        .await
        .json();
    assert_eq!(again["text"], red["text"]);

    // Nothing personal: both endpoints return it unchanged, with an empty map.
    let plain = "The weather is fine today.";
    let r = h.redact(Some(&key), json!({ "text": plain })).await.json();
    assert_eq!(
        (r["text"].as_str(), r["redacted"].as_u64()),
        (Some(plain), Some(0))
    );
    let b = h
        .client
        .post(
            "/v1/restore",
            Some(&key),
            &json!({ "text": plain, "map": {} }),
        )
        .await
        .json();
    assert_eq!(b["text"], plain);

    assert_eq!(h.usage(&key).await["requests_this_month"], 5);
    h.stop().await;
}

async fn keys_that_are_missing_malformed_unknown_or_revoked_get_401(backend: Backend) {
    let h = Harness::start(backend, config()).await;
    let (account, key) = h.account(true, 0.0).await;
    let body = json!({ "text": "hello" });
    let unknown = format!("rk_{}", "A".repeat(40));
    for auth in [
        None,
        Some("not-a-key"),
        Some("rk_short"),
        Some(unknown.as_str()),
    ] {
        for path in ["/v1/redact", "/v1/restore"] {
            let r = h.client.post(path, auth, &body).await;
            assert_eq!(r.status, StatusCode::UNAUTHORIZED, "{path} {auth:?}");
            let e = r.json();
            assert_eq!(e["error"]["code"], "invalid_api_key");
            assert_eq!(e["error"]["type"], "authentication_error");
            assert!(e["error"].get("param").is_some(), "param is present (null)");
        }
        let r = h.client.get("/v1/usage", auth).await;
        assert_eq!(r.status, StatusCode::UNAUTHORIZED);
    }
    // A non-Bearer scheme.
    let r = h
        .client
        .send(
            Method::POST,
            "/v1/redact",
            None,
            &[("authorization", &format!("Basic {key}"))],
            body.to_string(),
        )
        .await;
    assert_eq!(r.status, StatusCode::UNAUTHORIZED);

    // Revocation holds from the next request; other keys are unaffected.
    let other = h.store.create_key(&account, None).await.unwrap();
    assert_eq!(
        h.redact(Some(&key), body.clone()).await.status,
        StatusCode::OK
    );
    let keys = h.store.keys(&account, Month::now()).await.unwrap();
    h.store.revoke_key(&keys[0].id).await.unwrap();
    let r = h.redact(Some(&key), body.clone()).await;
    assert_eq!(
        (r.status, r.code()),
        (StatusCode::UNAUTHORIZED, "invalid_api_key".into())
    );
    assert_eq!(
        h.client.get("/v1/usage", Some(&key)).await.status,
        StatusCode::UNAUTHORIZED
    );
    let r = h.redact(Some(other.key.expose()), body).await;
    assert_eq!(r.status, StatusCode::OK);
    h.stop().await;
}

async fn api_access_switch_gives_402_and_back(backend: Backend) {
    let h = Harness::start(backend, config()).await;
    let (account, key) = h.account(true, 0.0).await;
    h.store.set_api_access(&account, false).await.unwrap();
    for (path, body) in [
        ("/v1/redact", json!({ "text": "hi" })),
        ("/v1/restore", json!({ "text": "hi", "map": {} })),
    ] {
        let r = h.client.post(path, Some(&key), &body).await;
        assert_eq!(r.status, StatusCode::PAYMENT_REQUIRED, "{path}");
        let e = r.json();
        assert_eq!(e["error"]["code"], "api_access_required");
        assert_eq!(e["error"]["type"], "permission_error");
    }
    // Usage answers either way, and the refused requests were not counted.
    assert_eq!(h.usage(&key).await["requests_this_month"], 0);
    h.store.set_api_access(&account, true).await.unwrap();
    assert_eq!(
        h.redact(Some(&key), json!({ "text": "hi" })).await.status,
        StatusCode::OK,
        "the same key works again"
    );
    assert_eq!(h.usage(&key).await["requests_this_month"], 1);
    h.stop().await;
}

async fn bad_bodies_get_400_naming_the_field(backend: Backend) {
    let h = Harness::start(backend, config()).await;
    let (_, key) = h.account(true, 0.0).await;
    let cases: &[(&str, &str, Option<&str>)] = &[
        ("/v1/redact", "not json", None),
        ("/v1/redact", "", None),
        ("/v1/redact", "[]", None),
        ("/v1/redact", r#"{"text": 12}"#, Some("text")),
        ("/v1/redact", r#"{"nothing": "here"}"#, Some("text")),
        (
            "/v1/redact",
            r#"{"text": "a", "strict": "yes"}"#,
            Some("strict"),
        ),
        (
            "/v1/redact",
            r#"{"text": "a", "allow": "x"}"#,
            Some("allow"),
        ),
        (
            "/v1/redact",
            r#"{"text": "a", "profile": []}"#,
            Some("profile"),
        ),
        (
            "/v1/redact",
            r#"{"text": "a", "map": {"": "x"}}"#,
            Some("map"),
        ),
        (
            "/v1/redact",
            r#"{"text": "a", "map": {"k1": "x", "k1": "y"}}"#,
            Some("map"),
        ),
        (
            "/v1/redact",
            r#"{"text": "a", "map": {"k1": 5}}"#,
            Some("map"),
        ),
        ("/v1/restore", r#"{"text": "a"}"#, Some("map")),
        ("/v1/restore", r#"{"map": {}}"#, Some("text")),
        (
            "/v1/restore",
            r#"{"text": "a", "map": {"k1": "x", "k1": "x"}}"#,
            Some("map"),
        ),
    ];
    for (path, body, param) in cases {
        let r = h
            .client
            .send(Method::POST, path, Some(&key), &[], Bytes::from(*body))
            .await;
        assert_eq!(
            r.status,
            StatusCode::BAD_REQUEST,
            "{path} {body}: {}",
            r.text()
        );
        let e = r.json();
        assert_eq!(e["error"]["code"], "invalid_request", "{body}");
        assert_eq!(e["error"]["type"], "invalid_request_error");
        assert_eq!(e["error"]["param"].as_str(), *param, "{body}");
    }
    // Unknown fields are ignored; refused requests were not counted.
    let r = h
        .redact(
            Some(&key),
            json!({ "text": "hi", "future_field": {"x": [1, 2]} }),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK);
    assert_eq!(h.usage(&key).await["requests_this_month"], 1);
    h.stop().await;
}

async fn text_limit_counts_characters_not_bytes(backend: Backend) {
    let h = Harness::start(backend, config()).await;
    let (_, key) = h.account(true, 0.0).await;
    // 200 000 characters of three bytes each: over the limit in bytes, at it in characters.
    let at_limit = "語".repeat(200_000);
    let r = h.redact(Some(&key), json!({ "text": at_limit })).await;
    assert_eq!(
        r.status,
        StatusCode::OK,
        "{}",
        &r.text()[..200.min(r.text().len())]
    );
    let over = "a".repeat(200_001);
    let r = h.redact(Some(&key), json!({ "text": over })).await;
    assert_eq!(r.status, StatusCode::PAYLOAD_TOO_LARGE);
    let e = r.json();
    assert_eq!(e["error"]["code"], "text_too_long");
    assert_eq!(e["error"]["type"], "invalid_request_error");
    assert_eq!(e["error"]["param"], "text");
    assert_eq!(h.usage(&key).await["requests_this_month"], 1);
    h.stop().await;
}

async fn allowance_then_balance_then_insufficient_balance(backend: Backend) {
    let h = Harness::start(
        backend,
        Config {
            meter: MeterPolicy {
                included: 3,
                price: 1_000,
            },
            ..config()
        },
    )
    .await;
    let (account, key) = h.account(true, 0.0).await;
    let body = json!({ "text": "hi" });
    for _ in 0..3 {
        assert_eq!(
            h.redact(Some(&key), body.clone()).await.status,
            StatusCode::OK
        );
    }
    // Beyond the allowance with no balance: 402 insufficient_balance, type insufficient_quota.
    let r = h
        .client
        .post(
            "/v1/restore",
            Some(&key),
            &json!({ "text": "hi", "map": {} }),
        )
        .await;
    assert_eq!(r.status, StatusCode::PAYMENT_REQUIRED);
    let e = r.json();
    assert_eq!(e["error"]["code"], "insufficient_balance");
    assert_eq!(e["error"]["type"], "insufficient_quota");
    // A top-up of 0.0025 USD covers two more requests at 0.001 each, not three.
    h.store.top_up(&account, 2_500).await.unwrap();
    assert_eq!(
        h.redact(Some(&key), body.clone()).await.status,
        StatusCode::OK
    );
    assert_eq!(
        h.redact(Some(&key), body.clone()).await.status,
        StatusCode::OK
    );
    assert_eq!(
        h.redact(Some(&key), body.clone()).await.code(),
        "insufficient_balance"
    );
    let u = h.usage(&key).await;
    assert_eq!(u["object"], "usage");
    assert_eq!(u["requests_this_month"], 5);
    assert_eq!(u["requests_included"], 3);
    assert!(
        (u["balance_usd"].as_f64().unwrap() - 0.0005).abs() < 1e-9,
        "{u}"
    );
    assert!(
        (u["spent_usd"].as_f64().unwrap() - 0.002).abs() < 1e-9,
        "{u}"
    );
    assert!(
        (u["remaining_usd"].as_f64().unwrap() - 0.0005).abs() < 1e-9,
        "{u}"
    );
    assert_eq!(u["tier"], "free");
    h.stop().await;
}

async fn key_spending_limit_gives_429(backend: Backend) {
    let h = Harness::start(
        backend,
        Config {
            meter: MeterPolicy {
                included: 1,
                price: 1_000,
            },
            ..config()
        },
    )
    .await;
    let (account, _) = h.account(true, 1.0).await;
    let limited = h.store.create_key(&account, Some(2_000)).await.unwrap();
    let limited = limited.key.expose();
    let body = json!({ "text": "hi" });
    // One included, then two at 0.001 reach the 0.002 limit; the next is refused.
    for _ in 0..3 {
        assert_eq!(
            h.redact(Some(limited), body.clone()).await.status,
            StatusCode::OK
        );
    }
    let r = h.redact(Some(limited), body.clone()).await;
    assert_eq!(r.status, StatusCode::TOO_MANY_REQUESTS);
    let e = r.json();
    assert_eq!(e["error"]["code"], "key_spending_limit_reached");
    assert_eq!(e["error"]["type"], "rate_limit_error");
    // A key without a limit on the same account goes on.
    let free = h.store.create_key(&account, None).await.unwrap();
    assert_eq!(
        h.redact(Some(free.key.expose()), body).await.status,
        StatusCode::OK
    );
    h.stop().await;
}

async fn rate_limit_gives_429_with_retry_after(backend: Backend) {
    let h = Harness::start(
        backend,
        Config {
            rate_limit_per_minute: 5,
            ..Config::default()
        },
    )
    .await;
    let (_, key) = h.account(true, 0.0).await;
    let (_, other) = h.account(true, 0.0).await;
    let body = json!({ "text": "hi" });
    for _ in 0..4 {
        assert_eq!(
            h.redact(Some(&key), body.clone()).await.status,
            StatusCode::OK
        );
    }
    // /v1/usage counts toward the rate limit too.
    assert_eq!(
        h.client.get("/v1/usage", Some(&key)).await.status,
        StatusCode::OK
    );
    let r = h.redact(Some(&key), body.clone()).await;
    assert_eq!(r.status, StatusCode::TOO_MANY_REQUESTS);
    let e = r.json();
    assert_eq!(e["error"]["code"], "rate_limit_exceeded");
    assert_eq!(e["error"]["type"], "rate_limit_error");
    let wait: u64 = r.headers["retry-after"].to_str().unwrap().parse().unwrap();
    assert!((1..=120).contains(&wait), "{wait}");
    // Other keys are not affected.
    assert_eq!(h.redact(Some(&other), body).await.status, StatusCode::OK);
    // An unknown key past its "limit" is still told 401, not 429.
    let unknown = format!("rk_{}", "B".repeat(40));
    for _ in 0..6 {
        let r = h.redact(Some(&unknown), json!({ "text": "x" })).await;
        assert_eq!(r.status, StatusCode::UNAUTHORIZED);
    }
    h.stop().await;
}

async fn usage_answers_without_counting(backend: Backend) {
    let h = Harness::start(backend, config()).await;
    let (account, key) = h.account(false, 1.5).await;
    for _ in 0..3 {
        let u = h.usage(&key).await;
        assert_eq!(u["requests_this_month"], 0);
        assert_eq!(u["balance_usd"], 1.5);
        assert_eq!(u["remaining_usd"], 1.5);
        assert_eq!(u["spent_usd"], 0.0);
        assert_eq!(u["requests_included"], 50_000);
    }
    // A hold in flight lowers remaining_usd, not balance_usd.
    let hash = redact_service::billing::KeyHash::parse(&key).unwrap();
    let hold = h
        .store
        .hold(&hash, Month::now(), 500_000, i64::MAX / 2)
        .await
        .unwrap()
        .unwrap();
    let u = h.usage(&key).await;
    assert_eq!(
        (u["balance_usd"].as_f64(), u["remaining_usd"].as_f64()),
        (Some(1.5), Some(1.0))
    );
    h.store.release(&hold.id).await.unwrap();
    let _ = account;
    h.stop().await;
}

fn name_model(url: &str, timeout_ms: u64) -> redact_service::namecheck::NameModel {
    redact_service::namecheck::NameModel::new(redact_service::namecheck::NameModelConfig {
        url: url.to_string(),
        model: "fake-names".into(),
        key: None,
        timeout: Duration::from_millis(timeout_ms),
    })
    .unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_name_model_adds_names_and_strict_refuses_when_it_cannot_decide() {
    use redact_testkit::{FakeAnswer, FakeModel};
    // A name written in lower case, which the built-in recogniser does not claim.
    let text = "notes from the call: zorvan quillet will send the file";
    let cases = [
        (
            FakeAnswer::Content(r#"{"people": ["zorvan quillet"]}"#.into()),
            true,
        ),
        (FakeAnswer::Content(r#"{"people": []}"#.into()), true),
        (
            FakeAnswer::Slow(Duration::from_secs(3), r#"{"people": []}"#.into()),
            false,
        ),
        (FakeAnswer::Status(500), false),
        (FakeAnswer::Raw("not json at all".into()), false),
    ];
    for (i, (answer, decides)) in cases.into_iter().enumerate() {
        let model = FakeModel::start(answer).await;
        let h = Harness::start_full(
            Backend::Sqlite,
            config(),
            8 << 20,
            Some(name_model(&model.base_url, 300)),
        )
        .await;
        let (_, key) = h.account(true, 0.0).await;
        let r = h.redact(Some(&key), json!({ "text": text })).await;
        assert_eq!(r.status, StatusCode::OK, "case {i}: {}", r.text());
        let r = r.json();
        assert_eq!(r["names_decided"], decides, "case {i}");
        if i == 0 {
            assert!(!r["text"].as_str().unwrap().contains("zorvan"), "{r}");
        }
        let strict = h
            .redact(Some(&key), json!({ "text": text, "strict": true }))
            .await;
        if decides {
            // A decision, even "nobody", never trips strict.
            assert_eq!(strict.status, StatusCode::OK, "case {i}");
        } else {
            assert_eq!(strict.status, StatusCode::SERVICE_UNAVAILABLE, "case {i}");
            let e = strict.json();
            assert_eq!(e["error"]["code"], "names_undecided");
            assert_eq!(e["error"]["type"], "service_unavailable");
        }
        // The model saw the text; the refused strict call was not counted.
        assert!(!model.received().is_empty());
        let counted = if decides { 2 } else { 1 };
        assert_eq!(
            h.usage(&key).await["requests_this_month"],
            counted,
            "case {i}"
        );
        let m = h.client.get("/metrics", None).await.text();
        let outcome = if decides { "decided" } else { "undecided" };
        assert!(
            m.contains(&format!(
                "redact_name_checks_total{{outcome=\"{outcome}\"}} 2"
            )),
            "{m}"
        );
        h.stop().await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn oversized_bodies_get_413() {
    let h = Harness::start_with_body_limit(Backend::Sqlite, config(), 64 * 1024).await;
    let (_, key) = h.account(true, 0.0).await;
    let big = json!({ "text": "x".repeat(100 * 1024) });
    let r = h.redact(Some(&key), big).await;
    assert_eq!(r.status, StatusCode::PAYLOAD_TOO_LARGE);
    assert_eq!(r.code(), "request_too_large");
    // Chunked, with no length declared: refused while reading, after the limit is passed.
    // Written by hand so the body really goes out in chunks.
    {
        use tokio::io::{AsyncReadExt, AsyncWriteExt};
        let conn = tokio::net::TcpStream::connect(h.addr).await.unwrap();
        let (mut rd, mut wr) = conn.into_split();
        // Read while writing, so the answer is in hand before the server drops the rest.
        let reader = tokio::spawn(async move {
            let mut answer = Vec::new();
            let _ = rd.read_to_end(&mut answer).await;
            String::from_utf8_lossy(&answer).into_owned()
        });
        wr.write_all(
            format!(
                "POST /v1/redact HTTP/1.1\r\nhost: x\r\nauthorization: Bearer {key}\r\n\
                 transfer-encoding: chunked\r\nconnection: close\r\n\r\n"
            )
            .as_bytes(),
        )
        .await
        .unwrap();
        let piece = "y".repeat(8 * 1024);
        for _ in 0..12 {
            let chunk = format!("{:x}\r\n{piece}\r\n", piece.len());
            if wr.write_all(chunk.as_bytes()).await.is_err() {
                break; // the server may close as soon as it has answered
            }
        }
        let _ = wr.write_all(b"0\r\n\r\n").await;
        let answer = reader.await.unwrap();
        assert!(answer.starts_with("HTTP/1.1 413"), "{answer}");
        assert!(answer.contains("request_too_large"), "{answer}");
    }
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn health_readiness_metrics_and_routes() {
    let h = Harness::start(Backend::Sqlite, config()).await;
    let (_, key) = h.account(true, 0.0).await;
    assert_eq!(h.client.get("/healthz", None).await.status, StatusCode::OK);
    assert_eq!(h.client.get("/readyz", None).await.status, StatusCode::OK);
    let secret_text = "Reach Zebediah at zq.private@example.net";
    assert_eq!(
        h.redact(Some(&key), json!({ "text": secret_text }))
            .await
            .status,
        StatusCode::OK
    );
    let _ = h.redact(None, json!({ "text": "x" })).await;
    let m = h.client.get("/metrics", None).await;
    assert_eq!(m.status, StatusCode::OK);
    assert!(
        m.headers["content-type"]
            .to_str()
            .unwrap()
            .starts_with("text/plain")
    );
    let m = m.text();
    assert!(
        m.contains(r#"redact_http_requests_total{route="/v1/redact",status="200"} 1"#),
        "{m}"
    );
    assert!(m.contains(r#"redact_http_requests_total{route="/v1/redact",status="401"} 1"#));
    assert!(m.contains("redact_http_request_duration_seconds_bucket"));
    assert!(
        m.contains(r#"redact_redactions_total{kind="email"} 1"#),
        "{m}"
    );
    assert!(
        !m.contains("Zebediah") && !m.contains("zq.private"),
        "no content in metrics"
    );
    assert!(!m.contains(&key));

    // The console: the page and its two files, each with the strict policy, no cookie.
    for (path, kind) in [
        ("/", "text/html"),
        ("/console.js", "text/javascript"),
        ("/console.css", "text/css"),
    ] {
        let r = h.client.get(path, None).await;
        assert_eq!(r.status, StatusCode::OK, "{path}");
        assert!(
            r.headers["content-type"]
                .to_str()
                .unwrap()
                .starts_with(kind)
        );
        let csp = r.headers["content-security-policy"].to_str().unwrap();
        assert!(csp.contains("default-src 'none'") && csp.contains("script-src 'self'"));
        assert!(!csp.contains("unsafe-inline"));
        assert_eq!(r.headers["x-content-type-options"], "nosniff");
        assert!(r.headers.get("set-cookie").is_none());
    }
    let r = h.client.get("/nope", None).await;
    assert_eq!(
        (r.status, r.code()),
        (StatusCode::NOT_FOUND, "not_found".into())
    );
    let r = h.client.get("/v1/redact", Some(&key)).await;
    assert_eq!(r.status, StatusCode::METHOD_NOT_ALLOWED);
    assert_eq!(r.headers["allow"], "POST");
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn nothing_of_a_request_reaches_the_store() {
    let mut h = Harness::start(Backend::Sqlite, config()).await;
    let (_, key) = h.account(true, 0.0).await;
    let text = "Patient Quillon Maredith, quillon.maredith@example.org, SSN 123-45-6789";
    let r = h.redact(Some(&key), json!({ "text": text })).await.json();
    let stand_ins: Vec<String> = r["map"].as_object().unwrap().keys().cloned().collect();
    let _ = h
        .client
        .post(
            "/v1/restore",
            Some(&key),
            &json!({ "text": r["text"], "map": r["map"] }),
        )
        .await;
    let dir = h.dir.path().to_path_buf();
    let _ = h.stop.take().unwrap().send(());
    h.task.take().unwrap().await.unwrap();
    drop(h.store.clone());
    let mut bytes = Vec::new();
    for entry in std::fs::read_dir(&dir).unwrap().flatten() {
        // The -wal and -shm files may vanish as the store closes.
        bytes.extend(std::fs::read(entry.path()).unwrap_or_default());
    }
    assert!(!bytes.is_empty());
    let hay = String::from_utf8_lossy(&bytes);
    for needle in ["Quillon", "quillon.maredith", "123-45-6789", key.as_str()]
        .into_iter()
        .chain(stand_ins.iter().map(String::as_str))
    {
        assert!(!hay.contains(needle), "the store holds {needle:?}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn shutdown_lets_requests_in_flight_finish() {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut h = Harness::start(Backend::Sqlite, config()).await;
    let (_, key) = h.account(true, 0.0).await;
    let body = json!({ "text": "Call +1 415 555 0132" }).to_string();
    let (head, tail) = body.split_at(10);
    let mut conn = tokio::net::TcpStream::connect(h.addr).await.unwrap();
    conn.write_all(
        format!(
            "POST /v1/redact HTTP/1.1\r\nhost: x\r\nauthorization: Bearer {key}\r\n\
             content-type: application/json\r\ncontent-length: {}\r\n\r\n{head}",
            body.len()
        )
        .as_bytes(),
    )
    .await
    .unwrap();
    tokio::time::sleep(Duration::from_millis(100)).await;
    // Shut down while the request is half sent.
    let _ = h.stop.take().unwrap().send(());
    tokio::time::sleep(Duration::from_millis(100)).await;
    // New connections are refused…
    assert!(tokio::net::TcpStream::connect(h.addr).await.is_err());
    // …but the request in flight completes.
    conn.write_all(tail.as_bytes()).await.unwrap();
    let mut answer = String::new();
    conn.read_to_string(&mut answer).await.unwrap();
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    let body: Value = serde_json::from_str(answer.split("\r\n\r\n").nth(1).unwrap()).unwrap();
    assert!(!body["text"].as_str().unwrap().contains("415 555 0132"));
    h.task.take().unwrap().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn openapi_document_matches_the_server() {
    let h = Harness::start(Backend::Sqlite, config()).await;
    let doc = h.client.get("/v1/openapi.json", None).await;
    assert_eq!(doc.status, StatusCode::OK);
    let doc = doc.json();
    assert_eq!(doc["openapi"], "3.1.0");
    // Every documented operation is served (not 404/405), and every served route documented.
    let paths = doc["paths"].as_object().unwrap();
    for (path, ops) in paths {
        for method in ops.as_object().unwrap().keys() {
            let m: Method = method.to_uppercase().parse().unwrap();
            let r = h
                .client
                .send(m.clone(), path, None, &[], Bytes::from_static(b"{}"))
                .await;
            assert!(
                r.status != StatusCode::NOT_FOUND && r.status != StatusCode::METHOD_NOT_ALLOWED,
                "{method} {path} is documented but answers {}",
                r.status
            );
            // Every status the server gave is documented for the operation.
            let documented = &ops[method]["responses"];
            assert!(
                documented.get(r.status.as_str()).is_some() || documented.get("default").is_some(),
                "{method} {path} answered {} which is not documented",
                r.status
            );
        }
    }
    for served in [
        "/v1/redact",
        "/v1/restore",
        "/v1/usage",
        "/healthz",
        "/readyz",
        "/metrics",
        "/v1/openapi.json",
        "/v1/proxy/chat/completions",
        "/v1/chat/completions",
    ] {
        assert!(paths.contains_key(served), "{served} is not documented");
    }
    // Real answers validate against the documented schemas.
    let (_, key) = h.account(true, 0.0).await;
    let red = h
        .redact(Some(&key), json!({ "text": "Mail a.b@example.org" }))
        .await
        .json();
    schema::check(&doc, "Redaction", &red);
    let res = h
        .client
        .post(
            "/v1/restore",
            Some(&key),
            &json!({ "text": red["text"], "map": red["map"] }),
        )
        .await
        .json();
    schema::check(&doc, "Restoration", &res);
    schema::check(&doc, "Usage", &h.usage(&key).await);
    // The bounds the server enforces are stated, so a fuzzer never sees a schema-valid
    // request refused (scripts/schemathesis runs one).
    let schemas = &doc["components"]["schemas"];
    assert_eq!(schemas["StringMap"]["propertyNames"]["minLength"], 1);
    assert_eq!(
        schemas["StringMap"]["maxProperties"],
        Config::default().limits.max_map_entries
    );
    assert_eq!(
        schemas["RedactRequest"]["properties"]["text"]["maxLength"],
        200_000
    );
    for body in [
        json!({"text": "a", "map": {"": "x"}}),
        json!({"text": "a".repeat(200_001)}),
    ] {
        let r = h.redact(Some(&key), body).await;
        assert!(r.status == 400 || r.status == 413, "{}", r.status);
        assert!(
            doc["paths"]["/v1/redact"]["post"]["responses"][r.status.as_str()].is_object(),
            "{} is documented",
            r.status
        );
    }
    let message = &schemas["Message"];
    assert!(message["allOf"].to_string().contains("tool_call_id"));
    for path in ["/v1/proxy/chat/completions", "/v1/chat/completions"] {
        let stream =
            &doc["paths"][path]["post"]["responses"]["200"]["content"]["text/event-stream"];
        assert_eq!(stream["schema"]["$ref"], "#/components/schemas/StreamEvent");
    }
    schema::check(&doc, "Error", &h.redact(None, json!({})).await.json());
    schema::check(
        &doc,
        "Error",
        &h.redact(Some(&key), json!({"text": 1})).await.json(),
    );
    h.stop().await;
}

/// A checker for the subset of JSON Schema the document uses (type, const, required,
/// properties, additionalProperties, items, oneOf, $ref): enough to catch a response that
/// drifts from its documented shape.
mod schema {
    use serde_json::Value;

    pub fn check(doc: &Value, name: &str, value: &Value) {
        let schema = &doc["components"]["schemas"][name];
        assert!(schema.is_object(), "no schema {name}");
        if let Err(e) = validate(doc, schema, value, name) {
            panic!("{e}\nvalue: {value}");
        }
    }

    fn type_ok(t: &str, v: &Value) -> bool {
        match t {
            "object" => v.is_object(),
            "array" => v.is_array(),
            "string" => v.is_string(),
            "integer" => v.is_i64() || v.is_u64(),
            "number" => v.is_number(),
            "boolean" => v.is_boolean(),
            "null" => v.is_null(),
            _ => false,
        }
    }

    fn validate(doc: &Value, s: &Value, v: &Value, at: &str) -> Result<(), String> {
        if let Some(r) = s.get("$ref").and_then(Value::as_str) {
            let name = r.trim_start_matches("#/components/schemas/");
            return validate(doc, &doc["components"]["schemas"][name], v, at);
        }
        if let Some(options) = s.get("oneOf").and_then(Value::as_array) {
            let ok = options
                .iter()
                .filter(|o| validate(doc, o, v, at).is_ok())
                .count();
            return if ok == 1 {
                Ok(())
            } else {
                Err(format!("{at}: matches {ok} of oneOf"))
            };
        }
        match s.get("type") {
            Some(Value::String(t)) if !type_ok(t, v) => {
                return Err(format!("{at}: not of type {t}"));
            }
            Some(Value::Array(ts)) if !ts.iter().any(|t| type_ok(t.as_str().unwrap_or(""), v)) => {
                return Err(format!("{at}: not of types {ts:?}"));
            }
            _ => {}
        }
        if let Some(c) = s.get("const")
            && c != v
        {
            return Err(format!("{at}: {v} is not {c}"));
        }
        if let Some(obj) = v.as_object() {
            for r in s
                .get("required")
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
            {
                let r = r.as_str().unwrap();
                if !obj.contains_key(r) {
                    return Err(format!("{at}: missing {r}"));
                }
            }
            let props = s.get("properties").and_then(Value::as_object);
            for (k, val) in obj {
                if let Some(p) = props.and_then(|p| p.get(k)) {
                    validate(doc, p, val, &format!("{at}.{k}"))?;
                } else if let Some(extra) = s.get("additionalProperties") {
                    validate(doc, extra, val, &format!("{at}.{k}"))?;
                } else if props.is_some() {
                    return Err(format!("{at}: undocumented field {k}"));
                }
            }
        }
        if let (Some(items), Some(arr)) = (s.get("items"), v.as_array()) {
            for (i, item) in arr.iter().enumerate() {
                validate(doc, items, item, &format!("{at}[{i}]"))?;
            }
        }
        Ok(())
    }
}

/// A burst of concurrent requests over several keys (some refused after counting, which
/// refunds them), then a graceful shutdown: each account's count is exactly its requests
/// answered 200, read through a store opened afresh after the gateway stopped. The stores
/// group concurrent metering (shared transactions on SQLite, shared statements on
/// PostgreSQL); nothing counted may be lost, and nothing refused may stay counted.
async fn a_burst_then_shutdown_counts_every_answered_request(backend: Backend) {
    let mut h = Harness::start(backend, config()).await;
    let mut keys = Vec::new();
    for _ in 0..3 {
        keys.push(h.account(true, 0.0).await);
    }
    let good = json!({ "text": "Call Dana Whitfield at +1 415 555 0132 or dana@example.com." });
    // Valid JSON, but `text` is not a string: 400 after metering, so refunded.
    let bad = json!({ "text": 5 });
    let mut tasks = Vec::new();
    for i in 0..180usize {
        let client = h.client.clone();
        let (account, key) = keys[i % 3].clone();
        let body = if i % 10 == 9 {
            bad.clone()
        } else {
            good.clone()
        };
        tasks.push(tokio::spawn(async move {
            let r = client.post("/v1/redact", Some(&key), &body).await;
            (account, r.status)
        }));
    }
    let mut served = std::collections::HashMap::<String, i64>::new();
    for task in tasks {
        let (account, status) = task.await.unwrap();
        match status {
            StatusCode::OK => *served.entry(account).or_default() += 1,
            StatusCode::BAD_REQUEST => {}
            other => panic!("unexpected status {other}"),
        }
    }
    // A graceful shutdown (the harness keeps its directory, so the SQLite file stays).
    let _ = h.stop.take().unwrap().send(());
    h.task.take().unwrap().await.unwrap();
    let store = redact_service::billing::open(&h.url).await.unwrap();
    for (account, _) in &keys {
        let a = store.account(account, Month::now()).await.unwrap().unwrap();
        assert_eq!(a.requests_this_month, served[account], "account {account}");
        assert_eq!(a.requests_this_month, 54);
    }
}
