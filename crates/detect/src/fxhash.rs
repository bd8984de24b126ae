//! The hasher of the crate's word tables (the name lexicon, the field labels) and of the name
//! stage's per-text sets of name parts: SipHash, the standard one, cost more than the rest of
//! a look-up of a short word. The per-text sets hold the name parts of one text's people, so
//! a text made to collide costs at most quadratic time in that count.

use std::hash::Hasher;

/// A fast non-cryptographic hasher for short keys (the rustc "Fx" hash).
#[derive(Default, Clone, Copy)]
pub struct FxHasher(u64);

impl Hasher for FxHasher {
    fn write(&mut self, bytes: &[u8]) {
        const K: u64 = 0xf135_7aea_2e62_a9c5;
        let mut h = self.0;
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            let v = u64::from_le_bytes([c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7]]);
            h = (h.rotate_left(5) ^ v).wrapping_mul(K);
        }
        for &b in chunks.remainder() {
            h = (h.rotate_left(5) ^ u64::from(b)).wrapping_mul(K);
        }
        self.0 = h;
    }
    fn write_u8(&mut self, i: u8) {
        self.0 = (self.0.rotate_left(5) ^ u64::from(i)).wrapping_mul(0xf135_7aea_2e62_a9c5);
    }
    fn write_u64(&mut self, i: u64) {
        self.0 = (self.0.rotate_left(5) ^ i).wrapping_mul(0xf135_7aea_2e62_a9c5);
    }
    fn finish(&self) -> u64 {
        // The product's high bits are its well-mixed ones; the table picks buckets by the low
        // bits (as rustc-hash 2 does).
        self.0.rotate_left(26)
    }
}
