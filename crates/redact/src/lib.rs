//! Embeddable PII redaction: finds identifying detail, replaces each item with a realistic
//! stand-in of the same kind and shape, and returns the map from stand-in to real value so a
//! model's reply can be restored. Nothing is stored anywhere: the caller holds the map.
//!
//! - [`Redactor`]: the entry point; [`Redactor::redact`] and [`Redactor::restore`].
//! - [`RedactOptions`]: the options of the service's `RedactRequest` (`map`, `allow`,
//!   `profile`, `strict`) and [`NameCheck`], what the optional model-based name check
//!   (crate `redact-namecheck`) said: `names_decided` is false only when it could not
//!   decide, and `strict` then refuses the call.
//! - Names of people are found by the detector's built-in recogniser; a person's stand-in
//!   is coherent across mentions: after `Jane Doe` → `Emily Clark`, `Jane` is `Emily`,
//!   `Ms Doe` is `Ms Clark`, `jane.doe@…` is `emily.clark@…`, and the map holds the parts
//!   too, so a reply that says `Clark's` restores to `Doe's`.
//! - [`Redaction`] and [`Restoration`]: the service's response objects, serialisable as the
//!   specification writes them.
//! - [`Map`]: the stand-in → real value map (re-exported from `redact-restore`).
//!
//! ```
//! use redact::{RedactOptions, Redactor};
//!
//! let redactor = Redactor::new();
//! let text = "Write to jane.doe@example.org or call +1-415-555-0132.";
//! let r = redactor.redact(text, &RedactOptions::default()).unwrap();
//! assert!(!r.text.contains("jane.doe@example.org"));
//! assert_eq!(r.redacted, 2);
//!
//! // The model answers in terms of the stand-ins; restore puts the real values back.
//! let back = redactor.restore(&r.text, &r.map);
//! assert_eq!(back.text, text);
//! ```

#![forbid(unsafe_code)]
#![warn(missing_docs)]

use std::collections::HashMap;
use std::sync::Arc;

#[cfg(test)]
use aho_corasick::AhoCorasick;
use serde::{Deserialize, Serialize};

pub use redact_detect::{Detector, Recognizer};
use redact_entity::threads::{cores, joined};
pub use redact_entity::{Finding, Kind, Sensitive};
pub use redact_restore::{Map, MapError, Restorer};
use redact_surrogate::{ForText, PreparedText, Surrogates};

/// The largest text accepted by one call, in characters (the specification's limit).
pub const MAX_TEXT_CHARS: usize = 200_000;

/// The end user's own details, recognised wherever they are written.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Profile {
    /// The user's name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// The user's email address.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub email: Option<String>,
    /// The user's phone number.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub phone: Option<String>,
}

/// What the optional model-based name check said (see redact-namecheck).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum NameCheck {
    /// No model configured: the built-in recogniser decides alone (names_decided = true).
    #[default]
    Builtin,
    /// The model decided: these names (each occurring in the text) are people, merged with the built-in findings. Empty = decided there are none.
    Decided(Vec<String>),
    /// The model could not decide (timeout, error, unusable answer): names_decided = false; with strict, RedactError::NamesUndecided.
    Undecided,
}

/// Options of one redaction: the fields of the specification's `RedactRequest` besides
/// `text`, and the outcome of the optional model-based name check.
#[derive(Clone, Debug, Default)]
pub struct RedactOptions {
    /// A map from a previous call: a real value found in it keeps its stand-in, and new
    /// stand-ins never collide with it.
    pub map: Option<Map>,
    /// Terms sent as written whatever any recogniser thinks (matched case-insensitively as
    /// whole words).
    pub allow: Vec<String>,
    /// The end user's own details.
    pub profile: Option<Profile>,
    /// Refuse when the name check cannot decide.
    pub strict: bool,
    /// What the optional model-based name check said ([`NameCheck::Builtin`] when no model
    /// is configured).
    pub names: NameCheck,
}

/// The result of a redaction (the specification's `Redaction`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Redaction {
    /// Always `redaction`.
    pub object: String,
    /// The text with stand-ins in place.
    pub text: String,
    /// Stand-in → real value: the entries of the map passed in, plus those made by this call.
    pub map: Map,
    /// The count of map entries.
    pub redacted: usize,
    /// Whether the name check reached a decision.
    pub names_decided: bool,
}

/// The result of a restore (the specification's `Restoration`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Restoration {
    /// Always `restoration`.
    pub object: String,
    /// The text with real values put back.
    pub text: String,
    /// The count of values restored.
    pub restored: usize,
}

/// Why a redaction was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RedactError {
    /// The text is longer than the limit.
    #[error("text is {chars} characters long; the limit is {limit}")]
    TextTooLong {
        /// Characters in the text.
        chars: usize,
        /// The limit.
        limit: usize,
    },
    /// `strict` was set and the name check could not decide.
    #[error("the name check could not decide and strict mode is on")]
    NamesUndecided,
    /// No set of stand-ins could be found whose restore gives back the original text (a
    /// stand-in kept forming another one with the text around it). Nothing should be sent
    /// to a model: fail closed.
    #[error("redaction could not produce a reversible text")]
    Unrestorable,
}

/// Redacts and restores. Cheap to clone; share one per process.
#[derive(Clone, Debug)]
pub struct Redactor {
    detector: Detector,
    seed: Option<u64>,
    max_chars: usize,
}

impl Default for Redactor {
    fn default() -> Self {
        Redactor::new()
    }
}

impl Redactor {
    /// A redactor with the built-in detector and fresh randomness for every call.
    pub fn new() -> Redactor {
        Redactor {
            detector: Detector::new(),
            seed: None,
            max_chars: MAX_TEXT_CHARS,
        }
    }

    /// Uses this detector (for example one with extra recognisers).
    pub fn with_detector(mut self, detector: Detector) -> Redactor {
        self.detector = detector;
        self
    }

    /// Makes stand-ins deterministic: the same input and options give the same output.
    /// For tests and reproducible pipelines.
    pub fn with_seed(mut self, seed: u64) -> Redactor {
        self.seed = Some(seed);
        self
    }

    /// Sets the text limit in characters (default [`MAX_TEXT_CHARS`]).
    pub fn with_max_chars(mut self, max_chars: usize) -> Redactor {
        self.max_chars = max_chars;
        self
    }

    /// The detector in use.
    pub fn detector(&self) -> &Detector {
        &self.detector
    }

    /// Finds the identifying detail in `text`, after the options' allow-list and profile.
    pub fn findings(&self, text: &str, opts: &RedactOptions) -> Vec<Finding> {
        self.findings_with(self.detector.detect(text), text, opts)
    }

    /// [`Redactor::findings`], detected on the calling thread alone
    /// ([`Detector::detect_on_this_thread`]): for callers that keep every core busy already.
    pub fn findings_on_this_thread(&self, text: &str, opts: &RedactOptions) -> Vec<Finding> {
        self.findings_with(self.detector.detect_on_this_thread(text), text, opts)
    }

    /// [`Redactor::findings`], with a long text indexed for its stand-ins
    /// ([`PreparedText::pays_ahead`]) on a second thread while the known values are looked
    /// for, after detection: detection then splits the rules' searches between its two
    /// threads (the index beside it kept them on one: the index took 1.7 ms of a 200K
    /// call's 12 ms of detection there, the search for the known values about 1.1 ms).
    fn findings_prepared(
        &self,
        text: &str,
        opts: &RedactOptions,
    ) -> (Vec<Finding>, Option<PreparedText>) {
        if cores() < 2 || !PreparedText::pays_ahead(text) {
            return (self.findings(text, opts), None);
        }
        let found = self.detector.detect(text);
        std::thread::scope(|scope| {
            let index = scope.spawn(|| PreparedText::of(text));
            let found = self.findings_with(found, text, opts);
            (found, Some(joined(index)))
        })
    }

    /// The findings of `text` given what the detector found in it.
    fn findings_with(
        &self,
        mut found: Vec<Finding>,
        text: &str,
        opts: &RedactOptions,
    ) -> Vec<Finding> {
        let mut extra = Vec::new();
        if let Some(p) = &opts.profile {
            extra.extend(profile::findings(text, p));
        }
        if let NameCheck::Decided(names) = &opts.names {
            extra.extend(model_name_findings(text, names));
        }
        extra.extend(self.known_value_findings(text, &found, &extra, opts.map.as_ref()));
        if !extra.is_empty() {
            found.extend(extra);
            found = redact_detect::resolve(found);
        }
        if !opts.allow.is_empty() {
            let allowed = allowed_spans(text, &opts.allow);
            found.retain(|f| !allowed.iter().any(|&(s, e)| f.start < e && s < f.end));
        }
        found
    }

    /// Every further occurrence of a value already known to be identifying: the real values
    /// of the map passed in (the caller said they are) and its stand-ins (which restore would
    /// otherwise read as theirs), and the people found in this text
    /// (names depend on context, so a name recognised in one sentence may not be in the
    /// next). Matched case-insensitively as whole words; the kind is the finding's, else the
    /// detector's reading of the value alone, else a person's for words, an ID's otherwise.
    fn known_value_findings(
        &self,
        text: &str,
        found: &[Finding],
        extra: &[Finding],
        map: Option<&Map>,
    ) -> Vec<Finding> {
        // Borrowed from the text and the map: a person is often found many times.
        let mut known: Vec<(&str, Option<Kind>)> = Vec::new();
        for f in found.iter().chain(extra) {
            if f.kind == Kind::Person {
                known.push((f.slice(text), Some(Kind::Person)));
            }
        }
        // A stand-in of the map written in this text as it is (a real value that happens to
        // equal it) would be restored to the map's real value: it is replaced too, and
        // restored to itself. It is looked for where a restore would read it (`£9621.05`
        // holds `9621` for a restore, though not as a whole word).
        let mut stand_ins: Vec<&str> = Vec::new();
        if let Some(map) = map {
            for (stand_in, real) in map.iter() {
                known.push((real, None));
                if stand_in.chars().filter(|c| c.is_alphanumeric()).count() >= 2 {
                    stand_ins.push(stand_in);
                }
            }
        }
        known.retain(|(v, _)| v.chars().filter(|c| c.is_alphanumeric()).count() >= 2);
        if known.is_empty() && stand_ins.is_empty() {
            return Vec::new();
        }
        known.sort();
        known.dedup_by(|a, b| a.0 == b.0);
        let terms: Vec<&str> = known.iter().map(|&(v, _)| v).collect();
        let mut spans = occurrences(text, &terms);
        // Restore edges accept every whole word too: one search finds the stand-ins.
        if !stand_ins.is_empty() {
            spans.extend(occurrences_by(text, &stand_ins, restore_edges));
            spans.sort_unstable();
            spans.dedup();
        }
        // The first known value of each spelling (ASCII case aside), and the findings in
        // order (disjoint): per occurrence a look-up and a binary search, not a pass over
        // both (a wall of thousands of names made that quadratic).
        let mut index: HashMap<String, usize> = HashMap::with_capacity(known.len());
        for (i, (v, _)) in known.iter().enumerate() {
            index.entry(v.to_ascii_lowercase()).or_insert(i);
        }
        let sorted = found.windows(2).all(|w| w[0].end <= w[1].start);
        let mut out = Vec::new();
        // The occurrence in ASCII lower case, for the look-up (one buffer for all).
        let mut lower = String::new();
        for (s, e) in spans {
            let slice = &text[s..e];
            let inside = if sorted {
                // Disjoint and in order: only the last finding starting at or before `s`
                // can hold the occurrence.
                let k = found.partition_point(|f| f.start <= s);
                k > 0 && e <= found[k - 1].end
            } else {
                found.iter().any(|f| f.start <= s && e <= f.end)
            };
            if inside {
                continue;
            }
            // A map value's kind is read once, however often it recurs.
            lower.clear();
            lower.push_str(slice);
            lower.make_ascii_lowercase();
            let kind = match index.get(lower.as_str()).copied() {
                Some(i) => *known[i].1.get_or_insert_with(|| self.kind_of_value(slice)),
                None => self.kind_of_value(slice),
            };
            out.push(Finding::new(s, e, kind, "known-value"));
        }
        out
    }

    fn kind_of_value(&self, value: &str) -> Kind {
        let whole = self
            .detector
            .detect(value)
            .into_iter()
            .find(|f| f.start == 0 && f.end == value.len());
        match whole {
            Some(f) => f.kind,
            None if value
                .chars()
                .all(|c| c.is_alphabetic() || c == ' ' || c == '-' || c == '\'' || c == '.') =>
            {
                Kind::Person
            }
            None => Kind::IdNumber,
        }
    }

    /// Redacts `text`.
    ///
    /// # Errors
    /// [`RedactError::TextTooLong`] above the character limit; [`RedactError::NamesUndecided`]
    /// in strict mode when the name check could not decide (never with the built-in
    /// recognisers, which always decide); [`RedactError::Unrestorable`] if no stand-ins give a
    /// text that restores exactly (fail closed; not seen outside of fuzzing).
    pub fn redact(&self, text: &str, opts: &RedactOptions) -> Result<Redaction, RedactError> {
        self.redact_detailed(text, opts).map(|(r, _)| r)
    }

    /// As [`Redactor::redact`], also returning the findings that were replaced (for counts by
    /// kind; a finding's span is in `text`, never in the result).
    ///
    /// # Errors
    /// As [`Redactor::redact`].
    pub fn redact_detailed(
        &self,
        text: &str,
        opts: &RedactOptions,
    ) -> Result<(Redaction, Vec<Finding>), RedactError> {
        self.redact_threads(text, opts, cores() > 1)
    }

    /// [`Redactor::redact_detailed`]; `beside`: a long text's stand-ins that follow no name
    /// are made on a second thread (the result is the same either way).
    pub(crate) fn redact_threads(
        &self,
        text: &str,
        opts: &RedactOptions,
        beside: bool,
    ) -> Result<(Redaction, Vec<Finding>), RedactError> {
        // Bytes bound characters from above: count only when the bytes exceed the limit.
        if text.len() > self.max_chars {
            let chars = text.chars().count();
            if chars > self.max_chars {
                return Err(RedactError::TextTooLong {
                    chars,
                    limit: self.max_chars,
                });
            }
        }
        let names_decided = opts.names != NameCheck::Undecided;
        if opts.strict && !names_decided {
            return Err(RedactError::NamesUndecided);
        }
        let (found, mut prepared) = self.findings_prepared(text, opts);
        let mut attempt = 0u64;
        loop {
            // Name-part entries make replies that use a part of a stand-in name restorable;
            // if they ever make the text unrestorable, the last attempts go without them.
            let r = self.replace(
                text,
                &found,
                opts,
                attempt,
                attempt < 2,
                prepared.take(),
                beside,
            );
            // The invariant restore(redact(x)) == x is checked on every call; a collision the
            // generator could not see (a stand-in glued to its neighbours forming another)
            // is retried with fresh stand-ins.
            if Restorer::new(&r.map).restore(&r.text).text == text {
                return Ok((Redaction { names_decided, ..r }, found));
            }
            attempt += 1;
            if attempt > 3 {
                return Err(RedactError::Unrestorable);
            }
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn replace(
        &self,
        text: &str,
        found: &[Finding],
        opts: &RedactOptions,
        attempt: u64,
        name_parts: bool,
        prepared: Option<PreparedText>,
        beside: bool,
    ) -> Redaction {
        let seed = self
            .seed
            .map(|s| s.wrapping_add(attempt.wrapping_mul(0x9E37_79B9_7F4A_7C15)));
        let mut owned = match seed {
            Some(s) => Surrogates::with_seed(s),
            None => Surrogates::new(),
        };
        if let Some(p) = &prepared {
            owned.use_prepared(p.clone());
        }
        // A long text's stand-ins of the kinds that follow no name (numbers, addresses, keys,
        // IP addresses) come from a generator of their own, on a second thread where there is
        // a core for it, while this one makes the people's, e-mail addresses', host names' and
        // links'. Which generator makes a stand-in depends on the text alone, never on the
        // machine: the seeded output is the same on any number of cores.
        let apart: Vec<usize> = if text.len() >= APART_FROM {
            found
                .iter()
                .enumerate()
                .filter(|(_, f)| !follows_names(f.kind))
                .map(|(i, _)| i)
                .collect()
        } else {
            Vec::new()
        };
        let owned_apart = (!apart.is_empty()).then(|| match seed {
            Some(s) => Surrogates::with_seed(s ^ APART_SEED),
            None => Surrogates::new(),
        });
        // Every call below is about `text`: bound once.
        let mut sur = owned.for_text(text);
        let mut map = opts.map.clone().unwrap_or_default();
        for (stand_in, real) in map.iter() {
            // A person known from the previous turn: their parts keep their stand-in parts,
            // so `Ms Doe` and `jane.doe@…` follow the stand-in `Emily Clark` again.
            let pairs = parts::pairs(real, stand_in);
            for &(r, s) in &pairs {
                sur.learn_name_part(r, s);
            }
            // A single name part (`Emily` → `Jane`) is learned, not reserved: learned parts
            // are never given to anyone else, and reserving it would keep it out of the
            // e-mail addresses that should follow it (`emily.clark@…`).
            let part_entry = pairs.len() == 1 && pairs[0] == (real, stand_in);
            if !part_entry {
                sur.reserve(stand_in);
            }
            sur.reserve(real);
        }
        let mut stand_ins: Vec<Option<String>> = vec![None; found.len()];
        let follow =
            |sur: &mut ForText<'_, '_>, map: &mut Map, stand_ins: &mut [Option<String>]| {
                self.stand_ins_following_names(sur, map, text, found, opts, name_parts, stand_ins);
            };
        let Some(mut owned_apart) = owned_apart else {
            follow(&mut sur, &mut map, &mut stand_ins);
            return finish(text, found, map, &stand_ins);
        };
        // The second generator reads the same index of the text (made beside detection, or
        // now).
        let index = prepared.unwrap_or_else(|| sur.prepared());
        owned_apart.use_prepared(index);
        let prior = opts.map.as_ref();
        let made_apart = if beside {
            std::thread::scope(|scope| {
                let beside =
                    scope.spawn(|| stand_ins_apart(&mut owned_apart, text, found, &apart, prior));
                follow(&mut sur, &mut map, &mut stand_ins);
                joined(beside)
            })
        } else {
            follow(&mut sur, &mut map, &mut stand_ins);
            stand_ins_apart(&mut owned_apart, text, found, &apart, prior)
        };
        join_apart(
            &mut sur,
            &owned_apart,
            &mut map,
            found,
            &apart,
            &made_apart,
            &mut stand_ins,
        );
        finish(text, found, map, &stand_ins)
    }

    /// The stand-ins of `found` made by `sur`, entered in `map` and `stand_ins`: people
    /// first, then the other findings in the text's order, but for those made apart
    /// ([`follows_names`] false in a text of [`APART_FROM`] bytes or more, left `None`).
    /// Then the name parts' own entries.
    #[allow(clippy::too_many_arguments)]
    fn stand_ins_following_names(
        &self,
        sur: &mut ForText<'_, '_>,
        map: &mut Map,
        text: &str,
        found: &[Finding],
        opts: &RedactOptions,
        name_parts: bool,
        stand_ins: &mut [Option<String>],
    ) {
        let apart = text.len() >= APART_FROM;
        // People first: e-mail addresses, links and host names built from a person's name
        // then follow that person's stand-in, wherever they occur in the text. Full names
        // come before single words, and a mention whose every word is a learned part
        // (`Jane`, `DOE` after `Jane Doe`) is built from the parts.
        let mut part_pairs: Vec<(String, String)> = Vec::new();
        let mut learned = parts::Learned::default();
        if let Some(prev) = &opts.map {
            for (stand_in, real) in prev.iter() {
                for (r, s) in parts::pairs(real, stand_in) {
                    learned.add(r, s);
                }
            }
        }
        let order = people_in_order(text, found);
        let mut deferred = Vec::new();
        for &i in &order {
            let f = &found[i];
            let real = f.slice(text);
            if let Some(s) = map.stand_in_for(real) {
                stand_ins[i] = Some(s.to_string());
                continue;
            }
            if name_parts && learned.covers(real) {
                deferred.push(i);
                continue;
            }
            if let Some(s) = new_stand_in(sur, map, f) {
                for (r, p) in parts::pairs(real, &s) {
                    learned.add(r, p);
                    if name_parts {
                        part_pairs.push((p.to_string(), r.to_string()));
                    }
                }
                stand_ins[i] = Some(s);
            } else {
                stand_ins[i] = Some(real.to_string());
            }
        }
        if !deferred.is_empty() {
            let in_text = learned.stand_ins_in_with(text, |p| sur.occurrences_in(p));
            for i in deferred {
                let f = &found[i];
                let real = f.slice(text);
                if let Some(s) = map.stand_in_for(real) {
                    stand_ins[i] = Some(s.to_string());
                    continue;
                }
                let built = learned
                    .build(real, &in_text)
                    .filter(|b| map.insert(b, real).is_ok());
                let s = match built {
                    Some(b) => b,
                    None => new_stand_in(sur, map, f).unwrap_or_else(|| real.to_string()),
                };
                stand_ins[i] = Some(s);
            }
        }
        for (i, f) in found.iter().enumerate() {
            if f.kind == Kind::Person || (apart && !follows_names(f.kind)) {
                continue;
            }
            let real = f.slice(text);
            let stand_in = match map.stand_in_for(real) {
                Some(s) => s.to_string(),
                None => new_stand_in(sur, map, f).unwrap_or_else(|| real.to_string()),
            };
            stand_ins[i] = Some(stand_in);
        }
        if !part_pairs.is_empty() {
            parts::add_to_map_with(map, part_pairs, |p| sur.occurs_in(p));
        }
    }

    /// Puts the real values of `map` back into `text`. An empty map returns the text
    /// unchanged.
    pub fn restore(&self, text: &str, map: &Map) -> Restoration {
        let r = Restorer::new(map).restore(text);
        Restoration {
            object: "restoration".into(),
            text: r.text,
            restored: r.restored,
        }
    }

    /// A compiled restorer for many texts or a stream with the same map.
    pub fn restorer(&self, map: &Map) -> Arc<Restorer> {
        Arc::new(Restorer::new(map))
    }
}

/// The indices of the people of `found` (spans in `text`), full names first (a space inside
/// the trimmed value), then single words, each in the order of `found`: the order stand-ins
/// are made in. (A stable partition: a stable sort by that key read the value again at each
/// comparison.)
pub(crate) fn people_in_order(text: &str, found: &[Finding]) -> Vec<usize> {
    let mut order = Vec::new();
    let mut single = Vec::new();
    for (i, f) in found.iter().enumerate() {
        if f.kind == Kind::Person {
            if f.slice(text).trim().contains(char::is_whitespace) {
                order.push(i);
            } else {
                single.push(i);
            }
        }
    }
    order.append(&mut single);
    order
}

/// Texts from this length on draw the stand-ins of the kinds that follow no name from a
/// second generator ([`Redactor::redact`]), on a second thread where there is a core for it
/// (the length from which detection reads on two threads; below it a thread costs more than
/// it saves).
const APART_FROM: usize = 32 * 1024;

/// Mixed into the seed of the second generator, so that its draws are not the first's.
const APART_SEED: u64 = 0xA5A5_5A5A_C3C3_3C3C;

/// Whether a kind's stand-in may follow a person's (`jane.doe@…` after `Jane Doe`, a host
/// or link named after them) or an organisation's invented domain: these come from the
/// generator that makes the people's. Numbers, addresses, keys and IP addresses follow no
/// name.
const fn follows_names(kind: Kind) -> bool {
    matches!(
        kind,
        Kind::Person | Kind::Email | Kind::Hostname | Kind::Url
    )
}

/// The stand-ins of the findings `apart` (indices into `found`, in the text's order), made by
/// their own generator `sur`, which first reserves the stand-ins and real values of the
/// previous map `prior` (on its own thread: a long conversation's map is large): a value of
/// `prior` keeps its stand-in, a value met again the one made for it first; `None` where the
/// generator finds none.
fn stand_ins_apart(
    sur: &mut Surrogates,
    text: &str,
    found: &[Finding],
    apart: &[usize],
    prior: Option<&Map>,
) -> Vec<Option<String>> {
    for (stand_in, real) in prior.iter().flat_map(|m| m.iter()) {
        sur.reserve(stand_in);
        sur.reserve(real);
    }
    let mut sur = sur.for_text(text);
    let mut made = Map::new();
    apart
        .iter()
        .map(|&i| {
            let f = &found[i];
            let real = f.slice(text);
            if let Some(s) = prior
                .and_then(|m| m.stand_in_for(real))
                .or_else(|| made.stand_in_for(real))
            {
                return Some(s.to_string());
            }
            new_stand_in(&mut sur, &mut made, f)
        })
        .collect()
}

/// Enters the stand-ins `made_apart` of the findings `apart` (indices into `found`, in the
/// text's order), made by the generator `other`, in `map` and `stand_ins`, in the text's
/// order. A value that has a stand-in already (the same text found as two kinds) keeps it; a
/// stand-in that clashes with one of `sur` (equal, or one inside the other where a restore
/// reads it) is not used: `sur` makes one that clashes with neither generator's.
fn join_apart(
    sur: &mut ForText<'_, '_>,
    other: &Surrogates,
    map: &mut Map,
    found: &[Finding],
    apart: &[usize],
    made_apart: &[Option<String>],
    stand_ins: &mut [Option<String>],
) {
    let text = sur.text();
    // Asked of every stand-in before any is made here.
    let usable: Vec<bool> = made_apart
        .iter()
        .map(|m| m.as_deref().is_some_and(|s| !sur.is_taken(s)))
        .collect();
    for ((&i, made), usable) in apart.iter().zip(made_apart).zip(usable) {
        let f = &found[i];
        let real = f.slice(text);
        if let Some(s) = map.stand_in_for(real) {
            stand_ins[i] = Some(s.to_string());
            continue;
        }
        let Some(s) = made else {
            // Neither generator finds one: the real value stays, and the restore check
            // refuses the result (as with one generator).
            stand_ins[i] = Some(real.to_string());
            continue;
        };
        if usable && map.insert(s, real).is_ok() {
            stand_ins[i] = Some(s.clone());
            continue;
        }
        let s = new_stand_in_where(sur, map, f, |s| !other.is_taken(s));
        stand_ins[i] = Some(s.unwrap_or_else(|| real.to_string()));
    }
}

/// The text of `found` (in order, disjoint) replaced by `stand_ins` (the real value where
/// none), with `map`.
fn finish(text: &str, found: &[Finding], map: Map, stand_ins: &[Option<String>]) -> Redaction {
    let mut out = String::with_capacity(text.len() + text.len() / 8);
    let mut last = 0;
    for (f, stand_in) in found.iter().zip(stand_ins) {
        out.push_str(&text[last..f.start]);
        out.push_str(stand_in.as_deref().unwrap_or_else(|| f.slice(text)));
        last = f.end;
    }
    out.push_str(&text[last..]);
    let redacted = map.len();
    Redaction {
        object: "redaction".into(),
        text: out,
        map,
        redacted,
        names_decided: true,
    }
}

const fn is_word_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_' || b >= 0x80
}

/// A stand-in for finding `f`, entered in `map`. A candidate that is already a stand-in of
/// another value (a name part learned from a previous map, which the generator may offer
/// again) is reserved and another drawn, a few times; `None` if none fits (the caller keeps
/// the real value, and the restore check refuses the result).
fn new_stand_in(sur: &mut ForText<'_, '_>, map: &mut Map, f: &Finding) -> Option<String> {
    new_stand_in_where(sur, map, f, |_| true)
}

/// [`new_stand_in`] of a candidate that `fits` too (a candidate that does not is never
/// offered again by `sur`).
fn new_stand_in_where(
    sur: &mut ForText<'_, '_>,
    map: &mut Map,
    f: &Finding,
    fits: impl Fn(&str) -> bool,
) -> Option<String> {
    let real = f.slice(sur.text());
    let kp = usize::from(f.keep_prefix);
    // A value written to dodge a filter (`jane [at] example [dot] com`, number words, a
    // glued label, invisible characters) gets a stand-in made for its plain form, written
    // back in the same style so a reply that repeats it restores.
    let unmasked = redact_detect::unmask(real, f.kind, kp);
    for _ in 0..8 {
        let Some(s) = candidate(sur, f, unmasked.as_ref()) else {
            continue;
        };
        // (A candidate handed out is reserved by the generator already.)
        if !fits(&s) {
            continue;
        }
        if map.insert(&s, real).is_ok() {
            return Some(s);
        }
        sur.reserve(&s);
    }
    None
}

/// One stand-in candidate for the finding `f` of the bound text; for a value written to dodge a
/// filter (`unmasked`), made for its plain form and written back in its style (`None` when
/// that styled form occurs in the text).
pub(crate) fn candidate(
    sur: &mut ForText<'_, '_>,
    f: &Finding,
    unmasked: Option<&redact_detect::Unmasked>,
) -> Option<String> {
    let real = f.slice(sur.text());
    match unmasked {
        None => Some(sur.stand_in(f.kind, f.rule, usize::from(f.keep_prefix), real)),
        Some(u) => {
            let plain = sur.stand_in(f.kind, f.rule, u.keep_prefix, &u.plain);
            let styled = u.restyle(&plain);
            if styled != plain && sur.text().contains(styled.as_str()) {
                sur.reserve(&plain);
                return None;
            }
            Some(styled)
        }
    }
}

/// Occurrences of `terms` in `text`, case-insensitively and as whole words.
pub(crate) fn occurrences(text: &str, terms: &[&str]) -> Vec<(usize, usize)> {
    occurrences_by(text, terms, word_edges)
}

/// Whole words: no letter, digit, `_` or non-ASCII character on both sides of an edge.
fn word_edges(text: &str, s: usize, e: usize) -> bool {
    let b = text.as_bytes();
    let left_ok = s == 0 || !is_word_byte(b[s - 1]) || !is_word_byte(b[s]);
    let right_ok = e == b.len() || !is_word_byte(b[e]) || !is_word_byte(b[e - 1]);
    left_ok && right_ok
}

// The edges a restore reads a stand-in at: `redact_entity::restore_edges`.
use redact_entity::restore_edges;

/// [`occurrences`] with the edges `edges` accepts.
fn occurrences_by(
    text: &str,
    terms: &[&str],
    edges: fn(&str, usize, usize) -> bool,
) -> Vec<(usize, usize)> {
    let terms: Vec<&str> = terms
        .iter()
        .map(|t| t.trim())
        .filter(|t| !t.is_empty())
        .collect();
    if terms.is_empty() {
        return Vec::new();
    }
    if terms.len() <= FEW_TERMS {
        return few_occurrences(text, &terms, edges);
    }
    leftmost_longest(text, &terms, edges)
}

/// The leftmost, longest, non-overlapping occurrences of `terms` (non-empty, ASCII
/// case-insensitively) in `text` at edges `edges` accepts, as [`few_occurrences`] keeps them:
/// from left to right, at each position the longest term that occurs there with accepted
/// edges, then on after it. An occurrence at edges not accepted (`ann lee` inside `Joann
/// Lee`) takes no text from one that is (`Lee`).
///
/// Without an automaton built per call: a table of the terms' first bytes rules most
/// positions out, and so does a start the edges cannot accept (inside a word: an ASCII
/// letter or digit after another); then a bit set of the terms' starts (1 or 2 bytes for
/// short terms, a hashed 4-byte gram for the others), and the lengths of the terms with that
/// start, longest first, in a hash set of the lowercased terms.
fn leftmost_longest(
    text: &str,
    terms: &[&str],
    edges: fn(&str, usize, usize) -> bool,
) -> Vec<(usize, usize)> {
    use std::collections::HashSet;
    const MUL: u32 = 0x9E37_79B1;
    const BITS: u32 = 16;
    let hash4 = |g: u32| (g.wrapping_mul(MUL) >> (32 - BITS)) as usize;
    let lower: Vec<String> = terms.iter().map(|t| t.to_ascii_lowercase()).collect();
    let set: HashSet<&[u8], Quick> = lower.iter().map(|t| t.as_bytes()).collect();
    // Terms of 1 to 3 bytes: bits by first byte (length 1) and first two bytes (2 and 3).
    let mut first1 = [false; 256];
    let mut first2 = vec![0u64; 1 << 10];
    let mut any_short = false;
    // Longer terms: bits by hashed first 4 bytes, and those bytes → lengths (longest first).
    let mut start4 = vec![0u64; 1 << (BITS - 6)];
    let mut lens4: HashMap<u32, Vec<usize>, Quick> = HashMap::default();
    let gram = |b: &[u8]| u32::from_be_bytes([b[0], b[1], b[2], b[3]]);
    for t in &lower {
        let b = t.as_bytes();
        match b.len() {
            0 => {}
            1 => first1[usize::from(b[0])] = true,
            2 | 3 => {
                any_short = true;
                let k = usize::from(b[0]) << 8 | usize::from(b[1]);
                first2[k >> 6] |= 1 << (k & 63);
            }
            _ => {
                let g = gram(b);
                let h = hash4(g);
                start4[h >> 6] |= 1 << (h & 63);
                let l = lens4.entry(g).or_default();
                if !l.contains(&b.len()) {
                    l.push(b.len());
                }
            }
        }
    }
    for l in lens4.values_mut() {
        l.sort_unstable_by(|a, b| b.cmp(a));
    }
    // The first bytes of the terms: a position whose byte is none of them is passed over
    // with one look-up (most are: spaces, digits, punctuation, letters no term starts with).
    let mut first = [false; 256];
    for t in &lower {
        if let Some(&c) = t.as_bytes().first() {
            first[usize::from(c)] = true;
        }
    }
    // Whether `edges` turns down every start between two ASCII letters or digits (the
    // edges of whole words and of a restore do): such starts are passed over unasked.
    let glued_fails = !edges("aa", 1, 1) && !edges("a1", 1, 1) && !edges("1a", 1, 1);
    let hay = text.to_ascii_lowercase();
    let hay = hay.as_bytes();
    let n = hay.len();
    // A term of `l` bytes at `s` (the term's bytes are whole characters, so `s + l` is a
    // character boundary when `s` is) with accepted edges.
    let ok =
        |s: usize, l: usize| l <= n - s && set.contains(&hay[s..s + l]) && edges(text, s, s + l);
    let mut out = Vec::new();
    let mut s = 0;
    while s < n {
        let c = hay[s];
        // Where to go on from a start that is no match: past the rest of its run of ASCII
        // letters and digits, starts glued to it, when the edges turn those down. (A match
        // never ends inside such a run then, so no start is glued on the left.)
        let next = if glued_fails && c.is_ascii_alphanumeric() {
            let tail = &hay[s + 1..];
            s + 1
                + tail
                    .iter()
                    .position(|b| !b.is_ascii_alphanumeric())
                    .unwrap_or(tail.len())
        } else {
            s + 1
        };
        // A start the edges turn down for every term needs no look-up of the terms: for
        // the edges used here, `edges(text, s, s)` is the test of the left edge alone (a
        // term's first byte starts a character, so `s` is a boundary; at 0 every start is).
        if !first[usize::from(c)] || (s > 0 && !edges(text, s, s)) {
            s = next;
            continue;
        }
        let rest = &hay[s..];
        let mut best = 0;
        if rest.len() >= 4 {
            let g = gram(rest);
            let h = hash4(g);
            if start4[h >> 6] & (1 << (h & 63)) != 0
                && let Some(lens) = lens4.get(&g)
            {
                best = lens.iter().copied().find(|&l| ok(s, l)).unwrap_or(0);
            }
        }
        if best == 0 && any_short && rest.len() >= 2 {
            let k = usize::from(rest[0]) << 8 | usize::from(rest[1]);
            if first2[k >> 6] & (1 << (k & 63)) != 0 {
                best = [3, 2].into_iter().find(|&l| ok(s, l)).unwrap_or(0);
            }
        }
        if best == 0 && first1[usize::from(rest[0])] && edges(text, s, s + 1) {
            best = 1;
        }
        if best > 0 {
            out.push((s, s + best));
            s += best;
        } else {
            s = next;
        }
    }
    out
}

/// The hasher of [`leftmost_longest`]'s tables, asked at many positions of a text (SipHash,
/// the default, was a fifth of the search); the keys are the caller's own terms.
type Quick = redact_entity::fxhash::FxBuildHasher;

/// [`occurrences_by`] with an automaton, as it was built before [`leftmost_longest`].
#[cfg(test)]
fn occurrences_by_automaton(
    text: &str,
    terms: &[&str],
    edges: fn(&str, usize, usize) -> bool,
) -> Vec<(usize, usize)> {
    let terms: Vec<&str> = terms
        .iter()
        .map(|t| t.trim())
        .filter(|t| !t.is_empty())
        .collect();
    if terms.is_empty() {
        return Vec::new();
    }
    if terms.len() <= FEW_TERMS {
        return few_occurrences(text, &terms, edges);
    }
    let Ok(ac) = AhoCorasick::builder()
        // Built per call and searched once: a contiguous NFA builds far faster than a DFA.
        .kind(Some(aho_corasick::AhoCorasickKind::ContiguousNFA))
        .ascii_case_insensitive(true)
        .match_kind(aho_corasick::MatchKind::LeftmostLongest)
        .build(&terms)
    else {
        return Vec::new();
    };
    ac.find_iter(text)
        .filter(|m| edges(text, m.start(), m.end()))
        .map(|m| (m.start(), m.end()))
        .collect()
}

/// Up to this many terms, searching for each one is cheaper than building an automaton (the
/// build was 8 % of the gateway's time under load when done for every call).
const FEW_TERMS: usize = 8;

/// [`occurrences_by`] for a few terms: each lower-cased term searched in the lower-cased
/// text (ASCII case folding keeps offsets), at accepted edges only, then the leftmost,
/// longest, non-overlapping ones kept.
fn few_occurrences(
    text: &str,
    terms: &[&str],
    edges: fn(&str, usize, usize) -> bool,
) -> Vec<(usize, usize)> {
    let lower = text.to_ascii_lowercase();
    let mut found: Vec<(usize, usize)> = Vec::new();
    for t in terms {
        let t = t.to_ascii_lowercase();
        for (s, m) in lower.match_indices(t.as_str()) {
            let e = s + m.len();
            if edges(text, s, e) {
                found.push((s, e));
            }
        }
    }
    found.sort_by(|a, b| a.0.cmp(&b.0).then(b.1.cmp(&a.1)));
    let mut out: Vec<(usize, usize)> = Vec::with_capacity(found.len());
    for (s, e) in found {
        if out.last().is_none_or(|&(_, le)| s >= le) {
            out.push((s, e));
        }
    }
    out
}

fn allowed_spans(text: &str, allow: &[String]) -> Vec<(usize, usize)> {
    let terms: Vec<&str> = allow.iter().map(String::as_str).collect();
    let mut spans = occurrences(text, &terms);
    // Non-ASCII terms in another case ("ÉLODIE" for "Élodie"): compare lower-cased words.
    if allow.iter().any(|t| !t.is_ascii()) {
        let lower = text.to_lowercase();
        if lower.len() == text.len() {
            let terms_l: Vec<String> = allow.iter().map(|t| t.to_lowercase()).collect();
            let terms_l: Vec<&str> = terms_l.iter().map(String::as_str).collect();
            spans.extend(occurrences(&lower, &terms_l));
        }
    }
    spans
}

/// Person findings for the names a model said are people: every whole-word occurrence,
/// in any case, of the name and of its parts of three or more letters that are not common
/// words.
fn model_name_findings(text: &str, names: &[String]) -> Vec<Finding> {
    let mut terms: Vec<String> = Vec::new();
    for n in names {
        let n = n.trim();
        if n.chars().filter(|c| c.is_alphabetic()).count() < 2 {
            continue;
        }
        terms.push(n.to_string());
        let words: Vec<&str> = n
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|w| !w.is_empty())
            .collect();
        if words.len() > 1 {
            for w in words {
                let w = w.trim_matches(|c: char| !c.is_alphanumeric());
                let capitalised = w.chars().next().is_some_and(char::is_uppercase);
                let common = redact_detect::name_info(w).is_some_and(|i| i.common_word);
                if w.chars().count() >= 3 && capitalised && !common {
                    terms.push(w.to_string());
                }
            }
        }
    }
    let refs: Vec<&str> = terms.iter().map(String::as_str).collect();
    occurrences(text, &refs)
        .into_iter()
        .map(|(s, e)| Finding::new(s, e, Kind::Person, "name-model"))
        .collect()
}

mod parts;
mod profile;
mod stream;

pub use stream::{
    PieceSeen, StreamPiece, StreamRedactor, piece_findings, piece_findings_on_this_thread,
    piece_seen,
};

#[cfg(test)]
mod tests;

#[cfg(test)]
mod occurrence_tests {
    use super::*;
    use proptest::prelude::*;

    /// The leftmost, longest, non-overlapping occurrences among all those at accepted
    /// edges, by trying every term at every character boundary.
    fn greedy_occurrences(
        text: &str,
        terms: &[&str],
        edges: fn(&str, usize, usize) -> bool,
    ) -> Vec<(usize, usize)> {
        let lower = text.to_ascii_lowercase();
        let terms: Vec<String> = terms
            .iter()
            .map(|t| t.trim().to_ascii_lowercase())
            .filter(|t| !t.is_empty())
            .collect();
        let mut out = Vec::new();
        let mut s = 0;
        while s < text.len() {
            let best = terms
                .iter()
                .filter(|t| {
                    text.is_char_boundary(s)
                        && lower[s..].starts_with(t.as_str())
                        && edges(text, s, s + t.len())
                })
                .map(String::len)
                .max();
            match best {
                Some(l) => {
                    out.push((s, s + l));
                    s += l;
                }
                None => s += 1,
            }
        }
        out
    }

    #[test]
    fn an_occurrence_at_refused_edges_takes_no_text_from_one_at_accepted_edges() {
        // Twelve terms: the hashed search. `ann lee` inside `Joann Lee` is no whole word and
        // `lee-ann` inside `Lee-Anne` neither; `Lee` is, both times.
        let terms = [
            "ann lee", "lee", "lee-ann", "t01", "t02", "t03", "t04", "t05", "t06", "t07", "t08",
            "t09",
        ];
        let text = "Joann Lee met Lee-Anne.";
        let got: Vec<&str> = occurrences(text, &terms)
            .into_iter()
            .map(|(s, e)| &text[s..e])
            .collect();
        assert_eq!(got, ["Lee", "Lee"]);
    }

    proptest! {
        /// The people's order is the stable sort by "a single word" it replaced.
        #[test]
        fn people_in_order_is_the_stable_sort_it_replaced(
            kinds in proptest::collection::vec((0u8..3, "[ a-c]{0,5}"), 0..24),
        ) {
            let mut text = String::new();
            let mut found = Vec::new();
            for (k, v) in &kinds {
                let start = text.len();
                text.push_str(v);
                let kind = if *k == 0 { Kind::Email } else { Kind::Person };
                found.push(Finding::new(start, text.len(), kind, "test"));
                text.push('|');
            }
            let mut sorted: Vec<usize> = (0..found.len())
                .filter(|&i| found[i].kind == Kind::Person)
                .collect();
            sorted.sort_by_key(|&i| !found[i].slice(&text).trim().contains(char::is_whitespace));
            prop_assert_eq!(people_in_order(&text, &found), sorted);
        }

        /// The hashed search keeps the leftmost, longest occurrences at accepted edges, for
        /// both kinds of edges; with every edge accepted, what an automaton finds.
        #[test]
        fn occurrences_match_the_greedy_search_and_the_automaton(
            text in "[abAB1 é_-]{0,120}",
            terms in proptest::collection::vec("[abAB1 é_-]{1,7}", 9..24),
        ) {
            let refs: Vec<&str> = terms.iter().map(String::as_str).collect();
            for edges in [word_edges as fn(&str, usize, usize) -> bool, restore_edges] {
                prop_assert_eq!(
                    occurrences_by(&text, &refs, edges),
                    greedy_occurrences(&text, &refs, edges)
                );
            }
            let all = |_: &str, _: usize, _: usize| true;
            prop_assert_eq!(
                occurrences_by(&text, &refs, all),
                occurrences_by_automaton(&text, &refs, all)
            );
        }
    }
}
