use super::*;
use proptest::strategy::Strategy as _;

fn names(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    NameRecognizer.recognize(text, &[], &mut out);
    let mut v: Vec<(usize, String)> = out
        .iter()
        .map(|f| (f.start, f.slice(text).to_string()))
        .collect();
    v.sort();
    v.dedup();
    v.into_iter().map(|x| x.1).collect()
}

#[test]
fn labels_in_several_languages() {
    assert_eq!(names("Name: Jane Doe\nDOB: 1984"), ["Jane Doe"]);
    assert_eq!(
        names("Patient: Okafor, Chinedu | MRN 4488"),
        ["Okafor, Chinedu"]
    );
    assert_eq!(
        names("Nachname: Müller\nVorname: Jürgen"),
        ["Müller", "Jürgen"]
    );
    assert_eq!(names("Nom : Lefèvre"), ["Lefèvre"]);
    assert_eq!(names("name: tom baker\nrole: admin"), ["tom baker"]);
    assert!(names("Product name: Orion Hope\nFile name: report.pdf").is_empty());
    assert!(names("Klant: ja\nTeam: Payments").is_empty());
}

#[test]
fn headers_give_display_names() {
    let t =
        "From: Rachel Adams <r@x.example>\nTo: Support <s@x.example>, \"Lee, Min\" <m@x.example>\n";
    assert_eq!(names(t), ["Rachel Adams", "Lee, Min"]);
}

#[test]
fn context_titles_greetings_signoffs() {
    assert_eq!(names("Dear Mr. Okafor, thank you."), ["Okafor"]);
    assert_eq!(names("Hi Will, are you coming?"), ["Will"]);
    assert_eq!(names("See you then.\n\nThanks,\nLena"), ["Lena"]);
    assert_eq!(names("Grace said she can drive."), ["Grace"]);
    assert_eq!(
        names("I met with Arjun Mehta; Arjun's team starts soon."),
        ["Arjun Mehta", "Arjun"]
    );
}

#[test]
fn trap_words_need_context() {
    assert!(names("Will the May release include the Hope dashboard?").is_empty());
    assert!(names("Apple Music and Amazon Prime are supported.").is_empty());
    assert!(names("Our Hope Street office moves in June.").is_empty());
    assert!(names("The Jordan River flows south.").is_empty());
}

#[test]
fn dictionary_pairs() {
    assert_eq!(names("Yesterday Emily Clark drove home."), ["Emily Clark"]);
    assert_eq!(
        names("Carlos Mendoza and Ana Sousa were promoted."),
        ["Carlos Mendoza", "Ana Sousa"]
    );
}

#[test]
fn never_panics_and_spans_are_on_char_boundaries() {
    for t in [
        "",
        "É",
        "Name:",
        "Name: ",
        "Dear ",
        "- ",
        "A'",
        "O’",
        "x's",
        "Zoë’s Ünïcode Ñame: Ŧest",
    ] {
        let mut out = Vec::new();
        NameRecognizer.recognize(t, &[], &mut out);
        for f in out {
            assert!(t.is_char_boundary(f.start) && t.is_char_boundary(f.end) && f.start < f.end);
        }
    }
}

#[test]
fn letters_glued_to_digits_underscores_or_dollars_are_identifiers() {
    for text in [
        "BlindKeySignatures = Ed25519.BlindKeySignatures",
        "curl --user '$USERNAME:$PASSWORD' https://example.org",
        "TELEGRAM_TOKEN=18410477:Asa5_jwly_nlz53",
        "sig: h98wdsbV-izcuonPdzMHp4Ay4qyXM6Ed5jB9dUWYGwMk",
        "set MAX_Will_RETRIES and Grace_period",
    ] {
        assert_eq!(names(text), Vec::<String>::new(), "{text}");
    }
    // The same names as words of prose are still found.
    assert_eq!(names("Dear Ed, thanks."), ["Ed"]);
}

#[test]
fn chat_speakers() {
    let t = "[9:12 am] Haldane: morning\n[9:13 am] Okonkwo: hi there\n[9:14 am] Haldane: ok\n";
    assert_eq!(names(t), ["Haldane", "Okonkwo", "Haldane"]);
    let t = "10/06/2022, 20:16 - Ottone Gregori: ok\n10/06/2022, 20:17 - Agent Dan: thanks\n";
    assert_eq!(names(t), ["Ottone Gregori", "Dan"]);
    let t = "Tadeja Dolinšek  11:18 PM\nmy card is blocked\nTadeja Dolinšek  11:19 PM\nhello?\n";
    assert_eq!(names(t), ["Tadeja Dolinšek", "Tadeja Dolinšek"]);
    let t = "Virginia: el envío no se mueve\nAgent Dan: lo reviso\nVirginia: gracias\n";
    assert_eq!(names(t), ["Virginia", "Dan", "Virginia"]);
    // One line proves nothing; bots, teams and form labels are no speakers.
    assert!(names("Vigo: hello\n").is_empty());
    let t = "[10:00] alerts: disk full\n[10:01] Support Team: on it\n[10:02] alerts: ok\n";
    assert!(names(t).is_empty());
    let t = "Telefon: 123\nStatus: offen\nTelefon: 456\nStatus: zu\n";
    assert!(names(t).is_empty());
    let t = "From: a@x.example\nTo: b@x.example\nFrom: c@x.example\nTo: d@x.example\n";
    assert!(names(t).is_empty());
}

#[test]
fn verbs_and_prepositions_in_front() {
    assert_eq!(
        names("ok I'll ask Nikolina Plantek, her number is 0911"),
        ["Nikolina Plantek"]
    );
    assert_eq!(
        names("did Nikolina Plantek get the invoice?"),
        ["Nikolina Plantek"]
    );
    assert_eq!(
        names("chiedi a Giada Tamburini, il suo numero"),
        ["Giada Tamburini"]
    );
    assert_eq!(names("Friends describe Sylke as meticulous."), ["Sylke"]);
    assert_eq!(
        names("The vehicle belongs to Aniela Augustynek, who can be reached."),
        ["Aniela Augustynek"]
    );
    assert_eq!(
        names("At the meeting, Lavīze Apine presented the figures."),
        ["Lavīze Apine"]
    );
    assert_eq!(
        names("I confirm that Talayer Yorulmaz, born 1982-09-27, works here."),
        ["Talayer Yorulmaz"]
    );
}

#[test]
fn names_spelled_in_an_email_address() {
    assert_eq!(
        names("10015,Johan,Kemppainen,johan.kemppainen@luukku.com,+358814669457"),
        ["Johan", "Kemppainen"]
    );
    assert_eq!(names("Samira Sölzer,ssolzer@web.de"), ["Samira Sölzer"]);
    // A word in the address is not a name.
    assert!(names("Support,support@example.com").is_empty());
}

#[test]
fn months_next_to_a_day_or_year_are_dates() {
    assert!(names("46.151.166.114 - - [16/Jan/2025:01:47:48 +0000] \"GET /\"").is_empty());
    assert!(names("maintenance_window = \"Jun 18 10:47:09\"").is_empty());
    assert!(names("Delivery slots on 25 Jun are fully booked.").is_empty());
    assert!(names("Arrival: 28. Mai 2021").is_empty());
    assert!(names("Jan 2024,Nordics,67361").is_empty());
    // Jan the person stays a name.
    assert_eq!(names("Thanks,\nJan"), ["Jan"]);
    assert_eq!(
        names("The device was seen at 10.0.0.1. Jan confirmed the card."),
        ["Jan"]
    );
}

#[test]
fn function_words_of_other_languages_are_no_names() {
    assert!(names("La facture 1058/2025 s'élève à 54,79€. Le ticket est clos.").is_empty());
    assert!(names("Merci de mettre à jour mon adresse.").is_empty());
    assert!(names("Según el informe, todo está bien.").is_empty());
    assert_eq!(
        names("De: Chus Pujadas <chus@example.com>\nÀ: Thierry Gros <t@example.fr>\n"),
        ["Chus Pujadas", "Thierry Gros"]
    );
}

#[test]
fn firms_and_products_stay() {
    assert!(names("We migrated the cluster to Johnson & Johnson last quarter.").is_empty());
    assert!(names("Johnson & Johnson Customer Service").is_empty());
    assert!(names("Set to Max to enable all retries.").is_empty());
    assert!(names("I ordered Dyson V15 Detect on 08/08/2019.").is_empty());
    assert!(names("Moved the jobs to Kubernetes and OpenAI last year.").is_empty());
    assert!(names("Our office in Madrid opens at 9.").is_empty());
    assert!(names("Payment terms: the Grace period applies. Love it.").is_empty());
    assert!(names("I think I can do it.").is_empty());
    // A given name that is also a brand, before a surname, is still a name.
    assert_eq!(
        names("Max Müller and Jordan Garcia"),
        ["Max Müller", "Jordan Garcia"]
    );
}

#[test]
fn names_in_scripts_without_case() {
    assert_eq!(names("Spoke to 韦玉兰; confirmed address."), ["韦玉兰"]);
    assert_eq!(
        names("My colleague 苏浩 will pick up the parcel."),
        ["苏浩"]
    );
    assert_eq!(names("Good morning โกมล,"), ["โกมล"]);
    // Without context a word of such a script is no name.
    assert!(names("确认地址 甘肃省 马鞍山县").is_empty());
}

#[test]
fn after_a_greeting_a_word_is_a_name() {
    assert_eq!(names("Thanks Mare, let me check that for you."), ["Mare"]);
    assert!(names("Hi Team, the build is green.").is_empty());
}

#[test]
fn headerless_columns_of_names() {
    let t = "6ef3,Arnoldas Vsiliauskas,4830413829635211,Visa\n94b8,Vaida Poška,3464690038,Amex\nb2e4,Artur Laht,4338035088924445,Visa\nc3f5,Anna Nowak,4338035088924445,Visa\n";
    let d = crate::Detector::new();
    let people: Vec<&str> = d
        .detect(t)
        .iter()
        .filter(|f| f.kind == Kind::Person)
        .map(|f| f.slice(t))
        .collect();
    assert_eq!(
        people,
        [
            "Arnoldas Vsiliauskas",
            "Vaida Poška",
            "Artur Laht",
            "Anna Nowak"
        ]
    );
}

#[test]
fn lists_of_names() {
    assert_eq!(
        names("Present: Aljaž Sever, Ivo Bukovec, Miloš Blažič\n"),
        ["Aljaž Sever", "Ivo Bukovec", "Miloš Blažič"]
    );
    let t = "- Pirjo: Left voicemail.\n- Anna: Duplicate of 728; merged.\n";
    assert_eq!(names(t), ["Pirjo", "Anna"]);
    // Bullets of a changelog are no speakers.
    let t = "- Backend: faster\n- Frontend: new colours\n";
    assert!(names(t).is_empty());
}

#[test]
fn labels_with_other_delimiters() {
    assert_eq!(names("Payee #Tilde Olesen\n"), ["Tilde Olesen"]);
    assert_eq!(names("Name - anna nowak\n"), ["anna nowak"]);
    assert_eq!(names("Contact – Stana Čulina\n"), ["Stana Čulina"]);
    assert!(names("Payee #12345\nsee issue #42 - fixed\n").is_empty());
}

#[test]
fn thai_names_with_tone_marks() {
    let t = "[20:37] อธิตยา แก้วชลคราม: sure\n[20:38] อธิตยา แก้วชลคราม: thanks!!\n";
    assert_eq!(names(t), ["อธิตยา แก้วชลคราม", "อธิตยา แก้วชลคราม"]);
    let t = "{\"full_name\": \"ณัฐธิตา ดำริห์ชอบ\", \"sku\": \"A-1\"}";
    let people: Vec<String> = crate::Detector::new()
        .detect(t)
        .iter()
        .filter(|f| f.kind == Kind::Person)
        .map(|f| f.slice(t).to_string())
        .collect();
    assert_eq!(people, ["ณัฐธิตา ดำริห์ชอบ"]);
}

#[test]
fn names_heading_an_address_block() {
    let t = "SHIP TO:\nLinda Jones\nFlat 15, 3 Chloe Summit\nFrancesfurt\n";
    assert_eq!(names(t), ["Linda Jones"]);
    let t =
        "#505735 1ZW7IXY87200097962\nKarlfried Junck\nFredy-Neuschäfer-Allee 2\n81742 Freital\n";
    assert_eq!(names(t), ["Karlfried Junck"]);
    // A firm or a heading above an address is not.
    assert!(names("Harrison Inc\n12 Main Road\n").is_empty());
    assert!(names("Order Summary\n3 items\n").is_empty());
}

#[test]
fn speakers_whose_names_are_also_words() {
    let t = "[09:16] Michael Hall: call me\n[09:19] Michael Hall: order still not here\n";
    assert_eq!(names(t), ["Michael Hall", "Michael Hall"]);
    let t = "06/09/2025, 16:29 - Martin: call me\n06/09/2025, 16:30 - Martin: ok\n";
    assert_eq!(names(t), ["Martin", "Martin"]);
    assert_eq!(
        names("vraag het even aan Vigo Hulskes, nummer 0612"),
        ["Vigo Hulskes"]
    );
}

#[test]
fn never_panics_and_cuts_on_char_boundaries() {
    let alphabet: Vec<char> = "aZé ü:#-–\n\t,.@[]()0918 Jan Mr Dr ä漢字กั่ψЖ'’&/;|>_"
        .chars()
        .collect();
    let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
    for len in 0..400usize {
        let mut t = String::new();
        for _ in 0..len {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            t.push(alphabet[(x % alphabet.len() as u64) as usize]);
        }
        let mut out = Vec::new();
        NameRecognizer.recognize(&t, &[], &mut out);
        for f in &out {
            assert!(t.is_char_boundary(f.start) && t.is_char_boundary(f.end) && f.start < f.end);
        }
        let _ = crate::Detector::new().detect(&t);
    }
}

#[test]
fn names_in_lower_case() {
    assert_eq!(
        names("did trevor barker get the invoice?"),
        ["trevor barker"]
    );
    assert_eq!(names("Thanks shaun, let me check."), ["shaun"]);
    assert_eq!(
        names("they had 4: emma, sarah, olivia and jessica"),
        ["emma", "sarah", "olivia", "jessica"]
    );
    // Words stay words.
    assert!(names("did you get the invoice? ask mom, she knows.").is_empty());
    assert!(names("thanks all, see you in june").is_empty());
}

#[test]
fn fast_lookups_agree_with_the_word_map() {
    // Every token of a text with words of every case, length and script: the packed look-up
    // from the text, the ASCII table and the map behind them answer alike, and the quick
    // tests only say no where the flags say so too.
    let mut t = String::from(
        "JANE doe Dr. MÜLLER told Anna: ASKED anna Élodie straße İstanbul Kelvin thank THANK \
         you Told hi HELLO abcdefghijklmnop ABCDEFGHIJKLMNOPQ Jacqueline-Marie-Antoinette \
         o'brien O’Brien Zoë 송현우 ",
    );
    for w in lexicon::context_words().split_whitespace() {
        t.push_str(w);
        t.push(' ');
        t.push_str(&w.to_uppercase());
        t.push(' ');
    }
    let mut toks = Vec::new();
    tokenize(&t, &mut toks, &mut Marks::default());
    assert!(toks.len() > 40);
    for tok in &toks {
        let w = &t[tok.start..tok.end];
        let f = LEXICON.flags(w);
        assert_eq!(LEXICON.flags_at(&t, tok.start, tok.end), f, "{w}");
        let lower = w.to_lowercase();
        assert_eq!(LEXICON.flags(&lower), f, "{w}");
        if f & (GREET | BEFORE | SPEECH_BEFORE) != 0 {
            assert!(LEXICON.may_announce(w.as_bytes()), "{w}");
        }
        if LEXICON.is_label(&lower) {
            assert!(LEXICON.may_end_label(*w.as_bytes().last().unwrap()), "{w}");
        }
    }
}

#[test]
fn label_marks_found_eight_bytes_at_a_time() {
    let mut x: u64 = 0x2545_F491_4F6C_DD1D;
    let bytes = [
        b'a', b' ', b'#', b'-', 0x93, 0x92, 0x80, 0xE2, b'"', b',', 0x00, 0xFF,
    ];
    for len in 0..60usize {
        for _ in 0..50 {
            let head: Vec<u8> = (0..len)
                .map(|_| {
                    x ^= x << 13;
                    x ^= x >> 7;
                    x ^= x << 17;
                    bytes[(x % bytes.len() as u64) as usize]
                })
                .collect();
            let want = head.iter().position(|&c| matches!(c, b'#' | b'-' | 0x93));
            assert_eq!(first_label_mark(&head), want, "{head:?}");
        }
    }
}

/// The tokenizer as it was before its byte classes ([`TOK_CLASS`]): the oracle of
/// [`tokenize`]. Splits `text` into words; notes where its line breaks, colons and `@` are on the way
/// (every byte between words passes the test for a word's start once).
fn tokenize_reference(text: &str, toks: &mut Vec<Tok>, marks: &mut Marks) {
    let b = text.as_bytes();
    let n = b.len();
    let mut i = 0;
    while i < n {
        let c = b[i];
        if c < 0x80 {
            if !c.is_ascii_alphabetic() {
                match c {
                    b'\n' => marks.newlines.push(i),
                    b':' => marks.colons.push(i),
                    b'@' => marks.ats.push(i),
                    _ => {}
                }
                i += 1;
                continue;
            }
        } else if !text.is_char_boundary(i) || is_letter_at(text, i).is_none() {
            i += 1;
            continue;
        }
        // A word starts at i.
        let start = i;
        let (mut upper, mut lower, mut uncased) = (0usize, 0usize, 0usize);
        let mut first_upper = false;
        let mut first = true;
        loop {
            // A run of ASCII lower-case letters at once.
            let run = i;
            while i < n && b[i].is_ascii_lowercase() {
                i += 1;
            }
            if i > run {
                lower += i - run;
                first = false;
            }
            if i >= n {
                break;
            }
            let c = b[i];
            let (ch, len) = if c < 0x80 {
                // ASCII letters counted here (`char::is_uppercase` and `is_lowercase` agree).
                if c.is_ascii_lowercase() {
                    lower += 1;
                    first = false;
                    i += 1;
                    continue;
                } else if c.is_ascii_uppercase() {
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
        let w = &text[start..end];
        // Every suffix ends in `s` or `S`.
        let suffixes: &[&str] = if matches!(b[end - 1], b's' | b'S') {
            &["'s", "’s", "'S"]
        } else {
            &[]
        };
        for suffix in suffixes {
            if w.len() > suffix.len() + 1 && w.ends_with(suffix) {
                end -= suffix.len();
                poss = true;
                break;
            }
        }
        // Letters glued to digits, `_` or `$` are part of an identifier (`Ed25519`, `$USERNAME`,
        // `Asa5_x`, a run inside a base64 token), not a word of prose: never a name.
        let glued = |c: u8| c.is_ascii_digit() || c == b'_' || c == b'$';
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

/// Whether [`tokenize`] finds the words and marks its reference finds.
fn tokenize_agrees(text: &str) {
    let (mut got, mut want) = (Vec::new(), Vec::new());
    let (mut got_marks, mut want_marks) = (Marks::default(), Marks::default());
    tokenize(text, &mut got, &mut got_marks);
    tokenize_reference(text, &mut want, &mut want_marks);
    let key = |t: &Tok| (t.start, t.end, t.shape, t.poss);
    assert_eq!(
        got.iter().map(key).collect::<Vec<_>>(),
        want.iter().map(key).collect::<Vec<_>>(),
        "{text:?}"
    );
    assert_eq!(got_marks.newlines, want_marks.newlines);
    assert_eq!(got_marks.colons, want_marks.colons);
    assert_eq!(got_marks.ats, want_marks.ats);
}

#[test]
fn tokenize_agrees_with_its_reference_on_examples() {
    for t in [
        "",
        "a",
        "Jane's O'Brien O’Brien’s JANE'S x's 's ’s Ed25519 $USER a_b Zoë 송현우 ไชยภา",
        "Name: Jane Doe\nmail: jane@example.org\n@@::\n\n",
        "-'’ Jean-Luc d’Arc l' -x ’",
        "é\u{0301}a\u{0301}ÉCOLE École straße STRASSE İstanbul",
    ] {
        tokenize_agrees(t);
    }
}

proptest::proptest! {
    #[test]
    fn tokenize_agrees_with_its_reference(
        text in "([a-zA-Z]{1,8}|[ '’\\-:@\n_$0-9.,]|[éÉßİ송현ไ\u{0301}]|\\PC){0,40}"
    ) {
        tokenize_agrees(&text);
    }
}

#[test]
fn protocols_and_numbers_are_no_name_context() {
    // An access log's request line: `page` is a word that announces a name (`page Dr Smith`),
    // but a number between is no context, and a word glued to `/1.1` is a protocol.
    let line = "203.0.113.7 - - [24/Nov/2026:05:58:43 +0000] \"GET /orders?page=25 HTTP/1.1\" 404";
    assert!(names(line).is_empty());
    assert!(names("page HTTP/1.1 then TLS/1.3").is_empty());
    assert!(names("I told 3 Bob").is_empty());
    assert_eq!(names("please page Dr Smith"), ["Smith"]);
    assert_eq!(names("I told Bob"), ["Bob"]);
}

/// `is_space_gap` as it was written on the gap's text (the oracle of the byte test).
fn is_space_gap_reference(g: &str) -> bool {
    !g.is_empty() && g.len() <= 3 && g.bytes().all(|b| b == b' ' || b == b'\t') || g == "\u{a0}"
}

proptest::proptest! {
    /// The byte tests of a gap agree with the tests of its text, and the byte gaps are the
    /// text gaps' bytes.
    #[test]
    fn byte_gaps_agree_with_text_gaps(
        text in "([a-zA-Z]{1,6}|[ \t.,:\n]{1,4}|\u{a0}|[é송]|\\PC){0,30}"
    ) {
        let mut toks = Vec::new();
        let mut marks = Marks::default();
        tokenize(&text, &mut toks, &mut marks);
        let n = toks.len();
        let cx = Cx {
            text: &text,
            lex: &LEXICON,
            flag_cache: vec![std::cell::Cell::new(u32::MAX); n],
            toks,
            found: Vec::new(),
            claimed: Vec::new(),
            locals: Vec::new(),
            newlines: Vec::new(),
            colons: Vec::new(),
        };
        for i in 0..n {
            let (before, after) = (cx.gap_before(i), cx.gap_after(i));
            proptest::prop_assert_eq!(cx.gap_before_bytes(i), before.as_bytes());
            proptest::prop_assert_eq!(cx.gap_after_bytes(i), after.as_bytes());
            for g in [before, after] {
                proptest::prop_assert_eq!(is_space_gap_bytes(g.as_bytes()), is_space_gap_reference(g));
                proptest::prop_assert_eq!(is_space_gap(g), is_space_gap_reference(g));
            }
        }
    }
}

proptest::proptest! {
    /// The bytes `lower_bytes` marks are those `u8::is_ascii_lowercase` accepts, in any word.
    #[test]
    fn lower_bytes_marks_the_lower_case_letters(
        v in proptest::prelude::any::<u64>(),
        near in proptest::collection::vec(0x5Eu8..0x7E, 8),
    ) {
        // Any word, and words of bytes around `a` to `z` (the edges), high bits mixed in.
        let mixed = u64::from_le_bytes([near[0], near[1], near[2], near[3], near[4], near[5], near[6], near[7]]);
        for w in [v, mixed, mixed | (v & 0x8080_8080_8080_8080)] {
            let want = w
                .to_le_bytes()
                .iter()
                .enumerate()
                .filter(|(_, c)| c.is_ascii_lowercase())
                .fold(0u64, |m, (k, _)| m | 0x80 << (8 * k));
            proptest::prop_assert_eq!(lower_bytes(w), want, "{:016x}", w);
        }
    }

    /// Long runs of lower-case letters, cut at every place, tokenize as the reference does.
    #[test]
    fn tokenize_agrees_with_its_reference_on_long_words(
        text in "([a-z]{6,20}|[A-Z][a-z]{7,12}|[ '’\\-:_0-9]|é){0,12}"
    ) {
        tokenize_agrees(&text);
    }
}

/// Words of letters that lower-case and fold in odd ways: `Σ` (final or not), `İ` (two
/// characters in lower case), `ẞ`, the Kelvin sign (ASCII in lower case), accents to fold.
const ODD_LETTERS: &str = "[a-zA-ZÀ-ÿΣσςİıẞßĲŁłŒœ’\u{212A}\u{0130}\u{1E9E}ΑΒΓ]{0,40}";

proptest::proptest! {
    /// The lower case and the folding written on the stack are `str::to_lowercase` and
    /// `fold`, or give up (a `Σ`, or too long); `push_lower`, `lower_is` and `lower_in` are
    /// `to_lowercase` as before.
    #[test]
    fn lower_case_on_the_stack_is_to_lowercase(w in ODD_LETTERS, other in ODD_LETTERS) {
        let want = w.to_lowercase();
        let mut buf = lexicon::ShortStr::new();
        if lexicon::lower_into(&w, &mut buf) {
            proptest::prop_assert_eq!(buf.as_str(), want.as_str());
        } else {
            proptest::prop_assert!(w.contains('Σ') || want.len() > 64);
        }
        let fold_want = lexicon::fold(&want);
        let mut folded = lexicon::ShortStr::new();
        if lexicon::fold_into(&want, &mut folded) {
            proptest::prop_assert_eq!(folded.as_str(), fold_want.as_str());
        } else {
            proptest::prop_assert!(fold_want.len() > 64);
        }
        let mut pushed = String::from("x ");
        push_lower(&mut pushed, &w);
        proptest::prop_assert_eq!(pushed, format!("x {want}"));
        let o = other.to_lowercase();
        proptest::prop_assert_eq!(lower_is(&w, &o), want == o);
        proptest::prop_assert_eq!(lower_is(&w, &want), true);
        let set = [o.as_str(), "ab", "σς"];
        proptest::prop_assert_eq!(lower_in(&w, &set), set.contains(&want.as_str()));
    }
}

/// The findings of `text` on a thread of their own (with no lists kept from another text).
fn recognized_alone(text: &str) -> Vec<Finding> {
    let text = text.to_string();
    std::thread::spawn(move || {
        let mut out = Vec::new();
        recognize(&text, &mut out);
        out
    })
    .join()
    .unwrap()
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(48))]

    /// The token lists kept from the texts a thread read before leave nothing of them in the
    /// next: each text finds what it finds on a new thread.
    #[test]
    fn a_text_after_others_finds_what_it_finds_alone(
        texts in proptest::collection::vec(
            proptest::collection::vec(
                proptest::prop_oneof![
                    proptest::strategy::Just("Name: Jane Doe\n"),
                    proptest::strategy::Just("Dr. Anna Schmidt"),
                    proptest::strategy::Just("Okafor, Chinedu"),
                    proptest::strategy::Just("jane.doe@example.org"),
                    proptest::strategy::Just("Vorname: Jürgen\n"),
                    proptest::strategy::Just("Tom: hi there\n"),
                    proptest::strategy::Just(" called "),
                    proptest::strategy::Just(": "),
                    proptest::strategy::Just("\n"),
                    proptest::strategy::Just(" and "),
                    proptest::strategy::Just("Müller "),
                ],
                0..16,
            )
            .prop_map(|p| p.concat()),
            1..4,
        ),
    ) {
        for text in &texts {
            let mut here = Vec::new();
            recognize(text, &mut here);
            proptest::prop_assert_eq!(here, recognized_alone(text), "{:?}", text);
        }
    }
}
