//! The two error types: a request the proxy cannot send ([`RequestError`], 400) and a vendor
//! call that failed ([`VendorError`]).

use std::fmt;

use serde_json::{Value, json};

use crate::Vendor;

/// A request that cannot be sent: a field of the wrong type or value, or something the chosen
/// vendor does not offer. Answer it with 400 `invalid_request` and `param` (see
/// [`RequestError::to_json`]).
///
/// `message` never quotes values from the request (only field names, types and the vendor),
/// so it holds no text and no key.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{param}: {message}")]
pub struct RequestError {
    /// The field, as a JSON path: `model`, `messages[2].content`, `tools[0].type`,
    /// `n`, `X-Provider-Key`.
    pub param: String,
    /// What is wrong, for a person.
    pub message: String,
}

impl RequestError {
    /// An error about `param`.
    pub fn new(param: impl Into<String>, message: impl Into<String>) -> RequestError {
        RequestError {
            param: param.into(),
            message: message.into(),
        }
    }

    /// The HTTP status: always 400.
    pub fn status(&self) -> u16 {
        400
    }

    /// The error body: `{"error": {"message", "type": "invalid_request_error", "code":
    /// "invalid_request", "param"}}`.
    pub fn to_json(&self) -> Value {
        json!({"error": {
            "message": self.message,
            "type": "invalid_request_error",
            "code": "invalid_request",
            "param": self.param,
        }})
    }

    /// A field the vendor does not offer.
    pub(crate) fn unsupported(vendor: Vendor, param: &str, what: &str) -> RequestError {
        RequestError::new(param, format!("{vendor} does not support {what}"))
    }
}

/// What kind of failure a [`VendorError`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum VendorErrorKind {
    /// The vendor answered with an error status (or an error event in a stream). The status is
    /// the vendor's.
    Refused,
    /// The vendor could not be reached, or the connection broke: 502.
    Unreachable,
    /// The vendor did not answer (or went quiet mid-stream) within the time allowed: 504.
    Timeout,
    /// The vendor's answer could not be read as its API's format: 502.
    BadAnswer,
}

/// A vendor call that failed.
///
/// | kind | status | `error.code` | `error.type` |
/// |---|---|---|---|
/// | [`Refused`](VendorErrorKind::Refused) | the vendor's | `provider_error` | `provider_error` |
/// | [`Unreachable`](VendorErrorKind::Unreachable) | 502 | `provider_unreachable` | `provider_error` |
/// | [`Timeout`](VendorErrorKind::Timeout) | 504 | `provider_timeout` | `provider_error` |
/// | [`BadAnswer`](VendorErrorKind::BadAnswer) | 502 | `provider_bad_answer` | `provider_error` |
///
/// A refusal's message is "the vendor (anthropic) refused the request: <the vendor's
/// reason>". The reason is cut to 500 characters and words that look like keys (`sk-…`,
/// `AIza…`, masked `****` fragments, as OpenAI quotes in its 401) are replaced by
/// `[key hidden]`; no message of this crate is ever built from the provider key.
#[derive(Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct VendorError {
    vendor: Vendor,
    kind: VendorErrorKind,
    status: u16,
    message: String,
    vendor_code: Option<String>,
}

impl fmt::Debug for VendorError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("VendorError")
            .field("vendor", &self.vendor)
            .field("kind", &self.kind)
            .field("status", &self.status)
            .field("message", &self.message)
            .field("vendor_code", &self.vendor_code)
            .finish()
    }
}

const MAX_REASON: usize = 500;

impl VendorError {
    /// The refusal a vendor expressed with `status` and an error `body` in its own format
    /// (OpenAI and Anthropic `error.message`; Google `error.message` / `error.status`, also
    /// inside a one-element array). A status below 400 gives a
    /// [`BadAnswer`](VendorErrorKind::BadAnswer) instead.
    pub fn refused(vendor: Vendor, status: u16, body: &[u8]) -> VendorError {
        if !(400..=599).contains(&status) {
            return VendorError::bad_answer(vendor, &format!("unexpected status {status}"));
        }
        let v: Value = serde_json::from_slice(body).unwrap_or(Value::Null);
        let (reason, code) = reason_of(&v);
        VendorError::refusal(vendor, status, reason, code)
    }

    /// A refusal from an error object inside a stream (`{"error": {…}}` or an Anthropic
    /// `error` event). The status comes from the error when it says one (Google's
    /// `error.code`, Anthropic's error type), else 502.
    pub(crate) fn refused_in_stream(vendor: Vendor, v: &Value) -> VendorError {
        let (reason, code) = reason_of(v);
        let status = v["error"]["code"]
            .as_u64()
            .filter(|s| (400..=599).contains(s))
            .map(|s| s as u16)
            .or_else(|| code.as_deref().and_then(anthropic_status))
            .unwrap_or(502);
        VendorError::refusal(vendor, status, reason, code)
    }

    fn refusal(
        vendor: Vendor,
        status: u16,
        reason: Option<String>,
        code: Option<String>,
    ) -> VendorError {
        let message = match reason {
            Some(r) => format!(
                "the vendor ({vendor}) refused the request: {}",
                clean_reason(&r)
            ),
            None => format!(
                "the vendor ({vendor}) refused the request with status {status} and gave no reason"
            ),
        };
        VendorError {
            vendor,
            kind: VendorErrorKind::Refused,
            status,
            message,
            vendor_code: code.map(|c| clean_reason(&c)),
        }
    }

    /// The vendor could not be reached (502).
    pub(crate) fn unreachable(vendor: Vendor, what: &str) -> VendorError {
        VendorError {
            vendor,
            kind: VendorErrorKind::Unreachable,
            status: 502,
            message: format!("the vendor ({vendor}) could not be reached: {what}"),
            vendor_code: None,
        }
    }

    /// The vendor did not answer in time (504).
    pub fn timeout(vendor: Vendor, what: &str) -> VendorError {
        VendorError {
            vendor,
            kind: VendorErrorKind::Timeout,
            status: 504,
            message: format!("the vendor ({vendor}) did not answer in time: {what}"),
            vendor_code: None,
        }
    }

    /// The vendor's answer could not be read (502). `what` must not quote the answer.
    pub(crate) fn bad_answer(vendor: Vendor, what: &str) -> VendorError {
        VendorError {
            vendor,
            kind: VendorErrorKind::BadAnswer,
            status: 502,
            message: format!("the vendor ({vendor}) sent an answer that could not be read: {what}"),
            vendor_code: None,
        }
    }

    /// The vendor.
    pub fn vendor(&self) -> Vendor {
        self.vendor
    }

    /// The kind of failure.
    pub fn kind(&self) -> VendorErrorKind {
        self.kind
    }

    /// The HTTP status to answer with: the vendor's for a refusal, else 502 or 504.
    pub fn status(&self) -> u16 {
        self.status
    }

    /// The message, for a person (also this error's `Display`).
    pub fn message(&self) -> &str {
        &self.message
    }

    /// The vendor's own error code or type when it gave one (`insufficient_quota`,
    /// `overloaded_error`, `RESOURCE_EXHAUSTED`): for metrics and retry decisions.
    pub fn vendor_code(&self) -> Option<&str> {
        self.vendor_code.as_deref()
    }

    /// `error.code`: `provider_error`, `provider_unreachable`, `provider_timeout` or
    /// `provider_bad_answer`.
    pub fn code(&self) -> &'static str {
        match self.kind {
            VendorErrorKind::Refused => "provider_error",
            VendorErrorKind::Unreachable => "provider_unreachable",
            VendorErrorKind::Timeout => "provider_timeout",
            VendorErrorKind::BadAnswer => "provider_bad_answer",
        }
    }

    /// `error.type`: always `provider_error`.
    pub fn error_type(&self) -> &'static str {
        "provider_error"
    }

    /// The error body: `{"error": {"message", "type", "code", "param": null}}`.
    pub fn to_json(&self) -> Value {
        json!({"error": {
            "message": self.message,
            "type": self.error_type(),
            "code": self.code(),
            "param": null,
        }})
    }
}

/// The reason and the vendor's code from an error body of any of the three formats.
fn reason_of(v: &Value) -> (Option<String>, Option<String>) {
    // Google sometimes wraps the error in a one-element array.
    let v = match v {
        Value::Array(a) => a.first().unwrap_or(&Value::Null),
        other => other,
    };
    let e = &v["error"];
    let reason = match &e["message"] {
        Value::String(s) if !s.trim().is_empty() => Some(s.trim().to_string()),
        _ => match e {
            Value::String(s) if !s.trim().is_empty() => Some(s.trim().to_string()),
            _ => None,
        },
    };
    let code = [&e["status"], &e["code"], &e["type"]]
        .into_iter()
        .find_map(|c| c.as_str().filter(|s| !s.is_empty()).map(str::to_string));
    (reason, code)
}

/// Anthropic's error types and their HTTP statuses.
fn anthropic_status(kind: &str) -> Option<u16> {
    Some(match kind {
        "invalid_request_error" => 400,
        "authentication_error" => 401,
        "billing_error" => 402,
        "permission_error" => 403,
        "not_found_error" => 404,
        "request_too_large" => 413,
        "rate_limit_error" => 429,
        "api_error" => 500,
        "timeout_error" => 504,
        "overloaded_error" => 529,
        _ => return None,
    })
}

/// Cuts a vendor's reason to [`MAX_REASON`] characters and hides words that look like keys.
fn clean_reason(reason: &str) -> String {
    let mut out = String::with_capacity(reason.len().min(MAX_REASON + 8));
    for (i, word) in reason.split(' ').enumerate() {
        if i > 0 {
            out.push(' ');
        }
        if looks_like_key(word) {
            out.push_str("[key hidden]");
            // Keep trailing punctuation ("…abcd." → "[key hidden].").
            if let Some(p) = word
                .chars()
                .last()
                .filter(|c| matches!(c, '.' | ',' | ';' | ')'))
            {
                out.push(p);
            }
        } else {
            out.push_str(word);
        }
    }
    let out = out.replace(['\n', '\r'], " ");
    if out.chars().count() > MAX_REASON {
        let cut: String = out.chars().take(MAX_REASON).collect();
        format!("{cut}…")
    } else {
        out
    }
}

fn looks_like_key(word: &str) -> bool {
    let w = word.trim_matches(|c: char| !c.is_ascii_alphanumeric() && c != '*');
    let lower = w.to_ascii_lowercase();
    w.contains("***")
        || (w.len() >= 12
            && (lower.starts_with("sk-")
                || lower.starts_with("sk_")
                || lower.starts_with("rk_")
                || w.starts_with("AIza")
                || lower.starts_with("key-")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reasons_of_each_vendor() {
        let e = VendorError::refused(
            Vendor::OpenAi,
            429,
            br#"{"error":{"message":"You exceeded your current quota.","type":"insufficient_quota","code":"insufficient_quota"}}"#,
        );
        assert_eq!(e.status(), 429);
        assert_eq!(
            e.message(),
            "the vendor (openai) refused the request: You exceeded your current quota."
        );
        assert_eq!(e.vendor_code(), Some("insufficient_quota"));
        let e = VendorError::refused(
            Vendor::Anthropic,
            529,
            br#"{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}"#,
        );
        assert_eq!(
            (e.status(), e.message(), e.vendor_code()),
            (
                529,
                "the vendor (anthropic) refused the request: Overloaded",
                Some("overloaded_error")
            )
        );
        let e = VendorError::refused(
            Vendor::Google,
            400,
            br#"[{"error":{"code":400,"message":"API key not valid.","status":"INVALID_ARGUMENT"}}]"#,
        );
        assert_eq!(
            e.message(),
            "the vendor (google) refused the request: API key not valid."
        );
        assert_eq!(e.vendor_code(), Some("INVALID_ARGUMENT"));
        let e = VendorError::refused(Vendor::Google, 503, b"<html>busy</html>");
        assert_eq!(
            e.message(),
            "the vendor (google) refused the request with status 503 and gave no reason"
        );
        assert_eq!(
            e.to_json()["error"]["code"],
            json!("provider_error"),
            "{e:?}"
        );
        assert_eq!(
            VendorError::refused(Vendor::OpenAi, 200, b"{}").kind(),
            VendorErrorKind::BadAnswer
        );
    }

    #[test]
    fn key_looking_words_are_hidden() {
        let masked = format!("sk-proj-{}abcd", "*".repeat(20));
        let body = json!({"error": {"message": format!("Incorrect API key provided: {masked}. You can find your API key at https://platform.example/account."), "type": "invalid_request_error"}});
        let e = VendorError::refused(Vendor::OpenAi, 401, body.to_string().as_bytes());
        assert!(!e.message().contains("abcd"), "{e}");
        assert!(e.message().contains("[key hidden]."), "{e}");
        let long = "x".repeat(2000);
        let e = VendorError::refused(
            Vendor::OpenAi,
            400,
            json!({"error": {"message": long}}).to_string().as_bytes(),
        );
        assert!(e.message().chars().count() < 600);
    }

    #[test]
    fn stream_errors_take_a_status() {
        let v = json!({"type": "error", "error": {"type": "overloaded_error", "message": "Overloaded"}});
        assert_eq!(
            VendorError::refused_in_stream(Vendor::Anthropic, &v).status(),
            529
        );
        let v =
            json!({"error": {"code": 429, "message": "slow down", "status": "RESOURCE_EXHAUSTED"}});
        assert_eq!(
            VendorError::refused_in_stream(Vendor::Google, &v).status(),
            429
        );
        let v = json!({"error": {"message": "boom", "type": "server_error"}});
        assert_eq!(
            VendorError::refused_in_stream(Vendor::OpenAi, &v).status(),
            502
        );
    }
}
