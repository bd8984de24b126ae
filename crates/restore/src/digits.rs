//! Digit variants: a phone, card or other number stand-in written by the
//! model with other separators (or none), or in national / international form.

/// Most separator characters allowed between two digits of a variant.
pub(crate) const MAX_SEPARATOR_RUN: usize = 3;

/// Minimum number of digits of a stand-in (and of each of its digit forms)
/// for digit variants to apply.
pub(crate) const MIN_DIGITS: usize = 7;

/// Characters that may stand between two digits of a digit variant.
pub(crate) fn is_separator(c: char) -> bool {
    matches!(
        c,
        ' ' | '-'
            | '.'
            | '('
            | ')'
            | '/'
            | '\u{00A0}' // no-break space
            | '\u{2009}' // thin space
            | '\u{202F}' // narrow no-break space
            | '\u{2010}' // hyphen
            | '\u{2011}' // non-breaking hyphen
            | '\u{2012}' // figure dash
            | '\u{2013}' // en dash
    )
}

/// The longest UTF-8 encoding among separator characters.
const MAX_SEPARATOR_BYTES: usize = 3;

/// How a digit form relates to the stand-in; lower wins a conflict.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum FormRank {
    /// The stand-in's own digits.
    Exact = 0,
    /// National / international rewriting of them.
    Rewritten = 1,
}

/// The digit forms of `stand_in` that a variant may spell, or none when the
/// stand-in is not number-like.
///
/// Number-like: at least [`MIN_DIGITS`] ASCII digits; otherwise only the
/// characters `0-9`, space, `-`, `.`, `(`, `)`, `/`, and `+` as the first
/// character; and not a dotted quad (an IPv4 address, whose separators carry
/// meaning).
#[cfg(test)]
pub(crate) fn digit_forms(stand_in: &str) -> Vec<(String, FormRank)> {
    let mut forms = Vec::new();
    let mut scratch = FormScratch::default();
    for_each_digit_form(stand_in, &mut scratch, |form, rank| {
        forms.push((String::from_utf8_lossy(form).into_owned(), rank));
    });
    forms
}

/// Buffers [`for_each_number_form`] reuses from one stand-in to the next.
#[derive(Debug, Default)]
pub(crate) struct FormScratch {
    all: Vec<u8>,
    form: Vec<u8>,
}

impl FormScratch {
    /// The bytes the buffers hold on to.
    pub(crate) fn bytes(&self) -> usize {
        self.all.capacity() + self.form.capacity()
    }
}

/// Calls `f` with each digit form of `stand_in`, in the order `digit_forms`
/// lists them, each built in `scratch` (no allocation once the buffers have
/// grown); none when the stand-in is not number-like: at least
/// [`MIN_DIGITS`] ASCII digits, otherwise only `0-9`, space, `-`, `.`, `(`,
/// `)`, `/`, and `+` as the first character, and not a dotted quad.
#[cfg(test)]
pub(crate) fn for_each_digit_form(
    stand_in: &str,
    scratch: &mut FormScratch,
    f: impl FnMut(&[u8], FormRank),
) {
    let bytes = stand_in.as_bytes();
    let ok_chars = bytes.iter().enumerate().all(|(i, &c)| {
        c.is_ascii_digit()
            || matches!(c, b' ' | b'-' | b'.' | b'(' | b')' | b'/')
            || (c == b'+' && i == 0)
    });
    if ok_chars {
        for_each_number_form(stand_in, scratch, f);
    }
}

/// [`for_each_digit_form`] of a stand-in known to have only the characters of
/// a number (`0-9`, space, `-`, `.`, `(`, `)`, `/`, and `+` as the first).
pub(crate) fn for_each_number_form(
    stand_in: &str,
    scratch: &mut FormScratch,
    mut f: impl FnMut(&[u8], FormRank),
) {
    let bytes = stand_in.as_bytes();
    let all = &mut scratch.all;
    all.clear();
    // One allocation at the first number, not a few while the buffers grow.
    all.reserve(bytes.len());
    scratch.form.reserve(bytes.len() + 4);
    all.extend(bytes.iter().copied().filter(u8::is_ascii_digit));
    if all.len() < MIN_DIGITS || is_dotted_quad(stand_in) {
        return;
    }
    let all = &scratch.all[..];
    let form = &mut scratch.form;
    let mut emit = |parts: &[&[u8]], rank: FormRank| {
        form.clear();
        parts.iter().for_each(|p| form.extend_from_slice(p));
        if form.len() >= MIN_DIGITS {
            f(form, rank);
        }
    };
    emit(&[all], FormRank::Exact);
    if let Some(rest) = bytes.strip_prefix(b"+") {
        // Country code: the digits right after '+' up to a separator, or,
        // written without one, the ITU code the digits start with.
        let run = rest.iter().take_while(|b| b.is_ascii_digit()).count();
        let cc_len = if (1..=3).contains(&run) && run < rest.len() {
            Some(run)
        } else {
            country_code_len(all)
        };
        if let Some(cc_len) = cc_len {
            let cc = &all[..cc_len];
            let national = &all[cc_len..];
            emit(&[national], FormRank::Rewritten);
            if !national.starts_with(b"0") {
                emit(&[b"0", national], FormRank::Rewritten);
                emit(&[cc, b"0", national], FormRank::Rewritten);
            }
            emit(&[b"00", all], FormRank::Rewritten);
        }
    } else if all.starts_with(b"0") && !all.starts_with(b"00") {
        // National form with a trunk 0, written after a country code.
        emit(&[&all[1..]], FormRank::Rewritten);
    }
}

/// Length of the ITU-T E.164 country calling code that `digits` start with
/// (the codes are prefix-free): 1 and 7 have one digit, the codes below two,
/// every other valid start three.
fn country_code_len(digits: &[u8]) -> Option<usize> {
    const TWO: &[&[u8]] = &[
        b"20", b"27", b"30", b"31", b"32", b"33", b"34", b"36", b"39", b"40", b"41", b"43", b"44",
        b"45", b"46", b"47", b"48", b"49", b"51", b"52", b"53", b"54", b"55", b"56", b"57", b"58",
        b"60", b"61", b"62", b"63", b"64", b"65", b"66", b"81", b"82", b"84", b"86", b"90", b"91",
        b"92", b"93", b"94", b"95", b"98",
    ];
    let first = digits.first()?;
    match first {
        b'0' => None,
        b'1' | b'7' => Some(1),
        _ if digits.len() >= 2 && TWO.contains(&&digits[..2]) => Some(2),
        _ if digits.len() > 3 => Some(3),
        _ => None,
    }
}

fn is_dotted_quad(s: &str) -> bool {
    s.bytes().filter(|&b| b == b'.').count() == 3
        && s.split('.')
            .all(|p| (1..=3).contains(&p.len()) && p.bytes().all(|b| b.is_ascii_digit()))
}

const NONE: u32 = u32::MAX;

#[derive(Debug, Clone, Copy)]
struct Owner {
    rank: FormRank,
    entry: u32,
    /// The stand-in starts with '+': a variant may start with '+' too.
    plus: bool,
}

#[derive(Debug, Clone)]
struct Node {
    next: [u32; 10],
    /// Some `next` is not `NONE`.
    has_children: bool,
    /// The stand-in whose digit form ends here (the best one if several).
    target: Option<Owner>,
}

impl Node {
    fn new() -> Node {
        Node {
            next: [NONE; 10],
            has_children: false,
            target: None,
        }
    }
}

/// Outcome of walking a digit variant from one position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Walk {
    /// Decided: the longest valid variant `(end, entry)`, if any.
    Done(Option<(usize, u32)>),
    /// The text ended while a variant was still possible.
    NeedMore,
}

/// A trie of the digit forms of all number-like stand-ins.
#[derive(Debug, Clone)]
pub(crate) struct DigitTrie {
    nodes: Vec<Node>,
    max_digits: usize,
    /// Bit `n` set: some digit form starts with the four digits of `n`
    /// (`0000` to `9999`). Empty while there is no form.
    quads: Vec<u64>,
    /// Some digit form has fewer than four digits ([`DigitTrie::may_start`]
    /// then lets every start through).
    short_form: bool,
}

/// The number of four-digit sequences, bits in [`DigitTrie::quads`].
const QUADS: usize = 10_000;

/// What the first four digits of a digit variant at the start of `rest` (a
/// digit) can be: `Some(n)`, the value of the four digits read as a walk
/// reads them (runs of at most [`MAX_SEPARATOR_RUN`] ASCII separators
/// between them); `None` when the text cannot start a variant of four digits
/// or more (another ASCII byte comes first); `Some(QUADS)` when this quick
/// look cannot tell (a non-ASCII byte, or the end of the text, comes first).
#[inline]
fn first_quad(rest: &[u8]) -> Option<usize> {
    let mut n = 0;
    let mut digits = 0;
    let mut run = 0;
    for &b in rest.iter().take(4 + 3 * MAX_SEPARATOR_RUN) {
        let v = b.wrapping_sub(b'0');
        if v <= 9 {
            n = n * 10 + usize::from(v);
            digits += 1;
            if digits == 4 {
                return Some(n);
            }
            run = 0;
        } else if matches!(b, b' ' | b'-' | b'.' | b'(' | b')' | b'/') && run < MAX_SEPARATOR_RUN {
            run += 1;
        } else if b.is_ascii() {
            return None;
        } else {
            return Some(QUADS);
        }
    }
    Some(QUADS)
}

impl DigitTrie {
    #[cfg(test)]
    pub(crate) fn new() -> DigitTrie {
        DigitTrie::with_capacity(1)
    }

    /// An empty trie with room for `nodes` nodes (the root included).
    pub(crate) fn with_capacity(nodes: usize) -> DigitTrie {
        let mut all = Vec::with_capacity(nodes.max(1));
        all.push(Node::new());
        DigitTrie {
            nodes: all,
            max_digits: 0,
            quads: Vec::new(),
            short_form: false,
        }
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.max_digits == 0
    }

    /// Adds a digit form for `entry` (`plus`: its stand-in starts with '+').
    /// Entries must be added in map order so that, at equal rank, the first
    /// stand-in keeps the form.
    pub(crate) fn add(&mut self, digits: &[u8], rank: FormRank, entry: u32, plus: bool) {
        let mut node = 0usize;
        let mut rest = digits;
        // Down the nodes the form shares with those added before it.
        while let Some((&b, tail)) = rest.split_first() {
            let d = usize::from(b.wrapping_sub(b'0'));
            if d > 9 {
                return;
            }
            let next = self.nodes[node].next[d];
            if next == NONE {
                break;
            }
            node = next as usize;
            rest = tail;
        }
        // Past them every digit is a new node, the next one pushed.
        for &b in rest {
            let d = usize::from(b.wrapping_sub(b'0'));
            if d > 9 {
                return;
            }
            let id = self.nodes.len();
            let parent = &mut self.nodes[node];
            parent.next[d] = id as u32;
            parent.has_children = true;
            self.nodes.push(Node::new());
            node = id;
        }
        self.end_form(node, digits, rank, entry, plus);
    }

    /// Marks `node`, where the whole form `digits` ends, as the form of `entry` (unless one
    /// of lower or equal rank holds it), with its first four digits in the quads.
    fn end_form(&mut self, node: usize, digits: &[u8], rank: FormRank, entry: u32, plus: bool) {
        if node == 0 {
            return;
        }
        if self.quads.is_empty() {
            self.quads = vec![0; QUADS.div_ceil(64)];
        }
        // Every byte is a digit here (checked above).
        let quad = digits.first_chunk::<4>().map(|q| {
            q.iter()
                .fold(0usize, |n, &b| n * 10 + usize::from(b.wrapping_sub(b'0')))
        });
        match quad {
            Some(q) if q < QUADS => self.quads[q / 64] |= 1 << (q % 64),
            // A form of fewer than four digits: every start stays possible.
            _ => self.short_form = true,
        }
        let slot = &mut self.nodes[node].target;
        match *slot {
            Some(owner) if owner.rank <= rank => {}
            _ => *slot = Some(Owner { rank, entry, plus }),
        }
        self.max_digits = self.max_digits.max(digits.len());
    }

    /// Whether a digit form starts with the ASCII byte `b`.
    pub(crate) fn starts_with_digit(&self, b: u8) -> bool {
        let d = usize::from(b.wrapping_sub(b'0'));
        d <= 9 && self.nodes[0].next[d] != NONE
    }

    /// Quick filter for a digit variant whose first digit starts `rest`
    /// (after a `+` or `(`, if any): `false` when the text there cannot
    /// start one ([`first_quad`]: fewer than four digits before another
    /// ASCII byte, or four digits that no digit form starts with). A walk
    /// from there would stop without a match (no form has fewer than four
    /// digits, else this filter lets everything through) or need more text,
    /// which means no match where it is asked.
    #[inline]
    pub(crate) fn may_start(&self, rest: &[u8]) -> bool {
        if self.short_form {
            return true;
        }
        match first_quad(rest) {
            Some(QUADS) => true,
            Some(q) => self
                .quads
                .get(q / 64)
                .is_some_and(|w| w & (1 << (q % 64)) != 0),
            None => false,
        }
    }

    /// An upper bound on the length in bytes of a digit variant.
    pub(crate) fn max_variant_len(&self) -> usize {
        if self.max_digits == 0 {
            return 0;
        }
        // '+' or '(', the digits, the separator runs, a closing ')'.
        1 + self.max_digits + (self.max_digits - 1) * MAX_SEPARATOR_RUN * MAX_SEPARATOR_BYTES + 1
    }

    /// The longest valid digit variant starting at `start`.
    ///
    /// `prev` is the character before `start`. With `at_end == false`, text
    /// after `text` may follow: the walk answers [`Walk::NeedMore`] when it
    /// would need to look at it.
    pub(crate) fn walk(&self, text: &str, start: usize, prev: Option<char>, at_end: bool) -> Walk {
        let hay = text.as_bytes();
        let Some(&first) = hay.get(start) else {
            return Walk::Done(None);
        };
        let mut i = start;
        let prefix = match first {
            b'+' | b'(' => {
                i += 1;
                Some(first)
            }
            _ if !first.is_ascii_digit() || prev.is_some_and(char::is_alphanumeric) => {
                return Walk::Done(None);
            }
            _ => None,
        };
        // A ')' was among the separators so far.
        let mut closed = false;
        let mut best = None;
        let mut node = 0usize;
        loop {
            // Here hay[i] should be a digit.
            let Some(&b) = hay.get(i) else {
                return if at_end {
                    Walk::Done(best)
                } else {
                    Walk::NeedMore
                };
            };
            let d = usize::from(b.wrapping_sub(b'0'));
            if d > 9 {
                return Walk::Done(best);
            }
            let next = self.nodes[node].next[d];
            if next == NONE {
                return Walk::Done(best);
            }
            node = next as usize;
            i += 1;
            let has_children = self.nodes[node].has_children;
            if let Some(owner) = self.nodes[node].target {
                let next = text.get(i..).and_then(|t| t.chars().next());
                if next.is_none() && !at_end {
                    return Walk::NeedMore;
                }
                if prefix == Some(b'+') && !owner.plus {
                    // The '+' is the model's, not the stand-in's: leave it.
                } else if prefix == Some(b'(') && !closed {
                    // A '(' is taken along only with a ')' inside the number ("(415) 555…").
                    // A number wrapped whole in brackets keeps the brackets: they may be the
                    // text's own, around a value that had none, and restore must give that
                    // text back exactly.
                } else if !next.is_some_and(char::is_alphanumeric) {
                    best = Some((i, owner.entry));
                }
            }
            if !has_children {
                return Walk::Done(best);
            }
            // Skip a separator run up to the next digit.
            let mut run = 0;
            loop {
                let c = match hay.get(i) {
                    Some(&b) if b.is_ascii() => Some(char::from(b)),
                    _ => text.get(i..).and_then(|t| t.chars().next()),
                };
                let Some(c) = c else {
                    return if at_end {
                        Walk::Done(best)
                    } else {
                        Walk::NeedMore
                    };
                };
                if c.is_ascii_digit() {
                    break;
                }
                // A variant opens at most one bracket: after a leading '(' another '('
                // belongs to something else ("(" + "8(7)848939" is not one number).
                let second_open = c == '(' && prefix == Some(b'(');
                if run < MAX_SEPARATOR_RUN && is_separator(c) && !second_open {
                    run += 1;
                    closed |= c == ')';
                    i += c.len_utf8();
                } else {
                    return Walk::Done(best);
                }
            }
        }
    }
}

/// Position of the first ASCII digit in `hay[from..]`.
#[cfg(test)]
pub(crate) fn find_digit(hay: &[u8], from: usize) -> Option<usize> {
    let tail = hay.get(from..)?;
    let mut chunks = tail.chunks_exact(32);
    let mut offset = 0;
    for chunk in &mut chunks {
        // No early exit inside the chunk: this folds to a few SIMD ops.
        if chunk.iter().fold(false, |acc, b| acc | b.is_ascii_digit()) {
            break;
        }
        offset += 32;
    }
    tail[offset..]
        .iter()
        .position(u8::is_ascii_digit)
        .map(|p| from + offset + p)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// [`DigitTrie::add`]'s walk as it was, a node looked up for every digit (the
    /// form's end marked by the same [`DigitTrie::end_form`]): the reference the
    /// proptest compares with.
    fn add_each_digit(trie: &mut DigitTrie, digits: &[u8], rank: FormRank, entry: u32, plus: bool) {
        let mut node = 0usize;
        for &b in digits {
            let d = usize::from(b.wrapping_sub(b'0'));
            if d > 9 {
                return;
            }
            let next = trie.nodes[node].next[d];
            node = if next == NONE {
                let id = trie.nodes.len();
                trie.nodes.push(Node::new());
                trie.nodes[node].next[d] = id as u32;
                trie.nodes[node].has_children = true;
                id
            } else {
                next as usize
            };
        }
        trie.end_form(node, digits, rank, entry, plus);
    }

    proptest::proptest! {
        /// The trie built down the shared nodes, then pushing the new ones, is the one
        /// built a node lookup per digit.
        #[test]
        fn add_builds_the_trie_of_each_digit(
            forms in proptest::collection::vec(("[0-3]{0,9}x?[0-3]{0,2}", proptest::bool::ANY), 0..12),
        ) {
            let mut trie = DigitTrie::new();
            let mut want = DigitTrie::new();
            for (entry, (form, plus)) in forms.iter().enumerate() {
                let rank = if *plus { FormRank::Exact } else { FormRank::Rewritten };
                trie.add(form.as_bytes(), rank, entry as u32, *plus);
                add_each_digit(&mut want, form.as_bytes(), rank, entry as u32, *plus);
            }
            proptest::prop_assert_eq!(format!("{trie:?}"), format!("{want:?}"));
        }
    }

    fn forms(s: &str) -> Vec<String> {
        digit_forms(s).into_iter().map(|(f, _)| f).collect()
    }

    #[test]
    fn eligibility() {
        assert_eq!(forms("(415) 555-0148"), ["4155550148"]);
        assert_eq!(forms("5105 1051 0510 5100"), ["5105105105105100"]);
        assert_eq!(forms("555-0148"), ["5550148"]);
        assert!(forms("55-0148").is_empty(), "fewer than 7 digits");
        assert!(forms("10.82.3.141").is_empty(), "dotted quad");
        assert!(forms("DE44 5001 0517 5407 3249 31").is_empty(), "letters");
        assert!(forms("415+555+0148").is_empty(), "'+' only first");
    }

    #[test]
    fn country_code_forms() {
        assert_eq!(
            forms("+44 20 7946 0958"),
            [
                "442079460958",
                "2079460958",
                "02079460958",
                "4402079460958",
                "00442079460958"
            ]
        );
        assert_eq!(forms("020 7946 0958"), ["02079460958", "2079460958"]);
        // Italy keeps the 0 after the country code.
        assert_eq!(
            forms("+39 06 1234 5678"),
            ["390612345678", "0612345678", "00390612345678"]
        );
        // No separator after the country code: the ITU code table decides.
        assert_eq!(
            forms("+442079460958"),
            [
                "442079460958",
                "2079460958",
                "02079460958",
                "4402079460958",
                "00442079460958"
            ]
        );
        assert_eq!(forms("+14155550148")[1], "4155550148");
        assert_eq!(forms("+35312345678")[1], "12345678");
        assert_eq!(forms("+0123456789"), ["0123456789"]);
    }

    #[test]
    fn find_digit_finds_first() {
        let s = "x".repeat(100) + "7" + "abc9";
        assert_eq!(find_digit(s.as_bytes(), 0), Some(100));
        assert_eq!(find_digit(s.as_bytes(), 101), Some(104));
        assert_eq!(find_digit(s.as_bytes(), 105), None);
        assert_eq!(find_digit(s.as_bytes(), 500), None);
        assert_eq!(find_digit(b"", 0), None);
    }

    /// The digit gate never turns away a start where a walk finds a variant
    /// or needs more text.
    #[test]
    fn may_start_never_hides_a_walk() {
        let mut t = DigitTrie::new();
        t.add(b"4155550148", FormRank::Exact, 0, false);
        t.add(b"2079460958", FormRank::Exact, 1, false);
        t.add(b"0612345678", FormRank::Exact, 2, true);
        let alphabet: Vec<&str> = vec![
            "4", "1", "5", "0", "2", "6", "9", " ", "-", ".", "(", ")", "/", "x", ":", "\u{a0}",
            "\u{2011}", "  ", "   ",
        ];
        // Every text of up to three tokens before a number: the gate sees
        // the start, the walk the whole.
        let mut texts = vec![String::new()];
        for _ in 0..3 {
            let mut next = Vec::new();
            for t in &texts {
                for a in &alphabet {
                    next.push(format!("{t}{a}"));
                }
            }
            texts.extend(next);
        }
        let mut rejected = 0;
        for prefix in &texts {
            for tail in ["", "5550148", "555 0148 ", "79460958", "12345678x"] {
                let text = format!("{prefix}{tail}");
                if !text.starts_with(|c: char| c.is_ascii_digit()) {
                    continue;
                }
                if !t.may_start(text.as_bytes()) {
                    rejected += 1;
                    for at_end in [true, false] {
                        assert!(
                            matches!(
                                t.walk(&text, 0, None, at_end),
                                Walk::Done(None) | Walk::NeedMore
                            ),
                            "{text:?}"
                        );
                    }
                    assert_eq!(t.walk(&text, 0, None, true), Walk::Done(None), "{text:?}");
                }
            }
        }
        assert!(
            rejected > 1000,
            "the gate should turn most of these away: {rejected}"
        );
        // A form shorter than four digits lets everything through.
        t.add(b"12", FormRank::Exact, 3, false);
        assert!(t.may_start(b"99:"));
    }

    #[test]
    fn walk_rules() {
        let mut t = DigitTrie::new();
        t.add(b"4155550148", FormRank::Exact, 7, false);
        t.add(b"442079460958", FormRank::Exact, 8, true);
        let done = |s: &str, at: usize| t.walk(s, at, None, true);
        assert_eq!(done("415-555-0148", 0), Walk::Done(Some((12, 7))));
        assert_eq!(done("4155550148", 0), Walk::Done(Some((10, 7))));
        assert_eq!(done("(415)555 0148.", 0), Walk::Done(Some((13, 7))));
        assert_eq!(done("415 - 555 - 0148", 0), Walk::Done(Some((16, 7))));
        assert_eq!(done("415    555 0148", 0), Walk::Done(None), "run too long");
        assert_eq!(done("4155550148x", 0), Walk::Done(None), "glued right");
        assert_eq!(done("41555501489", 0), Walk::Done(None), "more digits");
        assert_eq!(
            t.walk("4155550148", 0, Some('a'), true),
            Walk::Done(None),
            "glued left"
        );
        // '+' only when the stand-in has it.
        assert_eq!(t.walk("+4155550148", 0, None, true), Walk::Done(None));
        assert_eq!(
            t.walk("+44 20 7946 0958", 0, Some('a'), true),
            Walk::Done(Some((16, 8)))
        );
        // '(' only with a ')' inside the number; a number wrapped whole keeps its brackets.
        assert_eq!(done("(4155550148", 0), Walk::Done(None));
        assert_eq!(done("(4155550148)", 0), Walk::Done(None));
        assert_eq!(done("(415-555-0148)x", 0), Walk::Done(None));
        assert_eq!(done("(415)555-0148)", 0), Walk::Done(Some((13, 7))));
        assert_eq!(t.walk("(4155550148", 0, None, false), Walk::NeedMore);
        assert_eq!(
            done("415\u{2011}555\u{2011}0148", 0),
            Walk::Done(Some((16, 7)))
        );
        assert_eq!(t.walk("415-55", 0, None, false), Walk::NeedMore);
        assert_eq!(t.walk("4155550148", 0, None, false), Walk::NeedMore);
        assert_eq!(t.walk("415-", 0, None, false), Walk::NeedMore);
        assert_eq!(t.walk("+", 0, None, false), Walk::NeedMore);
        assert_eq!(t.walk("416", 0, None, false), Walk::Done(None));
    }
}
