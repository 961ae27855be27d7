//! The host side of the `qnn` import (`wit/qnn.wit`) on
//! `plugboard_native_accel::qnn::QnnHost`, the host's one view of the QNN SDK.
//!
//! Today no context can be created (see that module: this host finds the SDK but does
//! not yet execute its context binaries), so `create-context` says why and no handle
//! ever exists; `execute` and `destroy-context` of any handle are
//! `delegate-invalid-handle`.

use std::sync::Arc;

use plugboard_native_accel::qnn::QnnHost;
use wasmtime::component::{HasSelf, Linker};

use crate::bindings::plugboard::runtime::{qnn, types};

/// Per-instance state of the `qnn` import.
pub struct QnnCtx {
    host: Arc<QnnHost>,
    /// What the last `open` told the instance.
    last_open: Option<Result<String, String>>,
}

impl QnnCtx {
    /// The `qnn` import of one instance, on `host`'s SDK.
    pub(crate) fn new(host: Arc<QnnHost>) -> QnnCtx {
        QnnCtx {
            host,
            last_open: None,
        }
    }

    /// What the last `open` of this instance found (`Ok`: the library, `Err`: why QNN
    /// cannot run); `None` when the instance never asked.
    pub(crate) fn last_open(&self) -> Option<&Result<String, String>> {
        self.last_open.as_ref()
    }
}

fn no_context(context: u32) -> types::Error {
    types::Error {
        kind: types::ErrorKind::DelegateInvalidHandle,
        message: format!("qnn: no QNN context with handle {context}"),
    }
}

impl qnn::Host for QnnCtx {
    fn open(&mut self) -> Result<String, String> {
        let r = self.host.open();
        self.last_open = Some(match &r {
            Ok(lib) => Ok(format!("QNN {lib}")),
            Err(why) => Err(format!("no QNN: {why}")),
        });
        r
    }

    fn create_context(&mut self, binary: Vec<u8>) -> Result<u32, types::Error> {
        let why = match self.host.open() {
            Ok(lib) => format!("{lib} is loaded, but creating contexts is not implemented"),
            Err(why) => why,
        };
        Err(types::Error {
            kind: types::ErrorKind::NotSupported,
            message: format!(
                "qnn: cannot create a context from a {}-byte binary: {why}",
                binary.len()
            ),
        })
    }

    fn execute(
        &mut self,
        context: u32,
        _graph: String,
        _tensors: Vec<types::Tensor>,
    ) -> Result<Vec<types::Tensor>, types::Error> {
        Err(no_context(context))
    }

    fn destroy_context(&mut self, context: u32) -> Result<(), types::Error> {
        Err(no_context(context))
    }
}

/// Links `qnn` into `linker`.
pub fn add_to_linker<T: 'static>(
    linker: &mut Linker<T>,
    get: fn(&mut T) -> &mut QnnCtx,
) -> wasmtime::Result<()> {
    qnn::add_to_linker::<T, HasSelf<QnnCtx>>(linker, get)
}
