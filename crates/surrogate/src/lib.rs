//! Realistic, format-preserving, collision-free stand-ins for identifying detail.
//!
//! The redaction pipeline replaces every finding of the detector with a *stand-in*: a value of
//! the same kind and shape that reads naturally to a language model (`Priya Raman` →
//! `Meera Iyer`, `+44 20 7946 0321` → `+44 20 7946 0958`, a card number → a Luhn-valid number
//! of the same brand from a published test range), never a bracketed label. This crate makes
//! those stand-ins; mapping the same real value to the same stand-in is the caller's job (the
//! map of `redact-restore`).
//!
//! The main type is [`Surrogates`]: one instance per text (or per conversation, with the
//! previous map's keys and values [reserved](Surrogates::reserve)). Each call to
//! [`Surrogates::stand_in`] returns a value that
//!
//! - is non-empty and differs from the real value,
//! - does not occur anywhere in the original text (ignoring ASCII case, as restore does),
//! - is not equal (ignoring ASCII case) to a reserved string or to any stand-in the instance
//!   returned before, and — when both are at least 4 bytes long — neither contains nor is
//!   contained in one of them where a restore could read the inner one (not glued to a letter
//!   or digit inside the outer one: `cvjetna 36` may follow `cvjetna 3`, which a restore never
//!   reads inside it),
//! - keeps the shape the surrounding text relies on: separators, grouping, length, check
//!   digits (Luhn, IBAN mod-97, ABA, NHS mod 11, Aadhaar Verhoeff, DNI letter…), country
//!   codes, provider prefixes of API keys, private/public class of IP addresses.
//!
//! Generation retries with fresh randomness on a collision and falls back to a same-shape
//! variant, then to a longer one, so it always terminates. The same seed and the same sequence
//! of calls give the same outputs ([`Surrogates::with_seed`]).
//!
//! Person stand-ins teach the instance their parts (`Priya` → `Meera`, `Raman` → `Iyer`), so
//! e-mail local parts, URL path segments and host names that contain these parts follow the
//! person's stand-in; [`Surrogates::learn_name_part`] adds such pairs from elsewhere (for
//! example from a previous request's map). Invented organisation names are remembered the same
//! way, so `northwind.co.uk` becomes the same invented domain in e-mails, links and host names.
//!
//! What each kind keeps (the rule name refines it; unknown rules fall back to the kind):
//!
//! | kind | stand-in |
//! |---|---|
//! | person | names from built-in lists (`data/names.txt`, 22 origins; never a common word of nine languages, never 2 letters or fewer, never a word of the text): same number of parts, order (`Surname, Given`), case style, titles, suffixes and particles; the gender of every given name the dictionaries know (`data/given_gender.txt`), origin of names of the lists |
//! | email | learned name parts in the local part, same separators and digit counts; public mailbox providers stay, other domains become invented ones with the same public suffix and label count |
//! | phone | same country code, digit count and every non-digit character; fictional ranges (US/CA 555-01xx, UK Ofcom drama ranges, AU, FR, DE) where the shape fits |
//! | card_number | same brand, length and grouping, Luhn-valid, from published test numbers and ranges |
//! | bank_account | IBAN: same country, length, grouping and letter/digit pattern, valid mod-97; `aba`: valid ABA check; others: same shape |
//! | ssn | area 9xx (never issued), same separators |
//! | id_number | same shape and label; `uk-nino`, `nhs` (999 test range), `ca-sin`, `in-aadhaar`, `es-dni`, `it-fiscal-code`, `nl-bsn`, `br-cpf` pass their checks |
//! | api_key | provider prefix and punctuation kept, each character redrawn in its class (hex stays hex, AWS keys base32); JWTs re-encoded with the same header and claim names; PEM armour and line lengths kept; credentials in URLs replaced |
//! | ip_address | private blocks stay in their block, public addresses move to documentation ranges; port, CIDR, zone, brackets, IPv6 compression and case kept |
//! | hostname | infrastructure labels, numbering style and suffix kept; organisation labels invented |
//! | url | scheme, structure, API words and query keys kept; host as for host names; ids reshaped; name segments follow the person |
//! | street_address | lines, separators, unit markers, street type and town kept; new house numbers, a street name of the same language style, postcodes of the same format |
//! | postcode | same format (US ZIP with its first digit, UK, Canada, Netherlands, or letters/digits in place) |
//!
//! Cost: the original text is copied in lower case once per text; a text of 256 to 4,096 bytes
//! gets a bit set of its hashed 4-grams on the first check, which rules most candidates out
//! without a search. In a longer text the first stand-ins are checked by plain search (about
//! 20 µs each for 200,000 characters), and after 16 checks the positions of its 4-grams are
//! listed by hashed gram (one counting sort, about 0.5 ms) so that further checks look at the
//! candidate starts of one gram only, without scanning the text. Whether a name of the lists occurs in the text is remembered per text.
//!
//! ```
//! use redact_entity::Kind;
//! use redact_surrogate::Surrogates;
//!
//! let text = "Priya Raman <priya.raman@northwind.co.uk> called from (415) 867-2210.";
//! let mut s = Surrogates::with_seed(7);
//! let name = s.stand_in(text, Kind::Person, "person", 0, "Priya Raman");
//! let mail = s.stand_in(text, Kind::Email, "email", 0, "priya.raman@northwind.co.uk");
//! let phone = s.stand_in(text, Kind::Phone, "phone", 0, "(415) 867-2210");
//!
//! // Two parts, like the original; the e-mail follows the name and keeps `.co.uk`.
//! assert_eq!(name.split(' ').count(), 2);
//! let first = name.split(' ').next().unwrap().to_lowercase();
//! assert!(mail.starts_with(&format!("{first}.")), "{mail}");
//! assert!(mail.ends_with(".co.uk"));
//! // US fictional range, same area code and punctuation.
//! assert!(phone.starts_with("(415) 555-01"), "{phone}");
//! for v in [&name, &mail, &phone] {
//!     assert!(!text.contains(v.as_str()));
//! }
//! ```

#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod address;
mod data;
mod net;
mod numbers;
mod person;
#[cfg(test)]
mod pool_tests;
mod secret;
pub mod seen;
mod shape;
mod text;

use rand::SeedableRng;
use redact_entity::Kind;

use crate::shape::Rng;
use std::sync::Arc;

use crate::text::{FxMap, FxSet, Taken, TextIndex};

/// Attempts that may reuse remembered mappings (learned name parts, invented domains).
const MEMO_ATTEMPTS: u32 = 4;
/// Attempts that stay within fictional / test / documentation ranges.
const PREFERRED_ATTEMPTS: u32 = 12;
/// Attempts of the kind's generator before the generic fallback.
const ATTEMPTS: u32 = 40;
/// Further attempts for a person's name before the generic fallback.
const PERSON_EXTRA_ATTEMPTS: u32 = 400;

/// A stand-in name part: a name of the lists as written there, borrowed, or one made of it.
pub(crate) type Part = std::borrow::Cow<'static, str>;

/// Remembered mappings that make related stand-ins consistent.
#[derive(Clone, Debug, Default)]
pub(crate) struct Memo {
    /// Folded real name part → its stand-in part (insert with [`Memo::learn`]); borrowed
    /// when the part is a name of the lists as written there (most are).
    pub names: FxMap<String, Part>,
    /// The keys of `names` in order, for prefix look-ups.
    pub name_keys: std::collections::BTreeSet<String>,
    /// By [`data::Name::id`]: whether the name's key is a stand-in part in use, or turned
    /// down ([`Memo::mark_used`]). (The keys themselves are not kept: nothing asks about a
    /// key outside the lists, and keeping them cost a string and a hash set insertion per
    /// learned part.) A bit per name (bit `id % 64` of word `id / 64`): a vector of a byte
    /// per name was over 2 KB, zeroed for every instance at its first learned part.
    pub name_used: Vec<u64>,
    /// By [`data::Name::id`], two bits per name (bits `2 * (id % 32)` and up of word
    /// `id / 32`): whether it is known whether the name occurs in the original text (1), and
    /// whether it does (2); valid for the text generation `words_gen`.
    pub name_in_text: Vec<u64>,
    /// By list of [`data::LISTS`], from word [`data::LIST_WORDS`] of the list on: a bit per
    /// name of the list, set when `name_used` is (empty until a name is used; one vector
    /// for every list, made at once: a vector per list was an allocation for each list a
    /// text's stand-ins drew from).
    pub list_used: Vec<u64>,
    /// By list of [`data::LISTS`]: a bit per name of the list, set when it occurs in the
    /// original text (`None` until asked; valid for the text generation `words_gen`).
    pub list_in_text: Vec<Option<Vec<u64>>>,
    /// Lowercase real organisation label of a domain → invented label.
    pub domains: FxMap<String, String>,
    /// Invented organisation labels in use.
    pub domain_values: FxSet<String>,
    /// Whether a word of the built-in lists (keyed by its address) occurs in the original
    /// text; valid for the text generation `words_gen`.
    pub words_in_text: FxMap<(usize, usize), bool>,
    pub words_gen: u64,
    /// Public IPv4 stand-ins in a row that found no room in the documentation blocks in their
    /// preferred attempts ([`net::note_v4`]); from [`net::DOC_V4_FULL`] on, the blocks (762
    /// addresses, never freed: stand-ins are only added) count as used up.
    pub doc_v4_misses: u8,
    /// By country of [`numbers`]' fictional ranges: phone stand-ins in a row that found no
    /// room in the range in their preferred attempts ([`Memo::note_phone`]); from
    /// [`numbers::FICTIONAL_FULL`] on, the range counts as used up (US 555-01xx holds 100
    /// numbers whose last seven digits differ, and a restore reads a number by those).
    pub phone_misses: [u8; numbers::COUNTRIES],
    /// Organisation labels in a row for which no two-word label was free (`net::org_label`);
    /// from [`net::ORG_TWO_FULL`] on, invented labels have three words.
    pub org_misses: u8,
}

impl Memo {
    /// Counts a phone stand-in of `country` drawn outside its fictional range (a miss), or
    /// starts the count again for one drawn inside it.
    pub(crate) fn note_phone(&mut self, country: usize, fictional: bool) {
        if let Some(m) = self.phone_misses.get_mut(country) {
            *m = if fictional { 0 } else { m.saturating_add(1) };
        }
    }

    /// The learned stand-in part of a folded real part.
    pub(crate) fn name(&self, folded: &str) -> Option<&str> {
        self.names.get(folded).map(|p| &**p)
    }

    /// Records that the folded real part `real` maps to the stand-in part `part`.
    pub(crate) fn learn(&mut self, real: String, part: Part) {
        match self.names.entry(real) {
            std::collections::hash_map::Entry::Occupied(mut e) => {
                e.insert(part);
            }
            std::collections::hash_map::Entry::Vacant(e) => {
                self.name_keys.insert(e.key().clone());
                e.insert(part);
            }
        }
    }

    /// The smallest learned real part that starts with `prefix`, with its stand-in part.
    pub(crate) fn first_learned_with_prefix(&self, prefix: &str) -> Option<(&str, &str)> {
        use std::ops::Bound;
        let k = self
            .name_keys
            .range::<str, _>((Bound::Included(prefix), Bound::Unbounded))
            .next()?;
        if !k.starts_with(prefix) {
            return None;
        }
        self.names.get(k).map(|v| (k.as_str(), &**v))
    }

    /// Marks the names of the lists keyed `key` as not to be drawn again (in use, or turned
    /// down as a stand-in on their own), without recording them as a stand-in part.
    pub(crate) fn mark_used(&mut self, key: &str) {
        if let Some(ids) = data::IDS_BY_KEY.get(key) {
            if self.name_used.is_empty() {
                self.name_used = vec![0; data::NAME_COUNT.div_ceil(64)];
            }
            for &id in ids {
                if let Some(u) = self.name_used.get_mut(id as usize / 64) {
                    *u |= 1 << (id % 64);
                }
                if let Some(&(l, i)) = data::NAME_POS.get(id as usize) {
                    if self.list_used.is_empty() {
                        self.list_used = vec![0; data::LIST_WORDS.last().copied().unwrap_or(0)];
                    }
                    let first = data::LIST_WORDS
                        .get(l as usize)
                        .copied()
                        .unwrap_or(usize::MAX);
                    if let Some(w) = self
                        .list_used
                        .get_mut(first.saturating_add(i as usize / 64))
                    {
                        *w |= 1 << (i % 64);
                    }
                }
            }
        }
    }

    /// Whether a name of the lists is a stand-in part in use (or turned down).
    #[inline]
    pub(crate) fn name_is_used(&self, name: &data::Name) -> bool {
        self.name_used
            .get(name.id as usize / 64)
            .is_some_and(|w| w >> (name.id % 64) & 1 != 0)
    }
}

/// What one generation attempt can use.
pub(crate) struct Ctx<'a> {
    pub rng: &'a mut Rng,
    pub memo: &'a mut Memo,
    pub text: &'a TextIndex,
    pub attempt: u32,
    /// Name parts (real, stand-in) of a person stand-in, learned when it is accepted.
    pub pairs: Vec<(String, Part)>,
    /// Set when a name part had to be drawn from names already in use or in the text (its
    /// list was used up).
    pub exhausted: bool,
    /// Draw name parts in use too (the last draws for a person, when the few names left free
    /// make only stand-ins already handed out).
    pub reuse: bool,
    /// Set by a phone stand-in of a country with a fictional range: (the country, whether
    /// the candidate was drawn from that range).
    pub phone: Option<(usize, bool)>,
}

impl Ctx<'_> {
    /// True while remembered mappings may be used.
    pub(crate) fn use_memo(&self) -> bool {
        self.attempt < MEMO_ATTEMPTS
    }

    /// True while generators should stay in their preferred (fictional) ranges.
    pub(crate) fn strict(&self) -> bool {
        self.attempt < PREFERRED_ATTEMPTS
    }

    /// True when a static list word occurs in the original text (ignoring ASCII case); the
    /// answer is cached per text, so common words cost one search per text.
    /// Words of 4 or more bytes count anywhere (inside another word too), shorter ones as
    /// whole words.
    pub(crate) fn list_word_in_text(&mut self, word: &'static str) -> bool {
        let key = (word.as_ptr() as usize, word.len());
        if let Some(&hit) = self.memo.words_in_text.get(&key) {
            return hit;
        }
        let hit = self.word_in_text(word);
        self.memo.words_in_text.insert(key, hit);
        hit
    }

    /// [`Ctx::list_word_in_text`] without its cache.
    #[inline]
    fn word_in_text(&self, word: &str) -> bool {
        if word.len() >= 4 {
            self.text.contains(word)
        } else {
            self.text.contains_word(word)
        }
    }

    /// [`Ctx::list_word_in_text`] for a name of the lists, cached by its id.
    #[inline]
    pub(crate) fn name_in_text(&mut self, name: &'static data::Name) -> bool {
        let id = name.id as usize;
        match self
            .memo
            .name_in_text
            .get(id / 32)
            .map(|w| w >> (2 * (id % 32)) & 3)
        {
            Some(1) => false,
            Some(3) => true,
            _ => self.name_in_text_first(name),
        }
    }

    /// The first name of `list` (one of [`data::LISTS`]), in the order `start`, `start + 1`,
    /// …, wrapping around, that is neither used, nor in the text, nor keyed `folded`: what
    /// asking each in turn finds, from bit sets of the list instead.
    pub(crate) fn first_free_name(
        &mut self,
        list: &'static [data::Name],
        start: usize,
        folded: &str,
    ) -> Option<&'static data::Name> {
        let l = list
            .first()
            .and_then(|n| data::NAME_POS.get(n.id as usize))
            .map(|&(l, _)| l as usize)
            .filter(|&l| {
                data::LISTS.get(l).is_some_and(|x| {
                    std::ptr::eq(x.as_ptr(), list.as_ptr()) && x.len() == list.len()
                })
            });
        let Some(l) = l else {
            // Not one of the lists: ask each name.
            return (0..list.len())
                .map(|i| &list[(start + i) % list.len()])
                .find(|p| {
                    !(p.key == *folded || self.memo.name_is_used(p) || self.name_in_text(p))
                });
        };
        if self.memo.list_in_text.len() <= l {
            self.memo.list_in_text.resize(l + 1, None);
        }
        if self.memo.list_in_text[l].is_none() {
            let mut bits = vec![0u64; list.len().div_ceil(64)];
            for (i, n) in list.iter().enumerate() {
                if self.name_in_text(n) {
                    bits[i / 64] |= 1 << (i % 64);
                }
            }
            self.memo.list_in_text[l] = Some(bits);
        }
        let in_text = self.memo.list_in_text[l].as_deref().unwrap_or(&[]);
        let used = match (data::LIST_WORDS.get(l), data::LIST_WORDS.get(l + 1)) {
            (Some(&a), Some(&e)) => self.memo.list_used.get(a..e).unwrap_or(&[]),
            _ => &[],
        };
        let start = start.min(list.len());
        [(start, list.len()), (0, start)]
            .into_iter()
            .flat_map(|(from, to)| free_positions(in_text, used, from, to))
            .map(|i| &list[i])
            .find(|p| p.key != *folded)
    }

    /// [`Ctx::name_in_text`] the first time a name is asked about for a text.
    fn name_in_text_first(&mut self, name: &'static data::Name) -> bool {
        let id = name.id as usize;
        // Asked once per name and text (the answer is kept by id below): not through the
        // cache of `list_word_in_text`, which would only keep it a second time.
        let hit = self.word_in_text(name.text);
        if self.memo.name_in_text.is_empty() {
            self.memo.name_in_text = vec![0; data::NAME_COUNT.div_ceil(32)];
        }
        if let Some(w) = self.memo.name_in_text.get_mut(id / 32) {
            *w |= (1 | u64::from(hit) << 1) << (2 * (id % 32));
        }
        hit
    }
}

/// The positions in `from..to`, ascending, whose bit is clear in both `a` and `b` (missing
/// words count as clear).
fn free_positions<'a>(
    a: &'a [u64],
    b: &'a [u64],
    from: usize,
    to: usize,
) -> impl Iterator<Item = usize> + 'a {
    let mut i = from;
    std::iter::from_fn(move || {
        while i < to {
            let w = i / 64;
            let taken = a.get(w).copied().unwrap_or(0) | b.get(w).copied().unwrap_or(0);
            let free = !taken >> (i % 64);
            if free == 0 {
                i = (w + 1) * 64;
                continue;
            }
            let p = i + free.trailing_zeros() as usize;
            if p >= to {
                i = to;
                return None;
            }
            i = p + 1;
            return Some(p);
        }
        None
    })
}

/// A text indexed for [`Surrogates::stand_in`] ahead of time ([`PreparedText::of`]), for
/// instance on another thread while detection reads it; given to the generator with
/// [`Surrogates::use_prepared`]. A clone shares the index (two generators of one text, on two
/// threads, use one). Its `Debug` output shows nothing of the text.
#[derive(Clone)]
pub struct PreparedText(Arc<TextIndex>);

impl PreparedText {
    /// Whether indexing `text` ahead pays: it is long (32 KiB or more; a short text's index
    /// costs less than a thread's start) and at most an eighth of its bytes are outside ASCII.
    /// In a text mostly of other scripts the index's Unicode lower case and titled names cost
    /// several milliseconds (about 10 ms for 200,000 Cyrillic or Chinese characters), lost
    /// whenever the text has nothing to replace; the first stand-ins that ask build them.
    pub fn pays_ahead(text: &str) -> bool {
        // The length first: a short text (most requests) is not read at all.
        text.len() >= 32 * 1024 && text.bytes().filter(|&b| b >= 0x80).count() * 8 <= text.len()
    }

    /// Indexes `text` as the first stand-ins for it would, and builds now what they would
    /// build on their first questions.
    pub fn of(text: &str) -> PreparedText {
        let mut index = TextIndex::default();
        index.prepare(text);
        index.build_all();
        PreparedText(Arc::new(index))
    }
}

impl std::fmt::Debug for PreparedText {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PreparedText").finish_non_exhaustive()
    }
}

/// A [`Surrogates`] bound to one text ([`Surrogates::for_text`]): its calls take no text,
/// and the text, borrowed, stays the one the index describes.
pub struct ForText<'s, 't> {
    sur: &'s mut Surrogates,
    text: &'t str,
    /// Whether the index describes `text` (made so on the first call that needs it).
    indexed: bool,
}

impl<'t> ForText<'_, 't> {
    /// The text the generator is bound to.
    pub fn text(&self) -> &'t str {
        self.text
    }

    /// The generator, its index describing the bound text.
    fn indexed(&mut self) -> &mut Surrogates {
        if !self.indexed {
            self.sur.index(self.text);
            self.indexed = true;
        }
        self.sur
    }

    /// The index of the bound text (built now if it was not), to share with another
    /// generator of the same text ([`Surrogates::use_prepared`]).
    pub fn prepared(&mut self) -> PreparedText {
        PreparedText(Arc::clone(&self.indexed().text))
    }

    /// [`Surrogates::is_taken`].
    pub fn is_taken(&self, s: &str) -> bool {
        self.sur.is_taken(s)
    }

    /// [`Surrogates::stand_in`] for the bound text.
    pub fn stand_in(&mut self, kind: Kind, rule: &str, keep_prefix: usize, value: &str) -> String {
        self.indexed()
            .stand_in_prepared(kind, rule, keep_prefix, value)
    }

    /// [`Surrogates::reserve`].
    pub fn reserve(&mut self, s: &str) {
        self.sur.reserve(s);
    }

    /// [`Surrogates::learn_name_part`].
    pub fn learn_name_part(&mut self, real: &str, stand_in: &str) {
        self.sur.learn_name_part(real, stand_in);
    }

    /// [`Surrogates::occurs_in`] for the bound text.
    pub fn occurs_in(&mut self, s: &str) -> bool {
        self.indexed().text.contains(s)
    }

    /// [`Surrogates::occurrences_in`] for the bound text.
    pub fn occurrences_in(&mut self, s: &str) -> Vec<usize> {
        self.indexed().text.occurrences(s)
    }
}

impl std::fmt::Debug for ForText<'_, '_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ForText").finish_non_exhaustive()
    }
}

/// A generator of stand-ins for one text (or one conversation).
///
/// See the [crate documentation](crate) for the guarantees of [`Surrogates::stand_in`].
/// Its `Debug` output shows counts only: the instance holds real name parts and the original
/// text, which must not reach a log line.
pub struct Surrogates {
    rng: Rng,
    memo: Memo,
    taken: Taken,
    /// The index of the text the stand-ins are for; shared with another generator of the
    /// same text ([`PreparedText`]), else owned alone and rebuilt in place for the next text.
    text: Arc<TextIndex>,
    /// Incremented whenever `text` describes another text (or is replaced): the memo's
    /// questions about the text (`Memo::words_gen`) hold for one generation.
    text_gen: u64,
    /// Reused buffer for lowercased candidates.
    scratch: String,
    /// Reused buffer for the lowercased value of [`Surrogates::stand_in`].
    value_lower: String,
    /// Reused vector of the name parts of a candidate ([`Ctx::pairs`]).
    pairs: Vec<(String, Part)>,
    /// Texts of earlier pieces of a long input ([`Surrogates::remember_text`]).
    seen: seen::Seen,
}

impl std::fmt::Debug for Surrogates {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Surrogates")
            .field("learned_name_parts", &self.memo.names.len())
            .field("invented_domains", &self.memo.domains.len())
            .finish_non_exhaustive()
    }
}

impl Default for Surrogates {
    fn default() -> Self {
        Surrogates::new()
    }
}

impl Surrogates {
    /// A generator seeded from the operating system's entropy.
    pub fn new() -> Self {
        Surrogates::from_rng(rand::make_rng::<Rng>())
    }

    /// A deterministic generator: the same seed and the same sequence of calls give the same
    /// stand-ins.
    pub fn with_seed(seed: u64) -> Self {
        Surrogates::from_rng(Rng::seed_from_u64(seed))
    }

    fn from_rng(rng: Rng) -> Self {
        Surrogates {
            rng,
            memo: Memo::default(),
            taken: Taken::default(),
            text: Arc::default(),
            text_gen: 0,
            scratch: String::new(),
            value_lower: String::new(),
            pairs: Vec::new(),
            seen: seen::Seen::new(),
        }
    }

    /// Remembers a text passed before (an earlier piece of a long input worked through piece
    /// by piece): no later stand-in is one that a restore could read in it, literally or, for
    /// a number, with other separators (see [`seen::Seen`]; its filters may also turn down a
    /// few stand-ins that do not occur). The current text passed to
    /// [`Surrogates::stand_in`] is checked exactly, as before; this adds the earlier ones.
    pub fn remember_text(&mut self, text: &str) {
        self.seen.add_text(text);
    }

    /// [`Surrogates::remember_text`] of a text whose [`seen::text_hashes`] were made already
    /// (on another thread).
    pub fn remember_hashes(&mut self, hashes: &[u64]) {
        self.seen.add_hashes(hashes);
    }

    /// Whether a stand-in could be read in a text given to [`Surrogates::remember_text`].
    pub fn may_be_in_remembered(&self, s: &str) -> bool {
        self.seen.may_hold(s)
    }

    /// Whether `s` occurs in `original` ignoring ASCII case and, when `s` is not ASCII,
    /// Unicode case (as a restore reads it), answered from the index of `original` that
    /// [`Surrogates::stand_in`] builds (and builds it if needed): pass the same `&str`.
    pub fn occurs_in(&mut self, original: &str, s: &str) -> bool {
        self.index(original);
        self.text.contains(s)
    }

    /// The byte offsets in `original` of every occurrence of `s` ignoring ASCII case
    /// (ascending, overlapping ones too), from the same index as [`Surrogates::occurs_in`].
    pub fn occurrences_in(&mut self, original: &str, s: &str) -> Vec<usize> {
        self.index(original);
        self.text.occurrences(s)
    }

    /// Uses `prepared` as the index of the text it was made of (instead of building it on
    /// the first [`Surrogates::stand_in`] for that text): pass that same `&str` afterwards.
    /// The stand-ins are the same either way.
    pub fn use_prepared(&mut self, prepared: PreparedText) {
        self.text = prepared.0;
        self.text_gen += 1;
    }

    /// Makes the index describe `original` (a no-op when it does): rebuilt in place when the
    /// generator holds it alone, else (shared with another generator) a new one.
    fn index(&mut self, original: &str) {
        if self.text.describes(original) {
            return;
        }
        match Arc::get_mut(&mut self.text) {
            Some(index) => index.prepare(original),
            None => {
                let mut index = TextIndex::default();
                index.prepare(original);
                self.text = Arc::new(index);
            }
        }
        self.text_gen += 1;
    }

    /// Whether `s` could not be handed out as a stand-in now: it equals a stand-in handed
    /// out or reserved, or (both at least 4 bytes long) one contains the other where a
    /// restore could read the inner one; ASCII case aside.
    pub fn is_taken(&self, s: &str) -> bool {
        self.taken.clashes(&s.to_ascii_lowercase())
    }

    /// Marks a string as unusable as a stand-in: no later stand-in equals it (ignoring ASCII
    /// case), and, when both are at least 4 bytes long, none contains it or is contained in it
    /// where a restore could read the inner one (see the crate documentation).
    /// Reserve the keys and values of a map passed back from a previous request.
    pub fn reserve(&mut self, s: &str) {
        if !s.is_empty() {
            self.taken.insert(&s.to_ascii_lowercase());
        }
    }

    /// Records that a name part maps to a stand-in part (`"jane"` → `"emily"`), so e-mail
    /// local parts, URL path segments and host-name labels containing the part (and later
    /// person stand-ins using it) follow the person's stand-in. Matching ignores case and
    /// common diacritics. Person stand-ins record their own parts; this is for pairs known from
    /// elsewhere, such as a previous request's map.
    pub fn learn_name_part(&mut self, real: &str, stand_in: &str) {
        let real = data::key(real.trim());
        let stand_in = stand_in.trim();
        if real.is_empty() || stand_in.is_empty() || real == data::key(stand_in) {
            return;
        }
        self.memo.mark_used(&data::key(stand_in));
        self.memo.learn(real, Part::Owned(stand_in.to_string()));
    }

    /// A new stand-in for `value`, a finding of kind `kind` found by rule `rule` in
    /// `original` (the whole original text). The first `keep_prefix` bytes of `value` are a
    /// fixed provider prefix that the stand-in keeps (API keys, labelled identifiers).
    ///
    /// Never panics, for any input. The original text is indexed on the first call and the
    /// index is reused while the same unchanged text is passed (it is recognised by address,
    /// length and a fingerprint), so pass the same `&str` for all findings of one text.
    pub fn stand_in(
        &mut self,
        original: &str,
        kind: Kind,
        rule: &str,
        keep_prefix: usize,
        value: &str,
    ) -> String {
        self.index(original);
        self.stand_in_prepared(kind, rule, keep_prefix, value)
    }

    /// Binds the generator to `original` for a run of calls about it
    /// ([`Surrogates::stand_in`], [`Surrogates::reserve`], [`Surrogates::occurs_in`],
    /// [`Surrogates::occurrences_in`]): the text is borrowed while the binding lives, so it
    /// cannot change, and it is indexed (or its index recognised) once, here, instead of on
    /// every call (the recognition, a comparison of 160 sampled bytes, was about 5,000
    /// instructions of a 1 KB redaction); on the first call that needs the index, so a
    /// binding that makes no stand-in costs nothing. The stand-ins are the same either way.
    pub fn for_text<'s, 't>(&'s mut self, original: &'t str) -> ForText<'s, 't> {
        ForText {
            sur: self,
            text: original,
            indexed: false,
        }
    }

    /// [`Surrogates::stand_in`] once the index describes the original text.
    fn stand_in_prepared(
        &mut self,
        kind: Kind,
        rule: &str,
        keep_prefix: usize,
        value: &str,
    ) -> String {
        // The value in ASCII lower case, in a buffer kept between calls.
        let mut value_lower = std::mem::take(&mut self.value_lower);
        value_lower.clear();
        value_lower.push_str(value);
        value_lower.make_ascii_lowercase();
        let out = self.stand_in_lower(kind, rule, keep_prefix, value, &value_lower);
        self.value_lower = value_lower;
        out
    }

    /// [`Surrogates::stand_in`] with `value_lower`, the value in ASCII lower case, once the
    /// index describes the original text.
    fn stand_in_lower(
        &mut self,
        kind: Kind,
        rule: &str,
        keep_prefix: usize,
        value: &str,
        value_lower: &str,
    ) -> String {
        let original_len = self.text.text_len();
        if self.memo.words_gen != self.text_gen {
            self.memo.words_gen = self.text_gen;
            self.memo.words_in_text.clear();
            self.memo.name_in_text.clear();
            self.memo.list_in_text.clear();
        }
        let kp = shape::floor_boundary(value, keep_prefix);
        let mut exhausted = false;
        for attempt in 0..ATTEMPTS {
            let mut cx = Ctx {
                rng: &mut self.rng,
                memo: &mut self.memo,
                text: &self.text,
                attempt,
                pairs: std::mem::take(&mut self.pairs),
                exhausted: false,
                reuse: false,
                phone: None,
            };
            let cand = generate(&mut cx, kind, rule, kp, value);
            let mut pairs = std::mem::take(&mut cx.pairs);
            let phone = cx.phone;
            // One name part drawn from a used-up list: alone it is turned down every time.
            exhausted = cx.exhausted && pairs.len() <= 1;
            if self.accept(&cand, value_lower) {
                if kind == Kind::IpAddress {
                    net::note_v4(&mut self.memo, value, &cand);
                }
                if let Some((country, fictional)) = phone {
                    self.memo.note_phone(country, fictional);
                }
                for (real, part) in pairs.drain(..) {
                    if !self.memo.names.contains_key(&real) {
                        data::with_key(&part, |k| self.memo.mark_used(k));
                        self.memo.learn(real, part);
                    }
                }
                self.pairs = pairs;
                return cand;
            }
            if kind == Kind::Person {
                self.turned_down(&pairs);
            }
            pairs.clear();
            self.pairs = pairs;
            if kind == Kind::Person && exhausted {
                // More draws from the used-up list would be turned down too.
                break;
            }
        }
        if kind == Kind::Person && value.chars().any(text::is_alphabetic) {
            // A person's stand-in is always made of names of the lists: more fresh draws,
            // then double-barrelled surnames (a text or conversation holding most of the
            // lists' names), never invented letters.
            let mut barrel = exhausted;
            for round in 0..PERSON_EXTRA_ATTEMPTS {
                let mut cx = Ctx {
                    rng: &mut self.rng,
                    memo: &mut self.memo,
                    text: &self.text,
                    attempt: ATTEMPTS,
                    pairs: std::mem::take(&mut self.pairs),
                    exhausted: false,
                    reuse: round % 2 == 1,
                    phone: None,
                };
                let mut cand = person::person_stand_in(&mut cx, value);
                let mut pairs = std::mem::take(&mut cx.pairs);
                barrel |= (cx.exhausted && pairs.len() <= 1) || round >= PERSON_EXTRA_ATTEMPTS / 4;
                if barrel {
                    person::double_barrel(&mut cx, &mut cand);
                }
                if self.accept(&cand, value_lower) {
                    // Its parts are not learned (a double-barrelled name is no part of
                    // another stand-in) but are in use: later draws skip them.
                    for (_, part) in pairs.drain(..) {
                        data::with_key(&part, |k| self.memo.mark_used(k));
                    }
                    self.pairs = pairs;
                    return cand;
                }
                if !barrel {
                    self.turned_down(&pairs);
                }
                pairs.clear();
                self.pairs = pairs;
            }
        }
        self.fallback(original_len, kp, value, value_lower)
    }

    /// After a person candidate of one name part (`pairs`) was turned down: when the part on
    /// its own clashes with a stand-in handed out or reserved, or may be read in an earlier
    /// text, it would be turned down every time (both only grow), so later draws skip it (a
    /// learned part stays learned).
    fn turned_down(&mut self, pairs: &[(String, Part)]) {
        let [(_, part)] = pairs else {
            return;
        };
        let lower = part.to_ascii_lowercase();
        if self.taken.clashes(&lower) || self.seen.may_hold(&lower) {
            data::with_key(part, |k| self.memo.mark_used(k));
        }
    }

    /// Checks a candidate against every guarantee and records it when it passes.
    fn accept(&mut self, cand: &str, value_lower: &str) -> bool {
        if cand.is_empty() {
            return false;
        }
        let mut lower = std::mem::take(&mut self.scratch);
        lower.clear();
        lower.push_str(cand);
        lower.make_ascii_lowercase();
        let ok = self.accept_lower(&lower, value_lower);
        self.scratch = lower;
        ok
    }

    fn accept_lower(&mut self, lower: &str, value_lower: &str) -> bool {
        if lower == value_lower
            || (value_lower.len() >= 3 && contains_short(lower, value_lower))
            || self.taken.clashes(lower)
            || self.text.contains_lower(lower)
            || self.seen.may_hold(lower)
        {
            return false;
        }
        self.taken.insert(lower);
        true
    }

    /// Same-shape variants, then growing ones, then a random token longer than the text.
    fn fallback(
        &mut self,
        original_len: usize,
        kp: usize,
        value: &str,
        value_lower: &str,
    ) -> String {
        let (head, body) = value.split_at(kp);
        let class = body
            .chars()
            .rev()
            .find(|&c| text::is_alphanumeric(c))
            .unwrap_or('a');
        for extra in 0..32 {
            let mut s = String::with_capacity(value.len() + extra);
            s.push_str(head);
            s.push_str(&shape::reshape(&mut self.rng, body));
            for _ in 0..extra {
                s.push(shape::same_class(
                    &mut self.rng,
                    class,
                    shape::Alphabet::Free,
                ));
            }
            if self.accept(&s, value_lower) {
                return s;
            }
        }
        let mut len = 16usize;
        loop {
            let mut s = String::with_capacity(head.len() + len);
            s.push_str(head);
            for _ in 0..len {
                let c = match shape::below(&mut self.rng, 3) {
                    0 => shape::digit(&mut self.rng),
                    1 => shape::upper(&mut self.rng),
                    _ => shape::lower(&mut self.rng),
                };
                s.push(c as char);
            }
            if len > original_len + value.len() {
                // Longer than the text and the value: cannot occur in either.
                self.taken.insert(&s.to_ascii_lowercase());
                return s;
            }
            if self.accept(&s, value_lower) {
                return s;
            }
            len = len.saturating_mul(2);
        }
    }
}

/// `hay.contains(needle)` for a short haystack (a candidate): a needle almost as long as the
/// haystack is compared at each offset, which costs less than setting up a search.
#[inline]
fn contains_short(hay: &str, needle: &str) -> bool {
    let (h, n) = (hay.as_bytes(), needle.as_bytes());
    if n.len() > h.len() {
        return false;
    }
    if h.len() - n.len() < 16 {
        h.windows(n.len().max(1)).any(|w| w == n) || n.is_empty()
    } else {
        hay.contains(needle)
    }
}

/// One candidate from the kind's generator.
fn generate(cx: &mut Ctx<'_>, kind: Kind, rule: &str, kp: usize, value: &str) -> String {
    match kind {
        Kind::Person => person::person_stand_in(cx, value),
        Kind::Email => net::email(cx, value),
        Kind::Phone => numbers::phone(cx, value),
        Kind::CardNumber => numbers::card(cx, value),
        Kind::BankAccount => numbers::bank(cx, rule, kp, value),
        Kind::Ssn => numbers::ssn(cx, value),
        Kind::IdNumber => numbers::id_number(cx, rule, kp, value),
        Kind::ApiKey => secret::api_key(cx, rule, kp, value),
        Kind::IpAddress => net::ip(cx, value),
        Kind::Hostname => net::hostname(cx, value),
        Kind::Url => net::url(cx, value),
        Kind::StreetAddress => address::street_address(cx, value),
        Kind::Postcode => address::postcode(cx, rule, value),
        _ => {
            let (head, body) = value.split_at(kp);
            let mut s = head.to_string();
            s.push_str(&shape::reshape(cx.rng, body));
            s
        }
    }
}

#[cfg(test)]
mod free_name_tests {
    use super::*;
    use proptest::prelude::*;

    /// A prepared index counts as a new text, whatever it describes: the generator's caches
    /// of the text before it are dropped.
    #[test]
    fn a_prepared_index_is_a_new_text() {
        let a = "Emily met Olivia.".to_string();
        let mut s = Surrogates::with_seed(1);
        let _ = s.stand_in(&a, Kind::Person, "t", 0, "Emily");
        let before = s.text_gen;
        assert_eq!(s.memo.words_gen, before);
        s.use_prepared(PreparedText::of(&a));
        assert!(s.text_gen > before);
        let b = "Henry met Alice.".to_string();
        s.use_prepared(PreparedText::of(&b));
        let g = s.text_gen;
        let _ = s.stand_in(&b, Kind::Person, "t", 0, "Henry");
        // Same text as prepared: not indexed again, the caches follow the new generation.
        assert_eq!(s.text_gen, g);
        assert_eq!(s.memo.words_gen, g);
    }

    /// A generator that reads another's index of the text (`ForText::prepared`) makes the
    /// stand-ins it makes with an index of its own; given another text, it indexes that one
    /// apart, and the generator it shared with still reads the first.
    #[test]
    fn a_shared_index_gives_the_stand_ins_of_an_own_one() {
        let a = "Call Emily Clark on 0161 496 0123, mail emily@example.org, host 10.4.17.23."
            .to_string();
        let b = "Henry met Alice Moreau at 22 Rue de la Paix, 75002 Paris.".to_string();
        let mut first = Surrogates::with_seed(1);
        let mut bound = first.for_text(&a);
        let _ = bound.stand_in(Kind::Person, "t", 0, "Emily Clark");
        let shared = bound.prepared();
        let mut second = Surrogates::with_seed(2);
        second.use_prepared(shared);
        let mut alone = Surrogates::with_seed(2);
        let asks = [
            (&a, Kind::Phone, "phone", "0161 496 0123"),
            (&a, Kind::Email, "email", "emily@example.org"),
            (&a, Kind::IpAddress, "ipv4", "10.4.17.23"),
            (&a, Kind::Person, "t", "Emily Clark"),
            // Another text: indexed apart.
            (&b, Kind::Person, "t", "Alice Moreau"),
            (&b, Kind::StreetAddress, "address", "22 Rue de la Paix"),
            (&b, Kind::Postcode, "postcode", "75002"),
        ];
        for (text, kind, rule, value) in asks {
            assert_eq!(
                second.stand_in(text, kind, rule, 0, value),
                alone.stand_in(text, kind, rule, 0, value)
            );
        }
        assert!(second.occurs_in(&b, "alice moreau") && !second.occurs_in(&b, "emily clark"));
        assert!(first.occurs_in(&a, "emily clark") && !first.occurs_in(&a, "alice moreau"));
    }

    /// Once the documentation blocks are used up (every address in them reserved), public
    /// IPv4 stand-ins stop drawing from them: after a few misses the first draw goes to the
    /// benchmarking block. Private addresses neither count nor change.
    #[test]
    fn used_up_documentation_blocks_are_not_drawn_from_again() {
        let mut s = Surrogates::with_seed(3);
        for [a, b, c] in net::DOC_V4_BLOCKS {
            for h in 0..=255 {
                s.reserve(&format!("{a}.{b}.{c}.{h}"));
            }
        }
        let text = "hosts";
        for i in 0..3 {
            let private = s.stand_in(
                text,
                Kind::IpAddress,
                "ipv4",
                0,
                &format!("10.0.0.{}", i + 1),
            );
            assert!(private.starts_with("10."), "{private}");
            assert_eq!(s.memo.doc_v4_misses, i);
            let o = s.stand_in(text, Kind::IpAddress, "ipv4", 0, &format!("8.8.{i}.8"));
            assert!(o.starts_with("198.18.") || o.starts_with("198.19."), "{o}");
        }
        assert!(s.memo.doc_v4_misses >= net::DOC_V4_FULL);
        // The blocks count as used up: the preferred attempts draw from the benchmarking block.
        let mut rng = crate::shape::Rng::seed_from_u64(1);
        let index = TextIndex::default();
        let mut cx = Ctx {
            rng: &mut rng,
            memo: &mut s.memo,
            text: &index,
            attempt: 0,
            pairs: Vec::new(),
            exhausted: false,
            reuse: false,
            phone: None,
        };
        let n = net::v4_stand_in(&mut cx, [8, 8, 4, 4], None);
        assert!(n[0] == 198 && (n[1] == 18 || n[1] == 19), "{n:?}");
        // A stand-in placed in the blocks (room made again, as in a new conversation) resets it.
        let mut s = Surrogates::with_seed(3);
        s.memo.doc_v4_misses = 2;
        let o = s.stand_in(text, Kind::IpAddress, "ipv4", 0, "8.8.8.8");
        assert!(
            ["192.0.2.", "198.51.100.", "203.0.113."]
                .iter()
                .any(|p| o.starts_with(p)),
            "{o}"
        );
        assert_eq!(s.memo.doc_v4_misses, 0);
    }

    /// US 555-01xx holds 100 numbers whose last seven digits differ: once a stream has
    /// written them (a later stand-in must not end in digits a restore could read in the
    /// text so far), phone stand-ins stop drawing there (each spent its 12 preferred draws in
    /// vain) and the count keeps them out; a stand-in drawn there starts the count again.
    #[test]
    fn a_used_up_fictional_phone_range_is_not_drawn_from_again() {
        let mut s = Surrogates::with_seed(5);
        let text = "calls";
        let fictional = |p: &str| p.contains("555-01");
        let mut seen = std::collections::HashSet::new();
        let mut outside = 0;
        for i in 0..160 {
            let real = format!("+1 {}-{:03}-{:04}", 201 + i % 700, 200 + i, 1000 + i);
            let p = s.stand_in(text, Kind::Phone, "phone", 0, &real);
            assert!(seen.insert(p.clone()), "{p} given twice");
            // As a stream does with each piece's output.
            s.remember_text(&format!("call {p} now"));
            if !fictional(&p) {
                outside += 1;
            }
        }
        // At most the range's 100 numbers inside it, every later one outside, and the range
        // counted as used up.
        assert!(outside >= 60, "{outside}");
        assert!(s.memo.phone_misses[0] >= numbers::FICTIONAL_FULL);
        let p = s.stand_in(text, Kind::Phone, "phone", 0, "+1 415-867-2210");
        assert!(!fictional(&p), "{p}");
        // Counted as used up, the range is not drawn from even where a number is free.
        let mut full = Surrogates::with_seed(5);
        full.memo.phone_misses[0] = numbers::FICTIONAL_FULL;
        let p = full.stand_in(text, Kind::Phone, "phone", 0, "+1 415-867-2210");
        assert!(!fictional(&p), "{p}");
        let mut fresh = Surrogates::with_seed(5);
        fresh.memo.phone_misses[0] = numbers::FICTIONAL_FULL - 1;
        let p = fresh.stand_in(text, Kind::Phone, "phone", 0, "+1 415-867-2210");
        assert!(fictional(&p), "{p}");
        assert_eq!(fresh.memo.phone_misses[0], 0);
    }

    /// Invented organisation labels: two words while some are free, three once a few labels
    /// in a row found none (an export of thousands of firms).
    #[test]
    fn used_up_organisation_labels_grow_a_word() {
        let mut s = Surrogates::with_seed(9);
        for w in data::ORG_WORDS {
            for x in data::ORG_SUFFIXES {
                s.memo.domain_values.insert(format!("{w}-{x}"));
            }
        }
        let text = "mail";
        for i in 0..4 {
            let e = s.stand_in(
                text,
                Kind::Email,
                "email",
                0,
                &format!("ann{i}@firm{i}.com"),
            );
            let label = e
                .split('@')
                .nth(1)
                .and_then(|d| d.split('.').next())
                .unwrap_or("");
            assert_eq!(label.split('-').count(), 3, "{e}");
        }
        assert!(s.memo.org_misses >= net::ORG_TWO_FULL);
        let mut fresh = Surrogates::with_seed(9);
        let e = fresh.stand_in(text, Kind::Email, "email", 0, "ann@firm.com");
        let label = e
            .split('@')
            .nth(1)
            .and_then(|d| d.split('.').next())
            .unwrap_or("");
        assert_eq!(label.split('-').count(), 2, "{e}");
        assert_eq!(fresh.memo.org_misses, 0);
    }

    proptest! {
        /// The short-haystack search answers as `str::contains`.
        #[test]
        fn contains_short_matches_contains(hay in "[ab -é]{0,60}", needle in "[ab -é]{0,40}") {
            prop_assert_eq!(contains_short(&hay, &needle), hay.contains(needle.as_str()));
            let cut = &hay[..hay.char_indices().nth(hay.chars().count() / 2).map_or(0, |c| c.0)];
            prop_assert_eq!(contains_short(&hay, cut), true);
        }

        /// The bit-set search finds the name that asking each name in turn finds.
        #[test]
        fn first_free_name_matches_asking_each(
            list_no in 0usize..64,
            used in proptest::collection::vec(any::<prop::sample::Index>(), 0..300),
            in_text in proptest::collection::vec(any::<prop::sample::Index>(), 0..40),
            start in any::<prop::sample::Index>(),
            folded in any::<prop::sample::Index>(),
        ) {
            let list = data::LISTS[list_no % data::LISTS.len()];
            prop_assume!(!list.is_empty());
            let mut memo = Memo::default();
            for u in &used {
                memo.mark_used(&list[u.index(list.len())].key);
            }
            let text: Vec<&str> = in_text.iter().map(|i| list[i.index(list.len())].text).collect();
            let text = format!("Note: {}.", text.join(", "));
            let mut index = TextIndex::default();
            index.prepare(&text);
            let mut rng = crate::shape::Rng::seed_from_u64(1);
            let mut cx = Ctx { rng: &mut rng, memo: &mut memo, text: &index, attempt: 0, pairs: Vec::new(), exhausted: false, reuse: false, phone: None };
            let start = start.index(list.len());
            let folded = &list[folded.index(list.len())].key;
            let want = (0..list.len())
                .map(|i| &list[(start + i) % list.len()])
                .find(|p| !(p.key == *folded || cx.memo.name_is_used(p) || cx.name_in_text(p)))
                .map(|p| p.id);
            let got = cx.first_free_name(list, start, folded).map(|p| p.id);
            prop_assert_eq!(got, want);
        }
    }
}
