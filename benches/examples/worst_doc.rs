//! Writes a worst-case input to standard output: `cargo run --release -p redact-benches
//! --example worst_doc -- SHAPE [CHARS]` (CHARS defaults to 200,000); `--list` prints the
//! shapes; `--dir DIR [CHARS]` writes every shape to `DIR/SHAPE.txt` (fuzz seeds use
//! `--dir fuzz/seeds/detect 2000`).

fn main() {
    let mut args = std::env::args().skip(1);
    let first = args.next().unwrap_or_else(|| "--list".into());
    match first.as_str() {
        "--list" => {
            for s in redact_benches::worst::SHAPES {
                println!("{s}");
            }
        }
        "--dir" => {
            let dir = std::path::PathBuf::from(args.next().expect("--dir DIR"));
            let n = args.next().and_then(|a| a.parse().ok()).unwrap_or(200_000);
            std::fs::create_dir_all(&dir).expect("the directory is made");
            for s in redact_benches::worst::SHAPES {
                let doc = redact_benches::worst::document(s, n).expect("a known shape");
                std::fs::write(dir.join(format!("{s}.txt")), doc).expect("the seed is written");
            }
        }
        shape => {
            let n = args.next().and_then(|a| a.parse().ok()).unwrap_or(200_000);
            match redact_benches::worst::document(shape, n) {
                Some(doc) => print!("{doc}"),
                None => {
                    eprintln!("unknown shape {shape}; --list prints the shapes");
                    std::process::exit(2);
                }
            }
        }
    }
}
