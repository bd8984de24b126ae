//! Stand-ins for the streets and postcodes of the countries of issue 14: a street keeps its
//! country's style (type word, glued suffix, number order, script), its name changes, and a
//! postcode keeps its country's format.

use redact_entity::Kind;
use redact_surrogate::Surrogates;

fn many(kind: Kind, rule: &str, value: &str, n: u64) -> Vec<String> {
    let text = format!("Here: {value} (see above).");
    (0..n)
        .map(|seed| {
            let out = Surrogates::with_seed(seed).stand_in(&text, kind, rule, 0, value);
            assert_ne!(out, value, "{kind}: unchanged");
            out
        })
        .collect()
}

fn digits_shape(a: &str) -> String {
    a.chars()
        .map(|c| if c.is_ascii_digit() { '9' } else { c })
        .collect()
}

#[test]
fn a_street_keeps_its_country_style_and_loses_its_name() {
    for (value, keep, name) in [
        ("Béke utca 67.", " utca ", "Béke"),
        ("Valdemāra iela 76", " iela ", "Valdemāra"),
        ("Vilniaus g. 13-27", " g. ", "Vilniaus"),
        ("Ziya Gökalp Sokak No: 24", " Sokak No: ", "Gökalp"),
        ("Jl. Gang Rawamangun No. 166", "Jl. Gang ", "Rawamangun"),
        ("Aleea Ene nr. 12, bl. 6, ap. 43", "Aleea ", "Ene"),
        ("ul. Polna 14/3", "ul. ", "Polna"),
        ("vul. Gazova, 6", "vul. ", "Gazova"),
        ("вул. Грецька, 10", "вул. ", "Грецька"),
    ] {
        for a in many(Kind::StreetAddress, "address", value, 12) {
            assert!(a.contains(keep) && !a.contains(name), "{value} -> {a}");
        }
    }
}

#[test]
fn glued_suffixes_stay_on_a_new_stem() {
    for (value, suffix, stem) in [
        ("Kungsgatan 44", "gatan ", "Kungs"),
        ("Tersløsegade 5", "gade ", "Tersløse"),
        ("Mannerheimintie 17", "tie ", "Mannerheimin"),
        ("Kristiansenhaugen 147", "haugen ", "Kristiansen"),
    ] {
        for a in many(Kind::StreetAddress, "address", value, 12) {
            assert!(a.contains(suffix) && !a.contains(stem), "{value} -> {a}");
            let num = |s: &str| digits_shape(s.rsplit(' ').next().unwrap_or(""));
            assert_eq!(num(&a), num(value), "{value} -> {a}");
        }
    }
}

#[test]
fn streets_without_a_type_word_change_in_their_script() {
    for (value, name) in [
        ("Tuškanac 8", "Tuškanac"),
        ("Αλυσανδράτου 92", "Αλυσανδράτου"),
        ("pikk 7-22", "pikk"),
    ] {
        for a in many(Kind::StreetAddress, "address", value, 12) {
            assert!(!a.contains(name), "{value} -> {a}");
        }
    }
    for a in many(Kind::StreetAddress, "address", "Αλυσανδράτου 92", 6) {
        assert!(
            a.chars().next().is_some_and(|c| ('Α'..='ω').contains(&c)),
            "{a}"
        );
    }
    for a in many(Kind::StreetAddress, "address", "pikk 7-22", 6) {
        assert!(!a.chars().any(char::is_uppercase), "{a}");
    }
    for a in many(Kind::StreetAddress, "address", "山亭东莞街690号", 6) {
        assert!(
            a.ends_with('号') && a.contains('街') && !a.starts_with("山亭东莞"),
            "{a}"
        );
    }
}

#[test]
fn postcodes_keep_their_country_format() {
    for (value, prefix) in [("LT-49878", "LT-"), ("LV-1050", "LV-")] {
        for a in many(Kind::Postcode, "address-postcode", value, 12) {
            assert!(a.starts_with(prefix), "{a}");
            assert_eq!(digits_shape(&a), digits_shape(value), "{a}");
        }
    }
    for value in [
        "359 99",
        "58-986",
        "1100-053",
        "83532-625",
        "586-8752",
        "825649",
    ] {
        for a in many(Kind::Postcode, "address-postcode", value, 12) {
            assert_eq!(digits_shape(&a), digits_shape(value), "{value} -> {a}");
        }
    }
}
