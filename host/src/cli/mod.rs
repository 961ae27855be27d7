//! Command-line parsing and the subcommands.

/// `println!` that ignores a closed stdout (e.g. `plugboard inspect x.pte | head`).
macro_rules! outln {
    ($($t:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stdout(), $($t)*);
    }};
}

mod backends;
mod components;
mod generate;
mod inspect;
mod run;

use std::path::PathBuf;
use std::time::Duration;

use clap::{Args, Parser, Subcommand};
use plugboard::registry::LoadOptions;
use plugboard::{Registry, RuntimeOptions, SandboxConfig};

/// Runs ExecuTorch `.pte` programs; every backend and kernel library is a WebAssembly
/// component loaded at run time.
#[derive(Parser, Debug)]
#[command(name = "plugboard", version)]
pub struct Cli {
    /// More log output (-v: plugboard's debug log, -vv: everything at trace level).
    /// `RUST_LOG` overrides.
    #[arg(short, long, action = clap::ArgAction::Count, global = true)]
    pub verbose: u8,
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Run a method of a program (the bundled demo program when no MODEL is given).
    Run(run::RunArgs),
    /// Generate text with a language-model program and its tokenizer (prefill, then
    /// decode through the KV cache).
    Generate(generate::GenerateArgs),
    /// Show a program's methods, inputs and outputs, operators, delegates and segments.
    Inspect(inspect::InspectArgs),
    /// List the components in the registry (or write the bundled ones out as files).
    Backends(backends::BackendsArgs),
    /// Ship components: lock, sign and verify them, push them to and pull them from an
    /// OCI registry.
    #[command(subcommand)]
    Components(components::ComponentsCommand),
}

/// Options that shape the registry and its sandbox.
#[derive(Args, Debug, Clone)]
pub struct RegistryArgs {
    /// Extra component to load (repeatable), after the bundled ones and `PLUGBOARD_PATH`:
    /// a file (its signature is read from `FILE.wasm.sig` when present) or
    /// `oci://REGISTRY/REPO:TAG` / `oci://REGISTRY/REPO@sha256:DIGEST` (pulled into the
    /// local store, or taken from it when pinned by digest). Components built against
    /// any contract major this host serves (1.x, 2.0) load the same way.
    #[arg(long = "backend", value_name = "FILE.wasm|oci://REF")]
    pub backends: Vec<String>,
    /// Load only components pinned in this lockfile (`plugboard components lock`),
    /// byte for byte: any other is refused before it is compiled.
    #[arg(long, value_name = "plugboard.lock")]
    pub locked: Option<PathBuf>,
    /// Refuse every component without a valid signature (`FILE.wasm.sig`, or pulled
    /// with it); the components built into the binary are exempt.
    #[arg(long)]
    pub require_signed: bool,
    /// Kernel library to load (repeatable), after every `--backend`, that takes over the
    /// operators it provides from the libraries loaded before it (instead of the default
    /// error for a second provider). `plugboard backends` lists each overridden operator.
    #[arg(long = "override-kernels", value_name = "FILE.wasm")]
    pub override_kernels: Vec<PathBuf>,
    /// Do not load the components built into the binary (the portable and LLM kernel
    /// libraries and the XNNPACK, Vulkan and QNN backends): only `PLUGBOARD_PATH` and
    /// `--backend` ones, for example
    /// to run your own kernel library in place of the portable one.
    #[arg(long)]
    pub no_bundled: bool,
    /// Memory cap of each component instance, in MiB.
    #[arg(long, value_name = "MIB", default_value_t = 2048, value_parser = clap::value_parser!(u32).range(1..))]
    pub memory_cap: u32,
    /// Deadline of one call into a component, in milliseconds (0: no deadline).
    #[arg(long, value_name = "MS", default_value_t = 60_000)]
    pub deadline_ms: u64,
    /// Native CPU kernels for backends and kernel libraries (`cpu-accel` in
    /// `wit/accel.wit`): `on` lets backends such as XNNPACK run convolutions and fully
    /// connected layers natively, and the LLM library its attention; `off` keeps
    /// everything in the sandboxed wasm kernels.
    #[arg(long, value_name = "on|off", default_value = "on", value_parser = ["on", "off"])]
    pub cpu_accel: String,
    /// Threads the native CPU kernels may use.
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub threads: usize,
    /// Most data one call may copy from a component to the host (a delegate's
    /// outputs, a weights list), in MiB.
    #[arg(long, value_name = "MIB", default_value_t = 128, value_parser = clap::value_parser!(u32).range(1..))]
    pub max_transfer_mib: u32,
    /// The GPU for backends (`gpu` in `wit/gpu.wit`): `off` makes GPU backends such as
    /// Vulkan report themselves unavailable.
    #[arg(long, value_name = "on|off", default_value = "on", value_parser = ["on", "off"])]
    pub gpu: String,
    /// Most GPU buffer memory one component instance may hold, in MiB.
    #[arg(long, value_name = "MIB", default_value_t = 1024, value_parser = clap::value_parser!(u32).range(1..))]
    pub gpu_budget_mib: u32,
    /// Most disk space the compile cache (`$PLUGBOARD_CACHE_DIR`, default
    /// `~/.cache/plugboard`) may take, in MiB; least recently used entries are evicted
    /// past it.
    #[arg(long, value_name = "MIB", default_value_t = 1024, value_parser = clap::value_parser!(u32).range(1..))]
    pub cache_max_mib: u32,
}

impl RegistryArgs {
    /// Builds the registry: bundled components, `PLUGBOARD_PATH`, `--backend`s, then
    /// `--override-kernels`.
    pub fn registry(&self) -> anyhow::Result<Registry> {
        let config = SandboxConfig {
            memory_cap: (self.memory_cap as usize).saturating_mul(1 << 20),
            call_deadline: (self.deadline_ms > 0).then(|| Duration::from_millis(self.deadline_ms)),
            cpu_accel: self.cpu_accel == "on",
            cpu_threads: self.threads.max(1),
            max_transfer: (self.max_transfer_mib as usize).saturating_mul(1 << 20),
            gpu: self.gpu == "on",
            gpu_budget: u64::from(self.gpu_budget_mib) << 20,
            cache_max_bytes: u64::from(self.cache_max_mib) << 20,
            ..SandboxConfig::default()
        };
        let mut r = RuntimeOptions {
            sandbox: config,
            lock: self.locked.clone(),
            require_signed: self.require_signed,
            no_bundled: self.no_bundled,
        }
        .registry()?;
        for b in &self.backends {
            components::load_source(&mut r, b, LoadOptions::default())?;
        }
        for k in &self.override_kernels {
            r.load_file_with(
                k,
                LoadOptions {
                    override_operators: true,
                },
            )?;
        }
        Ok(r)
    }
}

/// Sets up `tracing` to stderr; default level warn.
pub fn init_logging(verbose: u8) {
    // -v is plugboard's own debug log; -vv everything, wasmtime and Cranelift included
    // (tens of thousands of lines while a component compiles).
    let default = match verbose {
        0 => "warn",
        1 => "warn,plugboard=debug",
        _ => "trace",
    };
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new(default));
    use std::io::IsTerminal as _;
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_ansi(std::io::stderr().is_terminal())
        .with_writer(std::io::stderr)
        .try_init();
}

/// Runs the chosen subcommand (`run` with no arguments when none is given).
pub fn dispatch(cli: Cli) -> anyhow::Result<()> {
    match cli.command {
        None => run::run(run::RunArgs::default()),
        Some(Command::Run(a)) => run::run(a),
        Some(Command::Generate(a)) => generate::generate(a),
        Some(Command::Inspect(a)) => inspect::inspect(a),
        Some(Command::Backends(a)) => backends::backends(a),
        Some(Command::Components(c)) => components::components(c),
    }
}
