//! Request translation: golden JSON bodies, URLs and headers for each vendor, and the
//! fields each vendor refuses.

use http_body_util::BodyExt;
use redact_testkit::vendors::test_key;
use redact_vendors::{
    ANTHROPIC_DEFAULT_MAX_TOKENS, ChatRequest, Endpoint, RequestError, Vendor, build,
};
use serde_json::{Value, json};

fn conversation(model: &str) -> Value {
    json!({
        "model": model,
        "messages": [
            {"role": "system", "content": "You are a travel assistant."},
            {"role": "user", "content": "What is the weather in Lisbon for Emily Clark?"},
            {"role": "assistant", "content": "Let me check.", "tool_calls": [
                {"id": "call_1", "type": "function", "function": {"name": "get_weather", "arguments": "{\"city\":\"Lisbon\"}"}}
            ]},
            {"role": "tool", "tool_call_id": "call_1", "content": "{\"temp_c\":21}"},
            {"role": "assistant", "content": "It is 21 °C."},
            {"role": "user", "content": [{"type": "text", "text": "Thanks! "}, {"type": "text", "text": "And tomorrow?"}]}
        ],
        "tools": [{"type": "function", "function": {
            "name": "get_weather",
            "description": "Weather for a city",
            "parameters": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}
        }}],
        "tool_choice": "auto",
        "temperature": 0.5,
        "top_p": 0.9,
        "max_completion_tokens": 300,
        "stop": ["END"],
        "seed": 7,
        "user": "user-42",
        "map": {"Emily Clark": "Jane Doe"},
        "strict": false
    })
}

fn schema() -> Value {
    json!({"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]})
}

fn endpoint(base: &str) -> Endpoint {
    Endpoint::new(base).unwrap()
}

async fn built(vendor: Vendor, req: Value, key: &str) -> (http::request::Parts, Value) {
    let req = ChatRequest::from_value(req).unwrap();
    let r = build(vendor, &req, &endpoint("https://vendor.example/base/"), key).unwrap();
    let (parts, body) = r.into_parts();
    let body = body.collect().await.unwrap().to_bytes();
    (parts, serde_json::from_slice(&body).unwrap())
}

fn try_build(vendor: Vendor, req: Value) -> Result<(), RequestError> {
    let req = ChatRequest::from_value(req)?;
    build(vendor, &req, &Endpoint::default_for(vendor), "k").map(|_| ())
}

fn header<'a>(parts: &'a http::request::Parts, name: &str) -> &'a str {
    parts.headers[name].to_str().unwrap()
}

#[tokio::test]
async fn openai_passes_the_request_through() {
    let key = test_key("sk-proj-");
    let (parts, body) = built(Vendor::OpenAi, conversation("gpt-4o-mini"), &key).await;
    assert_eq!(parts.method, http::Method::POST);
    assert_eq!(
        parts.uri.to_string(),
        "https://vendor.example/base/chat/completions"
    );
    assert_eq!(header(&parts, "authorization"), format!("Bearer {key}"));
    assert!(parts.headers["authorization"].is_sensitive());
    assert_eq!(header(&parts, "accept-encoding"), "identity");
    assert_eq!(header(&parts, "content-type"), "application/json");
    assert_eq!(header(&parts, "accept"), "application/json");
    assert_eq!(parts.extensions.get::<Vendor>(), Some(&Vendor::OpenAi));
    let mut expected = conversation("gpt-4o-mini");
    // The service's own fields never leave.
    expected.as_object_mut().unwrap().remove("map");
    expected.as_object_mut().unwrap().remove("strict");
    assert_eq!(body, expected);
}

#[tokio::test]
async fn openai_streams_ask_for_usage() {
    let mut req = conversation("gpt-4o-mini");
    req["stream"] = json!(true);
    req["stream_options"] = json!({"include_obfuscation": false});
    req["reasoning_effort"] = json!("low");
    let (parts, body) = built(Vendor::OpenAi, req, "k").await;
    assert_eq!(header(&parts, "accept"), "text/event-stream");
    assert_eq!(body["stream"], json!(true));
    assert_eq!(
        body["stream_options"],
        json!({"include_obfuscation": false, "include_usage": true})
    );
    assert_eq!(body["reasoning_effort"], json!("low"));
    // Without stream, stream_options would be refused by OpenAI: it is dropped.
    let mut req = conversation("gpt-4o-mini");
    req["stream_options"] = json!({"include_usage": true});
    let (_, body) = built(Vendor::OpenAi, req, "k").await;
    assert!(body.get("stream_options").is_none() && body.get("stream").is_none());
}

#[tokio::test]
async fn anthropic_messages_golden() {
    let key = test_key("sk-ant-api03-");
    let (parts, body) = built(Vendor::Anthropic, conversation("claude-sonnet-4-5"), &key).await;
    assert_eq!(
        parts.uri.to_string(),
        "https://vendor.example/base/v1/messages"
    );
    assert_eq!(header(&parts, "x-api-key"), key);
    assert!(parts.headers["x-api-key"].is_sensitive());
    assert_eq!(header(&parts, "anthropic-version"), "2023-06-01");
    assert_eq!(header(&parts, "accept-encoding"), "identity");
    assert!(parts.headers.get("authorization").is_none());
    assert_eq!(
        body,
        json!({
            "model": "claude-sonnet-4-5",
            "max_tokens": 300,
            "system": "You are a travel assistant.",
            "messages": [
                {"role": "user", "content": "What is the weather in Lisbon for Emily Clark?"},
                {"role": "assistant", "content": [
                    {"type": "text", "text": "Let me check."},
                    {"type": "tool_use", "id": "call_1", "name": "get_weather", "input": {"city": "Lisbon"}}
                ]},
                {"role": "user", "content": [
                    {"type": "tool_result", "tool_use_id": "call_1", "content": "{\"temp_c\":21}"}
                ]},
                {"role": "assistant", "content": "It is 21 °C."},
                {"role": "user", "content": [
                    {"type": "text", "text": "Thanks! "},
                    {"type": "text", "text": "And tomorrow?"}
                ]}
            ],
            "temperature": 0.5,
            "top_p": 0.9,
            "stop_sequences": ["END"],
            "metadata": {"user_id": "user-42"},
            "tools": [{"name": "get_weather", "description": "Weather for a city", "input_schema": schema()}],
            "tool_choice": {"type": "auto"}
        })
    );
}

#[tokio::test]
async fn anthropic_details() {
    // Default max_tokens, streaming, several system messages, consecutive tool results merged,
    // tool choices, parallel_tool_calls.
    let req = json!({
        "model": "claude-haiku-4-5",
        "stream": true,
        "max_tokens": 50,
        "messages": [
            {"role": "system", "content": "One."},
            {"role": "developer", "content": [{"type": "text", "text": "Two."}]},
            {"role": "user", "content": "Hi"},
            {"role": "assistant", "content": null, "tool_calls": [
                {"id": "a", "type": "function", "function": {"name": "f", "arguments": ""}},
                {"id": "b", "type": "function", "function": {"name": "g", "arguments": "{\"x\":1}"}}
            ]},
            {"role": "tool", "tool_call_id": "a", "content": "ra"},
            {"role": "tool", "tool_call_id": "b", "content": ""},
            {"role": "user", "content": "and?"}
        ],
        "tools": [{"type": "function", "function": {"name": "f"}}, {"type": "function", "function": {"name": "g"}}],
        "tool_choice": {"type": "function", "function": {"name": "g"}},
        "parallel_tool_calls": false,
        "seed": 3,
        "presence_penalty": 0.1,
        "n": 1
    });
    let (parts, body) = built(Vendor::Anthropic, req.clone(), "k").await;
    assert_eq!(header(&parts, "accept"), "text/event-stream");
    assert_eq!(body["stream"], json!(true));
    assert_eq!(body["max_tokens"], json!(50));
    assert_eq!(body["system"], json!("One.\n\nTwo."));
    assert_eq!(
        body["messages"],
        json!([
            {"role": "user", "content": "Hi"},
            {"role": "assistant", "content": [
                {"type": "tool_use", "id": "a", "name": "f", "input": {}},
                {"type": "tool_use", "id": "b", "name": "g", "input": {"x": 1}}
            ]},
            {"role": "user", "content": [
                {"type": "tool_result", "tool_use_id": "a", "content": "ra"},
                {"type": "tool_result", "tool_use_id": "b"},
                {"type": "text", "text": "and?"}
            ]}
        ])
    );
    assert_eq!(
        body["tools"][0],
        json!({"name": "f", "input_schema": {"type": "object", "properties": {}}})
    );
    assert_eq!(
        body["tool_choice"],
        json!({"type": "tool", "name": "g", "disable_parallel_tool_use": true})
    );
    for dropped in ["seed", "presence_penalty", "n", "stream_options"] {
        assert!(body.get(dropped).is_none(), "{dropped}");
    }
    let mut r = req.clone();
    r.as_object_mut().unwrap().remove("max_tokens");
    let (_, body) = built(Vendor::Anthropic, r, "k").await;
    assert_eq!(body["max_tokens"], json!(ANTHROPIC_DEFAULT_MAX_TOKENS));
    for (choice, expected) in [
        (json!("required"), json!({"type": "any"})),
        (json!("none"), json!({"type": "none"})),
    ] {
        let mut r = req.clone();
        r["tool_choice"] = choice;
        r.as_object_mut().unwrap().remove("parallel_tool_calls");
        let (_, body) = built(Vendor::Anthropic, r, "k").await;
        assert_eq!(body["tool_choice"], expected);
    }
}

#[tokio::test]
async fn google_gemini_golden() {
    let key = test_key("AIza");
    let (parts, body) = built(Vendor::Google, conversation("gemini-2.5-flash"), &key).await;
    assert_eq!(
        parts.uri.to_string(),
        "https://vendor.example/base/v1beta/models/gemini-2.5-flash:generateContent"
    );
    assert_eq!(header(&parts, "x-goog-api-key"), key);
    assert!(parts.headers["x-goog-api-key"].is_sensitive());
    assert!(!parts.uri.to_string().contains(&key));
    assert_eq!(header(&parts, "accept-encoding"), "identity");
    assert_eq!(
        body,
        json!({
            "contents": [
                {"role": "user", "parts": [{"text": "What is the weather in Lisbon for Emily Clark?"}]},
                {"role": "model", "parts": [
                    {"text": "Let me check."},
                    {"functionCall": {"name": "get_weather", "args": {"city": "Lisbon"}},
                     "thoughtSignature": "skip_thought_signature_validator"}
                ]},
                {"role": "user", "parts": [
                    {"functionResponse": {"name": "get_weather", "response": {"temp_c": 21}}}
                ]},
                {"role": "model", "parts": [{"text": "It is 21 °C."}]},
                {"role": "user", "parts": [{"text": "Thanks! "}, {"text": "And tomorrow?"}]}
            ],
            "systemInstruction": {"parts": [{"text": "You are a travel assistant."}]},
            "generationConfig": {
                "temperature": 0.5,
                "topP": 0.9,
                "maxOutputTokens": 300,
                "stopSequences": ["END"],
                "seed": 7
            },
            "tools": [{"functionDeclarations": [
                {"name": "get_weather", "description": "Weather for a city", "parametersJsonSchema": schema()}
            ]}],
            "toolConfig": {"functionCallingConfig": {"mode": "AUTO"}}
        })
    );
}

#[tokio::test]
async fn google_details() {
    let req = json!({
        "model": "models/gemini-2.5-pro",
        "stream": true,
        "n": 2,
        "max_tokens": 64,
        "presence_penalty": 0.5,
        "frequency_penalty": 0.25,
        "stop": "STOP!",
        "response_format": {"type": "json_schema", "json_schema": {"name": "w", "schema": {"type": "object"}, "strict": true}},
        "messages": [
            {"role": "user", "content": "Hi"},
            {"role": "tool", "tool_call_id": "elsewhere", "name": "lookup", "content": "plain text result"}
        ],
        "tools": [{"type": "function", "function": {"name": "lookup"}}],
        "tool_choice": {"type": "function", "function": {"name": "lookup"}},
        "user": "u-1",
        "parallel_tool_calls": true
    });
    let (parts, body) = built(Vendor::Google, req, "k").await;
    assert_eq!(
        parts.uri.to_string(),
        "https://vendor.example/base/v1beta/models/gemini-2.5-pro:streamGenerateContent?alt=sse"
    );
    assert_eq!(
        body["generationConfig"],
        json!({
            "maxOutputTokens": 64, "stopSequences": ["STOP!"], "candidateCount": 2,
            "presencePenalty": 0.5, "frequencyPenalty": 0.25,
            "responseMimeType": "application/json", "responseJsonSchema": {"type": "object"}
        })
    );
    assert_eq!(
        body["contents"],
        json!([{"role": "user", "parts": [
            {"text": "Hi"},
            {"functionResponse": {"name": "lookup", "response": {"result": "plain text result"}}}
        ]}])
    );
    assert_eq!(
        body["toolConfig"],
        json!({"functionCallingConfig": {"mode": "ANY", "allowedFunctionNames": ["lookup"]}})
    );
    assert_eq!(
        body["tools"][0]["functionDeclarations"][0],
        json!({"name": "lookup"})
    );
    assert!(body.get("user").is_none() && body.get("stream").is_none());
}

#[test]
fn unsupported_fields_are_refused_naming_the_param() {
    let base =
        |model: &str| json!({"model": model, "messages": [{"role": "user", "content": "Hi"}]});
    let with = |model: &str, k: &str, v: Value| {
        let mut r = base(model);
        r[k] = v;
        r
    };
    let claude = "claude-sonnet-4-5";
    let gemini = "gemini-2.5-flash";
    for (vendor, req, param) in [
        (Vendor::Anthropic, with(claude, "n", json!(2)), "n"),
        (
            Vendor::Anthropic,
            with(claude, "logprobs", json!(true)),
            "logprobs",
        ),
        (
            Vendor::Anthropic,
            with(claude, "top_logprobs", json!(3)),
            "top_logprobs",
        ),
        (
            Vendor::Anthropic,
            with(claude, "response_format", json!({"type": "json_object"})),
            "response_format",
        ),
        (
            Vendor::Anthropic,
            with(claude, "temperature", json!(1.5)),
            "temperature",
        ),
        (
            Vendor::Google,
            with(gemini, "logprobs", json!(true)),
            "logprobs",
        ),
        (
            Vendor::Google,
            with(gemini, "top_logprobs", json!(2)),
            "top_logprobs",
        ),
        (Vendor::Google, base("gemini-2.5-flash:evil/../x"), "model"),
        (
            Vendor::Google,
            with(
                gemini,
                "messages",
                json!([{"role": "tool", "tool_call_id": "nope", "content": "r"}]),
            ),
            "messages[0].tool_call_id",
        ),
        (
            Vendor::Anthropic,
            with(
                claude,
                "messages",
                json!([{"role": "assistant", "tool_calls": [
                {"id": "c", "type": "function", "function": {"name": "f", "arguments": "not json"}}]}]),
            ),
            "messages[0].tool_calls[0].function.arguments",
        ),
        (
            Vendor::OpenAi,
            with(
                "gpt-4o",
                "messages",
                json!([{"role": "user", "content": [{"type": "image_url", "image_url": {"url": "https://x.invalid/i.png"}}]}]),
            ),
            "messages[0].content",
        ),
        (
            Vendor::OpenAi,
            with("gpt-4o", "tools", json!([{"type": "file_search"}])),
            "tools[0].type",
        ),
        (
            Vendor::OpenAi,
            json!({"messages": [{"role": "user", "content": "Hi"}]}),
            "model",
        ),
        (
            Vendor::OpenAi,
            with("gpt-4o", "messages", json!([])),
            "messages",
        ),
    ] {
        let e = try_build(vendor, req).unwrap_err();
        assert_eq!(e.param, param, "{vendor}: {e}");
        assert_eq!(e.status(), 400);
        assert_eq!(e.to_json()["error"]["param"], json!(param));
        assert_eq!(e.to_json()["error"]["code"], json!("invalid_request"));
    }
    // What each vendor lacks but can drop is accepted.
    assert!(try_build(Vendor::Anthropic, with(claude, "seed", json!(1))).is_ok());
    assert!(try_build(Vendor::Anthropic, with(claude, "n", json!(1))).is_ok());
    assert!(
        try_build(
            Vendor::Anthropic,
            with(claude, "response_format", json!({"type": "text"}))
        )
        .is_ok()
    );
    assert!(try_build(Vendor::Anthropic, with(claude, "logprobs", json!(false))).is_ok());
    assert!(try_build(Vendor::Google, with(gemini, "user", json!("u"))).is_ok());
    assert!(try_build(Vendor::OpenAi, with("gpt-4o", "logprobs", json!(true))).is_ok());
}

#[test]
fn the_key_is_checked_and_never_shown() {
    let req = ChatRequest::from_value(
        json!({"model": "gpt-4o", "messages": [{"role": "user", "content": "Hi"}]}),
    )
    .unwrap();
    let ep = Endpoint::default_for(Vendor::OpenAi);
    let e = build(Vendor::OpenAi, &req, &ep, "  ").unwrap_err();
    assert_eq!(e.param, "X-Provider-Key");
    let bad = format!("{}\nx", test_key("sk-"));
    for v in Vendor::ALL {
        let e = build(v, &req, &Endpoint::default_for(v), &bad).unwrap_err();
        assert_eq!(e.param, "X-Provider-Key");
        assert!(!format!("{e} {e:?}").contains(bad.trim_end_matches("\nx")));
    }
    for v in Vendor::ALL {
        let key = test_key("sk-live-");
        let r = build(v, &req, &Endpoint::default_for(v), &key).unwrap();
        let shown = format!("{r:?}");
        assert!(!shown.contains(&key), "{v}: the key shows in Debug");
        assert!(shown.contains("Sensitive"), "{shown}");
    }
}
