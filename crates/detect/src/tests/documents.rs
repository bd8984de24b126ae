// Values where real documents put them: table columns with and without a header, JSON and
// YAML keys, `.env` and logfmt pairs, form labels in several languages, inline labels,
// phones in phone context, and the look-alikes that stay beside them. Each case failed
// before the structure view and the context rules (issue 13).

use super::{found, has, keeps};
use crate::Kind;

#[test]
fn a_csv_header_names_its_columns_in_several_languages() {
    let t = "Nachname;Telefon;PLZ;Kontonummer\nWeiß;06221 583114;69117;0532013000\nKrüger;0170 1234567;10115;1234567890\n";
    has(t, Kind::Phone, "06221 583114");
    has(t, Kind::Postcode, "69117");
    has(t, Kind::BankAccount, "0532013000");
    has(t, Kind::Person, "Krüger");
    let t = "id,ssn,mobile\n1,536228914,319-274-5531\n2,078051120,(415) 555-0132\n";
    has(t, Kind::Ssn, "536228914");
    has(t, Kind::Phone, "319-274-5531");
    has(t, Kind::Ssn, "078051120");
}

#[test]
fn a_headerless_row_is_split_at_its_commas() {
    // The comma-joined digits are two values, not one run.
    let t = "a,(415) 555-0132,4716307965404615\nb,(212) 555-0199,5425233430109903\n";
    has(t, Kind::Phone, "(415) 555-0132");
    has(t, Kind::CardNumber, "4716307965404615");
    has(t, Kind::CardNumber, "5425233430109903");
}

#[test]
fn keys_of_records_and_configs() {
    has(
        "{\"mobile\": \"319-274-5531\"}",
        Kind::Phone,
        "319-274-5531",
    );
    has("  postcode: LT-33649\n", Kind::Postcode, "LT-33649");
    has(
        "customer:\n  national_id: \"2 82 02 93 008 647 82\"\n",
        Kind::IdNumber,
        "2 82 02 93 008 647 82",
    );
    has("SMTP_PASS=Tiger@55?\n", Kind::ApiKey, "Tiger@55?");
    has(
        "Context: host=nas05 client=85.182.14.133\n",
        Kind::Hostname,
        "nas05",
    );
    has(
        "GET /api/v1/customers?email=jose.garcia%40live.com HTTP/1.1",
        Kind::Email,
        "jose.garcia%40live.com",
    );
    has(
        "server = ldaps://db-03.dev.orbital.internal:636\n",
        Kind::Hostname,
        "db-03.dev.orbital.internal",
    );
}

#[test]
fn form_labels_and_their_separators() {
    has(
        "Téléphone : 06.12.34.56.78\n",
        Kind::Phone,
        "06.12.34.56.78",
    );
    has("Mobile - 07700 914382\n", Kind::Phone, "07700 914382");
    has("Nr paszportu #200058701\n", Kind::IdNumber, "200058701");
    has(
        "Police / Policy: POL-32199131\n",
        Kind::IdNumber,
        "POL-32199131",
    );
    has(
        "Tel: 030 1234567 | Fax: 030 1234568\n",
        Kind::Phone,
        "030 1234568",
    );
    has(
        "my Personnummer is 911228-6472 if you need it",
        Kind::IdNumber,
        "911228-6472",
    );
}

#[test]
fn phones_in_phone_context_and_their_extensions() {
    has(
        "call (551)755-9708x824 after five",
        Kind::Phone,
        "(551)755-9708x824",
    );
    has(
        "Customer called from 935-640-5112, verified.",
        Kind::Phone,
        "935-640-5112",
    );
    has(
        "contact us at 00420 607 660 112, quoting",
        Kind::Phone,
        "00420 607 660 112",
    );
    has(
        "meine nummer ist +43 7426 31559 245",
        Kind::Phone,
        "+43 7426 31559 245",
    );
    has(
        "you can call me on (+358) 247490932",
        Kind::Phone,
        "(+358) 247490932",
    );
}

#[test]
fn bank_details_written_together() {
    has(
        "please use my new account BSB 406-670 Acc 17245916 from next month",
        Kind::BankAccount,
        "BSB 406-670 Acc 17245916",
    );
}

#[test]
fn every_bsb_pair_of_a_text_is_joined() {
    let t = "Old: BSB 406-670 Acc 17245916. New: BSB: 032-000 account 12345678, \
             ref 9921-442-118 and card 4111 1111 1111 1111.";
    let d = crate::Detector::new();
    let joined: Vec<&str> = d
        .detect(t)
        .iter()
        .filter(|f| f.rule == "au-bsb-account")
        .map(|f| f.slice(t))
        .collect();
    assert_eq!(
        joined,
        ["BSB 406-670 Acc 17245916", "BSB: 032-000 account 12345678"]
    );
}

#[test]
fn hosts_where_logs_and_configs_put_them() {
    has(
        "Dec 10 09:02:17 app09 postfix/smtpd[3843]: connect",
        Kind::Hostname,
        "app09",
    );
    has(
        "path = \\\\fileserver02\\shared\\finance",
        Kind::Hostname,
        "fileserver02",
    );
    has(
        "Worknote: cleared lockout on sql06, client version 18.3.14.",
        Kind::Hostname,
        "sql06",
    );
    has(
        "Asset: AMS-SRV04  IP: 172.21.218.215",
        Kind::Hostname,
        "AMS-SRV04",
    );
    has(
        "      - \"print12:172.21.251.144\"",
        Kind::IpAddress,
        "172.21.251.144",
    );
    keeps("upgrade to App10 and PC12-Pro", "App10");
}

#[test]
fn look_alikes_under_their_labels_stay() {
    keeps(
        "order_id,phone\n2023-111892,0255 596 658\n4471203,0255 596 659\n",
        "2023-111892",
    );
    keeps("Order ID: #3404614\n", "3404614");
    keeps(
        "def parse_order_id(s):\n    \"\"\"'ORD-2020-294871' -> numeric part\"\"\"",
        "2020-294871",
    );
    keeps(
        "INFO scheduler - job nightly-export next run at 2024-05-16 12:10 AM",
        "2024-05-16 12:10",
    );
    keeps(
        "\"POST /account/reset-password HTTP/1.1\" 301 11416 \"-\"",
        "301 11416",
    );
    keeps(
        "raise ValueError(f\"bad {contact.email}\")",
        "contact.email",
    );
    // A cache key is no secret.
    keeps("cache:\n  CACHE_KEY: \"deps-482d490\"\n", "deps-482d490");
    // `conto` (an account word) does not start `contoso`.
    keeps(
        "Jan  3 02:15:21 mail.corp.contoso.local postfix/smtpd[1507]: 8300897455: client=unknown",
        "8300897455",
    );
    // `tel` starts `telegram` but is no phone cue there.
    let t = "telegram_api_token = \"93706484:Ahelloa1p8u43k\"";
    assert!(
        found(t).iter().all(|(k, _)| *k != Kind::Phone),
        "{:?}",
        found(t)
    );
    // Header cells are labels, and a product under a name key is no person.
    keeps(
        "Pedido,Alta,Nombre completo,Teléfono\n1,2024-01-02,Ana Ruiz,912 345 678\n",
        "Alta",
    );
    keeps(
        "{\"product\": \"Herman Miller Aeron\", \"qty\": 2}",
        "Herman Miller Aeron",
    );
}

#[test]
fn a_label_that_holds_only_names_takes_names_that_are_words_and_lower_case() {
    let t = "{\"first_name\": \"Rune\", \"lastname\": \"Contractor\", \"fname\": \"Spas\"}";
    has(t, Kind::Person, "Rune");
    has(t, Kind::Person, "Contractor");
    has(t, Kind::Person, "Spas");
    has("Given name: neja", Kind::Person, "neja");
    has("Name - vjekoslav rajn", Kind::Person, "vjekoslav rajn");
    // A generic label keeps its checks: a product under `name` stays.
    keeps("{\"name\": \"Nespresso Vertuo\"}", "Nespresso Vertuo");
}

/// A long text is read on several threads; the findings are those of one thread (tokens
/// found beside the rules keep the rules' reading where both read one), and a recogniser
/// that reads the rule findings still gets them.
#[test]
fn a_long_text_read_on_several_threads_gives_the_findings_of_one() {
    use std::sync::{Arc, Mutex};
    struct Counts(Mutex<Vec<usize>>);
    impl crate::Recognizer for Counts {
        fn name(&self) -> &'static str {
            "counts"
        }
        fn recognize(
            &self,
            _: &str,
            rule_findings: &[crate::Finding],
            _: &mut Vec<crate::Finding>,
        ) {
            self.0.lock().unwrap().push(rule_findings.len());
        }
    }
    let lines = [
        "Dear Ms Weiß, please call me on 06221 583114 or mail anna.weiss@example.de.",
        "id,ssn,mobile\n{i},536228914,319-274-5531",
        "{{\"name\": \"Jane Doe\", \"card\": \"4716307965404615\", \"ip\": \"10.0.{i}.7\"}}",
        "2026-03-0{d} 10:15:22 INFO user=jdoe token=ghp_{i}aBcDeFgHiJkLmNoPqRsTuVwXyZ01234 host=db12.corp",
        "Kerkstraat {i}, 1017 GC Amsterdam — Hauptstraße 5a, 10115 Berlin",
        "Version 4.{i}.2 shipped; order #{i}88123 is on its way.",
        "I rotated the API key. Old: Qz{i}Fk2mZ7xR4pL8vN3tB6wY1s New: sk-Lm{i}9Qw2Er4Ty6Ui8Op0AsDf",
    ];
    let mut text = String::new();
    let mut i = 0;
    while text.len() < 3 * super::super::PARALLEL_MIN {
        let line = lines[i % lines.len()]
            .replace("{i}", &(i * 7919 % 1000).to_string())
            .replace("{d}", &(1 + i % 9).to_string())
            .replace("{{", "{")
            .replace("}}", "}");
        text.push_str(&line);
        text.push('\n');
        i += 1;
    }
    let counts = Arc::new(Counts(Mutex::new(Vec::new())));
    let d = crate::Detector::new().with_recognizer(counts.clone());
    let serial = d.detect_timed(&text, &mut |_| {});
    let parallel = d.detect(&text);
    assert!(serial.len() > 500, "{}", serial.len());
    assert_eq!(serial, parallel);
    assert_eq!(d.detect_on_this_thread(&text), serial);
    // Both thread layouts, whatever this machine's cores (the text needs no normalising).
    let view = d.detect_timed_view(&text, &mut |_| {});
    assert_eq!(view, serial);
    assert_eq!(d.detect_two_threads(&text), view);
    assert_eq!(d.detect_three_threads(&text), view);
    let c = counts.0.lock().unwrap();
    assert_eq!(c.len(), 6);
    assert!(c[0] > 500 && c.iter().all(|&n| n == c[0]), "{c:?}");
}
