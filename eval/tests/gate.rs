//! The CI gate: the scorer over a fixed subset of the evaluation corpus (every fourth
//! document), against the committed floors in `eval/floors.toml`. A detection change that
//! loses recall, precision, untouched negatives or the exact round trip fails here.
//!
//! The adversarial part (issue 18, `eval/src/adversarial`) has its own gate subset and
//! floors in the same file.
//!
//! After an improvement, raise the floors (the command prints both parts of the file):
//! `cargo run --release -p redact-eval -- --gate --suggest-floors > eval/floors.toml`.

use redact::Redactor;
use redact_eval::adversarial::{self, AdvScores};
use redact_eval::corpus;
use redact_eval::floors::{self, Floors};
use redact_eval::{SEED, report, score};

#[test]
fn the_gate_subset_stays_at_or_above_its_floors() {
    let docs = corpus::load(corpus::default_path()).expect("the corpus is committed");
    assert!(
        docs.len() >= 5000,
        "the corpus holds {} documents",
        docs.len()
    );
    let subset = corpus::gate_subset(&docs);
    let redactor = Redactor::new().with_seed(SEED);
    let runs = score::run_all(&redactor, &subset);
    let scores = score::Scores::of(&subset, &runs);
    let floors = Floors::load(floors::default_path()).expect("eval/floors.toml");
    let problems = floors.check(&scores);
    println!("{}", report::summary(&scores));
    assert!(
        problems.is_empty(),
        "below the committed floors (eval/floors.toml):\n  {}\n\n{}",
        problems.join("\n  "),
        report::gap_list(&scores, 10, 2)
    );
}

/// The adversarial part (issue 18) on its gate subset: the first documents of the same seeded
/// sample per transform and kind (`GATE_PER_KIND`) and every negative; its floors are in the
/// `[adversarial]` and `[adversarial_strict_recall]` tables of `eval/floors.toml`.
#[test]
fn the_adversarial_gate_subset_stays_at_or_above_its_floors() {
    let docs = corpus::load(corpus::default_path()).expect("the corpus is committed");
    let part = adversarial::build(
        &docs,
        adversarial::GATE_PER_KIND,
        adversarial::NEGATIVES,
        SEED,
    );
    // Every transform has values of the structured kinds to rewrite.
    let counts = adversarial::counts(&part);
    for (i, r) in adversarial::transforms::RECIPES.iter().enumerate() {
        assert!(
            counts
                .get(&Some(i))
                .is_some_and(|c| c.0 >= adversarial::GATE_PER_KIND),
            "transform {} has too few documents: {:?}",
            r.name,
            counts.get(&Some(i))
        );
    }
    let redactor = Redactor::new().with_seed(SEED);
    let runs = score::run_all(&redactor, &part.iter().map(|a| &a.doc).collect::<Vec<_>>());
    let scores = AdvScores::of(&part, &runs);
    let floors = Floors::load(floors::default_path()).expect("eval/floors.toml");
    let problems = floors.check_adversarial(&scores);
    println!("{}", adversarial::report::summary(&scores));
    assert!(
        problems.is_empty(),
        "below the committed floors (eval/floors.toml):\n  {}\n\n{}",
        problems.join("\n  "),
        adversarial::report::gaps(&scores, 10, 2)
    );
}

#[test]
fn the_corpus_is_wide_enough() {
    let docs = corpus::load(corpus::default_path()).expect("the corpus is committed");
    let mut locales = std::collections::BTreeSet::new();
    let mut shapes = std::collections::BTreeSet::new();
    let mut negative = 0usize;
    for d in &docs {
        locales.insert(d.locale.as_str());
        shapes.insert(d.shape.as_str());
        negative += usize::from(d.negative);
    }
    assert!(locales.len() >= 30, "{} locales", locales.len());
    assert!(shapes.len() >= 10, "{} shapes", shapes.len());
    assert!(
        negative * 100 >= docs.len() * 15,
        "{negative} of {} negative",
        docs.len()
    );
    // Every identifying kind is in it.
    for k in redact::Kind::ALL {
        assert!(
            docs.iter()
                .flat_map(|d| &d.spans)
                .any(|s| s.role == corpus::Role::Pii(k)),
            "no {k} in the corpus"
        );
    }
}

/// The adversarial part as built from the committed corpus: every label on its rewritten value,
/// the rest of each document as it was, and each rewrite undone by its inverse.
#[test]
fn the_adversarial_part_is_labelled_on_its_rewritten_values() {
    use adversarial::transforms::{RECIPES, Target, is_invisible};
    let docs = corpus::load(corpus::default_path()).expect("the corpus is committed");
    let by_id: std::collections::HashMap<&str, &corpus::Doc> =
        docs.iter().map(|d| (d.id.as_str(), d)).collect();
    let part = adversarial::build(
        &docs,
        adversarial::FULL_PER_KIND,
        adversarial::NEGATIVES,
        SEED,
    );
    let unfull = |c: char| match c as u32 {
        0xFF01..=0xFF5E => char::from_u32(c as u32 - 0xFF01 + 0x21).unwrap_or(c),
        _ => c,
    };
    for a in &part {
        let d = &a.doc;
        assert!(
            d.spans.windows(2).all(|w| w[0].end <= w[1].start),
            "{}: labels overlap",
            d.id
        );
        assert!(
            d.spans.iter().all(|s| s.start < s.end
                && d.text.is_char_boundary(s.start)
                && d.text.is_char_boundary(s.end)),
            "{}: a label off the text",
            d.id
        );
        let Some(ri) = a.recipe else {
            assert!(
                d.negative
                    && !d
                        .spans
                        .iter()
                        .any(|s| matches!(s.role, corpus::Role::Pii(_)))
            );
            continue;
        };
        let recipe = &RECIPES[ri];
        let original = by_id[d.id.split('~').next().unwrap()];
        assert_eq!(original.spans.len(), d.spans.len(), "{}", d.id);
        assert!(
            a.values.iter().any(|v| v.target != Target::Person),
            "{}",
            d.id
        );
        // Outside the labels the text is the original's (a glued label aside).
        let outside = |doc: &corpus::Doc| {
            let mut out = Vec::new();
            let mut last = 0;
            for s in &doc.spans {
                out.push(doc.text[last..s.start].to_string());
                last = s.end;
            }
            out.push(doc.text[last..].to_string());
            out
        };
        let (was, now) = (outside(original), outside(d));
        for (w, n) in was.iter().zip(&now) {
            if recipe.name.contains("glued_label") {
                assert!(n.starts_with(w.as_str()), "{}: {w:?} / {n:?}", d.id);
            } else {
                assert_eq!(w, n, "{}", d.id);
            }
        }
        for v in &a.values {
            let s = &d.spans[v.span];
            let value = &d.text[s.start..s.end];
            assert_eq!(
                original.spans[v.span].role, s.role,
                "{}: the label kept its kind",
                d.id
            );
            let visible: String = value.chars().filter(|c| !is_invisible(*c)).collect();
            match recipe.name {
                "zero_width" | "bidi" => assert_eq!(visible, v.original, "{}", d.id),
                "fullwidth" => {
                    assert_eq!(value.chars().map(unfull).collect::<String>(), v.original)
                }
                "homoglyph" | "zero_width+homoglyph" => {
                    assert_eq!(
                        visible.chars().count(),
                        v.original.chars().count(),
                        "{}",
                        d.id
                    )
                }
                // A glued label may leave the value as it was (the label is outside it).
                "glued_label" => {}
                _ => assert_ne!(value, v.original, "{}", d.id),
            }
        }
    }
}
