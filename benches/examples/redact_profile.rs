//! Redaction of the diverse document, warm, for profiling:
//! `cargo run --release -p redact-benches --example redact_profile -- [CHARS] [RUNS]`
//! (`valgrind --tool=callgrind --toggle-collect='redact_profile::warm_call'` counts the warm
//! calls only: a first call builds the lazy tables). `PROFILE_STAGE=detect` times detection
//! alone; `PROFILE_PIECES=K` redacts K different texts of CHARS characters in turn.
//! Stand-ins are drawn with a fixed seed (`PROFILE_SEED`, default 1), so two runs of one
//! build count the same instructions and two builds can be compared exactly. Each timed
//! line also gives the heap allocations a call makes (the median call's).

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

/// The system allocator, counting allocations (`alloc` and `realloc` calls).
struct Counting;

static ALLOCATIONS: AtomicU64 = AtomicU64::new(0);

// SAFETY: every call is passed on to `System` unchanged; the counter is only a side effect.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        // SAFETY: the caller's contract is `System::alloc`'s.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: as above.
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        // SAFETY: as above.
        unsafe { System.alloc_zeroed(layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        // SAFETY: as above.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

fn allocations() -> u64 {
    ALLOCATIONS.load(Ordering::Relaxed)
}

use redact::{RedactOptions, Redactor};

#[path = "diverse_doc.rs"]
#[allow(dead_code)]
mod diverse_doc;

fn main() {
    let mut args = std::env::args().skip(1);
    let n: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(200_000);
    let runs: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(20);
    // `PROFILE_DOC=mixed`: the synthetic corpus the load benchmark's bodies come from.
    let doc = if std::env::var("PROFILE_DOC").as_deref() == Ok("mixed") {
        redact_benches::mixed_document(n)
    } else {
        diverse_doc::document(n)
    };
    if std::env::var("PROFILE_STAGE").as_deref() == Ok("detect") {
        // Detection alone (on two threads from 64 KB, as in a redaction), warm.
        let detector = redact_detect::Detector::new();
        let _ = detector.detect(&doc);
        let mut times = Vec::new();
        let a0 = allocations();
        for _ in 0..runs {
            let t = Instant::now();
            let found = std::hint::black_box(detector.detect(std::hint::black_box(&doc)));
            times.push(t.elapsed());
            drop(found);
        }
        let per_call = (allocations() - a0) / runs.max(1) as u64;
        times.sort();
        println!(
            "detect median {:?}, {per_call} allocations a call",
            times[times.len() / 2]
        );
        return;
    }
    let seed: u64 = std::env::var("PROFILE_SEED")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1);
    let redactor = Redactor::new().with_seed(seed);
    let opts = RedactOptions::default();
    // `PROFILE_PIECES=K`: K different texts of CHARS characters, one after the other (the
    // diverse document cut in turn), as a load of many short requests sends them.
    let pieces: usize = std::env::var("PROFILE_PIECES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1);
    if pieces > 1 {
        let whole = diverse_doc::document(n * pieces);
        let texts = diverse_doc::pieces(&whole, n);
        for t in &texts {
            let _ = redactor.redact(t, &opts);
        }
        let mut times = Vec::new();
        let a0 = allocations();
        for i in 0..runs {
            let text = texts[i % texts.len()];
            let t = Instant::now();
            let r = warm_call(&redactor, text, &opts);
            times.push(t.elapsed());
            assert!(r.is_ok());
        }
        let per_call = (allocations() - a0) / runs.max(1) as u64;
        times.sort();
        println!(
            "redact median {:?} over {} texts, {per_call} allocations a call",
            times[times.len() / 2],
            texts.len()
        );
        return;
    }
    let t = Instant::now();
    let first = redactor.redact(&doc, &opts).map(|r| r.map.len());
    println!(
        "first call {:?} ({:?} map entries)",
        t.elapsed(),
        first.ok()
    );
    let mut times = Vec::new();
    let a0 = allocations();
    for _ in 0..runs {
        let t = Instant::now();
        let r = warm_call(&redactor, &doc, &opts);
        times.push(t.elapsed());
        assert!(r.is_ok());
    }
    let per_call = (allocations() - a0) / runs.max(1) as u64;
    times.sort();
    let median = times[times.len() / 2];
    println!(
        "redact median {:?} ({:.1} MB/s), {per_call} allocations a call",
        median,
        doc.len() as f64 / median.as_secs_f64() / 1e6
    );
}

#[inline(never)]
fn warm_call(
    redactor: &Redactor,
    doc: &str,
    opts: &RedactOptions,
) -> Result<redact::Redaction, redact::RedactError> {
    redactor.redact(doc, opts)
}
