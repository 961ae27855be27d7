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

/// The component's allocator: Talc instead of wasi-libc's dlmalloc, the default. Every
/// crossing into the library allocates (the canonical ABI's `cabi_realloc` for the
/// argument lists, the results of `read`), and dlmalloc and dlfree were 2% of tiny
/// GPT-2's time. Talc grows the memory itself (`memory.grow`), next to libc's own
/// `sbrk`, and claims a new heap where the two interleave.
#[cfg(all(target_arch = "wasm32", not(target_feature = "atomics")))]
#[global_allocator]
static ALLOCATOR: plugboard_compute::small_blocks::SmallBlocks<talc::wasm::WasmDynamicTalc> =
    plugboard_compute::small_blocks::SmallBlocks::new(talc::wasm::new_wasm_dynamic_allocator());

use std::cell::RefCell;

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

thread_local! {
    /// Calls stored by `prepare`: operator index and arguments.
    static PREPARED: RefCell<Vec<(u32, Vec<KernelArg>)>> = const { RefCell::new(Vec::new()) };
}

fn run_one(op: u32, args: &mut args::Args<'_>) -> Result<(), Error> {
    let entry = registry::operators().get(op as usize).ok_or_else(|| {
        err(
            ErrorKind::OperatorMissing,
            format!("no operator with index {op}"),
        )
    })?;
    (entry.kernel)(args).map_err(|mut e| {
        e.message = format!("{}: {}", entry.name, e.message);
        e
    })
}

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
        let mut ctx = args::Args::new(args)?;
        run_one(op, &mut ctx)?;
        Ok(ctx.into_updates())
    }

    fn prepare(op: u32, args: Vec<KernelArg>) -> Result<u32, Error> {
        if op as usize >= registry::operators().len() {
            return Err(err(
                ErrorKind::OperatorMissing,
                format!("no operator with index {op}"),
            ));
        }
        PREPARED.with(|p| {
            let mut p = p.borrow_mut();
            p.push((op, args));
            Ok(p.len() as u32 - 1)
        })
    }

    fn clear_prepared() {
        PREPARED.with(|p| p.borrow_mut().clear());
    }

    fn run_prepared(calls: Vec<u32>) -> Result<(u32, Vec<KernelUpdate>), (u32, Error)> {
        PREPARED.with(|p| {
            let p = p.borrow();
            for (pos, &id) in calls.iter().enumerate() {
                let pos = pos as u32;
                plugboard::runtime::progress::at(pos);
                let (op, stored) = p.get(id as usize).ok_or_else(|| {
                    (
                        pos,
                        err(ErrorKind::InvalidArgument, format!("no prepared call {id}")),
                    )
                })?;
                let mut ctx = args::Args::borrowed(stored);
                run_one(*op, &mut ctx).map_err(|e| (pos, e))?;
                let updates = ctx.into_updates();
                if !updates.is_empty() {
                    return Ok((pos + 1, updates));
                }
            }
            Ok((calls.len() as u32, Vec::new()))
        })
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
