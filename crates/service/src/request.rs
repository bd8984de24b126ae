//! Request bodies: parsed from bytes with every bound applied, and every failure turned into
//! a 400 that names the field at fault, without quoting what was sent.

use std::collections::HashSet;
use std::fmt;

use redact::{Map, Profile};
use serde::Deserialize;
use serde::de::{self, Deserializer, MapAccess, SeqAccess, Visitor};

use crate::ApiError;

/// Bounds on what a request may carry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Entries in a `map`.
    pub max_map_entries: usize,
    /// Terms in `allow`.
    pub max_allow_terms: usize,
    /// Nesting depth of the JSON body.
    pub max_json_depth: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_map_entries: 10_000,
            max_allow_terms: 1_000,
            max_json_depth: 32,
        }
    }
}

/// The body of `POST /v1/redact`.
#[derive(Clone, Debug, Default)]
pub struct RedactRequest {
    /// The text to redact.
    pub text: String,
    /// A map from a previous call.
    pub map: Option<Map>,
    /// Terms to send as written.
    pub allow: Vec<String>,
    /// The end user's own details.
    pub profile: Option<Profile>,
    /// Refuse when the name check cannot decide.
    pub strict: bool,
}

/// The body of `POST /v1/restore`.
#[derive(Clone, Debug, Default)]
pub struct RestoreRequest {
    /// Usually a model's reply.
    pub text: String,
    /// The map of the matching redact call.
    pub map: Map,
}

#[derive(Deserialize)]
struct RedactWire {
    text: Option<String>,
    map: Option<WireMap>,
    allow: Option<Vec<String>>,
    profile: Option<ProfileWire>,
    strict: Option<bool>,
}

#[derive(Deserialize)]
struct ProfileWire {
    name: Option<String>,
    email: Option<String>,
    phone: Option<String>,
}

#[derive(Deserialize)]
struct RestoreWire {
    text: Option<String>,
    map: Option<WireMap>,
}

/// A JSON object of string values, kept as pairs so duplicate keys can be seen (a
/// `BTreeMap` would silently keep the last).
struct WireMap(Vec<(String, String)>);

impl<'de> Deserialize<'de> for WireMap {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = WireMap;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("an object of strings")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut a: A) -> Result<WireMap, A::Error> {
                let mut pairs = Vec::with_capacity(a.size_hint().unwrap_or(0).min(1024));
                while let Some((k, v)) = a.next_entry::<String, String>()? {
                    pairs.push((k, v));
                    // The hard bound; the configured one is checked after parsing.
                    if pairs.len() > 1_000_000 {
                        return Err(de::Error::custom("too many entries"));
                    }
                }
                Ok(WireMap(pairs))
            }
            fn visit_seq<A: SeqAccess<'de>>(self, _: A) -> Result<WireMap, A::Error> {
                Err(de::Error::invalid_type(de::Unexpected::Seq, &self))
            }
        }
        d.deserialize_map(V)
    }
}

/// What each field must be, for error messages.
fn expected(field: &str) -> &'static str {
    match field {
        "text" => "a string",
        "map" => "an object whose values are strings",
        "allow" => "an array of strings",
        "profile" => "an object with optional string fields name, email and phone",
        "strict" => "a boolean",
        _ => "of another type",
    }
}

/// Depth of the deepest nesting of arrays and objects, stopping early past `limit`.
fn json_depth_exceeds(body: &[u8], limit: usize) -> bool {
    let mut depth = 0usize;
    let mut in_string = false;
    let mut escaped = false;
    for &b in body {
        if in_string {
            if escaped {
                escaped = false;
            } else if b == b'\\' {
                escaped = true;
            } else if b == b'"' {
                in_string = false;
            }
            continue;
        }
        match b {
            b'"' => in_string = true,
            b'[' | b'{' => {
                depth += 1;
                if depth > limit {
                    return true;
                }
            }
            b']' | b'}' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    false
}

fn parse<'a, T: Deserialize<'a>>(body: &'a [u8], limits: &Limits) -> Result<T, ApiError> {
    if json_depth_exceeds(body, limits.max_json_depth) {
        return Err(ApiError::invalid(
            None,
            format!(
                "The body nests JSON deeper than {} levels.",
                limits.max_json_depth
            ),
        ));
    }
    // The common case, a valid body, without tracking the path (which costs an allocation
    // per field); only a body that fails is parsed again to name the field at fault.
    if let Ok(value) = serde_json::from_slice::<T>(body) {
        return Ok(value);
    }
    let mut de = serde_json::Deserializer::from_slice(body);
    let value: Result<T, _> = serde_path_to_error::deserialize(&mut de);
    let value = match value {
        Ok(v) => v,
        Err(e) => return Err(json_error(e)),
    };
    // Trailing characters after the object.
    de.end().map_err(|e| {
        ApiError::invalid(
            None,
            format!(
                "The body is not valid JSON (line {}, column {}).",
                e.line(),
                e.column()
            ),
        )
    })?;
    Ok(value)
}

fn json_error(e: serde_path_to_error::Error<serde_json::Error>) -> ApiError {
    {
        let field = e
            .path()
            .iter()
            .next()
            .and_then(|s| match s {
                serde_path_to_error::Segment::Map { key } => Some(key.clone()),
                _ => None,
            })
            .filter(|k| matches!(k.as_str(), "text" | "map" | "allow" | "profile" | "strict"));
        let inner = e.inner();
        match inner.classify() {
            serde_json::error::Category::Data => match field {
                Some(f) => {
                    let msg = format!("`{f}` must be {}.", expected(&f));
                    ApiError::invalid(Some(&f), msg)
                }
                None => ApiError::invalid(None, "The body must be a JSON object."),
            },
            _ => ApiError::invalid(
                None,
                format!(
                    "The body is not valid JSON (line {}, column {}).",
                    inner.line(),
                    inner.column()
                ),
            ),
        }
    }
}

fn build_map(wire: WireMap, limits: &Limits) -> Result<Map, ApiError> {
    if wire.0.len() > limits.max_map_entries {
        return Err(ApiError::invalid(
            Some("map"),
            format!(
                "`map` has {} entries; at most {} are accepted.",
                wire.0.len(),
                limits.max_map_entries
            ),
        ));
    }
    let mut seen = HashSet::with_capacity(wire.0.len());
    let mut map = Map::new();
    for (stand_in, real) in wire.0 {
        if stand_in.is_empty() {
            return Err(ApiError::invalid(
                Some("map"),
                "`map` has an empty stand-in (an empty key).",
            ));
        }
        if !seen.insert(stand_in.clone()) {
            return Err(ApiError::invalid(
                Some("map"),
                "`map` has the same stand-in (key) twice.",
            ));
        }
        map.insert(stand_in, real)
            .map_err(|e| ApiError::invalid(Some("map"), format!("`map` is invalid: {e}.")))?;
    }
    Ok(map)
}

fn required_text(text: Option<String>) -> Result<String, ApiError> {
    text.ok_or_else(|| ApiError::invalid(Some("text"), "`text` is required (a string)."))
}

impl RedactRequest {
    /// Parses and checks a `RedactRequest` body. Unknown fields are ignored; `null` counts
    /// as absent for the optional fields.
    pub fn parse(body: &[u8], limits: &Limits) -> Result<RedactRequest, ApiError> {
        let w: RedactWire = parse(body, limits)?;
        let text = required_text(w.text)?;
        let map = w.map.map(|m| build_map(m, limits)).transpose()?;
        let allow = w.allow.unwrap_or_default();
        if allow.len() > limits.max_allow_terms {
            return Err(ApiError::invalid(
                Some("allow"),
                format!(
                    "`allow` has {} terms; at most {} are accepted.",
                    allow.len(),
                    limits.max_allow_terms
                ),
            ));
        }
        let profile = w.profile.map(|p| Profile {
            name: p.name.filter(|s| !s.trim().is_empty()),
            email: p.email.filter(|s| !s.trim().is_empty()),
            phone: p.phone.filter(|s| !s.trim().is_empty()),
        });
        Ok(RedactRequest {
            text,
            map,
            allow,
            profile,
            strict: w.strict.unwrap_or(false),
        })
    }
}

impl RestoreRequest {
    /// Parses and checks a `RestoreRequest` body.
    pub fn parse(body: &[u8], limits: &Limits) -> Result<RestoreRequest, ApiError> {
        let w: RestoreWire = parse(body, limits)?;
        let text = required_text(w.text)?;
        let map = match w.map {
            Some(m) => build_map(m, limits)?,
            None => {
                return Err(ApiError::invalid(
                    Some("map"),
                    "`map` is required (the map of the matching redact call; it may be empty).",
                ));
            }
        };
        Ok(RestoreRequest { text, map })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn redact(body: &str) -> Result<RedactRequest, ApiError> {
        RedactRequest::parse(body.as_bytes(), &Limits::default())
    }

    #[test]
    fn fields_of_the_wrong_type_name_the_field() {
        for (body, param) in [
            (r#"{"text": 5}"#, "text"),
            (r#"{"text": "a", "strict": "yes"}"#, "strict"),
            (r#"{"text": "a", "map": []}"#, "map"),
            (r#"{"text": "a", "map": {"x": 1}}"#, "map"),
            (r#"{"text": "a", "allow": "x"}"#, "allow"),
            (r#"{"text": "a", "allow": [1]}"#, "allow"),
            (r#"{"text": "a", "profile": {"name": 3}}"#, "profile"),
            (r#"{"map": {}}"#, "text"),
            (r#"{"text": null}"#, "text"),
            (r#"{"text": "a", "map": {"": "x"}}"#, "map"),
            (r#"{"text": "a", "map": {"k": "x", "k": "x"}}"#, "map"),
        ] {
            let e = redact(body).unwrap_err();
            assert_eq!(e.status, 400, "{body}");
            assert_eq!(e.param.as_deref(), Some(param), "{body}");
            assert!(
                !e.message.contains("yes"),
                "no echo of values: {}",
                e.message
            );
        }
    }

    #[test]
    fn bodies_that_are_not_json_objects() {
        for body in [
            "",
            "nope",
            "[1]",
            "\"text\"",
            r#"{"text": "a"} trailing"#,
            "{",
        ] {
            let e = redact(body).unwrap_err();
            assert_eq!(
                (e.status, e.code, e.param),
                (400, "invalid_request", None),
                "{body}"
            );
        }
    }

    #[test]
    fn nesting_is_bounded_and_unknown_fields_ignored() {
        let deep = format!(r#"{{"text":"a","x":{}{}}}"#, "[".repeat(40), "]".repeat(40));
        assert_eq!(redact(&deep).unwrap_err().status, 400);
        let shallow = format!(r#"{{"text":"a","x":{}{}}}"#, "[".repeat(10), "]".repeat(10));
        assert_eq!(redact(&shallow).unwrap().text, "a");
        // Brackets inside strings are not nesting.
        let text = "[".repeat(100);
        let body = serde_json::json!({ "text": text }).to_string();
        assert_eq!(redact(&body).unwrap().text, text);
    }

    #[test]
    fn map_size_is_bounded() {
        let limits = Limits {
            max_map_entries: 3,
            ..Limits::default()
        };
        let ok = r#"{"text":"a","map":{"a":"1","b":"2","c":"3"}}"#;
        assert_eq!(
            RedactRequest::parse(ok.as_bytes(), &limits)
                .unwrap()
                .map
                .unwrap()
                .len(),
            3
        );
        let over = r#"{"text":"a","map":{"a":"1","b":"2","c":"3","d":"4"}}"#;
        let e = RedactRequest::parse(over.as_bytes(), &limits).unwrap_err();
        assert_eq!(e.param.as_deref(), Some("map"));
    }

    #[test]
    fn restore_needs_a_map_and_accepts_an_empty_one() {
        let ok = RestoreRequest::parse(br#"{"text":"hi","map":{}}"#, &Limits::default()).unwrap();
        assert!(ok.map.is_empty());
        let e = RestoreRequest::parse(br#"{"text":"hi"}"#, &Limits::default()).unwrap_err();
        assert_eq!(e.param.as_deref(), Some("map"));
    }
}
