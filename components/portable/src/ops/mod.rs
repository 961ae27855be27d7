//! The kernels, one module per family of operators. Each module has a `register`
//! function that adds its operators to the table.

pub mod activation;
pub mod binary;
pub mod compare;
pub mod complex;
pub mod conv;
pub mod creation;
pub mod device_copy;
pub mod dim_order;
pub mod distance;
pub mod embedding;
pub mod grid_sample;
pub mod index;
pub mod linalg;
pub mod logical;
pub mod norm;
pub mod pad;
pub mod pool;
pub mod prim;
pub mod quantize;
pub mod quantized;
pub mod quantized_arith;
pub mod random;
pub mod reduce;
pub mod shape;
pub mod softmax;
pub mod unary;
pub mod upsample;
pub mod util;
pub mod views;

use crate::registry::Registrar;

/// Registers every operator of every module.
pub fn register_all(r: &mut Registrar) {
    activation::register(r);
    binary::register(r);
    compare::register(r);
    complex::register(r);
    conv::register(r);
    creation::register(r);
    device_copy::register(r);
    dim_order::register(r);
    distance::register(r);
    embedding::register(r);
    grid_sample::register(r);
    index::register(r);
    linalg::register(r);
    logical::register(r);
    norm::register(r);
    pad::register(r);
    pool::register(r);
    prim::register(r);
    quantize::register(r);
    quantized::register(r);
    quantized_arith::register(r);
    random::register(r);
    reduce::register(r);
    shape::register(r);
    softmax::register(r);
    unary::register(r);
    upsample::register(r);
    views::register(r);
}
