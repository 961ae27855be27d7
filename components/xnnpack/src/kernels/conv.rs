//! Convolutions on NHWC tensors: plain (grouped) convolution lowered to the shared
//! blocked GEMM with weights packed once, a direct depthwise kernel, and transposed
//! convolution.

use plugboard_compute::gemm::{gemm_epilogue, pack_rows4, Epilogue, MatRef, PackA, PackedB, MR};

use super::elementwise::clamp;

/// Geometry of a 2-D convolution over an NHWC tensor, paddings resolved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ConvGeom {
    pub n: usize,
    pub h: usize,
    pub w: usize,
    /// Input channels (all groups).
    pub c_in: usize,
    pub oh: usize,
    pub ow: usize,
    /// Output channels (all groups).
    pub c_out: usize,
    pub kh: usize,
    pub kw: usize,
    pub sh: usize,
    pub sw: usize,
    pub dh: usize,
    pub dw: usize,
    pub pad_top: usize,
    pub pad_left: usize,
    pub groups: usize,
    pub group_in: usize,
    pub group_out: usize,
}

impl ConvGeom {
    /// Output pixels.
    pub fn pixels(&self) -> usize {
        self.n * self.oh * self.ow
    }

    /// Depth of one group's product (`kh * kw * group_in`).
    pub fn depth(&self) -> usize {
        self.kh * self.kw * self.group_in
    }

    /// Whether the convolution reads each input pixel once, in place (1x1, stride 1,
    /// no padding): the input is then the GEMM's `A` as it is.
    pub fn is_pointwise(&self) -> bool {
        self.kh == 1
            && self.kw == 1
            && self.sh == 1
            && self.sw == 1
            && self.pad_top == 0
            && self.pad_left == 0
            && self.oh == self.h
            && self.ow == self.w
    }
}

/// Packed weights of a convolution: one GEMM `B` (`depth x group_out`) per group.
#[derive(Clone, Debug)]
pub struct ConvWeights {
    pub groups: Vec<PackedB>,
}

impl ConvWeights {
    /// Packs `filter` (`[groups * group_out, kh, kw, group_in]`, the layout of both
    /// XNNPACK's convolution and fully connected (`[out, in]`) filters).
    pub fn new(
        filter: &[f32],
        groups: usize,
        group_out: usize,
        depth: usize,
    ) -> Result<ConvWeights, String> {
        let mut packed = Vec::with_capacity(groups);
        for g in 0..groups {
            let wg = &filter[g * group_out * depth..(g + 1) * group_out * depth];
            // B[k][co] = filter[g * group_out + co][k]: the filter rows are B's columns.
            let b = MatRef {
                data: wg,
                rs: 1,
                cs: depth,
            };
            packed.push(PackedB::new(depth, group_out, b).map_err(|e| e.0)?);
        }
        Ok(ConvWeights { groups: packed })
    }
}

/// Fills each of the `rows` rows (`ld` apart) of `out` with `bias`.
pub fn fill_bias(out: &mut [f32], rows: usize, ld: usize, bias: &[f32]) {
    for r in 0..rows {
        out[r * ld..r * ld + bias.len()].copy_from_slice(bias);
    }
}

/// Group `group`'s im2col matrix (`pixels x depth`, columns ordered `(ky, kx, ci)`),
/// never stored: its rows are gathered from the NHWC input straight into the GEMM's
/// packed `A` panels.
struct Im2col<'a> {
    g: &'a ConvGeom,
    x: &'a [f32],
    group: usize,
    /// `group_in` zeros, the rows of padding pixels.
    zeros: Vec<f32>,
}

impl PackA for Im2col<'_> {
    fn pack_rows(&self, buf: &mut [f32], ic: usize, mc: usize, pc: usize, kc: usize) {
        let g = self.g;
        let gi = g.group_in;
        let c0 = self.group * gi;
        let mut ir = 0;
        while ir < mc {
            let panel = &mut buf[(ir / MR) * kc * MR..(ir / MR + 1) * kc * MR];
            // Top-left input coordinates of each row's window (None past the end).
            let mut pix: [Option<(usize, isize, isize)>; MR] = [None; MR];
            for (i, px) in pix.iter_mut().enumerate() {
                if ir + i < mc {
                    let p = ic + ir + i;
                    let ox = p % g.ow;
                    let oy = (p / g.ow) % g.oh;
                    let b = p / (g.ow * g.oh);
                    *px = Some((
                        b,
                        (oy * g.sh) as isize - g.pad_top as isize,
                        (ox * g.sw) as isize - g.pad_left as isize,
                    ));
                }
            }
            let mut kk = pc;
            while kk < pc + kc {
                let t = kk / gi;
                let ci0 = kk % gi;
                let len = (gi - ci0).min(pc + kc - kk);
                let (ky, kx) = (t / g.kw, t % g.kw);
                let rows: [&[f32]; MR] = std::array::from_fn(|i| match pix[i] {
                    Some((b, y0, x0)) => {
                        let iy = y0 + (ky * g.dh) as isize;
                        let ix = x0 + (kx * g.dw) as isize;
                        if iy < 0 || ix < 0 || iy >= g.h as isize || ix >= g.w as isize {
                            &self.zeros[..len]
                        } else {
                            let s =
                                ((b * g.h + iy as usize) * g.w + ix as usize) * g.c_in + c0 + ci0;
                            &self.x[s..s + len]
                        }
                    }
                    None => &self.zeros[..len],
                });
                pack_rows4(&mut panel[(kk - pc) * MR..], rows, len);
                kk += len;
            }
            ir += MR;
        }
    }
}

/// Convolution: `out = clamp(conv(x, weights) + bias)`; the bias and clamp are fused
/// into the GEMM's stores.
pub fn conv2d(
    g: &ConvGeom,
    wts: &ConvWeights,
    bias: Option<&[f32]>,
    x: &[f32],
    out: &mut [f32],
    min: f32,
    max: f32,
) -> Result<(), String> {
    let m = g.pixels();
    let k = g.depth();
    let (go, co) = (g.group_out, g.c_out);
    if x.len() < g.n * g.h * g.w * g.c_in || out.len() < m * co {
        return Err("convolution operands too small".into());
    }
    for (grp, b) in wts.groups.iter().enumerate() {
        let e = Epilogue {
            bias: bias.map(|b| &b[grp * go..]),
            min,
            max,
        };
        let c = &mut out[grp * go..];
        if g.is_pointwise() {
            // The input is the im2col matrix.
            let a = MatRef {
                data: &x[grp * g.group_in..],
                rs: g.c_in,
                cs: 1,
            };
            if !a.fits(m, k) {
                return Err("convolution input too small".into());
            }
            gemm_epilogue(m, go, k, 1.0, &a, b, 0.0, c, co, Some(&e))
        } else {
            let a = Im2col {
                g,
                x,
                group: grp,
                zeros: vec![0.0; g.group_in],
            };
            gemm_epilogue(m, go, k, 1.0, &a, b, 0.0, c, co, Some(&e))
        }
        .map_err(|e| e.0)?;
    }
    Ok(())
}

/// Depthwise convolution: output channel `c * mult + j` is input channel `c` filtered
/// by `filter[.., c * mult + j]` (`filter` is `[kh * kw, c_out]`).
pub fn depthwise(
    g: &ConvGeom,
    filter: &[f32],
    bias: &[f32],
    x: &[f32],
    out: &mut [f32],
    min: f32,
    max: f32,
) {
    let (c, oc) = (g.c_in, g.c_out);
    let mult = if c == 0 { 1 } else { oc / c };
    // Valid taps of the current output pixel: (input pixel offset, filter row offset).
    let mut taps: Vec<(usize, usize)> = Vec::with_capacity(g.kh * g.kw);
    // All taps, relative to the window's top-left input pixel (for interior pixels).
    let mut all: Vec<(usize, usize)> = Vec::with_capacity(g.kh * g.kw);
    for ky in 0..g.kh {
        for kx in 0..g.kw {
            all.push(((ky * g.dh * g.w + kx * g.dw) * c, (ky * g.kw + kx) * oc));
        }
    }
    let span_h = (g.kh - 1) * g.dh;
    let span_w = (g.kw - 1) * g.dw;
    for b in 0..g.n {
        for oy in 0..g.oh {
            let y0 = (oy * g.sh) as isize - g.pad_top as isize;
            let rows_inside = y0 >= 0 && y0 as usize + span_h < g.h;
            for ox in 0..g.ow {
                let x0 = (ox * g.sw) as isize - g.pad_left as isize;
                taps.clear();
                if rows_inside && x0 >= 0 && x0 as usize + span_w < g.w {
                    let base = ((b * g.h + y0 as usize) * g.w + x0 as usize) * c;
                    taps.extend(all.iter().map(|&(xo, wo)| (base + xo, wo)));
                } else {
                    for ky in 0..g.kh {
                        let iy = (oy * g.sh + ky * g.dh) as isize - g.pad_top as isize;
                        if iy < 0 || iy >= g.h as isize {
                            continue;
                        }
                        for kx in 0..g.kw {
                            let ix = (ox * g.sw + kx * g.dw) as isize - g.pad_left as isize;
                            if ix < 0 || ix >= g.w as isize {
                                continue;
                            }
                            taps.push((
                                ((b * g.h + iy as usize) * g.w + ix as usize) * c,
                                (ky * g.kw + kx) * oc,
                            ));
                        }
                    }
                }
                let o = ((b * g.oh + oy) * g.ow + ox) * oc;
                let acc = &mut out[o..o + oc];
                if mult == 1 {
                    depthwise_pixel(&taps, x, filter, bias, acc, min, max);
                    continue;
                }
                acc.copy_from_slice(bias);
                for &(xo, wo) in &taps {
                    let xp = &x[xo..xo + c];
                    let wp = &filter[wo..wo + oc];
                    for (ci, &xv) in xp.iter().enumerate() {
                        let s = ci * mult;
                        for (a, &wv) in acc[s..s + mult].iter_mut().zip(&wp[s..s + mult]) {
                            *a += xv * wv;
                        }
                    }
                }
                for a in acc.iter_mut() {
                    *a = clamp(*a, min, max);
                }
            }
        }
    }
}

/// One output pixel of a depthwise convolution with multiplier 1: `out[c] =
/// clamp(bias[c] + sum over taps of x[xo + c] * filter[wo + c])`.
#[cfg(target_arch = "wasm32")]
fn depthwise_pixel(
    taps: &[(usize, usize)],
    x: &[f32],
    filter: &[f32],
    bias: &[f32],
    out: &mut [f32],
    min: f32,
    max: f32,
) {
    use std::arch::wasm32::*;
    let c = out.len();
    // Bounds for the unchecked loads below.
    let (xmax, wmax) = taps
        .iter()
        .fold((0, 0), |(a, b), &(xo, wo)| (a.max(xo), b.max(wo)));
    assert!(xmax + c <= x.len() && wmax + c <= filter.len() && bias.len() >= c);
    #[inline(always)]
    fn madd(a: v128, b: v128, acc: v128) -> v128 {
        #[cfg(target_feature = "relaxed-simd")]
        {
            f32x4_relaxed_madd(a, b, acc)
        }
        #[cfg(not(target_feature = "relaxed-simd"))]
        {
            f32x4_add(f32x4_mul(a, b), acc)
        }
    }
    let (vlo, vhi) = (f32x4_splat(min), f32x4_splat(max));
    let (xp, wp, bp, op) = (x.as_ptr(), filter.as_ptr(), bias.as_ptr(), out.as_mut_ptr());
    let mut cb = 0;
    // SAFETY: every load reads channels cb..cb + 16 (or + 4) < c of a tap's input pixel
    // or filter row, in bounds by the asserts above; stores write out[cb..cb + 16].
    unsafe {
        while cb + 16 <= c {
            let mut a0 = v128_load(bp.add(cb) as *const v128);
            let mut a1 = v128_load(bp.add(cb + 4) as *const v128);
            let mut a2 = v128_load(bp.add(cb + 8) as *const v128);
            let mut a3 = v128_load(bp.add(cb + 12) as *const v128);
            for &(xo, wo) in taps {
                let xi = xp.add(xo + cb);
                let wi = wp.add(wo + cb);
                a0 = madd(
                    v128_load(xi as *const v128),
                    v128_load(wi as *const v128),
                    a0,
                );
                a1 = madd(
                    v128_load(xi.add(4) as *const v128),
                    v128_load(wi.add(4) as *const v128),
                    a1,
                );
                a2 = madd(
                    v128_load(xi.add(8) as *const v128),
                    v128_load(wi.add(8) as *const v128),
                    a2,
                );
                a3 = madd(
                    v128_load(xi.add(12) as *const v128),
                    v128_load(wi.add(12) as *const v128),
                    a3,
                );
            }
            let o = op.add(cb);
            v128_store(o as *mut v128, f32x4_pmin(f32x4_pmax(a0, vlo), vhi));
            v128_store(o.add(4) as *mut v128, f32x4_pmin(f32x4_pmax(a1, vlo), vhi));
            v128_store(o.add(8) as *mut v128, f32x4_pmin(f32x4_pmax(a2, vlo), vhi));
            v128_store(o.add(12) as *mut v128, f32x4_pmin(f32x4_pmax(a3, vlo), vhi));
            cb += 16;
        }
        while cb + 4 <= c {
            let mut a0 = v128_load(bp.add(cb) as *const v128);
            for &(xo, wo) in taps {
                a0 = madd(
                    v128_load(xp.add(xo + cb) as *const v128),
                    v128_load(wp.add(wo + cb) as *const v128),
                    a0,
                );
            }
            v128_store(
                op.add(cb) as *mut v128,
                f32x4_pmin(f32x4_pmax(a0, vlo), vhi),
            );
            cb += 4;
        }
    }
    for ch in cb..c {
        let mut a = bias[ch];
        for &(xo, wo) in taps {
            a += x[xo + ch] * filter[wo + ch];
        }
        out[ch] = clamp(a, min, max);
    }
}

/// Scalar [`depthwise_pixel`] for targets without WebAssembly SIMD.
#[cfg(not(target_arch = "wasm32"))]
fn depthwise_pixel(
    taps: &[(usize, usize)],
    x: &[f32],
    filter: &[f32],
    bias: &[f32],
    out: &mut [f32],
    min: f32,
    max: f32,
) {
    let c = out.len();
    out.copy_from_slice(&bias[..c]);
    for &(xo, wo) in taps {
        for ((a, &xv), &wv) in out.iter_mut().zip(&x[xo..xo + c]).zip(&filter[wo..wo + c]) {
            *a += xv * wv;
        }
    }
    for a in out.iter_mut() {
        *a = clamp(*a, min, max);
    }
}

/// Transposed convolution (`g.oh`/`g.ow` are the cropped output sizes, `pad_top` /
/// `pad_left` the crop): `filter` is `[groups * group_out, kh, kw, group_in]`, and
/// `g.sh`/`g.sw` are the upsampling factors.
pub fn deconv2d(
    g: &ConvGeom,
    filter: &[f32],
    bias: &[f32],
    x: &[f32],
    out: &mut [f32],
    min: f32,
    max: f32,
) {
    let (gi, go) = (g.group_in, g.group_out);
    for b in 0..g.n {
        for oy in 0..g.oh {
            for ox in 0..g.ow {
                let o = ((b * g.oh + oy) * g.ow + ox) * g.c_out;
                for grp in 0..g.groups {
                    for j in 0..go {
                        let oc = grp * go + j;
                        let mut acc = bias[oc];
                        for ky in 0..g.kh {
                            let ty = (oy + g.pad_top) as isize - (ky * g.dh) as isize;
                            if ty < 0 || ty as usize % g.sh != 0 || ty as usize / g.sh >= g.h {
                                continue;
                            }
                            let iy = ty as usize / g.sh;
                            for kx in 0..g.kw {
                                let tx = (ox + g.pad_left) as isize - (kx * g.dw) as isize;
                                if tx < 0 || tx as usize % g.sw != 0 || tx as usize / g.sw >= g.w {
                                    continue;
                                }
                                let ix = tx as usize / g.sw;
                                let xp =
                                    &x[((b * g.h + iy) * g.w + ix) * g.c_in + grp * gi..][..gi];
                                let wp = &filter[((oc * g.kh + ky) * g.kw + kx) * gi..][..gi];
                                acc += xp.iter().zip(wp).map(|(a, b)| a * b).sum::<f32>();
                            }
                        }
                        out[o + oc] = clamp(acc, min, max);
                    }
                }
            }
        }
    }
}
