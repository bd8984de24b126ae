//! Precision and recall of the name recogniser on the labelled evaluation set
//! `tests/data/names_eval.jsonl` (synthetic texts; see docs/benchmarks.md).
//!
//! Each line: `{"id", "split": "tune"|"heldout", "cat", "text", "people": [...]}`. Every
//! whole-word, case-sensitive occurrence of a `people` string is a mention of a person.
//! A mention is found when `person` findings cover all of its letters; a `person` finding is
//! correct when it overlaps a mention. Run with `--nocapture` to see the table:
//!
//! ```sh
//! cargo test -p redact-detect --test names_eval -- --nocapture
//! ```
use std::collections::BTreeMap;

use redact_detect::{Detector, Kind};

#[derive(Default, Clone, Copy)]
struct Score {
    mentions: usize,
    found: usize,
    findings: usize,
    correct: usize,
}

impl Score {
    fn add(&mut self, o: Score) {
        self.mentions += o.mentions;
        self.found += o.found;
        self.findings += o.findings;
        self.correct += o.correct;
    }
    fn recall(&self) -> f64 {
        if self.mentions == 0 {
            1.0
        } else {
            self.found as f64 / self.mentions as f64
        }
    }
    fn precision(&self) -> f64 {
        if self.findings == 0 {
            1.0
        } else {
            self.correct as f64 / self.findings as f64
        }
    }
}

fn is_word_char(c: Option<char>) -> bool {
    c.is_some_and(|c| c.is_alphanumeric())
}

fn mentions(text: &str, people: &[String]) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    for p in people {
        for (s, _) in text.match_indices(p.as_str()) {
            let e = s + p.len();
            if !is_word_char(text[..s].chars().next_back())
                && !is_word_char(text[e..].chars().next())
            {
                out.push((s, e));
            }
        }
    }
    out.sort_unstable();
    out.dedup();
    out
}

fn score_one(detector: &Detector, text: &str, people: &[String], verbose: bool, id: u64) -> Score {
    let found: Vec<(usize, usize)> = detector
        .detect(text)
        .into_iter()
        .filter(|f| f.kind == Kind::Person)
        .map(|f| (f.start, f.end))
        .collect();
    let gold = mentions(text, people);
    let mut s = Score {
        mentions: gold.len(),
        findings: found.len(),
        ..Score::default()
    };
    for &(gs, ge) in &gold {
        let covered = text[gs..ge].char_indices().all(|(i, c)| {
            !c.is_alphabetic() || found.iter().any(|&(fs, fe)| fs <= gs + i && gs + i < fe)
        });
        if covered {
            s.found += 1;
        } else if verbose {
            println!("  MISS #{id}: {:?}", &text[gs..ge]);
        }
    }
    for &(fs, fe) in &found {
        if gold.iter().any(|&(gs, ge)| fs < ge && gs < fe) {
            s.correct += 1;
        } else if verbose {
            println!("  FALSE #{id}: {:?}", &text[fs..fe]);
        }
    }
    s
}

#[test]
fn name_precision_and_recall() {
    let detector = Detector::new();
    let verbose = std::env::var("NAMES_EVAL_VERBOSE").is_ok();
    let data = include_str!("data/names_eval.jsonl");
    let mut table: BTreeMap<(String, String), Score> = BTreeMap::new();
    for line in data.lines().filter(|l| !l.trim().is_empty()) {
        let v: serde_json::Value = serde_json::from_str(line).expect("valid JSON line");
        let text = v["text"].as_str().expect("text");
        let people: Vec<String> = v["people"]
            .as_array()
            .expect("people")
            .iter()
            .map(|p| p.as_str().expect("string").to_string())
            .collect();
        let split = v["split"].as_str().expect("split").to_string();
        let cat = v["cat"].as_str().expect("cat").to_string();
        let id = v["id"].as_u64().unwrap_or(0);
        // Errors are printed for the tuning part only: the held-out part is not looked at in detail.
        let s = score_one(&detector, text, &people, verbose && split == "tune", id);
        table
            .entry((split.clone(), cat.clone()))
            .or_default()
            .add(s);
    }
    let group = |split: &str, cats: &[&str]| {
        let mut s = Score::default();
        for ((sp, c), v) in &table {
            if sp == split && cats.contains(&c.as_str()) {
                s.add(*v);
            }
        }
        s
    };
    println!(
        "{:<8} {:<16} {:>8} {:>8} {:>9} {:>9}",
        "split", "category", "mentions", "findings", "precision", "recall"
    );
    let free = ["email", "ticket", "chat", "prose", "negative"];
    let mut summary = Vec::new();
    for split in ["tune", "heldout"] {
        for ((sp, c), v) in &table {
            if sp == split {
                println!(
                    "{:<8} {:<16} {:>8} {:>8} {:>9.3} {:>9.3}",
                    sp,
                    c,
                    v.mentions,
                    v.findings,
                    v.precision(),
                    v.recall()
                );
            }
        }
        let f = group(split, &free);
        let r = group(split, &["record"]);
        println!(
            "{:<8} {:<16} {:>8} {:>8} {:>9.3} {:>9.3}",
            split,
            "= free text",
            f.mentions,
            f.findings,
            f.precision(),
            f.recall()
        );
        println!(
            "{:<8} {:<16} {:>8} {:>8} {:>9.3} {:>9.3}",
            split,
            "= records",
            r.mentions,
            r.findings,
            r.precision(),
            r.recall()
        );
        summary.push((split, f, r));
    }
    // The issue's targets, on both parts (see docs/benchmarks.md).
    for (split, f, r) in summary {
        let (free_p, free_r, rec_p, rec_r) = match split {
            "tune" => (0.95, 0.95, 0.99, 0.99),
            _ => HELDOUT_FLOORS,
        };
        assert!(
            f.precision() >= free_p,
            "{split} free-text precision {:.3} < {free_p}",
            f.precision()
        );
        assert!(
            f.recall() >= free_r,
            "{split} free-text recall {:.3} < {free_r}",
            f.recall()
        );
        assert!(
            r.precision() >= rec_p,
            "{split} records precision {:.3} < {rec_p}",
            r.precision()
        );
        assert!(
            r.recall() >= rec_r,
            "{split} records recall {:.3} < {rec_r}",
            r.recall()
        );
    }
}

/// Floors for the held-out part: (free-text precision, free-text recall, records precision,
/// records recall). Measured 0.971, 0.973, 1.000, 1.000 when the set was written.
const HELDOUT_FLOORS: (f64, f64, f64, f64) = (0.95, 0.95, 0.99, 0.99);
