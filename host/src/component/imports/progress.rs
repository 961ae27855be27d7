//! `plugboard:runtime/progress`: where a kernel library is inside a batch of prepared
//! calls, so that the host can name the instruction of a trap. The position is the
//! component's word: the executor checks it against the batch before using it.

use wasmtime::component::{HasSelf, Linker};

use crate::bindings::plugboard::runtime::progress;

/// The last position a kernel library reported.
#[derive(Default)]
pub struct ProgressCtx {
    /// The position passed to the last `progress.at` (reset by the caller per batch).
    pub position: u32,
}

impl progress::Host for ProgressCtx {
    fn at(&mut self, position: u32) {
        self.position = position;
    }
}

/// Links `progress` into `linker`.
pub fn add_to_linker<T: 'static>(
    linker: &mut Linker<T>,
    get: fn(&mut T) -> &mut ProgressCtx,
) -> wasmtime::Result<()> {
    progress::add_to_linker::<T, HasSelf<ProgressCtx>>(linker, get)
}
