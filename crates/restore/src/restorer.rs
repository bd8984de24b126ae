//! The compiled restorer: literal keys (stand-ins and their variants, ASCII
//! lower-cased) searched leftmost-longest, plus digit variants.

use std::fmt;

use aho_corasick::packed;
use aho_corasick::{AhoCorasick, Input, MatchKind, Span};

use crate::digits::{self, DigitTrie, Walk};
use crate::map::Map;

/// Size of the blocks the text is ASCII-lower-cased in before searching.
const BLOCK: usize = 32 * 1024;

const NO_PARENT: u32 = u32::MAX;

/// The result of [`restore`](crate::restore) / [`Restorer::restore`].
#[derive(Clone, Default, PartialEq, Eq)]
pub struct Restored {
    /// The text with real values put back.
    pub text: String,
    /// How many stand-ins (or variants) were replaced.
    pub restored: usize,
}

impl fmt::Debug for Restored {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // The text holds personal data: print its size only.
        f.debug_struct("Restored")
            .field("text_len", &self.text.len())
            .field("restored", &self.restored)
            .finish()
    }
}

/// What [`Restorer::restore_partial`] did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Progress {
    /// Bytes of the input that are final: their restored form was written.
    /// The rest (`&text[consumed..]`) must be offered again, followed by more
    /// text. Always a char boundary; equal to the length with `at_end`.
    pub consumed: usize,
    /// Replacements written.
    pub restored: usize,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum TargetKind {
    /// The stand-in itself (matched ASCII-case-insensitively).
    StandIn = 0,
    /// Its Unicode upper- or lower-case form (non-ASCII letters).
    UnicodeCase = 1,
    /// The same characters with other spacing (IBAN grouping): real verbatim.
    Spacing = 2,
}

#[derive(Debug, Clone, Copy)]
struct Target {
    kind: TargetKind,
    entry: u32,
}

struct Entry {
    stand_in: Box<str>,
    real: Box<str>,
    /// Stand-in contains '@': restore the real value verbatim whatever the case.
    email: bool,
    /// Stand-in has no upper-case letter.
    all_lower: bool,
}

#[derive(Clone)]
enum Searcher {
    Packed(packed::Searcher),
    Ac(AhoCorasick),
    Nothing,
}

/// A [`Map`] compiled for restoring many texts or streams.
///
/// Build once per map (the build is linear in the total size of the
/// stand-ins), then call [`restore`](Restorer::restore) for each text. Cheap to
/// share behind an `Arc` (`Send + Sync`). `Debug` prints no stand-in or value.
#[derive(Clone)]
pub struct Restorer {
    entries: std::sync::Arc<[Entry]>,
    /// ASCII-lower-cased literal keys, sorted, unique. Pattern id = index.
    keys: Vec<Box<[u8]>>,
    /// For key `i`, `targets[target_ranges[i]..target_ranges[i+1]]`, in
    /// priority order.
    target_ranges: Vec<u32>,
    targets: Vec<Target>,
    /// Longest key that is a proper prefix of key `i`, or `NO_PARENT`.
    parent: Vec<u32>,
    searcher: Searcher,
    digits: DigitTrie,
    max_key_len: usize,
    block: usize,
}

impl fmt::Debug for Restorer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Restorer")
            .field("stand_ins", &self.entries.len())
            .field("keys", &self.keys.len())
            .field("digit_variants", &!self.digits.is_empty())
            .field("max_match_len", &self.max_match_len())
            .finish_non_exhaustive()
    }
}

impl Default for Restorer {
    fn default() -> Restorer {
        Restorer::new(&Map::new())
    }
}

impl From<&Map> for Restorer {
    fn from(map: &Map) -> Restorer {
        Restorer::new(map)
    }
}

/// IBAN shape: two letters, two digits, 11–30 letters or digits, written
/// with single spaces or none. Returns the compact form.
fn iban_compact(stand_in: &str) -> Option<String> {
    if !stand_in
        .bytes()
        .all(|b| b.is_ascii_uppercase() || b.is_ascii_digit() || b == b' ')
        || stand_in.starts_with(' ')
        || stand_in.ends_with(' ')
        || stand_in.contains("  ")
    {
        return None;
    }
    let compact: String = stand_in.chars().filter(|&c| c != ' ').collect();
    let b = compact.as_bytes();
    let shaped = (15..=34).contains(&b.len())
        && b[..2].iter().all(u8::is_ascii_uppercase)
        && b[2..4].iter().all(u8::is_ascii_digit);
    shaped.then_some(compact)
}

fn iban_grouped(compact: &str) -> String {
    let mut out = String::with_capacity(compact.len() + compact.len() / 4);
    for (i, c) in compact.chars().enumerate() {
        if i > 0 && i % 4 == 0 {
            out.push(' ');
        }
        out.push(c);
    }
    out
}

impl Restorer {
    /// Compiles `map`.
    pub fn new(map: &Map) -> Restorer {
        let mut entries = Vec::with_capacity(map.len());
        // (key, target) pairs before grouping.
        let mut raw: Vec<(Box<[u8]>, Target)> = Vec::with_capacity(map.len() * 2);
        let mut digits = DigitTrie::new();
        for (i, (stand_in, real)) in map.iter().enumerate() {
            let Ok(entry) = u32::try_from(i) else { break };
            entries.push(Entry {
                stand_in: stand_in.into(),
                real: real.into(),
                email: stand_in.contains('@'),
                all_lower: !stand_in.chars().any(char::is_uppercase),
            });
            let key = |s: &str| -> Box<[u8]> { s.to_ascii_lowercase().into_bytes().into() };
            let base = key(stand_in);
            raw.push((
                base.clone(),
                Target {
                    kind: TargetKind::StandIn,
                    entry,
                },
            ));
            if !stand_in.is_ascii() {
                for variant in [stand_in.to_uppercase(), stand_in.to_lowercase()] {
                    let k = key(&variant);
                    if k != base && !k.is_empty() {
                        raw.push((
                            k,
                            Target {
                                kind: TargetKind::UnicodeCase,
                                entry,
                            },
                        ));
                    }
                }
            }
            if let Some(compact) = iban_compact(stand_in) {
                for variant in [iban_grouped(&compact), compact] {
                    let k = key(&variant);
                    if k != base {
                        raw.push((
                            k,
                            Target {
                                kind: TargetKind::Spacing,
                                entry,
                            },
                        ));
                    }
                }
            }
            for (form, rank) in digits::digit_forms(stand_in) {
                digits.add(&form, rank, entry);
            }
        }
        raw.sort_by(|a, b| {
            a.0.cmp(&b.0)
                .then(a.1.kind.cmp(&b.1.kind))
                .then(a.1.entry.cmp(&b.1.entry))
        });

        let mut keys: Vec<Box<[u8]>> = Vec::new();
        let mut target_ranges = vec![0u32];
        let mut targets = Vec::with_capacity(raw.len());
        for (k, t) in raw {
            if keys.last() != Some(&k) {
                if !keys.is_empty() {
                    target_ranges.push(targets.len() as u32);
                }
                keys.push(k);
            }
            targets.push(t);
        }
        target_ranges.push(targets.len() as u32);

        // Prefix chains: in sorted order the keys that are prefixes of a key
        // are exactly those left on a stack of mutual prefixes.
        let mut parent = Vec::with_capacity(keys.len());
        let mut stack: Vec<usize> = Vec::new();
        for (i, k) in keys.iter().enumerate() {
            while let Some(&top) = stack.last() {
                if k.starts_with(&keys[top]) {
                    break;
                }
                stack.pop();
            }
            parent.push(stack.last().map_or(NO_PARENT, |&p| p as u32));
            stack.push(i);
        }

        let max_key_len = keys.iter().map(|k| k.len()).max().unwrap_or(0);
        let searcher = Self::build_searcher(&keys);
        Restorer {
            entries: entries.into(),
            keys,
            target_ranges,
            targets,
            parent,
            searcher,
            digits,
            max_key_len,
            block: BLOCK,
        }
    }

    fn build_searcher(keys: &[Box<[u8]>]) -> Searcher {
        if keys.is_empty() {
            return Searcher::Nothing;
        }
        let packed = packed::Config::new()
            .match_kind(packed::MatchKind::LeftmostLongest)
            .builder()
            .extend(keys)
            .build();
        if let Some(p) = packed {
            return Searcher::Packed(p);
        }
        match AhoCorasick::builder()
            .match_kind(MatchKind::LeftmostLongest)
            .build(keys)
        {
            Ok(ac) => Searcher::Ac(ac),
            // Only when the automaton would exceed its state-id space, far
            // beyond any map that fits in memory.
            Err(_) => Searcher::Nothing,
        }
    }

    #[cfg(test)]
    pub(crate) fn with_block_size(mut self, block: usize) -> Restorer {
        self.block = block.max(1);
        self
    }

    #[cfg(test)]
    pub(crate) fn with_ac_searcher(mut self) -> Restorer {
        if let Ok(ac) = AhoCorasick::builder()
            .match_kind(MatchKind::LeftmostLongest)
            .build(&self.keys)
        {
            self.searcher = Searcher::Ac(ac);
        }
        self
    }

    #[cfg(test)]
    pub(crate) fn uses_packed_searcher(&self) -> bool {
        matches!(self.searcher, Searcher::Packed(_))
    }

    /// Number of stand-ins compiled.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether the map was empty (restore is then the identity).
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// An upper bound, in bytes, on the length of any match (a stand-in or a
    /// tolerated variant of it), not counting the one character of lookahead
    /// needed to check the end of a word. A stream never holds back more.
    pub fn max_match_len(&self) -> usize {
        self.max_key_len.max(self.digits.max_variant_len())
    }

    /// Restores `text` in one go.
    pub fn restore(&self, text: &str) -> Restored {
        let mut out = String::with_capacity(text.len() + text.len() / 8);
        let restored = self.restore_into(text, &mut out);
        Restored {
            text: out,
            restored,
        }
    }

    /// Restores `text`, appending the result to `out`; returns the number of
    /// replacements.
    pub fn restore_into(&self, text: &str, out: &mut String) -> usize {
        self.restore_partial(text, None, true, out).restored
    }

    /// The incremental form that streaming is built on.
    ///
    /// `text` is the not-yet-final part of a longer text, `before` the
    /// character just before it in that text (`None` at its start). Appends to
    /// `out` the restored form of the longest prefix of `text` whose output
    /// can no longer change whatever follows, and returns its length as
    /// `consumed`. With `at_end` the text is complete and everything is
    /// consumed.
    ///
    /// Feeding a text piece by piece (each time `&text[consumed..]` followed
    /// by the next piece, `before` the last char consumed so far), then once
    /// with `at_end`, writes exactly what [`Restorer::restore`] writes for the
    /// whole text. What is not consumed starts where a match could still
    /// begin ([`Restorer::pending_start`]), so it is at most
    /// [`max_match_len`](Restorer::max_match_len) bytes long.
    pub fn restore_partial(
        &self,
        text: &str,
        before: Option<char>,
        at_end: bool,
        out: &mut String,
    ) -> Progress {
        if self.is_empty() {
            out.push_str(text);
            return Progress {
                consumed: text.len(),
                restored: 0,
            };
        }
        let hay = text.as_bytes();
        let len = hay.len();
        let mut pending = if at_end {
            len
        } else {
            self.pending_from(text, 0, before)
        };
        let mut finder = Finder::new(self, len);
        let mut next_digit: Option<Option<usize>> = None;
        let mut pos = 0;
        let mut emitted = 0;
        let mut restored = 0;
        loop {
            if pos > pending {
                pending = self.pending_from(text, pos, before);
            }
            let lit = finder.find(hay, pos);
            let dig = if self.digits.is_empty() {
                None
            } else {
                let d = match next_digit {
                    Some(Some(d)) if d >= pos => Some(d),
                    Some(None) => None,
                    _ => {
                        let d = digits::find_digit(hay, pos);
                        next_digit = Some(d);
                        d
                    }
                };
                d.map(|d| {
                    if d > pos && matches!(hay[d - 1], b'+' | b'(') {
                        d - 1
                    } else {
                        d
                    }
                })
            };
            let start = match (lit, dig) {
                (Some(l), Some(d)) => l.start.min(d),
                (Some(l), None) => l.start,
                (None, Some(d)) => d,
                (None, None) => break,
            };
            if start >= pending {
                break;
            }
            let prev = prev_char(text, start, before);
            let lit_here = lit.filter(|l| l.start == start);
            let best = self.decide(text, start, prev, at_end, lit_here, dig == Some(start));
            match best {
                Some((end, choice)) => {
                    out.push_str(&text[emitted..start]);
                    self.write_replacement(out, &text[start..end], choice);
                    restored += 1;
                    emitted = end;
                    pos = end;
                }
                None => {
                    pos = start + text[start..].chars().next().map_or(1, char::len_utf8);
                }
            }
        }
        let consumed = pending.max(emitted).min(len);
        out.push_str(&text[emitted..consumed]);
        Progress { consumed, restored }
    }

    /// Where a stream would start holding back: the first position of
    /// `text` at which a match could still begin if more text followed
    /// (`text.len()` when there is none). `before` is the character before
    /// `text`.
    pub fn pending_start(&self, text: &str, before: Option<char>) -> usize {
        if self.is_empty() {
            return text.len();
        }
        self.pending_from(text, 0, before)
    }

    /// The first `p >= from` at which the decision depends on text after
    /// `text`.
    fn pending_from(&self, text: &str, from: usize, before: Option<char>) -> usize {
        let len = text.len();
        let mut p = from.max(len.saturating_sub(self.max_match_len()));
        while !text.is_char_boundary(p) {
            p += 1;
        }
        while p < len {
            if self.is_pending(text, p, before) {
                return p;
            }
            p += text[p..].chars().next().map_or(1, char::len_utf8);
        }
        len
    }

    fn is_pending(&self, text: &str, p: usize, before: Option<char>) -> bool {
        let prev = prev_char(text, p, before);
        let rest = &text.as_bytes()[p..];
        let glued = prev.is_some_and(char::is_alphanumeric)
            && text[p..].chars().next().is_some_and(char::is_alphanumeric);
        if !glued && rest.len() <= self.max_key_len && self.key_prefix_exists(rest) {
            return true;
        }
        !self.digits.is_empty()
            && matches!(rest.first(), Some(b'0'..=b'9' | b'+' | b'('))
            && self.digits.walk(text, p, prev, false) == Walk::NeedMore
    }

    /// Whether some key starts with `bytes` (ASCII-case-insensitively).
    fn key_prefix_exists(&self, bytes: &[u8]) -> bool {
        let idx = self.keys.partition_point(|k| {
            for (a, b) in k.iter().zip(bytes) {
                let b = b.to_ascii_lowercase();
                if *a != b {
                    return *a < b;
                }
            }
            k.len() < bytes.len()
        });
        self.keys.get(idx).is_some_and(|k| {
            k.len() >= bytes.len()
                && k.iter()
                    .zip(bytes)
                    .all(|(a, b)| *a == b.to_ascii_lowercase())
        })
    }

    /// The longest valid match at `start`: literal keys first (the longest
    /// one the finder saw, then the keys that are its prefixes), then digit
    /// variants; a literal wins a tie.
    fn decide(
        &self,
        text: &str,
        start: usize,
        prev: Option<char>,
        at_end: bool,
        lit: Option<LitMatch>,
        digit_event: bool,
    ) -> Option<(usize, Choice)> {
        let mut best: Option<(usize, Choice)> = None;
        if let Some(l) = lit {
            let first_alnum = text[start..]
                .chars()
                .next()
                .is_some_and(char::is_alphanumeric);
            if !(first_alnum && prev.is_some_and(char::is_alphanumeric)) {
                let mut key = l.key;
                while key != NO_PARENT {
                    let end = start + self.keys[key as usize].len();
                    let last_alnum = text[..end]
                        .chars()
                        .next_back()
                        .is_some_and(char::is_alphanumeric);
                    let next_alnum = text[end..]
                        .chars()
                        .next()
                        .is_some_and(char::is_alphanumeric);
                    if !(last_alnum && next_alnum) {
                        best = Some((end, self.pick_target(key, &text[start..end])));
                        break;
                    }
                    key = self.parent[key as usize];
                }
            }
        }
        if digit_event
            && let Walk::Done(Some((end, entry))) = self.digits.walk(text, start, prev, at_end)
            && best.is_none_or(|(e, _)| end > e)
        {
            best = Some((end, Choice::Verbatim(entry)));
        }
        best
    }

    fn pick_target(&self, key: u32, matched: &str) -> Choice {
        let k = key as usize;
        let range = self.target_ranges[k] as usize..self.target_ranges[k + 1] as usize;
        let targets = &self.targets[range];
        let exact = targets.iter().find(|t| {
            t.kind == TargetKind::StandIn && &*self.entries[t.entry as usize].stand_in == matched
        });
        match exact.or(targets.first()) {
            Some(t) if t.kind == TargetKind::Spacing => Choice::Verbatim(t.entry),
            Some(t) => Choice::Cased(t.entry),
            // Every key has at least one target.
            None => Choice::Verbatim(0),
        }
    }

    fn write_replacement(&self, out: &mut String, matched: &str, choice: Choice) {
        let (entry, cased) = match choice {
            Choice::Verbatim(e) => (e, false),
            Choice::Cased(e) => (e, true),
        };
        let Some(entry) = self.entries.get(entry as usize) else {
            out.push_str(matched);
            return;
        };
        if !cased || entry.email || matched == &*entry.stand_in {
            out.push_str(&entry.real);
            return;
        }
        let upper = matched.chars().any(char::is_uppercase);
        let lower = matched.chars().any(char::is_lowercase);
        if upper && !lower {
            out.push_str(&entry.real.to_uppercase());
        } else if lower && !upper && !entry.all_lower {
            out.push_str(&entry.real.to_lowercase());
        } else {
            out.push_str(&entry.real);
        }
    }
}

#[derive(Debug, Clone, Copy)]
enum Choice {
    /// Write the real value as it is.
    Verbatim(u32),
    /// Write the real value in the case style of the matched text.
    Cased(u32),
}

fn prev_char(text: &str, at: usize, before: Option<char>) -> Option<char> {
    if at == 0 {
        before
    } else {
        text[..at].chars().next_back()
    }
}

#[derive(Debug, Clone, Copy)]
struct LitMatch {
    start: usize,
    key: u32,
}

/// Leftmost-longest search for literal keys, over the text ASCII-lower-cased
/// block by block (so the SIMD searcher can run case-sensitively).
struct Finder<'r> {
    r: &'r Restorer,
    buf: Vec<u8>,
    /// Text offset of `buf[0]`.
    buf_start: usize,
    /// Matches are accepted from this buffer only if they start before this.
    accept_end: usize,
    cached: Option<LitMatch>,
    /// No match starts at or after this offset.
    none_from: Option<usize>,
}

impl<'r> Finder<'r> {
    fn new(r: &'r Restorer, len: usize) -> Finder<'r> {
        let cap = len.min(r.block) + r.max_key_len;
        Finder {
            r,
            buf: Vec::with_capacity(if r.keys.is_empty() { 0 } else { cap }),
            buf_start: 0,
            accept_end: 0,
            cached: None,
            none_from: None,
        }
    }

    fn find(&mut self, hay: &[u8], mut pos: usize) -> Option<LitMatch> {
        if let Some(m) = self.cached
            && m.start >= pos
        {
            return Some(m);
        }
        if self.none_from.is_some_and(|n| n <= pos) {
            return None;
        }
        let searcher = &self.r.searcher;
        if matches!(searcher, Searcher::Nothing) {
            self.none_from = Some(0);
            return None;
        }
        let len = hay.len();
        loop {
            if pos >= len {
                self.none_from = Some(pos);
                return None;
            }
            if !(self.buf_start <= pos && pos < self.accept_end) {
                self.fill(hay, pos);
            }
            let span = Span {
                start: pos - self.buf_start,
                end: self.buf.len(),
            };
            let found = match searcher {
                Searcher::Packed(p) => p
                    .find_in(&self.buf, span)
                    .map(|m| (m.start(), m.pattern().as_u32())),
                Searcher::Ac(ac) => ac
                    .find(Input::new(&self.buf).span(span))
                    .map(|m| (m.start(), m.pattern().as_u32())),
                Searcher::Nothing => None,
            };
            if let Some((s, key)) = found {
                let start = self.buf_start + s;
                if start < self.accept_end {
                    let m = LitMatch { start, key };
                    self.cached = Some(m);
                    return Some(m);
                }
            }
            if self.accept_end >= len {
                self.none_from = Some(pos);
                return None;
            }
            pos = self.accept_end;
        }
    }

    fn fill(&mut self, hay: &[u8], pos: usize) {
        let len = hay.len();
        self.buf_start = pos;
        self.accept_end = pos.saturating_add(self.r.block).min(len);
        let end = self.accept_end.saturating_add(self.r.max_key_len).min(len);
        self.buf.clear();
        self.buf.extend(hay[pos..end].iter().map(|&b| {
            // ASCII lower-case, written to auto-vectorise.
            b | (u8::from(b.wrapping_sub(b'A') < 26) << 5)
        }));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    const POOL: &[&str] = &[
        "Emily Clark",
        "Emily",
        "Clark",
        "emily.clark@fenwick-labs.com",
        "Ann",
        "José",
        "(415) 555-0148",
        "DE44 5001 0517 5407 3249 31",
        "ab",
        "abab",
    ];

    fn pool_map(mask: u16) -> Map {
        let mut map = Map::new();
        for (i, s) in POOL.iter().enumerate() {
            if mask & (1 << i) != 0 {
                map.insert(*s, format!("R{i}")).unwrap();
            }
        }
        map
    }

    fn text_from(parts: &[(usize, String)]) -> String {
        let mut text = String::new();
        for (i, filler) in parts {
            text.push_str(filler);
            text.push_str(POOL[i % POOL.len()]);
        }
        text
    }

    proptest! {
        /// Block-wise lower-casing and the Aho-Corasick fallback find exactly
        /// what one big block with the SIMD searcher finds.
        #[test]
        fn block_size_and_searcher_do_not_change_results(
            mask in any::<u16>(),
            parts in prop::collection::vec((any::<usize>(), "[abAB .日]{0,5}"), 0..12),
            block in 1usize..24,
        ) {
            let map = pool_map(mask);
            let text = text_from(&parts);
            let reference = Restorer::new(&map).restore(&text);
            let small = Restorer::new(&map).with_block_size(block).restore(&text);
            prop_assert_eq!(&small, &reference);
            let ac = Restorer::new(&map).with_ac_searcher().with_block_size(block).restore(&text);
            prop_assert_eq!(&ac, &reference);
        }
    }

    #[test]
    fn matches_across_default_block_boundaries() {
        let map = pool_map(0b11_1111_1111);
        let restorer = Restorer::new(&map);
        for shift in 0..40 {
            let text = format!(
                "{}Emily Clark and ab",
                "x ".repeat((BLOCK - 20 + shift) / 2)
            );
            let out = restorer.restore(&text);
            assert!(out.text.ends_with("R0 and R8"), "shift {shift}");
            assert_eq!(out.restored, 2);
        }
    }

    #[test]
    fn many_stand_ins_use_the_automaton() {
        let mut map = Map::new();
        for i in 0..300 {
            map.insert(format!("Person{i:03}"), format!("Real{i}"))
                .unwrap();
        }
        let restorer = Restorer::new(&map);
        assert!(!restorer.uses_packed_searcher());
        let out = restorer.restore("Person007, PERSON299 and Person3000.");
        assert_eq!(out.text, "Real7, REAL299 and Person3000.");
        assert_eq!(out.restored, 2);
    }

    #[test]
    fn few_stand_ins_use_the_packed_searcher() {
        let restorer = Restorer::new(&pool_map(0b11));
        // Teddy needs SSSE3/AVX2 (x86_64) or NEON (aarch64).
        if cfg!(any(target_arch = "x86_64", target_arch = "aarch64")) {
            assert!(restorer.uses_packed_searcher());
        }
    }

    #[test]
    fn max_match_len_bounds_every_key() {
        let restorer = Restorer::new(&pool_map(u16::MAX));
        assert!(restorer.max_match_len() >= "emily.clark@fenwick-labs.com".len());
        // (415) 555-0148: 10 digits → prefix + digits + 9 runs of 3 × 3 bytes.
        assert!(restorer.max_match_len() >= 1 + 10 + 9 * 9);
    }
}
