//! Times detection over a synthetic document: `cargo run --release -p redact-detect --example detect_profile`.
fn main() {
    let para = std::fs::read_to_string(std::env::args().nth(1).unwrap_or_default()).unwrap_or_else(|_| {
        "The quarterly report is attached. Revenue grew by twelve percent compared with last year, mostly because the new onboarding flow reduced churn. Call +44 20 7946 0321 or mail jane@example.org.\n".to_string()
    });
    let mut doc = String::new();
    while doc.len() < 200_000 {
        doc.push_str(&para);
    }
    let d = redact_detect::Detector::new();
    let _ = d.detect(&doc);
    let t = std::time::Instant::now();
    let mut n = 0;
    for _ in 0..20 {
        n += d.detect(&doc).len();
    }
    let el = t.elapsed() / 20;
    println!(
        "{} findings/run, {:?} per run, {:.1} MB/s",
        n / 20,
        el,
        doc.len() as f64 / el.as_secs_f64() / 1e6
    );
}
