//! Prometheus metrics: requests by route and status, latency by route, values redacted by
//! kind, name-check outcomes, service chat holds and charges. Labels are `&'static str` drawn from fixed sets, never from
//! request content (and cost no allocation per request).

use std::sync::atomic::AtomicU64;

use prometheus_client::encoding::EncodeLabelSet;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::histogram::Histogram;
use prometheus_client::registry::Registry;

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct RouteStatus {
    route: &'static str,
    status: u16,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct Route {
    route: &'static str,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct KindLabel {
    kind: &'static str,
}

/// The service's metrics.
pub struct Metrics {
    registry: Registry,
    requests: Family<RouteStatus, Counter>,
    latency: Family<Route, Histogram, fn() -> Histogram>,
    redactions: Family<KindLabel, Counter<u64, AtomicU64>>,
    name_checks: Family<Outcome, Counter>,
    chat: ChatMetrics,
}

/// The service chat's money metrics: holds by outcome and micro-dollars charged. Cheap to
/// clone (the counters are shared), so a hold being spent can carry them.
#[derive(Clone, Debug, Default)]
pub struct ChatMetrics {
    holds: Family<Outcome, Counter>,
    charged: Counter,
}

impl ChatMetrics {
    /// Records a hold's outcome: `taken`, `refused`, `settled` or `released`.
    pub fn hold(&self, outcome: &'static str) {
        self.holds.get_or_create(&Outcome { outcome }).inc();
    }

    /// Records an amount charged by a settle.
    pub fn charged(&self, micros: u64) {
        self.charged.inc_by(micros);
    }
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct Outcome {
    outcome: &'static str,
}

fn latency_histogram() -> Histogram {
    Histogram::new([
        0.000_25, 0.000_5, 0.001, 0.002_5, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 10.0,
    ])
}

impl Default for Metrics {
    fn default() -> Self {
        Metrics::new()
    }
}

impl Metrics {
    /// Registers the metrics.
    pub fn new() -> Metrics {
        let mut registry = Registry::with_prefix("redact");
        let requests = Family::<RouteStatus, Counter>::default();
        registry.register(
            "http_requests",
            "HTTP requests answered, by route and status",
            requests.clone(),
        );
        let latency =
            Family::<Route, Histogram, fn() -> Histogram>::new_with_constructor(latency_histogram);
        registry.register(
            "http_request_duration_seconds",
            "Time from request head to response head, by route",
            latency.clone(),
        );
        let redactions = Family::<KindLabel, Counter>::default();
        registry.register(
            "redactions",
            "Values replaced by stand-ins, by kind",
            redactions.clone(),
        );
        let name_checks = Family::<Outcome, Counter>::default();
        registry.register(
            "name_checks",
            "Calls of the name model, by outcome (decided, undecided)",
            name_checks.clone(),
        );
        let chat = ChatMetrics::default();
        registry.register(
            "chat_holds",
            "Service chat holds, by outcome (taken, refused, settled, released)",
            chat.holds.clone(),
        );
        registry.register(
            "chat_charged_microdollars",
            "Micro-dollars charged by settled service chat holds",
            chat.charged.clone(),
        );
        Metrics {
            registry,
            requests,
            latency,
            redactions,
            name_checks,
            chat,
        }
    }

    /// Records one answered request. `route` must come from a fixed set (the router's
    /// templates), never from the request.
    pub fn observe(&self, route: &'static str, status: u16, seconds: f64) {
        self.requests
            .get_or_create(&RouteStatus { route, status })
            .inc();
        self.latency
            .get_or_create(&Route { route })
            .observe(seconds);
    }

    /// Records `n` values of one kind replaced.
    pub fn redacted(&self, kind: &'static str, n: u64) {
        self.redactions.get_or_create(&KindLabel { kind }).inc_by(n);
    }

    /// Records one call of the name model.
    pub fn name_check(&self, outcome: &'static str) {
        self.name_checks.get_or_create(&Outcome { outcome }).inc();
    }

    /// The service chat's metrics.
    pub fn chat(&self) -> &ChatMetrics {
        &self.chat
    }

    /// The metrics in the Prometheus text format.
    pub fn render(&self) -> String {
        let mut out = String::new();
        let _ = prometheus_client::encoding::text::encode(&mut out, &self.registry);
        out
    }
}
