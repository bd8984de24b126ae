//! The stand-in → real value map.

use std::collections::btree_map;
use std::collections::hash_map;
use std::collections::{BTreeMap, HashMap};
use std::fmt;
use std::hash::{BuildHasher, BuildHasherDefault, Hasher, RandomState};
use std::sync::{Arc, OnceLock};

use serde::de::{self, MapAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// What was wrong with a pair offered to a [`Map`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum MapErrorKind {
    /// The stand-in was the empty string: it would match everywhere.
    EmptyStandIn,
    /// The stand-in is already in the map with a different real value.
    ConflictingValue,
}

impl fmt::Display for MapErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            MapErrorKind::EmptyStandIn => "empty stand-in",
            MapErrorKind::ConflictingValue => "stand-in mapped to two different values",
        })
    }
}

/// A rejected map entry.
///
/// The message names the problem only, never the stand-in or the real value
/// (both are, or reveal, personal data).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("invalid stand-in map: {kind}")]
pub struct MapError {
    kind: MapErrorKind,
}

impl MapError {
    fn new(kind: MapErrorKind) -> MapError {
        MapError { kind }
    }

    /// What was wrong.
    pub fn kind(&self) -> MapErrorKind {
        self.kind
    }
}

/// The map `{stand-in → real value}` that redaction returns and restore uses.
///
/// Ordered by stand-in (deterministic iteration and serialization). Serializes
/// as a plain JSON object `{"stand-in": "real", ...}`; deserializing validates
/// every entry like [`Map::insert`] does (so a JSON object that repeats a
/// stand-in with two different values is rejected).
///
/// Invariants: no stand-in is empty; each stand-in has exactly one real value.
/// Several stand-ins may share a real value.
///
/// `Debug` prints the number of entries only: the map holds personal data.
#[derive(Clone, Default)]
pub struct Map {
    /// Each stand-in and each real value is one shared string, held by both tables (an
    /// entry is two allocations, not four copies; a clone of the map copies no text).
    forward: BTreeMap<Arc<str>, Arc<str>>,
    /// [`real_code`] of a real value → (that value, the smallest stand-in (in
    /// `Ord` order) mapped to it). A hash map: only looked up by value, never
    /// iterated, and a look-up hashes the value once instead of comparing it
    /// with a dozen keys of a tree. Keyed by the code, hashed once per value
    /// with std's keyed hasher (the values come from the texts redacted), so
    /// that growing the table hashes no string again.
    reverse: HashMap<u64, (Arc<str>, Arc<str>), BuildHasherDefault<CodeHasher>>,
    /// The real values whose code another real value holds in `reverse` (in
    /// practice none: a 64-bit keyed hash), with their smallest stand-ins.
    collided: Vec<(Arc<str>, Arc<str>)>,
}

/// The entries `Map::reverse` has room for at its first insert.
const REVERSE_FIRST: usize = 24;

/// The code of a real value in `Map::reverse`: its SipHash under std's
/// random keys, drawn once per process (the values come from the texts
/// redacted: without the keys nobody can pick values whose codes collide).
fn real_code(real: &str) -> u64 {
    static KEYS: OnceLock<RandomState> = OnceLock::new();
    KEYS.get_or_init(RandomState::new).hash_one(real)
}

/// The hasher of `Map::reverse`: its keys are [`real_code`]s already, used
/// as they are.
#[derive(Default)]
struct CodeHasher(u64);

impl Hasher for CodeHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        // Only `u64` codes are hashed (`write_u64`); this keeps any other
        // input a function of its bytes.
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }

    fn write_u64(&mut self, code: u64) {
        self.0 = code;
    }
}

impl PartialEq for Map {
    fn eq(&self, other: &Map) -> bool {
        // The reverse index is a function of `forward`.
        self.forward == other.forward
    }
}

impl Eq for Map {}

impl Map {
    /// An empty map.
    pub fn new() -> Map {
        Map::default()
    }

    /// Builds a map from `(stand-in, real)` pairs, validating each like
    /// [`Map::insert`]. Repeating a pair is allowed; repeating a stand-in with
    /// another real value is not.
    pub fn from_pairs<I, S, R>(pairs: I) -> Result<Map, MapError>
    where
        I: IntoIterator<Item = (S, R)>,
        S: AsRef<str>,
        R: AsRef<str>,
    {
        let mut map = Map::new();
        for (stand_in, real) in pairs {
            map.insert(stand_in, real)?;
        }
        Ok(map)
    }

    /// Adds `stand_in → real`.
    ///
    /// Errors when `stand_in` is empty, or when it is already mapped to a
    /// different real value (the map is left unchanged). Inserting a pair that
    /// is already present is a no-op.
    pub fn insert(
        &mut self,
        stand_in: impl AsRef<str>,
        real: impl AsRef<str>,
    ) -> Result<(), MapError> {
        self.insert_coded(stand_in.as_ref(), real.as_ref(), real_code)
    }

    /// [`Map::insert`] with `code` for [`real_code`] (the tests give one that
    /// collides).
    fn insert_coded(
        &mut self,
        stand_in: &str,
        real: &str,
        code: impl Fn(&str) -> u64,
    ) -> Result<(), MapError> {
        if stand_in.is_empty() {
            return Err(MapError::new(MapErrorKind::EmptyStandIn));
        }
        // One search of `forward`: a vacant entry is filled below, an
        // occupied one is left as it is. (A search with the `&str` first
        // would spare the stand-in's allocation when it is there, rarely, and
        // search twice when it is not, the usual case.)
        let slot = match self.forward.entry(Arc::from(stand_in)) {
            btree_map::Entry::Occupied(o) if **o.get() == *real => return Ok(()),
            btree_map::Entry::Occupied(_) => {
                return Err(MapError::new(MapErrorKind::ConflictingValue));
            }
            btree_map::Entry::Vacant(v) => v,
        };
        let stand_in = Arc::clone(slot.key());
        if self.reverse.capacity() == 0 {
            // Room for a small text's entries at the first: the table does
            // not grow (moving every entry) at 3, 7 and 14 of them.
            self.reverse.reserve(REVERSE_FIRST);
        }
        // A real value already in the map is shared, not allocated again.
        let real = match self.reverse.entry(code(real)) {
            hash_map::Entry::Vacant(v) => {
                let real: Arc<str> = Arc::from(real);
                v.insert((Arc::clone(&real), stand_in));
                real
            }
            hash_map::Entry::Occupied(mut o) => {
                let (known, smallest) = o.get_mut();
                if **known == *real {
                    if *stand_in < **smallest {
                        *smallest = stand_in;
                    }
                    Arc::clone(known)
                } else {
                    // Another real value with the same code.
                    match self.collided.iter_mut().find(|(r, _)| **r == *real) {
                        Some((known, smallest)) => {
                            if *stand_in < **smallest {
                                *smallest = stand_in;
                            }
                            Arc::clone(known)
                        }
                        None => {
                            let real: Arc<str> = Arc::from(real);
                            self.collided.push((Arc::clone(&real), stand_in));
                            real
                        }
                    }
                }
            }
        };
        slot.insert(real);
        Ok(())
    }

    /// Adds every entry of `other`. All or nothing: on error `self` is
    /// unchanged.
    pub fn merge(&mut self, other: &Map) -> Result<(), MapError> {
        for (stand_in, real) in other.iter() {
            if self.get(stand_in).is_some_and(|r| r != real) {
                return Err(MapError::new(MapErrorKind::ConflictingValue));
            }
        }
        for (stand_in, real) in other.iter() {
            self.insert(stand_in, real)?;
        }
        Ok(())
    }

    /// The real value of `stand_in`, if it is in the map (exact match).
    pub fn get(&self, stand_in: &str) -> Option<&str> {
        self.forward.get(stand_in).map(|r| &**r)
    }

    /// Whether `stand_in` is in the map (exact match).
    pub fn contains_stand_in(&self, stand_in: &str) -> bool {
        self.forward.contains_key(stand_in)
    }

    /// Reverse lookup: a stand-in of `real` (the smallest one, in `str`
    /// order, when several stand-ins share that real value).
    pub fn stand_in_for(&self, real: &str) -> Option<&str> {
        self.stand_in_for_coded(real, real_code)
    }

    /// [`Map::stand_in_for`] with `code` for [`real_code`] (as the map was
    /// built with).
    fn stand_in_for_coded(&self, real: &str, code: impl Fn(&str) -> u64) -> Option<&str> {
        match self.reverse.get(&code(real)) {
            Some((known, smallest)) if **known == *real => Some(smallest),
            // Another real value has the code: this one, if in the map, is
            // among the collided.
            Some(_) => self
                .collided
                .iter()
                .find(|(r, _)| **r == *real)
                .map(|(_, s)| &**s),
            None => None,
        }
    }

    /// Number of stand-ins.
    pub fn len(&self) -> usize {
        self.forward.len()
    }

    /// Whether the map has no entries.
    pub fn is_empty(&self) -> bool {
        self.forward.is_empty()
    }

    /// `(stand-in, real)` pairs in stand-in order.
    pub fn iter(&self) -> Iter<'_> {
        Iter {
            inner: self.forward.iter(),
        }
    }

    /// The map as an ordered map `{stand-in → real}` (a copy).
    pub fn to_btree_map(&self) -> BTreeMap<String, String> {
        self.iter()
            .map(|(s, r)| (s.to_string(), r.to_string()))
            .collect()
    }

    /// Consumes the map into an ordered map `{stand-in → real}`.
    pub fn into_btree_map(self) -> BTreeMap<String, String> {
        self.to_btree_map()
    }
}

impl fmt::Debug for Map {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Map")
            .field("entries", &self.len())
            .finish_non_exhaustive()
    }
}

/// Iterator over `(stand-in, real)` pairs of a [`Map`], in stand-in order.
#[derive(Clone)]
pub struct Iter<'a> {
    inner: btree_map::Iter<'a, Arc<str>, Arc<str>>,
}

impl<'a> Iterator for Iter<'a> {
    type Item = (&'a str, &'a str);

    fn next(&mut self) -> Option<Self::Item> {
        self.inner.next().map(|(s, r)| (&**s, &**r))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.inner.size_hint()
    }
}

impl DoubleEndedIterator for Iter<'_> {
    fn next_back(&mut self) -> Option<Self::Item> {
        self.inner.next_back().map(|(s, r)| (&**s, &**r))
    }
}

impl ExactSizeIterator for Iter<'_> {}

impl fmt::Debug for Iter<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Iter").finish_non_exhaustive()
    }
}

impl<'a> IntoIterator for &'a Map {
    type Item = (&'a str, &'a str);
    type IntoIter = Iter<'a>;

    fn into_iter(self) -> Iter<'a> {
        self.iter()
    }
}

impl TryFrom<BTreeMap<String, String>> for Map {
    type Error = MapError;

    fn try_from(forward: BTreeMap<String, String>) -> Result<Map, MapError> {
        Map::from_pairs(forward)
    }
}

impl TryFrom<Vec<(String, String)>> for Map {
    type Error = MapError;

    fn try_from(pairs: Vec<(String, String)>) -> Result<Map, MapError> {
        Map::from_pairs(pairs)
    }
}

impl From<Map> for BTreeMap<String, String> {
    fn from(map: Map) -> BTreeMap<String, String> {
        map.to_btree_map()
    }
}

impl Serialize for Map {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_map(self.iter())
    }
}

impl<'de> Deserialize<'de> for Map {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Map, D::Error> {
        struct MapVisitor;

        impl<'de> Visitor<'de> for MapVisitor {
            type Value = Map;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("an object mapping stand-ins to real values")
            }

            fn visit_map<A: MapAccess<'de>>(self, mut access: A) -> Result<Map, A::Error> {
                let mut map = Map::new();
                while let Some((stand_in, real)) = access.next_entry::<String, String>()? {
                    map.insert(stand_in, real).map_err(de::Error::custom)?;
                }
                Ok(map)
            }
        }

        deserializer.deserialize_map(MapVisitor)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// `insert` keeps the documented behaviour: the first value of a stand-in wins, a
        /// conflicting one is refused, and `stand_in_for` gives the smallest stand-in of a
        /// real value (checked against a scan of the map).
        #[test]
        fn insert_and_reverse_lookup_agree_with_a_scan(
            pairs in proptest::collection::vec(("[a-cA-C]{0,3}", "[xyz]{1,2}"), 0..40),
        ) {
            let mut map = Map::new();
            let mut model: BTreeMap<String, String> = BTreeMap::new();
            for (s, r) in &pairs {
                let got = map.insert(s.as_str(), r.as_str());
                let want = if s.is_empty() {
                    Err(MapErrorKind::EmptyStandIn)
                } else {
                    match model.get(s) {
                        Some(v) if v != r => Err(MapErrorKind::ConflictingValue),
                        _ => {
                            model.insert(s.clone(), r.clone());
                            Ok(())
                        }
                    }
                };
                prop_assert_eq!(got.map_err(|e| e.kind()), want);
            }
            prop_assert_eq!(map.to_btree_map(), model.clone());
            for r in ["x", "y", "z", "xx", "xy", "zz", "w"] {
                let smallest = model.iter().find(|(_, v)| v.as_str() == r).map(|(s, _)| s.as_str());
                prop_assert_eq!(map.stand_in_for(r), smallest);
            }
        }

        /// The reverse index gives the same answers when real values share codes (a code of
        /// two values: most reals collide), and shares each real value's string.
        #[test]
        fn reverse_lookup_survives_colliding_codes(
            pairs in proptest::collection::vec(("[a-cA-C]{1,3}", "[xyz]{1,2}"), 0..40),
        ) {
            let code = |r: &str| (r.len() % 2) as u64;
            let mut map = Map::new();
            let mut plain = Map::new();
            for (s, r) in &pairs {
                prop_assert_eq!(map.insert_coded(s, r, code), plain.insert(s, r));
            }
            prop_assert!(map == plain);
            for r in ["x", "y", "z", "xx", "xy", "zz", "w", "ww"] {
                prop_assert_eq!(map.stand_in_for_coded(r, code), plain.stand_in_for(r));
            }
            // One string per real value, whichever table found it.
            let reals: std::collections::BTreeSet<&str> = map.iter().map(|(_, r)| r).collect();
            for real in reals {
                let held = map.forward.values().filter(|r| &***r == real);
                let first = map.forward.values().find(|r| &***r == real);
                for r in held {
                    prop_assert!(first.is_some_and(|f| Arc::ptr_eq(f, r)));
                }
            }
        }
    }
}
