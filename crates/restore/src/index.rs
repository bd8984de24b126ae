//! The literal-key index: where in a text does a key (a stand-in or a
//! variant of it, ASCII-lower-cased) start, and which is the longest one
//! there.
//!
//! Keys are grouped by their *head*: keys of 8 bytes or more by their first
//! 8 bytes (a group is a run of the sorted keys), keys of 4 to 7 bytes by
//! their first 4 (a group lists them longest first), shorter keys by
//! themselves.
//!
//! The text is scanned once, in blocks of 64 bytes classified by a branchless
//! loop the compiler vectorises (no `unsafe`): a bit mask of the positions to
//! try, the ASCII letters and digits that start a run of them, plus, only if some key or a
//! digit variant can start with one, the other ASCII bytes from the lowest
//! to the highest that something starts with (`'` to `/` for keys starting
//! with `'`, `(`, `+` or `/`), the bytes leading a multi-byte character
//! ([`LitIndex::block_mask`], specialised for those gates). At each position a 256-entry class table
//! tells whether a key or a digit variant may start with its byte. For a key
//! the text's first 4 bytes, loaded as a `u32` with the ASCII case bit set
//! in each (an OR, cheaper than lower-casing), are probed in a Bloom filter
//! of the 4-byte prefixes of the keys, folded the same way (a fixed
//! multiplicative hash, one bit): most word starts stop there. Past it the
//! 8- and 4-byte heads are checked against Bloom filters of the heads and
//! looked up in open-addressing hash tables, longest first, and the group's
//! keys compared with the text ASCII-case-insensitively; keys of 1 to 3
//! bytes have their own filter of first byte pairs, probed only where the
//! class table says such a key starts with the byte. The first key found is
//! the longest one there. A digit variant is reported where its first four
//! digits, read across separators, start a digit form
//! ([`DigitTrie::may_start`]). The Bloom filters are sized to the keys (32
//! bits a key, 256 to 131,072 bits): a small map zeroes a few words.
//!
//! Building it is one pass over the sorted keys: no automaton.

use crate::digits::DigitTrie;

/// The length of a long head: a `u64` of text bytes.
const LONG: usize = 8;

/// The longest head: a `u32` of text bytes.
const HEAD: usize = 4;

/// Keys (byte strings), one after the other in one buffer: one allocation
/// for all of them, not one each.
#[derive(Clone, Default)]
pub(crate) struct Keys {
    bytes: Vec<u8>,
    /// Key `i` is `bytes[ends[i - 1]..ends[i]]` (from 0 for the first).
    ends: Vec<u32>,
}

impl Keys {
    /// Room for `keys` keys of `bytes` bytes in all.
    pub(crate) fn with_capacity(keys: usize, bytes: usize) -> Keys {
        Keys {
            bytes: Vec::with_capacity(bytes),
            ends: Vec::with_capacity(keys),
        }
    }

    /// Appends a key; `false` (and nothing appended) past 4 GB of keys.
    pub(crate) fn push(&mut self, key: &[u8]) -> bool {
        let Ok(end) = u32::try_from(self.bytes.len() + key.len()) else {
            return false;
        };
        self.bytes.extend_from_slice(key);
        self.ends.push(end);
        true
    }

    pub(crate) fn len(&self) -> usize {
        self.ends.len()
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    /// Key `i`.
    #[inline]
    pub(crate) fn get(&self, i: usize) -> Option<&[u8]> {
        let end = *self.ends.get(i)? as usize;
        let start = match i.checked_sub(1) {
            Some(p) => *self.ends.get(p)? as usize,
            None => 0,
        };
        self.bytes.get(start..end)
    }

    /// The length of key `i` (0 past the last).
    #[inline]
    pub(crate) fn key_len(&self, i: usize) -> usize {
        let Some(&end) = self.ends.get(i) else {
            return 0;
        };
        let start = match i.checked_sub(1) {
            Some(p) => self.ends.get(p).copied().unwrap_or(0),
            None => 0,
        };
        end.saturating_sub(start) as usize
    }

    /// The last key.
    pub(crate) fn last(&self) -> Option<&[u8]> {
        self.get(self.len().checked_sub(1)?)
    }

    pub(crate) fn iter(&self) -> impl Iterator<Item = &[u8]> {
        let mut start = 0;
        self.ends.iter().map(move |&end| {
            let key = self.bytes.get(start..end as usize).unwrap_or_default();
            start = end as usize;
            key
        })
    }

    /// The first index in `lo..hi` whose key `pred` is false for (`pred`
    /// true for a prefix of the range, false for the rest), like
    /// `slice::partition_point`.
    #[inline]
    pub(crate) fn partition_point(
        &self,
        lo: usize,
        hi: usize,
        mut pred: impl FnMut(&[u8]) -> bool,
    ) -> usize {
        let (mut a, mut b) = (lo, hi.min(self.len()));
        while a < b {
            let mid = a + (b - a) / 2;
            if pred(self.get(mid).unwrap_or_default()) {
                a = mid + 1;
            } else {
                b = mid;
            }
        }
        a
    }

    /// The keys as separate boxes (the tests' reference searchers take them so).
    #[cfg(test)]
    pub(crate) fn boxed(&self) -> Vec<Box<[u8]>> {
        self.iter().map(Box::from).collect()
    }
}

impl std::ops::Index<usize> for Keys {
    type Output = [u8];

    fn index(&self, i: usize) -> &[u8] {
        self.get(i).unwrap_or_default()
    }
}

/// No parent key.
pub(crate) const NO_PARENT: u32 = u32::MAX;

/// Empty hash slot.
const EMPTY: u64 = u64::MAX;

/// `class` bit: an ASCII letter or digit.
const ALNUM: u8 = 1;
/// `class` bit: some key starts with this byte (ASCII-case-insensitively).
const START: u8 = 2;
/// `class` bit: a digit that some digit form starts with.
const DIGIT: u8 = 4;
/// `class` bit: `+` or `(`, with digit forms.
const OPEN: u8 = 8;
/// `class` bit: some key shorter than [`HEAD`] bytes starts with this byte
/// (ASCII-case-insensitively).
const SHORT: u8 = 16;

/// The class table before any key: [`ALNUM`] on the ASCII letters and
/// digits (copied, not filled a byte at a time, on each compile).
const ALNUM_CLASS: [u8; 256] = {
    let mut class = [0u8; 256];
    let mut b = 0;
    while b < 256 {
        if (b as u8).is_ascii_alphanumeric() {
            class[b] = ALNUM;
        }
        b += 1;
    }
    class
};

#[inline]
fn lower(b: u8) -> u8 {
    b | (u8::from(b.wrapping_sub(b'A') < 26) << 5)
}

/// ASCII-lower-cases four bytes at once (the other bytes stay).
#[inline]
fn lower4(x: u32) -> u32 {
    let heptets = x & 0x7f7f_7f7f;
    // High bit of each byte: above 'Z', at least 'A', ASCII.
    let above_z = heptets.wrapping_add(0x2525_2525);
    let from_a = heptets.wrapping_add(0x3f3f_3f3f);
    let upper = from_a & !above_z & !x & 0x8080_8080;
    x | upper >> 2
}

/// The code of four bytes in the Bloom filter of key prefixes: the bytes
/// with bit 5 set (`0x20`, the ASCII case bit). Equal for a text's bytes and
/// a key's (lower-case) bytes that they equal ASCII-case-insensitively, since
/// lower-casing only sets that bit; cheaper than lower-casing them.
#[inline]
fn fold4(x: u32) -> u64 {
    u64::from(x | 0x2020_2020)
}

/// ASCII-lower-cases eight bytes at once (the other bytes stay).
#[inline]
fn lower8(x: u64) -> u64 {
    let heptets = x & 0x7f7f_7f7f_7f7f_7f7f;
    let above_z = heptets.wrapping_add(0x2525_2525_2525_2525);
    let from_a = heptets.wrapping_add(0x3f3f_3f3f_3f3f_3f3f);
    let upper = from_a & !above_z & !x & 0x8080_8080_8080_8080;
    x | upper >> 2
}

/// Most bits in a Bloom filter (16 KB).
const BLOOM_MAX_BITS: usize = 1 << 17;

/// Fewest bits in a Bloom filter (four words).
const BLOOM_MIN_BITS: usize = 256;

/// Bits per item in a Bloom filter (about 3 % false positives with one hash)
/// until [`BLOOM_MAX_BITS`].
const BLOOM_BITS_PER_ITEM: usize = 32;

/// The bits of a Bloom filter for about `items` codes.
fn bloom_bits(items: usize) -> usize {
    items
        .saturating_mul(BLOOM_BITS_PER_ITEM)
        .next_power_of_two()
        .clamp(BLOOM_MIN_BITS, BLOOM_MAX_BITS)
}

/// One-hash Bloom filters of `u64` codes ([`Bloom`]), each sized for its
/// items, in one allocation: a small map's index zeroes a few words and
/// allocates once; a large one's filters are at most 16 KB each.
#[derive(Clone)]
pub(crate) struct Blooms {
    words: Box<[u64]>,
}

impl Blooms {
    /// Empty filters for about `items[i]` codes each.
    pub(crate) fn new<const N: usize>(items: [usize; N]) -> (Blooms, [Bloom; N]) {
        let mut start = 0;
        let filters = items.map(|n| {
            let bits = bloom_bits(n);
            let filter = Bloom {
                start,
                shift: 64 - bits.trailing_zeros(),
            };
            start += bits / 64;
            filter
        });
        let words = vec![0u64; start].into_boxed_slice();
        (Blooms { words }, filters)
    }
}

/// A one-hash Bloom filter of a [`Blooms`]: its words there from `start`.
#[derive(Clone, Copy)]
pub(crate) struct Bloom {
    start: usize,
    /// `64 - log2(bits)`: the bit of a code is the top bits of its hash.
    shift: u32,
}

impl Bloom {
    #[inline]
    fn bit(self, code: u64) -> usize {
        (code.wrapping_mul(0xD6E8_FEB8_6659_FD93) >> self.shift) as usize
    }

    /// The filter's size in bits.
    #[cfg(test)]
    fn bits(self) -> usize {
        1 << (64 - self.shift)
    }

    pub(crate) fn insert(self, blooms: &mut Blooms, code: u64) {
        let bit = self.bit(code);
        if let Some(w) = blooms.words.get_mut(self.start + bit / 64) {
            *w |= 1 << (bit % 64);
        }
    }

    /// Whether `code` may have been inserted (`false`: it was not).
    #[inline]
    pub(crate) fn has(self, blooms: &Blooms, code: u64) -> bool {
        let bit = self.bit(code);
        blooms
            .words
            .get(self.start + bit / 64)
            .is_some_and(|w| w & (1 << (bit % 64)) != 0)
    }
}

/// The code of two (lower-case) bytes in the filters of first byte pairs:
/// the low half of their [`lower4`] load.
#[inline]
pub(crate) fn pair_code(b0: u8, b1: u8) -> u64 {
    u64::from(u16::from_le_bytes([b0, b1]))
}

/// Open-addressing hash table (linear probing) from a head code to a range
/// `lo..hi`.
#[derive(Clone)]
struct HeadTable {
    /// (code, lo, hi); `EMPTY` code when free.
    slots: Box<[(u64, u32, u32)]>,
    shift: u32,
}

impl HeadTable {
    /// `codes` must be unique and not `EMPTY`.
    fn new(codes: &[(u64, u32, u32)]) -> HeadTable {
        let bits = (codes.len().max(1) * 2)
            .next_power_of_two()
            .trailing_zeros()
            .max(4);
        let mut slots = vec![(EMPTY, 0u32, 0u32); 1 << bits].into_boxed_slice();
        let shift = 64 - bits;
        let mask = slots.len() - 1;
        for &(code, lo, hi) in codes {
            let mut s = slot_of(code, shift);
            while slots[s].0 != EMPTY {
                s = (s + 1) & mask;
            }
            slots[s] = (code, lo, hi);
        }
        HeadTable { slots, shift }
    }

    #[inline]
    fn get(&self, code: u64) -> Option<(u32, u32)> {
        let mask = self.slots.len() - 1;
        let mut s = slot_of(code, self.shift);
        loop {
            let (c, lo, hi) = *self.slots.get(s)?;
            if c == code {
                return Some((lo, hi));
            }
            if c == EMPTY {
                return None;
            }
            s = (s + 1) & mask;
        }
    }
}

/// Hash-table code of a head: its bytes (lower-cased) and its length.
#[inline]
fn head_code(bytes: &[u8]) -> u64 {
    let mut code = 0u64;
    for (i, &b) in bytes.iter().take(HEAD).enumerate() {
        code |= u64::from(lower(b)) << (8 * i);
    }
    code | (bytes.len().min(HEAD) as u64) << 32
}

/// The flag bits of eight bytes (bit 0 of each byte, as the per-byte flags
/// of [`LitIndex::block_mask_gated`] hold them) gathered into the low eight
/// bits: bit `i` from byte `i`.
#[inline]
fn gather8(x: u64) -> u64 {
    (x & 0x0101_0101_0101_0101).wrapping_mul(0x0102_0408_1020_4080) >> 56
}

/// The working buffers of [`LitIndex::new`], kept from one compile to the
/// next (see `CompileScratch`).
#[derive(Default)]
pub(crate) struct IndexScratch {
    long_codes: Vec<(u64, u32, u32)>,
    head_codes: Vec<(u64, u32, u32)>,
    mid_keys: Vec<(u64, usize, u32)>,
}

impl IndexScratch {
    /// The bytes the buffers hold on to.
    pub(crate) fn bytes(&self) -> usize {
        fn held<T>(v: &Vec<T>) -> usize {
            v.capacity() * std::mem::size_of::<T>()
        }
        held(&self.long_codes) + held(&self.head_codes) + held(&self.mid_keys)
    }
}

#[derive(Clone)]
pub(crate) struct LitIndex {
    /// Per byte: [`ALNUM`], [`START`], [`DIGIT`] and [`OPEN`] bits.
    class: [u8; 256],
    /// The smallest and largest ASCII bytes, not letters or digits, that
    /// have [`START`] or [`OPEN`], if any (the tests' record of the gates).
    #[cfg(test)]
    ascii_range: Option<(u8, u8)>,
    /// Some byte that leads a multi-byte character has [`START`].
    #[cfg(test)]
    lead_gate: bool,
    /// [`LitIndex::block_mask_gated`] for the gates: ASCII bytes other than
    /// letters and digits (in the range below), bytes leading a multi-byte
    /// character.
    block_fn: fn(&LitIndex, &[u8], usize) -> u64,
    /// The lowest ASCII byte, not a letter or digit, that has [`START`] or
    /// [`OPEN`] (0 without any).
    ascii_lo: u8,
    /// The highest such byte less the lowest: the range the block mask
    /// tests.
    ascii_span: u8,
    /// Some key is shorter than [`HEAD`] bytes.
    has_short: bool,
    /// The words of the Bloom filters below.
    blooms: Blooms,
    /// The [`fold4`] codes of the first [`HEAD`] bytes of every key of
    /// [`HEAD`] bytes or more.
    bloom_prefix: Bloom,
    /// [`pair_code`] of the first two (lower-case) bytes of every key of two
    /// or three bytes.
    pairs_short: Bloom,
    /// Every long head (the first [`LONG`] bytes of a key at least that long).
    bloom_long: Bloom,
    /// The [`HEAD`]-byte head codes of keys of 4 to 7 bytes.
    bloom_mid: Bloom,
    /// [`pair_code`] of the first two bytes of every key.
    first_pairs: Bloom,
    /// `single[b]`: the one-byte key `b` (lower-case) exists.
    single: [bool; 256],
    /// Long head → the run of sorted keys with that head.
    long: HeadTable,
    /// Head code → for keys of 4 to 7 bytes, the range of `mid` listing them
    /// longest first; for a shorter key, `(key, key + 1)`.
    heads: HeadTable,
    mid: Vec<u32>,
}

impl LitIndex {
    /// Indexes `keys` (ASCII-lower-case, sorted, unique, none empty);
    /// `digit_starts(b)`: some digit form starts with the digit `b`.
    pub(crate) fn new(
        keys: &Keys,
        digit_starts: impl Fn(u8) -> bool,
        scratch: &mut IndexScratch,
    ) -> LitIndex {
        let mut class = ALNUM_CLASS;
        let mut any_digit = false;
        for b in b'0'..=b'9' {
            if digit_starts(b) {
                class[usize::from(b)] |= DIGIT;
                any_digit = true;
            }
        }
        // The bytes that are not ASCII letters or digits and may start
        // something (a key's first byte, or `+` and `(` with digit forms):
        // the range of the ASCII ones, and whether there is a lead byte.
        // Kept up as those bits are set, not read back from the table.
        let mut ascii_range: Option<(u8, u8)> = None;
        let mut widen = |b: u8| {
            if b.is_ascii() && !b.is_ascii_alphanumeric() {
                ascii_range = Some(ascii_range.map_or((b, b), |(lo, hi)| (lo.min(b), hi.max(b))));
            }
        };
        let mut lead = false;
        if any_digit {
            class[usize::from(b'+')] |= OPEN;
            class[usize::from(b'(')] |= OPEN;
            widen(b'(');
            widen(b'+');
        }
        let (mut n_long, mut n_mid, mut n_pairs, mut n_prefix, mut n_short) = (0, 0, 0, 0, 0);
        for k in keys.iter() {
            match k.len() {
                0 => {}
                1 => n_short += 1,
                2 | 3 => {
                    n_pairs += 1;
                    n_short += 1;
                }
                l => {
                    n_prefix += 1;
                    if l >= LONG {
                        n_long += 1;
                    } else {
                        n_mid += 1;
                    }
                }
            }
        }
        let (
            mut blooms,
            [
                bloom_prefix,
                pairs_short,
                bloom_long,
                bloom_mid,
                first_pairs,
            ],
        ) = Blooms::new([n_prefix, n_pairs, n_long, n_mid, keys.len()]);
        let mut single = [false; 256];
        let mut has_short = false;
        let IndexScratch {
            long_codes,
            head_codes,
            mid_keys,
        } = scratch;
        // Sorted keys with the same long head are adjacent: a group is a run.
        long_codes.clear();
        long_codes.reserve(n_long);
        // A group per key shorter than HEAD bytes, at most one per key of 4 to 7.
        head_codes.clear();
        head_codes.reserve(n_short + n_mid);
        // (head code, length, key) of the keys of 4 to 7 bytes.
        mid_keys.clear();
        mid_keys.reserve(n_mid);
        for (i, k) in keys.iter().enumerate() {
            let Some(&b0) = k.first() else { continue };
            let i = i as u32;
            let bits = if k.len() < HEAD { START | SHORT } else { START };
            class[usize::from(b0)] |= bits;
            class[usize::from(b0.to_ascii_uppercase())] |= bits;
            // (An ASCII byte other than a letter is its own upper case.)
            widen(b0);
            lead |= b0 >= 0xC0;
            if let [b0, b1, ..] = *k {
                first_pairs.insert(&mut blooms, pair_code(b0, b1));
            }
            match *k {
                [b] => {
                    single[usize::from(b)] = true;
                    has_short = true;
                }
                [b0, b1] | [b0, b1, _] => {
                    pairs_short.insert(&mut blooms, pair_code(b0, b1));
                    has_short = true;
                }
                [h0, h1, h2, h3, ..] => {
                    bloom_prefix.insert(&mut blooms, fold4(u32::from_le_bytes([h0, h1, h2, h3])));
                }
                [] => {}
            }
            if let Some(&[h0, h1, h2, h3, h4, h5, h6, h7]) = k.get(..LONG) {
                let code = u64::from_le_bytes([h0, h1, h2, h3, h4, h5, h6, h7]);
                bloom_long.insert(&mut blooms, code);
                match long_codes.last_mut() {
                    Some((c, _, hi)) if *c == code => *hi = i + 1,
                    _ => long_codes.push((code, i, i + 1)),
                }
            } else if k.len() >= HEAD {
                let code = head_code(k);
                bloom_mid.insert(&mut blooms, code);
                mid_keys.push((code, k.len(), i));
            } else {
                head_codes.push((head_code(k), i, i + 1));
            }
        }
        mid_keys.sort_unstable_by_key(|&(code, len, _)| (code, std::cmp::Reverse(len)));
        let mut mid = Vec::with_capacity(mid_keys.len());
        for (n, &(code, _, key)) in mid_keys.iter().enumerate() {
            let at = mid.len() as u32;
            mid.push(key);
            match head_codes.last_mut() {
                Some((c, _, hi)) if n > 0 && *c == code => *hi = at + 1,
                _ => head_codes.push((code, at, at + 1)),
            }
        }
        let (lo, hi) = ascii_range.unwrap_or((0, 0));
        let block_fn = match (ascii_range.is_some(), lead) {
            (false, false) => Self::block_mask_gated::<false, false>,
            (false, true) => Self::block_mask_gated::<false, true>,
            (true, false) => Self::block_mask_gated::<true, false>,
            (true, true) => Self::block_mask_gated::<true, true>,
        };
        LitIndex {
            #[cfg(test)]
            ascii_range,
            #[cfg(test)]
            lead_gate: lead,
            block_fn,
            ascii_lo: lo,
            ascii_span: hi - lo,
            class,
            has_short,
            blooms,
            bloom_prefix,
            pairs_short,
            bloom_long,
            bloom_mid,
            first_pairs,
            single,
            long: HeadTable::new(long_codes),
            heads: HeadTable::new(head_codes),
            mid,
        }
    }

    /// Quick filter: could a key start with `rest` (on its first two bytes)?
    pub(crate) fn could_begin_key(&self, rest: &[u8]) -> bool {
        match *rest {
            [] => false,
            // A key's first byte, lower-case, has START (its upper-case form
            // too, which `b0` lower-cased is not).
            [b0] => self.class[usize::from(b0.to_ascii_lowercase())] & START != 0,
            // Keys shorter than two bytes cannot start with two bytes.
            [b0, b1, ..] => self.first_pairs.has(
                &self.blooms,
                pair_code(b0.to_ascii_lowercase(), b1.to_ascii_lowercase()),
            ),
        }
    }

    /// The longest key equal (ASCII-case-insensitively) to the start of
    /// `rest`. `parent[k]`: the longest key that is a proper prefix of key `k`.
    ///
    /// `c`: the [`LitIndex::class`] of the first byte of `rest`.
    ///
    /// Inlined into the scan: most word starts leave after one load, an OR
    /// and one Bloom probe (a second only where a key shorter than [`HEAD`]
    /// bytes starts with the byte).
    #[inline(always)]
    fn longest_at(&self, keys: &Keys, parent: &[u32], rest: &[u8], c: u8) -> Option<u32> {
        let Some(head) = rest.first_chunk::<HEAD>() else {
            return self.longest_near_end(rest);
        };
        let raw = u32::from_le_bytes(*head);
        if self.bloom_prefix.has(&self.blooms, fold4(raw))
            && let Some(key) = self.longest_headed(keys, parent, rest, raw)
        {
            return Some(key);
        }
        if c & SHORT != 0 {
            let l4 = lower4(raw);
            if self.pairs_short.has(&self.blooms, u64::from(l4 & 0xffff))
                || self.single[(l4 & 0xff) as usize]
            {
                return self.longest_short(rest);
            }
        }
        None
    }

    /// [`LitIndex::longest_at`] where fewer than [`HEAD`] bytes are left.
    #[inline(never)]
    fn longest_near_end(&self, rest: &[u8]) -> Option<u32> {
        if self.has_short {
            self.longest_short(rest)
        } else {
            None
        }
    }

    /// The longest key of [`HEAD`] bytes or more at the start of `rest`, whose
    /// first [`HEAD`] bytes, as read, are `raw`.
    #[inline(never)]
    fn longest_headed(&self, keys: &Keys, parent: &[u32], rest: &[u8], raw: u32) -> Option<u32> {
        let code4 = u64::from(lower4(raw)) | (HEAD as u64) << 32;
        if let Some(head) = rest.first_chunk::<LONG>() {
            let code = lower8(u64::from_le_bytes(*head));
            if self.bloom_long.has(&self.blooms, code)
                && let Some((lo, hi)) = self.long.get(code)
                && let Some(key) = longest_in(keys, parent, lo, hi, rest)
            {
                return Some(key);
            }
        }
        if self.bloom_mid.has(&self.blooms, code4)
            && let Some((lo, hi)) = self.heads.get(code4)
        {
            for &id in self.mid.get(lo as usize..hi as usize).unwrap_or_default() {
                if keys
                    .get(id as usize)
                    .is_some_and(|k| starts_with_key(rest, k, HEAD))
                {
                    return Some(id);
                }
            }
        }
        None
    }

    /// The longest key of fewer than [`HEAD`] bytes at the start of `rest`.
    #[inline(never)]
    fn longest_short(&self, rest: &[u8]) -> Option<u32> {
        // A key of one to three bytes is its whole head.
        for hl in [3, 2, 1] {
            if let Some(head) = rest.get(..hl)
                && let Some((lo, _)) = self.heads.get(head_code(head))
            {
                return Some(lo);
            }
        }
        None
    }

    /// What may be restored at `p`, a position not glued on the left to an
    /// ASCII letter or digit if its byte is one: see [`LitIndex::next_event`].
    #[inline(always)]
    fn event_at(
        &self,
        keys: &Keys,
        parent: &[u32],
        digits: &DigitTrie,
        hay: &[u8],
        p: usize,
    ) -> Option<(usize, Option<u32>, bool)> {
        let rest = hay.get(p..)?;
        let c = self.class[usize::from(*rest.first()?)];
        if c & (START | DIGIT | OPEN) == 0 {
            return None;
        }
        let digit = if c & DIGIT != 0 {
            digits.may_start(rest)
        } else {
            c & OPEN != 0
                && rest.get(1..).is_some_and(|after| {
                    after
                        .first()
                        .is_some_and(|&n| self.class[usize::from(n)] & DIGIT != 0)
                        && digits.may_start(after)
                })
        };
        let key = if c & START != 0 {
            self.longest_at(keys, parent, rest, c)
        } else {
            None
        };
        (digit || key.is_some()).then_some((p, key, digit))
    }

    /// Bit `i` set: the byte at `start + i` (of the 64 from `start`, a
    /// multiple of 64) is a position to try: an ASCII letter or digit that
    /// starts a run of them, or, if some key or variant starts with one, an
    /// ASCII byte between the lowest and the highest other ASCII byte that
    /// something starts with, or a byte leading a multi-byte character.
    fn block_mask(&self, hay: &[u8], start: usize) -> u64 {
        (self.block_fn)(self, hay, start)
    }

    /// [`LitIndex::block_mask`] with the gates known at compile time (the
    /// variant for the index's gates is picked once, in [`LitIndex::new`]).
    #[inline(never)]
    fn block_mask_gated<const ASCII: bool, const LEAD: bool>(
        &self,
        hay: &[u8],
        start: usize,
    ) -> u64 {
        // The block's bytes after the one before it (0 at the start of the
        // text), zero-padded past the end of the text.
        let mut padded = [0u8; BLOCK + 1];
        let window = match start.checked_sub(1).and_then(|s| hay.get(s..)) {
            Some(tail) if tail.len() > BLOCK => tail.first_chunk::<{ BLOCK + 1 }>(),
            _ => None,
        };
        let (window, valid) = match window {
            Some(window) => (window, u64::MAX),
            None => {
                if let Some(&b) = start.checked_sub(1).and_then(|s| hay.get(s)) {
                    padded[0] = b;
                }
                let tail = hay.get(start..).unwrap_or_default();
                let n = tail.len().min(BLOCK);
                padded[1..=n].copy_from_slice(&tail[..n]);
                let valid = u64::MAX.checked_shr((BLOCK - n) as u32).unwrap_or(0);
                (&padded, valid)
            }
        };
        let alnum = |b: u8| (b.wrapping_sub(b'0') <= 9) | ((b | 0x20).wrapping_sub(b'a') <= 25);
        // Per byte, 1 where it is a position to try. A plain loop over a
        // fixed block of bytes (each with the byte before it), without
        // branches, that the compiler turns into SIMD compares (16 bytes at
        // a time with x86-64's SSE2): fewer instructions than the same tests
        // on `u64` words.
        let mut flags = [0u8; BLOCK];
        let (lo, span) = (self.ascii_lo, self.ascii_span);
        for (f, pair) in flags.iter_mut().zip(window.windows(2)) {
            let (before, b) = (pair[0], pair[1]);
            let other = (ASCII & (b.wrapping_sub(lo) <= span)) | (LEAD & (b >= 0xC0));
            let here = alnum(b);
            *f = u8::from((here & !alnum(before)) | (other & !here));
        }
        let mut mask = 0u64;
        for (w, chunk) in flags.chunks_exact(8).enumerate() {
            let Some(chunk) = chunk.first_chunk::<8>() else {
                break;
            };
            mask |= gather8(u64::from_le_bytes(*chunk)) << (8 * w);
        }
        mask & valid
    }

    /// The first position `p >= from` where something may be restored: a
    /// key matches there (then the longest one), or a digit variant may
    /// start there (`true`: a digit that a digit form starts with, or a `+`
    /// or `(` before one, and the first four digits, if the text has four
    /// in a row there, start a digit form). Neither counts where the byte at
    /// `p` is an ASCII letter or digit glued to one on its left (no key or
    /// variant can be valid there: the key would start with that
    /// alphanumeric byte, the variant with a glued digit).
    ///
    /// `scan` keeps the positions to try ([`LitIndex::block_mask`]) of the
    /// current block of 64 bytes from one call to the next: `from` must not
    /// decrease and `hay` not change between calls with the same `scan`.
    #[inline]
    pub(crate) fn next_event(
        &self,
        keys: &Keys,
        parent: &[u32],
        digits: &DigitTrie,
        hay: &[u8],
        from: usize,
        scan: &mut Scan,
    ) -> Option<(usize, Option<u32>, bool)> {
        let mut block = from - from % BLOCK;
        if scan.block != Some(block) {
            scan.block = Some(block);
            scan.mask = self.block_mask(hay, block);
        }
        let mut mask = scan.mask & (u64::MAX << (from - block));
        loop {
            while mask != 0 {
                let p = block + mask.trailing_zeros() as usize;
                mask &= mask - 1;
                if let Some(event) = self.event_at(keys, parent, digits, hay, p) {
                    scan.mask = mask;
                    return Some(event);
                }
            }
            block += BLOCK;
            if block >= hay.len() {
                scan.mask = 0;
                return None;
            }
            scan.block = Some(block);
            mask = self.block_mask(hay, block);
        }
    }
}

/// The bytes [`LitIndex::block_mask`] looks at in one go.
const BLOCK: usize = 64;

/// The state of a scan with [`LitIndex::next_event`].
#[derive(Debug, Default)]
pub(crate) struct Scan {
    /// Start of the block whose positions `mask` holds.
    block: Option<usize>,
    /// Positions to try in the block that were not tried yet.
    mask: u64,
}

/// The longest of the sorted keys `lo..hi` (all with the same first [`LONG`]
/// bytes, equal to those of `text`) that `text` starts with,
/// ASCII-case-insensitively.
///
/// The keys that `text` starts with are a chain of prefixes; the last key
/// not after `text` in sorted order starts with the longest of them, which
/// is therefore on its `parent` chain.
fn longest_in(keys: &Keys, parent: &[u32], lo: u32, hi: u32, text: &[u8]) -> Option<u32> {
    if hi.checked_sub(lo)? == 1 {
        // A key's parents are shorter than LONG bytes or in its group.
        return starts_with_key(text, keys.get(lo as usize)?, LONG).then_some(lo);
    }
    // The text's 8 bytes after the head, lower-cased, as a big-endian number.
    let text_next = text
        .get(LONG..)
        .and_then(<[u8]>::first_chunk::<8>)
        .map(|c| lower8(u64::from_le_bytes(*c)).swap_bytes());
    let not_after = keys.partition_point(lo as usize, hi as usize, |k| {
        key_not_after(k, text, text_next)
    });
    let mut key = u32::try_from(not_after).ok()?.checked_sub(1)?;
    while key >= lo && key != NO_PARENT {
        if starts_with_key(text, keys.get(key as usize)?, LONG) {
            return Some(key);
        }
        key = *parent.get(key as usize)?;
    }
    None
}

/// Whether the key `k` (lower-case, at least [`LONG`] bytes, its first
/// [`LONG`] equal to those of `text`) is not after `text` read lower-case:
/// its rest comes before the text's rest, or starts it. `text_next`: the
/// eight bytes of `text` after the head, lower-cased, big-endian, if it has
/// them.
#[inline]
fn key_not_after(k: &[u8], text: &[u8], text_next: Option<u64>) -> bool {
    let n = k.len().wrapping_sub(LONG);
    if (1..8).contains(&n)
        && let Some(t) = text_next
        && let Some(last) = k.last_chunk::<8>()
    {
        // The key's rest, `n` bytes, is the end of its last eight: moved to
        // the top, it compares with the text's next `n` bytes as numbers.
        let rest = u64::from_be_bytes(*last) << (8 * (8 - n));
        let t = t & !(u64::MAX >> (8 * n));
        return rest <= t;
    }
    if n >= 8
        && let Some(t) = text_next
        && let Some(next) = k.get(LONG..).and_then(<[u8]>::first_chunk::<8>)
    {
        // A longer key (an email, a phone number sharing its head with
        // others): its next eight bytes decide unless they equal the text's,
        // and so on, eight bytes at a time.
        let next = u64::from_be_bytes(*next);
        if next != t {
            return next < t;
        }
        let mut at = 2 * LONG;
        while let (Some(a), Some(b)) = (
            k.get(at..).and_then(<[u8]>::first_chunk::<8>),
            text.get(at..).and_then(<[u8]>::first_chunk::<8>),
        ) {
            let (a, b) = (
                u64::from_be_bytes(*a),
                lower8(u64::from_le_bytes(*b)).swap_bytes(),
            );
            if a != b {
                return a < b;
            }
            at += 8;
        }
        return key_not_after_bytewise_from(k, text, at);
    }
    key_not_after_bytewise(k, text)
}

/// [`key_not_after`] one byte at a time.
fn key_not_after_bytewise(k: &[u8], text: &[u8]) -> bool {
    key_not_after_bytewise_from(k, text, LONG)
}

/// [`key_not_after_bytewise`] given that the bytes before `from` are equal.
fn key_not_after_bytewise_from(k: &[u8], text: &[u8], from: usize) -> bool {
    let (k, t) = (
        k.get(from..).unwrap_or_default(),
        text.get(from..).unwrap_or_default(),
    );
    for (&a, &b) in k.iter().zip(t) {
        let b = lower(b);
        if a != b {
            return a < b;
        }
    }
    k.len() <= t.len()
}

/// Whether `text` starts with `key` (lower-case) ASCII-case-insensitively,
/// given that their first `known` bytes are equal.
///
/// Eight bytes at a time; the last eight (or four, for a key of four to
/// seven bytes) are read ending where the key ends, overlapping bytes
/// already compared rather than comparing the rest one by one.
#[inline]
fn starts_with_key(text: &[u8], key: &[u8], known: usize) -> bool {
    let len = key.len();
    let Some(t) = text.get(..len) else {
        return false;
    };
    if len >= 8 {
        let mut i = known;
        while i + 8 < len {
            let (Some(a), Some(b)) = (
                t.get(i..).and_then(<[u8]>::first_chunk::<8>),
                key.get(i..).and_then(<[u8]>::first_chunk::<8>),
            ) else {
                return false;
            };
            if lower8(u64::from_le_bytes(*a)) != u64::from_le_bytes(*b) {
                return false;
            }
            i += 8;
        }
        let (Some(a), Some(b)) = (t.last_chunk::<8>(), key.last_chunk::<8>()) else {
            return false;
        };
        return lower8(u64::from_le_bytes(*a)) == u64::from_le_bytes(*b);
    }
    if len >= 4
        && known + 4 >= len
        && let (Some(a), Some(b)) = (t.last_chunk::<4>(), key.last_chunk::<4>())
    {
        return lower4(u32::from_le_bytes(*a)) == u32::from_le_bytes(*b);
    }
    t.iter().zip(key).skip(known).all(|(&a, &b)| lower(a) == b)
}

#[cfg(test)]
/// [`starts_with_key`] one byte at a time (the tests' reference).
fn starts_with_key_bytewise(text: &[u8], key: &[u8], known: usize) -> bool {
    text.get(..key.len())
        .is_some_and(|t| t.iter().zip(key).skip(known).all(|(&a, &b)| lower(a) == b))
}

#[inline]
fn slot_of(code: u64, shift: u32) -> usize {
    (code.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> shift) as usize
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lower4_lower_cases_each_byte() {
        for b in 0..=255u8 {
            for shift in [0, 8, 16, 24] {
                let x = (0x4142_5a7a & !(0xff << shift)) | u32::from(b) << shift;
                let want = u32::from_le_bytes(x.to_le_bytes().map(lower));
                assert_eq!(lower4(x), want, "{x:#x}");
            }
        }
    }

    #[test]
    fn gather8_takes_bit_0_of_each_byte() {
        for x in [
            0u64,
            u64::MAX,
            0x0101_0101_0101_0101,
            0x0100_0001_0302_ff01,
            0xfe01_fe00_01fe_0101,
        ] {
            let want = (0..8)
                .filter(|i| x >> (8 * i) & 1 != 0)
                .fold(0, |m, i| m | 1 << i);
            assert_eq!(gather8(x), want, "{x:#x}");
        }
    }

    /// The positions `block_mask` gives, one byte at a time.
    fn block_positions(index: &LitIndex, hay: &[u8], start: usize) -> u64 {
        let mut mask = 0;
        for (i, p) in (start..hay.len().min(start + BLOCK)).enumerate() {
            let b = hay[p];
            let glued = b.is_ascii_alphanumeric()
                && p.checked_sub(1)
                    .is_some_and(|q| hay[q].is_ascii_alphanumeric());
            let other = !b.is_ascii_alphanumeric()
                && (index
                    .ascii_range
                    .is_some_and(|(lo, hi)| (lo..=hi).contains(&b))
                    || (b >= 0xC0 && index.lead_gate));
            if (b.is_ascii_alphanumeric() && !glued) || other {
                mask |= 1 << i;
            }
        }
        mask
    }

    #[test]
    fn block_mask_agrees_with_each_byte() {
        let text =
            "ab9 x(y) \u{e9}t\u{e9} zz\u{a0}q\t\x7f9a-b_c d\u{65e5}\u{672c}\u{8a9e}Z! ".repeat(7);
        // Every byte value, in two orders (each byte after others).
        let all: Vec<u8> = (0..=255u8)
            .chain((0..=255u8).rev())
            .chain((0..=255u8).step_by(7))
            .collect();
        // The keys that open each combination of the gates (an ASCII
        // range, lead bytes), with and without digit forms.
        let subsets: [&[&[u8]]; 6] = [
            &[b"zz"],
            &[b"(ab"],
            &[b" x", b"(ab"],
            &["\u{e9}t\u{e9}".as_bytes(), b"zz"],
            &[b" x", b"(ab", "\u{e9}t\u{e9}".as_bytes(), b"zz"],
            &[b"/", b"~~"],
        ];
        for (n, keys) in subsets.iter().enumerate() {
            let mut sorted: Vec<&[u8]> = keys.to_vec();
            sorted.sort();
            let mut subset = Keys::default();
            for k in sorted {
                subset.push(k);
            }
            for digits in [false, true] {
                let index = LitIndex::new(
                    &subset,
                    |b| digits && b == b'9',
                    &mut IndexScratch::default(),
                );
                for hay in [text.as_bytes(), &all[..]] {
                    for start in (0..hay.len() + BLOCK).step_by(BLOCK) {
                        assert_eq!(
                            index.block_mask(hay, start),
                            block_positions(&index, hay, start),
                            "keys {n}, digits {digits}, block at {start}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn bloom_filters_grow_with_the_keys() {
        let (mut blooms, filters) = Blooms::new([0, 3, 100, 1_000_000, 40, 40]);
        let bits = filters.map(Bloom::bits);
        assert_eq!(
            bits[..4],
            [BLOOM_MIN_BITS, BLOOM_MIN_BITS, 4096, BLOOM_MAX_BITS]
        );
        assert_eq!(blooms.words.len() * 64, bits.iter().sum::<usize>());
        let [.., bloom, next] = filters;
        let codes: Vec<u64> = (0..40u64).map(|i| i * 0x1234_5678_9abc).collect();
        for &c in &codes {
            bloom.insert(&mut blooms, c);
        }
        assert!(codes.iter().all(|&c| bloom.has(&blooms, c)));
        // The filters share the words, not the bits.
        assert!(!codes.iter().any(|&c| next.has(&blooms, c)));
        assert!(!codes.iter().any(|&c| filters[0].has(&blooms, c)));
    }

    /// The gates of `class` read back from the table, byte by byte: the range
    /// of the ASCII bytes, not letters or digits, with [`START`] or [`OPEN`],
    /// and whether a lead byte has [`START`].
    fn gates_of_class(class: &[u8; 256]) -> (Option<(u8, u8)>, bool) {
        let mut ascii_range: Option<(u8, u8)> = None;
        for b in 0..0x80u8 {
            if class[usize::from(b)] & (START | OPEN) != 0 && !b.is_ascii_alphanumeric() {
                ascii_range = Some(ascii_range.map_or((b, b), |(lo, _)| (lo, b)));
            }
        }
        let lead = (0xC0..=0xFFu8).any(|b| class[usize::from(b)] & START != 0);
        (ascii_range, lead)
    }

    proptest::proptest! {
        /// The gates kept up while the keys are indexed are those the class
        /// table gives.
        #[test]
        fn gates_agree_with_the_class_table(
            keys in proptest::collection::vec("[a-cA9 (+/~\\-\u{e9}\u{65e5}]{1,5}", 0..12),
            digits in proptest::bool::ANY,
        ) {
            let mut sorted: Vec<Vec<u8>> =
                keys.iter().map(|k| k.to_ascii_lowercase().into_bytes()).collect();
            sorted.sort();
            sorted.dedup();
            let mut subset = Keys::default();
            for k in &sorted {
                subset.push(k);
            }
            let index =
                LitIndex::new(&subset, |b| digits && b == b'9', &mut IndexScratch::default());
            let (ascii_range, lead) = gates_of_class(&index.class);
            proptest::prop_assert_eq!(index.ascii_range, ascii_range);
            proptest::prop_assert_eq!(index.lead_gate, lead);
            for b in 0..=255u8 {
                proptest::prop_assert_eq!(
                    index.class[usize::from(b)] & ALNUM != 0,
                    b.is_ascii_alphanumeric()
                );
            }
        }

        /// The quick filter of key starts says yes wherever a key starts with the text's
        /// first byte, or first two (ASCII-case-insensitively), and with one byte left
        /// only there.
        #[test]
        fn could_begin_key_never_turns_a_key_away(
            keys in proptest::collection::vec("[a-c(\u{e9}]{1,5}", 1..12),
            rest in "[a-cA-C(\u{e9}]{0,3}",
        ) {
            let mut sorted: Vec<&[u8]> = keys.iter().map(|k| k.as_bytes()).collect();
            sorted.sort();
            sorted.dedup();
            let mut subset = Keys::default();
            for k in &sorted {
                subset.push(k);
            }
            let index = LitIndex::new(&subset, |_| false, &mut IndexScratch::default());
            let rest = rest.as_bytes();
            let head = &rest[..rest.len().min(2)];
            let begins = sorted
                .iter()
                .any(|k| k.len() >= head.len() && k[..head.len()].eq_ignore_ascii_case(head));
            match rest.len() {
                0 => proptest::prop_assert!(!index.could_begin_key(rest)),
                1 => proptest::prop_assert_eq!(index.could_begin_key(rest), begins),
                _ => proptest::prop_assert!(!begins || index.could_begin_key(rest)),
            }
        }

        /// The word-at-a-time key comparisons agree with their byte-at-a-time
        /// forms.
        #[test]
        fn key_comparisons_agree_with_bytewise(
            key in "[a-c0-2.]{0,34}",
            text in "[a-cA-C0-2.\u{e9}]{0,38}",
            known in 0usize..10,
        ) {
            let key = key.as_bytes();
            let text = text.as_bytes();
            let known = known.min(key.len());
            // Only the known bytes' equality is assumed: make it so.
            let mut t = text.to_vec();
            if t.len() >= known {
                t[..known].copy_from_slice(&key[..known]);
            }
            proptest::prop_assert_eq!(
                starts_with_key(&t, key, known),
                starts_with_key_bytewise(&t, key, known)
            );
            // The head equal, then (a longer key's next eight bytes compared
            // at once) also the next `same` bytes.
            for same in [LONG, 2 * LONG, 2 * LONG + 2, 3 * LONG, 3 * LONG + 3] {
                let same = same.min(key.len());
                if key.len() >= LONG && t.len() >= same {
                    t[..same].copy_from_slice(&key[..same]);
                    let next = t
                        .get(LONG..)
                        .and_then(<[u8]>::first_chunk::<8>)
                        .map(|c| lower8(u64::from_le_bytes(*c)).swap_bytes());
                    proptest::prop_assert_eq!(
                        key_not_after(key, &t, next),
                        key_not_after_bytewise(key, &t)
                    );
                }
            }
        }
    }

    #[test]
    fn lower8_lower_cases_each_byte() {
        for b in 0..=255u8 {
            for shift in (0..64).step_by(8) {
                let x = (0x4142_5a7a_405b_60c3 & !(0xff << shift)) | u64::from(b) << shift;
                let want = u64::from_le_bytes(x.to_le_bytes().map(lower));
                assert_eq!(lower8(x), want, "{x:#x}");
            }
        }
    }
}
