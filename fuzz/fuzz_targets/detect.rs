#![no_main]
//! Detection and redaction never panic, and restore(redact(x)) == x for any input.
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let findings = redact_detect::Detector::new().detect(text);
    for w in findings.windows(2) {
        assert!(w[0].end <= w[1].start);
    }
    let redactor = redact::Redactor::new().with_seed(1);
    let r = redactor.redact(text, &redact::RedactOptions::default()).expect("within limits");
    assert_eq!(redactor.restore(&r.text, &r.map).text, text);
});
