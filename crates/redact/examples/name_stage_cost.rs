//! The cost of the name stage on the benchmark's 200,000-character mixed document:
//! total redaction time with the default detector (names on) against the same redaction
//! with the rules only, and the name recogniser alone.
//! `cargo run --release -p redact --example name_stage_cost [RUNS]`.
use std::sync::Arc;
use std::time::Instant;

use redact::{Detector, Recognizer};

#[allow(dead_code)]
#[path = "../../../benches/src/corpus.rs"]
mod corpus;

fn time(runs: u32, mut f: impl FnMut()) -> std::time::Duration {
    f();
    let t = Instant::now();
    for _ in 0..runs {
        f();
    }
    t.elapsed() / runs
}

fn main() {
    let runs: u32 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(100);
    let o = redact::RedactOptions::default();
    for (label, doc) in [
        ("mixed 200,000 chars", corpus::mixed_document(200_000)),
        ("prose 200,000 chars", corpus::plain_prose(200_000)),
    ] {
        let with = redact::Redactor::new().with_seed(1);
        let without = redact::Redactor::new()
            .with_seed(1)
            .with_detector(Detector::rules_only());
        let people = with
            .findings(&doc, &o)
            .iter()
            .filter(|f| f.kind == redact::Kind::Person)
            .count();
        let t_with = time(runs, || {
            std::hint::black_box(with.redact(&doc, &o).expect("redacts"));
        });
        let t_without = time(runs, || {
            std::hint::black_box(without.redact(&doc, &o).expect("redacts"));
        });
        let rec: Arc<dyn Recognizer> = Arc::new(redact_detect::NameRecognizer);
        let t_stage = time(runs, || {
            let mut out = Vec::new();
            rec.recognize(&doc, &[], &mut out);
            std::hint::black_box(out);
        });
        println!(
            "{label}: redact with names {t_with:?}, rules only {t_without:?}, recogniser alone {t_stage:?} \
             ({:.1} % of the total), {people} person findings",
            100.0 * t_stage.as_secs_f64() / t_with.as_secs_f64()
        );
    }
}
