// A leaner search loop over an Aho-Corasick DFA, for the whole-text passes (the word pass's
// triggers, the token pass's provider prefixes, the rules' start literals).
//
// The `aho_corasick` search loop reads the haystack through its `Input` (bounds and span
// reloaded and checked at every byte) and goes through the prefilter and anchoring logic
// of a general searcher: about 17 instructions a byte. This one walks a byte slice with
// the same transitions and the same leftmost semantics, with no prefilter (the automata are
// built without one, so the start state is not special): about half.

use aho_corasick::automaton::Automaton;
use aho_corasick::dfa::DFA;
use aho_corasick::{Anchored, MatchKind};

/// The DFA of `patterns` without a prefilter (so that its start state is not special to the
/// loops below), and its unanchored start state.
fn build<P: AsRef<[u8]>>(
    patterns: &[P],
    kind: MatchKind,
    ascii_case_insensitive: bool,
) -> Result<(DFA, aho_corasick::automaton::StateID), aho_corasick::BuildError> {
    let dfa = DFA::builder()
        .match_kind(kind)
        .ascii_case_insensitive(ascii_case_insensitive)
        .prefilter(false)
        .build(patterns)?;
    let start = dfa
        .start_state(Anchored::No)
        .expect("an unanchored DFA has an unanchored start state");
    Ok((dfa, start))
}

/// A DFA for unanchored leftmost searches, built without a prefilter.
pub(crate) struct Scanner {
    dfa: DFA,
    start: aho_corasick::automaton::StateID,
}

impl Scanner {
    /// The scanner of `patterns` (leftmost-first or leftmost-longest).
    pub(crate) fn new<P: AsRef<[u8]>>(
        patterns: &[P],
        kind: MatchKind,
        ascii_case_insensitive: bool,
    ) -> Result<Scanner, aho_corasick::BuildError> {
        debug_assert!(kind != MatchKind::Standard, "leftmost searches only");
        let (dfa, start) = build(patterns, kind, ascii_case_insensitive)?;
        Ok(Scanner { dfa, start })
    }

    /// The leftmost match (start, end, pattern index) at or after `from`, as
    /// `AhoCorasick::find` of the same patterns and match kind finds it in `hay[from..]`.
    ///
    /// Not inlined: compiled on its own, the byte loop keeps its state in registers. It
    /// steps four bytes and then tests once, where `aho_corasick` tests every byte.
    #[inline(never)]
    pub(crate) fn find(&self, hay: &[u8], from: usize) -> Option<(usize, usize, usize)> {
        let dfa = &self.dfa;
        let mut sid = self.start;
        let mut mat = None;
        if dfa.is_match(sid) {
            let pid = dfa.match_pattern(sid, 0);
            mat = Some((from, from, pid.as_usize()));
        }
        if from > hay.len() {
            return None;
        }
        let mut at = from;
        loop {
            // Four bytes at a time while none of them enters a special state (the special
            // states have the lowest ids: the least of the four tells).
            while let Some(&[b0, b1, b2, b3]) = hay.get(at..at + 4) {
                let s0 = dfa.next_state(Anchored::No, sid, b0);
                let s1 = dfa.next_state(Anchored::No, s0, b1);
                let s2 = dfa.next_state(Anchored::No, s1, b2);
                let s3 = dfa.next_state(Anchored::No, s2, b3);
                if dfa.is_special(s0.min(s1).min(s2).min(s3)) {
                    break;
                }
                sid = s3;
                at += 4;
            }
            // Those four (or the last few) one at a time.
            let stop = hay.len().min(at + 4);
            if at >= stop {
                return mat;
            }
            while at < stop {
                sid = dfa.next_state(Anchored::No, sid, hay[at]);
                at += 1;
                if dfa.is_special(sid) {
                    if dfa.is_dead(sid) {
                        return mat;
                    }
                    // Without a prefilter, a special state is dead or a match.
                    let pid = dfa.match_pattern(sid, 0);
                    mat = Some((at - dfa.pattern_len(pid), at, pid.as_usize()));
                }
            }
        }
    }

    /// The successive non-overlapping leftmost matches in `hay`, as
    /// `AhoCorasick::find_iter` finds them (no pattern is empty).
    pub(crate) fn find_iter<'a>(
        &'a self,
        hay: &'a [u8],
    ) -> impl Iterator<Item = (usize, usize, usize)> + 'a {
        let mut from = 0;
        std::iter::from_fn(move || {
            if from > hay.len() {
                return None;
            }
            let m = self.find(hay, from)?;
            // A match is never empty here; an empty one would move on by a byte.
            from = if m.1 > m.0 { m.1 } else { m.1 + 1 };
            Some(m)
        })
    }
}

/// A DFA for overlapping searches (every occurrence of every pattern), built without a
/// prefilter.
pub(crate) struct Overlapping {
    dfa: DFA,
    start: aho_corasick::automaton::StateID,
}

impl Overlapping {
    /// The scanner of `patterns` (none empty), standard (overlapping) match kind.
    pub(crate) fn new<P: AsRef<[u8]>>(
        patterns: &[P],
        ascii_case_insensitive: bool,
    ) -> Result<Overlapping, aho_corasick::BuildError> {
        debug_assert!(patterns.iter().all(|p| !p.as_ref().is_empty()));
        let (dfa, start) = build(patterns, MatchKind::Standard, ascii_case_insensitive)?;
        Ok(Overlapping { dfa, start })
    }

    /// Calls `f` with every match (start, end, pattern index) that lies in `hay[from..to]`,
    /// in the order `AhoCorasick::find_overlapping_iter` gives them over that span: by end,
    /// and at one end in the order of the matching state's patterns.
    ///
    /// The same walk as `aho_corasick`'s, without its per-match return into an iterator
    /// (a call, a state saved and reloaded for every match) and four bytes at a time where
    /// no match ends.
    #[inline(never)]
    pub(crate) fn each_in(
        &self,
        hay: &[u8],
        from: usize,
        to: usize,
        mut f: impl FnMut(usize, usize, usize),
    ) {
        let dfa = &self.dfa;
        let hay = &hay[..to];
        let mut sid = self.start;
        let mut at = from;
        while at < hay.len() {
            // Four bytes at a time while none of them enters a special state (the special
            // states have the lowest ids: the least of the four tells).
            while let Some(&[b0, b1, b2, b3]) = hay.get(at..at + 4) {
                let s0 = dfa.next_state(Anchored::No, sid, b0);
                let s1 = dfa.next_state(Anchored::No, s0, b1);
                let s2 = dfa.next_state(Anchored::No, s1, b2);
                let s3 = dfa.next_state(Anchored::No, s2, b3);
                if dfa.is_special(s0.min(s1).min(s2).min(s3)) {
                    break;
                }
                sid = s3;
                at += 4;
            }
            let stop = hay.len().min(at + 4);
            while at < stop {
                sid = dfa.next_state(Anchored::No, sid, hay[at]);
                at += 1;
                if dfa.is_special(sid) {
                    // A standard automaton without a prefilter has no dead state to
                    // enter: a special state is a match state.
                    if dfa.is_dead(sid) {
                        return;
                    }
                    for i in 0..dfa.match_len(sid) {
                        let pid = dfa.match_pattern(sid, i);
                        f(at - dfa.pattern_len(pid), at, pid.as_usize());
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use aho_corasick::AhoCorasick;
    use proptest::prelude::*;

    const PATS: &[&str] = &[
        "at", "@", "[at]", "one", "on", "phone", "ph", "sk-", "sk-proj-", "ghp_", "Pass", "pass",
        "passport", "ß", "zéro", "six", "sixty",
    ];

    fn both(kind: MatchKind, ci: bool, text: &str) {
        let ac = AhoCorasick::builder()
            .match_kind(kind)
            .ascii_case_insensitive(ci)
            .kind(Some(aho_corasick::AhoCorasickKind::DFA))
            .build(PATS)
            .unwrap();
        let sc = Scanner::new(PATS, kind, ci).unwrap();
        let want: Vec<_> = ac
            .find_iter(text)
            .map(|m| (m.start(), m.end(), m.pattern().as_usize()))
            .collect();
        let got: Vec<_> = sc.find_iter(text.as_bytes()).collect();
        assert_eq!(got, want, "{kind:?} ci={ci} in {text:?}");
        for from in 0..=text.len() {
            let want = ac
                .find(aho_corasick::Input::new(text).span(from..text.len()))
                .map(|m| (m.start(), m.end(), m.pattern().as_usize()));
            assert_eq!(
                sc.find(text.as_bytes(), from),
                want,
                "from {from} in {text:?}"
            );
        }
    }

    /// Every span's overlapping matches, as `aho_corasick` lists them.
    fn overlapping_both(ci: bool, text: &str) {
        let ac = AhoCorasick::builder()
            .match_kind(MatchKind::Standard)
            .ascii_case_insensitive(ci)
            .kind(Some(aho_corasick::AhoCorasickKind::DFA))
            .build(PATS)
            .unwrap();
        let sc = Overlapping::new(PATS, ci).unwrap();
        for from in 0..=text.len() {
            for to in from..=text.len() {
                let want: Vec<_> = ac
                    .find_overlapping_iter(aho_corasick::Input::new(text).span(from..to))
                    .map(|m| (m.start(), m.end(), m.pattern().as_usize()))
                    .collect();
                let mut got = Vec::new();
                sc.each_in(text.as_bytes(), from, to, |s, e, p| got.push((s, e, p)));
                assert_eq!(got, want, "ci={ci} {from}..{to} in {text:?}");
            }
        }
    }

    /// Texts of up to `parts` pieces: the patterns of the tests' automata, ASCII bits around
    /// them, any characters.
    fn text_of(parts: usize) -> impl Strategy<Value = String> {
        proptest::collection::vec(
            prop_oneof![
                Just("at".to_string()),
                Just("phone".to_string()),
                Just("sk-proj-".to_string()),
                Just("PASSPORT".to_string()),
                Just("sixty".to_string()),
                Just("zéro".to_string()),
                "[a-zA-Z@\\[\\]_ -]{0,6}",
                "\\PC{0,4}",
            ],
            0..parts,
        )
        .prop_map(|p| p.concat())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]
        /// The overlapping scanner lists what `aho_corasick`'s overlapping search lists.
        #[test]
        fn overlapping_finds_what_aho_corasick_finds(text in text_of(12)) {
            for ci in [false, true] {
                overlapping_both(ci, &text);
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]
        /// The scanner finds what `aho_corasick`'s own search finds.
        #[test]
        fn scanner_finds_what_aho_corasick_finds(text in text_of(24)) {
            for kind in [MatchKind::LeftmostFirst, MatchKind::LeftmostLongest] {
                for ci in [false, true] {
                    both(kind, ci, &text);
                }
            }
        }
    }
}
