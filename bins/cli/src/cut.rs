//! Streaming redaction: where the input is cut, and the threads that work through the pieces.
//!
//! - A reader thread fills a buffer from standard input and cuts pieces of about
//!   [`Sizes::piece`] bytes ([`cut_point`]): after a blank line if one ends in the second half
//!   of the piece, else after a line break, else — in a line longer than [`Sizes::max`] bytes
//!   — at a space far from anything that looks like a value. Each piece goes with its
//!   *context*: the first line of the block of non-blank lines the cut falls in (a table's
//!   header) and the last line before the cut, which detection reads but does not replace.
//! - Worker threads detect the pieces, each on its own thread
//!   ([`redact::piece_findings_on_this_thread`]; the whole input in one piece with
//!   [`redact::piece_findings`], on every core) and hash what later
//!   stand-ins must avoid in them and find where stand-ins written in them could start
//!   ([`redact::piece_seen`]).
//! - The calling thread takes the pieces in order, makes the stand-ins with one
//!   [`StreamRedactor`] and writes each piece.
//!
//! Channels between them hold a few pieces, so memory stays bounded whatever the input size.

use std::collections::BTreeMap;
use std::io::{Read, Write};
use std::sync::mpsc::{Receiver, SyncSender, sync_channel};
use std::sync::{Arc, Mutex};

use anyhow::{Context, Result, anyhow};
use redact::{
    Finding, Map, PieceSeen, Redactor, StreamRedactor, piece_findings,
    piece_findings_on_this_thread, piece_seen,
};

/// Piece sizes in bytes.
#[derive(Clone, Copy, Debug)]
pub struct Sizes {
    /// The size a piece is cut at (a line break nearest below it).
    pub piece: usize,
    /// The longest piece: a line longer than this is cut inside.
    pub max: usize,
}

/// The size pieces are cut at.
pub const PIECE: usize = 128 * 1024;
/// The longest piece (a line longer than this is cut at a space).
pub const MAX_PIECE: usize = 1024 * 1024;
/// Context lines longer than this are not carried.
const MAX_CONTEXT_LINE: usize = 4096;

impl Sizes {
    /// [`PIECE`] and [`MAX_PIECE`], or for tests `REDACT_CLI_PIECE_BYTES` and
    /// `REDACT_CLI_PIECE_MAX`.
    pub fn from_env() -> Sizes {
        let get = |k: &str| {
            std::env::var(k)
                .ok()
                .and_then(|v| v.parse::<usize>().ok())
                .filter(|&n| n > 0)
        };
        let piece = get("REDACT_CLI_PIECE_BYTES").unwrap_or(PIECE);
        let max = get("REDACT_CLI_PIECE_MAX")
            .unwrap_or(MAX_PIECE)
            .max(piece)
            .max(2);
        Sizes { piece, max }
    }
}

fn is_blank(line: &[u8]) -> bool {
    line.iter().all(|&b| b == b'\r' || b == b' ' || b == b'\t')
}

/// Where to cut `buf` (the start of the rest of the input, `eof` when nothing follows it):
/// a byte offset in `1..=buf.len()` that is a character boundary, or `None` when more input is
/// needed to decide (the buffer is shorter than `sizes.max` and the input goes on).
pub fn cut_point(buf: &[u8], sizes: Sizes, eof: bool) -> Option<usize> {
    let len = buf.len();
    if len == 0 {
        return None;
    }
    if eof && len <= sizes.piece {
        return Some(len);
    }
    if !eof && len < sizes.max {
        return None;
    }
    let p = sizes.piece.min(len);
    let half = p / 2;
    let line_start = |i: usize| {
        buf[..i]
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |j| j + 1)
    };
    // 1. After a blank line ending in the second half of the piece.
    for i in (half..p).rev() {
        if buf[i] == b'\n' {
            let s = line_start(i);
            if s > 0 && is_blank(&buf[s..i]) {
                return Some(i + 1);
            }
        }
    }
    // 2. After the last line break of the second half, 3. after the first one past it
    // (within the longest piece), 4. after the last one of the first half.
    if let Some(i) = buf[half..p].iter().rposition(|&b| b == b'\n') {
        return Some(half + i + 1);
    }
    let lim = len.min(sizes.max);
    if let Some(i) = buf[p..lim].iter().position(|&b| b == b'\n') {
        return Some(p + i + 1);
    }
    if let Some(i) = buf[..half].iter().rposition(|&b| b == b'\n') {
        return Some(i + 1);
    }
    if eof && len <= sizes.max {
        return Some(len);
    }
    // 5. A line longer than the longest piece: at a space far from anything that looks like
    // a value, else at the last space, else at a character boundary.
    Some(long_line_cut(buf, lim))
}

/// Bytes around a space that must hold no digit, capital, `@`, `:`, `/`, `=` or `%`
/// for a cut inside a line to be taken there.
const QUIET: usize = 48;

fn long_line_cut(buf: &[u8], lim: usize) -> usize {
    let w = &buf[..lim];
    let loud = |b: u8| b.is_ascii_digit() || b.is_ascii_uppercase() || b"@:/=%+#&".contains(&b);
    let spaces = |b: u8| b == b' ' || b == b'\t';
    // The most recent loud byte at or before each position, scanning backwards.
    let mut next_loud = w.len() + QUIET; // position of the nearest loud byte after i
    let mut best_any = None;
    for i in (1..w.len()).rev() {
        if loud(w[i]) {
            next_loud = i;
        }
        if spaces(w[i]) {
            if best_any.is_none() {
                best_any = Some(i + 1);
            }
            let lo = i.saturating_sub(QUIET);
            if next_loud > i + QUIET && !w[lo..i].iter().any(|&b| loud(b)) && i >= w.len() / 2 {
                return i + 1;
            }
        }
    }
    if let Some(c) = best_any {
        return c;
    }
    let mut c = lim;
    while c > 1 && c < buf.len() && (buf[c] & 0xC0) == 0x80 {
        c -= 1;
    }
    c
}

/// One piece with what detection reads before it.
struct Piece {
    seq: u64,
    /// Byte offset of the piece in the input.
    offset: usize,
    context: String,
    text: String,
    /// The whole input is this one piece: its detection may use every core.
    alone: bool,
}

enum Item {
    Piece(Piece),
    Failed(u64, String),
}

enum Done {
    /// The piece, its findings and what its stand-ins read of its text alone (boxed: it
    /// holds the piece's index, large beside a failure).
    Piece(Piece, Vec<Finding>, Box<PieceSeen>),
    Failed(u64, String),
}

impl Done {
    fn seq(&self) -> u64 {
        match self {
            Done::Piece(p, ..) => p.seq,
            Done::Failed(s, _) => *s,
        }
    }
}

/// Tracks the first line of the current block of non-blank lines across pieces.
#[derive(Default)]
struct Blocks {
    head: Option<String>,
    /// Whether the text so far ended inside a line (the next piece goes on with it).
    open_line: bool,
}

impl Blocks {
    /// Reads a piece and returns the context for the next one.
    fn after(&mut self, piece: &str) -> String {
        let mut lines = piece.split_inclusive('\n').peekable();
        let mut last = "";
        let mut first = true;
        while let Some(line) = lines.next() {
            let continued = first && self.open_line;
            first = false;
            let ends = line.ends_with('\n');
            if !continued {
                if is_blank(line.trim_end_matches('\n').as_bytes()) {
                    if ends {
                        self.head = None;
                    }
                } else if self.head.is_none() {
                    self.head = (line.len() <= MAX_CONTEXT_LINE).then(|| line.to_string());
                }
            }
            if lines.peek().is_none() {
                last = line;
                self.open_line = !ends;
            }
        }
        let Some(head) = &self.head else {
            return String::new();
        };
        let mut ctx = head.clone();
        if !ctx.ends_with('\n') {
            ctx.push('\n');
        }
        if !self.open_line && last.len() <= MAX_CONTEXT_LINE && last != head.as_str() {
            ctx.push_str(last);
        }
        ctx
    }
}

fn reader(mut input: impl Read, sizes: Sizes, tx: SyncSender<Item>) {
    let mut buf: Vec<u8> = Vec::with_capacity(sizes.max + (1 << 16));
    let mut eof = false;
    let mut offset = 0usize;
    let mut seq = 0u64;
    let mut blocks = Blocks::default();
    let mut context = String::new();
    let mut chunk = vec![0u8; 1 << 16];
    loop {
        while !eof && buf.len() < sizes.max {
            match input.read(&mut chunk) {
                Ok(0) => eof = true,
                Ok(n) => buf.extend_from_slice(&chunk[..n]),
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(e) => {
                    let _ = tx.send(Item::Failed(
                        seq,
                        format!("cannot read standard input: {e}"),
                    ));
                    return;
                }
            }
        }
        let Some(c) = cut_point(&buf, sizes, eof) else {
            return;
        };
        let text = match std::str::from_utf8(&buf[..c]) {
            Ok(t) => t.to_string(),
            Err(e) => {
                let _ = tx.send(Item::Failed(
                    seq,
                    format!(
                        "standard input is not valid UTF-8 (first bad byte at offset {})",
                        offset + e.valid_up_to()
                    ),
                ));
                return;
            }
        };
        buf.drain(..c);
        let next_context = blocks.after(&text);
        let piece = Piece {
            seq,
            offset,
            context: std::mem::replace(&mut context, next_context),
            text,
            alone: seq == 0 && eof && buf.is_empty(),
        };
        offset += c;
        seq += 1;
        if tx.send(Item::Piece(piece)).is_err() {
            return;
        }
    }
}

fn worker(
    redactor: &Redactor,
    opts: &redact::RedactOptions,
    rx: &Mutex<Receiver<Item>>,
    tx: SyncSender<Done>,
) {
    loop {
        let item = match rx.lock() {
            Ok(rx) => rx.recv(),
            Err(_) => return,
        };
        let done = match item {
            Ok(Item::Piece(p)) => {
                // Several pieces keep the workers, one each, on every core: a piece is read
                // on its worker's thread alone unless it is the whole input.
                let found = if p.alone {
                    piece_findings(redactor, &p.context, &p.text, opts)
                } else {
                    piece_findings_on_this_thread(redactor, &p.context, &p.text, opts)
                };
                let seen = Box::new(piece_seen(&p.text));
                Done::Piece(p, found, seen)
            }
            Ok(Item::Failed(seq, e)) => Done::Failed(seq, e),
            Err(_) => return,
        };
        if tx.send(done).is_err() {
            return;
        }
    }
}

/// Redacts `input` into `output` piece by piece; returns the map, and the replaced spans
/// (byte offsets in the input) when `want_spans`.
pub fn redact_stream(
    redactor: &Redactor,
    mut stream: StreamRedactor,
    input: impl Read + Send,
    output: &mut impl Write,
    sizes: Sizes,
    want_spans: bool,
) -> Result<(Map, Vec<(usize, usize)>)> {
    let workers = std::thread::available_parallelism()
        .map_or(2, |n| n.get())
        .clamp(1, 4);
    let opts = stream.options();
    let mut spans = Vec::new();
    std::thread::scope(|scope| -> Result<()> {
        let (piece_tx, piece_rx) = sync_channel::<Item>(workers);
        let (done_tx, done_rx) = sync_channel::<Done>(workers);
        let piece_rx = Arc::new(Mutex::new(piece_rx));
        scope.spawn(move || reader(input, sizes, piece_tx));
        for _ in 0..workers {
            let rx = Arc::clone(&piece_rx);
            let tx = done_tx.clone();
            let opts = &opts;
            scope.spawn(move || worker(redactor, opts, &rx, tx));
        }
        drop(done_tx);
        let mut waiting: BTreeMap<u64, Done> = BTreeMap::new();
        let mut next = 0u64;
        let result = (|| -> Result<()> {
            for done in &done_rx {
                waiting.insert(done.seq(), done);
                while let Some(done) = waiting.remove(&next) {
                    next += 1;
                    match done {
                        Done::Failed(_, e) => return Err(anyhow!(e)),
                        Done::Piece(p, found, seen) => {
                            let r = stream
                                .redact_piece_seen(&p.text, found, Some(*seen))
                                .context("cannot redact the input")?;
                            output
                                .write_all(r.text.as_bytes())
                                .context("cannot write standard output")?;
                            if want_spans {
                                spans.extend(
                                    r.replaced
                                        .iter()
                                        .map(|&(s, e)| (p.offset + s, p.offset + e)),
                                );
                            }
                        }
                    }
                }
            }
            Ok(())
        })();
        // Dropping the receiver stops the workers and the reader on an error.
        drop(done_rx);
        result
    })?;
    Ok((stream.into_map(), spans))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pieces(text: &str, sizes: Sizes) -> Vec<&str> {
        let mut out = Vec::new();
        let mut rest = text;
        while !rest.is_empty() {
            let c = cut_point(rest.as_bytes(), sizes, true).unwrap();
            out.push(&rest[..c]);
            rest = &rest[c..];
        }
        out
    }

    #[test]
    fn cuts_prefer_blank_lines_then_line_breaks() {
        let s = Sizes { piece: 20, max: 64 };
        let t = "aaaa\nbbbbbbbb\n\ncccc\ndddddddddddddddddddddddd\neeee\n";
        let p = pieces(t, s);
        assert_eq!(p.concat(), t);
        assert_eq!(p[0], "aaaa\nbbbbbbbb\n\n");
        assert!(p.iter().all(|x| x.ends_with('\n')), "{p:?}");
    }

    #[test]
    fn a_long_line_is_cut_at_a_quiet_space() {
        let s = Sizes {
            piece: 16,
            max: 200,
        };
        let mut t = String::new();
        for i in 0..40 {
            t.push_str(&format!("Mail Ann{i} at a{i}@x.org "));
            t.push_str("and then some quiet words follow here ");
        }
        let p = pieces(&t, s);
        assert_eq!(p.concat(), t);
        assert!(p.len() > 3);
        for x in &p[..p.len() - 1] {
            assert!(x.ends_with(' '), "{x:?}");
            assert!(x.len() <= 200);
        }
    }

    #[test]
    fn no_space_at_all_cuts_at_a_character_boundary() {
        let s = Sizes { piece: 4, max: 7 };
        let t = "ééééééééééé";
        let p = pieces(t, s);
        assert_eq!(p.concat(), t);
    }

    #[test]
    fn context_is_the_block_head_and_the_last_line() {
        let mut b = Blocks::default();
        assert_eq!(
            b.after("name,email\nAnn,a@x.org\n"),
            "name,email\nAnn,a@x.org\n"
        );
        assert_eq!(b.after("Bob,b@x.org\n"), "name,email\nBob,b@x.org\n");
        assert_eq!(b.after("Cy,c@x.org\n\n"), "");
        assert_eq!(b.after("Hello\n"), "Hello\n");
    }
}
