//! The live runtime: components loaded, replaced and unloaded while methods run. A
//! loaded method moves to a replacement at its next execute and still matches eager
//! PyTorch; a failing replacement changes nothing; an unloaded component stays with the
//! methods that use it; and under load (4 threads executing while another replaces the
//! XNNPACK backend and the portable library every 100 ms) no execute fails, mixes
//! versions or differs from eager.

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Weak};
use std::time::{Duration, Instant};

use plugboard::registry::{LoadOptions, BUNDLED};
use plugboard::{EValue, ErrorKind, LiveMethod, Program, Runtime, Tensor};
use plugboard_tests::{fixtures, max_abs_diff, pte, read_numbered, registry, test_component};

/// The bytes of bundled component `name` (`xnnpack.wasm`, `portable.wasm`).
fn bundled(name: &str) -> &'static [u8] {
    BUNDLED
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, b)| *b)
        .unwrap_or_else(|| panic!("{name} is bundled"))
}

fn leb128(mut v: usize, out: &mut Vec<u8>) {
    loop {
        let byte = (v & 0x7f) as u8;
        v >>= 7;
        if v == 0 {
            out.push(byte);
            return;
        }
        out.push(byte | 0x80);
    }
}

/// `bytes` (a component) with a custom section `plugboard-test-build` holding `tag`
/// appended: the same component, another SHA-256 (another "build").
fn with_custom_section(bytes: &[u8], tag: &str) -> Vec<u8> {
    let name = b"plugboard-test-build";
    let mut content = Vec::new();
    leb128(name.len(), &mut content);
    content.extend_from_slice(name);
    content.extend_from_slice(tag.as_bytes());
    let mut out = bytes.to_vec();
    out.push(0);
    leb128(content.len(), &mut out);
    out.extend_from_slice(&content);
    out
}

fn temp_dir(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("plugboard-runtime-{test}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

/// Writes bundled component `name` as build `tag` to `dir/<tag>-<name>`.
fn build_of(dir: &Path, name: &str, tag: &str) -> PathBuf {
    let path = dir.join(format!("{tag}-{name}"));
    std::fs::write(&path, with_custom_section(bundled(name), tag)).expect("write component");
    path
}

fn sha256_of(runtime: &Runtime, path: &Path) -> String {
    runtime
        .components()
        .into_iter()
        .find(|c| c.path == path)
        .unwrap_or_else(|| panic!("{} is loaded", path.display()))
        .sha256
}

/// A fixture program and its eager outputs.
struct Case {
    model: &'static str,
    variant: &'static str,
    inputs: Vec<Tensor>,
    expected: Vec<Tensor>,
}

impl Case {
    fn new(model: &'static str, variant: &'static str) -> Case {
        let dir = fixtures().join(model);
        Case {
            model,
            variant,
            inputs: read_numbered(&dir, "input"),
            expected: read_numbered(&dir, "expected"),
        }
    }

    fn load(&self, runtime: &Runtime) -> plugboard::Result<LiveMethod> {
        let program = Arc::new(Program::from_file(pte(self.model, self.variant))?);
        let mut m = runtime.load_method(program, "forward")?;
        for (i, t) in self.inputs.iter().enumerate() {
            m.set_input(i, EValue::Tensor(t.clone()))?;
        }
        Ok(m)
    }

    /// Sets the inputs (a run may overwrite memory-planned inputs), executes `m` once
    /// and compares its outputs with eager's (within `atol`).
    fn check(&self, m: &mut LiveMethod, atol: f64) -> Result<f64, String> {
        for (i, t) in self.inputs.iter().enumerate() {
            m.set_input(i, EValue::Tensor(t.clone()))
                .map_err(|e| format!("set input {i}: {e}"))?;
        }
        m.execute().map_err(|e| format!("execute: {e}"))?;
        let outputs = m.outputs().map_err(|e| format!("outputs: {e}"))?;
        if outputs.len() != self.expected.len() {
            return Err(format!(
                "{} outputs, expected {}",
                outputs.len(),
                self.expected.len()
            ));
        }
        let mut worst = 0f64;
        for (i, (o, e)) in outputs.iter().zip(&self.expected).enumerate() {
            let o = o.as_tensor().ok_or(format!("output {i} is not a tensor"))?;
            let d = max_abs_diff(o, e).map_err(|m| format!("output {i}: {m}"))?;
            if d > atol {
                return Err(format!("output {i}: max abs diff {d:e} > {atol:e}"));
            }
            worst = worst.max(d);
        }
        Ok(worst)
    }

    fn name(&self) -> String {
        format!("{}.{}", self.model, self.variant)
    }
}

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

    let v2 = test_component("plugboard_test_contract_v2");
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
            "plugboard:runtime@2.0.0",
        ),
        (
            "XnnpackBackend",
            v2,
            ErrorKind::DelegateInvalidCompatibility,
            "plugboard:runtime@2.0.0",
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

/// A method that cannot move keeps its old version, and says why: misbehave (loaded to
/// override `add.out` and `mul.out`) would split the portable tiny_transformer between
/// two kernel libraries, while add_mul moves to it entirely.
#[test]
fn method_that_cannot_move_keeps_its_version_and_reports_why() {
    let runtime = Runtime::new(registry());
    let transformer = Case::new("tiny_transformer", "portable");
    let add_mul = Case::new("add_mul", "portable");
    let mut t = transformer.load(&runtime).expect("load");
    let mut a = add_mul.load(&runtime).expect("load");
    transformer.check(&mut t, 1e-4).expect("portable");
    let used = t.components();
    let misbehave = runtime
        .load_component_with(
            &test_component("plugboard_test_misbehave"),
            LoadOptions {
                override_operators: true,
            },
        )
        .expect("override");
    transformer.check(&mut t, 1e-4).expect("still on portable");
    assert_eq!(t.components(), used);
    let e = t.last_move_error().expect("the failed move is reported");
    println!("{e}");
    assert_eq!(e.kind, ErrorKind::NotSupported, "{e}");
    assert!(e.to_string().contains("two kernel libraries"), "{e}");
    add_mul
        .check(&mut a, 1e-5)
        .expect("add_mul on misbehave (honest input)");
    assert_eq!(a.components(), vec![misbehave]);
    // The next change that lets it move clears the report.
    runtime
        .unload_component("plugboard_test_misbehave.wasm")
        .expect("unload");
    transformer.check(&mut t, 1e-4).expect("portable");
    assert_eq!(t.components(), used);
    assert!(t.last_move_error().is_none(), "{:?}", t.last_move_error());
}

#[derive(Default)]
struct Stats {
    executes: u64,
    /// The longest execute (with its move, when it moved).
    longest: Duration,
    failures: Vec<String>,
    seen: HashSet<String>,
}

/// Executes `m` until `stop`, checking every output and that each execute ran on
/// exactly one build of each component (from `builds`: sha256 -> family).
fn hammer(
    case: &Case,
    m: &mut LiveMethod,
    stop: &AtomicBool,
    builds: &[(String, &'static str)],
) -> Stats {
    let mut s = Stats::default();
    while !stop.load(Ordering::Relaxed) {
        s.executes += 1;
        let t = Instant::now();
        let checked = case.check(m, 1e-4);
        s.longest = s.longest.max(t.elapsed());
        if let Err(e) = checked {
            s.failures.push(format!("{}: {e}", case.name()));
            continue;
        }
        let mut families = Vec::new();
        for c in m.components() {
            match builds.iter().find(|(sha, _)| *sha == c.sha256) {
                Some((_, family)) => families.push(*family),
                None => s.failures.push(format!(
                    "{}: unknown build {}",
                    case.name(),
                    c.path.display()
                )),
            }
            s.seen.insert(c.sha256);
        }
        let n = families.len();
        families.sort();
        families.dedup();
        if families.len() != n {
            s.failures.push(format!(
                "{}: two builds of one component: {:?}",
                case.name(),
                m.components()
            ));
        }
    }
    s
}

fn run_phase(
    cases: &[Case],
    methods: &mut [LiveMethod],
    builds: &[(String, &'static str)],
    seconds: f64,
    swap: Option<&(dyn Fn(usize) + Sync)>,
) -> (Vec<Stats>, f64, usize) {
    let stop = AtomicBool::new(false);
    let start = Instant::now();
    let mut swaps = 0;
    let stats = std::thread::scope(|scope| {
        let handles: Vec<_> = cases
            .iter()
            .zip(methods.iter_mut())
            .map(|(case, m)| {
                let stop = &stop;
                scope.spawn(move || hammer(case, m, stop, builds))
            })
            .collect();
        while start.elapsed().as_secs_f64() < seconds {
            std::thread::sleep(Duration::from_millis(100));
            if let Some(swap) = swap {
                swap(swaps);
                swaps += 1;
            }
        }
        stop.store(true, Ordering::Relaxed);
        handles
            .into_iter()
            .map(|h| h.join().expect("worker"))
            .collect::<Vec<_>>()
    });
    (stats, start.elapsed().as_secs_f64(), swaps)
}

#[test]
fn hot_swap_under_load() {
    let dir = temp_dir("hotswap");
    let xa = build_of(&dir, "xnnpack.wasm", "a");
    let xb = build_of(&dir, "xnnpack.wasm", "b");
    let pa = build_of(&dir, "portable.wasm", "a");
    let pb = build_of(&dir, "portable.wasm", "b");
    let runtime = Runtime::new(registry());
    runtime
        .replace_component("XnnpackBackend", &xa)
        .expect("xnnpack build a");
    runtime
        .replace_component("<bundled>/portable.wasm", &pa)
        .expect("portable build a");
    let builds: Vec<(String, &'static str)> = vec![
        (sha256_of(&runtime, &xa), "xnnpack"),
        (sha256_of(&runtime, &pa), "portable"),
    ];
    // Build b joins the known builds once loaded: compile it (and warm the cache) first.
    let probe = Runtime::new(registry());
    probe
        .replace_component("XnnpackBackend", &xb)
        .expect("xnnpack build b");
    probe
        .replace_component("<bundled>/portable.wasm", &pb)
        .expect("portable build b");
    let mut builds = builds;
    builds.push((sha256_of(&probe, &xb), "xnnpack"));
    builds.push((sha256_of(&probe, &pb), "portable"));
    drop(probe);

    let cases = vec![
        Case::new("add_mul", "portable"),
        Case::new("cnn", "portable"),
        Case::new("add_mul", "xnnpack"),
        Case::new("cnn", "xnnpack"),
    ];
    let mut methods: Vec<LiveMethod> = cases
        .iter()
        .map(|c| {
            c.load(&runtime)
                .unwrap_or_else(|e| panic!("{}: {e}", c.name()))
        })
        .collect();

    let (calm, calm_s, _) = run_phase(&cases, &mut methods, &builds, 1.5, None);
    let calm_n: u64 = calm.iter().map(|s| s.executes).sum();

    let swap_errors = std::sync::Mutex::new(Vec::<String>::new());
    let swap = |i: usize| {
        let (x_to, p_from, p_to) = if i.is_multiple_of(2) {
            (&xb, &pa, &pb)
        } else {
            (&xa, &pb, &pa)
        };
        let p_from = p_from.display().to_string();
        for r in [
            runtime.replace_component("XnnpackBackend", x_to),
            runtime.replace_component(&p_from, p_to),
        ] {
            if let Err(e) = r {
                swap_errors
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .push(e.to_string());
            }
        }
    };
    let (hot, hot_s, swaps) = run_phase(&cases, &mut methods, &builds, 3.0, Some(&swap));
    let hot_n: u64 = hot.iter().map(|s| s.executes).sum();

    println!(
        "without swapping: {calm_n} executes in {calm_s:.2} s = {:.0}/s; with swapping ({swaps} rounds, {} replacements): {hot_n} executes in {hot_s:.2} s = {:.0}/s",
        calm_n as f64 / calm_s,
        2 * swaps,
        hot_n as f64 / hot_s
    );
    for (((case, s), c), m) in cases.iter().zip(&hot).zip(&calm).zip(&methods) {
        println!(
            "  {}: {} executes ({:.0}/s without swapping), {} moves, {} failures, longest execute {:.2} ms ({:.2} ms without swapping)",
            case.name(),
            s.executes,
            c.executes as f64 / calm_s,
            m.moves(),
            s.failures.len(),
            s.longest.as_secs_f64() * 1e3,
            c.longest.as_secs_f64() * 1e3,
        );
    }
    let failures: Vec<&String> = calm.iter().chain(&hot).flat_map(|s| &s.failures).collect();
    assert!(
        failures.is_empty(),
        "{} failures, first: {:?}",
        failures.len(),
        &failures[..failures.len().min(5)]
    );
    let swap_errors = swap_errors.into_inner().unwrap_or_else(|e| e.into_inner());
    assert!(swap_errors.is_empty(), "{swap_errors:?}");
    assert!(swaps >= 10, "only {swaps} swap rounds");
    for ((case, s), m) in cases.iter().zip(&hot).zip(&methods) {
        assert!(s.executes > 0, "{} never ran", case.name());
        assert!(
            m.last_move_error().is_none(),
            "{}: {:?}",
            case.name(),
            m.last_move_error()
        );
        // Every method uses one family; it must have run on both of its builds.
        let family = if case.variant == "xnnpack" {
            "xnnpack"
        } else {
            "portable"
        };
        for (sha, f) in &builds {
            if *f == family {
                assert!(
                    s.seen.contains(sha),
                    "{} never ran on build {sha}",
                    case.name()
                );
            }
        }
    }
}
