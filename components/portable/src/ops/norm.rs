//! Normalization: `aten::_native_batch_norm_legit_no_training.out` (inference batch
//! norm with running statistics), `aten::_native_batch_norm_legit.out` and
//! `.no_stats_out` (batch norm with the input's own statistics),
//! `aten::native_dropout.out` (inference only), `aten::native_layer_norm.out` and
//! `aten::native_group_norm.out`, following PyTorch's CPU kernels (biased variance,
//! `rstd = 1 / sqrt(var + eps)`). Statistics are accumulated in `f64`.

use crate::args::Args;
use crate::elem::{self, Compute, Family, OutBuf};
use crate::ops::util::copy::copy_logical;
use crate::registry::{Registrar, ALL_DTYPES, FLOATS};
use crate::tensor::Tensor;
use crate::{invalid, KResult};

/// Registers this module's operators.
pub fn register(r: &mut Registrar) {
    r.add(
        "aten::_native_batch_norm_legit_no_training.out",
        FLOATS,
        batch_norm_no_training_out,
    );
    r.add(
        "aten::_native_batch_norm_legit.out",
        FLOATS,
        batch_norm_legit_out,
    );
    r.add(
        "aten::_native_batch_norm_legit.no_stats_out",
        FLOATS,
        batch_norm_legit_no_stats_out,
    );
    r.add("aten::native_dropout.out", ALL_DTYPES, native_dropout_out);
    r.add("aten::native_layer_norm.out", FLOATS, layer_norm_out);
    r.add("aten::native_group_norm.out", FLOATS, group_norm_out);
}

/// Runs `$body` with `$C` bound to `f32` or `f64` for a floating dtype.
macro_rules! with_float {
    ($dtype:expr, $C:ident, $body:expr) => {
        match elem::family($dtype) {
            Family::F32 => {
                type $C = f32;
                $body
            }
            Family::F64 => {
                type $C = f64;
                $body
            }
            Family::I64 => Err(invalid(format!(
                "expected a floating-point tensor, got {:?}",
                $dtype
            ))),
        }
    };
}

/// Reads an optional per-channel parameter of `n` elements as `f64` (`default` when absent).
fn param(t: &Option<Tensor>, n: usize, name: &str, default: f64) -> KResult<Vec<f64>> {
    match t {
        Some(t) => {
            if t.numel != n {
                return Err(invalid(format!(
                    "{name} has {} elements, expected {n}",
                    t.numel
                )));
            }
            Ok(elem::read::<f64>(t)?.into_owned())
        }
        None => Ok(vec![default; n]),
    }
}

/// `aten::_native_batch_norm_legit_no_training.out(input, weight?, bias?, running_mean,
/// running_var, momentum, eps, *, out, save_mean, save_invstd)`:
/// `out = (x - mean) / sqrt(var + eps) * weight + bias` per channel (dim 1).
/// `save_mean` and `save_invstd` are empty (`[0]`), as PyTorch returns them in inference.
fn batch_norm_no_training_out(args: &mut Args) -> KResult {
    let x = args.tensor(0)?;
    let weight = args.opt_tensor(1)?;
    let bias = args.opt_tensor(2)?;
    let mean_t = args.tensor(3)?;
    let var_t = args.tensor(4)?;
    let eps = args.double(6)?;
    if x.dim() < 2 {
        return Err(invalid(format!(
            "batch norm needs an input of at least 2 dimensions, got {:?}",
            x.sizes
        )));
    }
    let c = x.sizes[1];
    let w = param(&weight, c, "weight", 1.0)?;
    let b = param(&bias, c, "bias", 0.0)?;
    let mean = param(&Some(mean_t), c, "running_mean", 0.0)?;
    let var = param(&Some(var_t), c, "running_var", 1.0)?;
    let out = args.out(7, &x.sizes.clone())?;
    args.out(8, &[0])?;
    args.out(9, &[0])?;
    let std: Vec<f64> = var.iter().map(|&v| (v + eps).sqrt()).collect();
    channel_affine(&x, &out, &w, &b, &mean, &std)
}

/// Writes `out = (x - mean) / std * w + b` per channel (dim 1) of `x` (rank >= 2).
fn channel_affine(
    x: &Tensor,
    out: &Tensor,
    w: &[f64],
    b: &[f64],
    mean: &[f64],
    std: &[f64],
) -> KResult {
    let c = x.sizes[1];
    // Per-channel affine map: out = x * scale + shift.
    let scale: Vec<f64> = (0..c).map(|i| w[i] / std[i]).collect();
    let shift: Vec<f64> = (0..c).map(|i| b[i] - mean[i] * scale[i]).collect();
    let inner: usize = x.sizes[2..].iter().product();
    with_float!(out.dtype, C, {
        let xv = elem::read::<C>(x)?;
        let mut ob = OutBuf::<C>::new(out);
        let o = ob.data();
        let sc: Vec<C> = scale.iter().map(|&v| C::from_f64(v)).collect();
        let sh: Vec<C> = shift.iter().map(|&v| C::from_f64(v)).collect();
        if inner > 0 {
            for (blk, (ob, xb)) in o
                .chunks_exact_mut(inner)
                .zip(xv.chunks_exact(inner))
                .enumerate()
            {
                let ch = blk % c;
                let (s, t) = (sc[ch], sh[ch]);
                for (o, &v) in ob.iter_mut().zip(xb) {
                    *o = v * s + t;
                }
            }
        }
        ob.commit()
    })
}

/// Per-channel (dim 1) mean and biased variance of `x` over every other dimension,
/// in `f64`, and the number of elements per channel.
fn channel_stats(x: &Tensor) -> KResult<(Vec<f64>, Vec<f64>, usize)> {
    let c = x.sizes[1];
    let inner: usize = x.sizes[2..].iter().product();
    let count = x.sizes[0] * inner;
    let xv = elem::read::<f64>(x)?;
    let mut sum = vec![0.0f64; c];
    let mut sq = vec![0.0f64; c];
    if inner > 0 {
        for (blk, xb) in xv.chunks_exact(inner).enumerate() {
            sum[blk % c] += xb.iter().sum::<f64>();
        }
        let mean: Vec<f64> = sum.iter().map(|&s| s / count as f64).collect();
        for (blk, xb) in xv.chunks_exact(inner).enumerate() {
            let m = mean[blk % c];
            sq[blk % c] += xb.iter().map(|&v| (v - m) * (v - m)).sum::<f64>();
        }
        let var = sq.iter().map(|&s| s / count as f64).collect();
        return Ok((mean, var, count));
    }
    Ok((vec![f64::NAN; c], vec![f64::NAN; c], count))
}

/// Checks a batch norm input (rank >= 2, floating) and returns its channel count.
fn batch_norm_channels(x: &Tensor) -> KResult<usize> {
    if x.dim() < 2 {
        return Err(invalid(format!(
            "batch norm needs an input of at least 2 dimensions, got {:?}",
            x.sizes
        )));
    }
    if !elem::is_float(x.dtype) {
        return Err(invalid(format!(
            "batch norm needs a floating-point input, got {:?}",
            x.dtype
        )));
    }
    Ok(x.sizes[1])
}

/// Normalizes `x` with its own per-channel statistics into output `oi`, writes the
/// mean and `1 / sqrt(var + eps)` (`[C]` each) into outputs `oi + 1` and `oi + 2`, and
/// returns the mean, the biased variance and the count per channel.
fn batch_norm_batch_stats(
    args: &mut Args,
    x: &Tensor,
    w: &[f64],
    b: &[f64],
    eps: f64,
    oi: usize,
) -> KResult<(Vec<f64>, Vec<f64>, usize)> {
    let c = x.sizes[1];
    let (mean, var, count) = channel_stats(x)?;
    let std: Vec<f64> = var.iter().map(|&v| (v + eps).sqrt()).collect();
    let invstd: Vec<f64> = std.iter().map(|&v| 1.0 / v).collect();
    let out = args.out(oi, &x.sizes.clone())?;
    let save_mean = args.out(oi + 1, &[c])?;
    let save_invstd = args.out(oi + 2, &[c])?;
    channel_affine(x, &out, w, b, &mean, &std)?;
    elem::write(&save_mean, &mean)?;
    elem::write(&save_invstd, &invstd)?;
    Ok((mean, var, count))
}

/// `aten::_native_batch_norm_legit.out(input, weight?, bias?, running_mean(a!),
/// running_var(b!), bool training, float momentum, float eps, *, out, save_mean,
/// save_invstd)`: with `training == false`, as `_native_batch_norm_legit_no_training`
/// (the running statistics normalize; `save_mean` and `save_invstd` are `[0]`). With
/// `training == true`, as PyTorch: the input's own per-channel statistics normalize,
/// `save_mean` / `save_invstd` get the mean and `1 / sqrt(var + eps)` (`[C]`), and the
/// running statistics are updated in place (`(1 - momentum) * old + momentum * new`,
/// the variance unbiased). Float dtypes; `invalid-argument` for an input of rank < 2
/// or parameters of another length than the channel count.
fn batch_norm_legit_out(args: &mut Args) -> KResult {
    let x = args.tensor(0)?;
    let c = batch_norm_channels(&x)?;
    let w = param(&args.opt_tensor(1)?, c, "weight", 1.0)?;
    let b = param(&args.opt_tensor(2)?, c, "bias", 0.0)?;
    let rm_t = args.tensor(3)?;
    let rv_t = args.tensor(4)?;
    let rm = param(&Some(rm_t.clone()), c, "running_mean", 0.0)?;
    let rv = param(&Some(rv_t.clone()), c, "running_var", 1.0)?;
    let training = args.bool(5)?;
    let momentum = args.double(6)?;
    let eps = args.double(7)?;
    if !training {
        let out = args.out(8, &x.sizes.clone())?;
        args.out(9, &[0])?;
        args.out(10, &[0])?;
        let std: Vec<f64> = rv.iter().map(|&v| (v + eps).sqrt()).collect();
        return channel_affine(&x, &out, &w, &b, &rm, &std);
    }
    let (mean, var, count) = batch_norm_batch_stats(args, &x, &w, &b, eps, 8)?;
    let unbias = if count > 1 {
        count as f64 / (count - 1) as f64
    } else {
        f64::INFINITY
    };
    let new_rm: Vec<f64> = (0..c)
        .map(|i| (1.0 - momentum) * rm[i] + momentum * mean[i])
        .collect();
    let new_rv: Vec<f64> = (0..c)
        .map(|i| (1.0 - momentum) * rv[i] + momentum * var[i] * unbias)
        .collect();
    elem::write(&rm_t, &new_rm)?;
    elem::write(&rv_t, &new_rv)
}

/// `aten::_native_batch_norm_legit.no_stats_out(input, weight?, bias?, bool training,
/// float momentum, float eps, *, out, save_mean, save_invstd)`: batch norm with the
/// input's own per-channel statistics (over every dimension but 1; biased variance),
/// as ExecuTorch's kernel (`training` is not consulted: with no running statistics
/// there is nothing else to normalize with). `save_mean` / `save_invstd` get the mean
/// and `1 / sqrt(var + eps)` (`[C]`). Float dtypes; `invalid-argument` for an input of
/// rank < 2 or parameters of another length than the channel count.
fn batch_norm_legit_no_stats_out(args: &mut Args) -> KResult {
    let x = args.tensor(0)?;
    let c = batch_norm_channels(&x)?;
    let w = param(&args.opt_tensor(1)?, c, "weight", 1.0)?;
    let b = param(&args.opt_tensor(2)?, c, "bias", 0.0)?;
    let eps = args.double(5)?;
    batch_norm_batch_stats(args, &x, &w, &b, eps, 6).map(|_| ())
}

/// `aten::native_dropout.out(Tensor input, float p, bool? train, *, Tensor(a!) out0,
/// Tensor(b!) out1)`: in inference (`train == false`), or with `p == 0`, `out0` is a
/// copy of `input` and the mask `out1` (bool) is all true; training with `p == 1`
/// drops everything (zeros, mask all false). Training dropout with `0 < p < 1` needs
/// random numbers, which this library has no generator for: `invalid-argument`, as is
/// a `p` outside `[0, 1]`.
fn native_dropout_out(args: &mut Args) -> KResult {
    let x = args.tensor(0)?;
    let p = args.double(1)?;
    let train = args.opt_bool(2)?.unwrap_or(true);
    if !(0.0..=1.0).contains(&p) {
        return Err(invalid(format!(
            "dropout probability has to be between 0 and 1, got {p}"
        )));
    }
    if train && p > 0.0 && p < 1.0 {
        return Err(invalid(
            "native_dropout in training (train=True, 0 < p < 1) needs random numbers, which the portable library does not generate",
        ));
    }
    let out = args.out(3, &x.sizes.clone())?;
    let mask = args.out(4, &x.sizes.clone())?;
    if train && p == 1.0 {
        // Everything is dropped.
        elem::write::<i64>(&out, &vec![0; out.numel])?;
        return elem::write::<i64>(&mask, &vec![0; mask.numel]);
    }
    copy_logical(&x, &out)?;
    elem::write::<i64>(&mask, &vec![1; mask.numel])
}

/// Mean and `1 / sqrt(var + eps)` (biased variance) of `v`, in `f64`.
fn moments<C: Compute>(v: &[C], eps: f64) -> (f64, f64) {
    let n = v.len() as f64;
    let mean = sum4(v, |x| x) / n;
    let var = sum4(v, |x| (x - mean) * (x - mean)) / n;
    (mean, 1.0 / (var.max(0.0) + eps).sqrt())
}

/// `sum(f(x))` over `v` in `f64`, in four interleaved partial sums: one chain of
/// dependent adds waits out the add's latency on every element (a layer norm over
/// 64 values spent most of its time there); four chains keep the adder busy.
fn sum4<C: Compute>(v: &[C], f: impl Fn(f64) -> f64) -> f64 {
    let mut acc = [0.0f64; 4];
    let mut chunks = v.chunks_exact(4);
    for c in &mut chunks {
        for (a, x) in acc.iter_mut().zip(c) {
            *a += f(x.to_f64());
        }
    }
    let tail: f64 = chunks.remainder().iter().map(|x| f(x.to_f64())).sum();
    (acc[0] + acc[1]) + (acc[2] + acc[3]) + tail
}

/// The per-row work of a layer norm, for each floating element type: f32 rows take
/// SIMD128 on wasm32 (a transformer runs a layer norm over every token between its
/// delegates, and the scalar loops were most of that kernel's time), f64 rows and
/// other targets the scalar loops.
trait NormRow: Compute {
    /// [`moments`] of `row`.
    fn row_moments(row: &[Self], eps: f64) -> (f64, f64) {
        moments(row, eps)
    }

    /// `o[j] = (row[j] - mean) * rstd * w[j] + b[j]`, in that order of operations in
    /// `Self`; `o`, `row`, `w` and `b` have the same length.
    fn normalize(o: &mut [Self], row: &[Self], w: &[Self], b: &[Self], mean: Self, rstd: Self);
}

/// The scalar loop of [`NormRow::normalize`] (all of it for f64, the tail for f32).
fn normalize_scalar<T>(o: &mut [T], row: &[T], w: &[T], b: &[T], mean: T, rstd: T)
where
    T: Copy + std::ops::Sub<Output = T> + std::ops::Mul<Output = T> + std::ops::Add<Output = T>,
{
    for (((o, &v), &wv), &bv) in o.iter_mut().zip(row).zip(w).zip(b) {
        *o = (v - mean) * rstd * wv + bv;
    }
}

impl NormRow for f64 {
    fn normalize(o: &mut [f64], row: &[f64], w: &[f64], b: &[f64], mean: f64, rstd: f64) {
        normalize_scalar(o, row, w, b, mean, rstd);
    }
}

impl NormRow for f32 {
    #[cfg(target_arch = "wasm32")]
    fn row_moments(row: &[f32], eps: f64) -> (f64, f64) {
        simd_norm::moments(row, eps)
    }

    fn normalize(o: &mut [f32], row: &[f32], w: &[f32], b: &[f32], mean: f32, rstd: f32) {
        #[cfg(target_arch = "wasm32")]
        let done = simd_norm::normalize(o, row, w, b, mean, rstd);
        #[cfg(not(target_arch = "wasm32"))]
        let done = 0;
        let (o, row, w, b) = (&mut o[done..], &row[done..], &w[done..], &b[done..]);
        normalize_scalar(o, row, w, b, mean, rstd);
    }
}

/// SIMD128 forms of [`NormRow`] for f32 rows.
#[cfg(target_arch = "wasm32")]
mod simd_norm {
    use core::arch::wasm32::*;

    /// The two f32 halves of `x` widened to f64.
    #[inline(always)]
    fn widen(x: v128) -> (v128, v128) {
        (
            f64x2_promote_low_f32x4(x),
            f64x2_promote_low_f32x4(i32x4_shuffle::<2, 3, 2, 3>(x, x)),
        )
    }

    /// `sum(f(x))` in f64 over `v`, sixteen elements (eight f64x2 partial sums) per
    /// step, the tail in scalar. Under epoch checks the partial sums live in stack
    /// slots, so each step waits on a store and a reload per sum: a layer norm row of
    /// 64 values is four steps, not eight.
    #[inline(always)]
    fn sum16(v: &[f32], f: impl Fn(v128) -> v128, g: impl Fn(f64) -> f64) -> f64 {
        let mut acc = [f64x2_splat(0.0); 8];
        let mut chunks = v.chunks_exact(16);
        for c in &mut chunks {
            let p = c.as_ptr() as *const v128;
            for (k, pair) in acc.chunks_exact_mut(2).enumerate() {
                // SAFETY: `c` holds sixteen floats (four vectors); wasm loads allow
                // any alignment.
                let (lo, hi) = widen(unsafe { v128_load(p.add(k)) });
                pair[0] = f64x2_add(pair[0], f(lo));
                pair[1] = f64x2_add(pair[1], f(hi));
            }
        }
        let s = acc
            .chunks_exact(2)
            .map(|p| f64x2_add(p[0], p[1]))
            .fold(f64x2_splat(0.0), |a, b| f64x2_add(a, b));
        let tail: f64 = chunks.remainder().iter().map(|&x| g(x as f64)).sum();
        (f64x2_extract_lane::<0>(s) + f64x2_extract_lane::<1>(s)) + tail
    }

    /// Mean and `1 / sqrt(var + eps)` of `v` in f64, two passes as the scalar form.
    pub(super) fn moments(v: &[f32], eps: f64) -> (f64, f64) {
        let n = v.len() as f64;
        let mean = sum16(v, |x| x, |x| x) / n;
        let m = f64x2_splat(mean);
        let var = sum16(
            v,
            |x| {
                let d = f64x2_sub(x, m);
                f64x2_mul(d, d)
            },
            |x| (x - mean) * (x - mean),
        ) / n;
        (mean, 1.0 / (var.max(0.0) + eps).sqrt())
    }

    /// The vector part of `NormRow::normalize`, four lanes at a time with the same
    /// operations in the same order (the same bits as the scalar loop); returns how
    /// many leading elements it wrote.
    pub(super) fn normalize(
        o: &mut [f32],
        row: &[f32],
        w: &[f32],
        b: &[f32],
        mean: f32,
        rstd: f32,
    ) -> usize {
        let len = o.len().min(row.len()).min(w.len()).min(b.len());
        let k = len - len % 4;
        let (m, r) = (f32x4_splat(mean), f32x4_splat(rstd));
        let (po, px, pw, pb) = (
            o.as_mut_ptr() as *mut v128,
            row.as_ptr() as *const v128,
            w.as_ptr() as *const v128,
            b.as_ptr() as *const v128,
        );
        // SAFETY (of the callers): vector `i` lies in the first `k <= len` elements of
        // each slice.
        let one = |i: usize| unsafe {
            let v = f32x4_mul(f32x4_sub(v128_load(px.add(i)), m), r);
            let v = f32x4_add(f32x4_mul(v, v128_load(pw.add(i))), v128_load(pb.add(i)));
            v128_store(po.add(i), v);
        };
        // Four vectors per step (see `sum16` on why fewer steps pay).
        let mut i = 0;
        while i + 4 <= k / 4 {
            one(i);
            one(i + 1);
            one(i + 2);
            one(i + 3);
            i += 4;
        }
        while i < k / 4 {
            one(i);
            i += 1;
        }
        k
    }
}

/// `aten::native_layer_norm.out(input, normalized_shape, weight?, bias?, eps, *, out,
/// mean, rstd)`: normalizes over the trailing `normalized_shape` dims;
/// `mean`/`rstd` have the input's leading sizes followed by ones.
fn layer_norm_out(args: &mut Args) -> KResult {
    let x = args.tensor(0)?;
    let shape = args.int_list(1)?;
    let weight = args.opt_tensor(2)?;
    let bias = args.opt_tensor(3)?;
    let eps = args.double(4)?;
    let nd = shape.len();
    if nd == 0 || nd > x.dim() {
        return Err(invalid(format!(
            "normalized_shape {shape:?} does not fit input {:?}",
            x.sizes
        )));
    }
    let axis = x.dim() - nd;
    if x.sizes[axis..]
        .iter()
        .zip(&shape)
        .any(|(&a, &b)| a as i64 != b)
    {
        return Err(invalid(format!(
            "normalized_shape {shape:?} does not match the trailing sizes of {:?}",
            x.sizes
        )));
    }
    let n: usize = x.sizes[axis..].iter().product();
    let m: usize = x.sizes[..axis].iter().product();
    let w = param(&weight, n, "weight", 1.0)?;
    let b = param(&bias, n, "bias", 0.0)?;
    let mut stat_sizes = x.sizes[..axis].to_vec();
    stat_sizes.extend(std::iter::repeat_n(1, nd));
    let out = args.out(5, &x.sizes.clone())?;
    let mean_t = args.out(6, &stat_sizes)?;
    let rstd_t = args.out(7, &stat_sizes)?;
    with_float!(out.dtype, C, {
        let xv = elem::read::<C>(&x)?;
        let wc: Vec<C> = w.iter().map(|&v| C::from_f64(v)).collect();
        let bc: Vec<C> = b.iter().map(|&v| C::from_f64(v)).collect();
        let mut ob = OutBuf::<C>::new(&out);
        let mut mb = OutBuf::<C>::new(&mean_t);
        let mut rb = OutBuf::<C>::new(&rstd_t);
        if n > 0 {
            let o = ob.data();
            let (md, rd) = (mb.data(), rb.data());
            for i in 0..m {
                let row = &xv[i * n..(i + 1) * n];
                let (mean, rstd) = C::row_moments(row, eps);
                md[i] = C::from_f64(mean);
                rd[i] = C::from_f64(rstd);
                let (mc, rc) = (C::from_f64(mean), C::from_f64(rstd));
                C::normalize(&mut o[i * n..(i + 1) * n], row, &wc, &bc, mc, rc);
            }
        } else {
            // Nothing to normalize: PyTorch reports NaN statistics.
            mb.data().fill(C::from_f64(f64::NAN));
            rb.data().fill(C::from_f64(f64::NAN));
        }
        ob.commit()?;
        mb.commit()?;
        rb.commit()
    })
}

/// `aten::native_group_norm.out(input, weight?, bias?, N, C, HxW, group, eps, *, out,
/// mean, rstd)`: normalizes each of `group` channel groups of each sample;
/// `mean`/`rstd` are `[N, group]`; weight and bias are per channel.
fn group_norm_out(args: &mut Args) -> KResult {
    let x = args.tensor(0)?;
    let weight = args.opt_tensor(1)?;
    let bias = args.opt_tensor(2)?;
    let n = args.int(3)?;
    let c = args.int(4)?;
    let hw = args.int(5)?;
    let group = args.int(6)?;
    let eps = args.double(7)?;
    if n < 0 || c < 0 || hw < 0 || group <= 0 || c % group != 0 {
        return Err(invalid(format!(
            "invalid group norm sizes N={n} C={c} HxW={hw} group={group}"
        )));
    }
    let (n, c, hw, group) = (n as usize, c as usize, hw as usize, group as usize);
    if x.numel != n * c * hw || x.dim() < 2 || x.sizes[0] != n || x.sizes[1] != c {
        return Err(invalid(format!(
            "input {:?} does not have N={n} C={c} HxW={hw}",
            x.sizes
        )));
    }
    let w = param(&weight, c, "weight", 1.0)?;
    let b = param(&bias, c, "bias", 0.0)?;
    let out = args.out(8, &x.sizes.clone())?;
    let mean_t = args.out(9, &[n, group])?;
    let rstd_t = args.out(10, &[n, group])?;
    let cpg = c / group;
    with_float!(out.dtype, C, {
        let xv = elem::read::<C>(&x)?;
        let mut ob = OutBuf::<C>::new(&out);
        let mut mb = OutBuf::<C>::new(&mean_t);
        let mut rb = OutBuf::<C>::new(&rstd_t);
        let o = ob.data();
        let (md, rd) = (mb.data(), rb.data());
        let blk = cpg * hw;
        for i in 0..n * group {
            let xs = &xv[i * blk..(i + 1) * blk];
            let (mean, rstd) = if blk > 0 {
                C::row_moments(xs, eps)
            } else {
                (f64::NAN, f64::NAN)
            };
            md[i] = C::from_f64(mean);
            rd[i] = C::from_f64(rstd);
            for k in 0..cpg {
                let ch = (i % group) * cpg + k;
                // out = x * a + s with a = rstd * w, s = b - mean * a.
                let a = rstd * w[ch];
                let (ac, sc) = (C::from_f64(a), C::from_f64(b[ch] - mean * a));
                let base = i * blk + k * hw;
                for (o, &v) in o[base..base + hw].iter_mut().zip(&xs[k * hw..(k + 1) * hw]) {
                    *o = v * ac + sc;
                }
            }
        }
        ob.commit()?;
        mb.commit()?;
        rb.commit()
    })
}
