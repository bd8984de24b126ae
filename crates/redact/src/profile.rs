//! The end user's own details (`profile`), found however they are written: the name in any
//! case, `Smith, John`, `J. Smith`, `John S.`, `jsmith`, the first name alone, common
//! nicknames (Robert → Bob, Rob); the e-mail in any case or spelled out (`john dot smith at
//! gmail dot com`); the phone with any separators, with or without the country code.

use crate::{Finding, Kind, Profile, occurrences};

/// Common English nicknames (formal → short forms).
const NICKNAMES: &[(&str, &[&str])] = &[
    ("robert", &["bob", "bobby", "rob", "robbie", "bert"]),
    ("william", &["will", "bill", "billy", "liam", "willy"]),
    ("richard", &["rick", "ricky", "dick", "rich", "richie"]),
    ("james", &["jim", "jimmy", "jamie"]),
    ("john", &["johnny", "jack"]),
    ("jonathan", &["jon", "jonny", "nathan"]),
    ("michael", &["mike", "mikey", "mick", "mickey"]),
    ("thomas", &["tom", "tommy"]),
    ("christopher", &["chris", "kit"]),
    ("christine", &["chris", "chrissy", "tina"]),
    ("christina", &["chris", "tina"]),
    ("joseph", &["joe", "joey"]),
    ("daniel", &["dan", "danny"]),
    ("matthew", &["matt"]),
    ("anthony", &["tony"]),
    ("andrew", &["andy", "drew"]),
    ("alexander", &["alex", "sasha", "xander"]),
    ("alexandra", &["alex", "sasha", "lexi"]),
    ("benjamin", &["ben", "benny"]),
    ("charles", &["charlie", "chuck"]),
    ("david", &["dave", "davey"]),
    ("edward", &["ed", "eddie", "ted", "ned"]),
    (
        "elizabeth",
        &["liz", "beth", "betty", "lizzie", "eliza", "libby"],
    ),
    ("katherine", &["kate", "kathy", "katie", "kat"]),
    ("catherine", &["cathy", "kate", "cat"]),
    ("margaret", &["maggie", "meg", "peggy", "marge"]),
    ("jennifer", &["jen", "jenny"]),
    ("jessica", &["jess", "jessie"]),
    ("rebecca", &["becky", "becca"]),
    ("samantha", &["sam", "sammy"]),
    ("samuel", &["sam", "sammy"]),
    ("patricia", &["pat", "patty", "trish"]),
    ("patrick", &["pat", "paddy"]),
    ("stephen", &["steve"]),
    ("steven", &["steve"]),
    ("timothy", &["tim", "timmy"]),
    ("nicholas", &["nick", "nicky"]),
    ("susan", &["sue", "susie"]),
    ("deborah", &["deb", "debbie"]),
    ("victoria", &["vicky", "tori"]),
    ("gregory", &["greg"]),
    ("kenneth", &["ken", "kenny"]),
    ("ronald", &["ron", "ronnie"]),
    ("donald", &["don", "donnie"]),
    ("peter", &["pete"]),
    ("frederick", &["fred", "freddie"]),
    ("henry", &["harry", "hank"]),
    ("lawrence", &["larry"]),
    ("gerald", &["gerry", "jerry"]),
    ("raymond", &["ray"]),
    ("theodore", &["theo", "ted", "teddy"]),
    ("zachary", &["zach", "zack"]),
    ("abigail", &["abby"]),
    ("amanda", &["mandy"]),
    ("barbara", &["barb", "babs"]),
    ("dorothy", &["dot", "dotty"]),
    ("eleanor", &["ellie", "nell"]),
    ("jacqueline", &["jackie"]),
    ("kimberly", &["kim"]),
    ("pamela", &["pam"]),
    ("suzanne", &["suzy"]),
    ("francesca", &["fran", "frankie"]),
    ("francis", &["frank", "fran"]),
    ("giuseppe", &["beppe", "pino"]),
    ("francisco", &["paco", "pancho", "cisco"]),
    ("jose", &["pepe"]),
    ("guillermo", &["memo"]),
    ("alejandro", &["alex", "ale"]),
    ("aleksandr", &["sasha"]),
    ("alexei", &["alyosha"]),
    ("dmitri", &["dima"]),
    ("ekaterina", &["katya"]),
    ("johannes", &["hans", "jan"]),
    ("wolfgang", &["wolf"]),
];

fn lower_words(name: &str) -> Vec<String> {
    name.split(|c: char| c.is_whitespace() || c == ',')
        .map(|w| w.trim_matches(|c: char| !c.is_alphanumeric() && c != '-' && c != '\''))
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect()
}

/// Written forms of the user's name.
fn name_variants(name: &str) -> Vec<String> {
    let words = lower_words(name);
    let mut v = vec![name.trim().to_string()];
    let Some(first) = words.first().cloned() else {
        return v;
    };
    if words.len() >= 2 {
        let last = words[words.len() - 1].clone();
        let (f1, l1) = (
            first.chars().next().unwrap_or('x'),
            last.chars().next().unwrap_or('x'),
        );
        v.extend([
            format!("{first} {last}"),
            format!("{last}, {first}"),
            format!("{last} {first}"),
            format!("{f1}. {last}"),
            format!("{f1} {last}"),
            format!("{f1}.{last}"),
            format!("{first} {l1}."),
            format!("{first} {l1}"),
            format!("{f1}{last}"),
            format!("{first}{l1}"),
            format!("{first}.{last}"),
            format!("{first}_{last}"),
            format!("{first}{last}"),
            format!("{last}{f1}"),
            format!("{last}.{first}"),
        ]);
        if last.chars().count() >= 3 {
            v.push(last.clone());
        }
        let nicks: Vec<&str> = nicknames(&first);
        for n in nicks {
            v.push(format!("{n} {last}"));
            v.push(n.to_string());
        }
    } else {
        for n in nicknames(&first) {
            v.push(n.to_string());
        }
    }
    if first.chars().count() >= 2 {
        v.push(first);
    }
    v
}

fn nicknames(first: &str) -> Vec<&'static str> {
    let mut out = Vec::new();
    for (formal, short) in NICKNAMES {
        if *formal == first {
            out.extend_from_slice(short);
        }
    }
    out
}

/// Written forms of the user's e-mail: as given (any case) and spelled out.
fn email_variants(email: &str) -> Vec<String> {
    let e = email.trim().to_lowercase();
    let mut v = vec![e.clone()];
    if let Some((local, domain)) = e.split_once('@') {
        let spell = |s: &str, dot: &str| s.replace('.', dot);
        for (at, dot) in [
            (" at ", " dot "),
            (" (at) ", " (dot) "),
            (" [at] ", " [dot] "),
            ("(at)", "(dot)"),
            ("[at]", "[dot]"),
            (" at ", "."),
            (" @ ", "."),
        ] {
            v.push(format!("{}{at}{}", spell(local, dot), spell(domain, dot)));
        }
    }
    v
}

/// The digits of the user's phone number in the forms people write it: the full number,
/// the national number without the country code, and with a trunk `0`.
fn phone_forms(phone: &str) -> Vec<String> {
    let digits: String = phone.chars().filter(char::is_ascii_digit).collect();
    if digits.len() < 7 {
        return Vec::new();
    }
    let mut forms = vec![digits.clone()];
    let intl = phone.trim_start().starts_with('+') || phone.trim_start().starts_with("00");
    let d = digits.strip_prefix("00").unwrap_or(&digits).to_string();
    if intl {
        for cc in 1..=3 {
            if d.len() > cc + 6 {
                let national = &d[cc..];
                forms.push(national.to_string());
                forms.push(format!("0{national}"));
                forms.push(d.clone());
            }
        }
    } else if let Some(national) = digits.strip_prefix('0') {
        forms.push(national.to_string());
    } else if digits.len() == 10 {
        forms.push(format!("1{digits}"));
    }
    forms.sort();
    forms.dedup();
    forms
}

/// Phone numbers in the text whose digits (separators ignored) are one of `forms`.
fn phone_findings(text: &str, forms: &[String], out: &mut Vec<Finding>) {
    let b = text.as_bytes();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        let starts = c.is_ascii_digit()
            || ((c == b'+' || c == b'(')
                && b.get(i + 1)
                    .is_some_and(|n| n.is_ascii_digit() || *n == b'('));
        let boundary = i == 0 || !b[i - 1].is_ascii_alphanumeric();
        if !(starts && boundary) {
            i += 1;
            continue;
        }
        let mut j = i;
        let mut digits = String::new();
        let mut last_digit_end = i;
        while j < b.len() {
            let d = b[j];
            if d.is_ascii_digit() {
                digits.push(d as char);
                last_digit_end = j + 1;
            } else if !matches!(d, b' ' | b'-' | b'.' | b'(' | b')' | b'/' | b'+') {
                break;
            }
            if digits.len() > 16 {
                break;
            }
            j += 1;
        }
        let right_ok = last_digit_end == b.len() || !b[last_digit_end].is_ascii_alphanumeric();
        if right_ok && forms.contains(&digits) {
            out.push(Finding::new(
                i,
                last_digit_end,
                Kind::Phone,
                "profile-phone",
            ));
            i = last_digit_end;
        } else {
            i = j.max(i + 1);
        }
    }
}

/// Findings for the user's own details.
pub(crate) fn findings(text: &str, p: &Profile) -> Vec<Finding> {
    let mut out = Vec::new();
    let mut add = |terms: Vec<String>, kind: Kind, rule: &'static str| {
        let terms: Vec<String> = terms
            .into_iter()
            .filter(|t| t.trim().chars().count() >= 2)
            .collect();
        let refs: Vec<&str> = terms.iter().map(String::as_str).collect();
        for (s, e) in occurrences(text, &refs) {
            out.push(Finding::new(s, e, kind, rule));
        }
    };
    if let Some(n) = p.name.as_deref().filter(|n| !n.trim().is_empty()) {
        add(name_variants(n), Kind::Person, "profile-name");
    }
    if let Some(e) = p.email.as_deref().filter(|e| !e.trim().is_empty()) {
        add(email_variants(e), Kind::Email, "profile-email");
    }
    if let Some(ph) = p.phone.as_deref() {
        let forms = phone_forms(ph);
        if !forms.is_empty() {
            phone_findings(text, &forms, &mut out);
        } else if ph.trim().chars().count() >= 2 {
            add(vec![ph.trim().to_string()], Kind::Phone, "profile-phone");
        }
    }
    out
}
