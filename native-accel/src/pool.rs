//! The worker threads of the native kernels: one persistent rayon pool, made on first
//! use with the thread count asked for then, less one: the calling thread computes a
//! share itself (`in_place_scope`), so `--threads 2` on two cores is the caller plus
//! one worker, not two workers and a sleeping caller that must be woken after them.
//! Spawning threads per GEMM call costs more than the small convolutions of a mobile
//! network take.

use std::sync::OnceLock;

/// The pool of `threads - 1` workers, or `None` if its threads could not be started
/// or `threads` is at most 1 (callers then run everything on the calling thread).
pub(crate) fn pool(threads: usize) -> Option<&'static rayon::ThreadPool> {
    static POOL: OnceLock<Option<rayon::ThreadPool>> = OnceLock::new();
    POOL.get_or_init(|| {
        if threads <= 1 {
            return None;
        }
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads - 1)
            .thread_name(|i| format!("plugboard-accel-{i}"))
            .build()
            .ok()
    })
    .as_ref()
}
