//! Element-wise kernels: binary operations with numpy broadcasting, unary operations,
//! softmax, and the output clamp every node can carry.

use crate::graph::{Activation, BinaryOp, UnaryOp};
pub use plugboard_compute::activation::{fused_mul_add, hardswish, sigmoid, silu};
#[cfg(target_arch = "wasm32")]
use plugboard_compute::activation::{
    EXP2_K_OVER_32, SIG_C1, SIG_LOG2E, SIG_MINUS_LN2_HI, SIG_MINUS_LN2_LO,
};

/// The output clamp `[min, max]`, NaN-preserving (comparisons with NaN are false).
#[inline(always)]
pub fn clamp(v: f32, min: f32, max: f32) -> f32 {
    if v < min {
        min
    } else if v > max {
        max
    } else {
        v
    }
}

/// [`hardswish`] of every element of `x` into `out`. On wasm32, four lanes at a time:
/// on the fused `f32x4.relaxed_madd` where it fuses, else each pair of lanes widened to f64, the same round-to-odd sum as
/// [`fused_mul_add`] done with `f64x2` / `i64x2` operations, narrowed back.
pub fn hardswish_slice(x: &[f32], out: &mut [f32]) {
    let n = x.len().min(out.len());
    #[cfg(target_arch = "wasm32")]
    let done = {
        let done = n - n % 4;
        // SAFETY: `i + 4 <= done <= n` for every load and store below.
        unsafe { hardswish_simd(&x[..done], &mut out[..done]) };
        done
    };
    #[cfg(not(target_arch = "wasm32"))]
    let done = 0;
    for (o, &v) in out[done..n].iter_mut().zip(&x[done..n]) {
        *o = hardswish(v);
    }
}

#[cfg(target_arch = "wasm32")]
#[inline(always)]
unsafe fn fma_sixth_half_f64x2(x: core::arch::wasm32::v128) -> core::arch::wasm32::v128 {
    use core::arch::wasm32::*;
    let p = f64x2_mul(x, f64x2_splat((1.0f32 / 6.0) as f64));
    let c = f64x2_splat(0.5);
    let s = f64x2_add(p, c);
    let bv = f64x2_sub(s, p);
    let err = f64x2_add(f64x2_sub(p, f64x2_sub(s, bv)), f64x2_sub(c, bv));
    // Inexact and even: step one ulp toward the error (away from zero when the error
    // has the sum's sign), which lands on the odd neighbour.
    let inexact = f64x2_ne(err, f64x2_splat(0.0));
    let even = i64x2_eq(v128_and(s, i64x2_splat(1)), i64x2_splat(0));
    let nonzero = f64x2_ne(s, f64x2_splat(0.0));
    let same_sign = i64x2_ge(v128_xor(s, err), i64x2_splat(0));
    let step = v128_bitselect(i64x2_splat(1), i64x2_splat(-1), same_sign);
    let adjust = v128_and(step, v128_and(inexact, v128_and(even, nonzero)));
    i64x2_add(s, adjust)
}

/// Whether wasm's `f32x4.relaxed_madd` rounds once on this engine (it does where the
/// host CPU has FMA: x86-64 with FMA3, every aarch64). Where it does, the kernels that
/// must match XNNPACK's fused steps use it; elsewhere they fall back to the exact f64
/// emulation.
#[cfg(target_arch = "wasm32")]
#[inline]
pub fn relaxed_madd_fuses() -> bool {
    use core::arch::wasm32::*;
    // (1 + 2^-12)^2 - (1 + 2^-11) is 2^-24 exactly; rounding the product first gives 0.
    let a = f32x4_splat(core::hint::black_box(1.0 + 2048.0 * f32::EPSILON));
    let c = f32x4_splat(core::hint::black_box(-(1.0 + 4096.0 * f32::EPSILON)));
    f32x4_extract_lane::<0>(f32x4_relaxed_madd(a, a, c)) != 0.0
}

#[cfg(target_arch = "wasm32")]
unsafe fn hardswish_simd(x: &[f32], out: &mut [f32]) {
    use core::arch::wasm32::*;
    let (zero, one) = (f32x4_splat(0.0), f32x4_splat(1.0));
    let mut i = 0;
    if relaxed_madd_fuses() {
        let (sixth, half) = (f32x4_splat(1.0 / 6.0), f32x4_splat(0.5));
        while i + 4 <= x.len() {
            let v = v128_load(x.as_ptr().add(i) as *const v128);
            let t = f32x4_relaxed_madd(v, sixth, half);
            let t = f32x4_min(f32x4_max(t, zero), one);
            v128_store(out.as_mut_ptr().add(i) as *mut v128, f32x4_mul(t, v));
            i += 4;
        }
        return;
    }
    while i + 4 <= x.len() {
        let v = v128_load(x.as_ptr().add(i) as *const v128);
        let lo = fma_sixth_half_f64x2(f64x2_promote_low_f32x4(v));
        let hi = fma_sixth_half_f64x2(f64x2_promote_low_f32x4(i32x4_shuffle::<2, 3, 0, 1>(v, v)));
        let t =
            i32x4_shuffle::<0, 1, 4, 5>(f32x4_demote_f64x2_zero(lo), f32x4_demote_f64x2_zero(hi));
        let t = f32x4_min(f32x4_max(t, zero), one);
        v128_store(out.as_mut_ptr().add(i) as *mut v128, f32x4_mul(t, v));
        i += 4;
    }
}

/// `out[i] = scalar(x[i])` for every element of `x`: on wasm32, where `simd_ok` holds,
/// four lanes at a time with `lanes` (an `unsafe fn(v128) -> v128` computing the same
/// function), the tail and everything elsewhere with `scalar`.
///
/// The vector loop takes four vectors per iteration. Under epoch checks Cranelift
/// keeps values carried across a loop header (here the polynomials' constants, which it
/// hoists out of the loop) in stack slots, reloading and storing each of them on every
/// iteration; with more vectors per iteration that traffic is paid once for all of
/// them.
macro_rules! map_lanes {
    ($x:expr, $out:expr, $simd_ok:expr, $lanes:path, $scalar:expr) => {{
        let (x, out): (&[f32], &mut [f32]) = ($x, $out);
        let n = x.len().min(out.len());
        #[cfg(target_arch = "wasm32")]
        let done = if $simd_ok {
            use core::arch::wasm32::{v128, v128_load, v128_store};
            let mut i = 0;
            while i + 16 <= n {
                // SAFETY: `i + 16 <= n` for the four loads and stores.
                unsafe {
                    let p = x.as_ptr().add(i) as *const v128;
                    let (a, b, c, d) = (
                        v128_load(p),
                        v128_load(p.add(1)),
                        v128_load(p.add(2)),
                        v128_load(p.add(3)),
                    );
                    let (a, b, c, d) = ($lanes(a), $lanes(b), $lanes(c), $lanes(d));
                    let q = out.as_mut_ptr().add(i) as *mut v128;
                    v128_store(q, a);
                    v128_store(q.add(1), b);
                    v128_store(q.add(2), c);
                    v128_store(q.add(3), d);
                }
                i += 16;
            }
            while i + 4 <= n {
                // SAFETY: `i + 4 <= n` for the load and the store.
                unsafe {
                    let v = v128_load(x.as_ptr().add(i) as *const v128);
                    v128_store(out.as_mut_ptr().add(i) as *mut v128, $lanes(v));
                }
                i += 4;
            }
            i
        } else {
            0
        };
        #[cfg(not(target_arch = "wasm32"))]
        let done = 0;
        let scalar = $scalar;
        for (o, &v) in out[done..n].iter_mut().zip(&x[done..n]) {
            *o = scalar(v);
        }
    }};
}

/// [`sigmoid`] of every element of `x` into `out`. On wasm32, four lanes at a time,
/// the fused steps on `f32x4.relaxed_madd`, where that fuses (see
/// [`relaxed_madd_fuses`]); elsewhere one at a time, the fused steps emulated exactly
/// by [`fused_mul_add`].
pub fn sigmoid_slice(x: &[f32], out: &mut [f32]) {
    map_lanes!(x, out, relaxed_madd_fuses(), sigmoid_f32x4, sigmoid);
}

/// `x * sigmoid(x)` of every element of `x` into `out`, each product rounded once from
/// [`sigmoid`]'s f32 result (a `Sigmoid` then a `Multiply`, in one pass).
pub fn silu_slice(x: &[f32], out: &mut [f32]) {
    map_lanes!(x, out, relaxed_madd_fuses(), silu_f32x4, silu);
}

/// `exp(z)` of four lanes with `z <= 0`, as [`sigmoid`] computes it (flushed to zero
/// below f32's smallest normal); the fused steps on `f32x4.relaxed_madd`.
#[cfg(target_arch = "wasm32")]
#[inline(always)]
unsafe fn exp_nonpositive_f32x4(z: core::arch::wasm32::v128) -> core::arch::wasm32::v128 {
    use core::arch::wasm32::*;
    let magic = f32x4_splat(393216.0); // 1.5 * 2^18: its ulp is 1/32
    let nm = f32x4_relaxed_madd(z, f32x4_splat(SIG_LOG2E), magic);
    let idx = v128_and(nm, i32x4_splat(31));
    let t = EXP2_K_OVER_32.as_ptr();
    let l = f32x4(
        *t.add(i32x4_extract_lane::<0>(idx) as usize),
        *t.add(i32x4_extract_lane::<1>(idx) as usize),
        *t.add(i32x4_extract_lane::<2>(idx) as usize),
        *t.add(i32x4_extract_lane::<3>(idx) as usize),
    );
    let n = f32x4_sub(nm, magic);
    let t = f32x4_relaxed_madd(n, f32x4_splat(SIG_MINUS_LN2_HI), z);
    let t = f32x4_relaxed_madd(n, f32x4_splat(SIG_MINUS_LN2_LO), t);
    let p = f32x4_relaxed_madd(t, f32x4_splat(0.5), f32x4_splat(SIG_C1));
    let t = f32x4_mul(t, l);
    let p = f32x4_relaxed_madd(t, p, l);
    // e = p * 2^floor(n); below 2^-126 it is flushed to zero, as in [`sigmoid`].
    // floor(n) = k >> 5, where k = n * 32 is `nm`'s bits less the magic bias's (the
    // binade [2^18, 2^19) holds every `nm` that is not flushed below).
    let m = i32x4_shr(i32x4_sub(nm, f32x4_splat(393216.0)), 5);
    let under = i32x4_lt(m, i32x4_splat(-126));
    let m = i32x4_max(m, i32x4_splat(-126));
    let e = f32x4_mul(p, i32x4_shl(i32x4_add(m, i32x4_splat(127)), 23));
    let tiny = f32x4_lt(f32x4_abs(e), f32x4_splat(f32::MIN_POSITIVE));
    v128_andnot(e, v128_or(tiny, under))
}

/// [`sigmoid`] of four lanes, with the fused steps on `f32x4.relaxed_madd` (only
/// where [`relaxed_madd_fuses`]).
#[cfg(target_arch = "wasm32")]
#[inline(always)]
unsafe fn sigmoid_f32x4(x: core::arch::wasm32::v128) -> core::arch::wasm32::v128 {
    use core::arch::wasm32::*;
    let one = f32x4_splat(1.0);
    let e = exp_nonpositive_f32x4(v128_or(x, f32x4_splat(-0.0)));
    let f = f32x4_div(e, f32x4_add(e, one));
    v128_bitselect(f, f32x4_sub(one, f), i32x4_lt(x, i32x4_splat(0)))
}

/// `x * sigmoid(x)` of four lanes ([`sigmoid_f32x4`], then one rounded product).
#[cfg(target_arch = "wasm32")]
#[inline(always)]
unsafe fn silu_f32x4(x: core::arch::wasm32::v128) -> core::arch::wasm32::v128 {
    core::arch::wasm32::f32x4_mul(x, sigmoid_f32x4(x))
}

/// GELU (erf form, `x/2 * (1 + erf(x/sqrt 2))`) of four lanes, with Abramowitz and
/// Stegun's 7.1.28 `erfc(a) = 1 / (1 + a1 a + ... + a6 a^6)^16` (absolute error
/// below 3e-7; in f32 the GELU is within 1e-6 of the exact value over [-10, 10]):
/// `x * (1 - erfc/2)` for `x >= 0` and `x/2 * erfc` below, so the negative side never
/// cancels. A polynomial, one division and four squarings: no `exp`, whose table
/// lookups cost four lane extracts and inserts per vector in wasm (7.1.26 with an
/// `exp` took twice as long on tiny BERT's GELUs).
#[cfg(target_arch = "wasm32")]
#[inline(always)]
unsafe fn gelu_f32x4(x: core::arch::wasm32::v128) -> core::arch::wasm32::v128 {
    use core::arch::wasm32::*;
    const A: [f32; 6] = [
        0.070_523_08,
        0.042_282_01,
        0.009_270_527,
        0.000_152_014_3,
        0.000_276_567_2,
        0.000_043_063_8,
    ];
    let one = f32x4_splat(1.0);
    let a = f32x4_mul(f32x4_abs(x), f32x4_splat(std::f32::consts::FRAC_1_SQRT_2));
    let mut p = f32x4_splat(A[5]);
    for c in [A[4], A[3], A[2], A[1], A[0], 1.0] {
        p = f32x4_add(f32x4_mul(p, a), f32x4_splat(c));
    }
    let mut r = f32x4_div(one, p);
    for _ in 0..4 {
        r = f32x4_mul(r, r);
    }
    let half_erfc = f32x4_mul(r, f32x4_splat(0.5));
    let pos = f32x4_mul(x, f32x4_sub(one, half_erfc));
    let neg = f32x4_mul(x, half_erfc);
    v128_bitselect(neg, pos, i32x4_lt(x, i32x4_splat(0)))
}

/// `exp(z)` of four lanes with `z <= 0` (NaN stays NaN; below `ln(2^-126)` it is
/// flushed to zero) without a table: `2^n * p(r)` with `n = round(z / ln 2)`,
/// `r = z - n ln 2` in two parts, and `p` the degree-6 Taylor polynomial of `exp` on
/// `|r| <= ln(2)/2` (truncation below 1.3e-7 relative), `2^n` built in the exponent
/// bits.
/// Within 3 ulp of the exact value. Only plain products and sums, so the bits do not
/// depend on whether the engine fuses `relaxed_madd`.
///
/// For the fp32 operators whose outputs are compared within a tolerance (`Tanh`,
/// `Softmax`); [`exp_nonpositive_f32x4`] with its 32-entry table stays the `exp` of
/// [`sigmoid_f32x4`], which reproduces XNNPACK's bits. Its table lookups cost four
/// lane extracts and four lane inserts per vector in wasm: tiny GPT-2's two `Tanh`
/// nodes over 4096 values took 12 us each with it.
#[cfg(target_arch = "wasm32")]
#[inline(always)]
unsafe fn exp_poly_nonpositive_f32x4(z: core::arch::wasm32::v128) -> core::arch::wasm32::v128 {
    use core::arch::wasm32::*;
    const MAGIC: f32 = 12_582_912.0; // 1.5 * 2^23: its ulp is 1
    const LN2_HI: f32 = 0.693_145_75;
    const LN2_LO: f32 = 1.428_606_8e-6;
    let magic = f32x4_splat(MAGIC);
    let nm = f32x4_add(f32x4_mul(z, f32x4_splat(std::f32::consts::LOG2_E)), magic);
    let n = f32x4_sub(nm, magic);
    let r = f32x4_sub(z, f32x4_mul(n, f32x4_splat(LN2_HI)));
    let r = f32x4_sub(r, f32x4_mul(n, f32x4_splat(LN2_LO)));
    let mut p = f32x4_splat(1.0 / 720.0);
    for c in [1.0 / 120.0, 1.0 / 24.0, 1.0 / 6.0, 0.5, 1.0, 1.0] {
        p = f32x4_add(f32x4_mul(p, r), f32x4_splat(c));
    }
    // `nm`'s low mantissa bits hold n (in [-126, 0] where z is not flushed).
    let ni = i32x4_sub(nm, f32x4_splat(MAGIC));
    let ni = i32x4_max(ni, i32x4_splat(-126));
    let e = f32x4_mul(p, i32x4_shl(i32x4_add(ni, i32x4_splat(127)), 23));
    v128_andnot(e, f32x4_lt(z, f32x4_splat(-87.336_54)))
}

/// `tanh` of four lanes: `x P(x^2) / Q(x^2)` with `x` clamped to [-9, 9], degree 4
/// polynomials `P` and `Q` (a rational fit of relative error 2.6e-8 on [0, 9], made by
/// `tools/fit_tanh.py`; within 3.7e-7 of the exact value once evaluated in f32 over
/// [-10, 10]), the result clamped to [-1, 1]. NaN stays NaN (`pmin`/`pmax` keep their
/// first operand). Eight multiply-adds and one division: the form with an `exp` and a
/// short series below |x| = 1/16 took half again as many operations, and was 5% of
/// tiny GPT-2's time (its GELU is a tanh).
#[cfg(target_arch = "wasm32")]
#[inline(always)]
unsafe fn tanh_f32x4(x: core::arch::wasm32::v128) -> core::arch::wasm32::v128 {
    use core::arch::wasm32::*;
    const P: [f32; 5] = [
        1.0,
        0.133_842_38,
        0.003_499_278,
        2.066_457_8e-5,
        1.342_112e-8,
    ];
    const Q: [f32; 5] = [
        1.0,
        0.467_175_6,
        0.025_891_345,
        3.291_447_4e-4,
        7.806_001e-7,
    ];
    let x = f32x4_pmin(f32x4_pmax(x, f32x4_splat(-9.0)), f32x4_splat(9.0));
    let t = f32x4_mul(x, x);
    let horner = |c: [f32; 5]| {
        let mut v = f32x4_splat(c[4]);
        for &k in c[..4].iter().rev() {
            v = f32x4_add(f32x4_mul(v, t), f32x4_splat(k));
        }
        v
    };
    let r = f32x4_div(f32x4_mul(x, horner(P)), horner(Q));
    f32x4_pmin(f32x4_pmax(r, f32x4_splat(-1.0)), f32x4_splat(1.0))
}

/// `tanh` of every element of `x` into `out`: on wasm32 four lanes at a time
/// ([`tanh_f32x4`]), elsewhere and for the tail with `f32::tanh`.
pub fn tanh_slice(x: &[f32], out: &mut [f32]) {
    map_lanes!(x, out, true, tanh_f32x4, f32::tanh);
}

/// GELU (erf form) of every element of `x` into `out`: on wasm32 four lanes at a time
/// ([`gelu_f32x4`], within 1e-6 of the exact value for |x| < 8), elsewhere and for
/// the tail in f64 with [`erf`].
pub fn gelu_slice(x: &[f32], out: &mut [f32]) {
    map_lanes!(x, out, true, gelu_f32x4, |v: f32| {
        let v = v as f64;
        (0.5 * v * (1.0 + erf(v * std::f64::consts::FRAC_1_SQRT_2))) as f32
    });
}

/// Clamps `out` in place (nothing to do for the full range).
pub fn clamp_slice(out: &mut [f32], min: f32, max: f32) {
    if min == f32::NEG_INFINITY && max == f32::INFINITY {
        return;
    }
    for v in out {
        *v = clamp(*v, min, max);
    }
}

/// How two inputs broadcast to an output: the output's dims with size-1 dims dropped
/// and neighbours that broadcast alike merged, and for each input whether it varies
/// along each of those dims.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Broadcast {
    dims: Vec<usize>,
    a_real: Vec<bool>,
    b_real: Vec<bool>,
}

/// Numpy broadcast of two shapes, or `None` if they do not broadcast.
pub fn broadcast_shape(a: &[usize], b: &[usize]) -> Option<Vec<usize>> {
    let r = a.len().max(b.len());
    let mut out = vec![0; r];
    for (d, o) in out.iter_mut().enumerate() {
        let da = if d + a.len() >= r {
            a[d + a.len() - r]
        } else {
            1
        };
        let db = if d + b.len() >= r {
            b[d + b.len() - r]
        } else {
            1
        };
        *o = if da == db || db == 1 {
            da
        } else if da == 1 {
            db
        } else {
            return None;
        };
    }
    Some(out)
}

impl Broadcast {
    /// The element count when both inputs have the output's shape (one row, neither
    /// input broadcast).
    pub fn one_row(&self) -> Option<usize> {
        match (
            self.dims.as_slice(),
            self.a_real.as_slice(),
            self.b_real.as_slice(),
        ) {
            ([n], [true], [true]) => Some(*n),
            _ => None,
        }
    }

    /// The plan for inputs of dims `a` and `b` broadcast to `out`
    /// (`out == broadcast_shape(a, b)`).
    pub fn new(a: &[usize], b: &[usize], out: &[usize]) -> Broadcast {
        let r = out.len();
        let mut dims: Vec<usize> = Vec::new();
        let mut a_real: Vec<bool> = Vec::new();
        let mut b_real: Vec<bool> = Vec::new();
        for (d, &o) in out.iter().enumerate() {
            if o == 1 {
                continue;
            }
            let da = if d + a.len() >= r {
                a[d + a.len() - r]
            } else {
                1
            };
            let db = if d + b.len() >= r {
                b[d + b.len() - r]
            } else {
                1
            };
            let (ra, rb) = (da != 1, db != 1);
            if let (Some(&la), Some(&lb)) = (a_real.last(), b_real.last()) {
                if let Some(last) = dims.last_mut().filter(|_| la == ra && lb == rb) {
                    *last *= o;
                    continue;
                }
            }
            dims.push(o);
            a_real.push(ra);
            b_real.push(rb);
        }
        Broadcast {
            dims,
            a_real,
            b_real,
        }
    }

    /// Number of output elements.
    pub fn numel(&self) -> usize {
        self.dims.iter().product()
    }
}

/// The element types of [`RowOp`] rows (f32 and int8): one value splat across a
/// SIMD vector on wasm32.
pub trait RowElem: Copy {
    /// `v` in every lane.
    #[cfg(target_arch = "wasm32")]
    fn splat(v: Self) -> core::arch::wasm32::v128;
}

impl RowElem for f32 {
    #[cfg(target_arch = "wasm32")]
    #[inline(always)]
    fn splat(v: f32) -> core::arch::wasm32::v128 {
        core::arch::wasm32::f32x4_splat(v)
    }
}

impl RowElem for i8 {
    #[cfg(target_arch = "wasm32")]
    #[inline(always)]
    fn splat(v: i8) -> core::arch::wasm32::v128 {
        core::arch::wasm32::i8x16_splat(v)
    }
}

/// A binary operation the broadcast walk applies a row (the innermost merged dim) at
/// a time: on wasm32 the leading part of each row through [`RowOp::simd`] (none by
/// default), the rest through [`RowOp::apply`].
pub trait RowOp<T: RowElem> {
    /// `op(a, b)` of one pair.
    fn apply(&self, a: T, b: T) -> T;

    /// `out[i] = op(a(i), b(i))` a vector at a time, where `a(i)` / `b(i)` give the
    /// vector of elements `i..i + L` (`L = 16 / size_of::<T>()`); returns how many
    /// leading elements it wrote.
    ///
    /// # Safety
    /// `a(i)` and `b(i)` read memory: an implementation calls them only for
    /// `i + L <= n`, and writes `out` only below `n.min(out.len())`.
    #[cfg(target_arch = "wasm32")]
    #[inline(always)]
    unsafe fn simd(
        &self,
        _n: usize,
        _a: impl Fn(usize) -> core::arch::wasm32::v128,
        _b: impl Fn(usize) -> core::arch::wasm32::v128,
        _out: &mut [T],
    ) -> usize {
        0
    }

    /// `out[i] = op(a[i], b[i])` (equal lengths).
    #[inline(always)]
    fn row(&self, a: &[T], b: &[T], out: &mut [T]) {
        let n = a.len().min(b.len()).min(out.len());
        #[cfg(target_arch = "wasm32")]
        // SAFETY: `simd` loads `a[i..i + L]` and `b[i..i + L]` only for `i + L <= n`.
        let done = unsafe {
            use core::arch::wasm32::{v128, v128_load};
            self.simd(
                n,
                |i| v128_load(a.as_ptr().add(i) as *const v128),
                |i| v128_load(b.as_ptr().add(i) as *const v128),
                out,
            )
        };
        #[cfg(not(target_arch = "wasm32"))]
        let done = 0;
        for i in done..n {
            out[i] = self.apply(a[i], b[i]);
        }
    }

    /// `out[i] = op(a[i], b)`.
    #[inline(always)]
    fn row_b(&self, a: &[T], b: T, out: &mut [T]) {
        let n = a.len().min(out.len());
        #[cfg(target_arch = "wasm32")]
        // SAFETY: `simd` loads `a[i..i + L]` only for `i + L <= n`.
        let done = unsafe {
            use core::arch::wasm32::{v128, v128_load};
            let bv = T::splat(b);
            self.simd(
                n,
                |i| v128_load(a.as_ptr().add(i) as *const v128),
                |_| bv,
                out,
            )
        };
        #[cfg(not(target_arch = "wasm32"))]
        let done = 0;
        for i in done..n {
            out[i] = self.apply(a[i], b);
        }
    }

    /// `out[i] = op(a, b[i])`.
    #[inline(always)]
    fn row_a(&self, a: T, b: &[T], out: &mut [T]) {
        let n = b.len().min(out.len());
        #[cfg(target_arch = "wasm32")]
        // SAFETY: `simd` loads `b[i..i + L]` only for `i + L <= n`.
        let done = unsafe {
            use core::arch::wasm32::{v128, v128_load};
            let av = T::splat(a);
            self.simd(
                n,
                |_| av,
                |i| v128_load(b.as_ptr().add(i) as *const v128),
                out,
            )
        };
        #[cfg(not(target_arch = "wasm32"))]
        let done = 0;
        for i in done..n {
            out[i] = self.apply(a, b[i]);
        }
    }
}

/// A [`RowOp`] from a closure, with the default element loops.
struct Elementwise<F>(F);

impl<T: RowElem, F: Fn(T, T) -> T> RowOp<T> for Elementwise<F> {
    #[inline(always)]
    fn apply(&self, a: T, b: T) -> T {
        (self.0)(a, b)
    }
}

/// `out = f(a, b)` with broadcasting as planned by `bc`, for any element type.
#[inline(always)]
pub fn broadcast<T: RowElem, F: Fn(T, T) -> T>(
    f: F,
    bc: &Broadcast,
    a: &[T],
    b: &[T],
    out: &mut [T],
) {
    broadcast_rows(&Elementwise(f), bc, a, b, out)
}

/// `out = op(a, b)` with broadcasting as planned by `bc`, a row at a time.
#[inline(always)]
pub fn broadcast_rows<T: RowElem, R: RowOp<T>>(
    op: &R,
    bc: &Broadcast,
    a: &[T],
    b: &[T],
    out: &mut [T],
) {
    let r = bc.dims.len();
    if r == 0 {
        out[0] = op.apply(a[0], b[0]);
        return;
    }
    let n = bc.dims[r - 1];
    let (ia, ib) = (bc.a_real[r - 1], bc.b_real[r - 1]);
    if r == 1 {
        // One row (equal shapes, or a scalar against a tensor): no outer index to
        // keep, so none of the allocations below (an LSTM cell's nine elementwise
        // nodes over 128 values spent a third of their time in them).
        let (a, b, o) = (
            &a[..if ia { n } else { 1 }],
            &b[..if ib { n } else { 1 }],
            &mut out[..n],
        );
        match (ia, ib) {
            (true, true) => op.row(a, b, o),
            (true, false) => op.row_b(a, b[0], o),
            (false, true) => op.row_a(a[0], b, o),
            (false, false) => o.fill(op.apply(a[0], b[0])),
        }
        return;
    }
    // Strides of the outer dims in each input (0 where it is broadcast).
    let mut sa = vec![0usize; r];
    let mut sb = vec![0usize; r];
    let (mut acc_a, mut acc_b) = (1usize, 1usize);
    for d in (0..r).rev() {
        if bc.a_real[d] {
            sa[d] = acc_a;
            acc_a *= bc.dims[d];
        }
        if bc.b_real[d] {
            sb[d] = acc_b;
            acc_b *= bc.dims[d];
        }
    }
    let outer: usize = bc.dims[..r - 1].iter().product();
    let mut idx = vec![0usize; r];
    let (mut oa, mut ob) = (0usize, 0usize);
    for row in 0..outer {
        let o = &mut out[row * n..row * n + n];
        match (ia, ib) {
            (true, true) => op.row(&a[oa..oa + n], &b[ob..ob + n], o),
            (true, false) => op.row_b(&a[oa..oa + n], b[ob], o),
            (false, true) => op.row_a(a[oa], &b[ob..ob + n], o),
            (false, false) => {
                let v = op.apply(a[oa], b[ob]);
                o.fill(v);
            }
        }
        // Advance the outer index (dims 0..r-1).
        let mut d = r - 1;
        while d > 0 {
            d -= 1;
            idx[d] += 1;
            oa += sa[d];
            ob += sb[d];
            if idx[d] < bc.dims[d] {
                break;
            }
            oa -= sa[d] * bc.dims[d];
            ob -= sb[d] * bc.dims[d];
            idx[d] = 0;
        }
    }
}

#[inline(always)]
fn run_binary<F: Fn(f32, f32) -> f32>(
    f: F,
    bc: &Broadcast,
    a: &[f32],
    b: &[f32],
    out: &mut [f32],
    min: f32,
    max: f32,
) {
    broadcast(|x, y| clamp(f(x, y), min, max), bc, a, b, out)
}

/// `out[i] = clamp(a[i] op b[i], min, max)` over equal lengths: two inputs of one
/// shape, as in a recurrent cell's gates. A function of its own per operation, so that
/// its loop gets the registers (inlined into [`binary`] with every broadcast form of
/// every operation, the loop reloaded its pointers from the stack on each vector: an
/// LSTM cell's 128-value `Multiply` took about 1 ns per value).
#[inline(never)]
fn arith_row<L: ArithLane>(a: &[f32], b: &[f32], out: &mut [f32], min: f32, max: f32) {
    Arith::<L>::new(min, max).row(a, b, out)
}

/// One fp32 arithmetic operation, on one value and (wasm32) on four lanes: the same
/// IEEE operation either way.
trait ArithLane {
    fn f(a: f32, b: f32) -> f32;
    #[cfg(target_arch = "wasm32")]
    fn v(a: core::arch::wasm32::v128, b: core::arch::wasm32::v128) -> core::arch::wasm32::v128;
}

macro_rules! arith_lane {
    ($name:ident, $op:tt, $simd:ident) => {
        struct $name;
        impl ArithLane for $name {
            #[inline(always)]
            fn f(a: f32, b: f32) -> f32 {
                a $op b
            }
            #[cfg(target_arch = "wasm32")]
            #[inline(always)]
            fn v(
                a: core::arch::wasm32::v128,
                b: core::arch::wasm32::v128,
            ) -> core::arch::wasm32::v128 {
                core::arch::wasm32::$simd(a, b)
            }
        }
    };
}
arith_lane!(AddLane, +, f32x4_add);
arith_lane!(SubLane, -, f32x4_sub);
arith_lane!(MulLane, *, f32x4_mul);
arith_lane!(DivLane, /, f32x4_div);

/// An fp32 arithmetic operation (`+ - * /`) and the output clamp, as a [`RowOp`]: on
/// wasm32 its rows run four lanes at a time (`pmax`/`pmin` in that operand order give
/// [`clamp`]'s NaN-preserving bounds).
struct Arith<L> {
    min: f32,
    max: f32,
    lane: core::marker::PhantomData<L>,
}

impl<L: ArithLane> Arith<L> {
    fn new(min: f32, max: f32) -> Arith<L> {
        Arith {
            min,
            max,
            lane: core::marker::PhantomData,
        }
    }
}

impl<L: ArithLane> RowOp<f32> for Arith<L> {
    #[inline(always)]
    fn apply(&self, a: f32, b: f32) -> f32 {
        clamp(L::f(a, b), self.min, self.max)
    }

    /// `clamp(op(a(i), b(i)))` four lanes at a time.
    #[cfg(target_arch = "wasm32")]
    #[inline(always)]
    unsafe fn simd(
        &self,
        n: usize,
        a: impl Fn(usize) -> core::arch::wasm32::v128,
        b: impl Fn(usize) -> core::arch::wasm32::v128,
        out: &mut [f32],
    ) -> usize {
        if self.min == f32::NEG_INFINITY && self.max == f32::INFINITY {
            arith_lanes::<L, false>(n, a, b, out, self.min, self.max)
        } else {
            arith_lanes::<L, true>(n, a, b, out, self.min, self.max)
        }
    }
}

/// The loops of [`Arith::simd`]; without `CLAMP` (an unbounded output) the `pmax` /
/// `pmin` pair is left out, which would return the same lanes: two of the four vector
/// operations per output vector, and two constants that the epoch checks keep
/// reloading from the stack (GPT-2's GELU is six of these over 4096 values).
///
/// # Safety
/// `a(i)` and `b(i)` must be valid for every `i + 4 <= n`.
#[cfg(target_arch = "wasm32")]
#[inline(always)]
unsafe fn arith_lanes<L: ArithLane, const CLAMP: bool>(
    n: usize,
    a: impl Fn(usize) -> core::arch::wasm32::v128,
    b: impl Fn(usize) -> core::arch::wasm32::v128,
    out: &mut [f32],
    min: f32,
    max: f32,
) -> usize {
    use core::arch::wasm32::*;
    let (lo, hi) = (f32x4_splat(min), f32x4_splat(max));
    let lane = |i: usize| {
        let v = L::v(a(i), b(i));
        if CLAMP {
            f32x4_pmin(f32x4_pmax(v, lo), hi)
        } else {
            v
        }
    };
    let n = n.min(out.len());
    let o = out.as_mut_ptr();
    let mut i = 0;
    // Sixteen lanes per loop iteration: under a call deadline wasmtime checks the
    // epoch at every loop header, which cost a four-lane loop over half its time
    // (EfficientNet's squeeze-excite multiply: 46 us without the check, 117 with).
    while i + 16 <= n {
        let (v0, v1, v2, v3) = (lane(i), lane(i + 4), lane(i + 8), lane(i + 12));
        v128_store(o.add(i) as *mut v128, v0);
        v128_store(o.add(i + 4) as *mut v128, v1);
        v128_store(o.add(i + 8) as *mut v128, v2);
        v128_store(o.add(i + 12) as *mut v128, v3);
        i += 16;
    }
    while i + 4 <= n {
        v128_store(o.add(i) as *mut v128, lane(i));
        i += 4;
    }
    i
}

/// `out = clamp(op(a, b))` with broadcasting as planned by `bc`.
pub fn binary(
    op: BinaryOp,
    bc: &Broadcast,
    a: &[f32],
    b: &[f32],
    out: &mut [f32],
    min: f32,
    max: f32,
) {
    if let Some(n) = bc.one_row() {
        if let (Some(a), Some(b), Some(out)) = (a.get(..n), b.get(..n), out.get_mut(..n)) {
            match op {
                BinaryOp::Add => return arith_row::<AddLane>(a, b, out, min, max),
                BinaryOp::Subtract => return arith_row::<SubLane>(a, b, out, min, max),
                BinaryOp::Multiply => return arith_row::<MulLane>(a, b, out, min, max),
                BinaryOp::Divide => return arith_row::<DivLane>(a, b, out, min, max),
                _ => {}
            }
        }
    }
    match op {
        BinaryOp::Add => broadcast_rows(&Arith::<AddLane>::new(min, max), bc, a, b, out),
        BinaryOp::Subtract => broadcast_rows(&Arith::<SubLane>::new(min, max), bc, a, b, out),
        BinaryOp::Multiply => broadcast_rows(&Arith::<MulLane>::new(min, max), bc, a, b, out),
        BinaryOp::Divide => broadcast_rows(&Arith::<DivLane>::new(min, max), bc, a, b, out),
        BinaryOp::Minimum => run_binary(
            |x, y| {
                if x < y {
                    x
                } else if y < x || x == y {
                    y
                } else {
                    f32::NAN
                }
            },
            bc,
            a,
            b,
            out,
            min,
            max,
        ),
        BinaryOp::Maximum => run_binary(
            |x, y| {
                if x > y {
                    x
                } else if y > x || x == y {
                    y
                } else {
                    f32::NAN
                }
            },
            bc,
            a,
            b,
            out,
            min,
            max,
        ),
        BinaryOp::PRelu => run_binary(
            |x, s| if x < 0.0 { x * s } else { x },
            bc,
            a,
            b,
            out,
            min,
            max,
        ),
    }
}

/// The error function (Numerical Recipes' `erfcc` Chebyshev fit, relative error below
/// 1.2e-7), in `f64`.
pub fn erf(x: f64) -> f64 {
    let z = x.abs();
    let t = 1.0 / (1.0 + 0.5 * z);
    let ans = t
        * (-z * z - 1.265_512_23
            + t * (1.000_023_68
                + t * (0.374_091_96
                    + t * (0.096_784_18
                        + t * (-0.186_288_06
                            + t * (0.278_868_07
                                + t * (-1.135_203_98
                                    + t * (1.488_515_87
                                        + t * (-0.822_152_23 + t * 0.170_872_77)))))))))
            .exp();
    let erfc = if x >= 0.0 { ans } else { 2.0 - ans };
    1.0 - erfc
}

#[inline(always)]
fn run_unary<F: Fn(f32) -> f32>(f: F, x: &[f32], out: &mut [f32], min: f32, max: f32) {
    for (o, &v) in out.iter_mut().zip(x) {
        *o = clamp(f(v), min, max);
    }
}

/// Applies a convolution's fused activation to its output in place (through a small
/// stack buffer, so the slice kernels' SIMD paths run).
pub fn activate(act: Activation, data: &mut [f32]) {
    let f = match act {
        Activation::None => return,
        Activation::Hardswish => hardswish_slice,
        Activation::Silu => silu_slice,
    };
    let mut buf = [0.0f32; 256];
    for c in data.chunks_mut(buf.len()) {
        let b = &mut buf[..c.len()];
        b.copy_from_slice(c);
        f(b, c);
    }
}

/// `out = clamp(op(x))`.
pub fn unary(op: UnaryOp, x: &[f32], out: &mut [f32], min: f32, max: f32) {
    match op {
        UnaryOp::Clamp | UnaryOp::Copy => run_unary(|v| v, x, out, min, max),
        UnaryOp::Abs => run_unary(f32::abs, x, out, min, max),
        UnaryOp::Negate => run_unary(|v| -v, x, out, min, max),
        UnaryOp::Square => run_unary(|v| v * v, x, out, min, max),
        UnaryOp::SquareRoot => run_unary(f32::sqrt, x, out, min, max),
        UnaryOp::ReciprocalSquareRoot => run_unary(|v| 1.0 / v.sqrt(), x, out, min, max),
        UnaryOp::Exp => run_unary(f32::exp, x, out, min, max),
        UnaryOp::Log => run_unary(f32::ln, x, out, min, max),
        UnaryOp::Floor => run_unary(f32::floor, x, out, min, max),
        UnaryOp::Ceiling => run_unary(f32::ceil, x, out, min, max),
        UnaryOp::Sigmoid => {
            sigmoid_slice(x, out);
            clamp_slice(out, min, max);
        }
        UnaryOp::Tanh => {
            tanh_slice(x, out);
            clamp_slice(out, min, max);
        }
        UnaryOp::Gelu => {
            gelu_slice(x, out);
            clamp_slice(out, min, max);
        }
        UnaryOp::Silu => {
            silu_slice(x, out);
            clamp_slice(out, min, max);
        }
        UnaryOp::Hardswish => {
            hardswish_slice(x, out);
            clamp_slice(out, min, max);
        }
        UnaryOp::Sin => run_unary(f32::sin, x, out, min, max),
        UnaryOp::Cos => run_unary(f32::cos, x, out, min, max),
        UnaryOp::LeakyRelu(s) => run_unary(|v| if v < 0.0 { v * s } else { v }, x, out, min, max),
        UnaryOp::Elu(a) => run_unary(
            |v| if v < 0.0 { a * v.exp_m1() } else { v },
            x,
            out,
            min,
            max,
        ),
    }
}

/// `exp(v - m)` of `x` into `out` (`m` at least every value of `x`) four lanes at a
/// time with [`exp_poly_nonpositive_f32x4`] (a NaN stays NaN), and their sum: the
/// `(v - m).exp()` loop of [`softmax`] without a libm call per value. Returns how
/// many leading values it did (a multiple of 4) and their sum. Four vectors per
/// iteration while they last (see [`map_lanes`] on why), added to the sum in the same
/// order as one at a time.
#[cfg(target_arch = "wasm32")]
fn exp_minus_max_simd(x: &[f32], out: &mut [f32], m: f32) -> (usize, f32) {
    use core::arch::wasm32::*;
    let n = x.len().min(out.len());
    let vm = f32x4_splat(m);
    let mut acc = f32x4_splat(0.0);
    let mut i = 0;
    let exp = |p: *const f32| {
        // SAFETY (of the callers): `p..p + 4` is readable.
        let z = f32x4_sub(unsafe { v128_load(p as *const v128) }, vm);
        let e = unsafe { exp_poly_nonpositive_f32x4(z) };
        v128_bitselect(z, e, f32x4_ne(z, z))
    };
    while i + 16 <= n {
        // SAFETY: `i + 16 <= n` for the loads and the stores.
        unsafe {
            let p = x.as_ptr().add(i);
            let (a, b, c, d) = (exp(p), exp(p.add(4)), exp(p.add(8)), exp(p.add(12)));
            let q = out.as_mut_ptr().add(i) as *mut v128;
            v128_store(q, a);
            v128_store(q.add(1), b);
            v128_store(q.add(2), c);
            v128_store(q.add(3), d);
            acc = f32x4_add(f32x4_add(f32x4_add(f32x4_add(acc, a), b), c), d);
        }
        i += 16;
    }
    while i + 4 <= n {
        // SAFETY: `i + 4 <= n` for the load and the store.
        unsafe {
            let z = f32x4_sub(v128_load(x.as_ptr().add(i) as *const v128), vm);
            let e = exp_poly_nonpositive_f32x4(z);
            let e = v128_bitselect(z, e, f32x4_ne(z, z));
            v128_store(out.as_mut_ptr().add(i) as *mut v128, e);
            acc = f32x4_add(acc, e);
        }
        i += 4;
    }
    let sum = f32x4_extract_lane::<0>(acc)
        + f32x4_extract_lane::<1>(acc)
        + f32x4_extract_lane::<2>(acc)
        + f32x4_extract_lane::<3>(acc);
    (i, sum)
}

/// Softmax over the last dim of `rows x cols` values. On wasm32 the exponentials
/// are four lanes at a time ([`exp_poly_nonpositive_f32x4`], within a few ulp of libm's
/// `expf`; XNNPACK's own softmax also uses a polynomial `exp`). libm's `expf` and
/// this loop had been 5.2% of tiny BERT's perf samples; one lane-wise pass removes
/// the call per value.
pub fn softmax(x: &[f32], out: &mut [f32], rows: usize, cols: usize, min: f32, max: f32) {
    if cols == 0 {
        return;
    }
    #[cfg(target_arch = "wasm32")]
    if min == f32::NEG_INFINITY && max == f32::INFINITY {
        let done = match cols {
            4 => softmax_short::<1>(x, out, rows),
            8 => softmax_short::<2>(x, out, rows),
            12 => softmax_short::<3>(x, out, rows),
            16 => softmax_short::<4>(x, out, rows),
            _ => false,
        };
        if done {
            return;
        }
    }
    for r in 0..rows {
        let xi = &x[r * cols..r * cols + cols];
        let oi = &mut out[r * cols..r * cols + cols];
        let m = row_max(xi);
        #[cfg(target_arch = "wasm32")]
        let (done, mut sum) = exp_minus_max_simd(xi, oi, m);
        #[cfg(not(target_arch = "wasm32"))]
        let (done, mut sum) = (0, 0.0f32);
        for (o, &v) in oi[done..].iter_mut().zip(&xi[done..]) {
            let e = (v - m).exp();
            *o = e;
            sum += e;
        }
        let inv = 1.0 / sum;
        #[cfg(target_arch = "wasm32")]
        let done = if min == f32::NEG_INFINITY && max == f32::INFINITY {
            scale_simd(oi, inv)
        } else {
            0
        };
        #[cfg(not(target_arch = "wasm32"))]
        let done = 0;
        for o in oi[done..].iter_mut() {
            *o = clamp(*o * inv, min, max);
        }
    }
}

/// [`softmax`] over rows of `4 * V` values without a clamp, each row in straight-line
/// code: its `V` vectors stay in registers from the loads to the stores, and the only
/// loop (with its epoch check) is the one over rows. An attention over 16 tokens is
/// rows of 16, where the row loops of the general form ran one to four times each.
/// The operations and their order are those of the general form (the same `pmax`
/// fold, exponentials and sums), so the bits are the same. Returns false, doing
/// nothing, when `x` or `out` holds fewer than `rows` rows.
#[cfg(target_arch = "wasm32")]
fn softmax_short<const V: usize>(x: &[f32], out: &mut [f32], rows: usize) -> bool {
    use core::arch::wasm32::*;
    let cols = 4 * V;
    if rows
        .checked_mul(cols)
        .is_none_or(|n| n > x.len() || n > out.len())
    {
        return false;
    }
    for r in 0..rows {
        // SAFETY: row `r` is `cols` values inside both `x` and `out` (checked above).
        unsafe {
            let p = x.as_ptr().add(r * cols) as *const v128;
            let v: [v128; V] = std::array::from_fn(|k| v128_load(p.add(k)));
            let acc = v
                .iter()
                .fold(f32x4_splat(f32::NEG_INFINITY), |a, &b| f32x4_pmax(a, b));
            let fold = |m: f32, v: f32| if v > m { v } else { m };
            let m = [
                f32x4_extract_lane::<0>(acc),
                f32x4_extract_lane::<1>(acc),
                f32x4_extract_lane::<2>(acc),
                f32x4_extract_lane::<3>(acc),
            ]
            .into_iter()
            .fold(f32::NEG_INFINITY, fold);
            let vm = f32x4_splat(m);
            let e = v.map(|v| {
                let z = f32x4_sub(v, vm);
                v128_bitselect(z, exp_poly_nonpositive_f32x4(z), f32x4_ne(z, z))
            });
            let acc = e.iter().fold(f32x4_splat(0.0), |a, &b| f32x4_add(a, b));
            let sum = f32x4_extract_lane::<0>(acc)
                + f32x4_extract_lane::<1>(acc)
                + f32x4_extract_lane::<2>(acc)
                + f32x4_extract_lane::<3>(acc);
            let inv = f32x4_splat(1.0 / sum);
            let q = out.as_mut_ptr().add(r * cols) as *mut v128;
            for (k, e) in e.into_iter().enumerate() {
                v128_store(q.add(k), f32x4_mul(e, inv));
            }
        }
    }
    true
}

/// The largest value of `x` that is not NaN (`-inf` for none): the scalar
/// `if v > m { v } else { m }` fold, on wasm32 four lanes at a time with `f32x4.pmax`
/// (the same rule per lane, and the maximum of non-NaN values does not depend on
/// the order it is taken in).
fn row_max(x: &[f32]) -> f32 {
    let fold = |m: f32, v: f32| if v > m { v } else { m };
    #[cfg(target_arch = "wasm32")]
    {
        use core::arch::wasm32::*;
        let mut acc = f32x4_splat(f32::NEG_INFINITY);
        let mut chunks = x.chunks_exact(4);
        for c in &mut chunks {
            // SAFETY: `c` holds 4 f32s, 16 bytes.
            acc = f32x4_pmax(acc, unsafe { v128_load(c.as_ptr() as *const v128) });
        }
        let lanes = [
            f32x4_extract_lane::<0>(acc),
            f32x4_extract_lane::<1>(acc),
            f32x4_extract_lane::<2>(acc),
            f32x4_extract_lane::<3>(acc),
        ];
        let m = lanes.into_iter().fold(f32::NEG_INFINITY, fold);
        chunks.remainder().iter().fold(m, |m, &v| fold(m, v))
    }
    #[cfg(not(target_arch = "wasm32"))]
    x.iter().fold(f32::NEG_INFINITY, |m, &v| fold(m, v))
}

/// `v *= s` for the leading multiple of 4 values of `out`, four lanes at a time (the
/// same IEEE products as the scalar loop); returns how many it did.
#[cfg(target_arch = "wasm32")]
fn scale_simd(out: &mut [f32], s: f32) -> usize {
    use core::arch::wasm32::*;
    let vs = f32x4_splat(s);
    let mut chunks = out.chunks_exact_mut(4);
    let mut done = 0;
    for c in &mut chunks {
        // SAFETY: `c` holds 4 f32s, 16 bytes.
        unsafe {
            let p = c.as_mut_ptr() as *mut v128;
            v128_store(p, f32x4_mul(v128_load(p), vs));
        }
        done += 4;
    }
    done
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The f32 values of a little-endian `<f4` `.npy` file (format 1 or 2).
    fn npy_f32(path: &std::path::Path) -> Vec<f32> {
        let b = std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let start = match b[6] {
            1 => 10 + u16::from_le_bytes([b[8], b[9]]) as usize,
            _ => 12 + u32::from_le_bytes([b[8], b[9], b[10], b[11]]) as usize,
        };
        b[start..]
            .chunks_exact(4)
            .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect()
    }

    /// The scalar sigmoid and hardswish (the wasm kernels' tails, and the whole slice
    /// where relaxed SIMD does not fuse) against ExecuTorch 1.5.1's XNNPACK outputs on
    /// the `unary_exact` fixture's 65,536 inputs.
    #[test]
    fn scalar_sigmoid_and_hardswish_match_executorch() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../tests/fixtures/unary_exact");
        let x = npy_f32(&dir.join("input0.npy"));
        let want_sigmoid = npy_f32(&dir.join("et_xnnpack_output0.npy"));
        let want_hardswish = npy_f32(&dir.join("et_xnnpack_output1.npy"));
        assert_eq!(x.len(), 65536);
        for ((&v, &s), &h) in x.iter().zip(&want_sigmoid).zip(&want_hardswish) {
            assert_eq!(sigmoid(v).to_bits(), s.to_bits(), "sigmoid({v:e})");
            assert_eq!(hardswish(v).to_bits(), h.to_bits(), "hardswish({v:e})");
        }
    }

    /// Against the hardware's fused multiply-add (`f32::mul_add` natively), on random
    /// bit patterns, the hardswish constants and values near rounding midpoints.
    #[test]
    fn fused_mul_add_rounds_once() {
        let mut state = 0x9e37_79b9_7f4a_7c15_u64;
        let mut next = || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        for k in 0..2_000_000u32 {
            let r = next();
            let (a, b, c) = match k % 3 {
                0 => (
                    f32::from_bits(r as u32),
                    f32::from_bits((r >> 32) as u32),
                    f32::from_bits(next() as u32),
                ),
                1 => ((r as i32 as f32) * 1e-7, 1.0 / 6.0, 0.5),
                _ => {
                    let a = 1.0 + (r as u32 >> 9) as f32 * f32::EPSILON;
                    (a, a, -(1.0 + ((r >> 32) as u32 >> 9) as f32 * f32::EPSILON))
                }
            };
            let want = a.mul_add(b, c);
            let got = fused_mul_add(a, b, c);
            assert!(
                got.to_bits() == want.to_bits() || (got.is_nan() && want.is_nan()),
                "fma({a:e}, {b:e}, {c:e}) = {got:e}, want {want:e}"
            );
        }
    }

    #[test]
    fn broadcast_matches_naive() {
        let cases: &[(&[usize], &[usize])] = &[
            (&[2, 3, 4], &[2, 3, 4]),
            (&[2, 3, 4], &[4]),
            (&[2, 1, 4], &[3, 1]),
            (&[1], &[2, 3]),
            (&[], &[5]),
            (&[1, 4, 1, 16], &[1, 1, 1, 1]),
            (&[3, 1, 5, 1], &[1, 4, 1, 6]),
        ];
        for (a, b) in cases {
            let out = broadcast_shape(a, b).unwrap();
            let na: usize = a.iter().product();
            let nb: usize = b.iter().product();
            let av: Vec<f32> = (0..na).map(|i| i as f32).collect();
            let bv: Vec<f32> = (0..nb).map(|i| (i * 100) as f32).collect();
            let n: usize = out.iter().product();
            let mut got = vec![0.0; n];
            binary(
                BinaryOp::Add,
                &Broadcast::new(a, b, &out),
                &av,
                &bv,
                &mut got,
                f32::NEG_INFINITY,
                f32::INFINITY,
            );
            // Naive.
            let r = out.len();
            for (i, g) in got.iter().enumerate() {
                let mut rem = i;
                let mut idx = vec![0; r];
                for d in (0..r).rev() {
                    idx[d] = rem % out[d];
                    rem /= out[d];
                }
                let at = |s: &[usize]| {
                    let mut off = 0;
                    for (k, &dim) in s.iter().enumerate() {
                        let o = idx[r - s.len() + k];
                        off = off * dim + if dim == 1 { 0 } else { o };
                    }
                    off
                };
                assert_eq!(*g, av[at(a)] + bv[at(b)], "{a:?} + {b:?} at {i}");
            }
        }
    }

    #[test]
    fn erf_is_accurate() {
        for (x, want) in [
            (0.0, 0.0),
            (0.5, 0.520_499_877_8),
            (1.0, 0.842_700_792_9),
            (-2.0, -0.995_322_265),
        ] {
            assert!((erf(x) - want).abs() < 1e-7, "erf({x})");
        }
    }
}
