//! Property tests: restore against an independent, naive implementation of
//! the documented rule; stand-ins placed in random text; no panics.

use std::collections::BTreeMap;

use proptest::prelude::*;
use redact_restore::{Map, Restorer, restore};

// ---------------------------------------------------------------------------
// A naive oracle written straight from the crate docs: at each position try
// every key of every stand-in and every substring as a digit variant.

const SEPARATORS: &[char] = &[
    ' ', '-', '.', '(', ')', '/', '\u{a0}', '\u{2009}', '\u{202f}', '\u{2010}', '\u{2011}',
    '\u{2012}', '\u{2013}',
];

#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
enum KeyKind {
    StandIn,
    UnicodeCase,
    Spacing,
}

fn iban_shape(s: &str) -> Option<String> {
    let ok = s
        .chars()
        .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == ' ');
    if !ok || s.starts_with(' ') || s.ends_with(' ') || s.contains("  ") {
        return None;
    }
    let compact: String = s.chars().filter(|c| *c != ' ').collect();
    let c: Vec<char> = compact.chars().collect();
    let shaped = (15..=34).contains(&c.len())
        && c[0].is_ascii_uppercase()
        && c[1].is_ascii_uppercase()
        && c[2].is_ascii_digit()
        && c[3].is_ascii_digit();
    shaped.then_some(compact)
}

/// The documented case rule: a stand-in that is one capitalised word of letters
/// (`'`, `’`, `-` inside) is read only where the text starts with an upper-case letter.
fn oracle_case_allows(stand_in: &str, matched: &str) -> bool {
    let capitalised_word = stand_in.chars().next().is_some_and(char::is_uppercase)
        && stand_in
            .chars()
            .all(|c| c.is_alphabetic() || c == '\'' || c == '’' || c == '-');
    !capitalised_word || matched.chars().next().is_some_and(char::is_uppercase)
}

fn oracle_keys(stand_in: &str) -> Vec<(String, KeyKind)> {
    let mut keys = vec![(stand_in.to_owned(), KeyKind::StandIn)];
    if !stand_in.is_ascii() {
        keys.push((stand_in.to_uppercase(), KeyKind::UnicodeCase));
        keys.push((stand_in.to_lowercase(), KeyKind::UnicodeCase));
    }
    if let Some(compact) = iban_shape(stand_in) {
        let grouped: String = compact
            .chars()
            .collect::<Vec<_>>()
            .chunks(4)
            .map(|c| c.iter().collect::<String>())
            .collect::<Vec<_>>()
            .join(" ");
        keys.push((compact, KeyKind::Spacing));
        keys.push((grouped, KeyKind::Spacing));
    }
    keys.retain(|(k, _)| !k.is_empty());
    keys
}

fn oracle_forms(stand_in: &str) -> Vec<(String, u8)> {
    let chars: Vec<char> = stand_in.chars().collect();
    let number_like = chars
        .iter()
        .enumerate()
        .all(|(i, &c)| c.is_ascii_digit() || " -.()/".contains(c) || (c == '+' && i == 0));
    let digits: String = chars.iter().filter(|c| c.is_ascii_digit()).collect();
    let parts: Vec<&str> = stand_in.split('.').collect();
    let dotted_quad = parts.len() == 4
        && parts
            .iter()
            .all(|p| !p.is_empty() && p.len() <= 3 && p.chars().all(|c| c.is_ascii_digit()));
    if !number_like || digits.len() < 7 || dotted_quad {
        return vec![];
    }
    let mut forms = vec![(digits.clone(), 0)];
    if chars[0] == '+' {
        let run: String = chars[1..]
            .iter()
            .take_while(|c| c.is_ascii_digit())
            .collect();
        let followed_by_separator = chars.len() > 1 + run.len();
        let cc = if !run.is_empty() && run.len() <= 3 && followed_by_separator {
            run
        } else {
            itu_code(&digits)
        };
        if !cc.is_empty() {
            let n = &digits[cc.len()..];
            forms.push((n.to_owned(), 1));
            if !n.starts_with('0') {
                forms.push((format!("0{n}"), 1));
                forms.push((format!("{cc}0{n}"), 1));
            }
            forms.push((format!("00{digits}"), 1));
        }
    } else if digits.starts_with('0') && !digits.starts_with("00") {
        forms.push((digits[1..].to_owned(), 1));
    }
    forms.retain(|(f, _)| f.len() >= 7);
    forms
}

/// The ITU country code `digits` start with ("" if none).
fn itu_code(digits: &str) -> String {
    let two = "20 27 30 31 32 33 34 36 39 40 41 43 44 45 46 47 48 49 51 52 53 54 55 56 57 58 \
               60 61 62 63 64 65 66 81 82 84 86 90 91 92 93 94 95 98";
    let len = if digits.starts_with('0') {
        0
    } else if digits.starts_with('1') || digits.starts_with('7') {
        1
    } else if digits.len() >= 2 && two.split_whitespace().any(|c| digits.starts_with(c)) {
        2
    } else if digits.len() > 3 {
        3
    } else {
        0
    };
    digits[..len].to_owned()
}

/// `digit (run digit)*`, runs of at most 3 separators.
fn is_digit_body(cs: &[char]) -> bool {
    if !cs.first().is_some_and(char::is_ascii_digit) || !cs.last().is_some_and(char::is_ascii_digit)
    {
        return false;
    }
    let mut run = 0;
    for &c in cs {
        if c.is_ascii_digit() {
            run = 0;
        } else if SEPARATORS.contains(&c) && run < 3 {
            run += 1;
        } else {
            return false;
        }
    }
    true
}

/// Whether `t` has the shape of a digit variant; `Some(true)` when it
/// starts with '+' (then only a '+' stand-in may own it).
fn digit_variant_shape(t: &str) -> Option<bool> {
    let cs: Vec<char> = t.chars().collect();
    match cs.first()? {
        '+' => is_digit_body(&cs[1..]).then_some(true),
        // At most one '(' in a variant: a leading one excludes any other.
        '(' if cs[1..].contains(&'(') => None,
        '(' => {
            let closed_inside = cs[1..].contains(&')') && is_digit_body(&cs[1..]);
            closed_inside.then_some(false)
        }
        _ => is_digit_body(&cs).then_some(false),
    }
}

fn alnum(c: Option<char>) -> bool {
    c.is_some_and(char::is_alphanumeric)
}

fn whole_word(text: &str, start: usize, end: usize) -> bool {
    let m = &text[start..end];
    let before = text[..start].chars().next_back();
    let after = text[end..].chars().next();
    let glued_left = alnum(m.chars().next()) && alnum(before);
    let glued_right = alnum(m.chars().next_back()) && alnum(after);
    !glued_left && !glued_right
}

fn styled(matched: &str, stand_in: &str, real: &str) -> String {
    if matched == stand_in || stand_in.contains('@') {
        return real.to_owned();
    }
    let up = matched.chars().any(char::is_uppercase);
    let low = matched.chars().any(char::is_lowercase);
    if up && !low {
        real.to_uppercase()
    } else if low && !up && stand_in.chars().any(char::is_uppercase) {
        real.to_lowercase()
    } else {
        real.to_owned()
    }
}

fn oracle(text: &str, map: &Map) -> (String, usize) {
    let entries: Vec<(&str, &str)> = map.iter().collect();
    let mut out = String::new();
    let mut count = 0;
    let mut i = 0;
    while i < text.len() {
        // Literal candidates: (len, kind, entry index).
        let mut lits: Vec<(usize, KeyKind, usize)> = vec![];
        for (e, (stand_in, _)) in entries.iter().enumerate() {
            for (key, kind) in oracle_keys(stand_in) {
                let end = i + key.len();
                if text.is_char_boundary(end)
                    && end <= text.len()
                    && text.as_bytes()[i..end].eq_ignore_ascii_case(key.as_bytes())
                    && whole_word(text, i, end)
                    && (entries[e].0 == &text[i..end]
                        || oracle_case_allows(stand_in, &text[i..end]))
                {
                    lits.push((key.len(), kind, e));
                }
            }
        }
        let best_lit_len = lits.iter().map(|l| l.0).max();
        // Digit candidates: the longest substring that is one.
        let mut best_digit: Option<(usize, usize)> = None; // (end, entry)
        let mut ends: Vec<usize> = text[i..]
            .char_indices()
            .map(|(k, c)| i + k + c.len_utf8())
            .collect();
        ends.reverse();
        for end in ends {
            let t = &text[i..end];
            let Some(plus) = digit_variant_shape(t) else {
                continue;
            };
            if !whole_word(text, i, end) {
                continue;
            }
            let digits: String = t.chars().filter(char::is_ascii_digit).collect();
            let owner = entries
                .iter()
                .enumerate()
                .filter_map(|(e, (s, _))| {
                    oracle_forms(s)
                        .into_iter()
                        .filter(|(f, _)| *f == digits)
                        .map(|(_, rank)| (rank, e))
                        .min()
                })
                .min();
            if let Some((_, e)) = owner
                && (!plus || entries[e].0.starts_with('+'))
            {
                best_digit = Some((end, e));
                break;
            }
        }
        let lit_end = best_lit_len.map(|l| i + l);
        let choice = match (lit_end, best_digit) {
            (Some(le), Some((de, e))) if de > le => Some((de, e, None)),
            (Some(le), _) => Some((le, 0, Some(le))),
            (None, Some((de, e))) => Some((de, e, None)),
            (None, None) => None,
        };
        match choice {
            Some((end, digit_entry, lit)) => {
                let matched = &text[i..end];
                let replacement = if let Some(l) = lit {
                    let same: Vec<_> = lits.iter().filter(|c| c.0 == l - i).collect();
                    let exact = same
                        .iter()
                        .find(|c| c.1 == KeyKind::StandIn && entries[c.2].0 == matched);
                    let chosen = exact
                        .copied()
                        .or_else(|| same.iter().min_by_key(|c| (c.1, c.2)).copied());
                    let &(_, kind, e) = chosen.expect("a literal candidate");
                    let (stand_in, real) = entries[e];
                    if kind == KeyKind::Spacing {
                        real.to_owned()
                    } else {
                        styled(matched, stand_in, real)
                    }
                } else {
                    entries[digit_entry].1.to_owned()
                };
                out.push_str(&replacement);
                count += 1;
                i = end;
            }
            None => {
                let c = text[i..].chars().next().expect("in bounds");
                out.push(c);
                i += c.len_utf8();
            }
        }
    }
    (out, count)
}

#[test]
fn oracle_agrees_with_hand_written_examples() {
    let map = Map::from_pairs([
        ("Emily Clark", "Jane Doe"),
        ("Emily", "Jane"),
        ("(415) 555-0148", "(415) 867-2210"),
        ("+44 20 7946 0958", "+44 20 7946 0321"),
    ])
    .unwrap();
    let text = "EMILY CLARK's 415.555.0148; Emily Clarkson; 020 7946 0958, Emilyn.";
    let want = "JANE DOE's (415) 867-2210; Jane Clarkson; +44 20 7946 0321, Emilyn.";
    assert_eq!(oracle(text, &map), (want.to_owned(), 4));
    assert_eq!(restore(text, &map).text, want);
}

// ---------------------------------------------------------------------------
// Strategies.

/// Stand-ins from small alphabets, so that they collide, nest and overlap.
fn stand_in() -> impl Strategy<Value = String> {
    prop_oneof![
        "[abAB]{1,3}( [abé]{1,2})?",
        "[aé]{1,2}",
        "(\\+4[04] |\\+1 |\\+[0-9]{1,3}|0)?[0-9]{3}[ .-]?[0-9]{4}",
        "\\+[0-9]{7,12}",
        "[0-9]{7,8}",
        "[ab0-9 '’.()+@-]{1,5}",
        "[A-B]{2}[0-9]{2}( ?[0-9A-B]{4}){3}",
    ]
}

fn map_strategy() -> impl Strategy<Value = Map> {
    prop::collection::btree_map(stand_in(), "[A-Za-zé]{0,4}", 1..6).prop_map(|m| {
        Map::try_from(m.into_iter().collect::<BTreeMap<_, _>>()).expect("non-empty keys")
    })
}

/// Text pieces: (what, index, filler). Assembled against the map.
fn pieces() -> impl Strategy<Value = Vec<(u8, usize, String)>> {
    prop::collection::vec(
        (0u8..7, any::<usize>(), "[abAB é’'.\\-()+0-9日\u{a0}]{0,3}"),
        0..14,
    )
}

const SEP_CHOICES: &[&str] = &[
    "", " ", "-", ".", "(", ") ", " - ", "\u{2011}", "/", "  ", " -- ", "_",
];

fn assemble(map: &Map, pieces: &[(u8, usize, String)]) -> String {
    let stand_ins: Vec<&str> = map.iter().map(|(s, _)| s).collect();
    let mut text = String::new();
    for (what, idx, filler) in pieces {
        let s = stand_ins[idx % stand_ins.len()];
        match what {
            0 => text.push_str(filler),
            1 => text.push_str(s),
            2 => text.push_str(&s.to_uppercase()),
            3 => text.push_str(&s.to_lowercase()),
            4 | 6 => {
                // The stand-in's digits, or (6) one of its digit forms, with
                // random separators.
                let forms = oracle_forms(s);
                let digits: String = match forms.get(idx % forms.len().max(1)) {
                    Some((form, _)) if *what == 6 => form.clone(),
                    _ => s.chars().filter(char::is_ascii_digit).collect(),
                };
                let mut bits = *idx / 7;
                let wrap = bits % 4;
                bits /= 4;
                match wrap {
                    1 => text.push('+'),
                    2 | 3 => text.push('('),
                    _ => {}
                }
                for (k, d) in digits.chars().enumerate() {
                    if k > 0 {
                        text.push_str(SEP_CHOICES[bits % SEP_CHOICES.len()]);
                        bits /= SEP_CHOICES.len();
                    }
                    text.push(d);
                }
                if wrap == 3 {
                    text.push(')');
                }
            }
            _ => {
                let n = s.chars().count();
                text.extend(s.chars().take(1 + idx % n));
            }
        }
    }
    text
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    /// The engine implements exactly the documented rule.
    #[test]
    fn restore_matches_the_naive_oracle(map in map_strategy(), pieces in pieces()) {
        let text = assemble(&map, &pieces);
        let got = restore(&text, &map);
        let (want, count) = oracle(&text, &map);
        prop_assert_eq!(&got.text, &want, "text {:?}", text);
        prop_assert_eq!(got.restored, count);
    }

    /// Restoring a batch through the partial API, split anywhere, gives the
    /// same result as one call (the contract streaming relies on).
    #[test]
    fn partial_restore_equals_batch(
        map in map_strategy(),
        pieces in pieces(),
        cuts in prop::collection::vec(any::<usize>(), 0..6),
    ) {
        let text = assemble(&map, &pieces);
        let restorer = Restorer::new(&map);
        let batch = restorer.restore(&text);
        let bounds = char_cuts(&text, &cuts);
        let mut out = String::new();
        let mut held = String::new();
        let mut before = None;
        let mut count = 0;
        let mut last = 0;
        for &cut in bounds.iter().chain(std::iter::once(&text.len())) {
            held.push_str(&text[last..cut]);
            last = cut;
            let at_end = cut == text.len();
            let p = restorer.restore_partial(&held, before, at_end, &mut out);
            prop_assert!(batch.text.starts_with(&out), "emitted text is final");
            prop_assert!(held.len() - p.consumed <= restorer.max_match_len());
            if p.consumed > 0 {
                before = held[..p.consumed].chars().next_back();
            }
            held.drain(..p.consumed);
            count += p.restored;
        }
        prop_assert!(held.is_empty());
        prop_assert_eq!(out, batch.text);
        prop_assert_eq!(count, batch.restored);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    /// The two-thread restore of a long text, cut anywhere, gives what the
    /// one-thread restore gives (texts here are short: the cut is forced).
    #[test]
    fn split_restore_equals_batch(
        map in map_strategy(),
        pieces in pieces(),
        cut in any::<usize>(),
    ) {
        let text = assemble(&map, &pieces);
        let restorer = Restorer::new(&map);
        let mut one = String::new();
        let n = restorer.restore_partial(&text, None, true, &mut one).restored;
        let split = restorer.restore_split(&text, cut % (text.len() + 1));
        prop_assert_eq!(split.text, one);
        prop_assert_eq!(split.restored, n);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    /// A stream's piece restored in two parts on two threads, cut anywhere, after any
    /// character, gives what one call gives: the same output and the same place to go on from.
    #[test]
    fn split_partial_restore_equals_one_call(
        map in map_strategy(),
        pieces in pieces(),
        cut in any::<usize>(),
        before in proptest::option::of(proptest::sample::select(vec!['a', ' ', '1', '@', 'é'])),
    ) {
        let text = assemble(&map, &pieces);
        let restorer = Restorer::new(&map);
        let mut one = String::new();
        let p1 = restorer.restore_partial(&text, before, false, &mut one);
        let mut two = String::new();
        let p2 = restorer.restore_partial_split(&text, before, cut % (text.len() + 1), &mut two);
        prop_assert_eq!(two, one);
        prop_assert_eq!(p2, p1);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    /// A text cut into any number of pieces, anywhere (inside stand-ins and characters,
    /// repeated, out of order), restored on this thread and the pool's, gives what the
    /// one-thread restore gives.
    #[test]
    fn pieces_restore_equals_batch(
        map in map_strategy(),
        pieces in pieces(),
        cuts in prop::collection::vec(any::<usize>(), 0..12),
    ) {
        let text = assemble(&map, &pieces);
        let restorer = Restorer::new(&map);
        let mut one = String::new();
        let n = restorer.restore_partial(&text, None, true, &mut one).restored;
        let cuts: Vec<usize> = cuts.iter().map(|c| c % (text.len() + 1)).collect();
        let cut = restorer.restore_cut(&text, &cuts);
        prop_assert_eq!(cut.text, one);
        prop_assert_eq!(cut.restored, n);
    }

    /// The same for a stream's piece (not at the end, after any character): the same
    /// output and the same place to go on from as one call.
    #[test]
    fn pieces_partial_restore_equals_one_call(
        map in map_strategy(),
        pieces in pieces(),
        cuts in prop::collection::vec(any::<usize>(), 0..12),
        before in proptest::option::of(proptest::sample::select(vec!['a', ' ', '1', '@', 'é'])),
    ) {
        let text = assemble(&map, &pieces);
        let restorer = Restorer::new(&map);
        let mut one = String::new();
        let p1 = restorer.restore_partial(&text, before, false, &mut one);
        let cuts: Vec<usize> = cuts.iter().map(|c| c % (text.len() + 1)).collect();
        let mut many = String::new();
        let p2 = restorer.restore_partial_cut(&text, before, &cuts, &mut many);
        prop_assert_eq!(many, one);
        prop_assert_eq!(p2, p1);
    }
}

/// A map of a name, a phone number and an e-mail address, for the long texts below.
fn name_phone_and_email() -> Map {
    Map::try_from(
        [
            ("Emily Clark", "Jane Doe"),
            ("+1 415 555 0100", "+1 212 555 0199"),
            ("emily.clark@example.org", "jane@doe.net"),
        ]
        .into_iter()
        .map(|(s, r)| (s.to_string(), r.to_string()))
        .collect::<BTreeMap<_, _>>(),
    )
    .unwrap()
}

#[test]
fn a_long_text_restores_as_in_one_go() {
    // Above the size restore splits at: every stand-in form around the middle.
    let map = name_phone_and_email();
    let restorer = Restorer::new(&map);
    let unit = "Emily Clark (+1 415 555 0100, 415.555.0100) wrote to emily.clark@example.org; ";
    let mut text = String::new();
    while text.len() < 2 * redact_restore::PARALLEL_RESTORE {
        text.push_str(unit);
    }
    let mut one = String::new();
    let n = restorer
        .restore_partial(&text, None, true, &mut one)
        .restored;
    let got = restorer.restore(&text);
    assert_eq!(got.text, one);
    assert_eq!(got.restored, n);
    // Every cut within one unit of the middle, so the cut falls inside each form.
    let mid = text.len() / 2;
    for cut in mid..mid + unit.len() {
        let s = restorer.restore_split(&text, cut);
        assert_eq!(s.text, one, "cut at {cut}");
        assert_eq!(s.restored, n);
        // Three pieces with the middle one shorter than a stand-in: a match runs past it.
        let s = restorer.restore_cut(&text, &[cut, cut + 5, text.len() / 4]);
        assert_eq!(s.text, one, "cuts at {cut} and {}", cut + 5);
        assert_eq!(s.restored, n);
    }
}

#[test]
fn long_texts_restored_at_once_on_many_threads_restore_as_in_one_go() {
    // More callers than the pool has threads: some restore with its help, some without
    // (it is helping another), each as one call does.
    let map = name_phone_and_email();
    let restorer = Restorer::new(&map);
    let texts: Vec<String> = (0..8)
        .map(|i| {
            let unit =
                format!("{i}: Emily Clark (+1 415 555 0100) wrote to emily.clark@example.org; ");
            unit.repeat(3 * redact_restore::PARALLEL_RESTORE / unit.len())
        })
        .collect();
    let expected: Vec<String> = texts
        .iter()
        .map(|t| {
            let mut one = String::new();
            restorer.restore_partial(t, None, true, &mut one);
            one
        })
        .collect();
    std::thread::scope(|scope| {
        for (text, want) in texts.iter().zip(&expected) {
            let restorer = &restorer;
            scope.spawn(move || {
                for _ in 0..4 {
                    assert_eq!(&restorer.restore(text).text, want);
                }
            });
        }
    });
}

#[test]
fn a_large_map_compiled_on_two_threads_restores_as_compiled_on_one() {
    // `Restorer::new` makes a large map's digit forms on the pool's thread; `from_pairs`
    // compiles the same entries on this one.
    let n = 2 * redact_restore::PARALLEL_COMPILE;
    let mut pairs = BTreeMap::new();
    for i in 0..n {
        pairs.insert(format!("+1 415 555 {i:04}"), format!("+1 212 555 {i:04}"));
        pairs.insert(format!("user{i}@example.org"), format!("real{i}@doe.net"));
        pairs.insert(
            format!("DE{:02} 5001 0517 5407 3249 {:02}", i % 100, i / 100),
            format!("GB{i:02} REAL"),
        );
    }
    let map = Map::try_from(pairs).unwrap();
    assert!(map.len() >= redact_restore::PARALLEL_COMPILE);
    let mut text = String::new();
    for i in (0..n).step_by(7) {
        text.push_str(&format!(
            "call (415) 555-{i:04} or 415.555.{i:04} or +1415555{i:04}, mail USER{i}@EXAMPLE.ORG, \
             pay DE{:02}500105175407324{}{:02}; ",
            i % 100,
            9,
            i / 100
        ));
    }
    let two = Restorer::new(&map);
    let one = Restorer::from_pairs(map.iter());
    let a = two.restore(&text);
    let b = one.restore(&text);
    assert_eq!(a.text, b.text);
    assert_eq!(a.restored, b.restored);
    assert!(a.restored > n / 7, "the forms were read: {}", a.restored);
}

fn char_cuts(text: &str, cuts: &[usize]) -> Vec<usize> {
    let mut bounds: Vec<usize> = cuts
        .iter()
        .map(|c| {
            let mut b = c % (text.len() + 1);
            while !text.is_char_boundary(b) {
                b -= 1;
            }
            b
        })
        .collect();
    bounds.sort_unstable();
    bounds
}

// ---------------------------------------------------------------------------
// Stand-ins placed in text: expected output built alongside.

const PLACED: &[(&str, &str)] = &[
    ("Emily Clark", "Priya Raman"),
    ("Emily", "Priya"),
    ("Clark", "Raman"),
    ("Meera Iyer", "Sean O'Brien"),
    ("Declan", "Ómar"),
    ("José Núñez", "Luis Pérez"),
    (
        "emily.clark@fenwick-labs.com",
        "priya.raman@northwind.co.uk",
    ),
    (
        "db-07.prod.fenwick-labs.internal",
        "db-01.prod.acme-corp.internal",
    ),
    ("(415) 555-0148", "(415) 867-2210"),
    ("+44 20 7946 0958", "+44 20 7946 0321"),
    ("5105 1051 0510 5100", "5425 2334 3010 9903"),
    ("DE44 5001 0517 5407 3249 31", "DE89 3704 0044 0532 0130 00"),
    ("10.82.3.141", "10.4.17.23"),
];

const FILLER: &[&str] = &[
    "the",
    "report",
    "was",
    "sent",
    "to",
    "über",
    "naïve",
    "日本",
    "and",
    "then",
    "—",
    "“quoted”",
    "12",
    "x",
    "Emilia",
    "Clarke",
    "Anne",
    "fenwick",
    "0",
    "+",
    "(",
    ")",
];

// No plain space: "Emily" + " " + "Clark" would be the longer stand-in.
const JOINERS: &[&str] = &["; ", " | ", "\n", ", ", " / "];

#[derive(Debug, Clone)]
enum Item {
    Filler(usize),
    StandIn { idx: usize, style: u8 },
}

fn items() -> impl Strategy<Value = Vec<(Item, usize)>> {
    let item = prop_oneof![
        (0..FILLER.len()).prop_map(Item::Filler),
        (0..PLACED.len(), 0u8..6).prop_map(|(idx, style)| Item::StandIn { idx, style }),
    ];
    prop::collection::vec((item, 0..JOINERS.len()), 0..20)
}

/// Writes one placed stand-in in the given style; returns (text, expected).
fn place(idx: usize, style: u8) -> (String, String) {
    let (stand_in, real) = PLACED[idx];
    let digits: String = stand_in.chars().filter(char::is_ascii_digit).collect();
    let phone_like = matches!(idx, 8..=10);
    let lower = stand_in.to_lowercase();
    if style == 2 && !oracle_case_allows(stand_in, &lower) {
        // A name word in lower case is prose, not a stand-in: it stays.
        return (lower.clone(), lower);
    }
    match style {
        1 => (
            stand_in.to_uppercase(),
            styled_expect(stand_in, &stand_in.to_uppercase(), real),
        ),
        2 => (
            stand_in.to_lowercase(),
            styled_expect(stand_in, &stand_in.to_lowercase(), real),
        ),
        3 => (format!("{stand_in}'s"), format!("{real}'s")),
        4 => (format!("{stand_in}’s"), format!("{real}’s")),
        5 if phone_like => (digits, real.to_owned()),
        _ => (stand_in.to_owned(), real.to_owned()),
    }
}

fn styled_expect(stand_in: &str, written: &str, real: &str) -> String {
    if written == stand_in || stand_in.contains('@') {
        real.to_owned()
    } else if written.chars().any(char::is_uppercase) && !written.chars().any(char::is_lowercase) {
        real.to_uppercase()
    } else if written.chars().any(char::is_lowercase) && !written.chars().any(char::is_uppercase) {
        real.to_lowercase()
    } else {
        real.to_owned()
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    #[test]
    fn placed_stand_ins_restore_to_expected_text(items in items()) {
        let map = Map::from_pairs(PLACED.iter().copied()).unwrap();
        let mut text = String::new();
        let mut want = String::new();
        let mut count = 0;
        for (item, joiner) in &items {
            match item {
                Item::Filler(f) => {
                    text.push_str(FILLER[*f]);
                    want.push_str(FILLER[*f]);
                }
                Item::StandIn { idx, style } => {
                    let (t, w) = place(*idx, *style);
                    if t != w {
                        count += 1;
                    }
                    text.push_str(&t);
                    want.push_str(&w);
                }
            }
            // Joiners never glue words: always at least one separator char.
            text.push_str(JOINERS[*joiner]);
            want.push_str(JOINERS[*joiner]);
        }
        let got = restore(&text, &map);
        prop_assert_eq!(&got.text, &want, "text {:?}", text);
        prop_assert_eq!(got.restored, count);
    }

    #[test]
    fn restore_never_panics_on_arbitrary_input(
        text in any::<String>(),
        pairs in prop::collection::vec((any::<String>(), any::<String>()), 0..6),
        before in any::<Option<char>>(),
    ) {
        let mut map = Map::new();
        for (s, r) in pairs {
            let _ = map.insert(s, r);
        }
        let restorer = Restorer::new(&map);
        let batch = restorer.restore(&text);
        let mut out = String::new();
        let p = restorer.restore_partial(&text, before, false, &mut out);
        prop_assert!(text.is_char_boundary(p.consumed));
        prop_assert!(restorer.pending_start(&text, before) <= text.len());
        if map.is_empty() {
            prop_assert_eq!(batch.text, text);
            prop_assert_eq!(batch.restored, 0);
        }
    }

    #[test]
    fn restore_never_panics_on_stand_ins_in_text(
        pairs in prop::collection::vec(("\\PC{1,6}", "\\PC{0,6}"), 1..6),
        pieces in prop::collection::vec((any::<usize>(), "\\PC{0,4}", 0u8..3), 0..10),
    ) {
        let mut map = Map::new();
        for (s, r) in &pairs {
            let _ = map.insert(s.as_str(), r.as_str());
        }
        let stand_ins: Vec<&str> = map.iter().map(|(s, _)| s).collect();
        let mut text = String::new();
        for (idx, filler, case) in &pieces {
            text.push_str(filler);
            if !stand_ins.is_empty() {
                let s = stand_ins[idx % stand_ins.len()];
                match case {
                    0 => text.push_str(s),
                    1 => text.push_str(&s.to_uppercase()),
                    _ => text.push_str(&s.to_lowercase()),
                }
            }
        }
        let got = restore(&text, &map);
        let (want, count) = oracle(&text, &map);
        prop_assert_eq!(got.text, want);
        prop_assert_eq!(got.restored, count);
    }

    /// Text made of characters that appear in no stand-in comes back as is.
    #[test]
    fn text_without_stand_in_chars_round_trips(text in "[xyzXYZ日本\\- ,.!?\n]{0,200}") {
        let map = Map::from_pairs(PLACED.iter().copied()).unwrap();
        let got = restore(&text, &map);
        prop_assert_eq!(got.text, text);
        prop_assert_eq!(got.restored, 0);
    }
}

proptest! {
    /// Name words (one capitalised word each) never change text without an upper-case
    /// letter, whatever the words and the text: lower-case prose is never a stand-in.
    #[test]
    fn name_words_never_change_lower_case_prose(
        names in prop::collection::vec("[A-ZÉ][a-zé'-]{0,7}", 1..8),
        prose in prop::collection::vec(("[a-zé'-]{1,8}", "[ ,.;\n]{1,2}"), 0..30),
        cased in prop::collection::vec(any::<bool>(), 0..30),
    ) {
        let mut map = Map::new();
        for (i, n) in names.iter().enumerate() {
            let _ = map.insert(n.clone(), format!("Real{i}"));
        }
        let mut text = String::new();
        for (i, (w, sep)) in prose.iter().enumerate() {
            // Some prose words are stand-ins in lower case.
            if cased.get(i).copied().unwrap_or(false) {
                text.push_str(&names[i % names.len()].to_lowercase());
            } else {
                text.push_str(w);
            }
            text.push_str(sep);
        }
        let out = restore(&text, &map);
        prop_assert_eq!(&out.text, &text);
        prop_assert_eq!(out.restored, 0);
    }
}
