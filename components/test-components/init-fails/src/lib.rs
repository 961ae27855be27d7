//! A backend for the live runtime's tests: it registers `XnnpackBackend`, loads and
//! instantiates like any good component, and then refuses every delegate at `init`
//! (`delegate-invalid-compatibility`, as a new backend version refusing an old
//! payload would). A method cannot move to it, and must keep its old version.

use plugboard_sdk::v1_4::backend::prelude::*;

struct InitFails;

struct Handle;

impl GuestDelegateHandle for Handle {
    fn execute(&self, _args: Vec<Evalue>) -> Result<Vec<Evalue>, Error> {
        Err(Error {
            kind: ErrorKind::Internal,
            message: "never initialized".into(),
        })
    }
}

impl Guest for InitFails {
    type DelegateHandle = Handle;

    fn backend_ids() -> Vec<String> {
        vec!["XnnpackBackend".into()]
    }

    fn is_available(_backend_id: String) -> bool {
        true
    }

    fn describe(_backend_id: String, _processed: Vec<u8>) -> Result<Vec<(String, u32)>, Error> {
        Ok(vec![])
    }

    fn init(
        _backend_id: String,
        processed: Vec<u8>,
        _compile_specs: Vec<CompileSpec>,
    ) -> Result<DelegateHandle, Error> {
        Err(Error {
            kind: ErrorKind::DelegateInvalidCompatibility,
            message: format!(
                "init-fails: this build refuses every processed blob ({} bytes here)",
                processed.len()
            ),
        })
    }
}

plugboard_sdk::export_backend!(InitFails, v1_4);
