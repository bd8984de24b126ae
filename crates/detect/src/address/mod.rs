// Street addresses and postcodes written the way each country writes them, found by a cheap
// pass over the text (issue 14).
//
// One Aho-Corasick automaton over the street-type words of `data/street_types.txt` (ASCII
// case ignored; first letters capitalised as well) marks where a street may be. Each mark is
// read against the words around it as its place allows:
//
// * `P`, the type before the name: `Calle de Alcalá 120`, `ul. Polna 14/3`, `Aleea Ene nr.
//   12, bl. 6, ap. 43`, or number first: `11 rue Éléonore`, `6 bis boulevard Bernard`;
// * `S`, a word after the name with the number after: `Béke utca 67.`, `Vilniaus g. 13-27`,
//   `İstiklal Caddesi No: 11 D: 27`;
// * `G`, glued to the name: `Kerkstraat 12`, `Hauptstraße 5a`, `Maike-Riehl-Gasse 23`;
// * `N`, after the name with the number first: `37 Gilbert Lights`, `Unit 1955, 15 J.P.
//   Laurel Avenue`, `House No. 21/13, Gour Ganj`.
//
// A street without a type word (`Tuškanac 8`, `Jugoslávská 125`) is taken when a postcode of
// one of the known formats follows it, after a comma, a cell break or a line break, with or
// without the city between (`Estonská 10, Nejdek 359 99`); that is how a letter's address
// block or a table row writes it. Postcodes are taken after a street (found here, by the
// rules or under a label), and after `CEP`, `〒`, `PLZ`. A street found once is found again
// wherever the same words recur in the text (`pls use pikk 7-22`).
//
// Only words and numbers are read; city and company names alone, years, amounts and order
// numbers never start a finding.

use std::sync::LazyLock;

use aho_corasick::{AhoCorasickBuilder, MatchKind};
use redact_entity::{Finding, Kind};

use crate::normalize::scan::Overlapping;

const STREET_TYPES: &str = include_str!("../../data/street_types.txt");

const PRE: u8 = 1;
const SUF: u8 = 2;
const GLUE: u8 = 4;
const NUM_FIRST: u8 = 8;

struct Types {
    ac: Overlapping,
    /// Places of each pattern (bit set of `PRE`, `SUF`, `GLUE`, `NUM_FIRST`).
    places: Vec<u8>,
    /// Whether the pattern, written in lower case, is a street type on its own (`rue`,
    /// `ul.`); other lower-case matches (`via`, `place`) need a capitalised type.
    lower_ok: Vec<bool>,
}

/// Street types that are streets even when written in lower case in running text.
const LOWER_OK: &[&str] = &[
    "rue",
    "calle",
    "rua",
    "ulica",
    "strada",
    "str.",
    "calea",
    "aleea",
    "soseaua",
    "șoseaua",
    "bulevardul",
    "intrarea",
    "avenida",
    "avenue",
    "boulevard",
    "chemin",
    "allée",
    "impasse",
    "montée",
    "piazza",
    "viale",
    "corso",
    "vicolo",
    "travessa",
    "praça",
    "jalan",
    "jl.",
    "ul.",
    "al.",
    "vul.",
    "bul.",
    "ул.",
    "вул.",
    "бул.",
    "street",
    "road",
    "lane",
    "drive",
    "st",
    "rd",
    "ave",
    "blvd",
    "avda.",
    "c/",
    "drumul",
    "splaiul",
];

/// Strong English types: the words before them may be lower case (`5 connors street`).
const STRONG: &[&str] = &[
    "street",
    "st",
    "st.",
    "road",
    "rd",
    "rd.",
    "avenue",
    "ave",
    "ave.",
    "lane",
    "ln",
    "drive",
    "boulevard",
    "blvd",
    "blvd.",
    "terrace",
    "crescent",
    "highway",
];

static TYPES: LazyLock<Types> = LazyLock::new(|| {
    let mut words: Vec<String> = Vec::new();
    let mut places: Vec<u8> = Vec::new();
    let add = |w: String, p: u8, words: &mut Vec<String>, places: &mut Vec<u8>| {
        if let Some(i) = words.iter().position(|x| *x == w) {
            places[i] |= p;
        } else {
            words.push(w);
            places.push(p);
        }
    };
    for line in STREET_TYPES.lines() {
        let line = line.trim_end();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let Some((w, f)) = line.split_once('\t') else {
            continue;
        };
        let mut p = 0;
        for c in f.chars() {
            p |= match c {
                'P' => PRE,
                'S' => SUF,
                'G' => GLUE,
                'N' => NUM_FIRST,
                _ => 0,
            };
        }
        add(w.to_string(), p, &mut words, &mut places);
        // ASCII case is ignored by the automaton; a first letter outside ASCII is added
        // capitalised (`Út`, `Ulica` are ASCII already; `Šetalište`, `Οδός` are not).
        let mut cs = w.chars();
        if let Some(first) = cs.next()
            && !first.is_ascii()
        {
            let cap: String = first.to_uppercase().chain(cs).collect();
            if cap != w {
                add(cap, p, &mut words, &mut places);
            }
        }
    }
    let lower_ok = words
        .iter()
        .map(|w| LOWER_OK.contains(&w.to_lowercase().as_str()))
        .collect();
    // A full DFA: a few MB once, about a nanosecond a byte on every text.
    let ac = Overlapping::new(&words, true).expect("street types build");
    Types {
        ac,
        places,
        lower_ok,
    }
});

/// Builds the automaton now.
pub fn warm_up() {
    LazyLock::force(&TYPES);
}

/// What lies between a token and the one before it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Gap {
    /// Spaces or tabs only (or nothing: the first token).
    Space,
    /// A comma, semicolon, tab-separated cell or pipe (with any spaces).
    Comma,
    /// A line break (possibly with spaces or a comma).
    Line,
    /// A colon.
    Colon,
    /// Anything else (brackets, quotes, sentence marks).
    Other,
}

#[derive(Clone, Copy, Debug)]
struct Tok {
    start: usize,
    end: usize,
    gap: Gap,
    /// Number of line breaks in the gap.
    lines: u8,
}

const fn is_split(c: char) -> bool {
    c.is_whitespace()
        || matches!(
            c,
            ',' | ';'
                | '"'
                | '('
                | ')'
                | '['
                | ']'
                | '{'
                | '}'
                | '<'
                | '>'
                | '|'
                | ':'
                | '«'
                | '»'
                | '“'
                | '”'
                | '„'
                | '!'
                | '?'
                | '='
                | '*'
                | '`'
        )
}

/// [`is_split`] of each ASCII character.
static ASCII_SPLIT: [bool; 128] = {
    let mut t = [false; 128];
    let mut i = 0;
    while i < 128 {
        t[i] = is_split(i as u8 as char);
        i += 1;
    }
    t
};

/// The position of the first byte of `b` from `from` on that `hit` accepts. Long stretches
/// without one are passed over 32 bytes at a time (a test the compiler vectorises).
fn next_byte(b: &[u8], from: usize, hit: impl Fn(u8) -> bool) -> Option<usize> {
    let mut i = from;
    for chunk in b[from..].chunks_exact(32) {
        if chunk.iter().fold(false, |a, &c| a | hit(c)) {
            break;
        }
        i += 32;
    }
    b[i..].iter().position(|&c| hit(c)).map(|o| i + o)
}

/// The position of the last byte of `b` that `hit` accepts (`rposition`), long stretches
/// without one passed over 32 bytes at a time from the end, as [`next_byte`] does forwards.
fn last_byte(b: &[u8], hit: impl Fn(u8) -> bool) -> Option<usize> {
    let mut end = b.len();
    for chunk in b.rchunks_exact(32) {
        if chunk.iter().fold(false, |a, &c| a | hit(c)) {
            break;
        }
        end -= 32;
    }
    b[..end].iter().rposition(|&c| hit(c))
}

/// The position of the first ASCII digit of `b` from `from` on, eight bytes at a time: in
/// text where digits are near each other (records, logs) the next is within a word or two,
/// and the search of [`next_byte`] cost more to set up than it saved.
fn next_digit(b: &[u8], from: usize) -> Option<usize> {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let mut i = from;
    while let Some(w) = b.get(i..i + 8) {
        let mut v = [0u8; 8];
        v.copy_from_slice(w);
        let v = u64::from_le_bytes(v);
        // Seven bits of each byte: the sums stay inside their byte. The high bit of
        // `x + 0x50` is set where a byte is at least `0`, of `x + 0x46` where it is above
        // `9`; a byte with its high bit set (not ASCII) is none.
        let x = v & !HIGH;
        let m =
            (x + ONES * u64::from(0x80 - b'0')) & !(x + ONES * u64::from(0x7F - b'9')) & !v & HIGH;
        if m != 0 {
            return Some(i + (m.trailing_zeros() / 8) as usize);
        }
        i += 8;
    }
    b[i..].iter().position(u8::is_ascii_digit).map(|o| i + o)
}

/// Bytes read before and after each digit: a street, its number, its postcode and the words
/// that introduce them lie within these of a digit.
const BEFORE_DIGIT: usize = 120;
const AFTER_DIGIT: usize = 160;

/// The tokens of the stretches of `text` around its digits (all of a short text). A
/// stretch starts at a word's start; the gap before its first token is read from the text.
#[cfg(test)]
fn tokens_near_digits(text: &str) -> Vec<Tok> {
    let mut out = Vec::new();
    tokens_near_digits_into(text, &mut Vec::new(), &mut out);
    out
}

/// [`tokens_near_digits`] into `out` (empty), with `ranges` (emptied here) to list the
/// stretches in.
fn tokens_near_digits_into(text: &str, ranges: &mut Vec<(usize, usize)>, out: &mut Vec<Tok>) {
    let b = text.as_bytes();
    // The stretches of two digits overlap or touch when the digits are at most this far
    // apart: a stretch runs from the first digit of a run of such digits to its last.
    const REACH: usize = BEFORE_DIGIT + AFTER_DIGIT;
    ranges.clear();
    let mut from = 0;
    while let Some(first) = next_digit(b, from) {
        let mut last = first;
        // The last digit within reach of the last one so far: the digits between add
        // nothing, so they are not read.
        while let Some(o) = last_byte(&b[last + 1..(last + REACH + 1).min(b.len())], |c| {
            c.is_ascii_digit()
        }) {
            last += 1 + o;
        }
        ranges.push((
            first.saturating_sub(BEFORE_DIGIT),
            (last + AFTER_DIGIT).min(b.len()),
        ));
        from = last + 1;
    }
    // About a token in eight bytes of prose.
    out.reserve(ranges.iter().map(|r| r.1 - r.0).sum::<usize>() / 8);
    for &(a, z) in ranges.iter() {
        // Start after a split character (a word's start) and end before one.
        let mut a = a;
        while a > 0 && !text.is_char_boundary(a) {
            a -= 1;
        }
        if a > 0 {
            let at = text[a..].find(is_split).map_or(z, |x| a + x);
            a = at.min(z);
        }
        let mut z = z;
        while z < b.len() && !text.is_char_boundary(z) {
            z += 1;
        }
        if z < b.len() {
            z = text[..z].rfind(is_split).unwrap_or(a).max(a);
        }
        // The gap before the first token starts where the split characters before it do.
        let mut g = a;
        while let Some(c) = text[..g].chars().next_back().filter(|&c| is_split(c)) {
            g -= c.len_utf8();
        }
        let first = out.len();
        tokens_in(text, g, a, z, out);
        // Words of two stretches are not neighbours.
        if first > 0
            && let Some(t) = out.get_mut(first)
        {
            t.gap = Gap::Other;
        }
    }
}

fn tokens_in(text: &str, gap_start: usize, from: usize, to: usize, out: &mut Vec<Tok>) {
    let b = &text.as_bytes()[..to];
    // ASCII without decoding; other characters one by one.
    let split_at = |i: usize| {
        if b[i] < 0x80 {
            (ASCII_SPLIT[usize::from(b[i])], 1)
        } else if !matches!(b[i], 0xC2 | 0xE1..=0xE3) {
            // The split characters outside ASCII (spaces, quote marks) start with one of
            // these bytes; the first byte of any other gives its length.
            (
                false,
                if b[i] < 0xE0 {
                    2
                } else if b[i] < 0xF0 {
                    3
                } else {
                    4
                },
            )
        } else {
            let c = text[i..].chars().next().unwrap_or(' ');
            (is_split(c), c.len_utf8())
        }
    };
    let mut first = true;
    let mut i = from;
    loop {
        // The split characters before a word (what they are, as `push_tok` reads them),
        // then the word.
        let gap = i;
        let mut marks = 0u8;
        while i < b.len() {
            // One table read a byte (see `GAP_CLASS`); line breaks are counted after the
            // gap, only in gaps that have one.
            let k = GAP_CLASS[usize::from(b[i])];
            if k < GAP_WORD {
                marks |= k;
                i += 1;
            } else if k == GAP_WORD {
                break;
            } else {
                let (split, len) = split_at(i);
                if !split {
                    break;
                }
                // Non-ASCII spaces are spaces; other marks (`«`, `”`) are not.
                if text[i..].chars().next().is_some_and(|c| !c.is_whitespace()) {
                    marks |= OTHER;
                }
                i += len;
            }
        }
        let lines = if marks & GAP_LINE == 0 {
            0
        } else {
            u8::try_from(b[gap..i].iter().filter(|&&c| c == b'\n').count()).unwrap_or(u8::MAX)
        };
        if i >= b.len() {
            break;
        }
        let s = i;
        loop {
            i = b[i..]
                .iter()
                .position(|&c| !IN_WORD[usize::from(c)])
                .map_or(b.len(), |o| i + o);
            if i < b.len() && b[i] >= 0x80 {
                let (split, len) = split_at(i);
                if !split {
                    i += len;
                    continue;
                }
            }
            break;
        }
        if first || out.is_empty() {
            // The first gap starts before `from`; the text's first token is read apart.
            push_tok(text, out, if first { gap_start } else { gap }, s, i);
            first = false;
            continue;
        }
        push_word(b, out, s, i, GAP_OF[usize::from(marks)], lines);
    }
}

/// The gap a token's gap makes from its line breaks and its marks (see [`GAP_MARK`]).
const fn gap_of(lines: u8, marks: u8) -> Gap {
    if lines > 0 {
        Gap::Line
    } else if marks & COMMA != 0 {
        Gap::Comma
    } else if marks & COLON != 0 {
        Gap::Colon
    } else if marks & OTHER == 0 {
        Gap::Space
    } else {
        Gap::Other
    }
}

/// Pushes the word `s..e` after its gap; its trailing quote marks belong to the gap.
fn push_word(b: &[u8], out: &mut Vec<Tok>, s: usize, mut e: usize, gap: Gap, lines: u8) {
    while e > s && b[e - 1] == b'\'' {
        e -= 1;
    }
    if e > s {
        out.push(Tok {
            start: s,
            end: e,
            gap,
            lines,
        });
    }
}

/// Bytes that continue a word without decoding: ASCII other than split characters, and the
/// bytes of characters outside ASCII but for the first bytes of split characters (see
/// `tokens_in`), which are decoded.
static IN_WORD: [bool; 256] = {
    let mut t = [false; 256];
    let mut i = 0;
    while i < 256 {
        t[i] = if i < 0x80 {
            !is_split(i as u8 as char)
        } else {
            !matches!(i, 0xC2 | 0xE1..=0xE3)
        };
        i += 1;
    }
    t
};

/// What each ASCII split character makes of a gap (see `push_tok`): a line break is
/// counted apart, and a space is nothing.
const COMMA: u8 = 1;
const COLON: u8 = 2;
const OTHER: u8 = 4;
static GAP_MARK: [u8; 128] = {
    let mut t = [0u8; 128];
    let mut i = 0;
    while i < 128 {
        t[i] = match i as u8 {
            b'\n' | b' ' => 0,
            b',' | b';' | b'\t' | b'|' => COMMA,
            b':' => COLON,
            _ => OTHER,
        };
        i += 1;
    }
    t
};

/// [`gap_of`] of each set of marks of [`GAP_CLASS`] (a line break among them is a line
/// count above naught): one read for its four tests.
static GAP_OF: [Gap; 16] = {
    let mut t = [Gap::Space; 16];
    let mut m = 0;
    while m < 16 {
        t[m] = gap_of((m as u8 & GAP_LINE) / GAP_LINE, m as u8);
        m += 1;
    }
    t
};

/// A line break in a gap (for [`GAP_CLASS`]; [`gap_of`] reads the count instead).
const GAP_LINE: u8 = 8;
/// A byte that starts a word: ASCII other than split characters.
const GAP_WORD: u8 = 0x40;
/// A byte outside ASCII: decoded.
const GAP_WIDE: u8 = 0x80;
/// What a byte is to the gap loop of `tokens_in`, in one read: below [`GAP_WORD`] an ASCII
/// split character (its [`GAP_MARK`], and [`GAP_LINE`] for a line break), then a word's
/// ASCII byte, then a byte outside ASCII. It replaces two table reads, a test for ASCII and
/// a line count a byte. Measured (callgrind, 1 KB diverse texts) with [`GAP_OF`]:
/// `address::prepare` from about 87,400 to 85,600 instructions a call.
static GAP_CLASS: [u8; 256] = {
    let mut t = [GAP_WIDE; 256];
    let mut i = 0;
    while i < 128 {
        t[i] = if !ASCII_SPLIT[i] {
            GAP_WORD
        } else if i == b'\n' as usize {
            GAP_MARK[i] | GAP_LINE
        } else {
            GAP_MARK[i]
        };
        i += 1;
    }
    t
};

fn push_tok(text: &str, out: &mut Vec<Tok>, gap_start: usize, s: usize, e: usize) {
    // A sentence's full stop after a word is not part of it (`… in Jūrmala.`), but an
    // abbreviation's is (`ul.`, `Jl.`, `67.`): both are kept and read by the checks.
    let b = text.as_bytes();
    // Most gaps are a single space.
    if s == gap_start + 1 && b[gap_start] == b' ' && b[e - 1] != b'\'' {
        out.push(Tok {
            start: s,
            end: e,
            gap: Gap::Space,
            lines: 0,
        });
        return;
    }
    // One pass over the gap's bytes.
    let (mut lines, mut marks, mut wide) = (0u8, 0u8, false);
    for &c in &b[gap_start..s] {
        match c {
            b'\n' => lines = lines.saturating_add(1),
            0x80.. => wide = true,
            _ => marks |= GAP_MARK[usize::from(c)],
        }
    }
    // Non-ASCII spaces are spaces; other marks (`«`, `”`) are not.
    if wide
        && text[gap_start..s]
            .chars()
            .any(|c| !c.is_ascii() && !c.is_whitespace())
    {
        marks |= OTHER;
    }
    let gap = if out.is_empty() && text[gap_start..s].trim().is_empty() {
        if lines > 0 { Gap::Line } else { Gap::Space }
    } else {
        gap_of(lines, marks)
    };
    push_word(b, out, s, e, gap, lines);
}

/// A house number: `12`, `12a`, `12-14`, `38/89`, `1691/26`, `67.`, `5A`.
fn house_number(t: &str) -> bool {
    let t = t.strip_suffix('.').unwrap_or(t);
    let b = t.as_bytes();
    let mut i = 0;
    let mut groups = 0;
    loop {
        let d0 = i;
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
        }
        let nd = i - d0;
        if nd == 0 || nd > 5 || (groups == 0 && b[d0] == b'0' && nd > 3) {
            return false;
        }
        if i < b.len() && b[i].is_ascii_alphabetic() {
            i += 1;
        }
        groups += 1;
        if i == b.len() {
            return true;
        }
        if groups >= 3 || !matches!(b[i], b'/' | b'-') {
            return false;
        }
        i += 1;
    }
}

fn year_like(t: &str) -> bool {
    t.len() == 4
        && (t.starts_with("19") || t.starts_with("20"))
        && t.bytes().all(|b| b.is_ascii_digit())
}

/// A word of a street's name: letters (any script), with `-`, `'`, `.` inside.
fn is_word(t: &str) -> bool {
    let mut letters = 0;
    for c in t.chars() {
        if c.is_alphabetic() {
            letters += 1;
        } else if !(matches!(c, '-' | '\'' | '.' | '’' | '/') || c.is_ascii_digit() || is_mark(c))
        {
            return false;
        }
    }
    letters > 0 && !t.starts_with(['-', '.', '/'])
}

fn is_mark(c: char) -> bool {
    matches!(c as u32, 0x300..=0x36F | 0xE31 | 0xE34..=0xE3A | 0xE47..=0xE4E)
}

/// Capitalised, or written in a script without case.
fn is_cap(t: &str) -> bool {
    t.chars()
        .next()
        .is_some_and(|c| c.is_uppercase() || (c.is_alphabetic() && !c.is_lowercase()))
}

/// Words that end a street's name on its left: articles, prepositions, pronouns, the
/// words of a sentence around an address (written in lower case).
fn stop_word(l: &str) -> bool {
    matches!(
        l,
        "the"
            | "a"
            | "an"
            | "at"
            | "on"
            | "in"
            | "to"
            | "of"
            | "is"
            | "and"
            | "or"
            | "from"
            | "for"
            | "with"
            | "my"
            | "our"
            | "your"
            | "his"
            | "her"
            | "their"
            | "new"
            | "address"
            | "adres"
            | "adresse"
            | "anschrift"
            | "dirección"
            | "direccion"
            | "morada"
            | "indirizzo"
            | "adress"
            | "adresa"
            | "please"
            | "send"
            | "ship"
            | "use"
            | "by"
            | "near"
            | "outside"
            | "lives"
            | "live"
            | "living"
            | "moved"
            | "says"
            | "label"
            | "confirmed"
            | "office"
            | "der"
            | "die"
            | "das"
            | "den"
            | "dem"
            | "des"
            | "auf"
            | "nach"
            | "bei"
            | "zur"
            | "zum"
            | "am"
            | "im"
            | "wohnt"
            | "na"
            | "w"
            | "we"
            | "przy"
            | "do"
            | "en"
            | "el"
            | "la"
            | "los"
            | "las"
            | "de"
            | "op"
            | "aan"
            | "naar"
            | "te"
            | "het"
            | "een"
            | "til"
            | "på"
            | "i"
            | "och"
            | "et"
            | "le"
            | "les"
            | "du"
            | "au"
            | "aux"
            | "à"
            | "em"
            | "no"
            | "da"
            | "para"
            | "per"
            | "su"
            | "nel"
            | "nella"
            | "alla"
            | "al"
            | "con"
            | "ja"
            | "ve"
            | "и"
            | "в"
            | "на"
            | "u"
            | "v"
            | "pri"
            | "k"
            | "z"
            | "se"
            | "je"
            | "és"
            | "az"
            | "în"
            | "pe"
            | "și"
            | "ile"
            | "ke"
            | "di"
            | "dan"
            | "pls"
            | "svp"
            | "not"
            | "until"
            | "via"
            | "unter"
            | "sita"
            | "sito"
            | "ulicy"
            | "was"
            | "are"
            | "be"
            | "it"
            | "this"
            | "that"
            | "he"
            | "she"
            | "they"
            | "i'm"
            | "hi"
            | "hello"
            | "dear"
            | "mr"
            | "mrs"
            | "ms"
            | "dr"
            | "also"
            | "now"
            | "then"
            | "here"
            | "there"
            | "bitte"
            | "visit"
            | "visitor"
            | "customer"
            | "client"
            | "street"
            | "road"
    )
}

/// Months' names and abbreviations, in lower case.
fn month_word(l: &str) -> bool {
    matches!(
        l,
        "jan"
            | "january"
            | "feb"
            | "february"
            | "mar"
            | "march"
            | "apr"
            | "april"
            | "may"
            | "jun"
            | "june"
            | "jul"
            | "july"
            | "aug"
            | "august"
            | "sep"
            | "sept"
            | "september"
            | "oct"
            | "october"
            | "nov"
            | "november"
            | "dec"
            | "december"
            | "januar"
            | "februar"
            | "märz"
            | "mai"
            | "juni"
            | "juli"
            | "oktober"
            | "dezember"
            | "janvier"
            | "février"
            | "mars"
            | "avril"
            | "juin"
            | "juillet"
            | "août"
            | "septembre"
            | "octobre"
            | "novembre"
            | "décembre"
            | "enero"
            | "febrero"
            | "marzo"
            | "abril"
            | "mayo"
            | "junio"
            | "julio"
            | "agosto"
            | "septiembre"
            | "octubre"
            | "noviembre"
            | "diciembre"
            | "gennaio"
            | "febbraio"
            | "aprile"
            | "maggio"
            | "giugno"
            | "luglio"
            | "settembre"
            | "ottobre"
            | "dicembre"
            | "janeiro"
            | "fevereiro"
            | "março"
            | "maio"
            | "junho"
            | "julho"
            | "setembro"
            | "outubro"
            | "dezembro"
            | "januari"
            | "februari"
            | "maart"
            | "mei"
            | "augustus"
    )
}

/// A month's name or abbreviation: `September 5, 2019` is a date, not a street.
fn month(t: &str) -> bool {
    let mut b = [0u8; 40];
    let l = lower_in(t.trim_end_matches('.'), &mut b).unwrap_or("");
    month_word(l)
}

/// A word that ends a sentence (`UTC.`, `Jul.`) rather than an initialism (`J.P.`).
fn sentence_end(t: &str) -> bool {
    t.ends_with('.') && !t[..t.len() - 1].contains('.') && t.chars().count() > 2
}

/// A capitalised preposition that starts a street's name in Czech, Slovak and Slovene
/// (`Na Herši 9`, `Pod hribom 8`, `U Staré Pošty 1228/61`).
fn place_preposition(t: &str) -> bool {
    matches!(
        t,
        "Na" | "Pod" | "Nad" | "U" | "V" | "K" | "Za" | "Pri" | "Ke" | "Ve" | "Před"
    )
}

fn stop(t: &str) -> bool {
    let mut b = [0u8; 40];
    lower_in(t.trim_end_matches('.'), &mut b).is_some_and(stop_word)
}

/// `t` in lower case, written into `buf` (no allocation); `None` when it does not fit: no
/// word of the lists here is that long.
fn lower_in<'b>(t: &'b str, buf: &'b mut [u8; 40]) -> Option<&'b str> {
    if t.len() > buf.len() {
        return None;
    }
    // Most words are in lower case already.
    if t.bytes().all(|c| c.is_ascii() && !c.is_ascii_uppercase()) {
        return Some(t);
    }
    if t.is_ascii() {
        let out = &mut buf[..t.len()];
        for (o, c) in out.iter_mut().zip(t.bytes()) {
            *o = c.to_ascii_lowercase();
        }
        return std::str::from_utf8(out).ok();
    }
    let mut n = 0;
    let mut put = |c: char| {
        let l = c.len_utf8();
        if n + l > buf.len() {
            return false;
        }
        c.encode_utf8(&mut buf[n..n + l]);
        n += l;
        true
    };
    for c in t.chars() {
        // One character from the table mostly (see `letters::lower_char`).
        let fits = match crate::letters::lower_char(c) {
            Some(l) => put(l),
            None => c.to_lowercase().all(&mut put),
        };
        if !fits {
            return None;
        }
    }
    std::str::from_utf8(&buf[..n]).ok()
}

/// Whether a word starting with byte `c` may be a word of [`postcode_word`] or `code`: each
/// starts with one of these ASCII letters or outside ASCII.
fn may_be_postcode_cue(c: u8) -> bool {
    !c.is_ascii() || matches!(c.to_ascii_lowercase(), b'c' | b'p' | b'e' | b'z' | b'i')
}

/// Words that name a postcode right before it (`CEP 83532-625`, `邮编 825649`, `Kod
/// pocztowy (69-264)`, `Zip code (138765)`).
fn postcode_word(w: &str) -> bool {
    if w.bytes().next().is_none_or(|c| !may_be_postcode_cue(c)) {
        return false;
    }
    let mut b = [0u8; 40];
    matches!(
        lower_in(w, &mut b).unwrap_or("").trim_end_matches('.'),
        "cep"
            | "plz"
            | "cp"
            | "c.p"
            | "eircode"
            | "zip"
            | "zipcode"
            | "postcode"
            | "postal"
            | "pocztowy"
            | "邮编"
            | "邮政编码"
            | "irányítószám"
            | "psč"
            | "postnummer"
            | "postinumero"
            | "postnr"
            | "postleitzahl"
            | "cap"
            | "τ.κ"
            | "индекс"
    )
}

/// Words that name a number (`No. 5`, `nr. 4`, `No: 24`, `H.No. 61`).
fn number_marker(t: &str) -> bool {
    let mut b = [0u8; 40];
    matches!(
        lower_in(t, &mut b).unwrap_or(""),
        "no."
            | "no"
            | "nr."
            | "nr"
            | "n°"
            | "nº"
            | "n."
            | "č."
            | "br."
            | "#"
            | "num."
            | "número"
            | "h.no."
            | "h.no"
            | "nо."
    )
}

/// Words that start a unit or a house (`Apt. 5`, `Flat`, `kv. 95`, `Int. 1`, `bl. 6`).
fn unit_word(t: &str) -> bool {
    let mut b = [0u8; 40];
    matches!(
        lower_in(t, &mut b).unwrap_or("").trim_end_matches('.'),
        "apt"
            | "apartment"
            | "suite"
            | "ste"
            | "unit"
            | "flat"
            | "int"
            | "kv"
            | "d"
            | "daire"
            | "lgh"
            | "wohnung"
            | "whg"
            | "piso"
            | "apto"
            | "ap"
            | "ап"
            | "вх"
            | "ет"
            | "bl"
            | "sc"
            | "et"
            | "top"
            | "lok"
            | "m"
            | "em"
            | "ajtó"
            | "bus"
            | "bte"
            | "casa"
            | "bloco"
            | "fl"
            | "floor"
            | "app"
            | "appt"
            | "esc"
            | "puerta"
            | "dpto"
            | "depto"
            | "house"
            | "room"
            | "rm"
            | "bldg"
            | "building"
            | "plot"
            | "door"
            | "lote"
            | "sala"
            | "andar"
            | "lt"
            | "кв"
            | "оф"
            | "корп"
            | "буд"
            | "of"
            | "korp"
            | "hab"
            | "dto"
    )
}

struct Scan<'a> {
    text: &'a str,
    toks: Vec<Tok>,
}

impl<'a> Scan<'a> {
    fn t(&self, i: usize) -> &'a str {
        &self.text[self.toks[i].start..self.toks[i].end]
    }

    fn gap(&self, i: usize) -> Gap {
        self.toks[i].gap
    }

    /// The number after token `i` (`12`, `No. 5`, `nr. 4`, `No: 24`), with what may follow
    /// it (`Int. 1`, `, kv. 95`, `, 6º B`): the index of its last token.
    fn number_after(&self, i: usize, comma_ok: bool) -> Option<usize> {
        let n = self.toks.len();
        let mut j = i + 1;
        if j >= n {
            return None;
        }
        let gap_ok = |g: Gap| g == Gap::Space || (comma_ok && g == Gap::Comma);
        if !gap_ok(self.gap(j)) {
            return None;
        }
        if number_marker(self.t(j))
            && j + 1 < n
            && matches!(self.gap(j + 1), Gap::Space | Gap::Colon)
        {
            j += 1;
        }
        let t = self.t(j);
        if !house_number(t) || year_like(t) {
            return None;
        }
        Some(self.unit_tail(j))
    }

    /// Unit details after a house number: `Int. 1`, `, kv. 95`, `, 6º B`, `4. em. 15.`,
    /// `, bl. 6, ap. 43`, `D: 27`.
    fn unit_tail(&self, mut j: usize) -> usize {
        let n = self.toks.len();
        for _ in 0..4 {
            let k = j + 1;
            if k >= n || !matches!(self.gap(k), Gap::Space | Gap::Comma) {
                break;
            }
            let mut k = k;
            if matches!(self.t(k), "-" | "–") && k + 1 < n && self.gap(k + 1) == Gap::Space {
                k += 1;
            }
            let t = self.t(k);
            if unit_word(t)
                && k + 1 < n
                && matches!(self.gap(k + 1), Gap::Space | Gap::Colon)
                && short_unit(self.t(k + 1))
            {
                j = k + 1;
                continue;
            }
            // `6º`, `4.`, `7ºD`.
            let t = match t
                .char_indices()
                .find(|&(_, c)| matches!(c, 'º' | '°' | 'ª'))
            {
                Some((i, c))
                    if t.len() - i - c.len_utf8() <= 1
                        && t[i + c.len_utf8()..]
                            .chars()
                            .all(|c| c.is_ascii_uppercase()) =>
                {
                    t
                }
                _ => t,
            };
            let ord = t
                .trim_end_matches(|c: char| c.is_ascii_uppercase())
                .trim_end_matches(['º', '°', 'ª', '.']);
            if t != ord
                && !ord.is_empty()
                && ord.len() <= 3
                && ord.bytes().all(|b| b.is_ascii_digit())
            {
                j = k;
                // `6º B`, `2º Esq.`, `5º Dto.`.
                if k + 1 < n && self.gap(k + 1) == Gap::Space && {
                    let u = self.t(k + 1);
                    (u.chars().count() == 1 && u.chars().all(|c| c.is_ascii_uppercase()))
                        || matches!(
                            lower_in(u, &mut [0u8; 40])
                                .unwrap_or("")
                                .trim_end_matches('.'),
                            "esq" | "dto" | "dta" | "izq" | "izda" | "dcha" | "frente" | "drt"
                        )
                } {
                    j = k + 1;
                }
                continue;
            }
            break;
        }
        j
    }
}

fn short_unit(t: &str) -> bool {
    let t = t.trim_end_matches('.');
    !t.is_empty()
        && t.chars().count() <= 6
        && t.chars().all(|c| c.is_alphanumeric() || c == '-')
        && (t.bytes().any(|b| b.is_ascii_digit()) || t.chars().count() == 1)
}

// Street addresses and postcodes are found in two steps: [`prepare`] reads the text alone
// (on another thread while the rules run, for a long text), [`find_prepared`] then adds to
// the findings so far (streets the rules or labels found lead to their postcodes, and no new
// finding is made inside a finding of another kind).

/// What the address stage reads from the text alone, before it looks at the other findings:
/// the tokens, the streets and postcodes of every reading but those led by streets the rules
/// found (`None`: a text with no token near a digit, where nothing is found).
pub struct Prepared<'a> {
    scan: Scan<'a>,
    /// Streets as token ranges (first, last).
    streets: Vec<(usize, usize)>,
    /// Streets in CJK scripts, as byte spans.
    cjk: Vec<(usize, usize)>,
    /// Postcodes (token ranges) read after a street, then those after the streets above,
    /// then (`own`) those after their own words; the rules' streets' postcodes go between.
    postcodes: Vec<(usize, usize)>,
    own: Vec<(usize, usize)>,
    /// `〒` postcodes, as findings.
    marked: Vec<Finding>,
}

impl Prepared<'_> {
    /// The token holding byte `pos`.
    fn tok_at(&self, pos: usize) -> Option<usize> {
        tok_at(&self.scan.toks, pos)
    }
}

/// The token of `toks` (in text order) holding byte `pos`.
fn tok_at(toks: &[Tok], pos: usize) -> Option<usize> {
    let i = toks.partition_point(|t| t.start <= pos).checked_sub(1)?;
    (pos < toks[i].end).then_some(i)
}

/// The token holding byte `pos` (as [`tok_at`] finds it), looked for from the token `hint`,
/// which it then holds: the marks of the street automaton come in text order, each near the
/// one before (an overlapping match starts at most a few words back), so a few steps from
/// the last mark's token find it, where a binary search over all the tokens took a dozen.
/// Farther away, the binary search.
fn tok_near(toks: &[Tok], pos: usize, hint: &mut usize) -> Option<usize> {
    const STEPS: usize = 8;
    let last = toks.len().checked_sub(1)?;
    let mut i = (*hint).min(last);
    let mut steps = 0;
    // `i` becomes the last token starting at or before `pos`.
    if toks[i].start <= pos {
        while i < last && toks[i + 1].start <= pos && steps < STEPS {
            i += 1;
            steps += 1;
        }
    } else {
        while i > 0 && toks[i].start > pos && steps < STEPS {
            i -= 1;
            steps += 1;
        }
    }
    if steps == STEPS {
        i = toks.partition_point(|t| t.start <= pos).checked_sub(1)?;
    } else if toks[i].start > pos {
        // Before the first token.
        return None;
    }
    *hint = i;
    (pos < toks[i].end).then_some(i)
}

/// The lists [`prepare`] and [`find_prepared`] fill, kept on each thread for its next text
/// (as the rules keep theirs): a 1 KB text's address stage allocated, grew and freed a
/// dozen of them, about 7,000 instructions of a 1 KB redaction. A text's prepared lists go
/// back when [`find_prepared`] is done with them.
struct Lists {
    toks: Vec<Tok>,
    ranges: Vec<(usize, usize)>,
    digit_toks: Vec<usize>,
    digit_count: Vec<u32>,
    streets: Vec<(usize, usize)>,
    cjk: Vec<(usize, usize)>,
    postcodes: Vec<(usize, usize)>,
    own: Vec<(usize, usize)>,
    lead: Vec<usize>,
    other: Vec<(usize, usize)>,
    mine: Vec<(usize, usize)>,
    hits: Vec<(usize, usize)>,
    have: Vec<(usize, usize)>,
}

/// The longest lists [`LISTS`] keeps (a long text's are dropped with it).
const LISTS_KEPT: usize = 4096;

impl Lists {
    const EMPTY: Lists = Lists {
        toks: Vec::new(),
        ranges: Vec::new(),
        digit_toks: Vec::new(),
        digit_count: Vec::new(),
        streets: Vec::new(),
        cjk: Vec::new(),
        postcodes: Vec::new(),
        own: Vec::new(),
        lead: Vec::new(),
        other: Vec::new(),
        mine: Vec::new(),
        hits: Vec::new(),
        have: Vec::new(),
    };

    /// Keeps the lists for the thread's next text, but those a long text grew.
    fn put(mut self) {
        fn fit<T>(v: &mut Vec<T>) {
            if v.capacity() > LISTS_KEPT {
                *v = Vec::new();
            }
        }
        fit(&mut self.toks);
        fit(&mut self.ranges);
        fit(&mut self.digit_toks);
        fit(&mut self.digit_count);
        fit(&mut self.streets);
        fit(&mut self.cjk);
        fit(&mut self.postcodes);
        fit(&mut self.own);
        fit(&mut self.lead);
        fit(&mut self.other);
        fit(&mut self.mine);
        fit(&mut self.hits);
        fit(&mut self.have);
        LISTS.set(self);
    }
}

impl Default for Lists {
    fn default() -> Lists {
        Lists::EMPTY
    }
}

thread_local! {
    static LISTS: std::cell::Cell<Lists> = const { std::cell::Cell::new(Lists::EMPTY) };
}

/// `v` emptied to be filled again, its room kept.
fn cleared<T>(v: &mut Vec<T>) -> Vec<T> {
    let mut v = std::mem::take(v);
    v.clear();
    v
}

/// Fills `counts` (empty) with how many of `digit_toks` (ascending, each below `n`) are below
/// each index up to `n`. Each stretch between two of them is filled at once (where a flag a
/// token was set, then counted token by token).
fn digit_counts(digit_toks: &[usize], n: usize, counts: &mut Vec<u32>) {
    let mut count = 0u32;
    for &d in digit_toks {
        counts.resize(d + 1, count);
        count += 1;
    }
    counts.resize(n + 1, count);
}

/// The address stage's reading of the text alone ([`Prepared`]).
pub fn prepare(text: &str) -> Option<Prepared<'_>> {
    if !text.bytes().any(|b| b.is_ascii_digit()) {
        return None;
    }
    let types = &*TYPES;
    let mut l = LISTS.take();
    let mut toks = cleared(&mut l.toks);
    tokens_near_digits_into(text, &mut l.ranges, &mut toks);
    if toks.is_empty() {
        l.toks = toks;
        l.put();
        return None;
    }
    let scan = Scan { text, toks };
    // The tokens with a digit, ascending (each is met once: the search goes on after it).
    // The digits are looked for in the text (32 bytes at a time), each token's after its
    // first one passed over.
    let mut digit_toks = cleared(&mut l.digit_toks);
    let (b, mut p, mut ti) = (text.as_bytes(), 0, 0);
    while let Some(q) = next_digit(b, p) {
        while ti < scan.toks.len() && scan.toks[ti].end <= q {
            ti += 1;
        }
        let Some(t) = scan.toks.get(ti) else {
            break;
        };
        if t.start <= q {
            digit_toks.push(ti);
            p = t.end;
        } else {
            p = q + 1;
        }
    }
    // The tokens with a digit before each token (`digit_count[i]`, of `toks[..i]`), to the
    // last: a street has its number within a few tokens of its type word, so marks far from
    // any digit are passed over at once. Each stretch between two tokens with a digit is
    // filled with the count at once.
    let n = scan.toks.len();
    let mut digit_count = cleared(&mut l.digit_count);
    digit_counts(&digit_toks, n, &mut digit_count);
    let digits_near = |a: usize, b: usize| {
        let (a, b) = (a.saturating_sub(6), (b + 9).min(n));
        digit_count[b] > digit_count[a]
    };
    // Streets as token ranges (first, last).
    let mut streets = cleared(&mut l.streets);
    // The automaton reads only the stretches around numbers (a street has its number within
    // a few words of its type): in long prose that is a small part of the text.
    let mut ranges = cleared(&mut l.ranges);
    for &i in &digit_toks {
        let a = scan.toks[i.saturating_sub(6)].start;
        let b = scan.toks[(i + 8).min(n - 1)].end;
        match ranges.last_mut() {
            Some(last) if a <= last.1 => last.1 = last.1.max(b),
            _ => ranges.push((a, b)),
        }
    }
    // Each mark as the scan meets it (in the order of an overlapping search of each range).
    let mut hint = 0;
    let mut on_mark = |m_start: usize, m_end: usize, pid: usize| {
        // Marks inside a word (`report`, `mostly`) start no street: a type stands at a word's
        // start or end.
        // ASCII neighbours are tested on their byte (`char::is_alphanumeric` of an ASCII
        // character is `u8::is_ascii_alphanumeric`); others decoded.
        let b = text.as_bytes();
        let starts_word = match m_start.checked_sub(1).map(|p| b[p]) {
            None => true,
            Some(c) if c < 0x80 => !c.is_ascii_alphanumeric(),
            Some(_) => text[..m_start]
                .chars()
                .next_back()
                .is_none_or(|c| !c.is_alphanumeric()),
        };
        let ends_word = match b.get(m_end) {
            None => true,
            Some(&c) if c < 0x80 => !c.is_ascii_alphanumeric(),
            Some(_) => text[m_end..]
                .chars()
                .next()
                .is_none_or(|c| !c.is_alphanumeric()),
        };
        if !starts_word && !ends_word {
            return;
        }
        let places = types.places[pid];
        let (Some(j), Some(k)) = (
            tok_near(&scan.toks, m_start, &mut hint),
            tok_near(&scan.toks, m_end - 1, &mut hint),
        ) else {
            return;
        };
        if !digits_near(j, k) {
            return;
        }
        let (ts, te) = (scan.toks[j].start, scan.toks[k].end);
        let te_ = if text[..te].ends_with('.') && m_end == te - 1 {
            te - 1
        } else {
            te
        };
        let whole = m_start == ts && m_end == te_;
        let glued = m_end == te_ && j == k && m_start > ts && {
            let before = &text[ts..m_start];
            let letters = before.chars().filter(|c| c.is_alphabetic()).count();
            letters >= 3
                || (before.ends_with('-') && letters >= 2)
                || text[m_start..].starts_with('-')
        };
        let matched = &text[m_start..m_end];
        // Thai writes the type glued to the name after the number: `52 ถนนบุณยะภาชน์`.
        if m_start == ts
            && j == k
            && m_end < te
            && places & PRE != 0
            && matched
                .chars()
                .next()
                .is_some_and(|c| ('\u{E00}'..='\u{E7F}').contains(&c))
            && j > 0
            && scan.gap(j) == Gap::Space
            && house_number(scan.t(j - 1))
        {
            streets.push((j - 1, j));
            return;
        }
        let lower = matched.chars().next().is_some_and(char::is_lowercase);
        let number_before = j > 0 && house_number(scan.t(j - 1));
        if whole
            && places & PRE != 0
            && (!lower || types.lower_ok[pid] || number_before)
            && let Some(r) = pre_street(&scan, j, k)
        {
            streets.push(r);
            return;
        }
        if whole
            && places & SUF != 0
            && let Some(r) = suf_street(&scan, j, k)
        {
            streets.push(r);
            return;
        }
        if glued && places & GLUE != 0 && is_cap(scan.t(j)) && is_word(scan.t(j)) {
            if let Some(last) = scan.number_after(k, false) {
                // `Fælledens Passagestræde 57`, `Alte Landstraße 5`.
                let first = if j > 0
                    && scan.gap(j) == Gap::Space
                    && is_word(scan.t(j - 1))
                    && is_cap(scan.t(j - 1))
                    && !stop(scan.t(j - 1))
                    && !month(scan.t(j - 1))
                    && (j == 1 || scan.gap(j - 1) != Gap::Space || stop(scan.t(j - 2)))
                {
                    j - 1
                } else {
                    j
                };
                streets.push((first, last));
                return;
            }
            if places & NUM_FIRST != 0
                && let Some(r) = num_first(&scan, j, k, false, true)
            {
                streets.push(r);
                return;
            }
        }
        if whole && places & NUM_FIRST != 0 {
            let mut b = [0u8; 40];
            let strong = lower_in(matched, &mut b).is_some_and(|l| STRONG.contains(&l));
            if let Some(r) = num_first(&scan, j, k, strong, false) {
                streets.push(r);
            }
        }
    };
    for &(a, b) in &ranges {
        types.ac.each_in(text.as_bytes(), a, b, &mut on_mark);
    }
    // Streets without a type word, read from the postcode after them.
    let mut postcodes = cleared(&mut l.postcodes);
    for &i in &digit_toks {
        if year_like(scan.t(i).trim_end_matches('.')) {
            continue;
        }
        let Some(last) = postcode_at(&scan, i) else {
            continue;
        };
        if let Some(r) = street_before_postcode(&scan, i)
            && (r.1 + 1 < i || city_after(&scan, last))
        {
            streets.push(r);
            postcodes.push((i, last));
        }
    }
    // The tokens with a digit in them, in the one before or in the eight after (what
    // `digits_near(i + 5, i)` tests), in order: those from eight before each token with a
    // digit to the one after it.
    let mut next = 0;
    let near_digits = digit_toks.iter().flat_map(|&d| {
        let from = d.saturating_sub(8).max(next);
        next = (d + 2).min(n);
        from..next
    });
    for i in near_digits {
        // Each reading's first test of the token, made here on its bytes: most tokens
        // are none of these.
        let Tok {
            start, end, gap, ..
        } = scan.toks[i];
        let first = text.as_bytes()[start];
        let cue = i > 0 && gap != Gap::Line && {
            let p = scan.toks[i - 1];
            may_be_cue(&text.as_bytes()[p.start..p.end])
        };
        let house = match first {
            // `house`, `flat`, `h.no.`, `h.no` (their own length: see `house_first`).
            b'H' | b'h' | b'F' | b'f' => (4..=5).contains(&(end - start)),
            // `40-1-12`.
            b'0'..=b'9' => text.as_bytes()[start..end].contains(&b'-'),
            _ => false,
        };
        let cesta = gap == Gap::Comma && end - start == 5;
        if let Some(r) = cue
            .then(|| street_after_cue(&scan, i))
            .flatten()
            .or_else(|| house.then(|| house_first(&scan, i)).flatten())
            .or_else(|| cesta.then(|| numbered_cesta(&scan, i)).flatten())
        {
            streets.push(r);
        }
    }
    let mut cjk = cleared(&mut l.cjk);
    cjk_streets(text, &mut cjk);
    korean_streets(text, &mut cjk);
    cjk.sort_unstable();
    // Streets of other stages lead to their postcodes too (the rules' streets in
    // `find_prepared`).
    let mut lead = cleared(&mut l.lead);
    lead.extend(streets.iter().map(|r| r.1));
    for &(_, e) in &cjk {
        if let Some(i) = tok_at(&scan.toks, e - 1) {
            lead.push(i);
        }
    }
    for &last in &lead {
        if let Some(p) = postcode_after(&scan, last) {
            postcodes.push(p);
        }
    }
    // Postcodes after their own words.
    let mut own = cleared(&mut l.own);
    let mut marked: Vec<Finding> = Vec::new();
    let b = text.as_bytes();
    for &i in digit_toks.iter().skip_while(|&&i| i == 0) {
        // The word before read only when its first byte may start a cue (most do not).
        if may_be_postcode_cue(b[scan.toks[i - 1].start]) {
            let w = scan.t(i - 1);
            let cue = postcode_word(w)
                || (i >= 2 && w.eq_ignore_ascii_case("code") && postcode_word(scan.t(i - 2)));
            if cue && matches!(scan.gap(i), Gap::Space | Gap::Colon | Gap::Other) {
                if let Some(last) = postcode_at(&scan, i) {
                    own.push((i, last));
                } else if w == "CEP" && eight_digits(scan.t(i)) {
                    own.push((i, i));
                }
            }
        }
        // `〒` is written 0xE3 0x80 0x92.
        if b[scan.toks[i].start] == 0xE3
            && let Some(rest) = scan.t(i).strip_prefix('〒')
            && !rest.is_empty()
            && rest.bytes().all(|b| b.is_ascii_digit() || b == b'-')
        {
            marked.push(Finding::new(
                scan.toks[i].start + '〒'.len_utf8(),
                scan.toks[i].end,
                Kind::Postcode,
                "address-postcode",
            ));
        }
    }
    (l.digit_toks, l.digit_count, l.ranges, l.lead) = (digit_toks, digit_count, ranges, lead);
    l.put();
    Some(Prepared {
        scan,
        streets,
        cjk,
        postcodes,
        own,
        marked,
    })
}

/// Appends the street addresses and postcodes of the text [`prepare`] read to `found` (the
/// findings so far): the postcodes the rules' streets lead to, then every street and postcode
/// not inside a finding of another kind.
pub fn find_prepared(prepared: Option<Prepared<'_>>, found: &mut Vec<Finding>) {
    let Some(mut p) = prepared else {
        return;
    };
    let text = p.scan.text;
    let mut l = LISTS.take();
    // Spans of findings that are not addresses: nothing new starts inside them.
    let mut other = cleared(&mut l.other);
    other.extend(
        found
            .iter()
            .filter(|f| !matches!(f.kind, Kind::StreetAddress | Kind::Postcode | Kind::Person))
            .map(|f| (f.start, f.end)),
    );
    other.sort_unstable();
    // A finding the street holds entirely (`H.No` read as a host name) does not stop it:
    // overlap resolution prefers the street that contains it.
    let inside_other = |s: usize, e: usize| {
        let i = other.partition_point(|o| o.0 < e);
        other[..i]
            .iter()
            .rev()
            .take(8)
            .any(|o| o.1 > s && !(s <= o.0 && o.1 <= e))
    };
    let mut postcodes = std::mem::take(&mut p.postcodes);
    for f in found.iter().filter(|f| f.kind == Kind::StreetAddress) {
        if let Some(i) = p.tok_at(f.end.saturating_sub(1))
            && let Some(pc) = postcode_after(&p.scan, i)
        {
            postcodes.push(pc);
        }
    }
    postcodes.extend_from_slice(&p.own);
    found.extend_from_slice(&p.marked);
    let (scan, cjk, streets) = (&p.scan, p.cjk, p.streets);
    let mut mine = cleared(&mut l.mine);
    for &(s, e) in &cjk {
        if !inside_other(s, e) {
            found.push(Finding::new(s, e, Kind::StreetAddress, "address"));
        }
    }
    for &(a, b) in &streets {
        let (s, e) = (
            scan.toks[a].start,
            trim_end(text, scan.toks[a].start, scan.toks[b].end),
        );
        if s < e && !inside_other(s, e) {
            found.push(Finding::new(s, e, Kind::StreetAddress, "address"));
            mine.push((s, e));
            // A Mexican colonia after the street, on its line or the next: `Col. Velásquez`.
            if let Some(r) = colonia(scan, b + 1) {
                found.push(Finding::new(r.0, r.1, Kind::StreetAddress, "address"));
                mine.push(r);
            }
        }
    }
    for &(a, b) in &postcodes {
        let (s, mut e) = (
            scan.toks[a].start,
            trim_end(text, scan.toks[a].start, scan.toks[b].end),
        );
        if text[..e].ends_with('.') {
            e -= 1;
        }
        if s < e && !inside_other(s, e) {
            found.push(Finding::new(s, e, Kind::Postcode, "address-postcode"));
        }
    }
    repeats(text, &mut mine, found, &mut l);
    // A label's value that starts inside a street is a word of the street read as a label
    // (`ul.`, `nr.`): the street and its postcode stand instead.
    mine.sort_unstable();
    found.retain(|f| {
        f.rule != "field-address" || {
            let i = mine.partition_point(|m| m.0 < f.start);
            i == 0 || mine[i - 1].1 <= f.start
        }
    });
    // The lists, the prepared ones too, kept for the thread's next text.
    (l.other, l.mine, l.toks) = (other, mine, p.scan.toks);
    (l.streets, l.cjk, l.postcodes, l.own) = (streets, cjk, postcodes, p.own);
    l.put();
}

/// A Hangul syllable.
fn hangul(c: char) -> bool {
    matches!(c as u32, 0xAC00..=0xD7A3)
}

/// Korean road addresses up to the building and flat: a road name in Hangul, its number,
/// then `NNN동` and `NNN호` if given (`봉은사 71`, `개포 133 103동 1282호`); taken after the
/// city or district that ends in 시, 구 or 군 (`강릉시 봉은사 71`), or, anywhere, when the
/// building and flat follow.
fn korean_streets(text: &str, out: &mut Vec<(usize, usize)>) {
    // Pushed after what `out` holds, which a street here is not compared with.
    let base = out.len();
    // Only the stretches around Hangul are read (a road and its number, the city before
    // it, the building and flat after it lie within a few words of it). Hangul syllables
    // are encoded with a first byte of 0xEA to 0xED.
    const NEAR: usize = 160;
    let b = text.as_bytes();
    let mut stretches: Vec<(usize, usize)> = Vec::new();
    let mut p = 0;
    while let Some(at) = next_byte(b, p, |c| (0xEA..=0xED).contains(&c)) {
        let (a, z) = (at.saturating_sub(NEAR), (at + NEAR).min(b.len()));
        match stretches.last_mut() {
            Some(last) if a <= last.1 => last.1 = z,
            _ => stretches.push((a, z)),
        }
        p = at + 1;
    }
    for (a, z) in stretches {
        // Whole words only: from after the first space, to before the last one.
        let a = if a == 0 {
            0
        } else {
            b[a..z]
                .iter()
                .position(u8::is_ascii_whitespace)
                .map_or(z, |o| a + o)
        };
        let z = if z == b.len() {
            z
        } else {
            b[a..z]
                .iter()
                .rposition(u8::is_ascii_whitespace)
                .map_or(a, |o| a + o)
        };
        if a < z && text[a..z].chars().any(hangul) {
            korean_streets_in(text, a, z, out, base);
        }
    }
}

/// Pushes the Korean streets of `text[from..to]` onto `out`, each after the last street
/// of `out[base..]`.
fn korean_streets_in(
    text: &str,
    from: usize,
    to: usize,
    out: &mut Vec<(usize, usize)>,
    base: usize,
) {
    // Words with their byte spans.
    let words: Vec<(usize, &str)> = text[from..to]
        .split_ascii_whitespace()
        .map(|w| (w.as_ptr() as usize - text.as_ptr() as usize, w))
        .collect();
    let number = |w: &str| {
        let w = w.trim_end_matches(',');
        !w.is_empty()
            && w.len() <= 9
            && w.bytes().all(|b| b.is_ascii_digit() || b == b'-')
            && w.as_bytes()[0].is_ascii_digit()
    };
    let unit = |w: &str, sign: char| {
        let w = w.trim_end_matches(',');
        w.strip_suffix(sign)
            .is_some_and(|d| !d.is_empty() && d.len() <= 5 && d.bytes().all(|b| b.is_ascii_digit()))
    };
    let area = |w: &str| w.ends_with(['시', '구', '군']) && w.chars().all(hangul);
    for i in 0..words.len().saturating_sub(1) {
        let (s, road) = words[i];
        let road_ok = road.chars().all(hangul) && (1..=8).contains(&road.chars().count());
        if !road_ok || area(road) || road.ends_with('도') || !number(words[i + 1].1) {
            continue;
        }
        let mut last = i + 1;
        if words.get(last + 1).is_some_and(|w| unit(w.1, '동')) {
            last += 1;
        }
        if words.get(last + 1).is_some_and(|w| unit(w.1, '호')) {
            last += 1;
        }
        let after_area = i >= 1 && area(words[i - 1].1);
        if !after_area && last == i + 1 {
            continue;
        }
        let (ls, lw) = words[last];
        let end = ls + lw.trim_end_matches(',').len();
        if out[base..].last().is_none_or(|&(_, e)| e <= s) {
            out.push((s, end));
        }
    }
}

/// Chinese and Japanese streets up to their house number: `山亭东莞街690号` after the
/// province and county (`山东省雪梅县`), `台場36丁目12番3号` after the ward (`東京都足立区`).
fn cjk_streets(text: &str, out: &mut Vec<(usize, usize)>) {
    // Pushed after what `out` holds, which a street here is not compared with.
    let base = out.len();
    let cjk = |c: char| matches!(c as u32, 0x3040..=0x30FF | 0x4E00..=0x9FFF);
    let stopper = |c: char| "省市县区縣區都道府県町村郡州".contains(c);
    // The first bytes of both signs are looked for together, 32 bytes at a time (no
    // character of the text is decoded for it).
    let b = text.as_bytes();
    let mut marks: Vec<(usize, char)> = Vec::new();
    let mut p = 0;
    while let Some(i) = next_byte(b, p, |c| c == 0xE5 || c == 0xE8) {
        for c in ['号', '號'] {
            if b[i..].starts_with(c.encode_utf8(&mut [0; 4]).as_bytes()) {
                marks.push((i, c));
            }
        }
        p = i + 1;
    }
    for (i, c) in marks {
        let end = i + c.len_utf8();
        let mut start = i;
        let mut digits = 0;
        for (count, (k, d)) in text[..i].char_indices().rev().enumerate() {
            if count >= 24 || stopper(d) || !(d.is_ascii_digit() || cjk(d)) {
                break;
            }
            if d.is_ascii_digit() {
                digits += 1;
            }
            start = k;
        }
        let first = text[start..].chars().next();
        if digits > 0
            && digits <= 12
            && first.is_some_and(|f| !f.is_ascii_digit())
            && text[..i]
                .chars()
                .next_back()
                .is_some_and(|d| d.is_ascii_digit())
            && out[base..].last().is_none_or(|&(_, e)| e <= start)
        {
            out.push((start, end));
        }
    }
}

/// A Ljubljana-style street named after its district and numbered in Roman numerals:
/// `Vrhovci, cesta XIV 35`, `Novo Polje, cesta XXIII 3`; `i` is the token `cesta`.
fn numbered_cesta(scan: &Scan, i: usize) -> Option<(usize, usize)> {
    let n = scan.toks.len();
    if i == 0
        || i + 2 >= n
        || scan.gap(i) != Gap::Comma
        || scan.toks[i].end - scan.toks[i].start != 5
        || scan.t(i) != "cesta"
    {
        return None;
    }
    let roman = |t: &str| !t.is_empty() && t.len() <= 8 && t.bytes().all(|c| b"IVXLC".contains(&c));
    if !roman(scan.t(i + 1))
        || scan.gap(i + 1) != Gap::Space
        || scan.gap(i + 2) != Gap::Space
        || !house_number(scan.t(i + 2))
    {
        return None;
    }
    // The district before the comma: one or two capitalised words.
    let mut a = i - 1;
    if !is_cap(scan.t(a)) {
        return None;
    }
    if a >= 1 && scan.gap(a) == Gap::Space && is_cap(scan.t(a - 1)) {
        a -= 1;
    }
    Some((a, i + 2))
}

/// `Col. Velásquez`, `Colonia Del Valle` at token `c`, right after a street (a comma or a
/// line break between): the byte span of the colonia word and its capitalised name.
fn colonia(scan: &Scan, c: usize) -> Option<(usize, usize)> {
    let n = scan.toks.len();
    if c + 1 >= n || !matches!(scan.gap(c), Gap::Comma | Gap::Line) {
        return None;
    }
    let w = scan.t(c).trim_end_matches('.');
    if !(w.eq_ignore_ascii_case("col") || w.eq_ignore_ascii_case("colonia")) {
        return None;
    }
    let mut last = c;
    while last + 1 < n
        && last - c < 4
        && scan.gap(last + 1) == Gap::Space
        && (is_cap(scan.t(last + 1)) || particle(scan.t(last + 1)))
    {
        last += 1;
    }
    while last > c && particle(scan.t(last)) {
        last -= 1;
    }
    (last > c).then(|| (scan.toks[c].start, scan.toks[last].end))
}

fn trim_end(text: &str, s: usize, mut e: usize) -> usize {
    // A full stop after the last number is the street's (`Béke utca 67.`) only when it is a
    // Hungarian-style number; one ending a sentence is left alone.
    while e > s && text[..e].ends_with(',') {
        e -= 1;
    }
    e
}

/// `Calle de Alcalá 120`, `ul. Polna 14/3`, `11 rue Éléonore`, `vul. Peresipska 5-ta, 11`.
fn pre_street(scan: &Scan, j: usize, k: usize) -> Option<(usize, usize)> {
    let n = scan.toks.len();
    // Number first: `11 rue Éléonore`, `6 bis boulevard Bernard`, `12, montée Pénélope`.
    if j >= 1 {
        let mut a = j - 1;
        if (scan.t(a).eq_ignore_ascii_case("bis") || scan.t(a).eq_ignore_ascii_case("ter"))
            && a >= 1
            && scan.gap(j) == Gap::Space
        {
            a -= 1;
        }
        let t = scan.t(a);
        // A number of three groups (`666-49-53`, a phone in the cell before) is no house
        // number in front of a type.
        let groups = t.split(['-', '/']).count();
        // `12, montée Pénélope` at the start of a field, or after a word that says a place
        // follows (`livrez au 15, route Sébastien`, `Our office is at 4, route Odette`).
        let place_before = a >= 1
            && (cue_before(scan, a)
                || matches!(
                    scan.t(a - 1),
                    "au" | "at"
                        | "à"
                        | "en"
                        | "in"
                        | "to"
                        | "Au"
                        | "At"
                        | "situé"
                        | "située"
                        | "l'adresse"
                        | "l’adresse"
                ));
        if house_number(t)
            && groups <= 2
            && !year_like(t)
            && (scan.gap(a + 1) == Gap::Space
                || (scan.gap(a + 1) == Gap::Comma
                    && (a == 0 || scan.gap(a) != Gap::Space || place_before)))
            && !t.ends_with('.')
        {
            let mut last = k;
            let mut names = 0;
            while last + 1 < n && names < 4 && scan.gap(last + 1) == Gap::Space {
                let w = scan.t(last + 1);
                if !is_word(w) || (names > 0 && stop(w) && !particle(w)) {
                    break;
                }
                last += 1;
                if !particle(w) {
                    names += 1;
                }
            }
            while last > k && particle(scan.t(last)) {
                last -= 1;
            }
            if names > 0 && last > k {
                return Some((a, last));
            }
        }
    }
    // Name after the type, then the number.
    let mut i = k;
    let mut names = 0;
    while i + 1 < n && names < 6 {
        let g = scan.gap(i + 1);
        let w = scan.t(i + 1);
        if g == Gap::Space && !house_number(w) && !number_marker(w) && is_word(w) && !unit_word(w) {
            i += 1;
            if !particle(w) {
                names += 1;
            }
            continue;
        }
        break;
    }
    if names == 0 {
        return None;
    }
    // `Rue de la Paix`, `Cesta v Šmartno` are streets; `Via email` is not. A Slovene or
    // Czech preposition right after the type starts a name in lower case (`Pot v dolino 4`).
    let slavic_preposition = matches!(
        scan.t(k + 1),
        "v" | "na" | "pod" | "nad" | "za" | "k" | "ob" | "pri" | "od" | "do" | "u"
    );
    // Slovene names of three words or more are written in lower case after the type
    // (`Cesta slov. kmečkih uporov 28`).
    let slovene_long = names >= 3 && matches!(scan.t(j), "Cesta" | "Ulica" | "Pot" | "Trg");
    if is_cap(scan.t(j))
        && !slavic_preposition
        && !slovene_long
        && !(k + 1..=i).any(|x| is_cap(scan.t(x)) && !particle(scan.t(x)))
    {
        return None;
    }
    let last = scan.number_after(i, true)?;
    Some((j, last))
}

fn particle(w: &str) -> bool {
    let mut b = [0u8; 40];
    matches!(
        lower_in(w, &mut b).unwrap_or(""),
        "de" | "del"
            | "della"
            | "delle"
            | "dei"
            | "di"
            | "da"
            | "do"
            | "dos"
            | "das"
            | "la"
            | "le"
            | "les"
            | "los"
            | "las"
            | "du"
            | "des"
            | "d'"
            | "l'"
            | "y"
            | "e"
    )
}

/// `Béke utca 67.`, `Valdemāra iela 76`, `Vilniaus g. 13-27`, `Ziya Gökalp Sokak No: 24`.
fn suf_street(scan: &Scan, j: usize, k: usize) -> Option<(usize, usize)> {
    if j == 0 || scan.gap(j) != Gap::Space {
        return None;
    }
    let mut a = j;
    let mut taken = 0;
    while a > 0 && taken < 3 {
        let w = scan.t(a - 1);
        if !is_word(w) || stop(w) || house_number(w) {
            break;
        }
        a -= 1;
        taken += 1;
        if scan.gap(a) != Gap::Space {
            break;
        }
    }
    while a < j && !is_cap(scan.t(a)) {
        a += 1;
    }
    if a == j {
        return None;
    }
    let last = scan.number_after(k, false)?;
    Some((a, last))
}

/// `37 Gilbert Lights`, `18A Terry Mission`, `Unit 1955, 15 J.P. Laurel Avenue`, `Flat
/// H.No. 61, Suresh Path`, `52 Jong-ro` (glued: the type's own word is the name).
fn num_first(scan: &Scan, j: usize, k: usize, strong: bool, glued: bool) -> Option<(usize, usize)> {
    let mut a = j;
    let mut names = usize::from(glued);
    let mut lower = false;
    while a > 0 && names < 5 {
        let w = scan.t(a - 1);
        if scan.gap(a) != Gap::Space || house_number(w) || !is_word(w) || stop(w) {
            break;
        }
        if month(w) || sentence_end(w) {
            return None;
        }
        if !is_cap(w) && !w.starts_with(|c: char| c.is_ascii_digit()) {
            lower = true;
        }
        a -= 1;
        names += 1;
    }
    if names == 0 || a == 0 {
        return None;
    }
    // Lower-case names only before a strong type (`5 connors street`) or before a postcode
    // (`10 david alley, K1T 5P4`).
    if lower
        && !((a..j).all(|i| !is_cap(scan.t(i)))
            && (strong || postcode_after(scan, scan.unit_tail(k)).is_some()))
    {
        return None;
    }
    if !glued && !strong && !is_cap(scan.t(j)) && !lower {
        return None;
    }
    let g = scan.gap(a);
    let num = a - 1;
    let t = scan.t(num);
    if !house_number(t) || year_like(t) || t.ends_with('.') || !(g == Gap::Space || g == Gap::Comma)
    {
        return None;
    }
    // A number after a currency sign or a word for a quantity is no house.
    if num > 0 && matches!(scan.t(num - 1), "$" | "€" | "£") {
        return None;
    }
    let mut first = num;
    // `No. 6`, `House No. 21/13,`, `Flat H.No. 61,`, `Unit 1955, 15 …`.
    for _ in 0..3 {
        if first == 0 || !matches!(scan.gap(first), Gap::Space | Gap::Comma) {
            break;
        }
        let p = scan.t(first - 1);
        if number_marker(p) || unit_word(p) {
            first -= 1;
        } else if house_number(p)
            && first >= 2
            && scan.gap(first) == Gap::Comma
            && unit_word(scan.t(first - 2))
            && scan.gap(first - 1) == Gap::Space
        {
            first -= 2;
        } else {
            break;
        }
    }
    // `…, Apt. 4`, ` Suite 200`.
    let last = scan.unit_tail(k);
    Some((first, last))
}

/// A postcode starting at token `i`: the index of its last token. The formats of the 40
/// countries: `12345`, `1234`, `123 45`, `12-345`, `1234-567`, `12345-678`, `123456`,
/// `1234567`, `123-4567`, `12345-6789`, `LV-1234`, `1234 AB`, `A1A 1A1`, `SW1A 1AA`,
/// `D02 X285`.
fn postcode_at(scan: &Scan, i: usize) -> Option<usize> {
    let t = scan.t(i);
    let t1 = t.strip_suffix('.').unwrap_or(t);
    // Every format starts with a digit or a capital and is at most ten characters long.
    if t1.len() > 10
        || !t1
            .bytes()
            .next()
            .is_some_and(|c| c.is_ascii_digit() || c.is_ascii_uppercase())
    {
        return None;
    }
    let next = |i: usize| {
        (i + 1 < scan.toks.len() && scan.gap(i + 1) == Gap::Space).then(|| {
            let u = scan.t(i + 1);
            u.strip_suffix('.').unwrap_or(u)
        })
    };
    // A number of one or two digits is none of them.
    if t1.len() < 3 && t1.as_bytes()[0].is_ascii_digit() {
        return None;
    }
    let digits = |s: &str, n: usize| s.len() == n && s.bytes().all(|b| b.is_ascii_digit());
    // Digits only: the formats below that such a number can be, in their order.
    if t1.bytes().all(|b| b.is_ascii_digit()) {
        return match t1.len() {
            3 => next(i)
                .is_some_and(|u| digits(u, 2) || digits(u, 3))
                .then_some(i + 1),
            4 if next(i)
                .is_some_and(|u| u.len() == 2 && u.bytes().all(|b| b.is_ascii_uppercase())) =>
            {
                Some(i + 1)
            }
            4..=7 => Some(i),
            _ => None,
        };
    }
    if digits(t1, 3)
        && let Some(u) = next(i)
        && (digits(u, 2) || digits(u, 3))
    {
        return Some(i + 1);
    }
    if digits(t1, 4)
        && let Some(u) = next(i)
        && u.len() == 2
        && u.bytes().all(|b| b.is_ascii_uppercase())
    {
        return Some(i + 1);
    }
    if (4..=7).contains(&t1.len()) && t1.bytes().all(|b| b.is_ascii_digit()) {
        return Some(i);
    }
    if let Some((a, b)) = t1.split_once('-') {
        let ok = (digits(a, 2) && digits(b, 3))
            || (digits(a, 4) && digits(b, 3))
            || (digits(a, 5) && (digits(b, 3) || digits(b, 4)))
            || (digits(a, 3) && digits(b, 4))
            || (a.len() == 2
                && a.bytes().all(|c| c.is_ascii_uppercase())
                && (digits(b, 4) || digits(b, 5)));
        if ok {
            return Some(i);
        }
    }
    // Alphanumeric formats (UK, Canada, Ireland, the Netherlands written together).
    let alnum = |s: &str| {
        s.bytes()
            .all(|b| b.is_ascii_uppercase() || b.is_ascii_digit())
    };
    if (2..=4).contains(&t1.len())
        && alnum(t1)
        && t1.as_bytes()[0].is_ascii_uppercase()
        && t1.bytes().any(|b| b.is_ascii_digit())
        && let Some(u) = next(i)
        && (3..=4).contains(&u.len())
        && alnum(u)
    {
        return Some(i + 1);
    }
    if (5..=7).contains(&t1.len())
        && alnum(t1)
        && t1.bytes().filter(u8::is_ascii_digit).count() >= 2
        && t1.bytes().filter(u8::is_ascii_uppercase).count() >= 2
    {
        return Some(i);
    }
    None
}

/// The postcode after a street ending at token `last`: right after a comma, a cell or a
/// line break (`Kerkstraat 12, 1234 AB Amsterdam`, `…\n57320 Tyrnävä`), or after the city
/// (`Estonská 10, Nejdek 359 99`, `39 Silom Road, Huai Khwang, Bangkok 10397`).
fn postcode_after(scan: &Scan, last: usize) -> Option<(usize, usize)> {
    let n = scan.toks.len();
    let mut i = last + 1;
    let mut words = 0;
    let mut lines = 0u32;
    let mut crossed = false;
    while i < n && words <= 6 {
        let g = scan.gap(i);
        lines += u32::from(scan.toks[i].lines);
        // `…, (35014)`: a postcode in brackets.
        let bracket = g == Gap::Other
            && scan.text[scan.toks[i - 1].end..scan.toks[i].start].trim_matches([' ', ',']) == "(";
        // A bracket after the end of a sentence is something else (`… Knurów. The vehicle
        // (QSX 054DP)`).
        if lines > 3 || (g == Gap::Other && (!bracket || crossed)) {
            return None;
        }
        if let Some(e) = postcode_at(scan, i) {
            if words == 0 && g == Gap::Space {
                return None;
            }
            // Not the start of a longer number.
            if e + 1 < n
                && scan.gap(e + 1) == Gap::Space
                && scan
                    .t(e + 1)
                    .bytes()
                    .next()
                    .is_some_and(|b| b.is_ascii_digit())
            {
                return None;
            }
            return Some((i, e));
        }
        let w = scan.t(i);
        if matches!(w, "-" | "–") {
            i += 1;
            continue;
        }
        if eight_digits(w) && words + usize::from(g != Gap::Space) > 0 {
            return Some((i, i));
        }
        if !is_word(w) || w.bytes().any(|b| b.is_ascii_digit()) {
            return None;
        }
        crossed |= sentence_end(w);
        words += 1;
        i += 1;
    }
    None
}

/// A Brazilian CEP written without its hyphen (`78251673`): taken only after a street or
/// the word `CEP`.
fn eight_digits(t: &str) -> bool {
    let t = t.strip_suffix('.').unwrap_or(t);
    t.len() == 8 && t.bytes().all(|b| b.is_ascii_digit())
}

/// A capitalised word (the city) right after the postcode ending at token `last`.
fn city_after(scan: &Scan, last: usize) -> bool {
    last + 1 < scan.toks.len()
        && matches!(scan.gap(last + 1), Gap::Space | Gap::Comma)
        && is_word(scan.t(last + 1))
        && is_cap(scan.t(last + 1))
}

/// A street without a type word before the postcode at token `p`: `Tuškanac 8, 99572
/// Kraljevica`, `Jugoslávská 125\n435 94 Mirotice`, `Estonská 10, Nejdek 359 99`,
/// `…,Grič 115,65452,Opuzen,…`.
fn street_before_postcode(scan: &Scan, p: usize) -> Option<(usize, usize)> {
    let mut i = p;
    // Skip the city when it stands between (`City 359 99`).
    if scan.gap(i) == Gap::Space {
        let mut c = 0;
        while i > 0 && c < 3 && scan.gap(i) == Gap::Space {
            let w = scan.t(i - 1);
            if !is_word(w) || stop(w) {
                break;
            }
            i -= 1;
            c += 1;
        }
        if c == 0 {
            return None;
        }
    }
    if !matches!(scan.gap(i), Gap::Comma | Gap::Line) || i == 0 {
        return None;
    }
    if scan.gap(i) == Gap::Line && scan.toks[i].lines > 1 {
        return None;
    }
    let num = i - 1;
    if !house_number(scan.t(num)) || num == 0 || scan.gap(num) != Gap::Space {
        return None;
    }
    let mut a = num;
    let mut taken = 0;
    while a > 0 && taken < 3 {
        let w = scan.t(a - 1);
        if place_preposition(w) {
            a -= 1;
            break;
        }
        if !is_word(w) || stop(w) || w.bytes().any(|b| b.is_ascii_digit()) {
            break;
        }
        a -= 1;
        taken += 1;
        if scan.gap(a) != Gap::Space {
            break;
        }
    }
    while a < num && !is_cap(scan.t(a)) {
        a += 1;
    }
    if a == num || (a..num).any(|x| month(scan.t(x)) || sentence_end(scan.t(x))) {
        return None;
    }
    // Whatever precedes the name ends there: a line, a cell, a colon, or a word that
    // introduces it (`address is`, `lives at`).
    let boundary = scan.gap(a) != Gap::Space || a == 0 || stop(scan.t(a - 1));
    boundary.then_some((a, scan.unit_tail(num)))
}

/// Whether a word of these bytes may be a cue of [`cue_before`]: every cue is short and
/// starts with one of these pairs of ASCII letters ([`CUE_PAIRS`]), read in one table.
#[inline]
fn may_be_cue(t: &[u8]) -> bool {
    if t.len() > 12 || t.len() < 2 {
        return false;
    }
    // Below `a` wraps to past `z`; bytes outside ASCII stay past it.
    let first = t[0].to_ascii_lowercase().wrapping_sub(b'a');
    let second = t[1].to_ascii_lowercase().wrapping_sub(b'a');
    first < 26 && second < 26 && CUE_SECOND[usize::from(first)] >> second & 1 != 0
}

/// The first two letters of the cues of [`cue_before`], in lower case.
const CUE_PAIRS: [&[u8; 2]; 13] = [
    b"ou", b"ad", b"an", b"di", b"mo", b"in", b"en", b"os", b"at", b"on", b"is", b"to", b"as",
];

/// For each first letter of [`CUE_PAIRS`] (`a` to `z`), its second letters, a bit each: one
/// read where a match of the thirteen pairs took a test each.
static CUE_SECOND: [u32; 26] = {
    let mut t = [0u32; 26];
    let mut i = 0;
    while i < CUE_PAIRS.len() {
        t[(CUE_PAIRS[i][0] - b'a') as usize] |= 1 << (CUE_PAIRS[i][1] - b'a');
        i += 1;
    }
    t
};

/// Words after which a place is named (`lives at`, `parked outside`, `address is`).
fn cue_before(scan: &Scan, i: usize) -> bool {
    if i == 0 || scan.gap(i) == Gap::Line {
        return false;
    }
    let t = &scan.text.as_bytes()[scan.toks[i - 1].start..scan.toks[i - 1].end];
    if !may_be_cue(t) {
        return false;
    }
    let pair = [t[0].to_ascii_lowercase(), t[1].to_ascii_lowercase()];
    let (mut b1, mut b2) = ([0u8; 40], [0u8; 40]);
    // A word starting with two ASCII letters lowers to a cue only at the cue's length
    // (no letter outside ASCII lowers to an ASCII letter of a cue).
    let w = match t.len() {
        2 => std::str::from_utf8(&pair).unwrap_or(""),
        5..=10 => lower_in(scan.t(i - 1), &mut b1).unwrap_or(""),
        _ => return false,
    };
    // The word before, read only after a word that needs it.
    if !matches!(w, "at" | "on" | "is" | "to" | "as") {
        return matches!(
            w,
            "outside"
                | "adres"
                | "adresse"
                | "anschrift"
                | "dirección"
                | "morada"
                | "indirizzo"
                | "adress"
                | "adresa"
                | "address"
                | "endereço"
                | "osoite"
                | "adresas"
                | "adrese"
        );
    }
    let w2 = if i >= 2 && scan.gap(i - 1) == Gap::Space {
        lower_in(scan.t(i - 2), &mut b2).unwrap_or("")
    } else {
        ""
    };
    match w {
        "at" => matches!(
            w2,
            "lives"
                | "live"
                | "living"
                | "i'm"
                | "im"
                | "located"
                | "is"
                | "am"
                | "stay"
                | "staying"
                | "reside"
                | "resides"
        ),
        "on" => matches!(w2, "neighbours" | "neighbors"),
        "is" | "to" | "as" => w2 == "address",
        _ => false,
    }
}

/// A street without a type word right after words that name a place: `parked outside
/// Nákupná 4, Demandice`, `lives at Tuškanac 8 in Kraljevica`, `I'm at Pikk 7-22 until`.
fn street_after_cue(scan: &Scan, i: usize) -> Option<(usize, usize)> {
    if !cue_before(scan, i) {
        return None;
    }
    let n = scan.toks.len();
    let mut num = i;
    while num < n && num < i + 4 {
        let w = scan.t(num);
        if num > i && scan.gap(num) != Gap::Space {
            return None;
        }
        if house_number(w) {
            break;
        }
        if !is_word(w) || stop(w) || month(w) || sentence_end(w) {
            return None;
        }
        num += 1;
    }
    if num == i || num >= n || num >= i + 4 || year_like(scan.t(num)) {
        return None;
    }
    let t = scan.t(num);
    // Not a quantity: `at Level 5 of`, `outside Gate 3` are rare; `2 years` ends with a word
    // that is no boundary.
    if !is_cap(scan.t(i)) && (i..num).any(|x| is_cap(scan.t(x))) {
        return None;
    }
    let last = scan.unit_tail(num);
    // `Address line 1:` is a label, not a place.
    if scan.text[scan.toks[last].end..]
        .trim_start_matches([' ', '\t'])
        .starts_with(':')
    {
        return None;
    }
    let ends = last + 1 >= n || scan.gap(last + 1) != Gap::Space || stop(scan.t(last + 1)) || {
        let nx = scan.t(last + 1);
        is_word(nx) && !is_cap(nx) && nx.len() > 2
    };
    (ends && !t.ends_with(':')).then_some((i, last))
}

/// House-first forms without a type word: `House No. 57, Virk`, `Flat H.No. 61, Suresh`, and
/// Japanese block numbers before the district (`40-1-12 Sakae`, `70-6-26 ebisu-minami`).
fn house_first(scan: &Scan, i: usize) -> Option<(usize, usize)> {
    let n = scan.toks.len();
    let t = scan.t(i);
    if !t.starts_with(|c: char| matches!(c, 'H' | 'h' | 'F' | 'f') || c.is_ascii_digit()) {
        return None;
    }
    let mut b = [0u8; 40];
    // A word starting with a digit is none of these, nor one of another length (a word
    // starting with an ASCII letter lowers to ASCII only at its own length).
    let lower = if t.starts_with(|c: char| c.is_ascii_digit()) || !(4..=5).contains(&t.len()) {
        ""
    } else {
        lower_in(t, &mut b).unwrap_or("")
    };
    if matches!(lower, "house" | "flat" | "h.no." | "h.no")
        && (i == 0 || scan.gap(i) != Gap::Space || stop(scan.t(i - 1)))
    {
        let mut j = i + 1;
        while j < n && j < i + 3 && scan.gap(j) == Gap::Space && number_marker(scan.t(j)) {
            j += 1;
        }
        if j == i + 1 && !lower.starts_with("h.no") {
            return None;
        }
        if j >= n || !house_number(scan.t(j)) || scan.gap(j) != Gap::Space {
            return None;
        }
        if j + 1 < n
            && scan.gap(j + 1) == Gap::Comma
            && is_word(scan.t(j + 1))
            && is_cap(scan.t(j + 1))
        {
            let mut e = j + 1;
            while e + 1 < n
                && e < j + 3
                && scan.gap(e + 1) == Gap::Space
                && is_word(scan.t(e + 1))
                && is_cap(scan.t(e + 1))
            {
                e += 1;
            }
            return Some((i, e));
        }
        return None;
    }
    // `40-1-12 Sakae`: three groups of one or two digits.
    if t.bytes().filter(|&b| b == b'-').count() == 2
        && t.split('-').enumerate().all(|(x, g)| {
            (1..=if x == 0 { 3 } else { 2 }).contains(&g.len())
                && g.bytes().all(|b| b.is_ascii_digit())
        })
        && (i == 0 || scan.gap(i) != Gap::Space || stop(scan.t(i - 1)))
        && i + 1 < n
        && scan.gap(i + 1) == Gap::Space
        && is_word(scan.t(i + 1))
        && !stop(scan.t(i + 1))
        && !month(scan.t(i + 1))
    {
        let e = i + 1;
        let ends = e + 1 >= n || scan.gap(e + 1) != Gap::Space || stop(scan.t(e + 1));
        return ends.then_some((i, e));
    }
    None
}

/// Pushes the leftmost-longest occurrences of `pats` in `text` onto `all` (empty), ignoring
/// ASCII case: with up to `few` patterns by a search per pattern, else by an Aho-Corasick
/// automaton.
fn occurrences_ci<'p>(
    text: &str,
    pats: impl ExactSizeIterator<Item = &'p str> + Clone,
    few: usize,
    all: &mut Vec<(usize, usize)>,
) {
    if pats.len() <= few {
        // A few streets: a search of the text per street, cheaper than building an
        // automaton (which cost more than searching a 1 KB text), merged as the automaton's
        // leftmost-longest would.
        for p in pats {
            occurrences(text.as_bytes(), p.as_bytes(), all);
        }
        all.sort_unstable_by(|a, b| a.0.cmp(&b.0).then(b.1.cmp(&a.1)));
        let mut last = 0;
        all.retain(|&(s, e)| {
            let keep = s >= last;
            if keep {
                last = e;
            }
            keep
        });
    } else if let Ok(ac) = AhoCorasickBuilder::new()
        .ascii_case_insensitive(true)
        .match_kind(MatchKind::LeftmostLongest)
        .build(pats)
    {
        all.extend(ac.find_iter(text).map(|m| (m.start(), m.end())));
    }
}

/// Pushes every place of `pat` in `hay` (overlapping ones too), ASCII case ignored, in
/// order: the places of its first byte (in either case) are found 32 bytes at a time (see
/// [`next_byte`]) and the rest compared there, without the set-up of a substring searcher
/// for each street nor a lower-case copy of the text and the street. On text and a pattern
/// that are UTF-8 (starting with a character), these are the places a search of the
/// lower-cased text from each match's next character finds: a match starts with a
/// character's first byte, and lowering ASCII changes no byte's place.
fn occurrences(hay: &[u8], pat: &[u8], out: &mut Vec<(usize, usize)>) {
    // The streets searched are five bytes or more: never empty.
    let Some(&first) = pat.first() else {
        return;
    };
    // An ASCII letter in either case, and no other byte, is the lower-case letter with bit
    // 5 set; any other first byte is itself.
    let (want, case) = if first.is_ascii_alphabetic() {
        (first.to_ascii_lowercase(), 0x20)
    } else {
        (first, 0)
    };
    let mut from = 0;
    while let Some(i) = next_byte(hay, from, |c| c | case == want) {
        if hay.len() - i >= pat.len() && hay[i..i + pat.len()].eq_ignore_ascii_case(pat) {
            out.push((i, i + pat.len()));
        }
        from = i + 1;
    }
}

/// Texts up to this many bytes times the streets searched are searched street by street
/// (each search about an instruction a byte): below it, building the automaton costs more.
const PER_STREET_BYTES: usize = 256 * 1024;

/// Every other place where a street found in the text is written again, in any ASCII case
/// (`Pikk 7-22` … `pls use pikk 7-22`).
/// The hits and the streets found are listed in `l`'s kept lists.
fn repeats(text: &str, mine: &mut Vec<(usize, usize)>, found: &mut Vec<Finding>, l: &mut Lists) {
    let mut pats: Vec<&str> = found
        .iter()
        .filter(|f| f.kind == Kind::StreetAddress && f.end - f.start >= 5)
        .map(|f| &text[f.start..f.end])
        .filter(|s| s.bytes().any(|b| b.is_ascii_digit()))
        .collect();
    pats.sort_unstable();
    pats.dedup();
    if pats.is_empty() || pats.len() > 200 {
        return;
    }
    let few = (PER_STREET_BYTES / text.len().max(1)).max(8);
    let mut hits = cleared(&mut l.hits);
    occurrences_ci(text, pats.iter().copied(), few, &mut hits);
    let mut have = cleared(&mut l.have);
    have.extend(
        found
            .iter()
            .filter(|f| f.kind == Kind::StreetAddress)
            .map(|f| (f.start, f.end)),
    );
    have.sort_unstable();
    for &(s, e) in &hits {
        let before = text[..s].chars().next_back();
        let after = text[e..].chars().next();
        if before.is_some_and(char::is_alphanumeric) || after.is_some_and(char::is_alphanumeric) {
            continue;
        }
        let i = have.partition_point(|h| h.0 < e);
        if have[..i].iter().rev().take(4).any(|h| h.1 > s) {
            continue;
        }
        found.push(Finding::new(s, e, Kind::StreetAddress, "address-repeat"));
        mine.push((s, e));
    }
    (l.hits, l.have) = (hits, have);
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    /// Stretches around digits far apart give tokens in text order too (the hinted search
    /// relies on it), and the hinted search agrees there.
    #[test]
    fn tokens_of_far_stretches_are_in_order() {
        let mut text = String::new();
        for k in 0..40 {
            text.push_str(&"word, more words; and «so» on.\n".repeat(k % 13));
            text.push_str(&format!("{k} Main Street 12{k} "));
        }
        let toks = super::tokens_near_digits(&text);
        let starts: Vec<usize> = toks.iter().map(|t| t.start).collect();
        assert!(starts.windows(2).all(|w| w[0] < w[1]));
        let mut hint = 0;
        for pos in (0..text.len())
            .step_by(3)
            .chain((0..text.len()).rev().step_by(7))
        {
            let want = starts
                .partition_point(|&s| s <= pos)
                .checked_sub(1)
                .filter(|&i| pos < toks[i].end);
            assert_eq!(super::tok_near(&toks, pos, &mut hint), want);
        }
    }

    /// `GAP_CLASS` is, byte by byte, what the tests it replaces make of it: an ASCII split
    /// character's mark (and a line break's own bit), a word's ASCII byte, or a byte
    /// outside ASCII; `GAP_OF` is `gap_of` of each set of marks.
    #[test]
    fn the_gap_tables_are_the_tests_they_replace() {
        for c in 0..=255u8 {
            let want = if c >= 0x80 {
                super::GAP_WIDE
            } else if !super::ASCII_SPLIT[usize::from(c)] {
                super::GAP_WORD
            } else {
                super::GAP_MARK[usize::from(c)] | if c == b'\n' { super::GAP_LINE } else { 0 }
            };
            assert_eq!(super::GAP_CLASS[usize::from(c)], want, "{c:#x}");
        }
        for m in 0..16u8 {
            let lines = u8::from(m & super::GAP_LINE != 0);
            assert_eq!(
                super::GAP_OF[usize::from(m)],
                super::gap_of(lines, m & 7),
                "{m}"
            );
        }
    }

    proptest! {
        /// Each token after the first has the gap and line count its split characters
        /// make, read back from the text character by character (line breaks counted,
        /// marks as `push_tok` reads them).
        #[test]
        fn tokens_have_the_gaps_their_split_characters_make(
            parts in proptest::collection::vec(prop_oneof![
                "[a-zA-Z0-9.'-]{1,6}",
                Just(" ".to_string()),
                Just("  ".to_string()),
                Just("\n".to_string()),
                Just("\t".to_string()),
                Just(", ".to_string()),
                Just(": ".to_string()),
                Just("(".to_string()),
                Just("|".to_string()),
                Just("\u{a0}".to_string()),
                Just("\u{3000}".to_string()),
                Just("\u{2028}".to_string()),
                Just("«".to_string()),
                Just("”".to_string()),
                Just("é".to_string()),
                Just("中".to_string()),
                Just("ト".to_string()),
            ], 0..40),
        ) {
            let text = parts.concat();
            let mut out = Vec::new();
            super::tokens_in(&text, 0, 0, text.len(), &mut out);
            for t in out.iter().skip(1) {
                let gap: String = text[..t.start]
                    .chars()
                    .rev()
                    .take_while(|&c| super::is_split(c))
                    .collect();
                let lines = gap.chars().filter(|&c| c == '\n').count();
                let mut marks = 0;
                for c in gap.chars() {
                    if c.is_ascii() {
                        marks |= super::GAP_MARK[c as usize];
                    } else if !c.is_whitespace() {
                        marks |= super::OTHER;
                    }
                }
                let lines = u8::try_from(lines).unwrap_or(u8::MAX);
                prop_assert_eq!(t.gap, super::gap_of(lines, marks), "{:?} in {:?}", t, text);
                prop_assert_eq!(t.lines, lines, "{:?} in {:?}", t, text);
            }
        }

        /// The chunked search from the end finds what `rposition` finds, with the byte
        /// anywhere in texts longer and shorter than a chunk.
        #[test]
        fn the_last_byte_is_the_one_rposition_finds(
            text in proptest::collection::vec(prop_oneof![Just(b'7'), Just(b'a'), Just(b' ')], 0..200),
            sparse in 0usize..4,
        ) {
            // Mostly letters and spaces, a digit now and then (or none).
            let b: Vec<u8> = text
                .iter()
                .enumerate()
                .map(|(i, &c)| if c == b'7' && i % (sparse * 37 + 1) != 0 { b'a' } else { c })
                .collect();
            prop_assert_eq!(
                super::last_byte(&b, |c| c.is_ascii_digit()),
                b.iter().rposition(u8::is_ascii_digit)
            );
        }

        /// `next_digit` finds the digit the byte-by-byte search finds, from any place, with
        /// bytes around `0` and `9` and outside ASCII.
        #[test]
        fn next_digit_agrees_with_the_byte_search(
            text in "([a-z]{1,12}|[/0-9:]|é|\\PC){0,24}",
        ) {
            let b = text.as_bytes();
            for i in 0..=b.len() {
                let want = b[i..].iter().position(u8::is_ascii_digit).map(|o| i + o);
                prop_assert_eq!(super::next_digit(b, i), want, "{} in {:?}", i, text);
            }
        }

        /// `occurrences` finds what the search it replaces finds (the lower-cased text searched
        /// for the lower-cased street from each match's next character), in texts and
        /// patterns of ASCII in both cases and other characters.
        #[test]
        fn occurrences_are_those_of_the_substring_search(
            text in "([aAbB1 -]|é|ß|\\PC){0,60}",
            pat in "([aAB1 -]|é|\\PC){1,4}",
        ) {
            let (lower, lower_pat) = (text.to_ascii_lowercase(), pat.to_ascii_lowercase());
            let mut want = Vec::new();
            let mut from = 0;
            while let Some(i) = lower[from..].find(lower_pat.as_str()) {
                let s = from + i;
                want.push((s, s + pat.len()));
                from = s + lower[s..].chars().next().map_or(1, char::len_utf8);
            }
            let mut got = Vec::new();
            super::occurrences(text.as_bytes(), pat.as_bytes(), &mut got);
            prop_assert_eq!(got, want);
        }

        /// The token of a byte found from any hint is the one the binary search finds.
        #[test]
        fn tokens_found_near_a_hint_are_those_of_the_binary_search(
            text in "([a-zA-Z]{1,6}|[0-9]{1,4}|[ ,.:\n]|é|\\PC){0,60}",
            hints in proptest::collection::vec(0usize..80, 1..6),
        ) {
            let toks = super::tokens_near_digits(&text);
            let starts: Vec<usize> = toks.iter().map(|t| t.start).collect();
            prop_assert!(starts.is_sorted());
            for h in hints {
                let mut hint = h;
                for pos in 0..=text.len() + 1 {
                    let want = starts
                        .partition_point(|&s| s <= pos)
                        .checked_sub(1)
                        .filter(|&i| pos < toks[i].end);
                    prop_assert_eq!(super::tok_near(&toks, pos, &mut hint), want);
                }
                // And backwards.
                for pos in (0..=text.len()).rev() {
                    let want = starts
                        .partition_point(|&s| s <= pos)
                        .checked_sub(1)
                        .filter(|&i| pos < toks[i].end);
                    prop_assert_eq!(super::tok_near(&toks, pos, &mut hint), want);
                }
            }
        }

        /// The counts of tokens with a digit are those of the flags counted token by token
        /// (the code they replace).
        #[test]
        fn digit_counts_are_the_running_count_of_the_flags(
            flags in proptest::collection::vec(any::<bool>(), 0..80),
        ) {
            let digit_toks: Vec<usize> = (0..flags.len()).filter(|&i| flags[i]).collect();
            let mut want = vec![0u32];
            let mut count = 0u32;
            want.extend(flags.iter().map(|&d| {
                count += u32::from(d);
                count
            }));
            // Into a list that held another's counts.
            let mut got = vec![7u32; 5];
            got.clear();
            super::digit_counts(&digit_toks, flags.len(), &mut got);
            prop_assert_eq!(got, want);
        }

        /// The cue table says what the match of the pairs it replaces said, of any bytes.
        #[test]
        fn the_cue_table_is_the_match_it_replaces(
            t in proptest::collection::vec(prop_oneof![
                any::<u8>(),
                proptest::sample::select(b"aAdDiInNoOsStTuUmMeE@`{[".to_vec()),
            ], 0..14),
        ) {
            let want = (2..=12).contains(&t.len())
                && matches!(
                    [t[0].to_ascii_lowercase(), t[1].to_ascii_lowercase()],
                    [b'o', b'u']
                        | [b'a', b'd']
                        | [b'a', b'n']
                        | [b'd', b'i']
                        | [b'm', b'o']
                        | [b'i', b'n']
                        | [b'e', b'n']
                        | [b'o', b's']
                        | [b'a', b't']
                        | [b'o', b'n']
                        | [b'i', b's']
                        | [b't', b'o']
                        | [b'a', b's']
                );
            prop_assert_eq!(super::may_be_cue(&t), want, "{:?}", t);
        }

        /// A word whose first byte is no postcode cue's is neither a word of `postcode_word`
        /// nor `code` (the first-byte test before them passes over no cue).
        #[test]
        fn words_passed_over_are_no_postcode_cues(
            w in "([a-zA-Z.]|é|ß|邮|τ|и|\\PC){1,14}",
        ) {
            if !super::may_be_postcode_cue(w.as_bytes()[0]) {
                prop_assert!(!super::postcode_word(&w) && !w.eq_ignore_ascii_case("code"));
            }
            for cue in ["CEP", "plz", "Zip", "c.p.", "Eircode", "postal", "code", "Indeks"] {
                prop_assert!(super::may_be_postcode_cue(cue.as_bytes()[0]));
            }
        }

        /// The per-street search finds what the automaton finds (leftmost-longest, ASCII
        /// case ignored), with streets that overlap, repeat, nest and differ in case.
        #[test]
        fn a_search_per_street_finds_what_the_automaton_finds(
            pats in proptest::collection::vec("[aB1 -]{1,6}", 1..6),
            text in "[aAbB1 é-]{0,80}",
        ) {
            let pats: Vec<&str> = pats.iter().map(String::as_str).collect();
            let (mut per_street, mut automaton) = (Vec::new(), Vec::new());
            super::occurrences_ci(&text, pats.iter().copied(), usize::MAX, &mut per_street);
            super::occurrences_ci(&text, pats.iter().copied(), 0, &mut automaton);
            prop_assert_eq!(per_street, automaton);
        }
    }
}
