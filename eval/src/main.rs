//! `redact-eval`: scores the redactor on the evaluation corpus.
//!
//! ```text
//! cargo run --release -p redact-eval                 # report on the whole corpus
//! cargo run --release -p redact-eval -- --write      # … and write eval/results.md and docs/benchmarks.md
//! cargo run --release -p redact-eval -- --gate       # the CI gate's subset against eval/floors.toml
//! cargo run --release -p redact-eval -- --kind postcode --shape letter   # every miss of a class
//! cargo run --release -p redact-eval -- --show 00042 # one document: labels and replacements
//! cargo run --release -p redact-eval -- --adversarial            # the adversarial part (issue 18)
//! cargo run --release -p redact-eval -- --adversarial --write    # … its section of eval/results.md
//! cargo run --release -p redact-eval -- --adversarial --transform at_dot   # its misses
//! ```

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use redact::Redactor;
use redact_eval::adversarial::{self, AdvDoc, AdvScores, transforms::RECIPES};
use redact_eval::corpus::{self, Doc, Role};
use redact_eval::floors::Floors;
use redact_eval::{SEED, report, score};

const USAGE: &str = "usage: redact-eval [--corpus FILE] [--gate] [--suggest-floors] [--write]
                   [--shape S] [--locale L] [--kind K] [--false-hits] [--show ID]
                   [--gaps N] [--examples N]
                   [--adversarial [--transform T] [--sample N]]

  --corpus FILE     corpus to score (default eval/corpus/corpus.jsonl.gz)
  --gate            score the CI gate's subset (every 4th document) and check eval/floors.toml
  --suggest-floors  print floors at the measured figures (with --gate: the gate's floors)
  --write           write eval/results.md and the section in docs/benchmarks.md (whole corpus)
  --shape S, --locale L   score only documents of that shape / locale
  --kind K          list every value of kind K not strictly replaced
  --false-hits      list every false replacement
  --show ID         print one document with its labels and what was replaced
  --gaps N          classes in the gap lists (default 25); --examples N per class (default 3)
  --adversarial     score the adversarial part (issue 18: obfuscated values and negatives using
                    the same devices), derived from the corpus at load time; with --write, its
                    section of eval/results.md; with --gate, the gate's subset and its floors;
                    with --kind K / --transform T, every miss of that kind / transform (T may
                    name a combination, `zero_width+homoglyph`); --false-hits, --show ID too
  --transform T     with --adversarial: only this transform (`negative` for the negatives)
  --sample N        with --adversarial: documents per transform and kind (default 40, gate 8)";

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
    adversarial: bool,
    transform: Option<String>,
    sample: Option<usize>,
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
        adversarial: false,
        transform: None,
        sample: None,
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
            "--adversarial" => a.adversarial = true,
            "--transform" => a.transform = Some(value("--transform")?),
            "--sample" => {
                a.sample = Some(
                    value("--sample")?
                        .parse()
                        .map_err(|e| format!("--sample: {e}"))?,
                );
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
    if (a.transform.is_some() || a.sample.is_some()) && !a.adversarial {
        return Err("--transform and --sample go with --adversarial".into());
    }
    if let Some(t) = &a.transform
        && t != "negative"
        && !RECIPES.iter().any(|r| r.name == t)
    {
        let names: Vec<&str> = RECIPES.iter().map(|r| r.name).collect();
        return Err(format!(
            "no transform {t}; one of {}, negative",
            names.join(", ")
        ));
    }
    if a.write && a.adversarial && (a.sample.is_some() || a.transform.is_some()) {
        return Err(
            "--write scores the whole adversarial part; leave out --sample and --transform".into(),
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

    if args.adversarial {
        return adversarial_main(&args, &docs, &redactor);
    }

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
    // The gate also scores the adversarial part's gate subset (as eval/tests/gate.rs does),
    // so that `--gate --suggest-floors` writes the whole floors file.
    let whole = args.shape.is_none() && args.locale.is_none();
    let adv = (args.gate && whole).then(|| {
        let part = adversarial::build(
            &docs,
            adversarial::GATE_PER_KIND,
            adversarial::NEGATIVES,
            SEED,
        );
        let runs = score::run_all(&redactor, &part.iter().map(|a| &a.doc).collect::<Vec<_>>());
        AdvScores::of(&part, &runs)
    });
    if args.suggest {
        print!("{}", Floors::suggest(&scores));
        if let Some(a) = &adv {
            print!("{}", Floors::suggest_adversarial(a));
        }
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
        let mut problems = floors.check(&scores);
        if let Some(a) = &adv {
            println!("{}", adversarial::report::summary(a));
            problems.extend(floors.check_adversarial(a));
        }
        if !problems.is_empty() {
            eprintln!("below the floors:\n  {}", problems.join("\n  "));
            return ExitCode::FAILURE;
        }
        eprintln!("every figure is at or above its floor");
    }
    ExitCode::SUCCESS
}

fn adversarial_main(args: &Args, docs: &[Doc], redactor: &Redactor) -> ExitCode {
    let per_kind = args.sample.unwrap_or(if args.gate {
        adversarial::GATE_PER_KIND
    } else {
        adversarial::FULL_PER_KIND
    });
    let mut part = adversarial::build(docs, per_kind, adversarial::NEGATIVES, SEED);
    if let Some(id) = &args.show {
        let Some(a) = part.iter().find(|a| &a.doc.id == id) else {
            eprintln!(
                "redact-eval: no adversarial document {id} (ids: <corpus id>~<transform>, neg-NNNN)"
            );
            return ExitCode::FAILURE;
        };
        show(redactor, &a.doc);
        return ExitCode::SUCCESS;
    }
    let name_of = |a: &AdvDoc| adversarial::recipe_of(a).map_or("negative", |r| r.name);
    if let Some(t) = &args.transform {
        part.retain(|a| name_of(a) == t);
    }
    if let Some(l) = &args.locale {
        part.retain(|a| &a.doc.locale == l);
    }
    if let Some(s) = &args.shape {
        part.retain(|a| &a.doc.shape == s);
    }
    let chosen: Vec<&Doc> = part.iter().map(|a| &a.doc).collect();
    let started = Instant::now();
    let runs = score::run_all(redactor, &chosen);
    let took = started.elapsed();
    let scores = AdvScores::of(&part, &runs);
    eprintln!(
        "scored {} adversarial documents ({} characters) in {:.2} s",
        part.len(),
        scores.chars,
        took.as_secs_f64()
    );
    if args.kind.is_some() || (args.transform.is_some() && !args.false_hits && !args.write) {
        for (ri, t, m) in &scores.misses {
            if args
                .kind
                .as_ref()
                .is_some_and(|k| k != t.as_str() && k != m.kind.as_str())
            {
                continue;
            }
            println!(
                "{}\t{}\t{}\t{}\t{:.0}%\t{}\t{}",
                m.doc,
                RECIPES[*ri].name,
                t,
                m.locale,
                m.share * 100.0,
                visible(&m.value),
                visible(&m.context)
            );
        }
        return ExitCode::SUCCESS;
    }
    if args.false_hits {
        for (ri, h) in &scores.false_hits {
            println!(
                "{}\t{}\t{}\t{}\t{}\t{}",
                h.doc,
                ri.map_or("negative", |r| RECIPES[r].name),
                h.kind,
                h.class,
                visible(&h.value),
                visible(&h.context)
            );
        }
        return ExitCode::SUCCESS;
    }
    if args.suggest {
        print!("{}", Floors::suggest_adversarial(&scores));
        return ExitCode::SUCCESS;
    }
    let md = adversarial::report::markdown(&scores, &part, args.gaps, args.examples);
    if args.write {
        if let Err(e) = write_adversarial(&md, part.len()) {
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
        let problems = floors.check_adversarial(&scores);
        if !problems.is_empty() {
            eprintln!("below the floors:\n  {}", problems.join("\n  "));
            return ExitCode::FAILURE;
        }
        eprintln!("every adversarial figure is at or above its floor");
    }
    ExitCode::SUCCESS
}

/// Invisible characters as `⟨U+200B⟩`, so a terminal shows where they are.
fn visible(s: &str) -> String {
    s.chars()
        .map(|c| {
            if adversarial::transforms::is_invisible(c) {
                format!("⟨U+{:04X}⟩", c as u32)
            } else {
                c.to_string()
            }
        })
        .collect()
}

const ADV_BEGIN: &str = "<!-- adversarial:begin (written by `cargo run --release -p redact-eval -- --adversarial --write`) -->";
const ADV_END: &str = "<!-- adversarial:end -->";

fn results_path() -> String {
    concat!(env!("CARGO_MANIFEST_DIR"), "/../eval/results.md").to_string()
}

/// The adversarial section of `results.md` as it is now (kept when the main part is rewritten).
fn adversarial_section(results: &str) -> Option<&str> {
    let b = results.find(ADV_BEGIN)?;
    let e = results[b..].find(ADV_END)? + b + ADV_END.len();
    Some(&results[b..e])
}

fn write_adversarial(md: &str, docs: usize) -> Result<(), String> {
    let path = results_path();
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{path}: {e}"))?;
    let section = format!(
        "{ADV_BEGIN}\n\n## The adversarial part (issue 18)\n\n\
         Written by `cargo run --release -p redact-eval -- --adversarial --write`: {docs} documents \
         derived at load time from the corpus with seed {SEED} (every structured value of a \
         sample of documents rewritten by each transform, labelled on the rewritten span, and \
         texts with nothing personal that use the same devices); how it is built is in \
         `eval/README.md`.\n\n{md}{ADV_END}"
    );
    let new = match adversarial_section(&text) {
        Some(old) => text.replacen(old, &section, 1),
        None => format!("{}\n\n{section}\n", text.trim_end()),
    };
    std::fs::write(&path, new).map_err(|e| format!("{path}: {e}"))?;
    eprintln!("wrote the adversarial section of eval/results.md");
    Ok(())
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
    // The adversarial section (written by --adversarial --write) is kept.
    let old = std::fs::read_to_string(&path).unwrap_or_default();
    let results = match adversarial_section(&old) {
        Some(section) => format!(
            "{}\n{section}\n",
            results.trim_end_matches('\n').to_string() + "\n"
        ),
        None => results,
    };
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
