//! `plugboard backends`: what the registry holds.

use super::RegistryArgs;

/// Prints one line per component: file, contract version, kind, backend ids, operators.
pub fn backends(args: RegistryArgs) -> anyhow::Result<()> {
    let registry = args.registry()?;
    let width = registry
        .components()
        .iter()
        .map(|c| c.info.path.display().to_string().len())
        .max()
        .unwrap_or(0)
        .max("component".len());
    outln!(
        "{:<width$}  {:<8}  {:<14}  {:<24}  operators",
        "component",
        "contract",
        "kind",
        "backend ids"
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
            "{:<width$}  {:<8}  {:<14}  {:<24}  {}",
            c.info.path.display(),
            c.info.version.to_string(),
            kind,
            ids,
            c.operators.len()
        );
    }
    Ok(())
}
