//! Finds the spans of identifying detail in a text.
//!
//! The [`Detector`] runs two kinds of stage:
//!
//! 1. **Rules that always run**: a few compiled multi-pattern regular expressions
//!    (`regex_automata::meta::Regex`; the rules whose matches start with known literals,
//!    most of them, searched anchored from where those literals occur, through their
//!    forward lazy DFA alone; digit-led values,
//!    letter-led identifiers and hosts, e-mail addresses unanchored), searched merged so
//!    that together they find what one leftmost-first union would (the pattern names the
//!    rule), list the candidates for emails, links, IP addresses,
//!    hostnames, secrets, IBANs, postcodes, labelled identifiers and digit runs over the
//!    whole text first; each candidate is then checked
//!    by the rule's validator (Luhn and issuer ranges for cards, country length and mod-97
//!    for IBANs, ABA checksums, never-issued SSN ranges, libphonenumber metadata for phones,
//!    national ID check digits, entropy for secrets) and by the words in front of it (`SSN`,
//!    `passport`, `routing`, `order`, `invoice` …). Cheap passes that cost the automaton
//!    nothing follow: machine names, bare identifiers with check digits, secrets no pattern
//!    anchors, and street addresses with their postcodes (an Aho-Corasick automaton over the
//!    street-type words of every language); then what the document's structure (columns,
//!    keys, form labels) says about each value.
//! 2. **Recognisers** ([`Recognizer`]): further stages that add findings. The built-in
//!    [`NameRecognizer`] (names of people: record labels, titles, greetings, sign-offs,
//!    speech and action context, possessives, and capitalised sequences backed by name
//!    dictionaries; see `data/SOURCES.md`) is on in [`Detector::new`]; more are plugged in
//!    with [`Detector::with_recognizer`].
//!
//! All findings are merged by [`resolve`]: where two overlap, the more specific kind wins
//! (see [`Kind::specificity`]), then the longer, then the earlier. The result is sorted and
//! free of overlaps.
//!
//! ```
//! use redact_detect::{Detector, Kind};
//!
//! let detector = Detector::new();
//! let text = "Mail jane.doe@example.org or call +44 20 7946 0958.";
//! let kinds: Vec<Kind> = detector.detect(text).iter().map(|f| f.kind).collect();
//! assert_eq!(kinds, [Kind::Email, Kind::Phone]);
//! ```
//!
//! Detection never fails and never panics on any `&str`; offsets always lie on `char`
//! boundaries.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod address;
mod classify;
mod context;
mod fields;
mod fxhash {
    //! The workspace's hasher of short keys ([`redact_entity::fxhash`]).
    pub use redact_entity::fxhash::FxHasher;
}
mod ids;
mod letters;
mod machines;
mod names;
mod normalize;
mod packed;
mod phone;
mod rules;
mod secrets;
mod spans;
mod structure;
mod tokens;
mod validate;

use std::sync::{Arc, LazyLock};

pub use names::{NameInfo, NameRecognizer, name_info};
pub use normalize::{Unmasked, unmask};
pub use redact_entity::{Finding, Kind};

/// A stage that adds findings to those of the built-in rules (for example a name
/// recogniser). Implementations must be cheap to share between threads.
pub trait Recognizer: Send + Sync {
    /// A short name for diagnostics.
    fn name(&self) -> &'static str;

    /// Appends the findings of this stage for `text` to `out`. `rule_findings` are the
    /// findings of the built-in rules so far (before resolution), so a stage can avoid
    /// re-finding what the rules already found. Offsets must lie on `char` boundaries of
    /// `text`; findings may overlap others (the detector resolves overlaps).
    fn recognize(&self, text: &str, rule_findings: &[Finding], out: &mut Vec<Finding>);

    /// Whether [`Recognizer::recognize`] reads `rule_findings`. A stage that does not (the
    /// name recogniser) runs on a second thread beside the rules on long texts.
    fn uses_rule_findings(&self) -> bool {
        true
    }
}

/// Texts from this length on are read on two threads, three with three cores or more (see
/// [`Detector::detect`]). Below it a thread costs more than it saves.
const PARALLEL_MIN: usize = 32 * 1024;

use redact_entity::threads::{cores, joined};

/// Finds identifying detail. Cheap to clone (the compiled rules are shared).
#[derive(Clone)]
pub struct Detector {
    rules: Arc<rules::Rules>,
    recognizers: Vec<Arc<dyn Recognizer>>,
}

/// The rules, built at first use. On a machine with two cores the other tables (name
/// lexicon, street types, labels, normalisation triggers, token prefixes, cue words, phone
/// metadata) are built on a second thread meanwhile, which is not waited for: the first
/// detection starts with the rules (its longest stage) while the tables finish, and a stage
/// that needs a table not built yet waits for it (each is a `LazyLock`). Waiting for both
/// before the first detection cost a fresh process (the `redact` command) the difference
/// whenever the tables took longer than the rules.
static RULES: LazyLock<Arc<rules::Rules>> = LazyLock::new(|| {
    if cores() > 1 {
        // Should the thread not start, each table is built at its first use instead.
        let _ = std::thread::Builder::new()
            .name("redact-tables".into())
            .spawn(warm_tables);
    }
    Arc::new(rules::Rules::build())
});

/// Builds the lazily built tables other than the rules (none of them reads the rules).
fn warm_tables() {
    NameRecognizer::warm_up();
    structure::labels::warm_up();
    address::warm_up();
    normalize::warm_up();
    tokens::warm_up();
    context::warm_up();
    #[cfg(feature = "phonenumber")]
    phone::warm_up();
}

impl Default for Detector {
    fn default() -> Self {
        Detector::new()
    }
}

impl std::fmt::Debug for Detector {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Detector")
            .field("rules", &self.rules.len())
            .field(
                "recognizers",
                &self
                    .recognizers
                    .iter()
                    .map(|r| r.name())
                    .collect::<Vec<_>>(),
            )
            .finish()
    }
}

impl Detector {
    /// A detector with the built-in rules and the built-in name recogniser
    /// ([`NameRecognizer`]). The rules and dictionaries are built once per process and
    /// shared.
    pub fn new() -> Detector {
        Detector::rules_only().with_recognizer(Arc::new(NameRecognizer))
    }

    /// A detector with the built-in rules only: no name recognition (for measuring the
    /// name stage, or for callers that find names elsewhere).
    pub fn rules_only() -> Detector {
        Detector {
            rules: Arc::clone(&RULES),
            recognizers: Vec::new(),
        }
    }

    /// Adds a recognition stage (builder style).
    pub fn with_recognizer(mut self, recognizer: Arc<dyn Recognizer>) -> Detector {
        self.recognizers.push(recognizer);
        self
    }

    /// Builds every lazily built table now (the rule automaton, the cue automaton, phone
    /// metadata of the common regions) so the first request does not pay for it (about
    /// 200 ms in a release build). Servers call this at start.
    pub fn warm_up(&self) {
        warm_tables();
        let _ = self.detect("warm up: +44 20 7946 0958, (415) 555-0132, 030 23125 678");
    }

    /// For profiling: the rule parts' pattern counts and search times over `text`, fresh
    /// and warm (see `examples/detect_profile.rs`).
    #[doc(hidden)]
    pub fn rule_part_timings(
        &self,
        text: &str,
    ) -> Vec<(usize, std::time::Duration, std::time::Duration)> {
        self.rules.part_timings(text)
    }

    /// For profiling: each rule pattern with the index of its part.
    #[doc(hidden)]
    pub fn rule_patterns(&self) -> Vec<(usize, String)> {
        self.rules.patterns_by_part()
    }

    /// Number of built-in rules (patterns compiled into the one-pass engine).
    pub fn rule_count(&self) -> usize {
        self.rules.len()
    }

    /// The findings in `text`: sorted by start, never overlapping.
    ///
    /// A long text (32 KiB and more) is read on two threads where the machine has two
    /// cores: the rules, machine names and the address stage's reading of the text on this
    /// one; the document's structure, identifiers, token candidates and the recognisers that
    /// need no rule findings (names) on the other (what the rules' findings are checked
    /// against is handed over as soon as it is made). With three cores or more, identifiers,
    /// tokens and addresses get a third thread. The findings are the same as on one thread.
    ///
    /// Text written to dodge a filter (invisible characters, look-alike letters, fullwidth
    /// forms, `[at]`/`[dot]`, number words, labels glued to digits) is read through a
    /// normalised view; each finding covers the whole original span it was read from.
    pub fn detect(&self, text: &str) -> Vec<Finding> {
        match normalize::View::of(text) {
            None => self.detect_view(text),
            Some(view) => {
                let mut found = self.detect_view(view.text());
                view.map_back(&mut found);
                Self::settle(text, found)
            }
        }
    }

    /// [`Detector::detect`] on the calling thread alone, whatever the text's length: for
    /// callers that already keep every core busy with texts of their own (the command's
    /// workers, each on its own piece). The findings are the same as [`Detector::detect`]'s.
    pub fn detect_on_this_thread(&self, text: &str) -> Vec<Finding> {
        self.detect_timed(text, &mut |_| {})
    }

    /// Findings of view offsets moved to the source: glued to letters they widen to the
    /// word, and overlaps are resolved again.
    fn settle(text: &str, mut found: Vec<Finding>) -> Vec<Finding> {
        found.retain(|f| valid_span(text, f));
        if widen_to_words(text, &mut found) {
            found = resolve(found);
        }
        found
    }

    fn detect_view(&self, text: &str) -> Vec<Finding> {
        if text.len() < PARALLEL_MIN || cores() < 2 {
            // `text` is already the normalised view: read as it is (normalising it again
            // cost a short text a second pass over its trigger words).
            return self.detect_timed_view(text, &mut |_| {});
        }
        if cores() < 3 {
            self.detect_two_threads(text)
        } else {
            self.detect_three_threads(text)
        }
    }

    /// [`Detector::detect_view`] with three threads, on three cores or more.
    fn detect_three_threads(&self, text: &str) -> Vec<Finding> {
        let (found, streets, (fields, early)) = std::thread::scope(|scope| {
            // The passes that read no findings of the rules start on other threads: first
            // identifiers and tokens (needed as soon as the rules are done) and what the
            // address stage reads from the text alone, then the structure and the names.
            let passes = scope.spawn(|| {
                let mut ids = Vec::new();
                ids::find(text, &mut ids);
                let tokens = tokens::candidates(text);
                (ids, tokens, address::prepare(text))
            });
            let side = scope.spawn(|| {
                let fields = structure::fields(text);
                (fields, self.early_recognizers(text))
            });
            let mut found = Vec::new();
            self.rules.scan(text, &mut found);
            machines::find(text, &mut found);
            // As `rule_stages` adds them: identifiers after machine names, then tokens.
            let (mut ids, tokens, streets) = joined(passes);
            found.append(&mut ids);
            tokens::add(tokens, &mut found);
            (found, streets, joined(side))
        });
        self.finish_with(text, found, &fields, early, Some(streets), &mut |_| {})
    }

    /// [`Detector::detect_view`] on two cores: one thread beside the rules (three threads
    /// on two cores shared them three ways, and the rules' thread, the longest, ran at two
    /// thirds of a core while the others did). It makes what the rules' thread needs in the
    /// order it needs it: the second half of the rules' searches (their candidates handed over
    /// first; [`rules::Rules::scan_split`]: detection of the diverse 200,000 characters 13.1
    /// -> 12.2 ms), the structure view, identifiers and token candidates (handed over as soon
    /// as they are made), then the names, taken last. The address
    /// stage's reading of the text is the rules' thread's, after the rules: with the names
    /// and the structure, the side thread had the longer share (measured on the diverse
    /// document: rules 4.6 ms, side done 1.2 ms after the rules' thread with it there).
    fn detect_two_threads(&self, text: &str) -> Vec<Finding> {
        std::thread::scope(|scope| {
            let (tx, rx) = std::sync::mpsc::sync_channel(1);
            let (early_tx, early_rx) = std::sync::mpsc::sync_channel(1);
            let (cands_tx, cands_rx) = std::sync::mpsc::sync_channel(1);
            let (tail_tx, tail_rx) = std::sync::mpsc::sync_channel(1);
            let mid = rules::Rules::split_point(text);
            let side = scope.spawn(move || {
                // First the second half of the rules' searches, which the rules' thread
                // needs first (their candidates at once).
                let tail = self.rules.scan_tail(text, mid, |c| {
                    let _ = cands_tx.send(c);
                });
                let _ = tail_tx.send(tail);
                let fields = structure::fields(text);
                let mut ids = Vec::new();
                ids::find(text, &mut ids);
                let tokens = tokens::candidates(text);
                // The receivers are gone only if the rules' thread panicked.
                let _ = tx.send((fields, ids, tokens));
                let _ = early_tx.send(self.early_recognizers(text));
            });
            let mut found = Vec::new();
            // (If the side thread failed, the rules do its share here; its panic is passed
            // on below.)
            self.rules.scan_split(
                text,
                &mut found,
                mid,
                || cands_rx.recv().ok(),
                || tail_rx.recv().ok(),
            );
            machines::find(text, &mut found);
            // The address stage's reading of the text here: the side thread, with the
            // structure and the names, has the longer share.
            let streets = address::prepare(text);
            let Ok((fields, mut ids, tokens)) = rx.recv() else {
                // The side thread ended without sending: it panicked; pass the panic on.
                joined(side);
                unreachable!("the side thread sends before it returns");
            };
            // As `rule_stages` adds them: identifiers after machine names, then tokens.
            found.append(&mut ids);
            tokens::add(tokens, &mut found);
            let mut side = Some(side);
            let found = self.finish_when(
                text,
                found,
                &fields,
                || match early_rx.recv() {
                    Ok(early) => early,
                    Err(_) => {
                        // The side thread ended without sending: it panicked; pass it on.
                        if let Some(side) = side.take() {
                            joined(side);
                        }
                        unreachable!("the side thread sends before it returns");
                    }
                },
                Some(streets),
                &mut |_| {},
            );
            if let Some(side) = side.take() {
                joined(side);
            }
            found
        })
    }

    /// [`Detector::detect`] on one thread, calling `lap` with the name of each stage as it
    /// ends (for profiling: `examples/detect_profile.rs` times the stages with it).
    #[doc(hidden)]
    pub fn detect_timed(&self, text: &str, lap: &mut dyn FnMut(&'static str)) -> Vec<Finding> {
        let view = normalize::View::of(text);
        lap("normalize");
        let Some(view) = view else {
            return self.detect_timed_view(text, lap);
        };
        let mut found = self.detect_timed_view(view.text(), lap);
        view.map_back(&mut found);
        let found = Self::settle(text, found);
        lap("map back");
        found
    }

    fn detect_timed_view(&self, text: &str, lap: &mut dyn FnMut(&'static str)) -> Vec<Finding> {
        let found = self.rule_stages(text, lap);
        let fields = structure::fields(text);
        lap("structure");
        let early = self.early_recognizers(text);
        lap("names");
        self.finish(text, found, &fields, early, lap)
    }

    /// The rules, then the passes that cost the automaton nothing.
    fn rule_stages(&self, text: &str, lap: &mut dyn FnMut(&'static str)) -> Vec<Finding> {
        // About ten findings a kilobyte of diverse text: room for them at once (the list
        // grown from nothing was reallocated four times for a kilobyte).
        let mut found = Vec::with_capacity(text.len() / 64 + 8);
        self.rules.scan(text, &mut found);
        lap("rules");
        machines::find(text, &mut found);
        lap("machines");
        ids::find(text, &mut found);
        lap("ids");
        tokens::find(text, &mut found);
        lap("tokens");
        found
    }

    /// The findings of each recogniser that needs no rule findings (`None` for the others,
    /// which run in [`Detector::finish`]).
    fn early_recognizers(&self, text: &str) -> Vec<Option<Vec<Finding>>> {
        self.recognizers
            .iter()
            .map(|r| {
                (!r.uses_rule_findings()).then(|| {
                    let mut out = Vec::new();
                    r.recognize(text, &[], &mut out);
                    out
                })
            })
            .collect()
    }

    /// What the structure says about the rules' findings, addresses, the recognisers (in
    /// their order), then overlap resolution.
    fn finish(
        &self,
        text: &str,
        found: Vec<Finding>,
        fields: &[structure::Field],
        early: Vec<Option<Vec<Finding>>>,
        lap: &mut dyn FnMut(&'static str),
    ) -> Vec<Finding> {
        self.finish_with(text, found, fields, early, None, lap)
    }

    /// [`Detector::finish`], with the address stage's reading of the text made already
    /// (`Some`) or to make.
    fn finish_with<'t>(
        &self,
        text: &'t str,
        found: Vec<Finding>,
        fields: &[structure::Field],
        early: Vec<Option<Vec<Finding>>>,
        streets: Option<Option<address::Prepared<'t>>>,
        lap: &mut dyn FnMut(&'static str),
    ) -> Vec<Finding> {
        self.finish_when(text, found, fields, || early, streets, lap)
    }

    /// [`Detector::finish_with`], asking for the early recognisers' findings only when they
    /// are added (after the fields and addresses).
    fn finish_when<'t>(
        &self,
        text: &'t str,
        mut found: Vec<Finding>,
        fields: &[structure::Field],
        early: impl FnOnce() -> Vec<Option<Vec<Finding>>>,
        streets: Option<Option<address::Prepared<'t>>>,
        lap: &mut dyn FnMut(&'static str),
    ) -> Vec<Finding> {
        // What the document's structure says (a column header, a key, a form label) decides
        // over the rules' reading of a value.
        fields::apply(text, fields, &mut found);
        lap("fields");
        let streets = streets.unwrap_or_else(|| address::prepare(text));
        address::find_prepared(streets, &mut found);
        lap("address");
        let early = early();
        if !self.recognizers.is_empty() {
            let rule_findings = if early.iter().all(Option::is_some) {
                Vec::new()
            } else {
                found.clone()
            };
            for (r, early) in self.recognizers.iter().zip(early) {
                match early {
                    Some(mut own) => found.append(&mut own),
                    None => r.recognize(text, &rule_findings, &mut found),
                }
            }
            found.retain(|f| valid_span(text, f));
            // No person inside a header cell or a value the structure says is something
            // else (a product, a company, a release date).
            fields::not_people(text, fields, &mut found);
            lap("recognizers");
        }
        let mut found = resolve(found);
        if widen_to_words(text, &mut found) {
            found = resolve(found);
        }
        lap("resolve");
        found
    }
}

/// A finding glued to letters or digits on either side (`a@b.com.GB82`) is widened to the
/// whole word: restore matches stand-ins as whole words, so a stand-in glued to its
/// neighbours could not be found again. Returns true when any finding changed.
fn widen_to_words(text: &str, found: &mut [Finding]) -> bool {
    let mut changed = false;
    for f in found.iter_mut() {
        let inner_first = text[f.start..]
            .chars()
            .next()
            .is_some_and(char::is_alphanumeric);
        let inner_last = text[..f.end]
            .chars()
            .next_back()
            .is_some_and(char::is_alphanumeric);
        if inner_first {
            while let Some(c) = text[..f.start]
                .chars()
                .next_back()
                .filter(|c| c.is_alphanumeric())
            {
                f.start -= c.len_utf8();
                f.keep_prefix = 0;
                changed = true;
            }
        }
        if inner_last {
            while let Some(c) = text[f.end..].chars().next().filter(|c| c.is_alphanumeric()) {
                f.end += c.len_utf8();
                changed = true;
            }
        }
    }
    changed
}

fn valid_span(text: &str, f: &Finding) -> bool {
    f.start < f.end
        && f.end <= text.len()
        && text.is_char_boundary(f.start)
        && text.is_char_boundary(f.end)
}

/// Resolves overlapping findings deterministically: the more specific kind wins, then the
/// longer finding, then the earlier one; a finding that entirely contains another of a
/// container kind (a link or street address containing an email, postcode, …) wins over it
/// when it is longer. Returns findings sorted by start with no overlaps.
pub fn resolve(mut found: Vec<Finding>) -> Vec<Finding> {
    if found.len() <= 1 {
        return found;
    }
    // Stable and adaptive: the stages' findings come as a few runs in order, merged.
    found.sort_by(|a, b| a.start.cmp(&b.start).then(b.end.cmp(&a.end)));
    // Fast path: already disjoint (the rule scanner produces disjoint findings).
    if found.windows(2).all(|w| w[0].end <= w[1].start) {
        return found;
    }
    let key = priority(&found);
    // Findings taken in priority order, each kept unless it overlaps one kept before. What
    // a finding overlaps lies in its cluster (the findings chained by overlaps in start
    // order: a later one starts at or after every end before it), so each cluster is decided
    // alone, in the order of its own keys: one sort of the whole (n log n, 13 times the work
    // for 10 times the text) becomes sorts of a few findings, and a lone finding is kept as
    // it is.
    let mut keep = vec![false; found.len()];
    let mut order: Vec<Priority> = Vec::new();
    // Kept findings of the cluster are disjoint: by start, the one starting last before `f`
    // ends is the only one that can overlap it. The map holds each kept finding's end.
    let mut kept: std::collections::BTreeMap<usize, usize> = std::collections::BTreeMap::new();
    let mut i = 0;
    while i < found.len() {
        let mut reach = found[i].end;
        let mut j = i + 1;
        while j < found.len() && found[j].start < reach {
            reach = reach.max(found[j].end);
            j += 1;
        }
        if j == i + 1 {
            keep[i] = true;
            i = j;
            continue;
        }
        order.clear();
        order.extend((i..j).map(&key));
        order.sort_unstable_by(|a, b| b.cmp(a));
        kept.clear();
        for k in order.iter().map(|o| o.4) {
            let f = &found[k];
            let overlaps = kept
                .range(..f.end)
                .next_back()
                .is_some_and(|(_, &end)| end > f.start);
            if !overlaps {
                kept.insert(f.start, f.end);
                keep[k] = true;
            }
        }
        i = j;
    }
    drop(key);
    // Sorted by start already, and disjoint.
    found
        .into_iter()
        .zip(keep)
        .filter_map(|(f, k)| k.then_some(f))
        .collect()
}

/// A finding's priority in [`resolve`] (higher first), a total order: containers (links,
/// street addresses) that hold another finding entirely, then specificity, then length, then
/// the earlier start, then the index.
type Priority = (bool, u8, usize, std::cmp::Reverse<usize>, usize);

/// The [`Priority`] of each finding of `found` (sorted by start, then longest first), by
/// index: everything `found[i]` contains comes after it and starts before it ends, so only
/// the findings overlapping its start are looked at.
fn priority(found: &[Finding]) -> impl Fn(usize) -> Priority + '_ {
    move |i| {
        let f = &found[i];
        let holds = matches!(f.kind, Kind::Url | Kind::StreetAddress)
            && found[i + 1..]
                .iter()
                .take_while(|o| o.start < f.end)
                .any(|o| f.contains(o) && f.len() > o.len());
        (
            holds,
            f.kind.specificity(),
            f.len(),
            std::cmp::Reverse(f.start),
            i,
        )
    }
}

/// [`resolve`] as it was before clusters: every finding in one priority order (the
/// reference of the proptest that the two agree).
#[cfg(test)]
pub(crate) fn resolve_whole(mut found: Vec<Finding>) -> Vec<Finding> {
    if found.len() <= 1 {
        return found;
    }
    found.sort_by(|a, b| a.start.cmp(&b.start).then(b.end.cmp(&a.end)));
    let mut by_priority: Vec<Priority> = (0..found.len()).map(priority(&found)).collect();
    by_priority.sort_unstable_by(|a, b| b.cmp(a));
    let mut kept: std::collections::BTreeMap<usize, usize> = std::collections::BTreeMap::new();
    let mut keep = vec![false; found.len()];
    for i in by_priority.into_iter().map(|k| k.4) {
        let f = &found[i];
        let overlaps = kept
            .range(..f.end)
            .next_back()
            .is_some_and(|(_, &end)| end > f.start);
        if !overlaps {
            kept.insert(f.start, f.end);
            keep[i] = true;
        }
    }
    found
        .into_iter()
        .zip(keep)
        .filter_map(|(f, k)| k.then_some(f))
        .collect()
}

#[cfg(test)]
mod tests;
