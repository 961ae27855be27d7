//! The host side of the `gpu` import (`wit/gpu.wit`): a WebGPU-shaped compute device on
//! wgpu, offered to sandboxed backend components.
//!
//! - [`GpuHost`] (`device.rs`): the one device of a host, opened lazily on the first
//!   `open`, shared by every component instance, re-created by the next `open` after
//!   device loss. Without a usable adapter it holds the reason, which
//!   `plugboard backends` shows.
//! - [`GpuSession`] (`session/`): what one component instance holds on the device —
//!   its own tables of buffers, pipelines and bind groups (a handle names an entry of
//!   the caller's table only), its budget, and the checks every call passes before
//!   wgpu sees it.
//! - [`Limits`] (`limits.rs`): what a session may ask for, from the device's limits and
//!   the host's own bounds.
//!
//! # What is checked where
//! wgpu panics on some misuse even with an error scope (buffer slices out of range,
//! mapping misuse, limits the adapter lacks), and without an error scope or an
//! uncaptured-error handler on every validation error. So every size, offset, count,
//! alignment and handle is checked here first; what only the device can judge (WGSL
//! that does not compile, a shader that does not match its layout, conflicting usages
//! inside a dispatch) is caught by validation and out-of-memory error scopes around each
//! call (thread-local in wgpu 30, so concurrent instances do not see each other's
//! errors), and an uncaptured-error handler logs anything that escapes. `catch_unwind`
//! is the last guard: a wgpu panic marks the device lost and becomes an error.
//!
//! # Budget and time
//! Buffers (and the staging buffer of read-backs) are charged to the session's GPU
//! budget, a [`crate::meter::Account`] of its own; bytes the host holds in its own memory
//! for a call (read-back results until the guest has copied them) are charged to the
//! instance's main account, like every other import. Waiting for the device is bounded
//! by the main account's call deadline: a submission still running then is a
//! [`AccelErrorKind::Deadline`] error (the host traps the guest) and the device is
//! treated as lost, since its queue may never drain. A dispatch is bounded in
//! workgroups ([`Limits::max_workgroups_per_dispatch`]); WGSL is bounded in bytes,
//! brace nesting and pipeline count, since the shader compiler (naga) is code a
//! component drives with text of its choosing.

mod device;
mod limits;
mod session;
#[cfg(test)]
mod tests;

pub use device::{AdapterInfo, GpuHost};
pub use limits::Limits;
pub use session::{
    BindingKind, BufferKind, Command, CopyCommand, Dispatch, GpuSession, Read, ReadBack, Write,
    WriteBinding,
};

use crate::meter::{AccelError, AccelErrorKind};

/// An [`AccelErrorKind::Unavailable`] error.
fn unavailable(message: impl Into<String>) -> AccelError {
    AccelError {
        kind: AccelErrorKind::Unavailable,
        message: message.into(),
    }
}

/// Text of a wgpu error with its sources, cut to 2 KiB (naga's messages quote the
/// offending WGSL, which a component chooses).
fn describe_wgpu_error(e: &wgpu::Error) -> String {
    let mut s = e.to_string();
    let mut source = std::error::Error::source(e);
    while let Some(inner) = source {
        let text = inner.to_string();
        if !s.contains(&text) {
            s.push_str(": ");
            s.push_str(&text);
        }
        source = inner.source();
    }
    cut(s, 2048)
}

fn cut(mut s: String, max: usize) -> String {
    if s.len() > max {
        let mut end = max;
        while !s.is_char_boundary(end) {
            end -= 1;
        }
        s.truncate(end);
        s.push_str(" …");
    }
    s
}
