//! `plugboard run`: load a program, set inputs, execute, print and save outputs.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Instant;

use anyhow::Context;
use clap::Args;
use plugboard::program::{FlatTensor, ValueDef};
use plugboard::{npy, EValue, Method, Program, ScalarType, Tensor};

use super::RegistryArgs;

/// The bundled demo program (the `cnn` fixture: conv, batch norm, ReLU, max pool, conv,
/// ReLU, adaptive average pool, linear) and its input, for `plugboard run` with no model.
const DEFAULT_PROGRAM: &[u8] = include_bytes!("../../../tests/fixtures/cnn/cnn.portable.pte");
const DEFAULT_INPUT: &[u8] = include_bytes!("../../../tests/fixtures/cnn/input0.npy");

/// Arguments of `plugboard run`.
#[derive(Args, Debug)]
pub struct RunArgs {
    /// The `.pte` program (default: the bundled demo program).
    pub model: Option<PathBuf>,
    /// Input `.npy` file; repeat once per input, in the method's input order
    /// (`-i x0.npy -i x1.npy`). Default: every input filled with ones, as ExecuTorch's
    /// executor_runner does.
    #[arg(short, long = "input", value_name = "INPUT.npy")]
    pub inputs: Vec<PathBuf>,
    /// External data of the program (a FlatTensor `.ptd` file, for programs exported
    /// with external constants). Repeat for several files.
    #[arg(long = "data", value_name = "DATA.ptd")]
    pub data: Vec<PathBuf>,
    /// The method to run.
    #[arg(long, default_value = "forward")]
    pub method: String,
    /// Write output i as OUTDIR/output<i>.npy.
    #[arg(short, long = "output-dir", value_name = "OUTDIR")]
    pub output_dir: Option<PathBuf>,
    /// Execute this many times (at least 1) and report the median time.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..))]
    pub repeat: u32,
    /// Execute this many times first, untimed (steady state: warm caches, and with
    /// `--threads` the native kernels' per-convolution thread choice, made over their
    /// first seven calls, settled).
    #[arg(long, default_value_t = 0)]
    pub warmup: u32,
    /// Pass each kernel call its arguments (`kernels.call`) instead of running the calls
    /// prepared at load (`kernels.run-prepared`, each run of consecutive calls in one
    /// crossing), to measure dispatch cost.
    #[arg(long)]
    pub per_call: bool,
    /// Byte-moving operators (`view_copy`, `squeeze_copy`, `unsqueeze_copy`,
    /// `alias_copy`, `split_copy`, `split_with_sizes_copy` on contiguous static
    /// tensors): `on` moves their bytes in the host, inside the kernel library's memory;
    /// `off` calls the kernel library for each, to measure what that saves.
    #[arg(long, value_name = "on|off", default_value = "on", value_parser = ["on", "off"])]
    pub host_copies: String,
    /// Delegate calls on backends built against contract 2.1 or later whose arguments
    /// are the last call's but for where the inputs are: `on` runs them by
    /// `backend-execute-again` (only the input and output addresses cross); `off` calls
    /// `execute` every time, as for a 2.0 backend, to measure what that saves.
    #[arg(long, value_name = "on|off", default_value = "on", value_parser = ["on", "off"])]
    pub execute_again: String,
    /// Write a Chrome / Perfetto trace of every timed execute (not the `--warmup` ones:
    /// an event per instruction, its argument copies and the backends' executes) to this
    /// JSON file; open it at ui.perfetto.dev.
    #[arg(long, value_name = "TRACE.json")]
    pub profile: Option<PathBuf>,
    /// Print the operators, backends and copies that took the most time, over every
    /// timed execute, as a table.
    #[arg(long)]
    pub profile_summary: bool,
    #[command(flatten)]
    pub registry: RegistryArgs,
}

impl Default for RunArgs {
    fn default() -> Self {
        match <super::Cli as clap::Parser>::parse_from(["plugboard", "run"]).command {
            Some(super::Command::Run(a)) => a,
            _ => unreachable!("`plugboard run` parses as the run command"),
        }
    }
}

/// Runs `args`.
pub fn run(args: RunArgs) -> anyhow::Result<()> {
    let t0 = Instant::now();
    let registry = args.registry.registry()?;
    let (program, default_inputs) = match &args.model {
        Some(path) => (Program::from_file(path)?, None),
        None => {
            outln!("running the bundled demo program (cnn.portable.pte); pass a MODEL.pte to run your own");
            (
                Program::from_bytes_named(DEFAULT_PROGRAM.to_vec(), "<bundled>/cnn.portable.pte")?,
                Some(vec![npy::read_bytes(DEFAULT_INPUT)?]),
            )
        }
    };
    let mut program = program;
    for d in &args.data {
        program.add_external_data(FlatTensor::from_file(d)?)?;
    }
    let program = Arc::new(program);
    let mut method = Method::load(program.clone(), &args.method, &registry)?;
    if args.per_call {
        method.set_batching(false);
    }
    method.set_host_copies(args.host_copies == "on");
    method.set_execute_again(args.execute_again == "on");
    let load_time = t0.elapsed();

    let inputs: Vec<EValue> = if !args.inputs.is_empty() {
        if args.inputs.len() != method.num_inputs() {
            anyhow::bail!(
                "method `{}` takes {} input(s), {} given (repeat -i once per input)",
                args.method,
                method.num_inputs(),
                args.inputs.len()
            );
        }
        args.inputs
            .iter()
            .map(|p| {
                npy::read(p)
                    .map(EValue::Tensor)
                    .with_context(|| format!("input {}", p.display()))
            })
            .collect::<anyhow::Result<_>>()?
    } else if let Some(d) = default_inputs {
        d.into_iter().map(EValue::Tensor).collect()
    } else {
        let plan = method.plan();
        plan.inputs
            .iter()
            .map(|&vi| default_input(&plan.values[vi]))
            .collect::<anyhow::Result<_>>()?
    };

    // Where each input came from, for error messages.
    let source = |i: usize| match args.inputs.get(i) {
        Some(p) => p.display().to_string(),
        None if args.model.is_none() => "the bundled demo input".to_string(),
        None => "ones (no -i given)".to_string(),
    };
    let mut times = Vec::with_capacity(args.repeat as usize);
    for run in 0..args.warmup + args.repeat {
        // The profile covers the timed executes only, like the median.
        if run == args.warmup && (args.profile.is_some() || args.profile_summary) {
            method.set_profiling(true);
        }
        method.reset_copy_counters();
        for (i, v) in inputs.iter().enumerate() {
            method
                .set_input(i, v.clone())
                .with_context(|| format!("input {i} from {}", source(i)))?;
        }
        let t = Instant::now();
        method.execute()?;
        if run >= args.warmup {
            times.push(t.elapsed());
        }
    }
    times.sort();
    let outputs = method.outputs()?;
    let (copied_in, copied_out) = method.copy_counters();
    outln!(
        "{} method `{}`: {} input(s), {} output(s); load {:.1} ms{}, execute {:.3} ms{}",
        program.origin().display(),
        method.name(),
        inputs.len(),
        outputs.len(),
        load_time.as_secs_f64() * 1e3,
        match (
            registry.engine().compiled_count(),
            registry.engine().cache().is_some(),
        ) {
            (0, _) => String::new(),
            (n, true) => format!(
                " (includes compiling {n} component(s); later runs take them from the cache)"
            ),
            (n, false) => format!(
                " (includes compiling {n} component(s); the compile cache is off, see the warning above)"
            ),
        },
        times[times.len() / 2].as_secs_f64() * 1e3,
        match (times.len(), args.warmup) {
            (1, 0) => " (the first execute: it also runs the folded calls and touches memory for the first time; `--warmup 10 --repeat 100` gives a steady-state median)".to_string(),
            (1, _) => String::new(),
            (n, _) => format!(" (median of {n})"),
        },
    );
    outln!(
        "copied per run: {copied_in} bytes in, {copied_out} bytes out (in the last execute, across component boundaries: method inputs and outputs, delegate arguments; weights stay inside the components that loaded them, and the first executes copy more while folded outputs are read once)"
    );
    let (delegate_in, delegate_out) = method.delegate_copy_counters();
    if delegate_in + delegate_out > 0 {
        let resident = method.delegate_resident_bytes();
        outln!(
            "delegate tensors per run: {delegate_in} bytes in, {delegate_out} bytes out (backends built against contract 1.x get and return them by value: four copies of each byte, two through host buffers; 2.x: one copy, straight between linear memories, of all but {resident} bytes in, which the backend held already from an earlier call)"
        );
    }
    let by_host = method.host_copied_calls();
    if by_host > 0 {
        outln!(
            "host copies per run: {by_host} calls of byte-moving operators (view_copy, squeeze_copy, split_with_sizes_copy, ...) moved their bytes inside the kernel library's memory without calling it (`--host-copies off` calls it)"
        );
        let elided = method.elided_copy_calls();
        if elided > 0 {
            outln!(
                "copy elision per run: {elided} of those calls moved nothing: their outputs read their input's bytes where they are, which nothing writes while the outputs live"
            );
        }
    }
    let again = method.executed_again_calls();
    if again > 0 {
        outln!(
            "execute-again per run: {again} delegate calls ran with the arguments of their last call but for input addresses, by `backend-execute-again` (contract 2.1; `--execute-again off` calls `execute`)"
        );
    }
    let libraries = method.kernel_libraries();
    if libraries.len() > 1 {
        let (lib_in, lib_out) = method.library_copy_counters();
        let names: Vec<String> = libraries
            .iter()
            .map(|l| l.path.display().to_string())
            .collect();
        outln!(
            "kernel libraries: {} (home, holds the tensors) and {}; calls into the others copied {lib_in} bytes into them and read {lib_out} bytes back per run",
            names[0],
            names[1..].join(", ")
        );
    }
    if let Some(profile) = method.profile() {
        report_profile(profile, args.profile.as_deref(), args.profile_summary)?;
    }
    if let Some(dir) = &args.output_dir {
        std::fs::create_dir_all(dir).with_context(|| format!("create {}", dir.display()))?;
    }
    for (i, out) in outputs.iter().enumerate() {
        outln!("output {i}: {}", describe(out));
        if let (Some(dir), EValue::Tensor(t)) = (&args.output_dir, out) {
            let path = dir.join(format!("output{i}.npy"));
            npy::write(&path, t)?;
            outln!("  written to {}", path.display());
        }
    }
    Ok(())
}

/// Writes the trace to `trace` and prints the summary table (top 20 rows) when asked.
fn report_profile(
    profile: &plugboard::method::profile::Profile,
    trace: Option<&std::path::Path>,
    summary: bool,
) -> anyhow::Result<()> {
    let execute = profile.execute_time();
    if let Some(path) = trace {
        std::fs::write(path, profile.chrome_trace())
            .with_context(|| format!("write the trace to {}", path.display()))?;
        let covered = profile.instruction_time().as_secs_f64() / execute.as_secs_f64().max(1e-12);
        outln!(
            "profile: {} events written to {} (instructions cover {:.1}% of the execute time); open it at ui.perfetto.dev",
            profile.events.len(),
            path.display(),
            covered * 100.0
        );
    }
    if summary {
        let rows = profile.summary();
        let total = execute.as_secs_f64().max(1e-12);
        outln!(
            "{:<44} {:>9} {:>7} {:>11} {:>11} {:>7}",
            "name",
            "kind",
            "calls",
            "total ms",
            "mean us",
            "% exec"
        );
        for r in rows.iter().take(20) {
            let t = r.total.as_secs_f64();
            outln!(
                "{:<44} {:>9} {:>7} {:>11.3} {:>11.1} {:>6.1}%",
                r.name,
                r.kind.category(),
                r.count,
                t * 1e3,
                t * 1e6 / r.count as f64,
                100.0 * t / total
            );
        }
        if rows.len() > 20 {
            outln!("({} more rows)", rows.len() - 20);
        }
        outln!("(copies and backend executes are inside their delegate calls; % of the total execute time, {:.3} ms)", total * 1e3);
    }
    Ok(())
}

fn default_input(def: &ValueDef) -> anyhow::Result<EValue> {
    Ok(match def {
        ValueDef::Tensor(t) => {
            let n: usize = t.sizes.iter().map(|&s| s as usize).product();
            let data: Vec<u8> = match t.dtype {
                ScalarType::Float => (0..n).flat_map(|_| 1f32.to_le_bytes()).collect(),
                ScalarType::Double => (0..n).flat_map(|_| 1f64.to_le_bytes()).collect(),
                ScalarType::Long => (0..n).flat_map(|_| 1i64.to_le_bytes()).collect(),
                ScalarType::Int => (0..n).flat_map(|_| 1i32.to_le_bytes()).collect(),
                ScalarType::Bool | ScalarType::Byte | ScalarType::Char => vec![1u8; n],
                other => anyhow::bail!("no default input for dtype {other}; pass -i"),
            };
            let mut x = Tensor::new(t.dtype, t.sizes.iter().map(|&s| s as usize).collect(), data)?;
            x = x.to_dim_order(&t.dim_order)?;
            EValue::Tensor(x)
        }
        ValueDef::Int(v) => EValue::Int(*v),
        ValueDef::Double(v) => EValue::Double(*v),
        ValueDef::Bool(v) => EValue::Bool(*v),
        other => anyhow::bail!("no default for an input of kind {}; pass -i", other.kind()),
    })
}

/// One line describing a value: dtype, shape and the first few elements.
pub fn describe(v: &EValue) -> String {
    match v {
        EValue::Tensor(t) => {
            let vals = t.to_f64_vec().unwrap_or_default();
            let shown: Vec<String> = vals.iter().take(8).map(|x| format!("{x:.6}")).collect();
            format!(
                "{} {:?} [{}{}]",
                t.dtype,
                t.sizes,
                shown.join(", "),
                if vals.len() > 8 { ", ..." } else { "" }
            )
        }
        other => format!("{other:?}"),
    }
}
