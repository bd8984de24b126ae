//! Restore over a stream of text deltas, holding back only what could still
//! become a stand-in.
//!
//! A model's reply arrives in pieces (server-sent events, chunked bodies).
//! [`StreamRestorer`] restores each piece as it arrives and emits text as soon
//! as it is final: it holds back only a suffix at which a stand-in, or a
//! tolerated variant of one, could still begin, and whose fate the next piece
//! decides. Holding back is bounded by [`Restorer::max_match_len`] bytes.
//!
//! Guarantees, for every way of splitting a text into deltas:
//!
//! - the concatenation of everything [`push`](StreamRestorer::push) and
//!   [`finish`](StreamRestorer::finish) return equals
//!   [`redact_restore::restore`] of the whole text, and
//!   [`restored`](StreamRestorer::restored) equals its count;
//! - emitted text is final: it is a prefix of that batch output, so no part
//!   of a stand-in that later completes is ever emitted;
//! - work is linear in the input plus, per push, the held-back tail.
//!
//! Main type: [`StreamRestorer`], built from a shared [`Restorer`] (compile
//! the map once, restore many streams) or directly from a [`Map`].
//!
//! ```
//! use redact_restore::Map;
//! use redact_stream::StreamRestorer;
//!
//! let map = Map::from_pairs([("Emily Clark", "Jane Doe")])?;
//! let mut stream = StreamRestorer::from_map(&map);
//! let mut out = String::new();
//! out += &stream.push("Hello Em");     // "Hello " is final; "Em" may be a stand-in
//! assert_eq!(out, "Hello ");
//! out += &stream.push("ily Cl");
//! out += &stream.push("ark, how are you?");
//! out += &stream.finish();
//! assert_eq!(out, "Hello Jane Doe, how are you?");
//! assert_eq!(stream.restored(), 1);
//! # Ok::<(), redact_restore::MapError>(())
//! ```

#![forbid(unsafe_code)]
#![warn(missing_docs)]

use std::fmt;
use std::sync::Arc;

use redact_restore::{Map, Restorer};

/// Restores a text that arrives in pieces.
///
/// Feed pieces with [`push`](StreamRestorer::push), then call
/// [`finish`](StreamRestorer::finish) once at the end of the text. `Debug`
/// prints sizes only.
#[derive(Clone)]
pub struct StreamRestorer {
    restorer: Arc<Restorer>,
    /// Input not yet final, starting where a match could still begin.
    held: String,
    /// The last input character before `held`.
    before: Option<char>,
    restored: usize,
}

impl fmt::Debug for StreamRestorer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("StreamRestorer")
            .field("held_back_len", &self.held.len())
            .field("restored", &self.restored)
            .finish_non_exhaustive()
    }
}

impl StreamRestorer {
    /// A stream over a compiled, shareable [`Restorer`].
    pub fn new(restorer: Arc<Restorer>) -> StreamRestorer {
        StreamRestorer {
            restorer,
            held: String::new(),
            before: None,
            restored: 0,
        }
    }

    /// A stream over `map` (compiles it; prefer [`StreamRestorer::new`] with
    /// a shared [`Restorer`] when many streams use one map).
    pub fn from_map(map: &Map) -> StreamRestorer {
        StreamRestorer::new(Arc::new(Restorer::new(map)))
    }

    /// Adds the next piece of the text; returns the text that is final now,
    /// with real values restored (possibly empty).
    pub fn push(&mut self, delta: &str) -> String {
        let mut out = String::with_capacity(self.held.len() + delta.len());
        self.push_into(delta, &mut out);
        out
    }

    /// Like [`push`](StreamRestorer::push), appending to `out`.
    pub fn push_into(&mut self, delta: &str, out: &mut String) {
        if delta.is_empty() {
            return;
        }
        if self.held.is_empty() {
            // Common case: nothing held back, restore the delta in place.
            // A long piece (a file read a chunk at a time) in pieces on the restore pool.
            let progress = self
                .restorer
                .restore_partial_parallel(delta, self.before, out);
            self.advance(delta, progress.consumed, progress.restored);
            self.held.push_str(&delta[progress.consumed..]);
        } else {
            let mut text = std::mem::take(&mut self.held);
            text.push_str(delta);
            let progress = self
                .restorer
                .restore_partial_parallel(&text, self.before, out);
            self.advance(&text, progress.consumed, progress.restored);
            text.drain(..progress.consumed);
            self.held = text;
        }
    }

    /// Ends the text: returns everything still held back, restored. The
    /// stream is then empty and may be reused for a new text;
    /// [`restored`](StreamRestorer::restored) keeps counting.
    pub fn finish(&mut self) -> String {
        let mut out = String::with_capacity(self.held.len());
        self.finish_into(&mut out);
        out
    }

    /// Like [`finish`](StreamRestorer::finish), appending to `out`.
    pub fn finish_into(&mut self, out: &mut String) {
        let text = std::mem::take(&mut self.held);
        let progress = self.restorer.restore_partial(&text, self.before, true, out);
        self.restored += progress.restored;
        self.before = None;
    }

    /// Replacements made so far.
    pub fn restored(&self) -> usize {
        self.restored
    }

    /// The input held back: not yet emitted because a stand-in could still
    /// begin at its start. At most [`Restorer::max_match_len`] bytes.
    pub fn held_back(&self) -> &str {
        &self.held
    }

    /// The compiled map this stream uses.
    pub fn restorer(&self) -> &Arc<Restorer> {
        &self.restorer
    }

    fn advance(&mut self, text: &str, consumed: usize, restored: usize) {
        if consumed > 0 {
            self.before = text[..consumed].chars().next_back();
        }
        self.restored += restored;
    }
}
