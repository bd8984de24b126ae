use super::*;

fn names(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    NameRecognizer.recognize(text, &[], &mut out);
    let mut v: Vec<(usize, String)> = out
        .iter()
        .map(|f| (f.start, f.slice(text).to_string()))
        .collect();
    v.sort();
    v.dedup();
    v.into_iter().map(|x| x.1).collect()
}

#[test]
fn labels_in_several_languages() {
    assert_eq!(names("Name: Jane Doe\nDOB: 1984"), ["Jane Doe"]);
    assert_eq!(
        names("Patient: Okafor, Chinedu | MRN 4488"),
        ["Okafor, Chinedu"]
    );
    assert_eq!(
        names("Nachname: Müller\nVorname: Jürgen"),
        ["Müller", "Jürgen"]
    );
    assert_eq!(names("Nom : Lefèvre"), ["Lefèvre"]);
    assert_eq!(names("name: tom baker\nrole: admin"), ["tom baker"]);
    assert!(names("Product name: Orion Hope\nFile name: report.pdf").is_empty());
    assert!(names("Klant: ja\nTeam: Payments").is_empty());
}

#[test]
fn headers_give_display_names() {
    let t =
        "From: Rachel Adams <r@x.example>\nTo: Support <s@x.example>, \"Lee, Min\" <m@x.example>\n";
    assert_eq!(names(t), ["Rachel Adams", "Lee, Min"]);
}

#[test]
fn context_titles_greetings_signoffs() {
    assert_eq!(names("Dear Mr. Okafor, thank you."), ["Okafor"]);
    assert_eq!(names("Hi Will, are you coming?"), ["Will"]);
    assert_eq!(names("See you then.\n\nThanks,\nLena"), ["Lena"]);
    assert_eq!(names("Grace said she can drive."), ["Grace"]);
    assert_eq!(
        names("I met with Arjun Mehta; Arjun's team starts soon."),
        ["Arjun Mehta", "Arjun"]
    );
}

#[test]
fn trap_words_need_context() {
    assert!(names("Will the May release include the Hope dashboard?").is_empty());
    assert!(names("Apple Music and Amazon Prime are supported.").is_empty());
    assert!(names("Our Hope Street office moves in June.").is_empty());
    assert!(names("The Jordan River flows south.").is_empty());
}

#[test]
fn dictionary_pairs() {
    assert_eq!(names("Yesterday Emily Clark drove home."), ["Emily Clark"]);
    assert_eq!(
        names("Carlos Mendoza and Ana Sousa were promoted."),
        ["Carlos Mendoza", "Ana Sousa"]
    );
}

#[test]
fn never_panics_and_spans_are_on_char_boundaries() {
    for t in [
        "",
        "É",
        "Name:",
        "Name: ",
        "Dear ",
        "- ",
        "A'",
        "O’",
        "x's",
        "Zoë’s Ünïcode Ñame: Ŧest",
    ] {
        let mut out = Vec::new();
        NameRecognizer.recognize(t, &[], &mut out);
        for f in out {
            assert!(t.is_char_boundary(f.start) && t.is_char_boundary(f.end) && f.start < f.end);
        }
    }
}

#[test]
fn letters_glued_to_digits_underscores_or_dollars_are_identifiers() {
    for text in [
        "BlindKeySignatures = Ed25519.BlindKeySignatures",
        "curl --user '$USERNAME:$PASSWORD' https://example.org",
        "TELEGRAM_TOKEN=18410477:Asa5_jwly_nlz53",
        "sig: h98wdsbV-izcuonPdzMHp4Ay4qyXM6Ed5jB9dUWYGwMk",
        "set MAX_Will_RETRIES and Grace_period",
    ] {
        assert_eq!(names(text), Vec::<String>::new(), "{text}");
    }
    // The same names as words of prose are still found.
    assert_eq!(names("Dear Ed, thanks."), ["Ed"]);
}
