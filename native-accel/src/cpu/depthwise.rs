//! Depthwise convolutions (one input channel per group: output channel `c * mult + j`
//! reads input channel `c`), computed directly rather than as one tiny GEMM per
//! channel. Multiplier-1 convolutions on x86-64 CPUs with AVX-512 use explicit
//! 16-channel kernels; with AVX2, explicit 8-channel kernels; everything else runs the
//! portable loops, compiled for AVX2 + FMA where the CPU has them. The path follows
//! [`Isa::current`].

use std::ops::Range;

use plugboard_compute::requant::requantize;

use super::geometry::Pixel;
use super::ConvGeometry;
use crate::isa::Isa;

/// The valid taps of output pixel `(n, oy, ox)`: (input offset, filter row).
fn taps(g: &ConvGeometry, n: usize, oy: usize, ox: usize, out: &mut Vec<(usize, usize)>) {
    out.clear();
    for ky in 0..g.kernel_h {
        let iy = (oy * g.stride_h + ky * g.dilation_h) as isize - g.pad_top as isize;
        if iy < 0 || iy >= g.height as isize {
            continue;
        }
        for kx in 0..g.kernel_w {
            let ix = (ox * g.stride_w + kx * g.dilation_w) as isize - g.pad_left as isize;
            if ix < 0 || ix >= g.width as isize {
                continue;
            }
            let s = ((n * g.height + iy as usize) * g.width + ix as usize) * g.channels_in;
            out.push((s, ky * g.kernel_w + kx));
        }
    }
}

/// fp32 depthwise weights: `w [taps, channels_out]`, bias `[channels_out]`.
pub(super) struct DwF32<'a> {
    pub w: &'a [f32],
    pub bias: &'a [f32],
}

/// int8 depthwise weights and requantization: `w [taps, channels_out]` (widened), raw
/// bias, per-channel scale.
pub(super) struct DwQs8<'a> {
    pub w: &'a [i32],
    /// The weights in tap pairs for the AVX2 `vpmaddwd` kernel (`weights::dw_pairs`),
    /// or empty (only the x86-64 kernels read it).
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
    pub pairs: &'a [i16],
    pub bias: &'a [i32],
    pub scale: &'a [f32],
    pub x_zero_point: i32,
    pub zero_point: i32,
    pub qmin: i8,
    pub qmax: i8,
}

#[inline(always)]
fn f32_impl(
    g: &ConvGeometry,
    d: &DwF32<'_>,
    x: &[f32],
    min: f32,
    max: f32,
    pixels: Range<usize>,
    out: &mut [f32],
) {
    let (c, oc) = (g.channels_in, g.channels_out);
    let mult = oc / c;
    let mut t = Vec::with_capacity(g.kernel_h * g.kernel_w);
    let mut po = 0;
    let mut px = Pixel::at(g, pixels.start);
    for _ in pixels {
        taps(g, px.n, px.oy, px.ox, &mut t);
        px.step(g);
        let o = &mut out[po..po + oc];
        o.copy_from_slice(d.bias);
        for &(xo, k) in &t {
            let ws = &d.w[k * oc..(k + 1) * oc];
            if mult == 1 {
                let xs = &x[xo..xo + c];
                for ((o, &a), &b) in o.iter_mut().zip(xs).zip(ws) {
                    *o += a * b;
                }
            } else {
                for (j, (o, &b)) in o.iter_mut().zip(ws).enumerate() {
                    *o += x[xo + j / mult] * b;
                }
            }
        }
        for v in o.iter_mut() {
            *v = v.max(min).min(max);
        }
        po += oc;
    }
}

#[inline(always)]
fn qs8_impl(g: &ConvGeometry, d: &DwQs8<'_>, x: &[i8], pixels: Range<usize>, out: &mut [i8]) {
    let (c, oc) = (g.channels_in, g.channels_out);
    let mult = oc / c;
    let mut t = Vec::with_capacity(g.kernel_h * g.kernel_w);
    let mut acc = vec![0i32; oc];
    let mut po = 0;
    let mut px = Pixel::at(g, pixels.start);
    for _ in pixels {
        taps(g, px.n, px.oy, px.ox, &mut t);
        px.step(g);
        acc.copy_from_slice(d.bias);
        for &(xo, k) in &t {
            let ws = &d.w[k * oc..(k + 1) * oc];
            if mult == 1 {
                let xs = &x[xo..xo + c];
                for ((a, &xv), &w) in acc.iter_mut().zip(xs).zip(ws) {
                    *a += (xv as i32 - d.x_zero_point) * w;
                }
            } else {
                for (j, (a, &w)) in acc.iter_mut().zip(ws).enumerate() {
                    *a += (x[xo + j / mult] as i32 - d.x_zero_point) * w;
                }
            }
        }
        let o = &mut out[po..po + oc];
        for ((o, &a), &s) in o.iter_mut().zip(&acc).zip(d.scale) {
            *o = requantize(a, s, d.zero_point, d.qmin, d.qmax);
        }
        po += oc;
    }
}

/// Channel mask of the 16 channels from `c0` of `c`.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn mask16(c: usize, c0: usize) -> u16 {
    if c0 >= c {
        0
    } else if c - c0 >= 16 {
        0xffff
    } else {
        (1u16 << (c - c0)) - 1
    }
}

/// `P` neighbouring output pixels (input offsets `xo + p * step`) of a multiplier-1
/// fp32 depthwise convolution with AVX-512: 32 channels per pass, so `2 * P`
/// independent accumulators hide the FMA latency.
///
/// # Safety
/// The CPU has AVX-512F; for every tap, `xo + (P - 1) * step + c <= x.len()` and
/// `(k + 1) * c <= w.len()`; `bias` holds `c` values and `o` `P * c`.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f")]
#[allow(clippy::too_many_arguments)]
unsafe fn f32_pixels_avx512<const P: usize>(
    taps: &[(usize, usize)],
    step: usize,
    x: &[f32],
    w: &[f32],
    bias: &[f32],
    min: f32,
    max: f32,
    o: &mut [f32],
) {
    use std::arch::x86_64::*;
    let c = bias.len();
    let (vmin, vmax) = (_mm512_set1_ps(min), _mm512_set1_ps(max));
    let mut c0 = 0;
    while c0 < c {
        let m = [mask16(c, c0), mask16(c, c0 + 16)];
        let mut acc = [[_mm512_setzero_ps(); 2]; P];
        for (h, &mh) in m.iter().enumerate() {
            let b = _mm512_maskz_loadu_ps(mh, bias.as_ptr().add(c0 + 16 * h));
            for a in acc.iter_mut() {
                a[h] = b;
            }
        }
        for &(xo, k) in taps {
            for (h, &mh) in m.iter().enumerate() {
                let wv = _mm512_maskz_loadu_ps(mh, w.as_ptr().add(k * c + c0 + 16 * h));
                for (p, a) in acc.iter_mut().enumerate() {
                    let xv = _mm512_maskz_loadu_ps(mh, x.as_ptr().add(xo + p * step + c0 + 16 * h));
                    a[h] = _mm512_fmadd_ps(xv, wv, a[h]);
                }
            }
        }
        for (p, a) in acc.iter().enumerate() {
            for (h, &mh) in m.iter().enumerate() {
                let v = _mm512_min_ps(_mm512_max_ps(a[h], vmin), vmax);
                _mm512_mask_storeu_ps(o.as_mut_ptr().add(p * c + c0 + 16 * h), mh, v);
            }
        }
        c0 += 32;
    }
}

/// The int8 analogue of [`f32_pixels_avx512`].
///
/// # Safety
/// As [`f32_pixels_avx512`], for the int8 data and AVX-512F/BW.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512bw,avx512vl")]
unsafe fn qs8_pixels_avx512<const P: usize>(
    taps: &[(usize, usize)],
    step: usize,
    x: &[i8],
    d: &DwQs8<'_>,
    o: &mut [i8],
) {
    use std::arch::x86_64::*;
    let c = d.bias.len();
    let zx = _mm512_set1_epi32(d.x_zero_point);
    let zp = _mm512_set1_epi32(d.zero_point);
    let lo = _mm512_set1_epi32(d.qmin as i32);
    let hi = _mm512_set1_epi32(d.qmax as i32);
    let mut c0 = 0;
    while c0 < c {
        let m = [mask16(c, c0), mask16(c, c0 + 16)];
        let mut acc = [[_mm512_setzero_si512(); 2]; P];
        for (h, &mh) in m.iter().enumerate() {
            let b = _mm512_maskz_loadu_epi32(mh, d.bias.as_ptr().add(c0 + 16 * h));
            for a in acc.iter_mut() {
                a[h] = b;
            }
        }
        for &(xo, k) in taps {
            for (h, &mh) in m.iter().enumerate() {
                let wv = _mm512_maskz_loadu_epi32(mh, d.w.as_ptr().add(k * c + c0 + 16 * h));
                for (p, a) in acc.iter_mut().enumerate() {
                    let xb = _mm_maskz_loadu_epi8(mh, x.as_ptr().add(xo + p * step + c0 + 16 * h));
                    let xv = _mm512_sub_epi32(_mm512_cvtepi8_epi32(xb), zx);
                    a[h] = _mm512_add_epi32(a[h], _mm512_mullo_epi32(xv, wv));
                }
            }
        }
        for (h, &mh) in m.iter().enumerate() {
            let s = _mm512_maskz_loadu_ps(mh, d.scale.as_ptr().add(c0 + 16 * h));
            for (p, a) in acc.iter().enumerate() {
                let f = _mm512_mul_ps(_mm512_cvtepi32_ps(a[h]), s);
                let r = _mm512_cvt_roundps_epi32::<{ _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC }>(
                    f,
                );
                let q = _mm512_min_epi32(_mm512_max_epi32(_mm512_add_epi32(r, zp), lo), hi);
                _mm512_mask_cvtepi32_storeu_epi8(o.as_mut_ptr().add(p * c + c0 + 16 * h), mh, q);
            }
        }
        c0 += 32;
    }
}

/// Walks output pixels `pixels` of `g`, handing each run of 2 neighbouring pixels (in
/// one row, both in the range) with the same (all-inside) taps to `pair` and every
/// other pixel to `single`, with the taps of the first pixel and the output offset.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn walk<T>(
    g: &ConvGeometry,
    pixels: Range<usize>,
    out: &mut [T],
    mut pair: impl FnMut(&[(usize, usize)], &mut [T]),
    mut single: impl FnMut(&[(usize, usize)], &mut [T]),
) {
    let c = g.channels_out;
    let all = g.kernel_h * g.kernel_w;
    let mut t = Vec::with_capacity(all);
    let mut t2 = Vec::with_capacity(all);
    let mut p = pixels.start;
    let mut px = Pixel::at(g, p);
    while p < pixels.end {
        let Pixel { n, oy, ox } = px;
        taps(g, n, oy, ox, &mut t);
        px.step(g);
        if t.len() == all && ox + 1 < g.out_w && p + 1 < pixels.end {
            taps(g, n, oy, ox + 1, &mut t2);
            if t2.len() == all {
                let o = (p - pixels.start) * c;
                pair(&t, &mut out[o..o + 2 * c]);
                px.step(g);
                p += 2;
                continue;
            }
        }
        let o = (p - pixels.start) * c;
        single(&t, &mut out[o..o + c]);
        p += 1;
    }
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512bw,avx512vl")]
unsafe fn f32_avx512(
    g: &ConvGeometry,
    d: &DwF32<'_>,
    x: &[f32],
    min: f32,
    max: f32,
    pixels: Range<usize>,
    out: &mut [f32],
) {
    let step = g.stride_w * g.channels_in;
    // SAFETY (both closures): `walk` gives the output slices of whole pixels and taps
    // inside the input; a pair's second pixel has the same taps shifted by `step`.
    walk(
        g,
        pixels,
        out,
        |t, dst| unsafe { f32_pixels_avx512::<2>(t, step, x, d.w, d.bias, min, max, dst) },
        |t, dst| unsafe { f32_pixels_avx512::<1>(t, step, x, d.w, d.bias, min, max, dst) },
    );
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512bw,avx512vl")]
unsafe fn qs8_avx512(
    g: &ConvGeometry,
    d: &DwQs8<'_>,
    x: &[i8],
    pixels: Range<usize>,
    out: &mut [i8],
) {
    let step = g.stride_w * g.channels_in;
    // SAFETY: as in `f32_avx512`.
    walk(
        g,
        pixels,
        out,
        |t, dst| unsafe { qs8_pixels_avx512::<2>(t, step, x, d, dst) },
        |t, dst| unsafe { qs8_pixels_avx512::<1>(t, step, x, d, dst) },
    );
}

/// `P` neighbouring output pixels of a multiplier-1 fp32 depthwise convolution with
/// AVX2 + FMA: `H` vectors of 8 channels per pass, channels past the last whole 8 in
/// portable code (with a fused multiply-add, as the vector lanes).
///
/// # Safety
/// The CPU has AVX2 and FMA; as [`f32_pixels_avx512`] for the ranges.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,fma")]
#[allow(clippy::too_many_arguments)]
unsafe fn f32_pixels_avx2<const P: usize>(
    taps: &[(usize, usize)],
    step: usize,
    x: &[f32],
    w: &[f32],
    bias: &[f32],
    min: f32,
    max: f32,
    o: &mut [f32],
) {
    use std::arch::x86_64::*;
    let c = bias.len();
    let full = c / 8 * 8;
    let (vmin, vmax) = (_mm256_set1_ps(min), _mm256_set1_ps(max));
    let mut c0 = 0;
    while c0 < full {
        let h = if c0 + 16 <= full { 2 } else { 1 };
        let mut acc = [[_mm256_setzero_ps(); 2]; P];
        for v in 0..h {
            let b = _mm256_loadu_ps(bias.as_ptr().add(c0 + 8 * v));
            for a in acc.iter_mut() {
                a[v] = b;
            }
        }
        for &(xo, k) in taps {
            for v in 0..h {
                let wv = _mm256_loadu_ps(w.as_ptr().add(k * c + c0 + 8 * v));
                for (p, a) in acc.iter_mut().enumerate() {
                    let xv = _mm256_loadu_ps(x.as_ptr().add(xo + p * step + c0 + 8 * v));
                    a[v] = _mm256_fmadd_ps(xv, wv, a[v]);
                }
            }
        }
        for (p, a) in acc.iter().enumerate() {
            for (v, &av) in a.iter().enumerate().take(h) {
                let r = _mm256_min_ps(_mm256_max_ps(av, vmin), vmax);
                _mm256_storeu_ps(o.as_mut_ptr().add(p * c + c0 + 8 * v), r);
            }
        }
        c0 += 8 * h;
    }
    for p in 0..P {
        for ch in full..c {
            let mut a = bias[ch];
            for &(xo, k) in taps {
                a = x[xo + p * step + ch].mul_add(w[k * c + ch], a);
            }
            o[p * c + ch] = a.max(min).min(max);
        }
    }
}

/// Multiplier-1 fp32 depthwise convolution over `pixels` with [`f32_pixels_avx2`].
///
/// # Safety
/// The CPU has AVX2 and FMA; as [`f32_avx512`].
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,fma")]
unsafe fn f32_avx2_mult1(
    g: &ConvGeometry,
    d: &DwF32<'_>,
    x: &[f32],
    min: f32,
    max: f32,
    pixels: Range<usize>,
    out: &mut [f32],
) {
    let step = g.stride_w * g.channels_in;
    // SAFETY: as in `f32_avx512`.
    walk(
        g,
        pixels,
        out,
        |t, dst| unsafe { f32_pixels_avx2::<2>(t, step, x, d.w, d.bias, min, max, dst) },
        |t, dst| unsafe { f32_pixels_avx2::<1>(t, step, x, d.w, d.bias, min, max, dst) },
    );
}

/// `P` neighbouring output pixels of a multiplier-1 int8 depthwise convolution with
/// AVX2: `H` vectors of 8 channels per pass (`2 * P` or `P` independent accumulators
/// hide `vpmulld`'s latency), channels past the last whole 8 in portable code. The
/// requantization is the portable one's: `vcvtps2dq` rounds to nearest-even under the
/// default MXCSR, and the clamp comes before the saturating packs, so results are
/// bit-identical.
///
/// # Safety
/// The CPU has AVX2; as [`qs8_pixels_avx512`] for the ranges.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,fma")]
unsafe fn qs8_pixels_avx2<const P: usize>(
    taps: &[(usize, usize)],
    step: usize,
    x: &[i8],
    d: &DwQs8<'_>,
    o: &mut [i8],
    c_from: usize,
) {
    use std::arch::x86_64::*;
    let c = d.bias.len();
    let full = c_from + (c - c_from) / 8 * 8;
    let zx = _mm256_set1_epi32(d.x_zero_point);
    let zp = _mm256_set1_epi32(d.zero_point);
    let lo = _mm256_set1_epi32(d.qmin as i32);
    let hi = _mm256_set1_epi32(d.qmax as i32);
    let mut c0 = c_from;
    while c0 < full {
        // Two vectors per pass while two fit, then one.
        let h = if c0 + 16 <= full { 2 } else { 1 };
        let mut acc = [[_mm256_setzero_si256(); 2]; P];
        for v in 0..h {
            let b = _mm256_loadu_si256(d.bias.as_ptr().add(c0 + 8 * v) as *const __m256i);
            for a in acc.iter_mut() {
                a[v] = b;
            }
        }
        for &(xo, k) in taps {
            for v in 0..h {
                let wv = _mm256_loadu_si256(d.w.as_ptr().add(k * c + c0 + 8 * v) as *const __m256i);
                for (p, a) in acc.iter_mut().enumerate() {
                    let xb = _mm_loadl_epi64(
                        x.as_ptr().add(xo + p * step + c0 + 8 * v) as *const __m128i
                    );
                    let xv = _mm256_sub_epi32(_mm256_cvtepi8_epi32(xb), zx);
                    a[v] = _mm256_add_epi32(a[v], _mm256_mullo_epi32(xv, wv));
                }
            }
        }
        for v in 0..h {
            let s = _mm256_loadu_ps(d.scale.as_ptr().add(c0 + 8 * v));
            for (p, a) in acc.iter().enumerate() {
                let r = _mm256_cvtps_epi32(_mm256_mul_ps(_mm256_cvtepi32_ps(a[v]), s));
                let q = _mm256_min_epi32(_mm256_max_epi32(_mm256_add_epi32(r, zp), lo), hi);
                let w16 = _mm256_packs_epi32(q, q);
                let w8 = _mm256_packs_epi16(w16, w16);
                let bytes = _mm_unpacklo_epi32(
                    _mm256_castsi256_si128(w8),
                    _mm256_extracti128_si256::<1>(w8),
                );
                _mm_storel_epi64(
                    o.as_mut_ptr().add(p * c + c0 + 8 * v) as *mut __m128i,
                    bytes,
                );
            }
        }
        c0 += 8 * h;
    }
    if full < c {
        for p in 0..P {
            for ch in full..c {
                let mut a = d.bias[ch];
                for &(xo, k) in taps {
                    a += (x[xo + p * step + ch] as i32 - d.x_zero_point) * d.w[k * c + ch];
                }
                o[p * c + ch] = requantize(a, d.scale[ch], d.zero_point, d.qmin, d.qmax);
            }
        }
    }
}

/// Multiplier-1 int8 depthwise convolution over `pixels` with [`qs8_pixels_avx2`].
///
/// # Safety
/// The CPU has AVX2; as [`qs8_avx512`].
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,fma")]
unsafe fn qs8_avx2_mult1(
    g: &ConvGeometry,
    d: &DwQs8<'_>,
    x: &[i8],
    pixels: Range<usize>,
    out: &mut [i8],
) {
    let step = g.stride_w * g.channels_in;
    let all = g.kernel_h * g.kernel_w;
    // Whole blocks of 16 channels go through `vpmaddwd` on tap pairs (a tap outside
    // the input reads a row of the input zero point, which contributes nothing); the
    // other channels through the `vpmulld` loop.
    let blocks = if all <= MADD_TAPS && d.pairs.len() == all.div_ceil(2) * (d.bias.len() / 16) * 32
    {
        d.bias.len() / 16
    } else {
        0
    };
    let zero_row = vec![d.x_zero_point as i8; if blocks > 0 { d.bias.len() } else { 0 }];
    let xp = x.as_ptr();
    // SAFETY: as in `f32_avx512`; a full tap list is in kernel order (`taps`), a
    // pixel pair's taps are all inside, and the zero row holds `c` values.
    let run = |t: &[(usize, usize)], dst: &mut [i8], pair: bool| unsafe {
        let done = if blocks > 0 {
            let mut rows = [zero_row.as_ptr(); MADD_TAPS];
            for &(xo, k) in t {
                rows[k] = xp.add(xo);
            }
            if pair {
                qs8_pixels_avx2_madd::<2>(&rows[..all], step, d, dst, blocks);
            } else {
                qs8_pixels_avx2_madd::<1>(&rows[..all], step, d, dst, blocks);
            }
            16 * blocks
        } else {
            0
        };
        if pair {
            qs8_pixels_avx2::<2>(t, step, x, d, dst, done)
        } else {
            qs8_pixels_avx2::<1>(t, step, x, d, dst, done)
        }
    };
    walk(
        g,
        pixels,
        out,
        |t, dst| run(t, dst, true),
        |t, dst| run(t, dst, false),
    );
}

/// Most taps of the `vpmaddwd` depthwise kernel (7x7).
#[cfg(target_arch = "x86_64")]
const MADD_TAPS: usize = 49;

/// `qs8_pixels_avx2` for the first `blocks * 16` channels of `P` pixels: `rows[k]` is
/// the first pixel's input row of tap `k` (in kernel order; a row of the input zero
/// point for a tap outside), the second pixel's is `step` further. Each pair of taps'
/// inputs (minus the zero point, in `i16`) is interleaved and multiplied with
/// `d.pairs` by `vpmaddwd`, two products per `i32` lane: exactly the sums of the
/// `vpmulld` loop (|x - zp| <= 255, |w| <= 128), at half its instructions.
///
/// # Safety
/// The CPU has AVX2; every row pointer (plus `step` when `P` = 2) has `16 * blocks`
/// readable values; `o` holds `P` pixels of `c` channels; `d.pairs` holds
/// `ceil(rows / 2) * blocks * 32` values.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,fma")]
unsafe fn qs8_pixels_avx2_madd<const P: usize>(
    rows: &[*const i8],
    step: usize,
    d: &DwQs8<'_>,
    o: &mut [i8],
    blocks: usize,
) {
    use std::arch::x86_64::*;
    let c = d.bias.len();
    let zx = _mm256_set1_epi16(d.x_zero_point as i16);
    let zp = _mm256_set1_epi32(d.zero_point);
    let lo = _mm256_set1_epi32(d.qmin as i32);
    let hi = _mm256_set1_epi32(d.qmax as i32);
    let pairs = rows.len().div_ceil(2);
    let wp = d.pairs.as_ptr();
    for b in 0..blocks {
        let c0 = 16 * b;
        let mut acc = [[_mm256_setzero_si256(); 2]; P];
        for j in 0..pairs {
            let w = wp.add((j * blocks + b) * 32) as *const __m256i;
            let (wl, wh) = (_mm256_loadu_si256(w), _mm256_loadu_si256(w.add(1)));
            let (xa, xb) = (rows[2 * j], rows.get(2 * j + 1).copied());
            for (p, a) in acc.iter_mut().enumerate() {
                let ld = |row: *const i8| {
                    let v = _mm_loadu_si128(row.add(p * step + c0) as *const __m128i);
                    _mm256_sub_epi16(_mm256_cvtepi8_epi16(v), zx)
                };
                let va = ld(xa);
                let vb = xb.map_or(_mm256_setzero_si256(), ld);
                a[0] = _mm256_add_epi32(a[0], _mm256_madd_epi16(_mm256_unpacklo_epi16(va, vb), wl));
                a[1] = _mm256_add_epi32(a[1], _mm256_madd_epi16(_mm256_unpackhi_epi16(va, vb), wh));
            }
        }
        // Lanes of a[0]: channels 0-3 | 8-11 of the block; of a[1]: 4-7 | 12-15.
        let reorder = |ptr: *const __m256i| {
            let (v0, v1) = (_mm256_loadu_si256(ptr), _mm256_loadu_si256(ptr.add(1)));
            (
                _mm256_permute2x128_si256::<0x20>(v0, v1),
                _mm256_permute2x128_si256::<0x31>(v0, v1),
            )
        };
        let (bl, bh) = reorder(d.bias.as_ptr().add(c0) as *const __m256i);
        let (sl, sh) = reorder(d.scale.as_ptr().add(c0) as *const __m256i);
        let (sl, sh) = (_mm256_castsi256_ps(sl), _mm256_castsi256_ps(sh));
        for (p, a) in acc.iter().enumerate() {
            let rq = |acc: __m256i, bias: __m256i, scale: __m256| {
                let v = _mm256_add_epi32(acc, bias);
                let r = _mm256_cvtps_epi32(_mm256_mul_ps(_mm256_cvtepi32_ps(v), scale));
                _mm256_min_epi32(_mm256_max_epi32(_mm256_add_epi32(r, zp), lo), hi)
            };
            // packs puts each lane's channels back in order: 0-7 | 8-15.
            let w16 = _mm256_packs_epi32(rq(a[0], bl, sl), rq(a[1], bh, sh));
            let w8 = _mm256_packs_epi16(w16, w16);
            let bytes = _mm_unpacklo_epi64(
                _mm256_castsi256_si128(w8),
                _mm256_extracti128_si256::<1>(w8),
            );
            _mm_storeu_si128(o.as_mut_ptr().add(p * c + c0) as *mut __m128i, bytes);
        }
    }
}

/// The portable loops compiled for AVX2 + FMA (the compiler vectorizes the channel
/// loops 8 wide and the int8 requantization with `vcvtps2dq`/`vpmulld`).
///
/// # Safety
/// The CPU has AVX2 and FMA; otherwise as [`f32_impl`].
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,fma")]
unsafe fn f32_avx2(
    g: &ConvGeometry,
    d: &DwF32<'_>,
    x: &[f32],
    min: f32,
    max: f32,
    pixels: Range<usize>,
    out: &mut [f32],
) {
    f32_impl(g, d, x, min, max, pixels, out)
}

/// See [`f32_avx2`].
///
/// # Safety
/// The CPU has AVX2 and FMA.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,fma")]
unsafe fn qs8_avx2(
    g: &ConvGeometry,
    d: &DwQs8<'_>,
    x: &[i8],
    pixels: Range<usize>,
    out: &mut [i8],
) {
    qs8_impl(g, d, x, pixels, out)
}

/// fp32 depthwise convolution of output pixels `pixels` (NHW order) into `out`, which
/// holds those pixels only (`pixels.len() * channels_out` values, pixel
/// `pixels.start` first), so that disjoint ranges can run on different threads. The
/// caller checked `g` (groups = channels_in), the range and the lengths of `x`, `out`
/// and the weights.
pub(super) fn depthwise_f32(
    g: &ConvGeometry,
    d: &DwF32<'_>,
    x: &[f32],
    min: f32,
    max: f32,
    pixels: Range<usize>,
    out: &mut [f32],
) {
    depthwise_f32_on(Isa::current(), g, d, x, min, max, pixels, out)
}

/// [`depthwise_f32`] at level `isa` (at most [`Isa::detected`]).
#[allow(clippy::too_many_arguments)]
pub(super) fn depthwise_f32_on(
    isa: Isa,
    g: &ConvGeometry,
    d: &DwF32<'_>,
    x: &[f32],
    min: f32,
    max: f32,
    pixels: Range<usize>,
    out: &mut [f32],
) {
    let isa = isa.min(Isa::detected());
    #[cfg(target_arch = "x86_64")]
    match isa {
        // SAFETY: the CPU has the features; multiplier 1, and the caller checked the
        // input, weight and output lengths, so every tap's range is in bounds.
        Isa::Avx512 if g.channels_out == g.channels_in => {
            return unsafe { f32_avx512(g, d, x, min, max, pixels, out) }
        }
        // SAFETY: the level is at least AVX2 only on a CPU with AVX2 and FMA.
        Isa::Avx2 if g.channels_out == g.channels_in => {
            return unsafe { f32_avx2_mult1(g, d, x, min, max, pixels, out) }
        }
        // SAFETY: as above.
        Isa::Avx512 | Isa::Avx2 => return unsafe { f32_avx2(g, d, x, min, max, pixels, out) },
        Isa::Portable => {}
    }
    let _ = isa;
    f32_impl(g, d, x, min, max, pixels, out)
}

/// int8 depthwise convolution (see [`depthwise_f32`]).
pub(super) fn depthwise_qs8(
    g: &ConvGeometry,
    d: &DwQs8<'_>,
    x: &[i8],
    pixels: Range<usize>,
    out: &mut [i8],
) {
    depthwise_qs8_on(Isa::current(), g, d, x, pixels, out)
}

/// [`depthwise_qs8`] at level `isa` (at most [`Isa::detected`]).
pub(super) fn depthwise_qs8_on(
    isa: Isa,
    g: &ConvGeometry,
    d: &DwQs8<'_>,
    x: &[i8],
    pixels: Range<usize>,
    out: &mut [i8],
) {
    let isa = isa.min(Isa::detected());
    #[cfg(target_arch = "x86_64")]
    match isa {
        // SAFETY: as in `depthwise_f32`.
        Isa::Avx512 if g.channels_out == g.channels_in => {
            return unsafe { qs8_avx512(g, d, x, pixels, out) }
        }
        // SAFETY: as in `depthwise_f32`.
        Isa::Avx2 if g.channels_out == g.channels_in => {
            return unsafe { qs8_avx2_mult1(g, d, x, pixels, out) }
        }
        // SAFETY: as in `depthwise_f32`.
        Isa::Avx512 | Isa::Avx2 => return unsafe { qs8_avx2(g, d, x, pixels, out) },
        Isa::Portable => {}
    }
    let _ = isa;
    qs8_impl(g, d, x, pixels, out)
}
