// Worst-case inputs (issue 16): shapes that no corpus document has at length, each built
// deterministically to a given number of characters. Also included by
// `crates/redact/tests/worst_case.rs` (small versions, round trip) and written out by the
// `worst_doc` example (benchmarks, fuzz seeds).

/// The shapes, by name, in the order the benchmark and the docs list them.
pub const SHAPES: &[&str] = &[
    "base64-line",
    "base64-wrapped",
    "hex",
    "json-minified",
    "endless-line",
    "digits",
    "digits-dashed",
    "cjk",
    "cyrillic",
    "thai",
    "arabic",
    "title-words",
    "caps-words",
    "at-dots",
    "one-char",
    "whitespace",
];

/// A small deterministic generator (xorshift64*), so the inputs are the same on every run.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn pick<'a>(&mut self, from: &[&'a str]) -> &'a str {
        from[self.below(from.len())]
    }
}

/// The input of shape `name` cut to `chars` characters (at a char boundary); `None` for a
/// name not in [`SHAPES`].
pub fn document(name: &str, chars: usize) -> Option<String> {
    document_seeded(name, chars, 0)
}

/// [`document`] drawn with another seed: the same shape, other characters. Timed runs use a
/// fresh seed each, as requests would bring: the lazy DFAs keep the states a text made them
/// build, so the same random blob twice costs far less the second time.
pub fn document_seeded(name: &str, chars: usize, seed: u64) -> Option<String> {
    let mut r = Rng((0x9E37_79B9_7F4A_7C15 ^ name.len() as u64)
        .wrapping_add(seed.wrapping_mul(0xA076_1D64_78BD_642F))
        | 1);
    let mut s = String::with_capacity(chars * 3 + 64);
    // Appends pieces until the text holds `chars` characters (counted as it grows).
    let fill = |s: &mut String, r: &mut Rng, f: &mut dyn FnMut(&mut String, &mut Rng)| {
        let mut count = s.chars().count();
        while count < chars {
            let before = s.len();
            f(s, r);
            count += s[before..].chars().count();
        }
    };
    const B64: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    const HEX: &[u8] = b"0123456789abcdef";
    match name {
        "base64-line" => {
            s.extend((0..chars).map(|_| B64[r.below(64)] as char));
        }
        "base64-wrapped" => {
            for i in 0..chars {
                s.push(if i % 77 == 76 {
                    '\n'
                } else {
                    B64[r.below(64)] as char
                });
            }
        }
        "hex" => {
            s.extend((0..chars).map(|_| HEX[r.below(16)] as char));
        }
        "json-minified" => {
            const FIRST: &[&str] = &[
                "Ada", "Bruno", "Chiara", "Dmitri", "Emeka", "Fatima", "Goran",
            ];
            const LAST: &[&str] = &["Lovelace", "Silva", "Rossi", "Ivanov", "Okafor", "Haddad"];
            const CITY: &[&str] = &["Lisbon", "Turin", "Lagos", "Kyiv", "Austin", "Osaka"];
            s.push('[');
            let mut i = 0u32;
            fill(&mut s, &mut r, &mut |s, r| {
                if i > 0 {
                    s.push(',');
                }
                i += 1;
                let (f, l) = (r.pick(FIRST), r.pick(LAST));
                s.push_str(&format!(
                    "{{\"id\":{},\"name\":\"{f} {l}\",\"email\":\"{}.{}@example.com\",\
                     \"phone\":\"+1-202-555-{:04}\",\"city\":\"{}\",\"active\":{},\
                     \"score\":{}.{:02},\"tags\":[\"a{}\",\"b{}\"],\"token\":\"{:016x}\"}}",
                    1000 + i,
                    f.to_lowercase(),
                    l.to_lowercase(),
                    r.below(10_000),
                    r.pick(CITY),
                    r.below(2) == 1,
                    r.below(100),
                    r.below(100),
                    r.below(50),
                    r.below(50),
                    r.next(),
                ));
            });
        }
        "endless-line" => {
            const WORDS: &[&str] = &[
                "the",
                "report",
                "was",
                "sent",
                "to",
                "Maria",
                "on",
                "Tuesday",
                "and",
                "she",
                "said",
                "that",
                "revenue",
                "grew",
                "by",
                "12%",
                "in",
                "Q3,",
                "call",
                "me",
                "at",
                "+44 20 7946 0321",
                "or",
                "mail",
                "jane@example.org;",
                "order",
                "#4471",
                "shipped",
                "from",
                "Berlin",
                "(see",
                "ticket",
                "ABC-123)",
                "version",
                "2.4.1",
                "—",
                "thanks!",
                "Dr.",
                "Smith",
                "will",
                "review",
                "it.",
                "The",
                "IP",
                "is",
                "192.0.2.44",
                "and",
                "the",
                "date",
                "2026-11-02.",
                "Name:",
                "Phone:",
                "id=4471",
                "email:",
                "|",
                "key:",
                "\"city\":",
                "Mr",
                "Jones",
                "lives",
                "at",
                "12",
                "High",
                "Street,",
                "London",
                "SW1A 1AA.",
            ];
            fill(&mut s, &mut r, &mut |s, r| {
                s.push_str(r.pick(WORDS));
                s.push(' ');
            });
        }
        "digits" => {
            s.extend((0..chars).map(|_| (b'0' + r.below(10) as u8) as char));
        }
        "digits-dashed" => {
            fill(&mut s, &mut r, &mut |s, r| {
                for _ in 0..4 {
                    s.push((b'0' + r.below(10) as u8) as char);
                }
                s.push('-');
            });
        }
        "cjk" => {
            // Han with a little kana and CJK punctuation, no spaces.
            fill(&mut s, &mut r, &mut |s, r| {
                let c = match r.below(20) {
                    0 => '。',
                    1 => '、',
                    2..=4 => char::from_u32(0x3041 + r.below(80) as u32).unwrap_or('あ'),
                    _ => char::from_u32(0x4E00 + r.below(3000) as u32).unwrap_or('中'),
                };
                s.push(c);
            });
        }
        "cyrillic" => {
            fill(&mut s, &mut r, &mut |s, r| {
                let len = 2 + r.below(9);
                for k in 0..len {
                    let base = if k == 0 && r.below(4) == 0 {
                        0x410
                    } else {
                        0x430
                    };
                    s.push(char::from_u32(base + r.below(32) as u32).unwrap_or('а'));
                }
                s.push_str(if r.below(12) == 0 { ". " } else { " " });
            });
        }
        "thai" => {
            // Thai is written without spaces between words; a space between phrases.
            fill(&mut s, &mut r, &mut |s, r| {
                for _ in 0..(5 + r.below(30)) {
                    s.push(char::from_u32(0x0E01 + r.below(0x2E) as u32).unwrap_or('ก'));
                }
                s.push(' ');
            });
        }
        "arabic" => {
            fill(&mut s, &mut r, &mut |s, r| {
                for _ in 0..(2 + r.below(7)) {
                    s.push(char::from_u32(0x0628 + r.below(0x1A) as u32).unwrap_or('ب'));
                }
                s.push_str(if r.below(12) == 0 { "، " } else { " " });
            });
        }
        "title-words" | "caps-words" => {
            const NATO: &[&str] = &[
                "Alpha", "Bravo", "Charlie", "Delta", "Echo", "Foxtrot", "Golf", "Hotel", "India",
                "Juliett", "Kilo", "Lima", "Mike", "November", "Oscar", "Papa", "Quebec", "Romeo",
                "Sierra", "Tango", "Uniform", "Victor", "Whiskey", "Xray", "Yankee", "Zulu",
                "Maria", "Jones", "Berlin", "Street",
            ];
            let caps = name == "caps-words";
            fill(&mut s, &mut r, &mut |s, r| {
                let w = r.pick(NATO);
                if caps {
                    s.push_str(&w.to_uppercase());
                } else {
                    s.push_str(w);
                }
                s.push(' ');
            });
        }
        "at-dots" => {
            const PARTS: &[&str] = &[
                "a@b ", "a@b.c ", "x.y@z ", "@.", ".@", "a.b.c ", "@@", ".. ",
            ];
            fill(&mut s, &mut r, &mut |s, r| s.push_str(r.pick(PARTS)));
        }
        "one-char" => {
            s.extend(std::iter::repeat_n('a', chars));
        }
        "whitespace" => {
            fill(&mut s, &mut r, &mut |s, r| {
                s.push([' ', ' ', ' ', '\t', '\n'][r.below(5)]);
            });
        }
        _ => return None,
    }
    let cut = s.char_indices().nth(chars).map_or(s.len(), |(b, _)| b);
    s.truncate(cut);
    Some(s)
}
