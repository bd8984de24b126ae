mod addresses;
mod basic;
mod documents;
mod national;

use crate::{Detector, Kind};

/// Every span a `next(bytes, from)` search finds, each search starting at the last end (for
/// the proptests of the probing searches against their byte-by-byte forms).
pub(crate) fn spans_by(
    b: &[u8],
    next: impl Fn(&[u8], usize) -> Option<(usize, usize)>,
) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut i = 0;
    while let Some((s, e)) = next(b, i) {
        out.push((s, e));
        i = e;
    }
    out
}

/// The findings of the default detector as (kind, text).
fn found(text: &str) -> Vec<(Kind, String)> {
    Detector::new()
        .detect(text)
        .iter()
        .map(|f| (f.kind, f.slice(text).to_string()))
        .collect()
}

#[track_caller]
fn has(text: &str, kind: Kind, value: &str) {
    let f = found(text);
    assert!(
        f.iter().any(|(k, v)| *k == kind && v == value),
        "expected {kind} {value:?} in {text:?}, found {f:?}"
    );
}

#[track_caller]
fn keeps(text: &str, value: &str) {
    let f = Detector::new().detect(text);
    let start = text.find(value).unwrap();
    let end = start + value.len();
    assert!(
        f.iter().all(|x| x.end <= start || x.start >= end),
        "{value:?} should stay in {text:?}, found {:?}",
        f.iter()
            .map(|x| (x.kind, x.slice(text)))
            .collect::<Vec<_>>()
    );
}
