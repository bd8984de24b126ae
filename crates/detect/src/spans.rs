//! Overlap queries over a set of spans.

/// Spans (possibly overlapping, in any order) asked whether any of them overlaps a range,
/// in logarithmic time: sorted by start, with the largest end so far.
pub(crate) struct Spans {
    starts: Vec<usize>,
    max_end: Vec<usize>,
}

impl Spans {
    pub(crate) fn new(spans: impl Iterator<Item = (usize, usize)>) -> Spans {
        let mut v: Vec<(usize, usize)> = spans.collect();
        // Equal pairs are alike, so a stable sort gives the same order; it is the adaptive
        // one (the findings come as a few runs in order: merged, not sorted from scratch).
        v.sort();
        let mut max_end = Vec::with_capacity(v.len());
        let mut m = 0;
        for &(_, e) in &v {
            m = m.max(e);
            max_end.push(m);
        }
        Spans {
            starts: v.into_iter().map(|(s, _)| s).collect(),
            max_end,
        }
    }

    /// The spans of `found`.
    pub(crate) fn of_findings(found: &[redact_entity::Finding]) -> Spans {
        Spans::new(found.iter().map(|f| (f.start, f.end)))
    }

    /// True when some span `(a, b)` has `a < e && s < b`.
    pub(crate) fn overlaps(&self, s: usize, e: usize) -> bool {
        let k = self.starts.partition_point(|&a| a < e);
        k > 0 && self.max_end[k - 1] > s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    proptest::proptest! {
        /// The span index answers as asking every span.
        #[test]
        fn spans_overlap_as_a_linear_scan(
            spans in proptest::collection::vec((0usize..200, 1usize..30), 0..40),
            s in 0usize..240,
            len in 1usize..20,
        ) {
            let spans: Vec<(usize, usize)> = spans.into_iter().map(|(a, l)| (a, a + l)).collect();
            let index = Spans::new(spans.iter().copied());
            let e = s + len;
            let want = spans.iter().any(|&(a, b)| a < e && s < b);
            proptest::prop_assert_eq!(index.overlaps(s, e), want);
        }
    }
}
