//! Writes a synthetic service log of N bytes (default 100,000,000) to standard output, for
//! the `redact` command's throughput and memory on the input the issue names (a long log):
//! `cargo run --release -p redact-benches --example log_doc -- BYTES [USERS] [SEED] > log.txt`.
//!
//! Three line shapes, mixed: a web server's access line, an application's JSON line and an
//! authentication line. Each line is about one of `USERS` people (default 20,000; `0` gives
//! every line a new person, the worst case for the map: every value distinct), each with a
//! name, an e-mail address (most at a few public mail providers, the others at one of 300
//! invented firms' domains), a client IPv4 address and a phone number made from the seed;
//! request ids, times, paths, sizes and latencies vary on every line (not identifying). Given
//! names and surnames are common US ones (the Social Security Administration's and the 2010
//! census's public lists, facts in the public domain); domains are made up from syllables.

use std::io::Write;

/// xorshift64*: a fixed, seedable stream (no dependency).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }

    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.below(items.len() as u64) as usize]
    }
}

const ONSETS: &[&str] = &[
    "b", "br", "c", "ch", "d", "dr", "f", "g", "gr", "h", "j", "k", "l", "m", "n", "p", "r", "s",
    "sh", "st", "t", "th", "v", "w", "z",
];
const VOWELS: &[&str] = &["a", "e", "i", "o", "u", "ai", "ea", "io", "ou", "y"];
const CODAS: &[&str] = &["", "", "n", "r", "l", "s", "th", "m", "x", "nd", "rt", "ck"];
const GIVEN: &[&str] = &[
    "James",
    "Mary",
    "Robert",
    "Patricia",
    "John",
    "Jennifer",
    "Michael",
    "Linda",
    "David",
    "Elizabeth",
    "William",
    "Barbara",
    "Richard",
    "Susan",
    "Joseph",
    "Jessica",
    "Thomas",
    "Sarah",
    "Charles",
    "Karen",
    "Christopher",
    "Lisa",
    "Daniel",
    "Nancy",
    "Matthew",
    "Betty",
    "Anthony",
    "Sandra",
    "Mark",
    "Margaret",
    "Donald",
    "Ashley",
    "Steven",
    "Kimberly",
    "Andrew",
    "Emily",
    "Paul",
    "Donna",
    "Joshua",
    "Michelle",
];
const SURNAMES: &[&str] = &[
    "Smith",
    "Johnson",
    "Williams",
    "Brown",
    "Jones",
    "Garcia",
    "Miller",
    "Davis",
    "Rodriguez",
    "Martinez",
    "Hernandez",
    "Lopez",
    "Gonzalez",
    "Wilson",
    "Anderson",
    "Thomas",
    "Taylor",
    "Moore",
    "Jackson",
    "Martin",
    "Lee",
    "Perez",
    "Thompson",
    "White",
    "Harris",
    "Sanchez",
    "Clark",
    "Ramirez",
    "Lewis",
    "Robinson",
    "Walker",
    "Young",
    "Allen",
    "King",
    "Wright",
    "Scott",
    "Torres",
    "Nguyen",
    "Hill",
    "Flores",
];
const TLDS: &[&str] = &["com", "net", "org", "io", "co.uk", "de", "fr", "nl"];
const PATHS: &[&str] = &[
    "/api/v1/orders",
    "/api/v1/users/me",
    "/login",
    "/logout",
    "/checkout",
    "/api/v2/search",
    "/static/app.js",
    "/account/settings",
];
const AGENTS: &[&str] = &[
    "Mozilla/5.0 (X11; Linux x86_64) Gecko/20100101 Firefox/131.0",
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 Safari/605.1.15",
    "curl/8.5.0",
    "okhttp/4.12.0",
];

fn word(rng: &mut Rng, syllables: u64) -> String {
    let mut w = String::new();
    for _ in 0..syllables {
        w.push_str(rng.pick(ONSETS));
        w.push_str(rng.pick(VOWELS));
        w.push_str(rng.pick(CODAS));
    }
    w
}

struct Person {
    first: String,
    last: String,
    email: String,
    ip: String,
    phone: String,
}

const PROVIDERS: &[&str] = &[
    "gmail.com",
    "yahoo.com",
    "outlook.com",
    "hotmail.com",
    "icloud.com",
    "proton.me",
];

fn person(rng: &mut Rng, firms: &[String]) -> Person {
    let first = rng.pick(GIVEN).to_string();
    let last = rng.pick(SURNAMES).to_string();
    let domain = if rng.below(5) < 3 || firms.is_empty() {
        rng.pick(PROVIDERS).to_string()
    } else {
        firms[rng.below(firms.len() as u64) as usize].clone()
    };
    let email = match rng.below(3) {
        0 => format!(
            "{}.{}{}@{domain}",
            first.to_lowercase(),
            last.to_lowercase(),
            rng.below(1_000)
        ),
        1 => format!(
            "{}{}{}@{domain}",
            &first[..1].to_lowercase(),
            last.to_lowercase(),
            rng.below(100)
        ),
        _ => format!("{}_{}@{domain}", last.to_lowercase(), rng.below(10_000)),
    };
    let ip = format!(
        "{}.{}.{}.{}",
        11 + rng.below(212),
        rng.below(256),
        rng.below(256),
        1 + rng.below(254)
    );
    let phone = format!(
        "+1 {}-{}-{:04}",
        201 + rng.below(789),
        200 + rng.below(800),
        rng.below(10_000)
    );
    Person {
        first,
        last,
        email,
        ip,
        phone,
    }
}

fn line(rng: &mut Rng, p: &Person, out: &mut String) {
    let (d, h, m, s) = (
        1 + rng.below(28),
        rng.below(24),
        rng.below(60),
        rng.below(60),
    );
    let rid = format!("{:016x}{:016x}", rng.next(), rng.next());
    match rng.below(3) {
        0 => out.push_str(&format!(
            "{ip} - {email} [{d:02}/Nov/2026:{h:02}:{m:02}:{s:02} +0000] \"GET {path}?page={pg} HTTP/1.1\" {status} {size} \"{agent}\" rid={rid}\n",
            ip = p.ip,
            email = p.email,
            path = rng.pick(PATHS),
            pg = rng.below(50),
            status = [200, 200, 200, 304, 404, 500][rng.below(6) as usize],
            size = rng.below(90_000),
            agent = rng.pick(AGENTS),
        )),
        1 => out.push_str(&format!(
            "{{\"ts\":\"2026-11-{d:02}T{h:02}:{m:02}:{s:02}Z\",\"level\":\"info\",\"msg\":\"order placed\",\"user\":{{\"name\":\"{} {}\",\"email\":\"{}\",\"phone\":\"{}\"}},\"client_ip\":\"{}\",\"request_id\":\"{rid}\",\"latency_ms\":{}}}\n",
            p.first,
            p.last,
            p.email,
            p.phone,
            p.ip,
            rng.below(2_000),
        )),
        _ => out.push_str(&format!(
            "Nov {d:2} {h:02}:{m:02}:{s:02} web-{n} sshd[{pid}]: Accepted publickey for {} from {} port {port} ssh2: session for {} {} ({})\n",
            p.email.split('@').next().unwrap_or("user"),
            p.ip,
            p.first,
            p.last,
            p.phone,
            n = rng.below(8),
            pid = 1_000 + rng.below(60_000),
            port = 1_024 + rng.below(60_000),
        )),
    }
}

fn main() {
    let mut args = std::env::args().skip(1);
    let bytes: usize = args
        .next()
        .and_then(|a| a.parse().ok())
        .unwrap_or(100_000_000);
    let users: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(20_000);
    let seed: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(1);
    let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    let firms: Vec<String> = (0..300)
        .map(|_| format!("{}.{}", word(&mut rng, 2), rng.pick(TLDS)))
        .collect();
    let people: Vec<Person> = (0..users).map(|_| person(&mut rng, &firms)).collect();
    let stdout = std::io::stdout();
    let mut w = std::io::BufWriter::new(stdout.lock());
    let mut written = 0;
    let mut buf = String::new();
    while written < bytes {
        buf.clear();
        if people.is_empty() {
            let p = person(&mut rng, &firms);
            line(&mut rng, &p, &mut buf);
        } else {
            let p = &people[rng.below(people.len() as u64) as usize];
            line(&mut rng, p, &mut buf);
        }
        let take = buf.len().min(bytes - written);
        if w.write_all(&buf.as_bytes()[..take]).is_err() {
            return;
        }
        written += take;
    }
    let _ = w.flush();
}
