//! Fake OpenAI, Anthropic and Google vendors on loopback ports, for runs of the gateway
//! binary that must not reach a real vendor (`scripts/schemathesis`).
//!
//! Prints one line per vendor, `REDACT_OPENAI_BASE_URL=http://127.0.0.1:PORT/v1` and so on,
//! then serves until killed. Every vendor answers every
//! request with a short reply text, in its own wire format, whole or streamed.

use redact_testkit::vendors::{FakeVendor, Kind, Script};
use std::io::Write;

#[tokio::main]
async fn main() {
    let script = || Script::text("A short answer from the fake vendor.").usage(12, 8);
    let openai = FakeVendor::start(Kind::OpenAi, script()).await;
    let anthropic = FakeVendor::start(Kind::Anthropic, script()).await;
    let google = FakeVendor::start(Kind::Google, script()).await;
    {
        let mut out = std::io::stdout().lock();
        let _ = writeln!(out, "REDACT_OPENAI_BASE_URL={}", openai.base_url);
        let _ = writeln!(out, "REDACT_ANTHROPIC_BASE_URL={}", anthropic.base_url);
        let _ = writeln!(out, "REDACT_GOOGLE_BASE_URL={}", google.base_url);
        let _ = out.flush();
    }
    // Serve until killed.
    std::future::pending::<()>().await;
    drop((openai, anthropic, google));
}
