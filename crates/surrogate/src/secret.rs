//! Secrets: API keys and tokens, JWTs, PEM private keys and URLs with credentials.

use crate::Ctx;
use crate::net;
use crate::shape::{self, Alphabet, alphabet_of, from_set};

/// Provider prefixes kept even when the detector did not say so (`keep_prefix` 0).
const KNOWN_PREFIXES: &[&str] = &[
    "github_pat_",
    "ghp_",
    "gho_",
    "ghu_",
    "ghs_",
    "ghr_",
    "sk-proj-",
    "sk-ant-api03-",
    "sk-ant-",
    "sk-svcacct-",
    "sk_live_",
    "sk_test_",
    "pk_live_",
    "pk_test_",
    "rk_live_",
    "rk_test_",
    "whsec_",
    "xoxb-",
    "xoxp-",
    "xoxa-",
    "xoxs-",
    "xapp-",
    "glpat-",
    "npm_",
    "pypi-",
    "hf_",
    "SG.",
    "shpat_",
    "shpss_",
    "AKIA",
    "ASIA",
    "AIza",
    "dop_v1_",
    "sk-",
];

/// Labels of secrets written as `label: value` / `label=value`.
fn label_len(value: &str) -> usize {
    let lower_start = value.get(..7).map(str::to_ascii_lowercase);
    if let Some(l) = &lower_start {
        for p in ["bearer ", "basic ", "token "] {
            if l.starts_with(p) {
                let rest = &value[p.len()..];
                return p.len() + (rest.len() - rest.trim_start().len());
            }
        }
    }
    let Some(i) = value.find([':', '=']) else {
        return 0;
    };
    let label = &value[..i];
    if i == 0
        || i > 40
        || !label.starts_with(|c: char| c.is_ascii_alphabetic())
        || !label
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"_-. ".contains(&b))
        || value[i + 1..]
            .trim_start_matches([' ', '"', '\''])
            .is_empty()
    {
        return 0;
    }
    let mut j = i + 1;
    let b = value.as_bytes();
    while j < b.len() && (b[j] == b' ' || b[j] == b'"' || b[j] == b'\'' || b[j] == b'=') {
        j += 1;
    }
    j
}

/// A stand-in secret: the provider prefix and every non-alphanumeric character stay, each
/// letter and digit is redrawn within its class (hex stays hex). JWTs, PEM blocks and URLs
/// with credentials keep their structure.
pub(crate) fn api_key(cx: &mut Ctx<'_>, rule: &str, kp: usize, value: &str) -> String {
    if value.contains("-----BEGIN") {
        return pem(cx, value);
    }
    let (head, body) = value.split_at(kp);
    if body.contains("://") && (body.contains('@') || rule.contains("url")) {
        return format!("{head}{}", cred_url(cx, body));
    }
    if let Some(j) = jwt(cx, body) {
        return format!("{head}{j}");
    }
    let mut kp2 = 0;
    if kp == 0 {
        kp2 = label_len(body);
        let rest = &body[kp2..];
        if let Some(p) = KNOWN_PREFIXES.iter().find(|p| rest.starts_with(**p)) {
            kp2 += p.len();
        }
    }
    let (label, body) = body.split_at(kp2);
    if let Some(j) = jwt(cx, body) {
        return format!("{head}{label}{j}");
    }
    let mut out = String::with_capacity(value.len());
    out.push_str(head);
    out.push_str(label);
    let aws_key = rule == "aws-access-key"
        || ((label.ends_with("AKIA") || label.ends_with("ASIA"))
            && body
                .bytes()
                .all(|b| b.is_ascii_uppercase() || b.is_ascii_digit()));
    if aws_key {
        // Base32 body: A-Z and 2-7.
        for c in body.chars() {
            out.push(match c {
                'A'..='Z' | '2'..='7' => {
                    from_set(cx.rng, b"ABCDEFGHIJKLMNOPQRSTUVWXYZ234567") as char
                }
                _ => shape::same_class(cx.rng, c, Alphabet::Free),
            });
        }
    } else {
        shape::reshape_into(cx.rng, body, alphabet_of(body), &mut out);
    }
    out
}

const B64URL: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
const B64STD: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// Decodes unpadded base64url (padding and standard characters tolerated).
pub(crate) fn b64url_decode(s: &str) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(s.len() * 3 / 4);
    let mut acc = 0u32;
    let mut bits = 0u32;
    for b in s.bytes() {
        let v = match b {
            b'A'..=b'Z' => b - b'A',
            b'a'..=b'z' => b - b'a' + 26,
            b'0'..=b'9' => b - b'0' + 52,
            b'-' | b'+' => 62,
            b'_' | b'/' => 63,
            b'=' => break,
            _ => return None,
        };
        acc = (acc << 6) | u32::from(v);
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
            acc &= (1 << bits) - 1;
        }
    }
    Some(out)
}

/// Encodes bytes as unpadded base64url.
pub(crate) fn b64url_encode(data: &[u8]) -> String {
    let mut out = String::with_capacity(data.len().div_ceil(3) * 4);
    for chunk in data.chunks(3) {
        let n = match chunk.len() {
            3 => (u32::from(chunk[0]) << 16) | (u32::from(chunk[1]) << 8) | u32::from(chunk[2]),
            2 => (u32::from(chunk[0]) << 16) | (u32::from(chunk[1]) << 8),
            _ => u32::from(chunk[0]) << 16,
        };
        let k = chunk.len() + 1;
        for i in 0..k {
            out.push(B64URL[((n >> (18 - 6 * i)) & 63) as usize] as char);
        }
    }
    out
}

fn is_b64url(s: &str) -> bool {
    !s.is_empty()
        && s.bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// A well-formed JWT: header kept, payload JSON with the same keys and new values, random
/// signature of the same length.
fn jwt(cx: &mut Ctx<'_>, value: &str) -> Option<String> {
    if !value.starts_with("eyJ") {
        return None;
    }
    let mut parts = value.split('.');
    let (h, p, s) = (parts.next()?, parts.next()?, parts.next()?);
    if parts.next().is_some() || !is_b64url(h) || !is_b64url(p) || !(s.is_empty() || is_b64url(s)) {
        return None;
    }
    let payload = match b64url_decode(p).and_then(|b| String::from_utf8(b).ok()) {
        Some(json) if json.trim_start().starts_with('{') => {
            b64url_encode(json_values(cx, &json).as_bytes())
        }
        _ => {
            let n = b64url_decode(p).map_or(p.len() * 3 / 4, |b| b.len());
            b64url_encode(&random_bytes(cx, n))
        }
    };
    let sig = if s.is_empty() {
        String::new()
    } else {
        let n = b64url_decode(s).map_or(s.len() * 3 / 4, |b| b.len());
        b64url_encode(&random_bytes(cx, n.max(1)))
    };
    Some(format!("{h}.{payload}.{sig}"))
}

fn random_bytes(cx: &mut Ctx<'_>, n: usize) -> Vec<u8> {
    (0..n).map(|_| shape::int(cx.rng, 0, 255) as u8).collect()
}

/// JSON keys whose string values identify no one.
const KEEP_STRING_KEYS: &[&str] = &[
    "alg",
    "typ",
    "cty",
    "token_use",
    "scope",
    "scp",
    "amr",
    "acr",
    "type",
    "enc",
];
/// JSON keys whose numbers (times) identify no one.
const KEEP_NUMBER_KEYS: &[&str] = &["exp", "iat", "nbf", "auth_time", "updated_at", "ver"];

/// Rewrites the values of a JSON text: string values same-shape (keys kept), numbers with the
/// same digit count; structure, keys, literals and escapes unchanged.
fn json_values(cx: &mut Ctx<'_>, json: &str) -> String {
    let b = json.as_bytes();
    let mut out = String::with_capacity(json.len());
    let mut i = 0;
    let mut last_key = String::new();
    while i < b.len() {
        let c = b[i];
        if c == b'"' {
            // Find the end of the string.
            let mut j = i + 1;
            while j < b.len() && b[j] != b'"' {
                j += if b[j] == b'\\' { 2 } else { 1 };
            }
            let end = j.min(b.len());
            let inner = &json[i + 1..end.max(i + 1)];
            let mut k = end + 1;
            while k < b.len() && b[k].is_ascii_whitespace() {
                k += 1;
            }
            let is_key = k < b.len() && b[k] == b':';
            out.push('"');
            if is_key || KEEP_STRING_KEYS.contains(&last_key.as_str()) {
                out.push_str(inner);
                if is_key {
                    last_key.clear();
                    last_key.push_str(inner);
                }
            } else {
                let mut chars = inner.chars();
                while let Some(ch) = chars.next() {
                    if ch == '\\' {
                        out.push(ch);
                        if let Some(e) = chars.next() {
                            out.push(e);
                            if e == 'u' {
                                for _ in 0..4 {
                                    if let Some(h) = chars.next() {
                                        out.push(h);
                                    }
                                }
                            }
                        }
                    } else {
                        out.push(shape::same_class(cx.rng, ch, Alphabet::Free));
                    }
                }
            }
            if end < b.len() {
                out.push('"');
            }
            i = end + 1;
        } else if c.is_ascii_digit() {
            let mut j = i;
            while j < b.len() && b[j].is_ascii_digit() {
                j += 1;
            }
            let run = &json[i..j];
            if KEEP_NUMBER_KEYS.contains(&last_key.as_str()) {
                out.push_str(run);
            } else {
                out.push_str(&shape::redigit(cx.rng, run));
            }
            i = j;
        } else {
            let len = json[i..].chars().next().map_or(1, char::len_utf8);
            out.push_str(&json[i..i + len]);
            i += len;
        }
    }
    out
}

/// A PEM block with the same BEGIN/END lines, headers and line lengths, and a new body.
fn pem(cx: &mut Ctx<'_>, value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    let mut kept = 0usize;
    for line in value.split_inclusive('\n') {
        let body = line.trim_end_matches(['\r', '\n']);
        let eol = &line[body.len()..];
        if body.starts_with("-----") || body.contains(':') || body.trim().is_empty() {
            out.push_str(line);
            continue;
        }
        for ch in body.chars() {
            let keep = kept < 4;
            kept += 1;
            if keep || !(ch.is_ascii_alphanumeric() || ch == '+' || ch == '/') {
                out.push(ch);
            } else {
                out.push(from_set(cx.rng, B64STD) as char);
            }
        }
        out.push_str(eol);
    }
    out
}

/// `scheme://user:pass@host/…`: generic users stay, the password keeps its shape, the host
/// follows the host-name logic, the rest stays.
fn cred_url(cx: &mut Ctx<'_>, value: &str) -> String {
    let Some(i) = value.find("://") else {
        return net::reshape_pct(cx, value);
    };
    let (scheme, rest) = value.split_at(i + 3);
    let auth_end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
    let (auth, tail) = rest.split_at(auth_end);
    let (new_auth, _) = net::authority(cx, auth);
    let mut out = String::with_capacity(value.len() + 16);
    out.push_str(scheme);
    out.push_str(&new_auth);
    // Query values such as `password=` in the tail change shape too.
    match tail.split_once('?') {
        Some((path, query)) => {
            out.push_str(path);
            out.push('?');
            for part in query.split_inclusive('&') {
                let (p, sep) = match part.strip_suffix('&') {
                    Some(p) => (p, "&"),
                    None => (part, ""),
                };
                match p.split_once('=') {
                    Some((k, v)) if is_secret_key(k) => {
                        out.push_str(k);
                        out.push('=');
                        out.push_str(&net::reshape_pct(cx, v));
                    }
                    _ => out.push_str(p),
                }
                out.push_str(sep);
            }
        }
        None => out.push_str(tail),
    }
    out
}

fn is_secret_key(k: &str) -> bool {
    let k = k.to_ascii_lowercase();
    [
        "pass", "pwd", "secret", "token", "key", "sig", "auth", "user",
    ]
    .iter()
    .any(|w| k.contains(w))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64url_round_trip() {
        for n in 0..20 {
            let data: Vec<u8> = (0..n).map(|i| (i * 37 + 5) as u8).collect();
            let e = b64url_encode(&data);
            assert_eq!(b64url_decode(&e).unwrap(), data);
        }
        assert_eq!(b64url_encode(b"{\"a\""), "eyJhIg");
    }
}
