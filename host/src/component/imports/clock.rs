//! `plugboard:runtime/clock`: a monotonic clock in nanoseconds.

use std::sync::OnceLock;
use std::time::Instant;

use wasmtime::component::{HasSelf, Linker};

use crate::bindings::plugboard::runtime::clock;

/// The (stateless) context of the `clock` interface.
#[derive(Default)]
pub struct ClockCtx;

/// The instant `clock.now` counts from: the first use in this process.
pub fn epoch() -> Instant {
    static START: OnceLock<Instant> = OnceLock::new();
    *START.get_or_init(Instant::now)
}

impl clock::Host for ClockCtx {
    /// Nanoseconds since [`epoch`].
    fn now(&mut self) -> u64 {
        epoch().elapsed().as_nanos() as u64
    }
}

/// Links `clock` into `linker`.
pub fn add_to_linker<T: 'static>(
    linker: &mut Linker<T>,
    get: fn(&mut T) -> &mut ClockCtx,
) -> wasmtime::Result<()> {
    clock::add_to_linker::<T, HasSelf<ClockCtx>>(linker, get)
}
