//! Elementwise binary arithmetic with broadcasting and PyTorch type promotion:
//! `add`, `sub`, `mul`, `div` (Tensor and Scalar overloads, `.out` variants).

use crate::args::{Args, Scalar};
use crate::elem::{self, Compute, OutBuf};
use crate::ops::util::{broadcast_shape, broadcast_strides, promote_types, promote_with_scalar};
use crate::plugboard::runtime::types::ScalarType;
use crate::registry::{Registrar, REAL_AND_BOOL};
use crate::tensor::Tensor;
use crate::{invalid, with_compute, KResult};

/// Registers this module's operators.
pub fn register(r: &mut Registrar) {
    r.add("aten::add.out", REAL_AND_BOOL, add_out);
    r.add("aten::add.Scalar_out", REAL_AND_BOOL, add_scalar_out);
    r.add("aten::sub.out", REAL_AND_BOOL, sub_out);
    r.add("aten::sub.Scalar_out", REAL_AND_BOOL, sub_scalar_out);
    r.add("aten::mul.out", REAL_AND_BOOL, mul_out);
    r.add("aten::mul.Scalar_out", REAL_AND_BOOL, mul_scalar_out);
    r.add("aten::div.out", REAL_AND_BOOL, div_out);
    r.add("aten::div.out_mode", REAL_AND_BOOL, div_out_mode);
    r.add("aten::div.Scalar_out", REAL_AND_BOOL, div_scalar_out);
    r.add(
        "aten::div.Scalar_mode_out",
        REAL_AND_BOOL,
        div_scalar_mode_out,
    );
}

/// Applies `f` elementwise to `a` and `b` (broadcast) and writes `out`, computing in `C`.
pub fn zip_broadcast<C: Compute>(
    a: &Tensor,
    b: &Tensor,
    out: &Tensor,
    f: impl Fn(C, C) -> C,
) -> KResult<()> {
    let av = elem::read::<C>(a)?;
    let bv = elem::read::<C>(b)?;
    let mut ob = OutBuf::<C>::new(out);
    let o = ob.data();
    if a.sizes == out.sizes && b.sizes == out.sizes {
        for ((o, &x), &y) in o.iter_mut().zip(av.iter()).zip(bv.iter()) {
            *o = f(x, y);
        }
    } else if b.numel == 1 && a.sizes == out.sizes {
        let y = bv[0];
        for (o, &x) in o.iter_mut().zip(av.iter()) {
            *o = f(x, y);
        }
    } else if a.numel == 1 && b.sizes == out.sizes {
        let x = av[0];
        for (o, &y) in o.iter_mut().zip(bv.iter()) {
            *o = f(x, y);
        }
    } else {
        let sa = broadcast_strides(&a.sizes, &out.sizes);
        let sb = broadcast_strides(&b.sizes, &out.sizes);
        broadcast_loop(&out.sizes, &sa, &sb, |oi, ia, ib| o[oi] = f(av[ia], bv[ib]));
    }
    ob.commit()
}

/// Walks every output index of `shape` (row-major) with the matching offsets of two
/// broadcast inputs, calling `f(out_index, a_offset, b_offset)`.
pub fn broadcast_loop(
    shape: &[usize],
    sa: &[usize],
    sb: &[usize],
    mut f: impl FnMut(usize, usize, usize),
) {
    let n: usize = shape.iter().product();
    if n == 0 {
        return;
    }
    let rank = shape.len();
    if rank == 0 {
        f(0, 0, 0);
        return;
    }
    let inner = shape[rank - 1];
    let (ia_s, ib_s) = (sa[rank - 1], sb[rank - 1]);
    let mut idx = vec![0usize; rank];
    let mut oi = 0;
    while oi < n {
        let mut base_a = 0;
        let mut base_b = 0;
        for d in 0..rank - 1 {
            base_a += idx[d] * sa[d];
            base_b += idx[d] * sb[d];
        }
        for k in 0..inner {
            f(oi + k, base_a + k * ia_s, base_b + k * ib_s);
        }
        oi += inner;
        for d in (0..rank - 1).rev() {
            idx[d] += 1;
            if idx[d] < shape[d] {
                break;
            }
            idx[d] = 0;
        }
    }
}

/// Which arithmetic operation.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Arith {
    Add,
    Sub,
    Mul,
    Div,
    DivTrunc,
    DivFloor,
}

fn apply<C: Compute>(op: Arith, alpha: f64, x: C, y: C) -> C {
    if C::IS_FLOAT {
        let (x, y) = (x.to_f64(), y.to_f64());
        C::from_f64(match op {
            Arith::Add => x + alpha * y,
            Arith::Sub => x - alpha * y,
            Arith::Mul => x * y,
            Arith::Div => x / y,
            Arith::DivTrunc => (x / y).trunc(),
            Arith::DivFloor => floor_div_f64(x, y),
        })
    } else {
        let (x, y, a) = (x.to_i64(), y.to_i64(), alpha as i64);
        C::from_i64(match op {
            Arith::Add => x.wrapping_add(a.wrapping_mul(y)),
            Arith::Sub => x.wrapping_sub(a.wrapping_mul(y)),
            Arith::Mul => x.wrapping_mul(y),
            // Integer true division never reaches here (promoted to float).
            Arith::Div | Arith::DivTrunc => x.checked_div(y).unwrap_or(0),
            Arith::DivFloor => floor_div_i64(x, y),
        })
    }
}

/// Python-style floor division of floats, as PyTorch's `div(..., rounding_mode='floor')`.
pub fn floor_div_f64(x: f64, y: f64) -> f64 {
    if y == 0.0 {
        return x / y;
    }
    let m = x % y;
    let mut d = (x - m) / y;
    if m != 0.0 && ((y < 0.0) != (m < 0.0)) {
        d -= 1.0;
    }
    if d == 0.0 {
        return 0.0f64.copysign(x / y);
    }
    let f = d.floor();
    if d - f > 0.5 {
        f + 1.0
    } else {
        f
    }
}

/// Floor division of integers (rounds toward negative infinity).
pub fn floor_div_i64(x: i64, y: i64) -> i64 {
    if y == 0 {
        return 0;
    }
    let q = x.wrapping_div(y);
    if (x % y != 0) && ((x < 0) != (y < 0)) {
        q - 1
    } else {
        q
    }
}

fn check_int_div_by_zero(b: &Tensor, op: Arith, common: ScalarType) -> KResult<()> {
    if elem::is_float(common) || !matches!(op, Arith::DivFloor | Arith::DivTrunc) {
        return Ok(());
    }
    let v = elem::read::<i64>(b)?;
    if v.contains(&0) {
        return Err(invalid("integer division by zero"));
    }
    Ok(())
}

fn arith_tensor(
    args: &mut Args,
    op: Arith,
    alpha_idx: Option<usize>,
    out_idx: usize,
) -> KResult<()> {
    let a = args.tensor(0)?;
    let b = args.tensor(1)?;
    let alpha = match alpha_idx {
        Some(i) => args.scalar(i)?,
        None => Scalar::Int(1),
    };
    let shape = broadcast_shape(&a.sizes, &b.sizes)?;
    let out = args.out(out_idx, &shape)?;
    let mut common = promote_types(a.dtype, b.dtype);
    if op == Arith::Div && !elem::is_float(common) {
        common = ScalarType::Float;
    }
    if alpha.is_float() && !elem::is_float(common) {
        return Err(invalid("alpha must not be a float for integer inputs"));
    }
    check_int_div_by_zero(&b, op, common)?;
    let alpha = alpha.to_f64();
    with_compute!(
        common,
        C,
        zip_broadcast::<C>(&a, &b, &out, |x, y| apply(op, alpha, x, y))
    )
}

fn arith_scalar(
    args: &mut Args,
    op: Arith,
    alpha_idx: Option<usize>,
    out_idx: usize,
) -> KResult<()> {
    let a = args.tensor(0)?;
    let s = args.scalar(1)?;
    let alpha = match alpha_idx {
        Some(i) => args.scalar(i)?.to_f64(),
        None => 1.0,
    };
    let out = args.out(out_idx, &a.sizes.clone())?;
    let mut common = promote_with_scalar(a.dtype, s);
    if op == Arith::Div && !elem::is_float(common) {
        common = ScalarType::Float;
    }
    if !elem::is_float(common) && matches!(op, Arith::DivFloor | Arith::DivTrunc) && s.to_i64() == 0
    {
        return Err(invalid("integer division by zero"));
    }
    with_compute!(common, C, {
        let y: C = if C::IS_FLOAT {
            C::from_f64(s.to_f64())
        } else {
            C::from_i64(s.to_i64())
        };
        let av = elem::read::<C>(&a)?;
        let mut ob = OutBuf::<C>::new(&out);
        for (o, &x) in ob.data().iter_mut().zip(av.iter()) {
            *o = apply(op, alpha, x, y);
        }
        ob.commit()
    })
}

fn rounding(mode: Option<&str>) -> KResult<Arith> {
    match mode {
        None => Ok(Arith::Div),
        Some("trunc") => Ok(Arith::DivTrunc),
        Some("floor") => Ok(Arith::DivFloor),
        Some(m) => Err(invalid(format!("unknown rounding mode `{m}`"))),
    }
}

fn add_out(a: &mut Args) -> KResult {
    arith_tensor(a, Arith::Add, Some(2), 3)
}
fn add_scalar_out(a: &mut Args) -> KResult {
    arith_scalar(a, Arith::Add, Some(2), 3)
}
fn sub_out(a: &mut Args) -> KResult {
    arith_tensor(a, Arith::Sub, Some(2), 3)
}
fn sub_scalar_out(a: &mut Args) -> KResult {
    arith_scalar(a, Arith::Sub, Some(2), 3)
}
fn mul_out(a: &mut Args) -> KResult {
    arith_tensor(a, Arith::Mul, None, 2)
}
fn mul_scalar_out(a: &mut Args) -> KResult {
    arith_scalar(a, Arith::Mul, None, 2)
}
fn div_out(a: &mut Args) -> KResult {
    arith_tensor(a, Arith::Div, None, 2)
}
fn div_out_mode(a: &mut Args) -> KResult {
    let op = rounding(a.opt_string(2)?)?;
    arith_tensor(a, op, None, 3)
}
fn div_scalar_out(a: &mut Args) -> KResult {
    arith_scalar(a, Arith::Div, None, 2)
}
fn div_scalar_mode_out(a: &mut Args) -> KResult {
    let op = rounding(a.opt_string(2)?)?;
    arith_scalar(a, op, None, 3)
}
