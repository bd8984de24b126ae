//! Name parts: a person's stand-in maps part by part (`Jane Doe` → `Emily Clark` gives
//! `Jane` → `Emily` and `Doe` → `Clark`), so later mentions, replies and the next turn's map
//! stay coherent.

use std::collections::HashMap;

use aho_corasick::AhoCorasick;

use crate::{Map, is_word_byte};

fn name_words(s: &str) -> Option<Vec<&str>> {
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
    ok.then_some(words)
}

/// The (real part, stand-in part) pairs of a person's name and its stand-in: words in the
/// same position that differ. Empty when the two do not look like names of the same shape.
pub(crate) fn pairs<'a>(real: &'a str, stand_in: &'a str) -> Vec<(&'a str, &'a str)> {
    let (Some(r), Some(s)) = (name_words(real), name_words(stand_in)) else {
        return Vec::new();
    };
    if r.len() != s.len() || !real.chars().any(char::is_uppercase) {
        return Vec::new();
    }
    r.into_iter()
        .zip(s)
        .filter(|(a, b)| {
            !a.eq_ignore_ascii_case(b) && a.chars().count() >= 2 && b.chars().count() >= 2
        })
        .collect()
}

/// Adds `stand-in part → real part` entries to the map, except parts shorter than three
/// letters and parts that occur in the original text (no stand-in does).
pub(crate) fn add_to_map(text: &str, map: &mut Map, mut pairs: Vec<(String, String)>) {
    pairs.retain(|(s, r)| s.chars().count() >= 3 && r.chars().count() >= 2);
    pairs.sort();
    pairs.dedup();
    if pairs.is_empty() {
        return;
    }
    let Ok(ac) = AhoCorasick::builder()
        // Built per call and searched once: a contiguous NFA builds far faster than a DFA.
        .kind(Some(aho_corasick::AhoCorasickKind::ContiguousNFA))
        .ascii_case_insensitive(true)
        .build(pairs.iter().map(|p| p.0.as_str()))
    else {
        return;
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
    for ((s, r), seen) in pairs.into_iter().zip(in_text) {
        if !seen && (s.is_ascii() || !in_folded(&s)) && map.get(&s).is_none() {
            let _ = map.insert(s, r);
        }
    }
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

fn letter_words(s: &str) -> impl Iterator<Item = (usize, &str)> {
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

    /// Which learned stand-in parts occur as words of `text` (ignoring ASCII case).
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
            if in_text.iter().any(|t| t.eq_ignore_ascii_case(s)) {
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
