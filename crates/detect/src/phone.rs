// Phone number validation with libphonenumber's metadata (from the `phonenumber` crate).
//
// The crate's own `parse` + `is_valid` look every pattern up in a mutex-guarded LRU cache
// keyed by the pattern text, which cost about 10 µs per candidate (a third of all detection
// time on a dense document). Here the same metadata is compiled once per region, lazily, into
// anchored regex-automata regexes, and a number is valid when its national significant number
// matches the region's general description and one of its number types (fixed line, mobile,
// toll free, …), with the lengths the metadata allows: libphonenumber's own definition.

#![cfg(feature = "phonenumber")]

use std::collections::HashMap;
use std::sync::{LazyLock, OnceLock};

use phonenumber::metadata::{DATABASE, Descriptor};
use regex_automata::meta::Regex;
use regex_automata::{Anchored, Input};

/// A descriptor's national-number pattern, compiled the first time a number of one of its
/// lengths is checked against it (most regions' type patterns are never needed).
struct Pattern {
    src: String,
    re: OnceLock<Option<Regex>>,
    lengths: Vec<u16>,
}

impl Pattern {
    fn new(d: &Descriptor, inherit: &[u16]) -> Pattern {
        let lengths = if d.possible_length().is_empty() {
            inherit.to_vec()
        } else {
            d.possible_length().to_vec()
        };
        Pattern {
            // The source only: `to_string` (Display) would compile the crate's own regex for
            // it, which was a fifth of the first call's time.
            src: d.national_number().as_str().to_string(),
            re: OnceLock::new(),
            lengths,
        }
    }

    fn regex(&self) -> Option<&Regex> {
        self.re
            .get_or_init(|| {
                Regex::builder()
                    // ASCII classes: a national number is ASCII digits, and `\d` of all
                    // scripts makes an automaton ten times the size.
                    .syntax(
                        regex_automata::util::syntax::Config::new()
                            .ignore_whitespace(true)
                            .unicode(false),
                    )
                    // Whole-number matches of at most 17 digits: the backtracker alone,
                    // without the DFAs and prefilters a search of long texts needs.
                    .configure(
                        Regex::config()
                            .auto_prefilter(false)
                            .hybrid(false)
                            .onepass(false)
                            .which_captures(regex_automata::nfa::thompson::WhichCaptures::None),
                    )
                    .build(&format!("^(?:{})$", self.src))
                    .ok()
            })
            .as_ref()
    }

    fn matches(&self, nsn: &str) -> bool {
        let len_ok = self.lengths.is_empty()
            || u16::try_from(nsn.len()).is_ok_and(|n| self.lengths.contains(&n));
        len_ok
            && self
                .regex()
                .is_some_and(|re| re.is_match(Input::new(nsn).anchored(Anchored::Yes)))
    }
}

struct Compiled {
    general: Pattern,
    types: Vec<Pattern>,
}

struct Region {
    id: String,
    code: u16,
    national_prefix: Option<String>,
    /// Its people always write the trunk prefix in a national number ([`TRUNK_WRITTEN`]).
    trunk_written: bool,
    compiled: OnceLock<Compiled>,
}

impl Region {
    fn compiled(&self) -> &Compiled {
        self.compiled.get_or_init(|| {
            let meta = DATABASE
                .by_id(self.id.as_str())
                .expect("region of the database");
            let d = meta.descriptors();
            let general = Pattern::new(d.general(), &[]);
            let inherit = general.lengths.clone();
            let types = [
                d.fixed_line(),
                d.mobile(),
                d.toll_free(),
                d.premium_rate(),
                d.shared_cost(),
                d.personal_number(),
                d.voip(),
                d.pager(),
                d.uan(),
                d.voicemail(),
            ]
            .into_iter()
            .flatten()
            .map(|t| Pattern::new(t, &inherit))
            .collect();
            Compiled { general, types }
        })
    }

    fn valid_nsn(&self, nsn: &str) -> bool {
        let c = self.compiled();
        c.general.matches(nsn) && c.types.iter().any(|t| t.matches(nsn))
    }

    /// Valid as a number written nationally: with the trunk prefix, or without it.
    fn valid_national(&self, digits: &str) -> bool {
        let trunk = self
            .national_prefix
            .as_deref()
            .and_then(|p| digits.strip_prefix(p));
        if trunk.is_some_and(|rest| !rest.is_empty() && self.valid_nsn(rest)) {
            return true;
        }
        self.valid_nsn(digits)
    }
}

struct Db {
    regions: Vec<Region>,
    by_code: HashMap<u16, Vec<usize>>,
    by_id: HashMap<String, usize>,
}

static DB: LazyLock<Db> = LazyLock::new(|| {
    let mut regions = Vec::new();
    let mut by_code: HashMap<u16, Vec<usize>> = HashMap::new();
    let mut by_id = HashMap::new();
    for m in DATABASE.iter() {
        let i = regions.len();
        regions.push(Region {
            id: m.id().to_string(),
            code: m.country_code(),
            national_prefix: m.national_prefix().map(str::to_string),
            trunk_written: TRUNK_WRITTEN.contains(&m.id()),
            compiled: OnceLock::new(),
        });
        by_code.entry(m.country_code()).or_default().push(i);
        by_id.insert(m.id().to_string(), i);
    }
    Db {
        regions,
        by_code,
        by_id,
    }
});

/// Regions tried for numbers written without a country code, in order.
const NATIONAL_REGIONS: &[&str] = &[
    "US", "GB", "DE", "FR", "ES", "IT", "NL", "IN", "AU", "IE", "BE", "CH", "AT", "SE", "PL", "PT",
    "NZ", "SG", "ZA", "BR", "MX", "JP", "NO", "DK", "FI", "CZ", "SK", "GR", "HU", "RO", "BG", "HR",
    "SI", "EE", "LV", "LT", "TR", "UA", "IL", "KR", "CN", "TH", "PH", "ID",
];

/// True when `digits` (ASCII digits only, the country code first) is a valid international
/// number.
pub fn valid_international(digits: &str) -> bool {
    let db = &*DB;
    for cc_len in 1..=3 {
        if digits.len() <= cc_len {
            break;
        }
        let Ok(cc) = digits[..cc_len].parse::<u16>() else {
            continue;
        };
        let Some(list) = db.by_code.get(&cc) else {
            continue;
        };
        let nsn = &digits[cc_len..];
        // "+44 (0)20 …": a trunk prefix written after the country code.
        if list.iter().any(|&i| db.regions[i].valid_national(nsn)) {
            return true;
        }
        debug_assert!(list.iter().all(|&i| db.regions[i].code == cc));
        return false;
    }
    false
}

/// True when `digits` (ASCII digits, the country code first) starts with an assigned
/// country calling code and has a plausible length after it: an international number as
/// written, whether or not its ranges are assigned.
pub fn plausible_international(digits: &str) -> bool {
    let db = &*DB;
    (8..=15).contains(&digits.len())
        && (1..=3).any(|cc_len| {
            digits.len() > cc_len + 5
                && digits[..cc_len]
                    .parse::<u16>()
                    .is_ok_and(|cc| db.by_code.contains_key(&cc))
        })
}

/// Regions whose people write the trunk prefix (`0`) whenever they write a number without
/// its country code: `20 7946 0958` is not how anyone in the UK writes a London number, so
/// a bare number is not read as one of theirs without it. (In the other regions of
/// [`NATIONAL_REGIONS`] the prefix is optional or there is none: `(415) 555-0132`,
/// `98765 43210`, `(11) 91234-5678`, `612 345 678`.)
const TRUNK_WRITTEN: &[&str] = &[
    "GB", "DE", "FR", "NL", "AU", "IE", "BE", "CH", "AT", "SE", "NZ", "ZA", "JP", "FI", "SK", "HU",
    "RO", "BG", "HR", "SI", "TR", "UA", "IL", "KR", "TH", "PH", "ID",
];

/// True when `digits` is a valid number of one of the common regions, written nationally
/// (with the trunk prefix where that region always writes it). `nanp` restricts the
/// search to the North American numbering plan.
pub fn valid_national(digits: &str, nanp_only: bool) -> bool {
    let db = &*DB;
    let regions: &[&str] = if nanp_only {
        &["US", "CA"]
    } else {
        NATIONAL_REGIONS
    };
    regions.iter().any(|id| {
        db.by_id.get(*id).is_some_and(|&i| {
            let r = &db.regions[i];
            match r.national_prefix.as_deref() {
                Some(p) if r.trunk_written => digits
                    .strip_prefix(p)
                    .is_some_and(|rest| !rest.is_empty() && r.valid_nsn(rest)),
                _ => r.valid_national(digits),
            }
        })
    })
}

/// True when `digits` is valid in one of the common regions with or without its trunk
/// prefix: for numbers whose writing already says they are phones (`(3751333)`, a local
/// number in brackets).
pub fn valid_national_any(digits: &str) -> bool {
    let db = &*DB;
    NATIONAL_REGIONS.iter().any(|id| {
        db.by_id
            .get(*id)
            .is_some_and(|&i| db.regions[i].valid_national(digits))
    })
}

/// Compiles the metadata of the regions tried for national numbers.
pub fn warm_up() {
    let db = &*DB;
    for id in NATIONAL_REGIONS {
        if let Some(&i) = db.by_id.get(*id) {
            let _ = db.regions[i].compiled();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn international_numbers() {
        assert!(valid_international("442079460958"));
        assert!(valid_international("14155550132") || valid_international("14158672210"));
        assert!(valid_international("4915123456789"));
        assert!(!valid_international("999123"));
        assert!(!valid_international("4412"));
    }

    #[test]
    fn national_numbers() {
        assert!(valid_national("02079460958", false));
        assert!(valid_national("4158672210", true));
        assert!(!valid_national("0000000", false));
        // A French number without its 0 is not how it is written in France.
        assert!(valid_national("0142685300", false));
        assert!(!valid_national("142685300", false) || valid_national_any("142685300"));
        assert!(valid_national_any("142685300"));
    }
}
