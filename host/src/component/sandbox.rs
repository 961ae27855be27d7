//! One sandboxed component instance: a `Store` with the memory cap and call deadline,
//! and the translation of traps into host errors.
//!
//! The deadline is wall-clock time: every call sets it on the instance's account
//! (`plugboard_native_accel::meter::Account`), native work in host imports checks it
//! between chunks, and wasm code checks it at every epoch tick
//! ([`super::engine::epoch_tick`]) through an epoch callback, so neither late ticks
//! nor time spent in the host stretch it.

use std::sync::Arc;

use plugboard_native_accel::meter::Account;
use wasmtime::component::Instance;
use wasmtime::{Store, Trap, UpdateDeadline};

use super::imports::DeadlineExceeded;
use super::memory::GuestMemory;
use super::{ComponentInfo, HostState};
use crate::{Error, ErrorKind, Result};

/// What wasmtime says when a call copies more than the store's hostcall fuel.
const TRANSFER_LIMIT_MESSAGE: &str = "fuel allocated for hostcalls has been exhausted";

/// A live instance of a component in its own `Store`.
///
/// After a trap the instance is dead (wasmtime refuses to enter it again):
/// [`Sandboxed::is_poisoned`] turns true and the owner makes a fresh one.
pub struct Sandboxed {
    pub(crate) store: Store<HostState>,
    pub(crate) instance: Instance,
    pub(crate) info: Arc<ComponentInfo>,
    /// The instance's linear memory, when the host allocated it and it has one.
    memory: Option<Arc<GuestMemory>>,
    poisoned: bool,
}

impl Sandboxed {
    pub(crate) fn new(info: Arc<ComponentInfo>) -> Result<Sandboxed> {
        let engine = info.engine.clone();
        let config = engine.config();
        let account = Account::new(config.memory_cap, config.native_work_cap);
        let mut store = Store::new(
            engine.engine(),
            HostState::new(
                info.name.clone(),
                account,
                info.log_limit.clone(),
                config.cpu_accel,
                config.cpu_threads,
                (engine.gpu().clone(), config.gpu_budget),
                engine.qnn().clone(),
            ),
        );
        store.limiter(|s| &mut s.limits);
        store.set_hostcall_fuel(config.max_transfer);
        if config.call_deadline.is_some() {
            store.epoch_deadline_callback(|ctx| {
                Ok(if ctx.data().account.past_deadline() {
                    UpdateDeadline::Interrupt
                } else {
                    UpdateDeadline::Continue(1)
                })
            });
        }
        start_call(&info, &mut store);
        let (instance, memories) = super::memory::capture(|| info.pre.instantiate(&mut store));
        store.data_mut().end_call();
        let instance = instance.map_err(|e| {
            let mut err = classify(&info, &store, e, "instantiate");
            if err.kind == ErrorKind::Internal {
                err.kind = ErrorKind::DelegateInvalidCompatibility;
            }
            err
        })?;
        // The memory the canonical ABI uses: a component built by wit-component from
        // one Rust crate has exactly one (more, and the host cannot tell which).
        let memory = match memories.len() {
            1 => memories.into_iter().next(),
            _ => None,
        };
        store.data_mut().cpu_accel.set_memory(memory.clone());
        Ok(Sandboxed {
            store,
            instance,
            info,
            memory,
            poisoned: false,
        })
    }

    /// The component this instance runs.
    pub fn info(&self) -> &Arc<ComponentInfo> {
        &self.info
    }

    /// The instance's linear memory, for the host's own reads and writes of tensor
    /// bytes (contract 2.0).
    ///
    /// Errors: `NotSupported` when this host does not allocate memories itself (not
    /// Unix) or the component has more than one memory; `InvalidState` after a trap.
    pub fn memory(&self) -> Result<&Arc<GuestMemory>> {
        if self.poisoned {
            return Err(Error::new(
                ErrorKind::InvalidState,
                "component instance is dead after an earlier trap",
            )
            .with_component_id(&self.info.path, &self.info.sha256_hex()));
        }
        self.memory.as_ref().ok_or_else(|| {
            Error::new(
                ErrorKind::NotSupported,
                if super::memory::HOST_MEMORIES {
                    "the component does not have exactly one linear memory, so the host cannot copy tensor bytes into it"
                } else {
                    "copying tensor bytes into components (contract 2.0) needs a Unix host"
                },
            )
            .with_component_id(&self.info.path, &self.info.sha256_hex())
        })
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
            .with_component_id(&self.info.path, &self.info.sha256_hex()));
        }
        start_call(&self.info, &mut self.store);
        let r = f(&mut self.store);
        self.store.data_mut().end_call();
        match r {
            Ok(r) => Ok(r),
            Err(e) => {
                self.poisoned = true;
                Err(classify(&self.info, &self.store, e, what))
            }
        }
    }
}

/// Starts a top-level call: sets the wall-clock deadline and the epoch check.
fn start_call(info: &ComponentInfo, store: &mut Store<HostState>) {
    let deadline = info.engine.config().call_deadline;
    let account = &store.data().account;
    match deadline {
        // Counted from the first epoch tick of the call (no clock read per call, see
        // `Account::start_deadline`).
        Some(d) => account.start_deadline(d),
        None => account.set_deadline(None),
    }
    if deadline.is_some() {
        store.set_epoch_deadline(1);
    }
    store.data_mut().limits.refused = None;
}

/// Maps a wasmtime error from a call into `what` to a host error.
fn classify(
    info: &ComponentInfo,
    store: &Store<HostState>,
    e: wasmtime::Error,
    what: &str,
) -> Error {
    let account = &store.data().account;
    let cap = account.cap();
    let refused = store.data().limits.refused;
    let trap = e.downcast_ref::<Trap>().copied();
    let deadline = trap == Some(Trap::Interrupt) || e.downcast_ref::<DeadlineExceeded>().is_some();
    let transfer = format!("{e:#}").contains(TRANSFER_LIMIT_MESSAGE);
    let (kind, msg) = match (trap, refused) {
        _ if deadline => (
            ErrorKind::OutOfResources,
            format!(
                "{what} ran past its call deadline of {:?} and was stopped",
                info.engine.config().call_deadline.unwrap_or_default()
            ),
        ),
        _ if transfer => (
            ErrorKind::OutOfResources,
            format!(
                "{what} copied more than {} MiB from the component to the host in one call \
                 (the sandbox's transfer limit: SandboxConfig::max_transfer, --max-transfer-mib)",
                info.engine.config().max_transfer >> 20
            ),
        ),
        (_, Some(r)) => (
            ErrorKind::MemoryAllocationFailed,
            format!(
                "{what} tried to grow {} from {} to {}, which would take the component past its memory cap of {} \
                 ({} in use: its linear memories, tables and what the host holds for it)",
                r.what,
                bytes(r.from),
                bytes(r.to),
                bytes(cap),
                bytes(account.used())
            ),
        ),
        (Some(t), None) => {
            let panic = store.data().panic_message().map(|l| format!(" ({l})")).unwrap_or_default();
            (ErrorKind::Internal, format!("{what} trapped: {t}{}{panic}", trap_site(&e)))
        }
        (None, None) => (ErrorKind::Internal, format!("{what} failed: {e:#}")),
    };
    Error::new(kind, msg).with_component_id(&info.path, &info.sha256_hex())
}

/// `n` bytes, in the largest unit that keeps the number readable.
pub(crate) fn bytes(n: usize) -> String {
    plugboard_native_accel::meter::human_bytes(n)
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
