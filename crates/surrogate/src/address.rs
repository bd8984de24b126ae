//! Street addresses and postcodes.
//!
//! An address keeps its lines, separators, unit markers (`Flat 4`, `Apt 5B`), street types
//! (`Road`, `Straße`, `rue`…) and town; the house and unit numbers change (same digit count,
//! letter suffixes kept), the street name is replaced by one of the same language style, and
//! postcodes inside become postcodes of the same format.

use crate::Ctx;
use crate::data::{
    self, COMPOUND_SUFFIXES, DE_ADJ, DE_STEMS, EN_STREETS, EN_TYPE_SET, ES_STREETS, FR_STREETS,
    IT_STREETS, Lang, NL_STEMS, PREFIX_TYPES, PT_STREETS, UK_AREAS_1, UK_AREAS_2, UNIT_WORDS,
};
use crate::shape::{self, digit, digit_nz, from_set, pick, reshape};

mod intl;

/// A token of an address: a word or the separator (spaces, commas, newlines) after it.
#[derive(Clone, Copy, Debug)]
struct Tok<'a> {
    text: &'a str,
    word: bool,
}

fn tokenize(value: &str) -> Vec<Tok<'_>> {
    // Room for an address's words and separators at once (the vector grew two or three
    // times for most).
    let mut out = Vec::with_capacity(value.len() / 2 + 2);
    let mut start = 0;
    let mut in_word = None;
    for (i, c) in value.char_indices() {
        let is_word = !(c.is_whitespace() || c == ',' || c == ';');
        match in_word {
            Some(w) if w == is_word => {}
            Some(w) => {
                out.push(Tok {
                    text: &value[start..i],
                    word: w,
                });
                start = i;
                in_word = Some(is_word);
            }
            None => in_word = Some(is_word),
        }
    }
    if let Some(w) = in_word {
        out.push(Tok {
            text: &value[start..],
            word: w,
        });
    }
    out
}

/// True when a separator ends a line segment (comma, semicolon or newline).
fn breaks(sep: &str) -> bool {
    sep.contains([',', ';', '\n', '\r'])
}

fn core(word: &str) -> &str {
    word.trim_end_matches(['.', ':'])
}

fn is_name_word(w: &str) -> bool {
    let c = core(w);
    !c.is_empty()
        && c.chars()
            .all(|ch| crate::text::is_alphabetic(ch) || ch == '\'' || ch == '-' || ch == '’')
        && c.chars().next().is_some_and(char::is_uppercase)
        && !UNIT_WORDS.contains(&data::fold(c).as_str())
}

fn street_names(lang: Lang) -> &'static [&'static str] {
    match lang {
        Lang::Fr => FR_STREETS,
        Lang::Es => ES_STREETS,
        Lang::It => IT_STREETS,
        Lang::Pt => PT_STREETS,
        Lang::De => DE_STEMS,
        Lang::Nl => NL_STEMS,
        Lang::En => EN_STREETS,
    }
}

/// Picks a street name different from `old` (folded) and not in the original text.
fn street_name(cx: &mut Ctx<'_>, list: &[&'static str], old: &str) -> &'static str {
    let mut p = pick(cx.rng, list);
    for _ in 0..6 {
        if data::fold(p) != old && !cx.list_word_in_text(p) {
            break;
        }
        p = pick(cx.rng, list);
    }
    p
}

/// A stand-in street address.
pub(crate) fn street_address(cx: &mut Ctx<'_>, value: &str) -> String {
    let toks = tokenize(value);
    let n = toks.len();
    // Replacement of a token span [start, end] (token indexes, inclusive) by a string.
    let mut spans: Vec<(usize, usize, String)> = Vec::new();
    let mut done = vec![false; n];
    let mut word_ix: Vec<usize> = Vec::with_capacity(n / 2 + 1);
    word_ix.extend((0..n).filter(|&i| toks[i].word));

    // Postcodes written as two words (UK, Canada, Netherlands).
    for w in word_ix.windows(2) {
        let (a, b) = (w[0], w[1]);
        if done[a] || b != a + 2 || toks[a + 1].text != " " {
            continue;
        }
        let first = toks[a].text;
        let second = toks[b].text.trim_end_matches([',', '.']);
        let trail = &toks[b].text[second.len()..];
        // Cheap shape test before anything is built: `NW1 6XE`, `K1A 0B1`, `1015 CJ`.
        let plausible = (2..=4).contains(&first.len())
            && (2..=3).contains(&second.len())
            && first.bytes().all(|c| c.is_ascii_alphanumeric())
            && second.bytes().all(|c| c.is_ascii_alphanumeric())
            && first.bytes().any(|c| c.is_ascii_digit());
        if !plausible {
            continue;
        }
        let joined = format!("{first} {second}");
        if let Some(p) = two_part_postcode(cx, &joined) {
            spans.push((a, b, format!("{p}{trail}")));
            done[a] = true;
            done[b] = true;
        }
    }

    // Street names.
    let mut k = 0;
    // The current word in lower case (a buffer reused for every word).
    let mut lower = String::with_capacity(32);
    while k < word_ix.len() {
        let i = word_ix[k];
        if done[i] {
            k += 1;
            continue;
        }
        let c = core(toks[i].text);
        lower.clear();
        shape::push_lower(&mut lower, c);
        let same_line_next = k + 1 < word_ix.len() && !breaks(toks[i + 1].text);
        let next = same_line_next.then(|| toks[word_ix[k + 1]].text);
        let prev_same_line = k > 0 && !breaks(toks[i - 1].text);
        let prev_is_number = prev_same_line
            && toks[word_ix[k - 1]]
                .text
                .starts_with(|ch: char| ch.is_ascii_digit());
        let line_start = k == 0 || !prev_same_line;

        // Types before the name: rue, calle, via…
        if let Some(&(_, lang)) = PREFIX_TYPES.iter().find(|(t, _)| *t == lower)
            && let Some(nx) = next
            && !nx.starts_with(|ch: char| ch.is_ascii_digit())
        {
            let ambiguous = matches!(lower.as_str(), "avenue" | "boulevard" | "place");
            let particle = matches!(
                nx.to_lowercase().as_str(),
                "de" | "des" | "du" | "de la" | "la" | "le" | "les"
            ) || nx.to_lowercase().starts_with("l'");
            if !ambiguous || particle || ((line_start || prev_is_number) && is_name_word(nx)) {
                let first = word_ix[k + 1];
                let mut last = first;
                let mut m = k + 1;
                while m + 1 < word_ix.len() {
                    let j = word_ix[m + 1];
                    if breaks(toks[j - 1].text)
                        || toks[j].text.starts_with(|ch: char| ch.is_ascii_digit())
                    {
                        break;
                    }
                    last = j;
                    m += 1;
                }
                let old = data::fold(&value_of(&toks, first, last));
                let name = street_name(cx, street_names(lang), &old);
                let trail = trailing_punct(toks[last].text);
                spans.push((first, last, format!("{name}{trail}")));
                for d in done.iter_mut().take(last + 1).skip(first) {
                    *d = true;
                }
                done[i] = true;
                k = m + 1;
                continue;
            }
        }

        // Types after the name: Road, Street, Straße…
        let type_word = EN_TYPE_SET.contains(lower.as_str())
            || matches!(lower.as_str(), "straße" | "strasse" | "str");
        if type_word && prev_same_line {
            let mut first = None;
            let mut m = k;
            while m > 0 {
                let j = word_ix[m - 1];
                if breaks(toks[j + 1].text) || done[j] || !is_name_word(toks[j].text) {
                    break;
                }
                first = Some(m - 1);
                m -= 1;
            }
            if let Some(f) = first {
                let (a, b) = (word_ix[f], word_ix[k - 1]);
                let old = data::fold(&value_of(&toks, a, b));
                let german = matches!(lower.as_str(), "straße" | "strasse" | "str");
                let list = if german {
                    DE_ADJ
                } else {
                    street_names(Lang::En)
                };
                let name = street_name(cx, list, &old);
                let name = if toks[a].text.chars().all(|ch| !ch.is_lowercase()) && c.len() > 2 {
                    name.to_uppercase()
                } else {
                    name.to_string()
                };
                spans.push((a, b, name));
                for d in done.iter_mut().take(b + 1).skip(a) {
                    *d = true;
                }
                done[i] = true;
                k += 1;
                continue;
            }
        }

        // Compound names: Hauptstraße, Keizersgracht.
        if c.chars().next().is_some_and(char::is_uppercase)
            && let Some(&(suffix, lang)) = COMPOUND_SUFFIXES
                .iter()
                .find(|(s, _)| lower.ends_with(s) && lower.chars().count() >= s.chars().count() + 3)
        {
            let sc = suffix.chars().count();
            let split = c.char_indices().rev().nth(sc - 1).map_or(0, |(ix, _)| ix);
            let word = toks[i].text;
            let stem_old = data::fold(&c[..split]);
            let stem = street_name(cx, street_names(lang), &stem_old);
            let tail = &word[split..];
            let stem = if c[..split].chars().all(|ch| !ch.is_lowercase()) {
                stem.to_uppercase()
            } else {
                stem.to_string()
            };
            // A lowercase suffix after a new stem ("Linden" + "straße").
            spans.push((i, i, format!("{stem}{tail}")));
            done[i] = true;
        }
        k += 1;
    }

    // Streets of the other countries: names by the type word, the glued suffix or the script.
    if !done.iter().any(|d| *d) {
        other_countries(cx, &toks, &word_ix, &mut done, &mut spans);
    }

    // Numbers: house, unit and postcode digits change, letters stay.
    // Past the preferred attempts the streets of this shape are used up (a long input holds
    // most names of a short list with most one- and two-digit numbers, and every stand-in
    // must differ from them and from the real ones): the first number gets one digit more in
    // front (`15` → `315`), two more past twice those attempts (up to four digits in all), so
    // the street stays a street of the list instead of the letters of the last resort.
    let mut widen = if cx.strict() {
        0
    } else if cx.attempt < 2 * crate::PREFERRED_ATTEMPTS {
        1
    } else {
        2
    };
    for &i in &word_ix {
        if done[i] || !toks[i].text.bytes().any(|b| b.is_ascii_digit()) {
            continue;
        }
        let w = toks[i].text;
        let digits = w.bytes().filter(u8::is_ascii_digit).count();
        let postal_like = digits == 5 && w.len() <= 6 || is_zip4(w);
        let s = if postal_like {
            keep_first_digit(cx, w)
        } else {
            let mut s = shape::redigit(cx.rng, w);
            let extra = widen.min(4usize.saturating_sub(digits));
            if extra > 0
                && let Some(d) = s.find(|c: char| c.is_ascii_digit())
                && !s[d..].starts_with('0')
            {
                for _ in 1..extra {
                    s.insert(d, char::from(shape::digit(cx.rng)));
                }
                s.insert(d, char::from(shape::digit_nz(cx.rng)));
                widen = 0;
            }
            s
        };
        spans.push((i, i, s));
        done[i] = true;
    }

    spans.sort_by_key(|s| s.0);
    let mut out = String::with_capacity(value.len() + 16);
    let mut t = 0;
    for (a, b, s) in spans {
        if a < t {
            continue;
        }
        for tok in &toks[t..a] {
            out.push_str(tok.text);
        }
        out.push_str(&s);
        t = b + 1;
    }
    for tok in toks.iter().skip(t) {
        out.push_str(tok.text);
    }
    if out == value || out.is_empty() {
        // Nothing recognisable: a fresh English street line in front of the rest.
        let num = shape::int(cx.rng, 2, 180);
        let name = pick(cx.rng, EN_STREETS);
        let ty = pick(
            cx.rng,
            &["Road", "Street", "Lane", "Avenue", "Close", "Way"],
        );
        let rest = value.find([',', '\n']).map_or("", |i| &value[i..]);
        return format!("{num} {name} {ty}{rest}");
    }
    out
}

/// Words of a street that are no name: markers of numbers and units (`No:`, `nr.`, `kv.`,
/// `D:`, `Int.`) and the particles between names.
fn not_a_name(lower: &str) -> bool {
    let c = lower.trim_end_matches(['.', ':']);
    UNIT_WORDS.contains(&c)
        || matches!(
            c,
            "no" | "nr"
                | "n°"
                | "nº"
                | "h.no"
                | "kv"
                | "кв"
                | "d"
                | "int"
                | "ap"
                | "bl"
                | "sc"
                | "et"
                | "em"
                | "apto"
                | "piso"
                | "bis"
                | "ter"
                | "de"
                | "la"
                | "v"
                | "na"
                | "pod"
                | "nad"
                | "k"
                | "u"
                | "za"
                | "house"
                | "flat"
                | "casa"
                | "lote"
        )
}

/// Replaces the name of a street the English, German, Dutch and Romance lists do not cover:
/// the words of its first line up to the house number, by names of the country its type word
/// or glued suffix names (`Béke utca 67.`, `Kungsgatan 44`, `vul. Gazova, 6`), else by the
/// script of the name (`Tuškanac 8`); Chinese and Japanese names before the number by others.
fn other_countries(
    cx: &mut Ctx<'_>,
    toks: &[Tok<'_>],
    word_ix: &[usize],
    done: &mut [bool],
    spans: &mut Vec<(usize, usize, String)>,
) {
    // The first line segment that holds a number (or the first segment).
    let mut seg: Vec<usize> = Vec::with_capacity(word_ix.len());
    let mut seen_number = false;
    for &i in word_ix {
        if !seg.is_empty() && breaks(toks[i - 1].text) && seen_number {
            break;
        }
        if toks[i].text.bytes().any(|b| b.is_ascii_digit()) {
            seen_number = true;
        }
        seg.push(i);
    }
    // A word of the segment in lower case, into a buffer reused for every word.
    let lower = |i: usize, buf: &mut String| {
        buf.clear();
        shape::push_lower(buf, toks[i].text.trim_end_matches(','));
    };
    let (mut l, mut lj) = (String::with_capacity(32), String::new());
    let list = seg.iter().find_map(|&i| {
        lower(i, &mut l);
        intl::names_for_type(&l)
    });
    let mut k = 0;
    while k < seg.len() {
        let i = seg[k];
        let w = toks[i].text.trim_end_matches([',', '.', ':']);
        lower(i, &mut l);
        if done[i] || w.is_empty() {
            k += 1;
            continue;
        }
        // Chinese and Japanese: `山亭东莞街690号`, `台場36丁目12番3号`.
        if w.chars()
            .any(|c| matches!(c as u32, 0x3040..=0x30FF | 0x4E00..=0x9FFF))
        {
            if let Some(d) = w.find(|c: char| c.is_ascii_digit())
                && d > 0
            {
                let head = &w[..d];
                let keep = head
                    .chars()
                    .next_back()
                    .filter(|c| "路街道巷里弄".contains(*c))
                    .map_or(0, char::len_utf8);
                let names: &[&str] = if keep > 0 {
                    &[
                        "中山", "人民", "解放", "建设", "和平", "新华", "文化", "长江", "朝阳",
                    ]
                } else {
                    &[
                        "本町", "栄町", "緑町", "中央", "旭町", "桜木", "若葉", "東町",
                    ]
                };
                let name = pick(cx.rng, names);
                let rest = shape::redigit(cx.rng, &toks[i].text[d..]);
                let suffix = &head[head.len() - keep..];
                spans.push((i, i, format!("{name}{suffix}{rest}")));
                done[i] = true;
            }
            k += 1;
            continue;
        }
        if intl::names_for_type(&l).is_some() || not_a_name(&l) {
            k += 1;
            continue;
        }
        let letters = w
            .chars()
            .all(|c| crate::text::is_alphabetic(c) || matches!(c, '-' | '\'' | '’' | '.'))
            && w.chars().next().is_some_and(crate::text::is_alphabetic);
        if !letters {
            k += 1;
            continue;
        }
        // A glued suffix keeps its place: `Kungsgatan` → `Björkgatan`.
        if let Some((suffix, stems)) = intl::glued(&l) {
            let tail: usize = w
                .chars()
                .rev()
                .take(suffix.chars().count())
                .map(char::len_utf8)
                .sum();
            let split = w.len() - tail;
            let stem = recase_to(pick(cx.rng, stems), &w[..split]);
            spans.push((i, i, format!("{stem}{}", &toks[i].text[split..])));
            done[i] = true;
            k += 1;
            continue;
        }
        // A run of name words on one line becomes one name.
        let mut e = k;
        while e + 1 < seg.len() {
            let j = seg[e + 1];
            lower(j, &mut lj);
            let wj = toks[j].text.trim_end_matches([',', '.', ':']);
            if breaks(toks[j - 1].text)
                || done[j]
                || intl::names_for_type(&lj).is_some()
                || not_a_name(&lj)
                || !wj.chars().next().is_some_and(crate::text::is_alphabetic)
                || !wj
                    .chars()
                    .all(|c| crate::text::is_alphabetic(c) || matches!(c, '-' | '\'' | '’'))
            {
                break;
            }
            e += 1;
        }
        let last = seg[e];
        let names = list.unwrap_or_else(|| intl::names_by_script(w));
        let old = data::fold(&value_of(toks, i, last));
        let mut name = pick(cx.rng, names);
        for _ in 0..6 {
            if data::fold(name) != old {
                break;
            }
            name = pick(cx.rng, names);
        }
        let name = recase_to(name, w);
        let trail = trailing_punct(toks[last].text);
        spans.push((i, last, format!("{name}{trail}")));
        for d in done.iter_mut().take(last + 1).skip(i) {
            *d = true;
        }
        k = e + 1;
    }
}

fn value_of(toks: &[Tok<'_>], a: usize, b: usize) -> String {
    toks[a..=b].iter().map(|t| t.text).collect()
}

fn trailing_punct(w: &str) -> &str {
    &w[w.trim_end_matches(['.', ',']).len()..]
}

fn is_zip4(w: &str) -> bool {
    let b = w.as_bytes();
    b.len() == 10
        && b[5] == b'-'
        && b.iter()
            .enumerate()
            .all(|(i, c)| i == 5 || c.is_ascii_digit())
}

/// Digits redrawn except the first (the region of US ZIP codes, the département of French
/// ones); never all zeros after it.
fn keep_first_digit(cx: &mut Ctx<'_>, w: &str) -> String {
    let mut out = String::with_capacity(w.len());
    let mut first = true;
    for c in w.chars() {
        if c.is_ascii_digit() {
            if first {
                out.push(c);
                first = false;
            } else {
                out.push(digit(cx.rng) as char);
            }
        } else {
            out.push(c);
        }
    }
    if out.get(1..5) == Some("0000") {
        out.replace_range(4..5, "7");
    }
    out
}

/// Letters allowed in the inward code of UK postcodes.
const UK_INWARD: &[u8] = b"ABDEFGHJLNPQRSTUWXYZ";

/// The pattern of `s`: letters → `A`, digits → `9`, others kept.
fn pattern(s: &str) -> String {
    s.chars()
        .map(|c| {
            if c.is_ascii_alphabetic() {
                'A'
            } else if c.is_ascii_digit() {
                '9'
            } else {
                c
            }
        })
        .collect()
}

/// `name` in the case of `like`: all lower, all upper, or as written.
fn recase_to(name: &str, like: &str) -> String {
    let lower = like.chars().any(char::is_lowercase);
    let upper = like.chars().any(char::is_uppercase);
    if lower && !upper {
        name.to_lowercase()
    } else if upper && !lower && like.chars().count() > 1 {
        name.to_uppercase()
    } else {
        name.to_string()
    }
}

fn recase_like(s: String, like: &str) -> String {
    if like.bytes().any(|b| b.is_ascii_lowercase()) && !like.bytes().any(|b| b.is_ascii_uppercase())
    {
        s.to_ascii_lowercase()
    } else {
        s
    }
}

/// A UK postcode of the same shape (`SW9 6EJ`, `M1 1AE`, `EC1A 1BB`, compact or spaced).
fn uk_postcode(cx: &mut Ctx<'_>, value: &str) -> Option<String> {
    if !value.is_ascii() || value.len() > 8 {
        return None;
    }
    let p = pattern(value);
    let compact: String = p.chars().filter(|c| *c != ' ').collect();
    let (outward_p, space) = match p.find(' ') {
        Some(i) => (&p[..i], true),
        None => (&compact[..compact.len().saturating_sub(3)], false),
    };
    let ok_out = matches!(outward_p, "A9" | "A99" | "AA9" | "AA99" | "A9A" | "AA9A");
    let inward_p = &compact[outward_p.len().min(compact.len())..];
    if !ok_out || inward_p != "9AA" || (space && p.matches(' ').count() != 1) {
        return None;
    }
    let up = value.to_ascii_uppercase();
    let letters = outward_p.bytes().take_while(|&b| b == b'A').count();
    let mut s = String::with_capacity(8);
    if outward_p.ends_with('A') {
        // Central London style (EC1A, W1A): keep the area, redraw the rest.
        s.push_str(&up[..letters]);
        s.push(digit_nz(cx.rng) as char);
        let set: &[u8] = if letters == 1 {
            b"ABCDEFGHJKPSTUW"
        } else {
            b"ABEHMNPRVWXY"
        };
        s.push(from_set(cx.rng, set) as char);
    } else {
        let area = if letters == 1 {
            pick(cx.rng, UK_AREAS_1)
        } else {
            pick(cx.rng, UK_AREAS_2)
        };
        s.push_str(area);
        let dcount = outward_p.len() - letters;
        s.push(digit_nz(cx.rng) as char);
        for _ in 1..dcount {
            s.push(digit(cx.rng) as char);
        }
    }
    if space {
        s.push(' ');
    }
    s.push(digit(cx.rng) as char);
    s.push(from_set(cx.rng, UK_INWARD) as char);
    s.push(from_set(cx.rng, UK_INWARD) as char);
    Some(recase_like(s, value))
}

/// A Canadian postal code (`K1A 0B1`), keeping the province letter.
fn ca_postcode(cx: &mut Ctx<'_>, value: &str) -> Option<String> {
    let p = pattern(value);
    if p != "A9A 9A9" && p != "A9A9A9" {
        return None;
    }
    const L: &[u8] = b"ABCEGHJKLMNPRSTVWXYZ";
    let first = value.chars().next()?.to_ascii_uppercase();
    let mut s = String::with_capacity(7);
    s.push(first);
    s.push(digit(cx.rng) as char);
    s.push(from_set(cx.rng, L) as char);
    if p.len() == 7 {
        s.push(' ');
    }
    s.push(digit(cx.rng) as char);
    s.push(from_set(cx.rng, L) as char);
    s.push(digit(cx.rng) as char);
    Some(recase_like(s, value))
}

/// A Dutch postcode (`1234 AB`).
fn nl_postcode(cx: &mut Ctx<'_>, value: &str) -> Option<String> {
    let p = pattern(value);
    if (p != "9999 AA" && p != "9999AA") || value.bytes().any(|b| b.is_ascii_lowercase()) {
        return None;
    }
    let mut s = String::with_capacity(7);
    s.push(digit_nz(cx.rng) as char);
    for _ in 0..3 {
        s.push(digit(cx.rng) as char);
    }
    if p.len() == 7 {
        s.push(' ');
    }
    loop {
        let a = shape::upper(cx.rng);
        let b = shape::upper(cx.rng);
        if !(a == b'S' && matches!(b, b'A' | b'D' | b'S')) {
            s.push(a as char);
            s.push(b as char);
            break;
        }
    }
    Some(s)
}

fn two_part_postcode(cx: &mut Ctx<'_>, s: &str) -> Option<String> {
    uk_postcode(cx, s)
        .or_else(|| ca_postcode(cx, s))
        .or_else(|| nl_postcode(cx, s))
}

/// A stand-in postcode of the same format: US ZIP / ZIP+4 (same first digit), UK, Canadian,
/// Dutch; otherwise letters stay letters (same case), digits stay digits, punctuation stays.
pub(crate) fn postcode(cx: &mut Ctx<'_>, _rule: &str, value: &str) -> String {
    if let Some(s) = two_part_postcode(cx, value) {
        return s;
    }
    // A country prefix stays: `LT-49878`, `LV-1050`.
    if let Some((cc, digits)) = value.split_once('-')
        && cc.len() == 2
        && cc.bytes().all(|b| b.is_ascii_uppercase())
        && digits.len() >= 4
        && digits.bytes().all(|b| b.is_ascii_digit())
    {
        return format!("{cc}-{}", keep_first_digit(cx, digits));
    }
    let all_digits = !value.is_empty() && value.bytes().all(|b| b.is_ascii_digit());
    if (all_digits && value.len() >= 4) || is_zip4(value) {
        return keep_first_digit(cx, value);
    }
    reshape(cx.rng, value)
}
