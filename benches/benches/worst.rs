//! Detection and redaction of worst-case inputs (issue 16) against the diverse document, at
//! the API's size (200,000 characters): base64 and hex blobs, minified JSON, one endless
//! line, digit runs, text in one script, walls of capitalised words, `@` and `.` runs, one
//! character or whitespace repeated. The bound: none costs more than 3× the diverse
//! document. The shapes are in `benches/src/worst.rs`; `cargo run --release -p
//! redact-benches --example worst_time` prints the same comparison as a table.
//!
//! `cargo bench -p redact-benches --bench worst [-- SHAPE]`.

use std::hint::black_box;

use criterion::{BatchSize, Criterion, Throughput, criterion_group, criterion_main};
use redact::{RedactOptions, Redactor};
use redact_detect::Detector;

#[path = "../examples/diverse_doc.rs"]
#[allow(dead_code)]
mod diverse_doc;

const CHARS: usize = 200_000;

fn worst(c: &mut Criterion) {
    let detector = Detector::new();
    let redactor = Redactor::new().with_seed(1);
    let opts = RedactOptions::default();
    let mut inputs = vec![("diverse", diverse_doc::document(CHARS))];
    for &s in redact_benches::worst::SHAPES {
        inputs.push((
            s,
            redact_benches::worst::document(s, CHARS).expect("a known shape"),
        ));
    }
    let mut g = c.benchmark_group("worst");
    g.sample_size(10);
    for (name, doc) in &inputs {
        g.throughput(Throughput::Bytes(doc.len() as u64));
        // Each iteration reads a fresh draw of the shape, as requests would bring (the lazy
        // DFAs keep the states a text made them build); the diverse document is one text.
        let mut seed = 0u64;
        let mut fresh = || {
            seed += 1;
            if *name == "diverse" {
                doc.clone()
            } else {
                redact_benches::worst::document_seeded(name, CHARS, seed).expect("a known shape")
            }
        };
        g.bench_function(format!("detect-{name}"), |b| {
            b.iter_batched(
                &mut fresh,
                |d| detector.detect(black_box(&d)),
                BatchSize::LargeInput,
            )
        });
        g.bench_function(format!("redact-{name}"), |b| {
            b.iter_batched(
                &mut fresh,
                |d| redactor.redact(black_box(&d), &opts),
                BatchSize::LargeInput,
            )
        });
    }
    g.finish();
}

criterion_group!(benches, worst);
criterion_main!(benches);
