use redact_entity::Kind;
use redact_surrogate::Surrogates;
use std::time::Instant;

fn main() {
    let mut text = String::with_capacity(210_000);
    let mut values = Vec::new();
    let mut i = 0u32;
    let words = [
        "alpha", "beta", "gamma", "delta", "report", "meeting", "customer", "invoice", "please",
        "thanks",
    ];
    while text.len() < 200_000 {
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
                [
                    "Priya Raman",
                    "Sean O'Brien",
                    "Jane Doe",
                    "Wang Wei",
                    "Lukas Becker",
                ][(i / 10 % 5) as usize]
                    .to_string(),
            ),
            5 => (
                Kind::Url,
                "url",
                format!("https://acme-corp.com/users/{i}?ref=mail"),
            ),
            6 => (
                Kind::Hostname,
                "hostname",
                format!(
                    "db-{:02}.prod.{}.internal",
                    i % 100,
                    ["acme-corp", "globex", "initech", "umbrella", "hooli"][(i / 100 % 5) as usize]
                ),
            ),
            7 => (
                Kind::ApiKey,
                "github-pat",
                format!("ghp_aB3dE5fG7hI9jK1lM3nO5pQ7rS9tU1v{:06}", i),
            ),
            8 => (
                Kind::StreetAddress,
                "street-address",
                format!(
                    "{} {} Street, London NW1 6XE",
                    i % 300 + 1,
                    ["Baker", "High", "Church", "Station", "Park"][(i / 10 % 5) as usize]
                ),
            ),
            _ => (Kind::Ssn, "ssn", format!("536-22-{:04}", i % 10000)),
        };
        for w in 0..8 {
            text.push_str(words[(i as usize + w) % 10]);
            text.push(' ');
        }
        text.push_str(&v);
        text.push_str(". ");
        if values.len() < 2000 {
            values.push((k, r, v));
        }
        i += 1;
    }
    println!("text {} bytes, {} findings", text.len(), values.len());
    for round in 0..5 {
        let mut s = Surrogates::with_seed(round);
        let t = Instant::now();
        s.stand_in(&text, Kind::Phone, "phone", 0, "(212) 483-0000");
        let t_index = t.elapsed();
        let t = Instant::now();
        for (k, r, v) in &values {
            std::hint::black_box(s.stand_in(&text, *k, r, 0, v));
        }
        println!(
            "index+first {:?}, 2000 stand-ins {:?}",
            t_index,
            t.elapsed()
        );
    }
    if std::env::var("PROFILE").is_ok() {
        let n: u64 = std::env::var("PROFILE")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(200);
        for seed in 0..n {
            let mut s = Surrogates::with_seed(seed);
            for (k, r, v) in &values {
                std::hint::black_box(s.stand_in(&text, *k, r, 0, v));
            }
        }
        return;
    }
    // per kind
    for kind_ix in 0..10 {
        let mut s = Surrogates::with_seed(1);
        s.stand_in(&text, Kind::Phone, "phone", 0, "(212) 483-0000");
        let t = Instant::now();
        let mut n = 0;
        for (k, r, v) in values.iter().skip(kind_ix).step_by(10) {
            std::hint::black_box(s.stand_in(&text, *k, r, 0, v));
            n += 1;
        }
        println!("{:?}: {:?} per call", values[kind_ix].0, t.elapsed() / n);
    }
}
#[allow(dead_code)]
fn small() {}
