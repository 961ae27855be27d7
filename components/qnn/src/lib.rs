//! plugboard's QNN backend: registers backend id `QnnBackend`, reads the payloads
//! ExecuTorch's Qualcomm backend writes (a [`header`] and a QNN context binary) and
//! hands the context binary to the host's `qnn` import (`wit/qnn.wit`), which owns the
//! QNN SDK. It computes nothing itself: without the SDK on the host there is nothing to
//! run on, and the backend says so (`is-available` is false, with the host's reason).
//!
//! `describe` reports the payload's context binary size (bytes) for `plugboard inspect`.
//! The graph run is `forward`, the name ExecuTorch gives a single-method export.

pub use plugboard_sdk::v2_4::backend::{exports, plugboard};

pub mod header;

use exports::plugboard::runtime::backend_interface::{
    CompileSpec, DelegateHandle, Guest, GuestDelegateHandle,
};
use plugboard::runtime::qnn;
use plugboard::runtime::types::{Error, ErrorKind, Evalue, Tensor, TensorRef};

/// The backend id this component registers.
pub const BACKEND_ID: &str = "QnnBackend";

use plugboard_sdk::v2_4::backend::{error as err, incompatible};

fn check_id(id: &str) -> Result<(), Error> {
    plugboard_sdk::v2_4::backend::check_backend_id(&[BACKEND_ID], id)
}

fn parse(processed: &[u8]) -> Result<header::Payload<'_>, Error> {
    header::parse(processed).map_err(incompatible)
}

struct Qnn;

/// A QNN context the host created.
pub struct Delegate {
    context: u32,
    /// The outputs of the last `execute` (contract 2.0: the host copies them out of
    /// this component's memory after the call).
    outputs: std::cell::RefCell<Vec<Tensor>>,
}

impl Guest for Qnn {
    type DelegateHandle = Delegate;

    fn backend_ids() -> Vec<String> {
        vec![BACKEND_ID.to_string()]
    }

    fn is_available(backend_id: String) -> bool {
        backend_id == BACKEND_ID && qnn::open().is_ok()
    }

    fn describe(backend_id: String, processed: Vec<u8>) -> Result<Vec<(String, u32)>, Error> {
        check_id(&backend_id)?;
        let p = parse(&processed)?;
        let bytes = u32::try_from(p.context_binary.len()).unwrap_or(u32::MAX);
        Ok(vec![("context binary bytes".into(), bytes)])
    }

    plugboard_sdk::memory_exports!();

    fn init(
        backend_id: String,
        processed: Vec<u8>,
        _compile_specs: Vec<CompileSpec>,
    ) -> Result<DelegateHandle, Error> {
        check_id(&backend_id)?;
        let p = parse(&processed)?;
        qnn::open().map_err(|why| {
            err(
                ErrorKind::NotSupported,
                format!("{BACKEND_ID} is not available on this machine: {why}"),
            )
        })?;
        let context = qnn::create_context(p.context_binary)?;
        Ok(DelegateHandle::new(Delegate {
            context,
            outputs: std::cell::RefCell::new(Vec::new()),
        }))
    }
}

impl GuestDelegateHandle for Delegate {
    fn execute(&self, args: Vec<Evalue>) -> Result<Vec<Evalue>, Error> {
        // The graph's inputs with their bytes (from the blocks the host filled), then the
        // planned outputs (see `qnn.execute`): the QNN import takes tensors by value.
        let mut tensors: Vec<Tensor> = Vec::with_capacity(args.len());
        for a in &args {
            if let Evalue::Tensor(t) = a {
                let data = if t.address == 0 {
                    Vec::new() // an output argument
                } else {
                    // SAFETY: copied at once; nothing writes the block meanwhile.
                    unsafe { t.bytes()? }.to_vec()
                };
                tensors.push(Tensor {
                    dtype: t.dtype,
                    sizes: t.sizes.clone(),
                    dim_order: t.dim_order.clone(),
                    data,
                });
            }
        }
        let outputs = qnn::execute(self.context, "forward", &tensors)?;
        // Kept until the next call: the host copies them out of this memory.
        let mut kept = self.outputs.borrow_mut();
        *kept = outputs;
        Ok(kept
            .iter()
            .map(|t| {
                Evalue::Tensor(TensorRef {
                    dtype: t.dtype,
                    sizes: t.sizes.clone(),
                    dim_order: t.dim_order.clone(),
                    address: t.data.as_ptr() as usize as u32,
                })
            })
            .collect())
    }
}

/// Contract 2.1's `execute-again` is not implemented: every call of a delegate is an
/// `execute` (the host falls back on `not-supported`, for good).
impl exports::plugboard::runtime::backend_execute_again::Guest for Qnn {
    fn execute_again(
        _delegate: exports::plugboard::runtime::backend_interface::DelegateHandleBorrow<'_>,
        _input_addresses: Vec<u32>,
    ) -> Result<Vec<u32>, Error> {
        Err(plugboard_sdk::v2_4::backend::not_supported(
            "the QNN backend runs every delegate call by `execute`",
        ))
    }
}

impl Drop for Delegate {
    fn drop(&mut self) {
        let _ = qnn::destroy_context(self.context);
    }
}

plugboard_sdk::export_backend!(Qnn, v2_4);
