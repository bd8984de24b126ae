//! OpenAI chat completions: the request passes through; answers are already chat
//! completions.

use std::collections::BTreeSet;

use serde_json::{Value, json};

use crate::sse::SseEvent;
use crate::stream::ChunkEvent;
use crate::{
    ChatCompletion, ChatCompletionChunk, ChatRequest, Endpoint, RequestError, Vendor, VendorError,
};

const V: Vendor = Vendor::OpenAi;

pub(crate) fn request(req: &ChatRequest, ep: &Endpoint) -> Result<(String, Value), RequestError> {
    let mut body = serde_json::to_value(req)
        .map_err(|_| RequestError::new("", "the request could not be written as JSON"))?;
    if let Some(obj) = body.as_object_mut() {
        if req.stream {
            let opts = obj.entry("stream_options").or_insert_with(|| json!({}));
            if !opts.is_object() {
                *opts = json!({});
            }
            opts["include_usage"] = Value::Bool(true);
        } else {
            // OpenAI refuses stream_options without stream.
            obj.remove("stream_options");
        }
    }
    Ok((ep.join("/chat/completions"), body))
}

/// Fills what OpenAI-compatible servers sometimes leave out.
fn fill(v: &mut Value, object: &str, id: impl FnOnce() -> String, model: &str) {
    if !v["id"].is_string() {
        v["id"] = Value::String(id());
    }
    if !v["object"].is_string() {
        v["object"] = json!(object);
    }
    if !v["created"].is_u64() {
        v["created"] = json!(crate::now_secs());
    }
    if !v["model"].is_string() {
        v["model"] = json!(model);
    }
}

pub(crate) fn completion(mut v: Value, model: &str) -> Result<ChatCompletion, VendorError> {
    fill(
        &mut v,
        "chat.completion",
        || crate::new_id("chatcmpl-"),
        model,
    );
    serde_path_to_error::deserialize(v).map_err(|e| {
        VendorError::bad_answer(V, &format!("not a chat completion (at `{}`)", e.path()))
    })
}

/// The stream state: OpenAI already sends chunks; the role is added to a choice's first
/// delta if missing.
pub(crate) struct Stream {
    model: String,
    id: Option<String>,
    created: Option<u64>,
    roles: BTreeSet<u32>,
    finished: bool,
}

impl Stream {
    pub(crate) fn new(model: &str) -> Stream {
        Stream {
            model: model.to_string(),
            id: None,
            created: None,
            roles: BTreeSet::new(),
            finished: false,
        }
    }

    pub(crate) fn event(&mut self, ev: SseEvent) -> Result<Vec<ChunkEvent>, VendorError> {
        let data = ev.data.trim();
        if data.is_empty() {
            return Ok(Vec::new());
        }
        if data == "[DONE]" {
            return Ok(vec![ChunkEvent::Done]);
        }
        let mut v: Value = serde_json::from_str(data)
            .map_err(|_| VendorError::bad_answer(V, "a stream event is not JSON"))?;
        if v.get("error").is_some_and(|e| !e.is_null()) {
            return Err(VendorError::refused_in_stream(V, &v));
        }
        if !v.is_object() {
            return Err(VendorError::bad_answer(
                V,
                "a stream event is not an object",
            ));
        }
        let id = self
            .id
            .get_or_insert_with(|| {
                v["id"]
                    .as_str()
                    .map_or_else(|| crate::new_id("chatcmpl-"), str::to_string)
            })
            .clone();
        let created = *self
            .created
            .get_or_insert_with(|| v["created"].as_u64().unwrap_or_else(crate::now_secs));
        if !v["created"].is_u64() {
            v["created"] = json!(created);
        }
        fill(&mut v, "chat.completion.chunk", || id, &self.model);
        let mut chunk: ChatCompletionChunk = serde_path_to_error::deserialize(v).map_err(|e| {
            VendorError::bad_answer(
                V,
                &format!("not a chat-completion chunk (at `{}`)", e.path()),
            )
        })?;
        for c in &mut chunk.choices {
            if self.roles.insert(c.index) && c.delta.role.is_none() {
                c.delta.role = Some("assistant".into());
            }
            if c.finish_reason.is_some() {
                self.finished = true;
            }
        }
        Ok(vec![ChunkEvent::Chunk(chunk)])
    }

    pub(crate) fn end(&mut self) -> Result<Vec<ChunkEvent>, VendorError> {
        // Some OpenAI-compatible servers end without `[DONE]`; a finished answer is enough.
        if self.finished {
            Ok(vec![ChunkEvent::Done])
        } else {
            Err(VendorError::bad_answer(
                V,
                "the stream ended before the answer was complete",
            ))
        }
    }
}
