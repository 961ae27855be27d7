//! Numeric kernels shared by plugboard's guest components. Plain Rust (no WIT
//! bindings), so that both kernel libraries and backends can link it.
//!
//! - [`gemm`]: the blocked single-precision GEMM ([`gemm::sgemm`], [`gemm::gemm`] with
//!   a custom `B` packer, [`gemm::PackedB`] for weights packed once).

pub mod gemm;
