//! Helpers shared by the stand-in tests.

/// Whether `inner` occurs in `outer` with neither end glued to a letter or digit beside it
/// there (where a restore reads a stand-in): every occurrence, overlapping ones too.
pub fn inside_at_edges(outer: &str, inner: &str) -> bool {
    let glued = |at: usize| {
        outer[..at]
            .chars()
            .next_back()
            .is_some_and(char::is_alphanumeric)
            && outer[at..]
                .chars()
                .next()
                .is_some_and(char::is_alphanumeric)
    };
    (0..=outer.len().saturating_sub(inner.len())).any(|p| {
        outer.is_char_boundary(p)
            && outer[p..].starts_with(inner)
            && !glued(p)
            && !glued(p + inner.len())
    })
}
