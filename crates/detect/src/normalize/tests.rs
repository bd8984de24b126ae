use super::*;
use crate::Detector;
use proptest::prelude::*;

fn found(text: &str) -> Vec<(Kind, &str)> {
    Detector::new()
        .detect(text)
        .into_iter()
        .map(|f| (f.kind, &text[f.start..f.end]))
        .collect()
}

fn has(text: &str, kind: Kind, value: &str) {
    let got = found(text);
    assert!(
        got.iter().any(|&(k, v)| k == kind && v == value),
        "{kind:?} {value:?} not found in {text:?}: {got:?}"
    );
}

#[test]
fn bracketed_at_and_dot() {
    has(
        "Write to jane [at] example [dot] com today.",
        Kind::Email,
        "jane [at] example [dot] com",
    );
    has(
        "Write to jane(at)example.org today.",
        Kind::Email,
        "jane(at)example.org",
    );
    has(
        "mail: j.doe {at} mailbox {dot} co {dot} uk",
        Kind::Email,
        "j.doe {at} mailbox {dot} co {dot} uk",
    );
    has(
        "reach me: jane AT example DOT com",
        Kind::Email,
        "jane AT example DOT com",
    );
}

#[test]
fn prose_at_and_dot_stay() {
    for text in [
        "Let's meet at five near the station.",
        "Just see dot com for the details.",
        "We were at home.com when it happened",
        "Sign up at example.com to join.",
        "The dog sat at the door, dot on the hour.",
    ] {
        assert!(
            found(text).iter().all(|&(k, _)| k != Kind::Email),
            "{text:?}: {:?}",
            found(text)
        );
        assert!(View::of(text).is_none(), "{text:?} changed");
    }
}

#[test]
fn number_words_read_as_digits() {
    has(
        "call four one five, eight six seven, two two one zero",
        Kind::Phone,
        "four one five, eight six seven, two two one zero",
    );
    has(
        "Meine Nummer: null drei null, zwei drei eins, zwei fünf sechs sieben acht",
        Kind::Phone,
        "null drei null, zwei drei eins, zwei fünf sechs sieben acht",
    );
    has(
        "SSN five three six - two two - eight nine one four",
        Kind::Ssn,
        "five three six - two two - eight nine one four",
    );
}

#[test]
fn counting_in_prose_stays() {
    for text in [
        "I have three cats, two dogs and one fish.",
        "one, two, three, four, five, six, seven!",
        "values: [null, null, null, null, null, null, null, null]",
    ] {
        assert!(found(text).is_empty(), "{text:?}: {:?}", found(text));
    }
}

#[test]
fn invisible_characters() {
    has(
        "call +1\u{200B}415\u{200B}867\u{200B}2210 now",
        Kind::Phone,
        "+1\u{200B}415\u{200B}867\u{200B}2210",
    );
    has(
        "mail j\u{200B}ane@example.org now",
        Kind::Email,
        "j\u{200B}ane@example.org",
    );
    has(
        "mail ja\u{00AD}ne\u{2060}@exam\u{200D}ple.org now",
        Kind::Email,
        "ja\u{00AD}ne\u{2060}@exam\u{200D}ple.org",
    );
    has(
        "card 4111\u{200E}1111\u{202A}1111\u{202C}1111 ok",
        Kind::CardNumber,
        "4111\u{200E}1111\u{202A}1111\u{202C}1111",
    );
}

#[test]
fn homoglyphs_and_fullwidth() {
    // Cyrillic а, е, о in a Latin address.
    has(
        "mail j\u{0430}n\u{0435}.d\u{043E}e@example.org",
        Kind::Email,
        "j\u{0430}n\u{0435}.d\u{043E}e@example.org",
    );
    has(
        "mail ｊａｎｅ＠ｅｘａｍｐｌｅ．ｏｒｇ ok",
        Kind::Email,
        "ｊａｎｅ＠ｅｘａｍｐｌｅ．ｏｒｇ",
    );
    // A word wholly in Cyrillic is left as it is.
    assert!(View::of("Москва, улица Тверская").is_none());
}

#[test]
fn glued_labels() {
    has("ssn536228914 on file", Kind::Ssn, "ssn536228914");
    has("SSN#536228914 on file", Kind::Ssn, "536228914");
    let f = Detector::new().detect("ssn536228914 on file");
    assert_eq!(f[0].keep_prefix, 3);
}

#[test]
fn unmask_and_restyle() {
    let u = unmask("jane [at] example [dot] com", Kind::Email, 0).unwrap();
    assert_eq!(u.plain, "jane@example.com");
    assert_eq!(
        u.restyle("mark.x@mail.co.uk"),
        "mark.x [at] mail [dot] co [dot] uk"
    );

    let u = unmask("jane(at)example.org", Kind::Email, 0).unwrap();
    assert_eq!(u.restyle("mark@mail.net"), "mark(at)mail.net");

    let u = unmask(
        "Four one five, eight six seven, two two one zero",
        Kind::Phone,
        0,
    )
    .unwrap();
    assert_eq!(u.plain, "415-867-2210");
    assert_eq!(
        u.restyle("628-555-0173"),
        "Six two eight, five five five, zero one seven three"
    );

    let u = unmask("null drei null zwei", Kind::Phone, 0);
    assert!(u.is_none(), "fewer than seven digits: {u:?}");

    let u = unmask("ｊａｎｅ＠ｅｘａｍｐｌｅ．ｏｒｇ", Kind::Email, 0).unwrap();
    assert_eq!(u.plain, "jane@example.org");
    assert_eq!(u.restyle("mark@mail.net"), "ｍａｒｋ＠ｍａｉｌ．ｎｅｔ");

    let u = unmask("ssn536228914", Kind::Ssn, 3).unwrap();
    assert_eq!(u.plain, "536228914");
    assert_eq!(u.restyle("219093826"), "ssn219093826");

    let u = unmask("j\u{200B}ane@example.org", Kind::Email, 0).unwrap();
    assert_eq!(u.plain, "jane@example.org");
    assert_eq!(u.restyle("mark@mail.net"), "mark@mail.net");

    assert!(unmask("jane@example.org", Kind::Email, 0).is_none());
    assert!(unmask("sk-abc", Kind::ApiKey, 3).is_none());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    /// Every view offset maps into the source monotonically, on char boundaries, and a
    /// span of the view maps to a span of the source.
    #[test]
    fn view_maps_back_monotonically(
        parts in proptest::collection::vec(prop_oneof![
            Just("jane".to_string()), Just(" [at] ".to_string()), Just(" dot ".to_string()),
            Just("\u{200B}".to_string()), Just("ｊ".to_string()), Just("а".to_string()),
            Just("four".to_string()), Just(" ".to_string()), Just(", ".to_string()),
            Just("ssn".to_string()), Just("5362".to_string()), Just("#".to_string()),
            Just("example".to_string()), Just("com".to_string()), Just("é".to_string()),
            Just("two".to_string()), Just("@".to_string()), Just("[.]".to_string()),
            "[a-z0-9 .@\u{200B}\u{0430}]{0,6}",
        ], 0..40)
    ) {
        let text: String = parts.concat();
        if let Some(view) = View::of(&text) {
            let v = view.text();
            let mut last_start = 0;
            for (p, _) in v.char_indices().chain(std::iter::once((v.len(), ' '))) {
                let s = view.start(p);
                let e = view.end(p);
                prop_assert!(text.is_char_boundary(s) && text.is_char_boundary(e));
                prop_assert!(s >= last_start);
                prop_assert!(e <= text.len() && s <= text.len());
                last_start = s;
            }
        }
        // Detection never panics and its findings lie on the source's char boundaries.
        for f in Detector::new().detect(&text) {
            prop_assert!(f.start < f.end && f.end <= text.len());
            prop_assert!(text.is_char_boundary(f.start) && text.is_char_boundary(f.end));
        }
    }
}

#[test]
fn spaced_characters_read_as_one_value() {
    has(
        "Tarjeta 4 9 7 8 8 4 3 0 2 3 6 2 8 0 2 0.",
        Kind::CardNumber,
        "4 9 7 8 8 4 3 0 2 3 6 2 8 0 2 0",
    );
    has(
        "my iban is C Z 6 5 0 8 0 0 0 0 0 0 1 9 2 0 0 0 1 4 5 3 9 9 one sec",
        Kind::BankAccount,
        "C Z 6 5 0 8 0 0 0 0 0 0 1 9 2 0 0 0 1 4 5 3 9 9",
    );
    // Initials and short lists stay as they are.
    assert!(View::of("J R R Tolkien wrote it; rows 1 2 3 are free").is_none());
    let u = unmask("+4 4 2 0 7 9 4 6 0 9 5 8", Kind::Phone, 0).unwrap();
    assert_eq!(u.plain, "+442079460958");
    assert_eq!(u.restyle("+442071234567"), "+4 4 2 0 7 1 2 3 4 5 6 7");
}

#[test]
fn fullwidth_punctuation_in_fullwidth_words() {
    has(
        "contact （０９２６）－９２６００５ now",
        Kind::Phone,
        "（０９２６）－９２６００５",
    );
    has(
        "Till: ｓｕｐｐｏｒｔ（ａｔ）ｊａｎｓｓｏｎ（ｄｏｔ）ｓｅ",
        Kind::Email,
        "ｓｕｐｐｏｒｔ（ａｔ）ｊａｎｓｓｏｎ（ｄｏｔ）ｓｅ",
    );
    // Fullwidth punctuation of CJK prose is left alone.
    assert!(View::of("東京都（港区）：営業部、田中").is_none());
}

#[test]
fn dots_of_the_local_part_written_out() {
    has(
        "Milan,milan dot barta at jarosovavankova dot cz,+420 606 805 947",
        Kind::Email,
        "milan dot barta at jarosovavankova dot cz",
    );
}

#[test]
fn plus_words_and_table_cells() {
    has(
        "Ukraine,plus three eight zero six one three eight one seven seven four five,Galaxy",
        Kind::Phone,
        "plus three eight zero six one three eight one seven seven four five",
    );
    // A comma with nothing after it ends a cell: two values, not one run.
    let text = "Anderson,seven eight zero, zero five, two eight three nine,one - four one six - five four two - nine three eight two,x";
    let view = View::of(text).unwrap();
    assert_eq!(view.text(), "Anderson,780-05-2839,1-416-542-9382,x");
}

#[test]
fn glued_labels_need_digits_not_hex() {
    has(
        "card=cc2703 0826 1630 8098 ok",
        Kind::CardNumber,
        "cc2703 0826 1630 8098",
    );
    has(
        "rekening ibanNL81DBHO8034505717.",
        Kind::BankAccount,
        "ibanNL81DBHO8034505717",
    );
    has(
        "phone=phone7630070372x886 x",
        Kind::Phone,
        "phone7630070372x886",
    );
    let text = "\"PASSWORD\": \"cc40025aae7e2175a5944dc9696f6180\",";
    assert!(View::of(text).is_none());
}

/// A group's operations.
type Ops = Vec<(usize, usize, &'static str)>;

/// The runs of [`spaced_runs`] read byte by byte, as it first did: each position tried as a
/// run's start, a run taken whole.
fn spaced_runs_bytewise(text: &str) -> Vec<(usize, usize, Ops)> {
    let mut out = Vec::new();
    let bytes = text.as_bytes();
    let alnum = |i: usize| bytes.get(i).is_some_and(u8::is_ascii_alphanumeric);
    let single = |i: usize| alnum(i) && (i == 0 || !alnum(i - 1)) && !alnum(i + 1);
    let mut i = 0;
    while i + 2 < bytes.len() {
        if bytes[i + 1] != b' ' || !single(i) || !single(i + 2) {
            i += 1;
            continue;
        }
        let start = i;
        let mut end = i + 1;
        let mut count = 1;
        let mut digits = usize::from(bytes[i].is_ascii_digit());
        while bytes.get(end) == Some(&b' ') && single(end + 1) {
            count += 1;
            digits += usize::from(bytes[end + 1].is_ascii_digit());
            end += 2;
        }
        if count >= 9 && digits >= 7 {
            let ops = (start + 1..end)
                .step_by(2)
                .map(|sp| (sp, sp + 1, ""))
                .collect();
            out.push((start, end, ops));
        }
        i = end;
    }
    out
}

/// The runs of [`spaced_runs`] read from the digits of the text, as it did before it read
/// the text a block at a time: each digit that is a single starts a chain.
fn spaced_runs_by_digits(text: &str) -> Vec<(usize, usize, Ops)> {
    let mut out = Vec::new();
    let bytes = text.as_bytes();
    let alnum = |i: usize| bytes.get(i).is_some_and(u8::is_ascii_alphanumeric);
    let single = |i: usize| alnum(i) && (i == 0 || !alnum(i - 1)) && !alnum(i + 1);
    let mut from = 0;
    while let Some(d) = next_digit(bytes, from) {
        if !single(d) {
            from = d + 1;
            while alnum(from) {
                from += 1;
            }
            continue;
        }
        let mut start = d;
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
        if count >= 9 && digits >= 7 {
            let ops = (start + 1..end)
                .step_by(2)
                .map(|sp| (sp, sp + 1, ""))
                .collect();
            out.push((start, end, ops));
        }
        from = end;
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]
    /// Reading the runs a block at a time finds what reading them from their digits and
    /// trying every position find, at every offset of the text against the blocks.
    #[test]
    fn spaced_runs_by_blocks_match_by_digits(
        pad in 0usize..8,
        parts in proptest::collection::vec(prop_oneof![
            "[0-9a-zA-Z]( [0-9a-zA-Z]){0,20}",
            "[0-9]( [0-9]){6,14}",
            "[ 0-9]{0,20}",
            "[a-z0-9 .,é]{0,24}",
            Just("  ".to_string()),
            Just(",".to_string()),
        ], 0..10)
    ) {
        let text = " ".repeat(pad) + &parts.concat();
        let mut groups = Vec::new();
        spaced_runs(&text, &mut groups);
        let got: Vec<_> = groups.into_iter().map(|g| (g.start, g.end, g.ops)).collect();
        prop_assert_eq!(&got, &spaced_runs_by_digits(&text));
        prop_assert_eq!(got, spaced_runs_bytewise(&text));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]
    /// Reading the runs a block at a time finds what trying every position finds.
    #[test]
    fn spaced_runs_from_blocks_match_bytewise(
        parts in proptest::collection::vec(prop_oneof![
            "[0-9a-zA-Z]( [0-9a-zA-Z]){0,14}",
            "[0-9]( [0-9]){6,12}",
            "[ 0-9]{0,20}",
            "[a-z0-9 .é]{0,24}",
            Just("  ".to_string()),
        ], 0..8)
    ) {
        let text = parts.concat();
        let mut groups = Vec::new();
        spaced_runs(&text, &mut groups);
        let got: Vec<_> = groups.into_iter().map(|g| (g.start, g.end, g.ops)).collect();
        prop_assert_eq!(got, spaced_runs_bytewise(&text));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]
    /// The block search finds the non-ASCII byte a search byte by byte finds, from every
    /// position.
    #[test]
    fn next_non_ascii_is_the_bytewise_search(
        parts in proptest::collection::vec(prop_oneof![
            "[ -~]{0,40}",
            "\\PC{0,3}",
            Just("é".to_string()),
        ], 0..10)
    ) {
        let text = parts.concat();
        let b = text.as_bytes();
        for from in 0..=b.len() + 1 {
            let want = b
                .get(from..)
                .and_then(|r| r.iter().position(|&c| c >= 0x80))
                .map(|p| from + p);
            prop_assert_eq!(next_non_ascii(b, from), want);
        }
    }
}

/// Every trigger of the word pass, and the brackets and separators around masked forms.
fn trigger_piece() -> impl Strategy<Value = String> {
    let mut pats: Vec<String> = AT_DEVICES
        .iter()
        .chain(DOT_DEVICES)
        .chain(LABELS)
        .chain(&[AT_WORD, AT_SIGN, DOT_WORD])
        .map(|s| s.to_string())
        .collect();
    for (_, words) in NUMBER_WORDS {
        pats.extend(words.iter().map(|w| w.to_string()));
    }
    pats.extend(pats.clone().iter().map(|p| p.to_ascii_uppercase()));
    proptest::sample::select(pats)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]
    /// When the cheap test of `unmask` says a value holds nothing masked, the character
    /// pass and the word pass (the full function's tests) find nothing in it either.
    #[test]
    fn unmask_fast_path_exact(
        parts in proptest::collection::vec(prop_oneof![
            trigger_piece(),
            trigger_piece(),
            "[a-zA-Z]{1,6}",
            "[ \t.\\-_]{1,2}",
            "[0-9 ().+\\-]{0,16}",
            "[0-9]( [0-9]){6,12}",
            "[ -~]{0,12}",
            "[0-9 @.\\[\\](){}<>#+\\-]{0,10}",
            "\\PC{0,3}",
        ], 0..8)
    ) {
        let text = parts.concat();
        let tr = TRIGGERS.as_ref().unwrap();
        if text.is_ascii() && !tr.may_change(text.as_bytes()) {
            prop_assert!(char_pass(&text).is_none());
            prop_assert!(word_pass(&text).0.is_none());
            prop_assert!(unmask(&text, Kind::Phone, 0).is_none());
        }
        // Any value: the answer with the cheap test is the full function's answer.
        let full = {
            let chars = char_pass(&text);
            let mid = chars.as_ref().map_or(text.as_str(), |p| p.text.as_str());
            chars.is_some() || word_pass(mid).0.is_some()
        };
        prop_assert_eq!(unmask(&text, Kind::Email, 0).is_some(), full);
    }
}

/// [`number_word`] as it was written: through a lower-case copy.
fn number_word_reference(w: &str) -> Option<(u8, Option<usize>)> {
    if w.len() > 8 || w.is_empty() {
        return None;
    }
    let lower = w.to_lowercase();
    for (li, (_, words)) in NUMBER_WORDS.iter().enumerate() {
        if let Some(d) = words.iter().position(|x| *x == lower) {
            return Some((d as u8, Some(li)));
        }
    }
    EXTRA_WORDS
        .iter()
        .find(|(_, x)| *x == lower)
        .map(|&(d, _)| (d, None))
}

#[test]
fn the_listed_words_are_in_lower_case() {
    let listed = NUMBER_WORDS
        .iter()
        .flat_map(|(_, words)| words.iter())
        .chain(EXTRA_WORDS.iter().map(|(_, w)| w))
        .chain(PLUS_WORDS);
    for w in listed {
        assert_eq!(*w, w.to_lowercase(), "{w:?}");
    }
}

proptest! {
    /// The number and `+` words compared in place read what the lower-case copies read.
    #[test]
    fn number_words_read_as_through_lower_case_copies(
        w in prop_oneof![
            proptest::sample::select(
                NUMBER_WORDS
                    .iter()
                    .flat_map(|(_, words)| words.iter().copied())
                    .chain(EXTRA_WORDS.iter().map(|&(_, w)| w))
                    .chain(PLUS_WORDS.iter().copied())
                    .chain(["double", "triple"])
                    .collect::<Vec<_>>()
            ).prop_flat_map(|w| {
                // Each letter in either case, or swapped for a lookalike.
                let n = w.chars().count();
                (Just(w), proptest::collection::vec(0u8..4, n))
            }).prop_map(|(w, how)| {
                w.chars()
                    .zip(how)
                    .map(|(c, h)| match h {
                        0 => c.to_string(),
                        1 => c.to_uppercase().to_string(),
                        2 => "İ".to_string(),
                        _ => "É".to_string(),
                    })
                    .collect::<String>()
            }),
            "[a-zA-ZéÉüÜèÈİı]{0,10}",
        ]
    ) {
        prop_assert_eq!(number_word(&w), number_word_reference(&w), "{:?}", w);
        prop_assert_eq!(plus_word(&w), PLUS_WORDS.iter().any(|p| *p == w.to_lowercase()), "{:?}", w);
    }
}
