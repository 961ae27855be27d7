//! The live runtime: components loaded, replaced and unloaded while methods run. A
//! loaded method moves to a replacement at its next execute and still matches eager
//! PyTorch; a failing replacement changes nothing; an unloaded component stays with the
//! methods that use it; a method whose delegate cannot initialize on a replacement keeps
//! its old version; a replacement that compiles slowly does not stall executes; and
//! under load (4 threads executing for 10 s while another replaces the XNNPACK backend
//! and the portable library every 100 ms, tries replacements that must fail, and loads
//! and unloads an unrelated component) no execute fails, mixes versions or differs from
//! eager, and replaced versions are freed.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Weak};
use std::time::{Duration, Instant};

use plugboard::{ErrorKind, Runtime};
use plugboard_tests::hotswap::{build_of, bundled, scenario, sha256_of, temp_dir, Case};
use plugboard_tests::{registry, test_component};

#[test]
fn replaced_backend_serves_loaded_methods_at_their_next_execute() {
    let dir = temp_dir("replace");
    let a = build_of(&dir, "xnnpack.wasm", "a");
    let b = build_of(&dir, "xnnpack.wasm", "b");
    let runtime = Runtime::new(registry());
    let xnnpack = Case::new("add_mul", "xnnpack");
    let portable = Case::new("add_mul", "portable");
    let mut m = xnnpack.load(&runtime).expect("load");
    let mut p = portable.load(&runtime).expect("load");
    xnnpack.check(&mut m, 1e-4).expect("bundled XNNPACK");
    portable.check(&mut p, 1e-5).expect("portable");
    let first = m.components();
    assert_eq!(first.len(), 1, "{first:?}");
    assert_eq!(first[0].path, Path::new("<bundled>/xnnpack.wasm"));
    let bundled_info: Weak<_> = Arc::downgrade(
        &runtime
            .registry()
            .backend("XnnpackBackend")
            .expect("registered")
            .info,
    );

    let va = runtime
        .replace_component("XnnpackBackend", &a)
        .expect("replace with build a");
    assert_eq!(va.path, a);
    assert_ne!(
        va.sha256, first[0].sha256,
        "a custom section changes the digest"
    );
    assert_eq!(runtime.generation(), 1);
    // Not yet moved: the method moves at its next execute.
    assert_eq!(m.components(), first);
    let d = xnnpack.check(&mut m, 1e-4).expect("build a");
    println!("after replace: {:?}, max abs diff {d:.3e}", m.components());
    assert_eq!(m.components(), vec![va.clone()]);
    assert_eq!(m.moves(), 1);
    assert!(m.last_move_error().is_none());
    // The old version is freed: no snapshot and no method holds it any more.
    assert!(
        bundled_info.upgrade().is_none(),
        "the bundled XNNPACK is still alive"
    );
    // The portable method does not use XNNPACK and stays where it is.
    portable.check(&mut p, 1e-5).expect("portable");
    assert_eq!(p.moves(), 0);

    // New methods load on build a; replacing by file name moves everyone to build b.
    let mut fresh = xnnpack.load(&runtime).expect("load on build a");
    assert_eq!(fresh.components(), vec![va.clone()]);
    let vb = runtime
        .replace_component("a-xnnpack.wasm", &b)
        .expect("replace by file name");
    for method in [&mut m, &mut fresh] {
        xnnpack.check(method, 1e-4).expect("build b");
        assert_eq!(method.components(), vec![vb.clone()]);
    }
    assert_eq!(sha256_of(&runtime, &b), vb.sha256);
}

#[test]
fn failed_replacement_changes_nothing() {
    let dir = temp_dir("failed");
    let corrupt = dir.join("corrupt.wasm");
    let mut bytes = bundled("xnnpack.wasm").to_vec();
    bytes.truncate(bytes.len() / 2);
    std::fs::write(&corrupt, &bytes).expect("write");
    let runtime = Runtime::new(registry());
    let case = Case::new("cnn", "xnnpack");
    let mut m = case.load(&runtime).expect("load");
    case.check(&mut m, 1e-4).expect("bundled");
    let before = runtime.components();
    let used = m.components();

    let v2 = plugboard_tests::component_of_version("3.0.0");
    let attempts: Vec<(&str, PathBuf, ErrorKind, &str)> = vec![
        (
            "XnnpackBackend",
            corrupt.clone(),
            ErrorKind::DelegateInvalidCompatibility,
            "not a valid WebAssembly component",
        ),
        (
            "XnnpackBackend",
            dir.join("missing.wasm"),
            ErrorKind::AccessFailed,
            "cannot read component",
        ),
        (
            "<bundled>/portable.wasm",
            v2.clone(),
            ErrorKind::DelegateInvalidCompatibility,
            "plugboard:runtime@3.0.0",
        ),
        (
            "XnnpackBackend",
            v2,
            ErrorKind::DelegateInvalidCompatibility,
            "plugboard:runtime@3.0.0",
        ),
        // A kernel library cannot stand in for a backend (it lacks `backend-interface`).
        (
            "XnnpackBackend",
            dir.join("portable.wasm"),
            ErrorKind::DelegateInvalidCompatibility,
            "is a backend, the replacement is a kernel library",
        ),
        (
            "NoSuchBackend",
            corrupt,
            ErrorKind::NotFound,
            "no loaded component is NoSuchBackend",
        ),
    ];
    std::fs::write(dir.join("portable.wasm"), bundled("portable.wasm")).expect("write");
    for (old, new, kind, words) in attempts {
        let e = runtime
            .replace_component(old, &new)
            .expect_err("the replacement must fail");
        let msg = e.to_string();
        println!("{old} <- {}: {msg}", new.display());
        assert_eq!(e.kind, kind, "{msg}");
        assert!(msg.contains(words), "{msg}");
        if kind != ErrorKind::NotFound && kind != ErrorKind::AccessFailed {
            assert!(msg.contains("it keeps serving"), "{msg}");
        }
        assert_eq!(runtime.generation(), 0, "nothing changed");
        assert_eq!(runtime.components(), before);
        case.check(&mut m, 1e-4)
            .expect("the old version keeps serving");
        assert_eq!(m.components(), used);
        assert_eq!(m.moves(), 0);
    }
}

#[test]
fn unloaded_component_stays_with_the_methods_using_it() {
    let dir = temp_dir("unload");
    let a = build_of(&dir, "xnnpack.wasm", "a");
    let runtime = Runtime::new(registry());
    let case = Case::new("add_mul", "xnnpack");
    let mut m = case.load(&runtime).expect("load");
    case.check(&mut m, 1e-4).expect("bundled");
    let used = m.components();
    let gone = runtime.unload_component("XnnpackBackend").expect("unload");
    assert_eq!(vec![gone], used);
    let e = case.load(&runtime).expect_err("new loads no longer see it");
    println!("{e}");
    assert_eq!(e.kind, ErrorKind::NotFound);
    assert!(
        e.to_string().contains("XnnpackBackend is not registered"),
        "{e}"
    );
    for _ in 0..3 {
        case.check(&mut m, 1e-4)
            .expect("the method keeps its instances");
    }
    assert_eq!(m.components(), used);
    assert!(
        m.last_move_error().is_none(),
        "unloading is not a failed move"
    );
    // Loading another build serves new methods and moves the old one to it.
    let va = runtime.load_component(&a).expect("load build a");
    case.check(&mut m, 1e-4).expect("build a");
    assert_eq!(m.components(), vec![va.clone()]);
    let mut fresh = case.load(&runtime).expect("load on build a");
    case.check(&mut fresh, 1e-4).expect("build a");
    assert_eq!(fresh.components(), vec![va]);
}

/// A method that cannot move keeps its old version, and says why: `init-fails`
/// registers `XnnpackBackend` and refuses every delegate at `init`, so the XNNPACK
/// method stays on the bundled backend (and keeps matching eager), while new loads of
/// XNNPACK programs fail with the backend's own words.
#[test]
fn method_that_cannot_move_keeps_its_version_and_reports_why() {
    let runtime = Runtime::new(registry());
    let cnn = Case::new("cnn", "xnnpack");
    let mut m = cnn.load(&runtime).expect("load");
    cnn.check(&mut m, 1e-4).expect("bundled xnnpack");
    let used = m.components();
    let fails = test_component("plugboard_test_init_fails");
    runtime
        .replace_component("XnnpackBackend", &fails)
        .expect("init-fails loads and instantiates like any component");
    cnn.check(&mut m, 1e-4)
        .expect("still on the bundled backend");
    assert_eq!(m.components(), used);
    assert_eq!(m.moves(), 0);
    let e = m.last_move_error().expect("the failed move is reported");
    println!("{e}");
    assert_eq!(e.kind, ErrorKind::DelegateInvalidCompatibility, "{e}");
    let msg = e.to_string();
    assert!(msg.contains("init-fails: this build refuses"), "{msg}");
    assert!(msg.contains("XnnpackBackend"), "{msg}");
    assert!(msg.contains("plugboard_test_init_fails.wasm"), "{msg}");
    // New loads resolve to init-fails, and fail the same way.
    let e = cnn
        .load(&runtime)
        .expect_err("a new load initializes on init-fails");
    assert_eq!(e.kind, ErrorKind::DelegateInvalidCompatibility, "{e}");
    // Replacing it by a good build lets the method move, and clears the report.
    let dir = temp_dir("cannot-move");
    let good = build_of(&dir, "xnnpack.wasm", "good");
    runtime
        .replace_component("XnnpackBackend", &good)
        .expect("a good build");
    cnn.check(&mut m, 1e-4).expect("on the good build");
    assert_eq!(m.moves(), 1);
    assert!(m.last_move_error().is_none(), "{:?}", m.last_move_error());
    assert_eq!(m.components()[0].path, good);
}

/// A replacement that takes long to compile (a build never seen, so the compile cache
/// misses) does not stall executes on the old version: they go on while it compiles.
#[test]
fn slow_compile_does_not_stall_executes() {
    let dir = temp_dir("slow-compile");
    // A tag no cache has seen: this build compiles from scratch.
    let tag = format!(
        "uncached-{}-{}",
        std::process::id(),
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos())
    );
    let fresh = build_of(&dir, "xnnpack.wasm", &tag);
    let runtime = Runtime::new(registry());
    let cases = [
        Case::new("add_mul", "xnnpack"),
        Case::new("cnn", "portable"),
    ];
    let mut methods: Vec<_> = cases
        .iter()
        .map(|c| c.load(&runtime).expect("load"))
        .collect();
    for (c, m) in cases.iter().zip(methods.iter_mut()) {
        c.check(m, 1e-4).expect("warm");
    }
    let replacing = AtomicBool::new(true);
    let (compile, stats) = std::thread::scope(|scope| {
        let workers: Vec<_> = cases
            .iter()
            .zip(methods.iter_mut())
            .map(|(c, m)| {
                let replacing = &replacing;
                scope.spawn(move || {
                    let (mut n, mut longest) = (0u64, Duration::ZERO);
                    while replacing.load(Ordering::Relaxed) {
                        let t = Instant::now();
                        c.check(m, 1e-4).expect("execute during the replacement");
                        longest = longest.max(t.elapsed());
                        n += 1;
                    }
                    (n, longest)
                })
            })
            .collect();
        let t = Instant::now();
        runtime
            .replace_component("XnnpackBackend", &fresh)
            .expect("replace");
        let compile = t.elapsed();
        replacing.store(false, Ordering::Relaxed);
        let stats: Vec<_> = workers
            .into_iter()
            .map(|w| w.join().expect("worker"))
            .collect();
        (compile, stats)
    });
    for (c, (n, longest)) in cases.iter().zip(&stats) {
        println!(
            "{}: {n} executes during the {:.0} ms replacement, longest {:.2} ms",
            c.name(),
            compile.as_secs_f64() * 1e3,
            longest.as_secs_f64() * 1e3
        );
        assert!(*n > 0, "{} never ran during the replacement", c.name());
        assert!(
            *longest < compile / 2,
            "{}: an execute took {longest:?} of the {compile:?} replacement",
            c.name()
        );
    }
    // The moved method runs on the new build afterwards.
    cases[0]
        .check(&mut methods[0], 1e-4)
        .expect("on the new build");
    assert_eq!(methods[0].components()[0].path, fresh);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Seconds of swapping in [`hot_swap_under_load`] (the acceptance's 10 s by default;
/// `PLUGBOARD_HOTSWAP_SECONDS` changes it).
fn hot_seconds() -> f64 {
    std::env::var("PLUGBOARD_HOTSWAP_SECONDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(10.0)
}

#[test]
fn hot_swap_under_load() {
    let r = scenario(1.5, hot_seconds());
    let calm_n: u64 = r.calm.iter().map(|s| s.executes).sum();
    let hot_n: u64 = r.hot.iter().map(|s| s.executes).sum();
    let mib = |b: Option<u64>| {
        b.map_or("?".to_string(), |b| {
            format!("{:.1}", b as f64 / (1 << 20) as f64)
        })
    };
    println!(
        "without swapping: {calm_n} executes in {:.2} s = {:.0}/s; swapping ({} rounds: {} replacements, {} refused, {} loads/unloads): {hot_n} executes in {:.2} s = {:.0}/s",
        r.calm_seconds,
        calm_n as f64 / r.calm_seconds,
        r.rounds,
        r.replacements,
        r.refused,
        r.loads_unloads,
        r.hot_seconds,
        hot_n as f64 / r.hot_seconds
    );
    println!(
        "resident memory: {} MiB after the calm phase, {} MiB when the swaps stopped, {} MiB once every method moved to the final versions",
        mib(r.rss_calm),
        mib(r.rss_hot_end),
        mib(r.rss_settled)
    );
    let failures: Vec<&String> = r
        .calm
        .iter()
        .chain(&r.hot)
        .flat_map(|s| &s.failures)
        .collect();
    assert!(
        failures.is_empty(),
        "{} failures, first: {:?}",
        failures.len(),
        &failures[..failures.len().min(5)]
    );
    assert!(r.swap_errors.is_empty(), "{:?}", r.swap_errors);
    assert!(r.move_errors.is_empty(), "{:?}", r.move_errors);
    assert!(r.rounds >= 10, "only {} swap rounds", r.rounds);
    assert_eq!(r.replacements, 2 * r.rounds);
    assert_eq!(r.refused, 3 * r.rounds);
    assert_eq!(r.loads_unloads, r.rounds);
    for ((case, s), moves) in r.cases.iter().zip(&r.hot).zip(&r.moves) {
        assert!(s.executes > 0, "{} never ran", case.name());
        assert!(*moves > 0, "{} never moved", case.name());
        // Every method uses one family; it must have run on both of its builds.
        let family = if case.variant == "xnnpack" {
            "xnnpack"
        } else {
            "portable"
        };
        for (sha, f) in &r.builds {
            if *f == family {
                assert!(
                    s.seen.contains(sha),
                    "{} never ran on build {sha}",
                    case.name()
                );
            }
        }
    }
    // Old instances are freed: no version the runtime let go of is still alive, and
    // memory is back near its level before the swaps.
    assert!(
        r.leaked_versions.is_empty(),
        "still alive: {:?}",
        r.leaked_versions
    );
    if let (Some(calm), Some(settled)) = (r.rss_calm, r.rss_settled) {
        let grown = settled.saturating_sub(calm);
        assert!(
            grown < 64 << 20,
            "resident memory grew by {:.1} MiB over the swaps",
            grown as f64 / (1 << 20) as f64
        );
    }
}
