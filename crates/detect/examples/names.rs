//! Prints the people found in each line of standard input (or in the arguments):
//! `cargo run -p redact-detect --example names -- "Hi Priya, ..."`.
use std::io::Read;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let texts = if args.is_empty() {
        let mut s = String::new();
        let _ = std::io::stdin().read_to_string(&mut s);
        vec![s]
    } else {
        args
    };
    let d = redact_detect::Detector::new();
    for t in texts {
        let t = t.replace("\\n", "\n");
        let found: Vec<String> = d
            .detect(&t)
            .iter()
            .filter(|f| f.kind == redact_detect::Kind::Person)
            .map(|f| format!("{}:{:?}", f.rule, f.slice(&t)))
            .collect();
        println!("{:?}\n  -> {}", t, found.join(", "));
    }
}
