//! `plugboard:runtime/profiling`: a backend's timings of its own steps (delegate graph
//! nodes), kept while the host profiles an `execute`. Everything is the component's
//! word, so it is bounded: at most [`MAX_NODES`] steps per call and [`MAX_NAME`] bytes
//! of each name; times are turned into instants by the caller, which clamps them to the
//! call.

use wasmtime::component::{HasSelf, Linker};

use crate::bindings::plugboard::runtime::profiling;

/// Most steps kept per `execute`.
pub const MAX_NODES: usize = 1 << 16;
/// Most bytes kept of a step's name.
pub const MAX_NAME: usize = 128;

/// One step a backend reported: its name and `clock.now` start and end (ns).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NodeTiming {
    /// The step's name, at most [`MAX_NAME`] bytes.
    pub name: String,
    /// `clock.now` at its start, in nanoseconds.
    pub start: u64,
    /// `clock.now` at its end, in nanoseconds.
    pub end: u64,
}

/// Whether the current call is profiled, and what was reported during it.
#[derive(Default)]
pub struct ProfilingCtx {
    /// Set by the host around a profiled `execute`.
    pub enabled: bool,
    /// The steps reported since the host last took them.
    pub nodes: Vec<NodeTiming>,
}

impl profiling::Host for ProfilingCtx {
    fn enabled(&mut self) -> bool {
        self.enabled
    }

    fn node(&mut self, name: String, start: u64, end: u64) {
        if !self.enabled || self.nodes.len() >= MAX_NODES {
            return;
        }
        let mut name = name;
        if name.len() > MAX_NAME {
            let mut cut = MAX_NAME;
            while !name.is_char_boundary(cut) {
                cut -= 1;
            }
            name.truncate(cut);
        }
        self.nodes.push(NodeTiming {
            name,
            start,
            end: end.max(start),
        });
    }
}

/// Links `profiling` into `linker`.
pub fn add_to_linker<T: 'static>(
    linker: &mut Linker<T>,
    get: fn(&mut T) -> &mut ProfilingCtx,
) -> wasmtime::Result<()> {
    profiling::add_to_linker::<T, HasSelf<ProfilingCtx>>(linker, get)
}
