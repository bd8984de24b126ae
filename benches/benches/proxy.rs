//! What the proxy adds over calling the vendor directly, over real HTTP on loopback: a
//! 2 KB conversation to a fake OpenAI vendor, whole answer (time to the full answer) and
//! streamed (time to the first chunk), directly and through the gateway (authenticate,
//! meter on the embedded store, redact every message, translate, call, restore), and through
//! the service chat (`/v1/chat/completions`: count tokens, route, redact, hold on the
//! embedded store, call, restore, settle).
//! `cargo bench -p redact-benches --bench proxy`.
use std::sync::Arc;
use std::time::{Duration, Instant};

use bytes::Bytes;
use criterion::{Criterion, criterion_group, criterion_main};
use http::Method;
use redact_benches::mixed_document;
use redact_gateway::Gateway;
use redact_service::vendors::{Client as VendorClient, Endpoint, Timeouts, Vendor};
use redact_service::{ChatSettings, Config, Service, Vendors};
use redact_testkit::Client;
use redact_testkit::vendors::{FakeVendor, Kind, Script, test_key};
use serde_json::json;

struct Setup {
    direct: Client,
    proxy: Client,
    key: String,
    provider_key: String,
    body: String,
    _dir: tempfile::TempDir,
}

async fn setup() -> Setup {
    let fake = FakeVendor::start(
        Kind::OpenAi,
        Script::text("Sure, I will write to them today and call tomorrow morning.").pieces(8),
    )
    .await;
    let dir = tempfile::tempdir().unwrap();
    let store =
        redact_service::billing::open(&format!("sqlite:{}", dir.path().join("b.db").display()))
            .await
            .unwrap();
    let vendors = Vendors::new(
        VendorClient::new(Timeouts::default()).unwrap(),
        [(Vendor::OpenAi, Endpoint::new(&fake.base_url).unwrap())],
    );
    let service = Service::new(
        store.clone(),
        Config {
            rate_limit_per_minute: 1_000_000_000,
            ..Config::default()
        },
    )
    .with_vendors(vendors)
    .with_chat(ChatSettings::default().with_key(Vendor::OpenAi, test_key("svc-")));
    service.warm_up();
    redact_service::plans::warm_up_tokenizer();
    let gw = Gateway::bind("127.0.0.1:0".parse().unwrap(), Arc::new(service), 8 << 20)
        .await
        .unwrap();
    let proxy = Client::new(gw.local_addr());
    tokio::spawn(gw.run(std::future::pending()));
    let account = store
        .create_account("bench", "free", true, 1_000_000_000_000)
        .await
        .unwrap();
    let key = store.create_key(&account.id, None).await.unwrap();
    // About 2 KB of conversation: four turns cut from the mixed corpus.
    let doc = mixed_document(2_000);
    let quarter = doc.len() / 4;
    let mut cut = Vec::new();
    let mut start = 0;
    for i in 1..=4 {
        let mut end = if i == 4 {
            doc.len()
        } else {
            (quarter * i).min(doc.len())
        };
        while !doc.is_char_boundary(end) {
            end += 1;
        }
        cut.push(doc[start..end].to_string());
        start = end;
    }
    let body = json!({
        "model": "gpt-4o-mini",
        "messages": [
            {"role": "system", "content": cut[0]},
            {"role": "user", "content": cut[1]},
            {"role": "assistant", "content": cut[2]},
            {"role": "user", "content": cut[3]},
        ]
    })
    .to_string();
    Setup {
        direct: Client::new(fake.addr),
        proxy,
        key: key.key.expose().clone(),
        provider_key: test_key("vk-"),
        body,
        _dir: dir,
    }
}

/// A measured case: its label, client, path, our key, other headers and body.
type Case<'a> = (
    &'a str,
    &'a Client,
    &'a str,
    Option<&'a str>,
    &'a [(&'a str, &'a str)],
    &'a str,
);

/// One call: the whole answer, or (`stream`) only up to its first chunk. Panics unless 2xx.
async fn call(
    client: &Client,
    path: &str,
    key: Option<&str>,
    headers: &[(&str, &str)],
    body: &str,
    stream: bool,
) {
    let body = Bytes::from(body.to_string());
    let status = if stream {
        client
            .first_piece(Method::POST, path, key, headers, body)
            .await
            .0
    } else {
        client
            .send(Method::POST, path, key, headers, body)
            .await
            .status
    };
    assert!(status.is_success());
}

fn proxy(c: &mut Criterion) {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let s = rt.block_on(setup());
    let auth = format!("Bearer {}", s.provider_key);
    let mut g = c.benchmark_group("proxy");
    g.measurement_time(Duration::from_secs(8));
    let stream_body = s.body.replace("\"model\"", "\"stream\":true,\"model\"");
    let chat_body = s.body.replace("gpt-4o-mini", "service-auto");
    let chat_stream_body = stream_body.replace("gpt-4o-mini", "service-auto");
    for (name, stream) in [("whole", false), ("first_chunk", true)] {
        let body = if stream { &stream_body } else { &s.body };
        let chat_body = if stream {
            &chat_stream_body
        } else {
            &chat_body
        };
        let provider = [("x-provider-key", s.provider_key.as_str())];
        let direct = [("authorization", auth.as_str())];
        let cases: [Case; 3] = [
            (
                "chat",
                &s.proxy,
                "/v1/chat/completions",
                Some(&s.key),
                &[],
                chat_body,
            ),
            (
                "direct",
                &s.direct,
                "/v1/chat/completions",
                None,
                &direct,
                body,
            ),
            (
                "proxy",
                &s.proxy,
                "/v1/proxy/chat/completions",
                Some(&s.key),
                &provider,
                body,
            ),
        ];
        for (label, client, path, key, headers, body) in cases {
            g.bench_function(format!("{label}_{name}"), |b| {
                b.iter_custom(|iters| {
                    rt.block_on(async {
                        let start = Instant::now();
                        for _ in 0..iters {
                            call(client, path, key, headers, body, stream).await;
                        }
                        start.elapsed()
                    })
                })
            });
        }
    }
    g.finish();
}

criterion_group!(benches, proxy);
criterion_main!(benches);
