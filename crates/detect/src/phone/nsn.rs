// Whole-string matching of libphonenumber's national-number patterns without automata.
//
// A national significant number has at most 17 digits, and a pattern is only ever asked
// whether it matches the whole number. So a pattern is parsed once (by the small parser
// below: libphonenumber uses literals, `\d`, classes, groups, alternations and repetitions)
// into a syntax tree, and evaluated directly over sets of positions: a `u64` whose bit
// `p` says "the pattern so far can end at byte `p`". A class or literal moves every position
// it accepts one (or its length) to the right, a concatenation folds, an alternation unions,
// a repetition iterates. The number matches when bit `len` is set after the whole pattern,
// starting from bit 0. This is the definition of a full match (some way through the pattern
// consumes the whole number), it is linear in the pattern's size times the number's length,
// and it builds nothing but the syntax tree: compiling the same patterns into regexes (an
// NFA and a small dense DFA each) cost about 200 M instructions in a fresh process, and
// parsing them with regex-syntax still 67 M. The test below judges numbers drawn from every
// pattern of the metadata as the regex crate does.

/// Bits 0..=63: numbers longer than 63 bytes never match.
type Set = u64;

/// A pattern's syntax tree: what libphonenumber's patterns use.
#[derive(Debug)]
enum Node {
    /// One ASCII byte of the set (bit `c` for byte `c`).
    Class(u128),
    Concat(Vec<Node>),
    /// The alternatives, and for each the bytes a non-empty match of it starts with and
    /// whether it matches the empty string ([`first`]): an alternative none of whose first
    /// bytes stands at a start position is passed over without walking it.
    Alt(Vec<Node>, Vec<(u128, bool)>),
    Repeat(Box<Node>, u32, Option<u32>),
}

/// A parsed national-number pattern.
pub(crate) struct Nsn {
    root: Node,
    /// The bytes a non-empty match can start with: most numbers asked about a region's
    /// number type fail at their first digit, without walking the tree.
    first: u128,
}

impl Nsn {
    /// Parses `src` (libphonenumber's syntax: ASCII literals, `\d`, classes, groups,
    /// alternations and repetitions, with layout whitespace, which is ignored). `None` when
    /// it uses anything else (anchors, escapes other than `\d`, non-ASCII, …).
    pub(crate) fn new(src: &str) -> Option<Nsn> {
        let mut p = Parser {
            s: src.as_bytes(),
            i: 0,
        };
        let root = p.alt(0)?;
        let first = first(&root).0;
        (p.peek().is_none()).then_some(Nsn { root, first })
    }

    /// True when the pattern matches the whole of `s`.
    pub(crate) fn full_match(&self, s: &str) -> bool {
        let b = s.as_bytes();
        if let Some(&c) = b.first()
            && (c >= 128 || self.first >> c & 1 == 0)
        {
            return false;
        }
        b.len() < 64 && eval(&self.root, b, 1) & (1 << b.len()) != 0
    }
}

/// The bytes a non-empty match of `node` can start with, and whether it matches the empty
/// string.
fn first(node: &Node) -> (u128, bool) {
    match node {
        &Node::Class(set) => (set, false),
        Node::Concat(v) => {
            let mut set = 0;
            for n in v {
                let (f, nullable) = first(n);
                set |= f;
                if !nullable {
                    return (set, false);
                }
            }
            (set, true)
        }
        Node::Alt(v, _) => v
            .iter()
            .map(first)
            .fold((0, false), |(s, e), (f, n)| (s | f, e || n)),
        &Node::Repeat(ref sub, min, max) => {
            if max == Some(0) {
                return (0, true);
            }
            let (f, nullable) = first(sub);
            (f, nullable || min == 0)
        }
    }
}

const DIGITS: u128 = 0x3FF << b'0';

struct Parser<'a> {
    s: &'a [u8],
    i: usize,
}

impl Parser<'_> {
    /// The next byte that is not whitespace.
    fn peek(&mut self) -> Option<u8> {
        while self.s.get(self.i).is_some_and(|c| c.is_ascii_whitespace()) {
            self.i += 1;
        }
        self.s.get(self.i).copied()
    }

    fn bump(&mut self) -> Option<u8> {
        let c = self.peek()?;
        self.i += 1;
        Some(c)
    }

    fn eat(&mut self, c: u8) -> bool {
        let hit = self.peek() == Some(c);
        self.i += usize::from(hit);
        hit
    }

    fn alt(&mut self, depth: usize) -> Option<Node> {
        if depth > 64 {
            return None;
        }
        let mut alts = vec![self.concat(depth)?];
        while self.eat(b'|') {
            alts.push(self.concat(depth)?);
        }
        Some(if alts.len() == 1 {
            alts.pop()?
        } else {
            let firsts = alts.iter().map(first).collect();
            Node::Alt(alts, firsts)
        })
    }

    fn concat(&mut self, depth: usize) -> Option<Node> {
        let mut items = Vec::new();
        while let Some(c) = self.peek() {
            if c == b'|' || c == b')' {
                break;
            }
            let atom = self.atom(depth)?;
            items.push(self.quantified(atom)?);
        }
        Some(if items.len() == 1 {
            items.pop()?
        } else {
            Node::Concat(items)
        })
    }

    fn atom(&mut self, depth: usize) -> Option<Node> {
        match self.bump()? {
            b'(' => {
                if self.eat(b'?') && !self.eat(b':') {
                    return None;
                }
                let inner = self.alt(depth + 1)?;
                self.eat(b')').then_some(inner)
            }
            b'[' => self.class().map(Node::Class),
            b'\\' => self.escape().map(Node::Class),
            c if c.is_ascii() && !b".^$*+?{}]#".contains(&c) => Some(Node::Class(1 << c)),
            _ => None,
        }
    }

    fn escape(&mut self) -> Option<u128> {
        match self.s.get(self.i).copied()? {
            b'd' => {
                self.i += 1;
                Some(DIGITS)
            }
            _ => None,
        }
    }

    fn class(&mut self) -> Option<u128> {
        let negated = self.eat(b'^');
        let mut set = 0u128;
        loop {
            let c = self.bump()?;
            match c {
                b']' => break,
                b'\\' => set |= self.escape()?,
                b'[' => return None,
                c if c.is_ascii() => {
                    if self.eat(b'-') {
                        let hi = self.bump()?;
                        if hi == b']' || hi == b'\\' || !hi.is_ascii() || hi < c {
                            return None;
                        }
                        for x in c..=hi {
                            set |= 1 << x;
                        }
                    } else {
                        set |= 1 << c;
                    }
                }
                _ => return None,
            }
        }
        Some(if negated { !set } else { set })
    }

    fn quantified(&mut self, atom: Node) -> Option<Node> {
        let mut node = atom;
        loop {
            let (min, max) = match self.peek() {
                Some(b'?') => (0, Some(1)),
                Some(b'*') => (0, None),
                Some(b'+') => (1, None),
                Some(b'{') => {
                    self.i += 1;
                    let min = self.number()?;
                    let max = if self.eat(b',') {
                        if self.peek() == Some(b'}') {
                            None
                        } else {
                            Some(self.number()?)
                        }
                    } else {
                        Some(min)
                    };
                    if !self.eat(b'}') || max.is_some_and(|m| m < min) {
                        return None;
                    }
                    node = Node::Repeat(Box::new(node), min, max);
                    self.eat(b'?'); // lazy: the same for a whole match
                    continue;
                }
                _ => return Some(node),
            };
            self.i += 1;
            self.eat(b'?');
            node = Node::Repeat(Box::new(node), min, max);
        }
    }

    fn number(&mut self) -> Option<u32> {
        let start = {
            self.peek()?;
            self.i
        };
        while self.s.get(self.i).is_some_and(u8::is_ascii_digit) {
            self.i += 1;
        }
        std::str::from_utf8(&self.s[start..self.i])
            .ok()?
            .parse()
            .ok()
            .filter(|&n| n <= 1000)
    }
}

/// The positions where `node` can end when it starts at any of `starts`, in `s`.
fn eval(node: &Node, s: &[u8], starts: Set) -> Set {
    if starts == 0 {
        return 0;
    }
    match node {
        Node::Class(set) => each(starts, |p| {
            let c = *s.get(p)?;
            (c < 128 && set >> c & 1 != 0).then_some(p + 1)
        }),
        Node::Concat(v) => {
            // Stops at the first item nothing gets through (most alternatives of a number
            // type fail at their first digits): the rest would only be called to return 0.
            let mut at = starts;
            for n in v {
                at = eval(n, s, at);
                if at == 0 {
                    break;
                }
            }
            at
        }
        Node::Alt(v, firsts) => {
            // The bytes at the start positions (ASCII only: no pattern byte is beyond).
            let mut here = 0u128;
            let mut rest = starts;
            while rest != 0 {
                let p = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                if let Some(&c) = s.get(p).filter(|c| c.is_ascii()) {
                    here |= 1 << c;
                }
            }
            v.iter()
                .zip(firsts)
                .filter(|&(_, &(f, nullable))| nullable || f & here != 0)
                .fold(0, |acc, (n, _)| acc | eval(n, s, starts))
        }
        &Node::Repeat(ref sub, min, max) => {
            let mut cur = starts;
            for _ in 0..min {
                cur = eval(sub, s, cur);
                if cur == 0 {
                    return 0;
                }
            }
            let mut out = cur;
            match max {
                Some(max) => {
                    // Every count from min to max: the positions after exactly k rounds.
                    for _ in min..max {
                        cur = eval(sub, s, cur);
                        if cur == 0 {
                            break;
                        }
                        out |= cur;
                    }
                }
                None => {
                    // Unbounded: only positions not reached before can lead anywhere new
                    // (ending sets are unions over the starts).
                    let mut frontier = cur;
                    loop {
                        let next = eval(sub, s, frontier) & !out;
                        if next == 0 {
                            break;
                        }
                        out |= next;
                        frontier = next;
                    }
                }
            }
            out
        }
    }
}

/// The set of `f(p)` for every `p` in `starts` (positions past 63 are dropped).
fn each(mut starts: Set, f: impl Fn(usize) -> Option<usize>) -> Set {
    let mut out = 0;
    while starts != 0 {
        let p = starts.trailing_zeros() as usize;
        starts &= starts - 1;
        if let Some(q) = f(p).filter(|&q| q < 64) {
            out |= 1 << q;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use regex_automata::meta::Regex;
    use regex_automata::{Anchored, Input};

    /// The regex the patterns were matched with before.
    fn reference(src: &str) -> Regex {
        Regex::builder()
            .syntax(
                regex_automata::util::syntax::Config::new()
                    .ignore_whitespace(true)
                    .unicode(false),
            )
            .configure(
                Regex::config()
                    .auto_prefilter(false)
                    .hybrid(false)
                    .dfa(false)
                    .onepass(false),
            )
            .build(&format!("^(?:{src})$"))
            .unwrap()
    }

    /// A random string of the language of `n` (small repetition counts).
    fn sample(n: &Node, rng: &mut u64, out: &mut Vec<u8>) {
        let mut next = |k: u64| {
            *rng ^= *rng << 13;
            *rng ^= *rng >> 7;
            *rng ^= *rng << 17;
            *rng % k.max(1)
        };
        match n {
            Node::Class(set) => {
                let members: Vec<u8> = (0..128u8).filter(|&c| set >> c & 1 != 0).collect();
                out.push(members[next(members.len() as u64) as usize]);
            }
            Node::Concat(v) => v.iter().for_each(|n| sample(n, rng, out)),
            Node::Alt(v, _) => {
                let i = next(v.len() as u64) as usize;
                sample(&v[i], rng, out)
            }
            &Node::Repeat(ref sub, min, max) => {
                let extra = u64::from(max.unwrap_or(min + 3) - min);
                let k = min + next(extra + 1) as u32;
                for _ in 0..k {
                    sample(sub, rng, out);
                }
            }
        }
    }

    /// Every pattern of the metadata: numbers drawn from the pattern, the same with one
    /// digit changed, cut or lengthened, and random digit strings, all judged as the regex
    /// judges them.
    #[test]
    fn every_metadata_pattern_judges_as_its_regex() {
        let mut rng = 0x9E37_79B9_7F4A_7C15u64;
        let mut checked = 0usize;
        let mut positives = 0usize;
        for region in super::super::data::REGIONS.iter() {
            for desc in std::iter::once(&region.general).chain(region.types.iter()) {
                let nsn = Nsn::new(desc.pattern).expect(desc.pattern);
                let re = reference(desc.pattern);
                let mut cases: Vec<Vec<u8>> = Vec::new();
                for _ in 0..6 {
                    let mut s = Vec::new();
                    sample(&nsn.root, &mut rng, &mut s);
                    let mut changed = s.clone();
                    if !changed.is_empty() {
                        let i = (rng % changed.len() as u64) as usize;
                        let d = changed[i].wrapping_sub(b'0') % 10;
                        changed[i] = b'0' + (d + 1 + (rng % 9) as u8) % 10;
                    }
                    let mut cut = s.clone();
                    cut.pop();
                    let mut longer = s.clone();
                    longer.push(b'0' + (rng % 10) as u8);
                    let random: Vec<u8> = (0..(rng % 17))
                        .map(|k| b'0' + ((rng >> (k * 3)) % 10) as u8)
                        .collect();
                    cases.extend([s, changed, cut, longer, random]);
                }
                for c in cases {
                    let s = std::str::from_utf8(&c).unwrap();
                    let want = re.is_match(Input::new(s).anchored(Anchored::Yes));
                    assert_eq!(
                        nsn.full_match(s),
                        want,
                        "pattern {:?} on {s:?}",
                        desc.pattern
                    );
                    checked += 1;
                    positives += usize::from(want);
                }
            }
        }
        // The drawn numbers themselves match: a good share of the cases are positive.
        assert!(positives * 4 > checked, "{positives} of {checked}");
    }

    #[test]
    fn repetitions_alternations_and_anchors() {
        let p = Nsn::new(r"(?:1[0-2]|[3-9])\d{2,4}|0(?:7\d?)+").unwrap();
        for (s, want) in [
            ("1012", true),
            ("13", false),
            ("3123", true),
            ("312345", false),
            ("31234", true),
            ("0", false),
            ("07", true),
            ("0777", true),
            ("078", true),
            ("08", false),
            ("", false),
        ] {
            assert_eq!(p.full_match(s), want, "{s}");
        }
        assert!(Nsn::new(r"\b1").is_none());
        assert!(Nsn::new(r"^1").is_none());
        assert!(Nsn::new(r"(1").is_none());
        assert!(Nsn::new(r"1{3,2}").is_none());
        assert!(Nsn::new(r"[9-0]").is_none());
        assert!(Nsn::new(r"(?i)1").is_none());
        let p = Nsn::new(r"[^0-8]\d{1,}[1-3 5]?").unwrap();
        for (s, want) in [("91", true), ("815", false), ("9123", true), ("9", false)] {
            assert_eq!(p.full_match(s), want, "{s}");
        }
        assert!(!Nsn::new("1*").unwrap().full_match(&"1".repeat(64)));
        assert!(Nsn::new("1*").unwrap().full_match(&"1".repeat(63)));
    }
}
