//! What each component instance's `Store` holds, and the host side of the platform
//! imports (`logging`, `clock`, `named-data`; `cpu-accel` is in [`super::cpu_accel`]).
//!
//! Memory: the instance's [`Account`] holds its cap; the wasmtime `ResourceLimiter`
//! ([`MemoryLimiter`]) charges linear-memory growth to it, and the imports charge
//! what the host allocates for the instance to the same account, so the cap covers
//! both. Logging: records from the `logging` import and lines of stdout/stderr pass a
//! per-component rate limit ([`super::log_limit::LogLimit`]).

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Instant;

use wasmtime::component::ResourceTable;
use wasmtime_wasi::p2::{OutputStream, Pollable, StreamResult};
use wasmtime_wasi::{WasiCtx, WasiCtxView, WasiView};

use plugboard_native_accel::meter::Account;

use super::log_limit::LogLimit;
use crate::bindings::plugboard::runtime::{clock, logging, named_data, progress, types};

/// Named data of the program being loaded, served to a backend during `init`
/// (ExecuTorch's `NamedDataMap`). Keys map to byte strings.
pub type NamedDataMap = Arc<HashMap<String, Arc<[u8]>>>;

/// The data of one component instance's `Store`.
pub struct HostState {
    wasi: WasiCtx,
    table: ResourceTable,
    pub(crate) limits: MemoryLimiter,
    /// Name of the component (its file name) used to tag its log records.
    pub(crate) component: Arc<str>,
    /// Named data visible to the component right now (set around `backend.init`).
    pub(crate) named_data: Option<NamedDataMap>,
    /// The last position a kernel library reported through `progress.at`.
    pub(crate) progress: u32,
    /// Memory cap and call deadline, shared by the limiter and every import.
    pub(crate) account: Account,
    log_limit: Arc<LogLimit>,
    /// Native CPU kernels and the weights this instance handed to them.
    pub(crate) cpu_accel: super::cpu_accel::CpuAccel,
    stderr: LogStream,
}

impl HostState {
    /// A state with no filesystem, environment, network or arguments: stdout and stderr
    /// go to the host log tagged with `component`, through `log_limit`; memory (linear
    /// memories plus what imports allocate) is charged to `account`.
    pub(crate) fn new(component: Arc<str>, account: Account, log_limit: Arc<LogLimit>) -> Self {
        let mut b = WasiCtx::builder();
        let stderr = LogStream::new(component.clone(), "stderr", log_limit.clone());
        b.stdout(LogStream::new(
            component.clone(),
            "stdout",
            log_limit.clone(),
        ));
        b.stderr(stderr.clone());
        HostState {
            wasi: b.build(),
            table: ResourceTable::new(),
            limits: MemoryLimiter {
                account: account.clone(),
                refused: None,
                last_growth: None,
                last_table_growth: None,
            },
            component,
            named_data: None,
            progress: 0,
            cpu_accel: super::cpu_accel::CpuAccel::new(false, 1, account.clone()),
            account,
            log_limit,
            stderr,
        }
    }

    /// Offers (or withholds) the native CPU kernels, with `threads` threads.
    pub(crate) fn with_cpu_accel(mut self, enabled: bool, threads: usize) -> Self {
        self.cpu_accel = super::cpu_accel::CpuAccel::new(enabled, threads, self.account.clone());
        self
    }

    /// Ends the current top-level call: host memory held only until the guest took its
    /// result is released, and the deadline cleared.
    pub(crate) fn end_call(&mut self) {
        self.cpu_accel.end_call();
        self.account.set_deadline(None);
        self.log_limit.flush();
    }

    /// The panic message a Rust guest wrote to stderr just before it trapped, if any.
    pub fn panic_message(&self) -> Option<String> {
        let lines = self.stderr.last_lines.lock().ok()?;
        let start = lines.iter().rposition(|l| l.contains("panicked at"))?;
        let parts: Vec<&str> = lines[start..]
            .iter()
            .map(String::as_str)
            .filter(|l| !l.starts_with("note: "))
            .collect();
        Some(parts.join(" "))
    }
}

impl WasiView for HostState {
    fn ctx(&mut self) -> WasiCtxView<'_> {
        WasiCtxView {
            ctx: &mut self.wasi,
            table: &mut self.table,
        }
    }
}

impl types::Host for HostState {}

/// Longest log record or line passed on, in bytes (longer ones are cut).
const MAX_RECORD: usize = 4096;

/// `s` cut to at most [`MAX_RECORD`] bytes at a character boundary.
fn clip(s: &str) -> &str {
    if s.len() <= MAX_RECORD {
        return s;
    }
    let mut end = MAX_RECORD;
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    &s[..end]
}

impl logging::Host for HostState {
    fn log(&mut self, level: logging::Level, context: String, message: String) {
        if !self.log_limit.admit(context.len() + message.len()) {
            return;
        }
        let (context, message) = (clip(&context), clip(&message));
        let c = &*self.component;
        match level {
            logging::Level::Trace => tracing::trace!(component = c, context, "{message}"),
            logging::Level::Debug => tracing::debug!(component = c, context, "{message}"),
            logging::Level::Info => tracing::info!(component = c, context, "{message}"),
            logging::Level::Warn => tracing::warn!(component = c, context, "{message}"),
            logging::Level::Error => tracing::error!(component = c, context, "{message}"),
        }
    }
}

impl clock::Host for HostState {
    fn now(&mut self) -> u64 {
        static START: OnceLock<Instant> = OnceLock::new();
        START.get_or_init(Instant::now).elapsed().as_nanos() as u64
    }
}

impl progress::Host for HostState {
    fn at(&mut self, position: u32) {
        self.progress = position;
    }
}

impl named_data::Host for HostState {
    fn get(&mut self, key: String) -> Result<Vec<u8>, types::Error> {
        match self.named_data.as_ref().and_then(|m| m.get(&key)) {
            Some(bytes) => Ok(bytes.to_vec()),
            None => Err(types::Error {
                kind: types::ErrorKind::NotFound,
                message: format!("no named data with key `{key}`"),
            }),
        }
    }
}

/// Charges an instance's linear memories (all of them together) to its account and
/// remembers a refused growth, so that the trap that usually follows (an allocation
/// failure aborts a Rust guest) can be reported as `MemoryAllocationFailed` rather than
/// as a bare trap.
pub(crate) struct MemoryLimiter {
    pub(crate) account: Account,
    /// The size in bytes the instance asked to grow a memory to when it was refused.
    pub(crate) refused: Option<usize>,
    /// The last growth allowed, `(from, to)`, un-charged if it then fails.
    last_growth: Option<(usize, usize)>,
    /// The same for tables, in elements.
    last_table_growth: Option<(usize, usize)>,
}

impl wasmtime::ResourceLimiter for MemoryLimiter {
    fn memory_growing(
        &mut self,
        current: usize,
        desired: usize,
        _maximum: Option<usize>,
    ) -> wasmtime::Result<bool> {
        if !self.account.grow(current, desired) {
            self.refused = Some(desired);
            return Ok(false);
        }
        self.last_growth = Some((current, desired));
        Ok(true)
    }

    fn memory_grow_failed(&mut self, _error: wasmtime::Error) -> wasmtime::Result<()> {
        if let Some((from, to)) = self.last_growth.take() {
            self.account.grow(to, from);
        }
        Ok(())
    }

    fn memories(&self) -> usize {
        // Each memory reserves address space; real components have one or two.
        16
    }

    fn instances(&self) -> usize {
        1000
    }

    fn tables(&self) -> usize {
        100
    }

    fn table_growing(
        &mut self,
        current: usize,
        desired: usize,
        _maximum: Option<usize>,
    ) -> wasmtime::Result<bool> {
        // Table elements are host memory too: charged at a slot's size.
        let ok = desired <= 1 << 20
            && self
                .account
                .grow(current * TABLE_SLOT_BYTES, desired * TABLE_SLOT_BYTES);
        if ok {
            self.last_table_growth = Some((current, desired));
        }
        Ok(ok)
    }

    fn table_grow_failed(&mut self, _error: wasmtime::Error) -> wasmtime::Result<()> {
        if let Some((from, to)) = self.last_table_growth.take() {
            self.account
                .grow(to * TABLE_SLOT_BYTES, from * TABLE_SLOT_BYTES);
        }
        Ok(())
    }
}

/// Bytes charged per table element (a function reference slot).
const TABLE_SLOT_BYTES: usize = 16;

/// A guest's stdout or stderr: complete lines go to the host log at `info`
/// (stdout) or `warn` (stderr), tagged with the component. A line longer than 4 KiB
/// is logged in pieces.
#[derive(Clone)]
struct LogStream {
    component: Arc<str>,
    stream: &'static str,
    pending: Arc<Mutex<Vec<u8>>>,
    last_lines: Arc<Mutex<Vec<String>>>,
    limit: Arc<LogLimit>,
}

impl LogStream {
    fn new(component: Arc<str>, stream: &'static str, limit: Arc<LogLimit>) -> Self {
        LogStream {
            component,
            stream,
            pending: Arc::default(),
            last_lines: Arc::default(),
            limit,
        }
    }

    fn emit(&self, line: &[u8]) {
        let line = &line[..line.len().min(MAX_RECORD)];
        let text = String::from_utf8_lossy(line);
        let text = text.trim_end_matches(['\n', '\r']);
        // The last lines are kept whatever the rate (a panic message names a trap).
        if let Ok(mut l) = self.last_lines.lock() {
            if l.len() >= 4 {
                l.remove(0);
            }
            l.push(text.to_string());
        }
        if !self.limit.admit(line.len()) {
            return;
        }
        if self.stream == "stderr" {
            tracing::warn!(component = &*self.component, "{}: {text}", self.stream);
        } else {
            tracing::info!(component = &*self.component, "{}: {text}", self.stream);
        }
    }

    fn push(&self, bytes: &[u8]) {
        let mut pending = self.pending.lock().unwrap_or_else(|p| p.into_inner());
        pending.extend_from_slice(bytes);
        while let Some(pos) = pending.iter().position(|&b| b == b'\n') {
            let line: Vec<u8> = pending.drain(..=pos).collect();
            self.emit(&line);
        }
        if pending.len() > 4096 {
            let chunk: Vec<u8> = std::mem::take(&mut *pending);
            self.emit(&chunk);
        }
    }
}

impl wasmtime_wasi::cli::IsTerminal for LogStream {
    fn is_terminal(&self) -> bool {
        false
    }
}

impl wasmtime_wasi::cli::StdoutStream for LogStream {
    fn p2_stream(&self) -> Box<dyn OutputStream> {
        Box::new(self.clone())
    }

    fn async_stream(&self) -> Box<dyn tokio::io::AsyncWrite + Send + Sync> {
        Box::new(self.clone())
    }
}

impl OutputStream for LogStream {
    fn write(&mut self, bytes: bytes::Bytes) -> StreamResult<()> {
        self.push(&bytes);
        Ok(())
    }

    fn flush(&mut self) -> StreamResult<()> {
        Ok(())
    }

    fn check_write(&mut self) -> StreamResult<usize> {
        Ok(64 * 1024)
    }
}

#[wasmtime_wasi::async_trait]
impl Pollable for LogStream {
    async fn ready(&mut self) {}
}

impl tokio::io::AsyncWrite for LogStream {
    fn poll_write(
        self: std::pin::Pin<&mut Self>,
        _cx: &mut std::task::Context<'_>,
        buf: &[u8],
    ) -> std::task::Poll<std::io::Result<usize>> {
        self.push(buf);
        std::task::Poll::Ready(Ok(buf.len()))
    }

    fn poll_flush(
        self: std::pin::Pin<&mut Self>,
        _cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<std::io::Result<()>> {
        std::task::Poll::Ready(Ok(()))
    }

    fn poll_shutdown(
        self: std::pin::Pin<&mut Self>,
        _cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<std::io::Result<()>> {
        std::task::Poll::Ready(Ok(()))
    }
}
