//! The OpenAI chat-completions request, as the proxy receives it.

use serde::de::DeserializeOwned;
use serde::ser::SerializeMap;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::{Map, Value};

use crate::RequestError;

/// The service's own fields of a proxy request. [`ChatRequest`] keeps them apart in
/// [`ChatRequest::service_fields`]; they are never sent to a vendor (the map holds real
/// values).
pub const SERVICE_FIELDS: [&str; 4] = ["map", "allow", "profile", "strict"];

/// An OpenAI chat-completions request (`POST /v1/chat/completions` body).
///
/// Read it with [`ChatRequest::from_json`] (or serde: `Deserialize` does the same checks and
/// reports a [`RequestError`] as its message). Typed fields are the ones the adapters
/// translate; every other top-level field is kept in [`extra`](ChatRequest::extra) and
/// forwarded to OpenAI only, except the service's own fields ([`SERVICE_FIELDS`]), kept in
/// [`service_fields`](ChatRequest::service_fields) and never forwarded. A field set to
/// `null` counts as absent. `Serialize` writes the OpenAI body (without the service fields).
#[derive(Clone, Debug, PartialEq, Serialize, Default)]
pub struct ChatRequest {
    /// The model. Required by [`build`](crate::build) and by
    /// [`validate_for_proxy`](ChatRequest::validate_for_proxy), optional otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub model: Option<String>,
    /// The conversation.
    pub messages: Vec<Message>,
    /// Stream the answer as server-sent events.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub stream: bool,
    /// Sampling temperature.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub temperature: Option<f64>,
    /// Nucleus sampling.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub top_p: Option<f64>,
    /// Output limit (older name).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_tokens: Option<u32>,
    /// Output limit (newer name; wins over `max_tokens` where only one can be sent).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_completion_tokens: Option<u32>,
    /// Stop sequences.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stop: Option<Stop>,
    /// Sampling seed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seed: Option<i64>,
    /// Number of choices.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub n: Option<u32>,
    /// The end user's identifier (it may be an email, so it counts as text).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub user: Option<String>,
    /// Function tools.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tools: Option<Vec<Tool>>,
    /// Which tool to call.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tool_choice: Option<ToolChoice>,
    /// Whether several tools may be called in one turn.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub parallel_tool_calls: Option<bool>,
    /// Text, JSON object or JSON schema output.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub response_format: Option<ResponseFormat>,
    /// Return log probabilities.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub logprobs: Option<bool>,
    /// How many top log probabilities per token.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub top_logprobs: Option<u32>,
    /// Presence penalty.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub presence_penalty: Option<f64>,
    /// Frequency penalty.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub frequency_penalty: Option<f64>,
    /// OpenAI stream options (`include_usage` is forced on for streams by
    /// [`build`](crate::build)).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stream_options: Option<Map<String, Value>>,
    /// Every other top-level field, forwarded to OpenAI only (dropped for the other vendors).
    #[serde(flatten)]
    pub extra: Map<String, Value>,
    /// The service's own fields (`map`, `allow`, `profile`, `strict`); never forwarded.
    #[serde(skip)]
    pub service_fields: Map<String, Value>,
}

/// Who wrote a message.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    /// Instructions.
    System,
    /// Instructions (OpenAI's newer name for `system`).
    Developer,
    /// The user.
    User,
    /// The model.
    Assistant,
    /// A tool result.
    Tool,
}

/// One message of the conversation.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Message {
    /// Who wrote it.
    pub role: Role,
    /// Its text: absent only on an assistant message that calls tools.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub content: Option<Content>,
    /// An optional participant name (OpenAI only; not text, not redacted).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// Tool calls of an assistant message.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub tool_calls: Vec<ToolCall>,
    /// The call a tool message answers.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tool_call_id: Option<String>,
}

impl Message {
    /// A message with text content.
    pub fn text(role: Role, text: impl Into<String>) -> Message {
        Message {
            role,
            content: Some(Content::Text(text.into())),
            name: None,
            tool_calls: Vec::new(),
            tool_call_id: None,
        }
    }

    /// The content as one text (parts joined without separator); empty when absent.
    pub fn text_content(&self) -> String {
        self.content
            .as_ref()
            .map(Content::joined)
            .unwrap_or_default()
    }
}

/// A message's content: a string, or text parts. (Parts of any other type are refused when
/// the request is read.)
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(untagged)]
pub enum Content {
    /// A plain string.
    Text(String),
    /// `[{"type": "text", "text": …}, …]`.
    Parts(Vec<TextPart>),
}

impl Content {
    /// The texts, in order.
    pub fn texts(&self) -> Vec<&str> {
        match self {
            Content::Text(s) => vec![s.as_str()],
            Content::Parts(p) => p.iter().map(|p| p.text.as_str()).collect(),
        }
    }

    /// The texts joined without separator.
    pub fn joined(&self) -> String {
        self.texts().concat()
    }
}

/// A text part, `{"type": "text", "text": …}`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TextPart {
    /// The text.
    pub text: String,
}

impl Serialize for TextPart {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(Some(2))?;
        m.serialize_entry("type", "text")?;
        m.serialize_entry("text", &self.text)?;
        m.end()
    }
}

/// A function call, in a request's assistant message and in an answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ToolCall {
    /// The call's id (a tool message answers it by `tool_call_id`).
    pub id: String,
    /// Always `function`.
    #[serde(rename = "type", default = "function_type")]
    pub kind: String,
    /// The function and its arguments.
    pub function: FunctionCall,
}

fn function_type() -> String {
    "function".into()
}

/// The function of a [`ToolCall`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FunctionCall {
    /// The function's name (not text, not redacted).
    pub name: String,
    /// The arguments, a JSON object written as a string (text: redacted and restored).
    #[serde(default)]
    pub arguments: String,
}

/// A tool the model may call: only `{"type": "function", "function": {…}}`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Tool {
    /// Always `function`.
    #[serde(rename = "type")]
    pub kind: String,
    /// The function.
    pub function: FunctionDef,
}

/// A function definition.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FunctionDef {
    /// Its name.
    pub name: String,
    /// What it does.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// The JSON schema of its arguments.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub parameters: Option<Value>,
    /// OpenAI strict mode.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub strict: Option<bool>,
}

/// `tool_choice`: `"none"`, `"auto"`, `"required"` or `{"type": "function", "function":
/// {"name": …}}`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ToolChoice {
    /// Call no tool.
    None,
    /// The model decides.
    Auto,
    /// Call some tool.
    Required,
    /// Call this function.
    Function(String),
}

impl Serialize for ToolChoice {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            ToolChoice::None => s.serialize_str("none"),
            ToolChoice::Auto => s.serialize_str("auto"),
            ToolChoice::Required => s.serialize_str("required"),
            ToolChoice::Function(name) => serde_json::json!({
                "type": "function", "function": {"name": name}
            })
            .serialize(s),
        }
    }
}

/// `response_format`.
#[derive(Clone, Debug, PartialEq)]
pub enum ResponseFormat {
    /// `{"type": "text"}`: the default.
    Text,
    /// `{"type": "json_object"}`.
    JsonObject,
    /// `{"type": "json_schema", "json_schema": {name, schema, strict, …}}`; holds the
    /// `json_schema` object.
    JsonSchema(Map<String, Value>),
}

impl Serialize for ResponseFormat {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            ResponseFormat::Text => serde_json::json!({"type": "text"}).serialize(s),
            ResponseFormat::JsonObject => serde_json::json!({"type": "json_object"}).serialize(s),
            ResponseFormat::JsonSchema(j) => {
                serde_json::json!({"type": "json_schema", "json_schema": j}).serialize(s)
            }
        }
    }
}

/// `stop`: one sequence or several.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Stop {
    /// `"stop": "END"`.
    One(String),
    /// `"stop": ["END", "###"]`.
    Many(Vec<String>),
}

impl Stop {
    /// The sequences.
    pub fn sequences(&self) -> Vec<String> {
        match self {
            Stop::One(s) => vec![s.clone()],
            Stop::Many(v) => v.clone(),
        }
    }
}

// ---------------------------------------------------------------------------------------
// Reading

#[derive(Deserialize)]
struct RawMessage {
    role: Role,
    #[serde(default)]
    content: Option<RawContent>,
    #[serde(default)]
    name: Option<String>,
    #[serde(default)]
    tool_calls: Option<Vec<ToolCall>>,
    #[serde(default)]
    tool_call_id: Option<String>,
}

#[derive(Deserialize)]
#[serde(untagged)]
enum RawContent {
    Text(String),
    Parts(Vec<RawPart>),
}

#[derive(Deserialize)]
struct RawPart {
    #[serde(rename = "type")]
    kind: String,
    #[serde(default)]
    text: Option<String>,
}

#[derive(Deserialize)]
struct RawTool {
    #[serde(rename = "type")]
    kind: String,
    #[serde(default)]
    function: Option<FunctionDef>,
}

impl<'de> Deserialize<'de> for ChatRequest {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let v = Value::deserialize(d)?;
        ChatRequest::from_value(v).map_err(serde::de::Error::custom)
    }
}

impl ChatRequest {
    /// Reads a request body.
    ///
    /// # Errors
    /// A [`RequestError`] when the body is not a JSON object, a field has the wrong type, a
    /// content part is not text (`param` `messages[i].content`), a message lacks what its
    /// role needs, a tool is not a function, or `tool_choice` / `response_format` has an
    /// unknown form.
    pub fn from_json(body: &[u8]) -> Result<ChatRequest, RequestError> {
        let v: Value = serde_json::from_slice(body)
            .map_err(|_| RequestError::new("", "the body is not valid JSON"))?;
        ChatRequest::from_value(v)
    }

    /// As [`ChatRequest::from_json`], from a parsed value.
    ///
    /// # Errors
    /// As [`ChatRequest::from_json`].
    pub fn from_value(v: Value) -> Result<ChatRequest, RequestError> {
        let Value::Object(mut obj) = v else {
            return Err(RequestError::new("", "the body must be a JSON object"));
        };
        let mut service_fields = Map::new();
        for k in SERVICE_FIELDS {
            if let Some(v) = obj.remove(k) {
                service_fields.insert(k.to_string(), v);
            }
        }
        let model: Option<String> = take(&mut obj, "model")?;
        let raw: Vec<RawMessage> = take(&mut obj, "messages")?
            .ok_or_else(|| RequestError::new("messages", "messages is required"))?;
        let messages = raw
            .into_iter()
            .enumerate()
            .map(|(i, m)| message(i, m))
            .collect::<Result<Vec<_>, _>>()?;
        let tools = match take::<Vec<RawTool>>(&mut obj, "tools")? {
            None => None,
            Some(raw) => Some(
                raw.into_iter()
                    .enumerate()
                    .map(|(i, t)| tool(i, t))
                    .collect::<Result<Vec<_>, _>>()?,
            ),
        };
        let tool_choice = match obj.remove("tool_choice") {
            None | Some(Value::Null) => None,
            Some(v) => Some(tool_choice(v)?),
        };
        let response_format = match obj.remove("response_format") {
            None | Some(Value::Null) => None,
            Some(v) => Some(response_format(v)?),
        };
        let req = ChatRequest {
            model,
            messages,
            stream: take(&mut obj, "stream")?.unwrap_or(false),
            temperature: take(&mut obj, "temperature")?,
            top_p: take(&mut obj, "top_p")?,
            max_tokens: take_count(&mut obj, "max_tokens")?,
            max_completion_tokens: take_count(&mut obj, "max_completion_tokens")?,
            stop: take(&mut obj, "stop")?,
            seed: take(&mut obj, "seed")?,
            n: take_count(&mut obj, "n")?,
            user: take(&mut obj, "user")?,
            tools,
            tool_choice,
            parallel_tool_calls: take(&mut obj, "parallel_tool_calls")?,
            response_format,
            logprobs: take(&mut obj, "logprobs")?,
            top_logprobs: take_count(&mut obj, "top_logprobs")?,
            presence_penalty: take(&mut obj, "presence_penalty")?,
            frequency_penalty: take(&mut obj, "frequency_penalty")?,
            stream_options: take(&mut obj, "stream_options")?,
            extra: obj,
            service_fields,
        };
        Ok(req)
    }

    /// The checks of the proxy endpoint: `model` is named and `messages` is not empty.
    ///
    /// # Errors
    /// A [`RequestError`] with `param` `model` or `messages`.
    pub fn validate_for_proxy(&self) -> Result<(), RequestError> {
        if self.model.as_deref().is_none_or(|m| m.trim().is_empty()) {
            return Err(RequestError::new(
                "model",
                "model is required: name the vendor's model",
            ));
        }
        if self.messages.is_empty() {
            return Err(RequestError::new(
                "messages",
                "messages must hold at least one message",
            ));
        }
        Ok(())
    }

    /// Every piece of user-controlled text, for redaction in place, in a fixed order:
    /// each message's content (the string, or each text part), each assistant tool call's
    /// `arguments`, then `user`, then every string inside the unknown top-level fields of
    /// [`extra`](ChatRequest::extra) (they reach OpenAI, so nothing is forwarded unseen).
    ///
    /// Not visited: `model`, roles, `name`s, ids, tool definitions, `stop`,
    /// `response_format`, and the service's own fields.
    pub fn texts_mut(&mut self) -> impl Iterator<Item = &mut String> {
        let mut out: Vec<&mut String> = Vec::new();
        for m in &mut self.messages {
            match &mut m.content {
                Some(Content::Text(s)) => out.push(s),
                Some(Content::Parts(parts)) => out.extend(parts.iter_mut().map(|p| &mut p.text)),
                None => {}
            }
            out.extend(m.tool_calls.iter_mut().map(|c| &mut c.function.arguments));
        }
        if let Some(u) = &mut self.user {
            out.push(u);
        }
        for v in self.extra.values_mut() {
            strings_in(v, &mut out);
        }
        out.into_iter()
    }

    /// Calls `f` on every text of [`texts_mut`](ChatRequest::texts_mut).
    pub fn for_each_text_mut(&mut self, mut f: impl FnMut(&mut String)) {
        for s in self.texts_mut() {
            f(s);
        }
    }

    /// The output limit: `max_completion_tokens`, else `max_tokens`.
    pub fn output_limit(&self) -> Option<u32> {
        self.max_completion_tokens.or(self.max_tokens)
    }
}

fn strings_in<'a>(v: &'a mut Value, out: &mut Vec<&'a mut String>) {
    match v {
        Value::String(s) => out.push(s),
        Value::Array(a) => a.iter_mut().for_each(|x| strings_in(x, out)),
        Value::Object(o) => o.values_mut().for_each(|x| strings_in(x, out)),
        _ => {}
    }
}

/// Removes `key` and reads it as `T`; `null` counts as absent.
fn take<T: DeserializeOwned>(
    obj: &mut Map<String, Value>,
    key: &str,
) -> Result<Option<T>, RequestError> {
    match obj.remove(key) {
        None | Some(Value::Null) => Ok(None),
        Some(v) => serde_path_to_error::deserialize(v).map(Some).map_err(|e| {
            let path = e.path().to_string();
            let param = if path == "." {
                key.to_string()
            } else if path.starts_with('[') {
                format!("{key}{path}")
            } else {
                format!("{key}.{path}")
            };
            RequestError::new(param, without_quotes(&e.into_inner().to_string()))
        }),
    }
}

/// A count (`max_tokens`, `n` …): a whole number from 0 to 4294967295. A number written with
/// a zero fraction (`2.0`) is the same whole number, as JSON Schema has it.
fn take_count(obj: &mut Map<String, Value>, key: &str) -> Result<Option<u32>, RequestError> {
    let whole = |v: &Value| -> Option<u32> {
        let n = v.as_number()?;
        if let Some(u) = n.as_u64() {
            return u32::try_from(u).ok();
        }
        let f = n.as_f64()?;
        (f.fract() == 0.0 && (0.0..=f64::from(u32::MAX)).contains(&f)).then_some(f as u32)
    };
    match obj.remove(key) {
        None | Some(Value::Null) => Ok(None),
        Some(v) => whole(&v).map(Some).ok_or_else(|| {
            RequestError::new(
                key,
                format!("{key} must be a whole number from 0 to 4294967295"),
            )
        }),
    }
}

/// serde's message without the quoted value it may hold (`invalid type: string "…"`), so
/// errors never echo a text.
fn without_quotes(msg: &str) -> String {
    let mut out = String::with_capacity(msg.len());
    let mut in_quote = false;
    for c in msg.chars() {
        if c == '"' {
            in_quote = !in_quote;
            continue;
        }
        if !in_quote {
            out.push(c);
        }
    }
    let out = out.replace("  ", " ").replace(" ,", ",");
    // Drop serde_json's position suffix, meaningless here.
    match out.find(" at line ") {
        Some(i) => out[..i].to_string(),
        None => out,
    }
}

/// A short, safe rendering of a type name the client sent.
fn type_name(kind: &str) -> String {
    if !kind.is_empty()
        && kind.len() <= 40
        && kind
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
    {
        format!("`{kind}`")
    } else {
        "an unknown type".into()
    }
}

fn message(i: usize, m: RawMessage) -> Result<Message, RequestError> {
    let p = |field: &str| format!("messages[{i}].{field}");
    let content = match m.content {
        None => None,
        Some(RawContent::Text(s)) => Some(Content::Text(s)),
        Some(RawContent::Parts(parts)) => {
            let mut out = Vec::with_capacity(parts.len());
            for (j, part) in parts.into_iter().enumerate() {
                if part.kind != "text" {
                    return Err(RequestError::new(
                        p("content"),
                        format!(
                            "content part {j} has type {}: only text parts are supported",
                            type_name(&part.kind)
                        ),
                    ));
                }
                let Some(text) = part.text else {
                    return Err(RequestError::new(
                        p("content"),
                        format!("content part {j} is a text part without `text`"),
                    ));
                };
                out.push(TextPart { text });
            }
            Some(Content::Parts(out))
        }
    };
    let tool_calls = m.tool_calls.unwrap_or_default();
    if !tool_calls.is_empty() && m.role != Role::Assistant {
        return Err(RequestError::new(
            p("tool_calls"),
            "only assistant messages carry tool calls",
        ));
    }
    for (j, c) in tool_calls.iter().enumerate() {
        if c.kind != "function" {
            return Err(RequestError::new(
                format!("messages[{i}].tool_calls[{j}].type"),
                format!(
                    "tool calls of type {} are not supported: only `function`",
                    type_name(&c.kind)
                ),
            ));
        }
    }
    match m.role {
        Role::Assistant if content.is_none() && tool_calls.is_empty() => {
            return Err(RequestError::new(
                p("content"),
                "an assistant message needs content or tool_calls",
            ));
        }
        Role::Assistant => {}
        Role::Tool if m.tool_call_id.as_deref().is_none_or(str::is_empty) => {
            return Err(RequestError::new(
                p("tool_call_id"),
                "a tool message needs the tool_call_id it answers",
            ));
        }
        _ if content.is_none() => {
            return Err(RequestError::new(p("content"), "content is required"));
        }
        _ => {}
    }
    let content = match (m.role, content) {
        // A tool result without content is an empty result.
        (Role::Tool, None) => Some(Content::Text(String::new())),
        (_, c) => c,
    };
    Ok(Message {
        role: m.role,
        content,
        name: m.name,
        tool_calls,
        tool_call_id: m.tool_call_id,
    })
}

fn tool(i: usize, t: RawTool) -> Result<Tool, RequestError> {
    if t.kind != "function" {
        return Err(RequestError::new(
            format!("tools[{i}].type"),
            format!(
                "tools of type {} are not supported: only `function`",
                type_name(&t.kind)
            ),
        ));
    }
    let Some(function) = t.function else {
        return Err(RequestError::new(
            format!("tools[{i}].function"),
            "a function tool needs `function`",
        ));
    };
    if function.name.trim().is_empty() {
        return Err(RequestError::new(
            format!("tools[{i}].function.name"),
            "a function needs a name",
        ));
    }
    Ok(Tool {
        kind: "function".into(),
        function,
    })
}

fn tool_choice(v: Value) -> Result<ToolChoice, RequestError> {
    let err = || {
        RequestError::new(
            "tool_choice",
            "tool_choice must be \"none\", \"auto\", \"required\" or {\"type\": \"function\", \"function\": {\"name\": …}}",
        )
    };
    match &v {
        Value::String(s) => match s.as_str() {
            "none" => Ok(ToolChoice::None),
            "auto" => Ok(ToolChoice::Auto),
            "required" => Ok(ToolChoice::Required),
            _ => Err(err()),
        },
        Value::Object(o) if o.get("type").and_then(Value::as_str) == Some("function") => {
            match v["function"]["name"].as_str() {
                Some(n) if !n.is_empty() => Ok(ToolChoice::Function(n.to_string())),
                _ => Err(err()),
            }
        }
        _ => Err(err()),
    }
}

fn response_format(v: Value) -> Result<ResponseFormat, RequestError> {
    match v.get("type").and_then(Value::as_str) {
        Some("text") => Ok(ResponseFormat::Text),
        Some("json_object") => Ok(ResponseFormat::JsonObject),
        Some("json_schema") => match v.get("json_schema") {
            Some(Value::Object(j)) => Ok(ResponseFormat::JsonSchema(j.clone())),
            _ => Err(RequestError::new(
                "response_format.json_schema",
                "a json_schema response format needs the `json_schema` object",
            )),
        },
        _ => Err(RequestError::new(
            "response_format.type",
            "response_format.type must be `text`, `json_object` or `json_schema`",
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn read(v: Value) -> Result<ChatRequest, RequestError> {
        ChatRequest::from_value(v)
    }

    #[test]
    fn reads_strings_and_text_parts() {
        let r = read(json!({
            "model": "gpt-4o",
            "messages": [
                {"role": "system", "content": "Be brief."},
                {"role": "user", "content": [{"type": "text", "text": "Hi "}, {"type": "text", "text": "there"}]},
            ],
            "stop": "END",
            "metadata": {"ticket": "A-1"},
            "map": {"Emily Clark": "Jane Doe"},
            "strict": true,
        }))
        .unwrap();
        assert_eq!(r.messages[1].text_content(), "Hi there");
        assert_eq!(r.stop, Some(Stop::One("END".into())));
        assert_eq!(r.extra.len(), 1);
        assert_eq!(r.service_fields.len(), 2);
        let body = serde_json::to_value(&r).unwrap();
        assert!(body.get("map").is_none() && body.get("strict").is_none());
        assert_eq!(body["metadata"], json!({"ticket": "A-1"}));
        assert_eq!(
            body["messages"][1]["content"],
            json!([{"type": "text", "text": "Hi "}, {"type": "text", "text": "there"}])
        );
        // serde reads the same.
        let again: ChatRequest = serde_json::from_value(body).unwrap();
        assert_eq!(again.messages, r.messages);
    }

    #[test]
    fn non_text_parts_are_refused_naming_the_message() {
        let e = read(json!({"messages": [
            {"role": "user", "content": "a"},
            {"role": "user", "content": [{"type": "text", "text": "look"}, {"type": "image_url", "image_url": {"url": "https://x.invalid/a.png"}}]},
        ]}))
        .unwrap_err();
        assert_eq!(e.param, "messages[1].content");
        assert!(e.message.contains("`image_url`"), "{}", e.message);
        let s: Result<ChatRequest, _> = serde_json::from_value(json!({"messages": [
            {"role": "user", "content": [{"type": "input_audio"}]}]}));
        assert!(
            s.unwrap_err()
                .to_string()
                .starts_with("messages[0].content:")
        );
    }

    #[test]
    fn type_errors_name_the_param_without_echoing_values() {
        let e = read(json!({"messages": [{"role": "user", "content": "x"}, {"role": "narrator", "content": "secret words"}]})).unwrap_err();
        assert_eq!(e.param, "messages[1].role");
        assert!(!e.message.contains("narrator") || e.message.contains("`narrator`"));
        let e = read(json!({"messages": [], "temperature": "hot stuff"})).unwrap_err();
        assert_eq!(e.param, "temperature");
        assert!(!e.message.contains("hot stuff"), "{}", e.message);
        let e = read(json!({"messages": [{"role": "assistant", "tool_calls": [{"id": "c", "function": {"name": 3}}]}]})).unwrap_err();
        assert_eq!(e.param, "messages[0].tool_calls[0].function.name");
        assert_eq!(read(json!({"model": "m"})).unwrap_err().param, "messages");
        assert_eq!(ChatRequest::from_json(b"{").unwrap_err().param, "");
    }

    #[test]
    fn counts_are_whole_numbers_however_written() {
        let msgs = json!([{"role": "user", "content": "x"}]);
        let r = read(
            json!({"messages": msgs, "max_tokens": 2615.0, "n": 1, "max_completion_tokens": 0}),
        )
        .unwrap();
        assert_eq!(
            (r.max_tokens, r.n, r.max_completion_tokens),
            (Some(2615), Some(1), Some(0))
        );
        for bad in [
            json!(2.5),
            json!(-1),
            json!(4294967296u64),
            json!("3"),
            json!([1]),
        ] {
            let e = read(json!({"messages": msgs, "max_tokens": bad})).unwrap_err();
            assert_eq!(e.param, "max_tokens", "{bad}");
        }
    }

    #[test]
    fn role_rules() {
        let e = read(json!({"messages": [{"role": "tool", "content": "r"}]})).unwrap_err();
        assert_eq!(e.param, "messages[0].tool_call_id");
        let e = read(json!({"messages": [{"role": "user"}]})).unwrap_err();
        assert_eq!(e.param, "messages[0].content");
        let e = read(json!({"messages": [{"role": "assistant"}]})).unwrap_err();
        assert_eq!(e.param, "messages[0].content");
        let e = read(json!({"messages": [{"role": "user", "content": "x", "tool_calls": [{"id": "c", "type": "function", "function": {"name": "f", "arguments": "{}"}}]}]})).unwrap_err();
        assert_eq!(e.param, "messages[0].tool_calls");
        let e = read(json!({"messages": [], "tools": [{"type": "web_search"}]})).unwrap_err();
        assert_eq!(e.param, "tools[0].type");
        let e = read(json!({"messages": [], "tool_choice": "any"})).unwrap_err();
        assert_eq!(e.param, "tool_choice");
        let e = read(json!({"messages": [], "response_format": {"type": "xml"}})).unwrap_err();
        assert_eq!(e.param, "response_format.type");
        let r = read(json!({"messages": [], "tool_choice": {"type": "function", "function": {"name": "f"}}, "response_format": {"type": "json_object"}})).unwrap();
        assert_eq!(r.tool_choice, Some(ToolChoice::Function("f".into())));
        assert_eq!(r.response_format, Some(ResponseFormat::JsonObject));
    }

    #[test]
    fn proxy_validation() {
        let r = read(json!({"messages": [{"role": "user", "content": "x"}]})).unwrap();
        assert_eq!(r.validate_for_proxy().unwrap_err().param, "model");
        let r = read(json!({"model": "gpt-4o", "messages": []})).unwrap();
        assert_eq!(r.validate_for_proxy().unwrap_err().param, "messages");
        let r = read(json!({"model": "gpt-4o", "messages": [{"role": "user", "content": "x"}]}))
            .unwrap();
        assert!(r.validate_for_proxy().is_ok());
    }

    #[test]
    fn every_text_is_visited() {
        let mut r = read(json!({
            "model": "gpt-4o",
            "messages": [
                {"role": "system", "content": "t1"},
                {"role": "user", "name": "n", "content": [{"type": "text", "text": "t2"}, {"type": "text", "text": "t3"}]},
                {"role": "assistant", "content": "t4", "tool_calls": [{"id": "c1", "type": "function", "function": {"name": "f", "arguments": "t5"}}]},
                {"role": "tool", "tool_call_id": "c1", "content": "t6"},
            ],
            "user": "t7",
            "prediction": {"type": "content", "content": "t8"},
            "map": {"x": "never"},
            "tools": [{"type": "function", "function": {"name": "f", "description": "d"}}],
        }))
        .unwrap();
        let mut seen: Vec<String> = r.texts_mut().map(|s| s.clone()).collect();
        // Strings inside unknown fields come last, in the map's key order.
        seen[7..].sort();
        assert_eq!(
            seen,
            ["t1", "t2", "t3", "t4", "t5", "t6", "t7", "content", "t8"]
        );
        r.for_each_text_mut(|s| s.push('!'));
        assert_eq!(r.messages[2].tool_calls[0].function.arguments, "t5!");
        assert_eq!(r.extra["prediction"]["content"], json!("t8!"));
        assert_eq!(r.messages[1].name.as_deref(), Some("n"));
    }
}
