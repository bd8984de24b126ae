//! Per-part search times of the rules over a file, fresh then warm; with `LIST=1` each
//! pattern's part and length first; with `SINGLE=K` the fresh and warm time of each pattern
//! of part K compiled alone instead:
//! `cargo run --release -p redact-detect --example parts -- FILE`.
use regex_automata::meta::Regex;
use regex_automata::util::syntax;
use regex_automata::{Input, MatchKind};

fn main() {
    let path = std::env::args().nth(1).unwrap_or_default();
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let d = redact_detect::Detector::rules_only();
    if let Some(k) = std::env::var("SINGLE")
        .ok()
        .and_then(|k| k.parse::<usize>().ok())
    {
        for (part, pat) in d.rule_patterns() {
            if part != k {
                continue;
            }
            let re = Regex::builder()
                .syntax(syntax::Config::new().utf8(true).unicode(true))
                .configure(Regex::config().match_kind(MatchKind::LeftmostFirst))
                .build(&pat)
                .expect("compiles");
            let run = || {
                let t = std::time::Instant::now();
                let mut pos = 0;
                let mut n = 0;
                while pos < text.len() {
                    match re.search(&Input::new(&text).span(pos..text.len())) {
                        Some(m) => {
                            n += 1;
                            pos = m.end().max(pos + 1);
                            while !text.is_char_boundary(pos) {
                                pos += 1;
                            }
                        }
                        None => break,
                    }
                }
                (t.elapsed(), n)
            };
            let (first, n) = run();
            let (warm, _) = run();
            println!(
                "{first:>12.3?} {warm:>12.3?} {n:>6}  {}",
                &pat[..pat.len().min(90)]
            );
        }
        return;
    }
    if std::env::var_os("LIST").is_some() {
        for (part, pat) in d.rule_patterns() {
            println!("{part} {:>6} {}", pat.len(), &pat[..pat.len().min(100)]);
        }
    }
    for (i, (n, first, warm)) in d.rule_part_timings(&text).into_iter().enumerate() {
        println!("part {i}: {n:>4} patterns, fresh {first:?}, warm {warm:?}");
    }
}
