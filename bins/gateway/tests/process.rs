//! Tests of the `redact-gateway` binary as a process: first start, the administration
//! commands (against a running gateway, on both stores), two gateways sharing PostgreSQL,
//! and what reaches the logs.

use std::process::Command;
use std::time::Duration;

use http::StatusCode;
use redact_testkit::process::Spawned;
use redact_testkit::{Backend, Client};
use serde_json::{Value, json};

const BIN: &str = env!("CARGO_BIN_EXE_redact-gateway");

/// A running gateway process.
struct Gateway(Spawned);

impl Gateway {
    fn start(url: &str, env: &[(&str, &str)]) -> Gateway {
        let mut all = vec![
            ("REDACT_DATABASE_URL", url),
            ("REDACT_LISTEN", "127.0.0.1:0"),
            ("REDACT_LOG", "info"),
        ];
        all.extend_from_slice(env);
        Gateway(Spawned::start(BIN, &["serve"], &all))
    }

    fn client(&self) -> Client {
        Client::new(self.0.addr)
    }

    /// SIGTERM, then wait for a clean exit: (stdout, stderr).
    fn stop(self) -> (Vec<String>, Vec<String>) {
        let (out, err, _) = self.0.stop();
        (out, err)
    }
}

/// Runs an administration command; (exit ok, stdout, stderr).
fn admin(url: &str, args: &[&str]) -> (bool, String, String) {
    let out = Command::new(BIN)
        .args(args)
        .env("REDACT_DATABASE_URL", url)
        .output()
        .expect("the command runs");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn admin_ok(url: &str, args: &[&str]) -> String {
    let (ok, out, err) = admin(url, args);
    assert!(ok, "{args:?} failed: {err}");
    out
}

fn admin_json(url: &str, args: &[&str]) -> Value {
    let mut args = args.to_vec();
    args.push("--json");
    let out = admin_ok(url, &args);
    serde_json::from_str(out.trim()).unwrap_or_else(|e| panic!("{args:?}: {e}: {out}"))
}

fn last_line(s: &str) -> &str {
    s.trim_end().lines().last().unwrap_or_default()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn first_start_on_an_empty_embedded_store_prints_one_working_key() {
    let dir = tempfile::tempdir().unwrap();
    // The directory of the database file does not exist yet: it is created.
    let url = format!("sqlite:{}", dir.path().join("data/redact.db").display());
    let gw = Gateway::start(&url, &[]);
    let key =
        gw.0.stdout_line(|l| l.starts_with("rk_"), Duration::from_secs(10))
            .expect("a key printed");
    let u = gw.client().get("/v1/usage", Some(&key)).await;
    assert_eq!(u.status, StatusCode::OK);
    assert_eq!(u.json()["tier"], "free");
    let r = gw
        .client()
        .post("/v1/redact", Some(&key), &json!({ "text": "hi" }))
        .await;
    assert_eq!(
        r.status,
        StatusCode::OK,
        "the default account has API access"
    );
    let (out, err) = gw.stop();
    assert_eq!(out.iter().filter(|l| l.starts_with("rk_")).count(), 1);
    assert!(
        !err.iter().any(|l| l.contains(&key)),
        "the key is not logged"
    );

    // The second start prints no key.
    let gw = Gateway::start(&url, &[]);
    std::thread::sleep(Duration::from_millis(200));
    let (out, _) = gw.stop();
    assert!(!out.iter().any(|l| l.contains("rk_")), "{out:?}");
    let accounts = admin_json(&url, &["account", "show", "default"]);
    assert_eq!(accounts["keys"], 1);
}

fn administration_while_serving(backend: Backend) {
    let dir = tempfile::tempdir().unwrap();
    let url = backend.fresh_url(dir.path(), "admin");
    // Text output: the id is the last line.
    let out = admin_ok(
        &url,
        &[
            "account",
            "create",
            "--name",
            "acme",
            "--api-access",
            "--balance",
            "5",
        ],
    );
    let account = last_line(&out).to_string();
    assert!(account.starts_with("acct_"), "{out}");
    let out = admin_ok(&url, &["key", "create", "acme", "--monthly-limit", "2"]);
    let mut lines = out.trim_end().lines();
    let key_id = lines
        .next()
        .unwrap()
        .strip_prefix("id: ")
        .unwrap()
        .to_string();
    let key = last_line(&out).to_string();
    assert!(key.starts_with("rk_") && key.len() >= 35, "{out}");
    // JSON output.
    let second = admin_json(
        &url,
        &["account", "create", "--name", "beta", "--plan", "pro"],
    );
    assert!(second["id"].as_str().unwrap().starts_with("acct_"));
    let k2 = admin_json(&url, &["key", "create", &account]);
    assert!(
        k2["key"]
            .as_str()
            .unwrap()
            .starts_with(k2["prefix"].as_str().unwrap())
    );
    let list = admin_json(&url, &["key", "list", "acme"]);
    let keys = list["keys"].as_array().unwrap();
    assert_eq!(keys.len(), 2);
    assert_eq!(keys[0]["id"], key_id.as_str());
    assert_eq!(keys[0]["monthly_limit_usd"], 2.0);
    assert_eq!(keys[0]["state"], "active");
    assert!(keys[1]["monthly_limit_usd"].is_null());
    let text_list = admin_ok(&url, &["key", "list", "acme"]);
    assert!(
        !text_list.contains(&key) && !list.to_string().contains(&key),
        "never the key"
    );

    let gw = Gateway::start(&url, &[]);
    let c = gw.client();
    let hi = json!({ "text": "hi" });
    let run = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    run.block_on(async {
        assert_eq!(
            c.post("/v1/redact", Some(&key), &hi).await.status,
            StatusCode::OK
        );
        // Access off, from another process: 402 at once; on again: the same key works.
        admin_ok(&url, &["account", "api-access", "acme", "off"]);
        let r = c.post("/v1/redact", Some(&key), &hi).await;
        assert_eq!(
            (r.status, r.code()),
            (StatusCode::PAYMENT_REQUIRED, "api_access_required".into())
        );
        admin_ok(&url, &["account", "api-access", &account, "on"]);
        assert_eq!(
            c.post("/v1/redact", Some(&key), &hi).await.status,
            StatusCode::OK
        );
        // Top-up shows in usage.
        admin_ok(&url, &["account", "top-up", "acme", "2.5"]);
        let u = c.get("/v1/usage", Some(&key)).await.json();
        assert_eq!(u["balance_usd"], 7.5);
        assert_eq!(u["requests_this_month"], 2);
        // Revoke from another process: 401 on the very next request.
        admin_ok(&url, &["key", "revoke", &key_id]);
        let r = c.post("/v1/redact", Some(&key), &hi).await;
        assert_eq!(r.status, StatusCode::UNAUTHORIZED);
        let k2 = k2["key"].as_str().unwrap();
        assert_eq!(
            c.post("/v1/redact", Some(k2), &hi).await.status,
            StatusCode::OK
        );
    });
    gw.stop();

    let shown = admin_json(&url, &["account", "show", "acme"]);
    assert_eq!(shown["api_access"], true);
    assert_eq!(shown["requests_this_month"], 3);
    assert_eq!(shown["keys"], 2);
    let list = admin_json(&url, &["key", "list", "acme"]);
    assert_eq!(list["keys"][0]["state"], "revoked");

    // Errors: non-zero exit, a message on stderr.
    for args in [
        &["account", "show", "nosuch"][..],
        &["account", "create", "--name", "acme"],
        &["account", "create", "--name", "x", "--plan", "platinum"],
        &["account", "top-up", "acme", "-3"],
        &["key", "revoke", "key_doesnotexist"],
        &["account", "api-access", "acme", "maybe"],
    ] {
        let (ok, _, err) = admin(&url, args);
        assert!(!ok, "{args:?} succeeded");
        assert!(!err.trim().is_empty(), "{args:?} said nothing");
    }
    // At most 20 keys.
    for _ in 0..18 {
        admin_ok(&url, &["key", "create", "acme"]);
    }
    let (ok, _, err) = admin(&url, &["key", "create", "acme"]);
    assert!(!ok && err.contains("20"), "{err}");
}

#[test]
fn administration_while_serving_sqlite() {
    administration_while_serving(Backend::Sqlite);
}

#[test]
fn administration_while_serving_postgres() {
    administration_while_serving(Backend::Postgres);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn two_gateways_on_one_postgres_count_every_request_once() {
    let url = redact_testkit::pg_url("two");
    let account = admin_json(
        &url,
        &[
            "account",
            "create",
            "--name",
            "shared",
            "--api-access",
            "--balance",
            "0.25",
        ],
    );
    let account = account["id"].as_str().unwrap().to_string();
    let keys: Vec<String> = (0..4)
        .map(|_| {
            admin_json(&url, &["key", "create", &account])["key"]
                .as_str()
                .unwrap()
                .to_string()
        })
        .collect();
    let env = [
        ("REDACT_RATE_LIMIT_PER_MINUTE", "1000000"),
        ("REDACT_REQUESTS_INCLUDED", "100"),
    ];
    let a = Gateway::start(&url, &env);
    let b = Gateway::start(&url, &env);
    // 600 requests over both instances and four keys: 100 included, 250 paid from the 0.25
    // USD balance at 0.001 each, the other 250 refused for want of balance.
    let mut tasks = Vec::new();
    for t in 0..16 {
        let client = if t % 2 == 0 { a.client() } else { b.client() };
        let key = keys[t % keys.len()].clone();
        tasks.push(tokio::spawn(async move {
            let mut ok = 0;
            let mut refused = 0;
            for _ in 0..(600 / 16 + usize::from(t < 600 % 16)) {
                let r = client
                    .post(
                        "/v1/restore",
                        Some(&key),
                        &json!({ "text": "t", "map": {} }),
                    )
                    .await;
                match r.status {
                    StatusCode::OK => ok += 1,
                    StatusCode::PAYMENT_REQUIRED => {
                        assert_eq!(r.code(), "insufficient_balance");
                        refused += 1
                    }
                    s => panic!("unexpected {s}: {}", r.text()),
                }
            }
            (ok, refused)
        }));
    }
    let (mut ok, mut refused) = (0, 0);
    for t in tasks {
        let (o, r) = t.await.unwrap();
        ok += o;
        refused += r;
    }
    assert_eq!(ok + refused, 600);
    assert_eq!(ok, 350);
    let u = a.client().get("/v1/usage", Some(&keys[0])).await.json();
    assert_eq!(u["requests_this_month"], 350);
    assert_eq!(u["balance_usd"], 0.0);
    assert!(
        (u["spent_usd"].as_f64().unwrap() - 0.25).abs() < 1e-9,
        "{u}"
    );
    a.stop();
    b.stop();
}

/// A gateway killed (SIGKILL) between a chat request's hold and its settle leaves the hold
/// in the store; a gateway started again releases it once it has expired, and no money
/// moves.
async fn a_crash_between_hold_and_settle_is_released_after_expiry(backend: Backend) {
    use redact_testkit::vendors::{FakeVendor, Kind, Script, test_key};
    let dir = tempfile::tempdir().unwrap();
    let url = backend.fresh_url(dir.path(), "crash");
    let account = admin_json(
        &url,
        &["account", "create", "--name", "c", "--balance", "1"],
    );
    let id = account["id"].as_str().unwrap().to_string();
    let key = admin_json(&url, &["key", "create", &id])["key"]
        .as_str()
        .unwrap()
        .to_string();
    let show = || admin_json(&url, &["account", "show", &id]);
    // The service's vendor takes a minute to answer: the request waits, its hold taken.
    let fake = FakeVendor::start(
        Kind::OpenAi,
        Script::text("Hello.").head_delay(Duration::from_secs(60)),
    )
    .await;
    let service_key = test_key("svc-");
    let env = [
        ("REDACT_SERVICE_OPENAI_KEY", service_key.as_str()),
        ("REDACT_OPENAI_BASE_URL", fake.base_url.as_str()),
        ("REDACT_HOLD_EXPIRY_SECONDS", "3"),
    ];
    let gw = Gateway::start(&url, &env);
    let client = gw.client();
    let pending = {
        let key = key.clone();
        tokio::spawn(async move {
            client
                .post(
                    "/v1/chat/completions",
                    Some(&key),
                    &json!({"messages": [{"role": "user", "content": "Hello there"}]}),
                )
                .await
        })
    };
    let mut waited = 0;
    while fake.received().is_empty() {
        assert!(waited < 500, "the vendor was never called");
        tokio::time::sleep(Duration::from_millis(20)).await;
        waited += 1;
    }
    let held = show()["held_usd"].as_f64().unwrap();
    assert!(held > 0.0, "a hold is taken before the vendor call");
    gw.0.kill();
    pending.abort();
    // The crash left the hold; nothing released it, nothing was charged.
    tokio::time::sleep(Duration::from_millis(300)).await;
    let after = show();
    assert_eq!(after["held_usd"].as_f64().unwrap(), held);
    assert_eq!(after["balance_usd"], 1.0);
    // Started again, a gateway sweeps it once it has expired (3 s after it was taken).
    let again = Gateway::start(&url, &env);
    let mut released = false;
    for _ in 0..150 {
        if show()["held_usd"].as_f64().unwrap() == 0.0 {
            released = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(released, "the expired hold was released");
    let end = show();
    assert_eq!(end["balance_usd"], 1.0);
    assert_eq!(end["remaining_usd"], 1.0);
    let u = again.client().get("/v1/usage", Some(&key)).await.json();
    assert_eq!(u["spent_usd"], 0.0);
    again.stop();
}

/// `REDACT_CONFIG` adds a plan (the admin commands accept it) and changes a route's vendor
/// model, prices and output limit; the gateway routes, limits and charges by it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_config_file_sets_plans_routes_and_prices() {
    use redact_testkit::vendors::{FakeVendor, Kind, Script, test_key};
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite:{}", dir.path().join("config.db").display());
    let config = dir.path().join("redact.toml");
    std::fs::write(
        &config,
        r#"
[routes.service-auto]
vendor = "openai"
model = "gpt-house"
input_usd_per_mtok = 2.0
output_usd_per_mtok = 4.0
max_output_tokens = 500

[plans.team]
input_tokens = 1000
routes = ["service-auto"]
"#,
    )
    .unwrap();
    let config = config.to_str().unwrap();
    // Without the file the plan is unknown to the admin commands; with it, it is accepted.
    let (ok, _, err) = admin(
        &url,
        &["account", "create", "--name", "t", "--plan", "team"],
    );
    assert!(!ok && err.contains("team"), "{err}");
    let out = Command::new(BIN)
        .args([
            "account",
            "create",
            "--name",
            "t",
            "--plan",
            "team",
            "--balance",
            "1",
            "--json",
        ])
        .env("REDACT_DATABASE_URL", &url)
        .env("REDACT_CONFIG", config)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let id: Value = serde_json::from_slice(&out.stdout).unwrap();
    let id = id["id"].as_str().unwrap().to_string();
    let key = admin_json(&url, &["key", "create", &id])["key"]
        .as_str()
        .unwrap()
        .to_string();
    let fake = FakeVendor::start(Kind::OpenAi, Script::text("Hello.").usage(10, 400)).await;
    let service_key = test_key("svc-");
    let gw = Gateway::start(
        &url,
        &[
            ("REDACT_CONFIG", config),
            ("REDACT_SERVICE_OPENAI_KEY", &service_key),
            ("REDACT_OPENAI_BASE_URL", &fake.base_url),
        ],
    );
    let c = gw.client();
    let r = c
        .post(
            "/v1/chat/completions",
            Some(&key),
            &json!({"messages": [{"role": "user", "content": "Say hello."}]}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text());
    let sent = fake.last().json();
    assert_eq!(sent["model"], "gpt-house");
    assert_eq!(
        sent["max_completion_tokens"], 500,
        "the route's output limit is sent"
    );
    // 10 input tokens at 2 USD and 400 output tokens at 4 USD per million: 1,620 micro-USD.
    let u = c.get("/v1/usage", Some(&key)).await.json();
    assert_eq!(u["tier"], "team");
    assert!(
        (u["spent_usd"].as_f64().unwrap() - 0.001_62).abs() < 1e-9,
        "{u}"
    );
    // The plan's input limit: 1,000 tokens.
    let long = "river ".repeat(1_200);
    let r = c
        .post(
            "/v1/chat/completions",
            Some(&key),
            &json!({"messages": [{"role": "user", "content": long}]}),
        )
        .await;
    assert_eq!(r.code(), "context_length_exceeded");
    gw.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_crash_between_hold_and_settle_sqlite() {
    a_crash_between_hold_and_settle_is_released_after_expiry(Backend::Sqlite).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_crash_between_hold_and_settle_postgres() {
    a_crash_between_hold_and_settle_is_released_after_expiry(Backend::Postgres).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_log_line_holds_request_text_maps_or_keys() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite:{}", dir.path().join("logs.db").display());
    let account = admin_json(
        &url,
        &[
            "account",
            "create",
            "--name",
            "l",
            "--api-access",
            "--balance",
            "1",
        ],
    );
    let key = admin_json(&url, &["key", "create", account["id"].as_str().unwrap()]);
    let key = key["key"].as_str().unwrap().to_string();
    let service_key = redact_testkit::vendors::test_key("svc-");
    // The most verbose filter there is.
    // The vendor is a closed local port, so proxy and chat calls fail fast with 502.
    let gw = Gateway::start(
        &url,
        &[
            ("REDACT_LOG", "trace"),
            ("REDACT_OPENAI_BASE_URL", "http://127.0.0.1:9/v1"),
            ("REDACT_SERVICE_OPENAI_KEY", &service_key),
        ],
    );
    let c = gw.client();
    let text = "Dear Ottoline Vasquez-Brandt, your IBAN DE89370400440532013000 and \
                ottoline.vb@example.com are on file; call +44 20 7946 0958.";
    let r = c
        .post("/v1/redact", Some(&key), &json!({ "text": text }))
        .await
        .json();
    let map = r["map"].clone();
    c.post(
        "/v1/restore",
        Some(&key),
        &json!({ "text": r["text"], "map": map }),
    )
    .await;
    c.post(
        "/v1/redact",
        Some(&key),
        &json!({ "text": 5, "map": {"Ottoline": "x"} }),
    )
    .await;
    c.post(
        "/v1/redact",
        Some(&format!("{key}x")),
        &json!({ "text": text }),
    )
    .await;
    c.get("/v1/usage", Some(&key)).await;
    let provider_key = redact_testkit::vendors::test_key("vk-");
    let r = c
        .send(
            http::Method::POST,
            "/v1/proxy/chat/completions",
            Some(&key),
            &[("x-provider-key", &provider_key)],
            json!({"model": "gpt-4o-mini", "messages": [{"role": "user", "content": text}]})
                .to_string(),
        )
        .await;
    assert_eq!(r.status, StatusCode::BAD_GATEWAY, "{}", r.text());
    assert!(!r.text().contains(&provider_key));
    let r = c
        .post(
            "/v1/chat/completions",
            Some(&key),
            &json!({"messages": [{"role": "user", "content": text}], "stream": true}),
        )
        .await;
    assert_eq!(r.status, StatusCode::BAD_GATEWAY, "{}", r.text());
    assert!(!r.text().contains(&service_key));
    let (_, err) = gw.stop();
    assert!(
        err.iter().any(|l| l.contains("/v1/redact")),
        "requests are logged: {err:?}"
    );
    let logs = err.join("\n");
    let mut needles = vec![
        "Ottoline".to_string(),
        "DE89370400440532013000".into(),
        "ottoline.vb".into(),
        "7946 0958".into(),
        key.clone(),
        key[3..20].to_string(),
        provider_key.clone(),
        provider_key[3..20].to_string(),
        service_key.clone(),
        service_key[4..20].to_string(),
    ];
    needles.extend(map.as_object().unwrap().keys().cloned());
    for n in needles {
        assert!(!logs.contains(&n), "a log line holds {n:?}");
    }
}
