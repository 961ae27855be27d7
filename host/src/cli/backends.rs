//! `plugboard backends`: what the registry holds.

use std::path::PathBuf;

use clap::Args;

use super::RegistryArgs;

/// Arguments of `plugboard backends`.
#[derive(Args, Debug)]
pub struct BackendsArgs {
    /// Write each bundled component to DIR as `DIR/<name>.wasm` (creating DIR), print
    /// the paths and stop, instead of listing the registry. The files load back with
    /// `--no-bundled --backend DIR/<name>.wasm`.
    #[arg(long, value_name = "DIR")]
    pub write_bundled: Option<PathBuf>,
    /// List every operator the kernel libraries serve (`aten::add.out`), sorted, with
    /// the component serving it, instead of the component table.
    #[arg(long)]
    pub operators: bool,
    #[command(flatten)]
    pub registry: RegistryArgs,
}

/// `  NAME VERSION` from a component's own metadata (see `plugboard components info`), or
/// nothing when it carries none.
fn described(m: &plugboard::component::ComponentMetadata) -> String {
    match (&m.name, &m.version) {
        (Some(n), Some(v)) => format!("  {n} {v}"),
        (Some(n), None) => format!("  {n}"),
        (None, Some(v)) => format!("  version {v}"),
        (None, None) => String::new(),
    }
}

/// Prints one line per component (file, contract version, kind, backend ids, operator
/// count, the SHA-256 of its bytes, the key that signed it, and its own name and
/// version when its metadata says), the operators taken over with `--override-kernels` (which library serves
/// each, which one it replaced), then one line per backend id: whether it can run here
/// and why (the device it found, or the reason there is none). With `--write-bundled
/// DIR`, writes the bundled components out instead and prints their paths.
pub fn backends(args: BackendsArgs) -> anyhow::Result<()> {
    if let Some(dir) = &args.write_bundled {
        for path in plugboard::registry::write_bundled(dir)? {
            outln!("{}", path.display());
        }
        return Ok(());
    }
    let registry = args.registry.registry()?;
    if args.operators {
        let mut ops: Vec<(&str, String)> = registry
            .components()
            .iter()
            .flat_map(|c| c.operators.iter().map(|o| o.name.as_str()))
            .filter_map(|name| {
                // An overridden operator is listed by two libraries: name the one
                // serving it.
                registry
                    .kernel(name)
                    .map(|(c, _)| (name, c.info.path.display().to_string()))
            })
            .collect();
        ops.sort();
        ops.dedup();
        let width = ops.iter().map(|(n, _)| n.len()).max().unwrap_or(0);
        for (name, served_by) in &ops {
            outln!("{name:<width$}  {served_by}");
        }
        outln!("{} operators", ops.len());
        return Ok(());
    }
    let width = registry
        .components()
        .iter()
        .map(|c| c.info.path.display().to_string().len())
        .max()
        .unwrap_or(0)
        .max("component".len());
    outln!(
        "{:<width$}  {:<8}  {:<14}  {:<24}  {:<9}  sha256",
        "component",
        "contract",
        "kind",
        "backend ids",
        "operators"
    );
    for c in registry.components() {
        let kind = match c.info.kind {
            plugboard::component::ComponentKind::KernelLibrary => "kernel library",
            plugboard::component::ComponentKind::Backend => "backend",
        };
        let ids = if c.backend_ids.is_empty() {
            "-".to_string()
        } else {
            c.backend_ids.join(",")
        };
        outln!(
            "{:<width$}  {:<8}  {:<14}  {:<24}  {:<9}  {}{}{}",
            c.info.path.display(),
            c.info.version.to_string(),
            kind,
            ids,
            c.operators.len(),
            c.info.sha256_hex(),
            c.info
                .signer
                .map(|k| format!("  signed by {k}"))
                .unwrap_or_default(),
            described(&c.info.metadata),
        );
    }
    if !registry.overrides().is_empty() {
        let width = registry
            .overrides()
            .iter()
            .map(|o| o.operator.len())
            .max()
            .unwrap_or(0);
        outln!();
        outln!("overridden operators:");
        for o in registry.overrides() {
            outln!(
                "  {:<width$}  served by {} (was {})",
                o.operator,
                o.served_by.display(),
                o.replaced.display()
            );
        }
    }
    let ids: Vec<&String> = registry
        .components()
        .iter()
        .flat_map(|c| &c.backend_ids)
        .collect();
    if ids.is_empty() {
        return Ok(());
    }
    let width = ids
        .iter()
        .map(|id| id.len())
        .max()
        .unwrap_or(0)
        .max("backend".len());
    outln!();
    outln!("{:<width$}  {:<9}  detail", "backend", "available");
    for id in ids {
        let (available, detail) = match registry.availability(id) {
            Ok(a) => (
                if a.available { "yes" } else { "no" },
                a.detail.unwrap_or_default(),
            ),
            Err(e) => ("no", format!("asking failed: {e}")),
        };
        outln!("{id:<width$}  {available:<9}  {detail}");
    }
    Ok(())
}
