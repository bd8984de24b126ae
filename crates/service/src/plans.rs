//! Plans, routes and prices of the service's own chat endpoint (`POST /v1/chat/completions`),
//! the heuristic that picks a route for `service-auto`, token counting, and the amounts held
//! and charged. Pure functions: no I/O.
//!
//! Defaults are built in (see [`Catalog::default`]) and can be overridden by a TOML file
//! (`REDACT_CONFIG`, [`Catalog::from_toml`]):
//!
//! ```toml
//! [routes.service-pro]
//! vendor = "anthropic"            # openai | anthropic | google
//! model = "claude-sonnet-4-5"
//! input_usd_per_mtok = 3.0        # USD per million input tokens
//! output_usd_per_mtok = 15.0      # USD per million output tokens
//! max_output_tokens = 8192        # used for the hold when the request sets no limit
//!
//! [plans.pro]
//! input_tokens = 64000            # the most input tokens one chat request may carry
//! routes = ["service-auto", "service-plus", "service-pro"]
//! ```
//!
//! A table in the file replaces the built-in entry of the same name as a whole; entries it
//! does not name keep their defaults.

use std::collections::BTreeMap;

use redact_billing::Micros;
use serde::Deserialize;

/// The route that picks another by how hard the question is.
pub const AUTO: &str = "service-auto";

/// The vendors a route may name (the `X-Provider` wire values).
pub const VENDORS: &[&str] = &["openai", "anthropic", "google"];

/// One route: a vendor, a model and its prices.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Route {
    /// `service-auto`, `service-plus`, …
    pub name: String,
    /// `openai`, `anthropic` or `google`.
    pub vendor: String,
    /// The vendor's model name.
    pub model: String,
    /// Micro-dollars per million input tokens.
    pub input_price: Micros,
    /// Micro-dollars per million output tokens.
    pub output_price: Micros,
    /// The output limit used when the request sets none.
    pub max_output_tokens: u32,
}

/// One plan: its input limit per chat request and the routes it includes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plan {
    /// `free`, `plus`, `pro`, `ultra`, …
    pub name: String,
    /// The most input tokens one chat request may carry.
    pub input_tokens: u32,
    /// Route names, cheapest first.
    pub routes: Vec<String>,
}

/// Routes and plans.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Catalog {
    routes: BTreeMap<String, Route>,
    plans: BTreeMap<String, Plan>,
}

/// Why a chat request cannot be routed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RouteRefusal {
    /// No route of that name (400 `invalid_request`, param `model`).
    UnknownModel,
    /// The account's plan does not include the route (403 `model_not_in_plan`).
    NotInPlan,
    /// The account's plan is not in the catalog (a configuration error; 403).
    UnknownPlan,
    /// The route is not available: the service has no provider key for its vendor (503).
    Unavailable,
}

/// The escalation order of the named routes, cheapest first.
const LADDER: &[&str] = &[AUTO, "service-plus", "service-pro", "service-ultra"];

fn usd(usd_per_mtok: f64) -> Micros {
    (usd_per_mtok * 1_000_000.0).round() as Micros
}

impl Default for Catalog {
    /// The built-in routes and plans (the contract's plans; prices of the vendors' public
    /// price lists, per million tokens, as of 2026).
    fn default() -> Self {
        let route = |name: &str, vendor: &str, model: &str, i: f64, o: f64, max: u32| Route {
            name: name.into(),
            vendor: vendor.into(),
            model: model.into(),
            input_price: usd(i),
            output_price: usd(o),
            max_output_tokens: max,
        };
        let routes = [
            route(AUTO, "openai", "gpt-4o-mini", 0.15, 0.60, 4_096),
            route(
                "service-plus",
                "google",
                "gemini-2.5-flash",
                0.30,
                2.50,
                8_192,
            ),
            route(
                "service-pro",
                "anthropic",
                "claude-sonnet-4-5",
                3.0,
                15.0,
                8_192,
            ),
            route("service-ultra", "openai", "gpt-5", 1.25, 10.0, 16_384),
        ];
        let plan = |name: &str, input_tokens: u32, n: usize| Plan {
            name: name.into(),
            input_tokens,
            routes: LADDER[..n].iter().map(|s| s.to_string()).collect(),
        };
        let plans = [
            plan("free", 16_000, 1),
            plan("plus", 32_000, 2),
            plan("pro", 64_000, 3),
            plan("ultra", 96_000, 4),
        ];
        Catalog {
            routes: routes.into_iter().map(|r| (r.name.clone(), r)).collect(),
            plans: plans.into_iter().map(|p| (p.name.clone(), p)).collect(),
        }
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FileRoute {
    vendor: String,
    model: String,
    input_usd_per_mtok: f64,
    output_usd_per_mtok: f64,
    max_output_tokens: u32,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FilePlan {
    input_tokens: u32,
    routes: Vec<String>,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct File {
    #[serde(default)]
    routes: BTreeMap<String, FileRoute>,
    #[serde(default)]
    plans: BTreeMap<String, FilePlan>,
}

impl Catalog {
    /// The defaults overridden by a TOML document. Errors name what is wrong.
    pub fn from_toml(text: &str) -> Result<Catalog, String> {
        let file: File = toml::from_str(text).map_err(|e| format!("REDACT_CONFIG: {e}"))?;
        let mut c = Catalog::default();
        for (name, r) in file.routes {
            if !VENDORS.contains(&r.vendor.as_str()) {
                return Err(format!(
                    "REDACT_CONFIG: route {name}: vendor must be one of {}",
                    VENDORS.join(", ")
                ));
            }
            for (what, price) in [
                ("input_usd_per_mtok", r.input_usd_per_mtok),
                ("output_usd_per_mtok", r.output_usd_per_mtok),
            ] {
                if !price.is_finite() || !(0.0..=1_000_000.0).contains(&price) {
                    return Err(format!("REDACT_CONFIG: route {name}: {what} out of range"));
                }
            }
            if r.model.trim().is_empty() || r.max_output_tokens == 0 {
                return Err(format!(
                    "REDACT_CONFIG: route {name}: needs a model and max_output_tokens > 0"
                ));
            }
            c.routes.insert(
                name.clone(),
                Route {
                    name,
                    vendor: r.vendor,
                    model: r.model,
                    input_price: usd(r.input_usd_per_mtok),
                    output_price: usd(r.output_usd_per_mtok),
                    max_output_tokens: r.max_output_tokens,
                },
            );
        }
        for (name, p) in file.plans {
            c.plans.insert(
                name.clone(),
                Plan {
                    name,
                    input_tokens: p.input_tokens,
                    routes: p.routes,
                },
            );
        }
        if !c.routes.contains_key(AUTO) {
            return Err(format!("REDACT_CONFIG: the route {AUTO} is required"));
        }
        for p in c.plans.values() {
            if p.routes.is_empty() {
                return Err(format!("REDACT_CONFIG: plan {} includes no route", p.name));
            }
            if let Some(r) = p.routes.iter().find(|r| !c.routes.contains_key(*r)) {
                return Err(format!(
                    "REDACT_CONFIG: plan {} names an unknown route {r}",
                    p.name
                ));
            }
        }
        Ok(c)
    }

    /// A route by name.
    pub fn route(&self, name: &str) -> Option<&Route> {
        self.routes.get(name)
    }

    /// A plan by name.
    pub fn plan(&self, name: &str) -> Option<&Plan> {
        self.plans.get(name)
    }

    /// The plan names.
    pub fn plan_names(&self) -> impl Iterator<Item = &str> {
        self.plans.keys().map(String::as_str)
    }

    /// The route for a request: `requested` (the request's `model`) if named and in the
    /// plan; for no model or `service-auto`, the route the question's difficulty calls for,
    /// among those the plan includes (never above the plan).
    pub fn choose(
        &self,
        plan: &str,
        requested: Option<&str>,
        difficulty: Difficulty,
    ) -> Result<&Route, RouteRefusal> {
        self.choose_available(plan, requested, difficulty, |_| true)
    }

    /// [`choose`](Catalog::choose) among the routes `available` accepts (those whose
    /// vendor the service has a key for): a named route that is not available is
    /// [`RouteRefusal::Unavailable`]; `service-auto` steps down to the nearest available
    /// route of the plan below the one the difficulty calls for, else up.
    pub fn choose_available(
        &self,
        plan: &str,
        requested: Option<&str>,
        difficulty: Difficulty,
        available: impl Fn(&Route) -> bool,
    ) -> Result<&Route, RouteRefusal> {
        let plan = self.plan(plan).ok_or(RouteRefusal::UnknownPlan)?;
        match requested
            .map(str::trim)
            .filter(|m| !m.is_empty() && *m != AUTO)
        {
            Some(name) => {
                let route = self.route(name).ok_or(RouteRefusal::UnknownModel)?;
                if !plan.routes.iter().any(|r| r == name) {
                    Err(RouteRefusal::NotInPlan)
                } else if !available(route) {
                    Err(RouteRefusal::Unavailable)
                } else {
                    Ok(route)
                }
            }
            None => {
                // The plan's routes in ladder order; routes of a configured plan that are
                // not on the ladder come after, in the plan's order.
                let mut included: Vec<&str> = LADDER
                    .iter()
                    .copied()
                    .filter(|l| plan.routes.iter().any(|r| r == l))
                    .collect();
                for r in &plan.routes {
                    if !included.contains(&r.as_str()) {
                        included.push(r);
                    }
                }
                let routes: Vec<&Route> = included
                    .iter()
                    .filter_map(|name| self.route(name))
                    .collect();
                if routes.is_empty() {
                    return Err(RouteRefusal::UnknownModel);
                }
                let step = usize::from(difficulty.level).min(routes.len() - 1);
                // The step asked for, else the nearest below it, else the nearest above.
                (0..=step)
                    .rev()
                    .chain(step + 1..routes.len())
                    .map(|i| routes[i])
                    .find(|r| available(r))
                    .ok_or(RouteRefusal::Unavailable)
            }
        }
    }
}

impl Route {
    /// The cost of `input` and `output` tokens on this route, in micro-dollars, rounded up.
    pub fn cost(&self, input: u64, output: u64) -> Micros {
        let num = i128::from(input) * i128::from(self.input_price)
            + i128::from(output) * i128::from(self.output_price);
        let micros = (num + 999_999) / 1_000_000;
        Micros::try_from(micros).unwrap_or(Micros::MAX)
    }

    /// The largest possible cost of a request of `input` counted tokens (see
    /// [`count_request_tokens`]) and at most `output` output tokens (the request's limit,
    /// else the route's, times the number of choices): [`hold_input_tokens`] of its input
    /// plus its output, at this route's prices.
    pub fn hold(&self, input: u64, output: u64) -> Micros {
        self.cost(hold_input_tokens(input), output)
    }
}

/// The input tokens held for `counted` tokens: a quarter more, rounded up. Tokens are
/// counted with OpenAI's `o200k_base`; Anthropic's and Google's tokenizers count the same
/// text differently (commonly up to a fifth more), and the vendor's own count is what is
/// charged, so the hold leaves room for it. The plan's input limit applies to `counted`.
pub fn hold_input_tokens(counted: u64) -> u64 {
    counted.saturating_add(counted.div_ceil(4))
}

/// How hard a question looks: 0 (plain) to 3 (long, technical, multi-step).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Difficulty {
    /// The route step: 0 = `service-auto`'s own model, 1 = plus, 2 = pro, 3 = ultra.
    pub level: u8,
    /// The points behind it (for tests and diagnostics).
    pub points: u32,
}

/// Scores the question: the last user message counts most, the conversation's length a
/// little. Points: length (input tokens: ≥ 1,500 → 1, ≥ 6,000 → 2, ≥ 20,000 → 3), code (a
/// fenced block, or several lines that look like code → 2), maths (LaTeX, equations,
/// `prove`, `integral`, `derivative` … → 2), multi-step reasoning cues (`step by step`,
/// `explain why`, `compare`, `trade-offs`, `design`, `analyse`, `plan`, `debug`, `optimise` →
/// 1 each, at most 4), several questions (≥ 3 question marks → 1). Level: 0–1 points → 0,
/// 2–3 → 1, 4–5 → 2, 6 and more → 3.
pub fn difficulty(last_user: &str, input_tokens: u64) -> Difficulty {
    let mut points = 0u32;
    points += match input_tokens {
        0..1_500 => 0,
        1_500..6_000 => 1,
        6_000..20_000 => 2,
        _ => 3,
    };
    let lower = last_user.to_lowercase();
    let code_lines = last_user
        .lines()
        .filter(|l| {
            let t = l.trim();
            t.ends_with(';')
                || t.ends_with('{')
                || t.starts_with("def ")
                || t.starts_with("fn ")
                || t.starts_with("import ")
                || t.starts_with("#include")
                || t.starts_with("SELECT ")
                || t.contains(" => ")
                || t.contains("();")
        })
        .count();
    if last_user.contains("```") || code_lines >= 3 {
        points += 2;
    }
    const MATHS: &[&str] = &[
        "\\frac",
        "\\int",
        "\\sum",
        "$$",
        "prove ",
        "proof",
        "integral",
        "derivative",
        "theorem",
        "equation",
        "matrix",
        "eigen",
        "probability",
        "lemma",
    ];
    let equation = last_user
        .split_whitespace()
        .any(|w| w.len() >= 3 && w.contains('=') && w.chars().any(|c| c.is_ascii_digit()));
    if equation || MATHS.iter().any(|m| lower.contains(m)) {
        points += 2;
    }
    const STEPS: &[&str] = &[
        "step by step",
        "step-by-step",
        "explain why",
        "compare",
        "trade-off",
        "tradeoff",
        "design ",
        "architect",
        "analyse",
        "analyze",
        "plan ",
        "debug",
        "optimi",
        "refactor",
        "evaluate",
        "pros and cons",
    ];
    points += (STEPS.iter().filter(|c| lower.contains(*c)).count() as u32).min(4);
    if last_user.matches('?').count() >= 3 {
        points += 1;
    }
    let level = match points {
        0..=1 => 0,
        2..=3 => 1,
        4..=5 => 2,
        _ => 3,
    };
    Difficulty { level, points }
}

/// Counts the input tokens of a chat request with the `o200k_base` encoding (a real BPE
/// tokenizer; other vendors' counts differ by a few per cent, and holds are settled to the
/// vendor's reported usage anyway): each message's text plus 3 tokens of framing, plus 3
/// for the reply's priming, as OpenAI documents for its chat format.
pub fn count_tokens<'a>(texts: impl IntoIterator<Item = &'a str>) -> u64 {
    let bpe = tiktoken_rs::o200k_base_singleton();
    let mut n = 3u64;
    for t in texts {
        n += 3 + bpe.encode_ordinary(t).len() as u64;
    }
    n
}

/// The input tokens of a chat request: every text the vendor receives (messages, tool-call
/// arguments, `user`, unknown fields: [`ChatRequest::texts_mut`](redact_vendors::ChatRequest::texts_mut)) plus the tool definitions
/// and response format, as JSON, counted by [`count_tokens`].
pub fn count_request_tokens(req: &mut redact_vendors::ChatRequest) -> u64 {
    let mut extra = String::new();
    if let Some(tools) = &req.tools {
        extra.push_str(&serde_json::to_string(tools).unwrap_or_default());
    }
    if let Some(format) = &req.response_format {
        extra.push_str(&serde_json::to_string(format).unwrap_or_default());
    }
    let texts: Vec<&str> = req.texts_mut().map(|s| s.as_str()).collect();
    let definitions = if extra.is_empty() {
        0
    } else {
        3 + count_output_tokens(&extra)
    };
    count_tokens(texts) + definitions
}

/// The tokens of an answer's text, for the rare answer whose vendor reported no usage.
pub fn count_output_tokens(text: &str) -> u64 {
    tiktoken_rs::o200k_base_singleton()
        .encode_ordinary(text)
        .len() as u64
}

/// Loads the tokenizer now rather than on the first chat request (≈ 200 ms).
pub fn warm_up_tokenizer() {
    let _ = tiktoken_rs::o200k_base_singleton();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_contract_plans_and_their_routes() {
        let c = Catalog::default();
        let names: Vec<&str> = c.plan_names().collect();
        assert_eq!(names, ["free", "plus", "pro", "ultra"]);
        assert_eq!(c.plan("free").unwrap().input_tokens, 16_000);
        assert_eq!(c.plan("plus").unwrap().input_tokens, 32_000);
        assert_eq!(c.plan("pro").unwrap().input_tokens, 64_000);
        assert_eq!(c.plan("ultra").unwrap().input_tokens, 96_000);
        assert_eq!(c.plan("free").unwrap().routes, [AUTO]);
        assert_eq!(c.plan("ultra").unwrap().routes.len(), 4);
        for r in c.routes.values() {
            assert!(VENDORS.contains(&r.vendor.as_str()));
        }
    }

    #[test]
    fn a_named_route_must_exist_and_be_in_the_plan() {
        let c = Catalog::default();
        let easy = Difficulty::default();
        assert_eq!(
            c.choose("pro", Some("service-pro"), easy).unwrap().name,
            "service-pro"
        );
        assert_eq!(
            c.choose("plus", Some("service-pro"), easy),
            Err(RouteRefusal::NotInPlan)
        );
        assert_eq!(
            c.choose("free", Some("service-plus"), easy),
            Err(RouteRefusal::NotInPlan)
        );
        assert_eq!(
            c.choose("ultra", Some("gpt-4o"), easy),
            Err(RouteRefusal::UnknownModel)
        );
        assert_eq!(c.choose("gold", None, easy), Err(RouteRefusal::UnknownPlan));
    }

    #[test]
    fn auto_escalates_with_difficulty_but_never_above_the_plan() {
        let c = Catalog::default();
        let hard = Difficulty {
            level: 3,
            points: 9,
        };
        let medium = Difficulty {
            level: 2,
            points: 4,
        };
        assert_eq!(c.choose("ultra", None, hard).unwrap().name, "service-ultra");
        assert_eq!(
            c.choose("ultra", Some(AUTO), medium).unwrap().name,
            "service-pro"
        );
        assert_eq!(c.choose("plus", None, hard).unwrap().name, "service-plus");
        assert_eq!(c.choose("free", None, hard).unwrap().name, AUTO);
        assert_eq!(
            c.choose("ultra", None, Difficulty::default()).unwrap().name,
            AUTO
        );
    }

    #[test]
    fn auto_uses_only_routes_the_service_can_call() {
        let c = Catalog::default();
        let hard = Difficulty {
            level: 3,
            points: 9,
        };
        let no_openai = |r: &Route| r.vendor != "openai";
        // ultra (openai) is out: the nearest below, service-pro.
        assert_eq!(
            c.choose_available("ultra", None, hard, no_openai)
                .unwrap()
                .name,
            "service-pro"
        );
        // An easy question wants service-auto (openai): the nearest above.
        assert_eq!(
            c.choose_available("ultra", None, Difficulty::default(), no_openai)
                .unwrap()
                .name,
            "service-plus"
        );
        assert_eq!(
            c.choose_available("free", None, hard, no_openai),
            Err(RouteRefusal::Unavailable)
        );
        assert_eq!(
            c.choose_available("ultra", Some("service-ultra"), hard, no_openai),
            Err(RouteRefusal::Unavailable)
        );
        // The plan is checked before availability.
        assert_eq!(
            c.choose_available("free", Some("service-ultra"), hard, no_openai),
            Err(RouteRefusal::NotInPlan)
        );
    }

    #[test]
    fn request_tokens_include_tool_definitions() {
        let body = |tools: bool| {
            let mut v = serde_json::json!({"messages": [{"role": "user", "content": "What is the weather in Paris?"}]});
            if tools {
                v["tools"] = serde_json::json!([{"type": "function", "function": {
                    "name": "weather", "description": "The weather for a city, today and tomorrow.",
                    "parameters": {"type": "object", "properties": {"city": {"type": "string"}}}}}]);
            }
            redact_vendors::ChatRequest::from_value(v).unwrap()
        };
        let plain = count_request_tokens(&mut body(false));
        assert_eq!(plain, count_tokens(["What is the weather in Paris?"]));
        assert!(count_request_tokens(&mut body(true)) > plain + 20);
    }

    #[test]
    fn the_heuristic_reads_length_code_maths_and_reasoning_cues() {
        assert_eq!(difficulty("What's the capital of France?", 20).level, 0);
        assert_eq!(
            difficulty("Thanks! Can you say that more briefly?", 50).level,
            0
        );
        let code = "Why does this fail?\n```rust\nfn main() { let x: u8 = 300; }\n```";
        assert_eq!(difficulty(code, 60).level, 1);
        let maths = "Prove that the integral of 1/x from 1 to e equals 1.";
        assert_eq!(difficulty(maths, 40).level, 1);
        let design = "Design a sharded rate limiter, compare the trade-offs of token buckets and \
                      sliding windows step by step, and explain why one fails under clock skew.";
        assert!(
            difficulty(design, 80).level >= 2,
            "{:?}",
            difficulty(design, 80)
        );
        let everything = format!("{design}\n```python\nimport os\ndef f(x):\n    return x\n```");
        assert_eq!(difficulty(&everything, 25_000).level, 3);
        // Length alone lifts a plain question one step at most until it is very long.
        assert_eq!(difficulty("Summarise this.", 3_000).level, 0);
        assert_eq!(difficulty("Summarise this.", 7_000).level, 1);
    }

    #[test]
    fn costs_and_holds_are_exact_and_round_up() {
        let c = Catalog::default();
        let auto = c.route(AUTO).unwrap();
        // 0.15 USD and 0.60 USD per million tokens.
        assert_eq!(auto.cost(1_000_000, 0), 150_000);
        assert_eq!(auto.cost(0, 1_000_000), 600_000);
        assert_eq!(auto.cost(1, 0), 1, "a fraction of a micro-dollar rounds up");
        assert_eq!(auto.cost(0, 0), 0);
        // A quarter more input than counted, rounded up.
        assert_eq!(auto.hold(1_000, 4_096), auto.cost(1_250, 4_096));
        assert_eq!(auto.hold(1_001, 100), auto.cost(1_252, 100));
        assert_eq!(hold_input_tokens(0), 0);
        assert_eq!(hold_input_tokens(u64::MAX), u64::MAX);
        assert_eq!(auto.cost(u64::MAX, u64::MAX), Micros::MAX);
    }

    #[test]
    fn configuration_overrides_and_errors() {
        let c = Catalog::from_toml(
            r#"
            [routes.service-pro]
            vendor = "google"
            model = "gemini-2.5-pro"
            input_usd_per_mtok = 1.25
            output_usd_per_mtok = 10
            max_output_tokens = 4000

            [plans.team]
            input_tokens = 50000
            routes = ["service-auto", "service-pro"]
            "#,
        )
        .unwrap();
        let pro = c.route("service-pro").unwrap();
        assert_eq!(
            (pro.vendor.as_str(), pro.input_price),
            ("google", 1_250_000)
        );
        assert_eq!(c.plan("team").unwrap().input_tokens, 50_000);
        assert_eq!(
            c.plan("free").unwrap().input_tokens,
            16_000,
            "defaults kept"
        );
        let hard = Difficulty {
            level: 3,
            points: 9,
        };
        assert_eq!(c.choose("team", None, hard).unwrap().name, "service-pro");
        for bad in [
            "[routes.x]\nvendor = \"acme\"\nmodel = \"m\"\ninput_usd_per_mtok = 1\noutput_usd_per_mtok = 1\nmax_output_tokens = 1",
            "[plans.p]\ninput_tokens = 10\nroutes = [\"nope\"]",
            "[plans.p]\ninput_tokens = 10\nroutes = []",
            "[routes.x]\nvendor = \"openai\"\nmodel = \"m\"\ninput_usd_per_mtok = -1\noutput_usd_per_mtok = 1\nmax_output_tokens = 1",
            "[plans.p]\ninput_tokens = 10\nroutes = [\"service-auto\"]\ncolour = 1",
            "not toml [",
        ] {
            let e = Catalog::from_toml(bad).unwrap_err();
            assert!(e.starts_with("REDACT_CONFIG"), "{e}");
        }
    }

    #[test]
    fn tokens_are_counted_by_the_tokenizer_not_by_characters() {
        let one = count_tokens(["hello"]);
        assert_eq!(one, 3 + 3 + 1);
        let text = "The quick brown fox jumps over the lazy dog. ".repeat(100);
        let n = count_tokens([text.as_str()]);
        // About ten tokens a sentence, far from characters / 4 (1,125).
        assert!((900..1_100).contains(&n), "{n}");
        let cjk = "東京の天気はどうですか".repeat(50);
        assert_ne!(count_tokens([cjk.as_str()]), cjk.len() as u64 / 4);
    }
}
