//! A normalised view of a text for detection: what people type to dodge a filter, and what
//! text copied from web pages and PDFs carries, read as the plain value it stands for.
//!
//! Two passes, each recording how every byte of its output maps back to its input:
//!
//! 1. **Characters** (texts with non-ASCII characters only): invisible and bidi-control
//!    characters (zero-width space and joiners, word joiner, soft hyphen, BOM, LRM/RLM,
//!    embeddings, overrides and isolates, variation selectors) are dropped; fullwidth forms
//!    (`ｊａｎｅ＠…`) and mathematical or enclosed letters and digits (`𝐣𝐚𝐧𝐞`, `①`) read as
//!    ASCII (NFKC); Cyrillic and Greek letters that look like Latin ones (`јаnе`) are folded
//!    to Latin inside words that also hold ASCII letters, digits or `@` (a word wholly in
//!    Cyrillic or Greek is left as it is).
//! 2. **Words**: an e-mail address written with `[at]`, `(at)`, `{at}`, ` at `, ` @ ` and
//!    `[dot]`, ` dot ` … reads as an address (` at `/` dot ` only with a domain ending in a
//!    known top-level domain and at least one spelled-out device, so `meet at five` and `see
//!    dot com` stay prose); bracketed dots between two labels (`example[.]com`) read as
//!    dots; runs of at least seven digits written as number words (English, German, French,
//!    Spanish, Italian, Portuguese, Dutch; `oh`, `double`, `triple`), possibly mixed with
//!    digit groups, read as digits (a comma, semicolon or spaced dash between words starts a
//!    new group, written `-`); a label glued to its digits (`ssn536228914`, `SSN#536228914`)
//!    is separated from them.
//!
//! Detection runs on the view; every finding is mapped back to the whole original span it
//! was read from (dropped characters inside it included), so the replacement covers it and
//! restore gives the original back byte for byte. [`unmask`] gives the redactor the plain
//! form of such a value and writes a stand-in in the same style (`mark [at] example [dot]
//! com`, number words for number words).

use std::sync::LazyLock;

use aho_corasick::MatchKind;
use redact_entity::{Finding, Kind};

pub(crate) mod scan;

/// How a run of the view maps to the text it was made from.
#[derive(Clone, Copy, Debug)]
struct Seg {
    /// Start in the view.
    norm: u32,
    /// Start in the source.
    orig: u32,
    norm_len: u32,
    orig_len: u32,
    /// Byte for byte the same (else the whole run stands for the whole source run).
    same: bool,
}

/// One pass's output and its map back to its input.
#[derive(Debug)]
struct Pass {
    text: String,
    segs: Vec<Seg>,
}

impl Pass {
    fn seg_at(&self, p: usize) -> &Seg {
        let i = self
            .segs
            .partition_point(|s| (s.norm + s.norm_len) as usize <= p);
        &self.segs[i.min(self.segs.len() - 1)]
    }

    /// The source offset a view offset `p` starts at.
    fn start(&self, p: usize, src_len: usize) -> usize {
        if p >= self.text.len() {
            return src_len;
        }
        let s = self.seg_at(p);
        if s.same {
            s.orig as usize + (p - s.norm as usize)
        } else {
            s.orig as usize
        }
    }

    /// The source offset a view offset `q` (exclusive end) ends at.
    fn end(&self, q: usize) -> usize {
        if q == 0 || self.segs.is_empty() {
            return 0;
        }
        let s = self.seg_at(q - 1);
        if s.same {
            s.orig as usize + (q - s.norm as usize)
        } else {
            (s.orig + s.orig_len) as usize
        }
    }
}

struct Builder<'a> {
    src: &'a str,
    out: String,
    segs: Vec<Seg>,
    pos: usize,
    changed: bool,
}

impl<'a> Builder<'a> {
    fn new(src: &'a str) -> Builder<'a> {
        Builder {
            src,
            out: String::with_capacity(src.len()),
            segs: Vec::new(),
            pos: 0,
            changed: false,
        }
    }

    fn copy_to(&mut self, end: usize) {
        if end <= self.pos {
            return;
        }
        let norm = self.out.len() as u32;
        let len = (end - self.pos) as u32;
        match self.segs.last_mut() {
            Some(last)
                if last.same
                    && last.orig + last.orig_len == self.pos as u32
                    && last.norm + last.norm_len == norm =>
            {
                last.orig_len += len;
                last.norm_len += len;
            }
            _ => self.segs.push(Seg {
                norm,
                orig: self.pos as u32,
                norm_len: len,
                orig_len: len,
                same: true,
            }),
        }
        self.out.push_str(&self.src[self.pos..end]);
        self.pos = end;
    }

    /// Writes `with` for the source bytes `start..end` (empty `with` drops them; `start ==
    /// end` inserts).
    fn replace(&mut self, start: usize, end: usize, with: &str) {
        if start < self.pos {
            return;
        }
        self.copy_to(start);
        if !with.is_empty() {
            self.segs.push(Seg {
                norm: self.out.len() as u32,
                orig: start as u32,
                norm_len: with.len() as u32,
                orig_len: (end - start) as u32,
                same: false,
            });
            self.out.push_str(with);
        }
        self.pos = self.pos.max(end);
        self.changed = true;
    }

    fn finish(mut self) -> Option<Pass> {
        if !self.changed {
            return None;
        }
        self.copy_to(self.src.len());
        Some(Pass {
            text: self.out,
            segs: self.segs,
        })
    }
}

/// The normalised view of a text, when it differs from the text.
#[derive(Debug)]
pub(crate) struct View {
    src_len: usize,
    chars: Option<Pass>,
    words: Option<Pass>,
    /// Labels glued to the digits after them, in source offsets: (label start, value start).
    glued: Vec<(usize, usize)>,
}

impl View {
    /// The view of `text`, or `None` when it reads the same.
    pub(crate) fn of(text: &str) -> Option<View> {
        let chars = char_pass(text);
        let mid = chars.as_ref().map_or(text, |p| p.text.as_str());
        let (words, glued_mid) = word_pass(mid);
        if chars.is_none() && words.is_none() {
            return None;
        }
        let glued = glued_mid
            .into_iter()
            .map(|(a, b)| match &chars {
                Some(c) => (c.start(a, text.len()), c.start(b, text.len())),
                None => (a, b),
            })
            .collect();
        Some(View {
            src_len: text.len(),
            chars,
            words,
            glued,
        })
    }

    /// The text detection reads.
    pub(crate) fn text(&self) -> &str {
        match (&self.words, &self.chars) {
            (Some(w), _) => &w.text,
            (None, Some(c)) => &c.text,
            (None, None) => "",
        }
    }

    fn mid_len(&self) -> usize {
        self.chars.as_ref().map_or(self.src_len, |c| c.text.len())
    }

    fn start(&self, p: usize) -> usize {
        let p = match &self.words {
            Some(w) => w.start(p, self.mid_len()),
            None => p,
        };
        match &self.chars {
            Some(c) => c.start(p, self.src_len),
            None => p,
        }
    }

    fn end(&self, q: usize) -> usize {
        let q = match &self.words {
            Some(w) => w.end(q),
            None => q,
        };
        match &self.chars {
            Some(c) => c.end(q),
            None => q,
        }
    }

    /// The findings of the view, moved to the source text: each covers the whole source span
    /// its view span was read from.
    pub(crate) fn map_back(&self, found: &mut [Finding]) {
        for f in found.iter_mut() {
            let s = self.start(f.start);
            let e = self.end(f.end).max(s);
            let kp = usize::from(f.keep_prefix);
            f.keep_prefix = if kp > 0 {
                u16::try_from(self.end(f.start + kp).saturating_sub(s)).unwrap_or(0)
            } else {
                0
            };
            f.start = s;
            f.end = e;
            // `ssn536228914`: the value takes its glued label along, kept as written (a
            // stand-in glued to letters could not be read back as a whole word).
            if let Some(&(label, _)) = self.glued.iter().find(|&&(_, v)| v == s) {
                f.keep_prefix = u16::try_from(s - label).unwrap_or(0);
                f.start = label;
            }
        }
    }
}

// ---------------------------------------------------------------------------------------
// Characters

fn is_invisible(c: char) -> bool {
    matches!(c,
        '\u{00AD}' | '\u{034F}' | '\u{061C}' | '\u{115F}' | '\u{1160}' | '\u{17B4}' | '\u{17B5}'
        | '\u{180E}' | '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}'
        | '\u{2060}'..='\u{2064}' | '\u{2066}'..='\u{206F}' | '\u{3164}' | '\u{FE00}'..='\u{FE0F}'
        | '\u{FEFF}' | '\u{FFA0}')
}

/// ASCII for a fullwidth letter, digit or address character.
fn fullwidth(c: char) -> Option<char> {
    let u = c as u32;
    if !(0xFF01..=0xFF5E).contains(&u) {
        return None;
    }
    let a = char::from_u32(u - 0xFEE0)?;
    (a.is_ascii_alphanumeric() || matches!(a, '@' | '.' | '-' | '+' | '_' | '%')).then_some(a)
}

/// The Latin letter a Cyrillic or Greek letter is drawn like.
fn confusable(c: char) -> Option<char> {
    Some(match c {
        'А' | 'Α' => 'A',
        'В' | 'Β' => 'B',
        'С' | 'Ϲ' => 'C',
        'Е' | 'Ε' => 'E',
        'Н' | 'Η' => 'H',
        'І' | 'Ι' | 'Ӏ' => 'I',
        'Ј' => 'J',
        'К' | 'Κ' => 'K',
        'М' | 'Μ' => 'M',
        'Ν' => 'N',
        'О' | 'Ο' => 'O',
        'Р' | 'Ρ' => 'P',
        'Ѕ' => 'S',
        'Т' | 'Τ' => 'T',
        'Х' | 'Χ' => 'X',
        'У' | 'Υ' | 'Ү' => 'Y',
        'Ζ' => 'Z',
        'а' => 'a',
        'с' | 'ϲ' => 'c',
        'ԁ' => 'd',
        'е' => 'e',
        'һ' => 'h',
        'і' | 'ι' => 'i',
        'ј' => 'j',
        'ӏ' => 'l',
        'о' | 'ο' | 'օ' => 'o',
        'р' | 'ρ' => 'p',
        'ԛ' => 'q',
        'ѕ' => 's',
        'υ' => 'u',
        'ν' => 'v',
        'ԝ' => 'w',
        'х' | 'χ' => 'x',
        'у' => 'y',
        'ɡ' => 'g',
        _ => return None,
    })
}

/// Mathematical, enclosed and other compatibility forms of letters and digits.
fn compat(c: char) -> Option<String> {
    let u = c as u32;
    if !((0x1D400..=0x1D7FF).contains(&u) || (0x2460..=0x24FF).contains(&u)) {
        return None;
    }
    let mut s = String::new();
    unicode_normalization::char::decompose_compatible(c, |d| s.push(d));
    (s != c.to_string() && s.chars().all(|d| d.is_ascii_alphanumeric())).then_some(s)
}

/// What the word (a run without white space) around `at` allows: its end; whether its
/// confusable letters are folded (it holds ASCII letters, digits or `@`, and every other
/// letter in it is a confusable one); whether it holds fullwidth letters or digits (then its
/// fullwidth punctuation reads as ASCII too: `（０９２６）－９２６００５`).
fn word_info(text: &str, at: usize) -> (usize, bool, bool) {
    let start = text[..at]
        .char_indices()
        .rev()
        .find(|&(_, c)| c.is_whitespace())
        .map_or(0, |(i, c)| i + c.len_utf8());
    let end = text[at..]
        .char_indices()
        .find(|&(_, c)| c.is_whitespace())
        .map_or(text.len(), |(i, _)| at + i);
    let word = &text[start..end];
    let mut ascii = false;
    let mut wide = false;
    let mut foreign = false;
    for c in word.chars() {
        if fullwidth(c).is_some_and(|a| a.is_ascii_alphanumeric()) {
            wide = true;
            ascii = true;
        } else if c.is_ascii_alphanumeric() || c == '@' || c == '＠' {
            ascii = true;
        } else if c.is_alphabetic() && confusable(c).is_none() {
            foreign = true;
        }
    }
    (end, ascii && !foreign, wide)
}

/// ASCII for fullwidth punctuation (in a word with fullwidth letters or digits).
fn fullwidth_punct(c: char) -> Option<char> {
    let u = c as u32;
    (0xFF01..=0xFF5E)
        .contains(&u)
        .then(|| char::from_u32(u - 0xFEE0))
        .flatten()
}

fn char_pass(text: &str) -> Option<Pass> {
    if text.is_ascii() {
        return None;
    }
    let bytes = text.as_bytes();
    let mut b = Builder::new(text);
    let mut word_end = 0usize;
    let mut word_mixed = false;
    let mut word_wide = false;
    let mut i = 0usize;
    let mut buf = [0u8; 4];
    while let Some(at) = next_non_ascii(bytes, i) {
        i = at;
        let Some(c) = text[i..].chars().next() else {
            break;
        };
        let n = c.len_utf8();
        if is_invisible(c) {
            b.replace(i, i + n, "");
        } else if let Some(a) = fullwidth(c) {
            b.replace(i, i + n, a.encode_utf8(&mut buf));
        } else if let Some(s) = compat(c) {
            b.replace(i, i + n, &s);
        } else {
            let punct = fullwidth_punct(c);
            let conf = confusable(c);
            if c == '\u{3000}' {
                // An ideographic space between fullwidth digits: `＋（３７０）　８６６…`.
                let prev = text[..i].chars().next_back();
                let next = text[i + n..].chars().next();
                let digit = |c: Option<char>| {
                    c.and_then(fullwidth_punct)
                        .is_some_and(|a| a.is_ascii_digit() || matches!(a, '(' | ')' | '+' | '-'))
                };
                if digit(prev) && digit(next) {
                    b.replace(i, i + n, " ");
                }
            } else if punct.is_some() || conf.is_some() {
                if i >= word_end {
                    (word_end, word_mixed, word_wide) = word_info(text, i);
                }
                if let Some(a) = punct.filter(|_| word_wide) {
                    b.replace(i, i + n, a.encode_utf8(&mut buf));
                } else if let Some(l) = conf.filter(|_| word_mixed) {
                    b.replace(i, i + n, l.encode_utf8(&mut buf));
                }
            }
        }
        i += n;
    }
    b.finish()
}

// ---------------------------------------------------------------------------------------
// Words

const AT_DEVICES: &[&str] = &["[at]", "(at)", "{at}", "<at>", "[@]", "(@)", "{@}"];
const DOT_DEVICES: &[&str] = &["[dot]", "(dot)", "{dot}", "<dot>", "[.]", "(.)", "{.}"];
const AT_WORD: &str = "at";
const AT_SIGN: &str = "@";
const DOT_WORD: &str = "dot";

/// Number words by language (digit value, word); `oh` only counts beside other English.
const NUMBER_WORDS: &[(&str, [&str; 10])] = &[
    (
        "en",
        [
            "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
        ],
    ),
    (
        "de",
        [
            "null", "eins", "zwei", "drei", "vier", "fünf", "sechs", "sieben", "acht", "neun",
        ],
    ),
    (
        "fr",
        [
            "zéro", "un", "deux", "trois", "quatre", "cinq", "six", "sept", "huit", "neuf",
        ],
    ),
    (
        "es",
        [
            "cero", "uno", "dos", "tres", "cuatro", "cinco", "seis", "siete", "ocho", "nueve",
        ],
    ),
    (
        "it",
        [
            "zero", "uno", "due", "tre", "quattro", "cinque", "sei", "sette", "otto", "nove",
        ],
    ),
    (
        "pt",
        [
            "zero", "um", "dois", "três", "quatro", "cinco", "seis", "sete", "oito", "nove",
        ],
    ),
    (
        "nl",
        [
            "nul", "een", "twee", "drie", "vier", "vijf", "zes", "zeven", "acht", "negen",
        ],
    ),
];

/// Other spellings read as digits (value, word).
const EXTRA_WORDS: &[(u8, &str)] = &[(0, "oh"), (2, "zwo"), (1, "uma"), (2, "duas")];

/// Labels whose digits are sometimes glued to them (`ssn536228914`).
const LABELS: &[&str] = &[
    "ssn", "sin", "tin", "itin", "nino", "tfn", "tel", "ph", "phone", "mobile", "mob", "cell",
    "fax", "card", "cc", "ccn", "iban", "acct", "account", "passport", "routing", "aba", "bsn",
    "pesel", "cpf", "nif", "nie", "dni",
];

/// What a trigger of the word pass is.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Trigger {
    AtDevice,
    AtWord,
    AtSign,
    DotDevice,
    Number,
    Label,
}

struct Triggers {
    ac: scan::Scanner,
    what: Vec<Trigger>,
    /// The first two bytes (ASCII lower case) of every trigger of two bytes or more, at
    /// `first * 256 + second`. Made from the same pattern list as the automaton, so the two
    /// cannot drift.
    pairs: Vec<bool>,
    /// What each byte is to [`Triggers::may_change`]: [`ALNUM`], [`FIRST`], [`SINGLE`].
    class: [u8; 256],
}

/// An ASCII letter or digit.
const ALNUM: u8 = 1;
/// The first byte (either case) of a trigger of two bytes or more.
const FIRST: u8 = 2;
/// A trigger of one byte (`@`).
const SINGLE: u8 = 4;

impl Triggers {
    /// Whether the word pass could change the ASCII `text`; when this is false it finds
    /// nothing. A trigger the pass acts on starts with a pair of `pairs` that is either
    /// not alphanumeric itself (`[at]`, `(.)`) or at the start of a word (`at`, number
    /// words and labels are taken only there); a one-byte trigger (`@`) is taken only
    /// beside a blank; and a spaced run of nine single characters ([`spaced_runs`]) has
    /// eight spaces. Most values [`unmask`] is given (names, e-mail addresses, phone and
    /// card numbers) are passed over with one read of their bytes instead of the automaton
    /// walk and its checks of every hit inside a word (`at` in `Kate`, `one` in `Simone`).
    ///
    /// One table look-up a byte tells the bytes that may start a trigger there; only those
    /// are tested further, and the spaces are counted only at the end.
    fn may_change(&self, text: &[u8]) -> bool {
        let mut in_word = false;
        for (i, &c) in text.iter().enumerate() {
            let k = self.class[usize::from(c)];
            let alnum = k & ALNUM != 0;
            if k & (FIRST | SINGLE) != 0 && !(alnum && in_word) && self.starts_at(text, i, k) {
                return true;
            }
            in_word = alnum;
        }
        text.len() >= 17 && text.iter().filter(|&&c| c == b' ').count() >= 8
    }

    /// Whether a trigger the word pass may act on starts at `i` (of class `k`), not inside
    /// a word.
    fn starts_at(&self, text: &[u8], i: usize, k: u8) -> bool {
        if k & FIRST != 0
            && let Some(&n) = text.get(i + 1)
            && self.pairs[usize::from(text[i].to_ascii_lowercase()) * 256
                + usize::from(n.to_ascii_lowercase())]
        {
            return true;
        }
        let blank = |b: Option<&u8>| matches!(b, Some(b' ' | b'\t'));
        k & SINGLE != 0
            && (blank(i.checked_sub(1).and_then(|p| text.get(p))) || blank(text.get(i + 1)))
    }
}

/// Builds the trigger automaton now.
pub(crate) fn warm_up() {
    LazyLock::force(&TRIGGERS);
}

static TRIGGERS: LazyLock<Option<Triggers>> = LazyLock::new(|| {
    let mut pats: Vec<&str> = Vec::new();
    let mut what = Vec::new();
    let mut add = |p: &'static str, t: Trigger| {
        pats.push(p);
        what.push(t);
    };
    for p in AT_DEVICES {
        add(p, Trigger::AtDevice);
    }
    for p in DOT_DEVICES {
        add(p, Trigger::DotDevice);
    }
    add(AT_WORD, Trigger::AtWord);
    add(AT_SIGN, Trigger::AtSign);
    for (_, words) in NUMBER_WORDS {
        for w in words {
            // Two-letter words (`un`, `um`) are found from their neighbours in a run.
            if w.len() > 2 {
                add(w, Trigger::Number);
            }
        }
    }
    for l in LABELS {
        add(l, Trigger::Label);
    }
    // The automaton folds ASCII case only: pairs are kept, and looked up, in lower case.
    let mut pairs = vec![false; 256 * 256];
    let mut class = [0u8; 256];
    for c in 0..=255u8 {
        if c.is_ascii_alphanumeric() {
            class[usize::from(c)] |= ALNUM;
        }
    }
    for p in &pats {
        match *p.as_bytes() {
            [a] => class[usize::from(a)] |= SINGLE,
            [a, b, ..] => {
                class[usize::from(a.to_ascii_lowercase())] |= FIRST;
                class[usize::from(a.to_ascii_uppercase())] |= FIRST;
                let (a, b) = (a.to_ascii_lowercase(), b.to_ascii_lowercase());
                pairs[usize::from(a) * 256 + usize::from(b)] = true;
            }
            [] => {}
        }
    }
    scan::Scanner::new(&pats, MatchKind::LeftmostLongest, true)
        .ok()
        .map(|ac| Triggers {
            ac,
            what,
            pairs,
            class,
        })
});

fn is_word_char(c: char) -> bool {
    c.is_alphanumeric()
}

fn word_bounded(text: &str, s: usize, e: usize) -> bool {
    !text[..s].chars().next_back().is_some_and(is_word_char)
        && !text[e..].chars().next().is_some_and(is_word_char)
}

/// The digit a word stands for, and the language it is from (`None` for `oh`-like words).
fn number_word(w: &str) -> Option<(u8, Option<usize>)> {
    if w.len() > 8 || w.is_empty() {
        return None;
    }
    // The words are in lower case: an ASCII word is compared with them in place, without a
    // lower-case copy (`to_lowercase` of ASCII is `to_ascii_lowercase`).
    if w.is_ascii() {
        number_word_where(|x| x.eq_ignore_ascii_case(w))
    } else {
        let lower = w.to_lowercase();
        number_word_where(|x| x == lower)
    }
}

/// The digit and language of the first listed number word (lower case) `is` accepts.
fn number_word_where(is: impl Fn(&str) -> bool) -> Option<(u8, Option<usize>)> {
    for (li, (_, words)) in NUMBER_WORDS.iter().enumerate() {
        if let Some(d) = words.iter().position(|x| is(x)) {
            return Some((d as u8, Some(li)));
        }
    }
    EXTRA_WORDS
        .iter()
        .find(|(_, x)| is(x))
        .map(|&(d, _)| (d, None))
}

/// One token of a number run: a number word, `double`/`triple` with its word, or a word
/// for `+` (first in a run only).
struct NumToken {
    start: usize,
    end: usize,
    digits: String,
    plus: bool,
}

/// Words for `+` before the digits of a telephone number.
const PLUS_WORDS: &[&str] = &["plus", "mais", "más", "mas", "più"];

/// Whether `word` in lower case (`str::to_lowercase`) is one of [`PLUS_WORDS`].
fn plus_word(word: &str) -> bool {
    if word.is_ascii() {
        PLUS_WORDS.iter().any(|w| w.eq_ignore_ascii_case(word))
    } else {
        let lower = word.to_lowercase();
        PLUS_WORDS.contains(&lower.as_str())
    }
}

/// The token starting at `p` (no separator before it).
fn num_token(text: &str, p: usize) -> Option<NumToken> {
    let rest = &text[p..];
    let wlen = rest
        .char_indices()
        .find(|&(_, c)| !c.is_alphabetic())
        .map_or(rest.len(), |(i, _)| i);
    if wlen == 0 || text[..p].chars().next_back().is_some_and(is_word_char) {
        return None;
    }
    let word = &rest[..wlen];
    // Compared in place, not through lower-case copies (the words listed are in lower case).
    let double = word.eq_ignore_ascii_case("double");
    if double || word.eq_ignore_ascii_case("triple") {
        let n = if double { 2 } else { 3 };
        let after = p + wlen;
        let sp = text[after..]
            .bytes()
            .take_while(|&b| b == b' ' || b == b'-')
            .count();
        if sp == 0 || sp > 2 {
            return None;
        }
        let next = num_token(text, after + sp)?;
        if next.plus || next.digits.len() != 1 {
            return None;
        }
        return Some(NumToken {
            start: p,
            end: next.end,
            digits: next.digits.repeat(n),
            plus: false,
        });
    }
    if plus_word(word) {
        return Some(NumToken {
            start: p,
            end: p + wlen,
            digits: "+".to_string(),
            plus: true,
        });
    }
    let (d, _) = number_word(word)?;
    Some(NumToken {
        start: p,
        end: p + wlen,
        digits: char::from(b'0' + d).to_string(),
        plus: false,
    })
}

/// The separator after a token: its length and whether it starts a new group (a comma,
/// semicolon, slash or full stop, a dash with spaces, or more than one space).
fn separator(text: &str, p: usize) -> Option<(usize, bool)> {
    let n = text.as_bytes()[p..]
        .iter()
        .take(5)
        .take_while(|b| matches!(b, b' ' | b'\t' | b',' | b';' | b'/' | b'.' | b'-'))
        .count();
    if n == 0 || n > 4 {
        return None;
    }
    let sep = &text[p..p + n];
    // `…, two eight three nine,one - four …`: a comma or semicolon with nothing after it
    // ends a cell of a table, not a group.
    if sep.ends_with([',', ';']) {
        return None;
    }
    let spaces = sep.bytes().filter(|&b| b == b' ' || b == b'\t').count();
    let group = sep.bytes().any(|b| matches!(b, b',' | b';' | b'/' | b'.'))
        || (sep.contains('-') && spaces > 0)
        || spaces > 1;
    Some((n, group))
}

/// A separator inside a number run: start, end, whether it starts a group.
type Sep = (usize, usize, bool);

/// A domain read from the text: its end, its dot devices (start, end), whether one is
/// spelled out.
type Domain = (usize, Vec<(usize, usize)>, bool);

/// A run of at least seven digits written as number words, around the word at `s` (a word
/// for `+` may lead it). Returns the tokens and the separators between them (start, end,
/// starts a group).
fn number_run(text: &str, s: usize) -> Option<(Vec<NumToken>, Vec<Sep>)> {
    // Walk back over earlier tokens of the run (two-letter words are not triggers).
    let mut start = s;
    loop {
        let before = &text[..start];
        let sep_len = before
            .bytes()
            .rev()
            .take_while(|b| matches!(b, b' ' | b'\t' | b',' | b';' | b'/' | b'.' | b'-'))
            .count();
        if sep_len == 0 || sep_len > 4 {
            break;
        }
        let word_end = start - sep_len;
        let prev_start = text[..word_end]
            .char_indices()
            .rev()
            .take_while(|&(_, c)| c.is_alphanumeric())
            .last()
            .map(|(i, _)| i);
        let Some(ps) = prev_start else { break };
        if separator(text, word_end).map(|(n, _)| word_end + n) != Some(start) {
            break;
        }
        match num_token(text, ps) {
            Some(t) if t.end == word_end => {
                start = ps;
                if t.plus {
                    break;
                }
            }
            _ => break,
        }
    }
    let mut tokens: Vec<NumToken> = Vec::new();
    let mut seps = Vec::new();
    let mut p = start;
    while let Some(t) = num_token(text, p) {
        if t.plus && !tokens.is_empty() {
            break;
        }
        p = t.end;
        tokens.push(t);
        let Some((n, group)) = separator(text, p) else {
            break;
        };
        match num_token(text, p + n) {
            Some(next) if !next.plus => {}
            _ => break,
        }
        seps.push((p, p + n, group));
        p += n;
    }
    let mut seen = [false; 10];
    let mut digits = 0;
    for t in &tokens {
        for b in t.digits.bytes().filter(u8::is_ascii_digit) {
            seen[usize::from(b - b'0')] = true;
            digits += 1;
        }
    }
    let distinct = seen.iter().filter(|&&x| x).count();
    (digits >= 7 && distinct >= 2).then_some((tokens, seps))
}

fn is_local_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b'%' | b'+' | b'-')
}

/// The local part of an address ending at `e` (after trimming white space).
fn local_part(text: &str, e: usize) -> Option<usize> {
    let bytes = text.as_bytes();
    let mut s = e;
    while s > 0 && is_local_byte(bytes[s - 1]) && e - s < 64 {
        s -= 1;
    }
    if s == e || !bytes[s].is_ascii_alphanumeric() || !bytes[e - 1].is_ascii_alphanumeric() {
        return None;
    }
    if s > 0 && (bytes[s - 1].is_ascii_alphanumeric() || bytes[s - 1] >= 0x80) {
        return None;
    }
    Some(s)
}

/// Length of the white space at `p` (spaces and tabs, at most three).
fn blanks_after(text: &str, p: usize) -> usize {
    text.as_bytes()[p..]
        .iter()
        .take(3)
        .take_while(|&&b| b == b' ' || b == b'\t')
        .count()
}

fn blanks_before(text: &str, p: usize) -> usize {
    text.as_bytes()[..p]
        .iter()
        .rev()
        .take(3)
        .take_while(|&&b| b == b' ' || b == b'\t')
        .count()
}

/// A dot device at `p` (after optional white space): (device start, device end, spelled).
fn dot_device(text: &str, p: usize) -> Option<(usize, usize, bool)> {
    let bytes = text.as_bytes();
    if bytes.get(p) == Some(&b'.') {
        return Some((p, p + 1, false));
    }
    let q = p + blanks_after(text, p);
    let rest = &text[q..];
    for d in DOT_DEVICES {
        if rest.len() >= d.len() && rest.as_bytes()[..d.len()].eq_ignore_ascii_case(d.as_bytes()) {
            let e = q + d.len();
            return Some((p, e + blanks_after(text, e), true));
        }
    }
    if q > p && rest.len() > 4 && rest.as_bytes()[..3].eq_ignore_ascii_case(DOT_WORD.as_bytes()) {
        let e = q + 3;
        let after = blanks_after(text, e);
        if after > 0 {
            return Some((p, e + after, true));
        }
    }
    None
}

/// A domain written with dot devices from `p`: its end and the devices (start, end).
fn domain(text: &str, p: usize, tld_known: bool) -> Option<Domain> {
    let bytes = text.as_bytes();
    let mut devices = Vec::new();
    let mut spelled = false;
    let mut q = p;
    let mut labels = 0;
    let mut last_label = (p, p);
    loop {
        let ls = q;
        while q < bytes.len() && (bytes[q].is_ascii_alphanumeric() || bytes[q] == b'-') {
            q += 1;
        }
        if q == ls || q - ls > 63 {
            break;
        }
        labels += 1;
        last_label = (ls, q);
        match dot_device(text, q) {
            Some((ds, de, sp))
                if de < bytes.len() && bytes[de].is_ascii_alphanumeric() && labels < 8 =>
            {
                spelled |= sp;
                devices.push((ds, de));
                q = de;
            }
            _ => break,
        }
    }
    if labels < 2 {
        return None;
    }
    let tld = &text[last_label.0..last_label.1];
    if !(2..=24).contains(&tld.len()) || !tld.bytes().all(|b| b.is_ascii_alphabetic()) {
        return None;
    }
    if tld_known
        && !crate::classify::TLDS
            .iter()
            .any(|t| t.eq_ignore_ascii_case(tld))
    {
        return None;
    }
    if q < bytes.len() && (bytes[q].is_ascii_alphanumeric() || bytes[q] >= 0x80) {
        return None;
    }
    Some((last_label.1, devices, spelled))
}

/// Rewrites that belong together (an address's `[at]` and its `[dot]`s): kept or dropped
/// as one.
struct Group {
    start: usize,
    end: usize,
    ops: Vec<(usize, usize, &'static str)>,
    glued: Option<(usize, usize)>,
}

/// A dot device ending at `e` (before white space): its start and end.
fn dot_device_before(text: &str, e: usize) -> Option<usize> {
    let bytes = text.as_bytes();
    if e > 0 && bytes[e - 1] == b'.' {
        return None;
    }
    let q = e - blanks_before(text, e);
    let head = &bytes[..q];
    for d in DOT_DEVICES {
        let d = d.as_bytes();
        if head.len() >= d.len() && head[head.len() - d.len()..].eq_ignore_ascii_case(d) {
            let ds = q - d.len();
            return Some(ds - blanks_before(text, ds));
        }
    }
    let w = DOT_WORD.as_bytes();
    if q < e && head.len() > w.len() && head[head.len() - w.len()..].eq_ignore_ascii_case(w) {
        let ds = q - w.len();
        let before = blanks_before(text, ds);
        if before > 0 {
            return Some(ds - before);
        }
    }
    None
}

/// Runs of at least nine single letters or digits separated by single spaces, with at least
/// seven digits (`4 1 1 1 …`, `C Z 3 0 …`): the spaces go.
///
/// A run is a maximal chain of singles (each one a run of its own, the chains disjoint). One
/// that counts (nine singles: 17 bytes or more) holds a whole 8-byte block at a multiple of
/// 8, where spaces and singles alternate: the text is read a block at a time, and a chain
/// only through a block of that kind (reading the chains from every digit of the text, a
/// call for each number, was most of the pass).
fn spaced_runs(text: &str, groups: &mut Vec<Group>) {
    let bytes = text.as_bytes();
    let alnum = |i: usize| bytes.get(i).is_some_and(u8::is_ascii_alphanumeric);
    let single = |i: usize| alnum(i) && (i == 0 || !alnum(i - 1)) && !alnum(i + 1);
    // The end of the last chain read: a block before it lies in that chain or before.
    let mut done = 0;
    let mut at = 0;
    while let Some(&[b0, b1, b2, b3, b4, b5, b6, b7]) = bytes.get(at..at + 8) {
        let block = at;
        at += 8;
        // A single inside the block, both its neighbours in the block and spaces.
        let q = if b1 == b' ' && b3 == b' ' && b5 == b' ' && b7 == b' ' {
            block + 2
        } else if b0 == b' ' && b2 == b' ' && b4 == b' ' && b6 == b' ' {
            block + 3
        } else {
            continue;
        };
        if block < done || !single(q) {
            continue;
        }
        // The maximal chain through it.
        let mut start = q;
        while start >= 2 && bytes[start - 1] == b' ' && single(start - 2) {
            start -= 2;
        }
        let mut end = start + 1;
        let mut count = 1;
        let mut digits = usize::from(bytes[start].is_ascii_digit());
        while bytes.get(end) == Some(&b' ') && single(end + 1) {
            count += 1;
            digits += usize::from(bytes[end + 1].is_ascii_digit());
            end += 2;
        }
        done = end;
        if count >= 9 && digits >= 7 {
            let ops = (start + 1..end)
                .step_by(2)
                .map(|sp| (sp, sp + 1, ""))
                .collect();
            groups.push(Group {
                start,
                end,
                ops,
                glued: None,
            });
        }
    }
}

/// The first ASCII digit of `b` at or after `from`: blocks of 16 bytes without one are
/// passed over whole (a test of a block compiles to a few vector instructions). The test
/// oracles' search (the passes that read the text from its digits read it otherwise now).
#[cfg(test)]
pub(crate) fn next_digit(b: &[u8], from: usize) -> Option<usize> {
    let mut i = from;
    while let Some(block) = b.get(i..i + 16) {
        if block.iter().fold(false, |any, c| any | c.is_ascii_digit()) {
            break;
        }
        i += 16;
    }
    b.get(i..)?
        .iter()
        .position(u8::is_ascii_digit)
        .map(|p| i + p)
}

/// The first byte of `b` at or after `from` that is not ASCII: blocks of 16 ASCII bytes are
/// passed over whole (a test of a block compiles to a few vector instructions; the search a
/// byte at a time was most of the character pass on a text with a few non-ASCII letters).
pub(crate) fn next_non_ascii(b: &[u8], from: usize) -> Option<usize> {
    let mut i = from;
    while let Some(block) = b.get(i..i + 16) {
        if block.iter().fold(false, |any, &c| any | (c >= 0x80)) {
            break;
        }
        i += 16;
    }
    b.get(i..)?.iter().position(|&c| c >= 0x80).map(|p| i + p)
}

/// The word pass over `text`.
fn word_pass(text: &str) -> (Option<Pass>, Vec<(usize, usize)>) {
    let mut glued = Vec::new();
    let Some(tr) = TRIGGERS.as_ref() else {
        return (None, glued);
    };
    let bytes = text.as_bytes();
    let mut groups: Vec<Group> = Vec::new();
    let mut done = 0usize;
    for (s, e, pattern) in tr.ac.find_iter(bytes) {
        if s < done {
            continue;
        }
        match tr.what[pattern] {
            kind @ (Trigger::AtDevice | Trigger::AtWord | Trigger::AtSign) => {
                let (lb, ra) = (blanks_before(text, s), blanks_after(text, e));
                match kind {
                    Trigger::AtWord if lb == 0 || ra == 0 || !word_bounded(text, s, e) => {
                        continue;
                    }
                    Trigger::AtSign if lb == 0 && ra == 0 => continue,
                    _ => {}
                }
                let (ds, de) = (s - lb, e + ra);
                let Some(mut ls) = local_part(text, ds) else {
                    continue;
                };
                let tld_known = kind == Trigger::AtWord;
                let Some((end, mut devices, mut spelled)) = domain(text, de, tld_known) else {
                    continue;
                };
                // `milan dot barta at …`: dots of the local part written out too.
                while let Some(dd) = dot_device_before(text, ls) {
                    match local_part(text, dd) {
                        Some(l2) if dd > 0 => {
                            devices.push((dd, ls));
                            spelled = true;
                            ls = l2;
                        }
                        _ => break,
                    }
                }
                if kind == Trigger::AtWord && !spelled {
                    continue;
                }
                let mut ops = vec![(ds, de, "@")];
                for (a, z) in devices {
                    if &text[a..z] != "." {
                        ops.push((a, z, "."));
                    }
                }
                ops.sort_unstable();
                groups.push(Group {
                    start: ls,
                    end,
                    ops,
                    glued: None,
                });
                done = end;
            }
            Trigger::DotDevice => {
                // `example[.]com`, `10[.]0[.]0[.]1`: a bracketed dot between two labels.
                let before = text[..s].bytes().next_back();
                let after = bytes.get(e).copied();
                if before.is_some_and(|c| c.is_ascii_alphanumeric())
                    && after.is_some_and(|c| c.is_ascii_alphanumeric())
                {
                    groups.push(Group {
                        start: s,
                        end: e,
                        ops: vec![(s, e, ".")],
                        glued: None,
                    });
                    done = e;
                }
            }
            Trigger::Number => {
                if !word_bounded(text, s, e) {
                    continue;
                }
                let Some((tokens, seps)) = number_run(text, s) else {
                    continue;
                };
                let mut ops = Vec::new();
                for t in &tokens {
                    ops.push((t.start, t.end, digit_str(&t.digits)));
                }
                for &(a, z, group) in &seps {
                    ops.push((a, z, if group { "-" } else { "" }));
                }
                ops.sort_unstable();
                let (gs, ge) = (tokens[0].start, tokens.last().map_or(e, |t| t.end));
                groups.push(Group {
                    start: gs,
                    end: ge,
                    ops,
                    glued: None,
                });
                done = ge;
            }
            Trigger::Label => {
                // `ssn536228914`, `SSN#536228914`, `phone+14158672210`, `ibanDE89…`: the
                // value read after a label and a space.
                if text[..s].chars().next_back().is_some_and(is_word_char) {
                    continue;
                }
                let hash = matches!(bytes.get(e), Some(b'#'));
                let p = e + usize::from(hash);
                let iban = text[s..e].eq_ignore_ascii_case("iban")
                    && bytes.len() > p + 4
                    && bytes[p..p + 2].iter().all(u8::is_ascii_alphabetic)
                    && bytes[p + 2..p + 4].iter().all(u8::is_ascii_digit);
                let lead = bytes.get(p).copied();
                if !iban && !matches!(lead, Some(b'0'..=b'9' | b'+' | b'(')) {
                    continue;
                }
                // `cc40025aae7e…` is a hex string, not a label and its digits (an `x` before
                // an extension is allowed).
                if !iban
                    && bytes[p..]
                        .iter()
                        .take_while(|b| b.is_ascii_alphanumeric())
                        .any(|b| b.is_ascii_alphabetic() && !b.eq_ignore_ascii_case(&b'x'))
                {
                    continue;
                }
                let digits = bytes[p..]
                    .iter()
                    .take(32)
                    .take_while(|b| b.is_ascii_alphanumeric() || b" .-/()+".contains(b))
                    .filter(|b| b.is_ascii_digit())
                    .count();
                if digits < 6 {
                    continue;
                }
                let direct = !hash && lead.is_some_and(|c| c.is_ascii_alphanumeric());
                groups.push(Group {
                    start: s,
                    end: p,
                    ops: vec![(e, p, " ")],
                    glued: direct.then_some((s, e)),
                });
                done = p;
            }
        }
    }
    spaced_runs(text, &mut groups);
    if groups.is_empty() {
        return (None, glued);
    }
    groups.sort_by_key(|g| (g.start, std::cmp::Reverse(g.end)));
    let mut b = Builder::new(text);
    let mut last_end = 0usize;
    for g in groups {
        if g.start < last_end {
            continue;
        }
        last_end = g.end;
        for (a, z, with) in g.ops {
            b.replace(a, z, with);
        }
        if let Some(gl) = g.glued {
            glued.push(gl);
        }
    }
    (b.finish(), glued)
}

/// A token's digits as a static string (`+` or one to three digits).
fn digit_str(d: &str) -> &'static str {
    const ONE: [&str; 10] = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9"];
    const TWO: [&str; 10] = ["00", "11", "22", "33", "44", "55", "66", "77", "88", "99"];
    const THREE: [&str; 10] = [
        "000", "111", "222", "333", "444", "555", "666", "777", "888", "999",
    ];
    let Some(first) = d.bytes().next() else {
        return "";
    };
    if first == b'+' {
        return "+";
    }
    let i = usize::from(first.wrapping_sub(b'0')).min(9);
    match d.len() {
        1 => ONE[i],
        2 => TWO[i],
        _ => THREE[i],
    }
}

// ---------------------------------------------------------------------------------------
// Stand-ins in the same style

/// The plain form of a value written to dodge a filter, and how a stand-in is written in
/// the same style. See [`unmask`].
#[derive(Debug, Clone)]
pub struct Unmasked {
    /// The value as detection read it (`jane@example.com` for `jane [at] example [dot]
    /// com`).
    pub plain: String,
    /// The bytes of [`Unmasked::plain`] a stand-in keeps as they are (a provider prefix).
    pub keep_prefix: usize,
    prefix: String,
    at: Option<String>,
    dot: Option<String>,
    words: Option<Words>,
    fullwidth: bool,
    spaced: bool,
}

#[derive(Debug, Clone)]
struct Words {
    lang: usize,
    inner: String,
    group: String,
    capital: bool,
}

/// Kinds whose stand-ins keep no prefix of their own: a prefix kept there is a glued label.
fn keeps_no_prefix(kind: Kind) -> bool {
    !matches!(kind, Kind::ApiKey | Kind::IdNumber | Kind::BankAccount)
}

/// The plain form of `value` (a finding of kind `kind` whose first `keep_prefix` bytes are
/// kept) when it is written to dodge a filter (invisible characters, look-alike letters,
/// fullwidth forms, `[at]`/`[dot]`, number words, a glued label); `None` when it is plain.
/// A stand-in made for [`Unmasked::plain`] is written back in the value's style with
/// [`Unmasked::restyle`].
///
/// ```
/// use redact_detect::{unmask, Kind};
///
/// let u = unmask("jane [at] example [dot] com", Kind::Email, 0).unwrap();
/// assert_eq!(u.plain, "jane@example.com");
/// assert_eq!(u.restyle("mark@mail.org"), "mark [at] mail [dot] org");
/// ```
pub fn unmask(value: &str, kind: Kind, keep_prefix: usize) -> Option<Unmasked> {
    let kp = if value.is_char_boundary(keep_prefix) {
        keep_prefix
    } else {
        0
    };
    let (prefix, body, kp) = if kp > 0 && keeps_no_prefix(kind) {
        (&value[..kp], &value[kp..], 0)
    } else {
        ("", value, kp)
    };
    // Nearly every value has nothing masked: with no prefix, an ASCII body (which the
    // character pass leaves as it is) and no trigger start or spaced run, both passes find
    // nothing and the answer is `None` (the proptest `unmask_fast_path_exact`
    // checks this against the passes themselves).
    if prefix.is_empty()
        && body.is_ascii()
        && !TRIGGERS
            .as_ref()
            .is_some_and(|tr| tr.may_change(body.as_bytes()))
    {
        return None;
    }
    let chars = char_pass(body);
    let mid = chars.as_ref().map_or(body, |p| p.text.as_str());
    let (words, _) = word_pass(mid);
    if chars.is_none() && words.is_none() && prefix.is_empty() {
        return None;
    }
    // `4 1 1 1 …`: a stand-in spaced the same way.
    let spaced = mid.split(' ').count() >= 9
        && mid
            .split(' ')
            .enumerate()
            .all(|(i, t)| t.chars().count() == 1 || (i == 0 && t.len() == 2 && t.starts_with('+')));
    let view = View {
        src_len: body.len(),
        chars,
        words,
        glued: Vec::new(),
    };
    let plain = if view.chars.is_none() && view.words.is_none() {
        body.to_string()
    } else {
        view.text().to_string()
    };
    let src_of = |i: usize, c: char| -> &str { &body[view.start(i)..view.end(i + c.len_utf8())] };
    let mut u = Unmasked {
        keep_prefix: if kp > 0 {
            view.end(kp).min(plain.len())
        } else {
            0
        },
        prefix: prefix.to_string(),
        at: None,
        dot: None,
        words: None,
        fullwidth: false,
        spaced,
        plain: String::new(),
    };
    let mut fw = 0usize;
    let mut alnum = 0usize;
    let mut digits: Vec<(usize, &str)> = Vec::new();
    let at_pos = plain.find('@');
    for (i, c) in plain.char_indices() {
        let src = src_of(i, c);
        if c.is_ascii_alphanumeric() {
            alnum += 1;
            if src.chars().count() == 1 && src.chars().next().and_then(fullwidth) == Some(c) {
                fw += 1;
            }
        }
        if c.is_ascii_digit() {
            digits.push((i, src));
        }
        if c == '@' && src != "@" {
            u.at = Some(src.to_string());
        }
        if c == '.' && at_pos.is_some_and(|a| i > a) && src != "." {
            u.dot = Some(src.to_string());
        }
    }
    u.fullwidth = alnum > 0 && fw * 2 >= alnum;
    if let Some(&(_, first)) = digits
        .iter()
        .find(|(_, s)| s.chars().any(char::is_alphabetic))
    {
        let first_word: String = first.chars().take_while(|c| c.is_alphabetic()).collect();
        let lang = number_word(&first_word)
            .and_then(|(_, l)| l)
            .or_else(|| {
                digits
                    .iter()
                    .filter_map(|(_, s)| number_word(s).and_then(|(_, l)| l))
                    .next()
            })
            .unwrap_or(0);
        let mut inner = String::from(" ");
        for w in digits.windows(2) {
            let (a, b) = (w[0].0, w[1].0);
            if b == a + 1 && w[0].1 != w[1].1 {
                let gap = &body[view.end(a + 1)..view.start(b)];
                if !gap.is_empty() {
                    inner = gap.to_string();
                    break;
                }
            }
        }
        let group = plain
            .char_indices()
            .find(|&(i, c)| c == '-' && src_of(i, c) != "-")
            .map_or_else(|| ", ".to_string(), |(i, c)| src_of(i, c).to_string());
        u.words = Some(Words {
            lang,
            inner,
            group,
            capital: first.chars().next().is_some_and(char::is_uppercase),
        });
    }
    u.plain = plain;
    Some(u)
}

impl Unmasked {
    /// `stand_in` (made for [`Unmasked::plain`]) written in the value's style.
    pub fn restyle(&self, stand_in: &str) -> String {
        let mut out = self.prefix.clone();
        if let Some(w) = &self.words {
            let words = &NUMBER_WORDS[w.lang.min(NUMBER_WORDS.len() - 1)].1;
            let mut prev_digit = false;
            let mut first = true;
            for c in stand_in.chars() {
                if let Some(d) = c.to_digit(10) {
                    if prev_digit {
                        out.push_str(&w.inner);
                    }
                    let word = words[d as usize];
                    if first && w.capital {
                        let mut cs = word.chars();
                        if let Some(f) = cs.next() {
                            out.extend(f.to_uppercase());
                            out.push_str(cs.as_str());
                        }
                    } else {
                        out.push_str(word);
                    }
                    first = false;
                    prev_digit = true;
                } else {
                    if matches!(c, '-' | ' ' | '.' | '/') {
                        out.push_str(&w.group);
                    } else {
                        out.push(c);
                    }
                    prev_digit = false;
                }
            }
            return out;
        }
        if self.spaced {
            let mut prev: Option<char> = None;
            for c in stand_in.chars().filter(|c| *c != ' ') {
                // A leading `+` stays glued to the first digit.
                if prev.is_some_and(|p| p != '+') {
                    out.push(' ');
                }
                out.push(c);
                prev = Some(c);
            }
            return out;
        }
        let at = stand_in.find('@');
        for (i, c) in stand_in.char_indices() {
            match c {
                '@' if self.at.is_some() => out.push_str(self.at.as_deref().unwrap_or("@")),
                '.' if self.dot.is_some() && at.is_some_and(|a| i > a) => {
                    out.push_str(self.dot.as_deref().unwrap_or("."));
                }
                c if self.fullwidth && (c.is_ascii_alphanumeric() || c == '@' || c == '.') => {
                    out.push(char::from_u32(c as u32 + 0xFEE0).unwrap_or(c));
                }
                c => out.push(c),
            }
        }
        out
    }
}

#[cfg(test)]
mod tests;
