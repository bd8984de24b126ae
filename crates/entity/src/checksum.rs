//! Check-digit schemes shared by the validators (`redact-detect`) and the stand-in generators
//! (`redact-surrogate`): Luhn (mod 10) and Verhoeff. Inputs are digit values `0..=9`.
//!
//! ```
//! use redact_entity::checksum::{luhn, luhn_check_digit, verhoeff, verhoeff_check_digit};
//!
//! assert!(luhn(&[4, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]));
//! assert_eq!(luhn_check_digit(&[7, 9, 9, 2, 7, 3, 9, 8, 7, 1]), Some(3));
//! assert_eq!(verhoeff_check_digit(&[2, 3, 6]), Some(3));
//! assert!(verhoeff(&[2, 3, 6, 3]));
//! ```

/// The Luhn (mod 10) check over digit values `0..=9`, check digit last. Empty input or a
/// value above 9 fails.
pub fn luhn(digits: &[u8]) -> bool {
    if digits.is_empty() {
        return false;
    }
    let mut sum = 0u32;
    for (i, &d) in digits.iter().rev().enumerate() {
        if d > 9 {
            return false;
        }
        let mut v = u32::from(d);
        if i % 2 == 1 {
            v *= 2;
            if v > 9 {
                v -= 9;
            }
        }
        sum = (sum + v) % 10;
    }
    sum == 0
}

/// The Luhn check digit to append to `payload` (digit values `0..=9`); `None` if a value
/// is above 9.
pub fn luhn_check_digit(payload: &[u8]) -> Option<u8> {
    let mut sum = 0u32;
    for (i, &d) in payload.iter().rev().enumerate() {
        if d > 9 {
            return None;
        }
        let mut v = u32::from(d);
        if i % 2 == 0 {
            v *= 2;
            if v > 9 {
                v -= 9;
            }
        }
        sum = (sum + v) % 10;
    }
    u8::try_from((10 - sum) % 10).ok()
}

const VERHOEFF_D: [[u8; 10]; 10] = [
    [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
    [1, 2, 3, 4, 0, 6, 7, 8, 9, 5],
    [2, 3, 4, 0, 1, 7, 8, 9, 5, 6],
    [3, 4, 0, 1, 2, 8, 9, 5, 6, 7],
    [4, 0, 1, 2, 3, 9, 5, 6, 7, 8],
    [5, 9, 8, 7, 6, 0, 4, 3, 2, 1],
    [6, 5, 9, 8, 7, 1, 0, 4, 3, 2],
    [7, 6, 5, 9, 8, 2, 1, 0, 4, 3],
    [8, 7, 6, 5, 9, 3, 2, 1, 0, 4],
    [9, 8, 7, 6, 5, 4, 3, 2, 1, 0],
];

const VERHOEFF_P: [[u8; 10]; 8] = [
    [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
    [1, 5, 7, 6, 2, 8, 3, 0, 9, 4],
    [5, 8, 0, 3, 7, 9, 6, 1, 4, 2],
    [8, 9, 1, 6, 0, 4, 3, 5, 2, 7],
    [9, 4, 5, 3, 1, 2, 6, 8, 7, 0],
    [4, 2, 8, 6, 5, 7, 3, 9, 0, 1],
    [2, 7, 9, 3, 8, 0, 6, 4, 1, 5],
    [7, 0, 4, 6, 9, 1, 3, 2, 5, 8],
];

const VERHOEFF_INV: [u8; 10] = [0, 4, 3, 2, 1, 5, 6, 7, 8, 9];

/// Runs the Verhoeff dihedral-group accumulator over `digits`, with the rightmost digit
/// at position `offset`.
fn verhoeff_acc(digits: &[u8], offset: usize) -> Option<u8> {
    let mut c = 0u8;
    for (i, &d) in digits.iter().rev().enumerate() {
        let p = VERHOEFF_P.get((i + offset) % 8)?.get(usize::from(d))?;
        c = *VERHOEFF_D.get(usize::from(c))?.get(usize::from(*p))?;
    }
    Some(c)
}

/// The Verhoeff check over digit values `0..=9`, check digit last. Empty input or a
/// value above 9 fails.
pub fn verhoeff(digits: &[u8]) -> bool {
    !digits.is_empty() && verhoeff_acc(digits, 0) == Some(0)
}

/// The Verhoeff check digit to append to `payload`; `None` if a value is above 9.
pub fn verhoeff_check_digit(payload: &[u8]) -> Option<u8> {
    let c = verhoeff_acc(payload, 1)?;
    VERHOEFF_INV.get(usize::from(c)).copied()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn luhn_known_values() {
        assert!(luhn(&[7, 9, 9, 2, 7, 3, 9, 8, 7, 1, 3]));
        assert!(!luhn(&[7, 9, 9, 2, 7, 3, 9, 8, 7, 1, 4]));
        assert!(!luhn(&[]));
        assert!(!luhn(&[1, 10]));
        assert_eq!(luhn_check_digit(&[1, 10]), None);
    }

    #[test]
    fn verhoeff_known_values() {
        assert!(verhoeff(&[2, 3, 6, 3]));
        assert!(!verhoeff(&[2, 3, 6, 4]));
        assert!(!verhoeff(&[]));
        assert_eq!(verhoeff_check_digit(&[1, 2, 3, 4, 5]), Some(1));
    }

    #[test]
    fn completion_always_validates() {
        for n in 0u32..2000 {
            let payload: Vec<u8> = n.to_string().bytes().map(|b| b - b'0').collect();
            let mut l = payload.clone();
            l.push(luhn_check_digit(&payload).unwrap());
            assert!(luhn(&l));
            let mut v = payload.clone();
            v.push(verhoeff_check_digit(&payload).unwrap());
            assert!(verhoeff(&v));
        }
    }
}
