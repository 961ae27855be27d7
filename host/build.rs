//! Builds the bundled guest components (`components/`) for `wasm32-wasip2` with a
//! nested cargo, as wasmtime's own test-programs crate does, and puts them in
//! `$OUT_DIR/components/`, from where `registry::BUNDLED` embeds them, each with a
//! `version` metadata section holding the components' workspace version. The whole
//! `components/` workspace is built, test-only components included: the integration
//! tests find those under `target/components/wasm32-wasip2/release/`.
//!
//! The guests are always built with the toolchain pinned in `rust-toolchain.toml`, even
//! when the host is built with another one (`cargo +nightly fuzz build`, whose nightly
//! may have no `wasm32-wasip2` standard library): the nested cargo runs without the
//! host build's `RUSTUP_TOOLCHAIN` and `RUSTC`, so rustup resolves the toolchain file.
//!
//! rustup installs a toolchain file's targets only when it installs the toolchain, so
//! a machine that already had Rust 1.95.0 may lack `wasm32-wasip2`. The script checks
//! the sysroot first and, when the target is missing, adds it with rustup (as
//! cargo-component does), or stops at once with one line saying what to run.

use std::path::{Path, PathBuf};
use std::process::Command;

/// Components of the workspace built against contract 1.4 (the rest are built against
/// the newest, 2.x). `plugboard-test-xnnpack-v1` and `plugboard-test-portable-v1` are the
/// XNNPACK backend's and the portable library's 1.4 builds, test artifacts; the hostile
/// test components have not moved to 2.0 yet (they exercise the 1.x paths).
const CONTRACT_1_PACKAGES: &[&str] = &[
    "plugboard-test-xnnpack-v1",
    "plugboard-test-portable-v1",
    "plugboard-test-hostile-backend",
    "plugboard-test-init-fails",
    "plugboard-test-misbehave",
];

/// Components embedded into the host binary.
const BUNDLED: &[&str] = &[
    "plugboard-portable",
    "plugboard-xnnpack",
    "plugboard-vulkan",
    "plugboard-qnn",
    "plugboard-llm-ops",
];

fn main() {
    let manifest_dir =
        PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("CARGO_MANIFEST_DIR"));
    let root = manifest_dir.parent().expect("workspace root").to_path_buf();
    let components = root.join("components");
    let out = PathBuf::from(std::env::var("OUT_DIR").expect("OUT_DIR")).join("components");
    std::fs::create_dir_all(&out).expect("create OUT_DIR/components");
    println!("cargo:rerun-if-changed={}", root.join("wit").display());
    rerun_for_dir(&components);
    write_contract_version(
        &root.join("wit"),
        &PathBuf::from(std::env::var("OUT_DIR").expect("OUT_DIR")),
    );

    ensure_wasm_target(&components);

    // Shared by every host profile, so the guests are built once.
    let target_dir = root.join("target").join("components");
    // The conformance components are built per contract version, each build with only
    // that version's SDK bindings: bindings of two versions in one component would
    // declare the same import names (`named-data.get`) from two import modules, and
    // the linker keeps one of them.
    let mut main_build: Vec<&str> =
        vec!["--workspace", "--exclude", "plugboard-test-conformance-*"];
    for p in CONTRACT_1_PACKAGES {
        main_build.extend(["--exclude", p]);
    }
    guest_build(&components, &target_dir, &main_build);
    // The components built against contract 1.4: a build of their own, as the features
    // of one cargo build unify and the SDK refuses a wasm build with two versions. In a
    // target directory of its own too: the 1.4 build of `plugboard-xnnpack` (a
    // dependency of its test artifact) would overwrite the bundled 2.0 one. Each
    // package's component is copied beside the others.
    eprintln!("components built against contract 1.4");
    let one_x_dir = root.join("target").join("components-1x");
    let mut one_x: Vec<&str> = Vec::new();
    for p in CONTRACT_1_PACKAGES {
        one_x.extend(["-p", p]);
    }
    guest_build(&components, &one_x_dir, &one_x);
    for p in CONTRACT_1_PACKAGES {
        let file = format!("{}.wasm", p.replace('-', "_"));
        let from = one_x_dir.join("wasm32-wasip2").join("release").join(&file);
        let to = target_dir.join("wasm32-wasip2").join("release").join(&file);
        std::fs::copy(&from, &to)
            .unwrap_or_else(|e| panic!("copy {} to {}: {e}", from.display(), to.display()));
    }
    for (version, packages) in conformance_packages(&components) {
        let mut args: Vec<String> = Vec::new();
        for p in packages {
            args.push("-p".into());
            args.push(p);
        }
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        eprintln!("conformance components of {version}");
        guest_build(&components, &target_dir, &args);
    }
    let version = workspace_version(&components.join("Cargo.toml"));
    for p in BUNDLED {
        let file = format!("{}.wasm", p.replace('-', "_"));
        let built = target_dir.join("wasm32-wasip2").join("release").join(&file);
        let mut bytes =
            std::fs::read(&built).unwrap_or_else(|e| panic!("read {}: {e}", built.display()));
        append_version_section(&mut bytes, &version);
        std::fs::write(out.join(&file), &bytes)
            .unwrap_or_else(|e| panic!("write {}: {e}", out.join(&file).display()));
        // The bundled components' identities, so a process does not hash 2.8 MB of its
        // own binary at every start (1-3 ms, more without SHA instructions).
        let digest: [u8; 32] =
            sha2::Digest::finalize(<sha2::Sha256 as sha2::Digest>::new_with_prefix(&bytes)).into();
        std::fs::write(out.join(format!("{file}.sha256")), digest)
            .unwrap_or_else(|e| panic!("write the digest of {file}: {e}"));
    }
}

/// Runs `cargo build --release --target wasm32-wasip2` on the components' workspace
/// with `args` (which packages), into `target_dir`, without the host build's settings.
fn guest_build(components: &Path, target_dir: &Path, args: &[&str]) {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let mut cmd = Command::new(cargo);
    cmd.current_dir(components)
        .arg("build")
        .arg("--release")
        .arg("--target")
        .arg("wasm32-wasip2")
        .arg("--target-dir")
        .arg(target_dir)
        .args(args);
    // Do not leak the host build's settings into the guest build.
    for (k, _) in std::env::vars_os() {
        let k = k.to_string_lossy().to_string();
        if k.starts_with("CARGO_") && k != "CARGO_HOME"
            || k == "RUSTFLAGS"
            || k == "RUSTC_WRAPPER"
            || k == "RUSTC_WORKSPACE_WRAPPER"
            || k == "RUSTC"
            || k == "RUSTUP_TOOLCHAIN"
        {
            cmd.env_remove(&k);
        }
    }
    let status = cmd.status().expect("run cargo for the guest components");
    assert!(
        status.success(),
        "building the guest components ({args:?}) failed"
    );
}

/// The conformance crates (`test-components/conformance/KIND-X.Y.Z`), grouped by
/// contract version: `(X.Y.Z, [package names])`, oldest first.
fn conformance_packages(components: &Path) -> Vec<(String, Vec<String>)> {
    let dir = components.join("test-components").join("conformance");
    let mut by_version: std::collections::BTreeMap<String, Vec<String>> = Default::default();
    for e in std::fs::read_dir(&dir).into_iter().flatten().flatten() {
        let name = e.file_name().to_string_lossy().into_owned();
        let Some((kind, version)) = name.split_once('-') else {
            continue;
        };
        if !e.path().join("Cargo.toml").is_file() {
            continue;
        }
        by_version
            .entry(version.to_string())
            .or_default()
            .push(format!(
                "plugboard-test-conformance-{kind}-{}",
                version.replace('.', "-")
            ));
    }
    by_version.into_iter().collect()
}

/// Writes `$OUT_DIR/contract_version.rs`: `HOST_VERSION`, the `plugboard:runtime` version
/// of the `package` line that every `wit/*.wit` file starts with (the host implements
/// what those files say, so the version has one source). Stops the build when the files
/// disagree or a line is malformed.
fn write_contract_version(wit: &Path, out_dir: &Path) {
    let (major, minor, patch) = package_version(wit);
    // The older major the host still serves: the folder its 1.x bindings are generated
    // from (`src/bindings/v1/mod.rs`), which must be the newest frozen 1.x release.
    let manifest_dir =
        PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("CARGO_MANIFEST_DIR"));
    let v1_mod = manifest_dir.join("src/bindings/v1/mod.rs");
    println!("cargo:rerun-if-changed={}", v1_mod.display());
    let v1_text = std::fs::read_to_string(&v1_mod)
        .unwrap_or_else(|e| panic!("read {}: {e}", v1_mod.display()));
    let v1_folder = v1_text
        .lines()
        .find_map(|l| l.trim().strip_prefix("path: \"../wit/"))
        .and_then(|l| l.strip_suffix("\","))
        .unwrap_or_else(|| panic!("{}: no `path: \"../wit/X.Y.Z\",` line", v1_mod.display()));
    let newest_1x = std::fs::read_dir(wit)
        .unwrap_or_else(|e| panic!("read {}: {e}", wit.display()))
        .flatten()
        .filter_map(|e| e.file_name().into_string().ok())
        .filter_map(|n| {
            let v: Vec<u64> = n
                .split('.')
                .map(|p| p.parse().ok())
                .collect::<Option<_>>()?;
            (v.len() == 3 && v[0] == 1).then_some((v[1], v[2], n))
        })
        .max()
        .map(|(_, _, n)| n);
    if newest_1x.as_deref() != Some(v1_folder) {
        panic!(
            "the 1.x bindings (src/bindings/v1/mod.rs) use wit/{v1_folder}, but the newest frozen 1.x folder is {newest_1x:?}: point them at it"
        );
    }
    let (m1, n1, p1) = package_version(&wit.join(v1_folder));
    std::fs::write(
        out_dir.join("contract_version.rs"),
        format!(
            "/// The newest contract version this host implements: the `package` version of\n\
             /// `wit/*.wit` (read by `host/build.rs`).\n\
             pub const HOST_VERSION: ContractVersion = ContractVersion {{ major: {major}, minor: {minor}, patch: {patch} }};\n\
             /// Every contract version this host implements, newest first, one per major it\n\
             /// serves: `wit/` and the 1.x release its 1.x bindings use (`wit/{v1_folder}`).\n\
             pub const HOST_VERSIONS: &[ContractVersion] = &[HOST_VERSION, ContractVersion {{ major: {m1}, minor: {n1}, patch: {p1} }}];\n"
        ),
    )
    .unwrap_or_else(|e| panic!("write contract_version.rs: {e}"));
}

/// The `plugboard:runtime` version every `*.wit` file in `dir` names in its `package`
/// line (they must agree).
fn package_version(dir: &Path) -> (u64, u64, u64) {
    let mut found: Option<(String, PathBuf)> = None;
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("read {}: {e}", dir.display()))
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "wit"))
        .collect();
    files.sort();
    for f in files {
        let text =
            std::fs::read_to_string(&f).unwrap_or_else(|e| panic!("read {}: {e}", f.display()));
        let version = text
            .lines()
            .find_map(|l| l.trim().strip_prefix("package plugboard:runtime@"))
            .and_then(|v| v.trim().strip_suffix(';'))
            .unwrap_or_else(|| {
                panic!(
                    "{}: no `package plugboard:runtime@X.Y.Z;` line",
                    f.display()
                )
            })
            .to_string();
        match &found {
            Some((v, first)) if *v != version => panic!(
                "{} says plugboard:runtime@{version} but {} says @{v}: every .wit file of a folder must name the same version",
                f.display(),
                first.display()
            ),
            Some(_) => {}
            None => found = Some((version, f)),
        }
    }
    let (version, _) = found.unwrap_or_else(|| panic!("{}: no .wit files", dir.display()));
    let parts: Vec<u64> = version
        .split('.')
        .map(|p| {
            p.parse()
                .unwrap_or_else(|_| panic!("malformed contract version {version}"))
        })
        .collect();
    let [major, minor, patch] = parts[..] else {
        panic!("malformed contract version {version}")
    };
    (major, minor, patch)
}

/// The `version` of `[workspace.package]` in the components' workspace manifest (every
/// guest crate inherits it).
fn workspace_version(manifest: &Path) -> String {
    let text = std::fs::read_to_string(manifest)
        .unwrap_or_else(|e| panic!("read {}: {e}", manifest.display()));
    let mut in_package = false;
    for line in text.lines() {
        let line = line.trim();
        if line.starts_with('[') {
            in_package = line == "[workspace.package]";
        } else if in_package {
            if let Some(v) = line.strip_prefix("version") {
                if let Some(v) = v.trim_start().strip_prefix('=') {
                    return v.trim().trim_matches('"').to_string();
                }
            }
        }
    }
    panic!("{}: no version in [workspace.package]", manifest.display())
}

/// Appends the registry-metadata `version` custom section (what `wasm-tools metadata
/// add --version` writes: section id 0, the name `version`, the version as UTF-8) to a
/// component binary, so that lockfiles and signatures can name the bundled components'
/// version. A custom section may follow every other section of a component.
fn append_version_section(bytes: &mut Vec<u8>, version: &str) {
    fn leb128(mut n: usize, out: &mut Vec<u8>) {
        loop {
            let byte = (n & 0x7f) as u8;
            n >>= 7;
            if n == 0 {
                out.push(byte);
                return;
            }
            out.push(byte | 0x80);
        }
    }
    let name = b"version";
    let mut content = Vec::new();
    leb128(name.len(), &mut content);
    content.extend_from_slice(name);
    content.extend_from_slice(version.as_bytes());
    bytes.push(0);
    leb128(content.len(), bytes);
    bytes.extend_from_slice(&content);
}

const TARGET: &str = "wasm32-wasip2";

/// Makes sure the standard library for [`TARGET`] is installed for the compiler cargo
/// uses; installs it with rustup when it is not, or exits with one clear line.
fn ensure_wasm_target(components: &Path) {
    // The compiler the guest build will use: the toolchain file's, as seen from there.
    let sysroot = Command::new("rustc")
        .current_dir(components)
        .env_remove("RUSTUP_TOOLCHAIN")
        .env_remove("RUSTC")
        .args(["--print", "sysroot"])
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map(|o| PathBuf::from(String::from_utf8_lossy(&o.stdout).trim()));
    let installed = |root: &Path| {
        root.join("lib")
            .join("rustlib")
            .join(TARGET)
            .join("lib")
            .is_dir()
    };
    if sysroot.as_deref().is_none_or(installed) {
        return; // installed, or not a sysroot we can inspect: let cargo say
    }
    let mut cmd = Command::new("rustup");
    cmd.current_dir(components)
        .env_remove("RUSTUP_TOOLCHAIN")
        .args(["target", "add", TARGET]);
    println!("cargo:warning=the {TARGET} target is missing; running `rustup target add {TARGET}`");
    match cmd.status() {
        Ok(s) if s.success() && sysroot.as_deref().is_some_and(installed) => {}
        _ => {
            eprintln!(
                "error: the Rust target {TARGET} is not installed and rustup could not add it; run `rustup target add {TARGET}` and build again"
            );
            std::process::exit(1);
        }
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
