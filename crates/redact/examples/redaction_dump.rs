//! Prints the seeded redaction of each document (its text, then its map), for checking that a
//! speed change of the stand-ins, the map or restore gives exactly the same output as before:
//! `cargo run --release -p redact --example redaction_dump -- FILE… | sha256sum`.
//! A file holds one document, or several separated by NUL bytes. Every seventh document is
//! redacted a second time with the first call's map (a conversation's next turn), appended
//! to a sentence, so reserved and learned name parts are exercised too.
use redact::{RedactOptions, Redactor};

fn main() {
    let redactor = Redactor::new().with_seed(1).with_max_chars(usize::MAX);
    let mut doc = 0usize;
    for path in std::env::args().skip(1) {
        let all = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        for text in all.split('\0') {
            let first = redactor.redact(text, &RedactOptions::default());
            print(doc, 0, &first);
            if doc.is_multiple_of(7)
                && let Ok(r) = &first
            {
                let next = format!("As written before: {text}");
                let opts = RedactOptions {
                    map: Some(r.map.clone()),
                    ..RedactOptions::default()
                };
                print(doc, 1, &redactor.redact(&next, &opts));
            }
            doc += 1;
        }
    }
}

fn print(doc: usize, turn: u8, r: &Result<redact::Redaction, redact::RedactError>) {
    match r {
        Ok(r) => {
            println!("{doc}.{turn} {:?}", r.text);
            for (s, real) in r.map.iter() {
                println!("  {s:?} -> {real:?}");
            }
        }
        Err(e) => println!("{doc}.{turn} error {e}"),
    }
}
