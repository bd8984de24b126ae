//! Property tests: any kind, rule, prefix length and value (empty, Unicode, huge) gives a
//! non-empty stand-in that differs from the value and does not occur in the original; stand-ins
//! of one instance never equal or (at 4 bytes and more) contain one another where a restore
//! could read the inner one (not glued to a letter or digit inside the outer one).

mod common;
use common::inside_at_edges;
use proptest::prelude::*;
use redact_entity::Kind;
use redact_surrogate::Surrogates;

const RULES: &[&str] = &[
    "email",
    "phone",
    "card",
    "iban",
    "aba",
    "ssn",
    "ipv4",
    "ipv6",
    "hostname",
    "url",
    "aws-access-key",
    "github-pat",
    "jwt",
    "private-key",
    "generic-secret",
    "credentials-url",
    "uk-nino",
    "nhs",
    "ca-sin",
    "in-aadhaar",
    "es-dni",
    "it-fiscal-code",
    "nl-bsn",
    "br-cpf",
    "uk-postcode",
    "us-zip",
    "street-address",
    "person",
    "",
];

fn rule() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => proptest::sample::select(RULES).prop_map(str::to_string),
        1 => "\\PC{0,12}",
    ]
}

fn value() -> impl Strategy<Value = String> {
    prop_oneof![
        "\\PC{0,40}",
        "[ -~]{0,64}",
        "[0-9 ()+.\\-]{0,24}",
        "[A-Za-z0-9._%+\\-]{1,16}@[a-z0-9\\-]{1,10}(\\.[a-z]{2,3}){1,2}",
        "[0-9a-fA-F:.\\[\\]/%]{0,40}",
        "(https?|ftp|postgres)://[a-z0-9:@.\\-]{1,20}(/[A-Za-z0-9%\\-]{0,8}){0,4}(\\?[a-z]=[a-z0-9]{0,6})?",
        "[A-Z][a-z]{1,8}( [A-Z]\\.?)?( [A-Z][a-z']{1,10}){0,2}",
        "eyJ[A-Za-z0-9_\\-]{0,20}\\.[A-Za-z0-9_\\-]{0,30}\\.[A-Za-z0-9_\\-]{0,10}",
        "-----BEGIN [A-Z ]{0,12}-----\n[A-Za-z0-9+/=\n]{0,80}\n-----END [A-Z ]{0,12}-----",
        "[0-9]{1,4}[A-Z]? [A-Z][a-z]{2,9} (Street|Road|Avenue|straße)(, [A-Z][a-z]{2,8})?",
        "\\PC{0,2000}",
    ]
}

fn lower(s: &str) -> String {
    s.to_ascii_lowercase()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 768, ..ProptestConfig::default() })]

    #[test]
    fn any_input_gives_a_usable_stand_in(
        kind in 0usize..Kind::ALL.len(),
        rule in rule(),
        kp in 0usize..80,
        value in value(),
        pre in "\\PC{0,40}",
        post in "\\PC{0,40}",
        in_text in any::<bool>(),
        seed in any::<u64>(),
    ) {
        let kind = Kind::ALL[kind];
        let text = if in_text { format!("{pre}{value}{post}") } else { format!("{pre}{post}") };
        let mut s = Surrogates::with_seed(seed);
        let out = s.stand_in(&text, kind, &rule, kp, &value);
        prop_assert!(!out.is_empty());
        prop_assert_ne!(lower(&out), lower(&value));
        prop_assert!(!lower(&text).contains(&lower(&out)), "{} in {:?}", out, text);
    }

    #[test]
    fn stand_ins_of_one_instance_stay_apart(
        calls in proptest::collection::vec((0usize..Kind::ALL.len(), value()), 1..24),
        seed in any::<u64>(),
    ) {
        let text: String = calls.iter().map(|c| c.1.as_str()).collect::<Vec<_>>().join(" | ");
        let mut s = Surrogates::with_seed(seed);
        let mut outs: Vec<String> = Vec::new();
        for (k, v) in &calls {
            let out = lower(&s.stand_in(&text, Kind::ALL[*k], "", 0, v));
            prop_assert!(!out.is_empty());
            prop_assert!(!lower(&text).contains(&out));
            for o in &outs {
                prop_assert_ne!(o, &out);
                if o.len() >= 4 && out.len() >= 4 {
                    prop_assert!(
                        !inside_at_edges(o, &out) && !inside_at_edges(&out, o),
                        "{} / {}",
                        o,
                        out
                    );
                }
            }
            outs.push(out);
        }
    }
}
