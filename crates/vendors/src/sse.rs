//! An incremental server-sent-events parser (the WHATWG "event stream" framing).
//!
//! Why not a crate: `sse-stream` (already in the dependency tree through `rmcp`) exposes its
//! parser only as an async `Stream` over an `http_body::Body`, while the vendor decoders
//! here are push-based (`push(&[u8])`, testable at every split point without a runtime); it
//! also rejects lines the standard says to ignore (unknown fields, lines without a colon,
//! repeated `event:` lines). `eventsource-stream` has the same async-only shape. The framing
//! is small, so it is written here and tested at every byte split.
//!
//! Rules kept: lines end in `\r\n`, `\n` or `\r` (also split across pushes); a line starting
//! with `:` is a comment; `field: value` drops one space after the colon; a line without a
//! colon is a field with an empty value; several `data:` lines join with `\n`; an empty line
//! dispatches the event if it has data; a leading byte-order mark is skipped; `id` and
//! `retry` are ignored. One leniency: [`SseParser::finish`] dispatches an event left without
//! its closing blank line at the end of the stream.

/// One event.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SseEvent {
    /// The `event:` name, if one was given.
    pub event: Option<String>,
    /// The data lines, joined with `\n`.
    pub data: String,
}

/// The stream is not UTF-8, or a line is unreasonably long.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SseError {
    /// A line is not UTF-8.
    #[error("an event-stream line is not UTF-8")]
    NotUtf8,
    /// A line is longer than [`MAX_LINE`] bytes.
    #[error("an event-stream line is too long")]
    LineTooLong,
}

/// The longest line accepted, in bytes (16 MiB).
pub const MAX_LINE: usize = 16 << 20;

/// Parses an event stream pushed in pieces of any size.
#[derive(Debug, Default)]
pub struct SseParser {
    line: Vec<u8>,
    /// The last byte pushed was `\r`: a following `\n` belongs to the same line end.
    after_cr: bool,
    started: bool,
    event: Option<String>,
    data: String,
    has_data: bool,
}

impl SseParser {
    /// A parser at the start of a stream.
    pub fn new() -> SseParser {
        SseParser::default()
    }

    /// Parses `bytes`, appending the events they complete to `out`.
    ///
    /// # Errors
    /// [`SseError`]; the parser should not be used after one.
    pub fn push(&mut self, mut bytes: &[u8], out: &mut Vec<SseEvent>) -> Result<(), SseError> {
        if bytes.is_empty() {
            return Ok(());
        }
        if self.after_cr {
            self.after_cr = false;
            if let Some(rest) = bytes.strip_prefix(b"\n") {
                bytes = rest;
            }
        }
        while !bytes.is_empty() {
            match bytes.iter().position(|&b| b == b'\n' || b == b'\r') {
                None => {
                    if self.line.len() + bytes.len() > MAX_LINE {
                        return Err(SseError::LineTooLong);
                    }
                    self.line.extend_from_slice(bytes);
                    return Ok(());
                }
                Some(end) => {
                    if self.line.len() + end > MAX_LINE {
                        return Err(SseError::LineTooLong);
                    }
                    self.line.extend_from_slice(&bytes[..end]);
                    let line = std::mem::take(&mut self.line);
                    self.line(&line, out)?;
                    self.line = line;
                    self.line.clear();
                    let cr = bytes[end] == b'\r';
                    bytes = &bytes[end + 1..];
                    if cr {
                        match bytes.first() {
                            Some(b'\n') => bytes = &bytes[1..],
                            Some(_) => {}
                            None => self.after_cr = true,
                        }
                    }
                }
            }
        }
        Ok(())
    }

    /// Ends the stream: a last line without its line end is read, and an event without its
    /// closing blank line is dispatched.
    ///
    /// # Errors
    /// [`SseError`] for a last line that is not UTF-8.
    pub fn finish(&mut self, out: &mut Vec<SseEvent>) -> Result<(), SseError> {
        if !self.line.is_empty() {
            let line = std::mem::take(&mut self.line);
            self.line(&line, out)?;
        }
        self.line(b"", out)
    }

    fn line(&mut self, mut line: &[u8], out: &mut Vec<SseEvent>) -> Result<(), SseError> {
        if !self.started {
            self.started = true;
            line = line.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(line);
        }
        if line.is_empty() {
            if self.has_data {
                out.push(SseEvent {
                    event: self.event.take(),
                    data: std::mem::take(&mut self.data),
                });
            }
            self.event = None;
            self.data.clear();
            self.has_data = false;
            return Ok(());
        }
        if line[0] == b':' {
            return Ok(());
        }
        let (field, value) = match line.iter().position(|&b| b == b':') {
            Some(i) => {
                let v = &line[i + 1..];
                (&line[..i], v.strip_prefix(b" ").unwrap_or(v))
            }
            None => (line, &b""[..]),
        };
        match field {
            b"data" => {
                let v = std::str::from_utf8(value).map_err(|_| SseError::NotUtf8)?;
                if self.has_data {
                    self.data.push('\n');
                }
                self.data.push_str(v);
                self.has_data = true;
            }
            b"event" => {
                let v = std::str::from_utf8(value).map_err(|_| SseError::NotUtf8)?;
                self.event = Some(v.to_string());
            }
            _ => {}
        }
        Ok(())
    }
}

/// Parses a whole stream at once (for tests and tools).
///
/// # Errors
/// As [`SseParser::push`].
pub fn parse_all(bytes: &[u8]) -> Result<Vec<SseEvent>, SseError> {
    let mut p = SseParser::new();
    let mut out = Vec::new();
    p.push(bytes, &mut out)?;
    p.finish(&mut out)?;
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ev(event: Option<&str>, data: &str) -> SseEvent {
        SseEvent {
            event: event.map(str::to_string),
            data: data.to_string(),
        }
    }

    const STREAM: &[u8] = b"\xEF\xBB\xBF: comment\r\nevent: message_start\r\ndata: {\"a\":1}\r\n\r\ndata: line one\ndata:line two\nid: 7\nretry: 10\nunknown\n\n\rdata: \xC3\xA9t\xC3\xA9\r\rdata\n\nevent: only\n\ndata: tail";

    #[test]
    fn framing_rules() {
        let got = parse_all(STREAM).unwrap();
        assert_eq!(
            got,
            vec![
                ev(Some("message_start"), "{\"a\":1}"),
                ev(None, "line one\nline two"),
                ev(None, "été"),
                ev(None, ""),
                ev(None, "tail"),
            ]
        );
    }

    #[test]
    fn every_split_point_gives_the_same_events() {
        let whole = parse_all(STREAM).unwrap();
        for i in 0..=STREAM.len() {
            for j in i..=STREAM.len() {
                let mut p = SseParser::new();
                let mut out = Vec::new();
                p.push(&STREAM[..i], &mut out).unwrap();
                p.push(&STREAM[i..j], &mut out).unwrap();
                p.push(&STREAM[j..], &mut out).unwrap();
                p.finish(&mut out).unwrap();
                assert_eq!(out, whole, "split at {i}, {j}");
            }
        }
    }

    #[test]
    fn bad_utf8_is_an_error() {
        assert_eq!(parse_all(b"data: \xFF\n\n"), Err(SseError::NotUtf8));
    }
}
