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

/// A xorshift generator of pseudo-random `u64`s from `seed` (not zero).
#[allow(dead_code)] // not every bench uses it
pub fn xorshift(mut seed: u64) -> impl FnMut() -> u64 {
    move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    }
}
