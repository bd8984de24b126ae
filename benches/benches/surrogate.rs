//! Stand-in generation: 2,000 mixed stand-ins for values of a 200,000-character text
//! (replaces the ignored timing test the crate had). `cargo bench -p redact-benches --bench
//! surrogate`.
use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use redact_entity::Kind;
use redact_surrogate::Surrogates;

fn corpus() -> (String, Vec<(Kind, &'static str, String)>) {
    let mut text = String::with_capacity(210_000);
    let mut values = Vec::new();
    let mut i = 0u32;
    while text.len() < 200_000 {
        let (k, r, v) = match i % 6 {
            0 => (
                Kind::Email,
                "email",
                format!("user{i}@northwind-example.com"),
            ),
            1 => (Kind::Phone, "phone", format!("(212) 483-{:04}", i % 10_000)),
            2 => (Kind::CardNumber, "card", "4111 1111 1111 1111".to_string()),
            3 => (
                Kind::IpAddress,
                "ipv4",
                format!("10.4.{}.{}", i % 250, (i / 250) % 250),
            ),
            4 => (
                Kind::Hostname,
                "internal-host",
                format!("db-{:02}.prod.acme-corp.internal", i % 100),
            ),
            _ => (Kind::Ssn, "ssn", format!("536-22-{:04}", i % 10_000)),
        };
        text.push_str("lorem ipsum dolor sit amet consectetur adipiscing elit ");
        text.push_str(&v);
        text.push_str(". ");
        if values.len() < 2000 {
            values.push((k, r, v));
        }
        i += 1;
    }
    (text, values)
}

fn surrogate(c: &mut Criterion) {
    let (text, values) = corpus();
    c.bench_function("surrogate/2000-stand-ins-200k-text", |b| {
        b.iter(|| {
            let mut s = Surrogates::with_seed(7);
            for (k, r, v) in &values {
                black_box(s.stand_in(&text, *k, r, 0, v));
            }
        })
    });
}

criterion_group!(benches, surrogate);
criterion_main!(benches);
