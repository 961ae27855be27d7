//! Matrix products: `aten::mm.out`, `aten::bmm.out`, `aten::addmm.out`,
//! `aten::linear.out`. Their `f32`
//! case, and the convolutions, use the blocked single-precision GEMM ([`sgemm`]) of the
//! shared `plugboard-compute` crate, re-exported here.

use crate::args::{Args, Scalar};
use crate::elem::{self, Compute, Family, OutBuf};
use crate::registry::{Registrar, FLOATS, REAL_AND_BOOL};
use crate::tensor::Tensor;
use crate::{invalid, with_compute, KResult};

/// Registers this module's operators.
pub fn register(r: &mut Registrar) {
    r.add("aten::mm.out", REAL_AND_BOOL, mm_out);
    r.add("aten::bmm.out", REAL_AND_BOOL, bmm_out);
    r.add("aten::addmm.out", REAL_AND_BOOL, addmm_out);
    r.add("aten::linear.out", FLOATS, linear_out);
}

// ---------------------------------------------------------------------------
// Blocked f32 GEMM (in the shared `plugboard-compute` crate)
// ---------------------------------------------------------------------------

pub use plugboard_compute::gemm::{gemm, sgemm, GemmError, MatRef, PackB, MR, NR};

/// A GEMM's refusal (inconsistent strides or sizes) as an `invalid-argument` error.
pub fn gemm_error(e: GemmError) -> crate::Error {
    invalid(e.0)
}

// ---------------------------------------------------------------------------
// Generic GEMM for f64 and integers
// ---------------------------------------------------------------------------

/// Arithmetic of the generic (non-`f32`) matrix product: floats as usual, integers
/// wrap around as PyTorch's do.
pub trait Arith: Compute {
    /// `self + o`.
    fn add(self, o: Self) -> Self;
    /// `self * o`.
    fn mul(self, o: Self) -> Self;
}

impl Arith for f32 {
    fn add(self, o: Self) -> Self {
        self + o
    }
    fn mul(self, o: Self) -> Self {
        self * o
    }
}

impl Arith for f64 {
    fn add(self, o: Self) -> Self {
        self + o
    }
    fn mul(self, o: Self) -> Self {
        self * o
    }
}

impl Arith for i64 {
    fn add(self, o: Self) -> Self {
        self.wrapping_add(o)
    }
    fn mul(self, o: Self) -> Self {
        self.wrapping_mul(o)
    }
}

/// Plain `C = alpha * A B + beta * C` on contiguous row-major `A` (`m x k`), `B`
/// (`k x n`) and `C` (`m x n`); with `beta == None` `C` is overwritten.
#[allow(clippy::too_many_arguments)]
fn gemm_generic<T: Arith>(
    m: usize,
    n: usize,
    k: usize,
    alpha: T,
    a: &[T],
    b: &[T],
    beta: Option<T>,
    c: &mut [T],
) {
    let mut row = vec![T::default(); n];
    for i in 0..m {
        row.fill(T::default());
        for p in 0..k {
            let av = a[i * k + p];
            for (r, &bv) in row.iter_mut().zip(&b[p * n..p * n + n]) {
                *r = r.add(av.mul(bv));
            }
        }
        for (o, &r) in c[i * n..i * n + n].iter_mut().zip(&row) {
            let v = alpha.mul(r);
            *o = match beta {
                Some(bt) => bt.mul(*o).add(v),
                None => v,
            };
        }
    }
}

// ---------------------------------------------------------------------------
// Operators
// ---------------------------------------------------------------------------

/// `(data, row stride, column stride)` of a rank-2 `f32` tensor read in place, or of
/// its converted logical copy.
fn f32_matrix(t: &Tensor) -> KResult<(std::borrow::Cow<'_, [f32]>, Vec<usize>)> {
    if t.dtype == f32::DTYPE {
        // Dense in its dim order: use the memory with the dim order's strides.
        // SAFETY: the dtype is Float, stored as f32.
        Ok((
            std::borrow::Cow::Borrowed(unsafe { t.slice::<f32>() }),
            t.strides(),
        ))
    } else {
        let v = elem::read::<f32>(t)?;
        Ok((v, crate::tensor::contiguous_strides(&t.sizes)))
    }
}

fn check_same_dtype(ts: &[&Tensor]) -> KResult<()> {
    if let Some(first) = ts.first() {
        for t in ts {
            if t.dtype != first.dtype {
                return Err(invalid(format!(
                    "expected operands of the same dtype, got {:?} and {:?}",
                    first.dtype, t.dtype
                )));
            }
        }
    }
    Ok(())
}

/// Batched product shared by `mm` (`batch == None`) and `bmm`.
fn matmul(a: &Tensor, b: &Tensor, out: &Tensor, batched: bool) -> KResult<()> {
    let (bs, m, k, n) = if batched {
        (a.sizes[0], a.sizes[1], a.sizes[2], b.sizes[2])
    } else {
        (1, a.sizes[0], a.sizes[1], b.sizes[1])
    };
    let off = batched as usize;
    if elem::family(out.dtype) == Family::F32 {
        let (av, sa) = f32_matrix(a)?;
        let (bv, sb) = f32_matrix(b)?;
        let mut ob = OutBuf::<f32>::new(out);
        let o = ob.data();
        for bi in 0..bs {
            let (a0, b0) = if batched {
                (bi * sa[0], bi * sb[0])
            } else {
                (0, 0)
            };
            let am = MatRef {
                data: av.get(a0..).unwrap_or(&[]),
                rs: sa[off],
                cs: sa[off + 1],
            };
            let bm = MatRef {
                data: bv.get(b0..).unwrap_or(&[]),
                rs: sb[off],
                cs: sb[off + 1],
            };
            sgemm(
                m,
                n,
                k,
                1.0,
                am,
                bm,
                0.0,
                &mut o[bi * m * n..(bi + 1) * m * n],
                n,
            )
            .map_err(gemm_error)?;
        }
        return ob.commit();
    }
    with_compute!(out.dtype, C, {
        let av = elem::read::<C>(a)?;
        let bv = elem::read::<C>(b)?;
        let mut ob = OutBuf::<C>::new(out);
        let o = ob.data();
        for bi in 0..bs {
            gemm_generic::<C>(
                m,
                n,
                k,
                C::from_i64(1),
                &av[bi * m * k..(bi + 1) * m * k],
                &bv[bi * k * n..(bi + 1) * k * n],
                None,
                &mut o[bi * m * n..(bi + 1) * m * n],
            );
        }
        ob.commit()
    })
}

/// `aten::mm.out(self [m, k], mat2 [k, n], *, out [m, n])`: matrix product.
fn mm_out(args: &mut Args) -> KResult {
    let a = args.tensor(0)?;
    let b = args.tensor(1)?;
    if a.dim() != 2 || b.dim() != 2 || a.sizes[1] != b.sizes[0] {
        return Err(invalid(format!(
            "mm: cannot multiply {:?} by {:?}",
            a.sizes, b.sizes
        )));
    }
    check_same_dtype(&[&a, &b])?;
    let out = args.out(2, &[a.sizes[0], b.sizes[1]])?;
    matmul(&a, &b, &out, false)
}

/// `aten::bmm.out(self [b, m, k], mat2 [b, k, n], *, out [b, m, n])`: batched product.
fn bmm_out(args: &mut Args) -> KResult {
    let a = args.tensor(0)?;
    let b = args.tensor(1)?;
    if a.dim() != 3 || b.dim() != 3 || a.sizes[0] != b.sizes[0] || a.sizes[2] != b.sizes[1] {
        return Err(invalid(format!(
            "bmm: cannot multiply {:?} by {:?}",
            a.sizes, b.sizes
        )));
    }
    check_same_dtype(&[&a, &b])?;
    let out = args.out(2, &[a.sizes[0], a.sizes[1], b.sizes[2]])?;
    matmul(&a, &b, &out, true)
}

/// `aten::addmm.out(self, mat1 [m, k], mat2 [k, n], *, beta=1, alpha=1, out [m, n])`:
/// `beta * self + alpha * (mat1 @ mat2)`, `self` broadcast to `[m, n]`; with
/// `beta == 0` `self` is ignored (as PyTorch does).
fn addmm_out(args: &mut Args) -> KResult {
    let s = args.tensor(0)?;
    let a = args.tensor(1)?;
    let b = args.tensor(2)?;
    let beta = args.scalar(3)?;
    let alpha = args.scalar(4)?;
    if a.dim() != 2 || b.dim() != 2 || a.sizes[1] != b.sizes[0] {
        return Err(invalid(format!(
            "addmm: cannot multiply {:?} by {:?}",
            a.sizes, b.sizes
        )));
    }
    check_same_dtype(&[&s, &a, &b])?;
    let (m, k, n) = (a.sizes[0], a.sizes[1], b.sizes[1]);
    if s.dim() > 2
        || s.sizes
            .iter()
            .rev()
            .zip([n, m])
            .any(|(&d, want)| d != 1 && d != want)
    {
        return Err(invalid(format!(
            "addmm: self of sizes {:?} does not broadcast to [{m}, {n}]",
            s.sizes
        )));
    }
    let out = args.out(5, &[m, n])?;
    let fam = elem::family(out.dtype);
    if fam == Family::I64 && (beta.is_float() || alpha.is_float()) {
        return Err(invalid(
            "addmm: for integral tensors, beta and alpha must not be floating point",
        ));
    }
    // Broadcast index of self for element (i, j).
    let (s_rows, s_cols) = match s.dim() {
        0 => (1, 1),
        1 => (1, s.sizes[0]),
        _ => (s.sizes[0], s.sizes[1]),
    };
    let s_at = move |i: usize, j: usize| -> usize {
        (if s_rows == 1 { 0 } else { i }) * s_cols + if s_cols == 1 { 0 } else { j }
    };
    let beta_zero = beta.to_f64() == 0.0;
    if fam == Family::F32 {
        let (av, sa) = f32_matrix(&a)?;
        let (bv, sb) = f32_matrix(&b)?;
        let mut ob = OutBuf::<f32>::new(&out);
        let o = ob.data();
        if !beta_zero {
            let sv = elem::read::<f32>(&s)?;
            for i in 0..m {
                for j in 0..n {
                    o[i * n + j] = sv[s_at(i, j)];
                }
            }
        }
        let am = MatRef {
            data: &av,
            rs: sa[0],
            cs: sa[1],
        };
        let bm = MatRef {
            data: &bv,
            rs: sb[0],
            cs: sb[1],
        };
        sgemm(
            m,
            n,
            k,
            alpha.to_f64() as f32,
            am,
            bm,
            beta.to_f64() as f32,
            o,
            n,
        )
        .map_err(gemm_error)?;
        return ob.commit();
    }
    with_compute!(out.dtype, C, {
        let av = elem::read::<C>(&a)?;
        let bv = elem::read::<C>(&b)?;
        let conv = |x: Scalar| -> C {
            if C::IS_FLOAT {
                C::from_f64(x.to_f64())
            } else {
                C::from_i64(x.to_i64())
            }
        };
        let mut ob = OutBuf::<C>::new(&out);
        let o = ob.data();
        let beta_c = if beta_zero {
            None
        } else {
            let sv = elem::read::<C>(&s)?;
            for i in 0..m {
                for j in 0..n {
                    o[i * n + j] = sv[s_at(i, j)];
                }
            }
            Some(conv(beta))
        };
        gemm_generic::<C>(m, n, k, conv(alpha), &av, &bv, beta_c, o);
        ob.commit()
    })
}

/// `aten::linear.out(Tensor input [*, k], Tensor weight [n, k], Tensor? bias=None, *,
/// Tensor(a!) out [*, n])`: `input @ weight^T + bias`, over every leading index of
/// `input` (rank >= 1); `bias` is `[n]`, `[1]` or 0-dim. Float dtypes, all operands of
/// one dtype (`float`, `half` and `bfloat16` compute in `f32`, `double` in `f64`);
/// mismatched sizes or dtypes are `invalid-argument`.
fn linear_out(args: &mut Args) -> KResult {
    let x = args.tensor(0)?;
    let w = args.tensor(1)?;
    let bias = args.opt_tensor(2)?;
    if x.dim() == 0 || w.dim() != 2 || w.sizes[1] != x.sizes[x.dim() - 1] {
        return Err(invalid(format!(
            "linear: input of sizes {:?} does not match weight of sizes {:?}",
            x.sizes, w.sizes
        )));
    }
    let (n, k) = (w.sizes[0], w.sizes[1]);
    let mut ops = vec![&x, &w];
    if let Some(b) = &bias {
        if b.dim() > 1 || (b.numel != n && b.numel != 1) {
            return Err(invalid(format!(
                "linear: bias of sizes {:?} for {n} outputs",
                b.sizes
            )));
        }
        ops.push(b);
    }
    check_same_dtype(&ops)?;
    let mut sizes = x.sizes[..x.dim() - 1].to_vec();
    let m: usize = sizes.iter().product();
    sizes.push(n);
    let out = args.out(3, &sizes)?;
    if !elem::is_float(out.dtype) {
        return Err(invalid(format!(
            "linear needs floating-point tensors, got {:?}",
            out.dtype
        )));
    }
    if elem::family(out.dtype) == Family::F32 {
        let xv = elem::read::<f32>(&x)?;
        let (wv, sw) = f32_matrix(&w)?;
        let mut ob = OutBuf::<f32>::new(&out);
        let o = ob.data();
        let beta = match &bias {
            Some(b) => {
                let bv = elem::read::<f32>(b)?;
                for row in o.chunks_mut(n.max(1)) {
                    for (j, v) in row.iter_mut().enumerate() {
                        *v = bv[if bv.len() == 1 { 0 } else { j }];
                    }
                }
                1.0
            }
            None => 0.0,
        };
        let am = MatRef {
            data: &xv,
            rs: k,
            cs: 1,
        };
        // weight^T: element (p, j) is weight[j, p].
        let bm = MatRef {
            data: &wv,
            rs: sw[1],
            cs: sw[0],
        };
        sgemm(m, n, k, 1.0, am, bm, beta, o, n).map_err(gemm_error)?;
        return ob.commit();
    }
    with_compute!(out.dtype, C, {
        let xv = elem::read::<C>(&x)?;
        let wv = elem::read::<C>(&w)?;
        let mut wt = vec![C::default(); k * n];
        for j in 0..n {
            for p in 0..k {
                wt[p * n + j] = wv[j * k + p];
            }
        }
        let mut ob = OutBuf::<C>::new(&out);
        let o = ob.data();
        let beta = match &bias {
            Some(b) => {
                let bv = elem::read::<C>(b)?;
                for row in o.chunks_mut(n.max(1)) {
                    for (j, v) in row.iter_mut().enumerate() {
                        *v = bv[if bv.len() == 1 { 0 } else { j }];
                    }
                }
                Some(C::from_i64(1))
            }
            None => None,
        };
        gemm_generic::<C>(m, n, k, C::from_i64(1), &xv, &wt, beta, o);
        ob.commit()
    })
}
