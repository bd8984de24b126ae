//! Timing of stand-in generation for a large text. Ignored by default; run it in release:
//! `cargo test --release -p redact-surrogate --test perf -- --ignored --nocapture`.

use std::time::{Duration, Instant};

use redact_entity::Kind;
use redact_surrogate::Surrogates;

/// A 200,000-character text with 2,000 findings of ten kinds (every value distinct).
fn corpus() -> (String, Vec<(Kind, &'static str, String)>) {
    let given = [
        "Priya", "Sean", "Jane", "Wei", "Lukas", "Maria", "Ahmed", "Olga", "Kenji", "Fatou", "Tom",
        "Anna", "Raj", "Li", "Omar", "Sara", "Ivan", "Chloe", "Diego", "Amara",
    ];
    let family = [
        "Raman", "O'Brien", "Doe", "Wang", "Becker", "Garcia", "Hassan", "Petrova", "Sato",
        "Diallo", "Brown", "Novak", "Patel", "Chen", "Farah", "Lind", "Orlov", "Martin", "Lopez",
        "Okoro",
    ];
    let orgs = ["acme-corp", "globex", "initech", "umbrella", "hooli"];
    let streets = ["Baker", "High", "Church", "Station", "Park"];
    let mut text = String::with_capacity(210_000);
    let mut values = Vec::new();
    let mut i = 0u32;
    while text.len() < 200_000 {
        let j = (i / 10) as usize;
        let (k, r, v) = match i % 10 {
            0 => (Kind::Phone, "phone", format!("(212) 483-{:04}", i % 10000)),
            1 => (Kind::Email, "email", format!("user{i}@example-corp.com")),
            2 => (
                Kind::IpAddress,
                "ipv4",
                format!("10.{}.{}.{}", i % 250, i / 250 % 250, i % 200 + 1),
            ),
            3 => (
                Kind::CardNumber,
                "card",
                format!("4539 1488 {:04} 6467", i % 10000),
            ),
            4 => (
                Kind::Person,
                "person",
                format!("{} {}", given[j % 20], family[(j / 20 + j) % 20]),
            ),
            5 => (
                Kind::Url,
                "url",
                format!("https://acme-corp.com/users/{i}?ref=mail"),
            ),
            6 => (
                Kind::Hostname,
                "hostname",
                format!("db-{:02}.prod.{}.internal", i % 100, orgs[j / 10 % 5]),
            ),
            7 => (
                Kind::ApiKey,
                "github-pat",
                format!("ghp_aB3dE5fG7hI9jK1lM3nO5pQ7rS9tU1v{i:06}"),
            ),
            8 => (
                Kind::StreetAddress,
                "street-address",
                format!("{} {} Street, London NW1 6XE", i % 300 + 1, streets[j % 5]),
            ),
            _ => (Kind::Ssn, "ssn", format!("536-22-{:04}", i % 10000)),
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

#[test]
#[ignore = "timing; run in release with --ignored --nocapture"]
fn two_thousand_stand_ins_in_a_200k_text() {
    let (text, values) = corpus();
    let mut best = (Duration::MAX, Duration::MAX);
    for seed in 0..10 {
        let mut s = Surrogates::with_seed(seed);
        let t = Instant::now();
        s.stand_in(&text, Kind::Phone, "phone", 0, "(212) 483-0000");
        let index = t.elapsed();
        let t = Instant::now();
        for (k, r, v) in &values {
            std::hint::black_box(s.stand_in(&text, *k, r, 0, v));
        }
        let generation = t.elapsed();
        best = (best.0.min(index), best.1.min(generation));
    }
    println!(
        "text {} bytes: index (first call) {:?}, {} stand-ins {:?} ({:?} each)",
        text.len(),
        best.0,
        values.len(),
        best.1,
        best.1 / values.len() as u32
    );
}
