//! Redaction of an input of any size, piece by piece, with one map for the whole input.
//!
//! [`StreamRedactor`] keeps what a single call of [`Redactor::redact`] keeps for one text, for
//! every piece of a long input:
//!
//! - one stand-in generator ([`Surrogates`]) whose stand-ins never clash with those of earlier
//!   pieces and are never text a restore would read in an earlier piece or its output
//!   ([`Surrogates::remember_text`]);
//! - one map that grows entry by entry: the same real value gets the same stand-in in every
//!   piece;
//! - the people found so far, whose later mentions are replaced as in one text;
//! - the stand-ins made so far: where a later piece holds one as plain text (or a number
//!   spelled like one), that text is replaced too, as [`Redactor::redact`] does with the
//!   stand-ins of a map passed in.
//!
//! Every look-up is by the words of the piece in hash tables (a stand-in by its first four
//! runs of letters and digits, so that stand-ins starting alike — `192.0.2.…`, one first name —
//! are not all checked at each such word), so the cost of a piece hardly grows with the size
//! of the map. Each piece is checked to restore exactly (with the entries a
//! restore could read in it) before it is returned, as [`Redactor::redact`] checks a text.
//!
//! Detection ([`piece_findings`]) needs nothing of this state, so pieces can be detected on
//! other threads while this one makes stand-ins. The caller cuts the input where no value can
//! straddle the cut (line boundaries) and passes the lines a later piece's detection should
//! still read (a table's header) as its context.

use std::borrow::Cow;
use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasher, BuildHasherDefault, Hasher};

use redact_entity::fxhash::FxHasher;

use redact_detect::resolve;
use redact_surrogate::seen::{digit_tails, is_alphanumeric, number_tail};
use redact_surrogate::{PreparedText, Surrogates};

use crate::parts::WORD_BYTE;
use crate::{
    Finding, Kind, Map, RedactError, RedactOptions, Redactor, Restorer, allowed_spans, parts,
    restore_edges, word_edges,
};

/// What [`StreamRedactor::redact_piece_seen`] reads of a piece that depends on its text alone,
/// made on any thread beside [`piece_findings`] ([`piece_seen`]).
#[derive(Debug, Default)]
pub struct PieceSeen {
    /// What later stand-ins must avoid in the piece ([`redact_surrogate::seen::text_hashes`]).
    hashes: Vec<u64>,
    /// Where stand-ins written in the piece could start.
    runs: RunScan,
    /// Its words, hashed as known values and learned parts are looked up.
    words: WordScan,
    /// The piece indexed for its stand-ins, when that pays ([`PreparedText::pays_ahead`]).
    prepared: Option<PreparedText>,
}

/// What [`StreamRedactor::redact_piece_seen`] reads of `piece` before its stand-ins: what
/// later stand-ins must avoid in it, where stand-ins written in it could start, and its index
/// for the stand-ins ([`PreparedText`]). Made on any thread, beside [`piece_findings`].
pub fn piece_seen(piece: &str) -> PieceSeen {
    // The digit tails, for both the hashes and the runs' scan.
    let tails = digit_tails(piece);
    // The runs, found as the hashes are made (the same runs): only their bits are made here.
    let (hashes, runs) = redact_surrogate::seen::text_hashes_and_runs(piece, &tails);
    PieceSeen {
        hashes,
        runs: RunScan::of_runs(piece, &runs, tails),
        words: WordScan::indexed(piece),
        prepared: PreparedText::pays_ahead(piece).then(|| PreparedText::of(piece)),
    }
}

/// The runs of letters and digits of a text, each with the bit of its folded text in
/// [`StreamRedactor::run_filters`], and the digit sequences a restore could read a number-like
/// stand-in at: the part of [`StreamRedactor::stand_ins_in`] that depends on the text alone.
#[derive(Clone, Debug, Default)]
struct RunScan {
    runs: Vec<(usize, usize, u32)>,
    /// [`digit_tails`] not glued to a letter or digit after them.
    tails: Vec<(usize, usize, u64)>,
}

impl RunScan {
    fn of(text: &str) -> RunScan {
        RunScan::with_tails(text, digit_tails(text))
    }

    /// [`RunScan::of`] of `text`, whose [`digit_tails`] are `tails`.
    fn with_tails(text: &str, tails: Vec<(usize, usize, u64)>) -> RunScan {
        let mut runs = Vec::with_capacity(text.len() / 6);
        push_runs(text, 0, &mut runs);
        RunScan {
            runs,
            tails: kept_tails(text, tails),
        }
    }

    /// [`RunScan::of`] of `text`, whose runs of letters and digits are `found` (each
    /// `(start, end, all ASCII)`, as [`redact_surrogate::seen::text_hashes_and_runs`] reads
    /// them) and whose [`digit_tails`] are `tails`: each run's bit as [`push_runs`] makes it.
    fn of_runs(
        text: &str,
        found: &[(usize, usize, bool)],
        tails: Vec<(usize, usize, u64)>,
    ) -> RunScan {
        let b = text.as_bytes();
        let mut key = String::new();
        let runs = found
            .iter()
            .map(|&(s, e, ascii)| {
                let bit = if ascii {
                    ascii_alnum_bit_at(b, s, e)
                } else {
                    key.clear();
                    push_folded(&mut key, &text[s..e]);
                    first_run_bit(&key)
                };
                (s, e, bit as u32)
            })
            .collect();
        RunScan {
            runs,
            tails: kept_tails(text, tails),
        }
    }

    /// [`RunScan::of`] of `out`, the text a piece of `piece_len` bytes whose scan is `scan`
    /// became with the replacements `edits` (in order, disjoint). A run of the piece inside
    /// text the output keeps, with kept text on both sides of it (or the piece's start or
    /// end), is a run of the output there (the characters around it are the same): only
    /// the text between such runs that holds a replacement is scanned again. The digit
    /// sequences (which may run across many runs) are read in the whole output.
    fn of_output(piece_len: usize, scan: &RunScan, out: &str, edits: &[Edit]) -> RunScan {
        let mut runs = Vec::with_capacity(scan.runs.len() + 2 * edits.len());
        // Where the output after the last run taken from the piece starts, and whether a
        // replacement lies in it since.
        let mut gap_from = 0;
        let mut dirty = false;
        let mut r = 0;
        // The kept text of the piece from `a` on is in the output from `a_out` on.
        let (mut a, mut a_out) = (0, 0);
        for k in 0..=edits.len() {
            let last = k == edits.len();
            let b = edits.get(k).map_or(piece_len, |ed| ed.piece.0);
            while let Some(&(s, e, bit)) = scan.runs.get(r)
                && s < b
            {
                r += 1;
                // A run that starts in a replaced span, touches one, or runs into the next
                // is not kept as it is.
                let kept = s >= a && (s > a || k == 0) && (e < b || (last && e <= b));
                if !kept {
                    continue;
                }
                let (os, oe) = (s - a + a_out, e - a + a_out);
                if dirty {
                    push_runs(&out[gap_from..os], gap_from, &mut runs);
                    dirty = false;
                }
                runs.push((os, oe, bit));
                gap_from = oe;
            }
            if let Some(ed) = edits.get(k) {
                dirty = true;
                a = ed.piece.1;
                a_out = ed.out.1;
            }
        }
        if dirty {
            push_runs(&out[gap_from..], gap_from, &mut runs);
        }
        RunScan {
            runs,
            tails: kept_tails(out, digit_tails(out)),
        }
    }
}

/// One replacement of [`StreamRedactor::replace`]: the span of the piece and the span of the
/// output that holds what replaced it.
#[derive(Clone, Copy, Debug)]
struct Edit {
    piece: (usize, usize),
    out: (usize, usize),
}

/// Appends the runs of letters and digits of `text` to `runs` (offsets plus `base`), each with
/// its bit ([`RunScan::runs`]).
fn push_runs(text: &str, base: usize, runs: &mut Vec<(usize, usize, u32)>) {
    // The runs of [`alnum_runs`], read in one loop: ASCII bytes by a table, other
    // characters by `char::is_alphanumeric` (from the generator's tables by block: the
    // Unicode look-up costs hundreds of instructions a character). An all-ASCII run is hashed as it stands,
    // eight bytes at a time (lowering an ASCII letter or digit is `| 0x20`); a run with
    // another character is lowered by `char::to_lowercase` first.
    let b = text.as_bytes();
    let alnum_at = |i: usize| -> (bool, usize) {
        text[i..]
            .chars()
            .next()
            .map_or((false, 1), |c| (is_alphanumeric(c), c.len_utf8()))
    };
    let mut key = String::new();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        let class = ASCII_CLASS[c as usize];
        if class == OTHER {
            i += 1;
            continue;
        }
        let s = i;
        if class == NON_ASCII {
            let (a, n) = alnum_at(i);
            if !a {
                i += n;
                continue;
            }
        }
        // ASCII letters and digits from `s` on.
        while i < b.len() && ASCII_CLASS[b[i] as usize] == ALNUM {
            i += 1;
        }
        let mut ascii = true;
        while i < b.len() {
            let c = b[i];
            if c < 0x80 {
                if ASCII_CLASS[c as usize] != ALNUM {
                    break;
                }
                i += 1;
            } else {
                let (a, n) = alnum_at(i);
                if !a {
                    break;
                }
                ascii = false;
                i += n;
            }
        }
        let bit = if ascii {
            ascii_alnum_bit_at(b, s, i)
        } else {
            key.clear();
            push_folded(&mut key, &text[s..i]);
            first_run_bit(&key)
        };
        runs.push((base + s, base + i, bit as u32));
    }
}

/// [`RunScan::tails`] of `text`, whose [`digit_tails`] are `tails`.
fn kept_tails(text: &str, tails: Vec<(usize, usize, u64)>) -> Vec<(usize, usize, u64)> {
    // `char::is_alphanumeric`, by the generator's tables.
    let alnum = |c: Option<char>| c.is_some_and(is_alphanumeric);
    tails
        .into_iter()
        // Glued to a letter or digit after it (`2023-04-04T01`), no reading of a restore
        // ends here; glued to one before it (`v2.24.1 - 2025`), none starts here (a
        // restore reads digits only after a character that is no letter or digit, as it
        // reads a stand-in). Marking it would only make an unrestorable finding of plain
        // text (one the restore check turns down twice before the word is replaced).
        .filter(|&(s, e, _)| {
            !alnum(text[e..].chars().next()) && !alnum(text[..s].chars().next_back())
        })
        .collect()
}

/// The findings of `piece` (byte offsets in `piece`) when it is read after `context` (lines
/// that came before it in the input, ending with a line break): detection reads both, and
/// findings inside the context are dropped (a finding that starts there is cut to the piece).
/// A long piece is read on two threads where the machine has two cores
/// ([`Redactor::findings`]).
pub fn piece_findings(
    redactor: &Redactor,
    context: &str,
    piece: &str,
    opts: &RedactOptions,
) -> Vec<Finding> {
    findings_after(context, piece, |text| redactor.findings(text, opts))
}

/// [`piece_findings`] on the calling thread alone ([`Redactor::findings_on_this_thread`]),
/// for workers that each take a piece of their own and so keep the cores busy already: no
/// thread started for each piece, and fewer lazy automaton states built again on each
/// thread (the command on 2,000,000 characters: 4,317M instructions in all its threads
/// against 4,059M). The findings are the same.
pub fn piece_findings_on_this_thread(
    redactor: &Redactor,
    context: &str,
    piece: &str,
    opts: &RedactOptions,
) -> Vec<Finding> {
    findings_after(context, piece, |text| {
        redactor.findings_on_this_thread(text, opts)
    })
}

/// The findings `detect` makes of `context` and `piece` read together, moved to `piece`.
fn findings_after(
    context: &str,
    piece: &str,
    detect: impl Fn(&str) -> Vec<Finding>,
) -> Vec<Finding> {
    if context.is_empty() {
        return detect(piece);
    }
    let mut text = String::with_capacity(context.len() + piece.len());
    text.push_str(context);
    text.push_str(piece);
    let cut = context.len();
    detect(&text)
        .into_iter()
        .filter(|f| f.end > cut)
        .map(|mut f| {
            if f.start < cut {
                f.start = cut;
                f.keep_prefix = 0;
            }
            f.start -= cut;
            f.end -= cut;
            f
        })
        .filter(|f| f.start < f.end)
        .collect()
}

/// What one piece became.
#[derive(Clone, Debug)]
pub struct StreamPiece {
    /// The piece with stand-ins in place.
    pub text: String,
    /// The spans of the piece that were replaced (byte offsets in the piece).
    pub replaced: Vec<(usize, usize)>,
}

/// The state of a redaction that goes through an input piece by piece. See the [module
/// documentation](self).
pub struct StreamRedactor {
    redactor: Redactor,
    allow: Vec<String>,
    sur: Surrogates,
    learned: parts::Learned,
    map: Map,
    /// The map's stand-ins, indexed for [`StreamRedactor::stand_ins_in`].
    index: StandInIndex,
    /// Values known to be identifying (people found so far, real values of a map passed in),
    /// by their first word in lower case.
    known: Vec<(String, Option<Kind>)>,
    known_lower: HashSet<String>,
    /// By the [`lower_hash`] of its first word: the id of a known value, the offset of that
    /// word in it and the word's length (a word of a piece with this hash is its first word
    /// only if it has this length and the value matches there: words that hash alike share
    /// a list, and the match decides).
    known_by_word: FxMap<u64, Vec<(u32, u32, u32)>>,
}

impl std::fmt::Debug for StreamRedactor {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("StreamRedactor")
            .field("entries", &self.map.len())
            .field("known", &self.known.len())
            .finish_non_exhaustive()
    }
}

/// The stand-ins of a [`StreamRedactor`] and their index: apart from the rest of its state,
/// so that a piece's entries are indexed on one thread while the stand-in generator
/// remembers the piece on another ([`StreamRedactor::commit`]).
struct StandInIndex {
    /// The map's stand-ins by id ([`StandIns`]), and for each its first [`KEY_RUNS`] runs of
    /// letters and digits with what joins them (lower case) and the offset of the first, and
    /// its last 7 digits when it is number-like.
    stand_ins: StandIns,
    /// The real value of each stand-in (by the same id), back to back as the stand-ins.
    reals: StandIns,
    /// By the [`KeyHash`] of those runs: the id and offset of the stand-in keyed so, in the
    /// table itself (a look-up of a long input's index misses the cache; most keys have one).
    by_run: FxMap<u64, Ids>,
    /// Bit `k`: some stand-in is keyed by `k` runs (it has `k` runs, or more when `k` is
    /// [`KEY_RUNS`]).
    key_runs: u8,
    /// Two filters in one table, each pair of words in one cache line: `[w][0]` has a bit per
    /// hash of the first run (lower case) of the stand-ins (most runs of a text start none,
    /// and are passed over after one look at this); `[w][1]`, in the word `w` of the first
    /// run's bit, a bit per [`KeyHash`] of the first two runs of the stand-ins that have two
    /// or more (a run that starts a stand-in's name but is followed by another word, `John` in
    /// a text where the stand-ins hold `John Ellis`, is passed over after its second look,
    /// which reads the line the first one read).
    run_filters: Vec<[u64; 2]>,
    /// The index by first run alone (the reference for the tests).
    #[cfg(test)]
    by_first_run: FxMap<String, Vec<(u32, u32)>>,
    by_tail: FxMap<u64, TailIds>,
    /// A hash of each stand-in as it is written (the map's keys): a candidate whose hash is
    /// not here is no stand-in of the map, told without a search of the map's ordered
    /// table (about 1,000 instructions for a long input's map, most of them comparisons of
    /// strings).
    exact: HashSet<u64, BuildHasherDefault<FxHasher>>,
}

/// The hash of a stand-in in [`StandInIndex::exact`].
fn exact_hash(stand_in: &str) -> u64 {
    BuildHasherDefault::<FxHasher>::default().hash_one(stand_in)
}

impl StandInIndex {
    /// Whether `s` is a stand-in of `map`, the map this index indexes (every one of its
    /// stand-ins: [`StandInIndex::exact`]).
    fn in_map(&self, map: &Map, s: &str) -> bool {
        self.exact.contains(&exact_hash(s)) && map.get(s).is_some()
    }

    /// Indexes `stand_in`, whose real value is `real`.
    fn add(&mut self, stand_in: &str, real: &str) {
        self.exact.insert(exact_hash(stand_in));
        // The first KEY_RUNS runs, without a vector: most stand-ins have one to three.
        let mut runs = [(0usize, 0usize); KEY_RUNS];
        let mut n = 0;
        for r in alnum_runs(stand_in).take(KEY_RUNS) {
            runs[n] = r;
            n += 1;
        }
        // One letter is a whole name in Chinese: every stand-in with a letter or digit.
        if n == 0 {
            return;
        }
        let id = self.stand_ins.len() as u32;
        self.stand_ins.push(stand_in);
        self.reals.push(real);
        let s = runs[0].0;
        let mut kh = KeyHash::default();
        let mut last = s;
        let mut key = 0;
        let mut word = 0;
        for (k, &(_, e)) in runs[..n].iter().enumerate() {
            kh.push(&stand_in[last..e]);
            last = e;
            key = kh.finish();
            let bit = key as usize & (FIRST_RUN_BITS - 1);
            match k {
                0 => {
                    word = bit / 64;
                    self.run_filters[word][0] |= 1 << (bit % 64);
                }
                1 => self.run_filters[word][1] |= 1 << (key % 64),
                _ => {}
            }
        }
        match self.by_run.entry(key) {
            std::collections::hash_map::Entry::Occupied(mut o) => o.get_mut().push(id, s as u32),
            std::collections::hash_map::Entry::Vacant(v) => {
                v.insert(Ids::One((id, s as u32)));
            }
        }
        self.key_runs |= 1 << n;
        #[cfg(test)]
        if let Some((s, e)) = alnum_runs(stand_in).next() {
            self.by_first_run
                .entry(
                    stand_in[s..e]
                        .chars()
                        .flat_map(char::to_lowercase)
                        .collect(),
                )
                .or_default()
                .push((id, s as u32));
        }
        if let Some(tail) = number_tail(stand_in) {
            match self.by_tail.entry(tail) {
                std::collections::hash_map::Entry::Occupied(mut o) => o.get_mut().push(id),
                std::collections::hash_map::Entry::Vacant(v) => {
                    v.insert(TailIds::One(id));
                }
            }
        }
    }
}

/// What [`StreamRedactor::restores`] checks: an attempt's output `out` of `piece`, its
/// pending entries, the piece's runs (`None` while no stand-in is indexed) and the
/// replacements that made the output.
struct Check<'a> {
    piece: &'a str,
    out: &'a str,
    pending: &'a Map,
    runs: Option<&'a RunScan>,
    edits: &'a [Edit],
}

/// From this output size up, its [`piece_seen`] is made on a second thread during the
/// restore check (below it, starting a thread costs more than it saves).
const PARALLEL_OUT_SEEN: usize = 32 * 1024;

/// Attempts at one piece before it is refused (as [`Redactor::redact`]: the last two without
/// name-part entries).
const ATTEMPTS: u64 = 4;

impl StreamRedactor {
    /// A stream with `redactor`'s detector and seed, continuing `previous` (a map of an
    /// earlier call, whose stand-ins are kept), leaving the `allow` terms as written.
    pub fn new(redactor: &Redactor, previous: Option<Map>, allow: Vec<String>) -> StreamRedactor {
        let sur = match redactor.seed {
            Some(s) => Surrogates::with_seed(s),
            None => Surrogates::new(),
        };
        let mut st = StreamRedactor {
            redactor: redactor.clone(),
            allow,
            sur,
            learned: parts::Learned::default(),
            map: Map::new(),
            index: StandInIndex {
                stand_ins: StandIns::default(),
                reals: StandIns::default(),
                by_run: FxMap::default(),
                key_runs: 0,
                run_filters: vec![[0; 2]; FIRST_RUN_BITS / 64],
                #[cfg(test)]
                by_first_run: FxMap::default(),
                by_tail: FxMap::default(),
                exact: HashSet::default(),
            },
            known: Vec::new(),
            known_lower: HashSet::new(),
            known_by_word: FxMap::default(),
        };
        if let Some(prev) = previous {
            for (stand_in, real) in prev.iter() {
                let pairs = parts::pairs(real, stand_in);
                for &(r, s) in &pairs {
                    st.sur.learn_name_part(r, s);
                    st.learned.add(r, s);
                }
                let part_entry = pairs.len() == 1 && pairs[0] == (real, stand_in);
                if !part_entry {
                    st.sur.reserve(stand_in);
                }
                st.sur.reserve(real);
                st.add_known(real, None);
                st.index_stand_in(stand_in, real);
            }
            st.map = prev;
        }
        st
    }

    /// The options detection of a piece takes ([`piece_findings`]).
    pub fn options(&self) -> RedactOptions {
        RedactOptions {
            allow: self.allow.clone(),
            ..RedactOptions::default()
        }
    }

    /// The map so far: the map passed in and every entry made for the pieces.
    pub fn map(&self) -> &Map {
        &self.map
    }

    /// The map, at the end of the input.
    pub fn into_map(self) -> Map {
        self.map
    }

    fn add_known(&mut self, value: &str, kind: Option<Kind>) {
        let value = value.trim();
        if value.chars().filter(|c| c.is_alphanumeric()).count() < 2 {
            return;
        }
        let lower = value.to_ascii_lowercase();
        if !self.known_lower.insert(lower.clone()) {
            return;
        }
        let Some((s, e)) = word_runs(&lower).next() else {
            return;
        };
        let id = self.known.len() as u32;
        self.known.push((value.to_string(), kind));
        self.known_by_word
            .entry(lower_hash(&lower.as_bytes()[s..e]))
            .or_default()
            .push((id, s as u32, (e - s) as u32));
    }

    fn index_stand_in(&mut self, stand_in: &str, real: &str) {
        self.index.add(stand_in, real);
    }

    /// Later occurrences of the values known so far, as whole words (ASCII case ignored), the
    /// leftmost longest first. `words` are the piece's words ([`WordScan::of`]).
    fn known_findings(&mut self, piece: &str, words: &WordScan, found: &[Finding]) -> Vec<Finding> {
        let mut spans: Vec<(usize, usize, u32)> = Vec::new();
        if self.known_by_word.is_empty() {
            return Vec::new();
        }
        for &(s, e, hash) in &words.words {
            let Some(ids) = self.known_by_word.get(&hash) else {
                continue;
            };
            for &(id, off, len) in ids {
                // A first word of this length that the value matches around is the word
                // itself (ignoring ASCII case): the look-up by the lowered word as a string.
                if e - s != len as usize {
                    continue;
                }
                let Some(s) = s.checked_sub(off as usize) else {
                    continue;
                };
                let v = self.known[id as usize].0.as_bytes();
                let end = s + v.len();
                if end <= piece.len()
                    && piece.as_bytes()[s..end].eq_ignore_ascii_case(v)
                    && piece.is_char_boundary(s)
                    && piece.is_char_boundary(end)
                    && word_edges(piece, s, end)
                {
                    spans.push((s, end, id));
                }
            }
        }
        spans.sort_by(|a, b| a.0.cmp(&b.0).then(b.1.cmp(&a.1)));
        let mut out = Vec::new();
        let mut last_end = 0;
        for (s, e, id) in spans {
            if s < last_end {
                continue;
            }
            last_end = e;
            if covered(found, s, e) {
                continue;
            }
            let kind = match self.known[id as usize].1 {
                Some(k) => k,
                None => {
                    let k = self.redactor.kind_of_value(&piece[s..e]);
                    self.known[id as usize].1 = Some(k);
                    k
                }
            };
            out.push(Finding::new(s, e, kind, "known-value"));
        }
        out
    }

    /// Ids of the stand-ins so far that a restore could read in `text`, with where (literal
    /// occurrences at restore edges, ignoring case; number-like ones by their last 7 digits,
    /// spanning the digit sequence). The pieces' and outputs' runs are made elsewhere
    /// ([`piece_seen`], [`RunScan::of_output`]): this whole form is the tests'.
    #[cfg(test)]
    fn stand_ins_in(&self, text: &str) -> Vec<(usize, usize, u32)> {
        if self.index.stand_ins.is_empty() {
            return Vec::new();
        }
        self.stand_ins_in_scanned(text, &RunScan::of(text))
    }

    /// [`StreamRedactor::stand_ins_in`] with the text's [`RunScan`] made already.
    fn stand_ins_in_scanned(&self, text: &str, scan: &RunScan) -> Vec<(usize, usize, u32)> {
        let mut out = Vec::new();
        if self.index.stand_ins.is_empty() {
            return out;
        }
        // A stand-in written in the text starts with its first runs and what joins them:
        // each run of the text with the 1 to KEY_RUNS runs from it, lowered, is looked up.
        let runs = &scan.runs;
        let mut kh = KeyHash::default();
        for (i, &(s, _, bit)) in runs.iter().enumerate() {
            let bit = bit as usize;
            let filters = self.index.run_filters[bit / 64];
            if filters[0] & (1 << (bit % 64)) == 0 {
                continue;
            }
            kh.clear();
            let mut last = s;
            for (k, &(_, e, _)) in runs[i..].iter().take(KEY_RUNS).enumerate() {
                kh.push(&text[last..e]);
                last = e;
                let key = kh.finish();
                if k == 1 && filters[1] & (1 << (key % 64)) == 0 {
                    // No stand-in starts with these two runs.
                    break;
                }
                if self.index.key_runs & (1 << (k + 1)) == 0 {
                    continue;
                }
                let Some(ids) = self.index.by_run.get(&key) else {
                    continue;
                };
                for &(id, off) in ids.as_slice() {
                    let Some(start) = s.checked_sub(off as usize) else {
                        continue;
                    };
                    if !text.is_char_boundary(start) {
                        continue;
                    }
                    if let Some(end) = match_folded(text, start, self.index.stand_ins.get(id))
                        && restore_edges(text, start, end)
                    {
                        out.push((start, end, id));
                    }
                }
            }
        }
        self.tail_matches(text, &scan.tails, &mut out);
        out
    }

    /// Number-like stand-ins written in `text` with other separators: the digit runs whose
    /// last 7 digits are those of a stand-in (with a `+` or `(` before and a `)` after), of
    /// the text's [`RunScan::tails`].
    fn tail_matches(
        &self,
        text: &str,
        tails: &[(usize, usize, u64)],
        out: &mut Vec<(usize, usize, u32)>,
    ) {
        if self.index.by_tail.is_empty() {
            return;
        }
        let b = text.as_bytes();
        for &(s, e, tail) in tails {
            if let Some(ids) = self.index.by_tail.get(&tail) {
                let s = if s > 0 && matches!(b[s - 1], b'+' | b'(') {
                    s - 1
                } else {
                    s
                };
                let e = if e < b.len() && b[e] == b')' {
                    e + 1
                } else {
                    e
                };
                for &id in ids.as_slice() {
                    out.push((s, e, id));
                }
            }
        }
    }

    /// [`StreamRedactor::stand_ins_in`] with the index by first run alone (the reference).
    #[cfg(test)]
    fn stand_ins_in_by_first_run(&self, text: &str) -> Vec<(usize, usize, u32)> {
        let mut out = Vec::new();
        let mut key = String::new();
        for (s, e) in alnum_runs(text) {
            key.clear();
            key.extend(text[s..e].chars().flat_map(char::to_lowercase));
            let Some(ids) = self.index.by_first_run.get(&key) else {
                continue;
            };
            for &(id, off) in ids {
                let Some(start) = s.checked_sub(off as usize) else {
                    continue;
                };
                if !text.is_char_boundary(start) {
                    continue;
                }
                if let Some(end) = match_folded(text, start, self.index.stand_ins.get(id))
                    && restore_edges(text, start, end)
                {
                    out.push((start, end, id));
                }
            }
        }
        self.tail_matches(text, &RunScan::of(text).tails, &mut out);
        out
    }

    /// Redacts the next piece of the input, whose detected findings are `detected`
    /// ([`piece_findings`]).
    ///
    /// # Errors
    /// [`RedactError::Unrestorable`] when no stand-ins give a piece that restores exactly
    /// (fail closed, as [`Redactor::redact`]).
    pub fn redact_piece(
        &mut self,
        piece: &str,
        detected: Vec<Finding>,
    ) -> Result<StreamPiece, RedactError> {
        self.redact_piece_seen(piece, detected, None)
    }

    /// [`StreamRedactor::redact_piece`], with what the stand-ins of later pieces must avoid
    /// in this one ([`piece_seen`]) made already, on the thread that detected it.
    ///
    /// # Errors
    /// As [`StreamRedactor::redact_piece`].
    pub fn redact_piece_seen(
        &mut self,
        piece: &str,
        detected: Vec<Finding>,
        mut seen: Option<PieceSeen>,
    ) -> Result<StreamPiece, RedactError> {
        if let Some(prepared) = seen.as_mut().and_then(|s| s.prepared.take()) {
            self.sur.use_prepared(prepared);
        }
        let words = match seen.as_mut() {
            Some(seen) => std::mem::take(&mut seen.words),
            None => WordScan::of(piece),
        };
        let mut extra = self.known_findings(piece, &words, &detected);
        // The piece's runs, read again for each attempt's output (none while no stand-in
        // is indexed: nothing is looked up).
        let runs = if self.index.stand_ins.is_empty() {
            None
        } else {
            Some(match seen.as_mut() {
                Some(seen) => std::mem::take(&mut seen.runs),
                None => RunScan::of(piece),
            })
        };
        let written = match &runs {
            Some(runs) => self.stand_ins_in_scanned(piece, runs),
            None => Vec::new(),
        };
        for (s, e, _) in written {
            if covered(&detected, s, e) {
                continue;
            }
            let kind = self.redactor.kind_of_value(&piece[s..e]);
            extra.push(Finding::new(s, e, kind, "known-value"));
        }
        let mut found = detected;
        if !extra.is_empty() {
            if !self.allow.is_empty() {
                let allowed = allowed_spans(piece, &self.allow);
                extra.retain(|f| !allowed.iter().any(|&(s, e)| f.start < e && s < f.end));
            }
            found.extend(extra);
            found = resolve(found);
        }
        for attempt in 0..ATTEMPTS {
            if attempt == 2 {
                // A value glued to letters or digits (`INC7552320` with `7552320` found)
                // cannot be read back by a restore: the last attempts replace the whole word.
                found = widen_glued(piece, found);
            }
            // The last attempt gives every value of the piece a stand-in of its own, in
            // case one of the map's stand-ins forms another with the text beside it here.
            let fresh = attempt + 1 == ATTEMPTS;
            let (text, pending, edits) = self.replace(piece, &words, &found, attempt < 2, fresh);
            let check = Check {
                piece,
                out: &text,
                pending: &pending,
                runs: runs.as_ref(),
                edits: &edits,
            };
            let (ok, out_seen) = if text.len() >= PARALLEL_OUT_SEEN {
                // What later stand-ins must avoid in the output is hashed on another thread
                // while this one checks that the output restores.
                std::thread::scope(|scope| {
                    let hashes = scope.spawn(|| redact_surrogate::seen::text_hashes(&text));
                    let ok = self.restores(&check);
                    (ok, hashes.join().ok())
                })
            } else {
                (self.restores(&check), None)
            };
            if ok {
                let seen = seen.as_ref().map(|s| s.hashes.as_slice());
                self.commit(piece, &text, &found, pending, seen, out_seen);
                return Ok(StreamPiece {
                    text,
                    replaced: found.iter().map(|f| (f.start, f.end)).collect(),
                });
            }
        }
        Err(RedactError::Unrestorable)
    }

    /// Whether `out` restores to `piece` with the pending entries and every entry of the map
    /// a restore could read in `out`.
    ///
    /// The restorer is compiled from those entries as pairs: the map's stand-ins a restore
    /// can read are indexed with their real values, and a pending stand-in is never one of
    /// the map's (each is checked against it before it is put in `pending`), so the entries
    /// cannot conflict, and no map of them is built.
    fn restores(&self, check: &Check<'_>) -> bool {
        let &Check {
            piece,
            out,
            pending,
            runs,
            edits,
        } = check;
        // The output's runs from the piece's ([`RunScan::of_output`]); none without a
        // stand-in indexed ([`StreamRedactor::stand_ins_in`] finds nothing then).
        let written = match runs {
            Some(runs) if !self.index.stand_ins.is_empty() => {
                self.stand_ins_in_scanned(out, &RunScan::of_output(piece.len(), runs, out, edits))
            }
            _ => Vec::new(),
        };
        if written.is_empty() && pending.is_empty() {
            return out == piece;
        }
        // Each stand-in once (most are written many times in a long output).
        let mut ids: Vec<u32> = written.iter().map(|&(_, _, id)| id).collect();
        ids.sort_unstable();
        ids.dedup();
        let pairs = pending.iter().chain(
            ids.iter()
                .map(|&id| (self.index.stand_ins.get(id), self.index.reals.get(id))),
        );
        Restorer::from_pairs(pairs).restore(out).text == piece
    }

    fn commit(
        &mut self,
        piece: &str,
        out: &str,
        found: &[Finding],
        pending: Map,
        seen: Option<&[u64]>,
        out_seen: Option<Vec<u64>>,
    ) {
        // A later stand-in must be text a restore reads nowhere in the input so far, nor in
        // the output so far (`Kieran ` written before the stand-in `Steele` reads as a later
        // stand-in `Kieran Steele`).
        let remember = |sur: &mut Surrogates| {
            match seen {
                Some(hashes) => sur.remember_hashes(hashes),
                None => sur.remember_text(piece),
            }
            match out_seen {
                Some(hashes) => sur.remember_hashes(&hashes),
                None => sur.remember_text(out),
            }
        };
        // The generator (which remembers) and the map with its index (which take the new
        // entries) are apart: on two threads for a large piece, each in the same order as on
        // one.
        let StreamRedactor {
            sur, map, index, ..
        } = self;
        let add_entries = |map: &mut Map, index: &mut StandInIndex| {
            for (s, r) in pending.iter() {
                // One search of the map: an entry it holds already leaves its size as it is.
                let before = map.len();
                let _ = map.insert(s, r);
                if map.len() > before {
                    index.add(s, r);
                }
            }
        };
        if out.len() >= PARALLEL_OUT_SEEN {
            std::thread::scope(|scope| {
                let remembered = scope.spawn(|| remember(sur));
                add_entries(map, index);
                if let Err(panic) = remembered.join() {
                    std::panic::resume_unwind(panic);
                }
            });
        } else {
            add_entries(map, index);
            remember(sur);
        }
        for f in found {
            if f.kind == Kind::Person {
                self.add_known(f.slice(piece), Some(Kind::Person));
            }
        }
    }

    fn stand_in_for<'a>(&'a self, pending: &'a Map, real: &str, fresh: bool) -> Option<&'a str> {
        if fresh {
            return pending.stand_in_for(real);
        }
        self.map
            .stand_in_for(real)
            .or_else(|| pending.stand_in_for(real))
    }

    fn new_stand_in(&mut self, pending: &mut Map, piece: &str, f: &Finding) -> Option<String> {
        let real = f.slice(piece);
        let unmasked = redact_detect::unmask(real, f.kind, usize::from(f.keep_prefix));
        let mut sur = self.sur.for_text(piece);
        for _ in 0..8 {
            let Some(s) = crate::candidate(&mut sur, f, unmasked.as_ref()) else {
                continue;
            };
            if !self.index.in_map(&self.map, &s) && pending.insert(&s, real).is_ok() {
                return Some(s);
            }
            sur.reserve(&s);
        }
        None
    }

    /// The stand-ins of one attempt, as [`Redactor::redact`] makes them for a text (people
    /// first; a mention made of learned name parts built from them), with the new entries
    /// apart.
    fn replace(
        &mut self,
        piece: &str,
        words: &WordScan,
        found: &[Finding],
        name_parts: bool,
        fresh: bool,
    ) -> (String, Map, Vec<Edit>) {
        let mut pending = Map::new();
        let mut stand_ins: Vec<Option<String>> = vec![None; found.len()];
        let mut part_pairs: Vec<(String, String)> = Vec::new();
        let order = crate::people_in_order(piece, found);
        let mut deferred = Vec::new();
        for &i in &order {
            let f = &found[i];
            let real = f.slice(piece);
            if let Some(s) = self.stand_in_for(&pending, real, fresh) {
                stand_ins[i] = Some(s.to_string());
                continue;
            }
            if name_parts && !fresh && self.learned.covers(real) {
                deferred.push(i);
                continue;
            }
            if let Some(s) = self.new_stand_in(&mut pending, piece, f) {
                for (r, p) in parts::pairs(real, &s) {
                    self.learned.add(r, p);
                    if name_parts {
                        part_pairs.push((p.to_string(), r.to_string()));
                    }
                }
                stand_ins[i] = Some(s);
            } else {
                stand_ins[i] = Some(real.to_string());
            }
        }
        // The piece's words by hash, once, for the deferred mentions.
        let words = if deferred.is_empty() {
            WordSet::default()
        } else {
            WordSet::of(words)
        };
        for i in deferred {
            let f = &found[i];
            let real = f.slice(piece);
            if let Some(s) = self.stand_in_for(&pending, real, fresh) {
                stand_ins[i] = Some(s.to_string());
                continue;
            }
            // Learned parts written in this piece or read in an earlier one cannot be used.
            let in_text: Vec<String> = self
                .learned
                .parts_of(real)
                .into_iter()
                .filter(|p| words.contains(piece, p) || self.sur.may_be_in_remembered(p))
                .map(str::to_lowercase)
                .collect();
            let built = self.learned.build(real, &in_text).filter(|b| {
                !self.index.in_map(&self.map, b)
                    && !self.sur.may_be_in_remembered(b)
                    && pending.insert(b, real).is_ok()
            });
            let s = match built {
                Some(b) => b,
                None => self
                    .new_stand_in(&mut pending, piece, f)
                    .unwrap_or_else(|| real.to_string()),
            };
            stand_ins[i] = Some(s);
        }
        for (i, f) in found.iter().enumerate() {
            if f.kind == Kind::Person {
                continue;
            }
            let real = f.slice(piece);
            let s = match self.stand_in_for(&pending, real, fresh) {
                Some(s) => s.to_string(),
                None => self
                    .new_stand_in(&mut pending, piece, f)
                    .unwrap_or_else(|| real.to_string()),
            };
            stand_ins[i] = Some(s);
        }
        if !part_pairs.is_empty() {
            let mut parts_map = Map::new();
            // Whether a part occurs in the piece, from the index of the piece the stand-ins
            // were checked against (as `Redactor::redact` does).
            let sur = &mut self.sur;
            parts::add_to_map_with(&mut parts_map, part_pairs, |p| sur.occurs_in(piece, p));
            for (s, r) in parts_map.iter() {
                if !self.index.in_map(&self.map, s)
                    && pending.get(s).is_none()
                    && !self.sur.may_be_in_remembered(s)
                {
                    let _ = pending.insert(s, r);
                }
            }
        }
        let mut out = String::with_capacity(piece.len() + piece.len() / 8);
        let mut edits = Vec::with_capacity(found.len());
        let mut last = 0;
        for (f, s) in found.iter().zip(&stand_ins) {
            out.push_str(&piece[last..f.start]);
            let at = out.len();
            out.push_str(s.as_deref().unwrap_or_else(|| f.slice(piece)));
            edits.push(Edit {
                piece: (f.start, f.end),
                out: (at, out.len()),
            });
            last = f.end;
        }
        out.push_str(&piece[last..]);
        (out, pending, edits)
    }
}

/// Whether `s..e` lies inside one of `found` (sorted by start and disjoint, as detection and
/// [`resolve`] return them): a binary search, so a piece's cost stays linear.
fn covered(found: &[Finding], s: usize, e: usize) -> bool {
    let i = found.partition_point(|f| f.start <= s);
    i > 0 && e <= found[i - 1].end
}

/// `found` with every finding that starts or ends between two letters or digits widened to
/// the whole run of letters and digits around it (read as an identifier), overlaps resolved.
fn widen_glued(piece: &str, found: Vec<Finding>) -> Vec<Finding> {
    let alnum = |c: Option<char>| c.is_some_and(char::is_alphanumeric);
    let mut changed = false;
    let widened: Vec<Finding> = found
        .into_iter()
        .map(|mut f| {
            let (mut s, mut e) = (f.start, f.end);
            while alnum(piece[..s].chars().next_back()) && alnum(piece[s..].chars().next()) {
                s -= piece[..s].chars().next_back().map_or(1, char::len_utf8);
            }
            while alnum(piece[..e].chars().next_back()) && alnum(piece[e..].chars().next()) {
                e += piece[e..].chars().next().map_or(1, char::len_utf8);
            }
            if (s, e) != (f.start, f.end) {
                changed = true;
                f = Finding::new(s, e, Kind::IdNumber, "known-value");
            }
            f
        })
        .collect();
    if changed { resolve(widened) } else { widened }
}

/// The words of a text ([`word_runs`]), each with the [`lower_hash`] of its bytes: what
/// [`StreamRedactor::known_findings`] looks up, and what the deferred mentions of
/// [`StreamRedactor::replace`] test learned parts against ([`WordSet`]). Depends on the text
/// alone, so a piece's is made beside its detection ([`piece_seen`]).
#[derive(Clone, Debug, Default)]
struct WordScan {
    /// `(start, end, lower_hash)` of each word, in text order.
    words: Vec<(usize, usize, u64)>,
    /// [`WordSet::first`], when made beside detection ([`WordScan::indexed`]).
    first: Option<FxMap<u64, u32>>,
}

impl WordScan {
    fn of(text: &str) -> WordScan {
        let b = text.as_bytes();
        // Room for a word every 8 bytes: the list is rarely copied as it grows.
        let mut words = Vec::with_capacity(text.len() / 8);
        words.extend(word_runs(text).map(|(s, e)| (s, e, lower_hash_at(b, s, e))));
        WordScan { words, first: None }
    }

    /// [`WordScan::of`] with the words by hash too: a piece's, made on the thread that
    /// detects it (almost every piece has a deferred mention that reads them).
    fn indexed(text: &str) -> WordScan {
        let mut scan = WordScan::of(text);
        scan.first = Some(first_by_hash(&scan.words));
        scan
    }
}

/// For each [`lower_hash`] of `words`, the index of the first word with it.
fn first_by_hash(words: &[(usize, usize, u64)]) -> FxMap<u64, u32> {
    let mut first = FxMap::with_capacity_and_hasher(words.len(), Default::default());
    for (i, &(_, _, h)) in words.iter().enumerate() {
        first.entry(h).or_insert(i as u32);
    }
    first
}

/// A piece's words by [`lower_hash`]: which word comes first with each hash.
#[derive(Default)]
struct WordSet<'a> {
    scan: Option<&'a WordScan>,
    /// [`first_by_hash`] of the words: the scan's own when it has it.
    first: Cow<'a, FxMap<u64, u32>>,
    /// Every word lowered, in a set with a keyed hash: made the first time a word that
    /// hashes as a part does is not that part. Ordinary text never needs it; text made to
    /// collide with the unkeyed hash would otherwise cost a pass over the piece's words at
    /// each look-up.
    exact: std::cell::OnceCell<HashSet<String>>,
}

impl<'a> WordSet<'a> {
    fn of(scan: &'a WordScan) -> WordSet<'a> {
        let first = match &scan.first {
            Some(first) => Cow::Borrowed(first),
            None => Cow::Owned(first_by_hash(&scan.words)),
        };
        WordSet {
            scan: Some(scan),
            first,
            exact: std::cell::OnceCell::new(),
        }
    }

    /// Whether `p` is a word of `text` (the text scanned), ignoring ASCII case: as a set of
    /// the words lowered (`to_ascii_lowercase`) holding `p` lowered.
    fn contains(&self, text: &str, p: &str) -> bool {
        let Some(scan) = self.scan else {
            return false;
        };
        let h = lower_hash(p.as_bytes());
        let Some(&i) = self.first.get(&h) else {
            // Words equal but for ASCII case hash alike: none is `p`.
            return false;
        };
        let b = text.as_bytes();
        let is_p = |&(s, e, wh): &(usize, usize, u64)| {
            wh == h && b[s..e].eq_ignore_ascii_case(p.as_bytes())
        };
        // The first word with this hash is almost always `p`; when another word hashes
        // alike, the set of all the words decides.
        if scan.words.get(i as usize).is_some_and(is_p) {
            return true;
        }
        self.exact
            .get_or_init(|| {
                scan.words
                    .iter()
                    .map(|&(s, e, _)| text[s..e].to_ascii_lowercase())
                    .collect()
            })
            .contains(&p.to_ascii_lowercase())
    }
}

/// A hash of `bytes` with ASCII capitals lowered (other bytes as they are): equal for two
/// byte strings equal but for ASCII case. [`FxHasher`] of eight bytes at a time, each word
/// lowered at once ([`lower_ascii_word`]).
fn lower_hash(bytes: &[u8]) -> u64 {
    lower_hash_at(bytes, 0, bytes.len())
}

/// [`lower_hash`] of `b[s..e]`: its last bytes read with one load from `b` where `b` has 8
/// bytes from there ([`tail_word`]).
#[inline]
fn lower_hash_at(b: &[u8], s: usize, e: usize) -> u64 {
    let mut h = FxHasher::default();
    let mut p = s;
    while let Some(w) = b[p..e].first_chunk::<8>() {
        h.write_u64(lower_ascii_word(u64::from_le_bytes(*w)));
        p += 8;
    }
    // The length tells `a` from `a\0` (a word is never empty, a part may hold any byte).
    h.write_u64(lower_ascii_word(tail_word(b, p, e)) ^ (((e - p) as u64) << 59));
    h.finish()
}

/// The bytes of `b[from..to]` (fewer than 8) as a little-endian word, zero above them: one
/// 8-byte load, masked, where `b` has 8 bytes from `from` (copying a few bytes into a
/// buffer was a call to `memcpy` for each word).
#[inline]
fn tail_word(b: &[u8], from: usize, to: usize) -> u64 {
    let n = to - from;
    debug_assert!(n < 8);
    match b[from..].first_chunk::<8>() {
        Some(w) => u64::from_le_bytes(*w) & ((1u64 << (8 * n)) - 1),
        None => b[from..to]
            .iter()
            .rev()
            .fold(0, |w, &c| (w << 8) | u64::from(c)),
    }
}

/// Each byte of `w` that is an ASCII capital, lowered; the others unchanged (SWAR: the
/// bytes' low seven bits compared with `A` and `Z` by adding to each, no carry reaching
/// the next byte; bytes of 0x80 and up are no ASCII letter).
fn lower_ascii_word(w: u64) -> u64 {
    const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    const ONES: u64 = 0x0101_0101_0101_0101;
    let low = w & LOW7;
    let from_a = low + ONES * (0x80 - b'A' as u64);
    let past_z = low + ONES * (0x80 - b'Z' as u64 - 1);
    let capital = from_a & !past_z & !w & HIGH;
    w | (capital >> 2)
}

/// Maximal runs of word bytes ([`crate::is_word_byte`]): the words [`crate::occurrences`] matches.
fn word_runs(text: &str) -> impl Iterator<Item = (usize, usize)> + '_ {
    let b = text.as_bytes();
    let mut i = 0;
    std::iter::from_fn(move || {
        while i < b.len() && !WORD_BYTE[usize::from(b[i])] {
            i += 1;
        }
        if i >= b.len() {
            return None;
        }
        let s = i;
        while i < b.len() && WORD_BYTE[usize::from(b[i])] {
            i += 1;
        }
        Some((s, i))
    })
}

/// Runs of letters and digits a stand-in is keyed by ([`StreamRedactor::stand_ins_in`]): by
/// its first run alone, the stand-ins starting with a common run (`192`, `415`, a first
/// name) made every occurrence of that run in a long input check each of them.
const KEY_RUNS: usize = 4;

/// Bits of [`StreamRedactor`]'s filter of first runs.
const FIRST_RUN_BITS: usize = 1 << 20;

/// [`RunScan::of`]'s byte classes: an ASCII letter or digit, another ASCII byte, a byte of a
/// character outside ASCII.
const OTHER: u8 = 0;
const ALNUM: u8 = 1;
const NON_ASCII: u8 = 2;
static ASCII_CLASS: [u8; 256] = {
    let mut t = [OTHER; 256];
    let mut i = 0;
    while i < 256 {
        let c = i as u8;
        t[i] = if c >= 0x80 {
            NON_ASCII
        } else if c.is_ascii_alphanumeric() {
            ALNUM
        } else {
            OTHER
        };
        i += 1;
    }
    t
};

/// [`first_run_bit_bytes`] of `run` lowered, for a run of ASCII letters and digits only:
/// [`FxHasher::write`]'s words with each byte `| 0x20` (a digit has that bit already), the
/// last one to seven bytes lowered before the word's padding and length are added.
#[cfg(test)]
fn ascii_alnum_bit(run: &[u8]) -> usize {
    ascii_alnum_bit_at(run, 0, run.len())
}

/// [`ascii_alnum_bit`] of `b[s..e]`: its last bytes read with one load from `b` where `b` has
/// 8 bytes from there ([`tail_word`]), each lowered by the mask.
#[inline]
fn ascii_alnum_bit_at(b: &[u8], s: usize, e: usize) -> usize {
    const LOWER: u64 = 0x2020_2020_2020_2020;
    let mut h = FxHasher::default();
    let mut p = s;
    while let Some(w) = b[p..e].first_chunk::<8>() {
        h.write_u64(u64::from_le_bytes(*w) | LOWER);
        p += 8;
    }
    let n = e - p;
    if n > 0 {
        let low = LOWER & ((1u64 << (8 * n)) - 1);
        h.write_u64((tail_word(b, p, e) | low) ^ ((n as u64) << 59));
    }
    (h.finish() as usize) & (FIRST_RUN_BITS - 1)
}

/// The bit of a first run (lower case) in [`StreamRedactor`]'s filter of first runs.
fn first_run_bit(run: &str) -> usize {
    first_run_bit_bytes(run.as_bytes())
}

fn first_run_bit_bytes(run: &[u8]) -> usize {
    let mut h = FxHasher::default();
    h.write(run);
    (h.finish() as usize) & (FIRST_RUN_BITS - 1)
}

/// The stand-ins of a [`StreamRedactor`] by id, back to back in one buffer (a stand-in read to
/// check a look-up's match is one place in memory, not a `String`'s header and then its bytes).
#[derive(Default)]
struct StandIns {
    text: String,
    /// The end of each stand-in in `text` (its start is the end of the one before).
    ends: Vec<u32>,
}

impl StandIns {
    fn push(&mut self, s: &str) {
        self.text.push_str(s);
        self.ends.push(self.text.len() as u32);
    }

    fn get(&self, id: u32) -> &str {
        let i = id as usize;
        let start = if i == 0 { 0 } else { self.ends[i - 1] as usize };
        &self.text[start..self.ends[i] as usize]
    }

    fn len(&self) -> usize {
        self.ends.len()
    }

    fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }
}

/// The stand-ins keyed by one [`KeyHash`]: almost always one, held in the table itself.
enum Ids {
    One((u32, u32)),
    Many(Vec<(u32, u32)>),
}

/// The number-like stand-ins with one digit tail: almost always one, held in the table.
enum TailIds {
    One(u32),
    Many(Vec<u32>),
}

impl TailIds {
    fn push(&mut self, id: u32) {
        match self {
            TailIds::One(first) => *self = TailIds::Many(vec![*first, id]),
            TailIds::Many(v) => v.push(id),
        }
    }

    fn as_slice(&self) -> &[u32] {
        match self {
            TailIds::One(id) => std::slice::from_ref(id),
            TailIds::Many(v) => v,
        }
    }
}

impl Ids {
    fn push(&mut self, id: u32, off: u32) {
        match self {
            Ids::One(first) => *self = Ids::Many(vec![*first, (id, off)]),
            Ids::Many(v) => v.push((id, off)),
        }
    }

    fn as_slice(&self) -> &[(u32, u32)] {
        match self {
            Ids::One(pair) => std::slice::from_ref(pair),
            Ids::Many(v) => v,
        }
    }
}

/// The hash of a stand-in's first runs and what joins them, lowered character by character
/// ([`char::to_lowercase`]), fed one run at a time (with what joins it to the one before):
/// the key of [`StreamRedactor::by_run`]. After the first run it is that run's hash, whose
/// low bits are its bit of [`StreamRedactor::run_filters`] ([`first_run_bit`]).
#[derive(Default)]
struct KeyHash {
    h: FxHasher,
    /// The lowered run, for a run that is not all ASCII.
    buf: String,
}

impl KeyHash {
    fn clear(&mut self) {
        self.h = FxHasher::default();
    }

    /// Adds `seg` (lowered): the next run and what comes before it.
    fn push(&mut self, seg: &str) {
        let b = seg.as_bytes();
        if b.iter().any(|c| c.is_ascii_uppercase() || !c.is_ascii()) {
            self.buf.clear();
            push_folded(&mut self.buf, seg);
            self.h.write(self.buf.as_bytes());
        } else {
            self.h.write(b);
        }
    }

    fn finish(&self) -> u64 {
        self.h.finish()
    }
}

/// Appends `s` lowered character by character ([`char::to_lowercase`]).
fn push_folded(key: &mut String, s: &str) {
    if s.is_ascii() {
        let at = key.len();
        key.push_str(s);
        key[at..].make_ascii_lowercase();
    } else {
        key.extend(s.chars().flat_map(char::to_lowercase));
    }
}

/// The look-ups by word: the keys are words of the input and stand-ins, looked up once per
/// word of every piece.
type FxMap<K, V> = HashMap<K, V, BuildHasherDefault<FxHasher>>;

/// Maximal runs of alphanumeric characters (Unicode).
fn alnum_runs(text: &str) -> impl Iterator<Item = (usize, usize)> + '_ {
    let mut it = text.char_indices().peekable();
    std::iter::from_fn(move || {
        let s = loop {
            let (i, c) = it.next()?;
            if c.is_alphanumeric() {
                break i;
            }
        };
        let mut e = text.len();
        while let Some(&(i, c)) = it.peek() {
            if !c.is_alphanumeric() {
                e = i;
                break;
            }
            it.next();
        }
        Some((s, e))
    })
}

/// The end of `pat` matched at `start` of `text`, comparing characters in lower case.
fn match_folded(text: &str, start: usize, pat: &str) -> Option<usize> {
    let mut t = text[start..].char_indices();
    for p in pat.chars() {
        let (_, c) = t.next()?;
        if c != p && !c.to_lowercase().eq(p.to_lowercase()) {
            return None;
        }
    }
    Some(t.next().map_or(text.len(), |(i, _)| start + i))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn run(st: &mut StreamRedactor, pieces: &[&str]) -> String {
        let r = st.redactor.clone();
        let opts = st.options();
        let mut out = String::new();
        for p in pieces {
            let found = piece_findings(&r, "", p, &opts);
            out.push_str(&st.redact_piece(p, found).unwrap().text);
        }
        out
    }

    /// A piece read on its worker's thread alone gets the findings of one read on two
    /// threads, with and without a context before it (the piece is long enough for two).
    #[test]
    fn a_piece_read_on_one_thread_has_the_findings_of_two() {
        let r = Redactor::new();
        let opts = RedactOptions::default();
        let mut piece = String::new();
        let mut i = 0u64;
        while piece.len() < 96 * 1024 {
            piece.push_str(&format!(
                "{i},Jane Okafor,jane.okafor{i}@example.org,+44 20 7946 {:04},Flat {}, 12 Mill Lane\n",
                i % 10_000,
                i % 40 + 1
            ));
            i += 1;
        }
        let context = "id,name,email,phone,address\n";
        for ctx in ["", context] {
            let two = piece_findings(&r, ctx, &piece, &opts);
            assert!(two.len() > 2_000, "{}", two.len());
            assert_eq!(piece_findings_on_this_thread(&r, ctx, &piece, &opts), two);
        }
    }

    /// The index tells every stand-in of the map, from a previous map and from the pieces,
    /// as one: a candidate the index does not hold skips the search of the map.
    #[test]
    fn the_index_knows_every_stand_in_of_the_map() {
        let r = Redactor::new().with_seed(5);
        let previous = Map::from_pairs([
            ("Emily Clark", "Jane Doe"),
            ("+44 20 7946 0999", "+44 20 7946 0123"),
        ])
        .unwrap();
        let mut st = StreamRedactor::new(&r, Some(previous), Vec::new());
        run(
            &mut st,
            &[
                "Jane Doe wrote to ann.lee@example.org from +44 20 7946 0123.\n",
                "Ann Lee, 12 Mill Lane, called Mr Doe on +1 415 555 0172.\n",
            ],
        );
        assert!(st.map.len() > 4, "{}", st.map.len());
        for (stand_in, _) in st.map.iter() {
            assert!(st.index.in_map(&st.map, stand_in), "{stand_in}");
        }
    }

    #[test]
    fn one_value_has_one_stand_in_across_pieces() {
        let r = Redactor::new().with_seed(3);
        let mut st = StreamRedactor::new(&r, None, Vec::new());
        let pieces = [
            "Mail jane.doe@example.org now.\n",
            "Again: jane.doe@example.org.\n",
            "Call +1 415 867 2210.\n",
            "Once more jane.doe@example.org and +1 415 867 2210.\n",
        ];
        let out = run(&mut st, &pieces);
        let map = st.map().clone();
        assert_eq!(map.len(), 2, "{out}");
        let s = map.stand_in_for("jane.doe@example.org").unwrap();
        assert_eq!(out.matches(s).count(), 3);
        assert_eq!(Restorer::new(&map).restore(&out).text, pieces.concat());
    }

    #[test]
    fn obfuscated_values_keep_their_style_across_pieces() {
        let r = Redactor::new().with_seed(4);
        let mut st = StreamRedactor::new(&r, None, Vec::new());
        let pieces = [
            "Mail jane [at] example [dot] com now.\n",
            "Or call four one five, eight six seven, two two one zero.\n",
        ];
        let out = run(&mut st, &pieces);
        let map = st.map().clone();
        let email = map.stand_in_for("jane [at] example [dot] com").unwrap();
        assert!(
            email.contains(" [at] ") && email.contains(" [dot] "),
            "{email}"
        );
        let phone = map
            .stand_in_for("four one five, eight six seven, two two one zero")
            .unwrap();
        assert!(!phone.chars().any(|c| c.is_ascii_digit()), "{phone}");
        assert_eq!(r.restore(&out, &map).text, pieces.concat());
    }

    #[test]
    fn digits_glued_to_a_word_are_not_taken_for_a_stand_in() {
        let r = Redactor::new().with_seed(5);
        let mut st = StreamRedactor::new(&r, None, Vec::new());
        let first = "Call +1 415 867 2210 today.\n";
        let out1 = run(&mut st, &[first]);
        let stand_in = st.map().stand_in_for("+1 415 867 2210").unwrap();
        let digits: String = stand_in.chars().filter(char::is_ascii_digit).collect();
        // The stand-in's last 7 digits, written as a date glued to a time (`2023-04-04T01`):
        // no restore reads a stand-in there, so the text is left as written, first time.
        let tail = &digits[digits.len() - 7..];
        let second = format!(
            "build {}-{}-{}T01:50:23Z ok\n",
            &tail[..3],
            &tail[3..5],
            &tail[5..]
        );
        let opts = st.options();
        let found = piece_findings(&r, "", &second, &opts);
        assert!(found.is_empty(), "{found:?}");
        let p = st.redact_piece(&second, found).unwrap();
        assert_eq!(p.text, second);
        assert!(p.replaced.is_empty(), "{:?}", p.replaced);
        let all = format!("{out1}{}", p.text);
        assert_eq!(
            Restorer::new(st.map()).restore(&all).text,
            format!("{first}{second}")
        );
        // Glued to a word before them (`v2.24.1 - 2025`): no restore starts there either.
        let glued_before = format!(
            "release v{}.{}.{} ok\n",
            &tail[..3],
            &tail[3..5],
            &tail[5..]
        );
        let found = piece_findings(&r, "", &glued_before, &opts);
        assert!(found.is_empty(), "{found:?}");
        let p = st.redact_piece(&glued_before, found).unwrap();
        assert_eq!(p.text, glued_before);
        assert!(p.replaced.is_empty(), "{:?}", p.replaced);
        // Not glued, the same digits are a spelling a restore could read: replaced.
        let third = format!("build {}-{}-{} ok\n", &tail[..3], &tail[3..5], &tail[5..]);
        let found = piece_findings(&r, "", &third, &opts);
        let p = st.redact_piece(&third, found).unwrap();
        assert!(!p.replaced.is_empty(), "{}", p.text);
    }

    #[test]
    fn a_later_piece_holding_a_stand_in_is_replaced_and_restores() {
        let r = Redactor::new().with_seed(5);
        let mut st = StreamRedactor::new(&r, None, Vec::new());
        let first = "Mail jane.doe@example.org now.\n";
        let out1 = run(&mut st, &[first]);
        let stand_in = st
            .map()
            .stand_in_for("jane.doe@example.org")
            .unwrap()
            .to_string();
        // The next piece quotes the stand-in as plain text.
        let second = format!("Unrelated: {stand_in} wrote.\n");
        let out2 = run(&mut st, &[&second]);
        assert!(!out2.contains(&stand_in), "{out2}");
        let all = format!("{out1}{out2}");
        assert_eq!(
            Restorer::new(st.map()).restore(&all).text,
            format!("{first}{second}")
        );
    }

    #[test]
    fn a_person_found_in_one_piece_is_found_in_later_ones() {
        let r = Redactor::new().with_seed(9);
        let opts = RedactOptions::default();
        let mut st = StreamRedactor::new(&r, None, Vec::new());
        let first = "Dear Priya Raman, thank you.\n";
        let later = "ok so priya raman paid.\n";
        // As in the two pieces read as one text: the name found in the first is found in the
        // second, where alone it is not.
        let whole: Vec<(usize, usize)> = r
            .findings(&format!("{first}{later}"), &opts)
            .iter()
            .filter(|f| f.start >= first.len())
            .map(|f| (f.start - first.len(), f.end - first.len()))
            .collect();
        assert!(!whole.is_empty());
        assert!(r.findings(later, &opts).len() < whole.len());
        run(&mut st, &[first]);
        let found = piece_findings(&r, "", later, &opts);
        let p = st.redact_piece(later, found).unwrap();
        assert_eq!(p.replaced, whole);
        assert!(!p.text.contains("priya raman"));
    }

    #[test]
    fn context_findings_are_not_returned_and_a_header_types_later_rows() {
        let r = Redactor::new();
        let opts = RedactOptions::default();
        let ctx = "first_name,last_name,city\nJonas,Lindqvist,Oslo\n";
        let row = "Ingrid,Haugen,Bergen\n";
        let with = piece_findings(&r, ctx, row, &opts);
        assert!(with.iter().all(|f| f.end <= row.len()));
        let whole = r.findings(&format!("{ctx}{row}"), &opts);
        let tail: Vec<(usize, usize)> = whole
            .iter()
            .filter(|f| f.start >= ctx.len())
            .map(|f| (f.start - ctx.len(), f.end - ctx.len()))
            .collect();
        let got: Vec<(usize, usize)> = with.iter().map(|f| (f.start, f.end)).collect();
        assert_eq!(got, tail);
        assert!(!got.is_empty());
    }

    proptest::proptest! {
        /// The byte loop finds the runs the character loop finds.
        #[test]
        fn run_scan_matches_alnum_runs(text in "[a-zA-Z0-9 .,_\u{e9}\u{c9}\u{130}\u{3a3}\u{4e2d}\u{661}\u{2160}-]{0,40}") {
            let want: Vec<(usize, usize)> = alnum_runs(&text).collect();
            let scanned: Vec<(usize, usize, u32)> = RunScan::of(&text).runs;
            let got: Vec<(usize, usize)> = scanned.iter().map(|&(s, e, _)| (s, e)).collect();
            let bits: Vec<(usize, usize, u32)> = want
                .iter()
                .map(|&(s, e)| {
                    let key: String = text[s..e].chars().flat_map(char::to_lowercase).collect();
                    (s, e, first_run_bit(&key) as u32)
                })
                .collect();
            prop_assert_eq!(&scanned, &bits);
            proptest::prop_assert_eq!(got, want);
            // From the runs the hashes of the piece were made with, the same scan.
            let tails = digit_tails(&text);
            let (_, found) = redact_surrogate::seen::text_hashes_and_runs(&text, &tails);
            let of_runs = RunScan::of_runs(&text, &found, tails);
            prop_assert_eq!(&of_runs.runs, &scanned);
            prop_assert_eq!(of_runs.tails, RunScan::of(&text).tails);
        }

        /// The digit tails kept are those `char::is_alphanumeric` keeps (the tails are read
        /// by the generator's tables of letters by block).
        #[test]
        fn kept_tails_match_char_alphanumeric(
            text in "[0-9 .a\u{e9}\u{130}\u{3a3}\u{4e2d}\u{661}\u{2160}\u{e01}\u{e31}\u{20ac}-]{0,40}",
        ) {
            let alnum = |c: Option<char>| c.is_some_and(char::is_alphanumeric);
            let want: Vec<(usize, usize, u64)> = digit_tails(&text)
                .into_iter()
                .filter(|&(s, e, _)| {
                    !alnum(text[e..].chars().next()) && !alnum(text[..s].chars().next_back())
                })
                .collect();
            prop_assert_eq!(kept_tails(&text, digit_tails(&text)), want);
        }

        /// Hashes read in the text (the last bytes by one load) are those of the words copied
        /// out, as they were made before.
        #[test]
        fn hashes_in_the_text_match_the_copies(
            text in proptest::collection::vec(proptest::prelude::any::<u8>(), 0..40),
            s in 0usize..40,
            len in 1usize..20,
        ) {
            let s = s.min(text.len());
            let e = (s + len).min(text.len());
            let run = &text[s..e];
            prop_assert_eq!(lower_hash_at(&text, s, e), lower_hash_by_copy(run));
            prop_assert_eq!(lower_hash(run), lower_hash_by_copy(run));
            let alnum: Vec<u8> = text.iter().map(|&c| b"aZ09q"[usize::from(c) % 5]).collect();
            prop_assert_eq!(ascii_alnum_bit_at(&alnum, s, e), ascii_alnum_bit_by_copy(&alnum[s..e]));
        }

        /// The word-at-a-time hash of an ASCII run is that of the run lowered.
        #[test]
        fn ascii_run_bits_are_those_of_the_lowered_run(run in "[a-zA-Z0-9]{1,40}") {
            let lowered = run.to_ascii_lowercase();
            prop_assert_eq!(ascii_alnum_bit(run.as_bytes()), first_run_bit_bytes(lowered.as_bytes()));
        }

        /// Stand-ins keyed by their first runs are found where the index by first run alone
        /// finds them.
        #[test]
        fn stand_ins_in_matches_the_first_run_index(
            stand_ins in proptest::collection::vec("[+(]?[aAbB1\u{c9}\u{e9}]{1,3}([ .,@)-]{1,2}[aAbB1\u{c9}\u{e9}]{1,3}){0,6}[)]?", 1..12),
            noise in proptest::collection::vec("[aAbB1 .,@()\u{e9}-]{0,6}", 1..12),
            picks in proptest::collection::vec(any::<prop::sample::Index>(), 0..12),
        ) {
            let r = Redactor::new();
            let mut st = StreamRedactor::new(&r, None, Vec::new());
            for s in &stand_ins {
                st.index_stand_in(s, "");
            }
            let mut text = String::new();
            for (i, n) in noise.iter().enumerate() {
                text.push_str(n);
                if let Some(p) = picks.get(i) {
                    let s = p.get(&stand_ins);
                    text.push_str(&if i % 2 == 0 { s.to_uppercase() } else { s.clone() });
                }
            }
            let mut got = st.stand_ins_in(&text);
            let mut want = st.stand_ins_in_by_first_run(&text);
            got.sort_unstable();
            want.sort_unstable();
            proptest::prop_assert_eq!(got, want);
        }
    }

    /// [`StreamRedactor::known_findings`] as it was: each word lowered into a string, looked
    /// up among the known values' first words lowered (the reference for the hashed look-up).
    /// [`lower_hash`] as it read a word's last bytes before: copied into a buffer.
    fn lower_hash_by_copy(bytes: &[u8]) -> u64 {
        let mut chunks = bytes.chunks_exact(8);
        let mut h = FxHasher::default();
        for c in &mut chunks {
            let w = u64::from_le_bytes([c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7]]);
            h.write_u64(lower_ascii_word(w));
        }
        let rest = chunks.remainder();
        let mut w = [0u8; 8];
        w[..rest.len()].copy_from_slice(rest);
        h.write_u64(lower_ascii_word(u64::from_le_bytes(w)) ^ ((rest.len() as u64) << 59));
        h.finish()
    }

    /// [`ascii_alnum_bit`] as it read a run's last bytes before: lowered one by one into a
    /// buffer.
    fn ascii_alnum_bit_by_copy(run: &[u8]) -> usize {
        const LOWER: u64 = 0x2020_2020_2020_2020;
        let mut chunks = run.chunks_exact(8);
        let mut h = FxHasher::default();
        for c in &mut chunks {
            let w = u64::from_le_bytes([c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7]]);
            h.write_u64(w | LOWER);
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            let mut w = [0u8; 8];
            for (d, &c) in w.iter_mut().zip(rest) {
                *d = c | 0x20;
            }
            h.write_u64(u64::from_le_bytes(w) ^ ((rest.len() as u64) << 59));
        }
        (h.finish() as usize) & (FIRST_RUN_BITS - 1)
    }

    fn known_findings_by_string(st: &StreamRedactor, piece: &str) -> Vec<(usize, usize)> {
        let mut by_word: HashMap<String, Vec<(u32, u32)>> = HashMap::new();
        for (id, (v, _)) in st.known.iter().enumerate() {
            let lower = v.to_ascii_lowercase();
            if let Some((s, e)) = word_runs(&lower).next() {
                by_word
                    .entry(lower[s..e].to_string())
                    .or_default()
                    .push((id as u32, s as u32));
            }
        }
        let mut spans = Vec::new();
        for (s, e) in word_runs(piece) {
            let Some(ids) = by_word.get(&piece[s..e].to_ascii_lowercase()) else {
                continue;
            };
            for &(id, off) in ids {
                let Some(s) = s.checked_sub(off as usize) else {
                    continue;
                };
                let v = st.known[id as usize].0.as_bytes();
                let end = s + v.len();
                if end <= piece.len()
                    && piece.as_bytes()[s..end].eq_ignore_ascii_case(v)
                    && piece.is_char_boundary(s)
                    && piece.is_char_boundary(end)
                    && word_edges(piece, s, end)
                {
                    spans.push((s, end));
                }
            }
        }
        spans.sort_by(|a, b| a.0.cmp(&b.0).then(b.1.cmp(&a.1)));
        let mut out = Vec::new();
        let mut last_end = 0;
        for (s, e) in spans {
            if s >= last_end {
                last_end = e;
                out.push((s, e));
            }
        }
        out
    }

    /// A word that hashes as a part does but is not that part (made here by giving the
    /// first word the part's hash): the set of all the words decides, and still finds the
    /// part further on.
    #[test]
    fn word_set_tells_words_that_hash_alike_apart() {
        let text = "Anna met Bob";
        let h = lower_hash(b"bob");
        let scan = WordScan {
            words: vec![(0, 4, h), (5, 8, lower_hash(b"met")), (9, 12, h)],
            first: None,
        };
        let set = WordSet::of(&scan);
        assert!(set.contains(text, "BOB"));
        assert!(
            set.exact.get().is_some(),
            "the collision was decided by the full set"
        );
        // A part hashing as `bob` that is not a word of the text.
        let fake = WordScan {
            words: vec![(0, 4, h)],
            first: None,
        };
        assert!(!WordSet::of(&fake).contains(text, "bob"));
    }

    proptest::proptest! {
        /// The word-at-a-time lowering lowers exactly the ASCII capitals of each byte.
        #[test]
        fn lower_ascii_word_lowers_each_byte(w in any::<u64>()) {
            let want = u64::from_le_bytes(w.to_le_bytes().map(|b| b.to_ascii_lowercase()));
            prop_assert_eq!(lower_ascii_word(w), want);
        }

        /// Byte strings equal but for ASCII case hash alike.
        #[test]
        fn lower_hash_ignores_ascii_case(text in "[a-zA-Z0-9_\\[\\]@`{\u{e9}\u{c9}\u{4e2d}]{0,30}") {
            prop_assert_eq!(lower_hash(text.as_bytes()), lower_hash(text.to_ascii_lowercase().as_bytes()));
            prop_assert_eq!(lower_hash(text.as_bytes()), lower_hash(text.to_ascii_uppercase().as_bytes()));
        }

        /// The hashed word set holds what the set of the words lowered holds.
        #[test]
        fn word_set_matches_the_lowered_words(
            text in "[aAbB_ .'\u{c9}\u{e9}-]{0,60}",
            parts in proptest::collection::vec("[aAbB'\u{c9}\u{e9}-]{1,4}", 1..10),
        ) {
            let want: HashSet<String> =
                word_runs(&text).map(|(s, e)| text[s..e].to_ascii_lowercase()).collect();
            let scan = WordScan::of(&text);
            let set = WordSet::of(&scan);
            let indexed = WordScan::indexed(&text);
            let set_indexed = WordSet::of(&indexed);
            for p in &parts {
                prop_assert_eq!(set.contains(&text, p), want.contains(&p.to_ascii_lowercase()), "{}", p);
                prop_assert_eq!(set_indexed.contains(&text, p), want.contains(&p.to_ascii_lowercase()), "{}", p);
            }
            prop_assert!(!WordSet::default().contains(&text, &parts[0]));
        }

        /// Known values are found by the hash of their first word where the look-up by the
        /// lowered word found them.
        #[test]
        fn known_findings_match_the_string_look_up(
            values in proptest::collection::vec("[aAbB\u{c9}]{1,3}([ .'-]{1,2}[aAbB\u{e9}]{1,3}){0,3}", 1..8),
            noise in proptest::collection::vec("[aAbB .'_\u{e9}-]{0,6}", 1..12),
            picks in proptest::collection::vec(any::<prop::sample::Index>(), 0..12),
        ) {
            let r = Redactor::new();
            let mut st = StreamRedactor::new(&r, None, Vec::new());
            for v in &values {
                st.add_known(v, Some(Kind::Person));
            }
            let mut text = String::new();
            for (i, n) in noise.iter().enumerate() {
                text.push_str(n);
                if let Some(p) = picks.get(i) {
                    let v = p.get(&values);
                    text.push_str(&if i % 2 == 0 { v.to_uppercase() } else { v.clone() });
                }
            }
            let got: Vec<(usize, usize)> = st
                .known_findings(&text, &WordScan::of(&text), &[])
                .iter()
                .map(|f| (f.start, f.end))
                .collect();
            prop_assert_eq!(got, known_findings_by_string(&st, &text));
        }
    }

    proptest::proptest! {
        /// The output's runs read from the piece's are those of the output scanned whole.
        #[test]
        fn output_runs_match_a_scan_of_the_output(
            parts in proptest::collection::vec(("[aB1 .,_\u{e9}\u{4e2d}\u{661}-]{0,8}", "[aB1 .,\u{c9}-]{0,5}", any::<bool>()), 0..10),
            tail in "[aB1 .,_\u{e9}-]{0,8}",
        ) {
            // The piece: kept text, then a span (replaced by the second string when the flag
            // is set, else by itself), ..., then `tail`.
            let mut piece = String::new();
            let mut out = String::new();
            let mut edits = Vec::new();
            for (kept, span, replaced) in &parts {
                piece.push_str(kept);
                out.push_str(kept);
                let ps = piece.len();
                let stand_in = match (span.is_empty(), *replaced) {
                    (false, true) => span.to_uppercase() + "2",
                    _ => span.clone(),
                };
                piece.push_str(span);
                let os = out.len();
                out.push_str(&stand_in);
                if ps < piece.len() {
                    edits.push(Edit { piece: (ps, piece.len()), out: (os, out.len()) });
                }
            }
            piece.push_str(&tail);
            out.push_str(&tail);
            let got = RunScan::of_output(piece.len(), &RunScan::of(&piece), &out, &edits);
            let want = RunScan::of(&out);
            prop_assert_eq!(got.runs, want.runs);
            prop_assert_eq!(got.tails, want.tails);
        }
    }

    #[test]
    fn a_value_glued_to_a_word_is_widened() {
        let piece = "ticket INC7552320 closed";
        let f = Finding::new(10, 17, Kind::Phone, "phone");
        let w = widen_glued(piece, vec![f]);
        assert_eq!((w[0].start, w[0].end), (7, 17));
        assert_eq!(w[0].kind, Kind::IdNumber);
    }
}
