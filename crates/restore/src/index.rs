//! The literal-key index: where in a text does a key (a stand-in or a
//! variant of it, ASCII-lower-cased) start, and which is the longest one
//! there.
//!
//! Keys are grouped by their *head*: keys of 8 bytes or more by their first
//! 8 bytes (a group is a run of the sorted keys), keys of 4 to 7 bytes by
//! their first 4 (a group lists them longest first), shorter keys by
//! themselves. The text is scanned once, byte by byte, with a class table;
//! at a position that is not inside an ASCII word and whose byte may begin
//! a key, the text's first 4 bytes there are checked against a Bloom filter
//! of the 4-byte prefixes of the keys, then its 8- and 4-byte heads against
//! Bloom filters of the heads and looked up in open-addressing hash tables,
//! longest first, and the group's keys compared with the text
//! ASCII-case-insensitively (a 64K-bit table of first byte pairs gates the
//! keys of 2 or 3 bytes). The first key found is the longest one there. The
//! same scan reports where a digit variant may start.
//!
//! Building it is one pass over the sorted keys: no automaton.

/// The length of a long head: a `u64` of text bytes.
const LONG: usize = 8;

/// The longest head: a `u32` of text bytes.
const HEAD: usize = 4;

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

/// ASCII-lower-cases eight bytes at once (the other bytes stay).
#[inline]
fn lower8(x: u64) -> u64 {
    let heptets = x & 0x7f7f_7f7f_7f7f_7f7f;
    let above_z = heptets.wrapping_add(0x2525_2525_2525_2525);
    let from_a = heptets.wrapping_add(0x3f3f_3f3f_3f3f_3f3f);
    let upper = from_a & !above_z & !x & 0x8080_8080_8080_8080;
    x | upper >> 2
}

/// Bits in each Bloom filter of heads.
const BLOOM_BITS: usize = 1 << 16;

#[inline]
fn bloom_bit(code: u64) -> usize {
    (code.wrapping_mul(0xD6E8_FEB8_6659_FD93) >> (64 - 16)) as usize
}

fn bloom_set(bloom: &mut [u64], code: u64) {
    let bit = bloom_bit(code);
    if let Some(w) = bloom.get_mut(bit / 64) {
        *w |= 1 << (bit % 64);
    }
}

#[inline]
fn bloom_has(bloom: &[u64], code: u64) -> bool {
    let bit = bloom_bit(code);
    bloom
        .get(bit / 64)
        .is_some_and(|w| w & (1 << (bit % 64)) != 0)
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

#[derive(Clone)]
pub(crate) struct LitIndex {
    /// Per byte: [`ALNUM`], [`START`], [`DIGIT`] and [`OPEN`] bits.
    class: [u8; 256],
    /// [`BLOOM_BITS`] bits: bit [`bloom_bit`] of the [`HEAD`]-byte head code
    /// of every key of [`HEAD`] bytes or more.
    bloom_prefix: Box<[u64]>,
    /// Bit `b0 << 8 | b1` set: some key of two or three bytes starts with the
    /// lower-case bytes `b0 b1`.
    pairs_short: Box<[u64]>,
    /// [`BLOOM_BITS`] bits: bit [`bloom_bit`] of every long head (the first
    /// [`LONG`] bytes of a key at least that long).
    bloom_long: Box<[u64]>,
    /// The same for the [`HEAD`]-byte head codes of keys of 4 to 7 bytes.
    bloom_mid: Box<[u64]>,
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
    pub(crate) fn new(keys: &[Box<[u8]>], digit_starts: impl Fn(u8) -> bool) -> LitIndex {
        let mut class = [0u8; 256];
        let mut any_digit = false;
        for b in 0..=255u8 {
            if b.is_ascii_alphanumeric() {
                class[usize::from(b)] |= ALNUM;
            }
            if b.is_ascii_digit() && digit_starts(b) {
                class[usize::from(b)] |= DIGIT;
                any_digit = true;
            }
        }
        if any_digit {
            class[usize::from(b'+')] |= OPEN;
            class[usize::from(b'(')] |= OPEN;
        }
        let mut bloom_prefix = vec![0u64; BLOOM_BITS / 64].into_boxed_slice();
        let mut pairs_short = vec![0u64; 1024].into_boxed_slice();
        let mut bloom_long = vec![0u64; BLOOM_BITS / 64].into_boxed_slice();
        let mut bloom_mid = vec![0u64; BLOOM_BITS / 64].into_boxed_slice();
        let mut single = [false; 256];
        // Sorted keys with the same long head are adjacent: a group is a run.
        let mut long_codes: Vec<(u64, u32, u32)> = Vec::new();
        let mut head_codes: Vec<(u64, u32, u32)> = Vec::new();
        // (head code, length, key) of the keys of 4 to 7 bytes.
        let mut mid_keys: Vec<(u64, usize, u32)> = Vec::new();
        for (i, k) in keys.iter().enumerate() {
            let Some(&b0) = k.first() else { continue };
            let i = i as u32;
            class[usize::from(b0)] |= START;
            class[usize::from(b0.to_ascii_uppercase())] |= START;
            match **k {
                [b] => single[usize::from(b)] = true,
                [b0, b1] | [b0, b1, _] => {
                    let bit = usize::from(b0) << 8 | usize::from(b1);
                    pairs_short[bit / 64] |= 1 << (bit % 64);
                }
                _ => bloom_set(&mut bloom_prefix, head_code(k)),
            }
            if let Some(&[h0, h1, h2, h3, h4, h5, h6, h7]) = k.get(..LONG) {
                let code = u64::from_le_bytes([h0, h1, h2, h3, h4, h5, h6, h7]);
                bloom_set(&mut bloom_long, code);
                match long_codes.last_mut() {
                    Some((c, _, hi)) if *c == code => *hi = i + 1,
                    _ => long_codes.push((code, i, i + 1)),
                }
            } else if k.len() >= HEAD {
                let code = head_code(k);
                bloom_set(&mut bloom_mid, code);
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
        LitIndex {
            class,
            bloom_prefix,
            pairs_short,
            bloom_long,
            bloom_mid,
            single,
            long: HeadTable::new(&long_codes),
            heads: HeadTable::new(&head_codes),
            mid,
        }
    }

    /// The longest key equal (ASCII-case-insensitively) to the text at `p`.
    /// `parent[k]`: the longest key that is a proper prefix of key `k`.
    #[inline]
    fn longest_at(&self, keys: &[Box<[u8]>], parent: &[u32], hay: &[u8], p: usize) -> Option<u32> {
        let rest = hay.get(p..)?;
        let b0 = lower(*rest.first()?);
        if let Some(&[h0, h1, h2, h3]) = rest.get(..HEAD) {
            let code4 =
                u64::from(lower4(u32::from_le_bytes([h0, h1, h2, h3]))) | (HEAD as u64) << 32;
            if bloom_has(&self.bloom_prefix, code4) {
                if let Some(&[h0, h1, h2, h3, h4, h5, h6, h7]) = rest.get(..LONG) {
                    let code = lower8(u64::from_le_bytes([h0, h1, h2, h3, h4, h5, h6, h7]));
                    if bloom_has(&self.bloom_long, code)
                        && let Some((lo, hi)) = self.long.get(code)
                        && let Some(key) = longest_in(keys, parent, lo, hi, rest)
                    {
                        return Some(key);
                    }
                }
                if bloom_has(&self.bloom_mid, code4)
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
            }
        }
        if let Some(&b1) = rest.get(1) {
            let bit = usize::from(b0) << 8 | usize::from(lower(b1));
            let (word, mask) = (bit / 64, 1u64 << (bit % 64));
            if self.pairs_short.get(word).is_some_and(|w| w & mask != 0) {
                // A key of two or three bytes is its whole head.
                for hl in [3, 2] {
                    if let Some(head) = rest.get(..hl)
                        && let Some((lo, _)) = self.heads.get(head_code(head))
                    {
                        return Some(lo);
                    }
                }
            }
        }
        if self.single[usize::from(b0)] {
            return self.heads.get(head_code(&rest[..1])).map(|(lo, _)| lo);
        }
        None
    }

    /// The first position `p >= from` where something may be restored: a
    /// key matches there (then the longest one), or a digit variant may
    /// start there (`true`: a digit that a digit form starts with, or a `+`
    /// or `(` before one). Neither counts where the byte at `p` is an ASCII
    /// letter or digit glued to one on its left (no key or variant can be
    /// valid there: the key would start with that alphanumeric byte, the
    /// variant with a glued digit).
    pub(crate) fn next_event(
        &self,
        keys: &[Box<[u8]>],
        parent: &[u32],
        hay: &[u8],
        from: usize,
    ) -> Option<(usize, Option<u32>, bool)> {
        let mut prev_alnum = from
            .checked_sub(1)
            .and_then(|i| hay.get(i))
            .is_some_and(u8::is_ascii_alphanumeric);
        let tail = hay.get(from..)?;
        for (i, &b) in tail.iter().enumerate() {
            let c = self.class[usize::from(b)];
            let alnum = c & ALNUM != 0;
            if c & (START | DIGIT | OPEN) != 0 && !(alnum && prev_alnum) {
                let p = from + i;
                let digit = c & DIGIT != 0
                    || (c & OPEN != 0
                        && hay
                            .get(p + 1)
                            .is_some_and(|&n| self.class[usize::from(n)] & DIGIT != 0));
                let key = if c & START != 0 {
                    self.longest_at(keys, parent, hay, p)
                } else {
                    None
                };
                if digit || key.is_some() {
                    return Some((p, key, digit));
                }
            }
            prev_alnum = alnum;
        }
        None
    }
}

/// The longest of the sorted keys `lo..hi` (all with the same first [`LONG`]
/// bytes, equal to those of `text`) that `text` starts with,
/// ASCII-case-insensitively.
///
/// The keys that `text` starts with are a chain of prefixes; the last key
/// not after `text` in sorted order starts with the longest of them, which
/// is therefore on its `parent` chain.
fn longest_in(keys: &[Box<[u8]>], parent: &[u32], lo: u32, hi: u32, text: &[u8]) -> Option<u32> {
    if hi.checked_sub(lo)? == 1 {
        // A key's parents are shorter than LONG bytes or in its group.
        return starts_with_key(text, keys.get(lo as usize)?, LONG).then_some(lo);
    }
    let group = keys.get(lo as usize..hi as usize)?;
    let not_after = group.partition_point(|k| {
        let (k, t) = (
            k.get(LONG..).unwrap_or_default(),
            text.get(LONG..).unwrap_or_default(),
        );
        for (&a, &b) in k.iter().zip(t) {
            let b = lower(b);
            if a != b {
                return a < b;
            }
        }
        k.len() <= t.len()
    });
    let mut key = lo
        .checked_add(u32::try_from(not_after).ok()?)?
        .checked_sub(1)?;
    while key >= lo && key != NO_PARENT {
        if starts_with_key(text, keys.get(key as usize)?, LONG) {
            return Some(key);
        }
        key = *parent.get(key as usize)?;
    }
    None
}

/// Whether `text` starts with `key` (lower-case) ASCII-case-insensitively,
/// given that their first `known` bytes are equal.
#[inline]
fn starts_with_key(text: &[u8], key: &[u8], known: usize) -> bool {
    let (Some(t), Some(k)) = (text.get(known..key.len()), key.get(known..)) else {
        return false;
    };
    let (mut tc, mut kc) = (t.chunks_exact(8), k.chunks_exact(8));
    for (a, b) in (&mut tc).zip(&mut kc) {
        let (Ok(a), Ok(b)) = (<[u8; 8]>::try_from(a), <[u8; 8]>::try_from(b)) else {
            return false;
        };
        if lower8(u64::from_le_bytes(a)) != u64::from_le_bytes(b) {
            return false;
        }
    }
    tc.remainder()
        .iter()
        .zip(kc.remainder())
        .all(|(&a, &b)| lower(a) == b)
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
