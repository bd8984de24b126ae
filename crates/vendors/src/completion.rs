//! The answers: an OpenAI chat completion and its streaming chunk.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

pub use crate::request::ToolCall;

/// An OpenAI `chat.completion`, whatever the vendor. Fields OpenAI sends beyond these
/// (`system_fingerprint`, `service_tier`, …) are kept in `extra`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ChatCompletion {
    /// The completion id (the vendor's where it gives one).
    pub id: String,
    /// `chat.completion`.
    pub object: String,
    /// Unix seconds.
    pub created: u64,
    /// The model the vendor reports, else the requested one.
    pub model: String,
    /// The choices.
    pub choices: Vec<Choice>,
    /// The vendor's token counts.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub usage: Option<Usage>,
    /// Other fields (OpenAI only).
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

/// One choice of a [`ChatCompletion`].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Choice {
    /// Its index.
    #[serde(default)]
    pub index: u32,
    /// The message.
    pub message: AssistantMessage,
    /// `stop`, `length`, `tool_calls` or `content_filter`.
    pub finish_reason: Option<String>,
    /// OpenAI's log probabilities, when asked for.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub logprobs: Option<Value>,
}

/// The model's message in a [`Choice`].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AssistantMessage {
    /// `assistant`.
    #[serde(default = "assistant")]
    pub role: String,
    /// The text (null when the model only called tools).
    #[serde(default)]
    pub content: Option<String>,
    /// Function calls.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tool_calls: Vec<ToolCall>,
    /// OpenAI's refusal text.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub refusal: Option<String>,
    /// Other fields (OpenAI only: `annotations`, `audio`, …).
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

/// Token counts, as the vendor reported them.
///
/// OpenAI's are passed as they are. Anthropic: `prompt_tokens` = `input_tokens` +
/// `cache_creation_input_tokens` + `cache_read_input_tokens`, `completion_tokens` =
/// `output_tokens`. Google: `prompt_tokens` = `promptTokenCount`, `completion_tokens` =
/// `candidatesTokenCount` + `thoughtsTokenCount`, `total_tokens` = `totalTokenCount`.
/// Cached and reasoning counts go to `prompt_tokens_details.cached_tokens` and
/// `completion_tokens_details.reasoning_tokens` (in `extra`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct Usage {
    /// Input tokens.
    #[serde(default)]
    pub prompt_tokens: u64,
    /// Output tokens.
    #[serde(default)]
    pub completion_tokens: u64,
    /// Their total (the vendor's when it reports one).
    #[serde(default)]
    pub total_tokens: u64,
    /// Details (`prompt_tokens_details`, `completion_tokens_details`).
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

/// An OpenAI `chat.completion.chunk`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ChatCompletionChunk {
    /// The completion id, the same in every chunk of a stream.
    pub id: String,
    /// `chat.completion.chunk`.
    pub object: String,
    /// Unix seconds, the same in every chunk.
    pub created: u64,
    /// The model.
    pub model: String,
    /// The choices this chunk adds to (empty in the usage chunk).
    pub choices: Vec<ChunkChoice>,
    /// Token counts: only in the final usage chunk.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub usage: Option<Usage>,
    /// Other fields (OpenAI only).
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

/// A choice's part of a [`ChatCompletionChunk`].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ChunkChoice {
    /// The choice index.
    #[serde(default)]
    pub index: u32,
    /// What this chunk adds.
    #[serde(default)]
    pub delta: Delta,
    /// Set in the choice's last chunk.
    #[serde(default)]
    pub finish_reason: Option<String>,
    /// OpenAI's log probabilities, when asked for.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub logprobs: Option<Value>,
}

/// What a chunk adds to a choice.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, Default)]
pub struct Delta {
    /// `assistant`, in the choice's first delta.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub role: Option<String>,
    /// A piece of the text.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub content: Option<String>,
    /// Pieces of tool calls.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tool_calls: Vec<ToolCallDelta>,
    /// A piece of OpenAI's refusal text.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub refusal: Option<String>,
    /// Other fields (OpenAI only).
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

/// A piece of a tool call: the first piece of a call has `id`, `type` and the function
/// `name`; later ones add to `arguments`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ToolCallDelta {
    /// Which call of the choice (0, 1, …).
    #[serde(default)]
    pub index: u32,
    /// The call id (first piece).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    /// `function` (first piece).
    #[serde(rename = "type", default, skip_serializing_if = "Option::is_none")]
    pub kind: Option<String>,
    /// The function piece.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub function: Option<FunctionDelta>,
}

/// The function piece of a [`ToolCallDelta`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct FunctionDelta {
    /// The name (first piece).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// A piece of the arguments.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub arguments: Option<String>,
}

fn assistant() -> String {
    "assistant".into()
}

/// Which text of which choice a string is: the key for one streaming restorer each.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TextSlot {
    /// The choice index.
    pub choice: u32,
    /// The text within the choice.
    pub field: TextField,
}

/// A text field of a choice.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum TextField {
    /// `content`.
    Content,
    /// `refusal`.
    Refusal,
    /// The `arguments` of the tool call with this index.
    ToolArguments(u32),
}

impl ChatCompletion {
    /// Every text of the answer with its slot, for restoring in place: each choice's
    /// `content`, `refusal` and tool-call `arguments`.
    pub fn text_slots_mut(&mut self) -> Vec<(TextSlot, &mut String)> {
        let mut out = Vec::new();
        for c in &mut self.choices {
            let choice = c.index;
            let m = &mut c.message;
            if let Some(s) = &mut m.content {
                out.push((
                    TextSlot {
                        choice,
                        field: TextField::Content,
                    },
                    s,
                ));
            }
            if let Some(s) = &mut m.refusal {
                out.push((
                    TextSlot {
                        choice,
                        field: TextField::Refusal,
                    },
                    s,
                ));
            }
            for (i, t) in m.tool_calls.iter_mut().enumerate() {
                out.push((
                    TextSlot {
                        choice,
                        field: TextField::ToolArguments(i as u32),
                    },
                    &mut t.function.arguments,
                ));
            }
        }
        out
    }
}

impl ChatCompletionChunk {
    /// Every text piece of this chunk with its slot, for a streaming restorer per slot:
    /// `content`, `refusal` and tool-call `arguments` deltas. A choice's slots end with the
    /// chunk that carries its `finish_reason` (flush held-back text before writing it).
    pub fn text_slots_mut(&mut self) -> Vec<(TextSlot, &mut String)> {
        let mut out = Vec::new();
        for c in &mut self.choices {
            let choice = c.index;
            let d = &mut c.delta;
            if let Some(s) = &mut d.content {
                out.push((
                    TextSlot {
                        choice,
                        field: TextField::Content,
                    },
                    s,
                ));
            }
            if let Some(s) = &mut d.refusal {
                out.push((
                    TextSlot {
                        choice,
                        field: TextField::Refusal,
                    },
                    s,
                ));
            }
            for t in &mut d.tool_calls {
                if let Some(s) = t.function.as_mut().and_then(|f| f.arguments.as_mut()) {
                    out.push((
                        TextSlot {
                            choice,
                            field: TextField::ToolArguments(t.index),
                        },
                        s,
                    ));
                }
            }
        }
        out
    }

    /// Whether this chunk finishes a choice.
    pub fn finish_reason(&self) -> Option<&str> {
        self.choices.iter().find_map(|c| c.finish_reason.as_deref())
    }
}
