// Machine names: an infrastructure word and a number (`sql06`, `fileserver12`, `AMS-SRV04`,
// `FIN-PC09`), found by one pass over the words that end in digits rather than by the rule
// automaton (a pattern with this many alternatives costs every search more than it finds).

use redact_entity::{Finding, Kind};

/// Words of machine names, lower case.
const STEMS: &[&str] = &[
    "app",
    "db",
    "sql",
    "srv",
    "svr",
    "server",
    "nas",
    "dc",
    "print",
    "prn",
    "fileserver",
    "fs",
    "web",
    "mail",
    "smtp",
    "ldap",
    "vpn",
    "fw",
    "rtr",
    "node",
    "vm",
    "wks",
    "ws",
    "pc",
    "lt",
    "nb",
    "esx",
    "hv",
    "jenkins",
    "proxy",
    "lb",
    "redis",
    "kafka",
    "mon",
    "backup",
    "bkp",
    "file",
    "exch",
    "ad",
];

/// True when `word` is `[XX-]stem[-_]NN`: an optional site prefix of two to four letters, a
/// stem, and two or three digits; all in one case.
fn is_machine_name(word: &str) -> bool {
    let digits = word.bytes().rev().take_while(u8::is_ascii_digit).count();
    if !(2..=3).contains(&digits) || digits == word.len() {
        return false;
    }
    let upper = word.bytes().any(|c| c.is_ascii_uppercase());
    let lower = word.bytes().any(|c| c.is_ascii_lowercase());
    if upper && lower {
        return false;
    }
    let mut head = &word[..word.len() - digits];
    head = head.strip_suffix(['-', '_']).unwrap_or(head);
    if let Some((site, rest)) = head.split_once('-')
        && (2..=4).contains(&site.len())
        && site.bytes().all(|c| c.is_ascii_alphabetic())
    {
        head = rest;
    }
    // A two-letter stem in capitals without a site prefix reads as a code (`LT12`, `AD12`:
    // the start of an IBAN).
    let prefixed = head.len()
        < word.len() - digits - usize::from(word[..word.len() - digits].ends_with(['-', '_']));
    if head.len() <= 2 && upper && !prefixed {
        return false;
    }
    STEMS.iter().any(|s| head.eq_ignore_ascii_case(s))
}

/// Adds machine names not inside another finding to `found` (sorted, disjoint), keeping it so.
pub fn find(text: &str, found: &mut Vec<Finding>) {
    let b = text.as_bytes();
    let mut added = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if !b[i].is_ascii_alphanumeric() {
            i += 1;
            continue;
        }
        let s = i;
        while i < b.len() && (b[i].is_ascii_alphanumeric() || matches!(b[i], b'-' | b'_')) {
            i += 1;
        }
        let e = i;
        if e - s < 4 || !b[e - 1].is_ascii_digit() {
            continue;
        }
        // Part of something longer: a domain (`db-01.prod…`), a path, a version, a word.
        if s > 0 && matches!(b[s - 1], b'.' | b'/' | b'@' | b'$' | b'#' | b'%') {
            continue;
        }
        if b.get(e) == Some(&b'.') && b.get(e + 1).is_some_and(u8::is_ascii_alphanumeric) {
            continue;
        }
        if s > 0
            && b[s - 1] >= 0x80
            && text[..s]
                .chars()
                .next_back()
                .is_some_and(char::is_alphanumeric)
        {
            continue;
        }
        let word = &text[s..e];
        if !is_machine_name(word) {
            continue;
        }
        if found.iter().any(|f| f.start < e && s < f.end) {
            continue;
        }
        added.push(Finding::new(s, e, Kind::Hostname, "machine-name"));
    }
    if !added.is_empty() {
        found.extend(added);
        found.sort_by_key(|f| f.start);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn machine_names_and_not() {
        for w in [
            "sql06",
            "fileserver12",
            "AMS-SRV04",
            "FIN-PC09",
            "app-01",
            "dc02",
            "MAD-WKS212",
        ] {
            assert!(is_machine_name(w), "{w}");
        }
        for w in [
            "App10", "db", "sql2024", "pc1", "v12", "order12", "12345", "LT12", "AD12", "NB00",
        ] {
            assert!(!is_machine_name(w), "{w}");
        }
        let t = "deploy to db-01.prod.acme.net, then restart app06:8080 and ping /srv/app07 ok";
        let mut f = Vec::new();
        find(t, &mut f);
        let got: Vec<&str> = f.iter().map(|x| x.slice(t)).collect();
        assert_eq!(got, ["app06"]);
    }
}
