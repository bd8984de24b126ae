//! The stand-in map, and restore: put real values back into a model's reply.
//!
//! Redaction replaces identifying details with realistic stand-ins and returns
//! a [`Map`] `{stand-in → real value}`. The model's reply quotes the stand-ins,
//! sometimes changed a little (other case, a possessive, a phone number with
//! other separators); [`restore`] puts the real values back, tolerating those
//! changes and nothing fuzzier.
//!
//! Main types:
//! - [`Map`]: the ordered stand-in → real map, serialized as a plain JSON
//!   object; [`MapError`] (with a [`MapErrorKind`]) when an entry is invalid.
//! - [`Restorer`]: a map compiled once (a hash index of the literal keys by
//!   their first bytes plus a digit trie) and used for many texts;
//!   [`Restored`] is its result.
//! - [`Restorer::restore_partial`] / [`Progress`]: the incremental form the
//!   `redact-stream` crate builds streaming on.
//!
//! ```
//! use redact_restore::{restore, Map};
//!
//! let map = Map::from_pairs([
//!     ("Emily Clark", "Jane Doe"),
//!     ("Clark", "Doe"),
//!     ("(415) 555-0148", "(415) 867-2210"),
//! ])?;
//! let reply = "EMILY CLARK called. Clark's number is 415.555.0148, not Clarkson's \
//!     (a clark is a clerk).";
//! let restored = restore(reply, &map);
//! assert_eq!(
//!     restored.text,
//!     "JANE DOE called. Doe's number is (415) 867-2210, not Clarkson's \
//!     (a clark is a clerk)."
//! );
//! assert_eq!(restored.restored, 3);
//! # Ok::<(), redact_restore::MapError>(())
//! ```
//!
//! # The matching rule
//!
//! The text is scanned once, left to right. At each position `p` not already
//! inside a replacement, the *candidates* are:
//!
//! 1. **Literal**: every *key* that equals the text at `p` up to ASCII case.
//!    The keys of a stand-in are the stand-in itself; if it has non-ASCII
//!    letters, its Unicode upper-case and lower-case forms; and if it has the
//!    shape of an IBAN (two capital letters, two digits, 11–30 capitals or
//!    digits, single spaces or none), its compact form and its form grouped
//!    by four.
//! 2. **Digit variant** (only for *number-like* stand-ins: at least 7 ASCII
//!    digits, otherwise only space, `-`, `.`, `(`, `)`, `/` and a leading
//!    `+`; not a dotted quad such as an IPv4 address): the text at `p`
//!    spelling `digit (separators digit)*`, where each separator run is 0 to
//!    3 of space, `-`, `.`, `(`, `)`, `/`, U+00A0, U+2009, U+202F,
//!    U+2010–U+2013, optionally preceded by a `+` (only if the stand-in
//!    starts with `+`; otherwise the `+` stays in the text) or by a `(` (only
//!    if a `)` follows: among the separators, or right after the last digit,
//!    and then it is part of the variant), whose digits equal one of the
//!    stand-in's *digit forms*: its own digits; for a stand-in `+CC N…` also the
//!    national digits `N`, `0N` and `CC0N` (the last two when `N` does not
//!    start with 0) and `00CCN`, where the country code `CC` is the 1–3
//!    digits after `+` when a separator follows them, else the ITU E.164
//!    code the digits start with; for a stand-in whose digits start with a
//!    single `0`, also its digits without that `0`. Every form has at least
//!    7 digits.
//!
//! A candidate is valid only as a whole word: if its first character is
//! alphanumeric (Unicode), the character before `p` must not be; if its last
//! character is alphanumeric, the character after it must not be. (So a
//! possessive `'s` / `’s` after a stand-in is kept as it is.)
//!
//! A literal candidate of a stand-in that is one *capitalised word* (its first
//! character an upper-case letter, every character a letter, `'`, `’` or `-`:
//! a name or a name part such as `Clark`, `O'Brien`, `Smith-Jones`) is valid
//! only where the matched text starts with an upper-case letter (`Clark`,
//! `CLARK`): a name stands as a name, and `clark` in lower-case prose is not
//! a stand-in. Stand-ins of several words (`Emily Clark`), with digits or
//! other characters, or written in lower case keep every case variant.
//!
//! The longest valid candidate wins (a literal one on a tie); its text is
//! replaced and the scan resumes after it. Without a valid candidate the scan
//! moves on by one character. The real value is written:
//!
//! - for a digit variant or an IBAN spacing variant: verbatim;
//! - for a literal match equal to the stand-in, or when the stand-in contains
//!   `@` (an email): verbatim;
//! - otherwise, if the matched text has upper-case letters and no lower-case
//!   ones: upper-cased; if it has lower-case letters and no upper-case ones
//!   (and the stand-in has upper-case letters): lower-cased; else verbatim.
//!
//! When several stand-ins share a key (they differ only in ASCII case), the
//! one equal to the matched text wins, else the first in map order; a digit
//! form claimed by several stand-ins belongs to the one whose own digits it
//! is, else to the first in map order.
//!
//! The rule is **local**: the decision at `p` reads only the character before
//! `p` and at most [`Restorer::max_match_len`] bytes plus one character after
//! it. That is what lets a stream emit text as soon as no match can still
//! begin in it, and reproduce this batch output exactly.
//!
//! Restore never fails and never panics: any `&str` with any [`Map`]
//! (including an empty one, which leaves the text unchanged).

#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod digits;
mod index;
mod map;
mod restorer;

pub use map::{Iter, Map, MapError, MapErrorKind};
pub use restorer::{PARALLEL_COMPILE, PARALLEL_RESTORE, PIECE, Progress, Restored, Restorer};

/// Restores `text` with `map`: every stand-in (or tolerated variant of one)
/// is replaced by its real value. See the [crate docs](crate) for the exact
/// rule.
///
/// Compiles the map on each call; use a [`Restorer`] to restore many texts
/// with one map.
pub fn restore(text: &str, map: &Map) -> Restored {
    if map.is_empty() {
        return Restored {
            text: text.to_owned(),
            restored: 0,
        };
    }
    Restorer::new(map).restore(text)
}
