//! A running kernel-library component, 1.x or 2.x (see `crate::bindings`).

use std::sync::Arc;

use super::memory::GuestMemory;
use super::{ComponentInfo, Sandboxed};
use crate::bindings::kernels::{self, KernelUpdate, OperatorInfo};
use crate::bindings::types::Evalue;
use crate::bindings::v1;
use crate::bindings::v1::convert::Cv;
use crate::{Error, ErrorKind, Result};

/// The exports of a kernel library, by contract major.
enum Guest {
    /// 1.x: `kernels` with its own memory protocol (`alloc`, `write`, `read`).
    V1(v1::kernels::Guest),
    /// 2.x: `kernels`, whose blocks the host reads and writes itself.
    V2 { kernels: kernels::Guest },
}

/// A sandboxed instance of a kernel library with typed access to its exports.
pub struct KernelLibraryInstance {
    sandbox: Sandboxed,
    guest: Guest,
}

impl KernelLibraryInstance {
    /// Starts a fresh instance of `info` (which must be a kernel library).
    pub fn new(info: &Arc<ComponentInfo>) -> Result<Self> {
        let mut sandbox = info.instantiate()?;
        let bad = |e: wasmtime::Error| {
            Error::new(
                ErrorKind::DelegateInvalidCompatibility,
                format!("not a kernel library: {e:#}"),
            )
            .with_component_id(&info.path, &info.sha256_hex())
        };
        let guest = if info.version.major == 1 {
            let indices = v1::kernels::GuestIndices::new(&info.pre).map_err(bad)?;
            Guest::V1(
                indices
                    .load(&mut sandbox.store, &sandbox.instance)
                    .map_err(bad)?,
            )
        } else {
            let k = kernels::GuestIndices::new(&info.pre).map_err(bad)?;
            let kernels = k.load(&mut sandbox.store, &sandbox.instance).map_err(bad)?;
            // The host copies tensor bytes itself: it must see the memory.
            sandbox.memory()?;
            Guest::V2 { kernels }
        };
        Ok(KernelLibraryInstance { sandbox, guest })
    }

    fn named(&self, what: &str, e: crate::bindings::types::Error) -> Error {
        let info = &self.sandbox.info;
        crate::bindings::guest_error(what, e).with_component_id(&info.path, &info.sha256_hex())
    }

    /// The component this instance runs.
    pub fn info(&self) -> &Arc<ComponentInfo> {
        self.sandbox.info()
    }

    /// Whether a trap killed the instance.
    pub fn is_poisoned(&self) -> bool {
        self.sandbox.is_poisoned()
    }

    /// The operators the library provides.
    pub fn operators(&mut self) -> Result<Vec<OperatorInfo>> {
        match &self.guest {
            Guest::V1(g) => self
                .sandbox
                .call("kernels.operators", |s| g.call_operators(s))
                .map(Cv::cv),
            Guest::V2 { kernels: g } => self
                .sandbox
                .call("kernels.operators", |s| g.call_operators(s)),
        }
    }

    /// Calls operator `op` (an index into [`Self::operators`]) on `args` (a 1.x
    /// library gets them as its `kernel-arg`s, which have the same cases).
    pub fn call(&mut self, op: u32, args: &[Evalue]) -> Result<Vec<KernelUpdate>> {
        let r = match &self.guest {
            Guest::V1(g) => {
                let args: Vec<v1::kernels::KernelArg> = args.to_vec().cv();
                self.sandbox
                    .call("kernels.call", |s| g.call_call(s, op, &args))?
                    .cv()
            }
            Guest::V2 { kernels: g } => self
                .sandbox
                .call("kernels.call", |s| g.call_call(s, op, args))?,
        };
        r.map_err(|e| self.named("kernels.call", e))
    }

    /// Stores a call for [`Self::run_prepared`]; returns its id.
    pub fn prepare(&mut self, op: u32, args: &[Evalue]) -> Result<u32> {
        let r = match &self.guest {
            Guest::V1(g) => {
                let args: Vec<v1::kernels::KernelArg> = args.to_vec().cv();
                self.sandbox
                    .call("kernels.prepare", |s| g.call_prepare(s, op, &args))?
                    .map_err(Cv::cv)
            }
            Guest::V2 { kernels: g } => self
                .sandbox
                .call("kernels.prepare", |s| g.call_prepare(s, op, args))?,
        };
        r.map_err(|e| self.named("kernels.prepare", e))
    }

    /// Forgets every prepared call.
    pub fn clear_prepared(&mut self) -> Result<()> {
        match &self.guest {
            Guest::V1(g) => self
                .sandbox
                .call("kernels.clear-prepared", |s| g.call_clear_prepared(s)),
            Guest::V2 { kernels: g } => self
                .sandbox
                .call("kernels.clear-prepared", |s| g.call_clear_prepared(s)),
        }
    }

    /// Runs prepared calls in one crossing. `Ok((ran, updates))`: calls run and the
    /// updates of the last one (non-empty only if it stopped the batch). `Err((pos, e))`:
    /// the call at `pos` failed or trapped.
    pub fn run_prepared(
        &mut self,
        calls: &[u32],
    ) -> std::result::Result<(u32, Vec<KernelUpdate>), (u32, Error)> {
        self.sandbox.store.data_mut().progress.position = 0;
        let r = match &self.guest {
            Guest::V1(g) => self
                .sandbox
                .call("kernels.run-prepared", |s| g.call_run_prepared(s, calls))
                .map(Cv::cv),
            Guest::V2 { kernels: g } => self
                .sandbox
                .call("kernels.run-prepared", |s| g.call_run_prepared(s, calls)),
        };
        match r {
            Ok(Ok(r)) => Ok(r),
            Ok(Err((pos, e))) => Err((pos, self.named("kernels.run-prepared", e))),
            Err(e) => Err((self.sandbox.store.data().progress.position, e)),
        }
    }

    /// Turns timestamping of `progress.at` reports on (profiling) or off; on clears the
    /// marks kept so far.
    pub fn set_progress_marks(&mut self, on: bool) {
        self.sandbox.store.data_mut().progress.marks = on.then(Vec::new);
    }

    /// The `(position, time)` of each `progress.at` since the last call (empty when
    /// marks are off).
    pub fn take_progress_marks(&mut self) -> Vec<(u32, std::time::Instant)> {
        match &mut self.sandbox.store.data_mut().progress.marks {
            Some(m) => std::mem::take(m),
            None => Vec::new(),
        }
    }

    /// Reserves `size` zeroed bytes aligned to `align` in the instance's memory
    /// (`kernels.alloc`).
    ///
    /// The address comes from the component: a block that does not fit the 32-bit
    /// address space (2.x: the memory) or is not aligned is an error
    /// (`DelegateInvalidCompatibility`).
    pub fn alloc(&mut self, size: u64, align: u32) -> Result<u32> {
        let (what, r) = match &self.guest {
            Guest::V1(g) => (
                "kernels.alloc",
                self.sandbox
                    .call("kernels.alloc", |s| g.call_alloc(s, size, align))?
                    .map_err(Cv::cv),
            ),
            Guest::V2 { kernels: g } => (
                "kernels.alloc",
                self.sandbox
                    .call("kernels.alloc", |s| g.call_alloc(s, size, align))?,
            ),
        };
        let addr = r.map_err(|e| self.named(what, e))?;
        let limit = match &self.guest {
            Guest::V1(_) => 1 << 32,
            Guest::V2 { .. } => self.sandbox.memory()?.size() as u64,
        };
        let fits = (addr as u64)
            .checked_add(size)
            .is_some_and(|end| end <= limit);
        if !fits || (align > 1 && addr % align != 0) {
            let info = &self.sandbox.info;
            return Err(Error::new(
                ErrorKind::DelegateInvalidCompatibility,
                format!("{what} returned address {addr:#x} for {size} bytes aligned to {align}"),
            )
            .with_component_id(&info.path, &info.sha256_hex()));
        }
        Ok(addr)
    }

    /// Releases a block from [`Self::alloc`].
    pub fn free(&mut self, address: u32) -> Result<()> {
        match &self.guest {
            Guest::V1(g) => self
                .sandbox
                .call("kernels.free", |s| g.call_free(s, address)),
            Guest::V2 { kernels: g } => self
                .sandbox
                .call("kernels.free", |s| g.call_free(s, address)),
        }
    }

    /// The instance's memory when the host reads and writes its blocks itself (2.x);
    /// `None` for 1.x, whose bytes go through `kernels.write` and `kernels.read`.
    pub fn direct_memory(&self) -> Result<Option<&Arc<GuestMemory>>> {
        match &self.guest {
            Guest::V1(_) => Ok(None),
            Guest::V2 { .. } => self.sandbox.memory().map(Some),
        }
    }

    /// Writes `data` at `address` (2.x: the host copies it in; 1.x: `kernels.write`).
    pub fn write(&mut self, address: u32, data: &[u8]) -> Result<()> {
        let g = match &self.guest {
            Guest::V1(g) => g,
            Guest::V2 { .. } => {
                let m = self.sandbox.memory()?;
                // SAFETY: the instance is not running (we hold it exclusively) and no
                // other slice of its memory is alive.
                unsafe { m.bytes_mut(address, data.len()) }
                    .map_err(|e| self.in_component(e))?
                    .copy_from_slice(data);
                return Ok(());
            }
        };
        let r = self
            .sandbox
            .call("kernels.write", |s| g.call_write(s, address, data))?;
        r.map_err(|e| self.named("kernels.write", e.cv()))
    }

    fn in_component(&self, e: Error) -> Error {
        let info = &self.sandbox.info;
        e.with_component_id(&info.path, &info.sha256_hex())
    }

    /// Reads `len` bytes at `address` (2.x: the host copies them out; 1.x:
    /// `kernels.read`, where a component that returns another number of bytes is an
    /// error, `DelegateInvalidCompatibility`).
    pub fn read(&mut self, address: u32, len: u32) -> Result<Vec<u8>> {
        let g = match &self.guest {
            Guest::V1(g) => g,
            Guest::V2 { .. } => {
                let m = self.sandbox.memory()?;
                // SAFETY: as in `write`.
                return unsafe { m.bytes(address, len as usize) }
                    .map(<[u8]>::to_vec)
                    .map_err(|e| self.in_component(e));
            }
        };
        let data = self
            .sandbox
            .call("kernels.read", |s| g.call_read(s, address, len))?
            .map_err(|e| self.named("kernels.read", e.cv()))?;
        if data.len() != len as usize {
            return Err(self.in_component(Error::new(
                ErrorKind::DelegateInvalidCompatibility,
                format!(
                    "kernels.read returned {} bytes when {len} were asked for (at {address:#x})",
                    data.len()
                ),
            )));
        }
        Ok(data)
    }
}
