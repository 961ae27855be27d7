//! The live runtime: one registry that components are loaded into, replaced in and
//! unloaded from while methods run on other threads.
//!
//! # Design
//!
//! A [`Runtime`] holds an immutable snapshot of the [`Registry`] (an `Arc<Registry>`) and
//! a generation counter. Every change (load, replace, unload) is made on a copy of the
//! current snapshot, outside any lock that executes take, and swapped in whole only when
//! it succeeded; the generation then goes up by one. Changes are serialized among
//! themselves by a separate writer lock, so two threads replacing components at once
//! both take effect, one after the other.
//!
//! A [`LiveMethod`] (from [`Runtime::load_method`]) holds its own [`Method`], and so the
//! component instances (and the compiled components) it resolved against, but not the
//! whole snapshot: a component it does not use is freed as soon as no snapshot and no
//! method uses it. On its hot path an execute reads one atomic (the generation); only
//! when it changed does it take the snapshot lock, for as long as cloning an `Arc`.
//!
//! # Semantics
//!
//! - **Load** ([`Runtime::load_component`], [`Runtime::load_component_bytes`]): the
//!   component is compiled (or taken from the compile cache), version-checked,
//!   instantiated and asked what it provides before anything changes; a component that
//!   fails any of that, or that provides a name another component provides, leaves the
//!   runtime as it was. Methods loaded afterwards see it. Methods already loaded see it
//!   at their next execute only where it changes what they resolve to (for example a
//!   kernel library loaded with [`LoadOptions::override_operators`]).
//! - **Replace** ([`Runtime::replace_component`]): the old component is named by a
//!   backend id it registers, its path as loaded (`<bundled>/xnnpack.wasm`) or its file
//!   name. The new one is read, compiled, version-checked and instantiated first; on
//!   any error (unreadable or corrupt file, other major contract version, missing
//!   export, other kind of component, a name conflict) nothing changes, the old version
//!   keeps serving and the error says why. It takes the old one's place in the load
//!   order and its [`LoadOptions`].
//! - **Moving**: at the start of [`LiveMethod::execute`], if the registry changed since
//!   the method last looked and the components its operators and delegates resolve to
//!   now differ from the ones it runs on, the method is loaded again from the same
//!   [`Program`] against the new snapshot (kernel library storage and constants set up
//!   again, delegates initialized again on the new backend), the inputs set so far are
//!   set again, and the new method takes over. An execute already running (on another
//!   thread, through another method) finishes on the version it started with; one
//!   execute never mixes versions, since a [`Method`] runs only on the instances it
//!   made. If the move fails (say a delegate's `init` fails on the new version), the
//!   method keeps running on its old version, the error is kept in
//!   [`LiveMethod::last_move_error`] and logged as a warning, and the method tries
//!   again after the next registry change.
//! - **Unload** ([`Runtime::unload_component`]): new loads no longer see the component.
//!   Methods using it keep it (and their instances of it) until they are dropped or move
//!   to a replacement loaded later.
//! - **Attribution**: [`LiveMethod::components`] names the component versions (path and
//!   SHA-256 of the bytes) the method's last execute ran on.
//! - **Threads**: [`Runtime`] is `Send + Sync` and cheap to clone (one `Arc`); every
//!   operation may be called from any thread while others execute. A [`LiveMethod`] is
//!   `Send`; executes of different methods run in parallel (each has its own
//!   instances; no lock is held during an execute).
//! - **Freeing**: a replaced or unloaded component is dropped when the last snapshot
//!   and the last method holding it let go of it.
//!
//! ```no_run
//! use std::path::Path;
//! use std::sync::Arc;
//! let runtime = plugboard::Runtime::with_defaults(Default::default())?;
//! let program = Arc::new(plugboard::Program::from_file("model.xnnpack.pte")?);
//! let mut method = runtime.load_method(program, "forward")?;
//! method.set_input(0, plugboard::EValue::Tensor(plugboard::Tensor::from_f32(vec![2, 3], &[1.0; 6])?))?;
//! method.execute()?; // on the bundled XNNPACK backend
//! // From any thread, while methods run:
//! runtime.replace_component("XnnpackBackend", Path::new("my_xnnpack.wasm"))?;
//! method.execute()?; // moved to my_xnnpack.wasm at the start of this execute
//! println!("{:?}", method.components());
//! # Ok::<(), plugboard::Error>(())
//! ```

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError, RwLock};

use crate::component::{ComponentInfo, ComponentKind, SandboxConfig};
use crate::distribution::TrustPolicy;
use crate::registry::{LoadOptions, RegisteredComponent};
use crate::{EValue, Error, Method, Program, Registry, Result};

/// A component as loaded: where it came from and a digest of its bytes (its identity;
/// replacing a component loads another one). Not a version number: the contract version
/// is [`crate::component::ContractVersion`], the component's own version string
/// [`crate::component::ComponentInfo::component_version`].
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct LoadedComponent {
    /// The file it was loaded from (`<bundled>/NAME.wasm` for bundled ones).
    pub path: PathBuf,
    /// SHA-256 of the component's bytes, lower-case hex.
    pub sha256: String,
    /// Kernel library or backend.
    pub kind: ComponentKind,
}

impl LoadedComponent {
    /// The loaded component `info` describes.
    pub fn of(info: &ComponentInfo) -> LoadedComponent {
        LoadedComponent {
            path: info.path.clone(),
            sha256: info.sha256_hex(),
            kind: info.kind,
        }
    }
}

/// How [`Runtime::with_options`] builds a runtime.
///
/// ```no_run
/// // Only the components pinned in plugboard.lock load, byte for byte.
/// let runtime = plugboard::Runtime::with_options(plugboard::RuntimeOptions::locked("plugboard.lock"))?;
/// # Ok::<(), plugboard::Error>(())
/// ```
#[derive(Debug, Clone, Default)]
pub struct RuntimeOptions {
    /// The sandbox limits and the compile cache.
    pub sandbox: SandboxConfig,
    /// A lockfile (`plugboard.lock`, see [`crate::distribution::lockfile`]): every
    /// component loaded, replaced or pulled must be in it with the same bytes, checked
    /// before it is compiled.
    pub lock: Option<PathBuf>,
    /// Refuse every component without a valid signature (the bundled ones excepted).
    pub require_signed: bool,
    /// Leave out the components built into the binary.
    pub no_bundled: bool,
}

impl RuntimeOptions {
    /// The registry these options describe: the sandbox limits, the trust policy, then
    /// the bundled components (unless [`RuntimeOptions::no_bundled`]) and those in the
    /// `PLUGBOARD_PATH` directories, each checked against the policy before it is
    /// compiled ([`Runtime::with_options`] wraps it in a runtime).
    ///
    /// Errors: as [`Runtime::with_options`].
    pub fn registry(self) -> Result<Registry> {
        let mut registry = Registry::new(self.sandbox)?;
        let mut policy = match &self.lock {
            Some(path) => TrustPolicy::locked(path)?,
            None => TrustPolicy::default(),
        };
        policy.require_signed = self.require_signed;
        registry.set_policy(policy);
        if !self.no_bundled {
            registry.load_bundled()?;
        }
        registry.load_plugin_path()?;
        Ok(registry)
    }

    /// Default options with the lockfile at `path`: the runtime refuses any component
    /// that is not in it or whose bytes differ.
    pub fn locked(path: impl Into<PathBuf>) -> RuntimeOptions {
        RuntimeOptions {
            lock: Some(path.into()),
            ..RuntimeOptions::default()
        }
    }
}

/// A registry snapshot and its generation.
#[derive(Clone)]
struct Snapshot {
    registry: Arc<Registry>,
    generation: u64,
}

struct Inner {
    /// The current snapshot; read only to clone it.
    current: RwLock<Snapshot>,
    /// The current snapshot's generation, readable without the lock.
    generation: AtomicU64,
    /// Serializes changes (held while a new component compiles; executes never take it).
    writer: Mutex<()>,
}

/// The live registry shared by every thread: load, replace and unload components while
/// methods run (see the [module docs](self) for the semantics).
#[derive(Clone)]
pub struct Runtime {
    inner: Arc<Inner>,
}

impl std::fmt::Debug for Runtime {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Runtime")
            .field("generation", &self.generation())
            .field("components", &self.components())
            .finish()
    }
}

impl Runtime {
    /// A runtime starting from `registry` (generation 0).
    pub fn new(registry: Registry) -> Runtime {
        Runtime {
            inner: Arc::new(Inner {
                current: RwLock::new(Snapshot {
                    registry: Arc::new(registry),
                    generation: 0,
                }),
                generation: AtomicU64::new(0),
                writer: Mutex::new(()),
            }),
        }
    }

    /// A runtime built as `options` say: its sandbox limits, its trust policy (a
    /// lockfile, required signatures), then the bundled components (unless
    /// [`RuntimeOptions::no_bundled`]) and those in the `PLUGBOARD_PATH` directories,
    /// each checked against the policy before it is compiled.
    ///
    /// Errors: those of [`crate::distribution::Lockfile::read`] for the lockfile;
    /// those of [`Registry::load_file`] (a component the policy refuses included).
    pub fn with_options(options: RuntimeOptions) -> Result<Runtime> {
        Ok(Runtime::new(options.registry()?))
    }

    /// A runtime with the bundled components and those in the `PLUGBOARD_PATH`
    /// directories ([`Registry::with_defaults`]).
    pub fn with_defaults(config: SandboxConfig) -> Result<Runtime> {
        Ok(Runtime::new(Registry::with_defaults(config)?))
    }

    /// The current registry snapshot (it does not change; later changes make new ones).
    pub fn registry(&self) -> Arc<Registry> {
        self.snapshot().registry
    }

    /// How many changes the registry has seen (0 for the registry it started from).
    pub fn generation(&self) -> u64 {
        self.inner.generation.load(Ordering::Acquire)
    }

    /// The version of every component in the current snapshot, in load order.
    pub fn components(&self) -> Vec<LoadedComponent> {
        self.registry()
            .components()
            .iter()
            .map(|c| LoadedComponent::of(&c.info))
            .collect()
    }

    fn snapshot(&self) -> Snapshot {
        // A poisoned lock still holds a whole snapshot: it is only ever assigned.
        self.inner
            .current
            .read()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    /// Applies `change` to a copy of the current registry and swaps the copy in when it
    /// succeeds; on error nothing changes.
    fn change<T>(&self, what: &str, change: impl FnOnce(&mut Registry) -> Result<T>) -> Result<T> {
        // Guards no data (the snapshot is only swapped below), so poisoning is harmless.
        let _writer = self
            .inner
            .writer
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        let current = self.snapshot();
        let mut next = Registry::clone(&current.registry);
        let out = change(&mut next).inspect_err(|e| {
            tracing::warn!(change = what, error = %e, "registry change refused; nothing changed");
        })?;
        let generation = current.generation + 1;
        let old = {
            let mut slot = self
                .inner
                .current
                .write()
                .unwrap_or_else(PoisonError::into_inner);
            std::mem::replace(
                &mut *slot,
                Snapshot {
                    registry: Arc::new(next),
                    generation,
                },
            )
        };
        self.inner.generation.store(generation, Ordering::Release);
        tracing::info!(change = what, generation, "registry changed");
        // The old snapshot is dropped here, outside the snapshot lock.
        drop(old);
        Ok(out)
    }

    /// Loads the component in the file `path` (see [`Registry::load_file`]) and returns
    /// its version. Errors: those of [`Registry::load_file`]; nothing changes on error.
    pub fn load_component(&self, path: &Path) -> Result<LoadedComponent> {
        self.load_component_with(path, LoadOptions::default())
    }

    /// [`Runtime::load_component`] with `options` (e.g. a kernel library overriding the
    /// operators of those loaded before it).
    pub fn load_component_with(
        &self,
        path: &Path,
        options: LoadOptions,
    ) -> Result<LoadedComponent> {
        // Read inside the change (not here) so that the file's signature
        // (`FILE.wasm.sig`) is read with it and the trust policy sees both.
        self.change("load", |r| {
            r.load_file_with(path, options)?;
            last_version(r)
        })
    }

    /// Loads the component at the OCI reference `reference`
    /// (`oci://REGISTRY/REPO:TAG` or `…@sha256:DIGEST`, the `oci://` optional): from the
    /// local store (`store`) when pinned by a digest already pulled, else pulled, every
    /// digest and size verified, and kept in the store. Its signature, when one was
    /// pushed with it, comes along and the trust policy checks both before compiling.
    /// It is named `oci://REGISTRY/REPO@sha256:<manifest digest>` (its lockfile source).
    ///
    /// Errors: those of [`crate::distribution::fetch`] and [`Registry::load_signed_bytes`];
    /// nothing changes on error.
    pub fn load_component_ref(
        &self,
        reference: &str,
        store: &crate::distribution::Store,
        options: LoadOptions,
    ) -> Result<LoadedComponent> {
        let fetched = crate::distribution::fetch(reference, store, None)?;
        self.change("load", |r| {
            r.load_signed_bytes(
                &fetched.source,
                &fetched.bytes,
                fetched.signature.as_deref(),
                options,
            )?;
            last_version(r)
        })
    }

    /// Loads a component from `bytes`; `path` names it. Errors: those of
    /// [`Registry::load_bytes_with`]; nothing changes on error.
    pub fn load_component_bytes(
        &self,
        path: &Path,
        bytes: &[u8],
        options: LoadOptions,
    ) -> Result<LoadedComponent> {
        self.change("load", |r| {
            r.load_bytes_with(path, bytes, options)?;
            last_version(r)
        })
    }

    /// Replaces the component `old` (a backend id it registers, its path as loaded, or
    /// its file name) with the component in the file `new_path`, and returns the new
    /// version. Loaded methods move to it at their next execute.
    ///
    /// Errors: those of [`Registry::replace_file`]; on error nothing changes and the old
    /// version keeps serving.
    pub fn replace_component(&self, old: &str, new_path: &Path) -> Result<LoadedComponent> {
        self.change("replace", |r| {
            let index = r.position(old)?;
            r.replace_file(old, new_path)?;
            replaced_version(r, index)
        })
    }

    /// [`Runtime::replace_component`] with the new component's `bytes`; `new_path` names
    /// it.
    pub fn replace_component_bytes(
        &self,
        old: &str,
        new_path: &Path,
        bytes: &[u8],
    ) -> Result<LoadedComponent> {
        self.change("replace", |r| {
            let index = r.position(old)?;
            r.replace_bytes(old, new_path, bytes)?;
            replaced_version(r, index)
        })
    }

    /// Unloads the component `old` (a backend id it registers, its path as loaded, or its
    /// file name) and returns its version. Methods using it keep it until they are
    /// dropped or move to a replacement.
    ///
    /// Errors: `NotFound` when nothing is `old`; nothing changes on error.
    pub fn unload_component(&self, old: &str) -> Result<LoadedComponent> {
        self.change("unload", |r| {
            let removed: RegisteredComponent = r.unload(old)?;
            Ok(LoadedComponent::of(&removed.info))
        })
    }

    /// Loads method `name` of `program` against the current snapshot.
    ///
    /// Errors: those of [`Method::load`].
    pub fn load_method(&self, program: Arc<Program>, name: &str) -> Result<LiveMethod> {
        let snapshot = self.snapshot();
        let method = Method::load(program, name, &snapshot.registry)?;
        Ok(LiveMethod {
            inputs: vec![None; method.num_inputs()],
            method,
            runtime: self.clone(),
            generation: snapshot.generation,
            last_move_error: None,
            moves: 0,
        })
    }
}

fn replaced_version(r: &Registry, index: usize) -> Result<LoadedComponent> {
    r.components()
        .get(index)
        .map(|c| LoadedComponent::of(&c.info))
        .ok_or_else(|| Error::new(crate::ErrorKind::Internal, "replaced component vanished"))
}

fn last_version(r: &Registry) -> Result<LoadedComponent> {
    r.components()
        .last()
        .map(|c| LoadedComponent::of(&c.info))
        .ok_or_else(|| Error::new(crate::ErrorKind::Internal, "loaded component vanished"))
}

/// A method loaded through a [`Runtime`]: it follows the runtime's component changes at
/// the start of each [`LiveMethod::execute`] (see the [module docs](self)).
pub struct LiveMethod {
    runtime: Runtime,
    method: Method,
    /// The generation of the snapshot the method last compared itself with.
    generation: u64,
    /// The inputs set so far, set again on a move.
    inputs: Vec<Option<EValue>>,
    last_move_error: Option<Error>,
    moves: u64,
}

impl std::fmt::Debug for LiveMethod {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LiveMethod")
            .field("name", &self.method.name())
            .field("generation", &self.generation)
            .field("components", &self.components())
            .finish()
    }
}

/// How the current snapshot relates to what a method runs on.
enum Resolution {
    /// The method's operators and delegates resolve to exactly its components.
    Same,
    /// Some of its components are gone (unloaded) and the rest are unchanged: it keeps
    /// its old ones.
    Unloaded,
    /// They resolve to other components: the method moves.
    Changed,
}

impl LiveMethod {
    /// The method as of its last execute (or load).
    pub fn method(&self) -> &Method {
        &self.method
    }

    /// The method's name.
    pub fn name(&self) -> &str {
        self.method.name()
    }

    /// Number of inputs.
    pub fn num_inputs(&self) -> usize {
        self.method.num_inputs()
    }

    /// Number of outputs.
    pub fn num_outputs(&self) -> usize {
        self.method.num_outputs()
    }

    /// The runtime this method follows.
    pub fn runtime(&self) -> &Runtime {
        &self.runtime
    }

    /// The runtime generation the method last compared itself with.
    pub fn generation(&self) -> u64 {
        self.generation
    }

    /// How many times the method moved to other component versions.
    pub fn moves(&self) -> u64 {
        self.moves
    }

    /// Why the method could not move to the components the runtime has now (it runs on
    /// its old ones), if its last attempt failed; cleared by a successful move, or when
    /// a later change makes the runtime's components its own again.
    pub fn last_move_error(&self) -> Option<&Error> {
        self.last_move_error.as_ref()
    }

    /// The component versions the method runs on (its last execute ran on exactly
    /// these): its kernel library, then its backends.
    pub fn components(&self) -> Vec<LoadedComponent> {
        self.method
            .components()
            .into_iter()
            .map(|c| LoadedComponent::of(c))
            .collect()
    }

    /// Sets input `index`; kept, to be set again when the method moves. Errors: those of
    /// [`Method::set_input`].
    pub fn set_input(&mut self, index: usize, value: EValue) -> Result<()> {
        self.method.set_input(index, value.clone())?;
        if let Some(slot) = self.inputs.get_mut(index) {
            *slot = Some(value);
        }
        Ok(())
    }

    /// Turns prepared-call batching on or off ([`Method::set_batching`]); kept across
    /// moves.
    pub fn set_batching(&mut self, on: bool) {
        self.method.set_batching(on);
    }

    /// Turns host copies of byte-moving operators on or off
    /// ([`Method::set_host_copies`]); kept across moves.
    pub fn set_host_copies(&mut self, on: bool) {
        self.method.set_host_copies(on);
    }

    /// Turns `execute-again` for delegate calls on or off
    /// ([`Method::set_execute_again`]); kept across moves.
    pub fn set_execute_again(&mut self, on: bool) {
        self.method.set_execute_again(on);
    }

    /// Moves to the runtime's current components if they changed for this method, then
    /// runs the method once. A failed move is not an error of the execute: the method
    /// runs on its old components and [`LiveMethod::last_move_error`] says why.
    ///
    /// Errors: those of [`Method::execute`].
    pub fn execute(&mut self) -> Result<()> {
        self.follow();
        self.method.execute()
    }

    /// The outputs of the last execute. Errors: those of [`Method::outputs`].
    pub fn outputs(&mut self) -> Result<Vec<EValue>> {
        self.method.outputs()
    }

    /// Compares the method with the runtime's current snapshot and moves when its
    /// components changed.
    fn follow(&mut self) {
        if self.runtime.generation() == self.generation {
            return;
        }
        let snapshot = self.runtime.snapshot();
        self.generation = snapshot.generation;
        match self.resolve(&snapshot.registry) {
            // Runs on what the runtime has now: an earlier failed move is moot.
            Resolution::Same => self.last_move_error = None,
            Resolution::Unloaded => {
                tracing::debug!(
                    method = self.method.name(),
                    "a component of the method was unloaded; it keeps its instances"
                );
            }
            Resolution::Changed => match self.reload(&snapshot.registry) {
                Ok(method) => {
                    let from = self.components();
                    self.method = method;
                    self.moves += 1;
                    self.last_move_error = None;
                    tracing::debug!(
                        method = self.method.name(),
                        generation = snapshot.generation,
                        from = ?from,
                        to = ?self.components(),
                        "method moved to new component versions"
                    );
                }
                Err(e) => {
                    tracing::warn!(
                        method = self.method.name(),
                        generation = snapshot.generation,
                        error = %e,
                        "method cannot move to the new component versions; it keeps the old ones"
                    );
                    self.last_move_error = Some(e);
                }
            },
        }
    }

    /// What the method's kernels and delegates resolve to in `registry`, compared with
    /// what it runs on.
    fn resolve(&self, registry: &Registry) -> Resolution {
        let current = self.method.components();
        let r = crate::method::resolve::resolve(self.method.plan(), registry);
        let missing = !r.missing.is_empty() || r.backends.iter().any(Option::is_none);
        let mut wanted: Vec<&Arc<ComponentInfo>> = Vec::new();
        for i in r.libraries.iter().chain(r.backends.iter().flatten()) {
            if !wanted.iter().any(|w| Arc::ptr_eq(w, i)) {
                wanted.push(i);
            }
        }
        let known = |w: &&Arc<ComponentInfo>| current.iter().any(|c| Arc::ptr_eq(c, w));
        if !wanted.iter().all(known) {
            Resolution::Changed
        } else if missing {
            Resolution::Unloaded
        } else if wanted.len() == current.len() {
            Resolution::Same
        } else {
            Resolution::Changed
        }
    }

    /// The method loaded again against `registry`, with the inputs, batching, host-copy
    /// and execute-again settings of this one.
    fn reload(&self, registry: &Registry) -> Result<Method> {
        let mut method = Method::load(self.method.program().clone(), self.method.name(), registry)?;
        method.set_batching(self.method.is_batching());
        method.set_host_copies(self.method.host_copies());
        method.set_execute_again(self.method.execute_again());
        for (i, v) in self.inputs.iter().enumerate() {
            if let Some(v) = v {
                method.set_input(i, v.clone())?;
            }
        }
        Ok(method)
    }
}

#[cfg(test)]
mod tests {
    fn send_sync<T: Send + Sync>() {}
    fn send<T: Send>() {}

    #[test]
    fn runtime_is_send_sync_and_methods_send() {
        send_sync::<super::Runtime>();
        send::<super::LiveMethod>();
    }
}
