//! Detection, redaction and restore on diverse text: documents of the evaluation corpus (tables,
//! JSON, logs, letters, chat … in 45 locales) joined in corpus order, never a few
//! paragraphs repeated, so a lazy DFA cannot cache its way through (issue 16).
//!
//! `cargo bench -p redact-benches --bench diverse`; `cargo run --release -p redact-benches
//! --example diverse_doc -- 200000 > doc.txt` writes the same document for a fresh-process
//! run of the `redact` CLI.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use redact::{RedactOptions, Redactor};
use redact_detect::Detector;

#[path = "../examples/diverse_doc.rs"]
#[allow(dead_code)]
mod diverse_doc;

fn diverse(c: &mut Criterion) {
    let detector = Detector::new();
    let mut g = c.benchmark_group("diverse");
    g.sample_size(10);
    for (name, n) in [("200k", 200_000), ("2m", 2_000_000)] {
        let doc = diverse_doc::document(n);
        g.throughput(Throughput::Bytes(doc.len() as u64));
        g.bench_function(format!("detect-{name}"), |b| {
            b.iter(|| detector.detect(black_box(&doc)))
        });
        if n == 200_000 {
            let redactor = Redactor::new();
            let opts = RedactOptions::default();
            g.bench_function(format!("redact-{name}"), |b| {
                b.iter(|| redactor.redact(black_box(&doc), &opts))
            });
            // Restore of the redacted document (its stand-ins put back): with the map
            // compiled once (a proxy's stream), and compiling it per call (`/v1/restore`).
            let Ok(r) = redactor.redact(&doc, &opts) else {
                panic!("the diverse document must redact");
            };
            g.throughput(Throughput::Bytes(r.text.len() as u64));
            let restorer = redactor.restorer(&r.map);
            g.bench_function(format!("restore-{name}"), |b| {
                b.iter(|| restorer.restore(black_box(&r.text)))
            });
            g.bench_function(format!("restore-compile-{name}"), |b| {
                b.iter(|| redactor.restore(black_box(&r.text), &r.map))
            });
            g.throughput(Throughput::Bytes(doc.len() as u64));
        }
    }
    g.finish();
}

criterion_group!(benches, diverse);
criterion_main!(benches);
