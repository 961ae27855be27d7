//! Builds the bundled guest components (`components/`) for `wasm32-wasip2` with a
//! nested cargo, as wasmtime's own test-programs crate does, and puts them in
//! `$OUT_DIR/components/`, from where `registry::BUNDLED` embeds them. The whole
//! `components/` workspace is built, test-only components included: the integration
//! tests find those under `target/components/wasm32-wasip2/release/`.

use std::path::{Path, PathBuf};
use std::process::Command;

/// Components embedded into the host binary.
const BUNDLED: &[&str] = &["plugboard-portable", "plugboard-xnnpack"];

fn main() {
    let manifest_dir =
        PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("CARGO_MANIFEST_DIR"));
    let root = manifest_dir.parent().expect("workspace root").to_path_buf();
    let components = root.join("components");
    let out = PathBuf::from(std::env::var("OUT_DIR").expect("OUT_DIR")).join("components");
    std::fs::create_dir_all(&out).expect("create OUT_DIR/components");
    println!("cargo:rerun-if-changed={}", root.join("wit").display());
    rerun_for_dir(&components);

    // Shared by every host profile, so the guests are built once.
    let target_dir = root.join("target").join("components");
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let mut cmd = Command::new(cargo);
    cmd.current_dir(&components)
        .arg("build")
        .arg("--release")
        .arg("--target")
        .arg("wasm32-wasip2")
        .arg("--target-dir")
        .arg(&target_dir);
    cmd.arg("--workspace");
    // Do not leak the host build's settings into the guest build.
    for (k, _) in std::env::vars_os() {
        let k = k.to_string_lossy().to_string();
        if k.starts_with("CARGO_") && k != "CARGO_HOME"
            || k == "RUSTFLAGS"
            || k == "RUSTC_WRAPPER"
            || k == "RUSTC_WORKSPACE_WRAPPER"
            || k == "RUSTC"
        {
            cmd.env_remove(&k);
        }
    }
    let status = cmd.status().expect("run cargo for the guest components");
    assert!(status.success(), "building the guest components failed");
    for p in BUNDLED {
        let file = format!("{}.wasm", p.replace('-', "_"));
        let built = target_dir.join("wasm32-wasip2").join("release").join(&file);
        std::fs::copy(&built, out.join(&file))
            .unwrap_or_else(|e| panic!("copy {}: {e}", built.display()));
    }
}

fn rerun_for_dir(dir: &Path) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        let name = p
            .file_name()
            .map(|n| n.to_string_lossy().to_string())
            .unwrap_or_default();
        if name == "target" {
            continue;
        }
        if p.is_dir() {
            rerun_for_dir(&p);
        } else {
            println!("cargo:rerun-if-changed={}", p.display());
        }
    }
}
