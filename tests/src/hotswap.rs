//! The hot-swap scenario shared by `tests/runtime.rs` (which asserts on it) and the
//! `hotswap` bench (which prints its table): threads executing loaded methods in a
//! loop, checked against eager PyTorch, while another thread replaces components
//! between two builds, tries replacements that must fail, and loads and unloads an
//! unrelated component.

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, Weak};
use std::time::{Duration, Instant};

use plugboard::component::ComponentInfo;
use plugboard::registry::BUNDLED;
use plugboard::{EValue, LiveMethod, Program, Runtime, Tensor};

use crate::{fixtures, max_abs_diff, pte, read_numbered, registry, test_component};

/// The bytes of bundled component `name` (`xnnpack.wasm`, `portable.wasm`).
pub fn bundled(name: &str) -> &'static [u8] {
    BUNDLED
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, b)| *b)
        .unwrap_or_else(|| panic!("{name} is bundled"))
}

pub fn leb128(mut v: usize, out: &mut Vec<u8>) {
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
pub fn with_custom_section(bytes: &[u8], tag: &str) -> Vec<u8> {
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

pub fn temp_dir(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("plugboard-runtime-{test}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

/// Writes bundled component `name` as build `tag` to `dir/<tag>-<name>`.
pub fn build_of(dir: &Path, name: &str, tag: &str) -> PathBuf {
    let path = dir.join(format!("{tag}-{name}"));
    std::fs::write(&path, with_custom_section(bundled(name), tag)).expect("write component");
    path
}

pub fn sha256_of(runtime: &Runtime, path: &Path) -> String {
    runtime
        .components()
        .into_iter()
        .find(|c| c.path == path)
        .unwrap_or_else(|| panic!("{} is loaded", path.display()))
        .sha256
}

/// A fixture program and its eager outputs.
pub struct Case {
    pub model: &'static str,
    pub variant: &'static str,
    pub inputs: Vec<Tensor>,
    pub expected: Vec<Tensor>,
}

impl Case {
    pub fn new(model: &'static str, variant: &'static str) -> Case {
        let dir = fixtures().join(model);
        Case {
            model,
            variant,
            inputs: read_numbered(&dir, "input"),
            expected: read_numbered(&dir, "expected"),
        }
    }

    pub fn load(&self, runtime: &Runtime) -> plugboard::Result<LiveMethod> {
        let program = Arc::new(Program::from_file(pte(self.model, self.variant))?);
        let mut m = runtime.load_method(program, "forward")?;
        for (i, t) in self.inputs.iter().enumerate() {
            m.set_input(i, EValue::Tensor(t.clone()))?;
        }
        Ok(m)
    }

    /// Sets the inputs (a run may overwrite memory-planned inputs), executes `m` once
    /// and compares its outputs with eager's (within `atol`).
    pub fn check(&self, m: &mut LiveMethod, atol: f64) -> Result<f64, String> {
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

    pub fn name(&self) -> String {
        format!("{}.{}", self.model, self.variant)
    }
}

#[derive(Default)]
pub struct Stats {
    /// Executes run.
    pub executes: u64,
    /// The longest execute (with its move, when it moved).
    pub longest: Duration,
    /// What went wrong, one line per failed execute or check.
    pub failures: Vec<String>,
    /// SHA-256 of every component build an execute ran on.
    pub seen: HashSet<String>,
}

/// Executes `m` until `stop`, checking every output and that each execute ran on
/// exactly one build of each component (from `builds`: sha256 -> family).
pub fn hammer(
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

pub fn run_phase(
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
        // Rounds start every 100 ms (at once when the previous one took longer).
        let mut tick = 0u32;
        while start.elapsed().as_secs_f64() < seconds {
            tick += 1;
            let at = start + Duration::from_millis(100) * tick;
            std::thread::sleep(at.saturating_duration_since(Instant::now()));
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

/// Resident memory of this process in bytes (Linux `/proc/self/statm`), if known.
pub fn rss_bytes() -> Option<u64> {
    let statm = std::fs::read_to_string("/proc/self/statm").ok()?;
    let pages: u64 = statm.split_whitespace().nth(1)?.parse().ok()?;
    Some(pages * 4096)
}

/// What one run of [`scenario`] measured.
pub struct Report {
    /// The programs, one thread each.
    pub cases: Vec<Case>,
    /// Per case, while nothing changed.
    pub calm: Vec<Stats>,
    pub calm_seconds: f64,
    /// Per case, while components were swapped.
    pub hot: Vec<Stats>,
    pub hot_seconds: f64,
    /// Swap rounds (one every 100 ms).
    pub rounds: usize,
    /// Successful replacements.
    pub replacements: usize,
    /// Replacements that were meant to fail, and did.
    pub refused: usize,
    /// Loads plus unloads of the unrelated component.
    pub loads_unloads: usize,
    /// Errors from changes that should have worked, and replacements that should have
    /// failed but did not.
    pub swap_errors: Vec<String>,
    /// Moves per case's method.
    pub moves: Vec<u64>,
    /// The methods' move errors after the run (none expected).
    pub move_errors: Vec<String>,
    /// Resident memory after the calm phase, at the end of the swaps, and once every
    /// method has executed again on the final versions.
    pub rss_calm: Option<u64>,
    pub rss_hot_end: Option<u64>,
    pub rss_settled: Option<u64>,
    /// Component versions loaded during the run that are still alive although the
    /// runtime no longer has them (their instances were not freed).
    pub leaked_versions: Vec<String>,
    /// The builds (sha256, family) an execute may run on.
    pub builds: Vec<(String, &'static str)>,
}

/// Keeps a weak reference to every component version the runtime has had.
#[derive(Default)]
struct Versions(Vec<(Weak<ComponentInfo>, String)>);

impl Versions {
    fn record(&mut self, runtime: &Runtime) {
        for c in runtime.registry().components() {
            if !self
                .0
                .iter()
                .any(|(w, _)| w.as_ptr() == Arc::as_ptr(&c.info))
            {
                let name = format!("{} ({})", c.info.path.display(), &c.info.sha256_hex()[..12]);
                self.0.push((Arc::downgrade(&c.info), name));
            }
        }
    }

    /// Versions alive that `runtime` no longer has.
    fn leaked(&self, runtime: &Runtime) -> Vec<String> {
        let current = runtime.registry();
        self.0
            .iter()
            .filter_map(|(w, name)| {
                let alive = w.upgrade()?;
                let held = current
                    .components()
                    .iter()
                    .any(|c| Arc::ptr_eq(&c.info, &alive));
                (!held).then(|| name.clone())
            })
            .collect()
    }
}

/// Runs the hot-swap scenario: four threads execute `add_mul` and `cnn` (portable and
/// XNNPACK), each its own loaded method, checked against eager every time; first for
/// `calm_seconds` with nothing changing, then for `hot_seconds` while this thread, every
/// 100 ms, replaces the XNNPACK backend and the portable library by the other of two
/// builds (same code, another SHA-256), tries three replacements that must fail (a
/// corrupt file, a component of contract 3.0.0, a kernel library in place of a
/// backend), and loads or unloads an unrelated kernel library (the custom-ops example).
pub fn scenario(calm_seconds: f64, hot_seconds: f64) -> Report {
    let dir = temp_dir("scenario");
    let xa = build_of(&dir, "xnnpack.wasm", "a");
    let xb = build_of(&dir, "xnnpack.wasm", "b");
    let pa = build_of(&dir, "portable.wasm", "a");
    let pb = build_of(&dir, "portable.wasm", "b");
    let corrupt = dir.join("corrupt.wasm");
    let bytes = bundled("xnnpack.wasm");
    std::fs::write(&corrupt, &bytes[..bytes.len() / 2]).expect("write");
    let v2 = crate::component_of_version("3.0.0");
    let kernel_library = dir.join("portable-as-backend.wasm");
    std::fs::write(&kernel_library, bundled("portable.wasm")).expect("write");
    let unrelated = test_component("plugboard_example_custom_ops");

    // A runtime on builds (xnnpack, portable), and those builds' (sha256, family).
    let on_builds = |x: &Path, p: &Path| {
        let rt = Runtime::new(registry());
        rt.replace_component("XnnpackBackend", x)
            .expect("xnnpack build");
        rt.replace_component("<bundled>/portable.wasm", p)
            .expect("portable build");
        let shas = [
            (sha256_of(&rt, x), "xnnpack"),
            (sha256_of(&rt, p), "portable"),
        ];
        (rt, shas)
    };
    let (runtime, a) = on_builds(&xa, &pa);
    // Build b joins the known builds once loaded: compile it (and warm the cache) first.
    let (probe, b) = on_builds(&xb, &pb);
    probe.load_component(&unrelated).expect("custom-ops");
    drop(probe);
    let builds: Vec<(String, &'static str)> = a.into_iter().chain(b).collect();

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
    let versions = Mutex::new(Versions::default());
    versions.lock().expect("versions").record(&runtime);

    let (calm, calm_seconds, _) = run_phase(&cases, &mut methods, &builds, calm_seconds, None);
    let rss_calm = rss_bytes();

    let swap_errors = Mutex::new(Vec::<String>::new());
    let counts = Mutex::new((0usize, 0usize, 0usize));
    let swap = |i: usize| {
        let (x_to, p_from, p_to) = if i.is_multiple_of(2) {
            (&xb, &pa, &pb)
        } else {
            (&xa, &pb, &pa)
        };
        let mut errors = swap_errors.lock().unwrap_or_else(|e| e.into_inner());
        let mut counts = counts.lock().unwrap_or_else(|e| e.into_inner());
        let p_from = p_from.display().to_string();
        for r in [
            runtime.replace_component("XnnpackBackend", x_to),
            runtime.replace_component(&p_from, p_to),
        ] {
            match r {
                Ok(_) => counts.0 += 1,
                Err(e) => errors.push(e.to_string()),
            }
        }
        for (old, bad) in [
            ("XnnpackBackend", &corrupt),
            (p_to.to_str().unwrap_or_default(), &v2),
            ("XnnpackBackend", &kernel_library),
        ] {
            match runtime.replace_component(old, bad) {
                Ok(_) => errors.push(format!("replacing {old} by {} worked", bad.display())),
                Err(_) => counts.1 += 1,
            }
        }
        let r = if i.is_multiple_of(2) {
            runtime.load_component(&unrelated).map(|_| ())
        } else {
            runtime
                .unload_component("plugboard_example_custom_ops.wasm")
                .map(|_| ())
        };
        match r {
            Ok(()) => counts.2 += 1,
            Err(e) => errors.push(e.to_string()),
        }
        versions
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .record(&runtime);
    };
    let (hot, hot_seconds, rounds) =
        run_phase(&cases, &mut methods, &builds, hot_seconds, Some(&swap));
    let rss_hot_end = rss_bytes();
    // One more execute each: every method moves to the final versions and lets go of
    // the ones before.
    for (case, m) in cases.iter().zip(methods.iter_mut()) {
        if let Err(e) = case.check(m, 1e-4) {
            swap_errors
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .push(format!("{} after the swaps: {e}", case.name()));
        }
    }
    let rss_settled = rss_bytes();
    let leaked_versions = versions
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .leaked(&runtime);
    let (replacements, refused, loads_unloads) = *counts.lock().unwrap_or_else(|e| e.into_inner());
    let _ = std::fs::remove_dir_all(&dir);
    Report {
        moves: methods.iter().map(|m| m.moves()).collect(),
        move_errors: methods
            .iter()
            .filter_map(|m| m.last_move_error().map(|e| e.to_string()))
            .collect(),
        cases,
        calm,
        calm_seconds,
        hot,
        hot_seconds,
        rounds,
        replacements,
        refused,
        loads_unloads,
        swap_errors: swap_errors.into_inner().unwrap_or_else(|e| e.into_inner()),
        rss_calm,
        rss_hot_end,
        rss_settled,
        leaked_versions,
        builds,
    }
}
