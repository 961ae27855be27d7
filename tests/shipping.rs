//! Shipping components, end to end through the `plugboard` CLI and the library:
//! identity (SHA-256) in `plugboard backends`, `plugboard.lock` written by
//! `components lock` and enforced by `--locked` / `RuntimeOptions::locked` before
//! anything is compiled, Ed25519 signatures (`keygen`, `sign`, `verify`, publisher keys
//! in the lock, `--require-signed`), and push / pull / run by reference against a real
//! OCI registry (Debian's `docker-registry`, started on 127.0.0.1 by the test).
//!
//! Every run checks the CNN fixture's output against eager PyTorch's
//! (`tests/fixtures/cnn/expected0.npy`).

use std::path::PathBuf;
use std::process::Output;

use plugboard::distribution::{oci, TrustPolicy};
use plugboard::{Registry, Runtime, RuntimeOptions, SandboxConfig};
use plugboard_tests::registry_server::RegistryServer;
use plugboard_tests::{fixtures, max_abs_diff, plugboard_bin, read_numbered, root, sha256_hex};

/// A fresh folder for one case with the bundled components written out as files.
struct Case {
    dir: PathBuf,
}

impl Case {
    fn new(name: &str) -> Case {
        let dir = root()
            .join("target")
            .join("shipping-tests")
            .join(format!("{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        plugboard::registry::write_bundled(&dir.join("c")).unwrap();
        Case { dir }
    }

    fn component(&self, name: &str) -> PathBuf {
        self.dir.join("c").join(name)
    }

    fn path(&self, name: &str) -> PathBuf {
        self.dir.join(name)
    }

    /// Runs the CLI with this case's store (`PLUGBOARD_HOME`) and the shared warm
    /// compile cache.
    fn cli<I, S>(&self, args: I) -> Output
    where
        I: IntoIterator<Item = S>,
        S: AsRef<std::ffi::OsStr>,
    {
        std::process::Command::new(plugboard_bin())
            .args(args)
            .env(
                "PLUGBOARD_CACHE_DIR",
                root().join("target").join("plugboard-cache"),
            )
            .env("PLUGBOARD_HOME", self.dir.join("home"))
            .env_remove("PLUGBOARD_PATH")
            .output()
            .unwrap()
    }

    /// The CLI, which must succeed; its stdout.
    fn ok<I, S>(&self, args: I) -> String
    where
        I: IntoIterator<Item = S>,
        S: AsRef<std::ffi::OsStr>,
    {
        let out = self.cli(args);
        assert!(
            out.status.success(),
            "plugboard failed:\n{}\n{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    /// The CLI, which must fail; its stderr.
    fn fails<I, S>(&self, args: I) -> String
    where
        I: IntoIterator<Item = S>,
        S: AsRef<std::ffi::OsStr>,
    {
        let out = self.cli(args);
        let err = String::from_utf8_lossy(&out.stderr).into_owned();
        assert!(!out.status.success(), "plugboard succeeded: {err}");
        println!("refused as expected: {}", err.trim());
        err
    }

    /// `plugboard run` of the CNN's XNNPACK program with `extra` arguments (which
    /// components, lock, ...); checks the output against eager PyTorch.
    fn run_cnn(&self, extra: &[&str]) {
        let out = self.path("out");
        let _ = std::fs::remove_dir_all(&out);
        let cnn = fixtures().join("cnn");
        let mut args: Vec<String> = vec![
            "run".into(),
            cnn.join("cnn.xnnpack.pte").display().to_string(),
            "-i".into(),
            cnn.join("input0.npy").display().to_string(),
            "-o".into(),
            out.display().to_string(),
        ];
        args.extend(extra.iter().map(|s| s.to_string()));
        self.ok(&args);
        let got = read_numbered(&out, "output");
        let want = read_numbered(&cnn, "expected");
        assert_eq!(got.len(), want.len());
        for (g, w) in got.iter().zip(&want) {
            let d = max_abs_diff(g, w).unwrap();
            assert!(d < 1e-4, "output differs from eager PyTorch by {d}");
        }
    }

    /// `--no-bundled --backend portable --backend xnnpack` (as files).
    fn files(&self) -> Vec<String> {
        vec![
            "--no-bundled".into(),
            "--backend".into(),
            self.component("portable.wasm").display().to_string(),
            "--backend".into(),
            self.component("xnnpack.wasm").display().to_string(),
        ]
    }
}

fn strs(v: &[String]) -> Vec<&str> {
    v.iter().map(String::as_str).collect()
}

/// The same component with other bytes: a custom section appended (still a valid
/// component, a different SHA-256).
fn rebuilt(bytes: &[u8]) -> Vec<u8> {
    let mut b = bytes.to_vec();
    let name = b"plugboard-test";
    let payload = b"another build";
    b.push(0);
    b.push((1 + name.len() + payload.len()) as u8);
    b.push(name.len() as u8);
    b.extend_from_slice(name);
    b.extend_from_slice(payload);
    b
}

#[test]
fn identity_and_lockfile() {
    let case = Case::new("lock");
    let files = case.files();
    let xnnpack = case.component("xnnpack.wasm");
    let x_bytes = std::fs::read(&xnnpack).unwrap();
    let x_sha = sha256_hex(&x_bytes);
    let p_sha = sha256_hex(&std::fs::read(case.component("portable.wasm")).unwrap());

    // Identity: `backends` shows each component's SHA-256.
    let mut args = vec!["backends"];
    args.extend(strs(&files));
    let listing = case.ok(&args);
    assert!(
        listing.contains(&x_sha) && listing.contains(&p_sha),
        "{listing}"
    );

    // The lockfile pins both, by the bytes' SHA-256.
    let lock = case.path("plugboard.lock");
    let lock_s = lock.display().to_string();
    let mut args = vec!["components", "lock", "-o", &lock_s];
    args.extend(strs(&files));
    case.ok(&args);
    let text = std::fs::read_to_string(&lock).unwrap();
    println!("{text}");
    for want in [
        x_sha.as_str(),
        p_sha.as_str(),
        "kind = \"backend\"",
        "kind = \"kernel-library\"",
        "contract = \"2.4.0\"",
        &xnnpack.display().to_string(),
    ] {
        assert!(text.contains(want), "lockfile lacks {want}");
    }

    // Locked and unchanged: runs.
    let mut locked = files.clone();
    locked.extend(["--locked".to_string(), lock_s.clone()]);
    case.run_cnn(&strs(&locked));

    // Another build in the same file: refused, naming the file and both hashes.
    let other = rebuilt(&x_bytes);
    let other_sha = sha256_hex(&other);
    std::fs::write(&xnnpack, &other).unwrap();
    let mut args = vec!["backends"];
    args.extend(strs(&locked));
    let err = case.fails(&args);
    assert!(err.contains(&xnnpack.display().to_string()), "{err}");
    assert!(err.contains(&format!("expected sha256:{x_sha}")), "{err}");
    assert!(err.contains(&format!("actual sha256:{other_sha}")), "{err}");

    // ... before compiling it: a fresh cache gets no entry and nothing is compiled.
    let cache = case.path("fresh-cache");
    let mut r = Registry::new(SandboxConfig {
        cache_dir: Some(cache.clone()),
        ..SandboxConfig::default()
    })
    .unwrap();
    r.set_policy(TrustPolicy::locked(&lock).unwrap());
    let e = r.load_file(&xnnpack).unwrap_err();
    assert!(e.to_string().contains("differ from the locked ones"), "{e}");
    assert_eq!(r.engine().compiled_count(), 0, "refused before compiling");
    let entries = std::fs::read_dir(&cache)
        .map(|d| {
            d.filter(|e| {
                e.as_ref()
                    .is_ok_and(|e| e.path().extension().is_some_and(|x| x == "cwasm"))
            })
            .count()
        })
        .unwrap_or(0);
    assert_eq!(entries, 0);

    // A component the lock does not list: refused.
    std::fs::write(&xnnpack, &x_bytes).unwrap();
    let vulkan = case.component("vulkan.wasm").display().to_string();
    let mut args = vec!["backends"];
    args.extend(strs(&locked));
    args.extend(["--backend", vulkan.as_str()]);
    let err = case.fails(&args);
    assert!(
        err.contains("is not in it") && err.contains("vulkan.wasm"),
        "{err}"
    );

    // The library: RuntimeOptions::locked, and replace_component obeys the lock.
    let runtime = Runtime::with_options(RuntimeOptions {
        no_bundled: true,
        sandbox: plugboard_tests::sandbox(),
        ..RuntimeOptions::locked(&lock)
    })
    .unwrap();
    runtime
        .load_component(&case.component("portable.wasm"))
        .unwrap();
    runtime.load_component(&xnnpack).unwrap();
    let before = runtime.components();
    let swap = case.path("xnnpack-other.wasm");
    std::fs::write(&swap, &other).unwrap();
    let e = runtime
        .replace_component("XnnpackBackend", &swap)
        .unwrap_err();
    assert!(e.to_string().contains("is not in it"), "{e}");
    assert_eq!(runtime.components(), before, "the old one keeps serving");
    // Bundled components are checked too: the bundled portable library and XNNPACK
    // backend match their entries by name and bytes, the Vulkan backend is in no entry.
    let e = Runtime::with_options(RuntimeOptions {
        sandbox: plugboard_tests::sandbox(),
        ..RuntimeOptions::locked(&lock)
    })
    .unwrap_err();
    let e = e.to_string();
    assert!(
        e.contains("<bundled>/vulkan.wasm (sha256:") && e.contains("is not in it"),
        "{e}"
    );
}

#[test]
fn signatures() {
    let case = Case::new("sign");
    let files = case.files();
    let xnnpack = case.component("xnnpack.wasm");
    let portable = case.component("portable.wasm");
    let (x, p) = (
        xnnpack.display().to_string(),
        portable.display().to_string(),
    );
    let key = case.path("alice").display().to_string();
    let other_key = case.path("mallory").display().to_string();
    case.ok(["components", "keygen", &key]);
    case.ok(["components", "keygen", &other_key]);
    use std::os::unix::fs::PermissionsExt;
    let mode = std::fs::metadata(format!("{key}.key"))
        .unwrap()
        .permissions()
        .mode();
    assert_eq!(mode & 0o777, 0o600, "the secret key is private");
    let alice = std::fs::read_to_string(format!("{key}.pub"))
        .unwrap()
        .trim()
        .to_string();

    // Sign, verify, verify against the right and the wrong key.
    case.ok(["components", "sign", &x, "--key", &format!("{key}.key")]);
    let out = case.ok(["components", "verify", &x, "--key", &format!("{key}.pub")]);
    assert!(out.contains(&alice), "{out}");
    let err = case.fails([
        "components",
        "verify",
        &x,
        "--key",
        &format!("{other_key}.pub"),
    ]);
    assert!(err.contains("not by"), "{err}");

    // `backends` shows the signer; a lock with --pin-signers requires it.
    let mut args = vec!["backends"];
    args.extend(strs(&files));
    assert!(case.ok(&args).contains(&format!("signed by {alice}")));
    let lock = case.path("plugboard.lock").display().to_string();
    let mut args = vec!["components", "lock", "--pin-signers", "-o", &lock];
    args.extend(strs(&files));
    case.ok(&args);
    let text = std::fs::read_to_string(&lock).unwrap();
    assert!(
        text.contains(&format!("publisher-key = \"{alice}\"")),
        "{text}"
    );
    let mut locked = files.clone();
    locked.extend(["--locked".to_string(), lock.clone()]);
    case.run_cnn(&strs(&locked));

    let sig = format!("{x}.sig");
    let good_sig = std::fs::read_to_string(&sig).unwrap();
    let mut backends = vec!["backends"];
    backends.extend(strs(&locked));

    // A signature that does not verify (one digit of it changed): refused, always.
    let v: serde_json::Value = serde_json::from_str(&good_sig).unwrap();
    let s = v["signature"].as_str().unwrap();
    let flipped = format!("{}{}", if s.starts_with('0') { "1" } else { "0" }, &s[1..]);
    std::fs::write(&sig, good_sig.replace(s, &flipped)).unwrap();
    let err = case.fails(&backends);
    assert!(
        err.contains("bad signature") && err.contains("xnnpack.wasm"),
        "{err}"
    );
    let mut unlocked = vec!["backends"];
    unlocked.extend(strs(&files));
    assert!(case.fails(&unlocked).contains("bad signature"));

    // No signature where the lock names a key: refused, naming the key.
    std::fs::remove_file(&sig).unwrap();
    let err = case.fails(&backends);
    assert!(err.contains(&format!("must be signed by {alice}")), "{err}");

    // Signed by another key: refused, naming both.
    case.ok([
        "components",
        "sign",
        &x,
        "--key",
        &format!("{other_key}.key"),
    ]);
    let err = case.fails(&backends);
    assert!(
        err.contains(&format!("must be signed by {alice}")) && err.contains("it is signed by"),
        "{err}"
    );

    // --require-signed: the unsigned portable library is refused, then accepted signed.
    std::fs::write(&sig, &good_sig).unwrap();
    let mut args = strs(&files);
    args.insert(0, "backends");
    args.push("--require-signed");
    let err = case.fails(&args);
    assert!(
        err.contains("is not signed") && err.contains("portable.wasm"),
        "{err}"
    );
    case.ok(["components", "sign", &p, "--key", &format!("{key}.key")]);
    case.ok(&args);
}

#[test]
#[cfg_attr(
    no_oci_registry,
    ignore = "docker-registry is not installed (apt-get install docker-registry)"
)]
fn push_pull_lock_and_run_by_reference() {
    let case = Case::new("oci");
    let mut registry = RegistryServer::start().unwrap();
    let host = registry.host();
    let xnnpack = case.component("xnnpack.wasm");
    let x = xnnpack.display().to_string();
    let x_sha = sha256_hex(&std::fs::read(&xnnpack).unwrap());
    let key = case.path("publisher").display().to_string();
    case.ok(["components", "keygen", &key]);
    case.ok(["components", "sign", &x, "--key", &format!("{key}.key")]);
    let publisher = std::fs::read_to_string(format!("{key}.pub"))
        .unwrap()
        .trim()
        .to_string();

    // Push (with its signature), then pull by tag: pinned to the manifest digest.
    let tagged = format!("{host}/plugboard/xnnpack:1.4.0");
    let out = case.ok(["components", "push", &x, &tagged]);
    assert!(out.contains("(with signature)"), "{out}");
    let out = case.ok(["components", "pull", &tagged]);
    let pinned = out.split_whitespace().next().unwrap().to_string();
    assert!(
        pinned.starts_with(&format!("oci://{host}/plugboard/xnnpack@sha256:")),
        "{out}"
    );
    assert!(
        out.contains(&x_sha) && out.contains("(with signature)"),
        "{out}"
    );
    let stored = case
        .path("home")
        .join("store")
        .join("sha256")
        .join(format!("{x_sha}.wasm"));
    assert_eq!(sha256_hex(&std::fs::read(&stored).unwrap()), x_sha);

    // Lock it by reference (with its signer) and run from the registry.
    let lock = case.path("plugboard.lock").display().to_string();
    let portable = case.component("portable.wasm").display().to_string();
    case.ok([
        "components",
        "lock",
        "--pin-signers",
        "-o",
        &lock,
        "--no-bundled",
        "--backend",
        &portable,
        "--add",
        &format!("oci://{tagged}"),
    ]);
    let text = std::fs::read_to_string(&lock).unwrap();
    assert!(text.contains(&format!("source = \"{pinned}\"")), "{text}");
    assert!(text.contains(&format!("sha256 = \"{x_sha}\"")), "{text}");
    assert!(
        text.contains(&format!("publisher-key = \"{publisher}\"")),
        "{text}"
    );
    let by_ref = [
        "--no-bundled",
        "--backend",
        &portable,
        "--backend",
        &pinned,
        "--locked",
        &lock,
    ];
    case.run_cnn(&by_ref);
    let by_tag = format!("oci://{tagged}");
    case.run_cnn(&[
        "--no-bundled",
        "--backend",
        &portable,
        "--backend",
        &by_tag,
        "--locked",
        &lock,
    ]);

    // The registry stops: a pinned reference still loads from the store; a tag is a
    // clear error.
    registry.stop();
    case.run_cnn(&by_ref);
    let err = case.fails(["components", "pull", &tagged]);
    assert!(
        err.contains(&format!("cannot reach registry {host}")),
        "{err}"
    );

    // A tampered blob in a registry: the pull is refused, nothing is stored or compiled.
    let registry = RegistryServer::start().unwrap();
    let host = registry.host();
    let tagged = format!("{host}/plugboard/xnnpack:1.4.0");
    let r = oci::OciReference::parse(&tagged).unwrap();
    let other = rebuilt(&std::fs::read(&xnnpack).unwrap());
    oci::push(&r, &other, None, &Default::default()).unwrap();
    let layer = format!("sha256:{}", sha256_hex(&other));
    let blob = registry.blob_path(&layer);
    let mut bytes = std::fs::read(&blob).unwrap();
    bytes[4096] ^= 0x5a;
    std::fs::write(&blob, &bytes).unwrap();
    let err = case.fails(["components", "pull", &tagged]);
    assert!(
        err.contains(&layer) && err.contains("bytes hash to"),
        "{err}"
    );
    let store = case.path("home").join("store").join("sha256");
    assert!(!store.join(format!("{}.wasm", sha256_hex(&other))).exists());
    assert!(!store.join(format!("{}.wasm", sha256_hex(&bytes))).exists());

    // A signature pushed with other bytes than it signs: refused at load, always.
    let forged = format!("{host}/plugboard/forged:1");
    let p_sig = {
        let p = case.component("portable.wasm").display().to_string();
        case.ok(["components", "sign", &p, "--key", &format!("{key}.key")]);
        std::fs::read(format!("{p}.sig")).unwrap()
    };
    oci::push(
        &oci::OciReference::parse(&forged).unwrap(),
        &std::fs::read(&xnnpack).unwrap(),
        Some(&p_sig),
        &Default::default(),
    )
    .unwrap();
    let err = case.fails([
        "backends",
        "--no-bundled",
        "--backend",
        &format!("oci://{forged}"),
    ]);
    assert!(
        err.contains("bad signature") && err.contains("is for sha256:"),
        "{err}"
    );
}
