//! Texts with nothing personal that use the same devices as the adversarial values (`meet at
//! five`, `the dot com years`, a zero-width space in a product name, number words in prose,
//! fullwidth text, Cyrillic and Greek words, bidi marks in Hebrew and Arabic): the guard on
//! precision. Written from templates of this file; `⟦text|class⟧` marks a look-alike that
//! must stay (labelled as a trap of that class).

use crate::corpus::{Doc, Role, Span};

use super::transforms::Rng;

/// Sentences with slots (`{time}`, `{n}`, …) and marked look-alikes, with the locale of the
/// document they go into.
const SENTENCES: &[(&str, &str)] = &[
    ("en_US", "Let's meet ⟦at {time}|time_words⟧ by the {place}."),
    (
        "en_GB",
        "Can we move the call to ⟦{time}|time_words⟧? I'm stuck ⟦at the {place}|at_prose⟧ until then.",
    ),
    (
        "en_US",
        "The bus leaves ⟦at {time} past {hour}|time_words⟧, so be ready ⟦at {time}|time_words⟧.",
    ),
    (
        "en_US",
        "I have ⟦{n} cats and {m} dogs|number_words⟧ and no room for a {pet}.",
    ),
    (
        "en_AU",
        "We bought ⟦{n} boxes|number_words⟧ of {thing} and ⟦{m}|number_words⟧ spare lids.",
    ),
    ("en_US", "Countdown: ⟦{seq}|number_words⟧, lift-off!"),
    (
        "en_US",
        "The kids counted ⟦{seq}|number_words⟧ before the game began.",
    ),
    (
        "en_GB",
        "Final score ⟦{n} to {m}|number_words⟧ after extra time.",
    ),
    (
        "en_US",
        "Just see ⟦dot com|at_dot_prose⟧ history books: the ⟦dot-com|at_dot_prose⟧ bubble burst in 2000.",
    ),
    (
        "en_US",
        "He worked for a ⟦dot com|at_dot_prose⟧ startup and later ⟦at the {place}|at_prose⟧.",
    ),
    (
        "en_US",
        "Draw a ⟦dot|at_dot_prose⟧ in the middle, then a line ⟦at {n} degrees|number_words⟧.",
    ),
    (
        "en_US",
        "Sign-up happens ⟦[at]|at_prose⟧ the front desk; lunch is ⟦(at)|at_prose⟧ noon.",
    ),
    (
        "en_GB",
        "Notes ⟦{at}|at_prose⟧ the bottom of page ⟦{n}|number_words⟧ explain the rest.",
    ),
    (
        "en_US",
        "Lunch ⟦@ {time}|time_words⟧? The {place} has a table for ⟦{n}|number_words⟧.",
    ),
    (
        "en_US",
        "The new ⟦{product}|product_zw⟧ ships next week in {colour}.",
    ),
    (
        "en_GB",
        "Our ⟦{product}|product_zw⟧ review is up: {verdict}.",
    ),
    (
        "en_US",
        "Please don't paste ⟦{product}|product_zw⟧ into the form, it breaks the search.",
    ),
    (
        "ja_JP",
        "⟦{fwtext}|fullwidth_text⟧ is written on the banner above the shop.",
    ),
    (
        "ja_JP",
        "本日のセール: ⟦{fwtext}|fullwidth_text⟧、在庫限り。",
    ),
    (
        "en_US",
        "The sign said ⟦{fwtext}|fullwidth_text⟧ in big letters.",
    ),
    (
        "uk_UA",
        "⟦{cyr}|cyrillic_word⟧ — так написано на вивісці біля вокзалу.",
    ),
    (
        "en_US",
        "The Russian menu said ⟦{cyr}|cyrillic_word⟧ next to the soup of the day.",
    ),
    (
        "el_GR",
        "⟦{greek}|greek_word⟧, είπε ο οδηγός του λεωφορείου.",
    ),
    (
        "en_US",
        "Check the ⟦{lookalike}|homoglyph_word⟧ setting before you start.",
    ),
    ("he_IL", "⟦{hebrew}|bidi_text⟧ — כך נכתב בהודעה מהמערכת."),
    (
        "en_US",
        "The Arabic caption reads ⟦{arabic}|bidi_text⟧ under the photo.",
    ),
    ("he_IL", "גרסה ⟦{version}|version⟧ יצאה היום."),
    (
        "en_US",
        "Rows ⟦{spaced}|spaced_digits⟧ of the table are empty.",
    ),
    (
        "en_US",
        "Seats ⟦{spaced}|spaced_digits⟧ are still free on the left.",
    ),
    (
        "en_US",
        "Release ⟦{version}|version⟧ fixes the export; build ⟦{build}|glued_code⟧ is next.",
    ),
    (
        "en_GB",
        "Table ⟦{tableno}|glued_code⟧ asked for the bill, and gate ⟦{gate}|glued_code⟧ is closed.",
    ),
    (
        "en_US",
        "Item ⟦{sku}|glued_code⟧ is out of stock until ⟦{month} {day}|date⟧.",
    ),
    (
        "en_US",
        "Version ⟦{words_version}|number_words⟧ of the app added dark mode.",
    ),
    (
        "en_US",
        "The ⟦{emoji}|zwj_emoji⟧ pack comes with {n2} free stickers.",
    ),
    (
        "de_DE",
        "Ich habe ⟦{de_n} Katzen und {de_m} Hunde|number_words⟧, sagt sie.",
    ),
    (
        "de_DE",
        "Treffen wir uns ⟦um {de_n}|time_words⟧ am {place_de}?",
    ),
    (
        "de_DE",
        "Die ⟦Donau\u{AD}dampf\u{AD}schiff\u{AD}fahrt|soft_hyphen⟧ fährt heute nicht.",
    ),
    (
        "fr_FR",
        "J'ai ⟦{fr_n} chats et {fr_m} chiens|number_words⟧ à la maison.",
    ),
    (
        "fr_FR",
        "On se voit ⟦à {fr_n} heures|time_words⟧ devant la {place_fr}.",
    ),
    (
        "es_ES",
        "Tengo ⟦{es_n} perros y {es_m} gatos|number_words⟧ en casa.",
    ),
    (
        "it_IT",
        "Ci vediamo ⟦alle {it_n}|time_words⟧ in {place_it}.",
    ),
    (
        "pt_BR",
        "Comprei ⟦{pt_n} livros e {pt_m} cadernos|number_words⟧ na feira.",
    ),
    (
        "nl_NL",
        "We hebben ⟦{nl_n} fietsen en {nl_m} auto's|number_words⟧ in de schuur.",
    ),
    (
        "en_US",
        "Word\u{2060}joiner and soft\u{AD}hyphen show up when you copy ⟦{product}|product_zw⟧ from a PDF.",
    ),
    (
        "en_US",
        "Press ⟦{keys}|spaced_digits⟧ on the keypad to open the menu.",
    ),
    (
        "en_US",
        "The recipe needs ⟦{n} eggs, {m} cups|number_words⟧ of flour and a pinch of salt.",
    ),
];

const TIMES: &[&str] = &[
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "noon",
    "half past two",
    "a quarter to four",
    "eleven",
    "three",
];
const HOURS: &[&str] = &["two", "three", "four", "six", "nine", "ten"];
const PLACES: &[&str] = &[
    "station",
    "café",
    "library",
    "old bridge",
    "office",
    "gym",
    "bakery",
    "harbour",
];
const PLACES_DE: &[&str] = &["Bahnhof", "Marktplatz", "Kino", "Rathaus"];
const PLACES_FR: &[&str] = &["gare", "mairie", "boulangerie", "poste"];
const PLACES_IT: &[&str] = &["piazza", "stazione", "biblioteca", "centro"];
const SMALL: &[&str] = &[
    "two", "three", "four", "five", "six", "seven", "eight", "nine", "eleven", "twelve",
];
const PETS: &[&str] = &["parrot", "hamster", "horse", "goldfish"];
const THINGS: &[&str] = &["nails", "tea", "paper", "screws", "crayons"];
const SEQS: &[&str] = &[
    "ten, nine, eight, seven, six, five, four, three, two, one",
    "one two three four five six seven eight nine ten",
    "five four three two one",
    "one, two, three, four, five, six, seven, eight",
    "two four six eight",
];
const PRODUCTS: &[&str] = &[
    "Zen\u{200B}Book",
    "Power\u{200B}Shot",
    "i\u{200D}Phone",
    "Smart\u{200C}Watch",
    "Air\u{2060}Pods",
    "Play\u{FEFF}Station",
    "Cloud\u{200B}Sync Pro",
    "Note\u{200B}Pad++",
];
const COLOURS: &[&str] = &["blue", "silver", "sand", "black", "green"];
const VERDICTS: &[&str] = &[
    "four stars",
    "worth it",
    "too loud",
    "great battery",
    "fine for the price",
];
const FW: &[&str] = &[
    "ＳＡＬＥ ５０％ ＯＦＦ",
    "ＷＥＬＣＯＭＥ",
    "ＯＰＥＮ ２４ ＨＯＵＲＳ",
    "ＴＯＫＹＯ ＴＯＷＥＲ",
    "ＮＥＷ ＡＲＲＩＶＡＬＳ",
    "ＦＲＥＥ ＷＩ－ＦＩ",
    "ｄｏｔ ｃｏｍ",
];
const CYR: &[&str] = &[
    "Борщ",
    "Ласкаво просимо",
    "Закрито на обід",
    "Вихід",
    "Каса",
    "Пельмени",
    "Скидка",
];
const GREEK: &[&str] = &["Καλημέρα", "Στάση", "Έξοδος", "Καλό ταξίδι", "Ευχαριστώ"];
const LOOKALIKE: &[&str] = &["сlassic", "modе", "Аuto", "рreview", "ΤURBO", "defаult"];
const HEBREW: &[&str] = &[
    "שלום\u{200F} עולם",
    "ההזמנה\u{200F} התקבלה",
    "\u{202B}המערכת תעודכן הלילה\u{202C}",
    "תודה\u{200F} רבה",
];
const ARABIC: &[&str] = &[
    "مرحبا\u{200F} بالعالم",
    "\u{2067}شكرا جزيلا\u{2069}",
    "مغلق\u{200F} اليوم",
    "أهلا\u{200F} وسهلا",
];
const VERSIONS: &[&str] = &["2.4.1", "10.0.3", "1.12.7", "3.0.0-rc2", "7.1"];
const SPACED: &[&str] = &[
    "1 2 3 4 5",
    "4 5 6",
    "7 8 9 10 11 12",
    "2 4 6 8",
    "1 3 5 7 9 11",
];
const KEYS: &[&str] = &["1 2 3", "9 9", "0 0 0", "4 2 #"];
const BUILDS: &[&str] = &["b1042", "build#88", "r2231", "v12"];
const TABLES: &[&str] = &["#12", "no7", "T14", "#3"];
const GATES: &[&str] = &["B22", "A7", "#4", "C14"];
const SKUS: &[&str] = &["SKU4411", "sku#20931", "item42", "ref#7781"];
const MONTHS: &[&str] = &["March", "June", "October", "December"];
const DAYS: &[&str] = &["3", "12", "21", "30"];
const WORDS_VERSIONS: &[&str] = &["one point two", "two point oh", "three point five"];
const EMOJI: &[&str] = &[
    "👨\u{200D}👩\u{200D}👧",
    "🏳\u{FE0F}\u{200D}🌈",
    "👩\u{200D}💻",
];
const DE_N: &[&str] = &["zwei", "drei", "vier", "fünf", "sechs", "acht"];
const FR_N: &[&str] = &["deux", "trois", "quatre", "cinq", "six", "huit"];
const ES_N: &[&str] = &["dos", "tres", "cuatro", "cinco", "seis"];
const IT_N: &[&str] = &["due", "tre", "quattro", "cinque", "sei", "otto"];
const PT_N: &[&str] = &["dois", "três", "quatro", "cinco", "seis"];
const NL_N: &[&str] = &["twee", "drie", "vier", "vijf", "zes"];
const FILLER: &[&str] = &[
    "Thanks again for the help yesterday.",
    "Nothing else to report for now.",
    "See the attached notes for details.",
    "The weather was lovely all week.",
    "Let me know if that works.",
    "We will talk about the budget later.",
    "The printer on the second floor is fixed.",
];

fn fill(template: &str, rng: &mut Rng) -> String {
    let mut out = String::with_capacity(template.len() + 32);
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let Some(close) = rest[open..].find('}') else {
            break;
        };
        let slot = &rest[open + 1..open + close];
        let choices: &[&str] = match slot {
            "time" => TIMES,
            "hour" => HOURS,
            "place" => PLACES,
            "place_de" => PLACES_DE,
            "place_fr" => PLACES_FR,
            "place_it" => PLACES_IT,
            "n" | "m" | "n2" => SMALL,
            "pet" => PETS,
            "thing" => THINGS,
            "seq" => SEQS,
            "product" => PRODUCTS,
            "colour" => COLOURS,
            "verdict" => VERDICTS,
            "fwtext" => FW,
            "cyr" => CYR,
            "greek" => GREEK,
            "lookalike" => LOOKALIKE,
            "hebrew" => HEBREW,
            "arabic" => ARABIC,
            "version" => VERSIONS,
            "spaced" => SPACED,
            "keys" => KEYS,
            "build" => BUILDS,
            "tableno" => TABLES,
            "gate" => GATES,
            "sku" => SKUS,
            "month" => MONTHS,
            "day" => DAYS,
            "words_version" => WORDS_VERSIONS,
            "emoji" => EMOJI,
            "de_n" | "de_m" => DE_N,
            "fr_n" | "fr_m" => FR_N,
            "es_n" | "es_m" => ES_N,
            "it_n" => IT_N,
            "pt_n" | "pt_m" => PT_N,
            "nl_n" | "nl_m" => NL_N,
            // `{at}` is the literal device, not a slot.
            _ => {
                out.push_str(&rest[open..=open + close]);
                rest = &rest[open + close + 1..];
                continue;
            }
        };
        let word: &str = rng.pick::<&str>(choices);
        out.push_str(word);
        rest = &rest[open + close + 1..];
    }
    out.push_str(rest);
    out
}

/// Strips the `⟦text|class⟧` marks, returning the text and the trap spans (byte offsets).
fn unmark(marked: &str, base: usize) -> (String, Vec<Span>) {
    let mut text = String::with_capacity(marked.len());
    let mut spans = Vec::new();
    let mut rest = marked;
    while let Some(open) = rest.find('⟦') {
        text.push_str(&rest[..open]);
        let inner = &rest[open + '⟦'.len_utf8()..];
        let close = inner.find('⟧').unwrap_or(inner.len());
        let (value, class) = inner[..close]
            .rsplit_once('|')
            .unwrap_or((&inner[..close], "trap"));
        let start = base + text.len();
        text.push_str(value);
        spans.push(Span {
            start,
            end: base + text.len(),
            role: Role::Trap(class.to_string()),
        });
        rest = inner.get(close + '⟧'.len_utf8()..).unwrap_or("");
    }
    text.push_str(rest);
    (text, spans)
}

/// `count` short documents with nothing personal, each of one to three sentences of the
/// templates above (and a neutral sentence or two), seeded.
pub fn negatives(count: usize, seed: u64) -> Vec<Doc> {
    let mut rng = Rng::new(seed ^ 0x6e65_6761_7469_7665);
    (0..count)
        .map(|i| {
            // Every template leads some documents; the others are drawn.
            let (locale, _) = SENTENCES[i % SENTENCES.len()];
            let mut picks = vec![i % SENTENCES.len()];
            for _ in 0..rng.below(3) {
                picks.push(rng.below(SENTENCES.len()));
            }
            let mut text = String::new();
            let mut spans = Vec::new();
            for (n, &p) in picks.iter().enumerate() {
                if n > 0 {
                    text.push(' ');
                }
                if rng.chance(0.3) {
                    let filler: &str = rng.pick::<&str>(FILLER);
                    text.push_str(filler);
                    text.push(' ');
                }
                let (t, s) = unmark(&fill(SENTENCES[p].1, &mut rng), text.len());
                text.push_str(&t);
                spans.extend(s);
            }
            spans.sort_by_key(|s| (s.start, s.end));
            Doc {
                id: format!("neg-{i:04}"),
                locale: locale.to_string(),
                shape: "adversarial_negative".into(),
                template: format!("adv-neg-{:02}", i % SENTENCES.len()),
                negative: true,
                text,
                spans,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marks_become_trap_labels_on_their_text() {
        let (t, s) = unmark(
            "meet ⟦at five|time_words⟧ by ⟦Zen\u{200B}Book|product_zw⟧.",
            3,
        );
        assert_eq!(t, "meet at five by Zen\u{200B}Book.");
        assert_eq!(&t[s[0].start - 3..s[0].end - 3], "at five");
        assert_eq!(s[1].role, Role::Trap("product_zw".into()));
        assert_eq!(&t[s[1].start - 3..s[1].end - 3], "Zen\u{200B}Book");
    }

    #[test]
    fn negatives_are_reproducible_varied_and_well_formed() {
        let a = negatives(200, 7);
        let b = negatives(200, 7);
        assert_eq!(a.len(), 200);
        assert!(a.iter().zip(&b).all(|(x, y)| x.text == y.text));
        let distinct: std::collections::BTreeSet<&str> =
            a.iter().map(|d| d.text.as_str()).collect();
        assert!(distinct.len() >= 190, "{}", distinct.len());
        for d in &a {
            assert!(
                !d.text.contains(['⟦', '⟧', '{', '}']) || d.text.contains("{at}"),
                "{}",
                d.text
            );
            assert!(
                d.spans.windows(2).all(|w| w[0].end <= w[1].start),
                "{}",
                d.text
            );
            assert!(
                d.spans
                    .iter()
                    .all(|s| d.text.is_char_boundary(s.start) && d.text.is_char_boundary(s.end))
            );
        }
        let all: String = a.iter().map(|d| d.text.as_str()).collect();
        for device in [
            "at five", "dot com", "\u{200B}", "three", "Ｗ", "\u{200F}", "[at]",
        ] {
            assert!(all.contains(device), "{device}");
        }
    }
}
