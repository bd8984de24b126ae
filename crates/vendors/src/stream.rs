//! Streamed answers: each vendor's event stream as chat-completion chunks.

use bytes::Bytes;
use serde_json::Map;

use crate::sse::{SseEvent, SseParser};
use crate::{
    ChatCompletionChunk, ChunkChoice, Delta, FunctionDelta, ToolCallDelta, Usage, Vendor,
    VendorError, anthropic, google, openai,
};

/// What a streamed answer yields, in order: chunks, then `Done` once.
#[derive(Clone, Debug, PartialEq)]
pub enum ChunkEvent {
    /// A `chat.completion.chunk` (`data: {…}`).
    Chunk(ChatCompletionChunk),
    /// The end of the stream (`data: [DONE]`).
    Done,
}

impl ChunkEvent {
    /// The chunk, if this is one.
    pub fn chunk(&self) -> Option<&ChatCompletionChunk> {
        match self {
            ChunkEvent::Chunk(c) => Some(c),
            ChunkEvent::Done => None,
        }
    }

    /// The chunk, mutably (to restore its deltas).
    pub fn chunk_mut(&mut self) -> Option<&mut ChatCompletionChunk> {
        match self {
            ChunkEvent::Chunk(c) => Some(c),
            ChunkEvent::Done => None,
        }
    }
}

/// The event as server-sent-event bytes: `data: {chunk}\n\n` or `data: [DONE]\n\n`.
pub fn encode_sse(event: &ChunkEvent) -> Bytes {
    match event {
        ChunkEvent::Done => Bytes::from_static(b"data: [DONE]\n\n"),
        ChunkEvent::Chunk(c) => {
            let mut out = b"data: ".to_vec();
            // A chunk of strings, numbers and maps always serializes.
            serde_json::to_writer(&mut out, c).unwrap_or_default();
            out.extend_from_slice(b"\n\n");
            Bytes::from(out)
        }
    }
}

/// An error in the middle of a stream, as OpenAI writes one: `data: {"error": {…}}\n\n`
/// (the HTTP status is already sent; [`VendorError::to_json`] is the body).
pub fn encode_sse_error(error: &VendorError) -> Bytes {
    let mut out = b"data: ".to_vec();
    serde_json::to_writer(&mut out, &error.to_json()).unwrap_or_default();
    out.extend_from_slice(b"\n\n");
    Bytes::from(out)
}

/// Turns a vendor's streamed answer (the raw body bytes, in pieces of any size) into
/// chat-completion chunks that follow the chunk rules of the contract:
///
/// - each choice's first delta carries `role: "assistant"` (a chunk of its own with
///   `content: ""` for Anthropic and Google);
/// - text arrives as `content` deltas and tool calls as `tool_calls` deltas (the first with
///   `id`, `type` and `name`, later ones with `arguments` pieces; Anthropic's
///   `input_json_delta`s are passed piece by piece, Google sends each call whole);
/// - a choice's last chunk carries its `finish_reason`, after all its deltas;
/// - when the vendor reports usage, a final chunk with no choices carries it;
/// - then [`ChunkEvent::Done`], once. Nothing is returned after it.
///
/// OpenAI: chunks pass through (ids, models and extra fields kept; a missing role is added);
/// `[DONE]` ends the stream. Anthropic: `message_start` → role, `content_block_start` /
/// `content_block_delta` (`text_delta`, `input_json_delta`) → deltas, `message_delta` →
/// finish reason and usage, `message_stop` → usage chunk and `Done`; `ping`, thinking blocks
/// and unknown events are skipped. Google: each `GenerateContentResponse` → deltas per
/// candidate (thought parts skipped), `finishReason` → finish chunk, the last
/// `usageMetadata` → usage chunk; the end of the body ([`finish`](StreamDecoder::finish))
/// → `Done`.
///
/// An error event (`{"error": …}`, Anthropic's `error`) is a [`VendorError`] refusal; a
/// stream that ends before the answer is complete, or that is not the vendor's format, is
/// a 502 [`VendorError`]. After an error the decoder returns nothing more.
pub struct StreamDecoder {
    vendor: Vendor,
    sse: SseParser,
    state: State,
    done: bool,
    failed: bool,
}

impl std::fmt::Debug for StreamDecoder {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("StreamDecoder")
            .field("vendor", &self.vendor)
            .field("done", &self.done)
            .field("failed", &self.failed)
            .finish_non_exhaustive()
    }
}

enum State {
    OpenAi(openai::Stream),
    Anthropic(anthropic::Stream),
    Google(google::Stream),
}

impl StreamDecoder {
    /// A decoder for `vendor`'s stream; `model` (the requested model) names chunks when the
    /// vendor does not.
    pub fn new(vendor: Vendor, model: &str) -> StreamDecoder {
        let state = match vendor {
            Vendor::OpenAi => State::OpenAi(openai::Stream::new(model)),
            Vendor::Anthropic => State::Anthropic(anthropic::Stream::new(model)),
            Vendor::Google => State::Google(google::Stream::new(model)),
        };
        StreamDecoder {
            vendor,
            sse: SseParser::new(),
            state,
            done: false,
            failed: false,
        }
    }

    /// Decodes the next piece of the body.
    ///
    /// # Errors
    /// A [`VendorError`] for an error event or an unreadable stream.
    pub fn push(&mut self, bytes: &[u8]) -> Result<Vec<ChunkEvent>, VendorError> {
        if self.done || self.failed {
            return Ok(Vec::new());
        }
        let mut events = Vec::new();
        let parsed = self.sse.push(bytes, &mut events);
        // Events completed before a framing error still count.
        let out = self.feed(events)?;
        if parsed.is_err() && !self.done {
            self.failed = true;
            return Err(VendorError::bad_answer(
                self.vendor,
                "the event stream is not UTF-8",
            ));
        }
        Ok(out)
    }

    /// Ends the body: the events still pending, then `Done` if the answer is complete.
    ///
    /// # Errors
    /// A [`VendorError`] (502) when the stream ended before the answer was complete.
    pub fn finish(&mut self) -> Result<Vec<ChunkEvent>, VendorError> {
        if self.done || self.failed {
            return Ok(Vec::new());
        }
        let mut events = Vec::new();
        if self.sse.finish(&mut events).is_err() {
            self.failed = true;
            return Err(VendorError::bad_answer(
                self.vendor,
                "the event stream is not UTF-8",
            ));
        }
        let mut out = self.feed(events)?;
        if !self.done {
            let end = match &mut self.state {
                State::OpenAi(s) => s.end(),
                State::Anthropic(s) => s.end(),
                State::Google(s) => s.end(),
            };
            match end {
                Ok(evs) => {
                    self.done = evs.contains(&ChunkEvent::Done);
                    out.extend(evs);
                }
                Err(e) => {
                    self.failed = true;
                    return Err(e);
                }
            }
        }
        Ok(out)
    }

    /// Whether [`ChunkEvent::Done`] was returned.
    pub fn is_done(&self) -> bool {
        self.done
    }

    /// The vendor.
    pub fn vendor(&self) -> Vendor {
        self.vendor
    }

    fn feed(&mut self, events: Vec<SseEvent>) -> Result<Vec<ChunkEvent>, VendorError> {
        let mut out = Vec::new();
        for ev in events {
            if self.done {
                break;
            }
            let got = match &mut self.state {
                State::OpenAi(s) => s.event(ev),
                State::Anthropic(s) => s.event(ev),
                State::Google(s) => s.event(ev),
            };
            match got {
                Ok(evs) => {
                    for e in evs {
                        if self.done {
                            break;
                        }
                        if e == ChunkEvent::Done {
                            self.done = true;
                        }
                        out.push(e);
                    }
                }
                Err(e) => {
                    self.failed = true;
                    return Err(e);
                }
            }
        }
        Ok(out)
    }
}

/// Builds the chunks of one stream (same id, time and model in each).
pub(crate) struct Chunks {
    pub(crate) id: String,
    pub(crate) created: u64,
    pub(crate) model: String,
}

impl Chunks {
    pub(crate) fn new(model: &str) -> Chunks {
        Chunks {
            id: crate::new_id("chatcmpl-"),
            created: crate::now_secs(),
            model: model.to_string(),
        }
    }

    fn chunk(&self, choices: Vec<ChunkChoice>, usage: Option<Usage>) -> ChunkEvent {
        ChunkEvent::Chunk(ChatCompletionChunk {
            id: self.id.clone(),
            object: "chat.completion.chunk".into(),
            created: self.created,
            model: self.model.clone(),
            choices,
            usage,
            extra: Map::new(),
        })
    }

    fn delta(&self, choice: u32, delta: Delta, finish: Option<String>) -> ChunkEvent {
        self.chunk(
            vec![ChunkChoice {
                index: choice,
                delta,
                finish_reason: finish,
                logprobs: None,
            }],
            None,
        )
    }

    /// The role chunk: `{role: assistant, content: ""}`.
    pub(crate) fn role(&self, choice: u32) -> ChunkEvent {
        self.delta(
            choice,
            Delta {
                role: Some("assistant".into()),
                content: Some(String::new()),
                ..Delta::default()
            },
            None,
        )
    }

    pub(crate) fn content(&self, choice: u32, text: String) -> ChunkEvent {
        self.delta(
            choice,
            Delta {
                content: Some(text),
                ..Delta::default()
            },
            None,
        )
    }

    /// The first piece of tool call `index`.
    pub(crate) fn tool_start(
        &self,
        choice: u32,
        index: u32,
        id: String,
        name: String,
        arguments: String,
    ) -> ChunkEvent {
        self.delta(
            choice,
            Delta {
                tool_calls: vec![ToolCallDelta {
                    index,
                    id: Some(id),
                    kind: Some("function".into()),
                    function: Some(FunctionDelta {
                        name: Some(name),
                        arguments: Some(arguments),
                    }),
                }],
                ..Delta::default()
            },
            None,
        )
    }

    /// A piece of the arguments of tool call `index`.
    pub(crate) fn tool_arguments(&self, choice: u32, index: u32, arguments: String) -> ChunkEvent {
        self.delta(
            choice,
            Delta {
                tool_calls: vec![ToolCallDelta {
                    index,
                    id: None,
                    kind: None,
                    function: Some(FunctionDelta {
                        name: None,
                        arguments: Some(arguments),
                    }),
                }],
                ..Delta::default()
            },
            None,
        )
    }

    pub(crate) fn finish(&self, choice: u32, reason: &str) -> ChunkEvent {
        self.delta(choice, Delta::default(), Some(reason.to_string()))
    }

    pub(crate) fn usage(&self, usage: Usage) -> ChunkEvent {
        self.chunk(Vec::new(), Some(usage))
    }
}
