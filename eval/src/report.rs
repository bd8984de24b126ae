//! The report: tables per kind, shape and locale, and the gap list (worst misses and false
//! replacements by class).

use std::collections::BTreeMap;
use std::fmt::Write;

use redact::Kind;

use crate::score::{Scores, Tally};

pub(crate) fn pct(v: Option<f64>) -> String {
    v.map_or_else(|| "–".into(), |v| format!("{:.1}", v * 100.0))
}

fn md_cell(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '|' => out.push_str("\\|"),
            '`' => out.push('\''),
            '\n' | '\r' | '\t' => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

fn group_table(out: &mut String, title: &str, groups: &BTreeMap<String, Tally>) {
    let _ = writeln!(
        out,
        "| {title} | docs | values | recall | strict recall | precision | negatives untouched |"
    );
    let _ = writeln!(out, "|---|---:|---:|---:|---:|---:|---:|");
    for (name, t) in groups {
        let _ = writeln!(
            out,
            "| {name} | {} | {} | {} | {} | {} | {} |",
            t.docs,
            t.values,
            pct(t.recall()),
            pct(t.strict_recall()),
            pct(t.precision()),
            pct(t.negatives_untouched()),
        );
    }
    out.push('\n');
}

/// The whole report in Markdown. `gaps` is how many classes of misses and of false
/// replacements to list, `examples` how many examples of each.
pub fn markdown(s: &Scores, gaps: usize, examples: usize) -> String {
    let mut out = summary(s);
    out.push_str(&kind_by_shape(s));
    out.push_str(&kind_by_locale(s));
    group_table(&mut out, "shape", &s.by_shape);
    group_table(&mut out, "locale", &s.by_locale);

    let _ = writeln!(out, "| look-alike that must stay | labelled | replaced |");
    let _ = writeln!(out, "|---|---:|---:|");
    for (k, (n, r)) in &s.traps {
        let _ = writeln!(out, "| {k} | {n} | {r} |");
    }
    out.push('\n');
    let _ = writeln!(out, "| neutral (may stay or go) | labelled | replaced |");
    let _ = writeln!(out, "|---|---:|---:|");
    for (k, (n, r)) in &s.neutral {
        let _ = writeln!(out, "| {k} | {n} | {r} |");
    }
    out.push('\n');
    out.push_str(&gap_list(s, gaps, examples));
    out
}

/// The overall and per-kind tables.
pub fn summary(s: &Scores) -> String {
    let mut out = String::new();
    let o = &s.overall;
    let _ = writeln!(
        out,
        "Documents {} ({} with nothing personal), {} characters, {} labelled values.\n",
        o.docs, o.negative_docs, s.chars, o.values
    );
    let _ = writeln!(out, "| overall | figure |");
    let _ = writeln!(out, "|---|---:|");
    let _ = writeln!(
        out,
        "| recall (some of the value replaced) | {} |",
        pct(o.recall())
    );
    let _ = writeln!(
        out,
        "| **strict recall** (≥ 90 % of its letters and digits replaced) | **{}** |",
        pct(o.strict_recall())
    );
    let _ = writeln!(
        out,
        "| **precision** (replacements that hit a labelled value) | **{}** |",
        pct(o.precision())
    );
    let _ = writeln!(
        out,
        "| **negatives untouched** (texts with nothing personal left as they were) | **{}** |",
        pct(o.negatives_untouched())
    );
    let _ = writeln!(
        out,
        "| exact round trip through restore | {} |",
        pct(o.round_trip())
    );
    let _ = writeln!(
        out,
        "| replaced as their own kind (of the strictly found) | {} |\n",
        pct(o.same_kind_share())
    );

    let _ = writeln!(
        out,
        "| kind | values | recall | strict recall | as own kind | replacements | precision |"
    );
    let _ = writeln!(out, "|---|---:|---:|---:|---:|---:|---:|");
    for (k, t) in &s.by_kind {
        let _ = writeln!(
            out,
            "| {k} | {} | {} | {} | {} | {} | {} |",
            t.values,
            pct(t.recall()),
            pct(t.strict_recall()),
            pct(t.same_kind_share()),
            t.true_hits + t.false_hits,
            pct(t.precision()),
        );
    }
    out.push('\n');
    out
}

/// A table header: the corner, then one right-aligned column per name.
fn table_head<T: std::fmt::Display>(out: &mut String, corner: &str, columns: &[T]) {
    let _ = write!(out, "| {corner} |");
    for c in columns {
        let _ = write!(out, " {c} |");
    }
    out.push_str("\n|---|");
    for _ in columns {
        out.push_str("---:|");
    }
    out.push('\n');
}

/// ` strict / precision |` of a tally, with `digits` decimals and `*` after a figure under
/// `mark` (when given); `–` where nothing was labelled or replaced.
fn tally_cell(out: &mut String, t: Tally, digits: usize, mark: Option<f64>) {
    let cell = |v: Option<f64>| {
        v.map_or_else(
            || "–".to_string(),
            |v| {
                let star = if mark.is_some_and(|m| v < m) { "*" } else { "" };
                format!("{:.digits$}{star}", v * 100.0)
            },
        )
    };
    let _ = write!(
        out,
        " {} / {} |",
        cell(t.strict_recall()),
        cell(t.precision())
    );
}

/// Strict recall and precision of every kind in every shape (`strict / precision`, `–` where
/// nothing was labelled or replaced).
pub fn kind_by_shape(s: &Scores) -> String {
    let mut out = String::new();
    let shapes: Vec<&String> = s.by_shape.keys().collect();
    table_head(&mut out, "strict recall / precision", &shapes);
    for k in s.by_kind.keys() {
        let _ = write!(out, "| {k} |");
        for sh in &shapes {
            let t = s.by_kind_shape.get(&(*k, (*sh).clone())).copied();
            tally_cell(&mut out, t.unwrap_or_default(), 0, None);
        }
        out.push('\n');
    }
    out.push('\n');
    out
}

/// Strict recall and precision of the kinds whose figures depend most on the country
/// (people, streets, postcodes), in every locale; `*` marks a figure under 97.
pub fn kind_by_locale(s: &Scores) -> String {
    let kinds = [Kind::Person, Kind::StreetAddress, Kind::Postcode];
    let mut out = String::new();
    table_head(&mut out, "locale (strict recall / precision)", &kinds);
    for locale in s.by_locale.keys() {
        let _ = write!(out, "| {locale} |");
        for k in kinds {
            let t = s.by_kind_locale.get(&(k, locale.clone())).copied();
            tally_cell(&mut out, t.unwrap_or_default(), 1, Some(0.97));
        }
        out.push('\n');
    }
    out.push('\n');
    out
}

/// The worst misses and false replacements by class, largest class first.
pub fn gap_list(s: &Scores, gaps: usize, examples: usize) -> String {
    let mut out = String::new();
    let misses = groups(
        s.misses
            .iter()
            .map(|m| (m.kind.as_str().to_string(), m.shape.clone())),
    );
    let _ = writeln!(
        out,
        "### Worst misses by class ({} values not strictly replaced)\n",
        s.misses.len()
    );
    let _ = writeln!(out, "| kind | shape | missed | examples (value — line) |");
    let _ = writeln!(out, "|---|---|---:|---|");
    for ((kind, shape), idx) in misses.iter().take(gaps) {
        let ex: Vec<String> = spread(idx, examples)
            .map(|i| {
                let m = &s.misses[i];
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
            "| {kind} | {shape} | {} | {} |",
            idx.len(),
            ex.join("<br>")
        );
    }
    out.push('\n');

    let fps = groups(
        s.false_hits
            .iter()
            .map(|h| (h.kind.as_str().to_string(), h.class.clone())),
    );
    let _ = writeln!(
        out,
        "### False replacements by class ({} in all)\n",
        s.false_hits.len()
    );
    let _ = writeln!(
        out,
        "| replaced as | what it was | count | examples (replaced — line) |"
    );
    let _ = writeln!(out, "|---|---|---:|---|");
    for ((kind, class), idx) in fps.iter().take(gaps) {
        let ex: Vec<String> = spread(idx, examples)
            .map(|i| {
                let h = &s.false_hits[i];
                format!(
                    "`{}` ({}) — {}",
                    md_cell(&h.value),
                    h.shape,
                    md_cell(&h.context)
                )
            })
            .collect();
        let _ = writeln!(
            out,
            "| {kind} | {class} | {} | {} |",
            idx.len(),
            ex.join("<br>")
        );
    }
    out.push('\n');
    if !s.errors.is_empty() || !s.round_trip_failures.is_empty() {
        let _ = writeln!(
            out,
            "Refused: {:?}; not restored exactly: {:?}\n",
            s.errors
                .iter()
                .map(|(d, e)| format!("{d}: {e}"))
                .collect::<Vec<_>>(),
            s.round_trip_failures
        );
    }
    out
}

/// The indices of `keys` grouped by key, largest group first (then by key).
pub(crate) fn groups<K: Ord>(keys: impl IntoIterator<Item = K>) -> Vec<(K, Vec<usize>)> {
    let mut by: BTreeMap<K, Vec<usize>> = BTreeMap::new();
    for (i, k) in keys.into_iter().enumerate() {
        by.entry(k).or_default().push(i);
    }
    let mut by: Vec<_> = by.into_iter().collect();
    by.sort_by(|a, b| b.1.len().cmp(&a.1.len()).then(a.0.cmp(&b.0)));
    by
}

/// Up to `n` indices spread over `idx` (so examples are not all from one document).
pub(crate) fn spread(idx: &[usize], n: usize) -> impl Iterator<Item = usize> + '_ {
    let step = (idx.len() / n.max(1)).max(1);
    idx.iter().copied().step_by(step).take(n)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_mark_figures_under_the_mark_and_show_empty_tallies() {
        let t = Tally {
            values: 100,
            strict: 96,
            true_hits: 50,
            ..Tally::default()
        };
        let mut out = String::new();
        tally_cell(&mut out, t, 1, Some(0.97));
        assert_eq!(out, " 96.0* / 100.0 |");
        out.clear();
        tally_cell(&mut out, t, 0, None);
        assert_eq!(out, " 96 / 100 |");
        out.clear();
        tally_cell(&mut out, Tally::default(), 1, Some(0.97));
        assert_eq!(out, " – / – |");
        out.clear();
        table_head(&mut out, "locale", &["a", "b"]);
        assert_eq!(out, "| locale | a | b |\n|---|---:|---:|\n");
    }
}
