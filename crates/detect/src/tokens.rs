// Secrets that no rule pattern anchors, found by cheap passes over the text (every rule
// pattern adds states the lazy DFA builds on every new text, and these formats start with a
// broad character class or are only known by the words around them):
//
// - a provider prefix followed by a body shorter than the provider's current format
//   (`sk-proj-` and 32 characters): a secret at any length from 16 characters on;
// - a high-entropy token of 20 characters or more (base62 or base64 with digits and both
//   cases, or hex of 32, 40 or 64 digits) that follows a secret word in any phrasing (`the
//   key is …`, `rotated the API key. Old: … New: …`, `pasted the token in the chat: …`);
// - Azure AD client secrets without a keyword (`abc8Q~` and 31 to 34 characters).

use std::sync::LazyLock;

use aho_corasick::{AhoCorasick, AhoCorasickBuilder, AhoCorasickKind, MatchKind};
use redact_entity::{Finding, Kind};

use crate::normalize::scan::Scanner;
use crate::secrets::shannon_entropy;
use crate::spans::Spans;

/// Provider prefixes distinctive enough to mark a short token as a secret: those of
/// [`crate::secrets::PROVIDER_PREFIXES`] that end in `_` or `-` (`ghp_`, `sk-`, `hf_`),
/// without the few that also start ordinary words or codes.
static PREFIXES: LazyLock<Scanner> = LazyLock::new(|| {
    const ORDINARY: &[&str] = &["key-", "API-", "ico-", "pul-", "A3-", "v1.0-", "tk-us-"];
    let list: Vec<&str> = crate::secrets::PROVIDER_PREFIXES
        .iter()
        .copied()
        .filter(|p| p.len() >= 3 && (p.ends_with('_') || p.ends_with('-')))
        .filter(|p| !ORDINARY.contains(p))
        .collect();
    Scanner::new(&list, MatchKind::LeftmostLongest, false).expect("provider prefixes compile")
});

/// Words that say a token nearby is a secret (lower case; matched case-insensitively at
/// word starts).
const SECRET_WORDS: &[&str] = &[
    "key",
    "apikey",
    "token",
    "secret",
    "password",
    "passwd",
    "passphrase",
    "pwd",
    "credential",
    "passwort",
    "schlüssel",
    "kennwort",
    "contraseña",
    "clave",
    "senha",
    "chiave",
    "sleutel",
    "wachtwoord",
    "mot de passe",
    "jeton",
    "hasło",
    "lösenord",
    "nøgle",
];

static WORDS: LazyLock<AhoCorasick> = LazyLock::new(|| {
    AhoCorasickBuilder::new()
        .kind(Some(AhoCorasickKind::DFA))
        .ascii_case_insensitive(true)
        .build(SECRET_WORDS)
        .expect("secret words compile")
});

/// Words that say a hex string is a digest, not a secret.
const DIGEST_WORDS: &[&str] = &[
    "commit",
    "sha",
    "hash",
    "digest",
    "checksum",
    "fingerprint",
    "etag",
    "md5",
    "revision",
];

static DIGESTS: LazyLock<AhoCorasick> = LazyLock::new(|| {
    AhoCorasickBuilder::new()
        .kind(Some(AhoCorasickKind::DFA))
        .ascii_case_insensitive(true)
        .build(DIGEST_WORDS)
        .expect("digest words compile")
});

/// How far before a token a secret word is looked for.
const WINDOW: usize = 80;

/// Builds the automata now.
pub(crate) fn warm_up() {
    LazyLock::force(&PREFIXES);
    LazyLock::force(&WORDS);
    LazyLock::force(&DIGESTS);
}

/// Appends the secrets of this module's passes to `out`.
pub fn find(text: &str, out: &mut Vec<Finding>) {
    add(candidates(text), out);
}

/// What the passes find in a text before they look at the findings so far: read without
/// them, on another thread while the rules run (see [`add`]).
pub struct Candidates {
    prefixed: Vec<Finding>,
    contextual: Vec<Finding>,
    azure: Vec<Finding>,
}

/// The passes' findings in `text`, not yet checked against the findings of the rules.
pub fn candidates(text: &str) -> Candidates {
    let mut c = Candidates {
        prefixed: Vec::new(),
        contextual: Vec::new(),
        azure: Vec::new(),
    };
    prefixed(text, &mut c.prefixed);
    contextual(text, &mut c.contextual);
    azure_client_secrets(text, &mut c.azure);
    c
}

/// Appends the candidates to `out` as [`find`] would have found them after the findings
/// already in `out`: a token another finding already read keeps that reading (for
/// provider-prefixed tokens, the findings before them; for contextual ones, those and the
/// provider-prefixed tokens kept).
pub fn add(c: Candidates, out: &mut Vec<Finding>) {
    for list in [c.prefixed, c.contextual] {
        if list.is_empty() {
            continue;
        }
        let index = Spans::of_findings(out);
        out.extend(list.into_iter().filter(|f| !index.overlaps(f.start, f.end)));
    }
    out.extend(c.azure);
}

/// [`body_byte`] of each byte.
const BODY_BYTES: [bool; 256] = {
    let mut t = [false; 256];
    let mut c = 0;
    while c < 256 {
        let b = c as u8;
        t[c] = b.is_ascii_alphanumeric() || b == b'_' || b == b'-';
        c += 1;
    }
    t
};

fn body_byte(c: u8) -> bool {
    BODY_BYTES[usize::from(c)]
}

/// The shortest body [`prefixed`] takes.
const MIN_BODY: usize = 16;

/// Whether some `_` or `-` of `b` is followed by [`MIN_BODY`] body bytes ([`body_byte`]):
/// every prefix of [`PREFIXES`] ends in one, and its body follows, so a text without such
/// a place has no provider-prefixed token, and its automaton pass (about ten instructions
/// a byte) is skipped. Most short texts have none: their hyphens and underscores stand in
/// dates, words and identifiers shorter than that.
///
/// Such a place lies in a run of body bytes (`_` and `-` are body bytes too) of at least
/// `MIN_BODY + 1` bytes, found by [`next_run_of`] as [`next_long_run`] finds its runs.
fn may_have_prefixed(b: &[u8]) -> bool {
    let mut i = 0;
    while let Some((s, e)) = next_run_of(b, i, MIN_BODY + 1, body_byte) {
        // The run's first `_` or `-` has the longest body after it.
        if b[s..e - MIN_BODY].iter().any(|&c| c == b'_' || c == b'-') {
            return true;
        }
        // `b[e]` is no body byte.
        i = e + 1;
    }
    false
}

/// A provider prefix at a word start and a body of 16 or more token characters with
/// digits and letters and some entropy.
fn prefixed(text: &str, out: &mut Vec<Finding>) {
    if may_have_prefixed(text.as_bytes()) {
        prefixed_unfiltered(text, out);
    }
}

/// [`prefixed`] without its first test.
fn prefixed_unfiltered(text: &str, out: &mut Vec<Finding>) {
    let b = text.as_bytes();
    for (s, p, _) in PREFIXES.find_iter(b) {
        if s > 0 && (b[s - 1].is_ascii_alphanumeric() || b[s - 1] == b'_') {
            continue;
        }
        let body_len = b[p..].iter().take_while(|&&c| body_byte(c)).count();
        let e = p + body_len;
        let body = &text[p..e];
        let digits = body.bytes().filter(u8::is_ascii_digit).count();
        let letters = body.bytes().filter(u8::is_ascii_alphabetic).count();
        // `api_org_96726c78_4ae3_402f_b08b_7a78c6903d2a`: a UUID written with underscores.
        let uuid = is_uuid(&body.replace('_', "-"));
        if body_len >= MIN_BODY
            && digits >= 2
            && letters >= 6
            && shannon_entropy(body) >= 3.5
            && !uuid
        {
            out.push(
                Finding::new(s, e, Kind::ApiKey, "provider-prefixed-token").with_prefix(p - s),
            );
        }
    }
}

/// [`token_byte`] of each byte: one load a byte in the contextual pass's scan of the text.
const TOKEN_BYTES: [bool; 256] = {
    let mut t = [false; 256];
    let mut c = 0;
    while c < 256 {
        let b = c as u8;
        t[c] = b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-' | b'+' | b'/');
        c += 1;
    }
    t
};

fn token_byte(c: u8) -> bool {
    TOKEN_BYTES[usize::from(c)]
}

/// True when `t` reads like a key: hex of 32, 40 or 64 digits with letters, or 20 or more
/// characters with digits, upper and lower case letters and high entropy, not a UUID or a
/// path.
fn key_like(t: &str) -> bool {
    let b = t.as_bytes();
    let hex = b.iter().all(u8::is_ascii_hexdigit);
    if hex {
        return matches!(b.len(), 32 | 40 | 64)
            && b.iter().any(u8::is_ascii_alphabetic)
            && b.iter().any(u8::is_ascii_digit);
    }
    if b.len() < 20
        || b[0] == b'/'
        || t.contains("//")
        || b.iter().filter(|&&c| c == b'/').count() > 2
    {
        return false;
    }
    let upper = b.iter().filter(|c| c.is_ascii_uppercase()).count();
    let lower = b.iter().filter(|c| c.is_ascii_lowercase()).count();
    let digits = b.iter().filter(|c| c.is_ascii_digit()).count();
    // Cheap counts first: most long tokens of a text (words joined by dashes, paths) end here.
    if upper < 2 || lower < 2 || digits < 2 {
        return false;
    }
    // An alphabet or a counting run (`ABCDEF…`, `0123456789`) is a constant.
    if crate::secrets::longest_ascending_run(t) >= 6 {
        return false;
    }
    // Words and numbers joined by dashes or underscores (`id-Gost28147-89-None-KeyMeshing`)
    // are a name: most parts of a random token mix cases and digits.
    let parts: Vec<&str> = t.split(['-', '_']).filter(|p| !p.is_empty()).collect();
    let plain = |p: &&&str| {
        let rest = p.get(1..).unwrap_or_default();
        p.bytes().all(|c| c.is_ascii_digit())
            || rest.bytes().all(|c| c.is_ascii_lowercase())
            || p.bytes().all(|c| c.is_ascii_uppercase())
    };
    if parts.len() >= 3 && parts.iter().filter(plain).count() * 2 >= parts.len() {
        return false;
    }

    // Words joined by dashes or underscores (`connection-pool-size-limit-2`) are names.
    let joiners = b.iter().filter(|&&c| c == b'-' || c == b'_').count();
    upper >= 2 && lower >= 2 && digits >= 2 && joiners * 6 < b.len() && shannon_entropy(t) >= 3.7
}

/// The shortest token run [`contextual`] reads.
const LONG_RUN: usize = 20;

/// The first maximal run of token bytes of at least [`LONG_RUN`] bytes that starts at or
/// after `i` (where `i` is 0 or follows a byte of no token): its start and end.
///
/// Such a run holds the byte `LONG_RUN - 1` after any of its first bytes: the text is
/// probed there, and only the runs through a probe are read, not every byte.
fn next_long_run(b: &[u8], i: usize) -> Option<(usize, usize)> {
    next_run_of(b, i, LONG_RUN, token_byte)
}

/// The first maximal run of bytes of the class `in_run` of at least `min` bytes (`min` ≥ 1)
/// that starts at or after `i` (where `i` is 0 or follows a byte outside the class): its
/// start and end. The text is probed every `min` bytes: only the runs through a probe are
/// read, not every byte.
fn next_run_of(
    b: &[u8],
    mut i: usize,
    min: usize,
    in_run: impl Fn(u8) -> bool,
) -> Option<(usize, usize)> {
    loop {
        let probe = i + min - 1;
        if !in_run(*b.get(probe)?) {
            i = probe + 1;
            continue;
        }
        // The run through the probe starts at or after `i`.
        let mut s = probe;
        while s > i && in_run(b[s - 1]) {
            s -= 1;
        }
        let mut e = probe + 1;
        while e < b.len() && in_run(b[e]) {
            e += 1;
        }
        if e - s >= min {
            return Some((s, e));
        }
        // `b[e]` is outside the class.
        i = e + 1;
    }
}

/// High-entropy tokens after a secret word (within [`WINDOW`] bytes before, on the same
/// line or the line before).
fn contextual(text: &str, out: &mut Vec<Finding>) {
    let b = text.as_bytes();
    let mut i = 0;
    while let Some((s, end)) = next_long_run(b, i) {
        i = end;
        // Base64 padding ends the token.
        i += b[i..].iter().take(2).take_while(|&&c| c == b'=').count();
        let mut e = i;
        // Sentence punctuation after the token is not part of it.
        while e > s && matches!(b[e - 1], b'-' | b'_' | b'/') {
            e -= 1;
        }
        if e - s < 20 {
            continue;
        }
        // Glued to letters beyond ASCII, to `@` (an email) or to `.` + letters (a domain).
        let prev = text[..s].chars().next_back();
        if prev.is_some_and(|c| c.is_alphanumeric() || matches!(c, '@' | '.' | '$' | '%')) {
            continue;
        }
        let next = text[e..].chars().next();
        if next.is_some_and(|c| c.is_alphanumeric() || c == '@') {
            continue;
        }
        if text[e..].starts_with('.') && b.get(e + 1).is_some_and(u8::is_ascii_alphanumeric) {
            continue;
        }
        let token = &text[s..e];
        if !key_like(token) || is_uuid(token) {
            continue;
        }
        let mut from = s.saturating_sub(WINDOW);
        while !text.is_char_boundary(from) {
            from += 1;
        }
        // The line of the token and the one before it, within the window (line starts
        // searched only there: from the start of the text, one endless line of tokens was
        // quadratic).
        let from = match text[from..s].rfind('\n') {
            Some(n) => text[from..from + n]
                .rfind('\n')
                .map_or(from, |m| from + m + 1),
            None => from,
        };
        let window = &text[from..s];
        if !has_word(&WORDS, window) || has_word(&DIGESTS, window) {
            continue;
        }
        out.push(Finding::new(s, e, Kind::ApiKey, "contextual-secret"));
    }
}

/// True when one of the automaton's words starts a word in `window`, and is not the name
/// of an identifier (`keyId`, `token_id`, `credentialId`).
fn has_word(ac: &AhoCorasick, window: &str) -> bool {
    let b = window.as_bytes();
    ac.find_overlapping_iter(window).any(|m| {
        let starts_word = m.start() == 0 || !b[m.start() - 1].is_ascii_alphanumeric();
        let rest = &b[m.end()..];
        let rest = rest.strip_prefix(b"s").unwrap_or(rest);
        let rest = rest.strip_prefix(b"_").unwrap_or(rest);
        let id = rest.len() >= 2
            && rest[..2].eq_ignore_ascii_case(b"id")
            && !rest.get(2).is_some_and(u8::is_ascii_alphanumeric);
        starts_word && !id
    })
}

/// `8-4-4-4-12` hex digits.
fn is_uuid(t: &str) -> bool {
    let parts: Vec<&str> = t.split('-').collect();
    parts.len() == 5
        && parts.iter().map(|p| p.len()).eq([8, 4, 4, 4, 12])
        && parts
            .iter()
            .all(|p| p.bytes().all(|c| c.is_ascii_hexdigit()))
}

/// Azure AD client secrets written without a keyword (`abc8Q~` and 31 to 34 characters of
/// `[A-Za-z0-9_~.-]`, between delimiters), found from each `Q~` by a byte search.
pub fn azure_client_secrets(text: &str, out: &mut Vec<Finding>) {
    let b = text.as_bytes();
    let body = |c: u8| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'~' | b'.' | b'-');
    let head = |c: u8| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'~' | b'.');
    let open = |c: u8| c.is_ascii_whitespace() || b"\\'\"`>=:(,)".contains(&c);
    let close = |c: u8| c.is_ascii_whitespace() || b"\\'\"`<),".contains(&c);
    let mut from = 0;
    // Each `~` after a `Q`: `~` is rare, and a search for one byte skips the text a word at
    // a time.
    while let Some(t) = text[from..].find('~').map(|t| from + t) {
        from = t + 1;
        if t == 0 || b[t - 1] != b'Q' {
            continue;
        }
        let i = t - 1;
        if i < 4 || !b[i - 1].is_ascii_digit() || !b[i - 4..i - 1].iter().all(|&c| head(c)) {
            continue;
        }
        let start = i - 4;
        if start > 0 && !open(b[start - 1]) {
            continue;
        }
        let tail = b[i + 2..].iter().take_while(|&&c| body(c)).count();
        let end = i + 2 + tail;
        if !(31..=34).contains(&tail) || b.get(end).is_some_and(|&c| !close(c)) {
            continue;
        }
        // `bP88Q~xxxx…`: a placeholder, not a secret.
        let mut seen = [false; 128];
        let distinct = b[i + 2..end]
            .iter()
            .filter(|&&c| !std::mem::replace(&mut seen[usize::from(c)], true))
            .count();
        if distinct >= 12 {
            out.push(Finding::new(
                start,
                end,
                Kind::ApiKey,
                "azure-ad-client-secret",
            ));
            from = end;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use rand::rngs::ChaCha8Rng;
    use rand::{RngExt, SeedableRng};

    #[test]
    fn body_bytes_are_alphanumerics_underscore_and_hyphen() {
        for c in 0..=255u8 {
            let want = c.is_ascii_alphanumeric() || c == b'_' || c == b'-';
            assert_eq!(body_byte(c), want, "{c}");
        }
    }

    /// [`may_have_prefixed`] as its doc defines it, at every byte.
    fn may_have_prefixed_bytewise(b: &[u8]) -> bool {
        (0..b.len()).any(|q| {
            matches!(b[q], b'_' | b'-')
                && b.len() > q + MIN_BODY
                && b[q + 1..=q + MIN_BODY].iter().all(|&c| body_byte(c))
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]
        /// The sampled test answers as the byte-by-byte one, with runs of every length
        /// around the sample step and separators anywhere in them.
        #[test]
        fn may_have_prefixed_agrees_with_the_bytewise_test(
            pieces in proptest::collection::vec((0usize..5, 0usize..40), 0..10)
        ) {
            let mut b = Vec::new();
            for (class, len) in pieces {
                let byte = [b' ', b'a', b'-', b'_', b'7'][class];
                b.extend(std::iter::repeat_n(byte, len));
            }
            prop_assert_eq!(may_have_prefixed(&b), may_have_prefixed_bytewise(&b));
        }

        /// With the test the pass finds what it finds without it.
        #[test]
        fn prefixed_finds_the_same_with_the_prefilter(
            parts in proptest::collection::vec(prop_oneof![
                Just("ghp_".to_string()),
                Just("sk-".to_string()),
                Just("sk-proj-".to_string()),
                Just("hf_".to_string()),
                "[A-Za-z0-9_-]{0,24}",
                "[ .,:]{0,3}",
                "\\PC{0,4}",
            ], 0..12)
        ) {
            let text = parts.concat();
            let mut got = Vec::new();
            prefixed(&text, &mut got);
            let mut want = Vec::new();
            prefixed_unfiltered(&text, &mut want);
            prop_assert_eq!(got, want);
        }
    }

    /// The long runs (start, end after padding) [`contextual`] reads, found byte by byte as
    /// it first did.
    fn long_runs_bytewise(b: &[u8]) -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        let mut i = 0;
        while i < b.len() {
            if !token_byte(b[i]) {
                i += 1;
                continue;
            }
            let s = i;
            while i < b.len() && token_byte(b[i]) {
                i += 1;
            }
            if i - s >= LONG_RUN {
                i += b[i..].iter().take(2).take_while(|&&c| c == b'=').count();
                out.push((s, i));
            }
        }
        out
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(500))]
        /// Probing finds the runs a byte-by-byte reading finds.
        #[test]
        fn probed_long_runs_match_bytewise(
            parts in proptest::collection::vec(prop_oneof![
                "[A-Za-z0-9_+/-]{0,30}",
                "[ =.,\n]{0,3}",
                "\\PC{0,3}",
            ], 0..16)
        ) {
            let text = parts.concat();
            let b = text.as_bytes();
            let mut got = Vec::new();
            let mut i = 0;
            while let Some((s, end)) = next_long_run(b, i) {
                i = end + b[end..].iter().take(2).take_while(|&&c| c == b'=').count();
                got.push((s, i));
            }
            prop_assert_eq!(got, long_runs_bytewise(b));
        }
    }

    const ALNUM: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

    /// `n` random characters of `set`: fixtures are built at test time, never written out.
    fn rnd(rng: &mut ChaCha8Rng, set: &[u8], n: usize) -> String {
        (0..n)
            .map(|_| char::from(set[rng.random_range(0..set.len())]))
            .collect()
    }

    fn found(text: &str) -> Vec<String> {
        let mut out = Vec::new();
        find(text, &mut out);
        out.iter().map(|f| f.slice(text).to_string()).collect()
    }

    /// Candidates read beside the rules are added as `find` adds them after the rules: a
    /// token another finding already covers keeps that reading, and a contextual token
    /// covered by a provider-prefixed one is not added twice.
    #[test]
    fn a_token_already_read_keeps_its_reading() {
        let rng = &mut ChaCha8Rng::seed_from_u64(5);
        let ruled = rnd(rng, ALNUM, 28);
        let free = rnd(rng, ALNUM, 28);
        let prefixed = format!("ghp_{}", rnd(rng, ALNUM, 24));
        let text = format!("The key is {ruled}. The token is {free}. Secret: {prefixed}");
        let s = text.find(&ruled).unwrap();
        let rule = Finding::new(s, s + ruled.len(), Kind::ApiKey, "generic-secret");
        let mut out = vec![rule.clone()];
        add(candidates(&text), &mut out);
        let read: Vec<(&str, &str)> = out.iter().map(|f| (f.slice(&text), f.rule)).collect();
        assert_eq!(
            read,
            [
                (ruled.as_str(), "generic-secret"),
                (prefixed.as_str(), "provider-prefixed-token"),
                (free.as_str(), "contextual-secret"),
            ],
            "{text}"
        );
        // Through `find`, the same.
        let mut again = vec![rule];
        find(&text, &mut again);
        assert_eq!(again, out);
    }

    #[test]
    fn provider_prefixes_with_short_bodies() {
        let rng = &mut ChaCha8Rng::seed_from_u64(3);
        for prefix in ["sk-proj-", "ghp_", "hf_", "glpat-"] {
            let key = format!("{prefix}{}", rnd(rng, ALNUM, 24));
            assert_eq!(
                found(&format!("use {key} for now")),
                std::slice::from_ref(&key),
                "{key}"
            );
        }
        // Too short, or a word after the prefix.
        for text in ["sk-learn is a library", "see hf_hub_download_file_now"] {
            assert!(found(text).is_empty(), "{text}");
        }
    }

    #[test]
    fn tokens_after_secret_words_in_any_phrasing() {
        let rng = &mut ChaCha8Rng::seed_from_u64(4);
        let a = rnd(rng, ALNUM, 22);
        let b = rnd(rng, ALNUM, 22);
        let hex = rnd(rng, b"0123456789abcdef", 32);
        for (text, want) in [
            (format!("the key is {hex}"), vec![hex.clone()]),
            (
                format!("rotated the API key. Old: {a} New: {b}"),
                vec![a.clone(), b.clone()],
            ),
            (
                format!("I pasted the token in the chat:\n{a}"),
                vec![a.clone()],
            ),
            (format!("Passwort: {b}."), vec![b.clone()]),
        ] {
            let got = found(&text);
            // The rules may already take some; this pass must take every one.
            assert_eq!(got, want, "{text}");
        }
    }

    #[test]
    fn digests_uuids_and_names_stay() {
        let rng = &mut ChaCha8Rng::seed_from_u64(5);
        let sha = rnd(rng, b"0123456789abcdef", 40);
        for text in [
            format!("the key commit is {sha}"),
            "api key request 2eecf5d8-748c-4b77-8eca-08064836c6c4".to_string(),
            "secret: connection-pool-size-limit-2 and MaxRetryCount3Times".to_string(),
            format!("{} with no word before", rnd(rng, ALNUM, 24)),
            "the key is in /usr/local/share/keys/Server2Cert4Prod.pem".to_string(),
            "const keyStr = \"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789\""
                .to_string(),
            "SN_KeyMeshing = \"id-Gost28147-89-None-KeyMeshing\"".to_string(),
            format!("\"credentialId\": \"{}\"", rnd(rng, ALNUM, 22)),
            "load(\"api_org_96726c78_4ae3_402f_b08b_7a78c6903d2a\")".to_string(),
        ] {
            assert!(found(&text).is_empty(), "{text}: {:?}", found(&text));
        }
    }

    #[test]
    fn azure_client_secrets_without_a_keyword() {
        let rng = &mut ChaCha8Rng::seed_from_u64(8);
        let secret = format!(
            "{}8Q~{}.{}",
            rnd(rng, ALNUM, 3),
            rnd(rng, ALNUM, 30),
            rnd(rng, ALNUM, 3)
        );
        let azure = |t: &str| {
            let mut out = Vec::new();
            azure_client_secrets(t, &mut out);
            out.iter()
                .map(|f| f.slice(t).to_string())
                .collect::<Vec<_>>()
        };
        for text in [
            secret.clone(),
            format!("-ClientSecret '{secret}'"),
            format!("<value xsi:type=\"xsd:string\">{secret}</value>"),
            format!("(Example= {secret})"),
        ] {
            assert_eq!(azure(&text), std::slice::from_ref(&secret), "{text}");
        }
        // Placeholders, a longer run, glued to a word.
        let long = format!("{secret}{}", rnd(rng, ALNUM, 4));
        for text in [
            format!("client_secret=bP88Q~{}", "x".repeat(34)),
            long,
            format!("x{secret}"),
        ] {
            assert!(azure(&text).is_empty(), "{text}");
        }
    }

    proptest::proptest! {
        #[test]
        fn any_text_gives_spans_on_boundaries(s in "\\PC{0,120}") {
            let mut out = Vec::new();
            find(&s, &mut out);
            for f in out {
                proptest::prop_assert!(s.is_char_boundary(f.start) && s.is_char_boundary(f.end));
            }
        }
    }
}
