//! The host's one error type.
//!
//! Every failure carries an [`ErrorKind`] that follows ExecuTorch's error codes
//! (`runtime/core/error.h`) and the context of where it happened: file, method,
//! instruction index, operator, backend and component file. `Display` prints the
//! kind, the message and the context on one line, which is what the CLI shows.

use std::fmt;
use std::path::PathBuf;

/// Kinds of failure, after ExecuTorch's `Error` codes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ErrorKind {
    /// An internal error of the runtime (a bug or a broken invariant).
    Internal,
    /// The object is not in a state that allows the call.
    InvalidState,
    /// Execution reached the end of the method.
    EndOfMethod,
    /// The operation is not supported.
    NotSupported,
    /// The operation is not implemented yet.
    NotImplemented,
    /// An argument (input tensor, option, index) is invalid.
    InvalidArgument,
    /// A value has the wrong type.
    InvalidType,
    /// One or more operators have no kernel in the registry.
    OperatorMissing,
    /// Something that was asked for (method, backend, file, key) does not exist.
    NotFound,
    /// Memory could not be allocated (including a component's memory cap).
    MemoryAllocationFailed,
    /// A file or buffer could not be read.
    AccessFailed,
    /// The `.pte` program is malformed or inconsistent.
    InvalidProgram,
    /// Data outside the program is malformed.
    InvalidExternalData,
    /// A resource limit (such as a component's call deadline) was reached.
    OutOfResources,
    /// A delegate's processed blob or a component's contract is incompatible.
    DelegateInvalidCompatibility,
    /// A delegate could not allocate memory.
    DelegateMemoryAllocationFailed,
    /// A delegate handle is invalid.
    DelegateInvalidHandle,
}

impl ErrorKind {
    /// ExecuTorch's numeric code for this kind (`runtime/core/error.h`).
    pub fn code(self) -> u32 {
        match self {
            ErrorKind::Internal => 0x01,
            ErrorKind::InvalidState => 0x02,
            ErrorKind::EndOfMethod => 0x03,
            ErrorKind::NotSupported => 0x10,
            ErrorKind::NotImplemented => 0x11,
            ErrorKind::InvalidArgument => 0x12,
            ErrorKind::InvalidType => 0x13,
            ErrorKind::OperatorMissing => 0x14,
            ErrorKind::NotFound => 0x20,
            ErrorKind::MemoryAllocationFailed => 0x21,
            ErrorKind::AccessFailed => 0x22,
            ErrorKind::InvalidProgram => 0x23,
            ErrorKind::InvalidExternalData => 0x24,
            ErrorKind::OutOfResources => 0x25,
            ErrorKind::DelegateInvalidCompatibility => 0x30,
            ErrorKind::DelegateMemoryAllocationFailed => 0x31,
            ErrorKind::DelegateInvalidHandle => 0x32,
        }
    }
}

impl fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self, f)
    }
}

/// Where an error happened. Every field is optional; the host fills in what it knows
/// as the error travels up.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ErrorContext {
    /// The `.pte` file (or `<bytes>` for an in-memory program).
    pub file: Option<PathBuf>,
    /// The method (execution plan) name.
    pub method: Option<String>,
    /// Index of the instruction in the method's chain.
    pub instruction: Option<usize>,
    /// Operator name with overload, e.g. `aten::add.out`.
    pub operator: Option<String>,
    /// Backend id, e.g. `XnnpackBackend`.
    pub backend: Option<String>,
    /// The component file that ran the failing code.
    pub component: Option<PathBuf>,
    /// SHA-256 of that component's bytes, lower-case hex (its identity; see
    /// `ComponentInfo::sha256`), when known.
    pub component_sha256: Option<String>,
}

/// The error type of the plugboard host.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error {
    /// What kind of failure this is.
    pub kind: ErrorKind,
    /// What went wrong, for a person.
    pub message: String,
    /// Where it went wrong.
    pub context: Box<ErrorContext>,
}

/// `Result` with the host's [`Error`].
pub type Result<T, E = Error> = std::result::Result<T, E>;

impl Error {
    /// A new error of `kind` with `message` and no context yet.
    pub fn new(kind: ErrorKind, message: impl Into<String>) -> Self {
        Error {
            kind,
            message: message.into(),
            context: Box::default(),
        }
    }

    /// Shorthand for an [`ErrorKind::InvalidProgram`] error.
    pub fn invalid_program(message: impl Into<String>) -> Self {
        Self::new(ErrorKind::InvalidProgram, message)
    }

    /// Shorthand for an [`ErrorKind::InvalidArgument`] error.
    pub fn invalid_argument(message: impl Into<String>) -> Self {
        Self::new(ErrorKind::InvalidArgument, message)
    }

    /// The same error, kind and context kept, with `prefix: ` before its message (what
    /// the caller was doing when it happened).
    pub fn prefixed(mut self, prefix: impl fmt::Display) -> Self {
        self.message = format!("{prefix}: {}", self.message);
        self
    }

    /// Sets the file unless one is already set.
    pub fn with_file(mut self, file: impl Into<PathBuf>) -> Self {
        self.context.file.get_or_insert_with(|| file.into());
        self
    }

    /// Sets the method unless one is already set.
    pub fn with_method(mut self, method: impl Into<String>) -> Self {
        self.context.method.get_or_insert_with(|| method.into());
        self
    }

    /// Sets the instruction index unless one is already set.
    pub fn with_instruction(mut self, index: usize) -> Self {
        self.context.instruction.get_or_insert(index);
        self
    }

    /// Sets the operator unless one is already set.
    pub fn with_operator(mut self, operator: impl Into<String>) -> Self {
        self.context.operator.get_or_insert_with(|| operator.into());
        self
    }

    /// Sets the backend id unless one is already set.
    pub fn with_backend(mut self, backend: impl Into<String>) -> Self {
        self.context.backend.get_or_insert_with(|| backend.into());
        self
    }

    /// Sets the component file and its identity (SHA-256 of its bytes, lower-case hex)
    /// unless a component is already set; adds the identity to an error that names
    /// the same file without one.
    pub fn with_component_id(mut self, component: impl Into<PathBuf>, sha256_hex: &str) -> Self {
        let component = component.into();
        let c = &mut self.context;
        if c.component.is_none()
            || (c.component.as_ref() == Some(&component) && c.component_sha256.is_none())
        {
            c.component = Some(component);
            c.component_sha256 = Some(sha256_hex.to_string());
        }
        self
    }

    /// Sets the component file unless one is already set.
    pub fn with_component(mut self, component: impl Into<PathBuf>) -> Self {
        self.context
            .component
            .get_or_insert_with(|| component.into());
        self
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.kind, self.message)?;
        let c = &self.context;
        let mut parts = Vec::new();
        if let Some(p) = &c.file {
            parts.push(format!("file {}", p.display()));
        }
        if let Some(m) = &c.method {
            parts.push(format!("method {m}"));
        }
        if let Some(i) = c.instruction {
            parts.push(format!("instruction {i}"));
        }
        if let Some(o) = &c.operator {
            parts.push(format!("operator {o}"));
        }
        if let Some(b) = &c.backend {
            parts.push(format!("backend {b}"));
        }
        if let Some(p) = &c.component {
            match &c.component_sha256 {
                // The first 16 hex digits, as `git` shortens ids; the full digest is in
                // the context and `plugboard backends`.
                Some(h) => parts.push(format!(
                    "component {} sha256:{}",
                    p.display(),
                    h.get(..16).unwrap_or(h)
                )),
                None => parts.push(format!("component {}", p.display())),
            }
        }
        if !parts.is_empty() {
            write!(f, " ({})", parts.join(", "))?;
        }
        Ok(())
    }
}

impl std::error::Error for Error {}

/// Builds an `Err(Error)` of `kind` from a format string.
#[macro_export]
macro_rules! bail {
    ($kind:ident, $($arg:tt)*) => {
        return Err($crate::Error::new($crate::ErrorKind::$kind, format!($($arg)*)))
    };
}

/// Returns an error of `kind` unless `cond` holds.
#[macro_export]
macro_rules! ensure {
    ($cond:expr, $kind:ident, $($arg:tt)*) => {
        if !$cond {
            $crate::bail!($kind, $($arg)*);
        }
    };
}
