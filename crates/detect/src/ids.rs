// Identifiers written bare, found by one pass over the words of the text instead of rule
// patterns (every pattern adds states the lazy DFA builds on every new text):
//
// - German documents: identity card and passport numbers (ICAO 9303 check digit), health
//   insurance numbers (KVNR), pension insurance numbers (RVNR) and driving licence numbers;
// - UK driving licence numbers (DVLA: surname, birth date, initials, check letters);
// - Indian voter IDs (EPIC: three letters and seven digits, not a ticket or queue ID);
// - Bitcoin wallet addresses (Base58Check with its SHA-256 checksum, Bech32 and Bech32m).
//
// A word is a maximal run of ASCII letters and digits that is not glued to another word by
// letters, `_`, or the joiners of codes and paths (`ORD-…`, `file.…`, `/…`). Each shape is
// decided by its check digit or its fixed structure (a date that exists); a word right after
// a word that says it is not personal (`order`, `invoice`, `SKU` …) stays.

use redact_entity::{Finding, Kind};
use sha2::{Digest, Sha256};

use crate::context::{Cue, Cues};

/// Whether each byte is an ASCII letter or digit (a table: one load a byte in the pass over
/// the words of the whole text).
pub(crate) const ALNUM: [bool; 256] = {
    let mut t = [false; 256];
    let mut c = 0;
    while c < 256 {
        t[c] = (c as u8).is_ascii_alphanumeric();
        c += 1;
    }
    t
};

/// Appends the identifiers among the words of `text` to `out`.
pub fn find(text: &str, out: &mut Vec<Finding>) {
    let b = text.as_bytes();
    let mut i = 0;
    while let Some((start, end)) = next_word(b, i) {
        i = end;
        let len = end - start;
        if !(9..=62).contains(&len) || !b[start..end].iter().any(u8::is_ascii_digit) {
            continue;
        }
        let Some(rule) = identify(&b[start..end]) else {
            continue;
        };
        if glued(text, start, end) {
            continue;
        }
        let near = Cues::of(text, crate::classify::near_start(text, start, 3), start);
        if near.has(Cue::NotPersonal) {
            continue;
        }
        out.push(Finding::new(start, end, Kind::IdNumber, rule));
    }
}

/// The shortest word an identifier is.
const SHORTEST: usize = 9;

/// The first word (a maximal run of ASCII letters and digits) of at least [`SHORTEST`]
/// bytes that starts at or after `i` (where `i` is 0, follows a byte of no word, or holds
/// one): its start and end.
///
/// Such a word holds the byte `SHORTEST - 1` after any of its first bytes: the text is
/// probed there, and only the words through a probe are read, not every byte.
fn next_word(b: &[u8], mut i: usize) -> Option<(usize, usize)> {
    loop {
        let probe = i + SHORTEST - 1;
        if !ALNUM[usize::from(*b.get(probe)?)] {
            i = probe + 1;
            continue;
        }
        // The word through the probe starts at or after `i`.
        let mut s = probe;
        while s > i && ALNUM[usize::from(b[s - 1])] {
            s -= 1;
        }
        let mut e = probe + 1;
        while e < b.len() && ALNUM[usize::from(b[e])] {
            e += 1;
        }
        if e - s >= SHORTEST {
            return Some((s, e));
        }
        // `b[e]` is no word byte.
        i = e + 1;
    }
}

/// The rule name of the identifier `w` (ASCII letters and digits) is, if any.
fn identify(w: &[u8]) -> Option<&'static str> {
    // National formats are written in one case; wallet addresses mix them by design.
    let one_case =
        || !(w.iter().any(u8::is_ascii_uppercase) && w.iter().any(u8::is_ascii_lowercase));
    match w.len() {
        9..=12 | 16 => {
            if !one_case() {
                return None;
            }
            // Upper case on the stack: most words tried are none of these.
            let mut buf = [0u8; 16];
            let u = &mut buf[..w.len()];
            u.copy_from_slice(w);
            u.make_ascii_uppercase();
            let u = &*u;
            match u.len() {
                9 if de_id_document(u) => Some("de-id-document"),
                10 if de_kvnr(u) => Some("de-kvnr"),
                10 if in_epic(u) => Some("in-voter-id"),
                11 if de_driving_licence(u) => Some("de-driving-licence"),
                12 if de_rvnr(u) => Some("de-rvnr"),
                16 if uk_driving_licence(u) => Some("uk-driving-licence"),
                _ => None,
            }
        }
        25..=35 if base58check_address(w) => Some("crypto-wallet"),
        42 | 62 if one_case() && bech32_address(&w.to_ascii_lowercase()) => Some("crypto-wallet"),
        _ => None,
    }
}

/// True when the word at `text[start..end]` is part of something longer: glued to letters
/// or `_` on either side, or joined by `-`, `.`, `/`, `\` or `@` to another word (a code
/// such as `ORD-…`, a file name, a path, an address).
fn glued(text: &str, start: usize, end: usize) -> bool {
    let joiner = |c: char| matches!(c, '-' | '.' | '/' | '\\' | '@');
    let word = |c: char| c.is_alphanumeric() || c == '_';
    let mut before = text[..start].chars().rev();
    let mut after = text[end..].chars();
    let (b1, b2) = (before.next(), before.next());
    let (a1, a2) = (after.next(), after.next());
    let glued_before =
        b1.is_some_and(word) || (b1.is_some_and(joiner) && b2.is_some_and(char::is_alphanumeric));
    let glued_after =
        a1.is_some_and(word) || (a1.is_some_and(joiner) && a2.is_some_and(char::is_alphanumeric));
    glued_before || glued_after
}

/// The value of an ICAO 9303 character: digits 0–9, letters 10–35.
fn icao_value(c: u8) -> u32 {
    match c {
        b'0'..=b'9' => u32::from(c - b'0'),
        b'A'..=b'Z' => u32::from(c - b'A') + 10,
        _ => 0,
    }
}

/// The ICAO 9303 check digit of `s` (weights 7, 3, 1).
fn icao_check(s: &[u8]) -> u32 {
    s.iter()
        .zip([7, 3, 1].iter().cycle())
        .map(|(&c, w)| icao_value(c) * w)
        .sum::<u32>()
        % 10
}

/// A German identity card or passport number (upper case): nine characters of the
/// alphabet without vowels and look-alikes (`CFGHJKLMNPRTVWXYZ` and digits), a letter
/// first, the last a check digit over the eight before it; or an identity card of the
/// `T` series followed by eight digits.
fn de_id_document(u: &[u8]) -> bool {
    const ALPHABET: &[u8] = b"CFGHJKLMNPRTVWXYZ0123456789";
    if u.len() != 9 || !u.iter().all(|c| ALPHABET.contains(c)) || !u[0].is_ascii_uppercase() {
        return false;
    }
    if u[0] == b'T' && u[1..].iter().all(u8::is_ascii_digit) {
        return true;
    }
    u[8].is_ascii_digit() && icao_check(&u[..8]) == u32::from(u[8] - b'0')
}

/// Sum of the decimal digits of `n`.
fn cross_sum(n: u32) -> u32 {
    n / 10 + n % 10
}

/// A German health insurance number (Krankenversichertennummer, upper case): a letter and
/// nine digits; the letter's place in the alphabet (two digits) and the next eight digits,
/// weighted 1, 2, 1, 2 … with cross sums, give the last digit mod 10.
fn de_kvnr(u: &[u8]) -> bool {
    if u.len() != 10 || !u[0].is_ascii_uppercase() || !u[1..].iter().all(u8::is_ascii_digit) {
        return false;
    }
    let letter = u32::from(u[0] - b'A') + 1;
    let digits = [letter / 10, letter % 10]
        .into_iter()
        .chain(u[1..9].iter().map(|&c| u32::from(c - b'0')));
    let sum: u32 = digits
        .zip([1, 2].iter().cycle())
        .map(|(d, w)| cross_sum(d * w))
        .sum();
    sum % 10 == u32::from(u[9] - b'0')
}

/// A German pension insurance number (Rentenversicherungsnummer, upper case): area number
/// (two digits), birth date `DDMMYY` that exists, the surname's initial, a serial number
/// (two digits) and a check digit: with the letter as its two-digit place in the alphabet,
/// the twelve digits weighted 2, 1, 2, 5, 7, 1, 2, 1, 2, 1, 2, 1 with cross sums, mod 10.
fn de_rvnr(u: &[u8]) -> bool {
    let digit_at = |i: usize| u[i].is_ascii_digit();
    if u.len() != 12 || !(0..8).all(digit_at) || !u[8].is_ascii_uppercase() {
        return false;
    }
    if !(9..12).all(digit_at) {
        return false;
    }
    let d = |i: usize| u32::from(u[i] - b'0');
    let (dd, mm) = (d(2) * 10 + d(3), d(4) * 10 + d(5));
    // The day may carry an offset of 50 (numbers given when the date was not known).
    if !(1..=31).contains(&(dd % 50)) || dd > 81 || !(1..=12).contains(&mm) {
        return false;
    }
    let letter = u32::from(u[8] - b'A') + 1;
    let digits = (0..8)
        .map(d)
        .chain([letter / 10, letter % 10])
        .chain([d(9), d(10)]);
    let sum: u32 = digits
        .zip([2, 1, 2, 5, 7, 1, 2, 1, 2, 1, 2, 1])
        .map(|(x, w)| cross_sum(x * w))
        .sum();
    sum % 10 == d(11)
}

/// A German driving licence number (upper case): the issuing authority's two letters,
/// eight digits and the issue counter (a digit or a letter).
fn de_driving_licence(u: &[u8]) -> bool {
    u.len() == 11
        && u[..2].iter().all(u8::is_ascii_uppercase)
        && u[2..10].iter().all(u8::is_ascii_digit)
        && u[10].is_ascii_alphanumeric()
}

/// Prefixes of ticket, change and order numbers in the same shape as an Indian voter ID
/// (`INC0012345` in ServiceNow, `CHG…`, `REQ…`).
const TICKET_PREFIXES: &[&[u8; 3]] = &[
    b"INC", b"CHG", b"REQ", b"PRB", b"TKT", b"INV", b"ORD", b"REF", b"SKU", b"TSK", b"CAS", b"BUG",
    b"PRJ", b"RMA", b"SRV", b"TCK",
];

/// An Indian voter ID (EPIC, upper case): three letters and seven digits. Letters that are
/// all hex digits (`AFA5800104`, a mail queue ID) and ticket prefixes are not one.
fn in_epic(u: &[u8]) -> bool {
    u.len() == 10
        && u[..3].iter().all(u8::is_ascii_uppercase)
        && u[3..].iter().all(u8::is_ascii_digit)
        && !u[..3].iter().all(|c| (b'A'..=b'F').contains(c))
        && !TICKET_PREFIXES.iter().any(|p| u[..3] == p[..])
}

/// A UK (DVLA) driving licence number (upper case): the surname's first five letters
/// padded with `9`, the decade digit, the birth month (+50 for women), the day, the year
/// digit, two initials padded with `9`, a digit and two check letters.
fn uk_driving_licence(u: &[u8]) -> bool {
    if u.len() != 16 {
        return false;
    }
    // Letters first, then only the padding digit.
    let surname = &u[..5];
    let letters = surname
        .iter()
        .take_while(|c| c.is_ascii_uppercase())
        .count();
    if letters == 0 || !surname[letters..].iter().all(|&c| c == b'9') {
        return false;
    }
    let date = &u[5..11];
    if !date.iter().all(u8::is_ascii_digit) {
        return false;
    }
    let d = |i: usize| u32::from(date[i] - b'0');
    let month = d(1) * 10 + d(2);
    let day = d(3) * 10 + d(4);
    let month_ok = (1..=12).contains(&month) || (51..=62).contains(&month);
    if !month_ok || !(1..=31).contains(&day) {
        return false;
    }
    let initials = &u[11..13];
    let initials_ok = initials[0].is_ascii_uppercase()
        && (initials[1].is_ascii_uppercase() || initials[1] == b'9');
    initials_ok
        && u[13].is_ascii_digit()
        && u[14].is_ascii_uppercase()
        && u[15].is_ascii_uppercase()
}

/// A Bitcoin address in Base58Check (`1…` or `3…`): 25 bytes decoded, version 0 or 5, and
/// the first four bytes of the double SHA-256 of the first 21 as its checksum.
fn base58check_address(w: &[u8]) -> bool {
    const ALPHABET: &[u8] = b"123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
    if !matches!(w.first(), Some(b'1' | b'3')) {
        return false;
    }
    // Big-endian base-256 digits of the number, 25 bytes at most.
    let mut bytes = [0u8; 25];
    for &c in w {
        let Some(mut carry) = ALPHABET
            .iter()
            .position(|&a| a == c)
            .and_then(|p| u32::try_from(p).ok())
        else {
            return false;
        };
        for byte in bytes.iter_mut().rev() {
            carry += u32::from(*byte) * 58;
            *byte = (carry & 0xff) as u8;
            carry >>= 8;
        }
        if carry != 0 {
            return false;
        }
    }
    // Each leading `1` stands for a leading zero byte.
    let ones = w.iter().take_while(|&&c| c == b'1').count();
    let zeros = bytes.iter().take_while(|&&x| x == 0).count();
    if ones != zeros.min(ones) || (w[0] == b'1' && zeros < 1) {
        return false;
    }
    if !matches!(bytes[0], 0 | 5) {
        return false;
    }
    let once = Sha256::digest(&bytes[..21]);
    let twice = Sha256::digest(once);
    twice[..4] == bytes[21..]
}

/// A Bitcoin SegWit address (`bc1…`, lower case): Bech32 (witness version 0) or Bech32m
/// (versions 1–16) with a valid checksum.
fn bech32_address(w: &[u8]) -> bool {
    const CHARSET: &[u8] = b"qpzry9x8gf2tvdw0s3jn54khce6mua7l";
    let Some(data) = w.strip_prefix(b"bc1") else {
        return false;
    };
    let mut values = Vec::with_capacity(data.len());
    for &c in data {
        let Some(v) = CHARSET.iter().position(|&a| a == c) else {
            return false;
        };
        values.push(v as u32);
    }
    let Some(&version) = values.first() else {
        return false;
    };
    let mut chk: u32 = 1;
    let mut step = |v: u32| {
        const GEN: [u32; 5] = [
            0x3b6a_57b2,
            0x2650_8e6d,
            0x1ea1_19fa,
            0x3d42_33dd,
            0x2a14_62b3,
        ];
        let top = chk >> 25;
        chk = ((chk & 0x01ff_ffff) << 5) ^ v;
        for (i, g) in GEN.iter().enumerate() {
            if (top >> i) & 1 == 1 {
                chk ^= g;
            }
        }
    };
    // The human-readable part `bc`, expanded.
    for c in b"bc" {
        step(u32::from(c >> 5));
    }
    step(0);
    for c in b"bc" {
        step(u32::from(c & 31));
    }
    for &v in &values {
        step(v);
    }
    let expected = if version == 0 { 1 } else { 0x2bc8_30a3 };
    chk == expected && version <= 16
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The words of at least [`SHORTEST`] bytes, found byte by byte as [`find`] first did.
    fn long_words_bytewise(b: &[u8]) -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        let mut i = 0;
        while i < b.len() {
            if !b[i].is_ascii_alphanumeric() {
                i += 1;
                continue;
            }
            let s = i;
            while i < b.len() && b[i].is_ascii_alphanumeric() {
                i += 1;
            }
            if i - s >= SHORTEST {
                out.push((s, i));
            }
        }
        out
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(500))]
        /// Probing finds the words a byte-by-byte reading finds.
        #[test]
        fn probed_words_match_bytewise(
            parts in proptest::collection::vec(prop_oneof![
                "[A-Za-z0-9]{0,14}",
                "[ _.,\\-]{0,3}",
                "\\PC{0,3}",
            ], 0..16)
        ) {
            let text = parts.concat();
            let b = text.as_bytes();
            let got = crate::tests::spans_by(b, next_word);
            prop_assert_eq!(got, long_words_bytewise(b));
        }
    }

    fn found(text: &str) -> Vec<(&str, &'static str)> {
        let mut out = Vec::new();
        find(text, &mut out);
        out.iter().map(|f| (f.slice(text), f.rule)).collect()
    }

    #[test]
    fn german_documents_by_check_digit() {
        for id in [
            "C01234565",
            "L01X00T44",
            "F12345671",
            "l01x00t44",
            "T22000129",
        ] {
            assert_eq!(found(id), [(id, "de-id-document")], "{id}");
        }
        // One character off: the check digit no longer holds.
        for id in [
            "C01234567",
            "L01X00T47",
            "F12345678",
            "T2200012",
            "C0123456",
        ] {
            assert!(found(id).is_empty(), "{id}");
        }
    }

    #[test]
    fn german_insurance_numbers() {
        for id in ["A123456780", "Z999999997", "m123456785"] {
            assert_eq!(found(id), [(id, "de-kvnr")], "{id}");
        }
        for id in ["A123456787", "1123456780", "A1234567890"] {
            assert!(found(id).is_empty(), "{id}");
        }
        assert_eq!(
            found("RVNR: 15070649C103 laut Ausweis"),
            [("15070649C103", "de-rvnr")]
        );
        // A wrong check digit, a month that does not exist, a digit for the initial.
        for id in [
            "15070649C100",
            "15071349C103",
            "150706491103",
            "15070649C1030",
        ] {
            assert!(found(id).is_empty(), "{id}");
        }
    }

    #[test]
    fn driving_licences() {
        for id in ["MORGA657054SM9IJ", "SMIT9801015JK2CD", "morga607054sm9ij"] {
            assert_eq!(found(id), [(id, "uk-driving-licence")], "{id}");
        }
        // Month 00 or 13, day 00, letters after the padding, no letters at all.
        for id in [
            "MORGA600054SM9IJ",
            "MORGA613054SM9IJ",
            "MORGA601004SM9IJ",
            "MO9G9657054SM9IJ",
            "99999657054SM9IJ",
        ] {
            assert!(found(id).is_empty(), "{id}");
        }
        for id in ["BO12345678A", "mu12345678b", "GE123456780"] {
            assert_eq!(found(id), [(id, "de-driving-licence")], "{id}");
        }
        for id in ["BO12345678", "BO12345678AB", "B12345678A"] {
            assert!(found(id).is_empty(), "{id}");
        }
    }

    #[test]
    fn indian_voter_ids_but_not_tickets_or_queue_ids() {
        for id in ["KSD1287349", "uzb2345117"] {
            assert_eq!(found(id), [(id, "in-voter-id")], "{id}");
        }
        for text in [
            "INC0225642",
            "CHG1234567",
            "AFA5800104",
            "zxdf8923q1",
            "A8923571WZ",
        ] {
            assert!(found(text).is_empty(), "{text}");
        }
    }

    #[test]
    fn wallet_addresses_by_checksum() {
        for a in [
            "16Yeky6GMjeNkAiNcBY7ZhrLoMSgg1BoyZ",
            "3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy",
            "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
            "bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297",
        ] {
            assert_eq!(found(a), [(a, "crypto-wallet")], "{a}");
        }
        for a in [
            "16Yeky6GMjeNkAiNcBY7ZhrLoMSgg1BoyZ2",
            "16Yeky6GMjeNkAiNcBY7ZhrLoMSgg1BoyY",
            "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdp",
            "8f953371d3e85eddb89b05ed6b9e680791055315c73e1025ab5dba7bb2aee189",
        ] {
            assert!(found(a).is_empty(), "{a}");
        }
    }

    #[test]
    fn codes_and_paths_stay() {
        for text in [
            "order BO12345678A",
            "ORD-BO12345678A",
            "/files/C01234565/x",
            "x_A123456780",
            "Invoice A123456780",
            "C01234565.pdf",
        ] {
            assert!(found(text).is_empty(), "{text}");
        }
        assert_eq!(
            found("Ausweis: C01234565, KVNR A123456780."),
            [("C01234565", "de-id-document"), ("A123456780", "de-kvnr")]
        );
    }

    proptest::proptest! {
        #[test]
        fn any_text_gives_words_on_boundaries(s in "\\PC{0,80}") {
            let mut out = Vec::new();
            find(&s, &mut out);
            for f in out {
                proptest::prop_assert!(s.is_char_boundary(f.start) && s.is_char_boundary(f.end));
            }
        }
    }
}
