//! `plugboard backends`: what the registry holds.

use super::RegistryArgs;

/// Prints one line per component (file, contract version, kind, backend ids, operator
/// count), then one line per backend id: whether it can run here and why (the device it
/// found, or the reason there is none).
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
