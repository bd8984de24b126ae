//! Round trips through the real `Client` against the fake vendors of `redact-testkit`:
//! whole answers, streams cut into tiny events, tool calls, refusals, unreachable and slow
//! vendors, cancellation, and the provider key kept out of every error.

use std::time::Duration;

use redact_testkit::vendors::{FakeVendor, Kind, Script, test_key};
use redact_vendors::{
    ChatCompletion, ChatRequest, ChunkEvent, Client, Endpoint, TextField, Timeouts, Vendor,
    VendorError, VendorErrorKind, build, encode_sse, encode_sse_error,
};
use serde_json::{Value, json};

const TEXT: &str = "Hello Emily Clark, your booking at 12 Rue de la Paix is confirmed. À bientôt!";
const ARGS: &str = r#"{"city":"Lisbon","name":"Emily Clark"}"#;

fn kind(v: Vendor) -> Kind {
    match v {
        Vendor::OpenAi => Kind::OpenAi,
        Vendor::Anthropic => Kind::Anthropic,
        Vendor::Google => Kind::Google,
    }
}

fn model(v: Vendor) -> &'static str {
    match v {
        Vendor::OpenAi => "gpt-4o-mini",
        Vendor::Anthropic => "claude-sonnet-4-5",
        Vendor::Google => "gemini-2.5-flash",
    }
}

fn key_prefix(v: Vendor) -> &'static str {
    match v {
        Vendor::OpenAi => "sk-proj-",
        Vendor::Anthropic => "sk-ant-api03-",
        Vendor::Google => "AIza",
    }
}

fn request(v: Vendor, stream: bool) -> ChatRequest {
    ChatRequest::from_value(json!({
        "model": model(v),
        "stream": stream,
        "messages": [
            {"role": "system", "content": "Be brief."},
            {"role": "user", "content": "Confirm the booking for Emily Clark."}
        ],
        "tools": [{"type": "function", "function": {"name": "get_weather", "parameters": {"type": "object"}}}],
        "map": {"Emily Clark": "Jane Doe"}
    }))
    .unwrap()
}

fn client() -> Client {
    Client::new(Timeouts::default()).unwrap()
}

fn quick_client() -> Client {
    Client::new(Timeouts {
        connect: Duration::from_secs(2),
        response: Duration::from_millis(300),
        idle: Duration::from_millis(300),
    })
    .unwrap()
}

async fn complete(
    fake: &FakeVendor,
    v: Vendor,
    key: &str,
    client: &Client,
) -> Result<ChatCompletion, VendorError> {
    let req = build(
        v,
        &request(v, false),
        &Endpoint::new(&fake.base_url).unwrap(),
        key,
    )
    .unwrap();
    client.complete(req, model(v)).await
}

/// All events of a streamed answer, or the error that ended it (with the events before).
async fn stream(
    fake: &FakeVendor,
    v: Vendor,
    key: &str,
    client: &Client,
) -> (Vec<ChunkEvent>, Option<VendorError>) {
    let req = build(
        v,
        &request(v, true),
        &Endpoint::new(&fake.base_url).unwrap(),
        key,
    )
    .unwrap();
    let resp = match client.send(req).await {
        Ok(r) => r,
        Err(e) => return (Vec::new(), Some(e)),
    };
    let mut events = match client.events(resp, model(v)).await {
        Ok(s) => s,
        Err(e) => return (Vec::new(), Some(e)),
    };
    let mut out = Vec::new();
    while let Some(e) = events.next().await {
        match e {
            Ok(e) => out.push(e),
            Err(e) => return (out, Some(e)),
        }
    }
    (out, None)
}

fn chunks(events: &[ChunkEvent]) -> Vec<&redact_vendors::ChatCompletionChunk> {
    events.iter().filter_map(ChunkEvent::chunk).collect()
}

fn content(events: &[ChunkEvent]) -> String {
    chunks(events)
        .iter()
        .flat_map(|c| &c.choices)
        .filter_map(|c| c.delta.content.as_deref())
        .collect()
}

/// The contract's chunk rules: role first, finish_reason last among the choice chunks, then
/// the usage chunk, then Done.
fn check_shape(events: &[ChunkEvent], finish: &str, usage: (u64, u64)) {
    assert_eq!(events.last(), Some(&ChunkEvent::Done));
    assert_eq!(events.iter().filter(|e| **e == ChunkEvent::Done).count(), 1);
    let cs = chunks(events);
    assert_eq!(
        cs[0].choices[0].delta.role.as_deref(),
        Some("assistant"),
        "the first delta carries the role"
    );
    assert!(
        cs.iter()
            .skip(1)
            .all(|c| c.choices.iter().all(|ch| ch.delta.role.is_none())),
        "only the first delta carries the role"
    );
    let (last, with_choices) = cs.split_last().unwrap();
    assert!(last.choices.is_empty(), "the usage chunk has no choices");
    let u = last.usage.as_ref().expect("a usage chunk");
    assert_eq!(
        (u.prompt_tokens, u.completion_tokens, u.total_tokens),
        (usage.0, usage.1, usage.0 + usage.1)
    );
    let (fin, before) = with_choices.split_last().unwrap();
    assert_eq!(fin.choices[0].finish_reason.as_deref(), Some(finish));
    assert!(
        before
            .iter()
            .all(|c| c.choices.iter().all(|ch| ch.finish_reason.is_none()))
    );
    assert!(with_choices.iter().all(|c| c.usage.is_none()));
    let id = &cs[0].id;
    assert!(
        cs.iter()
            .all(|c| &c.id == id && c.object == "chat.completion.chunk")
    );
}

#[tokio::test]
async fn whole_answers_become_chat_completions() {
    for v in Vendor::ALL {
        let fake = FakeVendor::start(kind(v), Script::text(TEXT).usage(23, 17)).await;
        let key = test_key(key_prefix(v));
        let c = complete(&fake, v, &key, &client()).await.unwrap();
        assert_eq!(c.object, "chat.completion", "{v}");
        assert_eq!(c.model, model(v));
        assert_eq!(c.choices.len(), 1);
        assert_eq!(c.choices[0].message.role, "assistant");
        assert_eq!(c.choices[0].message.content.as_deref(), Some(TEXT));
        assert_eq!(c.choices[0].finish_reason.as_deref(), Some("stop"));
        let u = c.usage.as_ref().unwrap();
        assert_eq!(
            (u.prompt_tokens, u.completion_tokens, u.total_tokens),
            (23, 17, 40)
        );
        // The answer serializes as an OpenAI chat completion.
        let j = serde_json::to_value(&c).unwrap();
        assert_eq!(j["choices"][0]["message"]["content"], json!(TEXT));
        assert_eq!(j["usage"]["total_tokens"], json!(40));

        let seen = fake.last();
        assert_eq!(seen.header("accept-encoding").as_deref(), Some("identity"));
        let all = seen.all_text();
        assert!(!all.contains("Jane Doe"), "{v}: the map was forwarded");
        assert!(all.contains(&key), "{v}: the key reaches the vendor");
        match v {
            Vendor::OpenAi => {
                assert_eq!(seen.path, "/v1/chat/completions");
                assert_eq!(seen.header("authorization"), Some(format!("Bearer {key}")));
            }
            Vendor::Anthropic => {
                assert_eq!(seen.path, "/v1/messages");
                assert_eq!(seen.header("x-api-key"), Some(key.clone()));
                assert_eq!(
                    seen.header("anthropic-version").as_deref(),
                    Some("2023-06-01")
                );
            }
            Vendor::Google => {
                assert_eq!(seen.path, "/v1beta/models/gemini-2.5-flash:generateContent");
                assert_eq!(seen.header("x-goog-api-key"), Some(key.clone()));
            }
        }
    }
}

#[tokio::test]
async fn whole_answers_with_tool_calls_and_limits() {
    for v in Vendor::ALL {
        let fake =
            FakeVendor::start(kind(v), Script::text("").tool_call("get_weather", ARGS)).await;
        let mut c = complete(&fake, v, "k", &client()).await.unwrap();
        let m = &c.choices[0].message;
        assert_eq!(m.content, None, "{v}");
        assert_eq!(m.tool_calls.len(), 1);
        assert_eq!(m.tool_calls[0].function.name, "get_weather");
        assert_eq!(
            serde_json::from_str::<Value>(&m.tool_calls[0].function.arguments).unwrap(),
            serde_json::from_str::<Value>(ARGS).unwrap()
        );
        assert!(!m.tool_calls[0].id.is_empty());
        assert_eq!(c.choices[0].finish_reason.as_deref(), Some("tool_calls"));
        // The arguments are a slot to restore.
        let slots: Vec<_> = c
            .text_slots_mut()
            .into_iter()
            .map(|(s, _)| s.field)
            .collect();
        assert_eq!(slots, [TextField::ToolArguments(0)]);

        fake.set_script(Script::text("cut").truncated());
        let c = complete(&fake, v, "k", &client()).await.unwrap();
        assert_eq!(c.choices[0].finish_reason.as_deref(), Some("length"), "{v}");
    }
}

#[tokio::test]
async fn streams_in_tiny_pieces_follow_the_chunk_rules() {
    for v in Vendor::ALL {
        let fake = FakeVendor::start(kind(v), Script::text(TEXT).pieces(3).usage(23, 17)).await;
        let (events, err) = stream(&fake, v, "k", &client()).await;
        assert!(err.is_none(), "{v}: {err:?}");
        assert_eq!(content(&events), TEXT, "{v}");
        let text_chunks = chunks(&events)
            .iter()
            .filter(|c| {
                c.choices
                    .iter()
                    .any(|ch| ch.delta.content.as_deref().is_some_and(|t| !t.is_empty()))
            })
            .count();
        assert!(
            text_chunks >= TEXT.len() / 4,
            "{v}: {text_chunks} text chunks"
        );
        check_shape(&events, "stop", (23, 17));
        // Every event writes as SSE.
        let wire: Vec<u8> = events.iter().flat_map(|e| encode_sse(e).to_vec()).collect();
        let wire = String::from_utf8(wire).unwrap();
        assert!(wire.ends_with("data: [DONE]\n\n"));
        assert!(wire.starts_with("data: {"));
        let seen = fake.last();
        match v {
            Vendor::OpenAi => {
                assert_eq!(seen.json()["stream_options"]["include_usage"], json!(true));
            }
            Vendor::Anthropic => assert_eq!(seen.json()["stream"], json!(true)),
            Vendor::Google => assert_eq!(
                seen.path,
                "/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse"
            ),
        }
        assert_eq!(seen.header("accept").as_deref(), Some("text/event-stream"));
    }
}

#[tokio::test]
async fn streamed_tool_calls_concatenate_to_their_arguments() {
    for v in Vendor::ALL {
        let fake = FakeVendor::start(
            kind(v),
            Script::text("Checking.")
                .tool_call("get_weather", ARGS)
                .tool_call("get_time", r#"{"tz":"Europe/Lisbon"}"#)
                .pieces(3),
        )
        .await;
        let (mut events, err) = stream(&fake, v, "k", &client()).await;
        assert!(err.is_none(), "{v}: {err:?}");
        assert_eq!(content(&events), "Checking.");
        check_shape(&events, "tool_calls", (11, 7));
        let mut args = [String::new(), String::new()];
        let mut names = [None, None];
        let mut ids = [None, None];
        for e in &mut events {
            let Some(c) = e.chunk_mut() else { continue };
            for ch in &c.choices {
                for t in &ch.delta.tool_calls {
                    let i = t.index as usize;
                    if let Some(f) = &t.function {
                        if let Some(n) = &f.name {
                            assert!(names[i].replace(n.clone()).is_none(), "one name per call");
                        }
                        args[i].push_str(f.arguments.as_deref().unwrap_or_default());
                    }
                    if let Some(id) = &t.id {
                        ids[i] = Some(id.clone());
                    }
                }
            }
            // Argument pieces are restore slots keyed by call.
            for (slot, _) in c.text_slots_mut() {
                assert!(matches!(
                    slot.field,
                    TextField::Content | TextField::ToolArguments(0 | 1)
                ));
            }
        }
        assert_eq!(
            names,
            [Some("get_weather".into()), Some("get_time".into())],
            "{v}"
        );
        assert!(ids.iter().all(Option::is_some));
        assert_eq!(
            serde_json::from_str::<Value>(&args[0]).unwrap(),
            serde_json::from_str::<Value>(ARGS).unwrap(),
            "{v}"
        );
        assert_eq!(args[1].replace(' ', ""), r#"{"tz":"Europe/Lisbon"}"#, "{v}");
        if v != Vendor::Google {
            // OpenAI and Anthropic stream arguments piece by piece (Gemini sends calls whole).
            assert_eq!(args[0], ARGS);
        }
    }
}

#[tokio::test]
async fn refusals_keep_the_vendors_status_and_reason() {
    for v in Vendor::ALL {
        for status in [400, 401, 429, 503] {
            let fake = FakeVendor::start(
                kind(v),
                Script::error(status, "Rate limit reached for requests"),
            )
            .await;
            let expected =
                format!("the vendor ({v}) refused the request: Rate limit reached for requests");
            let e = complete(&fake, v, "k", &client()).await.unwrap_err();
            assert_eq!(e.kind(), VendorErrorKind::Refused);
            assert_eq!(e.status(), status, "{v}");
            assert_eq!(e.message(), expected);
            assert_eq!(e.to_json()["error"]["code"], json!("provider_error"));
            assert_eq!(e.to_json()["error"]["type"], json!("provider_error"));
            let (events, e) = stream(&fake, v, "k", &client()).await;
            let e = e.expect("a refusal");
            assert!(events.is_empty());
            assert_eq!(
                (e.status(), e.message()),
                (status, expected.as_str()),
                "{v} stream"
            );
        }
    }
}

#[tokio::test]
async fn missing_key_is_the_vendors_401() {
    // The fake checks its key header like the vendor does; a request built by hand without
    // one is refused in the vendor's own format.
    for v in Vendor::ALL {
        let fake = FakeVendor::start(kind(v), Script::text("x")).await;
        let mut req = build(
            v,
            &request(v, false),
            &Endpoint::new(&fake.base_url).unwrap(),
            "k",
        )
        .unwrap();
        req.headers_mut().remove("authorization");
        req.headers_mut().remove("x-api-key");
        req.headers_mut().remove("x-goog-api-key");
        let e = client().complete(req, model(v)).await.unwrap_err();
        assert_eq!(
            (e.kind(), e.status()),
            (VendorErrorKind::Refused, 401),
            "{v}"
        );
    }
}

#[tokio::test]
async fn errors_in_the_middle_of_a_stream() {
    for v in Vendor::ALL {
        let fake = FakeVendor::start(
            kind(v),
            Script::text(TEXT).pieces(5).stream_error("Overloaded"),
        )
        .await;
        let (events, e) = stream(&fake, v, "k", &client()).await;
        let e = e.expect("an error event");
        assert_eq!(e.kind(), VendorErrorKind::Refused, "{v}");
        assert!(
            e.message().ends_with("refused the request: Overloaded"),
            "{e}"
        );
        assert_eq!(content(&events), TEXT);
        let status = match v {
            Vendor::OpenAi => 502,
            Vendor::Anthropic => 529,
            Vendor::Google => 503,
        };
        assert_eq!(e.status(), status, "{v}");
        let sse = String::from_utf8(encode_sse_error(&e).to_vec()).unwrap();
        assert!(sse.starts_with("data: {\"error\":") && sse.ends_with("\n\n"));

        fake.set_script(Script::text(TEXT).pieces(5).cut_short());
        let (events, e) = stream(&fake, v, "k", &client()).await;
        let e = e.expect("a stream cut short is an error");
        assert_eq!(
            (e.kind(), e.status()),
            (VendorErrorKind::BadAnswer, 502),
            "{v}"
        );
        assert!(!events.contains(&ChunkEvent::Done));
    }
}

#[tokio::test]
async fn an_unreachable_vendor_is_502() {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = listener.local_addr().unwrap();
    drop(listener);
    for v in Vendor::ALL {
        let base = match v {
            Vendor::OpenAi => format!("http://{addr}/v1"),
            _ => format!("http://{addr}"),
        };
        let req = build(v, &request(v, false), &Endpoint::new(&base).unwrap(), "k").unwrap();
        let e = client().complete(req, model(v)).await.unwrap_err();
        assert_eq!(
            (e.kind(), e.status()),
            (VendorErrorKind::Unreachable, 502),
            "{v}"
        );
        assert_eq!(e.to_json()["error"]["code"], json!("provider_unreachable"));
        assert!(
            e.message()
                .starts_with(&format!("the vendor ({v}) could not be reached"))
        );
    }
}

#[tokio::test]
async fn a_slow_vendor_is_504() {
    for v in Vendor::ALL {
        let fake = FakeVendor::start(
            kind(v),
            Script::text("late").head_delay(Duration::from_secs(60)),
        )
        .await;
        let started = std::time::Instant::now();
        let e = complete(&fake, v, "k", &quick_client()).await.unwrap_err();
        assert!(started.elapsed() < Duration::from_secs(2));
        assert_eq!(
            (e.kind(), e.status()),
            (VendorErrorKind::Timeout, 504),
            "{v}"
        );
        assert_eq!(e.to_json()["error"]["code"], json!("provider_timeout"));

        // A stream that goes quiet midway times out too.
        fake.set_script(Script::text(TEXT).pieces(4).stall_after(4));
        let (events, e) = stream(&fake, v, "k", &quick_client()).await;
        let e = e.expect("a stalled stream times out");
        assert_eq!(
            (e.kind(), e.status()),
            (VendorErrorKind::Timeout, 504),
            "{v}"
        );
        assert!(!events.is_empty());
    }
}

#[tokio::test]
async fn dropping_the_stream_cancels_the_vendor_call() {
    for v in Vendor::ALL {
        let fake = FakeVendor::start(kind(v), Script::text(TEXT).pieces(2).stall_after(5)).await;
        let c = client();
        let req = build(
            v,
            &request(v, true),
            &Endpoint::new(&fake.base_url).unwrap(),
            "k",
        )
        .unwrap();
        let mut events = c
            .events(c.send(req).await.unwrap(), model(v))
            .await
            .unwrap();
        let first = events.next().await.unwrap().unwrap();
        assert!(first.chunk().is_some());
        assert_eq!(fake.cancelled(), 0);
        drop(events);
        assert!(
            fake.wait_cancelled(1, Duration::from_secs(5)).await,
            "{v}: the fake vendor did not see the client go away"
        );
        assert_eq!(fake.streams_done(), 0);
    }
}

#[tokio::test]
async fn the_provider_key_appears_in_no_error() {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let dead = listener.local_addr().unwrap();
    drop(listener);
    for v in Vendor::ALL {
        let key = test_key(key_prefix(v));
        let mut errors: Vec<VendorError> = Vec::new();
        // A vendor that quotes the key back (OpenAI quotes a masked one in its 401).
        let fake = FakeVendor::start(
            kind(v),
            Script::error(401, format!("Incorrect API key provided: {key}. Check it.")),
        )
        .await;
        errors.push(complete(&fake, v, &key, &client()).await.unwrap_err());
        errors.push(stream(&fake, v, &key, &client()).await.1.unwrap());
        let masked = format!("{}****{}", &key[..8], &key[key.len() - 4..]);
        fake.set_script(Script::error(
            401,
            format!("Incorrect API key provided: {masked}"),
        ));
        errors.push(complete(&fake, v, &key, &client()).await.unwrap_err());
        fake.set_script(
            Script::text(TEXT)
                .pieces(3)
                .stream_error(format!("bad key {key}")),
        );
        errors.push(stream(&fake, v, &key, &client()).await.1.unwrap());
        // Far longer than the client's 300 ms: the fake and the client share this test's
        // one thread, so a stall of the machine longer than the delay let both timers expire
        // together and the reply be read first (seen once under CI load with 2 s).
        fake.set_script(Script::text("late").head_delay(Duration::from_secs(60)));
        errors.push(complete(&fake, v, &key, &quick_client()).await.unwrap_err());
        let base = match v {
            Vendor::OpenAi => format!("http://{dead}/v1"),
            _ => format!("http://{dead}"),
        };
        let req = build(v, &request(v, false), &Endpoint::new(&base).unwrap(), &key).unwrap();
        errors.push(client().complete(req, model(v)).await.unwrap_err());
        assert_eq!(errors.len(), 6);
        for e in &errors {
            let shown = format!(
                "{e} | {e:?} | {} | {}",
                e.to_json(),
                String::from_utf8_lossy(&encode_sse_error(e))
            );
            assert!(!shown.contains(&key), "{v}: the key shows in {shown}");
            assert!(
                !shown.contains(&key[key.len() - 12..]),
                "{v}: part of the key shows in {shown}"
            );
            assert!(
                !shown.contains("****"),
                "{v}: a masked key shows in {shown}"
            );
        }
        assert!(
            errors[0].message().contains("[key hidden]"),
            "{}",
            errors[0]
        );
    }
}
