//! Tests of the `redact-mcp` binary as a process: first start on an empty embedded store,
//! what reaches the logs (even at `trace`), and a clean exit on SIGTERM with MCP sessions
//! and their SSE streams still open.

use std::process::Command;
use std::time::Duration;

use http::{Method, StatusCode};
use redact_testkit::Client;
use redact_testkit::process::Spawned;
use rmcp::ServiceExt;
use rmcp::model::{CallToolRequestParams, CallToolResult};
use rmcp::transport::StreamableHttpClientTransport;
use rmcp::transport::streamable_http_client::StreamableHttpClientTransportConfig;
use serde_json::{Value, json};

const BIN: &str = env!("CARGO_BIN_EXE_redact-mcp");

/// A running `redact-mcp` process.
struct Server(Spawned);

impl Server {
    fn start(url: &str, env: &[(&str, &str)]) -> Server {
        let mut all = vec![
            ("REDACT_DATABASE_URL", url),
            ("REDACT_MCP_LISTEN", "127.0.0.1:0"),
            ("REDACT_LOG", "info"),
        ];
        all.extend_from_slice(env);
        Server(Spawned::start(BIN, &[], &all))
    }

    /// The key printed on first start, if any.
    fn printed_key(&self) -> Option<String> {
        self.0
            .stdout_line(|l| l.starts_with("rk_"), Duration::from_secs(5))
            .map(|k| k.trim().to_string())
    }

    /// SIGTERM, then wait for a clean exit; (stdout, stderr, time to exit).
    fn stop(self) -> (Vec<String>, Vec<String>, Duration) {
        self.0.stop()
    }
}

async fn call(
    client: &rmcp::service::RunningService<rmcp::RoleClient, ()>,
    tool: &str,
    args: Value,
) -> CallToolResult {
    let Value::Object(args) = args else {
        panic!("arguments are an object")
    };
    client
        .call_tool(CallToolRequestParams::new(tool.to_string()).with_arguments(args))
        .await
        .expect("tools/call answers")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn first_start_prints_one_working_key_and_logs_hold_no_content() {
    let dir = tempfile::tempdir().unwrap();
    // The directory of the database file does not exist yet: it is created.
    let url = format!("sqlite:{}", dir.path().join("data/redact.db").display());
    let server = Server::start(&url, &[("REDACT_LOG", "trace")]);
    let key = server.printed_key().expect("a key on first start");
    assert!(key.len() >= 35, "a whole key");

    // Synthetic personal details, distinctive enough to find in any log line.
    let email = "quillon.brabazon@example.org";
    let phone = "+1 415 555 0187";
    let text = format!("Write to {email} or call {phone} about the Brabazon file.");
    let transport = StreamableHttpClientTransport::from_config(
        StreamableHttpClientTransportConfig::with_uri(format!("http://{}/mcp", server.0.addr))
            .auth_header(key.clone()),
    );
    let client = ().serve(transport).await.expect("the MCP handshake succeeds");
    let red = call(&client, "redact", json!({ "text": text })).await;
    assert_eq!(red.is_error, Some(false), "{red:?}");
    let red = red.structured_content.unwrap();
    let stand_ins: Vec<String> = red["map"].as_object().unwrap().keys().cloned().collect();
    assert!(stand_ins.len() >= 2, "{red}");
    let back = call(
        &client,
        "restore",
        json!({ "text": red["text"], "map": red["map"] }),
    )
    .await;
    assert_eq!(back.structured_content.unwrap()["text"], text);
    // A refusal and a bad key (whose value must not be logged either).
    let refused = call(
        &client,
        "redact",
        json!({ "text": 5, "map": { "k": email } }),
    )
    .await;
    assert_eq!(refused.is_error, Some(true));
    let bogus = format!("rk_{}", "Zq7".repeat(12));
    let r = Client::new(server.0.addr)
        .send(Method::POST, "/mcp", Some(&bogus), &[], "{}")
        .await;
    assert_eq!(r.status, StatusCode::UNAUTHORIZED);

    // SIGTERM with the session (and its SSE stream) still open: a prompt, clean exit.
    let (out, err, took) = server.stop();
    drop(client);
    assert!(took < Duration::from_secs(20), "exit took {took:?}");
    let log = err.join("\n");
    assert!(log.contains("tool call"), "trace logging was on: {log}");
    assert!(log.contains("stopped"), "{log}");
    let mut secrets: Vec<&str> = vec![
        email,
        phone,
        "Brabazon",
        &key,
        &key[..12],
        &bogus,
        &bogus[..12],
    ];
    secrets.extend(stand_ins.iter().map(String::as_str));
    secrets.push(red["text"].as_str().unwrap());
    for s in &secrets {
        assert!(!log.contains(s), "{s:?} reached the log:\n{log}");
    }
    // The key is printed to stdout exactly once, and nothing else there holds content.
    let out = out.join("\n");
    assert_eq!(out.matches(&key).count(), 1);
    for s in [email, phone, "Brabazon"] {
        assert!(!out.contains(s));
    }

    // A second start on the same store creates nothing and prints no key.
    let again = Server::start(&url, &[]);
    assert_eq!(again.printed_key(), None);
    let (_, _, _) = again.stop();
}

#[test]
fn bad_configuration_is_refused_naming_the_variable() {
    let out = Command::new(BIN)
        .env("REDACT_MCP_LISTEN", "nowhere")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("REDACT_MCP_LISTEN"));
    let out = Command::new(BIN).arg("--help").output().unwrap();
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stdout).contains("REDACT_MCP_LISTEN"));
}
