// TEMPORARY stub, replaced by the secrets module.
pub struct SecretRule {
    pub id: &'static str,
    pub pattern: &'static str,
    pub min_entropy: f32,
    pub prefix: u16,
}
pub static RULES: &[SecretRule] = &[SecretRule {
    id: "github-pat",
    pattern: r"(?-u:\b)(?P<secret>ghp_[A-Za-z0-9]{36})(?-u:\b)",
    min_entropy: 3.0,
    prefix: 4,
}];
pub fn plausible(_r: &SecretRule, s: &str) -> bool {
    !s.is_empty()
}
