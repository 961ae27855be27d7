//! `aten::_softmax.out` and `aten::_log_softmax.out` along one dimension, numerically
//! stable (the maximum is subtracted before exponentiating), as PyTorch computes them.

use crate::args::Args;
use crate::elem::{self, Family, OutBuf};
use crate::ops::util::wrap_dim;
use crate::registry::{Registrar, FLOATS};
use crate::{invalid, KResult};

/// Registers this module's operators.
pub fn register(r: &mut Registrar) {
    r.add("aten::_softmax.out", FLOATS, |a| softmax(a, false));
    r.add("aten::_log_softmax.out", FLOATS, |a| softmax(a, true));
}

/// Generates the softmax of one compute type over `[outer, n, inner]` blocks.
macro_rules! softmax_impl {
    ($name:ident, $T:ty) => {
        fn $name(x: &[$T], o: &mut [$T], outer: usize, n: usize, inner: usize, log: bool) {
            if inner == 1 {
                for (xr, or) in x.chunks_exact(n).zip(o.chunks_exact_mut(n)).take(outer) {
                    let max = xr.iter().fold(<$T>::NEG_INFINITY, |m, &v| m.max(v));
                    let mut sum: $T = 0.0;
                    if log {
                        for &v in xr {
                            sum += (v - max).exp();
                        }
                        let ls = sum.ln();
                        for (o, &v) in or.iter_mut().zip(xr) {
                            *o = v - max - ls;
                        }
                    } else {
                        for (o, &v) in or.iter_mut().zip(xr) {
                            let e = (v - max).exp();
                            *o = e;
                            sum += e;
                        }
                        let inv = 1.0 / sum;
                        for o in or.iter_mut() {
                            *o *= inv;
                        }
                    }
                }
                return;
            }
            // Strided: reduce along `n` for `inner` columns at once.
            let mut max = vec![<$T>::NEG_INFINITY; inner];
            let mut sum = vec![0.0 as $T; inner];
            for b in 0..outer {
                let xb = &x[b * n * inner..(b + 1) * n * inner];
                let ob = &mut o[b * n * inner..(b + 1) * n * inner];
                max.fill(<$T>::NEG_INFINITY);
                sum.fill(0.0);
                for row in xb.chunks_exact(inner) {
                    for (m, &v) in max.iter_mut().zip(row) {
                        // NaN propagates into the maximum.
                        if v > *m || v.is_nan() {
                            *m = v;
                        }
                    }
                }
                for (orow, row) in ob.chunks_exact_mut(inner).zip(xb.chunks_exact(inner)) {
                    for ((o, &v), (&m, s)) in
                        orow.iter_mut().zip(row).zip(max.iter().zip(sum.iter_mut()))
                    {
                        let e = (v - m).exp();
                        *s += e;
                        if !log {
                            *o = e;
                        }
                    }
                }
                if log {
                    for s in sum.iter_mut() {
                        *s = s.ln();
                    }
                    for (orow, row) in ob.chunks_exact_mut(inner).zip(xb.chunks_exact(inner)) {
                        for ((o, &v), (&m, &s)) in
                            orow.iter_mut().zip(row).zip(max.iter().zip(sum.iter()))
                        {
                            *o = v - m - s;
                        }
                    }
                } else {
                    for s in sum.iter_mut() {
                        *s = 1.0 / *s;
                    }
                    for orow in ob.chunks_exact_mut(inner) {
                        for (o, &s) in orow.iter_mut().zip(sum.iter()) {
                            *o *= s;
                        }
                    }
                }
            }
        }
    };
}

softmax_impl!(softmax_f32, f32);
softmax_impl!(softmax_f64, f64);

/// `aten::_softmax.out(self, dim, half_to_float, *, out)` and
/// `aten::_log_softmax.out(...)`: `exp(x - max) / sum` (log: `x - max - log(sum)`)
/// along `dim`, computed in the output's float type.
fn softmax(args: &mut Args, log: bool) -> KResult {
    let x = args.tensor(0)?;
    let dim = wrap_dim(args.int(1)?, x.dim())?;
    let out = args.out(3, &x.sizes.clone())?;
    if !elem::is_float(x.dtype) {
        return Err(invalid(format!(
            "softmax needs a floating-point input, got {:?}",
            x.dtype
        )));
    }
    if x.numel == 0 {
        return Ok(());
    }
    let (outer, n, inner) = if x.dim() == 0 {
        (1, 1, 1)
    } else {
        (
            x.sizes[..dim].iter().product::<usize>(),
            x.sizes[dim],
            x.sizes[dim + 1..].iter().product::<usize>(),
        )
    };
    match elem::family(out.dtype) {
        Family::F64 => {
            let xv = elem::read::<f64>(&x)?;
            let mut ob = OutBuf::<f64>::new(&out);
            softmax_f64(&xv, ob.data(), outer, n, inner, log);
            ob.commit()
        }
        Family::F32 => {
            let xv = elem::read::<f32>(&x)?;
            let mut ob = OutBuf::<f32>::new(&out);
            softmax_f32(&xv, ob.data(), outer, n, inner, log);
            ob.commit()
        }
        Family::I64 => Err(invalid(format!(
            "softmax output must be floating point, got {:?}",
            out.dtype
        ))),
    }
}
