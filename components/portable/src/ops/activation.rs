//! Activation functions, `.out` variants: `sigmoid`, `tanh`, `gelu` (`approximate`
//! `'none'` = erf form, `'tanh'`), `elu` (alpha, scale, input_scale), `leaky_relu`,
//! `hardswish`, `hardsigmoid`, `silu`, `softplus`, `glu` and `logit`, with PyTorch's
//! formulas. Integer inputs give float results (the out tensor's dtype decides).
//!
//! `float32` tensors take SIMD128 paths built on the approximations in [`math`]
//! (exp, sigmoid, tanh, erf/erfc), accurate to a few f32 ulp (well under 1e-6
//! absolute); other dtypes are evaluated in f64.

use crate::args::Args;
use crate::elem::{self, Compute, OutBuf};
use crate::ops::util::float::{erf, float_dtype, float_map, try_f32_unary};
use crate::ops::util::simd::{Fn1, Lanes};
use crate::ops::util::wrap_dim;
use crate::registry::{Registrar, REAL_AND_BOOL};
use crate::{invalid, with_compute, KResult};

/// Registers this module's operators.
pub fn register(r: &mut Registrar) {
    r.add("aten::sigmoid.out", REAL_AND_BOOL, sigmoid_out);
    r.add("aten::tanh.out", REAL_AND_BOOL, tanh_out);
    r.add("aten::gelu.out", REAL_AND_BOOL, gelu_out);
    r.add("aten::elu.out", REAL_AND_BOOL, elu_out);
    r.add("aten::leaky_relu.out", REAL_AND_BOOL, leaky_relu_out);
    r.add("aten::hardswish.out", REAL_AND_BOOL, hardswish_out);
    r.add("aten::hardsigmoid.out", REAL_AND_BOOL, hardsigmoid_out);
    r.add("aten::silu.out", REAL_AND_BOOL, silu_out);
    r.add("aten::softplus.out", REAL_AND_BOOL, softplus_out);
    r.add("aten::glu.out", REAL_AND_BOOL, glu_out);
    r.add("aten::logit.out", REAL_AND_BOOL, logit_out);
}

/// f32 approximations written once over [`Lanes`] (scalar f32 or four SIMD lanes).
pub mod math {
    use crate::ops::util::simd::Lanes;

    const LOG2E: f32 = std::f32::consts::LOG2_E;
    // ln 2 split so that n * LN2_HI is exact for |n| <= 128.
    const LN2_HI: f32 = 0.693_359_4;
    const LN2_LO: f32 = -2.121_944_4e-4;

    /// `e^x`, within ~2 ulp; inputs are clamped to `[-87.3, 88]` (results stay finite
    /// and normal), NaN propagates.
    #[inline(always)]
    pub fn exp<V: Lanes>(x: V) -> V {
        let x = x.max(V::splat(-87.336_54)).min(V::splat(88.0));
        let n = x.mul(V::splat(LOG2E)).round();
        let r = n.madd(V::splat(-LN2_HI), x);
        let r = n.madd(V::splat(-LN2_LO), r);
        // Taylor series of e^r to r^7 for |r| <= ln2/2 (truncation error < 6e-9).
        let mut p = V::splat(1.0 / 5040.0);
        p = p.madd(r, V::splat(1.0 / 720.0));
        p = p.madd(r, V::splat(1.0 / 120.0));
        p = p.madd(r, V::splat(1.0 / 24.0));
        p = p.madd(r, V::splat(1.0 / 6.0));
        p = p.madd(r, V::splat(0.5));
        p = p.madd(r, V::splat(1.0));
        p = p.madd(r, V::splat(1.0));
        p.mul(V::pow2i(n))
    }

    /// `1 / (1 + e^-x)`.
    #[inline(always)]
    pub fn sigmoid<V: Lanes>(x: V) -> V {
        let one = V::splat(1.0);
        one.div(one.add(exp(x.neg())))
    }

    // tanh(x)/x as a polynomial in x^2 on [0, 0.625] (least-squares fit, relative error
    // ~1e-7 after f32 rounding).
    const TANH_SMALL: [f32; 6] = [
        1.0,
        -0.333_332_75,
        0.133_314_77,
        -0.053_748_98,
        0.020_680_519,
        -0.005_759_456_7,
    ];

    /// `tanh(x)`: a polynomial for `|x| < 0.625`, `1 - 2 / (e^(2|x|) + 1)` above.
    #[inline(always)]
    pub fn tanh<V: Lanes>(x: V) -> V {
        let ax = x.abs();
        let u = x.mul(x);
        let mut p = V::splat(TANH_SMALL[5]);
        for &c in TANH_SMALL[..5].iter().rev() {
            p = p.madd(u, V::splat(c));
        }
        let small = x.mul(p);
        let one = V::splat(1.0);
        let e = exp(ax.add(ax));
        let big = one.sub(V::splat(2.0).div(e.add(one)));
        let big = V::select(x.lt(V::splat(0.0)), big.neg(), big);
        V::select(ax.lt(V::splat(0.625)), small, big)
    }

    // erf(z)/z as a polynomial in z^2 on [0, 1] (the fitted constant term is close to,
    // but not exactly, 2/sqrt(pi)).
    #[allow(clippy::approx_constant)]
    const ERF_SMALL: [f32; 7] = [
        1.128_379_1,
        -0.376_126_3,
        0.112_836_22,
        -0.026_855_508,
        0.005_191_832_3,
        -0.000_804_336_4,
        7.971_017e-5,
    ];
    // erfc(z) * e^(z^2) as a polynomial in 1/z on [1, 4].
    const ERFC_LARGE: [f32; 9] = [
        2.445_134e-4,
        0.559_475,
        0.038_927_708,
        -0.459_463_78,
        0.467_789_38,
        -0.198_654_31,
        -0.015_037_804,
        0.047_818_743,
        -0.013_516_002,
    ];

    /// `(erf(z), erfc(z))` for `z >= 0`, each within ~1e-7 absolute (erfc also with
    /// small relative error for large `z`).
    #[inline(always)]
    pub fn erf_erfc<V: Lanes>(z: V) -> (V, V) {
        let one = V::splat(1.0);
        let u = z.mul(z);
        let mut p = V::splat(ERF_SMALL[6]);
        for &c in ERF_SMALL[..6].iter().rev() {
            p = p.madd(u, V::splat(c));
        }
        let e_small = z.mul(p);
        let t = one.div(z.max(one).min(V::splat(4.0)));
        let mut q = V::splat(ERFC_LARGE[8]);
        for &c in ERFC_LARGE[..8].iter().rev() {
            q = q.madd(t, V::splat(c));
        }
        let c_large = exp(u.neg()).mul(q);
        let small = z.lt(one);
        let e = V::select(small, e_small, one.sub(c_large));
        let c = V::select(small, one.sub(e_small), c_large);
        (e, c)
    }

    /// `erf(x)` for any sign.
    #[inline(always)]
    pub fn erf<V: Lanes>(x: V) -> V {
        let (e, _) = erf_erfc(x.abs());
        V::select(x.lt(V::splat(0.0)), e.neg(), e)
    }

    /// GELU, erf form: `x/2 * (1 + erf(x/√2))`; the negative side uses erfc directly
    /// to avoid cancellation.
    #[inline(always)]
    pub fn gelu<V: Lanes>(x: V) -> V {
        let z = x.abs().mul(V::splat(std::f32::consts::FRAC_1_SQRT_2));
        let (e, c) = erf_erfc(z);
        let w = V::select(x.ge(V::splat(0.0)), V::splat(1.0).add(e), c);
        x.mul(V::splat(0.5)).mul(w)
    }

    /// GELU, tanh form: `x/2 * (1 + tanh(√(2/π) (x + 0.044715 x³)))`.
    #[inline(always)]
    pub fn gelu_tanh<V: Lanes>(x: V) -> V {
        let beta = V::splat(std::f32::consts::FRAC_2_SQRT_PI * std::f32::consts::FRAC_1_SQRT_2);
        let x3 = x.mul(x).mul(x);
        let inner = beta.mul(x3.madd(V::splat(0.044715), x));
        V::splat(0.5).mul(x).mul(V::splat(1.0).add(tanh(inner)))
    }
}

/// The f32 activations as lane functions.
mod f32ops {
    use super::math;
    use super::{Fn1, Lanes};

    #[derive(Clone, Copy)]
    pub struct Sigmoid;
    impl Fn1 for Sigmoid {
        #[inline(always)]
        fn call<V: Lanes>(self, x: V) -> V {
            math::sigmoid(x)
        }
    }
    #[derive(Clone, Copy)]
    pub struct Tanh;
    impl Fn1 for Tanh {
        #[inline(always)]
        fn call<V: Lanes>(self, x: V) -> V {
            math::tanh(x)
        }
    }
    #[derive(Clone, Copy)]
    pub struct Gelu;
    impl Fn1 for Gelu {
        #[inline(always)]
        fn call<V: Lanes>(self, x: V) -> V {
            math::gelu(x)
        }
    }
    #[derive(Clone, Copy)]
    pub struct GeluTanh;
    impl Fn1 for GeluTanh {
        #[inline(always)]
        fn call<V: Lanes>(self, x: V) -> V {
            math::gelu_tanh(x)
        }
    }
    #[derive(Clone, Copy)]
    pub struct Silu;
    impl Fn1 for Silu {
        #[inline(always)]
        fn call<V: Lanes>(self, x: V) -> V {
            x.mul(math::sigmoid(x))
        }
    }
    /// `x > 0 ? x : x * slope`.
    #[derive(Clone, Copy)]
    pub struct LeakyRelu(pub f32);
    impl Fn1 for LeakyRelu {
        #[inline(always)]
        fn call<V: Lanes>(self, x: V) -> V {
            V::select(x.gt(V::splat(0.0)), x, x.mul(V::splat(self.0)))
        }
    }
    /// `min(max(x + 3, 0), 6) / 6`.
    #[derive(Clone, Copy)]
    pub struct Hardsigmoid;
    impl Fn1 for Hardsigmoid {
        #[inline(always)]
        fn call<V: Lanes>(self, x: V) -> V {
            let r = x.add(V::splat(3.0)).max(V::splat(0.0)).min(V::splat(6.0));
            r.div(V::splat(6.0))
        }
    }
    /// `x * min(max(x + 3, 0), 6) / 6`.
    #[derive(Clone, Copy)]
    pub struct Hardswish;
    impl Fn1 for Hardswish {
        #[inline(always)]
        fn call<V: Lanes>(self, x: V) -> V {
            let r = x.add(V::splat(3.0)).max(V::splat(0.0)).min(V::splat(6.0));
            x.mul(r).div(V::splat(6.0))
        }
    }
}

fn sigmoid_f64(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// Reads `self` (argument 0), resizes the out tensor at `out_idx` to its sizes and
/// runs the f32 SIMD form `fast` when it applies, else `slow` in f64.
fn activation<F: Fn1>(
    args: &mut Args,
    out_idx: usize,
    fast: F,
    slow: impl Fn(f64) -> f64,
) -> KResult<()> {
    let a = args.tensor(0)?;
    let out = args.out(out_idx, &a.sizes.clone())?;
    if try_f32_unary(&a, &out, fast) {
        return Ok(());
    }
    float_map(&a, &out, slow)
}

/// `aten::sigmoid.out(self, out)`.
fn sigmoid_out(args: &mut Args) -> KResult {
    activation(args, 1, f32ops::Sigmoid, sigmoid_f64)
}

/// `aten::tanh.out(self, out)`.
fn tanh_out(args: &mut Args) -> KResult {
    activation(args, 1, f32ops::Tanh, f64::tanh)
}

/// GELU in f64, erf form.
fn gelu_f64(x: f64) -> f64 {
    0.5 * x * (1.0 + erf(x * std::f64::consts::FRAC_1_SQRT_2))
}

/// GELU in f64, tanh form.
fn gelu_tanh_f64(x: f64) -> f64 {
    let beta = std::f64::consts::FRAC_2_SQRT_PI * std::f64::consts::FRAC_1_SQRT_2;
    0.5 * x * (1.0 + (beta * (x + 0.044715 * x * x * x)).tanh())
}

/// `aten::gelu.out(self, approximate, out)`: `approximate` is `'none'` (erf) or `'tanh'`.
fn gelu_out(args: &mut Args) -> KResult {
    let mode = args.opt_string(1)?.unwrap_or("none").to_string();
    match mode.as_str() {
        "none" => activation(args, 2, f32ops::Gelu, gelu_f64),
        "tanh" => activation(args, 2, f32ops::GeluTanh, gelu_tanh_f64),
        m => Err(invalid(format!("gelu: unknown approximate `{m}`"))),
    }
}

/// A float parameter rounded to the compute dtype of `self`, as PyTorch casts an
/// activation's Scalar parameters.
fn param(args: &Args, i: usize, default: f64) -> KResult<f64> {
    let v = if args.is_none(i) {
        default
    } else {
        args.scalar(i)?.to_f64()
    };
    let a = args.tensor(0)?;
    Ok(
        if float_dtype(a.dtype) == crate::plugboard::runtime::types::ScalarType::Double {
            v
        } else {
            v as f32 as f64
        },
    )
}

/// `aten::elu.out(self, alpha, scale, input_scale, out)`:
/// `x > 0 ? x * scale : (e^(x * input_scale) - 1) * alpha * scale`.
fn elu_out(args: &mut Args) -> KResult {
    let alpha = param(args, 1, 1.0)?;
    let scale = param(args, 2, 1.0)?;
    let input_scale = param(args, 3, 1.0)?;
    let a = args.tensor(0)?;
    let out = args.out(4, &a.sizes.clone())?;
    let neg = alpha * scale;
    float_map(&a, &out, |x| {
        if x > 0.0 {
            x * scale
        } else {
            (x * input_scale).exp_m1() * neg
        }
    })
}

/// `aten::leaky_relu.out(self, negative_slope, out)`: `x > 0 ? x : x * slope`.
fn leaky_relu_out(args: &mut Args) -> KResult {
    let slope = param(args, 1, 0.01)?;
    activation(args, 2, f32ops::LeakyRelu(slope as f32), |x| {
        if x > 0.0 {
            x
        } else {
            x * slope
        }
    })
}

/// `aten::hardswish.out(self, out)`: `x * clamp(x + 3, 0, 6) / 6`.
fn hardswish_out(args: &mut Args) -> KResult {
    activation(args, 1, f32ops::Hardswish, |x| {
        x * (x + 3.0).clamp(0.0, 6.0) / 6.0
    })
}

/// `aten::hardsigmoid.out(self, out)`: `clamp(x + 3, 0, 6) / 6`.
fn hardsigmoid_out(args: &mut Args) -> KResult {
    activation(args, 1, f32ops::Hardsigmoid, |x| {
        (x + 3.0).clamp(0.0, 6.0) / 6.0
    })
}

/// `aten::silu.out(self, out)`: `x * sigmoid(x)`.
fn silu_out(args: &mut Args) -> KResult {
    activation(args, 1, f32ops::Silu, |x| x * sigmoid_f64(x))
}

/// `aten::softplus.out(self, beta, threshold, out)`:
/// `x * beta > threshold ? x : log1p(e^(x * beta)) / beta`.
fn softplus_out(args: &mut Args) -> KResult {
    let beta = param(args, 1, 1.0)?;
    let threshold = param(args, 2, 20.0)?;
    let a = args.tensor(0)?;
    let out = args.out(3, &a.sizes.clone())?;
    float_map(&a, &out, |x| {
        if x * beta > threshold {
            x
        } else {
            (x * beta).exp().ln_1p() / beta
        }
    })
}

/// `aten::logit.out(self, eps, out)`: `log(z / (1 - z))` with `z = clamp(x, eps, 1 - eps)`
/// when `eps` is given.
fn logit_out(args: &mut Args) -> KResult {
    let eps = args.opt_double(1)?;
    let a = args.tensor(0)?;
    let out = args.out(2, &a.sizes.clone())?;
    float_map(&a, &out, |x| {
        let z = match eps {
            Some(e) => {
                if x < e {
                    e
                } else if x > 1.0 - e {
                    1.0 - e
                } else {
                    x
                }
            }
            None => x,
        };
        (z / (1.0 - z)).ln()
    })
}

/// `aten::glu.out(self, dim, out)`: splits `self` in halves `a`, `b` along `dim` (its
/// size must be even) and gives `a * sigmoid(b)`.
fn glu_out(args: &mut Args) -> KResult {
    let a = args.tensor(0)?;
    let dim = if args.is_none(1) { -1 } else { args.int(1)? };
    if a.dim() == 0 {
        return Err(invalid("glu does not support 0-dimensional tensors"));
    }
    let d = wrap_dim(dim, a.dim())?;
    let size = a.sizes[d];
    if size % 2 != 0 {
        return Err(invalid(format!(
            "glu: halving dimension {d} of size {size} which is not even"
        )));
    }
    let half = size / 2;
    let mut out_sizes = a.sizes.clone();
    out_sizes[d] = half;
    let out = args.out(2, &out_sizes)?;
    let outer: usize = a.sizes[..d].iter().product();
    let inner: usize = a.sizes[d + 1..].iter().product();
    let compute = float_dtype(a.dtype);
    if !elem::is_float(a.dtype) {
        return Err(invalid(format!("glu is not supported for {:?}", a.dtype)));
    }
    with_compute!(compute, C, {
        let av = elem::read::<C>(&a)?;
        let mut ob = OutBuf::<C>::new(&out);
        let o = ob.data();
        let mut k = 0;
        for p in 0..outer {
            let base = p * size * inner;
            for j in 0..half * inner {
                let x = av[base + j].to_f64();
                let g = av[base + half * inner + j].to_f64();
                o[k] = C::from_f64(x * sigmoid_f64(g));
                k += 1;
            }
        }
        ob.commit()
    })
}

#[cfg(test)]
mod tests {
    use super::math;

    fn check(name: &str, f: impl Fn(f32) -> f32, r: impl Fn(f64) -> f64, lo: f32, hi: f32) {
        let n = 200_000;
        let mut worst = 0f64;
        for i in 0..=n {
            let x = lo + (hi - lo) * i as f32 / n as f32;
            let want = r(x as f64);
            let e = (f(x) as f64 - want).abs() / want.abs().max(1.0);
            worst = worst.max(e);
        }
        println!("{name}: max error {worst:.3e}");
        assert!(worst < 5e-7, "{name}: max abs error {worst}");
    }

    #[test]
    fn accuracy() {
        check(
            "sigmoid",
            math::sigmoid::<f32>,
            |x| 1.0 / (1.0 + (-x).exp()),
            -30.0,
            30.0,
        );
        check("tanh", math::tanh::<f32>, f64::tanh, -12.0, 12.0);
        check("erf", math::erf::<f32>, super::erf, -6.0, 6.0);
        check("gelu", math::gelu::<f32>, super::gelu_f64, -12.0, 12.0);
        check(
            "gelu_tanh",
            math::gelu_tanh::<f32>,
            super::gelu_tanh_f64,
            -12.0,
            12.0,
        );
        check(
            "exp",
            |x| math::exp::<f32>(x) / x.exp(),
            |_| 1.0,
            -80.0,
            80.0,
        );
        assert!(math::tanh::<f32>(f32::NAN).is_nan());
        assert!(math::sigmoid::<f32>(f32::NAN).is_nan());
        assert!(math::sigmoid::<f32>(-1000.0) < 1e-37);
        assert_eq!(math::sigmoid::<f32>(1000.0), 1.0);
    }
}
