// The built-in rules: one multi-pattern regex, a table naming each pattern's check, and the
// scan loop.
//
// Pattern order is priority at the same start position (leftmost-first): provider secrets,
// then emails, links, labelled values, IBANs, IP addresses, national identifiers,
// postcodes, hostnames, and last the generic digit-run candidate whose interpretation
// (card, phone, SSN, routing number, national ID, ZIP …) is decided by validators and
// context in `classify`.

use std::sync::OnceLock;

use regex_automata::meta::Regex;
use regex_automata::util::syntax;
use regex_automata::{Anchored, Input, MatchKind};

use redact_entity::{Finding, Kind};

use crate::classify;
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

pub struct Rules {
    re: Regex,
    checks: Vec<Check>,
    has_group: Vec<bool>,
    patterns: Vec<String>,
    /// One small regex per pattern, built on first use, for finding a match's value group:
    /// a capture search on the big union costs a backtracking table the size of all rules.
    single: Vec<OnceLock<Option<Regex>>>,
}

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
        let re = Regex::builder()
            .syntax(syntax::Config::new().utf8(true).unicode(true))
            .configure(
                Regex::config()
                    .match_kind(MatchKind::LeftmostFirst)
                    .hybrid_cache_capacity(32 * (1 << 20))
                    .nfa_size_limit(Some(256 * (1 << 20))),
            )
            .build_many(&pats)
            .unwrap_or_else(|e| panic!("built-in detection rules must compile: {e}"));
        let single = pats.iter().map(|_| OnceLock::new()).collect();
        Rules {
            re,
            checks,
            has_group,
            patterns: pats,
            single,
        }
    }

    pub fn len(&self) -> usize {
        self.checks.len()
    }

    /// Scans `text` once and appends the validated findings (disjoint, in order).
    pub fn scan(&self, text: &str, out: &mut Vec<Finding>) {
        let mut pos = 0;
        while pos < text.len() {
            let Some(m) = self.re.search(&Input::new(text).span(pos..text.len())) else {
                break;
            };
            let pid = m.pattern().as_usize();
            let (vs, ve) = if self.has_group[pid] {
                self.value_span(text, m.start(), m.end(), pid)
            } else {
                (m.start(), m.end())
            };
            let check = self.checks[pid];
            let before = out.len();
            let next = classify::classify(self, text, check, m.end(), vs, ve, out);
            debug_assert!(
                out[before..]
                    .iter()
                    .all(|f| before == 0 || f.start >= out[before - 1].end)
            );
            let mut next = next;
            if next <= pos {
                next = pos + 1;
            }
            while next < text.len() && !text.is_char_boundary(next) {
                next += 1;
            }
            pos = next;
        }
    }

    fn single(&self, pid: usize) -> Option<&Regex> {
        self.single[pid]
            .get_or_init(|| {
                Regex::builder()
                    .syntax(syntax::Config::new().utf8(true).unicode(true))
                    .build(&self.patterns[pid])
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
        let m = self
            .re
            .search(&Input::new(text).span(at..end).anchored(Anchored::Yes))?;
        let pid = m.pattern().as_usize();
        let Check::Secret(i) = self.checks[pid] else {
            return None;
        };
        let r = &secrets::RULES[i];
        if r.id.starts_with("generic") || r.id == "bearer-token" {
            return None;
        }
        let (vs, ve) = if self.has_group[pid] {
            self.value_span(text, m.start(), m.end(), pid)
        } else {
            (m.start(), m.end())
        };
        (vs == at && ve == end)
            .then(|| Finding::new(at, end, Kind::ApiKey, r.id).with_prefix(usize::from(r.prefix)))
    }
}
