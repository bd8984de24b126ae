#![no_main]
//! Restore never panics for any text and any map.
use libfuzzer_sys::fuzz_target;

fuzz_target!(|input: (&str, Vec<(String, String)>)| {
    let (text, pairs) = input;
    let Ok(map) = redact_restore::Map::from_pairs(pairs) else { return };
    let _ = redact_restore::restore(text, &map);
});
