//! Synthetic corpora for the benchmarks: mixed documents of prose, code, records and logs
//! with identifying detail at a realistic density (never real PII: reserved phone ranges,
//! test card numbers, documentation IP ranges, invented names).

mod corpus;

pub use corpus::{mixed_document, plain_prose};

/// Worst-case inputs: long runs of one shape (base64, hex, minified JSON, one endless line,
/// digit runs, one script, capitalised words …), issue 16.
pub mod worst;
