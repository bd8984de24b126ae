//! `redact-eval`: scores the redactor on the evaluation corpus.
//!
//! ```text
//! cargo run --release -p redact-eval                 # report on the whole corpus
//! cargo run --release -p redact-eval -- --write      # … and write eval/results.md and docs/benchmarks.md
//! cargo run --release -p redact-eval -- --gate       # the CI gate's subset against eval/floors.toml
//! cargo run --release -p redact-eval -- --kind postcode --shape letter   # every miss of a class
//! cargo run --release -p redact-eval -- --show 00042 # one document: labels and replacements
//! ```

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use redact::Redactor;
use redact_eval::corpus::{self, Doc, Role};
use redact_eval::floors::Floors;
use redact_eval::{SEED, report, score};

const USAGE: &str = "usage: redact-eval [--corpus FILE] [--gate] [--suggest-floors] [--write]
                   [--shape S] [--locale L] [--kind K] [--false-hits] [--show ID]
                   [--gaps N] [--examples N]

  --corpus FILE     corpus to score (default eval/corpus/corpus.jsonl.gz)
  --gate            score the CI gate's subset (every 4th document) and check eval/floors.toml
  --suggest-floors  print floors at the measured figures (with --gate: the gate's floors)
  --write           write eval/results.md and the section in docs/benchmarks.md (whole corpus)
  --shape S, --locale L   score only documents of that shape / locale
  --kind K          list every value of kind K not strictly replaced
  --false-hits      list every false replacement
  --show ID         print one document with its labels and what was replaced
  --gaps N          classes in the gap lists (default 25); --examples N per class (default 3)";

struct Args {
    corpus: PathBuf,
    gate: bool,
    suggest: bool,
    write: bool,
    shape: Option<String>,
    locale: Option<String>,
    kind: Option<String>,
    false_hits: bool,
    show: Option<String>,
    gaps: usize,
    examples: usize,
}

fn parse_args() -> Result<Args, String> {
    let mut a = Args {
        corpus: corpus::default_path().to_path_buf(),
        gate: false,
        suggest: false,
        write: false,
        shape: None,
        locale: None,
        kind: None,
        false_hits: false,
        show: None,
        gaps: 25,
        examples: 3,
    };
    let mut it = std::env::args().skip(1);
    while let Some(arg) = it.next() {
        let mut value = |name: &str| it.next().ok_or_else(|| format!("{name} needs a value"));
        match arg.as_str() {
            "--corpus" => a.corpus = PathBuf::from(value("--corpus")?),
            "--gate" => a.gate = true,
            "--suggest-floors" => a.suggest = true,
            "--write" => a.write = true,
            "--shape" => a.shape = Some(value("--shape")?),
            "--locale" => a.locale = Some(value("--locale")?),
            "--kind" => a.kind = Some(value("--kind")?),
            "--false-hits" => a.false_hits = true,
            "--show" => a.show = Some(value("--show")?),
            "--gaps" => {
                a.gaps = value("--gaps")?
                    .parse()
                    .map_err(|e| format!("--gaps: {e}"))?
            }
            "--examples" => {
                a.examples = value("--examples")?
                    .parse()
                    .map_err(|e| format!("--examples: {e}"))?;
            }
            "-h" | "--help" => return Err(String::new()),
            other => return Err(format!("unknown argument {other}")),
        }
    }
    if a.write && (a.gate || a.shape.is_some() || a.locale.is_some()) {
        return Err(
            "--write scores the whole corpus; leave out --gate, --shape and --locale".into(),
        );
    }
    Ok(a)
}

fn main() -> ExitCode {
    let args = match parse_args() {
        Ok(a) => a,
        Err(e) => {
            if !e.is_empty() {
                eprintln!("redact-eval: {e}");
            }
            eprintln!("{USAGE}");
            return if e.is_empty() {
                ExitCode::SUCCESS
            } else {
                ExitCode::from(2)
            };
        }
    };
    let docs = match corpus::load(&args.corpus) {
        Ok(d) => d,
        Err(e) => {
            eprintln!("redact-eval: {e}");
            return ExitCode::FAILURE;
        }
    };
    let redactor = Redactor::new().with_seed(SEED);
    redactor.detector().warm_up();

    if let Some(id) = &args.show {
        let Some(d) = docs.iter().find(|d| &d.id == id) else {
            eprintln!("redact-eval: no document {id}");
            return ExitCode::FAILURE;
        };
        show(&redactor, d);
        return ExitCode::SUCCESS;
    }

    let mut chosen: Vec<&Doc> = if args.gate {
        corpus::gate_subset(&docs)
    } else {
        docs.iter().collect()
    };
    chosen.retain(|d| args.shape.as_ref().is_none_or(|s| &d.shape == s));
    chosen.retain(|d| args.locale.as_ref().is_none_or(|l| &d.locale == l));
    let started = Instant::now();
    let runs = score::run_all(&redactor, &chosen);
    let took = started.elapsed();
    let scores = score::Scores::of(&chosen, &runs);
    eprintln!(
        "scored {} documents ({} characters) in {:.2} s",
        chosen.len(),
        scores.chars,
        took.as_secs_f64()
    );

    if let Some(kind) = &args.kind {
        for m in scores.misses.iter().filter(|m| m.kind.as_str() == kind) {
            println!(
                "{}\t{}\t{}\t{:.0}%\t{}\t{}",
                m.doc,
                m.shape,
                m.locale,
                m.share * 100.0,
                m.value,
                m.context
            );
        }
        return ExitCode::SUCCESS;
    }
    if args.false_hits {
        for h in &scores.false_hits {
            println!(
                "{}\t{}\t{}\t{}\t{}\t{}",
                h.doc, h.shape, h.kind, h.class, h.value, h.context
            );
        }
        return ExitCode::SUCCESS;
    }
    if args.suggest {
        print!("{}", Floors::suggest(&scores));
        return ExitCode::SUCCESS;
    }

    let md = report::markdown(&scores, args.gaps, args.examples);
    if args.write {
        if let Err(e) = write_results(&md, &report::summary(&scores), chosen.len()) {
            eprintln!("redact-eval: {e}");
            return ExitCode::FAILURE;
        }
    } else {
        println!("{md}");
    }
    if args.gate {
        let floors = match Floors::load(redact_eval::floors::default_path()) {
            Ok(f) => f,
            Err(e) => {
                eprintln!("redact-eval: {e}");
                return ExitCode::FAILURE;
            }
        };
        let problems = floors.check(&scores);
        if !problems.is_empty() {
            eprintln!("below the floors:\n  {}", problems.join("\n  "));
            return ExitCode::FAILURE;
        }
        eprintln!("every figure is at or above its floor");
    }
    ExitCode::SUCCESS
}

const BEGIN: &str =
    "<!-- eval:begin (written by `cargo run --release -p redact-eval -- --write`) -->";
const END: &str = "<!-- eval:end -->";

fn write_results(md: &str, summary: &str, docs: usize) -> Result<(), String> {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/..");
    let results = format!(
        "# Detection on the evaluation corpus\n\n\
         Written by `cargo run --release -p redact-eval -- --write` over the whole corpus \
         ({docs} documents, `eval/corpus/corpus.jsonl.gz`); how the figures are counted is in \
         `eval/README.md`.\n\n{md}"
    );
    let path = format!("{root}/eval/results.md");
    std::fs::write(&path, results).map_err(|e| format!("{path}: {e}"))?;
    let bench = format!("{root}/docs/benchmarks.md");
    let text = std::fs::read_to_string(&bench).map_err(|e| format!("{bench}: {e}"))?;
    let section = format!(
        "{BEGIN}\n\n{summary}Gap lists, shapes and locales: [eval/results.md](../eval/results.md).\n\n{END}"
    );
    let new = match (text.find(BEGIN), text.find(END)) {
        (Some(b), Some(e)) if b < e => format!("{}{section}{}", &text[..b], &text[e + END.len()..]),
        _ => format!(
            "{}\n## Detection on the evaluation corpus\n\n\
             Figures of the scorer (`eval/`) over the whole evaluation corpus: documents as \
             users send them, in many locales and shapes.\n\n{section}\n",
            text.trim_end()
        ),
    };
    std::fs::write(&bench, new).map_err(|e| format!("{bench}: {e}"))?;
    eprintln!("wrote eval/results.md and the section in docs/benchmarks.md");
    Ok(())
}

fn show(redactor: &Redactor, d: &Doc) {
    let run = score::run(redactor, d);
    println!(
        "# {} · {} · {} · template {}{}\n",
        d.id,
        d.locale,
        d.shape,
        d.template,
        if d.negative { " · negative" } else { "" }
    );
    println!("{}\n", d.text);
    println!("## labels");
    for s in &d.spans {
        let role = match &s.role {
            Role::Pii(_) => "pii",
            Role::Neutral(_) => "neutral",
            Role::Trap(_) => "trap",
        };
        let cov = score::coverage(&d.text, s.start, s.end, &run.findings);
        println!(
            "{role:8} {:16} {:>4.0}%  {}",
            s.role.name(),
            cov.share * 100.0,
            &d.text[s.start..s.end]
        );
    }
    println!("\n## replaced");
    for f in &run.findings {
        println!(
            "{:16} {:24} {:?}  {}",
            f.kind.as_str(),
            f.rule,
            score::hit(d, f),
            &d.text[f.start..f.end]
        );
    }
    println!(
        "\nround trip: {}",
        if run.round_trip { "exact" } else { "FAILED" }
    );
}
