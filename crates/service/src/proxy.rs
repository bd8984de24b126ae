//! `POST /v1/proxy/chat/completions`: redact every text of a chat request with one map, call
//! the caller's vendor with the caller's provider key, and restore the answer, streams
//! included.
//!
//! Order: key and rate limit, metering (402/429), the body (400), the vendor (400), the
//! service fields (`map`, `allow`, `profile`, `strict`), the optional name model (503 in
//! strict mode when it cannot decide), redaction of every message text, tool-call argument
//! and tool result (503 if it cannot run), then the vendor call. Anything refused before the
//! vendor call is given back (not counted) and nothing reaches the vendor; once the vendor
//! was called the request counts, whatever the vendor answers.

use std::collections::BTreeMap;
use std::sync::Arc;

use bytes::Bytes;
use redact::{NameCheck, RedactError, RedactOptions, Restorer};
use redact_namecheck::NameVerdict;
use redact_stream::StreamRestorer;
use redact_vendors::{
    ChatRequest, ChunkEvent, Client, Endpoint, EventStream, RequestError, TextField, TextSlot,
    ToolCallDelta, Vendor, VendorError, build, encode_sse, encode_sse_error,
};

use crate::{ApiError, RedactRequest, Service};

/// The vendors the proxy can call: one HTTP client and a base URL per vendor.
#[derive(Clone)]
pub struct Vendors {
    pub(crate) client: Client,
    endpoints: BTreeMap<&'static str, Endpoint>,
}

impl Vendors {
    /// A client and the given endpoints; vendors left out use their public base URLs.
    pub fn new(client: Client, endpoints: impl IntoIterator<Item = (Vendor, Endpoint)>) -> Vendors {
        let mut map: BTreeMap<&'static str, Endpoint> =
            [Vendor::OpenAi, Vendor::Anthropic, Vendor::Google]
                .into_iter()
                .map(|v| (v.as_str(), Endpoint::default_for(v)))
                .collect();
        for (v, e) in endpoints {
            map.insert(v.as_str(), e);
        }
        Vendors {
            client,
            endpoints: map,
        }
    }

    /// Endpoints from `REDACT_OPENAI_BASE_URL`, `REDACT_ANTHROPIC_BASE_URL` and
    /// `REDACT_GOOGLE_BASE_URL` read through `get`, with the contract's defaults.
    pub fn from_lookup(
        client: Client,
        get: impl Fn(&str) -> Option<String>,
    ) -> Result<Vendors, String> {
        let mut endpoints = Vec::new();
        for v in [Vendor::OpenAi, Vendor::Anthropic, Vendor::Google] {
            let e = Endpoint::from_lookup(v, &get).map_err(|e| e.to_string())?;
            endpoints.push((v, e));
        }
        Ok(Vendors::new(client, endpoints))
    }

    pub(crate) fn endpoint(&self, v: Vendor) -> Endpoint {
        self.endpoints
            .get(v.as_str())
            .cloned()
            .unwrap_or_else(|| Endpoint::default_for(v))
    }
}

/// The proxy's headers besides `Authorization`.
#[derive(Clone, Copy, Debug, Default)]
pub struct ProxyHeaders<'a> {
    /// `X-Provider-Key`: the caller's vendor key (forwarded to the one vendor call).
    pub provider_key: Option<&'a str>,
    /// `X-Provider`: `openai`, `anthropic` or `google`.
    pub provider: Option<&'a str>,
}

/// A proxy answer: a whole chat completion, or a stream of server-sent events.
pub enum ProxyReply {
    /// `chat.completion` JSON.
    Json(Vec<u8>),
    /// `text/event-stream` pieces, restored.
    Stream(Box<ProxyStream>),
}

/// The restored event stream of a streamed answer (of the proxy or the service chat).
/// Dropping it cancels the vendor call and, on the service chat, releases the hold.
pub struct ProxyStream {
    pub(crate) events: EventStream,
    pub(crate) restorer: Arc<Restorer>,
    pub(crate) slots: BTreeMap<TextSlot, StreamRestorer>,
    pub(crate) last: Option<(String, u64, String)>,
    pub(crate) done: bool,
    /// The service chat's hold, settled when the stream ends (before its last piece is
    /// written) and released when it fails or is dropped.
    pub(crate) billing: Option<crate::chat::Billing>,
    /// The service chat's deadline (before the hold expires).
    pub(crate) deadline: Option<tokio::time::Instant>,
    /// The model name written in every chunk (the service chat's route), if not the
    /// vendor's.
    pub(crate) model_name: Option<String>,
}

pub(crate) fn request_error(e: RequestError) -> ApiError {
    ApiError::invalid(Some(&e.param), e.message)
}

/// A vendor's refusal keeps its status; unreachable and timeouts are 502 and 504.
pub fn vendor_error(e: &VendorError) -> ApiError {
    ApiError {
        status: e.status(),
        code: e.code(),
        kind: e.error_type(),
        message: e.message().to_string(),
        param: None,
        retry_after: None,
    }
}

impl Service {
    /// `POST /v1/proxy/chat/completions`.
    pub async fn proxy(
        &self,
        authorization: Option<&str>,
        headers: ProxyHeaders<'_>,
        body: &[u8],
    ) -> Result<ProxyReply, ApiError> {
        let key = self.admit(authorization).await?;
        let receipt = self.meter(&key, true).await?;
        match self.proxy_prepare(headers, body).await {
            Ok(prepared) => self.proxy_call(prepared).await,
            Err(e) => {
                self.refund(&receipt).await;
                Err(e)
            }
        }
    }

    /// Everything before the vendor call: nothing leaves the process if this fails.
    async fn proxy_prepare(
        &self,
        headers: ProxyHeaders<'_>,
        body: &[u8],
    ) -> Result<Prepared, ApiError> {
        let Some(vendors) = &self.vendors else {
            return Err(ApiError::redaction_unavailable(
                "The proxy is not configured on this server.",
            ));
        };
        let mut req = ChatRequest::from_json(body).map_err(request_error)?;
        req.validate_for_proxy().map_err(request_error)?;
        let model = req.model.clone().unwrap_or_default();
        let provider_key = headers
            .provider_key
            .map(str::trim)
            .filter(|k| !k.is_empty())
            .ok_or_else(|| {
                ApiError::invalid(
                    Some("X-Provider-Key"),
                    "The X-Provider-Key header (your model vendor's API key) is required.",
                )
            })?
            .to_string();
        let vendor = match headers.provider.map(str::trim).filter(|p| !p.is_empty()) {
            Some(p) => Vendor::from_wire(p).ok_or_else(|| {
                ApiError::invalid(
                    Some("X-Provider"),
                    "X-Provider must be one of openai, anthropic, google.",
                )
            })?,
            None => Vendor::from_model(&model).ok_or_else(|| {
                ApiError::invalid(
                    Some("model"),
                    "The vendor cannot be told from this model name; send the X-Provider \
                     header (openai, anthropic or google).",
                )
            })?,
        };
        let opts = self.chat_options(&mut req)?;
        let (req, map) = self.redact_conversation(req, opts).await?;
        let http =
            build(vendor, &req, &vendors.endpoint(vendor), &provider_key).map_err(request_error)?;
        Ok(Prepared {
            http,
            stream: req.stream,
            model,
            restorer: Arc::new(Restorer::new(&map)),
            client: vendors.client.clone(),
        })
    }

    /// The service's own fields of a chat request (`map`, `allow`, `profile`, `strict`),
    /// checked exactly as on `/v1/redact`, and each text's length (413).
    pub(crate) fn chat_options(&self, req: &mut ChatRequest) -> Result<RedactRequest, ApiError> {
        let mut fields = req.service_fields.clone();
        fields.insert("text".into(), serde_json::Value::String(String::new()));
        let fields = serde_json::to_vec(&fields).map_err(|_| ApiError::internal())?;
        let opts = RedactRequest::parse(&fields, &self.config.limits)?;
        for text in req.texts_mut() {
            self.check_length(text)?;
        }
        Ok(opts)
    }

    /// The optional name model (503 in strict mode when it cannot decide), then redaction
    /// of every text of the request with one map (503 if it cannot run).
    pub(crate) async fn redact_conversation(
        &self,
        mut req: ChatRequest,
        opts: RedactRequest,
    ) -> Result<(ChatRequest, redact::Map), ApiError> {
        let names = match &self.name_model {
            None => NameCheck::Builtin,
            Some(model) => {
                let joined: Vec<String> = req.texts_mut().map(|t| t.clone()).collect();
                match model.check(&joined.join("\n\n")).await {
                    NameVerdict::Decided(n) => {
                        self.metrics.name_check("decided");
                        NameCheck::Decided(n)
                    }
                    NameVerdict::Undecided(reason) => {
                        self.metrics.name_check("undecided");
                        tracing::warn!(reason = ?reason, "the name model could not decide");
                        NameCheck::Undecided
                    }
                }
            }
        };
        let base = RedactOptions {
            map: opts.map,
            allow: opts.allow,
            profile: opts.profile,
            strict: opts.strict,
            names,
        };
        let redactor = self.redactor.clone();
        let total: usize = req.texts_mut().map(|t| t.len()).sum();
        let work = move || redact_all(&redactor, req, base);
        let result = if total > crate::BLOCKING_THRESHOLD {
            tokio::task::spawn_blocking(work).await.map_err(|_| ())
        } else {
            std::panic::catch_unwind(std::panic::AssertUnwindSafe(work)).map_err(|_| ())
        };
        match result {
            Ok(Ok((req, map, kinds))) => {
                self.count_kinds(&kinds);
                Ok((req, map))
            }
            Ok(Err(RedactError::NamesUndecided)) => Err(ApiError::names_undecided()),
            Ok(Err(RedactError::TextTooLong { chars, limit })) => {
                Err(ApiError::text_too_long(chars, limit))
            }
            _ => Err(ApiError::redaction_unavailable(
                "Redaction could not run; nothing was sent to the vendor and nothing was \
                 counted or charged.",
            )),
        }
    }

    async fn proxy_call(&self, p: Prepared) -> Result<ProxyReply, ApiError> {
        if p.stream {
            let response = p.client.send(p.http).await.map_err(|e| vendor_error(&e))?;
            let events = p
                .client
                .events(response, &p.model)
                .await
                .map_err(|e| vendor_error(&e))?;
            Ok(ProxyReply::Stream(Box::new(ProxyStream::new(
                events, p.restorer,
            ))))
        } else {
            let mut completion = p
                .client
                .complete(p.http, &p.model)
                .await
                .map_err(|e| vendor_error(&e))?;
            for (_, text) in completion.text_slots_mut() {
                *text = p.restorer.restore(text).text;
            }
            let body = serde_json::to_vec(&completion).map_err(|_| ApiError::internal())?;
            Ok(ProxyReply::Json(body))
        }
    }
}

struct Prepared {
    http: http::Request<http_body_util::Full<Bytes>>,
    stream: bool,
    model: String,
    restorer: Arc<Restorer>,
    client: Client,
}

/// The mark of [`SEPARATOR`]: U+2063 INVISIBLE SEPARATOR, which no rule matches.
const SEPARATOR_MARK: char = '\u{2063}';
/// Between the texts of a conversation redacted as one: blank lines stop every rule and name
/// sequence, and the marks make it unmistakable.
const SEPARATOR: &str = "\n\n\u{2063}\u{2063}\u{2063}\n\n";

/// Redacts every text of the request with one map, in order, so a value keeps one stand-in
/// across the whole conversation.
fn redact_all(
    redactor: &redact::Redactor,
    mut req: ChatRequest,
    base: RedactOptions,
) -> Result<(ChatRequest, redact::Map, Vec<redact::Finding>), RedactError> {
    // One redaction of the whole conversation, joined with a separator no finding can
    // cross, costs far less than one per text (fixed costs per call: stand-in tables, the
    // reversibility check). If the separator does not come back intact, or the joined text is
    // too long, each text is redacted on its own instead.
    let texts: Vec<String> = req
        .texts_mut()
        .filter(|t| !t.is_empty())
        .map(|t| t.clone())
        .collect();
    if texts.len() > 1 && !texts.iter().any(|t| t.contains(SEPARATOR_MARK)) {
        let joined = texts.join(SEPARATOR);
        if let Ok((r, found)) = redactor.redact_detailed(&joined, &base) {
            let parts: Vec<&str> = r.text.split(SEPARATOR).collect();
            if parts.len() == texts.len() {
                let mut parts = parts.into_iter();
                req.for_each_text_mut(|t| {
                    if !t.is_empty()
                        && let Some(p) = parts.next()
                    {
                        *t = p.to_string();
                    }
                });
                return Ok((req, r.map, found));
            }
        }
    }
    let mut map = base.map.clone().unwrap_or_default();
    let mut kinds = Vec::new();
    let mut failed = None;
    req.for_each_text_mut(|text| {
        if failed.is_some() || text.is_empty() {
            return;
        }
        let opts = RedactOptions {
            map: Some(std::mem::take(&mut map)),
            ..base.clone()
        };
        match redactor.redact_detailed(text, &opts) {
            Ok((r, found)) => {
                *text = r.text;
                map = r.map;
                kinds.extend(found);
            }
            Err(e) => {
                map = opts.map.unwrap_or_default();
                failed = Some(e);
            }
        }
    });
    match failed {
        Some(e) => Err(e),
        None => Ok((req, map, kinds)),
    }
}

impl ProxyStream {
    pub(crate) fn new(events: EventStream, restorer: Arc<Restorer>) -> ProxyStream {
        ProxyStream {
            events,
            restorer,
            slots: BTreeMap::new(),
            last: None,
            done: false,
            billing: None,
            deadline: None,
            model_name: None,
        }
    }

    /// The next piece of the event stream to write to the client (`data: …\n\n`), restored;
    /// `None` at the end. A vendor failure mid-stream is written as an error event, then the
    /// stream ends. On the service chat the hold is settled (or released, on a failure)
    /// before the last piece is returned.
    pub async fn next(&mut self) -> Option<Bytes> {
        let piece = self.next_piece().await;
        if self.done
            && let Some(mut billing) = self.billing.take()
        {
            billing.finish().await;
        }
        piece
    }

    async fn next_event(&mut self) -> Option<Result<ChunkEvent, VendorError>> {
        match self.deadline {
            None => self.events.next().await,
            Some(deadline) => tokio::time::timeout_at(deadline, self.events.next())
                .await
                .unwrap_or_else(|_| Some(Err(crate::chat::deadline_passed(self.events.vendor())))),
        }
    }

    async fn next_piece(&mut self) -> Option<Bytes> {
        loop {
            if self.done {
                return None;
            }
            match self.next_event().await {
                None => {
                    self.done = true;
                    return self.flush_all();
                }
                Some(Err(e)) => {
                    self.done = true;
                    if let Some(b) = &mut self.billing {
                        b.failed = true;
                    }
                    let mut out = self.flush_all().map(|b| b.to_vec()).unwrap_or_default();
                    out.extend_from_slice(&encode_sse_error(&e));
                    return Some(Bytes::from(out));
                }
                Some(Ok(ChunkEvent::Done)) => {
                    self.done = true;
                    let mut out = self.flush_all().map(|b| b.to_vec()).unwrap_or_default();
                    out.extend_from_slice(&encode_sse(&ChunkEvent::Done));
                    return Some(Bytes::from(out));
                }
                Some(Ok(ChunkEvent::Chunk(mut chunk))) => {
                    if let Some(name) = &self.model_name {
                        chunk.model.clone_from(name);
                    }
                    self.last = Some((chunk.id.clone(), chunk.created, chunk.model.clone()));
                    if let Some(b) = &mut self.billing {
                        b.observe(&chunk);
                    }
                    for (slot, text) in chunk.text_slots_mut() {
                        if let Some(b) = &mut self.billing {
                            b.text(text);
                        }
                        let r = self
                            .slots
                            .entry(slot)
                            .or_insert_with(|| StreamRestorer::new(self.restorer.clone()));
                        *text = r.push(text);
                    }
                    // A choice that ends here gets what its restorers still hold.
                    for choice in &mut chunk.choices {
                        if choice.finish_reason.is_some() {
                            let index = choice.index;
                            let ending: Vec<TextSlot> = self
                                .slots
                                .keys()
                                .filter(|s| s.choice == index)
                                .copied()
                                .collect();
                            for slot in ending {
                                if let Some(mut r) = self.slots.remove(&slot) {
                                    let rest = r.finish();
                                    append(&mut choice.delta, slot.field, &rest);
                                }
                            }
                        }
                    }
                    if is_empty(&chunk) {
                        continue;
                    }
                    return Some(encode_sse(&ChunkEvent::Chunk(chunk)));
                }
            }
        }
    }

    /// Whatever restorers still hold, as one chunk (a stream that ended without a finish).
    fn flush_all(&mut self) -> Option<Bytes> {
        let slots = std::mem::take(&mut self.slots);
        let (id, created, model) = self.last.clone()?;
        let mut choices: BTreeMap<u32, redact_vendors::ChunkChoice> = BTreeMap::new();
        for (slot, mut r) in slots {
            let rest = r.finish();
            if rest.is_empty() {
                continue;
            }
            let choice =
                choices
                    .entry(slot.choice)
                    .or_insert_with(|| redact_vendors::ChunkChoice {
                        index: slot.choice,
                        delta: Default::default(),
                        finish_reason: None,
                        logprobs: None,
                    });
            append(&mut choice.delta, slot.field, &rest);
        }
        if choices.is_empty() {
            return None;
        }
        let chunk = redact_vendors::ChatCompletionChunk {
            id,
            object: "chat.completion.chunk".into(),
            created,
            model,
            choices: choices.into_values().collect(),
            usage: None,
            extra: Default::default(),
        };
        Some(encode_sse(&ChunkEvent::Chunk(chunk)))
    }
}

fn append(delta: &mut redact_vendors::Delta, field: TextField, rest: &str) {
    if rest.is_empty() {
        return;
    }
    match field {
        TextField::Content => delta.content.get_or_insert_with(String::new).push_str(rest),
        TextField::Refusal => delta.refusal.get_or_insert_with(String::new).push_str(rest),
        TextField::ToolArguments(i) => {
            let call = match delta.tool_calls.iter_mut().position(|c| c.index == i) {
                Some(p) => &mut delta.tool_calls[p],
                None => {
                    delta.tool_calls.push(ToolCallDelta {
                        index: i,
                        id: None,
                        kind: None,
                        function: None,
                    });
                    delta.tool_calls.last_mut().expect("just pushed")
                }
            };
            call.function
                .get_or_insert_with(Default::default)
                .arguments
                .get_or_insert_with(String::new)
                .push_str(rest);
        }
    }
}

/// A chunk with nothing left to say after restoring held text back (no text, role, tool
/// call, finish or usage).
fn is_empty(chunk: &redact_vendors::ChatCompletionChunk) -> bool {
    chunk.usage.is_none()
        && chunk.choices.iter().all(|c| {
            c.finish_reason.is_none()
                && c.delta.role.is_none()
                && c.delta.content.as_deref().is_none_or(str::is_empty)
                && c.delta.refusal.as_deref().is_none_or(str::is_empty)
                && c.delta.tool_calls.iter().all(|t| {
                    t.id.is_none()
                        && t.function.as_ref().is_none_or(|f| {
                            f.name.is_none() && f.arguments.as_deref().is_none_or(str::is_empty)
                        })
                })
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(texts: &[&str]) -> ChatRequest {
        let messages: Vec<serde_json::Value> = texts
            .iter()
            .map(|t| serde_json::json!({"role": "user", "content": t}))
            .collect();
        ChatRequest::from_value(serde_json::json!({"model": "gpt-4o-mini", "messages": messages}))
            .unwrap()
    }

    fn contents(req: &mut ChatRequest) -> Vec<String> {
        req.texts_mut().map(|t| t.clone()).collect()
    }

    #[test]
    fn one_map_across_texts_joined_or_one_by_one() {
        let redactor = redact::Redactor::new();
        for mark in ["", "\u{2063}"] {
            let texts = [
                format!("Mail jane.doe@example.org{mark}"),
                String::new(),
                "Again: jane.doe@example.org, or +1 415 555 0132.".to_string(),
            ];
            let refs: Vec<&str> = texts.iter().map(String::as_str).collect();
            let (mut req, map, found) =
                redact_all(&redactor, request(&refs), RedactOptions::default()).unwrap();
            let out = contents(&mut req);
            assert_eq!(out.len(), 3);
            assert_eq!(out[1], "", "empty texts stay empty");
            for t in &out {
                assert!(
                    !t.contains("jane.doe@example.org") && !t.contains("555 0132"),
                    "{t}"
                );
            }
            // The same email has the same stand-in in both texts.
            let stand_in = map.stand_in_for("jane.doe@example.org").unwrap();
            assert!(out[0].contains(stand_in) && out[2].contains(stand_in));
            assert!(found.len() >= 3);
            // Each text restores to itself with the one map.
            let restorer = Restorer::new(&map);
            for (o, t) in out.iter().zip(&texts) {
                assert_eq!(&restorer.restore(o).text, t);
            }
        }
    }
}
