//! `redact-mcp`: the redaction service as a remote MCP server. It serves the MCP Streamable
//! HTTP transport (rmcp's) at `/mcp` with two tools, `redact` and `restore`, behind the same
//! bearer API keys, store and metering as the HTTP API.
//!
//! - [`McpConfig`]: settings from the environment (`REDACT_MCP_LISTEN`,
//!   `REDACT_DATABASE_URL`, `REDACT_RATE_LIMIT_PER_MINUTE`, `REDACT_MCP_ALLOWED_HOSTS`, …),
//!   read from an injected source.
//! - [`McpServer`]: binds a listener (port 0 in tests), then [`McpServer::run`] serves until
//!   a shutdown future completes, letting requests in flight finish.
//! - [`Tools`]: the MCP handler. A tool call is the matching endpoint's call:
//!   its arguments are the JSON body given to `redact_service::Service::redact` or
//!   `restore`, with the HTTP request's `Authorization` header; the answer is the tool's
//!   `structuredContent` and one JSON text block, a refusal is `isError: true` with text
//!   `code: message`.
//!
//! Every decision is made by `redact_service::Service`; this crate only moves messages.
//!
//! ```no_run
//! # async fn demo() -> anyhow::Result<()> {
//! let config = redact_mcp::McpConfig::from_lookup(|k| std::env::var(k).ok())
//!     .map_err(anyhow::Error::msg)?;
//! // No name model: the built-in recogniser decides alone.
//! let (server, _first_key) = redact_mcp::build(&config, None).await?;
//! println!("MCP endpoint: http://{}/mcp", server.local_addr());
//! server.run(redact_mcp::shutdown_signal()).await;
//! # Ok(()) }
//! ```

#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod config;
mod server;
mod tools;

use std::sync::Arc;

pub use config::{AllowedHosts, DEFAULT_DATABASE_URL, LOOPBACK_HOSTS, McpConfig};
pub use server::{MCP_PATH, McpServer, ServerOptions};
pub use tools::{Tools, refusal_text, tools};

use redact_service::billing::MeterPolicy;
use redact_service::{Config, Limits, Service};

/// The service settings that `config` implies (the same as the gateway's for the same
/// variables, so both count alike on one store).
pub fn service_config(config: &McpConfig) -> Config {
    Config {
        rate_limit_per_minute: config.rate_limit_per_minute,
        limits: Limits {
            max_map_entries: config.max_map_entries,
            ..Limits::default()
        },
        meter: MeterPolicy {
            included: config.requests_included,
            ..MeterPolicy::default()
        },
        ..Config::default()
    }
}

/// Opens the store (applying migrations), builds the service and binds the listener.
/// On an empty embedded store, creates the `default` account and returns its key (to be
/// shown once), as the gateway does.
/// `name_model` is the optional model-based name check (`REDACT_NAME_MODEL_*`), as on the
/// gateway.
pub async fn build(
    config: &McpConfig,
    name_model: Option<redact_service::namecheck::NameModel>,
) -> anyhow::Result<(McpServer, Option<redact_service::billing::NewKey>)> {
    let store = redact_service::billing::open(&config.database_url)
        .await
        .map_err(|e| anyhow::anyhow!("cannot open the store: {e}"))?;
    let first_key = if config.is_embedded() {
        store
            .ensure_default_account()
            .await
            .map_err(|e| anyhow::anyhow!("cannot create the default account: {e}"))?
    } else {
        None
    };
    let service = Service::new(store, service_config(config)).with_name_model(name_model);
    service.warm_up();
    let server = McpServer::bind(
        config.listen,
        Arc::new(service),
        ServerOptions {
            allowed_hosts: config.allowed_hosts.clone(),
            sessions: config.sessions,
            max_body_bytes: config.max_body_bytes,
        },
    )
    .await
    .map_err(|e| anyhow::anyhow!("cannot listen on {}: {e}", config.listen))?;
    Ok((server, first_key))
}

/// Logs to stderr with `filter` (`REDACT_LOG` syntax; `info` when it does not parse).
///
/// Only this workspace's crates log below `warn`: rmcp logs whole MCP messages (tool
/// arguments and results, so text and maps) at `debug` and `trace`, which must never reach
/// a log, whatever the filter asks for.
pub fn init_logging(filter: &str) {
    use tracing_subscriber::layer::SubscriberExt;
    use tracing_subscriber::util::SubscriberInitExt;
    use tracing_subscriber::{Layer, filter};

    let env = filter::EnvFilter::try_new(filter).unwrap_or_else(|_| filter::EnvFilter::new("info"));
    let fmt = tracing_subscriber::fmt::layer()
        .with_writer(std::io::stderr)
        .with_target(false)
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
        .with_filter(filter::filter_fn(content_free));
    let _ = tracing_subscriber::registry()
        .with(env)
        .with(fmt)
        .try_init();
}

/// Whether an event or span may be logged at all: this workspace's own (which never log
/// content), or anyone's at `warn` and above.
pub fn content_free(meta: &tracing::Metadata<'_>) -> bool {
    meta.target().starts_with("redact") || *meta.level() <= tracing::Level::WARN
}

/// Completes on SIGTERM or ctrl-c.
pub async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! {
        _ = ctrl_c => {},
        _ = term => {},
    }
}
