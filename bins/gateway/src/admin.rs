//! The administration commands of the operating contract:
//!
//! ```text
//! redact-gateway account create --name NAME [--plan PLAN] [--api-access] [--balance USD]
//! redact-gateway account api-access ACCOUNT on|off
//! redact-gateway account plan ACCOUNT PLAN
//! redact-gateway account top-up ACCOUNT USD
//! redact-gateway account show ACCOUNT
//! redact-gateway key create ACCOUNT [--monthly-limit USD]
//! redact-gateway key list ACCOUNT
//! redact-gateway key revoke KEY_ID
//! ```
//!
//! ACCOUNT is an account id (`acct_…`) or name. Every command takes `--json`. They act on the
//! store of `REDACT_DATABASE_URL` while gateways run: nothing is cached, so a revoke or an
//! access switch holds from the next request at every instance.
//!
//! [`execute`] does the work and returns an [`Outcome`]; [`run`] prints it for the CLI, and
//! the admin HTTP API (`/admin/v1/…`, see `docs/gateway.md`) answers with [`outcome_json`],
//! so the two cannot drift apart.

use std::io::Write;

use redact_service::billing::{
    Account, KeyInfo, KeyState, Micros, Month, NewKey, Store, StoreError, micros_to_usd,
    usd_to_micros,
};
use serde_json::json;

/// The built-in plans (`REDACT_CONFIG` may add more; see `redact_service::plans`).
pub const PLANS: &[&str] = &["free", "plus", "pro", "ultra"];

/// One administration command.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    /// `account create`.
    CreateAccount {
        /// Its name.
        name: String,
        /// Its plan.
        plan: String,
        /// API access on.
        api_access: bool,
        /// Opening balance, USD.
        balance: f64,
    },
    /// `account api-access ACCOUNT on|off`.
    ApiAccess {
        /// Id or name.
        account: String,
        /// On or off.
        on: bool,
    },
    /// `account plan ACCOUNT PLAN`.
    SetPlan {
        /// Id or name.
        account: String,
        /// The new plan.
        plan: String,
    },
    /// `account top-up ACCOUNT USD`.
    TopUp {
        /// Id or name.
        account: String,
        /// Amount, USD.
        usd: f64,
    },
    /// `account show ACCOUNT`.
    Show {
        /// Id or name.
        account: String,
    },
    /// `key create ACCOUNT [--monthly-limit USD]`.
    CreateKey {
        /// Id or name.
        account: String,
        /// Monthly spending limit, USD.
        monthly_limit: Option<f64>,
    },
    /// `key list ACCOUNT`.
    ListKeys {
        /// Id or name.
        account: String,
    },
    /// `key revoke KEY_ID`.
    Revoke {
        /// The key's id.
        key_id: String,
    },
}

/// Why a command failed, in terms an HTTP answer can carry.
#[derive(Debug, PartialEq, Eq)]
pub enum AdminError {
    /// A bad argument (empty name, unknown plan, negative amount); the field is named.
    Invalid {
        /// The field at fault.
        param: &'static str,
        /// What was wrong.
        message: String,
    },
    /// No account or key by that id or name.
    NotFound(String),
    /// The name is taken, or the account holds the most keys it may.
    Conflict(String),
    /// The store failed or could not be reached.
    Unavailable(String),
}

impl std::fmt::Display for AdminError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            AdminError::Invalid { message, .. } => f.write_str(message),
            AdminError::NotFound(m) | AdminError::Conflict(m) | AdminError::Unavailable(m) => {
                f.write_str(m)
            }
        }
    }
}

impl std::error::Error for AdminError {}

impl From<StoreError> for AdminError {
    fn from(e: StoreError) -> AdminError {
        match e {
            StoreError::NotFound(_) => AdminError::NotFound(e.to_string()),
            StoreError::TooManyKeys | StoreError::NameTaken(_) => {
                AdminError::Conflict(e.to_string())
            }
            StoreError::Invalid(m) => AdminError::Invalid {
                param: "request",
                message: m,
            },
            other => AdminError::Unavailable(other.to_string()),
        }
    }
}

/// What a command did: what both the CLI and the admin HTTP API report.
#[derive(Debug)]
pub enum Outcome {
    /// An account, as created or shown.
    Account(Account),
    /// API access switched.
    ApiAccess {
        /// The account.
        id: String,
        /// On or off.
        on: bool,
    },
    /// A plan changed.
    Plan {
        /// The account.
        id: String,
        /// The new plan.
        plan: String,
    },
    /// A balance after a top-up, in micro-dollars.
    Balance {
        /// The account.
        id: String,
        /// The balance.
        balance: Micros,
    },
    /// A key just made: the only time it is shown.
    NewKey(NewKey),
    /// An account's keys.
    Keys(Vec<KeyInfo>),
    /// A key revoked.
    Revoked(String),
}

fn amount(param: &'static str, what: &str, usd: f64) -> Result<Micros, AdminError> {
    usd_to_micros(usd).ok_or_else(|| AdminError::Invalid {
        param,
        message: format!("{what} must be a non-negative number of USD"),
    })
}

async fn account(store: &dyn Store, id_or_name: &str) -> Result<Account, AdminError> {
    store
        .account(id_or_name, Month::now())
        .await?
        .ok_or_else(|| AdminError::NotFound(format!("no account with id or name {id_or_name:?}")))
}

/// An account as JSON (`account show`, and the admin API's account objects).
pub fn account_json(a: &Account) -> serde_json::Value {
    json!({
        "id": a.id,
        "name": a.name,
        "plan": a.plan,
        "api_access": a.api_access,
        "balance_usd": micros_to_usd(a.balance),
        "held_usd": micros_to_usd(a.held),
        "remaining_usd": micros_to_usd(a.balance - a.held),
        "spent_usd": micros_to_usd(a.spent_this_month),
        "requests_this_month": a.requests_this_month,
        "keys": a.keys,
    })
}

/// A key's record as JSON (never the key).
pub fn key_json(k: &KeyInfo) -> serde_json::Value {
    json!({
        "id": k.id,
        "prefix": k.prefix,
        "monthly_limit_usd": k.monthly_limit.map(micros_to_usd),
        "state": k.state,
        "spent_usd": micros_to_usd(k.spent_this_month),
    })
}

fn check_plan(plans: &[&str], plan: &str) -> Result<(), AdminError> {
    if plans.contains(&plan) {
        Ok(())
    } else {
        Err(AdminError::Invalid {
            param: "plan",
            message: format!("unknown plan {plan:?}; plans: {}", plans.join(", ")),
        })
    }
}

/// The longest account name accepted.
pub const MAX_NAME_CHARS: usize = 200;

/// Carries out a command against `store`. `plans` are the plan names an account may be
/// given (the built-in [`PLANS`] and any `REDACT_CONFIG` adds).
pub async fn execute(
    store: &dyn Store,
    plans: &[&str],
    command: Command,
) -> Result<Outcome, AdminError> {
    Ok(match command {
        Command::CreateAccount {
            name,
            plan,
            api_access,
            balance,
        } => {
            let name = name.trim();
            if name.is_empty() {
                return Err(AdminError::Invalid {
                    param: "name",
                    message: "--name must not be empty".into(),
                });
            }
            if name.chars().count() > MAX_NAME_CHARS {
                return Err(AdminError::Invalid {
                    param: "name",
                    message: format!("--name must be at most {MAX_NAME_CHARS} characters"),
                });
            }
            check_plan(plans, &plan)?;
            let balance = amount("balance_usd", "--balance", balance)?;
            Outcome::Account(
                store
                    .create_account(name, &plan, api_access, balance)
                    .await?,
            )
        }
        Command::ApiAccess { account: id, on } => {
            let a = account(store, &id).await?;
            store.set_api_access(&a.id, on).await?;
            Outcome::ApiAccess { id: a.id, on }
        }
        Command::SetPlan { account: id, plan } => {
            check_plan(plans, &plan)?;
            let a = account(store, &id).await?;
            store.set_plan(&a.id, &plan).await?;
            Outcome::Plan { id: a.id, plan }
        }
        Command::TopUp { account: id, usd } => {
            let add = amount("usd", "USD", usd)?;
            let a = account(store, &id).await?;
            let balance = store.top_up(&a.id, add).await?;
            Outcome::Balance { id: a.id, balance }
        }
        Command::Show { account: id } => Outcome::Account(account(store, &id).await?),
        Command::CreateKey {
            account: id,
            monthly_limit,
        } => {
            let limit = monthly_limit
                .map(|usd| amount("monthly_limit_usd", "--monthly-limit", usd))
                .transpose()?;
            let a = account(store, &id).await?;
            Outcome::NewKey(store.create_key(&a.id, limit).await?)
        }
        Command::ListKeys { account: id } => {
            let a = account(store, &id).await?;
            Outcome::Keys(store.keys(&a.id, Month::now()).await?)
        }
        Command::Revoke { key_id } => {
            store.revoke_key(&key_id).await?;
            Outcome::Revoked(key_id)
        }
    })
}

/// The JSON of an outcome, as `--json` prints it (`account create` prints only `{"id"}`,
/// as the operating contract says; the admin API answers with the whole account).
pub fn outcome_json(outcome: &Outcome) -> serde_json::Value {
    match outcome {
        Outcome::Account(a) => account_json(a),
        Outcome::ApiAccess { id, on } => json!({ "id": id, "api_access": on }),
        Outcome::Plan { id, plan } => json!({ "id": id, "plan": plan }),
        Outcome::Balance { id, balance } => {
            json!({ "id": id, "balance_usd": micros_to_usd(*balance) })
        }
        Outcome::NewKey(k) => json!({ "id": k.id, "key": k.key.expose(), "prefix": k.prefix }),
        Outcome::Keys(keys) => {
            json!({ "keys": keys.iter().map(key_json).collect::<Vec<_>>() })
        }
        Outcome::Revoked(id) => json!({ "id": id, "state": "revoked" }),
    }
}

/// Runs a command against `store`, writing its output to `out` (text, or one JSON object
/// with `as_json`). `plans` are the plan names an account may be given.
pub async fn run(
    store: &dyn Store,
    plans: &[&str],
    command: Command,
    as_json: bool,
    out: &mut dyn Write,
) -> anyhow::Result<()> {
    let created = matches!(command, Command::CreateAccount { .. });
    let outcome = execute(store, plans, command).await?;
    if as_json {
        let value = match &outcome {
            Outcome::Account(a) if created => json!({ "id": a.id }),
            other => outcome_json(other),
        };
        writeln!(out, "{value}")?;
        return Ok(());
    }
    match outcome {
        Outcome::Account(a) if created => {
            writeln!(
                out,
                "created account {:?}: plan {}, API access {}, balance {:.6} USD",
                a.name,
                a.plan,
                if a.api_access { "on" } else { "off" },
                micros_to_usd(a.balance)
            )?;
            writeln!(out, "{}", a.id)?;
        }
        Outcome::Account(a) => writeln!(out, "{}", account_json(&a))?,
        Outcome::ApiAccess { id, on } => writeln!(
            out,
            "API access of {id} is {}",
            if on { "on" } else { "off" }
        )?,
        Outcome::Plan { id, plan } => writeln!(out, "plan of {id} is {plan}")?,
        Outcome::Balance { id, balance } => {
            writeln!(out, "balance of {id} is {:.6} USD", micros_to_usd(balance))?
        }
        Outcome::NewKey(k) => {
            writeln!(out, "id: {}", k.id)?;
            writeln!(out, "{}", k.key.expose())?;
        }
        Outcome::Keys(keys) => {
            for k in &keys {
                let limit = k
                    .monthly_limit
                    .map(|l| format!("limit {:.6} USD", micros_to_usd(l)))
                    .unwrap_or_else(|| "no limit".into());
                let state = match k.state {
                    KeyState::Active => "active",
                    KeyState::Revoked => "revoked",
                };
                writeln!(
                    out,
                    "{}  {}…  {}  spent {:.6} USD  {}",
                    k.id,
                    k.prefix,
                    limit,
                    micros_to_usd(k.spent_this_month),
                    state
                )?;
            }
        }
        Outcome::Revoked(id) => writeln!(out, "revoked {id}")?,
    }
    Ok(())
}
