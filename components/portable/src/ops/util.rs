//! Shared helpers: broadcasting, dimension wrapping, type promotion.

use crate::args::Scalar;
use crate::elem::{is_float, is_integral};
use crate::plugboard::runtime::types::ScalarType;
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
