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

/// Mean over the `hw` pixels of each of `n` images with `c` channels (NHWC).
pub fn global_avg(x: &[f32], n: usize, hw: usize, c: usize, out: &mut [f32], min: f32, max: f32) {
    let inv = if hw == 0 { 0.0 } else { 1.0 / hw as f32 };
    for b in 0..n {
        let o = &mut out[b * c..(b + 1) * c];
        o.fill(0.0);
        for p in 0..hw {
            let px = &x[(b * hw + p) * c..(b * hw + p + 1) * c];
            for (a, &v) in o.iter_mut().zip(px) {
                *a += v;
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
