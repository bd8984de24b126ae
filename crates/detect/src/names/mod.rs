//! Names of people: the built-in name recogniser ([`NameRecognizer`]).
//!
//! One pass splits the text into words (letters with inner apostrophes and hyphens; a
//! possessive `'s` is split off). Three sources of evidence are then combined:
//!
//! 1. **Labels**: a record label at the start of a line or field (`Name:`, `Patient:`,
//!    `Kunde:`, `Nom :`, `Assinado por:`, … in seven languages) makes the value that follows
//!    a name when it is name-shaped; `From:`/`To:`/`Cc:` headers give their display names.
//! 2. **Context** around a run of capitalised words: a title (`Mr`, `Dr`, `Prof`, `Sir`,
//!    `Herr`, `Mme`, …), a greeting (`Hi`, `Dear`, `Thanks`), a sign-off line above
//!    (`Kind regards,`), a relation or role noun (`my colleague`, `Customer`), a verb of
//!    speech or action after it (`said`, `asked`) or before it (`told`, `cc'ing`, `met
//!    with`), a possessive, or a list continuing a name found just before.
//! 3. **Dictionaries** (see `data/SOURCES.md`): given names with their gender, surnames,
//!    common English words (a name that is also a word, such as Will, May, Grace or Bill,
//!    needs context), and places, brands, products, months and days that the name lists
//!    also hold (Jordan, Amazon, Apple, June: context needed).
//!
//! Once a person is found, their name parts are found again anywhere else in the same text
//! (`Jane Doe` … `Doe's report`), so every mention gets a coherent stand-in.
//!
//! Cost: one byte-level pass over the text, which also notes its line breaks, colons and
//! `@` for the later passes; dictionary look-ups (one Fx-hashed map; a short ASCII word is
//! read as two machine words, lower-cased eight bytes at a time, and found in a table of
//! packed keys), once per word at most, only for capitalised words, the words around them
//! and lower-case words after a word that may announce a person (a first-letter and length
//! test rules most out without a look-up).

mod chat;
mod column;
mod lexicon;

pub(crate) use column::name_column;

use std::collections::HashSet;
use std::hash::BuildHasherDefault;

use redact_entity::{Finding, Kind};

use crate::Recognizer;
use lexicon::{
    BEFORE, BORN, DET, FxHasher, GIVEN, GREET, HEADER_LABELS, LEXICON, LIST_LABELS, LOCPREP,
    Lexicon, MONTH, MORNING, NOBODY, ORG, PARTICLE, REL, SPEECH, SPEECH_BEFORE, SURNAME, TITLE,
    TRAP, WEAK_BEFORE, WORD,
};

pub use lexicon::{GIVEN_F, GIVEN_M};

/// The built-in recogniser of people's names (on by default in [`crate::Detector::new`]).
#[derive(Clone, Copy, Debug, Default)]
pub struct NameRecognizer;

impl NameRecognizer {
    /// Builds the dictionaries now (about 20 ms, once per process).
    pub fn warm_up() {
        let _ = LEXICON.flags("warm");
    }
}

/// A title before a name (`Dr`, `Frau`, `Mme`), from the recogniser's lists.
pub(crate) fn is_title(word: &str) -> bool {
    LEXICON.flags(word) & TITLE != 0
}

/// A particle inside a name (`van`, `de`, `bin`), from the recogniser's lists.
pub(crate) fn is_particle(word: &str) -> bool {
    LEXICON.flags(word) & PARTICLE != 0
}

/// What the built-in lists know about a word: given name (`f`/`m`), surname, common word.
/// For tests and tools; `None` when the word is in no list.
pub fn name_info(word: &str) -> Option<NameInfo> {
    let f = LEXICON.flags(word);
    (f & (GIVEN | SURNAME | WORD | TRAP) != 0).then_some(NameInfo {
        female: f & GIVEN_F != 0,
        male: f & GIVEN_M != 0,
        surname: f & SURNAME != 0,
        common_word: f & WORD != 0,
        look_alike: f & TRAP != 0,
    })
}

/// What the built-in lists know about a word (see [`name_info`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NameInfo {
    /// A female given name.
    pub female: bool,
    /// A male given name.
    pub male: bool,
    /// A surname.
    pub surname: bool,
    /// Also a common English word.
    pub common_word: bool,
    /// Also a place, brand, product, month or day that the name lists hold (Paris, Jordan,
    /// Apple, June): a name only with context.
    pub look_alike: bool,
}

impl Recognizer for NameRecognizer {
    fn name(&self) -> &'static str {
        "names"
    }

    fn recognize(&self, text: &str, _rule_findings: &[Finding], out: &mut Vec<Finding>) {
        recognize(text, out);
    }

    fn uses_rule_findings(&self) -> bool {
        false
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Shape {
    /// First letter upper case (`Jane`, `McDonald`, `J`).
    Cap,
    /// Every letter upper case, two or more letters (`JANE`).
    Upper,
    Lower,
}

#[derive(Clone, Copy, Debug)]
struct Tok {
    start: usize,
    end: usize,
    shape: Shape,
    /// Followed by a possessive `'s` (split off).
    poss: bool,
}

fn is_letter_at(text: &str, i: usize) -> Option<(char, usize)> {
    let c = text[i..].chars().next()?;
    is_word_char(c).then_some((c, c.len_utf8()))
}

/// A letter, or a combining mark that belongs to the letters around it (Thai tone marks,
/// Indic vowel signs, Hebrew points, combining accents), which are not alphabetic by
/// themselves but sit inside words.
pub(crate) fn is_word_char(c: char) -> bool {
    crate::letters::is_alphabetic(c)
        || matches!(c,
            '\u{0300}'..='\u{036F}'
            | '\u{0591}'..='\u{05C7}'
            | '\u{0900}'..='\u{0DFF}'
            | '\u{0E00}'..='\u{0E7F}')
}

/// Where the line breaks, colons and `@` of a text are, in order.
#[derive(Default)]
struct Marks {
    newlines: Vec<usize>,
    colons: Vec<usize>,
    ats: Vec<usize>,
}

/// The tokenizer's reading of a byte met between words: [`SKIP`] (ASCII that is neither a
/// letter nor noted: spaces, digits, punctuation), [`LETTER`] (an ASCII letter), [`NOTED`]
/// (`\n`, `:` and `@`, whose places [`Marks`] keeps) or [`HIGH`] (a byte of a non-ASCII
/// character). One look-up replaces the tests of each byte in turn.
const TOK_CLASS: [u8; 256] = {
    let mut t = [HIGH; 256];
    let mut c = 0;
    while c < 0x80 {
        let b = c as u8;
        t[c] = if b.is_ascii_alphabetic() {
            LETTER
        } else if b == b'\n' || b == b':' || b == b'@' {
            NOTED
        } else {
            SKIP
        };
        c += 1;
    }
    t
};
const SKIP: u8 = 0;
const LETTER: u8 = 1;
const NOTED: u8 = 2;
const HIGH: u8 = 3;

/// The bytes that glue letters into an identifier: ASCII digits, `_` and `$`.
const GLUED: [bool; 256] = {
    let mut t = [false; 256];
    let mut c = 0;
    while c < 256 {
        let b = c as u8;
        t[c] = b.is_ascii_digit() || b == b'_' || b == b'$';
        c += 1;
    }
    t
};

/// The high bit of each byte of `v` that is an ASCII lower-case letter (`a` to `z`).
fn lower_bytes(v: u64) -> u64 {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    // Seven bits of each byte: the sums stay inside their byte (at most 0x7F + 0x1F). The
    // high bit of `x + 0x1F` is set where a byte is at least `a`, of `x + 0x05` where it is
    // above `z`; a byte with its high bit set (not ASCII) is none.
    let x = v & !HIGH;
    (x + ONES * u64::from(0x80 - b'a')) & !(x + ONES * u64::from(0x7F - b'z')) & !v & HIGH
}

/// Splits `text` into words; notes where its line breaks, colons and `@` are on the way
/// (every byte between words passes the test for a word's start once).
fn tokenize(text: &str, toks: &mut Vec<Tok>, marks: &mut Marks) {
    let b = text.as_bytes();
    let n = b.len();
    let mut i = 0;
    while i < n {
        // A tight loop passes the bytes between words that say nothing (most of them); most
        // gaps are one byte (a space), tested before the loop is set up.
        if TOK_CLASS[usize::from(b[i])] == SKIP {
            i += 1;
            if b.get(i).is_some_and(|&c| TOK_CLASS[usize::from(c)] == SKIP) {
                match b[i..]
                    .iter()
                    .position(|&c| TOK_CLASS[usize::from(c)] != SKIP)
                {
                    Some(k) => i += k,
                    None => break,
                }
            } else if i >= n {
                break;
            }
        }
        let c = b[i];
        match TOK_CLASS[usize::from(c)] {
            NOTED => {
                match c {
                    b'\n' => marks.newlines.push(i),
                    b':' => marks.colons.push(i),
                    _ => marks.ats.push(i),
                }
                i += 1;
                continue;
            }
            HIGH if !text.is_char_boundary(i) || is_letter_at(text, i).is_none() => {
                i += 1;
                continue;
            }
            _ => {}
        }
        // A word starts at i.
        let start = i;
        let (mut upper, mut lower, mut uncased) = (0usize, 0usize, 0usize);
        let mut first_upper = false;
        let mut first = true;
        // A capital letter first (a word in three of prose) is counted here, as the loop below
        // would count it after a run of no lower-case letters.
        if c.is_ascii_uppercase() {
            upper = 1;
            first_upper = true;
            first = false;
            i += 1;
        }
        loop {
            // A run of ASCII lower-case letters at once: eight bytes at a time while eight are
            // left, the rest one by one.
            let run = i;
            while let Some(w) = b.get(i..i + 8) {
                let mut v = [0u8; 8];
                v.copy_from_slice(w);
                let other = !lower_bytes(u64::from_le_bytes(v)) & 0x8080_8080_8080_8080;
                if other != 0 {
                    i += (other.trailing_zeros() / 8) as usize;
                    break;
                }
                i += 8;
            }
            if b.len() < i + 8 {
                while i < n && b[i].is_ascii_lowercase() {
                    i += 1;
                }
            }
            if i > run {
                lower += i - run;
                first = false;
            }
            if i >= n {
                break;
            }
            // Not an ASCII lower-case letter (the run stopped here).
            let c = b[i];
            let (ch, len) = if c < 0x80 {
                // ASCII letters counted here (`char::is_uppercase` and `is_lowercase` agree).
                if c.is_ascii_uppercase() {
                    upper += 1;
                    if first {
                        first_upper = true;
                    }
                    first = false;
                    i += 1;
                    continue;
                } else if (c == b'\'' || c == b'-') && i + 1 < n && i > start {
                    match is_letter_at(text, i + 1) {
                        Some(_) => {
                            i += 1;
                            continue;
                        }
                        None => break,
                    }
                } else {
                    break;
                }
            } else if text[i..].starts_with('’') && i > start {
                match text.get(i + 3..).and_then(|_| is_letter_at(text, i + 3)) {
                    Some(_) => {
                        i += 3;
                        continue;
                    }
                    None => break,
                }
            } else {
                match is_letter_at(text, i) {
                    Some(x) => x,
                    None => break,
                }
            };
            if ch.is_uppercase() {
                upper += 1;
                if first {
                    first_upper = true;
                }
            } else if ch.is_lowercase() {
                lower += 1;
            } else {
                uncased += 1;
            }
            first = false;
            i += len;
        }
        let mut end = i;
        let mut poss = false;
        // Every suffix ends in `s` or `S` (compared as bytes: `start..end` is a word).
        if matches!(b[end - 1], b's' | b'S') {
            let w = &b[start..end];
            for suffix in ["'s", "’s", "'S"] {
                if w.len() > suffix.len() + 1 && w.ends_with(suffix.as_bytes()) {
                    end -= suffix.len();
                    poss = true;
                    break;
                }
            }
        }
        // Letters glued to digits, `_` or `$` are part of an identifier (`Ed25519`, `$USERNAME`,
        // `Asa5_x`, a run inside a base64 token), not a word of prose: never a name.
        let glued = |c: u8| GLUED[usize::from(c)];
        let in_identifier = (start > 0 && glued(b[start - 1])) || (i < n && glued(b[i]));
        let shape = if in_identifier {
            Shape::Lower
        } else if upper >= 2 && lower == 0 {
            Shape::Upper
        } else if first_upper {
            Shape::Cap
        } else if upper == 0 && lower == 0 && (2..=16).contains(&uncased) {
            // A word of a script without case (`송현우`, `橋本`, `ไชยภา`, `לוין`): it may be a
            // name as a capitalised word may; a long one is a phrase, not a name.
            Shape::Cap
        } else {
            Shape::Lower
        };
        toks.push(Tok {
            start,
            end,
            shape,
            poss,
        });
    }
}

type FxSet<T> = HashSet<T, BuildHasherDefault<FxHasher>>;

struct Cx<'t> {
    text: &'t str,
    lex: &'t Lexicon,
    toks: Vec<Tok>,
    /// Accepted name spans, in the order found.
    found: Vec<(usize, usize, &'static str)>,
    /// Spans handled by a label (runs inside them are not looked at again).
    claimed: Vec<(usize, usize)>,
    /// The letters of the local parts of the e-mail addresses in the text, lower case and
    /// folded (`lavize.apine85@` → `laviseapine`), with the offset of their `@`, in text
    /// order, at most [`MAX_LOCALS`]; with a bit per letter (`a` = 1) they hold.
    locals: Vec<(usize, String, u32)>,
    /// The flags of each token once looked up (`u32::MAX`: not yet).
    flag_cache: Vec<std::cell::Cell<u32>>,
    /// The offsets of the line breaks (`\n`) in the text, in order.
    newlines: Vec<usize>,
    /// The offsets of the colons in the text, in order.
    colons: Vec<usize>,
}

/// How many e-mail local parts a text's names are compared with.
const MAX_LOCALS: usize = 4096;

/// How far (bytes) from a run an e-mail address may be to spell its name: the same record,
/// paragraph or signature.
const LOCAL_WINDOW: usize = 600;

/// The letters of the local parts of the e-mail addresses in `text` (see [`Cx::locals`]).
/// `ats`: the offsets of the `@` in the text, in order.
fn email_locals(text: &str, ats: &[usize]) -> Vec<(usize, String, u32)> {
    let b = text.as_bytes();
    let mut out: Vec<(usize, String, u32)> = Vec::new();
    for &i in ats {
        let mut s = i;
        while s > 0
            && (b[s - 1].is_ascii_alphanumeric() || matches!(b[s - 1], b'.' | b'_' | b'-' | b'+'))
        {
            s -= 1;
        }
        if s == i || !b.get(i + 1).is_some_and(u8::is_ascii_alphanumeric) {
            continue;
        }
        let l: String = b[s..i]
            .iter()
            .filter(|c| c.is_ascii_alphabetic())
            .map(|c| char::from(c.to_ascii_lowercase()))
            .collect();
        if l.len() >= 3 {
            let letters = letter_bits(l.as_bytes());
            out.push((i, l, letters));
            if out.len() >= MAX_LOCALS {
                break;
            }
        }
    }
    out
}

/// A bit per lower-case ASCII letter in `s` (`a` = 1); other bytes add none.
fn letter_bits(s: &[u8]) -> u32 {
    s.iter()
        .filter(|c| c.is_ascii_lowercase())
        .fold(0, |m, &c| m | 1 << (c - b'a'))
}

impl<'t> Cx<'t> {
    #[inline]
    fn word(&self, i: usize) -> &'t str {
        let t = self.toks[i];
        &self.text[t.start..t.end]
    }

    #[inline]
    fn flags(&self, i: usize) -> u32 {
        // Looked up once per token: the judges ask about the same words many times (the
        // cached answer inline, the look-up apart).
        let f = self.flag_cache[i].get();
        if f != u32::MAX {
            return f;
        }
        self.look_up_flags(i)
    }

    #[inline(never)]
    fn look_up_flags(&self, i: usize) -> u32 {
        let t = self.toks[i];
        let f = self.lex.flags_at(self.text, t.start, t.end);
        self.flag_cache[i].set(f);
        f
    }

    /// The text between token `i - 1` and token `i` (from the start of the text for 0).
    #[inline]
    fn gap_before(&self, i: usize) -> &'t str {
        let s = if i == 0 { 0 } else { self.toks[i - 1].end };
        &self.text[s..self.toks[i].start]
    }

    /// [`Cx::gap_before`] as bytes: the hot loops test gaps byte by byte, and a byte slice
    /// costs no test of character boundaries.
    #[inline]
    fn gap_before_bytes(&self, i: usize) -> &'t [u8] {
        let s = if i == 0 { 0 } else { self.toks[i - 1].end };
        &self.text.as_bytes()[s..self.toks[i].start]
    }

    /// [`Cx::gap_after`] as bytes.
    #[inline]
    fn gap_after_bytes(&self, i: usize) -> &'t [u8] {
        let e = self.toks.get(i + 1).map_or(self.text.len(), |t| t.start);
        &self.text.as_bytes()[self.toks[i].end..e]
    }

    #[inline]
    fn gap_after(&self, i: usize) -> &'t str {
        let e = self.toks.get(i + 1).map_or(self.text.len(), |t| t.start);
        &self.text[self.toks[i].end..e]
    }
}

fn recognize(text: &str, out: &mut Vec<Finding>) {
    if text.is_empty() {
        return;
    }
    let Lists {
        mut toks,
        mut flag_cache,
        mut marks,
        mut found,
        mut claimed,
    } = LISTS.take();
    toks.clear();
    toks.reserve(text.len() / 6);
    // Room for a line break every 48 bytes and a few colons: the lists seldom grow (each
    // growth from empty was three or four reallocations).
    marks.newlines.clear();
    marks.colons.clear();
    marks.ats.clear();
    marks.newlines.reserve(text.len() / 48 + 4);
    marks.colons.reserve(text.len() / 128 + 4);
    tokenize(text, &mut toks, &mut marks);
    if toks.is_empty() {
        keep_lists(Lists {
            toks,
            flag_cache,
            marks,
            found,
            claimed,
        });
        return;
    }
    let Marks {
        newlines,
        colons,
        ats,
    } = marks;
    flag_cache.clear();
    flag_cache.resize(toks.len(), std::cell::Cell::new(u32::MAX));
    let mut cx = Cx {
        text,
        lex: &LEXICON,
        flag_cache,
        toks,
        // Room for the names and labelled values of most texts: fewer growths (the lists
        // of the thread's last text, emptied).
        found: {
            found.clear();
            found.reserve(8);
            found
        },
        claimed: {
            claimed.clear();
            claimed.reserve(8);
            claimed
        },
        locals: email_locals(text, &ats),
        newlines,
        colons,
    };
    labels(&mut cx);
    chat::speakers(&mut cx);
    cx.claimed.sort_unstable();
    let rejected = runs(&mut cx);
    lower_case(&mut cx);
    coreference(&mut cx, &rejected);
    for &(s, e, rule) in &cx.found {
        out.push(Finding::new(s, e, Kind::Person, rule));
    }
    let marks = Marks {
        newlines: cx.newlines,
        colons: cx.colons,
        ats,
    };
    keep_lists(Lists {
        toks: cx.toks,
        flag_cache: cx.flag_cache,
        marks,
        found: cx.found,
        claimed: cx.claimed,
    });
}

/// The token lists of the last text [`recognize`] read on this thread, kept for the next
/// text: allocated for each text the tokens alone were four kilobytes for a kilobyte of
/// text, which the allocator serves from its large bins. The lists of marks too (three
/// allocations a text less).
#[derive(Default)]
struct Lists {
    toks: Vec<Tok>,
    flag_cache: Vec<std::cell::Cell<u32>>,
    marks: Marks,
    found: Vec<(usize, usize, &'static str)>,
    claimed: Vec<(usize, usize)>,
}

thread_local! {
    static LISTS: std::cell::Cell<Lists> = const {
        std::cell::Cell::new(Lists {
            toks: Vec::new(),
            flag_cache: Vec::new(),
            marks: Marks {
                newlines: Vec::new(),
                colons: Vec::new(),
                ats: Vec::new(),
            },
            found: Vec::new(),
            claimed: Vec::new(),
        })
    };
}

/// The most tokens [`LISTS`] keeps room for (a long text's lists are dropped with it).
const LISTS_KEPT: usize = 4096;

fn keep_lists(lists: Lists) {
    let Lists {
        toks,
        flag_cache,
        marks,
        found,
        claimed,
    } = lists;
    if toks.capacity() <= LISTS_KEPT && flag_cache.capacity() <= LISTS_KEPT {
        // Marks and spans are fewer than tokens, most texts; a long text's are dropped with
        // it.
        let kept = |v: &Vec<usize>| v.capacity() <= LISTS_KEPT;
        let marks = if kept(&marks.newlines) && kept(&marks.colons) && kept(&marks.ats) {
            marks
        } else {
            Marks::default()
        };
        let found = if found.capacity() <= LISTS_KEPT {
            found
        } else {
            Vec::new()
        };
        let claimed = if claimed.capacity() <= LISTS_KEPT {
            claimed
        } else {
            Vec::new()
        };
        LISTS.set(Lists {
            toks,
            flag_cache,
            marks,
            found,
            claimed,
        });
    }
}

/// The first position of `pat` (not empty) in `hay`, as `str::find` gives it, without the
/// set-up of a substring searcher (the strings searched here are short).
pub(super) fn find_bytes(hay: &[u8], pat: &[u8]) -> Option<usize> {
    let (&first, rest) = pat.split_first()?;
    let last = hay.len().checked_sub(pat.len())?;
    // Byte by byte (no call to compare a few bytes).
    (0..=last).find(|&i| {
        hay[i] == first
            && hay[i + 1..i + pat.len()]
                .iter()
                .zip(rest)
                .all(|(a, b)| a == b)
    })
}

/// Whether `w` in lower case (`str::to_lowercase`) is `lower`; an ASCII word is compared in
/// place.
fn lower_is(w: &str, lower: &str) -> bool {
    if w.is_ascii() {
        w.len() == lower.len()
            && w.bytes()
                .zip(lower.bytes())
                .all(|(a, b)| a.to_ascii_lowercase() == b)
    } else {
        let mut buf = lexicon::ShortStr::new();
        if lexicon::lower_into(w, &mut buf) {
            buf.as_str() == lower
        } else {
            w.to_lowercase() == lower
        }
    }
}

/// Whether `w` in lower case is one of `set`.
fn lower_in(w: &str, set: &[&str]) -> bool {
    if w.is_ascii() {
        set.iter().any(|l| l.len() == w.len() && lower_is(w, l))
    } else {
        let mut buf = lexicon::ShortStr::new();
        if lexicon::lower_into(w, &mut buf) {
            set.contains(&buf.as_str())
        } else {
            set.contains(&w.to_lowercase().as_str())
        }
    }
}

/// Appends `w` in lower case (`str::to_lowercase`) to `out`.
fn push_lower(out: &mut String, w: &str) {
    let from = out.len();
    if w.is_ascii() {
        out.push_str(w);
        out[from..].make_ascii_lowercase();
        return;
    }
    // Character by character, as `str::to_lowercase` lower-cases all but `Σ` (whose lower
    // case depends on the letters around it), without its allocation.
    for c in w.chars() {
        if c == 'Σ' {
            out.truncate(from);
            out.push_str(&w.to_lowercase());
            return;
        }
        match crate::letters::lower_char(c) {
            Some(l) => out.push(l),
            None => out.extend(c.to_lowercase()),
        }
    }
}

/// Is the (possibly spaced) gap a plain word separator on one line?
fn is_space_gap(g: &str) -> bool {
    is_space_gap_bytes(g.as_bytes())
}

/// [`is_space_gap`] of the gap's bytes.
#[inline]
fn is_space_gap_bytes(g: &[u8]) -> bool {
    !g.is_empty() && g.len() <= 3 && g.iter().all(|&b| b == b' ' || b == b'\t')
        || g == "\u{a0}".as_bytes()
}

/// The first `#`, `-` or byte 0x93 (the end of `–`) in `head`, eight bytes at a time.
fn first_label_mark(head: &[u8]) -> Option<usize> {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    // The high bit of the first byte equal to `c` is set, and none below it (bits above it
    // may be set falsely, by the borrow).
    let zero_at = |v: u64, c: u8| {
        let x = v ^ (ONES * u64::from(c));
        x.wrapping_sub(ONES) & !x & HIGH
    };
    let mut k = 0;
    while k + 8 <= head.len() {
        let mut w = [0u8; 8];
        w.copy_from_slice(&head[k..k + 8]);
        let v = u64::from_le_bytes(w);
        let m = zero_at(v, b'#') | zero_at(v, b'-') | zero_at(v, 0x93);
        if m != 0 {
            return Some(k + (m.trailing_zeros() / 8) as usize);
        }
        k += 8;
    }
    head[k..]
        .iter()
        .position(|&c| matches!(c, b'#' | b'-' | 0x93))
        .map(|o| k + o)
}

/// The union of two ascending lists, ascending.
fn merge_sorted(a: &[usize], b: &[usize]) -> Vec<usize> {
    let mut out = Vec::with_capacity(a.len() + b.len());
    let (mut i, mut j) = (0, 0);
    while i < a.len() && j < b.len() {
        if a[i] <= b[j] {
            out.push(a[i]);
            i += 1;
        } else {
            out.push(b[j]);
            j += 1;
        }
    }
    out.extend_from_slice(&a[i..]);
    out.extend_from_slice(&b[j..]);
    out
}

/// Finds record labels (`Name:`) and e-mail headers and the names after them.
fn labels(cx: &mut Cx<'_>) {
    let text = cx.text;
    let b = text.as_bytes();
    let mut ti = 0usize; // first token at or after the colon, advanced monotonically
    // Where labels may end: every colon (noted by the tokenizer), and the first `#`, ` - ` or
    // ` – ` near the start of each line.
    let mut delims: Vec<usize> = Vec::with_capacity(8);
    let reach = cx.lex.max_label + 12;
    // Each line: from the start of the text or after a line break, to the next or the end.
    let starts = std::iter::once(0).chain(cx.newlines.iter().map(|&p| p + 1));
    let ends = cx
        .newlines
        .iter()
        .copied()
        .chain(std::iter::once(text.len()));
    for (ls, le) in starts.zip(ends) {
        let head = &b[ls..le.min(ls + reach)];
        if let Some(o) = first_label_mark(head) {
            delims.push(ls + o);
        }
    }
    // Both lists are in text order, and a colon is never one of the others: merged, they are
    // in text order.
    let delims = merge_sorted(&cx.colons, &delims);
    let mut label = String::with_capacity(32);
    for at in delims {
        // `Label: value`, `Payee #value`, `Name - value`, `Contact – value`: `p` is where the
        // label ends, `at` the last byte of the delimiter.
        let spaced = |i: usize| i > 0 && b[i - 1] == b' ' && b.get(at + 1) == Some(&b' ');
        let p = match b[at] {
            b':' => at,
            b'#' if at > 0
                && b[at - 1] == b' '
                && !b.get(at + 1).is_some_and(u8::is_ascii_digit) =>
            {
                at
            }
            b'-' if spaced(at) => at,
            0x93 if at >= 2 && b[at - 2] == 0xE2 && b[at - 1] == 0x80 && spaced(at - 2) => at - 2,
            _ => continue,
        };
        let colon = b[at] == b':';
        let trim =
            |c: char| c.is_whitespace() || matches!(c, '-' | '*' | '•' | '#' | '>' | '_' | '+');
        let lo = p.saturating_sub(cx.lex.max_label + 12);
        // The last letter before `p` first (trimmed as `raw` is below, from the farthest
        // start the field may have): when no label ends in it and no ` name` does, nothing
        // below applies, wherever the field starts.
        let mut from = lo;
        while !text.is_char_boundary(from) {
            from += 1;
        }
        match text[from..p].trim_end_matches(trim).as_bytes().last() {
            Some(&c)
                if cx.lex.may_end_label(c) || matches!(c.to_ascii_lowercase(), b'e' | b's') => {}
            _ => continue,
        }
        // The field starts after a line break or a field separator.
        let mut s = p;
        let mut sep_found = false;
        while s > lo {
            let c = b[s - 1];
            if matches!(c, b'\n' | b'\r' | b'|' | b';' | b'\t' | b',' | b'(' | b'[') {
                sep_found = true;
                break;
            }
            s -= 1;
        }
        if !(sep_found || s == 0) {
            continue;
        }
        while !text.is_char_boundary(s) {
            s += 1;
        }
        let at_line_start = s == 0 || matches!(b[s - 1], b'\n' | b'\r');
        if !colon && !at_line_start {
            continue;
        }
        // Its end trimmed first: what the label is compared with ends as `raw` does, and when
        // no label ends so, and no ` name` or ` names` does, nothing below applies.
        let tail = text[s..p].trim_end_matches(trim);
        let Some(&last) = tail.as_bytes().last() else {
            continue;
        };
        if !cx.lex.may_end_label(last) && !matches!(last.to_ascii_lowercase(), b'e' | b's') {
            continue;
        }
        let raw = tail.trim_start_matches(trim);
        if raw.len() > cx.lex.max_label {
            continue;
        }
        // The words joined by single spaces, then in lower case.
        label.clear();
        for w in raw.split_whitespace() {
            if !label.is_empty() {
                label.push(' ');
            }
            label.push_str(w);
        }
        if label.is_ascii() {
            label.make_ascii_lowercase();
        } else {
            label = label.to_lowercase();
        }
        if !cx.lex.is_label(&label) {
            // `Product name:`, `File name:`, `Company name:`: the value is not a person.
            if colon && (label.ends_with(" name") || label.ends_with(" names")) {
                let vend = b[at + 1..]
                    .iter()
                    .position(|&c| matches!(c, b'\n' | b'\r' | b'|' | b';' | b'\t'))
                    .map_or(b.len(), |o| at + 1 + o);
                cx.claimed.push((at + 1, vend));
            }
            continue;
        }
        let header = HEADER_LABELS.contains(&label.as_str());
        if ((header || !colon) && !at_line_start) || (header && !colon) {
            continue;
        }
        // The value: to the end of the line or field.
        let vstart = at + 1;
        let vend = b[vstart..]
            .iter()
            .position(|&c| matches!(c, b'\n' | b'\r' | b'|' | b';' | b'\t'))
            .map_or(b.len(), |o| vstart + o);
        while ti < cx.toks.len() && cx.toks[ti].start < vstart {
            ti += 1;
        }
        if header {
            header_names(cx, vstart, vend);
        } else if LIST_LABELS.contains(&label.as_str()) {
            // `Present: Aljaž Sever, Ivo Bukovec, Miloš Blažič`: a list of names.
            let mut seg = vstart;
            while seg < vend {
                let end = b[seg..vend]
                    .iter()
                    .position(|&c| c == b',')
                    .map_or(vend, |o| seg + o);
                let k = cx.toks.partition_point(|t| t.start < seg);
                if let Some((s, e)) = label_value(cx, k, end, false) {
                    cx.found.push((s, e, "name-label"));
                }
                seg = end + 1;
            }
        } else if let Some((s, e)) = label_value(cx, ti, vend, true) {
            cx.found.push((s, e, "name-label"));
            cx.claimed.push((s, e));
        }
        if matches!(label.as_str(), "dear") {
            continue;
        }
        cx.claimed.push((vstart, vend.min(vstart + 80)));
    }
}

/// The display names of an e-mail header value (`Jane Doe <jane@x>, "Lee, Min" <m@y>`).
fn header_names(cx: &mut Cx<'_>, vstart: usize, vend: usize) {
    let text = cx.text;
    let b = text.as_bytes();
    let mut seg_start = vstart;
    let mut i = vstart;
    let (mut quoted, mut angle) = (false, false);
    while i <= vend {
        let c = if i < vend { b[i] } else { b',' };
        match c {
            b'"' => quoted = !quoted,
            b'<' if !quoted => angle = true,
            b'>' if !quoted => angle = false,
            b',' if !quoted && !angle => {
                let seg = &text[seg_start..i];
                let display_end = seg.find('<').map_or(i, |o| seg_start + o);
                let display = &text[seg_start..display_end];
                if !display.contains('@') && display.chars().any(char::is_alphabetic) {
                    let ti = cx.toks.partition_point(|t| t.start < seg_start);
                    if let Some((s, e)) = label_value(cx, ti, display_end, false) {
                        cx.found.push((s, e, "name-header"));
                    }
                }
                seg_start = i + 1;
            }
            _ => {}
        }
        i += 1;
    }
}

/// A name-shaped value starting at token `ti` and ending before `end`: name words (titles
/// skipped, particles and initials allowed), `Surname, Given` order, at most five words.
fn label_value(cx: &Cx<'_>, ti: usize, end: usize, lower_ok: bool) -> Option<(usize, usize)> {
    let toks = &cx.toks;
    let mut i = ti;
    // Titles in front are not part of the name.
    while i < toks.len()
        && toks[i].end <= end
        && cx.flags(i) & TITLE != 0
        && cx.flags(i) & GIVEN == 0
    {
        if i + 1 >= toks.len() {
            return None;
        }
        i += 1;
    }
    if i >= toks.len() || toks[i].end > end {
        return None;
    }
    let first = i;
    // The gap between the label and the value: spaces, quotes.
    let lead = &cx.text[if first == ti {
        toks[ti].start
    } else {
        toks[first - 1].end
    }..toks[first].start];
    let _ = lead;
    let all_lower = toks[first].shape == Shape::Lower;
    if all_lower && !lower_ok {
        return None;
    }
    let mut last = first;
    let mut comma_used = false;
    let mut j = first + 1;
    while j < toks.len() && toks[j].end <= end && j - first < 6 {
        if toks[j - 1].poss {
            break;
        }
        let gap = cx.gap_before(j);
        let prev_initial = toks[j - 1].end - toks[j - 1].start == 1 || cx.flags(j - 1) & TITLE != 0;
        let ok_gap = is_space_gap(gap)
            || (prev_initial && (gap == ". " || gap == "."))
            || (!comma_used && (gap == ", " || gap == ","));
        if !ok_gap {
            break;
        }
        let t = toks[j];
        let f = cx.flags(j);
        let fits = if all_lower {
            t.shape == Shape::Lower
        } else {
            t.shape != Shape::Lower
                || (f & PARTICLE != 0
                    && j + 1 < toks.len()
                    && toks[j + 1].shape != Shape::Lower
                    && is_space_gap_bytes(cx.gap_after_bytes(j)))
        };
        if !fits {
            break;
        }
        if gap.starts_with(',') {
            // `Surname, Given`: the part after the comma must be a given name (or an
            // unknown name-like word) and end the value.
            let given_like = f & GIVEN != 0 || (f & (WORD | TRAP) == 0 && t.shape != Shape::Lower);
            if !given_like {
                break;
            }
            comma_used = true;
        }
        last = j;
        j += 1;
    }
    // Strip trailing particles.
    while last > first && cx.flags(last) & PARTICLE != 0 && toks[last].shape == Shape::Lower {
        last -= 1;
    }
    let n = last - first + 1;
    let mut support = false;
    let mut plain = true;
    for k in first..=last {
        let f = cx.flags(k);
        if f & (GIVEN | SURNAME) != 0 {
            support = true;
        }
        if f & (GIVEN | SURNAME) != 0 || f & WORD == 0 {
            plain = false;
        }
    }
    if cx.flags(first) & NOBODY != 0 && cx.flags(first) & (GIVEN | SURNAME) == 0 {
        return None;
    }
    if plain {
        return None;
    }
    if all_lower {
        // `name: tom baker` — lower case only with dictionary support, ending the field.
        let rest = &cx.text[toks[last].end..end];
        if !support
            || !(2..=3).contains(&n)
            || rest.trim_start().starts_with(|c: char| c.is_alphanumeric())
        {
            return None;
        }
    }
    // A value that runs on into lower-case prose after one word is a sentence, not a name,
    // unless the word is a known name.
    Some((toks[first].start, toks[last].end))
}

/// Context found around a run.
#[derive(Default, Debug)]
struct Ctx {
    strong: bool,
    medium: bool,
    det: bool,
    loc: bool,
    speech: bool,
    from_dept: bool,
}

/// Words that make `with`/`to`/`by` in front of a name strong (`met with`, `according to`).
const STRONG_PAIRS: &[&str] = &[
    "met",
    "meet",
    "meeting",
    "spoke",
    "speak",
    "speaking",
    "talk",
    "talked",
    "talking",
    "chat",
    "chatted",
    "call",
    "according",
    "thanks",
    "chaired",
    "signed",
    "led",
    "written",
    "escalated",
    "handled",
    "approved",
    "reviewed",
    "interviewed",
    "hosted",
    "managed",
    "sent",
    "forwarded",
    "forwarding",
    "reassigning",
    "assigned",
    "loop",
    "married",
    "engaged",
    "dating",
    "replying",
    "reply",
    "write",
    "wrote",
    "introduced",
    "owned",
    "raised",
    "reported",
    "submitted",
    "requested",
    "authored",
    "created",
    "prepared",
    "founded",
    "directed",
    "presented",
    "belongs",
    "belong",
    "belonging",
    "reach",
    "reached",
    "reference",
    "regarding",
];

fn in_claimed(claimed: &[(usize, usize)], s: usize, e: usize) -> bool {
    let k = claimed.partition_point(|c| c.1 <= s);
    claimed.get(k).is_some_and(|c| c.0 < e)
}

/// Looks at every run of capitalised words outside labelled values; returns the runs
/// (token ranges after stripping) that were not accepted, for coreference.
fn runs(cx: &mut Cx<'_>) -> Vec<(usize, usize)> {
    let mut rejected = Vec::with_capacity(16);
    let n = cx.toks.len();
    let mut i = 0;
    while i < n {
        let t = cx.toks[i];
        if t.shape == Shape::Lower || in_claimed(&cx.claimed, t.start, t.end) {
            i += 1;
            continue;
        }
        // Extend the run.
        let mut j = i + 1;
        while j < n && j - i < 7 {
            if cx.toks[j - 1].poss {
                break;
            }
            let gap = cx.gap_before_bytes(j);
            let prev_len = cx.toks[j - 1].end - cx.toks[j - 1].start;
            let prev_short = || prev_len == 1 || (prev_len <= 5 && cx.flags(j - 1) & TITLE != 0);
            let ok_gap = is_space_gap_bytes(gap) || ((gap == b". " || gap == b".") && prev_short());
            if !ok_gap {
                break;
            }
            let tj = cx.toks[j];
            if tj.shape == Shape::Lower {
                // A particle inside a name (`Daan de Vries`, `Ludwig van Beethoven`).
                let next_cap = j + 1 < n
                    && cx.toks[j + 1].shape != Shape::Lower
                    && is_space_gap_bytes(cx.gap_after_bytes(j));
                if next_cap && cx.flags(j) & PARTICLE != 0 {
                    j += 1;
                    continue;
                }
                break;
            }
            j += 1;
        }
        let (run_start, run_end) = (i, j); // tokens [i, j)
        i = j;
        if let Some((a, b, rule)) = judge(cx, run_start, run_end, &mut rejected) {
            let (s, e) = (cx.toks[a].start, cx.toks[b - 1].end);
            cx.found.push((s, e, rule));
        }
    }
    rejected
}

/// Decides whether the run of tokens [i, j) holds a name; returns the token range of the
/// name and the rule.
fn judge(
    cx: &Cx<'_>,
    i: usize,
    j: usize,
    rejected: &mut Vec<(usize, usize)>,
) -> Option<(usize, usize, &'static str)> {
    let toks = &cx.toks;
    let mut ctx = Ctx::default();
    let mut title = false;
    let mut a = i;
    let mut b = j;
    // Leading words that are not names: titles, roles, greetings, determiners, other words.
    let mut addressed = false;
    while a < b {
        let f = cx.flags(a);
        // After a greeting, a relation or a title the next word is the name, even when it is
        // also a word (`Thanks Mare`, `my colleague Hope`).
        if addressed && f & (TITLE | GREET | REL) == 0 {
            break;
        }
        // Surnames that are also words (`Dear`, `King`, `Friend`) do not count in front of
        // other capitalised words.
        let known = f & GIVEN != 0 || (f & SURNAME != 0 && (f & WORD == 0 || a + 1 >= b));
        let t = toks[a];
        if f & TITLE != 0 && (!known || cx.gap_after(a).starts_with('.')) && a + 1 < b {
            title = true;
            addressed = true;
        } else if f & GREET != 0 && !known {
            let w = cx.word(a);
            let morning = ["morning", "afternoon", "evening"]
                .iter()
                .any(|m| w.eq_ignore_ascii_case(m));
            if !morning || (a > 0 && cx.flags(a - 1) & MORNING != 0) {
                ctx.strong = true;
                addressed = is_space_gap_bytes(cx.gap_after_bytes(a));
            }
        } else if f & REL != 0 && !known {
            ctx.strong = true;
            addressed = is_space_gap_bytes(cx.gap_after_bytes(a));
        } else if f & DET != 0 && !known {
            ctx.det = true;
        } else if f & MORNING != 0 && !known {
        } else if (f & WORD != 0 && !known)
            || (t.shape == Shape::Upper && t.end - t.start <= 3 && !known)
        {
            ctx.det = false;
        } else if t.end - t.start == 1 && a + 1 < b && !cx.gap_after(a).starts_with('.') {
            // A lone capital letter (`A`, `I`) that is not an initial.
        } else {
            break;
        }
        a += 1;
    }
    if a >= b {
        return None;
    }
    // Trailing words that are not names; an organisation word rejects the run.
    let mut org = false;
    while b > a + usize::from(addressed) {
        let f = cx.flags(b - 1);
        let t = toks[b - 1];
        let known = f & (GIVEN | SURNAME) != 0;
        if f & ORG != 0 && b - 1 > a {
            org = true;
            break;
        }
        if (f & WORD != 0 && !known)
            || (t.shape == Shape::Upper && t.end - t.start <= 3 && !known)
            || (f & PARTICLE != 0 && t.shape == Shape::Lower)
        {
            b -= 1;
        } else {
            break;
        }
    }
    if b <= a {
        return None;
    }
    // `16/Jan/2025`, `Jun 18`, `28. Mai 2021`: a month next to a number is a date.
    if (a..b).any(|k| month_in_date(cx, k)) {
        return None;
    }
    // `HTTP/1.1`, `TLS/1.3`: a word glued to a slash and a version number is a protocol.
    if (a..b).any(|k| {
        let rest = cx.text.get(toks[k].end..).unwrap_or_default().as_bytes();
        rest.len() >= 2 && rest[0] == b'/' && rest[1].is_ascii_digit()
    }) {
        return None;
    }
    // `Johnson & Johnson`, `Marks & Spencer`: a surname joined by `&` to another capitalised
    // word that is not a given name is a firm.
    if b - a == 1 {
        let fa = cx.flags(a);
        let amp = |gap: &str, k: usize| {
            if gap.trim() != "&" || gap.contains('\n') || toks[k].shape == Shape::Lower {
                return false;
            }
            let fk = cx.flags(k);
            cx.word(k).eq_ignore_ascii_case(cx.word(a))
                || (fa & GIVEN == 0 && fk & GIVEN == 0)
                || fk & ORG != 0
        };
        // Only a gap with a `&` in it can join a firm.
        let has_amp = |g: &[u8]| g.contains(&b'&');
        if (b < toks.len() && has_amp(cx.gap_after_bytes(a)) && amp(cx.gap_after(a), b))
            || (a > 0 && has_amp(cx.gap_before_bytes(a)) && amp(cx.gap_before(a), a - 1))
        {
            return None;
        }
    }
    // The word right after the run.
    let next_gap: &[u8] = if b < toks.len() {
        cx.gap_before_bytes(b)
    } else {
        b""
    };
    if b < toks.len() && is_space_gap_bytes(next_gap) && b == j {
        let f = cx.flags(b);
        if f & ORG != 0 && toks[b].shape != Shape::Lower {
            org = true;
        }
        if f & SPEECH != 0 && toks[b].shape == Shape::Lower {
            ctx.speech = true;
            ctx.medium = true;
        }
        // `Victoria from billing`, `Sam from support`: a person and their department.
        if toks[b].shape == Shape::Lower
            && cx.word(b) == "from"
            && b + 1 < toks.len()
            && toks[b + 1].shape == Shape::Lower
            && cx.flags(b + 1) & DET == 0
            && is_space_gap_bytes(cx.gap_before_bytes(b + 1))
        {
            ctx.from_dept = true;
            ctx.medium = true;
        }
    }
    if org {
        return None;
    }
    // `Norbert Slavík, born 02.01.1952`, `Madlen Parvanova (born …)`: only people are born.
    if b < toks.len() && b == j {
        let g = cx.gap_before_bytes(b);
        if matches!(g, b", " | b" (" | b",") && cx.flags(b) & BORN != 0 {
            ctx.strong = true;
        }
    }
    if toks[b - 1].poss && b == j {
        ctx.medium = true;
    }
    if title {
        ctx.strong = true;
    }
    // The words before the run.
    if a == i && i > 0 {
        let gap = cx.gap_before(i);
        // A number between is no context (`page 25 HTTP/1.1`, `told 3 …`).
        let same_line =
            !gap.contains('\n') && gap.len() <= 4 && !gap.bytes().any(|c| c.is_ascii_digit());
        if same_line {
            let f = cx.flags(i - 1);
            let pw = cx.word(i - 1);
            if f & GREET != 0 {
                let morning = lower_in(pw, &["morning", "afternoon", "evening"]);
                if !morning || (i >= 2 && cx.flags(i - 2) & MORNING != 0) {
                    ctx.strong = true;
                }
            } else if (lower_is(pw, "you")
                && i >= 2
                && cx.word(i - 2).eq_ignore_ascii_case("thank"))
                || f & TITLE != 0
            {
                ctx.strong = true;
            }
            if f & REL != 0 {
                ctx.strong = true;
            }
            if f & BEFORE != 0 && toks[i - 1].shape == Shape::Lower {
                ctx.strong = true;
            }
            // `chiedi a Giada`, `demande à Zoé`, `vraag het even aan Esmee`.
            let via_prep = {
                let mut k = i - 1;
                let mut steps = 0;
                while k > 0
                    && steps < 3
                    && lower_in(
                        cx.word(k),
                        &["a", "à", "aan", "an", "het", "even", "to", "al"],
                    )
                    && is_space_gap_bytes(cx.gap_before_bytes(k))
                {
                    k -= 1;
                    steps += 1;
                }
                steps > 0 && cx.flags(k) & SPEECH_BEFORE != 0 && toks[k].shape == Shape::Lower
            };
            if via_prep || (f & SPEECH_BEFORE != 0 && toks[i - 1].shape == Shape::Lower) {
                ctx.speech = true;
                ctx.medium = true;
            }
            if f & WEAK_BEFORE != 0 {
                let strong_pair = i >= 2 && {
                    let p2 = cx.word(i - 2);
                    lower_in(p2, STRONG_PAIRS) || (lower_is(pw, "in") && lower_is(p2, "loop"))
                };
                if strong_pair {
                    ctx.strong = true;
                } else {
                    ctx.medium = true;
                }
            } else if lower_is(pw, "in") && i >= 2 && cx.word(i - 2).eq_ignore_ascii_case("loop") {
                ctx.strong = true;
            }
            if f & DET != 0 && !gap.contains(',') && !via_prep {
                ctx.det = true;
            }
            if f & LOCPREP != 0 && toks[i - 1].shape == Shape::Lower {
                ctx.loc = true;
            }
            // A list continuing a name just found: `Rohan, Kavya and Meera`.
            if let Some(between) = cx
                .found
                .last()
                .filter(|f| f.1 <= toks[i].start)
                .and_then(|f| cx.text.get(f.1..toks[i].start))
            {
                let bt = between.trim();
                if matches!(
                    bt,
                    "," | "and"
                        | "or"
                        | "&"
                        | ", and"
                        | ", or"
                        | "/"
                        | "und"
                        | "et"
                        | "y"
                        | "e"
                        | "en"
                ) && !between.contains('\n')
                {
                    ctx.medium = true;
                }
            }
        }
        // Sign-off: the run is a line of its own under `Thanks,` / `Kind regards,`, or
        // after a dash (`- Jo`).
        if gap.contains('\n') || gap.trim_start_matches([' ', '\t']).is_empty() {
            // Whether the line ends after the run is read forwards from the run, and the
            // line's start searched only then (from every run of one endless line, the
            // searches for its ends were quadratic).
            let ends_line = ends_line_after(cx.text, toks[b - 1].end);
            let (line_start, before) = if ends_line {
                let ls = cx.text[..toks[a].start].rfind('\n').map_or(0, |p| p + 1);
                (ls, cx.text[ls..toks[a].start].trim())
            } else {
                (0, "")
            };
            if ends_line && matches!(before, "-" | "--" | "—" | "–" | "~") {
                ctx.strong = true;
            } else if ends_line && before.is_empty() && gap.contains('\n') {
                let prev_line = cx.text[..line_start]
                    .trim_end()
                    .rsplit('\n')
                    .next()
                    .unwrap_or("")
                    .trim()
                    .trim_end_matches([',', '.', '!', '-', '—']);
                if prev_line.len() <= 40 {
                    let pl = prev_line
                        .split_whitespace()
                        .collect::<Vec<_>>()
                        .join(" ")
                        .to_lowercase();
                    if cx.lex.is_signoff(&pl) {
                        ctx.strong = true;
                    }
                }
            }
        }
    } else if a == i && i == 0 {
        // Start of the text.
    }
    let n = b - a;
    let first = cx.flags(a);
    let last = cx.flags(b - 1);
    if first & NOBODY != 0 && first & GIVEN == 0 {
        return None;
    }
    if n == 1
        && (toks[a].end - toks[a].start == 1
            || (first & TITLE != 0 && (first & GIVEN == 0 || first & WORD != 0)))
    {
        return None;
    }
    // Evidence in the words themselves.
    let mut plain = true;
    let mut any_trap = false;
    for (k, &t) in toks.iter().enumerate().take(b).skip(a) {
        let f = cx.flags(k);
        let unknown = f & (GIVEN | SURNAME | WORD | TRAP) == 0;
        if f & TRAP != 0 {
            any_trap = true;
        }
        // A surname that is also a word (`Baker`, `Service`) counts after a title only.
        let surname = f & SURNAME != 0 && (f & WORD == 0 || title);
        if f & GIVEN != 0 || surname || (unknown && t.end - t.start >= 2) || t.end - t.start == 1 {
            plain = false;
        }
    }
    // `Thanks Mare,`: a word alone between a greeting and a comma is the one greeted.
    let vocative = addressed
        && ctx.strong
        && n == 1
        && b == j
        && cx.gap_after(a).starts_with(',')
        && cx.flags(a) & NOBODY == 0;
    if (plain && !vocative) || n > 4 {
        if !plain {
            rejected.push((a, b));
        }
        return None;
    }
    if n >= 2 {
        // The words in lower case with single spaces, on the stack when they fit.
        let mut short = lexicon::ShortStr::new();
        let on_stack = (a..b)
            .all(|k| (k == a || short.push(' ')) && lexicon::lower_into(cx.word(k), &mut short));
        let mut phrase = String::new();
        if !on_stack {
            for k in a..b {
                if k > a {
                    phrase.push(' ');
                }
                push_lower(&mut phrase, cx.word(k));
            }
        }
        if cx
            .lex
            .is_phrase(if on_stack { short.as_str() } else { &phrase })
        {
            return None;
        }
    }
    let rule = if ctx.strong {
        Some("name-context")
    } else if ctx.medium && !ctx.det {
        let ok = if n == 1 {
            let unknown = first & (GIVEN | SURNAME | WORD | TRAP) == 0;
            (first & (GIVEN | SURNAME) != 0
                && (first & TRAP == 0 || ctx.from_dept)
                && !ctx.loc
                && (first & WORD == 0 || ctx.speech || ctx.from_dept || toks[a].poss))
                || (ctx.speech && unknown && toks[a].shape == Shape::Cap)
        } else {
            ctx.speech
                || (first & GIVEN != 0 && first & TRAP == 0)
                || dictionary_pair(cx, a, b, first, last, any_trap)
        };
        ok.then_some("name-context")
    } else if ctx.det {
        None
    } else if n >= 2 {
        dictionary_pair(cx, a, b, first, last, any_trap).then_some("name-dictionary")
    } else {
        let t = toks[a];
        (first & GIVEN != 0
            && first & (WORD | TRAP) == 0
            && t.shape == Shape::Cap
            && t.end - t.start >= 2
            && !ctx.loc)
            .then_some("name-dictionary")
    };
    match rule {
        Some(r) => Some((a, b, r)),
        None if email_backed(cx, a, b) => Some((a, b, "name-email")),
        None if a == i && b == j && address_block(cx, a, b) => Some((a, b, "name-address")),
        None => {
            rejected.push((a, b));
            None
        }
    }
}

/// A line that holds only a name of two to four words, above a line with a house number or
/// a postcode (`Linda Jones` / `Flat 15, 3 Chloe Summit`): the first line of an address
/// block on a label, an envelope or a letter.
/// True when nothing but white space, or a comma and white space, follows `at` on its line
/// (read from `at` up to the line's end only where that is all there is).
fn ends_line_after(text: &str, at: usize) -> bool {
    let blank = |c: char| c != '\n' && c.is_whitespace();
    let rest = text[at..].trim_start_matches(blank);
    let rest = rest
        .strip_prefix(',')
        .map_or(rest, |r| r.trim_start_matches(blank));
    rest.is_empty() || rest.starts_with('\n')
}

fn address_block(cx: &Cx<'_>, a: usize, b: usize) -> bool {
    if !(2..=4).contains(&(b - a)) {
        return false;
    }
    let text = cx.text;
    let (s, e) = (cx.toks[a].start, cx.toks[b - 1].end);
    // Only white space between the run and its line's ends, read outwards from the run (a
    // search for the line's ends scanned one endless line from every run).
    let before = &text[..s];
    let lead = before.len()
        - before
            .trim_end_matches(|c: char| c != '\n' && c.is_whitespace())
            .len();
    if s - lead > 0 && !before[..s - lead].ends_with('\n') {
        return false;
    }
    let after = &text[e..];
    let trail = after.len()
        - after
            .trim_start_matches(|c: char| c != '\n' && c.is_whitespace())
            .len();
    let line_end = e + trail;
    if line_end < text.len() && !after[trail..].starts_with('\n') {
        return false;
    }
    for k in a..b {
        let f = cx.flags(k);
        let name = f & (GIVEN | SURNAME) != 0;
        if f & (ORG | NOBODY | TITLE) != 0 || (f & (WORD | TRAP) != 0 && !name) {
            return false;
        }
    }
    if line_end >= text.len() {
        return false;
    }
    let next = text[line_end + 1..].lines().next().unwrap_or("").trim();
    next.len() <= 80
        && next.bytes().any(|c| c.is_ascii_digit())
        && next.chars().any(char::is_alphabetic)
        && !next.contains('@')
        && !next.contains("://")
}

/// A month word right next to a number (`16/Jan/2025`, `Jun 18`, `28. Mai 2021`).
fn month_in_date(cx: &Cx<'_>, k: usize) -> bool {
    if cx.flags(k) & MONTH == 0 {
        return false;
    }
    let t = cx.toks[k];
    // A full stop before the month may end a sentence (`… 10.0.0.1. Jan confirmed`); after
    // it, it marks an abbreviation (`Jan. 5`).
    let mut from = t.start.saturating_sub(4);
    while !cx.text.is_char_boundary(from) {
        from -= 1;
    }
    let before = cx.text[from..t.start].trim_end_matches([' ', '/', '-', '\u{a0}']);
    let skip = [' ', '/', '-', '.', '\u{a0}'];
    let after = cx.text[t.end..]
        .trim_start_matches(skip)
        .trim_start_matches(',');
    let after = after.trim_start_matches(skip);
    before.ends_with(|c: char| c.is_ascii_digit())
        || after.starts_with(|c: char| c.is_ascii_digit())
}

/// A run whose words are spelled in an e-mail address of the same text (`Samira Sölzer` and
/// `ssolzer@web.de`, `Kemppainen` and `johan.kemppainen@`): the address is the person's.
fn email_backed(cx: &Cx<'_>, a: usize, b: usize) -> bool {
    if cx.locals.is_empty() || b - a > 3 {
        return false;
    }
    // The words that count: not initials, not particles; a common word, a look-alike, a
    // title, an organisation word or a non-person among them rejects the run.
    let counts = |k: usize| cx.toks[k].end - cx.toks[k].start != 1 && cx.flags(k) & PARTICLE == 0;
    for k in (a..b).filter(|&k| counts(k)) {
        let f = cx.flags(k);
        let name = f & (GIVEN | SURNAME) != 0;
        if (f & (WORD | TRAP) != 0 && !name) || f & (NOBODY | ORG | TITLE) != 0 {
            return false;
        }
    }
    let (s, e) = (cx.toks[a].start, cx.toks[b - 1].end);
    let lo = cx.locals.partition_point(|l| l.0 + LOCAL_WINDOW < s);
    let hi = cx.locals.partition_point(|l| l.0 <= e + LOCAL_WINDOW);
    let near = &cx.locals[lo..hi.max(lo)];
    if near.is_empty() {
        return false;
    }
    let mut hit = false;
    for k in (a..b).filter(|&k| counts(k)) {
        let w = cx.word(k);
        let mut buf = [0u8; 32];
        let (mut lower, mut short) = (lexicon::ShortStr::new(), lexicon::ShortStr::new());
        let folded_owned;
        let folded: &[u8] = if w.is_ascii() && w.len() <= buf.len() {
            // ASCII: lower case, and nothing to fold.
            let b = &mut buf[..w.len()];
            b.copy_from_slice(w.as_bytes());
            b.make_ascii_lowercase();
            b
        } else if lexicon::lower_into(w, &mut lower)
            && lexicon::fold_into(lower.as_str(), &mut short)
        {
            // On the stack: without the allocations of `to_lowercase` and `fold`.
            short.as_str().as_bytes()
        } else {
            folded_owned = lexicon::fold(&w.to_lowercase());
            folded_owned.as_bytes()
        };
        if folded.len() < 4 || !folded.iter().all(u8::is_ascii_alphabetic) {
            continue;
        }
        // A local part that spells the word holds all its letters.
        let letters = letter_bits(folded);
        if near
            .iter()
            .any(|l| l.2 & letters == letters && find_bytes(l.1.as_bytes(), folded).is_some())
        {
            hit = true;
            break;
        }
    }
    hit
}

/// A capitalised sequence without context: a given name then a surname (or an unknown
/// name-like word), with the dictionaries' word and trap marks respected.
fn dictionary_pair(cx: &Cx<'_>, a: usize, b: usize, first: u32, last: u32, any_trap: bool) -> bool {
    let toks = &cx.toks;
    let strong_given = first & GIVEN != 0 && first & (WORD | TRAP) == 0;
    let weak_given = first & GIVEN != 0 && !strong_given;
    let unknown = |f: u32| f & (GIVEN | SURNAME | WORD | TRAP) == 0;
    let strong_surname = last & SURNAME != 0 && last & (WORD | TRAP) == 0;
    let last_nameish = last & (SURNAME | GIVEN) != 0
        || (unknown(last) && toks[b - 1].end - toks[b - 1].start >= 2);
    let upper = toks[a].shape == Shape::Upper;
    // Middle words: initials, particles, names, unknown words; not plain words.
    for (k, &t) in toks
        .iter()
        .enumerate()
        .take(b.saturating_sub(1))
        .skip(a + 1)
    {
        let f = cx.flags(k);
        let ok = t.end - t.start == 1 || f & (GIVEN | SURNAME | PARTICLE) != 0 || unknown(f);
        if !ok {
            return false;
        }
    }
    if upper {
        return strong_given && strong_surname;
    }
    if strong_given {
        return last_nameish && (last & TRAP == 0 || last & (GIVEN | SURNAME) != 0);
    }
    if weak_given {
        // `Max Müller`, `Jordan Smith`: a given name that is also a word or a brand, then a
        // surname that is neither.
        let later_trap = (a + 1..b).any(|k| cx.flags(k) & TRAP != 0);
        return strong_surname && !later_trap;
    }
    // `J. Smith`: an initial and a surname.
    if toks[a].end - toks[a].start == 1 {
        return strong_surname;
    }
    unknown(first) && toks[a].end - toks[a].start >= 3 && strong_surname && !any_trap
}

/// Names typed in lower case after a word that announces a person (`did trevor barker get`,
/// `Thanks shaun,`, `ask anna`), and lists of them (`they had 4: anna, keir, femke and
/// sarah`): a known given name that is no common word, then at most one more word that is a
/// surname or unknown (not a common word).
fn lower_case(cx: &mut Cx<'_>) {
    let n = cx.toks.len();
    let given = |cx: &Cx<'_>, k: usize| {
        let t = cx.toks[k];
        let f = cx.flags(k);
        t.shape == Shape::Lower
            && t.end - t.start >= 3
            && f & GIVEN != 0
            && f & (WORD | TRAP | NOBODY | PARTICLE | MONTH) == 0
    };
    let mut extra: Vec<(usize, usize, &'static str)> = Vec::new();
    // The spans of the names found, built when a word first passes the tests below (most
    // texts have none that does).
    let mut found: Option<crate::spans::Spans> = None;
    // A list: a given name after `, ` / ` and ` that follows one found in lower case.
    let listed = |extra: &[(usize, usize, &str)], s0: usize| {
        extra.last().is_some_and(|l| {
            cx.text.get(l.1..s0).is_some_and(|b| {
                matches!(
                    b.trim(),
                    "," | "and" | ", and" | "&" | "or" | "y" | "et" | "und" | "en" | "e"
                )
            })
        })
    };
    // The token after the name found last.
    let mut after_last = 0;
    let mut i = 1;
    while i < n {
        let t = cx.toks[i];
        // What the tests below need before any word is looked up: a lower-case word of three
        // letters or more, after a space and a word that may announce a person, in a list,
        // or after a colon.
        if t.shape != Shape::Lower || t.end - t.start < 3 {
            i += 1;
            continue;
        }
        let gap = cx.gap_before_bytes(i);
        let before = cx.toks[i - 1];
        if !((is_space_gap_bytes(gap)
            && cx
                .lex
                .may_announce(&cx.text.as_bytes()[before.start..before.end]))
            // Between a listed name and the one found last, one word at most (`and`).
            || (!extra.is_empty() && i <= after_last + 1 && listed(&extra, t.start))
            || (gap.contains(&b':') && cx.gap_before(i).trim_end().ends_with(':')))
        {
            i += 1;
            continue;
        }
        if cx.toks[i].shape != Shape::Lower || !given(cx, i) {
            i += 1;
            continue;
        }
        let (s0, e0) = (cx.toks[i].start, cx.toks[i].end);
        let found = found
            .get_or_insert_with(|| crate::spans::Spans::new(cx.found.iter().map(|f| (f.0, f.1))));
        if in_claimed(&cx.claimed, s0, e0) || found.overlaps(s0, e0) {
            i += 1;
            continue;
        }
        let gap = cx.gap_before(i);
        let pf = cx.flags(i - 1);
        let announced = is_space_gap(gap)
            && cx.toks[i - 1].shape == Shape::Lower
            && pf & (BEFORE | SPEECH_BEFORE) != 0;
        let greeted = is_space_gap(gap) && pf & GREET != 0;
        let listed = listed(&extra, s0);
        // The head of a list after a colon: `: anna, keir` with a second known name.
        let list_head = gap.trim_end().ends_with(':')
            && i + 1 < n
            && matches!(cx.gap_after(i), ", " | " and ")
            && given(cx, i + 1);
        if !(announced || greeted || listed || list_head) {
            i += 1;
            continue;
        }
        let mut end = i + 1;
        if end < n
            && is_space_gap_bytes(cx.gap_before_bytes(end))
            && cx.toks[end].shape == Shape::Lower
        {
            let f = cx.flags(end);
            let t = cx.toks[end];
            let surname_like = t.end - t.start >= 3
                && f & (WORD | TRAP | NOBODY | PARTICLE | MONTH | SPEECH) == 0
                && !cx.text[t.start..t.end].chars().any(|c| c.is_ascii_digit());
            if surname_like && !greeted {
                end += 1;
            }
        }
        extra.push((cx.toks[i].start, cx.toks[end - 1].end, "name-lower"));
        after_last = end;
        i = end;
    }
    cx.found.extend(extra);
}

/// Finds the parts of the names found again elsewhere in the text.
fn coreference(cx: &mut Cx<'_>, rejected: &[(usize, usize)]) {
    if cx.found.is_empty() {
        return;
    }
    // The parts in lower case: those of sixteen ASCII bytes or fewer packed
    // (`crate::packed::pack`), the others as strings.
    // Room for two parts a name (most have two): the set seldom grows and is rehashed.
    let mut short_parts: FxSet<(u64, u64)> =
        FxSet::with_capacity_and_hasher(2 * cx.found.len(), BuildHasherDefault::default());
    let mut parts: FxSet<String> = FxSet::default();
    let mut lower = String::new();
    // The lower case of token `k`, packed when it is that short.
    let lowered = |k: usize, lower: &mut String| {
        let t = cx.toks[k];
        if let Some(p) = lexicon::packed_lower(cx.text, t.start, t.end) {
            return Some(p);
        }
        lower.clear();
        push_lower(lower, cx.word(k));
        (lower.is_ascii() && lower.len() <= 16).then(|| crate::packed::pack(lower.as_bytes()))
    };
    for &(s, e, _) in &cx.found {
        let k0 = cx.toks.partition_point(|t| t.start < s);
        let mut k = k0;
        while k < cx.toks.len() && cx.toks[k].end <= e {
            let t = cx.toks[k];
            let f = cx.flags(k);
            if t.end - t.start >= 2 && f & (TITLE | PARTICLE | NOBODY) == 0 {
                match lowered(k, &mut lower) {
                    Some(p) => {
                        short_parts.insert(p);
                    }
                    None if !parts.contains(lower.as_str()) => {
                        parts.insert(lower.clone());
                    }
                    None => {}
                }
            }
            k += 1;
        }
    }
    let mut extra = Vec::new();
    for &(a, b) in rejected {
        // Not after a determiner and not a part of an organisation's name.
        if a > 0 && is_space_gap_bytes(cx.gap_before_bytes(a)) && cx.flags(a - 1) & DET != 0 {
            continue;
        }
        let mut is_part = |k: usize| match lowered(k, &mut lower) {
            Some(p) => short_parts.contains(&p),
            None => parts.contains(lower.as_str()),
        };
        let mut k = a;
        while k < b {
            if !is_part(k) {
                k += 1;
                continue;
            }
            let s = k;
            while k < b && is_part(k) {
                k += 1;
            }
            extra.push((cx.toks[s].start, cx.toks[k - 1].end, "name-coreference"));
        }
    }
    cx.found.extend(extra);
}

#[cfg(test)]
mod tests;
