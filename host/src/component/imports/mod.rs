//! The host side of the `plugboard:runtime` imports: one module and one context type
//! per interface, as wasmtime's `wasi-nn` does it (`WasiNnCtx` + `add_to_linker` with a
//! `HasData` marker). Each context implements its interface's generated `Host` trait,
//! and each module's `add_to_linker` links that interface alone through a getter from
//! the store's data, so no import module knows the store's type
//! ([`super::HostState`], whose `add_imports_to_linker` is the one place that lists
//! them all).
//!
//! Resource rules shared by every import (memory charged to the instance's account,
//! native work under the call deadline and the work cap) live in
//! `plugboard_native_accel::meter`; an import that runs past the deadline returns
//! [`DeadlineExceeded`] as a trap.

pub mod clock;
pub mod cpu_accel;
pub mod gpu;
pub mod log_limit;
pub mod logging;
pub mod named_data;
pub mod profiling;
pub mod progress;
pub mod qnn;
pub mod types;

/// The error a host import returns (as a trap) when work it does for a component ran
/// past the call deadline.
#[derive(Debug)]
pub struct DeadlineExceeded;

impl std::fmt::Display for DeadlineExceeded {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("native work ran past the call deadline")
    }
}

impl std::error::Error for DeadlineExceeded {}
