//! One sandboxed component instance: a `Store` with the memory cap and call deadline,
//! and the translation of traps into host errors.

use std::sync::Arc;

use wasmtime::component::Instance;
use wasmtime::{Store, Trap};

use super::{ComponentInfo, HostState};
use crate::{Error, ErrorKind, Result};

/// A live instance of a component in its own `Store`.
///
/// After a trap the instance is dead (wasmtime refuses to enter it again):
/// [`Sandboxed::is_poisoned`] turns true and the owner makes a fresh one.
pub struct Sandboxed {
    pub(crate) store: Store<HostState>,
    pub(crate) instance: Instance,
    pub(crate) info: Arc<ComponentInfo>,
    poisoned: bool,
}

impl Sandboxed {
    pub(crate) fn new(info: Arc<ComponentInfo>) -> Result<Sandboxed> {
        let engine = info.engine.clone();
        let mut store = Store::new(
            engine.engine(),
            HostState::new(info.name.clone(), engine.config().memory_cap)
                .with_cpu_accel(engine.config().cpu_accel, engine.config().cpu_threads),
        );
        store.limiter(|s| &mut s.limits);
        if engine.config().call_deadline.is_some() {
            store.epoch_deadline_trap();
            store.set_epoch_deadline(engine.deadline_ticks());
        }
        let instance = info.pre.instantiate(&mut store).map_err(|e| {
            let mut err = classify(&info, &store, e, "instantiate");
            if err.kind == ErrorKind::Internal {
                err.kind = ErrorKind::DelegateInvalidCompatibility;
            }
            err
        })?;
        Ok(Sandboxed {
            store,
            instance,
            info,
            poisoned: false,
        })
    }

    /// The component this instance runs.
    pub fn info(&self) -> &Arc<ComponentInfo> {
        &self.info
    }

    /// Whether a trap killed this instance.
    pub fn is_poisoned(&self) -> bool {
        self.poisoned
    }

    /// Runs `f` (one call into the guest) under the call deadline and turns a trap into
    /// an [`Error`] naming the component and `what` was called.
    pub fn call<R>(
        &mut self,
        what: &str,
        f: impl FnOnce(&mut Store<HostState>) -> wasmtime::Result<R>,
    ) -> Result<R> {
        if self.poisoned {
            return Err(Error::new(
                ErrorKind::InvalidState,
                format!("component instance is dead after an earlier trap (calling {what})"),
            )
            .with_component(&self.info.path));
        }
        if self.info.engine.config().call_deadline.is_some() {
            let ticks = self.info.engine.deadline_ticks();
            self.store.set_epoch_deadline(ticks);
        }
        self.store.data_mut().limits.refused = None;
        match f(&mut self.store) {
            Ok(r) => Ok(r),
            Err(e) => {
                self.poisoned = true;
                Err(classify(&self.info, &self.store, e, what))
            }
        }
    }
}

/// Maps a wasmtime error from a call into `what` to a host error.
fn classify(
    info: &ComponentInfo,
    store: &Store<HostState>,
    e: wasmtime::Error,
    what: &str,
) -> Error {
    let cap = store.data().limits.memory_cap;
    let refused = store.data().limits.refused;
    let trap = e.downcast_ref::<Trap>().copied();
    let (kind, msg) = match (trap, refused) {
        (Some(Trap::Interrupt), _) => (
            ErrorKind::OutOfResources,
            format!(
                "{what} ran past its call deadline of {:?} and was stopped",
                info.engine.config().call_deadline.unwrap_or_default()
            ),
        ),
        (_, Some(want)) => (
            ErrorKind::MemoryAllocationFailed,
            format!(
                "{what} tried to grow its memory to {want} bytes, past the cap of {cap} bytes, and trapped"
            ),
        ),
        (Some(t), None) => {
            let panic = store.data().panic_message().map(|l| format!(" ({l})")).unwrap_or_default();
            (ErrorKind::Internal, format!("{what} trapped: {t}{}{panic}", trap_site(&e)))
        }
        (None, None) => (ErrorKind::Internal, format!("{what} failed: {e:#}")),
    };
    Error::new(kind, msg).with_component(&info.path)
}

/// ` in FUNCTION` for the innermost guest frame outside the Rust runtime, if wasmtime
/// recorded a backtrace.
fn trap_site(e: &wasmtime::Error) -> String {
    let Some(bt) = e.downcast_ref::<wasmtime::WasmBacktrace>() else {
        return String::new();
    };
    let runtime = [
        "std", "core", "alloc", "__rust", "abort", "rust_", "dlmalloc",
    ];
    bt.frames()
        .iter()
        .filter_map(|f| f.func_name())
        .map(|n| format!("{:#}", rustc_demangle::demangle(n)))
        .find(|n| !runtime.iter().any(|p| n.starts_with(p)))
        .map(|n| format!(" in {n}"))
        .unwrap_or_default()
}
