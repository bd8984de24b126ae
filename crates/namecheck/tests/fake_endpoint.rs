//! The model check against a local fake endpoint (a tokio TcpListener on 127.0.0.1:0) that
//! answers well, slowly, with garbage, and with errors.
use std::sync::{Arc, Mutex};
use std::time::Duration;

use redact_namecheck::{NameModel, NameModelConfig, NameVerdict, UndecidedReason};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpListener;

#[derive(Clone)]
enum Reply {
    Ok(&'static str),
    Slow(Duration, &'static str),
    Status(u16),
    Raw(&'static str),
    Close,
}

/// Starts the fake server; returns its base URL and the requests it saw (head + body).
async fn fake(reply: Reply) -> (String, Arc<Mutex<Vec<String>>>) {
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let addr = listener.local_addr().expect("addr");
    let seen = Arc::new(Mutex::new(Vec::new()));
    let seen2 = Arc::clone(&seen);
    tokio::spawn(async move {
        // Bounded: a test makes a handful of requests at most.
        for _ in 0..8 {
            let Ok((mut sock, _)) = listener.accept().await else {
                return;
            };
            let reply = reply.clone();
            let seen = Arc::clone(&seen2);
            tokio::spawn(async move {
                let mut buf = Vec::new();
                let mut chunk = [0u8; 4096];
                loop {
                    let Ok(n) = sock.read(&mut chunk).await else {
                        return;
                    };
                    if n == 0 {
                        return;
                    }
                    buf.extend_from_slice(&chunk[..n]);
                    let s = String::from_utf8_lossy(&buf).to_string();
                    if let Some(h) = s.find("\r\n\r\n") {
                        let len = s[..h]
                            .lines()
                            .find_map(|l| {
                                let (k, v) = l.split_once(':')?;
                                k.eq_ignore_ascii_case("content-length")
                                    .then(|| v.trim().parse::<usize>().ok())?
                            })
                            .unwrap_or(0);
                        if buf.len() >= h + 4 + len {
                            seen.lock().expect("lock").push(s);
                            break;
                        }
                    }
                }
                let (status, body) = match reply {
                    Reply::Ok(b) => (200, b.to_string()),
                    Reply::Slow(d, b) => {
                        tokio::time::sleep(d).await;
                        (200, b.to_string())
                    }
                    Reply::Status(s) => (s, r#"{"error":{"message":"overloaded"}}"#.to_string()),
                    Reply::Raw(b) => (200, b.to_string()),
                    Reply::Close => return,
                };
                let resp = format!(
                    "HTTP/1.1 {status} X\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{body}",
                    body.len()
                );
                let _ = sock.write_all(resp.as_bytes()).await;
                let _ = sock.shutdown().await;
            });
        }
    });
    (format!("http://{addr}/v1"), seen)
}

fn completion(content: &str) -> &'static str {
    let v = serde_json::json!({
        "id": "x", "object": "chat.completion",
        "choices": [{"index": 0, "message": {"role": "assistant", "content": content}, "finish_reason": "stop"}]
    });
    Box::leak(v.to_string().into_boxed_str())
}

fn model(url: String, timeout_ms: u64) -> NameModel {
    NameModel::new(NameModelConfig {
        url,
        model: "fake-small".into(),
        key: Some("test-key-not-a-secret".into()),
        timeout: Duration::from_millis(timeout_ms),
    })
    .expect("config")
}

const TEXT: &str = "Ask Priya Raman and zorblax about the invoice.";

#[tokio::test]
async fn a_good_answer_is_a_decision_with_only_names_in_the_text() {
    let body = completion(r#"{"people": ["Priya Raman", "zorblax", "Invented Person"]}"#);
    let (url, seen) = fake(Reply::Ok(body)).await;
    let v = model(url, 2000).check(TEXT).await;
    assert_eq!(
        v,
        NameVerdict::Decided(vec!["Priya Raman".into(), "zorblax".into()])
    );
    let req = seen.lock().unwrap()[0].clone();
    assert!(
        req.starts_with("POST /v1/chat/completions HTTP/1.1"),
        "{req}"
    );
    assert!(
        req.to_ascii_lowercase()
            .contains("authorization: bearer test-key-not-a-secret")
    );
    assert!(req.contains("\"model\":\"fake-small\""));
    assert!(
        req.contains("invoice"),
        "the text is sent as the user message"
    );
}

#[tokio::test]
async fn fenced_answers_and_empty_lists_are_decisions() {
    let (url, _) = fake(Reply::Ok(completion(
        "```json\n{\"people\": [\"Priya\"]}\n```",
    )))
    .await;
    assert_eq!(
        model(url, 2000).check(TEXT).await,
        NameVerdict::Decided(vec!["Priya".into()])
    );
    let (url, _) = fake(Reply::Ok(completion(r#"{"people": []}"#))).await;
    assert_eq!(
        model(url, 2000).check("nothing here").await,
        NameVerdict::Decided(vec![])
    );
}

#[tokio::test]
async fn a_slow_answer_times_out() {
    let body = completion(r#"{"people": ["Priya Raman"]}"#);
    let (url, _) = fake(Reply::Slow(Duration::from_millis(1500), body)).await;
    let t = std::time::Instant::now();
    assert_eq!(
        model(url, 200).check(TEXT).await,
        NameVerdict::Undecided(UndecidedReason::Timeout)
    );
    assert!(
        t.elapsed() < Duration::from_millis(1200),
        "the timeout covers the whole call"
    );
}

#[tokio::test]
async fn garbage_and_errors_are_undecided() {
    let (url, _) = fake(Reply::Raw("<html>bad gateway</html>")).await;
    assert_eq!(
        model(url, 2000).check(TEXT).await,
        NameVerdict::Undecided(UndecidedReason::Unusable)
    );
    let (url, _) = fake(Reply::Ok(completion("I'm sorry, I can't help with that."))).await;
    assert_eq!(
        model(url, 2000).check(TEXT).await,
        NameVerdict::Undecided(UndecidedReason::Unusable)
    );
    let (url, _) = fake(Reply::Status(503)).await;
    assert_eq!(
        model(url, 2000).check(TEXT).await,
        NameVerdict::Undecided(UndecidedReason::Status(503))
    );
    let (url, _) = fake(Reply::Status(401)).await;
    assert_eq!(
        model(url, 2000).check(TEXT).await,
        NameVerdict::Undecided(UndecidedReason::Status(401))
    );
    let (url, _) = fake(Reply::Close).await;
    assert_eq!(
        model(url, 2000).check(TEXT).await,
        NameVerdict::Undecided(UndecidedReason::Transport)
    );
}

#[tokio::test]
async fn nothing_listens() {
    // Bind and drop to get a port with nothing behind it.
    let port = {
        let l = TcpListener::bind("127.0.0.1:0").await.unwrap();
        l.local_addr().unwrap().port()
    };
    let v = model(format!("http://127.0.0.1:{port}/v1"), 1000)
        .check(TEXT)
        .await;
    assert_eq!(v, NameVerdict::Undecided(UndecidedReason::Transport));
}
