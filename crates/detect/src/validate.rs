// Checksum and format validators for PII candidates: payment cards, IBANs, bank routing
// numbers, national identity and tax numbers, and postcodes. Every function is pure, does
// not allocate, and never panics on any input (empty, non-ASCII or huge). Unless stated
// otherwise a function takes the raw candidate text exactly as matched (no surrounding
// whitespace), which may contain the separators that the identifier is usually written
// with; leading, trailing, doubled or mixed separators are rejected.
#![allow(dead_code)]

/// Most digits any validator here looks at (IBANs are the longest identifiers, at 34
/// characters, and have their own buffer).
const MAX_DIGITS: usize = 32;
/// Most separator-delimited groups [`groups`] accepts.
const MAX_GROUPS: usize = 8;

// ---------------------------------------------------------------------------------------
// Shared helpers
// ---------------------------------------------------------------------------------------

/// Extracts the ASCII digits of `s` as values `0..=9` into `out`, skipping the separators
/// space, `-`, `.` and `/`. Returns `None` if `s` holds any other character or more than
/// 32 digits. Separator placement is not checked.
pub fn digits<'a>(s: &str, out: &'a mut [u8; MAX_DIGITS]) -> Option<&'a [u8]> {
    let mut n = 0;
    for &b in s.as_bytes() {
        match b {
            b'0'..=b'9' => {
                let slot = out.get_mut(n)?;
                *slot = b - b'0';
                n += 1;
            }
            b' ' | b'-' | b'.' | b'/' => {}
            _ => return None,
        }
    }
    out.get(..n)
}

/// Digits of a candidate split into separator-delimited groups.
#[derive(Clone, Copy)]
struct Groups {
    digits: [u8; MAX_DIGITS],
    len: usize,
    sizes: [u8; MAX_GROUPS],
    count: usize,
}

impl Groups {
    fn digits(&self) -> &[u8] {
        self.digits.get(..self.len).unwrap_or(&[])
    }

    fn sizes(&self) -> &[u8] {
        self.sizes.get(..self.count).unwrap_or(&[])
    }

    /// Whether the group sizes are exactly one of `layouts`.
    fn layout_in(&self, layouts: &[&[u8]]) -> bool {
        layouts.contains(&self.sizes())
    }

    /// The digits as a fixed-size array, if there are exactly `N` of them.
    fn fixed<const N: usize>(&self) -> Option<[u8; N]> {
        <[u8; N]>::try_from(self.digits()).ok()
    }
}

/// Splits `s` into runs of ASCII digits separated by single characters from `seps`. All
/// separators must be the same character; `s` must start and end with a digit. Returns
/// `None` on any other character, more than 32 digits or more than 8 groups.
fn groups(s: &str, seps: &[u8]) -> Option<Groups> {
    let mut g = Groups {
        digits: [0; MAX_DIGITS],
        len: 0,
        sizes: [0; MAX_GROUPS],
        count: 0,
    };
    let mut sep = None;
    let mut cur: u8 = 0;
    for &b in s.as_bytes() {
        if b.is_ascii_digit() {
            *g.digits.get_mut(g.len)? = b - b'0';
            g.len += 1;
            cur += 1;
        } else if seps.contains(&b) {
            if cur == 0 || sep.is_some_and(|p| p != b) {
                return None;
            }
            sep = Some(b);
            *g.sizes.get_mut(g.count)? = cur;
            g.count += 1;
            cur = 0;
        } else {
            return None;
        }
    }
    if cur == 0 {
        return None;
    }
    *g.sizes.get_mut(g.count)? = cur;
    g.count += 1;
    Some(g)
}

/// The number written by a short run of digit values (at most 9, so it fits in `u32`).
fn num(d: &[u8]) -> u32 {
    d.iter()
        .take(9)
        .fold(0, |acc, &x| acc * 10 + u32::from(x.min(9)))
}

/// Weighted digit sum.
fn weighted(d: &[u8], weights: &[u32]) -> u32 {
    d.iter().zip(weights).map(|(&x, &w)| u32::from(x) * w).sum()
}

fn all_same(d: &[u8]) -> bool {
    d.first().is_some_and(|&f| d.iter().all(|&x| x == f))
}

fn is_leap(y: u32) -> bool {
    y.is_multiple_of(4) && (!y.is_multiple_of(100) || y.is_multiple_of(400))
}

fn days_in_month(y: u32, m: u32) -> u32 {
    match m {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if is_leap(y) => 29,
        2 => 28,
        _ => 0,
    }
}

fn valid_date(y: u32, m: u32, d: u32) -> bool {
    d >= 1 && d <= days_in_month(y, m)
}

/// A date with a two-digit year whose century is unknown: valid in 19yy or 20yy.
fn valid_date_yy(yy: u32, m: u32, d: u32) -> bool {
    valid_date(1900 + yy, m, d) || valid_date(2000 + yy, m, d)
}

/// Upper-cases the ASCII bytes of `s` into `out` if `s` is exactly `N` bytes long.
fn upper_fixed<const N: usize>(s: &str) -> Option<[u8; N]> {
    let mut out = <[u8; N]>::try_from(s.as_bytes()).ok()?;
    out.make_ascii_uppercase();
    Some(out)
}

/// Whether `d` is a placeholder-like digit string: all one digit (`0000000`), or a single
/// run counting up or down by one with wrap-around (`123456789`, `7890123`, `987654321`).
/// Empty input is not.
pub fn is_sequential_or_repeated(digits: &[u8]) -> bool {
    if digits.is_empty() {
        return false;
    }
    let pairs = || digits.iter().zip(digits.iter().skip(1));
    all_same(digits)
        || pairs().all(|(&a, &b)| a < 10 && b == (a + 1) % 10)
        || pairs().all(|(&a, &b)| a < 10 && b == (a + 9) % 10)
}

// ---------------------------------------------------------------------------------------
// Check-digit schemes
// ---------------------------------------------------------------------------------------

pub use redact_entity::checksum::{luhn, verhoeff};

/// ISO 7064 MOD 11,10 (the German tax ID's scheme): whether the last digit checks the
/// others.
fn iso7064_mod11_10(d: &[u8]) -> bool {
    let Some((&check, body)) = d.split_last() else {
        return false;
    };
    let mut product = 10u32;
    for &x in body {
        let mut sum = (u32::from(x) + product) % 10;
        if sum == 0 {
            sum = 10;
        }
        product = (sum * 2) % 11;
    }
    (11 - product) % 10 == u32::from(check)
}

// ---------------------------------------------------------------------------------------
// Payment cards
// ---------------------------------------------------------------------------------------

/// Bit mask of the card lengths `lo..=hi`.
const fn lens(lo: u32, hi: u32) -> u32 {
    ((1u32 << (hi + 1)) - 1) & !((1u32 << lo) - 1)
}

const fn len1(n: u32) -> u32 {
    1u32 << n
}

struct CardRule {
    brand: &'static str,
    /// Number of leading digits that `lo..=hi` applies to.
    prefix_len: usize,
    lo: u32,
    hi: u32,
    /// Bit `n` set when `n` digits is a valid length.
    lengths: u32,
}

const fn rule(brand: &'static str, prefix_len: usize, lo: u32, hi: u32, lengths: u32) -> CardRule {
    CardRule {
        brand,
        prefix_len,
        lo,
        hi,
        lengths,
    }
}

/// Issuer ranges, most specific first; the first rule whose prefix range and length both
/// match names the brand.
const CARD_RULES: &[CardRule] = &[
    rule("amex", 2, 34, 34, len1(15)),
    rule("amex", 2, 37, 37, len1(15)),
    rule("visa", 1, 4, 4, len1(13) | len1(16) | len1(19)),
    rule("mir", 4, 2200, 2204, lens(16, 19)),
    rule("mastercard", 2, 51, 55, len1(16)),
    rule("mastercard", 4, 2221, 2720, len1(16)),
    rule("discover", 4, 6011, 6011, lens(16, 19)),
    rule("discover", 3, 644, 649, lens(16, 19)),
    rule("discover", 2, 65, 65, lens(16, 19)),
    rule("discover", 6, 622_126, 622_925, lens(16, 19)),
    rule("jcb", 4, 3528, 3589, lens(16, 19)),
    rule("diners", 3, 300, 305, lens(14, 19)),
    rule("diners", 2, 36, 36, lens(14, 19)),
    rule("diners", 2, 38, 39, lens(14, 19)),
    rule("unionpay", 2, 62, 62, lens(16, 19)),
    rule("rupay", 2, 60, 60, len1(16)),
    rule("rupay", 2, 65, 65, len1(16)),
    rule("rupay", 2, 81, 82, len1(16)),
    rule("rupay", 3, 508, 508, len1(16)),
    rule("rupay", 3, 353, 353, len1(16)),
    rule("rupay", 3, 356, 356, len1(16)),
    // Maestro: 50 and 56–69 where nothing above matched (this covers 6759 and 6761–6763).
    rule("maestro", 2, 50, 50, lens(12, 19)),
    rule("maestro", 2, 56, 69, lens(12, 19)),
    rule("uatp", 1, 1, 1, len1(15)),
];

/// The card brand whose issuer range and length match `digits` (values `0..=9`), one of
/// `visa`, `mastercard`, `amex`, `discover`, `jcb`, `diners`, `unionpay`, `maestro`,
/// `mir`, `rupay`, `uatp`. Does not check Luhn.
pub fn card_brand(digits: &[u8]) -> Option<&'static str> {
    if !(12..=19).contains(&digits.len()) || digits.iter().any(|&d| d > 9) {
        return None;
    }
    let len_bit = 1u32 << digits.len();
    CARD_RULES
        .iter()
        .find(|r| {
            let p = num(digits.get(..r.prefix_len).unwrap_or(&[]));
            r.lengths & len_bit != 0 && (r.lo..=r.hi).contains(&p)
        })
        .map(|r| r.brand)
}

/// A payment card number: 13–19 digits, optionally in groups of 2–6 digits split by
/// single spaces or single dashes (one kind only, at most 5 groups), Luhn-valid, of a
/// known brand and not all one digit. Returns the brand.
pub fn is_card(s: &str) -> Option<&'static str> {
    let g = groups(s, b" -")?;
    let d = g.digits();
    if !(13..=19).contains(&d.len()) {
        return None;
    }
    if g.count > 1 && (g.count > 5 || g.sizes().iter().any(|&n| !(2..=6).contains(&n))) {
        return None;
    }
    if all_same(d) || !luhn(d) {
        return None;
    }
    card_brand(d)
}

// ---------------------------------------------------------------------------------------
// Bank accounts
// ---------------------------------------------------------------------------------------

/// Country, IBAN length and BBAN structure from the SWIFT IBAN registry. In the structure,
/// `n` is digits, `a` upper-case letters and `c` upper-case letters or digits.
const IBAN_FORMATS: &[(&str, u8, &str)] = &[
    ("AD", 24, "8n12c"),
    ("AE", 23, "19n"),
    ("AL", 28, "8n16c"),
    ("AT", 20, "16n"),
    ("AZ", 28, "4a20c"),
    ("BA", 20, "16n"),
    ("BE", 16, "12n"),
    ("BG", 22, "4a6n8c"),
    ("BH", 22, "4a14c"),
    ("BI", 27, "23n"),
    ("BR", 29, "23n1a1c"),
    ("BY", 28, "4c4n16c"),
    ("CH", 21, "5n12c"),
    ("CR", 22, "18n"),
    ("CY", 28, "8n16c"),
    ("CZ", 24, "20n"),
    ("DE", 22, "18n"),
    ("DJ", 27, "23n"),
    ("DK", 18, "14n"),
    ("DO", 28, "4c20n"),
    ("EE", 20, "16n"),
    ("EG", 29, "25n"),
    ("ES", 24, "20n"),
    ("FI", 18, "14n"),
    ("FK", 18, "2a12n"),
    ("FO", 18, "14n"),
    ("FR", 27, "10n11c2n"),
    ("GB", 22, "4a14n"),
    ("GE", 22, "2a16n"),
    ("GI", 23, "4a15c"),
    ("GL", 18, "14n"),
    ("GR", 27, "7n16c"),
    ("GT", 28, "24c"),
    ("HN", 28, "4a20n"),
    ("HR", 21, "17n"),
    ("HU", 28, "24n"),
    ("IE", 22, "4a14n"),
    ("IL", 23, "19n"),
    ("IQ", 23, "4a15n"),
    ("IS", 26, "22n"),
    ("IT", 27, "1a10n12c"),
    ("JO", 30, "4a4n18c"),
    ("KW", 30, "4a22c"),
    ("KZ", 20, "3n13c"),
    ("LB", 28, "4n20c"),
    ("LC", 32, "4a24c"),
    ("LI", 21, "5n12c"),
    ("LT", 20, "16n"),
    ("LU", 20, "3n13c"),
    ("LV", 21, "4a13c"),
    ("LY", 25, "21n"),
    ("MC", 27, "10n11c2n"),
    ("MD", 24, "20c"),
    ("ME", 22, "18n"),
    ("MK", 19, "3n10c2n"),
    ("MN", 20, "16n"),
    ("MR", 27, "23n"),
    ("MT", 31, "4a5n18c"),
    ("MU", 30, "4a19n3a"),
    ("NI", 28, "4a20n"),
    ("NL", 18, "4a10n"),
    ("NO", 15, "11n"),
    ("OM", 23, "3n16c"),
    ("PK", 24, "4a16c"),
    ("PL", 28, "24n"),
    ("PS", 29, "4a21c"),
    ("PT", 25, "21n"),
    ("QA", 29, "4a21c"),
    ("RO", 24, "4a16c"),
    ("RS", 22, "18n"),
    ("RU", 33, "14n15c"),
    ("SA", 24, "2n18c"),
    ("SC", 31, "4a20n3a"),
    ("SD", 18, "14n"),
    ("SE", 24, "20n"),
    ("SI", 19, "15n"),
    ("SK", 24, "20n"),
    ("SM", 27, "1a10n12c"),
    ("SO", 23, "19n"),
    ("ST", 25, "21n"),
    ("SV", 28, "4a20n"),
    ("TL", 23, "19n"),
    ("TN", 24, "20n"),
    ("TR", 26, "6n16c"),
    ("UA", 29, "6n19c"),
    ("VA", 22, "18n"),
    ("VG", 24, "4a16n"),
    ("XK", 20, "16n"),
    ("YE", 30, "4a4n18c"),
];

/// Longest IBAN of any country.
const IBAN_MAX: usize = 34;

fn iban_format(country: &[u8]) -> Option<(usize, &'static str)> {
    let [a, b] = <[u8; 2]>::try_from(country).ok()?;
    let code = [a.to_ascii_uppercase(), b.to_ascii_uppercase()];
    IBAN_FORMATS
        .iter()
        .find(|(c, _, _)| c.as_bytes() == code)
        .map(|&(_, len, bban)| (usize::from(len), bban))
}

/// The IBAN length of a country (two letters, either case) per the SWIFT registry.
pub fn iban_length(country: &str) -> Option<usize> {
    iban_format(country.as_bytes()).map(|(len, _)| len)
}

/// Whether `bban` (upper-case) follows a registry structure like `4a6n8c`.
fn bban_matches(spec: &str, bban: &[u8]) -> bool {
    let mut pos = 0usize;
    let mut count = 0usize;
    for &c in spec.as_bytes() {
        if c.is_ascii_digit() {
            count = count * 10 + usize::from(c - b'0');
            continue;
        }
        let Some(part) = bban.get(pos..pos + count) else {
            return false;
        };
        let ok = match c {
            b'n' => part.iter().all(u8::is_ascii_digit),
            b'a' => part.iter().all(u8::is_ascii_uppercase),
            b'c' => part
                .iter()
                .all(|b| b.is_ascii_digit() || b.is_ascii_uppercase()),
            _ => false,
        };
        if !ok {
            return false;
        }
        pos += count;
        count = 0;
    }
    pos == bban.len()
}

/// An IBAN: a registry country code, two check digits (02–98) and a BBAN of that
/// country's length and structure, with ISO 7064 mod 97 = 1. Letters may be all
/// upper-case or all lower-case. Single spaces or single dashes (one kind only) may
/// separate any characters after the first four (country code and check digits).
pub fn iban(s: &str) -> bool {
    let mut buf = [0u8; IBAN_MAX];
    let mut n = 0usize;
    let mut sep = None;
    let mut prev_sep = true;
    let (mut upper, mut lower) = (false, false);
    for &b in s.as_bytes() {
        if b == b' ' || b == b'-' {
            if prev_sep || n < 4 || sep.is_some_and(|p| p != b) {
                return false;
            }
            sep = Some(b);
            prev_sep = true;
            continue;
        }
        if !b.is_ascii_alphanumeric() {
            return false;
        }
        upper |= b.is_ascii_uppercase();
        lower |= b.is_ascii_lowercase();
        let Some(slot) = buf.get_mut(n) else {
            return false;
        };
        *slot = b.to_ascii_uppercase();
        n += 1;
        prev_sep = false;
    }
    if prev_sep || (upper && lower) {
        return false;
    }
    let Some(iban) = buf.get(..n) else {
        return false;
    };
    let Some((head, bban)) = iban.split_at_checked(4) else {
        return false;
    };
    let Ok([c0, c1, k0, k1]) = <[u8; 4]>::try_from(head) else {
        return false;
    };
    let Some((len, spec)) = iban_format(&[c0, c1]) else {
        return false;
    };
    if len != n || !k0.is_ascii_digit() || !k1.is_ascii_digit() {
        return false;
    }
    let check_value = num(&[k0 - b'0', k1 - b'0']);
    if !(2..=98).contains(&check_value) || !bban_matches(spec, bban) {
        return false;
    }
    let mut rem = 0u32;
    for &c in bban.iter().chain(head) {
        rem = if c.is_ascii_digit() {
            (rem * 10 + u32::from(c - b'0')) % 97
        } else {
            (rem * 100 + u32::from(c - b'A') + 10) % 97
        };
    }
    rem == 1
}

/// A US ABA routing number: 9 digits, plain or written `dddd-dddd-d`, with the 3-7-1
/// checksum, a Federal Reserve prefix (00–12, 21–32, 61–72, 80) and not all zeros.
pub fn aba_routing(s: &str) -> bool {
    let Some(g) = groups(s, b"-") else {
        return false;
    };
    let Some(d) = g.fixed::<9>().filter(|_| g.layout_in(&[&[9], &[4, 4, 1]])) else {
        return false;
    };
    let prefix = num(&d[..2]);
    let prefix_ok = matches!(prefix, 0..=12 | 21..=32 | 61..=72 | 80);
    prefix_ok
        && d.iter().any(|&x| x != 0)
        && weighted(&d, &[3, 7, 1, 3, 7, 1, 3, 7, 1]).is_multiple_of(10)
}

// ---------------------------------------------------------------------------------------
// United States
// ---------------------------------------------------------------------------------------

/// Nine digits in the SSN/ITIN layouts `ddddddddd`, `ddd-dd-dddd`, `ddd-dddddd` or
/// `ddddd-dddd`, with space, `-` or `.` as the (single, consistent) separator.
fn ssn_digits(s: &str) -> Option<[u8; 9]> {
    let g = groups(s, b"- .")?;
    g.fixed::<9>()
        .filter(|_| g.layout_in(&[&[9], &[3, 2, 4], &[3, 6], &[5, 4]]))
}

/// A US Social Security number (see the layouts of `ssn_digits`): area not 000, 666 or
/// 900–999, group not 00, serial not 0000, not all one digit and not one of the
/// well-known void numbers 078-05-1120, 219-09-9999 and 123-45-6789.
pub fn ssn(s: &str) -> bool {
    let Some(d) = ssn_digits(s) else {
        return false;
    };
    let (area, group, serial) = (num(&d[..3]), num(&d[3..5]), num(&d[5..]));
    let whole = num(&d);
    area != 0
        && area != 666
        && area < 900
        && group != 0
        && serial != 0
        && !all_same(&d)
        && !matches!(whole, 78_051_120 | 219_099_999 | 123_456_789)
}

/// A US ITIN: `9dd-gg-dddd` (same layouts as [`ssn`]) with the group `gg` in 50–65,
/// 70–88, 90–92 or 94–99.
pub fn us_itin(s: &str) -> bool {
    let Some(d) = ssn_digits(s) else {
        return false;
    };
    d[0] == 9 && matches!(num(&d[3..5]), 50..=65 | 70..=88 | 90..=92 | 94..=99)
}

/// Letters allowed in a Medicare Beneficiary Identifier (no S, L, O, I, B, Z).
fn mbi_letter(c: u8) -> bool {
    c.is_ascii_uppercase() && !matches!(c, b'S' | b'L' | b'O' | b'I' | b'B' | b'Z')
}

/// A US Medicare Beneficiary Identifier: 11 characters `C A AN N A AN N A A N N` (C is
/// 1–9, N a digit, A a letter other than S, L, O, I, B, Z), either case, plain or written
/// `XXXX-XXX-XXXX`.
pub fn us_mbi(s: &str) -> bool {
    let b = s.as_bytes();
    let mut buf = [0u8; 11];
    match b.len() {
        11 => buf.copy_from_slice(b),
        13 if b[4] == b'-' && b[8] == b'-' => {
            buf[..4].copy_from_slice(&b[..4]);
            buf[4..7].copy_from_slice(&b[5..8]);
            buf[7..].copy_from_slice(&b[9..]);
        }
        _ => return false,
    }
    buf.make_ascii_uppercase();
    let n = |c: u8| c.is_ascii_digit();
    let an = |c: u8| c.is_ascii_digit() || mbi_letter(c);
    matches!(buf[0], b'1'..=b'9')
        && mbi_letter(buf[1])
        && an(buf[2])
        && n(buf[3])
        && mbi_letter(buf[4])
        && an(buf[5])
        && n(buf[6])
        && mbi_letter(buf[7])
        && mbi_letter(buf[8])
        && n(buf[9])
        && n(buf[10])
}

// ---------------------------------------------------------------------------------------
// United Kingdom, Canada, Australia
// ---------------------------------------------------------------------------------------

/// A UK NHS number: 10 digits, plain or `ddd ddd dddd` (spaces or dashes), mod 11 check
/// with weights 10..2 (check 11 → 0, 10 is never issued); not all one digit.
pub fn uk_nhs(s: &str) -> bool {
    let Some(g) = groups(s, b" -") else {
        return false;
    };
    let Some(d) = g
        .fixed::<10>()
        .filter(|_| g.layout_in(&[&[10], &[3, 3, 4]]))
    else {
        return false;
    };
    let check = match 11 - weighted(&d, &[10, 9, 8, 7, 6, 5, 4, 3, 2]) % 11 {
        11 => 0,
        10 => return false,
        c => c,
    };
    !all_same(&d) && check == u32::from(d[9])
}

/// A UK National Insurance number: two prefix letters (first not D, F, I, Q, U, V;
/// second not D, F, I, O, Q, U, V; not BG, GB, KN, NK, NT, TN, ZZ), six digits and a
/// suffix A–D. Case-insensitive; single spaces may separate the prefix, the digit pairs
/// and the suffix.
pub fn uk_nino(s: &str) -> bool {
    let mut buf = [0u8; 9];
    let mut n = 0usize;
    let mut prev_space = true;
    for &b in s.as_bytes() {
        if b == b' ' {
            if prev_space || !matches!(n, 2 | 4 | 6 | 8) {
                return false;
            }
            prev_space = true;
            continue;
        }
        let Some(slot) = buf.get_mut(n) else {
            return false;
        };
        *slot = b.to_ascii_uppercase();
        n += 1;
        prev_space = false;
    }
    if n != 9 || prev_space {
        return false;
    }
    let (p0, p1) = (buf[0], buf[1]);
    p0.is_ascii_uppercase()
        && p1.is_ascii_uppercase()
        && !matches!(p0, b'D' | b'F' | b'I' | b'Q' | b'U' | b'V')
        && !matches!(p1, b'D' | b'F' | b'I' | b'O' | b'Q' | b'U' | b'V')
        && !matches!(
            &buf[..2],
            b"BG" | b"GB" | b"KN" | b"NK" | b"NT" | b"TN" | b"ZZ"
        )
        && buf[2..8].iter().all(u8::is_ascii_digit)
        && matches!(buf[8], b'A'..=b'D')
}

/// A Canadian Social Insurance Number: 9 digits, plain or `ddd ddd ddd` (spaces or
/// dashes), Luhn-valid, first digit not 0 or 8, not all one digit.
pub fn ca_sin(s: &str) -> bool {
    let Some(g) = groups(s, b" -") else {
        return false;
    };
    let Some(d) = g.fixed::<9>().filter(|_| g.layout_in(&[&[9], &[3, 3, 3]])) else {
        return false;
    };
    d[0] != 0 && d[0] != 8 && !all_same(&d) && luhn(&d)
}

/// An Australian Tax File Number: 9 digits, plain or `ddd ddd ddd` (spaces or dashes),
/// weights 1, 4, 3, 7, 5, 8, 6, 9, 10 summing to a multiple of 11; not all one digit.
pub fn au_tfn(s: &str) -> bool {
    let Some(g) = groups(s, b" -") else {
        return false;
    };
    let Some(d) = g.fixed::<9>().filter(|_| g.layout_in(&[&[9], &[3, 3, 3]])) else {
        return false;
    };
    !all_same(&d) && weighted(&d, &[1, 4, 3, 7, 5, 8, 6, 9, 10]).is_multiple_of(11)
}

/// An Australian Medicare number: 10 digits (8 identifying digits, a check digit and an
/// issue number 1–9), optionally followed by a one-digit individual reference number;
/// plain or `dddd ddddd d[ d]` (spaces or dashes). First digit 2–6; the check digit is
/// the sum of the first 8 digits weighted 1, 3, 7, 9, 1, 3, 7, 9, mod 10.
pub fn au_medicare(s: &str) -> bool {
    let Some(g) = groups(s, b" -") else {
        return false;
    };
    if !g.layout_in(&[&[10], &[11], &[4, 5, 1], &[4, 5, 1, 1], &[4, 5, 2]]) {
        return false;
    }
    let d = g.digits();
    let (Some(&first), Some(&check), Some(&issue)) = (d.first(), d.get(8), d.get(9)) else {
        return false;
    };
    let irn_ok = d.get(10).is_none_or(|&r| r != 0);
    (2..=6).contains(&first)
        && issue != 0
        && irn_ok
        && weighted(d, &[1, 3, 7, 9, 1, 3, 7, 9]) % 10 == u32::from(check)
}

// ---------------------------------------------------------------------------------------
// India
// ---------------------------------------------------------------------------------------

/// An Indian Aadhaar number: 12 digits, plain or `dddd dddd dddd` (space, dash or `:`),
/// first digit 2–9, Verhoeff-valid, not a palindrome, and the first 11 digits not all one
/// digit (a trivial payload whatever its check digit).
pub fn in_aadhaar(s: &str) -> bool {
    let Some(g) = groups(s, b" -:") else {
        return false;
    };
    let Some(d) = g
        .fixed::<12>()
        .filter(|_| g.layout_in(&[&[12], &[4, 4, 4]]))
    else {
        return false;
    };
    let palindrome = d.iter().eq(d.iter().rev());
    d[0] >= 2 && !all_same(&d[..11]) && !palindrome && verhoeff(&d)
}

/// An Indian PAN: `AAAAA9999A` with the fourth letter (holder type) one of P, C, H, F, A,
/// T, B, L, J, G. Letters all upper-case or all lower-case.
pub fn in_pan(s: &str) -> bool {
    let b = s.as_bytes();
    if b.len() != 10
        || (b.iter().any(u8::is_ascii_uppercase) && b.iter().any(u8::is_ascii_lowercase))
    {
        return false;
    }
    let Some(u) = upper_fixed::<10>(s) else {
        return false;
    };
    u[..5].iter().all(u8::is_ascii_uppercase)
        && matches!(
            u[3],
            b'P' | b'C' | b'H' | b'F' | b'A' | b'T' | b'B' | b'L' | b'J' | b'G'
        )
        && u[5..9].iter().all(u8::is_ascii_digit)
        && u[9].is_ascii_uppercase()
}

// ---------------------------------------------------------------------------------------
// Spain, Italy
// ---------------------------------------------------------------------------------------

const DNI_LETTERS: &[u8; 23] = b"TRWAGMYFPDXBNJZSQVHLCKE";

/// Parses `<digits><optional '-' or ' '><letter>` with `min..=8` digits; returns the
/// number and the upper-cased letter.
fn number_and_letter(s: &[u8], min: usize) -> Option<(u32, u8)> {
    let (&letter, rest) = s.split_last()?;
    let rest = match rest.split_last() {
        Some((b'-' | b' ', r)) => r,
        _ => rest,
    };
    if !(min..=8).contains(&rest.len()) || !rest.iter().all(u8::is_ascii_digit) {
        return None;
    }
    let value = rest
        .iter()
        .fold(0u32, |acc, &c| acc * 10 + u32::from(c - b'0'));
    letter
        .is_ascii_alphabetic()
        .then_some((value, letter.to_ascii_uppercase()))
}

fn dni_letter_ok(value: u32, letter: u8) -> bool {
    usize::try_from(value % 23)
        .ok()
        .and_then(|i| DNI_LETTERS.get(i))
        == Some(&letter)
}

/// A Spanish DNI/NIF: 8 digits (7 are accepted, as older numbers are often written
/// without the leading zero), an optional `-` or space, and the control letter
/// `TRWAGMYFPDXBNJZSQVHLCKE[n mod 23]`, either case.
pub fn es_dni(s: &str) -> bool {
    number_and_letter(s.as_bytes(), 7).is_some_and(|(v, l)| dni_letter_ok(v, l))
}

/// A Spanish NIE: X, Y or Z (either case; read as 0, 1, 2), 7 digits, an optional `-`
/// or space, and the DNI control letter of the resulting 8-digit number.
pub fn es_nie(s: &str) -> bool {
    let Some((&first, rest)) = s.as_bytes().split_first() else {
        return false;
    };
    let lead = match first.to_ascii_uppercase() {
        b'X' => 0,
        b'Y' => 1,
        b'Z' => 2,
        _ => return false,
    };
    let digit_count = rest.iter().take_while(|c| c.is_ascii_digit()).count();
    digit_count == 7
        && number_and_letter(rest, 7).is_some_and(|(v, l)| dni_letter_ok(lead * 10_000_000 + v, l))
}

/// Digit value of a codice fiscale digit position, with the omocodia letters L–V.
fn cf_digit(c: u8) -> Option<u32> {
    match c {
        b'0'..=b'9' => Some(u32::from(c - b'0')),
        _ => b"LMNPQRSTUV"
            .iter()
            .position(|&x| x == c)
            .and_then(|p| u32::try_from(p).ok()),
    }
}

/// Values of the odd positions (1st, 3rd, …) for `A`–`Z`; digit `d` counts as letter `d`.
const CF_ODD: [u32; 26] = [
    1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23,
];

/// The check character of the first 15 (upper-case) characters of a codice fiscale.
fn cf_check(body: &[u8]) -> Option<u8> {
    let mut sum = 0u32;
    for (i, &c) in body.iter().enumerate() {
        let idx = match c {
            b'0'..=b'9' => c - b'0',
            b'A'..=b'Z' => c - b'A',
            _ => return None,
        };
        sum += if i % 2 == 0 {
            *CF_ODD.get(usize::from(idx))?
        } else {
            u32::from(idx)
        };
    }
    u8::try_from(sum % 26).ok().map(|r| b'A' + r)
}

/// Whether `s` has the shape of an Italian codice fiscale, without checking the final
/// check character: 16 characters `LLLLLL DD L DD L DDD L` (either case; digit positions
/// may use the omocodia letters L M N P Q R S T U V), a month letter (A B C D E H L M P R
/// S T), a day 1–31 or 41–71 (women) valid for the month, and a town code (A–M or Z and
/// not 000).
pub fn it_codice_fiscale_shape(s: &str) -> bool {
    let Some(u) = upper_fixed::<16>(s) else {
        return false;
    };
    let letter = |i: usize| u[i].is_ascii_uppercase();
    if !(0..6).all(letter) || !letter(11) || !letter(15) {
        return false;
    }
    let mut v = [0u32; 7];
    for (slot, &i) in v.iter_mut().zip(&[6usize, 7, 9, 10, 12, 13, 14]) {
        match cf_digit(u[i]) {
            Some(x) => *slot = x,
            None => return false,
        }
    }
    let Some(month) = b"ABCDEHLMPRST".iter().position(|&m| m == u[8]) else {
        return false;
    };
    let month = u32::try_from(month).map_or(0, |m| m + 1);
    let year = v[0] * 10 + v[1];
    let mut day = v[2] * 10 + v[3];
    if day > 40 {
        day -= 40;
    }
    let town = v[4] * 100 + v[5] * 10 + v[6];
    let town_letter_ok = matches!(u[11], b'A'..=b'M' | b'Z');
    valid_date_yy(year, month, day) && town_letter_ok && town != 0
}

/// An Italian codice fiscale: [`it_codice_fiscale_shape`] plus the check character
/// computed with the official odd/even tables.
pub fn it_codice_fiscale(s: &str) -> bool {
    it_codice_fiscale_shape(s)
        && upper_fixed::<16>(s).is_some_and(|u| cf_check(&u[..15]) == Some(u[15]))
}

// ---------------------------------------------------------------------------------------
// Other national identifiers
// ---------------------------------------------------------------------------------------

/// A Polish PESEL: 11 digits `YYMMDDZZZXQ`; the month carries the century (+80 for
/// 1800s, +0 1900s, +20 2000s, +40 2100s, +60 2200s), the date must exist, and the check
/// digit uses weights 1, 3, 7, 9, 1, 3, 7, 9, 1, 3.
pub fn pl_pesel(s: &str) -> bool {
    let Some(d) = groups(s, b"").and_then(|g| g.fixed::<11>()) else {
        return false;
    };
    let (yy, mm, dd) = (num(&d[..2]), num(&d[2..4]), num(&d[4..6]));
    let (century, month) = match mm {
        81..=92 => (1800, mm - 80),
        1..=12 => (1900, mm),
        21..=32 => (2000, mm - 20),
        41..=52 => (2100, mm - 40),
        61..=72 => (2200, mm - 60),
        _ => return false,
    };
    let check = (10 - weighted(&d, &[1, 3, 7, 9, 1, 3, 7, 9, 1, 3]) % 10) % 10;
    valid_date(century + yy, month, dd) && check == u32::from(d[10])
}

const HETU_CHECK: &[u8; 31] = b"0123456789ABCDEFHJKLMNPRSTUVWXY";

/// A Finnish henkilötunnus `DDMMYYCZZZQ`: century sign `+` (1800s), `-` `Y` `X` `W` `V`
/// `U` (1900s) or `A`–`F` (2000s), an existing date, individual number 002–999 and the
/// check character `0123456789ABCDEFHJKLMNPRSTUVWXY[DDMMYYZZZ mod 31]`. Letters in either
/// case.
pub fn fi_hetu(s: &str) -> bool {
    let Some(u) = upper_fixed::<11>(s) else {
        return false;
    };
    let digits_ok = u[..6].iter().chain(&u[7..10]).all(u8::is_ascii_digit);
    if !digits_ok {
        return false;
    }
    let century = match u[6] {
        b'+' => 1800,
        b'-' | b'Y' | b'X' | b'W' | b'V' | b'U' => 1900,
        b'A'..=b'F' => 2000,
        _ => return false,
    };
    let mut d = [0u8; 9];
    for (slot, &c) in d.iter_mut().zip(u[..6].iter().chain(&u[7..10])) {
        *slot = c - b'0';
    }
    let (dd, mm, yy) = (num(&d[..2]), num(&d[2..4]), num(&d[4..6]));
    let individual = num(&d[6..]);
    let check = usize::try_from(num(&d) % 31)
        .ok()
        .and_then(|i| HETU_CHECK.get(i));
    valid_date(century + yy, mm, dd) && individual >= 2 && check == Some(&u[10])
}

/// A Swedish personnummer (or samordningsnummer, day + 60): `YYMMDD-NNNN`,
/// `YYMMDD+NNNN`, `YYMMDDNNNN`, `YYYYMMDDNNNN` or `YYYYMMDD-NNNN` (century 18–20); the
/// date must exist and the last 10 digits must pass Luhn.
pub fn se_personnummer(s: &str) -> bool {
    let mut d = [0u8; 12];
    let mut n = 0usize;
    let mut sep: Option<(usize, u8)> = None;
    for &c in s.as_bytes() {
        if c.is_ascii_digit() {
            let Some(slot) = d.get_mut(n) else {
                return false;
            };
            *slot = c - b'0';
            n += 1;
        } else if (c == b'-' || c == b'+') && sep.is_none() {
            sep = Some((n, c));
        } else {
            return false;
        }
    }
    let (century, ten) = match (n, sep) {
        (10, None | Some((6, _))) => (None, &d[..10]),
        (12, None | Some((8, b'-'))) => (Some(num(&d[..2])), &d[2..]),
        _ => return false,
    };
    let (yy, mm, mut dd) = (num(&ten[..2]), num(&ten[2..4]), num(&ten[4..6]));
    if dd > 60 {
        dd -= 60;
    }
    let date_ok = match century {
        Some(c @ 18..=20) => valid_date(c * 100 + yy, mm, dd),
        Some(_) => false,
        None => valid_date_yy(yy, mm, dd),
    };
    date_ok && luhn(ten)
}

/// Parses `[STFGM]ddddddd[A-Z]` (either case): the prefix, the 7 digits and the letter.
fn sg_parts(s: &str) -> Option<(u8, [u8; 7], u8)> {
    let u = upper_fixed::<9>(s)?;
    if !matches!(u[0], b'S' | b'T' | b'F' | b'G' | b'M') || !u[8].is_ascii_uppercase() {
        return None;
    }
    let mut d = [0u8; 7];
    for (slot, &c) in d.iter_mut().zip(&u[1..8]) {
        if !c.is_ascii_digit() {
            return None;
        }
        *slot = c - b'0';
    }
    Some((u[0], d, u[8]))
}

/// Whether `s` has the shape of a Singapore NRIC/FIN (`S`, `T`, `F`, `G` or `M`, 7 digits
/// and a letter, either case) without checking the check letter.
pub fn sg_nric_shape(s: &str) -> bool {
    sg_parts(s).is_some()
}

/// A Singapore NRIC/FIN: [`sg_nric_shape`] plus the check letter (weights 2, 7, 6, 5, 4,
/// 3, 2; +4 for T and G, +3 for M; tables `JZIHGFEDCBA` for S/T, `XWUTRQPNMLK` for F/G
/// and `XWUTRQPNJLK` for M).
pub fn sg_nric(s: &str) -> bool {
    let Some((prefix, d, letter)) = sg_parts(s) else {
        return false;
    };
    let (offset, table): (u32, &[u8; 11]) = match prefix {
        b'S' => (0, b"JZIHGFEDCBA"),
        b'T' => (4, b"JZIHGFEDCBA"),
        b'F' => (0, b"XWUTRQPNMLK"),
        b'G' => (4, b"XWUTRQPNMLK"),
        _ => (3, b"XWUTRQPNJLK"),
    };
    let r = (weighted(&d, &[2, 7, 6, 5, 4, 3, 2]) + offset) % 11;
    usize::try_from(r).ok().and_then(|i| table.get(i)) == Some(&letter)
}

/// A South African ID number: 13 digits (plain or `dddddd dddd ddd`, spaces or dashes):
/// an existing birth date `YYMMDD`, citizenship digit 0–2 in 11th place, and Luhn-valid.
pub fn za_id(s: &str) -> bool {
    let Some(g) = groups(s, b" -") else {
        return false;
    };
    let Some(d) = g
        .fixed::<13>()
        .filter(|_| g.layout_in(&[&[13], &[6, 4, 3]]))
    else {
        return false;
    };
    valid_date_yy(num(&d[..2]), num(&d[2..4]), num(&d[4..6])) && d[10] <= 2 && luhn(&d)
}

/// A Turkish T.C. Kimlik No: 11 digits, first not 0; the 10th digit is
/// `(7 × (d1+d3+d5+d7+d9) − (d2+d4+d6+d8)) mod 10` and the 11th the sum of the first
/// ten mod 10.
pub fn tr_tckn(s: &str) -> bool {
    let Some(d) = groups(s, b"").and_then(|g| g.fixed::<11>()) else {
        return false;
    };
    let odd: i32 = [d[0], d[2], d[4], d[6], d[8]]
        .iter()
        .map(|&x| i32::from(x))
        .sum();
    let even: i32 = [d[1], d[3], d[5], d[7]].iter().map(|&x| i32::from(x)).sum();
    let tenth = (odd * 7 - even).rem_euclid(10);
    let first_ten: u32 = d[..10].iter().map(|&x| u32::from(x)).sum();
    d[0] != 0 && tenth == i32::from(d[9]) && first_ten % 10 == u32::from(d[10])
}

/// 13 digits written `YYMMDD-GNNNNNN` or plain, whose birth date (century from the
/// gender digit G: 1, 2, 5, 6 → 1900s; 3, 4, 7, 8 → 2000s; 9, 0 → 1800s) exists.
fn kr_digits(s: &str) -> Option<[u8; 13]> {
    let g = groups(s, b"-")?;
    let d = g.fixed::<13>().filter(|_| g.layout_in(&[&[13], &[6, 7]]))?;
    let century = match d[6] {
        1 | 2 | 5 | 6 => 1900,
        3 | 4 | 7 | 8 => 2000,
        _ => 1800,
    };
    // `111111-1111111` has a date too: a placeholder, not a number.
    (valid_date(century + num(&d[..2]), num(&d[2..4]), num(&d[4..6])) && !all_same(&d)).then_some(d)
}

/// A Korean resident registration number `YYMMDD-GNNNNNN` (dash optional): an existing
/// birth date and a citizen gender digit 1–4. The check digit is not required, since
/// numbers issued from October 2020 have none; see [`kr_rrn_checksum`].
pub fn kr_rrn(s: &str) -> bool {
    kr_digits(s).is_some_and(|d| (1..=4).contains(&d[6]))
}

/// A [`kr_rrn`] whose last digit is also the pre-2020 check digit
/// `(11 − Σ dᵢ·wᵢ mod 11) mod 10`, weights 2 3 4 5 6 7 8 9 2 3 4 5.
pub fn kr_rrn_checksum(s: &str) -> bool {
    kr_digits(s).is_some_and(|d| {
        let sum = weighted(&d, &[2, 3, 4, 5, 6, 7, 8, 9, 2, 3, 4, 5]);
        (1..=4).contains(&d[6]) && (11 - sum % 11) % 10 == u32::from(d[12])
    })
}

/// A Korean foreign registration number: like [`kr_rrn`] but with a foreigner's gender
/// digit 5–8.
pub fn kr_frn(s: &str) -> bool {
    kr_digits(s).is_some_and(|d| (5..=8).contains(&d[6]))
}

/// A German Steuer-Identifikationsnummer: 11 digits (plain or `dd ddd ddd ddd`), first
/// not 0, ISO 7064 MOD 11,10 check digit, and in the first ten digits no digit more than
/// three times and at most one digit repeated. Ten distinct digits are tolerated here
/// (real numbers never have them; see [`de_tax_id_strict`]).
pub fn de_tax_id(s: &str) -> bool {
    de_tax_digits(s).is_some_and(|(d, counts)| {
        let repeated = counts.iter().filter(|&&c| c >= 2).count();
        d[0] != 0 && repeated <= 1 && counts.iter().all(|&c| c <= 3) && iso7064_mod11_10(&d)
    })
}

/// [`de_tax_id`] with the official occurrence rule: in the first ten digits exactly one
/// digit occurs two or three times (and if three, not all three in a row), every other at
/// most once.
pub fn de_tax_id_strict(s: &str) -> bool {
    de_tax_digits(s).is_some_and(|(d, counts)| {
        let repeated = counts.iter().filter(|&&c| c >= 2).count();
        let triple_run = d[..10].windows(3).any(|w| w[0] == w[1] && w[1] == w[2]);
        d[0] != 0
            && repeated == 1
            && counts.iter().all(|&c| c <= 3)
            && !triple_run
            && iso7064_mod11_10(&d)
    })
}

fn de_tax_digits(s: &str) -> Option<([u8; 11], [u8; 10])> {
    let g = groups(s, b" ")?;
    let d = g
        .fixed::<11>()
        .filter(|_| g.layout_in(&[&[11], &[2, 3, 3, 3]]))?;
    let mut counts = [0u8; 10];
    for &x in &d[..10] {
        *counts.get_mut(usize::from(x))? += 1;
    }
    Some((d, counts))
}

/// Second and third digits of a Thai ID that are no province code.
fn th_province_ok(code: u32) -> bool {
    (10..=99).contains(&code)
        && !matches!(code, 28 | 29 | 59 | 68 | 69 | 78 | 79 | 87..=89 | 97..=99)
}

/// A Thai national ID: 13 digits (plain or `d-dddd-ddddd-dd-d`, dashes or spaces), first
/// digit not 0, digits 2–3 a province code (10–27, 30–58, 60–67, 70–77, 80–86, 90–96),
/// check digit `(11 − Σ dᵢ·(13−i) mod 11) mod 10`.
pub fn th_tnin(s: &str) -> bool {
    let Some(g) = groups(s, b"- ") else {
        return false;
    };
    let Some(d) = g
        .fixed::<13>()
        .filter(|_| g.layout_in(&[&[13], &[1, 4, 5, 2, 1]]))
    else {
        return false;
    };
    let sum = weighted(&d, &[13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
    d[0] != 0 && th_province_ok(num(&d[1..3])) && (11 - sum % 11) % 10 == u32::from(d[12])
}

/// A Nigerian National Identification Number: 11 digits, Verhoeff-valid, not all one
/// digit.
pub fn ng_nin(s: &str) -> bool {
    groups(s, b"")
        .and_then(|g| g.fixed::<11>())
        .is_some_and(|d| !all_same(&d) && verhoeff(&d))
}

// ---------------------------------------------------------------------------------------
// Postcodes
// ---------------------------------------------------------------------------------------

/// A UK postcode in one of the formats A9 9AA, A99 9AA, AA9 9AA, AA99 9AA, A9A 9AA,
/// AA9A 9AA or GIR 0AA; the space is optional, letters either case. First letter not Q,
/// V, X; second letter not I, J, Z; a letter in third place one of A B C D E F G H J K P
/// S T U W, in fourth place one of A B E H M N P R V W X Y; inward letters not C, I, K,
/// M, O, V.
pub fn uk_postcode(s: &str) -> bool {
    let mut buf = [0u8; 7];
    let mut n = 0usize;
    let mut space_at = None;
    for &c in s.as_bytes() {
        if c == b' ' {
            if space_at.is_some() {
                return false;
            }
            space_at = Some(n);
            continue;
        }
        let Some(slot) = buf.get_mut(n) else {
            return false;
        };
        *slot = c.to_ascii_uppercase();
        n += 1;
    }
    if !(5..=7).contains(&n) || space_at.is_some_and(|p| p != n - 3) {
        return false;
    }
    let (out, inward) = buf[..n].split_at(n - 3);
    let inward_letter =
        |c: u8| c.is_ascii_uppercase() && !matches!(c, b'C' | b'I' | b'K' | b'M' | b'O' | b'V');
    if !inward[0].is_ascii_digit() || !inward_letter(inward[1]) || !inward_letter(inward[2]) {
        return false;
    }
    if out == b"GIR" {
        return inward == b"0AA";
    }
    let l = |c: u8| c.is_ascii_uppercase();
    let d = |c: u8| c.is_ascii_digit();
    let first_ok = l(out[0]) && !matches!(out[0], b'Q' | b'V' | b'X');
    let second_ok = |c: u8| l(c) && !matches!(c, b'I' | b'J' | b'Z');
    let third = |c: u8| b"ABCDEFGHJKPSTUW".contains(&c);
    let fourth = |c: u8| b"ABEHMNPRVWXY".contains(&c);
    first_ok
        && match *out {
            [_, a] => d(a),
            [_, a, b] => (d(a) && d(b)) || (second_ok(a) && d(b)) || (d(a) && third(b)),
            [_, a, b, c] => second_ok(a) && d(b) && (d(c) || fourth(c)),
            _ => false,
        }
}

/// A Canadian postal code `A9A 9A9` (space optional, either case): no D, F, I, O, Q or U;
/// the first letter also not W or Z.
pub fn ca_postcode(s: &str) -> bool {
    let b = s.as_bytes();
    let mut buf = [0u8; 6];
    match b.len() {
        6 => buf.copy_from_slice(b),
        7 if b[3] == b' ' => {
            buf[..3].copy_from_slice(&b[..3]);
            buf[3..].copy_from_slice(&b[4..]);
        }
        _ => return false,
    }
    buf.make_ascii_uppercase();
    let letter =
        |c: u8| c.is_ascii_uppercase() && !matches!(c, b'D' | b'F' | b'I' | b'O' | b'Q' | b'U');
    letter(buf[0])
        && !matches!(buf[0], b'W' | b'Z')
        && letter(buf[2])
        && letter(buf[4])
        && buf[1].is_ascii_digit()
        && buf[3].is_ascii_digit()
        && buf[5].is_ascii_digit()
}

/// A Dutch postcode: 1000–9999, an optional space and two letters (either case), not
/// SA, SD or SS.
pub fn nl_postcode(s: &str) -> bool {
    let b = s.as_bytes();
    let (digits, letters) = match b.len() {
        6 => b.split_at(4),
        7 if b[4] == b' ' => (&b[..4], &b[5..]),
        _ => return false,
    };
    let mut l = [0u8; 2];
    l.copy_from_slice(letters);
    l.make_ascii_uppercase();
    matches!(digits[0], b'1'..=b'9')
        && digits.iter().all(u8::is_ascii_digit)
        && l.iter().all(u8::is_ascii_uppercase)
        && !matches!(&l, b"SA" | b"SD" | b"SS")
}

/// A US ZIP code: `12345` or ZIP+4 `12345-6789`, not 00000.
pub fn us_zip(s: &str) -> bool {
    groups(s, b"-")
        .filter(|g| g.layout_in(&[&[5], &[5, 4]]))
        .is_some_and(|g| g.digits().iter().take(5).any(|&x| x != 0))
}

/// A German Postleitzahl: 5 digits in 01001–99998.
pub fn de_plz(s: &str) -> bool {
    groups(s, b"")
        .and_then(|g| g.fixed::<5>())
        .is_some_and(|d| (1001..=99_998).contains(&num(&d)))
}

/// A French code postal: 5 digits whose department is 01–95 (Corsica's 2A/2B are 20xxx),
/// 971–976 (overseas departments) or 980, 984, 986–988 (Monaco and overseas
/// collectivities).
pub fn fr_code_postal(s: &str) -> bool {
    let Some(d) = groups(s, b"").and_then(|g| g.fixed::<5>()) else {
        return false;
    };
    match num(&d[..2]) {
        1..=95 => true,
        97 => (1..=6).contains(&d[2]),
        98 => matches!(d[2], 0 | 4 | 6..=8),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use redact_entity::checksum::{luhn_check_digit, verhoeff_check_digit};

    type TextValidator = fn(&str) -> bool;

    /// Every validator taking text, for the robustness tests.
    const TEXT_VALIDATORS: &[(&str, TextValidator)] = &[
        ("is_card", |s| is_card(s).is_some()),
        ("iban", iban),
        ("aba_routing", aba_routing),
        ("ssn", ssn),
        ("us_itin", us_itin),
        ("us_mbi", us_mbi),
        ("uk_nhs", uk_nhs),
        ("uk_nino", uk_nino),
        ("ca_sin", ca_sin),
        ("au_tfn", au_tfn),
        ("au_medicare", au_medicare),
        ("in_aadhaar", in_aadhaar),
        ("in_pan", in_pan),
        ("es_dni", es_dni),
        ("es_nie", es_nie),
        ("it_codice_fiscale", it_codice_fiscale),
        ("it_codice_fiscale_shape", it_codice_fiscale_shape),
        ("pl_pesel", pl_pesel),
        ("fi_hetu", fi_hetu),
        ("se_personnummer", se_personnummer),
        ("sg_nric", sg_nric),
        ("sg_nric_shape", sg_nric_shape),
        ("za_id", za_id),
        ("tr_tckn", tr_tckn),
        ("kr_rrn", kr_rrn),
        ("kr_rrn_checksum", kr_rrn_checksum),
        ("kr_frn", kr_frn),
        ("de_tax_id", de_tax_id),
        ("de_tax_id_strict", de_tax_id_strict),
        ("th_tnin", th_tnin),
        ("ng_nin", ng_nin),
        ("uk_postcode", uk_postcode),
        ("ca_postcode", ca_postcode),
        ("nl_postcode", nl_postcode),
        ("us_zip", us_zip),
        ("de_plz", de_plz),
        ("fr_code_postal", fr_code_postal),
        ("iban_length", |s| iban_length(s).is_some()),
    ];

    fn d(s: &str) -> Vec<u8> {
        s.bytes().map(|b| b - b'0').collect()
    }

    /// Asserts `f` accepts every `ok` and rejects every `bad`.
    fn check(f: fn(&str) -> bool, ok: &[&str], bad: &[&str]) {
        for s in ok {
            assert!(f(s), "should accept {s:?}");
        }
        for s in bad {
            assert!(!f(s), "should reject {s:?}");
        }
    }

    /// Every single-character digit substitution of `s` must be rejected by `f`.
    fn rejects_every_digit_change(f: fn(&str) -> bool, s: &str) {
        assert!(f(s), "base value {s:?} must be valid");
        let bytes = s.as_bytes();
        for i in 0..bytes.len() {
            if !bytes[i].is_ascii_digit() {
                continue;
            }
            for r in b'0'..=b'9' {
                if r == bytes[i] {
                    continue;
                }
                let mut m = bytes.to_vec();
                m[i] = r;
                let m = String::from_utf8(m).unwrap();
                assert!(!f(&m), "{m:?} (changed from {s:?}) should be rejected");
            }
        }
    }

    /// Independent Luhn check digit (doubling table), used to build test numbers.
    fn luhn_complete(payload: &str) -> String {
        const DOUBLED: [u32; 10] = [0, 2, 4, 6, 8, 1, 3, 5, 7, 9];
        let sum: u32 = payload
            .bytes()
            .rev()
            .enumerate()
            .map(|(i, b)| {
                let v = u32::from(b - b'0');
                if i % 2 == 0 { DOUBLED[v as usize] } else { v }
            })
            .sum();
        format!("{payload}{}", (10 - sum % 10) % 10)
    }

    // ---- helpers ------------------------------------------------------------------

    #[test]
    fn digits_helper() {
        let mut buf = [0u8; 32];
        assert_eq!(
            digits("12 3-4.5/6", &mut buf),
            Some(&[1, 2, 3, 4, 5, 6][..])
        );
        assert_eq!(digits("", &mut buf), Some(&[][..]));
        assert_eq!(digits("12a", &mut buf), None);
        assert_eq!(digits("１２", &mut buf), None);
        assert_eq!(digits(&"1".repeat(32), &mut buf).map(<[u8]>::len), Some(32));
        assert_eq!(digits(&"1".repeat(33), &mut buf), None);
    }

    #[test]
    fn groups_helper() {
        let g = groups("123-45-6789", b"-").unwrap();
        assert_eq!(g.sizes(), &[3, 2, 4]);
        assert_eq!(g.digits(), &d("123456789")[..]);
        assert!(groups("123-45 6789", b"- ").is_none(), "mixed separators");
        assert!(groups("123--456", b"-").is_none(), "doubled");
        assert!(groups("-123", b"-").is_none(), "leading");
        assert!(groups("123-", b"-").is_none(), "trailing");
        assert!(groups("", b"-").is_none());
        assert!(
            groups("1-2-3-4-5-6-7-8-9", b"-").is_none(),
            "more than 8 groups"
        );
        assert!(groups(&"9".repeat(33), b"").is_none());
    }

    #[test]
    fn dates() {
        assert!(valid_date(2000, 2, 29) && !valid_date(1900, 2, 29) && valid_date(2024, 2, 29));
        assert!(!valid_date(2023, 2, 29) && !valid_date(2023, 4, 31) && valid_date(2023, 12, 31));
        assert!(!valid_date(2023, 13, 1) && !valid_date(2023, 0, 1) && !valid_date(2023, 1, 0));
        assert!(valid_date_yy(0, 2, 29) && !valid_date_yy(99, 2, 29));
    }

    #[test]
    fn sequential_or_repeated() {
        for s in [
            "0000000000",
            "1111",
            "123456789",
            "1234567890",
            "7890123",
            "987654321",
            "3210987",
        ] {
            assert!(is_sequential_or_repeated(&d(s)), "{s}");
        }
        for s in [
            "",
            "1231",
            "4111111111111111",
            "13579",
            "1234567891",
            "9876543219",
        ] {
            assert!(!is_sequential_or_repeated(&d(s)), "{s}");
        }
        assert!(!is_sequential_or_repeated(&[10, 11, 12]));
    }

    // ---- check-digit schemes ------------------------------------------------------

    #[test]
    fn luhn_scheme() {
        // 79927398713: the classic worked example (doubled digits from the right
        // 1,8,9,7,9 -> 2,16->7,18->9,14->5,18->9; 7+9+3+8+2 + ... total 70).
        for s in [
            "79927398713",
            "4111111111111111",
            "5555555555554444",
            "378282246310005",
            "0",
        ] {
            assert!(luhn(&d(s)), "{s}");
        }
        for s in ["79927398710", "4111111111111112", "1"] {
            assert!(!luhn(&d(s)), "{s}");
        }
        assert!(!luhn(&[]));
        assert!(!luhn(&[1, 10]));
        assert_eq!(luhn_check_digit(&d("7992739871")), Some(3));
        assert_eq!(luhn_check_digit(&d("411111111111111")), Some(1));
        assert_eq!(luhn_check_digit(&[]), Some(0));
        assert_eq!(luhn_check_digit(&[12]), None);
    }

    #[test]
    fn verhoeff_scheme() {
        // 236 -> check digit 3 (the standard worked example).
        assert_eq!(verhoeff_check_digit(&d("236")), Some(3));
        assert!(verhoeff(&d("2363")));
        assert!(!verhoeff(&d("2364")));
        assert!(!verhoeff(&d("2633")), "transposition is caught");
        // Aadhaar sample 2341 2341 2346 (payload 23412341234 -> 6, checked against an
        // independent implementation too).
        assert_eq!(verhoeff_check_digit(&d("23412341234")), Some(6));
        assert!(verhoeff(&d("234123412346")));
        assert!(!verhoeff(&[]));
        assert!(!verhoeff(&[1, 10]));
        assert_eq!(verhoeff_check_digit(&[11]), None);
    }

    #[test]
    fn iso7064() {
        // 8609574271 -> 9 (worked out with an independent implementation).
        assert!(iso7064_mod11_10(&d("86095742719")));
        assert!(!iso7064_mod11_10(&d("86095742718")));
        assert!(!iso7064_mod11_10(&[]));
    }

    // ---- cards --------------------------------------------------------------------

    #[test]
    fn card_brands() {
        let cases = [
            ("4111111111111111", "visa"),
            ("4222222222222", "visa"),
            ("5555555555554444", "mastercard"),
            ("2223003122003222", "mastercard"),
            ("378282246310005", "amex"),
            ("6011111111111117", "discover"),
            ("6221261234567894", "discover"),
            ("6500000000000000", "discover"),
            ("3530111333300000", "jcb"),
            ("30569309025904", "diners"),
            ("36168002586000", "diners"),
            ("6200000000000005", "unionpay"),
            ("6221250000000000", "unionpay"),
            ("5019717010103742", "maestro"),
            ("6759649826438453", "maestro"),
            ("639012345678901", "maestro"),
            ("2200123456789019", "mir"),
            ("6070123456789017", "rupay"),
            ("8112345678901239", "rupay"),
            ("5089123456789018", "rupay"),
            ("122000000000003", "uatp"),
        ];
        for (s, brand) in cases {
            assert_eq!(card_brand(&d(s)), Some(brand), "{s}");
        }
        for s in [
            "41111111111111",
            "55555555555544",
            "3782822463100",
            "9111111111111111",
            "7111111111111111",
            "12200000000000",
            "411111111111",
        ] {
            assert_eq!(card_brand(&d(s)), None, "{s}");
        }
        assert_eq!(card_brand(&[]), None);
        assert_eq!(
            card_brand(&[4, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 10]),
            None
        );
    }

    #[test]
    fn cards() {
        assert_eq!(is_card("4111 1111 1111 1111"), Some("visa"));
        assert_eq!(is_card("5555-5555-5555-4444"), Some("mastercard"));
        assert_eq!(is_card("3782 822463 10005"), Some("amex"));
        assert_eq!(is_card("6011111111111117"), Some("discover"));
        assert_eq!(is_card(&luhn_complete("220012345678901")), Some("mir"));
        for bad in [
            "4111 1111 1111 1112",  // Luhn
            "4111 1111-1111 1111",  // mixed separators
            "4111  1111 1111 1111", // doubled separator
            " 4111111111111111",
            "4111111111111111 ",
            "4111.1111.1111.1111", // dots are not card separators
            "4 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1",
            "41 11 11 11 11 11 11 11",
            "0000000000000000", // Luhn-valid, all one digit
            "4111111111111",    // 13 digits, Luhn fails
            "411111111111111111111",
            "9111111111111111",
            "４１１１１１１１１１１１１１１１",
            "",
        ] {
            assert_eq!(is_card(bad), None, "{bad:?}");
        }
        rejects_every_digit_change(|s| is_card(s).is_some(), "4012888888881881");
    }

    // ---- bank accounts ------------------------------------------------------------

    #[test]
    fn iban_registry_table() {
        assert!(IBAN_FORMATS.len() >= 89, "{}", IBAN_FORMATS.len());
        for (i, &(code, len, spec)) in IBAN_FORMATS.iter().enumerate() {
            // BBAN structure sums to the IBAN length minus country and check digits.
            let mut total = 0usize;
            let mut count = 0usize;
            for c in spec.bytes() {
                if c.is_ascii_digit() {
                    count = count * 10 + usize::from(c - b'0');
                } else {
                    assert!(matches!(c, b'n' | b'a' | b'c'), "{code}");
                    total += count;
                    count = 0;
                }
            }
            assert_eq!(count, 0, "{code}");
            assert_eq!(total + 4, usize::from(len), "{code}");
            assert!((15..=34).contains(&len), "{code}");
            assert!(
                IBAN_FORMATS[..i].iter().all(|(c, _, _)| *c != code),
                "dup {code}"
            );
            assert_eq!(iban_length(code), Some(usize::from(len)));
            assert_eq!(
                iban_length(&code.to_ascii_lowercase()),
                Some(usize::from(len))
            );
        }
        for (c, len) in [
            ("GB", 22),
            ("DE", 22),
            ("NO", 15),
            ("RU", 33),
            ("LC", 32),
            ("BR", 29),
            ("VA", 22),
            ("XK", 20),
            ("SV", 28),
        ] {
            assert_eq!(iban_length(c), Some(len), "{c}");
        }
        for c in ["US", "AM", "", "G", "GBR", "É"] {
            assert_eq!(iban_length(c), None, "{c}");
        }
    }

    #[test]
    fn ibans() {
        check(
            iban,
            &[
                "GB82 WEST 1234 5698 7654 32",
                "GB82WEST12345698765432",
                "gb82 west 1234 5698 7654 32",
                "GB82-WEST-1234-5698-7654-32",
                "GB82 WEST12345698 765432",
                "DE89 3704 0044 0532 0130 00",
                // Check digits computed independently: 98 - (BBAN+"GB00" as number mod 97).
                "GB29 NWBK 6016 1331 9268 19",
                "BE68 5390 0754 7034",
                "NO93 8601 1117 947",
                "XK05 1212 0123 4567 8906",
                "BI76 1000 0100 0112 3456 7890 123",
                "MU17 BOMM 0101 1010 3030 0200 000M UR",
                "SC18 SSCB 1101 0000 0000 0000 1497 USD",
                "LC55 HEMM 0001 0001 0012 0012 0002 3015",
                "BR97 0036 0305 0000 1000 9795 493P 1",
                "RU02 0445 2560 0407 0281 0412 3456 7890 1",
                "FR14 2004 1010 0505 0001 3M02 606",
                "SV62 CENR 0000 0000 0000 0070 0025",
                "YE15 CBYE 0001 0188 6123 4567 8912 34",
                "EG38 0019 0005 0000 0000 2631 8000 2",
            ],
            &[
                "GB82 WEST 1234 5698 7654 33",  // check
                "GB82 WEST 1234 5698 7654 3",   // length
                "GB82 WEST 1234 5698 7654 321", // length
                "GB82 1EST 1234 5698 7654 32",  // BBAN structure
                "Gb82 WEST 1234 5698 7654 32",  // mixed case
                "GB82 west 1234 5698 7654 32",
                "G B82 WEST 1234 5698 7654 32", // separator inside the country code
                "GB82  WEST 1234 5698 7654 32",
                "GB82 WEST-1234 5698 7654 32",
                " GB82 WEST 1234 5698 7654 32",
                "GB82 WEST 1234 5698 7654 32 ",
                "GB82/WEST/1234/5698/7654/32",
                "US82 WEST 1234 5698 7654 32",
                "GB00 WEST 1234 5698 7654 32",
                "GB8X WEST 1234 5698 7654 32",
                "AM47212110090000000235698740",
                "GB82 WEST 1234 5698 7654 3２",
                "",
                "GB",
                "GB82",
            ],
        );
        rejects_every_digit_change(iban, "DE89370400440532013000");
    }

    #[test]
    fn aba() {
        // 121000358: 3(1+0+3) + 7(2+0+5) + (1+0+8) = 12 + 49 + 9 = 70.
        // 011000015: 3(0+0+0) + 7(1+0+1) + (1+0+5) = 0 + 14 + 6 = 20.
        // 021000021: 3(0+0+0) + 7(2+0+2) + (1+0+1) = 28 + 2 = 30.
        check(
            aba_routing,
            &[
                "121000358",
                "011000015",
                "021000021",
                "0711-0130-7",
                "3222-7162-7",
            ],
            &[
                "121000359",   // checksum
                "421042111",   // prefix 42
                "1234-0000-0", // checksum
                "000000000",
                "12100035",
                "1210003580",
                "121-000-358",
                "1210 0035 8",
                "0711-01307",
                "",
            ],
        );
        rejects_every_digit_change(aba_routing, "121000358");
    }

    // ---- United States ------------------------------------------------------------

    #[test]
    fn ssns() {
        check(
            ssn,
            &[
                "078-05-1123",
                "078.05.1123",
                "078 05 1123",
                "078051121",
                "078-051121",
                "07805-1121",
                "536-90-4399",
                "665-01-0001",
            ],
            &[
                "078-05-1120", // Woolworth wallet card
                "078051120",
                "219-09-9999",
                "123-45-6789",
                "000-12-3456",
                "666-12-3456",
                "900-12-3456",
                "999-12-3456",
                "123-00-4567",
                "123-45-0000",
                "111-11-1111",
                "693-09.4444", // mixed separators
                "0780-51-123", // separators off the boundaries
                "078-0-51123",
                "078--05-1123",
                "0780511201",
                "07805112",
                "078/05/1123",
                "",
                "０７８-05-1123",
            ],
        );
    }

    #[test]
    fn itins() {
        check(
            us_itin,
            &[
                "911-70-1234",
                "911701234",
                "911-701234",
                "91170-1234",
                "900-50-0000",
                "999-99-9999",
                "912 94 1234",
            ],
            &[
                "911-69-1234",
                "911-89-1234",
                "911-93-1234",
                "911-49-1234",
                "811-70-1234",
                "911-70.1234",
                "911-7-01234",
                "",
            ],
        );
    }

    #[test]
    fn mbis() {
        check(
            us_mbi,
            &[
                "1EG4-TE5-MK73",
                "1EG4TE5MK73",
                "1eg4-te5-mk73",
                "9XX9-XX9-XX99",
                "2A34C56DE78",
            ],
            &[
                "1SG4-TE5-MK73", // S
                "1EG4-LE5-MK73", // L
                "1EG4-TE5-OK73", // O
                "1EG4-TE5-MI73", // I
                "1BG4-TE5-MK73", // B
                "1EG4-ZE5-MK73", // Z
                "AEG4-TE5-MK73",
                "0EG4-TE5-MK73",
                "12G4-TE5-MK73",
                "1EG4TE5MK7",
                "1EG4TE5MK734",
                "1EG4-TE5MK73",
                "1EG-4TE5-MK73",
                "1EG4 TE5 MK73",
                "",
            ],
        );
    }

    // ---- United Kingdom, Canada, Australia ----------------------------------------

    #[test]
    fn nhs() {
        // 943 476 5919: 9·10+4·9+3·8+4·7+7·6+6·5+5·4+9·3+1·2 = 299; 299 mod 11 = 2;
        // 11 - 2 = 9. 401 023 2137: payload -> 7; 450 557 7104: payload -> 4.
        check(
            uk_nhs,
            &[
                "943 476 5919",
                "9434765919",
                "943-476-5919",
                "401-023-2137",
                "4505577104",
                "0032698674",
            ],
            &[
                "943 476 5918",
                "401-023-2138",
                "943-476 5919",
                "94347 65919",
                "943 476 591",
                "1234567890", // check digit would be 10
                "9999999999", // check digit 9 works, but all one digit
                "",
            ],
        );
        rejects_every_digit_change(uk_nhs, "9434765919");
    }

    #[test]
    fn nino() {
        check(
            uk_nino,
            &[
                "AA 12 34 56 B",
                "AB123456C",
                "hh 01 02 03 d",
                "tw987654a",
                "PR 123612C",
                "YZ 61 48 68 B",
                "AB 123456 D",
            ],
            &[
                "AA 12 34 56 H",
                "AB 12 34 56 1",
                "ab1234561",
                "AB12345C",
                "AB1234567C",
                "FQ 00 00 00 C",
                "DA123456A",
                "AO123456A",
                "AV123456A",
                "BG123612A",
                "GB123456A",
                "NK123456A",
                "KN123456A",
                "nt 99 88 77 a",
                "TN123456A",
                "ZZ123456A",
                "UV 98 76 54 B",
                "AB 1 23456 C",
                "AB  123456C",
                " AB123456C",
                "AB123456C ",
                "AB-12-34-56-C",
                "",
            ],
        );
    }

    #[test]
    fn sin() {
        // 130 692 544: Luhn doubles 3,6,2,4 -> 6,12->3,4,8; 1+6+0+3+9+4+5+8+4 = 40.
        check(
            ca_sin,
            &[
                "130 692 544",
                "130692544",
                "435-418-165",
                "948 584 792",
                &luhn_complete("19345678"),
            ],
            &[
                "130 692 545",
                "046 454 286", // Luhn-valid, but SINs do not start with 0
                "812 345 678",
                "111 111 111",
                "999 999 999",
                "046-454 286",
                "13069254",
                "1306925440",
                "130 6925 44",
                "",
            ],
        );
        rejects_every_digit_change(ca_sin, "130692544");
    }

    #[test]
    fn tfn() {
        // 876 543 210: 8+28+18+35+20+24+12+9+0 = 154 = 14·11.
        // 123 456 782: 1+8+9+28+25+48+42+72+20 = 253 = 23·11.
        check(
            au_tfn,
            &[
                "876 543 210",
                "876543210",
                "123-456-782",
                "565051603",
                "459599230",
            ],
            &[
                "824 753 557",
                "876 543 211",
                "5282475355632",
                "52824753556AF",
                "123 456\n789",
                "000000000",
                "87654321",
                "876-543 210",
                "",
            ],
        );
    }

    #[test]
    fn medicare() {
        // 2123 45670 1: 2·1+1·3+2·7+3·9+4·1+5·3+6·7+7·9 = 170 -> check 0.
        // 2950 12348 1: 2+27+35+0+1+6+21+36 = 128 -> 8. 4987 65436 1: -> 6.
        check(
            au_medicare,
            &[
                "2123 45670 1",
                "2123456701",
                "2950123481",
                "4987 65436 1",
                "4987-65436-1",
                "2123 45670 1 2",
                "21234567012",
            ],
            &[
                "2123 25870 1", // check
                "2123456711",
                "212345670221",
                "2123456702AF",
                "1123456701", // first digit
                "7123456701",
                "2123456700", // issue number 0
                "21234567010",
                "2123 456701",
                "",
            ],
        );
    }

    // ---- India --------------------------------------------------------------------

    #[test]
    fn aadhaar() {
        check(
            in_aadhaar,
            &[
                "2341 2341 2346",
                "234123412346",
                "2341-2341-2346",
                "2341:2341:2346",
                "312345678909", // 31234567890 -> 9 (Verhoeff)
                "3998 7654 3211",
                "4987 6543 2102", // 49876543210 -> 2
            ],
            &[
                "2341 2341 2347",
                "1234 5678 9012", // first digit 1
                "0234 1234 1234",
                "777777777775", // Verhoeff-valid (77777777777 -> 5) but trivial
                "2341 2341-2346",
                "23412 3412346",
                "2341234123461",
                "",
            ],
        );
        rejects_every_digit_change(in_aadhaar, "234123412346");
        assert!(verhoeff(&d("777777777775")));
    }

    #[test]
    fn pan() {
        check(
            in_pan,
            &[
                "ABCPD1234Z",
                "AAAPL1234C",
                "ABBPM4567S",
                "abcpd1234z",
                "AAACB1234F",
            ],
            &[
                "ABCND1234Z",
                "AAASA1111R",
                "A1111DFSFS",
                "ABCD1234",
                "ABCPD12345",
                "ABCPD1234",
                "AbCPD1234Z",
                "ABCPD 1234Z",
                "1BCPD1234Z",
                "ABCPD123AZ",
                "",
            ],
        );
    }

    // ---- Spain, Italy -------------------------------------------------------------

    #[test]
    fn dni() {
        // 12345678 mod 23 = 14 -> Z; 55555555 mod 23 = 9 -> K; 0 -> T;
        // 1111111 mod 23 = 4 -> G; 87654321 mod 23 = 10 -> X.
        check(
            es_dni,
            &[
                "12345678Z",
                "12345678z",
                "12345678-Z",
                "12345678 Z",
                "55555555K",
                "00000000T",
                "1111111G",
                "01111111G",
                "87654321X",
            ],
            &[
                "12345678A",
                "12345678",
                "123456789Z",
                "123456Z",
                "12345678--Z",
                "12345678ZZ",
                "12.345.678-Z",
                "Z",
                "",
            ],
        );
    }

    #[test]
    fn nie() {
        // X1234567 -> 01234567 mod 23 = 17 -> L; Y1234567 -> 11234567 mod 23 = 10 -> X;
        // Z9876543 -> 29876543 mod 23 = 3 -> A.
        check(
            es_nie,
            &[
                "X1234567L",
                "x1234567l",
                "Y1234567X",
                "Z9876543A",
                "Y8063915-Z",
                "X9613851N",
                "Z8078221M",
            ],
            &[
                "X1234567M",
                "Y8063915Q",
                "Y806391Q",
                "58063915Q",
                "W8063915Q",
                "X12345678L",
                "X1234567",
                "X-1234567L",
                "",
            ],
        );
    }

    #[test]
    fn codice_fiscale() {
        // Check characters worked out with an independent implementation of the odd/even
        // tables: RSSMRA85T10A562 -> S; MRTMTT25D09F205 -> Z; BNCGNN72M61H501 -> Q
        // (female, day 61 - 40 = 21); the omocodic RSSMRAURTMLARSN -> L.
        check(
            it_codice_fiscale,
            &[
                "RSSMRA85T10A562S",
                "rssmra85t10a562s",
                "MRTMTT25D09F205Z",
                "BNCGNN72M61H501Q",
                "RSSMRAURTMLARSNL",
                "AAAAAA00B11C333Y",
            ],
            &[
                "RSSMRA85T10A562T", // check
                "AAAAAA00B11C333N",
                "RSSMRA85T10A562",
                "RSSMRA85T10A562SS",
                "A55AAA00B11C333N",
                "RSSMRA85F10A562S", // F is no month
                "RSSMRA85T32A562S", // day 32
                "RSSMRA85B30A562S", // 30 February
                "RSSMRA85T10N562S", // town letter
                "RSSMRA85T10A000S", // town 000
                "AAAAAA - 00B11C333N",
                "",
            ],
        );
        assert!(it_codice_fiscale_shape("AAAAAA00B11C333N"));
        assert!(!it_codice_fiscale_shape("A55AAA00B11C333N"));
    }

    // ---- other national identifiers -----------------------------------------------

    #[test]
    fn pesel() {
        // 4405140145: 4·1+4·3+0·7+5·9+1·1+4·3+0·7+1·9+4·1+5·3 = 102 -> (10 - 2) = 8.
        // 0227100123 -> 6 (born 2002-07-10); 8512310765 -> 2 (1985-12-31);
        // 0232290123 -> 6 (2002-12-29); 9981010000 -> 6 (month 81: 1899-01-01).
        check(
            pl_pesel,
            &[
                "44051401458",
                "02070803628",
                "02271001236",
                "85123107652",
                "11111111116",
                "02322901236",
                "99810100006",
            ],
            &[
                "44051401459",
                "85040812345",
                "1111321111",
                "11110021111", // month 00
                "02330101230", // month 33
                "02223001234", // 2002-02-30
                "11-11-11-11114",
                "4405140145８",
                "",
            ],
        );
        rejects_every_digit_change(pl_pesel, "44051401458");
    }

    #[test]
    fn hetu() {
        // 131052308 mod 31 = 25 -> T; 010594903 mod 31 = 2 -> 2; 150603234 -> U;
        // 290200123 -> 9 (29 Feb 2000, valid with A but not with - for 1900).
        check(
            fi_hetu,
            &[
                "131052-308T",
                "010594Y9032",
                "150603A234U",
                "290200A1239",
                "131052-308t",
                "020594X903P",
            ],
            &[
                "131052-308U",
                "290200-1239", // 1900 was no leap year
                "111111-111A",
                "111111+110G",
                "311190-1111",
                "310289-211C",
                "012245A110G",
                "010324A110G",
                "131052/308T",
                "131052:308T",
                "131052.308T",
                "131052G308T",
                "010101-001T", // individual number 001
                "131052-308",
                "",
            ],
        );
    }

    #[test]
    fn personnummer() {
        // 811228-9874: Luhn over 8112289874 (Skatteverket's example) is valid.
        // 641161-9999: coordination number (day 61 = 1st); 040229-0001: 29 Feb 2004.
        check(
            se_personnummer,
            &[
                "811228-9874",
                "8112289874",
                "19811228-9874",
                "198112289874",
                "811228+9874",
                "641161-9999",
                "040229-0001",
                "189004119807",
            ],
            &[
                "811228-9875",
                "19000309-3393",
                "19001309-2393",
                "200504422381",
                "189x09179809",
                "18970c17-9809",
                "17811228-9874", // century 17
                "19811228+9874", // + only in the 10-digit form
                "8112-289874",
                "81122898",
                "",
            ],
        );
    }

    #[test]
    fn nric() {
        // S2740116: 2·2+7·7+6·4+5·0+4·1+3·1+2·6 = 96; 96 mod 11 = 8 -> JZIHGFEDCBA[8] = C.
        // F2346401: 97 mod 11 = 9 -> XWUTRQPNMLK[9] = L. M4332674: 110 + 3 = 113,
        // mod 11 = 3 -> XWUTRQPNJLK[3] = T. T7572225: 125 + 4 = 129 mod 11 = 8 -> C.
        check(
            sg_nric,
            &[
                "S2740116C",
                "s2740116c",
                "F2346401L",
                "M4332674T",
                "T7572225C",
                "T1234567J",
                "G1234567X",
            ],
            &[
                "S2740116D",
                "T1234567Z",
                "G1122144L",
                "A1234567Z",
                "PA12348L",
                "S274011C",
                "S27401166C",
                "",
            ],
        );
        assert!(sg_nric_shape("T1234567Z"));
        assert!(!sg_nric_shape("A1234567Z"));
    }

    #[test]
    fn za() {
        check(
            za_id,
            &[
                "8001015009087",
                "800101 5009 087",
                "9202201234088",
                "0002294321191",
                &luhn_complete("950715123408"),
            ],
            &[
                "8001015009086",
                "9913326789285",
                "9902294321191",
                "8001015000076",
                "8001015009176",
                "80010150090",
                "80010150090870",
                "8001015039083",
                "",
            ],
        );
        rejects_every_digit_change(za_id, "8001015009087");
    }

    #[test]
    fn tckn() {
        // 10000000146: 10th = (7·(1+0+0+0+1) - 0) mod 10 = 4; 11th = (1+1+4) mod 10 = 6.
        check(
            tr_tckn,
            &[
                "10000000146",
                "76543210794",
                "12345678950",
                "98765432150",
                "36493665440",
            ],
            &[
                "10000000145",
                "00000000000",
                "02531814694",
                "76543210780",
                "1000000014",
                "100000001466",
                "100 000 001 46",
                "",
            ],
        );
        rejects_every_digit_change(tr_tckn, "12345678950");
    }

    #[test]
    fn korea() {
        // Checksums (weights 2..9,2..5): 960121102141 -> 3; 050912200001 -> 9;
        // 880101123456 -> 8.
        check(
            kr_rrn_checksum,
            &[
                "960121-1021413",
                "9601211021413",
                "050912-2000019",
                "880101-1234568",
            ],
            &["960121-1234567", "960121-1021414", "911124-5678901"],
        );
        check(
            kr_rrn,
            &[
                "960121-1234567",
                "9601211234567",
                "000505-3637892",
                "960121-1021413",
                "000229-3123451",
            ],
            &[
                "010229-3123451", // 2001-02-29
                "001332-1234567",
                "960121+1021413",
                "960111-10214131",
                "960303-0021413",
                "051102-9234110",
                "000402-6214431",
                "96012-11021413",
                "",
            ],
        );
        check(
            kr_frn,
            &["911124-5678901", "0005057637892", "050912-6000012"],
            &["760413-1212134", "000402-2214431", "911131-5678901", ""],
        );
    }

    #[test]
    fn de_tax() {
        // 8609574271 -> 9 (ISO 7064 MOD 11,10); 7 occurs twice, 3 never.
        // 1121345678 -> 3: 1 three times, not all in a row.
        // 6567894321 -> 3: 6 twice. 1234567890 -> 3 and 9876543210 -> 6: all distinct.
        // 1112345678 -> 6: 1 three times in a row.
        check(
            de_tax_id_strict,
            &[
                "86095742719",
                "86 095 742 719",
                "11213456783",
                "65678943213",
            ],
            &[
                "12345678903",
                "98765432106",
                "11123456786",
                "86095742718",
                "02345678901",
                "11111111111",
                "11112345678",
                "",
            ],
        );
        check(
            de_tax_id,
            &["86095742719", "12345678903", "98765432106", "11123456786"],
            &[
                "98765432100",
                "02345678901",
                "123456789030",
                "11111111111",
                "11112345678",
                "65001198768",
                "8609574271 9",
                "",
            ],
        );
    }

    #[test]
    fn thai() {
        // Weights 13..2, check (11 - S mod 11) mod 10: 123456789012 -> 1;
        // 110170020345 -> 0; 196990001234 -> 8; 550123456789 -> 6.
        check(
            th_tnin,
            &[
                "1234567890121",
                "1101700203450",
                "1969900012348",
                "5501234567896",
                "1-2345-67890-12-1",
                "1 2345 67890 12 1",
            ],
            &[
                "1234567890122",
                "0234567890124",
                "1034567890124",
                "1284567890124",
                "1994567890124",
                "12345678901234",
                "123456789012a",
                "1-2345-67890-121",
                "0000000000000",
                "",
            ],
        );
    }

    #[test]
    fn nin() {
        // Verhoeff: 1234567890 -> 2, 5551234567 -> 2, 7012345678 -> 2.
        check(
            ng_nin,
            &["12345678902", "55512345672", "70123456782", "01234567895"],
            &[
                "12345678903",
                "991234567890288",
                "1234567890a",
                "1234 5678 902",
                "00000000000",
                "",
            ],
        );
        rejects_every_digit_change(ng_nin, "12345678902");
    }

    // ---- postcodes ----------------------------------------------------------------

    #[test]
    fn uk_postcodes() {
        check(
            uk_postcode,
            &[
                "M1 1AA", "M60 1NW", "CR2 6XH", "DN55 1PT", "W1A 1HQ", "EC1A 1BB", "GIR 0AA",
                "M11AA", "EC1A1BB", "gir0aa", "sw1a 1aa", "B33 8TH", "BS98 1TL",
            ],
            &[
                "QA1 1AA",
                "VA1 1AA",
                "XA1 1AA",
                "M1 1CA",
                "M1 1AI",
                "1A1 1AA",
                "AI1 1AA",
                "AJ1 1AA",
                "AZ1 1AA",
                "W1I 1HQ",  // I not allowed in third place
                "EC1C 1BB", // C not allowed in fourth place
                "GIR 1AA",
                "M1  1AA",
                "M1 1A",
                "M1A",
                "SW1A 1AAA",
                "SW1 A1AA",
                " M1 1AA",
                "",
            ],
        );
    }

    #[test]
    fn other_postcodes() {
        check(
            ca_postcode,
            &["K1A 0B1", "K1A0B1", "h0h 0h0", "V6B 4Y8"],
            &[
                "D1A 0B1", "W1A 0B1", "Z1A 0B1", "K1O 0B1", "K1A 0U1", "K1A-0B1", "K1A  0B1",
                "K1A 0B", "",
            ],
        );
        check(
            nl_postcode,
            &["1012 AB", "1012AB", "9999 zz", "3511 SB"],
            &[
                "0123 AB", "1012 SA", "1012 SS", "1012 sd", "101 AB", "1012 A1", "1012  AB", "",
            ],
        );
        check(
            us_zip,
            &["12345", "12345-6789", "00501", "99950"],
            &[
                "00000",
                "00000-1234",
                "1234",
                "123456",
                "12345-678",
                "12345 6789",
                "",
            ],
        );
        check(
            de_plz,
            &["10115", "80331", "22085", "01001", "99998"],
            &["00000", "01000", "99999", "101150", "1011", "10 115", ""],
        );
        check(
            fr_code_postal,
            &[
                "75008", "20000", "01000", "97100", "97600", "98000", "98800", "95000",
            ],
            &[
                "00100", "96000", "97000", "97700", "98100", "99000", "7500", "750080", "75 008",
                "",
            ],
        );
    }

    // ---- robustness ---------------------------------------------------------------

    #[test]
    fn hostile_inputs_are_rejected_without_panic() {
        let long_digits = "1".repeat(1 << 20);
        let long_seps = " ".repeat(1 << 20);
        let long_dashes = "-".repeat(1 << 20);
        let long_mixed = "12-".repeat(100_000);
        let inputs: [&str; 12] = [
            "",
            " ",
            "-",
            "\0",
            "١٢٣٤٥٦٧٨٩",
            "１２３４５６７８９",
            "🦀🦀🦀🦀🦀🦀🦀🦀🦀",
            "ß12345678Z",
            &long_digits,
            &long_seps,
            &long_dashes,
            &long_mixed,
        ];
        for (name, f) in TEXT_VALIDATORS {
            for s in inputs {
                assert!(!f(s), "{name} accepted {:?}", s.get(..20).unwrap_or(s));
            }
        }
        let mut buf = [0u8; 32];
        assert_eq!(digits(&long_digits, &mut buf), None);
        assert_eq!(digits(&long_seps, &mut buf), Some(&[][..]));
        assert!(luhn(&vec![0; 1 << 20][..]));
        let _ = verhoeff(&vec![9; 1 << 20][..]);
        assert!(is_sequential_or_repeated(&vec![0; 1 << 20][..]));
        assert_eq!(card_brand(&vec![4; 1 << 20][..]), None);
    }

    proptest! {
        #[test]
        fn never_panics_on_any_text(s in any::<String>()) {
            for (_, f) in TEXT_VALIDATORS {
                let _ = f(&s);
            }
            let mut buf = [0u8; 32];
            let _ = digits(&s, &mut buf);
        }

        #[test]
        fn never_panics_on_id_like_text(s in "[0-9A-Za-z \\-./:+]{0,40}") {
            for (_, f) in TEXT_VALIDATORS {
                let _ = f(&s);
            }
        }

        #[test]
        fn never_panics_on_any_digits(v in proptest::collection::vec(any::<u8>(), 0..64)) {
            let _ = luhn(&v);
            let _ = verhoeff(&v);
            let _ = luhn_check_digit(&v);
            let _ = verhoeff_check_digit(&v);
            let _ = card_brand(&v);
            let _ = is_sequential_or_repeated(&v);
        }

        #[test]
        fn luhn_completion_and_single_errors(p in proptest::collection::vec(0u8..10, 1..25), pos in any::<usize>(), delta in 1u8..10) {
            let check = luhn_check_digit(&p).unwrap();
            let mut full = p.clone();
            full.push(check);
            prop_assert!(luhn(&full));
            let s: String = full.iter().map(|&x| char::from(b'0' + x)).collect();
            prop_assert_eq!(luhn_complete(&s[..s.len() - 1]), s.clone());
            let i = pos % full.len();
            full[i] = (full[i] + delta) % 10;
            prop_assert!(!luhn(&full));
        }

        #[test]
        fn verhoeff_completion_and_errors(p in proptest::collection::vec(0u8..10, 1..25), pos in any::<usize>(), delta in 1u8..10) {
            let check = verhoeff_check_digit(&p).unwrap();
            let mut full = p.clone();
            full.push(check);
            prop_assert!(verhoeff(&full));
            let ok = (0..10u8).filter(|&c| { let mut t = p.clone(); t.push(c); verhoeff(&t) }).count();
            prop_assert_eq!(ok, 1);
            let i = pos % full.len();
            let mut changed = full.clone();
            changed[i] = (changed[i] + delta) % 10;
            prop_assert!(!verhoeff(&changed));
            if i + 1 < full.len() && full[i] != full[i + 1] {
                let mut swapped = full.clone();
                swapped.swap(i, i + 1);
                prop_assert!(!verhoeff(&swapped));
            }
        }

        #[test]
        fn nhs_exactly_one_check_digit_or_none(p in "[0-9]{9}") {
            let ok = (0..10).filter(|c| uk_nhs(&format!("{p}{c}"))).count();
            prop_assert!(ok <= 1);
        }

        #[test]
        fn iban_single_substitution_detected(bban in "[0-9]{18}", pos in 0usize..22, delta in 1u8..10) {
            // Build a DE IBAN with computed check digits, then change one digit.
            let mut rem = 0u32;
            for c in bban.bytes().chain(*b"DE00") {
                rem = if c.is_ascii_digit() { (rem * 10 + u32::from(c - b'0')) % 97 } else { (rem * 100 + u32::from(c - b'A') + 10) % 97 };
            }
            let ib = format!("DE{:02}{bban}", 98 - rem);
            prop_assert!(iban(&ib), "{}", ib);
            let mut b = ib.into_bytes();
            if pos >= 2 {
                b[pos] = b'0' + (b[pos] - b'0' + delta) % 10;
                let changed = String::from_utf8(b).unwrap();
                prop_assert!(!iban(&changed), "{}", changed);
            }
        }
    }
}
