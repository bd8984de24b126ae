//! One detection in a fresh process (rules and tables built, then one call), for counting
//! what a first call costs: `valgrind --tool=callgrind target/release/examples/fresh FILE`.
fn main() {
    let path = std::env::args().nth(1).unwrap_or_default();
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let t = std::time::Instant::now();
    let n = redact_detect::Detector::new().detect(&text).len();
    println!("{n} findings in {:?}", t.elapsed());
}
