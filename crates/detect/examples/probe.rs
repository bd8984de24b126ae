//! Prints the findings for each argument (or each line of stdin):
//! `cargo run --release -p redact-detect --example probe -- "text" …`
use std::io::BufRead;

fn main() {
    let detector = redact_detect::Detector::new();
    let mut texts: Vec<String> = std::env::args().skip(1).collect();
    if texts.is_empty() {
        texts = std::io::stdin()
            .lock()
            .lines()
            .map_while(Result::ok)
            .collect();
    }
    for text in &texts {
        let found: Vec<String> = detector
            .detect(text)
            .iter()
            .map(|f| format!("{}:{}:{:?}", f.kind, f.rule, f.slice(text)))
            .collect();
        println!("{text:?} -> {found:?}");
    }
}
