//! Host-side implementations of plugboard's native accelerator imports.
//!
//! - [`cpu`]: the `cpu-accel` interface of `wit/accel.wit`, native convolutions and
//!   fully connected layers for backend components (fp32 through the `gemm` crate,
//!   int8 through [`qgemm`]).
//! - [`qgemm`]: the int8 GEMM with `i32` accumulation and XNNPACK's `qs8` fp32
//!   requantization (AVX-512 VNNI, AVX2 and portable paths).
//!
//! The GPU (wgpu) and QNN import surfaces come with the Vulkan backend work.

pub mod cpu;
pub mod qgemm;
