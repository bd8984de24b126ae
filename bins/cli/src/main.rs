//! `redact`: a local filter with no server and no key.
//!
//! ```text
//! redact [--map FILE] [--allow TERM]... [--seed N] < in.txt > out.txt
//! redact restore --map FILE < reply.txt
//! ```
//!
//! Redaction prints the text with stand-ins and writes the map (stand-in → real value) as
//! JSON to `--map FILE` (an existing map in that file is read first, so a conversation keeps
//! its stand-ins). Restore reads the map and prints the text with real values put back.
//!
//! Redaction streams: the input is cut into pieces at line boundaries ([`cut`]), pieces are
//! detected on worker threads while this thread makes stand-ins with one
//! [`StreamRedactor`] for the whole input and writes each piece as soon as it is done.

mod cut;

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{Context, Result};
use clap::{Parser, Subcommand};
use redact::{Map, Redactor, StreamRedactor};
use redact_stream::StreamRestorer;

#[derive(Parser, Debug)]
#[command(
    name = "redact",
    version,
    about = "Replace identifying detail with realistic stand-ins, and put it back."
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    /// Where to write the map as JSON (read first if it exists, so stand-ins stay the same
    /// across calls).
    #[arg(long, value_name = "FILE")]
    map: Option<PathBuf>,
    /// A term to leave as written (repeatable).
    #[arg(long, value_name = "TERM")]
    allow: Vec<String>,
    /// Seed for reproducible stand-ins.
    #[arg(long, value_name = "N")]
    seed: Option<u64>,
    /// Do not read an existing map file; overwrite it.
    #[arg(long)]
    fresh: bool,
    /// For tests: write the replaced spans (byte offsets in the input) as JSON to this file.
    #[arg(long, value_name = "FILE", hide = true)]
    spans: Option<PathBuf>,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Put real values back into a text (a model's reply) using a map.
    Restore {
        /// The map written by the redacting call.
        #[arg(long, value_name = "FILE")]
        map: PathBuf,
    },
}

/// Bytes read at a time by `restore` (`REDACT_CLI_RESTORE_CHUNK`, for tests of the cuts).
fn restore_chunk() -> usize {
    std::env::var("REDACT_CLI_RESTORE_CHUNK")
        .ok()
        .and_then(|v| v.parse::<usize>().ok())
        .filter(|&n| n > 0)
        .unwrap_or(4 << 20)
}

/// Restores `input` to `out` a chunk at a time, in memory bounded by the chunk and the longest
/// stand-in: [`StreamRestorer`] holds back only the tail where a stand-in could still begin,
/// and what it writes is exactly the restore of the whole text. A character cut by a chunk's
/// end waits for the next chunk; input that is not UTF-8 stops with the offset of the first
/// bad byte (after the text before it has been written).
fn restore_stream(
    map: &Map,
    mut input: impl Read,
    out: &mut impl Write,
    chunk: usize,
) -> Result<()> {
    let mut stream = StreamRestorer::from_map(map);
    let mut buf = vec![0u8; chunk.max(4)];
    // Bytes of a character cut at the end of the last chunk, at the start of `buf`.
    let mut carry = 0usize;
    // Input bytes before `buf[0]`, for the offset of a bad byte.
    let mut offset = 0usize;
    let mut text = String::new();
    loop {
        let n = match input.read(&mut buf[carry..]) {
            Ok(n) => n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e).context("cannot read standard input"),
        };
        let filled = carry + n;
        let (s, valid) = match std::str::from_utf8(&buf[..filled]) {
            Ok(s) => (s, filled),
            // A character cut by the chunk's end (and more input may follow): the part
            // before it, validated already.
            Err(e) if e.error_len().is_none() && n > 0 => {
                let v = e.valid_up_to();
                (std::str::from_utf8(&buf[..v]).unwrap_or_default(), v)
            }
            Err(e) => {
                anyhow::bail!(
                    "standard input is not valid UTF-8 (first bad byte at offset {})",
                    offset + e.valid_up_to()
                )
            }
        };
        text.clear();
        stream.push_into(s, &mut text);
        out.write_all(text.as_bytes())?;
        buf.copy_within(valid..filled, 0);
        offset += valid;
        carry = filled - valid;
        if n == 0 {
            break;
        }
    }
    text.clear();
    stream.finish_into(&mut text);
    out.write_all(text.as_bytes())?;
    Ok(())
}

fn read_map(path: &Path) -> Result<Map> {
    let body = std::fs::read(path)
        .with_context(|| format!("cannot read the map file {}", path.display()))?;
    serde_json::from_slice::<Map>(&body).with_context(|| {
        format!(
            "the map file {} is not a JSON object of stand-in to real value strings",
            path.display()
        )
    })
}

fn write_map(path: &Path, map: &Map) -> Result<()> {
    let body = serde_json::to_vec_pretty(map).context("cannot encode the map")?;
    // Write next to the target and rename, so a failure never leaves half a map.
    let tmp = path.with_extension("tmp-redact");
    std::fs::write(&tmp, &body).with_context(|| format!("cannot write {}", tmp.display()))?;
    std::fs::rename(&tmp, path)
        .with_context(|| format!("cannot write the map file {}", path.display()))?;
    Ok(())
}

fn run(cli: Cli) -> Result<()> {
    let mut stdout = std::io::stdout().lock();
    match cli.command {
        Some(Command::Restore { map }) => {
            let map = read_map(&map)?;
            let mut out = std::io::BufWriter::with_capacity(1 << 16, &mut stdout);
            restore_stream(&map, std::io::stdin(), &mut out, restore_chunk())?;
            out.flush()?;
        }
        None => {
            let previous = match &cli.map {
                Some(p) if p.exists() && !cli.fresh => Some(read_map(p)?),
                _ => None,
            };
            let mut redactor = Redactor::new().with_max_chars(usize::MAX);
            if let Some(seed) = cli.seed {
                redactor = redactor.with_seed(seed);
            }
            let stream = StreamRedactor::new(&redactor, previous, cli.allow);
            let mut out = std::io::BufWriter::with_capacity(1 << 16, &mut stdout);
            let (map, spans) = cut::redact_stream(
                &redactor,
                stream,
                std::io::stdin(),
                &mut out,
                cut::Sizes::from_env(),
                cli.spans.is_some(),
            )?;
            out.flush()?;
            drop(out);
            if let Some(p) = &cli.spans {
                std::fs::write(p, serde_json::to_vec(&spans)?)
                    .with_context(|| format!("cannot write {}", p.display()))?;
            }
            match &cli.map {
                Some(p) => write_map(p, &map)?,
                None if !map.is_empty() => {
                    eprintln!(
                        "redact: {} values replaced; pass --map FILE to keep the map for restore",
                        map.len()
                    )
                }
                None => {}
            }
        }
    }
    stdout.flush()?;
    Ok(())
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("redact: error: {e:#}");
            ExitCode::FAILURE
        }
    }
}
