//! The worker threads of the native kernels: one persistent fork-join pool, made on
//! first use with the thread count asked for then, less one (the calling thread
//! computes too).
//!
//! [`for_each_part`] hands out the parts of one call by index: the caller and the
//! workers claim them from one atomic counter, so a part no worker has claimed yet is
//! run by the caller once its own are done. A worker that is slow to wake therefore
//! delays a call by at most the part it already claimed, never by its wake-up latency,
//! which is what made `--threads 2` slower than one thread on some VMs with a
//! general-purpose pool (a halted vCPU takes 50-100+ us to run again after a futex
//! wake, as long as a mobile network's smaller convolutions).
//!
//! Workers spin for [`SPIN`] after their last part before sleeping on a condition
//! variable, as XNNPACK's pthreadpool does: the gaps between the convolutions of one
//! inference are shorter than that, so during an inference they stay awake.
//!
//! While they spin, workers prefetch what the last caller asked them to warm
//! ([`warm`]): a decode step's next layers' weights, which would otherwise come from
//! memory while its other work runs on the calling thread.
//!
//! Protocol: `seq` packs a generation (48 bits), the call's part count and the next
//! unclaimed index (8 bits each). A call stores its job in slot `generation & 1`, then
//! publishes the new `seq`; claiming is a compare-and-swap that keeps the generation,
//! so a thread that read a job pointer can only run it while that generation is
//! current, which is before the caller has seen every part done and returned. One call
//! at a time: a second caller (another host thread, or a part calling back in) runs
//! its parts itself.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, AtomicPtr, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex, OnceLock};
use std::time::{Duration, Instant};

/// How long an idle worker spins before it sleeps.
const SPIN: Duration = Duration::from_millis(2);

/// Most parts in one call (the index and count fields are 8 bits).
const MAX_PARTS: usize = 255;

/// A job: part `i` of the current call.
struct Job<'a>(&'a (dyn Fn(usize) + Sync));

/// The pool's shared state.
struct Shared {
    /// Generation << 16 | parts << 8 | next index.
    seq: AtomicU64,
    /// Pointers to the caller's [`Job`] of generations `2k` and `2k + 1`.
    slots: [AtomicPtr<()>; 2],
    /// Parts of the current call finished.
    done: AtomicUsize,
    /// Workers sleeping (or about to) on `wake`.
    sleepers: AtomicUsize,
    /// Whether a part panicked (the caller panics after the call).
    panicked: AtomicBool,
    lock: Mutex<()>,
    wake: Condvar,
    /// Held by the one caller a call at a time.
    caller: Mutex<()>,
}

/// The pool (its workers hold `shared` too).
pub(crate) struct Pool {
    shared: &'static Shared,
}

/// The pool of `threads - 1` workers, or `None` if its threads could not be started
/// or `threads` is at most 1 (callers then run everything on the calling thread).
pub(crate) fn pool(threads: usize) -> Option<&'static Pool> {
    static POOL: OnceLock<Option<Pool>> = OnceLock::new();
    POOL.get_or_init(|| {
        if threads <= 1 {
            return None;
        }
        let shared: &'static Shared = Box::leak(Box::new(Shared {
            seq: AtomicU64::new(0),
            slots: [
                AtomicPtr::new(std::ptr::null_mut()),
                AtomicPtr::new(std::ptr::null_mut()),
            ],
            done: AtomicUsize::new(0),
            sleepers: AtomicUsize::new(0),
            panicked: AtomicBool::new(false),
            lock: Mutex::new(()),
            wake: Condvar::new(),
            caller: Mutex::new(()),
        }));
        let workers = (threads - 1).min(MAX_PARTS - 1);
        for i in 0..workers {
            let started = std::thread::Builder::new()
                .name(format!("plugboard-accel-{i}"))
                .spawn(move || worker(shared));
            if started.is_err() {
                // The workers already started wait for generations that never come.
                return None;
            }
        }
        Some(Pool { shared })
    })
    .as_ref()
}

/// Runs `f` on every part, on up to `threads` threads (the caller included); returns
/// when all are done. Sequential on the caller when `threads <= 1`, there is one part,
/// the pool is unavailable or busy with another call. A panic in a part is re-raised
/// on the caller after every part has finished.
pub(crate) fn for_each_part<P: Send>(threads: usize, parts: Vec<P>, f: impl Fn(P) + Sync) {
    let pool = if threads > 1 && parts.len() > 1 && parts.len() <= MAX_PARTS {
        pool(threads)
    } else {
        None
    };
    let Some(pool) = pool else {
        parts.into_iter().for_each(f);
        return;
    };
    let slots: Vec<Mutex<Option<P>>> = parts.into_iter().map(|p| Mutex::new(Some(p))).collect();
    let job = |i: usize| {
        let part = slots
            .get(i)
            .and_then(|s| s.lock().unwrap_or_else(|e| e.into_inner()).take());
        if let Some(p) = part {
            f(p);
        }
    };
    pool.run(slots.len(), &job);
}

impl Pool {
    /// Runs `job(0..parts)` on the caller and the workers (`parts <= MAX_PARTS`).
    fn run(&self, parts: usize, job: &(dyn Fn(usize) + Sync)) {
        let s = self.shared;
        let Ok(_one_caller) = s.caller.try_lock() else {
            (0..parts).for_each(job);
            return;
        };
        let job = Job(job);
        let gen = (s.seq.load(Ordering::Relaxed) >> 16) + 1;
        s.slots[(gen & 1) as usize].store(&job as *const Job as *mut (), Ordering::Relaxed);
        s.done.store(0, Ordering::Relaxed);
        s.seq
            .store(gen << 16 | (parts as u64) << 8, Ordering::SeqCst);
        if s.sleepers.load(Ordering::SeqCst) > 0 {
            let _l = s.lock.lock().unwrap_or_else(|e| e.into_inner());
            s.wake.notify_all();
        }
        while let Some(i) = claim(s, gen) {
            run_part(s, &job, i);
        }
        // The parts the workers claimed; they are short, so spin (yielding after a while
        // in case a worker was descheduled mid-part).
        let mut spins = 0u32;
        while s.done.load(Ordering::Acquire) < parts {
            if spins < 1 << 16 {
                spins += 1;
                std::hint::spin_loop();
            } else {
                std::thread::yield_now();
            }
        }
        if s.panicked.swap(false, Ordering::Relaxed) {
            panic!("a native kernel part panicked on a worker thread");
        }
    }
}

/// Claims the next part of generation `gen`, if that generation is current and has
/// parts left.
fn claim(s: &Shared, gen: u64) -> Option<usize> {
    let mut cur = s.seq.load(Ordering::Acquire);
    loop {
        let (g, parts, next) = (cur >> 16, (cur >> 8) & 0xff, cur & 0xff);
        if g != gen || next >= parts {
            return None;
        }
        match s
            .seq
            .compare_exchange_weak(cur, cur + 1, Ordering::AcqRel, Ordering::Acquire)
        {
            Ok(_) => return Some(next as usize),
            Err(now) => cur = now,
        }
    }
}

/// Runs part `i` of `job`, recording a panic, and counts it done.
fn run_part(s: &Shared, job: &Job<'_>, i: usize) {
    if catch_unwind(AssertUnwindSafe(|| (job.0)(i))).is_err() {
        s.panicked.store(true, Ordering::Relaxed);
    }
    s.done.fetch_add(1, Ordering::Release);
}

/// A worker: waits for each new generation and claims its parts.
fn worker(s: &'static Shared) {
    let mut seen = 0u64;
    loop {
        let gen = wait_for_generation(s, seen);
        seen = gen;
        let ptr = s.slots[(gen & 1) as usize].load(Ordering::Acquire) as *const Job<'_>;
        while let Some(i) = claim(s, gen) {
            // SAFETY: the claim succeeded while `gen` was current, so the caller that
            // published `gen` (after storing `ptr` for it) is still waiting for this
            // part in `Pool::run`, where the job lives; slot `gen & 1` is rewritten
            // only for generation `gen + 2`, after that caller returned.
            let job = unsafe { &*ptr };
            run_part(s, job, i);
        }
    }
}

/// Spins, then sleeps, until the generation differs from `seen`; returns it. While
/// it spins it warms what [`warm`] asked for, a [`WARM_STEP`] at a time.
fn wait_for_generation(s: &Shared, seen: u64) -> u64 {
    let start = Instant::now();
    let mut spins = 0u32;
    loop {
        let gen = s.seq.load(Ordering::Acquire) >> 16;
        if gen != seen {
            return gen;
        }
        if warm_step() {
            continue;
        }
        std::hint::spin_loop();
        spins = spins.wrapping_add(1);
        if spins.is_multiple_of(256) && start.elapsed() > SPIN {
            break;
        }
    }
    let mut guard = s.lock.lock().unwrap_or_else(|e| e.into_inner());
    s.sleepers.fetch_add(1, Ordering::SeqCst);
    loop {
        let gen = s.seq.load(Ordering::SeqCst) >> 16;
        if gen != seen {
            s.sleepers.fetch_sub(1, Ordering::SeqCst);
            return gen;
        }
        guard = s.wake.wait(guard).unwrap_or_else(|e| e.into_inner());
    }
}

/// Most ranges [`warm`] takes.
pub(crate) const WARM_RANGES: usize = 64;

/// Bytes an idle worker prefetches between looks for a new call (64 lines: about as
/// long as a look costs to come back from, so a call waits at most that).
const WARM_STEP: usize = 4096;

/// What idle workers warm: up to [`WARM_RANGES`] address ranges (start, end), and the
/// next unclaimed offset into them, counted over the ranges in order.
struct Warm {
    ranges: [(AtomicUsize, AtomicUsize); WARM_RANGES],
    next: AtomicUsize,
}

static WARM: Warm = Warm {
    ranges: [const { (AtomicUsize::new(0), AtomicUsize::new(0)) }; WARM_RANGES],
    next: AtomicUsize::new(usize::MAX),
};

/// Asks the pool's idle workers to prefetch `ranges` (start address, length) into
/// their caches, first to last, until the next call: memory the caller expects a
/// coming call to read (the weights of the layer after this one in a decode step,
/// which otherwise come from memory while the workers spin between layers). Replaces
/// what was asked before. Only a hint: a prefetch reads nothing the program sees and
/// never faults, whatever the addresses. Nothing happens without a pool (one thread).
pub(crate) fn warm(ranges: &[(usize, usize)]) {
    WARM.next.store(usize::MAX, Ordering::Relaxed);
    for (i, (start, end)) in WARM.ranges.iter().enumerate() {
        let (a, n) = ranges.get(i).copied().unwrap_or((0, 0));
        start.store(a, Ordering::Relaxed);
        end.store(a.saturating_add(n), Ordering::Relaxed);
    }
    WARM.next.store(0, Ordering::Release);
}

/// Prefetches the next [`WARM_STEP`] of what [`warm`] asked for; false when nothing
/// is left.
fn warm_step() -> bool {
    if WARM.next.load(Ordering::Relaxed) == usize::MAX {
        return false;
    }
    let mut offset = WARM.next.fetch_add(WARM_STEP, Ordering::Acquire);
    for (start, end) in &WARM.ranges {
        let (a, e) = (start.load(Ordering::Relaxed), end.load(Ordering::Relaxed));
        let len = e.saturating_sub(a);
        if offset < len {
            let from = a + offset;
            let to = (from + WARM_STEP).min(e);
            prefetch_lines(from, to);
            return true;
        }
        offset -= len;
    }
    WARM.next.store(usize::MAX, Ordering::Relaxed);
    false
}

/// Prefetches the cache lines of addresses `from..to`.
fn prefetch_lines(from: usize, to: usize) {
    #[cfg(target_arch = "x86_64")]
    for a in (from..to).step_by(64) {
        // SAFETY: a prefetch is a hint: it reads nothing the program sees and never
        // faults, whatever the address.
        unsafe {
            std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(a as *const i8)
        };
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = (from, to);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_part_runs_once_across_many_calls() {
        for round in 0..2000usize {
            let parts = 2 + round % 5;
            let hits: Vec<AtomicUsize> = (0..parts).map(|_| AtomicUsize::new(0)).collect();
            for_each_part(3, (0..parts).collect(), |i: usize| {
                hits[i].fetch_add(1, Ordering::Relaxed);
            });
            assert!(
                hits.iter().all(|h| h.load(Ordering::Relaxed) == 1),
                "round {round}"
            );
        }
    }

    #[test]
    fn parts_get_their_own_mutable_slices() {
        let mut out = vec![0u32; 1000];
        let parts: Vec<(usize, &mut [u32])> = out.chunks_mut(250).enumerate().collect();
        for_each_part(4, parts, |(k, chunk)| {
            chunk.iter_mut().for_each(|v| *v = k as u32)
        });
        for (k, chunk) in out.chunks(250).enumerate() {
            assert!(chunk.iter().all(|&v| v == k as u32));
        }
    }

    #[test]
    fn nested_and_concurrent_calls_run_sequentially_instead_of_deadlocking() {
        let total = AtomicUsize::new(0);
        std::thread::scope(|sc| {
            for _ in 0..3 {
                sc.spawn(|| {
                    for _ in 0..200 {
                        for_each_part(2, vec![1usize, 2], |v| {
                            for_each_part(2, vec![v, v], |w| {
                                total.fetch_add(w, Ordering::Relaxed);
                            });
                        });
                    }
                });
            }
        });
        assert_eq!(total.load(Ordering::Relaxed), 3 * 200 * 6);
    }

    #[test]
    fn sleeping_workers_wake_for_the_next_call() {
        let n = AtomicUsize::new(0);
        for_each_part(2, vec![(), ()], |_| {
            n.fetch_add(1, Ordering::Relaxed);
        });
        std::thread::sleep(SPIN * 3);
        for_each_part(2, vec![(), (), ()], |_| {
            n.fetch_add(1, Ordering::Relaxed);
        });
        assert_eq!(n.load(Ordering::Relaxed), 5);
    }
}
