//! The worst-case shapes of issue 16 (base64 and hex blobs, minified JSON, one endless line,
//! digit runs, one script, walls of capitalised words, `@` and `.` runs, one character or
//! whitespace repeated), small: detection and redaction never panic and every one restores
//! exactly. The shapes are those of the `worst` benchmark (`benches/src/worst.rs`); their
//! cost at 200,000 characters is measured there, not here.

#[path = "../../../benches/src/worst.rs"]
mod worst;

use redact::{RedactOptions, Redactor};

#[test]
fn worst_case_shapes_round_trip() {
    let redactor = Redactor::new().with_seed(7);
    let opts = RedactOptions::default();
    for &shape in worst::SHAPES {
        for chars in [0, 1, 17, 300, 2_000, 6_000] {
            let text = worst::document(shape, chars).expect("a known shape");
            assert_eq!(text.chars().count(), chars, "{shape} at {chars}");
            let findings = redactor.detector().detect(&text);
            for w in findings.windows(2) {
                assert!(
                    w[0].end <= w[1].start,
                    "{shape} at {chars}: overlapping findings"
                );
            }
            let r = redactor
                .redact(&text, &opts)
                .unwrap_or_else(|e| panic!("{shape} at {chars}: {e}"));
            assert_eq!(
                redactor.restore(&r.text, &r.map).text,
                text,
                "{shape} at {chars}: restore(redact(x)) != x"
            );
        }
    }
}

#[test]
fn unknown_shape_is_none() {
    assert!(worst::document("no-such-shape", 10).is_none());
}
