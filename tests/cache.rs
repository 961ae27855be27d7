//! The compile cache's trust rules (`host/src/component/cache.rs`): every entry that
//! does not verify (swapped, truncated, junk, forged under a valid name, made with
//! another key) is recompiled and replaced, never loaded; a cache directory or key file
//! others can write is refused; concurrent fillers leave only whole, verifying entries;
//! the size cap evicts the least recently used entry.
//!
//! Each case uses its own cache directory and checks that the program still runs
//! correctly (against eager PyTorch's outputs) after the recompile.

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

use plugboard::component::cache::CacheKey;
use plugboard::registry::BUNDLED;
use plugboard::{Registry, SandboxConfig};
use plugboard_tests::{check_against_eager_in, fixtures, root, sandbox};

/// The two components the cases load (the others are not needed to run the fixture).
const USED: [&str; 2] = ["portable.wasm", "xnnpack.wasm"];

fn bytes_of(name: &str) -> &'static [u8] {
    BUNDLED
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, b)| *b)
        .expect("bundled component")
}

use plugboard::component::sha256;

/// A fresh, private cache directory under `target/` for one case.
fn fresh_dir(case: &str) -> PathBuf {
    let dir = root()
        .join("target")
        .join("cache-tests")
        .join(format!("{case}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("cache dir");
    std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o700)).expect("chmod");
    dir
}

fn config(dir: &Path) -> SandboxConfig {
    SandboxConfig {
        cache_dir: Some(dir.to_path_buf()),
        ..sandbox()
    }
}

/// A registry with the two used components, compiled or taken from the cache in `dir`.
fn load(dir: &Path) -> Registry {
    load_with(config(dir))
}

fn load_with(config: SandboxConfig) -> Registry {
    let mut r = Registry::new(config).expect("registry");
    for name in USED {
        r.load_bytes(&Path::new("<bundled>").join(name), bytes_of(name))
            .unwrap_or_else(|e| panic!("{name}: {e}"));
    }
    r
}

/// The cache entry of component `name` for the engine of `r`.
fn entry(r: &Registry, name: &str) -> PathBuf {
    let key: CacheKey = r.engine().cache_key(&sha256(bytes_of(name)));
    r.engine().cache().expect("cache in use").entry_path(&key)
}

/// Runs the XNNPACK fixture (its delegate on the XNNPACK backend, the rest on the
/// portable library) and compares with eager PyTorch.
fn runs_correctly(r: &Registry) {
    check_against_eager_in(r, &fixtures().join("cnn"), "cnn", "xnnpack", 1e-4);
    check_against_eager_in(r, &fixtures().join("add_mul"), "add_mul", "portable", 1e-5);
}

/// Fills `dir` and checks that a second engine takes both components from it.
fn fill(dir: &Path) -> Registry {
    let r = load(dir);
    assert_eq!(
        r.engine().compiled_count(),
        2,
        "a fresh cache compiles both"
    );
    let warm = load(dir);
    assert_eq!(
        warm.engine().compiled_count(),
        0,
        "a filled cache serves both"
    );
    assert_eq!(warm.engine().rejected_cache_entries(), 0);
    r
}

/// After tampering: the next engine rejects `rejected` entries, recompiles them, runs
/// correctly, and the one after that finds every entry valid again (replaced).
fn recovers(dir: &Path, rejected: usize) {
    let r = load(dir);
    assert_eq!(
        r.engine().rejected_cache_entries(),
        rejected,
        "entries rejected"
    );
    assert_eq!(r.engine().compiled_count(), rejected, "entries recompiled");
    runs_correctly(&r);
    let again = load(dir);
    assert_eq!(
        again.engine().rejected_cache_entries(),
        0,
        "entries replaced"
    );
    assert_eq!(again.engine().compiled_count(), 0);
    runs_correctly(&again);
}

#[test]
fn swapped_entries_are_recompiled_not_loaded() {
    let dir = fresh_dir("swapped");
    let r = fill(&dir);
    let (a, b) = (entry(&r, USED[0]), entry(&r, USED[1]));
    let tmp = dir.join("swap");
    std::fs::rename(&a, &tmp).unwrap();
    std::fs::rename(&b, &a).unwrap();
    std::fs::rename(&tmp, &b).unwrap();
    recovers(&dir, 2);
    // And the registry holds what each file is: the portable library is no backend.
    let r = load(&dir);
    let portable = &r.components()[0];
    assert!(
        portable.backend_ids.is_empty(),
        "{:?}",
        portable.backend_ids
    );
    assert!(!portable.operators.is_empty());
}

#[test]
fn truncated_and_junk_entries_are_recompiled() {
    let dir = fresh_dir("truncated");
    let r = fill(&dir);
    let a = entry(&r, USED[0]);
    let bytes = std::fs::read(&a).unwrap();
    std::fs::write(&a, &bytes[..bytes.len() / 2]).unwrap();
    let b = entry(&r, USED[1]);
    std::fs::write(&b, b"definitely not a compiled component").unwrap();
    recovers(&dir, 2);
    // A single flipped bit in the machine code.
    let mut bytes = std::fs::read(&a).unwrap();
    let mid = bytes.len() / 2;
    bytes[mid] ^= 0x40;
    std::fs::write(&a, &bytes).unwrap();
    recovers(&dir, 1);
}

#[test]
fn forged_entry_with_a_valid_name_is_recompiled() {
    let dir = fresh_dir("forged");
    let r = fill(&dir);
    // A real artifact, compiled by an engine of the same configuration, for another
    // component (the XNNPACK backend), written under the portable library's name with
    // the entry trailer and a tag its forger had to guess.
    let engine = r.engine().engine();
    let artifact = engine
        .precompile_component(bytes_of("xnnpack.wasm"))
        .unwrap();
    let mut forged = artifact.to_vec();
    forged.extend_from_slice(&[0x5a; 32]);
    forged.extend_from_slice(b"PBCWASM2");
    std::fs::write(entry(&r, "portable.wasm"), &forged).unwrap();
    recovers(&dir, 1);
    // The same with the tag of a valid entry (of the XNNPACK backend) copied over.
    let valid = std::fs::read(entry(&r, "xnnpack.wasm")).unwrap();
    std::fs::write(entry(&r, "portable.wasm"), &valid).unwrap();
    recovers(&dir, 1);
}

#[test]
fn entries_made_with_another_key_are_recompiled() {
    let dir = fresh_dir("wrong-key");
    fill(&dir);
    let key = dir.join("cache.key");
    let old = std::fs::read(&key).unwrap();
    assert_eq!(old.len(), 32);
    assert_eq!(
        std::fs::metadata(&key).unwrap().permissions().mode() & 0o777,
        0o600,
        "the key is created private"
    );
    let mut other = old.clone();
    other[0] ^= 1;
    std::fs::write(&key, &other).unwrap();
    recovers(&dir, 2);
}

#[test]
fn loose_permissions_refuse_the_cache() {
    // A directory other users can write: refused, components compiled, run correct.
    let dir = fresh_dir("loose-dir");
    fill(&dir);
    std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o777)).unwrap();
    let r = load(&dir);
    assert!(
        r.engine().cache().is_none(),
        "a world-writable cache is refused"
    );
    assert_eq!(r.engine().compiled_count(), 2, "compiled without the cache");
    runs_correctly(&r);
    std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o720)).unwrap();
    assert!(load(&dir).engine().cache().is_none(), "group-writable too");
    std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o700)).unwrap();
    assert!(load(&dir).engine().cache().is_some());

    // An entry others can write: rejected, recompiled and replaced by a private one.
    let r = load(&dir);
    let e = entry(&r, USED[0]);
    std::fs::set_permissions(&e, std::fs::Permissions::from_mode(0o666)).unwrap();
    recovers(&dir, 1);
    assert_eq!(
        std::fs::metadata(&e).unwrap().permissions().mode() & 0o777,
        0o600
    );

    // A key file others can read (they could forge entries): refused.
    let key = dir.join("cache.key");
    std::fs::set_permissions(&key, std::fs::Permissions::from_mode(0o644)).unwrap();
    let r = load(&dir);
    assert!(r.engine().cache().is_none(), "a readable key is refused");
    assert_eq!(r.engine().compiled_count(), 2);
    runs_correctly(&r);

    // A key that is a link to somebody else's file: refused.
    std::fs::remove_file(&key).unwrap();
    let elsewhere = dir.with_extension("key");
    std::fs::write(&elsewhere, [7u8; 32]).unwrap();
    std::fs::set_permissions(&elsewhere, std::fs::Permissions::from_mode(0o600)).unwrap();
    std::os::unix::fs::symlink(&elsewhere, &key).unwrap();
    assert!(
        load(&dir).engine().cache().is_none(),
        "a linked key is refused"
    );
    let _ = std::fs::remove_file(&elsewhere);

    // A directory above the cache that others can write (not sticky): refused.
    let parent = fresh_dir("loose-parent");
    let inner = parent.join("cache");
    std::fs::set_permissions(&parent, std::fs::Permissions::from_mode(0o777)).unwrap();
    assert!(load(&inner).engine().cache().is_none(), "a loose parent");
    // Sticky, like /tmp: accepted.
    std::fs::set_permissions(&parent, std::fs::Permissions::from_mode(0o1777)).unwrap();
    assert!(load(&inner).engine().cache().is_some(), "a sticky parent");
}

#[test]
fn concurrent_fillers_leave_whole_entries() {
    let dir = fresh_dir("concurrent");
    let files = fresh_dir("concurrent-components");
    let written = plugboard::registry::write_bundled(&files).unwrap();
    let wasm = |name: &str| written.iter().find(|p| p.ends_with(name)).unwrap().clone();
    // Two processes (the CLI) and three threads (each its own engine) fill one empty
    // cache with the same two components at once.
    let children: Vec<_> = (0..2)
        .map(|_| {
            std::process::Command::new(plugboard_tests::plugboard_bin())
                .args(["backends", "--no-bundled", "--backend"])
                .arg(wasm("portable.wasm"))
                .arg("--backend")
                .arg(wasm("xnnpack.wasm"))
                .env("PLUGBOARD_CACHE_DIR", &dir)
                .env_remove("PLUGBOARD_PATH")
                .stdout(std::process::Stdio::null())
                .spawn()
                .unwrap()
        })
        .collect();
    std::thread::scope(|s| {
        for _ in 0..3 {
            s.spawn(|| load(&dir));
        }
    });
    for mut c in children {
        assert!(c.wait().unwrap().success());
    }
    let names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert!(
        !names.iter().any(|n| n.starts_with(".tmp-")),
        "no temporary file left: {names:?}"
    );
    assert_eq!(
        names.iter().filter(|n| n.ends_with(".cwasm")).count(),
        2,
        "one entry per component: {names:?}"
    );
    let r = load(&dir);
    assert_eq!(
        r.engine().rejected_cache_entries(),
        0,
        "every entry verifies"
    );
    assert_eq!(r.engine().compiled_count(), 0, "every entry is served");
    runs_correctly(&r);
}

#[test]
fn size_cap_evicts_the_least_recently_used_entry() {
    let dir = fresh_dir("evict");
    let r = fill(&dir);
    let size = |p: PathBuf| std::fs::metadata(p).unwrap().len();
    // A third entry: the portable library compiled without epoch checks (another
    // engine configuration); its size, from a scratch cache.
    let no_deadline = |dir: &Path, cap: u64| SandboxConfig {
        call_deadline: None,
        cache_max_bytes: cap,
        ..config(dir)
    };
    let scratch = fresh_dir("evict-scratch");
    let mut s = Registry::new(no_deadline(&scratch, u64::MAX)).unwrap();
    s.load_bytes(
        Path::new("<bundled>/portable.wasm"),
        bytes_of("portable.wasm"),
    )
    .unwrap();
    let third = size(entry(&s, "portable.wasm"));
    // Use the portable entry after the XNNPACK one, so XNNPACK's is the least recently
    // used; then store the third under a cap with room for two of them.
    std::thread::sleep(std::time::Duration::from_millis(20));
    let mut touch = Registry::new(config(&dir)).unwrap();
    touch
        .load_bytes(
            Path::new("<bundled>/portable.wasm"),
            bytes_of("portable.wasm"),
        )
        .unwrap();
    assert_eq!(touch.engine().compiled_count(), 0);
    std::thread::sleep(std::time::Duration::from_millis(20));
    let cap = size(entry(&r, "portable.wasm")) + third + 1;
    let mut capped = Registry::new(no_deadline(&dir, cap)).unwrap();
    capped
        .load_bytes(
            Path::new("<bundled>/portable.wasm"),
            bytes_of("portable.wasm"),
        )
        .unwrap();
    assert!(
        entry(&capped, "portable.wasm").exists(),
        "the new entry is kept"
    );
    assert!(
        entry(&r, "portable.wasm").exists(),
        "the recently used entry is kept"
    );
    assert!(
        !entry(&r, "xnnpack.wasm").exists(),
        "the least recently used entry is evicted"
    );
    let total: u64 = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| e.ok())
        .filter(|e| e.path().extension().is_some_and(|x| x == "cwasm"))
        .map(|e| e.metadata().unwrap().len())
        .sum();
    assert!(total <= cap, "entries take {total} bytes, cap {cap}");
    // The evicted component compiles again and runs.
    let again = load(&dir);
    assert_eq!(again.engine().compiled_count(), 1);
    runs_correctly(&again);
}

#[test]
fn bundled_digests_are_the_bytes_digests() {
    // The build script's SHA-256 of each bundled component, which loading trusts, is
    // that of its bytes (hashed here by the sha2 crate).
    for ((name, bytes), digest) in BUNDLED.iter().zip(plugboard::registry::BUNDLED_SHA256) {
        assert_eq!(&sha256(bytes), digest, "{name}");
    }
}
