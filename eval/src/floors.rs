//! The CI gate's floors (`eval/floors.toml`): figures on the gate subset that may not drop.

use std::collections::BTreeMap;
use std::path::Path;

use redact::Kind;
use serde::Deserialize;

use crate::score::Scores;

/// Committed floors. Raise them as detection improves; lowering one is a decision to write
/// down in the commit that does it.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Floors {
    /// Whole-corpus figures: `strict_recall`, `recall`, `precision`, `negatives_untouched`,
    /// `round_trip`.
    pub overall: BTreeMap<String, f64>,
    /// Strict recall per kind.
    pub strict_recall: BTreeMap<String, f64>,
    /// Recall per kind.
    #[serde(default)]
    pub recall: BTreeMap<String, f64>,
}

/// The committed floors file.
pub fn default_path() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/floors.toml"))
}

impl Floors {
    /// Reads a floors file.
    ///
    /// # Errors
    /// The file is missing or not a floors file.
    pub fn load(path: &Path) -> Result<Floors, String> {
        let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
        toml::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))
    }

    /// Every figure below its floor, and every floor that names nothing measured.
    pub fn check(&self, s: &Scores) -> Vec<String> {
        let mut problems = Vec::new();
        let o = &s.overall;
        for (name, &floor) in &self.overall {
            let got = match name.as_str() {
                "strict_recall" => o.strict_recall(),
                "recall" => o.recall(),
                "precision" => o.precision(),
                "negatives_untouched" => o.negatives_untouched(),
                "round_trip" => o.round_trip(),
                _ => {
                    problems.push(format!("overall.{name}: no such figure"));
                    continue;
                }
            };
            below(&mut problems, &format!("overall.{name}"), got, floor);
        }
        for (table, floors, strict) in [
            ("strict_recall", &self.strict_recall, true),
            ("recall", &self.recall, false),
        ] {
            for (kind, &floor) in floors {
                let Some(k) = Kind::parse(kind) else {
                    problems.push(format!("{table}.{kind}: no such kind"));
                    continue;
                };
                let t = s.by_kind.get(&k).copied().unwrap_or_default();
                let got = if strict {
                    t.strict_recall()
                } else {
                    t.recall()
                };
                below(&mut problems, &format!("{table}.{kind}"), got, floor);
            }
        }
        for k in Kind::ALL {
            if s.by_kind.get(&k).is_some_and(|t| t.values > 0)
                && !self.strict_recall.contains_key(k.as_str())
            {
                problems.push(format!("strict_recall.{k}: measured but without a floor"));
            }
        }
        problems
    }

    /// Floors at the measured figures, rounded down to a tenth of a percent: what to commit
    /// after an improvement.
    pub fn suggest(s: &Scores) -> String {
        let down = |v: Option<f64>| v.map_or(0.0, |v| (v * 1000.0).floor() / 1000.0);
        let o = &s.overall;
        let mut out = String::from(
            "# Floors of the CI gate (eval/tests/gate.rs) on its fixed subset of the corpus.\n\
             # Raise them as detection improves (`cargo run --release -p redact-eval -- --gate --suggest-floors`);\n\
             # never lower one without saying why in the commit.\n\n[overall]\n",
        );
        for (name, v) in [
            ("strict_recall", o.strict_recall()),
            ("recall", o.recall()),
            ("precision", o.precision()),
            ("negatives_untouched", o.negatives_untouched()),
            ("round_trip", o.round_trip()),
        ] {
            out.push_str(&format!("{name} = {:.3}\n", down(v)));
        }
        for (table, strict) in [("strict_recall", true), ("recall", false)] {
            out.push_str(&format!("\n[{table}]\n"));
            for (k, t) in &s.by_kind {
                if t.values == 0 {
                    continue;
                }
                let v = if strict {
                    t.strict_recall()
                } else {
                    t.recall()
                };
                out.push_str(&format!("{k} = {:.3}\n", down(v)));
            }
        }
        out
    }
}

fn below(problems: &mut Vec<String>, name: &str, got: Option<f64>, floor: f64) {
    match got {
        Some(v) if v + 1e-9 >= floor => {}
        Some(v) => problems.push(format!(
            "{name}: {:.2} % is below the floor {:.2} %",
            v * 100.0,
            floor * 100.0
        )),
        None => problems.push(format!(
            "{name}: nothing measured (floor {:.2} %)",
            floor * 100.0
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::score::Tally;

    fn scores() -> Scores {
        let mut s = Scores {
            overall: Tally {
                docs: 10,
                values: 10,
                touched: 9,
                strict: 8,
                true_hits: 9,
                false_hits: 1,
                negative_docs: 4,
                negative_untouched: 3,
                round_trips: 10,
                ..Tally::default()
            },
            ..Scores::default()
        };
        s.by_kind.insert(
            Kind::Phone,
            Tally {
                values: 10,
                touched: 9,
                strict: 8,
                ..Tally::default()
            },
        );
        s
    }

    fn floors(text: &str) -> Floors {
        toml::from_str(text).unwrap()
    }

    #[test]
    fn figures_below_a_floor_are_named() {
        let f = floors(
            "[overall]\nprecision = 0.95\nround_trip = 1.0\nnegatives_untouched = 0.75\n\
             [strict_recall]\nphone = 0.81\n[recall]\nphone = 0.9\n",
        );
        let p = f.check(&scores());
        assert_eq!(p.len(), 2, "{p:?}");
        assert!(p[0].starts_with("overall.precision: 90.00 %"), "{p:?}");
        assert!(p[1].starts_with("strict_recall.phone: 80.00 %"), "{p:?}");
    }

    #[test]
    fn a_measured_kind_without_a_floor_and_unknown_names_fail() {
        let p = floors("[overall]\nprecison = 0.5\n[strict_recall]\nphon = 0.1\n").check(&scores());
        assert!(
            p.iter().any(|p| p.contains("precison: no such figure")),
            "{p:?}"
        );
        assert!(p.iter().any(|p| p.contains("phon: no such kind")), "{p:?}");
        assert!(
            p.iter()
                .any(|p| p.contains("phone: measured but without a floor")),
            "{p:?}"
        );
    }

    #[test]
    fn suggested_floors_pass_their_own_check() {
        let s = scores();
        let f = floors(&Floors::suggest(&s));
        assert!(f.check(&s).is_empty(), "{:?}", f.check(&s));
        assert_eq!(f.strict_recall["phone"], 0.8);
    }
}
