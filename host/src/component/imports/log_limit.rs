//! The per-component log rate limit: a component may pass at most so many records
//! and bytes a second to the host log (through the `logging` import or its stdout and
//! stderr), summed over all its instances. The excess is dropped, and once the second
//! is over one warning says how much was dropped.

use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Records and bytes one component may log per second.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LogRate {
    /// Records (log calls or lines) per second.
    pub records: u32,
    /// Bytes of text per second.
    pub bytes: usize,
}

impl Default for LogRate {
    fn default() -> Self {
        LogRate {
            records: 200,
            bytes: 256 << 10,
        }
    }
}

/// The rate limit of one component (shared by its instances).
pub(crate) struct LogLimit {
    component: std::sync::Arc<str>,
    rate: LogRate,
    window: Mutex<Window>,
}

struct Window {
    start: Instant,
    records: u32,
    bytes: usize,
    dropped_records: u64,
    dropped_bytes: u64,
}

impl LogLimit {
    pub(crate) fn new(component: std::sync::Arc<str>, rate: LogRate) -> LogLimit {
        LogLimit {
            component,
            rate,
            window: Mutex::new(Window::new()),
        }
    }

    /// Whether a record of `bytes` bytes may be logged now (counts it either way).
    pub(crate) fn admit(&self, bytes: usize) -> bool {
        let mut w = self.window.lock().unwrap_or_else(|p| p.into_inner());
        self.roll(&mut w);
        if w.records < self.rate.records && w.bytes.saturating_add(bytes) <= self.rate.bytes {
            w.records += 1;
            w.bytes += bytes;
            true
        } else {
            w.dropped_records += 1;
            w.dropped_bytes = w.dropped_bytes.saturating_add(bytes as u64);
            false
        }
    }

    /// Reports what was dropped if the current second is over. Runs after every call
    /// into a component, so it reads the clock only when something was dropped (the
    /// next [`LogLimit::admit`] rolls the window anyway).
    pub(crate) fn flush(&self) {
        let mut w = self.window.lock().unwrap_or_else(|p| p.into_inner());
        if w.dropped_records == 0 {
            return;
        }
        self.roll(&mut w);
    }

    fn roll(&self, w: &mut Window) {
        let elapsed = w.start.elapsed();
        if elapsed < Duration::from_secs(1) {
            return;
        }
        self.report(w, elapsed);
        w.start = Instant::now();
        w.records = 0;
        w.bytes = 0;
    }

    fn report(&self, w: &mut Window, elapsed: Duration) {
        if w.dropped_records > 0 {
            tracing::warn!(
                component = &*self.component,
                "dropped {} log records ({} bytes) over the limit of {} records and {} bytes per second in the last {:.1} s",
                w.dropped_records,
                w.dropped_bytes,
                self.rate.records,
                self.rate.bytes,
                elapsed.as_secs_f64()
            );
            w.dropped_records = 0;
            w.dropped_bytes = 0;
        }
    }
}

impl Drop for LogLimit {
    fn drop(&mut self) {
        let w = self.window.get_mut().unwrap_or_else(|p| p.into_inner());
        let mut w = std::mem::replace(w, Window::new());
        let elapsed = w.start.elapsed();
        self.report(&mut w, elapsed);
    }
}

impl Window {
    fn new() -> Window {
        Window {
            start: Instant::now(),
            records: 0,
            bytes: 0,
            dropped_records: 0,
            dropped_bytes: 0,
        }
    }
}
