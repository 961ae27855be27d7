//! Int8 kernels of the quantized path (`qint8` activations: one scale and zero point
//! per tensor). Rounding follows XNNPACK's `qs8` operators so that results match
//! ExecuTorch's XNNPACK runtime step for step:
//!
//! - quantize (`f32 -> qs8` convert): `x * (1 / scale)`, rounded to nearest even, plus
//!   the zero point, saturated;
//! - dequantize: `(q - zero_point) * scale`;
//! - add: XNNPACK's fixed-point `qs8-vadd` (21-bit multipliers, one arithmetic shift,
//!   rounding half up) as set up by its `xnn_init_qs8_add_minmax_*_params`;
//! - multiply, convolutions, fully connected, mean: `i32` accumulation, then `f32`
//!   requantization with ties to even (XNNPACK's "fp32" requantization);
//! - clamp bounds: `round(bound / scale + zero_point)`, saturated (`xnn_qs8_quantize`).

use super::conv::ConvGeometry;
use super::pool::{taps_inside, PoolGeom};
#[cfg(target_arch = "wasm32")]
use plugboard_compute::requant::RoundLanes;

/// Scale and zero point of a `qint8` tensor (`real = (q - zero_point) * scale`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct QParams {
    pub scale: f32,
    pub zero_point: i32,
}

impl QParams {
    /// `bound` (a real value, possibly infinite) as a saturated int8 clamp bound.
    pub fn bound(&self, bound: f32) -> i8 {
        let v = bound / self.scale + self.zero_point as f32;
        v.clamp(-128.0, 127.0).round_ties_even() as i8
    }

    /// The real value of `q`.
    #[inline(always)]
    pub fn real(&self, q: i8) -> f32 {
        (q as i32 - self.zero_point) as f32 * self.scale
    }

    /// `x` quantized the way XNNPACK's `f32 -> qs8` convert does.
    #[inline(always)]
    pub fn quantize(&self, x: f32, inv_scale: f32) -> i8 {
        let lo = (-128 - self.zero_point) as f32;
        let hi = (127 - self.zero_point) as f32;
        let v = (x * inv_scale).max(lo).min(hi).round_ties_even();
        (v as i32 + self.zero_point) as i8
    }
}

/// Requantizes an `i32` accumulator: `round(acc * scale) + zero_point`, clamped.
#[inline(always)]
pub fn requant(acc: i32, scale: f32, zero_point: i32, qmin: i8, qmax: i8) -> i8 {
    plugboard_compute::requant::requantize(acc, scale, zero_point, qmin, qmax)
}

/// `out = quantize(x)` with `p`'s parameters (an `f32 -> qint8` Convert). On wasm32,
/// 16 values at a time with the same operations ([`RoundLanes`]: `pmax`/`pmin` with the
/// bound first give `f32::max`/`f32::min`'s NaN handling, the rounding is to nearest
/// with ties to even, and the clamped values narrow without saturating).
pub fn quantize(x: &[f32], out: &mut [i8], p: QParams) {
    let inv = 1.0 / p.scale;
    let n = x.len().min(out.len());
    #[cfg(target_arch = "wasm32")]
    let done = {
        use core::arch::wasm32::*;
        let round = RoundLanes::new(p.zero_point, i8::MIN, i8::MAX);
        let vinv = f32x4_splat(inv);
        let mut i = 0;
        while i + 16 <= n {
            // SAFETY: `i + 16 <= n` for the four loads and the store.
            unsafe {
                let ld =
                    |k: usize| f32x4_mul(v128_load(x.as_ptr().add(i + 4 * k) as *const v128), vinv);
                let a = round.narrow(ld(0), ld(1));
                let b = round.narrow(ld(2), ld(3));
                v128_store(
                    out.as_mut_ptr().add(i) as *mut v128,
                    i8x16_narrow_i16x8(a, b),
                );
            }
            i += 16;
        }
        i
    };
    #[cfg(not(target_arch = "wasm32"))]
    let done = 0;
    for (o, &v) in out[done..n].iter_mut().zip(&x[done..n]) {
        *o = p.quantize(v, inv);
    }
}

/// `out = clamp(dequantize(x))` (a `qint8 -> f32` Convert). On wasm32, 16 values at a
/// time: `(q - zero_point)` exactly in `i16` (within `[-255, 255]`), widened and
/// converted exactly, one rounding in the product (no value is NaN, so `pmax`/`pmin`
/// clamp as [`clamp`] does; with both bounds infinite the clamp changes nothing and is
/// left out).
///
/// [`clamp`]: super::elementwise::clamp
pub fn dequantize(x: &[i8], out: &mut [f32], p: QParams, min: f32, max: f32) {
    let n = x.len().min(out.len());
    #[cfg(target_arch = "wasm32")]
    let done = {
        use core::arch::wasm32::*;
        let clamped = min > f32::NEG_INFINITY || max < f32::INFINITY;
        let (lo, hi) = (f32x4_splat(min), f32x4_splat(max));
        let (scale, zp) = (f32x4_splat(p.scale), i16x8_splat(p.zero_point as i16));
        let real = |q: v128| {
            let v = f32x4_mul(f32x4_convert_i32x4(q), scale);
            if clamped {
                f32x4_pmin(f32x4_pmax(v, lo), hi)
            } else {
                v
            }
        };
        let mut i = 0;
        while i + 16 <= n {
            // SAFETY: `i + 16 <= n` for the load and the four stores.
            unsafe {
                let v = v128_load(x.as_ptr().add(i) as *const v128);
                let l = i16x8_sub(i16x8_extend_low_i8x16(v), zp);
                let h = i16x8_sub(i16x8_extend_high_i8x16(v), zp);
                let parts = [
                    i32x4_extend_low_i16x8(l),
                    i32x4_extend_high_i16x8(l),
                    i32x4_extend_low_i16x8(h),
                    i32x4_extend_high_i16x8(h),
                ];
                for (k, q) in parts.into_iter().enumerate() {
                    v128_store(out.as_mut_ptr().add(i + 4 * k) as *mut v128, real(q));
                }
            }
            i += 16;
        }
        i
    };
    #[cfg(not(target_arch = "wasm32"))]
    let done = 0;
    for (o, &q) in out[done..n].iter_mut().zip(&x[done..n]) {
        *o = super::elementwise::clamp(p.real(q), min, max);
    }
}

/// A 256-entry table for an int8 -> int8 function of one input (requantizing
/// converts, clamps and other unary operations): `table[q as u8]`.
pub fn lookup(x: &[i8], out: &mut [i8], table: &[i8; 256]) {
    for (o, &q) in out.iter_mut().zip(x) {
        *o = table[q as u8 as usize];
    }
}

/// Builds a [`lookup`] table from the real-valued function `f`, as XNNPACK does for
/// `qs8` unary operators: dequantize, apply, quantize.
pub fn table(x: QParams, out: QParams, qmin: i8, qmax: i8, f: impl Fn(f32) -> f32) -> [i8; 256] {
    let mut t = [0i8; 256];
    for (i, e) in t.iter_mut().enumerate() {
        let q = i as u8 as i8;
        let y = f(x.real(q)) / out.scale + out.zero_point as f32;
        let y = y.clamp(-128.0, 127.0).round_ties_even() as i32;
        *e = y.clamp(qmin as i32, qmax as i32) as i8;
    }
    t
}

/// Parameters of XNNPACK's fixed-point `qs8` addition.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AddParams {
    pub a_multiplier: i32,
    pub b_multiplier: i32,
    pub bias: i32,
    pub shift: u32,
    pub zero_point: i32,
    pub qmin: i8,
    pub qmax: i8,
}

impl AddParams {
    /// The parameters for inputs `a`, `b` and output `out`; `None` when the scale
    /// ratios are outside the range XNNPACK accepts (`[2^-10, 2^8)`).
    pub fn new(a: QParams, b: QParams, out: QParams, qmin: i8, qmax: i8) -> Option<AddParams> {
        let a_ratio = a.scale / out.scale;
        let b_ratio = b.scale / out.scale;
        let ok = |r: f32| r.is_finite() && r.abs() >= 1.0 / 1024.0 && r.abs() < 256.0;
        if !ok(a_ratio) || !ok(b_ratio) {
            return None;
        }
        let max_ratio = a_ratio.abs().max(b_ratio.abs());
        let exponent = (max_ratio.to_bits() >> 23) as i32 - 127;
        // 20 multiplier bits: the largest multiplier is in [2^20, 2^21).
        let shift = (20 - exponent) as u32;
        let multiplier = |r: f32| {
            let m = f32::from_bits(r.abs().to_bits() + (shift << 23)).round_ties_even() as i32;
            if r.is_sign_negative() {
                -m
            } else {
                m
            }
        };
        let (am, bm) = (multiplier(a_ratio), multiplier(b_ratio));
        let rounding = 1i32 << (shift - 1);
        Some(AddParams {
            a_multiplier: am,
            b_multiplier: bm,
            bias: rounding
                .wrapping_sub(am.wrapping_mul(a.zero_point))
                .wrapping_sub(bm.wrapping_mul(b.zero_point)),
            shift,
            zero_point: out.zero_point,
            qmin,
            qmax,
        })
    }

    /// `a + b` of two int8 values.
    #[inline(always)]
    pub fn apply(&self, a: i8, b: i8) -> i8 {
        let acc = self
            .bias
            .wrapping_add((a as i32).wrapping_mul(self.a_multiplier))
            .wrapping_add((b as i32).wrapping_mul(self.b_multiplier));
        ((acc >> self.shift) + self.zero_point).clamp(self.qmin as i32, self.qmax as i32) as i8
    }
}

impl super::elementwise::RowOp<i8> for AddParams {
    #[inline(always)]
    fn apply(&self, a: i8, b: i8) -> i8 {
        AddParams::apply(self, a, b)
    }

    /// `out[i] = a(i) + b(i)` 16 lanes at a time: the same wrapping `i32` arithmetic
    /// and arithmetic shift; the saturating narrows to i8 and then the clamp to
    /// `[qmin, qmax]` give [`AddParams::apply`]'s clamp. Returns how many it did.
    #[cfg(target_arch = "wasm32")]
    #[inline(always)]
    unsafe fn simd(
        &self,
        n: usize,
        a: impl Fn(usize) -> core::arch::wasm32::v128,
        b: impl Fn(usize) -> core::arch::wasm32::v128,
        out: &mut [i8],
    ) -> usize {
        use core::arch::wasm32::*;
        let (am, bm) = (
            i32x4_splat(self.a_multiplier),
            i32x4_splat(self.b_multiplier),
        );
        let (bias, zp) = (i32x4_splat(self.bias), i32x4_splat(self.zero_point));
        let (qmin, qmax) = (i8x16_splat(self.qmin), i8x16_splat(self.qmax));
        let shift = self.shift;
        let one = |x: v128, y: v128| {
            let acc = i32x4_add(bias, i32x4_add(i32x4_mul(x, am), i32x4_mul(y, bm)));
            i32x4_add(i32x4_shr(acc, shift), zp)
        };
        let n = n.min(out.len());
        let mut i = 0;
        while i + 16 <= n {
            let (va, vb) = (a(i), b(i));
            let (al, ah) = (i16x8_extend_low_i8x16(va), i16x8_extend_high_i8x16(va));
            let (bl, bh) = (i16x8_extend_low_i8x16(vb), i16x8_extend_high_i8x16(vb));
            let lo16 = i16x8_narrow_i32x4(
                one(i32x4_extend_low_i16x8(al), i32x4_extend_low_i16x8(bl)),
                one(i32x4_extend_high_i16x8(al), i32x4_extend_high_i16x8(bl)),
            );
            let hi16 = i16x8_narrow_i32x4(
                one(i32x4_extend_low_i16x8(ah), i32x4_extend_low_i16x8(bh)),
                one(i32x4_extend_high_i16x8(ah), i32x4_extend_high_i16x8(bh)),
            );
            let r = i8x16_min(i8x16_max(i8x16_narrow_i16x8(lo16, hi16), qmin), qmax);
            v128_store(out.as_mut_ptr().add(i) as *mut v128, r);
            i += 16;
        }
        i
    }
}

/// Parameters of XNNPACK's `qs8` multiplication (`fp32` requantization).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MulParams {
    pub a_zero_point: i32,
    pub b_zero_point: i32,
    /// `a.scale * b.scale / out.scale`.
    pub scale: f32,
    pub zero_point: i32,
    pub qmin: i8,
    pub qmax: i8,
}

impl MulParams {
    /// `a * b` of two int8 values.
    #[inline(always)]
    pub fn apply(&self, a: i8, b: i8) -> i8 {
        let acc = (a as i32 - self.a_zero_point) * (b as i32 - self.b_zero_point);
        requant(acc, self.scale, self.zero_point, self.qmin, self.qmax)
    }
}

impl super::elementwise::RowOp<i8> for MulParams {
    #[inline(always)]
    fn apply(&self, a: i8, b: i8) -> i8 {
        MulParams::apply(self, a, b)
    }

    /// `out[i] = a(i) * b(i)` 16 lanes at a time: the same `i32` products, converted
    /// exactly (|acc| <= 255^2), one rounding in the scaling, then clamped to
    /// `[qmin - zero_point, qmax - zero_point]` before rounding to even, which equals
    /// [`requant`]'s clamp after it (the bounds are integers). Returns how many it did.
    #[cfg(target_arch = "wasm32")]
    #[inline(always)]
    unsafe fn simd(
        &self,
        n: usize,
        a: impl Fn(usize) -> core::arch::wasm32::v128,
        b: impl Fn(usize) -> core::arch::wasm32::v128,
        out: &mut [i8],
    ) -> usize {
        use core::arch::wasm32::*;
        let (za, zb) = (
            i16x8_splat(self.a_zero_point as i16),
            i16x8_splat(self.b_zero_point as i16),
        );
        let scale = f32x4_splat(self.scale);
        let round = RoundLanes::new(self.zero_point, self.qmin, self.qmax);
        let scaled = |acc: v128| f32x4_mul(f32x4_convert_i32x4(acc), scale);
        let n = n.min(out.len());
        let mut i = 0;
        while i + 16 <= n {
            let (va, vb) = (a(i), b(i));
            let (al, ah) = (
                i16x8_sub(i16x8_extend_low_i8x16(va), za),
                i16x8_sub(i16x8_extend_high_i8x16(va), za),
            );
            let (bl, bh) = (
                i16x8_sub(i16x8_extend_low_i8x16(vb), zb),
                i16x8_sub(i16x8_extend_high_i8x16(vb), zb),
            );
            let lo16 = round.narrow(
                scaled(i32x4_extmul_low_i16x8(al, bl)),
                scaled(i32x4_extmul_high_i16x8(al, bl)),
            );
            let hi16 = round.narrow(
                scaled(i32x4_extmul_low_i16x8(ah, bh)),
                scaled(i32x4_extmul_high_i16x8(ah, bh)),
            );
            // SAFETY: `i + 16 <= n <= out.len()`.
            unsafe {
                v128_store(
                    out.as_mut_ptr().add(i) as *mut v128,
                    i8x16_narrow_i16x8(lo16, hi16),
                )
            };
            i += 16;
        }
        i
    }
}

/// Max pooling of int8 values (no requantization: input and output share their
/// parameters), clamped to `[qmin, qmax]`.
pub fn max_pool(g: &PoolGeom, x: &[i8], out: &mut [i8], qmin: i8, qmax: i8) {
    #[cfg(target_arch = "wasm32")]
    if super::pool::max_pool_lanes(g, x, out, qmin, qmax) {
        return;
    }
    let c = g.c;
    let mut acc = vec![i8::MIN; c];
    for b in 0..g.n {
        for oy in 0..g.oh {
            for ox in 0..g.ow {
                acc.fill(i8::MIN);
                let (ky0, ky1) = taps_inside(oy * g.sh, g.pad_top, g.dh, g.kh, g.h);
                let (kx0, kx1) = taps_inside(ox * g.sw, g.pad_left, g.dw, g.kw, g.w);
                for ky in ky0..ky1 {
                    let iy = oy * g.sh + ky * g.dh - g.pad_top;
                    for kx in kx0..kx1 {
                        let ix = ox * g.sw + kx * g.dw - g.pad_left;
                        let s = ((b * g.h + iy) * g.w + ix) * c;
                        for (a, &v) in acc.iter_mut().zip(&x[s..s + c]) {
                            *a = (*a).max(v);
                        }
                    }
                }
                let o = ((b * g.oh + oy) * g.ow + ox) * c;
                for (d, &a) in out[o..o + c].iter_mut().zip(&acc) {
                    *d = a.clamp(qmin, qmax);
                }
            }
        }
    }
}

/// Parameters of an int8 mean over pixels.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MeanParams {
    pub x: QParams,
    pub out: QParams,
    pub qmin: i8,
    pub qmax: i8,
}

/// Mean over `hw` pixels of an NHWC tensor `[n, hw, c]` into `[n, c]`, as XNNPACK's
/// `mean_nd_qs8` computes it (`src/operators/reduce-nd.c`): the raw `i32` sum of
/// the int8 values, converted to f32 and requantized as
/// `round(sum * scale + zp')` with `scale = (in.scale / out.scale) * (1 / hw)` and
/// the zero points folded into one f32 offset,
/// `zp' = out.zero_point - (hw * in.zero_point) * scale` (each step rounded in f32,
/// no fused multiply-add). Subtracting the input zero point in integers first, as a
/// textbook mean would, rounds differently for some sums.
pub fn global_avg(x: &[i8], n: usize, hw: usize, c: usize, p: &MeanParams, out: &mut [i8]) {
    if c == 0 {
        return;
    }
    let (xin, xout, qmin, qmax) = (p.x, p.out, p.qmin, p.qmax);
    let scale = (xin.scale / xout.scale) * (1.0 / hw as f32);
    let offset = xout.zero_point as f32 - ((hw as i32).wrapping_mul(xin.zero_point)) as f32 * scale;
    let mut acc = vec![0i32; c];
    for b in 0..n {
        let img = &x[b * hw * c..(b + 1) * hw * c];
        // 16 channels at a time over every pixel, summed in i16 lanes for runs of 256
        // pixels (|sum| <= 256 * 128 fits) and widened once per run: an i8 -> i16 add
        // per value, in registers, instead of a widening i32 read-modify-write of the
        // whole sum row per pixel. Integer sums: the result is the same.
        let mut c0 = 0;
        while c0 + 16 <= c {
            let mut wide = [0i32; 16];
            for run in img.chunks(256 * c) {
                let mut s = [0i16; 16];
                for px in run.chunks_exact(c) {
                    for (a, &v) in s.iter_mut().zip(&px[c0..c0 + 16]) {
                        *a = a.wrapping_add(v as i16);
                    }
                }
                for (w, &v) in wide.iter_mut().zip(&s) {
                    *w += v as i32;
                }
            }
            acc[c0..c0 + 16].copy_from_slice(&wide);
            c0 += 16;
        }
        let tail = &mut acc[c0..];
        tail.fill(0);
        for px in img.chunks_exact(c) {
            for (a, &v) in tail.iter_mut().zip(&px[c0..]) {
                *a += v as i32;
            }
        }
        for (d, &a) in out[b * c..(b + 1) * c].iter_mut().zip(&acc) {
            let v = (a as f32 * scale + offset).round_ties_even();
            *d = v.clamp(qmin as f32, qmax as f32) as i8;
        }
    }
}

/// Depthwise filter and requantization prepared at `init`.
#[derive(Clone, Debug)]
pub struct QDepthwise {
    /// `[kh * kw, c_out]`, widened.
    pub filter: Vec<i16>,
    /// Per output channel (zeros when the node has none).
    pub bias: Vec<i32>,
    /// The input's zero point, subtracted from every input value.
    pub x_zero_point: i32,
    pub scale: Vec<f32>,
    pub zero_point: i32,
    pub qmin: i8,
    pub qmax: i8,
}

/// Int8 depthwise convolution (`c_out = c_in * multiplier`):
/// `acc = bias + sum((x - zp_in) * w)`; taps outside the input contribute nothing
/// (XNNPACK pads with the input zero point).
pub fn depthwise(g: &ConvGeometry, w: &QDepthwise, x: &[i8], out: &mut [i8]) {
    let (c, oc) = (g.channels_in, g.channels_out);
    let mult = oc.checked_div(c).unwrap_or(1).max(1);
    let mut acc = vec![0i32; oc];
    // Valid taps of the current output pixel: (input offset, filter offset).
    let mut taps: Vec<(usize, usize)> = Vec::with_capacity(g.kernel_h * g.kernel_w);
    for b in 0..g.batch {
        for oy in 0..g.out_h {
            let (ky0, ky1) = taps_inside(
                oy * g.stride_h,
                g.pad_top,
                g.dilation_h,
                g.kernel_h,
                g.height,
            );
            for ox in 0..g.out_w {
                let (kx0, kx1) = taps_inside(
                    ox * g.stride_w,
                    g.pad_left,
                    g.dilation_w,
                    g.kernel_w,
                    g.width,
                );
                taps.clear();
                for ky in ky0..ky1 {
                    let iy = oy * g.stride_h + ky * g.dilation_h - g.pad_top;
                    for kx in kx0..kx1 {
                        let ix = ox * g.stride_w + kx * g.dilation_w - g.pad_left;
                        taps.push((
                            ((b * g.height + iy) * g.width + ix) * c,
                            (ky * g.kernel_w + kx) * oc,
                        ));
                    }
                }
                let o = ((b * g.out_h + oy) * g.out_w + ox) * oc;
                let dst = &mut out[o..o + oc];
                let mut c0 = 0;
                if mult == 1 {
                    c0 = depthwise_pixel_simd(w, x, &taps, dst);
                }
                // Remaining channels (all of them when mult > 1).
                acc[c0..].copy_from_slice(&w.bias[c0..]);
                for &(xo, fo) in &taps {
                    for (j, a) in acc.iter_mut().enumerate().skip(c0) {
                        let xv = x[xo + j / mult] as i32 - w.x_zero_point;
                        *a += xv * w.filter[fo + j] as i32;
                    }
                }
                for j in c0..oc {
                    dst[j] = requant(acc[j], w.scale[j], w.zero_point, w.qmin, w.qmax);
                }
            }
        }
    }
}

/// One output pixel of a multiplier-1 depthwise convolution, 8 channels at a time with
/// the accumulators in registers; returns how many channels it wrote.
#[cfg(target_arch = "wasm32")]
#[inline(always)]
fn depthwise_pixel_simd(
    w: &QDepthwise,
    x: &[i8],
    taps: &[(usize, usize)],
    dst: &mut [i8],
) -> usize {
    use std::arch::wasm32::*;
    let oc = dst.len();
    let full = oc / 8 * 8;
    if taps
        .iter()
        .any(|&(xo, fo)| xo + full > x.len() || fo + full > w.filter.len())
        || w.bias.len() < full
        || w.scale.len() < full
    {
        return 0;
    }
    let zv = i16x8_splat(w.x_zero_point as i16);
    let round = RoundLanes::new(w.zero_point, w.qmin, w.qmax);
    let mut c0 = 0;
    while c0 < full {
        // SAFETY: c0 + 8 <= full, and every tap's ranges were checked above.
        unsafe {
            let pb = w.bias.as_ptr().add(c0) as *const v128;
            let mut a0 = v128_load(pb);
            let mut a1 = v128_load(pb.add(1));
            // One tap's products into (a0, a1).
            let tap = |(a0, a1): (v128, v128), (xo, fo): (usize, usize)| {
                let xv = i16x8_sub(
                    i16x8_load_extend_i8x8(x.as_ptr().add(xo + c0) as *const _),
                    zv,
                );
                let fv = v128_load(w.filter.as_ptr().add(fo + c0) as *const v128);
                (
                    i32x4_add(a0, i32x4_extmul_low_i16x8(xv, fv)),
                    i32x4_add(a1, i32x4_extmul_high_i16x8(xv, fv)),
                )
            };
            // Three taps per iteration: under epoch checks Cranelift keeps the
            // accumulators in stack slots across the loop, so they are loaded and
            // stored once per three taps instead of per tap (a 3x3 kernel's row).
            let mut chunks = taps.chunks_exact(3);
            for t in &mut chunks {
                (a0, a1) = tap(tap(tap((a0, a1), t[0]), t[1]), t[2]);
            }
            for &t in chunks.remainder() {
                (a0, a1) = tap((a0, a1), t);
            }
            let ps = w.scale.as_ptr().add(c0) as *const v128;
            let scaled = |a: v128, s: v128| f32x4_mul(f32x4_convert_i32x4(a), s);
            let n16 = round.narrow(scaled(a0, v128_load(ps)), scaled(a1, v128_load(ps.add(1))));
            let n8 = i8x16_narrow_i16x8(n16, n16);
            // The low 8 bytes in one store (c0 + 8 <= full <= dst.len()).
            let d = dst.as_mut_ptr().add(c0) as *mut i64;
            std::ptr::write_unaligned(d, i64x2_extract_lane::<0>(n8));
        }
        c0 += 8;
    }
    full
}

/// Scalar hosts (unit tests, fuzzing): everything goes through the generic loop.
#[cfg(not(target_arch = "wasm32"))]
#[inline(always)]
fn depthwise_pixel_simd(_: &QDepthwise, _: &[i8], _: &[(usize, usize)], _: &mut [i8]) -> usize {
    0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn global_avg_matches_the_plain_sum() {
        let p = MeanParams {
            x: QParams {
                scale: 0.05,
                zero_point: -3,
            },
            out: QParams {
                scale: 0.02,
                zero_point: 5,
            },
            qmin: -120,
            qmax: 127,
        };
        let mut seed = 0x9e37_79b9_u32;
        for &(n, hw, c) in &[
            (1, 49, 144),
            (2, 300, 17),
            (1, 600, 16),
            (1, 3, 5),
            (2, 0, 8),
        ] {
            let x: Vec<i8> = (0..n * hw * c)
                .map(|_| {
                    seed = seed.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
                    // Every value -128 in one case checks the i16 sums' extreme.
                    if hw == 600 {
                        -128
                    } else {
                        (seed >> 24) as u8 as i8
                    }
                })
                .collect();
            let mut got = vec![0i8; n * c];
            global_avg(&x, n, hw, c, &p, &mut got);
            let scale = (p.x.scale / p.out.scale) * (1.0 / hw as f32);
            let offset = p.out.zero_point as f32 - ((hw as i32) * p.x.zero_point) as f32 * scale;
            for b in 0..n {
                for ch in 0..c {
                    let sum: i32 = (0..hw).map(|q| x[(b * hw + q) * c + ch] as i32).sum();
                    let v = (sum as f32 * scale + offset).round_ties_even();
                    let want = v.clamp(p.qmin as f32, p.qmax as f32) as i8;
                    assert_eq!(got[b * c + ch], want, "n {n} hw {hw} c {c}: [{b}, {ch}]");
                }
            }
        }
    }

    #[test]
    fn add_matches_real_sum() {
        let a = QParams {
            scale: 0.02,
            zero_point: -3,
        };
        let b = QParams {
            scale: 0.05,
            zero_point: 7,
        };
        let o = QParams {
            scale: 0.06,
            zero_point: 1,
        };
        let p = AddParams::new(a, b, o, -128, 127).unwrap();
        for qa in [-128i8, -5, 0, 3, 127] {
            for qb in [-128i8, -1, 0, 9, 127] {
                let want = (a.real(qa) + b.real(qb)) / o.scale + o.zero_point as f32;
                let got = p.apply(qa, qb) as f32;
                assert!(
                    (got - want.clamp(-128.0, 127.0)).abs() <= 0.5 + 1e-3,
                    "{qa} {qb}: {got} vs {want}"
                );
            }
        }
    }

    #[test]
    fn quantize_rounds_ties_to_even() {
        let p = QParams {
            scale: 0.5,
            zero_point: 0,
        };
        let mut out = [0i8; 4];
        quantize(&[0.25, 0.75, -0.25, 100.0], &mut out, p);
        assert_eq!(out, [0, 2, 0, 127]);
    }
}
