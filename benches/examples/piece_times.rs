//! Times the redaction of each of K different texts of CHARS characters cut in turn from the
//! diverse document (median of RUNS each) and prints the slowest, with their map sizes:
//! `piece_times [CHARS] [K] [RUNS]`.

use std::time::Instant;

use redact::{RedactOptions, Redactor};

#[path = "diverse_doc.rs"]
#[allow(dead_code)]
mod diverse_doc;

fn main() {
    let mut args = std::env::args().skip(1);
    let n: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(1000);
    let k: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(256);
    let runs: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(5);
    let whole = diverse_doc::document(n * k);
    let texts = diverse_doc::pieces(&whole, n);
    let redactor = Redactor::new();
    let opts = RedactOptions::default();
    for t in &texts {
        let _ = redactor.redact(t, &opts);
    }
    // `PIECES_CYCLE=1`: the mean cost of a redaction when the first J texts are redacted
    // in turn, for J = 1, 4, 16, 64 and K (how much the texts before a request cost it).
    if std::env::var_os("PIECES_CYCLE").is_some() {
        for j in [1usize, 4, 16, 64, texts.len()] {
            let j = j.min(texts.len());
            let rounds = (2048 / j).max(runs);
            let s = Instant::now();
            let mut count = 0u32;
            for _ in 0..rounds {
                for t in &texts[..j] {
                    let _ = std::hint::black_box(redactor.redact(t, &opts));
                    count += 1;
                }
            }
            // The same texts, each redacted `rounds` times in a row.
            let s2 = Instant::now();
            for t in &texts[..j] {
                for _ in 0..rounds {
                    let _ = std::hint::black_box(redactor.redact(t, &opts));
                }
            }
            let (cycled, repeated) = (s.elapsed() - s2.elapsed(), s2.elapsed());
            println!(
                "{j:>4} texts: in turn {:?} a redaction, each repeated {:?}",
                cycled / count,
                repeated / count
            );
        }
        return;
    }
    let mut rows = Vec::new();
    for (i, t) in texts.iter().enumerate() {
        let mut times = Vec::new();
        let mut entries = 0;
        for _ in 0..runs {
            let s = Instant::now();
            let r = redactor.redact(t, &opts);
            times.push(s.elapsed());
            entries = r.map(|r| r.map.len()).unwrap_or(0);
        }
        times.sort();
        rows.push((times[times.len() / 2], i, entries));
    }
    let total: std::time::Duration = rows.iter().map(|r| r.0).sum();
    rows.sort();
    println!(
        "mean {:?}, median {:?}",
        total / rows.len() as u32,
        rows[rows.len() / 2].0
    );
    for (t, i, e) in rows.iter().rev().take(12) {
        let head: String = texts[*i]
            .chars()
            .take(70)
            .collect::<String>()
            .replace('\n', "⏎");
        println!("{t:>10.1?}  #{i:<4} {e:>3} entries  {head}");
    }
}
