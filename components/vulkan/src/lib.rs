//! plugboard's Vulkan backend: runs the payloads ExecuTorch's Vulkan delegate writes
//! (a `VH00` header, the `VkGraph` FlatBuffer and a constant segment) as WGSL compute
//! shaders on the host's `gpu` import, as a WebAssembly component implementing the
//! `backend` world of `wit/`. It registers backend id `VulkanBackend`; it does not link
//! ExecuTorch's Vulkan runtime or its GLSL shaders, it reads the same format.
//!
//! `init` parses and checks the payload ([`header`], [`graph`]), compiles the operator
//! chain ([`ops`]), and on the device ([`runtime`]) allocates one buffer per memory
//! object, uploads constants (from the payload or the program's named data), builds
//! one pipeline per distinct shader ([`shaders`]) and warms each once. `execute` writes
//! the inputs and the kernels' shape parameters, dispatches every kernel and reads the
//! outputs in one `gpu::run`.
//!
//! Tensors live on the device as row-major arrays of 32-bit words: `f32` for floating
//! point dtypes, `i32` for integers and bools. 64-bit program inputs and outputs are
//! converted at the boundary (ExecuTorch's Vulkan export downcasts Long to Int and
//! Double to Float inside the graph).

pub use plugboard_sdk::v2_4::backend::{exports, plugboard};

pub mod graph;
pub mod header;
pub mod ops;
pub mod runtime;
#[allow(clippy::all, dead_code, unused_imports, missing_docs)]
#[rustfmt::skip]
pub mod schema;
pub mod shaders;
#[cfg(not(target_arch = "wasm32"))]
pub mod testing;
#[cfg(test)]
mod tests;

use std::cell::RefCell;

use exports::plugboard::runtime::backend_interface::{
    CompileSpec, DelegateHandle, Guest, GuestDelegateHandle,
};
use plugboard::runtime::types::{Error, ErrorKind, Evalue, Tensor, TensorRef};

/// A delegate argument with its bytes in hand, as the runtime reads it: contract 2.0
/// hands tensors as `tensor-ref`s into this component's memory, and `execute` copies
/// each input into one of these on its way to the GPU (the upload copies it anyway).
#[derive(Debug, Clone)]
pub enum Arg {
    /// A symbolic size's value.
    Int(i64),
    /// A tensor and its bytes (empty for an output argument).
    Tensor(Tensor),
    /// Any other value (the graph takes none).
    Other,
}

/// The backend id this component registers.
pub const BACKEND_ID: &str = "VulkanBackend";

/// Builds an [`Error`] of `kind`; a payload this backend cannot read (bad header,
/// identifier, FlatBuffer, or inconsistent ids, dims, offsets:
/// `delegate-invalid-compatibility`); something valid this backend does not implement
/// (`not-supported`).
pub use plugboard_sdk::v2_4::backend::{error as err, incompatible as compat, not_supported};

fn check_id(id: &str) -> Result<(), Error> {
    plugboard_sdk::v2_4::backend::check_backend_id(&[BACKEND_ID], id)
}

/// Constants from the program's named data, through the `named-data` import.
struct NamedData;

impl runtime::ConstantSource for NamedData {
    fn named(&mut self, key: &str) -> Result<Vec<u8>, Error> {
        plugboard::runtime::named_data::get(key).map_err(|e| {
            err(
                e.kind,
                format!("named data {key:?} for a Vulkan constant: {}", e.message),
            )
        })
    }
}

struct Vulkan;

/// An initialized delegate.
pub struct Delegate {
    rt: RefCell<runtime::Runtime>,
    /// The outputs of the last `execute` (the host copies them out after the call).
    outputs: RefCell<Vec<Arg>>,
}

impl Guest for Vulkan {
    type DelegateHandle = Delegate;

    fn backend_ids() -> Vec<String> {
        vec![BACKEND_ID.to_string()]
    }

    fn is_available(backend_id: String) -> bool {
        backend_id == BACKEND_ID && plugboard::runtime::gpu::open().is_ok()
    }

    fn describe(backend_id: String, processed: Vec<u8>) -> Result<Vec<(String, u32)>, Error> {
        check_id(&backend_id)?;
        let payload = header::split(&processed)?;
        graph::describe(&payload)
    }

    plugboard_sdk::memory_exports!();

    fn init(
        backend_id: String,
        processed: Vec<u8>,
        _compile_specs: Vec<CompileSpec>,
    ) -> Result<DelegateHandle, Error> {
        check_id(&backend_id)?;
        let payload = header::split(&processed)?;
        let graph = graph::parse(&payload)?;
        let plan = ops::Plan::new(&graph)?;
        let constants = runtime::load_constants(&graph, &payload, &mut NamedData)?;
        drop(processed);
        let rt = runtime::Runtime::new(graph, plan, constants, &runtime::HostGpu)?;
        Ok(DelegateHandle::new(Delegate {
            rt: RefCell::new(rt),
            outputs: RefCell::new(Vec::new()),
        }))
    }
}

impl GuestDelegateHandle for Delegate {
    fn execute(&self, args: Vec<Evalue>) -> Result<Vec<Evalue>, Error> {
        let mut rt = self.rt.try_borrow_mut().map_err(|_| {
            err(
                ErrorKind::InvalidState,
                "delegate is already executing (re-entrant call)",
            )
        })?;
        let mut values = Vec::with_capacity(args.len());
        for a in &args {
            values.push(match a {
                Evalue::Int(x) => Arg::Int(*x),
                Evalue::Tensor(t) => Arg::Tensor(Tensor {
                    dtype: t.dtype,
                    sizes: t.sizes.clone(),
                    dim_order: t.dim_order.clone(),
                    data: if t.address == 0 {
                        Vec::new() // an output argument
                    } else {
                        // SAFETY: copied at once; nothing writes the block meanwhile.
                        unsafe { t.bytes()? }.to_vec()
                    },
                }),
                _ => Arg::Other,
            });
        }
        let outputs = rt.execute(&values, &runtime::HostGpu)?;
        // Kept until the next call: the host copies them out of this memory.
        let mut kept = self.outputs.borrow_mut();
        *kept = outputs;
        Ok(kept
            .iter()
            .map(|o| match o {
                Arg::Tensor(t) => Evalue::Tensor(TensorRef {
                    dtype: t.dtype,
                    sizes: t.sizes.clone(),
                    dim_order: t.dim_order.clone(),
                    address: t.data.as_ptr() as usize as u32,
                }),
                Arg::Int(x) => Evalue::Int(*x),
                Arg::Other => Evalue::None,
            })
            .collect())
    }
}

// The SDK generates the component's exports only in the wasm build: a host build (unit
// tests, the fuzz targets in fuzz/) links the library without them.
/// Contract 2.1's `execute-again` is not implemented: every call of a delegate is an
/// `execute` (the host falls back on `not-supported`, for good).
impl exports::plugboard::runtime::backend_execute_again::Guest for Vulkan {
    fn execute_again(
        _delegate: exports::plugboard::runtime::backend_interface::DelegateHandleBorrow<'_>,
        _input_addresses: Vec<u32>,
    ) -> Result<Vec<u32>, Error> {
        Err(not_supported(
            "the Vulkan backend runs every delegate call by `execute`",
        ))
    }
}

plugboard_sdk::export_backend!(Vulkan, v2_4);

/// Feeds any byte string through the whole reader as the fuzz targets do: header,
/// `describe`, graph, operator compilation, constants (named data as zeros of the
/// advertised size), set-up and one execute on a checking stand-in for the device
/// (graphs with tensors above 2^16 elements are skipped after compilation). Returns
/// whether the payload got as far as an execute. Never panics on any input.
#[cfg(not(target_arch = "wasm32"))]
pub fn fuzz_one(data: &[u8]) -> bool {
    let Ok(payload) = header::split(data) else {
        return false;
    };
    let _ = graph::describe(&payload);
    let Ok(g) = graph::parse(&payload) else {
        return false;
    };
    let Ok(plan) = ops::Plan::new(&g) else {
        return false;
    };
    if g.values
        .iter()
        .any(|v| matches!(v, graph::Value::Tensor(t) if t.numel() > 1 << 16))
    {
        return false;
    }
    let mut src = testing::Zeros(g.constants.clone());
    let Ok(consts) = runtime::load_constants(&g, &payload, &mut src) else {
        return false;
    };
    let mock = testing::Mock::default();
    let args = testing::zero_args(&g);
    let Ok(mut rt) = runtime::Runtime::new(g, plan, consts, &mock) else {
        return false;
    };
    rt.execute(&args, &mock).is_ok()
}
