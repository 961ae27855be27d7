//! The registry: the one table of kernel libraries and backends, owned by the host.
//!
//! Components never hold a registry. The host loads each component, checks its contract
//! version, asks it what it provides (operator names or backend ids) and registers
//! those. A second provider of an operator or backend id is a load error naming both
//! component files; nothing of the rejected component is registered.
//!
//! A kernel library loaded with [`LoadOptions::override_operators`] instead takes over
//! the operators it provides from the libraries loaded before it (ExecuTorch's
//! "optimized kernels over portable" setup, decided by the caller instead of by link
//! order); the registry records each takeover ([`Registry::overrides`]).

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::component::{
    Availability, BackendInstance, ComponentEngine, ComponentInfo, ComponentKind,
    KernelLibraryInstance, SandboxConfig,
};
use crate::distribution::TrustPolicy;
use crate::{Error, ErrorKind, Result, ScalarType};

/// Components built into the `plugboard` binary: `(file name, component bytes)`.
pub const BUNDLED: &[(&str, &[u8])] = &[
    (
        "portable.wasm",
        include_bytes!(concat!(
            env!("OUT_DIR"),
            "/components/plugboard_portable.wasm"
        )),
    ),
    (
        "xnnpack.wasm",
        include_bytes!(concat!(
            env!("OUT_DIR"),
            "/components/plugboard_xnnpack.wasm"
        )),
    ),
    (
        "vulkan.wasm",
        include_bytes!(concat!(
            env!("OUT_DIR"),
            "/components/plugboard_vulkan.wasm"
        )),
    ),
    (
        "qnn.wasm",
        include_bytes!(concat!(env!("OUT_DIR"), "/components/plugboard_qnn.wasm")),
    ),
    (
        "llm-ops.wasm",
        include_bytes!(concat!(
            env!("OUT_DIR"),
            "/components/plugboard_llm_ops.wasm"
        )),
    ),
];

/// The SHA-256 of each [`BUNDLED`] component's bytes, in the same order (computed by
/// the build script, so that loading them does not hash the binary's own bytes).
pub const BUNDLED_SHA256: &[[u8; 32]] = &[
    *include_bytes!(concat!(
        env!("OUT_DIR"),
        "/components/plugboard_portable.wasm.sha256"
    )),
    *include_bytes!(concat!(
        env!("OUT_DIR"),
        "/components/plugboard_xnnpack.wasm.sha256"
    )),
    *include_bytes!(concat!(
        env!("OUT_DIR"),
        "/components/plugboard_vulkan.wasm.sha256"
    )),
    *include_bytes!(concat!(
        env!("OUT_DIR"),
        "/components/plugboard_qnn.wasm.sha256"
    )),
    *include_bytes!(concat!(
        env!("OUT_DIR"),
        "/components/plugboard_llm_ops.wasm.sha256"
    )),
];

/// Environment variable with extra component directories (separated like `PATH`).
pub const PLUGIN_PATH_VAR: &str = "PLUGBOARD_PATH";

/// One operator a kernel library provides.
#[derive(Debug, Clone)]
pub struct OperatorEntry {
    /// `aten::add.out` style name.
    pub name: String,
    /// Element types the kernel accepts.
    pub dtypes: Vec<ScalarType>,
}

/// How [`Registry::load_file_with`] and [`Registry::load_bytes_with`] register a
/// component.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct LoadOptions {
    /// Let this kernel library take over every operator it provides that a library
    /// loaded before it already provides (instead of the default load error naming both
    /// files). Each takeover is recorded in [`Registry::overrides`]. Backend ids are
    /// never overridden: a second provider of one is still a load error.
    pub override_operators: bool,
}

/// An operator that a kernel library loaded with [`LoadOptions::override_operators`]
/// took over from the library that served it before.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OperatorOverride {
    /// `aten::add.out` style name.
    pub operator: String,
    /// The file of the kernel library that serves the operator now.
    pub served_by: PathBuf,
    /// The file of the kernel library it replaced.
    pub replaced: PathBuf,
}

/// A component in the registry and what it provides.
#[derive(Debug, Clone)]
pub struct RegisteredComponent {
    /// The compiled, checked component.
    pub info: Arc<ComponentInfo>,
    /// Operators (kernel libraries), in the library's own order: the index is the `op`
    /// number of `kernels.call`.
    pub operators: Vec<OperatorEntry>,
    /// Backend ids (backends).
    pub backend_ids: Vec<String>,
    /// How the component was registered (kept when it is replaced).
    pub options: LoadOptions,
}

/// The registry of kernel libraries and backends.
///
/// Cloning is cheap for what it holds (the compiled components are shared [`Arc`]s; the
/// name tables are copied): [`crate::Runtime`] changes a clone and swaps it in whole.
#[derive(Clone)]
pub struct Registry {
    engine: ComponentEngine,
    components: Vec<RegisteredComponent>,
    operators: HashMap<String, (usize, u32)>,
    backends: HashMap<String, usize>,
    overrides: Vec<OperatorOverride>,
    policy: TrustPolicy,
}

impl std::fmt::Debug for Registry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Registry")
            .field("components", &self.components)
            .field("overrides", &self.overrides)
            .finish()
    }
}

impl Registry {
    /// An empty registry with the given sandbox limits.
    pub fn new(config: SandboxConfig) -> Result<Registry> {
        Ok(Registry {
            engine: ComponentEngine::new(config)?,
            components: Vec::new(),
            operators: HashMap::new(),
            backends: HashMap::new(),
            overrides: Vec::new(),
            policy: TrustPolicy::default(),
        })
    }

    /// Sets the trust policy every later load and replace is checked against (a
    /// lockfile, required signatures; see [`crate::distribution::policy`]). Components
    /// already loaded are not checked again.
    pub fn set_policy(&mut self, policy: TrustPolicy) {
        self.policy = policy;
    }

    /// The trust policy in force.
    pub fn policy(&self) -> &TrustPolicy {
        &self.policy
    }

    /// A registry with the bundled components and those in the `PLUGBOARD_PATH`
    /// directories.
    pub fn with_defaults(config: SandboxConfig) -> Result<Registry> {
        let mut r = Registry::new(config)?;
        r.load_bundled()?;
        r.load_plugin_path()?;
        Ok(r)
    }

    /// The engine components run on.
    pub fn engine(&self) -> &ComponentEngine {
        &self.engine
    }

    /// Loads the components built into the binary ([`BUNDLED`]).
    pub fn load_bundled(&mut self) -> Result<()> {
        for ((name, bytes), sha256) in BUNDLED.iter().zip(BUNDLED_SHA256) {
            let entry = self.describe_digested(
                &Path::new("<bundled>").join(name),
                bytes,
                sha256,
                None,
                LoadOptions::default(),
            )?;
            self.register(entry)?;
        }
        Ok(())
    }

    /// Loads every `*.wasm` in each directory of `PLUGBOARD_PATH` (separated like
    /// `PATH`: `:` on Unix, `;` on Windows), in name order. A directory that does not
    /// exist is skipped with a warning, as `PATH` lookups do.
    pub fn load_plugin_path(&mut self) -> Result<()> {
        let Some(paths) = std::env::var_os(PLUGIN_PATH_VAR) else {
            return Ok(());
        };
        for dir in std::env::split_paths(&paths) {
            if dir.as_os_str().is_empty() {
                continue;
            }
            if !dir.is_dir() {
                tracing::warn!(
                    "{PLUGIN_PATH_VAR}: {} is not a directory; skipped",
                    dir.display()
                );
                continue;
            }
            self.load_dir(&dir)?;
        }
        Ok(())
    }

    /// Loads every `*.wasm` file in `dir`, in name order.
    pub fn load_dir(&mut self, dir: &Path) -> Result<()> {
        let entries = std::fs::read_dir(dir).map_err(|e| {
            Error::new(
                ErrorKind::AccessFailed,
                format!("cannot read component directory: {e}"),
            )
            .with_file(dir)
        })?;
        let mut files: Vec<PathBuf> = entries
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "wasm"))
            .collect();
        files.sort();
        for f in files {
            self.load_file(&f)?;
        }
        Ok(())
    }

    /// Loads the component in `path`.
    pub fn load_file(&mut self, path: &Path) -> Result<()> {
        self.load_file_with(path, LoadOptions::default())
    }

    /// Loads the component in `path` with `options`, e.g. as a kernel library that
    /// overrides the operators of those loaded before it:
    ///
    /// ```no_run
    /// # use plugboard::registry::{LoadOptions, Registry};
    /// # fn f(registry: &mut Registry) -> plugboard::Result<()> {
    /// registry.load_file_with(
    ///     std::path::Path::new("optimized.wasm"),
    ///     LoadOptions { override_operators: true },
    /// )?;
    /// # Ok(()) }
    /// ```
    pub fn load_file_with(&mut self, path: &Path, options: LoadOptions) -> Result<()> {
        let bytes = read_component(path)?;
        let signature = read_signature(path)?;
        self.load_signed_bytes(path, &bytes, signature.as_deref(), options)
    }

    /// Loads a component from `bytes` that came with the signature document
    /// `signature` (a `FILE.wasm.sig`'s bytes, see [`crate::distribution::signing`]);
    /// `path` names it (a file, `<bundled>/NAME` or `oci://REF`) and is its source in
    /// the lockfile.
    ///
    /// Errors: those of [`Registry::load_bytes`]; `AccessFailed` when the trust policy
    /// refuses it (checked before it is compiled; see
    /// [`crate::distribution::TrustPolicy::admit`]).
    pub fn load_signed_bytes(
        &mut self,
        path: &Path,
        bytes: &[u8],
        signature: Option<&[u8]>,
        options: LoadOptions,
    ) -> Result<()> {
        let entry = self.describe(path, bytes, signature, options)?;
        self.register(entry)
    }

    /// Loads a component from `bytes`; `path` names it.
    ///
    /// Errors: those of [`ComponentInfo::load`]; a trap while the component describes
    /// itself; `InvalidState` when it provides an operator or backend id that another
    /// component already provides (the message names both files).
    pub fn load_bytes(&mut self, path: &Path, bytes: &[u8]) -> Result<()> {
        self.load_bytes_with(path, bytes, LoadOptions::default())
    }

    /// Loads a component from `bytes` with `options`; `path` names it.
    ///
    /// Errors: as [`Registry::load_bytes`], except that with
    /// [`LoadOptions::override_operators`] an operator another kernel library provides
    /// is taken over (and recorded in [`Registry::overrides`]) instead of refused.
    pub fn load_bytes_with(
        &mut self,
        path: &Path,
        bytes: &[u8],
        options: LoadOptions,
    ) -> Result<()> {
        self.load_signed_bytes(path, bytes, None, options)
    }

    /// Admits (trust policy), compiles and checks the component in `bytes` and asks a
    /// fresh instance of it what it provides, without registering anything.
    fn describe(
        &self,
        path: &Path,
        bytes: &[u8],
        signature: Option<&[u8]>,
        options: LoadOptions,
    ) -> Result<RegisteredComponent> {
        self.describe_digested(
            path,
            bytes,
            &crate::component::sha256(bytes),
            signature,
            options,
        )
    }

    /// [`Registry::describe`] for bytes whose SHA-256 is known to be `sha256`.
    fn describe_digested(
        &self,
        path: &Path,
        bytes: &[u8],
        sha256: &[u8; 32],
        signature: Option<&[u8]>,
        options: LoadOptions,
    ) -> Result<RegisteredComponent> {
        let admission = self.policy.admit(path, sha256, signature)?;
        let info =
            ComponentInfo::load_digested(&self.engine, path, bytes, sha256, admission.signer)?;
        let mut entry = RegisteredComponent {
            info: info.clone(),
            operators: Vec::new(),
            backend_ids: Vec::new(),
            options,
        };
        match info.kind {
            ComponentKind::KernelLibrary => {
                let mut inst = KernelLibraryInstance::new(&info)?;
                for op in inst.operators()? {
                    let dtypes = op
                        .dtypes
                        .iter()
                        .filter_map(|d| ScalarType::from_code(*d as i64))
                        .collect();
                    entry.operators.push(OperatorEntry {
                        name: op.name,
                        dtypes,
                    });
                }
            }
            ComponentKind::Backend => {
                let mut inst = BackendInstance::new(&info)?;
                entry.backend_ids = inst.backend_ids()?;
            }
        }
        Ok(entry)
    }

    /// Registers a described component: checks every name first (so a rejected component
    /// leaves nothing behind), then inserts its operators and backend ids.
    fn register(&mut self, entry: RegisteredComponent) -> Result<()> {
        let (path, id) = (entry.info.path.clone(), entry.info.sha256_hex());
        self.register_unnamed(entry)
            .map_err(|e| e.with_component_id(path, &id))
    }

    /// [`Registry::register`] without the component's identity on errors.
    fn register_unnamed(&mut self, entry: RegisteredComponent) -> Result<()> {
        let path = entry.info.path.clone();
        let path = path.as_path();
        let options = entry.options;
        let mut seen = std::collections::HashSet::new();
        if !options.override_operators {
            // Every operator another component provides, grouped by that component.
            let mut clashes: Vec<(usize, Vec<&str>)> = Vec::new();
            for op in &entry.operators {
                if let Some(&(other, _)) = self.operators.get(&op.name) {
                    match clashes.iter_mut().find(|(o, _)| *o == other) {
                        Some((_, ops)) => ops.push(&op.name),
                        None => clashes.push((other, vec![&op.name])),
                    }
                }
            }
            if !clashes.is_empty() {
                return Err(self.duplicate_operators(&clashes, path));
            }
        }
        for op in &entry.operators {
            if !seen.insert(op.name.as_str()) {
                return Err(Error::new(
                    ErrorKind::InvalidState,
                    format!("component lists operator {} twice", op.name),
                )
                .with_component(path));
            }
        }
        for id in &entry.backend_ids {
            if let Some(&other) = self.backends.get(id) {
                return Err(self.duplicate("backend", id, other, path));
            }
        }
        let index = self.components.len();
        for (i, op) in entry.operators.iter().enumerate() {
            if let Some((other, _)) = self.operators.insert(op.name.clone(), (index, i as u32)) {
                // Only reached with `override_operators` (checked above). One record per
                // operator: a later override replaces the record of an earlier one.
                let replaced = self.components[other].info.path.clone();
                tracing::info!(
                    operator = %op.name,
                    served_by = %path.display(),
                    replaced = %replaced.display(),
                    "operator overridden"
                );
                self.overrides.retain(|o| o.operator != op.name);
                self.overrides.push(OperatorOverride {
                    operator: op.name.clone(),
                    served_by: path.to_path_buf(),
                    replaced,
                });
            }
        }
        for id in &entry.backend_ids {
            self.backends.insert(id.clone(), index);
        }
        tracing::debug!(
            component = %path.display(),
            version = %entry.info.version,
            operators = entry.operators.len(),
            backends = ?entry.backend_ids,
            "registered component"
        );
        self.components.push(entry);
        Ok(())
    }

    /// The error for a kernel library providing operators others already provide:
    /// every clash, and how to take them over instead.
    fn duplicate_operators(&self, clashes: &[(usize, Vec<&str>)], path: &Path) -> Error {
        let parts: Vec<String> = clashes
            .iter()
            .map(|(other, ops)| {
                let (noun, verb) = if ops.len() == 1 {
                    ("operator", "is")
                } else {
                    ("operators", "are")
                };
                format!(
                    "{noun} {} {verb} provided by both {} and {}",
                    ops.join(", "),
                    self.components[*other].info.path.display(),
                    path.display()
                )
            })
            .collect();
        Error::new(
            ErrorKind::InvalidState,
            format!(
                "{}; to let {} take them over, load it with --override-kernels (library: LoadOptions {{ override_operators: true }})",
                parts.join("; "),
                path.display()
            ),
        )
        .with_component(path)
    }

    fn duplicate(&self, what: &str, name: &str, other: usize, path: &Path) -> Error {
        Error::new(
            ErrorKind::InvalidState,
            format!(
                "{what} {name} is provided by both {} and {}",
                self.components[other].info.path.display(),
                path.display()
            ),
        )
        .with_component(path)
    }

    /// The index in [`Registry::components`] of the component `name` refers to: the one
    /// registering backend id `name`, else the one loaded from path `name`
    /// (`<bundled>/xnnpack.wasm`, `/path/to/x.wasm`), else the only one whose file name
    /// is `name`.
    ///
    /// Errors: `NotFound` naming the loaded components; `InvalidArgument` when a file
    /// name matches several components.
    pub fn position(&self, name: &str) -> Result<usize> {
        if let Some(&i) = self.backends.get(name) {
            return Ok(i);
        }
        if let Some(i) = self
            .components
            .iter()
            .position(|c| c.info.path == Path::new(name))
        {
            return Ok(i);
        }
        let by_name: Vec<usize> = (0..self.components.len())
            .filter(|&i| &*self.components[i].info.name == name)
            .collect();
        match by_name[..] {
            [i] => Ok(i),
            [] => {
                let loaded: Vec<String> = self
                    .components
                    .iter()
                    .map(|c| c.info.path.display().to_string())
                    .collect();
                Err(Error::new(
                    ErrorKind::NotFound,
                    format!(
                        "no loaded component is {name} (a backend id, path or file name); loaded: {}",
                        if loaded.is_empty() { "none".to_string() } else { loaded.join(", ") }
                    ),
                ))
            }
            _ => Err(Error::invalid_argument(format!(
                "{name} names {} loaded components; give the path",
                by_name.len()
            ))),
        }
    }

    /// A registry with the same engine holding `entries`, registered in order (name
    /// conflicts are checked as at load).
    fn rebuilt(&self, entries: Vec<RegisteredComponent>) -> Result<Registry> {
        let mut r = Registry {
            engine: self.engine.clone(),
            components: Vec::with_capacity(entries.len()),
            operators: HashMap::new(),
            backends: HashMap::new(),
            overrides: Vec::new(),
            policy: self.policy.clone(),
        };
        for e in entries {
            r.register(e)?;
        }
        Ok(r)
    }

    /// Replaces the component `old` (a backend id it registers, its path, or its file
    /// name; see [`Registry::components`]) with the component in the file `path`, at the
    /// same place in the load order and with the same [`LoadOptions`].
    ///
    /// The new component is read, compiled, version-checked and instantiated first; on
    /// any error the registry is unchanged. Methods already loaded keep the instances
    /// they made of the old one (use [`crate::Runtime`] to move them).
    ///
    /// Returns the component replaced.
    ///
    /// Errors: `NotFound` when nothing is `old`; `AccessFailed` when the file cannot be
    /// read; those of [`Registry::load_bytes`] (prefixed with which component keeps
    /// serving); `DelegateInvalidCompatibility` when the new component is of the other
    /// kind (a kernel library for a backend or the other way round).
    pub fn replace_file(&mut self, old: &str, path: &Path) -> Result<RegisteredComponent> {
        let bytes = read_component(path)?;
        let signature = read_signature(path)?;
        self.replace_signed_bytes(old, path, &bytes, signature.as_deref())
    }

    /// [`Registry::replace_file`] with the new component's `bytes`; `path` names it.
    pub fn replace_bytes(
        &mut self,
        old: &str,
        path: &Path,
        bytes: &[u8],
    ) -> Result<RegisteredComponent> {
        self.replace_signed_bytes(old, path, bytes, None)
    }

    /// [`Registry::replace_bytes`] for bytes that came with a signature document (see
    /// [`Registry::load_signed_bytes`]). The trust policy applies as at load.
    pub fn replace_signed_bytes(
        &mut self,
        old: &str,
        path: &Path,
        bytes: &[u8],
        signature: Option<&[u8]>,
    ) -> Result<RegisteredComponent> {
        let index = self.position(old)?;
        let previous = &self.components[index];
        let keeps_serving = |mut e: Error| {
            e.message = format!(
                "cannot replace {} (it keeps serving): {}",
                previous.info.path.display(),
                e.message
            );
            e
        };
        let entry = self
            .describe(path, bytes, signature, previous.options)
            .map_err(keeps_serving)?;
        if entry.info.kind != previous.info.kind {
            let kind = |k| match k {
                ComponentKind::KernelLibrary => "a kernel library",
                ComponentKind::Backend => "a backend",
            };
            return Err(Error::new(
                ErrorKind::DelegateInvalidCompatibility,
                format!(
                    "cannot replace {} (it keeps serving): it is {}, the replacement is {}",
                    previous.info.path.display(),
                    kind(previous.info.kind),
                    kind(entry.info.kind)
                ),
            )
            .with_component_id(path, &entry.info.sha256_hex()));
        }
        let mut entries = self.components.clone();
        let replaced = std::mem::replace(&mut entries[index], entry);
        *self = self.rebuilt(entries).map_err(keeps_serving)?;
        Ok(replaced)
    }

    /// Removes the component `old` (a backend id it registers, its path, or its file
    /// name) and returns it. Methods already loaded keep the instances they made of it.
    ///
    /// Errors: `NotFound` when nothing is `old`.
    pub fn unload(&mut self, old: &str) -> Result<RegisteredComponent> {
        let index = self.position(old)?;
        let mut entries = self.components.clone();
        let removed = entries.remove(index);
        *self = self.rebuilt(entries)?;
        Ok(removed)
    }

    /// Every registered component, in load order.
    pub fn components(&self) -> &[RegisteredComponent] {
        &self.components
    }

    /// The operators taken over by kernel libraries loaded with
    /// [`LoadOptions::override_operators`], in the order they were taken over: which
    /// library serves each now and which one it replaced.
    pub fn overrides(&self) -> &[OperatorOverride] {
        &self.overrides
    }

    /// The kernel library providing `operator` and the operator's index in it.
    pub fn kernel(&self, operator: &str) -> Option<(&RegisteredComponent, u32)> {
        self.operators
            .get(operator)
            .map(|&(c, i)| (&self.components[c], i))
    }

    /// The backend component registered for `id`.
    pub fn backend(&self, id: &str) -> Option<&RegisteredComponent> {
        self.backends.get(id).map(|&c| &self.components[c])
    }

    /// Whether backend `id` can run on this machine, and why (asked of a fresh instance
    /// of its component, which may open the device it needs). `NotFound` when no
    /// component registers `id`.
    pub fn availability(&self, id: &str) -> Result<Availability> {
        let comp = self.backend(id).ok_or_else(|| {
            Error::new(
                ErrorKind::NotFound,
                format!("backend {id} is not registered"),
            )
        })?;
        BackendInstance::new(&comp.info)?
            .availability(id)
            .map_err(|e| e.with_backend(id))
    }
}

/// Writes each bundled component ([`BUNDLED`]) to `dir` as `dir/<name>.wasm` (creating
/// `dir` when needed) and returns the paths written, in [`BUNDLED`] order. Such a file
/// loads like any other component (`plugboard --no-bundled --backend FILE.wasm`).
///
/// Errors: `AccessFailed` naming the directory or file that could not be written.
pub fn write_bundled(dir: &Path) -> Result<Vec<PathBuf>> {
    std::fs::create_dir_all(dir).map_err(|e| {
        Error::new(
            ErrorKind::AccessFailed,
            format!("cannot create directory: {e}"),
        )
        .with_file(dir)
    })?;
    let mut written = Vec::with_capacity(BUNDLED.len());
    for (name, bytes) in BUNDLED {
        let path = dir.join(name);
        std::fs::write(&path, bytes).map_err(|e| {
            Error::new(
                ErrorKind::AccessFailed,
                format!("cannot write component: {e}"),
            )
            .with_file(&path)
        })?;
        written.push(path);
    }
    Ok(written)
}

/// The bytes of the component file at `path`; `AccessFailed` naming it when it cannot
/// be read.
fn read_component(path: &Path) -> Result<Vec<u8>> {
    std::fs::read(path).map_err(|e| {
        Error::new(
            ErrorKind::AccessFailed,
            format!("cannot read component: {e}"),
        )
        .with_component(path)
    })
}

/// The signature document beside the component file `path` (`FILE.wasm.sig`), if
/// there is one; `AccessFailed` naming it when it exists but cannot be read.
fn read_signature(path: &Path) -> Result<Option<Vec<u8>>> {
    let mut sig = path.as_os_str().to_owned();
    sig.push(".sig");
    let sig = PathBuf::from(sig);
    match std::fs::read(&sig) {
        Ok(b) => Ok(Some(b)),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(Error::new(
            ErrorKind::AccessFailed,
            format!("cannot read signature {}: {e}", sig.display()),
        )
        .with_component(path)),
    }
}
