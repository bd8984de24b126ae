//! Redaction of the diverse document, warm, for profiling:
//! `cargo run --release -p redact-benches --example redact_profile -- [CHARS] [RUNS]`
//! (`valgrind --tool=callgrind --toggle-collect='redact_profile::warm_call'` counts the warm
//! calls only: a first call builds the lazy tables).

use std::time::Instant;

use redact::{RedactOptions, Redactor};

#[path = "diverse_doc.rs"]
#[allow(dead_code)]
mod diverse_doc;

fn main() {
    let mut args = std::env::args().skip(1);
    let n: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(200_000);
    let runs: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(20);
    // `PROFILE_DOC=mixed`: the synthetic corpus the load benchmark's bodies come from.
    let doc = if std::env::var("PROFILE_DOC").as_deref() == Ok("mixed") {
        redact_benches::mixed_document(n)
    } else {
        diverse_doc::document(n)
    };
    let redactor = Redactor::new();
    let opts = RedactOptions::default();
    let t = Instant::now();
    let first = redactor.redact(&doc, &opts).map(|r| r.map.len());
    println!(
        "first call {:?} ({:?} map entries)",
        t.elapsed(),
        first.ok()
    );
    let mut times = Vec::new();
    for _ in 0..runs {
        let t = Instant::now();
        let r = warm_call(&redactor, &doc, &opts);
        times.push(t.elapsed());
        assert!(r.is_ok());
    }
    times.sort();
    let median = times[times.len() / 2];
    println!(
        "redact median {:?} ({:.1} MB/s)",
        median,
        doc.len() as f64 / median.as_secs_f64() / 1e6
    );
}

#[inline(never)]
fn warm_call(
    redactor: &Redactor,
    doc: &str,
    opts: &RedactOptions,
) -> Result<redact::Redaction, redact::RedactError> {
    redactor.redact(doc, opts)
}
