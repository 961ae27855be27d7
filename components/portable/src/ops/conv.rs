//! Convolution: `aten::convolution.out` (1-D and 2-D, stride, padding, dilation,
//! groups, optional bias, transposed), following PyTorch's `aten::convolution`.
//!
//! `f32` convolutions lower to the blocked GEMM of [`crate::ops::linalg`]: one GEMM
//! per image and group, `weight [Cout/g, Cin/g*kh*kw] x columns [Cin/g*kh*kw, OH*OW]`,
//! with the columns read straight from the input for 1x1 stride-1 unpadded kernels and
//! otherwise gathered from it (im2col) block by block as the GEMM packs them, so the
//! column matrix is never stored whole. Convolutions with one input channel per group
//! (depthwise) run a direct kernel (SIMD for 3x3, stride 1 or 2). Other dtypes and
//! transposed convolutions run a direct loop.

use std::cell::RefCell;

use crate::args::Args;
use crate::elem::{self, Family, OutBuf};
use crate::ops::linalg::{gemm, gemm_error, sgemm, Arith, MatRef, PackB, NR};
use crate::registry::{Registrar, REAL_AND_BOOL};
use crate::{invalid, with_compute, KResult};

/// Registers this module's operators.
pub fn register(r: &mut Registrar) {
    r.add("aten::convolution.out", REAL_AND_BOOL, convolution_out);
}

/// Geometry of a 2-D convolution (1-D ones have `h == kh == 1`).
#[derive(Debug, Clone, Copy)]
struct Geom {
    n: usize,
    cin: usize,
    h: usize,
    w: usize,
    cout: usize,
    kh: usize,
    kw: usize,
    oh: usize,
    ow: usize,
    sh: usize,
    sw: usize,
    ph: usize,
    pw: usize,
    dh: usize,
    dw: usize,
    groups: usize,
}

impl Geom {
    fn cig(&self) -> usize {
        self.cin / self.groups
    }
    fn cog(&self) -> usize {
        self.cout / self.groups
    }
}

/// Expands a per-dimension parameter list (one value applies to every dimension).
fn expand(name: &str, v: &[i64], dims: usize, min: i64) -> KResult<Vec<usize>> {
    let v: Vec<i64> = match v.len() {
        1 => vec![v[0]; dims],
        n if n == dims => v.to_vec(),
        _ => {
            return Err(invalid(format!(
                "{name} has {} values for {dims} spatial dimensions",
                v.len()
            )))
        }
    };
    v.iter()
        .map(|&x| {
            if x < min {
                Err(invalid(format!("{name} must be at least {min}, got {x}")))
            } else {
                Ok(x as usize)
            }
        })
        .collect()
}

/// `aten::convolution.out(input, weight, bias?, stride, padding, dilation, transposed,
/// output_padding, groups, *, out)`.
///
/// Input `[N, Cin, (H,) W]`, weight `[Cout, Cin/groups, (kh,) kw]` (transposed:
/// `[Cin, Cout/groups, (kh,) kw]`), bias `[Cout]`; input, weight and bias share a dtype.
fn convolution_out(args: &mut Args) -> KResult {
    let input = args.tensor(0)?;
    let weight = args.tensor(1)?;
    let bias = args.opt_tensor(2)?;
    let stride = args.int_list(3)?;
    let padding = args.int_list(4)?;
    let dilation = args.int_list(5)?;
    let transposed = args.bool(6)?;
    let output_padding = args.int_list(7)?;
    let groups = args.int(8)?;

    let rank = weight.dim();
    if !(rank == 3 || rank == 4) || input.dim() != rank {
        return Err(invalid(format!(
            "expected a 1-D or 2-D convolution with batched input, got input {:?} and weight {:?}",
            input.sizes, weight.sizes
        )));
    }
    if input.dtype != weight.dtype || bias.as_ref().is_some_and(|b| b.dtype != input.dtype) {
        return Err(invalid(format!(
            "input, weight and bias must have the same dtype, got {:?}, {:?} and {:?}",
            input.dtype,
            weight.dtype,
            bias.as_ref().map(|b| b.dtype)
        )));
    }
    if groups < 1 {
        return Err(invalid(format!("groups must be positive, got {groups}")));
    }
    let groups = groups as usize;
    let sd = rank - 2;
    let stride = expand("stride", &stride, sd, 1)?;
    let padding = expand("padding", &padding, sd, 0)?;
    let dilation = expand("dilation", &dilation, sd, 1)?;
    // 1-D convolutions are 2-D ones of height 1.
    let two = |v: &[usize], one: usize| -> (usize, usize) {
        if sd == 1 {
            (one, v[0])
        } else {
            (v[0], v[1])
        }
    };
    let (sh, sw) = two(&stride, 1);
    let (ph, pw) = two(&padding, 0);
    let (dh, dw) = two(&dilation, 1);
    let (h, w) = two(&input.sizes[2..], 1);
    let (kh, kw) = two(&weight.sizes[2..], 1);
    let n = input.sizes[0];
    let cin = input.sizes[1];

    if transposed {
        let op = expand("output_padding", &output_padding, sd, 0)?;
        let (oph, opw) = two(&op, 0);
        if weight.sizes[0] != cin || cin % groups != 0 {
            return Err(invalid(format!(
                "transposed convolution: weight {:?} does not match input {:?} with {groups} groups",
                weight.sizes, input.sizes
            )));
        }
        let cout = weight.sizes[1] * groups;
        let out_dim =
            |i: usize, s: usize, p: usize, d: usize, k: usize, op: usize| -> KResult<usize> {
                let v = (i as i64 - 1) * s as i64 - 2 * p as i64
                    + d as i64 * (k as i64 - 1)
                    + op as i64
                    + 1;
                if v <= 0 {
                    Err(invalid(format!(
                        "transposed convolution output size {v} is not positive"
                    )))
                } else {
                    Ok(v as usize)
                }
            };
        let oh = if sd == 1 {
            1
        } else {
            out_dim(h, sh, ph, dh, kh, oph)?
        };
        let ow = out_dim(w, sw, pw, dw, kw, opw)?;
        if bias.as_ref().is_some_and(|b| b.numel != cout) {
            return Err(invalid(format!("bias must have {cout} elements")));
        }
        let g = Geom {
            n,
            cin,
            h,
            w,
            cout,
            kh,
            kw,
            oh,
            ow,
            sh,
            sw,
            ph,
            pw,
            dh,
            dw,
            groups,
        };
        let osizes = out_sizes(sd, n, cout, oh, ow);
        let out = args.out(9, &osizes)?;
        if input.numel == 0 && out.numel == 0 {
            return Ok(());
        }
        return with_compute!(input.dtype, C, {
            let x = elem::read::<C>(&input)?;
            let wt = elem::read::<C>(&weight)?;
            let b = match &bias {
                Some(b) => Some(elem::read::<C>(b)?),
                None => None,
            };
            let mut ob = OutBuf::<C>::new(&out);
            conv_transposed::<C>(&x, &wt, b.as_deref(), &g, ob.data());
            ob.commit()
        });
    }

    if cin % groups != 0 || weight.sizes[0] % groups != 0 || weight.sizes[1] * groups != cin {
        return Err(invalid(format!(
            "weight {:?} does not match input {:?} with {groups} groups",
            weight.sizes, input.sizes
        )));
    }
    let cout = weight.sizes[0];
    if bias.as_ref().is_some_and(|b| b.numel != cout) {
        return Err(invalid(format!("bias must have {cout} elements")));
    }
    let out_dim = |i: usize, s: usize, p: usize, d: usize, k: usize| -> KResult<usize> {
        let eff = d * (k - 1) + 1;
        if i + 2 * p < eff {
            return Err(invalid(format!(
                "input size {i} (padded {}) is smaller than the kernel's extent {eff}",
                i + 2 * p
            )));
        }
        Ok((i + 2 * p - eff) / s + 1)
    };
    if kh == 0 || kw == 0 {
        return Err(invalid("kernel size must be positive"));
    }
    let oh = out_dim(h, sh, ph, dh, kh)?;
    let ow = out_dim(w, sw, pw, dw, kw)?;
    let g = Geom {
        n,
        cin,
        h,
        w,
        cout,
        kh,
        kw,
        oh,
        ow,
        sh,
        sw,
        ph,
        pw,
        dh,
        dw,
        groups,
    };
    let osizes = out_sizes(sd, n, cout, oh, ow);
    let out = args.out(9, &osizes)?;
    if out.numel == 0 {
        return Ok(());
    }
    if elem::family(input.dtype) == Family::F32 {
        let x = elem::read::<f32>(&input)?;
        let wt = elem::read::<f32>(&weight)?;
        let b = match &bias {
            Some(b) => Some(elem::read::<f32>(b)?),
            None => None,
        };
        let mut ob = OutBuf::<f32>::new(&out);
        conv_f32(&x, &wt, b.as_deref(), &g, ob.data())?;
        return ob.commit();
    }
    with_compute!(input.dtype, C, {
        let x = elem::read::<C>(&input)?;
        let wt = elem::read::<C>(&weight)?;
        let b = match &bias {
            Some(b) => Some(elem::read::<C>(b)?),
            None => None,
        };
        let mut ob = OutBuf::<C>::new(&out);
        conv_direct::<C>(&x, &wt, b.as_deref(), &g, ob.data());
        ob.commit()
    })
}

fn out_sizes(sd: usize, n: usize, c: usize, oh: usize, ow: usize) -> Vec<usize> {
    if sd == 1 {
        vec![n, c, ow]
    } else {
        vec![n, c, oh, ow]
    }
}

/// The output positions `o` in `0..out` whose input index `o * s - p + off` lies in
/// `0..size`, as a half-open range.
fn valid_range(out: usize, s: usize, p: usize, off: usize, size: usize) -> (usize, usize) {
    // o * s + off >= p  and  o * s + off < size + p
    let lo = if off >= p { 0 } else { (p - off).div_ceil(s) };
    let hi = if size + p > off {
        (size + p - off).div_ceil(s).min(out)
    } else {
        0
    };
    (lo.min(hi), hi)
}

/// `f32` convolution of a logical NCHW input into a logical NCHW output.
fn conv_f32(x: &[f32], wt: &[f32], bias: Option<&[f32]>, g: &Geom, out: &mut [f32]) -> KResult<()> {
    let (cig, cog) = (g.cig(), g.cog());
    let npix = g.oh * g.ow;
    let kdim = cig * g.kh * g.kw;
    let plane = g.h * g.w;
    let pointwise = g.kh == 1 && g.kw == 1 && g.sh == 1 && g.sw == 1 && g.ph == 0 && g.pw == 0;
    for n in 0..g.n {
        for grp in 0..g.groups {
            let xg = &x[(n * g.cin + grp * cig) * plane..(n * g.cin + (grp + 1) * cig) * plane];
            let o0 = (n * g.cout + grp * cog) * npix;
            let og = &mut out[o0..o0 + cog * npix];
            let wg = &wt[grp * cog * kdim..(grp + 1) * cog * kdim];
            let bg = bias.map(|b| &b[grp * cog..(grp + 1) * cog]);
            if cig == 1 {
                depthwise(xg, wg, bg, g, og);
                continue;
            }
            let beta = match bg {
                Some(b) => {
                    for (row, &bv) in og.chunks_exact_mut(npix).zip(b) {
                        row.fill(bv);
                    }
                    1.0
                }
                None => 0.0,
            };
            if pointwise {
                sgemm(
                    cog,
                    npix,
                    kdim,
                    1.0,
                    MatRef::row_major(wg, kdim),
                    MatRef::row_major(xg, npix),
                    beta,
                    og,
                    npix,
                )
                .map_err(gemm_error)?;
            } else {
                let cols = Im2col { x: xg, g: *g };
                gemm(
                    cog,
                    npix,
                    kdim,
                    1.0,
                    MatRef::row_major(wg, kdim),
                    &cols,
                    beta,
                    og,
                    npix,
                )
                .map_err(gemm_error)?;
            }
        }
    }
    Ok(())
}

/// The im2col matrix of one image and group (`[cig * kh * kw, oh * ow]`), packed for
/// the GEMM straight from the input (`x`: `[cig, h, w]`) without being stored whole.
struct Im2col<'a> {
    x: &'a [f32],
    g: Geom,
}

impl PackB for Im2col<'_> {
    fn pack(&self, buf: &mut [f32], pc: usize, kc: usize, jc: usize, nc: usize) {
        let g = &self.g;
        let (h, w) = (g.h as isize, g.w as isize);
        let plane = g.h * g.w;
        let mut jr = 0;
        while jr < nc {
            let nr = NR.min(nc - jr);
            let j0 = jc + jr;
            // Top-left input corner of each column's window (far outside for padding
            // columns, so that they read as zeros).
            let mut iyb = [isize::MIN / 2; NR];
            let mut ixb = [isize::MIN / 2; NR];
            for t in 0..nr {
                let (oy, ox) = ((j0 + t) / g.ow, (j0 + t) % g.ow);
                iyb[t] = (oy * g.sh) as isize - g.ph as isize;
                ixb[t] = (ox * g.sw) as isize - g.pw as isize;
            }
            // All NR columns in one output row: their inputs are evenly spaced.
            let one_row = nr == NR && iyb[0] == iyb[NR - 1];
            let span = ((NR - 1) * g.sw + 1) as isize;
            let panel = &mut buf[(jr / NR) * kc * NR..(jr / NR + 1) * kc * NR];
            let ksz = g.kh * g.kw;
            let (mut ci, mut kk) = (pc / ksz, pc % ksz);
            for dst in panel.chunks_exact_mut(NR) {
                let (ki, kj) = (kk / g.kw, kk % g.kw);
                let (dy, dx) = ((ki * g.dh) as isize, (kj * g.dw) as isize);
                let xc = &self.x[ci * plane..(ci + 1) * plane];
                let iy = iyb[0] + dy;
                let ix0 = ixb[0] + dx;
                if one_row && iy >= 0 && iy < h && ix0 >= 0 && ix0 + span <= w {
                    let row = &xc[(iy * w + ix0) as usize..];
                    if g.sw == 1 {
                        dst.copy_from_slice(&row[..NR]);
                    } else if g.sw == 2 {
                        gather_stride2(dst, row);
                    } else {
                        for (d, &v) in dst.iter_mut().zip(row.iter().step_by(g.sw)) {
                            *d = v;
                        }
                    }
                } else {
                    for t in 0..NR {
                        let (y, x) = (iyb[t] + dy, ixb[t] + dx);
                        dst[t] = if y >= 0 && y < h && x >= 0 && x < w {
                            xc[(y * w + x) as usize]
                        } else {
                            0.0
                        };
                    }
                }
                kk += 1;
                if kk == ksz {
                    kk = 0;
                    ci += 1;
                }
            }
            jr += NR;
        }
    }
}

/// `dst[k] = src[2 * k]`.
#[inline(never)]
fn gather_stride2(dst: &mut [f32], src: &[f32]) {
    #[allow(unused_mut)]
    let mut k = 0;
    #[cfg(target_arch = "wasm32")]
    {
        use std::arch::wasm32::*;
        let n = dst.len();
        // SAFETY: the loads read src[2k .. 2k + 8], inside src while 2k + 8 <= len.
        while k + 4 <= n && 2 * k + 8 <= src.len() {
            unsafe {
                let p = src.as_ptr().add(2 * k);
                let a = v128_load(p as *const v128);
                let b = v128_load(p.add(4) as *const v128);
                v128_store(
                    dst.as_mut_ptr().add(k) as *mut v128,
                    i32x4_shuffle::<0, 2, 4, 6>(a, b),
                );
            }
            k += 4;
        }
    }
    for (d, &v) in dst[k..].iter_mut().zip(src[2 * k..].iter().step_by(2)) {
        *d = v;
    }
}

/// Direct convolution for one input channel per group: `x` is that channel
/// (`[h, w]`), `wt` the group's `cog` filters (`[cog, kh, kw]`), `out` their planes.
/// The channel is first copied into a zero-bordered buffer so that every tap reads in
/// bounds; 3x3 kernels with stride 1 or 2 then run a SIMD row kernel.
fn depthwise(x: &[f32], wt: &[f32], bias: Option<&[f32]>, g: &Geom, out: &mut [f32]) {
    let (hp, wp) = (g.h + 2 * g.ph, g.w + 2 * g.pw);
    let npix = g.oh * g.ow;
    let ksz = g.kh * g.kw;
    PADDED.with(|buf| {
        let mut buf = buf.borrow_mut();
        // Slack for the SIMD kernels' over-reads past the last row.
        let need = hp * wp + 16;
        if buf.len() < need {
            buf.resize(need, 0.0);
        }
        let xp = &mut buf[..need];
        if g.ph > 0 || g.pw > 0 {
            xp.fill(0.0);
        }
        for y in 0..g.h {
            xp[(y + g.ph) * wp + g.pw..(y + g.ph) * wp + g.pw + g.w]
                .copy_from_slice(&x[y * g.w..(y + 1) * g.w]);
        }
        let xp = &buf[..need];
        let fast = g.kh == 3 && g.kw == 3 && g.dh == 1 && g.dw == 1 && (g.sw == 1 || g.sw == 2);
        for (co, op) in out.chunks_exact_mut(npix).enumerate() {
            let b = bias.map_or(0.0, |b| b[co]);
            let wc = &wt[co * ksz..(co + 1) * ksz];
            for oy in 0..g.oh {
                let orow = &mut op[oy * g.ow..(oy + 1) * g.ow];
                let r0 = oy * g.sh * wp;
                if fast {
                    let w9: &[f32; 9] = wc.try_into().unwrap_or(&[0.0; 9]);
                    if g.sw == 1 {
                        dw3x3_s1_row(orow, &xp[r0..], wp, w9, b);
                    } else {
                        dw3x3_s2_row(orow, &xp[r0..], wp, w9, b);
                    }
                } else {
                    orow.fill(b);
                    for ki in 0..g.kh {
                        let row = &xp[r0 + ki * g.dh * wp..];
                        for kj in 0..g.kw {
                            let wv = wc[ki * g.kw + kj];
                            let src = row[kj * g.dw..].iter().step_by(g.sw);
                            for (o, &v) in orow.iter_mut().zip(src) {
                                *o += wv * v;
                            }
                        }
                    }
                }
            }
        }
    });
}

thread_local! {
    /// Zero-bordered copy of one input channel for [`depthwise`].
    static PADDED: RefCell<Vec<f32>> = const { RefCell::new(Vec::new()) };
}

/// Scalar 3x3 tap sum at `x[i]` (rows `wp` apart, columns `step` apart).
#[inline(always)]
fn dw3x3_at(x: &[f32], i: usize, wp: usize, w: &[f32; 9], b: f32) -> f32 {
    let mut s = b;
    for ki in 0..3 {
        for kj in 0..3 {
            s += w[ki * 3 + kj] * x[i + ki * wp + kj];
        }
    }
    s
}

/// One output row of a 3x3 stride-1 depthwise convolution: `out[ox] = b +
/// sum w[ki][kj] * x[ki * wp + ox + kj]` (`x` starts at the window's top-left row).
#[inline(never)]
fn dw3x3_s1_row(out: &mut [f32], x: &[f32], wp: usize, w: &[f32; 9], b: f32) {
    let n = out.len();
    let mut ox = 0;
    #[cfg(target_arch = "wasm32")]
    {
        use std::arch::wasm32::*;
        // Needs x[2 * wp + ox + 2 .. + 4] for the last vector.
        if x.len() >= 2 * wp + n + 2 {
            let ws: [v128; 9] = std::array::from_fn(|i| f32x4_splat(w[i]));
            let vb = f32x4_splat(b);
            while ox + 4 <= n {
                // SAFETY: ox + 3 < n, so every load ends at or before x[2 * wp + n + 2].
                unsafe {
                    let p = x.as_ptr().add(ox);
                    let mut acc = vb;
                    for ki in 0..3 {
                        let r = p.add(ki * wp);
                        acc = madd(ws[ki * 3], v128_load(r as *const v128), acc);
                        acc = madd(ws[ki * 3 + 1], v128_load(r.add(1) as *const v128), acc);
                        acc = madd(ws[ki * 3 + 2], v128_load(r.add(2) as *const v128), acc);
                    }
                    v128_store(out.as_mut_ptr().add(ox) as *mut v128, acc);
                }
                ox += 4;
            }
        }
    }
    while ox < n {
        out[ox] = dw3x3_at(x, ox, wp, w, b);
        ox += 1;
    }
}

/// One output row of a 3x3 stride-2 depthwise convolution: `out[ox] = b +
/// sum w[ki][kj] * x[ki * wp + 2 * ox + kj]`.
#[inline(never)]
fn dw3x3_s2_row(out: &mut [f32], x: &[f32], wp: usize, w: &[f32; 9], b: f32) {
    let n = out.len();
    let mut ox = 0;
    #[cfg(target_arch = "wasm32")]
    {
        use std::arch::wasm32::*;
        // The last vector reads x[2 * wp + 2 * ox + 2 .. + 8] with ox + 3 < n.
        if x.len() >= 2 * wp + 2 * n + 8 {
            let ws: [v128; 9] = std::array::from_fn(|i| f32x4_splat(w[i]));
            let vb = f32x4_splat(b);
            while ox + 4 <= n {
                // SAFETY: bounded by the length check above.
                unsafe {
                    let p = x.as_ptr().add(2 * ox);
                    let mut acc = vb;
                    for ki in 0..3 {
                        let r = p.add(ki * wp);
                        let a0 = v128_load(r as *const v128);
                        let a1 = v128_load(r.add(4) as *const v128);
                        let c0 = v128_load(r.add(2) as *const v128);
                        let c1 = v128_load(r.add(6) as *const v128);
                        let even = i32x4_shuffle::<0, 2, 4, 6>(a0, a1);
                        let odd = i32x4_shuffle::<1, 3, 5, 7>(a0, a1);
                        let even2 = i32x4_shuffle::<0, 2, 4, 6>(c0, c1);
                        acc = madd(ws[ki * 3], even, acc);
                        acc = madd(ws[ki * 3 + 1], odd, acc);
                        acc = madd(ws[ki * 3 + 2], even2, acc);
                    }
                    v128_store(out.as_mut_ptr().add(ox) as *mut v128, acc);
                }
                ox += 4;
            }
        }
    }
    while ox < n {
        out[ox] = dw3x3_at(x, 2 * ox, wp, w, b);
        ox += 1;
    }
}

#[cfg(target_arch = "wasm32")]
#[inline(always)]
fn madd(
    a: std::arch::wasm32::v128,
    b: std::arch::wasm32::v128,
    c: std::arch::wasm32::v128,
) -> std::arch::wasm32::v128 {
    use std::arch::wasm32::*;
    #[cfg(target_feature = "relaxed-simd")]
    {
        f32x4_relaxed_madd(a, b, c)
    }
    #[cfg(not(target_feature = "relaxed-simd"))]
    {
        f32x4_add(f32x4_mul(a, b), c)
    }
}

/// Direct convolution in any compute type (logical NCHW in and out).
fn conv_direct<C: Arith>(x: &[C], wt: &[C], bias: Option<&[C]>, g: &Geom, out: &mut [C]) {
    let (cig, cog) = (g.cig(), g.cog());
    let npix = g.oh * g.ow;
    for n in 0..g.n {
        for co in 0..g.cout {
            let grp = co / cog;
            let op = &mut out[(n * g.cout + co) * npix..(n * g.cout + co + 1) * npix];
            op.fill(bias.map_or(C::default(), |b| b[co]));
            for ci in 0..cig {
                let xc = &x[(n * g.cin + grp * cig + ci) * g.h * g.w..][..g.h * g.w];
                for ki in 0..g.kh {
                    let (ylo, yhi) = valid_range(g.oh, g.sh, g.ph, ki * g.dh, g.h);
                    for kj in 0..g.kw {
                        let wv = wt[((co * cig + ci) * g.kh + ki) * g.kw + kj];
                        let (xlo, xhi) = valid_range(g.ow, g.sw, g.pw, kj * g.dw, g.w);
                        for oy in ylo..yhi {
                            let iy = oy * g.sh + ki * g.dh - g.ph;
                            for ox in xlo..xhi {
                                let ix = ox * g.sw + kj * g.dw - g.pw;
                                let o = &mut op[oy * g.ow + ox];
                                *o = o.add(wv.mul(xc[iy * g.w + ix]));
                            }
                        }
                    }
                }
            }
        }
    }
}

/// Transposed convolution (the gradient of a convolution with respect to its input):
/// each input element scatters `x * w` into the output; weight `[Cin, Cout/g, kh, kw]`.
fn conv_transposed<C: Arith>(x: &[C], wt: &[C], bias: Option<&[C]>, g: &Geom, out: &mut [C]) {
    let (cig, cog) = (g.cig(), g.cout / g.groups);
    let npix = g.oh * g.ow;
    for n in 0..g.n {
        for co in 0..g.cout {
            out[(n * g.cout + co) * npix..(n * g.cout + co + 1) * npix]
                .fill(bias.map_or(C::default(), |b| b[co]));
        }
        for grp in 0..g.groups {
            for ci in 0..cig {
                let cin = grp * cig + ci;
                let xc = &x[(n * g.cin + cin) * g.h * g.w..][..g.h * g.w];
                for co in 0..cog {
                    let op = &mut out[(n * g.cout + grp * cog + co) * npix..][..npix];
                    let wk = &wt[(cin * cog + co) * g.kh * g.kw..][..g.kh * g.kw];
                    for iy in 0..g.h {
                        for ki in 0..g.kh {
                            let oy = (iy * g.sh + ki * g.dh) as isize - g.ph as isize;
                            if oy < 0 || oy >= g.oh as isize {
                                continue;
                            }
                            let orow = &mut op[oy as usize * g.ow..][..g.ow];
                            for ix in 0..g.w {
                                let xv = xc[iy * g.w + ix];
                                for kj in 0..g.kw {
                                    let ox = (ix * g.sw + kj * g.dw) as isize - g.pw as isize;
                                    if ox < 0 || ox >= g.ow as isize {
                                        continue;
                                    }
                                    let o = &mut orow[ox as usize];
                                    *o = o.add(xv.mul(wk[ki * g.kw + kj]));
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn valid_range_matches_brute_force() {
        for out in 0..6 {
            for s in 1..4 {
                for p in 0..4 {
                    for off in 0..5 {
                        for size in 1..7 {
                            let (lo, hi) = valid_range(out, s, p, off, size);
                            let want: Vec<usize> = (0..out)
                                .filter(|&o| {
                                    let i = (o * s + off) as isize - p as isize;
                                    i >= 0 && i < size as isize
                                })
                                .collect();
                            let got: Vec<usize> = (lo..hi).collect();
                            assert_eq!(got, want, "out {out} s {s} p {p} off {off} size {size}");
                        }
                    }
                }
            }
        }
    }
}
