//! Shape-preserving building blocks: random characters of a class, class-preserving rewrites,
//! case styles and digit templates.

use rand::RngExt;
use rand::rngs::ChaCha8Rng;

/// The generator every stand-in is drawn from.
pub(crate) type Rng = ChaCha8Rng;

/// A random index below `n` (`0` when `n` is `0`).
#[inline]
pub(crate) fn below(rng: &mut Rng, n: usize) -> usize {
    if n <= 1 { 0 } else { rng.random_range(0..n) }
}

/// A random element of a non-empty static list (`""` for an empty one).
#[inline]
pub(crate) fn pick(rng: &mut Rng, xs: &[&'static str]) -> &'static str {
    xs.get(below(rng, xs.len())).copied().unwrap_or("")
}

/// A random ASCII digit.
#[inline]
pub(crate) fn digit(rng: &mut Rng) -> u8 {
    b'0' + rng.random_range(0..10u8)
}

/// A random ASCII digit other than `0`.
#[inline]
pub(crate) fn digit_nz(rng: &mut Rng) -> u8 {
    b'1' + rng.random_range(0..9u8)
}

/// A random lowercase ASCII letter.
#[inline]
pub(crate) fn lower(rng: &mut Rng) -> u8 {
    b'a' + rng.random_range(0..26u8)
}

/// A random uppercase ASCII letter.
#[inline]
pub(crate) fn upper(rng: &mut Rng) -> u8 {
    b'A' + rng.random_range(0..26u8)
}

/// A random byte from `set`.
#[inline]
pub(crate) fn from_set(rng: &mut Rng, set: &[u8]) -> u8 {
    set.get(below(rng, set.len())).copied().unwrap_or(b'0')
}

/// A number in `lo..=hi`.
#[inline]
pub(crate) fn int(rng: &mut Rng, lo: u32, hi: u32) -> u32 {
    if hi <= lo {
        lo
    } else {
        rng.random_range(lo..=hi)
    }
}

/// How the letters of a key body are drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Alphabet {
    /// Letters keep their case, any letter.
    Free,
    /// Only `0-9a-f`.
    HexLower,
    /// Only `0-9A-F`.
    HexUpper,
}

/// The alphabet of a secret-like string: hex when every alphanumeric character is a hex digit
/// of one case, with at least one letter, and there are at least 8 of them (16 when there is
/// no digit, so that short words stay words). Digits-only strings stay digits.
pub(crate) fn alphabet_of(s: &str) -> Alphabet {
    let mut lower = false;
    let mut upper = false;
    let mut digits = 0usize;
    let mut count = 0usize;
    for b in s.bytes() {
        if b.is_ascii_alphanumeric() {
            count += 1;
        }
        match b {
            b'0'..=b'9' => digits += 1,
            b'a'..=b'f' => lower = true,
            b'A'..=b'F' => upper = true,
            _ if b.is_ascii_alphanumeric() => return Alphabet::Free,
            _ => {}
        }
    }
    if count < 8 || (digits == 0 && count < 16) {
        return Alphabet::Free;
    }
    match (lower, upper) {
        (true, false) => Alphabet::HexLower,
        (false, true) => Alphabet::HexUpper,
        _ => Alphabet::Free,
    }
}

/// A random replacement for one character of the same class (digit, lowercase, uppercase);
/// other characters are returned unchanged. Non-ASCII letters become ASCII letters of the
/// same case.
#[inline]
pub(crate) fn same_class(rng: &mut Rng, c: char, alphabet: Alphabet) -> char {
    match c {
        '0'..='9' => match alphabet {
            Alphabet::Free => digit(rng) as char,
            _ => hex_char(rng, alphabet),
        },
        'a'..='z' => match alphabet {
            Alphabet::Free => lower(rng) as char,
            _ => hex_char(rng, alphabet),
        },
        'A'..='Z' => match alphabet {
            Alphabet::Free => upper(rng) as char,
            _ => hex_char(rng, alphabet),
        },
        _ if crate::text::is_alphabetic(c) && c.is_uppercase() => upper(rng) as char,
        _ if crate::text::is_alphabetic(c) => lower(rng) as char,
        _ if c.is_numeric() => digit(rng) as char,
        _ => c,
    }
}

fn hex_char(rng: &mut Rng, alphabet: Alphabet) -> char {
    let set: &[u8] = if alphabet == Alphabet::HexUpper {
        b"0123456789ABCDEF"
    } else {
        b"0123456789abcdef"
    };
    from_set(rng, set) as char
}

/// Rewrites every letter and digit of `s` with a random one of the same class, keeping
/// punctuation, spaces and other characters in place.
pub(crate) fn reshape(rng: &mut Rng, s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    reshape_into(rng, s, Alphabet::Free, &mut out);
    out
}

/// Like [`reshape`] but stays within hex when `s` looks hex.
pub(crate) fn reshape_key(rng: &mut Rng, s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    reshape_into(rng, s, alphabet_of(s), &mut out);
    out
}

/// Appends the class-preserving rewrite of `s` to `out`.
pub(crate) fn reshape_into(rng: &mut Rng, s: &str, alphabet: Alphabet, out: &mut String) {
    for c in s.chars() {
        out.push(same_class(rng, c, alphabet));
    }
}

/// Rewrites only the ASCII digits of `s`, keeping the first digit of each run non-zero when it
/// was.
pub(crate) fn redigit(rng: &mut Rng, s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    redigit_into(rng, s, &mut out);
    out
}

/// Appends [`redigit`] of `s` to `out`.
pub(crate) fn redigit_into(rng: &mut Rng, s: &str, out: &mut String) {
    let mut prev_digit = false;
    for c in s.chars() {
        if c.is_ascii_digit() {
            let d = if !prev_digit && c != '0' {
                digit_nz(rng)
            } else {
                digit(rng)
            };
            out.push(d as char);
            prev_digit = true;
        } else {
            out.push(c);
            prev_digit = false;
        }
    }
}

/// The ASCII digits of `s` as values `0..=9`.
pub(crate) fn digits_of(s: &str) -> Vec<u8> {
    s.bytes()
        .filter(u8::is_ascii_digit)
        .map(|b| b - b'0')
        .collect()
}

/// Writes `digits` (values `0..=9`) into the ASCII digit positions of `template`, in order.
/// Extra template digits are kept; extra values are ignored.
pub(crate) fn fill_digits(template: &str, digits: &[u8]) -> String {
    let mut out = String::with_capacity(template.len());
    let mut it = digits.iter();
    for c in template.chars() {
        if c.is_ascii_digit() {
            match it.next() {
                Some(&d) => out.push((b'0' + d % 10) as char),
                None => out.push(c),
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// Writes `chars` into the ASCII alphanumeric positions of `template`, in order, following the
/// template's case for letters.
pub(crate) fn fill_alnum(template: &str, chars: &[u8]) -> String {
    let mut out = String::with_capacity(template.len());
    let mut it = chars.iter();
    for c in template.chars() {
        if c.is_ascii_alphanumeric() {
            match it.next() {
                Some(&n) => {
                    let n = n as char;
                    out.push(if c.is_ascii_lowercase() {
                        n.to_ascii_lowercase()
                    } else {
                        n
                    });
                }
                None => out.push(c),
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// The case style of a word.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Case {
    /// `JANE`
    Upper,
    /// `jane`
    Lower,
    /// `Jane`, `McDonald`: use the generated word as it is.
    Title,
}

/// The case style of `s` (letters only; no letters → [`Case::Title`]).
pub(crate) fn case_of(s: &str) -> Case {
    let (mut up, mut low) = (0usize, 0usize);
    if s.is_ascii() {
        for b in s.bytes() {
            up += usize::from(b.is_ascii_uppercase());
            low += usize::from(b.is_ascii_lowercase());
        }
    } else {
        for c in s.chars().filter(|&c| crate::text::is_alphabetic(c)) {
            if c.is_uppercase() {
                up += 1;
            } else if c.is_lowercase() {
                low += 1;
            }
        }
    }
    if up > 1 && low == 0 {
        Case::Upper
    } else if low > 0 && up == 0 {
        Case::Lower
    } else {
        Case::Title
    }
}

/// Applies a case style to a word given in title case.
pub(crate) fn apply_case(word: &str, case: Case) -> String {
    match case {
        Case::Upper if word.is_ascii() => word.to_ascii_uppercase(),
        Case::Lower if word.is_ascii() => word.to_ascii_lowercase(),
        Case::Upper => word.to_uppercase(),
        Case::Lower => word.to_lowercase(),
        Case::Title => word.to_string(),
    }
}

/// Appends [`apply_case`] of `word` to `out` (without a `String` of its own when ASCII).
pub(crate) fn push_case(out: &mut String, word: &str, case: Case) {
    match case {
        Case::Upper if word.is_ascii() => {
            let start = out.len();
            out.push_str(word);
            out[start..].make_ascii_uppercase();
        }
        Case::Lower if word.is_ascii() => push_lower(out, word),
        Case::Title => out.push_str(word),
        _ => out.push_str(&apply_case(word, case)),
    }
}

/// Appends `s.to_lowercase()` to `out` (without a `String` of its own when ASCII).
pub(crate) fn push_lower(out: &mut String, s: &str) {
    if s.is_ascii() {
        let start = out.len();
        out.push_str(s);
        out[start..].make_ascii_lowercase();
    } else {
        out.push_str(&s.to_lowercase());
    }
}

/// `word` with its first letter uppercased.
pub(crate) fn title(word: &str) -> String {
    let mut s = String::with_capacity(word.len());
    push_title(&mut s, word);
    s
}

/// Appends [`title`] of `word` to `out`.
pub(crate) fn push_title(out: &mut String, word: &str) {
    let mut cs = word.chars();
    if let Some(f) = cs.next() {
        if f.is_ascii() {
            out.push(f.to_ascii_uppercase());
        } else {
            out.extend(f.to_uppercase());
        }
        out.push_str(cs.as_str());
    }
}

/// The largest char boundary of `s` not above `i`.
pub(crate) fn floor_boundary(s: &str, i: usize) -> usize {
    let mut i = i.min(s.len());
    while i > 0 && !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// Luhn check digit for `payload` (digit values, the check digit not included).
pub(crate) fn luhn_digit(payload: &[u8]) -> u8 {
    let clamped: Vec<u8> = payload.iter().map(|d| d % 10).collect();
    redact_entity::checksum::luhn_check_digit(&clamped).unwrap_or(0)
}

#[cfg(test)]
pub(crate) fn luhn_valid(digits: &[u8]) -> bool {
    redact_entity::checksum::luhn(digits)
}

#[cfg(test)]
mod tests {
    /// [`title`] as it was written first: the first character's upper case, then the rest.
    fn title_by_chars(word: &str) -> String {
        if word.is_ascii() {
            let mut s = word.to_string();
            if let Some(f) = s.get_mut(..1) {
                f.make_ascii_uppercase();
            }
            return s;
        }
        let mut cs = word.chars();
        match cs.next() {
            Some(f) => f.to_uppercase().chain(cs).collect(),
            None => String::new(),
        }
    }

    proptest::proptest! {
        /// The appending case helpers give what the allocating ones give.
        #[test]
        fn push_case_and_lower_match_the_allocating_forms(
            head in "[a-zA-Z]{0,3}",
            word in "[a-zA-Z \\-'éÉΣσİß]{0,12}",
        ) {
            for case in [Case::Upper, Case::Lower, Case::Title] {
                let mut out = head.clone();
                push_case(&mut out, &word, case);
                proptest::prop_assert_eq!(out, format!("{head}{}", apply_case(&word, case)));
            }
            let mut out = head.clone();
            push_lower(&mut out, &word);
            proptest::prop_assert_eq!(out, format!("{head}{}", word.to_lowercase()));
            let mut out = head.clone();
            push_title(&mut out, &word);
            proptest::prop_assert_eq!(out, format!("{head}{}", title_by_chars(&word)));
        }
    }
    use super::*;
    use rand::SeedableRng;

    #[test]
    fn reshape_keeps_classes() {
        let mut rng = Rng::seed_from_u64(1);
        let s = "Ab-12_cd é!";
        let r = reshape(&mut rng, s);
        assert_eq!(r.chars().count(), s.chars().count());
        for (a, b) in s.chars().zip(r.chars()) {
            assert_eq!(a.is_ascii_digit(), b.is_ascii_digit());
            assert_eq!(a.is_uppercase(), b.is_uppercase());
            if !a.is_alphanumeric() {
                assert_eq!(a, b);
            }
        }
        let h = reshape_key(&mut rng, "deadbeef0123");
        assert!(
            h.bytes()
                .all(|b| b.is_ascii_hexdigit() && !b.is_ascii_uppercase())
        );
    }

    #[test]
    fn luhn_examples() {
        let d = digits_of("4111 1111 1111 1111");
        assert!(luhn_valid(&d));
        assert_eq!(luhn_digit(&d[..15]), 1);
        assert!(!luhn_valid(&digits_of("4111 1111 1111 1112")));
    }

    #[test]
    fn fill_and_case() {
        assert_eq!(
            fill_digits("(415) 867-2210", &[4, 1, 5, 5, 5, 5]),
            "(415) 555-2210"
        );
        assert_eq!(case_of("JANE"), Case::Upper);
        assert_eq!(case_of("jane"), Case::Lower);
        assert_eq!(case_of("Jane"), Case::Title);
        assert_eq!(case_of("J"), Case::Title);
        assert_eq!(floor_boundary("é", 1), 0);
    }
}
