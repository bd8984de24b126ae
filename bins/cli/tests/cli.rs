//! The `redact` binary, run as a user runs it.
use std::io::Write;
use std::process::{Command, Output, Stdio};

fn run(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_redact"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("binary starts");
    // The binary may exit before reading its input (a bad map): a broken pipe is fine.
    let _ = child.stdin.take().unwrap().write_all(stdin);
    child.wait_with_output().unwrap()
}

fn tmp(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("redact-cli-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join("map.json")
}

const INPUT: &str = "Contact jane.doe@example.org or +44 20 7946 0321 from 10.4.17.23.\n";

#[test]
fn redact_then_restore_round_trips_through_files() {
    let map = tmp("round");
    let _ = std::fs::remove_file(&map);
    let out = run(&["--map", map.to_str().unwrap()], INPUT.as_bytes());
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let redacted = String::from_utf8(out.stdout).unwrap();
    for real in ["jane.doe@example.org", "+44 20 7946 0321", "10.4.17.23"] {
        assert!(!redacted.contains(real), "{real} left in {redacted}");
    }
    let json: serde_json::Value = serde_json::from_slice(&std::fs::read(&map).unwrap()).unwrap();
    assert_eq!(json.as_object().unwrap().len(), 3);

    let back = run(
        &["restore", "--map", map.to_str().unwrap()],
        redacted.as_bytes(),
    );
    assert!(back.status.success());
    assert_eq!(String::from_utf8(back.stdout).unwrap(), INPUT);
}

#[test]
fn an_existing_map_keeps_stand_ins_across_calls() {
    let map = tmp("keep");
    let _ = std::fs::remove_file(&map);
    let first = run(
        &["--map", map.to_str().unwrap()],
        b"mail jane.doe@example.org\n",
    );
    let second = run(
        &["--map", map.to_str().unwrap()],
        b"again jane.doe@example.org\n",
    );
    let a = String::from_utf8(first.stdout).unwrap();
    let b = String::from_utf8(second.stdout).unwrap();
    assert_eq!(
        a.trim_start_matches("mail "),
        b.trim_start_matches("again ")
    );
}

#[test]
fn invalid_utf8_is_a_clear_error() {
    let out = run(&[], b"abc \xff\xfe def");
    assert!(!out.status.success());
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("not valid UTF-8"), "{err}");
    assert!(out.stdout.is_empty());
}

#[test]
fn unreadable_or_malformed_map_is_a_clear_error() {
    let missing = run(&["restore", "--map", "/nonexistent/map.json"], b"text");
    assert!(!missing.status.success());
    assert!(
        String::from_utf8(missing.stderr)
            .unwrap()
            .contains("cannot read the map file")
    );

    let bad = tmp("bad");
    std::fs::write(&bad, b"[1, 2, 3]").unwrap();
    let out = run(&["restore", "--map", bad.to_str().unwrap()], b"text");
    assert!(!out.status.success());
    assert!(
        String::from_utf8(out.stderr)
            .unwrap()
            .contains("not a JSON object")
    );

    std::fs::write(&bad, br#"{"": "x"}"#).unwrap();
    let out = run(&["restore", "--map", bad.to_str().unwrap()], b"text");
    assert!(!out.status.success(), "an empty stand-in is refused");
}

#[test]
fn restore_with_an_empty_map_echoes_the_text() {
    let map = tmp("empty");
    std::fs::write(&map, b"{}").unwrap();
    let out = run(
        &["restore", "--map", map.to_str().unwrap()],
        "plain text ü\n".as_bytes(),
    );
    assert!(out.status.success());
    assert_eq!(out.stdout, "plain text ü\n".as_bytes());
}
