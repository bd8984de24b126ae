//! Google Gemini (`v1beta` `generateContent` / `streamGenerateContent?alt=sse`).

use std::collections::{BTreeMap, BTreeSet, HashMap};

use serde_json::{Map, Value, json};

use crate::sse::SseEvent;
use crate::stream::{ChunkEvent, Chunks};
use crate::translate::{str_of, tool_arguments, usage};
use crate::{
    AssistantMessage, ChatCompletion, ChatRequest, Choice, Endpoint, FunctionCall, RequestError,
    ResponseFormat, Role, ToolCall, ToolChoice, Usage, Vendor, VendorError,
};

const V: Vendor = Vendor::Google;

/// Gemini 3 refuses `functionCall` parts in the history without a thought signature; this
/// is Google's documented value for calls whose signature is not known (calls made outside
/// Gemini, or whose signature the chat-completions shape cannot carry).
pub(crate) const SKIP_SIGNATURE: &str = "skip_thought_signature_validator";

/// The model name as it goes into the path: `gemini-2.5-flash` (a `models/` prefix is
/// dropped). Only letters, digits, `.`, `-` and `_` are accepted.
fn model_path(model: &str) -> Result<&str, RequestError> {
    let m = model.strip_prefix("models/").unwrap_or(model);
    if m.is_empty()
        || !m
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_'))
    {
        return Err(RequestError::new(
            "model",
            "a Gemini model name holds only letters, digits, `.`, `-` and `_`",
        ));
    }
    Ok(m)
}

pub(crate) fn request(
    req: &ChatRequest,
    model: &str,
    ep: &Endpoint,
) -> Result<(String, Value), RequestError> {
    let model = model_path(model)?;
    if req.logprobs == Some(true) {
        return Err(RequestError::unsupported(
            V,
            "logprobs",
            "log probabilities through this adapter",
        ));
    }
    if req.top_logprobs.is_some_and(|n| n > 0) {
        return Err(RequestError::unsupported(
            V,
            "top_logprobs",
            "log probabilities through this adapter",
        ));
    }

    let mut system: Vec<Value> = Vec::new();
    let mut contents: Vec<(&str, Vec<Value>)> = Vec::new();
    let mut push = |role: &'static str, parts: Vec<Value>| {
        if parts.is_empty() {
            return;
        }
        match contents.last_mut() {
            Some((r, p)) if *r == role => p.extend(parts),
            _ => contents.push((role, parts)),
        }
    };
    let mut call_names: HashMap<&str, &str> = HashMap::new();
    for (i, m) in req.messages.iter().enumerate() {
        let texts = || -> Vec<Value> {
            m.content
                .iter()
                .flat_map(|c| c.texts())
                .filter(|t| !t.is_empty())
                .map(|t| json!({"text": t}))
                .collect()
        };
        match m.role {
            Role::System | Role::Developer => system.extend(texts()),
            Role::User => push("user", texts()),
            Role::Assistant => {
                let mut parts = texts();
                for (j, c) in m.tool_calls.iter().enumerate() {
                    call_names.insert(c.id.as_str(), c.function.name.as_str());
                    parts.push(json!({
                        "functionCall": {
                            "name": c.function.name,
                            "args": tool_arguments(i, j, &c.function.arguments)?,
                        },
                        "thoughtSignature": SKIP_SIGNATURE,
                    }));
                }
                push("model", parts);
            }
            Role::Tool => {
                let id = m.tool_call_id.as_deref().unwrap_or_default();
                let name = call_names
                    .get(id)
                    .copied()
                    .or(m.name.as_deref())
                    .ok_or_else(|| {
                        RequestError::new(
                            format!("messages[{i}].tool_call_id"),
                            "no earlier assistant tool call has this id (Gemini needs the function's name)",
                        )
                    })?;
                let text = m.text_content();
                let response = match serde_json::from_str::<Value>(&text) {
                    Ok(v @ Value::Object(_)) => v,
                    _ => json!({"result": text}),
                };
                push(
                    "user",
                    vec![json!({"functionResponse": {"name": name, "response": response}})],
                );
            }
        }
    }

    let mut body = Map::new();
    body.insert(
        "contents".into(),
        Value::Array(
            contents
                .into_iter()
                .map(|(role, parts)| json!({"role": role, "parts": parts}))
                .collect(),
        ),
    );
    if !system.is_empty() {
        body.insert("systemInstruction".into(), json!({"parts": system}));
    }
    let mut config = Map::new();
    let mut set = |k: &str, v: Value| {
        config.insert(k.into(), v);
    };
    if let Some(t) = req.temperature {
        set("temperature", json!(t));
    }
    if let Some(p) = req.top_p {
        set("topP", json!(p));
    }
    if let Some(n) = req.output_limit() {
        set("maxOutputTokens", json!(n));
    }
    if let Some(s) = &req.stop {
        set("stopSequences", json!(s.sequences()));
    }
    if let Some(n) = req.n {
        set("candidateCount", json!(n));
    }
    if let Some(s) = req.seed {
        set("seed", json!(s));
    }
    if let Some(p) = req.presence_penalty {
        set("presencePenalty", json!(p));
    }
    if let Some(p) = req.frequency_penalty {
        set("frequencyPenalty", json!(p));
    }
    match &req.response_format {
        None | Some(ResponseFormat::Text) => {}
        Some(ResponseFormat::JsonObject) => set("responseMimeType", json!("application/json")),
        Some(ResponseFormat::JsonSchema(j)) => {
            set("responseMimeType", json!("application/json"));
            if let Some(schema) = j.get("schema") {
                set("responseJsonSchema", schema.clone());
            }
        }
    }
    if !config.is_empty() {
        body.insert("generationConfig".into(), Value::Object(config));
    }
    if let Some(tools) = req.tools.as_ref().filter(|t| !t.is_empty()) {
        let decls: Vec<Value> = tools
            .iter()
            .map(|t| {
                let mut d = json!({"name": t.function.name});
                if let Some(desc) = &t.function.description {
                    d["description"] = json!(desc);
                }
                if let Some(p) = &t.function.parameters {
                    d["parametersJsonSchema"] = p.clone();
                }
                d
            })
            .collect();
        body.insert("tools".into(), json!([{"functionDeclarations": decls}]));
        if let Some(choice) = &req.tool_choice {
            let config = match choice {
                ToolChoice::Auto => json!({"mode": "AUTO"}),
                ToolChoice::Required => json!({"mode": "ANY"}),
                ToolChoice::None => json!({"mode": "NONE"}),
                ToolChoice::Function(name) => {
                    json!({"mode": "ANY", "allowedFunctionNames": [name]})
                }
            };
            body.insert(
                "toolConfig".into(),
                json!({"functionCallingConfig": config}),
            );
        }
    }
    let path = if req.stream {
        format!("/v1beta/models/{model}:streamGenerateContent?alt=sse")
    } else {
        format!("/v1beta/models/{model}:generateContent")
    };
    Ok((ep.join(&path), Value::Object(body)))
}

fn finish_reason(reason: &str, has_tools: bool) -> &'static str {
    match reason {
        "MAX_TOKENS" => "length",
        "SAFETY"
        | "RECITATION"
        | "BLOCKLIST"
        | "PROHIBITED_CONTENT"
        | "SPII"
        | "IMAGE_SAFETY"
        | "IMAGE_PROHIBITED_CONTENT" => "content_filter",
        _ if has_tools => "tool_calls",
        _ => "stop",
    }
}

fn usage_of(u: &Value) -> Usage {
    let n = |k: &str| u[k].as_u64();
    let thoughts = n("thoughtsTokenCount").unwrap_or(0);
    let prompt = n("promptTokenCount").unwrap_or(0);
    let completion = n("candidatesTokenCount").unwrap_or(0) + thoughts;
    usage(
        prompt,
        completion,
        n("totalTokenCount"),
        n("cachedContentTokenCount"),
        Some(thoughts),
    )
}

/// A candidate's text (thought parts skipped) and function calls.
fn parts_of(candidate: &Value) -> (String, Vec<(Option<String>, String, String)>) {
    let mut text = String::new();
    let mut calls = Vec::new();
    for p in candidate["content"]["parts"]
        .as_array()
        .into_iter()
        .flatten()
    {
        if p["thought"].as_bool() == Some(true) {
            continue;
        }
        if let Some(t) = p["text"].as_str() {
            text.push_str(t);
        }
        if let Some(fc) = p.get("functionCall").filter(|f| f.is_object()) {
            let args = match &fc["args"] {
                Value::Null => "{}".to_string(),
                a => a.to_string(),
            };
            calls.push((
                str_of(fc, "id").filter(|s| !s.is_empty()),
                str_of(fc, "name").unwrap_or_default(),
                args,
            ));
        }
    }
    (text, calls)
}

fn blocked(v: &Value) -> bool {
    v["promptFeedback"]["blockReason"].is_string()
}

pub(crate) fn completion(v: Value, model: &str) -> Result<ChatCompletion, VendorError> {
    let candidates = match v.get("candidates") {
        Some(Value::Array(c)) => c.as_slice(),
        None | Some(Value::Null) if blocked(&v) => &[],
        _ => return Err(VendorError::bad_answer(V, "the answer has no candidates")),
    };
    let mut choices = Vec::new();
    for (i, c) in candidates.iter().enumerate() {
        let (text, calls) = parts_of(c);
        let tool_calls: Vec<ToolCall> = calls
            .into_iter()
            .map(|(id, name, arguments)| ToolCall {
                id: id.unwrap_or_else(|| crate::new_id("call_")),
                kind: "function".into(),
                function: FunctionCall { name, arguments },
            })
            .collect();
        let reason = finish_reason(
            c["finishReason"].as_str().unwrap_or("STOP"),
            !tool_calls.is_empty(),
        );
        choices.push(Choice {
            index: c["index"].as_u64().unwrap_or(i as u64) as u32,
            message: AssistantMessage {
                role: "assistant".into(),
                content: if text.is_empty() && !tool_calls.is_empty() {
                    None
                } else {
                    Some(text)
                },
                tool_calls,
                refusal: None,
                extra: Map::new(),
            },
            finish_reason: Some(reason.into()),
            logprobs: None,
        });
    }
    if choices.is_empty() {
        // The prompt was blocked: an empty answer stopped by the content filter.
        choices.push(Choice {
            index: 0,
            message: AssistantMessage {
                role: "assistant".into(),
                content: Some(String::new()),
                tool_calls: Vec::new(),
                refusal: None,
                extra: Map::new(),
            },
            finish_reason: Some("content_filter".into()),
            logprobs: None,
        });
    }
    Ok(ChatCompletion {
        id: str_of(&v, "responseId").unwrap_or_else(|| crate::new_id("chatcmpl-")),
        object: "chat.completion".into(),
        created: crate::now_secs(),
        model: str_of(&v, "modelVersion").unwrap_or_else(|| model.to_string()),
        choices,
        usage: v
            .get("usageMetadata")
            .filter(|u| u.is_object())
            .map(usage_of),
        extra: Map::new(),
    })
}

/// The stream state.
pub(crate) struct Stream {
    chunks: Chunks,
    named: bool,
    /// Choices whose role chunk went out → how many tool calls each has.
    started: BTreeMap<u32, u32>,
    finished: BTreeSet<u32>,
    usage: Option<Value>,
}

impl Stream {
    pub(crate) fn new(model: &str) -> Stream {
        Stream {
            chunks: Chunks::new(model),
            named: false,
            started: BTreeMap::new(),
            finished: BTreeSet::new(),
            usage: None,
        }
    }

    pub(crate) fn event(&mut self, ev: SseEvent) -> Result<Vec<ChunkEvent>, VendorError> {
        if ev.data.trim().is_empty() {
            return Ok(Vec::new());
        }
        let v: Value = serde_json::from_str(&ev.data)
            .map_err(|_| VendorError::bad_answer(V, "a stream event is not JSON"))?;
        let v = match v {
            Value::Array(mut a) if a.len() == 1 => a.remove(0),
            v => v,
        };
        if v.get("error").is_some_and(|e| !e.is_null()) {
            return Err(VendorError::refused_in_stream(V, &v));
        }
        if !v.is_object() {
            return Err(VendorError::bad_answer(
                V,
                "a stream event is not an object",
            ));
        }
        if !self.named {
            self.named = true;
            if let Some(id) = v["responseId"].as_str() {
                self.chunks.id = id.to_string();
            }
            if let Some(m) = v["modelVersion"].as_str() {
                self.chunks.model = m.to_string();
            }
        }
        if let Some(u) = v.get("usageMetadata").filter(|u| u.is_object()) {
            self.usage = Some(u.clone());
        }
        let mut out = Vec::new();
        let candidates = v["candidates"].as_array().map(Vec::as_slice).unwrap_or(&[]);
        if candidates.is_empty() && blocked(&v) && !self.finished.contains(&0) {
            self.role(0, &mut out);
            self.finished.insert(0);
            out.push(self.chunks.finish(0, "content_filter"));
        }
        for (i, c) in candidates.iter().enumerate() {
            let index = c["index"].as_u64().unwrap_or(i as u64) as u32;
            if self.finished.contains(&index) {
                continue;
            }
            self.role(index, &mut out);
            let (text, calls) = parts_of(c);
            if !text.is_empty() {
                out.push(self.chunks.content(index, text));
            }
            for (id, name, args) in calls {
                let n = self.started.get_mut(&index).map_or(0, |n| {
                    *n += 1;
                    *n - 1
                });
                out.push(self.chunks.tool_start(
                    index,
                    n,
                    id.unwrap_or_else(|| crate::new_id("call_")),
                    name,
                    args,
                ));
            }
            if let Some(reason) = c["finishReason"].as_str() {
                self.finished.insert(index);
                let has_tools = self.started.get(&index).is_some_and(|&n| n > 0);
                out.push(self.chunks.finish(index, finish_reason(reason, has_tools)));
            }
        }
        Ok(out)
    }

    fn role(&mut self, index: u32, out: &mut Vec<ChunkEvent>) {
        if let std::collections::btree_map::Entry::Vacant(e) = self.started.entry(index) {
            e.insert(0);
            out.push(self.chunks.role(index));
        }
    }

    pub(crate) fn end(&mut self) -> Result<Vec<ChunkEvent>, VendorError> {
        if self.finished.is_empty() || self.started.keys().any(|i| !self.finished.contains(i)) {
            return Err(VendorError::bad_answer(
                V,
                "the stream ended before the answer was complete",
            ));
        }
        let mut out = Vec::new();
        if let Some(u) = &self.usage {
            out.push(self.chunks.usage(usage_of(u)));
        }
        out.push(ChunkEvent::Done);
        Ok(out)
    }
}
