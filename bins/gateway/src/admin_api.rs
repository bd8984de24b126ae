//! The admin HTTP API under `/admin/v1/`: what the `account …` and `key …` commands do, over
//! HTTP, for the console's operators. Off (404, like any unknown path) unless
//! `REDACT_ADMIN_TOKEN` is set; then every request needs `Authorization: Bearer <token>`,
//! compared in constant time. No cookies are read or set, so there is nothing for a
//! cross-site request to ride on.
//!
//! | method and path | body | answer |
//! |---|---|---|
//! | `GET /admin/v1/plans` | | `{"plans":[…]}` |
//! | `POST /admin/v1/accounts` | `{"name", "plan"?, "api_access"?, "balance_usd"?}` | 201, the account |
//! | `GET /admin/v1/accounts/{account}` | | the account (as `account show`) |
//! | `POST /admin/v1/accounts/{account}/api-access` | `{"api_access": bool}` | `{"id","api_access"}` |
//! | `POST /admin/v1/accounts/{account}/plan` | `{"plan"}` | `{"id","plan"}` |
//! | `POST /admin/v1/accounts/{account}/top-up` | `{"usd"}` | `{"id","balance_usd"}` |
//! | `GET /admin/v1/accounts/{account}/keys` | | `{"keys":[…]}` (as `key list --json`) |
//! | `POST /admin/v1/accounts/{account}/keys` | `{"monthly_limit_usd"?}` | 201, `{"id","key","prefix"}`: the key, shown once |
//! | `POST /admin/v1/keys/{key_id}/revoke` | | `{"id","state":"revoked"}` |
//!
//! `{account}` is an account id or its name (percent-encoded). The work is done by
//! [`crate::admin::execute`], exactly as for the CLI.

use http::{Method, StatusCode};
use serde::Deserialize;
use serde_json::{Value, json};
use sha2::{Digest, Sha256};

use crate::admin::{self, AdminError, Command};

/// The largest admin request body.
pub const MAX_ADMIN_BODY: usize = 16 * 1024;

/// The shortest admin token accepted.
pub const MIN_TOKEN_CHARS: usize = 16;

/// The operators' bearer token, kept as its SHA-256 so comparisons take the same time
/// whatever is sent.
pub struct AdminAuth {
    digest: [u8; 32],
}

impl AdminAuth {
    /// The token's digest.
    pub fn new(token: &str) -> AdminAuth {
        AdminAuth {
            digest: Sha256::digest(token.as_bytes()).into(),
        }
    }

    /// Whether `authorization` is `Bearer <the token>`; constant time in the token.
    pub fn allows(&self, authorization: Option<&str>) -> bool {
        let presented = authorization
            .and_then(|v| v.strip_prefix("Bearer "))
            .unwrap_or("");
        let digest: [u8; 32] = Sha256::digest(presented.trim().as_bytes()).into();
        let mut diff = 0u8;
        for (a, b) in digest.iter().zip(self.digest.iter()) {
            diff |= a ^ b;
        }
        std::hint::black_box(diff) == 0 && !presented.trim().is_empty()
    }
}

/// An answer of the admin API: status and JSON body.
#[derive(Debug)]
pub struct AdminAnswer {
    /// The status.
    pub status: StatusCode,
    /// The body.
    pub body: Value,
}

fn ok(body: Value) -> AdminAnswer {
    AdminAnswer {
        status: StatusCode::OK,
        body,
    }
}

fn fail(status: StatusCode, code: &str, kind: &str, param: Option<&str>, msg: &str) -> AdminAnswer {
    AdminAnswer {
        status,
        body: json!({"error": {"message": msg, "type": kind, "code": code, "param": param}}),
    }
}

/// 401 for a missing or wrong admin token.
pub fn unauthorized() -> AdminAnswer {
    fail(
        StatusCode::UNAUTHORIZED,
        "invalid_admin_token",
        "authentication_error",
        None,
        "The admin API needs `Authorization: Bearer <REDACT_ADMIN_TOKEN>`.",
    )
}

fn not_found(msg: &str) -> AdminAnswer {
    fail(
        StatusCode::NOT_FOUND,
        "not_found",
        "invalid_request_error",
        None,
        msg,
    )
}

fn invalid(param: &str, msg: &str) -> AdminAnswer {
    fail(
        StatusCode::BAD_REQUEST,
        "invalid_request",
        "invalid_request_error",
        Some(param),
        msg,
    )
}

fn method_not_allowed() -> AdminAnswer {
    fail(
        StatusCode::METHOD_NOT_ALLOWED,
        "method_not_allowed",
        "invalid_request_error",
        None,
        "This method is not allowed on this admin path.",
    )
}

fn from_error(e: AdminError) -> AdminAnswer {
    match e {
        AdminError::Invalid { param, message } => invalid(param, &message),
        AdminError::NotFound(m) => not_found(&m),
        AdminError::Conflict(m) => fail(
            StatusCode::CONFLICT,
            "conflict",
            "invalid_request_error",
            None,
            &m,
        ),
        AdminError::Unavailable(_) => fail(
            StatusCode::SERVICE_UNAVAILABLE,
            "store_unavailable",
            "service_unavailable",
            None,
            "The account store cannot be reached; try again.",
        ),
    }
}

/// Decodes one percent-encoded path segment; `None` when it is not UTF-8 or badly encoded.
fn decode_segment(s: &str) -> Option<String> {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'%' => {
                let hex = bytes.get(i + 1..i + 3)?;
                let hex = std::str::from_utf8(hex).ok()?;
                out.push(u8::from_str_radix(hex, 16).ok()?);
                i += 3;
            }
            b => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8(out).ok().filter(|s| !s.is_empty())
}

#[derive(Deserialize)]
struct CreateAccount {
    name: Option<String>,
    plan: Option<String>,
    api_access: Option<bool>,
    balance_usd: Option<f64>,
}

#[derive(Deserialize)]
struct ApiAccess {
    api_access: Option<bool>,
}

#[derive(Deserialize)]
struct SetPlan {
    plan: Option<String>,
}

#[derive(Deserialize)]
struct TopUp {
    usd: Option<f64>,
}

#[derive(Deserialize)]
struct CreateKey {
    monthly_limit_usd: Option<f64>,
}

fn parse<T: for<'de> Deserialize<'de>>(body: &[u8]) -> Result<T, AdminAnswer> {
    let body = if body.iter().all(u8::is_ascii_whitespace) {
        b"{}".as_slice()
    } else {
        body
    };
    serde_json::from_slice(body).map_err(|e| {
        let msg = match e.classify() {
            serde_json::error::Category::Data => {
                "A field has the wrong type; see docs/gateway.md for the admin API's bodies."
            }
            _ => "The body must be a JSON object.",
        };
        invalid("body", msg)
    })
}

fn required<T>(v: Option<T>, param: &str) -> Result<T, AdminAnswer> {
    v.ok_or_else(|| invalid(param, &format!("`{param}` is required.")))
}

/// Turns a method, a path under `/admin/v1` and a body into a command, or answers at once.
fn command(method: &Method, rest: &[&str], body: &[u8]) -> Result<Command, AdminAnswer> {
    let seg = |i: usize| -> Result<String, AdminAnswer> {
        rest.get(i)
            .and_then(|s| decode_segment(s))
            .ok_or_else(|| not_found("No such admin path."))
    };
    let post = *method == Method::POST;
    let get = *method == Method::GET || *method == Method::HEAD;
    match rest {
        ["accounts"] if post => {
            let b: CreateAccount = parse(body)?;
            Ok(Command::CreateAccount {
                name: required(b.name, "name")?,
                plan: b.plan.unwrap_or_else(|| "free".into()),
                api_access: b.api_access.unwrap_or(false),
                balance: b.balance_usd.unwrap_or(0.0),
            })
        }
        ["accounts", _] if get => Ok(Command::Show { account: seg(1)? }),
        ["accounts", _, "api-access"] if post => {
            let b: ApiAccess = parse(body)?;
            Ok(Command::ApiAccess {
                account: seg(1)?,
                on: required(b.api_access, "api_access")?,
            })
        }
        ["accounts", _, "plan"] if post => {
            let b: SetPlan = parse(body)?;
            Ok(Command::SetPlan {
                account: seg(1)?,
                plan: required(b.plan, "plan")?,
            })
        }
        ["accounts", _, "top-up"] if post => {
            let b: TopUp = parse(body)?;
            Ok(Command::TopUp {
                account: seg(1)?,
                usd: required(b.usd, "usd")?,
            })
        }
        ["accounts", _, "keys"] if get => Ok(Command::ListKeys { account: seg(1)? }),
        ["accounts", _, "keys"] if post => {
            let b: CreateKey = parse(body)?;
            Ok(Command::CreateKey {
                account: seg(1)?,
                monthly_limit: b.monthly_limit_usd,
            })
        }
        ["keys", _, "revoke"] if post => Ok(Command::Revoke { key_id: seg(1)? }),
        ["accounts"]
        | ["accounts", _]
        | ["accounts", _, "api-access" | "plan" | "top-up" | "keys"]
        | ["keys", _, "revoke"] => Err(method_not_allowed()),
        _ => Err(not_found("No such admin path.")),
    }
}

/// Answers one authorised admin request: `path` is the whole path (starting `/admin/v1`).
pub async fn answer(
    store: &dyn redact_service::billing::Store,
    plans: &[&str],
    method: &Method,
    path: &str,
    body: &[u8],
) -> AdminAnswer {
    let rest: Vec<&str> = path
        .trim_start_matches("/admin/v1")
        .trim_matches('/')
        .split('/')
        .collect();
    if rest.len() > 4 {
        return not_found("No such admin path.");
    }
    if rest.as_slice() == ["plans"] {
        return if *method == Method::GET || *method == Method::HEAD {
            ok(json!({ "plans": plans }))
        } else {
            method_not_allowed()
        };
    }
    let command = match command(method, &rest, body) {
        Ok(c) => c,
        Err(a) => return a,
    };
    let created = matches!(
        command,
        Command::CreateAccount { .. } | Command::CreateKey { .. }
    );
    match admin::execute(store, plans, command).await {
        Ok(outcome) => AdminAnswer {
            status: if created {
                StatusCode::CREATED
            } else {
                StatusCode::OK
            },
            body: admin::outcome_json(&outcome),
        },
        Err(e) => from_error(e),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_token_must_match_exactly() {
        let auth = AdminAuth::new("a-long-operator-token");
        assert!(auth.allows(Some("Bearer a-long-operator-token")));
        for wrong in [
            None,
            Some(""),
            Some("Bearer "),
            Some("a-long-operator-token"),
            Some("Bearer a-long-operator-toke"),
            Some("Bearer a-long-operator-token2"),
            Some("Basic a-long-operator-token"),
        ] {
            assert!(!auth.allows(wrong), "{wrong:?}");
        }
    }

    #[test]
    fn segments_are_percent_decoded() {
        assert_eq!(decode_segment("acme%20ltd").as_deref(), Some("acme ltd"));
        assert_eq!(decode_segment("%C3%A9").as_deref(), Some("é"));
        assert_eq!(decode_segment("%ZZ"), None);
        assert_eq!(decode_segment("%C3"), None);
        assert_eq!(decode_segment("%"), None);
        assert_eq!(decode_segment(""), None);
    }

    #[test]
    fn paths_and_methods() {
        let c = command(&Method::GET, &["accounts", "acme"], b"").unwrap();
        assert_eq!(
            c,
            Command::Show {
                account: "acme".into()
            }
        );
        let e = command(&Method::DELETE, &["accounts", "acme"], b"")
            .err()
            .unwrap();
        assert_eq!(e.status, StatusCode::METHOD_NOT_ALLOWED);
        let e = command(&Method::GET, &["nope"], b"").err().unwrap();
        assert_eq!(e.status, StatusCode::NOT_FOUND);
        let e = command(&Method::POST, &["accounts"], b"{\"name\": 3}")
            .err()
            .unwrap();
        assert_eq!(e.status, StatusCode::BAD_REQUEST);
        let e = command(&Method::POST, &["accounts"], b"{}").err().unwrap();
        assert_eq!(e.body["error"]["param"], "name");
        let e = command(&Method::POST, &["accounts", "a", "top-up"], b"[")
            .err()
            .unwrap();
        assert_eq!(e.status, StatusCode::BAD_REQUEST);
    }
}
