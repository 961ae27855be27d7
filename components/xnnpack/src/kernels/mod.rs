//! Compute kernels on `f32` slices (shapes checked by the caller).

pub mod conv;
pub mod elementwise;
pub mod layout;
pub mod pool;
pub mod winograd;
