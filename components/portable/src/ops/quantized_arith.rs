//! ExecuTorch's quantized operators that compute on quantized values outside a
//! delegate (`kernels/quantized/cpu/op_add.cpp`, `op_mixed_linear.cpp`,
//! `op_mixed_mm.cpp`; facts, not code):
//!
//! - `quantized_decomposed::add.out(a, a_scale, a_zero_point, a_quant_min,
//!   a_quant_max, b, b_scale, ..., out_scale, out_zero_point, out_quant_min,
//!   out_quant_max, *, out)`: element by element, `a` and `b` dequantized (`f32(f64(q
//!   - zp) * f64(f32(scale)))`), added in float32 and quantized again
//!   (`clamp(zp + nearbyint(x * (1.0f / f32(scale))), qmin, qmax)`, half to even).
//!   `a`, `b` and `out` have one shape and one integer dtype; every quant range lies
//!   in `[0, 255]`.
//! - `quantized_decomposed::mixed_linear.out(input [m, n], weight [p, n] int8,
//!   weight_scales [p] or [p, groups], weight_zero_points None, dtype?, *, out [m,
//!   p])`: `out[i][j] = Σ_groups (Σ_{k in group} x[i][k] · w[j][k]) · s[j][group]`,
//!   groups of `ceil(n / groups)` inputs, the sums in order in the output's dtype.
//! - `quantized_decomposed::mixed_mm.out(input [m, n], weight [n, p] int8,
//!   weight_scales [n], weight_zero_points None, *, out [m, p])`: `out[i][j] = Σ_k
//!   x[i][k] · w[k][j] · s[k]`, in order.
//!
//! Float and Half inputs, scales and outputs; Half arithmetic rounds each operation
//! to half precision as ExecuTorch's `c10::Half` does (a float32 operation, then
//! rounded), so the results are the same bits. Zero points are not supported (nor
//! are they by ExecuTorch).

use crate::args::Args;
use crate::elem;
use crate::plugboard::runtime::types::ScalarType;
use crate::registry::Registrar;
use crate::tensor::Tensor;
use crate::{invalid, KResult};

/// Registers this module's operators.
pub fn register(r: &mut Registrar) {
    r.add(
        "quantized_decomposed::add.out",
        &[
            ScalarType::Byte,
            ScalarType::Char,
            ScalarType::Short,
            ScalarType::Int,
            ScalarType::Long,
        ],
        add,
    );
    const F: &[ScalarType] = &[ScalarType::Float, ScalarType::Half, ScalarType::Char];
    r.add("quantized_decomposed::mixed_linear.out", F, mixed_linear);
    r.add("quantized_decomposed::mixed_mm.out", F, mixed_mm);
}

/// `quantized_decomposed::add.out`.
fn add(a: &mut Args) -> KResult {
    let (x, y) = (a.tensor(0)?, a.tensor(5)?);
    let params = |at: usize| -> KResult<(f32, i64, i64, i64)> {
        let (s, zp, lo, hi) = (
            a.double(at)?,
            a.int(at + 1)?,
            a.int(at + 2)?,
            a.int(at + 3)?,
        );
        if !(0..=255).contains(&lo) || !(0..=255).contains(&hi) || lo > hi {
            return Err(invalid(format!(
                "quant range {lo}..={hi} must lie in 0..=255"
            )));
        }
        // ExecuTorch narrows the scales and zero points first.
        Ok((s as f32, i64::from(zp as i32), lo, hi))
    };
    let (pa, pb, po) = (params(1)?, params(6)?, params(10)?);
    if x.sizes != y.sizes || x.dtype != y.dtype || !elem::is_integral(x.dtype) {
        return Err(invalid(format!(
            "a and b must have one shape and integer dtype, got {:?} {:?} and {:?} {:?}",
            x.dtype, x.sizes, y.dtype, y.sizes
        )));
    }
    let out = a.out(14, &x.sizes)?;
    if out.dtype != x.dtype {
        return Err(invalid(format!(
            "out must be {:?}, got {:?}",
            x.dtype, out.dtype
        )));
    }
    let (qa, qb) = (elem::read::<i64>(&x)?, elem::read::<i64>(&y)?);
    let dequantize = |q: i64, (s, zp, ..): (f32, i64, i64, i64)| {
        (q.wrapping_sub(zp) as f64 * f64::from(s)) as f32
    };
    let inv = 1.0f32 / po.0;
    let q: Vec<i64> = qa
        .iter()
        .zip(qb.iter())
        .map(|(&u, &v)| {
            let sum = dequantize(u, pa) + dequantize(v, pb);
            // `zero_point + nearbyint(..)` is a float32 sum in ExecuTorch.
            ((po.1 as f32 + (inv * sum).round_ties_even()) as i64).clamp(po.2, po.3)
        })
        .collect();
    elem::write::<i64>(&out, &q)
}

/// Rounding to a dtype's precision: none for Float, to half for Half.
fn rounding(d: ScalarType) -> KResult<fn(f32) -> f32> {
    match d {
        ScalarType::Float => Ok(|v| v),
        ScalarType::Half => Ok(|v| elem::half_to_f32(elem::f32_to_f16(v))),
        other => Err(invalid(format!("expected Float or Half, got {other:?}"))),
    }
}

/// A rank-2 tensor's sizes.
fn matrix(t: &Tensor, what: &str) -> KResult<(usize, usize)> {
    match t.sizes[..] {
        [r, c] => Ok((r, c)),
        _ => Err(invalid(format!(
            "{what} must be 2-dimensional, got sizes {:?}",
            t.sizes
        ))),
    }
}

/// The int8 weight at argument 1 and the absent zero points at 3.
fn weight(a: &Args) -> KResult<Tensor> {
    let w = a.tensor(1)?;
    if w.dtype != ScalarType::Char {
        return Err(invalid(format!("weight must be int8, got {:?}", w.dtype)));
    }
    if a.opt_tensor(3)?.is_some() {
        return Err(invalid("weight zero points are not supported"));
    }
    Ok(w)
}

/// `quantized_decomposed::mixed_linear.out`.
fn mixed_linear(a: &mut Args) -> KResult {
    let (x, w, s) = (a.tensor(0)?, weight(a)?, a.tensor(2)?);
    let ((m, n), (p, wn)) = (matrix(&x, "input")?, matrix(&w, "weight")?);
    let groups = match s.sizes[..] {
        [sp] if sp == p => 1,
        [sp, g] if sp == p && g > 0 => g,
        _ => {
            return Err(invalid(format!(
                "weight_scales must be [{p}] or [{p}, groups], got {:?}",
                s.sizes
            )))
        }
    };
    if wn != n || s.dtype != x.dtype {
        return Err(invalid(format!(
            "input {:?} {:?}, weight {:?} and weight_scales {:?} do not match",
            x.dtype, x.sizes, w.sizes, s.dtype
        )));
    }
    let out = a.out(5, &[m, p])?;
    // `dtype` (a ScalarType code, ExecuTorch's numbering: the contract's order) must
    // name `out`'s dtype, Float or Half.
    if let Some(d) = a.opt_int(4)? {
        if d != out.dtype as i64 || !matches!(out.dtype, ScalarType::Float | ScalarType::Half) {
            return Err(invalid(format!(
                "dtype {d} must be out's dtype ({:?}), Float or Half",
                out.dtype
            )));
        }
    }
    let (ru, rt) = (rounding(x.dtype)?, rounding(out.dtype)?);
    let both_half = x.dtype == ScalarType::Half && out.dtype == ScalarType::Half;
    let (xs, ws, ss) = (
        elem::read::<f32>(&x)?,
        elem::read::<f32>(&w)?,
        elem::read::<f32>(&s)?,
    );
    let g = n.div_ceil(groups).max(1);
    let mut z = vec![0f32; m * p];
    for i in 0..m {
        for j in 0..p {
            let mut sum = 0f32;
            for (c, k) in (0..n).step_by(g).enumerate() {
                let mut psum = 0f32;
                for k2 in k..(k + g).min(n) {
                    psum = rt(psum + ru(xs[i * n + k2] * ws[j * n + k2]));
                }
                let scale = ss[j * groups + c];
                let t = if both_half {
                    ru(psum * scale)
                } else {
                    psum * scale
                };
                sum = rt(sum + t);
            }
            z[i * p + j] = sum;
        }
    }
    elem::write::<f32>(&out, &z)
}

/// `quantized_decomposed::mixed_mm.out`.
fn mixed_mm(a: &mut Args) -> KResult {
    let (x, w, s) = (a.tensor(0)?, weight(a)?, a.tensor(2)?);
    let ((m, n), (wn, p)) = (matrix(&x, "input")?, matrix(&w, "weight")?);
    if wn != n || s.sizes[..] != [n] || s.dtype != x.dtype {
        return Err(invalid(format!(
            "input {:?} {:?}, weight {:?} and weight_scales {:?} {:?} do not match",
            x.dtype, x.sizes, w.sizes, s.dtype, s.sizes
        )));
    }
    let out = a.out(4, &[m, p])?;
    if out.dtype != x.dtype {
        return Err(invalid(format!(
            "out must be {:?}, got {:?}",
            x.dtype, out.dtype
        )));
    }
    let r = rounding(x.dtype)?;
    let (xs, ws, ss) = (
        elem::read::<f32>(&x)?,
        elem::read::<f32>(&w)?,
        elem::read::<f32>(&s)?,
    );
    let mut z = vec![0f32; m * p];
    for i in 0..m {
        for j in 0..p {
            let mut sum = 0f32;
            for k in 0..n {
                sum = r(sum + r(r(xs[i * n + k] * ws[k * p + j]) * ss[k]));
            }
            z[i * p + j] = sum;
        }
    }
    elem::write::<f32>(&out, &z)
}
