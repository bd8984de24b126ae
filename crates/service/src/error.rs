//! The error object of every endpoint: an HTTP status plus the OpenAI-style body
//! `{"error":{"message","type","code","param"}}`.

use serde::Serialize;

/// An error answer: status, code, type, message and, for a bad field, its name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ApiError {
    /// The HTTP status.
    pub status: u16,
    /// `error.code`.
    pub code: &'static str,
    /// `error.type`.
    pub kind: &'static str,
    /// `error.message`: says what was wrong and what to do. Never quotes request text, a
    /// map, or a key.
    pub message: String,
    /// `error.param`: the request field at fault.
    pub param: Option<String>,
    /// Seconds to wait, sent as `Retry-After` (rate limit).
    pub retry_after: Option<u64>,
}

#[derive(Serialize)]
struct Body<'a> {
    error: Inner<'a>,
}

#[derive(Serialize)]
struct Inner<'a> {
    message: &'a str,
    #[serde(rename = "type")]
    kind: &'a str,
    code: &'a str,
    param: Option<&'a str>,
}

impl ApiError {
    fn new(status: u16, code: &'static str, kind: &'static str, message: String) -> ApiError {
        ApiError {
            status,
            code,
            kind,
            message,
            param: None,
            retry_after: None,
        }
    }

    /// 400 `invalid_request`, naming the field at fault.
    pub fn invalid(param: Option<&str>, message: impl Into<String>) -> ApiError {
        ApiError {
            param: param.map(str::to_string),
            ..ApiError::new(
                400,
                "invalid_request",
                "invalid_request_error",
                message.into(),
            )
        }
    }

    /// 401 `invalid_api_key`.
    pub fn invalid_key(message: impl Into<String>) -> ApiError {
        ApiError::new(
            401,
            "invalid_api_key",
            "authentication_error",
            message.into(),
        )
    }

    /// 402 `api_access_required`.
    pub fn api_access_required() -> ApiError {
        ApiError::new(
            402,
            "api_access_required",
            "permission_error",
            "This account has no API access. Keys stay valid: they work again as soon as API \
             access is switched back on."
                .into(),
        )
    }

    /// 402 `insufficient_balance`.
    pub fn insufficient_balance() -> ApiError {
        ApiError::new(
            402,
            "insufficient_balance",
            "insufficient_quota",
            "The monthly allowance is used up and the prepaid balance cannot cover this \
             request. Top up the balance to continue."
                .into(),
        )
    }

    /// 429 `key_spending_limit_reached`.
    pub fn key_spending_limit() -> ApiError {
        ApiError::new(
            429,
            "key_spending_limit_reached",
            "rate_limit_error",
            "This key has reached its monthly spending limit. Raise the limit or use another \
             key."
                .into(),
        )
    }

    /// 429 `rate_limit_exceeded` with `Retry-After`.
    pub fn rate_limited(limit: u32, retry_after: u64) -> ApiError {
        ApiError {
            retry_after: Some(retry_after),
            ..ApiError::new(
                429,
                "rate_limit_exceeded",
                "rate_limit_error",
                format!(
                    "Rate limit of {limit} requests a minute for this key reached. Retry after \
                     {retry_after} s."
                ),
            )
        }
    }

    /// 403 `model_not_in_plan`.
    pub fn model_not_in_plan(model: &str, plan: &str) -> ApiError {
        ApiError {
            param: Some("model".into()),
            ..ApiError::new(
                403,
                "model_not_in_plan",
                "permission_error",
                format!("The {plan} plan does not include `{model}`."),
            )
        }
    }

    /// 503 `model_unavailable`: the service has no provider account for the route.
    pub fn model_unavailable(model: &str) -> ApiError {
        ApiError {
            param: Some("model".into()),
            ..ApiError::new(
                503,
                "model_unavailable",
                "service_unavailable",
                format!(
                    "`{model}` is not available on this server: it has no provider account for \
                     it. Nothing was sent or charged."
                ),
            )
        }
    }

    /// 400 `context_length_exceeded`.
    pub fn context_length_exceeded(tokens: u64, limit: u32, plan: &str) -> ApiError {
        ApiError {
            param: Some("messages".into()),
            ..ApiError::new(
                400,
                "context_length_exceeded",
                "invalid_request_error",
                format!(
                    "The messages are {tokens} tokens long; the {plan} plan allows {limit} input \
                     tokens per request."
                ),
            )
        }
    }

    /// 413 `text_too_long`.
    pub fn text_too_long(chars: usize, limit: usize) -> ApiError {
        ApiError {
            param: Some("text".into()),
            ..ApiError::new(
                413,
                "text_too_long",
                "invalid_request_error",
                format!(
                    "`text` is {chars} characters long; the limit is {limit} characters per \
                     call. Split the text and redact the parts with the same map."
                ),
            )
        }
    }

    /// 413 `request_too_large`: the body is larger than the server accepts.
    pub fn body_too_large(limit: usize) -> ApiError {
        ApiError::new(
            413,
            "request_too_large",
            "invalid_request_error",
            format!("The request body is larger than {limit} bytes."),
        )
    }

    /// 503 `names_undecided`.
    pub fn names_undecided() -> ApiError {
        ApiError::new(
            503,
            "names_undecided",
            "service_unavailable",
            "The name check could not decide and `strict` is true; nothing was sent to any \
             model. Retry, or send without `strict`."
                .into(),
        )
    }

    /// 503 `redaction_unavailable`.
    pub fn redaction_unavailable(message: impl Into<String>) -> ApiError {
        ApiError::new(
            503,
            "redaction_unavailable",
            "service_unavailable",
            message.into(),
        )
    }

    /// 404 `not_found` for an unknown path.
    pub fn not_found() -> ApiError {
        ApiError::new(
            404,
            "not_found",
            "invalid_request_error",
            "No such route. See /v1/openapi.json.".into(),
        )
    }

    /// 405 `method_not_allowed`.
    pub fn method_not_allowed(allowed: &str) -> ApiError {
        ApiError::new(
            405,
            "method_not_allowed",
            "invalid_request_error",
            format!("This route answers {allowed} only."),
        )
    }

    /// 500 `internal_error`.
    pub fn internal() -> ApiError {
        ApiError::new(
            500,
            "internal_error",
            "server_error",
            "The server failed; the request was not counted. Retry.".into(),
        )
    }

    /// 503 `store_unavailable`: the account store cannot be reached.
    pub fn store_unavailable() -> ApiError {
        ApiError::new(
            503,
            "store_unavailable",
            "service_unavailable",
            "The account store cannot be reached; the request was not counted. Retry.".into(),
        )
    }

    /// The JSON body.
    pub fn body(&self) -> Vec<u8> {
        serde_json::to_vec(&Body {
            error: Inner {
                message: &self.message,
                kind: self.kind,
                code: self.code,
                param: self.param.as_deref(),
            },
        })
        .unwrap_or_default()
    }
}

impl std::fmt::Display for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} {}: {}", self.status, self.code, self.message)
    }
}

impl std::error::Error for ApiError {}
