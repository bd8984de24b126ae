//! The MCP server's settings, read from an injected source (the environment in the binary, a
//! map in tests).

use std::net::SocketAddr;

/// Which `Host` headers the server answers (a guard against DNS rebinding).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AllowedHosts {
    /// Any `Host`.
    Any,
    /// Only these hosts (`name` matches any port, `name:port` that port only).
    Only(Vec<String>),
}

/// The hosts accepted by default on a loopback address.
pub const LOOPBACK_HOSTS: &[&str] = &["localhost", "127.0.0.1", "::1"];

/// Settings of `redact-mcp`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct McpConfig {
    /// `REDACT_MCP_LISTEN`: the address to listen on (port 0 picks a free one).
    pub listen: SocketAddr,
    /// `REDACT_DATABASE_URL`: `postgres://…` or `sqlite:PATH`.
    pub database_url: String,
    /// `REDACT_RATE_LIMIT_PER_MINUTE`: tool calls a minute per key in this instance.
    pub rate_limit_per_minute: u32,
    /// `REDACT_MAX_BODY_BYTES`: the largest request body accepted.
    pub max_body_bytes: usize,
    /// `REDACT_MAX_MAP_ENTRIES`: the most entries a `map` may have.
    pub max_map_entries: usize,
    /// `REDACT_LOG`: the log filter.
    pub log: String,
    /// `REDACT_REQUESTS_INCLUDED`: requests included each month (as the gateway's).
    pub requests_included: i64,
    /// `REDACT_MCP_ALLOWED_HOSTS`: `*` for any, else a comma-separated list. Unset: the
    /// loopback names when listening on a loopback address, any host otherwise.
    pub allowed_hosts: AllowedHosts,
    /// `REDACT_MCP_SESSIONS`: `on` (default) keeps MCP sessions in this process; `off`
    /// answers every request on its own (for several instances without sticky routing).
    pub sessions: bool,
}

/// The default database: the embedded store in `data/redact.db`.
pub const DEFAULT_DATABASE_URL: &str = "sqlite:data/redact.db";

fn default_hosts(listen: &SocketAddr) -> AllowedHosts {
    if listen.ip().is_loopback() {
        AllowedHosts::Only(LOOPBACK_HOSTS.iter().map(|s| s.to_string()).collect())
    } else {
        AllowedHosts::Any
    }
}

impl Default for McpConfig {
    fn default() -> Self {
        let listen = SocketAddr::from(([127, 0, 0, 1], 8081));
        McpConfig {
            listen,
            database_url: DEFAULT_DATABASE_URL.into(),
            rate_limit_per_minute: 60,
            max_body_bytes: 8 * 1024 * 1024,
            max_map_entries: 10_000,
            log: "info".into(),
            requests_included: redact_service::billing::REQUESTS_INCLUDED,
            allowed_hosts: default_hosts(&listen),
            sessions: true,
        }
    }
}

impl McpConfig {
    /// Reads the settings from `get` (for example `|k| std::env::var(k).ok()`); unset
    /// variables take their defaults. An unparsable value is an error naming the variable.
    pub fn from_lookup(get: impl Fn(&str) -> Option<String>) -> Result<McpConfig, String> {
        let d = McpConfig::default();
        fn parse<T: std::str::FromStr>(name: &str, v: Option<String>, d: T) -> Result<T, String> {
            match v.as_deref().map(str::trim) {
                None | Some("") => Ok(d),
                Some(s) => s.parse().map_err(|_| format!("{name}: cannot read {s:?}")),
            }
        }
        let set = |name: &str| get(name).filter(|s| !s.trim().is_empty());
        let listen = parse("REDACT_MCP_LISTEN", get("REDACT_MCP_LISTEN"), d.listen)?;
        let allowed_hosts = match set("REDACT_MCP_ALLOWED_HOSTS") {
            None => default_hosts(&listen),
            Some(v) if v.trim() == "*" => AllowedHosts::Any,
            Some(v) => {
                let hosts: Vec<String> = v
                    .split(',')
                    .map(|h| h.trim().to_ascii_lowercase())
                    .filter(|h| !h.is_empty())
                    .collect();
                if hosts.is_empty() || hosts.iter().any(|h| h == "*") {
                    return Err(
                        "REDACT_MCP_ALLOWED_HOSTS: `*` alone, or a comma-separated list of hosts"
                            .into(),
                    );
                }
                AllowedHosts::Only(hosts)
            }
        };
        let sessions = match set("REDACT_MCP_SESSIONS").map(|s| s.trim().to_ascii_lowercase()) {
            None => d.sessions,
            Some(s) if matches!(s.as_str(), "on" | "true" | "1") => true,
            Some(s) if matches!(s.as_str(), "off" | "false" | "0") => false,
            Some(s) => return Err(format!("REDACT_MCP_SESSIONS: `on` or `off`, not {s:?}")),
        };
        let c = McpConfig {
            listen,
            database_url: set("REDACT_DATABASE_URL").unwrap_or(d.database_url),
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
            log: set("REDACT_LOG").unwrap_or(d.log),
            requests_included: parse(
                "REDACT_REQUESTS_INCLUDED",
                get("REDACT_REQUESTS_INCLUDED"),
                d.requests_included,
            )?,
            allowed_hosts,
            sessions,
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

    fn from(pairs: &[(&str, &str)]) -> Result<McpConfig, String> {
        let env: HashMap<&str, &str> = pairs.iter().copied().collect();
        McpConfig::from_lookup(|k| env.get(k).map(|v| v.to_string()))
    }

    #[test]
    fn defaults_and_overrides() {
        let none = from(&[]).unwrap();
        assert_eq!(none, McpConfig::default());
        assert_eq!(none.listen.to_string(), "127.0.0.1:8081");
        assert_eq!(none.database_url, "sqlite:data/redact.db");
        assert!(none.is_embedded());
        assert!(none.sessions);
        assert_eq!(
            none.allowed_hosts,
            AllowedHosts::Only(vec!["localhost".into(), "127.0.0.1".into(), "::1".into()])
        );
        let c = from(&[
            ("REDACT_MCP_LISTEN", "127.0.0.1:0"),
            ("REDACT_DATABASE_URL", "postgres://u@h/db"),
            ("REDACT_RATE_LIMIT_PER_MINUTE", "100000"),
            ("REDACT_MCP_SESSIONS", "off"),
            ("REDACT_LOG", "debug"),
        ])
        .unwrap();
        assert_eq!(c.listen.port(), 0);
        assert_eq!(c.rate_limit_per_minute, 100_000);
        assert!(!c.is_embedded());
        assert!(!c.sessions);
        assert_eq!(c.log, "debug");
    }

    #[test]
    fn host_allowlist_follows_the_listen_address_unless_set() {
        let public = from(&[("REDACT_MCP_LISTEN", "0.0.0.0:8081")]).unwrap();
        assert_eq!(public.allowed_hosts, AllowedHosts::Any);
        let listed = from(&[
            ("REDACT_MCP_LISTEN", "0.0.0.0:8081"),
            (
                "REDACT_MCP_ALLOWED_HOSTS",
                "mcp.example.com, MCP.example.org:443",
            ),
        ])
        .unwrap();
        assert_eq!(
            listed.allowed_hosts,
            AllowedHosts::Only(vec!["mcp.example.com".into(), "mcp.example.org:443".into()])
        );
        let any = from(&[("REDACT_MCP_ALLOWED_HOSTS", "*")]).unwrap();
        assert_eq!(any.allowed_hosts, AllowedHosts::Any);
        let e = from(&[("REDACT_MCP_ALLOWED_HOSTS", "a.example, *")]).unwrap_err();
        assert!(e.starts_with("REDACT_MCP_ALLOWED_HOSTS"), "{e}");
    }

    #[test]
    fn bad_values_name_the_variable() {
        for (k, v) in [
            ("REDACT_MCP_LISTEN", "nowhere"),
            ("REDACT_RATE_LIMIT_PER_MINUTE", "0"),
            ("REDACT_MCP_SESSIONS", "maybe"),
            ("REDACT_REQUESTS_INCLUDED", "-1"),
        ] {
            let e = from(&[(k, v)]).unwrap_err();
            assert!(e.starts_with(k), "{k}: {e}");
        }
    }
}
