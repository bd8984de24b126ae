//! The stream decoder gives the same chunks however a recorded stream is cut into pieces:
//! at every single split point, and (property test) at any set of split points.

use proptest::prelude::*;
use redact_vendors::{ChunkEvent, StreamDecoder, Vendor};

/// Recorded from OpenAI (shortened), with usage asked for.
const OPENAI: &str = concat!(
    "data: {\"id\":\"chatcmpl-B1\",\"object\":\"chat.completion.chunk\",\"created\":1730000000,\"model\":\"gpt-4o-mini-2024-07-18\",\"system_fingerprint\":\"fp_1\",\"choices\":[{\"index\":0,\"delta\":{\"role\":\"assistant\",\"content\":\"\",\"refusal\":null},\"logprobs\":null,\"finish_reason\":null}],\"usage\":null}\n\n",
    "data: {\"id\":\"chatcmpl-B1\",\"object\":\"chat.completion.chunk\",\"created\":1730000000,\"model\":\"gpt-4o-mini-2024-07-18\",\"system_fingerprint\":\"fp_1\",\"choices\":[{\"index\":0,\"delta\":{\"content\":\"Hello Em\"},\"logprobs\":null,\"finish_reason\":null}],\"usage\":null}\n\n",
    ": keep-alive\n\n",
    "data: {\"id\":\"chatcmpl-B1\",\"object\":\"chat.completion.chunk\",\"created\":1730000000,\"model\":\"gpt-4o-mini-2024-07-18\",\"system_fingerprint\":\"fp_1\",\"choices\":[{\"index\":0,\"delta\":{\"content\":\"ily Clark – ça va?\"},\"logprobs\":null,\"finish_reason\":null}],\"usage\":null}\n\n",
    "data: {\"id\":\"chatcmpl-B1\",\"object\":\"chat.completion.chunk\",\"created\":1730000000,\"model\":\"gpt-4o-mini-2024-07-18\",\"system_fingerprint\":\"fp_1\",\"choices\":[{\"index\":0,\"delta\":{\"tool_calls\":[{\"index\":0,\"id\":\"call_9\",\"type\":\"function\",\"function\":{\"name\":\"lookup\",\"arguments\":\"\"}}]},\"logprobs\":null,\"finish_reason\":null}],\"usage\":null}\n\n",
    "data: {\"id\":\"chatcmpl-B1\",\"object\":\"chat.completion.chunk\",\"created\":1730000000,\"model\":\"gpt-4o-mini-2024-07-18\",\"system_fingerprint\":\"fp_1\",\"choices\":[{\"index\":0,\"delta\":{\"tool_calls\":[{\"index\":0,\"function\":{\"arguments\":\"{\\\"q\\\":\\\"Emily\"}}]},\"logprobs\":null,\"finish_reason\":null}],\"usage\":null}\n\n",
    "data: {\"id\":\"chatcmpl-B1\",\"object\":\"chat.completion.chunk\",\"created\":1730000000,\"model\":\"gpt-4o-mini-2024-07-18\",\"system_fingerprint\":\"fp_1\",\"choices\":[{\"index\":0,\"delta\":{\"tool_calls\":[{\"index\":0,\"function\":{\"arguments\":\" Clark\\\"}\"}}]},\"logprobs\":null,\"finish_reason\":null}],\"usage\":null}\n\n",
    "data: {\"id\":\"chatcmpl-B1\",\"object\":\"chat.completion.chunk\",\"created\":1730000000,\"model\":\"gpt-4o-mini-2024-07-18\",\"system_fingerprint\":\"fp_1\",\"choices\":[{\"index\":0,\"delta\":{},\"logprobs\":null,\"finish_reason\":\"tool_calls\"}],\"usage\":null}\n\n",
    "data: {\"id\":\"chatcmpl-B1\",\"object\":\"chat.completion.chunk\",\"created\":1730000000,\"model\":\"gpt-4o-mini-2024-07-18\",\"system_fingerprint\":\"fp_1\",\"choices\":[],\"usage\":{\"prompt_tokens\":19,\"completion_tokens\":12,\"total_tokens\":31}}\n\n",
    "data: [DONE]\n\n",
);

/// Recorded from Anthropic (shortened).
const ANTHROPIC: &str = concat!(
    "event: message_start\ndata: {\"type\":\"message_start\",\"message\":{\"id\":\"msg_01X\",\"type\":\"message\",\"role\":\"assistant\",\"model\":\"claude-sonnet-4-5-20250929\",\"content\":[],\"stop_reason\":null,\"stop_sequence\":null,\"usage\":{\"input_tokens\":25,\"cache_creation_input_tokens\":0,\"cache_read_input_tokens\":4,\"output_tokens\":1}}}\n\n",
    "event: content_block_start\ndata: {\"type\":\"content_block_start\",\"index\":0,\"content_block\":{\"type\":\"text\",\"text\":\"\"}}\n\n",
    "event: ping\ndata: {\"type\": \"ping\"}\n\n",
    "event: content_block_delta\ndata: {\"type\":\"content_block_delta\",\"index\":0,\"delta\":{\"type\":\"text_delta\",\"text\":\"Hello Em\"}}\n\n",
    "event: content_block_delta\ndata: {\"type\":\"content_block_delta\",\"index\":0,\"delta\":{\"type\":\"text_delta\",\"text\":\"ily Clark – ça va?\"}}\n\n",
    "event: content_block_stop\ndata: {\"type\":\"content_block_stop\",\"index\":0}\n\n",
    "event: content_block_start\ndata: {\"type\":\"content_block_start\",\"index\":1,\"content_block\":{\"type\":\"tool_use\",\"id\":\"toolu_01A\",\"name\":\"lookup\",\"input\":{}}}\n\n",
    "event: content_block_delta\ndata: {\"type\":\"content_block_delta\",\"index\":1,\"delta\":{\"type\":\"input_json_delta\",\"partial_json\":\"\"}}\n\n",
    "event: content_block_delta\ndata: {\"type\":\"content_block_delta\",\"index\":1,\"delta\":{\"type\":\"input_json_delta\",\"partial_json\":\"{\\\"q\\\": \\\"Emily\"}}\n\n",
    "event: content_block_delta\ndata: {\"type\":\"content_block_delta\",\"index\":1,\"delta\":{\"type\":\"input_json_delta\",\"partial_json\":\" Clark\\\"}\"}}\n\n",
    "event: content_block_stop\ndata: {\"type\":\"content_block_stop\",\"index\":1}\n\n",
    "event: message_delta\ndata: {\"type\":\"message_delta\",\"delta\":{\"stop_reason\":\"tool_use\",\"stop_sequence\":null},\"usage\":{\"output_tokens\":42}}\n\n",
    "event: message_stop\ndata: {\"type\":\"message_stop\"}\n\n",
);

/// Recorded from Gemini `streamGenerateContent?alt=sse` (shortened; CRLF as Google sends).
const GOOGLE: &str = concat!(
    "data: {\"candidates\": [{\"content\": {\"parts\": [{\"text\": \"Hello Em\"}],\"role\": \"model\"},\"index\": 0}],\"usageMetadata\": {\"promptTokenCount\": 9,\"totalTokenCount\": 9},\"modelVersion\": \"gemini-2.5-flash\",\"responseId\": \"r-1\"}\r\n\r\n",
    "data: {\"candidates\": [{\"content\": {\"parts\": [{\"text\": \"thinking\", \"thought\": true}, {\"text\": \"ily Clark – ça va?\"}],\"role\": \"model\"},\"index\": 0}],\"usageMetadata\": {\"promptTokenCount\": 9,\"totalTokenCount\": 12},\"modelVersion\": \"gemini-2.5-flash\",\"responseId\": \"r-1\"}\r\n\r\n",
    "data: {\"candidates\": [{\"content\": {\"parts\": [{\"functionCall\": {\"name\": \"lookup\",\"args\": {\"q\": \"Emily Clark\"}}}],\"role\": \"model\"},\"finishReason\": \"STOP\",\"index\": 0}],\"usageMetadata\": {\"promptTokenCount\": 9,\"candidatesTokenCount\": 14,\"thoughtsTokenCount\": 3,\"totalTokenCount\": 26},\"modelVersion\": \"gemini-2.5-flash\",\"responseId\": \"r-1\"}\r\n\r\n",
);

fn recorded() -> [(Vendor, &'static str); 3] {
    [
        (Vendor::OpenAi, OPENAI),
        (Vendor::Anthropic, ANTHROPIC),
        (Vendor::Google, GOOGLE),
    ]
}

/// Decodes `stream` cut at `cuts` (sorted byte offsets), with ids and times made equal
/// (generated ids and clocks differ between decoders).
fn decode(vendor: Vendor, stream: &[u8], cuts: &[usize]) -> Vec<ChunkEvent> {
    let mut d = StreamDecoder::new(vendor, "requested-model");
    let mut out = Vec::new();
    let mut start = 0;
    for &c in cuts.iter().chain(std::iter::once(&stream.len())) {
        out.extend(d.push(&stream[start..c]).expect("decodes"));
        start = c;
    }
    out.extend(d.finish().expect("complete"));
    for e in &mut out {
        if let Some(c) = e.chunk_mut() {
            c.id = "id".into();
            c.created = 0;
            for ch in &mut c.choices {
                for t in &mut ch.delta.tool_calls {
                    if t.id.as_deref().is_some_and(|i| i.starts_with("call_"))
                        && vendor == Vendor::Google
                    {
                        t.id = Some("call".into());
                    }
                }
            }
        }
    }
    out
}

fn text_and_args(events: &[ChunkEvent]) -> (String, String) {
    let mut text = String::new();
    let mut args = String::new();
    for c in events.iter().filter_map(ChunkEvent::chunk) {
        for ch in &c.choices {
            text.push_str(ch.delta.content.as_deref().unwrap_or_default());
            for t in &ch.delta.tool_calls {
                args.push_str(
                    t.function
                        .as_ref()
                        .and_then(|f| f.arguments.as_deref())
                        .unwrap_or_default(),
                );
            }
        }
    }
    (text, args)
}

#[test]
fn recorded_streams_decode_to_the_expected_chunks() {
    for (vendor, stream) in recorded() {
        let events = decode(vendor, stream.as_bytes(), &[]);
        let (text, args) = text_and_args(&events);
        assert_eq!(text, "Hello Emily Clark – ça va?", "{vendor}");
        assert_eq!(args.replace(' ', ""), "{\"q\":\"EmilyClark\"}", "{vendor}");
        assert_eq!(events.last(), Some(&ChunkEvent::Done));
        let chunks: Vec<_> = events.iter().filter_map(ChunkEvent::chunk).collect();
        let usage = chunks.last().unwrap().usage.clone().expect("usage chunk");
        let (p, c, t) = match vendor {
            Vendor::OpenAi => (19, 12, 31),
            Vendor::Anthropic => (29, 42, 71),
            Vendor::Google => (9, 17, 26),
        };
        assert_eq!(
            (
                usage.prompt_tokens,
                usage.completion_tokens,
                usage.total_tokens
            ),
            (p, c, t),
            "{vendor}"
        );
        let fin = chunks[chunks.len() - 2];
        assert_eq!(
            fin.choices[0].finish_reason.as_deref(),
            Some("tool_calls"),
            "{vendor}"
        );
        assert_eq!(
            chunks[0].choices[0].delta.role.as_deref(),
            Some("assistant")
        );
        let model = &chunks[0].model;
        assert_ne!(
            model, "requested-model",
            "{vendor}: the vendor's model is reported"
        );
        if vendor == Vendor::Anthropic {
            assert_eq!(usage.extra["prompt_tokens_details"]["cached_tokens"], 4);
        }
        if vendor == Vendor::Google {
            assert_eq!(
                usage.extra["completion_tokens_details"]["reasoning_tokens"],
                3
            );
        }
    }
}

#[test]
fn every_single_split_point_gives_the_same_chunks() {
    for (vendor, stream) in recorded() {
        let bytes = stream.as_bytes();
        let whole = decode(vendor, bytes, &[]);
        for i in 0..=bytes.len() {
            assert_eq!(decode(vendor, bytes, &[i]), whole, "{vendor}: split at {i}");
        }
        // One byte at a time.
        let all: Vec<usize> = (1..bytes.len()).collect();
        assert_eq!(decode(vendor, bytes, &all), whole, "{vendor}: byte by byte");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn any_split_gives_the_same_chunks(
        which in 0usize..3,
        raw_cuts in proptest::collection::vec(any::<proptest::sample::Index>(), 0..40),
    ) {
        let (vendor, stream) = recorded()[which];
        let bytes = stream.as_bytes();
        let mut cuts: Vec<usize> = raw_cuts.iter().map(|i| i.index(bytes.len() + 1)).collect();
        cuts.sort_unstable();
        prop_assert_eq!(decode(vendor, bytes, &cuts), decode(vendor, bytes, &[]));
    }
}

#[test]
fn nothing_comes_after_done_and_errors_stop_the_decoder() {
    let mut d = StreamDecoder::new(Vendor::OpenAi, "m");
    let mut all = d.push(OPENAI.as_bytes()).unwrap();
    all.extend(d.push(b"data: {\"not\":\"seen\"}\n\n").unwrap());
    all.extend(d.finish().unwrap());
    assert_eq!(all.iter().filter(|e| **e == ChunkEvent::Done).count(), 1);
    assert_eq!(all.last(), Some(&ChunkEvent::Done));

    let mut d = StreamDecoder::new(Vendor::Anthropic, "m");
    let e = d
        .push(b"event: error\ndata: {\"type\":\"error\",\"error\":{\"type\":\"rate_limit_error\",\"message\":\"Slow down\"}}\n\n")
        .unwrap_err();
    assert_eq!(e.status(), 429);
    assert_eq!(
        e.message(),
        "the vendor (anthropic) refused the request: Slow down"
    );
    assert!(d.push(ANTHROPIC.as_bytes()).unwrap().is_empty());
    assert!(d.finish().unwrap().is_empty());

    let mut d = StreamDecoder::new(Vendor::Google, "m");
    assert!(d.push(b"data: not json\r\n\r\n").is_err());

    // A Gemini stream that stops before any finishReason is incomplete.
    let mut d = StreamDecoder::new(Vendor::Google, "m");
    let first = GOOGLE.split("\r\n\r\n").next().unwrap();
    assert!(
        !d.push(format!("{first}\r\n\r\n").as_bytes())
            .unwrap()
            .is_empty()
    );
    assert_eq!(d.finish().unwrap_err().status(), 502);
}

#[test]
fn blocked_gemini_prompts_finish_with_content_filter() {
    let mut d = StreamDecoder::new(Vendor::Google, "gemini-2.5-flash");
    let mut evs = d
        .push(b"data: {\"promptFeedback\": {\"blockReason\": \"SAFETY\"}, \"usageMetadata\": {\"promptTokenCount\": 5, \"totalTokenCount\": 5}}\r\n\r\n")
        .unwrap();
    evs.extend(d.finish().unwrap());
    let chunks: Vec<_> = evs.iter().filter_map(ChunkEvent::chunk).collect();
    assert_eq!(
        chunks[0].choices[0].delta.role.as_deref(),
        Some("assistant")
    );
    assert_eq!(
        chunks[1].choices[0].finish_reason.as_deref(),
        Some("content_filter")
    );
    assert_eq!(chunks[2].usage.as_ref().unwrap().prompt_tokens, 5);
    assert_eq!(evs.last(), Some(&ChunkEvent::Done));
}
