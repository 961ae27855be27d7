//! The worker threads of the native kernels: one persistent rayon pool, made on first
//! use with the thread count asked for then. Spawning threads per GEMM call costs more
//! than the small convolutions of a mobile network take.

use std::sync::OnceLock;

/// The pool, or `None` if its threads could not be started (callers then run on the
/// calling thread).
pub(crate) fn pool(threads: usize) -> Option<&'static rayon::ThreadPool> {
    static POOL: OnceLock<Option<rayon::ThreadPool>> = OnceLock::new();
    POOL.get_or_init(|| {
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads.max(1))
            .thread_name(|i| format!("plugboard-accel-{i}"))
            .build()
            .ok()
    })
    .as_ref()
}
