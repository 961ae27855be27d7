//! plugboard's portable kernel library: ExecuTorch's portable operators
//! (`aten::*.out`, `dim_order_ops::*`, `executorch_prim::*`) as a WebAssembly component
//! implementing the `kernel-library` world of `wit/`.
//!
//! Tensors live in this component's linear memory (see `memory`); the host passes
//! descriptors (`TensorRef`) and the kernels read and write in place. Semantics follow
//! PyTorch (type promotion, integer division and remainder rounding, broadcasting).

// Built against contract 2.0; with the feature `contract-1`, against 1.4 (a test
// artifact, `test-components/portable-v1`, for the contract benchmark).
pub use bindings::{exports, plugboard};
/// A kernel call's argument (1.x: `kernel-arg`, the same cases) and a tensor in linear
/// memory (1.x: `kernels.tensor-ref`).
#[cfg(feature = "contract-1")]
pub use exports::plugboard::runtime::kernels::{KernelArg as Evalue, TensorRef};
#[cfg(not(feature = "contract-1"))]
pub use plugboard::runtime::types::{Evalue, TensorRef};
#[cfg(feature = "contract-1")]
pub use plugboard_sdk::v1_4::kernel_library as bindings;
#[cfg(not(feature = "contract-1"))]
pub use plugboard_sdk::v2_4::kernel_library as bindings;

pub mod args;
pub mod elem;
/// The kernel-library memory protocol, from the SDK.
pub use plugboard_sdk::memory;
pub mod ops;
pub mod registry;
pub mod tensor;

// The SDK's allocator instead of wasi-libc's dlmalloc, the default. Every crossing into
// the library allocates (the canonical ABI's `cabi_realloc` for the argument lists, the
// argument lists), and dlmalloc and dlfree were 2% of tiny GPT-2's time.
plugboard_sdk::global_allocator!();

use plugboard_sdk::prepared::PreparedCalls;
use std::cell::RefCell;

use exports::plugboard::runtime::kernels::{Guest, KernelUpdate, OperatorInfo};
use plugboard::runtime::types::{Error, ErrorKind};

/// Builds an [`Error`] of `kind`; an `invalid-argument` [`Error`].
pub use bindings::{error as err, invalid_argument as invalid};

/// Result of a kernel.
pub type KResult<T = ()> = Result<T, Error>;

struct Portable;

thread_local! {
    /// Calls stored by `prepare`: operator index and arguments.
    static PREPARED: PreparedCalls<Evalue> = const { PreparedCalls::new() };
    /// Per prepared call (by id): its tensor arguments as checked at `prepare`.
    static CHECKED: RefCell<Vec<Checked>> = const { RefCell::new(Vec::new()) };
}

/// The tensor arguments of a prepared call, checked and made [`Tensor`]s once at
/// `prepare` (`None` for other arguments and for a descriptor that failed, which each
/// run then checks again and reports), with the memory generation they were checked
/// in: they stand only while no block was freed since
/// (`plugboard_sdk::memory::generation`). A prepared call runs with the arguments it
/// was prepared with, so checking them at every run (rank, dim order, sizes, that the
/// bytes lie in a live block) was repeated work: about 600 wasm instructions per
/// tensor argument, 7% of the work outside the linear layers in a decode step of the
/// 100M Llama.
struct Checked {
    generation: u32,
    tensors: Vec<Option<tensor::Tensor>>,
}

/// Reads every call's stored arguments and checked tensors once before the batch
/// runs: independent loads, so their cache misses overlap instead of coming one after
/// another inside each call.
fn touch(calls: &[u32], prepared: &PreparedCalls<Evalue>, checked: &[Checked]) {
    let mut sum = prepared.touch(calls);
    for &id in calls {
        if let Some(c) = checked.get(id as usize) {
            for t in c.tensors.iter().flatten() {
                sum = sum.wrapping_add(t.addr as usize ^ t.numel ^ t.sizes.len());
            }
        }
    }
    std::hint::black_box(sum);
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

    fn call(op: u32, args: Vec<Evalue>) -> Result<Vec<KernelUpdate>, Error> {
        let mut ctx = args::Args::new(args)?;
        run_one(op, &mut ctx)?;
        Ok(ctx.into_updates())
    }

    fn prepare(op: u32, args: Vec<Evalue>) -> Result<u32, Error> {
        if op as usize >= registry::operators().len() {
            return Err(err(
                ErrorKind::OperatorMissing,
                format!("no operator with index {op}"),
            ));
        }
        let checked = Checked {
            generation: plugboard_sdk::memory::generation(),
            tensors: args
                .iter()
                .map(|a| match a {
                    Evalue::Tensor(r) => tensor::Tensor::from_ref(r).ok(),
                    _ => None,
                })
                .collect(),
        };
        let id = PREPARED.with(|p| p.prepare(op, args));
        CHECKED.with(|c| {
            let mut c = c.borrow_mut();
            // Ids count up from 0 after each `clear-prepared`, as these do.
            c.truncate(id as usize);
            c.push(checked);
        });
        Ok(id)
    }

    fn clear_prepared() {
        PREPARED.with(PreparedCalls::clear);
        CHECKED.with(|c| c.borrow_mut().clear());
    }

    fn run_prepared(calls: Vec<u32>) -> Result<(u32, Vec<KernelUpdate>), (u32, Error)> {
        PREPARED.with(|p| {
            let generation = plugboard_sdk::memory::generation();
            CHECKED.with(|checked| {
                let checked = checked.borrow();
                touch(&calls, p, &checked);
                p.run_by_id(
                    &calls,
                    plugboard::runtime::progress::at,
                    |id, op, stored| {
                        let tensors = checked
                            .get(id as usize)
                            .filter(|c| c.generation == generation)
                            .map_or(&[][..], |c| &c.tensors[..]);
                        let mut ctx = args::Args::prepared(stored, tensors);
                        run_one(op, &mut ctx)?;
                        Ok(ctx.into_updates())
                    },
                    |id| err(ErrorKind::InvalidArgument, format!("no prepared call {id}")),
                )
            })
        })
    }

    plugboard_sdk::memory_exports!();

    #[cfg(feature = "contract-1")]
    fn write(address: u32, data: Vec<u8>) -> Result<(), Error> {
        Ok(memory::write(address, &data)?)
    }

    #[cfg(feature = "contract-1")]
    fn read(address: u32, len: u32) -> Result<Vec<u8>, Error> {
        Ok(memory::read(address, len)?)
    }
}

#[cfg(feature = "contract-1")]
plugboard_sdk::export_kernel_library!(Portable, v1_4);
#[cfg(not(feature = "contract-1"))]
plugboard_sdk::export_kernel_library!(Portable, v2_4);
