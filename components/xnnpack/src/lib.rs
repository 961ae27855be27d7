//! plugboard's XNNPACK backend: runs the payloads ExecuTorch's XNNPACK delegate writes
//! (an `XH00` header, the `XNNGraph` FlatBuffer and constant data) in pure Rust, as a
//! WebAssembly component implementing the `backend` world of `wit/`. It registers
//! backend id `XnnpackBackend`; it does not link XNNPACK, it reads the same format.
//!
//! `init` parses and checks the payload ([`header`], [`graph`]), loads constants (from
//! the payload or the program's named data), packs weights for the GEMM kernels and
//! plans activation memory ([`runtime`]); `execute` only computes.
//!
//! Supported: fp32 graphs, the int8 graphs of ExecuTorch's PT2E `XNNPACKQuantizer`
//! (`qint8` activations, `qcint8` per-channel or per-tensor weights, `qcint32` biases,
//! see [`quantized`]) and dynamically quantized fully connected layers (`qdint8` rows
//! with `qcint8`, `qcint4` or `qbint4` weights, see [`dynamic`]).

// Built against contract 2.4; with the feature `contract-1`, against 1.4 (a test
// artifact: the host serves both majors, `tests/xnnpack.rs` checks they agree).
pub use bindings::{exports, plugboard};
#[cfg(feature = "contract-1")]
pub use plugboard_sdk::v1_4::backend as bindings;
#[cfg(not(feature = "contract-1"))]
pub use plugboard_sdk::v2_4::backend as bindings;

pub mod accel;
pub mod dynamic;
pub mod fusion;
pub mod graph;
pub mod header;
pub mod kernels;
pub mod quantized;
#[cfg(test)]
mod regressions;
pub mod runtime;
#[allow(clippy::all, dead_code, unused_imports, missing_docs)]
#[rustfmt::skip]
pub mod schema;

// The SDK's allocator instead of wasi-libc's dlmalloc, the default. A delegate call
// allocates its argument and result lists (the canonical ABI's `cabi_realloc`) and its
// per-node scratch: on tiny GPT-2, with 14 delegate calls per execute, dlmalloc and
// dlfree were 3.5% of the time.
plugboard_sdk::global_allocator!();

use std::cell::RefCell;

use exports::plugboard::runtime::backend_interface::{
    CompileSpec, DelegateHandle, Guest, GuestDelegateHandle,
};
use plugboard::runtime::types::{Error, ErrorKind, Evalue};

/// The backend id this component registers.
pub const BACKEND_ID: &str = "XnnpackBackend";

/// Builds an [`Error`] of `kind`; a payload this backend cannot read (bad header,
/// identifier or FlatBuffer); something valid this backend does not implement.
pub use bindings::{error as err, incompatible as compat, not_supported};

/// A payload that reads but is inconsistent (ids, dims, offsets).
pub fn invalid_program(message: impl Into<String>) -> Error {
    err(ErrorKind::InvalidProgram, message)
}

fn check_id(id: &str) -> Result<(), Error> {
    bindings::check_backend_id(&[BACKEND_ID], id)
}

/// Constants from the program's named data, through the `named-data` import.
struct NamedData;

impl graph::ConstantSource for NamedData {
    fn named(&mut self, key: &str) -> Result<Vec<u8>, Error> {
        plugboard::runtime::named_data::get(key).map_err(|e| {
            err(
                e.kind,
                format!("named data {key:?} for an XNNPACK constant: {}", e.message),
            )
        })
    }
}

struct Xnnpack;

/// An initialized delegate.
pub struct Delegate {
    rt: RefCell<runtime::PreparedDelegate>,
    /// The arguments of the last successful `execute` (inputs, then outputs), which
    /// contract 2.1's `execute-again` runs again with new input addresses.
    #[cfg(not(feature = "contract-1"))]
    last_args: RefCell<Vec<plugboard::runtime::types::TensorRef>>,
    /// For each input of `execute-again`: the (address, bytes, memory generation) last
    /// checked to lie inside a block from `alloc`. The host keeps a block per argument,
    /// so the same ranges come back call after call; a range is checked again only
    /// after a block was freed (`plugboard_sdk::memory::generation`), and all of them
    /// after an `execute` (new arguments, whose lengths may differ). The checks were
    /// 8% of a program of tiny delegates.
    #[cfg(not(feature = "contract-1"))]
    checked: RefCell<Vec<Option<(u32, usize, u32)>>>,
}

impl Guest for Xnnpack {
    type DelegateHandle = Delegate;

    fn backend_ids() -> Vec<String> {
        vec![BACKEND_ID.to_string()]
    }

    fn is_available(backend_id: String) -> bool {
        // Always available (the wasm kernels run anywhere); asking `cpu-accel` lets the
        // host say which native kernels this backend would get.
        let _native = plugboard::runtime::cpu_accel::available();
        backend_id == BACKEND_ID
    }

    fn describe(backend_id: String, processed: Vec<u8>) -> Result<Vec<(String, u32)>, Error> {
        check_id(&backend_id)?;
        let payload = header::split(&processed)?;
        graph::describe(&payload)
    }

    #[cfg(not(feature = "contract-1"))]
    plugboard_sdk::memory_exports!();

    fn init(
        backend_id: String,
        processed: Vec<u8>,
        _compile_specs: Vec<CompileSpec>,
    ) -> Result<DelegateHandle, Error> {
        check_id(&backend_id)?;
        let payload = header::split(&processed)?;
        let graph = graph::parse(&payload, &mut NamedData)?;
        drop(processed);
        let rt = runtime::PreparedDelegate::new(graph)?;
        Ok(DelegateHandle::new(Delegate {
            rt: RefCell::new(rt),
            #[cfg(not(feature = "contract-1"))]
            last_args: RefCell::new(Vec::new()),
            #[cfg(not(feature = "contract-1"))]
            checked: RefCell::new(Vec::new()),
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
        let (n_in, n_out) = rt.arity();
        if args.len() != n_in + n_out {
            return Err(err(
                ErrorKind::InvalidArgument,
                format!(
                    "XNNPACK delegate takes {n_in} inputs and {n_out} outputs, got {} arguments",
                    args.len()
                ),
            ));
        }
        let mut tensors = Vec::with_capacity(args.len());
        for (i, a) in args.iter().enumerate() {
            match a {
                Evalue::Tensor(t) => tensors.push(tensor_arg(t, i < n_in)?),
                _ => {
                    return Err(err(
                        ErrorKind::InvalidArgument,
                        format!("delegate argument {i} is not a tensor"),
                    ))
                }
            }
        }
        rt.borrow_arena();
        let results = rt.execute(&tensors[..n_in], &tensors[n_in..]).map(|outs| {
            outs.into_iter()
                .map(|o| Evalue::Tensor(result(o)))
                .collect::<Vec<_>>()
        });
        rt.return_arena();
        let results = results?;
        drop(tensors);
        #[cfg(not(feature = "contract-1"))]
        {
            rt.keep_args();
            // New arguments: every input range is checked again on its first
            // `execute-again` (their lengths may differ).
            self.checked.borrow_mut().clear();
            *self.last_args.borrow_mut() = args
                .into_iter()
                .filter_map(|a| match a {
                    Evalue::Tensor(t) => Some(t),
                    _ => None,
                })
                .collect();
        }
        Ok(results)
    }
}

/// Contract 2.1: the delegate run again with the arguments of its last successful
/// `execute` but for where the inputs are. The graph's output shapes follow from its
/// input shapes alone, so the outputs have that call's layouts; only their addresses go
/// back, and no argument is decoded or allocated again.
#[cfg(not(feature = "contract-1"))]
impl exports::plugboard::runtime::backend_execute_again::Guest for Xnnpack {
    fn execute_again(
        delegate: exports::plugboard::runtime::backend_interface::DelegateHandleBorrow<'_>,
        input_addresses: Vec<u32>,
    ) -> Result<Vec<u32>, Error> {
        let d: &Delegate = delegate.get();
        let mut rt = d.rt.try_borrow_mut().map_err(|_| {
            err(
                ErrorKind::InvalidState,
                "delegate is already executing (re-entrant call)",
            )
        })?;
        let mut last = d.last_args.borrow_mut();
        let (n_in, n_out) = rt.arity();
        if last.len() != n_in + n_out || input_addresses.len() != n_in {
            return Err(err(
                ErrorKind::InvalidState,
                format!(
                    "execute-again with {} input addresses on a delegate whose last execute had {} arguments ({n_in} inputs)",
                    input_addresses.len(),
                    last.len()
                ),
            ));
        }
        for (t, &a) in last.iter_mut().zip(&input_addresses) {
            t.address = a;
        }
        let mut checked = d.checked.borrow_mut();
        checked.resize(n_in, None);
        let generation = plugboard_sdk::memory::generation();
        let mut tensors = Vec::with_capacity(last.len());
        for (i, t) in last.iter().enumerate() {
            if i >= n_in {
                tensors.push(tensor_arg(t, false)?);
                continue;
            }
            // The byte length follows from the kept sizes: worked out with the check,
            // which the entry remembers until `execute` brings new arguments.
            let len = match checked[i] {
                Some((a, len, g)) if a == t.address && g == generation => len,
                _ => {
                    let len =
                        plugboard_sdk::tensor::check_len(&t.sizes, t.dtype.element_size(), None)
                            .map_err(|m| {
                                err(ErrorKind::InvalidArgument, format!("input {i}: {m}"))
                            })?;
                    plugboard_sdk::memory::check(t.address, len)?;
                    checked[i] = Some((t.address, len, generation));
                    len
                }
            };
            // SAFETY: inside a live block (checked now, or at this address and length
            // with no block freed since); nothing writes input blocks during the call.
            let data = unsafe { std::slice::from_raw_parts(t.address as usize as *const u8, len) };
            tensors.push(runtime::TensorArg {
                dtype: t.dtype,
                sizes: &t.sizes,
                dim_order: &t.dim_order,
                data,
            });
        }
        rt.borrow_arena();
        let addresses = rt.execute_again(&tensors[..n_in], &tensors[n_in..]);
        rt.return_arena();
        addresses
    }
}

/// A delegate argument by value (1.x): its bytes are in the argument.
#[cfg(feature = "contract-1")]
fn tensor_arg(
    t: &plugboard::runtime::types::Tensor,
    _input: bool,
) -> Result<runtime::TensorArg<'_>, Error> {
    Ok(runtime::TensorArg {
        dtype: t.dtype,
        sizes: &t.sizes,
        dim_order: &t.dim_order,
        data: &t.data,
    })
}

/// An output by value (1.x): its bytes copied out of the arena.
#[cfg(feature = "contract-1")]
fn result(o: runtime::Output) -> plugboard::runtime::types::Tensor {
    plugboard::runtime::types::Tensor {
        dtype: o.dtype,
        sizes: o.sizes,
        dim_order: o.dim_order,
        data: o.bytes.to_vec(),
    }
}

/// A delegate argument in linear memory (2.x): an input's bytes are in the block the
/// host filled (checked to lie inside a block from `alloc`); an output has none.
#[cfg(not(feature = "contract-1"))]
fn tensor_arg(
    t: &plugboard::runtime::types::TensorRef,
    input: bool,
) -> Result<runtime::TensorArg<'_>, Error> {
    let data: &[u8] = if input {
        // SAFETY: nothing writes the input blocks during `execute` (the runtime only
        // reads inputs in place; its own values live in the arena).
        unsafe { t.bytes()? }
    } else {
        &[]
    };
    Ok(runtime::TensorArg {
        dtype: t.dtype,
        sizes: &t.sizes,
        dim_order: &t.dim_order,
        data,
    })
}

/// An output in linear memory (2.x): where it is in the arena, for the host to copy
/// (the arena does not change until the next call into the component).
#[cfg(not(feature = "contract-1"))]
fn result(o: runtime::Output) -> plugboard::runtime::types::TensorRef {
    plugboard::runtime::types::TensorRef {
        dtype: o.dtype,
        sizes: o.sizes,
        dim_order: o.dim_order,
        address: o.bytes.as_ptr() as usize as u32,
    }
}

// The SDK generates the component's exports only in the wasm build: a host build (unit
// tests, the fuzz targets in fuzz/) links the library without them.
#[cfg(feature = "contract-1")]
plugboard_sdk::export_backend!(Xnnpack, v1_4);
#[cfg(not(feature = "contract-1"))]
plugboard_sdk::export_backend!(Xnnpack, v2_4);
