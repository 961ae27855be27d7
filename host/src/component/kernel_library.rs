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
            .with_component(&info.path)
        })?;
        let guest = indices
            .load(&mut sandbox.store, &sandbox.instance)
            .map_err(|e| {
                Error::new(
                    ErrorKind::DelegateInvalidCompatibility,
                    format!("not a kernel library: {e:#}"),
                )
                .with_component(&info.path)
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
        let path = self.sandbox.info.path.clone();
        self.sandbox
            .call("kernels.call", |s| g.call_call(s, op, args))?
            .map_err(|e| super::guest_error(e).with_component(path))
    }

    /// Reserves `size` zeroed bytes aligned to `align` in the instance's memory.
    pub fn alloc(&mut self, size: u64, align: u32) -> Result<u32> {
        let g = &self.guest;
        let path = self.sandbox.info.path.clone();
        self.sandbox
            .call("kernels.alloc", |s| g.call_alloc(s, size, align))?
            .map_err(|e| super::guest_error(e).with_component(path))
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
        let path = self.sandbox.info.path.clone();
        self.sandbox
            .call("kernels.write", |s| g.call_write(s, address, data))?
            .map_err(|e| super::guest_error(e).with_component(path))
    }

    /// Reads `len` bytes at `address`.
    pub fn read(&mut self, address: u32, len: u32) -> Result<Vec<u8>> {
        let g = &self.guest;
        let path = self.sandbox.info.path.clone();
        self.sandbox
            .call("kernels.read", |s| g.call_read(s, address, len))?
            .map_err(|e| super::guest_error(e).with_component(path))
    }
}
