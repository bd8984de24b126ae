use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use redact_benches::mixed_document;
use redact_detect::Detector;

fn detect(c: &mut Criterion) {
    let detector = Detector::new();
    let mut g = c.benchmark_group("detect");
    for (name, n) in [("1k", 1_000), ("64k", 64_000), ("200k", 200_000)] {
        let doc = mixed_document(n);
        g.throughput(Throughput::Bytes(doc.len() as u64));
        g.bench_function(name, |b| b.iter(|| detector.detect(black_box(&doc))));
    }
    g.finish();
}

criterion_group!(benches, detect);
criterion_main!(benches);
