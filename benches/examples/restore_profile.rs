//! Restore of the redacted diverse document, for profiling:
//! `cargo run --release -p redact-benches --example restore_profile -- [CHARS] [RUNS]`.

use std::time::Instant;

use redact::{RedactOptions, Redactor};

#[path = "diverse_doc.rs"]
#[allow(dead_code)]
mod diverse_doc;

fn main() {
    let mut args = std::env::args().skip(1);
    let n: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(200_000);
    let runs: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(20);
    let doc = diverse_doc::document(n);
    let redactor = Redactor::new();
    let Ok(r) = redactor.redact(&doc, &RedactOptions::default()) else {
        eprintln!("the document did not redact");
        std::process::exit(1);
    };
    let t = Instant::now();
    let restorer = redactor.restorer(&r.map);
    println!("{} map entries, compiled in {:?}", r.map.len(), t.elapsed());
    let mut times = Vec::new();
    for _ in 0..runs {
        let t = Instant::now();
        let back = restorer.restore(&r.text);
        times.push(t.elapsed());
        assert_eq!(back.text.len(), doc.len());
    }
    times.sort();
    let median = times[times.len() / 2];
    println!(
        "restore median {:?} ({:.0} MB/s)",
        median,
        r.text.len() as f64 / median.as_secs_f64() / 1e6
    );
}
