//! The vocabulary shared by every crate of the redaction workspace.
//!
//! - [`Kind`]: the kinds of identifying detail the service recognises (the thirteen kinds of
//!   the specification: names, emails, phones, street addresses, postcodes, card numbers, bank
//!   accounts, SSNs, ID numbers, API keys, IP addresses, internal hostnames and links).
//! - [`Finding`]: one span of text found to be identifying detail, with its kind, the rule that
//!   found it and a confidence.
//! - [`checksum`]: the Luhn and Verhoeff check-digit schemes, shared by validators and
//!   stand-in generators.
//! - [`fxhash`]: the fast hasher of the workspace's tables of short keys.
//! - [`Sensitive`]: a wrapper whose `Debug` and `Display` print `<redacted>`, so a value that
//!   must never reach a log line cannot get there by accident through `{:?}`.
//!
//! ```
//! use redact_entity::{Finding, Kind, Sensitive};
//!
//! let text = "mail jane@example.org";
//! let f = Finding::new(5, text.len(), Kind::Email, "email");
//! assert_eq!(f.slice(text), "jane@example.org");
//! assert_eq!(Kind::Email.as_str(), "email");
//! assert_eq!(format!("{:?}", Sensitive::new("secret")), "<redacted>");
//! ```

#![forbid(unsafe_code)]
#![warn(missing_docs)]

use std::fmt;
use std::ops::Range;

pub mod checksum;
pub mod fxhash;
pub mod threads;

/// Whether a restore (`redact-restore`) could read a stand-in at `text[s..e]`: neither end
/// splits a run of letters and digits of any script (`£9621.05` holds `9621` for a restore,
/// `cvjetna 36` does not hold `cvjetna 3`). The restorer's own rule; the redaction looks for
/// stand-ins written in a text with it, and the stand-in generator keeps stand-ins apart
/// with it. `s` and `e` must be character boundaries.
pub fn restore_edges(text: &str, s: usize, e: usize) -> bool {
    let alnum = |c: Option<char>| c.is_some_and(char::is_alphanumeric);
    let left_ok = !(alnum(text[..s].chars().next_back()) && alnum(text[s..].chars().next()));
    let right_ok = !(alnum(text[..e].chars().next_back()) && alnum(text[e..].chars().next()));
    left_ok && right_ok
}

/// A kind of identifying detail.
///
/// The wire names (`as_str`) are the snake_case names used by the conformance corpus and the
/// documentation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Kind {
    /// A person's name.
    Person,
    /// An email address.
    Email,
    /// A telephone number.
    Phone,
    /// A street address (number, street, unit, town, possibly over several lines).
    StreetAddress,
    /// A postal code.
    Postcode,
    /// A payment card number.
    CardNumber,
    /// A bank account: IBAN, US routing + account, UK sort code + account.
    BankAccount,
    /// A US social security number.
    Ssn,
    /// A national or document identifier: passport, driver licence, tax or health number.
    IdNumber,
    /// An API key, token, password or private key.
    ApiKey,
    /// An IPv4 or IPv6 address.
    IpAddress,
    /// An internal or in-house host name.
    Hostname,
    /// A link (http, https, ftp URL).
    Url,
}

impl Kind {
    /// Every kind, in declaration order.
    pub const ALL: [Kind; 13] = [
        Kind::Person,
        Kind::Email,
        Kind::Phone,
        Kind::StreetAddress,
        Kind::Postcode,
        Kind::CardNumber,
        Kind::BankAccount,
        Kind::Ssn,
        Kind::IdNumber,
        Kind::ApiKey,
        Kind::IpAddress,
        Kind::Hostname,
        Kind::Url,
    ];

    /// The snake_case wire name of the kind.
    pub const fn as_str(self) -> &'static str {
        match self {
            Kind::Person => "person",
            Kind::Email => "email",
            Kind::Phone => "phone",
            Kind::StreetAddress => "street_address",
            Kind::Postcode => "postcode",
            Kind::CardNumber => "card_number",
            Kind::BankAccount => "bank_account",
            Kind::Ssn => "ssn",
            Kind::IdNumber => "id_number",
            Kind::ApiKey => "api_key",
            Kind::IpAddress => "ip_address",
            Kind::Hostname => "hostname",
            Kind::Url => "url",
        }
    }

    /// Parses a wire name back into a kind.
    pub fn parse(name: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.as_str() == name)
    }

    /// How specific a finding of this kind is: when two findings overlap, the more specific
    /// one wins, then the longer one. Secrets and checksummed numbers are the most specific;
    /// containers that are replaced whole (links, addresses) sit above the parts they contain
    /// only when they are longer, which the resolver handles by containment.
    pub const fn specificity(self) -> u8 {
        match self {
            Kind::ApiKey => 100,
            Kind::Email => 90,
            Kind::CardNumber => 85,
            Kind::BankAccount => 80,
            Kind::Ssn => 75,
            Kind::IdNumber => 70,
            Kind::Url => 65,
            Kind::IpAddress => 60,
            Kind::Phone => 55,
            Kind::StreetAddress => 50,
            Kind::Hostname => 45,
            Kind::Postcode => 40,
            Kind::Person => 30,
        }
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One span of identifying detail in a text.
///
/// `start..end` are byte offsets into the text that was searched, always on `char`
/// boundaries.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Finding {
    /// Byte offset of the first byte.
    pub start: usize,
    /// Byte offset one past the last byte.
    pub end: usize,
    /// What kind of detail it is.
    pub kind: Kind,
    /// The name of the rule that found it (for example `aws-access-key`, `iban`, `phone`).
    /// Stand-in generators use it to keep a format (a provider prefix, a card brand).
    pub rule: &'static str,
    /// Number of leading bytes that are a fixed, non-identifying prefix of the value (for
    /// example `ghp_` of a GitHub token, `sk-proj-` of an OpenAI key). A stand-in keeps them.
    pub keep_prefix: u16,
    /// Confidence in 0..=100.
    pub confidence: u8,
}

impl Finding {
    /// A finding with full confidence and no fixed prefix.
    pub fn new(start: usize, end: usize, kind: Kind, rule: &'static str) -> Finding {
        Finding {
            start,
            end,
            kind,
            rule,
            keep_prefix: 0,
            confidence: 100,
        }
    }

    /// Sets the fixed prefix length (builder style).
    pub fn with_prefix(mut self, keep_prefix: usize) -> Finding {
        self.keep_prefix = u16::try_from(keep_prefix).unwrap_or(u16::MAX);
        self
    }

    /// Sets the confidence (builder style), clamped to 100.
    pub fn with_confidence(mut self, confidence: u8) -> Finding {
        self.confidence = confidence.min(100);
        self
    }

    /// The byte range of the finding.
    pub fn range(&self) -> Range<usize> {
        self.start..self.end
    }

    /// Length in bytes.
    pub fn len(&self) -> usize {
        self.end - self.start
    }

    /// True when the span is empty (never produced by the detector).
    pub fn is_empty(&self) -> bool {
        self.end <= self.start
    }

    /// The found text.
    ///
    /// # Panics
    /// If the finding does not belong to `text` (offsets out of range or not on char
    /// boundaries).
    pub fn slice<'t>(&self, text: &'t str) -> &'t str {
        &text[self.start..self.end]
    }

    /// True when the two spans share at least one byte.
    pub fn overlaps(&self, other: &Finding) -> bool {
        self.start < other.end && other.start < self.end
    }

    /// True when `other` lies entirely within this span.
    pub fn contains(&self, other: &Finding) -> bool {
        self.start <= other.start && other.end <= self.end
    }
}

/// A value that must never be printed: `Debug` and `Display` show `<redacted>`.
///
/// Use [`Sensitive::expose`] to read the value where it is really needed.
#[derive(Clone, Default, PartialEq, Eq, Hash)]
pub struct Sensitive<T>(T);

impl<T> Sensitive<T> {
    /// Wraps a value.
    pub fn new(value: T) -> Sensitive<T> {
        Sensitive(value)
    }

    /// The wrapped value.
    pub fn expose(&self) -> &T {
        &self.0
    }

    /// Unwraps the value.
    pub fn into_inner(self) -> T {
        self.0
    }
}

impl<T> From<T> for Sensitive<T> {
    fn from(value: T) -> Self {
        Sensitive(value)
    }
}

impl<T> fmt::Debug for Sensitive<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("<redacted>")
    }
}

impl<T> fmt::Display for Sensitive<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("<redacted>")
    }
}

impl<T: serde::Serialize> serde::Serialize for Sensitive<T> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.0.serialize(s)
    }
}

impl<'de, T: serde::Deserialize<'de>> serde::Deserialize<'de> for Sensitive<T> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        T::deserialize(d).map(Sensitive)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn restore_edges_split_no_run_of_letters_or_digits() {
        let t = "£9621.05 cvjetna 36 Çelik";
        let at = |w: &str| t.find(w).unwrap();
        assert!(restore_edges(t, at("9621"), at("9621") + 4), "before a dot");
        assert!(
            !restore_edges(t, at("cvjetna 3"), at("cvjetna 3") + 9),
            "glued to 6"
        );
        assert!(restore_edges(t, at("cvjetna"), at("cvjetna") + 10));
        assert!(!restore_edges(t, at("elik"), t.len()), "glued to Ç");
        assert!(
            restore_edges(t, at("Çelik"), t.len()),
            "the end of the text"
        );
        assert!(restore_edges(t, 0, 2), "the start of the text");
    }

    #[test]
    fn kind_names_round_trip() {
        for k in Kind::ALL {
            assert_eq!(Kind::parse(k.as_str()), Some(k));
        }
        assert_eq!(Kind::parse("nope"), None);
    }

    #[test]
    fn sensitive_never_prints_its_value() {
        let s = Sensitive::new(String::from("hunter2"));
        assert_eq!(
            format!("{s:?} {s} {s:#?}"),
            "<redacted> <redacted> <redacted>"
        );
        assert_eq!(s.expose(), "hunter2");
    }

    #[test]
    fn overlap_and_containment() {
        let a = Finding::new(0, 10, Kind::Url, "url");
        let b = Finding::new(3, 5, Kind::Email, "email");
        let c = Finding::new(10, 12, Kind::Email, "email");
        assert!(a.overlaps(&b) && a.contains(&b) && !b.contains(&a));
        assert!(!a.overlaps(&c));
    }
}
