// National numbers and other identifiers written bare or with a national word in front, and
// the look-alikes that stay (issue 13, conformance core tier). Each case failed before.

use super::{found, has, keeps};
use crate::Kind;

#[test]
fn swedish_personnummer_is_not_shadowed_by_the_finnish_shape() {
    // `YYMMDD-NNNN` has the shape of a Finnish code with a digit for its check character.
    has("pnr 871220-2384", Kind::IdNumber, "871220-2384");
    // With the century the date and Luhn are enough on their own.
    has("199109242397 är mitt pnr.", Kind::IdNumber, "199109242397");
    keeps("order 199109242398 shipped", "199109242398");
}

#[test]
fn spanish_nif_with_seven_digits_and_aadhaar_with_colons() {
    has("NIF 1111111-G", Kind::IdNumber, "1111111-G");
    has("Aadhaar 3123:4567:8909", Kind::IdNumber, "3123:4567:8909");
    // A time is still a time.
    keeps("meet at 2024:11 sharp", "2024:11");
}

#[test]
fn national_words_of_the_corpus_languages() {
    has("Aadhaar: 4360 0238 1747", Kind::IdNumber, "4360 0238 1747");
    has("Teudat Zehut: 238457428", Kind::IdNumber, "238457428");
    has(
        "AHV-Nr. 756.9753.8401.25",
        Kind::IdNumber,
        "756.9753.8401.25",
    );
}

#[test]
fn korean_driving_licences_and_medicare_cards() {
    has("면허 11-22-123456-12", Kind::IdNumber, "11-22-123456-12");
    // No such region: neither a licence nor a phone.
    assert!(found("99-22-123456-12").is_empty());
    has("Medicare 2123 45670 1", Kind::IdNumber, "2123 45670 1");
    keeps("batch 2123 45670 2 done", "2123 45670 2");
}

#[test]
fn itins_bare_and_nine_digits_without_a_word_are_not_ssns() {
    has("911701234", Kind::IdNumber, "911701234");
    // Nine digits and nothing that says what they are: not read as an SSN any more.
    assert!(
        found("ref 421042111 x")
            .iter()
            .all(|(k, _)| *k != Kind::Ssn)
    );
    has("SSN 536228914", Kind::Ssn, "536228914");
    has("536-22-8914", Kind::Ssn, "536-22-8914");
}

#[test]
fn numbers_read_nationally_keep_the_trunk_prefix() {
    // A French or German number without its 0 is not how it is written there.
    assert!(
        found("ref 111 111 111").is_empty(),
        "{:?}",
        found("ref 111 111 111")
    );
    has("Tel. 0221 123456", Kind::Phone, "0221 123456");
    // Written like a phone (brackets) or said to be one: as before.
    has(
        "My colleague Max (3751333) will come",
        Kind::Phone,
        "(3751333)",
    );
    has("call me on 23781085", Kind::Phone, "23781085");
    // The Brazilian writing.
    has(
        "Deixei mensagem no 13 9682-5382",
        Kind::Phone,
        "13 9682-5382",
    );
}

#[test]
fn ip_addresses_in_odd_company() {
    has("192.168.1.1.1", Kind::IpAddress, "192.168.1.1");
    keeps("OID 1.3.6.1.4.1.311 is Microsoft", "1.3.6.1.4.1.311");
    has("text::ffff:192.0.2.1", Kind::IpAddress, "192.0.2.1");
    has("2001:db8::/9999", Kind::IpAddress, "2001:db8::");
}

#[test]
fn placeholders_with_a_date_are_not_korean_numbers() {
    keeps("1111111111111", "1111111111111");
}

#[test]
fn singapore_nric_by_its_shape_and_swedish_numbers_without_century() {
    has("NRIC S2740116C was processed", Kind::IdNumber, "S2740116C");
    // A mistyped check letter is still somebody's number.
    has("T1234567Z", Kind::IdNumber, "T1234567Z");
    keeps("PA12348L", "PA12348L");
    has("9201232387", Kind::IdNumber, "9201232387");
}

#[test]
fn a_phone_word_after_the_number_and_chinese_mobiles() {
    has(
        "On your CV you list 7220 2005 - is that still the best number?",
        Kind::Phone,
        "7220 2005",
    );
    has(
        "Left voicemail on 378069527 at 06:45.",
        Kind::Phone,
        "378069527",
    );
    has("联系 13912345678", Kind::Phone, "13912345678");
    keeps("order 12345678 is the number to quote", "12345678");
}

#[test]
fn codes_versions_and_plates_are_not_accounts_phones_or_cards() {
    keeps("Checking out 2051891 as detached HEAD", "2051891");
    keeps("SKU-DLB-8409,Ubiquiti U6 Lite,59", "DLB-8409");
    has("DL: D1234567", Kind::IdNumber, "D1234567");
    keeps("Upgraded Visa SDK to 10.0.19330.1445", "10.0.19330.1445");
    has("Call +61.8.9140.6251 today", Kind::Phone, "+61.8.9140.6251");
    keeps("Vehicle reg.: 086-83-639", "086-83-639");
    keeps("Ihr Zeichen: 1783/2022", "1783/2022");
    has(
        "Cuenta (CLABE): 506551755970882400",
        Kind::BankAccount,
        "506551755970882400",
    );
}

#[test]
fn a_setting_name_is_not_part_of_an_email() {
    has(
        "SMTP_USER=jane.doe@example.org",
        Kind::Email,
        "jane.doe@example.org",
    );
    keeps("SMTP_USER=jane.doe@example.org", "SMTP_USER");
}

#[test]
fn an_order_id_in_code_is_not_a_national_number() {
    keeps(
        "def parse_order_id(s: str) -> int:\n    \"\"\"'101-3543648' -> numeric part.\"\"\"",
        "101-3543648",
    );
    has("Customer ID: 1234567897", Kind::IdNumber, "1234567897");
}

#[test]
fn a_number_after_an_email_in_a_contact_line() {
    has(
        "# escalation contact: Monica Knudsen <monica.knudsen@example.com>, 43725329",
        Kind::Phone,
        "43725329",
    );
    // Only right after the address: not after another word.
    keeps("sent to ops@example.com, ticket 20240112", "20240112");
}
