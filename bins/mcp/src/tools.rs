//! The MCP side: the server's identity, the tools `redact` and `restore` with their schemas,
//! and the calls. Every decision is the [`Service`]'s: the tool arguments go to it as the
//! JSON body of the matching endpoint, with the HTTP request's `Authorization` header, and
//! its answer (or [`ApiError`]) becomes the tool result.

use std::sync::Arc;
use std::time::Instant;

use redact_service::{ApiError, Service};
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ContentBlock, Implementation,
    JsonObject, ListToolsResult, PaginatedRequestParams, ServerCapabilities, ServerConfig, Tool,
    ToolAnnotations,
};
use rmcp::service::RequestContext;
use rmcp::{ErrorData, RoleServer, ServerHandler};
use serde_json::{Value, json};

/// The MCP handler: one per MCP session (cheap: it shares the [`Service`]).
#[derive(Clone)]
pub struct Tools {
    service: Arc<Service>,
    tools: Arc<Vec<Tool>>,
}

impl Tools {
    /// Tools answered by `service`.
    pub fn new(service: Arc<Service>) -> Tools {
        let tools = Arc::new(tools(service.config().max_text_chars));
        Tools { service, tools }
    }
}

/// The tools, as `tools/list` shows them, for a service that takes texts of at most
/// `max_text_chars` characters.
pub fn tools(max_text_chars: usize) -> Vec<Tool> {
    vec![
        Tool::new(
            "redact",
            "Replace identifying details in `text` (names, emails, phone numbers, street \
             addresses, postcodes, card numbers, bank accounts, SSNs, ID numbers, API keys, IP \
             addresses, internal hostnames, links) with realistic stand-ins of the same kind. \
             Returns the redacted `text` to send to a model, and a `map` from stand-in to real \
             value that is stored nowhere: keep it, pass it to `restore` with the model's \
             reply, and pass it back to `redact` so a person keeps the same stand-in across \
             turns. Counts as one request against the monthly allowance.",
            object(redact_input_schema(max_text_chars)),
        )
        .with_title("Redact personal details")
        .with_raw_output_schema(Arc::new(object(redaction_schema())))
        .with_annotations(
            ToolAnnotations::with_title("Redact personal details")
                .read_only(true)
                .open_world(false),
        ),
        Tool::new(
            "restore",
            "Put the real values back into `text` (usually a model's reply to redacted text) \
             using the `map` returned by the matching `redact` call. Tolerates what models do \
             to stand-ins (case changes, reformatted numbers). Counts as one request against \
             the monthly allowance.",
            object(restore_input_schema()),
        )
        .with_title("Restore personal details")
        .with_raw_output_schema(Arc::new(object(restoration_schema())))
        .with_annotations(
            ToolAnnotations::with_title("Restore personal details")
                .read_only(true)
                .idempotent(true)
                .open_world(false),
        ),
    ]
}

fn object(v: Value) -> JsonObject {
    match v {
        Value::Object(o) => o,
        _ => JsonObject::new(),
    }
}

fn string_map(description: &str) -> Value {
    json!({
        "type": "object",
        "additionalProperties": {"type": "string"},
        "description": description,
    })
}

/// The input of `redact`: the specification's RedactRequest.
fn redact_input_schema(max_text_chars: usize) -> Value {
    json!({
        "type": "object",
        "properties": {
            "text": {
                "type": "string",
                "maxLength": max_text_chars,
                "description": format!("The text to redact (at most {max_text_chars} characters)."),
            },
            "map": string_map(
                "The map from a previous redact call (stand-in -> real value), so the same \
                 person keeps the same stand-in across turns.",
            ),
            "allow": {
                "type": "array",
                "items": {"type": "string"},
                "description": "Terms to send as written (a shared mailbox, a product name \
                                mistaken for a person).",
            },
            "profile": {
                "type": "object",
                "properties": {
                    "name": {"type": "string"},
                    "email": {"type": "string"},
                    "phone": {"type": "string"},
                },
                "additionalProperties": false,
                "description": "The end user's own details, recognised even when written \
                                unusually.",
            },
            "strict": {
                "type": "boolean",
                "default": false,
                "description": "When true, refuse (names_undecided) if the name check cannot \
                                decide, instead of going on with the structured findings.",
            },
        },
        "required": ["text"],
        "additionalProperties": false,
    })
}

/// The input of `restore`: the specification's RestoreRequest.
fn restore_input_schema() -> Value {
    json!({
        "type": "object",
        "properties": {
            "text": {
                "type": "string",
                "description": "The text to restore, usually a model's reply.",
            },
            "map": string_map("The map returned by the matching redact call. May be empty."),
        },
        "required": ["text", "map"],
        "additionalProperties": false,
    })
}

/// The output of `redact`: the specification's Redaction.
fn redaction_schema() -> Value {
    json!({
        "type": "object",
        "properties": {
            "object": {"type": "string", "const": "redaction"},
            "text": {"type": "string", "description": "The text with stand-ins in place."},
            "map": string_map("Stand-in -> real value. Keep it; it is stored nowhere."),
            "redacted": {"type": "integer", "minimum": 0, "description": "Entries in map."},
            "names_decided": {
                "type": "boolean",
                "description": "Whether the name check reached a decision (false: it could \
                                not run, not that no names were found).",
            },
        },
        "required": ["object", "text", "map", "redacted", "names_decided"],
    })
}

/// The output of `restore`: the specification's Restoration.
fn restoration_schema() -> Value {
    json!({
        "type": "object",
        "properties": {
            "object": {"type": "string", "const": "restoration"},
            "text": {"type": "string", "description": "The text with real values put back."},
            "restored": {"type": "integer", "minimum": 0, "description": "Values restored."},
        },
        "required": ["object", "text", "restored"],
    })
}

/// The text of a refused call: `code: message`, so a model or a script can read the code
/// first (as the operating contract asks).
pub fn refusal_text(e: &ApiError) -> String {
    format!("{}: {}", e.code, e.message)
}

fn refused(e: &ApiError) -> CallToolResult {
    CallToolResult::error(vec![ContentBlock::text(refusal_text(e))])
}

fn answered<T: serde::Serialize>(value: &T) -> CallToolResult {
    match serde_json::to_value(value) {
        // The same JSON as structured content and as one text block.
        Ok(v) => CallToolResult::structured(v),
        Err(_) => refused(&ApiError::internal()),
    }
}

impl ServerHandler for Tools {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_tools().build())
            .with_server_info(
                Implementation::new("redact-mcp", env!("CARGO_PKG_VERSION"))
                    .with_title("Redaction service"),
            )
            .with_instructions(
                "Call `redact` on text before it goes to a model; keep the returned `map` \
                 (it is stored nowhere) and call `restore` on the model's reply with that map. \
                 Pass the map back to `redact` on later turns so stand-ins stay stable.",
            )
    }

    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        Ok(ListToolsResult::with_all_items(self.tools.to_vec()))
    }

    fn get_tool(&self, name: &str) -> Option<Tool> {
        self.tools.iter().find(|t| t.name == name).cloned()
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        let start = Instant::now();
        // The HTTP request that carried this call; rmcp's streamable HTTP server puts its
        // parts (the body taken) into the request's extensions. The server checked the key
        // before rmcp saw the request; the service checks it again, and counts the call.
        let auth = context
            .extensions
            .get::<http::request::Parts>()
            .and_then(|p| p.headers.get(http::header::AUTHORIZATION))
            .and_then(|v| v.to_str().ok());
        let body = serde_json::to_vec(&Value::Object(request.arguments.unwrap_or_default()))
            .unwrap_or_default();
        let (tool, outcome) = match request.name.as_ref() {
            "redact" => (
                "redact",
                self.service.redact(auth, &body).await.map(|r| answered(&r)),
            ),
            "restore" => (
                "restore",
                self.service
                    .restore(auth, &body)
                    .await
                    .map(|r| answered(&r)),
            ),
            // The name is the client's; it is not quoted back.
            _ => {
                return Err(ErrorData::invalid_params(
                    "Unknown tool. The tools are `redact` and `restore`.",
                    None,
                ));
            }
        };
        let micros = start.elapsed().as_micros() as u64;
        // Never content: tool, outcome and time only.
        let result = match outcome {
            Ok(result) => {
                tracing::debug!(tool, micros, "tool call");
                result
            }
            Err(e) => {
                if e.status >= 500 {
                    tracing::warn!(tool, refused = e.code, micros, "tool call");
                } else {
                    tracing::debug!(tool, refused = e.code, micros, "tool call");
                }
                refused(&e)
            }
        };
        Ok(result.into())
    }
}
