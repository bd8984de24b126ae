//! Prints `POST /v1/redact` bodies for the load benchmark, one JSON object per line: `N`
//! (default 64) different texts of about `CHARS` (default 1024) characters, cut from the
//! synthetic mixed corpus at word boundaries.
//!
//! `cargo run --release -p redact-benches --example load_bodies -- [N [CHARS]]`

fn main() {
    let mut args = std::env::args().skip(1);
    let n: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(64);
    let chars: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(1024);
    let doc = redact_benches::mixed_document(n * chars * 2);
    let mut rest = doc.as_str();
    for _ in 0..n {
        let mut end = chars.min(rest.len());
        while end < rest.len() && !rest.is_char_boundary(end) {
            end += 1;
        }
        // Finish the word so no value is cut in half.
        let cut = rest[end..]
            .find(char::is_whitespace)
            .map_or(rest.len(), |i| end + i);
        let text = &rest[..cut];
        rest = rest[cut..].trim_start();
        println!("{}", serde_json::json!({ "text": text }));
    }
}
