// Positive and negative cases for every kind the rules detect, including look-alikes that
// must stay, and properties of the detector as a whole.

use proptest::prelude::*;

use super::{found, has, keeps};
use crate::{Detector, Finding, Kind, resolve};

#[track_caller]
fn none(text: &str) {
    let f = found(text);
    assert!(f.is_empty(), "expected nothing in {text:?}, found {f:?}");
}

#[test]
fn emails() {
    has(
        "mail jane.doe+news@mail.example.co.uk now",
        Kind::Email,
        "jane.doe+news@mail.example.co.uk",
    );
    has("Jane <jane@x.io>", Kind::Email, "jane@x.io");
    has("JANE.DOE@EXAMPLE.COM", Kind::Email, "JANE.DOE@EXAMPLE.COM");
    has(
        "\"quoted..local\"@example.com",
        Kind::Email,
        "\"quoted..local\"@example.com",
    );
    has("jeff葉@臺網中心.tw", Kind::Email, "jeff葉@臺網中心.tw");
    keeps("my email is info@presidio.", "info@presidio.");
    none("this is not an email: hello-world here");
}

#[test]
fn phones_international_and_national() {
    has(
        "call +44 20 7946 0958 today",
        Kind::Phone,
        "+44 20 7946 0958",
    );
    has("call +1-415-555-0132.", Kind::Phone, "+1-415-555-0132");
    has("tel: (415) 867-2210", Kind::Phone, "(415) 867-2210");
    has("Ruf an: 030 23125 678", Kind::Phone, "030 23125 678");
    has("appelez le 01 42 68 53 00", Kind::Phone, "01 42 68 53 00");
    has("mobile 0612345678", Kind::Phone, "0612345678");
    has("bel 020 123 4567", Kind::Phone, "020 123 4567");
    has("phone 02 9374 4000", Kind::Phone, "02 9374 4000");
    has("+91 98765 43210", Kind::Phone, "+91 98765 43210");
    has("+34 912 345 678", Kind::Phone, "+34 912 345 678");
    has("+39 06 6982 1234", Kind::Phone, "+39 06 6982 1234");
    // National forms of ES, IT, IN, AU, DE, NL, CA.
    has("llame al 912 345 678", Kind::Phone, "912 345 678");
    has("tel. 06 6982 1234", Kind::Phone, "06 6982 1234");
    has("mobile 098765 43210", Kind::Phone, "098765 43210");
    has("tel 0412 345 678", Kind::Phone, "0412 345 678");
    has("Telefon 089 12345678", Kind::Phone, "089 12345678");
    has("bel 06 12345678", Kind::Phone, "06 12345678");
    has("phone 613-555-0199", Kind::Phone, "613-555-0199");
    // A bracket that closes after the country code is the number's; one that wraps the whole
    // number is the prose's.
    has("(+358) 035626424", Kind::Phone, "(+358) 035626424");
    has(
        "Trinidad (+1-868) 625-1234",
        Kind::Phone,
        "(+1-868) 625-1234",
    );
    has(
        "session for Kim Clark (+1 985-896-2946)",
        Kind::Phone,
        "+1 985-896-2946",
    );
    has("Ina Zālīte (+371 64702136)", Kind::Phone, "+371 64702136");
}

#[test]
fn dates_times_versions_orders_are_not_phones() {
    none("on 2024-01-15 at 10:30:15");
    none("released 12/10/2026 and 15.01.2024");
    none("Version 1.2.3 and build 10.15.7");
    none("order 4155550132 shipped");
    none("Invoice 0207946095 is due");
    none("total $1234.56 or 1,234,567 items");
    // A clause boundary ends the context: the "$" does not make the phone an amount.
    has(
        "paid $ 20; (415) 867-2210 for questions",
        Kind::Phone,
        "(415) 867-2210",
    );
}

#[test]
fn street_addresses_and_postcodes() {
    // The street with its number and unit is one finding, the postcode another (each gets
    // its own stand-in); the city stays.
    for (t, street, pc) in [
        (
            "ship to 221B Baker Street, London NW1 6XE please",
            "221B Baker Street",
            "NW1 6XE",
        ),
        (
            "Flat 4, 12 Cranmer Road, London SW9 6EJ",
            "Flat 4, 12 Cranmer Road",
            "SW9 6EJ",
        ),
        (
            "1600 Pennsylvania Avenue NW? no: 350 Fifth Avenue, New York, NY 10118",
            "350 Fifth Avenue",
            "10118",
        ),
        (
            "123 Main St, Apt 5B\nSpringfield, IL 62704",
            "123 Main St, Apt 5B",
            "62704",
        ),
        ("Hauptstraße 5, 10115 Berlin", "Hauptstraße 5", "10115"),
        (
            "12 rue de la Paix, 75002 Paris",
            "12 rue de la Paix",
            "75002",
        ),
        ("Calle Mayor 10, 28013 Madrid", "Calle Mayor 10", "28013"),
        (
            "Keizersgracht 123, 1015 CJ Amsterdam",
            "Keizersgracht 123",
            "1015 CJ",
        ),
        ("Via Roma 1, 00184 Roma", "Via Roma 1", "00184"),
    ] {
        has(t, Kind::StreetAddress, street);
        has(t, Kind::Postcode, pc);
    }
    has("postcode CR2 6XH", Kind::Postcode, "CR2 6XH");
    has("From SW1A 1AA to EC1A 1BB", Kind::Postcode, "EC1A 1BB");
    has("Toronto ON M5V 3L9", Kind::Postcode, "M5V 3L9");
    has("Springfield, IL 62704", Kind::Postcode, "62704");
    has("ZIP code 94107-1234", Kind::Postcode, "94107-1234");
    keeps("QA1 1AA", "QA1 1AA");
    keeps("we shipped 94107 units", "94107");
}

#[test]
fn cards_luhn_and_issuer() {
    has(
        "card 4111 1111 1111 1111",
        Kind::CardNumber,
        "4111 1111 1111 1111",
    );
    has(
        "5555-5555-5555-4444",
        Kind::CardNumber,
        "5555-5555-5555-4444",
    );
    has("amex 378282246310005", Kind::CardNumber, "378282246310005");
    has("6011000400000000", Kind::CardNumber, "6011000400000000");
    keeps(
        "my credit card number is 4012-8888-8888-1882",
        "4012-8888-8888-1882",
    );
    keeps("4111 1111 1111 1112", "4111 1111 1111 1112");
}

#[test]
fn bank_accounts() {
    has(
        "IBAN DE89 3704 0044 0532 0130 00.",
        Kind::BankAccount,
        "DE89 3704 0044 0532 0130 00",
    );
    has(
        "GB82WEST12345698765432",
        Kind::BankAccount,
        "GB82WEST12345698765432",
    );
    has(
        "AL47212110090000000235698741 ALL CAPS",
        Kind::BankAccount,
        "AL47212110090000000235698741",
    );
    keeps("GB82 WEST 1234 5698 7654 33", "GB82 WEST 1234 5698 7654 33");
    has("routing number 021000021", Kind::BankAccount, "021000021");
    has("Account number: 12345678", Kind::BankAccount, "12345678");
    has("sort code 12-34-56", Kind::BankAccount, "12-34-56");
    keeps("ticket 421042111", "421042111");
}

#[test]
fn ssns() {
    has("SSN 536-22-8914", Kind::Ssn, "536-22-8914");
    has("078-05-1123", Kind::Ssn, "078-05-1123");
    has("abc 078 05 1123 abc", Kind::Ssn, "078 05 1123");
    has("my ssn is 536228914", Kind::Ssn, "536228914");
    keeps("666-12-3456", "666-12-3456");
    keeps("000-12-3456", "000-12-3456");
    keeps("078-05-0000", "078-05-0000");
    keeps("900-12-3456 is never issued", "900-12-3456");
}

#[test]
fn id_numbers() {
    has("NINO AB 12 34 56 C", Kind::IdNumber, "AB 12 34 56 C");
    has("NHS number 943 476 5919", Kind::IdNumber, "943 476 5919");
    has("SIN 046 454 286", Kind::IdNumber, "046 454 286");
    has("Aadhaar 2341 2341 2346", Kind::IdNumber, "2341 2341 2346");
    has("DNI 12345678Z", Kind::IdNumber, "12345678Z");
    has("NIE X1234567L", Kind::IdNumber, "X1234567L");
    has("CF RSSMRA85T10A562S", Kind::IdNumber, "RSSMRA85T10A562S");
    has("passport number: 533380006", Kind::IdNumber, "533380006");
    has("Driver's license: D1234567", Kind::IdNumber, "D1234567");
    has("Member #: 8812-3341", Kind::IdNumber, "8812-3341");
    has("Patient ID: MRN-20931", Kind::IdNumber, "MRN-20931");
    keeps("NHS number 943 476 5910", "943 476 5910");
    keeps("the public license covers it", "license");
}

#[test]
fn ip_addresses() {
    has("from 10.4.17.23:51234", Kind::IpAddress, "10.4.17.23:51234");
    has("net 192.168.0.0/16", Kind::IpAddress, "192.168.0.0/16");
    has("(192.168.1.1)", Kind::IpAddress, "192.168.1.1");
    has("Loopback ::1", Kind::IpAddress, "::1");
    has(
        "2001:0db8:85a3:0000:0000:8a2e:0370:7334",
        Kind::IpAddress,
        "2001:0db8:85a3:0000:0000:8a2e:0370:7334",
    );
    has(
        "Tunnel to 2001:db8::10.0.0.1",
        Kind::IpAddress,
        "2001:db8::10.0.0.1",
    );
    has("fe80::1%eth0 up", Kind::IpAddress, "fe80::1%eth0");
    has("Prefix: 2001:db8::/32", Kind::IpAddress, "2001:db8::/32");
    keeps("Version 1.2.3", "1.2.3");
    keeps("192.168.1.256", "192.168.1.256");
    keeps("std::cout << x", "std::cout");
    keeps("MAC address aa:bb:cc:dd:ee:ff", "aa:bb:cc:dd:ee:ff");
    keeps("at 10:30:45 sharp", "10:30:45");
}

#[test]
fn hostnames_and_links() {
    has(
        "ssh db-01.prod.acme-corp.internal now",
        Kind::Hostname,
        "db-01.prod.acme-corp.internal",
    );
    has("printer.local", Kind::Hostname, "printer.local");
    has("nas.home.arpa", Kind::Hostname, "nas.home.arpa");
    has(
        "deploy to db-01.prod.acme-corp.net",
        Kind::Hostname,
        "db-01.prod.acme-corp.net",
    );
    has(
        "see https://acme-corp.com/users/priya-raman?ref=mail.",
        Kind::Url,
        "https://acme-corp.com/users/priya-raman?ref=mail",
    );
    has(
        "(https://example.org/a_(b))",
        Kind::Url,
        "https://example.org/a_(b)",
    );
    has(
        "ftp://files.example.org/pub/x.tar.gz",
        Kind::Url,
        "ftp://files.example.org/pub/x.tar.gz",
    );
    has("www.example.com/path", Kind::Url, "www.example.com/path");
    keeps("www.microsoft", "www.microsoft");
    keeps("open config.yaml and main.rs, e.g. self.app", "config.yaml");
    keeps("Node.js and e.g. this", "Node.js");
}

#[test]
fn a_link_with_an_email_is_replaced_whole() {
    let t = "https://x.example.com/?email=jane@x.io&id=7";
    assert_eq!(found(t), vec![(Kind::Url, t.to_string())]);
}

#[test]
fn resolve_prefers_specific_then_longer() {
    let text = "aaaaaaaaaaaaaaaaaaaa";
    let a = Finding::new(0, 10, Kind::Hostname, "h");
    let b = Finding::new(5, 12, Kind::Email, "e");
    let c = Finding::new(12, 20, Kind::Postcode, "p");
    let d = Finding::new(12, 18, Kind::Postcode, "p");
    let r = resolve(vec![a, b.clone(), c.clone(), d]);
    assert_eq!(r, vec![b, c]);
    let _ = text;
    // A link that contains a more specific finding wins whole.
    let url = Finding::new(0, 30, Kind::Url, "url");
    let email = Finding::new(10, 20, Kind::Email, "email");
    assert_eq!(resolve(vec![email, url.clone()]), vec![url]);
}

struct Fixed;
impl crate::Recognizer for Fixed {
    fn name(&self) -> &'static str {
        "fixed"
    }
    fn recognize(&self, text: &str, _rules: &[Finding], out: &mut Vec<Finding>) {
        if let Some(i) = text.find("Priya") {
            out.push(Finding::new(i, i + 5, Kind::Person, "test"));
        }
        // Out of range and off char boundaries: dropped, never a panic.
        out.push(Finding::new(0, text.len() + 10, Kind::Person, "bad"));
    }
}

#[test]
fn recognisers_plug_in_and_bad_spans_are_dropped() {
    let d = Detector::new().with_recognizer(std::sync::Arc::new(Fixed));
    let t = "Priya at jane@x.io";
    let f: Vec<Kind> = d.detect(t).iter().map(|f| f.kind).collect();
    assert_eq!(f, vec![Kind::Person, Kind::Email]);
}

proptest! {
    #[test]
    fn findings_are_sorted_disjoint_and_on_char_boundaries(text in "\\PC{0,300}") {
        let f = Detector::new().detect(&text);
        for w in f.windows(2) {
            prop_assert!(w[0].end <= w[1].start);
        }
        for x in &f {
            prop_assert!(x.start < x.end && text.is_char_boundary(x.start) && text.is_char_boundary(x.end));
        }
    }

    #[test]
    fn digit_heavy_text_never_panics(text in "[0-9 +().:/-]{0,200}") {
        let _ = Detector::new().detect(&text);
    }
}

/// Base64url characters from a fixed generator: fixtures are built at test time, never
/// written out as live-looking secrets.
fn b64url(n: usize, seed: u64) -> String {
    const A: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    let mut x = seed;
    (0..n)
        .map(|_| {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            A[(x >> 58) as usize] as char
        })
        .collect()
}

#[test]
fn a_generic_assignment_of_a_known_format_takes_the_provider_rule() {
    let jwt = format!(
        "eyJ{}.eyJ{}.{}",
        b64url(17, 1),
        b64url(40, 2),
        b64url(43, 3)
    );
    for text in [
        format!("SECRET_TOKEN={jwt}"),
        format!("auth_token: \"{jwt}\""),
    ] {
        let f = Detector::new().detect(&text);
        assert_eq!(f.len(), 1, "{f:?}");
        assert_eq!(
            (f[0].kind, f[0].rule, f[0].slice(&text)),
            (Kind::ApiKey, "jwt", jwt.as_str())
        );
    }
}

proptest! {
    /// Resolving cluster by cluster keeps what one priority order over every finding kept.
    #[test]
    fn resolve_by_clusters_matches_one_global_order(
        spans in proptest::collection::vec((0usize..120, 0usize..25, 0usize..6), 0..60),
    ) {
        let kinds = [
            Kind::Url,
            Kind::StreetAddress,
            Kind::Email,
            Kind::Person,
            Kind::Postcode,
            Kind::Phone,
        ];
        let found: Vec<Finding> = spans
            .iter()
            .map(|&(s, l, k)| Finding::new(s, s + l, kinds[k], "p"))
            .collect();
        prop_assert_eq!(resolve(found.clone()), crate::resolve_whole(found));
    }
}
