//! Scoring: runs the library over documents and counts, per value and per replacement, what
//! was found, missed and wrongly replaced.

use std::collections::BTreeMap;

use redact::{Finding, Kind, RedactOptions, Redactor};

use crate::corpus::{Doc, Role};

/// What the redactor did with one document.
#[derive(Clone, Debug)]
pub struct DocRun {
    /// The replaced regions (byte spans in the document's text), sorted and disjoint.
    pub findings: Vec<Finding>,
    /// The stand-in that replaced each finding (same order; empty when refused).
    pub stand_ins: Vec<String>,
    /// `restore(redact(text)) == text`.
    pub round_trip: bool,
    /// The redaction was refused (the error's text).
    pub error: Option<String>,
}

/// Redacts a document with a fixed seed and restores the result.
pub fn run(redactor: &Redactor, doc: &Doc) -> DocRun {
    match redactor.redact_detailed(&doc.text, &RedactOptions::default()) {
        Ok((r, findings)) => DocRun {
            round_trip: redactor.restore(&r.text, &r.map).text == doc.text,
            stand_ins: findings
                .iter()
                .map(|f| {
                    let real = f.slice(&doc.text);
                    r.map.stand_in_for(real).unwrap_or(real).to_string()
                })
                .collect(),
            findings,
            error: None,
        },
        Err(e) => DocRun {
            findings: Vec::new(),
            stand_ins: Vec::new(),
            round_trip: false,
            error: Some(e.to_string()),
        },
    }
}

/// Runs every document, on all cores; results in the documents' order.
pub fn run_all(redactor: &Redactor, docs: &[&Doc]) -> Vec<DocRun> {
    let threads = std::thread::available_parallelism()
        .map(|n| n.get())
        .unwrap_or(1)
        .clamp(1, 8);
    let chunk = docs.len().div_ceil(threads).max(1);
    std::thread::scope(|s| {
        let handles: Vec<_> = docs
            .chunks(chunk)
            .map(|part| s.spawn(move || part.iter().map(|d| run(redactor, d)).collect::<Vec<_>>()))
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().unwrap_or_default())
            .collect()
    })
}

/// How much of one labelled value was replaced.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Coverage {
    /// Share of the value's letters and digits inside replaced regions (0..=1).
    pub share: f64,
    /// The kind of the finding covering most of the value, if any.
    pub by: Option<Kind>,
}

impl Coverage {
    /// Some letter or digit of the value was replaced.
    pub fn touched(&self) -> bool {
        self.share > 0.0
    }

    /// At least 90 % of the value's letters and digits were replaced.
    pub fn strict(&self) -> bool {
        self.share >= 0.9
    }
}

/// The coverage of `start..end` of `text` by `findings` (sorted, disjoint).
pub fn coverage(text: &str, start: usize, end: usize, findings: &[Finding]) -> Coverage {
    let value = &text[start..end];
    let significant = |c: char| c.is_alphanumeric();
    let total = value.chars().filter(|&c| significant(c)).count();
    let mut covered = 0usize;
    let mut best: Option<(usize, Kind)> = None;
    for f in findings.iter().filter(|f| f.start < end && start < f.end) {
        let (s, e) = (f.start.max(start), f.end.min(end));
        let n = text[s..e].chars().filter(|&c| significant(c)).count();
        covered += n;
        if best.is_none_or(|(b, _)| n > b) {
            best = Some((n, f.kind));
        }
    }
    let share = if total == 0 {
        // A value of punctuation only: covered when any finding overlaps it.
        if best.is_some() { 1.0 } else { 0.0 }
    } else {
        covered as f64 / total as f64
    };
    Coverage {
        share,
        by: best.filter(|&(n, _)| n > 0 || total == 0).map(|(_, k)| k),
    }
}

/// What a replacement hit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Hit {
    /// A labelled identifying value.
    Pii,
    /// Only values that may stay or go (a city, a company).
    Neutral,
    /// Nothing identifying: a false replacement, named by the look-alike it hit
    /// (`order_id`, `version`, …) or `unlabelled`.
    False(String),
}

/// What the replacement `f` hit in `doc`.
pub fn hit(doc: &Doc, f: &Finding) -> Hit {
    let mut neutral = false;
    let mut trap = None;
    for s in doc
        .spans
        .iter()
        .filter(|s| s.start < f.end && f.start < s.end)
    {
        match &s.role {
            Role::Pii(_) => return Hit::Pii,
            Role::Neutral(_) => neutral = true,
            Role::Trap(t) => {
                trap.get_or_insert_with(|| t.clone());
            }
        }
    }
    match (trap, neutral) {
        (Some(t), _) => Hit::False(t),
        (None, true) => Hit::Neutral,
        (None, false) => Hit::False("unlabelled".into()),
    }
}

/// Counts for one group (a kind, a shape, a locale, everything).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Tally {
    /// Documents.
    pub docs: u64,
    /// Labelled identifying values.
    pub values: u64,
    /// Values with some letter or digit replaced.
    pub touched: u64,
    /// Values with at least 90 % replaced.
    pub strict: u64,
    /// Strictly found values whose main replacement has the labelled kind.
    pub same_kind: u64,
    /// Replacements that hit an identifying value.
    pub true_hits: u64,
    /// Replacements that hit nothing identifying (and no neutral value).
    pub false_hits: u64,
    /// Documents with nothing personal.
    pub negative_docs: u64,
    /// Of those, left without any replacement.
    pub negative_untouched: u64,
    /// Documents whose redaction restored exactly.
    pub round_trips: u64,
}

fn ratio(n: u64, d: u64) -> Option<f64> {
    (d > 0).then(|| n as f64 / d as f64)
}

impl Tally {
    /// Share of values touched.
    pub fn recall(&self) -> Option<f64> {
        ratio(self.touched, self.values)
    }
    /// Share of values at least 90 % replaced.
    pub fn strict_recall(&self) -> Option<f64> {
        ratio(self.strict, self.values)
    }
    /// Share of replacements that hit an identifying value.
    pub fn precision(&self) -> Option<f64> {
        ratio(self.true_hits, self.true_hits + self.false_hits)
    }
    /// Share of negative documents left untouched.
    pub fn negatives_untouched(&self) -> Option<f64> {
        ratio(self.negative_untouched, self.negative_docs)
    }
    /// Share of documents that restored exactly.
    pub fn round_trip(&self) -> Option<f64> {
        ratio(self.round_trips, self.docs)
    }
    /// Of the strictly found values, the share replaced as their own kind.
    pub fn same_kind_share(&self) -> Option<f64> {
        ratio(self.same_kind, self.strict)
    }
}

/// A value left (or half left) in place.
#[derive(Clone, Debug)]
pub struct Miss {
    /// Document id.
    pub doc: String,
    /// Labelled kind.
    pub kind: Kind,
    /// Document shape.
    pub shape: String,
    /// Locale.
    pub locale: String,
    /// The value.
    pub value: String,
    /// The line around it.
    pub context: String,
    /// Share replaced.
    pub share: f64,
}

/// A replacement of something not identifying.
#[derive(Clone, Debug)]
pub struct FalseHit {
    /// Document id.
    pub doc: String,
    /// Kind the detector gave it.
    pub kind: Kind,
    /// The look-alike class it hit, or `unlabelled`.
    pub class: String,
    /// Document shape.
    pub shape: String,
    /// The replaced text.
    pub value: String,
    /// The line around it.
    pub context: String,
}

/// Everything measured over a set of documents.
#[derive(Clone, Debug, Default)]
pub struct Scores {
    /// All documents.
    pub overall: Tally,
    /// Recall by labelled kind; precision by the replacement's kind.
    pub by_kind: BTreeMap<Kind, Tally>,
    /// By document shape.
    pub by_shape: BTreeMap<String, Tally>,
    /// Recall by labelled kind and shape; precision by the replacement's kind and shape.
    pub by_kind_shape: BTreeMap<(Kind, String), Tally>,
    /// By locale.
    pub by_locale: BTreeMap<String, Tally>,
    /// Recall by labelled kind and locale; precision by the replacement's kind and locale.
    pub by_kind_locale: BTreeMap<(Kind, String), Tally>,
    /// Look-alikes: (labelled, replaced) by class.
    pub traps: BTreeMap<String, (u64, u64)>,
    /// Neutral values: (labelled, replaced) by class.
    pub neutral: BTreeMap<String, (u64, u64)>,
    /// Values not strictly found.
    pub misses: Vec<Miss>,
    /// False replacements.
    pub false_hits: Vec<FalseHit>,
    /// Refused redactions (document id, error).
    pub errors: Vec<(String, String)>,
    /// Documents that did not restore exactly.
    pub round_trip_failures: Vec<String>,
    /// Characters scored.
    pub chars: u64,
}

/// The line around `start..end` (cut to 70 characters either side when long).
pub fn line_around(text: &str, start: usize, end: usize) -> String {
    let ls = text[..start].rfind('\n').map_or(0, |i| i + 1);
    let le = text[end..].find('\n').map_or(text.len(), |i| end + i);
    let line = &text[ls..le];
    if line.chars().count() <= 160 {
        return line.to_string();
    }
    // Cut long lines to 70 characters either side of the value.
    let before: String = text[ls..start]
        .chars()
        .rev()
        .take(70)
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .collect();
    let after: String = text[end..le].chars().take(70).collect();
    format!("…{before}{}{after}…", &text[start..end])
}

impl Scores {
    /// Adds one document's outcome.
    pub fn add(&mut self, doc: &Doc, run: &DocRun) {
        let mut t = Tally {
            docs: 1,
            round_trips: u64::from(run.round_trip),
            ..Tally::default()
        };
        self.chars += doc.text.chars().count() as u64;
        if let Some(e) = &run.error {
            self.errors.push((doc.id.clone(), e.clone()));
        } else if !run.round_trip {
            self.round_trip_failures.push(doc.id.clone());
        }
        if doc.negative {
            t.negative_docs = 1;
            t.negative_untouched = u64::from(run.findings.is_empty());
        }
        for s in &doc.spans {
            let cov = coverage(&doc.text, s.start, s.end, &run.findings);
            match &s.role {
                Role::Pii(kind) => {
                    let k = self.by_kind.entry(*kind).or_default();
                    let v = Tally {
                        values: 1,
                        touched: u64::from(cov.touched()),
                        strict: u64::from(cov.strict()),
                        same_kind: u64::from(cov.strict() && cov.by == Some(*kind)),
                        ..Tally::default()
                    };
                    k.values += v.values;
                    k.touched += v.touched;
                    k.strict += v.strict;
                    k.same_kind += v.same_kind;
                    merge(
                        self.by_kind_shape
                            .entry((*kind, doc.shape.clone()))
                            .or_default(),
                        &v,
                    );
                    merge(
                        self.by_kind_locale
                            .entry((*kind, doc.locale.clone()))
                            .or_default(),
                        &v,
                    );
                    t.values += v.values;
                    t.touched += v.touched;
                    t.strict += v.strict;
                    t.same_kind += v.same_kind;
                    if !cov.strict() {
                        self.misses.push(Miss {
                            doc: doc.id.clone(),
                            kind: *kind,
                            shape: doc.shape.clone(),
                            locale: doc.locale.clone(),
                            value: doc.text[s.start..s.end].to_string(),
                            context: line_around(&doc.text, s.start, s.end),
                            share: cov.share,
                        });
                    }
                }
                Role::Neutral(n) => {
                    let e = self.neutral.entry(n.clone()).or_default();
                    e.0 += 1;
                    e.1 += u64::from(cov.touched());
                }
                Role::Trap(n) => {
                    let e = self.traps.entry(n.clone()).or_default();
                    e.0 += 1;
                    e.1 += u64::from(cov.touched());
                }
            }
        }
        for f in &run.findings {
            let k = self.by_kind.entry(f.kind).or_default();
            let ks = self
                .by_kind_shape
                .entry((f.kind, doc.shape.clone()))
                .or_default();
            let kl = self
                .by_kind_locale
                .entry((f.kind, doc.locale.clone()))
                .or_default();
            match hit(doc, f) {
                Hit::Pii => {
                    k.true_hits += 1;
                    ks.true_hits += 1;
                    kl.true_hits += 1;
                    t.true_hits += 1;
                }
                Hit::Neutral => {}
                Hit::False(class) => {
                    k.false_hits += 1;
                    ks.false_hits += 1;
                    kl.false_hits += 1;
                    t.false_hits += 1;
                    self.false_hits.push(FalseHit {
                        doc: doc.id.clone(),
                        kind: f.kind,
                        class,
                        shape: doc.shape.clone(),
                        value: doc.text[f.start..f.end].to_string(),
                        context: line_around(&doc.text, f.start, f.end),
                    });
                }
            }
        }
        for group in [
            &mut self.overall,
            self.by_shape.entry(doc.shape.clone()).or_default(),
        ] {
            merge(group, &t);
        }
        merge(self.by_locale.entry(doc.locale.clone()).or_default(), &t);
    }

    /// Scores documents with their runs (same order).
    pub fn of(docs: &[&Doc], runs: &[DocRun]) -> Scores {
        let mut s = Scores::default();
        for (d, r) in docs.iter().zip(runs) {
            s.add(d, r);
        }
        s
    }
}

pub(crate) fn merge(into: &mut Tally, t: &Tally) {
    into.docs += t.docs;
    into.values += t.values;
    into.touched += t.touched;
    into.strict += t.strict;
    into.same_kind += t.same_kind;
    into.true_hits += t.true_hits;
    into.false_hits += t.false_hits;
    into.negative_docs += t.negative_docs;
    into.negative_untouched += t.negative_untouched;
    into.round_trips += t.round_trips;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::corpus::Span;

    fn doc(text: &str, spans: Vec<(&str, Role)>, negative: bool) -> Doc {
        let spans = spans
            .into_iter()
            .map(|(v, role)| {
                let start = text.find(v).expect("value in text");
                Span {
                    start,
                    end: start + v.len(),
                    role,
                }
            })
            .collect();
        Doc {
            id: "t".into(),
            locale: "en_US".into(),
            shape: "prose".into(),
            template: "t".into(),
            negative,
            text: text.into(),
            spans,
        }
    }

    fn f(text: &str, value: &str, kind: Kind) -> Finding {
        let s = text.find(value).expect("value in text");
        Finding::new(s, s + value.len(), kind, "test")
    }

    #[test]
    fn coverage_counts_letters_and_digits_only() {
        let text = "call 415-555-0132 now";
        // Digits 415555 of 4155550132: 6 of 10.
        let c = coverage(text, 5, 17, &[f(text, "415-555", Kind::Phone)]);
        assert!((c.share - 0.6).abs() < 1e-9, "{c:?}");
        assert!(c.touched() && !c.strict());
        let c = coverage(text, 5, 17, &[f(text, "415-555-0132", Kind::IdNumber)]);
        assert!(c.strict());
        assert_eq!(c.by, Some(Kind::IdNumber));
        assert!(!coverage(text, 5, 17, &[f(text, "now", Kind::Person)]).touched());
    }

    #[test]
    fn a_document_is_scored_per_value_and_per_replacement() {
        let text = "Jane Doe (ORD-2024-1187) lives in Madrid, card 4111 1111 1111 1111.";
        let d = doc(
            text,
            vec![
                ("Jane Doe", Role::Pii(Kind::Person)),
                ("ORD-2024-1187", Role::Trap("order_id".into())),
                ("Madrid", Role::Neutral("city".into())),
                ("4111 1111 1111 1111", Role::Pii(Kind::CardNumber)),
            ],
            false,
        );
        let run = DocRun {
            findings: vec![
                f(text, "Jane", Kind::Person),
                f(text, "2024-1187", Kind::Phone),
                f(text, "Madrid", Kind::Person),
                f(text, "lives", Kind::Person),
            ],
            stand_ins: vec![],
            round_trip: true,
            error: None,
        };
        let s = Scores::of(&[&d], &[run]);
        let o = s.overall;
        assert_eq!((o.values, o.touched, o.strict), (2, 1, 0));
        // Jane: true; the order number and "lives": false; Madrid: neutral, not counted.
        assert_eq!((o.true_hits, o.false_hits), (1, 2));
        assert_eq!(s.by_kind[&Kind::Person].values, 1);
        assert_eq!(s.by_kind[&Kind::Person].touched, 1);
        assert_eq!(s.by_kind[&Kind::Person].strict, 0);
        assert_eq!(s.by_kind[&Kind::CardNumber].touched, 0);
        assert_eq!(s.by_kind[&Kind::Phone].false_hits, 1);
        let classes: Vec<&str> = s.false_hits.iter().map(|h| h.class.as_str()).collect();
        assert_eq!(classes, ["order_id", "unlabelled"]);
        assert_eq!(s.traps["order_id"], (1, 1));
        assert_eq!(s.neutral["city"], (1, 1));
        assert_eq!(s.misses.len(), 2);
        assert_eq!(o.round_trip(), Some(1.0));
    }

    #[test]
    fn negatives_count_as_untouched_only_without_any_replacement() {
        let text = "Version 10.0.19045.3693 shipped on 12 Jan.";
        let d = doc(
            text,
            vec![("10.0.19045.3693", Role::Trap("version".into()))],
            true,
        );
        let clean = DocRun {
            findings: vec![],
            stand_ins: vec![],
            round_trip: true,
            error: None,
        };
        let dirty = DocRun {
            findings: vec![f(text, "10.0.19045.3693", Kind::IpAddress)],
            stand_ins: vec![],
            round_trip: true,
            error: None,
        };
        let s = Scores::of(&[&d, &d], &[clean, dirty]);
        assert_eq!(s.overall.negatives_untouched(), Some(0.5));
        assert_eq!(s.overall.precision(), Some(0.0));
        assert_eq!(s.by_shape["prose"].negative_docs, 2);
    }

    #[test]
    fn the_library_is_run_and_restored() {
        let text = "Mail jane.doe@example.org or call +1 415 555 0132.";
        let d = doc(
            text,
            vec![
                ("jane.doe@example.org", Role::Pii(Kind::Email)),
                ("+1 415 555 0132", Role::Pii(Kind::Phone)),
            ],
            false,
        );
        let r = Redactor::new().with_seed(1);
        let run = run(&r, &d);
        assert!(run.round_trip && run.error.is_none());
        let s = Scores::of(&[&d], &[run]);
        assert_eq!(s.overall.strict_recall(), Some(1.0));
        assert_eq!(s.overall.same_kind_share(), Some(1.0));
    }
}
