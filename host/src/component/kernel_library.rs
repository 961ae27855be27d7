//! A running kernel-library component.

use std::sync::Arc;

use super::{ComponentInfo, Sandboxed};
use crate::bindings::kernels::{self, KernelArg, KernelUpdate, OperatorInfo};
use crate::{Error, ErrorKind, Result};

/// A sandboxed instance of a kernel library with typed access to its `kernels` export.
pub struct KernelLibraryInstance {
    sandbox: Sandboxed,
    guest: kernels::Guest,
}

impl KernelLibraryInstance {
    /// Starts a fresh instance of `info` (which must be a kernel library).
    pub fn new(info: &Arc<ComponentInfo>) -> Result<Self> {
        let mut sandbox = info.instantiate()?;
        let indices = kernels::GuestIndices::new(&info.pre).map_err(|e| {
            Error::new(
                ErrorKind::DelegateInvalidCompatibility,
                format!("not a kernel library: {e:#}"),
            )
            .with_component_id(&info.path, &info.sha256_hex())
        })?;
        let guest = indices
            .load(&mut sandbox.store, &sandbox.instance)
            .map_err(|e| {
                Error::new(
                    ErrorKind::DelegateInvalidCompatibility,
                    format!("not a kernel library: {e:#}"),
                )
                .with_component_id(&info.path, &info.sha256_hex())
            })?;
        Ok(KernelLibraryInstance { sandbox, guest })
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
        let g = &self.guest;
        self.sandbox
            .call("kernels.operators", |s| g.call_operators(s))
    }

    /// Calls operator `op` (an index into [`Self::operators`]) on `args`.
    pub fn call(&mut self, op: u32, args: &[KernelArg]) -> Result<Vec<KernelUpdate>> {
        let g = &self.guest;
        let info = self.sandbox.info.clone();
        self.sandbox
            .call("kernels.call", |s| g.call_call(s, op, args))?
            .map_err(|e| {
                crate::bindings::guest_error("kernels.call", e)
                    .with_component_id(&info.path, &info.sha256_hex())
            })
    }

    /// Stores a call for [`Self::run_prepared`]; returns its id.
    pub fn prepare(&mut self, op: u32, args: &[KernelArg]) -> Result<u32> {
        let g = &self.guest;
        let info = self.sandbox.info.clone();
        self.sandbox
            .call("kernels.prepare", |s| g.call_prepare(s, op, args))?
            .map_err(|e| {
                crate::bindings::guest_error("kernels.prepare", e)
                    .with_component_id(&info.path, &info.sha256_hex())
            })
    }

    /// Forgets every prepared call.
    pub fn clear_prepared(&mut self) -> Result<()> {
        let g = &self.guest;
        self.sandbox
            .call("kernels.clear-prepared", |s| g.call_clear_prepared(s))
    }

    /// Runs prepared calls in one crossing. `Ok((ran, updates))`: calls run and the
    /// updates of the last one (non-empty only if it stopped the batch). `Err((pos, e))`:
    /// the call at `pos` failed or trapped.
    pub fn run_prepared(
        &mut self,
        calls: &[u32],
    ) -> std::result::Result<(u32, Vec<KernelUpdate>), (u32, Error)> {
        let g = &self.guest;
        let info = self.sandbox.info.clone();
        self.sandbox.store.data_mut().progress.position = 0;
        match self
            .sandbox
            .call("kernels.run-prepared", |s| g.call_run_prepared(s, calls))
        {
            Ok(Ok(r)) => Ok(r),
            Ok(Err((pos, e))) => Err((
                pos,
                crate::bindings::guest_error("kernels.run-prepared", e)
                    .with_component_id(&info.path, &info.sha256_hex()),
            )),
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

    /// Reserves `size` zeroed bytes aligned to `align` in the instance's memory.
    ///
    /// The address comes from the component: a block that does not fit the 32-bit
    /// address space or is not aligned is an error (`DelegateInvalidCompatibility`).
    pub fn alloc(&mut self, size: u64, align: u32) -> Result<u32> {
        let g = &self.guest;
        let info = self.sandbox.info.clone();
        let addr = self
            .sandbox
            .call("kernels.alloc", |s| g.call_alloc(s, size, align))?
            .map_err(|e| {
                crate::bindings::guest_error("kernels.alloc", e)
                    .with_component_id(&info.path, &info.sha256_hex())
            })?;
        let fits = (addr as u64)
            .checked_add(size)
            .is_some_and(|end| end <= 1 << 32);
        if !fits || (align > 1 && addr % align != 0) {
            return Err(Error::new(
                ErrorKind::DelegateInvalidCompatibility,
                format!(
                    "kernels.alloc returned address {addr:#x} for {size} bytes aligned to {align}"
                ),
            )
            .with_component_id(&info.path, &info.sha256_hex()));
        }
        Ok(addr)
    }

    /// Releases a block from [`Self::alloc`].
    pub fn free(&mut self, address: u32) -> Result<()> {
        let g = &self.guest;
        self.sandbox
            .call("kernels.free", |s| g.call_free(s, address))
    }

    /// Writes `data` at `address`.
    pub fn write(&mut self, address: u32, data: &[u8]) -> Result<()> {
        let g = &self.guest;
        let info = self.sandbox.info.clone();
        self.sandbox
            .call("kernels.write", |s| g.call_write(s, address, data))?
            .map_err(|e| {
                crate::bindings::guest_error("kernels.write", e)
                    .with_component_id(&info.path, &info.sha256_hex())
            })
    }

    /// Reads `len` bytes at `address`; a component that returns another number of
    /// bytes is an error (`DelegateInvalidCompatibility`).
    pub fn read(&mut self, address: u32, len: u32) -> Result<Vec<u8>> {
        let g = &self.guest;
        let info = self.sandbox.info.clone();
        let data = self
            .sandbox
            .call("kernels.read", |s| g.call_read(s, address, len))?
            .map_err(|e| {
                crate::bindings::guest_error("kernels.read", e)
                    .with_component_id(&info.path, &info.sha256_hex())
            })?;
        if data.len() != len as usize {
            return Err(Error::new(
                ErrorKind::DelegateInvalidCompatibility,
                format!(
                    "kernels.read returned {} bytes when {len} were asked for (at {address:#x})",
                    data.len()
                ),
            )
            .with_component_id(&info.path, &info.sha256_hex()));
        }
        Ok(data)
    }
}
