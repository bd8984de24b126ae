// Field labels (`data/field_labels.txt`): what the name of a column, key or form label says
// about the values under it.

use std::collections::HashMap;
use std::sync::LazyLock;

/// What a label says its values are.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Hint {
    Phone,
    Card,
    Bank,
    Ssn,
    Id,
    Postcode,
    Email,
    Ip,
    Host,
    Secret,
    Person,
    Address,
    Url,
    /// A known column of something not identifying by itself (company, city, product).
    Other,
    /// A column of look-alikes that must stay (order numbers, versions, amounts, dates).
    Lookalike,
}

impl Hint {
    fn parse(s: &str) -> Option<Hint> {
        Some(match s {
            "phone" => Hint::Phone,
            "card" => Hint::Card,
            "bank" => Hint::Bank,
            "ssn" => Hint::Ssn,
            "id" => Hint::Id,
            "postcode" => Hint::Postcode,
            "email" => Hint::Email,
            "ip" => Hint::Ip,
            "host" => Hint::Host,
            "secret" => Hint::Secret,
            "person" => Hint::Person,
            "address" => Hint::Address,
            "url" => Hint::Url,
            "other" => Hint::Other,
            "lookalike" => Hint::Lookalike,
            _ => return None,
        })
    }
}

const DATA: &str = include_str!("../../data/field_labels.txt");

/// Trailing words dropped before a second look-up (`phone number` → `phone` when the whole
/// label is not listed).
const TRAILING: &[&str] = &[
    "number", "no", "nr", "num", "nummer", "numero", "número", "numer", "nro", "n°", "nº", "#",
    "nbr",
];

struct Labels {
    map: HashMap<Box<str>, Hint>,
}

static LABELS: LazyLock<Labels> = LazyLock::new(|| {
    let mut map = HashMap::new();
    for line in DATA.lines().map(str::trim) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let Some((kind, labels)) = line.split_once(':') else {
            continue;
        };
        let Some(hint) = Hint::parse(kind.trim()) else {
            continue;
        };
        for l in labels.split(',') {
            let n = normalise(l);
            if !n.is_empty() {
                // The first kind a label is listed under wins.
                map.entry(n.into_boxed_str()).or_insert(hint);
            }
        }
    }
    Labels { map }
});

/// Builds the label table now.
pub fn warm_up() {
    let _ = LABELS.map.len();
}

/// Lower case, camelCase split, separators as single spaces.
pub fn normalise(label: &str) -> String {
    let mut out = String::with_capacity(label.len() + 4);
    let mut prev_lower = false;
    for c in label.chars() {
        if matches!(
            c,
            '_' | '-'
                | '.'
                | '/'
                | '('
                | ')'
                | '#'
                | ':'
                | '*'
                | '['
                | ']'
                | '"'
                | ','
                | ';'
                | '：'
        ) || c.is_whitespace()
        {
            if !out.ends_with(' ') && !out.is_empty() {
                out.push(' ');
            }
            prev_lower = false;
            continue;
        }
        if c.is_uppercase() && prev_lower && !out.ends_with(' ') {
            out.push(' ');
        }
        prev_lower = c.is_lowercase();
        out.extend(c.to_lowercase());
    }
    while out.ends_with(' ') {
        out.pop();
    }
    out
}

/// Labels that can hold nothing but a person's name or a part of it (`first_name`,
/// `Nachname`, `sukunimi`), unlike `name`, `customer` or `contact`, which may also hold a
/// product or a company. Normalised forms.
const NAME_PARTS: &[&str] = &[
    "fname",
    "lname",
    "first name",
    "firstname",
    "last name",
    "lastname",
    "surname",
    "surnames",
    "given name",
    "given names",
    "family name",
    "middle name",
    "maiden name",
    "full name",
    "fullname",
    "forename",
    "forenames",
    "legal name",
    "vorname",
    "nachname",
    "familienname",
    "geburtsname",
    "prénom",
    "prenom",
    "nom de famille",
    "nom complet",
    "apellido",
    "apellidos",
    "primer apellido",
    "segundo apellido",
    "nombre completo",
    "cognome",
    "nome completo",
    "sobrenome",
    "apelido",
    "primeiro nome",
    "último nome",
    "voornaam",
    "voornamen",
    "achternaam",
    "familienaam",
    "tussenvoegsel",
    "volledige naam",
    "imię",
    "imie",
    "nazwisko",
    "imiona",
    "förnamn",
    "efternamn",
    "fornavn",
    "efternavn",
    "etternavn",
    "etunimi",
    "sukunimi",
];

/// True when `label`, as a whole, is a known label (no word of it alone).
pub fn is_label(label: &str) -> bool {
    label.len() <= 64 && LABELS.map.contains_key(normalise(label).as_str())
}

/// True when `label` can only hold a person's name or a part of it.
pub fn names_a_name_part(label: &str) -> bool {
    label.len() <= 64 && NAME_PARTS.contains(&normalise(label).as_str())
}

/// What `label` says its values are, if it is a known label.
pub fn hint(label: &str) -> Option<Hint> {
    if label.len() > 64 {
        return None;
    }
    let n = normalise(label);
    if n.is_empty() {
        return None;
    }
    let map = &LABELS.map;
    if let Some(&h) = map.get(n.as_str()) {
        return Some(h);
    }
    let mut words: Vec<&str> = n.split(' ').collect();
    if words.len() > 6 {
        return None;
    }
    while words.len() > 1 && words.last().is_some_and(|w| TRAILING.contains(w)) {
        words.pop();
        if let Some(&h) = map.get(words.join(" ").as_str()) {
            return Some(h);
        }
    }
    // `N° de sécurité sociale`, `Number of passport`: a leading number word and its
    // preposition.
    let mut lead = 0;
    while lead + 1 < words.len()
        && (TRAILING.contains(&words[lead])
            || ["de", "of", "du", "del", "di", "do", "da", "van"].contains(&words[lead]))
    {
        lead += 1;
    }
    if lead > 0
        && let Some(&h) = map.get(words[lead..].join(" ").as_str())
    {
        return Some(h);
    }
    // Generic words (`id`, `code`, `date`) decide only as the whole label: `Steuer-ID` and
    // `RSA ID` are not order numbers.
    // A pair of words decides before either alone (`LLM_SECRET_NAME`: `secret name`); the
    // first word that decides wins (`company_name` is a company's), except that a later
    // secret word outranks an owner word before it (`user_password`, `user_auth`).
    let mut first: Option<Hint> = None;
    let mut i = 0;
    while i < words.len() {
        // Two neighbouring words of `n` with the one space between them, as a slice of `n`.
        let pair = (i + 1 < words.len())
            .then(|| {
                let at = |w: &str| w.as_ptr() as usize - n.as_ptr() as usize;
                map.get(&n[at(words[i])..at(words[i + 1]) + words[i + 1].len()])
                    .copied()
            })
            .flatten();
        let (h, step) = match pair {
            Some(h) => (Some(h), 2),
            None if !WEAK.contains(&words[i]) => (map.get(words[i]).copied(), 1),
            None => (None, 1),
        };
        match (first, h) {
            (None, Some(h)) => first = Some(h),
            (Some(Hint::Other), Some(Hint::Secret)) => return Some(Hint::Secret),
            _ => {}
        }
        i += step;
    }
    first
}

/// Words that say what a label is only when they are the whole label.
const WEAK: &[&str] = &[
    "id", "code", "date", "time", "type", "no", "nr", "num", "number", "status", "start", "end",
    "count", "size", "row", "line", "page", "rank", "score", "since", "until",
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_in_many_spellings() {
        let cases = [
            ("phone", Hint::Phone),
            ("billing_phone", Hint::Phone),
            ("mobileNumber", Hint::Phone),
            ("MOBILE_NO", Hint::Phone),
            ("Telefon (privat)", Hint::Phone),
            ("Téléphone", Hint::Phone),
            ("email_address", Hint::Email),
            ("E-Mail", Hint::Email),
            ("ip_address", Hint::Ip),
            ("remote_addr", Hint::Ip),
            ("mac_address", Hint::Other),
            ("address_line1", Hint::Address),
            ("Straße", Hint::Address),
            ("first_name", Hint::Person),
            ("Nachname", Hint::Person),
            ("company_name", Hint::Other),
            ("product name", Hint::Other),
            ("host_name", Hint::Host),
            ("postal_code", Hint::Postcode),
            ("PLZ", Hint::Postcode),
            ("zip", Hint::Postcode),
            ("Passport no.", Hint::Id),
            ("national_id", Hint::Id),
            ("Nº de pasaporte", Hint::Id),
            ("iban", Hint::Bank),
            ("Kontonummer", Hint::Bank),
            ("ssn", Hint::Ssn),
            ("order_id", Hint::Lookalike),
            ("id", Hint::Lookalike),
            ("Order no.", Hint::Lookalike),
            ("version", Hint::Lookalike),
            ("DB_PASSWORD", Hint::Secret),
            ("LLM_SECRET_NAME", Hint::Other),
            ("user_password", Hint::Secret),
            ("user_auth", Hint::Secret),
            ("wallet address", Hint::Other),
            ("card_number", Hint::Card),
        ];
        for (label, want) in cases {
            assert_eq!(hint(label), Some(want), "{label}");
        }
        for label in [
            "George Reed",
            "Hello world",
            "",
            "the quick brown fox jumps over it",
        ] {
            assert_eq!(hint(label), None, "{label}");
        }
    }
}
