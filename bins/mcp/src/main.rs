//! `redact-mcp`: the remote MCP server (Streamable HTTP at `/mcp`, tools `redact` and
//! `restore`). Configured by the environment only; see `docs/mcp.md`.

use std::process::ExitCode;

use redact_mcp::{McpConfig, build, init_logging, shutdown_signal};

const USAGE: &str = "\
redact-mcp: the redaction service's remote MCP server (Streamable HTTP at /mcp).

Usage: redact-mcp

Configured by the environment: REDACT_MCP_LISTEN (127.0.0.1:8081), REDACT_DATABASE_URL
(sqlite:data/redact.db), REDACT_MCP_ALLOWED_HOSTS, REDACT_MCP_SESSIONS (on), REDACT_LOG
(info), REDACT_RATE_LIMIT_PER_MINUTE (60). Keys are made with `redact-gateway key create`.
See docs/mcp.md.";

fn main() -> ExitCode {
    // A panic message can quote the data being processed (a slice of request text, say):
    // report where it happened, never what it said.
    std::panic::set_hook(Box::new(|info| {
        let at = info
            .location()
            .map(|l| format!("{}:{}", l.file(), l.line()))
            .unwrap_or_else(|| "an unknown place".into());
        eprintln!("redact-mcp: internal error (panic) at {at}; message withheld");
    }));
    match std::env::args().nth(1).as_deref() {
        None | Some("serve") => {}
        Some("-h" | "--help") => {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Some("-V" | "--version") => {
            println!("redact-mcp {}", env!("CARGO_PKG_VERSION"));
            return ExitCode::SUCCESS;
        }
        Some(_) => {
            eprintln!("{USAGE}");
            return ExitCode::from(2);
        }
    }
    let config = match McpConfig::from_lookup(|k| std::env::var(k).ok()) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("redact-mcp: {e}");
            return ExitCode::from(2);
        }
    };
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(r) => r,
        Err(e) => {
            eprintln!("redact-mcp: cannot start the runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    match runtime.block_on(serve(config)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("redact-mcp: {e:#}");
            ExitCode::FAILURE
        }
    }
}

async fn serve(config: McpConfig) -> anyhow::Result<()> {
    init_logging(&config.log);
    let name_model = redact_service::namecheck::NameModel::from_env()
        .map_err(|e| anyhow::anyhow!("the name model configuration is unusable: {e}"))?;
    let (server, first_key) = build(&config, name_model).await?;
    if let Some(key) = first_key {
        // Printed to stdout once, never logged.
        println!("Created account \"default\" (plan free, API access on).");
        println!("Its API key, shown this once; keep it safe:");
        println!("{}", key.key.expose());
    }
    tracing::info!(
        address = %server.local_addr(),
        path = redact_mcp::MCP_PATH,
        sessions = config.sessions,
        "listening"
    );
    server.run(shutdown_signal()).await;
    tracing::info!("stopped");
    Ok(())
}
