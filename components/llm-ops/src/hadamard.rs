//! `llama::fast_hadamard_transform.out(Tensor mat, *, Tensor(a!) out)`: the normalized
//! fast Walsh-Hadamard transform of each row of `mat`'s last dimension, as ExecuTorch's
//! `extension/llm/custom_ops/op_fast_hadamard_transform.cpp` computes it for SpinQuant
//! models (float32, contiguous; `out` takes `mat`'s sizes).
//!
//! - A row of `n = 2^k` values: the butterflies `(x, y) -> (x + y, x - y)` over strides
//!   1, 2, 4, ..., then every value times `1 / sqrt(n)` (computed as `1 / (2^(k/2) *
//!   sqrt(2))` for odd `k`, as ExecuTorch does). `n = 1` is left as it is.
//! - A row of `n = 28 * 2^k` values: read as 28 rows of `2^k`, each transformed as
//!   above, then each column of 28 multiplied by the order-28 Hadamard matrix
//!   ExecuTorch uses (Williamson's, from N. J. A. Sloane's library of Hadamard
//!   matrices, as `spinquant/special_hadamard_code_gen.py` lists it), unnormalized.
//! - Any other row length is refused.
//!
//! Float32 within rounding of ExecuTorch's kernel: it runs the power-of-two butterflies
//! through the FFHT library, whose order of stages differs.

use plugboard_sdk::v2_4::kernel_library::prelude::*;

use crate::args::{is_contiguous, resized, Args};

/// Rows of the order-28 Hadamard matrix, `+` for 1 and `-` for -1.
const HADAMARD_28: [&str; 28] = [
    "+------++----++-+--+-+--++--",
    "-+-----+++-----+-+--+-+--++-",
    "--+-----+++---+-+-+----+--++",
    "---+-----+++---+-+-+-+--+--+",
    "----+-----+++---+-+-+++--+--",
    "-----+-----++++--+-+--++--+-",
    "------++----++-+--+-+--++--+",
    "--++++-+-------++--+++-+--+-",
    "---++++-+-----+-++--+-+-+--+",
    "+---+++--+----++-++--+-+-+--",
    "++---++---+----++-++--+-+-+-",
    "+++---+----+----++-++--+-+-+",
    "++++--------+-+--++-++--+-+-",
    "-++++--------+++--++--+--+-+",
    "-+-++-++--++--+--------++++-",
    "+-+-++--+--++--+--------++++",
    "-+-+-++--+--++--+----+---+++",
    "+-+-+-++--+--+---+---++---++",
    "++-+-+-++--+------+--+++---+",
    "-++-+-+-++--+------+-++++---",
    "+-++-+---++--+------+-++++--",
    "-++--++-+-++-+++----++------",
    "+-++--++-+-++-+++-----+-----",
    "++-++---+-+-++-+++-----+----",
    "-++-++-+-+-+-+--+++-----+---",
    "--++-++++-+-+----+++-----+--",
    "+--++-+-++-+-+----+++-----+-",
    "++--++-+-++-+-+----++------+",
];

/// The kernel.
pub fn fast_hadamard_transform_out(a: &Args) -> Result<Vec<KernelUpdate>, Error> {
    let mat = a.tensor(0, "mat")?;
    let out = a.tensor(1, "out")?;
    if mat.dtype != ScalarType::Float || out.dtype != ScalarType::Float {
        return Err(invalid_argument(format!(
            "mat and out must be Float, got {:?} and {:?}",
            mat.dtype, out.dtype
        )));
    }
    let mut updates = Vec::new();
    let out = resized(out, 1, &mat.sizes, &mut updates);
    if !is_contiguous(mat) || !is_contiguous(&out) {
        return Err(invalid_argument("mat and out must be contiguous"));
    }
    let Some(&n) = mat.sizes.last() else {
        return Ok(updates); // a 0-dim tensor is left as it is, as in ExecuTorch
    };
    let n = n as usize;
    let (parts, len) = if n > 0 && n.is_multiple_of(28) {
        (28, n / 28)
    } else {
        (1, n)
    };
    if !len.is_power_of_two() && n > 0 {
        return Err(invalid_argument(format!(
            "the last dimension ({n}) must be a power of two or 28 times one"
        )));
    }
    // SAFETY: checked against the blocks; `x` is copied out before `o` is written, so
    // the two views are never used together even if the memory plan shared them.
    let x = unsafe { mat.f32s_mut() }?.to_vec();
    let o = unsafe { out.f32s_mut() }?;
    if o.len() != x.len() {
        return Err(invalid_argument("mat and out differ in size"));
    }
    o.copy_from_slice(&x);
    if n == 0 {
        return Ok(updates);
    }
    for row in o.chunks_exact_mut(n) {
        for part in row.chunks_exact_mut(len) {
            transform(part);
        }
        if parts == 28 {
            let mut col = [0f32; 28];
            for j in 0..len {
                for (i, c) in col.iter_mut().enumerate() {
                    *c = row[i * len + j];
                }
                for (i, signs) in HADAMARD_28.iter().enumerate() {
                    let mut s = 0f32;
                    for (sign, &v) in signs.bytes().zip(&col) {
                        s = if sign == b'+' { s + v } else { s - v };
                    }
                    row[i * len + j] = s;
                }
            }
        }
    }
    Ok(updates)
}

/// The normalized transform of `v` (a power-of-two length) in place.
fn transform(v: &mut [f32]) {
    let n = v.len();
    if n <= 1 {
        return;
    }
    let mut step = 1;
    while step < n {
        for block in v.chunks_exact_mut(2 * step) {
            let (lo, hi) = block.split_at_mut(step);
            for (x, y) in lo.iter_mut().zip(hi) {
                let (a, b) = (*x, *y);
                *x = a + b;
                *y = a - b;
            }
        }
        step *= 2;
    }
    let k = n.trailing_zeros();
    let root = (1u32 << (k / 2)) as f32 * if k % 2 == 1 { 2f32.sqrt() } else { 1.0 };
    let inv = 1.0 / root;
    for x in v {
        *x *= inv;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The matrix is a Hadamard matrix: its rows are orthogonal.
    #[test]
    fn hadamard_28_rows_are_orthogonal() {
        let m: Vec<Vec<i32>> = HADAMARD_28
            .iter()
            .map(|r| r.bytes().map(|b| if b == b'+' { 1 } else { -1 }).collect())
            .collect();
        for (i, a) in m.iter().enumerate() {
            assert_eq!(a.len(), 28);
            for (j, b) in m.iter().enumerate() {
                let dot: i32 = a.iter().zip(b).map(|(x, y)| x * y).sum();
                assert_eq!(dot, if i == j { 28 } else { 0 }, "rows {i} and {j}");
            }
        }
    }

    /// Applying the normalized transform twice gives the input back.
    #[test]
    fn transform_is_its_own_inverse() {
        let x: Vec<f32> = (0..64).map(|i| (i as f32 * 0.37).sin()).collect();
        let mut v = x.clone();
        transform(&mut v);
        transform(&mut v);
        for (a, b) in v.iter().zip(&x) {
            assert!((a - b).abs() < 1e-5, "{a} vs {b}");
        }
    }
}
