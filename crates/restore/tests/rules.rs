//! One test (at least) per tolerance rule of restore, plus the map's contract.

use std::collections::BTreeMap;

use redact_restore::{Map, MapErrorKind, Restored, Restorer, restore};

fn map(pairs: &[(&str, &str)]) -> Map {
    Map::from_pairs(pairs.iter().copied()).expect("valid map")
}

fn people() -> Map {
    map(&[
        ("Emily Clark", "Jane Doe"),
        ("Emily", "Jane"),
        ("Clark", "Doe"),
        ("emily.clark@fenwick-labs.com", "jane.doe@acme.com"),
        ("Ann", "Priya"),
    ])
}

fn r(text: &str, m: &Map) -> String {
    restore(text, m).text
}

// ---- exact and case ----

#[test]
fn exact_stand_in_restores_verbatim() {
    let out = restore("Dear Emily Clark, thanks.", &people());
    assert_eq!(out.text, "Dear Jane Doe, thanks.");
    assert_eq!(out.restored, 1);
}

#[test]
fn all_upper_match_restores_upper_cased() {
    assert_eq!(r("DEAR EMILY CLARK:", &people()), "DEAR JANE DOE:");
    assert_eq!(r("CLARK", &people()), "DOE");
}

#[test]
fn all_lower_match_restores_lower_cased() {
    assert_eq!(r("cc emily clark", &people()), "cc jane doe");
}

#[test]
fn mixed_case_match_restores_verbatim() {
    assert_eq!(r("Emily clark", &people()), "Jane Doe");
    assert_eq!(r("eMILY CLARK", &people()), "Jane Doe");
}

#[test]
fn lower_stand_in_matched_lower_is_exact() {
    let m = map(&[("fenwick-labs", "Acme Corp")]);
    assert_eq!(r("at fenwick-labs now", &m), "at Acme Corp now");
    assert_eq!(r("at FENWICK-LABS now", &m), "at ACME CORP now");
    assert_eq!(r("at Fenwick-Labs now", &m), "at Acme Corp now");
}

#[test]
fn email_restores_verbatim_whatever_the_case() {
    let m = people();
    assert_eq!(
        r("mail emily.clark@fenwick-labs.com.", &m),
        "mail jane.doe@acme.com."
    );
    assert_eq!(
        r("mail Emily.Clark@Fenwick-Labs.com", &m),
        "mail jane.doe@acme.com"
    );
    assert_eq!(
        r("MAIL EMILY.CLARK@FENWICK-LABS.COM", &m),
        "MAIL jane.doe@acme.com"
    );
    let upper_real = map(&[("meera@larkspur.io", "Priya.Raman@Northwind.co.uk")]);
    assert_eq!(
        r("MEERA@LARKSPUR.IO", &upper_real),
        "Priya.Raman@Northwind.co.uk"
    );
}

#[test]
fn non_ascii_stand_in_matches_its_unicode_case_forms() {
    let m = map(&[("José Núñez", "Luis Pérez")]);
    assert_eq!(r("Hola José Núñez", &m), "Hola Luis Pérez");
    assert_eq!(r("HOLA JOSÉ NÚÑEZ", &m), "HOLA LUIS PÉREZ");
    assert_eq!(r("hola josé núñez", &m), "hola luis pérez");
    // ASCII letters fold, non-ASCII ones must keep a case form of the stand-in.
    assert_eq!(r("JOSé Núñez", &m), "Luis Pérez");
    assert_eq!(r("JOSÉ Núñez", &m), "JOSÉ Núñez");
}

#[test]
fn stand_ins_differing_in_case_prefer_the_exact_one() {
    let m = map(&[("ACME", "Initech"), ("Acme", "Globex")]);
    assert_eq!(r("ACME and Acme", &m), "Initech and Globex");
    // Neither exact: the first in map order ("ACME" < "Acme"), case-styled.
    assert_eq!(r("AcME", &m), "Initech");
    let m = map(&[("ACME-1", "Initech"), ("Acme-1", "Globex")]);
    assert_eq!(r("acme-1", &m), "initech");
}

// ---- name words ----

#[test]
fn capitalised_word_stand_ins_are_not_read_in_lower_case_prose() {
    let m = map(&[
        ("Grace", "Jessica"),
        ("He", "Zhang"),
        ("O'Brien", "Walsh"),
        ("Smith-Jones", "Nair"),
        ("Émile", "Jean"),
        ("Bo He", "Wei Zhang"),
        ("quillon-logistics", "acme-corp"),
    ]);
    // As names: capitalised or all upper case.
    assert_eq!(
        r("Grace called; GRACE too.", &m),
        "Jessica called; JESSICA too."
    );
    assert_eq!(
        r("Dr. He will call. He said", &m),
        "Dr. Zhang will call. Zhang said"
    );
    assert_eq!(r("Ask O'Brien or Smith-Jones.", &m), "Ask Walsh or Nair.");
    assert_eq!(r("ÉMILE", &m), "JEAN");
    // In lower-case prose they are words: never changed.
    for prose in [
        "the grace period; he thinks",
        "o'brien smith-jones émile",
        "gRACE hE",
    ] {
        let out = restore(prose, &m);
        assert_eq!(out.text, prose);
        assert_eq!(out.restored, 0);
    }
    // Several words, or a stand-in written in lower case: every case still restores.
    assert_eq!(r("bo he and BO HE", &m), "wei zhang and WEI ZHANG");
    assert_eq!(
        r("Quillon-Logistics, quillon-logistics", &m),
        "acme-corp, acme-corp"
    );
}

// ---- possessive ----

#[test]
fn possessive_with_straight_and_curly_apostrophe() {
    let m = people();
    assert_eq!(r("Clark's desk", &m), "Doe's desk");
    assert_eq!(r("Clark’s desk", &m), "Doe’s desk");
    assert_eq!(r("Emily Clark's desk", &m), "Jane Doe's desk");
    assert_eq!(r("EMILY CLARK’S DESK", &m), "JANE DOE’S DESK");
    assert_eq!(r("the Clarks’ house", &m), "the Clarks’ house");
}

// ---- phone / card / IBAN separators ----

fn phones() -> Map {
    map(&[
        ("(415) 555-0148", "(415) 867-2210"),
        ("+44 20 7946 0958", "+44 20 7946 0321"),
        ("5105 1051 0510 5100", "5425 2334 3010 9903"),
        ("DE44 5001 0517 5407 3249 31", "DE89 3704 0044 0532 0130 00"),
    ])
}

#[test]
fn phone_with_other_separators() {
    let m = phones();
    for variant in [
        "(415) 555-0148",
        "415-555-0148",
        "415.555.0148",
        "4155550148",
        "415 555 0148",
        "(415)555-0148",
        "415 - 555 - 0148",
        "415\u{2011}555\u{2011}0148",
        "415\u{a0}555\u{a0}0148",
    ] {
        let out = restore(&format!("Call {variant} today."), &m);
        assert_eq!(
            out.text, "Call (415) 867-2210 today.",
            "variant {variant:?}"
        );
        assert_eq!(out.restored, 1);
    }
}

#[test]
fn phone_with_country_code_added_keeps_it() {
    assert_eq!(
        r("Call +1 415 555 0148.", &phones()),
        "Call +1 (415) 867-2210."
    );
}

#[test]
fn international_stand_in_written_nationally() {
    let m = phones();
    for variant in [
        "+44 20 7946 0958",
        "+442079460958",
        "+44 (0)20 7946 0958",
        "020 7946 0958",
        "(020) 7946-0958",
        "0044 20 7946 0958",
        "20 7946 0958",
    ] {
        assert_eq!(
            r(&format!("Ring {variant}."), &m),
            "Ring +44 20 7946 0321.",
            "variant {variant:?}"
        );
    }
}

#[test]
fn national_stand_in_written_with_country_code() {
    let m = map(&[("020 7946 0958", "020 7946 0321")]);
    assert_eq!(r("Ring +44 20 7946 0958.", &m), "Ring +44 020 7946 0321.");
    assert_eq!(r("Ring 02079460958.", &m), "Ring 020 7946 0321.");
}

#[test]
fn card_with_other_grouping() {
    let m = phones();
    for variant in [
        "5105105105105100",
        "5105-1051-0510-5100",
        "5105 1051 0510 5100",
    ] {
        assert_eq!(
            r(&format!("card {variant}, exp"), &m),
            "card 5425 2334 3010 9903, exp"
        );
    }
}

#[test]
fn iban_compact_or_grouped() {
    let m = phones();
    for variant in [
        "DE44 5001 0517 5407 3249 31",
        "DE44500105175407324931",
        "de44500105175407324931",
    ] {
        assert_eq!(
            r(&format!("IBAN: {variant}."), &m),
            "IBAN: DE89 3704 0044 0532 0130 00.",
            "variant {variant:?}"
        );
    }
}

#[test]
fn digit_variants_need_all_digits_and_word_boundaries() {
    let m = phones();
    for text in [
        "415-555-014",       // a digit missing
        "415-555-01489",     // a digit more
        "1415-555-0148",     // glued to a digit on the left
        "x4155550148",       // glued to a letter
        "4155550148x",       // glued on the right
        "415    555 0148",   // separator run longer than 3
        "415_555_0148",      // not a separator
        "416-555-0148",      // other digits
        "41 5555 01 48 ext", // fine grouping but ...
    ] {
        let out = restore(text, &m);
        if text == "41 5555 01 48 ext" {
            assert_eq!(
                out.text, "(415) 867-2210 ext",
                "regrouped digits still restore"
            );
        } else {
            assert_eq!(out.text, text, "must not restore {text:?}");
            assert_eq!(out.restored, 0);
        }
    }
}

#[test]
fn short_numbers_and_ips_are_literal_only() {
    let m = map(&[("10.82.3.141", "10.4.17.23"), ("555-0148", "867-2210")]);
    assert_eq!(r("host 10.82.3.141", &m), "host 10.4.17.23");
    assert_eq!(r("host 10.82.31.41", &m), "host 10.82.31.41");
    assert_eq!(r("host 108.23.14.1", &m), "host 108.23.14.1");
    // 7 digits: tolerant.
    assert_eq!(r("call 5550148", &m), "call 867-2210");
}

#[test]
fn a_longer_digit_variant_beats_a_literal_stand_in() {
    // The literal match of the first stand-in ends at "0112"; a variant of the
    // second, longer number runs on after it (through up to three
    // separators) and wins; with a fourth separator or a letter it cannot.
    let m = map(&[
        ("415-555-0112", "212-867-5309"),
        ("41555501123", "98765432100"),
    ]);
    assert_eq!(r("415-555-0112 3", &m), "98765432100");
    assert_eq!(r("415-555-0112.  3 then", &m), "98765432100 then");
    assert_eq!(r("(415-555-0112) 3", &m), "98765432100");
    assert_eq!(r("415-555-0112 .  3", &m), "212-867-5309 .  3");
    assert_eq!(r("415-555-0112 x3", &m), "212-867-5309 x3");
    assert_eq!(r("415-555-0112", &m), "212-867-5309");
    assert_eq!(r("415-555-0112 34", &m), "212-867-5309 34");
}

// ---- whole words ----

#[test]
fn whole_word_only() {
    let m = people();
    assert_eq!(r("Emilyn and Anne", &m), "Emilyn and Anne");
    assert_eq!(r("Clarkson", &m), "Clarkson");
    assert_eq!(r("McClark", &m), "McClark");
    assert_eq!(r("Emily2", &m), "Emily2");
    assert_eq!(r("ÉAnn Annä", &m), "ÉAnn Annä");
    assert_eq!(r("日Ann", &m), "日Ann");
    assert_eq!(r("(Ann)", &m), "(Priya)");
    assert_eq!(r("Ann-Marie", &m), "Priya-Marie");
    assert_eq!(r("Ann_x", &m), "Priya_x");
    assert_eq!(r("Ann", &m), "Priya");
}

#[test]
fn longest_valid_match_wins_and_falls_back_to_shorter() {
    let m = people();
    assert_eq!(r("Emily Clark", &m), "Jane Doe");
    // "Emily Clark" is glued to "son": the shorter "Emily" still matches.
    assert_eq!(r("Emily Clarkson", &m), "Jane Clarkson");
    assert_eq!(r("Emily  Clark", &m), "Jane  Doe");
    let out = restore("Emily, Clark, Emily Clark.", &m);
    assert_eq!(out.text, "Jane, Doe, Jane Doe.");
    assert_eq!(out.restored, 3);
}

#[test]
fn non_alphanumeric_edges_need_no_boundary() {
    let m = map(&[
        ("[ref-7]", "[ref-1]"),
        ("+44 20 7946 0958", "+44 20 7946 0321"),
    ]);
    assert_eq!(r("x[ref-7]y", &m), "x[ref-1]y");
    // An alphanumeric edge is checked even when the other one is not.
    let m2 = map(&[("#ref-7", "#ref-1")]);
    assert_eq!(r("x#ref-7y", &m2), "x#ref-7y");
    assert_eq!(r("x#ref-7.", &m2), "x#ref-1.");
    assert_eq!(r("tel:+44 20 7946 0958", &m), "tel:+44 20 7946 0321");
}

// ---- empty, unchanged, counts ----

#[test]
fn empty_map_leaves_text_unchanged() {
    let m = Map::new();
    let out = restore("Emily Clark", &m);
    assert_eq!(out.text, "Emily Clark");
    assert_eq!(out.restored, 0);
    let restorer = Restorer::new(&m);
    assert!(restorer.is_empty());
    assert_eq!(restorer.restore("héllo").text, "héllo");
    assert_eq!(restorer.pending_start("Em", None), 2);
}

#[test]
fn text_without_stand_ins_round_trips() {
    let m = people();
    for text in [
        "",
        "plain text",
        "日本語のテキスト",
        "Emil Clar Em",
        "a\u{0}b\r\n",
    ] {
        let out = restore(text, &m);
        assert_eq!(out.text, text);
        assert_eq!(out.restored, 0);
    }
}

#[test]
fn counts_every_replacement() {
    let m = people();
    let text = "Emily, EMILY, emily, Emilyn, Clark's, Emily Clark, emily.clark@fenwick-labs.com";
    let out = restore(text, &m);
    assert_eq!(out.restored, 5);
    assert_eq!(
        out.text,
        "Jane, JANE, emily, Emilyn, Doe's, Jane Doe, jane.doe@acme.com"
    );
}

#[test]
fn restorer_is_reusable_and_matches_restore() {
    let m = people();
    let restorer = Restorer::new(&m);
    for text in ["Emily", "Clark's", "nothing"] {
        assert_eq!(restorer.restore(text), restore(text, &m));
    }
    let mut out = String::from("> ");
    assert_eq!(restorer.restore_into("Emily", &mut out), 1);
    assert_eq!(out, "> Jane");
}

#[test]
fn long_text_with_many_matches() {
    let m = people();
    let unit = "Emily Clark met Ann at Clarkson's; ";
    let text = unit.repeat(5000);
    let out = restore(&text, &m);
    assert_eq!(out.text, "Jane Doe met Priya at Clarkson's; ".repeat(5000));
    assert_eq!(out.restored, 10_000);
}

#[test]
fn debug_output_leaks_no_values() {
    let m = people();
    let restorer = Restorer::new(&m);
    let out: Restored = restorer.restore("Emily");
    for dbg in [
        format!("{m:?}"),
        format!("{restorer:?}"),
        format!("{out:?}"),
    ] {
        for word in ["Emily", "Jane", "Clark", "Doe", "fenwick"] {
            assert!(!dbg.contains(word), "{dbg} leaks {word}");
        }
    }
}

// ---- map ----

#[test]
fn map_rejects_empty_stand_in() {
    let mut m = Map::new();
    let err = m.insert("", "Jane").unwrap_err();
    assert_eq!(err.kind(), MapErrorKind::EmptyStandIn);
    assert!(err.to_string().contains("empty stand-in"));
    assert!(m.is_empty());
}

#[test]
fn map_rejects_conflicting_value_without_naming_it() {
    let mut m = Map::new();
    m.insert("Emily", "Jane").unwrap();
    m.insert("Emily", "Jane").unwrap(); // same pair: fine
    let err = m.insert("Emily", "Priya").unwrap_err();
    assert_eq!(err.kind(), MapErrorKind::ConflictingValue);
    let msg = err.to_string();
    assert!(msg.contains("two different values"), "{msg}");
    for word in ["Emily", "Jane", "Priya"] {
        assert!(!msg.contains(word), "message leaks {word}: {msg}");
        assert!(!format!("{err:?}").contains(word));
    }
    assert_eq!(m.get("Emily"), Some("Jane"));
    assert_eq!(m.len(), 1);
}

#[test]
fn map_accessors() {
    let m = people();
    assert_eq!(m.len(), 5);
    assert!(!m.is_empty());
    assert_eq!(m.get("Clark"), Some("Doe"));
    assert_eq!(m.get("clark"), None);
    assert!(m.contains_stand_in("Ann"));
    assert!(!m.contains_stand_in("Anne"));
    assert_eq!(m.stand_in_for("Doe"), Some("Clark"));
    assert_eq!(m.stand_in_for("Clark"), None);
    let stand_ins: Vec<&str> = m.iter().map(|(s, _)| s).collect();
    let mut sorted = stand_ins.clone();
    sorted.sort_unstable();
    assert_eq!(stand_ins, sorted, "iteration is ordered");
    assert_eq!((&m).into_iter().count(), 5);
}

#[test]
fn reverse_lookup_with_shared_real_value_is_deterministic() {
    let a = map(&[("Zed", "X"), ("Abe", "X")]);
    let b = map(&[("Abe", "X"), ("Zed", "X")]);
    assert_eq!(a.stand_in_for("X"), Some("Abe"));
    assert_eq!(b.stand_in_for("X"), Some("Abe"));
    assert_eq!(a, b);
}

#[test]
fn map_from_pairs_and_try_from_validate() {
    assert_eq!(
        Map::from_pairs([("a", "1"), ("a", "2")])
            .unwrap_err()
            .kind(),
        MapErrorKind::ConflictingValue
    );
    let mut bt = BTreeMap::new();
    bt.insert(String::new(), "x".to_owned());
    assert_eq!(
        Map::try_from(bt).unwrap_err().kind(),
        MapErrorKind::EmptyStandIn
    );
    let mut bt = BTreeMap::new();
    bt.insert("a".to_owned(), "1".to_owned());
    let m = Map::try_from(bt.clone()).unwrap();
    assert_eq!(m.to_btree_map(), bt);
    assert_eq!(BTreeMap::from(m), bt);
}

#[test]
fn map_merge_is_all_or_nothing() {
    let mut m = map(&[("a", "1")]);
    let err = m.merge(&map(&[("b", "2"), ("a", "9")])).unwrap_err();
    assert_eq!(err.kind(), MapErrorKind::ConflictingValue);
    assert_eq!(m.len(), 1);
    m.merge(&map(&[("b", "2"), ("a", "1")])).unwrap();
    assert_eq!(m.len(), 2);
}

#[test]
fn map_json_round_trip_is_a_plain_object() {
    let m = people();
    let json = serde_json::to_string(&m).unwrap();
    assert!(json.starts_with("{\"Ann\":\"Priya\","), "{json}");
    let value: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert!(value.is_object());
    assert_eq!(value["Emily Clark"], "Jane Doe");
    let back: Map = serde_json::from_str(&json).unwrap();
    assert_eq!(back, m);
    assert_eq!(back.stand_in_for("Jane"), Some("Emily"));
}

#[test]
fn map_json_is_validated() {
    let empty = serde_json::from_str::<Map>(r#"{"": "Jane"}"#).unwrap_err();
    assert!(empty.to_string().contains("empty stand-in"), "{empty}");
    let dup = serde_json::from_str::<Map>(r#"{"Emily": "Jane", "Emily": "Priya"}"#).unwrap_err();
    assert!(dup.to_string().contains("two different values"), "{dup}");
    assert!(!dup.to_string().contains("Priya"));
    let same = serde_json::from_str::<Map>(r#"{"Emily": "Jane", "Emily": "Jane"}"#).unwrap();
    assert_eq!(same.len(), 1);
    assert!(serde_json::from_str::<Map>(r#"["Emily", "Jane"]"#).is_err());
    assert!(serde_json::from_str::<Map>(r#"{"Emily": 3}"#).is_err());
    assert_eq!(serde_json::from_str::<Map>("{}").unwrap(), Map::new());
}

#[test]
fn literal_beats_digit_variant_of_equal_length() {
    // Both stand-ins have the digits 4155550148; "(415)…" comes first in map
    // order so it owns the digit form, but the exact literal wins a tie.
    let m = map(&[("415-555-0148", "A-real"), ("(415) 555-0148", "B-real")]);
    assert_eq!(r("x 415-555-0148 y", &m), "x A-real y");
    assert_eq!(r("x (415) 555-0148 y", &m), "x B-real y");
    assert_eq!(r("x 415.555.0148 y", &m), "x B-real y");
}

#[test]
fn all_lower_stand_in_keeps_real_value_as_is() {
    // "strasse" matches the upper-case form "STRASSE" of "straße" (all
    // lower): the real value is not lower-cased.
    let m = map(&[("straße", "Baker Street")]);
    assert_eq!(r("in der straße", &m), "in der Baker Street");
    assert_eq!(r("in der strasse", &m), "in der Baker Street");
    assert_eq!(r("IN DER STRASSE", &m), "IN DER BAKER STREET");
}

#[test]
fn compiled_types_are_shareable() {
    fn assert_send_sync<T: Send + Sync + Clone>() {}
    assert_send_sync::<Restorer>();
    assert_send_sync::<Map>();
    assert_send_sync::<Restored>();
    assert_send_sync::<redact_restore::MapError>();
}

#[test]
fn e164_stand_in_without_separators_written_nationally() {
    let m = map(&[
        ("+14155550148", "+14158672210"),
        ("+442079460958", "+442079460321"),
    ]);
    assert_eq!(r("call 415-555-0148", &m), "call +14158672210");
    assert_eq!(r("call (415) 555 0148", &m), "call +14158672210");
    assert_eq!(r("ring 020 7946 0958", &m), "ring +442079460321");
    assert_eq!(r("ring +44 (0)20 7946 0958", &m), "ring +442079460321");
}

#[test]
fn plus_and_parenthesis_around_a_digit_variant() {
    let m = map(&[
        ("44 94 6439 9242", "44 20 7946 0321"),
        ("(415) 555-0148", "(415) 867-2210"),
        ("415-555-0199", "415-867-0000"),
        ("+44 20 7946 0958", "+44 20 7946 0555"),
    ]);
    // The stand-in has no '+': the model's '+' stays.
    assert_eq!(r("x,+44 94 6439 9242 y", &m), "x,+44 20 7946 0321 y");
    assert_eq!(r("x +449464399242", &m), "x +44 20 7946 0321");
    // The stand-in has one: taken along.
    assert_eq!(r("x +442079460958", &m), "x +44 20 7946 0555");
    // '(' with its ')' inside: taken along.
    assert_eq!(r("(415) 555 0199.", &m), "415-867-0000.");
    // A number wrapped whole in brackets keeps them (they may be the text's own).
    assert_eq!(r("(4155550199).", &m), "(415-867-0000).");
    assert_eq!(r("[(415)555-0148]", &m), "[(415) 867-2210]");
    // A '(' without ')': stays.
    assert_eq!(r("(call 415.555.0199", &m), "(call 415-867-0000");
    assert_eq!(r("(415 555 0199", &m), "(415-867-0000");
    // A second '(' after a leading one: the leading one is the text's (found by fuzzing).
    let m2 = map(&[("3(5)123456", "8(7)848939")]);
    assert_eq!(r("(3(5)123456", &m2), "(8(7)848939");
    // A ')' after a balanced one stays.
    assert_eq!(r("(415)555-0199)", &m), "415-867-0000)");
}
