//! Compute kernels on `f32` slices, and the int8 ones in [`quant`] and [`qconv`]
//! (shapes checked by the caller).

pub mod conv;
pub mod elementwise;
pub mod layout;
pub mod pool;
pub mod qconv;
pub mod quant;
pub mod winograd;
