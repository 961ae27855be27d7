//! `plugboard backends`: what the registry holds.

use super::RegistryArgs;

/// Prints one line per component: file, contract version, kind, backend ids, operators.
pub fn backends(args: RegistryArgs) -> anyhow::Result<()> {
    let registry = args.registry()?;
    outln!(
        "{:<40} {:<9} {:<15} {:<24} operators",
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
            "{:<40} {:<9} {:<15} {:<24} {}",
            c.info.path.display(),
            c.info.version,
            kind,
            ids,
            c.operators.len()
        );
    }
    Ok(())
}
