//! The dependency edges between the workspace's crates are the ones ARCHITECTURE.md allows:
//! a new edge is a design decision and has to be added here on purpose.
use std::collections::{BTreeMap, BTreeSet};
use std::process::Command;

/// Crate → the workspace crates it may depend on (normal dependencies).
const ALLOWED: &[(&str, &[&str])] = &[
    ("redact-entity", &[]),
    ("redact-detect", &["redact-entity"]),
    ("redact-surrogate", &["redact-entity"]),
    ("redact-restore", &[]),
    ("redact-stream", &["redact-restore"]),
    (
        "redact",
        &[
            "redact-entity",
            "redact-detect",
            "redact-surrogate",
            "redact-restore",
        ],
    ),
    ("redact-billing", &["redact-entity"]),
    (
        "redact-service",
        &[
            "redact",
            "redact-billing",
            "redact-namecheck",
            "redact-stream",
            "redact-vendors",
        ],
    ),
    ("redact-testkit", &[]),
    ("redact-gateway", &["redact-service"]),
    ("redact-mcp", &["redact-service"]),
    ("redact-namecheck", &[]),
    ("redact-vendors", &[]),
    ("redact-cli", &["redact", "redact-stream"]),
    ("redact-benches", &[]),
    ("redact-eval", &["redact"]),
    ("redact-tidy", &[]),
];

#[test]
fn workspace_dependency_edges_follow_the_layering() {
    let out = Command::new(env!("CARGO"))
        .args([
            "metadata",
            "--format-version",
            "1",
            "--no-deps",
            "--offline",
        ])
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
        .output()
        .expect("cargo metadata runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let meta: serde_json::Value = serde_json::from_slice(&out.stdout).expect("metadata is JSON");
    let members: BTreeSet<String> = meta["packages"]
        .as_array()
        .expect("packages")
        .iter()
        .map(|p| p["name"].as_str().unwrap_or_default().to_string())
        .collect();
    let allowed: BTreeMap<&str, &[&str]> = ALLOWED.iter().copied().collect();
    let mut problems = Vec::new();
    for p in meta["packages"].as_array().expect("packages") {
        let name = p["name"].as_str().unwrap_or_default();
        let Some(ok) = allowed.get(name) else {
            problems.push(format!(
                "{name}: a new crate; add its allowed edges to tidy/tests/layering.rs"
            ));
            continue;
        };
        for d in p["dependencies"].as_array().into_iter().flatten() {
            let dep = d["name"].as_str().unwrap_or_default();
            let normal = d["kind"].is_null();
            if normal && members.contains(dep) && !ok.contains(&dep) {
                problems.push(format!(
                    "{name} -> {dep} is not an allowed edge (ARCHITECTURE.md)"
                ));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
