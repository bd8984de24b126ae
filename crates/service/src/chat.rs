//! `POST /v1/chat/completions`: the service's own chat endpoint. The caller sends only our
//! API key; the request is redacted as on the proxy, answered by the service's own provider
//! account for the chosen route (`REDACT_SERVICE_*_KEY`), restored, and paid from the
//! account's prepaid balance.
//!
//! Order: key and rate limit (401/429), the key's account (401), the body (400), a named
//! route (400 unknown, 403 `model_not_in_plan`, 503 when the service has no account at its
//! vendor), the service fields (`map`, `allow`, `profile`, `strict`; 400/413), input tokens
//! against the plan's limit (400 `context_length_exceeded`), the route for `service-auto`,
//! redaction (503), the request for the vendor (400), then the **hold**: the largest
//! possible cost ([`Route::hold`]) is held against the balance until it is settled or
//! expires (402 `insufficient_balance`, 429 `key_spending_limit_reached`). Nothing reaches
//! a vendor before the hold is taken, and no API access is needed.
//!
//! After the answer the hold is **settled** to the vendor's reported usage at the route's
//! prices (capped at the amount held) and the rest is released; a stream is settled when it
//! ends, before its last piece is written. A vendor error, a timeout or a client that goes
//! away **releases** the hold without charge. A hold left by a crash expires after
//! `REDACT_HOLD_EXPIRY_SECONDS` and is released by the next sweep
//! ([`Service::sweep_expired_holds`]); to keep that from releasing a hold whose answer is
//! still being written, every call is cut off before its hold expires
//! ([`ChatSettings::deadline`]).
//!
//! Chat requests do not count against the monthly allowance of requests; they count toward
//! the per-key rate limit.

use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use redact::Restorer;
use redact_billing::{Micros, Month, Store};
use redact_vendors::{ChatCompletionChunk, ChatRequest, Role, Usage, Vendor, VendorError, build};

use crate::metrics::ChatMetrics;
use crate::plans::{self, Catalog, Route, RouteRefusal};
use crate::proxy::{ProxyReply, ProxyStream, request_error, vendor_error};
use crate::{ApiError, Service, refusal_error, store_error, unknown_key};

/// The default of `REDACT_HOLD_EXPIRY_SECONDS`.
pub const DEFAULT_HOLD_EXPIRY: Duration = Duration::from_secs(600);

/// The settings of the service chat: routes, plans and prices, the service's own provider
/// keys, and how long a hold lives.
#[derive(Clone)]
pub struct ChatSettings {
    catalog: Catalog,
    keys: BTreeMap<&'static str, String>,
    hold_expiry: Duration,
}

impl std::fmt::Debug for ChatSettings {
    // The keys are never printed, only which vendors have one.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ChatSettings")
            .field("catalog", &self.catalog)
            .field("vendors_with_keys", &self.keys.keys().collect::<Vec<_>>())
            .field("hold_expiry", &self.hold_expiry)
            .finish()
    }
}

impl Default for ChatSettings {
    /// The built-in catalog, no provider key (every route answers 503), holds of 600 s.
    fn default() -> Self {
        ChatSettings::new(Catalog::default())
    }
}

impl ChatSettings {
    /// `catalog`, no provider key yet, holds of [`DEFAULT_HOLD_EXPIRY`].
    pub fn new(catalog: Catalog) -> ChatSettings {
        ChatSettings {
            catalog,
            keys: BTreeMap::new(),
            hold_expiry: DEFAULT_HOLD_EXPIRY,
        }
    }

    /// The service's own key at `vendor`.
    pub fn with_key(mut self, vendor: Vendor, key: impl Into<String>) -> ChatSettings {
        self.keys.insert(vendor.as_str(), key.into());
        self
    }

    /// How long a hold lives before a sweep releases it (at least 2 s).
    pub fn with_hold_expiry(mut self, expiry: Duration) -> ChatSettings {
        self.hold_expiry = expiry.max(Duration::from_secs(2));
        self
    }

    /// The settings from `REDACT_CONFIG` (a TOML file, see [`plans`]),
    /// `REDACT_SERVICE_OPENAI_KEY`, `REDACT_SERVICE_ANTHROPIC_KEY`,
    /// `REDACT_SERVICE_GOOGLE_KEY` and `REDACT_HOLD_EXPIRY_SECONDS`, read through `get`.
    /// Errors name the variable (never a key's value).
    pub fn from_lookup(get: impl Fn(&str) -> Option<String>) -> Result<ChatSettings, String> {
        let set = |name: &str| get(name).filter(|v| !v.trim().is_empty());
        let catalog = match set("REDACT_CONFIG") {
            None => Catalog::default(),
            Some(path) => {
                let text = std::fs::read_to_string(path.trim())
                    .map_err(|e| format!("REDACT_CONFIG: cannot read {path:?}: {e}"))?;
                Catalog::from_toml(&text)?
            }
        };
        let mut settings = ChatSettings::new(catalog);
        for vendor in Vendor::ALL {
            let var = format!(
                "REDACT_SERVICE_{}_KEY",
                vendor.as_str().to_ascii_uppercase()
            );
            if let Some(key) = set(&var) {
                settings = settings.with_key(vendor, key.trim());
            }
        }
        if let Some(secs) = set("REDACT_HOLD_EXPIRY_SECONDS") {
            let secs: u64 = secs
                .trim()
                .parse()
                .ok()
                .filter(|s| (2..=86_400).contains(s))
                .ok_or("REDACT_HOLD_EXPIRY_SECONDS: must be a whole number from 2 to 86400")?;
            settings = settings.with_hold_expiry(Duration::from_secs(secs));
        }
        Ok(settings)
    }

    /// The routes and plans.
    pub fn catalog(&self) -> &Catalog {
        &self.catalog
    }

    /// How long a hold lives.
    pub fn hold_expiry(&self) -> Duration {
        self.hold_expiry
    }

    /// How long a chat call may run: the hold's expiry less a tenth (at least 1 s less), so
    /// the answer is settled before a sweep could release its hold.
    pub fn deadline(&self) -> Duration {
        let margin = (self.hold_expiry / 10).max(Duration::from_secs(1));
        self.hold_expiry.saturating_sub(margin)
    }

    /// How often expired holds are swept: a quarter of the expiry, between 1 s and 60 s.
    pub fn sweep_interval(&self) -> Duration {
        (self.hold_expiry / 4).clamp(Duration::from_secs(1), Duration::from_secs(60))
    }

    /// Whether the service has a key at `vendor`.
    pub fn has_key(&self, vendor: &str) -> bool {
        self.keys.contains_key(vendor)
    }

    fn key(&self, vendor: Vendor) -> Option<&str> {
        self.keys.get(vendor.as_str()).map(String::as_str)
    }
}

/// A hold being spent. Dropped unsettled (a client that went away), it is released in the
/// background; a release or settle that fails leaves it to expire and be swept.
pub(crate) struct HoldGuard {
    store: Arc<dyn Store>,
    id: Option<String>,
    metrics: ChatMetrics,
}

impl HoldGuard {
    fn new(store: Arc<dyn Store>, id: String, metrics: ChatMetrics) -> HoldGuard {
        HoldGuard {
            store,
            id: Some(id),
            metrics,
        }
    }

    /// Charges `cost` (capped at the hold) and releases the rest.
    async fn settle(&mut self, cost: Micros) {
        if let Some(id) = self.id.take() {
            match self.store.settle(&id, Month::now(), cost).await {
                Ok(charged) => {
                    self.metrics.hold("settled");
                    self.metrics.charged(u64::try_from(charged).unwrap_or(0));
                }
                Err(e) => {
                    tracing::error!(error = %e, "could not settle a chat hold; it will expire and be released");
                }
            }
        }
    }

    /// Releases the hold without charge.
    async fn release(&mut self) {
        if let Some(id) = self.id.take() {
            self.metrics.hold("released");
            if let Err(e) = self.store.release(&id).await {
                tracing::warn!(error = %e, "could not release a chat hold; it will expire and be swept");
            }
        }
    }
}

impl Drop for HoldGuard {
    fn drop(&mut self) {
        if let Some(id) = self.id.take()
            && let Ok(runtime) = tokio::runtime::Handle::try_current()
        {
            self.metrics.hold("released");
            let store = self.store.clone();
            runtime.spawn(async move {
                if let Err(e) = store.release(&id).await {
                    tracing::warn!(error = %e, "could not release a chat hold; it will expire and be swept");
                }
            });
        }
    }
}

/// What a streamed chat answer is charged: the vendor's reported usage, else the counted
/// input and the tokens of the text streamed.
pub(crate) struct Billing {
    guard: HoldGuard,
    route: Route,
    input_tokens: u64,
    usage: Option<Usage>,
    output: String,
    /// The stream ended in an error (released, not charged).
    pub(crate) failed: bool,
}

impl Billing {
    /// Notes a chunk's usage.
    pub(crate) fn observe(&mut self, chunk: &ChatCompletionChunk) {
        if let Some(u) = &chunk.usage {
            self.usage = Some(u.clone());
        }
    }

    /// Notes a piece of the answer's text, for an estimate should no usage come.
    pub(crate) fn text(&mut self, text: &str) {
        if self.usage.is_none() {
            self.output.push_str(text);
        }
    }

    /// Settles the hold (released if the stream failed).
    pub(crate) async fn finish(&mut self) {
        if self.failed {
            self.guard.release().await;
        } else {
            let cost = charge(&self.route, self.input_tokens, self.usage.as_ref(), || {
                std::mem::take(&mut self.output)
            });
            self.guard.settle(cost).await;
        }
    }
}

/// The cost of an answer: the vendor's usage at the route's prices, else the counted input
/// and the tokens of the answer's text.
fn charge(
    route: &Route,
    input_tokens: u64,
    usage: Option<&Usage>,
    output: impl FnOnce() -> String,
) -> Micros {
    match usage {
        Some(u) => route.cost(u.prompt_tokens, u.completion_tokens),
        None => route.cost(input_tokens, plans::count_output_tokens(&output())),
    }
}

fn route_error(refusal: RouteRefusal, requested: &str, plan: &str, catalog: &Catalog) -> ApiError {
    match refusal {
        RouteRefusal::UnknownModel => {
            let names: Vec<String> = catalog
                .plan(plan)
                .map(|p| p.routes.clone())
                .unwrap_or_default();
            ApiError::invalid(
                Some("model"),
                format!(
                    "Unknown model `{}`. Name a service route ({}) or leave model out to \
                     have one chosen.",
                    printable(requested),
                    names.join(", ")
                ),
            )
        }
        RouteRefusal::NotInPlan => ApiError::model_not_in_plan(requested, plan),
        RouteRefusal::UnknownPlan => ApiError::model_not_in_plan(requested, plan),
        RouteRefusal::Unavailable => ApiError::model_unavailable(requested),
    }
}

/// A model name fit to quote in a message: at most 64 characters, no control characters.
fn printable(s: &str) -> String {
    s.chars().filter(|c| !c.is_control()).take(64).collect()
}

/// A vendor's refusal of the service's own account (401/403) is the service's problem,
/// not the caller's: 502, so the caller's SDK does not think its own key is wrong.
fn chat_vendor_error(e: &VendorError) -> ApiError {
    let mut a = vendor_error(e);
    if matches!(e.status(), 401 | 403) {
        tracing::error!(vendor = %e.vendor(), status = e.status(), "the vendor refused the service's own provider key");
        a.status = 502;
        a.message = format!(
            "The vendor ({}) refused the service's own account; nothing was charged. Try \
             again later.",
            e.vendor()
        );
    }
    a
}

/// The error of a chat call still running at its deadline (504).
pub(crate) fn deadline_passed(vendor: Vendor) -> VendorError {
    VendorError::timeout(
        vendor,
        "the answer took longer than the service allows a chat request",
    )
}

/// `call`, or [`deadline_passed`] if it is not done by `deadline`.
async fn within<T>(
    deadline: tokio::time::Instant,
    vendor: Vendor,
    call: impl std::future::Future<Output = Result<T, VendorError>>,
) -> Result<T, VendorError> {
    tokio::time::timeout_at(deadline, call)
        .await
        .unwrap_or_else(|_| Err(deadline_passed(vendor)))
}

fn unix_now() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_secs() as i64)
        .unwrap_or(0)
}

/// The last user message's text (what the route heuristic reads).
fn last_user_text(req: &ChatRequest) -> String {
    req.messages
        .iter()
        .rev()
        .find(|m| m.role == Role::User)
        .map(|m| m.text_content())
        .unwrap_or_default()
}

impl Service {
    /// Uses these chat settings (routes, plans, prices, the service's provider keys, hold
    /// expiry). Without them every route answers 503.
    pub fn with_chat(mut self, chat: ChatSettings) -> Service {
        self.chat = chat;
        self
    }

    /// The chat settings.
    pub fn chat_settings(&self) -> &ChatSettings {
        &self.chat
    }

    /// Releases the holds whose expiry has passed (left by a crash); returns how many.
    /// Servers call it every [`ChatSettings::sweep_interval`].
    pub async fn sweep_expired_holds(&self) -> Result<u64, ApiError> {
        let n = self
            .store
            .sweep_expired(unix_now())
            .await
            .map_err(store_error)?;
        if n > 0 {
            tracing::info!(holds = n, "released expired chat holds");
        }
        Ok(n)
    }

    /// `POST /v1/chat/completions`.
    pub async fn chat(
        &self,
        authorization: Option<&str>,
        body: &[u8],
    ) -> Result<ProxyReply, ApiError> {
        let key = self.admit(authorization).await?;
        let caller = self
            .store
            .authenticate(&key)
            .await
            .map_err(store_error)?
            .ok_or_else(unknown_key)?;
        let Some(vendors) = &self.vendors else {
            return Err(ApiError::model_unavailable("any model"));
        };
        let mut req = ChatRequest::from_json(body).map_err(request_error)?;
        if req.messages.is_empty() {
            return Err(ApiError::invalid(
                Some("messages"),
                "messages must hold at least one message.",
            ));
        }
        let catalog = &self.chat.catalog;
        let requested = req.model.clone().filter(|m| !m.trim().is_empty());
        let shown = requested.clone().unwrap_or_else(|| plans::AUTO.to_string());
        let available = |r: &Route| self.chat.has_key(&r.vendor);
        // A named route is checked before any work is done on the request.
        if requested
            .as_deref()
            .is_some_and(|m| m.trim() != plans::AUTO)
        {
            catalog
                .choose_available(
                    &caller.plan,
                    requested.as_deref(),
                    plans::Difficulty::default(),
                    available,
                )
                .map_err(|r| route_error(r, &shown, &caller.plan, catalog))?;
        }
        let plan = catalog
            .plan(&caller.plan)
            .ok_or_else(|| route_error(RouteRefusal::UnknownPlan, &shown, &caller.plan, catalog))?;
        let opts = self.chat_options(&mut req)?;
        let total: usize = req.texts_mut().map(|t| t.len()).sum();
        let (req, tokens) = if total > crate::BLOCKING_THRESHOLD {
            tokio::task::spawn_blocking(move || {
                let n = plans::count_request_tokens(&mut req);
                (req, n)
            })
            .await
            .map_err(|_| ApiError::internal())?
        } else {
            let n = plans::count_request_tokens(&mut req);
            (req, n)
        };
        if tokens > u64::from(plan.input_tokens) {
            return Err(ApiError::context_length_exceeded(
                tokens,
                plan.input_tokens,
                &plan.name,
            ));
        }
        let difficulty = plans::difficulty(&last_user_text(&req), tokens);
        let route = catalog
            .choose_available(&caller.plan, requested.as_deref(), difficulty, available)
            .map_err(|r| route_error(r, &shown, &caller.plan, catalog))?
            .clone();
        let vendor = Vendor::from_wire(&route.vendor).ok_or_else(ApiError::internal)?;
        let service_key = self
            .chat
            .key(vendor)
            .ok_or_else(|| ApiError::model_unavailable(&route.name))?;
        let (mut req, map) = self.redact_conversation(req, opts).await?;
        req.model = Some(route.model.clone());
        if req.output_limit().is_none() {
            req.max_completion_tokens = Some(route.max_output_tokens);
        }
        let choices = u64::from(req.n.unwrap_or(1).max(1));
        let output = u64::from(req.output_limit().unwrap_or(route.max_output_tokens)) * choices;
        let http =
            build(vendor, &req, &vendors.endpoint(vendor), service_key).map_err(request_error)?;
        let amount = route.hold(tokens, output);
        let expires_at = unix_now() + self.chat.hold_expiry.as_secs() as i64;
        let hold = match self
            .store
            .hold(&key, Month::now(), amount, expires_at)
            .await
            .map_err(store_error)?
        {
            Ok(h) => h,
            Err(refusal) => {
                self.metrics.chat().hold("refused");
                return Err(refusal_error(refusal));
            }
        };
        self.metrics.chat().hold("taken");
        let mut guard = HoldGuard::new(self.store.clone(), hold.id, self.metrics.chat().clone());
        let deadline = tokio::time::Instant::now() + self.chat.deadline();
        let restorer = Arc::new(Restorer::new(&map));
        let client = &vendors.client;
        if req.stream {
            let events = within(deadline, vendor, async {
                let response = client.send(http).await?;
                client.events(response, &route.model).await
            })
            .await;
            let events = match events {
                Ok(events) => events,
                Err(e) => {
                    guard.release().await;
                    return Err(chat_vendor_error(&e));
                }
            };
            let mut stream = ProxyStream::new(events, restorer);
            stream.deadline = Some(deadline);
            stream.model_name = Some(route.name.clone());
            stream.billing = Some(Billing {
                guard,
                route,
                input_tokens: tokens,
                usage: None,
                output: String::new(),
                failed: false,
            });
            Ok(ProxyReply::Stream(Box::new(stream)))
        } else {
            let completion = within(deadline, vendor, client.complete(http, &route.model)).await;
            let mut completion = match completion {
                Ok(c) => c,
                Err(e) => {
                    guard.release().await;
                    return Err(chat_vendor_error(&e));
                }
            };
            let usage = completion.usage.clone();
            let cost = charge(&route, tokens, usage.as_ref(), || {
                completion
                    .text_slots_mut()
                    .into_iter()
                    .map(|(_, t)| t.clone())
                    .collect()
            });
            guard.settle(cost).await;
            for (_, text) in completion.text_slots_mut() {
                *text = restorer.restore(text).text;
            }
            completion.model = route.name;
            let body = serde_json::to_vec(&completion).map_err(|_| ApiError::internal())?;
            Ok(ProxyReply::Json(body))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    fn lookup(pairs: &[(&str, &str)]) -> impl Fn(&str) -> Option<String> {
        let map: HashMap<String, String> = pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        move |k| map.get(k).cloned()
    }

    #[test]
    fn settings_from_the_environment() {
        let none = ChatSettings::from_lookup(lookup(&[])).unwrap();
        assert_eq!(none.hold_expiry(), DEFAULT_HOLD_EXPIRY);
        assert!(!none.has_key("openai"));
        assert_eq!(none.catalog(), &Catalog::default());

        let dir = tempfile_dir();
        let path = dir.join("redact.toml");
        std::fs::write(
            &path,
            "[plans.free]\ninput_tokens = 8000\nroutes = [\"service-auto\"]\n",
        )
        .unwrap();
        let secret = format!("k-{}", "x".repeat(30));
        let s = ChatSettings::from_lookup(lookup(&[
            ("REDACT_CONFIG", path.to_str().unwrap()),
            ("REDACT_SERVICE_ANTHROPIC_KEY", &secret),
            ("REDACT_HOLD_EXPIRY_SECONDS", "60"),
        ]))
        .unwrap();
        assert_eq!(s.catalog().plan("free").unwrap().input_tokens, 8_000);
        assert!(s.has_key("anthropic") && !s.has_key("google"));
        assert_eq!(s.key(Vendor::Anthropic), Some(secret.as_str()));
        assert_eq!(s.hold_expiry(), Duration::from_secs(60));
        assert_eq!(s.deadline(), Duration::from_secs(54));
        assert_eq!(s.sweep_interval(), Duration::from_secs(15));
        assert!(
            !format!("{s:?}").contains(&secret),
            "Debug never shows a key"
        );

        for (var, value, says) in [
            (
                "REDACT_HOLD_EXPIRY_SECONDS",
                "1",
                "REDACT_HOLD_EXPIRY_SECONDS",
            ),
            (
                "REDACT_HOLD_EXPIRY_SECONDS",
                "soon",
                "REDACT_HOLD_EXPIRY_SECONDS",
            ),
            ("REDACT_CONFIG", "/no/such/file.toml", "REDACT_CONFIG"),
        ] {
            let e = ChatSettings::from_lookup(lookup(&[(var, value)])).unwrap_err();
            assert!(e.starts_with(says), "{e}");
        }
        let _ = std::fs::remove_dir_all(dir);
    }

    fn tempfile_dir() -> std::path::PathBuf {
        let dir =
            std::env::temp_dir().join(format!("redact-chat-{}-{}", std::process::id(), unix_now()));
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn short_expiries_keep_a_deadline_before_them() {
        let s = ChatSettings::default().with_hold_expiry(Duration::from_secs(2));
        assert_eq!(s.deadline(), Duration::from_secs(1));
        assert_eq!(s.sweep_interval(), Duration::from_secs(1));
        let s = ChatSettings::default();
        assert_eq!(s.deadline(), Duration::from_secs(540));
        assert_eq!(s.sweep_interval(), Duration::from_secs(60));
        // Below the floor it is raised to 2 s.
        let s = ChatSettings::default().with_hold_expiry(Duration::ZERO);
        assert_eq!(s.hold_expiry(), Duration::from_secs(2));
    }

    #[test]
    fn charges_the_vendors_usage_else_counts_the_answer() {
        let c = Catalog::default();
        let auto = c.route(plans::AUTO).unwrap();
        let usage = Usage {
            prompt_tokens: 1_200,
            completion_tokens: 345,
            total_tokens: 1_545,
            extra: Default::default(),
        };
        assert_eq!(charge(auto, 9, Some(&usage), || unreachable!()), 387);
        // No usage reported: the counted input and the answer's tokens.
        let answer = "The quick brown fox jumps over the lazy dog.";
        let out = plans::count_output_tokens(answer);
        assert_eq!(out, 10);
        assert_eq!(
            charge(auto, 1_000, None, || answer.to_string()),
            auto.cost(1_000, out)
        );
    }

    #[test]
    fn refusals_become_the_contract_errors() {
        let c = Catalog::default();
        let e = route_error(RouteRefusal::NotInPlan, "service-pro", "free", &c);
        assert_eq!((e.status, e.code), (403, "model_not_in_plan"));
        let e = route_error(RouteRefusal::UnknownModel, "gpt-4o\u{7}", "plus", &c);
        assert_eq!((e.status, e.param.as_deref()), (400, Some("model")));
        assert!(e.message.contains("service-plus") && !e.message.contains('\u{7}'));
        let e = route_error(RouteRefusal::Unavailable, "service-pro", "pro", &c);
        assert_eq!((e.status, e.code), (503, "model_unavailable"));
        let refused =
            VendorError::refused(Vendor::OpenAi, 401, br#"{"error":{"message":"bad key"}}"#);
        assert_eq!(chat_vendor_error(&refused).status, 502);
        let busy =
            VendorError::refused(Vendor::OpenAi, 429, br#"{"error":{"message":"slow down"}}"#);
        assert_eq!(chat_vendor_error(&busy).status, 429);
    }
}
