//! Short ASCII keys packed into two machine words, and an open-addressing table of them: the
//! form labels' table (`structure/labels.rs`) and the name lexicon's short words
//! (`names/lexicon.rs`) are looked up so, with no hashing of bytes and no string compare.
//!
//! A key is one to sixteen bytes without a zero byte, packed little-endian into two words
//! padded with zero bytes ([`pack`]): as no key holds a zero byte, the packing tells the
//! length too, so the packing of a word of at most sixteen bytes whose last byte is not zero
//! equals a key's only when the word is the key.

/// Up to sixteen bytes packed into two little-endian machine words, zero bytes after them.
#[inline]
pub(crate) fn pack(k: &[u8]) -> (u64, u64) {
    // Loads of fixed size, not a copy into a zeroed buffer (two calls of the C library).
    match k.split_first_chunk::<8>() {
        Some((lo, rest)) => (u64::from_le_bytes(*lo), load_le(rest)),
        None => (load_le(k), 0),
    }
}

/// Up to eight bytes as a little-endian word, zero bytes after them: two loads that may
/// overlap (an overlapping byte is the same byte in both, at the same place).
#[inline]
pub(crate) fn load_le(k: &[u8]) -> u64 {
    let n = k.len();
    if let (Some(a), Some(b)) = (k.first_chunk::<4>(), k.last_chunk::<4>()) {
        u64::from(u32::from_le_bytes(*a)) | u64::from(u32::from_le_bytes(*b)) << (8 * (n - 4))
    } else if n > 0 {
        u64::from(k[0])
            | u64::from(k[n / 2]) << (8 * (n / 2))
            | u64::from(k[n - 1]) << (8 * (n - 1))
    } else {
        0
    }
}

/// Packed keys (see [`pack`]) with a value each, in an open-addressing table at most about
/// two thirds full.
pub(crate) struct PackedTable<V> {
    /// Per slot: the packed key (`(0, 0)`: empty) and its value.
    slots: Vec<(u64, u64, V)>,
    /// Bits of the hash that pick a slot (the table has `1 << bits` slots).
    bits: u32,
}

impl<V: Copy + Default> PackedTable<V> {
    /// The table of `keys`; a key given more than once holds `merge` of its values, in the
    /// order given (`merge(held, next)`).
    pub(crate) fn of(keys: &[(u64, u64, V)], merge: impl Fn(&mut V, V)) -> PackedTable<V> {
        // Sized first for all the entries, then, when repeats make the table smaller, filled
        // again from it.
        let bits_for = |n: usize| (n * 3 / 2 + 1).next_power_of_two().trailing_zeros().max(4);
        let t = PackedTable::filled(bits_for(keys.len()), keys.iter().copied(), &merge);
        let distinct = t.entries().count();
        if bits_for(distinct) == t.bits {
            return t;
        }
        PackedTable::filled(bits_for(distinct), t.entries(), &merge)
    }

    fn filled(
        bits: u32,
        keys: impl Iterator<Item = (u64, u64, V)>,
        merge: &impl Fn(&mut V, V),
    ) -> PackedTable<V> {
        let mut t = PackedTable {
            slots: vec![(0, 0, V::default()); 1 << bits],
            bits,
        };
        let mask = (1usize << bits) - 1;
        for (lo, hi, v) in keys {
            let mut i = t.slot(lo, hi);
            loop {
                let s = &mut t.slots[i];
                if s.0 == lo && s.1 == hi {
                    merge(&mut s.2, v);
                    break;
                }
                if s.0 | s.1 == 0 {
                    *s = (lo, hi, v);
                    break;
                }
                i = (i + 1) & mask;
            }
        }
        t
    }

    #[inline(always)]
    fn slot(&self, lo: u64, hi: u64) -> usize {
        const K: u64 = 0xf135_7aea_2e62_a9c5;
        let h = (lo.wrapping_mul(K).rotate_left(26) ^ hi).wrapping_mul(K);
        (h >> (64 - self.bits)) as usize
    }

    /// The value of the packed key `(lo, hi)`, if it is a key. (Always inlined: the name
    /// lexicon asks for each word, and a call cost it about 500 instructions a 1 KB text.)
    #[inline(always)]
    pub(crate) fn get(&self, lo: u64, hi: u64) -> Option<V> {
        let mask = (1usize << self.bits) - 1;
        let mut i = self.slot(lo, hi);
        loop {
            let (a, b, v) = self.slots[i];
            if a == lo && b == hi {
                return Some(v);
            }
            if a | b == 0 {
                return None;
            }
            i = (i + 1) & mask;
        }
    }

    /// The keys with their values, in slot order.
    pub(crate) fn entries(&self) -> impl Iterator<Item = (u64, u64, V)> + '_ {
        self.slots.iter().copied().filter(|s| s.0 | s.1 != 0)
    }

    /// The number of slots.
    #[cfg(test)]
    pub(crate) fn capacity(&self) -> usize {
        self.slots.len()
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use proptest::prelude::*;

    use super::*;

    /// [`pack`] as it was: a copy into a zeroed buffer.
    fn pack_reference(k: &[u8]) -> (u64, u64) {
        let mut b = [0u8; 16];
        b[..k.len()].copy_from_slice(k);
        let (lo, hi) = b.split_at(8);
        let word = |h: &[u8]| u64::from_le_bytes([h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7]]);
        (word(lo), word(hi))
    }

    #[test]
    fn packing_is_the_copy_into_a_zeroed_buffer() {
        let bytes: Vec<u8> = (1..=16).chain([0, 0x80, 0xFF, 0x20]).collect();
        for start in 0..bytes.len() {
            for end in start..=(start + 16).min(bytes.len()) {
                let k = &bytes[start..end];
                assert_eq!(pack(k), pack_reference(k), "{k:?}");
            }
        }
    }

    proptest! {
        #[test]
        fn packing_agrees_with_the_copy(k in proptest::collection::vec(any::<u8>(), 0..=16)) {
            prop_assert_eq!(pack(&k), pack_reference(&k));
        }
    }

    proptest! {
        /// The table holds each distinct key once, at most about two thirds full, with the
        /// union of the flags it was given (the name lexicon's merge), and nothing else.
        #[test]
        fn a_key_given_twice_holds_the_merge_of_its_values(
            keys in proptest::collection::vec(("[a-e]{1,16}", 1u32..16), 0..300),
            probes in proptest::collection::vec("[a-e]{1,16}", 0..50),
        ) {
            let entries: Vec<(u64, u64, u32)> = keys
                .iter()
                .map(|(k, f)| {
                    let (lo, hi) = pack(k.as_bytes());
                    (lo, hi, *f)
                })
                .collect();
            let t = PackedTable::of(&entries, |held, f| *held |= f);
            let mut want: HashMap<&str, u32> = HashMap::new();
            for (k, f) in &keys {
                *want.entry(k.as_str()).or_insert(0) |= f;
            }
            let distinct = t.entries().count();
            prop_assert_eq!(distinct, want.len());
            prop_assert!(distinct * 3 / 2 < t.capacity() || t.capacity() == 16);
            for p in keys.iter().map(|(k, _)| k).chain(&probes) {
                let (lo, hi) = pack(p.as_bytes());
                prop_assert_eq!(t.get(lo, hi), want.get(p.as_str()).copied());
            }
        }
    }
}
