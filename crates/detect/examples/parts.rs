//! Per-part search times of the rules over a file, fresh then warm:
//! `cargo run --release -p redact-detect --example parts -- FILE`.
fn main() {
    let path = std::env::args().nth(1).unwrap_or_default();
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let d = redact_detect::Detector::rules_only();
    for (i, (n, first, warm)) in d.rule_part_timings(&text).into_iter().enumerate() {
        println!("part {i}: {n:>4} patterns, fresh {first:?}, warm {warm:?}");
    }
}
