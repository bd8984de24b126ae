//! Times detection over a document (first argument; a synthetic one without) repeated to
//! 200,000 characters, over 20 runs or the number the second argument gives:
//! `cargo run --release -p redact-detect --example detect_profile -- FILE [RUNS]`.
fn main() {
    let para = std::fs::read_to_string(std::env::args().nth(1).unwrap_or_default()).unwrap_or_else(|_| {
        "The quarterly report is attached. Revenue grew by twelve percent compared with last year, mostly because the new onboarding flow reduced churn. Call +44 20 7946 0321 or mail jane@example.org.\n".to_string()
    });
    let mut doc = String::new();
    while doc.len() < 200_000 {
        doc.push_str(&para);
    }
    let t = std::time::Instant::now();
    let d = redact_detect::Detector::new();
    if std::env::var_os("WARM_UP_UNTIMED").is_some() {
        // For instruction counts of warm runs only (`valgrind --tool=callgrind
        // --toggle-collect='redact_detect::Detector::detect_timed'`).
        d.detect(&doc);
    } else {
        println!("first call (fresh process), by stage:");
        println!("  {:<12} {:?}", "new", t.elapsed());
        let mut last = std::time::Instant::now();
        d.detect_timed(&doc, &mut |name| {
            println!("  {name:<12} {:?}", last.elapsed());
            last = std::time::Instant::now();
        });
        println!("  {:<12} {:?}", "total", t.elapsed());
    }
    println!("warm, by stage:");
    let runs: u32 = std::env::args()
        .nth(2)
        .and_then(|r| r.parse().ok())
        .unwrap_or(20)
        .max(1);
    let t = std::time::Instant::now();
    let mut n = 0;
    for _ in 0..runs {
        n += d.detect(&doc).len();
    }
    let el = t.elapsed() / runs;
    // Per stage, over the same number of runs.
    let mut stages: Vec<(&'static str, std::time::Duration)> = Vec::new();
    for _ in 0..runs {
        let mut last = std::time::Instant::now();
        d.detect_timed(&doc, &mut |name| {
            let now = std::time::Instant::now();
            match stages.iter_mut().find(|s| s.0 == name) {
                Some(s) => s.1 += now - last,
                None => stages.push((name, now - last)),
            }
            last = now;
        });
    }
    for (name, total) in &stages {
        println!("  {name:<12} {:?}", *total / runs);
    }
    let serial: std::time::Duration = stages.iter().map(|s| s.1).sum();
    println!("  {:<12} {:?} (on one thread)", "sum", serial / runs);
    println!(
        "{} findings/run, {:?} per run, {:.1} MB/s",
        n / runs as usize,
        el,
        doc.len() as f64 / el.as_secs_f64() / 1e6
    );
}
