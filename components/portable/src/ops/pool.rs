//! 2-D pooling: `aten::max_pool2d_with_indices.out`, `aten::avg_pool2d.out` and
//! `aten::_adaptive_avg_pool2d.out`, on `[N, C, H, W]` or `[C, H, W]` inputs, with
//! PyTorch's output-size rules (`pooling_output_shape`, `ceil_mode`) and window rules.

use std::cell::RefCell;

use crate::args::Args;
use crate::elem::{self, Compute, Family, OutBuf};
use crate::plugboard::runtime::types::ScalarType;
use crate::registry::{Registrar, REAL_AND_BOOL};
use crate::tensor::Tensor;
use crate::{invalid, with_compute, KResult};

/// Registers this module's operators.
pub fn register(r: &mut Registrar) {
    r.add(
        "aten::max_pool2d_with_indices.out",
        REAL_AND_BOOL,
        max_pool2d_with_indices_out,
    );
    r.add("aten::avg_pool2d.out", REAL_AND_BOOL, avg_pool2d_out);
    r.add(
        "aten::_adaptive_avg_pool2d.out",
        REAL_AND_BOOL,
        adaptive_avg_pool2d_out,
    );
}

/// `(planes, h, w)` of a `[N, C, H, W]` or `[C, H, W]` input.
fn planes(t: &Tensor) -> KResult<(usize, usize, usize)> {
    match t.dim() {
        3 | 4 => {
            let r = t.dim();
            let (h, w) = (t.sizes[r - 2], t.sizes[r - 1]);
            Ok((t.sizes[..r - 2].iter().product(), h, w))
        }
        _ => Err(invalid(format!(
            "expected a 3-D or 4-D input, got sizes {:?}",
            t.sizes
        ))),
    }
}

/// A two-value parameter: `[a]` means `[a, a]`; `[]` means `default`.
fn pair(name: &str, v: &[i64], default: Option<(i64, i64)>) -> KResult<(i64, i64)> {
    match (v.len(), default) {
        (0, Some(d)) => Ok(d),
        (1, _) => Ok((v[0], v[0])),
        (2, _) => Ok((v[0], v[1])),
        _ => Err(invalid(format!(
            "{name} must have 1 or 2 values, got {v:?}"
        ))),
    }
}

/// PyTorch's `pooling_output_shape`.
fn pool_out(input: i64, k: i64, pad: i64, stride: i64, dil: i64, ceil: bool) -> i64 {
    let num = input + 2 * pad - dil * (k - 1) - 1 + if ceil { stride - 1 } else { 0 };
    let mut out = num.div_euclid(stride) + 1;
    if ceil && (out - 1) * stride >= input + pad {
        out -= 1;
    }
    out
}

/// Validated 2-D pooling geometry.
struct Pool {
    planes: usize,
    h: usize,
    w: usize,
    oh: usize,
    ow: usize,
    kh: i64,
    kw: i64,
    sh: i64,
    sw: i64,
    ph: i64,
    pw: i64,
    dh: i64,
    dw: i64,
}

#[allow(clippy::too_many_arguments)]
fn geometry(
    t: &Tensor,
    kernel: &[i64],
    stride: &[i64],
    padding: &[i64],
    dilation: &[i64],
    ceil: bool,
) -> KResult<Pool> {
    let (planes, h, w) = planes(t)?;
    let (kh, kw) = pair("kernel_size", kernel, None)?;
    let (sh, sw) = pair("stride", stride, Some((kh, kw)))?;
    let (ph, pw) = pair("padding", padding, None)?;
    let (dh, dw) = pair("dilation", dilation, None)?;
    if kh <= 0 || kw <= 0 || sh <= 0 || sw <= 0 || dh <= 0 || dw <= 0 || ph < 0 || pw < 0 {
        return Err(invalid(format!(
            "kernel {kernel:?}, stride {stride:?} and dilation {dilation:?} must be positive, padding {padding:?} non-negative"
        )));
    }
    if ph > kh / 2 || pw > kw / 2 {
        return Err(invalid(format!(
            "padding {padding:?} must be at most half of the kernel size {kernel:?}"
        )));
    }
    let oh = pool_out(h as i64, kh, ph, sh, dh, ceil);
    let ow = pool_out(w as i64, kw, pw, sw, dw, ceil);
    if oh <= 0 || ow <= 0 {
        return Err(invalid(format!(
            "output size {oh}x{ow} is too small for input {:?}",
            t.sizes
        )));
    }
    Ok(Pool {
        planes,
        h,
        w,
        oh: oh as usize,
        ow: ow as usize,
        kh,
        kw,
        sh,
        sw,
        ph,
        pw,
        dh,
        dw,
    })
}

fn out_sizes(t: &Tensor, oh: usize, ow: usize) -> Vec<usize> {
    let mut s = t.sizes.to_vec();
    let r = s.len();
    s[r - 2] = oh;
    s[r - 1] = ow;
    s
}

/// `aten::max_pool2d_with_indices.out(self, kernel_size, stride=[], padding=0,
/// dilation=1, ceil_mode=False, *, out, indices)`: window maxima (NaN wins, as in
/// PyTorch) and their flat `h * W + w` positions within each plane (int64).
fn max_pool2d_with_indices_out(args: &mut Args) -> KResult {
    let x = args.tensor(0)?;
    let p = geometry(
        &x,
        &args.int_list(1)?,
        &args.int_list(2)?,
        &args.int_list(3)?,
        &args.int_list(4)?,
        args.bool(5)?,
    )?;
    let sizes = out_sizes(&x, p.oh, p.ow);
    let out = args.out(6, &sizes)?;
    let idx = args.out(7, &sizes)?;
    if idx.dtype != ScalarType::Long {
        return Err(invalid(format!(
            "indices must be int64, got {:?}",
            idx.dtype
        )));
    }
    if elem::family(x.dtype) == Family::F32
        && elem::family(out.dtype) == Family::F32
        && p.sw <= 2
        && p.h * p.w < i32::MAX as usize
    {
        let xv = elem::read::<f32>(&x)?;
        let mut ob = OutBuf::<f32>::new(&out);
        let mut ib = OutBuf::<i64>::new(&idx);
        max_pool_f32(&xv, &p, ob.data(), ib.data());
        ob.commit()?;
        return ib.commit();
    }
    with_compute!(x.dtype, C, {
        let xv = elem::read::<C>(&x)?;
        let mut ob = OutBuf::<C>::new(&out);
        let mut ib = OutBuf::<i64>::new(&idx);
        max_pool::<C>(&xv, &p, ob.data(), ib.data());
        ob.commit()?;
        ib.commit()
    })
}

thread_local! {
    /// `f32` max pooling scratch: the plane bordered with -inf, and one output row's
    /// running maxima and their indices.
    static MAXPOOL: RefCell<(Vec<f32>, Vec<f32>, Vec<i32>)> =
        const { RefCell::new((Vec::new(), Vec::new(), Vec::new())) };
}

/// `f32` max pooling with column stride 1 or 2: each plane is copied into a buffer
/// bordered with -inf (which never wins, so the first valid index stays, as in
/// PyTorch), then every window tap updates a whole output row with SIMD.
fn max_pool_f32(x: &[f32], p: &Pool, out: &mut [f32], idx: &mut [i64]) {
    let (ph, pw) = (p.ph as usize, p.pw as usize);
    let (dh, dw, sh, sw) = (p.dh as usize, p.dw as usize, p.sh as usize, p.sw as usize);
    let (kh, kw) = (p.kh as usize, p.kw as usize);
    // Padded width: every tap of every output column lies inside.
    let wp = (p.w + 2 * pw).max((p.ow - 1) * sw + (kw - 1) * dw + 1);
    let hp = p.h + 2 * ph;
    let npix = p.oh * p.ow;
    let w = p.w as i64;
    // First valid input column of each output column.
    let first_x: Vec<i32> = (0..p.ow as i64)
        .map(|ox| {
            let mut x0 = ox * p.sw - p.pw;
            while x0 < 0 {
                x0 += p.dw;
            }
            x0 as i32
        })
        .collect();
    MAXPOOL.with(|bufs| {
        let mut bufs = bufs.borrow_mut();
        let (pad, best, bidx) = &mut *bufs;
        let need = hp * wp + 16;
        if pad.len() < need {
            pad.resize(need, 0.0);
        }
        if best.len() < p.ow {
            best.resize(p.ow, 0.0);
            bidx.resize(p.ow, 0);
        }
        let (best, bidx) = (&mut best[..p.ow], &mut bidx[..p.ow]);
        pad[..need].fill(f32::NEG_INFINITY);
        for pl in 0..p.planes {
            let xp = &x[pl * p.h * p.w..(pl + 1) * p.h * p.w];
            for y in 0..p.h {
                pad[(y + ph) * wp + pw..(y + ph) * wp + pw + p.w]
                    .copy_from_slice(&xp[y * p.w..(y + 1) * p.w]);
            }
            let op = &mut out[pl * npix..(pl + 1) * npix];
            let ip = &mut idx[pl * npix..(pl + 1) * npix];
            for oy in 0..p.oh {
                let ys = oy as i64 * p.sh - p.ph;
                let mut y0 = ys;
                while y0 < 0 {
                    y0 += p.dh;
                }
                best.fill(f32::NEG_INFINITY);
                for (b, &x0) in bidx.iter_mut().zip(&first_x) {
                    *b = (y0 * w) as i32 + x0;
                }
                for ky in 0..kh {
                    let iy = ys + (ky * dh) as i64;
                    if iy < 0 || iy >= p.h as i64 {
                        continue;
                    }
                    let row = &pad[(oy * sh + ky * dh) * wp..];
                    for kx in 0..kw {
                        // Input column of output column 0 for this tap (may be negative).
                        let ix0 = (kx * dw) as i64 - p.pw;
                        max_row_tap(best, bidx, &row[kx * dw..], sw, (iy * w + ix0) as i32);
                    }
                }
                op[oy * p.ow..(oy + 1) * p.ow].copy_from_slice(best);
                for (o, &b) in ip[oy * p.ow..(oy + 1) * p.ow].iter_mut().zip(bidx.iter()) {
                    *o = b as i64;
                }
            }
        }
    });
}

/// One window tap over an output row: candidate `k` is `x[k * step]` with flat index
/// `index0 + k * step`; it replaces `best[k]` when greater or NaN.
#[inline(never)]
fn max_row_tap(best: &mut [f32], index: &mut [i32], x: &[f32], step: usize, index0: i32) {
    let n = best.len();
    #[allow(unused_mut)]
    let mut k = 0;
    #[cfg(target_arch = "wasm32")]
    {
        use std::arch::wasm32::*;
        // The last vector reads x[step * k .. step * k + 4 * step].
        let step4 = i32x4_splat(4 * step as i32);
        let mut cand = if step == 1 {
            i32x4(index0, index0 + 1, index0 + 2, index0 + 3)
        } else {
            i32x4(index0, index0 + 2, index0 + 4, index0 + 6)
        };
        while k + 4 <= n && step * (k + 4) <= x.len() {
            // SAFETY: k + 4 <= n bounds best/index, and step * (k + 4) <= x.len()
            // bounds the loads (two vectors for step 2).
            unsafe {
                let xp = x.as_ptr().add(step * k);
                let v = if step == 1 {
                    v128_load(xp as *const v128)
                } else {
                    let a = v128_load(xp as *const v128);
                    let b = v128_load(xp.add(4) as *const v128);
                    i32x4_shuffle::<0, 2, 4, 6>(a, b)
                };
                let bp = best.as_mut_ptr().add(k) as *mut v128;
                let ip = index.as_mut_ptr().add(k) as *mut v128;
                let b = v128_load(bp);
                let take = v128_or(f32x4_gt(v, b), f32x4_ne(v, v));
                v128_store(bp, v128_bitselect(v, b, take));
                v128_store(ip, v128_bitselect(cand, v128_load(ip), take));
            }
            cand = i32x4_add(cand, step4);
            k += 4;
        }
    }
    while k < n {
        let v = x[k * step];
        #[allow(clippy::eq_op)]
        if v > best[k] || v != v {
            best[k] = v;
            index[k] = index0 + (k * step) as i32;
        }
        k += 1;
    }
}

/// Window maxima, computed tap by tap over whole output rows so that the inner loops
/// carry no value from one iteration to the next (the window is visited in PyTorch's
/// row-major order, so ties and NaNs resolve the same way).
fn max_pool<C: Compute>(x: &[C], p: &Pool, out: &mut [C], idx: &mut [i64]) {
    let (h, w) = (p.h as i64, p.w as i64);
    let npix = p.oh * p.ow;
    let lowest = C::from_f64(f64::NEG_INFINITY);
    // Per output column: first valid input column, and the valid range of each tap.
    let first_x: Vec<i64> = (0..p.ow as i64)
        .map(|ox| {
            let mut x0 = ox * p.sw - p.pw;
            while x0 < 0 {
                x0 += p.dw;
            }
            x0
        })
        .collect();
    let taps_x: Vec<(usize, usize)> = (0..p.kw)
        .map(|kx| {
            let off = kx * p.dw - p.pw;
            // ox * sw + off in [0, w)
            let lo = if off >= 0 {
                0
            } else {
                (-off + p.sw - 1) / p.sw
            };
            let hi = if w - off > 0 {
                ((w - off + p.sw - 1) / p.sw).min(p.ow as i64)
            } else {
                0
            };
            (lo.min(hi) as usize, hi as usize)
        })
        .collect();
    for pl in 0..p.planes {
        let xp = &x[pl * p.h * p.w..(pl + 1) * p.h * p.w];
        let op = &mut out[pl * npix..(pl + 1) * npix];
        let ip = &mut idx[pl * npix..(pl + 1) * npix];
        for oy in 0..p.oh {
            let orow = &mut op[oy * p.ow..(oy + 1) * p.ow];
            let irow = &mut ip[oy * p.ow..(oy + 1) * p.ow];
            let ys = oy as i64 * p.sh - p.ph;
            let mut y0 = ys;
            while y0 < 0 {
                y0 += p.dh;
            }
            orow.fill(lowest);
            for (i, &x0) in irow.iter_mut().zip(&first_x) {
                *i = y0 * w + x0;
            }
            for ky in 0..p.kh {
                let iy = ys + ky * p.dh;
                if iy < 0 || iy >= h {
                    continue;
                }
                let xr = &xp[(iy * w) as usize..((iy + 1) * w) as usize];
                for (kx, &(lo, hi)) in taps_x.iter().enumerate() {
                    if lo < hi {
                        let ix0 = lo as i64 * p.sw + kx as i64 * p.dw - p.pw;
                        max_tap(
                            &mut orow[lo..hi],
                            &mut irow[lo..hi],
                            &xr[ix0 as usize..],
                            p.sw as usize,
                            iy * w + ix0,
                        );
                    }
                }
            }
        }
    }
}

/// One window tap over a run of outputs: `x[k * step]` against `best[k]`, whose flat
/// input index is `index0 + k * step`.
#[inline(never)]
fn max_tap<C: Compute>(best: &mut [C], index: &mut [i64], x: &[C], step: usize, index0: i64) {
    let mut ix = index0;
    for ((b, i), &v) in best
        .iter_mut()
        .zip(index.iter_mut())
        .zip(x.iter().step_by(step))
    {
        // NaN propagates, as in PyTorch.
        #[allow(clippy::eq_op)]
        let take = v > *b || v != v;
        if take {
            *b = v;
            *i = ix;
        }
        ix += step as i64;
    }
}

/// `aten::avg_pool2d.out(self, kernel_size, stride=[], padding=0, ceil_mode=False,
/// count_include_pad=True, divisor_override=None, *, out)`: window means with
/// PyTorch's divisor rules (windows clipped to the padded input; padding counted when
/// `count_include_pad`; `divisor_override` replaces the count).
fn avg_pool2d_out(args: &mut Args) -> KResult {
    let x = args.tensor(0)?;
    let ceil = args.bool(4)?;
    let p = geometry(
        &x,
        &args.int_list(1)?,
        &args.int_list(2)?,
        &args.int_list(3)?,
        &[1],
        ceil,
    )?;
    let include_pad = args.bool(5)?;
    let divisor = args.opt_int(6)?;
    if divisor == Some(0) {
        return Err(invalid("divisor_override must not be zero"));
    }
    let sizes = out_sizes(&x, p.oh, p.ow);
    let out = args.out(7, &sizes)?;
    with_compute!(out.dtype, C, {
        let xv = elem::read::<C>(&x)?;
        let mut ob = OutBuf::<C>::new(&out);
        avg_pool::<C>(&xv, &p, include_pad, divisor, ob.data());
        ob.commit()
    })
}

fn avg_pool<C: Compute>(x: &[C], p: &Pool, include_pad: bool, divisor: Option<i64>, out: &mut [C]) {
    let (h, w) = (p.h as i64, p.w as i64);
    let npix = p.oh * p.ow;
    for pl in 0..p.planes {
        let xp = &x[pl * p.h * p.w..(pl + 1) * p.h * p.w];
        let op = &mut out[pl * npix..(pl + 1) * npix];
        for oy in 0..p.oh {
            let mut y0 = oy as i64 * p.sh - p.ph;
            let mut y1 = (y0 + p.kh).min(h + p.ph);
            let hcount = y1 - y0;
            y0 = y0.max(0);
            y1 = y1.min(h);
            for ox in 0..p.ow {
                let mut x0 = ox as i64 * p.sw - p.pw;
                let mut x1 = (x0 + p.kw).min(w + p.pw);
                let pool_size = hcount * (x1 - x0);
                x0 = x0.max(0);
                x1 = x1.min(w);
                let o = &mut op[oy * p.ow + ox];
                if y0 >= y1 || x0 >= x1 {
                    *o = C::default();
                    continue;
                }
                let div = match divisor {
                    Some(d) => d,
                    None if include_pad => pool_size,
                    None => (y1 - y0) * (x1 - x0),
                };
                if C::IS_FLOAT {
                    let mut s = 0.0f64;
                    for y in y0..y1 {
                        for xx in x0..x1 {
                            s += xp[(y * w + xx) as usize].to_f64();
                        }
                    }
                    *o = C::from_f64(s / div as f64);
                } else {
                    let mut s = 0i64;
                    for y in y0..y1 {
                        for xx in x0..x1 {
                            s = s.wrapping_add(xp[(y * w + xx) as usize].to_i64());
                        }
                    }
                    *o = C::from_i64(s / div);
                }
            }
        }
    }
}

/// `aten::_adaptive_avg_pool2d.out(self, output_size, *, out)`: means over the
/// windows `[floor(i * H / OH), ceil((i + 1) * H / OH))`.
fn adaptive_avg_pool2d_out(args: &mut Args) -> KResult {
    let x = args.tensor(0)?;
    let (planes, h, w) = planes(&x)?;
    let (oh, ow) = pair("output_size", &args.int_list(1)?, None)?;
    if oh < 0 || ow < 0 {
        return Err(invalid(format!("invalid output size {oh}x{ow}")));
    }
    let (oh, ow) = (oh as usize, ow as usize);
    if (h == 0 || w == 0) && oh * ow > 0 {
        return Err(invalid("adaptive pooling of an empty input"));
    }
    let sizes = out_sizes(&x, oh, ow);
    let out = args.out(2, &sizes)?;
    with_compute!(out.dtype, C, {
        let xv = elem::read::<C>(&x)?;
        let mut ob = OutBuf::<C>::new(&out);
        let o = ob.data();
        for pl in 0..planes {
            let xp = &xv[pl * h * w..(pl + 1) * h * w];
            for oy in 0..oh {
                let y0 = oy * h / oh;
                let y1 = ((oy + 1) * h).div_ceil(oh);
                for ox in 0..ow {
                    let x0 = ox * w / ow;
                    let x1 = ((ox + 1) * w).div_ceil(ow);
                    let mut s = 0.0f64;
                    for y in y0..y1 {
                        for xx in x0..x1 {
                            s += xp[y * w + xx].to_f64();
                        }
                    }
                    let n = ((y1 - y0) * (x1 - x0)) as f64;
                    o[(pl * oh + oy) * ow + ox] = C::from_f64(s / n);
                }
            }
        }
        ob.commit()
    })
}
