//! Tensor creation, `.out` variants: `full`, `full_like`, `zeros`, `ones`, `zeros_like`,
//! `ones_like`, `scalar_tensor`, `fill` (Scalar and Tensor value), `arange` (`end` only
//! and `start, end, step`), `empty` and `dim_order_ops::_empty_dim_order`.
//!
//! The out tensor's dtype decides the element type; fill values are cast to it as
//! PyTorch casts a Scalar (floats truncate into integers, any nonzero value is `true`).

use crate::args::{Args, Scalar};
use crate::elem::{self, Compute, OutBuf};
use crate::ops::util::num::scalar_as;
use crate::plugboard::runtime::types::ScalarType;
use crate::registry::{Registrar, REAL_AND_BOOL};
use crate::tensor::Tensor;
use crate::{invalid, with_compute, KResult};

/// Registers this module's operators.
pub fn register(r: &mut Registrar) {
    r.add("aten::full.out", REAL_AND_BOOL, full_out);
    r.add("aten::full_like.out", REAL_AND_BOOL, full_like_out);
    r.add("aten::zeros.out", REAL_AND_BOOL, |a| {
        sized_fill(a, 1, Scalar::Int(0))
    });
    r.add("aten::ones.out", REAL_AND_BOOL, |a| {
        sized_fill(a, 1, Scalar::Int(1))
    });
    r.add("aten::zeros_like.out", REAL_AND_BOOL, |a| {
        like_fill(a, 2, Scalar::Int(0))
    });
    r.add("aten::ones_like.out", REAL_AND_BOOL, |a| {
        like_fill(a, 2, Scalar::Int(1))
    });
    r.add("aten::scalar_tensor.out", REAL_AND_BOOL, scalar_tensor_out);
    r.add("aten::fill.Scalar_out", REAL_AND_BOOL, fill_scalar_out);
    r.add("aten::fill.Tensor_out", REAL_AND_BOOL, fill_tensor_out);
    r.add("aten::arange.out", REAL_AND_BOOL, arange_out);
    r.add("aten::arange.start_out", REAL_AND_BOOL, arange_start_out);
    r.add("aten::empty.out", REAL_AND_BOOL, empty_out);
    r.add(
        "dim_order_ops::_empty_dim_order.out",
        REAL_AND_BOOL,
        empty_dim_order_out,
    );
}

/// Fills every element of `out` with `s` cast to `out`'s dtype.
pub fn fill(out: &Tensor, s: Scalar) -> KResult<()> {
    with_compute!(out.dtype, C, {
        let v: C = scalar_as(s, out.dtype);
        let mut ob = OutBuf::<C>::new(out);
        ob.data().fill(v);
        ob.commit()
    })
}

/// A size list argument as sizes (negative sizes are an error).
pub fn sizes_arg(args: &Args, i: usize) -> KResult<Vec<usize>> {
    args.int_list(i)?
        .into_iter()
        .map(|s| usize::try_from(s).map_err(|_| invalid(format!("negative size {s}"))))
        .collect()
}

/// `aten::full.out(size, fill_value, out)`.
fn full_out(args: &mut Args) -> KResult {
    let sizes = sizes_arg(args, 0)?;
    let v = args.scalar(1)?;
    let out = args.out(2, &sizes)?;
    fill(&out, v)
}

/// `aten::full_like.out(self, fill_value, memory_format, out)`: `self`'s sizes; the out
/// tensor's dtype and dim order.
fn full_like_out(args: &mut Args) -> KResult {
    let a = args.tensor(0)?;
    let v = args.scalar(1)?;
    let out = args.out(3, &a.sizes)?;
    fill(&out, v)
}

/// `aten::zeros.out(size, out)` / `aten::ones.out(size, out)`.
fn sized_fill(args: &mut Args, out_idx: usize, v: Scalar) -> KResult {
    let sizes = sizes_arg(args, 0)?;
    let out = args.out(out_idx, &sizes)?;
    fill(&out, v)
}

/// `aten::zeros_like.out(self, memory_format, out)` / `aten::ones_like.out`.
fn like_fill(args: &mut Args, out_idx: usize, v: Scalar) -> KResult {
    let a = args.tensor(0)?;
    let out = args.out(out_idx, &a.sizes)?;
    fill(&out, v)
}

/// `aten::scalar_tensor.out(s, out)`: a 0-dimensional tensor holding `s`.
fn scalar_tensor_out(args: &mut Args) -> KResult {
    let v = args.scalar(0)?;
    let out = args.out(1, &[])?;
    fill(&out, v)
}

/// `aten::fill.Scalar_out(self, value, out)`: `self`'s sizes, every element `value`.
fn fill_scalar_out(args: &mut Args) -> KResult {
    let a = args.tensor(0)?;
    let v = args.scalar(1)?;
    let out = args.out(2, &a.sizes)?;
    fill(&out, v)
}

/// `aten::fill.Tensor_out(self, value, out)`: as `fill.Scalar_out` with the single
/// element of the 0-dimensional tensor `value`.
fn fill_tensor_out(args: &mut Args) -> KResult {
    let a = args.tensor(0)?;
    let t = args.tensor(1)?;
    if t.dim() != 0 && t.numel != 1 {
        return Err(invalid(format!(
            "fill only supports a 0-dimensional value tensor, got sizes {:?}",
            t.sizes
        )));
    }
    let v = match t.dtype {
        ScalarType::Bool => Scalar::Bool(elem::read::<i64>(&t)?[0] != 0),
        d if elem::is_float(d) => Scalar::Double(elem::read::<f64>(&t)?[0]),
        _ => Scalar::Int(elem::read::<i64>(&t)?[0]),
    };
    let out = args.out(2, &a.sizes)?;
    fill(&out, v)
}

/// `aten::arange.out(end, out)`: `0, 1, ..., end - 1`.
fn arange_out(args: &mut Args) -> KResult {
    let end = args.scalar(0)?;
    arange(args, Scalar::Int(0), end, Scalar::Int(1), 1)
}

/// `aten::arange.start_out(start, end, step, out)`.
fn arange_start_out(args: &mut Args) -> KResult {
    let start = args.scalar(0)?;
    let end = args.scalar(1)?;
    let step = if args.is_none(2) {
        Scalar::Int(1)
    } else {
        args.scalar(2)?
    };
    arange(args, start, end, step, 3)
}

/// The number of elements of `arange(start, end, step)` into a tensor of `dtype`, as
/// PyTorch computes it: `ceil((end - start) / step)` in double, or exactly in integers
/// when the output is int64 and all three are integers.
pub fn arange_len(start: Scalar, end: Scalar, step: Scalar, dtype: ScalarType) -> KResult<usize> {
    let (s, e, st) = (start.to_f64(), end.to_f64(), step.to_f64());
    if !(s.is_finite() && e.is_finite()) {
        return Err(invalid(format!("arange: unsupported range {s} to {e}")));
    }
    if st == 0.0 || st.is_nan() {
        return Err(invalid("arange: step must be nonzero"));
    }
    if (st > 0.0 && e < s) || (st < 0.0 && e > s) {
        return Err(invalid(
            "arange: upper bound and lower bound inconsistent with step sign",
        ));
    }
    let all_int = [start, end, step]
        .iter()
        .all(|v| matches!(v, Scalar::Int(_) | Scalar::Bool(_)));
    let len = if dtype == ScalarType::Long && all_int {
        let (s, e, st) = (
            start.to_i64() as i128,
            end.to_i64() as i128,
            step.to_i64() as i128,
        );
        let sgn = st.signum();
        ((e - s + st - sgn) / st) as f64
    } else {
        ((e - s) / st).ceil()
    };
    if !(0.0..=(u32::MAX as f64)).contains(&len) {
        return Err(invalid(format!("arange: invalid length {len}")));
    }
    Ok(len as usize)
}

/// Writes `start + i * step` for `i < len` into the out tensor at `out_idx` (resized to
/// `[len]`): computed in double for floating outputs and in int64 (with the bounds
/// truncated to integers) for integer outputs, as PyTorch's `arange`.
fn arange(args: &mut Args, start: Scalar, end: Scalar, step: Scalar, out_idx: usize) -> KResult {
    let dtype = args.tensor(out_idx)?.dtype;
    let len = arange_len(start, end, step, dtype)?;
    let out = args.out(out_idx, &[len])?;
    with_compute!(dtype, C, {
        let mut ob = OutBuf::<C>::new(&out);
        let o = ob.data();
        if C::IS_FLOAT {
            let (s, st) = (start.to_f64(), step.to_f64());
            for (i, o) in o.iter_mut().enumerate() {
                *o = C::from_f64(s + i as f64 * st);
            }
        } else {
            let (s, st) = (start.to_i64(), step.to_i64());
            for (i, o) in o.iter_mut().enumerate() {
                *o = C::from_i64(s.wrapping_add((i as i64).wrapping_mul(st)));
            }
        }
        ob.commit()
    })
}

/// `aten::empty.out(size, memory_format, out)`: resizes `out`; contents are unspecified.
fn empty_out(args: &mut Args) -> KResult {
    let sizes = sizes_arg(args, 0)?;
    args.out(2, &sizes)?;
    Ok(())
}

/// `dim_order_ops::_empty_dim_order.out(size, dim_order, out)`: as `empty.out`; the
/// out tensor carries the dim order.
fn empty_dim_order_out(args: &mut Args) -> KResult {
    let sizes = sizes_arg(args, 0)?;
    args.out(2, &sizes)?;
    Ok(())
}
