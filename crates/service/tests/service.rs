//! Service-level behaviour that needs no transport.

use std::sync::Arc;

use redact::{Detector, Finding, Recognizer, Redactor};
use redact_billing::Month;
use redact_service::{Config, Service};

/// A recogniser with a bug: it panics on every text.
struct Buggy;

impl Recognizer for Buggy {
    fn name(&self) -> &'static str {
        "buggy"
    }
    fn recognize(&self, text: &str, _: &[Finding], _: &mut Vec<Finding>) {
        panic!("bug while reading {text}");
    }
}

#[tokio::test]
async fn a_panic_in_redaction_is_a_503_and_is_not_counted() {
    let store = redact_billing::open("sqlite::memory:").await.unwrap();
    let account = store.create_account("a", "free", true, 0).await.unwrap();
    let key = store.create_key(&account.id, None).await.unwrap();
    let auth = format!("Bearer {}", key.key.expose());
    let service = Service::new(store.clone(), Config::default()).with_redactor(
        Redactor::new().with_detector(Detector::new().with_recognizer(Arc::new(Buggy))),
    );
    let prev = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    let short = service
        .redact(Some(&auth), br#"{"text":"Call +1 415 555 0132"}"#)
        .await
        .unwrap_err();
    // The long path runs on the blocking pool; it fails closed the same way.
    let long = serde_json::json!({ "text": "word ".repeat(10_000) }).to_string();
    let long = service
        .redact(Some(&auth), long.as_bytes())
        .await
        .unwrap_err();
    std::panic::set_hook(prev);
    for e in [short, long] {
        assert_eq!((e.status, e.code), (503, "redaction_unavailable"));
        assert!(!e.message.contains("415"), "{}", e.message);
    }
    let usage = service.usage(Some(&auth)).await.unwrap();
    assert_eq!(usage.requests_this_month, 0, "refunded");
    let a = store
        .account(&account.id, Month::now())
        .await
        .unwrap()
        .unwrap();
    assert_eq!(a.requests_this_month, 0);
}
