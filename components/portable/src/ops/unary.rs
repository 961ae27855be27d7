//! Elementwise unary operators, `.out` variants: `relu`; the integer-preserving `abs`,
//! `neg`, `sign`, `floor`, `ceil`, `round` (half to even), `trunc`; the float-valued math
//! functions (`exp`, `log`, `sqrt`, `sin`, `erf`, ... integer inputs give float results);
//! `frac`, `isnan`, `isinf`, `bitwise_not`; `clamp` (Scalar and Tensor bounds) and
//! `hardtanh`.
//!
//! Float math on f32 tensors is evaluated in f64 and rounded, which is at least as
//! accurate as PyTorch's own f32 kernels.

use crate::args::{Args, Scalar};
use crate::elem::{self, Compute, OutBuf};
use crate::ops::util::broadcast3;
use crate::ops::util::float::{erf, erfc, map_into, map_unary, try_f32_unary};
use crate::ops::util::num::{scalar_as, Num};
use crate::ops::util::simd::{Fn1, Lanes};
use crate::ops::util::write_bools;
use crate::ops::util::{broadcast_shape, promote_types, promote_with_scalar};
use crate::plugboard::runtime::types::ScalarType;
use crate::registry::INTS_AND_BOOL;
use crate::registry::{Registrar, REAL_AND_BOOL};
use crate::tensor::Tensor;
use crate::{invalid, with_compute, KResult};

/// Registers this module's operators.
pub fn register(r: &mut Registrar) {
    r.add("aten::relu.out", REAL_AND_BOOL, relu_out);
    r.add("aten::abs.out", REAL_AND_BOOL, |a| {
        int_keeping(a, IntOp::Abs)
    });
    r.add("aten::neg.out", REAL_AND_BOOL, |a| {
        int_keeping(a, IntOp::Neg)
    });
    r.add("aten::sign.out", REAL_AND_BOOL, |a| {
        int_keeping(a, IntOp::Sign)
    });
    r.add("aten::floor.out", REAL_AND_BOOL, |a| {
        int_keeping(a, IntOp::Floor)
    });
    r.add("aten::ceil.out", REAL_AND_BOOL, |a| {
        int_keeping(a, IntOp::Ceil)
    });
    r.add("aten::round.out", REAL_AND_BOOL, |a| {
        int_keeping(a, IntOp::Round)
    });
    r.add("aten::trunc.out", REAL_AND_BOOL, |a| {
        int_keeping(a, IntOp::Trunc)
    });
    r.add("aten::frac.out", REAL_AND_BOOL, frac_out);
    r.add("aten::exp.out", REAL_AND_BOOL, |a| float_unary(a, f64::exp));
    r.add("aten::expm1.out", REAL_AND_BOOL, |a| {
        float_unary(a, f64::exp_m1)
    });
    r.add("aten::log.out", REAL_AND_BOOL, |a| float_unary(a, f64::ln));
    r.add("aten::log1p.out", REAL_AND_BOOL, |a| {
        float_unary(a, f64::ln_1p)
    });
    r.add("aten::log2.out", REAL_AND_BOOL, |a| {
        float_unary(a, f64::log2)
    });
    r.add("aten::log10.out", REAL_AND_BOOL, |a| {
        float_unary(a, f64::log10)
    });
    r.add("aten::sqrt.out", REAL_AND_BOOL, |a| {
        float_unary(a, f64::sqrt)
    });
    r.add("aten::rsqrt.out", REAL_AND_BOOL, |a| {
        float_unary(a, |x| 1.0 / x.sqrt())
    });
    r.add("aten::reciprocal.out", REAL_AND_BOOL, |a| {
        float_unary(a, |x| 1.0 / x)
    });
    r.add("aten::sin.out", REAL_AND_BOOL, |a| float_unary(a, f64::sin));
    r.add("aten::cos.out", REAL_AND_BOOL, |a| float_unary(a, f64::cos));
    r.add("aten::tan.out", REAL_AND_BOOL, |a| float_unary(a, f64::tan));
    r.add("aten::asin.out", REAL_AND_BOOL, |a| {
        float_unary(a, f64::asin)
    });
    r.add("aten::acos.out", REAL_AND_BOOL, |a| {
        float_unary(a, f64::acos)
    });
    r.add("aten::atan.out", REAL_AND_BOOL, |a| {
        float_unary(a, f64::atan)
    });
    r.add("aten::sinh.out", REAL_AND_BOOL, |a| {
        float_unary(a, f64::sinh)
    });
    r.add("aten::cosh.out", REAL_AND_BOOL, |a| {
        float_unary(a, f64::cosh)
    });
    r.add("aten::asinh.out", REAL_AND_BOOL, |a| {
        float_unary(a, f64::asinh)
    });
    r.add("aten::acosh.out", REAL_AND_BOOL, |a| {
        float_unary(a, f64::acosh)
    });
    r.add("aten::atanh.out", REAL_AND_BOOL, |a| {
        float_unary(a, f64::atanh)
    });
    r.add("aten::erf.out", REAL_AND_BOOL, |a| float_unary(a, erf));
    r.add("aten::erfc.out", REAL_AND_BOOL, |a| float_unary(a, erfc));
    r.add("aten::isnan.out", REAL_AND_BOOL, |a| {
        float_test(a, |x: f64| x.is_nan())
    });
    r.add("aten::isinf.out", REAL_AND_BOOL, |a| {
        float_test(a, |x: f64| x.is_infinite())
    });
    r.add("aten::bitwise_not.out", INTS_AND_BOOL, bitwise_not_out);
    r.add("aten::clamp.out", REAL_AND_BOOL, clamp_out);
    r.add("aten::clamp.Tensor_out", REAL_AND_BOOL, clamp_tensor_out);
    r.add("aten::hardtanh.out", REAL_AND_BOOL, hardtanh_out);
}

fn float_unary(args: &mut Args, f: impl Fn(f64) -> f64) -> KResult {
    map_unary(args, 1, f)
}

/// SIMD forms of the simple f32 unary functions.
mod f32ops {
    use super::{Fn1, Lanes};

    #[derive(Clone, Copy)]
    pub struct Relu;
    impl Fn1 for Relu {
        #[inline(always)]
        fn call<V: Lanes>(self, x: V) -> V {
            // NaN propagates (max of NaN is NaN), as in PyTorch.
            x.max(V::splat(0.0))
        }
    }
    #[derive(Clone, Copy)]
    pub struct Abs;
    impl Fn1 for Abs {
        #[inline(always)]
        fn call<V: Lanes>(self, x: V) -> V {
            x.abs()
        }
    }
    #[derive(Clone, Copy)]
    pub struct Neg;
    impl Fn1 for Neg {
        #[inline(always)]
        fn call<V: Lanes>(self, x: V) -> V {
            x.neg()
        }
    }
    #[derive(Clone, Copy)]
    pub struct Floor;
    impl Fn1 for Floor {
        #[inline(always)]
        fn call<V: Lanes>(self, x: V) -> V {
            x.floor()
        }
    }
    #[derive(Clone, Copy)]
    pub struct Ceil;
    impl Fn1 for Ceil {
        #[inline(always)]
        fn call<V: Lanes>(self, x: V) -> V {
            x.ceil()
        }
    }
    #[derive(Clone, Copy)]
    pub struct Trunc;
    impl Fn1 for Trunc {
        #[inline(always)]
        fn call<V: Lanes>(self, x: V) -> V {
            x.trunc()
        }
    }
    #[derive(Clone, Copy)]
    pub struct Round;
    impl Fn1 for Round {
        #[inline(always)]
        fn call<V: Lanes>(self, x: V) -> V {
            x.round()
        }
    }
    /// `min(max(x, lo), hi)`, NaN-propagating.
    #[derive(Clone, Copy)]
    pub struct Clamp(pub f32, pub f32);
    impl Fn1 for Clamp {
        #[inline(always)]
        fn call<V: Lanes>(self, x: V) -> V {
            x.max(V::splat(self.0)).min(V::splat(self.1))
        }
    }
}

/// `aten::relu.out(self, out)`: `max(x, 0)`; NaN propagates; integer dtypes keep theirs.
fn relu_out(args: &mut Args) -> KResult {
    let a = args.tensor(0)?;
    let out = args.out(1, &a.sizes.clone())?;
    if a.dtype == ScalarType::Bool {
        return Err(invalid("relu is not supported for bool"));
    }
    if try_f32_unary(&a, &out, f32ops::Relu) {
        return Ok(());
    }
    with_compute!(a.dtype, C, {
        let zero = C::default();
        map_into::<C>(&a, &out, |x| if x < zero { zero } else { x })
    })
}

/// The unary ops that keep integer dtypes.
#[derive(Clone, Copy, PartialEq, Eq)]
enum IntOp {
    Abs,
    Neg,
    Sign,
    Floor,
    Ceil,
    Round,
    Trunc,
}

/// `abs`/`neg`/`sign`/`floor`/`ceil`/`round`/`trunc` `.out(self, out)`: computed in
/// `self`'s dtype (integers: abs and neg wrap, the roundings are the identity; `sign`
/// of NaN is 0 as in PyTorch; `round` is half to even).
fn int_keeping(args: &mut Args, op: IntOp) -> KResult {
    let a = args.tensor(0)?;
    let out = args.out(1, &a.sizes.clone())?;
    if a.dtype == ScalarType::Bool && op != IntOp::Sign {
        return Err(invalid("this operator is not supported for bool"));
    }
    let fast = match op {
        IntOp::Abs => try_f32_unary(&a, &out, f32ops::Abs),
        IntOp::Neg => try_f32_unary(&a, &out, f32ops::Neg),
        IntOp::Floor => try_f32_unary(&a, &out, f32ops::Floor),
        IntOp::Ceil => try_f32_unary(&a, &out, f32ops::Ceil),
        IntOp::Trunc => try_f32_unary(&a, &out, f32ops::Trunc),
        IntOp::Round => try_f32_unary(&a, &out, f32ops::Round),
        IntOp::Sign => false,
    };
    if fast {
        return Ok(());
    }
    let float = elem::is_float(a.dtype);
    with_compute!(a.dtype, C, {
        if float {
            match op {
                IntOp::Abs => map_into::<C>(&a, &out, |x| C::from_f64(x.to_f64().abs())),
                IntOp::Neg => map_into::<C>(&a, &out, |x| C::from_f64(-x.to_f64())),
                IntOp::Sign => map_into::<C>(&a, &out, |x| {
                    let v = x.to_f64();
                    C::from_f64(((v > 0.0) as i32 - (v < 0.0) as i32) as f64)
                }),
                IntOp::Floor => map_into::<C>(&a, &out, |x| C::from_f64(x.to_f64().floor())),
                IntOp::Ceil => map_into::<C>(&a, &out, |x| C::from_f64(x.to_f64().ceil())),
                IntOp::Round => {
                    map_into::<C>(&a, &out, |x| C::from_f64(x.to_f64().round_ties_even()))
                }
                IntOp::Trunc => map_into::<C>(&a, &out, |x| C::from_f64(x.to_f64().trunc())),
            }
        } else {
            match op {
                IntOp::Abs => map_into::<C>(&a, &out, |x| C::from_i64(x.to_i64().wrapping_abs())),
                IntOp::Neg => map_into::<C>(&a, &out, |x| C::from_i64(x.to_i64().wrapping_neg())),
                IntOp::Sign => map_into::<C>(&a, &out, |x| C::from_i64(x.to_i64().signum())),
                _ => map_into::<C>(&a, &out, |x| x),
            }
        }
    })
}

/// `aten::frac.out(self, out)`: `x - trunc(x)`; floats only, as in PyTorch.
fn frac_out(args: &mut Args) -> KResult {
    let a = args.tensor(0)?;
    if !elem::is_float(a.dtype) {
        return Err(invalid(format!("frac is not supported for {:?}", a.dtype)));
    }
    map_unary(args, 1, |x| x - x.trunc())
}

/// `isnan`/`isinf` `.out(self, out)`: bool results; integers are never NaN or infinite.
fn float_test(args: &mut Args, f: impl Fn(f64) -> bool) -> KResult {
    let a = args.tensor(0)?;
    let out = args.out(1, &a.sizes.clone())?;
    if !elem::is_float(a.dtype) {
        return write_bools(&out, |o| o.fill(0));
    }
    with_compute!(a.dtype, C, {
        let av = elem::read::<C>(&a)?;
        write_bools(&out, |o| {
            for (o, &x) in o.iter_mut().zip(av.iter()) {
                *o = f(x.to_f64()) as u8;
            }
        })
    })
}

/// `aten::bitwise_not.out(self, out)`: `!x` for integers, logical not for bool.
fn bitwise_not_out(args: &mut Args) -> KResult {
    let a = args.tensor(0)?;
    let out = args.out(1, &a.sizes.clone())?;
    if elem::is_float(a.dtype) {
        return Err(invalid(format!(
            "bitwise_not is only supported for integer and bool tensors, got {:?}",
            a.dtype
        )));
    }
    if a.dtype == ScalarType::Bool {
        map_into::<i64>(&a, &out, |x| (x == 0) as i64)
    } else {
        map_into::<i64>(&a, &out, |x| !x)
    }
}

/// `min(max(x, lo), hi)` with NaN propagating from any operand.
#[inline(always)]
fn clamp_val<C: Num>(x: C, lo: Option<C>, hi: Option<C>) -> C {
    let mut v = x;
    if let Some(l) = lo {
        v = v.maximum(l);
    }
    if let Some(h) = hi {
        v = v.minimum(h);
    }
    v
}

/// Clamps `a` into `out` with Scalar bounds, computing in `compute`.
fn clamp_scalars(
    a: &Tensor,
    out: &Tensor,
    compute: ScalarType,
    min: Option<Scalar>,
    max: Option<Scalar>,
) -> KResult<()> {
    if compute == ScalarType::Float {
        let lo = min.map_or(f32::NEG_INFINITY, |s| s.to_f64() as f32);
        let hi = max.map_or(f32::INFINITY, |s| s.to_f64() as f32);
        if try_f32_unary(a, out, f32ops::Clamp(lo, hi)) {
            return Ok(());
        }
    }
    with_compute!(compute, C, {
        let lo: Option<C> = min.map(|s| scalar_as(s, compute));
        let hi: Option<C> = max.map(|s| scalar_as(s, compute));
        map_into::<C>(a, out, |x| clamp_val(x, lo, hi))
    })
}

/// `aten::clamp.out(self, min: Scalar?, max: Scalar?, out)`: computes in the dtype
/// promoted from `self` and the bounds (an integer tensor with a float bound gives
/// float); NaN propagates; `min > max` gives `max` everywhere, as in PyTorch.
fn clamp_out(args: &mut Args) -> KResult {
    let a = args.tensor(0)?;
    let min = args.opt_scalar(1)?;
    let max = args.opt_scalar(2)?;
    if min.is_none() && max.is_none() {
        return Err(invalid("clamp: at least one of min and max must be given"));
    }
    let mut compute = a.dtype;
    for s in [min, max].into_iter().flatten() {
        compute = promote_with_scalar(compute, s);
    }
    if compute == ScalarType::Bool {
        return Err(invalid("clamp is not supported for bool"));
    }
    let out = args.out(3, &a.sizes.clone())?;
    clamp_scalars(&a, &out, compute, min, max)
}

/// `aten::hardtanh.out(self, min_val, max_val, out)`: clamp in `self`'s dtype;
/// `min_val > max_val` is an error, as in PyTorch.
fn hardtanh_out(args: &mut Args) -> KResult {
    let a = args.tensor(0)?;
    let min = if args.is_none(1) {
        Scalar::Int(-1)
    } else {
        args.scalar(1)?
    };
    let max = if args.is_none(2) {
        Scalar::Int(1)
    } else {
        args.scalar(2)?
    };
    if min.to_f64() > max.to_f64() {
        return Err(invalid("hardtanh: min_val cannot be greater than max_val"));
    }
    if a.dtype == ScalarType::Bool {
        return Err(invalid("hardtanh is not supported for bool"));
    }
    let out = args.out(3, &a.sizes.clone())?;
    clamp_scalars(&a, &out, a.dtype, Some(min), Some(max))
}

/// `aten::clamp.Tensor_out(self, min: Tensor?, max: Tensor?, out)`: the three tensors
/// broadcast together and promote to a common dtype; NaN propagates from any of them.
fn clamp_tensor_out(args: &mut Args) -> KResult {
    let a = args.tensor(0)?;
    let min = args.opt_tensor(1)?;
    let max = args.opt_tensor(2)?;
    if min.is_none() && max.is_none() {
        return Err(invalid("clamp: at least one of min and max must be given"));
    }
    let mut shape = a.sizes.to_vec();
    let mut compute = a.dtype;
    for t in [&min, &max].into_iter().flatten() {
        shape = broadcast_shape(&shape, &t.sizes)?;
        compute = promote_types(compute, t.dtype);
    }
    if compute == ScalarType::Bool {
        return Err(invalid("clamp is not supported for bool"));
    }
    let out = args.out(3, &shape)?;
    with_compute!(compute, C, {
        let av = elem::read::<C>(&a)?;
        let lo = min.as_ref().map(elem::read::<C>).transpose()?;
        let hi = max.as_ref().map(elem::read::<C>).transpose()?;
        let lo_sizes = min.as_ref().map_or(&[][..], |t| &t.sizes[..]);
        let hi_sizes = max.as_ref().map_or(&[][..], |t| &t.sizes[..]);
        let mut ob = OutBuf::<C>::new(&out);
        let o = ob.data();
        broadcast3(
            &out.sizes,
            &a.sizes,
            lo_sizes,
            hi_sizes,
            |oi, ia, il, ih| {
                let l = lo.as_ref().map(|v| v[il]);
                let h = hi.as_ref().map(|v| v[ih]);
                o[oi] = clamp_val(av[ia], l, h);
            },
        );
        ob.commit()
    })
}
