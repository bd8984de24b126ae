//! Anthropic Messages (`POST /v1/messages`).

use std::collections::BTreeMap;

use serde_json::{Map, Value, json};

use crate::sse::SseEvent;
use crate::stream::{ChunkEvent, Chunks};
use crate::translate::{ANTHROPIC_DEFAULT_MAX_TOKENS, str_of, tool_arguments, usage};
use crate::{
    AssistantMessage, ChatCompletion, ChatRequest, Choice, Endpoint, FunctionCall, RequestError,
    ResponseFormat, Role, ToolCall, ToolChoice, Usage, Vendor, VendorError,
};

const V: Vendor = Vendor::Anthropic;

pub(crate) fn request(
    req: &ChatRequest,
    model: &str,
    ep: &Endpoint,
) -> Result<(String, Value), RequestError> {
    if req.n.is_some_and(|n| n > 1) {
        return Err(RequestError::unsupported(
            V,
            "n",
            "more than one choice (`n` above 1)",
        ));
    }
    if req.logprobs == Some(true) {
        return Err(RequestError::unsupported(
            V,
            "logprobs",
            "log probabilities",
        ));
    }
    if req.top_logprobs.is_some_and(|n| n > 0) {
        return Err(RequestError::unsupported(
            V,
            "top_logprobs",
            "log probabilities",
        ));
    }
    match &req.response_format {
        None | Some(ResponseFormat::Text) => {}
        Some(_) => {
            return Err(RequestError::unsupported(
                V,
                "response_format",
                "JSON response formats; ask for JSON in the prompt or use a tool",
            ));
        }
    }
    if let Some(t) = req.temperature
        && !(0.0..=1.0).contains(&t)
    {
        return Err(RequestError::new(
            "temperature",
            "anthropic accepts a temperature from 0 to 1",
        ));
    }

    let mut system: Vec<String> = Vec::new();
    let mut messages: Vec<(&str, Vec<Value>)> = Vec::new();
    let mut push = |role: &'static str, blocks: Vec<Value>| {
        if blocks.is_empty() {
            return;
        }
        match messages.last_mut() {
            Some((r, b)) if *r == role => b.extend(blocks),
            _ => messages.push((role, blocks)),
        }
    };
    for (i, m) in req.messages.iter().enumerate() {
        let texts = || -> Vec<Value> {
            m.content
                .iter()
                .flat_map(|c| c.texts())
                .filter(|t| !t.is_empty())
                .map(|t| json!({"type": "text", "text": t}))
                .collect()
        };
        match m.role {
            Role::System | Role::Developer => {
                let t = m.text_content();
                if !t.is_empty() {
                    system.push(t);
                }
            }
            Role::User => push("user", texts()),
            Role::Assistant => {
                let mut blocks = texts();
                for (j, c) in m.tool_calls.iter().enumerate() {
                    blocks.push(json!({
                        "type": "tool_use",
                        "id": c.id,
                        "name": c.function.name,
                        "input": tool_arguments(i, j, &c.function.arguments)?,
                    }));
                }
                push("assistant", blocks);
            }
            Role::Tool => {
                let mut block = json!({
                    "type": "tool_result",
                    "tool_use_id": m.tool_call_id.clone().unwrap_or_default(),
                });
                let t = m.text_content();
                if !t.is_empty() {
                    block["content"] = Value::String(t);
                }
                push("user", vec![block]);
            }
        }
    }
    let messages: Vec<Value> = messages
        .into_iter()
        .map(|(role, blocks)| {
            let content = match blocks.as_slice() {
                [b] if b["type"] == "text" => b["text"].clone(),
                _ => Value::Array(blocks),
            };
            json!({"role": role, "content": content})
        })
        .collect();

    let mut body = Map::new();
    body.insert("model".into(), json!(model));
    body.insert(
        "max_tokens".into(),
        json!(req.output_limit().unwrap_or(ANTHROPIC_DEFAULT_MAX_TOKENS)),
    );
    if !system.is_empty() {
        body.insert("system".into(), json!(system.join("\n\n")));
    }
    body.insert("messages".into(), Value::Array(messages));
    if req.stream {
        body.insert("stream".into(), json!(true));
    }
    if let Some(t) = req.temperature {
        body.insert("temperature".into(), json!(t));
    }
    if let Some(p) = req.top_p {
        body.insert("top_p".into(), json!(p));
    }
    if let Some(s) = &req.stop {
        body.insert("stop_sequences".into(), json!(s.sequences()));
    }
    if let Some(u) = &req.user {
        body.insert("metadata".into(), json!({"user_id": u}));
    }
    if let Some(tools) = req.tools.as_ref().filter(|t| !t.is_empty()) {
        let tools: Vec<Value> = tools
            .iter()
            .map(|t| {
                let mut o = json!({
                    "name": t.function.name,
                    "input_schema": t.function.parameters.clone()
                        .unwrap_or_else(|| json!({"type": "object", "properties": {}})),
                });
                if let Some(d) = &t.function.description {
                    o["description"] = json!(d);
                }
                o
            })
            .collect();
        body.insert("tools".into(), Value::Array(tools));
        let mut choice = match &req.tool_choice {
            None | Some(ToolChoice::Auto) => json!({"type": "auto"}),
            Some(ToolChoice::Required) => json!({"type": "any"}),
            Some(ToolChoice::None) => json!({"type": "none"}),
            Some(ToolChoice::Function(name)) => json!({"type": "tool", "name": name}),
        };
        let explicit = req.tool_choice.is_some();
        if req.parallel_tool_calls == Some(false) && choice["type"] != "none" {
            choice["disable_parallel_tool_use"] = json!(true);
        }
        if explicit || choice.get("disable_parallel_tool_use").is_some() {
            body.insert("tool_choice".into(), choice);
        }
    }
    Ok((ep.join("/v1/messages"), Value::Object(body)))
}

fn finish_reason(stop: &str) -> &'static str {
    match stop {
        "max_tokens" | "model_context_window_exceeded" => "length",
        "tool_use" => "tool_calls",
        "refusal" => "content_filter",
        _ => "stop",
    }
}

fn usage_of(u: &Value) -> Usage {
    let n = |k: &str| u[k].as_u64().unwrap_or(0);
    let cached = n("cache_read_input_tokens");
    let prompt = n("input_tokens") + n("cache_creation_input_tokens") + cached;
    usage(prompt, n("output_tokens"), None, Some(cached), None)
}

pub(crate) fn completion(v: Value, model: &str) -> Result<ChatCompletion, VendorError> {
    let Some(blocks) = v["content"].as_array() else {
        return Err(VendorError::bad_answer(V, "the message has no content"));
    };
    let mut text = String::new();
    let mut tool_calls = Vec::new();
    for b in blocks {
        match b["type"].as_str() {
            Some("text") => text.push_str(b["text"].as_str().unwrap_or_default()),
            Some("tool_use") => tool_calls.push(ToolCall {
                id: str_of(b, "id").unwrap_or_else(|| crate::new_id("toolu_")),
                kind: "function".into(),
                function: FunctionCall {
                    name: str_of(b, "name").unwrap_or_default(),
                    arguments: match &b["input"] {
                        Value::Null => "{}".into(),
                        input => input.to_string(),
                    },
                },
            }),
            _ => {}
        }
    }
    let content = if text.is_empty() && !tool_calls.is_empty() {
        None
    } else {
        Some(text)
    };
    Ok(ChatCompletion {
        id: str_of(&v, "id").unwrap_or_else(|| crate::new_id("chatcmpl-")),
        object: "chat.completion".into(),
        created: crate::now_secs(),
        model: str_of(&v, "model").unwrap_or_else(|| model.to_string()),
        choices: vec![Choice {
            index: 0,
            message: AssistantMessage {
                role: "assistant".into(),
                content,
                tool_calls,
                refusal: None,
                extra: Map::new(),
            },
            finish_reason: Some(
                finish_reason(v["stop_reason"].as_str().unwrap_or("end_turn")).into(),
            ),
            logprobs: None,
        }],
        usage: v.get("usage").filter(|u| u.is_object()).map(usage_of),
        extra: Map::new(),
    })
}

/// The stream state.
pub(crate) struct Stream {
    chunks: Chunks,
    started: bool,
    /// Anthropic block index → (tool-call index, whether arguments came).
    tools: BTreeMap<u64, (u32, bool)>,
    usage: Option<Value>,
    finished: bool,
}

impl Stream {
    pub(crate) fn new(model: &str) -> Stream {
        Stream {
            chunks: Chunks::new(model),
            started: false,
            tools: BTreeMap::new(),
            usage: None,
            finished: false,
        }
    }

    fn merge_usage(&mut self, u: &Value) {
        let Some(u) = u.as_object() else { return };
        let cur = self.usage.get_or_insert_with(|| json!({}));
        for (k, v) in u {
            if v.is_u64() {
                cur[k] = v.clone();
            }
        }
    }

    pub(crate) fn event(&mut self, ev: SseEvent) -> Result<Vec<ChunkEvent>, VendorError> {
        if ev.data.trim().is_empty() {
            return Ok(Vec::new());
        }
        let v: Value = serde_json::from_str(&ev.data)
            .map_err(|_| VendorError::bad_answer(V, "a stream event is not JSON"))?;
        let kind = v["type"]
            .as_str()
            .or(ev.event.as_deref())
            .unwrap_or_default()
            .to_string();
        let mut out = Vec::new();
        match kind.as_str() {
            "error" => return Err(VendorError::refused_in_stream(V, &v)),
            "message_start" => {
                let m = &v["message"];
                if let Some(id) = m["id"].as_str() {
                    self.chunks.id = id.to_string();
                }
                if let Some(model) = m["model"].as_str() {
                    self.chunks.model = model.to_string();
                }
                self.merge_usage(&m["usage"]);
                self.start(&mut out);
            }
            "content_block_start" => {
                self.start(&mut out);
                let b = &v["content_block"];
                let index = v["index"].as_u64().unwrap_or(0);
                match b["type"].as_str() {
                    Some("text") => {
                        if let Some(t) = b["text"].as_str().filter(|t| !t.is_empty()) {
                            out.push(self.chunks.content(0, t.to_string()));
                        }
                    }
                    Some("tool_use") => {
                        let n = self.tools.len() as u32;
                        // Streams send `input: {}` here and the arguments as deltas.
                        let initial = match &b["input"] {
                            Value::Object(o) if !o.is_empty() => b["input"].to_string(),
                            _ => String::new(),
                        };
                        self.tools.insert(index, (n, !initial.is_empty()));
                        out.push(self.chunks.tool_start(
                            0,
                            n,
                            str_of(b, "id").unwrap_or_else(|| crate::new_id("toolu_")),
                            str_of(b, "name").unwrap_or_default(),
                            initial,
                        ));
                    }
                    _ => {}
                }
            }
            "content_block_delta" => {
                let d = &v["delta"];
                let index = v["index"].as_u64().unwrap_or(0);
                match d["type"].as_str() {
                    Some("text_delta") => {
                        if let Some(t) = d["text"].as_str().filter(|t| !t.is_empty()) {
                            out.push(self.chunks.content(0, t.to_string()));
                        }
                    }
                    Some("input_json_delta") => {
                        if let (Some(p), Some((n, seen))) = (
                            d["partial_json"].as_str().filter(|p| !p.is_empty()),
                            self.tools.get_mut(&index),
                        ) {
                            *seen = true;
                            out.push(self.chunks.tool_arguments(0, *n, p.to_string()));
                        }
                    }
                    _ => {}
                }
            }
            "content_block_stop" => {
                let index = v["index"].as_u64().unwrap_or(0);
                if let Some((n, seen)) = self.tools.get_mut(&index)
                    && !*seen
                {
                    *seen = true;
                    out.push(self.chunks.tool_arguments(0, *n, "{}".into()));
                }
            }
            "message_delta" => {
                self.start(&mut out);
                self.merge_usage(&v["usage"]);
                if let Some(stop) = v["delta"]["stop_reason"].as_str()
                    && !self.finished
                {
                    self.finished = true;
                    out.push(self.chunks.finish(0, finish_reason(stop)));
                }
            }
            "message_stop" => {
                self.start(&mut out);
                if !self.finished {
                    self.finished = true;
                    out.push(self.chunks.finish(0, "stop"));
                }
                if let Some(u) = &self.usage {
                    out.push(self.chunks.usage(usage_of(u)));
                }
                out.push(ChunkEvent::Done);
            }
            // `ping`, thinking blocks and event types added later are skipped.
            _ => {}
        }
        Ok(out)
    }

    fn start(&mut self, out: &mut Vec<ChunkEvent>) {
        if !self.started {
            self.started = true;
            out.push(self.chunks.role(0));
        }
    }

    pub(crate) fn end(&mut self) -> Result<Vec<ChunkEvent>, VendorError> {
        Err(VendorError::bad_answer(
            V,
            "the stream ended before the answer was complete",
        ))
    }
}
