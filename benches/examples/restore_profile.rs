//! Restore of the redacted diverse document, for profiling:
//! `cargo run --release -p redact-benches --example restore_profile -- [CHARS] [RUNS] [MODE]`.
//!
//! MODE `dump=DIR` writes the redacted text and its map to DIR; `restore` (default) times `restore_once` (one restore with the map compiled once),
//! `compile` times `compile_once` (`Restorer::new` of the document's map), `file=TEXT,MAP`
//! times the restore of a redacted text with its map read from files (`file1=…` on one
//! thread, for `--toggle-collect='restore_profile::restore_one_thread'`), `small` compiles
//! and restores a 1 KB slice of the redacted text with its own small map (`small_once`, a
//! `/v1/restore` request). For instruction counts:
//! `valgrind --tool=callgrind --toggle-collect='restore_profile::restore_once' …`.

use std::hint::black_box;
use std::time::Instant;

use redact::{RedactOptions, Redactor};
use redact_restore::{Map, Restored, Restorer};

#[path = "diverse_doc.rs"]
#[allow(dead_code)]
mod diverse_doc;

#[inline(never)]
fn restore_once(restorer: &Restorer, text: &str) -> Restored {
    restorer.restore(black_box(text))
}

#[inline(never)]
fn restore_one_thread(restorer: &Restorer, text: &str) -> Restored {
    restorer.restore_cut(black_box(text), &[])
}

#[inline(never)]
fn compile_once(map: &Map) -> Restorer {
    Restorer::new(black_box(map))
}

#[inline(never)]
fn small_once(text: &str, map: &Map) -> Restored {
    Restorer::new(black_box(map)).restore(black_box(text))
}

/// A 1 KB slice of `text` (on char boundaries) and the map of the stand-ins in it.
fn small_case(text: &str, map: &Map) -> (String, Map) {
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
    let Ok(small) = Map::from_pairs(pairs) else {
        eprintln!("the small map did not build");
        std::process::exit(1);
    };
    (slice.to_owned(), small)
}

/// Times the restore of the text in the first of `files` (`TEXT,MAP`) with the map in the
/// second, compiled once.
fn restore_files(files: &str, runs: usize, one_thread: bool) {
    let (text, map) = files.split_once(',').unwrap_or((files, ""));
    let (Ok(text), Ok(map)) = (std::fs::read_to_string(text), std::fs::read_to_string(map)) else {
        eprintln!("could not read {files}");
        std::process::exit(1);
    };
    let Ok(map) = serde_json::from_str::<Map>(&map) else {
        eprintln!("the map is not a stand-in map");
        std::process::exit(1);
    };
    let t = Instant::now();
    let restorer = compile_once(&map);
    println!("{} map entries, compiled in {:?}", map.len(), t.elapsed());
    let mut times = Vec::new();
    for _ in 0..runs {
        let t = Instant::now();
        let back = if one_thread {
            restore_one_thread(&restorer, &text)
        } else {
            restore_once(&restorer, &text)
        };
        times.push(t.elapsed());
        black_box(back);
    }
    print_median("file", times, text.len());
}

/// Prints the median of `times` and, for `bytes` restored each time, the rate.
fn print_median(label: &str, mut times: Vec<std::time::Duration>, bytes: usize) {
    times.sort();
    let median = times[times.len() / 2];
    println!(
        "{label} median {:?} ({:.0} MB/s)",
        median,
        bytes as f64 / median.as_secs_f64() / 1e6
    );
}

fn main() {
    let mut args = std::env::args().skip(1);
    let n: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(200_000);
    let runs: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(20);
    let mode = args.next().unwrap_or_else(|| "restore".into());
    if let Some(files) = mode.strip_prefix("file=") {
        // A redacted text and its map from files (`file=TEXT,MAP`, as `redact --map MAP`
        // writes them): a map of any size, such as a long input's.
        restore_files(files, runs, false);
        return;
    }
    if let Some(files) = mode.strip_prefix("file1=") {
        // The same on this thread alone (instruction counts under callgrind, which counts
        // the pool's threads apart).
        restore_files(files, runs, true);
        return;
    }
    let doc = diverse_doc::document(n);
    let redactor = Redactor::new();
    let Ok(r) = redactor.redact(&doc, &RedactOptions::default()) else {
        eprintln!("the document did not redact");
        std::process::exit(1);
    };
    let t = Instant::now();
    let restorer = compile_once(&r.map);
    println!("{} map entries, compiled in {:?}", r.map.len(), t.elapsed());
    if let Some(dir) = mode.strip_prefix("dump=") {
        // The redacted text and its map as files, for a restore-only profiler.
        let map = serde_json::to_string(&r.map).unwrap_or_default();
        let wrote = std::fs::write(format!("{dir}/restore_text.txt"), &r.text)
            .and_then(|()| std::fs::write(format!("{dir}/restore_map.json"), map));
        if wrote.is_err() {
            eprintln!("could not write to {dir}");
            std::process::exit(1);
        }
        return;
    }
    let mut times = Vec::new();
    let bytes = match mode.as_str() {
        "compile" => {
            for _ in 0..runs {
                let t = Instant::now();
                let c = compile_once(&r.map);
                times.push(t.elapsed());
                assert_eq!(c.len(), r.map.len());
            }
            0
        }
        "small" => {
            let (text, map) = small_case(&r.text, &r.map);
            println!("small: {} bytes, {} map entries", text.len(), map.len());
            for _ in 0..runs {
                let t = Instant::now();
                let back = small_once(&text, &map);
                times.push(t.elapsed());
                black_box(back);
            }
            text.len()
        }
        m if m.starts_with("split=") => {
            // Two threads cut at a share of the text (`split=0.5` is what `restore` does).
            let share: f64 = m["split=".len()..].parse().unwrap_or(0.5);
            let mid = (r.text.len() as f64 * share) as usize;
            for _ in 0..runs {
                let t = Instant::now();
                let back = restorer.restore_split(black_box(&r.text), mid);
                times.push(t.elapsed());
                assert_eq!(back.text.len(), doc.len());
            }
            r.text.len()
        }
        _ => {
            for _ in 0..runs {
                let t = Instant::now();
                let back = restore_once(&restorer, &r.text);
                times.push(t.elapsed());
                assert_eq!(back.text.len(), doc.len());
            }
            r.text.len()
        }
    };
    print_median(&mode, times, bytes);
}
