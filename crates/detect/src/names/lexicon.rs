// The name lexicon: every word the name stage looks up, with what it is, in one hash map
// (Fx hash, keys in lower case), its ASCII keys again in a table probed with a word in any
// case (no lower-case copy). Built once per process from the data files under `data/` and
// the context words below.

use std::collections::HashMap;
use std::hash::BuildHasherDefault;
use std::sync::LazyLock;

pub use crate::fxhash::FxHasher;

use crate::packed::{PackedTable, pack};

type FxMap<K, V> = HashMap<K, V, BuildHasherDefault<FxHasher>>;

/// Given name, mostly female.
pub const GIVEN_F: u32 = 1;
/// Given name, mostly male.
pub const GIVEN_M: u32 = 1 << 1;
/// Given name (either).
pub const GIVEN: u32 = GIVEN_F | GIVEN_M;
/// Surname.
pub const SURNAME: u32 = 1 << 2;
/// A common English word: a name that is one needs context.
pub const WORD: u32 = 1 << 3;
/// A place, brand, product, month or day that the name lists also hold.
pub const TRAP: u32 = 1 << 4;
/// A title (`Mr`, `Dr`, `Prof`, `Herr`, …).
pub const TITLE: u32 = 1 << 5;
/// A greeting in front of a name (`Hi`, `Dear`, `Thanks`, …).
pub const GREET: u32 = 1 << 6;
/// A verb after a name that only people do (`said`, `asked`, …).
pub const SPEECH: u32 = 1 << 7;
/// A word in front of a name that says a person follows (`told`, `cc'ing`, `met`, …).
pub const BEFORE: u32 = 1 << 8;
/// A relation or role noun in front of a name (`my friend`, `colleague`, `Customer`, …).
pub const REL: u32 = 1 << 9;
/// A determiner: what follows is a thing (`the Jordan warehouse`).
pub const DET: u32 = 1 << 10;
/// A preposition of place: a single name after it is more likely a place (`in Paris`).
pub const LOCPREP: u32 = 1 << 11;
/// A word that makes the capitalised words before it an organisation or place
/// (`Street`, `Ltd`, `University`).
pub const ORG: u32 = 1 << 12;
/// A greeting target that is not a person (`team`, `all`, `everyone`, `sir`).
pub const NOBODY: u32 = 1 << 13;
/// A particle inside a name (`van`, `de`, `bin`, `al`).
pub const PARTICLE: u32 = 1 << 14;
/// A weak word in front of a name: a known name after it counts (`with`, `by`, `to`).
pub const WEAK_BEFORE: u32 = 1 << 15;
/// Part of a sign-off or greeting phrase of two words (`good` morning, `thank` you).
pub const MORNING: u32 = 1 << 16;
/// A month or its abbreviation (`Jan`, `Jun`, `Mai`, `août`): next to a day or a year it is a
/// date, not the given name Jan.
pub const MONTH: u32 = 1 << 17;
/// A verb in front of a name that takes a person as its object (`ask`, `describe`, `know`,
/// `says`, `chiedi a`): like a verb of speech after a name.
pub const SPEECH_BEFORE: u32 = 1 << 18;

const MONTHS: &str = "january february march april may june july august september october \
    november december jan feb mar apr jun jul aug sep sept oct nov dec janv févr fév avr mai \
    juin juil août aout déc janvier février avril juillet septembre octobre novembre décembre \
    ene abr ago dic enero febrero marzo abril mayo junio julio agosto septiembre octubre \
    noviembre diciembre gen mag giu lug set ott gennaio febbraio aprile maggio giugno luglio \
    settembre ottobre dicembre jän mär okt dez januar februar märz juni juli oktober dezember \
    mei mrt maart juni augustus januari februari maj sty lut kwi cze lip sie wrz paź lis gru";

/// A word after `Name, ` or `Name (` that only a person takes (`born`, `née`, `geb.`).
pub const BORN: u32 = 1 << 19;

const BORN_WORDS: &str = "born née nee né geb geboren ur urodzony urodzona nacido nacida \
    nato nata nascido nascida født född syntynyt rođen rođena narozen narozena";

const SPEECH_BEFORE_WORDS: &str = "ask asks asked describe describes described know knows \
    knew says said did chiedi chiedere zapytaj pregunta pregúntale preguntale demande \
    demandez vraag frag fragen pergunte pergunta spør fråga kysy zeptej opýtaj";

const TITLES: &str = "mr mrs ms miss mx dr prof professor sir dame lord lady herr frau fräulein \
    mme madame mlle mademoiselle monsieur sr sra srta señor señora señorita dona doña sig \
    signor signora signorina dott dottore dottoressa dhr mevr mevrouw meneer sheikh rev \
    reverend fr father sister brother capt captain col colonel gen general lt lieutenant sgt \
    sergeant officer detective inspector constable judge justice senator rep governor \
    mayor councillor councilor president chancellor minister ambassador rabbi imam \
    pastor uncle aunt auntie grandma grandpa nana granny coach pani pan paní pán panie \
    gospodin gospođa gospa bay bayan sayın hanım bey heer";

const GREETINGS: &str = "hi hello hey hiya heya dear dearest thanks thank thx ty cheers \
    congrats congratulations welcome bye morning afternoon evening bonjour salut coucou hallo \
    moin servus liebe lieber sehr hola querido querida estimado estimada ciao caro cara \
    gentile gentilissimo gentilissima beste hoi olá ola oi prezado prezada yo sorry";

const SPEECH_VERBS: &str = "said says told tells asked asks replied replies wrote writes \
    mentioned explained noted added agreed agrees confirmed confirms thinks thought wants \
    wanted promised suggested suggests pointed argued complained insisted admitted warned \
    laughed smiled nodded shrugged emailed texted phoned called calls signed approved \
    interviewed thanked joined recommended reported insists believes knows needs needed \
    decided refused apologised apologized answered responded shouted whispered sighed \
    presented spent lives lived moved works worked";

const BEFORE_WORDS: &str = "told tell tells ask asked asking cc cc'ing ccing bcc email \
    emailed emailing thank thanked invite invited introduce introduced meet met meeting \
    remind reminded ping pinged contact contacted congratulate hug call calling phoned \
    called texted text message messaged hired promoted fired interviewed paging page \
    notify notified inform informed";

const WEAK_BEFORE_WORDS: &str = "with by to from for like via including named called \
    behalf";

const RELATIONS: &str = "friend friends colleague colleagues coworker co-worker manager \
    boss supervisor brother sister wife husband daughter son mother father mom mum mam dad \
    parent parents partner aunt uncle cousin neighbour neighbor landlord landlady teacher \
    doctor nurse lawyer attorney accountant client customer tenant guide witness assistant \
    girlfriend boyfriend fiancé fiancée fiance fiancee grandmother grandfather grandson \
    granddaughter niece nephew student patient employee intern coach mentor therapist \
    agent caller buddy roommate flatmate housemate spouse baby kid child stepson \
    stepdaughter stepmother stepfather sibling twin bestie mate pal lead director ceo cto \
    cfo founder cofounder co-founder engineer developer designer recruiter candidate \
    applicant representative rep host hostess author editor reporter journalist \
    spokesperson spokesman spokeswoman chairman chairwoman chair officer analyst consultant \
    contractor technician dentist surgeon physician pharmacist vet tutor professor \
    lecturer principal headteacher secretary receptionist cashier driver courier plumber \
    electrician babysitter nanny caregiver carer owner buyer seller sender recipient \
    user member volunteer teammate classmate";

const DETERMINERS: &str = "the a an this that these those our your their its every each \
    no any some another le la les der die das dem den des el los las il lo gli het een";

const LOC_PREPS: &str = "in at near visit visiting visited across around into toward \
    towards outside inside throughout within above below north south east west downtown \
    central greater";

const ORG_WORDS: &str = "street st road rd avenue ave lane ln drive boulevard blvd way \
    place square court close crescent terrace park station airport bridge river lake \
    mountain mount mt valley beach bay island islands county city town village district \
    state province region university college school academy institute hospital clinic \
    centre center foundation trust group inc ltd llc llp plc gmbh ag sa srl bv co corp \
    corporation company companies holdings partners associates capital bank bancorp \
    insurance financial consulting solutions systems technologies technology labs lab \
    software media studios studio records press times post news herald journal tribune \
    gazette review magazine hotel resort inn restaurant cafe bar pub church cathedral \
    chapel temple mosque synagogue abbey museum gallery library theatre theater arena \
    stadium hall tower building house palace castle fort prize award awards festival \
    conference summit act law treaty agreement protocol syndrome disease effect theorem \
    equation algorithm method index fund line lines express railway airlines airways \
    motors pharma pharmaceuticals health healthcare energy oil gas electric telecom \
    network networks cloud web services service store stores shop market mall";

const NOBODY_WORDS: &str = "team all everyone everybody there folks guys gang friends \
    colleagues sir madam madame customer customers client clients user users world \
    support sales admin info team's people ladies gentlemen partners members staff \
    sirs mesdames damen herren hr it ops dev devs reception department accounts billing \
    management committee board council office everyone's y'all you";

const PARTICLES: &str = "van von der den de del della di da dos das du le la bin binti \
    ibn bint al el ter ten zu y e st";

const SIGNOFFS: &[&str] = &[
    "thanks",
    "thank you",
    "many thanks",
    "thanks again",
    "thanks so much",
    "thank you so much",
    "thanks in advance",
    "cheers",
    "best",
    "all the best",
    "best wishes",
    "regards",
    "best regards",
    "kind regards",
    "warm regards",
    "warmest regards",
    "kindest regards",
    "with regards",
    "many regards",
    "sincerely",
    "yours sincerely",
    "sincerely yours",
    "yours faithfully",
    "yours truly",
    "respectfully",
    "love",
    "lots of love",
    "take care",
    "talk soon",
    "speak soon",
    "see you",
    "ta",
    "thx",
    "br",
    "kr",
    "rgds",
    "mit freundlichen grüßen",
    "mit freundlichen grüssen",
    "viele grüße",
    "viele grüsse",
    "liebe grüße",
    "beste grüße",
    "grüße",
    "gruß",
    "lg",
    "vg",
    "mfg",
    "cordialement",
    "bien cordialement",
    "bien à vous",
    "amitiés",
    "bisous",
    "merci",
    "saludos",
    "un saludo",
    "atentamente",
    "un abrazo",
    "gracias",
    "cordiali saluti",
    "saluti",
    "distinti saluti",
    "grazie",
    "un abbraccio",
    "met vriendelijke groet",
    "vriendelijke groet",
    "groeten",
    "groetjes",
    "hartelijke groet",
    "atenciosamente",
    "abraços",
    "cumprimentos",
    "obrigado",
    "obrigada",
];

/// Labels that introduce a person's name in records (lower case, without the colon).
const LABELS: &[&str] = &[
    // English
    "name",
    "full name",
    "first name",
    "last name",
    "surname",
    "given name",
    "given names",
    "family name",
    "middle name",
    "maiden name",
    "legal name",
    "display name",
    "patient",
    "patient name",
    "customer",
    "customer name",
    "client",
    "client name",
    "employee",
    "employee name",
    "contact",
    "contact name",
    "contact person",
    "emergency contact",
    "next of kin",
    "attn",
    "attention",
    "signed",
    "signed by",
    "signature",
    "requested by",
    "assigned to",
    "reported by",
    "submitted by",
    "prepared by",
    "approved by",
    "reviewed by",
    "created by",
    "written by",
    "authored by",
    "author",
    "owner",
    "account holder",
    "account name",
    "cardholder",
    "card holder",
    "cardholder name",
    "name on card",
    "beneficiary",
    "payee",
    "payer",
    "third party",
    "tiers",
    "tiers / third party",
    "notfallkontakt",
    "drittpartei",
    "recipient",
    "recipient name",
    "sender",
    "sender name",
    "applicant",
    "guardian",
    "parent",
    "spouse",
    "tenant",
    "landlord",
    "witness",
    "physician",
    "doctor",
    "gp",
    "referring physician",
    "nurse",
    "manager",
    "line manager",
    "supervisor",
    "assignee",
    "reporter",
    "caller",
    "insured",
    "policyholder",
    "policy holder",
    "member",
    "member name",
    "student",
    "student name",
    "passenger",
    "passenger name",
    "guest",
    "guest name",
    "traveller",
    "traveler",
    "driver",
    "candidate",
    "interviewer",
    "interviewee",
    "agent",
    "rep",
    "representative",
    "attendee",
    "buyer",
    "seller",
    "ship to",
    "bill to",
    "deliver to",
    "c/o",
    "care of",
    "dear",
    "cc",
    "bcc",
    "from",
    "to",
    // e-mail headers in other languages (only at the start of a line)
    "de",
    "à",
    "a",
    "para",
    "da",
    "von",
    "an",
    "van",
    "aan",
    "från",
    "till",
    "fra",
    "til",
    "od",
    "do",
    "kimden",
    "kime",
    "dari",
    "kepada",
    "от",
    "кому",
    "від",
    "reply-to",
    // German
    "vorname",
    "nachname",
    "familienname",
    "vollständiger name",
    "patientin",
    "kunde",
    "kundin",
    "kundenname",
    "mitarbeiter",
    "mitarbeiterin",
    "ansprechpartner",
    "ansprechpartnerin",
    "kontakt",
    "kontaktperson",
    "unterschrift",
    "unterzeichnet",
    "empfänger",
    "absender",
    "versicherter",
    "versicherte",
    "antragsteller",
    "z. hd.",
    "z.hd.",
    "zu händen",
    "geburtsname",
    "arzt",
    "ärztin",
    "inhaber",
    "kontoinhaber",
    // French
    "nom",
    "prénom",
    "prenom",
    "nom complet",
    "nom de famille",
    "patiente",
    "cliente",
    "employé",
    "employée",
    "salarié",
    "salariée",
    "signé",
    "signé par",
    "à l'attention de",
    "destinataire",
    "expéditeur",
    "titulaire",
    "médecin",
    "nom du client",
    "interlocuteur",
    // Spanish
    "nombre",
    "apellido",
    "apellidos",
    "nombre completo",
    "paciente",
    "empleado",
    "empleada",
    "contacto",
    "firmado",
    "firmado por",
    "firma",
    "atención",
    "atencion",
    "remitente",
    "destinatario",
    "médico",
    "solicitante",
    "nombre del cliente",
    // Italian
    "nome",
    "cognome",
    "nome e cognome",
    "paziente",
    "dipendente",
    "contatto",
    "referente",
    "firmato",
    "firmato da",
    "alla c.a.",
    "c.a.",
    "mittente",
    "intestatario",
    "medico",
    // Dutch
    "naam",
    "voornaam",
    "achternaam",
    "volledige naam",
    "patiënt",
    "klant",
    "klantnaam",
    "medewerker",
    "werknemer",
    "contactpersoon",
    "getekend",
    "ondertekend",
    "t.a.v.",
    "tav",
    "afzender",
    "ontvanger",
    "huisarts",
    "rekeninghouder",
    // Portuguese
    "nome completo",
    "sobrenome",
    "apelido",
    "funcionário",
    "funcionária",
    "colaborador",
    "colaboradora",
    "contato",
    "assinado",
    "assinado por",
    "assinatura",
    "a/c",
    "titular",
    "remetente",
    "destinatário",
];

/// Labels of e-mail headers whose values are lists of display names and addresses.
/// Labels of a list of names separated by commas (minutes of a meeting); labels too.
pub const LIST_LABELS: &[&str] = &[
    "present",
    "attendees",
    "participants",
    "attendance",
    "anwesend",
    "teilnehmer",
    "présents",
    "presentes",
    "presenti",
    "aanwezig",
    "närvarande",
    "obecni",
    "paikalla",
];

pub const HEADER_LABELS: &[&str] = &[
    "from", "to", "cc", "bcc", "reply-to", "sender", // English
    "de", "à", "a", "para", "da", "von", "an", "van", "aan", "från", "till", "fra", "til", "od",
    "do", "kimden", "kime", "dari", "kepada", "от", "кому", "від",
];

/// The built lexicon.
pub struct Lexicon {
    /// The lower-case words and their flags, but for the keys in `packed`.
    words: FxMap<Box<str>, u32>,
    /// The ASCII keys of `words` longer than sixteen bytes again, in a table probed without
    /// a lower-case copy of the word (see [`AsciiWords`]). Built for those only: with every
    /// ASCII key it added a fifth to the lexicon's build, on the critical path of a fresh
    /// process.
    ascii: AsciiWords,
    /// The ASCII keys of sixteen bytes or fewer (no zero byte), packed in two words each
    /// (see [`crate::packed`]), for [`Lexicon::flags`] and [`Lexicon::flags_at`].
    packed: PackedTable<u32>,
    phrases: FxMap<Box<str>, ()>,
    labels: FxMap<Box<str>, ()>,
    signoffs: FxMap<Box<str>, ()>,
    /// The longest label in bytes.
    pub max_label: usize,
    /// Per lower-case first byte, a bit per length (31: longer) of the ASCII words that are
    /// greetings or announce a person (`GREET`, `BEFORE`, `SPEECH_BEFORE`).
    announce: [u32; 128],
    /// A bit per ASCII byte that a label ends in.
    label_ends: u128,
}

/// The flags of the words [`Lexicon::may_announce`] answers for.
const ANNOUNCE: u32 = GREET | BEFORE | SPEECH_BEFORE;

/// The slot and bit of an ASCII word (not empty) in [`Lexicon::announce`].
fn announce_bit(w: &[u8]) -> (usize, u32) {
    (
        usize::from(w[0].to_ascii_lowercase() & 0x7f),
        1 << w.len().min(31),
    )
}

pub static LEXICON: LazyLock<Lexicon> = LazyLock::new(Lexicon::build);

const GIVEN_SSA: &str = include_str!("../../data/given_ssa.txt");
const SURNAMES_CENSUS: &str = include_str!("../../data/surnames_census.txt");
const NAMES_INTL: &str = include_str!("../../data/names_intl.txt");
const WORDS_EN: &str = include_str!("../../data/words_en.txt");
const WORDS_INTL: &str = include_str!("../../data/words_intl.txt");
const TRAPS: &str = include_str!("../../data/traps.txt");

fn data_lines(s: &str) -> impl Iterator<Item = &str> {
    s.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
}

impl Lexicon {
    fn build() -> Lexicon {
        // Keys that pack into two machine words (ASCII, sixteen bytes or fewer) are packed
        // in lower case as they come, repeats and all, and go to `packed` only: no lower-case
        // copy, allocation or hash-map entry each (that was half of the lexicon's build, on
        // the tables' thread of a fresh process). The others are keys of `words`.
        let mut words: FxMap<Box<str>, u32> = FxMap::default();
        let mut short: Vec<(u64, u64, u32)> = Vec::with_capacity(80_000);
        let mut add = |w: &str, flag: u32| {
            if let Some((lo, hi)) = packable(w) {
                short.push((ascii_lower(lo), ascii_lower(hi), flag));
                return;
            }
            let k = w.to_lowercase();
            if k.is_empty() {
                return;
            }
            match packable(&k) {
                Some((lo, hi)) => short.push((lo, hi, flag)),
                None => *words.entry(k.into_boxed_str()).or_insert(0) |= flag,
            }
        };
        for l in data_lines(WORDS_EN) {
            add(l, WORD);
        }
        for l in data_lines(WORDS_INTL) {
            for w in l.split_whitespace() {
                add(w, WORD);
            }
        }
        for l in data_lines(GIVEN_SSA) {
            let mut it = l.split_whitespace();
            let (Some(n), g) = (it.next(), it.next()) else {
                continue;
            };
            let flag = match g {
                Some("f") => GIVEN_F,
                Some("m") => GIVEN_M,
                _ => GIVEN,
            };
            add(n, flag);
        }
        for l in data_lines(SURNAMES_CENSUS) {
            add(l, SURNAME);
        }
        for l in data_lines(NAMES_INTL) {
            let Some((tag, rest)) = l.split_once(':') else {
                continue;
            };
            let flag = match tag.trim() {
                "f" => GIVEN_F,
                "m" => GIVEN_M,
                "u" => GIVEN,
                "s" => SURNAME,
                _ => continue,
            };
            for n in rest.split_whitespace() {
                add(n, flag);
                if n.contains('-') {
                    // `Al-Rashid` is also written `Al Rashid`: the part after the particle.
                    if let Some((_, tail)) = n.split_once('-') {
                        add(tail, flag);
                    }
                }
            }
        }
        let mut phrases: FxMap<Box<str>, ()> = FxMap::default();
        for l in data_lines(TRAPS) {
            if let Some(p) = l.strip_prefix("PHRASE:") {
                for ph in p.split('|') {
                    let ph = ph.split_whitespace().collect::<Vec<_>>().join(" ");
                    if !ph.is_empty() {
                        phrases.insert(ph.into_boxed_str(), ());
                    }
                }
            } else {
                for w in l.split_whitespace() {
                    add(w, TRAP);
                }
            }
        }
        for (list, flag) in [
            (TITLES, TITLE),
            (GREETINGS, GREET),
            (SPEECH_VERBS, SPEECH),
            (BEFORE_WORDS, BEFORE),
            (WEAK_BEFORE_WORDS, WEAK_BEFORE),
            (RELATIONS, REL),
            (DETERMINERS, DET),
            (LOC_PREPS, LOCPREP),
            (ORG_WORDS, ORG),
            (NOBODY_WORDS, NOBODY),
            (PARTICLES, PARTICLE),
            (MONTHS, MONTH),
            (SPEECH_BEFORE_WORDS, SPEECH_BEFORE),
            (BORN_WORDS, BORN),
        ] {
            for w in list.split_whitespace() {
                add(w, flag);
            }
        }
        add("good", MORNING);
        let all_labels = || LABELS.iter().chain(LIST_LABELS);
        let labels: FxMap<Box<str>, ()> = all_labels().map(|l| (Box::from(*l), ())).collect();
        let max_label = all_labels().map(|l| l.len()).max().unwrap_or(0);
        let label_ends = all_labels()
            .filter_map(|l| l.as_bytes().last())
            .filter(|c| c.is_ascii())
            .fold(0u128, |m, &c| m | 1 << c.to_ascii_lowercase());
        let signoffs = SIGNOFFS.iter().map(|l| (Box::from(*l), ())).collect();
        let ascii = AsciiWords::of(&words);
        // A key given more than once holds the union of its flags.
        let packed = PackedTable::of(&short, |held, f| *held |= f);
        let mut announce = [0u32; 128];
        let mut announces = |k: &[u8], f: u32| {
            if f & ANNOUNCE != 0 {
                let (slot, bit) = announce_bit(k);
                announce[slot] |= bit;
            }
        };
        for (k, &f) in &words {
            if k.is_ascii() {
                announces(k.as_bytes(), f);
            }
        }
        for (lo, hi, f) in packed.entries() {
            let mut b = [0u8; 16];
            b[..8].copy_from_slice(&lo.to_le_bytes());
            b[8..].copy_from_slice(&hi.to_le_bytes());
            let len = b.iter().position(|&c| c == 0).unwrap_or(16);
            announces(&b[..len], f);
        }
        Lexicon {
            words,
            ascii,
            packed,
            phrases,
            labels,
            signoffs,
            max_label,
            announce,
            label_ends,
        }
    }

    /// The flags of a word (any case; diacritics folded when the exact form is unknown).
    pub fn flags(&self, word: &str) -> u32 {
        if word.is_ascii() {
            // Lower case of ASCII is ASCII and folds to itself: the ASCII keys decide.
            if word.len() <= 16 && !word.bytes().any(|c| c == 0) {
                let (lo, hi) = pack(word.as_bytes());
                return self
                    .packed
                    .get(ascii_lower(lo), ascii_lower(hi))
                    .unwrap_or(0);
            }
            return self.ascii.get(word.as_bytes());
        }
        // Most words fit on the stack in lower case and folded: without the two allocations
        // of `to_lowercase` and `fold`.
        let mut buf = ShortStr::new();
        let owned;
        let lower = if lower_into(word, &mut buf) {
            buf.as_str()
        } else {
            owned = word.to_lowercase();
            &owned
        };
        let f = self.key_flags(lower);
        if f != 0 {
            return f;
        }
        let mut buf = ShortStr::new();
        let owned;
        let folded = if fold_into(lower, &mut buf) {
            buf.as_str()
        } else {
            owned = fold(lower);
            &owned
        };
        if folded != lower {
            self.key_flags(folded)
        } else {
            0
        }
    }

    /// The flags of a key (lower case; 0 when it is none): in `packed` when it packs, else
    /// in `words`. Every key has a flag.
    fn key_flags(&self, key: &str) -> u32 {
        match packable(key) {
            Some((lo, hi)) => self.packed.get(lo, hi).unwrap_or(0),
            None => self.words.get(key).copied().unwrap_or(0),
        }
    }

    /// False only when the word (any case) is no greeting and announces no person (its
    /// flags hold none of `GREET`, `BEFORE`, `SPEECH_BEFORE`): a test of its first letter and
    /// length, without a look-up.
    /// The word is given as its bytes (ASCII exactly when the word is).
    pub fn may_announce(&self, word: &[u8]) -> bool {
        if word.is_empty() || !word.is_ascii() {
            return true;
        }
        let (slot, bit) = announce_bit(word);
        self.announce[slot] & bit != 0
    }

    /// The flags of the word `text[start..end]`, as [`Lexicon::flags`] gives them: an ASCII
    /// word of sixteen bytes or fewer with sixteen bytes of text from its start is read as two
    /// machine words, lower-cased and looked up at once. The word holds no zero byte (a
    /// token of letters).
    #[inline]
    pub fn flags_at(&self, text: &str, start: usize, end: usize) -> u32 {
        match packed_lower(text, start, end) {
            Some((lo, hi)) => self.packed.get(lo, hi).unwrap_or(0),
            None => self.flags(&text[start..end]),
        }
    }

    /// True for a multi-word organisation or place name (`wells fargo`), given in lower case
    /// with single spaces.
    pub fn is_phrase(&self, lower: &str) -> bool {
        self.phrases.contains_key(lower)
    }

    /// False only when no label ends in the ASCII byte `c` in lower case.
    pub fn may_end_label(&self, c: u8) -> bool {
        !c.is_ascii() || self.label_ends & (1 << c.to_ascii_lowercase()) != 0
    }

    /// True for a record label (lower case, single spaces).
    pub fn is_label(&self, lower: &str) -> bool {
        self.labels.contains_key(lower)
    }

    /// True for a sign-off line (lower case, single spaces, no trailing punctuation).
    pub fn is_signoff(&self, lower: &str) -> bool {
        self.signoffs.contains_key(lower)
    }
}

/// An open-addressing hash table of ASCII keys of the word map (lower case) with their
/// flags, looked up with a word in any case: the hash and the comparison lower-case the
/// word's bytes as they read them, so a look-up copies nothing.
struct AsciiWords {
    /// Per slot, 1 + the index of its key in `spans`; 0 for an empty slot.
    slots: Vec<u32>,
    /// Bits of the hash that pick a slot (the table has `1 << bits` slots).
    bits: u32,
    /// Per key: its start in `bytes`, its length, its flags.
    spans: Vec<(u32, u32, u32)>,
    /// The keys, one after another.
    bytes: Vec<u8>,
}

impl AsciiWords {
    fn of(words: &FxMap<Box<str>, u32>) -> AsciiWords {
        let long = |k: &str| k.is_ascii() && k.len() > 16;
        let n = words.keys().filter(|k| long(k)).count();
        // At most half full.
        let bits = (2 * n.max(1)).next_power_of_two().trailing_zeros().max(4);
        let mut t = AsciiWords {
            slots: vec![0; 1 << bits],
            bits,
            spans: Vec::with_capacity(n),
            bytes: Vec::new(),
        };
        for (k, &f) in words {
            if !long(k) {
                continue;
            }
            let k = k.as_bytes();
            let mut i = t.slot(k);
            while t.slots[i] != 0 {
                i = (i + 1) & ((1 << bits) - 1);
            }
            t.spans.push((
                u32::try_from(t.bytes.len()).unwrap_or(u32::MAX),
                u32::try_from(k.len()).unwrap_or(u32::MAX),
                f,
            ));
            t.bytes.extend_from_slice(k);
            t.slots[i] = u32::try_from(t.spans.len()).unwrap_or(u32::MAX);
        }
        t
    }

    /// The first slot to probe for a word (ASCII, any case).
    #[inline]
    fn slot(&self, w: &[u8]) -> usize {
        let mut h = 0u64;
        for &c in w {
            h = (h.rotate_left(5) ^ u64::from(c.to_ascii_lowercase()))
                .wrapping_mul(0xf135_7aea_2e62_a9c5);
        }
        // The high bits: the multiplication mixes upwards.
        (h >> (64 - self.bits)) as usize
    }

    /// The flags of the ASCII word `w` in any case (0 when it is no key).
    #[inline]
    fn get(&self, w: &[u8]) -> u32 {
        let mask = (1usize << self.bits) - 1;
        let mut i = self.slot(w);
        loop {
            let s = self.slots[i];
            if s == 0 {
                return 0;
            }
            let (start, len, f) = self.spans[s as usize - 1];
            if len as usize == w.len() {
                let k = &self.bytes[start as usize..start as usize + w.len()];
                if k.iter().zip(w).all(|(&a, &b)| a == b.to_ascii_lowercase()) {
                    return f;
                }
            }
            i = (i + 1) & mask;
        }
    }
}

/// The context words of the lists above, space-separated (for tests).
#[cfg(test)]
pub(super) fn context_words() -> String {
    [
        TITLES,
        GREETINGS,
        SPEECH_VERBS,
        BEFORE_WORDS,
        WEAK_BEFORE_WORDS,
        RELATIONS,
        DETERMINERS,
        LOC_PREPS,
        ORG_WORDS,
        NOBODY_WORDS,
        PARTICLES,
        MONTHS,
        SPEECH_BEFORE_WORDS,
        BORN_WORDS,
    ]
    .join(" ")
}

/// `text[start..end]` in lower case packed into two little-endian machine words, zero bytes
/// after it, when it is ASCII, sixteen bytes or fewer and sixteen bytes of text follow its
/// start (`None` otherwise). Two such words are equal, lower-cased, exactly when their packings
/// are, if neither holds a zero byte.
#[inline]
pub(super) fn packed_lower(text: &str, start: usize, end: usize) -> Option<(u64, u64)> {
    let b = text.as_bytes();
    let n = end - start;
    if n > 16 || start + 16 > b.len() {
        return None;
    }
    let mut lo = [0u8; 8];
    let mut hi = [0u8; 8];
    lo.copy_from_slice(&b[start..start + 8]);
    hi.copy_from_slice(&b[start + 8..start + 16]);
    let lo = keep_bytes(u64::from_le_bytes(lo), n);
    let hi = keep_bytes(u64::from_le_bytes(hi), n.saturating_sub(8));
    ((lo | hi) & HIGH_BITS == 0).then(|| (ascii_lower(lo), ascii_lower(hi)))
}

/// `w` packed as [`pack`] packs when it can be a key of the packed table (ASCII, one to
/// sixteen bytes, no zero byte), in its own case.
fn packable(w: &str) -> Option<(u64, u64)> {
    let b = w.as_bytes();
    (!b.is_empty() && b.len() <= 16 && w.is_ascii() && !b.contains(&0)).then(|| pack(b))
}

/// The high bit of every byte of a word.
const HIGH_BITS: u64 = 0x8080_8080_8080_8080;

/// The first `k` bytes (little-endian order) of `v`, the others zero.
#[inline]
fn keep_bytes(v: u64, k: usize) -> u64 {
    if k >= 8 {
        v
    } else {
        v & ((1u64 << (k * 8)) - 1)
    }
}

/// Eight ASCII bytes in lower case (no byte may have its high bit set).
#[inline]
fn ascii_lower(v: u64) -> u64 {
    // Per byte (below 0x80, so no carry crosses bytes): + 0x3f sets the high bit from `A`
    // up, + 0x25 from `[` up; upper case is between, and gains 0x20.
    let from_a = v.wrapping_add(0x3f3f_3f3f_3f3f_3f3f);
    let past_z = v.wrapping_add(0x2525_2525_2525_2525);
    v | ((from_a & !past_z & HIGH_BITS) >> 2)
}

/// Removes common Latin diacritics (`é` → `e`, `ß` → `ss`, `ł` → `l`).
pub fn fold(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match folded_char(c) {
            Some(r) => out.push_str(r),
            None => out.push(c),
        }
    }
    out
}

/// [`fold`] of `s` appended to `out`; false when it does not fit (`out` is then cut short).
pub(super) fn fold_into(s: &str, out: &mut ShortStr) -> bool {
    s.chars().all(|c| match folded_char(c) {
        Some(r) => out.push_str(r),
        None => out.push(c),
    })
}

/// `w` in lower case, as `str::to_lowercase` gives it, appended to `out`; false when it does
/// not fit or holds a `Σ` (whose lower case depends on the letters around it: `str` lower-cases
/// every other character by itself).
pub(super) fn lower_into(w: &str, out: &mut ShortStr) -> bool {
    w.chars().all(|c| {
        if c.is_ascii() {
            out.push(c.to_ascii_lowercase())
        } else if c == 'Σ' {
            false
        } else {
            match crate::letters::lower_char(c) {
                Some(l) => out.push(l),
                None => c.to_lowercase().all(|l| out.push(l)),
            }
        }
    })
}

/// A short string written on the stack: a word in lower case or folded, without an
/// allocation.
pub(super) struct ShortStr {
    buf: [u8; 64],
    len: usize,
}

impl ShortStr {
    pub(super) fn new() -> ShortStr {
        ShortStr {
            buf: [0; 64],
            len: 0,
        }
    }

    /// Appends `c`; false (nothing appended) when it does not fit.
    #[inline]
    pub(super) fn push(&mut self, c: char) -> bool {
        let n = c.len_utf8();
        match self.buf.get_mut(self.len..self.len + n) {
            Some(at) => {
                c.encode_utf8(at);
                self.len += n;
                true
            }
            None => false,
        }
    }

    /// Appends `s`; false (nothing appended) when it does not fit.
    pub(super) fn push_str(&mut self, s: &str) -> bool {
        match self.buf.get_mut(self.len..self.len + s.len()) {
            Some(at) => {
                at.copy_from_slice(s.as_bytes());
                self.len += s.len();
                true
            }
            None => false,
        }
    }

    pub(super) fn as_str(&self) -> &str {
        // Whole characters only were written: the bytes are UTF-8.
        std::str::from_utf8(&self.buf[..self.len]).unwrap_or_default()
    }
}

/// What [`fold`] writes for `c`, when it is a letter it folds.
fn folded_char(c: char) -> Option<&'static str> {
    Some(match c {
        'à' | 'á' | 'â' | 'ã' | 'ä' | 'å' | 'ā' | 'ă' | 'ą' => "a",
        'æ' => "ae",
        'ç' | 'ć' | 'č' => "c",
        'ď' | 'đ' | 'ð' => "d",
        'è' | 'é' | 'ê' | 'ë' | 'ē' | 'ė' | 'ę' | 'ě' => "e",
        'ğ' => "g",
        'ì' | 'í' | 'î' | 'ï' | 'ī' | 'ı' | 'į' => "i",
        'ł' | 'ľ' | 'ĺ' => "l",
        'ñ' | 'ń' | 'ň' => "n",
        'ò' | 'ó' | 'ô' | 'õ' | 'ö' | 'ø' | 'ō' | 'ő' => "o",
        'œ' => "oe",
        'ř' | 'ŕ' => "r",
        'ś' | 'š' | 'ş' | 'ș' => "s",
        'ß' => "ss",
        'ť' | 'ţ' | 'ț' => "t",
        'ù' | 'ú' | 'û' | 'ü' | 'ū' | 'ů' | 'ű' | 'ų' => "u",
        'ý' | 'ÿ' => "y",
        'ź' | 'ż' | 'ž' => "z",
        '’' => "'",
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The word map as the lexicon was built before the packed keys went straight into
    /// their table: every word lower-cased by `to_lowercase`, flags joined per key.
    fn reference() -> FxMap<String, u32> {
        let mut words: FxMap<String, u32> = FxMap::default();
        let mut add = |w: &str, flag: u32| {
            let k = w.to_lowercase();
            if !k.is_empty() {
                *words.entry(k).or_insert(0) |= flag;
            }
        };
        for l in data_lines(WORDS_EN) {
            add(l, WORD);
        }
        for w in data_lines(WORDS_INTL).flat_map(str::split_whitespace) {
            add(w, WORD);
        }
        for l in data_lines(GIVEN_SSA) {
            let mut it = l.split_whitespace();
            if let Some(n) = it.next() {
                let flag = match it.next() {
                    Some("f") => GIVEN_F,
                    Some("m") => GIVEN_M,
                    _ => GIVEN,
                };
                add(n, flag);
            }
        }
        for l in data_lines(SURNAMES_CENSUS) {
            add(l, SURNAME);
        }
        words
    }

    #[test]
    fn every_word_of_the_lists_has_at_least_its_flags_in_any_case() {
        let lex = &*LEXICON;
        let reference = reference();
        assert!(reference.len() > 10_000);
        for (k, &f) in &reference {
            // (Forms whose lower case is another key, `GRÜSSE` for `grüße`, aside.)
            for w in [k.clone(), k.to_uppercase(), capitalised(k)]
                .into_iter()
                .filter(|w| w.to_lowercase() == *k)
            {
                let got = lex.flags(&w);
                assert_eq!(got & f, f, "{w:?}: {got:#x} lacks {f:#x}");
            }
        }
        // And words of no list have none.
        for w in ["qzxv", "Qzxvwq", "ZZQQXXJJ", "qzxvwqqzxvwqqzxvwq", "Ωqzx"] {
            assert_eq!(lex.flags(w), 0, "{w}");
        }
    }

    /// [`Lexicon::flags`] of a word that is not ASCII as it was before the stack buffers:
    /// the flags of its lower case, or else of its folding.
    fn flags_reference(lex: &Lexicon, word: &str) -> u32 {
        let lower = word.to_lowercase();
        let f = lex.key_flags(&lower);
        if f != 0 {
            return f;
        }
        let folded = fold(&lower);
        if folded != lower {
            lex.key_flags(&folded)
        } else {
            0
        }
    }

    #[test]
    fn flags_of_words_with_accents_are_those_of_the_reference() {
        let lex = &*LEXICON;
        let mut n = 0;
        for k in lex.words.keys().filter(|k| !k.is_ascii()) {
            for w in [
                k.to_string(),
                k.to_uppercase(),
                capitalised(k),
                fold(k) + "é",
            ] {
                assert_eq!(lex.flags(&w), flags_reference(lex, &w), "{w:?}");
                n += 1;
            }
        }
        assert!(n > 100);
        for w in ["ΣΟΦΙΑ", "Σοφία", "İSTANBUL", "\u{212A}ATE", &"é".repeat(40)] {
            assert_eq!(lex.flags(w), flags_reference(lex, w), "{w:?}");
        }
    }

    fn capitalised(k: &str) -> String {
        let mut c = k.chars();
        c.next()
            .map(|f| f.to_uppercase().chain(c).collect())
            .unwrap_or_default()
    }

    proptest! {
        /// The packed table holds exactly the keys given, each with the union of its flags,
        /// whatever the repeats (the table is sized for all entries, then refilled smaller).
        #[test]
        fn flags_agree_with_the_reference(w in "[a-zA-ZÀ-ÿΣσςİıẞßŁłŒœ’\u{212A}]{1,40}") {
            if !w.is_ascii() {
                prop_assert_eq!(LEXICON.flags(&w), flags_reference(&LEXICON, &w));
            }
        }
    }
}
