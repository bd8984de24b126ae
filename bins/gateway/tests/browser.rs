//! The console in a real browser: headless Chromium driven over WebDriver (`chromedriver`)
//! through the playground, usage and key pages of a running `redact-gateway`, including
//! text that tries to inject markup.
//!
//! Needs Chromium and its driver (Debian: `apt-get install chromium chromium-driver`);
//! `CHROMEDRIVER` and `CHROME` name them when they are not in the usual places. Without them
//! the tests say SKIPPED and pass. `REDACT_SCREENSHOTS=DIR` writes a PNG of each page there
//! (that is how the pictures of docs/console.md are made).

use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use fantoccini::{Client, ClientBuilder, Locator};
use redact_testkit::process::Spawned;
use serde_json::{Value, json};

const BIN: &str = env!("CARGO_BIN_EXE_redact-gateway");
/// A test token: long enough, and plainly not a secret.
const TOKEN: &str = "test-admin-token-not-a-secret";
/// Markup that must reach the page as text, never as elements or script.
const INJECTION: &str =
    r#"<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script><b>bold</b>"#;

fn first_existing(env: &str, candidates: &[&str]) -> Option<PathBuf> {
    if let Some(p) = std::env::var_os(env) {
        let p = PathBuf::from(p);
        return p.is_file().then_some(p);
    }
    for c in candidates {
        let p = Path::new(c);
        if p.is_file() {
            return Some(p.to_path_buf());
        }
        if !c.contains('/')
            && let Some(paths) = std::env::var_os("PATH")
        {
            for dir in std::env::split_paths(&paths) {
                let full = dir.join(c);
                if full.is_file() {
                    return Some(full);
                }
            }
        }
    }
    None
}

/// chromedriver and the browser, or `None` (with a SKIPPED line) when either is missing.
fn browser() -> Option<(PathBuf, PathBuf)> {
    let driver = first_existing(
        "CHROMEDRIVER",
        &[
            "chromedriver",
            "/usr/bin/chromedriver",
            "/usr/lib/chromium/chromedriver",
        ],
    );
    let chrome = first_existing(
        "CHROME",
        &[
            "/usr/lib/chromium/chromium",
            "/usr/bin/chromium",
            "chromium",
            "chromium-browser",
            "google-chrome",
        ],
    );
    match (driver, chrome) {
        (Some(d), Some(c)) => Some((d, c)),
        _ => {
            eprintln!(
                "SKIPPED: the console's browser tests need Chromium and chromedriver \
                 (Debian: apt-get install chromium chromium-driver; or set CHROME and CHROMEDRIVER)"
            );
            None
        }
    }
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port")
}

/// A chromedriver process, killed on drop.
struct Driver {
    child: Child,
    url: String,
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn start_driver(path: &Path) -> Driver {
    let port = free_port();
    let child = Command::new(path)
        .arg(format!("--port={port}"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("chromedriver starts");
    let deadline = Instant::now() + Duration::from_secs(20);
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(Instant::now() < deadline, "chromedriver did not listen");
        std::thread::sleep(Duration::from_millis(50));
    }
    Driver {
        child,
        url: format!("http://127.0.0.1:{port}"),
    }
}

async fn session(driver: &Driver, chrome: &Path, width: u32, height: u32) -> Client {
    let mut caps = serde_json::Map::new();
    caps.insert(
        "goog:chromeOptions".into(),
        json!({
            "binary": chrome.to_string_lossy(),
            "args": [
                "--headless=new",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-dev-shm-usage",
                "--no-first-run",
                "--disable-extensions",
                format!("--window-size={width},{height}"),
            ],
        }),
    );
    let connector = hyper_util::client::legacy::connect::HttpConnector::new();
    ClientBuilder::new(connector)
        .capabilities(caps)
        .connect(&driver.url)
        .await
        .expect("a WebDriver session")
}

/// Runs `script` (a JS expression) until it is truthy, for up to 10 s.
async fn until(c: &Client, what: &str, script: &str) {
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let v = c
            .execute(&format!("return Boolean({script});"), vec![])
            .await
            .expect("script runs");
        if v == Value::Bool(true) {
            return;
        }
        assert!(Instant::now() < deadline, "timed out waiting for {what}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

async fn js(c: &Client, script: &str) -> Value {
    c.execute(script, vec![]).await.expect("script runs")
}

async fn type_into(c: &Client, id: &str, text: &str) {
    let e = c.find(Locator::Id(id)).await.expect(id);
    e.clear().await.expect("clear");
    e.send_keys(text).await.expect("typing");
}

async fn click(c: &Client, id: &str) {
    c.find(Locator::Id(id))
        .await
        .expect(id)
        .click()
        .await
        .expect("click");
}

async fn text_of(c: &Client, id: &str) -> String {
    js(
        c,
        &format!("return document.getElementById('{id}').textContent;"),
    )
    .await
    .as_str()
    .unwrap_or_default()
    .to_string()
}

async fn screenshot(c: &Client, name: &str) {
    if let Some(dir) = std::env::var_os("REDACT_SCREENSHOTS") {
        let png = c.screenshot().await.expect("a screenshot");
        std::fs::write(Path::new(&dir).join(name), png).expect("the screenshot is written");
    }
}

/// No markup of ours ran or became an element, and nothing was kept outside the tab.
async fn nothing_injected(c: &Client) {
    assert_eq!(js(c, "return typeof window.__pwned;").await, "undefined");
    assert_eq!(
        js(
            c,
            "return document.querySelectorAll('main img, main script, main b').length;"
        )
        .await,
        0
    );
    assert_eq!(js(c, "return document.cookie;").await, "");
    assert_eq!(js(c, "return window.localStorage.length;").await, 0);
}

/// At phone width nothing needs sideways scrolling.
async fn fits(c: &Client, page: &str) {
    let overflow = js(
        c,
        "return document.documentElement.scrollWidth - document.documentElement.clientWidth;",
    )
    .await;
    if overflow.as_i64().unwrap_or(1) > 0 {
        let wide = js(
            c,
            "const w = document.documentElement.clientWidth; \
             return [...document.querySelectorAll('body *')] \
               .filter(e => e.getBoundingClientRect().right > w + 0.5) \
               .map(e => e.tagName + '#' + e.id + '.' + e.className).slice(0, 12);",
        )
        .await;
        panic!("{page} overflows by {overflow} px: {wide}");
    }
}

fn gateway(dir: &Path) -> (Spawned, String) {
    let url = format!("sqlite:{}", dir.join("redact.db").display());
    let gw = Spawned::start(
        BIN,
        &["serve"],
        &[
            ("REDACT_DATABASE_URL", &url),
            ("REDACT_LISTEN", "127.0.0.1:0"),
            ("REDACT_LOG", "info"),
            ("REDACT_ADMIN_TOKEN", TOKEN),
        ],
    );
    let key = gw
        .stdout_line(|l| l.starts_with("rk_"), Duration::from_secs(10))
        .expect("the first key");
    (gw, key)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn playground_usage_and_keys_in_a_browser() {
    let Some((driver_path, chrome)) = browser() else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let (gw, key) = gateway(dir.path());
    let base = format!("http://{}", gw.addr);
    let driver = start_driver(&driver_path);
    let c = session(&driver, &chrome, 1100, 1000).await;

    // --- Playground ------------------------------------------------------------------------
    c.goto(&format!("{base}/#playground")).await.unwrap();
    until(&c, "the page", "document.getElementById('redact-btn')").await;
    type_into(&c, "api-key", &key).await;
    let text = format!(
        "Patient: Jane Doe\nMail jane.doe@example.org or call +1 415 555 0132.\n{INJECTION}"
    );
    type_into(&c, "text", &text).await;
    click(&c, "redact-btn").await;
    until(
        &c,
        "the result",
        "!document.getElementById('result').hidden",
    )
    .await;
    nothing_injected(&c).await;
    // The markup came back as text, character for character.
    let shown = text_of(&c, "redacted").await;
    assert!(shown.contains(INJECTION), "{shown}");
    let visible = c
        .find(Locator::Id("redacted"))
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(!visible.contains("jane.doe@example.org"), "{visible}");
    // Stand-ins are marked by kind; the real value is in the mark, shown on focus.
    let kinds = js(
        &c,
        "return [...document.querySelectorAll('#redacted .standin')].map(m => m.dataset.kind);",
    )
    .await;
    let kinds: Vec<&str> = kinds
        .as_array()
        .unwrap()
        .iter()
        .filter_map(Value::as_str)
        .collect();
    assert!(kinds.contains(&"email"), "{kinds:?}");
    assert!(kinds.contains(&"phone"), "{kinds:?}");
    let email_mark = c
        .find(Locator::Css("#redacted .standin.kind-email"))
        .await
        .unwrap();
    let real = email_mark.find(Locator::Css(".real")).await.unwrap();
    assert!(
        !real.is_displayed().await.unwrap(),
        "hidden until hover or focus"
    );
    js(
        &c,
        "document.querySelector('#redacted .standin.kind-email').focus();",
    )
    .await;
    assert!(real.is_displayed().await.unwrap(), "shown on focus");
    assert_eq!(
        js(
            &c,
            "return document.querySelector('#redacted .standin.kind-email .real').textContent;"
        )
        .await,
        "jane.doe@example.org"
    );
    let count: usize = text_of(&c, "count").await.parse().unwrap();
    let rows = c
        .find_all(Locator::Css("#map-table tbody tr"))
        .await
        .unwrap();
    assert_eq!(rows.len(), count);
    assert!(count >= 2);
    assert_eq!(text_of(&c, "names-decided").await, "yes");
    // The key is in this tab's session storage, nowhere else.
    assert_eq!(
        js(&c, "return sessionStorage.getItem('redact.apiKey');").await,
        key.as_str()
    );
    screenshot(&c, "console-playground.png").await;

    // Restore a reply written with the stand-ins.
    let stand_in = js(
        &c,
        "return document.querySelector('#redacted .standin.kind-email').firstChild.textContent;",
    )
    .await;
    let reply = format!(
        "I will write to {} today. {INJECTION}",
        stand_in.as_str().unwrap()
    );
    type_into(&c, "reply", &reply).await;
    click(&c, "restore-btn").await;
    until(
        &c,
        "the restored text",
        "document.getElementById('restored').textContent.length > 0",
    )
    .await;
    assert_eq!(
        text_of(&c, "restored").await,
        format!("I will write to jane.doe@example.org today. {INJECTION}")
    );
    nothing_injected(&c).await;

    // The keyboard alone: Ctrl+Enter in the text redacts again.
    type_into(&c, "text", "Call +1 415 555 0199").await;
    let field = c.find(Locator::Id("text")).await.unwrap();
    field.send_keys("\u{E009}\u{E007}\u{E000}").await.unwrap();
    until(
        &c,
        "the second redaction",
        "!document.getElementById('redacted').textContent.includes('Patient')",
    )
    .await;

    // --- Usage -----------------------------------------------------------------------------
    click(&c, "nav-usage").await;
    until(
        &c,
        "the usage figures",
        "!document.getElementById('usage-figures').hidden",
    )
    .await;
    assert_eq!(text_of(&c, "usage-tier").await, "free");
    // Two redactions and one restore so far.
    assert_eq!(text_of(&c, "usage-requests").await, "3 of 50000 included");
    assert_eq!(
        js(&c, "return document.getElementById('usage-bar').value;").await,
        3
    );
    assert_eq!(text_of(&c, "usage-balance").await, "0.00 USD");
    screenshot(&c, "console-usage.png").await;

    // --- Accounts and keys -----------------------------------------------------------------
    click(&c, "nav-keys").await;
    until(
        &c,
        "the keys page",
        "!document.getElementById('keys').hidden",
    )
    .await;
    type_into(&c, "admin-token", TOKEN).await;
    let name = format!("Acme {INJECTION}");
    type_into(&c, "new-account-name", &name).await;
    js(
        &c,
        "document.getElementById('new-account-balance').value = '12.5';",
    )
    .await;
    click(&c, "create-account").await;
    until(
        &c,
        "the new account",
        "!document.getElementById('account').hidden",
    )
    .await;
    assert_eq!(text_of(&c, "account-name").await, name);
    nothing_injected(&c).await;
    type_into(&c, "key-limit", "3").await;
    click(&c, "key-create").await;
    until(
        &c,
        "the new key",
        "!document.getElementById('new-key').hidden",
    )
    .await;
    let new_key = text_of(&c, "new-key-value").await;
    assert!(new_key.starts_with("rk_"), "{new_key}");
    until(
        &c,
        "the key list",
        "document.querySelectorAll('#keys-table tbody tr').length === 1",
    )
    .await;
    let row = text_of(&c, "keys-table").await;
    assert!(row.contains("active") && row.contains("3.00 USD"), "{row}");
    assert!(!row.contains(&new_key), "the list never holds a key");
    // The new key works against the API.
    let api = redact_testkit::Client::new(gw.addr);
    assert_eq!(api.get("/v1/usage", Some(&new_key)).await.status, 200);
    // API access off, then the key is refused with 402.
    click(&c, "account-access-toggle").await;
    until(
        &c,
        "access off",
        "document.getElementById('account-details').textContent.includes('API accessoff')",
    )
    .await;
    let r = api
        .post("/v1/redact", Some(&new_key), &json!({"text": "hi"}))
        .await;
    assert_eq!(r.status, 402);
    screenshot(&c, "console-keys.png").await;
    // Revoked after a confirmation; the key stops working.
    c.find(Locator::Css("#keys-table button.revoke"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    c.accept_alert().await.unwrap();
    until(
        &c,
        "the revoked key",
        "document.getElementById('keys-table').textContent.includes('revoked')",
    )
    .await;
    assert_eq!(api.get("/v1/usage", Some(&new_key)).await.status, 401);
    // A wrong admin token is refused with a message.
    type_into(&c, "admin-token", "not-the-token-at-all").await;
    type_into(&c, "account-lookup", "default").await;
    click(&c, "account-load").await;
    until(
        &c,
        "the refusal",
        "!document.getElementById('keys-error').hidden",
    )
    .await;
    assert!(
        text_of(&c, "keys-error")
            .await
            .contains("REDACT_ADMIN_TOKEN")
    );
    assert_eq!(
        js(&c, "return sessionStorage.getItem('redact.adminToken');").await,
        "not-the-token-at-all"
    );
    nothing_injected(&c).await;
    c.close().await.unwrap();

    // --- Phone width -----------------------------------------------------------------------
    let c = session(&driver, &chrome, 390, 844).await;
    for page in ["playground", "usage", "keys"] {
        c.goto(&format!("{base}/#{page}")).await.unwrap();
        until(
            &c,
            "the page",
            &format!("!document.getElementById('{page}').hidden"),
        )
        .await;
        fits(&c, page).await;
    }
    c.close().await.unwrap();
    gw.stop();
}
