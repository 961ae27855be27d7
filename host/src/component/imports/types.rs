//! `plugboard:runtime/types`: types only, no functions; linked so that components
//! importing the interface find it.

use wasmtime::component::{HasSelf, Linker};

use crate::bindings::plugboard::runtime::types;

/// The (empty) context of the `types` interface.
#[derive(Default)]
pub struct TypesCtx;

impl types::Host for TypesCtx {}

/// Links `types` into `linker`.
pub fn add_to_linker<T: 'static>(
    linker: &mut Linker<T>,
    get: fn(&mut T) -> &mut TypesCtx,
) -> wasmtime::Result<()> {
    types::add_to_linker::<T, HasSelf<TypesCtx>>(linker, get)
}
