//! The component SDK (`components/sdk`, crate `plugboard-sdk`): it carries the frozen
//! contract folders unchanged; the example backend built on it (`components/examples/
//! backend`) runs the program its Python side exported and gives eager PyTorch's
//! answer; the same crate, copied outside this repository and depending on the SDK
//! alone, builds for `wasm32-wasip2` and runs; `plugboard components info` shows the
//! metadata the SDK embedded.

use std::path::{Path, PathBuf};
use std::process::Command;

use plugboard_tests::{
    fixtures, max_abs_diff, plugboard_bin, read_numbered, registry, root, run, test_component,
};

fn example_program() -> PathBuf {
    fixtures()
        .join("example_backend")
        .join("example_backend.pte")
}

/// Runs the example program with the bundled components and `backend`; checks eager
/// PyTorch's answer.
fn runs_like_eager(backend: &Path) {
    let mut reg = registry();
    reg.load_file(backend)
        .unwrap_or_else(|e| panic!("{}: {e}", backend.display()));
    let dir = fixtures().join("example_backend");
    let inputs = read_numbered(&dir, "input");
    let expected = read_numbered(&dir, "expected");
    let out = run(&reg, &example_program(), &inputs).expect("runs");
    let d = max_abs_diff(out[0].as_tensor().expect("tensor"), &expected[0]).expect("same shape");
    println!(
        "{}: max abs diff {d:e} from eager PyTorch",
        backend.display()
    );
    assert!(d <= 1e-6, "diff {d}");
}

/// Every frozen folder is in the SDK, byte for byte; the SDK adds only
/// `sdk-worlds.wit`, whose worlds include the contract's and add nothing.
#[test]
fn sdk_carries_the_frozen_contract_folders() {
    let sdk = root().join("components").join("sdk").join("wit");
    let mut versions = 0;
    for e in std::fs::read_dir(root().join("wit"))
        .expect("wit/")
        .flatten()
    {
        let dir = e.path();
        if !dir.is_dir() {
            continue;
        }
        let version = e.file_name().to_string_lossy().into_owned();
        versions += 1;
        for f in std::fs::read_dir(&dir).expect("dir").flatten() {
            let name = f.file_name();
            if !name.to_string_lossy().ends_with(".wit") {
                continue;
            }
            let copy = sdk.join(&version).join(&name);
            assert_eq!(
                std::fs::read(f.path()).expect("read"),
                std::fs::read(&copy).unwrap_or_default(),
                "{} must equal wit/{version}/{}",
                copy.display(),
                name.to_string_lossy()
            );
        }
        let worlds = std::fs::read_to_string(sdk.join(&version).join("sdk-worlds.wit"))
            .expect("sdk-worlds.wit");
        let body: Vec<&str> = worlds
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with("//"))
            .collect();
        let dashed = version.replace('.', "-");
        assert_eq!(
            body,
            [
                format!("package plugboard:runtime@{version};").as_str(),
                &format!("world backend-{dashed} {{"),
                "include backend;",
                "}",
                &format!("world kernel-library-{dashed} {{"),
                "include kernel-library;",
                "}",
            ],
            "{version}"
        );
        let lib = std::fs::read_to_string(root().join("components/sdk/src/lib.rs")).expect("lib");
        assert!(
            lib.contains(&format!("\"wit/{version}\"")),
            "the SDK generates bindings for {version}"
        );
    }
    assert!(versions >= 5);
    // The working contract (the host's version) is in the SDK as it is in `wit/`.
    let current = plugboard::component::HOST_VERSION.to_string();
    for f in std::fs::read_dir(root().join("wit"))
        .expect("wit/")
        .flatten()
    {
        let name = f.file_name();
        if !name.to_string_lossy().ends_with(".wit") {
            continue;
        }
        let copy = sdk.join(&current).join(&name);
        assert_eq!(
            std::fs::read(f.path()).expect("read"),
            std::fs::read(&copy).unwrap_or_default(),
            "{} must equal wit/{}",
            copy.display(),
            name.to_string_lossy()
        );
    }
}

#[test]
fn example_backend_runs_its_exported_program() {
    runs_like_eager(&test_component("plugboard_example_backend"));
}

/// `plugboard components info` shows what the SDK embedded from the crate's manifest.
#[test]
fn components_info_shows_the_metadata() {
    let out = Command::new(plugboard_bin())
        .args(["components", "info"])
        .arg(test_component("plugboard_example_backend"))
        .output()
        .expect("run plugboard");
    let text = String::from_utf8_lossy(&out.stdout);
    println!("{text}{}", String::from_utf8_lossy(&out.stderr));
    assert!(out.status.success());
    for want in [
        "kind:",
        "backend",
        "contract:      plugboard:runtime@2.4.0",
        "backend ids:   ExampleBackend",
        "name:          plugboard-example-backend",
        "version:       0.1.0",
        "description:   Example plugboard backend",
        "authors:       plugboard developers",
        "license:       Apache-2.0",
        "built against: 2.4.0",
        "sdk:           0.1.0",
    ] {
        assert!(text.contains(want), "missing {want:?}");
    }
}

/// The example backend copied to a temporary directory outside this repository, its
/// one dependency pointed at the SDK (no path into `wit/`) with `sdk` as its options,
/// built for `wasm32-wasip2`: the built component, or the build's stderr.
fn build_outside(tag: &str, sdk_options: &str) -> Result<PathBuf, String> {
    let src = root().join("components").join("examples").join("backend");
    let dir = std::env::temp_dir().join(format!("plugboard-sdk-user-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("src")).expect("dir");
    let sdk = root().join("components").join("sdk");
    let manifest = std::fs::read_to_string(src.join("Cargo.toml")).expect("manifest");
    let manifest = manifest.replace(
        "plugboard-sdk = { path = \"../../sdk\" }",
        &format!(
            "plugboard-sdk = {{ path = {:?}{sdk_options} }}",
            sdk.display().to_string()
        ),
    );
    assert!(manifest.contains(&sdk.display().to_string()), "{manifest}");
    std::fs::write(dir.join("Cargo.toml"), &manifest).expect("write");
    let lib = std::fs::read_to_string(src.join("src/lib.rs")).expect("lib.rs");
    assert!(
        !lib.contains("wit/") && !manifest.contains("/wit"),
        "no path into wit/"
    );
    std::fs::write(dir.join("src/lib.rs"), lib).expect("write");
    // The same dependency versions as this repository's components, and its toolchain.
    std::fs::copy(root().join("components/Cargo.lock"), dir.join("Cargo.lock")).expect("lock");
    std::fs::copy(
        root().join("rust-toolchain.toml"),
        dir.join("rust-toolchain.toml"),
    )
    .expect("toolchain");
    let target = root().join("target").join("sdk-external");
    let mut cmd = Command::new("cargo");
    cmd.current_dir(&dir)
        .args([
            "build",
            "--release",
            "--target",
            "wasm32-wasip2",
            "--target-dir",
        ])
        .arg(&target);
    for (k, _) in std::env::vars_os() {
        let k = k.to_string_lossy().to_string();
        if k.starts_with("CARGO_") && k != "CARGO_HOME"
            || ["RUSTFLAGS", "RUSTC", "RUSTUP_TOOLCHAIN"].contains(&k.as_str())
        {
            cmd.env_remove(&k);
        }
    }
    let out = cmd.output().expect("run cargo");
    let _ = std::fs::remove_dir_all(&dir);
    if !out.status.success() {
        return Err(String::from_utf8_lossy(&out.stderr).into_owned());
    }
    // Kept apart from the next build's output, which has the same name.
    let built = target.join("wasm32-wasip2/release/plugboard_example_backend.wasm");
    let kept = target.join(format!("example-{tag}.wasm"));
    std::fs::copy(&built, &kept).expect("keep");
    Ok(kept)
}

fn contract_of(path: &Path) -> String {
    let mut reg = plugboard::Registry::new(plugboard_tests::sandbox()).expect("registry");
    reg.load_file(path).expect("loads");
    reg.components()[0].info.version.to_string()
}

/// The example backend builds outside the workspace on the SDK alone and runs, against
/// the default contract (2.4); a build with two contract versions' features is refused
/// with what to write instead. (1.x builds from the SDK are the conformance components,
/// one per frozen version.)
#[test]
fn sdk_backend_builds_outside_the_workspace() {
    let latest = build_outside("default", "").expect("builds");
    assert_eq!(contract_of(&latest), "2.4.0");
    runs_like_eager(&latest);
    let two =
        build_outside("two", ", features = [\"v1_0\"]").expect_err("two versions are refused");
    assert!(
        two.contains("enable exactly one contract version feature per component"),
        "{two}"
    );
}
