//! `plugboard inspect`: what is inside a `.pte` program.

use std::collections::BTreeMap;
use std::path::PathBuf;

use clap::Args;
use plugboard::program::FlatTensor;
use plugboard::program::{DelegateData, Instruction, TensorData, ValueDef};
use plugboard::Program;

/// Arguments of `plugboard inspect`.
#[derive(Args, Debug)]
pub struct InspectArgs {
    /// The `.pte` program.
    pub model: PathBuf,
    /// External data of the program (a FlatTensor `.ptd` file): its keys and sizes are
    /// listed too. Repeat for several files.
    #[arg(long = "data", value_name = "DATA.ptd")]
    pub data: Vec<PathBuf>,
    /// Write each delegate's processed blob to `DIR/<program>.<method>.<index>.<backend
    /// id>.bin` (what the backend's `init` receives; seeds for the payload fuzzers).
    #[arg(long = "write-delegates", value_name = "DIR")]
    pub write_delegates: Option<PathBuf>,
    /// Components that describe delegate payloads (node counts) come from this registry.
    #[command(flatten)]
    pub registry: super::RegistryArgs,
}

/// Writes every delegate's processed blob under `dir` and prints each path.
fn write_delegates(p: &Program, dir: &std::path::Path) -> anyhow::Result<()> {
    use anyhow::Context;
    std::fs::create_dir_all(dir).with_context(|| format!("create {}", dir.display()))?;
    let stem = p
        .origin()
        .file_name()
        .map(|n| n.to_string_lossy().trim_end_matches(".pte").to_string())
        .unwrap_or_else(|| "program".into());
    for plan in p.plans() {
        for (i, d) in plan.delegates.iter().enumerate() {
            // Ids come from the file: keep only characters safe in a file name.
            let id: String =
                d.id.chars()
                    .map(|c| {
                        if c.is_ascii_alphanumeric() || c == '_' {
                            c
                        } else {
                            '_'
                        }
                    })
                    .collect();
            let method: String = plan
                .name
                .chars()
                .map(|c| {
                    if c.is_ascii_alphanumeric() || c == '_' {
                        c
                    } else {
                        '_'
                    }
                })
                .collect();
            let path = dir.join(format!("{stem}.{method}.{i}.{id}.bin"));
            std::fs::write(&path, p.delegate_data(d))
                .with_context(|| format!("write {}", path.display()))?;
            outln!("wrote {}", path.display());
        }
    }
    Ok(())
}

fn describe_value(v: &ValueDef) -> String {
    match v {
        ValueDef::Tensor(t) => format!(
            "Tensor {} {:?} dim_order {:?} {:?}",
            t.dtype, t.sizes, t.dim_order, t.dynamism
        ),
        other => format!("{} {other:?}", other.kind()),
    }
}

/// Prints the program's structure.
pub fn inspect(args: InspectArgs) -> anyhow::Result<()> {
    let mut p = Program::from_file(&args.model)?;
    for d in &args.data {
        p.add_external_data(FlatTensor::from_file(d)?)?;
    }
    if let Some(dir) = &args.write_delegates {
        write_delegates(&p, dir)?;
    }
    let registry = args.registry.registry()?;
    let mut describers = Describers::new();
    outln!(
        "program {} ({} bytes, schema version {})",
        p.origin().display(),
        p.len(),
        p.version()
    );
    if let Some(h) = p.extended_header() {
        outln!(
            "  extended header: flatbuffer {} bytes, segments at {} ({} bytes)",
            h.program_size,
            h.segment_base_offset,
            h.segment_data_size
        );
    }
    outln!("  segments: {}", p.segments().len());
    for (i, (off, len)) in p.segments().iter().enumerate() {
        outln!("    [{i}] offset {off}, {len} bytes");
    }
    let named = p.named_data_keys();
    if !named.is_empty() {
        outln!("  named data: {}", named.len());
        for (k, n) in named {
            outln!("    {k}: {n} bytes");
        }
    }
    for d in p.external_data() {
        outln!(
            "external data {} ({} bytes, schema version {})",
            d.origin().display(),
            d.len(),
            d.version()
        );
        outln!("  segments: {}", d.segments().len());
        let keys = d.named_data_keys();
        outln!("  named data: {}", keys.len());
        for (k, n) in keys {
            match d.tensor_layout(&k) {
                Some(l) => outln!("    {k}: {n} bytes, {} {:?}", l.dtype, l.sizes),
                None => outln!("    {k}: {n} bytes"),
            }
        }
    }
    for plan in p.plans() {
        outln!("method `{}`", plan.name);
        outln!("  inputs:");
        for (i, &vi) in plan.inputs.iter().enumerate() {
            outln!("    [{i}] {}", describe_value(&plan.values[vi]));
        }
        outln!("  outputs:");
        for (i, &vi) in plan.outputs.iter().enumerate() {
            outln!("    [{i}] {}", describe_value(&plan.values[vi]));
        }
        let planned: Vec<u64> = plan.buffer_sizes.iter().skip(1).copied().collect();
        outln!(
            "  memory plan: {} buffer(s), sizes {planned:?} bytes",
            planned.len()
        );
        let constants: usize = plan
            .values
            .iter()
            .filter_map(|v| match v {
                ValueDef::Tensor(t)
                    if matches!(
                        t.data,
                        TensorData::Constant { .. } | TensorData::InlineConstant { .. }
                    ) =>
                {
                    Some(t.nbytes)
                }
                _ => None,
            })
            .sum();
        let external: Vec<(&str, usize)> = plan
            .values
            .iter()
            .filter_map(|v| match v {
                ValueDef::Tensor(t) => match &t.data {
                    TensorData::External { key } => Some((key.as_str(), t.nbytes)),
                    _ => None,
                },
                _ => None,
            })
            .collect();
        outln!(
            "  values: {}, constant tensor bytes: {constants}",
            plan.values.len()
        );
        if !external.is_empty() {
            let bytes: usize = external.iter().map(|e| e.1).sum();
            outln!(
                "  constant tensors in external data: {}, {bytes} bytes",
                external.len()
            );
            for (k, n) in external {
                let have = if p.external_data().iter().any(|d| d.contains(k)) {
                    ""
                } else {
                    " (not in the loaded external data)"
                };
                outln!("    {k}: {n} bytes{have}");
            }
        }
        let mut calls: BTreeMap<&str, usize> = BTreeMap::new();
        let mut kinds: BTreeMap<&str, usize> = BTreeMap::new();
        for ins in &plan.instructions {
            let k = match ins {
                Instruction::Kernel { op, .. } => {
                    *calls.entry(plan.operators[*op].as_str()).or_default() += 1;
                    "KernelCall"
                }
                Instruction::Delegate { .. } => "DelegateCall",
                Instruction::Move { .. } => "MoveCall",
                Instruction::JumpFalse { .. } => "JumpFalseCall",
                Instruction::Free { .. } => "FreeCall",
            };
            *kinds.entry(k).or_default() += 1;
        }
        outln!("  instructions: {} {kinds:?}", plan.instructions.len());
        outln!(
            "  operators ({}, each with the kernel library serving it):",
            plan.operators.len()
        );
        let width = plan.operators.iter().map(|o| o.len()).max().unwrap_or(0);
        let mut missing = 0;
        for op in &plan.operators {
            let served = match registry.kernel(op) {
                Some((c, _)) => c.info.path.display().to_string(),
                None => {
                    missing += 1;
                    "MISSING".to_string()
                }
            };
            let n = calls.get(op.as_str()).copied().unwrap_or(0);
            outln!("    {op:<width$} x{n:<4} {served}");
        }
        if missing > 0 {
            outln!(
                "  {missing} operator(s) MISSING: no loaded kernel library serves them, so the method cannot load"
            );
        }
        outln!("  delegates ({}):", plan.delegates.len());
        for (i, d) in plan.delegates.iter().enumerate() {
            let (loc, size) = match d.processed {
                DelegateData::Inline(j) => (format!("inline[{j}]"), p.delegate_data(d).len()),
                DelegateData::Segment { offset, len } => (format!("segment at {offset}"), len),
            };
            let specs: Vec<&str> = d.compile_specs.iter().map(|(k, _)| k.as_str()).collect();
            outln!("    [{i}] backend {}: processed blob {size} bytes ({loc}), compile specs {specs:?}", d.id);
            match describe(&registry, &mut describers, &d.id, p.delegate_data(d)) {
                Some(Ok(counts)) => {
                    let total: u32 = counts.iter().map(|(_, n)| n).sum();
                    outln!(
                        "        {total} item(s): {}",
                        counts
                            .iter()
                            .map(|(k, n)| format!("{k} x{n}"))
                            .collect::<Vec<_>>()
                            .join(", ")
                    );
                }
                Some(Err(e)) => outln!("        cannot describe: {e}"),
                None => outln!("        (no registered backend {} to describe it)", d.id),
            }
        }
    }
    Ok(())
}

type Describers = Vec<(
    std::sync::Arc<plugboard::component::ComponentInfo>,
    plugboard::component::BackendInstance,
)>;

/// Asks the backend registered for `id` to summarize `blob`; `None` if there is none.
fn describe(
    registry: &plugboard::Registry,
    describers: &mut Describers,
    id: &str,
    blob: &[u8],
) -> Option<plugboard::Result<Vec<(String, u32)>>> {
    let comp = registry.backend(id)?;
    let slot = match describers
        .iter()
        .position(|(info, _)| std::sync::Arc::ptr_eq(info, &comp.info))
    {
        Some(s) => s,
        None => match plugboard::component::BackendInstance::new(&comp.info) {
            Ok(inst) => {
                describers.push((comp.info.clone(), inst));
                describers.len() - 1
            }
            Err(e) => return Some(Err(e)),
        },
    };
    Some(describers[slot].1.describe(id, blob))
}
