//! plugboard: runs ExecuTorch `.pte` programs with every backend and kernel library
//! loaded at run time as a WebAssembly component.
//!
//! - [`Program`]: a verified `.pte` file ([`program`]).
//! - [`Registry`]: the one host-owned registry of kernel libraries and backends
//!   ([`registry`]), loaded from bundled components and user files.
//! - [`Method`]: a loaded method with its memory plan, ready to execute ([`method`]).
//! - [`Runtime`]: the live registry, shared across threads: load, replace and unload
//!   components while [`LiveMethod`]s run ([`runtime`]).
//! - [`component`]: compiling, version-checking and sandboxing components.
//! - [`distribution`]: component identity, lockfiles, signatures and OCI pulls.
//!
//! ```no_run
//! use std::sync::Arc;
//! let registry = plugboard::Registry::with_defaults(Default::default())?;
//! let program = Arc::new(plugboard::Program::from_file("model.pte")?);
//! let mut method = plugboard::Method::load(program, "forward", &registry)?;
//! let x = plugboard::Tensor::from_f32(vec![2, 3], &[1.0; 6])?;
//! method.set_input(0, plugboard::EValue::Tensor(x))?;
//! method.execute()?;
//! let outputs = method.outputs()?;
//! # Ok::<(), plugboard::Error>(())
//! ```

#![warn(missing_docs)]

pub mod bindings;
pub mod component;
pub mod distribution;
mod error;
pub mod llm;
pub mod method;
pub mod npy;
pub mod program;
pub mod registry;
pub mod runtime;
mod scalar_type;
mod tensor;

pub use component::SandboxConfig;
pub use error::{Error, ErrorContext, ErrorKind, Result};
pub use method::Method;
pub use program::Program;
pub use registry::Registry;
pub use runtime::{LiveMethod, LoadedComponent, Runtime, RuntimeOptions};
pub use scalar_type::ScalarType;
pub use tensor::{EValue, Tensor};
