//! Writes a diverse document of N characters (default 200,000) built from the evaluation
//! corpus to standard output: `cargo run --release -p redact-benches --example diverse_doc --
//! 200000 > doc.txt`.

/// The corpus documents in corpus order, joined by blank lines, cut at `chars` characters
/// (at a char boundary).
pub fn document(chars: usize) -> String {
    let docs = redact_eval::corpus::load(redact_eval::corpus::default_path())
        .expect("the evaluation corpus loads");
    let mut s = String::with_capacity(chars * 5 / 4);
    let mut count = 0usize;
    'fill: loop {
        for d in &docs {
            s.push_str(&d.text);
            s.push_str("\n\n");
            count += d.text.chars().count() + 2;
            if count >= chars {
                break 'fill;
            }
        }
    }
    let cut = s.char_indices().nth(chars).map_or(s.len(), |(b, _)| b);
    s.truncate(cut);
    s
}

/// `text` cut in turn into pieces of `chars` characters (the last one may be shorter): the
/// different short texts a load of many requests sends.
pub fn pieces(text: &str, chars: usize) -> Vec<&str> {
    let mut out = Vec::new();
    let mut rest = text;
    while !rest.is_empty() {
        let end = rest
            .char_indices()
            .nth(chars.max(1))
            .map_or(rest.len(), |(b, _)| b);
        out.push(&rest[..end]);
        rest = &rest[end..];
    }
    out
}

#[allow(dead_code)]
fn main() {
    let n = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(200_000);
    print!("{}", document(n));
}
