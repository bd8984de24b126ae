//! Person names: a realistic full name with the same number of parts, the same order
//! (`Surname, Given` stays so), the same case style, the same titles and suffixes, and, where
//! the given name is known, the same gender and origin.

use std::borrow::Cow;

use crate::Ctx;
use crate::data::{
    self, ANGLO, ARABIC, CHINESE, CYRILLIC, FAMOUS_SET, GIVEN, GREEK, Gender, INDIAN, JAPANESE,
    KOREAN, NAME_SUFFIXES, Name, ORIGINS, Origin, PARTICLES, RUSSIAN, SURNAME, TITLES,
};
use crate::shape::{self, Case, case_of};

/// What a word of a name is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Role {
    /// Title, suffix or particle: kept.
    Keep,
    /// A single letter (with or without a dot).
    Initial,
    Given,
    Surname,
    /// Not a name word (digits, symbols): reshaped.
    Other,
}

/// One whitespace-separated word: leading punctuation, core, trailing punctuation.
struct Word<'a> {
    lead: &'a str,
    core: &'a str,
    trail: &'a str,
    /// Whitespace after the word.
    space: &'a str,
    role: Role,
}

/// Which script the name is written in, for the choice of origin.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Script {
    Latin,
    Han,
    Cyrillic,
    Other(Option<usize>),
}

fn script_of(s: &str) -> Script {
    let mut latin = false;
    let mut other = None;
    for c in s.chars().filter(|&c| crate::text::is_alphabetic(c)) {
        let u = c as u32;
        if c.is_ascii_alphabetic() || (0xC0..0x250).contains(&u) {
            latin = true;
        } else if (0x4E00..0xA000).contains(&u) || (0x3400..0x4DC0).contains(&u) {
            other.get_or_insert(Script::Han);
        } else if (0x400..0x530).contains(&u) {
            other.get_or_insert(Script::Cyrillic);
        } else {
            let origin = match u {
                0x600..=0x6FF | 0x750..=0x77F => Some(ARABIC),
                0x900..=0xDFF => Some(INDIAN),
                0xAC00..=0xD7AF | 0x1100..=0x11FF => Some(KOREAN),
                0x3040..=0x30FF => Some(JAPANESE),
                0x370..=0x3FF => Some(GREEK),
                _ => None,
            };
            other.get_or_insert(Script::Other(origin));
        }
    }
    match (latin, other) {
        (false, Some(s)) => s,
        _ => Script::Latin,
    }
}

/// A stand-in for a person's name.
pub(crate) fn person_stand_in(cx: &mut Ctx<'_>, value: &str) -> String {
    if !value.chars().any(crate::text::is_alphabetic) {
        return shape::reshape(cx.rng, value);
    }
    let script = script_of(value);
    if script == Script::Han {
        return han_name(cx, value);
    }
    let mut words = split_words(value);
    assign_roles(&mut words);

    // The name pieces (hyphenated parts split) with their lookup keys, computed once: the
    // keys one after the other in `keys`, each piece with its word and its key's range.
    let mut keys = String::with_capacity(value.len());
    let pieces: Vec<(usize, &str, std::ops::Range<usize>)> = words
        .iter()
        .enumerate()
        .filter(|(_, w)| matches!(w.role, Role::Given | Role::Surname))
        .flat_map(|(i, w)| w.core.split('-').map(move |p| (i, p)))
        .map(|(i, p)| {
            let start = keys.len();
            data::with_key(p, |k| keys.push_str(k));
            (i, p, start..keys.len())
        })
        .collect();
    let keys = keys.as_str();
    let key_of = |p: &(usize, &str, std::ops::Range<usize>)| &keys[p.2.clone()];
    let given_hit = pieces
        .iter()
        .filter(|p| words[p.0].role == Role::Given)
        .find_map(|p| GIVEN.get(key_of(p)));
    // The gender the dictionaries know for the first given name that has one (the origins'
    // lists first, then the US and international lists): always kept.
    let known = pieces
        .iter()
        .filter(|p| words[p.0].role == Role::Given)
        .find_map(|p| data::known_gender(key_of(p)));
    let surname_hit = pieces
        .iter()
        .find(|p| words[p.0].role == Role::Surname)
        .and_then(|p| SURNAME.get(key_of(p)));
    let title_gender = words
        .iter()
        .filter(|w| w.role == Role::Keep)
        .find_map(|w| title_gender(w.core));
    // A title in front of the same surname elsewhere in the text (`Mr. Moreira` … `Davi L.
    // Moreira`): that gender, so that every mention gets one coherent person.
    let text_gender = if known.is_none() && title_gender.is_none() {
        pieces
            .iter()
            .filter(|p| words[p.0].role == Role::Surname)
            .find_map(|p| cx.text.titled_gender(key_of(p)))
    } else {
        None
    };
    let gender =
        known
            .or(title_gender)
            .or(text_gender)
            .unwrap_or(if shape::below(cx.rng, 2) == 0 {
                Gender::Female
            } else {
                Gender::Male
            });
    let fallback_origin = match script {
        Script::Cyrillic => CYRILLIC,
        Script::Other(Some(o)) => o,
        _ => random_latin_origin(cx),
    };
    let (given_origin, surname_origin) = if script == Script::Cyrillic {
        (CYRILLIC, CYRILLIC)
    } else {
        let g = given_hit
            .map(|g| g.0)
            .or(surname_hit.copied())
            .unwrap_or(fallback_origin);
        let s = surname_hit.copied().unwrap_or(g);
        (g, s)
    };

    // When every part is learned the remembered name is the only memo candidate: after it
    // failed once, fresh names are needed.
    let all_learned = cx.use_memo() && pieces.iter().all(|p| cx.memo.name(key_of(p)).is_some());
    let memo_ok = cx.use_memo() && !(all_learned && cx.attempt > 0);
    let mut out = String::with_capacity(value.len() + 8);
    for round in 0..4 {
        out.clear();
        cx.pairs.clear();
        // The first given name and the surname of the round (as drawn: borrowed from the
        // lists).
        let mut full_given: Cow<'static, str> = Cow::Borrowed("");
        let mut full_surname: Cow<'static, str> = Cow::Borrowed("");
        let mut next_piece = 0usize;
        for (wi, w) in words.iter().enumerate() {
            out.push_str(w.lead);
            match w.role {
                Role::Keep => out.push_str(w.core),
                Role::Other => out.push_str(&shape::reshape(cx.rng, w.core)),
                Role::Initial => {
                    let c = w.core.chars().next().unwrap_or('A');
                    // An initial follows the stand-in of the name it stands for: the same
                    // initial met before (`Davi L. Moreira` … `D. L. Moreira`), else the
                    // initial of a learned name that starts with it.
                    let key = data::key(&c.to_string());
                    let learned = (memo_ok && round == 0)
                        .then(|| {
                            cx.memo
                                .name(&key)
                                .and_then(|s| s.chars().next())
                                .or_else(|| crate::net::learned_initial(cx, &key))
                        })
                        .flatten()
                        .filter(char::is_ascii_alphabetic);
                    let mut n = learned.map_or_else(
                        || {
                            let mut n = shape::upper(cx.rng) as char;
                            if n == c.to_ascii_uppercase() {
                                n = if n == 'Z' { 'A' } else { (n as u8 + 1) as char };
                            }
                            n
                        },
                        |l| l.to_ascii_uppercase(),
                    );
                    if c.is_lowercase() {
                        n = n.to_ascii_lowercase();
                    }
                    if !key.is_empty() {
                        cx.pairs
                            .push((key, Cow::Owned(n.to_ascii_lowercase().to_string())));
                    }
                    out.push(n);
                }
                Role::Given | Role::Surname => {
                    let is_given = w.role == Role::Given;
                    let origin = if is_given {
                        given_origin
                    } else {
                        surname_origin
                    };
                    let case = case_of(w.core);
                    let mut first_piece = true;
                    while let Some(p @ (pw, piece, _)) = pieces.get(next_piece) {
                        let key = key_of(p);
                        if *pw != wi {
                            break;
                        }
                        next_piece += 1;
                        if !first_piece {
                            out.push('-');
                        }
                        let new = name_part(
                            cx,
                            Part {
                                real: piece,
                                key,
                                given: is_given,
                                gender,
                                origin,
                                record: true,
                            },
                            memo_ok && round == 0,
                        );
                        if first_piece {
                            if is_given && full_given.is_empty() {
                                full_given = new.clone();
                            } else if !is_given {
                                full_surname = new.clone();
                            }
                        }
                        first_piece = false;
                        shape::push_case(&mut out, &new, case);
                    }
                }
            }
            out.push_str(w.trail);
            out.push_str(w.space);
        }
        if !is_famous(&full_given, &full_surname) {
            break;
        }
    }
    out
}

/// Whether `given surname`, lowercased, is a famous person's name (a stand-in to avoid).
/// Lowered on the stack when ASCII and short (nearly every stand-in asks).
fn is_famous(given: &str, surname: &str) -> bool {
    let mut buf = [0u8; 64];
    let n = given.len() + 1 + surname.len();
    if n <= buf.len() && given.is_ascii() && surname.is_ascii() {
        buf[..given.len()].copy_from_slice(given.as_bytes());
        buf[given.len()] = b' ';
        buf[given.len() + 1..n].copy_from_slice(surname.as_bytes());
        buf[..n].make_ascii_lowercase();
        // ASCII bytes only: valid UTF-8.
        if let Ok(full) = std::str::from_utf8(&buf[..n]) {
            return FAMOUS_SET.contains(full.trim());
        }
    }
    let mut full = String::with_capacity(n);
    shape::push_lower(&mut full, given);
    full.push(' ');
    shape::push_lower(&mut full, surname);
    FAMOUS_SET.contains(full.trim())
}

/// Makes the last name word of `name` double-barrelled with a surname of a random origin
/// (`Clark` → `Clark-Hughes`): still names of the lists, for when single names ran out.
pub(crate) fn double_barrel(cx: &mut Ctx<'_>, name: &mut String) {
    let Some(end) = name.rfind(crate::text::is_alphabetic) else {
        return;
    };
    let end = end + name[end..].chars().next().map_or(1, char::len_utf8);
    let o = &ORIGINS[shape::below(cx.rng, ORIGINS.len())];
    if o.surnames.is_empty() {
        return;
    }
    let s = o.surnames[shape::below(cx.rng, o.surnames.len())].text;
    if name[..end].ends_with(s) {
        return;
    }
    let upper = name[..end].chars().rev().take(2).all(char::is_uppercase);
    let s = if upper {
        s.to_uppercase()
    } else {
        s.to_string()
    };
    name.insert_str(end, &format!("-{s}"));
}

/// The part of a hyphenated name before the first hyphen.
fn first_part(core: &str) -> &str {
    core.split('-').next().unwrap_or(core)
}

fn random_latin_origin(cx: &mut Ctx<'_>) -> usize {
    // Anglo names are the most common in the texts this service sees; weight them.
    if shape::below(cx.rng, 3) == 0 {
        return ANGLO;
    }
    let o = shape::below(cx.rng, ORIGINS.len());
    if o == CYRILLIC { ANGLO } else { o }
}

/// [`TITLES`] as a map (the first entry of a title wins, as a search of the list finds it).
static TITLE_GENDER: std::sync::LazyLock<crate::text::FxMap<&'static str, Option<Gender>>> =
    std::sync::LazyLock::new(|| {
        let mut m = crate::text::FxMap::default();
        for &(t, g) in TITLES {
            m.entry(t).or_insert(g);
        }
        m
    });

/// The ASCII [`TITLES`] of up to 7 bytes by [`pack_word`] (the first entry of a title wins).
static TITLE_PACKED: std::sync::LazyLock<crate::text::FxMap<u64, Option<Gender>>> =
    std::sync::LazyLock::new(|| {
        let mut m = crate::text::FxMap::default();
        for &(t, g) in TITLES {
            if let Some(k) = pack_word(t.as_bytes()) {
                m.entry(k).or_insert(g);
            }
        }
        m
    });

/// An ASCII word of up to 7 bytes, lowercased, packed with its length into a `u64`.
#[inline]
fn pack_word(w: &[u8]) -> Option<u64> {
    if w.len() > 7 || !w.is_ascii() {
        return None;
    }
    Some(
        w.iter()
            .enumerate()
            .fold((w.len() as u64) << 56, |k, (i, &c)| {
                k | u64::from(c.to_ascii_lowercase()) << (8 * i)
            }),
    )
}

/// By first byte of the [`TITLES`]: bit `n` set when one of them is `n` bytes long (made at
/// compile time: it is read for every word of a text).
static TITLE_STARTS: [u16; 256] = {
    let mut t = [0u16; 256];
    let mut k = 0;
    while k < TITLES.len() {
        let w = TITLES[k].0.as_bytes();
        if !w.is_empty() && w.len() < 16 {
            t[w[0] as usize] |= 1 << w.len();
        }
        k += 1;
    }
    t
};

/// False when [`title_gender`] of `word` (without dots) is sure to be `None`: an ASCII word
/// whose first letter and length no title has. Cheap, for every word of a text.
#[inline]
pub(crate) fn may_be_title(word: &str) -> bool {
    may_be_ascii_title(word.as_bytes())
        || (!word.is_empty() && word.len() <= 12 && !word.is_ascii())
}

/// [`may_be_title`] of an ASCII word (its bytes): whether a title has its first letter and
/// length.
#[inline]
pub(crate) fn may_be_ascii_title(b: &[u8]) -> bool {
    match b.first() {
        Some(&f) if b.len() <= 12 => {
            TITLE_STARTS[usize::from(f.to_ascii_lowercase())] & (1 << b.len()) != 0
        }
        _ => false,
    }
}

pub(crate) fn title_gender(core: &str) -> Option<Gender> {
    if core.len() > 12 {
        return None;
    }
    // ASCII (nearly every word of a text, this runs for each): ruled out by first letter and
    // length, else lowered on the stack and looked up.
    if core.is_ascii() {
        let core = core.trim_end_matches('.').as_bytes();
        let first = core.first().map_or(0, u8::to_ascii_lowercase);
        if TITLE_STARTS[usize::from(first)] & (1 << core.len()) == 0 {
            return None;
        }
        if let Some(k) = pack_word(core) {
            return TITLE_PACKED.get(&k).copied().flatten();
        }
        let mut buf = [0u8; 12];
        let low = &mut buf[..core.len()];
        low.copy_from_slice(core);
        low.make_ascii_lowercase();
        return std::str::from_utf8(low)
            .ok()
            .and_then(|w| TITLE_GENDER.get(w).copied().flatten());
    }
    // A character that [`data::fold`] keeps outside ASCII (a word of another script: most
    // non-ASCII words asked about) makes the folded word none of the titles: they are ASCII
    // but `doña`, and its `ñ` is one that `fold` turns into ASCII. Ruled out without folding.
    if core.chars().any(data::folds_outside_ascii) {
        return None;
    }
    let f = data::fold(core);
    TITLE_GENDER.get(f.trim_end_matches('.')).copied().flatten()
}

/// One piece of a name to replace.
struct Part<'a> {
    real: &'a str,
    /// Its [`data::key`].
    key: &'a str,
    given: bool,
    gender: Gender,
    origin: usize,
    /// Whether the (real, stand-in) pair goes to `cx.pairs` (not when the caller drops it).
    record: bool,
}

/// A stand-in for one part of a name (no hyphens), in title case (borrowed from the lists
/// when it is a name of them as written there).
fn name_part(cx: &mut Ctx<'_>, part: Part<'_>, use_memo: bool) -> Cow<'static, str> {
    let Part {
        real,
        key: folded,
        given,
        gender,
        origin,
        record,
    } = part;
    // A learned part is reused unless it would change a known given name's gender (the
    // same word learned as a surname before: `Carroll` in `Lewis Carroll`, then `Carroll
    // Smith`).
    let learned = cx.memo.name(folded).filter(|s| {
        !given
            || data::known_gender(folded)
                .is_none_or(|g| data::with_key(s, |k| GIVEN.get(k)).map(|x| x.1) == Some(g))
    });
    if use_memo && let Some(s) = learned {
        let t = shape::title(s);
        if record {
            let s = cx.memo.names.get(folded).cloned().unwrap_or_default();
            cx.pairs.push((folded.to_string(), s));
        }
        return Cow::Owned(t);
    }
    let of = |o: &'static Origin| -> &'static [Name] {
        if !given {
            &o.surnames
        } else if gender == Gender::Female {
            &o.female
        } else {
            &o.male
        }
    };
    // Every origin has names of every role; should one ever lack them, the Anglo list
    // stands in: a stand-in name is always a name of the lists, never invented letters.
    let o = ORIGINS
        .get(origin)
        .filter(|o| !of(o).is_empty())
        .unwrap_or(&ORIGINS[ANGLO]);
    let list = of(o);
    if list.is_empty() {
        return Cow::Owned(shape::title(&shape::reshape(cx.rng, real)));
    }
    let clash = |cx: &mut Ctx<'_>, pick: &'static Name| {
        pick.key == *folded || (!cx.reuse && cx.memo.name_is_used(pick)) || cx.name_in_text(pick)
    };
    let mut pick = &list[shape::below(cx.rng, list.len())];
    if clash(cx, pick) {
        // A few random draws, then every name of the list from a random start: the first
        // one free of the text and of other people's stand-ins.
        let mut draws = [0usize; 9];
        for d in &mut draws {
            *d = shape::below(cx.rng, list.len());
        }
        let start = draws[8];
        let free = match draws[..8].iter().map(|&i| &list[i]).find(|p| !clash(cx, p)) {
            Some(p) => Some(p),
            None if cx.reuse => None,
            None => cx.first_free_name(list, start, folded),
        };
        match free {
            Some(p) => pick = p,
            // A name in use: as a part of a name of several parts it still makes a new
            // stand-in; alone it cannot.
            None => cx.exhausted = true,
        }
    }
    let mut name = Cow::Borrowed(pick.text);
    if !given && gender == Gender::Female {
        for (m, f) in &o.feminine {
            if let Some(stem) = name.strip_suffix(m) {
                name = Cow::Owned(format!("{stem}{f}"));
                break;
            }
        }
    }
    if record && !folded.is_empty() {
        cx.pairs.push((folded.to_string(), name.clone()));
    }
    name
}

/// Splits a name into words with their punctuation and whitespace.
fn split_words(value: &str) -> Vec<Word<'_>> {
    let mut words = Vec::new();
    let lead_ws = value.len() - value.trim_start().len();
    let mut rest = &value[lead_ws..];
    let mut prefix = &value[..lead_ws];
    while !rest.is_empty() {
        let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
        let (word, after) = rest.split_at(end);
        let ws_len = after.len() - after.trim_start().len();
        let (space, next) = after.split_at(ws_len);
        let core_start = word
            .find(crate::text::is_alphanumeric)
            .unwrap_or(word.len());
        let core_end = word
            .rfind(crate::text::is_alphanumeric)
            .map_or(core_start, |i| {
                i + word[i..].chars().next().map_or(1, char::len_utf8)
            });
        let core_end = core_end.max(core_start);
        let lead_text = &word[..core_start];
        let lead = if words.is_empty() && !prefix.is_empty() {
            // Leading whitespace of the whole value belongs before the first word.
            let l = prefix.len() + lead_text.len();
            let s = &value[..l];
            prefix = "";
            s
        } else {
            lead_text
        };
        words.push(Word {
            lead,
            core: &word[core_start..core_end],
            trail: &word[core_end..],
            space,
            role: Role::Other,
        });
        rest = next;
    }
    if words.is_empty() {
        words.push(Word {
            lead: prefix,
            core: "",
            trail: "",
            space: "",
            role: Role::Other,
        });
    }
    words
}

fn is_title(core: &str) -> bool {
    if core.len() > 12 {
        return false;
    }
    if core.is_ascii() {
        // Packed or lowered on the stack and looked up (every title is a key of the maps).
        if let Some(k) = pack_word(core.as_bytes()) {
            return TITLE_PACKED.contains_key(&k);
        }
        let mut buf = [0u8; 12];
        let low = &mut buf[..core.len()];
        low.copy_from_slice(core.as_bytes());
        low.make_ascii_lowercase();
        return std::str::from_utf8(low).is_ok_and(|w| TITLE_GENDER.contains_key(w));
    }
    let f = data::fold(core);
    TITLES.iter().any(|(t, _)| *t == f)
}

/// Assigns a role to every word.
fn assign_roles(words: &mut [Word<'_>]) {
    let n = words.len();
    let mut seen_name = false;
    for (i, w) in words.iter_mut().enumerate() {
        let core = w.core;
        let has_letters = core.chars().any(crate::text::is_alphabetic);
        let kept = (!seen_name && i + 1 < n && is_title(core))
            || (seen_name && core.len() <= 4 && NAME_SUFFIXES.contains(&data::fold(core).as_str()))
            || (seen_name
                && i + 1 < n
                && core.chars().all(|c| c.is_lowercase())
                && PARTICLES.contains(&core));
        let role = if core.is_empty() || !has_letters {
            Role::Other
        } else if kept {
            Role::Keep
        } else if core.chars().count() == 1 {
            Role::Initial
        } else if core.chars().any(|c| c.is_ascii_digit()) {
            Role::Other
        } else {
            Role::Given
        };
        if matches!(role, Role::Given | Role::Initial) {
            seen_name = true;
        }
        w.role = role;
    }
    // The name words (given names and initials) and the full ones among them, found by
    // position (a name has a few words: no vectors of their indices).
    let is_name = |w: &Word<'_>| matches!(w.role, Role::Given | Role::Initial);
    let is_real = |w: &Word<'_>| w.role == Role::Given;
    let names = words.iter().filter(|w| is_name(w)).count();
    let reals = words.iter().filter(|w| is_real(w)).count();
    let first_real = words.iter().position(is_real);
    match (reals, first_real) {
        (0, _) | (_, None) => {}
        (1, Some(i)) => {
            let after_title = i > 0 && words[..i].iter().any(|w| w.role == Role::Keep);
            let surname = if names > 1 {
                // "J. Smith": the only full word after an initial is the surname.
                words.iter().position(is_name) != Some(i)
            } else {
                after_title
                    || data::with_key(first_part(words[i].core), |f| {
                        data::known_gender(f).is_none() && SURNAME.contains_key(f)
                    })
            };
            if surname {
                words[i].role = Role::Surname;
            }
        }
        (_, Some(a)) => {
            // "Surname, Given" (also "García López, María José"): the name words up to a
            // comma are surnames.
            let last = words.iter().rposition(is_name);
            if let Some(comma) = words
                .iter()
                .enumerate()
                .position(|(i, w)| is_name(w) && Some(i) != last && w.trail.starts_with(','))
            {
                for w in &mut words[..=comma] {
                    if w.role == Role::Given {
                        w.role = Role::Surname;
                    }
                }
                return;
            }
            let b = a + 1 + words[a + 1..].iter().position(is_real).unwrap_or(0);
            let east_asian = reals == 2
                && names == 2
                && data::with_key(first_part(words[a].core), |a| {
                    SURNAME
                        .get(a)
                        .is_some_and(|o| (CHINESE..=KOREAN + 1).contains(o))
                        && !GIVEN.contains_key(a)
                })
                && data::with_key(first_part(words[b].core), |b| GIVEN.contains_key(b));
            if east_asian {
                words[a].role = Role::Surname;
            } else if let Some(last) = words.iter().rposition(is_real) {
                words[last].role = Role::Surname;
            }
        }
    }
}

/// A Han-script name: one surname character, then given-name characters, in the positions of
/// the original's Han characters.
fn han_name(cx: &mut Ctx<'_>, value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    let mut first = true;
    for c in value.chars() {
        let u = c as u32;
        if (0x4E00..0xA000).contains(&u) || (0x3400..0x4DC0).contains(&u) {
            let list = if first {
                data::HAN_SURNAMES
            } else {
                data::HAN_GIVEN
            };
            let mut p = shape::pick(cx.rng, list);
            if p.starts_with(c) {
                p = shape::pick(cx.rng, list);
            }
            out.push_str(p);
            first = false;
        } else {
            out.push(shape::same_class(cx.rng, c, shape::Alphabet::Free));
        }
    }
    out
}

/// Case style helper re-exported for other generators (e-mail, URL) that put name parts in
/// other contexts; `folded` is the [`data::key`] of `real` (the callers have it already).
pub(crate) fn name_for(
    cx: &mut Ctx<'_>,
    real: &str,
    folded: &str,
    default_given: bool,
    hint_origin: Option<usize>,
) -> (String, usize) {
    if cx.use_memo()
        && let Some(s) = cx.memo.name(folded)
    {
        return (data::key(s), hint_origin.unwrap_or(ANGLO));
    }
    let (given, gender, origin) = if let Some(&(o, g)) = GIVEN.get(folded) {
        (true, g, o)
    } else if let Some(g) = data::known_gender(folded) {
        let o = hint_origin.unwrap_or_else(|| random_latin_origin(cx));
        (true, g, o)
    } else if let Some(&o) = SURNAME.get(folded) {
        (false, Gender::Male, o)
    } else {
        let g = if shape::below(cx.rng, 2) == 0 {
            Gender::Female
        } else {
            Gender::Male
        };
        let o = hint_origin.unwrap_or_else(|| random_latin_origin(cx));
        (default_given, g, o)
    };
    let origin = if origin == CYRILLIC { RUSSIAN } else { origin };
    let picked = name_part(
        cx,
        Part {
            real,
            key: folded,
            given,
            gender,
            origin,
            // Cleared below: not recorded at all.
            record: false,
        },
        false,
    );
    cx.pairs.clear();
    (data::key(&picked), origin)
}

/// True when `key` (see [`data::key`]) is a given name or surname of the built-in lists.
pub(crate) fn is_known_name(key: &str) -> bool {
    // Most words asked about (every split of an e-mail's letters) are no name: their bit,
    // clear, answers without hashing the word twice.
    let i = known_bit(key);
    KNOWN_BITS[i / 64] & (1 << (i % 64)) != 0
        && (GIVEN.contains_key(key) || SURNAME.contains_key(key))
}

/// `log2` of the bits of [`KNOWN_BITS`].
const KNOWN_BITS_LOG2: u32 = 18;

/// The bit of [`KNOWN_BITS`] for a key: its length and first 8 bytes, hashed.
#[inline]
fn known_bit(key: &str) -> usize {
    let b = key.as_bytes();
    let mut w = [0u8; 8];
    let n = b.len().min(8);
    w[..n].copy_from_slice(&b[..n]);
    let x = (u64::from_le_bytes(w) ^ (b.len() as u64).rotate_right(8))
        .wrapping_mul(0x9E37_79B9_7F4A_7C15);
    (x >> (64 - KNOWN_BITS_LOG2)) as usize
}

/// A bit per [`known_bit`] of the keys of [`GIVEN`] and [`SURNAME`]: clear, the key is neither.
static KNOWN_BITS: std::sync::LazyLock<Vec<u64>> = std::sync::LazyLock::new(|| {
    let mut bits = vec![0u64; (1 << KNOWN_BITS_LOG2) / 64];
    for k in GIVEN.keys().chain(SURNAME.keys()) {
        let i = known_bit(k);
        bits[i / 64] |= 1 << (i % 64);
    }
    bits
});

/// Applies the case of `like` to an ASCII word.
pub(crate) fn recase(word: &str, like: &str) -> String {
    let mut out = String::with_capacity(word.len());
    push_recase(&mut out, word, like);
    out
}

/// Appends [`recase`] of `word` to `out`.
pub(crate) fn push_recase(out: &mut String, word: &str, like: &str) {
    match case_of(like) {
        c @ (Case::Upper | Case::Lower) => shape::push_case(out, word, c),
        Case::Title => {
            if like.chars().next().is_some_and(char::is_uppercase) {
                shape::push_title(out, word);
            } else {
                out.push_str(word);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::is_known_name;

    mod roles {
        use super::super::*;

        /// [`assign_roles`] as it was written first, with vectors of the name words' indices.
        fn assign_roles_by_vectors(words: &mut [Word<'_>]) {
            let n = words.len();
            let mut seen_name = false;
            for (i, w) in words.iter_mut().enumerate() {
                let core = w.core;
                let has_letters = core.chars().any(crate::text::is_alphabetic);
                let kept = (!seen_name && i + 1 < n && is_title(core))
                    || (seen_name
                        && core.len() <= 4
                        && NAME_SUFFIXES.contains(&data::fold(core).as_str()))
                    || (seen_name
                        && i + 1 < n
                        && core.chars().all(|c| c.is_lowercase())
                        && PARTICLES.contains(&core));
                let role = if core.is_empty() || !has_letters {
                    Role::Other
                } else if kept {
                    Role::Keep
                } else if core.chars().count() == 1 {
                    Role::Initial
                } else if core.chars().any(|c| c.is_ascii_digit()) {
                    Role::Other
                } else {
                    Role::Given
                };
                if matches!(role, Role::Given | Role::Initial) {
                    seen_name = true;
                }
                w.role = role;
            }
            let names: Vec<usize> = (0..n)
                .filter(|&i| matches!(words[i].role, Role::Given | Role::Initial))
                .collect();
            let real_names: Vec<usize> = names
                .iter()
                .copied()
                .filter(|&i| words[i].role == Role::Given)
                .collect();
            match real_names.len() {
                0 => {}
                1 => {
                    let i = real_names[0];
                    let after_title = i > 0 && words[..i].iter().any(|w| w.role == Role::Keep);
                    let surname = if names.len() > 1 {
                        // "J. Smith": the only full word after an initial is the surname.
                        names[0] != i
                    } else {
                        after_title
                            || data::with_key(first_part(words[i].core), |f| {
                                data::known_gender(f).is_none() && SURNAME.contains_key(f)
                            })
                    };
                    if surname {
                        words[i].role = Role::Surname;
                    }
                }
                _ => {
                    // "Surname, Given" (also "García López, María José"): the name words up to a
                    // comma are surnames.
                    let last = names[names.len() - 1];
                    if let Some(&comma) = names
                        .iter()
                        .find(|&&i| i != last && words[i].trail.starts_with(','))
                    {
                        for &i in names.iter().take_while(|&&i| i <= comma) {
                            if words[i].role == Role::Given {
                                words[i].role = Role::Surname;
                            }
                        }
                        return;
                    }
                    let east_asian = real_names.len() == 2
                        && names.len() == 2
                        && data::with_key(first_part(words[real_names[0]].core), |a| {
                            SURNAME
                                .get(a)
                                .is_some_and(|o| (CHINESE..=KOREAN + 1).contains(o))
                                && !GIVEN.contains_key(a)
                        })
                        && data::with_key(first_part(words[real_names[1]].core), |b| {
                            GIVEN.contains_key(b)
                        });
                    if east_asian {
                        words[real_names[0]].role = Role::Surname;
                    } else if let Some(&last) = real_names.last() {
                        words[last].role = Role::Surname;
                    }
                }
            }
        }

        proptest::proptest! {
            /// The roles found by position are the roles the vectors of indices gave.
            #[test]
            fn assign_roles_matches_the_vectors(
                ws in proptest::collection::vec(proptest::sample::select(vec![
                    "Dr.", "Mr", "Mrs.", "J.", "K", "Jane", "Smith", "Wang", "Li", "Wei",
                    "Smith,", "Wang,", "García", "López,", "Jr", "III", "van", "de", "42",
                    "O'Brien", "Anne-Marie", "-", "x1", "Émile,",
                ]), 0..7),
            ) {
                let value = ws.join(" ");
                let mut fast = split_words(&value);
                let mut slow = split_words(&value);
                assign_roles(&mut fast);
                assign_roles_by_vectors(&mut slow);
                let roles = |w: &[Word<'_>]| w.iter().map(|w| w.role).collect::<Vec<_>>();
                proptest::prop_assert_eq!(roles(&fast), roles(&slow), "{}", value);
            }
        }
    }

    /// Every famous name is found, as written in the list or title-cased, and other names
    /// are not, ASCII or not, short or long, as a lowered `String` finds them.
    #[test]
    fn is_famous_matches_the_joined_string() {
        use super::{FAMOUS_SET, is_famous, shape};
        let simple = |g: &str, s: &str| {
            FAMOUS_SET.contains(format!("{} {}", g.to_lowercase(), s.to_lowercase()).trim())
        };
        for f in crate::data::FAMOUS {
            let (g, s) = f.split_once(' ').unwrap_or((f, ""));
            for (g, s) in [
                (g.to_string(), s.to_string()),
                (shape::title(g), shape::title(s)),
            ] {
                assert!(is_famous(&g, &s), "{f}");
            }
        }
        let long = "x".repeat(70);
        for (g, s) in [
            ("Emily", "Clark"),
            ("", "Clark"),
            ("Émile", "Zola"),
            ("", ""),
            (&long, "a"),
        ] {
            assert_eq!(is_famous(g, s), simple(g, s), "{g} {s}");
        }
    }

    /// The bit filter never hides a known name, and answers as the two look-ups for words
    /// of the lists, their cuts and other words.
    #[test]
    fn is_known_name_matches_the_lookups() {
        let plain = |k: &str| GIVEN.contains_key(k) || SURNAME.contains_key(k);
        let mut n = 0;
        for k in GIVEN.keys().chain(SURNAME.keys()) {
            assert!(is_known_name(k), "{k}");
            for cut in [k.get(..k.len() / 2), k.get(k.len() / 3..)]
                .into_iter()
                .flatten()
            {
                assert_eq!(is_known_name(cut), plain(cut), "{cut}");
            }
            let x = format!("{k}x");
            assert_eq!(is_known_name(&x), plain(&x), "{x}");
            n += 1;
        }
        assert!(n > 1000);
        for w in ["", "a", "zzzz", "johnsmith", "emily", "ab", "x\u{e9}"] {
            assert_eq!(is_known_name(w), plain(w), "{w}");
        }
    }

    use crate::Surrogates;
    use crate::data::{self, GIVEN, Gender, INDIAN, SURNAME};
    use redact_entity::Kind;

    fn person(seed: u64, value: &str) -> String {
        let text = format!("Note about {value}.");
        Surrogates::with_seed(seed).stand_in(&text, Kind::Person, "person", 0, value)
    }

    #[test]
    fn keeps_gender_and_origin_of_known_names() {
        for seed in 0..40 {
            let s = person(seed, "Priya Raman");
            let (g, f) = s.split_once(' ').unwrap();
            assert_eq!(
                GIVEN.get(&data::key(g)),
                Some(&(INDIAN, Gender::Female)),
                "{s}"
            );
            assert_eq!(SURNAME.get(&data::key(f)), Some(&INDIAN), "{s}");
            let s = person(seed, "O'Brien, Sean");
            let (sur, given) = s.split_once(", ").unwrap();
            assert_eq!(
                GIVEN.get(&data::key(given)).map(|g| g.1),
                Some(Gender::Male),
                "{s}"
            );
            assert_eq!(SURNAME.get(&data::key(sur)), Some(&1), "{s}: Irish");
            let s = person(seed, "Ms Kowalski");
            assert!(s.starts_with("Ms "), "{s}");
            assert!(
                !s.ends_with("ski") && !s.ends_with("cki"),
                "{s}: feminine form"
            );
        }
    }

    #[test]
    fn a_title_elsewhere_fixes_the_gender_of_the_given_name() {
        // `Zyxa` and `Qorvath` are in no list: only the titles say the gender.
        for (title, want) in [("Mrs", Gender::Female), ("Mr.", Gender::Male)] {
            for seed in 0..20 {
                let text = format!("Dear {title} Qorvath,\nZyxa Qorvath wrote to us.");
                let mut s = Surrogates::with_seed(seed);
                let titled = s.stand_in(
                    &text,
                    Kind::Person,
                    "person",
                    0,
                    &format!("{title} Qorvath"),
                );
                let full = s.stand_in(&text, Kind::Person, "person", 0, "Zyxa Qorvath");
                let given = full.split(' ').next().unwrap_or("");
                assert_eq!(
                    data::known_gender(&data::key(given)),
                    Some(want),
                    "{titled} / {full}"
                );
                // The surname follows the titled mention.
                assert!(
                    titled.ends_with(full.split(' ').nth(1).unwrap_or("?")),
                    "{titled} / {full}"
                );
            }
        }
    }

    /// The map look-up of ASCII titles answers as the search of the list does.
    #[test]
    fn title_gender_matches_the_list() {
        let mut words: Vec<String> = Vec::new();
        for (t, _) in crate::data::TITLES {
            words.push(t.to_string());
            words.push(t.to_uppercase());
            words.push(format!("{}.", crate::shape::title(t)));
            words.push(format!("{t}x"));
        }
        for w in ["", ".", "...", "x", "professorxy", "M..", "Sig.Ra.", "DOÑA"] {
            words.push(w.to_string());
        }
        for w in &words {
            let f = data::fold(w);
            assert_eq!(
                super::is_title(w),
                w.len() <= 12 && crate::data::TITLES.iter().any(|(t, _)| *t == f),
                "{w}"
            );
            let want = crate::data::TITLES
                .iter()
                .find(|(t, _)| *t == f.trim_end_matches('.'))
                .and_then(|(_, g)| *g);
            let want = if w.len() > 12 { None } else { want };
            assert_eq!(super::title_gender(w), want, "{w}");
            if !w.contains('.') && !super::may_be_title(w) {
                assert_eq!(want, None, "{w}: ruled out by may_be_title");
            }
        }
    }

    #[test]
    fn title_gender_and_single_parts() {
        for seed in 0..20 {
            let s = person(seed, "Mr Smith");
            let rest = s.strip_prefix("Mr ").unwrap();
            assert!(SURNAME.contains_key(&data::key(rest)), "{s}");
            let s = person(seed, "Emily");
            assert_eq!(
                GIVEN.get(&data::key(&s)).map(|g| g.1),
                Some(Gender::Female),
                "{s}"
            );
        }
    }

    #[test]
    fn other_scripts() {
        for seed in 0..20 {
            let s = person(seed, "王伟");
            assert_eq!(s.chars().count(), 2, "{s}");
            assert!(
                s.chars().all(|c| ('\u{4e00}'..'\u{a000}').contains(&c)),
                "{s}"
            );
            let s = person(seed, "Иван Петров");
            assert!(
                s.chars()
                    .filter(|c| c.is_alphabetic())
                    .all(|c| ('\u{400}'..'\u{530}').contains(&c)),
                "{s}"
            );
            assert_eq!(s.split(' ').count(), 2);
        }
    }

    mod titles {
        use super::super::*;

        /// [`title_gender`] of a non-ASCII word as it was: folded, then looked up.
        fn by_fold(core: &str) -> Option<Gender> {
            if core.len() > 12 {
                return None;
            }
            let f = data::fold(core);
            TITLE_GENDER.get(f.trim_end_matches('.')).copied().flatten()
        }

        /// Every character: whether `fold` writes it outside ASCII, as the fast check says.
        #[test]
        fn folds_outside_ascii_matches_fold_for_every_char() {
            let mut buf = [0u8; 4];
            for c in (0..=0x10FFFFu32).filter_map(char::from_u32) {
                let s: &str = c.encode_utf8(&mut buf);
                assert_eq!(
                    data::folds_outside_ascii(c),
                    !data::fold(s).is_ascii(),
                    "{c:?}"
                );
            }
        }

        #[test]
        fn non_ascii_titles_are_still_found() {
            for w in [
                "Doña",
                "DOÑA",
                "Mrs\u{301}",
                "Fr\u{430}u",
                "Ḿr",
                "\u{212A}C",
            ] {
                assert_eq!(title_gender(w), by_fold(w), "{w}");
            }
            for &(t, _) in TITLES {
                let accented = t.replacen('a', "á", 1).replacen('e', "é", 1);
                assert_eq!(title_gender(&accented), by_fold(&accented), "{accented}");
                let upper = accented.to_uppercase();
                assert_eq!(title_gender(&upper), by_fold(&upper), "{upper}");
            }
        }

        proptest::proptest! {
            /// Non-ASCII words near the titles and of other scripts: the gender the fold and
            /// the map give.
            #[test]
            fn title_gender_of_non_ascii_words_matches_the_fold(
                w in "[mrsdfaoihlcptgenMRSñÑáéÁÉíöüßẞİıKÅжЖ中é.]{1,8}",
            ) {
                proptest::prop_assume!(!w.is_ascii());
                proptest::prop_assert_eq!(title_gender(&w), by_fold(&w), "{}", w);
            }
        }
    }
}
