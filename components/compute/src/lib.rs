//! Numeric kernels shared by plugboard's guest components. Plain Rust (no WIT
//! bindings), so that both kernel libraries and backends can link it.
//!
//! - [`activation`]: the scalar hardswish, sigmoid and SiLU as XNNPACK rounds them,
//!   also the reference of the host's native convolution epilogues.
//! - [`gemm`]: the blocked single-precision GEMM ([`gemm::sgemm`], [`gemm::gemm`] with
//!   a custom `B` packer, [`gemm::PackedB`] for weights packed once).
//! - [`geometry`]: the convolution geometry of the `cpu-accel` interface and its checks,
//!   shared with the host's native kernels.
//! - [`qgemm`]: the int8 GEMM with `i32` accumulation and XNNPACK-style `fp32`
//!   requantization ([`qgemm::qgemm`], [`qgemm::PackedQB`]).
//! - [`requant`]: that requantization's one scalar definition, also used by the host's
//!   native kernels (`native-accel` depends on this crate for it).
//! - [`rowquant`]: XNNPACK's `Convert` to `qdint8` (per-row dynamic int8), the one
//!   definition of the XNNPACK component's and the host's kernels.

pub mod activation;
pub mod gemm;
pub mod geometry;
pub mod qgemm;
pub mod requant;
pub mod rowquant;
