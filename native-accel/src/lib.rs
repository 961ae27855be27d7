//! Host-side implementations of plugboard's native accelerator imports.
//!
//! - [`cpu`]: the `cpu-accel` interface of `wit/accel.wit`, native convolutions and
//!   fully connected layers for backend components (fp32 through [`sgemm`], int8
//!   through [`qgemm`]).
//! - [`sgemm`]: the fp32 GEMM with fused bias and clamp (AVX-512, AVX2+FMA and
//!   portable paths).
//! - [`qgemm`]: the int8 GEMM with `i32` accumulation and XNNPACK's `qs8` fp32
//!   requantization (AVX-512 VNNI, AVX2 and portable paths).
//!
//! - [`activation`]: hardswish and SiLU after an fp32 convolution's clamp, bit for bit
//!   as XNNPACK rounds them (AVX-512, AVX2+FMA and scalar paths).
//! - [`isa`]: which SIMD level the kernels use (detected, capped by
//!   `PLUGBOARD_NATIVE_ISA` to force a path).
//! - [`meter`]: the memory and time account every import charges a component's work
//!   to (its memory cap, the call deadline, the work cap).
//!
//! - [`gpu`]: the `gpu` interface of `wit/gpu.wit`, a WebGPU-shaped compute device on
//!   wgpu (one device per host, per-instance tables and budget, every call checked).
//! - [`qnn`]: the `qnn` interface of `wit/qnn.wit`: finds the QNN SDK at run time and
//!   says why QNN cannot run when it cannot.

pub mod activation;
pub mod cpu;
pub mod gpu;
pub mod isa;
pub mod meter;
mod pool;
pub mod qgemm;
pub mod qnn;
pub mod sgemm;
