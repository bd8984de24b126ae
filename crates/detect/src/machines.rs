// Cheap passes that would cost the rule automaton more than they find (every pattern adds
// states the lazy DFA builds on every new text):
//
// - machine names: an infrastructure word and a number (`sql06`, `fileserver12`,
//   `AMS-SRV04`, `FIN-PC09`), by one pass over the words that end in digits;
// - the host field of syslog lines (`Dec 10 09:02:17 app09 postfix/smtpd[3843]: …`);
// - an Australian BSB and account written together (`BSB 406-670 Acc 17245916`), joined
//   into one bank account from the two numbers the rules found.

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

/// Runs every pass of this module over `text`, keeping `found` sorted and disjoint.
pub fn find(text: &str, found: &mut Vec<Finding>) {
    machine_names(text, found);
    syslog_hosts(text, found);
    bsb_accounts(text, found);
}

/// Whether `s..e` overlaps a finding of `found` (sorted by start and disjoint).
fn overlaps(found: &[Finding], s: usize, e: usize) -> bool {
    let i = found.partition_point(|f| f.end <= s);
    found.get(i).is_some_and(|f| f.start < e)
}

const MONTHS: &[&str] = &[
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
];

/// `Mon DD HH:MM:SS host process[pid]: …`: the host field.
fn syslog_hosts(text: &str, found: &mut Vec<Finding>) {
    let mut added = Vec::new();
    let bytes = text.as_bytes();
    let mut line_start = 0;
    // The lines with their `\n` (as `split_inclusive('\n')` gives them), found a block of
    // bytes at a time: a search of the `\n` from each line start cost more than the test of
    // the line.
    while line_start < bytes.len() {
        let at = line_start;
        line_start = next_newline(bytes, at).map_or(bytes.len(), |i| i + 1);
        let line = &text[at..line_start];
        let b = line.as_bytes();
        // The first letters of the months first: most lines start with none of them.
        if b.len() < 20
            || !matches!(b[0], b'J' | b'F' | b'M' | b'A' | b'S' | b'O' | b'N' | b'D')
            || !MONTHS.iter().any(|m| line.starts_with(m))
            || b[3] != b' '
        {
            continue;
        }
        // The day (one or two digits, maybe padded), then the time.
        let mut i = 4;
        while i < b.len() && b[i] == b' ' {
            i += 1;
        }
        let day = b[i..].iter().take_while(|c| c.is_ascii_digit()).count();
        i += day;
        let time_ok = (1..=2).contains(&day)
            && b.len() > i + 9
            && b[i] == b' '
            && b[i + 1..i + 9].iter().enumerate().all(|(k, c)| {
                if k == 2 || k == 5 {
                    *c == b':'
                } else {
                    c.is_ascii_digit()
                }
            })
            && b[i + 9] == b' ';
        if !time_ok {
            continue;
        }
        let hs = i + 10;
        let he = hs
            + b[hs..]
                .iter()
                .take_while(|c| c.is_ascii_alphanumeric() || matches!(c, b'.' | b'-' | b'_'))
                .count();
        // A process name and a colon follow: `postfix/smtpd[3843]:`, `sshd[55860]:`, `sudo:`.
        let rest = &line[he..];
        let process = rest.strip_prefix(' ').and_then(|r| {
            let name = r
                .bytes()
                .take_while(|c| c.is_ascii_alphanumeric() || matches!(c, b'/' | b'_' | b'.' | b'-'))
                .count();
            let r = &r[name..];
            let r = match r.strip_prefix('[') {
                Some(x) => x
                    .trim_start_matches(|c: char| c.is_ascii_digit())
                    .strip_prefix(']')?,
                None => r,
            };
            (name > 0).then_some(r.starts_with(':'))
        });
        let host = &line[hs..he];
        if process == Some(true)
            && host.bytes().any(|c| c.is_ascii_alphabetic())
            && !host.eq_ignore_ascii_case("localhost")
        {
            let (s, e) = (at + hs, at + he);
            if !overlaps(found, s, e) {
                added.push(Finding::new(s, e, Kind::Hostname, "host-position"));
            }
        }
    }
    if !added.is_empty() {
        found.extend(added);
        found.sort_by_key(|f| f.start);
    }
}

/// The first `\n` of `b` at or after `from`: blocks of 16 bytes without one are passed
/// over whole (a test of a block compiles to a few vector instructions).
fn next_newline(b: &[u8], from: usize) -> Option<usize> {
    let mut i = from;
    while let Some(block) = b.get(i..i + 16) {
        if block.iter().fold(false, |any, &c| any | (c == b'\n')) {
            break;
        }
        i += 16;
    }
    b.get(i..)?.iter().position(|&c| c == b'\n').map(|p| i + p)
}

/// `BSB 406-670 Acc 17245916`: the two numbers the rules found, with their labels, as one
/// bank account (the stand-in keeps the labels).
fn bsb_accounts(text: &str, found: &mut Vec<Finding>) {
    // The account that findings `i` and `i + 1` make together, if they are a BSB and an
    // account number written so.
    let joined = |found: &[Finding], i: usize| -> Option<Finding> {
        let (a, b) = (&found[i], &found[i + 1]);
        // Two bank accounts first: the text around every other pair is not read (a gap of
        // a whole document between two findings was copied and lower-cased before).
        if a.kind != Kind::BankAccount || b.kind != Kind::BankAccount {
            return None;
        }
        let before = text[..a.start].trim_end_matches([' ', ':', '#']);
        let gap = text[a.end..b.start].trim();
        let gap = gap.trim_start_matches(',').trim();
        let ok = before.len() >= 3
            && before.is_char_boundary(before.len() - 3)
            && before[before.len() - 3..].eq_ignore_ascii_case("bsb")
            && [
                "acc",
                "acc.",
                "acc no",
                "acc. no",
                "account",
                "account no",
                "a/c",
            ]
            .iter()
            .any(|w| gap.eq_ignore_ascii_case(w));
        ok.then(|| Finding::new(before.len() - 3, b.end, Kind::BankAccount, "au-bsb-account"))
    };
    // Pairs are read left to right; a joined pair is not read again. Most texts have none,
    // and one pass copies the findings once if there are (a splice per pair moved every
    // finding after it: quadratic in a long text with many).
    let Some(first) = (0..found.len().saturating_sub(1)).find(|&i| joined(found, i).is_some())
    else {
        return;
    };
    let mut out: Vec<Finding> = Vec::with_capacity(found.len());
    out.extend_from_slice(&found[..first]);
    let mut i = first;
    while i < found.len() {
        if i + 1 < found.len()
            && let Some(j) = joined(found, i)
        {
            out.push(j);
            i += 2;
        } else {
            out.push(found[i].clone());
            i += 1;
        }
    }
    *found = out;
}

/// The bytes of a machine name's run: ASCII letters and digits, `-` and `_` (a table: one
/// load a byte in the scan of the whole text).
const NAME_BYTES: [bool; 256] = {
    let mut t = [false; 256];
    let mut c = 0;
    while c < 256 {
        let b = c as u8;
        t[c] = b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_');
        c += 1;
    }
    t
};

/// Letters, `-` and `_`: the name bytes that are not digits. A machine name's digits follow
/// one of them ([`is_machine_name`]: two or three digits at the end of a word that is not all
/// digits).
const HEAD_BYTES: [bool; 256] = {
    let mut t = [false; 256];
    let mut c = 0;
    while c < 256 {
        let b = c as u8;
        t[c] = b.is_ascii_alphabetic() || matches!(b, b'-' | b'_');
        c += 1;
    }
    t
};

/// The first place at or after `i` where a digit follows a letter, `-` or `_` (the place of
/// that byte): blocks of 16 places without one are passed over whole (their test compiles
/// to a few vector instructions).
fn next_head_digit(b: &[u8], mut i: usize) -> Option<usize> {
    while let Some(w) = b.get(i..i + 17) {
        // Arithmetic, not the table: a load per byte would not vectorise.
        let hit = w[..16].iter().zip(&w[1..]).fold(false, |any, (&h, &d)| {
            let letter = (h | 0x20).wrapping_sub(b'a') < 26;
            any | ((letter | (h == b'-') | (h == b'_')) & (d.wrapping_sub(b'0') < 10))
        });
        if hit {
            break;
        }
        i += 16;
    }
    (i..b.len().saturating_sub(1))
        .find(|&t| HEAD_BYTES[usize::from(b[t])] && b[t + 1].is_ascii_digit())
}

/// The first run that may be a machine name at or after `i` (0 or the end of a run): its
/// start and end. A run is a letter or digit and the name bytes after it; one that may be a
/// name has four bytes or more, ends with a digit and has a digit after a letter, `-` or `_`
/// (every machine name has: [`HEAD_BYTES`]).
///
/// The runs are read from those places (found a block of bytes at a time), not from every
/// digit of the text (most are numbers, with no letter before their digits).
fn next_name(b: &[u8], mut i: usize) -> Option<(usize, usize)> {
    loop {
        let t = next_head_digit(b, i)?;
        // The name bytes through the place (they start at or after `i`) ...
        let mut s = t;
        while s > i && NAME_BYTES[usize::from(b[s - 1])] {
            s -= 1;
        }
        let mut e = t + 1;
        while e < b.len() && NAME_BYTES[usize::from(b[e])] {
            e += 1;
        }
        // ... from the first letter or digit.
        while !crate::ids::ALNUM[usize::from(b[s])] {
            s += 1;
        }
        i = e;
        if e - s >= 4 && b[e - 1].is_ascii_digit() {
            return Some((s, e));
        }
    }
}

/// The runs [`next_name`] read before it read the places of [`HEAD_BYTES`]: those through
/// any digit (the test oracle of the runs it passes over).
#[cfg(test)]
fn next_name_by_digits(b: &[u8], mut i: usize) -> Option<(usize, usize)> {
    loop {
        let d = crate::normalize::next_digit(b, i)?;
        let mut s = d;
        while s > i && NAME_BYTES[usize::from(b[s - 1])] {
            s -= 1;
        }
        let mut e = d + 1;
        while e < b.len() && NAME_BYTES[usize::from(b[e])] {
            e += 1;
        }
        while !crate::ids::ALNUM[usize::from(b[s])] {
            s += 1;
        }
        i = e;
        if e - s >= 4 && b[e - 1].is_ascii_digit() {
            return Some((s, e));
        }
    }
}

/// Adds machine names not inside another finding to `found` (sorted, disjoint), keeping it so.
fn machine_names(text: &str, found: &mut Vec<Finding>) {
    let b = text.as_bytes();
    let mut added = Vec::new();
    let mut i = 0;
    while let Some((s, e)) = next_name(b, i) {
        i = e;
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
        if overlaps(found, s, e) {
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
    use proptest::prelude::*;

    /// The runs [`next_name`] finds, read byte by byte as [`machine_names`] first did.
    fn names_bytewise(b: &[u8]) -> Vec<(usize, usize)> {
        let mut out = Vec::new();
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
            if i - s >= 4 && b[i - 1].is_ascii_digit() {
                out.push((s, i));
            }
        }
        out
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(500))]
        /// Reading the runs from their digits finds what a byte-by-byte reading finds, and
        /// reading them from the places of a digit after a letter, `-` or `_` passes over
        /// no machine name.
        #[test]
        fn names_from_digits_match_bytewise(
            parts in proptest::collection::vec(prop_oneof![
                Just("sql06".to_string()),
                Just("AMS-SRV04".to_string()),
                Just("app-01".to_string()),
                Just("db_7".to_string()),
                "[A-Za-z0-9_-]{0,8}",
                "[0-9]{0,3}",
                "[ .,/]{0,2}",
                "\\PC{0,2}",
            ], 0..24)
        ) {
            let text = parts.concat();
            check_names_from_digits(&text)?;
        }
    }

    /// A run after a `-` that starts with digits (`-0000`): its head byte is outside it
    /// (found by the proptest above).
    #[test]
    fn a_head_byte_before_the_run_counts() {
        for text in ["-0000", "x _0000 y", "--12ab34", "-00 00"] {
            check_names_from_digits(text).unwrap();
        }
    }

    fn check_names_from_digits(text: &str) -> Result<(), TestCaseError> {
        {
            let b = text.as_bytes();
            let all = names_bytewise(b);
            prop_assert_eq!(crate::tests::spans_by(b, next_name_by_digits), all.clone());
            // Read from the places where a digit follows a letter, `-` or `_`: the runs
            // that have one (the `-` or `_` may be the byte just before the run, which starts
            // at its first letter or digit: `-0000`), and no run passed over is a machine name.
            let head_digit = |&(s, e): &(usize, usize)| {
                (s.saturating_sub(1)..e - 1)
                    .any(|t| HEAD_BYTES[usize::from(b[t])] && b[t + 1].is_ascii_digit())
            };
            let want: Vec<_> = all.iter().copied().filter(head_digit).collect();
            prop_assert_eq!(crate::tests::spans_by(b, next_name), want);
            for (s, e) in all.into_iter().filter(|r| !head_digit(r)) {
                prop_assert!(!is_machine_name(&text[s..e]), "{:?}", &text[s..e]);
            }
        }
        Ok(())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(500))]
        /// The lines read from [`next_newline`] are those of `split_inclusive('\n')`.
        #[test]
        fn newline_blocks_split_as_split_inclusive(
            parts in proptest::collection::vec(prop_oneof![
                "[a-z ]{0,20}",
                "\n{1,2}",
                "[A-Za-z0-9: ]{0,40}",
                "\\PC{0,3}",
            ], 0..24)
        ) {
            let text = parts.concat();
            let b = text.as_bytes();
            let mut got = Vec::new();
            let mut start = 0;
            while start < b.len() {
                let end = next_newline(b, start).map_or(b.len(), |i| i + 1);
                got.push(&text[start..end]);
                start = end;
            }
            let want: Vec<&str> = text.split_inclusive('\n').collect();
            prop_assert_eq!(got, want);
        }
    }

    /// The arithmetic test of a block in [`next_head_digit`] is the table's.
    #[test]
    fn head_bytes_by_arithmetic() {
        for h in 0..=255u8 {
            let letter = (h | 0x20).wrapping_sub(b'a') < 26;
            assert_eq!(
                letter | (h == b'-') | (h == b'_'),
                HEAD_BYTES[usize::from(h)],
                "{h}"
            );
            assert_eq!(h.wrapping_sub(b'0') < 10, h.is_ascii_digit(), "{h}");
        }
    }

    /// The first-letter test before the month names lets every month through.
    #[test]
    fn month_first_letters() {
        for m in MONTHS {
            assert!(matches!(
                m.as_bytes()[0],
                b'J' | b'F' | b'M' | b'A' | b'S' | b'O' | b'N' | b'D'
            ));
        }
    }

    #[test]
    fn syslog_hosts_by_position() {
        let t = "Dec 10 09:02:17 app09 postfix/smtpd[3843]: connect\nJan  2 07:48:27 ldap-stg-2.quanta.lan sudo: x\nDec 10 09:02:17 is when it broke\n";
        let mut f = Vec::new();
        syslog_hosts(t, &mut f);
        let got: Vec<&str> = f.iter().map(|x| x.slice(t)).collect();
        assert_eq!(got, ["app09", "ldap-stg-2.quanta.lan"]);
    }

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
