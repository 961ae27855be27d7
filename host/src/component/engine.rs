//! The wasmtime engine every component runs on, the sandbox limits, and the use of the
//! compile cache ([`super::cache`]: authenticated `precompile_component` artifacts; a
//! warm load verifies and deserializes in about a millisecond where compiling takes
//! seconds).

use plugboard_native_accel::gpu::GpuHost;
use plugboard_native_accel::qnn::QnnHost;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use wasmtime::component::Component;
use wasmtime::{Config, Engine, OptLevel};

use super::cache::{CacheKey, CompileCache, Lookup};
pub use super::imports::log_limit::LogRate;
use crate::{Error, ErrorKind, Result};

/// How often the engine's epoch advances for a call deadline of `deadline`: a
/// fiftieth of it, between 2 ms and 1 s. At every tick a running instance compares the
/// wall clock with its call deadline, which counts from the call's first tick (starting
/// a call reads no clock, see `Account::start_deadline`), so a deadline fires within
/// about two ticks (4% of it) of the wall-clock time however late the ticks come on a
/// loaded machine.
///
/// Not a fixed short tick: on a machine with few cores the ticker thread waking every
/// 2 ms moved the executing thread between cores often enough to double the execute
/// time of a small transformer in about half of the processes (tiny GPT-2: 0.39 ms
/// pinned to one core, 0.39 or 0.74 ms unpinned); at the default 60 s deadline the
/// ticker now wakes once a second.
pub fn epoch_tick(deadline: Duration) -> Duration {
    (deadline / 50).clamp(Duration::from_millis(2), Duration::from_secs(1))
}

/// Limits applied to every component instance.
#[derive(Debug, Clone)]
pub struct SandboxConfig {
    /// Largest linear memory an instance may grow to, in bytes (default 2 GiB).
    pub memory_cap: usize,
    /// Longest a single call into a component may run (default 60 s); `None` turns the
    /// deadline off and compiles components without epoch checks (faster loops).
    pub call_deadline: Option<Duration>,
    /// Where compiled components are cached; `None` disables the cache.
    /// Default: `$PLUGBOARD_CACHE_DIR`, else `$XDG_CACHE_HOME/plugboard`, else
    /// `$HOME/.cache/plugboard`.
    pub cache_dir: Option<PathBuf>,
    /// Most bytes the compile cache's entries may take in all (default 1 GiB); least
    /// recently used entries are evicted past it (`--cache-max-mib`).
    pub cache_max_bytes: u64,
    /// Whether backends may use the host's native CPU kernels (`cpu-accel` in
    /// `wit/accel.wit`, default true). Off, they run their pure-wasm kernels.
    pub cpu_accel: bool,
    /// Threads the native CPU kernels may use (default 1).
    pub cpu_threads: usize,
    /// Most bytes one call may copy from a component to the host (a returned list of
    /// outputs or weights, a log message), in bytes (default 128 MiB, wasmtime's
    /// "hostcall fuel"). A call past it is an `OutOfResources` error naming the limit.
    pub max_transfer: usize,
    /// Most native work (multiply-accumulates, summed over a chain's steps) one call
    /// of a component into a host import may ask for (default 2^40, about a minute of
    /// single-threaded AVX-512 work; real models need under 2^34 per call). Checked
    /// before the work starts; the call deadline also stops native work.
    pub native_work_cap: u64,
    /// How much one component may log per second (default 200 records, 256 KiB);
    /// the rest is dropped and counted.
    pub log_rate: LogRate,
    /// Whether backends may use the GPU (`gpu` in `wit/gpu.wit`, default true). Off,
    /// the import's `open` says so and GPU backends report themselves unavailable.
    pub gpu: bool,
    /// Bytes of GPU buffers one component instance may hold at once (default 1 GiB).
    pub gpu_budget: u64,
}

impl Default for SandboxConfig {
    fn default() -> Self {
        SandboxConfig {
            memory_cap: 2 << 30,
            call_deadline: Some(Duration::from_secs(60)),
            cache_dir: default_cache_dir(),
            cache_max_bytes: super::cache::DEFAULT_MAX_BYTES,
            cpu_accel: true,
            cpu_threads: 1,
            max_transfer: 128 << 20,
            native_work_cap: 1 << 40,
            log_rate: LogRate::default(),
            gpu: true,
            gpu_budget: 1 << 30,
        }
    }
}

fn default_cache_dir() -> Option<PathBuf> {
    if let Some(d) = std::env::var_os("PLUGBOARD_CACHE_DIR") {
        return (!d.is_empty()).then(|| PathBuf::from(d));
    }
    if let Some(d) = std::env::var_os("XDG_CACHE_HOME") {
        return Some(PathBuf::from(d).join("plugboard"));
    }
    std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cache").join("plugboard"))
}

/// A wasmtime engine configured for plugboard's components, with the thread that
/// advances its epoch for call deadlines.
#[derive(Clone)]
pub struct ComponentEngine {
    engine: Engine,
    config: Arc<SandboxConfig>,
    /// Components compiled (not taken from the cache) by this engine so far.
    compiled: Arc<std::sync::atomic::AtomicUsize>,
    /// Cache entries that failed verification and were recompiled, so far.
    rejected: Arc<std::sync::atomic::AtomicUsize>,
    /// The compile cache; `None` when off or refused.
    cache: Option<CompileCache>,
    /// [`super::cache::engine_fingerprint`] of `engine`.
    fingerprint: [u8; 32],
    /// The host's one GPU device, shared by every instance (opened on first use).
    gpu: Arc<GpuHost>,
    /// The host's view of the QNN SDK (searched for on first use).
    qnn: Arc<QnnHost>,
}

impl ComponentEngine {
    /// Creates the engine: component model, SIMD128 and relaxed SIMD on, Cranelift at
    /// `speed`, async component features off (they make every call ~3x dearer and no
    /// component uses them), and epoch interruption only when there is a call deadline.
    ///
    /// Epoch checks are not free: Cranelift keeps values carried across a loop header in
    /// memory around the check, which costs a SIMD GEMM ~40% here (51 ms vs 30 ms for a
    /// 512x1024x1024 product). With `call_deadline: None` the code is compiled without
    /// them (a separate cache entry), trading the deadline for speed.
    pub fn new(config: SandboxConfig) -> Result<Self> {
        let deadline = config.call_deadline.is_some();
        let mut c = Config::new();
        c.wasm_component_model(true)
            .wasm_simd(true)
            .wasm_relaxed_simd(true)
            .cranelift_opt_level(OptLevel::Speed)
            .epoch_interruption(deadline)
            .concurrency_support(false);
        // Linear memories the host can copy tensor bytes into and out of itself
        // (contract 2.0's transfers; `memory.rs`).
        if super::memory::HOST_MEMORIES {
            // wasmtime's copy-on-write memory images need its own mmap memories:
            // initial data is copied in instead (microseconds for our components).
            c.with_host_memory(Arc::new(super::memory::HostMemoryCreator))
                .memory_init_cow(false);
        }
        // `PLUGBOARD_PERFMAP=1`: wasmtime writes `/tmp/perf-<pid>.map`, so that `perf
        // report` names the components' wasm functions (`wasm[0]::function[..]::<name>`)
        // instead of raw addresses. Code generation is unchanged.
        if std::env::var_os("PLUGBOARD_PERFMAP").is_some() {
            c.profiler(wasmtime::ProfilingStrategy::PerfMap);
        }
        let engine = Engine::new(&c).map_err(|e| {
            Error::new(
                ErrorKind::Internal,
                format!("cannot create the wasmtime engine: {e}"),
            )
        })?;
        if let Some(d) = config.call_deadline {
            let weak = engine.weak();
            let tick = epoch_tick(d);
            std::thread::Builder::new()
                .name("plugboard-epoch".into())
                .spawn(move || epoch_ticker(weak, tick))
                .map_err(|e| {
                    Error::new(
                        ErrorKind::Internal,
                        format!("cannot start the epoch thread: {e}"),
                    )
                })?;
        }
        let fingerprint = super::cache::engine_fingerprint(&engine, deadline);
        let cache = config.cache_dir.as_ref().and_then(|dir| {
            CompileCache::open(dir, config.cache_max_bytes)
                .map_err(|refused| {
                    tracing::warn!(
                        "compile cache refused, compiling components without it: {refused}"
                    )
                })
                .ok()
        });
        Ok(ComponentEngine {
            engine,
            cache,
            fingerprint,
            rejected: Arc::default(),
            gpu: GpuHost::new(config.gpu),
            qnn: Arc::new(QnnHost::new(true)),
            config: Arc::new(config),
            compiled: Arc::default(),
        })
    }

    /// The underlying wasmtime engine.
    pub fn engine(&self) -> &Engine {
        &self.engine
    }

    /// The host's GPU (shared by every component instance of this engine).
    pub fn gpu(&self) -> &Arc<GpuHost> {
        &self.gpu
    }

    /// The host's QNN SDK (shared by every component instance of this engine).
    pub fn qnn(&self) -> &Arc<QnnHost> {
        &self.qnn
    }

    /// The sandbox limits.
    pub fn config(&self) -> &SandboxConfig {
        &self.config
    }

    /// How many components this engine compiled rather than loaded from the cache.
    pub fn compiled_count(&self) -> usize {
        self.compiled.load(std::sync::atomic::Ordering::Relaxed)
    }

    /// The compile cache, when one is in use (configured, and its directory and key
    /// passed the permission checks).
    pub fn cache(&self) -> Option<&CompileCache> {
        self.cache.as_ref()
    }

    /// How many cache entries failed verification (and were recompiled and replaced)
    /// in this engine so far.
    pub fn rejected_cache_entries(&self) -> usize {
        self.rejected.load(std::sync::atomic::Ordering::Relaxed)
    }

    /// The compile cache's key for a component whose bytes hash to `sha256`.
    pub fn cache_key(&self, sha256: &[u8; 32]) -> CacheKey {
        CacheKey::new(sha256, &self.fingerprint)
    }

    /// Compiles `bytes` (a component binary whose SHA-256 is `sha256`), or loads the
    /// compiled artifact from the cache when an entry for the same bytes and engine
    /// configuration verifies. An entry that does not verify is logged, recompiled and
    /// replaced. `origin` names the component in errors.
    pub fn compile(&self, bytes: &[u8], sha256: &[u8; 32], origin: &Path) -> Result<Component> {
        use std::sync::atomic::Ordering::Relaxed;
        let key = self.cache_key(sha256);
        if let Some(cache) = &self.cache {
            match cache.load(&key) {
                Lookup::Hit(hit) => {
                    // SAFETY: the entry's tag verified under this user's private key,
                    // bound to this key, made from this engine's fingerprint: it is what
                    // `precompile_component` of an engine generating the same code wrote
                    // for these bytes.
                    match unsafe { hit.deserialize(&self.engine) } {
                        Ok(c) => return Ok(c),
                        Err(e) => tracing::warn!(
                            "compile cache: entry {} for {} verified but does not load ({e}); recompiling",
                            cache.entry_path(&key).display(),
                            origin.display()
                        ),
                    }
                }
                Lookup::Rejected(why) => {
                    self.rejected.fetch_add(1, Relaxed);
                    tracing::warn!(
                        "compile cache: entry {} for {} rejected: {why}; recompiling and replacing it",
                        cache.entry_path(&key).display(),
                        origin.display()
                    );
                }
                Lookup::Miss => {}
            }
        }
        self.compiled.fetch_add(1, Relaxed);
        let compiled = self.engine.precompile_component(bytes).map_err(|e| {
            Error::new(
                ErrorKind::DelegateInvalidCompatibility,
                format!(
                    "not a valid WebAssembly component: {}",
                    first_line(&format!("{e:#}"))
                ),
            )
            .with_component(origin)
        })?;
        if let Some(cache) = &self.cache {
            cache.store(&key, &compiled);
        }
        // SAFETY: `compiled` was produced by this engine a moment ago.
        unsafe { Component::deserialize(&self.engine, &compiled) }.map_err(|e| {
            Error::new(
                ErrorKind::Internal,
                format!("cannot load compiled component: {e:#}"),
            )
            .with_component(origin)
        })
    }
}

fn epoch_ticker(engine: wasmtime::EngineWeak, tick: Duration) {
    loop {
        std::thread::sleep(tick);
        match engine.upgrade() {
            Some(e) => e.increment_epoch(),
            None => return,
        }
    }
}

fn first_line(s: &str) -> &str {
    s.lines().next().unwrap_or_default()
}
