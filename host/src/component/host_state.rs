//! What each component instance's `Store` holds: the WASI context (nothing granted),
//! the memory limiter, the instance's resource account and one context per import
//! (see [`super::imports`]); [`HostState::add_imports_to_linker`] links them all.
//!
//! Memory: the instance's [`Account`] holds its cap; the wasmtime `ResourceLimiter`
//! ([`MemoryLimiter`]) charges linear-memory and table growth to it, and the imports
//! charge what the host allocates for the instance to the same account, so the cap
//! covers both.

use std::sync::Arc;

use plugboard_native_accel::gpu::GpuHost;
use plugboard_native_accel::meter::Account;
use plugboard_native_accel::qnn::QnnHost;
use wasmtime::component::{Linker, ResourceTable};
use wasmtime_wasi::{WasiCtx, WasiCtxView, WasiView};

use super::imports::clock::{self, ClockCtx};
use super::imports::cpu_accel::{self, CpuAccel};
use super::imports::gpu::{self, GpuCtx};
use super::imports::log_limit::LogLimit;
use super::imports::logging::{self, LoggingCtx};
use super::imports::named_data::{self, NamedDataCtx};
use super::imports::profiling::{self, ProfilingCtx};
use super::imports::progress::{self, ProgressCtx};
use super::imports::qnn::{self, QnnCtx};
use super::imports::types::{self, TypesCtx};

/// The data of one component instance's `Store`.
pub struct HostState {
    wasi: WasiCtx,
    table: ResourceTable,
    pub(crate) limits: MemoryLimiter,
    /// Memory cap and call deadline, shared by the limiter and every import.
    pub(crate) account: Account,
    types: TypesCtx,
    pub(crate) logging: LoggingCtx,
    clock: ClockCtx,
    pub(crate) progress: ProgressCtx,
    pub(crate) profiling: ProfilingCtx,
    pub(crate) named_data: NamedDataCtx,
    pub(crate) cpu_accel: CpuAccel,
    pub(crate) gpu: GpuCtx,
    pub(crate) qnn: QnnCtx,
}

impl HostState {
    /// A state with no filesystem, environment, network or arguments: stdout and stderr
    /// go to the host log tagged with `component`, through `log_limit`; memory (linear
    /// memories plus what imports allocate) is charged to `account`; the native CPU
    /// kernels are offered when `cpu_accel`, with `threads` threads; the GPU is
    /// `gpu`'s device, with a budget of `gpu_budget` bytes for this instance; QNN is
    /// `qnn`'s.
    pub(crate) fn new(
        component: Arc<str>,
        account: Account,
        log_limit: Arc<LogLimit>,
        cpu_accel: bool,
        threads: usize,
        gpu: (Arc<GpuHost>, u64),
        qnn: Arc<QnnHost>,
    ) -> Self {
        let logging = LoggingCtx::new(component, log_limit);
        let mut b = WasiCtx::builder();
        b.stdout(logging.stdout());
        b.stderr(logging.stderr());
        HostState {
            wasi: b.build(),
            table: ResourceTable::new(),
            limits: MemoryLimiter {
                account: account.clone(),
                refused: None,
                last_growth: None,
                last_table_growth: None,
            },
            cpu_accel: CpuAccel::new(cpu_accel, threads, account.clone()),
            gpu: GpuCtx::new(gpu.0, account.clone(), gpu.1),
            qnn: QnnCtx::new(qnn),
            account,
            types: TypesCtx,
            logging,
            clock: ClockCtx,
            progress: ProgressCtx::default(),
            profiling: ProfilingCtx::default(),
            named_data: NamedDataCtx::default(),
        }
    }

    /// Links every `plugboard:runtime` import, each to its own context.
    pub(crate) fn add_imports_to_linker(linker: &mut Linker<HostState>) -> wasmtime::Result<()> {
        types::add_to_linker(linker, |s| &mut s.types)?;
        logging::add_to_linker(linker, |s| &mut s.logging)?;
        clock::add_to_linker(linker, |s| &mut s.clock)?;
        progress::add_to_linker(linker, |s| &mut s.progress)?;
        profiling::add_to_linker(linker, |s| &mut s.profiling)?;
        named_data::add_to_linker(linker, |s| &mut s.named_data)?;
        cpu_accel::add_to_linker(linker, |s| &mut s.cpu_accel)?;
        gpu::add_to_linker(linker, |s| &mut s.gpu)?;
        qnn::add_to_linker(linker, |s| &mut s.qnn)?;
        // 1.x components: the same contexts through the 1.x adapter.
        crate::bindings::v1::imports::add_to_linker(
            linker,
            crate::bindings::v1::imports::Getters {
                types: |s| &mut s.types,
                logging: |s| &mut s.logging,
                clock: |s| &mut s.clock,
                progress: |s| &mut s.progress,
                profiling: |s| &mut s.profiling,
                named_data: |s| &mut s.named_data,
                cpu_accel: |s| &mut s.cpu_accel,
                gpu: |s| &mut s.gpu,
                qnn: |s| &mut s.qnn,
            },
        )?;
        Ok(())
    }

    /// Ends the current top-level call: host memory held only until the guest took its
    /// result is released, the deadline cleared, dropped log records reported.
    pub(crate) fn end_call(&mut self) {
        self.cpu_accel.end_call();
        self.gpu.end_call();
        self.account.set_deadline(None);
        self.logging.flush();
    }

    /// What the accelerators this instance asked for said (`cpu-accel`'s last
    /// `available`, the `gpu` and `qnn` imports' last `open`): `Ok` names a device, `Err` says why there is none. For telling a user
    /// why a backend is unavailable.
    pub(crate) fn accelerators(&self) -> Vec<Result<String, String>> {
        [
            self.cpu_accel.last_available(),
            self.gpu.last_open(),
            self.qnn.last_open(),
        ]
        .into_iter()
        .flatten()
        .cloned()
        .collect()
    }

    /// The panic message a Rust guest wrote to stderr just before it trapped, if any.
    pub fn panic_message(&self) -> Option<String> {
        self.logging.panic_message()
    }
}

impl WasiView for HostState {
    fn ctx(&mut self) -> WasiCtxView<'_> {
        WasiCtxView {
            ctx: &mut self.wasi,
            table: &mut self.table,
        }
    }
}

/// Charges an instance's linear memories (all of them together) to its account and
/// remembers a refused growth, so that the trap that usually follows (an allocation
/// failure aborts a Rust guest) can be reported as `MemoryAllocationFailed` rather than
/// as a bare trap.
pub(crate) struct MemoryLimiter {
    pub(crate) account: Account,
    /// A refused growth: what grew, from and to how many bytes.
    pub(crate) refused: Option<Refused>,
    /// The last growth allowed, `(from, to)`, un-charged if it then fails.
    last_growth: Option<(usize, usize)>,
    /// The same for tables, in elements.
    last_table_growth: Option<(usize, usize)>,
}

impl wasmtime::ResourceLimiter for MemoryLimiter {
    fn memory_growing(
        &mut self,
        current: usize,
        desired: usize,
        _maximum: Option<usize>,
    ) -> wasmtime::Result<bool> {
        if !self.account.grow(current, desired) {
            self.refused = Some(Refused {
                what: "a linear memory",
                from: current,
                to: desired,
            });
            return Ok(false);
        }
        self.last_growth = Some((current, desired));
        Ok(true)
    }

    fn memory_grow_failed(&mut self, _error: wasmtime::Error) -> wasmtime::Result<()> {
        if let Some((from, to)) = self.last_growth.take() {
            self.account.grow(to, from);
        }
        Ok(())
    }

    fn memories(&self) -> usize {
        // Each memory reserves address space; real components have one or two.
        16
    }

    fn instances(&self) -> usize {
        1000
    }

    fn tables(&self) -> usize {
        100
    }

    fn table_growing(
        &mut self,
        current: usize,
        desired: usize,
        _maximum: Option<usize>,
    ) -> wasmtime::Result<bool> {
        // Table elements are host memory too: charged at a slot's size.
        let ok = desired <= 1 << 20
            && self
                .account
                .grow(current * TABLE_SLOT_BYTES, desired * TABLE_SLOT_BYTES);
        if ok {
            self.last_table_growth = Some((current, desired));
        } else {
            self.refused = Some(Refused {
                what: "a table",
                from: current * TABLE_SLOT_BYTES,
                to: desired.saturating_mul(TABLE_SLOT_BYTES),
            });
        }
        Ok(ok)
    }

    fn table_grow_failed(&mut self, _error: wasmtime::Error) -> wasmtime::Result<()> {
        if let Some((from, to)) = self.last_table_growth.take() {
            self.account
                .grow(to * TABLE_SLOT_BYTES, from * TABLE_SLOT_BYTES);
        }
        Ok(())
    }
}

/// A growth the limiter refused.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Refused {
    /// `a linear memory` or `a table`.
    pub what: &'static str,
    /// Its size in bytes before.
    pub from: usize,
    /// The size in bytes asked for.
    pub to: usize,
}

/// Bytes charged per table element (a function reference slot).
const TABLE_SLOT_BYTES: usize = 16;
