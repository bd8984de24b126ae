//! Model-vendor adapters for the OpenAI-compatible proxy.
//!
//! The proxy takes an OpenAI chat-completions request, redacts its texts, sends it to the
//! caller's vendor with the caller's provider key, and answers with a chat completion (or a
//! stream of chat-completion chunks) whose texts it restores. This crate is the vendor half:
//!
//! | step | API |
//! |---|---|
//! | read the body | [`ChatRequest::from_json`] (a 400 [`RequestError`] naming the param) and [`ChatRequest::validate_for_proxy`] |
//! | pick the vendor | [`Vendor::from_wire`] (`X-Provider`), else [`Vendor::from_model`] |
//! | redact every text | [`ChatRequest::texts_mut`] / [`ChatRequest::for_each_text_mut`] |
//! | translate | [`build`] → an `http::Request` for [`Endpoint`] (base URL from `REDACT_*_BASE_URL`) |
//! | send | [`Client::send`] (connect and answer timeouts; dropping the response cancels the call) |
//! | whole answer | [`Client::read_body`] + [`parse_response`] → [`ChatCompletion`], or [`Client::complete`] for both |
//! | streamed answer | [`Client::events`] → [`EventStream`], or [`StreamDecoder`] over raw bytes → [`ChunkEvent`]s, written with [`encode_sse`] |
//! | restore | [`ChatCompletion::text_slots_mut`] / [`ChatCompletionChunk::text_slots_mut`] (keyed, for one streaming restorer per slot) |
//! | errors | [`RequestError`] (400) and [`VendorError`] (the vendor's status for a refusal, 502, 504), both with `to_json()` in the service's error shape |
//!
//! ```no_run
//! # async fn demo(body: &[u8], provider_key: &str) -> Result<(), Box<dyn std::error::Error>> {
//! use redact_vendors::{ChatRequest, Client, Endpoint, Timeouts, Vendor, build};
//!
//! let mut request = ChatRequest::from_json(body)?;
//! request.validate_for_proxy()?;
//! let model = request.model.clone().unwrap_or_default();
//! let vendor = Vendor::from_model(&model).ok_or("X-Provider is needed")?;
//! request.for_each_text_mut(|text| {
//!     // redact `text` in place, with one map for the whole request
//! #   let _ = text;
//! });
//! let client = Client::new(Timeouts::default())?; // one per process
//! let http_request = build(vendor, &request, &Endpoint::from_env(vendor)?, provider_key)?;
//! if request.stream {
//!     let mut events = client.events(client.send(http_request).await?, &model).await?;
//!     while let Some(event) = events.next().await {
//!         let mut event = event?;
//!         // restore the deltas of `event` (see ChatCompletionChunk::text_slots_mut), then
//!         // write redact_vendors::encode_sse(&event) to the client
//! #       let _ = &mut event;
//!     }
//! } else {
//!     let mut completion = client.complete(http_request, &model).await?;
//!     for (_slot, text) in completion.text_slots_mut() {
//!         // restore `text` in place
//! #       let _ = text;
//!     }
//!     let _json = serde_json::to_vec(&completion)?;
//! }
//! # Ok(()) }
//! ```
//!
//! The provider key goes only into the one request [`build`] makes, in a header marked
//! sensitive (`Debug` of the request hides it). No error, `Debug` output or log of this crate
//! holds a key or a text; the crate does not log at all. Per-vendor decisions (what is
//! translated, dropped or refused) are listed in `docs/vendors.md` and on [`build`].

#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod anthropic;
mod client;
mod completion;
mod error;
mod google;
mod openai;
mod request;
pub mod sse;
mod stream;
mod translate;

use std::fmt;

pub use client::{Client, ClientError, EventStream, MAX_BODY, Timeouts};
pub use completion::{
    AssistantMessage, ChatCompletion, ChatCompletionChunk, Choice, ChunkChoice, Delta,
    FunctionDelta, TextField, TextSlot, ToolCallDelta, Usage,
};
pub use error::{RequestError, VendorError, VendorErrorKind};
pub use request::{
    ChatRequest, Content, FunctionCall, FunctionDef, Message, ResponseFormat, Role, SERVICE_FIELDS,
    Stop, TextPart, Tool, ToolCall, ToolChoice,
};
pub use stream::{ChunkEvent, StreamDecoder, encode_sse, encode_sse_error};
pub use translate::{ANTHROPIC_DEFAULT_MAX_TOKENS, ANTHROPIC_VERSION, build, parse_response};

/// A supported model vendor.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Vendor {
    /// OpenAI chat completions (`openai`).
    OpenAi,
    /// Anthropic Messages (`anthropic`).
    Anthropic,
    /// Google Gemini `generateContent` / `streamGenerateContent` (`google`).
    Google,
}

impl Vendor {
    /// All vendors, in wire-value order.
    pub const ALL: [Vendor; 3] = [Vendor::OpenAi, Vendor::Anthropic, Vendor::Google];

    /// The vendor a model name identifies: `gpt-*`, `chatgpt-*`, `o1*`, `o3*`, `o4*` →
    /// OpenAI; `claude-*` → Anthropic; `gemini-*` (also `models/gemini-*`) → Google. ASCII
    /// case is ignored. `None` for any other name (the caller then needs `X-Provider`).
    pub fn from_model(model: &str) -> Option<Vendor> {
        let m = model.trim().to_ascii_lowercase();
        let m = m.strip_prefix("models/").unwrap_or(&m);
        if ["gpt-", "chatgpt-", "o1", "o3", "o4"]
            .iter()
            .any(|p| m.starts_with(p))
        {
            Some(Vendor::OpenAi)
        } else if m.starts_with("claude-") {
            Some(Vendor::Anthropic)
        } else if m.starts_with("gemini-") {
            Some(Vendor::Google)
        } else {
            None
        }
    }

    /// The vendor named by an `X-Provider` value: `openai`, `anthropic` or `google`
    /// (surrounding spaces and ASCII case are ignored).
    pub fn from_wire(value: &str) -> Option<Vendor> {
        let v = value.trim();
        Vendor::ALL
            .into_iter()
            .find(|x| x.as_str().eq_ignore_ascii_case(v))
    }

    /// The wire value: `openai`, `anthropic` or `google`.
    pub fn as_str(self) -> &'static str {
        match self {
            Vendor::OpenAi => "openai",
            Vendor::Anthropic => "anthropic",
            Vendor::Google => "google",
        }
    }

    /// The environment variable holding this vendor's base URL.
    pub fn base_url_var(self) -> &'static str {
        match self {
            Vendor::OpenAi => "REDACT_OPENAI_BASE_URL",
            Vendor::Anthropic => "REDACT_ANTHROPIC_BASE_URL",
            Vendor::Google => "REDACT_GOOGLE_BASE_URL",
        }
    }

    /// The default base URL: `https://api.openai.com/v1`, `https://api.anthropic.com`,
    /// `https://generativelanguage.googleapis.com`.
    pub fn default_base_url(self) -> &'static str {
        match self {
            Vendor::OpenAi => "https://api.openai.com/v1",
            Vendor::Anthropic => "https://api.anthropic.com",
            Vendor::Google => "https://generativelanguage.googleapis.com",
        }
    }
}

impl fmt::Display for Vendor {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Where a vendor is reached: its base URL, without a trailing `/`.
///
/// OpenAI's base URL includes the API version (`…/v1`, `/chat/completions` is appended);
/// Anthropic's and Google's do not (`/v1/messages` and `/v1beta/models/…` are appended).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Endpoint {
    base_url: String,
}

/// A base URL that is not an `http(s)://host…` URL.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{var}: a vendor base URL must be an http(s) URL with a host")]
pub struct EndpointError {
    /// The variable (or `base_url`) that held it.
    pub var: String,
}

impl Endpoint {
    /// An endpoint at `base_url` (`http` or `https`, with a host; a trailing `/` is dropped).
    ///
    /// # Errors
    /// [`EndpointError`] for anything else.
    pub fn new(base_url: &str) -> Result<Endpoint, EndpointError> {
        let err = || EndpointError {
            var: "base_url".into(),
        };
        let base = base_url.trim().trim_end_matches('/');
        let lower = base.to_ascii_lowercase();
        if !(lower.starts_with("http://") || lower.starts_with("https://")) || base.contains('?') {
            return Err(err());
        }
        let uri: http::Uri = base.parse().map_err(|_| err())?;
        if uri.host().is_none_or(str::is_empty) {
            return Err(err());
        }
        Ok(Endpoint {
            base_url: base.to_string(),
        })
    }

    /// The vendor's default public endpoint ([`Vendor::default_base_url`]).
    pub fn default_for(vendor: Vendor) -> Endpoint {
        Endpoint {
            base_url: vendor.default_base_url().to_string(),
        }
    }

    /// The endpoint configured by the vendor's variable ([`Vendor::base_url_var`]), else the
    /// default. An empty variable counts as unset.
    ///
    /// # Errors
    /// [`EndpointError`] naming the variable when it is set to something unusable.
    pub fn from_env(vendor: Vendor) -> Result<Endpoint, EndpointError> {
        Endpoint::from_lookup(vendor, |k| std::env::var(k).ok())
    }

    /// As [`Endpoint::from_env`], reading variables from `get` (for tests and config files).
    ///
    /// # Errors
    /// [`EndpointError`] naming the variable when it is set to something unusable.
    pub fn from_lookup(
        vendor: Vendor,
        get: impl Fn(&str) -> Option<String>,
    ) -> Result<Endpoint, EndpointError> {
        match get(vendor.base_url_var()).filter(|v| !v.trim().is_empty()) {
            None => Ok(Endpoint::default_for(vendor)),
            Some(v) => Endpoint::new(&v).map_err(|_| EndpointError {
                var: vendor.base_url_var().into(),
            }),
        }
    }

    /// The base URL.
    pub fn base_url(&self) -> &str {
        &self.base_url
    }

    pub(crate) fn join(&self, path: &str) -> String {
        format!("{}{path}", self.base_url)
    }
}

/// A fresh identifier `prefix` + 24 hex digits (time and a process counter; unique, not
/// secret).
pub(crate) fn new_id(prefix: &str) -> String {
    use std::sync::atomic::{AtomicU64, Ordering};
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let n = COUNTER.fetch_add(1, Ordering::Relaxed);
    let t = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or_default();
    format!("{prefix}{t:016x}{:08x}", n as u32)
}

/// Seconds since the Unix epoch.
pub(crate) fn now_secs() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn vendors_from_models_and_wire_values() {
        for (m, v) in [
            ("gpt-4o-mini", Some(Vendor::OpenAi)),
            ("chatgpt-4o-latest", Some(Vendor::OpenAi)),
            ("o1", Some(Vendor::OpenAi)),
            ("o3-mini", Some(Vendor::OpenAi)),
            ("o4-mini", Some(Vendor::OpenAi)),
            ("claude-sonnet-4-5", Some(Vendor::Anthropic)),
            ("gemini-2.5-flash", Some(Vendor::Google)),
            ("models/gemini-2.5-pro", Some(Vendor::Google)),
            ("GPT-4.1", Some(Vendor::OpenAi)),
            ("llama-3", None),
            ("o2", None),
            ("", None),
        ] {
            assert_eq!(Vendor::from_model(m), v, "{m}");
        }
        for v in Vendor::ALL {
            assert_eq!(Vendor::from_wire(v.as_str()), Some(v));
            assert_eq!(v.to_string(), v.as_str());
        }
        assert_eq!(Vendor::from_wire(" Anthropic "), Some(Vendor::Anthropic));
        assert_eq!(Vendor::from_wire("azure"), None);
    }

    #[test]
    fn endpoints() {
        assert_eq!(
            Endpoint::from_lookup(Vendor::OpenAi, |_| None)
                .unwrap()
                .base_url(),
            "https://api.openai.com/v1"
        );
        let e = Endpoint::from_lookup(Vendor::Google, |k| {
            (k == "REDACT_GOOGLE_BASE_URL").then(|| "http://127.0.0.1:9/".to_string())
        })
        .unwrap();
        assert_eq!(e.base_url(), "http://127.0.0.1:9");
        assert_eq!(
            Endpoint::from_lookup(Vendor::Anthropic, |_| Some("ftp://x".into()))
                .unwrap_err()
                .var,
            "REDACT_ANTHROPIC_BASE_URL"
        );
        assert!(Endpoint::new("http://").is_err());
        assert!(Endpoint::new("https://example.invalid/v1?x=1").is_err());
    }
}
