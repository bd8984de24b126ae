//! Reading the corpus: gzip JSON Lines written by `eval/gen/generate.py`.
//!
//! Offsets in the file are Unicode code points (Python `str` indexes); they are turned into
//! byte offsets here. Secret values are stored ROT13/ROT5-encoded inside the ranges listed in
//! `enc` (so that no live-looking key sits in the repository) and decoded here.

use std::fmt;
use std::io::{BufRead, BufReader};
use std::path::Path;

use redact::Kind;
use serde::Deserialize;

/// What a labelled span is for the scorer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Role {
    /// Identifying detail that must be replaced.
    Pii(Kind),
    /// May stay or be replaced (a city, a company, a date of birth).
    Neutral(String),
    /// A look-alike that must stay (an order number, a version, a date).
    Trap(String),
}

impl Role {
    /// The label's kind name as written in the corpus.
    pub fn name(&self) -> &str {
        match self {
            Role::Pii(k) => k.as_str(),
            Role::Neutral(n) | Role::Trap(n) => n,
        }
    }
}

/// One labelled span, in byte offsets of [`Doc::text`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Span {
    /// First byte.
    pub start: usize,
    /// One past the last byte.
    pub end: usize,
    /// What it is.
    pub role: Role,
}

/// One document of the corpus.
#[derive(Clone, Debug)]
pub struct Doc {
    /// Stable identifier.
    pub id: String,
    /// Faker locale the data comes from (`de_DE`).
    pub locale: String,
    /// Document shape (`csv_header`, `chat`, …).
    pub shape: String,
    /// The template that wrote it (splits for learned models are by template).
    pub template: String,
    /// Holds nothing personal.
    pub negative: bool,
    /// The decoded text.
    pub text: String,
    /// Labels, sorted and disjoint.
    pub spans: Vec<Span>,
}

/// Why the corpus could not be read.
#[derive(Debug)]
pub struct CorpusError(String);

impl fmt::Display for CorpusError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for CorpusError {}

#[derive(Deserialize)]
struct RawSpan {
    start: usize,
    end: usize,
    kind: String,
    role: String,
}

#[derive(Deserialize)]
struct RawDoc {
    id: String,
    locale: String,
    shape: String,
    template: String,
    negative: bool,
    text: String,
    spans: Vec<RawSpan>,
    #[serde(default)]
    enc: Vec<(usize, usize)>,
}

/// The committed corpus (`eval/corpus/corpus.jsonl.gz`).
pub fn default_path() -> &'static Path {
    Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/corpus/corpus.jsonl.gz"
    ))
}

/// Reads a corpus file (gzip when the name ends in `.gz`, plain JSON Lines otherwise).
///
/// # Errors
/// The file cannot be read, a line is not a document, or a label does not fit its text.
pub fn load(path: &Path) -> Result<Vec<Doc>, CorpusError> {
    let file = std::fs::File::open(path)
        .map_err(|e| CorpusError(format!("cannot open {}: {e}", path.display())))?;
    let reader: Box<dyn BufRead> = if path.extension().is_some_and(|e| e == "gz") {
        Box::new(BufReader::new(flate2::read::GzDecoder::new(file)))
    } else {
        Box::new(BufReader::new(file))
    };
    let mut docs = Vec::new();
    for (n, line) in reader.lines().enumerate() {
        let line = line.map_err(|e| CorpusError(format!("{}: {e}", path.display())))?;
        if line.trim().is_empty() {
            continue;
        }
        let raw: RawDoc = serde_json::from_str(&line)
            .map_err(|e| CorpusError(format!("{} line {}: {e}", path.display(), n + 1)))?;
        docs.push(parse(raw).map_err(|e| CorpusError(format!("line {}: {e}", n + 1)))?);
    }
    docs.sort_by(|a, b| a.id.cmp(&b.id));
    Ok(docs)
}

fn parse(raw: RawDoc) -> Result<Doc, String> {
    let chars: Vec<char> = raw.text.chars().collect();
    let mut decoded = chars.clone();
    for &(s, e) in &raw.enc {
        if s > e || e > chars.len() {
            return Err(format!(
                "{}: encoded range {s}..{e} out of the text",
                raw.id
            ));
        }
        for c in &mut decoded[s..e] {
            *c = rot(*c);
        }
    }
    // Byte offset of every char index (and of the end).
    let mut byte_at = Vec::with_capacity(decoded.len() + 1);
    let mut text = String::with_capacity(raw.text.len());
    for c in &decoded {
        byte_at.push(text.len());
        text.push(*c);
    }
    byte_at.push(text.len());
    let mut spans = Vec::with_capacity(raw.spans.len());
    for s in raw.spans {
        if s.start >= s.end || s.end > decoded.len() {
            return Err(format!(
                "{}: span {}..{} out of the text",
                raw.id, s.start, s.end
            ));
        }
        let role = match s.role.as_str() {
            "pii" => Role::Pii(
                Kind::parse(&s.kind)
                    .ok_or_else(|| format!("{}: unknown kind {}", raw.id, s.kind))?,
            ),
            "neutral" => Role::Neutral(s.kind),
            "trap" => Role::Trap(s.kind),
            other => return Err(format!("{}: unknown role {other}", raw.id)),
        };
        spans.push(Span {
            start: byte_at[s.start],
            end: byte_at[s.end],
            role,
        });
    }
    spans.sort_by_key(|s| (s.start, s.end));
    if spans.windows(2).any(|w| w[0].end > w[1].start) {
        return Err(format!("{}: overlapping spans", raw.id));
    }
    if raw.negative && spans.iter().any(|s| matches!(s.role, Role::Pii(_))) {
        return Err(format!("{}: a negative document with a pii span", raw.id));
    }
    Ok(Doc {
        id: raw.id,
        locale: raw.locale,
        shape: raw.shape,
        template: raw.template,
        negative: raw.negative,
        text,
        spans,
    })
}

/// ROT13 on ASCII letters, ROT5 on ASCII digits; an involution.
pub fn rot(c: char) -> char {
    match c {
        'a'..='z' => (((c as u8 - b'a') + 13) % 26 + b'a') as char,
        'A'..='Z' => (((c as u8 - b'A') + 13) % 26 + b'A') as char,
        '0'..='9' => (((c as u8 - b'0') + 5) % 10 + b'0') as char,
        _ => c,
    }
}

/// The fixed subset the CI gate scores: every fourth document in id order.
pub fn gate_subset(docs: &[Doc]) -> Vec<&Doc> {
    docs.iter().step_by(4).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn raw(text: &str, spans: Vec<(usize, usize, &str, &str)>, enc: Vec<(usize, usize)>) -> RawDoc {
        RawDoc {
            id: "t".into(),
            locale: "de_DE".into(),
            shape: "prose".into(),
            template: "t".into(),
            negative: false,
            text: text.into(),
            spans: spans
                .into_iter()
                .map(|(start, end, kind, role)| RawSpan {
                    start,
                    end,
                    kind: kind.into(),
                    role: role.into(),
                })
                .collect(),
            enc,
        }
    }

    #[test]
    fn code_point_offsets_become_byte_offsets() {
        let d = parse(raw(
            "Grüße an Jürgen Weiß, Tel. 06221 583114",
            vec![(9, 20, "person", "pii"), (27, 39, "phone", "pii")],
            vec![],
        ))
        .unwrap();
        assert_eq!(&d.text[d.spans[0].start..d.spans[0].end], "Jürgen Weiß");
        assert_eq!(&d.text[d.spans[1].start..d.spans[1].end], "06221 583114");
        assert_eq!(d.spans[0].role, Role::Pii(Kind::Person));
    }

    #[test]
    fn encoded_ranges_are_decoded_and_only_they() {
        // "key=abc123" with the value stored encoded.
        let stored: String = "abc123".chars().map(rot).collect();
        let d = parse(raw(
            &format!("key={stored} abc"),
            vec![(4, 10, "api_key", "pii")],
            vec![(4, 10)],
        ))
        .unwrap();
        assert_eq!(d.text, "key=abc123 abc");
    }

    #[test]
    fn bad_labels_are_refused() {
        assert!(parse(raw("abc", vec![(0, 4, "person", "pii")], vec![])).is_err());
        assert!(parse(raw("abc", vec![(0, 2, "nonsense", "pii")], vec![])).is_err());
        assert!(
            parse(raw(
                "abcd",
                vec![(0, 2, "person", "pii"), (1, 3, "city", "neutral")],
                vec![]
            ))
            .is_err()
        );
        let mut neg = raw("abc", vec![(0, 2, "person", "pii")], vec![]);
        neg.negative = true;
        assert!(parse(neg).is_err());
    }
}
