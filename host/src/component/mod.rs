//! Loading components and running them in a sandbox.
//!
//! A component file is compiled (or taken from the AOT cache), its contract version
//! is checked from its import and export names *before* anything is instantiated, and
//! the host's imports are linked: the `plugboard:runtime` platform interfaces and
//! WASI 0.2 with nothing granted (no files, environment, network or arguments; stdout
//! and stderr go to the host log). Every instance lives in its own `Store` with a
//! memory cap and a per-call deadline ([`SandboxConfig`]).

mod backend;
pub mod cache;
mod engine;
mod host_state;
pub(crate) mod imports;
mod kernel_library;
pub mod memory;
mod metadata;
mod sandbox;
pub mod version;

use std::path::{Path, PathBuf};
use std::sync::Arc;

use wasmtime::component::types::ComponentItem;
use wasmtime::component::{InstancePre, Linker};

pub use backend::{Availability, BackendInstance};
pub use engine::{ComponentEngine, SandboxConfig};
pub use host_state::HostState;
pub use imports::log_limit::LogRate;
pub use imports::named_data::{NamedDataMap, NamedDataSource};
pub use kernel_library::KernelLibraryInstance;
pub use metadata::ComponentMetadata;
pub use sandbox::Sandboxed;
pub use version::{ContractVersion, HOST_VERSION, HOST_VERSIONS};

use crate::{Error, ErrorKind, Result};

/// What a component exports.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ComponentKind {
    /// Exports `plugboard:runtime/kernels`.
    KernelLibrary,
    /// Exports `plugboard:runtime/backend-interface`.
    Backend,
}

/// A compiled, version-checked, linked component, ready to instantiate.
pub struct ComponentInfo {
    /// The file the component came from (`<bundled>/NAME.wasm` for bundled ones).
    pub path: PathBuf,
    /// Short name used in logs: the file name.
    pub name: Arc<str>,
    /// The `plugboard:runtime` version the component was built against.
    pub version: ContractVersion,
    /// What the component exports.
    pub kind: ComponentKind,
    /// SHA-256 of the component's bytes: its identity (lockfiles, signatures, the
    /// compile cache and error messages name it by this).
    pub sha256: [u8; 32],
    /// The component's own version, from the `version` custom section of its metadata
    /// (the registry metadata `wasm-tools metadata add --version` writes), if any.
    pub component_version: Option<String>,
    /// What the component says about itself: name, version, description, authors,
    /// license, source, the contract and SDK it was built with ([`ComponentMetadata`]).
    pub metadata: ComponentMetadata,
    /// The publisher key its signature verified under, when it came with one.
    pub signer: Option<crate::distribution::PublisherKey>,
    pub(crate) engine: ComponentEngine,
    pub(crate) pre: InstancePre<HostState>,
    /// The log rate limit shared by every instance of the component.
    pub(crate) log_limit: Arc<imports::log_limit::LogLimit>,
}

impl std::fmt::Debug for ComponentInfo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ComponentInfo")
            .field("path", &self.path)
            .field("version", &self.version)
            .field("kind", &self.kind)
            .field("sha256", &self.sha256_hex())
            .finish()
    }
}

impl ComponentInfo {
    /// Compiles and checks the component in `bytes`; `path` names it in messages.
    ///
    /// Errors: `DelegateInvalidCompatibility` when the bytes are not a component, when it
    /// was built against a `plugboard:runtime` version this host cannot serve (the
    /// message names both versions), when it exports neither a kernel library nor a
    /// backend, or when it imports something the host does not provide.
    pub fn load(engine: &ComponentEngine, path: &Path, bytes: &[u8]) -> Result<Arc<ComponentInfo>> {
        Self::load_digested(engine, path, bytes, &sha256(bytes), None)
    }

    /// [`ComponentInfo::load`] for bytes whose SHA-256 is already known (`sha256`) and
    /// whose signature verified under `signer`.
    pub(crate) fn load_digested(
        engine: &ComponentEngine,
        path: &Path,
        bytes: &[u8],
        sha256: &[u8; 32],
        signer: Option<crate::distribution::PublisherKey>,
    ) -> Result<Arc<ComponentInfo>> {
        let sha256 = *sha256;
        let sha256_hex = hex(&sha256);
        let incompatible = |msg: String| {
            Error::new(ErrorKind::DelegateInvalidCompatibility, msg)
                .with_component_id(path, &sha256_hex)
        };
        let component = engine
            .compile(bytes, &sha256, path)
            .map_err(|e| e.with_component_id(path, &sha256_hex))?;
        let ty = component.component_type();
        let mut version: Option<ContractVersion> = None;
        let mut kind = None;
        let imports = ty
            .imports(engine.engine())
            .map(|(n, i)| (n.to_string(), i, true));
        let exports = ty
            .exports(engine.engine())
            .map(|(n, i)| (n.to_string(), i, false));
        for (name, item, is_import) in imports.chain(exports).collect::<Vec<_>>() {
            let Some(v) = version::version_in_name(&name) else {
                continue;
            };
            let v = v.map_err(&incompatible)?;
            if !v.is_served() {
                let served: Vec<String> = HOST_VERSIONS
                    .iter()
                    .map(|h| format!("{}@{h}", version::PACKAGE))
                    .collect();
                return Err(incompatible(format!(
                    "component was built against {}@{v}, but this host implements {}",
                    version::PACKAGE,
                    served.join(" and ")
                )));
            }
            if let Some(old) = version.filter(|old| old.major != v.major) {
                return Err(incompatible(format!(
                    "component uses both {}@{old} and @{v}: one component is built against one major version",
                    version::PACKAGE
                )));
            }
            version = Some(version.map_or(v, |old| old.max(v)));
            if !is_import && matches!(item.ty, ComponentItem::ComponentInstance(_)) {
                let iface = name.split('@').next().unwrap_or_default();
                match iface {
                    "plugboard:runtime/kernels" => kind = Some(ComponentKind::KernelLibrary),
                    "plugboard:runtime/backend-interface" => kind = Some(ComponentKind::Backend),
                    _ => {}
                }
            }
        }
        let version = version.ok_or_else(|| {
            incompatible(format!(
                "component does not use the {} contract",
                version::PACKAGE
            ))
        })?;
        let kind = kind.ok_or_else(|| {
            incompatible("component exports neither `kernels` nor `backend-interface`".into())
        })?;
        let linker = make_linker(engine)?;
        let pre = linker
            .instantiate_pre(&component)
            .map_err(|e| incompatible(format!("cannot link the component: {e:#}")))?;
        let metadata = ComponentMetadata::read(bytes);
        if let Some(said) = metadata.contract.as_deref() {
            if ContractVersion::parse(said) != Some(version) {
                // The host serves what the imports and exports say; a mismatch means the
                // component was built with bindings of several contract versions.
                tracing::warn!(
                    "{}: its metadata says it was built against {}@{said}, but its imports and exports use {}@{version}; serving {version}",
                    path.display(),
                    version::PACKAGE,
                    version::PACKAGE
                );
            }
        }
        let name: Arc<str> = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_else(|| path.display().to_string())
            .into();
        Ok(Arc::new(ComponentInfo {
            path: path.to_path_buf(),
            log_limit: Arc::new(imports::log_limit::LogLimit::new(
                name.clone(),
                engine.config().log_rate,
            )),
            name,
            version,
            kind,
            sha256,
            component_version: metadata.version.clone(),
            metadata,
            signer,
            engine: engine.clone(),
            pre,
        }))
    }

    /// [`ComponentInfo::sha256`] in lower-case hex.
    pub fn sha256_hex(&self) -> String {
        hex(&self.sha256)
    }

    /// Starts a fresh sandboxed instance (a new `Store`, ~20 µs).
    pub fn instantiate(self: &Arc<Self>) -> Result<Sandboxed> {
        Sandboxed::new(self.clone())
    }
}

/// SHA-256 of `bytes`.
pub fn sha256(bytes: &[u8]) -> [u8; 32] {
    sha2::Digest::finalize(<sha2::Sha256 as sha2::Digest>::new_with_prefix(bytes)).into()
}

/// `bytes` in lower-case hex.
pub fn hex(bytes: &[u8]) -> String {
    use std::fmt::Write;
    bytes
        .iter()
        .fold(String::with_capacity(bytes.len() * 2), |mut s, b| {
            let _ = write!(s, "{b:02x}");
            s
        })
}

fn make_linker(engine: &ComponentEngine) -> Result<Linker<HostState>> {
    let mut linker = Linker::new(engine.engine());
    let internal = |e: wasmtime::Error| Error::new(ErrorKind::Internal, format!("linker: {e:#}"));
    wasmtime_wasi::p2::add_to_linker_sync(&mut linker).map_err(internal)?;
    HostState::add_imports_to_linker(&mut linker).map_err(internal)?;
    Ok(linker)
}
