// Values under a label: what the structure view (`crate::structure`) says a value is, checked
// against the value's own shape, decides over the rules' reading of it. A phone column's
// `319-274-5531` is a phone whether or not its area code is assigned; an `order_id` column's
// `2023-111892` is not a phone; a card column's digits are a card.

use redact_entity::{Finding, Kind};

use crate::classify;
use crate::names::{is_particle, is_title, is_word_char, name_info};
use crate::structure::{Field, Hint, Source};
use crate::validate as v;

/// Applies the fields' evidence to the rule findings `found` (sorted, disjoint); the result
/// is sorted and disjoint again.
pub fn apply(text: &str, fields: &[Field], found: &mut Vec<Finding>) {
    if fields.is_empty() {
        return;
    }
    // At most a finding a field: the vector never grows.
    let mut added: Vec<Finding> = Vec::with_capacity(fields.len());
    let mut drop: Vec<(usize, usize)> = Vec::new();
    let mut not_secret: Vec<(usize, usize)> = Vec::new();
    for f in fields {
        let value = &text[f.start..f.end];
        if f.hint == Hint::Lookalike {
            // Numbers under an order, invoice, version or amount column stay.
            if value.len() <= 32 && !value.contains(' ') || value.len() <= 16 {
                drop.push((f.start, f.end));
            }
            continue;
        }
        if f.hint == Hint::Other && f.source != Source::Column && !value.contains(' ') {
            // A value under a key that names no secret (`CACHE_KEY`, `key_name`,
            // `public_key`) is not one because of a generic `…key = value` rule.
            not_secret.push((f.start, f.end));
        }
        let label = &text[f.label.0..f.label.1];
        let Some((s, e, kind, rule)) = take(value, label, f) else {
            continue;
        };
        let (s, e) = (f.start + s, f.start + e);
        // A value the rules read as something more specific of another kind (an e-mail
        // address in a name column, a key in a host column) is left to the rules.
        let near = overlapping(found, s, e);
        let stronger = near.iter().any(|g| {
            g.kind != kind
                && matches!(
                    g.kind,
                    Kind::Email | Kind::Url | Kind::ApiKey | Kind::IpAddress
                )
        });
        // A secret the rules found keeps the rule that knows its format.
        let found_secret = kind == Kind::ApiKey && !near.is_empty();
        if stronger || found_secret {
            continue;
        }
        added.push(Finding::new(s, e, kind, rule));
    }
    if added.is_empty() && drop.is_empty() && not_secret.is_empty() {
        return;
    }
    found.retain(|g| {
        let covered = !overlapping(&added, g.start, g.end).is_empty();
        // A record number that names itself (`MRN-6221873`) stays found in an `id` column.
        let dropped = matches!(
            g.kind,
            Kind::Phone | Kind::IdNumber | Kind::BankAccount | Kind::Ssn | Kind::Postcode
        ) && g.rule != "record-number"
            && inside(&drop, g.start, g.end);
        let generic_secret = g.kind == Kind::ApiKey
            && g.rule.starts_with("generic")
            && inside(&not_secret, g.start, g.end);
        !covered && !dropped && !generic_secret
    });
    found.extend(added);
    found.sort_by_key(|g| g.start);
}

/// The findings of `sorted` (sorted by start and disjoint) that overlap `s..e`: two binary
/// searches, so a table of thousands of cells costs no more per cell than a short text.
fn overlapping(sorted: &[Finding], s: usize, e: usize) -> &[Finding] {
    let from = sorted.partition_point(|g| g.end <= s);
    let to = from + sorted[from..].partition_point(|g| g.start < e);
    &sorted[from..to]
}

/// Whether `s..e` lies inside one of `ranges` (sorted by start and disjoint).
fn inside(ranges: &[(usize, usize)], s: usize, e: usize) -> bool {
    let i = ranges.partition_point(|r| r.1 < e);
    ranges.get(i).is_some_and(|&(rs, re)| rs <= s && e <= re)
}

/// Drops person findings that lie inside a header cell or a value whose label says it is
/// not a person (a product, a company, a city, a date, an order number).
pub fn not_people(text: &str, fields: &[Field], found: &mut Vec<Finding>) {
    // Short values only: a label in front of a sentence (`user: my daughter Aisha …`) says
    // nothing about the people in it.
    let others: Vec<(usize, usize)> = fields
        .iter()
        .filter(|f| matches!(f.hint, Hint::Other | Hint::Lookalike))
        .filter(|f| f.end - f.start <= 64 && text[f.start..f.end].split_whitespace().count() <= 6)
        .map(|f| (f.start, f.end))
        .collect();
    if others.is_empty() {
        return;
    }
    found.retain(|g| g.kind != Kind::Person || !inside(&others, g.start, g.end));
}

/// What to take of a field's value: the span within it, the kind and the rule.
fn take(value: &str, label: &str, f: &Field) -> Option<(usize, usize, Kind, &'static str)> {
    match f.hint {
        Hint::Phone => phone_extent(value).map(|(s, e)| (s, e, Kind::Phone, "field-phone")),
        Hint::Card => {
            // A card has a check digit: a number that fails it is not replaced as a card.
            let digits: Vec<u8> = value
                .bytes()
                .filter(u8::is_ascii_digit)
                .map(|c| c - b'0')
                .collect();
            let ok = (12..=19).contains(&digits.len())
                && value
                    .bytes()
                    .all(|c| c.is_ascii_digit() || matches!(c, b' ' | b'-'))
                && redact_entity::checksum::luhn(&digits);
            ok.then_some((0, value.len(), Kind::CardNumber, "field-card"))
        }
        Hint::Bank => {
            let ok = v::iban(value)
                || (digit_count(value) >= 5
                    && value.len() <= 48
                    && value
                        .chars()
                        .all(|c| c.is_alphanumeric() || matches!(c, ' ' | '-' | '/' | '.')));
            ok.then_some((0, value.len(), Kind::BankAccount, "field-account"))
        }
        Hint::Ssn => {
            let ok = digit_count(value) == 9
                && value
                    .bytes()
                    .all(|c| c.is_ascii_digit() || matches!(c, b' ' | b'-'));
            if ok {
                Some((0, value.len(), Kind::Ssn, "field-ssn"))
            } else {
                // A social security number of another country (France's fifteen digits).
                id_extent(value).map(|(s, e)| (s, e, Kind::IdNumber, "field-id"))
            }
        }
        Hint::Id => {
            // An identifier with a check digit must pass it: a typo is not replaced as one.
            let ssn_shape = value.len() == 11
                && value.bytes().enumerate().all(|(i, c)| {
                    if i == 3 || i == 6 {
                        matches!(c, b'-' | b' ')
                    } else {
                        c.is_ascii_digit()
                    }
                });
            if checksum_of(label)
                .is_some_and(|(len, valid)| alnum_count(value) == len && !valid(value))
            {
                None
            } else if ssn_shape && v::ssn(value) {
                // A US social security number under a tax or national ID label.
                Some((0, value.len(), Kind::Ssn, "field-ssn"))
            } else {
                id_extent(value).map(|(s, e)| (s, e, Kind::IdNumber, "field-id"))
            }
        }
        Hint::Postcode => {
            postcode_ok(value).then_some((0, value.len(), Kind::Postcode, "field-postcode"))
        }
        Hint::Host => host_extent(value).map(|(s, e)| (s, e, Kind::Hostname, "field-host")),
        Hint::Person => {
            // After a form label the value may run on into a sentence; a cell is the name.
            // A title stays (`Dr. Amara Nwosu`): the stand-in is for the name.
            let start = title_len(value);
            let rest = &value[start..];
            let end = if f.source == Source::Key {
                name_extent(rest)
            } else {
                rest.len()
            };
            let name = &rest[..end];
            let after = rest[end..].trim_start_matches([',', '.', ';', ':', '!', '?', ' ']);
            // What follows a name cut from a longer value is a sentence going on in lower
            // case (`Hannah Schmidt called`), not more of a product (`Ubiquiti U6 Lite`); a
            // lone word before it must be known as a name (`I'll email …` is no name).
            let cut_ok = after.is_empty()
                || after.starts_with(|c: char| c.is_lowercase())
                    && (name.contains(' ')
                        || name_info(name)
                            .is_some_and(|i| (i.female || i.male || i.surname) && !i.common_word));
            let part_label = crate::structure::labels::names_a_name_part(label);
            (end > 0 && cut_ok && person_ok(name, f.source, part_label)).then_some((
                start,
                start + end,
                Kind::Person,
                "field-name",
            ))
        }
        Hint::Address => {
            address_ok(value).then_some((0, value.len(), Kind::StreetAddress, "field-address"))
        }
        // E-mails, links, IP addresses and secrets have shapes of their own that the rules
        // read wherever they are.
        Hint::Secret => secret_ok(value).then_some((0, value.len(), Kind::ApiKey, "field-secret")),
        // E-mail addresses are found by their shape anywhere, except URL-encoded in a
        // query string (`?email=jane.doe%40example.org`).
        Hint::Email => encoded_email(value).then_some((0, value.len(), Kind::Email, "email")),
        Hint::Url | Hint::Ip | Hint::Other | Hint::Lookalike => None,
    }
}

type Check = fn(&str) -> bool;

/// The check of an identifier whose label names a checksummed kind, with the number of
/// letters and digits such an identifier has: a value of that length must pass the check
/// (a typo is not replaced as one); a value of another length under the same label (a
/// Mexican CURP under `DNI`) is an identifier of another kind.
fn checksum_of(label: &str) -> Option<(usize, Check)> {
    let l = crate::structure::labels::normalise(label);
    let has = |w: &str| l.split(' ').any(|x| x == w) || l == w;
    Some(if has("nhs") {
        (10, v::uk_nhs)
    } else if has("pesel") {
        (11, v::pl_pesel)
    } else if has("dni") {
        (9, v::es_dni)
    } else if has("nie") {
        (9, v::es_nie)
    } else if l.contains("codice fiscale") {
        (16, v::it_codice_fiscale)
    } else if has("hetu") || has("henkilötunnus") {
        (10, v::fi_hetu)
    } else if has("nino") || l.contains("national insurance") {
        (9, v::uk_nino)
    } else if has("aadhaar") {
        (12, v::in_aadhaar)
    } else if has("tckn") || l.contains("tc kimlik") {
        (11, v::tr_tckn)
    } else {
        return None;
    })
}

fn alnum_count(s: &str) -> usize {
    s.chars().filter(|c| c.is_alphanumeric()).count()
}

/// `local%40domain.tld`.
fn encoded_email(value: &str) -> bool {
    let Some((local, domain)) = value.split_once("%40") else {
        return false;
    };
    !local.is_empty()
        && local
            .bytes()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, b'.' | b'_' | b'-' | b'+' | b'%'))
        && domain.contains('.')
        && domain
            .bytes()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, b'.' | b'-'))
}

fn digit_count(s: &str) -> usize {
    s.bytes().filter(u8::is_ascii_digit).count()
}

/// A phone number written out: an optional `+` or `00`, digits in groups separated by
/// spaces, dots, dashes, slashes or brackets, 7 to 15 digits, and an optional extension
/// (`x12`, `ext. 318`, `Durchwahl 22`). Dates and times are not phones.
pub fn phone_shaped(value: &str) -> bool {
    phone_extent(value).is_some_and(|(s, e)| s == 0 && e == value.len())
}

/// The leading phone number of `value` (the rest may be a remark: `0612 345 678 (evenings)`).
pub fn phone_extent(value: &str) -> Option<(usize, usize)> {
    let b = value.as_bytes();
    let mut i = 0;
    // `(+358) 035626424`: the country code in brackets.
    let mut depth = 0i32;
    if value.starts_with("(+") {
        i = 2;
        depth = 1;
    } else if b.first() == Some(&b'+') {
        i = 1;
        while b.get(i) == Some(&b' ') {
            i += 1;
        }
    }
    let start_digits = i;
    let mut end = i;
    let mut digits = 0;
    // Where the number stood before an opening bracket, in case the bracket is a remark.
    let mut before_open = (0, 0);
    while i < b.len() {
        let c = b[i];
        if c.is_ascii_digit() {
            digits += 1;
            i += 1;
            end = i;
            continue;
        }
        match c {
            b' ' | b'.' | b'-' | b'/' => {
                // A separator must be followed by a digit or a bracket to belong.
                if !b
                    .get(i + 1)
                    .is_some_and(|n| n.is_ascii_digit() || *n == b'(' || *n == b' ')
                {
                    break;
                }
            }
            b'(' => {
                if depth == 0 {
                    before_open = (end, digits);
                }
                depth += 1;
            }
            b')' => {
                depth -= 1;
                if depth < 0 {
                    break;
                }
                end = i + 1;
            }
            _ => break,
        }
        i += 1;
    }
    if depth > 0 {
        (end, digits) = before_open;
    }
    if !(7..=15).contains(&digits) || start_digits == b.len() {
        return None;
    }
    // The rules' own reading of dates and times (`2024-12-20`, `12/03/2025`).
    if classify::looks_like_date_or_time(&classify::shape(&value[..end])) {
        return None;
    }
    let mut e = end;
    // An extension.
    let rest = &value[e..];
    let lower = rest.to_ascii_lowercase();
    for ext in [
        " ext.: ",
        " ext. ",
        " ext: ",
        " ext.",
        " ext ",
        " extn ",
        " x ",
        " x",
        "x",
        " #",
        " durchwahl ",
        " poste ",
        " int. ",
        " int ",
        " kl. ",
    ] {
        if let Some(tail) = lower.strip_prefix(ext) {
            let n = tail.bytes().take_while(u8::is_ascii_digit).count();
            if (1..=6).contains(&n)
                && !tail
                    .as_bytes()
                    .get(n)
                    .is_some_and(u8::is_ascii_alphanumeric)
            {
                e += ext.len() + n;
                break;
            }
        }
    }
    Some((0, e))
}

/// An identifier: one token (or a few groups) of letters and digits with at least three
/// digits, 4 to 32 characters; the first such token of the value.
fn id_extent(value: &str) -> Option<(usize, usize)> {
    if value.len() > 48 || value.contains('@') || value.contains("://") {
        return None;
    }
    let ok_char = |c: char| c.is_alphanumeric() || matches!(c, '-' | '.' | '/' | ' ');
    if !value.chars().all(ok_char) {
        return None;
    }
    let n = digit_count(value);
    let words = value.split(' ').filter(|w| !w.is_empty()).count();
    // Groups of digits (`2 82 02 93 008 647 82`) may be many; words with letters few.
    let digit_groups = value
        .split(' ')
        .all(|w| w.bytes().all(|c| c.is_ascii_digit()));
    if n < 3 || value.chars().count() < 4 || words > if digit_groups { 9 } else { 5 } {
        return None;
    }
    // Words without digits before the number (`Nr 1234`, `BSB 362-592 Acc 913`) are part of
    // the value only when few.
    Some((0, value.len()))
}

fn postcode_ok(value: &str) -> bool {
    let len = value.chars().count();
    if !(3..=10).contains(&len) {
        return false;
    }
    if !value
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || matches!(c, ' ' | '-'))
    {
        return false;
    }
    let n = digit_count(value);
    n >= 3 || (n >= 2 && (v::uk_postcode(value) || v::ca_postcode(value)))
}

/// Values that stand in for a secret rather than being one.
const PLACEHOLDERS: &[&str] = &[
    "changeme",
    "change-me",
    "change_me",
    "password",
    "secret",
    "xxx",
    "xxxx",
    "xxxxxx",
    "none",
    "null",
    "nil",
    "true",
    "false",
    "empty",
    "redacted",
    "hidden",
    "example",
    "dummy",
    "test",
    "todo",
    "tbd",
    "required",
    "optional",
    "string",
    "your-password",
    "your_password",
];

/// A secret under a secret label: one token of 6 to 256 characters, not a placeholder, not a
/// reference to one elsewhere (`${DB_PASSWORD}`, `<token>`, `os.environ[...]`), and with
/// letters and digits or symbols mixed (or long).
fn secret_ok(value: &str) -> bool {
    let len = value.chars().count();
    if !(6..=256).contains(&len) || value.chars().any(char::is_whitespace) {
        return false;
    }
    let lower = value.to_ascii_lowercase();
    if PLACEHOLDERS.contains(&lower.as_str())
        || value.starts_with(['$', '<', '{', '%', '*'])
        || value.contains("${")
        || value.contains("{{")
        || value.contains('(')
        || lower.starts_with("env:")
        || value
            .chars()
            .all(|c| c == value.chars().next().unwrap_or(c))
    {
        return false;
    }
    // Placeholders written as runs (`xxxx…`, `XXXX_PUT_YOUR_TOKEN_HERE`) and code
    // (`X25519.secret_length`, `settings.DB_PASSWORD`).
    let mut distinct: Vec<char> = value.chars().collect();
    distinct.sort_unstable();
    distinct.dedup();
    if lower.contains("xxxx")
        || lower.contains("example")
        || value.contains(['"', '`'])
        || lower.contains("your")
        || lower.contains("here")
        || (len >= 12 && distinct.len() * 4 < len)
    {
        return false;
    }
    let attribute = value.split_once('.').is_some_and(|(a, b)| {
        let ident = |s: &str| {
            s.chars()
                .next()
                .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
                && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        };
        ident(a) && ident(b) && b.chars().any(|c| c.is_ascii_lowercase()) && b.len() > 3
    });
    if attribute {
        return false;
    }
    let letters = value.chars().any(char::is_alphabetic);
    let digits = value.chars().any(|c| c.is_ascii_digit());
    let symbols = value.chars().any(|c| !c.is_alphanumeric());
    (letters && (digits || symbols)) || len >= 16
}

fn host_extent(value: &str) -> Option<(usize, usize)> {
    // `ldaps://host:636`, `user@host`: the host part.
    let (off, rest) = match value.find("://") {
        Some(i) => (i + 3, &value[i + 3..]),
        None => (0, value),
    };
    let (off, rest) = match rest.find('@') {
        Some(i) if off > 0 => (off + i + 1, &rest[i + 1..]),
        _ => (off, rest),
    };
    let len = rest
        .find(|c: char| !(c.is_ascii_alphanumeric() || matches!(c, '-' | '.' | '_')))
        .unwrap_or(rest.len());
    let host = rest[..len].trim_end_matches('.');
    if host.is_empty() {
        return None;
    }
    Some((off, off + host.len())).filter(|_| host_ok(host))
}

fn host_ok(host: &str) -> bool {
    if host.len() > 253 || !host.bytes().any(|c| c.is_ascii_alphabetic()) {
        return false;
    }
    let lower = host.to_ascii_lowercase();
    !matches!(
        lower.as_str(),
        "localhost" | "local" | "none" | "null" | "true" | "false" | "default" | "example.com"
    )
}

/// Words that answer a question rather than name someone.
const NOT_NAMES: &[&str] = &[
    "yes",
    "no",
    "ok",
    "okay",
    "n/a",
    "na",
    "none",
    "null",
    "unknown",
    "tbd",
    "tba",
    "test",
    "hello",
    "hi",
    "thanks",
    "thank",
    "you",
    "me",
    "self",
    "same",
    "see",
    "below",
    "above",
    "anonymous",
    "nobody",
    "admin",
    "user",
    "customer",
    "guest",
    "true",
    "false",
    "ja",
    "nein",
    "oui",
    "non",
    "si",
    "sí",
    "sim",
    "não",
    "nao",
    "tak",
    "nie",
    "nej",
    "igen",
    "nem",
    "evet",
    "hayır",
    "kyllä",
    "ei",
    "ano",
    "da",
    "nu",
    "new",
    "existing",
    "vip",
    "private",
    "business",
];

/// A person's name under a name label: one to five words of letters (initials, particles,
/// apostrophes and hyphens allowed), not all of them ordinary words.
/// Whether `value` can be a person's name under a person label; `part_label` when the label
/// can hold nothing else (`first_name`, `Surname`), so that a name that is also a word
/// (`Rune`, `Contractor`) or written in lower case (`neja`) is one too.
fn person_ok(value: &str, source: Source, part_label: bool) -> bool {
    if value.len() > 80
        || value
            .chars()
            .any(|c| c.is_ascii_digit() || matches!(c, '@' | '/' | ':' | '=' | '_'))
    {
        return false;
    }
    let words: Vec<&str> = value
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|w| !w.is_empty())
        .collect();
    if words.is_empty() || words.len() > 5 {
        return false;
    }
    if !words.iter().all(|w| {
        w.chars()
            .all(|c| is_word_char(c) || matches!(c, '.' | '\'' | '’' | '-' | 'ʼ'))
            && w.chars().any(char::is_alphabetic)
    }) {
        return false;
    }
    // An identifier in camel case (`SecurityIdentifier`) is code, not a name (`McDonald`,
    // `DeVito` and `MacArthur` are).
    if words.iter().any(|w| camel_case(w)) {
        return false;
    }
    // In lower case, one of the answers that are no names (an ASCII word compared without
    // a lower-cased copy: the list is in lower case).
    let not_name = |w: &str| {
        if w.is_ascii() {
            NOT_NAMES.iter().any(|n| w.eq_ignore_ascii_case(n))
        } else {
            NOT_NAMES.contains(&w.to_lowercase().as_str())
        }
    };
    if words.iter().any(|w| not_name(w)) {
        return false;
    }
    // In a column under a name header, the header is evidence enough; after a form label in
    // running text, at least one word is capitalised or known as a name.
    let capitalised = words
        .iter()
        .any(|w| w.chars().next().is_some_and(char::is_uppercase));
    // What the lists know about each word, looked up once.
    let mut infos = [None; 5];
    for (info, w) in infos.iter_mut().zip(&words) {
        *info = name_info(w);
    }
    let infos = &infos[..words.len()];
    let known = infos
        .iter()
        .any(|i| i.is_some_and(|i| i.female || i.male || i.surname));
    let no_case = !words
        .iter()
        .any(|w| w.chars().any(|c| c.is_lowercase() || c.is_uppercase()));
    let all_words = infos
        .iter()
        .all(|i| i.is_some_and(|i| i.common_word && !(i.female || i.male || i.surname)));
    // A brand or product word that is no name (`Nespresso Vertuo`, `Herman Miller Aeron`).
    let product = infos
        .iter()
        .any(|i| i.is_some_and(|i| i.look_alike && !(i.female || i.male || i.surname)));
    // A value that is itself a label is the next cell of a header row read as a pair
    // (`Name<TAB>Geburtsdatum`), not a name.
    if source == Source::Key && crate::structure::labels::is_label(value) {
        return false;
    }
    if part_label && words.len() <= 4 {
        return true;
    }
    if all_words || product {
        return false;
    }
    let all_lower = !words.iter().any(|w| w.chars().any(char::is_uppercase)) && !no_case;
    let some_word = infos.iter().any(|i| i.is_some_and(|i| i.common_word));
    match source {
        Source::Header | Source::Column | Source::Record => true,
        // A lower-case answer after a label (`Cliente: sim`) is a name only when it is two
        // words or more and one of them is known as a name or none is a common word
        // (`Name - vjekoslav rajn`).
        Source::Key if all_lower => words.len() >= 2 && (known || !some_word),
        Source::Key => capitalised || known || no_case,
    }
}

/// Bytes of leading titles (`Dr. `, `Frau Prof. `) in a name value.
fn title_len(value: &str) -> usize {
    let mut at = 0;
    loop {
        let rest = &value[at..];
        let Some(sp) = rest.find(' ') else {
            return at;
        };
        let word = rest[..sp].trim_end_matches('.');
        if !is_title(word) || rest[sp..].trim().is_empty() {
            return at;
        }
        at += sp + 1;
    }
}

/// How much of a value after a name label is the name: in mixed case, the leading run of
/// capitalised words, initials and particles (`Hannah Schmidt` of `Hannah Schmidt called.`);
/// a value in one case (`maite olaizola`, `JANE DOE`) is taken whole.
fn name_extent(value: &str) -> usize {
    let has_upper = value.chars().any(char::is_uppercase);
    let has_lower = value.chars().any(char::is_lowercase);
    if !(has_upper && has_lower) {
        return value.len();
    }
    let mut end = 0;
    let mut pos = 0;
    for word in value.split(' ') {
        let w = word.trim_end_matches([',', '.', ';', ':', '!', '?']);
        let first = w.chars().next();
        let name_like = first.is_some_and(|c| c.is_uppercase() || !c.is_alphabetic() && c != '(')
            && w.chars()
                .all(|c| c.is_alphabetic() || matches!(c, '.' | '\'' | '’' | '-' | 'ʼ'));
        let particle = is_particle(w);
        let trail = &word[w.len()..];
        let initial = w.chars().count() == 1 && trail == ".";
        if initial {
            end = pos + word.len();
        } else if name_like {
            end = pos + w.len();
        } else if !particle || w.is_empty() {
            break;
        }
        if !trail.is_empty() && !initial {
            // A comma or full stop after a name word ends the name.
            break;
        }
        pos += word.len() + 1;
    }
    if end == 0 { value.len() } else { end }
}

/// A word with a capital inside it that is not after a name prefix (`Mc`, `Mac`, `De`, `Di`,
/// `La`, `Le`, `Van`, `Fitz`).
fn camel_case(word: &str) -> bool {
    let chars: Vec<char> = word.chars().collect();
    (1..chars.len()).any(|i| {
        chars[i].is_uppercase() && chars[i - 1].is_lowercase() && {
            let prefix: String = chars[..i].iter().collect();
            ![
                "Mc", "Mac", "De", "Di", "Da", "La", "Le", "Van", "Von", "Fitz",
            ]
            .contains(&prefix.as_str())
        }
    })
}

/// A headerless column's value that looks like a name: one to four capitalised words (or all
/// in capitals) of letters, one of them a known given name or surname that is not an
/// ordinary word.
pub fn given_name_first(value: &str) -> bool {
    // The first word must begin with an upper case letter: a cell that begins with an ASCII
    // byte of any other kind (a lower case word, a sign) is turned away before the words are
    // split and the characters tested (most cells of a table are no names).
    !opens_with_ascii_non_capital(value) && capitalised_name_words(value)
}

/// Whether `value`'s first byte after white space is ASCII and no upper case letter: then
/// [`capitalised_name_words`] is false (its proptest checks it).
fn opens_with_ascii_non_capital(value: &str) -> bool {
    value
        .trim_start()
        .as_bytes()
        .first()
        .is_some_and(|b| b.is_ascii() && !b.is_ascii_uppercase())
}

/// [`given_name_first`] without its first test.
fn capitalised_name_words(value: &str) -> bool {
    // One to four words, in an array rather than a vector.
    let mut buf = [""; 4];
    let mut count = 0;
    for w in value.split_whitespace() {
        if count == buf.len() {
            return false;
        }
        buf[count] = w;
        count += 1;
    }
    if count == 0 {
        return false;
    }
    let words = &buf[..count];
    let letters = value
        .chars()
        .all(|c| c.is_alphabetic() || matches!(c, ' ' | '-' | '\'' | '.'));
    let caps = words
        .iter()
        .all(|w| w.chars().next().is_some_and(char::is_uppercase));
    letters
        && caps
        && words.iter().any(|w| {
            name_info(w).is_some_and(|i| {
                (i.female || i.male || i.surname) && !i.common_word && !i.look_alike
            })
        })
}

/// A street address under an address label: letters and a number, or two words or more.
fn address_ok(value: &str) -> bool {
    if value.len() > 160 || value.contains('@') || value.contains("://") {
        return false;
    }
    let letters = value.chars().any(char::is_alphabetic);
    let digits = value.bytes().any(|c| c.is_ascii_digit());
    let words = value.split_whitespace().count();
    // A street and its number are words apart; one token (a wallet address) is no street.
    // Chinese, Japanese and Korean addresses are written without spaces (`大东蔡街670号`).
    let cjk = value.chars().any(|c| c as u32 >= 0x2E80);
    letters && (words >= 2 || cjk && digits) && words <= 20
}

#[cfg(test)]
mod tests {
    use super::*;

    proptest::proptest! {
        #[test]
        /// The first test turns away only values the word test turns away too.
        fn given_name_first_first_test_is_exact(
            words in proptest::collection::vec(
                proptest::sample::select(vec![
                    "Anna", "anna", "Maria", "Schmidt", "van", "O'Neil", "Dr.", "Ölund", "éa",
                    "-", "'", ".", "x1", "Ünal", "\u{a0}", "\u{2003}", "\t", "", "İlker",
                    "Jean-Luc", "acme", "(", "Smith,",
                ]),
                0..6,
            ),
            sep in proptest::sample::select(vec![" ", "  ", "\t", "\u{a0}", ""]),
        ) {
            let value = words.join(sep);
            proptest::prop_assert!(
                !opens_with_ascii_non_capital(&value) || !capitalised_name_words(&value),
                "{:?}",
                value
            );
        }
    }

    #[test]
    fn overlap_and_containment_by_binary_search() {
        let f = |s, e| Finding::new(s, e, Kind::Phone, "t");
        let sorted = [f(0, 3), f(5, 8), f(10, 12)];
        assert_eq!(overlapping(&sorted, 2, 6).len(), 2);
        assert!(overlapping(&sorted, 3, 5).is_empty());
        assert_eq!(overlapping(&sorted, 11, 40).len(), 1);
        let ranges = [(0, 4), (6, 9)];
        assert!(inside(&ranges, 6, 9) && inside(&ranges, 1, 3));
        assert!(!inside(&ranges, 3, 7) && !inside(&ranges, 9, 10));
    }

    #[test]
    fn phone_extents() {
        for p in [
            "319-274-5531",
            "(415) 555-0132",
            "+49 (0)6221 583114",
            "06.12.34.56.78",
            "07700 914382",
            "+1 415 555 0132 ext. 318",
            "555-0132 x12",
            "00420 738 364 840",
            "+380 (05) 484-07-21",
        ] {
            assert_eq!(phone_extent(p), Some((0, p.len())), "{p}");
        }
        assert_eq!(phone_extent("0612 345 678 (evenings)"), Some((0, 12)));
        for not in [
            "2024-12-20",
            "12/03/2025",
            "10:41:22",
            "12345",
            "v1.2.3",
            "abc",
        ] {
            assert!(!phone_shaped(not), "{not}");
        }
    }

    #[test]
    fn a_name_ends_where_the_sentence_goes_on() {
        fn ext(v: &str) -> &str {
            &v[..name_extent(v)]
        }
        assert_eq!(ext("Hannah Schmidt called."), "Hannah Schmidt");
        assert_eq!(ext("Jan van der Berg is here"), "Jan van der Berg");
        assert_eq!(ext("J. R. Tolkien"), "J. R. Tolkien");
        assert_eq!(ext("maite olaizola"), "maite olaizola");
        assert_eq!(ext("Doe, John"), "Doe");
        assert_eq!(ext("Anna Nowak, tel. 123"), "Anna Nowak");
        assert_eq!(title_len("Dr. Amara Nwosu"), 4);
        assert_eq!(title_len("Frau Prof. Weiß"), 11);
        assert_eq!(title_len("Mr"), 0);
    }

    #[test]
    fn names_under_labels() {
        assert!(person_ok("Jane Doe", Source::Key, false));
        assert!(person_ok("maite olaizola", Source::Header, false));
        assert!(person_ok("王静", Source::Key, false));
        assert!(!person_ok("Yes", Source::Key, false));
        assert!(!person_ok("see below", Source::Key, false));
        assert!(!person_ok("Dyson V15 Detect", Source::Header, false));
        assert!(!person_ok("jane@example.org", Source::Header, false));
        // Under a label that holds nothing but names: names that are words, lower case.
        assert!(person_ok("Rune", Source::Key, true));
        assert!(person_ok("neja", Source::Key, true));
        assert!(!person_ok("Rune", Source::Key, false));
        assert!(!person_ok("n/a", Source::Key, true));
    }
}
