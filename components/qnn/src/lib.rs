//! plugboard's QNN backend: registers backend id `QnnBackend`, reads the payloads
//! ExecuTorch's Qualcomm backend writes (a [`header`] and a QNN context binary) and
//! hands the context binary to the host's `qnn` import (`wit/qnn.wit`), which owns the
//! QNN SDK. It computes nothing itself: without the SDK on the host there is nothing to
//! run on, and the backend says so (`is-available` is false, with the host's reason).
//!
//! `describe` reports the payload's context binary size (bytes) for `plugboard inspect`.
//! The graph run is `forward`, the name ExecuTorch gives a single-method export.

pub use plugboard_sdk::v1_4::backend::{exports, plugboard};

pub mod header;

use exports::plugboard::runtime::backend_interface::{
    CompileSpec, DelegateHandle, Guest, GuestDelegateHandle,
};
use plugboard::runtime::qnn;
use plugboard::runtime::types::{Error, ErrorKind, Evalue, Tensor};

/// The backend id this component registers.
pub const BACKEND_ID: &str = "QnnBackend";

use plugboard_sdk::v1_4::backend::{error as err, incompatible};

fn check_id(id: &str) -> Result<(), Error> {
    plugboard_sdk::v1_4::backend::check_backend_id(&[BACKEND_ID], id)
}

fn parse(processed: &[u8]) -> Result<header::Payload<'_>, Error> {
    header::parse(processed).map_err(incompatible)
}

struct Qnn;

/// A QNN context the host created.
pub struct Delegate {
    context: u32,
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
        Ok(DelegateHandle::new(Delegate { context }))
    }
}

impl GuestDelegateHandle for Delegate {
    fn execute(&self, args: Vec<Evalue>) -> Result<Vec<Evalue>, Error> {
        // The graph's inputs, then the planned outputs (see `qnn.execute`).
        let inputs: Vec<Tensor> = args
            .into_iter()
            .filter_map(|a| match a {
                Evalue::Tensor(t) => Some(t),
                _ => None,
            })
            .collect();
        let outputs = qnn::execute(self.context, "forward", &inputs)?;
        Ok(outputs.into_iter().map(Evalue::Tensor).collect())
    }
}

impl Drop for Delegate {
    fn drop(&mut self) {
        let _ = qnn::destroy_context(self.context);
    }
}

plugboard_sdk::export_backend!(Qnn, v1_4);
