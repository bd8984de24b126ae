//! Prints every finding of each document (one per line: document, start, end, kind, rule),
//! for checking that a speed change finds exactly what it found before:
//! `cargo run --release -p redact-detect --example findings_dump -- FILE… | sha256sum`.
//! A file holds one document, or several separated by NUL bytes.
fn main() {
    let detector = redact_detect::Detector::new();
    let mut doc = 0usize;
    for path in std::env::args().skip(1) {
        let all = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        for text in all.split('\0') {
            for f in detector.detect(text) {
                println!("{doc} {} {} {} {}", f.start, f.end, f.kind, f.rule);
            }
            doc += 1;
        }
    }
}
