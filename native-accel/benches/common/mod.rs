//! Timing shared by the native-accel benches.

use std::time::{Duration, Instant};

/// Best time of repeated calls of `f` within `budget` (at least 3 calls, after a warm-up),
/// in seconds.
pub fn time(budget: Duration, mut f: impl FnMut()) -> f64 {
    f();
    let start = Instant::now();
    let mut best = f64::INFINITY;
    let mut iters = 0;
    while start.elapsed() < budget || iters < 3 {
        let t0 = Instant::now();
        f();
        best = best.min(t0.elapsed().as_secs_f64());
        iters += 1;
    }
    best
}
