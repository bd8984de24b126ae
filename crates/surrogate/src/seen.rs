//! Text seen before the current one, for a generator that works through a long input piece by
//! piece (the `redact` command streams its input): a stand-in made for a later piece must not
//! be read by a restore in an earlier one.
//!
//! A restore reads a stand-in literally at edges that are not between two letters or digits,
//! ignoring case, or — for a number-like stand-in — as any spelling of its digits with other
//! separators. So a stand-in can occur in a text only if
//!
//! - every maximal run of letters and digits of the stand-in is a whole run of the text, and
//!   every two runs joined by one character in the stand-in are joined the same way in the
//!   text; or
//! - it is number-like (7 or more ASCII digits) and the text holds a digit sequence (digits
//!   joined by at most 3 separator characters) whose last 7 digits are the stand-in's.
//!
//! A number-like stand-in spelled as such a digit sequence itself (as phone numbers and IPv4
//! addresses are) is in a text only in the second way: its runs are not asked about (short
//! digit runs are in every text, and a stand-in made of them would always look seen).
//!
//! [`Seen`] keeps hashes of those runs, pairs and digit tails in Bloom filters (about 12 bits
//! each, false positives under 1 %: a false positive only makes a stand-in be drawn again), so
//! its size grows with the distinct words of the input, not with its length, and stops growing
//! at [`Seen::MAX_BYTES`] (past it the false-positive rate rises instead).

/// Hashes of the runs, pairs and digit tails of the texts passed to [`Seen::add_text`].
#[derive(Clone, Debug)]
pub struct Seen {
    filters: Vec<Bloom>,
    bytes: usize,
    /// [`Seen::MAX_BYTES`] (smaller in tests).
    max_bytes: usize,
}

impl Default for Seen {
    fn default() -> Seen {
        Seen {
            filters: Vec::new(),
            bytes: 0,
            max_bytes: Seen::MAX_BYTES,
        }
    }
}

#[derive(Clone, Debug)]
struct Bloom {
    bits: Vec<u64>,
    /// Number of bits minus one (a power of two minus one).
    mask: u64,
    capacity: usize,
    inserted: usize,
}

const HASHES: u64 = 4;
const BITS_PER_ITEM: usize = 12;
const FIRST_LOG2: u32 = 20;

impl Bloom {
    fn with_log2(log2: u32) -> Bloom {
        let bits = 1usize << log2;
        Bloom {
            bits: vec![0; bits / 64],
            mask: bits as u64 - 1,
            capacity: bits / BITS_PER_ITEM,
            inserted: 0,
        }
    }

    fn positions(&self, h: u64) -> impl Iterator<Item = u64> + '_ {
        let h2 = (h >> 32) | 1;
        (0..HASHES).map(move |i| h.wrapping_add(i.wrapping_mul(h2)) & self.mask)
    }

    fn contains(&self, h: u64) -> bool {
        self.positions(h)
            .all(|p| self.bits[(p / 64) as usize] & (1 << (p % 64)) != 0)
    }

    fn insert(&mut self, h: u64) {
        // The positions of `positions`, set as they are computed (collecting them first cost
        // an allocation per entry).
        let h2 = (h >> 32) | 1;
        for i in 0..HASHES {
            let p = h.wrapping_add(i.wrapping_mul(h2)) & self.mask;
            self.bits[(p / 64) as usize] |= 1 << (p % 64);
        }
        self.inserted += 1;
    }
}

/// A 64-bit mix (splitmix64's finaliser).
fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// Hash of lower-cased characters, with a tag for what they are.
#[derive(Clone, Copy)]
struct Hash(u64);

impl Hash {
    fn new(tag: u64) -> Hash {
        Hash(mix(tag.wrapping_add(0x9e37_79b9_7f4a_7c15)))
    }
    #[inline]
    fn push(&mut self, c: char) {
        if c.is_ascii() {
            // What `to_lowercase` gives for an ASCII character, without its iterator.
            self.step(u64::from(c.to_ascii_lowercase()));
            return;
        }
        self.push_lowered(c);
    }
    /// [`Hash::push`] of a character outside ASCII: apart, so that the ASCII case inlines
    /// small where a pair is hashed.
    #[inline(never)]
    fn push_lowered(&mut self, c: char) {
        for l in c.to_lowercase() {
            self.step(u64::from(u32::from(l)));
        }
    }
    /// One character into a run's hash: a multiply and a rotation (the full mix per byte was
    /// most of the cost of remembering a piece); [`Hash::finish`] mixes the whole at the end.
    #[inline]
    fn step(&mut self, c: u64) {
        self.0 = (self.0 ^ c)
            .wrapping_mul(0x9e37_79b9_7f4a_7c15)
            .rotate_left(29);
    }
    fn finish(self) -> u64 {
        mix(self.0)
    }
    fn push_hash(&mut self, h: u64) {
        self.0 = mix(self.0 ^ h);
    }
}

const TAG_RUN: u64 = 1;
const TAG_PAIR: u64 = 2;
const TAG_DIGITS: u64 = 3;

fn digits_hash(tail: u64) -> u64 {
    let mut h = Hash::new(TAG_DIGITS);
    h.push_hash(tail);
    h.0
}

/// One maximal run of letters and digits: its hash and where it is.
struct Run {
    hash: u64,
    start: usize,
    end: usize,
}

/// By byte: the byte lowercased when it is an ASCII letter or digit, 0 otherwise (bytes of
/// other characters too).
const ALNUM_LOWER: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut c = 0;
    while c < 128 {
        let b = c as u8;
        if b.is_ascii_alphanumeric() {
            t[c] = b.to_ascii_lowercase();
        }
        c += 1;
    }
    t
};

/// Calls `f` with each maximal run of letters and digits of `text`, in order, while it
/// returns true.
fn for_each_run(text: &str, mut f: impl FnMut(Run) -> bool) {
    /// `start` while no run is open.
    const NO_RUN: usize = usize::MAX;
    let seed = Hash::new(TAG_RUN);
    // The open run: its hash so far and its start.
    let mut h = seed;
    let mut start = NO_RUN;
    let b = text.as_bytes();
    let mut i = 0;
    while i < b.len() {
        // ASCII byte by byte (the hash of a character lowered to one ASCII character is
        // mixed in as `Hash::push` does); other characters decoded.
        let x = b[i];
        let len = if x < 0x80 {
            let l = ALNUM_LOWER[usize::from(x)];
            if l != 0 {
                if start == NO_RUN {
                    start = i;
                    h = seed;
                }
                h.step(u64::from(l));
                i += 1;
                continue;
            }
            1
        } else {
            let Some(c) = text[i..].chars().next() else {
                break;
            };
            if crate::text::is_alphanumeric(c) {
                if start == NO_RUN {
                    start = i;
                    h = seed;
                }
                h.push(c);
                i += c.len_utf8();
                continue;
            }
            c.len_utf8()
        };
        if start != NO_RUN {
            let run = Run {
                hash: h.finish(),
                start,
                end: i,
            };
            if !f(run) {
                return;
            }
            start = NO_RUN;
        }
        i += len;
    }
    if start != NO_RUN {
        f(Run {
            hash: h.finish(),
            start,
            end: text.len(),
        });
    }
}

/// `c.is_alphanumeric()`, as the runs here are read: from tables built once per block of 256
/// characters (the Unicode look-up costs hundreds of instructions for each character outside
/// ASCII), for a caller that reads the same runs.
#[inline]
pub fn is_alphanumeric(c: char) -> bool {
    crate::text::is_alphanumeric(c)
}

/// The hash of two runs joined by the one character between them, if they are.
fn pair_hash(text: &str, a: &Run, b: &Run) -> Option<u64> {
    let mut sep = text[a.end..b.start].chars();
    let c = sep.next()?;
    if sep.next().is_some() {
        return None;
    }
    Some(joined_hash(a.hash, c, b.hash))
}

/// The hash of two runs (by their hashes) joined by the character `c`.
#[inline]
fn joined_hash(a: u64, c: char, b: u64) -> u64 {
    let mut h = Hash::new(TAG_PAIR);
    h.push_hash(a);
    h.push(c);
    h.push_hash(b);
    h.finish()
}

/// Separators a restore accepts between the digits of a number-like stand-in.
fn digit_separator(c: char) -> bool {
    matches!(
        c,
        ' ' | '-' | '.' | '(' | ')' | '/' | '\u{a0}' | '\u{2009}' | '\u{202f}' | '\u{2010}'
            ..='\u{2013}'
    )
}

/// Every place a digit sequence of `text` (ASCII digits joined by runs of at most three
/// separators a restore accepts) ends a group with at least 7 digits so far: the byte span of
/// the sequence up to there, and its last 7 digits as a number. Every spelling of a
/// number-like stand-in a restore reads ends at such a place with the stand-in's last 7
/// digits.
pub fn digit_tails(text: &str) -> Vec<(usize, usize, u64)> {
    let mut out = Vec::new();
    let mut start = None::<usize>;
    let mut count = 0u32;
    let mut tail = 0u64;
    let mut seps = 0u32;
    let mut last_digit_end = 0usize;
    let b = text.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if start.is_none() {
            // Outside a sequence only a digit matters: skip to the next one (an ASCII digit
            // is never inside a character's bytes).
            match find_digit(&b[i..]) {
                Some(k) => i += k,
                None => break,
            }
        }
        let c = match b[i] {
            x @ 0..0x80 => char::from(x),
            _ => match text[i..].chars().next() {
                Some(c) => c,
                None => break,
            },
        };
        let at = i;
        i += c.len_utf8();
        if c.is_ascii_digit() {
            if start.is_none() {
                start = Some(at);
                count = 0;
                tail = 0;
            }
            count += 1;
            tail = (tail * 10 + u64::from(c as u8 - b'0')) % 10_000_000;
            // The digits right after it, without going round the outer loop.
            while let Some(&d) = b.get(i)
                && d.is_ascii_digit()
            {
                count += 1;
                tail = (tail * 10 + u64::from(d - b'0')) % 10_000_000;
                i += 1;
            }
            seps = 0;
            last_digit_end = i;
            continue;
        }
        if let Some(s) = start {
            if seps == 0 && count >= 7 {
                out.push((s, last_digit_end, tail));
            }
            if digit_separator(c) && seps < 3 {
                seps += 1;
                continue;
            }
            start = None;
            seps = 0;
        }
    }
    if let Some(s) = start
        && seps == 0
        && count >= 7
    {
        out.push((s, last_digit_end, tail));
    }
    out
}

/// The position of the first ASCII digit of `b` (what `b.iter().position(u8::is_ascii_digit)`
/// gives), looked for eight bytes at a time: a byte is a digit when it is below 10 once
/// `0x30` is flipped out of it, and the lowest byte the word-wide "below 10" test marks is
/// exact (a borrow only runs upward from a marked byte).
fn find_digit(b: &[u8]) -> Option<usize> {
    const ONES: u64 = 0x0101_0101_0101_0101;
    let mut chunks = b.chunks_exact(8);
    let mut at = 0;
    for c in &mut chunks {
        let mut w = [0u8; 8];
        w.copy_from_slice(c);
        let x = u64::from_le_bytes(w) ^ (0x30 * ONES);
        let below_ten = x.wrapping_sub(10 * ONES) & !x & (0x80 * ONES);
        if below_ten != 0 {
            return Some(at + (below_ten.trailing_zeros() / 8) as usize);
        }
        at += 8;
    }
    chunks
        .remainder()
        .iter()
        .position(u8::is_ascii_digit)
        .map(|p| at + p)
}

/// Whether a number-like string is one digit sequence as [`digit_tails`] reads it: a `+`
/// only before the first digit, digits joined by at most 3 separators a restore accepts.
/// Where such a string is written, [`digit_tails`] of the text give its last 7 digits.
fn one_digit_sequence(s: &str) -> bool {
    let mut digits = false;
    let mut seps = 0;
    for c in s.chars() {
        if c.is_ascii_digit() {
            digits = true;
            seps = 0;
        } else if c == '+' {
            if digits {
                return false;
            }
        } else if digits {
            seps += 1;
            if seps > 3 {
                return false;
            }
        }
    }
    true
}

/// The last 7 digits of a number-like string (at least 7 ASCII digits, otherwise only
/// separators a restore accepts and `+`), as [`digit_tails`] reads them.
pub fn number_tail(s: &str) -> Option<u64> {
    let mut count = 0;
    let mut tail = 0u64;
    for c in s.chars() {
        if c.is_ascii_digit() {
            count += 1;
            tail = (tail * 10 + u64::from(c as u8 - b'0')) % 10_000_000;
        } else if !(digit_separator(c) || c == '+') {
            return None;
        }
    }
    (count >= 7).then_some(tail)
}

/// The hashes [`Seen::add_text`] records of `text`, in its order, made without a [`Seen`]:
/// on another thread (the `redact` command's workers hash each piece while the one stand-in
/// thread works on the pieces before it), then [`Seen::add_hashes`].
///
/// Each hash comes once, where it first comes: adding it again would change nothing (it is
/// held then), and the words of a long text repeat, each repeat a look through every filter
/// (a cache miss each) on the thread that adds them.
pub fn text_hashes(text: &str) -> Vec<u64> {
    text_hashes_with_tails(text, &digit_tails(text))
}

/// [`text_hashes`] of `text` whose [`digit_tails`] are `tails` (a caller that needs them
/// too makes them once).
pub fn text_hashes_with_tails(text: &str, tails: &[(usize, usize, u64)]) -> Vec<u64> {
    // Every hash listed, then the first of each kept: pushing is inlined where
    // `for_each_hash` calls it, the set's look-up (larger) was a call per hash.
    let mut out = Vec::with_capacity(text.len() / 4);
    for_each_hash(text, tails, |h| out.push(h));
    first_of_each(&mut out, text.len());
    out
}

/// [`text_hashes_with_tails`], and the maximal runs of letters and digits of `text` (letters
/// and digits by `char::is_alphanumeric`) as they are read for it, each as `(start, end, all
/// ASCII)`, in order: for a caller that needs the runs too (one pass for both).
pub fn text_hashes_and_runs(
    text: &str,
    tails: &[(usize, usize, u64)],
) -> (Vec<u64>, Vec<(usize, usize, bool)>) {
    let mut out = Vec::with_capacity(text.len() / 4);
    let mut runs = Vec::with_capacity(text.len() / 6);
    for_each_hash_and_run(
        text,
        tails,
        |h| out.push(h),
        |s, e, ascii| runs.push((s, e, ascii)),
    );
    first_of_each(&mut out, text.len());
    (out, runs)
}

/// Keeps the first of each hash of `hashes`, made of a text of `len` bytes.
fn first_of_each(hashes: &mut Vec<u64>, len: usize) {
    let mut once = HashOnce::for_text(len);
    hashes.retain(|&h| once.insert(h));
}

/// A set of hashes, to keep the first of each ([`text_hashes_with_tails`]): open addressing
/// by the hash's low bits, probed linearly. The hashes are mixed already (each ends with
/// [`mix`]), so they need no hashing again, and the table is sized from the text, so it
/// rarely grows (a `HashSet` cost about five times as much per hash).
struct HashOnce {
    /// 0 for an empty slot.
    slots: Vec<u64>,
    len: usize,
    /// Whether 0 (which marks an empty slot) is held.
    zero: bool,
}

impl HashOnce {
    /// Sized for the hashes of a text of `len` bytes (a run and a pair about every 8 bytes,
    /// many of them repeats): each slot zeroed costs, and so does growing.
    fn for_text(len: usize) -> HashOnce {
        HashOnce {
            slots: vec![0; (len / 4).next_power_of_two().max(64)],
            len: 0,
            zero: false,
        }
    }

    /// Adds `h`; true when it was not held.
    #[inline]
    fn insert(&mut self, h: u64) -> bool {
        if h == 0 {
            return !std::mem::replace(&mut self.zero, true);
        }
        // At most three quarters full.
        if 4 * (self.len + 1) > 3 * self.slots.len() {
            self.grow();
        }
        let mask = self.slots.len() - 1;
        let mut i = h as usize & mask;
        loop {
            let s = self.slots[i];
            if s == h {
                return false;
            }
            if s == 0 {
                self.slots[i] = h;
                self.len += 1;
                return true;
            }
            i = (i + 1) & mask;
        }
    }

    fn grow(&mut self) {
        let size = 2 * self.slots.len();
        let old = std::mem::replace(&mut self.slots, vec![0; size]);
        let mask = self.slots.len() - 1;
        for h in old.into_iter().filter(|&h| h != 0) {
            let mut i = h as usize & mask;
            while self.slots[i] != 0 {
                i = (i + 1) & mask;
            }
            self.slots[i] = h;
        }
    }
}

/// Calls `f` with the hash of each run of `text`, of each two runs joined by one character,
/// and of each digit tail (`tails`, the text's [`digit_tails`]), in that order: each run's
/// hash after the hash of it joined to the run before (where that is one character), as the
/// runs are read (one pass, no list of runs, the joining character read as it is passed).
fn for_each_hash(text: &str, tails: &[(usize, usize, u64)], f: impl FnMut(u64)) {
    for_each_hash_and_run(text, tails, f, |_, _, _| {});
}

/// [`for_each_hash`], calling `on_run` too with each run's `(start, end, all ASCII)`.
#[inline]
fn for_each_hash_and_run(
    text: &str,
    tails: &[(usize, usize, u64)],
    mut f: impl FnMut(u64),
    mut on_run: impl FnMut(usize, usize, bool),
) {
    let seed = Hash::new(TAG_RUN);
    // The open run's hash so far, where it starts, and whether it is all ASCII so far.
    let mut h = seed;
    let mut in_run = false;
    let mut start = 0;
    let mut ascii = true;
    // The hash of the last run closed, the characters read since it (counted up to 2), and
    // the first of them.
    let mut prev: Option<u64> = None;
    let mut gap = 0u8;
    let mut gap_char = '\0';
    let b = text.as_bytes();
    let mut i = 0;
    loop {
        // The open run's ASCII letters and digits, lowered as `Hash::push` lowers them.
        if in_run {
            while let Some(&x) = b.get(i) {
                let l = ALNUM_LOWER[usize::from(x)];
                if l == 0 {
                    break;
                }
                h.step(u64::from(l));
                i += 1;
            }
        }
        let Some(&x) = b.get(i) else {
            break;
        };
        let c = if x < 0x80 {
            let l = ALNUM_LOWER[usize::from(x)];
            if l != 0 {
                // (A run is open here only after a character outside ASCII.)
                if !in_run {
                    in_run = true;
                    h = seed;
                    start = i;
                    ascii = true;
                }
                h.step(u64::from(l));
                i += 1;
                continue;
            }
            char::from(x)
        } else {
            let Some(c) = text[i..].chars().next() else {
                break;
            };
            if crate::text::is_alphanumeric(c) {
                if !in_run {
                    in_run = true;
                    h = seed;
                    start = i;
                }
                ascii = false;
                h.push(c);
                i += c.len_utf8();
                continue;
            }
            c
        };
        if in_run {
            let run = h.finish();
            if let Some(p) = prev
                && gap == 1
            {
                f(joined_hash(p, gap_char, run));
            }
            f(run);
            on_run(start, i, ascii);
            prev = Some(run);
            gap = 0;
            in_run = false;
        }
        if gap == 0 {
            gap_char = c;
        }
        gap = gap.saturating_add(1).min(2);
        i += c.len_utf8();
    }
    if in_run {
        let run = h.finish();
        if let Some(p) = prev
            && gap == 1
        {
            f(joined_hash(p, gap_char, run));
        }
        f(run);
        on_run(start, text.len(), ascii);
    }
    for &(_, _, tail) in tails {
        f(digits_hash(tail));
    }
}

impl Seen {
    /// The most memory the filters take; past it the last filter takes every new entry.
    pub const MAX_BYTES: usize = 64 << 20;

    /// Nothing seen yet.
    pub fn new() -> Seen {
        Seen::default()
    }

    /// Bytes held by the filters.
    pub fn bytes(&self) -> usize {
        self.bytes
    }

    fn contains(&self, h: u64) -> bool {
        self.filters.iter().any(|f| f.contains(h))
    }

    fn insert(&mut self, h: u64) {
        if self.contains(h) {
            return;
        }
        let full = self.filters.last().is_none_or(|f| f.inserted >= f.capacity);
        let log2 = FIRST_LOG2 + self.filters.len() as u32;
        // The next filter only if it fits: each doubles, so one more past the limit would
        // double the memory held.
        if full && self.bytes + (1 << log2) / 8 <= self.max_bytes {
            let f = Bloom::with_log2(log2);
            self.bytes += f.bits.len() * 8;
            self.filters.push(f);
        }
        if let Some(f) = self.filters.last_mut() {
            f.insert(h);
        }
    }

    /// Records the runs, pairs and digit tails of `text`.
    pub fn add_text(&mut self, text: &str) {
        for_each_hash(text, &digit_tails(text), |h| self.insert(h));
    }

    /// Records what [`text_hashes`] made of a text, as [`Seen::add_text`] of that text
    /// would.
    pub fn add_hashes(&mut self, hashes: &[u64]) {
        for &h in hashes {
            self.insert(h);
        }
    }

    /// Whether a restore might read `s` somewhere in the texts added (false positives
    /// possible, no false negatives).
    pub fn may_hold(&self, s: &str) -> bool {
        if self.filters.is_empty() {
            return false;
        }
        if let Some(tail) = number_tail(s) {
            if self.contains(digits_hash(tail)) {
                return true;
            }
            if one_digit_sequence(s) {
                return false;
            }
        }
        // Every run and every pair of runs joined by one character must be held: looked up
        // as the runs are read, stopping at the first one missing (no list of runs made).
        let mut prev: Option<Run> = None;
        let mut held = true;
        for_each_run(s, |r| {
            held = self.contains(r.hash)
                && prev
                    .as_ref()
                    .and_then(|p| pair_hash(s, p, &r))
                    .is_none_or(|h| self.contains(h));
            prev = Some(r);
            held
        });
        // No run: nothing a restore could read.
        held && prev.is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn runs(text: &str) -> Vec<Run> {
        let mut out = Vec::new();
        for_each_run(text, |r| {
            out.push(r);
            true
        });
        out
    }

    /// [`for_each_hash`] as it read before it hashed runs and pairs in one pass: from the
    /// list of runs, each pair by the text between its runs.
    fn for_each_hash_from_the_list(
        text: &str,
        tails: &[(usize, usize, u64)],
        mut f: impl FnMut(u64),
    ) {
        let rs = runs(text);
        for (i, r) in rs.iter().enumerate() {
            f(r.hash);
            if let Some(next) = rs.get(i + 1)
                && let Some(h) = pair_hash(text, r, next)
            {
                f(h);
            }
        }
        for &(_, _, tail) in tails {
            f(digits_hash(tail));
        }
    }

    /// [`text_hashes`] as it was made before: the list's hashes, the first of each kept by a
    /// `HashSet`.
    fn text_hashes_by_a_set(text: &str) -> Vec<u64> {
        let mut out = Vec::new();
        let mut once = std::collections::HashSet::new();
        for_each_hash_from_the_list(text, &digit_tails(text), |h| {
            if once.insert(h) {
                out.push(h);
            }
        });
        out
    }

    proptest::proptest! {
        /// One pass gives the hashes the list of runs gives, in the same order, and the
        /// first of each is kept as a set keeps it.
        #[test]
        fn hashes_match_the_list_of_runs(
            text in "[a-cA-C0-9 .,@+()\\-\u{e9}\u{c9}\u{130}\u{3a3}\u{4e2d}\u{661}\u{a0}\u{2011}]{0,80}",
        ) {
            let tails = digit_tails(&text);
            let (mut got, mut want) = (Vec::new(), Vec::new());
            for_each_hash(&text, &tails, |h| got.push(h));
            for_each_hash_from_the_list(&text, &tails, |h| want.push(h));
            proptest::prop_assert_eq!(got, want);
            proptest::prop_assert_eq!(text_hashes(&text), text_hashes_by_a_set(&text));
            // The runs read on the way are the list's, with whether each is ASCII.
            let (hashes, read) = text_hashes_and_runs(&text, &tails);
            proptest::prop_assert_eq!(hashes, text_hashes(&text));
            let want: Vec<(usize, usize, bool)> = runs(&text)
                .iter()
                .map(|r| (r.start, r.end, text[r.start..r.end].is_ascii()))
                .collect();
            proptest::prop_assert_eq!(read, want);
        }

        /// The set of hashes keeps the first of each, through growing, 0 included.
        #[test]
        fn hash_once_keeps_the_first_of_each(
            hs in proptest::collection::vec(0u64..300, 0..400),
            shift in 0u32..64,
        ) {
            let mut once = HashOnce::for_text(0);
            let mut set = std::collections::HashSet::new();
            for h in hs {
                // Low bits alike (probing) or high bits apart.
                let h = h.rotate_left(shift);
                proptest::prop_assert_eq!(once.insert(h), set.insert(h));
            }
        }
    }

    /// [`Seen::may_hold`] as it read before it looked runs up while reading them: from the
    /// list of runs.
    fn may_hold_from_the_list(seen: &Seen, s: &str) -> bool {
        if seen.filters.is_empty() {
            return false;
        }
        if let Some(tail) = number_tail(s) {
            if seen.contains(digits_hash(tail)) {
                return true;
            }
            if one_digit_sequence(s) {
                return false;
            }
        }
        let rs = runs(s);
        if rs.is_empty() {
            return false;
        }
        for (i, r) in rs.iter().enumerate() {
            if !seen.contains(r.hash) {
                return false;
            }
            if let Some(next) = rs.get(i + 1)
                && let Some(h) = pair_hash(s, r, next)
                && !seen.contains(h)
            {
                return false;
            }
        }
        true
    }

    /// [`digit_tails`] as it read the text before it took runs of digits in one inner loop
    /// and skipped to digits eight bytes at a time: character by character.
    fn digit_tails_by_characters(text: &str) -> Vec<(usize, usize, u64)> {
        let mut out = Vec::new();
        let mut start = None::<usize>;
        let (mut count, mut tail, mut seps, mut last_digit_end) = (0u32, 0u64, 0u32, 0usize);
        for (at, c) in text.char_indices() {
            if c.is_ascii_digit() {
                if start.is_none() {
                    start = Some(at);
                    count = 0;
                    tail = 0;
                }
                count += 1;
                tail = (tail * 10 + u64::from(c as u8 - b'0')) % 10_000_000;
                seps = 0;
                last_digit_end = at + 1;
                continue;
            }
            if let Some(s) = start {
                if seps == 0 && count >= 7 {
                    out.push((s, last_digit_end, tail));
                }
                if digit_separator(c) && seps < 3 {
                    seps += 1;
                    continue;
                }
                start = None;
                seps = 0;
            }
        }
        if let Some(s) = start
            && seps == 0
            && count >= 7
        {
            out.push((s, last_digit_end, tail));
        }
        out
    }

    proptest::proptest! {
        /// The digit tails are those a character-by-character reading finds.
        #[test]
        fn digit_tails_match_a_character_loop(
            text in "[0-9]{0,12}([ .()/\\-\u{a0}\u{2011}x+é]{1,4}[0-9]{1,12}){0,4}",
        ) {
            proptest::prop_assert_eq!(digit_tails(&text), digit_tails_by_characters(&text));
        }

        /// The word-at-a-time search finds the first digit a byte loop finds.
        #[test]
        fn find_digit_matches_a_byte_loop(
            v in proptest::collection::vec(proptest::prelude::any::<u8>(), 0..40),
            from in 0usize..40,
        ) {
            let b = &v[from.min(v.len())..];
            proptest::prop_assert_eq!(find_digit(b), b.iter().position(u8::is_ascii_digit));
            let s: Vec<u8> = b.iter().map(|&c| b"09/:a\x80\xff "[usize::from(c) % 8]).collect();
            proptest::prop_assert_eq!(find_digit(&s), s.iter().position(u8::is_ascii_digit));
        }

        /// Looking runs up as they are read answers as looking up the list of runs.
        #[test]
        fn may_hold_matches_the_list_of_runs(
            text in "[a-cA-C0-9 .,@+()\\-é]{0,80}",
            cands in proptest::collection::vec("[a-cA-C0-9 .,@+()\\-é]{0,16}", 1..20),
        ) {
            let mut seen = Seen::new();
            seen.max_bytes = 1 << 17;
            seen.add_text(&text);
            for c in cands.iter().map(String::as_str).chain(text.split(' ')) {
                proptest::prop_assert_eq!(seen.may_hold(c), may_hold_from_the_list(&seen, c), "{:?}", c);
            }
        }
    }

    proptest::proptest! {
        /// Hashing a text elsewhere and adding the hashes leaves the filters as adding the
        /// text does, bit for bit.
        #[test]
        fn added_hashes_are_the_added_text(
            texts in proptest::collection::vec("[a-cA-C0-9 .,@+()\\-é]{0,60}", 1..6),
        ) {
            let (mut by_text, mut by_hashes) = (Seen::new(), Seen::new());
            by_text.max_bytes = 1 << 17;
            by_hashes.max_bytes = 1 << 17;
            for t in &texts {
                by_text.add_text(t);
                by_hashes.add_hashes(&text_hashes(t));
            }
            proptest::prop_assert_eq!(by_text.filters.len(), by_hashes.filters.len());
            for (a, b) in by_text.filters.iter().zip(&by_hashes.filters) {
                proptest::prop_assert!(a.bits == b.bits && a.inserted == b.inserted);
            }
        }
    }

    #[test]
    fn words_pairs_and_digit_spellings_are_held() {
        let mut s = Seen::new();
        assert!(!s.may_hold("Clark"));
        s.add_text("Mail Emily Clark at emily.clark@example.org, call 020 7946 0047.\n");
        for held in [
            "clark",
            "EMILY CLARK",
            "emily.clark",
            "example.org",
            "+44 20 7946 0047",
            "07946-0047",
        ] {
            assert!(s.may_hold(held), "{held}");
        }
        for new in [
            "Emily Stone",
            "Clark Emily",
            "emily-clark",
            "Meera",
            "+44 20 7946 0048",
        ] {
            assert!(!s.may_hold(new), "{new}");
        }
    }

    proptest::proptest! {
        /// No false negatives: a string written in a text at restore edges (whole runs at its
        /// ends), in any ASCII case, is held once the text is added.
        #[test]
        fn a_string_written_in_a_text_is_held(
            before in "[a-z0-9 .,+()-]{0,20}",
            after in "[a-z0-9 .,+()-]{0,20}",
            s in "([a-zA-Z0-9]{1,5}[ .,/()-]{0,2}){1,6}|\\+?\\(?[0-9]{1,4}\\)?([ .()/-]{1,4}[0-9]{1,4}){1,5}",
            upper in proptest::bool::ANY,
        ) {
            let mut seen = Seen::new();
            seen.add_text(&format!("{before} {s} {after}"));
            let s = if upper { s.to_ascii_uppercase() } else { s };
            proptest::prop_assert!(seen.may_hold(&s), "{:?}", s);
        }
    }

    proptest::proptest! {
        /// The byte loop of `runs` gives the hashes the character loop gives.
        #[test]
        fn runs_hash_as_characters_do(text in "[a-zA-Z0-9 .,_\u{e9}\u{c9}\u{130}\u{3a3}\u{4e2d}\u{661}-]{0,40}") {
            let mut want = Vec::new();
            let mut cur: Option<(Hash, usize)> = None;
            for (i, c) in text.char_indices() {
                if c.is_alphanumeric() {
                    cur.get_or_insert((Hash::new(TAG_RUN), i)).0.push(c);
                } else if let Some((h, s)) = cur.take() {
                    want.push((h.finish(), s, i));
                }
            }
            if let Some((h, s)) = cur {
                want.push((h.finish(), s, text.len()));
            }
            let got: Vec<(u64, usize, usize)> =
                runs(&text).iter().map(|r| (r.hash, r.start, r.end)).collect();
            proptest::prop_assert_eq!(got, want);
        }
    }

    #[test]
    fn short_digit_runs_do_not_make_a_number_look_seen() {
        let mut s = Seen::new();
        s.add_text("10 20 30 40 50 06 16 38 80 2 vrtna 203.0 0.113 45\n");
        // Every run of these was seen, never the whole.
        assert!(!s.may_hold("06 16 38 80 50"));
        assert!(!s.may_hold("203.0.113.45"));
        assert!(!s.may_hold("30 vrtna"));
        assert!(s.may_hold("2 vrtna"));
    }

    #[test]
    fn digit_tails_follow_separator_runs() {
        let t = "a 415.555.0132 b 12-34 5678 9 x1234567";
        let tails: Vec<u64> = digit_tails(t).into_iter().map(|x| x.2).collect();
        assert_eq!(tails, vec![5_550_132, 2_345_678, 3_456_789, 1_234_567]);
        assert_eq!(number_tail("+1 (415) 555-0132"), Some(5_550_132));
        assert_eq!(number_tail("AB12345678"), None);
    }

    #[test]
    fn stand_ins_avoid_remembered_texts() {
        use crate::Surrogates;
        use redact_entity::Kind;
        // The stand-ins a generator makes first, written into an earlier piece.
        let mut first = Surrogates::with_seed(11);
        let mut earlier = String::new();
        for i in 0..200 {
            let v = format!("Jane{i} Doe");
            earlier.push_str(&first.stand_in("x", Kind::Person, "person", 0, &v));
            earlier.push_str(" called ");
            earlier.push_str(&first.stand_in("x", Kind::Phone, "phone", 0, "+1 415 867 2210"));
            earlier.push('\n');
        }
        // The same draws for a later piece must not repeat them.
        let mut later = Surrogates::with_seed(11);
        later.remember_text(&earlier);
        let lower = earlier.to_lowercase();
        for i in 0..200 {
            let v = format!("Jane{i} Doe");
            let p = later.stand_in("x", Kind::Person, "person", 0, &v);
            let n = later.stand_in("x", Kind::Phone, "phone", 0, "+1 415 867 2210");
            assert!(!lower.contains(&p.to_lowercase()), "{i}");
            assert!(!lower.contains(&n.to_lowercase()), "{i}");
        }
    }

    #[test]
    fn filters_grow_and_stay_bounded() {
        let mut s = Seen::new();
        let text: String = (0..200_000).map(|i| format!("w{i} ")).collect();
        s.add_text(&text);
        assert!(s.filters.len() >= 2);
        assert!(s.bytes() <= Seen::MAX_BYTES);
        // Filled far past the limit, the filters stay within it.
        let limit = 1 << 20;
        let mut big = Seen {
            max_bytes: limit,
            ..Seen::new()
        };
        for i in 0..(limit as u64 * 8 / BITS_PER_ITEM as u64 * 2) {
            big.insert(mix(i));
        }
        assert!(big.bytes() <= limit, "{}", big.bytes());
        assert!(big.bytes() >= limit / 2, "{}", big.bytes());
        let missed = (0..200_000)
            .filter(|i| !s.may_hold(&format!("w{i}")))
            .count();
        assert_eq!(missed, 0);
        let false_pos = (200_000..210_000)
            .filter(|i| s.may_hold(&format!("w{i}")))
            .count();
        assert!(false_pos < 300, "{false_pos}");
    }
}
