// The built-in rules: a few multi-pattern regexes (parts) searched as one union, a table
// naming each pattern's check, and the scan loop.
//
// Pattern order is priority at the same start position (leftmost-first): provider secrets,
// then emails, links, labelled values, IBANs, IP addresses, national identifiers,
// postcodes, hostnames, and last the generic digit-run candidate whose interpretation
// (card, phone, SSN, routing number, national ID, ZIP …) is decided by validators and
// context in `classify`.

use std::panic::{RefUnwindSafe, UnwindSafe};
use std::sync::{Mutex, OnceLock};

use regex_automata::hybrid;
use regex_automata::meta::{Cache, Regex};
use regex_automata::nfa::thompson;
use regex_automata::util::pool::{Pool, PoolGuard};
use regex_automata::util::syntax;
use regex_automata::{Anchored, Input, MatchKind};
use regex_syntax::hir::Hir;

use redact_entity::{Finding, Kind};

use crate::classify;
use crate::normalize::scan::Scanner;
use crate::secrets;

/// What to do with a candidate of a pattern.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Check {
    /// A secret rule: index into `secrets::RULES`.
    Secret(usize),
    Email,
    Url,
    Passport,
    Licence,
    Account,
    Routing,
    SortCode,
    LabelledId,
    Iban,
    Ipv4,
    Ipv6,
    Nino,
    EsDni,
    EsNie,
    ItFiscal,
    InPan,
    /// One or two letters and six to nine digits, taken after a passport cue.
    PassportShape,
    /// A record number that names itself: `MRN-6221873`, `MRN 0042137`.
    PrefixedId,
    FiHetu,
    SgNric,
    UsMbi,
    UkPostcode,
    CaPostcode,
    NlPostcode,
    InternalHost,
    Domain,
    /// The server of a Windows share path: `\\fileserver02\shared`.
    UncHost,
    Number,
}

const UK_PC: &str = r"(?:[A-Z]{1,2}[0-9][A-Z0-9]?[ ]?[0-9][A-Z]{2})";

fn structural_patterns() -> Vec<(Check, String)> {
    let mut p: Vec<(Check, String)> = Vec::new();
    let lch = r"A-Za-z0-9\p{L}\p{M}";
    p.push((
        Check::Email,
        format!(
            r#"(?P<v>(?:[{lch}!#$%&'*+/=?^_`{{|}}~-]+(?:\.[{lch}!#$%&'*+/=?^_`{{|}}~-]+)*|"[^"\\\r\n]+")@(?:[{lch}](?:[{lch}-]*[{lch}])?\.)+(?:[A-Za-z]{{2,63}}|xn--[A-Za-z0-9-]+|[\p{{L}}\p{{M}}]{{2,}}))"#
        ),
    ));
    p.push((
        Check::Url,
        r#"(?P<v>(?:(?i:https?|ftps?|sftp|wss?)://|(?-u:\b)www\.)[^\s<>"'`{}|\\^\x{7f}]+)"#.into(),
    ));
    let tail_no = r"(?i:[ \t]*(?:no\.?|number|num|nr\.?|n°|#))?[ \t]*[:#]?[ \t]*(?:is[ \t]+)?";
    p.push((
        Check::Passport,
        format!(
            r"(?i:passport|reisepass|passeport|pasaporte|passaporto){tail_no}(?P<v>[A-Za-z0-9]{{6,12}})(?-u:\b)"
        ),
    ));
    p.push((
        Check::Licence,
        format!(
            r"(?:(?i:driver'?s?|driving)[ \t]+(?i:licen[cs]e)|(?i:licen[cs]e)|DL|(?i:führerschein))(?:[ \t]*\((?i:DL)\))?{tail_no}(?P<v>[A-Za-z0-9][A-Za-z0-9*-]{{4,19}})(?-u:\b)"
        ),
    ));
    p.push((
        Check::Account,
        format!(
            r"(?-u:\b)(?i:account|acct|a/c|konto|compte|cuenta|rekening){tail_no}(?P<v>[0-9][0-9 -]{{4,24}}[0-9])(?-u:\b)"
        ),
    ));
    p.push((
        Check::Routing,

            r"(?-u:\b)(?:(?i:routing)|ABA|RTN)(?i:[ \t]+(?:transit[ \t]+)?(?:no\.?|number|num|#))?[ \t]*[:#]?[ \t]*(?:is[ \t]+)?(?P<v>[0-9]{4}-?[0-9]{4}-?[0-9])(?-u:\b)"
            .into(),
    ));
    p.push((
        Check::SortCode,
        r"(?i:sort[ \t]*code)[ \t]*[:#]?[ \t]*(?:is[ \t]+)?(?P<v>[0-9]{2}[ -]?[0-9]{2}[ -]?[0-9]{2})(?-u:\b)".into(),
    ));
    p.push((
        Check::LabelledId,
        r"(?:(?-u:\b)(?:ID|Id)|(?-u:\b)(?i:member|customer|patient|employee|student|client|policy|national|tax|user|citizen|voter|insurance)[ \t]*(?i:id|#|no\.?|number|nr\.?)|(?-u:\b)(?:MRN|NPI|SIN|NIN|TIN|ITIN|PESEL|NRIC|TCKN|TFN|CURP|RFC|CPF|BSN))[ \t]*[:#]?[ \t]*(?:is[ \t]+)?(?P<v>[A-Za-z0-9](?:[A-Za-z0-9-]|[ ][0-9]){2,24})(?-u:\b)".into(),
    ));
    p.push((
        Check::Iban,
        r"(?-u:\b)(?P<v>[A-Z]{2}[0-9]{2}(?:[ -]?[A-Z0-9]){10,32})".into(),
    ));
    let oct = r"(?:25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])";
    p.push((
        Check::Ipv4,
        format!(r"(?P<v>{oct}(?:\.{oct}){{3}})(?::[0-9]{{1,5}}|/[0-9]{{1,2}})?"),
    ));
    p.push((
        Check::Ipv6,
        // Either compressed (`::`) or at least five groups: times such as 10:15:22 are not
        // candidates.
        r"(?P<v>(?:[0-9A-Fa-f]{1,4}(?::[0-9A-Fa-f]{1,4}){4,7}|[0-9A-Fa-f]{0,4}(?::[0-9A-Fa-f]{1,4}){0,6}::(?:[0-9A-Fa-f]{1,4}(?::[0-9A-Fa-f]{1,4}){0,6})?)(?:\.[0-9]{1,3}){0,3})(?:%[A-Za-z0-9]{1,15})?(?:/[0-9]{1,3})?".into(),
    ));
    p.push((
        Check::Nino,
        r"(?-u:\b)(?P<v>[A-Za-z]{2}[ ]?[0-9]{2}[ ]?[0-9]{2}[ ]?[0-9]{2}[ ]?[A-Da-d])(?-u:\b)"
            .into(),
    ));
    p.push((
        Check::EsDni,
        r"(?-u:\b)(?P<v>[0-9]{7,8}[ -]?[A-Za-z])(?-u:\b)".into(),
    ));
    p.push((
        Check::EsNie,
        r"(?-u:\b)(?P<v>[XYZxyz][ -]?[0-9]{7}[ -]?[A-Za-z])(?-u:\b)".into(),
    ));
    p.push((
        Check::ItFiscal,
        r"(?-u:\b)(?P<v>[A-Za-z]{6}[0-9LMNPQRSTUVlmnpqrstuv]{2}[A-Za-z][0-9LMNPQRSTUVlmnpqrstuv]{2}[A-Za-z][0-9LMNPQRSTUVlmnpqrstuv]{3}[A-Za-z])(?-u:\b)".into(),
    ));
    p.push((
        Check::FiHetu,
        r"(?-u:\b)(?P<v>[0-9]{6}[-+ABCDEFUVWXY][0-9]{3}[0-9A-Ya-y])(?-u:\b)".into(),
    ));
    p.push((
        Check::SgNric,
        r"(?-u:\b)(?P<v>[STFGMstfgm][0-9]{7}[A-Za-z])(?-u:\b)".into(),
    ));
    p.push((
        Check::UsMbi,
        r"(?-u:\b)(?P<v>[1-9][A-Za-z][A-Za-z0-9][0-9]-?[A-Za-z][A-Za-z0-9][0-9]-?[A-Za-z]{2}[0-9]{2})(?-u:\b)".into(),
    ));
    p.push((
        Check::InPan,
        r"(?-u:\b)(?P<v>[A-Z]{5}[0-9]{4}[A-Z])(?-u:\b)".into(),
    ));
    p.push((
        Check::PrefixedId,
        r"(?-u:\b)(?P<v>(?:MRN|UHID|NHI|EHR)[-#: ]?[0-9]{5,12})(?-u:\b)".into(),
    ));
    p.push((
        Check::PassportShape,
        r"(?-u:\b)(?P<v>[A-Z]{1,2}[0-9]{6,9})(?-u:\b)".into(),
    ));
    p.push((
        Check::UkPostcode,
        format!(r"(?-u:\b)(?P<v>{UK_PC}|GIR[ ]?0AA)(?-u:\b)"),
    ));
    p.push((
        Check::CaPostcode,
        r"(?-u:\b)(?P<v>[A-Z][0-9][A-Z][ -]?[0-9][A-Z][0-9])(?-u:\b)".into(),
    ));
    p.push((
        Check::NlPostcode,
        r"(?-u:\b)(?P<v>[1-9][0-9]{3}[ ]?[A-Z]{2})(?-u:\b)".into(),
    ));
    let label = r"[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?";
    p.push((
        Check::InternalHost,
        format!(
            r"(?-u:\b)(?P<v>(?:{label}\.){{1,8}}(?i:internal|localdomain|local|corp|lan|intranet|home\.arpa|private|priv|intra))(?-u:\b)"
        ),
    ));
    p.push((
        Check::UncHost,
        r"\\\\(?P<v>[A-Za-z0-9][A-Za-z0-9.-]{1,62})\\[A-Za-z0-9$_]".into(),
    ));
    p.push((
        Check::Domain,
        format!(r"(?-u:\b)(?P<v>(?:{label}\.){{1,8}}[A-Za-z]{{2,24}})(?-u:\b)"),
    ));
    p.push((
        Check::Number,
        // At least four digits: shorter runs are never identifying on their own.
        r"(?P<v>(?:\+[ ]?)?\(?[0-9](?:(?:[ .\-/:]?\(?|\)[ .\-/]?)[0-9]){3,}\)?)".into(),
    ));
    p
}

/// The first `char` boundary of `text` at or after `i` (or its end).
fn next_boundary(text: &str, mut i: usize) -> usize {
    while i < text.len() && !text.is_char_boundary(i) {
        i += 1;
    }
    i.min(text.len())
}

/// A run of base64 or hex characters this long (bytes) is a blob: an image, a key, a dump.
const BLOB: usize = 1024;
/// Bytes kept as written at each end of a blob, so that what starts or ends there (a PEM
/// block's edges, a token after a key word) still matches.
const BLOB_EDGE: usize = 256;

/// `text` with the inside of each blob (a run of `[A-Za-z0-9+/]` of [`BLOB`] bytes or more
/// with a letter) replaced by `a`: as long, still one token of the same classes, but
/// uniform. On random base64 or hex the automata met new states at every position and
/// built them (200,000 characters of base64 cost 40 times the diverse document); on a
/// uniform run they stay in a few. No document of the evaluation corpus has a run of half
/// that length; the checks read the text itself, so a match that spans a blob is judged
/// on its real characters.
fn mask_blobs(text: &str) -> std::borrow::Cow<'_, str> {
    let runs = blob_runs(text.as_bytes());
    if runs.is_empty() {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut bytes = text.as_bytes().to_vec();
    for (s, e) in runs {
        bytes[s..e].fill(b'a');
    }
    // ASCII replaced by ASCII: still UTF-8, with the same char boundaries.
    std::borrow::Cow::Owned(String::from_utf8(bytes).unwrap_or_else(|_| text.to_string()))
}

fn blob_byte(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'+' || c == b'/'
}

/// The insides (without [`BLOB_EDGE`] bytes at each end) of the blobs of `b`, in order.
///
/// A run of [`BLOB`] bytes or more covers a multiple of `BLOB / 2`: only the runs through
/// those positions are measured, so a text is read at one byte in 512 plus the runs met
/// there (a word, mostly), not byte by byte.
fn blob_runs(b: &[u8]) -> Vec<(usize, usize)> {
    const STEP: usize = BLOB / 2;
    let mut runs = Vec::new();
    let mut p = 0;
    while p < b.len() {
        if !blob_byte(b[p]) {
            p += STEP;
            continue;
        }
        // The maximal run through `p`: it starts after the last run measured, which ended
        // before `p` at a byte of no blob.
        let mut s = p;
        while s > 0 && blob_byte(b[s - 1]) {
            s -= 1;
        }
        let mut e = p + 1;
        while e < b.len() && blob_byte(b[e]) {
            e += 1;
        }
        if e - s >= BLOB && b[s..e].iter().any(u8::is_ascii_alphabetic) {
            runs.push((s + BLOB_EDGE, e - BLOB_EDGE));
        }
        p = e.div_ceil(STEP) * STEP;
        if p == e {
            // `e` is a sample position and holds no blob byte.
            p += STEP;
        }
    }
    runs
}

/// The rules are compiled as a few regexes (parts) rather than one union: a small automaton
/// per family keeps its states in the CPU caches on diverse text, and the anchored part runs
/// only where its patterns' literals start. Taking the part match that starts first, and of
/// those the one of the lowest rule index, gives exactly what the union would
/// (leftmost-first).
struct Part {
    re: Regex,
    /// Rule index of each of the part's patterns.
    rules: Vec<usize>,
    /// For the part of the patterns whose every match starts with one of a finite set of
    /// literals (most provider secrets, keyword-led values): those literals. Its search runs
    /// anchored from each place one of them starts, so its automaton has no unanchored
    /// prefix and no reverse automaton: in a fresh process the unanchored parts built
    /// states for every position of a diverse text, and a reverse search per match.
    starts: Option<Scanner>,
    /// For the anchored part: its patterns' forward lazy DFA, searched directly from each
    /// start literal ([`Anchored`]): an anchored match starts where the search does, so the
    /// forward DFA's end is the whole answer, and the meta regex's layers above it (its
    /// cache pool, strategy and wrappers, taken for each of a dozen tries a kilobyte, one in
    /// sixteen a match) are passed over: 2,000 to 3,400 instructions a kilobyte of diverse
    /// text. The meta regex stays for the rest (and for a search this DFA gives up on).
    anchored: Option<AnchoredDfa>,
    /// For the unanchored parts of digit-led and letter-led values: their forward and
    /// reverse lazy DFAs, searched directly. The meta regex's layers above them (its cache
    /// pool, strategy and wrappers) cost about 400 instructions a search, 20 to 30 searches
    /// a kilobyte. The meta regex stays for the rest (and for a search these give up on).
    unanchored: Option<UnanchoredDfa>,
    /// The part of the e-mail pattern alone. An address holds an `@`, and its local part,
    /// from the match's start to an `@`, holds no line break (a run of the local part's
    /// characters, or a quoted string without `\r` or `\n`): no match starts before the
    /// line of the next `@`. Its search starts there, not where the scan is (the text
    /// between is passed over by a byte search instead of the automaton).
    emails: bool,
}

/// A part's direct engines' search caches, taken from their pools at a part's first search
/// of a scan and given back at its end (taken for each search, they cost about 40
/// instructions a search).
#[derive(Default)]
struct Lent<'a> {
    anchored: Option<PoolGuard<'a, hybrid::dfa::Cache, CacheFn>>,
    unanchored: Option<PoolGuard<'a, hybrid::regex::Cache, RegexCacheFn>>,
}

/// One [`Lent`] for each part, none taken yet.
fn lent<'a>() -> [Lent<'a>; MAX_PARTS] {
    std::array::from_fn(|_| Lent::default())
}

/// A forward lazy DFA and its search caches (one per thread at it, kept between calls).
struct AnchoredDfa {
    dfa: hybrid::dfa::DFA,
    caches: Pool<hybrid::dfa::Cache, CacheFn>,
}

type CacheFn = Box<dyn Fn() -> hybrid::dfa::Cache + Send + Sync + UnwindSafe + RefUnwindSafe>;

/// A forward and a reverse lazy DFA as the meta regex builds them for its core strategy,
/// and their search caches (one per thread at it, kept between calls).
struct UnanchoredDfa {
    re: hybrid::regex::Regex,
    caches: Pool<hybrid::regex::Cache, RegexCacheFn>,
}

type RegexCacheFn =
    Box<dyn Fn() -> hybrid::regex::Cache + Send + Sync + UnwindSafe + RefUnwindSafe>;

impl UnanchoredDfa {
    /// The DFAs of `hirs` (leftmost-first, as the part's meta regex): configured as the
    /// meta regex configures its own (without a prefilter: the parts searched so have
    /// none), so that they give up where its own would.
    fn new(hirs: &[&Hir]) -> Option<UnanchoredDfa> {
        let nfa_config = thompson::Config::new()
            .nfa_size_limit(Some(256 * (1 << 20)))
            .which_captures(thompson::WhichCaptures::None);
        let nfa = thompson::Compiler::new()
            .configure(nfa_config.clone())
            .build_many_from_hir(hirs)
            .ok()?;
        let nfarev = thompson::Compiler::new()
            .configure(nfa_config.reverse(true))
            .build_many_from_hir(hirs)
            .ok()?;
        let config = hybrid::dfa::Config::new()
            .match_kind(MatchKind::LeftmostFirst)
            .unicode_word_boundary(true)
            .cache_capacity(32 * (1 << 20))
            .minimum_cache_clear_count(Some(3))
            .minimum_bytes_per_state(Some(10));
        let fwd = hybrid::dfa::Builder::new()
            .configure(config.clone())
            .build_from_nfa(nfa)
            .ok()?;
        let rev = hybrid::dfa::Builder::new()
            .configure(config.match_kind(MatchKind::All))
            .build_from_nfa(nfarev)
            .ok()?;
        // The pool makes its caches with a regex of its own (one of the same DFAs).
        let own = hybrid::regex::Builder::new().build_from_dfas(fwd.clone(), rev.clone());
        let re = hybrid::regex::Builder::new().build_from_dfas(fwd, rev);
        let caches = Pool::new(Box::new(move || own.create_cache()) as RegexCacheFn);
        Some(UnanchoredDfa { re, caches })
    }
}

impl AnchoredDfa {
    /// The DFA of `hirs` (leftmost-first, as the part's meta regex).
    fn new(hirs: &[&Hir]) -> Option<AnchoredDfa> {
        let nfa = thompson::Compiler::new()
            .configure(
                thompson::Config::new()
                    .nfa_size_limit(Some(256 * (1 << 20)))
                    .which_captures(thompson::WhichCaptures::None),
            )
            .build_many_from_hir(hirs)
            .ok()?;
        let dfa = hybrid::dfa::DFA::builder()
            .configure(
                hybrid::dfa::Config::new()
                    .match_kind(MatchKind::LeftmostFirst)
                    .cache_capacity(32 * (1 << 20))
                    // Quits on a byte beyond ASCII where a pattern has a Unicode word
                    // boundary: the search then falls back to the meta regex.
                    .unicode_word_boundary(true),
            )
            .build_from_nfa(nfa)
            .ok()?;
        let own = dfa.clone();
        let caches = Pool::new(Box::new(move || own.create_cache()) as CacheFn);
        Some(AnchoredDfa { dfa, caches })
    }
}

impl Part {
    /// Where the part's start literals occur in `text`, in order (overlapping ones too);
    /// empty for a part without them.
    fn candidates(&self, text: &str) -> Vec<usize> {
        self.candidates_in(text, 0, text.len())
    }

    /// [`Part::candidates`] from `from` (a character boundary) to before `until`: the same
    /// positions, a literal's start being where it is whatever came before.
    fn candidates_in(&self, text: &str, from: usize, until: usize) -> Vec<usize> {
        let mut out = Vec::new();
        self.candidates_into(text, from, until, &mut out);
        out
    }

    /// [`Part::candidates_in`] appended to `out`.
    fn candidates_into(&self, text: &str, from: usize, until: usize, out: &mut Vec<usize>) {
        let Some(starts) = &self.starts else {
            return;
        };
        // About one in 80 bytes of diverse text (12 a kilobyte): room for that at once, not
        // grown from nothing for each text.
        out.reserve(until.saturating_sub(from) / 64 + 4);
        let mut from = from;
        while from < text.len() {
            let Some((start, _, _)) = starts.find(text.as_bytes(), from) else {
                break;
            };
            if start >= until {
                break;
            }
            out.push(start);
            from = next_boundary(text, start + 1);
        }
    }

    /// The part's leftmost-first match at or after `pos`: (start, end, rule index).
    /// `cands` are the part's [`Part::candidates`] in `text`; `lent`, the caches of its
    /// direct engines, if already taken.
    fn search<'a>(
        &'a self,
        text: &str,
        pos: usize,
        cands: &[usize],
        cache: Option<&mut Cache>,
        lent: &mut Lent<'a>,
    ) -> Option<(usize, usize, usize)> {
        // The forward DFA's caches come from its own pool, whose caches a thread spawned
        // for one call would build again: a caller with caches of its own (the thread
        // beside the rules, `Rules::scan_tail`) searches the meta regex with them.
        let own_caches = cache.is_some();
        let mut cache = cache;
        let mut run = |input: &Input<'_>| match cache.as_deref_mut() {
            Some(c) => self.re.search_with(c, input),
            None => self.re.search(input),
        };
        let hit =
            |m: regex_automata::Match| (m.start(), m.end(), self.rules[m.pattern().as_usize()]);
        if self.starts.is_none() {
            let from = if self.emails {
                let at = pos + text[pos..].find('@')?;
                text[pos..at].rfind('\n').map_or(pos, |nl| pos + nl + 1)
            } else {
                pos
            };
            // The span keeps the text before `from` in view of the look-behind assertions.
            let input = Input::new(text).span(from..text.len());
            if let Some(u) = self.unanchored.as_ref().filter(|_| !own_caches)
                && let Ok(m) = u.re.try_search(
                    lent.unanchored.get_or_insert_with(|| u.caches.get()),
                    &input,
                )
            {
                return m.map(hit);
            }
            return run(&input).map(hit);
        }
        let first = cands.partition_point(|&c| c < pos);
        let mut direct = self
            .anchored
            .as_ref()
            .filter(|_| !own_caches)
            .map(|a| (&a.dfa, lent.anchored.get_or_insert_with(|| a.caches.get())));
        cands[first..].iter().find_map(|&at| {
            let anchored = Input::new(text)
                .span(at..text.len())
                .anchored(Anchored::Yes);
            if let Some((dfa, cache)) = direct.as_mut() {
                // An anchored match starts at `at`: its end and pattern are the match (no
                // pattern of the part matches the empty string: each starts with a literal).
                match dfa.try_search_fwd(cache, &anchored) {
                    Ok(Some(m)) => {
                        return Some((at, m.offset(), self.rules[m.pattern().as_usize()]));
                    }
                    Ok(None) => return None,
                    Err(_) => {}
                }
            }
            run(&anchored).map(hit)
        })
    }
}

/// A pattern's start literals ([`literal_starts`]).
type Starts = Option<Vec<Vec<u8>>>;

/// The literals every match of `pattern` starts with (at most 4 bytes each), or `None`
/// when some match may start with anything (a class too large to list, an empty prefix),
/// with a single byte, or with fewer than four bytes led by a digit.
fn literal_starts(hir: &Hir) -> Starts {
    use regex_syntax::hir::literal::{ExtractKind, Extractor};
    let mut ex = Extractor::new();
    ex.kind(ExtractKind::Prefix).limit_literal_len(4);
    let mut seq = ex.extract(hir);
    seq.dedup();
    let lits = seq.literals()?;
    // Single bytes (`+`, `(`) and short runs led by a digit start too often: such patterns
    // stay unanchored. A literal of four bytes led by a digit (`4b1d`) is as rare as any:
    // alone in an unanchored part, its pattern cost a search over the whole text.
    if lits.is_empty()
        || lits.iter().any(|l| {
            let l = l.as_bytes();
            l.len() < 2 || (l[0].is_ascii_digit() && l.len() < 4)
        })
    {
        return None;
    }
    Some(lits.iter().map(|l| l.as_bytes().to_vec()).collect())
}

/// A search of the first phase of [`Rules::scan`]: where it started, the match's start, end
/// and pattern.
type Listed = (usize, usize, usize, usize);

/// The second half of [`Rules::scan`]'s first phase, from [`Rules::scan_tail`].
pub(crate) struct ScanTail {
    listed: Vec<Listed>,
    none_from: Option<usize>,
}

/// A part's next match: (start, end, rule index), searched from `from`; `None` when the
/// part has no match at or after `from`.
#[derive(Clone, Copy)]
struct Next {
    from: usize,
    m: Option<(usize, usize, usize)>,
}

pub struct Rules {
    parts: Vec<Part>,
    checks: Vec<Check>,
    has_group: Vec<bool>,
    patterns: Vec<String>,
    /// Each pattern's syntax tree (for the value-group regexes built on first use).
    hirs: Vec<Hir>,
    /// One small regex per pattern, built on first use, for finding a match's value group:
    /// a capture search on the big union costs a backtracking table the size of all rules.
    single: Vec<OnceLock<Option<Regex>>>,
    /// The parts' search caches for [`Rules::scan_tail`], one set per thread at it, kept
    /// between calls. (A regex's own pool keeps a cache per thread: on a thread spawned
    /// for one call it was a new one, whose lazy DFA built its states afresh each time.)
    spare: Mutex<Vec<Vec<Cache>>>,
}

/// Most cache sets [`Rules::spare`] keeps (more only while more threads scan at once).
const SPARE_CACHES: usize = 8;

/// Most parts the rules are compiled into (see [`Rules::build`]).
const MAX_PARTS: usize = 6;

/// [`Rules::scan`]'s lists, kept between the texts a thread scans: allocated for each text,
/// they cost a kilobyte text about 2,000 instructions (the list of searches alone is over
/// a kilobyte, which the allocator serves from its large bins after merging its free
/// chunks).
#[derive(Default)]
struct Scratch {
    cands: Vec<Vec<usize>>,
    listed: Vec<Listed>,
}

thread_local! {
    static SCRATCH: std::cell::Cell<Scratch> = const {
        std::cell::Cell::new(Scratch {
            cands: Vec::new(),
            listed: Vec::new(),
        })
    };
}

/// The longest lists [`SCRATCH`] keeps (a long text's are dropped with it).
const SCRATCH_KEPT: usize = 4096;

impl Rules {
    pub fn build() -> Rules {
        let mut checks = Vec::new();
        let mut pats: Vec<String> = Vec::new();
        for (i, r) in secrets::RULES.iter().enumerate() {
            checks.push(Check::Secret(i));
            pats.push(r.pattern.to_string());
        }
        for (c, p) in structural_patterns() {
            checks.push(c);
            pats.push(p);
        }
        // Where the value group is the whole match (up to zero-width assertions) the capture
        // search is skipped.
        let has_group = checks
            .iter()
            .zip(&pats)
            .map(|(c, p)| match c {
                Check::Secret(_) => p.contains("(?P<secret>"),
                Check::Passport
                | Check::Licence
                | Check::Account
                | Check::Routing
                | Check::SortCode
                | Check::LabelledId
                | Check::UncHost => true,
                _ => false,
            })
            .collect();
        let n_provider = secrets::PROVIDER_RULES.len();
        // The parts. One union of all the patterns is a DFA of their product: on diverse text
        // its states cost 250 ms to build, and on 2,000,000 characters they overflowed its
        // cache. Each pattern is parsed once: its literal starts, its part's automaton and
        // its value-group regex come from the same syntax tree (parsing was a third of
        // building the rules).
        //
        // - Anchored (4): every pattern whose matches all start with listed literals (most
        //   secrets, keyword-led values), searched from where those literals occur.
        // - Digit-led values (2) and the letter-led rest (5), unanchored: splitting them cut
        //   the states a fresh process builds by a third for a 1 % longer warm scan.
        // - E-mail addresses (3), alone: a local part runs over any characters but white
        //   space and a few signs, so in a long run without an `@` (a hex dump, a base64
        //   blob, `a.1234.b.5678…`) the automaton of a part holding them went on to the run's
        //   end from every search, searched again after each short match in the run:
        //   quadratic (a 200,000-character hex run took 50 times the diverse document).
        //   Alone, its search from one position finds the next address or none, and is kept
        //   until the scan passes it.
        // - Provider (0) and generic (1) secrets without listed starts, if any.
        //
        // Parsing and literal extraction run on two threads where the machine has two cores.
        let parse_one = |i: usize| -> (Hir, Starts) {
            let hir = syntax::parse_with(&pats[i], &syntax::Config::new().utf8(true).unicode(true))
                .unwrap_or_else(|e| panic!("built-in detection rules must parse: {e}"));
            let starts = if checks[i] == Check::Email {
                None
            } else {
                literal_starts(&hir)
            };
            (hir, starts)
        };
        // Each thread takes the next pattern not yet taken.
        let next = std::sync::atomic::AtomicUsize::new(0);
        let work = || -> Vec<(usize, (Hir, Starts))> {
            let mut done = Vec::new();
            loop {
                let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                if i >= pats.len() {
                    return done;
                }
                done.push((i, parse_one(i)));
            }
        };
        let mut parsed: Vec<(usize, (Hir, Starts))> = if redact_entity::threads::cores() > 1 {
            std::thread::scope(|s| {
                let second = s.spawn(work);
                let mut first = work();
                first.extend(
                    second
                        .join()
                        .unwrap_or_else(|e| std::panic::resume_unwind(e)),
                );
                first
            })
        } else {
            work()
        };
        parsed.sort_unstable_by_key(|(i, _)| *i);
        let parsed = parsed.into_iter().map(|(_, p)| p);
        let (hirs, starts): (Vec<Hir>, Vec<Starts>) = parsed.into_iter().unzip();
        let part_of = |i: usize| match checks[i] {
            _ if starts[i].is_some() => 4,
            Check::Secret(j) if j < n_provider => 0,
            Check::Secret(_) => 1,
            Check::Email => 3,
            Check::Number
            | Check::Ipv4
            | Check::Ipv6
            | Check::EsDni
            | Check::FiHetu
            | Check::UsMbi
            | Check::NlPostcode => 2,
            _ => 5,
        };
        let mut members: Vec<Vec<usize>> = vec![Vec::new(); MAX_PARTS];
        for i in 0..pats.len() {
            members[part_of(i)].push(i);
        }
        let anchored = |k: usize| k == 4;
        let build_re = |k: usize, rules: &[usize]| -> Regex {
            Regex::builder()
                .configure(
                    Regex::config()
                        .match_kind(MatchKind::LeftmostFirst)
                        .hybrid_cache_capacity(32 * (1 << 20))
                        .nfa_size_limit(Some(256 * (1 << 20)))
                        .auto_prefilter(!anchored(k)),
                )
                .build_many_from_hir(&rules.iter().map(|&i| &hirs[i]).collect::<Vec<_>>())
                .unwrap_or_else(|e| panic!("built-in detection rules must compile: {e}"))
        };
        let build_starts = |rules: &[usize]| -> Scanner {
            let mut lits: Vec<&[u8]> = rules
                .iter()
                .flat_map(|&i| starts[i].iter().flatten().map(Vec::as_slice))
                .collect();
            lits.sort_unstable();
            lits.dedup();
            Scanner::new(&lits, aho_corasick::MatchKind::LeftmostFirst, false)
                .unwrap_or_else(|e| panic!("rule prefixes must compile: {e}"))
        };
        let groups: Vec<(usize, Vec<usize>)> = members
            .into_iter()
            .enumerate()
            .filter(|(_, m)| !m.is_empty())
            .collect();
        // The start automaton and the anchored part's DFA on a second thread, the parts'
        // regexes on this one.
        let second = || -> Option<(Scanner, Option<AnchoredDfa>)> {
            groups.iter().find(|(k, _)| anchored(*k)).map(|(_, rules)| {
                let dfa = AnchoredDfa::new(&rules.iter().map(|&i| &hirs[i]).collect::<Vec<_>>());
                (build_starts(rules), dfa)
            })
        };
        let first = || -> Vec<(Regex, Option<UnanchoredDfa>)> {
            groups
                .iter()
                .map(|(k, rules)| {
                    let direct = matches!(k, 2 | 5).then(|| {
                        UnanchoredDfa::new(&rules.iter().map(|&i| &hirs[i]).collect::<Vec<_>>())
                    });
                    (build_re(*k, rules), direct.flatten())
                })
                .collect()
        };
        let (res, mut starts) = if redact_entity::threads::cores() > 1 {
            std::thread::scope(|s| {
                let other = s.spawn(second);
                let res = first();
                let built = other
                    .join()
                    .unwrap_or_else(|e| std::panic::resume_unwind(e));
                (res, built)
            })
        } else {
            (first(), second())
        };
        let parts: Vec<Part> = res
            .into_iter()
            .zip(groups)
            .map(|((re, unanchored), (k, rules))| {
                let (starts, anchored) = match anchored(k).then(|| starts.take()).flatten() {
                    Some((s, dfa)) => (Some(s), dfa),
                    None => (None, None),
                };
                Part {
                    re,
                    rules,
                    starts,
                    anchored,
                    unanchored,
                    emails: k == 3,
                }
            })
            .collect();
        let single = pats.iter().map(|_| OnceLock::new()).collect();
        Rules {
            parts,
            checks,
            has_group,
            patterns: pats,
            hirs,
            single,
            spare: Mutex::new(Vec::new()),
        }
    }

    /// For profiling: each part's pattern count and the time of a search loop over `text`
    /// (each search from the last match's end), twice: with the part's cache fresh (the
    /// first call in a process) and warm.
    #[doc(hidden)]
    pub fn part_timings(
        &self,
        text: &str,
    ) -> Vec<(usize, std::time::Duration, std::time::Duration)> {
        let hay = mask_blobs(text);
        self.parts
            .iter()
            .map(|part| {
                let run = || {
                    let t = std::time::Instant::now();
                    let cands = part.candidates(&hay);
                    let mut pos = 0;
                    while pos < hay.len() {
                        match part.search(&hay, pos, &cands, None, &mut Lent::default()) {
                            Some(m) => pos = next_boundary(&hay, m.1.max(pos + 1)),
                            None => break,
                        }
                    }
                    t.elapsed()
                };
                let first = run();
                (part.rules.len(), first, run())
            })
            .collect()
    }

    /// For profiling: each pattern with the index of the part it is compiled into.
    #[doc(hidden)]
    pub fn patterns_by_part(&self) -> Vec<(usize, String)> {
        let mut out = Vec::new();
        for (k, part) in self.parts.iter().enumerate() {
            for &r in &part.rules {
                out.push((k, self.patterns[r].clone()));
            }
        }
        out
    }

    pub fn len(&self) -> usize {
        self.checks.len()
    }

    /// The union's leftmost-first match at or after `pos` (start, end, rule index), from the
    /// parts' next matches in `next` (searched again where they start before `pos`).
    /// `caches`: the parts' search caches, if not the regexes' own.
    /// `lent`: the parts' direct engines' caches taken so far.
    fn search<'a>(
        &'a self,
        text: &str,
        pos: usize,
        next: &mut [Next],
        cands: &[Vec<usize>],
        mut caches: Option<&mut [Cache]>,
        lent: &mut [Lent<'a>],
    ) -> Option<(usize, usize, usize)> {
        let mut best: Option<(usize, usize, usize)> = None;
        for (k, (((part, n), cands), lent)) in self
            .parts
            .iter()
            .zip(next.iter_mut())
            .zip(cands)
            .zip(lent)
            .enumerate()
        {
            let stale = match n.m {
                Some((s, _, _)) => s < pos,
                None => n.from > pos,
            };
            if stale {
                n.from = pos;
                let cache = caches.as_deref_mut().and_then(|c| c.get_mut(k));
                n.m = part.search(text, pos, cands, cache, lent);
            }
            if let Some(m) = n.m
                && best.is_none_or(|b| (m.0, m.2) < (b.0, b.2))
            {
                best = Some(m);
            }
        }
        best
    }

    /// Each part's [`Part::candidates`] in `text` from `from` to before `until`.
    fn candidates_in(&self, text: &str, from: usize, until: usize) -> Vec<Vec<usize>> {
        self.parts
            .iter()
            .map(|p| p.candidates_in(text, from, until))
            .collect()
    }

    /// The first phase of [`Rules::scan`] on `hay` (the masked text) from `from`: each
    /// search (where it started, the match's start, end and pattern) from where the last
    /// match ended, until one would start at `until` or later; and the position from which
    /// the union has no match, if the searches got there first. `cands`: the parts'
    /// candidates from `from` on at least.
    fn list(
        &self,
        hay: &str,
        from: usize,
        until: usize,
        cands: &[Vec<usize>],
        caches: Option<&mut [Cache]>,
    ) -> (Vec<Listed>, Option<usize>) {
        let mut listed = Vec::new();
        let none_from = self.list_into(hay, from, until, cands, caches, &mut listed);
        (listed, none_from)
    }

    /// [`Rules::list`] into `listed` (empty).
    fn list_into(
        &self,
        hay: &str,
        from: usize,
        until: usize,
        cands: &[Vec<usize>],
        mut caches: Option<&mut [Cache]>,
        listed: &mut Vec<Listed>,
    ) -> Option<usize> {
        // About 25 searches a kilobyte of diverse text: room for them at once (growing the
        // list from nothing cost a kilobyte text 1,700 instructions).
        listed.reserve(until.saturating_sub(from) / 32 + 4);
        let mut next = self.fresh();
        let next = &mut next[..self.parts.len()];
        let mut lent = lent();
        let mut pos = from;
        loop {
            if pos >= hay.len() {
                break Some(pos);
            }
            if pos >= until {
                break None;
            }
            let Some((ms, me, rule)) =
                self.search(hay, pos, next, cands, caches.as_deref_mut(), &mut lent)
            else {
                break Some(pos);
            };
            listed.push((pos, ms, me, rule));
            pos = next_boundary(hay, me.max(pos + 1));
        }
    }

    /// Where [`Rules::scan_split`] cuts the first phase: the middle of `text`, on a character
    /// boundary.
    pub(crate) fn split_point(text: &str) -> usize {
        next_boundary(text, text.len() / 2)
    }

    /// The part of [`Rules::scan`]'s work that [`Rules::scan_split`] hands to another thread:
    /// the parts' candidates from `mid` ([`Rules::split_point`] of `text`) on, handed over
    /// through `cands` as soon as they are found, then the first phase's searches from
    /// `mid` to the end.
    pub(crate) fn scan_tail(
        &self,
        text: &str,
        mid: usize,
        cands: impl FnOnce(Vec<Vec<usize>>),
    ) -> ScanTail {
        let hay = mask_blobs(text);
        let tail_cands = self.candidates_in(&hay, mid, hay.len());
        cands(tail_cands.clone());
        let spare = |s: &Mutex<Vec<Vec<Cache>>>| s.lock().unwrap_or_else(|e| e.into_inner()).pop();
        let mut caches = spare(&self.spare)
            .unwrap_or_else(|| self.parts.iter().map(|p| p.re.create_cache()).collect());
        let (listed, none_from) = self.list(&hay, mid, hay.len(), &tail_cands, Some(&mut caches));
        let mut kept = self.spare.lock().unwrap_or_else(|e| e.into_inner());
        if kept.len() < SPARE_CACHES {
            kept.push(caches);
        }
        ScanTail { listed, none_from }
    }

    /// [`Rules::scan`] with the second half of its first phase done by [`Rules::scan_tail`]
    /// on another thread (same `mid`): `tail_cands` waits for the candidates it hands over,
    /// `tail` for the rest (`None` from either if that thread failed: the work is then done
    /// here). The same findings: the first phase's list is only a cache of searches by where
    /// they start, and a search's result does not depend on the searches before it.
    pub(crate) fn scan_split(
        &self,
        text: &str,
        out: &mut Vec<Finding>,
        mid: usize,
        tail_cands: impl FnOnce() -> Option<Vec<Vec<usize>>>,
        tail: impl FnOnce() -> Option<ScanTail>,
    ) {
        let masked = mask_blobs(text);
        let hay: &str = &masked;
        let mut cands = self.candidates_in(hay, 0, mid);
        let rest = tail_cands().unwrap_or_else(|| self.candidates_in(hay, mid, hay.len()));
        for (c, r) in cands.iter_mut().zip(rest) {
            c.extend(r);
        }
        let (mut listed, head_none) = self.list(hay, 0, mid, &cands, None);
        let none_from = match head_none {
            // No match from there on: the tail's searches found none either.
            Some(p) => p,
            None => {
                let ScanTail {
                    listed: more,
                    none_from,
                } = tail().unwrap_or_else(|| {
                    let (listed, none_from) = self.list(hay, mid, hay.len(), &cands, None);
                    ScanTail { listed, none_from }
                });
                listed.extend(more);
                none_from.unwrap_or(hay.len())
            }
        };
        self.check_listed(text, hay, &cands, &listed, none_from, out);
    }

    /// The parts' next matches before any search (none known), on the stack: the first
    /// [`Rules::parts`] of them are used.
    fn fresh(&self) -> [Next; MAX_PARTS] {
        debug_assert!(self.parts.len() <= MAX_PARTS);
        [Next {
            from: usize::MAX,
            m: None,
        }; MAX_PARTS]
    }

    /// Scans `text` once and appends the validated findings (disjoint, in order).
    ///
    /// In two phases: the union regex first lists its matches over the whole text, each
    /// search starting where the last match ended; then each match is checked. Checking
    /// between two searches (phone metadata, capture searches, the name lists) evicts the
    /// union's lazy DFA from the CPU caches, which cost about 5 ms on 200,000 diverse
    /// characters. A check may resume somewhere else than the match's end (inside it, to
    /// read what follows glued digits, or after it): from there the search runs again, until
    /// it starts where a listed one started, and from then on the list holds its results.
    pub fn scan(&self, text: &str, out: &mut Vec<Finding>) {
        // The regexes search a copy with the inside of long base64 and hex runs made uniform
        // (the text itself when it has none): the checks read the text.
        let masked = mask_blobs(text);
        let hay: &str = &masked;
        let mut s = SCRATCH.take();
        // The anchored part's candidates, listed in one pass over the text.
        s.cands.resize_with(self.parts.len(), Vec::new);
        for (part, c) in self.parts.iter().zip(&mut s.cands) {
            c.clear();
            part.candidates_into(hay, 0, hay.len(), c);
        }
        s.listed.clear();
        let none_from = self.list_into(hay, 0, hay.len(), &s.cands, None, &mut s.listed);
        let none_from = none_from.unwrap_or(hay.len());
        self.check_listed(text, hay, &s.cands, &s.listed, none_from, out);
        // Kept for the thread's next text unless a long text grew them.
        if s.listed.capacity() <= SCRATCH_KEPT
            && s.cands.iter().all(|c| c.capacity() <= SCRATCH_KEPT)
        {
            SCRATCH.set(s);
        }
    }

    /// The second phase of [`Rules::scan`]: each listed match checked, searched again from
    /// where a check resumes until a search starts where a listed one did. `none_from`: the
    /// union has no match from there on.
    fn check_listed(
        &self,
        text: &str,
        hay: &str,
        cands: &[Vec<usize>],
        listed: &[Listed],
        none_from: usize,
        out: &mut Vec<Finding>,
    ) {
        // The parts' next matches for searches here: `pos` only grows, so they stay valid.
        let mut live = self.fresh();
        let live = &mut live[..self.parts.len()];
        let mut lent = lent();
        let mut pos = 0;
        let mut i = 0;
        while pos < none_from {
            // The listed search from `pos` if there is one, else a new search.
            while i < listed.len() && listed[i].0 < pos {
                i += 1;
            }
            let (ms, me, pid) = if i < listed.len() && listed[i].0 == pos {
                let (_, ms, me, pid) = listed[i];
                (ms, me, pid)
            } else {
                let Some(m) = self.search(hay, pos, live, cands, None, &mut lent) else {
                    break;
                };
                m
            };
            let (vs, ve) = if self.has_group[pid] {
                self.value_span(hay, ms, me, pid)
            } else {
                (ms, me)
            };
            let before = out.len();
            let next = classify::classify(self, text, self.checks[pid], me, vs, ve, out);
            debug_assert!(
                out[before..]
                    .iter()
                    .all(|f| before == 0 || f.start >= out[before - 1].end)
            );
            pos = next_boundary(text, next.max(pos + 1));
        }
    }

    fn single(&self, pid: usize) -> Option<&Regex> {
        self.single[pid]
            .get_or_init(|| {
                // A capture search of one short match: the backtracker or one-pass
                // engine, without the lazy DFAs and prefilters a search of a text needs.
                Regex::builder()
                    .configure(Regex::config().auto_prefilter(false).hybrid(false))
                    .build_from_hir(&self.hirs[pid])
                    .ok()
            })
            .as_ref()
    }

    fn value_span(&self, text: &str, start: usize, end: usize, pid: usize) -> (usize, usize) {
        let Some(re) = self.single(pid) else {
            return (start, end);
        };
        let mut caps = re.create_captures();
        re.search_captures(
            &Input::new(text).span(start..end).anchored(Anchored::Yes),
            &mut caps,
        );
        let g = caps
            .get_group_by_name("v")
            .or_else(|| caps.get_group_by_name("secret"));
        match g {
            Some(s) if s.start < s.end => (s.start, s.end),
            _ => (start, end),
        }
    }

    /// The provider-specific secret rule (not a generic one) whose secret is exactly
    /// `at..end`, if any: one anchored search of the union at `at` (leftmost-first, so the
    /// rule of highest priority that matches there), then its value group.
    pub fn specific_secret_at(&self, text: &str, at: usize, end: usize) -> Option<Finding> {
        let (me, pid) = self
            .parts
            .iter()
            .filter_map(|part| {
                let m = part
                    .re
                    .search(&Input::new(text).span(at..end).anchored(Anchored::Yes))?;
                Some((m.end(), part.rules[m.pattern().as_usize()]))
            })
            .min_by_key(|&(_, pid)| pid)?;
        let Check::Secret(i) = self.checks[pid] else {
            return None;
        };
        let r = &secrets::RULES[i];
        if r.id.starts_with("generic") || r.id == "bearer-token" {
            return None;
        }
        let (vs, ve) = if self.has_group[pid] {
            self.value_span(text, at, me, pid)
        } else {
            (at, me)
        };
        (vs == at && ve == end)
            .then(|| Finding::new(at, end, Kind::ApiKey, r.id).with_prefix(usize::from(r.prefix)))
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    /// The blobs of `b` read byte by byte (what [`super::blob_runs`] must find).
    fn blob_runs_bytewise(b: &[u8]) -> Vec<(usize, usize)> {
        let mut runs = Vec::new();
        let mut i = 0;
        while i < b.len() {
            if !super::blob_byte(b[i]) {
                i += 1;
                continue;
            }
            let s = i;
            while i < b.len() && super::blob_byte(b[i]) {
                i += 1;
            }
            if i - s >= super::BLOB && b[s..i].iter().any(u8::is_ascii_alphabetic) {
                runs.push((s + super::BLOB_EDGE, i - super::BLOB_EDGE));
            }
        }
        runs
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]
        /// Sampling finds every blob, at every length and offset around the sample step.
        #[test]
        fn blob_runs_finds_what_a_bytewise_scan_finds(
            pieces in proptest::collection::vec((0usize..3, 0usize..1600), 0..8)
        ) {
            let mut b = Vec::new();
            for (class, len) in pieces {
                let byte = [b' ', b'7', b'q'][class];
                b.extend(std::iter::repeat_n(byte, len));
            }
            prop_assert_eq!(super::blob_runs(&b), blob_runs_bytewise(&b));
        }
    }

    use super::*;

    /// The parts' merged search finds, from every position the scan searches from, exactly
    /// what one union of all the rules finds (leftmost-first): the same start, end and rule.
    fn same_as_union(rules: &Rules, union: &Regex, text: &str) {
        let cands = rules.candidates_in(text, 0, text.len());
        let mut next = rules.fresh();
        let next = &mut next[..rules.parts.len()];
        let mut lent = lent();
        let mut pos = 0;
        while pos <= text.len() {
            let want = union
                .search(&Input::new(text).span(pos..text.len()))
                .map(|m| (m.start(), m.end(), m.pattern().as_usize()));
            let got = rules.search(text, pos, next, &cands, None, &mut lent);
            assert_eq!(got, want, "from {pos} in {text:?}");
            let Some((_, e, _)) = got else { break };
            // Also from a position inside the match, as a check that resumes there does.
            pos = next_boundary(text, if e > pos + 2 { pos + 2 } else { e.max(pos + 1) });
        }
    }

    fn union() -> Regex {
        let rules = Rules::build();
        Regex::builder()
            .syntax(syntax::Config::new().utf8(true).unicode(true))
            .configure(
                Regex::config()
                    .match_kind(MatchKind::LeftmostFirst)
                    .nfa_size_limit(Some(256 * (1 << 20))),
            )
            .build_many(&rules.patterns)
            .expect("union builds")
    }

    static UNION: std::sync::LazyLock<(Rules, Regex)> =
        std::sync::LazyLock::new(|| (Rules::build(), union()));

    #[test]
    fn parts_find_what_the_union_finds() {
        let (rules, union) = &*UNION;
        let texts = [
            "Mail jane.doe@example.org or call +44 20 7946 0958; token ghp_aaaaBBBBccccDDDDeeeeFFFFgggg0123 ok",
            "password=Hunter2xyz! api_key: \"sk-proj-0123456789abcdefABCDEFghij\" host db12.corp 10.0.0.1:5432",
            "IBAN GB82 WEST 1234 5698 7654 32, SSN 536-22-8914, passport no. C01X00T47, https://x.io/a?b=1",
            "Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig_abcdefghij AKIAIOSFODNN7EXAMPLE Straße 5, 10115 Berlin",
            "first line without\nsecond \"quoted name\"@example.org\nthird a.b@c.io\nx@\n@y.co z\n",
            "\"a@b\"@ex.com then \"not closed @ here.com\nnext line jane@example.org",
        ];
        for t in texts {
            same_as_union(rules, union, t);
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]
        #[test]
        fn parts_agree_with_the_union_on_mixed_fragments(
            parts in proptest::collection::vec(prop_oneof![
                Just("jane@example.org".to_string()),
                Just("+1 (415) 555-0132".to_string()),
                Just("ghp_".to_string()),
                Just("sk-".to_string()),
                Just("token=".to_string()),
                Just("password: ".to_string()),
                Just("AKIA".to_string()),
                Just("https://".to_string()),
                Just(".corp".to_string()),
                Just("Straße ".to_string()),
                // Starts of the anchored part's patterns, in other cases and glued.
                Just("Bearer ".to_string()),
                Just("--Token ".to_string()),
                Just("PASS: ".to_string()),
                Just("Customer ID ".to_string()),
                Just("passport no ".to_string()),
                Just("hvs.".to_string()),
                Just("s.".to_string()),
                Just("-----BEGIN ".to_string()),
                // E-mail addresses over lines, quoted local parts (one with an `@`),
                // stray signs: the e-mail part's search starts on the line of the next `@`.
                Just("\n".to_string()),
                Just("\r\n".to_string()),
                Just("\"jane doe\"@example.org".to_string()),
                Just("\"a@b\"@ex.com".to_string()),
                Just("\"open quote ".to_string()),
                Just("ana.lopez".to_string()),
                Just("@".to_string()),
                Just("@mail.co".to_string()),
                "[A-Za-z0-9_./:=@+ -]{0,24}",
                "[0-9 ]{0,20}",
                "\\PC{0,8}",
            ], 0..12)
        ) {
            let (rules, union) = &*UNION;
            same_as_union(rules, union, &parts.concat());
        }

        /// The scan with the second half of its searches from another thread's list finds
        /// what the scan finds alone, wherever the cut falls (inside a match too).
        #[test]
        fn a_split_scan_finds_what_the_scan_finds(
            parts in proptest::collection::vec(prop_oneof![
                Just("jane@example.org".to_string()),
                Just("+1 (415) 555-0132".to_string()),
                Just("4111 1111 1111 1111".to_string()),
                Just("token=".to_string()),
                Just("Bearer ".to_string()),
                Just("10.0.0.1".to_string()),
                Just("GB82 WEST 1234 5698 7654 32".to_string()),
                Just("\n".to_string()),
                Just("@".to_string()),
                "[A-Za-z0-9_./:=@+ -]{0,24}",
                "[0-9 -]{0,20}",
                "\\PC{0,8}",
            ], 0..14),
            cut in 0.0f64..=1.0,
        ) {
            let (rules, _) = &*UNION;
            let text = parts.concat();
            let mid = next_boundary(&text, (text.len() as f64 * cut) as usize);
            prop_assert_eq!(split_scan(rules, &text, mid), whole_scan(rules, &text));
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        /// A scan with the lists a scan of another text left on this thread finds what a
        /// scan with lists of its own ([`Rules::scan_split`] cut at the end) finds.
        #[test]
        fn a_scan_after_another_finds_what_a_fresh_scan_finds(
            texts in proptest::collection::vec(
                proptest::collection::vec(prop_oneof![
                    Just("jane@example.org".to_string()),
                    Just("+1 (415) 555-0132".to_string()),
                    Just("token=".to_string()),
                    Just("Bearer ".to_string()),
                    Just("ghp_".to_string()),
                    Just("\n".to_string()),
                    "[A-Za-z0-9_./:=@+ -]{0,24}",
                    "[0-9 -]{0,20}",
                ], 0..14).prop_map(|p| p.concat()),
                1..4,
            ),
        ) {
            let (rules, _) = &*UNION;
            for text in &texts {
                prop_assert_eq!(whole_scan(rules, text), split_scan(rules, text, text.len()));
            }
        }
    }

    fn whole_scan(rules: &Rules, text: &str) -> Vec<Finding> {
        let mut out = Vec::new();
        rules.scan(text, &mut out);
        out
    }

    /// [`Rules::scan_split`] with the tail's work done before, on this thread.
    fn split_scan(rules: &Rules, text: &str, mid: usize) -> Vec<Finding> {
        let mut handed = None;
        let tail = rules.scan_tail(text, mid, |c| handed = Some(c));
        let mut out = Vec::new();
        rules.scan_split(text, &mut out, mid, || handed, || Some(tail));
        out
    }

    #[test]
    fn a_split_scan_finds_what_the_scan_finds_at_every_cut() {
        let (rules, _) = &*UNION;
        let text = "Mail jane.doe@example.org or call +44 20 7946 0958 (office), card \
            4111 1111 1111 1111 exp 09/27; IBAN GB82 WEST 1234 5698 7654 32, SSN 536-22-8914.\n\
            Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig_abcdefghij from 10.0.0.1:5432 \
            and Straße 5, 10115 Berlin; \"quoted name\"@example.org; Customer ID 48213377, \
            passport no. C01X00T47.";
        let whole = whole_scan(rules, text);
        assert!(whole.len() >= 6, "{whole:?}");
        for mid in (0..=text.len()).filter(|&m| text.is_char_boundary(m)) {
            assert_eq!(split_scan(rules, text, mid), whole, "cut at {mid}");
        }
        // The other thread failed: its share is done here, with the same findings.
        let mut out = Vec::new();
        rules.scan_split(text, &mut out, text.len() / 2, || None, || None);
        assert_eq!(out, whole);
    }
}
