//! Street names of the countries whose streets the English, German, Dutch and Romance lists
//! do not cover (issue 14): a Hungarian street stays Hungarian (`Béke utca 67.` → `Kossuth
//! utca 31.`), a Swedish one Swedish (`Kungsgatan 44` → `Björkgatan 17`), and so on. The type
//! word tells the country; without one, the letters of the name do (`Tuškanac 8` → a Croatian
//! or Slovene-looking name, `Αλυσανδράτου 92` → a Greek one).
//!
//! The names are common street names of each country (what nearly every town has: school,
//! church, mill, birch, peace), written as the country writes them; none is taken from any
//! corpus.

/// Separate type words (before or after the name) and the names that go with them.
pub(super) const WORD_TYPES: &[(&str, &[&str])] = &[
    ("utca", HU),
    ("u.", HU),
    ("út", HU),
    ("tér", HU),
    ("körút", HU),
    ("iela", LV),
    ("g.", LT),
    ("gatvė", LT),
    ("pr.", LT),
    ("tänav", ET),
    ("tn", ET),
    ("mnt", ET),
    ("ulica", SL),
    ("cesta", SL),
    ("trg", SL),
    ("náměstí", CS),
    ("námestie", SK),
    ("sokak", TR),
    ("sokağı", TR),
    ("caddesi", TR),
    ("bulvarı", TR),
    ("mahallesi", TR),
    ("jl.", ID),
    ("jalan", ID),
    ("gang", ID),
    ("gg.", ID),
    ("strada", RO),
    ("str.", RO),
    ("aleea", RO),
    ("bulevardul", RO),
    ("calea", RO),
    ("intrarea", RO),
    ("soseaua", RO),
    ("șoseaua", RO),
    ("drumul", RO),
    ("ul.", PL),
    ("al.", PL),
    ("aleja", PL),
    ("os.", PL),
    ("vul.", UK_LATN),
    ("bul.", BG_LATN),
    ("вул.", UK),
    ("вулиця", UK),
    ("ул.", BG),
    ("бул.", BG),
    ("odos", EL_LATN),
    ("οδός", EL),
];

/// Suffixes glued to the name and the stems that go before them.
pub(super) const GLUED: &[(&str, &[&str])] = &[
    ("gatan", SV),
    ("vägen", SV),
    ("gränd", SV),
    ("stigen", SV),
    ("torget", SV),
    ("backen", SV),
    ("gata", NO),
    ("gate", NO),
    ("gaten", NO),
    ("veien", NO),
    ("vegen", NO),
    ("vei", NO),
    ("stien", NO),
    ("haugen", NO),
    ("plassen", NO),
    ("bakken", NO),
    ("flata", NO),
    ("vej", DA),
    ("gade", DA),
    ("stræde", DA),
    ("allé", DA),
    ("plads", DA),
    ("katu", FI),
    ("tie", FI),
    ("kuja", FI),
    ("polku", FI),
    ("bulevardi", FI),
    ("vegur", IS),
    ("gata", IS),
    ("ringen", NO),
    ("svingen", NO),
];

const HU: &[&str] = &[
    "Kossuth",
    "Petőfi",
    "Rákóczi",
    "Dózsa",
    "Széchenyi",
    "Arany",
    "Jókai",
    "Ady",
    "Béke",
    "Kölcsey",
    "Bartók",
    "Táncsics",
    "Vörösmarty",
    "Deák",
];
const LV: &[&str] = &[
    "Brīvības",
    "Skolas",
    "Dzirnavu",
    "Liepu",
    "Bērzu",
    "Ozolu",
    "Krasta",
    "Pils",
    "Ezera",
    "Dārza",
    "Meža",
    "Parka",
];
const LT: &[&str] = &[
    "Vilniaus", "Kauno", "Mokyklos", "Liepų", "Beržų", "Sodų", "Ežero", "Parko", "Miško", "Pievų",
    "Taikos", "Laisvės",
];
const ET: &[&str] = &[
    "Kase", "Pärna", "Kooli", "Aia", "Metsa", "Mere", "Tamme", "Jõe", "Pargi", "Veski", "Kalda",
    "Lille",
];
const SL: &[&str] = &[
    "Šolska",
    "Cankarjeva",
    "Prešernova",
    "Gregorčičeva",
    "Kidričeva",
    "Trubarjeva",
    "Vrtna",
    "Brezova",
    "Lipova",
    "Mlinska",
    "Cerkvena",
    "Sončna",
];
const CS: &[&str] = &[
    "Nádražní",
    "Školní",
    "Zahradní",
    "Krátká",
    "Polní",
    "Lipová",
    "Komenského",
    "Husova",
    "Sokolská",
    "Luční",
    "Palackého",
    "Jiráskova",
];
const SK: &[&str] = &[
    "Hlavná",
    "Školská",
    "Záhradná",
    "Krátka",
    "Poľná",
    "Lipová",
    "Štúrova",
    "Hviezdoslavova",
    "Mlynská",
    "Nová",
    "Lúčna",
    "Jarná",
];
const TR: &[&str] = &[
    "Atatürk",
    "Cumhuriyet",
    "İnönü",
    "Lale",
    "Gül",
    "Menekşe",
    "Çamlık",
    "Okul",
    "Pınar",
    "Akasya",
    "Zambak",
    "Papatya",
];
const ID: &[&str] = &[
    "Merdeka",
    "Sudirman",
    "Diponegoro",
    "Gajah Mada",
    "Pahlawan",
    "Melati",
    "Mawar",
    "Kenanga",
    "Cendana",
    "Flamboyan",
    "Anggrek",
    "Cempaka",
];
const RO: &[&str] = &[
    "Libertății",
    "Unirii",
    "Florilor",
    "Teilor",
    "Mihai Eminescu",
    "Ștefan cel Mare",
    "Mărășești",
    "Trandafirilor",
    "Plopilor",
    "Morii",
    "Școlii",
    "Viilor",
];
const PL: &[&str] = &[
    "Polna",
    "Leśna",
    "Słoneczna",
    "Krótka",
    "Szkolna",
    "Ogrodowa",
    "Lipowa",
    "Brzozowa",
    "Łąkowa",
    "Kwiatowa",
    "Parkowa",
    "Spacerowa",
];
const UK: &[&str] = &[
    "Шевченка",
    "Франка",
    "Садова",
    "Шкільна",
    "Лісова",
    "Центральна",
    "Польова",
    "Миру",
    "Зелена",
    "Лесі Українки",
];
const UK_LATN: &[&str] = &[
    "Shevchenka",
    "Franka",
    "Sadova",
    "Shkilna",
    "Lisova",
    "Tsentralna",
    "Polova",
    "Myru",
    "Zelena",
];
const BG: &[&str] = &[
    "Васил Левски",
    "Христо Ботев",
    "Раковски",
    "Шипка",
    "Витоша",
    "Цар Симеон",
    "Иван Вазов",
    "Александър Стамболийски",
];
const BG_LATN: &[&str] = &[
    "Vasil Levski",
    "Hristo Botev",
    "Rakovski",
    "Shipka",
    "Vitosha",
    "Tsar Simeon",
    "Ivan Vazov",
];
const EL: &[&str] = &[
    "Ερμού",
    "Αθηνάς",
    "Σταδίου",
    "Πανεπιστημίου",
    "Ακαδημίας",
    "Αγίου Νικολάου",
    "Ειρήνης",
    "Κύπρου",
    "Μιαούλη",
    "Κανάρη",
];
const EL_LATN: &[&str] = &[
    "Ermou",
    "Athinas",
    "Stadiou",
    "Akadimias",
    "Eirinis",
    "Kyprou",
    "Miaouli",
    "Kanari",
];
const SV: &[&str] = &[
    "Kyrko", "Skol", "Björk", "Kvarn", "Ek", "Lind", "Tall", "Park", "Ängs", "Sjö", "Strand",
    "Back",
];
const NO: &[&str] = &[
    "Kirke", "Skole", "Bjørke", "Mølle", "Eike", "Linde", "Furu", "Park", "Enge", "Sjø", "Strand",
    "Berg",
];
const DA: &[&str] = &[
    "Kirke", "Skole", "Birke", "Mølle", "Ege", "Linde", "Fyrre", "Park", "Enge", "Sø", "Strand",
    "Bakke",
];
const FI: &[&str] = &[
    "Koulu", "Kirkko", "Koivu", "Mylly", "Tammi", "Lehmus", "Mänty", "Puisto", "Niitty", "Järvi",
    "Ranta", "Mäki",
];
const IS: &[&str] = &[
    "Lauga", "Skóla", "Kirkju", "Hring", "Sól", "Birki", "Álfa", "Heiðar",
];
/// Latin-script names that look at home in central and south-eastern Europe when the type
/// word does not tell the country (`Tuškanac 8`, `Grič 115`).
pub(super) const LATIN_PLAIN: &[&str] = &[
    "Lipova", "Brezova", "Vrtna", "Cvjetna", "Polna", "Školska", "Sunčana", "Zelena", "Mlinska",
    "Lugova",
];
/// Cyrillic and Greek names for streets without a type word.
pub(super) const CYRILLIC_PLAIN: &[&str] = UK;
pub(super) const GREEK_PLAIN: &[&str] = EL;

/// The names for a street whose words include `word` (lower case), if it names a country.
pub(super) fn names_for_type(word: &str) -> Option<&'static [&'static str]> {
    WORD_TYPES
        .iter()
        .find(|(t, _)| *t == word)
        .map(|(_, names)| *names)
}

/// The glued suffix of `lower` (a lower-case word) and its stems, if it has one.
pub(super) fn glued(lower: &str) -> Option<(&'static str, &'static [&'static str])> {
    GLUED
        .iter()
        .filter(|(s, _)| lower.ends_with(s) && lower.chars().count() >= s.chars().count() + 3)
        .max_by_key(|(s, _)| s.len())
        .map(|(s, names)| (*s, *names))
}

/// Names for a name word of a street without a known type word, by its script.
pub(super) fn names_by_script(word: &str) -> &'static [&'static str] {
    match word.chars().next().map(|c| c as u32) {
        Some(0x370..=0x3FF) => GREEK_PLAIN,
        Some(0x400..=0x4FF) => CYRILLIC_PLAIN,
        _ => LATIN_PLAIN,
    }
}
