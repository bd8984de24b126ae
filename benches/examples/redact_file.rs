//! Warm redaction of a file's text, for timing one document:
//! `cargo run --release -p redact-benches --example redact_file -- FILE [RUNS]` prints the
//! median of RUNS warm calls (after one untimed call) and the number of findings.

use std::time::Instant;

use redact::{RedactOptions, Redactor};

fn main() {
    let mut args = std::env::args().skip(1);
    let Some(path) = args.next() else {
        eprintln!("usage: redact_file FILE [RUNS]");
        std::process::exit(2);
    };
    let runs: usize = args
        .next()
        .and_then(|a| a.parse().ok())
        .unwrap_or(20)
        .max(1);
    let text = match std::fs::read_to_string(&path) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("cannot read {path}: {e}");
            std::process::exit(1);
        }
    };
    let redactor = Redactor::new().with_max_chars(usize::MAX);
    let opts = RedactOptions::default();
    let found = redactor.findings(&text, &opts).len();
    let _ = redactor.redact(&text, &opts);
    let mut times = Vec::with_capacity(runs);
    for _ in 0..runs {
        let t = Instant::now();
        let r = redactor.redact(&text, &opts);
        times.push(t.elapsed());
        assert!(r.is_ok());
    }
    times.sort();
    println!(
        "{path}: {} bytes, {found} findings, redact median {:?}",
        text.len(),
        times[times.len() / 2]
    );
}
