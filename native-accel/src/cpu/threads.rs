//! Per-convolution choice between one thread and `--threads N`, made by measuring.
//!
//! Whether splitting a GEMM across threads pays depends on the machine (wake-up
//! latency of a sleeping worker, which is tens of microseconds on some VMs, shared
//! caches, whether the cores are SMT siblings) as much as on the work's size, so no
//! fixed threshold gives "never slower than one thread". Each set of weights therefore
//! times its own calls: the first call warms up on `N` threads, the next six
//! alternate one thread and `N`, and from then on it uses `N` only if `N`'s best time
//! beat one thread's best by at least 10% (one thread on a tie: a noisy sample must not
//! make a convolution slower than it is on one thread).

use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};
use std::time::Duration;

/// Calls spent measuring (after the warm-up call) before the choice is fixed.
const TRIALS: u32 = 6;

/// The measured thread choice of one set of weights (all counters relaxed: a race
/// only costs a sample).
#[derive(Debug)]
pub(crate) struct ThreadChoice {
    calls: AtomicU32,
    best_one_ns: AtomicU64,
    best_many_ns: AtomicU64,
}

impl Default for ThreadChoice {
    fn default() -> Self {
        ThreadChoice {
            calls: AtomicU32::new(0),
            best_one_ns: AtomicU64::new(u64::MAX),
            best_many_ns: AtomicU64::new(u64::MAX),
        }
    }
}

impl ThreadChoice {
    /// The thread count for the next call when the caller allows `asked` threads.
    pub(crate) fn pick(&self, asked: usize) -> usize {
        if asked <= 1 {
            return 1;
        }
        let n = self.calls.load(Ordering::Relaxed);
        if n == 0 {
            return asked;
        }
        if n <= TRIALS {
            return if n % 2 == 1 { 1 } else { asked };
        }
        let one = self.best_one_ns.load(Ordering::Relaxed);
        let many = self.best_many_ns.load(Ordering::Relaxed);
        if (many as f64) < one as f64 * 0.9 {
            asked
        } else {
            1
        }
    }

    /// Whether the next call, allowed `asked` threads, is still one of the trials the
    /// choice is learned from: only then is it timed (a clock read before and after
    /// cost about a tenth of a microsecond on every matrix-vector product of a
    /// recurrent network's steps, at one thread, where there is nothing to learn).
    pub(crate) fn learning(&self, asked: usize) -> bool {
        asked > 1 && self.calls.load(Ordering::Relaxed) <= TRIALS
    }

    /// Records that a call on `used` threads took `elapsed`.
    pub(crate) fn record(&self, used: usize, elapsed: Duration) {
        let n = self.calls.load(Ordering::Relaxed);
        if n > TRIALS {
            return;
        }
        self.calls.store(n + 1, Ordering::Relaxed);
        if n == 0 {
            return;
        }
        let ns = u64::try_from(elapsed.as_nanos()).unwrap_or(u64::MAX);
        let best = if used <= 1 {
            &self.best_one_ns
        } else {
            &self.best_many_ns
        };
        best.fetch_min(ns, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn choose(one_us: u64, many_us: u64) -> usize {
        let c = ThreadChoice::default();
        for _ in 0..=TRIALS {
            let t = c.pick(2);
            let us = if t == 1 { one_us } else { many_us };
            c.record(t, Duration::from_micros(us));
        }
        c.pick(2)
    }

    #[test]
    fn picks_the_measured_faster_count() {
        assert_eq!(choose(100, 60), 2);
        assert_eq!(choose(100, 130), 1);
        // A tie (within 10%) stays on one thread.
        assert_eq!(choose(100, 93), 1);
        // One thread asked: nothing to choose.
        assert_eq!(ThreadChoice::default().pick(1), 1);
    }
}
