//! Per-instruction profiling of [`super::Method::execute`]: what ExecuTorch's users
//! read from an ETDump timeline, as a Chrome / Perfetto trace.
//!
//! With profiling on ([`super::Method::set_profiling`]), each execute records one
//! `execute` event and, inside it, one event per instruction: a kernel call (named by
//! its operator), a delegate call (named by its backend id, with the copies of its
//! arguments into and out of the backend and the backend's own execute as events
//! inside it), a call into a second kernel library (with its argument copies), and
//! moves and jumps. Backends that import `profiling` (1.3.0) add their own steps (the
//! XNNPACK backend: each graph node) inside the backend's execute. Kernel calls batched into one crossing are timed one by one from
//! the library's `progress.at` reports, which arrive before each call of the batch.
//!
//! [`Profile::chrome_trace`] writes the Trace Event Format's JSON object form
//! (`{"traceEvents": [...]}`; complete events, `"ph": "X"`, with `ts` and `dur` in
//! microseconds), which Perfetto (ui.perfetto.dev) and `chrome://tracing` open.
//! [`Profile::summary`] totals events by name, for `plugboard run --profile-summary`.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Kind of a profiled event.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum EventKind {
    /// One whole `execute`.
    Execute,
    /// A `KernelCall` (its operator, e.g. `aten::add.out`).
    Kernel,
    /// A `DelegateCall` (its backend id).
    Delegate,
    /// Bytes crossing a component boundary for a delegate or a second kernel library.
    Copy,
    /// The backend's `execute` of a delegate (inside a delegate event).
    Backend,
    /// A step the backend timed itself (a delegate graph node, reported through the
    /// `profiling` import; inside a backend event).
    Node,
    /// `MoveCall`, `JumpFalseCall`, `FreeCall`.
    Control,
}

impl EventKind {
    /// The trace's category string.
    pub fn category(self) -> &'static str {
        match self {
            EventKind::Execute => "execute",
            EventKind::Kernel => "kernel",
            EventKind::Delegate => "delegate",
            EventKind::Copy => "copy",
            EventKind::Backend => "backend",
            EventKind::Node => "node",
            EventKind::Control => "control",
        }
    }
}

/// One timed span.
#[derive(Debug, Clone)]
pub struct Event {
    /// Operator name, backend id, or what was copied (shared by every event of that
    /// name: recording an event allocates nothing once its name was seen).
    pub name: Arc<str>,
    /// What the span is.
    pub kind: EventKind,
    /// Start, from the start of the profile.
    pub start: Duration,
    /// Length of the span.
    pub duration: Duration,
    /// The instruction (index into the method's chain), if the event is one's.
    pub instruction: Option<usize>,
}

/// The events of every profiled execute of a method.
#[derive(Debug, Clone)]
pub struct Profile {
    epoch: Instant,
    /// Events in the order they ended.
    pub events: Vec<Event>,
    /// The method's name (the trace's thread name).
    pub method: String,
    names: HashMap<Box<str>, Arc<str>>,
}

/// One row of [`Profile::summary`].
#[derive(Debug, Clone, PartialEq)]
pub struct SummaryRow {
    /// Operator name, backend id, or what was copied.
    pub name: String,
    /// What the events are.
    pub kind: EventKind,
    /// How many events of that name.
    pub count: usize,
    /// Their summed duration.
    pub total: Duration,
}

impl Profile {
    /// An empty profile starting now.
    pub fn new(method: &str) -> Profile {
        Profile {
            epoch: Instant::now(),
            events: Vec::new(),
            method: method.to_string(),
            names: HashMap::new(),
        }
    }

    /// Records a span from `start` to `end` (clamped to the profile's start).
    pub fn record(
        &mut self,
        name: &str,
        kind: EventKind,
        start: Instant,
        end: Instant,
        instruction: Option<usize>,
    ) {
        let s = start.saturating_duration_since(self.epoch);
        let e = end.saturating_duration_since(self.epoch).max(s);
        let name = match self.names.get(name) {
            Some(n) => n.clone(),
            None => {
                let n: Arc<str> = Arc::from(name);
                self.names.insert(name.into(), n.clone());
                n
            }
        };
        self.events.push(Event {
            name,
            kind,
            start: s,
            duration: e - s,
            instruction,
        });
    }

    /// Total time of the `execute` events.
    pub fn execute_time(&self) -> Duration {
        self.events
            .iter()
            .filter(|e| e.kind == EventKind::Execute)
            .map(|e| e.duration)
            .sum()
    }

    /// Time of the events one level inside an execute: instructions (kernel, delegate
    /// and control events). Divided by [`Profile::execute_time`], how much of the
    /// execute the trace explains.
    pub fn instruction_time(&self) -> Duration {
        self.events
            .iter()
            .filter(|e| {
                matches!(
                    e.kind,
                    EventKind::Kernel | EventKind::Delegate | EventKind::Control
                )
            })
            .map(|e| e.duration)
            .sum()
    }

    /// Events totalled by (kind, name), longest total first; `execute` events left out.
    pub fn summary(&self) -> Vec<SummaryRow> {
        let mut rows: Vec<SummaryRow> = Vec::new();
        for e in self.events.iter().filter(|e| e.kind != EventKind::Execute) {
            match rows
                .iter_mut()
                .find(|r| r.kind == e.kind && *r.name == *e.name)
            {
                Some(r) => {
                    r.count += 1;
                    r.total += e.duration;
                }
                None => rows.push(SummaryRow {
                    name: e.name.to_string(),
                    kind: e.kind,
                    count: 1,
                    total: e.duration,
                }),
            }
        }
        rows.sort_by(|a, b| b.total.cmp(&a.total).then_with(|| a.name.cmp(&b.name)));
        rows
    }

    /// The profile as a Trace Event Format JSON object: a thread-name metadata event,
    /// then one complete (`"X"`) event per span, `ts` and `dur` in microseconds, all on
    /// process 1, thread 1, parents before the children that start with them.
    pub fn chrome_trace(&self) -> String {
        let mut events: Vec<&Event> = self.events.iter().collect();
        events.sort_by(|a, b| a.start.cmp(&b.start).then(b.duration.cmp(&a.duration)));
        let mut trace = vec![serde_json::json!({
            "name": "thread_name", "ph": "M", "pid": 1, "tid": 1,
            "args": { "name": format!("method {}", self.method) },
        })];
        trace.extend(events.into_iter().map(|e| {
            let mut v = serde_json::json!({
                "name": &*e.name,
                "cat": e.kind.category(),
                "ph": "X",
                "ts": e.start.as_secs_f64() * 1e6,
                "dur": e.duration.as_secs_f64() * 1e6,
                "pid": 1,
                "tid": 1,
            });
            if let Some(i) = e.instruction {
                v["args"] = serde_json::json!({ "instruction": i });
            }
            v
        }));
        serde_json::json!({ "displayTimeUnit": "ms", "traceEvents": trace }).to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn summary_totals_by_name_and_trace_escapes_names() {
        let mut p = Profile::new("forward");
        let t0 = p.epoch;
        let ms = Duration::from_millis;
        p.record("aten::add.out", EventKind::Kernel, t0, t0 + ms(2), Some(0));
        p.record(
            "aten::add.out",
            EventKind::Kernel,
            t0 + ms(2),
            t0 + ms(3),
            Some(1),
        );
        p.record("a\"b", EventKind::Delegate, t0 + ms(3), t0 + ms(7), Some(2));
        p.record("execute", EventKind::Execute, t0, t0 + ms(8), None);
        let s = p.summary();
        assert_eq!(s[0].name, "a\"b");
        assert_eq!((s[1].count, s[1].total), (2, ms(3)));
        assert_eq!(p.execute_time(), ms(8));
        assert_eq!(p.instruction_time(), ms(7));
        let trace = p.chrome_trace();
        let v: serde_json::Value = serde_json::from_str(&trace).expect("valid JSON");
        assert_eq!(v["traceEvents"][1]["name"], "execute");
        assert_eq!(v["traceEvents"].as_array().map(Vec::len), Some(5));
    }
}
