//! Speakers of chat transcripts: the name in front of each message.
//!
//! Three line shapes are read, each only when the text holds several lines of that shape
//! (one line `Anna: ok` proves nothing, a transcript does):
//!
//! - a time stamp, then the speaker and a colon: `[9:12 am] Haldane: morning`,
//!   `10/06/2022, 20:16 - Ottone Gregori: ok`, `[19:21] Oldrich Čapka: …` (two lines or more);
//! - the speaker alone on a line above the message with its time: `Charlotte Dorrian  11:00 PM`
//!   (two lines or more);
//! - a bare speaker and a colon, `Virginia: el envío …`: three lines or more, at most four
//!   speakers, one of them speaking twice, none of them a form label (`Telefon:`, `Status:`).
//!
//! A speaker's words must look like a name: roles and titles in front are dropped (`Agent
//! Dan`), words that are common words, organisation words or non-persons (`alerts`, `Support`,
//! `System`) reject the speaker, and a speaker in lower case needs a known given name.

use super::lexicon::{GIVEN, HEADER_LABELS, NOBODY, ORG, REL, SURNAME, TITLE, TRAP, WORD};
use super::{Cx, Shape};

/// How a speaker was read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Form {
    Stamped,
    Above,
    Bare,
    /// `- Pirjo: Left voicemail …` (minutes of a meeting).
    Dash,
}

/// Finds the speakers of a chat transcript and adds them to the names found.
pub(super) fn speakers(cx: &mut Cx<'_>) {
    let text = cx.text;
    if cx.newlines.is_empty() {
        return;
    }
    let mut cands: Vec<(usize, usize, Form)> = Vec::new();
    // Only a line with a colon can be a speaker's: the lines of the colons, each once, in
    // order.
    let newlines = &cx.newlines;
    let mut nl = 0; // the first line break after the colon
    let mut last_line = usize::MAX;
    for &c in &cx.colons {
        while nl < newlines.len() && newlines[nl] < c {
            nl += 1;
        }
        let ls = if nl == 0 { 0 } else { newlines[nl - 1] + 1 };
        if ls == last_line {
            continue;
        }
        last_line = ls;
        let le = newlines.get(nl).copied().unwrap_or(text.len());
        if let Some((s, e, form)) = speaker_of(&text[ls..le]) {
            cands.push((ls + s, ls + e, form));
        }
    }
    let count = |f: Form| cands.iter().filter(|c| c.2 == f).count();
    // Minutes: two lines or more, one of the speakers holding a known name.
    let dash = count(Form::Dash) >= 2
        && cands.iter().filter(|c| c.2 == Form::Dash).any(|c| {
            let lo = cx.toks.partition_point(|t| t.start < c.0);
            let hi = cx.toks.partition_point(|t| t.end <= c.1);
            (lo..hi).any(|k| cx.flags(k) & (GIVEN | SURNAME) != 0 && cx.flags(k) & WORD == 0)
        });
    let stamped = count(Form::Stamped) >= 2;
    let above = count(Form::Above) >= 2;
    let bare = {
        // Three lines or more, at most four speakers (counted up to a fifth), one speaking
        // twice.
        let mut lines = 0;
        let mut distinct: Vec<&str> = Vec::new();
        for c in cands.iter().filter(|c| c.2 == Form::Bare) {
            lines += 1;
            let who = &text[c.0..c.1];
            if distinct.len() <= 4 && !distinct.contains(&who) {
                distinct.push(who);
            }
        }
        lines >= 3 && distinct.len() <= 4 && distinct.len() < lines
    };
    for (s, e, form) in cands {
        let ok = match form {
            Form::Stamped => stamped,
            Form::Above => above,
            Form::Bare => bare,
            Form::Dash => dash,
        };
        if !ok {
            continue;
        }
        // `To:`, `De:`, `Name:`: a header or a label, not a speaker.
        if matches!(form, Form::Bare | Form::Dash) {
            let l = text[s..e].to_lowercase();
            if cx.lex.is_label(&l) || HEADER_LABELS.contains(&l.as_str()) {
                continue;
            }
        }
        // A form label (`Telefon`, `Status`) is no speaker either; asked last, as it costs the
        // most.
        if let Some((ns, ne)) = name_in(cx, s, e, matches!(form, Form::Bare | Form::Dash))
            && crate::structure::labels::hint(&text[s..e]).is_none()
        {
            cx.found.push((ns, ne, "name-chat"));
            cx.claimed.push((ns, ne));
        }
    }
}

/// The name-like words of a speaker `s..e`, roles and titles in front dropped.
fn name_in(cx: &Cx<'_>, s: usize, e: usize, bare: bool) -> Option<(usize, usize)> {
    let lo = cx.toks.partition_point(|t| t.start < s);
    let hi = cx.toks.partition_point(|t| t.end <= e);
    if lo >= hi || hi - lo > 5 {
        return None;
    }
    let mut a = lo;
    while a < hi && cx.flags(a) & (REL | TITLE) != 0 && cx.flags(a) & (GIVEN | SURNAME) == 0 {
        a += 1;
    }
    if a >= hi || hi - a > 4 {
        return None;
    }
    let mut known = false;
    let mut cased_lower = false;
    let mut words = 0;
    for k in a..hi {
        let f = cx.flags(k);
        let name = f & (GIVEN | SURNAME) != 0;
        // `Support:`, `Acme Ltd:`; `Michael Hall` (a surname that is also an organisation
        // word) stays a speaker.
        if f & NOBODY != 0 || (f & ORG != 0 && !name) {
            return None;
        }
        if f & (WORD | TRAP) != 0 && !name {
            words += 1;
        }
        known |= f & GIVEN != 0;
        let w = cx.word(k);
        if cx.toks[k].shape == Shape::Lower && w.chars().any(char::is_lowercase) {
            cased_lower = true;
        }
    }
    // `Support Team`, `alerts`: words only; `Mikes Dimiskis`: a word and a name.
    if words == hi - a || (cased_lower && !known) {
        return None;
    }
    if bare && hi - a == 1 && cx.flags(a) & WORD != 0 && cx.flags(a) & GIVEN == 0 {
        return None;
    }
    Some((cx.toks[a].start, cx.toks[hi - 1].end))
}

/// The speaker of one line (byte range within the line) and how it was read.
fn speaker_of(line: &str) -> Option<(usize, usize, Form)> {
    let line = line.strip_suffix('\r').unwrap_or(line);
    // Every form has a colon: after the speaker, or in the time.
    if line.len() < 3 || line.starts_with([' ', '\t', '>']) {
        return None;
    }
    let first_colon = line.bytes().position(|c| c == b':')?;
    if let Some(e) = above_time(line, first_colon) {
        return Some((0, e, Form::Above));
    }
    let (body, form) = match stamp_len(line) {
        Some(n) => (n, Form::Stamped),
        None if line.starts_with("- ") => (2, Form::Dash),
        None => (0, Form::Bare),
    };
    let rest = &line[body..];
    let colon = match first_colon.checked_sub(body) {
        Some(c) => c,
        None => rest.bytes().position(|c| c == b':')?,
    };
    let after = &rest[colon + 1..];
    if !(after.is_empty() || after.starts_with(' ')) {
        return None;
    }
    let who = &rest[..colon];
    let trimmed = who.trim();
    if trimmed.is_empty()
        || trimmed.chars().count() > 40
        || who.starts_with(' ')
        || trimmed
            .chars()
            .any(|c| c.is_ascii_digit() || matches!(c, '@' | '/' | '(' | ')' | '[' | ']' | '"'))
        || trimmed.split_whitespace().count() > 5
    {
        return None;
    }
    Some((body, body + trimmed.len(), form))
}

/// At most the first `n` bytes of `s`, cut at a character boundary.
fn head(s: &str, n: usize) -> &str {
    let mut n = n.min(s.len());
    while !s.is_char_boundary(n) {
        n -= 1;
    }
    &s[..n]
}

/// The length of a time stamp in front of a message, with the separator after it:
/// `[19:21] `, `[9:12 am] `, `10/06/2022, 20:16 - `, `20:16 - `.
fn stamp_len(line: &str) -> Option<usize> {
    let b = line.as_bytes();
    if b.first() == Some(&b'[') {
        let close = head(line, 32).find(']')?;
        let inner = &line[1..close];
        if !inner.contains(':') || !inner.bytes().any(|c| c.is_ascii_digit()) {
            return None;
        }
        let after = &line[close + 1..];
        let sp = after.len() - after.trim_start().len();
        return (sp > 0).then_some(close + 1 + sp);
    }
    // `10/06/2022, 20:16 - ` (WhatsApp export): digits and date/time marks, then ` - `.
    if !b.first().is_some_and(u8::is_ascii_digit) {
        // The stamp would not start with a digit.
        return None;
    }
    let dash = super::find_bytes(head(line, 32).as_bytes(), b" - ")?;
    let stamp = &line[..dash];
    let ok = stamp.contains(':')
        && stamp.bytes().all(|c| {
            c.is_ascii_digit()
                || matches!(c, b'/' | b'.' | b',' | b':' | b' ' | b'-')
                || matches!(c.to_ascii_lowercase(), b'a' | b'p' | b'm')
        })
        && stamp.bytes().next().is_some_and(|c| c.is_ascii_digit());
    ok.then_some(dash + 3)
}

/// `Charlotte Dorrian  11:00 PM`: a speaker line above a message, the time after two or
/// more spaces; returns the end of the speaker. `colon`: the line's first colon.
fn above_time(line: &str, colon: usize) -> Option<usize> {
    // Before the first colon (the speaker holds none).
    let gap = super::find_bytes(&line.as_bytes()[..colon], b"  ")?;
    let time = line[gap..].trim();
    let who = &line[..gap];
    if who.is_empty() || who.chars().any(|c| c.is_ascii_digit() || c == ':') {
        return None;
    }
    let (hm, ampm) = match time.split_once(' ') {
        Some((hm, ap)) => (hm, Some(ap)),
        None => (time, None),
    };
    let (h, m) = hm.split_once(':')?;
    let digits = |s: &str, n: std::ops::RangeInclusive<usize>| {
        n.contains(&s.len()) && s.bytes().all(|c| c.is_ascii_digit())
    };
    let ap_ok = ampm.is_none_or(|a| matches!(a.to_ascii_lowercase().as_str(), "am" | "pm"));
    (digits(h, 1..=2) && digits(m, 2..=2) && ap_ok).then_some(gap)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_shapes() {
        let l = "[19:21] Oldrich Čapka: email me";
        assert_eq!(speaker_of(l), Some((8, 22, Form::Stamped)));
        assert_eq!(&l[8..22], "Oldrich Čapka");
        let l = "10/06/2022, 20:16 - Ottone Gregori: ok";
        let (s, e, f) = speaker_of(l).unwrap();
        assert_eq!((&l[s..e], f == Form::Stamped), ("Ottone Gregori", true));
        let l = "Charlotte Dorrian  11:00 PM";
        let (s, e, f) = speaker_of(l).unwrap();
        assert_eq!((&l[s..e], f == Form::Above), ("Charlotte Dorrian", true));
        let l = "Virginia: el envío no se mueve";
        let (s, e, f) = speaker_of(l).unwrap();
        assert_eq!((&l[s..e], f == Form::Bare), ("Virginia", true));
        assert!(speaker_of("Time: 10:30").is_some_and(|c| c.2 == Form::Bare));
        assert!(speaker_of("https://example.com/x").is_none());
        assert!(speaker_of("[ERROR] 12: failed").is_none());
        assert!(speaker_of("").is_none());
        let _ = speaker_of("é: ü");
        let _ = speaker_of("ü  1:00");
        let l = "- Pirjo: Left voicemail";
        assert_eq!(speaker_of(l), Some((2, 7, Form::Dash)));
        let _ = speaker_of("[ééééééééééééééééééééééééééééééé:1]");
        let _ = speaker_of("1:2 ééééééééééééééééééééééééééééé - x: y");
    }
}
