//! The evaluation corpus and its scorer: detection measured on documents as users send them.
//!
//! The corpus (`eval/corpus/corpus.jsonl.gz`, written by `eval/gen/generate.py`) holds
//! thousands of labelled documents in dozens of locales and shapes: CSV and TSV exports,
//! JSON and YAML records, config files, logs, forms, e-mail threads, chat, tickets, letters,
//! prose and code. Every identifying value is labelled with its kind and exact offsets;
//! values that may stay (a city, a company) are labelled neutral, and look-alikes that must
//! stay (order numbers, versions, dates) are labelled as traps.
//!
//! The scorer runs [`redact::Redactor`] over each document and measures, per kind, shape and
//! locale: recall (some of the value replaced), strict recall (at least 90 % of its letters
//! and digits replaced), precision (replacements that hit an identifying value, out of those
//! that hit one or nothing labelled at all), the share of documents with nothing personal left
//! untouched, and the exact round trip through restore.
//!
//! ```no_run
//! let docs = redact_eval::corpus::load(redact_eval::corpus::default_path()).unwrap();
//! let all: Vec<_> = docs.iter().collect();
//! let redactor = redact::Redactor::new().with_seed(7);
//! let runs = redact_eval::score::run_all(&redactor, &all);
//! let scores = redact_eval::score::Scores::of(&all, &runs);
//! println!("{}", redact_eval::report::markdown(&scores, 20, 3));
//! ```

pub mod adversarial;
pub mod corpus;
pub mod floors;
pub mod report;
pub mod score;

/// The seed every evaluation run uses, so stand-ins (and so the round trip) are reproducible.
pub const SEED: u64 = 7;
