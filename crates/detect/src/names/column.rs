//! Columns of names in a table without a header.

use super::lexicon::{GIVEN, LEXICON, NOBODY, ORG, PARTICLE, SURNAME, TITLE, TRAP, WORD};

/// Whether the values of one column of a table without a header are names of people: every
/// value one to four name-shaped words (capitalised, or of a script without case; particles
/// such as `de`, `van` allowed), the values mostly different, none holding a common word,
/// a brand or an organisation word, and either a quarter of them holding a known given name
/// or surname, or all of them written in a script without case (`송현우`, `橋本`), or — in a
/// table that also has a column of phones, e-mails or cards (`contact`) — all of them two or
/// three capitalised words (`Αθηναγόρας Κουτσουλής`, `Reinald Roskoth`), or one capitalised
/// Greek or Cyrillic word (`Ватаманюк`).
pub(crate) fn name_column(values: &[&str], contact: bool) -> bool {
    let filled: Vec<&str> = values
        .iter()
        .map(|v| v.trim())
        .filter(|v| !v.is_empty())
        .collect();
    if filled.len() < 2 {
        return false;
    }
    let mut support = 0;
    let mut uncased = 0;
    let mut full_names = 0;
    for v in &filled {
        if v.len() > 60 {
            return false;
        }
        // One to four words, in an array rather than a vector.
        let mut buf = [""; 4];
        let mut count = 0;
        for w in v.split_whitespace() {
            if count == buf.len() {
                return false;
            }
            buf[count] = w;
            count += 1;
        }
        let words = &buf[..count];
        if words.is_empty() {
            return false;
        }
        let mut known = false;
        let mut all_uncased = true;
        for w in words {
            if !w
                .chars()
                .all(|c| super::is_word_char(c) || matches!(c, '-' | '\'' | '’'))
            {
                return false;
            }
            let f = LEXICON.flags(w);
            let name = f & (GIVEN | SURNAME) != 0;
            let first = w.chars().next().unwrap_or(' ');
            let cased = w.chars().any(|c| c.is_lowercase() || c.is_uppercase());
            if cased {
                all_uncased = false;
            }
            if first.is_lowercase() {
                if f & PARTICLE == 0 {
                    return false;
                }
                continue;
            }
            if f & (TRAP | WORD | ORG | NOBODY | TITLE) != 0 && !name {
                return false;
            }
            if f & TRAP != 0 {
                return false;
            }
            if name && f & WORD == 0 {
                known = true;
            }
        }
        support += usize::from(known);
        uncased += usize::from(all_uncased);
        let capitalised = words.iter().all(|w| {
            let mut cs = w.chars();
            cs.next().is_some_and(char::is_uppercase) && cs.any(char::is_lowercase)
        });
        // One capitalised word of a cased script that is not Latin (Cyrillic, Greek): the
        // lists hold few such names, so beside a contact column the shape must do.
        let non_latin = v
            .chars()
            .filter(|c| c.is_alphabetic())
            .all(|c| ('\u{0370}'..='\u{052F}').contains(&c));
        full_names += usize::from(
            capitalised && ((2..=3).contains(&words.len()) || (words.len() == 1 && non_latin)),
        );
    }
    let mut distinct = filled.clone();
    distinct.sort_unstable();
    distinct.dedup();
    if distinct.len() * 3 < filled.len() * 2 {
        return false;
    }
    support * 4 >= filled.len()
        || uncased == filled.len()
        || (contact && full_names == filled.len())
}

#[cfg(test)]
mod tests {
    use super::name_column;

    fn name_column_t(values: &[&str]) -> bool {
        name_column(values, false)
    }

    #[test]
    fn columns_of_names_and_of_other_things() {
        assert!(name_column_t(&[
            "Vaida Poška",
            "Artur Laht",
            "Maurycy Gieroń",
            "Anna Nowak"
        ]));
        assert!(name_column_t(&[
            "Zöhrer",
            "Neugebauer",
            "Kemppainen",
            "Nowak"
        ]));
        assert!(name_column_t(&["송현우", "이상현", "박성수"]));
        assert!(name_column_t(&["Elisa de Jode", "Anna Smith"]));
        assert!(!name_column_t(&["Visa", "Amex", "Mastercard"]));
        assert!(!name_column_t(&["captured", "refunded", "pending"]));
        assert!(!name_column_t(&["Österreich", "Österreich", "Österreich"]));
        assert!(!name_column_t(&["Dyson V15 Detect", "Raspberry Pi 5"]));
        assert!(!name_column_t(&["Stupalo d.o.o.", "Perić"]));
        assert!(!name_column_t(&["Nordics", "Benelux", "Iberia"]));
        assert!(!name_column_t(&["Jan", ""]));
        assert!(!name_column_t(&["Reinald Roskoth", "Frithjof Jessel"]));
        assert!(name_column(&["Reinald Roskoth", "Frithjof Jessel"], true));
        assert!(name_column(
            &["Αθηναγόρας Κουτσουλής", "Θεοδούλη Σταύρου"],
            true
        ));
        assert!(!name_column(&["Gutknecht Börner GmbH", "Ladeck"], true));
        assert!(name_column(&["สมนึก", "พิชญ์สินี"], false));
        assert!(name_column(&["Ватаманюк", "Годунок", "Бабій"], true));
        assert!(!name_column(&["Ватаманюк", "Годунок", "Бабій"], false));
        assert!(!name_column(&["Zöhrer", "Radstadt", "Peuerbach"], true));
    }
}
