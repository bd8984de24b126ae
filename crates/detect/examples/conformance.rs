//! Runs the detection conformance corpus through the detector directly (no server):
//!
//! ```sh
//! gunzip -c ../shared/conformance/cases.jsonl.gz > /tmp/cases.jsonl
//! cargo run --release -p redact-detect --example conformance -- /tmp/cases.jsonl [--show KIND]
//! ```
//!
//! A case passes when every `must_redact` string is gone once each finding is replaced by
//! a marker, and every `must_keep` string is still there: the same criterion as
//! `check.py` against a gateway.
use std::collections::BTreeMap;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let path = args.get(1).expect("path to the unpacked cases.jsonl");
    let show = args
        .iter()
        .position(|a| a == "--show")
        .and_then(|i| args.get(i + 1))
        .cloned();
    let detector = redact_detect::Detector::new();
    let body = std::fs::read_to_string(path).expect("readable cases file");
    let mut table: BTreeMap<String, [usize; 4]> = BTreeMap::new();
    // Cases and passes by tier (`core`, `weak`).
    let mut tiers: BTreeMap<String, [usize; 2]> = BTreeMap::new();
    for line in body.lines() {
        let c: serde_json::Value = serde_json::from_str(line).expect("json line");
        let text = c["text"].as_str().unwrap_or_default();
        let kind = c["kind"].as_str().unwrap_or_default().to_string();
        let strs = |k: &str| -> Vec<String> {
            c[k].as_array()
                .map(|a| {
                    a.iter()
                        .filter_map(|v| v.as_str().map(String::from))
                        .collect()
                })
                .unwrap_or_default()
        };
        let (redact, keep) = (strs("must_redact"), strs("must_keep"));
        let found = detector.detect(text);
        let mut out = String::new();
        let mut last = 0;
        for f in &found {
            out.push_str(&text[last..f.start]);
            out.push('\u{2588}');
            last = f.end;
        }
        out.push_str(&text[last..]);
        let missed = redact.iter().any(|r| out.contains(r.as_str()));
        let over = keep.iter().any(|k| !out.contains(k.as_str()));
        let t = tiers
            .entry(c["tier"].as_str().unwrap_or("?").to_string())
            .or_default();
        t[0] += 1;
        t[1] += usize::from(!missed && !over);
        let e = table.entry(kind.clone()).or_default();
        e[0] += 1;
        if missed {
            e[2] += 1
        } else if over {
            e[3] += 1
        } else {
            e[1] += 1
        }
        if (missed || over) && show.as_deref().is_some_and(|s| s == kind || s == "all") {
            let kinds: Vec<String> = found
                .iter()
                .map(|f| format!("{}:{}", f.kind, f.slice(text)))
                .collect();
            println!(
                "{} {} {} {:?} -> {:?} {}",
                if missed { "MISSED" } else { "OVER" },
                c["tier"].as_str().unwrap_or("?"),
                c["label"],
                text.chars().take(160).collect::<String>(),
                kinds,
                if missed {
                    format!("{redact:?}")
                } else {
                    format!("{keep:?}")
                }
            );
        }
    }
    let mut tot = [0usize; 4];
    println!(
        "{:<16}{:>7}{:>8}{:>8}{:>8}",
        "kind", "cases", "passed", "missed", "over"
    );
    for (k, v) in &table {
        println!("{k:<16}{:>7}{:>8}{:>8}{:>8}", v[0], v[1], v[2], v[3]);
        for i in 0..4 {
            tot[i] += v[i];
        }
    }
    println!("{} passed, {} failed", tot[1], tot[2] + tot[3]);
    for (tier, [n, ok]) in &tiers {
        println!(
            "tier {tier}: {ok} of {n} passed ({:.1} %)",
            *ok as f64 * 100.0 / (*n).max(1) as f64
        );
    }
}
