// Field labels (`data/field_labels.txt`): what the name of a column, key or form label says
// about the values under it.

use std::collections::HashMap;
use std::hash::BuildHasherDefault;
use std::sync::LazyLock;

use crate::packed::{PackedTable, load_le, pack};

/// What a label says its values are.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Hint {
    Phone,
    Card,
    Bank,
    Ssn,
    Id,
    Postcode,
    Email,
    Ip,
    Host,
    Secret,
    Person,
    Address,
    Url,
    /// A known column of something not identifying by itself (company, city, product).
    /// (Also what an empty slot of the packed label table holds.)
    #[default]
    Other,
    /// A column of look-alikes that must stay (order numbers, versions, amounts, dates).
    Lookalike,
}

impl Hint {
    fn parse(s: &str) -> Option<Hint> {
        Some(match s {
            "phone" => Hint::Phone,
            "card" => Hint::Card,
            "bank" => Hint::Bank,
            "ssn" => Hint::Ssn,
            "id" => Hint::Id,
            "postcode" => Hint::Postcode,
            "email" => Hint::Email,
            "ip" => Hint::Ip,
            "host" => Hint::Host,
            "secret" => Hint::Secret,
            "person" => Hint::Person,
            "address" => Hint::Address,
            "url" => Hint::Url,
            "other" => Hint::Other,
            "lookalike" => Hint::Lookalike,
            _ => return None,
        })
    }
}

const DATA: &str = include_str!("../../data/field_labels.txt");

/// Trailing words dropped before a second look-up (`phone number` → `phone` when the whole
/// label is not listed). On the bytes of a word of a normal form (`número` is
/// `n\xC3\xBAmero`, `n°` `n\xC2\xB0`, `nº` `n\xC2\xBA`).
fn trailing(w: &[u8]) -> bool {
    matches!(
        w,
        b"number"
            | b"no"
            | b"nr"
            | b"num"
            | b"nummer"
            | b"numero"
            | b"n\xC3\xBAmero"
            | b"numer"
            | b"nro"
            | b"n\xC2\xB0"
            | b"n\xC2\xBA"
            | b"#"
            | b"nbr"
    )
}

struct Labels {
    /// Every normalised label (as bytes: the normal form on the stack is looked up without
    /// a check that it is UTF-8).
    map: HashMap<Box<[u8]>, Hint, BuildHasherDefault<crate::fxhash::FxHasher>>,
    /// Those of sixteen bytes or fewer again, packed: looked up without hashing the bytes or
    /// comparing them in a call.
    packed: PackedTable<Hint>,
}

impl Labels {
    /// The hint of the normal form `n`, if it is a label.
    #[inline]
    fn get(&self, n: &[u8]) -> Option<Hint> {
        // A packing is that of a key exactly when the two are equal, as long as the word
        // looked up does not end in a zero byte (see `crate::packed`).
        match n.last() {
            Some(&last) if last != 0 && n.len() <= 16 => {
                let (lo, hi) = pack(n);
                self.packed.get(lo, hi)
            }
            _ => self.map.get(n).copied(),
        }
    }
}

static LABELS: LazyLock<Labels> = LazyLock::new(|| {
    let mut map: HashMap<Box<[u8]>, Hint, _> = HashMap::default();
    for line in DATA.lines().map(str::trim) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let Some((kind, labels)) = line.split_once(':') else {
            continue;
        };
        let Some(hint) = Hint::parse(kind.trim()) else {
            continue;
        };
        for l in labels.split(',') {
            let n = normalise(l);
            if !n.is_empty() {
                // The first kind a label is listed under wins.
                map.entry(n.into_bytes().into_boxed_slice()).or_insert(hint);
            }
        }
    }
    let keys: Vec<(u64, u64, Hint)> = map
        .iter()
        .filter(|(k, _)| k.len() <= 16 && !k.contains(&0))
        .map(|(k, &h)| {
            let (lo, hi) = pack(k);
            (lo, hi, h)
        })
        .collect();
    // The keys are distinct (the map's).
    let packed = PackedTable::of(&keys, |_, _| {});
    Labels { map, packed }
});

/// Builds the label table now.
pub fn warm_up() {
    let _ = LABELS.map.len();
}

/// The normal form of `label` (what [`normalise`] gives) written into `buf` without an
/// allocation: its length, or `None` if it did not fit (a label of at most 64 bytes
/// normalises to well under 192).
fn normal_into(label: &str, buf: &mut [u8; 192]) -> Option<usize> {
    let mut out = Writer {
        buf,
        len: 0,
        space: false,
    };
    let mut prev_lower = false;
    let mut at = 0;
    while at < label.len() {
        let b = label.as_bytes()[at];
        if b.is_ascii() {
            // The same steps as below for an ASCII character, on its byte.
            at += 1;
            let class = ASCII_CLASS[usize::from(b)];
            if class == SEPARATOR {
                if out.len > 0 && !out.space {
                    out.push(b' ')?;
                }
                prev_lower = false;
                continue;
            }
            if class == UPPER && prev_lower && !out.space {
                out.push(b' ')?;
            }
            prev_lower = class == LOWER;
            out.push(b.to_ascii_lowercase())?;
            continue;
        }
        let c = label[at..].chars().next()?;
        at += c.len_utf8();
        if is_separator(c) {
            if out.len > 0 && !out.space {
                out.push(b' ')?;
            }
            prev_lower = false;
            continue;
        }
        if c.is_uppercase() && prev_lower && !out.space {
            out.push(b' ')?;
        }
        prev_lower = c.is_lowercase();
        for l in c.to_lowercase() {
            let mut enc = [0u8; 4];
            for &b in l.encode_utf8(&mut enc).as_bytes() {
                out.push(b)?;
            }
        }
    }
    let mut len = out.len;
    while len > 0 && out.buf[len - 1] == b' ' {
        len -= 1;
    }
    Some(len)
}

/// Bytes written to a buffer: how many, and whether the last is a space.
struct Writer<'a> {
    buf: &'a mut [u8; 192],
    len: usize,
    space: bool,
}

impl Writer<'_> {
    fn push(&mut self, b: u8) -> Option<()> {
        *self.buf.get_mut(self.len)? = b;
        self.len += 1;
        self.space = b == b' ';
        Some(())
    }
}

const SEPARATOR: u8 = 1;
const UPPER: u8 = 2;
const LOWER: u8 = 3;

/// Each ASCII character's class for [`normal_into`]: [`SEPARATOR`] (as [`is_separator`]
/// says), [`UPPER`] or [`LOWER`] case letter, or 0.
const ASCII_CLASS: [u8; 128] = {
    let mut t = [0u8; 128];
    let mut c = 0;
    while c < 128 {
        let b = c as u8;
        t[c] = if matches!(
            b,
            b'_' | b'-'
                | b'.'
                | b'/'
                | b'('
                | b')'
                | b'#'
                | b':'
                | b'*'
                | b'['
                | b']'
                | b'"'
                | b','
                | b';'
                | b' '
                | b'\t'..=b'\r'
        ) {
            SEPARATOR
        } else if b.is_ascii_uppercase() {
            UPPER
        } else if b.is_ascii_lowercase() {
            LOWER
        } else {
            0
        };
        c += 1;
    }
    t
};

/// Characters that separate the words of a label.
fn is_separator(c: char) -> bool {
    matches!(
        c,
        '_' | '-' | '.' | '/' | '(' | ')' | '#' | ':' | '*' | '[' | ']' | '"' | ',' | ';' | '：'
    ) || c.is_whitespace()
}

/// Calls `f` with the bytes of the normal form of `label` (on the stack when it fits).
fn with_normal<R>(label: &str, f: impl FnOnce(&[u8]) -> R) -> R {
    let mut buf = [0u8; 192];
    match plain_normal_into(label.as_bytes(), &mut buf).or_else(|| normal_into(label, &mut buf)) {
        // Whole characters only were written: the bytes are UTF-8, those of `normalise`.
        Some(len) => f(&buf[..len]),
        None => f(normalise(label).as_bytes()),
    }
}

/// The normal form of a plain label (what [`normal_into`] writes) eight bytes at a time: a
/// label of ASCII letters, digits and single spaces between its words, without a capital
/// right after a lower-case letter (`mobileNumber`). Its normal form is its lower case: no
/// separator to collapse or trim and no `camelCase` to split. `None` for any other label (or
/// one over 64 bytes), which [`normal_into`] writes a byte at a time. Most labels (`Name`,
/// `phone`, `Date of birth`) are plain: measured (callgrind, 1 KB diverse texts), a
/// detection and redaction call from 811,776 to 810,467 instructions.
fn plain_normal_into(label: &[u8], buf: &mut [u8; 192]) -> Option<usize> {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let n = label.len();
    if n == 0 || n > 64 || label[0] == b' ' || label[n - 1] == b' ' {
        return None;
    }
    // The high bit of each byte of `x` (all below 0x80) from `lo` to `hi`: the sums stay
    // inside their byte.
    let within = |x: u64, lo: u8, hi: u8| {
        (x + ONES * u64::from(0x80 - lo)) & !(x + ONES * u64::from(0x7F - hi)) & HIGH
    };
    // Whether the byte before the first of these eight was a lower-case letter, a space (its
    // high bit).
    let (mut lower_before, mut space_before) = (0u64, 0u64);
    let mut i = 0;
    while i < n {
        let k = (n - i).min(8);
        let v = load_le(&label[i..i + k]);
        // The bytes of the label among these eight (the others are zero).
        let mine = if k == 8 {
            HIGH
        } else {
            HIGH & ((1u64 << (8 * k)) - 1)
        };
        if v & HIGH != 0 {
            return None;
        }
        let lower = within(v, b'a', b'z');
        let upper = within(v, b'A', b'Z');
        let space = within(v, b' ', b' ');
        let known = lower | upper | space | within(v, b'0', b'9');
        // A byte's bit moves to the next byte's place: the bytes after a lower-case letter,
        // after a space.
        if known & mine != mine
            || ((lower << 8) | lower_before) & upper != 0
            || ((space << 8) | space_before) & space != 0
        {
            return None;
        }
        // A capital gains 0x20 (its high bit moved down two places). All eight bytes are
        // stored (a store of fixed size, not a copy of `k`): those past the label are not
        // read, and `i + 8` is within the buffer (`i` below 64).
        buf[i..i + 8].copy_from_slice(&(v | (upper >> 2)).to_le_bytes());
        lower_before = (lower >> 56) & 0x80;
        space_before = (space >> 56) & 0x80;
        i += k;
    }
    Some(n)
}

/// Lower case, camelCase split, separators as single spaces.
pub fn normalise(label: &str) -> String {
    let mut out = String::with_capacity(label.len() + 4);
    let mut prev_lower = false;
    for c in label.chars() {
        if is_separator(c) {
            if !out.ends_with(' ') && !out.is_empty() {
                out.push(' ');
            }
            prev_lower = false;
            continue;
        }
        if c.is_uppercase() && prev_lower && !out.ends_with(' ') {
            out.push(' ');
        }
        prev_lower = c.is_lowercase();
        out.extend(c.to_lowercase());
    }
    while out.ends_with(' ') {
        out.pop();
    }
    out
}

/// Labels that can hold nothing but a person's name or a part of it (`first_name`,
/// `Nachname`, `sukunimi`), unlike `name`, `customer` or `contact`, which may also hold a
/// product or a company. Normalised forms.
const NAME_PARTS: &[&str] = &[
    "fname",
    "lname",
    "first name",
    "firstname",
    "last name",
    "lastname",
    "surname",
    "surnames",
    "given name",
    "given names",
    "family name",
    "middle name",
    "maiden name",
    "full name",
    "fullname",
    "forename",
    "forenames",
    "legal name",
    "vorname",
    "nachname",
    "familienname",
    "geburtsname",
    "prénom",
    "prenom",
    "nom de famille",
    "nom complet",
    "apellido",
    "apellidos",
    "primer apellido",
    "segundo apellido",
    "nombre completo",
    "cognome",
    "nome completo",
    "sobrenome",
    "apelido",
    "primeiro nome",
    "último nome",
    "voornaam",
    "voornamen",
    "achternaam",
    "familienaam",
    "tussenvoegsel",
    "volledige naam",
    "imię",
    "imie",
    "nazwisko",
    "imiona",
    "förnamn",
    "efternamn",
    "fornavn",
    "efternavn",
    "etternavn",
    "etunimi",
    "sukunimi",
];

/// True when `label`, as a whole, is a known label (no word of it alone).
pub fn is_label(label: &str) -> bool {
    label.len() <= 64 && with_normal(label, |n| LABELS.get(n).is_some())
}

/// True when `label` can only hold a person's name or a part of it.
pub fn names_a_name_part(label: &str) -> bool {
    label.len() <= 64 && with_normal(label, |n| NAME_PARTS.iter().any(|p| p.as_bytes() == n))
}

/// What `label` says its values are, if it is a known label.
pub fn hint(label: &str) -> Option<Hint> {
    if label.len() > 64 {
        return None;
    }
    with_normal(label, hint_of_normal)
}

/// [`hint`] of a normalised label: its words are separated by single spaces, so the words
/// from the `a`th to the `b`th are one slice of it.
fn hint_of_normal(n: &[u8]) -> Option<Hint> {
    if n.is_empty() {
        return None;
    }
    let labels = &*LABELS;
    if let Some(h) = labels.get(n) {
        return Some(h);
    }
    let mut buf: [&[u8]; 6] = [b""; 6];
    let mut len = 0;
    for w in n.split(|&c| c == b' ') {
        if len == buf.len() {
            return None;
        }
        buf[len] = w;
        len += 1;
    }
    if len == 1 {
        // One word: each look-up below would be the one of `n` again, or none.
        return None;
    }
    let at = |w: &[u8]| w.as_ptr() as usize - n.as_ptr() as usize;
    // The words from `words[a]` to `words[b]` with the spaces between them.
    let joined =
        |words: &[&[u8]], a: usize, b: usize| &n[at(words[a])..at(words[b]) + words[b].len()];
    let mut words = &buf[..len];
    while words.len() > 1 && words.last().is_some_and(|w| trailing(w)) {
        words = &words[..words.len() - 1];
        if let Some(h) = labels.get(joined(words, 0, words.len() - 1)) {
            return Some(h);
        }
    }
    // `N° de sécurité sociale`, `Number of passport`: a leading number word and its
    // preposition.
    let mut lead = 0;
    while lead + 1 < words.len()
        && (trailing(words[lead])
            || matches!(
                words[lead],
                b"de" | b"of" | b"du" | b"del" | b"di" | b"do" | b"da" | b"van"
            ))
    {
        lead += 1;
    }
    if lead > 0
        && let Some(h) = labels.get(joined(words, lead, words.len() - 1))
    {
        return Some(h);
    }
    // Generic words (`id`, `code`, `date`) decide only as the whole label: `Steuer-ID` and
    // `RSA ID` are not order numbers.
    // A pair of words decides before either alone (`LLM_SECRET_NAME`: `secret name`); the
    // first word that decides wins (`company_name` is a company's), except that a later
    // secret word outranks an owner word before it (`user_password`, `user_auth`).
    let mut first: Option<Hint> = None;
    let mut i = 0;
    while i < words.len() {
        // Two neighbouring words of `n` with the one space between them, as a slice of `n`.
        let pair = (i + 1 < words.len())
            .then(|| labels.get(joined(words, i, i + 1)))
            .flatten();
        let (h, step) = match pair {
            Some(h) => (Some(h), 2),
            None if !weak(words[i]) => (labels.get(words[i]), 1),
            None => (None, 1),
        };
        match (first, h) {
            (None, Some(h)) => first = Some(h),
            (Some(Hint::Other), Some(Hint::Secret)) => return Some(Hint::Secret),
            _ => {}
        }
        i += step;
    }
    first
}

/// Words that say what a label is only when they are the whole label.
fn weak(w: &[u8]) -> bool {
    matches!(
        w,
        b"id"
            | b"code"
            | b"date"
            | b"time"
            | b"type"
            | b"no"
            | b"nr"
            | b"num"
            | b"number"
            | b"status"
            | b"start"
            | b"end"
            | b"count"
            | b"size"
            | b"row"
            | b"line"
            | b"page"
            | b"rank"
            | b"score"
            | b"since"
            | b"until"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The look-up as it was, on a map of `String`s and the normal form as a `str`: the
    /// oracle of the byte and packed look-ups.
    mod reference {
        use super::super::{DATA, Hint, NAME_PARTS, normalise};
        use std::collections::HashMap;
        use std::sync::LazyLock;

        fn trailing(w: &str) -> bool {
            matches!(
                w,
                "number"
                    | "no"
                    | "nr"
                    | "num"
                    | "nummer"
                    | "numero"
                    | "número"
                    | "numer"
                    | "nro"
                    | "n°"
                    | "nº"
                    | "#"
                    | "nbr"
            )
        }

        fn weak(w: &str) -> bool {
            matches!(
                w,
                "id" | "code"
                    | "date"
                    | "time"
                    | "type"
                    | "no"
                    | "nr"
                    | "num"
                    | "number"
                    | "status"
                    | "start"
                    | "end"
                    | "count"
                    | "size"
                    | "row"
                    | "line"
                    | "page"
                    | "rank"
                    | "score"
                    | "since"
                    | "until"
            )
        }

        pub(super) static MAP: LazyLock<HashMap<String, Hint>> = LazyLock::new(|| {
            let mut map = HashMap::new();
            for line in DATA.lines().map(str::trim) {
                if line.is_empty() || line.starts_with('#') {
                    continue;
                }
                let Some((kind, labels)) = line.split_once(':') else {
                    continue;
                };
                let Some(hint) = Hint::parse(kind.trim()) else {
                    continue;
                };
                for l in labels.split(',') {
                    let n = normalise(l);
                    if !n.is_empty() {
                        map.entry(n).or_insert(hint);
                    }
                }
            }
            map
        });

        pub(super) fn is_label(label: &str) -> bool {
            label.len() <= 64 && MAP.contains_key(&normalise(label))
        }

        pub(super) fn names_a_name_part(label: &str) -> bool {
            label.len() <= 64 && NAME_PARTS.contains(&normalise(label).as_str())
        }

        pub(super) fn hint(label: &str) -> Option<Hint> {
            if label.len() > 64 {
                return None;
            }
            let n = normalise(label);
            let map = &*MAP;
            if n.is_empty() {
                return None;
            }
            if let Some(&h) = map.get(&n) {
                return Some(h);
            }
            let words: Vec<&str> = n.split(' ').collect();
            if words.len() > 6 || words.len() == 1 {
                return None;
            }
            let mut words = &words[..];
            while words.len() > 1 && words.last().is_some_and(|w| trailing(w)) {
                words = &words[..words.len() - 1];
                if let Some(&h) = map.get(&words.join(" ")) {
                    return Some(h);
                }
            }
            let mut lead = 0;
            while lead + 1 < words.len()
                && (trailing(words[lead])
                    || ["de", "of", "du", "del", "di", "do", "da", "van"].contains(&words[lead]))
            {
                lead += 1;
            }
            if lead > 0
                && let Some(&h) = map.get(&words[lead..].join(" "))
            {
                return Some(h);
            }
            let mut first: Option<Hint> = None;
            let mut i = 0;
            while i < words.len() {
                let pair = (i + 1 < words.len())
                    .then(|| map.get(&words[i..i + 2].join(" ")).copied())
                    .flatten();
                let (h, step) = match pair {
                    Some(h) => (Some(h), 2),
                    None if !weak(words[i]) => (map.get(words[i]).copied(), 1),
                    None => (None, 1),
                };
                match (first, h) {
                    (None, Some(h)) => first = Some(h),
                    (Some(Hint::Other), Some(Hint::Secret)) => return Some(Hint::Secret),
                    _ => {}
                }
                i += step;
            }
            first
        }
    }

    fn agrees_with_the_reference(label: &str) {
        assert_eq!(hint(label), reference::hint(label), "{label:?}");
        assert_eq!(is_label(label), reference::is_label(label), "{label:?}");
        assert_eq!(
            names_a_name_part(label),
            reference::names_a_name_part(label),
            "{label:?}"
        );
    }

    /// The words of the listed labels and a few others (number words, prepositions, weak
    /// words, zero bytes, accents).
    static WORDS: std::sync::LazyLock<Vec<String>> = std::sync::LazyLock::new(|| {
        let mut w: Vec<String> = reference::MAP
            .keys()
            .flat_map(|k| k.split(' ').map(str::to_string))
            .chain(
                [
                    "number",
                    "No",
                    "nº",
                    "N°",
                    "número",
                    "#",
                    "de",
                    "of",
                    "van",
                    "id",
                    "code",
                    "x",
                    "Ünïcödé",
                    "\0",
                    "a\0",
                    "phone\0",
                    "İ",
                    "ß",
                    "Σ",
                    "ǅ",
                    "\u{a0}",
                ]
                .map(str::to_string),
            )
            .collect();
        w.sort();
        w.dedup();
        w
    });

    #[test]
    fn every_listed_label_and_its_parts_agree_with_the_reference() {
        for k in reference::MAP.keys() {
            agrees_with_the_reference(k);
            agrees_with_the_reference(&k.to_uppercase());
            agrees_with_the_reference(&k.replace(' ', "_"));
            agrees_with_the_reference(&format!("{k} number"));
            agrees_with_the_reference(&format!("Nº de {k}"));
            agrees_with_the_reference(&format!("{k}\0"));
            agrees_with_the_reference(&format!("my {k} code"));
        }
        for p in NAME_PARTS {
            agrees_with_the_reference(p);
        }
    }

    proptest::proptest! {
        #[test]
        fn look_ups_agree_with_the_reference(
            parts in proptest::collection::vec(
                (proptest::prelude::any::<proptest::sample::Index>(), 0..7usize, proptest::prelude::any::<bool>()),
                1..8,
            ),
            junk in "\\PC{0,3}",
            with_junk in proptest::prelude::any::<bool>(),
        ) {
            let seps = ["_", " ", "-", ".", "", "  ", ": "];
            let mut label = String::new();
            for (idx, sep, upper) in parts {
                let w = &WORDS[idx.index(WORDS.len())];
                if !label.is_empty() {
                    label.push_str(seps[sep]);
                }
                if upper {
                    let mut cs = w.chars();
                    if let Some(c) = cs.next() {
                        label.extend(c.to_uppercase());
                        label.push_str(cs.as_str());
                    }
                } else {
                    label.push_str(w);
                }
            }
            if with_junk {
                label.push_str(&junk);
            }
            agrees_with_the_reference(&label);
        }
    }

    #[test]
    fn the_normal_form_on_the_stack_is_normalise() {
        for label in [
            "",
            " ",
            "first_name",
            "mobileNumber",
            "  E-Mail :",
            "Telefon (privat)",
            "İstanbulPhone",
            "ȺȾ ẞtraße",
            "N° de sécurité sociale",
            "a\u{a0}b\u{2003}c：d",
            "aB",
            "ABC",
            "xİİİİİİİİİİİİİİİİİİİİİİİİİİİİİİİ",
            "aȺaȺaȺaȺaȺaȺaȺaȺaȺaȺaȺaȺaȺaȺaȺaȺaȺaȺaȺaȺaȺ",
        ] {
            let mut buf = [0u8; 192];
            let n = normal_into(label, &mut buf);
            if let Some(len) = n {
                assert_eq!(&buf[..len], normalise(label).as_bytes(), "{label:?}");
            }
            if label.len() <= 64 {
                assert!(n.is_some(), "{label:?}");
            }
            assert_eq!(
                String::from_utf8(with_normal(label, |n| n.to_vec())).unwrap(),
                normalise(label),
                "{label:?}"
            );
        }
    }

    proptest::proptest! {
        /// A plain label's normal form eight bytes at a time is the one a byte at a time,
        /// and a label is plain only when that is so.
        #[test]
        fn plain_labels_normalise_as_byte_by_byte(
            mixed in "[aAzZbY09 _.:\\-é]{0,70}",
            plainish in "[aAzZbY09 ]{0,70}",
        ) {
            for label in [mixed, plainish] {
                let mut buf = [0u8; 192];
                let plain =
                    plain_normal_into(label.as_bytes(), &mut buf).map(|len| buf[..len].to_vec());
                let mut buf = [0u8; 192];
                let slow = normal_into(&label, &mut buf).map(|len| buf[..len].to_vec());
                if let Some(p) = &plain {
                    proptest::prop_assert_eq!(Some(p), slow.as_ref(), "{:?}", label);
                }
                let simple = !label.is_empty()
                    && label.len() <= 64
                    && label.bytes().all(|c| c.is_ascii_alphanumeric() || c == b' ')
                    && !label.starts_with(' ')
                    && !label.ends_with(' ')
                    && !label.contains("  ")
                    && !label
                        .as_bytes()
                        .windows(2)
                        .any(|w| w[0].is_ascii_lowercase() && w[1].is_ascii_uppercase());
                proptest::prop_assert_eq!(plain.is_some(), simple, "{:?}", label);
                proptest::prop_assert_eq!(
                    with_normal(&label, |n| n.to_vec()),
                    normalise(&label).into_bytes()
                );
            }
        }
    }

    #[test]
    fn every_ascii_character_normalises_as_normalise_does() {
        for c in (0u8..128).map(char::from) {
            for label in [
                format!("{c}"),
                format!("a{c}B"),
                format!("A{c}b"),
                format!("ab{c}{c}cD"),
                format!("{c}é{c}É"),
            ] {
                let mut buf = [0u8; 192];
                let len = normal_into(&label, &mut buf).unwrap();
                assert_eq!(&buf[..len], normalise(&label).as_bytes(), "{label:?}");
            }
        }
    }

    #[test]
    fn labels_in_many_spellings() {
        let cases = [
            ("phone", Hint::Phone),
            ("billing_phone", Hint::Phone),
            ("mobileNumber", Hint::Phone),
            ("MOBILE_NO", Hint::Phone),
            ("Telefon (privat)", Hint::Phone),
            ("Téléphone", Hint::Phone),
            ("email_address", Hint::Email),
            ("E-Mail", Hint::Email),
            ("ip_address", Hint::Ip),
            ("remote_addr", Hint::Ip),
            ("mac_address", Hint::Other),
            ("address_line1", Hint::Address),
            ("Straße", Hint::Address),
            ("first_name", Hint::Person),
            ("Nachname", Hint::Person),
            ("company_name", Hint::Other),
            ("product name", Hint::Other),
            ("host_name", Hint::Host),
            ("postal_code", Hint::Postcode),
            ("PLZ", Hint::Postcode),
            ("zip", Hint::Postcode),
            ("Passport no.", Hint::Id),
            ("national_id", Hint::Id),
            ("Nº de pasaporte", Hint::Id),
            ("iban", Hint::Bank),
            ("Kontonummer", Hint::Bank),
            ("ssn", Hint::Ssn),
            ("order_id", Hint::Lookalike),
            ("id", Hint::Lookalike),
            ("Order no.", Hint::Lookalike),
            ("version", Hint::Lookalike),
            ("DB_PASSWORD", Hint::Secret),
            ("LLM_SECRET_NAME", Hint::Other),
            ("user_password", Hint::Secret),
            ("user_auth", Hint::Secret),
            ("wallet address", Hint::Other),
            ("card_number", Hint::Card),
        ];
        for (label, want) in cases {
            assert_eq!(hint(label), Some(want), "{label}");
        }
        for label in [
            "George Reed",
            "Hello world",
            "",
            "the quick brown fox jumps over it",
        ] {
            assert_eq!(hint(label), None, "{label}");
        }
    }
}
