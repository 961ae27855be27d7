//! `plugboard:runtime/logging`, and the guest's stdout and stderr: records and lines go
//! to the host's `tracing` log tagged with the component, through the component's rate
//! limit ([`LogLimit`]); each record or line is cut to 4 KiB.

use std::sync::{Arc, Mutex};

use wasmtime::component::{HasSelf, Linker};
use wasmtime_wasi::p2::{OutputStream, Pollable, StreamResult};

use super::log_limit::LogLimit;
use crate::bindings::plugboard::runtime::logging;

/// The logging context of one instance: the component's name and rate limit, and its
/// stderr (whose last lines name a guest's panic).
pub struct LoggingCtx {
    component: Arc<str>,
    limit: Arc<LogLimit>,
    stderr: LogStream,
}

impl LoggingCtx {
    /// Logging for `component` under its rate limit `limit`.
    pub fn new(component: Arc<str>, limit: Arc<LogLimit>) -> LoggingCtx {
        let stderr = LogStream::new(component.clone(), "stderr", limit.clone());
        LoggingCtx {
            component,
            limit,
            stderr,
        }
    }

    /// The guest's stdout, for its WASI context.
    pub fn stdout(&self) -> impl wasmtime_wasi::cli::StdoutStream + 'static {
        LogStream::new(self.component.clone(), "stdout", self.limit.clone())
    }

    /// The guest's stderr, for its WASI context.
    pub fn stderr(&self) -> impl wasmtime_wasi::cli::StdoutStream + 'static {
        self.stderr.clone()
    }

    /// Reports what the rate limit dropped, if its second is over.
    pub fn flush(&self) {
        self.limit.flush();
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

impl logging::Host for LoggingCtx {
    fn log(&mut self, level: logging::Level, context: String, message: String) {
        if !self.limit.admit(context.len() + message.len()) {
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

/// Links `logging` into `linker`.
pub fn add_to_linker<T: 'static>(
    linker: &mut Linker<T>,
    get: fn(&mut T) -> &mut LoggingCtx,
) -> wasmtime::Result<()> {
    logging::add_to_linker::<T, HasSelf<LoggingCtx>>(linker, get)
}

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
        // A Rust guest's panic output starts with an empty line and ends with a hint
        // about the guest's RUST_BACKTRACE, which means nothing on the host.
        if text.is_empty() || text.starts_with("note: run with `RUST_BACKTRACE") {
            return;
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
