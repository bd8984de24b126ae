//! Name parts: a person's stand-in maps part by part (`Jane Doe` → `Emily Clark` gives
//! `Jane` → `Emily` and `Doe` → `Clark`), so later mentions, replies and the next turn's map
//! stay coherent.

use std::collections::HashMap;

#[cfg(test)]
use aho_corasick::AhoCorasick;

use crate::{Map, is_word_byte};

/// The words of a name: pieces between white space and commas, without dots, quotes and
/// brackets at their ends, none empty; `None` unless there are 1 to 6 and each is made of
/// letters, hyphens and apostrophes only.
///
/// Held in an array (a name has at most six words): no allocation. An ASCII name (most of
/// them) is read byte by byte; another goes through [`name_words_by_chars`].
fn name_words(s: &str) -> Option<NameWords<'_>> {
    if !s.is_ascii() {
        return name_words_by_chars(s);
    }
    let b = s.as_bytes();
    let mut out = NameWords {
        words: [""; 6],
        len: 0,
    };
    let mut start = 0;
    // One more round at the end of the text, which ends the last piece.
    for i in 0..=b.len() {
        // The ASCII characters of `char::is_whitespace`, and commas.
        if i < b.len() && !matches!(b[i], b'\t'..=b'\r' | b' ' | b',') {
            continue;
        }
        let w = s[start..i].trim_matches(|c: char| c == '.' || c == '"' || c == '(' || c == ')');
        start = i + 1;
        if w.is_empty() {
            continue;
        }
        if out.len == 6
            || !w
                .bytes()
                .all(|c| c.is_ascii_alphabetic() || matches!(c, b'-' | b'\''))
        {
            return None;
        }
        out.words[out.len] = w;
        out.len += 1;
    }
    (out.len > 0).then_some(out)
}

/// The words [`name_words`] finds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct NameWords<'a> {
    words: [&'a str; 6],
    len: usize,
}

impl<'a> NameWords<'a> {
    fn as_slice(&self) -> &[&'a str] {
        &self.words[..self.len]
    }
}

/// [`name_words`] for any text, character by character.
fn name_words_by_chars(s: &str) -> Option<NameWords<'_>> {
    let words: Vec<&str> = s
        .split(|c: char| c.is_whitespace() || c == ',')
        .map(|w| w.trim_matches(|c: char| c == '.' || c == '"' || c == '(' || c == ')'))
        .filter(|w| !w.is_empty())
        .collect();
    let ok = !words.is_empty()
        && words.len() <= 6
        && words.iter().all(|w| {
            w.chars()
                .all(|c| c.is_alphabetic() || matches!(c, '-' | '\'' | '’'))
        });
    if !ok {
        return None;
    }
    let mut out = NameWords {
        words: [""; 6],
        len: words.len(),
    };
    out.words[..words.len()].copy_from_slice(&words);
    Some(out)
}

/// The (real part, stand-in part) pairs of a person's name and its stand-in: words in the
/// same position that differ. Empty when the two do not look like names of the same shape.
pub(crate) fn pairs<'a>(real: &'a str, stand_in: &'a str) -> Vec<(&'a str, &'a str)> {
    let (Some(r), Some(s)) = (name_words(real), name_words(stand_in)) else {
        return Vec::new();
    };
    if r.len != s.len || !real.chars().any(char::is_uppercase) {
        return Vec::new();
    }
    r.as_slice()
        .iter()
        .copied()
        .zip(s.as_slice().iter().copied())
        .filter(|(a, b)| {
            !a.eq_ignore_ascii_case(b) && a.chars().count() >= 2 && b.chars().count() >= 2
        })
        .collect()
}

/// Adds `stand-in part → real part` entries to the map, except parts shorter than three
/// letters and parts that occur in the original text (no stand-in does). The reference for
/// [`add_to_map_with`], which redaction uses with the index of the text it already has.
#[cfg(test)]
pub(crate) fn add_to_map(text: &str, map: &mut Map, pairs: Vec<(String, String)>) {
    add_to_map_by(map, pairs, |pairs| in_text(text, pairs));
}

/// [`add_to_map`] with the question "does this part occur in the original text, ignoring
/// ASCII case and, for a part outside ASCII, Unicode case" answered by `occurs` (an index of
/// the text the caller already has).
pub(crate) fn add_to_map_with(
    map: &mut Map,
    pairs: Vec<(String, String)>,
    mut occurs: impl FnMut(&str) -> bool,
) {
    add_to_map_by(map, pairs, |pairs| {
        pairs.iter().map(|(s, _)| occurs(s)).collect()
    });
}

fn add_to_map_by(
    map: &mut Map,
    mut pairs: Vec<(String, String)>,
    in_text: impl FnOnce(&[(String, String)]) -> Vec<bool>,
) {
    pairs.retain(|(s, r)| s.chars().count() >= 3 && r.chars().count() >= 2);
    pairs.sort();
    pairs.dedup();
    if pairs.is_empty() {
        return;
    }
    let seen = in_text(&pairs);
    for ((s, r), seen) in pairs.into_iter().zip(seen) {
        // A stand-in already in the map keeps its entry: `insert` leaves the map as it is
        // then (the same pair, or another real value refused), with one search of the map.
        if !seen {
            let _ = map.insert(s, r);
        }
    }
}

/// Per pair, whether its stand-in part occurs in `text` (see [`add_to_map_with`]).
#[cfg(test)]
fn in_text(text: &str, pairs: &[(String, String)]) -> Vec<bool> {
    let Ok(ac) = AhoCorasick::builder()
        // Built per call and searched once: a contiguous NFA builds far faster than a DFA.
        .kind(Some(aho_corasick::AhoCorasickKind::ContiguousNFA))
        .ascii_case_insensitive(true)
        .build(pairs.iter().map(|p| p.0.as_str()))
    else {
        // No automaton: nothing is entered.
        return vec![true; pairs.len()];
    };
    // Anywhere in the text, inside a word too (`Nam` in `Name:`): no map entry's stand-in
    // occurs in the original text, as for every other stand-in.
    let mut in_text = vec![false; pairs.len()];
    for m in ac.find_overlapping_iter(text) {
        in_text[m.pattern().as_usize()] = true;
    }
    // A restore matches a part whatever its case, `Émilie` for `émilie` too: parts outside
    // ASCII are also looked for in the text in lower case by Unicode rules.
    let folded = pairs
        .iter()
        .any(|(s, _)| !s.is_ascii())
        .then(|| text.to_lowercase());
    let in_folded = |part: &str| {
        folded
            .as_deref()
            .is_some_and(|t| t.contains(part.to_lowercase().as_str()))
    };
    pairs
        .iter()
        .zip(in_text)
        .map(|((s, _), seen)| seen || (!s.is_ascii() && in_folded(s)))
        .collect()
}

/// [`is_word_byte`] by byte: one load instead of its three tests.
pub(crate) static WORD_BYTE: [bool; 256] = {
    let mut t = [false; 256];
    let mut i = 0;
    while i < 256 {
        t[i] = is_word_byte(i as u8);
        i += 1;
    }
    t
};

/// A word of 1 to 3 word bytes ([`is_word_byte`]), ASCII-lowercased and packed with its
/// length into a `u32`; `None` for other words.
fn pack_short(w: &[u8]) -> Option<u32> {
    if w.is_empty() || w.len() > 3 || !w.iter().all(|&c| is_word_byte(c)) {
        return None;
    }
    Some(w.iter().fold(w.len() as u32, |p, &c| {
        (p << 8) | u32::from(c.to_ascii_lowercase())
    }))
}

/// Words of a name that stay as they are (titles and particles).
const KEPT: &[&str] = &[
    "mr", "mrs", "ms", "miss", "mx", "dr", "prof", "sir", "dame", "de", "van", "von", "der", "den",
    "la", "le", "da", "di", "del", "du", "dos", "bin", "al", "el",
];

/// Learned name parts: lower-cased real part → stand-in part.
#[derive(Default)]
pub(crate) struct Learned {
    parts: HashMap<String, String>,
}

/// The runs of letters of `s` (apostrophes and hyphens inside), with their offsets: made as
/// they are asked for (no vector of them; [`Learned::covers`] often stops at the first).
fn letter_words(s: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut chars = s.char_indices();
    let mut start: Option<usize> = None;
    let mut done = false;
    std::iter::from_fn(move || {
        if done {
            return None;
        }
        for (i, c) in chars.by_ref() {
            let inner = c.is_alphabetic() || (matches!(c, '\'' | '’' | '-') && start.is_some());
            match (inner, start) {
                (true, None) => start = Some(i),
                (false, Some(st)) => {
                    start = None;
                    return Some((st, &s[st..i]));
                }
                _ => {}
            }
        }
        done = true;
        start.take().map(|st| (st, &s[st..]))
    })
}

/// [`letter_words`] as it was written before: all at once, into a vector.
#[cfg(test)]
fn letter_words_collected(s: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in s.char_indices() {
        let inner = c.is_alphabetic() || (matches!(c, '\'' | '’' | '-') && start.is_some());
        match (inner, start) {
            (true, None) => start = Some(i),
            (false, Some(st)) => {
                out.push((st, &s[st..i]));
                start = None;
            }
            _ => {}
        }
    }
    if let Some(st) = start {
        out.push((st, &s[st..]));
    }
    out.into_iter()
}

impl Learned {
    pub(crate) fn add(&mut self, real: &str, stand_in: &str) {
        self.parts
            .entry(real.to_lowercase())
            .or_insert_with(|| stand_in.to_string());
    }

    /// The learned stand-in part of a real part (any case).
    pub(crate) fn get(&self, real: &str) -> Option<&str> {
        self.parts.get(&real.to_lowercase()).map(String::as_str)
    }

    /// The words of `real` that are learned parts, with their stand-in parts.
    pub(crate) fn parts_of<'a>(&'a self, real: &'a str) -> Vec<&'a str> {
        letter_words(real)
            .filter_map(|(_, w)| self.get(w))
            .collect()
    }

    /// Whether every word of `real` is a learned part or a kept word.
    pub(crate) fn covers(&self, real: &str) -> bool {
        let mut any = false;
        for (_, w) in letter_words(real) {
            let l = w.to_lowercase();
            if self.parts.contains_key(&l) {
                any = true;
            } else if !KEPT.contains(&l.as_str()) {
                return false;
            }
        }
        any
    }

    /// Which learned stand-in parts occur as words of `text` (ignoring ASCII case), in lower
    /// case. `occurrences` gives the byte offsets of every occurrence of a part in `text`
    /// ignoring ASCII case, overlapping ones too (an index of the text the caller already
    /// has).
    pub(crate) fn stand_ins_in_with(
        &self,
        text: &str,
        mut occurrences: impl FnMut(&str) -> Vec<usize>,
    ) -> Vec<String> {
        let b = text.as_bytes();
        let whole = |s: usize, e: usize| {
            (s == 0 || !is_word_byte(b[s - 1])) && (e == b.len() || !is_word_byte(b[e]))
        };
        // Parts of 1 to 3 word bytes (too short for the index): those that are words of the
        // text, from one pass over its words (a bit filter rules most words out unhashed).
        let short: std::collections::HashSet<u32> = self
            .parts
            .values()
            .filter_map(|p| pack_short(p.as_bytes()))
            .collect();
        let mut short_found = std::collections::HashSet::new();
        if !short.is_empty() {
            let bit = |p: u32| (p.wrapping_mul(0x9E37_79B1) >> 16) as usize;
            let mut filter = vec![0u64; 1 << 10];
            for &p in &short {
                filter[bit(p) >> 6] |= 1 << (bit(p) & 63);
            }
            // The words of 1 to 3 bytes, from a byte loop (the split iterator cost more).
            let mut check = |w: &[u8]| {
                if let Some(p) = pack_short(w)
                    && filter[bit(p) >> 6] & (1 << (bit(p) & 63)) != 0
                    && short.contains(&p)
                {
                    short_found.insert(p);
                }
            };
            let mut start = 0;
            for (i, &c) in b.iter().enumerate() {
                if !WORD_BYTE[usize::from(c)] {
                    if i > start && i - start <= 3 {
                        check(&b[start..i]);
                    }
                    start = i + 1;
                }
            }
            if b.len() > start && b.len() - start <= 3 {
                check(&b[start..]);
            }
        }
        self.parts
            .values()
            .filter(|p| match pack_short(p.as_bytes()) {
                Some(packed) => short_found.contains(&packed),
                None => occurrences(p)
                    .into_iter()
                    .any(|s| s + p.len() <= b.len() && whole(s, s + p.len())),
            })
            .map(|p| p.to_lowercase())
            .collect()
    }

    /// Which learned stand-in parts occur as words of `text` (ignoring ASCII case).
    #[cfg(test)]
    pub(crate) fn stand_ins_in(&self, text: &str) -> Vec<String> {
        let pats: Vec<&str> = self.parts.values().map(String::as_str).collect();
        let Ok(ac) = AhoCorasick::builder()
            // Built per call and searched once: a contiguous NFA builds far faster than a DFA.
            .kind(Some(aho_corasick::AhoCorasickKind::ContiguousNFA))
            .ascii_case_insensitive(true)
            .build(&pats)
        else {
            return pats.iter().map(|p| p.to_lowercase()).collect();
        };
        let b = text.as_bytes();
        let mut seen = Vec::new();
        for m in ac.find_overlapping_iter(text) {
            let (s, e) = (m.start(), m.end());
            if (s == 0 || !is_word_byte(b[s - 1])) && (e == b.len() || !is_word_byte(b[e])) {
                seen.push(pats[m.pattern().as_usize()].to_lowercase());
            }
        }
        seen
    }

    /// `real` with each learned part replaced by its stand-in in the same case style; `None`
    /// when a stand-in part occurs in the text (`in_text`, lower case).
    pub(crate) fn build(&self, real: &str, in_text: &[String]) -> Option<String> {
        let mut out = String::with_capacity(real.len() + 8);
        let mut last = 0;
        for (i, w) in letter_words(real) {
            let Some(s) = self.parts.get(&w.to_lowercase()) else {
                continue;
            };
            // `in_text` is lowered character by character ([`Learned::stand_ins_in_with`]): a
            // part with a capital outside ASCII (`Çelik`) matched no entry of it when compared
            // ignoring ASCII case only, and was built into a stand-in the text holds.
            let lower = s.to_lowercase();
            if in_text.contains(&lower) {
                return None;
            }
            out.push_str(&real[last..i]);
            let upper = w.chars().all(|c| !c.is_lowercase()) && w.chars().count() > 1;
            let lower = w.chars().all(|c| !c.is_uppercase());
            if upper {
                out.push_str(&s.to_uppercase());
            } else if lower {
                out.push_str(&s.to_lowercase());
            } else {
                out.push_str(s);
            }
            last = i + w.len();
        }
        out.push_str(&real[last..]);
        (out != real).then_some(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// A learned part the text holds is not built into a mention's stand-in, whatever its
    /// letters (a capital outside ASCII included).
    #[test]
    fn a_part_written_in_the_text_is_not_built() {
        for (part, text) in [
            ("Çelik", "İÇDAŞ Çelik Enerji paid Alexandra."),
            ("Öztürk", "Öztürk Ltd and Alexandra"),
            ("Weber", "Weber GmbH and Alexandra"),
        ] {
            let mut learned = Learned::default();
            learned.add("Alexandra", part);
            let lower = text.to_ascii_lowercase();
            let in_text = learned.stand_ins_in_with(text, |p| {
                let p = p.to_ascii_lowercase();
                (0..=lower.len())
                    .filter(|&i| lower.get(i..).is_some_and(|t| t.starts_with(p.as_str())))
                    .collect()
            });
            assert_eq!(learned.build("Alexandra", &in_text), None, "{part}");
            assert_eq!(
                learned.build("Alexandra", &[]).as_deref(),
                Some(part),
                "{part} when the text does not hold it"
            );
        }
    }

    proptest! {
        /// The lazy letter runs are those the vector held.
        #[test]
        fn letter_words_match_the_collected_ones(s in "[aZé'’\\- .,1]{0,24}") {
            let lazy: Vec<(usize, &str)> = letter_words(&s).collect();
            let collected: Vec<(usize, &str)> = letter_words_collected(&s).collect();
            prop_assert_eq!(lazy, collected);
        }

        /// The byte loop over an ASCII name finds the words the character loop finds.
        #[test]
        fn name_words_of_ascii_match_the_character_loop(
            s in "[aZ'\\-.,\"() \t\u{b}\u{c}\r\n19_é’]{0,24}",
        ) {
            prop_assert_eq!(name_words(&s), name_words_by_chars(&s));
        }

        /// The look-up of learned parts in a text agrees with the automaton it replaced.
        #[test]
        fn stand_ins_in_matches_the_automaton(
            text in "[abAB_ é'-]{0,80}",
            parts in proptest::collection::vec(("[ab]{1,3}", "[abAB_ é'-]{1,6}"), 1..12),
        ) {
            let mut learned = Learned::default();
            for (r, s) in &parts {
                learned.add(r, s);
            }
            let mut want = learned.stand_ins_in(&text);
            want.sort();
            want.dedup();
            let lower = text.to_ascii_lowercase();
            let mut got = learned.stand_ins_in_with(&text, |p| {
                let p = p.to_ascii_lowercase();
                (0..=lower.len())
                    .filter(|&i| lower.get(i..).is_some_and(|t| t.starts_with(p.as_str())))
                    .collect()
            });
            got.sort();
            got.dedup();
            prop_assert_eq!(got, want);
        }

        /// Name parts entered with an index's answers are those the automaton enters.
        #[test]
        fn add_to_map_with_matches_the_automaton(
            text in "[abAB éÉ]{0,60}",
            pairs in proptest::collection::vec(("[abAéÉ]{2,5}", "[xy]{2,4}"), 0..10),
        ) {
            let mut want = Map::new();
            add_to_map(&text, &mut want, pairs.clone());
            let mut got = Map::new();
            let lower = text.to_ascii_lowercase();
            let folded = text.to_lowercase();
            add_to_map_with(&mut got, pairs, |s| {
                lower.contains(&s.to_ascii_lowercase())
                    || (!s.is_ascii() && folded.contains(&s.to_lowercase()))
            });
            prop_assert_eq!(got, want);
        }
    }
}
