//! Shared helpers of the op modules, so that they import these and not each other:
//! broadcast shapes, strides and index walks, dimension wrapping, type promotion,
//! element sizes and strides, writing boolean results here; [`simd`] for the
//! elementwise f32 kernels written once for SIMD128 and scalars; [`num`] for the
//! arithmetic of the compute types and Scalar casts; [`float`] for float-valued
//! elementwise maps; [`copy`] for the strided copy engine and dtype conversion.

pub mod copy;
pub mod float;
pub mod num;
pub mod simd;

use crate::args::Scalar;
use crate::elem::{self, is_float, is_integral};
use crate::plugboard::runtime::types::ScalarType;
use crate::tensor::Tensor;
use crate::{invalid, KResult};

/// Broadcast shape of `a` and `b` (NumPy / PyTorch rules).
pub fn broadcast_shape(a: &[usize], b: &[usize]) -> KResult<Vec<usize>> {
    let n = a.len().max(b.len());
    let mut out = vec![0; n];
    for i in 0..n {
        let da = if i < n - a.len() {
            1
        } else {
            a[i - (n - a.len())]
        };
        let db = if i < n - b.len() {
            1
        } else {
            b[i - (n - b.len())]
        };
        out[i] = if da == db || db == 1 {
            da
        } else if da == 1 {
            db
        } else {
            return Err(invalid(format!("shapes {a:?} and {b:?} do not broadcast")));
        };
    }
    Ok(out)
}

/// Row-major strides of an input of shape `shape` broadcast to `out` (0 on broadcast dims).
pub fn broadcast_strides(shape: &[usize], out: &[usize]) -> Vec<usize> {
    let mut strides = vec![0; out.len()];
    let off = out.len() - shape.len();
    let mut s = 1;
    for i in (0..shape.len()).rev() {
        strides[i + off] = if shape[i] == 1 { 0 } else { s };
        s *= shape[i];
    }
    strides
}

/// Wraps a possibly negative dimension into `0..rank` (rank 0 accepts 0 and -1).
pub fn wrap_dim(dim: i64, rank: usize) -> KResult<usize> {
    let r = rank.max(1) as i64;
    let d = if dim < 0 { dim + r } else { dim };
    if d < 0 || d >= r {
        return Err(invalid(format!(
            "dimension {dim} is out of range for rank {rank}"
        )));
    }
    Ok(d as usize)
}

fn category(t: ScalarType) -> u8 {
    if t == ScalarType::Bool {
        0
    } else if is_integral(t) {
        1
    } else {
        2
    }
}

/// PyTorch's promotion of two tensor dtypes (`c10::promoteTypes`) for the types kernels
/// support.
pub fn promote_types(a: ScalarType, b: ScalarType) -> ScalarType {
    use ScalarType::*;
    if a == b {
        return a;
    }
    let (ca, cb) = (category(a), category(b));
    if ca != cb {
        return if ca > cb { a } else { b };
    }
    match ca {
        0 => Bool,
        1 => {
            // uint8 with a signed type promotes to the next signed type that holds both.
            let rank = |t: ScalarType| match t {
                Byte => 1,
                Char => 0,
                Short => 2,
                Int => 3,
                _ => 4,
            };
            let (lo, hi) = if rank(a) < rank(b) { (a, b) } else { (b, a) };
            if lo == Char && hi == Byte {
                Short
            } else {
                hi
            }
        }
        _ => {
            let rank = |t: ScalarType| match t {
                Half => 0,
                Bfloat16 => 0,
                Float => 1,
                _ => 2,
            };
            if (a == Half && b == Bfloat16) || (a == Bfloat16 && b == Half) {
                Float
            } else if rank(a) >= rank(b) {
                a
            } else {
                b
            }
        }
    }
}

/// The dtype a tensor of `t` combined with scalar `s` computes in (a scalar only lifts
/// the category: int tensor with float scalar gives float32).
pub fn promote_with_scalar(t: ScalarType, s: Scalar) -> ScalarType {
    match s {
        Scalar::Double(_) if !is_float(t) => ScalarType::Float,
        Scalar::Int(_) if t == ScalarType::Bool => ScalarType::Long,
        _ => t,
    }
}

/// Product of sizes.
pub fn numel(sizes: &[usize]) -> usize {
    sizes.iter().product()
}

/// Walks every output index of `shape` (row-major) with the matching offsets of two
/// broadcast inputs, calling `f(out_index, a_offset, b_offset)`.
pub fn broadcast_loop(
    shape: &[usize],
    sa: &[usize],
    sb: &[usize],
    mut f: impl FnMut(usize, usize, usize),
) {
    let n: usize = shape.iter().product();
    if n == 0 {
        return;
    }
    let rank = shape.len();
    if rank == 0 {
        f(0, 0, 0);
        return;
    }
    let inner = shape[rank - 1];
    let (ia_s, ib_s) = (sa[rank - 1], sb[rank - 1]);
    let mut idx = vec![0usize; rank];
    let mut oi = 0;
    while oi < n {
        let mut base_a = 0;
        let mut base_b = 0;
        for d in 0..rank - 1 {
            base_a += idx[d] * sa[d];
            base_b += idx[d] * sb[d];
        }
        for k in 0..inner {
            f(oi + k, base_a + k * ia_s, base_b + k * ib_s);
        }
        oi += inner;
        for d in (0..rank - 1).rev() {
            idx[d] += 1;
            if idx[d] < shape[d] {
                break;
            }
            idx[d] = 0;
        }
    }
}

/// Calls `f(out_index, a_offset, b_offset, c_offset)` for every index of `out` (row-major)
/// with the offsets of three inputs of sizes `a`, `b`, `c` broadcast to it.
pub fn broadcast3(
    out: &[usize],
    a: &[usize],
    b: &[usize],
    c: &[usize],
    mut f: impl FnMut(usize, usize, usize, usize),
) {
    let n: usize = out.iter().product();
    if n == 0 {
        return;
    }
    let na: usize = a.iter().product();
    let nb: usize = b.iter().product();
    let nc: usize = c.iter().product();
    if na == n && nb == n && nc == n {
        for i in 0..n {
            f(i, i, i, i);
        }
        return;
    }
    let rank = out.len();
    if rank == 0 {
        f(0, 0, 0, 0);
        return;
    }
    let sa = broadcast_strides(a, out);
    let sb = broadcast_strides(b, out);
    let sc = broadcast_strides(c, out);
    let mut idx = vec![0usize; rank];
    let inner = out[rank - 1];
    let mut oi = 0;
    while oi < n {
        let (mut ba, mut bb, mut bc) = (0, 0, 0);
        for d in 0..rank - 1 {
            ba += idx[d] * sa[d];
            bb += idx[d] * sb[d];
            bc += idx[d] * sc[d];
        }
        for k in 0..inner {
            f(
                oi + k,
                ba + k * sa[rank - 1],
                bb + k * sb[rank - 1],
                bc + k * sc[rank - 1],
            );
        }
        oi += inner;
        for d in (0..rank - 1).rev() {
            idx[d] += 1;
            if idx[d] < out[d] {
                break;
            }
            idx[d] = 0;
        }
    }
}

/// Writes 0/1 results into `out`: `fill` gets the elements in logical order (the out
/// tensor's own bytes when it is a contiguous bool tensor, otherwise scratch that is
/// then converted to `out`'s dtype and dim order).
pub fn write_bools(out: &Tensor, fill: impl FnOnce(&mut [u8])) -> KResult<()> {
    if out.dtype == ScalarType::Bool && out.is_contiguous() {
        // SAFETY: a bool tensor's storage is one byte per element.
        fill(unsafe { out.slice_mut::<u8>() });
        return Ok(());
    }
    let mut v = vec![0u8; out.numel];
    fill(&mut v);
    let wide: Vec<i64> = v.iter().map(|&b| b as i64).collect();
    elem::write::<i64>(out, &wide)
}

/// Size in bytes of one element of `dtype`; an error for dtypes kernels do not move.
pub fn esize(dtype: ScalarType) -> KResult<usize> {
    use ScalarType::*;
    match dtype {
        Byte | Char | Bool | Short | Half | Bfloat16 | Uint16 | Int | Float | Uint32 | Long
        | Double | Uint64 => Ok(elem::element_size(dtype)),
        other => Err(invalid(format!("dtype {other:?} is not supported"))),
    }
}

/// Memory strides (in elements) of each logical dimension of `t`.
pub fn tstrides(t: &Tensor) -> Vec<isize> {
    t.strides().into_iter().map(|s| s as isize).collect()
}

/// PyTorch's clamping of slice bounds for a dimension of `size` elements: negative
/// `start`/`end` count from the end, both are clamped to `0..=size` (`None`: the whole
/// dimension), and the result is `(start, len)` with `len` elements taken every `step`.
/// `step` must be positive (the callers check); no arithmetic overflows for any values.
pub fn slice_bounds(
    size: usize,
    start: Option<i64>,
    end: Option<i64>,
    step: i64,
) -> (usize, usize) {
    let n = size as i64;
    let clamp = |v: i64| {
        let v = if v < 0 { v.saturating_add(n) } else { v };
        v.clamp(0, n)
    };
    let s = clamp(start.unwrap_or(0));
    let e = clamp(end.unwrap_or(i64::MAX)).max(s);
    let len = if e > s {
        (e - s - 1) / step.max(1) + 1
    } else {
        0
    };
    (s as usize, len as usize)
}

/// A non-negative int argument as `usize`, or an `invalid-argument` error naming `what`.
pub fn usize_of(v: i64, what: &str) -> KResult<usize> {
    usize::try_from(v).map_err(|_| invalid(format!("{what} must be non-negative, got {v}")))
}

#[cfg(test)]
mod tests {
    use super::slice_bounds;

    #[test]
    fn slice_bounds_clamp_and_never_overflow() {
        assert_eq!(slice_bounds(5, None, None, 1), (0, 5));
        assert_eq!(slice_bounds(5, Some(-2), None, 1), (3, 2));
        assert_eq!(slice_bounds(5, Some(1), Some(4), 2), (1, 2));
        assert_eq!(slice_bounds(5, Some(4), Some(1), 1), (4, 0));
        assert_eq!(
            slice_bounds(5, Some(i64::MIN), Some(i64::MAX), i64::MAX),
            (0, 1)
        );
        assert_eq!(slice_bounds(0, Some(-1), Some(3), 1), (0, 0));
    }
}
