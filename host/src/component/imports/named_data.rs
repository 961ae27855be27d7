//! `plugboard:runtime/named-data`: the program's named data (ExecuTorch's
//! `NamedDataMap`), served to a backend during `init`.

use std::collections::HashMap;
use std::sync::Arc;

use wasmtime::component::{HasSelf, Linker};

use crate::bindings::plugboard::runtime::{named_data, types};

/// Where a backend's named data comes from: keys to byte strings.
pub trait NamedDataSource: Send + Sync {
    /// The bytes stored under `key`, if any.
    fn named_bytes(&self, key: &str) -> Option<&[u8]>;
}

/// Named data of the program being loaded: a [`crate::Program`], which serves its own
/// named data and that of its external data files straight from their mappings (a
/// copy of every weight on the heap for the method's life, as a map of owned bytes
/// made, doubled a language model's resident weights), or a map of owned bytes.
pub type NamedDataMap = Arc<dyn NamedDataSource>;

impl NamedDataSource for HashMap<String, Arc<[u8]>> {
    fn named_bytes(&self, key: &str) -> Option<&[u8]> {
        self.get(key).map(|b| &b[..])
    }
}

/// What the `named-data` interface serves right now.
#[derive(Default)]
pub struct NamedDataCtx {
    /// The map visible to the component (set around `backend.init`, else `None`).
    pub map: Option<NamedDataMap>,
}

impl named_data::Host for NamedDataCtx {
    fn get(&mut self, key: String) -> Result<Vec<u8>, types::Error> {
        match self.map.as_ref().and_then(|m| m.named_bytes(&key)) {
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
