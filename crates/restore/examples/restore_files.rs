//! Restore of a text with a map read from files, for instruction counts without building the
//! whole workspace: `cargo run --release -p redact-restore --example restore_files -- DIR
//! [RUNS] [MODE]`, where `DIR` holds `restore_text.txt` and `restore_map.json` (written by
//! `redact-benches`' `restore_profile … dump=DIR`).
//!
//! MODE `restore` (default) times `restore_once`, `compile` times `compile_once`, `small`
//! times `small_once` (compile and restore a 1 KB slice with the map of the stand-ins in it).
//! `valgrind --tool=callgrind --toggle-collect='restore_files::restore_once' …` counts one
//! function's instructions.

use std::hint::black_box;
use std::time::Instant;

use redact_restore::{Map, Restored, Restorer};

#[inline(never)]
fn restore_once(restorer: &Restorer, text: &str) -> Restored {
    restorer.restore(black_box(text))
}

#[inline(never)]
fn compile_once(map: &Map) -> Restorer {
    Restorer::new(black_box(map))
}

#[inline(never)]
fn small_once(text: &str, map: &Map) -> Restored {
    Restorer::new(black_box(map)).restore(black_box(text))
}

fn fail(what: &str) -> ! {
    eprintln!("{what}");
    std::process::exit(1);
}

fn main() {
    let mut args = std::env::args().skip(1);
    let dir = args
        .next()
        .unwrap_or_else(|| fail("usage: restore_files DIR [RUNS] [MODE]"));
    let runs: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(20);
    let mode = args.next().unwrap_or_else(|| "restore".into());
    let text = std::fs::read_to_string(format!("{dir}/restore_text.txt"))
        .unwrap_or_else(|_| fail("no restore_text.txt"));
    let map: Map = std::fs::read_to_string(format!("{dir}/restore_map.json"))
        .ok()
        .and_then(|s| serde_json::from_str(&s).ok())
        .unwrap_or_else(|| fail("no valid restore_map.json"));
    let (text, map) = if mode == "small" {
        let mut start = text.len() / 3;
        while !text.is_char_boundary(start) {
            start += 1;
        }
        let mut end = (start + 1024).min(text.len());
        while !text.is_char_boundary(end) {
            end += 1;
        }
        let slice = &text[start..end];
        let pairs: Vec<(&str, &str)> = map.iter().filter(|(s, _)| slice.contains(*s)).collect();
        let small = Map::from_pairs(pairs).unwrap_or_else(|_| fail("small map"));
        (slice.to_owned(), small)
    } else {
        (text, map)
    };
    let restorer = compile_once(&map);
    let mut times = Vec::with_capacity(runs);
    let mut restored = 0;
    for _ in 0..runs {
        let t = Instant::now();
        match mode.as_str() {
            "compile" => {
                black_box(compile_once(&map));
            }
            "small" => restored = small_once(&text, &map).restored,
            _ => restored = restore_once(&restorer, &text).restored,
        }
        times.push(t.elapsed());
    }
    times.sort();
    let median = times.get(times.len() / 2).copied().unwrap_or_default();
    println!(
        "{mode}: {} bytes, {} entries, {restored} restored, median {median:?} ({:.0} MB/s)",
        text.len(),
        map.len(),
        text.len() as f64 / median.as_secs_f64().max(1e-12) / 1e6
    );
}
