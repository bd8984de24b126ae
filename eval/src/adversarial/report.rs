//! The adversarial section of the report: figures against the targets of issue 18, the
//! per-transform table, the negatives' look-alikes and the worst misses.

use std::fmt::Write;

use super::transforms::{RECIPES, Target};
use super::{AdvDoc, AdvScores};
use crate::report::{groups, pct, spread};
use crate::score::Tally;

fn md_cell(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '|' => out.push_str("\\|"),
            '`' => out.push('\''),
            '\n' | '\r' | '\t' => out.push(' '),
            // Invisible characters shown, so the reader sees where they are.
            c if super::transforms::is_invisible(c) => {
                let _ = write!(out, "⟨U+{:04X}⟩", c as u32);
            }
            c => out.push(c),
        }
    }
    out
}

fn ratio(n: u64, d: u64) -> Option<f64> {
    (d > 0).then(|| n as f64 / d as f64)
}

/// The headline figures, against the targets.
pub fn summary(s: &AdvScores) -> String {
    let mut out = String::new();
    let t = &s.transformed;
    let _ = writeln!(
        out,
        "Documents {} ({} rewritten under {} transforms, {} with nothing personal), {} characters; \
         {} rewritten values of the six structured kinds.\n",
        t.docs + s.negatives.docs,
        t.docs,
        RECIPES.len(),
        s.negatives.docs,
        s.chars,
        t.values
    );
    let _ = writeln!(out, "| adversarial part | figure | target |");
    let _ = writeln!(out, "|---|---:|---:|");
    let _ = writeln!(
        out,
        "| **strict recall**, e-mails, phones, cards, SSNs, IBANs, API keys, every transform | **{}** | ≥ 95 |",
        pct(t.strict_recall())
    );
    let _ = writeln!(
        out,
        "| **strict recall**, invisible characters and homoglyphs only | **{}** | ≥ 99 |",
        pct(s.invisible_homoglyph.strict_recall())
    );
    let _ = writeln!(
        out,
        "| recall (some of the value replaced), every transform | {} | |",
        pct(t.recall())
    );
    let _ = writeln!(
        out,
        "| precision (replacements in the rewritten documents) | {} | |",
        pct(t.precision())
    );
    let _ = writeln!(
        out,
        "| **negatives untouched** (same devices, nothing personal) | **{}** | |",
        pct(s.negatives.negatives_untouched())
    );
    let _ = writeln!(
        out,
        "| **exact round trip** (restore(redact(doc)) == doc, every document) | **{}** | 100 |",
        pct(s.all().round_trip())
    );
    let (kept, measured) = s
        .style
        .values()
        .fold((0, 0), |(a, b), &(k, m)| (a + k, b + m));
    let _ = writeln!(
        out,
        "| style kept by the stand-in (at/dot device, number words, spaced; of the strictly found) | {} | |\n",
        pct(ratio(kept, measured))
    );
    out
}

fn cell(t: Option<&Tally>) -> String {
    match t {
        Some(t) if t.values > 0 => pct(t.strict_recall()),
        _ => "–".into(),
    }
}

/// The per-transform tables: strict recall of every kind under every transform, then the
/// long table with values, recall, strict recall, precision and the style kept.
pub fn tables(s: &AdvScores, docs: &[AdvDoc]) -> String {
    let mut out = String::new();
    let counts = super::counts(docs);
    let kinds: Vec<Target> = Target::STRUCTURED
        .into_iter()
        .chain([Target::Person])
        .collect();
    let _ = write!(
        out,
        "| transform (strict recall) | docs | values | **six kinds** | style kept |"
    );
    for k in &kinds {
        let _ = write!(out, " {k} |");
    }
    out.push_str("\n|---|---:|---:|---:|---:|");
    for _ in &kinds {
        out.push_str("---:|");
    }
    out.push('\n');
    for (ri, r) in RECIPES.iter().enumerate() {
        let t = s.by_recipe.get(&ri).copied().unwrap_or_default();
        let style = s
            .style
            .get(&ri)
            .map_or("–".into(), |&(k, m)| pct(ratio(k, m)));
        let _ = write!(
            out,
            "| {} | {} | {} | **{}** | {} |",
            r.name,
            counts.get(&Some(ri)).map_or(0, |c| c.0),
            t.values,
            pct(t.strict_recall()),
            style
        );
        for k in &kinds {
            let _ = write!(out, " {} |", cell(s.by_recipe_target.get(&(ri, *k))));
        }
        out.push('\n');
    }
    let _ = write!(
        out,
        "| **every transform** | {} | {} | **{}** | |",
        s.transformed.docs,
        s.transformed.values,
        pct(s.transformed.strict_recall())
    );
    for k in &kinds {
        let _ = write!(out, " {} |", cell(s.by_target.get(k)));
    }
    out.push_str("\n\n");
    out.push_str(
        "Person names are rewritten under invisible characters and homoglyphs only and are not \
         in the six-kind figures. Precision per kind is of the replacements the detector gave \
         that kind in the transform's documents (an IBAN's by `bank_account`).\n\n",
    );
    let _ = writeln!(
        out,
        "| transform | kind | values | recall | strict recall | as own kind | replacements | precision |"
    );
    let _ = writeln!(out, "|---|---|---:|---:|---:|---:|---:|---:|");
    for ((ri, k), t) in &s.by_recipe_target {
        // A kind the transform did not rewrite (its replacements are the document's
        // untouched values) is left out.
        if t.values == 0 {
            continue;
        }
        let _ = writeln!(
            out,
            "| {} | {k} | {} | {} | {} | {} | {} | {} |",
            RECIPES[*ri].name,
            t.values,
            pct(t.recall()),
            pct(t.strict_recall()),
            pct(t.same_kind_share()),
            t.true_hits + t.false_hits,
            pct(t.precision())
        );
    }
    out.push('\n');
    out
}

/// Look-alikes of the negatives, the worst misses by transform and kind, and the false
/// replacements.
pub fn gaps(s: &AdvScores, gaps: usize, examples: usize) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "| look-alike in the negatives (must stay) | labelled | replaced |"
    );
    let _ = writeln!(out, "|---|---:|---:|");
    for (k, (n, r)) in &s.traps {
        let _ = writeln!(out, "| {k} | {n} | {r} |");
    }
    out.push('\n');
    let by = groups(s.misses.iter().map(|(ri, t, _)| (*ri, *t)));
    let _ = writeln!(
        out,
        "### Adversarial misses by transform and kind ({} values not strictly replaced)\n",
        s.misses.len()
    );
    let _ = writeln!(
        out,
        "| transform | kind | missed | examples (value — line; invisible characters as ⟨U+…⟩) |"
    );
    let _ = writeln!(out, "|---|---|---:|---|");
    for ((ri, t), idx) in by.iter().take(gaps) {
        let ex: Vec<String> = spread(idx, examples)
            .map(|i| {
                let m = &s.misses[i].2;
                format!(
                    "`{}` ({}, {:.0} %) — {}",
                    md_cell(&m.value),
                    m.locale,
                    m.share * 100.0,
                    md_cell(&m.context)
                )
            })
            .collect();
        let _ = writeln!(
            out,
            "| {} | {t} | {} | {} |",
            RECIPES[*ri].name,
            idx.len(),
            ex.join("<br>")
        );
    }
    out.push('\n');
    let fp = groups(s.false_hits.iter().map(|(ri, h)| {
        let name = ri.map_or("negative", |r| RECIPES[r].name).to_string();
        (name, h.kind.as_str().to_string(), h.class.clone())
    }));
    let _ = writeln!(
        out,
        "### Adversarial false replacements ({} in all)\n",
        s.false_hits.len()
    );
    let _ = writeln!(
        out,
        "| documents | replaced as | what it was | count | examples (replaced — line) |"
    );
    let _ = writeln!(out, "|---|---|---|---:|---|");
    for ((name, kind, class), idx) in fp.iter().take(gaps) {
        let ex: Vec<String> = idx
            .iter()
            .take(examples)
            .map(|&i| {
                let h = &s.false_hits[i].1;
                format!("`{}` — {}", md_cell(&h.value), md_cell(&h.context))
            })
            .collect();
        let _ = writeln!(
            out,
            "| {name} | {kind} | {class} | {} | {} |",
            idx.len(),
            ex.join("<br>")
        );
    }
    out.push('\n');
    if !s.round_trip_failures.is_empty() {
        let _ = writeln!(
            out,
            "Not restored exactly (or refused): {:?}\n",
            s.round_trip_failures
        );
    }
    out
}

/// The whole section.
pub fn markdown(s: &AdvScores, docs: &[AdvDoc], gaps_n: usize, examples: usize) -> String {
    let mut out = summary(s);
    out.push_str(&tables(s, docs));
    out.push_str(&gaps(s, gaps_n, examples));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn invisible_characters_are_shown_in_cells() {
        assert_eq!(md_cell("a\u{200B}b|c"), "a⟨U+200B⟩b\\|c");
    }

    #[test]
    fn an_empty_part_reports_dashes() {
        let s = AdvScores::default();
        let md = markdown(&s, &[], 5, 2);
        assert!(md.contains("| at_dot | 0 | 0 | **–** | – |"), "{md}");
    }
}
