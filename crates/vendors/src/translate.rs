//! [`build`] and [`parse_response`]: the per-vendor translation of a request and of a whole
//! answer.

use bytes::Bytes;
use http::HeaderValue;
use http::header::{ACCEPT, ACCEPT_ENCODING, AUTHORIZATION, CONTENT_TYPE, USER_AGENT};
use http_body_util::Full;
use serde_json::{Map, Value};

use crate::{
    ChatCompletion, ChatRequest, Endpoint, RequestError, Usage, Vendor, VendorError, anthropic,
    google, openai,
};

/// The `anthropic-version` header sent with every Anthropic request.
pub const ANTHROPIC_VERSION: &str = "2023-06-01";

/// Anthropic's `max_tokens` when the request names neither `max_completion_tokens` nor
/// `max_tokens` (Anthropic requires one).
pub const ANTHROPIC_DEFAULT_MAX_TOKENS: u32 = 4096;

/// The vendor's HTTP request for a chat request.
///
/// Every request is a `POST` with `content-type: application/json`, `accept-encoding:
/// identity` (uncompressed answers, so they can be restored) and `accept:
/// text/event-stream` or `application/json`. The provider key goes into the vendor's key
/// header, marked sensitive: `Authorization: Bearer` (OpenAI), `x-api-key` with
/// `anthropic-version` ([`ANTHROPIC_VERSION`]) (Anthropic), `x-goog-api-key` (Google). The
/// request carries the [`Vendor`] in its extensions for [`Client::send`](crate::Client::send).
///
/// | field | OpenAI (`{base}/chat/completions`) | Anthropic (`{base}/v1/messages`) | Google (`{base}/v1beta/models/{model}:generateContent`, streams `:streamGenerateContent?alt=sse`) |
/// |---|---|---|---|
/// | `system` / `developer` messages | as sent | joined (blank line) into `system` | joined into `systemInstruction` |
/// | user / assistant text | as sent | `user` / `assistant` messages (a single text as a string) | `user` / `model` contents, text parts |
/// | assistant `tool_calls` | as sent | `tool_use` blocks (arguments parsed to `input`) | `functionCall` parts (arguments parsed to `args`) |
/// | `tool` messages | as sent | `tool_result` blocks in a user message | `functionResponse` parts (name found from the call's id) |
/// | `name` on messages | as sent | dropped | dropped |
/// | `temperature`, `top_p` | as sent | as sent (temperature above 1 refused) | `temperature`, `topP` |
/// | `max_completion_tokens` / `max_tokens` | as sent | `max_tokens`, default [`ANTHROPIC_DEFAULT_MAX_TOKENS`] | `maxOutputTokens` |
/// | `stop` | as sent | `stop_sequences` | `stopSequences` |
/// | `n` | as sent | above 1 refused | `candidateCount` |
/// | `seed` | as sent | dropped | `seed` |
/// | `presence_penalty`, `frequency_penalty` | as sent | dropped | `presencePenalty`, `frequencyPenalty` |
/// | `user` | as sent | `metadata.user_id` | dropped |
/// | `tools` (functions) | as sent | `{name, description, input_schema}` | `functionDeclarations` with `parametersJsonSchema` |
/// | `tool_choice` | as sent | `auto` / `any` / `none` / `{type: tool, name}` | `functionCallingConfig` `AUTO` / `ANY` / `NONE` / `ANY` + `allowedFunctionNames` |
/// | `parallel_tool_calls` | as sent | `false` → `disable_parallel_tool_use` | dropped |
/// | `response_format` | as sent | `text` kept; `json_object` / `json_schema` refused | `responseMimeType: application/json` (+ `responseJsonSchema`) |
/// | `logprobs`, `top_logprobs` | as sent | refused when asked for | refused when asked for |
/// | `stream` | as sent, `stream_options.include_usage` forced on | `stream: true` | the streaming method |
/// | other fields | as sent | dropped | dropped |
///
/// # Errors
/// A [`RequestError`] (400) when there is no model or message, the provider key is empty
/// or not header-safe (`param` `X-Provider-Key`; the key is never quoted), the vendor does
/// not offer a field that was asked for, or tool-call arguments are not a JSON object
/// (Anthropic, Google).
pub fn build(
    vendor: Vendor,
    req: &ChatRequest,
    endpoint: &Endpoint,
    provider_key: &str,
) -> Result<http::Request<Full<Bytes>>, RequestError> {
    let model = req
        .model
        .as_deref()
        .map(str::trim)
        .filter(|m| !m.is_empty())
        .ok_or_else(|| RequestError::new("model", "model is required"))?;
    if req.messages.is_empty() {
        return Err(RequestError::new(
            "messages",
            "messages must hold at least one message",
        ));
    }
    let (url, body) = match vendor {
        Vendor::OpenAi => openai::request(req, endpoint)?,
        Vendor::Anthropic => anthropic::request(req, model, endpoint)?,
        Vendor::Google => google::request(req, model, endpoint)?,
    };
    let body = serde_json::to_vec(&body)
        .map_err(|_| RequestError::new("", "the request could not be written as JSON"))?;
    let key = provider_key.trim();
    if key.is_empty() {
        return Err(RequestError::new(
            "X-Provider-Key",
            "the provider key is empty",
        ));
    }
    let key_header = |value: String| {
        let mut v = HeaderValue::from_str(&value).map_err(|_| {
            RequestError::new(
                "X-Provider-Key",
                "the provider key holds characters an HTTP header cannot carry",
            )
        })?;
        v.set_sensitive(true);
        Ok::<_, RequestError>(v)
    };
    let mut b = http::Request::post(url)
        .header(CONTENT_TYPE, "application/json")
        .header(
            ACCEPT,
            if req.stream {
                "text/event-stream"
            } else {
                "application/json"
            },
        )
        .header(ACCEPT_ENCODING, "identity")
        .header(
            USER_AGENT,
            concat!("redact-vendors/", env!("CARGO_PKG_VERSION")),
        );
    b = match vendor {
        Vendor::OpenAi => b.header(AUTHORIZATION, key_header(format!("Bearer {key}"))?),
        Vendor::Anthropic => b
            .header("x-api-key", key_header(key.to_string())?)
            .header("anthropic-version", ANTHROPIC_VERSION),
        Vendor::Google => b.header("x-goog-api-key", key_header(key.to_string())?),
    };
    let mut request = b
        .body(Full::new(Bytes::from(body)))
        .map_err(|_| RequestError::new("model", "the model name cannot be part of a URL"))?;
    request.extensions_mut().insert(vendor);
    Ok(request)
}

/// The chat completion for a vendor's whole (non-streamed) answer.
///
/// `status` and `body` are the vendor's; `requested_model` fills `model` when the vendor does
/// not name one. Finish reasons map to `stop`, `length`, `tool_calls` or `content_filter`;
/// usage is the vendor's count (see [`Usage`]).
///
/// # Errors
/// A [`VendorError`]: a refusal (status 400 to 599) with the vendor's status and reason, or
/// a 502 when the body is not the vendor's answer format.
pub fn parse_response(
    vendor: Vendor,
    status: u16,
    body: &[u8],
    requested_model: &str,
) -> Result<ChatCompletion, VendorError> {
    if !(200..300).contains(&status) {
        return Err(VendorError::refused(vendor, status, body));
    }
    let v: Value = serde_json::from_slice(body)
        .map_err(|_| VendorError::bad_answer(vendor, "the body is not JSON"))?;
    if !v.is_object() {
        return Err(VendorError::bad_answer(vendor, "the body is not an object"));
    }
    match vendor {
        Vendor::OpenAi => openai::completion(v, requested_model),
        Vendor::Anthropic => anthropic::completion(v, requested_model),
        Vendor::Google => google::completion(v, requested_model),
    }
}

/// Parses the arguments of assistant tool call `j` of message `i` into a JSON object (empty
/// arguments are `{}`).
pub(crate) fn tool_arguments(i: usize, j: usize, args: &str) -> Result<Value, RequestError> {
    if args.trim().is_empty() {
        return Ok(Value::Object(Map::new()));
    }
    match serde_json::from_str::<Value>(args) {
        Ok(v @ Value::Object(_)) => Ok(v),
        _ => Err(RequestError::new(
            format!("messages[{i}].tool_calls[{j}].function.arguments"),
            "tool-call arguments must be a JSON object",
        )),
    }
}

/// A usage with the details OpenAI has: cached input and reasoning output.
pub(crate) fn usage(
    prompt: u64,
    completion: u64,
    total: Option<u64>,
    cached: Option<u64>,
    reasoning: Option<u64>,
) -> Usage {
    let mut extra = Map::new();
    if let Some(c) = cached.filter(|&c| c > 0) {
        extra.insert(
            "prompt_tokens_details".into(),
            serde_json::json!({"cached_tokens": c}),
        );
    }
    if let Some(r) = reasoning.filter(|&r| r > 0) {
        extra.insert(
            "completion_tokens_details".into(),
            serde_json::json!({"reasoning_tokens": r}),
        );
    }
    Usage {
        prompt_tokens: prompt,
        completion_tokens: completion,
        total_tokens: total.unwrap_or(prompt + completion),
        extra,
    }
}

/// A string field of `v`, or `None`.
pub(crate) fn str_of(v: &Value, key: &str) -> Option<String> {
    v.get(key).and_then(Value::as_str).map(str::to_string)
}
