//! Redact, restore and streaming restore over 1 KB, 64 KB and 200,000-character mixed
//! documents. `cargo bench -p redact-benches --bench redact`.
use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use redact::{RedactOptions, Redactor, Restorer};
use redact_benches::mixed_document;
use redact_stream::StreamRestorer;

const SIZES: [(&str, usize); 3] = [("1k", 1_000), ("64k", 64_000), ("200k", 200_000)];

fn redact(c: &mut Criterion) {
    let redactor = Redactor::new().with_seed(42);
    let opts = RedactOptions::default();
    let mut g = c.benchmark_group("redact");
    for (name, n) in SIZES {
        let doc = mixed_document(n);
        g.throughput(Throughput::Bytes(doc.len() as u64));
        g.bench_function(name, |b| {
            b.iter(|| redactor.redact(black_box(&doc), &opts).unwrap())
        });
    }
    g.finish();
}

fn restore(c: &mut Criterion) {
    let redactor = Redactor::new().with_seed(42);
    let mut g = c.benchmark_group("restore");
    for (name, n) in SIZES {
        let doc = mixed_document(n);
        let r = redactor.redact(&doc, &RedactOptions::default()).unwrap();
        let restorer = Restorer::new(&r.map);
        g.throughput(Throughput::Bytes(r.text.len() as u64));
        g.bench_function(name, |b| b.iter(|| restorer.restore(black_box(&r.text))));
        g.bench_function(format!("{name}-compile-and-restore"), |b| {
            b.iter(|| Restorer::new(&r.map).restore(black_box(&r.text)))
        });
    }
    g.finish();
}

fn stream(c: &mut Criterion) {
    let redactor = Redactor::new().with_seed(42);
    let doc = mixed_document(64_000);
    let r = redactor.redact(&doc, &RedactOptions::default()).unwrap();
    let restorer = redactor.restorer(&r.map);
    // Deltas the size of model tokens: about four bytes, cut on char boundaries.
    let mut deltas = Vec::new();
    let mut rest = r.text.as_str();
    while !rest.is_empty() {
        let mut at = rest.len().min(4);
        while !rest.is_char_boundary(at) {
            at += 1;
        }
        deltas.push(&rest[..at]);
        rest = &rest[at..];
    }
    let mut g = c.benchmark_group("stream");
    g.throughput(Throughput::Elements(deltas.len() as u64));
    g.bench_function("64k-in-4-byte-deltas", |b| {
        b.iter(|| {
            let mut s = StreamRestorer::new(restorer.clone());
            let mut out = String::with_capacity(doc.len());
            for d in &deltas {
                s.push_into(black_box(d), &mut out);
            }
            s.finish_into(&mut out);
            out
        })
    });
    g.finish();
}

criterion_group!(benches, redact, restore, stream);
criterion_main!(benches);
