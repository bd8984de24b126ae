//! API-key, token, password and private-key detection rules.
//!
//! [`RULES`] is an ordered list of [`SecretRule`]s: the provider and
//! context rules of [`PROVIDER_RULES`], then `bearer-token`, `generic-password` and
//! `generic-secret`, whose patterns are assembled once at first use. Each rule's `pattern` is written for
//! `regex_automata::meta::Regex` and meant to be compiled together with all the others into
//! one multi-pattern regex (`build_many`, leftmost-first): the pattern ID of a match is the
//! index of its rule in [`RULES`]. If a pattern has a capture group named `secret`, that group
//! is the secret; otherwise the whole match is. A candidate is kept only if
//! [`plausible`]`(rule, secret)` says so (entropy floor, placeholders, stop-words, paths, ...).
//!
//! Conventions the patterns follow, so that the union stays fast in one lazy DFA:
//!
//! - ASCII-only classes (`[0-9]`, `[A-Za-z0-9_-]`), ASCII word boundaries `(?-u:\b)`, and
//!   ASCII case-insensitivity `(?i-u:...)` on context keywords only.
//! - Provider rules are anchored on a literal prefix (`ghp_`, `AKIA`, `sk-proj-`, ...).
//!   Rules that have no prefix need a context keyword (`heroku`, `datadog`, ...).
//! - Order is priority for matches that start at the same position: specific rules first,
//!   `bearer-token`, `generic-password` and `generic-secret` last.
//!
//! **Leftmost-first and context.** In `export GITHUB_TOKEN=ghp_...` the generic rule would
//! start at `TOKEN`, left of where `ghp_` starts, and win. So the generic rules never accept a
//! value that starts with one of [`PROVIDER_PREFIXES`] (their patterns embed a trie-complement
//! built from that list, see [`RULES`]): the generic rule fails there and the provider rule
//! reports the token with its own id and prefix. Rules keyed on a provider name
//! (`heroku-api-key`: `HEROKU_API_KEY=<uuid>`) start at that name, left of the generic keyword.
//!
//! **DFA budget.** Every rule that starts with a broad character class (no literal prefix, no
//! keyword) makes the lazy DFA track that class at every position and roughly doubles its
//! states; such formats (Azure AD client secrets, Mailchimp keys, Terraform tokens, Discord
//! bot tokens, ...) are therefore only matched after a keyword, a delimiter or a short literal.
//! On 2 MB of prose, code, JSON, logs and HTML the union needs about 1.3 MiB of the default
//! 2 MiB `hybrid_cache_capacity` and scans at ~400 MB/s once warm.
//!
//! Multi-line rules: `private-key`, `pgp-private-key` and `gcp-service-account-key` match a
//! whole PEM / armored block across lines (`\n` or JSON-escaped `\\n`) as one secret.
//! URL rules: the secret of `credentials-url` and of the webhook rules is the whole URL; the
//! secret of `basic-auth-url` is only the `user:password` part of an http(s)/ftp/ws URL.

use std::sync::LazyLock;

// ---------------------------------------------------------------------------------------------
// Shared pattern fragments. They are macros so that `concat!` can splice them into the
// `&'static str` patterns at compile time.
// ---------------------------------------------------------------------------------------------

/// Assignment operator between a key name and its value, with the quotes around both:
/// `=`, `:`, `:=`, `::`, `=>`, `==`, `?=`, `||=`, `>` (XML `<password>x</password>`), and
/// `"name", "value"` (a quoted pair separated by a comma). Up to two backslashes before a
/// quote allow JSON-escaped contexts (`\"password\": \"...\"`).
macro_rules! op {
    () => {
        r#"(?:\\{0,2}["'`]?[ \t]{0,4}(?::{1,3}=?|=[>=]?|\?=|\|\|=?|>)[ \t]{0,4}\\{0,2}["'`]?|\\{0,2}["'`][ \t]{0,4},[ \t]{0,4}\\{0,2}["'`])"#
    };
}

/// Optional authentication scheme between the operator and the value
/// (`Authorization: Bearer <token>`, `Authorization: Basic <b64>`, `Token <t>`).
macro_rules! scheme {
    () => {
        r"(?:(?i-u:bearer|basic|token|api-token|bot|digest)[ \t]+)?"
    };
}

/// Words allowed after a generic keyword in a key name: `SECRET_KEY_BASE`, `api_key_prod`,
/// `access_token1`, `mySecretString`, `credentials`. Anything else (`key_id`, `token_type`,
/// `secret_length`, `keyboard`, `password_policy`) is not a secret-bearing name.
macro_rules! suffix {
    () => {
        r"(?:[_.-]?(?:key|token|secret|pass(?:word|wd)?|pwd|phrase|value|string|str|base|b64|base64|hex|raw|plain(?:text)?|text|enc(?:rypted)?|bot|user|admin|prod(?:uction)?|live|test|dev|local|staging|access|auth|api|app|client|service|private|priv|master|root|hmac|signing|session|refresh|bearer|jwt|oauth)){0,2}s?(?:[_.-]?[0-9]{1,3})?"
    };
}

/// Keywords of `generic-secret`.
macro_rules! kw_secret {
    () => {
        r"api[_.-]?key|apikey|access[_.-]?key|private[_.-]?key|secret|token|credentials?|creds|auth(?:orization)?|key"
    };
}

/// Keywords of `generic-password`.
macro_rules! kw_pass {
    () => {
        r"passw(?:or)?d|passphrase|pass|pwd"
    };
}

/// Context of a provider keyword rule: `<keyword>[name chars] <op>`, e.g.
/// `HEROKU_API_KEY=`, `"datadog_app_key": "`, `const SNYK_TOKEN = "`.
macro_rules! ctx_kw {
    ($kw:expr) => {
        concat!(r"(?:", $kw, r")[A-Za-z0-9_.-]*", op!())
    };
}

/// A UUID (case-insensitive hex).
macro_rules! uuid {
    () => {
        r"[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}"
    };
}

/// A rule: id, pattern (with a `secret` group), entropy floor, kept prefix length.
macro_rules! rule {
    ($id:literal, $pat:expr, $ent:literal, $pre:literal) => {
        SecretRule {
            id: $id,
            pattern: $pat,
            min_entropy: $ent,
            prefix: $pre,
        }
    };
}

/// One secret-detection rule.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SecretRule {
    /// Stable rule id, gitleaks-style, e.g. "aws-access-key", "github-pat", "openai-api-key", "generic-secret".
    pub id: &'static str,
    /// Regex for regex-automata (Rust regex syntax; no look-around, no backreferences).
    /// If it contains a capture group named `secret`, that group is the secret; else the whole match.
    pub pattern: &'static str,
    /// Minimum Shannon entropy (bits per char) of the secret; 0.0 = no check.
    pub min_entropy: f32,
    /// Number of leading bytes of the SECRET (not of the whole match) that are a fixed provider prefix
    /// that a stand-in keeps, e.g. 4 for "ghp_", 8 for "sk-proj-", 4 for "AKIA", 0 if none.
    pub prefix: u16,
}

/// The rules, in priority order (index = pattern ID in the union regex).
/// The provider-specific and context rules, in priority order. [`RULES`] appends the generic rules.
#[rustfmt::skip]
pub static PROVIDER_RULES: &[SecretRule] = &[
    // ---------------------------------------------------------------- keys, blocks and URLs
    rule!(
        "gcp-service-account-key",
        r#""private_key"[ \t]*:[ \t]*"(?P<secret>-----BEGIN[ A-Z]{0,30}PRIVATE KEY-----[A-Za-z0-9+/=\\ ]{64,}?-----END[ A-Z]{0,30}PRIVATE KEY-----(?:\\n)?)""#,
        0.0,
        0
    ),
    rule!(
        "pgp-private-key",
        r"(?P<secret>-----BEGIN PGP PRIVATE KEY BLOCK-----[A-Za-z0-9+/=\r\n\t \\:.,()@<>_-]{64,}?-----END PGP PRIVATE KEY BLOCK-----)",
        0.0,
        0
    ),
    rule!(
        "private-key",
        r"(?P<secret>-----BEGIN[ A-Z0-9]{0,40}PRIVATE KEY-----[A-Za-z0-9+/=\r\n\t \\:,._()-]{64,}?-----END[ A-Z0-9]{0,40}PRIVATE KEY-----)",
        0.0,
        0
    ),
    rule!(
        "credentials-url",
        r#"(?P<secret>(?-u:\b)(?:postgres(?:ql)?|mysql(?:x|2)?|mariadb|mongodb(?:\+srv)?|rediss?|amqps?|mssql|sqlserver|jdbc:[a-z0-9]+|oracle|clickhouse|couchdb|neo4j(?:\+s)?|nats|mqtts?|ldaps?|smtps?|sftp|ssh|kafka|snowflake)://[A-Za-z0-9._~%!$&*+;=-]*:[^\s/'"<>`]+@[A-Za-z0-9.,_:\[\]-]+(?:[/?][^\s'"<>`)]*)?)"#,
        0.0,
        0
    ),
    rule!(
        "basic-auth-url",
        r#"(?-u:\b)(?:https?|ftps?|wss?)://(?P<secret>[A-Za-z0-9._~%!$&*+;=-]*:[^\s/'"<>`@]+)@[A-Za-z0-9.-]+"#,
        0.0,
        0
    ),
    rule!(
        "slack-webhook-url",
        r"(?P<secret>(?:https?://)?hooks\.slack\.com/(?:services|workflows|triggers)/[A-Za-z0-9+/_-]{20,})",
        0.0,
        0
    ),
    rule!(
        "discord-webhook-url",
        r"(?P<secret>https://(?:(?:ptb|canary)\.)?discord(?:app)?\.com/api/webhooks/[0-9]{15,20}/[A-Za-z0-9_-]{50,80})",
        0.0,
        0
    ),
    rule!(
        "microsoft-teams-webhook",
        r"(?P<secret>https://[A-Za-z0-9-]+\.webhook\.office\.com/webhookb2/[A-Za-z0-9@/_-]{60,}|https://outlook\.office(?:365)?\.com/webhook/[A-Za-z0-9@/_-]{60,})",
        0.0,
        0
    ),
    rule!(
        "telegram-bot-token",
        concat!(
            r"(?:",
            r"(?i-u:telegr)[A-Za-z0-9_. -]*",
            op!(),
            r#"|api\.telegram\.org/bot)(?P<secret>[0-9]{5,16}:A[A-Za-z0-9_-]{34})(?:[^A-Za-z0-9_-]|$)"#
        ),
        3.0,
        0
    ),
    // ---------------------------------------------------------------- cloud providers
    rule!(
        "aws-access-key",
        r"(?-u:\b)(?P<secret>(?:A3T[A-Z0-9]|AKIA|ASIA|ABIA|ACCA)[A-Z2-7]{16})(?-u:\b)",
        3.0,
        4
    ),
    rule!(
        "aws-bedrock-api-key",
        r"(?-u:\b)(?P<secret>ABSKQmVkcm9ja0FQSUtleS[A-Za-z0-9+/]{40,}={0,2})",
        4.0,
        4
    ),
    rule!(
        "aws-bedrock-short-lived-key",
        r"(?-u:\b)(?P<secret>bedrock-api-key-YmVkcm9jay5hbWF6b25hd3MuY29t[A-Za-z0-9+/=%_-]*)",
        0.0,
        16
    ),
    rule!(
        "google-api-key",
        r"(?-u:\b)(?P<secret>AIza[A-Za-z0-9_-]{35})(?:[^A-Za-z0-9_-]|$)",
        4.0,
        4
    ),
    rule!("google-oauth-client-secret", r"(?-u:\b)(?P<secret>GOCSPX-[A-Za-z0-9_-]{28})(?:[^A-Za-z0-9_-]|$)", 3.5, 7),
    rule!("google-oauth-access-token", r"(?-u:\b)(?P<secret>ya29\.[A-Za-z0-9_-]{30,})", 3.5, 5),
    rule!(
        "azure-storage-account-key",
        r"(?i-u:AccountKey)=(?P<secret>[A-Za-z0-9+/]{86}==)",
        4.0,
        0
    ),
    rule!(
        "azure-shared-access-key",
        r"(?i-u:SharedAccessKey)=(?P<secret>[A-Za-z0-9+/]{42,}=)",
        4.0,
        0
    ),
    rule!(
        "azure-sas-token",
        r"[?&]sig=(?P<secret>[A-Za-z0-9%+/]{40,}(?:%3[Dd]|=){0,2})",
        3.5,
        0
    ),
    rule!(
        "azure-ad-client-secret",
        concat!(
            r"(?:",
            ctx_kw!(r"(?i-u:client[_.-]?secret|azure[_.-]?(?:ad|client)?[_.-]?secret|aad[_.-]?secret)"),
            r#")(?P<secret>[A-Za-z0-9_~.]{3}[0-9]Q~[A-Za-z0-9_~.-]{31,34})(?:$|[\\'"`\s<),;])"#
        ),
        3.0,
        0
    ),
    rule!("alibaba-access-key-id", r"(?-u:\b)(?P<secret>LTAI[A-Za-z0-9]{20})(?-u:\b)", 3.0, 4),
    rule!("tencent-secret-id", r"(?-u:\b)(?P<secret>AKID[A-Za-z0-9]{32})(?-u:\b)", 3.5, 4),
    rule!(
        "digitalocean-pat",
        r"(?-u:\b)(?P<secret>dop_v1_[a-f0-9]{64})(?-u:\b)",
        3.0,
        7
    ),
    rule!("digitalocean-access-token", r"(?-u:\b)(?P<secret>doo_v1_[a-f0-9]{64})(?-u:\b)", 3.0, 7),
    rule!("digitalocean-refresh-token", r"(?-u:\b)(?P<secret>dor_v1_[a-f0-9]{64})(?-u:\b)", 3.0, 7),
    rule!("heroku-api-key-v2", r"(?-u:\b)(?P<secret>HRKU-AA[A-Za-z0-9_-]{58})(?:[^A-Za-z0-9_-]|$)", 4.0, 7),
    rule!("cloudflare-origin-ca-key", r"(?-u:\b)(?P<secret>v1\.0-[a-f0-9]{24}-[a-f0-9]{146})(?-u:\b)", 3.0, 5),
    rule!("cloudflare-api-token", r"(?-u:\b)(?P<secret>cfut_[A-Za-z0-9_-]{40,})", 3.5, 5),
    rule!("fly-io-access-token", r"(?-u:\b)(?P<secret>fo1_[A-Za-z0-9_-]{43})(?:[^A-Za-z0-9_-]|$)", 4.0, 4),
    rule!("fly-io-macaroon-token", r"(?-u:\b)(?P<secret>fm[12][ar]?_[A-Za-z0-9+/]{100,}={0,3})", 4.0, 3),
    rule!("netlify-access-token", r"(?-u:\b)(?P<secret>nfp_[A-Za-z0-9]{36})(?-u:\b)", 3.5, 4),
    rule!("render-api-key", r"(?-u:\b)(?P<secret>rnd_[A-Za-z0-9]{32})(?-u:\b)", 3.5, 4),
    rule!("supabase-access-token", r"(?-u:\b)(?P<secret>sbp_[a-f0-9]{40})(?-u:\b)", 3.0, 4),
    rule!("supabase-secret-key", r"(?-u:\b)(?P<secret>sb_secret_[A-Za-z0-9_-]{20,})", 3.5, 10),
    rule!("pulumi-api-token", r"(?-u:\b)(?P<secret>pul-[a-f0-9]{40})(?-u:\b)", 3.0, 4),
    rule!("vault-service-token", r"(?-u:\b)(?P<secret>hvs\.[A-Za-z0-9_-]{90,})", 3.5, 4),
    rule!("vault-batch-token", r"(?-u:\b)(?P<secret>hvb\.[A-Za-z0-9_-]{138,})", 4.0, 4),
    rule!("vault-service-token-legacy", r"(?-u:\b)(?P<secret>s\.[A-Za-z0-9]{24})(?-u:\b)", 3.5, 2),
    rule!("doppler-api-token", r"(?-u:\b)(?P<secret>dp\.(?:pt|st|sa|ct|scim|audit)\.[A-Za-z0-9]{40,44})(?-u:\b)", 3.5, 3),
    rule!("databricks-api-token", r"(?-u:\b)(?P<secret>dapi[a-f0-9]{32}(?:-[0-9])?)(?-u:\b)", 3.0, 4),
    rule!(
        "dynatrace-api-token",
        r"(?-u:\b)(?P<secret>dt0c01\.[A-Za-z0-9]{24}\.[A-Za-z0-9]{64})(?-u:\b)",
        4.0,
        7
    ),
    rule!("tailscale-key", r"(?-u:\b)(?P<secret>tskey-[a-z]+-[A-Za-z0-9]{8,}-[A-Za-z0-9]{20,})(?-u:\b)", 3.5, 6),
    rule!("scalingo-api-token", r"(?-u:\b)(?P<secret>tk-us-[A-Za-z0-9_-]{48})(?:[^A-Za-z0-9_-]|$)", 3.0, 6),
    rule!("openshift-user-token", r"(?-u:\b)(?P<secret>sha256~[A-Za-z0-9_-]{43})(?:[^A-Za-z0-9_-]|$)", 3.5, 7),
    rule!("defined-networking-api-token", r"(?-u:\b)(?P<secret>dnkey-[A-Za-z0-9=_-]{26}-[A-Za-z0-9=_-]{52})", 3.5, 6),
    rule!("clickhouse-cloud-api-secret-key", r"(?-u:\b)(?P<secret>4b1d[A-Za-z0-9]{38})(?-u:\b)", 3.5, 4),
    // ---------------------------------------------------------------- source hosting, CI, packages
    rule!("github-fine-grained-pat", r"(?-u:\b)(?P<secret>github_pat_[A-Za-z0-9_]{82})(?-u:\b)", 3.0, 11),
    rule!("github-pat", r"(?-u:\b)(?P<secret>ghp_[A-Za-z0-9]{36})(?-u:\b)", 3.0, 4),
    rule!("github-oauth", r"(?-u:\b)(?P<secret>gho_[A-Za-z0-9]{36})(?-u:\b)", 3.0, 4),
    rule!("github-app-token", r"(?-u:\b)(?P<secret>gh[us]_[A-Za-z0-9]{36})(?-u:\b)", 3.0, 4),
    rule!("github-refresh-token", r"(?-u:\b)(?P<secret>ghr_[A-Za-z0-9]{36})(?-u:\b)", 3.0, 4),
    rule!(
        "gitlab-pat",
        r"(?-u:\b)(?P<secret>glpat-[A-Za-z0-9_-]{20,}(?:\.[0-9a-z]{9})?)",
        3.0,
        6
    ),
    rule!("gitlab-deploy-token", r"(?-u:\b)(?P<secret>gldt-[A-Za-z0-9_-]{20,})", 3.0, 5),
    rule!("gitlab-pipeline-trigger-token", r"(?-u:\b)(?P<secret>glptt-[a-f0-9]{40})(?-u:\b)", 3.0, 6),
    rule!(
        "gitlab-runner-token",
        r"(?-u:\b)(?P<secret>glrt-[A-Za-z0-9_-]{20,}(?:\.[0-9a-z]{9})?)",
        3.0,
        5
    ),
    rule!("gitlab-runner-registration-token", r"(?-u:\b)(?P<secret>GR1348941[A-Za-z0-9_-]{20})", 3.0, 9),
    rule!("gitlab-scim-token", r"(?-u:\b)(?P<secret>glsoat-[A-Za-z0-9_-]{20,})", 3.0, 7),
    rule!("gitlab-cicd-job-token", r"(?-u:\b)(?P<secret>glcbt-[A-Za-z0-9]{1,5}_[A-Za-z0-9_-]{20,})", 3.0, 6),
    rule!("gitlab-feature-flag-client-token", r"(?-u:\b)(?P<secret>glffct-[A-Za-z0-9_-]{20,})", 3.0, 7),
    rule!("gitlab-feed-token", r"(?-u:\b)(?P<secret>glft-[A-Za-z0-9_-]{20,})", 3.0, 5),
    rule!("gitlab-incoming-mail-token", r"(?-u:\b)(?P<secret>glimt-[A-Za-z0-9_-]{25,})", 3.0, 6),
    rule!("gitlab-kubernetes-agent-token", r"(?-u:\b)(?P<secret>glagent-[A-Za-z0-9_-]{50,})", 3.0, 8),
    rule!("gitlab-oauth-app-secret", r"(?-u:\b)(?P<secret>gloas-[A-Za-z0-9_-]{64,})", 3.0, 6),
    rule!("gitlab-session-cookie", r"(?-u:\b)(?P<secret>_gitlab_session=[0-9a-z]{32})(?-u:\b)", 3.0, 16),
    rule!("bitbucket-app-password", r"(?-u:\b)(?P<secret>ATBB[A-Za-z0-9_=.-]{28,})", 3.5, 4),
    rule!("atlassian-api-token", r"(?-u:\b)(?P<secret>ATATT3[A-Za-z0-9_=-]{150,})", 3.5, 6),
    rule!("npm-access-token", r"(?-u:\b)(?P<secret>npm_[A-Za-z0-9]{36})(?-u:\b)", 3.0, 4),
    rule!(
        "pypi-upload-token",
        r"(?-u:\b)(?P<secret>pypi-AgE(?:IcHlwaS5vcmc|NdGVzdC5weXBpLm9yZw)[A-Za-z0-9_-]{50,})",
        3.0,
        5
    ),
    rule!("rubygems-api-token", r"(?-u:\b)(?P<secret>rubygems_[a-f0-9]{48})(?-u:\b)", 3.0, 9),
    rule!("clojars-api-token", r"(?-u:\b)(?P<secret>CLOJARS_[A-Za-z0-9]{60})(?-u:\b)", 3.0, 8),
    rule!("nuget-api-key", r"(?-u:\b)(?P<secret>oy2[a-z0-9]{43})(?-u:\b)", 3.5, 3),
    rule!("docker-hub-pat", r"(?-u:\b)(?P<secret>dckr_pat_[A-Za-z0-9_-]{27,})", 3.5, 9),
    rule!("artifactory-api-key", r"(?-u:\b)(?P<secret>AKCp[A-Za-z0-9]{69})(?-u:\b)", 4.5, 4),
    rule!("artifactory-reference-token", r"(?-u:\b)(?P<secret>cmVmd[A-Za-z0-9]{59})(?-u:\b)", 4.5, 5),
    rule!("circleci-personal-token", r"(?-u:\b)(?P<secret>CCIPAT_[A-Za-z0-9]{22}_[a-f0-9]{40})(?-u:\b)", 3.5, 7),
    rule!("buildkite-api-token", r"(?-u:\b)(?P<secret>bkua_[a-f0-9]{40})(?-u:\b)", 3.0, 5),
    rule!("sonar-api-token", r"(?-u:\b)(?P<secret>sq[upa]_[a-f0-9]{40})(?-u:\b)", 3.0, 4),
    rule!("postman-api-token", r"(?-u:\b)(?P<secret>PMAK-[a-fA-F0-9]{24}-[a-fA-F0-9]{34})(?-u:\b)", 3.0, 5),
    rule!("sourcegraph-access-token", r"(?-u:\b)(?P<secret>sgp_(?:(?:[a-fA-F0-9]{16}|local)_)?[a-fA-F0-9]{40})(?-u:\b)", 3.0, 4),
    rule!("deno-deploy-token", r"(?-u:\b)(?P<secret>dd[pw]_[A-Za-z0-9]{36})(?-u:\b)", 3.5, 4),
    rule!("readme-api-token", r"(?-u:\b)(?P<secret>rdme_[a-z0-9]{70})(?-u:\b)", 3.0, 5),
    rule!("prefect-api-token", r"(?-u:\b)(?P<secret>pnu_[A-Za-z0-9]{36})(?-u:\b)", 3.0, 4),
    rule!("infracost-api-token", r"(?-u:\b)(?P<secret>ico-[A-Za-z0-9]{32})(?-u:\b)", 3.0, 4),
    rule!("octopus-deploy-api-key", r"(?-u:\b)(?P<secret>API-[A-Z0-9]{26})(?-u:\b)", 3.0, 4),
    rule!(
        "harness-api-key",
        r"(?-u:\b)(?P<secret>(?:pat|sat)\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9]{24}\.[A-Za-z0-9]{20})(?-u:\b)",
        3.0,
        4
    ),
    // ---------------------------------------------------------------- chat and messaging
    rule!(
        "slack-bot-token",
        r"(?-u:\b)(?P<secret>xoxb-[0-9]{8,14}-[A-Za-z0-9-]{8,}[A-Za-z0-9])(?:[^A-Za-z0-9-]|$)",
        3.0,
        5
    ),
    rule!(
        "slack-user-token",
        r"(?-u:\b)(?P<secret>xox[pe]-[0-9]{8,14}-[A-Za-z0-9-]{8,}[A-Za-z0-9])(?:[^A-Za-z0-9-]|$)",
        3.0,
        5
    ),
    rule!(
        "slack-legacy-token",
        r"(?-u:\b)(?P<secret>xox[aros]-(?:[0-9]-)?[0-9A-Za-z]{6,48}(?:-[0-9A-Za-z]+)*)(?-u:\b)",
        2.0,
        5
    ),
    rule!("slack-config-access-token", r"(?-u:\b)(?P<secret>xoxe\.xox[bp]-[0-9]-[A-Za-z0-9]{100,})(?-u:\b)", 3.0, 10),
    rule!("slack-config-refresh-token", r"(?-u:\b)(?P<secret>xoxe-[0-9]-[A-Za-z0-9]{100,})(?-u:\b)", 3.0, 5),
    rule!(
        "slack-app-token",
        r"(?-u:\b)(?P<secret>xapp-[0-9]-[A-Za-z0-9]+-[0-9]+-[A-Za-z0-9]+)(?-u:\b)",
        3.0,
        5
    ),
    rule!(
        "discord-bot-token",
        r"(?-u:\b)(?P<secret>(?:M[Tjz]|N[DTjz]|O[DT])[A-Za-z0-9_-]{21,23}\.[A-Za-z0-9_-]{6}\.[A-Za-z0-9_-]{27,38})(?:[^A-Za-z0-9_-]|$)",
        4.0,
        0
    ),
    rule!("twilio-api-key", r"(?-u:\b)(?P<secret>SK[0-9a-fA-F]{32})(?-u:\b)", 3.0, 2),
    rule!("twilio-account-sid", r"(?-u:\b)(?P<secret>AC[0-9a-f]{32})(?-u:\b)", 3.0, 2),
    rule!("sendgrid-api-token", r"(?-u:\b)(?P<secret>SG\.[A-Za-z0-9=_.-]{66})(?:[^A-Za-z0-9=_.-]|$)", 3.0, 3),
    rule!("brevo-api-key", r"(?-u:\b)(?P<secret>xkeysib-[a-f0-9]{64}-[A-Za-z0-9]{16})(?-u:\b)", 3.0, 8),
    rule!("brevo-smtp-key", r"(?-u:\b)(?P<secret>xsmtpsib-[a-f0-9]{64}-[A-Za-z0-9]{16})(?-u:\b)", 3.0, 9),
    rule!("mailgun-api-key", r"(?-u:\b)(?P<secret>key-[0-9a-f]{32})(?-u:\b)", 3.0, 4),
    rule!("mailgun-public-key", r"(?-u:\b)(?P<secret>pubkey-[0-9a-f]{32})(?-u:\b)", 3.0, 7),
    rule!(
        "firebase-cloud-messaging-key",
        r"(?-u:\b)(?P<secret>AAAA[A-Za-z0-9_-]{7}:APA91b[A-Za-z0-9_-]{130,})",
        4.0,
        0
    ),
    // ---------------------------------------------------------------- payments and commerce
    rule!("stripe-secret-key", r"(?-u:\b)(?P<secret>sk_(?:live|test|prod)_[A-Za-z0-9]{10,})(?-u:\b)", 3.0, 8),
    rule!("stripe-restricted-key", r"(?-u:\b)(?P<secret>rk_(?:live|test|prod)_[A-Za-z0-9]{10,})(?-u:\b)", 3.0, 8),
    rule!("stripe-publishable-key", r"(?-u:\b)(?P<secret>pk_live_[A-Za-z0-9]{10,})(?-u:\b)", 3.0, 8),
    rule!("stripe-webhook-secret", r"(?-u:\b)(?P<secret>whsec_[A-Za-z0-9+/=]{32,})", 3.5, 6),
    rule!("square-access-token", r"(?-u:\b)(?P<secret>EAAA[A-Za-z0-9_-]{22,60})(?:[^A-Za-z0-9_-]|$)", 3.0, 4),
    rule!("square-legacy-access-token", r"(?-u:\b)(?P<secret>sq0atp-[A-Za-z0-9_-]{22})(?:[^A-Za-z0-9_-]|$)", 3.0, 7),
    rule!("square-oauth-secret", r"(?-u:\b)(?P<secret>sq0csp-[A-Za-z0-9_-]{43})(?:[^A-Za-z0-9_-]|$)", 3.5, 7),
    rule!(
        "braintree-access-token",
        r"(?-u:\b)(?P<secret>access_token\$(?:production|sandbox)\$[0-9a-z]{16}\$[0-9a-f]{32})(?-u:\b)",
        3.0,
        13
    ),
    rule!("shopify-access-token", r"(?-u:\b)(?P<secret>shpat_[a-fA-F0-9]{32})(?-u:\b)", 3.0, 6),
    rule!("shopify-shared-secret", r"(?-u:\b)(?P<secret>shpss_[a-fA-F0-9]{32})(?-u:\b)", 3.0, 6),
    rule!("shopify-custom-access-token", r"(?-u:\b)(?P<secret>shpca_[a-fA-F0-9]{32})(?-u:\b)", 3.0, 6),
    rule!("shopify-private-app-access-token", r"(?-u:\b)(?P<secret>shppa_[a-fA-F0-9]{32})(?-u:\b)", 3.0, 6),
    rule!("shippo-api-token", r"(?-u:\b)(?P<secret>shippo_(?:live|test)_[a-fA-F0-9]{40})(?-u:\b)", 3.0, 12),
    rule!("easypost-api-token", r"(?-u:\b)(?P<secret>EZAK[A-Za-z0-9]{54})(?-u:\b)", 3.0, 4),
    rule!("easypost-test-api-token", r"(?-u:\b)(?P<secret>EZTK[A-Za-z0-9]{54})(?-u:\b)", 3.0, 4),
    rule!("duffel-api-token", r"(?-u:\b)(?P<secret>duffel_(?:test|live)_[A-Za-z0-9_=-]{43})(?:[^A-Za-z0-9_=-]|$)", 3.0, 12),
    rule!(
        "flutterwave-key",
        r"(?-u:\b)(?P<secret>FLW(?:SECK|PUBK)(?:_TEST)?-[a-hA-H0-9]{12,32}(?:-X)?)(?-u:\b)",
        3.0,
        3
    ),
    rule!(
        "plaid-access-token",
        r"(?-u:\b)(?P<secret>access-(?:sandbox|development|production)-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?-u:\b)",
        3.0,
        7
    ),
    rule!("settlemint-access-token", r"(?-u:\b)(?P<secret>sm_(?:aat|pat|sat)_[A-Za-z0-9]{16})(?-u:\b)", 3.0, 7),
    // ---------------------------------------------------------------- AI providers
    rule!(
        "anthropic-admin-api-key",
        r"(?-u:\b)(?P<secret>sk-ant-admin01-[A-Za-z0-9_-]{80,}AA)(?:[^A-Za-z0-9_-]|$)",
        3.5,
        15
    ),
    rule!(
        "anthropic-api-key",
        r"(?-u:\b)(?P<secret>sk-ant-api03-[A-Za-z0-9_-]{80,}AA)(?:[^A-Za-z0-9_-]|$)",
        3.5,
        13
    ),
    rule!("openai-project-key", r"(?-u:\b)(?P<secret>sk-proj-[A-Za-z0-9_-]{40,})", 3.5, 8),
    rule!("openai-service-account-key", r"(?-u:\b)(?P<secret>sk-svcacct-[A-Za-z0-9_-]{40,})", 3.5, 11),
    rule!("openai-admin-key", r"(?-u:\b)(?P<secret>sk-admin-[A-Za-z0-9_-]{40,})", 3.5, 9),
    rule!(
        "openai-api-key",
        r"(?-u:\b)(?P<secret>sk-(?:[A-Za-z0-9]{20}T3BlbkFJ[A-Za-z0-9]{20}|[A-Za-z0-9]{48}))(?-u:\b)",
        3.5,
        3
    ),
    rule!("sk-api-key", r"(?-u:\b)(?P<secret>sk-[A-Za-z0-9]{32,})(?-u:\b)", 3.5, 3),
    rule!("huggingface-access-token", r"(?-u:\b)(?P<secret>hf_[A-Za-z0-9]{34})(?-u:\b)", 3.0, 3),
    rule!("huggingface-organization-api-token", r"(?-u:\b)(?P<secret>api_org_[A-Za-z0-9]{34})(?-u:\b)", 3.0, 8),
    rule!("replicate-api-token", r"(?-u:\b)(?P<secret>r8_[A-Za-z0-9]{37})(?-u:\b)", 3.5, 3),
    rule!("groq-api-key", r"(?-u:\b)(?P<secret>gsk_[A-Za-z0-9]{52})(?-u:\b)", 3.5, 4),
    rule!("perplexity-api-key", r"(?-u:\b)(?P<secret>pplx-[A-Za-z0-9]{48})(?-u:\b)", 4.0, 5),
    rule!("xai-api-key", r"(?-u:\b)(?P<secret>xai-[A-Za-z0-9]{80})(?-u:\b)", 4.0, 4),
    rule!("langsmith-api-key", r"(?-u:\b)(?P<secret>lsv2_(?:pt|sk)_[a-f0-9]{32}_[a-f0-9]{10})(?-u:\b)", 3.0, 8),
    rule!("pinecone-api-key", r"(?-u:\b)(?P<secret>pcsk_[A-Za-z0-9_]{40,})(?-u:\b)", 3.5, 5),
    // ---------------------------------------------------------------- SaaS
    rule!("linear-api-key", r"(?-u:\b)(?P<secret>lin_api_[A-Za-z0-9]{40})(?-u:\b)", 3.0, 8),
    rule!("notion-api-token", r"(?-u:\b)(?P<secret>ntn_[0-9]{11}[A-Za-z0-9]{35})(?-u:\b)", 4.0, 4),
    rule!("notion-integration-token", r"(?-u:\b)(?P<secret>secret_[A-Za-z0-9]{43})(?-u:\b)", 4.0, 7),
    rule!("postman-collection-key", r"(?-u:\b)(?P<secret>PMAT-[A-Za-z0-9]{26})(?-u:\b)", 3.5, 5),
    rule!(
        "sentry-org-token",
        r"(?-u:\b)(?P<secret>sntrys_eyJ[A-Za-z0-9+/=]{30,}_[A-Za-z0-9+/]{43})(?:[^A-Za-z0-9+/]|$)",
        4.5,
        7
    ),
    rule!("sentry-user-token", r"(?-u:\b)(?P<secret>sntryu_[a-f0-9]{64})(?-u:\b)", 3.5, 7),
    rule!("grafana-cloud-api-token", r"(?-u:\b)(?P<secret>glc_[A-Za-z0-9+/]{32,}={0,3})", 3.0, 4),
    rule!("grafana-service-account-token", r"(?-u:\b)(?P<secret>glsa_[A-Za-z0-9]{32}_[A-Fa-f0-9]{8})(?-u:\b)", 3.0, 5),
    rule!("grafana-api-key", r"(?-u:\b)(?P<secret>eyJrIjoi[A-Za-z0-9]{70,}={0,3})", 3.0, 8),
    rule!("new-relic-user-api-key", r"(?-u:\b)(?P<secret>NRAK-[A-Za-z0-9]{27})(?-u:\b)", 3.0, 5),
    rule!("new-relic-insert-key", r"(?-u:\b)(?P<secret>NRII-[A-Za-z0-9-]{32})(?:[^A-Za-z0-9-]|$)", 3.0, 5),
    rule!("new-relic-browser-api-token", r"(?-u:\b)(?P<secret>NRJS-[a-f0-9]{19})(?-u:\b)", 3.0, 5),
    rule!("planetscale-api-token", r"(?-u:\b)(?P<secret>pscale_tkn_[A-Za-z0-9_=.-]{32,64})(?:[^A-Za-z0-9_=.-]|$)", 3.0, 11),
    rule!("planetscale-password", r"(?-u:\b)(?P<secret>pscale_pw_[A-Za-z0-9_=.-]{32,64})(?:[^A-Za-z0-9_=.-]|$)", 3.0, 10),
    rule!("planetscale-oauth-token", r"(?-u:\b)(?P<secret>pscale_oauth_[A-Za-z0-9_=.-]{32,64})(?:[^A-Za-z0-9_=.-]|$)", 3.0, 13),
    rule!("contentful-personal-access-token", r"(?-u:\b)(?P<secret>CFPAT-[A-Za-z0-9_-]{43})(?:[^A-Za-z0-9_-]|$)", 3.5, 6),
    rule!("dropbox-api-token", r"(?-u:\b)(?P<secret>sl\.[A-Za-z0-9_=.-]{130,})", 3.5, 3),
    rule!("figma-access-token", r"(?-u:\b)(?P<secret>figd_[A-Za-z0-9_-]{40,})", 3.5, 5),
    rule!("frameio-api-token", r"(?-u:\b)(?P<secret>fio-u-[A-Za-z0-9_=-]{64})(?:[^A-Za-z0-9_=-]|$)", 3.0, 6),
    rule!("typeform-api-token", r"(?-u:\b)(?P<secret>tfp_[A-Za-z0-9_.=-]{59})(?:[^A-Za-z0-9_.=-]|$)", 3.0, 4),
    rule!("adobe-client-secret", r"(?-u:\b)(?P<secret>p8e-[A-Za-z0-9]{32})(?-u:\b)", 3.0, 4),
    rule!("adafruit-io-key", r"(?-u:\b)(?P<secret>aio_[A-Za-z0-9]{28})(?-u:\b)", 3.5, 4),
    rule!("intra42-client-secret", r"(?-u:\b)(?P<secret>s-s4t2(?:ud|af)-[a-f0-9]{64})(?-u:\b)", 3.0, 9),
    rule!("yandex-api-key", r"(?-u:\b)(?P<secret>AQVN[A-Za-z0-9_-]{35,38})(?:[^A-Za-z0-9_-]|$)", 3.5, 4),
    rule!(
        "onepassword-secret-key",
        r"(?-u:\b)(?P<secret>A3-[A-Z0-9]{6}-(?:[A-Z0-9]{11}|[A-Z0-9]{6}-[A-Z0-9]{5})-[A-Z0-9]{5}-[A-Z0-9]{5}-[A-Z0-9]{5})(?-u:\b)",
        3.8,
        3
    ),
    rule!("onepassword-service-account-token", r"(?-u:\b)(?P<secret>ops_eyJ[A-Za-z0-9+/]{250,}={0,3})", 4.0, 4),
    rule!("age-secret-key", r"(?-u:\b)(?P<secret>AGE-SECRET-KEY-1[QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L]{58})(?-u:\b)", 0.0, 16),
    rule!("facebook-access-token", r"(?-u:\b)(?P<secret>EAA[B-Z][A-Za-z0-9]{80,})(?-u:\b)", 4.0, 3),
    rule!("twitter-bearer-token", r"(?-u:\b)(?P<secret>A{21}[A-Za-z0-9%]{50,})(?-u:\b)", 3.0, 21),
    rule!(
        "mapbox-api-token",
        r"(?-u:\b)(?P<secret>(?:pk|sk|tk)\.eyJ[A-Za-z0-9_-]{20,}\.[A-Za-z0-9_-]{20,})",
        3.5,
        3
    ),
    rule!(
        "jwt",
        r"(?-u:\b)(?P<secret>ey[A-Za-z0-9_-]{15,}={0,2}\.ey[A-Za-z0-9_/\\+-]{15,}={0,2}\.(?:[A-Za-z0-9_/\\+-]{10,}={0,2})?)",
        3.0,
        2
    ),
    // ---------------------------------------------------------------- provider keyword + value
    rule!(
        "terraform-cloud-token",
        concat!(
            ctx_kw!(r"(?i-u:terraform|tfe|tfc|atlas)"),
            r"(?P<secret>[A-Za-z0-9]{14}\.atlasv1\.[A-Za-z0-9_=-]{60,70})(?:[^A-Za-z0-9_=-]|$)"
        ),
        3.5,
        0
    ),
    rule!(
        "mailchimp-api-key",
        concat!(ctx_kw!(r"(?i-u:mailchimp|mc[_-]?api)"), r"(?P<secret>[0-9a-f]{32}-us[0-9]{1,2})(?-u:\b)"),
        3.0,
        0
    ),
    rule!(
        "airtable-personal-access-token",
        concat!(ctx_kw!(r"(?i-u:airtable)"), r"(?P<secret>pat[A-Za-z0-9]{14}\.[a-f0-9]{64})(?-u:\b)"),
        3.0,
        3
    ),
    rule!(
        "aws-secret-access-key",
        concat!(
            r"(?i-u:aws)[A-Za-z0-9_.-]*(?i-u:secret)[A-Za-z0-9_.-]*",
            op!(),
            r"(?P<secret>[A-Za-z0-9/+=]{40})(?:[^A-Za-z0-9/+=]|$)"
        ),
        3.5,
        0
    ),
    rule!(
        "heroku-api-key",
        concat!(ctx_kw!(r"(?i-u:heroku)"), r"(?P<secret>", uuid!(), r")(?-u:\b)"),
        3.0,
        0
    ),
    rule!(
        "datadog-api-key",
        concat!(ctx_kw!(r"(?i-u:datadog|dd[_-]?(?:api|app)[_-]?key)"), r"(?P<secret>[A-Za-z0-9]{32,40})(?-u:\b)"),
        3.0,
        0
    ),
    rule!(
        "discord-client-secret",
        concat!(
            ctx_kw!(r"(?i-u:discord)"),
            r"(?P<secret>[a-f0-9]{64}|[0-9]{17,20}|[A-Za-z0-9_=-]{32})(?:[^A-Za-z0-9_=-]|$)"
        ),
        2.0,
        0
    ),
    rule!(
        "cohere-api-token",
        concat!(ctx_kw!(r"(?i-u:cohere|co_api_key)"), r"(?P<secret>[A-Za-z0-9]{40})(?-u:\b)"),
        4.0,
        0
    ),
    rule!(
        "atlassian-context-token",
        concat!(ctx_kw!(r"(?i-u:atlassian|confluence|jira)"), r"(?P<secret>[A-Za-z0-9]{24})(?-u:\b)"),
        3.5,
        0
    ),
    rule!(
        "bitbucket-client-secret",
        concat!(ctx_kw!(r"(?i-u:bitbucket)"), r"(?P<secret>[A-Za-z0-9_=-]{32,64})(?:[^A-Za-z0-9_=-]|$)"),
        3.0,
        0
    ),
    rule!(
        "vercel-context-token",
        concat!(ctx_kw!(r"(?i-u:vercel)"), r"(?P<secret>[A-Za-z0-9]{24})(?-u:\b)"),
        3.5,
        0
    ),
    rule!(
        "netlify-context-token",
        concat!(ctx_kw!(r"(?i-u:netlify)"), r"(?P<secret>[A-Za-z0-9_=-]{40,46})(?:[^A-Za-z0-9_=-]|$)"),
        3.0,
        0
    ),
    rule!(
        "cloudflare-api-key",
        concat!(ctx_kw!(r"(?i-u:cloudflare|cf[_-]api)"), r"(?P<secret>[A-Za-z0-9_-]{37,40})(?:[^A-Za-z0-9_-]|$)"),
        3.0,
        0
    ),
    rule!(
        "okta-access-token",
        concat!(ctx_kw!(r"[Oo]kta|OKTA"), r"(?P<secret>00[A-Za-z0-9_=-]{40})(?:[^A-Za-z0-9_=-]|$)"),
        4.0,
        0
    ),
    rule!(
        "tencent-secret-key",
        concat!(ctx_kw!(r"(?i-u:tencent)"), r"(?P<secret>[A-Za-z0-9]{32})(?-u:\b)"),
        3.5,
        0
    ),
    rule!(
        "facebook-app-access-token",
        r#"(?i-u:facebook)[A-Za-z0-9_ '".:=-]{0,30}?(?P<secret>[0-9]{15,16}(?:\||%7C)[A-Za-z0-9_-]{27,40})(?:[^A-Za-z0-9_-]|$)"#,
        3.0,
        0
    ),
    rule!(
        "facebook-secret",
        concat!(ctx_kw!(r"(?i-u:facebook)"), r"(?P<secret>[a-f0-9]{32})(?-u:\b)"),
        3.0,
        0
    ),
    rule!(
        "algolia-api-key",
        concat!(ctx_kw!(r"(?i-u:algolia)"), r"(?P<secret>[A-Za-z0-9]{32})(?-u:\b)"),
        3.0,
        0
    ),
    rule!(
        "contentful-delivery-api-token",
        concat!(ctx_kw!(r"(?i-u:contentful)"), r"(?P<secret>[A-Za-z0-9_=-]{43})(?:[^A-Za-z0-9_=-]|$)"),
        3.0,
        0
    ),
    rule!(
        "intercom-api-key",
        concat!(ctx_kw!(r"(?i-u:intercom)"), r"(?P<secret>[A-Za-z0-9_=-]{60})(?:[^A-Za-z0-9_=-]|$)"),
        3.0,
        0
    ),
    rule!(
        "travis-ci-access-token",
        concat!(ctx_kw!(r"(?i-u:travis)"), r"(?P<secret>[A-Za-z0-9]{22})(?-u:\b)"),
        3.0,
        0
    ),
    rule!(
        "circleci-api-token",
        concat!(ctx_kw!(r"(?i-u:circle)"), r"(?P<secret>[a-f0-9]{40})(?-u:\b)"),
        3.0,
        0
    ),
    rule!(
        "snyk-api-token",
        concat!(ctx_kw!(r"(?i-u:snyk)"), r"(?P<secret>", uuid!(), r")(?-u:\b)"),
        3.0,
        0
    ),
    rule!(
        "sonar-context-token",
        concat!(ctx_kw!(r"(?i-u:sonar)"), r"(?P<secret>(?:sq[upa]_)?[A-Za-z0-9]{40})(?-u:\b)"),
        3.0,
        0
    ),
    rule!(
        "sumologic-access-key",
        concat!(ctx_kw!(r"[Ss]umo|SUMO"), r"(?P<secret>su[A-Za-z0-9]{12}|[A-Za-z0-9]{64})(?-u:\b)"),
        3.0,
        0
    ),
    rule!(
        "sidekiq-secret",
        concat!(
            ctx_kw!(r"(?i-u:BUNDLE_(?:ENTERPRISE|GEMS)__CONTRIBSYS__COM)"),
            r"(?P<secret>[a-f0-9]{8}:[a-f0-9]{8})(?-u:\b)"
        ),
        2.5,
        0
    ),
    rule!(
        "sourcegraph-context-token",
        concat!(ctx_kw!(r"(?i-u:sourcegraph)"), r"(?P<secret>[A-Fa-f0-9]{40})(?-u:\b)"),
        3.0,
        0
    ),
    rule!(
        "messagebird-api-token",
        concat!(
            ctx_kw!(r"(?i-u:message[_-]?bird)"),
            r"(?P<secret>[A-Za-z0-9]{25}|",
            uuid!(),
            r")(?-u:\b)"
        ),
        3.0,
        0
    ),
    rule!(
        "jfrog-identity-token",
        concat!(ctx_kw!(r"(?i-u:jfrog|artifactory|bintray|xray)"), r"(?P<secret>[A-Za-z0-9]{64})(?-u:\b)"),
        3.5,
        0
    ),
    rule!(
        "xml-config-secret",
        r#"<add[ \t]+key="[A-Za-z0-9_.:-]{0,40}(?i-u:password|passwd|pwd|secret|token|api[_.-]?key|apikey|connectionstring)[A-Za-z0-9_.:-]{0,20}"[ \t]+value="(?P<secret>[^"\r\n]{6,})""#,
        2.5,
        0
    ),
    // ---------------------------------------------------------------- generic, lowest priority
    rule!(
        "cli-basic-auth",
        r#"(?:^|[ \t])(?:-u|--user)(?:=|[ \t]{1,4})["']?(?P<secret>[^\s"':]*["']?:["']?[^\s"']*)"#,
        0.0,
        0
    ),
];

/// Secret prefixes that belong to a provider rule above. The generic rules (`bearer-token`,
/// `generic-password`, `generic-secret`) never report a value that starts with one of them,
/// so in `export GITHUB_TOKEN=ghp_...` the generic rule fails at `TOKEN` and the match is
/// left to the provider rule (`github-pat`), which reports the same span under its own id
/// and prefix. (Leftmost-first would otherwise let the generic rule, which starts further
/// left, win.) Prefixes are case-sensitive; a provider whose token has no literal prefix
/// (JWT, Azure AD client secret, Discord bot token, ...) is reported as `generic-secret`
/// when it appears as the value of a `key = value` assignment.
#[rustfmt::skip]
pub const PROVIDER_PREFIXES: &[&str] = &[
    // cloud
    "AKIA", "ASIA", "ABIA", "ACCA", "A3T", "ABSKQmVk", "bedrock-api-key-", "AIza", "GOCSPX-", "ya29.",
    "LTAI", "AKID", "dop_v1_", "doo_v1_", "dor_v1_", "HRKU-", "v1.0-", "cfut_", "fo1_", "fm1_", "fm2_",
    "fm1a_", "fm1r_", "fm2a_", "fm2r_", "nfp_", "rnd_", "sbp_", "sb_secret_", "pul-", "hvs.", "hvb.", "s.",
    "dp.", "dapi", "dt0c01.", "tskey-", "tk-us-", "sha256~", "dnkey-", "4b1d",
    // source hosting, CI, packages
    "github_pat_", "ghp_", "gho_", "ghu_", "ghs_", "ghr_", "glpat-", "gldt-", "glptt-", "glrt-",
    "GR1348941", "glsoat-", "glcbt-", "glffct-", "glft-", "glimt-", "glagent-", "gloas-",
    "_gitlab_session=", "ATBB", "ATATT3", "npm_", "pypi-AgE", "rubygems_", "CLOJARS_", "oy2",
    "dckr_pat_", "AKCp", "cmVmd", "CCIPAT_", "bkua_", "squ_", "sqp_", "sqa_", "PMAK-", "PMAT-", "sgp_",
    "ddp_", "ddw_", "rdme_", "pnu_", "ico-", "API-", "pat.", "sat.",
    // chat and messaging
    "xox", "xapp-", "SG.", "xkeysib-", "xsmtpsib-", "key-", "key=", "pubkey-", "AAAA",
    // payments
    "sk_live_", "sk_test_", "sk_prod_", "rk_live_", "rk_test_", "rk_prod_", "pk_live_", "whsec_", "EAA",
    "sq0atp-", "sq0csp-", "access_token$", "shpat_", "shpss_", "shpca_", "shppa_", "shippo_", "EZAK",
    "EZTK", "duffel_", "FLWSECK", "FLWPUBK", "access-sandbox-", "access-development-",
    "access-production-", "sm_aat_", "sm_pat_", "sm_sat_",
    // AI and SaaS
    "sk-", "hf_", "api_org_", "r8_", "gsk_", "pplx-", "xai-",
    "lsv2_", "pcsk_", "lin_api_", "ntn_", "sntrys_", "sntryu_", "glc_", "glsa_", "eyJrIjoi", "NRAK-",
    "NRII-", "NRJS-", "pscale_", "CFPAT-", "sl.", "figd_", "fio-u-", "tfp_", "p8e-", "aio_", "s-s4t2",
    "AQVN", "A3-", "ops_eyJ", "AGE-SECRET-KEY-1", "pk.eyJ", "sk.eyJ", "tk.eyJ",
];

/// `SK` / `AC` followed by a hex digit (Twilio), added to [`PROVIDER_PREFIXES`] at build time.
fn twilio_prefixes() -> Vec<String> {
    let mut v = Vec::new();
    for c in "0123456789abcdefABCDEF".chars() {
        v.push(format!("SK{c}"));
        v.push(format!("AC{c}"));
    }
    v
}

/// Characters of a generic value (`NAME = value`): no quotes, spaces, brackets, `,;&|\`.
const VALUE_CHARS: &str = "A-Za-z0-9_./+=~!@#$%^*:-";

/// The whole rule list, in priority order (index = pattern ID in the union regex):
/// [`PROVIDER_RULES`] then the generic rules, whose patterns are built once, at first use,
/// from [`PROVIDER_PREFIXES`]. Derefs to `Vec<SecretRule>`: `RULES.iter()`, `RULES[i]`.
pub static RULES: LazyLock<Vec<SecretRule>> = LazyLock::new(build_rules);

fn build_rules() -> Vec<SecretRule> {
    let mut prefixes: Vec<String> = PROVIDER_PREFIXES.iter().map(|s| s.to_string()).collect();
    prefixes.extend(twilio_prefixes());
    let value_first = ascii_set("A-Za-z0-9_./+~!@$%*");
    let value_next = ascii_set("A-Za-z0-9_./+=~!@#$%^*-"); // no ':' inside the excluded prefixes
    let not_provider = not_starting_with(&prefixes, &value_first, &value_next);
    // After the first characters: any value character, but never `://` (URLs are left to the
    // URL rules), then a last character that is not `.` or `:` (sentence punctuation), or an
    // ellipsis (a truncated value, which `plausible` rejects). The value must end the token:
    // `[.:]?` then a character that cannot be part of a value and is not `(` (a function
    // call: `password = getpass(`), or the end of the text.
    let body = r"(?:[A-Za-z0-9_./+=~!@#$%^*-]|:+[A-Za-z0-9_.+=~!@#$%^*-])";
    let last = r"[A-Za-z0-9_/+=~!@#$%^*-](?:\.{2,})?";
    let term = format!(r"[.:]?(?:[^({VALUE_CHARS}]|$)");
    let generic = |kw: &str, min_body: usize| {
        format!(
            "{ctx}(?P<secret>{not_provider}{body}{{{min_body},}}{last}){term}",
            ctx = ctx_generic(kw),
        )
    };
    let mut bearer_prefixes = prefixes.clone();
    bearer_prefixes.push("eyJ".to_string()); // `Bearer <JWT>` is reported by `jwt`
    let bearer_first = ascii_set("A-Za-z0-9_~+/-");
    let bearer_next = ascii_set("A-Za-z0-9_.~+/-");
    let bearer = format!(
        r"(?-u:\b)(?i-u:bearer)[ \t]+(?P<secret>{}[A-Za-z0-9_.~+/-]{{16,}}[A-Za-z0-9_~+/-]=*)(?:[^A-Za-z0-9_.~+/=-]|$)",
        not_starting_with(&bearer_prefixes, &bearer_first, &bearer_next)
    );
    let leak = |s: String| -> &'static str { Box::leak(s.into_boxed_str()) };
    let mut rules = PROVIDER_RULES.to_vec();
    rules.push(SecretRule {
        id: "bearer-token",
        pattern: leak(bearer),
        min_entropy: 3.5,
        prefix: 0,
    });
    rules.push(SecretRule {
        id: "generic-password",
        pattern: leak(generic(kw_pass!(), 3)),
        min_entropy: 2.5,
        prefix: 0,
    });
    rules.push(SecretRule {
        id: "generic-secret",
        pattern: leak(generic(kw_secret!(), 7)),
        min_entropy: 3.0,
        prefix: 0,
    });
    rules
}

/// Context of the generic rules for the keyword alternation `kw`: `NAME <op> [scheme]` where
/// NAME is a keyword plus allowed suffix words (`DB_PASSWORD`, `apiKey`, `x-api-key`,
/// `SECRET_KEY_BASE`), or a command-line flag `--name value` / `--name=value`.
fn ctx_generic(kw: &str) -> String {
    format!(
        r#"(?:(?i-u:(?:{kw}){sfx}){op}{scheme}|--(?i-u:(?:{kw}){sfx})(?:=|[ \t]+)["']?)"#,
        sfx = suffix!(),
        op = op!(),
        scheme = scheme!()
    )
}

/// Set of ASCII bytes described like a regex class body (`A-Za-z0-9_-`).
fn ascii_set(spec: &str) -> [bool; 128] {
    let mut set = [false; 128];
    let b = spec.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if i + 2 < b.len() && b[i + 1] == b'-' {
            for c in b[i]..=b[i + 2] {
                set[c as usize] = true;
            }
            i += 3;
        } else {
            set[b[i] as usize] = true;
            i += 1;
        }
    }
    set
}

/// A regex for the first characters of a string that does not start with any of `prefixes`:
/// it matches the shortest prefix of such a string that already differs from every prefix
/// (a path down the prefix trie, then one character that leaves it). `first` is the allowed
/// first character, `next` the allowed later ones.
fn not_starting_with(prefixes: &[String], first: &[bool; 128], next: &[bool; 128]) -> String {
    #[derive(Default)]
    struct Node {
        children: std::collections::BTreeMap<u8, Node>,
        terminal: bool,
    }
    let mut root = Node::default();
    for p in prefixes {
        let mut n = &mut root;
        for &c in p.as_bytes() {
            n = n.children.entry(c).or_default();
        }
        n.terminal = true;
    }
    fn class(set: &[bool; 128]) -> Option<String> {
        let mut out = String::from("[");
        let mut c = 0usize;
        let mut any = false;
        while c < 128 {
            if set[c] {
                let start = c;
                while c + 1 < 128 && set[c + 1] {
                    c += 1;
                }
                any = true;
                let esc = |x: usize| {
                    let ch = x as u8 as char;
                    if ch.is_ascii_alphanumeric() {
                        ch.to_string()
                    } else {
                        format!("\\x{x:02X}")
                    }
                };
                out.push_str(&esc(start));
                if c > start {
                    out.push('-');
                    out.push_str(&esc(c));
                }
            }
            c += 1;
        }
        out.push(']');
        any.then_some(out)
    }
    fn walk(n: &Node, allowed: &[bool; 128], next: &[bool; 128]) -> Option<String> {
        let mut others = *allowed;
        let mut alts = Vec::new();
        for (&c, child) in &n.children {
            others[c as usize] = false;
            if child.terminal || !allowed[c as usize] {
                continue;
            }
            if let Some(sub) = walk(child, next, next) {
                let lit = if (c as char).is_ascii_alphanumeric() {
                    (c as char).to_string()
                } else {
                    format!("\\x{c:02X}")
                };
                alts.push(format!("{lit}{sub}"));
            }
        }
        if let Some(cl) = class(&others) {
            alts.insert(0, cl);
        }
        if alts.is_empty() {
            None
        } else {
            Some(format!("(?:{})", alts.join("|")))
        }
    }
    walk(&root, first, next).unwrap_or_else(|| "[a&&b]".to_string())
}

/// Shannon entropy of `s` in bits per character (0.0 for the empty string).
pub fn shannon_entropy(s: &str) -> f32 {
    if s.is_ascii() {
        // ASCII: the counts by byte in a table, not a list searched at every character.
        // Summed in the order of first occurrence, as below (the same sum, to the bit).
        let mut count = [0u32; 128];
        let mut order = [0u8; 128];
        let mut k = 0;
        for &b in s.as_bytes() {
            let c = &mut count[usize::from(b)];
            if *c == 0 {
                order[k] = b;
                k += 1;
            }
            *c += 1;
        }
        return entropy_of(
            order[..k].iter().map(|&b| count[usize::from(b)]),
            s.len() as u32,
        );
    }
    let mut counts: Vec<(char, u32)> = Vec::with_capacity(64);
    let mut n = 0u32;
    for c in s.chars() {
        n += 1;
        match counts.iter_mut().find(|(k, _)| *k == c) {
            Some((_, v)) => *v += 1,
            None => counts.push((c, 1)),
        }
    }
    entropy_of(counts.iter().map(|&(_, c)| c), n)
}

/// The entropy of `n` characters with these counts (in first-occurrence order).
fn entropy_of(counts: impl Iterator<Item = u32>, n: u32) -> f32 {
    if n == 0 {
        return 0.0;
    }
    let n = n as f64;
    let h: f64 = counts
        .map(|c| {
            let p = c as f64 / n;
            -p * p.log2()
        })
        .sum();
    h as f32
}

/// Values that are never secrets, compared case-insensitively with the whole value (after
/// trimming quotes) or with the `password` part of a `user:password` pair.
#[rustfmt::skip]
const STOP_WORDS: &[&str] = &[
    "test", "tests", "testing", "test123", "testtest", "null", "nil", "none", "true", "false", "undefined",
    "yes", "no", "on", "off", "empty", "blank", "default", "required", "optional", "string", "str",
    "secret", "secrets", "password", "passwd", "pass", "pwd", "token", "apikey", "api_key", "api-key",
    "key", "changeme", "changeit", "example", "sample", "dummy", "fake", "foo", "bar", "baz", "foobar",
    "admin", "root", "guest", "user", "username", "letmein", "qwerty", "abc123", "123456", "12345678",
    "123456789", "1234567890", "password1", "password123", "secret123", "hunter2", "postgres", "mysql",
    "redis", "mongo", "mongodb", "rabbitmq", "oracle", "sa", "xxx", "yyy", "zzz", "todo", "tbd", "n/a",
    "na", "unknown", "value", "your-token", "placeholder", "redacted", "hidden", "masked", "private",
    "public", "anonymous", "demo", "local", "localhost", "development", "production", "staging",
];

/// Substrings (lower-cased) that mark a value as a placeholder wherever they occur.
#[rustfmt::skip]
const PLACEHOLDER_MARKERS: &[&str] = &[
    "example", "changeme", "change_me", "change-me", "changethis", "placeholder", "your_", "your-",
    "yourapi", "yourkey", "yoursecret", "yourtoken", "yourpassword", "insert_", "insert-", "<", ">",
    "${", "{{", "}}", "$(", "%(", "#{", "redacted", "dummy", "here", "xxxx", "****", "####", "....",
    "????", "•", "replace_", "replace-", "replaceme", "notreal", "not_real", "not-a-real", "sample_",
    "_sample", "-sample", "sample-",
];

/// [`PLACEHOLDER_MARKERS`] as one automaton (a substring search per marker built 44
/// searchers per candidate).
static PLACEHOLDER: LazyLock<aho_corasick::AhoCorasick> = LazyLock::new(|| {
    aho_corasick::AhoCorasick::new(PLACEHOLDER_MARKERS).expect("placeholder markers compile")
});

/// File extensions that mark a value as a file name or path rather than a secret.
#[rustfmt::skip]
const FILE_EXTENSIONS: &[&str] = &[
    ".pem", ".key", ".crt", ".cer", ".der", ".p12", ".pfx", ".jks", ".keystore", ".json", ".yaml",
    ".yml", ".txt", ".env", ".conf", ".cfg", ".ini", ".xml", ".properties", ".toml", ".js", ".ts",
    ".py", ".rb", ".go", ".rs", ".java", ".sh", ".ps1", ".bat", ".csv", ".log", ".html", ".md",
    ".pub", ".gpg", ".asc",
];

/// True if `secret`, found by `rule`, looks like a real secret and not a placeholder, a
/// variable reference, a dictionary word, an identifier or a file path.
pub fn plausible(rule: &SecretRule, secret: &str) -> bool {
    let s = secret.trim();
    if s.is_empty() {
        return false;
    }
    if rule.min_entropy > 0.0 && shannon_entropy(s) < entropy_floor(rule, s) {
        return false;
    }
    match rule.id {
        "private-key" | "pgp-private-key" | "gcp-service-account-key" => return plausible_block(s),
        "credentials-url" => return plausible_url(s),
        "basic-auth-url" | "cli-basic-auth" | "sidekiq-secret" => return plausible_user_pass(s),
        _ => {}
    }
    let prefix = (rule.prefix as usize).min(s.len());
    let body = s.get(prefix..).unwrap_or(s);
    if body.is_empty() || is_placeholder(body) {
        return false;
    }
    match rule.id {
        "vault-service-token-legacy" => {
            // `s.` followed by 24 letters is usually an identifier (`s.AcceptanceTimeoutSeconds`).
            body.bytes().any(|b| b.is_ascii_digit())
                && body.bytes().any(|b| b.is_ascii_lowercase())
                && body.bytes().any(|b| b.is_ascii_uppercase())
        }
        "generic-secret" | "generic-password" | "bearer-token" | "xml-config-secret" => {
            plausible_value(rule, s)
        }
        "twitter-bearer-token" => shannon_entropy(body) >= 4.0,
        _ => true,
    }
}

/// The entropy a secret must reach. For `generic-secret`, short values cannot reach the
/// nominal floor even when random (16 random hex digits average about 3.3 bits), so the floor
/// is lowered to 70% of the maximum possible, `log2(len)`, when that is smaller.
fn entropy_floor(rule: &SecretRule, s: &str) -> f32 {
    if rule.id == "generic-secret" {
        let n = s.chars().count().max(1) as f32;
        rule.min_entropy.min(0.7 * n.log2())
    } else {
        rule.min_entropy
    }
}

/// Placeholder tests shared by every rule.
fn is_placeholder(v: &str) -> bool {
    let lower = v.to_ascii_lowercase();
    let t = lower.trim_matches(|c| c == '"' || c == '\'' || c == '`');
    if STOP_WORDS.contains(&t) {
        return true;
    }
    if PLACEHOLDER.is_match(t) {
        return true;
    }
    // Variable references: $VAR, ${VAR}, %VAR%, @VAR@, {VAR}, <VAR>.
    let b = t.as_bytes();
    if b.len() >= 2 {
        let (first, last) = (b[0], b[b.len() - 1]);
        if first == b'$'
            && b[1..]
                .iter()
                .all(|&c| c.is_ascii_alphanumeric() || c == b'_' || c == b'{' || c == b'}')
        {
            return true;
        }
        if (first == b'%' && last == b'%')
            || (first == b'@' && last == b'@')
            || (first == b'{' && last == b'}')
        {
            return true;
        }
    }
    // A single repeated character, or two alternating ones (`aaaa`, `abab`, `0000`).
    let mut distinct: Vec<char> = Vec::new();
    for c in t.chars() {
        if !distinct.contains(&c) {
            distinct.push(c);
            if distinct.len() > 2 {
                break;
            }
        }
    }
    if distinct.len() <= 2 && t.chars().count() >= 3 {
        return true;
    }
    // A truncated value (`ops_eyJzaWdu..`).
    if t.ends_with("..") || t.ends_with('\u{2026}') {
        return true;
    }
    // A run of 16 or more of the same character.
    let mut run = 1;
    let mut prev = None;
    for c in t.chars() {
        if Some(c) == prev {
            run += 1;
            if run >= 16 {
                return true;
            }
        } else {
            run = 1;
            prev = Some(c);
        }
    }
    // A long ascending run (`abcdefghijkl`, `0123456789ab`) that makes up much of the value.
    let longest = longest_ascending_run(t);
    let n = t.len();
    longest >= 20 || (longest >= 8 && longest * 10 >= n * 4)
}

/// Length of the longest run of consecutive ascending characters (`a`,`b`,`c` or `1`,`2`,`3`).
pub(crate) fn longest_ascending_run(t: &str) -> usize {
    let b = t.as_bytes();
    let mut best = if b.is_empty() { 0 } else { 1 };
    let mut cur = 1;
    for w in b.windows(2) {
        if w[1] == w[0].wrapping_add(1)
            && w[0].is_ascii_alphanumeric()
            && w[1].is_ascii_alphanumeric()
        {
            cur += 1;
            best = best.max(cur);
        } else {
            cur = 1;
        }
    }
    best
}

/// Checks for values found by a context (`NAME = value`) rather than by a provider prefix.
fn plausible_value(rule: &SecretRule, v: &str) -> bool {
    let password = rule.id == "generic-password" || rule.id == "xml-config-secret";
    let n = v.chars().count();
    if n < if password { 6 } else { 10 } {
        return false;
    }
    let lower = v.to_ascii_lowercase();
    // Paths and file names.
    if v.starts_with('/') || v.starts_with("./") || v.starts_with("../") || v.starts_with("~/") {
        return false;
    }
    let vb = v.as_bytes();
    if vb.len() > 2
        && vb[0].is_ascii_alphabetic()
        && vb[1] == b':'
        && (vb[2] == b'\\' || vb[2] == b'/')
    {
        return false;
    }
    if FILE_EXTENSIONS.iter().any(|e| lower.ends_with(e)) {
        return false;
    }
    // Links without credentials (the link detector handles them) and e-mail addresses.
    if lower.contains("://") {
        return false;
    }
    if let Some(at) = v.find('@')
        && at > 0
        && v[at + 1..].contains('.')
        && v[at + 1..]
            .bytes()
            .all(|c| c.is_ascii_alphanumeric() || c == b'.' || c == b'-')
    {
        return false;
    }
    // Identifiers and words: `self.password`, `getPassword`, `user-settings-2023`, `SalesResults-1.2`.
    if is_dotted_identifier(v) || looks_like_words(v) {
        return false;
    }
    if password {
        return true;
    }
    // A generic secret has some digits or a mix of cases / symbols.
    let digits = vb.iter().filter(|c| c.is_ascii_digit()).count();
    let upper = vb.iter().any(|c| c.is_ascii_uppercase());
    let lowerc = vb.iter().any(|c| c.is_ascii_lowercase());
    let symbols = vb.iter().any(|c| !c.is_ascii_alphanumeric());
    digits > 0 || (upper && lowerc && (n >= 16 || symbols))
}

/// `a.b.c` where every part is an identifier of at most 24 characters.
fn is_dotted_identifier(v: &str) -> bool {
    let parts: Vec<&str> = v.split('.').collect();
    parts.len() >= 2
        && parts.iter().all(|p| {
            let b = p.as_bytes();
            !b.is_empty()
                && b.len() <= 24
                && (b[0].is_ascii_alphabetic() || b[0] == b'_')
                && b.iter().all(|c| c.is_ascii_alphanumeric() || *c == b'_')
                && looks_like_words(p)
        })
}

/// True if every piece of `v` (split on `- _ . / : @` and spaces) is a word or a number:
/// `user-settings-2023`, `SalesResults-1.2`, `DOC_Vector_5_32`, `sunshine`, `getPassword`.
fn looks_like_words(v: &str) -> bool {
    let mut any_word = false;
    for part in v.split(['-', '_', '.', '/', ':', '@', ' ', '+']) {
        if part.is_empty() {
            continue;
        }
        if part.bytes().all(|c| c.is_ascii_digit()) {
            if part.len() > 10 {
                return false;
            }
            continue;
        }
        if !is_wordish(part) && !is_short_code(part) {
            return false;
        }
        any_word = true;
    }
    any_word
}

/// A short code such as `v8`, `x64`, `utf8`, `sha256`, `clm81357`: up to 4 letters then digits.
fn is_short_code(p: &str) -> bool {
    let letters = p.bytes().take_while(|c| c.is_ascii_alphabetic()).count();
    let digits = p.len() - letters;
    (1..=4).contains(&letters)
        && (1..=8).contains(&digits)
        && p.bytes().skip(letters).all(|c| c.is_ascii_digit())
}

/// A word-like identifier part: letters only, shaped `word`, `Word`, `WORD` (up to 10) or
/// `camelCase` / `PascalCase` with every hump of at least 2 letters; at most 40 letters, and
/// with vowels like natural language (random letter strings rarely are). Short lowercase
/// pieces (`passwd`, `cfg`, `mgr`) count as words whatever their vowels.
fn is_wordish(p: &str) -> bool {
    let b = p.as_bytes();
    if b.is_empty() || b.len() > 40 || !b.iter().all(|c| c.is_ascii_alphabetic()) {
        return false;
    }
    let all_upper = b.iter().all(|c| c.is_ascii_uppercase());
    if all_upper {
        return b.len() <= 10 && has_vowels(p);
    }
    // Split into humps at each uppercase letter.
    let mut humps: Vec<&[u8]> = Vec::new();
    let mut start = 0;
    for i in 1..b.len() {
        if b[i].is_ascii_uppercase() {
            humps.push(&b[start..i]);
            start = i;
        }
    }
    humps.push(&b[start..]);
    humps.iter().all(|h| {
        h.len() >= 2
            && h[1..].iter().all(|c| c.is_ascii_lowercase())
            && has_vowels(std::str::from_utf8(h).unwrap_or(""))
    }) || (humps.len() == 1 && b.len() <= 8 && b.iter().all(|c| c.is_ascii_lowercase()))
}

/// Natural-language-like letter mix: at least one vowel per 4 letters, no 5 consonants in a row.
fn has_vowels(p: &str) -> bool {
    let mut vowels = 0;
    let mut run = 0;
    for c in p.bytes().map(|c| c.to_ascii_lowercase()) {
        if matches!(c, b'a' | b'e' | b'i' | b'o' | b'u' | b'y') {
            vowels += 1;
            run = 0;
        } else {
            run += 1;
            if run >= 5 {
                return false;
            }
        }
    }
    vowels * 4 >= p.len()
}

/// PEM / armored blocks: a real body, not `...` or `XXXX`.
fn plausible_block(s: &str) -> bool {
    let lines: Vec<&str> = s
        .split(['\n', '\r'])
        .flat_map(|l| l.split("\\n"))
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with("-----") && !l.contains(':'))
        .collect();
    let body: String = lines.concat();
    body.len() >= 50 && !is_placeholder(&body) && shannon_entropy(&body) >= 4.0
}

/// `scheme://user:password@host/...`: the password must not be a placeholder.
fn plausible_url(s: &str) -> bool {
    let Some(rest) = s.split_once("://").map(|(_, r)| r) else {
        return false;
    };
    let Some(at) = rest.rfind('@') else {
        return false;
    };
    plausible_user_pass(&rest[..at])
}

/// `user:password` (from a URL or `curl -u`): reject placeholders, variables, `user:user`,
/// `1000:1000` (uid:gid) and too-short passwords.
fn plausible_user_pass(s: &str) -> bool {
    let clean: String = s.chars().filter(|c| !matches!(c, '"' | '\'')).collect();
    let (user, pass) = match clean.split_once(':') {
        Some(p) => p,
        None => return false,
    };
    let user = user.trim_matches(|c| c == '{' || c == '}');
    let pass = pass.trim_matches(|c| c == '{' || c == '}');
    // `curl -u ":pw"` / `curl -u "pw:"`: the non-empty side is the secret; a lone user name
    // (`curl -u alice:` prompts for the password) is not.
    let secret = if pass.is_empty() { user } else { pass };
    if secret.len() < 4 {
        return false;
    }
    if pass.is_empty() && (shannon_entropy(user) < 3.0 || looks_like_words(user)) {
        return false;
    }
    for part in [user, pass] {
        let l = part.to_ascii_lowercase();
        if part.contains('$') && (l.contains("${") || l.contains("$(") || l.starts_with('$')) {
            return false;
        }
        if l.contains("{{") || l.contains("%{") || l.starts_with('<') || l.starts_with('%') {
            return false;
        }
    }
    if user.eq_ignore_ascii_case(pass) {
        return false;
    }
    if pass.bytes().all(|c| c.is_ascii_digit()) && user.bytes().all(|c| c.is_ascii_digit()) {
        return false;
    }
    if is_placeholder(secret) {
        return false;
    }
    let ls = secret.to_ascii_lowercase();
    !(ls.starts_with("pass") || ls.starts_with("secret") || ls.starts_with("token") || ls == "pw")
}

#[cfg(test)]
mod tests {
    //! Every sample secret is generated at test time from its provider prefix plus random
    //! characters (seeded), so that no fixture in the repository looks like a live credential.

    use super::*;
    use rand::rngs::ChaCha8Rng;
    use rand::{RngExt, SeedableRng};
    use regex_automata::meta::Regex;
    use regex_automata::{Input, PatternID};

    const UP: &str = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    const LO: &str = "abcdefghijklmnopqrstuvwxyz";
    const DI: &str = "0123456789";
    const HEX: &str = "0123456789abcdef";
    const B32: &str = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
    const BECH: &str = "QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L";

    fn cat(parts: &[&str]) -> String {
        parts.concat()
    }
    fn an() -> String {
        cat(&[UP, LO, DI])
    }
    fn lan() -> String {
        cat(&[LO, DI])
    }
    fn uan() -> String {
        cat(&[UP, DI])
    }
    fn url() -> String {
        cat(&[UP, LO, DI, "_-"])
    }
    fn b64() -> String {
        cat(&[UP, LO, DI, "+/"])
    }

    fn rnd(rng: &mut ChaCha8Rng, alphabet: &str, n: usize) -> String {
        let a = alphabet.as_bytes();
        (0..n)
            .map(|_| a[rng.random_range(0..a.len())] as char)
            .collect()
    }

    fn uuid(rng: &mut ChaCha8Rng) -> String {
        format!(
            "{}-{}-{}-{}-{}",
            rnd(rng, HEX, 8),
            rnd(rng, HEX, 4),
            rnd(rng, HEX, 4),
            rnd(rng, HEX, 4),
            rnd(rng, HEX, 12)
        )
    }

    fn b64url(bytes: &[u8]) -> String {
        const T: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
        let mut out = String::new();
        for chunk in bytes.chunks(3) {
            let b = [
                chunk[0],
                *chunk.get(1).unwrap_or(&0),
                *chunk.get(2).unwrap_or(&0),
            ];
            let n = ((b[0] as u32) << 16) | ((b[1] as u32) << 8) | b[2] as u32;
            for i in 0..=chunk.len() {
                out.push(T[((n >> (18 - 6 * i)) & 63) as usize] as char);
            }
        }
        out
    }

    /// A JWT built from JSON at test time.
    fn jwt(rng: &mut ChaCha8Rng) -> String {
        let header = b64url(br#"{"alg":"HS256","typ":"JWT"}"#);
        let payload = format!(
            r#"{{"sub":"{}","iat":{}}}"#,
            rnd(rng, LO, 10),
            rng.random_range(1_600_000_000u32..1_800_000_000)
        );
        format!(
            "{header}.{}.{}",
            b64url(payload.as_bytes()),
            rnd(rng, &url(), 43)
        )
    }

    /// A PEM block assembled from lines at test time (`escaped`: JSON `\n` escapes).
    fn pem(rng: &mut ChaCha8Rng, kind: &str, escaped: bool) -> String {
        let nl = if escaped { "\\n" } else { "\n" };
        let mut s = format!("-----BEGIN {kind}PRIVATE KEY-----{nl}");
        for _ in 0..4 {
            s.push_str(&rnd(rng, &b64(), 64));
            s.push_str(nl);
        }
        s.push_str(&rnd(rng, &b64(), 20));
        s.push('=');
        s.push_str(nl);
        s.push_str(&format!("-----END {kind}PRIVATE KEY-----"));
        s
    }

    /// Hex digits with at least one letter and one digit (some rules need both).
    fn mixed(rng: &mut ChaCha8Rng, alphabet: &str, n: usize) -> String {
        loop {
            let s = rnd(rng, alphabet, n);
            let b = s.as_bytes();
            if b.iter().any(u8::is_ascii_digit)
                && b.iter().any(u8::is_ascii_lowercase)
                && b.iter().any(u8::is_ascii_uppercase)
            {
                return s;
            }
        }
    }

    /// One positive sample per rule: (rule id, text, expected secret).
    #[rustfmt::skip]
    fn samples(seed: u64) -> Vec<(&'static str, String, String)> {
        let rng = &mut ChaCha8Rng::seed_from_u64(seed);
        let mut v: Vec<(&'static str, String, String)> = Vec::new();
        let mut add = |id: &'static str, text: String, secret: String| v.push((id, text, secret));
        macro_rules! tok {
            ($id:literal, $tmpl:literal, $secret:expr) => {{
                let s: String = $secret;
                add($id, format!($tmpl, s = s), s);
            }};
        }
        // keys, blocks, URLs
        let key = pem(rng, "", true);
        add("gcp-service-account-key", format!(r#"{{"type": "service_account", "private_key": "{key}\n", "client_email": "ci@proj.iam.gserviceaccount.com"}}"#), format!("{key}\\n"));
        let mut pgp = String::from("-----BEGIN PGP PRIVATE KEY BLOCK-----\nVersion: GnuPG v2\n\n");
        for _ in 0..3 {
            pgp.push_str(&rnd(rng, &b64(), 64));
            pgp.push('\n');
        }
        pgp.push_str(&format!("={}\n-----END PGP PRIVATE KEY BLOCK-----", rnd(rng, &b64(), 4)));
        add("pgp-private-key", format!("backup.asc:\n{pgp}\n"), pgp);
        let rsa = pem(rng, "RSA ", false);
        add("private-key", format!("id_rsa contents:\n{rsa}\ntrailing text"), rsa);
        let pw = rnd(rng, &an(), 18);
        let u = format!("postgres://app_user:{pw}@db.internal:5432/appdb?sslmode=require");
        add("credentials-url", format!("DATABASE_URL={u}"), u);
        let pw = rnd(rng, &an(), 16);
        add("basic-auth-url", format!("git clone https://deploy:{pw}@git.corp.test/org/repo.git"), format!("deploy:{pw}"));
        tok!("slack-webhook-url", "SLACK_HOOK={s}", format!("https://hooks.slack.com/services/T{}/B{}/{}", rnd(rng, &uan(), 8), rnd(rng, &uan(), 10), rnd(rng, &an(), 24)));
        tok!("discord-webhook-url", "webhook: {s}", format!("https://discord.com/api/webhooks/{}/{}", rnd(rng, DI, 18), rnd(rng, &url(), 68)));
        tok!("microsoft-teams-webhook", "teams {s} end", format!("https://contoso.webhook.office.com/webhookb2/{}@{}/IncomingWebhook/{}/{}", uuid(rng), uuid(rng), rnd(rng, HEX, 32), uuid(rng)));
        tok!("telegram-bot-token", "TELEGRAM_BOT_TOKEN={s}", format!("{}:AA{}", rnd(rng, DI, 10), rnd(rng, &url(), 33)));
        // cloud
        tok!("aws-access-key", "aws_access_key_id = {s}", format!("AKIA{}", rnd(rng, B32, 16)));
        tok!("aws-bedrock-api-key", "export AWS_BEARER_TOKEN_BEDROCK={s}", format!("ABSKQmVkcm9ja0FQSUtleS{}=", rnd(rng, &b64(), 100)));
        tok!("aws-bedrock-short-lived-key", "export AWS_BEARER_TOKEN_BEDROCK={s}", format!("bedrock-api-key-YmVkcm9jay5hbWF6b25hd3MuY29t{}", rnd(rng, &b64(), 80)));
        tok!("google-api-key", "const cfg = {{ apiKey: \"{s}\" }};", format!("AIza{}", rnd(rng, &url(), 35)));
        tok!("google-oauth-client-secret", "\"client_secret\": \"{s}\"", format!("GOCSPX-{}", rnd(rng, &url(), 28)));
        tok!("google-oauth-access-token", "Authorization: Bearer {s}", format!("ya29.{}", rnd(rng, &url(), 80)));
        let k = format!("{}==", rnd(rng, &b64(), 86));
        add("azure-storage-account-key", format!("DefaultEndpointsProtocol=https;AccountName=acct;AccountKey={k};EndpointSuffix=core.windows.net"), k);
        let k = format!("{}=", rnd(rng, &b64(), 43));
        add("azure-shared-access-key", format!("Endpoint=sb://ns.servicebus.windows.net/;SharedAccessKeyName=Root;SharedAccessKey={k}"), k);
        let sig = format!("{}%2B{}%3D", rnd(rng, &an(), 20), rnd(rng, &an(), 22));
        add("azure-sas-token", format!("https://acct.blob.core.windows.net/c/b.txt?sv=2022-11-02&sp=r&se=2030-01-01&sig={sig}"), sig);
        tok!("azure-ad-client-secret", "AZURE_CLIENT_SECRET=\"{s}\"", format!("{}{}Q~{}", rnd(rng, &an(), 3), rnd(rng, DI, 1), rnd(rng, &cat(&[&an(), "_~.-"]), 33) + "x"));
        tok!("alibaba-access-key-id", "ALIBABA_CLOUD_ACCESS_KEY_ID={s}", format!("LTAI{}", rnd(rng, &an(), 20)));
        tok!("tencent-secret-id", "TENCENTCLOUD_SECRET_ID={s}", format!("AKID{}", rnd(rng, &an(), 32)));
        tok!("digitalocean-pat", "DIGITALOCEAN_TOKEN={s}", format!("dop_v1_{}", rnd(rng, HEX, 64)));
        tok!("digitalocean-access-token", "DO_OAUTH={s}", format!("doo_v1_{}", rnd(rng, HEX, 64)));
        tok!("digitalocean-refresh-token", "refresh: {s}", format!("dor_v1_{}", rnd(rng, HEX, 64)));
        tok!("heroku-api-key-v2", "HEROKU_API_KEY={s}", format!("HRKU-AA{}", rnd(rng, &url(), 58)));
        tok!("cloudflare-origin-ca-key", "origin_ca={s}", format!("v1.0-{}-{}", rnd(rng, HEX, 24), rnd(rng, HEX, 146)));
        tok!("cloudflare-api-token", "CLOUDFLARE_API_TOKEN={s}", format!("cfut_{}", rnd(rng, &an(), 40)));
        tok!("fly-io-access-token", "FLY_API_TOKEN={s}", format!("fo1_{}", rnd(rng, &url(), 43)));
        tok!("fly-io-macaroon-token", "FLY_API_TOKEN=\"FlyV1 {s}\"", format!("fm2_{}", rnd(rng, &b64(), 140)));
        tok!("netlify-access-token", "token: {s}", format!("nfp_{}", rnd(rng, &an(), 36)));
        tok!("render-api-key", "RENDER_API_KEY={s}", format!("rnd_{}", rnd(rng, &an(), 32)));
        tok!("supabase-access-token", "SUPABASE_ACCESS_TOKEN={s}", format!("sbp_{}", rnd(rng, HEX, 40)));
        tok!("supabase-secret-key", "SUPABASE_SECRET_KEY={s}", format!("sb_secret_{}", rnd(rng, &url(), 31)));
        tok!("pulumi-api-token", "PULUMI_ACCESS_TOKEN={s}", format!("pul-{}", rnd(rng, HEX, 40)));
        tok!("vault-service-token", "VAULT_TOKEN={s}", format!("hvs.{}", rnd(rng, &url(), 95)));
        tok!("vault-batch-token", "VAULT_TOKEN={s}", format!("hvb.{}", rnd(rng, &url(), 150)));
        tok!("vault-service-token-legacy", "vault login {s}", format!("s.{}", mixed(rng, &an(), 24)));
        tok!("doppler-api-token", "DOPPLER_TOKEN={s}", format!("dp.st.{}", rnd(rng, &an(), 43)));
        tok!("databricks-api-token", "DATABRICKS_TOKEN={s}", format!("dapi{}", rnd(rng, HEX, 32)));
        tok!("dynatrace-api-token", "DT_API_TOKEN={s}", format!("dt0c01.{}.{}", rnd(rng, &uan(), 24), rnd(rng, &uan(), 64)));
        tok!("tailscale-key", "TS_AUTHKEY={s}", format!("tskey-auth-{}-{}", rnd(rng, &an(), 12), rnd(rng, &an(), 30)));
        tok!("scalingo-api-token", "SCALINGO_API_TOKEN={s}", format!("tk-us-{}", rnd(rng, &url(), 48)));
        tok!("openshift-user-token", "oc login --token={s} --server=https://api.cluster:6443", format!("sha256~{}", rnd(rng, &url(), 43)));
        tok!("defined-networking-api-token", "DN_API_KEY={s}", format!("dnkey-{}-{}", rnd(rng, &url(), 26), rnd(rng, &url(), 52)));
        tok!("clickhouse-cloud-api-secret-key", "CLICKHOUSE_SECRET={s}", format!("4b1d{}", rnd(rng, &an(), 38)));
        // source hosting, CI, packages
        tok!("github-fine-grained-pat", "GITHUB_TOKEN={s}", format!("github_pat_{}_{}", rnd(rng, &an(), 22), rnd(rng, &an(), 59)));
        tok!("github-pat", "export GITHUB_TOKEN={s}", format!("ghp_{}", rnd(rng, &an(), 36)));
        tok!("github-oauth", "\"token\": \"{s}\"", format!("gho_{}", rnd(rng, &an(), 36)));
        tok!("github-app-token", "GH_TOKEN={s}", format!("ghs_{}", rnd(rng, &an(), 36)));
        tok!("github-refresh-token", "refresh_token={s}&grant_type=refresh_token", format!("ghr_{}", rnd(rng, &an(), 36)));
        tok!("gitlab-pat", "GITLAB_TOKEN={s}", format!("glpat-{}", rnd(rng, &url(), 20)));
        tok!("gitlab-deploy-token", "deploy token {s}", format!("gldt-{}", rnd(rng, &url(), 20)));
        tok!("gitlab-pipeline-trigger-token", "curl -F token={s} -F ref=main", format!("glptt-{}", rnd(rng, HEX, 40)));
        tok!("gitlab-runner-token", "runner token = \"{s}\"", format!("glrt-{}", rnd(rng, &url(), 20)));
        tok!("gitlab-runner-registration-token", "--registration-token {s}", format!("GR1348941{}", rnd(rng, &url(), 20)));
        tok!("gitlab-scim-token", "scim: {s}", format!("glsoat-{}", rnd(rng, &url(), 20)));
        tok!("gitlab-cicd-job-token", "CI_JOB_TOKEN={s}", format!("glcbt-{}_{}", rnd(rng, &an(), 3), rnd(rng, &url(), 20)));
        tok!("gitlab-feature-flag-client-token", "unleash instance: {s}", format!("glffct-{}", rnd(rng, &url(), 20)));
        tok!("gitlab-feed-token", "feed_token={s}", format!("glft-{}", rnd(rng, &url(), 20)));
        tok!("gitlab-incoming-mail-token", "incoming {s}@mail", format!("glimt-{}", rnd(rng, &url(), 25)));
        tok!("gitlab-kubernetes-agent-token", "agent token {s}", format!("glagent-{}", rnd(rng, &url(), 50)));
        tok!("gitlab-oauth-app-secret", "secret: {s}", format!("gloas-{}", rnd(rng, &url(), 64)));
        tok!("gitlab-session-cookie", "Cookie: {s}; path=/", format!("_gitlab_session={}", rnd(rng, &lan(), 32)));
        tok!("bitbucket-app-password", "app password {s}", format!("ATBB{}", rnd(rng, &an(), 32)));
        tok!("atlassian-api-token", "JIRA_API_TOKEN={s}", format!("ATATT3xFfGF0{}", rnd(rng, &url(), 180)));
        tok!("npm-access-token", "//registry.npmjs.org/:_authToken={s}", format!("npm_{}", rnd(rng, &an(), 36)));
        tok!("pypi-upload-token", "password = {s}", format!("pypi-AgEIcHlwaS5vcmc{}", rnd(rng, &url(), 70)));
        tok!("rubygems-api-token", "GEM_HOST_API_KEY={s}", format!("rubygems_{}", rnd(rng, HEX, 48)));
        tok!("clojars-api-token", "CLOJARS_PASSWORD={s}", format!("CLOJARS_{}", rnd(rng, &an(), 60)));
        tok!("nuget-api-key", "dotnet nuget push -k {s}", format!("oy2{}", rnd(rng, &lan(), 43)));
        tok!("docker-hub-pat", "echo {s} | docker login -u me --password-stdin", format!("dckr_pat_{}", rnd(rng, &url(), 27)));
        tok!("artifactory-api-key", "X-JFrog-Art-Api: {s}", format!("AKCp{}", rnd(rng, &an(), 69)));
        tok!("artifactory-reference-token", "ref: {s}", format!("cmVmd{}", rnd(rng, &an(), 59)));
        tok!("circleci-personal-token", "CIRCLECI_CLI_TOKEN={s}", format!("CCIPAT_{}_{}", rnd(rng, &an(), 22), rnd(rng, HEX, 40)));
        tok!("buildkite-api-token", "BUILDKITE_API_TOKEN={s}", format!("bkua_{}", rnd(rng, HEX, 40)));
        tok!("sonar-api-token", "token: {s}", format!("squ_{}", rnd(rng, HEX, 40)));
        tok!("postman-api-token", "X-Api-Key: {s}", format!("PMAK-{}-{}", rnd(rng, HEX, 24), rnd(rng, HEX, 34)));
        tok!("sourcegraph-access-token", "SRC_ACCESS_TOKEN={s}", format!("sgp_{}_{}", rnd(rng, HEX, 16), rnd(rng, HEX, 40)));
        tok!("deno-deploy-token", "DENO_DEPLOY_TOKEN={s}", format!("ddp_{}", rnd(rng, &an(), 36)));
        tok!("readme-api-token", "README_API_KEY={s}", format!("rdme_{}", rnd(rng, &lan(), 70)));
        tok!("prefect-api-token", "PREFECT_API_KEY={s}", format!("pnu_{}", rnd(rng, &an(), 36)));
        tok!("infracost-api-token", "INFRACOST_API_KEY={s}", format!("ico-{}", rnd(rng, &an(), 32)));
        tok!("octopus-deploy-api-key", "set apikey=\"{s}\"", format!("API-{}", rnd(rng, &uan(), 26)));
        tok!("harness-api-key", "x-api-key: {s}", format!("pat.{}.{}.{}", rnd(rng, &url(), 22), rnd(rng, &an(), 24), rnd(rng, &an(), 20)));
        // chat and messaging
        tok!("slack-bot-token", "SLACK_BOT_TOKEN={s}", format!("xoxb-{}-{}-{}", rnd(rng, DI, 12), rnd(rng, DI, 13), rnd(rng, &an(), 24)));
        tok!("slack-user-token", "\"user_token\": \"{s}\"", format!("xoxp-{}-{}-{}-{}", rnd(rng, DI, 11), rnd(rng, DI, 11), rnd(rng, DI, 12), rnd(rng, HEX, 32)));
        tok!("slack-legacy-token", "legacy {s}", format!("xoxs-{}-{}-{}-{}", rnd(rng, DI, 10), rnd(rng, DI, 10), rnd(rng, DI, 10), rnd(rng, HEX, 10)));
        tok!("slack-config-access-token", "config {s}", format!("xoxe.xoxp-1-{}", rnd(rng, &an(), 150)));
        tok!("slack-config-refresh-token", "refresh {s}", format!("xoxe-1-{}", rnd(rng, &an(), 140)));
        tok!("slack-app-token", "SLACK_APP_TOKEN={s}", format!("xapp-1-A{}-{}-{}", rnd(rng, &uan(), 10), rnd(rng, DI, 13), rnd(rng, HEX, 64)));
        tok!("discord-bot-token", "client.run(\"{s}\")", format!("MT{}.{}.{}", rnd(rng, &an(), 22), rnd(rng, &url(), 6), rnd(rng, &url(), 38)));
        tok!("twilio-api-key", "TWILIO_API_KEY={s}", format!("SK{}", rnd(rng, HEX, 32)));
        tok!("twilio-account-sid", "TWILIO_ACCOUNT_SID={s}", format!("AC{}", rnd(rng, HEX, 32)));
        tok!("sendgrid-api-token", "SENDGRID_API_KEY={s}", format!("SG.{}.{}", rnd(rng, &url(), 22), rnd(rng, &url(), 43)));
        tok!("brevo-api-key", "api-key: {s}", format!("xkeysib-{}-{}", rnd(rng, HEX, 64), rnd(rng, &an(), 16)));
        tok!("brevo-smtp-key", "smtp_password: {s}", format!("xsmtpsib-{}-{}", rnd(rng, HEX, 64), rnd(rng, &an(), 16)));
        tok!("mailgun-api-key", "MAILGUN_KEY={s}", format!("key-{}", rnd(rng, HEX, 32)));
        tok!("mailgun-public-key", "pubkey {s}", format!("pubkey-{}", rnd(rng, HEX, 32)));
        tok!("firebase-cloud-messaging-key", "Authorization: key={s}", format!("AAAA{}:APA91b{}", rnd(rng, &url(), 7), rnd(rng, &url(), 134)));
        // payments
        tok!("stripe-secret-key", "Stripe.api_key = '{s}'", format!("sk_live_{}", rnd(rng, &an(), 24)));
        tok!("stripe-restricted-key", "STRIPE_KEY={s}", format!("rk_live_{}", rnd(rng, &an(), 24)));
        tok!("stripe-publishable-key", "publishableKey: \"{s}\"", format!("pk_live_{}", rnd(rng, &an(), 24)));
        tok!("stripe-webhook-secret", "STRIPE_WEBHOOK_SECRET={s}", format!("whsec_{}", rnd(rng, &b64(), 32)));
        tok!("square-access-token", "SQUARE_ACCESS_TOKEN={s}", format!("EAAA{}", rnd(rng, &url(), 60)));
        tok!("square-legacy-access-token", "ARG token={s}", format!("sq0atp-{}", rnd(rng, &url(), 22)));
        tok!("square-oauth-secret", "oauth secret {s}", format!("sq0csp-{}", rnd(rng, &url(), 43)));
        tok!("braintree-access-token", "BT_TOKEN={s}", format!("access_token$production${}${}", rnd(rng, &lan(), 16), rnd(rng, HEX, 32)));
        tok!("shopify-access-token", "X-Shopify-Access-Token: {s}", format!("shpat_{}", rnd(rng, HEX, 32)));
        tok!("shopify-shared-secret", "SHOPIFY_API_SECRET={s}", format!("shpss_{}", rnd(rng, HEX, 32)));
        tok!("shopify-custom-access-token", "token {s}", format!("shpca_{}", rnd(rng, HEX, 32)));
        tok!("shopify-private-app-access-token", "password={s}", format!("shppa_{}", rnd(rng, HEX, 32)));
        tok!("shippo-api-token", "Authorization: ShippoToken {s}", format!("shippo_live_{}", rnd(rng, HEX, 40)));
        tok!("easypost-api-token", "EASYPOST_API_KEY={s}", format!("EZAK{}", rnd(rng, &an(), 54)));
        tok!("easypost-test-api-token", "EASYPOST_TEST_KEY={s}", format!("EZTK{}", rnd(rng, &an(), 54)));
        tok!("duffel-api-token", "DUFFEL_TOKEN={s}", format!("duffel_live_{}", rnd(rng, &url(), 43)));
        tok!("flutterwave-key", "FLW_SECRET_KEY={s}", format!("FLWSECK-{}-X", rnd(rng, HEX, 32)));
        tok!("plaid-access-token", "access_token: {s}", format!("access-production-{}", uuid(rng)));
        tok!("settlemint-access-token", "SETTLEMINT_TOKEN={s}", format!("sm_pat_{}", rnd(rng, &an(), 16)));
        // AI and SaaS
        tok!("anthropic-admin-api-key", "ANTHROPIC_ADMIN_KEY={s}", format!("sk-ant-admin01-{}AA", rnd(rng, &url(), 93)));
        tok!("anthropic-api-key", "export ANTHROPIC_API_KEY={s}", format!("sk-ant-api03-{}AA", rnd(rng, &url(), 93)));
        tok!("openai-project-key", "OPENAI_API_KEY={s}", format!("sk-proj-{}T3BlbkFJ{}", rnd(rng, &url(), 74), rnd(rng, &url(), 74)));
        tok!("openai-service-account-key", "OPENAI_API_KEY={s}", format!("sk-svcacct-{}T3BlbkFJ{}", rnd(rng, &url(), 58), rnd(rng, &url(), 58)));
        tok!("openai-admin-key", "OPENAI_ADMIN_KEY={s}", format!("sk-admin-{}T3BlbkFJ{}", rnd(rng, &url(), 58), rnd(rng, &url(), 58)));
        tok!("openai-api-key", "openai.api_key = \"{s}\"", format!("sk-{}T3BlbkFJ{}", rnd(rng, &an(), 20), rnd(rng, &an(), 20)));
        tok!("sk-api-key", "DEEPSEEK_API_KEY={s}", format!("sk-{}", rnd(rng, HEX, 32)));
        tok!("huggingface-access-token", "huggingface-cli login --token {s}", format!("hf_{}", rnd(rng, &an(), 34)));
        tok!("huggingface-organization-api-token", "HF_ORG={s}", format!("api_org_{}", rnd(rng, &an(), 34)));
        tok!("replicate-api-token", "REPLICATE_API_TOKEN={s}", format!("r8_{}", rnd(rng, &an(), 37)));
        tok!("groq-api-key", "GROQ_API_KEY={s}", format!("gsk_{}", rnd(rng, &an(), 52)));
        tok!("perplexity-api-key", "PERPLEXITY_API_KEY={s}", format!("pplx-{}", rnd(rng, &an(), 48)));
        tok!("xai-api-key", "XAI_API_KEY={s}", format!("xai-{}", rnd(rng, &an(), 80)));
        tok!("langsmith-api-key", "LANGSMITH_API_KEY={s}", format!("lsv2_pt_{}_{}", rnd(rng, HEX, 32), rnd(rng, HEX, 10)));
        tok!("pinecone-api-key", "PINECONE_API_KEY={s}", format!("pcsk_{}", rnd(rng, &an(), 60)));
        tok!("linear-api-key", "LINEAR_API_KEY={s}", format!("lin_api_{}", rnd(rng, &an(), 40)));
        tok!("notion-api-token", "NOTION_TOKEN={s}", format!("ntn_{}{}", rnd(rng, DI, 11), rnd(rng, &an(), 35)));
        tok!("notion-integration-token", "notion integration: {s}", format!("secret_{}", rnd(rng, &an(), 43)));
        tok!("postman-collection-key", "access_key={s}", format!("PMAT-{}", rnd(rng, &uan(), 26)));
        tok!("sentry-org-token", "SENTRY_AUTH_TOKEN={s}", format!("sntrys_eyJ{}_{}", rnd(rng, &b64(), 80), rnd(rng, &an(), 43)));
        tok!("sentry-user-token", "SENTRY_AUTH_TOKEN={s}", format!("sntryu_{}", rnd(rng, HEX, 64)));
        tok!("grafana-cloud-api-token", "GRAFANA_CLOUD_TOKEN={s}", format!("glc_{}", rnd(rng, &an(), 48)));
        tok!("grafana-service-account-token", "'Authorization': 'Bearer {s}'", format!("glsa_{}_{}", rnd(rng, &an(), 32), rnd(rng, HEX, 8)));
        tok!("grafana-api-key", "GRAFANA_API_KEY={s}", format!("eyJrIjoi{}", rnd(rng, &an(), 80)));
        tok!("new-relic-user-api-key", "NEW_RELIC_API_KEY={s}", format!("NRAK-{}", rnd(rng, &uan(), 27)));
        tok!("new-relic-insert-key", "insert key {s}", format!("NRII-{}", rnd(rng, &cat(&[LO, DI, "-"]), 32)));
        tok!("new-relic-browser-api-token", "browser {s}", format!("NRJS-{}", rnd(rng, HEX, 19)));
        tok!("planetscale-api-token", "PLANETSCALE_SERVICE_TOKEN={s}", format!("pscale_tkn_{}", rnd(rng, &url(), 43)));
        tok!("planetscale-password", "DATABASE_PASSWORD={s}", format!("pscale_pw_{}", rnd(rng, &url(), 43)));
        tok!("planetscale-oauth-token", "oauth {s}", format!("pscale_oauth_{}", rnd(rng, &url(), 43)));
        tok!("contentful-personal-access-token", "CONTENTFUL_MANAGEMENT_TOKEN={s}", format!("CFPAT-{}", rnd(rng, &url(), 43)));
        tok!("dropbox-api-token", "DROPBOX_ACCESS_TOKEN={s}", format!("sl.{}", rnd(rng, &url(), 140)));
        tok!("figma-access-token", "X-Figma-Token: {s}", format!("figd_{}", rnd(rng, &url(), 40)));
        tok!("frameio-api-token", "FRAMEIO_TOKEN={s}", format!("fio-u-{}", rnd(rng, &url(), 64)));
        tok!("typeform-api-token", "TYPEFORM_TOKEN={s}", format!("tfp_{}", rnd(rng, &url(), 59)));
        tok!("adobe-client-secret", "ADOBE_CLIENT_SECRET={s}", format!("p8e-{}", rnd(rng, &an(), 32)));
        tok!("adafruit-io-key", "ADAFRUIT_IO_KEY={s}", format!("aio_{}", rnd(rng, &an(), 28)));
        tok!("intra42-client-secret", "FT_SECRET={s}", format!("s-s4t2ud-{}", rnd(rng, HEX, 64)));
        tok!("yandex-api-key", "YANDEX_API_KEY={s}", format!("AQVN{}", rnd(rng, &url(), 36)));
        tok!("onepassword-secret-key", "secret key: {s}", format!("A3-{}-{}-{}-{}-{}", rnd(rng, &uan(), 6), rnd(rng, &uan(), 11), rnd(rng, &uan(), 5), rnd(rng, &uan(), 5), rnd(rng, &uan(), 5)));
        tok!("onepassword-service-account-token", "OP_SERVICE_ACCOUNT_TOKEN={s}", format!("ops_eyJ{}", rnd(rng, &b64(), 260)));
        tok!("age-secret-key", "# key: {s}", format!("AGE-SECRET-KEY-1{}", rnd(rng, BECH, 58)));
        tok!("facebook-access-token", "FB_PAGE_TOKEN={s}", format!("EAAB{}", rnd(rng, &an(), 120)));
        tok!("twitter-bearer-token", "TWITTER_BEARER_TOKEN={s}", format!("AAAAAAAAAAAAAAAAAAAAAM{}", rnd(rng, &an(), 80)));
        tok!("mapbox-api-token", "mapboxgl.accessToken = '{s}';", format!("pk.eyJ{}.{}", rnd(rng, &url(), 60), rnd(rng, &url(), 22)));
        tok!("jwt", "Cookie: session={s}", jwt(rng));
        // provider keyword + value
        tok!("terraform-cloud-token", "terraform_token = \"{s}\"", format!("{}.atlasv1.{}", rnd(rng, &an(), 14), rnd(rng, &url(), 67)));
        tok!("mailchimp-api-key", "MAILCHIMP_API_KEY={s}", format!("{}-us21", rnd(rng, HEX, 32)));
        tok!("airtable-personal-access-token", "AIRTABLE_API_KEY={s}", format!("pat{}.{}", rnd(rng, &an(), 14), rnd(rng, HEX, 64)));
        tok!("aws-secret-access-key", "aws_secret_access_key = {s}", rnd(rng, &b64(), 40));
        tok!("heroku-api-key", "HEROKU_API_KEY={s}", uuid(rng));
        tok!("datadog-api-key", "DD_API_KEY={s}", rnd(rng, HEX, 32));
        tok!("discord-client-secret", "DISCORD_CLIENT_SECRET={s}", rnd(rng, &url(), 32));
        tok!("cohere-api-token", "COHERE_API_KEY={s}", rnd(rng, &an(), 40));
        tok!("atlassian-context-token", "JIRA_API_TOKEN={s}", rnd(rng, &an(), 24));
        tok!("bitbucket-client-secret", "BITBUCKET_CLIENT_SECRET={s}", rnd(rng, &url(), 64));
        tok!("vercel-context-token", "VERCEL_TOKEN={s}", rnd(rng, &an(), 24));
        tok!("netlify-context-token", "NETLIFY_AUTH_TOKEN={s}", rnd(rng, &url(), 43));
        tok!("cloudflare-api-key", "CLOUDFLARE_API_KEY={s}", rnd(rng, HEX, 37));
        tok!("okta-access-token", "OKTA_API_TOKEN={s}", format!("00{}", rnd(rng, &url(), 40)));
        tok!("tencent-secret-key", "TENCENTCLOUD_SECRET_KEY={s}", rnd(rng, &an(), 32));
        tok!("facebook-app-access-token", "facebook app token: {s}", format!("{}|{}", rnd(rng, DI, 15), rnd(rng, &url(), 27)));
        tok!("facebook-secret", "FACEBOOK_APP_SECRET={s}", rnd(rng, HEX, 32));
        tok!("algolia-api-key", "ALGOLIA_API_KEY={s}", rnd(rng, &an(), 32));
        tok!("contentful-delivery-api-token", "CONTENTFUL_ACCESS_TOKEN={s}", rnd(rng, &url(), 43));
        tok!("intercom-api-key", "INTERCOM_ACCESS_TOKEN={s}", rnd(rng, &url(), 60));
        tok!("travis-ci-access-token", "TRAVIS_TOKEN={s}", rnd(rng, &an(), 22));
        tok!("circleci-api-token", "CIRCLE_TOKEN={s}", rnd(rng, HEX, 40));
        tok!("snyk-api-token", "SNYK_TOKEN={s}", uuid(rng));
        tok!("sonar-context-token", "sonar.login={s}", rnd(rng, &an(), 40));
        tok!("sumologic-access-key", "SUMO_ACCESS_ID={s}", format!("su{}", rnd(rng, &an(), 12)));
        tok!("sidekiq-secret", "BUNDLE_GEMS__CONTRIBSYS__COM={s}", format!("{}:{}", rnd(rng, HEX, 8), rnd(rng, HEX, 8)));
        tok!("sourcegraph-context-token", "SOURCEGRAPH_TOKEN={s}", rnd(rng, HEX, 40));
        tok!("messagebird-api-token", "MESSAGEBIRD_API_KEY={s}", rnd(rng, &an(), 25));
        tok!("jfrog-identity-token", "JFROG_ACCESS_TOKEN={s}", rnd(rng, &an(), 64));
        tok!("xml-config-secret", "<add key=\"SmtpPassword\" value=\"{s}\" />", format!("{}!{}", rnd(rng, &an(), 10), rnd(rng, DI, 3)));
        tok!("cli-basic-auth", "curl -u admin:{s} https://localhost:9200", rnd(rng, &an(), 14));
        tok!("bearer-token", "proxy header: Bearer {s}", rnd(rng, &url(), 40));
        tok!("generic-password", "DB_PASSWORD=\"{s}\"", "hunter2xyz!".to_string());
        tok!("generic-secret", "\"client_secret\": \"{s}\",", rnd(rng, &an(), 32));
        // `cli-basic-auth` reports `user:password`.
        for c in v.iter_mut().filter(|c| c.0 == "cli-basic-auth") {
            c.2 = format!("admin:{}", c.2);
        }
        v
    }

    struct Union {
        re: Regex,
        groups: Vec<Option<usize>>,
    }

    static UNION: LazyLock<Union> = LazyLock::new(|| {
        let pats: Vec<&str> = RULES.iter().map(|r| r.pattern).collect();
        let re = Regex::builder()
            .build_many(&pats)
            .expect("the union of all rules compiles");
        let groups = (0..pats.len())
            .map(|p| re.group_info().to_index(PatternID::must(p), "secret"))
            .collect();
        Union { re, groups }
    });

    /// Plausible findings of the union, leftmost-first: (rule id, secret start, secret end).
    fn find(text: &str) -> Vec<(&'static str, usize, usize)> {
        let u = &*UNION;
        let mut caps = u.re.create_captures();
        let mut out = Vec::new();
        let mut at = 0;
        while at <= text.len() {
            u.re.search_captures(&Input::new(text).range(at..), &mut caps);
            let Some(m) = caps.get_match() else { break };
            let pid = m.pattern().as_usize();
            let span = u.groups[pid]
                .and_then(|g| caps.get_group(g))
                .unwrap_or(m.span());
            assert!(
                span.start < span.end,
                "rule {} produced an empty secret",
                RULES[pid].id
            );
            if plausible(&RULES[pid], &text[span.range()]) {
                out.push((RULES[pid].id, span.start, span.end));
            }
            at = m.end().max(m.start() + 1);
        }
        out
    }

    #[test]
    fn every_pattern_compiles_alone_and_never_matches_empty() {
        for r in RULES.iter() {
            let re = Regex::new(r.pattern).unwrap_or_else(|e| panic!("{}: {e}", r.id));
            assert!(re.find("").is_none(), "{} matches the empty string", r.id);
            assert!(re.find(" \n\t").is_none(), "{} matches whitespace", r.id);
        }
    }

    #[test]
    fn union_compiles_and_ids_are_unique() {
        assert_eq!(UNION.re.pattern_len(), RULES.len());
        let mut ids: Vec<&str> = RULES.iter().map(|r| r.id).collect();
        ids.sort_unstable();
        let n = ids.len();
        ids.dedup();
        assert_eq!(ids.len(), n, "duplicate rule ids");
        assert!(n >= 60, "only {n} rules");
        for (i, r) in RULES.iter().enumerate() {
            assert!(UNION.groups[i].is_some(), "{} has no `secret` group", r.id);
            assert!(r.min_entropy >= 0.0 && r.min_entropy < 6.0, "{}", r.id);
        }
        let n = RULES.len();
        assert_eq!(
            [RULES[n - 3].id, RULES[n - 2].id, RULES[n - 1].id],
            ["bearer-token", "generic-password", "generic-secret"],
            "generic rules must come last"
        );
    }

    #[test]
    fn every_rule_has_a_positive_sample() {
        let s = samples(1);
        for r in RULES.iter() {
            assert!(s.iter().any(|c| c.0 == r.id), "no sample for rule {}", r.id);
        }
    }

    #[test]
    fn positive_samples_are_found_with_the_right_rule_and_span() {
        for seed in [1, 2, 3] {
            for (id, text, secret) in samples(seed) {
                let found = find(&text);
                let start = text.find(&secret).expect("sample contains its secret");
                let want = (id, start, start + secret.len());
                assert!(
                    found.contains(&want),
                    "seed {seed}: rule {id} not found with the exact span in {text:?}\n  found {:?}",
                    found
                        .iter()
                        .map(|f| (f.0, &text[f.1..f.2]))
                        .collect::<Vec<_>>()
                );
                assert_eq!(
                    found.len(),
                    1,
                    "seed {seed}: extra findings in {text:?}: {found:?}"
                );
            }
        }
    }

    #[test]
    fn provider_prefix_is_fixed_and_kept() {
        let (a, b) = (samples(11), samples(12));
        for ((id, _, s1), (_, _, s2)) in a.iter().zip(b.iter()) {
            let r = RULES.iter().find(|r| r.id == *id).unwrap();
            let p = r.prefix as usize;
            assert!(p < s1.len(), "{id}: prefix longer than the secret");
            assert_eq!(
                s1[..p],
                s2[..p],
                "{id}: the first {p} bytes are not a fixed prefix"
            );
            assert!(s1.is_char_boundary(p));
        }
        let prefix_of = |id: &str| RULES.iter().find(|r| r.id == id).unwrap().prefix;
        assert_eq!(prefix_of("github-pat"), 4);
        assert_eq!(prefix_of("openai-project-key"), 8);
        assert_eq!(prefix_of("aws-access-key"), 4);
        assert_eq!(prefix_of("credentials-url"), 0);
        assert_eq!(prefix_of("generic-secret"), 0);
    }

    #[test]
    fn provider_tokens_in_assignments_keep_their_rule() {
        // The generic rules start further left (at `TOKEN`) but must not claim a value that
        // starts with a known provider prefix.
        for (id, _, secret) in samples(5) {
            let Some(p) = PROVIDER_PREFIXES.iter().find(|p| secret.starts_with(**p)) else {
                continue;
            };
            for text in [
                format!("export SOME_SECRET_TOKEN={secret}"),
                format!("\"api_key\": \"{secret}\""),
                format!("password: {secret}"),
                format!("Authorization: Bearer {secret}"),
            ] {
                let found = find(&text);
                assert!(
                    found
                        .iter()
                        .all(|f| !f.0.starts_with("generic") && f.0 != "bearer-token"),
                    "{id} (prefix {p:?}) claimed by a generic rule in {text:?}: {found:?}"
                );
            }
        }
    }

    #[test]
    fn multi_line_blocks_are_one_secret() {
        let rng = &mut ChaCha8Rng::seed_from_u64(9);
        let key = pem(rng, "EC ", false);
        let text = format!("before\n{key}\nafter\n{}\n", pem(rng, "OPENSSH ", false));
        let found = find(&text);
        assert_eq!(found.len(), 2, "{found:?}");
        assert_eq!(&text[found[0].1..found[0].2], key);
        assert!(found.iter().all(|f| f.0 == "private-key"));
    }

    #[test]
    fn placeholders_and_references_are_not_secrets() {
        // Token-shaped placeholders are assembled at run time (no token-like literals).
        let aws_example = format!("aws_access_key_id = AKIA{}EXAMPLE", "IOSFODNN7");
        let aws_x = format!("AWS_ACCESS_KEY_ID=AKIA{}", "X".repeat(16));
        let ghp_x = format!("ghp_{}", "x".repeat(36));
        let sk_zero = format!("sk_{}_{}", "live", "0".repeat(25));
        let texts = [
            r#"api_key = "your_api_key_here""#,
            r#"password = "changeme""#,
            "token: ${TOKEN}",
            r#"secret = "<secret>""#,
            "API_KEY={{ .Values.apiKey }}",
            r#"password: "********""#,
            r#"token = "xxxxxxxxxxxxxxxxxxxx""#,
            "apiKey: process.env.API_KEY",
            "password = getPassword()",
            r#"secret_key = os.environ["SECRET_KEY"]"#,
            "DB_PASSWORD=",
            "token: null",
            "auth: true",
            "private_key: false",
            "password: none",
            r#"password = "password123""#,
            r#"api_key = "example-api-key-1234""#,
            r#"api_key = "dummy_key_for_tests_123""#,
            &aws_example,
            &aws_x,
            r#""key": "user-settings-2023""#,
            r#"secret = "/etc/app/secret.pem""#,
            r#"ssl_key = "./certs/server.key""#,
            r#"token_url = "https://auth.example.com/token""#,
            r#"keyboard = "qwertyuiop12""#,
            r#"password = "%DB_PASSWORD%""#,
            "token: $GITHUB_TOKEN",
            &ghp_x,
            &sk_zero,
            "postgres://user:password@localhost:5432/db",
            "redis://:${REDIS_PASSWORD}@cache:6379",
            "curl -u username:password https://example.com",
            "docker run --user 1000:1000 image",
            "-----BEGIN PRIVATE KEY-----\n...\n-----END PRIVATE KEY-----",
            r#"mySecret = "ops_eyJzaWduSW5B..""#,
            r#"key_length = XSalsa20.key_length"#,
            r#"token_type = "bearer_token_v2""#,
            r#"secret_name = "prod-db-credentials-2024""#,
        ];
        for t in texts {
            let found = find(t);
            assert!(
                found.is_empty(),
                "placeholder taken as a secret in {t:?}: {found:?}"
            );
        }
    }

    #[test]
    fn prose_and_identifiers_are_not_secrets() {
        let rng = &mut ChaCha8Rng::seed_from_u64(21);
        let texts = vec![
            "The key to success is patience.".to_string(),
            "The token economy rewards early adopters.".to_string(),
            "Our password policy requires 12 characters, one digit and one symbol.".to_string(),
            "Please reset your password at the login page.".to_string(),
            "Authentication token expired; please log in again.".to_string(),
            "The secret of the recipe is garlic. Keep it secret, keep it safe.".to_string(),
            "Press any key: the keyboard shortcut is Ctrl+K.".to_string(),
            format!("request {} failed with status 500", uuid(rng)),
            format!("trace_id={} span_id={}", uuid(rng), rnd(rng, HEX, 16)),
            format!(
                "fixed in commit {} (merge {})",
                rnd(rng, HEX, 40),
                rnd(rng, HEX, 7)
            ),
            format!("sha256: {}", rnd(rng, HEX, 64)),
            "version 1.2.3, v2.14.0-rc.1, go1.22.4, node v20.11.1, 10.0.0.1".to_string(),
            "See https://docs.example.com/api/v2/keys?page=2&sort=asc for details.".to_string(),
            "Use `git log --author=alice` and `ssh-keygen -t ed25519`.".to_string(),
            "fn parse_token(input: &str) -> Result<Token, Error> { let key = map.get(&id)?; }"
                .to_string(),
            "let secret = vault.read(\"kv/app\").await?;".to_string(),
            "password_hash = bcrypt(password)".to_string(),
            "user, passwd = self.get_user_passwd(host, realm)".to_string(),
            "self.passwd = password_mgr; auth = base64.b64encode(raw)".to_string(),
            "const key = pbkdf2Sync(secretInput, salt, 100000, 64, 'sha512');".to_string(),
            "SERVER_AUTH = '1.3.6.1.5.5.7.3.1'".to_string(),
        ];
        for t in texts {
            let found = find(&t);
            assert!(
                found.is_empty(),
                "false positive in {t:?}: {:?}",
                found
                    .iter()
                    .map(|f| (f.0, &t[f.1..f.2]))
                    .collect::<Vec<_>>()
            );
        }
    }

    #[test]
    fn generic_rules_catch_secret_assignments() {
        let rng = &mut ChaCha8Rng::seed_from_u64(33);
        let v = rnd(rng, &an(), 30);
        let cases = [
            (format!("SECRET_KEY_BASE={v}"), "generic-secret"),
            (format!("x-api-key: {v}"), "generic-secret"),
            (format!("\"auth_token\": \"{v}\","), "generic-secret"),
            (format!("stripe_api_key := \"{v}\""), "generic-secret"),
            (format!("mySecretString={v}"), "generic-secret"),
            (format!("--api-key {v}"), "generic-secret"),
            (format!("<password>{v}</password>"), "generic-password"),
            (format!("DB_PASSWORD={v}"), "generic-password"),
            (format!("'password' => '{v}',"), "generic-password"),
            (
                format!("Authorization: Basic {}", rnd(rng, &b64(), 40)),
                "generic-secret",
            ),
            (format!("Authorization: Token {v}"), "generic-secret"),
            (
                format!("password = \"{v}\" # trailing comment"),
                "generic-password",
            ),
        ];
        for (t, id) in cases {
            let found = find(&t);
            assert_eq!(found.len(), 1, "{t:?}: {found:?}");
            assert_eq!(found[0].0, id, "{t:?}");
        }
        // Sentence punctuation is not part of the secret.
        let t = format!("The new password: {v}.");
        assert_eq!(
            find(&t).iter().map(|f| &t[f.1..f.2]).collect::<Vec<_>>(),
            [v.as_str()]
        );
    }

    #[test]
    fn plausible_rejects_placeholders_directly() {
        let generic = RULES.iter().find(|r| r.id == "generic-secret").unwrap();
        let password = RULES.iter().find(|r| r.id == "generic-password").unwrap();
        for v in [
            "changeme",
            "password",
            "your_api_key_here",
            "<your-token>",
            "${API_KEY}",
            "{{ secret }}",
            "xxxxxxxxxxxx",
            "************",
            "aaaaaaaaaaaa",
            "example_secret_value",
            "dummy",
            "test",
            "null",
            "none",
            "true",
            "false",
            "sunshine",
            "correcthorsebatterystaple",
            "/home/user/.ssh/id_rsa",
            "C:\\keys\\prod.pfx",
            "config.secret_key",
            "getApiKey",
            "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123",
            "%API_KEY%",
            "$(cat token.txt)",
        ] {
            assert!(!plausible(generic, v), "generic-secret accepted {v:?}");
            assert!(!plausible(password, v), "generic-password accepted {v:?}");
        }
        assert!(plausible(password, "hunter2xyz!"));
        assert!(plausible(generic, "Zf3D0LXCM3EIMbgJpUNnkRtOfOueHznB"));
        let gh = RULES.iter().find(|r| r.id == "github-pat").unwrap();
        assert!(!plausible(gh, &format!("ghp_{}", "x".repeat(36))));
        assert!(!plausible(gh, &format!("ghp_{}", "0".repeat(36))));
    }

    /// The ASCII path gives the list's entropy to the bit (the thresholds compare it).
    #[test]
    fn shannon_entropy_ascii_is_the_list_sum() {
        use proptest::prelude::*;
        let list = |s: &str| -> f32 {
            let mut counts: Vec<(char, u32)> = Vec::new();
            let mut n = 0u32;
            for c in s.chars() {
                n += 1;
                match counts.iter_mut().find(|(k, _)| *k == c) {
                    Some((_, v)) => *v += 1,
                    None => counts.push((c, 1)),
                }
            }
            if n == 0 {
                return 0.0;
            }
            let n = n as f64;
            let h: f64 = counts
                .iter()
                .map(|&(_, c)| {
                    let p = c as f64 / n;
                    -p * p.log2()
                })
                .sum();
            h as f32
        };
        proptest!(|(s in "[ -~]{0,80}|[a-f0-9]{0,64}|[A-Za-z0-9+/=_-]{0,120}|\\PC{0,20}")| {
            prop_assert_eq!(shannon_entropy(&s).to_bits(), list(&s).to_bits());
        });
    }

    #[test]
    fn shannon_entropy_basics() {
        assert_eq!(shannon_entropy(""), 0.0);
        assert_eq!(shannon_entropy("aaaa"), 0.0);
        assert!((shannon_entropy("ab") - 1.0).abs() < 1e-6);
        assert!((shannon_entropy("abcd") - 2.0).abs() < 1e-6);
        assert!((shannon_entropy("0123456789abcdef") - 4.0).abs() < 1e-6);
        assert!(shannon_entropy("hunter2xyz!") > 3.4);
    }
}
