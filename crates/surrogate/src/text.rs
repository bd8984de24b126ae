//! Fast membership checks: does a candidate occur in the original text, and does it clash with
//! a stand-in already handed out or a reserved string.
//!
//! Both checks are case-insensitive for ASCII letters (restore matches that way). The original
//! text is indexed once (a lowercase copy plus, for short texts, a bit set of hashed 4-grams
//! that rules most candidates out without a scan, for long texts the positions of its 4-grams);
//! the taken strings keep a hash set for equality and
//! two small gram indexes for containment.

use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hasher};

/// A small, fast, non-cryptographic hasher (the FxHash mixing step) for the internal tables.
/// The tables only hold data this crate generated or was given, so hash flooding is no concern.
/// Kept apart from `redact_entity::fxhash` (the same step with another constant): the seeded
/// stand-ins of the `redact` command's stream depend on its values, and that hasher changed
/// them.
#[derive(Default, Clone, Copy)]
pub(crate) struct FxHasher {
    hash: u64,
}

const FX_SEED: u64 = 0x51_7c_c1_b7_27_22_0a_95;

impl FxHasher {
    #[inline]
    fn add(&mut self, word: u64) {
        self.hash = (self.hash.rotate_left(5) ^ word).wrapping_mul(FX_SEED);
    }
}

impl Hasher for FxHasher {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            let mut w = [0u8; 8];
            w.copy_from_slice(c);
            self.add(u64::from_le_bytes(w));
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            let mut w = [0u8; 8];
            w[..rest.len()].copy_from_slice(rest);
            self.add(u64::from_le_bytes(w) ^ ((rest.len() as u64) << 59));
        }
    }

    #[inline]
    fn write_u8(&mut self, i: u8) {
        self.add(u64::from(i));
    }

    #[inline]
    fn write_u32(&mut self, i: u32) {
        self.add(u64::from(i));
    }

    #[inline]
    fn write_u64(&mut self, i: u64) {
        self.add(i);
    }

    #[inline]
    fn write_usize(&mut self, i: usize) {
        self.add(i as u64);
    }

    #[inline]
    fn finish(&self) -> u64 {
        self.hash
    }
}

/// Builder for [`FxHasher`].
pub(crate) type FxBuild = BuildHasherDefault<FxHasher>;
/// A hash map with [`FxHasher`].
pub(crate) type FxMap<K, V> = HashMap<K, V, FxBuild>;
/// A hash set with [`FxHasher`].
pub(crate) type FxSet<K> = HashSet<K, FxBuild>;

/// Texts shorter than this are searched directly (after a bit set of their 4-grams, from
/// [`BITS_MIN_TEXT`] bytes); longer ones get the positions of their 4-grams.
const FILTER_MIN_TEXT: usize = 4096;
/// Texts from this length (and shorter than [`FILTER_MIN_TEXT`]) get a bit set of their
/// 4-grams; shorter ones are searched directly.
const BITS_MIN_TEXT: usize = 256;
/// Plain searches before the gram positions are listed: a 200,000-character text is searched
/// in about 20 µs, the positions cost about 0.5 ms to list.
const FILTER_AFTER_QUERIES: usize = 16;

/// Multiplier for hashing a 4-gram into a bit index.
const GRAM_MUL: u32 = 0x9E37_79B1;
/// Multiplier for hashing a gram into a slot of [`Postings`].
const GRAM_MUL8: u64 = 0x9E37_79B9_7F4A_7C15;

/// A set of bits addressed by a hashed 4-gram.
#[derive(Clone, Debug, Default)]
struct GramBits {
    words: Vec<u64>,
    shift: u32,
}

impl GramBits {
    fn with_bits(log2: u32) -> GramBits {
        GramBits {
            words: vec![0; 1 << (log2 - 6)],
            shift: 32 - log2,
        }
    }

    #[inline]
    fn index(&self, gram: u32) -> usize {
        (gram.wrapping_mul(GRAM_MUL) >> self.shift) as usize
    }

    #[inline]
    fn set(&mut self, gram: u32) {
        let i = self.index(gram);
        self.words[i >> 6] |= 1 << (i & 63);
    }

    #[inline]
    fn get(&self, gram: u32) -> bool {
        let i = self.index(gram);
        self.words[i >> 6] & (1 << (i & 63)) != 0
    }

    #[inline]
    fn index8(&self, gram: u64) -> usize {
        (gram.wrapping_mul(GRAM_MUL8) >> (32 + self.shift)) as usize
    }

    #[inline]
    fn set8(&mut self, gram: u64) {
        let ix = self.index8(gram);
        self.words[ix >> 6] |= 1 << (ix & 63);
    }

    /// True when the bit of every 8-gram of `bytes` is set (`bytes` at least 8 long).
    fn has_all8(&self, bytes: &[u8]) -> bool {
        let mut g = 0u64;
        for (i, &b) in bytes.iter().enumerate() {
            g = (g << 8) | u64::from(b);
            if i >= 7 {
                let ix = self.index8(g);
                if self.words[ix >> 6] & (1 << (ix & 63)) == 0 {
                    return false;
                }
            }
        }
        true
    }

    /// True when the bit of every 4-gram of `bytes` is set (`bytes` at least 4 long).
    fn has_all(&self, bytes: &[u8]) -> bool {
        let mut g = 0u32;
        for (i, &b) in bytes.iter().enumerate() {
            g = (g << 8) | u32::from(b);
            if i >= 3 && !self.get(g) {
                return false;
            }
        }
        true
    }
}

/// The bits of the 4-grams of `b` (at least 4 bytes) in `1 << LOG2` bits, as
/// [`GramBits::set`] sets them gram by gram. The size a constant, the shifts are immediate and
/// the word index needs no bounds check (masked with the word count less one: it changes
/// nothing), and the grams come four at a time out of an 8-byte load.
fn gram_bits_of<const LOG2: u32>(b: &[u8]) -> GramBits {
    let mut bits = GramBits::with_bits(LOG2);
    let words = bits.words.as_mut_slice();
    let mut set = |g: u32| {
        let i = (g.wrapping_mul(GRAM_MUL) >> (32 - LOG2)) as usize;
        words[(i >> 6) & ((1 << (LOG2 - 6)) - 1)] |= 1 << (i & 63);
    };
    let mut p = 0;
    while let Some(w) = b.get(p..p + 8).and_then(|w| w.try_into().ok()) {
        let w = u64::from_be_bytes(w);
        set((w >> 32) as u32);
        set((w >> 24) as u32);
        set((w >> 16) as u32);
        set((w >> 8) as u32);
        p += 4;
    }
    for q in p..b.len().saturating_sub(3) {
        set(gram_at(b, q));
    }
    bits
}

/// The 4-gram starting at `i` as a big-endian `u32` (the packing [`GramBits`] uses).
#[inline]
fn gram_at(b: &[u8], i: usize) -> u32 {
    u32::from_be_bytes([b[i], b[i + 1], b[i + 2], b[i + 3]])
}

/// Multiplier for hashing a 4-gram into a bucket of [`GramPositions`].
const BUCKET_MUL: u32 = 0x85EB_CA6B;

/// The text's 4-gram positions, grouped by hashed gram (a counting sort): every occurrence of
/// a needle of 4 or more bytes starts at `p - i` for a position `p` listed in the bucket of
/// the needle's `i`-th 4-gram, so one bucket (the needle's smallest) holds every candidate
/// start, and a candidate is checked by comparing bytes. Exact, unlike a bit filter, and no
/// scan of the text per needle.
///
/// With `high_only`, only the 4-grams holding a byte of a non-ASCII character are listed:
/// enough for needles with such a character, at a fraction of the cost for a mostly ASCII
/// text.
#[derive(Clone, Debug, Default)]
struct GramPositions {
    /// Bucket `h` holds `positions[bounds[h]..bounds[h + 1]]` (ascending).
    bounds: Vec<u32>,
    positions: Vec<u32>,
    shift: u32,
    high_only: bool,
}

/// Replaces each count by the sum of the counts up to it.
fn running_sums(v: &mut [u32]) {
    let mut sum = 0u32;
    for c in v {
        sum += *c;
        *c = sum;
    }
}

/// Whether a packed 4-gram holds a byte of a non-ASCII character.
#[inline]
fn has_high(g: u32) -> bool {
    g & 0x8080_8080 != 0
}

impl GramPositions {
    /// Indexes `b` (less than 4 GiB).
    fn build(b: &[u8], high_only: bool) -> GramPositions {
        let all = b.len().saturating_sub(3);
        // The grams to list: all, or those starting up to 3 bytes before a non-ASCII byte.
        let starts: Option<Vec<u32>> = high_only.then(|| {
            let mut v: Vec<u32> = Vec::new();
            if all == 0 {
                return v;
            }
            let mut next = 0;
            while let Some(rel) = b.get(next..).and_then(find_high) {
                let j = next + rel;
                next = j + 1;
                let from = v
                    .last()
                    .map_or(0, |&l| l as usize + 1)
                    .max(j.saturating_sub(3));
                v.extend((from..=j.min(all.saturating_sub(1))).map(|p| p as u32));
            }
            v
        });
        let n = starts.as_ref().map_or(all, Vec::len);
        let log2 = (n / 4)
            .max(1)
            .next_power_of_two()
            .trailing_zeros()
            .clamp(4, 20);
        let buckets = 1usize << log2;
        let shift = 32 - log2;
        // A bucket is below `buckets` (a power of two): masked with `buckets - 1` (which
        // changes nothing) it indexes a slice of `buckets` counts without a bounds check.
        let bucket = |g: u32| (g.wrapping_mul(BUCKET_MUL) >> shift) as usize;
        // A counting sort in two passes over the grams (hashing a gram again is cheaper than
        // keeping each one's bucket): bucket `h` is counted in `bounds[h + 2]`, so that after
        // the running sums `bounds[h + 1]` is the bucket's start, moved to its end (the start
        // of bucket `h + 1`) while it is filled.
        let mut bounds = vec![0u32; buckets + 2];
        let mut positions = vec![0u32; n];
        match &starts {
            Some(v) => {
                // Buckets masked as below.
                let mask = buckets - 1;
                let counts = &mut bounds[2..2 + buckets];
                for &i in v {
                    counts[bucket(gram_at(b, i as usize)) & mask] += 1;
                }
                running_sums(&mut bounds);
                let starts = &mut bounds[1..1 + buckets];
                for &i in v {
                    let c = &mut starts[bucket(gram_at(b, i as usize)) & mask];
                    positions[*c as usize] = i;
                    *c += 1;
                }
            }
            None if n > 0 => {
                // The grams in order, four out of each 8-byte load (no chain of shifts from
                // one gram to the next), then the last ones one by one: `each(i, g)` with
                // the gram `g` starting at `i`.
                fn for_each_gram(b: &[u8], mut each: impl FnMut(usize, u32)) {
                    let mut p = 0;
                    while let Some(w) = b.get(p..p + 8).and_then(|w| w.try_into().ok()) {
                        let w = u64::from_be_bytes(w);
                        each(p, (w >> 32) as u32);
                        each(p + 1, (w >> 24) as u32);
                        each(p + 2, (w >> 16) as u32);
                        each(p + 3, (w >> 8) as u32);
                        p += 4;
                    }
                    for q in p..b.len().saturating_sub(3) {
                        each(q, gram_at(b, q));
                    }
                }
                let mask = buckets - 1;
                let counts = &mut bounds[2..2 + buckets];
                for_each_gram(b, |_, g| counts[bucket(g) & mask] += 1);
                running_sums(&mut bounds);
                let starts = &mut bounds[1..1 + buckets];
                for_each_gram(b, |i, g| {
                    let c = &mut starts[bucket(g) & mask];
                    positions[*c as usize] = i as u32;
                    *c += 1;
                });
            }
            None => {}
        }
        bounds.truncate(buckets + 1);
        GramPositions {
            bounds,
            positions,
            shift,
            high_only,
        }
    }

    #[inline]
    fn bucket(&self, g: u32) -> usize {
        (g.wrapping_mul(BUCKET_MUL) >> self.shift) as usize
    }

    /// The starts of every occurrence of `needle` (4 or more bytes, with a listed gram) in
    /// `hay` (the indexed bytes), ascending, overlapping ones too; `None` when the needle has
    /// no listed gram.
    fn find_all(&self, hay: &[u8], needle: &[u8]) -> Option<Vec<usize>> {
        // (gram offset, bucket, listed positions) of the needle's rarest listed gram.
        let mut best: Option<(usize, usize, u32)> = None;
        for i in 0..=needle.len().checked_sub(4)? {
            let g = gram_at(needle, i);
            if self.high_only && !has_high(g) {
                continue;
            }
            let h = self.bucket(g);
            let len = self.bounds[h + 1] - self.bounds[h];
            if best.is_none_or(|b| len < b.2) {
                best = Some((i, h, len));
            }
        }
        let (off, h, _) = best?;
        Some(
            self.positions[self.bounds[h] as usize..self.bounds[h + 1] as usize]
                .iter()
                .filter_map(|&p| (p as usize).checked_sub(off))
                .filter(|&s| hay.get(s..s + needle.len()) == Some(needle))
                .collect(),
        )
    }

    /// True when `hay` (the indexed bytes) contains `needle`.
    fn contains(&self, hay: &[u8], needle: &[u8]) -> bool {
        if needle.len() > hay.len() {
            return false;
        }
        // The needle's gram with the fewest listed positions.
        let mut best = (usize::MAX, 0usize, 0usize);
        for i in 0..=needle.len().saturating_sub(4) {
            let Some(w) = needle.get(i..i + 4) else {
                break;
            };
            let g = u32::from_be_bytes([w[0], w[1], w[2], w[3]]);
            if self.high_only && !has_high(g) {
                continue;
            }
            let h = self.bucket(g);
            let len = (self.bounds[h + 1] - self.bounds[h]) as usize;
            if len < best.0 {
                best = (len, i, h);
                if len == 0 {
                    return false;
                }
            }
        }
        if best.0 == usize::MAX {
            // No listed gram in the needle (shorter than 4 bytes, or ASCII for `high_only`).
            return needle.is_empty() || hay.windows(needle.len()).any(|w| w == needle);
        }
        let (_, off, h) = best;
        self.positions[self.bounds[h] as usize..self.bounds[h + 1] as usize]
            .iter()
            .any(|&p| {
                (p as usize)
                    .checked_sub(off)
                    .and_then(|s| hay.get(s..s + needle.len()))
                    .is_some_and(|w| w == needle)
            })
    }
}

/// The original text, prepared for fast case-insensitive "does it contain" queries.
///
/// The index is cached across calls by the text's address, length and a fingerprint of sampled
/// bytes, so passing the same `&str` for every finding of one text costs one indexing pass.
#[derive(Debug, Default)]
pub(crate) struct TextIndex {
    key: Option<(usize, usize)>,
    /// Sampled bytes of the text the index describes, checked on every [`TextIndex::prepare`].
    fingerprint: Fingerprint,
    lower: String,
    /// Positions of the text's 4-grams, built only once a text has been queried often
    /// enough (`FILTER_AFTER_QUERIES`): a document with few distinct values never pays for it.
    grams: std::sync::OnceLock<GramPositions>,
    /// For texts of [`BITS_MIN_TEXT`] to [`FILTER_MIN_TEXT`] bytes: a bit set of their hashed
    /// 4-grams, built on the first question, that answers most "no"s without a search.
    bits: std::sync::OnceLock<GramBits>,
    /// The text's whole words of 1 to 3 bytes ([`pack_short`]), for whole-word questions
    /// about short words; built on the first such question.
    short_words: std::sync::OnceLock<ShortWords>,
    queries: std::sync::atomic::AtomicUsize,
    /// Name words that follow a title of one gender in the text (`Mr. Moreira` → `moreira`:
    /// male), keyed by `data::key`; built on the first question.
    titled: std::sync::OnceLock<Vec<(String, crate::data::Gender)>>,
    /// The text in lower case by Unicode rules, built on the first non-ASCII question: a
    /// restore matches `Émilie` for a stand-in `émilie`, which ASCII case folding misses.
    /// For long texts, with the positions of its non-ASCII 4-grams.
    folded: std::sync::OnceLock<(String, Option<GramPositions>)>,
}

impl Clone for TextIndex {
    fn clone(&self) -> Self {
        TextIndex {
            key: self.key,
            fingerprint: self.fingerprint.clone(),
            lower: self.lower.clone(),
            grams: self.grams.clone(),
            bits: self.bits.clone(),
            short_words: self.short_words.clone(),
            queries: std::sync::atomic::AtomicUsize::new(
                self.queries.load(std::sync::atomic::Ordering::Relaxed),
            ),
            titled: self.titled.clone(),
            folded: self.folded.clone(),
        }
    }
}

impl TextIndex {
    /// Whether the index describes `text` (recognised by address, length and a fingerprint).
    pub(crate) fn describes(&self, text: &str) -> bool {
        self.key == Some((text.as_ptr() as usize, text.len()))
            && self.fingerprint.matches(text.as_bytes())
    }

    /// Makes the index describe `text` (a no-op when it already does).
    pub(crate) fn prepare(&mut self, text: &str) {
        if self.describes(text) {
            return;
        }
        let key = (text.as_ptr() as usize, text.len());
        self.key = Some(key);
        self.fingerprint = Fingerprint::of(text.as_bytes());
        self.lower.clear();
        self.lower.push_str(text);
        self.lower.make_ascii_lowercase();
        self.grams = std::sync::OnceLock::new();
        self.bits = std::sync::OnceLock::new();
        self.short_words = std::sync::OnceLock::new();
        self.queries = std::sync::atomic::AtomicUsize::new(0);
        self.titled = std::sync::OnceLock::new();
        self.folded = std::sync::OnceLock::new();
    }

    /// The gender a title gives the name word `key` somewhere in the text (`Mrs Kowalczyk`
    /// makes `kowalczyk` female), so that `Aniela Kowalczyk` elsewhere gets a given name of
    /// that gender; `None` when no title or titles of both genders precede it.
    pub(crate) fn titled_gender(&self, key: &str) -> Option<crate::data::Gender> {
        let titled = self.titled.get_or_init(|| titled_of(&self.lower));
        titled.iter().find(|(k, _)| k == key).map(|(_, g)| *g)
    }

    /// Builds now what the index builds on the first question of each sort (the text's
    /// 4-gram positions of a long text, its short words, titled name words, Unicode lower
    /// case of a non-ASCII text), so that it can be done on another thread before the
    /// questions come. The answers are the same either way.
    pub(crate) fn build_all(&mut self) {
        let lower = self.lower.as_bytes();
        if lower.len() >= FILTER_MIN_TEXT {
            self.grams
                .get_or_init(|| GramPositions::build(lower, false));
        }
        let _ = self.bits();
        self.short_words.get_or_init(|| ShortWords::of(lower));
        self.titled.get_or_init(|| titled_of(&self.lower));
        if !self.lower.is_ascii() {
            self.folded.get_or_init(|| folded_of(&self.lower));
        }
    }

    /// The 4-gram positions, once the text is long and has been queried often.
    fn filter(&self) -> Option<&GramPositions> {
        if self.lower.len() < FILTER_MIN_TEXT {
            return None;
        }
        let q = self
            .queries
            .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        if q < FILTER_AFTER_QUERIES && self.grams.get().is_none() {
            return None;
        }
        Some(
            self.grams
                .get_or_init(|| GramPositions::build(self.lower.as_bytes(), false)),
        )
    }

    /// The bit set of the text's 4-grams, for texts of [`BITS_MIN_TEXT`] to
    /// [`FILTER_MIN_TEXT`] bytes.
    fn bits(&self) -> Option<&GramBits> {
        let n = self.lower.len();
        if !(BITS_MIN_TEXT..FILTER_MIN_TEXT).contains(&n) {
            return None;
        }
        Some(self.bits.get_or_init(|| {
            // About 8 bits per gram: a needle's grams are all set by chance rarely.
            let log2 = (n * 8).next_power_of_two().trailing_zeros().clamp(10, 16);
            let b = self.lower.as_bytes();
            match log2 {
                10 => gram_bits_of::<10>(b),
                11 => gram_bits_of::<11>(b),
                12 => gram_bits_of::<12>(b),
                13 => gram_bits_of::<13>(b),
                14 => gram_bits_of::<14>(b),
                15 => gram_bits_of::<15>(b),
                _ => gram_bits_of::<16>(b),
            }
        }))
    }

    /// The length in bytes of the text the index describes.
    pub(crate) fn text_len(&self) -> usize {
        self.lower.len()
    }

    /// True when the text contains `needle_lower` (already ASCII-lowercased).
    pub(crate) fn contains_lower(&self, needle_lower: &str) -> bool {
        let n = needle_lower.as_bytes();
        let found = if n.len() > self.lower.len() {
            false
        } else if n.len() >= 4
            && let Some(g) = self.filter()
        {
            g.contains(self.lower.as_bytes(), n)
        } else if n.len() >= 4 && self.bits().is_some_and(|b| !b.has_all(n)) {
            // A 4-gram of the needle is not in the text.
            false
        } else {
            self.lower.contains(needle_lower)
        };
        if found {
            return true;
        }
        !needle_lower.is_ascii() && {
            let (folded, grams) = self.folded.get_or_init(|| folded_of(&self.lower));
            let needle = lower_cow(needle_lower);
            match grams {
                Some(g) if needle.len() >= 4 => g.contains(folded.as_bytes(), needle.as_bytes()),
                _ => folded.contains(&*needle),
            }
        }
    }

    /// The byte offsets of every occurrence of `needle` in the text ignoring ASCII case,
    /// ascending, overlapping ones too.
    pub(crate) fn occurrences(&self, needle: &str) -> Vec<usize> {
        let needle = needle.to_ascii_lowercase();
        let n = needle.as_bytes();
        if n.is_empty() || n.len() > self.lower.len() {
            return Vec::new();
        }
        if n.len() >= 4
            && let Some(g) = self.filter()
            && let Some(found) = g.find_all(self.lower.as_bytes(), n)
        {
            return found;
        }
        if n.len() >= 4 && self.bits().is_some_and(|b| !b.has_all(n)) {
            // A 4-gram of the needle is not in the text. (Most needles asked about are
            // stand-ins, made not to occur: each search set up and ran for nothing.)
            return Vec::new();
        }
        let mut out = Vec::new();
        let mut from = 0;
        while let Some(i) = self.lower.get(from..).and_then(|t| t.find(needle.as_str())) {
            out.push(from + i);
            from += i + self.lower[from + i..]
                .chars()
                .next()
                .map_or(1, char::len_utf8);
        }
        out
    }

    /// True when the text contains `needle` as a whole word (no letter, digit or non-ASCII
    /// byte on either side), ignoring ASCII case.
    pub(crate) fn contains_word(&self, needle: &str) -> bool {
        if let Some(packed) = pack_short(needle.as_bytes()) {
            // A short word of word bytes only: whole where it is a maximal run of word bytes.
            return self
                .short_words
                .get_or_init(|| ShortWords::of(self.lower.as_bytes()))
                .contains(needle.as_bytes(), packed);
        }
        let needle = needle.to_ascii_lowercase();
        if needle.is_empty() || !self.contains_lower(&needle) {
            return false;
        }
        let b = self.lower.as_bytes();
        let word = |i: usize| b.get(i).is_some_and(|&c| is_word_byte(c));
        self.lower
            .match_indices(needle.as_str())
            .any(|(s, m)| (s == 0 || !word(s - 1)) && !word(s + m.len()))
    }

    /// True when the text contains `needle` ignoring ASCII case.
    pub(crate) fn contains(&self, needle: &str) -> bool {
        if !needle.bytes().any(|b| b.is_ascii_uppercase()) {
            return self.contains_lower(needle);
        }
        // Lowered on the stack when short (names of the lists, asked about by the hundred).
        let mut buf = [0u8; 64];
        if let Some(low) = buf.get_mut(..needle.len()) {
            low.copy_from_slice(needle.as_bytes());
            low.make_ascii_lowercase();
            // ASCII lowering keeps the bytes of other characters: still UTF-8.
            if let Ok(low) = std::str::from_utf8(low) {
                return self.contains_lower(low);
            }
        }
        self.contains_lower(&needle.to_ascii_lowercase())
    }
}

/// Name words that follow a title of one gender in `lower` (see [`TextIndex::titled_gender`]):
/// of the runs of letters, apostrophes and hyphens of the text (as `letter_runs` reads
/// them), each one after a title of one gender, by [`crate::data::key`], those after titles
/// of both genders left out; the first 257 keys only.
///
/// One pass over the bytes with the runs found in place (through the runs' iterator it cost
/// about twice as much), and an ASCII run ruled out as a title by its first letter and length
/// alone.
fn titled_of(lower: &str) -> Vec<(String, crate::data::Gender)> {
    let mut out: Vec<(String, crate::data::Gender)> = Vec::new();
    let mut conflicts: Vec<String> = Vec::new();
    let mut prev: Option<crate::data::Gender> = None;
    let b = lower.as_bytes();
    // Whether the character at `i` (not ASCII) belongs to a run, and its length.
    let class = |i: usize| -> (bool, usize) {
        let ch = lower.get(i..).and_then(|t| t.chars().next()).unwrap_or(' ');
        (is_alphabetic(ch), ch.len_utf8())
    };
    let mut i = 0;
    while i < b.len() {
        // To the start of a run.
        let c = b[i];
        if c < 0x80 {
            if !RUN_BYTE[usize::from(c)] {
                i += 1;
                continue;
            }
        } else {
            let (inner, len) = class(i);
            if !inner {
                i += len;
                continue;
            }
        }
        // To its end (the character after it is in no run: skipped on the next round).
        let start = i;
        let mut ascii = true;
        while i < b.len() {
            let c = b[i];
            if c < 0x80 {
                if !RUN_BYTE[usize::from(c)] {
                    break;
                }
                i += 1;
            } else {
                let (inner, len) = class(i);
                if !inner {
                    break;
                }
                ascii = false;
                i += len;
            }
        }
        let w = &lower[start..i];
        if let Some(g) = prev.take() {
            let k = crate::data::key(w);
            match out.iter().find(|(o, _)| *o == k) {
                Some((_, og)) if *og != g => conflicts.push(k),
                Some(_) => {}
                None => out.push((k, g)),
            }
            if out.len() > 256 {
                break;
            }
        }
        let may_be = if ascii {
            crate::person::may_be_ascii_title(w.as_bytes())
        } else {
            crate::person::may_be_title(w)
        };
        prev = may_be.then(|| crate::person::title_gender(w)).flatten();
    }
    out.retain(|(k, _)| !conflicts.contains(k));
    out
}

/// The text in lower case by Unicode rules, with the positions of its non-ASCII 4-grams
/// when it is long (see [`TextIndex::folded`]).
fn folded_of(lower: &str) -> (String, Option<GramPositions>) {
    let folded = unicode_lower(lower);
    let grams =
        (folded.len() >= FILTER_MIN_TEXT).then(|| GramPositions::build(folded.as_bytes(), true));
    (folded, grams)
}

/// The non-empty runs of letters, apostrophes and hyphens of `s`, in order: what
/// `s.split(|c: char| !(c.is_alphabetic() || c == '\'' || c == '-'))` gives without the empty
/// pieces, deciding ASCII bytes without decoding characters.
#[cfg(test)]
fn letter_runs(s: &str) -> impl Iterator<Item = &str> {
    let b = s.as_bytes();
    let mut i = 0;
    // Whether the character at `i` belongs to a run, and its length.
    let class = move |i: usize| -> (bool, usize) {
        let c = b[i];
        if c < 0x80 {
            (RUN_BYTE[usize::from(c)], 1)
        } else {
            let ch = s.get(i..).and_then(|t| t.chars().next()).unwrap_or(' ');
            (is_alphabetic(ch), ch.len_utf8())
        }
    };
    std::iter::from_fn(move || {
        while i < b.len() {
            let (inner, len) = class(i);
            if inner {
                break;
            }
            i += len;
        }
        if i >= b.len() {
            return None;
        }
        let start = i;
        while i < b.len() {
            let (inner, len) = class(i);
            if !inner {
                let w = s.get(start..i);
                i += len;
                return w;
            }
            i += len;
        }
        s.get(start..)
    })
}

/// `c.is_alphabetic()`, for characters of the Basic Multilingual Plane from a table built once
/// per block of 256 characters (the Unicode look-up costs hundreds of instructions for each
/// character outside ASCII).
pub(crate) fn is_alphabetic(c: char) -> bool {
    /// By block of 256 characters: a bit per character, set when it is alphabetic.
    static BLOCKS: [std::sync::OnceLock<[u64; 4]>; 256] =
        [const { std::sync::OnceLock::new() }; 256];
    if c.is_ascii() {
        return c.is_ascii_alphabetic();
    }
    let u = c as u32;
    let Some(block) = BLOCKS.get((u >> 8) as usize) else {
        return c.is_alphabetic();
    };
    let bits = block.get_or_init(|| {
        let mut bits = [0u64; 4];
        for i in 0..256u32 {
            if char::from_u32((u & !0xFF) | i).is_some_and(char::is_alphabetic) {
                bits[(i / 64) as usize] |= 1 << (i % 64);
            }
        }
        bits
    });
    bits[((u & 0xFF) / 64) as usize] & (1 << (u % 64)) != 0
}

/// `c.is_alphanumeric()` (alphabetic or numeric), with the alphabetic part from
/// [`is_alphabetic`]'s tables.
#[inline]
pub(crate) fn is_alphanumeric(c: char) -> bool {
    is_alphabetic(c) || c.is_numeric()
}

/// By ASCII byte: whether it belongs to a run of [`letter_runs`] (a letter, `'` or `-`).
static RUN_BYTE: [bool; 128] = {
    let mut t = [false; 128];
    let mut c = 0;
    while c < 128 {
        let b = c as u8;
        t[c] = b.is_ascii_alphabetic() || b == b'\'' || b == b'-';
        c += 1;
    }
    t
};

/// A byte that continues a word for [`TextIndex::contains_word`]: an ASCII letter or digit, or
/// any byte of a non-ASCII character.
#[inline]
const fn is_word_byte(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c >= 0x80
}

/// A word of 1 to 3 word bytes, ASCII-lowercased, packed with its length into a `u32`;
/// `None` for other words.
fn pack_short(w: &[u8]) -> Option<u32> {
    if w.is_empty() || w.len() > 3 || !w.iter().all(|&c| is_word_byte(c)) {
        return None;
    }
    Some(w.iter().fold(w.len() as u32, |p, &c| {
        (p << 8) | u32::from(c.to_ascii_lowercase())
    }))
}

/// The whole words of 1 to 3 word bytes of a lowercased text ([`pack_short`]): those of
/// ASCII letters and digits as bits (one per possible word), the others in a set.
#[derive(Clone, Debug, Default)]
struct ShortWords {
    ascii: Vec<u64>,
    other: FxSet<u32>,
}

/// By byte: 1 + its rank among the ASCII digits and lowercase letters (`0-9a-z`), 0 for
/// other bytes.
static ALNUM_RANK: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut i = 0;
    while i < 10 {
        t[b'0' as usize + i] = 1 + i as u8;
        i += 1;
    }
    let mut i = 0;
    while i < 26 {
        t[b'a' as usize + i] = 11 + i as u8;
        i += 1;
    }
    t
};

/// [`is_word_byte`] by byte.
static WORD_BYTE: [bool; 256] = {
    let mut t = [false; 256];
    let mut c = 0;
    while c < 256 {
        t[c] = is_word_byte(c as u8);
        c += 1;
    }
    t
};

/// Words of ASCII digits and lowercase letters of 1 to 3 bytes: each has its own index
/// below this (`0-9a-z` as digits 1 to 36 of base 37).
const SHORT_ASCII_WORDS: usize = 37 * 37 * 37;

impl ShortWords {
    /// The short words of `lower` (no ASCII capitals).
    fn of(lower: &[u8]) -> ShortWords {
        let mut w = ShortWords {
            ascii: vec![0; SHORT_ASCII_WORDS.div_ceil(64)],
            other: FxSet::default(),
        };
        // One pass: the length of the run of word bytes that ends before each other byte.
        let mut len = 0usize;
        for (i, &c) in lower.iter().enumerate() {
            if WORD_BYTE[usize::from(c)] {
                len += 1;
            } else {
                if (1..=3).contains(&len) {
                    w.add(&lower[i - len..i]);
                }
                len = 0;
            }
        }
        if (1..=3).contains(&len) {
            w.add(&lower[lower.len() - len..]);
        }
        w
    }

    /// Records a word of 1 to 3 word bytes.
    fn add(&mut self, word: &[u8]) {
        match ascii_index(word) {
            Some(ix) => self.ascii[ix / 64] |= 1 << (ix % 64),
            None => {
                if let Some(p) = pack_short(word) {
                    self.other.insert(p);
                }
            }
        }
    }

    /// Whether `word`, packed by [`pack_short`] as `packed`, is one of them.
    fn contains(&self, word: &[u8], packed: u32) -> bool {
        let mut low = [0u8; 3];
        let Some(low) = low.get_mut(..word.len()) else {
            return false;
        };
        low.copy_from_slice(word);
        low.make_ascii_lowercase();
        match ascii_index(low) {
            Some(ix) => self.ascii[ix / 64] & (1 << (ix % 64)) != 0,
            None => self.other.contains(&packed),
        }
    }
}

/// The index below [`SHORT_ASCII_WORDS`] of a word of 1 to 3 ASCII digits and lowercase
/// letters; `None` for other words.
#[inline]
fn ascii_index(word: &[u8]) -> Option<usize> {
    if word.is_empty() || word.len() > 3 {
        return None;
    }
    word.iter().try_fold(0usize, |ix, &c| {
        let r = ALNUM_RANK[usize::from(c)];
        (r != 0).then_some(ix * 37 + usize::from(r))
    })
}

/// `s.to_lowercase()` for a mostly ASCII `s` without ASCII capitals: the runs between ASCII
/// whitespace that hold a non-ASCII character are lowered, the rest is copied. Whitespace
/// is neither cased nor case-ignorable, so no lowering rule (the final sigma) looks across
/// it: the pieces give what the whole would.
fn unicode_lower(s: &str) -> String {
    let b = s.as_bytes();
    let mut out = String::with_capacity(s.len() + s.len() / 16);
    let mut done = 0;
    while let Some(rel) = find_high(&b[done..]) {
        let high = done + rel;
        let start = b[done..high]
            .iter()
            .rposition(u8::is_ascii_whitespace)
            .map_or(done, |p| done + p + 1);
        let end = b[high..]
            .iter()
            .position(u8::is_ascii_whitespace)
            .map_or(b.len(), |p| high + p);
        out.push_str(&s[done..start]);
        push_lower_piece(&mut out, &s[start..end]);
        done = end;
    }
    out.push_str(&s[done..]);
    out
}

/// Appends `piece.to_lowercase()` to `out` without a string of its own: character by
/// character, as `str::to_lowercase` maps every character but the capital sigma (whose lower
/// case depends on its neighbours: a piece holding one is lowered whole), and a character of
/// a script without case ([`caseless`]) as it is, without the case table's search.
fn push_lower_piece(out: &mut String, piece: &str) {
    if piece.contains('\u{3A3}') {
        out.push_str(&piece.to_lowercase());
        return;
    }
    for c in piece.chars() {
        if c.is_ascii() {
            out.push(c.to_ascii_lowercase());
        } else if caseless(c) {
            out.push(c);
        } else {
            out.extend(c.to_lowercase());
        }
    }
}

/// Whether `c` is in a block of scripts without case (Hebrew to Tibetan, kana to the CJK
/// ideographs, Hangul syllables): its lower case is itself (checked for each by a test).
#[inline]
fn caseless(c: char) -> bool {
    let u = c as u32;
    (0x0590..0x1000).contains(&u) || (0x3040..0xA000).contains(&u) || (0xAC00..0xD7A4).contains(&u)
}

/// `s.to_lowercase()`, borrowing `s` when no character of it changes (a stand-in asked
/// about is mostly lower case already: `josé`). Lowering that changes no character leaves the
/// final sigma alone too (it only rewrites a capital sigma).
fn lower_cow(s: &str) -> std::borrow::Cow<'_, str> {
    let same = |c: char| {
        if c.is_ascii() {
            return !c.is_ascii_uppercase();
        }
        let mut l = c.to_lowercase();
        l.next() == Some(c) && l.next().is_none()
    };
    if s.chars().all(same) {
        std::borrow::Cow::Borrowed(s)
    } else {
        std::borrow::Cow::Owned(s.to_lowercase())
    }
}

/// The position of the first non-ASCII byte of `b`, looked for eight bytes at a time.
fn find_high(b: &[u8]) -> Option<usize> {
    let mut chunks = b.chunks_exact(8);
    let mut at = 0;
    for c in &mut chunks {
        let mut w = [0u8; 8];
        w.copy_from_slice(c);
        let high = u64::from_le_bytes(w) & 0x8080_8080_8080_8080;
        if high != 0 {
            return Some(at + (high.trailing_zeros() / 8) as usize);
        }
        at += 8;
    }
    chunks
        .remainder()
        .iter()
        .position(|&c| c >= 0x80)
        .map(|p| at + p)
}

/// A cheap fingerprint of a text: its first and last 64 bytes and 32 samples in between (the
/// sample positions depend on the length only, so they are computed once per text).
#[derive(Clone, Debug)]
struct Fingerprint {
    head: [u8; 64],
    tail: [u8; 64],
    mid: [u8; 32],
    /// Positions of `mid` (all 0 for texts of 128 bytes or fewer, where `mid` is not used).
    pos: [u32; 32],
}

impl Default for Fingerprint {
    fn default() -> Self {
        Fingerprint {
            head: [0; 64],
            tail: [0; 64],
            mid: [0; 32],
            pos: [0; 32],
        }
    }
}

impl Fingerprint {
    /// The fingerprint of `b` (less than 4 GiB).
    fn of(b: &[u8]) -> Fingerprint {
        let n = b.len();
        let mut f = Fingerprint::default();
        let h = n.min(64);
        f.head[..h].copy_from_slice(&b[..h]);
        f.tail[..h].copy_from_slice(&b[n - h..]);
        if n > 128 {
            for k in 0..32 {
                let p = n * (k + 1) / 33;
                f.pos[k] = p as u32;
                f.mid[k] = b[p];
            }
        }
        f
    }

    /// True when `b`, of the length of the fingerprinted text, has the same sampled bytes.
    #[inline]
    fn matches(&self, b: &[u8]) -> bool {
        let n = b.len();
        let h = n.min(64);
        b[..h] == self.head[..h]
            && b[n - h..] == self.tail[..h]
            && (n <= 128
                || self
                    .pos
                    .iter()
                    .zip(&self.mid)
                    .all(|(&p, &c)| b.get(p as usize) == Some(&c)))
    }
}

/// Posting lists: gram → the strings that contain it, as linked nodes in one vector (no
/// allocation per gram), headed from a dense list of grams found through an open-addressing
/// table of their indexes (linear probing, at most half full). Growing the table puts back
/// the dense list, not every slot of the old table.
#[derive(Clone, Debug, Default)]
struct Postings {
    /// 1 + index in `grams` by hashed gram; 0: an empty slot.
    slots: Vec<u32>,
    /// `64 - log2(slots.len())`.
    shift: u32,
    /// (gram, first node, number of nodes), in the order the grams came.
    grams: Vec<(u64, u32, u32)>,
    /// (string index, next node).
    nodes: Vec<(u32, u32)>,
}

const NONE: u32 = u32::MAX;

/// Slots of a [`Postings`] table when its first gram comes.
const POSTINGS_MIN_SLOTS_LOG2: u32 = 10;

impl Postings {
    #[inline]
    fn slot(&self, gram: u64) -> usize {
        (gram.wrapping_mul(GRAM_MUL8) >> self.shift) as usize
    }

    /// Doubles the table (or makes the first one) and puts the grams back.
    #[cold]
    #[inline(never)]
    fn grow(&mut self) {
        let log2 = if self.slots.is_empty() {
            POSTINGS_MIN_SLOTS_LOG2
        } else {
            self.slots.len().trailing_zeros() + 1
        };
        self.slots = vec![0; 1 << log2];
        self.shift = 64 - log2;
        let mask = self.slots.len() - 1;
        for (k, e) in self.grams.iter().enumerate() {
            let mut i = (e.0.wrapping_mul(GRAM_MUL8) >> self.shift) as usize;
            while self.slots[i] != 0 {
                i = (i + 1) & mask;
            }
            self.slots[i] = k as u32 + 1;
        }
    }

    #[inline(always)]
    fn add(&mut self, gram: u64, ix: u32) {
        if (self.grams.len() + 1) * 2 > self.slots.len() {
            self.grow();
        }
        let mask = self.slots.len() - 1;
        let mut i = self.slot(gram);
        loop {
            let k = self.slots[i];
            if k == 0 {
                self.grams.push((gram, self.nodes.len() as u32, 1));
                self.slots[i] = self.grams.len() as u32;
                self.nodes.push((ix, NONE));
                return;
            }
            let e = &mut self.grams[k as usize - 1];
            if e.0 == gram {
                if self.nodes[e.1 as usize].0 == ix {
                    return;
                }
                let node = self.nodes.len() as u32;
                self.nodes.push((ix, e.1));
                e.1 = node;
                e.2 += 1;
                return;
            }
            i = (i + 1) & mask;
        }
    }

    /// (first node, number of nodes) of `gram`'s list.
    fn get(&self, gram: u64) -> Option<(u32, u32)> {
        if self.slots.is_empty() {
            return None;
        }
        let mask = self.slots.len() - 1;
        let mut i = self.slot(gram);
        loop {
            let k = self.slots[i];
            let e = self.grams.get((k as usize).checked_sub(1)?)?;
            if e.0 == gram {
                return Some((e.1, e.2));
            }
            i = (i + 1) & mask;
        }
    }

    fn iter(&self, head: u32) -> impl Iterator<Item = u32> + '_ {
        let mut n = head;
        std::iter::from_fn(move || {
            let &(ix, next) = self.nodes.get(n as usize)?;
            n = next;
            Some(ix)
        })
    }
}

/// The 8-gram starting at `i` as a big-endian `u64`.
#[inline]
fn gram8_at(b: &[u8], i: usize) -> u64 {
    let mut w = [0u8; 8];
    w.copy_from_slice(&b[i..i + 8]);
    u64::from_be_bytes(w)
}

/// Candidates of this length or more are ruled out by the 8-gram bits (a better filter),
/// shorter ones by the 4-gram bits.
const LONG_CANDIDATE: usize = 11;

/// Calls `f` with the left edges of `s` from which a 4-gram starts, ascending: the byte
/// offsets `p` with `p + 4 <= s.len()` where a restore could start reading a stand-in inside
/// `s` ([`redact_entity::restore_edges`]: not between two letters or digits). Offset 0 always
/// is one.
#[inline(always)]
fn gram_edges(s: &str, mut f: impl FnMut(usize)) {
    let b = s.as_bytes();
    let Some(last) = b.len().checked_sub(4) else {
        return;
    };
    // Whether the character before `i` is a letter or digit (none before 0: an edge). One
    // call of `f` in the loop, so that it is inlined once.
    let mut prev = false;
    let mut i = 0;
    while i <= last {
        let c = b[i];
        let (alnum, len) = if c < 0x80 {
            (ASCII_ALNUM[usize::from(c)], 1)
        } else {
            let ch = s.get(i..).and_then(|t| t.chars().next()).unwrap_or(' ');
            (is_alphanumeric(ch), ch.len_utf8())
        };
        if !(prev && alnum) {
            f(i);
        }
        prev = alnum;
        i += len;
    }
}

/// By ASCII byte: whether it is a letter or digit.
static ASCII_ALNUM: [bool; 128] = {
    let mut t = [false; 128];
    let mut c = 0;
    while c < 128 {
        t[c] = (c as u8).is_ascii_alphanumeric();
        c += 1;
    }
    t
};

/// Posts the edge `p` of long string `ix` (bytes `b`): its 4-gram, and its 8-gram when the
/// string goes on for 8 bytes.
#[inline(always)]
fn post_edge(post4: &mut Postings, post8: &mut Postings, b: &[u8], p: usize, ix: u32) {
    post4.add(u64::from(gram_at(b, p)), ix);
    if p + 8 <= b.len() {
        post8.add(gram8_at(b, p), ix);
    }
}

/// Stand-ins already handed out and reserved strings, lowercased.
///
/// Equality uses 64-bit hashes (a collision can only make a fresh candidate look taken, which
/// costs a retry). Containment counts only where a restore could read the inner string: where
/// it is not glued to a letter or digit on either side within the outer one
/// ([`redact_entity::restore_edges`]), as a restore reads a stand-in only there. `cvjetna 36` may be handed out beside `cvjetna 3`:
/// a restore reads `cvjetna 36` whole and never `cvjetna 3` inside it; `ms emily clark` may
/// not beside `emily clark`. (Counting every containment made a long input's short streets,
/// IP addresses and postcodes run out: every longer number holds a shorter one.)
/// Containment uses the strings of at least 4 bytes, kept back to back in one
/// buffer: a taken string inside a candidate is found by looking up each 4-gram of the
/// candidate as a possible start; a candidate inside a taken string is ruled out by gram bit
/// sets while the strings are few, else checked against the strings of its rarest edge gram
/// (no bits needed: a gram listed by no string rules it out). Such an inner string
/// starts at a left edge of the outer one (not between two letters or digits), and the inner
/// string's own left edges are edges of the outer one there: so the postings list the grams
/// at edges only ([`gram_edges`]), 8 bytes long where a string goes on, else 4.
#[derive(Clone, Debug)]
pub(crate) struct Taken {
    hashes: FxSet<u64>,
    arena: String,
    /// `(start, end)` of each long string in `arena`, in insertion order.
    spans: Vec<(u32, u32)>,
    /// First 4-gram → the lengths (4..=67, as bits `len - 4`) of the long strings starting
    /// with it.
    starts: FxMap<u32, u64>,
    /// First 4-gram → lengths above 67 of the long strings starting with it.
    starts_long: FxMap<u32, Vec<u32>>,
    start_bits: GramBits,
    /// Every 4-gram and 8-gram of the long strings, while they are few (not `indexed`).
    gram4: GramBits,
    gram8: GramBits,
    /// Edge 8-gram → the long strings holding it there.
    post8: Postings,
    /// Edge 4-gram → the long strings holding it there (for edges followed by fewer than 8
    /// bytes of the candidate).
    post4: Postings,
    /// Whether `post8` and `post4` hold the long strings: only from [`POSTINGS_FROM`]
    /// strings on; below, a candidate is looked for in each string.
    indexed: bool,
}

/// The number of long taken strings from which [`Taken`] keeps its postings: a redaction of
/// 1 KB (a dozen stand-ins) spent a twentieth of its time filling postings that a look
/// through its few strings answers as fast.
const POSTINGS_FROM: usize = 48;

impl Default for Taken {
    fn default() -> Self {
        Taken {
            hashes: FxSet::default(),
            arena: String::new(),
            spans: Vec::new(),
            starts: FxMap::default(),
            starts_long: FxMap::default(),
            start_bits: GramBits::with_bits(TAKEN_BITS_MIN),
            gram4: GramBits::with_bits(TAKEN_BITS_MIN),
            gram8: GramBits::with_bits(TAKEN_BITS_MIN),
            post8: Postings::default(),
            post4: Postings::default(),
            indexed: false,
        }
    }
}

// Whether a restore could read `s[a..e]` inside `s`: `redact_entity::restore_edges`, the
// restorer's rule. The ends of `s` count as edges: what is written beside `s` is not known.
use redact_entity::restore_edges as at_edges;

/// Whether `inner` occurs in `outer` where a restore could read it
/// ([`redact_entity::restore_edges`]): every occurrence, overlapping ones too (`1 1 ` in
/// `11 1 1 ` is glued at 1 and not at 3).
///
/// Stand-ins are short: each occurrence of the inner string's first byte is compared in place
/// (the two-way searcher `str::find` sets up on every call cost several times a whole such
/// search: 445 instructions a call, 2 % of the command's stand-in thread). An occurrence
/// starts at a character boundary, the first byte of a string being no continuation byte.
fn inside_at_edges(outer: &str, inner: &str) -> bool {
    let (o, n) = (outer.as_bytes(), inner.as_bytes());
    let Some(&first) = n.first() else {
        // The empty string is everywhere, at the start too (an edge).
        return true;
    };
    let Some(last) = o.len().checked_sub(n.len()) else {
        return false;
    };
    let mut p = 0;
    while p <= last {
        let Some(i) = o[p..=last].iter().position(|&c| c == first) else {
            return false;
        };
        p += i;
        if &o[p..p + n.len()] == n && at_edges(outer, p, p + n.len()) {
            return true;
        }
        p += 1;
    }
    false
}

/// [`inside_at_edges`] by `str::find` (the reference for the tests).
#[cfg(test)]
fn inside_at_edges_by_find(outer: &str, inner: &str) -> bool {
    let mut from = 0;
    while let Some(i) = outer.get(from..).and_then(|t| t.find(inner)) {
        let p = from + i;
        if at_edges(outer, p, p + inner.len()) {
            return true;
        }
        from = p + outer[p..].chars().next().map_or(1, char::len_utf8);
    }
    false
}

/// A well-mixed 64-bit hash of a string.
fn hash_str(s: &str) -> u64 {
    hash_bytes(s.as_bytes())
}

/// A well-mixed 64-bit hash of bytes.
fn hash_bytes(s: &[u8]) -> u64 {
    let mut h = FxHasher::default();
    h.write(s);
    let mut x = h.finish() ^ (s.len() as u64);
    x ^= x >> 33;
    x = x.wrapping_mul(0xff51_afd7_ed55_8ccd);
    x ^= x >> 33;
    x
}

/// The bit sets of [`Taken`] start with 2^this bits and grow with the strings held (a
/// redaction of 1 KB zeroed 72 KB for them, three times, before; with 2^10 bits it grew them
/// once, and more of its candidates passed the thinner filters to a search).
const TAKEN_BITS_MIN: u32 = 12;

impl Taken {
    /// Grows the bit sets (up to 2^16 bits for starts, 2^18 for the grams) once the strings
    /// held fill an eighth of them, and sets them again from the strings. With the postings
    /// (`indexed`) only the starts are kept.
    fn grow_filters(&mut self) {
        let bits = |g: &GramBits| (g.words.len() * 64) as u64;
        if self.indexed {
            if (self.spans.len() as u64) * 8 <= bits(&self.start_bits)
                || bits(&self.start_bits) >= 1 << 16
            {
                return;
            }
            self.start_bits = GramBits::with_bits(bits(&self.start_bits).trailing_zeros() + 2);
            for &(a, _) in &self.spans {
                self.start_bits
                    .set(gram_at(self.arena.as_bytes(), a as usize));
            }
            return;
        }
        if (self.arena.len() as u64) * 8 <= bits(&self.gram4) || bits(&self.gram4) >= 1 << 18 {
            return;
        }
        let log2 = |g: &GramBits, max: u32| (bits(g).trailing_zeros() + 2).min(max);
        self.start_bits = GramBits::with_bits(log2(&self.start_bits, 16));
        self.gram4 = GramBits::with_bits(log2(&self.gram4, 18));
        self.gram8 = GramBits::with_bits(log2(&self.gram8, 18));
        for k in 0..self.spans.len() {
            let (a, e) = self.spans[k];
            let b = &self.arena.as_bytes()[a as usize..e as usize];
            self.start_bits.set(gram_at(b, 0));
            let mut g8 = 0u64;
            for (i, &c) in b.iter().enumerate() {
                g8 = (g8 << 8) | u64::from(c);
                if i >= 3 {
                    self.gram4.set(g8 as u32);
                }
                if i >= 7 {
                    self.gram8.set8(g8);
                }
            }
        }
    }

    /// Room for the stand-ins of a short text at the first long string.
    fn reserve_first(&mut self) {
        self.arena.reserve(256);
        self.spans.reserve(16);
        self.starts.reserve(16);
    }

    /// Records a lowercase string.
    pub(crate) fn insert(&mut self, lower: &str) {
        if self.hashes.is_empty() {
            // Room for a short text's stand-ins at once (the set grew four times before).
            self.hashes.reserve(32);
        }
        if !self.hashes.insert(hash_str(lower)) {
            return;
        }
        let b = lower.as_bytes();
        if b.len() < 4 || self.arena.len() + b.len() >= NONE as usize {
            return;
        }
        if self.spans.is_empty() {
            self.reserve_first();
        }
        let ix = self.spans.len() as u32;
        let start = self.arena.len() as u32;
        self.arena.push_str(lower);
        self.spans.push((start, self.arena.len() as u32));
        self.grow_filters();
        let g = gram_at(b, 0);
        if b.len() - 4 < 64 {
            *self.starts.entry(g).or_insert(0) |= 1 << (b.len() - 4);
        } else {
            let lens = self.starts_long.entry(g).or_default();
            if !lens.contains(&(b.len() as u32)) {
                lens.push(b.len() as u32);
            }
        }
        self.start_bits.set(g);
        if self.indexed {
            // The postings rule candidates out by themselves: no gram bits.
            self.post(ix);
            return;
        }
        // One pass: 4-grams and 8-grams into their bit sets.
        let mut g8 = 0u64;
        for (i, &c) in b.iter().enumerate() {
            g8 = (g8 << 8) | u64::from(c);
            if i >= 3 {
                self.gram4.set(g8 as u32);
            }
            if i >= 7 {
                self.gram8.set8(g8);
            }
        }
        if self.spans.len() >= POSTINGS_FROM {
            for k in 0..self.spans.len() as u32 {
                self.post(k);
            }
            self.indexed = true;
        }
    }

    /// The edge grams of long string `ix` into the postings.
    fn post(&mut self, ix: u32) {
        let (a, e) = self.spans[ix as usize];
        let s = &self.arena[a as usize..e as usize];
        let (post4, post8) = (&mut self.post4, &mut self.post8);
        gram_edges(s, |p| post_edge(post4, post8, s.as_bytes(), p, ix));
    }

    fn long(&self, ix: u32) -> &str {
        let (a, b) = self.spans[ix as usize];
        &self.arena[a as usize..b as usize]
    }

    /// True when `lower` equals a taken string, or (both at least 4 bytes) contains one or is
    /// contained in one.
    pub(crate) fn clashes(&self, lower: &str) -> bool {
        if self.hashes.contains(&hash_str(lower)) {
            return true;
        }
        let b = lower.as_bytes();
        if b.len() < 4 || self.spans.is_empty() {
            return false;
        }
        if self.indexed {
            return self.clashes_indexed(lower);
        }
        // A taken string inside the candidate: every 4-gram is a possible start; the lengths
        // of the taken strings with that start say which slices to look up.
        let mut g = 0u32;
        for (i, &c) in b.iter().enumerate() {
            g = (g << 8) | u32::from(c);
            if i >= 3 && self.start_bits.get(g) && self.starts_inside(lower, i - 3, g) {
                return true;
            }
        }
        // The candidate inside a taken string. Few strings: each one looked through, after
        // the bit sets' verdict.
        let grams_in = if b.len() >= LONG_CANDIDATE {
            self.gram8.has_all8(b)
        } else {
            self.gram4.has_all(b)
        };
        grams_in
            && (0..self.spans.len() as u32).any(|ix| {
                let t = self.long(ix);
                t.len() > b.len() && inside_at_edges(t, lower)
            })
    }

    /// Whether a taken string (shorter than `lower`) starts at `at` in `lower`, where a restore
    /// could read it; `g` is the 4-gram there.
    #[inline]
    fn starts_inside(&self, lower: &str, at: usize, g: u32) -> bool {
        let b = lower.as_bytes();
        let rest = &b[at..];
        let hit = |m: usize| {
            m < b.len()
                && m <= rest.len()
                && self.hashes.contains(&hash_bytes(&rest[..m]))
                && at_edges(lower, at, at + m)
        };
        if let Some(&mask) = self.starts.get(&g) {
            let mut bits = mask;
            while bits != 0 {
                let m = bits.trailing_zeros() as usize + 4;
                if m > rest.len() {
                    break;
                }
                if hit(m) {
                    return true;
                }
                bits &= bits - 1;
            }
        }
        self.starts_long
            .get(&g)
            .is_some_and(|lens| lens.iter().any(|&m| hit(m as usize)))
    }

    /// [`Taken::clashes`] with the postings (`lower` of 4 or more bytes, not taken itself),
    /// in one pass over the candidate's left edges: a taken string inside it starts at one of
    /// them (a restore reads it only there), and it sits inside a taken string only where
    /// each of them is an edge of that string too.
    fn clashes_indexed(&self, lower: &str) -> bool {
        let b = lower.as_bytes();
        // The long strings holding the candidate's rarest edge gram at an edge (a scan of
        // all of them made redaction quadratic in the number of stand-ins): its 8-gram where
        // the candidate goes on for 8 bytes, else its 4-gram. The first 64 edges are enough.
        let mut best: Option<(&Postings, u32, u32)> = None;
        let mut none = false;
        let mut inside = false;
        let mut edges = 0;
        gram_edges(lower, |p| {
            if inside {
                return;
            }
            let g4 = gram_at(b, p);
            if self.start_bits.get(g4) && self.starts_inside(lower, p, g4) {
                inside = true;
                return;
            }
            edges += 1;
            if none || edges > 64 {
                return;
            }
            let (post, g) = if p + 8 <= b.len() {
                (&self.post8, gram8_at(b, p))
            } else {
                (&self.post4, u64::from(g4))
            };
            match post.get(g) {
                None => none = true,
                Some(q) if best.is_none_or(|r| q.1 < r.2) => best = Some((post, q.0, q.1)),
                Some(_) => {}
            }
        });
        inside
            || !none
                && best.is_some_and(|(post, head, _)| {
                    post.iter(head).any(|ix| {
                        let t = self.long(ix);
                        t.len() > b.len() && inside_at_edges(t, lower)
                    })
                })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// [`titled_of`] as it read the text before its one pass: through [`letter_runs`].
    fn titled_of_by_runs(lower: &str) -> Vec<(String, crate::data::Gender)> {
        let mut out: Vec<(String, crate::data::Gender)> = Vec::new();
        let mut conflicts: Vec<String> = Vec::new();
        let mut prev: Option<crate::data::Gender> = None;
        for w in letter_runs(lower) {
            if let Some(g) = prev.take() {
                let k = crate::data::key(w);
                match out.iter().find(|(o, _)| *o == k) {
                    Some((_, og)) if *og != g => conflicts.push(k),
                    Some(_) => {}
                    None => out.push((k, g)),
                }
                if out.len() > 256 {
                    break;
                }
            }
            prev = crate::person::may_be_title(w)
                .then(|| crate::person::title_gender(w))
                .flatten();
        }
        out.retain(|(k, _)| !conflicts.contains(k));
        out
    }

    /// The non-empty slices of `text` the `(position, length)` pairs pick (positions wrapped,
    /// cut at its end, those off character boundaries left out), then `needles`.
    fn slices_and(text: &str, cuts: &[(usize, usize)], needles: &[String]) -> Vec<String> {
        cuts.iter()
            .filter_map(|&(p, n)| {
                let p = p % text.len().max(1);
                text.get(p..(p + n).min(text.len())).map(str::to_string)
            })
            .filter(|s| !s.is_empty())
            .chain(needles.iter().cloned())
            .collect()
    }
    /// Whether `c` clashes with one of `taken` by the rule of [`Taken::clashes`], the obvious
    /// quadratic way.
    fn naive_clash(taken: &[String], c: &str) -> bool {
        // Containment only where a restore reads the inner string: not glued to a letter or
        // digit inside the outer one.
        let inside = |outer: &str, inner: &str| {
            (0..=outer.len().saturating_sub(inner.len())).any(|p| {
                outer.is_char_boundary(p) && outer[p..].starts_with(inner) && {
                    let glued = |at: usize| {
                        let (l, r) = (outer[..at].chars().last(), outer[at..].chars().next());
                        l.is_some_and(|c| c.is_alphanumeric())
                            && r.is_some_and(|c| c.is_alphanumeric())
                    };
                    !glued(p) && !glued(p + inner.len())
                }
            })
        };
        taken.iter().any(|s| {
            s == c
                || (s.len() >= 4
                    && c.len() >= 4
                    && s.len() != c.len()
                    && (inside(s, c) || inside(c, s)))
        })
    }

    use proptest::prelude::*;

    proptest! {
        /// The bits set with the size a constant, four grams a load, are those set gram by
        /// gram, for texts of every length modulo the loads and every size.
        #[test]
        fn gram_bits_of_matches_gram_by_gram(b in proptest::collection::vec(any::<u8>(), 4..80)) {
            let by_gram = |log2: u32| {
                let mut bits = GramBits::with_bits(log2);
                for i in 0..b.len() - 3 {
                    bits.set(gram_at(&b, i));
                }
                (bits.words, bits.shift)
            };
            let got = |g: GramBits| (g.words, g.shift);
            prop_assert_eq!(got(gram_bits_of::<10>(&b)), by_gram(10));
            prop_assert_eq!(got(gram_bits_of::<11>(&b)), by_gram(11));
            prop_assert_eq!(got(gram_bits_of::<12>(&b)), by_gram(12));
            prop_assert_eq!(got(gram_bits_of::<13>(&b)), by_gram(13));
            prop_assert_eq!(got(gram_bits_of::<14>(&b)), by_gram(14));
            prop_assert_eq!(got(gram_bits_of::<15>(&b)), by_gram(15));
            prop_assert_eq!(got(gram_bits_of::<16>(&b)), by_gram(16));
        }
        /// The indexed checks agree with the obvious quadratic ones, below and past the
        /// number of strings from which the postings are kept.
        #[test]
        fn taken_matches_naive(
            taken in proptest::collection::vec("[ab1 -]{0,24}", 0..3 * POSTINGS_FROM),
            cands in proptest::collection::vec("[ab1 -]{0,24}", 1..40),
        ) {
            let mut t = Taken::default();
            for s in &taken {
                t.insert(s);
            }
            for c in &cands {
                prop_assert_eq!(t.clashes(c), naive_clash(&taken, c), "{:?} vs {:?}", c, taken);
            }
        }

        /// The same with letters and digits outside ASCII (edges between them are found by
        /// character), strings of more than 64 edges, and candidates cut from the taken
        /// strings (most of them held at edges or glued, rarely by chance).
        #[test]
        fn taken_matches_naive_unicode_and_cuts(
            taken in proptest::collection::vec("[ab1 \\-é٣.\u{301}]{0,24}|[a -]{60,200}", 0..3 * POSTINGS_FROM),
            cuts in proptest::collection::vec((any::<prop::sample::Index>(), any::<usize>(), 0usize..40), 1..40),
            cands in proptest::collection::vec("[ab1 -é٣]{0,12}|[a -]{130,260}", 1..10),
        ) {
            let mut t = Taken::default();
            for s in &taken {
                t.insert(s);
            }
            let cut = cuts.iter().filter_map(|(i, p, n)| {
                let s = taken.get(i.index(taken.len().max(1)))?;
                let p = p % s.len().max(1);
                s.get(p..(p + n).min(s.len())).map(str::to_string)
            });
            for c in cut.chain(cands.iter().cloned()) {
                prop_assert_eq!(t.clashes(&c), naive_clash(&taken, &c), "{:?} vs {:?}", c, taken);
            }
        }

        /// The text filter never hides an occurrence.
        #[test]
        fn text_index_matches_naive(
            text in "[a-zA-Z0-9 ]{4500,6000}",
            cuts in proptest::collection::vec((any::<usize>(), 1usize..16), 1..40),
            needles in proptest::collection::vec("[abcAB1 ]{1,12}", 1..10),
        ) {
            let mut idx = TextIndex::default();
            idx.prepare(&text);
            idx.queries.store(FILTER_AFTER_QUERIES, std::sync::atomic::Ordering::Relaxed);
            let lower = text.to_ascii_lowercase();
            let cut = cuts.iter().map(|&(p, n)| {
                let p = p % text.len();
                text[p..(p + n).min(text.len())].to_string()
            });
            for n in cut.chain(needles.iter().cloned()) {
                prop_assert_eq!(idx.contains(&n), lower.contains(&n.to_ascii_lowercase()), "{}", n);
            }
        }
    }

    proptest! {
        /// The byte search finds an occurrence at the edges exactly where `str::find` does:
        /// strings of few letters (so that occurrences repeat and overlap), digits, spaces
        /// and characters of two to four bytes, one inside the other or not.
        #[test]
        fn inside_at_edges_matches_find(
            outer in "[ab1 \u{e9}\u{4e2d}\u{1f600}-]{0,24}",
            inner in "[ab1 \u{e9}\u{4e2d}\u{1f600}-]{0,6}",
            cut in any::<prop::sample::Index>(),
        ) {
            prop_assert_eq!(
                inside_at_edges(&outer, &inner),
                inside_at_edges_by_find(&outer, &inner)
            );
            // An inner string taken from the outer one: found, glued or not.
            let bounds: Vec<usize> = outer.char_indices().map(|(i, _)| i).chain([outer.len()]).collect();
            let a = bounds[cut.index(bounds.len())];
            let b = bounds[(cut.index(bounds.len()) + 2).min(bounds.len() - 1)];
            let taken = &outer[a..b];
            prop_assert_eq!(
                inside_at_edges(&outer, taken),
                inside_at_edges_by_find(&outer, taken)
            );
        }

        /// The posting table lists what a map of vectors lists, across its growth.
        #[test]
        fn postings_match_a_map(
            adds in proptest::collection::vec((0u64..3000, 0u32..4), 0..4000),
            wide in any::<u64>(),
        ) {
            let mut p = Postings::default();
            let mut want: HashMap<u64, Vec<u32>> = HashMap::new();
            let mut ix = 0u32;
            for (k, &(g, step)) in adds.iter().enumerate() {
                ix += step;
                // Small grams collide in the table, a few wide ones spread over it.
                let g = if k % 7 == 0 { g ^ wide } else { g };
                p.add(g, ix);
                let l = want.entry(g).or_default();
                if l.last() != Some(&ix) {
                    l.push(ix);
                }
            }
            for g in (0..3000).chain(adds.iter().map(|a| a.0 ^ wide)) {
                let got = p.get(g).map(|(head, n)| (n, p.iter(head).collect::<Vec<_>>()));
                let w = want.get(&g).map(|l| (l.len() as u32, l.iter().rev().copied().collect()));
                prop_assert_eq!(got, w, "{}", g);
            }
        }
    }

    proptest! {
        /// Texts short enough for the bit set of their grams: it never hides an occurrence,
        /// for ASCII and non-ASCII needles.
        #[test]
        fn text_bits_match_naive(
            text in "[a-cA-C1 .é]{200,1500}",
            cuts in proptest::collection::vec((any::<usize>(), 1usize..16), 1..40),
            needles in proptest::collection::vec("[abcAB1 .é]{1,12}", 1..20),
        ) {
            let mut idx = TextIndex::default();
            idx.prepare(&text);
            let lower = text.to_ascii_lowercase();
            let folded = text.to_lowercase();
            for n in slices_and(&text, &cuts, &needles) {
                let nl = n.to_ascii_lowercase();
                let naive = lower.contains(nl.as_str())
                    || (!nl.is_ascii() && folded.contains(n.to_lowercase().as_str()));
                prop_assert_eq!(idx.contains(&n), naive, "{:?}", n);
                let starts: Vec<usize> = (0..=lower.len())
                    .filter(|&i| lower.as_bytes()[i..].starts_with(nl.as_bytes()))
                    .collect();
                prop_assert_eq!(idx.occurrences(&n), starts, "{:?}", n);
            }
        }
    }

    proptest! {
        /// The gram positions find exactly the occurrences a scan finds, also when only the
        /// non-ASCII grams are listed (for needles holding a non-ASCII character).
        #[test]
        fn gram_positions_match_naive(
            text in "[ab1 é-]{0,300}",
            cuts in proptest::collection::vec((any::<usize>(), 0usize..12), 1..30),
            needles in proptest::collection::vec("[ab1 é]{0,9}", 1..20),
        ) {
            let all = GramPositions::build(text.as_bytes(), false);
            let high = GramPositions::build(text.as_bytes(), true);
            // The lists are those a gram-by-gram count makes.
            let (bounds, positions) = gram_positions_one_by_one(text.as_bytes(), all.shift);
            prop_assert_eq!(&all.bounds, &bounds);
            prop_assert_eq!(&all.positions, &positions);
            for n in slices_and(&text, &cuts, &needles) {
                let naive = text.contains(n.as_str());
                prop_assert_eq!(all.contains(text.as_bytes(), n.as_bytes()), naive, "{:?}", n);
                if n.len() >= 4 {
                    let starts: Vec<usize> = (0..=text.len())
                        .filter(|&i| text.as_bytes()[i..].starts_with(n.as_bytes()))
                        .collect();
                    prop_assert_eq!(all.find_all(text.as_bytes(), n.as_bytes()), Some(starts));
                }
                if !n.is_ascii() {
                    prop_assert_eq!(high.contains(text.as_bytes(), n.as_bytes()), naive, "{:?}", n);
                }
            }
        }

        /// Long texts with non-ASCII letters in both cases: `contains` and `contains_word`
        /// agree with scans of the lowercased text.
        #[test]
        fn text_index_words_and_unicode_match_naive(
            text in "[a-cA-C1 .ÉéΣσ]{4500,5000}",
            cuts in proptest::collection::vec((any::<usize>(), 1usize..10), 1..30),
            needles in proptest::collection::vec("[abAB1 ÉéΣσ.]{1,6}", 1..20),
        ) {
            let mut idx = TextIndex::default();
            idx.prepare(&text);
            idx.queries.store(FILTER_AFTER_QUERIES, std::sync::atomic::Ordering::Relaxed);
            let lower = text.to_ascii_lowercase();
            let folded = text.to_lowercase();
            let b = lower.as_bytes();
            let word = |i: usize| b.get(i).is_some_and(|&c| c.is_ascii_alphanumeric() || c >= 0x80);
            for n in slices_and(&text, &cuts, &needles) {
                let nl = n.to_ascii_lowercase();
                let naive = lower.contains(nl.as_str())
                    || (!nl.is_ascii() && folded.contains(n.to_lowercase().as_str()));
                prop_assert_eq!(idx.contains(&n), naive, "{:?}", n);
                let naive_word = lower
                    .match_indices(nl.as_str())
                    .any(|(s, m)| (s == 0 || !word(s - 1)) && !word(s + m.len()));
                prop_assert_eq!(idx.contains_word(&n), naive_word, "{:?}", n);
                let starts: Vec<usize> = (0..=lower.len())
                    .filter(|&i| lower.as_bytes()[i..].starts_with(nl.as_bytes()))
                    .collect();
                prop_assert_eq!(idx.occurrences(&n), starts, "{:?}", n);
            }
        }
    }

    /// [`ShortWords::of`] as it was written before its one-pass loop.
    /// [`GramPositions::build`]'s bounds and positions of every gram, as it made them before
    /// it read four grams out of each 8-byte load: gram by gram, each shifted in.
    fn gram_positions_one_by_one(b: &[u8], shift: u32) -> (Vec<u32>, Vec<u32>) {
        let n = b.len().saturating_sub(3);
        let buckets = 1usize << (32 - shift);
        let bucket = |g: u32| (g.wrapping_mul(BUCKET_MUL) >> shift) as usize;
        let mut bounds = vec![0u32; buckets + 2];
        let mut positions = vec![0u32; n];
        if n > 0 {
            let head = b[..3].iter().fold(0u32, |g, &c| (g << 8) | u32::from(c));
            let mut g = head;
            for &c in &b[3..] {
                g = (g << 8) | u32::from(c);
                bounds[2 + bucket(g)] += 1;
            }
            running_sums(&mut bounds);
            let mut g = head;
            for (i, &c) in b[3..].iter().enumerate() {
                g = (g << 8) | u32::from(c);
                let c = &mut bounds[1 + bucket(g)];
                positions[*c as usize] = i as u32;
                *c += 1;
            }
        }
        bounds.truncate(buckets + 1);
        (bounds, positions)
    }

    fn short_words_by_positions(lower: &[u8]) -> ShortWords {
        let mut w = ShortWords {
            ascii: vec![0; SHORT_ASCII_WORDS.div_ceil(64)],
            other: FxSet::default(),
        };
        let mut rest = lower;
        while !rest.is_empty() {
            let start = rest
                .iter()
                .position(|&c| WORD_BYTE[usize::from(c)])
                .unwrap_or(rest.len());
            rest = &rest[start..];
            let len = rest
                .iter()
                .position(|&c| !WORD_BYTE[usize::from(c)])
                .unwrap_or(rest.len());
            let word = &rest[..len];
            rest = &rest[len..];
            if len > 3 || len == 0 {
                continue;
            }
            match ascii_index(word) {
                Some(ix) => w.ascii[ix / 64] |= 1 << (ix % 64),
                None => {
                    if let Some(p) = pack_short(word) {
                        w.other.insert(p);
                    }
                }
            }
        }
        w
    }

    proptest! {
        /// The one-pass loop records the short words the search by positions recorded.
        #[test]
        fn short_words_match_the_search_by_positions(s in "[a-c1 .\\-_é\u{4e00}]{0,40}") {
            let lower = s.to_ascii_lowercase();
            let (got, want) = (ShortWords::of(lower.as_bytes()), short_words_by_positions(lower.as_bytes()));
            prop_assert_eq!(got.ascii, want.ascii);
            prop_assert_eq!(got.other, want.other);
        }

        /// The one pass over the bytes finds the titled words that the runs' iterator finds.
        #[test]
        fn titled_of_matches_the_runs(
            words in proptest::collection::vec(
                "(mr|mrs|ms|m|sir|lady|herr|frau|dr|sr|sra|doña|don|do|a|b|mme|miss|MR|Mrs|é|ł|émile|o'neil|ann-lee|smith|jones|ab|σ|Σ)",
                0..60,
            ),
            seps in proptest::collection::vec("[ .,\n1'\\-]{1,2}|\u{301}|\u{4e00}|", 0..60),
        ) {
            let mut text = String::new();
            for (i, w) in words.iter().enumerate() {
                text.push_str(w);
                text.push_str(seps.get(i).map_or(" ", String::as_str));
            }
            let lower = text.to_ascii_lowercase();
            prop_assert_eq!(titled_of(&lower), titled_of_by_runs(&lower));
        }

        /// The byte loop finds the words the character split finds.
        #[test]
        fn letter_runs_match_split(s in "[a-cA-C '.\\-éΣ1\u{301}\u{4e00}]{0,40}") {
            let want: Vec<&str> = s
                .split(|c: char| !(c.is_alphabetic() || c == '\'' || c == '-'))
                .filter(|w| !w.is_empty())
                .collect();
            prop_assert_eq!(letter_runs(&s).collect::<Vec<_>>(), want);
        }

        /// The word-at-a-time search finds the first non-ASCII byte a byte loop finds.
        #[test]
        fn find_high_matches_a_byte_loop(s in "[a-c \n\u{80}-\u{ff}é\u{4e00}]{0,40}", from in 0usize..40) {
            let b = s.as_bytes();
            let b = &b[from.min(b.len())..];
            prop_assert_eq!(find_high(b), b.iter().position(|&c| c >= 0x80));
        }

        /// The borrowed lower case is the lowered copy whenever it is taken.
        #[test]
        fn lower_cow_matches_to_lowercase(s in "[a-cA-C .ΣσςÉéİıß'’\u{301}\u{130}\u{1E9E}]{0,20}") {
            prop_assert_eq!(lower_cow(&s), s.to_lowercase());
        }

        /// Lowering piece by piece gives what lowering the whole text gives.
        #[test]
        fn unicode_lower_matches_to_lowercase(s in "[a-c .\n\tΣσςÉéİ'’\u{301}]{0,40}") {
            let lower = s.to_ascii_lowercase();
            prop_assert_eq!(unicode_lower(&lower), lower.to_lowercase());
        }

        /// The same with characters of other scripts, cased and not, beside the sigmas.
        #[test]
        fn unicode_lower_of_scripts_matches_to_lowercase(
            s in "[aB .\nΣσςÉİЖжΩω中あア한ש\u{5d0}\u{627}\u{915}\u{10a0}\u{2c00}\u{ff21}ẞ\u{301}]{0,40}",
        ) {
            let lower = s.to_ascii_lowercase();
            prop_assert_eq!(unicode_lower(&lower), lower.to_lowercase());
        }
    }

    /// Every character of the blocks taken as without case lowers to itself alone.
    #[test]
    fn caseless_blocks_have_no_lower_case() {
        for c in (0..=0x10FFFFu32)
            .filter_map(char::from_u32)
            .filter(|&c| caseless(c))
        {
            let mut l = c.to_lowercase();
            assert_eq!((l.next(), l.next()), (Some(c), None), "{c:?}");
        }
    }

    /// The block tables answer as the Unicode look-up, for every character of the Basic
    /// Multilingual Plane and a few beyond.
    #[test]
    fn is_alphabetic_matches_char() {
        for c in (0..0x1_0000).chain([0x1_0000, 0x1_D400, 0x2_0000, 0x1_F600, 0x10_FFFF]) {
            if let Some(c) = char::from_u32(c) {
                assert_eq!(is_alphabetic(c), c.is_alphabetic(), "{:?}", c);
                assert_eq!(is_alphanumeric(c), c.is_alphanumeric(), "{:?}", c);
            }
        }
    }

    #[test]
    fn short_words_are_whole_words() {
        let mut idx = TextIndex::default();
        idx.prepare("Al met LI and bo_x, Ed9 and é! x");
        for (w, want) in [
            ("al", true),
            ("AL", true),
            ("li", true),
            ("bo", true),
            ("x", true),
            ("ed", false),
            ("ed9", true),
            ("an", false),
            ("é", true),
            ("e", false),
            ("", false),
        ] {
            assert_eq!(idx.contains_word(w), want, "{w}");
        }
    }

    /// Found by the property test above: the first occurrence straddles two taken strings,
    /// an overlapping one lies inside the second.
    #[test]
    fn an_overlapping_occurrence_inside_one_string_counts() {
        let mut t = Taken::default();
        t.insert("-a  ");
        t.insert("      -");
        assert!(t.clashes("     "));
    }

    #[test]
    fn text_index_small_and_large() {
        let mut idx = TextIndex::default();
        let small = "Call Jane Doe at 555-0100.";
        idx.prepare(small);
        assert!(idx.contains("JANE doe"));
        assert!(idx.contains("0100."));
        assert!(!idx.contains("Janet"));
        let mut big = String::new();
        for i in 0..2000 {
            big.push_str(&format!(
                "line {i} with some words and Numbers {}\n",
                i * 7919
            ));
        }
        idx.prepare(&big);
        assert!(idx.contains("NUMBERS 7919"));
        assert!(idx.contains("line 1999 with"));
        assert!(!idx.contains("line 2000 with"));
        assert!(!idx.contains("zebra"));
        assert!(idx.contains("e"));
    }

    /// A restore matches a stand-in whatever its case, `Émilie` for `émilie` too, so the text
    /// is searched in lower case by Unicode rules for candidates outside ASCII.
    #[test]
    fn a_candidate_is_found_in_the_text_whatever_the_case_of_its_accented_letters() {
        let mut t = TextIndex::default();
        let text = "city: Sainte Émilie, ÅSA BERG";
        t.prepare(text);
        assert!(t.contains_lower("émilie"));
        assert!(t.contains_lower("åsa"));
        assert!(t.contains_lower("sainte"));
        assert!(!t.contains_lower("émile"));
    }

    #[test]
    fn taken_equality_and_containment() {
        let mut t = Taken::default();
        t.insert("emily clark");
        t.insert("abc");
        assert!(t.clashes("emily clark"));
        assert!(t.clashes("abc"));
        assert!(t.clashes("emily"), "contained in a taken string");
        assert!(t.clashes("ms emily clark jr"), "contains a taken string");
        // Only where a restore reads the inner string: not glued to letters or digits.
        assert!(
            !t.clashes("emily clarkson"),
            "glued: a restore reads it whole"
        );
        assert!(!t.clashes("emil"), "glued inside `emily`");
        t.insert("cvjetna 6");
        assert!(!t.clashes("cvjetna 61"));
        assert!(!t.clashes("cvjetna 16"), "`cvjetna 1` is not taken");
        assert!(t.clashes("cvjetna 6, 10000 zagreb"));
        t.insert("192.0.2.10");
        assert!(!t.clashes("192.0.2.1"));
        assert!(t.clashes("192.0.2"), "a restore reads it before the dot");
        // Every occurrence counts, overlapping ones too: `1 1 ` is glued inside `11 1 1 `
        // where it first occurs, not where it occurs again.
        t.insert("11 1 1 ");
        assert!(t.clashes("1 1 "));
        assert!(
            !t.clashes("abcd"),
            "a 3-byte taken string does not count for containment"
        );
        assert!(!t.clashes("emily stone"));
        assert!(!t.clashes("em"));
        // Long candidates inside longer taken strings, at every alignment.
        t.insert("call +1 (415) 555-0148 after nine");
        for c in [
            "(415) 555-0148",
            "415) 555-0148",
            "1 (415) 555-0148",
            " (415) 555-0148 ",
            "555-0148 after nine",
            "call +1 (415)",
            "+1 (415) 555-0148 after nine",
        ] {
            assert!(t.clashes(c), "{c}");
        }
        // At the same alignments but glued to the letters or digits beside them there.
        for c in [
            "15) 555-0148 a",
            "5) 555-0148 af",
            "all +1 (415)",
            "(415) 555-01",
        ] {
            assert!(!t.clashes(c), "{c}");
        }
        assert!(!t.clashes("(415) 555-0149"));
        assert!(!t.clashes("call +1 (415) 555-0148 after noon"));
        assert!(
            t.clashes("x call +1 (415) 555-0148 after nine!"),
            "contains a taken string"
        );
        assert!(
            !t.clashes("xcall +1 (415) 555-0148 after nine!"),
            "contains it glued to a letter"
        );
    }
}
