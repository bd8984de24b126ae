//! The redaction service's operations, free of any transport: authenticate, rate-limit,
//! meter, redact, restore, report usage. The gateway (HTTP) and the MCP server call the same
//! [`Service`], so both count requests in the same store and answer with the same errors.
//!
//! A request's life, in order:
//! 1. **Authenticate**: `Authorization: Bearer rk_…`; a missing or malformed key is 401 at
//!    once, without touching the store.
//! 2. **Rate limit** ([`RateLimiter`]): per key, per instance; 429 with `Retry-After`.
//! 3. **Meter**: one atomic store call checks the key (401), API access (402), counts the
//!    request and charges it beyond the allowance (402 `insufficient_balance`, 429
//!    `key_spending_limit_reached`). A stranger learns nothing about the body's rules.
//! 4. **Parse** the body ([`RedactRequest`], [`RestoreRequest`]): 400 naming the field, 413
//!    for text over the limit.
//! 5. **Redact or restore**: 503 if redaction refuses the text.
//!
//! A request refused at step 4 or 5 is given back: its count and any charge are refunded, so
//! only requests answered 200 are counted.
//!
//! The proxy ([`Service::proxy`]) follows the same steps, then calls the caller's vendor.
//! The service chat ([`Service::chat`], `POST /v1/chat/completions`) is not metered per
//! request: it holds the largest possible cost of the call against the prepaid balance,
//! then settles the hold to the vendor's reported usage or releases it (see the `chat`
//! module and [`plans`]).
//!
//! Errors are [`ApiError`]s: a status, the contract's `code` and `type`, a message that never
//! quotes request text, a map or a key, and the field at fault.
//!
//! ```no_run
//! # async fn demo() -> Result<(), Box<dyn std::error::Error>> {
//! use redact_service::{Config, Service};
//!
//! let store = redact_billing::open("sqlite::memory:").await?;
//! let service = Service::new(store, Config::default());
//! let key = "rk_…"; // from `redact-gateway key create`
//! let r = service
//!     .redact(Some(&format!("Bearer {key}")), br#"{"text":"Call +1 415 555 0132"}"#)
//!     .await?;
//! println!("{}", r.text);
//! # Ok(()) }
//! ```

#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod chat;
mod error;
mod metrics;
pub mod plans;
mod proxy;
mod ratelimit;
mod request;

use std::sync::Arc;

use redact::{NameCheck, RedactError, RedactOptions, Redaction, Redactor, Restoration};
use redact_billing::{
    KeyHash, MeterPolicy, Month, Receipt, Refusal, Store, StoreError, micros_to_usd,
};
use redact_namecheck::{NameModel, NameVerdict};
use serde::Serialize;

pub use chat::{ChatSettings, DEFAULT_HOLD_EXPIRY};
pub use error::ApiError;
pub use metrics::{ChatMetrics, Metrics};
pub use proxy::{ProxyHeaders, ProxyReply, ProxyStream, Vendors, vendor_error};
pub use ratelimit::RateLimiter;
/// The store layer, re-exported so binaries need no other crate for it.
pub use redact_billing as billing;
/// The optional model-based name check, re-exported for configuration.
pub use redact_namecheck as namecheck;
/// The vendor adapters, re-exported for configuration.
pub use redact_vendors as vendors;
pub use request::{Limits, RedactRequest, RestoreRequest};

/// Texts longer than this (in bytes) are redacted on the blocking pool, so a long text does
/// not hold up the other requests of a runtime worker.
const BLOCKING_THRESHOLD: usize = 32 * 1024;

/// The service's settings.
#[derive(Clone, Debug)]
pub struct Config {
    /// Requests a minute per key in this instance.
    pub rate_limit_per_minute: u32,
    /// Bounds on request bodies.
    pub limits: Limits,
    /// The monthly allowance and the price beyond it.
    pub meter: MeterPolicy,
    /// The longest text accepted, in characters.
    pub max_text_chars: usize,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            rate_limit_per_minute: 60,
            limits: Limits::default(),
            meter: MeterPolicy::default(),
            max_text_chars: redact::MAX_TEXT_CHARS,
        }
    }
}

/// The figures of `GET /v1/usage` (the specification's `Usage`).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct UsageReport {
    /// Always `usage`.
    pub object: &'static str,
    /// The prepaid balance after settled charges.
    pub balance_usd: f64,
    /// Charged this calendar month (UTC).
    pub spent_usd: f64,
    /// The balance less amounts held for requests in flight.
    pub remaining_usd: f64,
    /// Requests counted this month.
    pub requests_this_month: i64,
    /// Requests included each month.
    pub requests_included: i64,
    /// The plan.
    pub tier: String,
}

/// The API's operations over one store.
pub struct Service {
    store: Arc<dyn Store>,
    redactor: Redactor,
    limiter: RateLimiter,
    metrics: Metrics,
    config: Config,
    name_model: Option<NameModel>,
    vendors: Option<Vendors>,
    chat: ChatSettings,
}

impl Service {
    /// A service over `store`.
    pub fn new(store: Arc<dyn Store>, config: Config) -> Service {
        Service {
            store,
            redactor: Redactor::new().with_max_chars(config.max_text_chars),
            limiter: RateLimiter::new(config.rate_limit_per_minute),
            metrics: Metrics::new(),
            config,
            name_model: None,
            vendors: None,
            chat: ChatSettings::default(),
        }
    }

    /// Enables the proxy (`POST /v1/proxy/chat/completions`) with these vendors.
    pub fn with_vendors(mut self, vendors: Vendors) -> Service {
        self.vendors = Some(vendors);
        self
    }

    /// Consults a model for names of people before each redaction (see `redact-namecheck`).
    /// Without one, the built-in recogniser decides alone and `names_decided` is always true.
    pub fn with_name_model(mut self, model: Option<NameModel>) -> Service {
        self.name_model = model;
        self
    }

    /// Uses another redactor (a seeded one in tests, say).
    pub fn with_redactor(mut self, redactor: Redactor) -> Service {
        self.redactor = redactor.with_max_chars(self.config.max_text_chars);
        self
    }

    /// Builds the detection tables now rather than on the first request.
    pub fn warm_up(&self) {
        self.redactor.detector().warm_up();
    }

    /// The store.
    pub fn store(&self) -> &Arc<dyn Store> {
        &self.store
    }

    /// The metrics.
    pub fn metrics(&self) -> &Metrics {
        &self.metrics
    }

    /// The settings.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// Whether the store answers (`/readyz`).
    pub async fn ready(&self) -> bool {
        self.store.ping().await.is_ok()
    }

    /// `POST /v1/redact`.
    pub async fn redact(
        &self,
        authorization: Option<&str>,
        body: &[u8],
    ) -> Result<Redaction, ApiError> {
        let key = self.admit(authorization).await?;
        let receipt = self.meter(&key, true).await?;
        let req = match RedactRequest::parse(body, &self.config.limits)
            .and_then(|r| self.check_length(&r.text).map(|()| r))
        {
            Ok(r) => r,
            Err(e) => {
                self.refund(&receipt).await;
                return Err(e);
            }
        };
        let names = match &self.name_model {
            None => NameCheck::Builtin,
            Some(model) => match model.check(&req.text).await {
                NameVerdict::Decided(names) => {
                    self.metrics.name_check("decided");
                    NameCheck::Decided(names)
                }
                NameVerdict::Undecided(reason) => {
                    self.metrics.name_check("undecided");
                    tracing::warn!(reason = ?reason, "the name model could not decide");
                    NameCheck::Undecided
                }
            },
        };
        let opts = RedactOptions {
            map: req.map,
            allow: req.allow,
            profile: req.profile,
            strict: req.strict,
            names,
        };
        // A panic inside redaction (a bug) must not drop the connection or leak anything: it
        // becomes a 503, fail closed, like any other refusal.
        let result = if req.text.len() > BLOCKING_THRESHOLD {
            let redactor = self.redactor.clone();
            tokio::task::spawn_blocking(move || redactor.redact_detailed(&req.text, &opts))
                .await
                .map_err(|_| ())
        } else {
            std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                self.redactor.redact_detailed(&req.text, &opts)
            }))
            .map_err(|_| ())
        };
        match result {
            Ok(Ok((r, findings))) => {
                self.count_kinds(&findings);
                Ok(r)
            }
            Ok(Err(e)) => {
                self.refund(&receipt).await;
                Err(match e {
                    RedactError::TextTooLong { chars, limit } => {
                        ApiError::text_too_long(chars, limit)
                    }
                    RedactError::NamesUndecided => ApiError::names_undecided(),
                    _ => ApiError::redaction_unavailable(
                        "Redaction could not produce a text that restores exactly; nothing \
                         was sent to any model and the request was not counted.",
                    ),
                })
            }
            Err(_) => {
                self.refund(&receipt).await;
                Err(ApiError::redaction_unavailable(
                    "Redaction failed; nothing was sent to any model and the request was not \
                     counted.",
                ))
            }
        }
    }

    /// `POST /v1/restore`.
    pub async fn restore(
        &self,
        authorization: Option<&str>,
        body: &[u8],
    ) -> Result<Restoration, ApiError> {
        let key = self.admit(authorization).await?;
        let receipt = self.meter(&key, true).await?;
        let req = match RestoreRequest::parse(body, &self.config.limits) {
            Ok(r) => r,
            Err(e) => {
                self.refund(&receipt).await;
                return Err(e);
            }
        };
        let result = if req.text.len() > BLOCKING_THRESHOLD {
            let redactor = self.redactor.clone();
            tokio::task::spawn_blocking(move || redactor.restore(&req.text, &req.map))
                .await
                .map_err(|_| ())
        } else {
            std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                self.redactor.restore(&req.text, &req.map)
            }))
            .map_err(|_| ())
        };
        match result {
            Ok(r) => Ok(r),
            Err(()) => {
                self.refund(&receipt).await;
                Err(ApiError::internal())
            }
        }
    }

    /// `GET /v1/usage`: counts toward the rate limit, not the allowance.
    pub async fn usage(&self, authorization: Option<&str>) -> Result<UsageReport, ApiError> {
        let key = self.admit(authorization).await?;
        let u = self
            .store
            .usage(&key, Month::now())
            .await
            .map_err(store_error)?
            .ok_or_else(unknown_key)?;
        Ok(UsageReport {
            object: "usage",
            balance_usd: micros_to_usd(u.balance),
            spent_usd: micros_to_usd(u.spent),
            remaining_usd: micros_to_usd(u.remaining),
            requests_this_month: u.requests_this_month,
            requests_included: self.config.meter.included,
            tier: u.plan,
        })
    }

    /// Checks that `authorization` carries a known, unrevoked key, without counting anything
    /// or touching the rate limit (for transports that authenticate a connection before
    /// reading any request, such as the MCP server). 401 otherwise.
    pub async fn authenticate(
        &self,
        authorization: Option<&str>,
    ) -> Result<redact_billing::Caller, ApiError> {
        let key = bearer_key(authorization)?;
        self.store
            .authenticate(&key)
            .await
            .map_err(store_error)?
            .ok_or_else(unknown_key)
    }

    /// Steps 1 and 2: a well-formed key, within its rate limit.
    async fn admit(&self, authorization: Option<&str>) -> Result<KeyHash, ApiError> {
        let key = bearer_key(authorization)?;
        if let Err(wait) = self.limiter.check(&key) {
            // Tell a stranger 401, not 429: only a real key has a rate limit.
            return match self.store.authenticate(&key).await.map_err(store_error)? {
                Some(_) => Err(ApiError::rate_limited(self.limiter.limit(), wait)),
                None => Err(unknown_key()),
            };
        }
        Ok(key)
    }

    /// The redactor enforces the limit too; checking first keeps an over-long text from being
    /// sent to the name model (which runs before the redactor) at all.
    fn check_length(&self, text: &str) -> Result<(), ApiError> {
        if text.len() > self.config.max_text_chars {
            let chars = text.chars().count();
            if chars > self.config.max_text_chars {
                return Err(ApiError::text_too_long(chars, self.config.max_text_chars));
            }
        }
        Ok(())
    }

    async fn meter(&self, key: &KeyHash, need_api_access: bool) -> Result<Receipt, ApiError> {
        match self
            .store
            .meter(key, Month::now(), &self.config.meter, need_api_access)
            .await
            .map_err(store_error)?
        {
            Ok(receipt) => Ok(receipt),
            Err(refusal) => Err(refusal_error(refusal)),
        }
    }

    fn count_kinds(&self, findings: &[redact::Finding]) {
        let mut counts: Vec<(&'static str, u64)> = Vec::new();
        for f in findings {
            let kind = f.kind.as_str();
            match counts.iter_mut().find(|(k, _)| *k == kind) {
                Some((_, n)) => *n += 1,
                None => counts.push((kind, 1)),
            }
        }
        for (kind, n) in counts {
            self.metrics.redacted(kind, n);
        }
    }

    async fn refund(&self, receipt: &Receipt) {
        if let Err(e) = self.store.refund(receipt).await {
            tracing::warn!(error = %e, "could not refund a request that was refused after counting");
        }
    }
}

/// The key in an `Authorization: Bearer …` header, hashed; 401 when absent or not a key.
pub fn bearer_key(authorization: Option<&str>) -> Result<KeyHash, ApiError> {
    let Some(value) = authorization else {
        return Err(ApiError::invalid_key(
            "No API key. Send `Authorization: Bearer <key>`.",
        ));
    };
    let value = value.trim();
    let token = match value.split_once(' ') {
        Some((scheme, rest)) if scheme.eq_ignore_ascii_case("bearer") => rest.trim(),
        _ => {
            return Err(ApiError::invalid_key(
                "The Authorization header must be `Bearer <key>`.",
            ));
        }
    };
    KeyHash::parse(token).ok_or_else(unknown_key)
}

fn unknown_key() -> ApiError {
    ApiError::invalid_key("The API key is not recognised (unknown, malformed or revoked).")
}

/// The answer for a store refusal.
pub fn refusal_error(refusal: Refusal) -> ApiError {
    match refusal {
        Refusal::InvalidKey => unknown_key(),
        Refusal::ApiAccessRequired => ApiError::api_access_required(),
        Refusal::InsufficientBalance => ApiError::insufficient_balance(),
        Refusal::KeySpendingLimitReached => ApiError::key_spending_limit(),
    }
}

fn store_error(e: StoreError) -> ApiError {
    tracing::error!(error = %e, "store call failed");
    ApiError::store_unavailable()
}
