//! The `redact` binary streams its input: pieces cut at line boundaries, one map for the
//! whole input. Piece sizes are forced small with `REDACT_CLI_PIECE_BYTES` so that values sit
//! next to every possible cut.
use std::collections::BTreeSet;
use std::io::Write;
use std::process::{Command, Output, Stdio};

use proptest::prelude::*;
use redact::{RedactOptions, Redactor};

fn run(args: &[&str], envs: &[(&str, String)], stdin: &[u8]) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_redact"));
    cmd.args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    for (k, v) in envs {
        cmd.env(k, v);
    }
    let mut child = cmd.spawn().expect("binary starts");
    let mut stdin_pipe = child.stdin.take().unwrap();
    let input = stdin.to_vec();
    // Written from another thread: the binary writes output while it reads.
    let writer = std::thread::spawn(move || {
        let _ = stdin_pipe.write_all(&input);
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    out
}

fn dir(name: &str) -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("redact-stream-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// Redacts `text` with pieces of `piece` bytes; returns the output, the map file and the
/// replaced spans.
fn stream(
    text: &str,
    piece: usize,
    name: &str,
) -> (String, std::path::PathBuf, BTreeSet<(usize, usize)>) {
    let d = dir(name);
    let map = d.join("map.json");
    let spans = d.join("spans.json");
    let _ = std::fs::remove_file(&map);
    let out = run(
        &[
            "--map",
            map.to_str().unwrap(),
            "--seed",
            "7",
            "--spans",
            spans.to_str().unwrap(),
        ],
        &[("REDACT_CLI_PIECE_BYTES", piece.to_string())],
        text.as_bytes(),
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let spans: Vec<(usize, usize)> =
        serde_json::from_slice(&std::fs::read(&spans).unwrap()).unwrap();
    (
        String::from_utf8(out.stdout).unwrap(),
        map,
        spans.into_iter().collect(),
    )
}

fn restore(text: &str, map: &std::path::Path) -> String {
    let out = run(
        &["restore", "--map", map.to_str().unwrap()],
        &[],
        text.as_bytes(),
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

const GIVEN: &[&str] = &[
    "Priya", "Jonas", "Amelia", "Tomasz", "Chloe", "Rahul", "Ingrid", "Mateo",
];
const FAMILY: &[&str] = &[
    "Raman",
    "Lindqvist",
    "Okafor",
    "Nowak",
    "Bernard",
    "Mehta",
    "Haugen",
    "Silva",
];

/// An API key shaped like a provider's, built here so no literal key sits in the source.
fn api_key(i: usize) -> String {
    let prefix = ["sk", "live"].join("_");
    let body: String = (0..24)
        .map(|j| char::from(b"abcdefghijkmnopqrstuvwxyz23456789"[(i * 7 + j * 13) % 33]))
        .collect();
    format!("{prefix}_{body}")
}

/// A document of letters, a CSV table with a header, log lines and key=value records, with
/// values that differ from block to block (`seed`), at least `min_len` bytes long.
fn document(seed: usize, min_len: usize) -> String {
    let mut s = String::new();
    let mut i = seed;
    while s.len() < min_len {
        let g = GIVEN[i % GIVEN.len()];
        let f = FAMILY[(i / 3) % FAMILY.len()];
        let n = i % 9000 + 1000;
        s.push_str(&format!(
            "Dear {g} {f},\nThank you for your order. We will call you on +44 20 7946 {:04} or write to {}.{}@northwind-{}.co.uk.\nKind regards,\nSupport\n\n",
            n % 10000,
            g.to_lowercase(),
            f.to_lowercase(),
            i % 17
        ));
        s.push_str("customer_id,first_name,last_name,email,phone,city\n");
        for r in 0..6 {
            let g2 = GIVEN[(i + r) % GIVEN.len()];
            let f2 = FAMILY[(i + 2 * r) % FAMILY.len()];
            s.push_str(&format!(
                "{},{g2},{f2},{}.{}{}@example.org,(415) 555-{:04},Springfield\n",
                10_000 + i * 10 + r,
                g2.to_lowercase(),
                f2.to_lowercase(),
                r,
                (n + r) % 10000
            ));
        }
        s.push('\n');
        s.push_str(&format!(
            "2024-03-{:02}T10:{:02}:00Z INFO login ok user={}.{}@example.com ip=10.{}.{}.{} host=db-{:02}.prod.acme-corp.internal\n",
            i % 28 + 1,
            i % 60,
            g.to_lowercase(),
            f.to_lowercase(),
            i % 250,
            (i * 7) % 250,
            (i * 13) % 250,
            i % 90
        ));
        s.push_str(&format!(
            "2024-03-01T10:00:01Z WARN key={} rejected\n",
            api_key(i)
        ));
        s.push_str(&format!(
            "card 4111 1111 1111 1111 and IBAN GB82 WEST 1234 5698 7654 32 on file for {g} {f}; SSN 536-22-{:04}.\n\n",
            n % 10000
        ));
        i += 1;
    }
    s
}

fn whole_text_spans(text: &str) -> BTreeSet<(usize, usize)> {
    let r = Redactor::new();
    let (_, found) = r
        .redact_detailed(text, &RedactOptions::default())
        .expect("whole-text redaction");
    found.iter().map(|f| (f.start, f.end)).collect()
}

#[test]
fn streaming_replaces_the_spans_whole_text_redaction_replaces() {
    let text = document(3, 12_000);
    let whole = whole_text_spans(&text);
    assert!(whole.len() > 100);
    for piece in [1, 7, 64, 333, 4096] {
        let (out, map, spans) = stream(&text, piece, &format!("spans{piece}"));
        let missing: Vec<_> = whole
            .difference(&spans)
            .map(|&(s, e)| &text[s..e])
            .collect();
        let extra: Vec<_> = spans
            .difference(&whole)
            .map(|&(s, e)| &text[s..e])
            .collect();
        assert!(
            missing.is_empty() && extra.is_empty(),
            "pieces of {piece}: missing {missing:?}, extra {extra:?}"
        );
        assert_eq!(restore(&out, &map), text, "pieces of {piece}");
    }
}

#[test]
fn an_input_three_times_the_api_limit_streams_and_restores_byte_for_byte() {
    // Three times the API's limit in a debug build keeps the suite short; the streamed 2 MB
    // and 100 MB runs of docs/cli.md are made with the release binary.
    let mut text = document(1, 400_000);
    text.push_str(&document(500, 300_000));
    assert!(text.chars().count() > 600_000);
    let d = dir("big");
    let map = d.join("map.json");
    let _ = std::fs::remove_file(&map);
    let out = run(&["--map", map.to_str().unwrap()], &[], text.as_bytes());
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let out = String::from_utf8(out.stdout).unwrap();
    assert!(!out.contains("4111 1111 1111 1111"));
    assert!(!out.contains("SSN 536-22-"));
    let m: serde_json::Map<String, serde_json::Value> =
        serde_json::from_slice(&std::fs::read(&map).unwrap()).unwrap();
    // One map: a real value has one stand-in wherever it occurs.
    let mut reals = BTreeSet::new();
    for (i, (k, v)) in m.iter().enumerate() {
        if i % 50 == 0 {
            assert!(!text.contains(k.as_str()), "a stand-in occurs in the input");
        }
        reals.insert(v.as_str().unwrap().to_string());
    }
    assert!(reals.len() > 100);
    assert!(
        restore(&out, &map) == text,
        "restore differs from the input"
    );
}

/// `restore` reads its input a chunk at a time (bounded memory for any size): chunks of a
/// few bytes put a cut inside every stand-in and inside every character outside ASCII, and
/// the output is still the input byte for byte.
#[test]
fn restore_in_small_chunks_gives_the_input_back() {
    let mut text = String::new();
    for i in 0..40 {
        text.push_str(&format!(
            "Zoë Ólafsdóttir (+1 415 555 {:04}) wrote to müller{i}@example.org from 10.0.3.{}: naïve café ✓\n",
            100 + i,
            i + 1
        ));
    }
    let (out, map, _) = stream(&text, 4096, "chunks");
    assert_ne!(out, text);
    for chunk in [1, 2, 3, 5, 64, 1000] {
        let back = run(
            &["restore", "--map", map.to_str().unwrap()],
            &[("REDACT_CLI_RESTORE_CHUNK", chunk.to_string())],
            out.as_bytes(),
        );
        assert!(
            back.status.success(),
            "{}",
            String::from_utf8_lossy(&back.stderr)
        );
        assert!(back.stdout == text.as_bytes(), "chunks of {chunk} bytes");
    }
    // A bad byte is reported at its offset in the whole input, whatever the chunk.
    let mut bad = out.clone().into_bytes();
    let at = bad.len() - 7;
    bad[at] = 0xff;
    let back = run(
        &["restore", "--map", map.to_str().unwrap()],
        &[("REDACT_CLI_RESTORE_CHUNK", "5".to_string())],
        &bad,
    );
    assert!(!back.status.success());
    let err = String::from_utf8_lossy(&back.stderr);
    assert!(err.contains(&format!("offset {at}")), "{err}");
}

fn value() -> impl Strategy<Value = String> {
    prop_oneof![
        (0..GIVEN.len(), 0..FAMILY.len()).prop_map(|(g, f)| format!("{} {}", GIVEN[g], FAMILY[f])),
        (0..GIVEN.len(), 0..999u32)
            .prop_map(|(g, n)| format!("{}{n}@example.org", GIVEN[g].to_lowercase())),
        (0..9999u32).prop_map(|n| format!("+1 415 555 {n:04}")),
        (1..254u8, 1..254u8).prop_map(|(a, b)| format!("10.0.{a}.{b}")),
        (0..99u32).prop_map(|n| format!("536-22-{:04}", n + 1000)),
        (0..50usize).prop_map(api_key),
        Just("4111 1111 1111 1111".to_string()),
        "[a-z]{1,8}",
    ]
}

fn separator() -> impl Strategy<Value = String> {
    prop_oneof![
        Just(" ".to_string()),
        Just(", ".to_string()),
        Just("\n".to_string()),
        Just("\n\n".to_string()),
        Just(",".to_string()),
        Just(" and ".to_string()),
        Just(": ".to_string()),
        Just("\t".to_string()),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn random_texts_round_trip_through_streaming(
        parts in proptest::collection::vec((value(), separator()), 1..60),
        piece in 1usize..200,
    ) {
        let text: String = parts.iter().map(|(v, s)| format!("{v}{s}")).collect();
        let (out, map, _spans) = stream(&text, piece, "prop");
        prop_assert!(restore(&out, &map) == text, "restore differs");
        // Which values are replaced is compared with whole-text redaction on the documents
        // of `streaming_replaces_the_spans_whole_text_redaction_replaces`, not here: on
        // random rows a reading can depend on the lines after a cut, which a piece does not
        // see (a CI run found `536-22-1004` read as an SSN in a first line only because a
        // second row made the two lines a table; docs/cli.md lists the limit).
    }
}
