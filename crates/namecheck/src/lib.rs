//! Optional model-based check for names of people.
//!
//! The built-in recogniser of `redact-detect` finds names by labels, context and
//! dictionaries. When an operator configures a model, [`NameModel::check`] also asks an
//! OpenAI-compatible chat endpoint which people the text names. Its answer is a
//! [`NameVerdict`]:
//!
//! - [`NameVerdict::Decided`]: the names the model listed that occur in the text (names that
//!   do not occur are dropped). An empty list is a decision too: there is nobody to find.
//! - [`NameVerdict::Undecided`]: a timeout, a transport error, an error status or an answer
//!   that cannot be read. The [`UndecidedReason`] is for metrics and logs; it never holds
//!   text, names or keys.
//!
//! The caller maps the verdict to `redact::NameCheck` (`Decided(names)` or `Undecided`);
//! with `strict`, an undecided check refuses the call before anything goes to a model.
//!
//! Configuration ([`NameModel::from_env`]):
//!
//! | variable | meaning |
//! |---|---|
//! | `REDACT_NAME_MODEL_URL` | the endpoint's **base** URL, such as `http://127.0.0.1:8000/v1` or `https://api.openai.com/v1`; `/chat/completions` is appended. A URL that already ends in `/chat/completions` is used as it is. Unset: no model check. |
//! | `REDACT_NAME_MODEL` | the model name sent in the request (required when the URL is set) |
//! | `REDACT_NAME_MODEL_KEY` | bearer key, optional (local servers often need none) |
//! | `REDACT_NAME_MODEL_TIMEOUT_MS` | time for the whole call, default 2000 |
//!
//! ```no_run
//! # async fn demo() -> Result<(), redact_namecheck::ConfigError> {
//! use redact_namecheck::{NameModel, NameVerdict};
//!
//! if let Some(model) = NameModel::from_env()? {
//!     match model.check("Ask Priya Raman about it.").await {
//!         NameVerdict::Decided(names) => println!("{} people", names.len()),
//!         NameVerdict::Undecided(reason) => println!("could not decide: {reason}"),
//!     }
//! }
//! # Ok(()) }
//! ```
//!
//! HTTPS uses rustls with the `ring` provider and the webpki root certificates only.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

use std::fmt;
use std::sync::Arc;
use std::time::Duration;

use bytes::Bytes;
use http_body_util::{BodyExt, Full, Limited};
use hyper::Request;
use hyper::header::{AUTHORIZATION, CONTENT_TYPE, HeaderValue};
use hyper_util::client::legacy::Client;
use hyper_util::client::legacy::connect::HttpConnector;
use hyper_util::rt::TokioExecutor;
use serde_json::Value;

/// Default time for one check, in milliseconds.
pub const DEFAULT_TIMEOUT_MS: u64 = 2000;

/// The largest answer body read, in bytes.
const MAX_BODY: usize = 1 << 20;

/// The instruction sent with every text.
const PROMPT: &str = "You find the names of people in a text. List every person named in the \
text (real or fictional people; not companies, products, places or pets), each name written \
exactly as it appears in the text, including partial names such as a first name alone. \
Answer with only a JSON object of the form {\"people\": [\"Name One\", \"Name Two\"]}; \
answer {\"people\": []} if the text names nobody. The text follows.";

/// Configuration of the model check.
#[derive(Clone)]
pub struct NameModelConfig {
    /// Base URL (`http://host/v1`) or full endpoint URL (`…/chat/completions`).
    pub url: String,
    /// The model name.
    pub model: String,
    /// Bearer key, if the endpoint needs one.
    pub key: Option<String>,
    /// Time for the whole call.
    pub timeout: Duration,
}

impl fmt::Debug for NameModelConfig {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("NameModelConfig")
            .field("url", &self.url)
            .field("model", &self.model)
            .field("key", &self.key.as_ref().map(|_| "<redacted>"))
            .field("timeout", &self.timeout)
            .finish()
    }
}

/// A configuration that cannot be used.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ConfigError {
    /// `REDACT_NAME_MODEL_URL` is not an `http` or `https` URL.
    #[error("REDACT_NAME_MODEL_URL is not an http(s) URL")]
    InvalidUrl,
    /// `REDACT_NAME_MODEL` is unset or empty while the URL is set.
    #[error("REDACT_NAME_MODEL must name the model when REDACT_NAME_MODEL_URL is set")]
    MissingModel,
    /// `REDACT_NAME_MODEL_TIMEOUT_MS` is not a positive whole number.
    #[error("REDACT_NAME_MODEL_TIMEOUT_MS must be a positive whole number of milliseconds")]
    InvalidTimeout,
    /// The key holds characters a header cannot carry.
    #[error("REDACT_NAME_MODEL_KEY holds characters an HTTP header cannot carry")]
    InvalidKey,
    /// The TLS setup failed.
    #[error("TLS setup failed")]
    Tls,
}

/// Why the check could not decide (for metrics and logs: holds no text, name or key).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum UndecidedReason {
    /// The call took longer than the timeout.
    Timeout,
    /// The connection or the request failed.
    Transport,
    /// The endpoint answered with this non-success status.
    Status(u16),
    /// The answer was not a chat completion holding a list of people.
    Unusable,
}

impl fmt::Display for UndecidedReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UndecidedReason::Timeout => f.write_str("timeout"),
            UndecidedReason::Transport => f.write_str("transport error"),
            UndecidedReason::Status(s) => write!(f, "status {s}"),
            UndecidedReason::Unusable => f.write_str("unusable answer"),
        }
    }
}

/// What the model said.
#[derive(Clone, PartialEq, Eq)]
pub enum NameVerdict {
    /// The people named in the text (each occurs in it); empty when there are none.
    Decided(Vec<String>),
    /// The check could not decide.
    Undecided(UndecidedReason),
}

impl fmt::Debug for NameVerdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NameVerdict::Decided(n) => write!(f, "Decided({} names)", n.len()),
            NameVerdict::Undecided(r) => write!(f, "Undecided({r})"),
        }
    }
}

type HttpsClient = Client<hyper_rustls::HttpsConnector<HttpConnector>, Full<Bytes>>;

/// A configured model check. Cheap to clone; share one per process.
#[derive(Clone)]
pub struct NameModel {
    endpoint: hyper::Uri,
    model: String,
    auth: Option<HeaderValue>,
    timeout: Duration,
    client: HttpsClient,
}

impl fmt::Debug for NameModel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("NameModel")
            .field("endpoint", &self.endpoint)
            .field("model", &self.model)
            .field("timeout", &self.timeout)
            .finish_non_exhaustive()
    }
}

impl NameModel {
    /// The model check configured by the environment (`REDACT_NAME_MODEL_*`); `None` when
    /// `REDACT_NAME_MODEL_URL` is unset or empty.
    ///
    /// # Errors
    /// A [`ConfigError`] when the variables are set but unusable.
    pub fn from_env() -> Result<Option<NameModel>, ConfigError> {
        NameModel::from_lookup(|k| std::env::var(k).ok())
    }

    /// As [`NameModel::from_env`], reading the variables from `get` (for tests).
    ///
    /// # Errors
    /// A [`ConfigError`] when the variables are set but unusable.
    pub fn from_lookup(
        get: impl Fn(&str) -> Option<String>,
    ) -> Result<Option<NameModel>, ConfigError> {
        let Some(url) = get("REDACT_NAME_MODEL_URL").filter(|u| !u.trim().is_empty()) else {
            return Ok(None);
        };
        let model = get("REDACT_NAME_MODEL")
            .map(|m| m.trim().to_string())
            .filter(|m| !m.is_empty())
            .ok_or(ConfigError::MissingModel)?;
        let key = get("REDACT_NAME_MODEL_KEY").filter(|k| !k.trim().is_empty());
        let timeout = match get("REDACT_NAME_MODEL_TIMEOUT_MS") {
            None => DEFAULT_TIMEOUT_MS,
            Some(t) if t.trim().is_empty() => DEFAULT_TIMEOUT_MS,
            Some(t) => t
                .trim()
                .parse::<u64>()
                .ok()
                .filter(|&t| t > 0)
                .ok_or(ConfigError::InvalidTimeout)?,
        };
        NameModel::new(NameModelConfig {
            url,
            model,
            key,
            timeout: Duration::from_millis(timeout),
        })
        .map(Some)
    }

    /// A model check with this configuration.
    ///
    /// # Errors
    /// A [`ConfigError`] for an unusable URL or key.
    pub fn new(config: NameModelConfig) -> Result<NameModel, ConfigError> {
        let endpoint = endpoint_url(&config.url)?;
        if config.model.trim().is_empty() {
            return Err(ConfigError::MissingModel);
        }
        let auth = match config.key.as_deref().map(str::trim) {
            Some(k) if !k.is_empty() => {
                let mut v = HeaderValue::from_str(&format!("Bearer {k}"))
                    .map_err(|_| ConfigError::InvalidKey)?;
                v.set_sensitive(true);
                Some(v)
            }
            _ => None,
        };
        let provider = Arc::new(rustls::crypto::ring::default_provider());
        let https = hyper_rustls::HttpsConnectorBuilder::new()
            .with_provider_and_webpki_roots(provider)
            .map_err(|_| ConfigError::Tls)?
            .https_or_http()
            .enable_http1()
            .build();
        let client = Client::builder(TokioExecutor::new()).build(https);
        Ok(NameModel {
            endpoint,
            model: config.model,
            auth,
            timeout: config.timeout,
            client,
        })
    }

    /// The URL requests go to.
    pub fn endpoint(&self) -> &hyper::Uri {
        &self.endpoint
    }

    /// Asks the model which people `text` names. The timeout covers the whole call.
    pub async fn check(&self, text: &str) -> NameVerdict {
        match tokio::time::timeout(self.timeout, self.ask(text)).await {
            Ok(Ok(content)) => match parse_people(&content) {
                Some(names) => NameVerdict::Decided(keep_occurring(text, names)),
                None => NameVerdict::Undecided(UndecidedReason::Unusable),
            },
            Ok(Err(reason)) => NameVerdict::Undecided(reason),
            Err(_) => NameVerdict::Undecided(UndecidedReason::Timeout),
        }
    }

    /// Sends the request; returns the answer's message content.
    async fn ask(&self, text: &str) -> Result<String, UndecidedReason> {
        let body = serde_json::json!({
            "model": self.model,
            "temperature": 0,
            "messages": [
                {"role": "system", "content": PROMPT},
                {"role": "user", "content": text},
            ],
        });
        let body = serde_json::to_vec(&body).map_err(|_| UndecidedReason::Transport)?;
        let mut req = Request::post(self.endpoint.clone())
            .header(CONTENT_TYPE, "application/json")
            .header(hyper::header::ACCEPT, "application/json")
            .header(hyper::header::ACCEPT_ENCODING, "identity");
        if let Some(a) = &self.auth {
            req = req.header(AUTHORIZATION, a.clone());
        }
        let req = req
            .body(Full::new(Bytes::from(body)))
            .map_err(|_| UndecidedReason::Transport)?;
        let resp = self
            .client
            .request(req)
            .await
            .map_err(|_| UndecidedReason::Transport)?;
        let status = resp.status();
        if !status.is_success() {
            return Err(UndecidedReason::Status(status.as_u16()));
        }
        let bytes = Limited::new(resp.into_body(), MAX_BODY)
            .collect()
            .await
            .map_err(|_| UndecidedReason::Transport)?
            .to_bytes();
        let v: Value = serde_json::from_slice(&bytes).map_err(|_| UndecidedReason::Unusable)?;
        let content = &v["choices"][0]["message"]["content"];
        match content {
            Value::String(s) => Ok(s.clone()),
            // Some servers return the parsed JSON object directly.
            Value::Object(_) | Value::Array(_) => Ok(content.to_string()),
            _ => Err(UndecidedReason::Unusable),
        }
    }
}

/// `http://host/v1` → `http://host/v1/chat/completions`; a URL that already ends in
/// `/chat/completions` stays.
fn endpoint_url(url: &str) -> Result<hyper::Uri, ConfigError> {
    let url = url.trim();
    let lower = url.to_ascii_lowercase();
    if !(lower.starts_with("http://") || lower.starts_with("https://")) {
        return Err(ConfigError::InvalidUrl);
    }
    let base = url.trim_end_matches('/');
    let full = if base.to_ascii_lowercase().ends_with("/chat/completions") {
        base.to_string()
    } else {
        format!("{base}/chat/completions")
    };
    let uri: hyper::Uri = full.parse().map_err(|_| ConfigError::InvalidUrl)?;
    if uri.host().is_none_or(str::is_empty) {
        return Err(ConfigError::InvalidUrl);
    }
    Ok(uri)
}

/// Reads the list of people from a model's message: a JSON object with `people` (or
/// `names`), or a JSON array, possibly inside a code fence or after some prose. Items may be
/// strings or objects with a `name`. `None` when no such list is there.
pub fn parse_people(content: &str) -> Option<Vec<String>> {
    let mut s = content.trim();
    // Strip a code fence (```json … ```).
    if let Some(rest) = s.strip_prefix("```") {
        let rest = rest.split_once('\n').map_or("", |(_, r)| r);
        s = rest
            .rsplit_once("```")
            .map_or(rest, |(body, _)| body)
            .trim();
    }
    for (i, c) in s.char_indices() {
        if c != '{' && c != '[' {
            continue;
        }
        let mut it = serde_json::Deserializer::from_str(&s[i..]).into_iter::<Value>();
        if let Some(Ok(v)) = it.next()
            && let Some(list) = people_list(&v)
        {
            return Some(list);
        }
    }
    None
}

fn people_list(v: &Value) -> Option<Vec<String>> {
    let arr = match v {
        Value::Array(a) => a,
        Value::Object(o) => o
            .get("people")
            .or_else(|| o.get("names"))
            .or_else(|| o.get("persons"))?
            .as_array()?,
        _ => return None,
    };
    let mut out = Vec::new();
    for item in arr {
        let name = match item {
            Value::String(s) => s.as_str(),
            Value::Object(o) => match o.get("name").and_then(Value::as_str) {
                Some(n) => n,
                None => continue,
            },
            _ => continue,
        };
        let name = name.trim();
        if !name.is_empty() {
            out.push(name.to_string());
        }
    }
    Some(out)
}

/// Keeps the names that occur in the text (ignoring case), without duplicates.
fn keep_occurring(text: &str, names: Vec<String>) -> Vec<String> {
    let lower = text.to_lowercase();
    let mut out: Vec<String> = Vec::new();
    for n in names {
        if n.chars().filter(|c| c.is_alphabetic()).count() < 2 {
            continue;
        }
        let in_text = if n.is_ascii() && text.is_ascii() {
            text.as_bytes()
                .windows(n.len())
                .any(|w| w.eq_ignore_ascii_case(n.as_bytes()))
        } else {
            lower.contains(&n.to_lowercase())
        };
        if in_text && !out.contains(&n) {
            out.push(n);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_answers_defensively() {
        assert_eq!(
            parse_people(r#"{"people": ["Jane Doe", "Sam"]}"#),
            Some(vec!["Jane Doe".to_string(), "Sam".to_string()])
        );
        assert_eq!(
            parse_people("```json\n{\"people\": [{\"name\": \"Jane\"}]}\n```"),
            Some(vec!["Jane".to_string()])
        );
        assert_eq!(
            parse_people("Sure! Here you go: [\"Priya\"] hope it helps"),
            Some(vec!["Priya".to_string()])
        );
        assert_eq!(parse_people(r#"{"people": []}"#), Some(vec![]));
        assert_eq!(parse_people("I cannot help with that."), None);
        assert_eq!(parse_people(r#"{"answer": 3}"#), None);
    }

    #[test]
    fn keeps_only_names_in_the_text() {
        let names = vec!["Jane Doe".into(), "Bob Invented".into(), "jane doe".into()];
        assert_eq!(
            keep_occurring("Ask JANE DOE.", names),
            vec!["Jane Doe".to_string(), "jane doe".to_string()]
        );
    }

    #[test]
    fn configuration() {
        let env = |pairs: &'static [(&'static str, &'static str)]| {
            move |k: &str| {
                pairs
                    .iter()
                    .find(|(n, _)| *n == k)
                    .map(|(_, v)| v.to_string())
            }
        };
        assert!(NameModel::from_lookup(env(&[])).unwrap().is_none());
        let m = NameModel::from_lookup(env(&[
            ("REDACT_NAME_MODEL_URL", "http://127.0.0.1:9/v1/"),
            ("REDACT_NAME_MODEL", "small"),
        ]))
        .unwrap()
        .unwrap();
        assert_eq!(
            m.endpoint().to_string(),
            "http://127.0.0.1:9/v1/chat/completions"
        );
        assert_eq!(m.timeout, Duration::from_millis(2000));
        let m = NameModel::from_lookup(env(&[
            (
                "REDACT_NAME_MODEL_URL",
                "https://models.example/v1/chat/completions",
            ),
            ("REDACT_NAME_MODEL", "small"),
            ("REDACT_NAME_MODEL_TIMEOUT_MS", "150"),
        ]))
        .unwrap()
        .unwrap();
        assert_eq!(
            m.endpoint().to_string(),
            "https://models.example/v1/chat/completions"
        );
        assert_eq!(m.timeout, Duration::from_millis(150));
        assert_eq!(
            NameModel::from_lookup(env(&[("REDACT_NAME_MODEL_URL", "http://x/v1")])).err(),
            Some(ConfigError::MissingModel)
        );
        assert_eq!(
            NameModel::from_lookup(env(&[
                ("REDACT_NAME_MODEL_URL", "ftp://x"),
                ("REDACT_NAME_MODEL", "m")
            ]))
            .err(),
            Some(ConfigError::InvalidUrl)
        );
        assert_eq!(
            NameModel::from_lookup(env(&[
                ("REDACT_NAME_MODEL_URL", "http://x/v1"),
                ("REDACT_NAME_MODEL", "m"),
                ("REDACT_NAME_MODEL_TIMEOUT_MS", "soon")
            ]))
            .err(),
            Some(ConfigError::InvalidTimeout)
        );
    }
}
