//! Pairwise p-norm distances: `aten::_cdist_forward.out` (between the rows of two
//! batched matrices) and `aten::_pdist_forward.out` (between the rows of one matrix),
//! with PyTorch's semantics (`aten/src/ATen/native/Distance.cpp`): `p == 0` counts
//! the differing coordinates, `p == inf` takes the largest difference, any other
//! `p >= 0` is `(sum |a - b|^p)^(1/p)`. Distances are accumulated in `f64`.

use crate::args::Args;
use crate::elem::{self, is_float};
use crate::ops::util::{broadcast_shape, broadcast_strides};
use crate::registry::{Registrar, FLOATS};
use crate::tensor::for_each_index;
use crate::{invalid, KResult};

/// Registers this module's operators.
pub fn register(r: &mut Registrar) {
    r.add("aten::_cdist_forward.out", FLOATS, cdist_forward);
    r.add("aten::_pdist_forward.out", FLOATS, pdist_forward);
}

/// The p-norm of the difference of two rows.
fn distance(a: &[f64], b: &[f64], p: f64) -> f64 {
    let diffs = a.iter().zip(b).map(|(x, y)| (x - y).abs());
    if p == 0.0 {
        diffs.filter(|&d| d != 0.0).count() as f64
    } else if p == f64::INFINITY {
        diffs.fold(0.0, |m, d| if d > m || d.is_nan() { d } else { m })
    } else if p == 1.0 {
        diffs.sum()
    } else if p == 2.0 {
        diffs.map(|d| d * d).sum::<f64>().sqrt()
    } else {
        diffs.map(|d| d.powf(p)).sum::<f64>().powf(1.0 / p)
    }
}

fn check_p(op: &str, p: f64) -> KResult<()> {
    if p.is_nan() || p < 0.0 {
        return Err(invalid(format!(
            "{op} only supports non-negative p values, got {p}"
        )));
    }
    Ok(())
}

/// `_cdist_forward.out(Tensor x1, Tensor x2, float p, int? compute_mode, *, Tensor(a!)
/// out)`: `out[..., i, j]` is the p-norm distance between row `i` of `x1` (`[*, P, M]`)
/// and row `j` of `x2` (`[*, R, M]`); the batch dimensions broadcast, `out` is
/// `[*, P, R]`. `compute_mode` (which of PyTorch's two algorithms for `p == 2`) does
/// not change the result here: every distance is computed directly. Float dtypes;
/// `invalid-argument` for ranks below 2, different row lengths, batch sizes that do
/// not broadcast, a negative `p`, or a non-float output.
fn cdist_forward(a: &mut Args) -> KResult {
    let x1 = a.tensor(0)?;
    let x2 = a.tensor(1)?;
    let p = a.double(2)?;
    check_p("cdist", p)?;
    if x1.dim() < 2 || x2.dim() < 2 || x1.sizes[x1.dim() - 1] != x2.sizes[x2.dim() - 1] {
        return Err(invalid(format!(
            "cdist: x1 of sizes {:?} and x2 of sizes {:?} need rank >= 2 and rows of one length",
            x1.sizes, x2.sizes
        )));
    }
    let (r1, r2) = (x1.dim(), x2.dim());
    let (rows1, rows2, m) = (x1.sizes[r1 - 2], x2.sizes[r2 - 2], x1.sizes[r1 - 1]);
    let batch = broadcast_shape(&x1.sizes[..r1 - 2], &x2.sizes[..r2 - 2])?;
    let mut sizes = batch.clone();
    sizes.extend([rows1, rows2]);
    let out = a.out(4, &sizes)?;
    if !is_float(out.dtype) {
        return Err(invalid(format!(
            "cdist needs a floating-point output, got {:?}",
            out.dtype
        )));
    }
    if out.numel == 0 {
        return Ok(());
    }
    let v1 = elem::read::<f64>(&x1)?;
    let v2 = elem::read::<f64>(&x2)?;
    // Batch strides in units of whole matrices.
    let bs1 = broadcast_strides(&x1.sizes[..r1 - 2], &batch);
    let bs2 = broadcast_strides(&x2.sizes[..r2 - 2], &batch);
    let (mat1, mat2) = (rows1 * m, rows2 * m);
    let mut res = Vec::with_capacity(out.numel);
    for_each_index(&batch, |_, idx| {
        let b1: usize = idx.iter().zip(&bs1).map(|(i, s)| i * s).sum::<usize>() * mat1;
        let b2: usize = idx.iter().zip(&bs2).map(|(i, s)| i * s).sum::<usize>() * mat2;
        for i in 0..rows1 {
            let ra = &v1[b1 + i * m..b1 + (i + 1) * m];
            for j in 0..rows2 {
                res.push(distance(ra, &v2[b2 + j * m..b2 + (j + 1) * m], p));
            }
        }
    });
    elem::write(&out, &res)
}

/// `_pdist_forward.out(Tensor self, float p=2, *, Tensor(a!) out)`: the p-norm
/// distance between every pair of rows `i < j` of `self` (`[N, M]`), in row-major pair
/// order; `out` is `[N * (N - 1) / 2]`. Float dtypes; `invalid-argument` for a rank
/// other than 2, a negative `p`, or a non-float output.
fn pdist_forward(a: &mut Args) -> KResult {
    let x = a.tensor(0)?;
    let p = if a.is_none(1) { 2.0 } else { a.double(1)? };
    check_p("pdist", p)?;
    if x.dim() != 2 {
        return Err(invalid(format!(
            "pdist needs a 2-D input, got sizes {:?}",
            x.sizes
        )));
    }
    let (n, m) = (x.sizes[0], x.sizes[1]);
    // n * (n - 1) / 2 without overflow: one of n, n - 1 is even.
    let pairs = if n < 2 {
        Some(0)
    } else if n % 2 == 0 {
        (n / 2).checked_mul(n - 1)
    } else {
        n.checked_mul((n - 1) / 2)
    }
    .ok_or_else(|| invalid("pdist: the number of pairs overflows"))?;
    let out = a.out(2, &[pairs])?;
    if !is_float(out.dtype) {
        return Err(invalid(format!(
            "pdist needs a floating-point output, got {:?}",
            out.dtype
        )));
    }
    let v = elem::read::<f64>(&x)?;
    let mut res = Vec::with_capacity(pairs);
    for i in 0..n {
        for j in i + 1..n {
            res.push(distance(&v[i * m..(i + 1) * m], &v[j * m..(j + 1) * m], p));
        }
    }
    elem::write(&out, &res)
}
