//! Network identifiers: e-mail addresses, host names, URLs and IP addresses.

use std::net::Ipv6Addr;

use crate::Ctx;
use crate::data::{
    self, GENERIC_USERS, INFRA, MAIL_FAMILIES, MULTI_SUFFIX_SET, ORG_SUFFIXES, ORG_WORDS,
    PLAIN_WORDS, PLATFORMS, PROVIDERS, ROLE_MAILBOXES, URL_WORD_SET,
};
use crate::person::{is_known_name, name_for, push_recase, recase};
use crate::shape::{self, alphabet_of};

/// What a run of characters is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Run {
    Alpha,
    Digit,
    /// One other character, or a `%XX` escape.
    Other,
}

/// Splits `s` into runs of letters, runs of ASCII digits and single other characters
/// (`%XX` escapes stay whole when `pct` is set).
pub(crate) fn runs(s: &str, pct: bool) -> Runs<'_> {
    Runs { s, i: 0, pct }
}

/// Iterator of [`runs`].
pub(crate) struct Runs<'a> {
    s: &'a str,
    i: usize,
    pct: bool,
}

impl<'a> Iterator for Runs<'a> {
    type Item = (Run, &'a str);

    fn next(&mut self) -> Option<(Run, &'a str)> {
        let s = self.s;
        let i = self.i;
        let c = s.get(i..)?.chars().next()?;
        let b = s.as_bytes();
        let len = c.len_utf8();
        if self.pct
            && c == '%'
            && b.get(i + 1).is_some_and(u8::is_ascii_hexdigit)
            && b.get(i + 2).is_some_and(u8::is_ascii_hexdigit)
        {
            self.i = i + 3;
            return Some((Run::Other, &s[i..i + 3]));
        }
        let kind = if c.is_ascii_digit() {
            Run::Digit
        } else if crate::text::is_alphabetic(c) {
            Run::Alpha
        } else {
            self.i = i + len;
            return Some((Run::Other, &s[i..i + len]));
        };
        let mut j = i + len;
        while let Some(d) = s[j..].chars().next() {
            let same = match kind {
                Run::Digit => d.is_ascii_digit(),
                _ => crate::text::is_alphabetic(d),
            };
            if !same {
                break;
            }
            j += d.len_utf8();
        }
        self.i = j;
        Some((kind, &s[i..j]))
    }
}

/// Calls `f` with the ASCII-lowercase form of `s`, allocating only when `s` has upper case
/// and is longer than 64 bytes (shorter ones are lowered on the stack).
pub(crate) fn with_lower<R>(s: &str, f: impl FnOnce(&str) -> R) -> R {
    if !s.bytes().any(|b| b.is_ascii_uppercase()) {
        return f(s);
    }
    let mut buf = [0u8; 64];
    if let Some(low) = buf.get_mut(..s.len()) {
        low.copy_from_slice(s.as_bytes());
        low.make_ascii_lowercase();
        // ASCII lowering keeps the bytes of other characters: still UTF-8.
        if let Ok(low) = std::str::from_utf8(low) {
            return f(low);
        }
    }
    f(&s.to_ascii_lowercase())
}

// ---------------------------------------------------------------------------------------------
// E-mail

/// True when the (lowercase) domain is a public mailbox provider that identifies no one.
pub(crate) fn is_provider(domain: &str) -> bool {
    if PROVIDERS.contains(domain) {
        return true;
    }
    let Some((first, rest)) = domain.split_once('.') else {
        return false;
    };
    MAIL_FAMILIES.contains(&first) && (MULTI_SUFFIX_SET.contains(rest) || !rest.contains('.'))
}

/// A stand-in e-mail address.
pub(crate) fn email(cx: &mut Ctx<'_>, value: &str) -> String {
    // `jane.doe%40example.org` in a query string: the sign stays encoded.
    let (at, sign) = match value.rfind('@') {
        Some(at) => (at, "@"),
        None => match value.find("%40") {
            Some(at) => (at, "%40"),
            None => return local_part(cx, value, false),
        },
    };
    let (local, domain) = (&value[..at], &value[at + sign.len()..]);
    let (prefix, local) = match local.get(..7) {
        Some(p) if p.eq_ignore_ascii_case("mailto:") => local.split_at(7),
        _ => ("", local),
    };
    let public = domain.is_empty() || with_lower(domain, is_provider);
    let mut out = String::with_capacity(value.len() + 16);
    out.push_str(prefix);
    push_local_part(cx, local, !public, &mut out);
    out.push_str(sign);
    if public {
        out.push_str(domain);
    } else {
        out.push_str(&host_stand_in(cx, domain, Mode::Email).0);
    }
    out
}

/// A stand-in local part: learned name parts follow their stand-ins, other words become
/// plausible names, digit runs keep their length, separators stay. Role mailboxes (`info`)
/// stay when `keep_roles` (the domain changes anyway).
pub(crate) fn local_part(cx: &mut Ctx<'_>, local: &str, keep_roles: bool) -> String {
    let mut out = String::with_capacity(local.len() + 8);
    push_local_part(cx, local, keep_roles, &mut out);
    out
}

/// Appends [`local_part`] of `local` to `out`.
fn push_local_part(cx: &mut Ctx<'_>, local: &str, keep_roles: bool, out: &mut String) {
    if keep_roles && with_lower(local, |l| ROLE_MAILBOXES.contains(&l)) {
        out.push_str(local);
        return;
    }
    let mut origin = None;
    let mut first = true;
    for (kind, run) in runs(local, false) {
        match kind {
            Run::Digit => shape::reshape_into(cx.rng, run, shape::Alphabet::Free, out),
            Run::Other => out.push_str(run),
            Run::Alpha => {
                // `DaviLimaMoreira`: each capitalised piece is a name part of its own.
                for piece in camel_pieces(run) {
                    let new = name_run(cx, piece, first, &mut origin);
                    push_recase(out, &new, piece);
                    first = false;
                }
            }
        }
    }
}

/// `DaviLimaMoreira` → `Davi`, `Lima`, `Moreira`: a run split before each capital that
/// follows a lower-case letter; any other run is one piece.
fn camel_pieces(run: &str) -> impl Iterator<Item = &str> {
    let mut chars = run.char_indices();
    let mut start = 0;
    let mut prev_lower = false;
    std::iter::from_fn(move || {
        if start > run.len() {
            return None;
        }
        for (i, c) in chars.by_ref() {
            let cut = c.is_uppercase() && prev_lower;
            prev_lower = c.is_lowercase();
            if cut {
                let piece = &run[start..i];
                start = i;
                return Some(piece);
            }
        }
        // The last piece (the whole run when nothing cut it).
        let piece = &run[start..];
        start = run.len() + 1;
        Some(piece)
    })
}

/// A stand-in for a run of letters that may be a name, an initial or a name pair written
/// together (`janedoe`, `jdoe`). Returns lowercase ASCII.
fn name_run(cx: &mut Ctx<'_>, run: &str, first: bool, origin: &mut Option<usize>) -> String {
    data::with_key(run, |f| name_run_keyed(cx, run, f, first, origin))
}

/// [`name_run`] given the run's key `f`.
fn name_run_keyed(
    cx: &mut Ctx<'_>,
    run: &str,
    f: &str,
    first: bool,
    origin: &mut Option<usize>,
) -> String {
    if cx.use_memo()
        && let Some(s) = cx.memo.name(f)
    {
        return data::key(s);
    }
    if f.len() >= 3 && is_known_name(f) {
        let (n, o) = name_for(cx, run, f, first, *origin);
        *origin = Some(o);
        return n;
    }
    let chars = f.chars().count();
    if chars == 1
        && let Some(i) = learned_initial(cx, f)
    {
        return i.to_string();
    }
    if chars <= 2 {
        return random_letters(cx, chars);
    }
    if let Some(s) = split_pair(cx, f, origin) {
        return s;
    }
    let (n, o) = name_for(cx, run, f, first, *origin);
    *origin = Some(o);
    n
}

fn random_letters(cx: &mut Ctx<'_>, n: usize) -> String {
    (0..n).map(|_| shape::lower(cx.rng) as char).collect()
}

fn known_or_learned(cx: &Ctx<'_>, f: &str) -> bool {
    (cx.use_memo() && cx.memo.name(f).is_some()) || is_known_name(f)
}

/// The initial of the stand-in of a learned name part with initial `init` (the smallest such
/// part, for determinism), while remembered mappings are in use.
pub(crate) fn learned_initial(cx: &Ctx<'_>, init: &str) -> Option<char> {
    if !cx.use_memo() {
        return None;
    }
    cx.memo
        .first_learned_with_prefix(init)
        .and_then(|(_, v)| data::with_key(v, |k| k.chars().next()))
}

/// `janedoe` → `emilyclark`, `jdoe` → `eclark` when the pieces are learned or known names.
fn split_pair(cx: &mut Ctx<'_>, f: &str, origin: &mut Option<usize>) -> Option<String> {
    if !f.is_ascii() || f.len() < 4 {
        return None;
    }
    // Initial + surname.
    let (init, rest) = f.split_at(1);
    if rest.len() >= 3 && known_or_learned(cx, rest) && !is_known_name(f) {
        let initial = learned_initial(cx, init).unwrap_or_else(|| shape::lower(cx.rng) as char);
        // A piece of an ASCII key is its own key.
        let (sur, o) = name_for(cx, rest, rest, false, *origin);
        *origin = Some(o);
        return Some(format!("{initial}{sur}"));
    }
    for k in 3..=f.len().saturating_sub(3) {
        let (a, b) = f.split_at(k);
        if known_or_learned(cx, a) && known_or_learned(cx, b) {
            let (x, o) = name_for(cx, a, a, true, *origin);
            let (y, o2) = name_for(cx, b, b, false, Some(o));
            *origin = Some(o2);
            return Some(format!("{x}{y}"));
        }
    }
    None
}

// ---------------------------------------------------------------------------------------------
// Host names

/// Where a host name appears.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Mode {
    /// A host name finding: organisation labels change, infrastructure labels stay.
    Host,
    /// The domain of an e-mail address: the organisation label always changes.
    Email,
    /// The host of a URL: the organisation label changes unless it is a big public platform.
    Url,
}

/// A stand-in for a host-name finding (possibly with a `:port`).
pub(crate) fn hostname(cx: &mut Ctx<'_>, value: &str) -> String {
    if value.matches(':').count() >= 2 || value.starts_with('[') {
        return ip(cx, value);
    }
    let (host, port) = split_port(value);
    if parse_v4(host).is_some() {
        return ip(cx, value);
    }
    let mut out = host_stand_in(cx, host, Mode::Host).0;
    out.push_str(port);
    out
}

/// Splits a trailing `:digits` port off.
fn split_port(s: &str) -> (&str, &str) {
    match s.rfind(':') {
        Some(i) if i + 1 < s.len() && s[i + 1..].bytes().all(|b| b.is_ascii_digit()) => {
            s.split_at(i)
        }
        _ => (s, ""),
    }
}

/// Number of trailing labels of `host` (lowercase, `n` labels) that form the public (or
/// internal) suffix.
fn suffix_len(host: &str, n: usize) -> usize {
    if n < 2 {
        return 0;
    }
    let mut dots = host.rmatch_indices('.').map(|(i, _)| i);
    let _last = dots.next();
    let two = dots.next();
    let three = dots.next();
    if n > 3 && three.is_some_and(|i| MULTI_SUFFIX_SET.contains(&host[i + 1..])) {
        return 3;
    }
    if n > 2 && two.is_some_and(|i| MULTI_SUFFIX_SET.contains(&host[i + 1..])) {
        return 2;
    }
    1
}

/// True when every word of a label is an infrastructure word, a short code or a number.
fn is_generic_label(lower: &str) -> bool {
    if INFRA.contains(lower) {
        return true;
    }
    lower.split(['-', '_']).all(|part| {
        INFRA.contains(part)
            || runs(part, false).all(|(k, r)| match k {
                Run::Alpha => r.len() <= 2 || INFRA.contains(r),
                _ => true,
            })
    })
}

/// A stand-in host name; also tells whether the host is a big public platform (kept).
pub(crate) fn host_stand_in(cx: &mut Ctx<'_>, host: &str, mode: Mode) -> (String, bool) {
    let (h, dot) = match host.strip_suffix('.') {
        Some(h) => (h, "."),
        None => (host, ""),
    };
    let h_lower = h.to_ascii_lowercase();
    let labels: Vec<&str> = h.split('.').collect();
    let lowers: Vec<&str> = h_lower.split('.').collect();
    let n = labels.len();
    let suffix = suffix_len(&h_lower, n);
    let reg = (n >= 2).then(|| n - suffix - 1);
    let platform = mode == Mode::Url && reg.is_some_and(|r| PLATFORMS.contains(&lowers[r]));
    let mut out = String::with_capacity(host.len() + 16);
    for (i, label) in labels.iter().enumerate() {
        if i > 0 {
            out.push('.');
        }
        if i >= n - suffix {
            out.push_str(label);
            continue;
        }
        if Some(i) == reg && platform {
            out.push_str(label);
            continue;
        }
        if Some(i) == reg && !label.is_empty() {
            let replace = match mode {
                Mode::Host => {
                    !(is_generic_label(lowers[i]) || has_name_part(cx, lowers[i])) || !cx.use_memo()
                }
                Mode::Email => true,
                Mode::Url => !platform,
            };
            if replace {
                let org = org_label(cx, lowers[i]);
                out.push_str(&recase(&org, label));
                continue;
            }
        }
        out.push_str(&label_stand_in(cx, label));
    }
    out.push_str(dot);
    (out, platform)
}

/// True when a word of the label is a known or learned name part (`jane-macbook`).
fn has_name_part(cx: &Ctx<'_>, lower: &str) -> bool {
    runs(lower, false).any(|(k, r)| {
        if k != Run::Alpha || r.len() < 3 || INFRA.contains(r) {
            return false;
        }
        data::with_key(r, |f| is_known_name(f) || cx.memo.name(f).is_some())
    })
}

/// An invented organisation label (`fenwick-labs`), the same for the same real label while
/// remembered mappings are in use.
fn org_label(cx: &mut Ctx<'_>, real: &str) -> String {
    if cx.use_memo()
        && let Some(v) = cx.memo.domains.get(real)
    {
        return v.clone();
    }
    let free = |cx: &Ctx<'_>, cand: &str| {
        cand != real && !cx.memo.domain_values.contains(cand) && !cx.text.contains(cand)
    };
    // One buffer for the candidates (the words drawn in the order they are written).
    let mut cand = String::with_capacity(32);
    // Two words (`fenwick-labs`, 2,400 of them) while they last; once a few labels in a row
    // found none free (an export of thousands of firms), three (`fenwick-alder-labs`).
    let two_free = cx.memo.org_misses < ORG_TWO_FULL;
    let mut found = false;
    if two_free {
        for _ in 0..8 {
            cand.clear();
            cand.push_str(shape::pick(cx.rng, ORG_WORDS));
            cand.push('-');
            cand.push_str(shape::pick(cx.rng, ORG_SUFFIXES));
            if free(cx, &cand) {
                found = true;
                break;
            }
        }
        cx.memo.org_misses = if found {
            0
        } else {
            cx.memo.org_misses.saturating_add(1)
        };
    }
    if !found {
        for _ in 0..8 {
            cand.clear();
            cand.push_str(shape::pick(cx.rng, ORG_WORDS));
            cand.push('-');
            cand.push_str(shape::pick(cx.rng, ORG_WORDS));
            cand.push('-');
            cand.push_str(shape::pick(cx.rng, ORG_SUFFIXES));
            if free(cx, &cand) {
                break;
            }
        }
    }
    if cx.use_memo() {
        cx.memo.domains.insert(real.to_string(), cand.clone());
        cx.memo.domain_values.insert(cand.clone());
    }
    cand
}

/// A stand-in for one label: infrastructure words stay, numbers change with the same digit
/// count, learned and known name parts follow their stand-ins, other words are replaced.
fn label_stand_in(cx: &mut Ctx<'_>, label: &str) -> String {
    if with_lower(label, |l| INFRA.contains(l)) {
        return label.to_string();
    }
    let mut out = String::with_capacity(label.len() + 8);
    for part in split_inclusive_any(label, &['-', '_']) {
        let (word, sep) = match part.strip_suffix(['-', '_']) {
            Some(w) => (w, &part[w.len()..]),
            None => (part, ""),
        };
        if with_lower(word, |l| INFRA.contains(l)) {
            out.push_str(word);
        } else {
            for (kind, run) in runs(word, false) {
                match kind {
                    Run::Digit => out.push_str(&shape::redigit(cx.rng, run)),
                    Run::Other => out.push_str(run),
                    Run::Alpha => out.push_str(&word_stand_in(cx, run, true)),
                }
            }
        }
        out.push_str(sep);
    }
    out
}

/// Splits after each separator, keeping it at the end of its piece.
fn split_inclusive_any<'a>(s: &'a str, seps: &'a [char]) -> impl Iterator<Item = &'a str> {
    s.split_inclusive(seps)
}

/// A stand-in for a word of a host label or URL: infrastructure words and short codes stay,
/// name parts follow their stand-ins; other words are replaced by a plain word when
/// `replace_unknown`, else kept.
fn word_stand_in(cx: &mut Ctx<'_>, run: &str, replace_unknown: bool) -> String {
    let f = data::key(run);
    if cx.use_memo()
        && let Some(s) = cx.memo.name(&f)
    {
        return recase(&data::key(s), run);
    }
    if f.len() >= 3 && is_known_name(&f) && !URL_WORD_SET.contains(f.as_str()) {
        let (n, _) = name_for(cx, run, &f, true, None);
        return recase(&n, run);
    }
    if f.len() <= 2 || INFRA.contains(f.as_str()) || URL_WORD_SET.contains(f.as_str()) {
        return run.to_string();
    }
    if replace_unknown {
        let mut w = shape::pick(cx.rng, PLAIN_WORDS);
        if w == f {
            w = shape::pick(cx.rng, PLAIN_WORDS);
        }
        return recase(w, run);
    }
    run.to_string()
}

// ---------------------------------------------------------------------------------------------
// URLs

/// A stand-in URL: same scheme and structure; host as for host names (big public platforms
/// stay, their identifying path segments change), user info same shape, path segments that
/// carry identity replaced, ordinary words and API words kept, ids reshaped, query keys kept.
pub(crate) fn url(cx: &mut Ctx<'_>, value: &str) -> String {
    if let Some(p) = value.get(..7)
        && p.eq_ignore_ascii_case("mailto:")
    {
        let mut out = String::from(p);
        out.push_str(&email(cx, &value[7..]));
        return out;
    }
    let (scheme, rest) = split_scheme(value);
    let auth_end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
    let (auth, tail) = rest.split_at(auth_end);
    let (new_auth, platform) = authority(cx, auth);
    let mut out = String::with_capacity(value.len() + 16);
    out.push_str(scheme);
    out.push_str(&new_auth);
    let path_end = tail.find(['?', '#']).unwrap_or(tail.len());
    let (path, after) = tail.split_at(path_end);
    for (i, seg) in path.split('/').enumerate() {
        if i > 0 {
            out.push('/');
        }
        out.push_str(&segment(cx, seg, platform));
    }
    let (query, frag) = match after.strip_prefix('?') {
        Some(q) => {
            let e = q.find('#').unwrap_or(q.len());
            (Some(&q[..e]), &q[e..])
        }
        None => (None, after),
    };
    if let Some(q) = query {
        out.push('?');
        for part in q.split_inclusive(['&', ';']) {
            let (p, sep) = match part.strip_suffix(['&', ';']) {
                Some(p) => (p, &part[p.len()..]),
                None => (part, ""),
            };
            match p.split_once('=') {
                Some((k, v)) => {
                    out.push_str(k);
                    out.push('=');
                    out.push_str(&query_value(cx, v));
                }
                None => out.push_str(&segment(cx, p, false)),
            }
            out.push_str(sep);
        }
    }
    if let Some(f) = frag.strip_prefix('#') {
        out.push('#');
        for (i, seg) in f.split('/').enumerate() {
            if i > 0 {
                out.push('/');
            }
            out.push_str(&segment(cx, seg, false));
        }
    }
    out
}

/// Splits `scheme://` off (empty when there is none).
fn split_scheme(value: &str) -> (&str, &str) {
    if let Some(i) = value.find("://") {
        let s = &value[..i];
        if !s.is_empty()
            && s.bytes().next().is_some_and(|b| b.is_ascii_alphabetic())
            && s.bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'+' || b == b'.' || b == b'-')
        {
            return value.split_at(i + 3);
        }
    }
    ("", value)
}

/// A stand-in authority (`user:pass@host:port`); also tells whether the host is a platform.
pub(crate) fn authority(cx: &mut Ctx<'_>, auth: &str) -> (String, bool) {
    let (userinfo, hostport) = match auth.rfind('@') {
        Some(i) => (Some(&auth[..i]), &auth[i + 1..]),
        None => (None, auth),
    };
    let mut out = String::with_capacity(auth.len() + 16);
    if let Some(ui) = userinfo {
        out.push_str(&userinfo_stand_in(cx, ui));
        out.push('@');
    }
    let (host, port) = if hostport.starts_with('[') {
        match hostport.find(']') {
            Some(e) => hostport.split_at(e + 1),
            None => (hostport, ""),
        }
    } else {
        split_port(hostport)
    };
    let mut platform = false;
    if host.starts_with('[') || parse_v4(host).is_some() {
        out.push_str(&ip(cx, host));
    } else if host.is_empty() || host.eq_ignore_ascii_case("localhost") {
        out.push_str(host);
    } else {
        let (h, p) = host_stand_in(cx, host, Mode::Url);
        platform = p;
        out.push_str(&h);
    }
    out.push_str(port);
    (out, platform)
}

/// `user:password` → generic users stay, other users like e-mail local parts; the password
/// keeps its shape (and `%XX` escapes).
pub(crate) fn userinfo_stand_in(cx: &mut Ctx<'_>, ui: &str) -> String {
    let (user, pass) = match ui.split_once(':') {
        Some((u, p)) => (u, Some(p)),
        None => (ui, None),
    };
    let mut out = String::with_capacity(ui.len() + 8);
    if user.is_empty() || GENERIC_USERS.contains(&user.to_ascii_lowercase().as_str()) {
        out.push_str(user);
    } else if user.contains(['@', '%']) {
        out.push_str(&reshape_pct(cx, user));
    } else {
        out.push_str(&local_part(cx, user, false));
    }
    if let Some(p) = pass {
        out.push(':');
        out.push_str(&reshape_pct(cx, p));
    }
    out
}

/// Class-preserving rewrite that keeps `%XX` escapes.
pub(crate) fn reshape_pct(cx: &mut Ctx<'_>, s: &str) -> String {
    let alphabet = alphabet_of(s);
    let mut out = String::with_capacity(s.len());
    for (kind, run) in runs(s, true) {
        if kind == Run::Other {
            out.push_str(run);
        } else {
            shape::reshape_into(cx.rng, run, alphabet, &mut out);
        }
    }
    out
}

/// Known file extensions kept on path segments.
fn is_extension(ext: &str) -> bool {
    matches!(
        ext.to_ascii_lowercase().as_str(),
        "html"
            | "htm"
            | "php"
            | "asp"
            | "aspx"
            | "jsp"
            | "pdf"
            | "png"
            | "jpg"
            | "jpeg"
            | "gif"
            | "svg"
            | "webp"
            | "json"
            | "xml"
            | "csv"
            | "txt"
            | "doc"
            | "docx"
            | "xls"
            | "xlsx"
            | "ppt"
            | "pptx"
            | "zip"
            | "gz"
            | "tar"
            | "js"
            | "css"
            | "md"
            | "mp4"
            | "mp3"
            | "ics"
            | "vcf"
            | "git"
    )
}

fn is_version(lower: &str) -> bool {
    lower.len() >= 2
        && lower.starts_with('v')
        && lower[1..].bytes().all(|b| b.is_ascii_digit() || b == b'.')
}

/// A stand-in path segment. `identity` (paths of public platforms): words that are not URL
/// words are taken to identify someone and are reshaped.
fn segment(cx: &mut Ctx<'_>, seg: &str, identity: bool) -> String {
    if seg.is_empty() {
        return String::new();
    }
    let lower = seg.to_ascii_lowercase();
    if URL_WORD_SET.contains(lower.as_str()) || is_version(&lower) {
        return seg.to_string();
    }
    let (stem, ext) = match seg.rfind('.') {
        Some(i) if i > 0 && is_extension(&seg[i + 1..]) => seg.split_at(i),
        _ => (seg, ""),
    };
    let mut out = String::with_capacity(seg.len() + 8);
    let has_digit = stem.bytes().any(|b| b.is_ascii_digit());
    if has_digit && stem.len() >= 6 && alphabet_of(stem) != shape::Alphabet::Free {
        // Hex ids and UUIDs stay hex.
        out.push_str(&reshape_pct(cx, stem));
    } else {
        for (kind, run) in runs(stem, true) {
            match kind {
                Run::Other => out.push_str(run),
                Run::Digit => out.push_str(&shape::reshape(cx.rng, run)),
                Run::Alpha => {
                    let f = data::key(run);
                    let mixed = run.chars().skip(1).any(char::is_uppercase)
                        && run.chars().any(char::is_lowercase);
                    let learned = cx.use_memo() && cx.memo.name(&f).is_some();
                    if learned || (f.len() >= 3 && is_known_name(&f)) {
                        out.push_str(&word_stand_in(cx, run, false));
                    } else if URL_WORD_SET.contains(f.as_str()) || INFRA.contains(f.as_str()) {
                        out.push_str(run);
                    } else if identity || mixed || has_digit {
                        out.push_str(&shape::reshape(cx.rng, run));
                    } else {
                        out.push_str(run);
                    }
                }
            }
        }
    }
    out.push_str(ext);
    out
}

/// A stand-in query value: short lowercase words stay (`ref=mail`), e-mail addresses become
/// stand-in addresses, everything else keeps its shape.
fn query_value(cx: &mut Ctx<'_>, v: &str) -> String {
    if v.is_empty() {
        return String::new();
    }
    let f = data::key(v);
    if v.len() <= 12
        && v.bytes().all(|b| b.is_ascii_lowercase())
        && !is_known_name(&f)
        && !(cx.use_memo() && cx.memo.name(&f).is_some())
    {
        return v.to_string();
    }
    if v.contains('@') {
        return email(cx, v);
    }
    if let Some(i) = v.to_ascii_lowercase().find("%40") {
        let decoded = format!("{}@{}", &v[..i], &v[i + 3..]);
        let e = email(cx, &decoded);
        return match e.rfind('@') {
            Some(j) => format!("{}{}{}", &e[..j], &v[i..i + 3], &e[j + 1..]),
            None => e,
        };
    }
    segment(cx, v, true)
}

// ---------------------------------------------------------------------------------------------
// IP addresses

/// Parses dotted-quad IPv4 (leading zeros allowed).
pub(crate) fn parse_v4(s: &str) -> Option<[u8; 4]> {
    let mut out = [0u8; 4];
    let mut n = 0;
    for part in s.split('.') {
        if n == 4 || part.is_empty() || part.len() > 3 || !part.bytes().all(|b| b.is_ascii_digit())
        {
            return None;
        }
        out[n] = part.parse::<u8>().ok()?;
        n += 1;
    }
    (n == 4).then_some(out)
}

/// A stand-in IP address (v4 or v6, with any `[]`, `:port`, `/cidr` or `%zone`).
pub(crate) fn ip(cx: &mut Ctx<'_>, value: &str) -> String {
    if let Some(inner) = value.strip_prefix('[')
        && let Some(e) = inner.find(']')
    {
        return format!("[{}]{}", ip6(cx, &inner[..e]), &inner[e + 1..]);
    }
    if value.matches(':').count() >= 2 {
        return ip6(cx, value);
    }
    let end = value.find(['/', ':']).unwrap_or(value.len());
    let (addr, suffix) = value.split_at(end);
    let Some(o) = parse_v4(addr) else {
        return shape::reshape_key(cx.rng, value);
    };
    let cidr = suffix
        .strip_prefix('/')
        .and_then(|s| s.split(':').next())
        .and_then(|s| s.parse::<u32>().ok())
        .filter(|&p| p <= 32);
    let n = v4_stand_in(cx, o, cidr);
    format!("{}.{}.{}.{}{}", n[0], n[1], n[2], n[3], suffix)
}

/// The documentation blocks (RFC 5737).
const DOC_V4: [[u8; 3]; 3] = [[192, 0, 2], [198, 51, 100], [203, 0, 113]];

#[cfg(test)]
pub(crate) const DOC_V4_BLOCKS: [[u8; 3]; 3] = DOC_V4;

/// Public IPv4 stand-ins in a row placed outside the documentation blocks after which the
/// blocks count as used up ([`Memo::doc_v4_misses`]): a long input's thousands of addresses
/// fill their 762 places, and each address after that spent its preferred attempts drawing
/// from them in vain (12 draws and checks, on a log of many addresses most of its stand-ins'
/// cost).
pub(crate) const DOC_V4_FULL: u8 = 3;

/// Organisation labels in a row for which no two-word label was free, after which the
/// two-word labels count as used up ([`Memo::org_misses`]).
pub(crate) const ORG_TWO_FULL: u8 = 3;

/// The address of an IPv4 value (`10.0.0.1:8080`, `192.0.2.0/24`), if it is one.
fn v4_of(value: &str) -> Option<[u8; 4]> {
    parse_v4(value.split(['/', ':']).next().unwrap_or(value))
}

/// Whether [`v4_stand_in`] moves `o` to a documentation block: a public address (no private,
/// loopback, shared, link-local, benchmarking or multicast block, which stand-ins keep).
fn is_public_v4(o: [u8; 4]) -> bool {
    !matches!(
        o,
        [10, ..]
            | [127, ..]
            | [192, 168, ..]
            | [169, 254, ..]
            | [198, 18 | 19, ..]
            | [172, 16..=31, ..]
            | [100, 64..=127, ..]
            | [224..=239, ..]
    )
}

/// Notes where the accepted stand-in of the IPv4 value `value` went, for a public one: to the
/// benchmarking block it takes past its preferred attempts (a miss of the documentation
/// blocks), or into them.
pub(crate) fn note_v4(memo: &mut crate::Memo, value: &str, stand_in: &str) {
    let (Some(v), Some(o)) = (v4_of(value), v4_of(stand_in)) else {
        return;
    };
    if !is_public_v4(v) {
        return;
    }
    match o {
        [198, 18 | 19, ..] => memo.doc_v4_misses = memo.doc_v4_misses.saturating_add(1),
        [a, b, c, _] if DOC_V4.contains(&[a, b, c]) => memo.doc_v4_misses = 0,
        _ => {}
    }
}

/// A new IPv4 address of the same class: private blocks stay in their block, public addresses
/// move to a documentation block.
pub(crate) fn v4_stand_in(cx: &mut Ctx<'_>, o: [u8; 4], cidr: Option<u32>) -> [u8; 4] {
    let rng = &mut *cx.rng;
    let mut r = || shape::int(rng, 0, 255) as u8;
    let a = r();
    let b = r();
    let h = (u32::from(a) % 254 + 1) as u8;
    let c = r();
    let n = match o {
        [10, ..] => [10, a, b, h],
        [172, x, ..] if (16..=31).contains(&x) => [172, 16 + c % 16, b, h],
        [192, 168, ..] => [192, 168, b, h],
        [127, ..] => [127, c, b, h],
        [100, x, ..] if (64..=127).contains(&x) => [100, 64 + c % 64, b, h],
        [169, 254, ..] => [169, 254, 1 + c % 254, h],
        [198, x, ..] if x == 18 || x == 19 => [198, 18 + c % 2, b, h],
        [x, ..] if (224..=239).contains(&x) => [233, 252, 0, h],
        _ => {
            if cx.attempt < crate::PREFERRED_ATTEMPTS && cx.memo.doc_v4_misses < DOC_V4_FULL {
                let d = DOC_V4[usize::from(c) % 3];
                [d[0], d[1], d[2], h]
            } else {
                [198, 18 + c % 2, b, h]
            }
        }
    };
    match cidr {
        Some(p) if p < 32 => {
            let mask = if p == 0 { 0 } else { u32::MAX << (32 - p) };
            if u32::from_be_bytes(o) & !mask == 0 {
                (u32::from_be_bytes(n) & mask).to_be_bytes()
            } else {
                n
            }
        }
        _ => n,
    }
}

/// A stand-in IPv6 address keeping its class (link-local, unique-local, multicast; global and
/// loopback go to 2001:db8::/32), its compression style, group widths and letter case.
fn ip6(cx: &mut Ctx<'_>, s: &str) -> String {
    let end = s.find(['/', '%']).unwrap_or(s.len());
    let (addr, suffix) = s.split_at(end);
    if addr.contains('.') {
        if let Some(i) = addr.rfind(':') {
            let (pre, v4) = addr.split_at(i + 1);
            if let Some(o) = parse_v4(v4) {
                let n = v4_stand_in(cx, o, None);
                let pl = pre.to_ascii_lowercase();
                let pre = match pl.as_str() {
                    "::ffff:" | "::" | "64:ff9b::" | "::ffff:0:" => pre,
                    _ => "2001:db8::",
                };
                return format!("{pre}{}.{}.{}.{}{suffix}", n[0], n[1], n[2], n[3]);
            }
        }
        return shape::reshape_key(cx.rng, s);
    }
    let Ok(a) = addr.parse::<Ipv6Addr>() else {
        return shape::reshape_key(cx.rng, s);
    };
    let seg = a.segments();
    let upper = addr.bytes().any(|b| (b'A'..=b'F').contains(&b));
    let mut new = [0u16; 8];
    for g in new.iter_mut() {
        *g = shape::int(cx.rng, 0, 0xffff) as u16;
    }
    let fixed = if seg[0] & 0xffc0 == 0xfe80 {
        new[0] = 0xfe80;
        new[1..4].copy_from_slice(&seg[1..4]);
        4
    } else if seg[0] & 0xfe00 == 0xfc00 {
        new[0] = 0xfd00 | (new[0] & 0xff);
        1
    } else if seg[0] >> 8 == 0xff {
        new[0] = seg[0];
        1
    } else {
        new[0] = 0x2001;
        new[1] = 0x0db8;
        2
    };
    let groups = |t: &str| -> Vec<usize> {
        if t.is_empty() {
            Vec::new()
        } else {
            t.split(':').map(str::len).collect()
        }
    };
    let text = match addr.find("::") {
        Some(i) => {
            let head = groups(&addr[..i]);
            let tail = groups(&addr[i + 2..]);
            let (hc, tc) = (head.len(), tail.len());
            let fixed_needed = if fixed == 4 { 1 } else { fixed };
            if hc >= fixed_needed && hc + tc <= 7 {
                for g in new.iter_mut().take(8 - tc).skip(hc) {
                    *g = 0;
                }
                let mut t = String::with_capacity(40);
                for (k, w) in head.iter().enumerate() {
                    if k > 0 {
                        t.push(':');
                    }
                    push_group(&mut t, new[k], *w);
                }
                t.push_str("::");
                for (k, w) in tail.iter().enumerate() {
                    if k > 0 {
                        t.push(':');
                    }
                    push_group(&mut t, new[8 - tc + k], *w);
                }
                t
            } else {
                Ipv6Addr::from(new).to_string()
            }
        }
        None => {
            let widths = groups(addr);
            if widths.len() == 8 {
                let mut t = String::with_capacity(40);
                for (k, w) in widths.iter().enumerate() {
                    if k > 0 {
                        t.push(':');
                    }
                    push_group(&mut t, new[k], *w);
                }
                t
            } else {
                Ipv6Addr::from(new).to_string()
            }
        }
    };
    let text = if upper { text.to_uppercase() } else { text };
    format!("{text}{suffix}")
}

fn push_group(t: &mut String, g: u16, width: usize) {
    use std::fmt::Write;
    if width >= 4 {
        let _ = write!(t, "{g:04x}");
    } else {
        let _ = write!(t, "{g:x}");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// [`camel_pieces`] as it was written first, collecting the pieces.
    fn camel_pieces_collected(run: &str) -> Vec<&str> {
        let mut pieces = Vec::new();
        let mut start = 0;
        let mut prev_lower = false;
        for (i, c) in run.char_indices() {
            if c.is_uppercase() && prev_lower {
                pieces.push(&run[start..i]);
                start = i;
            }
            prev_lower = c.is_lowercase();
        }
        pieces.push(&run[start..]);
        pieces
    }

    proptest::proptest! {
        /// The pieces' iterator gives the collected pieces (an empty run is one empty piece).
        #[test]
        fn camel_pieces_match_the_collected_ones(run in "[a-cA-CéÉΣσ1]{0,12}") {
            let pieces: Vec<&str> = camel_pieces(&run).collect();
            proptest::prop_assert_eq!(pieces, camel_pieces_collected(&run));
        }

        /// Lowered on the stack or not, `with_lower` hands over the ASCII lower case.
        #[test]
        fn with_lower_matches_to_ascii_lowercase(s in "[a-cA-C.é]{0,70}") {
            proptest::prop_assert_eq!(with_lower(&s, str::to_string), s.to_ascii_lowercase());
        }
    }
}
