//! Every operator ExecuTorch 1.5.1 registers (`tests/fixtures/executorch_operators.json`,
//! written by `list_operators.py` from ExecuTorch's own runtime, its LLM custom ops and
//! its quantized kernels) is served by plugboard's bundled kernel libraries, or listed
//! in `tests/fixtures/operators_not_served.json` with the reason.
//!
//! The list may only shrink: an operator listed there that a bundled library now serves
//! fails the test until it is taken off the list, so the list stays the true account of
//! what a program may still need that plugboard lacks.

use std::collections::{BTreeMap, BTreeSet};

use plugboard_tests::{fixtures, registry};

fn executorch_operators() -> BTreeSet<String> {
    let v: serde_json::Value = serde_json::from_slice(
        &std::fs::read(fixtures().join("executorch_operators.json")).expect("operator list"),
    )
    .expect("json");
    let mut all = BTreeSet::new();
    for key in ["runtime", "llm_and_quantized"] {
        for op in v[key].as_array().expect("list") {
            all.insert(op.as_str().expect("name").to_string());
        }
    }
    assert!(all.len() >= 240, "{} operators", all.len());
    all
}

fn not_served() -> BTreeMap<String, String> {
    serde_json::from_slice(
        &std::fs::read(fixtures().join("operators_not_served.json")).expect("not-served list"),
    )
    .expect("json object of operator -> reason")
}

#[test]
fn every_executorch_operator_is_served_or_accounted_for() {
    let reg = registry();
    let served: BTreeSet<String> = reg
        .components()
        .iter()
        .flat_map(|c| c.operators.iter().map(|o| o.name.clone()))
        .collect();
    let et = executorch_operators();
    let listed = not_served();
    let unaccounted: Vec<&String> = et
        .iter()
        .filter(|op| !served.contains(*op) && !listed.contains_key(*op))
        .collect();
    let stale: Vec<&String> = listed.keys().filter(|op| served.contains(*op)).collect();
    let unknown: Vec<&String> = listed.keys().filter(|op| !et.contains(*op)).collect();
    let blank: Vec<&String> = listed
        .iter()
        .filter(|(_, why)| why.trim().is_empty())
        .map(|(op, _)| op)
        .collect();
    println!(
        "ExecuTorch registers {} operators; plugboard serves {} of them; {} listed as not served",
        et.len(),
        et.iter().filter(|op| served.contains(*op)).count(),
        listed.len()
    );
    assert!(
        unaccounted.is_empty(),
        "{} operator(s) ExecuTorch registers are neither served nor listed: {unaccounted:?}",
        unaccounted.len()
    );
    assert!(
        stale.is_empty(),
        "served now, take them off operators_not_served.json: {stale:?}"
    );
    assert!(
        unknown.is_empty(),
        "listed but not registered by ExecuTorch: {unknown:?}"
    );
    assert!(blank.is_empty(), "listed without a reason: {blank:?}");
}

fn cli(args: &[&std::ffi::OsStr]) -> String {
    let out = std::process::Command::new(plugboard_tests::plugboard_bin())
        .args(args)
        .env(
            "PLUGBOARD_CACHE_DIR",
            plugboard_tests::root().join("target/plugboard-cache"),
        )
        .output()
        .expect("plugboard");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// `plugboard inspect` names the library serving each operator, or MISSING (here with
/// `--no-bundled`, nothing serves anything); `plugboard backends --operators` lists the
/// served operators with their library.
#[test]
fn inspect_and_backends_show_coverage() {
    let pte = fixtures().join("llm").join("llama_fp32.pte");
    let text = cli(&["inspect".as_ref(), pte.as_os_str()]);
    let line = |text: &str, op: &str| -> String {
        text.lines()
            .find(|l| l.trim_start().starts_with(op))
            .unwrap_or_else(|| panic!("no line for {op}:\n{text}"))
            .to_string()
    };
    assert!(
        line(&text, "llama::custom_sdpa.out").ends_with("llm-ops.wasm"),
        "{text}"
    );
    assert!(
        line(&text, "aten::mul.out").ends_with("portable.wasm"),
        "{text}"
    );
    assert!(!text.contains("MISSING"), "{text}");
    let bare = cli(&["inspect".as_ref(), pte.as_os_str(), "--no-bundled".as_ref()]);
    assert!(
        line(&bare, "llama::update_cache.out").ends_with("MISSING"),
        "{bare}"
    );
    assert!(bare.contains("18 operator(s) MISSING"), "{bare}");
    let ops = cli(&["backends".as_ref(), "--operators".as_ref()]);
    assert!(
        line(&ops, "llama::update_cache.out").ends_with("llm-ops.wasm"),
        "{ops}"
    );
    assert!(
        line(&ops, "aten::_local_scalar_dense").ends_with("portable.wasm"),
        "{ops}"
    );
}
