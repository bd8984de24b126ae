// Context words: what is written just before (and sometimes after) a candidate.
//
// All cue words of all categories are compiled into one Aho-Corasick automaton (ASCII case
// insensitive); `Cues::before` reads the window in front of a candidate once and returns the
// set of categories whose words start a word there.
//
// Candidates are sparse, so a small lower-cased copy of the window is cheap. Keywords are
// matched on word starts so that "lic" inside "public" does not count (a known weakness of
// substring context in other detectors).

/// How many bytes before a candidate are read for context.
pub const WINDOW: usize = 48;

/// The lower-cased window of up to `n` bytes before `start` (cut at a char boundary).
pub fn before(text: &str, start: usize, n: usize) -> String {
    let mut s = start.saturating_sub(n);
    while !text.is_char_boundary(s) {
        s += 1;
    }
    text[s..start].to_ascii_lowercase()
}

/// Words that say a number is a phone number.
pub const PHONE: &[&str] = &[
    "phone",
    "tel",
    "mobile",
    "mob",
    "cell",
    "call",
    "fax",
    "whatsapp",
    "sms",
    "text me",
    "ring",
    "contact",
    "telephone",
    "telefon",
    "téléphone",
    "portable",
    "móvil",
    "cellulare",
    "handy",
    "dial",
    "reach me",
    "voicemail",
    "mensaje",
    "recado",
    "voice mail",
    "raggiungibile",
    "reperibile",
    "reached on",
    "reachable",
    "bel",
    "bellen",
    "llame",
    "llamar",
    "ruf mich",
    "rufen sie",
    "anrufen",
    "erreichen",
    "llámame",
    "llamame",
    "llámanos",
    "localizar",
    "appelez",
    "appelle",
    "chiamami",
    "chiamare",
    "bel me",
    "ligue",
    "zadzwoń",
    "ring me",
    "message me",
    "callback",
    "localizable",
    "erreichbar",
    "joignable",
    "number",
    "nummer",
    "numéro",
    "número",
    "numero",
    "telefono",
    "teléfono",
    "telefone",
    "telefoon",
    "tlf",
    "gsm",
    "puhelin",
    "telefonszám",
];
/// Words that say a number is not personal (order numbers, versions, amounts …).
pub const NOT_PERSONAL: &[&str] = &[
    "order",
    // Orders, shipments and references in the corpus languages (whole words).
    "bestel",
    "bestelling",
    "bestelnummer",
    "bestell",
    "bestellung",
    "bestellnummer",
    "ordernummer",
    "auftrag",
    "auftragsnummer",
    "commande",
    "encomenda",
    "pedido",
    "ordine",
    "zamówienie",
    "zending",
    "sendung",
    "sendungsnummer",
    "spedizione",
    "envío",
    "seguimento",
    "trace",
    "kenmerk",
    "zeichen",
    "vehicle",
    "plate",
    "reg",
    "registration",
    "kenteken",
    "kennzeichen",
    "immatriculation",
    "matrícula",
    "targa",
    "invoice",
    "inv",
    "ref",
    "reference",
    "tracking",
    "ticket",
    "case",
    "po",
    "sku",
    "version",
    "build",
    "release",
    "isbn",
    "issn",
    "txn",
    "transaction",
    "confirmation",
    "receipt",
    "item",
    "product",
    "part",
    "serial",
    "model",
    "batch",
    "lot",
    "page",
    "line",
    "row",
    "port",
    "pid",
    "error",
    "http",
    "status",
    "bytes",
    "step",
    "chapter",
    "section",
    "doi",
    "bug",
    "pr",
    "commit",
    "$",
    "€",
    "£",
    "usd",
    "eur",
    "gbp",
    "amount",
    "total",
    "price",
    "qty",
];
/// Words in front of a US social security number.
pub const SSN: &[&str] = &[
    "ssn",
    "social security",
    "soc sec",
    "ss#",
    "ss #",
    "social sec",
];
/// Words in front of a US ITIN or tax id.
pub const TAX: &[&str] = &["itin", "tin", "tax id", "taxpayer", "tax identification"];
/// Words in front of a bank account number.
pub const ACCOUNT: &[&str] = &[
    "account", "acct", "a/c", "acc no", "acc. no", "acc#", "bank", "konto", "compte", "cuenta",
    "conto", "rekening", "iban", "acc",
];
/// Words in front of a routing number.
pub const ROUTING: &[&str] = &["routing", "aba", "rtn", "transit", "bank code"];
/// Words in front of a passport number.
pub const PASSPORT: &[&str] = &[
    "passport",
    "reisepass",
    "passeport",
    "pasaporte",
    "passaporto",
];
/// Words in front of a driver licence number.
pub const LICENCE: &[&str] = &[
    "driver",
    "driving",
    "licence",
    "license",
    "dl#",
    "dl #",
    "dl no",
    "führerschein",
    "permis",
    "carnet",
    "patente",
];
/// Words in front of an NHS number.
pub const NHS: &[&str] = &["nhs", "health service", "chi number"];
/// Words in front of a Canadian SIN.
pub const SIN: &[&str] = &["sin", "social insurance"];
/// Words in front of a postcode.
pub const POSTCODE: &[&str] = &[
    "zip",
    "postal",
    "postcode",
    "postleitzahl",
    "post code",
    "plz",
    "code postal",
    "cap",
    "cp",
    "pin code",
];
/// Words in front of a card number.
pub const CARD: &[&str] = &[
    "card",
    "visa",
    "mastercard",
    "amex",
    "credit",
    "debit",
    "cc#",
    "cc #",
    "pan",
    "discover",
];
/// Words in front of a national or document identifier.
pub const ID: &[&str] = &[
    "id",
    "identity",
    "national",
    "nin",
    "nino",
    "insurance",
    "medicare",
    "pesel",
    "personnummer",
    "nric",
    "tckn",
    "tfn",
    "tax",
    "dni",
    "nie",
    "nif",
    "codice fiscale",
    "fiscal",
    "steuer",
    "member",
    "patient",
    "mrn",
    "policy",
    "employee",
    // National numbers by name, in the corpus countries' languages.
    "aadhaar",
    "aadhar",
    "uidai",
    "cpf",
    "cnpj",
    "curp",
    "rfc",
    "bsn",
    "burgerservicenummer",
    "ahv",
    "avs",
    "insee",
    "sécurité sociale",
    "securite sociale",
    "pps",
    "ppsn",
    "rrn",
    "frn",
    "tnin",
    "hetu",
    "henkilötunnus",
    "cpr",
    "fødselsnummer",
    "kvnr",
    "rvnr",
    "versicherungsnummer",
    "ausweis",
    "kimlik",
    "egn",
    "oib",
    "emšo",
    "isikukood",
    "asmens kodas",
    "personas kods",
    "rodné číslo",
    "rodne cislo",
    "cnp",
    "nik",
    "ktp",
    "my number",
    "teudat zehut",
    "zehut",
    "תעודת זהות",
];

/// A category of cue words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Cue {
    Phone,
    NotPersonal,
    Ssn,
    Tax,
    Account,
    Routing,
    Passport,
    Licence,
    Nhs,
    Sin,
    Postcode,
    Card,
    Id,
    SortCode,
}

const CATEGORIES: &[(Cue, &[&str])] = &[
    (Cue::Phone, PHONE),
    (Cue::NotPersonal, NOT_PERSONAL),
    (Cue::Ssn, SSN),
    (Cue::Tax, TAX),
    (Cue::Account, ACCOUNT),
    (Cue::Routing, ROUTING),
    (Cue::Passport, PASSPORT),
    (Cue::Licence, LICENCE),
    (Cue::Nhs, NHS),
    (Cue::Sin, SIN),
    (Cue::Postcode, POSTCODE),
    (Cue::Card, CARD),
    (Cue::Id, ID),
    (
        Cue::SortCode,
        &["sort code", "sort-code", "sortcode", "bsb"],
    ),
];

struct CueIndex {
    ac: Overlapping,
    cue_of: Vec<u32>,
    /// The cue must be a whole word (a plural `s` allowed): short cues (`tel` is not
    /// `telegram`), the look-alike words (`step` is not `Stephen`, `part` not `partner`,
    /// `build` not `building`) and the account words (`conto` is not `contoso`).
    whole: Vec<bool>,
}

/// Builds the cue automaton now.
pub(crate) fn warm_up() {
    std::sync::LazyLock::force(&CUES);
}

use crate::normalize::scan::Overlapping;

static CUES: std::sync::LazyLock<CueIndex> = std::sync::LazyLock::new(|| {
    let mut words = Vec::new();
    let mut cue_of = Vec::new();
    let mut whole = Vec::new();
    for (cue, ws) in CATEGORIES {
        for w in *ws {
            words.push(*w);
            cue_of.push(1u32 << (*cue as u8));
            whole.push(w.len() <= 3 || matches!(*cue, Cue::NotPersonal | Cue::Account));
        }
    }
    // A DFA: the cue windows are searched thousands of times per text, and a DFA steps
    // through a byte for fewer instructions than the default (a contiguous NFA).
    let ac = Overlapping::new(&words, true).expect("cue words compile");
    CueIndex { ac, cue_of, whole }
});

/// The set of cue categories found in a window.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Cues(u32);

impl Cues {
    /// Cues in the `n` bytes before `at`.
    pub fn before(text: &str, at: usize, n: usize) -> Cues {
        let mut s = at.saturating_sub(n);
        while !text.is_char_boundary(s) {
            s += 1;
        }
        Cues::of(text, s, at)
    }

    /// Cues in `text[s..e]` (word starts only).
    pub fn of(text: &str, s: usize, e: usize) -> Cues {
        Cues::of_and_from(text, s, e, e).0
    }

    /// The cues in the `n` bytes before `at` ([`Cues::before`]) and those in
    /// `text[near..at]` (`Cues::of(text, near, at)`), from one search. `near` must lie in
    /// the first window (at or after its start): the cues of a sub-window are those of the
    /// window's matches that start in it (an overlapping search lists every occurrence, and
    /// a cue's test reads the text around it, not the window).
    pub fn before_and_near(text: &str, at: usize, n: usize, near: usize) -> (Cues, Cues) {
        let mut s = at.saturating_sub(n);
        while !text.is_char_boundary(s) {
            s += 1;
        }
        debug_assert!(s <= near && near <= at);
        Cues::of_and_from(text, s, at, near)
    }

    /// The cues in `text[s..e]`, and those of them that start at or after `near`.
    fn of_and_from(text: &str, s: usize, e: usize, near: usize) -> (Cues, Cues) {
        let idx = &*CUES;
        let b = text.as_bytes();
        let mut set = 0;
        let mut near_set = 0;
        idx.ac.each_in(b, s, e, |at, end, pid| {
            // A short cue is a whole word (`tel`, not `telegram`; `acc`, not `access`); a
            // longer one may start a word (`phone` in `phones`, `licence` in `licences`).
            let whole = idx.whole[pid] && b[end - 1].is_ascii_alphabetic();
            let ends_ok = !whole || {
                let next = b.get(end).copied();
                !next.is_some_and(|c| c.is_ascii_alphabetic())
                    || (next == Some(b's') && !b.get(end + 1).is_some_and(u8::is_ascii_alphabetic))
            };
            if (at == 0 || !b[at - 1].is_ascii_alphanumeric()) && ends_ok {
                let cue = idx.cue_of[pid];
                set |= cue;
                if at >= near {
                    near_set |= cue;
                }
            }
        });
        (Cues(set), Cues(near_set))
    }

    /// True when a word of the category was found.
    pub fn has(self, cue: Cue) -> bool {
        self.0 & (1 << (cue as u8)) != 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cues_match_at_word_starts_only() {
        let t = "my ssn is 1";
        assert!(Cues::before(t, t.len(), WINDOW).has(Cue::Ssn));
        let t = "the public key";
        assert!(!Cues::of(t, 0, t.len()).has(Cue::Licence));
        let t = "Driver's licence";
        assert!(Cues::of(t, 0, t.len()).has(Cue::Licence));
        assert!(!Cues::of(t, 0, t.len()).has(Cue::Phone));
        let t = "telegram_api_token";
        assert!(!Cues::of(t, 0, t.len()).has(Cue::Phone));
        let t = "Tel. 0612";
        assert!(Cues::of(t, 0, t.len()).has(Cue::Phone));
    }

    /// The two windows read from one search are what two searches read: every start of the
    /// near window, on texts with cue words, word parts and multi-byte characters.
    #[test]
    fn before_and_near_is_before_and_of() {
        use proptest::prelude::*;
        let word = prop_oneof![
            Just("tel"),
            Just("Tel."),
            Just("telegram"),
            Just("phone"),
            Just("phones"),
            Just("order"),
            Just("SSN"),
            Just("passport"),
            Just("no."),
            Just("postcode"),
            Just("é"),
            Just("número"),
            Just("ref"),
            Just("x"),
            Just("12"),
        ];
        let sep = prop_oneof![Just(" "), Just(""), Just(": "), Just("\n"), Just("-")];
        let text = proptest::collection::vec((word, sep), 0..24).prop_map(|v| {
            v.into_iter()
                .map(|(w, s)| format!("{w}{s}"))
                .collect::<String>()
        });
        proptest!(|(text in text, at_frac in 0.0f64..=1.0, near_frac in 0.0f64..=1.0)| {
            let mut at = (text.len() as f64 * at_frac) as usize;
            while !text.is_char_boundary(at) {
                at -= 1;
            }
            let mut s = at.saturating_sub(WINDOW);
            while !text.is_char_boundary(s) {
                s += 1;
            }
            let mut near = s + ((at - s) as f64 * near_frac) as usize;
            while !text.is_char_boundary(near) {
                near += 1;
            }
            let (a, b) = Cues::before_and_near(&text, at, WINDOW, near);
            prop_assert_eq!(a, Cues::before(&text, at, WINDOW));
            prop_assert_eq!(b, Cues::of(&text, near, at));
        });
    }

    #[test]
    fn windows_respect_char_boundaries() {
        let t = "ééééé SSN 123";
        let c = Cues::before(t, t.len() - 4, 5);
        assert!(c.has(Cue::Ssn));
        assert!(before(t, 11, 4).ends_with(' '));
    }
}
