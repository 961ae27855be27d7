//! Contract 1.x, served through the 2.x logic (see the parent module): the bindings of
//! `wit/1.4.0`, the newest 1.x release, and the adapter.
//!
//! - `imports`: each 1.x import interface implemented on the same context as its 2.x
//!   counterpart, by converting and delegating;
//! - `convert`: `From` impls between the 1.x and 2.x types that did not change;
//! - the 1.x exports (`kernels` with its own memory protocol, `backend-interface` with
//!   tensors by value) are called from `component::kernel_library` and
//!   `component::backend`, which keep 1.x's meaning for them.

#![allow(missing_docs, clippy::all)]

wasmtime::component::bindgen!({
    path: "../wit/1.4.0",
    world: "plugboard-host",
    imports: {
        "plugboard:runtime/cpu-accel": trappable,
        "plugboard:runtime/gpu": trappable,
    },
});

pub(crate) mod convert;
pub(crate) mod imports;

pub use self::exports::plugboard::runtime::backend_interface;
pub use self::exports::plugboard::runtime::kernels;
pub use self::plugboard::runtime::types;
