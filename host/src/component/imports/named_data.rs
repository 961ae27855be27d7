//! `plugboard:runtime/named-data`: the program's named data (ExecuTorch's
//! `NamedDataMap`), served to a backend during `init`.

use std::collections::HashMap;
use std::sync::Arc;

use wasmtime::component::{HasSelf, Linker};

use crate::bindings::plugboard::runtime::{named_data, types};

/// Named data of the program being loaded. Keys map to byte strings.
pub type NamedDataMap = Arc<HashMap<String, Arc<[u8]>>>;

/// What the `named-data` interface serves right now.
#[derive(Default)]
pub struct NamedDataCtx {
    /// The map visible to the component (set around `backend.init`, else `None`).
    pub map: Option<NamedDataMap>,
}

impl named_data::Host for NamedDataCtx {
    fn get(&mut self, key: String) -> Result<Vec<u8>, types::Error> {
        match self.map.as_ref().and_then(|m| m.get(&key)) {
            Some(bytes) => Ok(bytes.to_vec()),
            None => Err(types::Error {
                kind: types::ErrorKind::NotFound,
                message: format!(
                    "no named data with key `{key}` in the program or its loaded external data (.ptd)"
                ),
            }),
        }
    }
}

/// Links `named-data` into `linker`.
pub fn add_to_linker<T: 'static>(
    linker: &mut Linker<T>,
    get: fn(&mut T) -> &mut NamedDataCtx,
) -> wasmtime::Result<()> {
    named_data::add_to_linker::<T, HasSelf<NamedDataCtx>>(linker, get)
}
