//! Normalization: `aten::_native_batch_norm_legit_no_training.out` (inference batch
//! norm with running statistics), `aten::native_layer_norm.out` and
//! `aten::native_group_norm.out`, following PyTorch's CPU kernels (biased variance,
//! `rstd = 1 / sqrt(var + eps)`). Statistics are accumulated in `f64`.

use crate::args::Args;
use crate::elem::{self, Compute, Family, OutBuf};
use crate::registry::{Registrar, FLOATS};
use crate::tensor::Tensor;
use crate::{invalid, KResult};

/// Registers this module's operators.
pub fn register(r: &mut Registrar) {
    r.add(
        "aten::_native_batch_norm_legit_no_training.out",
        FLOATS,
        batch_norm_no_training_out,
    );
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
    // Per-channel affine map: out = x * scale + shift.
    let scale: Vec<f64> = (0..c).map(|i| w[i] / (var[i] + eps).sqrt()).collect();
    let shift: Vec<f64> = (0..c).map(|i| b[i] - mean[i] * scale[i]).collect();
    let inner: usize = x.sizes[2..].iter().product();
    with_float!(out.dtype, C, {
        let xv = elem::read::<C>(&x)?;
        let mut ob = OutBuf::<C>::new(&out);
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
                let (mean, rstd) = moments(row, eps);
                md[i] = C::from_f64(mean);
                rd[i] = C::from_f64(rstd);
                let (mc, rc) = (C::from_f64(mean), C::from_f64(rstd));
                for (((o, &v), &wv), &bv) in
                    o[i * n..(i + 1) * n].iter_mut().zip(row).zip(&wc).zip(&bc)
                {
                    *o = (v - mc) * rc * wv + bv;
                }
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
                moments(xs, eps)
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
