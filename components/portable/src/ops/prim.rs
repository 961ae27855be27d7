//! ExecuTorch's prim ops on scalars (`executorch_prim::*`, `aten::sym_*`), which compute
//! symbolic sizes and scalars between kernels.

use crate::args::{Args, Scalar};
use crate::ops::util::wrap_dim;
use crate::registry::Registrar;
use crate::{invalid, KResult};

/// Registers this module's operators.
pub fn register(r: &mut Registrar) {
    r.add("aten::sym_size.int", &[], sym_size);
    r.add("aten::sym_numel", &[], sym_numel);
    r.add("aten::sym_stride.int", &[], sym_stride);
    r.add("aten::sym_storage_offset", &[], sym_storage_offset);
    r.add(
        "aten::_local_scalar_dense",
        crate::registry::REAL_AND_BOOL,
        local_scalar_dense,
    );
    r.add("executorch_prim::add.Scalar", &[], |a| {
        scalar_bin(a, |x, y| x.checked_add(y), |x, y| x + y)
    });
    r.add("executorch_prim::sub.Scalar", &[], |a| {
        scalar_bin(a, |x, y| x.checked_sub(y), |x, y| x - y)
    });
    r.add("executorch_prim::mul.Scalar", &[], |a| {
        scalar_bin(a, |x, y| x.checked_mul(y), |x, y| x * y)
    });
    r.add("executorch_prim::floordiv.Scalar", &[], floordiv);
    r.add("executorch_prim::truediv.Scalar", &[], truediv);
    r.add("executorch_prim::mod.Scalar", &[], modulo);
    r.add("executorch_prim::mod.int", &[], modulo);
    r.add("executorch_prim::neg.Scalar", &[], neg);
    r.add("executorch_prim::sym_float.Scalar", &[], sym_float);
    r.add("executorch_prim::eq.Scalar", &[], |a| {
        compare(a, |o| o == std::cmp::Ordering::Equal)
    });
    r.add("executorch_prim::gt.Scalar", &[], |a| {
        compare(a, |o| o == std::cmp::Ordering::Greater)
    });
    r.add("executorch_prim::lt.Scalar", &[], |a| {
        compare(a, |o| o == std::cmp::Ordering::Less)
    });
    r.add("executorch_prim::ge.Scalar", &[], |a| {
        compare(a, |o| o != std::cmp::Ordering::Less)
    });
    r.add("executorch_prim::le.Scalar", &[], |a| {
        compare(a, |o| o != std::cmp::Ordering::Greater)
    });
    r.add("executorch_prim::floordiv.int", &[], floordiv);
    r.add("executorch_prim::sym_max.Scalar", &[], |a| {
        sym_max_min(a, true)
    });
    r.add("executorch_prim::sym_min.Scalar", &[], |a| {
        sym_max_min(a, false)
    });
    r.add("executorch_prim::sym_not.Scalar", &[], sym_not);
    r.add("executorch_prim::sym_ite.Scalar", &[], sym_ite);
    r.add("executorch_prim::sym_int.Scalar", &[], |a| {
        to_int(a, "sym_int", f64::trunc)
    });
    r.add("executorch_prim::trunc.Scalar", &[], |a| {
        to_int(a, "trunc", f64::trunc)
    });
    r.add("executorch_prim::ceil.Scalar", &[], |a| {
        to_int(a, "ceil", f64::ceil)
    });
    r.add("executorch_prim::round.Scalar", &[], |a| {
        to_int(a, "round", f64::round_ties_even)
    });
    r.add("executorch_prim::et_copy_index.tensor", &[], |_| {
        Err(invalid("et_copy_index is not supported yet"))
    });
    r.add(
        "executorch_prim::et_view.default",
        crate::registry::ALL_DTYPES,
        et_view,
    );
}

fn sym_size(a: &mut Args) -> KResult {
    let t = a.tensor(0)?;
    let d = wrap_dim(a.int(1)?, t.dim())?;
    let v = t.sizes[d] as i64;
    a.set_int(2, v);
    Ok(())
}

fn sym_numel(a: &mut Args) -> KResult {
    let t = a.tensor(0)?;
    let v = t.numel as i64;
    a.set_int(1, v);
    Ok(())
}

fn sym_stride(a: &mut Args) -> KResult {
    let t = a.tensor(0)?;
    let d = wrap_dim(a.int(1)?, t.dim())?;
    let v = t.strides()[d] as i64;
    a.set_int(2, v);
    Ok(())
}

fn sym_storage_offset(a: &mut Args) -> KResult {
    a.set_int(1, 0);
    Ok(())
}

/// `aten::_local_scalar_dense(Tensor self) -> Scalar`: the value of a one-element
/// tensor as a scalar: an int for integer dtypes, a float for floating ones, a bool for
/// `Bool` (as ExecuTorch's kernel returns it; language-model exports read the start
/// position tensor this way).
fn local_scalar_dense(a: &mut Args) -> KResult {
    let t = a.tensor(0)?;
    if t.numel != 1 {
        return Err(invalid(format!(
            "_local_scalar_dense needs one element, the tensor has {} (sizes {:?})",
            t.numel, t.sizes
        )));
    }
    let s = if t.dtype == crate::plugboard::runtime::types::ScalarType::Bool {
        Scalar::Bool(crate::elem::read::<i64>(&t)?[0] != 0)
    } else if crate::elem::is_float(t.dtype) {
        Scalar::Double(crate::elem::read::<f64>(&t)?[0])
    } else {
        Scalar::Int(crate::elem::read::<i64>(&t)?[0])
    };
    set_scalar(a, 1, s);
    Ok(())
}

fn set_scalar(a: &mut Args, i: usize, s: Scalar) {
    match s {
        Scalar::Int(v) => a.set_int(i, v),
        Scalar::Double(v) => a.set_double(i, v),
        Scalar::Bool(v) => a.set_bool(i, v),
    }
}

fn scalar_bin(
    a: &mut Args,
    int_op: fn(i64, i64) -> Option<i64>,
    float_op: fn(f64, f64) -> f64,
) -> KResult {
    let (x, y) = (a.scalar(0)?, a.scalar(1)?);
    let r = if x.is_float() || y.is_float() {
        Scalar::Double(float_op(x.to_f64(), y.to_f64()))
    } else {
        Scalar::Int(int_op(x.to_i64(), y.to_i64()).ok_or_else(|| invalid("integer overflow"))?)
    };
    set_scalar(a, 2, r);
    Ok(())
}

/// `floordiv.Scalar(Scalar a, Scalar b) -> Scalar` and `floordiv.int(int a, int b) ->
/// int`: Python's `a // b`, rounding toward negative infinity (ExecuTorch's
/// `floordiv.int` truncates toward zero; sizes are non-negative, where the two agree).
/// An integer division by zero is `invalid-argument`.
fn floordiv(a: &mut Args) -> KResult {
    let (x, y) = (a.scalar(0)?, a.scalar(1)?);
    let r = if x.is_float() || y.is_float() {
        Scalar::Double((x.to_f64() / y.to_f64()).floor())
    } else {
        let (x, y) = (x.to_i64(), y.to_i64());
        if y == 0 {
            return Err(invalid("integer division by zero"));
        }
        Scalar::Int(crate::ops::util::num::floor_div_i64(x, y))
    };
    set_scalar(a, 2, r);
    Ok(())
}

/// `sym_max.Scalar(Scalar a, Scalar b) -> Scalar` / `sym_min.Scalar`: the larger
/// (smaller) of two scalars; an int when both are ints (bools count as ints), else a
/// float. A NaN operand gives NaN.
fn sym_max_min(a: &mut Args, max: bool) -> KResult {
    let (x, y) = (a.scalar(0)?, a.scalar(1)?);
    let r = if x.is_float() || y.is_float() {
        let (x, y) = (x.to_f64(), y.to_f64());
        Scalar::Double(if x.is_nan() || y.is_nan() {
            f64::NAN
        } else if max {
            x.max(y)
        } else {
            x.min(y)
        })
    } else {
        let (x, y) = (x.to_i64(), y.to_i64());
        Scalar::Int(if max { x.max(y) } else { x.min(y) })
    };
    set_scalar(a, 2, r);
    Ok(())
}

/// `sym_not.Scalar(Scalar a) -> bool`: `not a` (a non-zero number is true).
fn sym_not(a: &mut Args) -> KResult {
    let x = a.scalar(0)?;
    a.set_bool(1, x.to_f64() == 0.0);
    Ok(())
}

/// `sym_ite.Scalar(bool cond, Scalar then, Scalar else) -> Scalar`: `then` if `cond`,
/// else `else`, unchanged in kind.
fn sym_ite(a: &mut Args) -> KResult {
    let cond = a.bool(0)?;
    let r = a.scalar(if cond { 1 } else { 2 })?;
    set_scalar(a, 3, r);
    Ok(())
}

/// `sym_int.Scalar`, `trunc.Scalar`, `ceil.Scalar`, `round.Scalar` (`(Scalar a) ->
/// Scalar`): the int Python's `int`, `math.trunc`, `math.ceil` and `round` give (`f`
/// rounds a float; `round` takes ties to even). An int or bool passes through as an
/// int; an infinite or NaN float, or one outside the int64 range, is
/// `invalid-argument` (Python's `OverflowError` / `ValueError`).
fn to_int(a: &mut Args, name: &str, f: fn(f64) -> f64) -> KResult {
    let r = match a.scalar(0)? {
        Scalar::Double(v) => {
            let v = f(v);
            // 2^63 is exact in f64; every finite value in [-2^63, 2^63) fits.
            const TWO_63: f64 = 9_223_372_036_854_775_808.0;
            if !v.is_finite() || !(-TWO_63..TWO_63).contains(&v) {
                return Err(invalid(format!("{name}: cannot convert {v} to an int")));
            }
            v as i64
        }
        other => other.to_i64(),
    };
    a.set_int(1, r);
    Ok(())
}

fn truediv(a: &mut Args) -> KResult {
    let (x, y) = (a.scalar(0)?, a.scalar(1)?);
    a.set_double(2, x.to_f64() / y.to_f64());
    Ok(())
}

fn modulo(a: &mut Args) -> KResult {
    let (x, y) = (a.scalar(0)?, a.scalar(1)?);
    let r = if x.is_float() || y.is_float() {
        let (x, y) = (x.to_f64(), y.to_f64());
        let m = x % y;
        Scalar::Double(if m != 0.0 && ((m < 0.0) != (y < 0.0)) {
            m + y
        } else {
            m
        })
    } else {
        let (x, y) = (x.to_i64(), y.to_i64());
        if y == 0 {
            return Err(invalid("integer modulo by zero"));
        }
        Scalar::Int(x.rem_euclid(y) + if y < 0 && x.rem_euclid(y) != 0 { y } else { 0 })
    };
    set_scalar(a, 2, r);
    Ok(())
}

fn neg(a: &mut Args) -> KResult {
    let x = a.scalar(0)?;
    let r = match x {
        Scalar::Double(v) => Scalar::Double(-v),
        other => Scalar::Int(other.to_i64().wrapping_neg()),
    };
    set_scalar(a, 1, r);
    Ok(())
}

fn sym_float(a: &mut Args) -> KResult {
    let x = a.scalar(0)?.to_f64();
    a.set_double(1, x);
    Ok(())
}

fn compare(a: &mut Args, pred: fn(std::cmp::Ordering) -> bool) -> KResult {
    let (x, y) = (a.scalar(0)?, a.scalar(1)?);
    let ord = if x.is_float() || y.is_float() {
        x.to_f64().partial_cmp(&y.to_f64())
    } else {
        Some(x.to_i64().cmp(&y.to_i64()))
    };
    a.set_bool(2, ord.is_some_and(pred));
    Ok(())
}

/// `executorch_prim::et_view.default(self, size, out)`: `self` seen with new sizes (one
/// may be -1). ExecuTorch points `out` at `self`'s memory; here every tensor has its own
/// host-planned place, so the elements are copied (views are never written through in
/// the graphs ExecuTorch emits).
fn et_view(a: &mut Args) -> KResult {
    let src = a.tensor(0)?;
    let sizes = crate::ops::util::copy::infer_size(&a.int_list(1)?, src.numel)?;
    let out = a.out(2, &sizes)?;
    if out.dtype != src.dtype {
        return Err(invalid(format!(
            "et_view: out is {:?}, self is {:?}",
            out.dtype, src.dtype
        )));
    }
    crate::ops::util::copy::copy_logical(&src, &out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::exports::plugboard::runtime::kernels::KernelUpdate;
    use crate::Evalue;

    /// Runs `f` on `args` (the output slot last, as the program passes it) and gives
    /// the one update it makes.
    fn run(f: fn(&mut Args) -> KResult, args: Vec<Evalue>) -> KernelUpdate {
        let mut a = Args::new(args).expect("args");
        f(&mut a).expect("runs");
        let mut u = a.into_updates();
        assert_eq!(u.len(), 1, "one output");
        u.remove(0)
    }

    fn int(f: fn(&mut Args) -> KResult, args: Vec<Evalue>) -> i64 {
        match run(f, args) {
            KernelUpdate::Int((_, v)) => v,
            other => panic!("{other:?}"),
        }
    }

    fn double(f: fn(&mut Args) -> KResult, args: Vec<Evalue>) -> f64 {
        match run(f, args) {
            KernelUpdate::Double((_, v)) => v,
            other => panic!("{other:?}"),
        }
    }

    use Evalue::{Bool as B, Double as D, Int as I};

    /// Python's answers (`-7 // 2`, `math.ceil(2.1)`, `round(2.5)`, ...).
    #[test]
    fn symbolic_scalar_ops_follow_python() {
        assert_eq!(int(floordiv, vec![I(-7), I(2), I(0)]), -4);
        assert_eq!(int(floordiv, vec![I(7), I(-2), I(0)]), -4);
        assert_eq!(int(floordiv, vec![I(12), I(4), I(0)]), 3);
        assert_eq!(double(floordiv, vec![D(7.5), I(2), I(0)]), 3.0);
        let mut a = Args::new(vec![I(1), I(0), I(0)]).expect("args");
        assert!(floordiv(&mut a).is_err(), "integer division by zero");

        let max = |a: &mut Args| sym_max_min(a, true);
        let min = |a: &mut Args| sym_max_min(a, false);
        assert_eq!(int(max, vec![I(3), I(5), I(0)]), 5);
        assert_eq!(int(min, vec![I(3), I(5), I(0)]), 3);
        assert_eq!(double(max, vec![I(3), D(5.5), I(0)]), 5.5);
        assert!(double(min, vec![D(f64::NAN), I(1), I(0)]).is_nan());

        assert!(matches!(
            run(sym_not, vec![I(0), B(false)]),
            KernelUpdate::Bool((_, true))
        ));
        assert!(matches!(
            run(sym_not, vec![D(2.0), B(false)]),
            KernelUpdate::Bool((_, false))
        ));
        assert_eq!(int(sym_ite, vec![B(true), I(4), I(9), I(0)]), 4);
        assert_eq!(int(sym_ite, vec![B(false), I(4), I(9), I(0)]), 9);

        let trunc = |a: &mut Args| to_int(a, "trunc", f64::trunc);
        let ceil = |a: &mut Args| to_int(a, "ceil", f64::ceil);
        let round = |a: &mut Args| to_int(a, "round", f64::round_ties_even);
        assert_eq!(int(trunc, vec![D(-2.7), I(0)]), -2);
        assert_eq!(int(ceil, vec![D(2.1), I(0)]), 3);
        assert_eq!(int(ceil, vec![D(-2.1), I(0)]), -2);
        assert_eq!(int(round, vec![D(2.5), I(0)]), 2);
        assert_eq!(int(round, vec![D(3.5), I(0)]), 4);
        assert_eq!(int(round, vec![I(7), I(0)]), 7);
        let mut a = Args::new(vec![D(f64::INFINITY), I(0)]).expect("args");
        assert!(ceil(&mut a).is_err(), "math.ceil(inf) is an OverflowError");
    }
}
