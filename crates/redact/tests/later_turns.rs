//! A map passed back in: what the next text holds of it, and stand-ins that must not clash
//! with it.

use redact::{Map, RedactOptions, Redactor, Restorer};

/// A stand-in of the map that the next text holds as it is (a real value that happens to
/// equal it, undetected on its own) would be restored to the map's real value: it is
/// replaced, and the round trip stays exact.
#[test]
fn a_stand_in_written_in_the_next_text_is_replaced_and_restores_to_itself() {
    let map = Map::from_pairs([("7686", "1234"), ("Emily Clark", "Jane Doe")]).unwrap();
    let text = "Order 7686 shipped to the emily clark building.";
    let opts = RedactOptions {
        map: Some(map),
        ..RedactOptions::default()
    };
    for seed in 0..10 {
        let r = Redactor::new()
            .with_seed(seed)
            .redact(text, &opts)
            .expect("a reversible redaction");
        assert!(!r.text.contains("7686"), "{}", r.text);
        assert!(!r.text.to_lowercase().contains("emily clark"), "{}", r.text);
        assert_eq!(Restorer::new(&r.map).restore(&r.text).text, text);
        // The earlier entries stay, for replies that use them.
        assert_eq!(r.map.get("7686"), Some("1234"));
    }
}

/// Name parts learned from an earlier turn are never given to another person: the next
/// turn's people get stand-ins of their own, and every turn restores exactly.
#[test]
fn people_of_a_later_turn_get_their_own_stand_ins() {
    let first = "Minutes: Yerin Choi, Amy Bradley, Jonas Weber, Mia Novak, Lukas Moreau and \
                 Sofia Rossi met; Choi and Bradley agreed.";
    let second = "Follow-up: Hana Kim, Lea Lindqvist, Noah Kowalski, Elias Becker, Ana Costa and \
                  Ivan Petrov joined; Kim and Petrov will report.";
    for seed in 0..40 {
        let redactor = Redactor::new().with_seed(seed);
        let r1 = redactor.redact(first, &RedactOptions::default()).unwrap();
        let opts = RedactOptions {
            map: Some(r1.map.clone()),
            ..RedactOptions::default()
        };
        let r2 = redactor
            .redact(second, &opts)
            .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        assert_eq!(Restorer::new(&r2.map).restore(&r2.text).text, second);
        for name in ["Hana Kim", "Ivan Petrov"] {
            let s = r2.map.stand_in_for(name).expect("mapped");
            assert!(r1.map.get(s).is_none(), "seed {seed}: {s} reused");
        }
    }
}

/// A stand-in glued to a sign a restore does not read as part of a word (`£9621.05`) is
/// found there too.
#[test]
fn a_stand_in_after_a_currency_sign_is_replaced_too() {
    let map = Map::from_pairs([("9621", "9303")]).unwrap();
    let text = "The outstanding amount of £9621.05 will be collected on Monday.";
    let opts = RedactOptions {
        map: Some(map),
        ..RedactOptions::default()
    };
    let r = Redactor::new()
        .with_seed(3)
        .redact(text, &opts)
        .expect("a reversible redaction");
    assert!(!r.text.contains("9621"), "{}", r.text);
    assert_eq!(Restorer::new(&r.map).restore(&r.text).text, text);
}
