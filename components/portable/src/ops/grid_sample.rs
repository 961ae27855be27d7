//! `aten::grid_sampler_2d.out`: samples an `[N, C, H, W]` input at the normalized
//! `(x, y)` locations of an `[N, Ho, Wo, 2]` grid, with PyTorch's semantics
//! (`aten/src/ATen/native/GridSampler.cpp`, `GridSampler.h`): bilinear, nearest or
//! bicubic interpolation; zeros, border or reflection padding; `align_corners`
//! choosing whether -1 and 1 are the centres or the outer edges of the corner pixels.
//! Coordinates and sums are computed in `f64`.

use crate::args::Args;
use crate::elem::{self, is_float};
use crate::registry::{Registrar, FLOATS};
use crate::{invalid, KResult};

/// Registers this module's operators.
pub fn register(r: &mut Registrar) {
    r.add("aten::grid_sampler_2d.out", FLOATS, grid_sampler_2d);
}

#[derive(Clone, Copy, PartialEq)]
enum Padding {
    Zeros,
    Border,
    Reflection,
}

/// Maps a normalized coordinate in [-1, 1] to a pixel coordinate in `0..size`.
fn unnormalize(c: f64, size: usize, align_corners: bool) -> f64 {
    let s = size as f64;
    if align_corners {
        (c + 1.0) / 2.0 * (s - 1.0)
    } else {
        ((c + 1.0) * s - 1.0) / 2.0
    }
}

/// Reflects `c` into `[low, high]` given as twice their values, as PyTorch.
fn reflect(c: f64, twice_low: f64, twice_high: f64) -> f64 {
    if twice_low == twice_high {
        return 0.0;
    }
    let min = twice_low / 2.0;
    let span = (twice_high - twice_low) / 2.0;
    let c = (c - min).abs();
    let extra = c % span;
    let flips = (c / span).floor();
    if flips % 2.0 == 0.0 {
        extra + min
    } else {
        span - extra + min
    }
}

/// The pixel coordinate of a normalized one, after the padding mode's adjustment.
fn source_index(c: f64, size: usize, padding: Padding, align_corners: bool) -> f64 {
    let c = unnormalize(c, size, align_corners);
    let clip = |c: f64| c.max(0.0).min(size as f64 - 1.0);
    match padding {
        Padding::Zeros => c,
        Padding::Border => clip(c),
        Padding::Reflection => {
            let s = size as f64;
            let r = if align_corners {
                reflect(c, 0.0, 2.0 * (s - 1.0))
            } else {
                reflect(c, -1.0, 2.0 * s - 1.0)
            };
            clip(r)
        }
    }
}

/// Cubic convolution weights (A = -0.75) of the four taps around a fraction `t`.
fn cubic_weights(t: f64) -> [f64; 4] {
    const A: f64 = -0.75;
    let near = |x: f64| ((A + 2.0) * x - (A + 3.0)) * x * x + 1.0;
    let far = |x: f64| ((A * x - 5.0 * A) * x + 8.0 * A) * x - 4.0 * A;
    [far(t + 1.0), near(t), near(1.0 - t), far(2.0 - t)]
}

/// `grid_sampler_2d.out(Tensor input, Tensor grid, int interpolation_mode, int
/// padding_mode, bool align_corners, *, Tensor(a!) out)`: `out[n, c, i, j]` is
/// `input[n, c]` sampled at `grid[n, i, j] = (x, y)` (x along W, y along H, both in
/// [-1, 1]). `interpolation_mode`: 0 bilinear, 1 nearest (ties to even), 2 bicubic;
/// `padding_mode`: 0 zeros (samples outside read 0), 1 border (clamped), 2 reflection.
/// `out` is `[N, C, Ho, Wo]`. Float dtypes; `invalid-argument` for ranks other than 4,
/// a grid whose batch differs or whose last dimension is not 2, or unknown modes.
fn grid_sampler_2d(a: &mut Args) -> KResult {
    let x = a.tensor(0)?;
    let grid = a.tensor(1)?;
    let mode = a.int(2)?;
    let padding = match a.int(3)? {
        0 => Padding::Zeros,
        1 => Padding::Border,
        2 => Padding::Reflection,
        other => return Err(invalid(format!("grid_sampler: padding mode {other}"))),
    };
    let align = a.bool(4)?;
    if !(0..=2).contains(&mode) {
        return Err(invalid(format!("grid_sampler: interpolation mode {mode}")));
    }
    if x.dim() != 4 || grid.dim() != 4 || grid.sizes[0] != x.sizes[0] || grid.sizes[3] != 2 {
        return Err(invalid(format!(
            "grid_sampler_2d: input of sizes {:?} and grid of sizes {:?}",
            x.sizes, grid.sizes
        )));
    }
    let (n, c, h, w) = (x.sizes[0], x.sizes[1], x.sizes[2], x.sizes[3]);
    let (ho, wo) = (grid.sizes[1], grid.sizes[2]);
    let out = a.out(5, &[n, c, ho, wo])?;
    if !is_float(out.dtype) {
        return Err(invalid(format!(
            "grid_sampler_2d needs a floating-point output, got {:?}",
            out.dtype
        )));
    }
    let xv = elem::read::<f64>(&x)?;
    let gv = elem::read::<f64>(&grid)?;
    let mut res = vec![0.0f64; out.numel];
    let plane = h * w;
    // Reads pixel (yy, xx) of a plane, 0 outside (zeros padding; other modes only
    // read outside for bicubic, whose taps are clamped or reflected first).
    let at = |p: &[f64], yy: i64, xx: i64| -> f64 {
        if yy >= 0 && xx >= 0 && (yy as usize) < h && (xx as usize) < w {
            p[yy as usize * w + xx as usize]
        } else {
            0.0
        }
    };
    for b in 0..n {
        for i in 0..ho {
            for j in 0..wo {
                let g = ((b * ho + i) * wo + j) * 2;
                let (gx, gy) = (gv[g], gv[g + 1]);
                for ch in 0..c {
                    let p = &xv[(b * c + ch) * plane..(b * c + ch + 1) * plane];
                    let v = match mode {
                        0 => {
                            let ix = source_index(gx, w, padding, align);
                            let iy = source_index(gy, h, padding, align);
                            let (x0, y0) = (ix.floor(), iy.floor());
                            let (tx, ty) = (ix - x0, iy - y0);
                            let (x0, y0) = (x0 as i64, y0 as i64);
                            let (x1, y1) = (x0.saturating_add(1), y0.saturating_add(1));
                            at(p, y0, x0) * (1.0 - tx) * (1.0 - ty)
                                + at(p, y0, x1) * tx * (1.0 - ty)
                                + at(p, y1, x0) * (1.0 - tx) * ty
                                + at(p, y1, x1) * tx * ty
                        }
                        1 => {
                            let ix = source_index(gx, w, padding, align).round_ties_even();
                            let iy = source_index(gy, h, padding, align).round_ties_even();
                            at(p, iy as i64, ix as i64)
                        }
                        _ => {
                            // Bicubic: taps around the unpadded coordinate, each tap
                            // index then mapped by the padding mode.
                            let ix = unnormalize(gx, w, align);
                            let iy = unnormalize(gy, h, align);
                            let (x0, y0) = (ix.floor(), iy.floor());
                            let (wx, wy) = (cubic_weights(ix - x0), cubic_weights(iy - y0));
                            let tap = |t: f64, size: usize| -> i64 {
                                match padding {
                                    Padding::Zeros => t as i64,
                                    _ => {
                                        let s = size as f64;
                                        let t = if padding == Padding::Reflection {
                                            if align {
                                                reflect(t, 0.0, 2.0 * (s - 1.0))
                                            } else {
                                                reflect(t, -1.0, 2.0 * s - 1.0)
                                            }
                                        } else {
                                            t
                                        };
                                        t.max(0.0).min(s - 1.0) as i64
                                    }
                                }
                            };
                            let mut acc = 0.0;
                            for (ky, wyk) in wy.iter().enumerate() {
                                let yy = tap(y0 - 1.0 + ky as f64, h);
                                for (kx, wxk) in wx.iter().enumerate() {
                                    let xx = tap(x0 - 1.0 + kx as f64, w);
                                    acc += at(p, yy, xx) * wxk * wyk;
                                }
                            }
                            acc
                        }
                    };
                    res[((b * c + ch) * ho + i) * wo + j] = v;
                }
            }
        }
    }
    elem::write(&out, &res)
}
