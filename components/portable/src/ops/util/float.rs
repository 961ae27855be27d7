//! Float-valued elementwise helpers shared by the unary and activation operators: C's
//! `erf`/`erfc`, the dtype a float function computes in, mapping a function over a
//! tensor in a compute type, and the SIMD128 fast path of f32 unary functions.

use crate::args::Args;
use crate::elem::{self, Compute, OutBuf};
use crate::ops::util::simd::{map1, Fn1};
use crate::plugboard::runtime::types::ScalarType;
use crate::tensor::Tensor;
use crate::{with_compute, KResult};

mod libm {
    extern "C" {
        pub fn erf(x: f64) -> f64;
        pub fn erfc(x: f64) -> f64;
    }
}

/// The error function (C's `erf`).
pub fn erf(x: f64) -> f64 {
    // SAFETY: a pure C math function.
    unsafe { libm::erf(x) }
}

/// The complementary error function (C's `erfc`).
pub fn erfc(x: f64) -> f64 {
    // SAFETY: a pure C math function.
    unsafe { libm::erfc(x) }
}

/// The dtype a float-valued unary op computes in for input `dtype`: floats keep their
/// own, integers and bool give float32 (PyTorch's default dtype).
pub fn float_dtype(dtype: ScalarType) -> ScalarType {
    if elem::is_float(dtype) {
        dtype
    } else {
        ScalarType::Float
    }
}

/// `out[i] = f(a[i])` in compute type `C` (`a` read as `C`, `out` written from `C`).
pub fn map_into<C: Compute>(a: &Tensor, out: &Tensor, f: impl Fn(C) -> C) -> KResult<()> {
    let av = elem::read::<C>(a)?;
    let mut ob = OutBuf::<C>::new(out);
    for (o, &x) in ob.data().iter_mut().zip(av.iter()) {
        *o = f(x);
    }
    ob.commit()
}

/// `out[i] = f(a[i])` for a float-valued function evaluated in f64, computing in `a`'s
/// float dtype (float32 for integer inputs) and casting to `out`'s dtype.
pub fn float_map(a: &Tensor, out: &Tensor, f: impl Fn(f64) -> f64) -> KResult<()> {
    with_compute!(float_dtype(a.dtype), C, {
        map_into::<C>(a, out, |x| C::from_f64(f(x.to_f64())))
    })
}

/// Applies `f` to every element of argument 0 and writes argument `out_idx` (resized to
/// argument 0's sizes), as [`float_map`].
pub fn map_unary(args: &mut Args, out_idx: usize, f: impl Fn(f64) -> f64) -> KResult<()> {
    let a = args.tensor(0)?;
    let out = args.out(out_idx, &a.sizes.clone())?;
    float_map(&a, &out, f)
}

/// SIMD fast path of a unary f32 function: when `a` and `out` are `float32` tensors with
/// the same memory order (both contiguous, or the same sizes and dim order), runs `f`
/// with SIMD128 and returns true; otherwise false.
pub fn try_f32_unary<F: Fn1>(a: &Tensor, out: &Tensor, f: F) -> bool {
    let same_layout = (a.is_contiguous() && out.is_contiguous())
        || (a.sizes == out.sizes && a.dim_order == out.dim_order);
    if a.dtype != ScalarType::Float
        || out.dtype != ScalarType::Float
        || a.numel != out.numel
        || !same_layout
    {
        return false;
    }
    // SAFETY: both tensors lie in reserved blocks of numel f32s; they may be the same
    // memory, which map1 tolerates.
    unsafe {
        map1(
            f,
            a.addr as usize as *const f32,
            out.addr as usize as *mut f32,
            a.numel,
        )
    };
    true
}
