//! plugboard's portable kernel library: ExecuTorch's portable operators
//! (`aten::*.out`, `dim_order_ops::*`, `executorch_prim::*`) as a WebAssembly component
//! implementing the `kernel-library` world of `wit/`.
//!
//! Tensors live in this component's linear memory (see `memory`); the host passes
//! descriptors (`TensorRef`) and the kernels read and write in place. Semantics follow
//! PyTorch (type promotion, integer division and remainder rounding, broadcasting).

wit_bindgen::generate!({
    path: "../../wit",
    world: "kernel-library",
});

pub mod args;
pub mod elem;
pub mod memory;
pub mod ops;
pub mod registry;
pub mod tensor;

use exports::plugboard::runtime::kernels::{Guest, KernelArg, KernelUpdate, OperatorInfo};
use plugboard::runtime::types::{Error, ErrorKind};

/// Builds an [`Error`] of `kind`.
pub fn err(kind: ErrorKind, message: impl Into<String>) -> Error {
    Error {
        kind,
        message: message.into(),
    }
}

/// Builds an `invalid-argument` [`Error`].
pub fn invalid(message: impl Into<String>) -> Error {
    err(ErrorKind::InvalidArgument, message)
}

/// Result of a kernel.
pub type KResult<T = ()> = Result<T, Error>;

struct Portable;

impl Guest for Portable {
    fn operators() -> Vec<OperatorInfo> {
        registry::operators()
            .iter()
            .map(|op| OperatorInfo {
                name: op.name.to_string(),
                dtypes: op.dtypes.to_vec(),
            })
            .collect()
    }

    fn call(op: u32, args: Vec<KernelArg>) -> Result<Vec<KernelUpdate>, Error> {
        let ops = registry::operators();
        let entry = ops.get(op as usize).ok_or_else(|| {
            err(
                ErrorKind::OperatorMissing,
                format!("no operator with index {op}"),
            )
        })?;
        let mut ctx = args::Args::new(args)?;
        (entry.kernel)(&mut ctx).map_err(|mut e| {
            e.message = format!("{}: {}", entry.name, e.message);
            e
        })?;
        Ok(ctx.into_updates())
    }

    fn alloc(size: u64, align: u32) -> Result<u32, Error> {
        memory::alloc(size, align)
    }

    fn free(address: u32) {
        memory::free(address)
    }

    fn write(address: u32, data: Vec<u8>) -> Result<(), Error> {
        memory::write(address, &data)
    }

    fn read(address: u32, len: u32) -> Result<Vec<u8>, Error> {
        memory::read(address, len)
    }
}

export!(Portable);
