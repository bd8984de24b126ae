//! Times redaction of the benchmark's 200,000-character mixed document outside criterion
//! (for profilers): `cargo run --release -p redact --example redact_profile [RUNS]`.
#[allow(dead_code)]
#[path = "../../../benches/src/corpus.rs"]
mod corpus;

fn main() {
    let runs: u32 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(200);
    let doc = corpus::mixed_document(200_000);
    let r = redact::Redactor::new().with_seed(1);
    let o = redact::RedactOptions::default();
    let first = std::time::Instant::now();
    let n = r.redact(&doc, &o).expect("within limits").redacted;
    println!(
        "first call (warms the tables): {:?}, {n} map entries",
        first.elapsed()
    );
    let t = std::time::Instant::now();
    for _ in 0..runs {
        std::hint::black_box(r.redact(&doc, &o).expect("within limits"));
    }
    println!("{:?} per call", t.elapsed() / runs);
}
