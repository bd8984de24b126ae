//! Detection of a long input in 64 KB pieces on one thread, twice over the same pieces:
//! `dfa_passes [CHARS]`. Prints each pass's time; the first pass builds the lazy DFAs'
//! states as the text needs them, the second finds them cached unless the caches were
//! cleared (full) in between.

use std::time::Instant;

#[path = "diverse_doc.rs"]
#[allow(dead_code)]
mod diverse_doc;

fn main() {
    let n: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(4_000_000);
    let whole = diverse_doc::document(n);
    let pieces = diverse_doc::pieces(&whole, 65_536);
    let detector = redact_detect::Detector::new();
    for pass in 1..=3 {
        let t = Instant::now();
        let mut tenth = Vec::new();
        let mut found = 0;
        for (i, p) in pieces.iter().enumerate() {
            found += detector.detect_on_this_thread(p).len();
            if (i + 1) % (pieces.len() / 10).max(1) == 0 {
                tenth.push(t.elapsed().as_millis());
            }
        }
        println!(
            "pass {pass}: {:?} ({found} findings), cumulative ms per tenth {tenth:?}",
            t.elapsed()
        );
    }
}
