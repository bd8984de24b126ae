//! The hasher of the workspace's hash tables keyed by short strings and numbers (the name
//! lexicon, field labels, per-text sets of name parts, the known-value search's tables, the
//! stand-in generator's tables and the stream's look-ups by word):
//! SipHash, the standard one, cost more than the rest of a look-up of a short word. Not
//! resistant to chosen keys: use it where the keys are the workspace's own lists, or sets of
//! one text's values whose worst case stays bounded (at most quadratic in their count).

use std::hash::Hasher;

/// A fast non-cryptographic hasher for short keys (the rustc "Fx" hash).
#[derive(Default, Clone, Copy)]
pub struct FxHasher(u64);

impl FxHasher {
    const K: u64 = 0xf135_7aea_2e62_a9c5;

    #[inline]
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(Self::K);
    }
}

impl Hasher for FxHasher {
    /// Eight bytes at a time; the last one to seven in one word with their count.
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            self.add(u64::from_le_bytes([
                c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7],
            ]));
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
        // The product's high bits are its well-mixed ones; the table picks buckets by the low
        // bits (as rustc-hash 2 does).
        self.0.rotate_left(26)
    }
}

/// A `BuildHasher` of [`FxHasher`], for `HashMap::with_hasher` and `HashMap::default()`.
pub type FxBuildHasher = std::hash::BuildHasherDefault<FxHasher>;
