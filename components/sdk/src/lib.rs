//! # plugboard-sdk
//!
//! Write [plugboard](https://github.com/) backends and kernel libraries: WebAssembly
//! components, built for `wasm32-wasip2`, that run the delegates and operators of
//! ExecuTorch programs (`.pte`) inside plugboard's sandbox.
//!
//! - **Bindings for every released contract**, one module per version behind a feature
//!   (`v2_4`, the default, `v2_3` ... `v2_0`, `v1_4` ... `v1_0`), each with a module per world:
//!   [`v2_4::backend`] and [`v2_4::kernel_library`], and the enabled version's as [`backend`] and
//!   [`kernel_library`]. They are generated from the frozen contract folders
//!   this crate carries (`wit/X.Y.Z`, exactly as published); a component is built
//!   against one version and a plugboard host serves it the behaviour of that version.
//! - **Export macros**: [`export_backend!`] and [`export_kernel_library!`] export your
//!   type as the component's implementation and embed the component's metadata
//!   ([`component_metadata!`]).
//! - **Helpers** in every version's modules: error constructors (`error`,
//!   `invalid_argument`, ...), the backend-id check, tensor views (2.x:
//!   `TensorRef::to_f32s`, the `unsafe` in-place `TensorRef::bytes` and
//!   `TensorRef::f32s_mut`, `TensorRef::of_f32` for results; 1.x: `Tensor::f32s`,
//!   `Tensor::from_f32`), the memory protocol ([`memory`]), the reader of ExecuTorch's
//!   backend payload headers ([`payload`]) and the allocator ([`global_allocator!`]).
//!
//! A complete backend (add it to a crate with `crate-type = ["cdylib"]`, build with
//! `cargo build --release --target wasm32-wasip2`), against contract 2.4 (2.1's
//! `execute-again` included): input tensors
//! are `tensor-ref`s to blocks the host reserved with `alloc` and filled; outputs are
//! `tensor-ref`s to bytes the backend keeps until its next call. 2.1's `execute-again`
//! (a delegate run again with its last `execute`'s arguments at new input addresses)
//! may answer `not-supported`: the host then calls `execute` every time
//! (`components/examples/backend` implements it).
//!
//! ```no_run
//! use std::cell::RefCell;
//! use plugboard_sdk::backend::prelude::*; // the bindings of the enabled contract version
//!
//! struct Doubler;
//! struct Handle {
//!     out: RefCell<Vec<f32>>, // the output's bytes, read by the host after `execute`
//! }
//!
//! impl GuestDelegateHandle for Handle {
//!     fn execute(&self, args: Vec<Evalue>) -> Result<Vec<Evalue>, Error> {
//!         let [Evalue::Tensor(x), Evalue::Tensor(out)] = args.as_slice() else {
//!             return Err(invalid_argument("expected x and out"));
//!         };
//!         let mut y = self.out.borrow_mut();
//!         *y = x.to_f32s()?.iter().map(|v| v * 2.0).collect();
//!         Ok(vec![Evalue::Tensor(TensorRef::of_f32(out.sizes.clone(), &y))])
//!     }
//! }
//!
//! impl Guest for Doubler {
//!     type DelegateHandle = Handle;
//!     fn backend_ids() -> Vec<String> { vec!["DoublerBackend".into()] }
//!     fn is_available(id: String) -> bool { id == "DoublerBackend" }
//!     fn describe(id: String, _blob: Vec<u8>) -> Result<Vec<(String, u32)>, Error> {
//!         check_backend_id(&["DoublerBackend"], &id)?;
//!         Ok(vec![])
//!     }
//!     // `alloc` and `free`: the blocks the host copies inputs into (the SDK's memory).
//!     plugboard_sdk::memory_exports!();
//!     fn init(id: String, _blob: Vec<u8>, _specs: Vec<CompileSpec>) -> Result<DelegateHandle, Error> {
//!         check_backend_id(&["DoublerBackend"], &id)?;
//!         Ok(DelegateHandle::new(Handle { out: RefCell::new(Vec::new()) }))
//!     }
//! }
//!
//! impl GuestExecuteAgain for Doubler {
//!     fn execute_again(_d: DelegateHandleBorrow<'_>, _inputs: Vec<u32>) -> Result<Vec<u32>, Error> {
//!         Err(not_supported("every call is an execute"))
//!     }
//! }
//!
//! plugboard_sdk::export_backend!(Doubler);
//! ```

// The generated bindings name their runtime as `plugboard_sdk::...`, which must also
// resolve inside this crate.
extern crate self as plugboard_sdk;

#[cfg(feature = "allocator")]
pub mod alloc;
pub mod memory;
#[doc(hidden)]
pub mod metadata;
pub mod payload;
pub mod prepared;
pub mod tensor;

#[doc(hidden)]
pub use wit_bindgen as __wit_bindgen;

#[cfg(feature = "allocator")]
#[doc(hidden)]
pub use talc as __talc;

/// The version of this SDK (the `sdk` entry of [`component_metadata!`]).
pub const SDK_VERSION: &str = env!("CARGO_PKG_VERSION");

/// The contract versions this SDK carries (the `wit/X.Y.Z` folders inside the crate),
/// oldest first. The bindings of each are behind the feature `vMAJOR_MINOR`.
pub const CONTRACT_VERSIONS: &[&str] = &["1.0.0", "1.1.0", "1.2.0", "1.3.0", "1.4.0", "2.0.0"];

/// The helpers every world's module gets, whatever its version (the generated types
/// are the same shape in every 1.x version).
macro_rules! world_helpers {
    () => {
        use self::plugboard::runtime::types::{Error, ErrorKind, ScalarType};

        /// An [`Error`] of `kind` with `message` (what the host shows, with the
        /// component, instruction and program it came from).
        pub fn error(kind: ErrorKind, message: impl Into<String>) -> Error {
            Error {
                kind,
                message: message.into(),
            }
        }

        /// An `invalid-argument` error: a dtype, shape or value the call does not accept.
        pub fn invalid_argument(message: impl Into<String>) -> Error {
            error(ErrorKind::InvalidArgument, message)
        }

        /// A `not-supported` error: something this component does not do.
        pub fn not_supported(message: impl Into<String>) -> Error {
            error(ErrorKind::NotSupported, message)
        }

        /// A `not-found` error.
        pub fn not_found(message: impl Into<String>) -> Error {
            error(ErrorKind::NotFound, message)
        }

        /// An `internal` error: a broken invariant of this component.
        pub fn internal(message: impl Into<String>) -> Error {
            error(ErrorKind::Internal, message)
        }

        /// A `delegate-invalid-compatibility` error: a processed blob or compile spec
        /// this component cannot read.
        pub fn incompatible(message: impl Into<String>) -> Error {
            error(ErrorKind::DelegateInvalidCompatibility, message)
        }

        impl From<$crate::memory::MemoryError> for Error {
            fn from(e: $crate::memory::MemoryError) -> Error {
                let kind = match e.kind {
                    $crate::memory::MemoryErrorKind::InvalidArgument => ErrorKind::InvalidArgument,
                    $crate::memory::MemoryErrorKind::OutOfMemory => {
                        ErrorKind::MemoryAllocationFailed
                    }
                    $crate::memory::MemoryErrorKind::OutOfBounds => ErrorKind::AccessFailed,
                };
                error(kind, e.message)
            }
        }

        impl From<$crate::payload::PayloadError> for Error {
            fn from(e: $crate::payload::PayloadError) -> Error {
                incompatible(e.0)
            }
        }

        impl ScalarType {
            /// ExecuTorch's code of the type (`runtime/core/portable_type/scalar_type.h`;
            /// the WIT enum lists the cases in code order).
            pub fn code(self) -> u8 {
                self as u8
            }

            /// Bytes per element; `None` for types without a whole number of bytes per
            /// element (the sub-byte `quint4x2`, `bits4x2`, ...).
            pub fn element_size(self) -> Option<usize> {
                $crate::tensor::element_size(self.code())
            }
        }
    };
}

/// The helpers of the `backend` world's modules: the backend-id check and tensor views.
#[allow(unused_macros)]
macro_rules! backend_helpers {
    () => {
        world_helpers!();
        use self::plugboard::runtime::types::Tensor;

        /// `Ok` when `backend_id` is one of `implemented`, else a `not-found` error
        /// naming them (the host asks a component only for the ids it registered, but
        /// a component should not trust that).
        pub fn check_backend_id(implemented: &[&str], backend_id: &str) -> Result<(), Error> {
            if implemented.contains(&backend_id) {
                Ok(())
            } else {
                Err(not_found(format!(
                    "this component implements {implemented:?}, not `{backend_id}`"
                )))
            }
        }

        impl Tensor {
            /// Number of elements (product of `sizes`); `None` on overflow.
            pub fn numel(&self) -> Option<usize> {
                $crate::tensor::numel(&self.sizes)
            }

            /// Checks that `data` holds `numel * element_size` bytes.
            pub fn check_data(&self) -> Result<(), Error> {
                $crate::tensor::check_len(&self.sizes, self.dtype.element_size(), self.data.len())
                    .map(|_| ())
                    .map_err(invalid_argument)
            }

            /// The elements of a float32 tensor (in `dim-order`, as stored).
            pub fn f32s(&self) -> Result<Vec<f32>, Error> {
                if self.dtype != ScalarType::Float {
                    return Err(invalid_argument(format!(
                        "expected a float32 tensor, got {:?}",
                        self.dtype
                    )));
                }
                self.check_data()?;
                Ok($crate::tensor::f32s(&self.data))
            }

            /// A contiguous float32 tensor of `sizes` holding `values`.
            pub fn from_f32(sizes: Vec<u32>, values: &[f32]) -> Tensor {
                Tensor {
                    dtype: ScalarType::Float,
                    dim_order: (0..sizes.len() as u8).collect(),
                    sizes,
                    data: $crate::tensor::f32_bytes(values),
                }
            }
        }

        /// What a component written against this world uses most.
        pub mod prelude {
            pub use super::exports::plugboard::runtime::backend_interface::{
                CompileSpec, DelegateHandle, Guest, GuestDelegateHandle,
            };
            pub use super::plugboard::runtime::types::{
                Error, ErrorKind, Evalue, ScalarType, Tensor,
            };
            pub use super::{
                check_backend_id, error, incompatible, internal, invalid_argument, not_found,
                not_supported,
            };
        }
    };
}

/// The helpers of the `kernel-library` world's modules: tensor descriptors.
#[allow(unused_macros)]
macro_rules! kernel_library_helpers {
    () => {
        world_helpers!();
        tensor_ref_views!(self::exports::plugboard::runtime::kernels::TensorRef);

        /// What a component written against this world uses most.
        pub mod prelude {
            pub use super::exports::plugboard::runtime::kernels::{
                Guest, KernelArg, KernelUpdate, OperatorInfo, TensorRef,
            };
            pub use super::plugboard::runtime::types::{Error, ErrorKind, ScalarType};
            pub use super::{
                error, incompatible, internal, invalid_argument, not_found, not_supported,
            };
        }
    };
}

/// Views of a `tensor-ref` (`types.tensor-ref` in 2.x, `kernels.tensor-ref` in 1.x): a
/// tensor whose bytes are in this component's linear memory.
#[allow(unused_macros)]
macro_rules! tensor_ref_views {
    ($ty:ty) => {
        impl $ty {
            /// Number of elements (product of `sizes`); `None` on overflow.
            pub fn numel(&self) -> Option<usize> {
                $crate::tensor::numel(&self.sizes)
            }

            /// Bytes the tensor spans, checked to lie inside one block reserved with
            /// `memory.alloc` ([`memory::alloc`]($crate::memory::alloc)).
            pub fn checked_len(&self) -> Result<usize, Error> {
                let len = $crate::tensor::check_len(&self.sizes, self.dtype.element_size(), None)
                    .map_err(invalid_argument)?;
                $crate::memory::check(self.address, len)?;
                Ok(len)
            }

            /// The tensor's bytes, in place in linear memory (inside a block from
            /// `memory.alloc`, checked).
            ///
            /// # Safety
            /// The slice aliases linear memory: nothing may write the block while it lives.
            pub unsafe fn bytes(&self) -> Result<&'static [u8], Error> {
                let len = self.checked_len()?;
                // SAFETY: inside a live block (checked); aliasing is the caller's.
                Ok(unsafe { std::slice::from_raw_parts(self.address as usize as *const u8, len) })
            }

            /// The elements of a float32 tensor, in place in linear memory.
            ///
            /// # Safety
            /// The slice aliases linear memory: the caller must not hold two views of
            /// overlapping tensors where one is written (the host may pass the same
            /// address for an input and an output).
            pub unsafe fn f32s_mut(&self) -> Result<&'static mut [f32], Error> {
                if self.dtype != ScalarType::Float {
                    return Err(invalid_argument(format!(
                        "expected a float32 tensor, got {:?}",
                        self.dtype
                    )));
                }
                let len = self.checked_len()?;
                if !self.address.is_multiple_of(4) {
                    return Err(invalid_argument(format!(
                        "float32 tensor at {:#x} is not aligned",
                        self.address
                    )));
                }
                // SAFETY: inside a live block (checked), aligned; aliasing is the caller's.
                Ok(unsafe {
                    std::slice::from_raw_parts_mut(self.address as usize as *mut f32, len / 4)
                })
            }

            /// A copy of the elements of a float32 tensor (in `dim-order`, as stored).
            pub fn to_f32s(&self) -> Result<Vec<f32>, Error> {
                if self.dtype != ScalarType::Float {
                    return Err(invalid_argument(format!(
                        "expected a float32 tensor, got {:?}",
                        self.dtype
                    )));
                }
                // SAFETY: copied at once; nothing else runs meanwhile.
                Ok($crate::tensor::f32s(unsafe { self.bytes()? }))
            }

            /// A contiguous tensor of `dtype` and `sizes` whose bytes are `data`, for a
            /// backend's `execute` result: the host copies them out after the call, so
            /// `data` must stay alive and unchanged until the next call into the
            /// component (keep it in the delegate).
            pub fn of_bytes(dtype: ScalarType, sizes: Vec<u32>, data: &[u8]) -> Self {
                Self {
                    dtype,
                    dim_order: (0..sizes.len() as u8).collect(),
                    sizes,
                    address: data.as_ptr() as usize as u32,
                }
            }

            /// [`TensorRef::of_bytes`] for float32 `values`.
            pub fn of_f32(sizes: Vec<u32>, values: &[f32]) -> Self {
                // SAFETY: any f32 is 4 initialized bytes.
                let bytes = unsafe {
                    std::slice::from_raw_parts(values.as_ptr() as *const u8, values.len() * 4)
                };
                Self::of_bytes(ScalarType::Float, sizes, bytes)
            }
        }
    };
}

/// The 2.x version's module: `backend` and `kernel_library`, each the bindings of that
/// world (generated from `wit/VERSION`) and its helpers: tensors are `tensor-ref`s into
/// linear memory; `alloc` and `free` are [`memory`](crate::memory)'s.
#[allow(unused_macros)]
macro_rules! contract_version_2 {
    ($feature:tt, $module:ident, $version:tt, $path:tt, $backend_world:tt, $backend_module:tt, $kernels_world:tt, $kernels_module:tt, { $($backend_prelude:item)* }) => {
        #[cfg(feature = $feature)]
        #[doc = concat!("Bindings and helpers for `plugboard:runtime@", $version, "` (feature `", $feature, "`).")]
        pub mod $module {
            /// The contract version of this module.
            pub const CONTRACT_VERSION: &str = $version;

            /// The `backend` world: a component that runs delegates.
            #[allow(missing_docs, clippy::all)]
            pub mod backend {
                wit_bindgen::generate!({
                    path: $path,
                    world: $backend_world,
                    pub_export_macro: true,
                    default_bindings_module: $backend_module,
                    runtime_path: "plugboard_sdk::__wit_bindgen::rt",
                });
                world_helpers!();
                tensor_ref_views!(self::plugboard::runtime::types::TensorRef);

                /// `Ok` when `backend_id` is one of `implemented`, else a `not-found`
                /// error naming them.
                pub fn check_backend_id(implemented: &[&str], backend_id: &str) -> Result<(), Error> {
                    if implemented.contains(&backend_id) {
                        Ok(())
                    } else {
                        Err(not_found(format!(
                            "this component implements {implemented:?}, not `{backend_id}`"
                        )))
                    }
                }

                /// What a component written against this world uses most.
                pub mod prelude {
                    pub use super::exports::plugboard::runtime::backend_interface::{
                        CompileSpec, DelegateHandle, Guest, GuestDelegateHandle,
                    };
                    pub use super::plugboard::runtime::types::{
                        Error, ErrorKind, Evalue, ScalarType, Tensor, TensorRef,
                    };
                    pub use super::{
                        check_backend_id, error, incompatible, internal, invalid_argument,
                        not_found, not_supported,
                    };
                    $($backend_prelude)*
                }
            }

            /// The `kernel-library` world: a component that provides operators.
            #[allow(missing_docs, clippy::all)]
            pub mod kernel_library {
                wit_bindgen::generate!({
                    path: $path,
                    world: $kernels_world,
                    pub_export_macro: true,
                    default_bindings_module: $kernels_module,
                    runtime_path: "plugboard_sdk::__wit_bindgen::rt",
                });
                world_helpers!();
                tensor_ref_views!(self::plugboard::runtime::types::TensorRef);

                /// What a component written against this world uses most.
                pub mod prelude {
                    pub use super::exports::plugboard::runtime::kernels::{
                        Guest, KernelUpdate, OperatorInfo,
                    };
                    pub use super::plugboard::runtime::types::{
                        Error, ErrorKind, Evalue, ScalarType, TensorRef,
                    };
                    pub use super::{
                        error, incompatible, internal, invalid_argument, not_found, not_supported,
                    };
                }
            }
        }
    };
}

/// One contract version's module: `backend` and `kernel_library`, each the bindings of
/// that world (generated from `wit/VERSION`) and its helpers.
#[allow(unused_macros)]
macro_rules! contract_version {
    ($feature:tt, $module:ident, $version:tt, $path:tt, $backend_world:tt, $backend_module:tt, $kernels_world:tt, $kernels_module:tt) => {
        #[cfg(feature = $feature)]
        #[doc = concat!("Bindings and helpers for `plugboard:runtime@", $version, "` (feature `", $feature, "`).")]
        pub mod $module {
            /// The contract version of this module.
            pub const CONTRACT_VERSION: &str = $version;

            /// The `backend` world: a component that runs delegates.
            #[allow(missing_docs, clippy::all)]
            pub mod backend {
                wit_bindgen::generate!({
                    path: $path,
                    world: $backend_world,
                    pub_export_macro: true,
                    default_bindings_module: $backend_module,
                    runtime_path: "plugboard_sdk::__wit_bindgen::rt",
                });
                backend_helpers!();
            }

            /// The `kernel-library` world: a component that provides operators.
            #[allow(missing_docs, clippy::all)]
            pub mod kernel_library {
                wit_bindgen::generate!({
                    path: $path,
                    world: $kernels_world,
                    pub_export_macro: true,
                    default_bindings_module: $kernels_module,
                    runtime_path: "plugboard_sdk::__wit_bindgen::rt",
                });
                kernel_library_helpers!();
            }
        }
    };
}

contract_version!(
    "v1_0",
    v1_0,
    "1.0.0",
    "wit/1.0.0",
    "backend-1-0-0",
    "plugboard_sdk::v1_0::backend",
    "kernel-library-1-0-0",
    "plugboard_sdk::v1_0::kernel_library"
);
contract_version!(
    "v1_1",
    v1_1,
    "1.1.0",
    "wit/1.1.0",
    "backend-1-1-0",
    "plugboard_sdk::v1_1::backend",
    "kernel-library-1-1-0",
    "plugboard_sdk::v1_1::kernel_library"
);
contract_version!(
    "v1_2",
    v1_2,
    "1.2.0",
    "wit/1.2.0",
    "backend-1-2-0",
    "plugboard_sdk::v1_2::backend",
    "kernel-library-1-2-0",
    "plugboard_sdk::v1_2::kernel_library"
);
contract_version!(
    "v1_3",
    v1_3,
    "1.3.0",
    "wit/1.3.0",
    "backend-1-3-0",
    "plugboard_sdk::v1_3::backend",
    "kernel-library-1-3-0",
    "plugboard_sdk::v1_3::kernel_library"
);
contract_version_2!(
    "v2_0",
    v2_0,
    "2.0.0",
    "wit/2.0.0",
    "backend-2-0-0",
    "plugboard_sdk::v2_0::backend",
    "kernel-library-2-0-0",
    "plugboard_sdk::v2_0::kernel_library",
    {}
);
contract_version_2!(
    "v2_1",
    v2_1,
    "2.1.0",
    "wit/2.1.0",
    "backend-2-1-0",
    "plugboard_sdk::v2_1::backend",
    "kernel-library-2-1-0",
    "plugboard_sdk::v2_1::kernel_library",
    {
        /// 2.1: running a delegate again with its last `execute`'s arguments but for
        /// input addresses (`backend-execute-again`), implemented by the backend type.
        pub use super::exports::plugboard::runtime::backend_execute_again::Guest as GuestExecuteAgain;
        pub use super::exports::plugboard::runtime::backend_interface::DelegateHandleBorrow;
    }
);
contract_version_2!(
    "v2_2",
    v2_2,
    "2.2.0",
    "wit/2.2.0",
    "backend-2-2-0",
    "plugboard_sdk::v2_2::backend",
    "kernel-library-2-2-0",
    "plugboard_sdk::v2_2::kernel_library",
    {
        /// 2.1: running a delegate again with its last `execute`'s arguments but for
        /// input addresses (`backend-execute-again`), implemented by the backend type.
        pub use super::exports::plugboard::runtime::backend_execute_again::Guest as GuestExecuteAgain;
        pub use super::exports::plugboard::runtime::backend_interface::DelegateHandleBorrow;
    }
);
contract_version_2!(
    "v2_3",
    v2_3,
    "2.3.0",
    "wit/2.3.0",
    "backend-2-3-0",
    "plugboard_sdk::v2_3::backend",
    "kernel-library-2-3-0",
    "plugboard_sdk::v2_3::kernel_library",
    {
        /// 2.1: running a delegate again with its last `execute`'s arguments but for
        /// input addresses (`backend-execute-again`), implemented by the backend type.
        pub use super::exports::plugboard::runtime::backend_execute_again::Guest as GuestExecuteAgain;
        pub use super::exports::plugboard::runtime::backend_interface::DelegateHandleBorrow;
    }
);
contract_version_2!(
    "v2_4",
    v2_4,
    "2.4.0",
    "wit/2.4.0",
    "backend-2-4-0",
    "plugboard_sdk::v2_4::backend",
    "kernel-library-2-4-0",
    "plugboard_sdk::v2_4::kernel_library",
    {
        /// 2.1: running a delegate again with its last `execute`'s arguments but for
        /// input addresses (`backend-execute-again`), implemented by the backend type.
        pub use super::exports::plugboard::runtime::backend_execute_again::Guest as GuestExecuteAgain;
        pub use super::exports::plugboard::runtime::backend_interface::DelegateHandleBorrow;
    }
);
contract_version!(
    "v1_4",
    v1_4,
    "1.4.0",
    "wit/1.4.0",
    "backend-1-4-0",
    "plugboard_sdk::v1_4::backend",
    "kernel-library-1-4-0",
    "plugboard_sdk::v1_4::kernel_library"
);

// The enabled version's modules at the crate root, so that a component names no version
// in its code: `plugboard_sdk::backend`, `plugboard_sdk::kernel_library`. Its version
// is chosen by the feature alone (the newest enabled one, when a native workspace build
// unifies several).
#[cfg(all(
    feature = "v1_0",
    not(any(
        feature = "v1_1",
        feature = "v1_2",
        feature = "v1_3",
        feature = "v1_4",
        feature = "v2_0",
        feature = "v2_1",
        feature = "v2_2",
        feature = "v2_3",
        feature = "v2_4"
    ))
))]
pub use v1_0::{backend, kernel_library, CONTRACT_VERSION};
#[cfg(all(
    feature = "v1_1",
    not(any(
        feature = "v1_2",
        feature = "v1_3",
        feature = "v1_4",
        feature = "v2_0",
        feature = "v2_1",
        feature = "v2_2",
        feature = "v2_3",
        feature = "v2_4"
    ))
))]
pub use v1_1::{backend, kernel_library, CONTRACT_VERSION};
#[cfg(all(
    feature = "v1_2",
    not(any(
        feature = "v1_3",
        feature = "v1_4",
        feature = "v2_0",
        feature = "v2_1",
        feature = "v2_2",
        feature = "v2_3",
        feature = "v2_4"
    ))
))]
pub use v1_2::{backend, kernel_library, CONTRACT_VERSION};
#[cfg(all(
    feature = "v1_3",
    not(any(
        feature = "v1_4",
        feature = "v2_0",
        feature = "v2_1",
        feature = "v2_2",
        feature = "v2_3",
        feature = "v2_4"
    ))
))]
pub use v1_3::{backend, kernel_library, CONTRACT_VERSION};
#[cfg(all(
    feature = "v1_4",
    not(any(
        feature = "v2_0",
        feature = "v2_1",
        feature = "v2_2",
        feature = "v2_3",
        feature = "v2_4"
    ))
))]
pub use v1_4::{backend, kernel_library, CONTRACT_VERSION};
#[cfg(all(
    feature = "v2_0",
    not(any(feature = "v2_1", feature = "v2_2", feature = "v2_3", feature = "v2_4"))
))]
pub use v2_0::{backend, kernel_library, CONTRACT_VERSION};
#[cfg(all(
    feature = "v2_1",
    not(any(feature = "v2_2", feature = "v2_3", feature = "v2_4"))
))]
pub use v2_1::{backend, kernel_library, CONTRACT_VERSION};
#[cfg(all(feature = "v2_2", not(any(feature = "v2_3", feature = "v2_4"))))]
pub use v2_2::{backend, kernel_library, CONTRACT_VERSION};
#[cfg(all(feature = "v2_3", not(feature = "v2_4")))]
pub use v2_3::{backend, kernel_library, CONTRACT_VERSION};
#[cfg(feature = "v2_4")]
pub use v2_4::{backend, kernel_library, CONTRACT_VERSION};

// The version `export_backend!(T)` and `export_kernel_library!(T)` use: the newest one
// whose feature is on (a component enables exactly one; see the guard below).

#[cfg(all(
    feature = "v1_0",
    not(any(
        feature = "v1_1",
        feature = "v1_2",
        feature = "v1_3",
        feature = "v1_4",
        feature = "v2_0",
        feature = "v2_1",
        feature = "v2_2",
        feature = "v2_3",
        feature = "v2_4"
    ))
))]
#[doc(hidden)]
#[macro_export]
macro_rules! __export_backend_default {
    ($ty:ident) => {
        $crate::export_backend!($ty, v1_0);
    };
}

#[cfg(all(
    feature = "v1_0",
    not(any(
        feature = "v1_1",
        feature = "v1_2",
        feature = "v1_3",
        feature = "v1_4",
        feature = "v2_0",
        feature = "v2_1",
        feature = "v2_2",
        feature = "v2_3",
        feature = "v2_4"
    ))
))]
#[doc(hidden)]
#[macro_export]
macro_rules! __export_kernel_library_default {
    ($ty:ident) => {
        $crate::export_kernel_library!($ty, v1_0);
    };
}

#[cfg(all(
    feature = "v1_1",
    not(any(
        feature = "v1_2",
        feature = "v1_3",
        feature = "v1_4",
        feature = "v2_0",
        feature = "v2_1",
        feature = "v2_2",
        feature = "v2_3",
        feature = "v2_4"
    ))
))]
#[doc(hidden)]
#[macro_export]
macro_rules! __export_backend_default {
    ($ty:ident) => {
        $crate::export_backend!($ty, v1_1);
    };
}

#[cfg(all(
    feature = "v1_1",
    not(any(
        feature = "v1_2",
        feature = "v1_3",
        feature = "v1_4",
        feature = "v2_0",
        feature = "v2_1",
        feature = "v2_2",
        feature = "v2_3",
        feature = "v2_4"
    ))
))]
#[doc(hidden)]
#[macro_export]
macro_rules! __export_kernel_library_default {
    ($ty:ident) => {
        $crate::export_kernel_library!($ty, v1_1);
    };
}

#[cfg(all(
    feature = "v1_2",
    not(any(
        feature = "v1_3",
        feature = "v1_4",
        feature = "v2_0",
        feature = "v2_1",
        feature = "v2_2",
        feature = "v2_3",
        feature = "v2_4"
    ))
))]
#[doc(hidden)]
#[macro_export]
macro_rules! __export_backend_default {
    ($ty:ident) => {
        $crate::export_backend!($ty, v1_2);
    };
}

#[cfg(all(
    feature = "v1_2",
    not(any(
        feature = "v1_3",
        feature = "v1_4",
        feature = "v2_0",
        feature = "v2_1",
        feature = "v2_2",
        feature = "v2_3",
        feature = "v2_4"
    ))
))]
#[doc(hidden)]
#[macro_export]
macro_rules! __export_kernel_library_default {
    ($ty:ident) => {
        $crate::export_kernel_library!($ty, v1_2);
    };
}

#[cfg(all(
    feature = "v1_3",
    not(any(
        feature = "v1_4",
        feature = "v2_0",
        feature = "v2_1",
        feature = "v2_2",
        feature = "v2_3",
        feature = "v2_4"
    ))
))]
#[doc(hidden)]
#[macro_export]
macro_rules! __export_backend_default {
    ($ty:ident) => {
        $crate::export_backend!($ty, v1_3);
    };
}

#[cfg(all(
    feature = "v1_3",
    not(any(
        feature = "v1_4",
        feature = "v2_0",
        feature = "v2_1",
        feature = "v2_2",
        feature = "v2_3",
        feature = "v2_4"
    ))
))]
#[doc(hidden)]
#[macro_export]
macro_rules! __export_kernel_library_default {
    ($ty:ident) => {
        $crate::export_kernel_library!($ty, v1_3);
    };
}

#[cfg(all(
    feature = "v1_4",
    not(any(
        feature = "v2_0",
        feature = "v2_1",
        feature = "v2_2",
        feature = "v2_3",
        feature = "v2_4"
    ))
))]
#[doc(hidden)]
#[macro_export]
macro_rules! __export_backend_default {
    ($ty:ident) => {
        $crate::export_backend!($ty, v1_4);
    };
}

#[cfg(all(
    feature = "v1_4",
    not(any(
        feature = "v2_0",
        feature = "v2_1",
        feature = "v2_2",
        feature = "v2_3",
        feature = "v2_4"
    ))
))]
#[doc(hidden)]
#[macro_export]
macro_rules! __export_kernel_library_default {
    ($ty:ident) => {
        $crate::export_kernel_library!($ty, v1_4);
    };
}

#[cfg(all(
    feature = "v2_0",
    not(any(feature = "v2_1", feature = "v2_2", feature = "v2_3", feature = "v2_4"))
))]
#[doc(hidden)]
#[macro_export]
macro_rules! __export_backend_default {
    ($ty:ident) => {
        $crate::export_backend!($ty, v2_0);
    };
}

#[cfg(all(
    feature = "v2_0",
    not(any(feature = "v2_1", feature = "v2_2", feature = "v2_3", feature = "v2_4"))
))]
#[doc(hidden)]
#[macro_export]
macro_rules! __export_kernel_library_default {
    ($ty:ident) => {
        $crate::export_kernel_library!($ty, v2_0);
    };
}

#[cfg(all(
    feature = "v2_1",
    not(any(feature = "v2_2", feature = "v2_3", feature = "v2_4"))
))]
#[doc(hidden)]
#[macro_export]
macro_rules! __export_backend_default {
    ($ty:ident) => {
        $crate::export_backend!($ty, v2_1);
    };
}

#[cfg(all(
    feature = "v2_1",
    not(any(feature = "v2_2", feature = "v2_3", feature = "v2_4"))
))]
#[doc(hidden)]
#[macro_export]
macro_rules! __export_kernel_library_default {
    ($ty:ident) => {
        $crate::export_kernel_library!($ty, v2_1);
    };
}

#[cfg(all(feature = "v2_2", not(any(feature = "v2_3", feature = "v2_4"))))]
#[doc(hidden)]
#[macro_export]
macro_rules! __export_backend_default {
    ($ty:ident) => {
        $crate::export_backend!($ty, v2_2);
    };
}

#[cfg(all(feature = "v2_3", not(feature = "v2_4")))]
#[doc(hidden)]
#[macro_export]
macro_rules! __export_backend_default {
    ($ty:ident) => {
        $crate::export_backend!($ty, v2_3);
    };
}

#[cfg(feature = "v2_4")]
#[doc(hidden)]
#[macro_export]
macro_rules! __export_backend_default {
    ($ty:ident) => {
        $crate::export_backend!($ty, v2_4);
    };
}

#[cfg(all(feature = "v2_2", not(any(feature = "v2_3", feature = "v2_4"))))]
#[doc(hidden)]
#[macro_export]
macro_rules! __export_kernel_library_default {
    ($ty:ident) => {
        $crate::export_kernel_library!($ty, v2_2);
    };
}

#[cfg(all(feature = "v2_3", not(feature = "v2_4")))]
#[doc(hidden)]
#[macro_export]
macro_rules! __export_kernel_library_default {
    ($ty:ident) => {
        $crate::export_kernel_library!($ty, v2_3);
    };
}

#[cfg(feature = "v2_4")]
#[doc(hidden)]
#[macro_export]
macro_rules! __export_kernel_library_default {
    ($ty:ident) => {
        $crate::export_kernel_library!($ty, v2_4);
    };
}

// Bindings of two contract versions in one component would declare the same import
// names (`named-data.get`) from two import modules, and the linker keeps one of them: the
// component would import a mix of versions and the host would serve it the newest one's
// meaning. A wasm build with more than one version feature is refused. (Native builds of
// a workspace that holds components of several versions unify the features; they link
// no imports.)
#[cfg(all(
    target_arch = "wasm32",
    any(
        all(
            feature = "v1_0",
            any(
                feature = "v1_1",
                feature = "v1_2",
                feature = "v1_3",
                feature = "v1_4",
                feature = "v2_0",
                feature = "v2_1",
                feature = "v2_2",
                feature = "v2_3",
                feature = "v2_4"
            )
        ),
        all(
            feature = "v1_1",
            any(
                feature = "v1_2",
                feature = "v1_3",
                feature = "v1_4",
                feature = "v2_0",
                feature = "v2_1",
                feature = "v2_2",
                feature = "v2_3",
                feature = "v2_4"
            )
        ),
        all(
            feature = "v1_2",
            any(
                feature = "v1_3",
                feature = "v1_4",
                feature = "v2_0",
                feature = "v2_1",
                feature = "v2_2",
                feature = "v2_3",
                feature = "v2_4"
            )
        ),
        all(
            feature = "v1_3",
            any(
                feature = "v1_4",
                feature = "v2_0",
                feature = "v2_1",
                feature = "v2_2",
                feature = "v2_3",
                feature = "v2_4"
            )
        ),
        all(
            feature = "v1_4",
            any(
                feature = "v2_0",
                feature = "v2_1",
                feature = "v2_2",
                feature = "v2_3",
                feature = "v2_4"
            )
        ),
        all(
            feature = "v2_0",
            any(feature = "v2_1", feature = "v2_2", feature = "v2_3", feature = "v2_4")
        ),
        all(
            feature = "v2_1",
            any(feature = "v2_2", feature = "v2_3", feature = "v2_4")
        ),
        all(feature = "v2_2", any(feature = "v2_3", feature = "v2_4")),
        all(feature = "v2_3", feature = "v2_4"),
    )
))]
compile_error!(
    "plugboard-sdk: enable exactly one contract version feature per component (the default is \"v2_4\"; for another version use `default-features = false, features = [\"v1_4\", \"allocator\"]`)"
);

/// Exports `$ty` (which implements the `backend` world's `Guest`) as the component's
/// backend, against contract `$version` (when omitted: the version whose feature is on),
/// and embeds the component's metadata ([`component_metadata!`]).
#[macro_export]
macro_rules! export_backend {
    ($ty:ident) => { $crate::__export_backend_default!($ty); };
    ($ty:ident, v1_0) => { #[cfg(target_arch = "wasm32")] $crate::__export_backend_1_0_0_impl!($ty with_types_in $crate::v1_0::backend); $crate::component_metadata!("1.0.0"); $crate::__keep!($ty, $crate::v1_0::backend::exports::plugboard::runtime::backend_interface::Guest, [backend_ids, is_available, describe, init]); $crate::__keep!(<$ty as $crate::v1_0::backend::exports::plugboard::runtime::backend_interface::Guest>::DelegateHandle, $crate::v1_0::backend::exports::plugboard::runtime::backend_interface::GuestDelegateHandle, [execute]); };
    ($ty:ident, v1_1) => { #[cfg(target_arch = "wasm32")] $crate::__export_backend_1_1_0_impl!($ty with_types_in $crate::v1_1::backend); $crate::component_metadata!("1.1.0"); $crate::__keep!($ty, $crate::v1_1::backend::exports::plugboard::runtime::backend_interface::Guest, [backend_ids, is_available, describe, init]); $crate::__keep!(<$ty as $crate::v1_1::backend::exports::plugboard::runtime::backend_interface::Guest>::DelegateHandle, $crate::v1_1::backend::exports::plugboard::runtime::backend_interface::GuestDelegateHandle, [execute]); };
    ($ty:ident, v1_2) => { #[cfg(target_arch = "wasm32")] $crate::__export_backend_1_2_0_impl!($ty with_types_in $crate::v1_2::backend); $crate::component_metadata!("1.2.0"); $crate::__keep!($ty, $crate::v1_2::backend::exports::plugboard::runtime::backend_interface::Guest, [backend_ids, is_available, describe, init]); $crate::__keep!(<$ty as $crate::v1_2::backend::exports::plugboard::runtime::backend_interface::Guest>::DelegateHandle, $crate::v1_2::backend::exports::plugboard::runtime::backend_interface::GuestDelegateHandle, [execute]); };
    ($ty:ident, v1_3) => { #[cfg(target_arch = "wasm32")] $crate::__export_backend_1_3_0_impl!($ty with_types_in $crate::v1_3::backend); $crate::component_metadata!("1.3.0"); $crate::__keep!($ty, $crate::v1_3::backend::exports::plugboard::runtime::backend_interface::Guest, [backend_ids, is_available, describe, init]); $crate::__keep!(<$ty as $crate::v1_3::backend::exports::plugboard::runtime::backend_interface::Guest>::DelegateHandle, $crate::v1_3::backend::exports::plugboard::runtime::backend_interface::GuestDelegateHandle, [execute]); };
    ($ty:ident, v2_0) => { #[cfg(target_arch = "wasm32")] $crate::__export_backend_2_0_0_impl!($ty with_types_in $crate::v2_0::backend); $crate::component_metadata!("2.0.0"); $crate::__keep!($ty, $crate::v2_0::backend::exports::plugboard::runtime::backend_interface::Guest, [backend_ids, is_available, describe, alloc, free, init]); $crate::__keep!(<$ty as $crate::v2_0::backend::exports::plugboard::runtime::backend_interface::Guest>::DelegateHandle, $crate::v2_0::backend::exports::plugboard::runtime::backend_interface::GuestDelegateHandle, [execute]); };
    ($ty:ident, v2_1) => { #[cfg(target_arch = "wasm32")] $crate::__export_backend_2_1_0_impl!($ty with_types_in $crate::v2_1::backend); $crate::component_metadata!("2.1.0"); $crate::__keep!($ty, $crate::v2_1::backend::exports::plugboard::runtime::backend_interface::Guest, [backend_ids, is_available, describe, alloc, free, init]); $crate::__keep!($ty, $crate::v2_1::backend::exports::plugboard::runtime::backend_execute_again::Guest, [execute_again]); $crate::__keep!(<$ty as $crate::v2_1::backend::exports::plugboard::runtime::backend_interface::Guest>::DelegateHandle, $crate::v2_1::backend::exports::plugboard::runtime::backend_interface::GuestDelegateHandle, [execute]); };
    ($ty:ident, v2_2) => { #[cfg(target_arch = "wasm32")] $crate::__export_backend_2_2_0_impl!($ty with_types_in $crate::v2_2::backend); $crate::component_metadata!("2.2.0"); $crate::__keep!($ty, $crate::v2_2::backend::exports::plugboard::runtime::backend_interface::Guest, [backend_ids, is_available, describe, alloc, free, init]); $crate::__keep!($ty, $crate::v2_2::backend::exports::plugboard::runtime::backend_execute_again::Guest, [execute_again]); $crate::__keep!(<$ty as $crate::v2_2::backend::exports::plugboard::runtime::backend_interface::Guest>::DelegateHandle, $crate::v2_2::backend::exports::plugboard::runtime::backend_interface::GuestDelegateHandle, [execute]); };
    ($ty:ident, v2_3) => { #[cfg(target_arch = "wasm32")] $crate::__export_backend_2_3_0_impl!($ty with_types_in $crate::v2_3::backend); $crate::component_metadata!("2.3.0"); $crate::__keep!($ty, $crate::v2_3::backend::exports::plugboard::runtime::backend_interface::Guest, [backend_ids, is_available, describe, alloc, free, init]); $crate::__keep!($ty, $crate::v2_3::backend::exports::plugboard::runtime::backend_execute_again::Guest, [execute_again]); $crate::__keep!(<$ty as $crate::v2_3::backend::exports::plugboard::runtime::backend_interface::Guest>::DelegateHandle, $crate::v2_3::backend::exports::plugboard::runtime::backend_interface::GuestDelegateHandle, [execute]); };
    ($ty:ident, v2_4) => { #[cfg(target_arch = "wasm32")] $crate::__export_backend_2_4_0_impl!($ty with_types_in $crate::v2_4::backend); $crate::component_metadata!("2.4.0"); $crate::__keep!($ty, $crate::v2_4::backend::exports::plugboard::runtime::backend_interface::Guest, [backend_ids, is_available, describe, alloc, free, init]); $crate::__keep!($ty, $crate::v2_4::backend::exports::plugboard::runtime::backend_execute_again::Guest, [execute_again]); $crate::__keep!(<$ty as $crate::v2_4::backend::exports::plugboard::runtime::backend_interface::Guest>::DelegateHandle, $crate::v2_4::backend::exports::plugboard::runtime::backend_interface::GuestDelegateHandle, [execute]); };
    ($ty:ident, v1_4) => { #[cfg(target_arch = "wasm32")] $crate::__export_backend_1_4_0_impl!($ty with_types_in $crate::v1_4::backend); $crate::component_metadata!("1.4.0"); $crate::__keep!($ty, $crate::v1_4::backend::exports::plugboard::runtime::backend_interface::Guest, [backend_ids, is_available, describe, init]); $crate::__keep!(<$ty as $crate::v1_4::backend::exports::plugboard::runtime::backend_interface::Guest>::DelegateHandle, $crate::v1_4::backend::exports::plugboard::runtime::backend_interface::GuestDelegateHandle, [execute]); };
}

/// Exports `$ty` (which implements the `kernel-library` world's `Guest`) as the
/// component's kernel library, against contract `$version` (when omitted: the version
/// whose feature is on), and embeds the component's metadata ([`component_metadata!`]).
#[macro_export]
macro_rules! export_kernel_library {
    ($ty:ident) => { $crate::__export_kernel_library_default!($ty); };
    ($ty:ident, v1_0) => { #[cfg(target_arch = "wasm32")] $crate::__export_kernel_library_1_0_0_impl!($ty with_types_in $crate::v1_0::kernel_library); $crate::component_metadata!("1.0.0"); $crate::__keep!($ty, $crate::v1_0::kernel_library::exports::plugboard::runtime::kernels::Guest, [operators, call, prepare, clear_prepared, run_prepared, alloc, free, write, read]); };
    ($ty:ident, v1_1) => { #[cfg(target_arch = "wasm32")] $crate::__export_kernel_library_1_1_0_impl!($ty with_types_in $crate::v1_1::kernel_library); $crate::component_metadata!("1.1.0"); $crate::__keep!($ty, $crate::v1_1::kernel_library::exports::plugboard::runtime::kernels::Guest, [operators, call, prepare, clear_prepared, run_prepared, alloc, free, write, read]); };
    ($ty:ident, v1_2) => { #[cfg(target_arch = "wasm32")] $crate::__export_kernel_library_1_2_0_impl!($ty with_types_in $crate::v1_2::kernel_library); $crate::component_metadata!("1.2.0"); $crate::__keep!($ty, $crate::v1_2::kernel_library::exports::plugboard::runtime::kernels::Guest, [operators, call, prepare, clear_prepared, run_prepared, alloc, free, write, read]); };
    ($ty:ident, v1_3) => { #[cfg(target_arch = "wasm32")] $crate::__export_kernel_library_1_3_0_impl!($ty with_types_in $crate::v1_3::kernel_library); $crate::component_metadata!("1.3.0"); $crate::__keep!($ty, $crate::v1_3::kernel_library::exports::plugboard::runtime::kernels::Guest, [operators, call, prepare, clear_prepared, run_prepared, alloc, free, write, read]); };
    ($ty:ident, v2_0) => { #[cfg(target_arch = "wasm32")] $crate::__export_kernel_library_2_0_0_impl!($ty with_types_in $crate::v2_0::kernel_library); $crate::component_metadata!("2.0.0"); $crate::__keep!($ty, $crate::v2_0::kernel_library::exports::plugboard::runtime::kernels::Guest, [operators, call, prepare, clear_prepared, run_prepared, alloc, free]); };
    ($ty:ident, v2_1) => { #[cfg(target_arch = "wasm32")] $crate::__export_kernel_library_2_1_0_impl!($ty with_types_in $crate::v2_1::kernel_library); $crate::component_metadata!("2.1.0"); $crate::__keep!($ty, $crate::v2_1::kernel_library::exports::plugboard::runtime::kernels::Guest, [operators, call, prepare, clear_prepared, run_prepared, alloc, free]); };
    ($ty:ident, v2_2) => { #[cfg(target_arch = "wasm32")] $crate::__export_kernel_library_2_2_0_impl!($ty with_types_in $crate::v2_2::kernel_library); $crate::component_metadata!("2.2.0"); $crate::__keep!($ty, $crate::v2_2::kernel_library::exports::plugboard::runtime::kernels::Guest, [operators, call, prepare, clear_prepared, run_prepared, alloc, free]); };
    ($ty:ident, v2_3) => { #[cfg(target_arch = "wasm32")] $crate::__export_kernel_library_2_3_0_impl!($ty with_types_in $crate::v2_3::kernel_library); $crate::component_metadata!("2.3.0"); $crate::__keep!($ty, $crate::v2_3::kernel_library::exports::plugboard::runtime::kernels::Guest, [operators, call, prepare, clear_prepared, run_prepared, alloc, free]); };
    ($ty:ident, v2_4) => { #[cfg(target_arch = "wasm32")] $crate::__export_kernel_library_2_4_0_impl!($ty with_types_in $crate::v2_4::kernel_library); $crate::component_metadata!("2.4.0"); $crate::__keep!($ty, $crate::v2_4::kernel_library::exports::plugboard::runtime::kernels::Guest, [operators, call, prepare, clear_prepared, run_prepared, alloc, free]); };
    ($ty:ident, v1_4) => { #[cfg(target_arch = "wasm32")] $crate::__export_kernel_library_1_4_0_impl!($ty with_types_in $crate::v1_4::kernel_library); $crate::component_metadata!("1.4.0"); $crate::__keep!($ty, $crate::v1_4::kernel_library::exports::plugboard::runtime::kernels::Guest, [operators, call, prepare, clear_prepared, run_prepared, alloc, free, write, read]); };
}

/// The memory protocol's `alloc` and `free` (see [`memory`](crate::memory)), written into
/// the `impl Guest for ...` block of a kernel library (every version) or a 2.x backend:
/// `plugboard_sdk::memory_exports!();`. Uses the `Error` type in scope.
#[macro_export]
macro_rules! memory_exports {
    () => {
        fn alloc(size: u64, align: u32) -> Result<u32, Error> {
            Ok($crate::memory::alloc(size, align)?)
        }

        fn free(address: u32) {
            $crate::memory::free(address)
        }
    };
}

/// Embeds the component's metadata as custom sections of its core module, from the
/// calling crate's `Cargo.toml`: the registry-metadata sections `wasm-tools metadata
/// show` reads (`version`, `description`, `authors`, `licenses`, `source` from
/// `repository`, `homepage`) and `plugboard-component` (`name=`, `contract=`, `sdk=`
/// lines). `plugboard components info FILE` and `plugboard backends` show them. The
/// export macros call it; call it yourself only when exporting by other means.
#[macro_export]
macro_rules! component_metadata {
    ($contract:literal) => {
        const _: () = {
            $crate::__section!("version", env!("CARGO_PKG_VERSION"));
            $crate::__section!("description", env!("CARGO_PKG_DESCRIPTION"));
            $crate::__section!("authors", env!("CARGO_PKG_AUTHORS"));
            $crate::__section!("licenses", env!("CARGO_PKG_LICENSE"));
            $crate::__section!("source", env!("CARGO_PKG_REPOSITORY"));
            $crate::__section!("homepage", env!("CARGO_PKG_HOMEPAGE"));
            $crate::__section!(
                "plugboard-component",
                concat!(
                    "name=",
                    env!("CARGO_PKG_NAME"),
                    "\ncontract=",
                    $contract,
                    "\nsdk=0.1.0\n"
                )
            );
        };
    };
}

/// Off wasm32 the export functions are not generated (a component's native unit tests
/// link no canonical-ABI glue), so this names the exported type's implementation for the
/// compiler instead: natively, nothing it uses is dead code.
#[doc(hidden)]
#[macro_export]
macro_rules! __keep {
    ($ty:ty, $guest:path, [$($method:ident),*]) => {
        #[cfg(not(target_arch = "wasm32"))]
        const _: () = {
            $(let _ = <$ty as $guest>::$method;)*
        };
    };
}

#[doc(hidden)]
#[macro_export]
macro_rules! __section {
    ($name:literal, $text:expr) => {
        const _: () = {
            const TEXT: &str = $text;
            #[cfg(target_arch = "wasm32")]
            #[used]
            #[link_section = $name]
            static SECTION: [u8; TEXT.len()] = $crate::metadata::bytes::<{ TEXT.len() }>(TEXT);
        };
    };
}

/// Sets the component's global allocator to plugboard's: per-size-class free lists
/// ([`alloc::SmallBlocks`]) in front of Talc, which grows linear memory itself. Every
/// crossing into a component allocates (the canonical ABI's `cabi_realloc` for each
/// list), and wasi-libc's dlmalloc was 2% of a small transformer's time. Call it once,
/// at the crate root; it does nothing off wasm32 or with shared-memory threads.
#[cfg(feature = "allocator")]
#[macro_export]
macro_rules! global_allocator {
    () => {
        #[cfg(all(target_arch = "wasm32", not(target_feature = "atomics")))]
        #[global_allocator]
        static PLUGBOARD_SDK_ALLOCATOR: $crate::alloc::SmallBlocks<
            $crate::__talc::wasm::WasmDynamicTalc,
        > = $crate::alloc::SmallBlocks::new($crate::__talc::wasm::new_wasm_dynamic_allocator());
    };
}
