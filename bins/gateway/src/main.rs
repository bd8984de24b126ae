//! `redact-gateway`: `serve` (the default) runs the HTTP API; `account …` and `key …`
//! administer the store named by `REDACT_DATABASE_URL`. See `docs/gateway.md`.

use std::process::ExitCode;

/// mimalloc rather than the system allocator: detection and stand-ins allocate many small
/// strings and vectors per request, and glibc's malloc and free were about a tenth of the
/// gateway's CPU time under load (`perf`, 1 KB requests).
#[global_allocator]
static ALLOC: mimalloc::MiMalloc = mimalloc::MiMalloc;

use clap::{Parser, Subcommand};
use redact_gateway::admin::{self, Command};
use redact_gateway::{GatewayConfig, build, shutdown_signal};

#[derive(Parser)]
#[command(
    name = "redact-gateway",
    version,
    about = "The redaction service's HTTP API and its administration"
)]
struct Cli {
    /// Print one JSON object instead of text.
    #[arg(long, global = true)]
    json: bool,
    #[command(subcommand)]
    command: Option<Top>,
}

#[derive(Subcommand)]
enum Top {
    /// Run the HTTP API (the default).
    Serve,
    /// Administer accounts.
    #[command(subcommand)]
    Account(AccountCmd),
    /// Administer API keys.
    #[command(subcommand)]
    Key(KeyCmd),
}

#[derive(Subcommand)]
enum AccountCmd {
    /// Create an account; prints its id as the last line.
    Create {
        /// A unique name.
        #[arg(long)]
        name: String,
        /// The plan: free, plus, pro, ultra, or one added by REDACT_CONFIG.
        #[arg(long, default_value = "free")]
        plan: String,
        /// Switch API access on.
        #[arg(long)]
        api_access: bool,
        /// Opening prepaid balance, in USD.
        #[arg(long, default_value_t = 0.0)]
        balance: f64,
    },
    /// Switch an account's API access on or off.
    ApiAccess {
        /// Account id or name.
        account: String,
        /// `on` or `off`.
        #[arg(value_parser = ["on", "off"])]
        state: String,
    },
    /// Change an account's plan.
    Plan {
        /// Account id or name.
        account: String,
        /// The plan: free, plus, pro, ultra, or one added by REDACT_CONFIG.
        plan: String,
    },
    /// Add to an account's prepaid balance.
    TopUp {
        /// Account id or name.
        account: String,
        /// Amount in USD.
        usd: f64,
    },
    /// Show an account as JSON.
    Show {
        /// Account id or name.
        account: String,
    },
}

#[derive(Subcommand)]
enum KeyCmd {
    /// Create a key; prints `id: KEY_ID`, then the key itself (shown once) as the last line.
    Create {
        /// Account id or name.
        account: String,
        /// Monthly spending limit for this key, in USD.
        #[arg(long)]
        monthly_limit: Option<f64>,
    },
    /// List an account's keys: ids, prefixes, limits, states (never the keys).
    List {
        /// Account id or name.
        account: String,
    },
    /// Revoke a key for good.
    Revoke {
        /// The key's id (`key_…`).
        key_id: String,
    },
}

fn main() -> ExitCode {
    // A panic message can quote the data being processed (a slice of request text, say):
    // report where it happened, never what it said.
    std::panic::set_hook(Box::new(|info| {
        let at = info
            .location()
            .map(|l| format!("{}:{}", l.file(), l.line()))
            .unwrap_or_else(|| "an unknown place".into());
        eprintln!("redact-gateway: internal error (panic) at {at}; message withheld");
    }));
    let cli = Cli::parse();
    let config = match GatewayConfig::from_lookup(|k| std::env::var(k).ok()) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("redact-gateway: {e}");
            return ExitCode::from(2);
        }
    };
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(r) => r,
        Err(e) => {
            eprintln!("redact-gateway: cannot start the runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    let result = match cli.command.unwrap_or(Top::Serve) {
        Top::Serve => runtime.block_on(serve(config)),
        Top::Account(a) => runtime.block_on(administer(&config, account_command(a), cli.json)),
        Top::Key(k) => runtime.block_on(administer(&config, key_command(k), cli.json)),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("redact-gateway: {e:#}");
            ExitCode::FAILURE
        }
    }
}

fn account_command(a: AccountCmd) -> Command {
    match a {
        AccountCmd::Create {
            name,
            plan,
            api_access,
            balance,
        } => Command::CreateAccount {
            name,
            plan,
            api_access,
            balance,
        },
        AccountCmd::ApiAccess { account, state } => Command::ApiAccess {
            account,
            on: state == "on",
        },
        AccountCmd::Plan { account, plan } => Command::SetPlan { account, plan },
        AccountCmd::TopUp { account, usd } => Command::TopUp { account, usd },
        AccountCmd::Show { account } => Command::Show { account },
    }
}

fn key_command(k: KeyCmd) -> Command {
    match k {
        KeyCmd::Create {
            account,
            monthly_limit,
        } => Command::CreateKey {
            account,
            monthly_limit,
        },
        KeyCmd::List { account } => Command::ListKeys { account },
        KeyCmd::Revoke { key_id } => Command::Revoke { key_id },
    }
}

async fn administer(config: &GatewayConfig, command: Command, json: bool) -> anyhow::Result<()> {
    let store = redact_service::billing::open(&config.database_url)
        .await
        .map_err(|e| anyhow::anyhow!("cannot open the store: {e}"))?;
    let mut out = std::io::stdout().lock();
    // The plans of REDACT_CONFIG, if set, besides the built-in ones.
    let chat = redact_service::ChatSettings::from_lookup(|k| std::env::var(k).ok())
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    let plans: Vec<&str> = chat.catalog().plan_names().collect();
    admin::run(store.as_ref(), &plans, command, json, &mut out).await
}

async fn serve(config: GatewayConfig) -> anyhow::Result<()> {
    init_logging(&config.log);
    let name_model = redact_service::namecheck::NameModel::from_env()
        .map_err(|e| anyhow::anyhow!("the name model configuration is unusable: {e}"))?;
    if name_model.is_some() {
        tracing::info!("names are checked by the configured model as well");
    }
    let client = redact_service::vendors::Client::new(redact_service::vendors::Timeouts::default())
        .map_err(|e| anyhow::anyhow!("cannot set up the vendor client: {e}"))?;
    let vendors = redact_service::Vendors::from_lookup(client, |k| std::env::var(k).ok())
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    let chat = redact_service::ChatSettings::from_lookup(|k| std::env::var(k).ok())
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    for vendor in redact_service::plans::VENDORS {
        if !chat.has_key(vendor) {
            tracing::info!(
                vendor,
                "no service provider key: service chat routes on this vendor answer 503"
            );
        }
    }
    redact_service::plans::warm_up_tokenizer();
    let (gateway, first_key) = build(&config, name_model, vendors, chat).await?;
    if let Some(key) = first_key {
        // Printed to stdout once, never logged.
        println!("Created account \"default\" (plan free, API access on).");
        println!("Its API key, shown this once; keep it safe:");
        println!("{}", key.key.expose());
    }
    tracing::info!(address = %gateway.local_addr(), "listening");
    gateway.run(shutdown_signal()).await;
    tracing::info!("stopped");
    Ok(())
}

fn init_logging(filter: &str) {
    let filter = tracing_subscriber::EnvFilter::try_new(filter)
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .with_target(false)
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
        .try_init();
}
