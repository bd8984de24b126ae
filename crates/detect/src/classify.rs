// Decides what a candidate of the one-pass scan is: runs the validator of its rule and reads
// its context. Each function appends at most a few findings and returns the position where
// the scan resumes.

use redact_entity::{Finding, Kind};

use crate::context::{self, Cue, Cues};
use crate::rules::{Check, Rules};
use crate::secrets;
use crate::validate as v;

#[allow(clippy::too_many_arguments)]
pub fn classify(
    rules: &Rules,
    text: &str,
    check: Check,
    me: usize,
    vs: usize,
    ve: usize,
    out: &mut Vec<Finding>,
) -> usize {
    // IP addresses: the value ends where the port, zone or prefix begins (found here rather
    // than by a capture search, which costs more than the whole check).
    let ve = match check {
        Check::Ipv4 => text[vs..ve].find([':', '/']).map_or(ve, |i| vs + i),
        Check::Ipv6 => text[vs..ve].find(['%', '/']).map_or(ve, |i| vs + i),
        _ => ve,
    };
    let value = &text[vs..ve];
    match check {
        Check::Secret(i) => {
            let rule = &secrets::RULES[i];
            if secrets::plausible(rule, value) {
                // A generic assignment whose value has a provider's format (a JWT after
                // `TOKEN=`) takes the provider rule, so the stand-in keeps that format.
                let f = if rule.id.starts_with("generic") {
                    rules.specific_secret_at(text, vs, ve)
                } else {
                    None
                };
                out.push(f.unwrap_or_else(|| {
                    Finding::new(vs, ve, Kind::ApiKey, rule.id)
                        .with_prefix(usize::from(rule.prefix))
                }));
            }
            me
        }
        Check::Email => {
            // `SMTP_USER=jane@example.org`: the name of a setting is not part of the address.
            let at = value.find('@').unwrap_or(0);
            let vs = value[..at].rfind('=').map_or(vs, |i| vs + i + 1);
            if vs < ve && text.as_bytes()[vs] != b'@' {
                out.push(Finding::new(vs, ve, Kind::Email, "email"));
            }
            me
        }
        Check::Url => url(text, vs, ve, out),
        Check::Passport | Check::Licence | Check::LabelledId => {
            labelled(text, vs, ve, check, out);
            me
        }
        Check::Account | Check::Routing | Check::SortCode => {
            labelled(text, vs, ve, check, out);
            me
        }
        Check::Iban => iban(text, vs, ve, out),
        Check::Ipv4 => {
            // With its port or prefix when that is well formed, else the address alone.
            let suffix_ok = me > ve && ipv4_ok(text, vs, me) && {
                let suffix = &text[ve + 1..me];
                !text[ve..].starts_with('/') || suffix.parse::<u8>().is_ok_and(|p| p <= 32)
            };
            if suffix_ok {
                out.push(Finding::new(vs, me, Kind::IpAddress, "ipv4"));
                me
            } else if ipv4_ok(text, vs, ve) {
                out.push(Finding::new(vs, ve, Kind::IpAddress, "ipv4"));
                me
            } else {
                me
            }
        }
        Check::Ipv6 => ipv6(text, vs, ve, me, out),
        Check::Nino
        | Check::EsDni
        | Check::EsNie
        | Check::ItFiscal
        | Check::FiHetu
        | Check::SgNric
        | Check::UsMbi
        | Check::InPan
        | Check::UkPostcode
        | Check::CaPostcode => {
            // A vehicle registration written like a postcode (`Plate: GE069RA`) stays.
            let plate = matches!(check, Check::UkPostcode | Check::CaPostcode)
                && Cues::of(text, near_start(text, vs, 2), vs).has(Cue::NotPersonal);
            if let Some((valid, kind, rule)) = validated(check)
                && valid(value)
                && !plate
            {
                out.push(Finding::new(vs, ve, kind, rule));
            } else if check == Check::FiHetu && value.as_bytes()[6] == b'-' {
                // Not a Finnish code: read the digits as any other number (a Swedish
                // personnummer `871220-2384` has the same shape).
                return number(text, vs, ve, out);
            }
            me
        }
        Check::PrefixedId => {
            // The letters name the number; the stand-in keeps them.
            let prefix = value.bytes().take_while(|c| !c.is_ascii_digit()).count();
            out.push(Finding::new(vs, ve, Kind::IdNumber, "record-number").with_prefix(prefix));
            me
        }
        Check::PassportShape => {
            // `Please bring your passport (we have U73031212 on file)`.
            let (cues, near) =
                Cues::before_and_near(text, vs, context::WINDOW, near_start(text, vs, 2));
            if cues.has(Cue::Passport) && !near.has(Cue::NotPersonal) {
                out.push(Finding::new(vs, ve, Kind::IdNumber, "passport"));
            }
            me
        }
        Check::NlPostcode => {
            let ok = v::nl_postcode(value)
                && (followed_by_capitalised(text, ve)
                    || Cues::before(text, vs, 24).has(Cue::Postcode));
            if ok {
                out.push(Finding::new(vs, ve, Kind::Postcode, "nl-postcode"));
            }
            me
        }
        Check::InternalHost => {
            let b = text.as_bytes();
            if ve < b.len()
                && b[ve] == b'.'
                && b.get(ve + 1).is_some_and(|c| c.is_ascii_alphanumeric())
            {
                // Not the suffix: the name goes on; judge the whole name as a domain.
                let mut end = ve;
                while end < b.len()
                    && (b[end].is_ascii_alphanumeric()
                        || b[end] == b'-'
                        || (b[end] == b'.'
                            && b.get(end + 1).is_some_and(|c| c.is_ascii_alphanumeric())))
                {
                    end += 1;
                }
                domain(text, vs, end, out);
                return end;
            }
            if host_neighbours_ok(text, vs, ve) {
                out.push(Finding::new(vs, ve, Kind::Hostname, "internal-host"));
            }
            me
        }
        Check::Domain => {
            domain(text, vs, ve, out);
            me
        }
        Check::UncHost => {
            let host = &text[vs..ve];
            if host.bytes().any(|c| c.is_ascii_alphabetic())
                && !host.eq_ignore_ascii_case("localhost")
            {
                out.push(Finding::new(vs, ve, Kind::Hostname, "host-position"));
            }
            me
        }
        Check::Number => number(text, vs, ve, out),
    }
}

type Validator = fn(&str) -> bool;

/// The validator, kind and rule name of a check that is decided by its validator alone.
fn validated(check: Check) -> Option<(Validator, Kind, &'static str)> {
    Some(match check {
        Check::Nino => (v::uk_nino, Kind::IdNumber, "uk-nino"),
        Check::EsDni => (v::es_dni, Kind::IdNumber, "es-dni"),
        Check::EsNie => (v::es_nie, Kind::IdNumber, "es-nie"),
        Check::ItFiscal => (v::it_codice_fiscale, Kind::IdNumber, "it-fiscal-code"),
        Check::FiHetu => (v::fi_hetu, Kind::IdNumber, "fi-hetu"),
        // The shape is distinctive enough on its own (and a mistyped check letter is still
        // somebody's number).
        Check::SgNric => (v::sg_nric_shape, Kind::IdNumber, "sg-nric"),
        Check::UsMbi => (v::us_mbi, Kind::IdNumber, "us-mbi"),
        Check::InPan => (v::in_pan, Kind::IdNumber, "in-pan"),
        Check::UkPostcode => (v::uk_postcode, Kind::Postcode, "uk-postcode"),
        Check::CaPostcode => (v::ca_postcode, Kind::Postcode, "ca-postcode"),
        _ => return None,
    })
}

fn prev_char(text: &str, at: usize) -> Option<char> {
    text[..at].chars().next_back()
}

fn next_char(text: &str, at: usize) -> Option<char> {
    text[at..].chars().next()
}

fn followed_by_capitalised(text: &str, at: usize) -> bool {
    let rest = &text[at..];
    let rest = rest
        .strip_prefix(' ')
        .or_else(|| rest.strip_prefix(", "))
        .unwrap_or("");
    let mut cs = rest.chars();
    matches!(cs.next(), Some(c) if c.is_uppercase())
        && matches!(cs.next(), Some(c) if c.is_lowercase())
}

// ---------------------------------------------------------------------------------------
// Links

fn url(text: &str, vs: usize, ve: usize, out: &mut Vec<Finding>) -> usize {
    let b = text.as_bytes();
    let mut end = ve;
    // Trailing punctuation belongs to the sentence, except a closing bracket that balances
    // one inside the link.
    while end > vs {
        let c = b[end - 1];
        let trim = match c {
            b'.' | b',' | b';' | b':' | b'!' | b'?' | b'*' => true,
            b')' => count(&b[vs..end], b'(') < count(&b[vs..end], b')'),
            b']' => count(&b[vs..end], b'[') < count(&b[vs..end], b']'),
            _ => false,
        };
        if !trim {
            break;
        }
        end -= 1;
    }
    let s = &text[vs..end];
    let host_part = s.split_once("://").map_or(s, |(_, r)| r);
    let host = host_part.split(['/', '?', '#']).next().unwrap_or("");
    let host = host.rsplit('@').next().unwrap_or("");
    let ok = if s.len() >= 4 && s[..4].eq_ignore_ascii_case("www.") {
        host.matches('.').count() >= 2 && host.rsplit('.').next().is_some_and(|t| t.len() >= 2)
    } else {
        !host.is_empty()
    };
    if ok {
        out.push(Finding::new(vs, end, Kind::Url, "url"));
    }
    end.max(vs + 1)
}

fn count(s: &[u8], c: u8) -> usize {
    s.iter().filter(|&&x| x == c).count()
}

// ---------------------------------------------------------------------------------------
// Labelled values

fn labelled(text: &str, vs: usize, ve: usize, check: Check, out: &mut Vec<Finding>) {
    let value = &text[vs..ve];
    if !value.bytes().any(|c| c.is_ascii_digit()) {
        return;
    }
    // `DL` glued to letters is part of a code (`SKU-DLB-8409`), not a licence label.
    if check == Check::Licence {
        let head = &text.as_bytes()[..vs];
        let glued_label = head.ends_with(b"DL")
            && (value.as_bytes()[0].is_ascii_alphabetic()
                || head.len() > 2 && head[head.len() - 3].is_ascii_alphanumeric()
                || head.len() > 2 && head[head.len() - 3] == b'-');
        if glued_label {
            return;
        }
    }
    // A more specific reading of the value wins: a card number after "ID:", an SSN after a
    // generic ID label.
    if value
        .bytes()
        .all(|c| c.is_ascii_digit() || matches!(c, b' ' | b'-'))
    {
        if v::is_card(value).is_some() {
            out.push(Finding::new(vs, ve, Kind::CardNumber, "card"));
            return;
        }
        let ssn_shape = matches!(shape(value).groups.as_slice(), [3, 2, 4]);
        if check == Check::LabelledId && ssn_shape && v::ssn(value) {
            out.push(Finding::new(vs, ve, Kind::Ssn, "ssn"));
            return;
        }
    }
    let (kind, rule) = match check {
        Check::Passport => (Kind::IdNumber, "passport"),
        Check::Licence => (Kind::IdNumber, "driver-licence"),
        Check::LabelledId => (Kind::IdNumber, "labelled-id"),
        Check::Routing => (
            Kind::BankAccount,
            if v::aba_routing(value) {
                "aba"
            } else {
                "bank-number"
            },
        ),
        Check::SortCode => (Kind::BankAccount, "uk-sort-code"),
        _ => {
            let n = value.bytes().filter(u8::is_ascii_digit).count();
            if !(6..=20).contains(&n) {
                return;
            }
            (Kind::BankAccount, "bank-account")
        }
    };
    if matches!(check, Check::Passport | Check::Licence | Check::LabelledId) && value.len() < 4 {
        return;
    }
    out.push(Finding::new(vs, ve, kind, rule));
}

// ---------------------------------------------------------------------------------------
// IBAN

fn iban(text: &str, vs: usize, ve: usize, out: &mut Vec<Finding>) -> usize {
    let b = text.as_bytes();
    // Longest valid prefix ending before a space (or at the end).
    let mut end = ve;
    loop {
        let cand = &text[vs..end];
        let next_ok = end >= b.len() || !b[end].is_ascii_alphanumeric();
        if next_ok && v::iban(cand) {
            out.push(Finding::new(vs, end, Kind::BankAccount, "iban"));
            return end;
        }
        match cand.rfind([' ', '-']) {
            Some(i) if i > 4 => end = vs + i,
            _ => {
                // Not an IBAN: skip the groups that belong to it too.
                let mut e = ve;
                while e < b.len()
                    && matches!(b[e], b' ' | b'-' | b'0'..=b'9' | b'A'..=b'Z' | b'a'..=b'z')
                {
                    e += 1;
                }
                return e;
            }
        }
    }
}

// ---------------------------------------------------------------------------------------
// IP addresses

fn ipv4_ok(text: &str, vs: usize, end: usize) -> bool {
    let b = text.as_bytes();
    if prev_char(text, vs).is_some_and(|p| p.is_alphanumeric() || matches!(p, '_' | '.' | '-')) {
        return false;
    }
    let after = |i: usize| b.get(i).copied();
    if next_char(text, end).is_some_and(char::is_alphanumeric) {
        return false;
    }
    match after(end) {
        Some(b'_') => return false,
        // More numbers follow: an OID (`1.3.6.1.4.1`, first arc 0–2) or a version; an address
        // with a fifth part after it (`192.168.1.1.1`) is still an address.
        Some(b'.')
            if after(end + 1).is_some_and(|c| c.is_ascii_digit())
                && ((b[vs] <= b'2' && b.get(vs + 1) == Some(&b'.'))
                    || context::before(text, vs, 12).contains("version")) =>
        {
            return false;
        }
        _ => {}
    }
    let win = context::before(text, vs, 12);
    !(win.ends_with("version ") || win.ends_with('v') || win.ends_with("v "))
}

fn ipv6(text: &str, vs: usize, ve: usize, me: usize, out: &mut Vec<Finding>) -> usize {
    if prev_char(text, vs).is_some_and(|p| p.is_alphanumeric() || matches!(p, '_' | '.' | ':')) {
        // Glued to a word (`text::ffff:192.0.2.1`): not an IPv6 address, but an IPv4 address
        // may follow; go on after the first colon.
        return text[vs..me].find(':').map_or(me, |i| vs + i + 1);
    }
    // A prefix length that goes on (`/9999`) is not one: the address ends before it.
    let me = if text[ve..me].starts_with('/')
        && next_char(text, me).is_some_and(|c| c.is_ascii_digit())
    {
        ve
    } else {
        me
    };
    if next_char(text, me).is_some_and(|c| c.is_alphanumeric() || matches!(c, '_' | ':')) {
        return me;
    }
    let suffix = &text[ve..me];
    let prefix_ok = suffix
        .strip_prefix('/')
        .is_none_or(|p| p.parse::<u8>().is_ok_and(|p| p <= 128));
    let me = if prefix_ok { me } else { ve };
    let cand = &text[vs..ve];
    let mut ok_end = None;
    for trim in 0..2 {
        let end = ve - trim;
        if end <= vs {
            break;
        }
        let c = &text[vs..end];
        if c.parse::<std::net::Ipv6Addr>().is_ok() {
            ok_end = Some(end);
            break;
        }
        if !(cand.ends_with(':') || cand.ends_with('.')) {
            break;
        }
    }
    let Some(end) = ok_end else {
        return me;
    };
    let addr = &text[vs..end];
    let groups = addr.split(':').filter(|g| !g.is_empty()).count();
    if !addr.bytes().any(|c| c.is_ascii_digit()) && groups < 4 && !(addr == "::" && me > ve) {
        return me;
    }
    let end = if end == ve { me } else { end };
    out.push(Finding::new(vs, end, Kind::IpAddress, "ipv6"));
    end
}

// ---------------------------------------------------------------------------------------
// Hostnames and domains

pub(crate) const TLDS: &[&str] = &[
    "com",
    "net",
    "org",
    "edu",
    "gov",
    "mil",
    "int",
    "io",
    "co",
    "ai",
    "app",
    "dev",
    "cloud",
    "tech",
    "info",
    "biz",
    "me",
    "tv",
    "us",
    "uk",
    "de",
    "fr",
    "es",
    "it",
    "nl",
    "be",
    "ch",
    "at",
    "se",
    "no",
    "dk",
    "fi",
    "pl",
    "ie",
    "pt",
    "gr",
    "cz",
    "sk",
    "hu",
    "ro",
    "bg",
    "hr",
    "si",
    "rs",
    "ua",
    "ru",
    "lt",
    "lv",
    "ee",
    "is",
    "lu",
    "li",
    "mt",
    "cy",
    "eu",
    "ca",
    "mx",
    "br",
    "ar",
    "cl",
    "pe",
    "au",
    "nz",
    "jp",
    "cn",
    "kr",
    "in",
    "sg",
    "hk",
    "tw",
    "th",
    "vn",
    "id",
    "my",
    "ph",
    "pk",
    "lk",
    "il",
    "ae",
    "sa",
    "tr",
    "za",
    "ng",
    "ke",
    "eg",
    "ma",
    "site",
    "online",
    "xyz",
    "store",
    "shop",
    "blog",
    "news",
    "global",
    "agency",
    "digital",
    "network",
    "systems",
    "solutions",
    "email",
    "live",
    "world",
    "space",
    "studio",
    "design",
    "media",
    "group",
    "company",
    "team",
    "works",
    "page",
    "website",
    "host",
    "health",
    "bank",
    "law",
    "legal",
    "finance",
    "money",
    "consulting",
    "services",
    "support",
    "center",
    "social",
    "chat",
    "one",
    "top",
    "club",
    "art",
    "london",
    "berlin",
    "paris",
    "nyc",
];

fn host_neighbours_ok(text: &str, vs: usize, ve: usize) -> bool {
    let b = text.as_bytes();
    if prev_char(text, vs).is_some_and(char::is_alphanumeric)
        || next_char(text, ve).is_some_and(char::is_alphanumeric)
    {
        return false;
    }
    if vs > 0 && matches!(b[vs - 1], b'@' | b'.' | b'-' | b'_' | b'/' | b'\\' | b'$') {
        return false;
    }
    !matches!(b.get(ve), Some(b'(' | b'=' | b'-' | b'_' | b'@'))
}

fn domain(text: &str, vs: usize, ve: usize, out: &mut Vec<Finding>) {
    let host = &text[vs..ve];
    let Some(tld) = host.rsplit('.').next() else {
        return;
    };
    if !TLDS.iter().any(|t| t.eq_ignore_ascii_case(tld)) {
        return;
    }
    // Mixed-case labels (`Foo.Bar`, `self.App`) read as code or prose, not host names.
    if host.bytes().any(|c| c.is_ascii_uppercase()) && host.bytes().any(|c| c.is_ascii_lowercase())
    {
        let labels_title = host.split('.').all(|l| {
            let mut cs = l.chars();
            cs.next().is_some_and(char::is_uppercase) && cs.all(|c| !c.is_uppercase())
        });
        if !labels_title {
            return;
        }
    }
    if !host_neighbours_ok(text, vs, ve) {
        return;
    }
    let labels: Vec<&str> = host.split('.').collect();
    // "e.g", "i.e", initials: every label a single letter.
    if labels.iter().all(|l| l.len() <= 1) {
        return;
    }
    // `contact.email`, `user.live`: two labels with a word for a top-level domain read as
    // code (an attribute) rather than a host, unless the name looks like one (digits or
    // hyphens in it).
    if labels.len() == 2
        && tld.len() > 3
        && !labels[0].bytes().any(|c| c.is_ascii_digit() || c == b'-')
    {
        return;
    }
    out.push(Finding::new(vs, ve, Kind::Hostname, "domain"));
}

// ---------------------------------------------------------------------------------------
// Digit runs: cards, phones, SSNs, routing and account numbers, national IDs, ZIP codes

fn number(text: &str, vs: usize, ve: usize, out: &mut Vec<Finding>) -> usize {
    let b = text.as_bytes();
    let (mut s, mut e) = (vs, ve);
    // `(+358) 035626424`, `(+1-868) 625-1234`: the bracket before the `+` belongs to the
    // number when more of the number follows its `)` (in `(+1 985-896-2946)` it wraps the
    // whole number, and stays with the prose around it).
    let country_closed = || {
        b[s..e]
            .iter()
            .position(|&c| c == b')')
            .is_some_and(|k| b[s + k + 1..e].iter().any(u8::is_ascii_digit))
    };
    if b[s] == b'+'
        && s > 0
        && b[s - 1] == b'('
        && country_closed()
        && out.last().is_none_or(|f| f.end < s)
    {
        s -= 1;
    }
    // Unbalanced brackets at the edges belong to the prose.
    if b[e - 1] == b')' && count(&b[s..e], b'(') < count(&b[s..e], b')') {
        e -= 1;
    }
    if b[s] == b'(' && !brackets_balanced(&text[s..e]) && brackets_balanced(&text[s + 1..e]) {
        s += 1;
    }
    while e > s && !b[e - 1].is_ascii_digit() && b[e - 1] != b')' {
        e -= 1;
    }
    // A ')' without its '(' (the '(' was left outside the token): not one number. Taking it
    // would leave a stand-in that a restore reads together with the '(' in front.
    if count(&b[s..e], b')') > count(&b[s..e], b'(') {
        return ve;
    }
    if e <= s {
        return ve;
    }
    if let Some(p) = prev_char(text, s) {
        if p.is_alphanumeric() || p == '_' {
            // Digits glued to a word (`print12:172.21.251.144`): skip them only, so what
            // follows the separator (an IP address) is still read. A bracket after a word is a
            // call's argument (`format_size(769616160)`): skipped whole.
            if !b[s].is_ascii_digit() {
                return ve;
            }
            let glued = b[s..e].iter().take_while(|c| c.is_ascii_digit()).count();
            return (s + glued).max(vs + 1);
        }
        if p == '$' || p == '€' || p == '£' {
            return ve;
        }
        // `ORD-2020-294871`, `SKU-DLB-8409`: the digits of a code that starts with letters.
        if p == '-' && s >= 2 && b[s - 2].is_ascii_alphabetic() {
            return ve;
        }
        // `1,234` or `3.5`: part of a larger number, unless the run before the separator is
        // long (a CSV row `…0132,4716…`, where the comma is a field separator).
        if matches!(p, '.' | ',') && s >= 2 && b[s - 2].is_ascii_digit() {
            let first_group = b[s..e].iter().take_while(|c| c.is_ascii_digit()).count();
            let before = b[..s - 1]
                .iter()
                .rev()
                .take_while(|c| c.is_ascii_digit())
                .count();
            if p == '.' || first_group <= 3 || before <= 3 {
                return ve;
            }
        }
    }
    // An extension after a phone number: `x12`, ` ext. 318`.
    let ext = extension_len(text, ve);
    if let Some(n) = next_char(text, ve + ext) {
        if n.is_alphanumeric() || n == '_' || n == '%' {
            return ve;
        }
        if matches!(n, '.' | ',') && b.get(ve + ext + 1).is_some_and(u8::is_ascii_digit) {
            // `1234,56`: a decimal; `…0132,4716307965404615`: the next CSV field.
            let after = b[ve + ext + 1..]
                .iter()
                .take_while(|c| c.is_ascii_digit())
                .count();
            let last_group = b[s..e]
                .iter()
                .rev()
                .take_while(|c| c.is_ascii_digit())
                .count();
            if n == '.' || after <= 3 || last_group <= 3 {
                return ve;
            }
        }
    }
    if let Some(mut f) = digits_finding(text, s, e, false) {
        if f.kind == Kind::Phone && ext > 0 && e == ve {
            f.end = ve + ext;
        }
        out.push(f);
        return ve + ext;
    }
    // Several numbers written one after another: take the longest valid prefix at each
    // space, then go on after it.
    let spaces: Vec<usize> = text[s..e]
        .match_indices(' ')
        .map(|(i, _)| s + i)
        .filter(|&i| i > s)
        .collect();
    if spaces.is_empty() || spaces.len() > 10 {
        return if matches!(b[vs], b'(' | b'+') {
            vs + 1
        } else {
            ve
        };
    }
    // Said to be one identifier that did not validate: not several numbers either.
    let cues = Cues::before(text, s, context::WINDOW);
    if [
        Cue::Nhs,
        Cue::Ssn,
        Cue::Sin,
        Cue::Passport,
        Cue::Licence,
        Cue::Account,
        Cue::Card,
        Cue::Routing,
    ]
    .into_iter()
    .any(|c| cues.has(c))
    {
        return ve;
    }
    let mut cuts: Vec<usize> = spaces.clone();
    cuts.push(e);
    let mut start = s;
    let mut found_any = false;
    while start < e {
        let mut found = None;
        for &c in cuts.iter().rev() {
            if c <= start {
                break;
            }
            if start == s && c == e {
                continue;
            }
            if let Some(f) = digits_finding(text, start, c, false) {
                found = Some((f, c));
                break;
            }
        }
        match found {
            Some((f, c)) => {
                found_any = true;
                out.push(f);
                start = c + 1;
            }
            None => match cuts.iter().find(|&&c| c > start) {
                Some(&c) if c < e => start = c + 1,
                _ => break,
            },
        }
        while start < e
            && !b[start].is_ascii_digit()
            && b[start] != b'+'
            && !(b[start] == b'(' && brackets_balanced(&text[start..e]))
        {
            start += 1;
        }
    }
    if !found_any && matches!(b[vs], b'(' | b'+') {
        // Let the other rules look at what follows the bracket or sign.
        return vs + 1;
    }
    ve
}

/// Length of a telephone extension written right after a number at `at` (`x12`, ` x 12`,
/// ` ext. 318`, ` ext 318`, ` extension 4`), 0 when there is none.
fn extension_len(text: &str, at: usize) -> usize {
    let rest = text.as_bytes().get(at..).unwrap_or_default();
    // Every form starts with a space or an `x`: most numbers are followed by neither.
    if !matches!(rest.first(), Some(b' ' | b'x' | b'X')) {
        return 0;
    }
    for ext in EXTENSIONS {
        let e = ext.as_bytes();
        if rest.len() > e.len() && rest[..e.len()].eq_ignore_ascii_case(e) {
            let tail = &rest[e.len()..];
            let n = tail.iter().take_while(|c| c.is_ascii_digit()).count();
            if (1..=6).contains(&n) && !tail.get(n).is_some_and(u8::is_ascii_alphanumeric) {
                return e.len() + n;
            }
        }
    }
    0
}

/// The ways an extension is written after a number, tried in order ([`extension_len`]).
const EXTENSIONS: [&str; 10] = [
    " extension ",
    " ext.: ",
    " ext. ",
    " ext: ",
    " ext.",
    " ext ",
    " x ",
    " x",
    "x",
    " #",
];

/// Every ')' closes an earlier '(' and every '(' is closed.
fn brackets_balanced(s: &str) -> bool {
    let mut depth = 0i32;
    for c in s.bytes() {
        match c {
            b'(' => depth += 1,
            b')' => {
                depth -= 1;
                if depth < 0 {
                    return false;
                }
            }
            _ => {}
        }
    }
    depth == 0
}

/// A list kept in place up to `N` items and on the heap beyond: a number's shape is read
/// for every digit run the rules find, and its three lists are short (three heap blocks a
/// run were half the allocations of detection).
pub(crate) struct Buf<T: Copy + Default, const N: usize> {
    inline: [T; N],
    len: usize,
    /// All the items once there are more than `N`.
    heap: Vec<T>,
}

impl<T: Copy + Default, const N: usize> Buf<T, N> {
    fn new() -> Self {
        Buf {
            inline: [T::default(); N],
            len: 0,
            heap: Vec::new(),
        }
    }

    fn push(&mut self, x: T) {
        if self.len < N {
            self.inline[self.len] = x;
        } else {
            if self.len == N {
                self.heap.extend_from_slice(&self.inline);
            }
            self.heap.push(x);
        }
        self.len += 1;
    }

    pub(crate) fn as_slice(&self) -> &[T] {
        if self.len <= N {
            &self.inline[..self.len]
        } else {
            &self.heap
        }
    }
}

impl<T: Copy + Default, const N: usize> std::ops::Deref for Buf<T, N> {
    type Target = [T];

    fn deref(&self) -> &[T] {
        self.as_slice()
    }
}

impl<T: Copy + Default + PartialEq, const N: usize, const M: usize> PartialEq<[T; M]>
    for Buf<T, N>
{
    fn eq(&self, other: &[T; M]) -> bool {
        self.as_slice() == other
    }
}

pub(crate) struct Shape {
    digits: Buf<u8, 24>,
    groups: Buf<usize, 12>,
    seps: Buf<u8, 4>,
    plus: bool,
    paren: bool,
}

pub(crate) fn shape(raw: &str) -> Shape {
    // Filled in place (the lists built apart and then moved into the shape were copied,
    // inline arrays and all, for every digit run).
    let mut sh = Shape {
        digits: Buf::new(),
        groups: Buf::new(),
        seps: Buf::new(),
        plus: raw.starts_with('+') || raw.starts_with("(+"),
        paren: false,
    };
    let mut run = 0;
    for c in raw.bytes() {
        if c.is_ascii_digit() {
            sh.digits.push(c - b'0');
            run += 1;
        } else {
            if run > 0 {
                sh.groups.push(run);
            }
            run = 0;
            sh.paren |= c == b'(';
            if !sh.seps.contains(&c) && c != b'+' && c != b'(' && c != b')' {
                sh.seps.push(c);
            }
        }
    }
    if run > 0 {
        sh.groups.push(run);
    }
    sh
}

pub(crate) fn looks_like_date_or_time(sh: &Shape) -> bool {
    let g = &sh.groups;
    // A date and a time: `2024-05-16 12:10`, `16/05/2024 12:10:33`.
    if sh.seps.contains(&b':')
        && g.len() >= 5
        && matches!(g[..3], [4, 1..=2, 1..=2] | [1..=2, 1..=2, 4])
        && g[3..].iter().all(|&n| n <= 2)
    {
        return true;
    }
    // `12:30`, `2024:05:16`; not `3123:4567:8909` (no group of one or two digits).
    if sh.seps.contains(&b':')
        && g.iter().all(|&n| n <= 2 || n == 4)
        && g.iter().any(|&n| n <= 2)
        && g.len() <= 4
        && !sh.plus
    {
        return true;
    }
    if g.len() == 3 && sh.seps.len() == 1 && matches!(sh.seps[0], b'/' | b'-' | b'.') {
        let d = &sh.digits;
        let num = |from: usize, len: usize| {
            d[from..from + len]
                .iter()
                .fold(0u32, |a, &x| a * 10 + u32::from(x))
        };
        match (g[0], g[1], g[2]) {
            (4, 1..=2, 1..=2) => {
                let (m, dd) = (num(4, g[1]), num(4 + g[1], g[2]));
                return (1..=12).contains(&m) && (1..=31).contains(&dd);
            }
            (1..=2, 1..=2, 2 | 4) => {
                let (a, bb) = (num(0, g[0]), num(g[0], g[1]));
                return (1..=31).contains(&a) && (1..=31).contains(&bb) && (a <= 12 || bb <= 12);
            }
            _ => {}
        }
    }
    false
}

fn looks_like_version_or_amount(sh: &Shape) -> bool {
    sh.seps == [b'.']
        && !sh.plus
        && (sh.groups.len() == 2 || (sh.groups.len() <= 4 && sh.groups.iter().all(|&n| n <= 3)))
}

/// Byte offset where the last `k` words before `at` in the same line and clause begin.
pub(crate) fn near_start(text: &str, at: usize, k: usize) -> usize {
    let b = text.as_bytes();
    let floor = at.saturating_sub(40);
    let mut i = at;
    let mut words = 0;
    while i > floor {
        // Skip spaces, then one word.
        while i > floor && matches!(b[i - 1], b' ' | b'\t') {
            i -= 1;
        }
        if i == floor || matches!(b[i - 1], b'\n' | b';' | b'|') {
            // A line or clause boundary: the words before it say nothing about the number.
            break;
        }
        let word_end = i;
        while i > floor && !matches!(b[i - 1], b' ' | b'\t' | b'\n') {
            i -= 1;
        }
        if b[i..word_end].contains(&b';') {
            i = word_end;
            break;
        }
        words += 1;
        if words == k {
            break;
        }
    }
    while !text.is_char_boundary(i) {
        i += 1;
    }
    i
}

/// Classifies the digit run `text[s..e]`. `labelled` is true when a label in front already
/// says the value is identifying (so bare forms are accepted more readily).
fn digits_finding(text: &str, s: usize, e: usize, labelled: bool) -> Option<Finding> {
    let raw = &text[s..e];
    if !brackets_balanced(raw) {
        // "415) 867-2210" or "(4111 1111": a part of something else.
        return None;
    }
    let sh = shape(raw);
    let n = sh.digits.len();
    if !(4..=23).contains(&n) {
        return None;
    }
    if looks_like_date_or_time(&sh) || (looks_like_version_or_amount(&sh) && n < 10) {
        return None;
    }
    // A dotted number with a one-digit part after the first is a version or a build
    // (`10.0.19330.1445`), whatever its length.
    if sh.seps == [b'.'] && !sh.plus && sh.groups.iter().skip(1).any(|&g| g == 1) {
        return None;
    }
    let f = |kind, rule| Some(Finding::new(s, e, kind, rule));
    let separated = !sh.seps.is_empty();
    let same_sep = sh.seps.len() <= 1;

    // Cards: Luhn plus issuer ranges, whatever the context.
    if (13..=19).contains(&n) && same_sep && !sh.plus && !sh.paren && v::is_card(raw).is_some() {
        return f(Kind::CardNumber, "card");
    }
    if sh.plus {
        // A `+` and an assigned country code are a phone, whether or not its range is.
        return if phone_valid(raw, true) || phone_plausible(raw) {
            f(Kind::Phone, "phone")
        } else {
            None
        };
    }
    // `00` and a country code: the international prefix written out.
    // `00` and an assigned number written without spaces: `00421270560848`.
    if raw.starts_with("00")
        && !raw.starts_with("000")
        && !separated
        && (11..=17).contains(&n)
        && phone_valid(&raw[2..], true)
    {
        return f(Kind::Phone, "phone");
    }
    // Written in groups like a phone: `00420 607 660 112`, `0049 6221 583114`.
    let first = sh.groups.first().copied().unwrap_or(0);
    if raw.starts_with("00")
        && !raw.starts_with("000")
        && (10..=17).contains(&n)
        && (3..=5).contains(&first)
        && sh.groups.len() >= 3
    {
        let digits: String = raw.chars().filter(char::is_ascii_digit).collect();
        // Not the tail of a longer run of digit groups (an account number split at spaces).
        let after_digits = text[..s]
            .trim_end_matches(' ')
            .chars()
            .next_back()
            .is_some_and(|c| c.is_ascii_digit());
        let cues = Cues::before(text, s, context::WINDOW);
        if digits.len() > 2
            && (phone_valid(&digits[2..], true)
                || (!after_digits && phone_plausible(&digits[2..]))
                || (cues.has(Cue::Phone) && phone_plausible(&digits[2..])))
        {
            return f(Kind::Phone, "phone");
        }
    }
    // Context is read only for what the shape alone cannot decide.
    let (ctx, near) = Cues::before_and_near(text, s, context::WINDOW, near_start(text, s, 2));
    let negative = !labelled && near.has(Cue::NotPersonal);
    if negative {
        return None;
    }
    let g = sh.groups.as_slice();
    // SSN-shaped: 3-2-4 (any separators at group boundaries) or nine digits.
    if n == 9 {
        let ssn_shape = matches!(g, [3, 2, 4] | [3, 6] | [5, 4] | [9]);
        if ssn_shape && v::ssn(raw) && (separated || ctx.has(Cue::Ssn)) {
            return f(Kind::Ssn, "ssn");
        }
        // An ITIN starts with 9, which no SSN does: its ranges decide it even bare.
        if v::us_itin(raw) && (separated || matches!(g, [9]) || ctx.has(Cue::Tax)) {
            return f(Kind::IdNumber, "us-itin");
        }
        if ctx.has(Cue::Sin) && v::ca_sin(raw) {
            return f(Kind::IdNumber, "ca-sin");
        }
        if matches!(g, [9] | [4, 4, 1]) && v::aba_routing(raw) {
            return f(Kind::BankAccount, "aba");
        }
        if matches!(g, [3, 3, 3]) && v::ca_sin(raw) {
            return f(Kind::IdNumber, "ca-sin");
        }

        if ctx.has(Cue::Id) && v::au_tfn(raw) {
            return f(Kind::IdNumber, "au-tfn");
        }
        // Said to be a national number (an Israeli Teudat Zehut, a Luhn-checked nine).
        if ctx.has(Cue::Id) && v::luhn(&sh.digits) {
            return f(Kind::IdNumber, "national-id");
        }
    }
    if matches!(g, [3, 2, 4]) && separated {
        // Written like an SSN: it is one, an ITIN, or nothing personal.
        return None;
    }
    // A date that exists and Luhn together are rare enough in any other number of ten or
    // twelve digits to be taken bare (`199109242397`, `9201232387`).
    if matches!(g, [6, 4] | [8, 4] | [10] | [12])
        && v::se_personnummer(raw)
        && (separated || n >= 10 || ctx.has(Cue::Id))
    {
        return f(Kind::IdNumber, "se-personnummer");
    }
    if matches!(g, [6, 7] | [13])
        && (v::kr_rrn(raw) || v::kr_frn(raw))
        && (separated || ctx.has(Cue::Id))
    {
        return f(Kind::IdNumber, "kr-rrn");
    }
    // A Korean driving licence `11-22-123456-12`: a region (11–28), the year, a serial
    // and a check; with another first group it is not one, and not a phone either.
    if matches!(g, [2, 2, 6, 2]) && sh.seps == [b'-'] {
        let region = u32::from(sh.digits[0]) * 10 + u32::from(sh.digits[1]);
        return (11..=28)
            .contains(&region)
            .then(|| Finding::new(s, e, Kind::IdNumber, "kr-driving-licence"));
    }
    // An Australian Medicare number as printed on the card: `2123 45670 1`.
    if matches!(g, [4, 5, 1]) && same_sep && v::au_medicare(raw) {
        return f(Kind::IdNumber, "au-medicare");
    }
    if n == 12 && matches!(g, [4, 4, 4] | [12]) && v::in_aadhaar(raw) {
        return f(Kind::IdNumber, "in-aadhaar");
    }
    if n == 10 && ctx.has(Cue::Nhs) {
        // Said to be an NHS number: it is one, or a typo, not a phone.
        return if v::uk_nhs(raw) {
            f(Kind::IdNumber, "nhs")
        } else {
            None
        };
    }
    // Phones in national formats.
    if (7..=13).contains(&n) {
        let phone_ctx = ctx.has(Cue::Phone) || phone_word_after(text, e) || after_email(text, s);
        let nanp = matches!(g, [3, 3, 4] | [1, 3, 3, 4]) && separated;
        let trunk = sh.digits[0] == 0 && (separated || n >= 10);
        let dotted_quad = sh.seps == [b'.'] && g.len() == 4 && g.iter().all(|&x| x <= 3);
        let grouped = separated && g.len() >= 3 && g.iter().all(|&x| x >= 2) && !dotted_quad;
        // A Chinese mobile number is written as eleven digits in one run: `13912345678`.
        let cn_mobile = g == [11] && sh.digits[0] == 1 && sh.digits[1] >= 3;
        let valid = phone_valid(raw, false) || ((phone_ctx || sh.paren) && phone_valid_any(raw));
        if (phone_ctx || sh.paren || nanp || trunk || grouped || cn_mobile) && valid {
            return f(Kind::Phone, "phone");
        }
        // The North American shape with its area code in brackets, `(387) 356-9322`, or
        // with a leading 1 and dashes, `1-344-948-6539`: a phone by its writing alone.
        let nanp_written = (sh.paren && matches!(g, [3, 3, 4]) && raw.starts_with('('))
            || (matches!(g, [1, 3, 3, 4]) && sh.seps == [b'-'] && raw.starts_with('1'));
        // The Brazilian shape: a two-digit area code, then `NNNN-NNNN` or `NNNNN-NNNN`
        // (`11 0289-5050`, `(11) 91234-5678`).
        let br_written = matches!(g, [2, 4, 4] | [2, 5, 4])
            && sh.digits[0] != 0
            && raw.as_bytes()[raw.len() - 5] == b'-'
            && !raw[..raw.len() - 5].contains('-');
        if nanp_written || br_written {
            return f(Kind::Phone, "phone");
        }
        // Said to be a phone (`call`, `Tel.`, `reach me on`): any plausible number is one,
        // assigned or not.
        // Right after the phone word (`call 70072500`), any length of a phone will do.
        let phone_near = near.has(Cue::Phone);
        if phone_ctx && (separated || sh.paren || sh.digits[0] == 0 || n >= 8 || phone_near) {
            return f(Kind::Phone, "phone-context");
        }
    }
    if n == 10 && matches!(g, [3, 3, 4] | [10]) && v::uk_nhs(raw) {
        return f(Kind::IdNumber, "nhs");
    }
    // Labels and context words.
    if ctx.has(Cue::Ssn) && n == 9 && v::ssn(raw) {
        return f(Kind::Ssn, "ssn");
    }
    if ctx.has(Cue::Routing) && n == 9 {
        return f(
            Kind::BankAccount,
            if v::aba_routing(raw) {
                "aba"
            } else {
                "bank-number"
            },
        );
    }
    if ctx.has(Cue::SortCode) && n == 6 {
        return f(Kind::BankAccount, "uk-sort-code");
    }
    // Up to 18 digits: a Mexican CLABE.
    if ctx.has(Cue::Account) && (6..=18).contains(&n) {
        return f(Kind::BankAccount, "bank-account");
    }
    if ctx.has(Cue::Passport) && (6..=9).contains(&n) {
        return f(Kind::IdNumber, "passport");
    }
    if ctx.has(Cue::Licence) && (5..=15).contains(&n) {
        return f(Kind::IdNumber, "driver-licence");
    }
    if ctx.has(Cue::Card) && (12..=19).contains(&n) && v::luhn(&sh.digits) {
        return f(Kind::CardNumber, "card");
    }
    // Postcodes: ZIP after a state code or a postcode label; European codes before a town.
    if matches!(g, [5] | [5, 4]) && v::us_zip(raw) {
        let state_before = {
            let w = &text[..s];
            let w = w.trim_end_matches([' ', ',']);
            let bytes = w.as_bytes();
            bytes.len() >= 2
                && w.get(w.len() - 2..)
                    .is_some_and(|code| US_STATES.contains(&code))
                && (bytes.len() == 2 || !bytes[bytes.len() - 3].is_ascii_alphanumeric())
        };
        if state_before || near.has(Cue::Postcode) {
            return f(Kind::Postcode, "us-zip");
        }
    }
    // A Japanese postcode after its label: `Postal code (177-4841)`.
    if matches!(g, [3, 4]) && sh.seps == [b'-'] && near.has(Cue::Postcode) {
        return f(Kind::Postcode, "postcode");
    }
    if matches!(g, [5] | [4]) && !separated {
        let line_start = {
            let w = text[..s].trim_end_matches([' ', '\t']);
            // `On May 8, 2019, Riku wrote:`: a year after the day of a date.
            let after_day = w.strip_suffix(',').is_some_and(|d| {
                let day = d.bytes().rev().take_while(u8::is_ascii_digit).count();
                let month = d[..d.len() - day].trim_end_matches(' ');
                let month = month.rsplit(' ').next().unwrap_or_default();
                (1..=2).contains(&day)
                    && d[..d.len() - day].ends_with(' ')
                    && MONTHS.contains(&month.trim_end_matches('.').to_ascii_lowercase().as_str())
            });
            (w.is_empty() || w.ends_with(',') || w.ends_with('\n')) && !after_day
        };
        if (line_start && followed_by_capitalised(text, e)) || near.has(Cue::Postcode) {
            let ok = if n == 5 {
                v::de_plz(raw) || v::fr_code_postal(raw)
            } else {
                true
            };
            if ok {
                return f(Kind::Postcode, "postcode");
            }
        }
    }
    // Other national identifiers with check digits, written bare.
    if !separated || same_sep {
        let rule = match n {
            11 if v::pl_pesel(raw) => Some("pl-pesel"),
            11 if v::tr_tckn(raw) => Some("tr-tckn"),
            11 if v::de_tax_id(raw) => Some("de-tax-id"),
            11 if v::ng_nin(raw) => Some("ng-nin"),
            13 if v::za_id(raw) => Some("za-id"),
            13 if v::th_tnin(raw) => Some("th-tnin"),
            13 if v::kr_rrn(raw) => Some("kr-rrn"),
            10 | 11 if v::au_medicare(raw) && ctx.has(Cue::Id) => Some("au-medicare"),
            // An ID word, unless the words before also name an order or ticket
            // (`parse_order_id`).
            10..=13 if ctx.has(Cue::Id) && !ctx.has(Cue::NotPersonal) => Some("national-id"),
            _ => None,
        };
        if let Some(rule) = rule {
            return f(Kind::IdNumber, rule);
        }
    }
    if labelled && (4..=20).contains(&n) {
        return f(Kind::IdNumber, "labelled-id");
    }
    None
}

/// True when the number follows an e-mail address in a list of contact details on its line
/// (`Monica Knudsen <monica.knudsen@example.com>, 43725329`).
fn after_email(text: &str, s: usize) -> bool {
    // Read backwards from `s`, never further than the last word: the separators before the
    // number, then the address (a search for the line's start and an `@` anywhere on it
    // was quadratic on one endless line of numbers).
    let b = text.as_bytes();
    let mut h = s;
    while h > 0 && matches!(b[h - 1], b' ' | b',' | b';' | b'|' | b'/') {
        h -= 1;
    }
    if h == s {
        return false;
    }
    if h > 0 && matches!(b[h - 1], b'>' | b')') {
        h -= 1;
    }
    // The last word is the address: `x@domain.tld`.
    let mut w = h;
    while w > 0 && !matches!(b[w - 1], b' ' | b'<' | b'(' | b',' | b';' | b'\n') {
        w -= 1;
    }
    let word = &text[w..h];
    word.split_once('@').is_some_and(|(local, domain)| {
        !local.is_empty()
            && domain.contains('.')
            && domain
                .rsplit('.')
                .next()
                .is_some_and(|tld| tld.len() >= 2 && tld.bytes().all(|c| c.is_ascii_alphabetic()))
    })
}

/// The two-letter codes of US states, the District of Columbia and the territories (USPS);
/// a ZIP code is read after one of them, not after `NA` or `OK`-like words of a table.
const US_STATES: &[&str] = &[
    "AL", "AK", "AZ", "AR", "CA", "CO", "CT", "DE", "FL", "GA", "HI", "ID", "IL", "IN", "IA", "KS",
    "KY", "LA", "ME", "MD", "MA", "MI", "MN", "MS", "MO", "MT", "NE", "NV", "NH", "NJ", "NM", "NY",
    "NC", "ND", "OH", "OK", "OR", "PA", "RI", "SC", "SD", "TN", "TX", "UT", "VT", "VA", "WA", "WV",
    "WI", "WY", "DC", "PR", "GU", "VI", "AS", "MP", "AA", "AE", "AP",
];

/// English month names and their abbreviations, lower case.
const MONTHS: &[&str] = &[
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
    "jan",
    "feb",
    "mar",
    "apr",
    "jun",
    "jul",
    "aug",
    "sep",
    "sept",
    "oct",
    "nov",
    "dec",
];

/// True when a phone word follows the number on its line (`On your CV you list 7220 2005 -
/// is that still the best number?`) and nothing there says it is not personal.
fn phone_word_after(text: &str, e: usize) -> bool {
    let mut end = (e + context::WINDOW).min(text.len());
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    let end = text[e..end].find('\n').map_or(end, |i| e + i);
    let cues = Cues::of(text, e, end);
    cues.has(Cue::Phone) && !cues.has(Cue::NotPersonal)
}

/// An international number as written (`+` or `00` already stripped or present): an
/// assigned country code and a plausible length.
#[cfg(feature = "phonenumber")]
fn phone_plausible(raw: &str) -> bool {
    let digits: String = raw.chars().filter(char::is_ascii_digit).collect();
    crate::phone::plausible_international(&digits)
}

#[cfg(not(feature = "phonenumber"))]
fn phone_plausible(raw: &str) -> bool {
    (8..=15).contains(&raw.bytes().filter(u8::is_ascii_digit).count())
}

/// The ASCII digits of `raw`, in `buf`, when there are 7 to 15 of them (what a phone
/// number has): the numbers checked are read without a `String` made for each.
#[cfg(feature = "phonenumber")]
fn phone_digits<'b>(raw: &str, buf: &'b mut [u8; 15]) -> Option<&'b str> {
    let mut n = 0;
    for c in raw.bytes().filter(u8::is_ascii_digit) {
        *buf.get_mut(n)? = c;
        n += 1;
    }
    if n < 7 {
        return None;
    }
    std::str::from_utf8(&buf[..n]).ok()
}

/// Whether the digit groups of `raw` (its runs of ASCII digits, as [`shape`] counts them)
/// are those of the North American plan: 3-3-4 or 1-3-3-4.
#[cfg(feature = "phonenumber")]
fn nanp_groups(raw: &str) -> bool {
    let mut groups = [0usize; 4];
    let (mut k, mut run) = (0, 0);
    for c in raw.bytes() {
        if c.is_ascii_digit() {
            run += 1;
        } else if run > 0 {
            if k == groups.len() {
                return false;
            }
            groups[k] = run;
            k += 1;
            run = 0;
        }
    }
    if run > 0 {
        if k == groups.len() {
            return false;
        }
        groups[k] = run;
        k += 1;
    }
    matches!(groups[..k], [3, 3, 4] | [1, 3, 3, 4])
}

#[cfg(feature = "phonenumber")]
fn phone_valid(raw: &str, international: bool) -> bool {
    let mut buf = [0u8; 15];
    let Some(digits) = phone_digits(raw, &mut buf) else {
        return false;
    };
    if international {
        return crate::phone::valid_international(digits);
    }
    let nanp = nanp_groups(raw) && !raw.starts_with('0');
    crate::phone::valid_national(digits, nanp)
}

/// Valid in a common region, with or without the trunk prefix that region writes.
#[cfg(feature = "phonenumber")]
fn phone_valid_any(raw: &str) -> bool {
    let mut buf = [0u8; 15];
    phone_digits(raw, &mut buf).is_some_and(crate::phone::valid_national_any)
}

#[cfg(not(feature = "phonenumber"))]
fn phone_valid_any(raw: &str) -> bool {
    phone_valid(raw, false)
}

#[cfg(not(feature = "phonenumber"))]
fn phone_valid(raw: &str, international: bool) -> bool {
    let n = raw.bytes().filter(u8::is_ascii_digit).count();
    if international {
        (8..=15).contains(&n)
    } else {
        (10..=11).contains(&n)
    }
}

#[cfg(all(test, feature = "phonenumber"))]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The first-byte test of [`extension_len`] passes every form's first byte.
    #[test]
    fn extension_forms_start_with_a_space_or_x() {
        for e in EXTENSIONS {
            assert!(matches!(e.as_bytes()[0], b' ' | b'x'), "{e:?}");
        }
    }

    proptest! {
        /// The digit buffer holds what the `String` of the digits held, for every raw
        /// number of a phone's length, and nothing otherwise.
        #[test]
        fn phone_digits_are_the_filtered_digits(raw in "[0-9 ()+./-]{0,40}") {
            let want: String = raw.chars().filter(char::is_ascii_digit).collect();
            let mut buf = [0u8; 15];
            let have = phone_digits(&raw, &mut buf);
            if (7..=15).contains(&want.len()) {
                prop_assert_eq!(have, Some(want.as_str()));
            } else {
                prop_assert_eq!(have, None);
            }
        }

        /// The group test without a [`Shape`] says what the shape's groups say.
        #[test]
        fn shape_lists_are_those_of_vectors(raw in "[0-9 ()+./:a-]{0,60}") {
            // The lists as the vectors of the shape before `Buf` had them.
            let (mut digits, mut groups, mut seps) = (Vec::new(), Vec::new(), Vec::new());
            let mut run = 0;
            for c in raw.bytes() {
                if c.is_ascii_digit() {
                    digits.push(c - b'0');
                    run += 1;
                } else {
                    if run > 0 {
                        groups.push(run);
                    }
                    run = 0;
                    if !seps.contains(&c) && c != b'+' && c != b'(' && c != b')' {
                        seps.push(c);
                    }
                }
            }
            if run > 0 {
                groups.push(run);
            }
            let sh = shape(&raw);
            prop_assert_eq!(sh.digits.as_slice(), digits.as_slice());
            prop_assert_eq!(sh.groups.as_slice(), groups.as_slice());
            prop_assert_eq!(sh.seps.as_slice(), seps.as_slice());
            prop_assert_eq!(sh.seps == [b'.'], seps == [b'.']);
            prop_assert_eq!(sh.paren, raw.contains('('));
            prop_assert_eq!(sh.plus, raw.starts_with('+') || raw.starts_with("(+"));
        }

        #[test]
        fn nanp_groups_read_as_the_shape(raw in "[0-9 ()+./-]{0,24}") {
            let want = matches!(shape(&raw).groups.as_slice(), [3, 3, 4] | [1, 3, 3, 4]);
            prop_assert_eq!(nanp_groups(&raw), want);
        }

        #[test]
        fn nanp_groups_of_phone_shapes(
            groups in proptest::collection::vec(1usize..6, 0..6),
            sep in "[ ./()-]{1,2}",
        ) {
            let raw = groups
                .iter()
                .map(|&n| "5".repeat(n))
                .collect::<Vec<_>>()
                .join(&sep);
            let want = matches!(shape(&raw).groups.as_slice(), [3, 3, 4] | [1, 3, 3, 4]);
            prop_assert_eq!(nanp_groups(&raw), want);
        }
    }
}
