//! What one sandboxed component may use of the host: the memory it holds (its linear
//! memories *and* every byte the host allocates on its behalf: native weights, packed
//! copies, outputs, scratch, later GPU buffers) under one cap, and the wall-clock
//! deadline of the call it is in.
//!
//! This is the one mechanism every accelerator import uses, so that no import is a way
//! around the sandbox: an import [`Account::charge`]s what it is about to allocate (the
//! [`Charge`] un-charges when dropped, with the handle or call that held the bytes),
//! splits long native work into bounded chunks and calls [`Account::check_deadline`]
//! between them, and checks one call's total work against a cap before it starts
//! ([`Account::check_work`]).
//!
//! The host's wasmtime `ResourceLimiter` charges linear-memory growth to the same
//! account ([`Account::grow`]), so a component cannot use the cap twice, once inside its
//! sandbox and once through the host.

use std::fmt;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::Instant;

/// Why native work for a component was refused or stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AccelErrorKind {
    /// The request itself is malformed (a size, index or geometry out of range).
    InvalidArgument,
    /// The bytes it needs would take the component past its memory cap.
    MemoryCap,
    /// The call the component is in ran past its deadline.
    Deadline,
    /// The request needs more work than one call may do.
    WorkCap,
    /// The accelerator is not there: no device, device lost, turned off.
    Unavailable,
}

/// An error of a native kernel, with what was asked in the message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AccelError {
    /// What went wrong.
    pub kind: AccelErrorKind,
    /// A message for people.
    pub message: String,
}

impl AccelError {
    /// An [`AccelErrorKind::InvalidArgument`] error.
    pub fn invalid(message: impl Into<String>) -> AccelError {
        AccelError {
            kind: AccelErrorKind::InvalidArgument,
            message: message.into(),
        }
    }

    /// The same error with `prefix: ` in front of its message.
    pub fn context(mut self, prefix: impl fmt::Display) -> AccelError {
        self.message = format!("{prefix}: {}", self.message);
        self
    }
}

impl fmt::Display for AccelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for AccelError {}

impl From<String> for AccelError {
    fn from(message: String) -> AccelError {
        AccelError::invalid(message)
    }
}

/// The memory and time account of one component instance. Cloning shares it.
#[derive(Clone)]
pub struct Account {
    inner: Arc<Inner>,
}

struct Inner {
    cap: usize,
    used: AtomicUsize,
    /// Nanoseconds since [`base`] at which the current call must stop; `u64::MAX`: none;
    /// [`PENDING`] plus a duration in nanoseconds: a deadline that starts counting when
    /// it is first looked at ([`Account::start_deadline`]).
    deadline: AtomicU64,
    /// Most work units (multiply-accumulates, chain steps, ...) one call may ask for.
    work_cap: u64,
}

/// The bit of [`Inner::deadline`] that marks a deadline not started yet.
const PENDING: u64 = 1 << 63;

/// The instant deadlines are counted from.
fn base() -> Instant {
    static BASE: OnceLock<Instant> = OnceLock::new();
    *BASE.get_or_init(Instant::now)
}

impl fmt::Debug for Account {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Account")
            .field("cap", &self.inner.cap)
            .field("used", &self.used())
            .finish()
    }
}

impl Account {
    /// An account holding at most `cap` bytes, whose calls may each ask for at most
    /// `work_cap` units of native work, with no deadline set.
    pub fn new(cap: usize, work_cap: u64) -> Account {
        Account {
            inner: Arc::new(Inner {
                cap,
                used: AtomicUsize::new(0),
                deadline: AtomicU64::new(u64::MAX),
                work_cap,
            }),
        }
    }

    /// The cap in bytes.
    pub fn cap(&self) -> usize {
        self.inner.cap
    }

    /// Bytes charged now (linear memory plus host allocations).
    pub fn used(&self) -> usize {
        self.inner.used.load(Ordering::Relaxed)
    }

    /// Charges `bytes` that the host is about to allocate for `what`; the returned
    /// [`Charge`] un-charges them when dropped. Errors ([`AccelErrorKind::MemoryCap`])
    /// when the account would pass its cap; nothing is charged then.
    pub fn charge(&self, bytes: usize, what: &str) -> Result<Charge, AccelError> {
        if self.try_add(bytes) {
            return Ok(Charge {
                inner: Some(self.inner.clone()),
                bytes,
            });
        }
        Err(AccelError {
            kind: AccelErrorKind::MemoryCap,
            message: format!(
                "{what} would take {} of host memory, but the component already holds {} of its {} memory cap",
                human_bytes(bytes),
                human_bytes(self.used()),
                human_bytes(self.cap())
            ),
        })
    }

    fn try_add(&self, bytes: usize) -> bool {
        let cap = self.inner.cap;
        self.inner
            .used
            .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |u| {
                u.checked_add(bytes).filter(|&n| n <= cap)
            })
            .is_ok()
    }

    /// A linear memory grows from `from` to `to` bytes: charges the difference, or
    /// returns false (charging nothing) when that would pass the cap.
    pub fn grow(&self, from: usize, to: usize) -> bool {
        match to.checked_sub(from) {
            Some(more) => self.try_add(more),
            None => {
                self.inner
                    .used
                    .fetch_sub((from - to).min(self.used()), Ordering::Relaxed);
                true
            }
        }
    }

    /// Sets (or, with `None`, clears) the deadline of the call the component is in.
    pub fn set_deadline(&self, at: Option<Instant>) {
        let ns = at.map_or(u64::MAX, |t| {
            u64::try_from(t.saturating_duration_since(base()).as_nanos())
                .unwrap_or(u64::MAX)
                .min(PENDING - 1)
        });
        self.inner.deadline.store(ns, Ordering::Relaxed);
    }

    /// Sets the deadline of a call that is starting to `after` from the first time it
    /// is looked at ([`Account::past_deadline`], [`Account::remaining`]) instead of from
    /// now, so that starting a call reads no clock.
    ///
    /// Why: every call into a component starts one, and a sandboxed program of small
    /// delegates makes a hundred calls per execute (the `dispatch` fixture: 101), where a
    /// clock read each was several percent of the execute. The first look comes from
    /// the engine's next epoch tick, which comes a tick (a fiftieth of the deadline, see
    /// `epoch_tick` in the host) after the call starts at most, or from native work's
    /// first check; so a call may run up to a tick longer than `after` before it is
    /// stopped, on top of the tick it always could.
    pub fn start_deadline(&self, after: std::time::Duration) {
        let ns = u64::try_from(after.as_nanos())
            .unwrap_or(u64::MAX)
            .min(PENDING - 1);
        self.inner.deadline.store(PENDING | ns, Ordering::Relaxed);
    }

    /// The deadline in nanoseconds since [`base`], `u64::MAX` for none; a pending one
    /// ([`Account::start_deadline`]) starts counting now.
    fn deadline_ns(&self) -> u64 {
        let d = self.inner.deadline.load(Ordering::Relaxed);
        if d == u64::MAX || d & PENDING == 0 {
            return d;
        }
        let now = u64::try_from(base().elapsed().as_nanos()).unwrap_or(u64::MAX);
        let at = now.saturating_add(d & !PENDING).min(u64::MAX - 1);
        // Another thread (native work's pool) may have started it first: keep theirs.
        match self
            .inner
            .deadline
            .compare_exchange(d, at, Ordering::Relaxed, Ordering::Relaxed)
        {
            Ok(_) => at,
            Err(other) if other & PENDING == 0 => other,
            Err(_) => at,
        }
    }

    /// Whether the current call is past its deadline (reads the wall clock).
    pub fn past_deadline(&self) -> bool {
        let d = self.deadline_ns();
        d != u64::MAX && base().elapsed().as_nanos() >= d as u128
    }

    /// Time left before the current call's deadline: `None` when no deadline is set,
    /// zero when it has passed. Waits on a device (the GPU) are bounded by it.
    pub fn remaining(&self) -> Option<std::time::Duration> {
        let d = self.deadline_ns();
        if d == u64::MAX {
            return None;
        }
        let now = u64::try_from(base().elapsed().as_nanos()).unwrap_or(u64::MAX);
        Some(std::time::Duration::from_nanos(d.saturating_sub(now)))
    }

    /// [`AccelErrorKind::Deadline`] when the current call is past its deadline. Native
    /// work calls this between bounded chunks.
    pub fn check_deadline(&self) -> Result<(), AccelError> {
        if self.past_deadline() {
            return Err(AccelError {
                kind: AccelErrorKind::Deadline,
                message: "native work ran past the call deadline".into(),
            });
        }
        Ok(())
    }

    /// [`AccelErrorKind::WorkCap`] when one call asks for more than `work` units.
    pub fn check_work(&self, work: Option<u64>, what: &str) -> Result<(), AccelError> {
        match work {
            Some(w) if w <= self.inner.work_cap => Ok(()),
            _ => Err(AccelError {
                kind: AccelErrorKind::WorkCap,
                message: format!(
                    "{what} needs {} units of work, more than the {} one call may do (sandbox setting native_work_cap)",
                    work.map_or_else(|| "too many".to_string(), |w| w.to_string()),
                    self.inner.work_cap
                ),
            }),
        }
    }
}

/// `n` bytes for people: `512 bytes`, `12.5 KiB`, `1024.0 MiB`, `2.0 GiB`.
pub fn human_bytes(n: usize) -> String {
    let f = n as f64;
    if n < 1 << 10 {
        format!("{n} bytes")
    } else if n < 1 << 20 {
        format!("{:.1} KiB", f / 1024.0)
    } else if n < 1 << 30 {
        format!("{:.1} MiB", f / (1 << 20) as f64)
    } else {
        format!("{:.1} GiB", f / (1 << 30) as f64)
    }
}

/// Bytes charged to an [`Account`]; dropping it un-charges them.
#[derive(Default)]
pub struct Charge {
    inner: Option<Arc<Inner>>,
    bytes: usize,
}

impl fmt::Debug for Charge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Charge({} bytes)", self.bytes)
    }
}

impl Charge {
    /// Bytes charged.
    pub fn bytes(&self) -> usize {
        self.bytes
    }
}

impl Drop for Charge {
    fn drop(&mut self) {
        if let Some(inner) = &self.inner {
            inner.used.fetch_sub(self.bytes, Ordering::Relaxed);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn charges_are_capped_and_released() {
        let a = Account::new(1000, 10);
        let c1 = a.charge(600, "x").expect("fits");
        assert_eq!(a.used(), 600);
        let e = a.charge(500, "y").expect_err("over the cap");
        assert_eq!(e.kind, AccelErrorKind::MemoryCap);
        assert!(a.grow(0, 300));
        assert!(!a.grow(300, 500));
        drop(c1);
        assert_eq!(a.used(), 300);
        assert!(a.grow(300, 900));
        assert_eq!(a.used(), 900);
    }

    #[test]
    fn deadline_and_work_cap() {
        let a = Account::new(1, 10);
        a.check_deadline().expect("no deadline");
        a.set_deadline(Some(Instant::now()));
        assert_eq!(
            a.check_deadline().expect_err("past").kind,
            AccelErrorKind::Deadline
        );
        a.set_deadline(None);
        a.check_deadline().expect("cleared");
        // A deadline that starts when first looked at: not past at the first look,
        // past once its time has gone by after it.
        a.start_deadline(std::time::Duration::from_millis(20));
        a.check_deadline().expect("just started");
        assert!(a
            .remaining()
            .is_some_and(|r| r <= std::time::Duration::from_millis(20)));
        std::thread::sleep(std::time::Duration::from_millis(30));
        assert_eq!(
            a.check_deadline().expect_err("past").kind,
            AccelErrorKind::Deadline
        );
        a.start_deadline(std::time::Duration::ZERO);
        a.check_deadline().expect_err("no time at all");
        a.check_work(Some(10), "w").expect("at the cap");
        assert_eq!(
            a.check_work(Some(11), "w").expect_err("over").kind,
            AccelErrorKind::WorkCap
        );
        assert!(a.check_work(None, "w").is_err());
    }
}
