//! `char::is_alphabetic` for the Basic Multilingual Plane from a bit set filled one block of
//! 256 code points at a time, on first use of the block.
//!
//! The standard library answers outside ASCII with a search of its Unicode tables, several
//! hundred instructions per call for Thai or Cyrillic letters: the name stage asks once per
//! character, and on a text in one such script that made detection four times slower than on
//! the diverse document. A block costs one table search per code point once per process.

use std::sync::OnceLock;

/// One bit per code point of the BMP, per block of 256.
static BLOCKS: [OnceLock<[u64; 4]>; 256] = [const { OnceLock::new() }; 256];

/// Whether `c` is alphabetic (`char::is_alphabetic`).
#[inline]
pub(crate) fn is_alphabetic(c: char) -> bool {
    let u = c as u32;
    if u < 0x80 {
        return c.is_ascii_alphabetic();
    }
    if u >= 0x1_0000 {
        return c.is_alphabetic();
    }
    let block = BLOCKS[(u >> 8) as usize].get_or_init(|| {
        let mut bits = [0u64; 4];
        let base = u & !0xFF;
        for k in 0..256u32 {
            if char::from_u32(base + k).is_some_and(char::is_alphabetic) {
                bits[(k >> 6) as usize] |= 1 << (k & 63);
            }
        }
        bits
    });
    let k = u & 0xFF;
    block[(k >> 6) as usize] & (1 << (k & 63)) != 0
}

#[cfg(test)]
mod tests {
    /// The bit set answers as the standard library for every `char`.
    #[test]
    fn agrees_with_the_standard_library_everywhere() {
        for u in 0..=0x10_FFFFu32 {
            if let Some(c) = char::from_u32(u) {
                assert_eq!(super::is_alphabetic(c), c.is_alphabetic(), "U+{u:04X}");
            }
        }
    }
}
