//! Numbers with a format: phone numbers, payment cards, bank accounts, SSNs and national
//! identifiers. Separators always stay in place; check digits are recomputed.

use std::sync::LazyLock;

use crate::Ctx;
use crate::shape::{
    self, digit, digit_nz, digits_of, fill_alnum, fill_digits, from_set, int, luhn_digit, reshape,
    upper,
};

// ---------------------------------------------------------------------------------------------
// Phone numbers

/// Length of the country code at the start of `d` (ITU E.164 assignments).
fn cc_len(d: &[u8]) -> usize {
    let two = |a: u8, b: u8| -> bool {
        matches!(
            (a, b),
            (2, 0)
                | (2, 7)
                | (3, 0..=4)
                | (3, 6)
                | (3, 9)
                | (4, 0..=1)
                | (4, 3..=9)
                | (5, 1..=8)
                | (6, 0..=6)
                | (8, 1..=2)
                | (8, 4)
                | (8, 6)
                | (9, 0..=5)
                | (9, 8)
        )
    };
    match d {
        [] => 0,
        [1, ..] | [7, ..] => 1,
        [a, b, ..] if two(*a, *b) => 2,
        _ => d.len().min(3),
    }
}

/// The digit groups of `s` (lengths of runs of ASCII digits).
fn groups(s: &str) -> Vec<usize> {
    let mut out = Vec::new();
    let mut n = 0;
    for b in s.bytes() {
        if b.is_ascii_digit() {
            n += 1;
        } else if n > 0 {
            out.push(n);
            n = 0;
        }
    }
    if n > 0 {
        out.push(n);
    }
    out
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Country {
    Nanp,
    Uk,
    Au,
    Fr,
    De,
}

/// The countries of [`Country`] ([`crate::Memo::phone_misses`]).
pub(crate) const COUNTRIES: usize = 5;

/// Phone stand-ins of a country in a row drawn outside its fictional range after which the
/// range counts as used up and is not drawn from again: past its 100 numbers (US 555-01xx),
/// every value spent its 12 preferred draws there in vain, most of a long log's stand-in cost.
pub(crate) const FICTIONAL_FULL: u8 = 3;

/// A stand-in phone number: same country code, same digit count, every non-digit character in
/// place; fictional ranges where a country publishes them (US/CA 555-01xx, UK Ofcom drama
/// ranges, AU ACMA ranges, FR ARCEP ranges, DE Berlin 030 23125 xxx…).
pub(crate) fn phone(cx: &mut Ctx<'_>, value: &str) -> String {
    let Some(fd) = value.find(|c: char| c.is_ascii_digit()) else {
        return reshape(cx.rng, value);
    };
    // An extension or vanity letters after the number: their digits are just redrawn.
    let main_end = value[fd..]
        .find(|c: char| c.is_ascii_alphabetic())
        .map_or(value.len(), |i| fd + i);
    let (main, ext) = value.split_at(main_end);
    // The digits on the stack when the number is short (every phone number is).
    let mut buf = [0u8; 32];
    let heap;
    let d: &[u8] = if main.len() <= buf.len() {
        let mut n = 0;
        for b in main.bytes().filter(u8::is_ascii_digit) {
            buf[n] = b - b'0';
            n += 1;
        }
        &buf[..n]
    } else {
        heap = digits_of(main);
        &heap
    };
    let plus = main[..fd].contains('+');
    let new = phone_digits(cx, d, plus, main);
    let mut out = fill_digits(main, &new);
    out.reserve(ext.len());
    shape::redigit_into(cx.rng, ext, &mut out);
    out
}

fn phone_digits(cx: &mut Ctx<'_>, d: &[u8], plus: bool, text: &str) -> Vec<u8> {
    let n = d.len();
    // International prefix and country code.
    let (idd, cc) = if plus {
        (0, cc_len(d))
    } else if n >= 11 && d[0] == 0 && d[1] == 0 {
        (2, cc_len(&d[2..]))
    } else if n >= 12 && d.starts_with(&[0, 1, 1]) {
        (3, cc_len(&d[3..]))
    } else {
        (0, 0)
    };
    let ns = (idd + cc).min(n);
    let code = &d[idd.min(n)..ns];
    let nat = &d[ns..];
    let trunk = usize::from(nat.first() == Some(&0));
    let mut nsn_start = ns + trunk;
    let country = match code {
        [1] => Some(Country::Nanp),
        [4, 4] => Some(Country::Uk),
        [6, 1] => Some(Country::Au),
        [3, 3] => Some(Country::Fr),
        [4, 9] => Some(Country::De),
        [] => {
            if trunk == 0 && nat.len() == 10 && nat[0] >= 2 {
                Some(Country::Nanp)
            } else if trunk == 0 && nat.len() == 11 && nat[0] == 1 && nat[1] >= 2 {
                nsn_start += 1;
                Some(Country::Nanp)
            } else if trunk == 1 && nat.len() == 11 {
                Some(Country::Uk)
            } else if trunk == 1 && nat.len() == 10 {
                if groups(text) == [2, 2, 2, 2, 2] || nat[1] == 1 || nat[1] == 6 || nat[1] == 9 {
                    Some(Country::Fr)
                } else {
                    Some(Country::Au)
                }
            } else {
                None
            }
        }
        _ => None,
    };
    let nsn_start = nsn_start.min(n);
    let nsn = &d[nsn_start..];
    if let Some(c) = country {
        let c = c as usize;
        if cx.memo.phone_misses[c] >= FICTIONAL_FULL {
            // The range is used up: this attempt draws as the ones past the preferred do.
            cx.attempt = cx.attempt.max(crate::PREFERRED_ATTEMPTS);
        }
        cx.phone = Some((c, cx.strict()));
    }
    let fictional = match country {
        Some(Country::Nanp) => nanp(cx, nsn),
        Some(Country::Uk) => uk(cx, nsn),
        Some(Country::Au) => au(cx, nsn),
        Some(Country::Fr) => fr(cx, nsn),
        Some(Country::De) => de(cx, nsn),
        None => None,
    };
    // As long as the digits (`nsn` follows `nsn_start`): one allocation.
    let mut out = Vec::with_capacity(n);
    out.extend_from_slice(&d[..nsn_start]);
    match fictional {
        Some(f) if f.len() == nsn.len() => out.extend(f),
        _ => {
            let keep = match nsn.len() {
                0..=3 => 0,
                4..=6 => 1,
                _ if cx.strict() => 2,
                _ => 1,
            };
            out.extend(&nsn[..keep]);
            for _ in keep..nsn.len() {
                out.push(digit(cx.rng) - b'0');
            }
        }
    }
    out
}

/// `prefix` followed by random digits up to `len`.
fn with_random(cx: &mut Ctx<'_>, prefix: &[u8], len: usize) -> Vec<u8> {
    let mut v = prefix.to_vec();
    v.truncate(len);
    while v.len() < len {
        v.push(digit(cx.rng) - b'0');
    }
    v
}

/// The first `keep` digits of `nsn`, then random digits (the relaxed fallback).
fn relaxed(cx: &mut Ctx<'_>, nsn: &[u8], keep: usize) -> Vec<u8> {
    let keep = keep.min(nsn.len());
    with_random(cx, &nsn[..keep], nsn.len())
}

fn nanp(cx: &mut Ctx<'_>, nsn: &[u8]) -> Option<Vec<u8>> {
    if nsn.len() != 10 {
        return None;
    }
    let mut v = Vec::with_capacity(10);
    if cx.attempt < 3 || !cx.strict() {
        v.extend(&nsn[..3]);
    } else {
        // Another valid area code: N(0-8)X, not N11.
        let a = digit_nz(cx.rng).max(b'2') - b'0';
        let b = int(cx.rng, 0, 8) as u8;
        let mut c = digit(cx.rng) - b'0';
        if b == 1 && c == 1 {
            c = 0;
        }
        v.extend([a, b, c]);
    }
    if cx.strict() {
        v.extend([5, 5, 5, 0, 1]);
        Some(with_random(cx, &v, 10))
    } else {
        v.push(int(cx.rng, 2, 9) as u8);
        Some(with_random(cx, &v, 10))
    }
}

fn uk(cx: &mut Ctx<'_>, nsn: &[u8]) -> Option<Vec<u8>> {
    if nsn.len() != 10 {
        return None;
    }
    if !cx.strict() {
        return Some(relaxed(cx, nsn, 3));
    }
    let p: Vec<u8> = match nsn {
        [7, ..] => vec![7, 7, 0, 0, 9, 0, 0],
        [2, 0, ..] => vec![2, 0, 7, 9, 4, 6, 0],
        [1, 1, x @ 3..=8, ..] => vec![1, 1, *x, 4, 9, 6, 0],
        [1, x @ 2..=6, 1, ..] => vec![1, *x, 1, 4, 9, 6, 0],
        [1, 9, 1, ..] => vec![1, 9, 1, 4, 9, 8, 0],
        [1, ..] => vec![1, 6, 3, 2, 9, 6, 0],
        [2, 8, ..] => vec![2, 8, 9, 6, 4, 9, 6],
        [2, 9, ..] => vec![2, 9, 2, 0, 1, 8, 0],
        [3, ..] => vec![3, 0, 6, 9, 9, 9, 0],
        [8, 0, ..] => vec![8, 0, 8, 1, 5, 7, 0],
        [9, 0, ..] => vec![9, 0, 9, 8, 7, 9, 0],
        _ => return None,
    };
    Some(with_random(cx, &p, 10))
}

fn au(cx: &mut Ctx<'_>, nsn: &[u8]) -> Option<Vec<u8>> {
    if nsn.len() != 9 {
        return None;
    }
    if !cx.strict() {
        return Some(relaxed(cx, nsn, 2));
    }
    let p: Vec<u8> = match nsn[0] {
        4 => vec![4, 9, 1, 5, 7, 0],
        a @ (2 | 3 | 7 | 8) => {
            if shape::below(cx.rng, 2) == 0 {
                vec![a, 5, 5, 5, 0]
            } else {
                vec![a, 7, 0, 1, 0]
            }
        }
        _ => return None,
    };
    Some(with_random(cx, &p, 9))
}

fn fr(cx: &mut Ctx<'_>, nsn: &[u8]) -> Option<Vec<u8>> {
    if nsn.len() != 9 {
        return None;
    }
    if !cx.strict() {
        return Some(relaxed(cx, nsn, 2));
    }
    let p: &[u8] = match nsn[0] {
        1 => &[1, 9, 9, 0, 0],
        2 => &[2, 6, 1, 9, 1],
        3 => &[3, 5, 3, 0, 1],
        4 => &[4, 6, 5, 7, 1],
        5 => &[5, 3, 6, 4, 9],
        6 | 7 => &[6, 3, 9, 9, 8],
        _ => return None,
    };
    Some(with_random(cx, p, 9))
}

fn de(cx: &mut Ctx<'_>, nsn: &[u8]) -> Option<Vec<u8>> {
    if !cx.strict() {
        return Some(relaxed(cx, nsn, 2));
    }
    if nsn.len() != 10 {
        return None;
    }
    let p: &[u8] = match nsn {
        [3, 0, ..] => &[3, 0, 2, 3, 1, 2, 5],
        [6, 9, ..] => &[6, 9, 9, 0, 0, 0, 9],
        [4, 0, ..] => &[4, 0, 6, 6, 9, 6, 9],
        [8, 9, ..] => &[8, 9, 9, 9, 9, 9, 8],
        _ => return None,
    };
    Some(with_random(cx, p, 10))
}

// ---------------------------------------------------------------------------------------------
// Payment cards

/// Published test card numbers (Stripe, Adyen, PayPal and network documentation).
const TEST_CARDS: &[&str] = &[
    "4111111111111111",
    "4242424242424242",
    "4012888888881881",
    "4000056655665556",
    "4222222222222",
    "5555555555554444",
    "5105105105105100",
    "2223003122003222",
    "5200828282828210",
    "378282246310005",
    "371449635398431",
    "378734493671000",
    "6011111111111117",
    "6011000990139424",
    "3530111333300000",
    "3566002020360505",
    "30569309025904",
    "38520000023237",
    "3056930009020004",
    "6200000000000005",
];

/// Test-range prefixes by brand (first digits of the published numbers).
const TEST_PREFIXES: &[(Brand, &[&str])] = &[
    (Brand::Visa, &["411111", "424242", "401288", "400005"]),
    (Brand::Mastercard, &["555555", "510510", "222300", "520082"]),
    (Brand::Amex, &["378282", "371449", "378734"]),
    (Brand::Discover, &["601111", "601100"]),
    (Brand::Jcb, &["353011", "356600"]),
    (Brand::Diners, &["305693", "385200"]),
    (Brand::UnionPay, &["620000"]),
];

/// [`TEST_CARDS`] as digit values with their brand.
static TEST_CARD_DIGITS: LazyLock<Vec<(Brand, Vec<u8>)>> = LazyLock::new(|| {
    TEST_CARDS
        .iter()
        .map(|t| {
            let d = digits_of(t);
            (brand(&d), d)
        })
        .collect()
});

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Brand {
    Visa,
    Mastercard,
    Amex,
    Discover,
    Jcb,
    Diners,
    UnionPay,
    Other,
}

fn num(d: &[u8], k: usize) -> u32 {
    d.iter().take(k).fold(0u32, |a, &x| {
        a.saturating_mul(10).saturating_add(u32::from(x))
    })
}

fn brand(d: &[u8]) -> Brand {
    let p2 = num(d, 2);
    let p3 = num(d, 3);
    let p4 = num(d, 4);
    match d.first() {
        Some(4) => Brand::Visa,
        _ if (51..=55).contains(&p2) || (2221..=2720).contains(&p4) => Brand::Mastercard,
        _ if p2 == 34 || p2 == 37 => Brand::Amex,
        _ if p4 == 6011 || p2 == 65 || (644..=649).contains(&p3) => Brand::Discover,
        _ if (3528..=3589).contains(&p4) => Brand::Jcb,
        _ if (300..=305).contains(&p3) || p2 == 36 || p2 == 38 || p2 == 39 || p4 == 3095 => {
            Brand::Diners
        }
        _ if p2 == 62 => Brand::UnionPay,
        _ => Brand::Other,
    }
}

/// A stand-in card number: same brand, length and grouping, Luhn-valid, from a published test
/// range (first try a published test number itself, then its range with random account
/// digits).
pub(crate) fn card(cx: &mut Ctx<'_>, value: &str) -> String {
    let d = digits_of(value);
    let n = d.len();
    if n < 2 {
        return reshape(cx.rng, value);
    }
    let b = brand(&d);
    if cx.attempt == 0 {
        let same = TEST_CARD_DIGITS
            .iter()
            .filter(|(br, t)| *br == b && t.len() == n && t[0] == d[0]);
        let count = same.clone().count();
        if let Some((_, t)) = same.clone().nth(shape::below(cx.rng, count)) {
            return fill_digits(value, t);
        }
    }
    // Test ranges of the same brand that also keep the first digit (Mastercard 5… / 2…).
    let ranges: Vec<&str> = TEST_PREFIXES
        .iter()
        .filter(|(br, _)| *br == b)
        .flat_map(|(_, ps)| ps.iter().copied())
        .filter(|p| p.as_bytes()[0] == b'0' + d[0])
        .collect();
    let prefix: Vec<u8> = if cx.strict() && !ranges.is_empty() {
        digits_of(ranges[shape::below(cx.rng, ranges.len())])
    } else {
        d[..1].to_vec()
    };
    let mut v = with_random(cx, &prefix[..prefix.len().min(n - 1)], n - 1);
    v.push(luhn_digit(&v));
    fill_digits(value, &v)
}

// ---------------------------------------------------------------------------------------------
// Bank accounts

/// `value[..kp]` plus a label such as `Account no:` that stays unchanged.
fn head_len(value: &str, kp: usize) -> usize {
    let rest = &value[kp..];
    let Some(i) = rest.find([':', '#']) else {
        return kp;
    };
    let label = &rest[..i];
    let letters = label
        .chars()
        .filter(|&c| crate::text::is_alphabetic(c))
        .count();
    if i > 40
        || letters < 2
        || !label
            .chars()
            .all(|c| crate::text::is_alphabetic(c) || c == ' ' || c == '.' || c == '-' || c == '/')
    {
        return kp;
    }
    let after = &rest[i + 1..];
    let ws = after.len() - after.trim_start().len();
    kp + i + 1 + ws
}

/// ISO 7064 mod 97-10 remainder of an alphanumeric string (letters count 10..35).
fn mod97(chars: impl Iterator<Item = u8>) -> u32 {
    let mut r = 0u32;
    for c in chars {
        match c {
            b'0'..=b'9' => r = (r * 10 + u32::from(c - b'0')) % 97,
            b'A'..=b'Z' => r = (r * 100 + u32::from(c - b'A' + 10)) % 97,
            b'a'..=b'z' => r = (r * 100 + u32::from(c - b'a' + 10)) % 97,
            _ => {}
        }
    }
    r
}

/// True when `iban` (any spacing) has a valid mod-97 check.
#[cfg(test)]
pub(crate) fn iban_valid(iban: &str) -> bool {
    let c: Vec<u8> = iban.bytes().filter(u8::is_ascii_alphanumeric).collect();
    c.len() >= 5 && mod97(c[4..].iter().chain(&c[..4]).copied()) == 1
}

fn compact_alnum(s: &str) -> Vec<u8> {
    s.bytes()
        .filter(u8::is_ascii_alphanumeric)
        .map(|b| b.to_ascii_uppercase())
        .collect()
}

/// A stand-in IBAN: same country, length, grouping and letter/digit pattern, valid mod-97.
fn iban(cx: &mut Ctx<'_>, value: &str) -> Option<String> {
    let c = compact_alnum(value);
    if !(15..=34).contains(&c.len())
        || !c[0].is_ascii_alphabetic()
        || !c[1].is_ascii_alphabetic()
        || !c[2].is_ascii_digit()
        || !c[3].is_ascii_digit()
    {
        return None;
    }
    let mut new = c.clone();
    // Bank-code letters (NWBK, ABNA…) at the start of the BBAN stay while strict.
    let mut keep_letters = cx.strict();
    for x in new[4..].iter_mut() {
        if x.is_ascii_digit() {
            keep_letters = false;
            *x = digit(cx.rng);
        } else if !keep_letters {
            *x = upper(cx.rng);
        }
    }
    new[2] = b'0';
    new[3] = b'0';
    let r = mod97(new[4..].iter().chain(&new[..4]).copied());
    let check = 98 - r;
    new[2] = b'0' + (check / 10) as u8;
    new[3] = b'0' + (check % 10) as u8;
    Some(fill_alnum(value, &new))
}

/// ABA routing number check: 3-7-1 weights, sum divisible by 10.
fn aba_digit(d: &[u8]) -> u8 {
    let w = [3u32, 7, 1, 3, 7, 1, 3, 7];
    let s: u32 = d.iter().zip(w).map(|(&x, w)| u32::from(x) * w).sum();
    ((10 - s % 10) % 10) as u8
}

/// True when the 9 digits pass the ABA check.
#[cfg(test)]
pub(crate) fn aba_valid(d: &[u8]) -> bool {
    d.len() == 9 && aba_digit(&d[..8]) == d[8]
}

/// A stand-in bank account: IBANs as above; ABA routing numbers with a valid check digit;
/// other accounts (sort codes, account numbers) with the same shape and new digits.
pub(crate) fn bank(cx: &mut Ctx<'_>, rule: &str, kp: usize, value: &str) -> String {
    let head = head_len(value, kp);
    let (h, body) = value.split_at(head);
    let rule_l = rule.to_ascii_lowercase();
    let looks_iban = {
        let c = compact_alnum(body);
        c.len() >= 15
            && c[..2].iter().all(u8::is_ascii_alphabetic)
            && c[2..4].iter().all(u8::is_ascii_digit)
            && body
                .trim_start()
                .starts_with(|ch: char| ch.is_ascii_alphabetic())
    };
    if (rule_l.contains("iban") || looks_iban)
        && let Some(s) = iban(cx, body)
    {
        return format!("{h}{s}");
    }
    let d = digits_of(body);
    if (rule_l.contains("aba") || rule_l.contains("routing")) && d.len() >= 9 {
        let mut v = Vec::with_capacity(d.len());
        let first = d[..2].to_vec();
        v.extend(&first);
        for _ in 2..8 {
            v.push(digit(cx.rng) - b'0');
        }
        v.push(aba_digit(&v));
        for _ in 9..d.len() {
            v.push(digit(cx.rng) - b'0');
        }
        return format!("{h}{}", fill_digits(body, &v));
    }
    if d.is_empty() {
        return format!("{h}{}", reshape(cx.rng, body));
    }
    format!("{h}{}", shape::redigit(cx.rng, body))
}

// ---------------------------------------------------------------------------------------------
// SSN

/// A stand-in SSN: area number 9xx (never issued as an SSN), group 01–49 (outside the ITIN
/// groups), same separators. The first try uses the advertising block 987-65-4320…4329.
pub(crate) fn ssn(cx: &mut Ctx<'_>, value: &str) -> String {
    let d = digits_of(value);
    if d.len() != 9 {
        let mut v: Vec<u8> = (0..d.len()).map(|_| digit(cx.rng) - b'0').collect();
        if let Some(f) = v.first_mut() {
            *f = 9;
        }
        return if d.is_empty() {
            reshape(cx.rng, value)
        } else {
            fill_digits(value, &v)
        };
    }
    let v: Vec<u8> = if cx.attempt == 0 {
        let mut v = vec![9, 8, 7, 6, 5, 4, 3, 2];
        v.push(digit(cx.rng) - b'0');
        v
    } else {
        let area = int(cx.rng, 900, 999);
        let group = int(cx.rng, 1, 49);
        let serial = int(cx.rng, 1, 9999);
        let s = format!("{area:03}{group:02}{serial:04}");
        digits_of(&s)
    };
    fill_digits(value, &v)
}

// ---------------------------------------------------------------------------------------------
// National identifiers

/// A stand-in identifier: same shape (letters stay letters of the same case, digits stay
/// digits, punctuation and any label kept); checksummed schemes named by the rule pass their
/// check (uk-nino prefix letters, NHS mod 11, Canadian SIN Luhn, Aadhaar Verhoeff, Spanish
/// DNI/NIE letter, Italian codice fiscale, Dutch BSN 11-proef, Brazilian CPF).
pub(crate) fn id_number(cx: &mut Ctx<'_>, rule: &str, kp: usize, value: &str) -> String {
    let head = head_len(value, kp);
    let (h, body) = value.split_at(head);
    let rule_l = rule.to_ascii_lowercase();
    let special = match rule_l.as_str() {
        "uk-nino" | "nino" | "gb-nino" => nino(cx, body),
        "nhs" | "uk-nhs" | "nhs-number" => nhs(cx, body),
        "ca-sin" | "sin" => sin(cx, body),
        "in-aadhaar" | "aadhaar" => aadhaar(cx, body),
        "es-dni" | "dni" | "es-nie" | "nie" | "es-nif" | "nif" => dni(cx, body),
        "it-fiscal-code" | "it-codice-fiscale" | "codice-fiscale" | "fiscal-code" => {
            fiscal_code(cx, body)
        }
        "nl-bsn" | "bsn" => bsn(cx, body),
        "br-cpf" | "cpf" => cpf(cx, body),
        "us-ssn" | "ssn" => Some(ssn(cx, body)),
        _ => None,
    };
    let s = special.unwrap_or_else(|| reshape(cx.rng, body));
    format!("{h}{s}")
}

fn nino(cx: &mut Ctx<'_>, body: &str) -> Option<String> {
    let c = compact_alnum(body);
    let ok = (c.len() == 8 || c.len() == 9)
        && c[..2].iter().all(u8::is_ascii_alphabetic)
        && c[2..8].iter().all(u8::is_ascii_digit)
        && c[8..].iter().all(u8::is_ascii_alphabetic);
    if !ok {
        return None;
    }
    const FIRST: &[u8] = b"ABCEGHJKLMNOPRSTWXYZ";
    const SECOND: &[u8] = b"ABCEGHJKLMNPRSTWXYZ";
    let mut v = Vec::with_capacity(c.len());
    loop {
        let a = from_set(cx.rng, FIRST);
        let b = from_set(cx.rng, SECOND);
        if !matches!(
            &[a, b],
            b"BG" | b"GB" | b"KN" | b"NK" | b"NT" | b"TN" | b"ZZ"
        ) {
            v.extend([a, b]);
            break;
        }
    }
    for _ in 0..6 {
        v.push(digit(cx.rng));
    }
    if c.len() == 9 {
        v.push(from_set(cx.rng, b"ABCD"));
    }
    Some(fill_alnum(body, &v))
}

/// True when a NINO has a valid prefix and shape.
#[cfg(test)]
pub(crate) fn nino_valid(s: &str) -> bool {
    let c = compact_alnum(s);
    c.len() == 9
        && b"ABCEGHJKLMNOPRSTWXYZ".contains(&c[0])
        && b"ABCEGHJKLMNPRSTWXYZ".contains(&c[1])
        && !matches!(
            &c[..2],
            b"BG" | b"GB" | b"KN" | b"NK" | b"NT" | b"TN" | b"ZZ"
        )
        && c[2..8].iter().all(u8::is_ascii_digit)
        && b"ABCD".contains(&c[8])
}

/// NHS number check digit (weights 10..2, mod 11); `None` for the invalid remainder 10.
fn nhs_digit(d: &[u8]) -> Option<u8> {
    let s: u32 = d
        .iter()
        .take(9)
        .enumerate()
        .map(|(i, &x)| u32::from(x) * (10 - i as u32))
        .sum();
    match 11 - s % 11 {
        11 => Some(0),
        10 => None,
        c => Some(c as u8),
    }
}

/// True when 10 digits pass the NHS mod-11 check.
#[cfg(test)]
pub(crate) fn nhs_valid(d: &[u8]) -> bool {
    d.len() == 10 && nhs_digit(d) == Some(d[9])
}

/// NHS number in the 999 test range (never issued), valid mod 11.
fn nhs(cx: &mut Ctx<'_>, body: &str) -> Option<String> {
    let d = digits_of(body);
    if d.len() != 10 {
        return None;
    }
    for _ in 0..32 {
        let mut v = vec![9, 9, 9];
        for _ in 0..6 {
            v.push(digit(cx.rng) - b'0');
        }
        if let Some(c) = nhs_digit(&v) {
            v.push(c);
            return Some(fill_digits(body, &v));
        }
    }
    None
}

fn sin(cx: &mut Ctx<'_>, body: &str) -> Option<String> {
    let d = digits_of(body);
    if d.len() != 9 {
        return None;
    }
    let mut v = vec![d[0]];
    for _ in 0..7 {
        v.push(digit(cx.rng) - b'0');
    }
    v.push(luhn_digit(&v));
    Some(fill_digits(body, &v))
}

fn verhoeff_digit(payload: &[u8]) -> u8 {
    let clamped: Vec<u8> = payload.iter().map(|d| d % 10).collect();
    redact_entity::checksum::verhoeff_check_digit(&clamped).unwrap_or(0)
}

/// True when the digits pass the Verhoeff check.
#[cfg(test)]
pub(crate) fn verhoeff_valid(d: &[u8]) -> bool {
    redact_entity::checksum::verhoeff(d)
}

fn aadhaar(cx: &mut Ctx<'_>, body: &str) -> Option<String> {
    if digits_of(body).len() != 12 {
        return None;
    }
    let mut v = vec![int(cx.rng, 2, 9) as u8];
    for _ in 0..10 {
        v.push(digit(cx.rng) - b'0');
    }
    v.push(verhoeff_digit(&v));
    Some(fill_digits(body, &v))
}

const DNI_LETTERS: &[u8; 23] = b"TRWAGMYFPDXBNJZSQVHLCKE";

/// The control letter of a DNI number (NIE numbers with X/Y/Z mapped to 0/1/2 first).
pub(crate) fn dni_letter(n: u32) -> u8 {
    DNI_LETTERS[(n % 23) as usize]
}

fn dni(cx: &mut Ctx<'_>, body: &str) -> Option<String> {
    let c = compact_alnum(body);
    let lower = body.bytes().any(|b| b.is_ascii_lowercase());
    let v: Vec<u8> = match c.as_slice() {
        [d @ .., l]
            if d.len() == 8 && d.iter().all(u8::is_ascii_digit) && l.is_ascii_alphabetic() =>
        {
            let mut v: Vec<u8> = (0..8).map(|_| digit(cx.rng)).collect();
            let n = v.iter().fold(0u32, |a, &x| a * 10 + u32::from(x - b'0'));
            v.push(dni_letter(n));
            v
        }
        [p @ (b'X' | b'Y' | b'Z'), d @ .., l]
            if d.len() == 7 && d.iter().all(u8::is_ascii_digit) && l.is_ascii_alphabetic() =>
        {
            let mut v = vec![*p];
            let mut n = u32::from(*p - b'X');
            for _ in 0..7 {
                let x = digit(cx.rng);
                n = n * 10 + u32::from(x - b'0');
                v.push(x);
            }
            v.push(dni_letter(n));
            v
        }
        _ => return None,
    };
    let s = fill_alnum(body, &v);
    Some(if lower { s } else { s.to_ascii_uppercase() })
}

/// The check character of an Italian codice fiscale (first 15 characters, uppercase).
pub(crate) fn fiscal_check(c: &[u8]) -> u8 {
    const ODD: [u32; 36] = [
        1, 0, 5, 7, 9, 13, 15, 17, 19, 21, // 0-9
        1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24,
        23, // A-Z
    ];
    let mut s = 0u32;
    for (i, &ch) in c.iter().take(15).enumerate() {
        let idx = match ch {
            b'0'..=b'9' => usize::from(ch - b'0'),
            b'A'..=b'Z' => 10 + usize::from(ch - b'A'),
            _ => 0,
        };
        if i % 2 == 0 {
            s += ODD[idx];
        } else {
            s += match ch {
                b'0'..=b'9' => u32::from(ch - b'0'),
                b'A'..=b'Z' => u32::from(ch - b'A'),
                _ => 0,
            };
        }
    }
    b'A' + (s % 26) as u8
}

fn fiscal_code(cx: &mut Ctx<'_>, body: &str) -> Option<String> {
    let c = compact_alnum(body);
    if c.len() != 16 {
        return None;
    }
    let pattern = c.iter().enumerate().all(|(i, b)| match i {
        0..=5 | 8 | 11 | 15 => b.is_ascii_alphabetic(),
        _ => b.is_ascii_digit(),
    });
    let mut v = Vec::with_capacity(16);
    if pattern {
        const CONS: &[u8] = b"BCDFGHLMNPRSTVZ";
        for _ in 0..6 {
            v.push(from_set(cx.rng, CONS));
        }
        v.push(digit(cx.rng));
        v.push(digit(cx.rng));
        v.push(from_set(cx.rng, b"ABCDEHLMPRST"));
        let female = num(&[c[9] - b'0', c[10] - b'0'], 2) > 40;
        let day = int(cx.rng, 1, 28) + if female { 40 } else { 0 };
        v.extend(format!("{day:02}").bytes());
        v.push(from_set(cx.rng, b"ABCDEFGHILM"));
        for _ in 0..3 {
            v.push(digit(cx.rng));
        }
    } else {
        for &b in &c[..15] {
            v.push(if b.is_ascii_digit() {
                digit(cx.rng)
            } else {
                upper(cx.rng)
            });
        }
    }
    v.push(fiscal_check(&v));
    Some(fill_alnum(body, &v))
}

fn bsn(cx: &mut Ctx<'_>, body: &str) -> Option<String> {
    if digits_of(body).len() != 9 {
        return None;
    }
    for _ in 0..32 {
        let mut v = vec![digit_nz(cx.rng) - b'0'];
        for _ in 0..7 {
            v.push(digit(cx.rng) - b'0');
        }
        let s: u32 = v
            .iter()
            .enumerate()
            .map(|(i, &x)| u32::from(x) * (9 - i as u32))
            .sum();
        let c = s % 11;
        if c < 10 {
            v.push(c as u8);
            return Some(fill_digits(body, &v));
        }
    }
    None
}

/// True when 9 digits pass the Dutch 11-proef.
#[cfg(test)]
pub(crate) fn bsn_valid(d: &[u8]) -> bool {
    let s: i64 = d
        .iter()
        .take(8)
        .enumerate()
        .map(|(i, &x)| i64::from(x) * (9 - i as i64))
        .sum();
    d.len() == 9 && (s - i64::from(d[8])) % 11 == 0
}

/// The two CPF check digits of 9 digits.
pub(crate) fn cpf_digits(d: &[u8]) -> (u8, u8) {
    let f = |d: &[u8], start: u32| -> u8 {
        let s: u32 = d
            .iter()
            .enumerate()
            .map(|(i, &x)| u32::from(x) * (start - i as u32))
            .sum();
        ((s * 10 % 11) % 10) as u8
    };
    let a = f(&d[..9], 10);
    let mut e = d[..9].to_vec();
    e.push(a);
    (a, f(&e, 11))
}

fn cpf(cx: &mut Ctx<'_>, body: &str) -> Option<String> {
    if digits_of(body).len() != 11 {
        return None;
    }
    let mut v: Vec<u8> = (0..9).map(|_| digit(cx.rng) - b'0').collect();
    if v.iter().all(|&x| x == v[0]) {
        v[0] = (v[0] + 1) % 10;
    }
    let (a, b) = cpf_digits(&v);
    v.push(a);
    v.push(b);
    Some(fill_digits(body, &v))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn checksums_accept_known_valid_numbers() {
        assert!(iban_valid("DE89 3704 0044 0532 0130 00"));
        assert!(iban_valid("GB29NWBK60161331926819"));
        assert!(!iban_valid("GB28NWBK60161331926819"));
        assert!(aba_valid(&digits_of("021000021")));
        assert!(!aba_valid(&digits_of("021000022")));
        assert!(nhs_valid(&digits_of("943 476 5919")));
        assert!(!nhs_valid(&digits_of("943 476 5918")));
        assert!(shape::luhn_valid(&digits_of("046 454 286")));
        assert!(verhoeff_valid(&digits_of("2363")));
        assert_eq!(verhoeff_digit(&[2, 3, 6]), 3);
        assert_eq!(dni_letter(12345678), b'Z');
        assert_eq!(fiscal_check(b"RSSMRA85T10A562"), b'S');
        assert!(bsn_valid(&digits_of("111222333")));
        assert_eq!(cpf_digits(&digits_of("529982247")), (2, 5));
        assert!(nino_valid("AB 12 34 56 C"));
        assert!(!nino_valid("QQ 12 34 56 C"));
        assert_eq!(cc_len(&[4, 4, 2, 0]), 2);
        assert_eq!(cc_len(&[1, 4, 1, 5]), 1);
        assert_eq!(cc_len(&[3, 5, 3, 1]), 3);
    }

    #[test]
    fn brands() {
        assert_eq!(brand(&digits_of("4111111111111111")), Brand::Visa);
        assert_eq!(brand(&digits_of("2223003122003222")), Brand::Mastercard);
        assert_eq!(brand(&digits_of("378282246310005")), Brand::Amex);
        assert_eq!(brand(&digits_of("6011111111111117")), Brand::Discover);
        assert_eq!(brand(&digits_of("3530111333300000")), Brand::Jcb);
        assert_eq!(brand(&digits_of("30569309025904")), Brand::Diners);
        assert_eq!(brand(&digits_of("6200000000000005")), Brand::UnionPay);
        for t in TEST_CARDS {
            assert!(shape::luhn_valid(&digits_of(t)), "{t}");
        }
    }
}
