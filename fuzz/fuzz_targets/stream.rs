#![no_main]
//! Streaming restore emits exactly what batch restore emits, for any split.
use libfuzzer_sys::fuzz_target;

fuzz_target!(|input: (&str, Vec<(String, String)>, Vec<u8>)| {
    let (text, pairs, cuts) = input;
    let Ok(map) = redact_restore::Map::from_pairs(pairs) else { return };
    let batch = redact_restore::restore(text, &map).text;
    let mut s = redact_stream::StreamRestorer::from_map(&map);
    let mut out = String::new();
    let mut rest = text;
    for c in cuts {
        if rest.is_empty() {
            break;
        }
        let mut at = usize::from(c) % (rest.len() + 1);
        while !rest.is_char_boundary(at) {
            at -= 1;
        }
        out.push_str(&s.push(&rest[..at]));
        rest = &rest[at..];
    }
    out.push_str(&s.push(rest));
    out.push_str(&s.finish());
    assert_eq!(out, batch);
});
