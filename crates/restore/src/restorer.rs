//! The compiled restorer: literal keys (stand-ins and their variants, ASCII
//! lower-cased) searched leftmost-longest, plus digit variants.

use std::cell::Cell;
use std::fmt;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, OnceLock};

use crate::digits::{self, DigitTrie, Walk};
use crate::index::{IndexScratch, Keys, LitIndex, NO_PARENT, Scan};
use crate::map::Map;

/// The result of [`restore`](crate::restore) / [`Restorer::restore`].
#[derive(Clone, Default, PartialEq, Eq)]
pub struct Restored {
    /// The text with real values put back.
    pub text: String,
    /// How many stand-ins (or variants) were replaced.
    pub restored: usize,
}

impl fmt::Debug for Restored {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // The text holds personal data: print its size only.
        f.debug_struct("Restored")
            .field("text_len", &self.text.len())
            .field("restored", &self.restored)
            .finish()
    }
}

/// From this text size up, [`Restorer::restore`] works on several threads, its own
/// and the restore pool's (below it, handing pieces over costs more than it saves).
pub const PARALLEL_RESTORE: usize = 64 * 1024;

/// The size of the pieces a long text is cut into to be restored on several threads
/// ([`Restorer::restore_cut`]): small enough that the threads end close together, large
/// enough that a piece's own costs (where it starts, its buffer) do not count.
pub const PIECE: usize = 48 * 1024;

/// How long the caller's thread waits spinning for the pool's last pieces before it
/// blocks: about the time of a piece.
const SPIN: std::time::Duration = std::time::Duration::from_micros(250);

/// The most pieces a text is cut into.
const MAX_PIECES: usize = 64;

/// The cores of the machine (asked once: the answer reads the cgroup's files).
fn cores() -> usize {
    static CORES: OnceLock<usize> = OnceLock::new();
    *CORES.get_or_init(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
}

/// Whether the machine has two cores or more.
fn two_cores() -> bool {
    cores() >= 2
}

/// The threads that restore pieces of a long text beside the caller's: one fewer than
/// the cores (at most seven), started at first use and kept, so that a restore does not
/// pay for starting a thread (tens of microseconds, a tenth of a 200 KB restore). `None`
/// if they could not be started.
fn pool() -> Option<&'static rayon_core::ThreadPool> {
    static POOL: OnceLock<Option<rayon_core::ThreadPool>> = OnceLock::new();
    POOL.get_or_init(|| {
        rayon_core::ThreadPoolBuilder::new()
            .num_threads(cores().saturating_sub(1).clamp(1, 7))
            .thread_name(|i| format!("redact-restore-{i}"))
            .build()
            .ok()
    })
    .as_ref()
}

/// The helpers handed to the restore pool and not yet done, by all callers.
static HELPING: AtomicUsize = AtomicUsize::new(0);

/// Spins until `done` holds or [`SPIN`] has passed (a blocked thread took 30 to 70
/// microseconds to wake on the two-core test machine); whether it held.
fn spin_until(mut done: impl FnMut() -> bool) -> bool {
    let started = std::time::Instant::now();
    loop {
        if done() {
            return true;
        }
        if started.elapsed() >= SPIN {
            return false;
        }
        for _ in 0..64 {
            std::hint::spin_loop();
        }
    }
}

/// Runs `work` on up to `wanted` of `pool`'s threads within `scope`, as many as are not
/// already helping another call (a helper queued behind another call's would be waited for
/// at the end of the scope, after the caller did the work itself). A panic in `work` is
/// caught there: the caller does what it left undone.
fn lend_helpers<'scope, F>(
    scope: &rayon_core::Scope<'scope>,
    pool: &rayon_core::ThreadPool,
    wanted: usize,
    work: &'scope F,
) where
    F: Fn() + Sync,
{
    let free = pool
        .current_num_threads()
        .saturating_sub(HELPING.load(Ordering::Relaxed));
    for _ in 0..wanted.min(free) {
        HELPING.fetch_add(1, Ordering::Relaxed);
        scope.spawn(move |_| {
            let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(work));
            HELPING.fetch_sub(1, Ordering::Relaxed);
        });
    }
}

/// From this many entries up, [`Restorer::new`] makes the digit forms on a thread of the
/// restore pool beside the literal keys ([`Restorer::compile_beside`]).
pub const PARALLEL_COMPILE: usize = 1024;

/// A digit form in a compile: (its end in the forms' digits, rank, entry, the stand-in
/// starts with `+`).
type NumberForm = (usize, digits::FormRank, u32, bool);

/// Runs `f` with this thread's compile buffers ([`CompileScratch`]), kept for its next
/// compile up to [`SCRATCH_KEPT`] bytes.
fn with_scratch<R>(f: impl FnOnce(&mut CompileScratch) -> R) -> R {
    // The working buffers of the last compile on this thread: a small map's compile
    // allocates only what the restorer keeps.
    let mut scratch = SCRATCH.try_with(Cell::take).unwrap_or_default();
    let r = f(&mut scratch);
    if scratch.bytes() <= SCRATCH_KEPT {
        // (Not at all while the thread's locals are being destroyed.)
        let _ = SCRATCH.try_with(|s| s.set(scratch));
    }
    r
}

/// Appends the digit forms of `stand_in` (entry `entry`, of shape `shape`) to `forms`, their
/// digits to `form_digits`.
fn push_number_forms(
    stand_in: &str,
    shape: Shape,
    entry: u32,
    form_digits: &mut Vec<u8>,
    forms: &mut Vec<NumberForm>,
    digit_forms: &mut digits::FormScratch,
) {
    let plus = shape.first == B_PLUS;
    digits::for_each_number_form(stand_in, digit_forms, |form, rank| {
        form_digits.extend_from_slice(form);
        forms.push((form_digits.len(), rank, entry, plus));
    });
}

/// The trie of `forms` (in map order), whose digits are `form_digits`.
fn trie_of(form_digits: &[u8], forms: &[NumberForm]) -> DigitTrie {
    // Room for the most nodes the forms can need (and the root).
    let mut digits = DigitTrie::with_capacity(form_digits.len() + 1);
    let mut from = 0;
    for &(end, rank, entry, plus) in forms {
        digits.add(
            form_digits.get(from..end).unwrap_or_default(),
            rank,
            entry,
            plus,
        );
        from = end;
    }
    digits
}

/// The digit forms' trie of `map`'s entries, as [`Restorer::compile_with`] makes it with the
/// keys.
fn digit_trie<'a>(
    map: impl Iterator<Item = (&'a str, &'a str)>,
    scratch: &mut CompileScratch,
) -> DigitTrie {
    let CompileScratch {
        form_digits,
        forms,
        digit_forms,
        ..
    } = scratch;
    form_digits.clear();
    forms.clear();
    for (i, (stand_in, _)) in map.enumerate() {
        let Ok(entry) = u32::try_from(i) else { break };
        let shape = Shape::of(stand_in);
        if shape.number_chars() {
            push_number_forms(stand_in, shape, entry, form_digits, forms, digit_forms);
        }
    }
    trie_of(form_digits, forms)
}

/// Where a text of `len` bytes is cut for [`Restorer::pieces_into`]: pieces of about
/// [`PIECE`] bytes, at least two a thread, at most [`MAX_PIECES`].
fn even_cuts(len: usize) -> Vec<usize> {
    let threads = cores().clamp(2, 8);
    let n = (len / PIECE).clamp(2 * threads, MAX_PIECES);
    (1..n).map(|i| len / n * i).collect()
}

/// The largest character boundary of `text` at or before `at` (`at <= text.len()`).
fn floor_char_boundary(text: &str, mut at: usize) -> usize {
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

/// What [`Restorer::restore_partial`] did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Progress {
    /// Bytes of the input that are final: their restored form was written.
    /// The rest (`&text[consumed..]`) must be offered again, followed by more
    /// text. Always a char boundary; equal to the length with `at_end`.
    pub consumed: usize,
    /// Replacements written.
    pub restored: usize,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum TargetKind {
    /// The stand-in itself (matched ASCII-case-insensitively).
    StandIn = 0,
    /// Its Unicode upper- or lower-case form (non-ASCII letters).
    UnicodeCase = 1,
    /// The same characters with other spacing (IBAN grouping): real verbatim.
    Spacing = 2,
}

#[derive(Debug, Clone, Copy)]
struct Target {
    kind: TargetKind,
    entry: u32,
}

#[derive(Clone)]
struct Entry {
    /// The stand-in is `strings[start..mid]`, the real value `strings[mid..end]`
    /// ([`Restorer::stand_in`], [`Restorer::real`]): one allocation for all.
    start: usize,
    mid: usize,
    end: usize,
    /// Stand-in contains '@': restore the real value verbatim whatever the case.
    email: bool,
    /// Stand-in has no upper-case letter.
    all_lower: bool,
    /// Stand-in is one capitalised word of letters (a name or a name part, `Clark`,
    /// `O'Brien`, `Smith-Jones`): it matches only text that starts with an upper-case
    /// letter, never a word of lower-case prose.
    capitalised_word: bool,
}

/// Whether `stand_in` is one word of letters (apostrophes and hyphens inside) whose first
/// letter is upper case.
fn is_capitalised_word(stand_in: &str) -> bool {
    stand_in.chars().next().is_some_and(char::is_uppercase)
        && stand_in
            .chars()
            .all(|c| c.is_alphabetic() || matches!(c, '\'' | '\u{2019}' | '-'))
}

/// `(all_lower, capitalised_word)` of an [`Entry`] for `stand_in`: it has no
/// upper-case letter; [`is_capitalised_word`]. An ASCII stand-in (most of
/// them) is read byte by byte, without decoding characters.
#[inline(never)]
fn case_flags(stand_in: &str) -> (bool, bool) {
    let bytes = stand_in.as_bytes();
    if bytes.is_ascii() {
        let all_lower = !bytes.iter().any(u8::is_ascii_uppercase);
        let capitalised = bytes.first().is_some_and(u8::is_ascii_uppercase)
            && bytes
                .iter()
                .all(|&b| b.is_ascii_alphabetic() || matches!(b, b'\'' | b'-'));
        return (all_lower, capitalised);
    }
    (
        !stand_in.chars().any(char::is_uppercase),
        is_capitalised_word(stand_in),
    )
}

/// Byte categories of [`Shape`], one bit each: every byte is in exactly one.
const B_UPPER: u16 = 1;
const B_LOWER: u16 = 1 << 1;
const B_DIGIT: u16 = 1 << 2;
const B_SPACE: u16 = 1 << 3;
const B_HYPHEN: u16 = 1 << 4;
const B_APOS: u16 = 1 << 5;
/// `.`, `(`, `)`, `/`: the number separators other than space and `-`.
const B_NUMSEP: u16 = 1 << 6;
const B_AT: u16 = 1 << 7;
const B_PLUS: u16 = 1 << 8;
/// A byte of a multi-byte character.
const B_NONASCII: u16 = 1 << 9;
/// Any other ASCII byte.
const B_OTHER: u16 = 1 << 10;

/// The category of each byte.
const BYTE_CATEGORY: [u16; 256] = {
    let mut table = [0u16; 256];
    let mut i = 0;
    while i < 256 {
        let b = i as u8;
        table[i] = match b {
            b'A'..=b'Z' => B_UPPER,
            b'a'..=b'z' => B_LOWER,
            b'0'..=b'9' => B_DIGIT,
            b' ' => B_SPACE,
            b'-' => B_HYPHEN,
            b'\'' => B_APOS,
            b'.' | b'(' | b')' | b'/' => B_NUMSEP,
            b'@' => B_AT,
            b'+' => B_PLUS,
            0x80..=0xFF => B_NONASCII,
            _ => B_OTHER,
        };
        i += 1;
    }
    table
};

/// The byte categories a stand-in has, from one pass over its bytes: what
/// the per-entry flags and the gates of its variants (IBAN spacing, digit
/// forms) read, instead of a pass each.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Shape {
    /// The category of the first byte (0 for an empty stand-in).
    first: u16,
    /// The categories of the other bytes, OR-ed.
    rest: u16,
}

impl Shape {
    fn of(stand_in: &str) -> Shape {
        let Some((&b0, rest)) = stand_in.as_bytes().split_first() else {
            return Shape { first: 0, rest: 0 };
        };
        let rest = rest
            .iter()
            .fold(0, |acc, &b| acc | BYTE_CATEGORY[usize::from(b)]);
        Shape {
            first: BYTE_CATEGORY[usize::from(b0)],
            rest,
        }
    }

    fn all(self) -> u16 {
        self.first | self.rest
    }

    /// All bytes ASCII.
    fn ascii(self) -> bool {
        self.all() & B_NONASCII == 0
    }

    /// Some ASCII upper-case letter.
    fn has_ascii_upper(self) -> bool {
        self.all() & B_UPPER != 0
    }

    /// Contains `@`.
    fn email(self) -> bool {
        self.all() & B_AT != 0
    }

    /// Only capitals, digits and spaces, a capital first: what [`iban_compact`]
    /// asks first (its shape starts with two capitals, and no space starts it).
    fn iban_chars(self) -> bool {
        self.first == B_UPPER && self.all() & !(B_UPPER | B_DIGIT | B_SPACE) == 0
    }

    /// Only digits, space, `-`, `.`, `(`, `)`, `/`, and `+` as the first
    /// byte: the characters of a number-like stand-in, the only ones
    /// [`digits::for_each_number_form`] is given.
    fn number_chars(self) -> bool {
        let sep = B_DIGIT | B_SPACE | B_HYPHEN | B_NUMSEP;
        self.first & !(sep | B_PLUS) == 0 && self.rest & !sep == 0
    }

    /// [`case_flags`] of the stand-in, read from its categories when it is
    /// ASCII (inlined: a few instructions; the characters of another are read
    /// out of line).
    #[inline]
    fn case_flags(self, stand_in: &str) -> (bool, bool) {
        if !self.ascii() {
            return case_flags(stand_in);
        }
        let all_lower = !self.has_ascii_upper();
        let capitalised =
            self.first == B_UPPER && self.rest & !(B_UPPER | B_LOWER | B_APOS | B_HYPHEN) == 0;
        (all_lower, capitalised)
    }
}

/// Whether a match whose first character is upper case (`first_upper`) may be read as
/// `entry`: a capitalised one-word stand-in needs an upper-case first letter (`Clark`,
/// `CLARK`), so `clark` in lower-case prose stays.
fn case_allows(entry: &Entry, first_upper: bool) -> bool {
    !entry.capitalised_word || first_upper
}

/// A [`Map`] compiled for restoring many texts or streams.
///
/// Build once per map (the build is linear in the total size of the
/// stand-ins), then call [`restore`](Restorer::restore) for each text. Cheap to
/// share behind an `Arc` (`Send + Sync`). `Debug` prints no stand-in or value.
#[derive(Clone)]
pub struct Restorer {
    entries: Box<[Entry]>,
    /// The stand-ins and real values of `entries`, one after the other.
    strings: Box<str>,
    /// ASCII-lower-cased literal keys, sorted, unique. Pattern id = index.
    keys: Keys,
    /// For key `i`, `targets[target_ranges[i]..target_ranges[i+1]]`, in
    /// priority order.
    target_ranges: Vec<u32>,
    targets: Vec<Target>,
    /// Longest key that is a proper prefix of key `i`, or `NO_PARENT`.
    parent: Vec<u32>,
    index: LitIndex,
    digits: DigitTrie,
    max_key_len: usize,
}

impl fmt::Debug for Restorer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Restorer")
            .field("stand_ins", &self.entries.len())
            .field("keys", &self.keys.len())
            .field("digit_variants", &!self.digits.is_empty())
            .field("max_match_len", &self.max_match_len())
            .finish_non_exhaustive()
    }
}

impl Default for Restorer {
    fn default() -> Restorer {
        Restorer::new(&Map::new())
    }
}

impl From<&Map> for Restorer {
    fn from(map: &Map) -> Restorer {
        Restorer::new(map)
    }
}

/// IBAN shape: two letters, two digits, 11–30 letters or digits, written
/// with single spaces or none. Returns the compact form.
fn iban_compact(stand_in: &str) -> Option<String> {
    if !stand_in
        .bytes()
        .all(|b| b.is_ascii_uppercase() || b.is_ascii_digit() || b == b' ')
        || stand_in.starts_with(' ')
        || stand_in.ends_with(' ')
        || stand_in.contains("  ")
    {
        return None;
    }
    // The shape first, on the bytes: most stand-ins here (numbers) fail it, and
    // need no compact copy.
    let mut len = 0;
    let mut head = [0u8; 4];
    for b in stand_in.bytes().filter(|&b| b != b' ') {
        if let Some(h) = head.get_mut(len) {
            *h = b;
        }
        len += 1;
    }
    let shaped = (15..=34).contains(&len)
        && head[..2].iter().all(u8::is_ascii_uppercase)
        && head[2..].iter().all(u8::is_ascii_digit);
    shaped.then(|| stand_in.chars().filter(|&c| c != ' ').collect())
}

/// The first eight bytes of `key` as a big-endian number (zero-padded): a
/// smaller prefix means a smaller key, equal prefixes decide nothing.
fn key_prefix(key: &[u8]) -> u64 {
    let mut head = [0u8; 8];
    let n = key.len().min(8);
    head[..n].copy_from_slice(&key[..n]);
    u64::from_be_bytes(head)
}

fn iban_grouped(compact: &str) -> String {
    let mut out = String::with_capacity(compact.len() + compact.len() / 4);
    for (i, c) in compact.chars().enumerate() {
        if i > 0 && i % 4 == 0 {
            out.push(' ');
        }
        out.push(c);
    }
    out
}

/// Appends the key of `s`'s Unicode upper-case form (`s.to_uppercase()`
/// once ASCII-lower-cased) to `out`, but for its ASCII letters, appended as
/// they are: the caller ASCII-lower-cases the key. Each character is
/// upper-cased on its own, as `str::to_uppercase` does; runs of ASCII are
/// copied at once.
fn push_upper(out: &mut Vec<u8>, s: &str) {
    push_case_mapped(out, s, char::to_uppercase);
}

/// [`push_upper`] for the lower-case form (`s.to_lowercase()`). A capital
/// sigma's lower case depends on its neighbours: a stand-in with one is
/// lower-cased by `str::to_lowercase` itself.
fn push_lower(out: &mut Vec<u8>, s: &str) {
    if s.contains('\u{3a3}') {
        out.extend_from_slice(s.to_lowercase().as_bytes());
        return;
    }
    push_case_mapped(out, s, char::to_lowercase);
}

/// Appends `s` with each non-ASCII character mapped by `map`, the ASCII bytes
/// as they are.
fn push_case_mapped<I: Iterator<Item = char>>(out: &mut Vec<u8>, s: &str, map: impl Fn(char) -> I) {
    out.reserve(s.len());
    let mut rest = s;
    while !rest.is_empty() {
        let ascii = rest
            .bytes()
            .position(|b| !b.is_ascii())
            .unwrap_or(rest.len());
        let (run, tail) = rest.split_at(ascii);
        out.extend_from_slice(run.as_bytes());
        let mut chars = tail.chars();
        if let Some(c) = chars.next() {
            let mut buf = [0u8; 4];
            for m in map(c) {
                out.extend_from_slice(m.encode_utf8(&mut buf).as_bytes());
            }
        }
        rest = chars.as_str();
    }
}

/// A key before grouping: (its prefix ([`key_prefix`]), its start and end in the
/// compile's key bytes, its target).
type RawKey = (u64, usize, usize, Target);

/// Fills `order` with `raw` sorted by (key, kind, entry), the keys being
/// `raw_bytes[start..end]`, equal ones in `raw`'s order: each element's prefix and
/// index in `raw`. The prefixes alone (numbers, compared as such) order most
/// keys; only a run of equal prefixes compares whole keys.
fn sort_raw(raw: &[RawKey], raw_bytes: &[u8], order: &mut Vec<(u64, u32)>) {
    order.clear();
    order.extend(raw.iter().enumerate().map(|(i, r)| (r.0, i as u32)));
    // (A stable sort: it finds the runs the map's order leaves, most of it.)
    // Equal prefixes end in index order.
    order.sort();
    let key_of = |start: usize, end: usize| raw_bytes.get(start..end).unwrap_or_default();
    let n = order.len();
    let mut i = 0;
    while i + 1 < n {
        let prefix = order[i].0;
        if order[i + 1].0 != prefix {
            i += 1;
            continue;
        }
        let mut j = i + 2;
        while j < n && order[j].0 == prefix {
            j += 1;
        }
        order[i..j].sort_by(
            |a, b| match (raw.get(a.1 as usize), raw.get(b.1 as usize)) {
                (Some(a), Some(b)) => key_of(a.1, a.2)
                    .cmp(key_of(b.1, b.2))
                    .then(a.3.kind.cmp(&b.3.kind))
                    .then(a.3.entry.cmp(&b.3.entry)),
                _ => std::cmp::Ordering::Equal,
            },
        );
        i = j;
    }
}

/// The working buffers of [`Restorer::compile`]: what it builds the restorer
/// from and does not keep. Each thread keeps those of its last compile (up
/// to [`SCRATCH_KEPT`] bytes), so that a compile allocates only what the
/// restorer holds. They hold stand-ins (made up, not personal data).
#[derive(Default)]
struct CompileScratch {
    raw: Vec<RawKey>,
    /// `raw` in key order: (key prefix, index in `raw`).
    order: Vec<(u64, u32)>,
    raw_bytes: Vec<u8>,
    form_digits: Vec<u8>,
    forms: Vec<NumberForm>,
    digit_forms: digits::FormScratch,
    stack: Vec<usize>,
    index: IndexScratch,
}

impl CompileScratch {
    /// The bytes the buffers hold on to.
    fn bytes(&self) -> usize {
        fn held<T>(v: &Vec<T>) -> usize {
            v.capacity() * std::mem::size_of::<T>()
        }
        held(&self.raw)
            + held(&self.order)
            + held(&self.raw_bytes)
            + held(&self.form_digits)
            + held(&self.forms)
            + self.digit_forms.bytes()
            + held(&self.stack)
            + self.index.bytes()
    }
}

/// The most bytes of [`CompileScratch`] a thread keeps after a compile (those of
/// a map of several thousand entries); a larger map's are freed.
const SCRATCH_KEPT: usize = 1 << 20;

thread_local! {
    static SCRATCH: Cell<CompileScratch> = Cell::default();
}

impl Restorer {
    /// Compiles `map`.
    pub fn new(map: &Map) -> Restorer {
        if map.len() >= PARALLEL_COMPILE && two_cores() {
            return Restorer::compile_beside(map.iter());
        }
        Restorer::compile(map.iter())
    }

    /// Compiles the map made of `pairs` (stand-in, real), without building it: the
    /// restorer [`Restorer::new`] makes of `Map::from_pairs(pairs)`, for a caller that
    /// holds the entries already (a stream's check of one piece with a few thousand entries
    /// of a large map). An empty stand-in is left out; of a stand-in given twice the first
    /// pair is kept (a [`Map`] would refuse a second real value).
    pub fn from_pairs<'a>(pairs: impl IntoIterator<Item = (&'a str, &'a str)>) -> Restorer {
        let mut pairs: Vec<(&str, &str)> = pairs.into_iter().filter(|p| !p.0.is_empty()).collect();
        // In the map's order (by stand-in), which decides between keys that fold alike; a
        // stable sort keeps the first of a stand-in given twice first.
        pairs.sort_by(|a, b| a.0.cmp(b.0));
        pairs.dedup_by(|b, a| a.0 == b.0);
        Restorer::compile(pairs.iter().copied())
    }

    /// Compiles `map`'s entries, sorted by stand-in, each stand-in once and none empty.
    fn compile<'a, I>(map: I) -> Restorer
    where
        I: ExactSizeIterator<Item = (&'a str, &'a str)> + Clone,
    {
        // The working buffers of the last compile on this thread: a small map's compile
        // allocates only what the restorer keeps.
        with_scratch(|scratch| Restorer::compile_with(map, scratch, None::<fn() -> DigitTrie>))
    }

    /// [`Restorer::compile`] of a large map with its digit forms made on a thread of the
    /// restore pool while this one makes the literal keys, sorts them and chains their
    /// prefixes (the forms are about a fifth of a compile): the same restorer.
    fn compile_beside<'a, I>(map: I) -> Restorer
    where
        I: ExactSizeIterator<Item = (&'a str, &'a str)> + Clone + Sync,
    {
        let Some(pool) = pool() else {
            return Restorer::compile(map);
        };
        // Whoever begins the forms first makes them: the pool's thread, holding `made`
        // while it does, or this one, when it needs them and the pool's has not begun.
        let claimed = std::sync::atomic::AtomicBool::new(false);
        let made: Mutex<Option<DigitTrie>> = Mutex::new(None);
        let forms = || {
            let Ok(mut slot) = made.lock() else { return };
            if !claimed.swap(true, Ordering::AcqRel) {
                *slot = Some(with_scratch(|scratch| digit_trie(map.clone(), scratch)));
            }
        };
        pool.in_place_scope(|scope| {
            lend_helpers(scope, pool, 1, &forms);
            with_scratch(|scratch| {
                Restorer::compile_with(
                    map.clone(),
                    scratch,
                    Some(|| {
                        let here = || with_scratch(|scratch| digit_trie(map.clone(), scratch));
                        if !claimed.swap(true, Ordering::AcqRel) {
                            return here();
                        }
                        // Begun on the pool's thread: done once `made` is free (or made here
                        // if that thread failed).
                        let mut free = None;
                        spin_until(|| {
                            free = made.try_lock().ok();
                            free.is_some()
                        });
                        let trie = match free {
                            Some(mut m) => m.take(),
                            None => made.lock().ok().and_then(|mut m| m.take()),
                        };
                        trie.unwrap_or_else(here)
                    }),
                )
            })
        })
    }

    /// Compiles `map` with `scratch`. `beside`: where the digit forms' trie comes from when
    /// another thread makes it ([`Restorer::compile_beside`]; called once the literal keys
    /// are made); without, the forms are made here with the keys.
    fn compile_with<'a, I, F>(map: I, scratch: &mut CompileScratch, beside: Option<F>) -> Restorer
    where
        I: ExactSizeIterator<Item = (&'a str, &'a str)> + Clone,
        F: FnOnce() -> DigitTrie,
    {
        let forms_here = beside.is_none();
        let n = map.len();
        let (stand_in_bytes, real_bytes) = map.clone().fold((0, 0), |(s, r), (stand_in, real)| {
            (s + stand_in.len(), r + real.len())
        });
        let mut entries = Vec::with_capacity(n);
        let mut strings = String::with_capacity(stand_in_bytes + real_bytes);
        // (key prefix, key, target) before grouping: the prefix (the key's first
        // bytes as a big-endian number) orders most pairs without reading the keys.
        // The key is `raw_bytes[start..end]`, for (prefix, start, end, target).
        // Sized for the stand-ins and a few variants: a vector reserved far
        // larger (twice the map) was, for a large map, a block glibc's malloc
        // handed back to the system and faulted in again on every compile.
        let CompileScratch {
            raw,
            order,
            raw_bytes,
            form_digits,
            forms,
            digit_forms,
            stack,
            index: index_scratch,
        } = scratch;
        raw.clear();
        raw.reserve(n + n / 8 + 16);
        raw_bytes.clear();
        raw_bytes.reserve(stand_in_bytes + stand_in_bytes / 8 + 256);
        // The digit forms, one after the other in `form_digits`, and for each
        // (its end there, rank, entry, stand-in starts with '+'). Sized for a
        // few forms per stand-in: fewer reallocations while they grow.
        form_digits.clear();
        form_digits.reserve(stand_in_bytes);
        forms.clear();
        forms.reserve(n / 2 + 4);
        for (i, (stand_in, real)) in map.enumerate() {
            let Ok(entry) = u32::try_from(i) else { break };
            let start = strings.len();
            strings.push_str(stand_in);
            let mid = strings.len();
            strings.push_str(real);
            let shape = Shape::of(stand_in);
            let (all_lower, capitalised_word) = shape.case_flags(stand_in);
            entries.push(Entry {
                start,
                mid,
                end: strings.len(),
                email: shape.email(),
                all_lower,
                capitalised_word,
            });
            // The stand-in's key: ASCII-lower-cased, appended to `raw_bytes`.
            let base = (raw_bytes.len(), raw_bytes.len() + stand_in.len());
            raw_bytes.extend_from_slice(stand_in.as_bytes());
            if shape.has_ascii_upper()
                && let Some(key) = raw_bytes.get_mut(base.0..)
            {
                key.make_ascii_lowercase();
            }
            // A variant key, the bytes from `start` on: ASCII-lower-cased, kept if it
            // differs from the stand-in's (and is not empty).
            let variant_key = |raw: &mut Vec<_>, raw_bytes: &mut Vec<u8>, start, kind| {
                let end = raw_bytes.len();
                let k = raw_bytes.get_mut(start..end).unwrap_or_default();
                k.make_ascii_lowercase();
                let k = raw_bytes.get(start..end).unwrap_or_default();
                if k != raw_bytes.get(base.0..base.1).unwrap_or_default() && !k.is_empty() {
                    raw.push((key_prefix(k), start, end, Target { kind, entry }));
                } else {
                    raw_bytes.truncate(start);
                }
            };
            if !shape.ascii() {
                let start = raw_bytes.len();
                push_upper(raw_bytes, stand_in);
                variant_key(raw, raw_bytes, start, TargetKind::UnicodeCase);
                let start = raw_bytes.len();
                push_lower(raw_bytes, stand_in);
                variant_key(raw, raw_bytes, start, TargetKind::UnicodeCase);
            }
            if shape.iban_chars()
                && let Some(compact) = iban_compact(stand_in)
            {
                for variant in [iban_grouped(&compact), compact] {
                    let start = raw_bytes.len();
                    raw_bytes.extend_from_slice(variant.as_bytes());
                    variant_key(raw, raw_bytes, start, TargetKind::Spacing);
                }
            }
            // (The order of `raw` does not matter: it is sorted below.)
            raw.push((
                key_prefix(raw_bytes.get(base.0..base.1).unwrap_or_default()),
                base.0,
                base.1,
                Target {
                    kind: TargetKind::StandIn,
                    entry,
                },
            ));
            if forms_here && shape.number_chars() {
                push_number_forms(stand_in, shape, entry, form_digits, forms, digit_forms);
            }
        }
        let digits_here = |form_digits: &[u8], forms: &[NumberForm]| trie_of(form_digits, forms);
        // Ordered by (key, kind, entry).
        let raw_bytes = &*raw_bytes;
        let key_of = |start: usize, end: usize| raw_bytes.get(start..end).unwrap_or_default();
        sort_raw(raw, raw_bytes, order);

        let mut keys = Keys::with_capacity(raw.len(), raw_bytes.len());
        let mut target_ranges = Vec::with_capacity(raw.len() + 1);
        target_ranges.push(0u32);
        let mut targets = Vec::with_capacity(raw.len());
        for &(_, i) in order.iter() {
            let Some(&(_, start, end, t)) = raw.get(i as usize) else {
                continue;
            };
            let k = key_of(start, end);
            if keys.last() != Some(k) {
                if !keys.is_empty() {
                    target_ranges.push(targets.len() as u32);
                }
                if !keys.push(k) {
                    break;
                }
            }
            targets.push(t);
        }
        target_ranges.push(targets.len() as u32);

        // Prefix chains: in sorted order the keys that are prefixes of a key
        // are exactly those left on a stack of mutual prefixes.
        let mut parent = Vec::with_capacity(keys.len());
        stack.clear();
        for (i, k) in keys.iter().enumerate() {
            while let Some(&top) = stack.last() {
                if k.starts_with(&keys[top]) {
                    break;
                }
                stack.pop();
            }
            parent.push(stack.last().map_or(NO_PARENT, |&p| p as u32));
            stack.push(i);
        }

        let digits = match beside {
            Some(beside) => beside(),
            None => digits_here(form_digits, forms),
        };
        let max_key_len = keys.iter().map(|k| k.len()).max().unwrap_or(0);
        let index = LitIndex::new(&keys, |b| digits.starts_with_digit(b), index_scratch);
        Restorer {
            // Both sized exactly: boxing them copies nothing.
            entries: entries.into_boxed_slice(),
            strings: strings.into_boxed_str(),
            keys,
            target_ranges,
            targets,
            parent,
            index,
            digits,
            max_key_len,
        }
    }

    /// The stand-in of `e`, as bytes (compared, never written).
    fn stand_in(&self, e: &Entry) -> &[u8] {
        self.strings
            .as_bytes()
            .get(e.start..e.mid)
            .unwrap_or_default()
    }

    fn real(&self, e: &Entry) -> &str {
        self.strings.get(e.mid..e.end).unwrap_or_default()
    }

    /// Number of stand-ins compiled.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether the map was empty (restore is then the identity).
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// An upper bound, in bytes, on the length of any match (a stand-in or a
    /// tolerated variant of it), not counting the one character of lookahead
    /// needed to check the end of a word. A stream never holds back more.
    pub fn max_match_len(&self) -> usize {
        self.max_key_len.max(self.digits.max_variant_len())
    }

    /// Restores `text` in one go.
    pub fn restore(&self, text: &str) -> Restored {
        let mut out = String::with_capacity(text.len() + text.len() / 8);
        let restored = self.restore_into(text, &mut out);
        Restored {
            text: out,
            restored,
        }
    }

    /// Restores `text`, appending the result to `out`; returns the number of
    /// replacements. A text of [`PARALLEL_RESTORE`] bytes or more is restored
    /// in pieces of about [`PIECE`] bytes on this thread and the restore pool's
    /// when the machine has two cores or more ([`Restorer::restore_cut`]): the
    /// same result.
    pub fn restore_into(&self, text: &str, out: &mut String) -> usize {
        if text.len() >= PARALLEL_RESTORE && !self.is_empty() && two_cores() {
            return self
                .pieces_into(text, None, &even_cuts(text.len()), true, out)
                .restored;
        }
        self.restore_partial(text, None, true, out).restored
    }

    /// [`Restorer::restore`] of `text` cut at `mid` (rounded down to a
    /// character boundary), the two parts on this thread and the restore
    /// pool's: the first part as a stream's first piece
    /// ([`Restorer::restore_partial`], not at the end), the rest from where
    /// that piece stops, [`Restorer::pending_start`] of it, which is where it
    /// stops unless a match there runs past it (then the rest is restored again
    /// from where it did stop). Gives exactly what `restore` gives, by the
    /// streaming contract, whatever `mid`.
    pub fn restore_split(&self, text: &str, mid: usize) -> Restored {
        self.restore_cut(text, &[mid])
    }

    /// [`Restorer::restore_split`] with any number of cuts: the pieces between
    /// them restored on this thread and the pool's ([`Restorer::restore`] cuts a
    /// long text into pieces of about [`PIECE`] bytes). Gives exactly what
    /// `restore` gives, wherever the cuts fall (in any order, repeated, inside
    /// a stand-in or a character).
    pub fn restore_cut(&self, text: &str, cuts: &[usize]) -> Restored {
        let mut out = String::with_capacity(text.len() + text.len() / 8);
        let restored = self.pieces_into(text, None, cuts, true, &mut out).restored;
        Restored {
            text: out,
            restored,
        }
    }

    /// [`Restorer::restore_partial`] of `text`, not at its end, in pieces on this thread and
    /// the restore pool's when it is [`PARALLEL_RESTORE`] bytes or more and the machine has
    /// two cores: the same output and progress (as [`Restorer::restore_partial_split`] at
    /// any cut).
    pub fn restore_partial_parallel(
        &self,
        text: &str,
        before: Option<char>,
        out: &mut String,
    ) -> Progress {
        if text.len() >= PARALLEL_RESTORE && !self.is_empty() && two_cores() {
            return self.pieces_into(text, before, &even_cuts(text.len()), false, out);
        }
        self.restore_partial(text, before, false, out)
    }

    /// [`Restorer::restore_partial`] of `text`, not at its end, cut at `mid` (rounded down to
    /// a character boundary) as [`Restorer::restore_split`] cuts: the part before `mid` as
    /// one piece of a stream on this thread, the rest from where that piece stops
    /// ([`Restorer::pending_start`]) as the next on another thread; where a match ran past
    /// that place, the rest again from where the first piece did stop. By the streaming
    /// contract the same output and progress as one call, whatever `mid`.
    pub fn restore_partial_split(
        &self,
        text: &str,
        before: Option<char>,
        mid: usize,
        out: &mut String,
    ) -> Progress {
        self.restore_partial_cut(text, before, &[mid], out)
    }

    /// [`Restorer::restore_partial_split`] with any number of cuts, as
    /// [`Restorer::restore_cut`] takes them: the same output and progress as one call of
    /// [`Restorer::restore_partial`] (not at the end), wherever the cuts fall.
    pub fn restore_partial_cut(
        &self,
        text: &str,
        before: Option<char>,
        cuts: &[usize],
        out: &mut String,
    ) -> Progress {
        self.pieces_into(text, before, cuts, false, out)
    }

    /// The restore of `text` in pieces cut at `cuts` (each rounded down to a character
    /// boundary; sorted, repeats dropped), on this thread and the pool's threads
    /// ([`pool`]): piece `i` runs from where the piece before it is expected to stop,
    /// [`Restorer::pending_start`] of the text up to its cut, to the next cut, as one
    /// piece of a stream ([`Restorer::restore_partial`], at the end for the last with
    /// `at_end`). Both threads take the next piece not taken yet, this thread the first
    /// one straight into `out`; the rest are joined in order, and a piece that did not
    /// start where the one before it stopped (a match ran past the cut) is restored
    /// again from there. By the streaming contract the same output and progress as one
    /// call.
    fn pieces_into(
        &self,
        text: &str,
        before: Option<char>,
        cuts: &[usize],
        at_end: bool,
        out: &mut String,
    ) -> Progress {
        let len = text.len();
        let mut ends: Vec<usize> = cuts
            .iter()
            .map(|&c| floor_char_boundary(text, c.min(len)))
            .filter(|&c| c > 0 && c < len)
            .collect();
        ends.sort_unstable();
        ends.dedup();
        ends.push(len);
        let n = ends.len();
        // Where each piece is expected to start: where a stream given the text up
        // to the cut before it would stop.
        let starts: Vec<usize> = std::iter::once(0)
            .chain(
                ends[..n - 1]
                    .iter()
                    .map(|&c| self.pending_start(&text[..c], before)),
            )
            .collect();
        let before_at = |at: usize| {
            if at == 0 {
                before
            } else {
                text[..at].chars().next_back()
            }
        };
        let piece = |i: usize, out: &mut String| {
            let (s, e) = (starts[i], ends[i]);
            let s = s.min(e);
            self.restore_partial(&text[s..e], before_at(s), at_end && i + 1 == n, out)
        };
        // Pieces 1.. restored by whichever thread takes them first, each into its own
        // slot; `finished` counts them.
        let slots: Vec<Mutex<Option<(String, Progress)>>> =
            (0..n).map(|_| Mutex::new(None)).collect();
        let next = AtomicUsize::new(1);
        let finished = AtomicUsize::new(1);
        let take_pieces = || {
            loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= n {
                    break;
                }
                let size = ends[i] - starts[i].min(ends[i]);
                let mut b = String::with_capacity(size + size / 8);
                let p = piece(i, &mut b);
                if let Ok(mut slot) = slots[i].lock() {
                    *slot = Some((b, p));
                }
                finished.fetch_add(1, Ordering::Release);
            }
        };
        let head = if n > 1
            && let Some(pool) = pool()
        {
            pool.in_place_scope(|scope| {
                // (A piece that panicked on the pool's thread is restored again below.)
                lend_helpers(scope, pool, pool.current_num_threads(), &take_pieces);
                let head = piece(0, out);
                take_pieces();
                // The pool's last pieces: waited for here a little, then in the scope,
                // which blocks.
                spin_until(|| finished.load(Ordering::Acquire) >= n);
                head
            })
        } else {
            let head = piece(0, out);
            take_pieces();
            head
        };
        let mut at = head.consumed;
        let mut restored = head.restored;
        for (i, slot) in slots.into_iter().enumerate().skip(1) {
            let last = i + 1 == n;
            if at >= ends[i] && !last {
                // A match ran past this whole piece.
                continue;
            }
            let done = slot.into_inner().ok().flatten();
            let p = match done {
                Some((b, p)) if starts[i] == at => {
                    out.push_str(&b);
                    p
                }
                _ => self.restore_partial(&text[at..ends[i]], before_at(at), at_end && last, out),
            };
            at += p.consumed;
            restored += p.restored;
        }
        Progress {
            consumed: at,
            restored,
        }
    }

    /// The incremental form that streaming is built on.
    ///
    /// `text` is the not-yet-final part of a longer text, `before` the
    /// character just before it in that text (`None` at its start). Appends to
    /// `out` the restored form of the longest prefix of `text` whose output
    /// can no longer change whatever follows, and returns its length as
    /// `consumed`. With `at_end` the text is complete and everything is
    /// consumed.
    ///
    /// Feeding a text piece by piece (each time `&text[consumed..]` followed
    /// by the next piece, `before` the last char consumed so far), then once
    /// with `at_end`, writes exactly what [`Restorer::restore`] writes for the
    /// whole text. What is not consumed starts where a match could still
    /// begin ([`Restorer::pending_start`]), so it is at most
    /// [`max_match_len`](Restorer::max_match_len) bytes long.
    pub fn restore_partial(
        &self,
        text: &str,
        before: Option<char>,
        at_end: bool,
        out: &mut String,
    ) -> Progress {
        if self.is_empty() {
            out.push_str(text);
            return Progress {
                consumed: text.len(),
                restored: 0,
            };
        }
        let hay = text.as_bytes();
        let len = hay.len();
        let mut pending = if at_end {
            len
        } else {
            self.pending_from(text, 0, before)
        };
        let mut pos = 0;
        let mut emitted = 0;
        let mut restored = 0;
        let mut scan = Scan::default();
        loop {
            if pos > pending {
                pending = self.pending_from(text, pos, before);
            }
            let Some((start, key, digit)) =
                self.index
                    .next_event(&self.keys, &self.parent, &self.digits, hay, pos, &mut scan)
            else {
                break;
            };
            if start >= pending {
                break;
            }
            let prev = prev_char(text, start, before);
            match self.decide(text, start, prev, at_end, key, digit) {
                Some((end, choice)) => {
                    out.push_str(&text[emitted..start]);
                    self.write_replacement(out, text, start..end, choice);
                    restored += 1;
                    emitted = end;
                    pos = end;
                }
                None => {
                    pos = start + text[start..].chars().next().map_or(1, char::len_utf8);
                }
            }
        }
        let consumed = pending.max(emitted).min(len);
        out.push_str(&text[emitted..consumed]);
        Progress { consumed, restored }
    }

    /// [`Restorer::restore_partial`] as it was before the literal index: the
    /// literal matches of `finder` and a separate scan for digit variants.
    /// The reference the tests compare with.
    #[cfg(test)]
    pub(crate) fn restore_partial_with(
        &self,
        text: &str,
        before: Option<char>,
        at_end: bool,
        out: &mut String,
        mut finder: impl LitFinder,
    ) -> Progress {
        if self.is_empty() {
            out.push_str(text);
            return Progress {
                consumed: text.len(),
                restored: 0,
            };
        }
        let hay = text.as_bytes();
        let len = hay.len();
        let mut pending = if at_end {
            len
        } else {
            self.pending_from(text, 0, before)
        };
        let mut next_digit: Option<Option<usize>> = None;
        let mut pos = 0;
        let mut emitted = 0;
        let mut restored = 0;
        loop {
            if pos > pending {
                pending = self.pending_from(text, pos, before);
            }
            let lit = finder.find(hay, pos);
            let dig = if self.digits.is_empty() {
                None
            } else {
                let d = match next_digit {
                    Some(Some(d)) if d >= pos => Some(d),
                    Some(None) => None,
                    _ => {
                        let d = self.next_digit_start(hay, pos);
                        next_digit = Some(d);
                        d
                    }
                };
                d.map(|d| {
                    if d > pos && matches!(hay[d - 1], b'+' | b'(') {
                        d - 1
                    } else {
                        d
                    }
                })
            };
            let start = match (lit, dig) {
                (Some(l), Some(d)) => l.start.min(d),
                (Some(l), None) => l.start,
                (None, Some(d)) => d,
                (None, None) => break,
            };
            if start >= pending {
                break;
            }
            let prev = prev_char(text, start, before);
            let lit_here = lit.filter(|l| l.start == start);
            let key_here = lit_here.map(|l| l.key);
            let best = self.decide(text, start, prev, at_end, key_here, dig == Some(start));
            match best {
                Some((end, choice)) => {
                    out.push_str(&text[emitted..start]);
                    self.write_replacement(out, text, start..end, choice);
                    restored += 1;
                    emitted = end;
                    pos = end;
                }
                None => {
                    pos = start + text[start..].chars().next().map_or(1, char::len_utf8);
                }
            }
        }
        let consumed = pending.max(emitted).min(len);
        out.push_str(&text[emitted..consumed]);
        Progress { consumed, restored }
    }

    /// The first digit at or after `from` that could begin a digit variant
    /// (alone or after a `+` / `(`): one a digit form starts with, not glued
    /// to an ASCII letter or digit before it. Skipping the others changes
    /// nothing, the walk would reject them at once; it saves the work per
    /// digit in number-heavy text.
    #[cfg(test)]
    fn next_digit_start(&self, hay: &[u8], from: usize) -> Option<usize> {
        let mut at = from;
        loop {
            let d = digits::find_digit(hay, at)?;
            let glued = d > 0 && hay[d - 1].is_ascii_alphanumeric();
            if self.digits.starts_with_digit(hay[d]) && !glued {
                return Some(d);
            }
            // The digits in the rest of this run of ASCII letters and digits
            // are glued: skip the run.
            at = d + 1;
            while hay.get(at).is_some_and(u8::is_ascii_alphanumeric) {
                at += 1;
            }
        }
    }

    /// Where a stream would start holding back: the first position of
    /// `text` at which a match could still begin if more text followed
    /// (`text.len()` when there is none). `before` is the character before
    /// `text`.
    pub fn pending_start(&self, text: &str, before: Option<char>) -> usize {
        if self.is_empty() {
            return text.len();
        }
        self.pending_from(text, 0, before)
    }

    /// The first `p >= from` at which the decision depends on text after
    /// `text`.
    fn pending_from(&self, text: &str, from: usize, before: Option<char>) -> usize {
        let hay = text.as_bytes();
        let len = hay.len();
        // A pending literal is a prefix of a key, a pending digit variant a
        // walk that ran off the end: neither can start earlier than this.
        let lit_start = len.saturating_sub(self.max_key_len);
        let dig_start = if self.digits.is_empty() {
            len
        } else {
            len.saturating_sub(self.digits.max_variant_len())
        };
        for p in from.max(lit_start.min(dig_start))..len {
            let b = hay[p];
            if !text.is_char_boundary(p) {
                continue;
            }
            let lit = p >= lit_start && self.index.could_begin_key(&hay[p..]);
            let dig = p >= dig_start
                && match b {
                    b'+' | b'(' => hay
                        .get(p + 1)
                        .is_none_or(|&n| self.digits.starts_with_digit(n)),
                    _ => {
                        self.digits.starts_with_digit(b)
                            && !(p > 0 && hay[p - 1].is_ascii_alphanumeric())
                    }
                };
            if (lit || dig) && self.is_pending(text, p, before, lit, dig) {
                return p;
            }
        }
        len
    }

    fn is_pending(&self, text: &str, p: usize, before: Option<char>, lit: bool, dig: bool) -> bool {
        let prev = prev_char(text, p, before);
        if lit {
            let glued = prev.is_some_and(char::is_alphanumeric)
                && text[p..].chars().next().is_some_and(char::is_alphanumeric);
            if !glued && self.key_prefix_exists(&text.as_bytes()[p..]) {
                return true;
            }
        }
        dig && self.digits.walk(text, p, prev, false) == Walk::NeedMore
    }

    /// Whether some key starts with `bytes` (ASCII-case-insensitively).
    fn key_prefix_exists(&self, bytes: &[u8]) -> bool {
        let idx = self.keys.partition_point(0, self.keys.len(), |k| {
            for (a, b) in k.iter().zip(bytes) {
                let b = b.to_ascii_lowercase();
                if *a != b {
                    return *a < b;
                }
            }
            k.len() < bytes.len()
        });
        self.keys.get(idx).is_some_and(|k| {
            k.len() >= bytes.len()
                && k.iter()
                    .zip(bytes)
                    .all(|(a, b)| *a == b.to_ascii_lowercase())
        })
    }

    /// The longest valid match at `start`: literal keys first (`lit`, the
    /// longest key there, then the keys that are its prefixes), then digit
    /// variants (if `digit_event`); a literal wins a tie.
    fn decide(
        &self,
        text: &str,
        start: usize,
        prev: Option<char>,
        at_end: bool,
        lit: Option<u32>,
        digit_event: bool,
    ) -> Option<(usize, Choice)> {
        let mut best: Option<(usize, Choice)> = None;
        if let Some(longest) = lit {
            let first = char_at(text, start);
            let first_alnum = first.is_some_and(char::is_alphanumeric);
            // The same first character for every key tried here.
            let first_upper = first.is_some_and(char::is_uppercase);
            if !(first_alnum && prev.is_some_and(char::is_alphanumeric)) {
                let hay = text.as_bytes();
                let mut key = longest;
                while key != NO_PARENT {
                    let end = start + self.keys.key_len(key as usize);
                    let last_alnum = char_before(text, end).is_some_and(char::is_alphanumeric);
                    let next_alnum = char_at(text, end).is_some_and(char::is_alphanumeric);
                    if !(last_alnum && next_alnum)
                        && let Some(matched) = hay.get(start..end)
                        && let Some(choice) = self.pick_target(key, matched, first_upper)
                    {
                        best = Some((end, choice));
                        break;
                    }
                    key = self.parent[key as usize];
                }
            }
        }
        // A digit variant wins only if it is longer than the literal match:
        // no walk when it cannot get past the literal's end.
        if digit_event
            && best.is_none_or(|(e, _)| digits_may_continue(text, e))
            && let Walk::Done(Some((end, entry))) = self.digits.walk(text, start, prev, at_end)
            && best.is_none_or(|(e, _)| end > e)
        {
            best = Some((end, Choice::Verbatim(entry)));
        }
        best
    }

    /// The entry `matched` (the text of key `key`) restores to: the stand-in equal to it,
    /// else the first in priority order whose case rule allows it; `None` when no entry
    /// may be read there (a capitalised name word matched in lower case).
    fn pick_target(&self, key: u32, matched: &[u8], first_upper: bool) -> Option<Choice> {
        let k = key as usize;
        let range = self.target_ranges[k] as usize..self.target_ranges[k + 1] as usize;
        let targets = &self.targets[range];
        let entry = |t: &Target| self.entries.get(t.entry as usize);
        let exact = targets.iter().find(|t| {
            t.kind == TargetKind::StandIn && entry(t).is_some_and(|e| self.stand_in(e) == matched)
        });
        if let Some(t) = exact {
            // The text is the stand-in itself: its real value, verbatim (what
            // `write_replacement` writes for a cased match equal to the stand-in).
            return Some(Choice::Verbatim(t.entry));
        }
        let t = targets
            .iter()
            .find(|t| entry(t).is_some_and(|e| case_allows(e, first_upper)))?;
        Some(match t.kind {
            TargetKind::Spacing => Choice::Verbatim(t.entry),
            _ => Choice::Cased(t.entry),
        })
    }

    /// Writes the replacement of `text[range]` (a match, on char boundaries).
    fn write_replacement(
        &self,
        out: &mut String,
        text: &str,
        range: std::ops::Range<usize>,
        choice: Choice,
    ) {
        let (entry, cased) = match choice {
            Choice::Verbatim(e) => (e, false),
            Choice::Cased(e) => (e, true),
        };
        let Some(entry) = self.entries.get(entry as usize) else {
            out.push_str(text.get(range).unwrap_or_default());
            return;
        };
        let real = self.real(entry);
        // A verbatim replacement needs no look at the matched text.
        if !cased || entry.email || text.as_bytes().get(range.clone()) == Some(self.stand_in(entry))
        {
            out.push_str(real);
            return;
        }
        let matched = text.get(range).unwrap_or_default();
        let upper = matched.chars().any(char::is_uppercase);
        let lower = matched.chars().any(char::is_lowercase);
        if upper && !lower {
            out.push_str(&real.to_uppercase());
        } else if lower && !upper && !entry.all_lower {
            out.push_str(&real.to_lowercase());
        } else {
            out.push_str(real);
        }
    }
}

#[derive(Debug, Clone, Copy)]
enum Choice {
    /// Write the real value as it is.
    Verbatim(u32),
    /// Write the real value in the case style of the matched text.
    Cased(u32),
}

/// Whether a digit variant running through `at` could end after it: a digit
/// comes at `at` or after at most [`digits::MAX_SEPARATOR_RUN`] separators
/// (a variant is digits with separator runs of that length between them,
/// and ends with a digit). The end of `text` ends it: a walk reads no more.
fn digits_may_continue(text: &str, at: usize) -> bool {
    let mut chars = text.get(at..).unwrap_or_default().chars();
    for _ in 0..=digits::MAX_SEPARATOR_RUN {
        match chars.next() {
            Some(c) if c.is_ascii_digit() => return true,
            Some(c) if digits::is_separator(c) => {}
            _ => return false,
        }
    }
    false
}

fn prev_char(text: &str, at: usize, before: Option<char>) -> Option<char> {
    if at == 0 {
        before
    } else {
        char_before(text, at)
    }
}

/// The character starting at byte `at` of `text` (`at` a char boundary), if
/// any; an ASCII byte without decoding.
#[inline]
fn char_at(text: &str, at: usize) -> Option<char> {
    match text.as_bytes().get(at) {
        Some(&b) if b.is_ascii() => Some(char::from(b)),
        Some(_) => text.get(at..).and_then(|t| t.chars().next()),
        None => None,
    }
}

/// The character ending at byte `at` of `text` (`at` a char boundary), if
/// any; an ASCII byte without decoding.
#[inline]
fn char_before(text: &str, at: usize) -> Option<char> {
    match at.checked_sub(1).and_then(|i| text.as_bytes().get(i)) {
        Some(&b) if b.is_ascii() => Some(char::from(b)),
        Some(_) => text.get(..at).and_then(|t| t.chars().next_back()),
        None => None,
    }
}

#[cfg(test)]
#[derive(Debug, Clone, Copy)]
pub(crate) struct LitMatch {
    pub(crate) start: usize,
    pub(crate) key: u32,
}

/// A leftmost-longest literal match search (the tests' references).
#[cfg(test)]
pub(crate) trait LitFinder {
    /// The leftmost-longest literal match starting at or after `from` that
    /// is not glued to an ASCII letter or digit on the left. `from` never
    /// decreases from one call to the next.
    fn find(&mut self, hay: &[u8], from: usize) -> Option<LitMatch>;
}

#[cfg(test)]
mod tests;
