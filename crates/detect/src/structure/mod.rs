// The structure view: one pass over the lines of a text that finds where values sit under a
// name that says what they are: table cells under a header (CSV, TSV, `;`- and `|`-separated,
// with or without a header row), JSON and Python-dict keys, `key=value` pairs (`.env`,
// logfmt, query strings, INI/TOML), and form labels (`Label: value`, `Label - value`,
// `Label #value`, `Label no. value`, `Label (value)`). In a table without a header a column
// whose values are mostly of one strong shape (e-mail, phone, card, IBAN, IP, given name) is
// read as that kind.
//
// The view only says "this span sits under a label of kind K"; `crate::fields` decides what
// to take from it.

pub mod labels;

pub use labels::Hint;

use crate::validate as v;

/// Where a field's hint comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// A form label in front of the value, which may run on into a sentence.
    Key,
    /// A key of a record (JSON, a dict, an object literal, a `key=value` pair) whose value is
    /// exactly the value.
    Record,
    /// The header of its column.
    Header,
    /// The shapes of the other values in its column (a table without a header).
    Column,
}

impl Source {
    /// Which of two fields starting together is kept: a key's, then a header's.
    fn rank(self) -> u8 {
        match self {
            Source::Record => 0,
            Source::Key => 1,
            Source::Header => 2,
            Source::Column => 3,
        }
    }
}

/// A value under a name that says what it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Field {
    /// First byte of the value (quotes and surrounding spaces excluded).
    pub start: usize,
    /// One past its last byte.
    pub end: usize,
    /// What the name says.
    pub hint: Hint,
    /// Where the hint comes from.
    pub source: Source,
    /// The label's span (the key, the header cell; empty for a column read by its values).
    pub label: (usize, usize),
}

/// Every field of `text`, sorted by start and disjoint.
pub fn fields(text: &str) -> Vec<Field> {
    let mut lines = LINES.take();
    lines_into(text, &mut lines);
    // About a field a line (a key or label, or a row's cells): fewer growths of the vector.
    let mut out = Vec::with_capacity(lines.len());
    tables(text, &lines, &mut out);
    for line in &lines {
        key_values(text, line, &mut out);
    }
    out.sort_by(|a, b| {
        a.start
            .cmp(&b.start)
            .then(a.source.rank().cmp(&b.source.rank()))
    });
    keep_disjoint(&mut out);
    // Kept for the thread's next text unless a long text grew it.
    if lines.capacity() <= LINES_KEPT {
        LINES.set(lines);
    }
    out
}

thread_local! {
    /// The lines of the last text [`fields`] read on this thread, their vector kept for the
    /// next text: allocated for each text it was over two kilobytes for a kilobyte of text,
    /// which the allocator serves from its large bins.
    static LINES: std::cell::Cell<Vec<Line>> = const { std::cell::Cell::new(Vec::new()) };
}

/// The most lines [`LINES`] keeps room for.
const LINES_KEPT: usize = 4096;

/// Drops from `fields` (sorted by start) the empty ones and each that starts before the
/// last one kept ends: in place, where a second vector was a heap allocation a call.
fn keep_disjoint(fields: &mut Vec<Field>) {
    let mut kept = 0;
    for i in 0..fields.len() {
        let f = fields[i];
        if f.start >= f.end || (kept > 0 && fields[kept - 1].end > f.start) {
            continue;
        }
        fields[kept] = f;
        kept += 1;
    }
    fields.truncate(kept);
}

/// A line (without its terminator) and what the one pass over it found.
struct Line {
    s: usize,
    e: usize,
    /// Occurrences of each of [`DELIMS`] outside double quotes (`,` and `;` in the line's
    /// [`row_body`] only).
    counts: [usize; 4],
    /// Whether it holds a colon (`:` or `：`), a quote (`"` or `'`), an `=`.
    colon: bool,
    quote: bool,
    eq: bool,
}

impl Line {
    fn at(s: usize) -> Line {
        Line {
            s,
            e: s,
            counts: [0; 4],
            colon: false,
            quote: false,
            eq: false,
        }
    }
}

/// What [`lines`] looks at in a byte: 1 to 4 the delimiters (by index in [`DELIMS`], plus
/// one), then the quote, the colon, the apostrophe, `=`, the first byte of `：`, the newline.
const CLASS: [u8; 256] = {
    let mut t = [0u8; 256];
    t[b'\t' as usize] = 1;
    t[b';' as usize] = 2;
    t[b'|' as usize] = 3;
    t[b',' as usize] = 4;
    t[b'"' as usize] = 5;
    t[b':' as usize] = 6;
    t[b'\'' as usize] = 7;
    t[b'=' as usize] = 8;
    t[0xEF] = 9;
    t[b'\n' as usize] = 10;
    t
};

/// The lines of `text` (spans without their terminators), each with its delimiter counts and
/// the characters that the key and label readers need: one pass over the text, into `out`
/// (emptied first).
fn lines_into(text: &str, out: &mut Vec<Line>) {
    let b = text.as_bytes();
    out.clear();
    // Room for lines of 32 bytes on average (more than most texts have): the vector seldom
    // grows, and each growth copied all the lines before (a count of the line breaks first
    // cost more than the copies).
    out.reserve(b.len() / 32 + 8);
    let mut line = Line::at(0);
    let mut quoted = false;
    let mut i = 0;
    // A tight loop skips the bytes that say nothing (see `next_noted`).
    while let Some(k) = next_noted(&b[i..]) {
        i += k;
        let c = b[i];
        match CLASS[usize::from(c)] {
            k @ 1..=4 => {
                if !quoted {
                    line.counts[usize::from(k - 1)] += 1;
                }
            }
            5 => {
                quoted = !quoted;
                line.quote = true;
            }
            6 => line.colon = true,
            7 => line.quote = true,
            8 => line.eq = true,
            9 => line.colon |= b[i + 1..].starts_with(&[0xBC, 0x9A]),
            _ => {
                let e = if i > line.s && b[i - 1] == b'\r' {
                    i - 1
                } else {
                    i
                };
                out.push(line_end(b, line, e, quoted));
                line = Line::at(i + 1);
                quoted = false;
            }
        }
        i += 1;
    }
    if line.s < b.len() {
        out.push(line_end(b, line, b.len(), quoted));
    }
}

/// The first byte of `b` that [`CLASS`] notes: four bytes at a time (one test of their
/// classes together) while four are left, then one by one.
fn next_noted(b: &[u8]) -> Option<usize> {
    let mut i = 0;
    while let Some(&[c0, c1, c2, c3]) = b.get(i..i + 4) {
        let any = CLASS[usize::from(c0)]
            | CLASS[usize::from(c1)]
            | CLASS[usize::from(c2)]
            | CLASS[usize::from(c3)];
        if any != 0 {
            break;
        }
        i += 4;
    }
    b[i..]
        .iter()
        .position(|&c| CLASS[usize::from(c)] != 0)
        .map(|k| i + k)
}

/// `line` ended at `e`, `quoted` there: a `,` or `;` that [`row_body`] leaves out is not
/// counted (no quote follows it, so it was outside quotes exactly when the line ends so).
fn line_end(b: &[u8], mut line: Line, e: usize, quoted: bool) -> Line {
    line.e = e;
    let l = &b[line.s..e];
    let body = row_body(l).len();
    if body < l.len() && !quoted {
        match l[body] {
            b';' => line.counts[1] -= 1,
            b',' => line.counts[3] -= 1,
            _ => {}
        }
    }
    line
}

// ---------------------------------------------------------------------------------------
// Tables

const DELIMS: [u8; 4] = [b'\t', b';', b'|', b','];

/// The line without the separator that ends a row of code or SQL after its closing bracket
/// (`'Nyrup'),` and `'Børkop');` have as many fields as the header line).
fn row_body(line: &[u8]) -> &[u8] {
    let mut e = line.len();
    while e > 0 && matches!(line[e - 1], b' ' | b'\t' | b'\r') {
        e -= 1;
    }
    if e >= 2 && matches!(line[e - 1], b',' | b';') && matches!(line[e - 2], b')' | b']' | b'}') {
        return &line[..e - 1];
    }
    line
}

/// Cell spans of a delimited line, pushed to `out`: trimmed, surrounding quotes removed.
fn cells(text: &str, s: usize, e: usize, d: u8, out: &mut Vec<(usize, usize)>) {
    let b = text.as_bytes();
    let e = if d == b',' || d == b';' {
        s + row_body(&b[s..e]).len()
    } else {
        e
    };
    let from = out.len();
    let mut quoted = false;
    let mut cs = s;
    let mut i = s;
    while i < e {
        // Eight bytes at a time while they hold neither a quote nor the delimiter: the
        // words between the delimiters are passed over without a test on each byte.
        while i + 8 <= e {
            let c = &b[i..i + 8];
            let v = u64::from_le_bytes([c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7]]);
            if has_byte(v, b'"') || has_byte(v, d) {
                break;
            }
            i += 8;
        }
        // Then the next eight bytes (or fewer at the end) one by one, as before.
        let stop = (i + 8).min(e);
        while i < stop {
            let c = b[i];
            if c == b'"' {
                quoted = !quoted;
            } else if c == d && !quoted {
                out.push(trim_cell(text, cs, i));
                cs = i + 1;
            }
            i += 1;
        }
    }
    out.push(trim_cell(text, cs, e));
    if d == b'|' {
        // `| a | b |`: the empty cells outside the outer bars are not columns.
        if out.get(from).is_some_and(|c| c.0 == c.1) {
            out.remove(from);
        }
        if out.len() > from && out.last().is_some_and(|c| c.0 == c.1) {
            out.pop();
        }
    }
}

/// True when one of the eight bytes of `v` is `x`: a byte of `v ^ x…x` is zero exactly
/// there, and the borrow test below finds a zero byte without a false alarm when there is
/// none (it may mark more bytes above a real zero, which a yes-or-no answer ignores).
fn has_byte(v: u64, x: u8) -> bool {
    const ONES: u64 = 0x0101_0101_0101_0101;
    let y = v ^ (ONES * u64::from(x));
    y.wrapping_sub(ONES) & !y & (ONES << 7) != 0
}

fn trim_cell(text: &str, mut s: usize, mut e: usize) -> (usize, usize) {
    let b = text.as_bytes();
    while s < e && matches!(b[s], b' ' | b'\t') {
        s += 1;
    }
    while e > s && matches!(b[e - 1], b' ' | b'\t') {
        e -= 1;
    }
    // A row of code or SQL: `('Sam'`, `'Nyrup'),`.
    if s < e && matches!(b[s], b'(' | b'[' | b'{') && e > s + 1 && matches!(b[s + 1], b'"' | b'\'')
    {
        s += 1;
    }
    while e > s + 1
        && matches!(b[e - 1], b')' | b']' | b'}' | b';' | b',')
        && matches!(b[e - 2], b'"' | b'\'' | b')' | b']' | b'}' | b';' | b',')
    {
        e -= 1;
    }
    if e >= s + 2 && ((b[s] == b'"' && b[e - 1] == b'"') || (b[s] == b'\'' && b[e - 1] == b'\'')) {
        s += 1;
        e -= 1;
    }
    (s, e)
}

fn tables(text: &str, lines: &[Line], out: &mut Vec<Field>) {
    let mut i = 0;
    while i < lines.len() {
        if lines[i].s == lines[i].e {
            i += 1;
            continue;
        }
        // The delimiter that gives the longest run of lines with the same count.
        let mut best: Option<(u8, usize)> = None;
        for (k, d) in DELIMS.into_iter().enumerate() {
            let c = lines[i].counts[k];
            if c == 0 {
                continue;
            }
            let mut j = i + 1;
            while j < lines.len() && lines[j].s < lines[j].e && lines[j].counts[k] == c {
                j += 1;
            }
            if j - i >= 2 && best.is_none_or(|(_, bj)| j > bj) {
                best = Some((d, j));
            }
        }
        let Some((d, j)) = best else {
            i += 1;
            continue;
        };
        table(text, &lines[i..j], d, out);
        i = j;
    }
}

fn is_rule_row(text: &str, cells: &[(usize, usize)]) -> bool {
    cells.iter().all(|&(s, e)| {
        text[s..e]
            .bytes()
            .all(|c| matches!(c, b'-' | b':' | b'=' | b' '))
    })
}

fn table(text: &str, rows: &[Line], d: u8, out: &mut Vec<Field>) {
    // The cells of all rows in one vector (rule rows left out), and each row's part of it.
    // Each row has the first's count of delimiters (those in quotes aside): about that many
    // cells and one more.
    let per_row = match (DELIMS.iter().position(|&x| x == d), rows.first()) {
        (Some(k), Some(r)) => r.counts[k] + 1,
        _ => 1,
    };
    let mut all = Vec::with_capacity(rows.len() * per_row);
    let mut parts = Vec::with_capacity(rows.len());
    for l in rows {
        let from = all.len();
        cells(text, l.s, l.e, d, &mut all);
        if is_rule_row(text, &all[from..]) {
            all.truncate(from);
        } else {
            parts.push(from..all.len());
        }
    }
    if parts.len() < 2 {
        return;
    }
    let grid: Vec<&[(usize, usize)]> = parts.into_iter().map(|r| &all[r]).collect();
    let width = grid[0].len();
    let header: Vec<Option<Hint>> = grid[0]
        .iter()
        .map(|&(s, e)| {
            let cell = &text[s..e];
            if cell.contains('@') || cell.bytes().filter(u8::is_ascii_digit).count() > 2 {
                None
            } else {
                labels::hint(cell)
            }
        })
        .collect();
    let known = header.iter().filter(|h| h.is_some()).count();
    // A header row: labels without values in them (`address1` and `Line 2` are labels,
    // `Apt 5B` is not), at least half of them known, all of them in a narrow table.
    let label_like = grid[0].iter().all(|&(s, e)| {
        let cell = text[s..e].trim_end_matches(|c: char| c.is_ascii_digit());
        !cell.bytes().any(|c| c.is_ascii_digit())
    });
    if label_like && known >= 1 && known * 2 >= width && (width >= 3 || known == width) {
        // The header cells themselves are labels, never values (`Nom`, `Alta`, `Créé le`).
        for &(s, e) in grid[0] {
            if s < e {
                out.push(Field {
                    start: s,
                    end: e,
                    hint: Hint::Other,
                    source: Source::Header,
                    label: (s, e),
                });
            }
        }
        for row in &grid[1..] {
            for (col, &(s, e)) in row.iter().enumerate() {
                if let Some(Some(hint)) = header.get(col)
                    && s < e
                {
                    out.push(Field {
                        start: s,
                        end: e,
                        hint: *hint,
                        source: Source::Header,
                        label: grid[0][col],
                    });
                }
            }
        }
        return;
    }
    // No header: a column whose values are mostly of one strong shape.
    let mut strong: Vec<Option<Hint>> = Vec::with_capacity(width);
    for col in 0..width {
        let mut counts: Vec<(Hint, usize)> = Vec::new();
        let mut filled = 0;
        for row in &grid {
            let Some(&(s, e)) = row.get(col) else {
                continue;
            };
            if s == e {
                continue;
            }
            filled += 1;
            if let Some(h) = shape_hint(&text[s..e]) {
                match counts.iter_mut().find(|(k, _)| *k == h) {
                    Some(c) => c.1 += 1,
                    None => counts.push((h, 1)),
                }
            }
        }
        strong.push(
            counts
                .iter()
                .max_by_key(|c| c.1)
                .filter(|&&(_, n)| n >= 2 && n * 5 >= filled * 3)
                .map(|c| c.0),
        );
    }
    // Beside a column of phones, e-mails or cards, a column of names is easier to believe.
    let contact = strong
        .iter()
        .any(|h| matches!(h, Some(Hint::Phone | Hint::Email | Hint::Card | Hint::Bank)));
    let hints: Vec<Option<Hint>> = strong
        .iter()
        .enumerate()
        .map(|(col, &strong)| match strong {
            Some(h) => Some(h),
            // Otherwise a column of names (`Vaida Poška`, `Zöhrer`, `송현우`), read by the
            // name recogniser's lists.
            None => {
                let values: Vec<&str> = grid
                    .iter()
                    .filter_map(|row| row.get(col).map(|&(s, e)| &text[s..e]))
                    .collect();
                crate::names::name_column(&values, contact).then_some(Hint::Person)
            }
        })
        .collect();
    if hints.iter().all(Option::is_none) {
        return;
    }
    // Row by row, so the fields come in text order and [`fields`]' sort finds one run per
    // table instead of one per column.
    for row in &grid {
        for (&(s, e), hint) in row.iter().zip(&hints) {
            if let Some(hint) = *hint
                && s < e
            {
                out.push(Field {
                    start: s,
                    end: e,
                    hint,
                    source: Source::Column,
                    label: (0, 0),
                });
            }
        }
    }
}

/// The kind a lone value's shape says it is, for the strong shapes only.
fn shape_hint(value: &str) -> Option<Hint> {
    if value.contains('@') {
        return value
            .split_once('@')
            .is_some_and(|(l, d)| !l.is_empty() && d.contains('.'))
            .then_some(Hint::Email);
    }
    let digits = value.bytes().filter(u8::is_ascii_digit).count();
    if digits >= 7 {
        if value.parse::<std::net::Ipv4Addr>().is_ok() {
            return Some(Hint::Ip);
        }
        if v::iban(value) {
            return Some(Hint::Bank);
        }
        if v::is_card(value).is_some() {
            return Some(Hint::Card);
        }
        if crate::fields::phone_shaped(value) {
            return Some(Hint::Phone);
        }
        return None;
    }
    if digits == 0 && crate::fields::given_name_first(value) {
        return Some(Hint::Person);
    }
    None
}

// ---------------------------------------------------------------------------------------
// Keys and labels

fn key_values(text: &str, line: &Line, out: &mut Vec<Field>) {
    let (s, e) = (line.s, line.e);
    if s == e {
        return;
    }
    if line.colon && line.quote {
        quoted_keys(text, s, e, out);
        bare_keys(text, s, e, out);
    }
    if line.eq {
        assignments(text, s, e, out);
    }
    label_line(text, s, e, line.colon, out);
    if e - s >= 8 {
        my_label_is(text, s, e, out);
    }
}

/// The length of a one-token value at the start of `value`; digit groups (`7870 4783 8002`,
/// `1 75 11 23 096 347 72`) are one value.
fn token_value(value: &str) -> usize {
    let mut end = value.find(char::is_whitespace).unwrap_or(value.len());
    let digits_only = value[..end].bytes().all(|c| c.is_ascii_digit());
    while digits_only && end < value.len() {
        let rest = &value[end..];
        let next = rest.trim_start_matches(' ');
        let len = next.find(char::is_whitespace).unwrap_or(next.len());
        let token = next[..len].trim_end_matches(['.', ',', ';']);
        if token.is_empty() || !token.bytes().all(|c| c.is_ascii_digit()) {
            break;
        }
        end += rest.len() - next.len() + token.len();
    }
    end
}

/// Possessives that start an inline label: `my Personnummer is …`, `mi CURP es …`,
/// `mitt personnummer är …`.
const POSSESSIVES: &[&str] = &[
    "my ", "your ", "our ", "his ", "her ", "their ", "mein ", "meine ", "dein ", "deine ", "mon ",
    "ma ", "votre ", "mi ", "su ", "mio ", "mia ", "il mio ", "la mia ", "meu ", "minha ",
    "o meu ", "a minha ", "mijn ", "uw ", "mój ", "moja ", "mitt ", "min ", "mit ", "mine ",
    "minun ", "můj ", "moje ", "benim ",
];

/// For each byte, the possessives (bits by index in [`POSSESSIVES`]) that start with it in
/// either ASCII case.
const POSSESSIVE_FIRST: [u64; 256] = {
    let mut t = [0u64; 256];
    let mut i = 0;
    while i < POSSESSIVES.len() {
        let c = POSSESSIVES[i].as_bytes()[0];
        t[c as usize] |= 1 << i;
        t[c.to_ascii_uppercase() as usize] |= 1 << i;
        i += 1;
    }
    t
};

/// For each byte, the possessives (bits as in [`POSSESSIVE_FIRST`]) whose second byte it is
/// in either ASCII case: with the first byte's, most places a word starts are passed over
/// without looking for the end of the word.
const POSSESSIVE_SECOND: [u64; 256] = {
    let mut t = [0u64; 256];
    let mut i = 0;
    while i < POSSESSIVES.len() {
        let c = POSSESSIVES[i].as_bytes()[1];
        t[c as usize] |= 1 << i;
        t[c.to_ascii_uppercase() as usize] |= 1 << i;
        i += 1;
    }
    t
};

/// For each byte: 2 if a possessive starts with it (either ASCII case), plus 1 if it is an
/// ASCII letter or digit.
const POSSESSIVE_START: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut c = 0;
    while c < 256 {
        t[c] = (POSSESSIVE_FIRST[c] != 0) as u8 * 2 + (c as u8).is_ascii_alphanumeric() as u8;
        c += 1;
    }
    t
};

/// For each byte length from 1 to 5, the possessives (bits as in [`POSSESSIVE_FIRST`]) whose
/// first word is that long: each has a space after a first word of at most 5 bytes.
const POSSESSIVE_WORD: [u64; 6] = {
    let mut t = [0u64; 6];
    let mut i = 0;
    while i < POSSESSIVES.len() {
        let p = POSSESSIVES[i].as_bytes();
        let mut k = 1;
        while p[k] != b' ' {
            k += 1;
        }
        t[k] |= 1 << i;
        i += 1;
    }
    t
};

/// The high bit of each byte of `v` that is an ASCII letter or digit (`u8::is_ascii_alphanumeric`).
fn alnum_bytes(v: u64) -> u64 {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    // Seven bits of each byte: the sums below stay inside their byte (at most 0x7F + 0x80).
    let x = v & !HIGH;
    // The high bit of `y + (0x80 - lo)` is set where a byte of `y` is at least `lo`, and of
    // `y + (0x7F - hi)` where it is above `hi`.
    let within = |y: u64, lo: u8, hi: u8| {
        (y + ONES * u64::from(0x80 - lo)) & !(y + ONES * u64::from(0x7F - hi))
    };
    let digit = within(x, b'0', b'9');
    // `| 0x20` makes upper-case letters lower case and no other byte a letter.
    let letter = within(x | (ONES * 0x20), b'a', b'z');
    // A byte of a non-ASCII character is neither.
    (digit | letter) & !v & HIGH
}

/// Calls `f` with the end of each possessive in `line` (ASCII case ignored) that does not
/// follow an ASCII letter or digit, in increasing order, each end once. A possessive is a
/// word and a space (or two: `il mio `, whose first word is none), so at most one starts at
/// a place, and one inside another (`mio ` in `il mio `) ends with it: this gives the ends
/// of every occurrence, as a search for all of them (overlapping) would.
fn possessive_ends(line: &[u8], mut f: impl FnMut(usize)) {
    let mut last = 0;
    // The possessives that may start at `at` (a first letter of one, not after a letter or
    // digit), compared there.
    let mut at_start = |at: usize| {
        let mut cands = POSSESSIVE_FIRST[usize::from(line[at])]
            & line
                .get(at + 1)
                .map_or(0, |&c| POSSESSIVE_SECOND[usize::from(c)]);
        if cands == 0 {
            return;
        }
        // Only those whose first word is as long as the one here can match.
        let Some(len) = line[at + 1..].iter().take(5).position(|&c| c == b' ') else {
            return;
        };
        cands &= POSSESSIVE_WORD[len + 1];
        while cands != 0 {
            let k = cands.trailing_zeros() as usize;
            cands &= cands - 1;
            let p = POSSESSIVES[k].as_bytes();
            if line[at..]
                .get(..p.len())
                .is_some_and(|w| w.eq_ignore_ascii_case(p))
            {
                let end = at + p.len();
                if end > last {
                    last = end;
                    f(end);
                }
            }
        }
    };
    // Eight bytes at a time, the starts of runs of letters and digits are found at once
    // (about one byte in six in prose) and only their first letters looked up; each eight
    // bytes are read once (a search for the next start after each one read them again).
    let mut prev_alnum = false;
    let mut i = 0;
    while i + 8 <= line.len() {
        let mut w = [0u8; 8];
        w.copy_from_slice(&line[i..i + 8]);
        let a = alnum_bytes(u64::from_le_bytes(w));
        // A byte's bit moves to the next byte's place: the bytes after a letter or digit.
        let mut starts = a & !((a << 8) | (u64::from(prev_alnum) << 7));
        while starts != 0 {
            let k = i + (starts.trailing_zeros() / 8) as usize;
            starts &= starts - 1;
            if POSSESSIVE_START[usize::from(line[k])] >> 1 != 0 {
                at_start(k);
            }
        }
        prev_alnum = a >> 63 != 0;
        i += 8;
    }
    // The last bytes one by one: `t >> 1` is 1 for a first letter; `prev` is 1 after a
    // letter or digit.
    let mut prev = u8::from(prev_alnum);
    while i < line.len() {
        let t = POSSESSIVE_START[usize::from(line[i])];
        if (t >> 1) > prev {
            at_start(i);
        }
        prev = t & 1;
        i += 1;
    }
}

/// What joins an inline label to its value.
const COPULAS: &[&str] = &[
    " is ", ": ", " = ", " was ", " ist ", " est ", " es ", " è ", " é ", " är ", " er ", " on ",
    " je ", " jest ", " lautet ", " zijn ", " is: ",
];

/// For each byte, the copulas (bits by index in [`COPULAS`]) whose second byte it is in
/// either ASCII case: a place is compared only with those.
const COPULA_SECOND: [u32; 256] = {
    let mut t = [0u32; 256];
    let mut i = 0;
    while i < COPULAS.len() {
        let c = COPULAS[i].as_bytes()[1];
        t[c as usize] |= 1 << i;
        t[c.to_ascii_uppercase() as usize] |= 1 << i;
        t[c.to_ascii_lowercase() as usize] |= 1 << i;
        i += 1;
    }
    t
};

/// The first of [`COPULAS`] in `rest` (position, length; ASCII case ignored), the shortest
/// of those at that position, when at most 40 bytes and three spaces come before it (a label
/// of at most four words): `None` when there is none or the first comes later.
fn label_copula(rest: &[u8]) -> Option<(usize, usize)> {
    let mut spaces = 0;
    for i in 0..rest.len().min(41) {
        if !matches!(rest[i], b' ' | b':') {
            continue;
        }
        let at = &rest[i..];
        // Only the copulas with the next byte as their second can be here.
        let mut cands = at.get(1).map_or(0, |&c| COPULA_SECOND[usize::from(c)]);
        let mut len = None::<usize>;
        while cands != 0 {
            let c = COPULAS[cands.trailing_zeros() as usize].as_bytes();
            cands &= cands - 1;
            if at.get(..c.len()).is_some_and(|a| a.eq_ignore_ascii_case(c)) {
                len = Some(len.map_or(c.len(), |l| l.min(c.len())));
            }
        }
        if let Some(len) = len {
            return Some((i, len));
        }
        if rest[i] == b' ' {
            spaces += 1;
            if spaces > 3 {
                return None;
            }
        }
    }
    None
}

/// `my <label> is <value>` (also `: ` or ` = ` for ` is `) inside a sentence.
fn my_label_is(text: &str, s: usize, e: usize, out: &mut Vec<Field>) {
    // One pass over the line for the possessives; the rest of the line is looked at only
    // after one.
    possessive_ends(&text.as_bytes()[s..e], |from| {
        label_after_possessive(text, s, e, from, out)
    });
}

/// The label and value after a possessive that ends at `from` in the line `s..e`, if any.
/// Kept out of the loop over the line, which stays small.
#[inline(never)]
fn label_after_possessive(text: &str, s: usize, e: usize, from: usize, out: &mut Vec<Field>) {
    let line = &text[s..e];
    let rest = &line[from..];
    // A label is at most 40 bytes: the copula is looked for in a short window.
    let mut w = rest.len().min(64);
    while !rest.is_char_boundary(w) {
        w -= 1;
    }
    // The label: up to four words before ` is ` (the first copula; the shortest of those
    // starting there).
    let Some((label_len, sep_len)) = label_copula(&rest.as_bytes()[..w]) else {
        return;
    };
    let label = &rest[..label_len];
    if label.is_empty() || label.split(' ').count() > 4 || label.len() > 40 {
        return;
    }
    let Some(hint) = labels::hint(label) else {
        return;
    };
    if matches!(hint, Hint::Other | Hint::Lookalike) {
        return;
    }
    let vs = s + from + label_len + sep_len;
    let value = &text[vs..e];
    // Phones, names and addresses run to the end of the clause; others are one token.
    let len = match hint {
        Hint::Phone | Hint::Person | Hint::Address => clause_len(value.as_bytes()),
        _ => token_value(value),
    };
    let (fs, fe) = trim_cell(text, vs, vs + len);
    let mut fe = fe;
    while fe > fs
        && matches!(
            text.as_bytes()[fe - 1],
            b'.' | b',' | b')' | b';' | b'!' | b'?'
        )
    {
        fe -= 1;
    }
    if fs < fe {
        out.push(Field {
            start: fs,
            end: fe,
            hint,
            source: Source::Key,
            label: (s + from, s + from + label_len),
        });
    }
}

/// Where the clause at the start of `value` ends: the first `,`, `;`, `!`, `?`, `. `, ` and `,
/// ` if ` or ` but `, else its end.
fn clause_len(value: &[u8]) -> usize {
    (0..value.len())
        .find(|&i| {
            let at = &value[i..];
            match at[0] {
                b',' | b';' | b'!' | b'?' => true,
                b'.' => at.starts_with(b". "),
                b' ' => {
                    at.starts_with(b" and ") || at.starts_with(b" if ") || at.starts_with(b" but ")
                }
                _ => false,
            }
        })
        .unwrap_or(value.len())
}

/// End (exclusive) of a quoted string starting at `i` (the quote), if it closes on the line.
fn quoted_end(b: &[u8], i: usize) -> Option<usize> {
    let q = b[i];
    let mut j = i + 1;
    while j < b.len() {
        match b[j] {
            b'\\' => j += 2,
            c if c == q => return Some(j + 1),
            _ => j += 1,
        }
    }
    None
}

fn skip_spaces(b: &[u8], mut i: usize) -> usize {
    while i < b.len() && matches!(b[i], b' ' | b'\t') {
        i += 1;
    }
    i
}

/// `"key": "value"`, `'key': 12345`, `"key" => "value"`.
fn quoted_keys(text: &str, s: usize, e: usize, out: &mut Vec<Field>) {
    let b = &text.as_bytes()[..e];
    let mut i = s;
    // The quotes, by a tight search for the next.
    while let Some(k) = b[i.min(e)..]
        .iter()
        .position(|&c| matches!(c, b'"' | b'\''))
    {
        i = i.min(e) + k;
        // An apostrophe inside a word is not a quote.
        if b[i] == b'\'' && i > s && b[i - 1].is_ascii_alphanumeric() {
            i += 1;
            continue;
        }
        let Some(ke) = quoted_end(b, i) else {
            return;
        };
        let key = &text[i + 1..ke - 1];
        let mut j = skip_spaces(b, ke);
        let sep = if j < e && b[j] == b':' {
            1
        } else if j + 1 < e && b[j] == b'=' && b[j + 1] == b'>' {
            2
        } else {
            0
        };
        if sep == 0 {
            i = ke;
            continue;
        }
        j = skip_spaces(b, j + sep);
        if j >= e {
            return;
        }
        // A nested object or list (`"billing": {"line1": …}`): its keys are read in turn.
        if matches!(b[j], b'{' | b'[') {
            i = j + 1;
            continue;
        }
        let (vs, ve, next) = if matches!(b[j], b'"' | b'\'') {
            match quoted_end(b, j) {
                Some(q) => (j + 1, q - 1, q),
                None => (j + 1, e, e),
            }
        } else {
            let mut k = j;
            while k < e && !matches!(b[k], b',' | b'}' | b']') {
                k += 1;
            }
            let (vs, ve) = trim_cell(text, j, k);
            (vs, ve, k)
        };
        if vs < ve
            && !matches!(b[vs], b'{' | b'[')
            && let Some(hint) = labels::hint(key)
        {
            out.push(Field {
                start: vs,
                end: ve,
                hint,
                source: Source::Record,
                label: (i + 1, ke - 1),
            });
        }
        i = next.max(i + 1);
    }
}

/// Object literals with bare keys: `{ name: 'Kazimierz Dorynek', phone: '+48 723 296 418' }`.
fn bare_keys(text: &str, s: usize, e: usize, out: &mut Vec<Field>) {
    let b = &text.as_bytes()[..e];
    let mut i = s;
    // The colons, by a tight search for the next.
    while let Some(k) = b[i.min(e)..].iter().position(|&c| c == b':') {
        i = i.min(e) + k;
        let mut ks = i;
        while ks > s && (b[ks - 1].is_ascii_alphanumeric() || b[ks - 1] == b'_') {
            ks -= 1;
        }
        let key_ok = ks < i
            && b[ks].is_ascii_alphabetic()
            && (ks == s || matches!(b[ks - 1], b'{' | b',' | b' ' | b'\t' | b'('));
        let vq = skip_spaces(b, i + 1);
        if !key_ok || vq >= e || !matches!(b[vq], b'\'' | b'"') {
            i += 1;
            continue;
        }
        let Some(q) = quoted_end(b, vq) else {
            return;
        };
        if q - 1 > vq + 1
            && let Some(hint) = labels::hint(&text[ks..i])
        {
            out.push(Field {
                start: vq + 1,
                end: q - 1,
                hint,
                source: Source::Record,
                label: (ks, i),
            });
        }
        i = q;
    }
}

/// `KEY=value` (`.env`, INI, TOML with spaces around `=`) and `key=value` pairs in logs and
/// query strings.
fn assignments(text: &str, s: usize, e: usize, out: &mut Vec<Field>) {
    let b = text.as_bytes();
    // A whole-line assignment: the value runs to the end of the line.
    let mut ls = skip_spaces(b, s);
    if text[ls..e].starts_with("export ") {
        ls = skip_spaces(b, ls + 7);
    }
    let mut k = ls;
    while k < e && (b[k].is_ascii_alphanumeric() || matches!(b[k], b'_' | b'.' | b'-')) {
        k += 1;
    }
    if k > ls {
        let eq = skip_spaces(b, k);
        if eq < e && b[eq] == b'=' && b.get(eq + 1) != Some(&b'=') && b.get(eq + 1) != Some(&b'>') {
            let key = &text[ls..k];
            if let Some(hint) = labels::hint(key) {
                let vs = skip_spaces(b, eq + 1);
                let mut ve = e;
                // A trailing comment (` # …`) is not the value.
                if let Some(c) = text[vs..e].find(" #") {
                    ve = vs + c;
                }
                let (vs, ve) = trim_cell(text, vs, ve);
                if vs < ve {
                    out.push(Field {
                        start: vs,
                        end: ve,
                        hint,
                        source: Source::Key,
                        label: (ls, k),
                    });
                }
            }
            return;
        }
    }
    // Pairs inside the line: `host=nas05 client=10.0.0.1`, `?email=…&phone=…`.
    let mut i = s;
    // The `=` signs, by a tight search for the next.
    while let Some(k) = b[i.min(e)..e].iter().position(|&c| c == b'=') {
        i = i.min(e) + k;
        if i == s {
            i += 1;
            continue;
        }
        if matches!(b.get(i + 1), Some(b'=' | b'>'))
            || matches!(b[i - 1], b'=' | b'!' | b'<' | b'>')
        {
            i += 2;
            continue;
        }
        let mut ks = i;
        while ks > s
            && (b[ks - 1].is_ascii_alphanumeric() || matches!(b[ks - 1], b'_' | b'.' | b'-'))
        {
            ks -= 1;
        }
        if ks == i
            || (ks > s
                && !matches!(
                    b[ks - 1],
                    b' ' | b'\t' | b',' | b';' | b'?' | b'&' | b'{' | b'(' | b'['
                ))
        {
            i += 1;
            continue;
        }
        let vs0 = i + 1;
        let (vs, ve, next) = if vs0 < e && matches!(b[vs0], b'"' | b'\'') {
            match quoted_end(&b[..e], vs0) {
                Some(q) => (vs0 + 1, q - 1, q),
                None => (vs0 + 1, e, e),
            }
        } else {
            let mut j = vs0;
            while j < e
                && !matches!(
                    b[j],
                    b' ' | b'\t' | b',' | b';' | b'&' | b')' | b'}' | b']' | b'"'
                )
            {
                j += 1;
            }
            (vs0, j, j)
        };
        if vs < ve
            && let Some(hint) = labels::hint(&text[ks..i])
        {
            out.push(Field {
                start: vs,
                end: ve,
                hint,
                source: Source::Record,
                label: (ks, i),
            });
        }
        i = next.max(i + 1);
    }
}

/// A form label at the start of a line (after indentation, a list marker or a quote
/// marker), and further labels after a field break on the same line (`Tel: … | Fax: …`).
/// `colon`: whether the line holds a `:` (without one, [`any_label`] is false everywhere
/// on it and is not asked).
fn label_line(text: &str, s: usize, e: usize, colon: bool, out: &mut Vec<Field>) {
    let b = text.as_bytes();
    let mut i = skip_spaces(b, s);
    // Quote and list markers.
    loop {
        if i < e && b[i] == b'>' {
            i = skip_spaces(b, i + 1);
        } else if i + 1 < e && matches!(b[i], b'-' | b'*') && b[i + 1] == b' ' {
            i = skip_spaces(b, i + 2);
        } else if text[i..e].starts_with("• ") {
            i = skip_spaces(b, i + "• ".len());
        } else {
            break;
        }
    }
    let mut segment = i;
    while segment < e {
        let Some((hint, vs)) = label_at(text, segment, e) else {
            // An unknown label: go on with the next field on the line, if any.
            if !(colon && any_label(text, segment, e)) {
                return;
            }
            let c = text[segment..e].find(": ").map_or(e, |c| segment + c + 2);
            let (_, next) = value_end(text, c, e, colon);
            if next >= e {
                return;
            }
            segment = next;
            continue;
        };
        let label = (segment, vs);
        // The value runs to the end of the line, or to a break followed by another label.
        let (mut ve, next) = value_end(text, vs, e, colon);
        if vs > 0 && text.as_bytes()[vs - 1] == b'#' {
            // `Ticket #4471: …`: the value is the one token after the sign.
            ve = vs
                + text[vs..ve]
                    .find(|c: char| c.is_whitespace() || c == ':' || c == ',')
                    .unwrap_or(ve - vs);
        } else if matches!(hint, Hint::Id | Hint::Bank | Hint::Ssn | Hint::Lookalike)
            && after_number_word(text, vs)
        {
            // `Passport no. X1234567`, `my CPR number is 040346-7744 if …`: one token.
            ve = vs + token_value(&text[vs..ve]);
        }
        let (fs, fe) = trim_cell(text, vs, ve);
        let (fs, fe) = strip_trailing(text, fs, fe);
        if fs < fe {
            out.push(Field {
                start: fs,
                end: fe,
                hint,
                source: Source::Key,
                label,
            });
        }
        segment = next;
    }
}

/// True when the value at `vs` follows a number word (`no.`, `nr`, `number`, optionally
/// `is`): its label was `Label no. value`.
fn after_number_word(text: &str, vs: usize) -> bool {
    let before = text[..vs].trim_end();
    let before = before
        .strip_suffix(" is")
        .unwrap_or(before)
        .trim_end_matches([':', ' ']);
    let last = before.rsplit(' ').next().unwrap_or("").to_ascii_lowercase();
    matches!(
        last.as_str(),
        "no." | "no" | "nr." | "nr" | "n°" | "nº" | "number" | "num."
    )
}

/// Removes a trailing `,` or `;` (YAML flow, prose) and a `)` without its `(`.
fn strip_trailing(text: &str, s: usize, mut e: usize) -> (usize, usize) {
    let b = text.as_bytes();
    while e > s
        && (matches!(b[e - 1], b',' | b';' | b'.')
            || (b[e - 1] == b')' && !b[s..e].contains(&b'(')))
    {
        e -= 1;
    }
    (s, e)
}

/// Field breaks between labelled values on one line.
const BREAKS: &[&str] = &[" | ", "\t", " · ", " • ", "; ", ", ", "   ", " / "];

/// The first field break in `rest` (position, length): one pass over the bytes rather than a
/// substring search per kind of break.
fn next_break(rest: &str) -> Option<(usize, usize)> {
    let b = rest.as_bytes();
    for (i, &c) in b.iter().enumerate() {
        // The byte after tells most spaces, `;` and `,` from a break without a comparison.
        let next = b.get(i + 1).copied();
        let may = match c {
            b'\t' => true,
            b' ' => matches!(next, Some(b'|' | b' ' | b'/' | 0xC2 | 0xE2)),
            b';' | b',' => next == Some(b' '),
            _ => false,
        };
        if !may {
            continue;
        }
        if let Some(br) = BREAKS.iter().find(|br| rest[i..].starts_with(**br)) {
            return Some((i, br.len()));
        }
    }
    None
}

/// `colon`: as for [`label_line`].
fn value_end(text: &str, vs: usize, e: usize, colon: bool) -> (usize, usize) {
    let mut from = vs;
    while from < e {
        let rest = &text[from..e];
        let Some((at, len)) = next_break(rest) else {
            break;
        };
        let mut next = from + at + len;
        while next < e && matches!(text.as_bytes()[next], b' ' | b'\t') {
            next += 1;
        }
        if label_at(text, next, e).is_some_and(|(_, v)| v > next)
            || (colon && any_label(text, next, e))
        {
            return (from + at, next);
        }
        from = from + at + len;
    }
    (e, e)
}

/// A label of any name at `i`: one to three words of letters followed by `: ` (`Manager:`,
/// `Abteilung:`), so that a field break before it ends the value in front.
fn any_label(text: &str, i: usize, e: usize) -> bool {
    let rest = &text[i..e];
    // A label is at most 32 bytes: its `: ` is within the first 34 (searching the whole
    // line from every field break was quadratic on one endless line).
    let mut lim = rest.len().min(34);
    while !rest.is_char_boundary(lim) {
        lim -= 1;
    }
    // The first `: `, from colon to colon.
    let head = &rest.as_bytes()[..lim];
    let mut from = 0;
    let colon = loop {
        let Some(k) = head[from..].iter().position(|&c| c == b':') else {
            return false;
        };
        if head.get(from + k + 1) == Some(&b' ') {
            break from + k;
        }
        from += k + 1;
    };
    let label = &rest[..colon];
    !label.is_empty()
        && label.len() <= 32
        && label.split(' ').count() <= 3
        && label
            .chars()
            .all(|c| c.is_alphabetic() || c == ' ' || c == '-')
        && label.chars().next().is_some_and(char::is_alphabetic)
}

/// The bytes [`label_at`] stops at: `:`, the first byte of `：`, tab, space and `.`.
const LABEL_STOP: [bool; 256] = {
    let mut t = [false; 256];
    t[b':' as usize] = true;
    t[0xEF] = true;
    t[b'\t' as usize] = true;
    t[b' ' as usize] = true;
    t[b'.' as usize] = true;
    t
};

/// The bytes that may follow the space before what [`label_at`] looks for after a space:
/// the separators ` -- `, ` - `, ` – `, ` — `, ` = `, a sign (` #`), a bracket (` (`) and the
/// number words (`no.`, `nr`, `n°`, `number`, …, in either ASCII case, and `#`).
const AFTER_SPACE: [bool; 256] = {
    let mut t = [false; 256];
    t[b'-' as usize] = true;
    t[0xE2] = true;
    t[b'=' as usize] = true;
    t[b'#' as usize] = true;
    t[b'(' as usize] = true;
    t[b'n' as usize] = true;
    t[b'N' as usize] = true;
    t
};

/// A known label starting at `i` and the start of its value: `Label: v`, `Label - v`,
/// `Label – v`, `Label #v`, `Label no. v`, `Label (v)`, `Label\tv`.
fn label_at(text: &str, i: usize, e: usize) -> Option<(Hint, usize)> {
    let rest = &text[i..e];
    // Keys in quotes and brackets are JSON's and code's, read by `quoted_keys`.
    if rest.starts_with(['"', '\'', '{', '[', '<', '(']) {
        return None;
    }
    let limit = rest.len().min(56);
    let b = rest.as_bytes();
    let mut j = 0;
    let mut words = 1;
    while j < limit {
        // Nothing below looks at another byte (nor at the inside of a character): a tight
        // loop passes them, a look-up each.
        match b[j..limit].iter().position(|&c| LABEL_STOP[usize::from(c)]) {
            Some(k) => j += k,
            None => break,
        }
        let c = b[j];
        // `:` ends a label unless it is part of a time (10:41) or a link (https://).
        if c == b':' {
            let digit_around =
                j > 0 && b[j - 1].is_ascii_digit() && b.get(j + 1).is_some_and(u8::is_ascii_digit);
            if digit_around || rest[j..].starts_with("://") {
                return None;
            }
            return finish(rest, i, j, j + 1);
        }
        if c == 0xEF && rest[j..].starts_with("：") {
            return finish(rest, i, j, j + "：".len());
        }
        if c == b'\t' {
            return finish(rest, i, j, j + 1);
        }
        // Every separator, sign and number word looked for after a space starts with one of
        // a few bytes: after any other, the space only ends a word.
        if c == b' ' && !b.get(j + 1).is_some_and(|&n| AFTER_SPACE[usize::from(n)]) {
            words += 1;
            if words > 6 {
                return None;
            }
        } else if c == b' ' {
            let after = &rest[j..];
            for sep in [" -- ", " - ", " – ", " — ", " = "] {
                if after.starts_with(sep) {
                    return finish(rest, i, j, j + sep.len());
                }
            }
            if after.starts_with(" #")
                && after[2..].starts_with(|c: char| c.is_ascii_alphanumeric())
            {
                return finish(rest, i, j, j + 2);
            }
            if after.starts_with(" (") {
                // `Label (value)`: the value is inside the brackets.
                let inner = j + 2;
                // The label first: the search for `)` runs to the end of the line.
                let hint = labels::hint(&rest[..j])?;
                let close = rest[inner..].find(')')? + inner;
                // `ZIP (LT-78000) Town (Šiauliai)`: more fields may follow on the line.
                if close > inner {
                    return Some((hint, i + inner));
                }
            }
            // `Label no. value`, `Label nr 123`: a number word (at most 6 bytes) and a space
            // after it.
            let word_end = b[j + 1..]
                .iter()
                .take(7)
                .position(|&c| c == b' ')
                .map_or(rest.len(), |p| j + 1 + p);
            let word = &b[j + 1..word_end];
            if word_end < rest.len()
                && ["no.", "no", "nr.", "nr", "n°", "nº", "#", "number", "num."]
                    .iter()
                    .any(|w| word.eq_ignore_ascii_case(w.as_bytes()))
                && words <= 3
                && labels::hint(&rest[..j]).is_some()
            {
                // A short label (`Passport no.`, `Personal code no.`), not the words of a
                // sentence (`I have updated the phone number to …`).
                let hint = labels::hint(&rest[..j])?;
                let vs = word_end + 1;
                let vs = vs + rest[vs..].len() - rest[vs..].trim_start_matches([':', ' ']).len();
                let mut vs = if rest[vs..].starts_with("is ") {
                    vs + 3
                } else {
                    vs
                };
                // `CPR number no. 130721-0583`: a second number word.
                for sign in ["no. ", "No. ", "nr. ", "Nr. ", "#"] {
                    if rest[vs..].starts_with(sign) {
                        vs = skip_spaces(b, vs + sign.len());
                        break;
                    }
                }
                return Some((hint, i + vs));
            }
            words += 1;
            if words > 6 {
                return None;
            }
        }
        if c == b'.' && b.get(j + 1) == Some(&b' ') {
            // `Tel. 0612 …`: an abbreviated label; any other full stop ends a sentence.
            return if label_ends_abbrev(&rest[..j]) {
                finish(rest, i, j, j + 2)
            } else {
                None
            };
        }
        j += 1;
    }
    None
}

/// `Tel. 0612…`, `Str. 5` : an abbreviated label word before a dot.
fn label_ends_abbrev(label: &str) -> bool {
    // The word before the dot is short (`Tel`, `Str`, `CPR-nr`): an abbreviation, not the
    // end of a sentence (`… the customer. Sanjay called`).
    let last = label.rsplit([' ', '-']).next().unwrap_or(label);
    last.len() <= 5 && labels::hint(label).is_some()
}

fn finish(rest: &str, i: usize, label_end: usize, value_start: usize) -> Option<(Hint, usize)> {
    let label = rest[..label_end].trim();
    if label.is_empty() {
        return None;
    }
    let hint = labels::hint(label)?;
    let b = rest.as_bytes();
    let mut vs = skip_spaces(b, value_start);
    // `CPR-nr. no. 211114-6728`, `Passport: #167283100`: a number sign before the value.
    for sign in ["no. ", "No. ", "nr. ", "Nr. ", "n° ", "N° ", "nº ", "#"] {
        if rest[vs..].starts_with(sign) {
            vs = skip_spaces(b, vs + sign.len());
            break;
        }
    }
    Some((hint, i + vs))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// [`cells`] as it was before it passed over eight bytes at a time: its oracle.
    fn cells_reference(text: &str, s: usize, e: usize, d: u8, out: &mut Vec<(usize, usize)>) {
        let b = text.as_bytes();
        let e = if d == b',' || d == b';' {
            s + row_body(&b[s..e]).len()
        } else {
            e
        };
        let from = out.len();
        let mut quoted = false;
        let mut cs = s;
        for (k, &c) in b[s..e].iter().enumerate() {
            let i = s + k;
            if c == b'"' {
                quoted = !quoted;
            } else if c == d && !quoted {
                out.push(trim_cell(text, cs, i));
                cs = i + 1;
            }
        }
        out.push(trim_cell(text, cs, e));
        if d == b'|' {
            if out.get(from).is_some_and(|c| c.0 == c.1) {
                out.remove(from);
            }
            if out.len() > from && out.last().is_some_and(|c| c.0 == c.1) {
                out.pop();
            }
        }
    }

    #[test]
    fn has_byte_is_a_byte_search() {
        for x in [b'"', b',', b';', b'|', b'\t', 0, 0x80, 0xFF] {
            for pos in 0..8 {
                for fill in [
                    0u8,
                    b'a',
                    b' ',
                    0x7F,
                    0x80,
                    0xFF,
                    x.wrapping_add(1),
                    x.wrapping_sub(1),
                ] {
                    let mut bytes = [fill; 8];
                    let want_none = fill != x;
                    assert_eq!(has_byte(u64::from_le_bytes(bytes), x), !want_none);
                    bytes[pos] = x;
                    assert!(has_byte(u64::from_le_bytes(bytes), x));
                }
            }
        }
    }

    proptest::proptest! {
        #[test]
        fn cells_match_the_byte_loop(
            text in "[a\"',;|\t (){}\\[\\]é]{0,40}",
            d in proptest::sample::select(vec![b',', b';', b'|', b'\t']),
            a in 0usize..41,
            z in 0usize..41,
        ) {
            let (mut s, mut e) = (a.min(text.len()), z.min(text.len()));
            if s > e {
                std::mem::swap(&mut s, &mut e);
            }
            if !text.is_char_boundary(s) || !text.is_char_boundary(e) {
                return Ok(());
            }
            let mut got = vec![(7, 7)];
            let mut want = vec![(7, 7)];
            cells(&text, s, e, d, &mut got);
            cells_reference(&text, s, e, d, &mut want);
            proptest::prop_assert_eq!(got, want);
        }
    }

    /// [`quoted_keys`] as it was before its tight searches: its oracle.
    fn quoted_keys_reference(text: &str, s: usize, e: usize, out: &mut Vec<Field>) {
        let b = &text.as_bytes()[..e];
        let mut i = s;
        while i < e {
            if !matches!(b[i], b'"' | b'\'') {
                i += 1;
                continue;
            }
            // An apostrophe inside a word is not a quote.
            if b[i] == b'\'' && i > s && b[i - 1].is_ascii_alphanumeric() {
                i += 1;
                continue;
            }
            let Some(ke) = quoted_end(b, i) else {
                return;
            };
            let key = &text[i + 1..ke - 1];
            let mut j = skip_spaces(b, ke);
            let sep = if j < e && b[j] == b':' {
                1
            } else if j + 1 < e && b[j] == b'=' && b[j + 1] == b'>' {
                2
            } else {
                0
            };
            if sep == 0 {
                i = ke;
                continue;
            }
            j = skip_spaces(b, j + sep);
            if j >= e {
                return;
            }
            // A nested object or list (`"billing": {"line1": …}`): its keys are read in turn.
            if matches!(b[j], b'{' | b'[') {
                i = j + 1;
                continue;
            }
            let (vs, ve, next) = if matches!(b[j], b'"' | b'\'') {
                match quoted_end(b, j) {
                    Some(q) => (j + 1, q - 1, q),
                    None => (j + 1, e, e),
                }
            } else {
                let mut k = j;
                while k < e && !matches!(b[k], b',' | b'}' | b']') {
                    k += 1;
                }
                let (vs, ve) = trim_cell(text, j, k);
                (vs, ve, k)
            };
            if vs < ve
                && !matches!(b[vs], b'{' | b'[')
                && let Some(hint) = labels::hint(key)
            {
                out.push(Field {
                    start: vs,
                    end: ve,
                    hint,
                    source: Source::Record,
                    label: (i + 1, ke - 1),
                });
            }
            i = next.max(i + 1);
        }
    }

    /// [`bare_keys`] as it was before its tight searches: its oracle.
    fn bare_keys_reference(text: &str, s: usize, e: usize, out: &mut Vec<Field>) {
        let b = &text.as_bytes()[..e];
        let mut i = s;
        while i < e {
            if b[i] != b':' {
                i += 1;
                continue;
            }
            let mut ks = i;
            while ks > s && (b[ks - 1].is_ascii_alphanumeric() || b[ks - 1] == b'_') {
                ks -= 1;
            }
            let key_ok = ks < i
                && b[ks].is_ascii_alphabetic()
                && (ks == s || matches!(b[ks - 1], b'{' | b',' | b' ' | b'\t' | b'('));
            let vq = skip_spaces(b, i + 1);
            if !key_ok || vq >= e || !matches!(b[vq], b'\'' | b'"') {
                i += 1;
                continue;
            }
            let Some(q) = quoted_end(b, vq) else {
                return;
            };
            if q - 1 > vq + 1
                && let Some(hint) = labels::hint(&text[ks..i])
            {
                out.push(Field {
                    start: vq + 1,
                    end: q - 1,
                    hint,
                    source: Source::Record,
                    label: (ks, i),
                });
            }
            i = q;
        }
    }

    /// [`assignments`] as it was before its tight searches: its oracle.
    fn assignments_reference(text: &str, s: usize, e: usize, out: &mut Vec<Field>) {
        let b = text.as_bytes();
        // A whole-line assignment: the value runs to the end of the line.
        let mut ls = skip_spaces(b, s);
        if text[ls..e].starts_with("export ") {
            ls = skip_spaces(b, ls + 7);
        }
        let mut k = ls;
        while k < e && (b[k].is_ascii_alphanumeric() || matches!(b[k], b'_' | b'.' | b'-')) {
            k += 1;
        }
        if k > ls {
            let eq = skip_spaces(b, k);
            if eq < e
                && b[eq] == b'='
                && b.get(eq + 1) != Some(&b'=')
                && b.get(eq + 1) != Some(&b'>')
            {
                let key = &text[ls..k];
                if let Some(hint) = labels::hint(key) {
                    let vs = skip_spaces(b, eq + 1);
                    let mut ve = e;
                    // A trailing comment (` # …`) is not the value.
                    if let Some(c) = text[vs..e].find(" #") {
                        ve = vs + c;
                    }
                    let (vs, ve) = trim_cell(text, vs, ve);
                    if vs < ve {
                        out.push(Field {
                            start: vs,
                            end: ve,
                            hint,
                            source: Source::Key,
                            label: (ls, k),
                        });
                    }
                }
                return;
            }
        }
        // Pairs inside the line: `host=nas05 client=10.0.0.1`, `?email=…&phone=…`.
        let mut i = s;
        while i < e {
            if b[i] != b'=' || i == s {
                i += 1;
                continue;
            }
            if matches!(b.get(i + 1), Some(b'=' | b'>'))
                || matches!(b[i - 1], b'=' | b'!' | b'<' | b'>')
            {
                i += 2;
                continue;
            }
            let mut ks = i;
            while ks > s
                && (b[ks - 1].is_ascii_alphanumeric() || matches!(b[ks - 1], b'_' | b'.' | b'-'))
            {
                ks -= 1;
            }
            if ks == i
                || (ks > s
                    && !matches!(
                        b[ks - 1],
                        b' ' | b'\t' | b',' | b';' | b'?' | b'&' | b'{' | b'(' | b'['
                    ))
            {
                i += 1;
                continue;
            }
            let vs0 = i + 1;
            let (vs, ve, next) = if vs0 < e && matches!(b[vs0], b'"' | b'\'') {
                match quoted_end(&b[..e], vs0) {
                    Some(q) => (vs0 + 1, q - 1, q),
                    None => (vs0 + 1, e, e),
                }
            } else {
                let mut j = vs0;
                while j < e
                    && !matches!(
                        b[j],
                        b' ' | b'\t' | b',' | b';' | b'&' | b')' | b'}' | b']' | b'"'
                    )
                {
                    j += 1;
                }
                (vs0, j, j)
            };
            if vs < ve
                && let Some(hint) = labels::hint(&text[ks..i])
            {
                out.push(Field {
                    start: vs,
                    end: ve,
                    hint,
                    source: Source::Record,
                    label: (ks, i),
                });
            }
            i = next.max(i + 1);
        }
    }

    /// [`label_at`] as it was before its tight searches: its oracle.
    fn label_at_reference(text: &str, i: usize, e: usize) -> Option<(Hint, usize)> {
        let rest = &text[i..e];
        // Keys in quotes and brackets are JSON's and code's, read by `quoted_keys`.
        if rest.starts_with(['"', '\'', '{', '[', '<', '(']) {
            return None;
        }
        let limit = rest.len().min(56);
        let b = rest.as_bytes();
        let mut j = 0;
        let mut words = 1;
        while j < limit {
            let c = b[j];
            if !matches!(c, b':' | 0xEF | b'\t' | b' ' | b'.') {
                // Nothing below looks at another byte (nor at the inside of a character).
                j += 1;
                continue;
            }
            // `:` ends a label unless it is part of a time (10:41) or a link (https://).
            if c == b':' {
                let digit_around = j > 0
                    && b[j - 1].is_ascii_digit()
                    && b.get(j + 1).is_some_and(u8::is_ascii_digit);
                if digit_around || rest[j..].starts_with("://") {
                    return None;
                }
                return finish(rest, i, j, j + 1);
            }
            if rest[j..].starts_with("：") {
                return finish(rest, i, j, j + "：".len());
            }
            if c == b'\t' {
                return finish(rest, i, j, j + 1);
            }
            if c == b' ' {
                let after = &rest[j..];
                for sep in [" -- ", " - ", " – ", " — ", " = "] {
                    if after.starts_with(sep) {
                        return finish(rest, i, j, j + sep.len());
                    }
                }
                if after.starts_with(" #")
                    && after[2..].starts_with(|c: char| c.is_ascii_alphanumeric())
                {
                    return finish(rest, i, j, j + 2);
                }
                if after.starts_with(" (") {
                    // `Label (value)`: the value is inside the brackets.
                    let inner = j + 2;
                    // The label first: the search for `)` runs to the end of the line.
                    let hint = labels::hint(&rest[..j])?;
                    let close = rest[inner..].find(')')? + inner;
                    // `ZIP (LT-78000) Town (Šiauliai)`: more fields may follow on the line.
                    if close > inner {
                        return Some((hint, i + inner));
                    }
                }
                // `Label no. value`, `Label nr 123`: a number word (at most 6 bytes) and a space
                // after it.
                let word_end = b[j + 1..]
                    .iter()
                    .take(7)
                    .position(|&c| c == b' ')
                    .map_or(rest.len(), |p| j + 1 + p);
                let word = &b[j + 1..word_end];
                if word_end < rest.len()
                    && ["no.", "no", "nr.", "nr", "n°", "nº", "#", "number", "num."]
                        .iter()
                        .any(|w| word.eq_ignore_ascii_case(w.as_bytes()))
                    && words <= 3
                    && labels::hint(&rest[..j]).is_some()
                {
                    // A short label (`Passport no.`, `Personal code no.`), not the words of a
                    // sentence (`I have updated the phone number to …`).
                    let hint = labels::hint(&rest[..j])?;
                    let vs = word_end + 1;
                    let vs =
                        vs + rest[vs..].len() - rest[vs..].trim_start_matches([':', ' ']).len();
                    let mut vs = if rest[vs..].starts_with("is ") {
                        vs + 3
                    } else {
                        vs
                    };
                    // `CPR number no. 130721-0583`: a second number word.
                    for sign in ["no. ", "No. ", "nr. ", "Nr. ", "#"] {
                        if rest[vs..].starts_with(sign) {
                            vs = skip_spaces(b, vs + sign.len());
                            break;
                        }
                    }
                    return Some((hint, i + vs));
                }
                words += 1;
                if words > 6 {
                    return None;
                }
            }
            if c == b'.' && b.get(j + 1) == Some(&b' ') {
                // `Tel. 0612 …`: an abbreviated label; any other full stop ends a sentence.
                return if label_ends_abbrev(&rest[..j]) {
                    finish(rest, i, j, j + 2)
                } else {
                    None
                };
            }
            j += 1;
        }
        None
    }

    /// Each line reader and its reference find the same fields (and labels) on a line.
    /// [`next_break`] as it was before the test of the byte after: its oracle.
    fn next_break_reference(rest: &str) -> Option<(usize, usize)> {
        let b = rest.as_bytes();
        for (i, &c) in b.iter().enumerate() {
            if !matches!(c, b' ' | b'\t' | b';' | b',') || !rest.is_char_boundary(i) {
                continue;
            }
            if let Some(br) = BREAKS.iter().find(|br| rest[i..].starts_with(**br)) {
                return Some((i, br.len()));
            }
        }
        None
    }

    /// [`any_label`] as it was before the search from colon to colon: its oracle.
    fn any_label_reference(text: &str, i: usize, e: usize) -> bool {
        let rest = &text[i..e];
        let mut lim = rest.len().min(34);
        while !rest.is_char_boundary(lim) {
            lim -= 1;
        }
        let Some(colon) = rest.as_bytes()[..lim].windows(2).position(|w| w == b": ") else {
            return false;
        };
        let label = &rest[..colon];
        !label.is_empty()
            && label.len() <= 32
            && label.split(' ').count() <= 3
            && label
                .chars()
                .all(|c| c.is_alphabetic() || c == ' ' || c == '-')
            && label.chars().next().is_some_and(char::is_alphabetic)
    }

    fn readers_agree(text: &str) {
        let (s, e) = (0, text.len());
        for (read, reference) in [
            (
                quoted_keys as fn(&str, usize, usize, &mut Vec<Field>),
                quoted_keys_reference as fn(&str, usize, usize, &mut Vec<Field>),
            ),
            (bare_keys, bare_keys_reference),
            (assignments, assignments_reference),
        ] {
            let (mut got, mut want) = (Vec::new(), Vec::new());
            read(text, s, e, &mut got);
            reference(text, s, e, &mut want);
            let key = |f: &Field| (f.start, f.end, f.hint, f.source, f.label);
            assert_eq!(
                got.iter().map(key).collect::<Vec<_>>(),
                want.iter().map(key).collect::<Vec<_>>(),
                "{text:?}"
            );
        }
        // `label_line` with the line's colon flag finds what it found asking `any_label` on
        // every line (the flag `true`).
        let mut lines = Vec::new();
        lines_into(text, &mut lines);
        for line in &lines {
            let (mut got, mut want) = (Vec::new(), Vec::new());
            label_line(text, line.s, line.e, line.colon, &mut got);
            label_line(text, line.s, line.e, true, &mut want);
            assert_eq!(got, want, "{text:?}");
        }
        for i in 0..=e {
            if text.is_char_boundary(i) {
                assert_eq!(
                    label_at(text, i, e),
                    label_at_reference(text, i, e),
                    "{text:?} at {i}"
                );
                assert_eq!(
                    any_label(text, i, e),
                    any_label_reference(text, i, e),
                    "{text:?} at {i}"
                );
                assert_eq!(
                    next_break(&text[i..e]),
                    next_break_reference(&text[i..e]),
                    "{text:?} at {i}"
                );
            }
        }
    }

    #[test]
    fn line_readers_agree_with_their_references_on_examples() {
        for t in [
            "",
            "=",
            "a=b",
            "x == y != z <= w => v",
            "export API_KEY=abc123 # note",
            "host=nas05 client=10.0.0.1 user=\"Jane Doe\" ?email=j@x.org&phone=123",
            "{ name: 'Kazimierz Dorynek', phone: '+48 723 296 418' }",
            "{\"email\": \"a@b.c\", 'phone' => '555', don't: \"x\"}",
            "Name: Jane Doe | Phone: 555 1234",
            "Tel. 0612 345 678",
            "Passport no. X1234567",
            "Label (value) and more",
            "Name： 王小明",
            "https://example.org at 10:41",
            "é=ü\"：'",
            "Name - Jane · Phone: 1 • Fax: 2 / Tel: 3   Mob: 4; Ref: x, Id: y\tZip: 5",
            "Passport nr 123 | CPR number no. 4 | Nº 5 n° 6 NUM. 7 # 8",
            "Contact – Jane — Doe = x -- y (z) Ticket #4471: ok",
            "a b c d e f g h: i",
            "Phone :x: 1: 2",
        ] {
            readers_agree(t);
        }
    }

    proptest::proptest! {
        #[test]
        fn line_readers_agree_with_their_references(
            line in "([a-zA-Z_]{1,8}|[0-9]{1,3}|[ :=\"'{},;().#>!<?&|/\\\\\t-]|é|：|·|•|–|—| no\\. | nr | N° | number |Phone|Name|\\PC){0,30}"
        ) {
            readers_agree(&line);
        }
    }

    fn found(text: &str) -> Vec<(&str, Hint, Source)> {
        fields(text)
            .into_iter()
            .map(|f| (&text[f.start..f.end], f.hint, f.source))
            .collect()
    }

    #[test]
    fn csv_with_a_header_names_every_cell() {
        let t = "id,name,mobile,card\n1,Jane Doe,319-274-5531,4716307965404615\n2,\"Doe, John\",(415) 555-0132,\n";
        let f = found(t);
        assert!(
            f.contains(&("319-274-5531", Hint::Phone, Source::Header)),
            "{f:?}"
        );
        assert!(
            f.contains(&("4716307965404615", Hint::Card, Source::Header)),
            "{f:?}"
        );
        assert!(
            f.contains(&("Doe, John", Hint::Person, Source::Header)),
            "{f:?}"
        );
        assert!(f.contains(&("1", Hint::Lookalike, Source::Header)), "{f:?}");
    }

    #[test]
    fn a_headerless_column_takes_the_shape_of_its_values() {
        let t = "a,(415) 555-0132,4716307965404615\nb,+44 20 7946 0958,5425233430109903\nc,030 23125678,4111111111111111\n";
        let f = found(t);
        let phones = f.iter().filter(|x| x.1 == Hint::Phone).count();
        let cards = f.iter().filter(|x| x.1 == Hint::Card).count();
        assert_eq!((phones, cards), (3, 3), "{f:?}");
    }

    #[test]
    fn json_yaml_env_and_logfmt_keys() {
        let t = "{\"mobile\": \"319-274-5531\", \"zip\":\"30309\", \"n\": 3}\n  postcode: LT-33649\nDB_HOST=db-7.corp\nctx host=nas05 client_ip=10.0.0.1\n";
        let f = found(t);
        assert!(
            f.contains(&("319-274-5531", Hint::Phone, Source::Record)),
            "{f:?}"
        );
        assert!(
            f.contains(&("30309", Hint::Postcode, Source::Record)),
            "{f:?}"
        );
        assert!(
            f.contains(&("LT-33649", Hint::Postcode, Source::Key)),
            "{f:?}"
        );
        assert!(f.contains(&("db-7.corp", Hint::Host, Source::Key)), "{f:?}");
        assert!(f.contains(&("nas05", Hint::Host, Source::Record)), "{f:?}");
        assert!(f.contains(&("10.0.0.1", Hint::Ip, Source::Record)), "{f:?}");
        assert_eq!(f.len(), 6, "{f:?}");
    }

    #[test]
    fn form_labels_in_their_spellings() {
        let t = "Telefon: 06221 583114 | Fax: 06221 583115\nPassport no. X1234567\nMobile - 07700 900123\nKundennummer #4471203\nPLZ (69117)\n[10:41] Anna: hi\n";
        let f = found(t);
        assert!(
            f.contains(&("06221 583114", Hint::Phone, Source::Key)),
            "{f:?}"
        );
        assert!(
            f.contains(&("06221 583115", Hint::Phone, Source::Key)),
            "{f:?}"
        );
        assert!(f.contains(&("X1234567", Hint::Id, Source::Key)), "{f:?}");
        assert!(
            f.contains(&("07700 900123", Hint::Phone, Source::Key)),
            "{f:?}"
        );
        assert!(f.contains(&("69117", Hint::Postcode, Source::Key)), "{f:?}");
        assert!(!f.iter().any(|x| x.0 == "hi"), "{f:?}");
    }

    #[test]
    fn inline_labels_after_a_possessive() {
        let t = "Peeter: my Isikukood is 44810282853 if you need it, and my phone number is 0612 345 678.";
        let f = found(t);
        assert!(f.contains(&("44810282853", Hint::Id, Source::Key)), "{f:?}");
        assert!(
            f.contains(&("0612 345 678", Hint::Phone, Source::Key)),
            "{f:?}"
        );
        let t = "my order is 12345 and my day was fine";
        assert!(
            found(t)
                .iter()
                .all(|x| x.1 == Hint::Lookalike || x.1 == Hint::Other),
            "{:?}",
            found(t)
        );
    }

    #[test]
    fn sql_rows_under_their_column_list() {
        let t = "INSERT INTO customers (first_name, last_name, phone, city) VALUES\n  ('Sam', 'Mathiesen', '2027 9419', 'Nyrup'),\n  ('Yda', 'Jensen', '7686 2500', 'Børkop');\n";
        let f = found(t);
        assert!(f.contains(&("Sam", Hint::Person, Source::Header)), "{f:?}");
        assert!(
            f.contains(&("Jensen", Hint::Person, Source::Header)),
            "{f:?}"
        );
        assert!(
            f.contains(&("7686 2500", Hint::Phone, Source::Header)),
            "{f:?}"
        );
        assert!(
            f.contains(&("Børkop", Hint::Other, Source::Header)),
            "{f:?}"
        );
    }

    #[test]
    fn object_literals_and_more_label_forms() {
        let t = "  { name: 'Kazimierz Dorynek', phone: '+48 723 296 418', zip: '89-436' },\nFull name -- Rob Meersman\nZIP (LT-78000) Town (Šiauliai)\n";
        let f = found(t);
        assert!(
            f.contains(&("Kazimierz Dorynek", Hint::Person, Source::Record)),
            "{f:?}"
        );
        assert!(
            f.contains(&("89-436", Hint::Postcode, Source::Record)),
            "{f:?}"
        );
        assert!(
            f.contains(&("Rob Meersman", Hint::Person, Source::Key)),
            "{f:?}"
        );
        assert!(
            f.iter()
                .any(|x| x.0.starts_with("LT-78000") && x.1 == Hint::Postcode),
            "{f:?}"
        );
    }

    /// Texts made of the possessives, copulas and clause ends in many cases and spacings.
    fn odd_lines() -> Vec<String> {
        let parts = [
            "my ", "MY ", "your ", "yOur ", "our ", "their ", "her ", "il mio ", "IL MIO ",
            "la mia ", "o meu ", "a minha ", "minha ", "mine ", "min ", "mój ", "MÓJ ", "můj ",
            "benim ", "x", "é", "1", " ", ".", ", ", "phone", " is ", " is: ", ": ", " = ", " es ",
            " est ", " è ", " and ", " if ", " but ", "!", "?", ";", ". ", "ämy ",
        ];
        let mut out = Vec::new();
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        for _ in 0..3000 {
            let mut t = String::new();
            for _ in 0..(seed % 12) {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                t.push_str(parts[(seed % parts.len() as u64) as usize]);
            }
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            out.push(t);
        }
        out
    }

    // The possessive search as it was (a search for the next start after each start): the
    // oracle of `possessive_ends`.

    /// The first place at or after `from` where a possessive may start: a first letter of one
    /// not after an ASCII letter or digit.
    fn next_possessive_start(line: &[u8], from: usize) -> Option<usize> {
        // Eight bytes at a time, the starts of runs of letters and digits are found at once
        // (about one byte in six in prose) and only their first letters looked up: the byte by
        // byte test of every byte was most of the cost of reading a line.
        let mut prev_alnum = from
            .checked_sub(1)
            .is_some_and(|p| line[p].is_ascii_alphanumeric());
        let mut i = from;
        while i + 8 <= line.len() {
            let mut w = [0u8; 8];
            w.copy_from_slice(&line[i..i + 8]);
            let a = alnum_bytes(u64::from_le_bytes(w));
            // A byte's bit moves to the next byte's place: the bytes after a letter or digit.
            let mut starts = a & !((a << 8) | (u64::from(prev_alnum) << 7));
            while starts != 0 {
                let k = i + (starts.trailing_zeros() / 8) as usize;
                if POSSESSIVE_START[usize::from(line[k])] >> 1 != 0 {
                    return Some(k);
                }
                starts &= starts - 1;
            }
            prev_alnum = a >> 63 != 0;
            i += 8;
        }
        // The last bytes one by one: `t >> 1` is 1 for a first letter; `prev` is 1 after a
        // letter or digit.
        let mut prev = u8::from(prev_alnum);
        while i < line.len() {
            let t = POSSESSIVE_START[usize::from(line[i])];
            if (t >> 1) > prev {
                return Some(i);
            }
            prev = t & 1;
            i += 1;
        }
        None
    }

    /// Calls `f` with the end of each possessive in `line` (ASCII case ignored) that does not
    /// follow an ASCII letter or digit, in increasing order, each end once. A possessive is a
    /// word and a space (or two: `il mio `, whose first word is none), so at most one starts at
    /// a place, and one inside another (`mio ` in `il mio `) ends with it: this gives the ends
    /// of every occurrence, as a search for all of them (overlapping) would.
    fn possessive_ends_reference(line: &[u8], mut f: impl FnMut(usize)) {
        let mut last = 0;
        let mut from = 0;
        // A tight loop finds the next byte that may start one: a first letter not after a
        // letter or digit.
        while let Some(at) = next_possessive_start(line, from) {
            from = at + 1;
            let mut cands = POSSESSIVE_FIRST[usize::from(line[at])]
                & line
                    .get(at + 1)
                    .map_or(0, |&c| POSSESSIVE_SECOND[usize::from(c)]);
            if cands == 0 {
                continue;
            }
            // Only those whose first word is as long as the one here can match.
            let Some(len) = line[at + 1..].iter().take(5).position(|&c| c == b' ') else {
                continue;
            };
            cands &= POSSESSIVE_WORD[len + 1];
            while cands != 0 {
                let k = cands.trailing_zeros() as usize;
                cands &= cands - 1;
                let p = POSSESSIVES[k].as_bytes();
                if line[at..]
                    .get(..p.len())
                    .is_some_and(|w| w.eq_ignore_ascii_case(p))
                {
                    let end = at + p.len();
                    if end > last {
                        last = end;
                        f(end);
                    }
                }
            }
        }
    }

    /// [`next_possessive_start`] byte by byte, as it was: its oracle. The first place at or after `from` where a possessive may start: a first letter of one
    /// not after an ASCII letter or digit.
    fn next_possessive_start_reference(line: &[u8], from: usize) -> Option<usize> {
        // `t >> 1` is 1 for a first letter; `prev` is 1 after a letter or digit.
        let mut prev = match from.checked_sub(1) {
            Some(p) => POSSESSIVE_START[usize::from(line[p])] & 1,
            None => 0,
        };
        let mut i = from;
        while i < line.len() {
            let t = POSSESSIVE_START[usize::from(line[i])];
            if (t >> 1) > prev {
                return Some(i);
            }
            prev = t & 1;
            i += 1;
        }
        None
    }

    #[test]
    fn alnum_bytes_agree_with_the_byte_test() {
        for c in 0..=255u8 {
            for at in 0..8 {
                let mut w = [b' '; 8];
                w[at] = c;
                let want = if c.is_ascii_alphanumeric() {
                    0x80u64 << (8 * at)
                } else {
                    0
                };
                assert_eq!(alnum_bytes(u64::from_le_bytes(w)), want, "{c} at {at}");
            }
        }
    }

    proptest::proptest! {
        #[test]
        fn possessive_starts_agree_with_the_byte_by_byte_search(
            line in "([mMyYoOhHtTaAiIlLbBsSuUdDvVwW]|[a-z0-9]{1,5}|[ .,:é’\\-_@\\[\\]`{}]|\\PC){0,40}"
        ) {
            let b = line.as_bytes();
            for from in 0..=b.len() {
                proptest::prop_assert_eq!(
                    next_possessive_start(b, from),
                    next_possessive_start_reference(b, from),
                    "{:?} from {}", line, from
                );
            }
        }
    }

    /// The ends of the possessives in `line` as an overlapping search for all of them finds
    /// them (those not after a letter or digit, each end once).
    fn possessive_ends_agree(line: &str) {
        let ac = aho_corasick::AhoCorasick::builder()
            .ascii_case_insensitive(true)
            .build(POSSESSIVES)
            .unwrap();
        let mut want: Vec<usize> = ac
            .find_overlapping_iter(line)
            .filter(|m| m.start() == 0 || !line.as_bytes()[m.start() - 1].is_ascii_alphanumeric())
            .map(|m| m.end())
            .collect();
        assert!(want.is_sorted(), "{line:?}");
        want.dedup();
        let mut got = Vec::new();
        possessive_ends(line.as_bytes(), |e| got.push(e));
        assert_eq!(got, want, "{line:?}");
    }

    proptest::proptest! {
        #[test]
        fn possessive_ends_agree_with_the_overlapping_search(
            line in "(my|MY|your|our|his|her|il mio|la mia|o meu|mój|můj|benim|mine|minun|[mMyYoOhHiIlLaAbBuU]|[a-z0-9]{1,5}|[ .,é’-]|\\PC){0,24}"
        ) {
            possessive_ends_agree(&line);
        }
    }

    proptest::proptest! {
        /// One pass over the line finds the ends the search from each start found.
        #[test]
        fn possessive_ends_agree_with_the_search_from_each_start(
            line in "(my |MY |your |our |his |her |il mio |la mia |o meu |a minha |mój |můj |benim |mine |minun |[mMyYoOhHiIlLaAbBuUtTdDsS]|[a-z0-9]{1,5}|[ .,é’_-]|\\PC){0,40}"
        ) {
            let b = line.as_bytes();
            let (mut got, mut want) = (Vec::new(), Vec::new());
            possessive_ends(b, |e| got.push(e));
            possessive_ends_reference(b, |e| want.push(e));
            proptest::prop_assert_eq!(got, want, "{:?}", line);
        }
    }

    #[test]
    fn possessive_ends_are_those_of_every_occurrence() {
        for line in odd_lines() {
            possessive_ends_agree(&line);
        }
    }

    proptest::proptest! {
        /// `next_noted` finds the byte the byte-by-byte search finds.
        #[test]
        fn next_noted_agrees_with_the_byte_search(
            text in "([a-z ]{1,9}|[\t;|,\":'=\n]|：|é|\\PC){0,20}"
        ) {
            let b = text.as_bytes();
            for i in 0..=b.len() {
                proptest::prop_assert_eq!(
                    next_noted(&b[i..]),
                    b[i..].iter().position(|&c| CLASS[usize::from(c)] != 0),
                    "{:?} from {}", text, i
                );
            }
        }
    }

    /// `label_copula` as it was, comparing every copula at each place (the oracle of the
    /// candidates by second byte).
    fn label_copula_reference(rest: &[u8]) -> Option<(usize, usize)> {
        let mut spaces = 0;
        for i in 0..rest.len().min(41) {
            if !matches!(rest[i], b' ' | b':') {
                continue;
            }
            let at = &rest[i..];
            if let Some(len) = COPULAS
                .iter()
                .filter(|c| {
                    at.get(..c.len())
                        .is_some_and(|a| a.eq_ignore_ascii_case(c.as_bytes()))
                })
                .map(|c| c.len())
                .min()
            {
                return Some((i, len));
            }
            if rest[i] == b' ' {
                spaces += 1;
                if spaces > 3 {
                    return None;
                }
            }
        }
        None
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(48))]

        /// The line list kept from the texts a thread read before leaves nothing of them in
        /// the next: each text's fields are those it has on a new thread.
        #[test]
        fn a_text_after_others_has_the_fields_it_has_alone(
            texts in proptest::collection::vec(
                "(Name: |Phone: |IBAN |a,b,c\n|1,2,3\n|x|;|\t|\n|\r\n|\"|'|=|: |[a-z ]{0,8}){0,24}",
                1..4,
            ),
        ) {
            for text in &texts {
                let alone = {
                    let text = text.clone();
                    std::thread::spawn(move || fields(&text)).join().unwrap()
                };
                proptest::prop_assert_eq!(fields(text), alone, "{:?}", text);
            }
        }
    }

    /// [`keep_disjoint`] as it was written: the kept fields pushed to a second vector.
    fn keep_disjoint_reference(fields: Vec<Field>) -> Vec<Field> {
        let mut kept: Vec<Field> = Vec::with_capacity(fields.len());
        for f in fields {
            if f.start >= f.end {
                continue;
            }
            match kept.last() {
                Some(k) if k.end > f.start => {}
                _ => kept.push(f),
            }
        }
        kept
    }

    proptest::proptest! {
        #[test]
        fn keep_disjoint_agrees_with_its_reference(
            spans in proptest::collection::vec((0usize..40, 0usize..12), 0..24)
        ) {
            let mut fields: Vec<Field> = spans
                .iter()
                .enumerate()
                .map(|(i, &(start, len))| Field {
                    start,
                    // Some empty and some reversed spans.
                    end: if len > 9 { start.saturating_sub(1) } else { start + len },
                    hint: Hint::Phone,
                    source: Source::Key,
                    label: (i, i),
                })
                .collect();
            fields.sort_by_key(|f| f.start);
            let want = keep_disjoint_reference(fields.clone());
            keep_disjoint(&mut fields);
            proptest::prop_assert_eq!(fields, want);
        }
    }

    proptest::proptest! {
        #[test]
        fn label_copula_agrees_with_its_reference(
            line in "( is | IS | Is:|: | = | was | ist | est | es | è | é | är | ER | on | je | jest | lautet | zijn |[a-z]{1,6}|[ :=]|é|\\PC){0,12}"
        ) {
            proptest::prop_assert_eq!(
                label_copula(line.as_bytes()),
                label_copula_reference(line.as_bytes()),
                "{:?}", line
            );
        }
    }

    #[test]
    fn copula_and_clause_ends_as_searched_one_by_one() {
        for line in odd_lines() {
            let lower = line.to_ascii_lowercase();
            let want = COPULAS
                .iter()
                .filter_map(|sep| lower.find(sep).map(|i| (i, sep.len())))
                .min()
                .filter(|&(i, _)| i <= 40 && line[..i].matches(' ').count() <= 3);
            assert_eq!(label_copula(line.as_bytes()), want, "{line:?}");
            let want = line
                .find([',', ';', '!', '?'])
                .into_iter()
                .chain(line.find(". "))
                .chain(line.find(" and "))
                .chain(line.find(" if "))
                .chain(line.find(" but "))
                .min()
                .unwrap_or(line.len());
            assert_eq!(clause_len(line.as_bytes()), want, "{line:?}");
        }
    }

    #[test]
    fn never_panics_on_odd_input() {
        for t in [
            "\"",
            "'a':",
            "\"a\":\"",
            "a=",
            "=b",
            "x: ",
            "| a |\n|---|\n| b |",
            ",\n,\n",
            "é:ü\n“x”:1",
            "Tel (",
            "Name no.",
            "k=\"v",
            "\"phone\": \"ü",
        ] {
            let _ = fields(t);
        }
    }
}
