//! Compute kernels on `f32` slices, the int8 ones in [`quant`] and [`qconv`], and the
//! 4-bit dot products of the dynamic path in [`dot4`] (shapes checked by the caller).

pub mod conv;
pub mod dot4;
pub mod elementwise;
pub mod layout;
pub mod pool;
pub mod qconv;
pub mod quant;
pub mod winograd;
