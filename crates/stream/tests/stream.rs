//! Streaming restore: equals batch restore under every split, emits only
//! final text, holds back only what could still become a stand-in.

use std::sync::Arc;

use proptest::prelude::*;
use redact_restore::{Map, Restorer, restore};
use redact_stream::StreamRestorer;

fn map(pairs: &[(&str, &str)]) -> Map {
    Map::from_pairs(pairs.iter().copied()).expect("valid map")
}

fn people() -> Map {
    map(&[
        ("Emily Clark", "Jane Doe"),
        ("Emily", "Jane"),
        ("Clark", "Doe"),
        ("Ann", "Priya"),
        ("José Núñez", "Luis Pérez"),
        ("emily.clark@fenwick-labs.com", "jane.doe@acme.com"),
        ("(415) 555-0148", "(415) 867-2210"),
        ("+44 20 7946 0958", "+44 20 7946 0321"),
        ("DE44 5001 0517 5407 3249 31", "DE89 3704 0044 0532 0130 00"),
    ])
}

/// Could `held` still be the beginning of a match? Checked independently of
/// the engine: a case-insensitive prefix of a stand-in or of one of its
/// tolerated forms, or the start of a number.
fn could_begin_match(held: &str, map: &Map) -> bool {
    if held.is_empty() {
        return true;
    }
    let lower = held.to_ascii_lowercase();
    let literal = map.iter().any(|(s, _)| {
        let compact: String = s.chars().filter(|c| *c != ' ').collect();
        [s.to_owned(), s.to_uppercase(), s.to_lowercase(), compact]
            .iter()
            .any(|k| k.to_ascii_lowercase().starts_with(&lower))
    });
    let number = held.starts_with(|c: char| c.is_ascii_digit() || c == '+' || c == '(')
        && held
            .chars()
            .all(|c| c.is_ascii_digit() || c == '+' || c == '(' || is_separator(c));
    literal || number
}

fn is_separator(c: char) -> bool {
    " -.()/\u{a0}\u{2009}\u{202f}\u{2010}\u{2011}\u{2012}\u{2013}".contains(c)
}

/// Streams `pieces`, checking the invariants after every push; returns the
/// output and the count.
fn stream_checked(restorer: &Arc<Restorer>, map: &Map, pieces: &[&str]) -> (String, usize) {
    let input: String = pieces.concat();
    let batch = restorer.restore(&input);
    let mut stream = StreamRestorer::new(Arc::clone(restorer));
    let mut out = String::new();
    let mut fed = String::new();
    for piece in pieces {
        fed.push_str(piece);
        let emitted = stream.push(piece);
        out.push_str(&emitted);
        assert!(
            batch.text.starts_with(&out),
            "emitted text must be final: {out:?} vs {:?} (input {input:?})",
            batch.text
        );
        let held = stream.held_back();
        assert!(
            fed.ends_with(held),
            "held back text is a suffix of the input"
        );
        assert!(
            held.len() <= restorer.max_match_len(),
            "held back {} bytes > {}",
            held.len(),
            restorer.max_match_len()
        );
        assert!(
            could_begin_match(held, map),
            "held back {held:?} cannot begin a match (input {input:?})"
        );
        let before = fed[..fed.len() - held.len()].chars().next_back();
        assert_eq!(restorer.pending_start(held, before), 0, "held {held:?}");
        assert!(stream.restored() <= batch.restored);
    }
    out.push_str(&stream.finish());
    assert!(stream.held_back().is_empty());
    assert_eq!(out, batch.text, "stream == batch for {pieces:?}");
    assert_eq!(stream.restored(), batch.restored, "counts for {pieces:?}");
    (out, stream.restored())
}

fn char_bounds(s: &str) -> Vec<usize> {
    s.char_indices().map(|(i, _)| i).chain([s.len()]).collect()
}

#[test]
fn example_holds_back_only_a_possible_stand_in() {
    let m = map(&[("Emily Clark", "Jane Doe")]);
    let mut stream = StreamRestorer::from_map(&m);
    assert_eq!(stream.push("Hello Em"), "Hello ");
    assert_eq!(stream.held_back(), "Em");
    assert_eq!(stream.push("ily Cl"), "");
    assert_eq!(stream.held_back(), "Emily Cl");
    // Complete, but "Clark" could still be glued to more letters.
    assert_eq!(stream.push("ark"), "");
    assert_eq!(stream.push(", hi"), "Jane Doe, hi");
    assert_eq!(stream.held_back(), "");
    assert_eq!(stream.finish(), "");
    assert_eq!(stream.restored(), 1);
}

#[test]
fn a_prefix_that_stops_matching_is_released() {
    let m = map(&[("Emily Clark", "Jane Doe")]);
    let mut stream = StreamRestorer::from_map(&m);
    assert_eq!(stream.push("Emily Cl"), "");
    assert_eq!(stream.push("own"), "Emily Clown");
    assert_eq!(stream.finish(), "");
    assert_eq!(stream.restored(), 0);
}

#[test]
fn word_boundary_lookahead() {
    let m = people();
    let mut stream = StreamRestorer::from_map(&m);
    assert_eq!(stream.push("Ann"), "");
    assert_eq!(stream.push("e and Ann"), "Anne and ");
    assert_eq!(stream.push("'s"), "Priya's");
    // Glued on the left: nothing to hold back.
    assert_eq!(stream.push(" xAnn"), " xAnn");
    assert_eq!(stream.finish(), "");
    assert_eq!(stream.restored(), 1);
}

#[test]
fn stand_in_at_the_very_end_is_restored_by_finish() {
    let mut stream = StreamRestorer::from_map(&people());
    assert_eq!(stream.push("bye Clark"), "bye ");
    assert_eq!(stream.finish(), "Doe");
    assert_eq!(stream.restored(), 1);
}

#[test]
fn phone_variant_is_held_until_decided() {
    let mut stream = StreamRestorer::from_map(&people());
    assert_eq!(stream.push("call 415"), "call ");
    assert_eq!(stream.push("-555-01"), "");
    assert_eq!(stream.push("48"), "");
    assert_eq!(stream.push(" now"), "(415) 867-2210 now");
    assert_eq!(stream.push(" or +"), " or ");
    assert_eq!(stream.push("44 (0)20 7946 0958."), "+44 20 7946 0321.");
    assert_eq!(stream.finish(), "");
    assert_eq!(stream.restored(), 2);
}

#[test]
fn finish_resets_for_a_new_text() {
    let mut stream = StreamRestorer::from_map(&people());
    assert_eq!(stream.push("x Emi"), "x ");
    assert_eq!(stream.finish(), "Emi");
    // A new text: "Ann" at its start is not glued to the old "Emi".
    assert_eq!(stream.push("Ann."), "Priya.");
    assert_eq!(stream.finish(), "");
    assert_eq!(stream.restored(), 1);
}

#[test]
fn empty_map_passes_everything_through() {
    let mut stream = StreamRestorer::from_map(&Map::new());
    assert_eq!(stream.push("Emily Cl"), "Emily Cl");
    assert_eq!(stream.held_back(), "");
    assert_eq!(stream.push(""), "");
    assert_eq!(stream.finish(), "");
    assert_eq!(stream.restored(), 0);
}

#[test]
fn empty_deltas_are_fine() {
    let mut stream = StreamRestorer::from_map(&people());
    let mut out = String::new();
    for piece in ["", "Em", "", "ily", "", " ", ""] {
        stream.push_into(piece, &mut out);
    }
    stream.finish_into(&mut out);
    assert_eq!(out, "Jane ");
}

#[test]
fn every_split_into_up_to_three_pieces_equals_batch() {
    let m = people();
    let restorer = Arc::new(Restorer::new(&m));
    let inputs = [
        "Hi Emily Clark, EMILY CLARK’s mail is Emily.Clark@fenwick-labs.com.",
        "Emily Clarkson, Anne, Ann's, JOSÉ NÚÑEZ and josé núñez.",
        "call (415)555-0148 or +44 (0)20 7946 0958 or 4155550148x",
        "IBAN de44500105175407324931; Emily Cl; Em",
        "日本Ann Ann日本 Ann-Marie (415) 555-014",
    ];
    for input in inputs {
        let bounds = char_bounds(input);
        for (ai, &a) in bounds.iter().enumerate() {
            for &b in &bounds[ai..] {
                stream_checked(&restorer, &m, &[&input[..a], &input[a..b], &input[b..]]);
            }
        }
        // One char at a time.
        let chars: Vec<String> = input.chars().map(String::from).collect();
        let pieces: Vec<&str> = chars.iter().map(String::as_str).collect();
        stream_checked(&restorer, &m, &pieces);
    }
}

#[test]
fn long_stream_in_tiny_deltas_stays_bounded() {
    let m = people();
    let restorer = Arc::new(Restorer::new(&m));
    let unit = "Emily Clark wrote to Ann at emily.clark@fenwick-labs.com, tel 415.555.0148. ";
    let input = unit.repeat(2000);
    let mut stream = StreamRestorer::new(Arc::clone(&restorer));
    let mut out = String::new();
    let mut max_held = 0;
    let mut rest = input.as_str();
    let mut size = 1;
    while !rest.is_empty() {
        let mut cut = size.min(rest.len());
        while !rest.is_char_boundary(cut) {
            cut += 1;
        }
        out.push_str(&stream.push(&rest[..cut]));
        max_held = max_held.max(stream.held_back().len());
        rest = &rest[cut..];
        size = size % 7 + 1;
    }
    out.push_str(&stream.finish());
    assert_eq!(out, restore(&input, &m).text);
    assert_eq!(stream.restored(), 8000);
    assert!(max_held <= restorer.max_match_len());
    assert!(max_held >= "emily.clark@fenwick-labs.co".len());
}

#[test]
fn debug_leaks_nothing() {
    let mut stream = StreamRestorer::from_map(&people());
    stream.push("Hello Emily Cl");
    let dbg = format!("{stream:?}");
    assert!(!dbg.contains("Emily") && !dbg.contains("Jane"), "{dbg}");
}

// ---------------------------------------------------------------------------

const FRAGMENTS: &[&str] = &[
    "Emily Clark",
    "EMILY CLARK",
    "emily clark",
    "Emily",
    "Emi",
    "Emily Cl",
    "Clark",
    "Clark’s",
    "Clarkson",
    "Ann",
    "Anne",
    "José Núñez",
    "JOSÉ NÚÑEZ",
    "José Nú",
    "emily.clark@fenwick-labs.com",
    "EMILY.CLARK@FENWICK",
    "(415) 555-0148",
    "415.555.0148",
    "4155550148",
    "415-555-01",
    "+44 20 7946 0958",
    "020 7946 0958",
    "+44 (0)20",
    "DE44 5001 0517 5407 3249 31",
    "de44500105175407324931",
    "DE44 5001",
];

fn text_strategy() -> impl Strategy<Value = String> {
    prop::collection::vec(
        prop_oneof![
            (0..FRAGMENTS.len()).prop_map(|i| FRAGMENTS[i].to_owned()),
            "[ a-zA-Z0-9éÉ日’'.,+()\\-\u{a0}\u{2011}]{0,4}",
        ],
        0..16,
    )
    .prop_map(|parts| parts.concat())
}

fn split_at_chars(text: &str, cuts: &[usize]) -> Vec<String> {
    let bounds = char_bounds(text);
    let mut points: Vec<usize> = cuts.iter().map(|c| bounds[c % bounds.len()]).collect();
    points.sort_unstable();
    let mut pieces = Vec::new();
    let mut last = 0;
    for p in points.into_iter().chain([text.len()]) {
        pieces.push(text[last..p].to_owned());
        last = p;
    }
    pieces
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    #[test]
    fn streaming_equals_batch_under_arbitrary_splits(
        text in text_strategy(),
        cuts in prop::collection::vec(any::<usize>(), 0..12),
    ) {
        let m = people();
        let restorer = Arc::new(Restorer::new(&m));
        let pieces = split_at_chars(&text, &cuts);
        let refs: Vec<&str> = pieces.iter().map(String::as_str).collect();
        stream_checked(&restorer, &m, &refs);
    }

    #[test]
    fn streaming_equals_batch_for_arbitrary_maps(
        pairs in prop::collection::vec(("[a-cA-C0-9 '+().-]{1,8}|\\PC{1,4}", "\\PC{0,5}"), 1..5),
        fillers in prop::collection::vec(("\\PC{0,3}", any::<usize>(), 0u8..3), 0..10),
        cuts in prop::collection::vec(any::<usize>(), 0..10),
    ) {
        let mut m = Map::new();
        for (s, r) in &pairs {
            let _ = m.insert(s.as_str(), r.as_str());
        }
        let stand_ins: Vec<&str> = m.iter().map(|(s, _)| s).collect();
        let mut text = String::new();
        for (filler, idx, case) in &fillers {
            text.push_str(filler);
            if !stand_ins.is_empty() {
                let s = stand_ins[idx % stand_ins.len()];
                match case {
                    0 => text.push_str(s),
                    1 => text.push_str(&s.to_uppercase()),
                    _ => text.extend(s.chars().take(1 + idx % 3)),
                }
            }
        }
        let restorer = Arc::new(Restorer::new(&m));
        let pieces = split_at_chars(&text, &cuts);
        let refs: Vec<&str> = pieces.iter().map(String::as_str).collect();
        stream_checked(&restorer, &m, &refs);
    }
}

#[test]
fn stream_is_send() {
    fn assert_send<T: Send + Sync>() {}
    assert_send::<StreamRestorer>();
}
