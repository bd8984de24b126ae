//! Prints `POST /v1/redact` bodies for the load benchmark, one JSON object per line: `N`
//! (default 64) different texts of at most `CHARS` (default 1024) characters, cut in turn at
//! white space from the diverse document (`diverse_doc`: the evaluation corpus's
//! documents in corpus order, never a few paragraphs repeated), or with `LOAD_TEXT=mixed`
//! from the synthetic mixed corpus, which cycles seven paragraphs (a lazy DFA caches their
//! few paths, which flatters it).
//!
//! `cargo run --release -p redact-benches --example load_bodies -- [N [CHARS]]`

#[path = "diverse_doc.rs"]
#[allow(dead_code)]
mod diverse_doc;

fn main() {
    let mut args = std::env::args().skip(1);
    let n: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(64);
    let chars: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(1024);
    let want = n * chars * 2;
    let doc = if std::env::var("LOAD_TEXT").as_deref() == Ok("mixed") {
        redact_benches::mixed_document(want)
    } else {
        diverse_doc::document(want)
    };
    let mut rest = doc.as_str();
    for _ in 0..n {
        // At most `chars` characters, back to the last white space so no value is cut in
        // half (a text of just under the API's limit stays under it).
        let end = rest
            .char_indices()
            .nth(chars)
            .map_or(rest.len(), |(b, _)| b);
        let cut = match rest[..end].rfind(char::is_whitespace) {
            Some(ws) if end < rest.len() && ws > 0 => ws,
            _ => end,
        };
        let text = &rest[..cut];
        rest = rest[cut..].trim_start();
        println!("{}", serde_json::json!({ "text": text }));
    }
}
