//! The literal-key index: where in a text does a key (a stand-in or a
//! variant of it, ASCII-lower-cased) start, and which is the longest one
//! there.
//!
//! Keys are grouped by their *head*, their first `min(len, 4)` bytes; a group
//! lists its keys longest first. The text is scanned once; at a position that
//! is not inside an ASCII word and whose first two bytes begin some key (a
//! 64K-bit table), the heads of length 4, 3, 2, 1 (those some key has) are
//! looked up in an open-addressing hash table and the group's keys compared
//! with the text, ASCII-case-insensitively. The first that matches is the
//! longest key at that position.
//!
//! Building it is one pass over the sorted keys: no automaton.

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

/// Bits in the Bloom filter of long heads.
const BLOOM_BITS: usize = 1 << 16;

#[inline]
fn bloom_bit(code: u64) -> usize {
    (code.wrapping_mul(0xD6E8_FEB8_6659_FD93) >> (64 - 16)) as usize
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
    /// Per byte: [`ALNUM`] and [`START`] bits.
    class: [u8; 256],
    /// Bit `b0 << 8 | b1` set: some key of [`HEAD`] bytes or more starts
    /// with the lower-case bytes `b0 b1`.
    pairs_long: Box<[u64]>,
    /// The same for keys of two or three bytes.
    pairs_short: Box<[u64]>,
    /// [`BLOOM_BITS`] bits: bit [`bloom_bit`] of the head code of every key of
    /// [`HEAD`] bytes or more.
    bloom: Box<[u64]>,
    /// `single[b]`: the one-byte key `b` (lower-case) exists.
    single: [bool; 256],
    /// Open addressing, linear probing: (head code, keys `lo..hi` with that
    /// head), `EMPTY` code when free.
    slots: Box<[(u64, u32, u32)]>,
    shift: u32,
}

impl LitIndex {
    /// Indexes `keys` (ASCII-lower-case, sorted, unique, none empty).
    pub(crate) fn new(keys: &[Box<[u8]>]) -> LitIndex {
        let mut class = [0u8; 256];
        for b in 0..=255u8 {
            if b.is_ascii_alphanumeric() {
                class[usize::from(b)] |= ALNUM;
            }
        }
        let mut pairs_long = vec![0u64; 1024].into_boxed_slice();
        let mut pairs_short = vec![0u64; 1024].into_boxed_slice();
        let mut bloom = vec![0u64; BLOOM_BITS / 64].into_boxed_slice();
        let mut single = [false; 256];
        // Sorted keys with the same head are adjacent: a group is a run.
        let mut codes: Vec<(u64, u32, u32)> = Vec::new();
        for (i, k) in keys.iter().enumerate() {
            let Some(&b0) = k.first() else { continue };
            let i = i as u32;
            class[usize::from(b0)] |= START;
            class[usize::from(b0.to_ascii_uppercase())] |= START;
            match **k {
                [b] => single[usize::from(b)] = true,
                [b0, b1, ref more @ ..] => {
                    let bit = usize::from(b0) << 8 | usize::from(b1);
                    let pairs = if more.len() + 2 >= HEAD {
                        &mut pairs_long
                    } else {
                        &mut pairs_short
                    };
                    pairs[bit / 64] |= 1 << (bit % 64);
                }
                [] => {}
            }
            let code = head_code(k);
            if k.len() >= HEAD {
                let bit = bloom_bit(code);
                bloom[bit / 64] |= 1 << (bit % 64);
            }
            match codes.last_mut() {
                Some((c, _, hi)) if *c == code => *hi = i + 1,
                _ => codes.push((code, i, i + 1)),
            }
        }

        let bits = (codes.len().max(1) * 2)
            .next_power_of_two()
            .trailing_zeros()
            .max(4);
        let mut slots = vec![(EMPTY, 0u32, 0u32); 1 << bits].into_boxed_slice();
        let shift = 64 - bits;
        let mask = slots.len() - 1;
        for (code, lo, hi) in codes {
            let mut s = slot_of(code, shift);
            while slots[s].0 != EMPTY {
                s = (s + 1) & mask;
            }
            slots[s] = (code, lo, hi);
        }
        LitIndex {
            class,
            pairs_long,
            pairs_short,
            bloom,
            single,
            slots,
            shift,
        }
    }

    /// The keys whose head is `code`: a range of key indices.
    #[inline]
    fn group(&self, code: u64) -> Option<(u32, u32)> {
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

    /// The longest key equal (ASCII-case-insensitively) to the text at `p`.
    /// `parent[k]`: the longest key that is a proper prefix of key `k`.
    #[inline]
    fn longest_at(&self, keys: &[Box<[u8]>], parent: &[u32], hay: &[u8], p: usize) -> Option<u32> {
        let rest = hay.get(p..)?;
        let b0 = lower(*rest.first()?);
        if let Some(&b1) = rest.get(1) {
            let bit = usize::from(b0) << 8 | usize::from(lower(b1));
            let (word, mask) = (bit / 64, 1u64 << (bit % 64));
            if self.pairs_long.get(word).is_some_and(|w| w & mask != 0)
                && let Some(&[h0, h1, h2, h3]) = rest.get(..HEAD)
            {
                let code =
                    u64::from(lower4(u32::from_le_bytes([h0, h1, h2, h3]))) | (HEAD as u64) << 32;
                if self.maybe_long(code)
                    && let Some((lo, hi)) = self.group(code)
                    && let Some(key) = longest_in(keys, parent, lo, hi, rest)
                {
                    return Some(key);
                }
            }
            if self.pairs_short.get(word).is_some_and(|w| w & mask != 0) {
                // A key of two or three bytes is its whole head.
                for hl in [3, 2] {
                    if let Some(head) = rest.get(..hl)
                        && let Some((lo, _)) = self.group(head_code(head))
                    {
                        return Some(lo);
                    }
                }
            }
        }
        if self.single[usize::from(b0)] {
            return self.group(head_code(&rest[..1])).map(|(lo, _)| lo);
        }
        None
    }

    /// Bloom filter over the heads of keys of [`HEAD`] bytes or more.
    #[inline]
    fn maybe_long(&self, code: u64) -> bool {
        let bit = bloom_bit(code);
        self.bloom
            .get(bit / 64)
            .is_some_and(|w| w & (1 << (bit % 64)) != 0)
    }

    /// The leftmost position `p >= from` where a key matches and that is not
    /// glued to an ASCII letter or digit on the left (no key can be valid
    /// there: it would start with that alphanumeric byte), with the longest
    /// key there.
    pub(crate) fn find(
        &self,
        keys: &[Box<[u8]>],
        parent: &[u32],
        hay: &[u8],
        from: usize,
    ) -> Option<(usize, u32)> {
        let mut prev_alnum = from
            .checked_sub(1)
            .and_then(|i| hay.get(i))
            .is_some_and(u8::is_ascii_alphanumeric);
        let tail = hay.get(from..)?;
        for (i, &b) in tail.iter().enumerate() {
            let c = self.class[usize::from(b)];
            let alnum = c & ALNUM != 0;
            if c & START != 0
                && !(alnum && prev_alnum)
                && let Some(key) = self.longest_at(keys, parent, hay, from + i)
            {
                return Some((from + i, key));
            }
            prev_alnum = alnum;
        }
        None
    }
}

/// The longest of the sorted keys `lo..hi` (all with the same head of
/// [`HEAD`] bytes, equal to the head of `text`) that `text` starts with,
/// ASCII-case-insensitively.
///
/// The keys that `text` starts with are a chain of prefixes; the last key
/// not after `text` in sorted order starts with the longest of them, which
/// is therefore on its `parent` chain.
fn longest_in(keys: &[Box<[u8]>], parent: &[u32], lo: u32, hi: u32, text: &[u8]) -> Option<u32> {
    let group = keys.get(lo as usize..hi as usize)?;
    let not_after = group.partition_point(|k| {
        let (k, t) = (
            k.get(HEAD..).unwrap_or_default(),
            text.get(HEAD..).unwrap_or_default(),
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
        let k = keys.get(key as usize)?;
        if text
            .get(..k.len())
            .is_some_and(|t| t.eq_ignore_ascii_case(k))
        {
            return Some(key);
        }
        key = *parent.get(key as usize)?;
    }
    None
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
}
