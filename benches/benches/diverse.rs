//! Detection, redaction and restore on diverse text: documents of the evaluation corpus (tables,
//! JSON, logs, letters, chat … in 45 locales) joined in corpus order, never a few
//! paragraphs repeated, so a lazy DFA cannot cache its way through (issue 16).
//!
//! `redact-1k-each` redacts 256 different texts of 1,000 characters in turn (a request each).
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
    // Short requests as a load sends them: 256 different texts of 1,000 characters cut in
    // turn from the diverse document, one redaction each per iteration (a few texts
    // repeated would let the lazy DFA cache their paths).
    let whole = diverse_doc::document(256_000);
    let pieces = diverse_doc::pieces(&whole, 1_000);
    let redactor = Redactor::new();
    let opts = RedactOptions::default();
    let mut next = 0usize;
    g.throughput(Throughput::Elements(1));
    g.bench_function("redact-1k-each", |b| {
        b.iter(|| {
            next = (next + 1) % pieces.len();
            redactor.redact(black_box(pieces[next]), &opts)
        })
    });
    g.finish();
}

criterion_group!(benches, diverse);
criterion_main!(benches);
