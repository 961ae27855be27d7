//! Convolutions on NHWC tensors: plain (grouped) convolution lowered to the shared
//! blocked GEMM with weights packed once, a direct depthwise kernel, and transposed
//! convolution.

use std::cell::RefCell;

use plugboard_compute::gemm::{gemm_epilogue, pack_rows, Epilogue, MatRef, PackA, PackedB, MR};
pub use plugboard_compute::geometry::ConvGeometry;

use super::elementwise::clamp;

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
/// never stored: each panel's rows are gathered from the NHWC input into a small
/// buffer and interleaved into the GEMM's packed `A` panel.
struct Im2col<'a> {
    g: &'a ConvGeometry,
    x: &'a [f32],
    group: usize,
    /// `MR` gathered rows of the current panel.
    rows: RefCell<Vec<f32>>,
}

impl Im2col<'_> {
    /// Gathers columns `pc..pc + dst.len()` of the im2col row of output pixel `p`.
    fn gather(&self, p: usize, pc: usize, dst: &mut [f32]) {
        let g = self.g;
        let gi = g.group_in();
        let ox = p % g.out_w;
        let oy = (p / g.out_w) % g.out_h;
        let b = p / (g.out_w * g.out_h);
        let y0 = (oy * g.stride_h) as isize - g.pad_top as isize;
        let x0 = (ox * g.stride_w) as isize - g.pad_left as isize;
        let c0 = self.group * gi;
        // Walk the taps from column pc on. With one group and no dilation, the taps
        // of a window row that lie inside the input are one contiguous run of the
        // NHWC input (a few long copies instead of `kw` short ones).
        let contiguous = g.groups == 1 && g.dilation_w == 1;
        let t = pc / gi;
        let mut ci0 = pc % gi;
        let (mut ky, mut kx) = (t / g.kernel_w, t % g.kernel_w);
        let mut at = 0;
        while at < dst.len() {
            let iy = y0 + (ky * g.dilation_h) as isize;
            let ix = x0 + (kx * g.dilation_w) as isize;
            let row_out = iy < 0 || iy >= g.height as isize;
            let out = row_out || ix < 0 || ix >= g.width as isize;
            let taps = if !contiguous {
                1
            } else if row_out {
                g.kernel_w - kx
            } else if out {
                1
            } else {
                // Inside taps from kx on: ix < w, i.e. kx < w - x0.
                g.kernel_w.min((g.width as isize - x0) as usize) - kx
            };
            let len = (taps * gi - ci0).min(dst.len() - at);
            let d = &mut dst[at..at + len];
            if out {
                d.fill(0.0);
            } else {
                let s = ((b * g.height + iy as usize) * g.width + ix as usize) * g.channels_in
                    + c0
                    + ci0;
                copy_short(d, &self.x[s..s + len]);
            }
            at += len;
            let pos = kx * gi + ci0 + len;
            kx = pos / gi;
            ci0 = pos % gi;
            if kx >= g.kernel_w {
                kx = 0;
                ci0 = 0;
                ky += 1;
            }
        }
    }
}

/// `dst.copy_from_slice(src)` without a `memory.copy` call for the short runs of
/// convolutions with few input channels (the call's fixed cost dominates there).
#[inline(always)]
fn copy_short(dst: &mut [f32], src: &[f32]) {
    if dst.len() >= 16 {
        dst.copy_from_slice(src);
        return;
    }
    let mut d = dst.chunks_exact_mut(4);
    let mut s = src.chunks_exact(4);
    for (d4, s4) in (&mut d).zip(&mut s) {
        let a = [s4[0], s4[1], s4[2], s4[3]];
        d4.copy_from_slice(&a);
    }
    match (d.into_remainder(), s.remainder()) {
        ([d0], [s0]) => *d0 = *s0,
        ([d0, d1], [s0, s1]) => {
            *d0 = *s0;
            *d1 = *s1;
        }
        ([d0, d1, d2], [s0, s1, s2]) => {
            *d0 = *s0;
            *d1 = *s1;
            *d2 = *s2;
        }
        _ => {}
    }
}

impl PackA for Im2col<'_> {
    fn pack_rows(&self, buf: &mut [f32], ic: usize, mc: usize, pc: usize, kc: usize) {
        let mut rows = self.rows.borrow_mut();
        if rows.len() < MR * kc {
            rows.resize(MR * kc, 0.0);
        }
        let mut ir = 0;
        while ir < mc {
            for i in 0..MR {
                let dst = &mut rows[i * kc..(i + 1) * kc];
                if ir + i < mc {
                    self.gather(ic + ir + i, pc, dst);
                } else {
                    dst.fill(0.0);
                }
            }
            let r: [&[f32]; MR] = std::array::from_fn(|i| &rows[i * kc..(i + 1) * kc]);
            pack_rows(
                &mut buf[(ir / MR) * kc * MR..(ir / MR + 1) * kc * MR],
                r,
                kc,
            );
            ir += MR;
        }
    }
}

/// Convolution: `out = clamp(conv(x, weights) + bias)`; the bias and clamp are fused
/// into the GEMM's stores.
pub fn conv2d(
    g: &ConvGeometry,
    wts: &ConvWeights,
    bias: Option<&[f32]>,
    x: &[f32],
    out: &mut [f32],
    min: f32,
    max: f32,
) -> Result<(), String> {
    let m = g.pixels();
    let k = g.kernel_h * g.kernel_w * g.group_in();
    let (go, co) = (g.group_out(), g.channels_out);
    if x.len() < g.batch * g.height * g.width * g.channels_in || out.len() < m * co {
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
                data: &x[grp * g.group_in()..],
                rs: g.channels_in,
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
                rows: RefCell::new(Vec::new()),
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
    g: &ConvGeometry,
    filter: &[f32],
    bias: &[f32],
    x: &[f32],
    out: &mut [f32],
    min: f32,
    max: f32,
) {
    let (c, oc) = (g.channels_in, g.channels_out);
    let mult = oc.checked_div(c).unwrap_or(1);
    // Valid taps of the current output pixel: (input pixel offset, filter row offset).
    let mut taps: Vec<(usize, usize)> = Vec::with_capacity(g.kernel_h * g.kernel_w);
    // All taps, relative to the window's top-left input pixel (for interior pixels).
    let mut all: Vec<(usize, usize)> = Vec::with_capacity(g.kernel_h * g.kernel_w);
    for ky in 0..g.kernel_h {
        for kx in 0..g.kernel_w {
            all.push((
                (ky * g.dilation_h * g.width + kx * g.dilation_w) * c,
                (ky * g.kernel_w + kx) * oc,
            ));
        }
    }
    let span_h = (g.kernel_h - 1) * g.dilation_h;
    let span_w = (g.kernel_w - 1) * g.dilation_w;
    for b in 0..g.batch {
        for oy in 0..g.out_h {
            let y0 = (oy * g.stride_h) as isize - g.pad_top as isize;
            let rows_inside = y0 >= 0 && y0 as usize + span_h < g.height;
            let mut ox = 0;
            while ox < g.out_w {
                let x0 = (ox * g.stride_w) as isize - g.pad_left as isize;
                taps.clear();
                let inside = |x0: isize| rows_inside && x0 >= 0 && x0 as usize + span_w < g.width;
                #[cfg(target_arch = "wasm32")]
                if mult == 1
                    && all.len() == 9
                    && c.is_multiple_of(4)
                    && ox + QUAD <= g.out_w
                    && inside(x0)
                    && inside(x0 + ((QUAD - 1) * g.stride_w) as isize)
                {
                    // Four neighbouring output pixels with every tap inside: each
                    // filter vector is loaded once for the four.
                    let base = ((b * g.height + y0 as usize) * g.width + x0 as usize) * c;
                    let t9: [(usize, usize); 9] =
                        std::array::from_fn(|i| (base + all[i].0, all[i].1));
                    let o = ((b * g.out_h + oy) * g.out_w + ox) * oc;
                    depthwise_row9(
                        &t9,
                        g.stride_w * c,
                        x,
                        filter,
                        bias,
                        &mut out[o..o + QUAD * oc],
                        min,
                        max,
                    );
                    ox += QUAD;
                    continue;
                }
                #[cfg(target_arch = "wasm32")]
                if mult == 1
                    && all.len() == 9
                    && ox + 1 < g.out_w
                    && inside(x0)
                    && inside(x0 + g.stride_w as isize)
                {
                    // Two neighbouring output pixels with every tap inside: one pass
                    // over the filter for both.
                    let base = ((b * g.height + y0 as usize) * g.width + x0 as usize) * c;
                    let t9: [(usize, usize); 9] =
                        std::array::from_fn(|i| (base + all[i].0, all[i].1));
                    let o = ((b * g.out_h + oy) * g.out_w + ox) * oc;
                    depthwise_pair9(
                        &t9,
                        g.stride_w * c,
                        x,
                        filter,
                        bias,
                        &mut out[o..o + 2 * oc],
                        min,
                        max,
                    );
                    ox += 2;
                    continue;
                }
                if inside(x0) {
                    let base = ((b * g.height + y0 as usize) * g.width + x0 as usize) * c;
                    taps.extend(all.iter().map(|&(xo, wo)| (base + xo, wo)));
                } else {
                    for ky in 0..g.kernel_h {
                        let iy =
                            (oy * g.stride_h + ky * g.dilation_h) as isize - g.pad_top as isize;
                        if iy < 0 || iy >= g.height as isize {
                            continue;
                        }
                        for kx in 0..g.kernel_w {
                            let ix = (ox * g.stride_w + kx * g.dilation_w) as isize
                                - g.pad_left as isize;
                            if ix < 0 || ix >= g.width as isize {
                                continue;
                            }
                            taps.push((
                                ((b * g.height + iy as usize) * g.width + ix as usize) * c,
                                (ky * g.kernel_w + kx) * oc,
                            ));
                        }
                    }
                }
                let o = ((b * g.out_h + oy) * g.out_w + ox) * oc;
                let acc = &mut out[o..o + oc];
                ox += 1;
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
    /// 16 channels from `cb` on, all taps.
    ///
    /// # Safety
    /// As below: channels `cb..cb + 16` of every tap are in bounds.
    #[inline(always)]
    unsafe fn block16<T: AsRef<[(usize, usize)]>>(
        taps: T,
        cb: usize,
        (xp, wp, bp, op): (*const f32, *const f32, *const f32, *mut f32),
        (vlo, vhi): (v128, v128),
    ) {
        let mut a0 = v128_load(bp.add(cb) as *const v128);
        let mut a1 = v128_load(bp.add(cb + 4) as *const v128);
        let mut a2 = v128_load(bp.add(cb + 8) as *const v128);
        let mut a3 = v128_load(bp.add(cb + 12) as *const v128);
        for &(xo, wo) in taps.as_ref() {
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
    }
    let ptrs = (xp, wp, bp, op);
    let mut cb = 0;
    // SAFETY: every load reads channels cb..cb + 16 (or + 4) < c of a tap's input pixel
    // or filter row, in bounds by the asserts above; stores write out[cb..cb + 16].
    unsafe {
        if let Ok(t9) = <&[(usize, usize); 9]>::try_from(taps) {
            // 3x3 windows inside the input: the tap loop fully unrolled (no loop
            // header, so the accumulators stay in registers).
            let t9 = *t9;
            while cb + 16 <= c {
                block16(t9, cb, ptrs, (vlo, vhi));
                cb += 16;
            }
        } else {
            while cb + 16 <= c {
                block16(taps, cb, ptrs, (vlo, vhi));
                cb += 16;
            }
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

/// Output pixels per pass of [`depthwise_row9`].
#[cfg(target_arch = "wasm32")]
const QUAD: usize = 4;

/// `QUAD` horizontally neighbouring output pixels of a 3x3 depthwise convolution with
/// multiplier 1 and a multiple of 4 channels, every tap inside the input: `taps` are
/// the first pixel's, each next pixel's inputs are `step` further. `out` holds the
/// pixels' channels. Four channels at a time: the nine filter vectors stay in
/// registers while each pixel's sum is one chain of loads and multiply-adds.
#[cfg(target_arch = "wasm32")]
#[allow(clippy::too_many_arguments)]
fn depthwise_row9(
    taps: &[(usize, usize); 9],
    step: usize,
    x: &[f32],
    filter: &[f32],
    bias: &[f32],
    out: &mut [f32],
    min: f32,
    max: f32,
) {
    use std::arch::wasm32::*;
    let c = out.len() / QUAD;
    let (xmax, wmax) = taps
        .iter()
        .fold((0, 0), |(a, b), &(xo, wo)| (a.max(xo), b.max(wo)));
    assert!(
        c.is_multiple_of(4)
            && xmax + (QUAD - 1) * step + c <= x.len()
            && wmax + c <= filter.len()
            && bias.len() >= c
    );
    let (vlo, vhi) = (f32x4_splat(min), f32x4_splat(max));
    let (xp, wp, bp, op) = (x.as_ptr(), filter.as_ptr(), bias.as_ptr(), out.as_mut_ptr());
    let mut cb = 0;
    // SAFETY: loads read channels cb..cb + 4 <= c of the taps' input pixels and of
    // the same pixels up to (QUAD - 1) * step further, of the filter rows and of the
    // bias (asserted in bounds above); stores write channels of the QUAD output
    // pixels in `out`.
    unsafe {
        while cb < c {
            let w: [v128; 9] =
                std::array::from_fn(|t| v128_load(wp.add(taps[t].1 + cb) as *const v128));
            let b0 = v128_load(bp.add(cb) as *const v128);
            for q in 0..QUAD {
                let mut a = b0;
                for t in 0..9 {
                    let xv = v128_load(xp.add(taps[t].0 + q * step + cb) as *const v128);
                    a = dw_madd(xv, w[t], a);
                }
                v128_store(
                    op.add(q * c + cb) as *mut v128,
                    f32x4_pmin(f32x4_pmax(a, vlo), vhi),
                );
            }
            cb += 4;
        }
    }
}

#[cfg(target_arch = "wasm32")]
#[inline(always)]
fn dw_madd(
    a: std::arch::wasm32::v128,
    b: std::arch::wasm32::v128,
    acc: std::arch::wasm32::v128,
) -> std::arch::wasm32::v128 {
    use std::arch::wasm32::*;
    #[cfg(target_feature = "relaxed-simd")]
    {
        f32x4_relaxed_madd(a, b, acc)
    }
    #[cfg(not(target_feature = "relaxed-simd"))]
    {
        f32x4_add(f32x4_mul(a, b), acc)
    }
}

/// Two horizontally neighbouring output pixels of a 3x3 depthwise convolution with
/// multiplier 1, every tap inside the input: `taps` are the first pixel's, the second
/// pixel's inputs are `step` further. `out` holds both pixels' channels.
#[cfg(target_arch = "wasm32")]
#[allow(clippy::too_many_arguments)]
fn depthwise_pair9(
    taps: &[(usize, usize); 9],
    step: usize,
    x: &[f32],
    filter: &[f32],
    bias: &[f32],
    out: &mut [f32],
    min: f32,
    max: f32,
) {
    use std::arch::wasm32::*;
    let c = out.len() / 2;
    let (xmax, wmax) = taps
        .iter()
        .fold((0, 0), |(a, b), &(xo, wo)| (a.max(xo), b.max(wo)));
    assert!(xmax + step + c <= x.len() && wmax + c <= filter.len() && bias.len() >= c);
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
    let clamp4 = |v: v128| f32x4_pmin(f32x4_pmax(v, vlo), vhi);
    let (xp, wp, bp, op) = (x.as_ptr(), filter.as_ptr(), bias.as_ptr(), out.as_mut_ptr());
    let mut cb = 0;
    // SAFETY: loads read channels cb..cb + 8 (or + 4) < c of the taps' input pixels,
    // of the same pixels `step` further, and of the filter rows and bias (asserted in
    // bounds above); stores write channels of the two output pixels in `out`.
    unsafe {
        while cb + 8 <= c {
            let mut a0 = v128_load(bp.add(cb) as *const v128);
            let mut a1 = v128_load(bp.add(cb + 4) as *const v128);
            let (mut b0, mut b1) = (a0, a1);
            for &(xo, wo) in taps {
                let w0 = v128_load(wp.add(wo + cb) as *const v128);
                let w1 = v128_load(wp.add(wo + cb + 4) as *const v128);
                let xi = xp.add(xo + cb);
                a0 = madd(v128_load(xi as *const v128), w0, a0);
                a1 = madd(v128_load(xi.add(4) as *const v128), w1, a1);
                b0 = madd(v128_load(xi.add(step) as *const v128), w0, b0);
                b1 = madd(v128_load(xi.add(step + 4) as *const v128), w1, b1);
            }
            v128_store(op.add(cb) as *mut v128, clamp4(a0));
            v128_store(op.add(cb + 4) as *mut v128, clamp4(a1));
            v128_store(op.add(c + cb) as *mut v128, clamp4(b0));
            v128_store(op.add(c + cb + 4) as *mut v128, clamp4(b1));
            cb += 8;
        }
        while cb + 4 <= c {
            let mut a0 = v128_load(bp.add(cb) as *const v128);
            let mut b0 = a0;
            for &(xo, wo) in taps {
                let w0 = v128_load(wp.add(wo + cb) as *const v128);
                a0 = madd(v128_load(xp.add(xo + cb) as *const v128), w0, a0);
                b0 = madd(v128_load(xp.add(xo + step + cb) as *const v128), w0, b0);
            }
            v128_store(op.add(cb) as *mut v128, clamp4(a0));
            v128_store(op.add(c + cb) as *mut v128, clamp4(b0));
            cb += 4;
        }
    }
    for ch in cb..c {
        let (mut a, mut b) = (bias[ch], bias[ch]);
        for &(xo, wo) in taps {
            a += x[xo + ch] * filter[wo + ch];
            b += x[xo + step + ch] * filter[wo + ch];
        }
        out[ch] = clamp(a, min, max);
        out[c + ch] = clamp(b, min, max);
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
    g: &ConvGeometry,
    filter: &[f32],
    bias: &[f32],
    x: &[f32],
    out: &mut [f32],
    min: f32,
    max: f32,
) {
    let (gi, go) = (g.group_in(), g.group_out());
    for b in 0..g.batch {
        for oy in 0..g.out_h {
            for ox in 0..g.out_w {
                let o = ((b * g.out_h + oy) * g.out_w + ox) * g.channels_out;
                for grp in 0..g.groups {
                    for j in 0..go {
                        let oc = grp * go + j;
                        let mut acc = bias[oc];
                        for ky in 0..g.kernel_h {
                            let ty = (oy + g.pad_top) as isize - (ky * g.dilation_h) as isize;
                            if ty < 0
                                || !(ty as usize).is_multiple_of(g.stride_h)
                                || ty as usize / g.stride_h >= g.height
                            {
                                continue;
                            }
                            let iy = ty as usize / g.stride_h;
                            for kx in 0..g.kernel_w {
                                let tx = (ox + g.pad_left) as isize - (kx * g.dilation_w) as isize;
                                if tx < 0
                                    || !(tx as usize).is_multiple_of(g.stride_w)
                                    || tx as usize / g.stride_w >= g.width
                                {
                                    continue;
                                }
                                let ix = tx as usize / g.stride_w;
                                let xp = &x[((b * g.height + iy) * g.width + ix) * g.channels_in
                                    + grp * gi..][..gi];
                                let wp = &filter[((oc * g.kernel_h + ky) * g.kernel_w + kx) * gi..]
                                    [..gi];
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

#[cfg(test)]
mod tests {
    use super::*;

    fn vals(n: usize, seed: usize) -> Vec<f32> {
        (0..n)
            .map(|i| (((i * 7919 + seed * 104_729) % 97) as f32 - 48.0) / 31.0)
            .collect()
    }

    /// Direct definition of a grouped NHWC convolution (OHWI filter).
    fn naive_conv(g: &ConvGeometry, x: &[f32], f: &[f32], bias: &[f32]) -> Vec<f32> {
        let mut out = vec![0.0; g.pixels() * g.channels_out];
        for b in 0..g.batch {
            for oy in 0..g.out_h {
                for ox in 0..g.out_w {
                    for oc in 0..g.channels_out {
                        let grp = oc / g.group_out();
                        let mut acc = bias[oc];
                        for ky in 0..g.kernel_h {
                            for kx in 0..g.kernel_w {
                                let iy = (oy * g.stride_h + ky * g.dilation_h) as isize
                                    - g.pad_top as isize;
                                let ix = (ox * g.stride_w + kx * g.dilation_w) as isize
                                    - g.pad_left as isize;
                                if iy < 0
                                    || ix < 0
                                    || iy >= g.height as isize
                                    || ix >= g.width as isize
                                {
                                    continue;
                                }
                                for ci in 0..g.group_in() {
                                    let xv = x[((b * g.height + iy as usize) * g.width
                                        + ix as usize)
                                        * g.channels_in
                                        + grp * g.group_in()
                                        + ci];
                                    let wv = f[((oc * g.kernel_h + ky) * g.kernel_w + kx)
                                        * g.group_in()
                                        + ci];
                                    acc += xv * wv;
                                }
                            }
                        }
                        out[((b * g.out_h + oy) * g.out_w + ox) * g.channels_out + oc] = acc;
                    }
                }
            }
        }
        out
    }

    #[allow(clippy::too_many_arguments)]
    fn geom(
        n: usize,
        h: usize,
        w: usize,
        (kh, kw): (usize, usize),
        (sh, sw): (usize, usize),
        (dh, dw): (usize, usize),
        (pt, pl, pb, pr): (usize, usize, usize, usize),
        groups: usize,
        gi: usize,
        go: usize,
    ) -> ConvGeometry {
        let oh = (h + pt + pb - ((kh - 1) * dh + 1)) / sh + 1;
        let ow = (w + pl + pr - ((kw - 1) * dw + 1)) / sw + 1;
        ConvGeometry {
            batch: n,
            height: h,
            width: w,
            channels_in: groups * gi,
            out_h: oh,
            out_w: ow,
            channels_out: groups * go,
            kernel_h: kh,
            kernel_w: kw,
            stride_h: sh,
            stride_w: sw,
            dilation_h: dh,
            dilation_w: dw,
            pad_top: pt,
            pad_left: pl,
            groups,
        }
    }

    #[test]
    fn conv_matches_naive() {
        let cases = [
            geom(2, 7, 6, (3, 3), (1, 1), (1, 1), (1, 1, 1, 1), 1, 3, 5),
            geom(1, 9, 9, (3, 3), (2, 2), (1, 1), (1, 1, 1, 1), 2, 2, 3),
            geom(1, 11, 10, (3, 2), (1, 2), (2, 1), (2, 0, 1, 1), 1, 5, 9),
            geom(1, 8, 8, (1, 1), (1, 1), (1, 1), (0, 0, 0, 0), 1, 16, 33),
            geom(1, 9, 9, (1, 1), (2, 2), (1, 1), (0, 0, 0, 0), 1, 8, 16),
            geom(1, 20, 17, (7, 7), (2, 2), (1, 1), (3, 3, 3, 3), 1, 3, 8),
            geom(1, 5, 5, (3, 3), (1, 1), (1, 1), (0, 0, 0, 0), 1, 130, 20),
        ];
        for (ci, g) in cases.iter().enumerate() {
            let x = vals(g.batch * g.height * g.width * g.channels_in, 1);
            let f = vals(g.channels_out * (g.kernel_h * g.kernel_w * g.group_in()), 2);
            let bias = vals(g.channels_out, 3);
            let want = naive_conv(g, &x, &f, &bias);
            let w = ConvWeights::new(&f, g.groups, g.group_out(), g.depth().unwrap()).unwrap();
            let mut got = vec![f32::NAN; want.len()];
            conv2d(g, &w, Some(&bias), &x, &mut got, -1.5, 1.5).unwrap();
            for (i, (a, b)) in got.iter().zip(&want).enumerate() {
                let b = b.clamp(-1.5, 1.5);
                assert!((a - b).abs() < 1e-4, "case {ci} element {i}: {a} vs {b}");
            }
        }
    }

    #[test]
    fn depthwise_matches_naive() {
        for (mult, g) in [
            (
                1,
                geom(1, 9, 8, (3, 3), (1, 1), (1, 1), (1, 1, 1, 1), 21, 1, 1),
            ),
            (
                1,
                geom(2, 9, 9, (3, 3), (2, 2), (1, 1), (1, 1, 1, 1), 36, 1, 1),
            ),
            (
                2,
                geom(1, 6, 7, (3, 3), (1, 1), (2, 2), (2, 2, 2, 2), 3, 1, 2),
            ),
            (
                1,
                geom(1, 5, 5, (5, 5), (1, 1), (1, 1), (2, 2, 2, 2), 8, 1, 1),
            ),
        ] {
            let x = vals(g.batch * g.height * g.width * g.channels_in, 4);
            // Depthwise filter [1, kh, kw, c_out]; as a grouped convolution it is
            // [c_out, kh, kw, 1].
            let f = vals(g.kernel_h * g.kernel_w * g.channels_out, 5);
            let mut grouped = vec![0.0; f.len()];
            for t in 0..g.kernel_h * g.kernel_w {
                for oc in 0..g.channels_out {
                    grouped[oc * g.kernel_h * g.kernel_w + t] = f[t * g.channels_out + oc];
                }
            }
            let bias = vals(g.channels_out, 6);
            assert_eq!(g.channels_out, g.channels_in * mult);
            let want = naive_conv(&g, &x, &grouped, &bias);
            let mut got = vec![f32::NAN; want.len()];
            depthwise(
                &g,
                &f,
                &bias,
                &x,
                &mut got,
                f32::NEG_INFINITY,
                f32::INFINITY,
            );
            for (a, b) in got.iter().zip(&want) {
                assert!((a - b).abs() < 1e-4, "{a} vs {b}");
            }
        }
    }

    #[test]
    fn deconv_matches_scatter() {
        // Stride 2, kernel 3, padding 1, adjustment 1, two groups.
        let (n, h, w, groups, gi, go, k, s, p, adj) = (1, 4, 3, 2, 2, 3, 3, 2, 1, 1);
        let oh = (h - 1) * s + adj + k - 2 * p;
        let ow = (w - 1) * s + adj + k - 2 * p;
        let g = ConvGeometry {
            batch: n,
            height: h,
            width: w,
            channels_in: groups * gi,
            out_h: oh,
            out_w: ow,
            channels_out: groups * go,
            kernel_h: k,
            kernel_w: k,
            stride_h: s,
            stride_w: s,
            dilation_h: 1,
            dilation_w: 1,
            pad_top: p,
            pad_left: p,
            groups,
        };
        let x = vals(n * h * w * g.channels_in, 7);
        let f = vals(g.channels_out * k * k * gi, 8);
        let bias = vals(g.channels_out, 9);
        // Scatter definition: every input pixel adds its contribution to the outputs
        // it reaches (full output, then cropped by the padding).
        let (fh, fw) = (oh + 2 * p, ow + 2 * p);
        let mut full = vec![0.0f32; fh * fw * g.channels_out];
        for iy in 0..h {
            for ix in 0..w {
                for oc in 0..g.channels_out {
                    let grp = oc / go;
                    for ky in 0..k {
                        for kx in 0..k {
                            let (y, xx) = (iy * s + ky, ix * s + kx);
                            if y >= fh || xx >= fw {
                                continue;
                            }
                            for ci in 0..gi {
                                full[(y * fw + xx) * g.channels_out + oc] += x
                                    [(iy * w + ix) * g.channels_in + grp * gi + ci]
                                    * f[((oc * k + ky) * k + kx) * gi + ci];
                            }
                        }
                    }
                }
            }
        }
        let mut got = vec![f32::NAN; oh * ow * g.channels_out];
        deconv2d(
            &g,
            &f,
            &bias,
            &x,
            &mut got,
            f32::NEG_INFINITY,
            f32::INFINITY,
        );
        for y in 0..oh {
            for xx in 0..ow {
                for oc in 0..g.channels_out {
                    let want = full[((y + p) * fw + xx + p) * g.channels_out + oc] + bias[oc];
                    let a = got[(y * ow + xx) * g.channels_out + oc];
                    assert!((a - want).abs() < 1e-4, "({y},{xx},{oc}): {a} vs {want}");
                }
            }
        }
    }
}
