//! The literal-key index: where in a text does a key (a stand-in or a
//! variant of it, ASCII-lower-cased) start, and which is the longest one
//! there.
//!
//! Keys are grouped by their *head*, their first `min(len, 4)` bytes; a group
//! lists its keys longest first. The text is scanned once; at a position that
//! is not inside an ASCII word and whose first two bytes begin some key (a
//! 64K-bit table), the heads of length 4, 3, 2, 1 (those some key has) are
//! looked up in an open-addressing hash table and the group's keys compared
//! with the text, ASCII-case-insensitively. The first that matches is the
//! longest key at that position.
//!
//! Building it is one pass over the sorted keys: no automaton.

/// The longest head: a `u32` of text bytes.
const HEAD: usize = 4;

/// Empty hash slot.
const EMPTY: u64 = u64::MAX;

/// `class` bit: an ASCII letter or digit.
const ALNUM: u8 = 1;
/// `class` bit: some key starts with this byte (ASCII-case-insensitively).
const START: u8 = 2;

#[inline]
fn lower(b: u8) -> u8 {
    b | (u8::from(b.wrapping_sub(b'A') < 26) << 5)
}

/// Hash-table code of a head: its bytes (lower-cased) and its length.
#[inline]
fn head_code(bytes: &[u8]) -> u64 {
    let mut code = 0u64;
    for (i, &b) in bytes.iter().take(HEAD).enumerate() {
        code |= u64::from(lower(b)) << (8 * i);
    }
    code | (bytes.len().min(HEAD) as u64) << 32
}

#[derive(Clone)]
pub(crate) struct LitIndex {
    /// Per byte: [`ALNUM`] and [`START`] bits.
    class: [u8; 256],
    /// Bit `b0 << 8 | b1` set: some key of two bytes or more starts with the
    /// lower-case bytes `b0 b1`.
    pairs: Box<[u64]>,
    /// `single[b]`: the one-byte key `b` (lower-case) exists.
    single: [bool; 256],
    /// Bit `l` set: some key has a head of `l` bytes.
    head_lens: u8,
    /// Open addressing, linear probing: (head code, group), `EMPTY` code when free.
    slots: Box<[(u64, u32)]>,
    shift: u32,
    /// Group `g` is `ids[groups[g]..groups[g + 1]]`.
    groups: Vec<u32>,
    /// Key indices, grouped by head, each group longest first.
    ids: Vec<u32>,
}

impl LitIndex {
    /// Indexes `keys` (ASCII-lower-case, sorted, unique, none empty).
    pub(crate) fn new(keys: &[Box<[u8]>]) -> LitIndex {
        let mut class = [0u8; 256];
        for b in 0..=255u8 {
            if b.is_ascii_alphanumeric() {
                class[usize::from(b)] |= ALNUM;
            }
        }
        let mut pairs = vec![0u64; 1024].into_boxed_slice();
        let mut single = [false; 256];
        let mut head_lens = 0u8;
        // Sorted keys with the same head are adjacent: a group is a run.
        let mut codes: Vec<(u64, u32)> = Vec::new();
        let mut groups = vec![0u32];
        let mut ids: Vec<u32> = Vec::with_capacity(keys.len());
        let mut run_start = 0usize;
        for (i, k) in keys.iter().enumerate() {
            let Some(&b0) = k.first() else { continue };
            class[usize::from(b0)] |= START;
            class[usize::from(b0.to_ascii_uppercase())] |= START;
            match **k {
                [b] => single[usize::from(b)] = true,
                [b0, b1, ..] => {
                    let bit = usize::from(b0) << 8 | usize::from(b1);
                    pairs[bit / 64] |= 1 << (bit % 64);
                }
                [] => {}
            }
            head_lens |= 1 << k.len().min(HEAD);
            let code = head_code(k);
            if codes.last().is_some_and(|&(c, _)| c == code) {
                ids.push(i as u32);
            } else {
                if !codes.is_empty() {
                    ids[run_start..].sort_by_key(|&id| std::cmp::Reverse(keys[id as usize].len()));
                    groups.push(ids.len() as u32);
                }
                run_start = ids.len();
                codes.push((code, groups.len() as u32 - 1));
                ids.push(i as u32);
            }
        }
        ids[run_start..].sort_by_key(|&id| std::cmp::Reverse(keys[id as usize].len()));
        groups.push(ids.len() as u32);

        let bits = (codes.len().max(1) * 2)
            .next_power_of_two()
            .trailing_zeros()
            .max(4);
        let mut slots = vec![(EMPTY, 0u32); 1 << bits].into_boxed_slice();
        let shift = 64 - bits;
        let mask = slots.len() - 1;
        for (code, g) in codes {
            let mut s = slot_of(code, shift);
            while slots[s].0 != EMPTY {
                s = (s + 1) & mask;
            }
            slots[s] = (code, g);
        }
        LitIndex {
            class,
            pairs,
            single,
            head_lens,
            slots,
            shift,
            groups,
            ids,
        }
    }

    /// The group of keys whose head is `code`.
    #[inline]
    fn group(&self, code: u64) -> Option<&[u32]> {
        let mask = self.slots.len() - 1;
        let mut s = slot_of(code, self.shift);
        loop {
            let (c, g) = *self.slots.get(s)?;
            if c == code {
                let g = g as usize;
                let range = *self.groups.get(g)? as usize..*self.groups.get(g + 1)? as usize;
                return self.ids.get(range);
            }
            if c == EMPTY {
                return None;
            }
            s = (s + 1) & mask;
        }
    }

    /// The longest key equal (ASCII-case-insensitively) to the text at `p`.
    #[inline]
    fn longest_at(&self, keys: &[Box<[u8]>], hay: &[u8], p: usize) -> Option<u32> {
        let rest = hay.get(p..)?;
        let b0 = *rest.first()?;
        let paired = rest.get(1).is_some_and(|&b1| {
            let bit = usize::from(lower(b0)) << 8 | usize::from(lower(b1));
            self.pairs[bit / 64] & (1 << (bit % 64)) != 0
        });
        if !paired {
            return self.single[usize::from(lower(b0))].then(|| {
                let code = head_code(&rest[..1]);
                self.group(code).and_then(|g| g.first().copied())
            })?;
        }
        for hl in (1..=HEAD.min(rest.len())).rev() {
            if self.head_lens & (1 << hl) == 0 {
                continue;
            }
            let Some(group) = self.group(head_code(&rest[..hl])) else {
                continue;
            };
            for &id in group {
                let Some(k) = keys.get(id as usize) else {
                    continue;
                };
                if rest
                    .get(..k.len())
                    .is_some_and(|t| t[hl..].eq_ignore_ascii_case(&k[hl..]))
                {
                    return Some(id);
                }
            }
        }
        None
    }

    /// The leftmost position `p >= from` where a key matches and that is not
    /// glued to an ASCII letter or digit on the left (no key can be valid
    /// there: it would start with that alphanumeric byte), with the longest
    /// key there.
    pub(crate) fn find(&self, keys: &[Box<[u8]>], hay: &[u8], from: usize) -> Option<(usize, u32)> {
        let mut prev_alnum = from
            .checked_sub(1)
            .and_then(|i| hay.get(i))
            .is_some_and(u8::is_ascii_alphanumeric);
        let tail = hay.get(from..)?;
        for (i, &b) in tail.iter().enumerate() {
            let c = self.class[usize::from(b)];
            let alnum = c & ALNUM != 0;
            if c & START != 0
                && !(alnum && prev_alnum)
                && let Some(key) = self.longest_at(keys, hay, from + i)
            {
                return Some((from + i, key));
            }
            prev_alnum = alnum;
        }
        None
    }
}

#[inline]
fn slot_of(code: u64, shift: u32) -> usize {
    (code.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> shift) as usize
}
