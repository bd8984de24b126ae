//! The rewrites of the adversarial part: what a person types to dodge a filter, and what text
//! copied from web pages and PDFs carries. Each rewrites one labelled value (the label stays on
//! the rewritten value); a glued label goes in front of it, outside the label.

use std::fmt;

use redact::Kind;

/// A small deterministic generator (SplitMix64): the adversarial part must be the same on
/// every machine and every run.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator for `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// A generator for a seed and a name (a document id, a transform).
    pub fn for_key(seed: u64, key: &str) -> Rng {
        Rng(seed ^ fnv(key))
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n.max(1) as u64) as usize
    }

    /// True with probability `p`.
    pub fn chance(&mut self, p: f64) -> bool {
        ((self.next_u64() >> 11) as f64 / (1u64 << 53) as f64) < p
    }

    /// One element of a non-empty slice.
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

/// FNV-1a of a string: a stable hash for seeds and sample orders.
pub fn fnv(s: &str) -> u64 {
    s.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// The kinds of value the adversarial part rewrites.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Target {
    /// E-mail addresses.
    Email,
    /// Phone numbers.
    Phone,
    /// Payment card numbers.
    Card,
    /// US social security numbers.
    Ssn,
    /// IBANs (bank accounts in IBAN shape; other account numbers are left alone).
    Iban,
    /// API keys, tokens and passwords.
    ApiKey,
    /// Names of people (only under invisible characters and homoglyphs; not in the targets
    /// of the six structured kinds).
    Person,
}

impl Target {
    /// The six structured kinds the targets are set on, in table order.
    pub const STRUCTURED: [Target; 6] = [
        Target::Email,
        Target::Phone,
        Target::Card,
        Target::Ssn,
        Target::Iban,
        Target::ApiKey,
    ];

    /// The name in tables and on the command line.
    pub fn as_str(self) -> &'static str {
        match self {
            Target::Email => "email",
            Target::Phone => "phone",
            Target::Card => "card_number",
            Target::Ssn => "ssn",
            Target::Iban => "iban",
            Target::ApiKey => "api_key",
            Target::Person => "person",
        }
    }

    /// The target a labelled value of `kind` belongs to, if any.
    pub fn of(kind: Kind, value: &str) -> Option<Target> {
        Some(match kind {
            Kind::Email => Target::Email,
            Kind::Phone => Target::Phone,
            Kind::CardNumber => Target::Card,
            Kind::Ssn => Target::Ssn,
            Kind::BankAccount if is_iban(value) => Target::Iban,
            Kind::ApiKey => Target::ApiKey,
            Kind::Person => Target::Person,
            _ => return None,
        })
    }

    /// The kind the detector gives this target (precision per kind is by the finding's kind).
    pub fn kind(self) -> Kind {
        match self {
            Target::Email => Kind::Email,
            Target::Phone => Kind::Phone,
            Target::Card => Kind::CardNumber,
            Target::Ssn => Kind::Ssn,
            Target::Iban => Kind::BankAccount,
            Target::ApiKey => Kind::ApiKey,
            Target::Person => Kind::Person,
        }
    }

    /// Counted in the targets (the six structured kinds).
    pub fn structured(self) -> bool {
        self != Target::Person
    }
}

impl fmt::Display for Target {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Two letters, two digits, then letters and digits (spaces allowed): an IBAN.
fn is_iban(v: &str) -> bool {
    let b: Vec<u8> = v.bytes().filter(|b| *b != b' ').collect();
    b.len() >= 15
        && b[..2].iter().all(u8::is_ascii_uppercase)
        && b[2..4].iter().all(u8::is_ascii_digit)
        && b[4..].iter().all(u8::is_ascii_alphanumeric)
}

/// One rewrite.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Step {
    /// ` [at] `, `(at)`, `{at}`, ` at `, ` AT ` and the `dot` forms in an e-mail address.
    AtDot,
    /// Digits written as words (English, or the document's language among de, fr, es, it,
    /// pt, nl), groups kept apart by `, ` or ` - `.
    NumberWords,
    /// Zero-width characters and soft hyphens between some characters.
    ZeroWidth,
    /// Bidirectional control characters between some characters.
    Bidi,
    /// ASCII as its fullwidth form (U+FF01..U+FF5E).
    Fullwidth,
    /// Latin letters as Cyrillic or Greek look-alikes.
    Homoglyph,
    /// A label glued to the value (`ssn536228914`, `SSN#536228914`); the label is outside the
    /// labelled span.
    GluedLabel,
    /// Every character apart by a space (`4 1 1 1 …`).
    Spaced,
}

/// A named transform: one step, or a combination applied in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Recipe {
    /// Name in tables and on the command line (`at_dot`, `zero_width+homoglyph`).
    pub name: &'static str,
    /// The steps in order.
    pub steps: &'static [Step],
}

/// Every transform of the adversarial part, in table order.
pub const RECIPES: [Recipe; 12] = [
    Recipe {
        name: "at_dot",
        steps: &[Step::AtDot],
    },
    Recipe {
        name: "number_words",
        steps: &[Step::NumberWords],
    },
    Recipe {
        name: "zero_width",
        steps: &[Step::ZeroWidth],
    },
    Recipe {
        name: "bidi",
        steps: &[Step::Bidi],
    },
    Recipe {
        name: "fullwidth",
        steps: &[Step::Fullwidth],
    },
    Recipe {
        name: "homoglyph",
        steps: &[Step::Homoglyph],
    },
    Recipe {
        name: "glued_label",
        steps: &[Step::GluedLabel],
    },
    Recipe {
        name: "spaced",
        steps: &[Step::Spaced],
    },
    Recipe {
        name: "zero_width+homoglyph",
        steps: &[Step::Homoglyph, Step::ZeroWidth],
    },
    Recipe {
        name: "number_words+zero_width",
        steps: &[Step::NumberWords, Step::ZeroWidth],
    },
    Recipe {
        name: "fullwidth+at_dot",
        steps: &[Step::AtDot, Step::Fullwidth],
    },
    Recipe {
        name: "bidi+glued_label",
        steps: &[Step::GluedLabel, Step::Bidi],
    },
];

impl Recipe {
    /// Only invisible characters and homoglyphs: the group with the 0.99 target.
    pub fn invisible_or_homoglyph(&self) -> bool {
        self.steps
            .iter()
            .all(|s| matches!(s, Step::ZeroWidth | Step::Bidi | Step::Homoglyph))
    }

    /// The recipe called `name`.
    pub fn named(name: &str) -> Option<Recipe> {
        RECIPES.iter().copied().find(|r| r.name == name)
    }
}

/// The obfuscated style a stand-in should keep, where it is measurable.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Style {
    /// The e-mail device as written (`[at]`, `(at)`, `{at}`, ` at `, ` AT `).
    Device(String),
    /// Digits written as words.
    NumberWords,
    /// Characters apart by spaces.
    Spaced,
}

impl Style {
    /// The stand-in keeps the style.
    pub fn kept_by(&self, stand_in: &str) -> bool {
        match self {
            Style::Device(d) => stand_in.contains(d.as_str()),
            Style::NumberWords => {
                let clean: String = stand_in.chars().filter(|c| !is_invisible(*c)).collect();
                !clean.chars().any(|c| c.is_ascii_digit())
                    && clean
                        .split(|c: char| !c.is_alphabetic())
                        .filter(|w| !w.is_empty())
                        .all(|w| is_number_word(&w.to_lowercase()))
                    && clean.chars().any(char::is_alphabetic)
            }
            Style::Spaced => {
                let t = stand_in.trim();
                let parts: Vec<&str> = t.split(' ').collect();
                parts.len() > 3 && parts.iter().all(|p| p.chars().count() <= 2)
            }
        }
    }

    /// Its name in the report.
    pub fn name(&self) -> &'static str {
        match self {
            Style::Device(_) => "at/dot device",
            Style::NumberWords => "number words",
            Style::Spaced => "spaced",
        }
    }
}

/// A value after a recipe.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rewrite {
    /// Text glued in front of the value, outside its label.
    pub prefix: String,
    /// The rewritten value (the labelled span).
    pub value: String,
    /// The style a stand-in should keep, if measurable.
    pub style: Option<Style>,
}

/// Applies `recipe` to a value of `target` in a document of `locale`; `None` when a step
/// cannot apply (an e-mail device on a phone number, a homoglyph on digits only).
pub fn apply(
    recipe: &Recipe,
    target: Target,
    value: &str,
    locale: &str,
    rng: &mut Rng,
) -> Option<Rewrite> {
    let mut r = Rewrite {
        prefix: String::new(),
        value: value.to_string(),
        style: None,
    };
    for step in recipe.steps {
        let v = &r.value;
        match step {
            Step::AtDot => {
                if target != Target::Email {
                    return None;
                }
                let (v, device) = at_dot(v, rng)?;
                r.value = v;
                r.style = Some(Style::Device(device));
            }
            Step::NumberWords => {
                if !matches!(target, Target::Phone | Target::Card | Target::Ssn) {
                    return None;
                }
                r.value = number_words(v, locale, rng)?;
                r.style = Some(Style::NumberWords);
            }
            Step::ZeroWidth => {
                if target == Target::Person && !v.contains(char::is_alphabetic) {
                    return None;
                }
                r.value = sprinkle(v, ZERO_WIDTH, 0.3, rng)?;
            }
            Step::Bidi => r.value = sprinkle(v, BIDI, 0.25, rng)?,
            Step::Fullwidth => {
                if target == Target::Person {
                    return None;
                }
                r.value = fullwidth(v, target, rng)?;
                // The device as the fullwidth variant wrote it (all of it, its letters only,
                // or left as it was when only the first part went fullwidth).
                if let Some(Style::Device(d)) = &r.style {
                    let letters: String = d
                        .chars()
                        .map(|c| if c.is_ascii_alphanumeric() { fw(c) } else { c })
                        .collect();
                    let written = [to_fullwidth(d), letters, d.clone()]
                        .into_iter()
                        .find(|w| r.value.contains(w.as_str()));
                    r.style = written.map(Style::Device);
                }
            }
            Step::Homoglyph => r.value = homoglyph(v, rng)?,
            Step::GluedLabel => {
                let (prefix, v) = glued_label(v, target, rng)?;
                r.prefix = prefix;
                r.value = v;
            }
            Step::Spaced => {
                if !matches!(
                    target,
                    Target::Phone | Target::Card | Target::Ssn | Target::Iban
                ) {
                    return None;
                }
                r.value = spaced(v)?;
                r.style = Some(Style::Spaced);
            }
        }
    }
    (r.value != value || !r.prefix.is_empty()).then_some(r)
}

fn at_dot(v: &str, rng: &mut Rng) -> Option<(String, String)> {
    let (local, domain) = v.rsplit_once('@')?;
    if local.is_empty() || !domain.contains('.') {
        return None;
    }
    // (at, dot or None for domain dots kept, spoken: local dots as words too)
    const FORMS: [(&str, Option<&str>, bool); 9] = [
        (" [at] ", Some(" [dot] "), false),
        (" [at] ", None, false),
        ("[at]", Some("[dot]"), false),
        ("(at)", Some("(dot)"), false),
        ("(at)", None, false),
        ("{at}", Some("{dot}"), false),
        (" at ", Some(" dot "), false),
        (" at ", Some(" dot "), true),
        (" AT ", Some(" DOT "), false),
    ];
    let &(at, dot, spoken) = rng.pick(&FORMS);
    let local = match (dot, spoken) {
        (Some(d), true) => local.replace('.', d),
        _ => local.to_string(),
    };
    let domain = match dot {
        Some(d) => domain.replace('.', d),
        None => domain.to_string(),
    };
    Some((format!("{local}{at}{domain}"), at.to_string()))
}

/// Digit words of the languages the adversarial part writes, and `+`.
const DIGIT_WORDS: [(&str, [&str; 10], &str); 7] = [
    (
        "en",
        [
            "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
        ],
        "plus",
    ),
    (
        "de",
        [
            "null", "eins", "zwei", "drei", "vier", "fünf", "sechs", "sieben", "acht", "neun",
        ],
        "plus",
    ),
    (
        "fr",
        [
            "zéro", "un", "deux", "trois", "quatre", "cinq", "six", "sept", "huit", "neuf",
        ],
        "plus",
    ),
    (
        "es",
        [
            "cero", "uno", "dos", "tres", "cuatro", "cinco", "seis", "siete", "ocho", "nueve",
        ],
        "más",
    ),
    (
        "it",
        [
            "zero", "uno", "due", "tre", "quattro", "cinque", "sei", "sette", "otto", "nove",
        ],
        "più",
    ),
    (
        "pt",
        [
            "zero", "um", "dois", "três", "quatro", "cinco", "seis", "sete", "oito", "nove",
        ],
        "mais",
    ),
    (
        "nl",
        [
            "nul", "een", "twee", "drie", "vier", "vijf", "zes", "zeven", "acht", "negen",
        ],
        "plus",
    ),
];

/// A digit word (or `plus`, `oh`) of any language the adversarial part writes.
pub fn is_number_word(w: &str) -> bool {
    w == "oh"
        || DIGIT_WORDS
            .iter()
            .any(|(_, words, plus)| *plus == w || words.contains(&w))
}

fn number_words(v: &str, locale: &str, rng: &mut Rng) -> Option<String> {
    if v.chars().any(char::is_alphabetic) || !v.chars().any(|c| c.is_ascii_digit()) {
        return None;
    }
    let lang = locale.split('_').next().unwrap_or("en");
    // The document's language most of the time, English otherwise.
    let lang = if lang != "en" && rng.chance(0.75) {
        lang
    } else {
        "en"
    };
    let (_, words, plus) = DIGIT_WORDS
        .iter()
        .find(|(l, _, _)| *l == lang)
        .unwrap_or(&DIGIT_WORDS[0]);
    let joiner = *rng.pick(&[", ", ", ", " - ", " ", ". "]);
    let oh = lang == "en" && rng.chance(0.2);
    let mut groups: Vec<Vec<&str>> = Vec::new();
    let mut current: Vec<&str> = Vec::new();
    for c in v.chars() {
        if let Some(d) = c.to_digit(10) {
            current.push(if oh && d == 0 {
                "oh"
            } else {
                words[d as usize]
            });
        } else if c == '+' && groups.is_empty() && current.is_empty() {
            current.push(plus);
        } else if current.len() > 1 || current.first().is_some_and(|w| w != plus) {
            // A separator ends a group (a lone `plus` waits for its digits).
            groups.push(std::mem::take(&mut current));
        }
    }
    if !current.is_empty() {
        groups.push(current);
    }
    Some(
        groups
            .iter()
            .map(|g| g.join(" "))
            .collect::<Vec<_>>()
            .join(joiner),
    )
}

/// Zero-width space, non-joiner, joiner, word joiner, byte-order mark, soft hyphen.
const ZERO_WIDTH: &[char] = &[
    '\u{200B}', '\u{200B}', '\u{200B}', '\u{200C}', '\u{200D}', '\u{2060}', '\u{FEFF}', '\u{00AD}',
];

/// Marks, embeddings, overrides and isolates.
const BIDI: &[char] = &[
    '\u{200E}', '\u{200F}', '\u{202A}', '\u{202B}', '\u{202C}', '\u{202D}', '\u{202E}', '\u{2066}',
    '\u{2067}', '\u{2068}', '\u{2069}',
];

/// An invisible or bidirectional control character of the adversarial part.
pub fn is_invisible(c: char) -> bool {
    ZERO_WIDTH.contains(&c) || BIDI.contains(&c)
}

/// Inserts characters of `set` between some characters of `v` (at least one), never before the
/// first or after the last.
fn sprinkle(v: &str, set: &[char], p: f64, rng: &mut Rng) -> Option<String> {
    let chars: Vec<char> = v.chars().collect();
    if chars.len() < 2 {
        return None;
    }
    // Most values carry one kind of invisible character (what one tool inserted).
    let main = *rng.pick(set);
    let forced = 1 + rng.below(chars.len() - 1);
    let mut out = String::with_capacity(v.len() + 12);
    for (i, c) in chars.iter().enumerate() {
        if i > 0 && (i == forced || rng.chance(p)) {
            out.push(if rng.chance(0.7) {
                main
            } else {
                *rng.pick(set)
            });
        }
        out.push(*c);
    }
    Some(out)
}

fn to_fullwidth(s: &str) -> String {
    s.chars().map(fw).collect()
}

fn fw(c: char) -> char {
    if ('!'..='~').contains(&c) {
        char::from_u32(c as u32 - 0x21 + 0xFF01).unwrap_or(c)
    } else {
        c
    }
}

fn fullwidth(v: &str, target: Target, rng: &mut Rng) -> Option<String> {
    if !v.chars().any(|c| c.is_ascii_alphanumeric()) {
        return None;
    }
    let out: String = match rng.below(10) {
        // Everything.
        0..=4 => to_fullwidth(v),
        // Letters and digits only.
        5..=7 => v
            .chars()
            .map(|c| if c.is_ascii_alphanumeric() { fw(c) } else { c })
            .collect(),
        // The first part only (the local part of an address, the first group of digits).
        _ => {
            let cut = if target == Target::Email {
                v.find('@')
            } else {
                v.find(|c: char| !c.is_ascii_alphanumeric())
            }
            .filter(|&i| i > 0)
            .unwrap_or(v.len());
            format!("{}{}", to_fullwidth(&v[..cut]), &v[cut..])
        }
    };
    Some(out)
}

/// Latin letters and their Cyrillic and Greek look-alikes.
const CONFUSABLE: &[(char, &[char])] = &[
    ('a', &['а']),
    ('c', &['с', 'ϲ']),
    ('e', &['е']),
    ('i', &['і', 'ι']),
    ('j', &['ј']),
    ('o', &['о', 'ο']),
    ('p', &['р', 'ρ']),
    ('s', &['ѕ']),
    ('v', &['ν']),
    ('x', &['х', 'χ']),
    ('y', &['у']),
    ('A', &['А', 'Α']),
    ('B', &['В', 'Β']),
    ('C', &['С']),
    ('E', &['Е', 'Ε']),
    ('H', &['Н', 'Η']),
    ('I', &['І', 'Ι']),
    ('J', &['Ј']),
    ('K', &['К', 'Κ']),
    ('M', &['М', 'Μ']),
    ('N', &['Ν']),
    ('O', &['О', 'Ο']),
    ('P', &['Р', 'Ρ']),
    ('S', &['Ѕ']),
    ('T', &['Т', 'Τ']),
    ('X', &['Х', 'Χ']),
    ('Y', &['Υ', 'Ү']),
    ('Z', &['Ζ']),
];

/// A look-alike of the Latin letter `c`, if it has one.
fn confusable(c: char) -> Option<&'static [char]> {
    CONFUSABLE.iter().find(|(l, _)| *l == c).map(|(_, a)| *a)
}

fn homoglyph(v: &str, rng: &mut Rng) -> Option<String> {
    let eligible: Vec<usize> = v
        .chars()
        .enumerate()
        .filter(|(_, c)| confusable(*c).is_some())
        .map(|(i, _)| i)
        .collect();
    if eligible.is_empty() {
        return None;
    }
    let forced = *rng.pick(&eligible);
    Some(
        v.chars()
            .enumerate()
            .map(|(i, c)| match confusable(c) {
                Some(alts) if i == forced || rng.chance(0.4) => *rng.pick(alts),
                _ => c,
            })
            .collect(),
    )
}

fn glued_label(v: &str, target: Target, rng: &mut Rng) -> Option<(String, String)> {
    let labels: &[&str] = match target {
        Target::Ssn => &["ssn", "SSN#", "SSN", "ssn#", "SocSec#", "SSN:"],
        Target::Card => &["card#", "CC#", "cc", "card", "Visa#", "CARD:"],
        Target::Phone => &["phone", "tel", "Tel.", "mob", "ph#", "cell:", "PHONE"],
        Target::Iban => &["IBAN", "iban:", "IBAN#", "iban"],
        Target::ApiKey => &["apikey", "token", "key#", "APIKEY:"],
        _ => return None,
    };
    let label = rng.pick(labels).to_string();
    // Separators out half of the time (`ssn536228914`); an API key stays as it is.
    let value = if target != Target::ApiKey && rng.chance(0.5) {
        v.chars()
            .filter(|c| c.is_ascii_alphanumeric() || *c == '+')
            .collect()
    } else {
        v.to_string()
    };
    Some((label, value))
}

fn spaced(v: &str) -> Option<String> {
    let keep: Vec<char> = v
        .chars()
        .filter(|c| c.is_alphanumeric() || *c == '+')
        .collect();
    if keep.len() < 4 {
        return None;
    }
    let mut out = String::with_capacity(keep.len() * 2);
    for (i, c) in keep.iter().enumerate() {
        // A leading `+` stays glued to the first digit.
        if i > 0 && keep[i - 1] != '+' {
            out.push(' ');
        }
        out.push(*c);
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn one(name: &str, t: Target, v: &str, locale: &str, seed: u64) -> Option<Rewrite> {
        apply(
            &Recipe::named(name).unwrap(),
            t,
            v,
            locale,
            &mut Rng::new(seed),
        )
    }

    #[test]
    fn email_devices_keep_the_address_readable() {
        for seed in 0..40 {
            let r = one(
                "at_dot",
                Target::Email,
                "jane.doe@example.org",
                "en_US",
                seed,
            )
            .unwrap();
            let Some(Style::Device(d)) = &r.style else {
                panic!("{r:?}")
            };
            assert!(r.value.contains(d.as_str()), "{r:?}");
            assert!(!r.value.contains('@'), "{r:?}");
            assert!(
                r.value.starts_with("jane") && r.value.ends_with("org"),
                "{r:?}"
            );
        }
        assert_eq!(
            one("at_dot", Target::Phone, "415 867 2210", "en_US", 1),
            None
        );
    }

    #[test]
    fn number_words_keep_the_groups() {
        let mut seen_comma = false;
        for seed in 0..30 {
            let r = one(
                "number_words",
                Target::Phone,
                "+1 415-867-2210",
                "en_US",
                seed,
            )
            .unwrap();
            assert!(!r.value.chars().any(|c| c.is_ascii_digit()), "{r:?}");
            assert!(r.value.starts_with("plus one"), "{r:?}");
            assert!(Style::NumberWords.kept_by(&r.value), "{r:?}");
            seen_comma |= r
                .value
                .contains("four one five, eight six seven, two two one");
        }
        assert!(seen_comma);
        let de = (0..20)
            .filter_map(|s| one("number_words", Target::Card, "4111 1111", "de_DE", s))
            .any(|r| r.value == "vier eins eins eins, eins eins eins eins");
        assert!(de);
        assert_eq!(
            one("number_words", Target::Email, "a@b.co", "en_US", 1),
            None
        );
    }

    #[test]
    fn invisible_characters_go_inside_the_value_only() {
        for seed in 0..30 {
            for name in ["zero_width", "bidi"] {
                let r = one(name, Target::Email, "jane@example.org", "en_US", seed).unwrap();
                let visible: String = r.value.chars().filter(|c| !is_invisible(*c)).collect();
                assert_eq!(visible, "jane@example.org");
                assert!(r.value.starts_with('j') && r.value.ends_with('g'));
            }
        }
    }

    #[test]
    fn fullwidth_homoglyph_glued_and_spaced() {
        let r = one("fullwidth", Target::Card, "4111", "en_US", 3).unwrap();
        assert_eq!(r.value, "４１１１");
        for seed in 0..20 {
            let r = one(
                "homoglyph",
                Target::Email,
                "jane@example.org",
                "en_US",
                seed,
            )
            .unwrap();
            assert_ne!(r.value, "jane@example.org");
            assert_eq!(r.value.chars().count(), 16);
            assert!(r.value.contains('@'));
        }
        assert_eq!(
            one("homoglyph", Target::Card, "4111 1111", "en_US", 1),
            None
        );
        let labels: Vec<String> = (0..20)
            .filter_map(|s| one("glued_label", Target::Ssn, "536-22-8914", "en_US", s))
            .map(|r| format!("{}{}", r.prefix, r.value))
            .collect();
        assert!(labels.iter().any(|l| l == "ssn536228914"), "{labels:?}");
        assert!(labels.iter().any(|l| l == "SSN#536228914"), "{labels:?}");
        assert!(labels.iter().any(|l| l == "SSN:536-22-8914"), "{labels:?}");
        let r = one("spaced", Target::Card, "4111-1111-1111-1111", "en_US", 1).unwrap();
        assert_eq!(r.value, "4 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1");
        let r = one("spaced", Target::Phone, "+1 415", "en_US", 1).unwrap();
        assert_eq!(r.value, "+1 4 1 5");
        assert!(Style::Spaced.kept_by("4 9 1 6 2 2"));
    }

    #[test]
    fn combinations_apply_in_order_and_the_same_seed_gives_the_same_text() {
        let a = one(
            "fullwidth+at_dot",
            Target::Email,
            "jane@example.org",
            "en_US",
            9,
        )
        .unwrap();
        let b = one(
            "fullwidth+at_dot",
            Target::Email,
            "jane@example.org",
            "en_US",
            9,
        )
        .unwrap();
        assert_eq!(a, b);
        let Some(Style::Device(d)) = &a.style else {
            panic!()
        };
        assert!(a.value.contains(d.as_str()), "{a:?}");
        let fullwidth_device = (0..20).any(|seed| {
            let r = one(
                "fullwidth+at_dot",
                Target::Email,
                "jane@example.org",
                "en_US",
                seed,
            );
            matches!(r.and_then(|r| r.style), Some(Style::Device(d)) if d.contains('ａ'))
        });
        assert!(fullwidth_device);
        let r = one(
            "number_words+zero_width",
            Target::Ssn,
            "536-22-8914",
            "en_US",
            2,
        )
        .unwrap();
        assert!(Style::NumberWords.kept_by(&r.value), "{r:?}");
        assert!(r.value.chars().any(is_invisible));
        assert!(
            Recipe::named("zero_width+homoglyph")
                .unwrap()
                .invisible_or_homoglyph()
        );
        assert!(!Recipe::named("fullwidth").unwrap().invisible_or_homoglyph());
        assert_eq!(Target::of(Kind::BankAccount, "947606566987"), None);
        assert_eq!(
            Target::of(Kind::BankAccount, "DK43 6017 8186 1105 09"),
            Some(Target::Iban)
        );
    }
}
