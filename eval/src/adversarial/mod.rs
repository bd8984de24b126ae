//! The adversarial part of the corpus (issue 18): the structured values of the committed
//! corpus rewritten the way people write to dodge a filter (`jane [at] example [dot] com`,
//! number words, zero-width and bidi characters, fullwidth forms, Cyrillic and Greek
//! look-alikes, labels glued to digits, spaced digits, and combinations), labelled on the
//! rewritten span; and short texts with nothing personal that use the same devices.
//!
//! Nothing is committed: the part is derived at load time from `eval/corpus/corpus.jsonl.gz`
//! with a fixed seed, so it is the same on every machine. For every transform and every kind
//! (e-mail, phone, card, SSN, IBAN, API key) a seeded sample of the documents holding a value
//! it applies to is taken (`per_kind` documents at most); in a chosen document every value of
//! those kinds the transform applies to is rewritten (names of people too, under invisible
//! characters and homoglyphs only), and the rest of the document is left as it was.

pub mod negatives;
pub mod report;
pub mod transforms;

use std::collections::{BTreeMap, BTreeSet, HashMap};

use redact::Kind;

use crate::corpus::{Doc, Role, Span};
use crate::score::{self, DocRun, FalseHit, Hit, Miss, Tally};
use transforms::{RECIPES, Recipe, Rng, Style, Target};

/// Documents per transform and kind in the full adversarial part (`--adversarial`).
pub const FULL_PER_KIND: usize = 40;
/// Documents per transform and kind in the gate's subset (the first of the same sample).
pub const GATE_PER_KIND: usize = 8;
/// Negative documents (the same in the full part and the gate).
pub const NEGATIVES: usize = 200;

/// One rewritten value of an adversarial document.
#[derive(Clone, Debug)]
pub struct Value {
    /// Index of its label in the document's spans.
    pub span: usize,
    /// Its kind.
    pub target: Target,
    /// The style a stand-in should keep, where measurable.
    pub style: Option<Style>,
    /// The value before the rewrite.
    pub original: String,
}

/// A document of the adversarial part.
#[derive(Clone, Debug)]
pub struct AdvDoc {
    /// The rewritten document (id `<corpus id>~<transform>`), or a negative (`neg-NNNN`).
    pub doc: Doc,
    /// Index in [`RECIPES`] of its transform; `None` for a negative.
    pub recipe: Option<usize>,
    /// The rewritten values.
    pub values: Vec<Value>,
}

/// Rewrites `values` of `doc` by `recipe` (every value the recipe applies to), shifting every
/// label; `None` when nothing applied.
pub fn rewrite(doc: &Doc, ri: usize, seed: u64) -> Option<AdvDoc> {
    let recipe = &RECIPES[ri];
    let mut rng = Rng::for_key(seed, &format!("{}~{}", doc.id, recipe.name));
    // The same value written twice in a document is rewritten the same way.
    let mut done: HashMap<(String, Target), Option<transforms::Rewrite>> = HashMap::new();
    let mut text = String::with_capacity(doc.text.len() + doc.text.len() / 8);
    let mut spans = Vec::with_capacity(doc.spans.len());
    let mut values = Vec::new();
    let mut last = 0;
    for s in &doc.spans {
        let original = &doc.text[s.start..s.end];
        let target = match &s.role {
            Role::Pii(k) => Target::of(*k, original)
                .filter(|t| t.structured() || recipe.invisible_or_homoglyph()),
            _ => None,
        };
        text.push_str(&doc.text[last..s.start]);
        last = s.end;
        let rw = target.and_then(|t| {
            done.entry((original.to_string(), t))
                .or_insert_with(|| transforms::apply(recipe, t, original, &doc.locale, &mut rng))
                .clone()
        });
        match (rw, target) {
            (Some(rw), Some(t)) => {
                text.push_str(&rw.prefix);
                let start = text.len();
                text.push_str(&rw.value);
                values.push(Value {
                    span: spans.len(),
                    target: t,
                    style: rw.style,
                    original: original.to_string(),
                });
                spans.push(Span {
                    start,
                    end: text.len(),
                    role: s.role.clone(),
                });
            }
            _ => {
                let start = text.len();
                text.push_str(original);
                spans.push(Span {
                    start,
                    end: text.len(),
                    role: s.role.clone(),
                });
            }
        }
    }
    text.push_str(&doc.text[last..]);
    if !values.iter().any(|v| v.target.structured()) {
        return None;
    }
    Some(AdvDoc {
        doc: Doc {
            id: format!("{}~{}", doc.id, recipe.name),
            locale: doc.locale.clone(),
            shape: doc.shape.clone(),
            template: doc.template.clone(),
            negative: false,
            text,
            spans,
        },
        recipe: Some(ri),
        values,
    })
}

/// The adversarial part: for every transform and structured kind, up to `per_kind` documents
/// (a seeded sample of those with a value it applies to) rewritten, then `negatives` texts
/// with nothing personal. The same `seed` gives the same part; a smaller `per_kind` gives the
/// first documents of the same sample.
pub fn build(corpus: &[Doc], per_kind: usize, negatives: usize, seed: u64) -> Vec<AdvDoc> {
    let mut out = Vec::new();
    let probe_rng = || Rng::new(0);
    for (ri, recipe) in RECIPES.iter().enumerate() {
        let mut chosen = BTreeSet::new();
        for target in Target::STRUCTURED {
            let mut candidates: Vec<(u64, usize)> = corpus
                .iter()
                .enumerate()
                .filter(|(_, d)| !d.negative)
                .filter(|(_, d)| {
                    d.spans.iter().any(|s| match &s.role {
                        Role::Pii(k) => {
                            let v = &d.text[s.start..s.end];
                            Target::of(*k, v) == Some(target)
                                && transforms::apply(recipe, target, v, &d.locale, &mut probe_rng())
                                    .is_some()
                        }
                        _ => false,
                    })
                })
                .map(|(i, d)| {
                    let key = format!("{seed}~{}~{}~{}", recipe.name, target, d.id);
                    (transforms::fnv(&key), i)
                })
                .collect();
            candidates.sort_unstable();
            chosen.extend(candidates.iter().take(per_kind).map(|&(_, i)| i));
        }
        out.extend(
            chosen
                .into_iter()
                .filter_map(|i| rewrite(&corpus[i], ri, seed)),
        );
    }
    out.extend(
        negatives::negatives(negatives, seed)
            .into_iter()
            .map(|doc| AdvDoc {
                doc,
                recipe: None,
                values: Vec::new(),
            }),
    );
    out
}

/// Everything measured on the adversarial part.
#[derive(Clone, Debug, Default)]
pub struct AdvScores {
    /// Per transform (index in [`RECIPES`]): recall of the six structured kinds, precision of
    /// every replacement in its documents, documents and round trips.
    pub by_recipe: BTreeMap<usize, Tally>,
    /// Per transform and kind: recall of its values, precision of the replacements of its
    /// kind (an IBAN's by `bank_account`).
    pub by_recipe_target: BTreeMap<(usize, Target), Tally>,
    /// Per kind over every transform.
    pub by_target: BTreeMap<Target, Tally>,
    /// Per transform: (stand-ins that kept the style, strictly found values with a
    /// measurable style).
    pub style: BTreeMap<usize, (u64, u64)>,
    /// The six structured kinds under every transform.
    pub transformed: Tally,
    /// The six structured kinds under invisible characters and homoglyphs only.
    pub invisible_homoglyph: Tally,
    /// The negatives.
    pub negatives: Tally,
    /// Look-alikes of the negatives: (labelled, replaced) by class.
    pub traps: BTreeMap<String, (u64, u64)>,
    /// Values not strictly replaced, with their transform and kind.
    pub misses: Vec<(usize, Target, Miss)>,
    /// False replacements, with their transform (`None`: in a negative).
    pub false_hits: Vec<(Option<usize>, FalseHit)>,
    /// Documents that did not restore exactly (or were refused).
    pub round_trip_failures: Vec<String>,
    /// Characters scored.
    pub chars: u64,
}

impl AdvScores {
    /// Scores the adversarial documents with their runs (same order).
    pub fn of(docs: &[AdvDoc], runs: &[DocRun]) -> AdvScores {
        let mut s = AdvScores::default();
        for (d, r) in docs.iter().zip(runs) {
            s.add(d, r);
        }
        s
    }

    /// Every document, transformed and negative.
    pub fn all(&self) -> Tally {
        Tally {
            docs: self.transformed.docs + self.negatives.docs,
            round_trips: self.transformed.round_trips + self.negatives.round_trips,
            ..Tally::default()
        }
    }

    /// Adds one document's outcome.
    pub fn add(&mut self, a: &AdvDoc, run: &DocRun) {
        let doc = &a.doc;
        self.chars += doc.text.chars().count() as u64;
        if !run.round_trip {
            self.round_trip_failures.push(doc.id.clone());
        }
        let base = Tally {
            docs: 1,
            round_trips: u64::from(run.round_trip),
            ..Tally::default()
        };
        let Some(ri) = a.recipe else {
            let mut t = base;
            t.negative_docs = 1;
            t.negative_untouched = u64::from(run.findings.is_empty() && run.error.is_none());
            for sp in &doc.spans {
                if let Role::Trap(c) = &sp.role {
                    let cov = score::coverage(&doc.text, sp.start, sp.end, &run.findings);
                    let e = self.traps.entry(c.clone()).or_default();
                    e.0 += 1;
                    e.1 += u64::from(cov.touched());
                }
            }
            for f in &run.findings {
                if let Hit::False(class) = score::hit(doc, f) {
                    t.false_hits += 1;
                    self.false_hits.push((None, false_hit(doc, f, class)));
                }
            }
            score::merge(&mut self.negatives, &t);
            return;
        };
        let recipe = &RECIPES[ri];
        let mut doc_t = base;
        for v in &a.values {
            let sp = &doc.spans[v.span];
            let cov = score::coverage(&doc.text, sp.start, sp.end, &run.findings);
            let kind = v.target.kind();
            let t = Tally {
                values: 1,
                touched: u64::from(cov.touched()),
                strict: u64::from(cov.strict()),
                same_kind: u64::from(cov.strict() && cov.by == Some(kind)),
                ..Tally::default()
            };
            score::merge(self.by_recipe_target.entry((ri, v.target)).or_default(), &t);
            score::merge(self.by_target.entry(v.target).or_default(), &t);
            if v.target.structured() {
                score::merge(&mut doc_t, &t);
                if recipe.invisible_or_homoglyph() {
                    score::merge(&mut self.invisible_homoglyph, &t);
                }
            }
            if let (Some(style), true) = (&v.style, cov.strict()) {
                let e = self.style.entry(ri).or_default();
                e.1 += 1;
                e.0 += u64::from(main_stand_in(sp, run).is_some_and(|s| style.kept_by(s)));
            }
            if !cov.strict() {
                self.misses.push((
                    ri,
                    v.target,
                    Miss {
                        doc: doc.id.clone(),
                        kind,
                        shape: doc.shape.clone(),
                        locale: doc.locale.clone(),
                        value: doc.text[sp.start..sp.end].to_string(),
                        context: score::line_around(&doc.text, sp.start, sp.end),
                        share: cov.share,
                    },
                ));
            }
        }
        for f in &run.findings {
            let (tp, fp) = match score::hit(doc, f) {
                Hit::Pii => (1, 0),
                Hit::Neutral => (0, 0),
                Hit::False(class) => {
                    self.false_hits.push((Some(ri), false_hit(doc, f, class)));
                    (0, 1)
                }
            };
            doc_t.true_hits += tp;
            doc_t.false_hits += fp;
            let target = match f.kind {
                Kind::Email => Some(Target::Email),
                Kind::Phone => Some(Target::Phone),
                Kind::CardNumber => Some(Target::Card),
                Kind::Ssn => Some(Target::Ssn),
                Kind::BankAccount => Some(Target::Iban),
                Kind::ApiKey => Some(Target::ApiKey),
                Kind::Person if recipe.invisible_or_homoglyph() => Some(Target::Person),
                _ => None,
            };
            if let Some(t) = target {
                let e = self.by_recipe_target.entry((ri, t)).or_default();
                e.true_hits += tp;
                e.false_hits += fp;
                let e = self.by_target.entry(t).or_default();
                e.true_hits += tp;
                e.false_hits += fp;
            }
        }
        score::merge(self.by_recipe.entry(ri).or_default(), &doc_t);
        score::merge(&mut self.transformed, &doc_t);
    }
}

/// The stand-in of the finding that covers most of the labelled span.
fn main_stand_in<'r>(sp: &Span, run: &'r DocRun) -> Option<&'r str> {
    let (i, _) = run
        .findings
        .iter()
        .enumerate()
        .filter(|(_, f)| f.start < sp.end && sp.start < f.end)
        .map(|(i, f)| (i, f.end.min(sp.end) - f.start.max(sp.start)))
        .max_by_key(|&(i, n)| (n, usize::MAX - i))?;
    run.stand_ins.get(i).map(String::as_str)
}

fn false_hit(doc: &Doc, f: &redact::Finding, class: String) -> FalseHit {
    FalseHit {
        doc: doc.id.clone(),
        kind: f.kind,
        class,
        shape: doc.shape.clone(),
        value: doc.text[f.start..f.end].to_string(),
        context: score::line_around(&doc.text, f.start, f.end),
    }
}

/// Per recipe: documents and values rewritten (of the six kinds, and names).
pub fn counts(docs: &[AdvDoc]) -> BTreeMap<Option<usize>, (usize, BTreeMap<Target, usize>)> {
    let mut out: BTreeMap<Option<usize>, (usize, BTreeMap<Target, usize>)> = BTreeMap::new();
    for d in docs {
        let e = out.entry(d.recipe).or_default();
        e.0 += 1;
        for v in &d.values {
            *e.1.entry(v.target).or_default() += 1;
        }
    }
    out
}

/// The recipe of a document, for drilling (`None`: a negative).
pub fn recipe_of(a: &AdvDoc) -> Option<&'static Recipe> {
    a.recipe.map(|i| &RECIPES[i])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::score::Coverage;
    use redact::Finding;

    fn doc() -> Doc {
        let text = "Hi Jane Doe, mail jane@example.org or call 415-867-2210 (order 4411). Bye";
        let at = |v: &str| {
            let s = text.find(v).unwrap();
            (s, s + v.len())
        };
        let span = |v: &str, role: Role| {
            let (start, end) = at(v);
            Span { start, end, role }
        };
        Doc {
            id: "00001".into(),
            locale: "en_US".into(),
            shape: "prose".into(),
            template: "t".into(),
            negative: false,
            text: text.into(),
            spans: vec![
                span("Jane Doe", Role::Pii(Kind::Person)),
                span("jane@example.org", Role::Pii(Kind::Email)),
                span("415-867-2210", Role::Pii(Kind::Phone)),
                span("4411", Role::Trap("order_id".into())),
            ],
        }
    }

    fn ri(name: &str) -> usize {
        RECIPES.iter().position(|r| r.name == name).unwrap()
    }

    #[test]
    fn a_rewrite_keeps_every_label_on_its_text() {
        let d = doc();
        for (i, r) in RECIPES.iter().enumerate() {
            let a = rewrite(&d, i, 7).unwrap_or_else(|| panic!("{}", r.name));
            assert_eq!(a.doc.spans.len(), 4);
            // Text outside the labels is kept, in order.
            assert!(a.doc.text.starts_with("Hi "), "{}", a.doc.text);
            assert!(a.doc.text.ends_with("). Bye"), "{}", a.doc.text);
            assert_eq!(
                &a.doc.text[a.doc.spans[3].start..a.doc.spans[3].end],
                "4411"
            );
            for v in &a.values {
                let sp = &a.doc.spans[v.span];
                assert_ne!(&a.doc.text[sp.start..sp.end], v.original, "{}", r.name);
            }
            // Names only under invisible characters and homoglyphs.
            let names = a.values.iter().any(|v| v.target == Target::Person);
            assert_eq!(names, r.invisible_or_homoglyph(), "{}", r.name);
        }
        let a = rewrite(&d, ri("at_dot"), 7).unwrap();
        assert_eq!(a.values.len(), 1);
        let a = rewrite(&d, ri("glued_label"), 7).unwrap();
        assert_eq!(a.values[0].target, Target::Phone);
        let sp = &a.doc.spans[2];
        // The glued label sits right before the label, outside it.
        assert!(a.doc.text[..sp.start].ends_with(|c: char| !c.is_whitespace()));
    }

    #[test]
    fn the_part_is_reproducible_and_the_gate_part_is_inside_the_full_part() {
        let mut corpus = Vec::new();
        for i in 0..30 {
            let mut d = doc();
            d.id = format!("{i:05}");
            corpus.push(d);
        }
        let a = build(&corpus, 5, 10, 7);
        let b = build(&corpus, 5, 10, 7);
        assert_eq!(a.len(), b.len());
        assert!(a.iter().zip(&b).all(|(x, y)| x.doc.text == y.doc.text));
        let small = build(&corpus, 2, 10, 7);
        let big: BTreeSet<&str> = a.iter().map(|d| d.doc.id.as_str()).collect();
        assert!(small.iter().all(|d| big.contains(d.doc.id.as_str())));
        let c = counts(&a);
        assert_eq!(c[&None].0, 10);
        assert_eq!(c[&Some(ri("at_dot"))].0, 5);
    }

    #[test]
    fn scores_count_the_rewritten_values_style_and_negatives() {
        let d = doc();
        let a = rewrite(&d, ri("at_dot"), 7).unwrap();
        let sp = &a.doc.spans[a.values[0].span];
        let Some(Style::Device(device)) = a.values[0].style.clone() else {
            panic!()
        };
        let run = DocRun {
            findings: vec![Finding::new(sp.start, sp.end, Kind::Email, "t")],
            stand_ins: vec![format!("mark{device}example.com")],
            round_trip: true,
            error: None,
        };
        let neg = &negatives::negatives(1, 7)[0];
        let neg = AdvDoc {
            doc: neg.clone(),
            recipe: None,
            values: vec![],
        };
        let clean = DocRun {
            findings: vec![],
            stand_ins: vec![],
            round_trip: true,
            error: None,
        };
        let s = AdvScores::of(&[a.clone(), neg], &[run, clean]);
        let t = s.by_recipe[&ri("at_dot")];
        assert_eq!((t.values, t.strict, t.true_hits), (1, 1, 1));
        assert_eq!(s.style[&ri("at_dot")], (1, 1));
        assert_eq!(s.negatives.negatives_untouched(), Some(1.0));
        assert_eq!(s.all().round_trip(), Some(1.0));
        assert_eq!(s.all().docs, 2);
        let c: Coverage = score::coverage(&a.doc.text, sp.start, sp.end, &[]);
        assert!(!c.touched());
    }
}
