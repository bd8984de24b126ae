//! The administration commands of the operating contract:
//!
//! ```text
//! redact-gateway account create --name NAME [--plan PLAN] [--api-access] [--balance USD]
//! redact-gateway account api-access ACCOUNT on|off
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

use std::io::Write;

use redact_service::billing::{
    Account, KeyState, Micros, Month, Store, micros_to_usd, usd_to_micros,
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

fn amount(what: &str, usd: f64) -> anyhow::Result<Micros> {
    usd_to_micros(usd).ok_or_else(|| anyhow::anyhow!("{what} must be a non-negative number of USD"))
}

async fn account(store: &dyn Store, id_or_name: &str) -> anyhow::Result<Account> {
    store
        .account(id_or_name, Month::now())
        .await?
        .ok_or_else(|| anyhow::anyhow!("no account with id or name {id_or_name:?}"))
}

fn account_json(a: &Account) -> serde_json::Value {
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

/// Runs a command against `store`, writing its output to `out`. `plans` are the plan names
/// an account may be given (the built-in [`PLANS`] and any `REDACT_CONFIG` adds).
pub async fn run(
    store: &dyn Store,
    plans: &[&str],
    command: Command,
    as_json: bool,
    out: &mut dyn Write,
) -> anyhow::Result<()> {
    match command {
        Command::CreateAccount {
            name,
            plan,
            api_access,
            balance,
        } => {
            if name.trim().is_empty() {
                anyhow::bail!("--name must not be empty");
            }
            if !plans.contains(&plan.as_str()) {
                anyhow::bail!("unknown plan {plan:?}; plans: {}", plans.join(", "));
            }
            let balance = amount("--balance", balance)?;
            let a = store
                .create_account(name.trim(), &plan, api_access, balance)
                .await?;
            if as_json {
                writeln!(out, "{}", json!({ "id": a.id }))?;
            } else {
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
        }
        Command::ApiAccess { account: id, on } => {
            let a = account(store, &id).await?;
            store.set_api_access(&a.id, on).await?;
            if as_json {
                writeln!(out, "{}", json!({ "id": a.id, "api_access": on }))?;
            } else {
                writeln!(
                    out,
                    "API access of {} is {}",
                    a.id,
                    if on { "on" } else { "off" }
                )?;
            }
        }
        Command::TopUp { account: id, usd } => {
            let a = account(store, &id).await?;
            let add = amount("USD", usd)?;
            let balance = store.top_up(&a.id, add).await?;
            if as_json {
                writeln!(
                    out,
                    "{}",
                    json!({ "id": a.id, "balance_usd": micros_to_usd(balance) })
                )?;
            } else {
                writeln!(
                    out,
                    "balance of {} is {:.6} USD",
                    a.id,
                    micros_to_usd(balance)
                )?;
            }
        }
        Command::Show { account: id } => {
            let a = account(store, &id).await?;
            writeln!(out, "{}", account_json(&a))?;
        }
        Command::CreateKey {
            account: id,
            monthly_limit,
        } => {
            let a = account(store, &id).await?;
            let limit = monthly_limit
                .map(|usd| amount("--monthly-limit", usd))
                .transpose()?;
            let k = store.create_key(&a.id, limit).await?;
            if as_json {
                writeln!(
                    out,
                    "{}",
                    json!({ "id": k.id, "key": k.key.expose(), "prefix": k.prefix })
                )?;
            } else {
                writeln!(out, "id: {}", k.id)?;
                writeln!(out, "{}", k.key.expose())?;
            }
        }
        Command::ListKeys { account: id } => {
            let a = account(store, &id).await?;
            let keys = store.keys(&a.id, Month::now()).await?;
            if as_json {
                let keys: Vec<_> = keys
                    .iter()
                    .map(|k| {
                        json!({
                            "id": k.id,
                            "prefix": k.prefix,
                            "monthly_limit_usd": k.monthly_limit.map(micros_to_usd),
                            "state": k.state,
                            "spent_usd": micros_to_usd(k.spent_this_month),
                        })
                    })
                    .collect();
                writeln!(out, "{}", json!({ "keys": keys }))?;
            } else {
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
        }
        Command::Revoke { key_id } => {
            store.revoke_key(&key_id).await?;
            if as_json {
                writeln!(out, "{}", json!({ "id": key_id, "state": "revoked" }))?;
            } else {
                writeln!(out, "revoked {key_id}")?;
            }
        }
    }
    Ok(())
}
