//! Times redaction of the benchmark's 200,000-character mixed document outside criterion
//! (for profilers): `cargo run --release -p redact --example redact_corpus_profile [RUNS [CHARS]]`.
#[allow(dead_code)]
#[path = "../../../benches/src/corpus.rs"]
mod corpus;

fn main() {
    let runs: u32 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(200);
    let chars: usize = std::env::args()
        .nth(2)
        .and_then(|a| a.parse().ok())
        .unwrap_or(200_000);
    let doc = corpus::mixed_document(chars);
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
