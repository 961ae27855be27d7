//! Pooling on NHWC tensors.

use super::elementwise::clamp;

/// Geometry of a pooling window over an NHWC tensor, paddings resolved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PoolGeom {
    pub n: usize,
    pub h: usize,
    pub w: usize,
    pub c: usize,
    pub oh: usize,
    pub ow: usize,
    pub kh: usize,
    pub kw: usize,
    pub sh: usize,
    pub sw: usize,
    pub dh: usize,
    pub dw: usize,
    pub pad_top: usize,
    pub pad_left: usize,
}

/// The range of window taps `k` (of `kernel`) whose input position
/// `start + k * dilation - pad` lies in `0..size`.
pub fn taps_inside(
    start: usize,
    pad: usize,
    dilation: usize,
    kernel: usize,
    size: usize,
) -> (usize, usize) {
    let (start, pad, d) = (start as u64, pad as u64, dilation.max(1) as u64);
    // First k with start + k * d >= pad.
    let lo = pad.saturating_sub(start).div_ceil(d);
    // First k with start + k * d >= pad + size.
    let hi = (pad + size as u64).saturating_sub(start).div_ceil(d);
    let lo = lo.min(kernel as u64) as usize;
    let hi = hi.min(kernel as u64) as usize;
    (lo, hi.max(lo))
}

/// Max (`is_max`) or average pooling; the average counts only window elements inside
/// the input (XNNPACK's rule).
pub fn pool(g: &PoolGeom, x: &[f32], out: &mut [f32], is_max: bool, min: f32, max: f32) {
    #[cfg(target_arch = "wasm32")]
    if is_max && max_pool_lanes(g, x, out, min, max) {
        return;
    }
    let c = g.c;
    let mut acc = vec![0.0f32; c];
    for b in 0..g.n {
        for oy in 0..g.oh {
            for ox in 0..g.ow {
                acc.fill(if is_max { f32::NEG_INFINITY } else { 0.0 });
                let mut count = 0usize;
                // Only the window positions inside the input (a window may be far
                // larger than the input).
                let (ky0, ky1) = taps_inside(oy * g.sh, g.pad_top, g.dh, g.kh, g.h);
                let (kx0, kx1) = taps_inside(ox * g.sw, g.pad_left, g.dw, g.kw, g.w);
                for ky in ky0..ky1 {
                    let iy = (oy * g.sh + ky * g.dh) as isize - g.pad_top as isize;
                    if iy < 0 || iy >= g.h as isize {
                        continue;
                    }
                    for kx in kx0..kx1 {
                        let ix = (ox * g.sw + kx * g.dw) as isize - g.pad_left as isize;
                        if ix < 0 || ix >= g.w as isize {
                            continue;
                        }
                        count += 1;
                        let p = ((b * g.h + iy as usize) * g.w + ix as usize) * c;
                        let px = &x[p..p + c];
                        if is_max {
                            for (a, &v) in acc.iter_mut().zip(px) {
                                // NaN-propagating, as XNNPACK's max pooling.
                                *a = if v > *a || v.is_nan() { v } else { *a };
                            }
                        } else {
                            for (a, &v) in acc.iter_mut().zip(px) {
                                *a += v;
                            }
                        }
                    }
                }
                let o = ((b * g.oh + oy) * g.ow + ox) * c;
                let dst = &mut out[o..o + c];
                if is_max {
                    for (d, &a) in dst.iter_mut().zip(&acc) {
                        *d = clamp(a, min, max);
                    }
                } else {
                    let inv = if count == 0 { 0.0 } else { 1.0 / count as f32 };
                    for (d, &a) in dst.iter_mut().zip(&acc) {
                        *d = clamp(a * inv, min, max);
                    }
                }
            }
        }
    }
}

/// Values max pooling runs on `L` lanes at a time with wasm SIMD.
#[cfg(target_arch = "wasm32")]
pub trait MaxLanes: Copy {
    /// Lanes per `v128`.
    const L: usize;
    /// `dst[..L] = clamp(max over the taps t of t[at..at + L], lo, hi)` (the
    /// lowest value when there are no taps).
    ///
    /// # Safety
    /// Every `t.add(at)` and `dst` must be valid for `L` values.
    unsafe fn max_into(taps: &[*const Self], at: usize, dst: *mut Self, lo: Self, hi: Self);

    /// [`MaxLanes::max_into`] of the `4 * L` values from `at` in one walk over the
    /// taps: four independent maxima per tap instead of one chain of dependent ones
    /// (the chain's latency was what a tap cost), and a quarter of the loop headers.
    ///
    /// # Safety
    /// Every `t.add(at)` and `dst` must be valid for `4 * L` values.
    unsafe fn max_into4(taps: &[*const Self], at: usize, dst: *mut Self, lo: Self, hi: Self);
}

#[cfg(target_arch = "wasm32")]
impl MaxLanes for f32 {
    const L: usize = 4;
    #[inline(always)]
    unsafe fn max_into(taps: &[*const f32], at: usize, dst: *mut f32, lo: f32, hi: f32) {
        use core::arch::wasm32::*;
        // `f32x4.pmax` is one instruction (`f32x4.max`, with wasm's NaN and signed
        // zero rules, is several, on the dependency chain); NaNs are tracked on the
        // side so that one propagates, as in the scalar loop.
        let mut m = f32x4_splat(f32::NEG_INFINITY);
        let mut nan = f32x4_splat(0.0);
        for &t in taps {
            let v = unsafe { v128_load(t.add(at) as *const v128) };
            m = f32x4_pmax(m, v);
            nan = v128_or(nan, f32x4_ne(v, v));
        }
        let m = v128_bitselect(f32x4_splat(f32::NAN), m, nan);
        // The scalar `clamp`: NaN passes through both comparisons.
        let (lo, hi) = (f32x4_splat(lo), f32x4_splat(hi));
        let m = v128_bitselect(lo, m, f32x4_lt(m, lo));
        let m = v128_bitselect(hi, m, f32x4_gt(m, hi));
        unsafe { v128_store(dst as *mut v128, m) };
    }

    #[inline(always)]
    unsafe fn max_into4(taps: &[*const f32], at: usize, dst: *mut f32, lo: f32, hi: f32) {
        use core::arch::wasm32::*;
        let mut m = [f32x4_splat(f32::NEG_INFINITY); 4];
        let mut nan = [f32x4_splat(0.0); 4];
        for &t in taps {
            for k in 0..4 {
                let v = unsafe { v128_load(t.add(at + 4 * k) as *const v128) };
                m[k] = f32x4_pmax(m[k], v);
                nan[k] = v128_or(nan[k], f32x4_ne(v, v));
            }
        }
        let (lo, hi) = (f32x4_splat(lo), f32x4_splat(hi));
        for k in 0..4 {
            let v = v128_bitselect(f32x4_splat(f32::NAN), m[k], nan[k]);
            let v = v128_bitselect(lo, v, f32x4_lt(v, lo));
            let v = v128_bitselect(hi, v, f32x4_gt(v, hi));
            unsafe { v128_store(dst.add(4 * k) as *mut v128, v) };
        }
    }
}

#[cfg(target_arch = "wasm32")]
impl MaxLanes for i8 {
    const L: usize = 16;
    #[inline(always)]
    unsafe fn max_into(taps: &[*const i8], at: usize, dst: *mut i8, lo: i8, hi: i8) {
        use core::arch::wasm32::*;
        let mut m = i8x16_splat(i8::MIN);
        for &t in taps {
            m = i8x16_max(m, unsafe { v128_load(t.add(at) as *const v128) });
        }
        let m = i8x16_min(i8x16_max(m, i8x16_splat(lo)), i8x16_splat(hi));
        unsafe { v128_store(dst as *mut v128, m) };
    }

    #[inline(always)]
    unsafe fn max_into4(taps: &[*const i8], at: usize, dst: *mut i8, lo: i8, hi: i8) {
        use core::arch::wasm32::*;
        let mut m = [i8x16_splat(i8::MIN); 4];
        for &t in taps {
            for (k, mk) in m.iter_mut().enumerate() {
                *mk = i8x16_max(*mk, unsafe { v128_load(t.add(at + 16 * k) as *const v128) });
            }
        }
        for (k, mk) in m.iter().enumerate() {
            let v = i8x16_min(i8x16_max(*mk, i8x16_splat(lo)), i8x16_splat(hi));
            unsafe { v128_store(dst.add(16 * k) as *mut v128, v) };
        }
    }
}

/// Max pooling of NHWC `x` into `out`, clamped to `[lo, hi]`, `4 * L` channels at a
/// time, then `L` (the last chunk overlapping the one before it when `c` is not a
/// multiple of `L`: it writes the same values again). Returns false, doing nothing, when `c < L` or
/// the slices are shorter than `g` says (the scalar loops handle those).
#[cfg(target_arch = "wasm32")]
pub fn max_pool_lanes<E: MaxLanes>(g: &PoolGeom, x: &[E], out: &mut [E], lo: E, hi: E) -> bool {
    let c = g.c;
    let sizes = [g.n, g.h, g.w, c]
        .iter()
        .try_fold(1usize, |a, &d| a.checked_mul(d));
    let out_sizes = [g.n, g.oh, g.ow, c]
        .iter()
        .try_fold(1usize, |a, &d| a.checked_mul(d));
    let fits = sizes.is_some_and(|s| s <= x.len()) && out_sizes.is_some_and(|s| s <= out.len());
    if c < E::L || !fits {
        return false;
    }
    let mut taps: Vec<*const E> = Vec::with_capacity(g.kh.saturating_mul(g.kw).min(1 << 12));
    let columns: Vec<(usize, usize)> = (0..g.ow)
        .map(|ox| taps_inside(ox * g.sw, g.pad_left, g.dw, g.kw, g.w))
        .collect();
    for b in 0..g.n {
        for oy in 0..g.oh {
            let (ky0, ky1) = taps_inside(oy * g.sh, g.pad_top, g.dh, g.kh, g.h);
            for (ox, &(kx0, kx1)) in columns.iter().enumerate() {
                taps.clear();
                for ky in ky0..ky1 {
                    // In range: `taps_inside` keeps only taps inside the input.
                    let iy = oy * g.sh + ky * g.dh - g.pad_top;
                    for kx in kx0..kx1 {
                        let ix = ox * g.sw + kx * g.dw - g.pad_left;
                        let p = ((b * g.h + iy) * g.w + ix) * c;
                        // SAFETY: `p + c <= x.len()` (checked sizes above).
                        taps.push(unsafe { x.as_ptr().add(p) });
                    }
                }
                let o = ((b * g.oh + oy) * g.ow + ox) * c;
                let mut ch = 0;
                while ch + 4 * E::L <= c {
                    // SAFETY: `ch + 4L <= c`, within each tap's pixel and the output's.
                    unsafe { E::max_into4(&taps, ch, out.as_mut_ptr().add(o + ch), lo, hi) };
                    ch += 4 * E::L;
                }
                if ch == c {
                    continue;
                }
                loop {
                    let at = ch.min(c - E::L);
                    // SAFETY: `at + L <= c`, within each tap's pixel and the output's.
                    unsafe { E::max_into(&taps, at, out.as_mut_ptr().add(o + at), lo, hi) };
                    if at == c - E::L {
                        break;
                    }
                    ch += E::L;
                }
            }
        }
    }
    true
}

/// Mean over the `hw` pixels of each of `n` images with `c` channels (NHWC).
pub fn global_avg(x: &[f32], n: usize, hw: usize, c: usize, out: &mut [f32], min: f32, max: f32) {
    if c == 0 {
        return;
    }
    let inv = if hw == 0 { 0.0 } else { 1.0 / hw as f32 };
    for b in 0..n {
        let img = &x[b * hw * c..(b + 1) * hw * c];
        let o = &mut out[b * c..(b + 1) * c];
        // 16 channels at a time over every pixel, the sums in registers (four f32x4 on
        // wasm SIMD) instead of a read-modify-write of the whole sum row per pixel; each
        // channel still adds its pixels in order, so the bits are unchanged.
        //
        // Two pixels per loop iteration, added one after the other (same order): under a
        // call deadline wasmtime checks the epoch at every loop header, which nearly
        // doubled this loop's time with one pixel per iteration.
        let mut c0 = 0;
        while c0 + 16 <= c {
            let mut acc = [0f32; 16];
            let mut pairs = img.chunks_exact(2 * c);
            for pair in &mut pairs {
                let (p0, p1) = pair.split_at(c);
                for (a, &v) in acc.iter_mut().zip(&p0[c0..c0 + 16]) {
                    *a += v;
                }
                for (a, &v) in acc.iter_mut().zip(&p1[c0..c0 + 16]) {
                    *a += v;
                }
            }
            let last = pairs.remainder();
            if !last.is_empty() {
                for (a, &v) in acc.iter_mut().zip(&last[c0..c0 + 16]) {
                    *a += v;
                }
            }
            o[c0..c0 + 16].copy_from_slice(&acc);
            c0 += 16;
        }
        if c0 < c {
            let tail = &mut o[c0..];
            tail.fill(0.0);
            for px in img.chunks_exact(c) {
                for (a, &v) in tail.iter_mut().zip(&px[c0..]) {
                    *a += v;
                }
            }
        }
        for a in o.iter_mut() {
            *a = clamp(*a * inv, min, max);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn global_avg_matches_in_order_sums() {
        for &(n, hw, c) in &[(1, 49, 144), (2, 30, 17), (1, 7, 16), (1, 3, 5), (2, 0, 8)] {
            let x: Vec<f32> = (0..n * hw * c)
                .map(|i| ((i * 7919) % 97) as f32 * 0.37 - 17.0)
                .collect();
            let mut got = vec![0f32; n * c];
            global_avg(&x, n, hw, c, &mut got, -10.0, 10.0);
            let inv = if hw == 0 { 0.0 } else { 1.0 / hw as f32 };
            for b in 0..n {
                for ch in 0..c {
                    let mut s = 0f32;
                    for q in 0..hw {
                        s += x[(b * hw + q) * c + ch];
                    }
                    let want = clamp(s * inv, -10.0, 10.0);
                    assert_eq!(
                        got[b * c + ch].to_bits(),
                        want.to_bits(),
                        "[{b}, {ch}] of {n}x{hw}x{c}"
                    );
                }
            }
        }
    }

    #[test]
    fn taps_inside_matches_scan() {
        for start in 0..7 {
            for pad in 0..4 {
                for d in 1..4 {
                    for k in 1..6 {
                        for size in 0..6 {
                            let valid: Vec<usize> = (0..k)
                                .filter(|&t| {
                                    let p = (start + t * d) as isize - pad as isize;
                                    p >= 0 && p < size as isize
                                })
                                .collect();
                            let (lo, hi) = taps_inside(start, pad, d, k, size);
                            let got: Vec<usize> = (lo..hi).filter(|t| valid.contains(t)).collect();
                            assert_eq!(got, valid, "{start} {pad} {d} {k} {size}");
                        }
                    }
                }
            }
        }
    }
}
