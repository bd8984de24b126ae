//! The reference the index-based literal search is checked against: the
//! Aho-Corasick / SIMD search it replaced (block-wise lower-casing, a
//! leftmost-longest automaton or packed searcher), and a brute-force one.

use aho_corasick::packed;
use aho_corasick::{AhoCorasick, Input, MatchKind, Span};
use proptest::prelude::*;

use super::*;

/// Size of the blocks the text is ASCII-lower-cased in before searching.
const BLOCK: usize = 32 * 1024;

/// One leftmost-longest searcher over a subset of the keys.
#[derive(Clone)]
enum Engine {
    Packed(packed::Searcher),
    Ac(AhoCorasick),
}

#[derive(Clone)]
struct Part {
    engine: Engine,
    /// Local pattern id → key index.
    ids: Vec<u32>,
}

impl Part {
    /// Leftmost-longest match in `buf[from..]`: (start in `buf`, key).
    fn find(&self, buf: &[u8], from: usize) -> Option<(usize, u32)> {
        let span = Span {
            start: from,
            end: buf.len(),
        };
        let (start, local) = match &self.engine {
            Engine::Packed(p) => p
                .find_in(buf, span)
                .map(|m| (m.start(), m.pattern().as_usize()))?,
            Engine::Ac(ac) => ac
                .find(Input::new(buf).span(span))
                .map(|m| (m.start(), m.pattern().as_usize()))?,
        };
        self.ids.get(local).map(|&key| (start, key))
    }
}

/// The literal searchers. With the SIMD searcher, keys shorter than
/// [`SHORT_KEY`] get their own: mixed in, they would shrink the fingerprint
/// of all keys to their length and flood the search with false candidates.
#[derive(Clone)]
struct Searcher {
    parts: Vec<Part>,
}

const SHORT_KEY: usize = 3;

fn build_searcher(keys: &[Box<[u8]>]) -> Searcher {
    let all: Vec<u32> = (0..keys.len() as u32).collect();
    if keys.is_empty() {
        return Searcher { parts: vec![] };
    }
    let (short, long): (Vec<u32>, Vec<u32>) = all
        .iter()
        .partition(|&&i| keys[i as usize].len() < SHORT_KEY);
    let packed_part = |ids: Vec<u32>| -> Option<Part> {
        let p = packed::Config::new()
            .match_kind(packed::MatchKind::LeftmostLongest)
            .builder()
            .extend(ids.iter().map(|&i| &keys[i as usize]))
            .build()?;
        Some(Part {
            engine: Engine::Packed(p),
            ids,
        })
    };
    let packed: Option<Vec<Part>> = [long, short]
        .into_iter()
        .filter(|ids| !ids.is_empty())
        .map(packed_part)
        .collect();
    if let Some(parts) = packed {
        return Searcher { parts };
    }
    Searcher {
        parts: ac_part(keys).into_iter().collect(),
    }
}

fn ac_part(keys: &[Box<[u8]>]) -> Option<Part> {
    let ac = AhoCorasick::builder()
        .match_kind(MatchKind::LeftmostLongest)
        .build(keys)
        // Fails only when the automaton would exceed its state-id space,
        // far beyond any map that fits in memory.
        .ok()?;
    Some(Part {
        engine: Engine::Ac(ac),
        ids: (0..keys.len() as u32).collect(),
    })
}

/// The old literal search of a restorer's keys.
struct Reference {
    searcher: Searcher,
    block: usize,
}

impl Reference {
    fn new(r: &Restorer) -> Reference {
        Reference {
            searcher: build_searcher(&r.keys.boxed()),
            block: BLOCK,
        }
    }

    fn ac(r: &Restorer) -> Reference {
        Reference {
            searcher: Searcher {
                parts: ac_part(&r.keys.boxed()).into_iter().collect(),
            },
            block: BLOCK,
        }
    }

    fn with_block_size(mut self, block: usize) -> Reference {
        self.block = block.max(1);
        self
    }

    fn uses_packed_searcher(&self) -> bool {
        self.searcher
            .parts
            .iter()
            .all(|p| matches!(p.engine, Engine::Packed(_)))
    }

    fn searcher_parts(&self) -> usize {
        self.searcher.parts.len()
    }

    fn restore_partial(
        &self,
        r: &Restorer,
        text: &str,
        before: Option<char>,
        at_end: bool,
        out: &mut String,
    ) -> Progress {
        let finder = Finder::new(r, self, text.len());
        r.restore_partial_with(text, before, at_end, out, finder)
    }

    fn restore(&self, r: &Restorer, text: &str) -> Restored {
        let mut out = String::new();
        let restored = self.restore_partial(r, text, None, true, &mut out).restored;
        Restored {
            text: out,
            restored,
        }
    }
}

/// What one searcher part found when searching from `from` (text offsets):
/// still the answer for any later position up to the match start.
#[derive(Debug, Clone, Copy)]
struct PartResult {
    from: usize,
    found: Option<(usize, u32)>,
}

/// Leftmost-longest search for literal keys, over the text ASCII-lower-cased
/// block by block (so the SIMD searcher can run case-sensitively).
struct Finder<'r> {
    r: &'r Restorer,
    reference: &'r Reference,
    buf: Vec<u8>,
    /// Text offset of `buf[0]`.
    buf_start: usize,
    /// Matches are accepted from this buffer only if they start before this.
    accept_end: usize,
    /// Per searcher part, its last result in the current buffer.
    parts: [Option<PartResult>; 2],
    cached: Option<LitMatch>,
    /// No match starts at or after this offset.
    none_from: Option<usize>,
}

impl<'r> Finder<'r> {
    fn new(r: &'r Restorer, reference: &'r Reference, len: usize) -> Finder<'r> {
        let cap = len.min(reference.block) + r.max_key_len;
        Finder {
            r,
            reference,
            buf: Vec::with_capacity(if r.keys.is_empty() { 0 } else { cap }),
            buf_start: 0,
            accept_end: 0,
            parts: [None; 2],
            cached: None,
            none_from: None,
        }
    }

    /// The leftmost-longest literal match starting at or after `from` that
    /// is not glued on the left to an ASCII letter or digit.
    fn find_lit(&mut self, hay: &[u8], from: usize) -> Option<LitMatch> {
        if let Some(m) = self.cached
            && m.start >= from
        {
            return Some(m);
        }
        if self.none_from.is_some_and(|n| n <= from) {
            return None;
        }
        let len = hay.len();
        let mut pos = from;
        loop {
            if pos >= len || self.reference.searcher.parts.is_empty() {
                self.none_from = Some(from);
                return None;
            }
            if !(self.buf_start <= pos && pos < self.accept_end) {
                self.fill(hay, pos);
            }
            if let Some((start, key)) = self.search(pos)
                && start < self.accept_end
            {
                // Glued to an ASCII letter or digit on the left: no key can
                // match here (they all start with this alphanumeric byte), so
                // this is no event; search on.
                if start > 0
                    && hay[start].is_ascii_alphanumeric()
                    && hay[start - 1].is_ascii_alphanumeric()
                {
                    pos = start + 1;
                    continue;
                }
                let m = LitMatch { start, key };
                self.cached = Some(m);
                return Some(m);
            }
            if self.accept_end >= len {
                self.none_from = Some(from);
                return None;
            }
            pos = self.accept_end;
        }
    }

    /// Leftmost-longest over all parts, in the current buffer, from `pos`.
    fn search(&mut self, pos: usize) -> Option<(usize, u32)> {
        let mut best: Option<(usize, u32)> = None;
        for (i, part) in self.reference.searcher.parts.iter().enumerate() {
            let found = match self.parts.get(i).copied().flatten() {
                Some(r) if r.from <= pos && r.found.is_none_or(|(s, _)| s >= pos) => r.found,
                _ => {
                    let found = part
                        .find(&self.buf, pos - self.buf_start)
                        .map(|(s, key)| (self.buf_start + s, key));
                    if let Some(slot) = self.parts.get_mut(i) {
                        *slot = Some(PartResult { from: pos, found });
                    }
                    found
                }
            };
            if let Some((s, key)) = found {
                let longer = |b: (usize, u32)| {
                    s < b.0
                        || (s == b.0
                            && self.r.keys[key as usize].len() > self.r.keys[b.1 as usize].len())
                };
                if best.is_none_or(longer) {
                    best = Some((s, key));
                }
            }
        }
        best
    }

    fn fill(&mut self, hay: &[u8], pos: usize) {
        let len = hay.len();
        self.buf_start = pos;
        self.accept_end = pos.saturating_add(self.reference.block).min(len);
        let end = self.accept_end.saturating_add(self.r.max_key_len).min(len);
        self.buf.clear();
        self.buf.extend(hay[pos..end].iter().map(|&b| {
            // ASCII lower-case, written to auto-vectorise.
            b | (u8::from(b.wrapping_sub(b'A') < 26) << 5)
        }));
        self.parts = [None; 2];
    }
}

impl LitFinder for Finder<'_> {
    fn find(&mut self, hay: &[u8], from: usize) -> Option<LitMatch> {
        self.find_lit(hay, from)
    }
}

/// Tries every key at every position.
struct BruteFinder<'r> {
    keys: &'r Keys,
}

impl LitFinder for BruteFinder<'_> {
    fn find(&mut self, hay: &[u8], from: usize) -> Option<LitMatch> {
        (from..hay.len()).find_map(|p| {
            if p > 0 && hay[p].is_ascii_alphanumeric() && hay[p - 1].is_ascii_alphanumeric() {
                return None;
            }
            let key = (0..self.keys.len() as u32)
                .filter(|&k| {
                    let k = &self.keys[k as usize];
                    hay.get(p..p + k.len())
                        .is_some_and(|t| t.eq_ignore_ascii_case(k))
                })
                .max_by_key(|&k| self.keys[k as usize].len())?;
            Some(LitMatch { start: p, key })
        })
    }
}

fn brute_restore(r: &Restorer, text: &str) -> Restored {
    let mut out = String::new();
    let finder = BruteFinder { keys: &r.keys };
    let restored = r
        .restore_partial_with(text, None, true, &mut out, finder)
        .restored;
    Restored {
        text: out,
        restored,
    }
}

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
    /// The index finds what the old searchers (any block size, SIMD or
    /// Aho-Corasick) and brute force find.
    #[test]
    fn index_agrees_with_the_old_searchers_on_pool_maps(
        mask in any::<u16>(),
        parts in prop::collection::vec((any::<usize>(), "[abAB .日]{0,5}"), 0..12),
        block in 1usize..24,
    ) {
        let map = pool_map(mask);
        let text = text_from(&parts);
        let r = Restorer::new(&map);
        let reference = Reference::new(&r).restore(&r, &text);
        prop_assert_eq!(&r.restore(&text), &reference);
        prop_assert_eq!(&brute_restore(&r, &text), &reference);
        let small = Reference::new(&r).with_block_size(block).restore(&r, &text);
        prop_assert_eq!(&small, &reference);
        let ac = Reference::ac(&r).with_block_size(block).restore(&r, &text);
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
        assert_eq!(Reference::new(&restorer).restore(&restorer, &text), out);
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
    let reference = Reference::new(&restorer);
    assert!(!reference.uses_packed_searcher());
    let text = "Person007, PERSON299 and Person3000.";
    let out = restorer.restore(text);
    assert_eq!(out.text, "Real7, REAL299 and Person3000.");
    assert_eq!(out.restored, 2);
    assert_eq!(reference.restore(&restorer, text), out);
}

#[test]
fn few_stand_ins_use_the_packed_searcher() {
    let restorer = Reference::new(&Restorer::new(&pool_map(0b11)));
    // Teddy needs SSSE3/AVX2 (x86_64) or NEON (aarch64).
    if cfg!(any(target_arch = "x86_64", target_arch = "aarch64")) {
        assert!(restorer.uses_packed_searcher());
        assert_eq!(restorer.searcher_parts(), 1);
        // "ab" (2 bytes) gets a searcher of its own.
        let mixed = Reference::new(&Restorer::new(&pool_map(0b11_0000_0011)));
        assert!(mixed.uses_packed_searcher());
        assert_eq!(mixed.searcher_parts(), 2);
    }
}

#[test]
fn max_match_len_bounds_every_key() {
    let restorer = Restorer::new(&pool_map(u16::MAX));
    assert!(restorer.max_match_len() >= "emily.clark@fenwick-labs.com".len());
    // (415) 555-0148: 10 digits → prefix + digits + 9 runs of 3 × 3 bytes.
    assert!(restorer.max_match_len() >= 1 + 10 + 9 * 9);
}

// ---------------------------------------------------------------------------
// The index against the old search on random maps, texts and chunkings.

/// Stand-ins whose keys overlap, nest and share heads: words and name
/// parts, short keys, non-ASCII case variants, emails, numbers, IBANs, keys
/// that start or end with punctuation or a space.
fn random_stand_in() -> impl Strategy<Value = String> {
    prop_oneof![
        "[A-Z][a-z]{0,6}",
        "[a-z]{1,5}",
        // Long shared heads and nested keys.
        "(Emily Clark|emily.clark@|Straße Nr|Emily Cl|ab ab ab)[abAB .]{0,4}",
        "[A-Z][a-z]{1,4} [A-Z][a-z]{1,5}",
        "[A-Z][a-z]{0,3}['’\\-][A-Z]?[a-z]{1,3}",
        "[aAbB]{1,7}",
        "[ab][aAbB .'\\-]{0,6}",
        "[ .('\\-][aAbB1]{0,5}[ .)'\\-]?",
        "[aAéÉßİıǅ日]{1,5}",
        "(Jos|Zo|Ér|Straß|İs)[aeéß]{0,3}",
        "[a-c]{1,4}@[a-c]{1,3}\\.com",
        "\\(?[0-9]{3}\\)? ?[0-9]{3}[ \\-.]?[0-9]{4}",
        "\\+(1|44|39|353) [0-9]{2,3} [0-9]{3,4} [0-9]{4}",
        "0[0-9]{2} [0-9]{4} [0-9]{4}",
        "[0-9]{7,9}",
        "(DE|GB)[0-9]{2}( ?[0-9A-Z]{4}){3,5}",
    ]
}

fn random_map() -> impl Strategy<Value = Map> {
    prop::collection::vec((random_stand_in(), "[A-Za-zé ]{1,6}"), 1..10).prop_map(|pairs| {
        let mut map = Map::new();
        for (stand_in, real) in pairs {
            // A stand-in repeated with another value is rejected: skip it.
            let _ = map.insert(stand_in, real);
        }
        map
    })
}

/// How a stand-in is written into the text.
fn written(stand_in: &str, style: u8, cut: usize, seps: &[&str]) -> String {
    let at = |n: usize| {
        let n = n % (stand_in.len() + 1);
        (0..=n)
            .rev()
            .find(|&i| stand_in.is_char_boundary(i))
            .unwrap_or(0)
    };
    match style % 12 {
        0 | 1 => stand_in.to_owned(),
        2 => stand_in.to_uppercase(),
        3 => stand_in.to_lowercase(),
        4 => stand_in.to_ascii_uppercase(),
        5 => stand_in.to_ascii_lowercase(),
        // A partial overlap: a prefix or a suffix.
        6 => stand_in[..at(cut)].to_owned(),
        7 => stand_in[at(cut)..].to_owned(),
        // Other spacing.
        8 => stand_in.replace(' ', ""),
        9 => stand_in.replace(' ', "  "),
        // Digits with other separators.
        _ => {
            let mut out = String::new();
            if style % 12 == 11 && stand_in.starts_with('+') {
                out.push('+');
            }
            for (i, d) in stand_in.chars().filter(char::is_ascii_digit).enumerate() {
                if i > 0 {
                    out.push_str(seps[(cut + i) % seps.len()]);
                }
                out.push(d);
            }
            out
        }
    }
}

const SEPARATORS: &[&str] = &[
    "", "", " ", "-", ".", ") ", "\u{2011}", " - ", "\u{a0}", "    ",
];

/// Texts made of the map's stand-ins written in many ways, glued to each
/// other or separated by short fillers.
fn random_text(map: &Map, pieces: &[(usize, u8, usize, String)]) -> String {
    let stand_ins: Vec<&str> = map.iter().map(|(s, _)| s).collect();
    let mut text = String::new();
    for (i, style, cut, filler) in pieces {
        text.push_str(filler);
        if let Some(s) = stand_ins.get(i % stand_ins.len().max(1)) {
            text.push_str(&written(s, *style, *cut, SEPARATORS));
        }
    }
    text
}

/// Whether two restorers of one map behave the same on `text`: the same longest match, the
/// same restore and the same place for a stream's piece to go on from.
fn same_restores(a: &Restorer, b: &Restorer, text: &str) -> Result<(), TestCaseError> {
    prop_assert_eq!(a.max_match_len(), b.max_match_len());
    prop_assert_eq!(a.restore(text), b.restore(text));
    prop_assert_eq!(a.pending_start(text, None), b.pending_start(text, None));
    Ok(())
}

/// Feeds `text` cut at `cuts` through `restore_partial`, as a stream does;
/// returns the output, the replacements and every `consumed`.
fn streamed(
    text: &str,
    cuts: &[usize],
    mut partial: impl FnMut(&str, Option<char>, bool, &mut String) -> Progress,
) -> (String, usize, Vec<usize>) {
    let mut points: Vec<usize> = cuts
        .iter()
        .map(|&c| c % (text.len() + 1))
        .filter(|&c| text.is_char_boundary(c))
        .collect();
    points.sort_unstable();
    points.push(text.len());
    let mut out = String::new();
    let mut pending = String::new();
    let mut before = None;
    let mut restored = 0;
    let mut consumed = Vec::new();
    let mut last = 0;
    for (n, &point) in points.iter().enumerate() {
        pending.push_str(&text[last..point]);
        last = point;
        let at_end = n + 1 == points.len();
        let p = partial(&pending, before, at_end, &mut out);
        restored += p.restored;
        consumed.push(p.consumed);
        if let Some(c) = pending[..p.consumed].chars().next_back() {
            before = Some(c);
        }
        pending.drain(..p.consumed);
    }
    (out, restored, consumed)
}

fn random_nested_map() -> impl Strategy<Value = Map> {
    let stand_in = "(Emily Clark|ab ab ab|Str)[ab .]{0,3}";
    prop::collection::vec((stand_in, "[A-Za-z]{1,4}"), 1..8).prop_map(|pairs| {
        let mut map = Map::new();
        for (stand_in, real) in pairs {
            let _ = map.insert(stand_in, real);
        }
        map
    })
}

fn pieces() -> impl Strategy<Value = Vec<(usize, u8, usize, String)>> {
    prop::collection::vec(
        (
            any::<usize>(),
            any::<u8>(),
            any::<usize>(),
            "[aAbB .,'()+\\-é日0-9]{0,3}",
        ),
        0..14,
    )
}

/// The new search and the old one (and brute force) give the same output,
/// count and stream progress, in one go and streamed in chunks.
fn check_against_old_search(
    map: &Map,
    pieces: &[(usize, u8, usize, String)],
    cuts: &[usize],
    block: usize,
    use_ac: bool,
) -> Result<(), TestCaseError> {
    let text = random_text(map, pieces);
    let r = Restorer::new(map);
    let reference = if use_ac {
        Reference::ac(&r)
    } else {
        Reference::new(&r)
    }
    .with_block_size(block);
    let expected = reference.restore(&r, &text);
    prop_assert_eq!(&r.restore(&text), &expected);
    prop_assert_eq!(&brute_restore(&r, &text), &expected);

    let new = streamed(&text, cuts, |t, b, e, o| r.restore_partial(t, b, e, o));
    let old = streamed(&text, cuts, |t, b, e, o| {
        reference.restore_partial(&r, t, b, e, o)
    });
    prop_assert_eq!(&new, &old);
    prop_assert_eq!(&new.0, &expected.text);
    prop_assert_eq!(new.1, expected.restored);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    /// Random maps of all kinds of stand-ins.
    #[test]
    fn index_agrees_with_the_old_search(
        map in random_map(),
        pieces in pieces(),
        cuts in prop::collection::vec(any::<usize>(), 0..6),
        block in 1usize..40,
        use_ac in any::<bool>(),
    ) {
        check_against_old_search(&map, &pieces, &cuts, block, use_ac)?;
    }

    /// Maps of stand-ins that nest and share long heads.
    #[test]
    fn index_agrees_with_the_old_search_on_nested_keys(
        map in random_nested_map(),
        pieces in pieces(),
        cuts in prop::collection::vec(any::<usize>(), 0..6),
        block in 1usize..40,
        use_ac in any::<bool>(),
    ) {
        check_against_old_search(&map, &pieces, &cuts, block, use_ac)?;
    }
}

// ---------------------------------------------------------------------------
// The scan reads the text in blocks of 64 bytes, eight at a time: stand-ins
// across those boundaries, long texts, maps of more keys.

/// Fillers long enough to move the stand-ins across blocks, of every kind
/// of byte the scan tells apart.
fn long_pieces() -> impl Strategy<Value = Vec<(usize, u8, usize, String)>> {
    prop::collection::vec(
        (
            any::<usize>(),
            any::<u8>(),
            any::<usize>(),
            "[aAbB .,'()+\\-é日0-9\t\u{a0}]{0,70}",
        ),
        0..10,
    )
}

fn random_bigger_map() -> impl Strategy<Value = Map> {
    prop::collection::vec((random_stand_in(), "[A-Za-zé ]{1,6}"), 10..80).prop_map(|pairs| {
        let mut map = Map::new();
        for (stand_in, real) in pairs {
            let _ = map.insert(stand_in, real);
        }
        map
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    /// Long texts: stand-ins at any offset of the scan's blocks.
    #[test]
    fn index_agrees_with_the_old_search_on_long_texts(
        map in random_map(),
        pieces in long_pieces(),
        cuts in prop::collection::vec(any::<usize>(), 0..6),
        block in 1usize..40,
        use_ac in any::<bool>(),
    ) {
        check_against_old_search(&map, &pieces, &cuts, block, use_ac)?;
    }

    /// Maps of tens of stand-ins: fuller Bloom filters and tables.
    #[test]
    fn index_agrees_with_the_old_search_on_bigger_maps(
        map in random_bigger_map(),
        pieces in long_pieces(),
        cuts in prop::collection::vec(any::<usize>(), 0..6),
        use_ac in any::<bool>(),
    ) {
        check_against_old_search(&map, &pieces, &cuts, 16, use_ac)?;
    }
}

/// Every stand-in kind at every offset around the first block boundaries,
/// after every kind of byte, glued or not.
#[test]
fn stand_ins_at_every_offset_of_the_blocks() {
    let mut map = Map::new();
    for (s, r) in [
        ("Emily Clark", "Jane Doe"),
        ("Ann", "Eve"),
        ("(415) 555-0148", "(415) 867-2210"),
        ("José", "Luis"),
        ("'q@x.com", "'r@y.org"),
        (" pad", " dap"),
    ] {
        map.insert(s, r).unwrap();
    }
    let restorer = Restorer::new(&map);
    let reference = Reference::new(&restorer);
    for written in [
        "Emily Clark",
        "ANN",
        "415.555.0148",
        "(415)5550148",
        "+4155550148",
        "JOSÉ",
        "'q@x.com",
        " pad",
    ] {
        for before in ["", "x", "9", " ", "é", "日", "\t", "("] {
            for offset in 50..140 {
                let text = format!("{}{before}{written} tail", "a".repeat(offset));
                let out = restorer.restore(&text);
                assert_eq!(out, reference.restore(&restorer, &text), "{text:?}");
                assert_eq!(out, brute_restore(&restorer, &text), "{text:?}");
            }
        }
    }
}

proptest! {
    /// The byte-wise flags of an ASCII stand-in agree with the character-wise
    /// rules (`case_flags` against `is_capitalised_word` and `char::is_uppercase`).
    #[test]
    fn case_flags_agree_with_the_char_rules(stand_in in "[A-Za-z'\\-. 0-9\u{e9}\u{c9}\u{2019}]{0,8}") {
        prop_assert_eq!(
            case_flags(&stand_in),
            (
                !stand_in.chars().any(char::is_uppercase),
                is_capitalised_word(&stand_in)
            )
        );
    }
}

proptest! {
    /// The flags and gates read from a stand-in's byte categories agree with the checks
    /// they replaced: `case_flags`, `contains('@')`, `is_ascii`, the first check of
    /// `iban_compact`, and the characters `for_each_digit_form` accepts.
    #[test]
    fn shape_agrees_with_the_separate_checks(
        stand_in in "[A-Za-z0-9'\\-. ()/+@_,#\t\u{e9}\u{c9}\u{2019}\u{65e5}]{0,10}|[A-Z][A-Z0-9 ]{0,33}",
    ) {
        let shape = Shape::of(&stand_in);
        prop_assert_eq!(shape.case_flags(&stand_in), case_flags(&stand_in));
        prop_assert_eq!(shape.email(), stand_in.contains('@'));
        prop_assert_eq!(shape.ascii(), stand_in.is_ascii());
        prop_assert_eq!(
            shape.has_ascii_upper(),
            stand_in.bytes().any(|b| b.is_ascii_uppercase())
        );
        prop_assert_eq!(
            shape.iban_chars(),
            stand_in.bytes().next().is_some_and(|b| b.is_ascii_uppercase())
                && stand_in
                    .bytes()
                    .all(|b| b.is_ascii_uppercase() || b.is_ascii_digit() || b == b' ')
        );
        let number = stand_in.bytes().enumerate().all(|(i, c)| {
            c.is_ascii_digit()
                || matches!(c, b' ' | b'-' | b'.' | b'(' | b')' | b'/')
                || (c == b'+' && i == 0)
        });
        prop_assert_eq!(shape.number_chars(), number);
        prop_assert_eq!(shape.first == B_PLUS, stand_in.starts_with('+'));
        // Gated as compile gates them, the variants are the same.
        if !shape.iban_chars() {
            prop_assert_eq!(iban_compact(&stand_in), None);
        }
        if !shape.number_chars() {
            prop_assert!(digits::digit_forms(&stand_in).is_empty());
        }
    }
}

proptest! {
    /// The keys sorted by prefix, then (tied prefixes) whole key, kind and entry, are in
    /// the order the stable sort of the whole tuples gave.
    #[test]
    fn sort_raw_agrees_with_a_stable_sort(
        keys in prop::collection::vec(("[ab+0 ]{0,11}", 0u8..3, 0u32..4), 0..40),
    ) {
        let mut raw_bytes = Vec::new();
        let mut raw: Vec<RawKey> = Vec::new();
        for (key, kind, entry) in &keys {
            let start = raw_bytes.len();
            raw_bytes.extend_from_slice(key.as_bytes());
            let kind = match kind {
                0 => TargetKind::StandIn,
                1 => TargetKind::UnicodeCase,
                _ => TargetKind::Spacing,
            };
            let target = Target { kind, entry: *entry };
            raw.push((key_prefix(key.as_bytes()), start, raw_bytes.len(), target));
        }
        let key_of = |start: usize, end: usize| &raw_bytes[start..end];
        let mut want: Vec<(usize, RawKey)> = raw.iter().copied().enumerate().collect();
        want.sort_by(|(_, a), (_, b)| {
            a.0.cmp(&b.0)
                .then_with(|| key_of(a.1, a.2).cmp(key_of(b.1, b.2)))
                .then(a.3.kind.cmp(&b.3.kind))
                .then(a.3.entry.cmp(&b.3.entry))
        });
        let mut order = vec![(7, 7)];
        sort_raw(&raw, &raw_bytes, &mut order);
        let got: Vec<usize> = order.iter().map(|o| o.1 as usize).collect();
        let want: Vec<usize> = want.iter().map(|w| w.0).collect();
        prop_assert_eq!(got, want);
    }
}

/// Stand-ins of the pool and their case variants (which fold to one key, so the map's order
/// decides between them).
const CASED: &[&str] = &[
    "Emily", "EMILY", "emily", "Clark", "clark", "ab", "AB", "José", "JOSÉ",
];

proptest! {
    /// A restorer compiled from pairs in any order, with stand-ins given twice, restores as
    /// the one compiled from the map of those pairs (the first real value of a stand-in
    /// kept, as the map keeps it).
    #[test]
    fn from_pairs_restores_as_the_map_of_the_pairs(
        picks in prop::collection::vec((0usize..CASED.len() + POOL.len(), 0u8..3), 0..16),
        parts in prop::collection::vec((any::<usize>(), "[abAB .日]{0,5}"), 0..12),
        cased in prop::collection::vec((0usize..CASED.len(), "[a .]{0,3}"), 0..6),
    ) {
        let pairs: Vec<(&str, String)> = picks
            .iter()
            .map(|&(i, r)| {
                let s = if i < CASED.len() { CASED[i] } else { POOL[i - CASED.len()] };
                (s, format!("R{i}.{r}"))
            })
            .collect();
        let mut map = Map::new();
        for (s, r) in &pairs {
            let _ = map.insert(*s, r.clone());
        }
        let mut text = text_from(&parts);
        for (i, filler) in &cased {
            text.push_str(filler);
            text.push_str(CASED[*i]);
        }
        let compiled = Restorer::from_pairs(pairs.iter().map(|(s, r)| (*s, r.as_str())));
        prop_assert_eq!(compiled.restore(&text), Restorer::new(&map).restore(&text));
    }
}

proptest! {
    /// The case variants' keys written in place are those of `str::to_uppercase` and
    /// `str::to_lowercase`, ASCII-lower-cased (capital sigmas, whose lower case depends on
    /// their place, included).
    #[test]
    fn case_variants_in_place_agree_with_str(s in "[aAzZ \u{3a3}\u{3c3}\u{df}\u{130}\u{149}\u{1f0}\u{fb00}\u{e9}\u{c9}\u{3a9}.]{0,8}") {
        let mut out = b"x".to_vec();
        push_upper(&mut out, &s);
        out.make_ascii_lowercase();
        prop_assert_eq!(&out[1..], s.to_uppercase().to_ascii_lowercase().into_bytes());
        out.truncate(1);
        push_lower(&mut out, &s);
        out.make_ascii_lowercase();
        prop_assert_eq!(&out[1..], s.to_lowercase().into_bytes());
    }

    /// A compile with the working buffers another map's compile left gives the restorer a
    /// compile with fresh buffers gives.
    #[test]
    fn reused_compile_buffers_change_nothing(
        before in random_bigger_map(),
        map in random_map(),
        pieces in pieces(),
    ) {
        let mut scratch = CompileScratch::default();
        let _ = Restorer::compile_with(before.iter(), &mut scratch, None::<fn() -> DigitTrie>);
        let reused = Restorer::compile_with(map.iter(), &mut scratch, None::<fn() -> DigitTrie>);
        let fresh = Restorer::compile_with(map.iter(), &mut CompileScratch::default(), None::<fn() -> DigitTrie>);
        prop_assert_eq!(reused.keys.boxed(), fresh.keys.boxed());
        prop_assert_eq!(&reused.target_ranges, &fresh.target_ranges);
        prop_assert_eq!(&reused.parent, &fresh.parent);
        same_restores(&reused, &fresh, &random_text(&map, &pieces))?;
    }

    /// A compile given the digit forms' trie made apart ([`digit_trie`], as the pool's
    /// thread makes it for [`Restorer::compile_beside`]) gives the restorer a compile that
    /// makes the forms with the keys gives.
    #[test]
    fn digit_forms_made_apart_change_nothing(
        map in random_map(),
        pieces in pieces(),
    ) {
        let apart = Restorer::compile_with(
            map.iter(),
            &mut CompileScratch::default(),
            Some(|| digit_trie(map.iter(), &mut CompileScratch::default())),
        );
        let inline = Restorer::compile_with(
            map.iter(),
            &mut CompileScratch::default(),
            None::<fn() -> DigitTrie>,
        );
        same_restores(&apart, &inline, &random_text(&map, &pieces))?;
    }
}
