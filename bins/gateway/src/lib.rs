//! `redact-gateway`: the HTTP API of the redaction service, and the commands that
//! administer its accounts and keys.
//!
//! - [`GatewayConfig`]: settings from the environment (`REDACT_LISTEN`,
//!   `REDACT_DATABASE_URL`, `REDACT_RATE_LIMIT_PER_MINUTE`, …), read from an injected source.
//! - [`Gateway`]: binds a listener (port 0 in tests), then [`Gateway::run`] serves until a
//!   shutdown future completes, letting requests in flight finish.
//! - [`admin`]: `account …` and `key …` subcommands, exactly as the operating contract
//!   writes them; [`admin_api`]: the same over HTTP under `/admin/v1/` (only with
//!   `REDACT_ADMIN_TOKEN`).
//! - The console at `/` (`console/`: HTML, CSS and JS embedded in the binary).
//!
//! The routes: `POST /v1/redact`, `POST /v1/restore`, `POST /v1/proxy/chat/completions`,
//! `POST /v1/chat/completions`, `GET /v1/usage`, `GET /healthz`,
//! `GET /readyz`, `GET /metrics`, `GET /v1/openapi.json`. Every decision is made by
//! `redact_service::Service`; this crate only moves bytes.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod admin;
pub mod admin_api;
mod config;
mod console;
mod server;

use std::sync::Arc;

pub use config::{AdminToken, DEFAULT_DATABASE_URL, GatewayConfig};
pub use server::{Gateway, OPENAPI};

use redact_service::billing::MeterPolicy;
use redact_service::{Config, Limits, Service};

/// Opens the store (applying migrations), builds the service and binds the listener.
/// On an empty embedded store, creates the `default` account and returns its key (to be
/// shown once).
/// `name_model` is the optional model-based name check (`REDACT_NAME_MODEL_*`); `vendors`
/// the vendors the proxy and the service chat call (`REDACT_*_BASE_URL`); `chat` the service
/// chat's routes, plans, provider keys and hold expiry (`REDACT_CONFIG`,
/// `REDACT_SERVICE_*_KEY`, `REDACT_HOLD_EXPIRY_SECONDS`).
pub async fn build(
    config: &GatewayConfig,
    name_model: Option<redact_service::namecheck::NameModel>,
    vendors: redact_service::Vendors,
    chat: redact_service::ChatSettings,
) -> anyhow::Result<(Gateway, Option<redact_service::billing::NewKey>)> {
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
    let service = Service::new(
        store,
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
        },
    )
    .with_name_model(name_model)
    .with_vendors(vendors)
    .with_chat(chat);
    service.warm_up();
    let gateway = Gateway::bind(config.listen, Arc::new(service), config.max_body_bytes)
        .await
        .map_err(|e| anyhow::anyhow!("cannot listen on {}: {e}", config.listen))?
        .with_admin_token(config.admin_token.as_ref().map(|t| t.expose()));
    Ok((gateway, first_key))
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
