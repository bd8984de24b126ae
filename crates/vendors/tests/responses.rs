//! Whole answers of each vendor as chat completions, and answers that cannot be read.

use redact_vendors::{TextField, Vendor, VendorErrorKind, parse_response};
use serde_json::{Value, json};

fn parse(v: Vendor, body: Value) -> redact_vendors::ChatCompletion {
    parse_response(v, 200, body.to_string().as_bytes(), "requested").unwrap()
}

#[test]
fn openai_answers_pass_through_with_their_extra_fields() {
    let body = json!({
        "id": "chatcmpl-1", "object": "chat.completion", "created": 1, "model": "gpt-4o-2024-08-06",
        "choices": [{"index": 0, "message": {"role": "assistant", "content": "Hi Emily", "refusal": null, "annotations": []},
                     "logprobs": null, "finish_reason": "stop"}],
        "usage": {"prompt_tokens": 3, "completion_tokens": 2, "total_tokens": 5, "prompt_tokens_details": {"cached_tokens": 0}},
        "system_fingerprint": "fp_x", "service_tier": "default"
    });
    let mut c = parse(Vendor::OpenAi, body.clone());
    assert_eq!(c.model, "gpt-4o-2024-08-06");
    for (_, s) in c.text_slots_mut() {
        *s = s.replace("Emily", "Jane");
    }
    let mut expected = body;
    expected["choices"][0]["message"]["content"] = json!("Hi Jane");
    // `refusal: null` and `logprobs: null` are dropped; everything else round-trips.
    expected["choices"][0]["message"]
        .as_object_mut()
        .unwrap()
        .remove("refusal");
    expected["choices"][0]
        .as_object_mut()
        .unwrap()
        .remove("logprobs");
    assert_eq!(serde_json::to_value(&c).unwrap(), expected);

    // OpenAI-compatible servers that leave fields out are filled in.
    let c = parse(
        Vendor::OpenAi,
        json!({"choices": [{"index": 0, "message": {"role": "assistant", "content": "x"}, "finish_reason": "stop"}]}),
    );
    assert_eq!(
        (c.object.as_str(), c.model.as_str()),
        ("chat.completion", "requested")
    );
    assert!(c.id.starts_with("chatcmpl-") && c.created > 0);
}

#[test]
fn anthropic_answers() {
    let c = parse(
        Vendor::Anthropic,
        json!({
            "id": "msg_1", "type": "message", "role": "assistant", "model": "claude-sonnet-4-5-20250929",
            "content": [
                {"type": "thinking", "thinking": "hmm", "signature": "s"},
                {"type": "text", "text": "Looking "},
                {"type": "text", "text": "it up."},
                {"type": "tool_use", "id": "toolu_1", "name": "lookup", "input": {"q": "Emily"}}
            ],
            "stop_reason": "tool_use", "stop_sequence": null,
            "usage": {"input_tokens": 10, "cache_creation_input_tokens": 5, "cache_read_input_tokens": 20, "output_tokens": 7}
        }),
    );
    assert_eq!(c.id, "msg_1");
    assert_eq!(c.model, "claude-sonnet-4-5-20250929");
    let m = &c.choices[0].message;
    assert_eq!(m.content.as_deref(), Some("Looking it up."));
    assert_eq!(m.tool_calls[0].id, "toolu_1");
    assert_eq!(m.tool_calls[0].function.arguments, r#"{"q":"Emily"}"#);
    assert_eq!(c.choices[0].finish_reason.as_deref(), Some("tool_calls"));
    let u = c.usage.unwrap();
    assert_eq!(
        (u.prompt_tokens, u.completion_tokens, u.total_tokens),
        (35, 7, 42)
    );
    assert_eq!(u.extra["prompt_tokens_details"]["cached_tokens"], json!(20));
    for (stop, finish) in [
        ("end_turn", "stop"),
        ("stop_sequence", "stop"),
        ("max_tokens", "length"),
        ("refusal", "content_filter"),
        ("pause_turn", "stop"),
    ] {
        let c = parse(
            Vendor::Anthropic,
            json!({"content": [{"type": "text", "text": "x"}], "stop_reason": stop}),
        );
        assert_eq!(
            c.choices[0].finish_reason.as_deref(),
            Some(finish),
            "{stop}"
        );
        assert_eq!(c.model, "requested");
    }
}

#[test]
fn google_answers() {
    let mut c = parse(
        Vendor::Google,
        json!({
            "candidates": [
                {"content": {"parts": [{"text": "plan", "thought": true}, {"text": "One"}], "role": "model"}, "finishReason": "STOP", "index": 0},
                {"content": {"parts": [{"text": "Two"}, {"functionCall": {"name": "f", "args": {"a": 1}}}], "role": "model"}, "finishReason": "STOP", "index": 1},
                {"content": {"parts": [{"text": "Thr"}], "role": "model"}, "finishReason": "MAX_TOKENS", "index": 2},
                {"finishReason": "SAFETY", "index": 3}
            ],
            "usageMetadata": {"promptTokenCount": 4, "candidatesTokenCount": 6, "thoughtsTokenCount": 2, "totalTokenCount": 12, "cachedContentTokenCount": 1},
            "modelVersion": "gemini-2.5-pro", "responseId": "resp-1"
        }),
    );
    assert_eq!(
        (c.id.as_str(), c.model.as_str()),
        ("resp-1", "gemini-2.5-pro")
    );
    let reasons: Vec<_> = c
        .choices
        .iter()
        .map(|c| c.finish_reason.clone().unwrap())
        .collect();
    assert_eq!(reasons, ["stop", "tool_calls", "length", "content_filter"]);
    assert_eq!(c.choices[0].message.content.as_deref(), Some("One"));
    assert_eq!(
        c.choices[1].message.tool_calls[0].function.arguments,
        r#"{"a":1}"#
    );
    assert!(c.choices[1].message.tool_calls[0].id.starts_with("call_"));
    let u = c.usage.clone().unwrap();
    assert_eq!(
        (u.prompt_tokens, u.completion_tokens, u.total_tokens),
        (4, 8, 12)
    );
    let slots: Vec<_> = c
        .text_slots_mut()
        .into_iter()
        .map(|(s, _)| (s.choice, s.field))
        .collect();
    assert!(slots.contains(&(1, TextField::ToolArguments(0))));

    let blocked = parse(
        Vendor::Google,
        json!({"promptFeedback": {"blockReason": "PROHIBITED_CONTENT"}, "usageMetadata": {"promptTokenCount": 3, "totalTokenCount": 3}}),
    );
    assert_eq!(
        blocked.choices[0].finish_reason.as_deref(),
        Some("content_filter")
    );
    assert_eq!(blocked.choices[0].message.content.as_deref(), Some(""));
}

#[test]
fn unreadable_answers_are_502() {
    for v in Vendor::ALL {
        for body in [&b"not json"[..], b"[1,2]", b"{\"choices\": 3}", b"{}"] {
            let e = parse_response(v, 200, body, "m").unwrap_err();
            assert_eq!(
                (e.kind(), e.status()),
                (VendorErrorKind::BadAnswer, 502),
                "{v} {body:?}"
            );
            assert_eq!(e.to_json()["error"]["code"], json!("provider_bad_answer"));
            assert!(!e.message().contains("not json"));
        }
    }
}
