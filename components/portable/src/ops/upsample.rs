//! 2-D upsampling of `[N, C, H, W]` tensors: `aten::upsample_nearest2d.vec_out` and
//! `aten::upsample_bilinear2d.vec_out`, with PyTorch's source-index arithmetic
//! (`nearest_idx`, `area_pixel_compute_source_index`, done in the input's float type),
//! and antialiased bilinear resizing, `aten::_upsample_bilinear2d_aa.out` (PyTorch's
//! separable triangle filter, `UpSampleKernel.cpp`, computed in `f64`).

use crate::args::Args;
use crate::elem::{self, Compute, Family, OutBuf};
use crate::registry::{Registrar, REAL_AND_BOOL};
use crate::tensor::Tensor;
use crate::{invalid, with_compute, KResult};

/// Registers this module's operators.
pub fn register(r: &mut Registrar) {
    r.add(
        "aten::upsample_nearest2d.vec_out",
        REAL_AND_BOOL,
        upsample_nearest2d_vec_out,
    );
    r.add(
        "aten::upsample_bilinear2d.vec_out",
        REAL_AND_BOOL,
        upsample_bilinear2d_vec_out,
    );
    r.add(
        "aten::_upsample_bilinear2d_aa.out",
        crate::registry::FLOATS,
        upsample_bilinear2d_aa_out,
    );
}

/// PyTorch's `area_pixel_compute_scale`: input pixels per output pixel.
fn aa_scale(input: usize, output: usize, align_corners: bool, scale: Option<f64>) -> f64 {
    if align_corners {
        if output > 1 {
            (input as f64 - 1.0) / (output as f64 - 1.0)
        } else {
            0.0
        }
    } else {
        match scale {
            Some(s) if s > 0.0 => 1.0 / s,
            _ => input as f64 / output as f64,
        }
    }
}

/// For each output index, the first input index and the normalized weights of the
/// antialiasing triangle filter over the inputs it covers.
fn aa_weights(input: usize, output: usize, scale: f64) -> Vec<(usize, Vec<f64>)> {
    // The triangle's half-width is one input pixel, widened by the scale when
    // downsampling (which is what filters out aliasing).
    let (support, invscale) = if scale >= 1.0 {
        (scale, 1.0 / scale)
    } else {
        (1.0, 1.0)
    };
    (0..output)
        .map(|i| {
            let center = scale * (i as f64 + 0.5);
            let lo = ((center - support + 0.5) as i64).clamp(0, input as i64) as usize;
            let hi = ((center + support + 0.5) as i64).clamp(0, input as i64) as usize;
            let mut w: Vec<f64> = (lo..hi.max(lo))
                .map(|j| {
                    let d = (j as f64 - center + 0.5) * invscale;
                    (1.0 - d.abs()).max(0.0)
                })
                .collect();
            let total: f64 = w.iter().sum();
            if total != 0.0 {
                w.iter_mut().for_each(|v| *v /= total);
            }
            (lo, w)
        })
        .collect()
}

/// `_upsample_bilinear2d_aa.out(Tensor self, SymInt[2] output_size, bool align_corners,
/// float? scales_h=None, float? scales_w=None, *, Tensor(a!) out)`: resizes the last
/// two dimensions of an `[N, C, H, W]` input to `output_size` with PyTorch's
/// antialiased bilinear filter (`interpolate(..., mode="bilinear", antialias=True)`):
/// each output pixel is the normalized triangle-weighted mean of the inputs within
/// one (scaled, when downsampling) pixel of its centre, along W then along H. Float
/// dtypes; `invalid-argument` for another rank, an empty input or output, or an
/// `output_size` that is not two values.
fn upsample_bilinear2d_aa_out(args: &mut Args) -> KResult {
    let x = args.tensor(0)?;
    let (oh, ow, _, _) = output_geometry(&x, Some(args.int_list(1)?), None)?;
    let align = args.bool(2)?;
    let sh = args.opt_double(3)?;
    let sw = args.opt_double(4)?;
    let (n, c, h, w) = (x.sizes[0], x.sizes[1], x.sizes[2], x.sizes[3]);
    let out = args.out(5, &[n, c, oh, ow])?;
    if !elem::is_float(out.dtype) {
        return Err(invalid(format!(
            "_upsample_bilinear2d_aa needs a floating-point output, got {:?}",
            out.dtype
        )));
    }
    if out.numel == 0 {
        return Ok(());
    }
    let wx = aa_weights(w, ow, aa_scale(w, ow, align, sw));
    let wy = aa_weights(h, oh, aa_scale(h, oh, align, sh));
    let xv = elem::read::<f64>(&x)?;
    let mut res = vec![0.0f64; out.numel];
    let mut rows = vec![0.0f64; h * ow];
    for (p, plane) in xv.chunks_exact(h * w).enumerate() {
        // Along W: every input row to `ow` values.
        for (y, row) in plane.chunks_exact(w).enumerate() {
            for (j, (lo, ws)) in wx.iter().enumerate() {
                rows[y * ow + j] = ws.iter().zip(&row[*lo..]).map(|(a, b)| a * b).sum();
            }
        }
        // Along H.
        let o = &mut res[p * oh * ow..(p + 1) * oh * ow];
        for (i, (lo, ws)) in wy.iter().enumerate() {
            for j in 0..ow {
                o[i * ow + j] = ws
                    .iter()
                    .enumerate()
                    .map(|(k, wk)| wk * rows[(lo + k) * ow + j])
                    .sum();
            }
        }
    }
    elem::write(&out, &res)
}

/// Output sizes and per-dimension scales from `output_size` / `scale_factors`
/// (exactly one is given), as PyTorch's `upsample::compute_output_size`.
fn output_geometry(
    x: &Tensor,
    output_size: Option<Vec<i64>>,
    scale_factors: Option<Vec<f64>>,
) -> KResult<(usize, usize, Option<f64>, Option<f64>)> {
    if x.dim() != 4 {
        return Err(invalid(format!(
            "expected a 4-D input, got sizes {:?}",
            x.sizes
        )));
    }
    let (h, w) = (x.sizes[2], x.sizes[3]);
    let (oh, ow, sh, sw) = match (output_size, scale_factors) {
        (Some(o), None) => {
            if o.len() != 2 {
                return Err(invalid(format!(
                    "output_size must have 2 values, got {o:?}"
                )));
            }
            (o[0], o[1], None, None)
        }
        (None, Some(s)) => {
            if s.len() != 2 {
                return Err(invalid(format!(
                    "scale_factors must have 2 values, got {s:?}"
                )));
            }
            (
                (h as f64 * s[0]) as i64,
                (w as f64 * s[1]) as i64,
                Some(s[0]),
                Some(s[1]),
            )
        }
        _ => {
            return Err(invalid(
                "exactly one of output_size and scale_factors must be given",
            ))
        }
    };
    if oh <= 0 || ow <= 0 || h == 0 || w == 0 {
        return Err(invalid(format!(
            "input {:?} and output size {oh}x{ow} must be non-empty",
            x.sizes
        )));
    }
    Ok((oh as usize, ow as usize, sh, sw))
}

/// Source index and weights of linear interpolation: `(i0, i1, w0, w1)`.
type Tap<F> = (usize, usize, F, F);

macro_rules! index_fns {
    ($nearest:ident, $linear:ident, $F:ty) => {
        /// PyTorch's `compute_scales_value`.
        fn scale_of_nearest(scale: Option<f64>, input: usize, output: usize) -> $F {
            match scale {
                Some(s) if s > 0.0 => (1.0 / s) as $F,
                _ => input as $F / output as $F,
            }
        }

        /// PyTorch's `nearest_idx` for every output index.
        pub(super) fn $nearest(input: usize, output: usize, scale: Option<f64>) -> Vec<usize> {
            if output == input {
                return (0..output).collect();
            }
            if output == 2 * input {
                return (0..output).map(|i| i >> 1).collect();
            }
            let s = scale_of_nearest(scale, input, output);
            (0..output)
                .map(|i| ((i as $F * s).floor() as usize).min(input - 1))
                .collect()
        }

        /// PyTorch's linear-interpolation indices and weights for every output index.
        pub(super) fn $linear(
            input: usize,
            output: usize,
            align: bool,
            scale: Option<f64>,
        ) -> Vec<Tap<$F>> {
            let s: $F = if align {
                if output > 1 {
                    (input - 1) as $F / (output - 1) as $F
                } else {
                    0.0
                }
            } else {
                scale_of_nearest(scale, input, output)
            };
            (0..output)
                .map(|i| {
                    let real: $F = if align {
                        s * i as $F
                    } else {
                        let v = s * (i as $F + 0.5) - 0.5;
                        if v < 0.0 {
                            0.0
                        } else {
                            v
                        }
                    };
                    let i0 = (real.floor() as usize).min(input - 1);
                    let l = (real - i0 as $F).clamp(0.0, 1.0);
                    let i1 = if i0 < input - 1 { i0 + 1 } else { i0 };
                    (i0, i1, 1.0 - l, l)
                })
                .collect()
        }
    };
}

mod f32_idx {
    use super::Tap;
    index_fns!(nearest, linear, f32);
}

mod f64_idx {
    use super::Tap;
    index_fns!(nearest, linear, f64);
}

/// `aten::upsample_nearest2d.vec_out(input, output_size?, scale_factors?, *, out)`:
/// each output pixel copies the input pixel at `nearest_idx` in each dimension.
fn upsample_nearest2d_vec_out(args: &mut Args) -> KResult {
    let x = args.tensor(0)?;
    let (oh, ow, sh, sw) = output_geometry(&x, args.opt_int_list(1)?, args.opt_double_list(2)?)?;
    let (h, w) = (x.sizes[2], x.sizes[3]);
    let out = args.out(3, &[x.sizes[0], x.sizes[1], oh, ow])?;
    // Index arithmetic in float unless the input is double.
    let (ys, xs) = if elem::family(x.dtype) == Family::F64 {
        (f64_idx::nearest(h, oh, sh), f64_idx::nearest(w, ow, sw))
    } else {
        (f32_idx::nearest(h, oh, sh), f32_idx::nearest(w, ow, sw))
    };
    let planes = x.sizes[0] * x.sizes[1];
    with_compute!(out.dtype, C, {
        let xv = elem::read::<C>(&x)?;
        let mut ob = OutBuf::<C>::new(&out);
        let o = ob.data();
        for p in 0..planes {
            let xp = &xv[p * h * w..(p + 1) * h * w];
            let op = &mut o[p * oh * ow..(p + 1) * oh * ow];
            for (orow, &iy) in op.chunks_exact_mut(ow).zip(&ys) {
                let xr = &xp[iy * w..(iy + 1) * w];
                for (o, &ix) in orow.iter_mut().zip(&xs) {
                    *o = xr[ix];
                }
            }
        }
        ob.commit()
    })
}

/// `aten::upsample_bilinear2d.vec_out(input, output_size?, align_corners,
/// scale_factors?, *, out)`: bilinear interpolation
/// `wy0 * (wx0 * x00 + wx1 * x01) + wy1 * (wx0 * x10 + wx1 * x11)`.
fn upsample_bilinear2d_vec_out(args: &mut Args) -> KResult {
    let x = args.tensor(0)?;
    let align = args.bool(2)?;
    let (oh, ow, sh, sw) = output_geometry(&x, args.opt_int_list(1)?, args.opt_double_list(3)?)?;
    let (h, w) = (x.sizes[2], x.sizes[3]);
    let out = args.out(4, &[x.sizes[0], x.sizes[1], oh, ow])?;
    let planes = x.sizes[0] * x.sizes[1];
    match elem::family(out.dtype) {
        Family::F32 => {
            let ys = f32_idx::linear(h, oh, align, sh);
            let xs = f32_idx::linear(w, ow, align, sw);
            let xv = elem::read::<f32>(&x)?;
            let mut ob = OutBuf::<f32>::new(&out);
            bilinear(&xv, ob.data(), planes, h, w, &ys, &xs, |v| v, |v| v);
            ob.commit()
        }
        _ => with_compute!(out.dtype, C, {
            // Double inputs interpolate in double; integer ones in double and truncate.
            let ys = f64_idx::linear(h, oh, align, sh);
            let xs = f64_idx::linear(w, ow, align, sw);
            let xv = elem::read::<C>(&x)?;
            let mut ob = OutBuf::<C>::new(&out);
            bilinear(
                &xv,
                ob.data(),
                planes,
                h,
                w,
                &ys,
                &xs,
                |v: C| v.to_f64(),
                C::from_f64,
            );
            ob.commit()
        }),
    }
}

#[allow(clippy::too_many_arguments)]
fn bilinear<C: Copy, F>(
    x: &[C],
    o: &mut [C],
    planes: usize,
    h: usize,
    w: usize,
    ys: &[Tap<F>],
    xs: &[Tap<F>],
    to: impl Fn(C) -> F,
    from: impl Fn(F) -> C,
) where
    F: Copy + std::ops::Mul<Output = F> + std::ops::Add<Output = F>,
{
    let (oh, ow) = (ys.len(), xs.len());
    for p in 0..planes {
        let xp = &x[p * h * w..(p + 1) * h * w];
        let op = &mut o[p * oh * ow..(p + 1) * oh * ow];
        for (orow, &(y0, y1, wy0, wy1)) in op.chunks_exact_mut(ow).zip(ys) {
            let r0 = &xp[y0 * w..(y0 + 1) * w];
            let r1 = &xp[y1 * w..(y1 + 1) * w];
            for (o, &(x0, x1, wx0, wx1)) in orow.iter_mut().zip(xs) {
                let t0 = to(r0[x0]) * wx0 + to(r0[x1]) * wx1;
                let t1 = to(r1[x0]) * wx0 + to(r1[x1]) * wx1;
                *o = from(t0 * wy0 + t1 * wy1);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nearest_and_linear_indices() {
        assert_eq!(f32_idx::nearest(5, 3, None), vec![0, 1, 3]);
        assert_eq!(
            f32_idx::nearest(4, 8, Some(2.0)),
            vec![0, 0, 1, 1, 2, 2, 3, 3]
        );
        let t = f32_idx::linear(4, 8, false, Some(2.0));
        assert_eq!((t[0].0, t[0].1), (0, 1));
        assert_eq!(t[0].3, 0.0);
        assert_eq!((t[7].0, t[7].1), (3, 3));
        let a = f64_idx::linear(3, 5, true, None);
        assert_eq!((a[4].0, a[4].3), (2, 0.0));
        assert_eq!((a[1].0, a[1].3), (0, 0.5));
    }
}
