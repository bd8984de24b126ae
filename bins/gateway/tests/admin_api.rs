//! The admin HTTP API (`/admin/v1/…`) over real HTTP on loopback, against the
//! `redact-gateway` binary on both stores: off without `REDACT_ADMIN_TOKEN`, bearer-token
//! only, and in agreement with the admin CLI (each side reads what the other wrote).

use std::process::Command;

use http::{Method, StatusCode};
use redact_testkit::process::Spawned;
use redact_testkit::{Backend, Client, Reply};
use serde_json::{Value, json};

const BIN: &str = env!("CARGO_BIN_EXE_redact-gateway");
/// A test token: long enough, and plainly not a secret.
const TOKEN: &str = "test-admin-token-not-a-secret";

fn start(url: &str, token: Option<&str>) -> Spawned {
    let mut env = vec![
        ("REDACT_DATABASE_URL", url),
        ("REDACT_LISTEN", "127.0.0.1:0"),
        ("REDACT_LOG", "info"),
    ];
    if let Some(t) = token {
        env.push(("REDACT_ADMIN_TOKEN", t));
    }
    Spawned::start(BIN, &["serve"], &env)
}

/// `redact-gateway ARGS --json` against the store: its JSON output (panics on failure).
fn cli(url: &str, args: &[&str]) -> Value {
    let out = Command::new(BIN)
        .args(args)
        .arg("--json")
        .env("REDACT_DATABASE_URL", url)
        .env_remove("REDACT_ADMIN_TOKEN")
        .output()
        .expect("the command runs");
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("JSON output")
}

struct Admin(Client);

impl Admin {
    async fn get(&self, path: &str) -> Reply {
        self.0.send(Method::GET, path, Some(TOKEN), &[], "").await
    }

    async fn post(&self, path: &str, body: Value) -> Reply {
        self.0
            .send(Method::POST, path, Some(TOKEN), &[], body.to_string())
            .await
    }
}

fn ok(r: &Reply, status: StatusCode) -> Value {
    assert_eq!(r.status, status, "{}", r.text());
    assert_eq!(r.headers["content-type"], "application/json");
    assert_eq!(r.headers["cache-control"], "no-store");
    assert!(r.headers.get("set-cookie").is_none(), "no cookies");
    r.json()
}

/// The figures that move between two reads (none here) aside, an account as the CLI shows it.
fn without_volatile(mut v: Value) -> Value {
    if let Some(o) = v.as_object_mut() {
        o.remove("spent_usd");
    }
    v
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_admin_api_is_off_without_a_token() {
    let dir = tempfile::tempdir().unwrap();
    let url = Backend::Sqlite.fresh_url(dir.path(), "adminoff");
    let gw = start(&url, None);
    let c = Client::new(gw.addr);
    for path in ["/admin/v1/plans", "/admin/v1/accounts/default", "/admin/v1"] {
        let r = c.send(Method::GET, path, Some(TOKEN), &[], "").await;
        assert_eq!(r.status, StatusCode::NOT_FOUND, "{path}");
        assert_eq!(r.code(), "not_found");
    }
    gw.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_token_is_required_and_must_match() {
    let dir = tempfile::tempdir().unwrap();
    let url = Backend::Sqlite.fresh_url(dir.path(), "admintoken");
    let gw = start(&url, Some(TOKEN));
    let c = Client::new(gw.addr);
    let wrong = format!("{TOKEN}x");
    let api_key = gw
        .stdout_line(|l| l.starts_with("rk_"), std::time::Duration::from_secs(10))
        .expect("the first key");
    for key in [None, Some(""), Some(wrong.as_str()), Some(api_key.as_str())] {
        let r = c.send(Method::GET, "/admin/v1/plans", key, &[], "").await;
        assert_eq!(r.status, StatusCode::UNAUTHORIZED, "{key:?}");
        assert_eq!(r.code(), "invalid_admin_token");
        assert_eq!(r.headers["www-authenticate"], "Bearer");
    }
    // A cookie is no substitute for the header.
    let r = c
        .send(
            Method::GET,
            "/admin/v1/plans",
            None,
            &[("cookie", &format!("token={TOKEN}"))],
            "",
        )
        .await;
    assert_eq!(r.status, StatusCode::UNAUTHORIZED);
    let plans = ok(
        &c.send(Method::GET, "/admin/v1/plans", Some(TOKEN), &[], "")
            .await,
        StatusCode::OK,
    );
    assert_eq!(plans["plans"], json!(["free", "plus", "pro", "ultra"]));
    // The admin token is no API key.
    let r = c.send(Method::GET, "/v1/usage", Some(TOKEN), &[], "").await;
    assert_eq!(r.status, StatusCode::UNAUTHORIZED);
    let (_, err, _) = gw.stop();
    assert!(
        !err.iter().any(|l| l.contains(TOKEN)),
        "the token is not logged"
    );
}

redact_testkit::both_stores!(the_admin_api_and_the_cli_agree);

async fn the_admin_api_and_the_cli_agree(backend: Backend) {
    let dir = tempfile::tempdir().unwrap();
    let url = backend.fresh_url(dir.path(), "adminapi");
    let gw = start(&url, Some(TOKEN));
    let admin = Admin(Client::new(gw.addr));
    let api = Client::new(gw.addr);

    // Created over HTTP, shown by the CLI: the same account.
    let name = redact_testkit::schema_name("acme");
    let created = ok(
        &admin
            .post(
                "/admin/v1/accounts",
                json!({"name": name, "plan": "plus", "api_access": true, "balance_usd": 5.0}),
            )
            .await,
        StatusCode::CREATED,
    );
    let id = created["id"].as_str().unwrap().to_string();
    assert!(id.starts_with("acct_"));
    assert_eq!(created["plan"], "plus");
    assert_eq!(
        without_volatile(cli(&url, &["account", "show", &id])),
        without_volatile(created.clone())
    );
    // By name too, percent-encoded.
    let by_name = ok(
        &admin.get(&format!("/admin/v1/accounts/{name}")).await,
        StatusCode::OK,
    );
    assert_eq!(by_name["id"], id.as_str());

    // A key made over HTTP works on the API, and the CLI lists it.
    let key = ok(
        &admin
            .post(
                &format!("/admin/v1/accounts/{id}/keys"),
                json!({"monthly_limit_usd": 2.5}),
            )
            .await,
        StatusCode::CREATED,
    );
    let secret = key["key"].as_str().unwrap().to_string();
    assert!(secret.starts_with("rk_") && secret.starts_with(key["prefix"].as_str().unwrap()));
    let usage = api.get("/v1/usage", Some(&secret)).await;
    assert_eq!(usage.status, StatusCode::OK);
    assert_eq!(usage.json()["tier"], "plus");
    // A key made by the CLI shows in the API's list, which never holds a key.
    let cli_key = cli(&url, &["key", "create", &id]);
    let listed = ok(
        &admin.get(&format!("/admin/v1/accounts/{id}/keys")).await,
        StatusCode::OK,
    );
    assert_eq!(listed, cli(&url, &["key", "list", &id]));
    assert_eq!(listed["keys"].as_array().unwrap().len(), 2);
    assert_eq!(listed["keys"][0]["monthly_limit_usd"], 2.5);
    assert_eq!(listed["keys"][1]["id"], cli_key["id"]);
    assert!(!listed.to_string().contains(&secret));
    assert!(
        !listed
            .to_string()
            .contains(cli_key["key"].as_str().unwrap())
    );

    // Access off over HTTP: the CLI sees it and the key gets 402; on again by the CLI.
    let off = ok(
        &admin
            .post(
                &format!("/admin/v1/accounts/{id}/api-access"),
                json!({"api_access": false}),
            )
            .await,
        StatusCode::OK,
    );
    assert_eq!(off, json!({"id": id, "api_access": false}));
    assert_eq!(cli(&url, &["account", "show", &id])["api_access"], false);
    let r = api
        .post("/v1/redact", Some(&secret), &json!({"text": "hi"}))
        .await;
    assert_eq!(r.status, StatusCode::PAYMENT_REQUIRED);
    cli(&url, &["account", "api-access", &id, "on"]);
    let shown = ok(
        &admin.get(&format!("/admin/v1/accounts/{id}")).await,
        StatusCode::OK,
    );
    assert_eq!(shown["api_access"], true);

    // Top-up by the CLI and over HTTP; plan changed over HTTP, seen by the CLI.
    cli(&url, &["account", "top-up", &id, "1.25"]);
    let topped = ok(
        &admin
            .post(
                &format!("/admin/v1/accounts/{id}/top-up"),
                json!({"usd": 0.75}),
            )
            .await,
        StatusCode::OK,
    );
    assert_eq!(topped, json!({"id": id, "balance_usd": 7.0}));
    let plan = ok(
        &admin
            .post(
                &format!("/admin/v1/accounts/{id}/plan"),
                json!({"plan": "pro"}),
            )
            .await,
        StatusCode::OK,
    );
    assert_eq!(plan, json!({"id": id, "plan": "pro"}));
    assert_eq!(cli(&url, &["account", "show", &id])["plan"], "pro");
    assert_eq!(
        cli(&url, &["account", "plan", &id, "ultra"]),
        json!({"id": id, "plan": "ultra"})
    );
    let shown = ok(
        &admin.get(&format!("/admin/v1/accounts/{id}")).await,
        StatusCode::OK,
    );
    assert_eq!(shown["plan"], "ultra");

    // Revoked by the CLI: the API's list says so and the key stops working; revoked over
    // HTTP: the CLI's list says so.
    cli(&url, &["key", "revoke", key["id"].as_str().unwrap()]);
    let r = api.get("/v1/usage", Some(&secret)).await;
    assert_eq!(r.status, StatusCode::UNAUTHORIZED);
    let revoked = ok(
        &admin
            .post(
                &format!("/admin/v1/keys/{}/revoke", cli_key["id"].as_str().unwrap()),
                json!({}),
            )
            .await,
        StatusCode::OK,
    );
    assert_eq!(revoked["state"], "revoked");
    let states: Vec<Value> = cli(&url, &["key", "list", &id])["keys"]
        .as_array()
        .unwrap()
        .iter()
        .map(|k| k["state"].clone())
        .collect();
    assert_eq!(states, vec![json!("revoked"), json!("revoked")]);

    // Refusals: the CLI's errors, as statuses.
    for (method, path, body, status, code) in [
        (
            Method::GET,
            "/admin/v1/accounts/nosuch".to_string(),
            json!(null),
            404,
            "not_found",
        ),
        (
            Method::POST,
            "/admin/v1/accounts".into(),
            json!({"name": name}),
            409,
            "conflict",
        ),
        (
            Method::POST,
            "/admin/v1/accounts".into(),
            json!({"name": "x", "plan": "platinum"}),
            400,
            "invalid_request",
        ),
        (
            Method::POST,
            "/admin/v1/accounts".into(),
            json!({"name": "  "}),
            400,
            "invalid_request",
        ),
        (
            Method::POST,
            "/admin/v1/accounts".into(),
            json!({"name": 7}),
            400,
            "invalid_request",
        ),
        (
            Method::POST,
            format!("/admin/v1/accounts/{id}/top-up"),
            json!({"usd": -3}),
            400,
            "invalid_request",
        ),
        (
            Method::POST,
            format!("/admin/v1/accounts/{id}/api-access"),
            json!({"api_access": "maybe"}),
            400,
            "invalid_request",
        ),
        (
            Method::POST,
            "/admin/v1/keys/key_doesnotexist/revoke".into(),
            json!({}),
            404,
            "not_found",
        ),
        (
            Method::DELETE,
            format!("/admin/v1/accounts/{id}"),
            json!(null),
            405,
            "method_not_allowed",
        ),
        (
            Method::GET,
            "/admin/v1/nothing".into(),
            json!(null),
            404,
            "not_found",
        ),
    ] {
        let body = if body.is_null() {
            String::new()
        } else {
            body.to_string()
        };
        let r = admin
            .0
            .send(method.clone(), &path, Some(TOKEN), &[], body)
            .await;
        assert_eq!(r.status.as_u16(), status, "{method} {path}: {}", r.text());
        assert_eq!(r.code(), code, "{method} {path}");
    }
    // At most 20 keys, as with the CLI.
    for _ in 0..18 {
        ok(
            &admin
                .post(&format!("/admin/v1/accounts/{id}/keys"), json!({}))
                .await,
            StatusCode::CREATED,
        );
    }
    let r = admin
        .post(&format!("/admin/v1/accounts/{id}/keys"), json!({}))
        .await;
    assert_eq!(r.status, StatusCode::CONFLICT, "{}", r.text());
    assert!(
        r.json()["error"]["message"]
            .as_str()
            .unwrap()
            .contains("20")
    );

    let (_, err, _) = gw.stop();
    assert!(
        !err.iter().any(|l| l.contains(&secret) || l.contains(TOKEN)),
        "no key or token in the logs"
    );
}
