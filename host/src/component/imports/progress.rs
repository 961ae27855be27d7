//! `plugboard:runtime/progress`: where a kernel library is inside a batch of prepared
//! calls, so that the host can name the instruction of a trap. The position is the
//! component's word: the executor checks it against the batch before using it. While
//! the method is being profiled, each report is also timestamped, which times every
//! call of the batch.

use wasmtime::component::{HasSelf, Linker};

use crate::bindings::plugboard::runtime::progress;

/// The last position a kernel library reported.
#[derive(Default)]
pub struct ProgressCtx {
    /// The position passed to the last `progress.at` (reset by the caller per batch).
    pub position: u32,
    /// When set (profiling), every report with the time it arrived. Bounded by the
    /// batch the host passed: the caller clears it per batch and ignores positions
    /// outside the batch.
    pub marks: Option<Vec<(u32, std::time::Instant)>>,
}

/// Most marks kept per batch: a component reporting more than its batch holds cannot
/// grow the host's memory.
const MAX_MARKS: usize = 1 << 16;

impl progress::Host for ProgressCtx {
    fn at(&mut self, position: u32) {
        self.position = position;
        if let Some(marks) = &mut self.marks {
            if marks.len() < MAX_MARKS {
                marks.push((position, std::time::Instant::now()));
            }
        }
    }
}

/// Links `progress` into `linker`.
pub fn add_to_linker<T: 'static>(
    linker: &mut Linker<T>,
    get: fn(&mut T) -> &mut ProgressCtx,
) -> wasmtime::Result<()> {
    progress::add_to_linker::<T, HasSelf<ProgressCtx>>(linker, get)
}
