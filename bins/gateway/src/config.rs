//! The gateway's settings, read from an injected source (the environment in the binary, a
//! map in tests).

use std::net::SocketAddr;

/// Settings of `redact-gateway serve`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GatewayConfig {
    /// `REDACT_LISTEN`: the address to listen on (port 0 picks a free one).
    pub listen: SocketAddr,
    /// `REDACT_DATABASE_URL`: `postgres://…` or `sqlite:PATH`.
    pub database_url: String,
    /// `REDACT_RATE_LIMIT_PER_MINUTE`: requests a minute per key in this instance.
    pub rate_limit_per_minute: u32,
    /// `REDACT_MAX_BODY_BYTES`: the largest request body accepted.
    pub max_body_bytes: usize,
    /// `REDACT_MAX_MAP_ENTRIES`: the most entries a `map` may have.
    pub max_map_entries: usize,
    /// `REDACT_LOG`: the log filter.
    pub log: String,
    /// `REDACT_REQUESTS_INCLUDED`: requests included each month (50 000; lowered in tests).
    pub requests_included: i64,
    /// `REDACT_ADMIN_TOKEN`: the bearer token of the admin API (`/admin/v1/…`) and the
    /// console's operator pages; unset, the admin API is off.
    pub admin_token: Option<AdminToken>,
}

/// The admin token: shown by `Debug` as `<redacted>`, never printed.
#[derive(Clone, PartialEq, Eq)]
pub struct AdminToken(String);

impl AdminToken {
    /// The token itself.
    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Debug for AdminToken {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("AdminToken(<redacted>)")
    }
}

/// The default database: the embedded store in `data/redact.db`.
pub const DEFAULT_DATABASE_URL: &str = "sqlite:data/redact.db";

impl Default for GatewayConfig {
    fn default() -> Self {
        GatewayConfig {
            listen: SocketAddr::from(([127, 0, 0, 1], 8080)),
            database_url: DEFAULT_DATABASE_URL.into(),
            rate_limit_per_minute: 60,
            max_body_bytes: 8 * 1024 * 1024,
            max_map_entries: 10_000,
            log: "info".into(),
            requests_included: redact_service::billing::REQUESTS_INCLUDED,
            admin_token: None,
        }
    }
}

impl GatewayConfig {
    /// Reads the settings from `get` (for example `|k| std::env::var(k).ok()`); unset
    /// variables take their defaults. An unparsable value is an error naming the variable.
    pub fn from_lookup(get: impl Fn(&str) -> Option<String>) -> Result<GatewayConfig, String> {
        let d = GatewayConfig::default();
        fn parse<T: std::str::FromStr>(name: &str, v: Option<String>, d: T) -> Result<T, String> {
            match v.as_deref().map(str::trim) {
                None | Some("") => Ok(d),
                Some(s) => s.parse().map_err(|_| format!("{name}: cannot read {s:?}")),
            }
        }
        let c = GatewayConfig {
            listen: parse("REDACT_LISTEN", get("REDACT_LISTEN"), d.listen)?,
            database_url: get("REDACT_DATABASE_URL")
                .filter(|s| !s.trim().is_empty())
                .unwrap_or(d.database_url),
            rate_limit_per_minute: parse(
                "REDACT_RATE_LIMIT_PER_MINUTE",
                get("REDACT_RATE_LIMIT_PER_MINUTE"),
                d.rate_limit_per_minute,
            )?,
            max_body_bytes: parse(
                "REDACT_MAX_BODY_BYTES",
                get("REDACT_MAX_BODY_BYTES"),
                d.max_body_bytes,
            )?,
            max_map_entries: parse(
                "REDACT_MAX_MAP_ENTRIES",
                get("REDACT_MAX_MAP_ENTRIES"),
                d.max_map_entries,
            )?,
            log: get("REDACT_LOG")
                .filter(|s| !s.trim().is_empty())
                .unwrap_or(d.log),
            requests_included: parse(
                "REDACT_REQUESTS_INCLUDED",
                get("REDACT_REQUESTS_INCLUDED"),
                d.requests_included,
            )?,
            admin_token: match get("REDACT_ADMIN_TOKEN").map(|t| t.trim().to_string()) {
                None => None,
                Some(t) if t.is_empty() => None,
                Some(t) if t.chars().count() < crate::admin_api::MIN_TOKEN_CHARS => {
                    return Err(format!(
                        "REDACT_ADMIN_TOKEN: must be at least {} characters",
                        crate::admin_api::MIN_TOKEN_CHARS
                    ));
                }
                Some(t) => Some(AdminToken(t)),
            },
        };
        if c.requests_included < 0 {
            return Err("REDACT_REQUESTS_INCLUDED: must not be negative".into());
        }
        if c.rate_limit_per_minute == 0 {
            return Err("REDACT_RATE_LIMIT_PER_MINUTE: must be at least 1".into());
        }
        Ok(c)
    }

    /// Whether the store is the embedded one.
    pub fn is_embedded(&self) -> bool {
        self.database_url.starts_with("sqlite:")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    #[test]
    fn defaults_and_overrides() {
        let none = GatewayConfig::from_lookup(|_| None).unwrap();
        assert_eq!(none, GatewayConfig::default());
        assert!(none.is_embedded());
        let env: HashMap<&str, &str> = [
            ("REDACT_LISTEN", "127.0.0.1:0"),
            ("REDACT_DATABASE_URL", "postgres://u@h/db"),
            ("REDACT_RATE_LIMIT_PER_MINUTE", "100000"),
        ]
        .into();
        let c = GatewayConfig::from_lookup(|k| env.get(k).map(|v| v.to_string())).unwrap();
        assert_eq!(c.listen.port(), 0);
        assert_eq!(c.rate_limit_per_minute, 100_000);
        assert!(!c.is_embedded());
    }

    #[test]
    fn bad_values_name_the_variable() {
        let e = GatewayConfig::from_lookup(|k| (k == "REDACT_LISTEN").then(|| "nowhere".into()))
            .unwrap_err();
        assert!(e.starts_with("REDACT_LISTEN"), "{e}");
        let e = GatewayConfig::from_lookup(|k| {
            (k == "REDACT_RATE_LIMIT_PER_MINUTE").then(|| "0".into())
        })
        .unwrap_err();
        assert!(e.contains("at least 1"), "{e}");
        let e = GatewayConfig::from_lookup(|k| (k == "REDACT_ADMIN_TOKEN").then(|| "short".into()))
            .unwrap_err();
        assert!(e.starts_with("REDACT_ADMIN_TOKEN"), "{e}");
    }

    #[test]
    fn the_admin_token_is_never_printed() {
        let c = GatewayConfig::from_lookup(|k| {
            (k == "REDACT_ADMIN_TOKEN").then(|| " an-operator-token-of-length \n".into())
        })
        .unwrap();
        let token = c.admin_token.as_ref().unwrap();
        assert_eq!(token.expose(), "an-operator-token-of-length");
        assert!(!format!("{c:?}").contains("operator"));
    }
}
