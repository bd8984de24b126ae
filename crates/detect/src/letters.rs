//! `char::is_alphabetic` for the Basic Multilingual Plane from a bit set filled one block of
//! 256 code points at a time, on first use of the block; `char::to_lowercase` (of a character
//! lowered to one) from a table filled the same way.
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

/// The lower case of each code point of a block of 256 (see [`lower_char`]), or [`SEVERAL`].
static LOWER: [OnceLock<Box<[u32; 256]>>; 256] = [const { OnceLock::new() }; 256];

/// In [`LOWER`]: a code point whose lower case is more than one character (`İ`).
const SEVERAL: u32 = u32::MAX;

/// The lower case of `c` when `char::to_lowercase` gives one character (`None` when it gives
/// more: the caller asks the standard library). ASCII is lowered at once, the rest of the
/// BMP read from a table filled one block of 256 code points at a time on first use of the
/// block: the standard library's table search and its iterator cost several times more for
/// each letter of a word in Cyrillic, Greek or accented Latin.
#[inline]
pub(crate) fn lower_char(c: char) -> Option<char> {
    let u = c as u32;
    if u < 0x80 {
        return Some(c.to_ascii_lowercase());
    }
    if u >= 0x1_0000 {
        let mut l = c.to_lowercase();
        return match (l.next(), l.next()) {
            (Some(one), None) => Some(one),
            _ => None,
        };
    }
    let block = LOWER[(u >> 8) as usize].get_or_init(|| {
        let base = u & !0xFF;
        let mut t = Box::new([SEVERAL; 256]);
        for (k, slot) in t.iter_mut().enumerate() {
            if let Some(c) = char::from_u32(base + k as u32) {
                let mut l = c.to_lowercase();
                if let (Some(one), None) = (l.next(), l.next()) {
                    *slot = one as u32;
                }
            }
        }
        t
    });
    char::from_u32(block[(u & 0xFF) as usize])
}

#[cfg(test)]
mod tests {
    /// The bit set and the lower-case table answer as the standard library for every `char`.
    #[test]
    fn agrees_with_the_standard_library_everywhere() {
        for u in 0..=0x10_FFFFu32 {
            if let Some(c) = char::from_u32(u) {
                assert_eq!(super::is_alphabetic(c), c.is_alphabetic(), "U+{u:04X}");
                let mut l = c.to_lowercase();
                let one = match (l.next(), l.next()) {
                    (Some(one), None) => Some(one),
                    _ => None,
                };
                assert_eq!(super::lower_char(c), one, "U+{u:04X}");
            }
        }
    }
}
