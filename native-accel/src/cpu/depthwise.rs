//! Depthwise convolutions (one input channel per group: output channel `c * mult + j`
//! reads input channel `c`), computed directly rather than as one tiny GEMM per
//! channel. The loops run over channels so the compiler vectorizes them; on x86-64 they
//! are compiled a second time with AVX-512 (chosen at run time).

use super::ConvGeometry;

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
    pub bias: &'a [i32],
    pub scale: &'a [f32],
    pub x_zero_point: i32,
    pub zero_point: i32,
    pub qmin: i8,
    pub qmax: i8,
}

#[inline(always)]
fn f32_impl(g: &ConvGeometry, d: &DwF32<'_>, x: &[f32], min: f32, max: f32, out: &mut [f32]) {
    let (c, oc) = (g.channels_in, g.channels_out);
    let mult = oc / c;
    let mut t = Vec::with_capacity(g.kernel_h * g.kernel_w);
    let mut po = 0;
    for n in 0..g.batch {
        for oy in 0..g.out_h {
            for ox in 0..g.out_w {
                taps(g, n, oy, ox, &mut t);
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
    }
}

#[inline(always)]
fn qs8_impl(g: &ConvGeometry, d: &DwQs8<'_>, x: &[i8], out: &mut [i8]) {
    let (c, oc) = (g.channels_in, g.channels_out);
    let mult = oc / c;
    let mut t = Vec::with_capacity(g.kernel_h * g.kernel_w);
    let mut acc = vec![0i32; oc];
    let (lo, hi) = (d.qmin as i32, d.qmax as i32);
    let mut po = 0;
    for n in 0..g.batch {
        for oy in 0..g.out_h {
            for ox in 0..g.out_w {
                taps(g, n, oy, ox, &mut t);
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
                    let v = (a as f32 * s).round_ties_even() as i32;
                    *o = v.saturating_add(d.zero_point).clamp(lo, hi) as i8;
                }
                po += oc;
            }
        }
    }
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512bw,avx512vl,avx512dq,avx2,fma")]
unsafe fn f32_avx512(
    g: &ConvGeometry,
    d: &DwF32<'_>,
    x: &[f32],
    min: f32,
    max: f32,
    out: &mut [f32],
) {
    f32_impl(g, d, x, min, max, out)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512bw,avx512vl,avx512dq,avx2,fma")]
unsafe fn qs8_avx512(g: &ConvGeometry, d: &DwQs8<'_>, x: &[i8], out: &mut [i8]) {
    qs8_impl(g, d, x, out)
}

#[cfg(target_arch = "x86_64")]
fn has_avx512() -> bool {
    std::arch::is_x86_feature_detected!("avx512f")
        && std::arch::is_x86_feature_detected!("avx512bw")
        && std::arch::is_x86_feature_detected!("avx512vl")
        && std::arch::is_x86_feature_detected!("avx512dq")
        && std::arch::is_x86_feature_detected!("fma")
}

/// fp32 depthwise convolution. The caller checked `g` (groups = channels_in) and the
/// lengths of `x`, `out` and the weights.
pub(super) fn depthwise_f32(
    g: &ConvGeometry,
    d: &DwF32<'_>,
    x: &[f32],
    min: f32,
    max: f32,
    out: &mut [f32],
) {
    #[cfg(target_arch = "x86_64")]
    if has_avx512() {
        // SAFETY: the CPU has the features the function is compiled for.
        unsafe { f32_avx512(g, d, x, min, max, out) };
        return;
    }
    f32_impl(g, d, x, min, max, out)
}

/// int8 depthwise convolution (see [`depthwise_f32`]).
pub(super) fn depthwise_qs8(g: &ConvGeometry, d: &DwQs8<'_>, x: &[i8], out: &mut [i8]) {
    #[cfg(target_arch = "x86_64")]
    if has_avx512() {
        // SAFETY: the CPU has the features the function is compiled for.
        unsafe { qs8_avx512(g, d, x, out) };
        return;
    }
    qs8_impl(g, d, x, out)
}
