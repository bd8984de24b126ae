use proptest::prelude::*;

use super::*;

fn opts() -> RedactOptions {
    RedactOptions::default()
}

const SAMPLE: &str = "Hi, this is Jane at jane.doe@northwind.co.uk, +44 20 7946 0321.\n\
Card 4111 1111 1111 1111, IBAN GB82 WEST 1234 5698 7654 32, SSN 536-22-8914.\n\
Server 10.4.17.23 and db-01.prod.acme-corp.internal; see https://acme-corp.com/users/42?ref=mail";

#[test]
fn round_trip_and_every_kind_replaced() {
    let r = Redactor::new()
        .with_seed(7)
        .redact(SAMPLE, &opts())
        .unwrap();
    for real in [
        "jane.doe@northwind.co.uk",
        "+44 20 7946 0321",
        "4111 1111 1111 1111",
        "GB82 WEST 1234 5698 7654 32",
        "536-22-8914",
        "10.4.17.23",
        "db-01.prod.acme-corp.internal",
        "https://acme-corp.com/users/42?ref=mail",
    ] {
        assert!(!r.text.contains(real), "{real} left in {}", r.text);
        assert!(
            r.map.iter().any(|(_, v)| v == real),
            "{real} not in the map"
        );
    }
    assert_eq!(r.redacted, r.map.len());
    assert!(r.names_decided);
    assert_eq!(r.object, "redaction");
    let back = Redactor::new().restore(&r.text, &r.map);
    assert_eq!(back.text, SAMPLE);
    assert_eq!(back.restored, r.map.len());
}

#[test]
fn table_rows_and_encoded_emails_round_trip() {
    let text = "name,mobile,card,email\n\
Jane Doe,319-274-5531,4716307965404615,jane.doe%40northwind.co.uk\n\
Wei Zhang,(415) 555-0132,5425233430109903,wei%40acme-corp.com\n";
    let r = Redactor::new().with_seed(3).redact(text, &opts()).unwrap();
    for real in [
        "Jane Doe",
        "319-274-5531",
        "4716307965404615",
        "jane.doe%40northwind.co.uk",
        "(415) 555-0132",
        "5425233430109903",
        "wei%40acme-corp.com",
    ] {
        assert!(!r.text.contains(real), "{real} left in {}", r.text);
    }
    // The table keeps its shape: a header, two rows of four cells, encoded signs kept.
    assert!(r.text.starts_with("name,mobile,card,email\n"), "{}", r.text);
    assert!(
        r.text.lines().all(|l| l.split(',').count() == 4),
        "{}",
        r.text
    );
    assert_eq!(r.text.matches("%40").count(), 2, "{}", r.text);
    assert_eq!(Redactor::new().restore(&r.text, &r.map).text, text);
}

#[test]
fn stand_ins_are_realistic_not_labels() {
    let r = Redactor::new()
        .with_seed(1)
        .redact(SAMPLE, &opts())
        .unwrap();
    for (stand_in, _) in r.map.iter() {
        assert!(
            !stand_in.contains('[') && !stand_in.contains('<'),
            "label-like {stand_in}"
        );
        assert!(
            !SAMPLE.contains(stand_in),
            "stand-in {stand_in} occurs in the original"
        );
    }
}

#[test]
fn same_value_same_stand_in_within_and_across_calls() {
    let t = "Mail ops@acme-example.io, again: ops@acme-example.io.";
    let redactor = Redactor::new().with_seed(3);
    let r = redactor.redact(t, &opts()).unwrap();
    assert_eq!(r.map.len(), 1);
    let (stand_in, _) = r.map.iter().next().unwrap();
    assert_eq!(r.text.matches(stand_in).count(), 2);
    // Next turn with the map: the same value keeps its stand-in; new ones do not collide.
    let next = RedactOptions {
        map: Some(r.map.clone()),
        ..opts()
    };
    let r2 = Redactor::new()
        .with_seed(3)
        .redact("ops@acme-example.io and sec@acme-example.io", &next)
        .unwrap();
    assert!(r2.text.starts_with(stand_in));
    assert_eq!(r2.map.len(), 2);
    let keys: Vec<&str> = r2.map.iter().map(|(k, _)| k).collect();
    assert_ne!(keys[0], keys[1]);
}

#[test]
fn allow_list_keeps_terms_case_insensitively() {
    let t = "Write to support@acme-example.io or ops@acme-example.io";
    let o = RedactOptions {
        allow: vec!["SUPPORT@acme-example.io".into()],
        ..opts()
    };
    let r = Redactor::new().redact(t, &o).unwrap();
    assert!(r.text.contains("support@acme-example.io"));
    assert!(!r.text.contains("ops@acme-example.io"));
}

#[test]
fn profile_values_are_found_in_any_case() {
    let t = "I am Robert Smith, reach me at ROBERT.SMITH@EXAMPLE.COM";
    let p = Profile {
        name: Some("Robert Smith".into()),
        email: Some("robert.smith@example.com".into()),
        phone: None,
    };
    let r = Redactor::new()
        .redact(
            t,
            &RedactOptions {
                profile: Some(p),
                ..opts()
            },
        )
        .unwrap();
    assert!(!r.text.contains("Robert Smith"), "{}", r.text);
    assert!(!r.text.to_lowercase().contains("robert.smith@example.com"));
    assert_eq!(Redactor::new().restore(&r.text, &r.map).text, t);
}

#[test]
fn text_limit_counts_characters_not_bytes() {
    let redactor = Redactor::new().with_max_chars(10);
    assert!(
        redactor.redact("éééééééééé", &opts()).is_ok(),
        "10 chars, 20 bytes"
    );
    assert_eq!(
        redactor.redact("ééééééééééé", &opts()),
        Err(RedactError::TextTooLong {
            chars: 11,
            limit: 10
        })
    );
    assert!(
        Redactor::new()
            .redact(&"a".repeat(MAX_TEXT_CHARS), &opts())
            .is_ok()
    );
    assert!(
        Redactor::new()
            .redact(&"a".repeat(MAX_TEXT_CHARS + 1), &opts())
            .is_err()
    );
}

#[test]
fn inputs_found_by_fuzzing_round_trip() {
    for t in [
        "(8(7)848939",
        "x,+44 20 7946 0321 536-22-8914;",
        "a@aa.com.GB82 WEST 1234 5698 7654 32.",
    ] {
        for seed in 0..20 {
            let r = Redactor::new().with_seed(seed).redact(t, &opts()).unwrap();
            assert_eq!(Redactor::new().restore(&r.text, &r.map).text, t);
        }
    }
}

#[test]
fn text_without_detail_round_trips_unchanged() {
    let t = "The meeting moved to Thursday at 3pm; version 1.2.3 shipped on 12/10/2026.";
    let r = Redactor::new().redact(t, &opts()).unwrap();
    assert_eq!(r.text, t);
    assert_eq!(r.redacted, 0);
    let back = Redactor::new().restore(t, &Map::new());
    assert_eq!((back.text.as_str(), back.restored), (t, 0));
}

#[test]
fn responses_serialise_as_the_specification_writes_them() {
    let r = Redactor::new()
        .with_seed(2)
        .redact("mail a.b@example.org", &opts())
        .unwrap();
    let v = serde_json::to_value(&r).unwrap();
    assert_eq!(v["object"], "redaction");
    assert!(v["map"].is_object());
    assert_eq!(v["redacted"], 1);
    assert_eq!(v["names_decided"], true);
}

#[test]
fn names_are_found_by_default_and_round_trip() {
    let t =
        "Hi Priya,\n\nI met with Arjun Mehta yesterday. Arjun's team starts soon.\n\nThanks,\nLena";
    let r = Redactor::new().with_seed(5).redact(t, &opts()).unwrap();
    for real in ["Priya", "Arjun Mehta", "Arjun", "Lena"] {
        assert!(!r.text.contains(real), "{real} left in {}", r.text);
    }
    assert!(r.names_decided);
    assert_eq!(Redactor::new().restore(&r.text, &r.map).text, t);
}

fn first_last(stand_in: &str) -> (String, String) {
    let mut w = stand_in.split(' ');
    (
        w.next().unwrap().to_string(),
        w.next_back().unwrap().to_string(),
    )
}

#[test]
fn name_parts_possessives_and_emails_follow_the_full_name() {
    let t = "Name: Jane Doe\nEmail: jane.doe@northwind-example.com\n\nLater Jane wrote that Ms Doe's claim was approved. JANE DOE signed.";
    for seed in 0..8 {
        let r = Redactor::new().with_seed(seed).redact(t, &opts()).unwrap();
        let full = r
            .map
            .stand_in_for("Jane Doe")
            .expect("full name mapped")
            .to_string();
        let (g, s) = first_last(&full);
        assert!(r.text.contains(&format!("Later {g} wrote")), "{}", r.text);
        assert!(r.text.contains(&format!("Ms {s}'s claim")), "{}", r.text);
        let local = format!("{}.{}@", g.to_lowercase(), s.to_lowercase());
        assert!(r.text.contains(&local), "{local} not in {}", r.text);
        assert!(
            !r.text.contains("Doe") && !r.text.contains("Jane") && !r.text.contains("JANE"),
            "{}",
            r.text
        );
        // The map holds the parts, so a reply that uses them restores.
        let reply = format!(
            "{g} and {}'s lawyer met {full}. {}",
            s.to_uppercase(),
            s.to_lowercase()
        );
        let back = Redactor::new().restore(&reply, &r.map).text;
        // The surname alone in lower case is prose, not a name: it stays.
        assert_eq!(
            back,
            format!("Jane and DOE's lawyer met Jane Doe. {}", s.to_lowercase())
        );
        assert_eq!(Redactor::new().restore(&r.text, &r.map).text, t);
    }
}

#[test]
fn a_known_person_keeps_their_stand_in_in_the_next_call() {
    let r1 = Redactor::new()
        .with_seed(1)
        .redact("Customer: Hannah Schmidt called.", &opts())
        .unwrap();
    let full = r1.map.stand_in_for("Hannah Schmidt").unwrap().to_string();
    let (g, s) = first_last(&full);
    let next = RedactOptions {
        map: Some(r1.map.clone()),
        ..opts()
    };
    let r2 = Redactor::new()
        .with_seed(2)
        .redact(
            "Dear Ms Schmidt, Hannah asked about hannah.schmidt@example.org and Dr. Wei Zhang.",
            &next,
        )
        .unwrap();
    assert!(r2.text.contains(&format!("Ms {s}")), "{}", r2.text);
    assert!(r2.text.contains(&format!(", {g} asked")), "{}", r2.text);
    assert!(
        r2.text
            .contains(&format!("{}.{}@", g.to_lowercase(), s.to_lowercase())),
        "{}",
        r2.text
    );
    // New stand-ins never collide with the map's.
    let zhang = r2.map.stand_in_for("Wei Zhang").unwrap();
    for (k, v) in r1.map.iter() {
        assert_ne!(zhang, k);
        assert_ne!(zhang, v);
    }
}

#[test]
fn allow_wins_over_the_name_recogniser() {
    let t = "Thanks Grace, please ask Hope Williams.";
    let o = RedactOptions {
        allow: vec!["hope williams".into(), "GRACE".into()],
        ..opts()
    };
    let r = Redactor::new().redact(t, &o).unwrap();
    assert_eq!(r.text, t);
}

#[test]
fn name_check_outcomes() {
    let t = "the courier zorblax quenton left it with Priya.";
    // Built-in: decided.
    let r = Redactor::new().redact(t, &opts()).unwrap();
    assert!(r.names_decided);
    assert!(r.text.contains("zorblax quenton"));
    // The model decided: its names are merged with the built-in findings.
    let o = RedactOptions {
        names: NameCheck::Decided(vec!["zorblax quenton".into()]),
        ..opts()
    };
    let r = Redactor::new().redact(t, &o).unwrap();
    assert!(r.names_decided);
    assert!(
        !r.text.contains("zorblax quenton") && !r.text.contains("Priya"),
        "{}",
        r.text
    );
    // Decided that there is nobody: still decided, strict does not fire.
    let o = RedactOptions {
        names: NameCheck::Decided(vec![]),
        strict: true,
        ..opts()
    };
    assert!(Redactor::new().redact(t, &o).unwrap().names_decided);
    // Undecided: names_decided false; strict refuses.
    let o = RedactOptions {
        names: NameCheck::Undecided,
        ..opts()
    };
    let r = Redactor::new().redact(t, &o).unwrap();
    assert!(!r.names_decided);
    assert!(
        !r.text.contains("Priya"),
        "the built-in findings still apply"
    );
    let o = RedactOptions {
        names: NameCheck::Undecided,
        strict: true,
        ..opts()
    };
    assert_eq!(
        Redactor::new().redact(t, &o),
        Err(RedactError::NamesUndecided)
    );
}

#[test]
fn profile_is_found_however_it_is_written() {
    let p = Profile {
        name: Some("Robert Smith".into()),
        email: Some("robert.smith@gmail.com".into()),
        phone: Some("+1 415 867 2210".into()),
    };
    let o = RedactOptions {
        profile: Some(p),
        ..opts()
    };
    let t = "smith, robert here (R. Smith, Robert S., rsmith, Bob). Mail ROBERT.SMITH@GMAIL.COM or \
             robert dot smith at gmail dot com; call 415.867.2210 or (415) 867-2210 or +14158672210.";
    let r = Redactor::new().with_seed(3).redact(t, &o).unwrap();
    let lower = r.text.to_lowercase();
    for gone in ["smith", "robert", "rsmith", "bob", "867", "8672210"] {
        assert!(!lower.contains(gone), "{gone} left in {}", r.text);
    }
    assert_eq!(Redactor::new().restore(&r.text, &r.map).text, t);
}

fn pii_piece() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("jane.doe@example.org".to_string()),
        Just("+44 20 7946 0321".to_string()),
        Just("(415) 867-2210".to_string()),
        Just("4111 1111 1111 1111".to_string()),
        Just("GB82 WEST 1234 5698 7654 32".to_string()),
        Just("536-22-8914".to_string()),
        Just("10.4.17.23".to_string()),
        Just("2001:db8::17".to_string()),
        Just("db-01.prod.acme-corp.internal".to_string()),
        Just("https://acme-corp.com/users/priya?ref=mail".to_string()),
        Just("221B Baker Street, London NW1 6XE".to_string()),
        Just("Dear Ms Doe".to_string()),
        Just("Jane Doe".to_string()),
        Just("Doe's".to_string()),
        Just("JANE DOE".to_string()),
        Just("Name: Priya Raman".to_string()),
        Just("priya.raman@northwind.co.uk".to_string()),
        Just("Thanks,\nLena".to_string()),
        Just("Hi Will".to_string()),
        // Forms written to dodge a filter.
        Just("jane [at] example [dot] com".to_string()),
        Just("jane(at)example.org".to_string()),
        Just("four one five, eight six seven, two two one zero".to_string()),
        Just("+1\u{200B}415\u{200B}867\u{200B}2210".to_string()),
        Just("j\u{200B}ane@example.org".to_string()),
        Just("ssn536228914".to_string()),
        Just("SSN#536228914".to_string()),
        Just("ｊａｎｅ＠ｅｘａｍｐｌｅ．ｏｒｇ".to_string()),
        Just("j\u{0430}n\u{0435}@example.org".to_string()),
        "(Hi|Dear|Thanks|Name:) [A-Z][a-z]{2,8}( [A-Z][a-z]{2,8})?",
        "[a-z]{1,8}@[a-z]{2,8}\\.(com|io|de)",
        "\\+1 [2-9][0-9]{2} 555 01[0-9]{2}",
        "[ -~]{0,12}",
        "\\PC{0,6}",
    ]
}

proptest! {
    // 256 cases by default; PROPTEST_CASES raises it for long local runs.
    #![proptest_config(ProptestConfig { cases: std::env::var("PROPTEST_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(256), ..ProptestConfig::default() })]

    #[test]
    fn restore_of_redact_is_identity(parts in prop::collection::vec(pii_piece(), 0..8), seps in prop::collection::vec("[ ,.;\\n()+$#:/@-]{1,2}", 8), seed: u64) {
        let mut text = String::new();
        for (i, p) in parts.iter().enumerate() {
            text.push_str(p);
            text.push_str(&seps[i % seps.len()]);
        }
        let r = Redactor::new().with_seed(seed).redact(&text, &opts()).unwrap();
        prop_assert_eq!(Redactor::new().restore(&r.text, &r.map).text, text.clone());
        // Stand-ins: unique, never in the original text.
        let keys: Vec<&str> = r.map.iter().map(|(k, _)| k).collect();
        let mut dedup = keys.clone();
        dedup.sort_unstable();
        dedup.dedup();
        prop_assert_eq!(dedup.len(), keys.len());
        for k in keys {
            prop_assert!(!text.contains(k), "stand-in {:?} occurs in {:?}", k, text);
        }
    }

    #[test]
    fn never_panics_on_any_text(text in "\\PC{0,200}") {
        let r = Redactor::new().redact(&text, &opts()).unwrap();
        prop_assert_eq!(Redactor::new().restore(&r.text, &r.map).text, text);
    }
}

#[test]
fn values_already_known_are_redacted_wherever_they_recur() {
    let r = Redactor::new().with_seed(3);
    // The caller's map says "Quentin Marlowe" is someone; this sentence alone gives no
    // context that would make the recogniser sure of it.
    let mut map = Map::new();
    map.insert("Tobias Renwick", "Quentin Marlowe").unwrap();
    let opts = RedactOptions {
        map: Some(map),
        ..RedactOptions::default()
    };
    let out = r.redact("so quentin marlowe is booked", &opts).unwrap();
    assert!(!out.text.to_lowercase().contains("quentin"), "{}", out.text);
    assert_eq!(
        r.restore(&out.text, &out.map).text,
        "so quentin marlowe is booked"
    );
    // A person found in one sentence is replaced in every sentence of the text.
    let text = "Dear Mr Quentin Marlowe, thanks. Say that Quentin Marlowe is booked.";
    let out = r.redact(text, &RedactOptions::default()).unwrap();
    assert!(!out.text.contains("Marlowe"), "{}", out.text);
    assert_eq!(r.restore(&out.text, &out.map).text, text);
}

proptest::proptest! {
    /// The search for a few literal terms (allow-list, profile, known values) returns sorted,
    /// disjoint whole-word matches of the terms and misses no whole-word occurrence.
    #[test]
    fn few_term_search_finds_every_whole_word_occurrence(
        text in "[abAB .é]{0,60}",
        terms in proptest::collection::vec("[abAB]{1,4}", 1..8),
    ) {
        let refs: Vec<&str> = terms.iter().map(String::as_str).collect();
        let got = super::few_occurrences(&text, &refs, super::word_edges);
        let b = text.as_bytes();
        let word = |i: usize| b[i].is_ascii_alphanumeric() || b[i] == b'_' || b[i] >= 0x80;
        for w in got.windows(2) {
            proptest::prop_assert!(w[0].1 <= w[1].0);
        }
        for &(s, e) in &got {
            proptest::prop_assert!(refs.iter().any(|t| t.eq_ignore_ascii_case(&text[s..e])));
        }
        let lower = text.to_ascii_lowercase();
        for t in &refs {
            let t = t.to_ascii_lowercase();
            let mut from = 0;
            while let Some(off) = lower[from..].find(t.as_str()) {
                let (s, e) = (from + off, from + off + t.len());
                let whole = (s == 0 || !word(s - 1) || !word(s)) && (e == b.len() || !word(e) || !word(e - 1));
                if whole {
                    proptest::prop_assert!(
                        got.iter().any(|&(gs, ge)| gs < e && s < ge),
                        "{:?} at {} missed in {:?}", t, s, text
                    );
                }
                from = s + 1;
                while !lower.is_char_boundary(from) { from += 1; }
            }
        }
    }
}

/// A name part is not entered in the map when the text holds it in another case outside
/// ASCII (`Émilie` for the part `émilie`): a restore would read it there.
#[test]
fn name_parts_are_checked_against_the_text_in_any_case() {
    let text = "Kanya Otieno lives in Sainte Émilie.";
    let mut map = Map::new();
    parts::add_to_map(
        text,
        &mut map,
        vec![
            ("émilie".to_string(), "kanya".to_string()),
            ("roux".to_string(), "otieno".to_string()),
        ],
    );
    assert_eq!(map.get("émilie"), None);
    assert_eq!(map.get("roux"), Some("otieno"));
}

#[test]
fn obfuscated_values_get_stand_ins_in_their_style_and_restore() {
    let text = "Mail jane [at] example [dot] com or jane(at)example.org, \
                call four one five, eight six seven, two two one zero \
                or +1\u{200B}415\u{200B}867\u{200B}2210; j\u{200B}ane@example.org; \
                ssn536228914; ｊａｎｅ＠ｅｘａｍｐｌｅ．ｏｒｇ.";
    let r = Redactor::new().with_seed(3).redact(text, &opts()).unwrap();
    let stand_in = |real: &str| -> String {
        r.map
            .iter()
            .find(|(_, v)| *v == real)
            .map(|(k, _)| k.to_string())
            .unwrap_or_else(|| panic!("{real:?} not replaced: {}", r.text))
    };
    let s = stand_in("jane [at] example [dot] com");
    assert!(
        s.contains(" [at] ") && s.contains(" [dot] ") && !s.contains('@'),
        "{s}"
    );
    let s = stand_in("jane(at)example.org");
    assert!(s.contains("(at)") && !s.contains('@'), "{s}");
    let s = stand_in("four one five, eight six seven, two two one zero");
    assert!(
        !s.chars().any(|c| c.is_ascii_digit()) && s.split(", ").count() == 3,
        "{s}"
    );
    assert_ne!(s, "four one five, eight six seven, two two one zero");
    let s = stand_in("+1\u{200B}415\u{200B}867\u{200B}2210");
    assert!(s.starts_with('+') && !s.contains('\u{200B}'), "{s}");
    let s = stand_in("j\u{200B}ane@example.org");
    assert!(!s.starts_with('j') || s.contains('@'), "{s}");
    let s = stand_in("ssn536228914");
    assert!(
        s.starts_with("ssn") && s.len() == "ssn536228914".len(),
        "{s}"
    );
    let s = stand_in("ｊａｎｅ＠ｅｘａｍｐｌｅ．ｏｒｇ");
    assert!(s.contains('＠') && !s.is_ascii(), "{s}");
    // Nothing of the real values is left, and a reply repeating the stand-ins restores.
    for leak in ["jane", "2210", "536228914", "\u{200B}"] {
        assert!(!r.text.contains(leak), "{leak:?} left in {}", r.text);
    }
    assert_eq!(Redactor::new().restore(&r.text, &r.map).text, text);
}

/// A text of [`APART_FROM`] bytes or more: `parts` between `seps`, over and over, with a
/// sentence of no detail after every third (the values recur, as in a long document).
fn long_text(parts: &[String], seps: &[String]) -> String {
    const PROSE: &str = "The quarterly review covered shipping delays, the new warehouse \
        layout and the budget for the coming year. ";
    let mut text = String::new();
    let mut i = 0;
    while text.len() < APART_FROM + 2048 {
        text.push_str(&parts[i % parts.len()]);
        text.push_str(&seps[i % seps.len()]);
        if i % 3 == 0 {
            text.push_str(PROSE);
        }
        i += 1;
    }
    text
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 12, ..ProptestConfig::default() })]

    /// A long text's stand-ins come from two generators, one of them on a second thread:
    /// the redaction restores, its stand-ins occur nowhere in the text, it is the same made on
    /// one thread, and it replaced the findings of `Redactor::findings`.
    #[test]
    fn a_long_texts_two_generators_restore_and_need_no_second_thread(
        parts in prop::collection::vec(pii_piece(), 12..40),
        seps in prop::collection::vec("[ ,;\\n]{1,2}", 8),
        seed: u64,
    ) {
        let text = long_text(&parts, &seps);
        let r = Redactor::new().with_seed(seed);
        let (two, found) = r.redact_threads(&text, &opts(), true).unwrap();
        let (one, _) = r.redact_threads(&text, &opts(), false).unwrap();
        // The text indexed beside the search for the known values: the findings of
        // `Redactor::findings`.
        prop_assert_eq!(&found, &r.findings(&text, &opts()));
        prop_assert_eq!(&two.text, &one.text);
        prop_assert_eq!(&two.map, &one.map);
        prop_assert_eq!(Redactor::new().restore(&two.text, &two.map).text, text.clone());
        // No stand-in occurs in the text, whatever its case (the map's keys are unique).
        let lower = text.to_ascii_lowercase();
        for (k, _) in two.map.iter() {
            prop_assert!(!lower.contains(&k.to_ascii_lowercase()), "stand-in {:?} occurs in the text", k);
        }
        // The next turn, with the map: both generators reserve its entries.
        let next = format!("As written before: {text}");
        let with_map = RedactOptions {
            map: Some(two.map.clone()),
            ..opts()
        };
        let (two_next, _) = r.redact_threads(&next, &with_map, true).unwrap();
        let (one_next, _) = r.redact_threads(&next, &with_map, false).unwrap();
        prop_assert_eq!(&two_next.text, &one_next.text);
        prop_assert_eq!(&two_next.map, &one_next.map);
        prop_assert_eq!(Redactor::new().restore(&two_next.text, &two_next.map).text, next);
    }
}

/// A stand-in of the second generator that clashes with one of the first (the same string,
/// or one holding it where a restore reads it) is not used: the first makes another, which
/// clashes with neither generator's; a stand-in that clashes with nothing is used as it is.
#[test]
fn a_second_generators_stand_in_that_clashes_is_made_again() {
    for holds in [false, true] {
        clash_made_again(holds);
    }
}

fn clash_made_again(holds: bool) {
    let text = "Mail jane@example.org, call 0161 496 0123 or 0161 496 0987.";
    let found = Redactor::new().findings(text, &opts());
    let kinds: Vec<Kind> = found.iter().map(|f| f.kind).collect();
    assert_eq!(kinds, [Kind::Email, Kind::Phone, Kind::Phone], "{found:?}");
    let mut first = Surrogates::with_seed(1);
    let mut second = Surrogates::with_seed(2);
    let mut sur = first.for_text(text);
    let mut map = Map::new();
    let email = new_stand_in(&mut sur, &mut map, &found[0]).unwrap();
    // The second generator's own stand-ins, one of them equal to the first's.
    let fine = second.stand_in(text, Kind::Phone, found[2].rule, 0, found[2].slice(text));
    let clash = if holds {
        format!("{email} 12")
    } else {
        email.clone()
    };
    second.reserve(&clash);
    let made = vec![Some(clash.clone()), Some(fine.clone())];
    let mut stand_ins = vec![Some(email.clone()), None, None];
    join_apart(
        &mut sur,
        &second,
        &mut map,
        &found,
        &[1, 2],
        &made,
        &mut stand_ins,
    );
    let again = stand_ins[1].clone().unwrap();
    assert!(again != clash && !again.contains(&email), "{again}");
    assert!(!second.is_taken(&again), "{again}");
    assert_eq!(stand_ins[2].as_deref(), Some(fine.as_str()));
    assert_eq!(map.get(&again), Some(found[1].slice(text)));
    assert_eq!(map.get(&fine), Some(found[2].slice(text)));
    assert_eq!(map.get(&email), Some(found[0].slice(text)));
    let out = finish(text, &found, map, &stand_ins);
    assert_eq!(Redactor::new().restore(&out.text, &out.map).text, text);
}
