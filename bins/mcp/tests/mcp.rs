//! End-to-end tests of the MCP server with rmcp's own client (Streamable HTTP over real HTTP
//! on loopback), each run against both stores (embedded SQLite and PostgreSQL). Raw HTTP
//! (`redact_testkit::Client`) covers what an MCP client cannot show: 401s, 404s, the Host
//! check.

use std::sync::Arc;

use http::{Method, StatusCode};
use redact_mcp::{AllowedHosts, McpServer, ServerOptions};
use redact_service::billing::Store;
use redact_service::{Config, Service};
use redact_testkit::{Backend, Client};
use rmcp::model::{
    CallToolRequestParams, CallToolResult, ClientCapabilities, ClientConfig, Implementation,
    ProtocolVersion,
};
use rmcp::service::{RoleClient, RunningService};
use rmcp::transport::StreamableHttpClientTransport;
use rmcp::transport::streamable_http_client::StreamableHttpClientTransportConfig;
use rmcp::{ClientLifecycleMode, ClientServiceExt, ServiceExt};
use serde_json::{Value, json};
use tokio::sync::oneshot;

type McpClient = RunningService<RoleClient, ClientConfig>;

struct Harness {
    addr: std::net::SocketAddr,
    store: Arc<dyn Store>,
    service: Arc<Service>,
    stop: Option<oneshot::Sender<()>>,
    task: Option<tokio::task::JoinHandle<()>>,
    _dir: tempfile::TempDir,
}

impl Harness {
    async fn start(backend: Backend, config: Config) -> Harness {
        Harness::start_with(backend, config, ServerOptions::default()).await
    }

    async fn start_with(backend: Backend, config: Config, options: ServerOptions) -> Harness {
        let dir = tempfile::tempdir().expect("a temp dir");
        let url = backend.fresh_url(dir.path(), "mcp");
        let store = redact_service::billing::open(&url)
            .await
            .expect("the store opens");
        let service = Arc::new(Service::new(store.clone(), config));
        let server = McpServer::bind("127.0.0.1:0".parse().unwrap(), service.clone(), options)
            .await
            .expect("binds");
        let addr = server.local_addr();
        let (stop, stopped) = oneshot::channel::<()>();
        let task = tokio::spawn(server.run(async {
            let _ = stopped.await;
        }));
        Harness {
            addr,
            store,
            service,
            stop: Some(stop),
            task: Some(task),
            _dir: dir,
        }
    }

    fn url(&self) -> String {
        format!("http://{}/mcp", self.addr)
    }

    fn raw(&self) -> Client {
        Client::new(self.addr)
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

    /// An MCP client that has done `initialize` / `notifications/initialized`, asking for
    /// `version`.
    async fn client_with(&self, key: &str, version: ProtocolVersion) -> McpClient {
        let transport = StreamableHttpClientTransport::from_config(
            StreamableHttpClientTransportConfig::with_uri(self.url()).auth_header(key),
        );
        ClientConfig::new(
            ClientCapabilities::default(),
            Implementation::new("redact-mcp-tests", "0"),
        )
        .with_protocol_version(version)
        .serve(transport)
        .await
        .expect("the MCP handshake succeeds")
    }

    async fn client(&self, key: &str) -> McpClient {
        self.client_with(key, ProtocolVersion::V_2025_06_18).await
    }

    /// Requests counted this month for `key`.
    async fn requests(&self, key: &str) -> i64 {
        self.service
            .usage(Some(&format!("Bearer {key}")))
            .await
            .expect("usage answers")
            .requests_this_month
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

async fn call(client: &McpClient, tool: &str, args: Value) -> CallToolResult {
    let Value::Object(args) = args else {
        panic!("arguments are an object")
    };
    client
        .call_tool(CallToolRequestParams::new(tool.to_string()).with_arguments(args))
        .await
        .unwrap_or_else(|e| panic!("tools/call {tool} answers: {e}"))
}

/// The only text block of a result.
fn text_of(r: &CallToolResult) -> String {
    assert_eq!(r.content.len(), 1, "one content block: {r:?}");
    r.content[0]
        .as_text()
        .expect("a text block")
        .text
        .to_string()
}

/// A successful result: its structured content, checked equal to the JSON text block.
fn ok(r: &CallToolResult) -> Value {
    assert_eq!(r.is_error, Some(false), "{r:?}");
    let structured = r.structured_content.clone().expect("structuredContent");
    let from_text: Value = serde_json::from_str(&text_of(r)).expect("the text block is JSON");
    assert_eq!(
        structured, from_text,
        "structured content == JSON text block"
    );
    structured
}

/// A refusal: its text, checked to start with `code: `.
fn refused(r: &CallToolResult, code: &str) -> String {
    assert_eq!(r.is_error, Some(true), "{r:?}");
    let text = text_of(r);
    assert!(
        text.starts_with(&format!("{code}: ")),
        "expected {code}: {text}"
    );
    text
}

redact_testkit::both_stores!(
    initialize_negotiates_and_lists_both_tools_with_schemas,
    redact_then_restore_round_trips_through_the_tools,
    bad_arguments_are_tool_errors_naming_the_field,
    text_over_the_limit_is_text_too_long,
    missing_or_bad_keys_get_401_before_any_mcp_message,
    api_access_off_is_a_tool_error_and_back,
    balance_and_rate_refusals_are_tool_errors,
    tool_calls_count_and_nothing_else_does,
    without_sessions_and_on_the_2026_lifecycle,
    host_allowlist_and_routing,
);

async fn initialize_negotiates_and_lists_both_tools_with_schemas(backend: Backend) {
    let h = Harness::start(backend, config()).await;
    let (_, key) = h.account(true, 0.0).await;
    // Every revision with an `initialize` handshake is answered in kind; a client asking
    // for the newest (which has none) gets the newest that has one.
    for (asked, agreed) in [
        (ProtocolVersion::V_2024_11_05, ProtocolVersion::V_2024_11_05),
        (ProtocolVersion::V_2025_03_26, ProtocolVersion::V_2025_03_26),
        (ProtocolVersion::V_2025_06_18, ProtocolVersion::V_2025_06_18),
        (ProtocolVersion::V_2025_11_25, ProtocolVersion::V_2025_11_25),
        (ProtocolVersion::V_2026_07_28, ProtocolVersion::V_2025_11_25),
    ] {
        let c = h.client_with(&key, asked.clone()).await;
        let info = c.peer_info().expect("server info");
        assert_eq!(info.protocol_version, agreed, "asked {asked}");
        assert_eq!(
            info.server_info.as_ref().map(|i| i.name.as_str()),
            Some("redact-mcp")
        );
        assert!(info.capabilities.tools.is_some(), "tools are announced");
        let tools = c.list_all_tools().await.expect("tools/list answers");
        let names: Vec<&str> = tools.iter().map(|t| t.name.as_ref()).collect();
        assert_eq!(names, ["redact", "restore"]);
        let redact = &tools[0];
        let input = Value::Object((*redact.input_schema).clone());
        assert_eq!(input["type"], "object");
        assert_eq!(input["required"], json!(["text"]));
        assert_eq!(input["properties"]["text"]["type"], "string");
        assert_eq!(input["properties"]["text"]["maxLength"], 200_000);
        assert_eq!(input["properties"]["map"]["type"], "object");
        assert_eq!(
            input["properties"]["map"]["additionalProperties"]["type"],
            "string"
        );
        assert_eq!(input["properties"]["allow"]["items"]["type"], "string");
        for f in ["name", "email", "phone"] {
            assert_eq!(
                input["properties"]["profile"]["properties"][f]["type"],
                "string"
            );
        }
        assert_eq!(input["properties"]["strict"]["type"], "boolean");
        let output =
            Value::Object((**redact.output_schema.as_ref().expect("outputSchema")).clone());
        assert_eq!(
            output["required"],
            json!(["object", "text", "map", "redacted", "names_decided"])
        );
        let restore = &tools[1];
        let input = Value::Object((*restore.input_schema).clone());
        assert_eq!(input["required"], json!(["text", "map"]));
        assert!(restore.output_schema.is_some());
        c.cancel().await.expect("the client closes");
    }
    // None of that counted.
    assert_eq!(h.requests(&key).await, 0);
    h.stop().await;
}

async fn redact_then_restore_round_trips_through_the_tools(backend: Backend) {
    let h = Harness::start(backend, config()).await;
    let (_, key) = h.account(true, 0.0).await;
    let c = h.client(&key).await;
    let text = "Email jane.doe@example.org or call +1 415 555 0132 about card 4111 1111 1111 1111.";
    let red = ok(&call(&c, "redact", json!({ "text": text })).await);
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

    // restore(redact(x)) == x, through the tools.
    let back = ok(&call(&c, "restore", json!({ "text": out, "map": red["map"] })).await);
    assert_eq!(back["object"], "restoration");
    assert_eq!(back["text"], text);
    assert_eq!(back["restored"], map.len());

    // The map passed on keeps the stand-ins; allow, profile and strict are understood.
    let again = ok(&call(&c, "redact", json!({ "text": text, "map": red["map"] })).await);
    assert_eq!(again["text"], red["text"]);
    let kept = ok(&call(
        &c,
        "redact",
        json!({
            "text": "Write to jane.doe@example.org",
            "allow": ["jane.doe@example.org"],
            "profile": { "name": "Jane Doe", "email": "someone@example.net", "phone": "+1 415 555 0100" },
            "strict": false,
        }),
    )
    .await);
    assert_eq!(kept["text"], "Write to jane.doe@example.org");

    // Nothing personal: unchanged both ways, with an empty map.
    let plain = "The weather is fine today.";
    let r = ok(&call(&c, "redact", json!({ "text": plain })).await);
    assert_eq!(
        (r["text"].as_str(), r["redacted"].as_u64()),
        (Some(plain), Some(0))
    );
    let b = ok(&call(&c, "restore", json!({ "text": plain, "map": {} })).await);
    assert_eq!(b["text"], plain);
    c.cancel().await.unwrap();
    h.stop().await;
}

async fn bad_arguments_are_tool_errors_naming_the_field(backend: Backend) {
    let h = Harness::start(backend, config()).await;
    let (_, key) = h.account(true, 0.0).await;
    let c = h.client(&key).await;
    let cases: &[(&str, Value, &str)] = &[
        ("redact", json!({}), "text"),
        ("redact", json!({ "text": 12 }), "text"),
        ("redact", json!({ "text": "a", "strict": "yes" }), "strict"),
        ("redact", json!({ "text": "a", "allow": "x" }), "allow"),
        ("redact", json!({ "text": "a", "profile": [] }), "profile"),
        ("redact", json!({ "text": "a", "map": { "k1": 5 } }), "map"),
        ("restore", json!({ "text": "a" }), "map"),
        ("restore", json!({ "map": {} }), "text"),
        ("restore", json!({ "text": "a", "map": [] }), "map"),
    ];
    for (tool, args, field) in cases {
        let r = call(&c, tool, args.clone()).await;
        let text = refused(&r, "invalid_request");
        assert!(
            text.contains(&format!("`{field}`")),
            "{tool} {args}: {text}"
        );
    }
    // No arguments at all is a missing `text`.
    let r = c
        .call_tool(CallToolRequestParams::new("redact"))
        .await
        .unwrap();
    refused(&r, "invalid_request");
    // An unknown tool is a protocol error, not a tool result.
    let e = c
        .call_tool(CallToolRequestParams::new("summarise"))
        .await
        .expect_err("no such tool");
    assert!(e.to_string().contains("Unknown tool"), "{e}");
    // Refused calls are not counted.
    assert_eq!(h.requests(&key).await, 0);
    c.cancel().await.unwrap();
    h.stop().await;
}

async fn text_over_the_limit_is_text_too_long(backend: Backend) {
    let h = Harness::start(backend, config()).await;
    let (_, key) = h.account(true, 0.0).await;
    let c = h.client(&key).await;
    let long = "a".repeat(200_001);
    let text = refused(
        &call(&c, "redact", json!({ "text": long })).await,
        "text_too_long",
    );
    assert!(text.contains("200001") && text.contains("200000"), "{text}");
    // The limit counts characters, not bytes: 200 000 two-byte characters pass.
    let wide = "é".repeat(200_000);
    let r = ok(&call(&c, "redact", json!({ "text": wide })).await);
    assert_eq!(r["text"].as_str().map(|t| t.chars().count()), Some(200_000));
    assert_eq!(h.requests(&key).await, 1, "only the answered call counts");
    c.cancel().await.unwrap();
    h.stop().await;
}

async fn missing_or_bad_keys_get_401_before_any_mcp_message(backend: Backend) {
    let h = Harness::start(backend, config()).await;
    let (account, key) = h.account(true, 0.0).await;
    let raw = h.raw();
    let init = json!({
        "jsonrpc": "2.0", "id": 1, "method": "initialize",
        "params": {
            "protocolVersion": "2025-06-18", "capabilities": {},
            "clientInfo": { "name": "raw", "version": "0" }
        }
    })
    .to_string();
    let mcp_headers: &[(&str, &str)] = &[("accept", "application/json, text/event-stream")];
    let unknown = format!("rk_{}", "A".repeat(40));
    let basic = format!("Basic {key}");
    let check = |r: &redact_testkit::Reply, what: &str| {
        assert_eq!(r.status, StatusCode::UNAUTHORIZED, "{what}: {}", r.text());
        assert!(
            r.headers["www-authenticate"]
                .to_str()
                .unwrap()
                .starts_with("Bearer"),
            "{what}"
        );
        assert_eq!(r.headers["content-type"], "application/json");
        let e = r.json();
        assert_eq!(e["error"]["code"], "invalid_api_key", "{what}");
        assert_eq!(e["error"]["type"], "authentication_error");
    };
    for auth in [
        None,
        Some("not-a-key"),
        Some("rk_short"),
        Some(unknown.as_str()),
    ] {
        for method in [Method::POST, Method::GET, Method::DELETE] {
            let r = raw
                .send(method.clone(), "/mcp", auth, mcp_headers, init.clone())
                .await;
            check(&r, &format!("{method} {auth:?}"));
        }
        // Even a body that is not JSON-RPC at all: the key is checked first.
        let r = raw
            .send(Method::POST, "/mcp", auth, mcp_headers, "garbage")
            .await;
        check(&r, "garbage");
    }
    let r = raw
        .send(
            Method::POST,
            "/mcp",
            None,
            &[("authorization", &basic), mcp_headers[0]],
            init.clone(),
        )
        .await;
    check(&r, "Basic");

    // A good key passes to MCP.
    let r = raw
        .send(Method::POST, "/mcp", Some(&key), mcp_headers, init.clone())
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text());
    let session = r.headers["mcp-session-id"].to_str().unwrap().to_string();
    // DELETE ends the session (204), with the key like any request; then it is unknown.
    let with_session = [mcp_headers[0], ("mcp-session-id", session.as_str())];
    let r = raw
        .send(Method::DELETE, "/mcp", None, &with_session, "")
        .await;
    check(&r, "DELETE without a key");
    let r = raw
        .send(Method::DELETE, "/mcp", Some(&key), &with_session, "")
        .await;
    assert_eq!(r.status, StatusCode::NO_CONTENT, "{}", r.text());
    let ping = json!({ "jsonrpc": "2.0", "id": 2, "method": "ping" }).to_string();
    let r = raw
        .send(Method::POST, "/mcp", Some(&key), &with_session, ping)
        .await;
    assert_eq!(r.status, StatusCode::NOT_FOUND, "{}", r.text());

    // A key revoked mid-session is refused at the next request of that session.
    let c = h.client(&key).await;
    ok(&call(&c, "redact", json!({ "text": "hi" })).await);
    let keys = h
        .store
        .keys(&account, redact_service::billing::Month::now())
        .await
        .unwrap();
    h.store.revoke_key(&keys[0].id).await.unwrap();
    assert!(
        c.call_tool(CallToolRequestParams::new("redact"))
            .await
            .is_err(),
        "the transport sees the 401"
    );
    let r = raw
        .send(Method::POST, "/mcp", Some(&key), mcp_headers, init)
        .await;
    check(&r, "revoked");
    h.stop().await;
}

async fn api_access_off_is_a_tool_error_and_back(backend: Backend) {
    let h = Harness::start(backend, config()).await;
    let (account, key) = h.account(true, 0.0).await;
    h.store.set_api_access(&account, false).await.unwrap();
    // The key is good, so the session opens and lists tools; calls are refused.
    let c = h.client(&key).await;
    assert_eq!(c.list_all_tools().await.unwrap().len(), 2);
    refused(
        &call(&c, "redact", json!({ "text": "hi" })).await,
        "api_access_required",
    );
    refused(
        &call(&c, "restore", json!({ "text": "hi", "map": {} })).await,
        "api_access_required",
    );
    assert_eq!(h.requests(&key).await, 0);
    h.store.set_api_access(&account, true).await.unwrap();
    ok(&call(&c, "redact", json!({ "text": "hi" })).await);
    assert_eq!(h.requests(&key).await, 1);
    c.cancel().await.unwrap();
    h.stop().await;
}

async fn balance_and_rate_refusals_are_tool_errors(backend: Backend) {
    // No allowance and no balance: every call is refused for balance.
    let mut cfg = config();
    cfg.meter.included = 0;
    let h = Harness::start(backend, cfg).await;
    let (_, key) = h.account(true, 0.0).await;
    let c = h.client(&key).await;
    refused(
        &call(&c, "redact", json!({ "text": "hi" })).await,
        "insufficient_balance",
    );
    c.cancel().await.unwrap();
    h.stop().await;

    // Two calls a minute: the third is refused, with the wait in the message.
    let h = Harness::start(
        backend,
        Config {
            rate_limit_per_minute: 2,
            ..Config::default()
        },
    )
    .await;
    let (_, key) = h.account(true, 0.0).await;
    let c = h.client(&key).await;
    ok(&call(&c, "redact", json!({ "text": "hi" })).await);
    ok(&call(&c, "restore", json!({ "text": "hi", "map": {} })).await);
    let text = refused(
        &call(&c, "redact", json!({ "text": "hi" })).await,
        "rate_limit_exceeded",
    );
    assert!(text.contains("Retry after"), "{text}");
    c.cancel().await.unwrap();
    h.stop().await;
}

async fn tool_calls_count_and_nothing_else_does(backend: Backend) {
    let h = Harness::start(backend, config()).await;
    let (_, key) = h.account(true, 0.0).await;
    let (_, other) = h.account(true, 0.0).await;
    let c = h.client(&key).await;
    c.list_all_tools().await.unwrap();
    assert_eq!(
        h.requests(&key).await,
        0,
        "initialize and tools/list are free"
    );
    const N: i64 = 7;
    for i in 0..N {
        if i % 2 == 0 {
            ok(&call(&c, "redact", json!({ "text": format!("call {i}") })).await);
        } else {
            ok(&call(&c, "restore", json!({ "text": "x", "map": {} })).await);
        }
    }
    assert_eq!(h.requests(&key).await, N);
    // The store shows the same figure (what the gateway's GET /v1/usage reads).
    let hash = redact_service::billing::KeyHash::parse(&key).unwrap();
    let u = h
        .store
        .usage(&hash, redact_service::billing::Month::now())
        .await
        .unwrap()
        .unwrap();
    assert_eq!(u.requests_this_month, N);
    // Another key's session counts to that key's account.
    let c2 = h.client(&other).await;
    ok(&call(&c2, "redact", json!({ "text": "hello" })).await);
    assert_eq!(h.requests(&other).await, 1);
    assert_eq!(h.requests(&key).await, N);
    c.cancel().await.unwrap();
    c2.cancel().await.unwrap();
    h.stop().await;
}

async fn without_sessions_and_on_the_2026_lifecycle(backend: Backend) {
    // REDACT_MCP_SESSIONS=off: every request stands alone, answered as plain JSON.
    let h = Harness::start_with(
        backend,
        config(),
        ServerOptions {
            sessions: false,
            ..ServerOptions::default()
        },
    )
    .await;
    let (_, key) = h.account(true, 0.0).await;
    let c = h.client(&key).await;
    let red = ok(&call(&c, "redact", json!({ "text": "Mail jane.doe@example.org" })).await);
    let back = ok(&call(
        &c,
        "restore",
        json!({ "text": red["text"], "map": red["map"] }),
    )
    .await);
    assert_eq!(back["text"], "Mail jane.doe@example.org");
    c.cancel().await.unwrap();
    let raw = h.raw();
    let r = raw
        .send(
            Method::POST,
            "/mcp",
            Some(&key),
            &[("accept", "application/json, text/event-stream")],
            json!({
                "jsonrpc": "2.0", "id": 1, "method": "initialize",
                "params": {
                    "protocolVersion": "2025-03-26", "capabilities": {},
                    "clientInfo": { "name": "raw", "version": "0" }
                }
            })
            .to_string(),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text());
    assert!(!r.headers.contains_key("mcp-session-id"));
    assert_eq!(r.json()["result"]["protocolVersion"], "2025-03-26");
    h.stop().await;

    // The 2026-07-28 lifecycle (server/discover, per-request metadata, no session) on the
    // default server.
    let h = Harness::start(backend, config()).await;
    let (_, key) = h.account(true, 0.0).await;
    let transport = StreamableHttpClientTransport::from_config(
        StreamableHttpClientTransportConfig::with_uri(h.url()).auth_header(key.clone()),
    );
    let c = ClientConfig::new(
        ClientCapabilities::default(),
        Implementation::new("redact-mcp-tests", "0"),
    )
    .serve_with_lifecycle(
        transport,
        ClientLifecycleMode::Discover {
            preferred_versions: vec![ProtocolVersion::V_2026_07_28],
        },
    )
    .await
    .expect("discover succeeds");
    assert_eq!(
        c.peer_info().unwrap().protocol_version,
        ProtocolVersion::V_2026_07_28
    );
    assert_eq!(c.list_all_tools().await.unwrap().len(), 2);
    let red = ok(&call(&c, "redact", json!({ "text": "Call +1 415 555 0132" })).await);
    let back = ok(&call(
        &c,
        "restore",
        json!({ "text": red["text"], "map": red["map"] }),
    )
    .await);
    assert_eq!(back["text"], "Call +1 415 555 0132");
    assert_eq!(h.requests(&key).await, 2);
    c.cancel().await.unwrap();
    h.stop().await;
}

async fn host_allowlist_and_routing(backend: Backend) {
    let h = Harness::start(backend, config()).await;
    let (_, key) = h.account(true, 0.0).await;
    let raw = h.raw();
    let accept = ("accept", "application/json, text/event-stream");
    let init = json!({
        "jsonrpc": "2.0", "id": 1, "method": "initialize",
        "params": {
            "protocolVersion": "2025-06-18", "capabilities": {},
            "clientInfo": { "name": "raw", "version": "0" }
        }
    })
    .to_string();
    // Only /mcp is MCP; other paths are 404 whatever the key.
    for path in ["/", "/mcp/", "/mcp/x", "/v1/redact", "/sse", "/MCP"] {
        let r = raw
            .send(Method::POST, path, Some(&key), &[accept], init.clone())
            .await;
        assert_eq!(r.status, StatusCode::NOT_FOUND, "{path}");
        assert_eq!(r.code(), "not_found");
    }
    assert_eq!(raw.get("/healthz", None).await.status, StatusCode::OK);
    assert_eq!(raw.get("/readyz", None).await.status, StatusCode::OK);
    // The default (loopback) allowlist refuses a foreign Host.
    let r = raw
        .send(
            Method::POST,
            "/mcp",
            Some(&key),
            &[accept, ("host", "evil.example")],
            init.clone(),
        )
        .await;
    assert_eq!(r.status, StatusCode::FORBIDDEN);
    let r = raw
        .send(
            Method::POST,
            "/mcp",
            Some(&key),
            &[accept, ("host", "localhost:8081")],
            init.clone(),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK);
    h.stop().await;

    // A configured list, or none.
    for (hosts, host, status) in [
        (
            AllowedHosts::Only(vec!["mcp.example.com".into()]),
            "mcp.example.com",
            StatusCode::OK,
        ),
        (
            AllowedHosts::Only(vec!["mcp.example.com".into()]),
            "127.0.0.1",
            StatusCode::FORBIDDEN,
        ),
        (AllowedHosts::Any, "anything.example", StatusCode::OK),
    ] {
        let h = Harness::start_with(
            backend,
            config(),
            ServerOptions {
                allowed_hosts: hosts.clone(),
                ..ServerOptions::default()
            },
        )
        .await;
        let (_, key) = h.account(true, 0.0).await;
        let r = h
            .raw()
            .send(
                Method::POST,
                "/mcp",
                Some(&key),
                &[accept, ("host", host)],
                init.clone(),
            )
            .await;
        assert_eq!(r.status, status, "{hosts:?} {host}");
        h.stop().await;
    }
}

/// The official MCP Python SDK as the client (tests/sdk/python_client.py): handshake, tools
/// with schemas (the SDK checks structured results against `outputSchema`), a round trip
/// and a refusal. Skipped, saying so, when no Python with the `mcp` package is at hand
/// (`REDACT_TEST_PYTHON` names the interpreter; default `python3`).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_official_python_sdk_round_trips() {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/sdk/python_client.py");
    let h = Harness::start(Backend::Sqlite, config()).await;
    let (_, key) = h.account(true, 0.0).await;
    let url = h.url();
    let Some(out) =
        redact_testkit::process::python(script, &[&url], &[("REDACT_MCP_TEST_KEY", &key)]).await
    else {
        h.stop().await;
        return;
    };
    let (stdout, stderr) = (out.stdout, out.stderr);
    let report: Value = serde_json::from_str(stdout.trim()).expect("one JSON line");
    assert_eq!(report["calls"], 3);
    assert!(
        !stderr.contains("failed"),
        "the SDK reported a failure: {stderr}"
    );
    assert_eq!(h.requests(&key).await, 2, "the refused call is not counted");
    h.stop().await;
}
