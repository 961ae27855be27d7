//! The `plugboard` command line on real fixtures: run, inspect, backends, exit codes.

use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("root")
        .to_path_buf()
}

fn plugboard(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_plugboard"))
        .args(args)
        .current_dir(root())
        .env(
            "PLUGBOARD_CACHE_DIR",
            root().join("target").join("plugboard-cache"),
        )
        .output()
        .expect("run plugboard");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn run_with_no_arguments_runs_the_bundled_program() {
    let (ok, out, err) = plugboard(&[]);
    assert!(ok, "stdout: {out}\nstderr: {err}");
    assert!(out.contains("bundled demo program"), "{out}");
    assert!(out.contains("output 0: Float [2, 10]"), "{out}");
}

#[test]
fn run_writes_npy_outputs() {
    let dir = std::env::temp_dir().join(format!("plugboard-cli-{}", std::process::id()));
    let fx = "tests/fixtures/add_mul";
    let (ok, out, err) = plugboard(&[
        "run",
        &format!("{fx}/add_mul.portable.pte"),
        "-i",
        &format!("{fx}/input0.npy"),
        "-i",
        &format!("{fx}/input1.npy"),
        "-o",
        dir.to_str().expect("utf-8 temp dir"),
    ]);
    assert!(ok, "stdout: {out}\nstderr: {err}");
    let got = plugboard::npy::read(&dir.join("output0.npy")).expect("output0.npy");
    let want = plugboard::npy::read(&root().join(fx).join("expected0.npy")).expect("expected");
    assert_eq!(got.sizes, want.sizes);
    let (g, w) = (
        got.to_f64_vec().expect("f32"),
        want.to_f64_vec().expect("f32"),
    );
    assert!(g.iter().zip(&w).all(|(a, b)| (a - b).abs() <= 1e-6));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn missing_backend_is_a_clean_failure() {
    // Only the portable kernel library: no Vulkan backend.
    let portable = root().join("target/components/wasm32-wasip2/release/plugboard_portable.wasm");
    let (ok, out, err) = plugboard(&[
        "run",
        "tests/fixtures/mlp/mlp.vulkan.pte",
        "--no-bundled",
        "--backend",
        portable.to_str().expect("utf-8 path"),
    ]);
    assert!(!ok, "{out}");
    assert!(
        err.contains("backend VulkanBackend is not registered"),
        "{err}"
    );
    assert!(!err.contains("panicked"), "{err}");
}

#[test]
fn wrong_input_shape_is_reported() {
    let fx = "tests/fixtures/add_mul";
    let (ok, _, err) = plugboard(&[
        "run",
        &format!("{fx}/add_mul.portable.pte"),
        "-i",
        "tests/fixtures/mlp/input0.npy",
        "-i",
        &format!("{fx}/input1.npy"),
    ]);
    assert!(!ok);
    assert!(err.contains("input 0: expected rank 3"), "{err}");
}

#[test]
fn not_a_program_is_reported() {
    let (ok, _, err) = plugboard(&["inspect", "Cargo.toml"]);
    assert!(!ok);
    assert!(err.contains("not an ExecuTorch program"), "{err}");
}

#[test]
fn inspect_shows_operators_and_delegates() {
    let (ok, out, err) = plugboard(&["inspect", "tests/fixtures/lstm/lstm.xnnpack.pte"]);
    assert!(ok, "{err}");
    assert!(out.contains("backend XnnpackBackend"), "{out}");
    assert!(out.contains("aten::select_copy.int_out"), "{out}");
    assert!(out.contains("memory plan"), "{out}");
}

#[test]
fn backends_lists_the_bundled_library() {
    let (ok, out, err) = plugboard(&["backends"]);
    assert!(ok, "{err}");
    assert!(out.contains("<bundled>/portable.wasm"), "{out}");
    assert!(out.contains("2.4.0"), "{out}");
}

#[test]
fn backend_flag_with_a_wrong_major_version_is_refused() {
    // The 1.4.0 conformance backend with its contract names rewritten to 3.0.0.
    let built = root().join(
        "target/components/wasm32-wasip2/release/plugboard_test_conformance_backend_1_4_0.wasm",
    );
    let bytes = std::fs::read(built).expect("conformance backend");
    let text = bytes.iter().map(|&b| b as char).collect::<String>();
    let v3: Vec<u8> = text
        .replace("@1.4.0", "@3.0.0")
        .chars()
        .map(|c| c as u8)
        .collect();
    let dir = root().join("target/cli-tests");
    std::fs::create_dir_all(&dir).expect("dir");
    let path = dir.join("backend-3.0.0.wasm");
    std::fs::write(&path, v3).expect("write");
    let (ok, _, err) = plugboard(&["backends", "--backend", path.to_str().expect("utf-8 path")]);
    assert!(!ok);
    assert!(err.contains("plugboard:runtime@3.0.0"), "{err}");
    assert!(err.contains("plugboard:runtime@2.4.0"), "{err}");
    assert!(err.contains("plugboard:runtime@1.4.0"), "{err}");
}

#[test]
fn plugin_path_components_are_loaded() {
    let dir = root().join("target/components/wasm32-wasip2/release");
    let out = Command::new(env!("CARGO_BIN_EXE_plugboard"))
        .arg("backends")
        .current_dir(root())
        .env("PLUGBOARD_PATH", &dir)
        .output()
        .expect("run plugboard");
    let err = String::from_utf8_lossy(&out.stderr);
    // The directory holds the misbehave library (a second provider of aten::add.out)
    // and the 2.0.0 component: loading it must fail cleanly, naming a component.
    assert!(!out.status.success());
    assert!(err.contains("plugboard_"), "{err}");
    assert!(!err.contains("panicked"), "{err}");
}

fn misbehave() -> PathBuf {
    root().join("target/components/wasm32-wasip2/release/plugboard_test_misbehave.wasm")
}

#[test]
fn override_kernels_are_listed_and_serve_the_program() {
    let lib = misbehave();
    let lib = lib.to_str().expect("utf-8 path");
    let (ok, out, err) = plugboard(&["backends", "--override-kernels", lib]);
    assert!(ok, "{err}");
    assert!(out.contains("overridden operators:"), "{out}");
    for op in ["aten::add.out", "aten::mul.out"] {
        let line = out
            .lines()
            .find(|l| l.trim_start().starts_with(op))
            .unwrap_or_else(|| panic!("no line for {op}: {out}"));
        assert!(
            line.contains(&format!("served by {lib} (was <bundled>/portable.wasm)")),
            "{line}"
        );
    }
    // The program runs on misbehave: its code 10 (a lie about the calls run) surfaces.
    let dir = std::env::temp_dir().join(format!("plugboard-cli-override-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("dir");
    let fx = root().join("tests/fixtures/add_mul");
    let mut x = plugboard::npy::read(&fx.join("input0.npy")).expect("input0");
    x.data[0..4].copy_from_slice(&10.0f32.to_le_bytes());
    let x_path = dir.join("x_code10.npy");
    plugboard::npy::write(&x_path, &x).expect("write input");
    let y_path = fx.join("input1.npy");
    let (ok, out, err) = plugboard(&[
        "run",
        "tests/fixtures/add_mul/add_mul.portable.pte",
        "--override-kernels",
        lib,
        "-i",
        x_path.to_str().expect("utf-8"),
        "-i",
        y_path.to_str().expect("utf-8"),
    ]);
    assert!(!ok, "{out}");
    assert!(err.contains("reported 7 of 2 calls run"), "{err}");
    assert!(err.contains("plugboard_test_misbehave.wasm"), "{err}");
    // Without the option, a second provider is still refused, naming both files.
    let (ok, _, err) = plugboard(&["backends", "--backend", lib]);
    assert!(!ok);
    assert!(err.contains("aten::add.out"), "{err}");
    assert!(err.contains("<bundled>/portable.wasm"), "{err}");
    assert!(err.contains("plugboard_test_misbehave.wasm"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bundled_components_written_out_load_back() {
    let dir = std::env::temp_dir().join(format!("plugboard-cli-bundled-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let (ok, out, err) = plugboard(&[
        "backends",
        "--write-bundled",
        dir.to_str().expect("utf-8 temp dir"),
    ]);
    assert!(ok, "{err}");
    let written: Vec<PathBuf> = out.lines().map(PathBuf::from).collect();
    let names: Vec<String> = plugboard::registry::BUNDLED
        .iter()
        .map(|(n, _)| n.to_string())
        .collect();
    assert_eq!(written.len(), names.len(), "{out}");
    for ((path, name), (_, bytes)) in written.iter().zip(&names).zip(plugboard::registry::BUNDLED) {
        assert_eq!(path, &dir.join(name));
        assert_eq!(&std::fs::read(path).expect("written file")[..], *bytes);
    }
    let portable = dir.join("portable.wasm");
    let fx = "tests/fixtures/add_mul";
    let out_dir = dir.join("out");
    let (ok, out, err) = plugboard(&[
        "run",
        &format!("{fx}/add_mul.portable.pte"),
        "--no-bundled",
        "--backend",
        portable.to_str().expect("utf-8 path"),
        "-i",
        &format!("{fx}/input0.npy"),
        "-i",
        &format!("{fx}/input1.npy"),
        "-o",
        out_dir.to_str().expect("utf-8 path"),
    ]);
    assert!(ok, "stdout: {out}\nstderr: {err}");
    let got = plugboard::npy::read(&out_dir.join("output0.npy")).expect("output0.npy");
    let want = plugboard::npy::read(&root().join(fx).join("expected0.npy")).expect("expected");
    let (g, w) = (
        got.to_f64_vec().expect("f32"),
        want.to_f64_vec().expect("f32"),
    );
    assert_eq!(g.len(), w.len());
    assert!(g.iter().zip(&w).all(|(a, b)| (a - b).abs() <= 1e-6));
    let _ = std::fs::remove_dir_all(&dir);
}
