//! Times detection and redaction of each worst-case input against the diverse document,
//! outside criterion (medians of runs alternating between the inputs, so machine noise hits
//! them alike): `cargo run --release -p redact-benches --example worst_time -- [RUNS [CHARS
//! [SHAPE…]]]`. Prints a markdown table (ms, ratio to the diverse document).
//!
//! `worst_time --one SHAPE [CHARS]` (SHAPE may be `diverse`) warms up on the input, then
//! detects once and redacts once, for instruction counts of warm calls only: `valgrind
//! --tool=callgrind --toggle-collect='worst_time::one_detect'
//! --toggle-collect='worst_time::one_redact'` and `callgrind_annotate --inclusive=yes`.

#[path = "diverse_doc.rs"]
#[allow(dead_code)]
mod diverse_doc;

use std::time::{Duration, Instant};

fn median(v: &mut [Duration]) -> Duration {
    v.sort();
    v[v.len() / 2]
}

/// One detection on this thread (`detect_timed`): instruction counts see all of it (with
/// `detect`, a long text's structure and names run on a second thread).
#[inline(never)]
fn one_detect(d: &redact_detect::Detector, doc: &str) -> usize {
    d.detect_timed(doc, &mut |_| {}).len()
}

#[inline(never)]
fn one_redact(r: &redact::Redactor, doc: &str, o: &redact::RedactOptions) -> usize {
    r.redact(doc, o).expect("within limits").redacted
}

fn input(name: &str, chars: usize) -> String {
    if name == "diverse" {
        diverse_doc::document(chars)
    } else {
        redact_benches::worst::document(name, chars).expect("a known shape")
    }
}

fn main() {
    let mut args = std::env::args().skip(1).peekable();
    if args.peek().is_some_and(|a| a == "--one") {
        args.next();
        let name = args.next().expect("--one SHAPE");
        let chars = args.next().and_then(|a| a.parse().ok()).unwrap_or(200_000);
        let doc = input(&name, chars);
        let detector = redact_detect::Detector::new();
        let redactor = redact::Redactor::new().with_seed(1);
        let opts = redact::RedactOptions::default();
        std::hint::black_box(detector.detect(&doc));
        std::hint::black_box(redactor.redact(&doc, &opts).expect("within limits"));
        // The timed calls read a fresh draw of the shape (warm tables, cold DFA states).
        let doc = if name == "diverse" {
            doc
        } else {
            redact_benches::worst::document_seeded(&name, chars, 1).expect("a known shape")
        };
        let n = one_detect(&detector, &doc);
        let m = one_redact(&redactor, &doc, &opts);
        println!("{name}: {n} findings, {m} map entries");
        return;
    }
    let runs: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(5).max(1);
    let chars: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(200_000);
    let only: Vec<String> = args.collect();
    let mut inputs = vec![("diverse".to_string(), diverse_doc::document(chars))];
    for s in redact_benches::worst::SHAPES {
        if only.is_empty() || only.iter().any(|o| o == s) {
            inputs.push((
                s.to_string(),
                redact_benches::worst::document(s, chars).unwrap(),
            ));
        }
    }
    let detector = redact_detect::Detector::new();
    let redactor = redact::Redactor::new().with_seed(1);
    let opts = redact::RedactOptions::default();
    // Warm both (tables, lazy DFAs) on every input once.
    for (_, doc) in &inputs {
        std::hint::black_box(detector.detect(doc));
        std::hint::black_box(redactor.redact(doc, &opts).expect("within limits"));
    }
    let mut det = vec![Vec::new(); inputs.len()];
    let mut red = vec![Vec::new(); inputs.len()];
    for run in 0..runs {
        for (i, (name, doc)) in inputs.iter().enumerate() {
            // A fresh draw of the shape each run (the lazy DFAs keep what a text made them
            // build); the diverse document is the same every time.
            let fresh;
            let doc = if i == 0 {
                doc
            } else {
                fresh = redact_benches::worst::document_seeded(name, chars, run as u64 + 1)
                    .expect("a known shape");
                &fresh
            };
            let t = Instant::now();
            std::hint::black_box(detector.detect(doc));
            det[i].push(t.elapsed());
            let t = Instant::now();
            std::hint::black_box(redactor.redact(doc, &opts).expect("within limits"));
            red[i].push(t.elapsed());
        }
    }
    let d0 = median(&mut det[0]).as_secs_f64() * 1e3;
    let r0 = median(&mut red[0]).as_secs_f64() * 1e3;
    println!("| input | detect ms | × diverse | redact ms | × diverse | findings |");
    println!("|---|---:|---:|---:|---:|---:|");
    for (i, (name, doc)) in inputs.iter().enumerate() {
        let d = median(&mut det[i]).as_secs_f64() * 1e3;
        let r = median(&mut red[i]).as_secs_f64() * 1e3;
        println!(
            "| {name} | {d:.1} | {:.2} | {r:.1} | {:.2} | {} |",
            d / d0,
            r / r0,
            detector.detect(doc).len()
        );
    }
}
