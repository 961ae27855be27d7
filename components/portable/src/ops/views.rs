//! Copies of strided views and the scatters that write a view back: `diagonal_copy`,
//! `unfold_copy`, `slice_scatter`, `select_scatter`, `tril`, and `repeat_interleave`
//! (which builds an index tensor), `.out` variants with PyTorch's semantics
//! (`aten/src/ATen/native/TensorShape.cpp`, `TriangularOps.cpp`, `Repeat.cpp`).
//!
//! Like the shape operators they are dtype-agnostic byte moves on the copy engine of
//! `util::copy`: every view is sizes, element strides and an offset into the input.
//! Inputs and outputs may have any dim order; an input whose dtype differs from the
//! output's is converted first (PyTorch's `out=` casting).

use crate::args::Args;
use crate::elem;
use crate::ops::util::copy::{copy_logical, copy_view};
use crate::ops::util::{esize, slice_bounds, tstrides, usize_of, wrap_dim};
use crate::plugboard::runtime::types::ScalarType;
use crate::registry::{Registrar, ALL_DTYPES};
use crate::tensor::for_each_index;
use crate::{invalid, KResult};

/// Registers this module's operators.
pub fn register(r: &mut Registrar) {
    r.add("aten::diagonal_copy.out", ALL_DTYPES, diagonal_copy);
    r.add("aten::unfold_copy.out", ALL_DTYPES, unfold_copy);
    r.add("aten::slice_scatter.out", ALL_DTYPES, slice_scatter);
    r.add("aten::select_scatter.out", ALL_DTYPES, select_scatter);
    r.add("aten::tril.out", ALL_DTYPES, tril);
    r.add(
        "aten::repeat_interleave.Tensor_out",
        &[ScalarType::Int, ScalarType::Long],
        repeat_interleave,
    );
}

fn without<T: Copy>(v: &[T], skip: &[usize]) -> Vec<T> {
    v.iter()
        .enumerate()
        .filter(|(i, _)| !skip.contains(i))
        .map(|(_, &x)| x)
        .collect()
}

fn int_or(a: &Args, i: usize, default: i64) -> KResult<i64> {
    if a.is_none(i) {
        Ok(default)
    } else {
        a.int(i)
    }
}

/// `diagonal_copy.out(Tensor self, int offset=0, int dim1=0, int dim2=1, *, Tensor(a!)
/// out)`: the diagonal of the `dim1` x `dim2` planes (above the main one for a positive
/// `offset`, below for a negative one). `out` has `self`'s sizes without `dim1` and
/// `dim2`, then the diagonal's length (0 when `offset` lies outside the plane). Any
/// dtype; `self` must have rank >= 2 and `dim1 != dim2` (else `invalid-argument`).
fn diagonal_copy(a: &mut Args) -> KResult {
    let x = a.tensor(0)?;
    let r = x.dim();
    if r < 2 {
        return Err(invalid(format!(
            "diagonal needs a tensor of rank >= 2, got rank {r}"
        )));
    }
    let offset = int_or(a, 1, 0)?;
    let d1 = wrap_dim(int_or(a, 2, 0)?, r)?;
    let d2 = wrap_dim(int_or(a, 3, 1)?, r)?;
    if d1 == d2 {
        return Err(invalid(format!(
            "diagonal dimensions cannot be identical ({d1}, {d2})"
        )));
    }
    let (n1, n2) = (x.sizes[d1] as i64, x.sizes[d2] as i64);
    let len = if offset >= 0 {
        n1.min(n2.saturating_sub(offset))
    } else {
        n1.saturating_add(offset).min(n2)
    }
    .max(0) as usize;
    let xs = tstrides(&x);
    // With a non-empty diagonal |offset| is below the plane's size.
    let start = match (len, offset >= 0) {
        (0, _) => 0,
        (_, true) => offset as isize * xs[d2],
        (_, false) => -(offset as isize) * xs[d1],
    };
    let mut sizes = without(&x.sizes, &[d1, d2]);
    sizes.push(len);
    let mut ss = without(&xs, &[d1, d2]);
    ss.push(xs[d1] + xs[d2]);
    let out = a.out(4, &sizes)?;
    copy_view(&x, start, &ss, &out, 0, &tstrides(&out), &sizes)
}

/// `unfold_copy.out(Tensor self, int dimension, int size, int step, *, Tensor(a!) out)`:
/// every window of `size` elements along `dimension`, `step` apart. `out` has `self`'s
/// sizes with `dimension` replaced by the number of windows, `(n - size) / step + 1`,
/// and a last dimension of `size` (a 0-dim `self` is one element: `out` is `[size]`).
/// Any dtype. `size` larger than the dimension, or `step <= 0`, is `invalid-argument`.
fn unfold_copy(a: &mut Args) -> KResult {
    let x = a.tensor(0)?;
    let r = x.dim();
    let d = wrap_dim(a.int(1)?, r)?;
    let size = usize_of(a.int(2)?, "unfold size")?;
    let step = a.int(3)?;
    if step <= 0 {
        return Err(invalid(format!("unfold step must be positive, got {step}")));
    }
    let n = if r == 0 { 1 } else { x.sizes[d] };
    if size > n {
        return Err(invalid(format!(
            "unfold size {size} exceeds size {n} of dimension {d}"
        )));
    }
    let step = usize::try_from(step).unwrap_or(usize::MAX);
    let count = (n - size) / step + 1;
    let xs = tstrides(&x);
    let (sizes, ss) = if r == 0 {
        (vec![size], vec![0isize])
    } else {
        let mut sizes = x.sizes.to_vec();
        let mut ss = xs.clone();
        sizes[d] = count;
        // One window needs no window stride (and a huge step must not overflow it).
        ss[d] = if count > 1 { xs[d] * step as isize } else { 0 };
        sizes.push(size);
        ss.push(xs[d]);
        (sizes, ss)
    };
    let out = a.out(4, &sizes)?;
    copy_view(&x, 0, &ss, &out, 0, &tstrides(&out), &sizes)
}

/// `slice_scatter.out(Tensor self, Tensor src, int dim=0, SymInt? start=None, SymInt?
/// end=None, SymInt step=1, *, Tensor(a!) out)`: `out` is `self` with the slice
/// `start:end:step` of `dim` replaced by `src`, whose sizes must be the slice's (bounds
/// are clamped as in `slice_copy`). Any dtype; `src` is cast to `out`'s dtype.
fn slice_scatter(a: &mut Args) -> KResult {
    let x = a.tensor(0)?;
    let src = a.tensor(1)?;
    if x.dim() == 0 {
        return Err(invalid("slice_scatter cannot be applied to a 0-dim tensor"));
    }
    let d = wrap_dim(int_or(a, 2, 0)?, x.dim())?;
    let step = int_or(a, 5, 1)?;
    if step <= 0 {
        return Err(invalid(format!("slice step must be positive, got {step}")));
    }
    let (start, len) = slice_bounds(x.sizes[d], a.opt_int(3)?, a.opt_int(4)?, step);
    let mut want = x.sizes.clone();
    want[d] = len;
    if src.sizes != want {
        return Err(invalid(format!(
            "slice_scatter: src of sizes {:?} does not match the slice's sizes {:?}",
            src.sizes, want
        )));
    }
    let out = a.out(6, &x.sizes.clone())?;
    copy_logical(&x, &out)?;
    let os = tstrides(&out);
    let mut ds = os.clone();
    if len > 1 {
        // len > 1 means step < size, so the product stays in range.
        ds[d] *= step as isize;
    }
    copy_view(
        &src,
        0,
        &tstrides(&src),
        &out,
        start as isize * os[d],
        &ds,
        &src.sizes,
    )
}

/// `select_scatter.out(Tensor self, Tensor src, int dim, SymInt index, *, Tensor(a!)
/// out)`: `out` is `self` with `self.select(dim, index)` replaced by `src`, whose sizes
/// must be `self`'s without `dim`. A negative `index` counts from the end; one out of
/// range is `invalid-argument`. Any dtype; `src` is cast to `out`'s dtype.
fn select_scatter(a: &mut Args) -> KResult {
    let x = a.tensor(0)?;
    let src = a.tensor(1)?;
    if x.dim() == 0 {
        return Err(invalid(
            "select_scatter cannot be applied to a 0-dim tensor",
        ));
    }
    let d = wrap_dim(a.int(2)?, x.dim())?;
    let n = x.sizes[d] as i64;
    let index = a.int(3)?;
    let i = if index < 0 {
        index.saturating_add(n)
    } else {
        index
    };
    if i < 0 || i >= n {
        return Err(invalid(format!(
            "select_scatter: index {index} is out of range for size {n}"
        )));
    }
    let want = without(&x.sizes, &[d]);
    if *src.sizes != *want {
        return Err(invalid(format!(
            "select_scatter: src of sizes {:?} does not match the selected sizes {want:?}",
            src.sizes
        )));
    }
    let out = a.out(4, &x.sizes.clone())?;
    copy_logical(&x, &out)?;
    let os = tstrides(&out);
    copy_view(
        &src,
        0,
        &tstrides(&src),
        &out,
        i as isize * os[d],
        &without(&os, &[d]),
        &src.sizes,
    )
}

/// `tril.out(Tensor self, int diagonal=0, *, Tensor(a!) out)`: the lower triangle of
/// each matrix of the last two dimensions: element `(i, j)` is kept where
/// `j - i <= diagonal` and is zero elsewhere. Any dtype; `self` must have rank >= 2.
fn tril(a: &mut Args) -> KResult {
    let x = a.tensor(0)?;
    let r = x.dim();
    if r < 2 {
        return Err(invalid(format!(
            "tril needs a tensor of rank >= 2, got rank {r}"
        )));
    }
    let diagonal = int_or(a, 1, 0)?;
    let out = a.out(2, &x.sizes.clone())?;
    copy_logical(&x, &out)?;
    if out.numel == 0 {
        return Ok(());
    }
    let e = esize(out.dtype)?;
    let os = tstrides(&out);
    let (rows, cols) = (out.sizes[r - 2], out.sizes[r - 1]);
    let (rs, cs) = (os[r - 2], os[r - 1]);
    let base = out.addr as usize as *mut u8;
    for_each_index(&out.sizes[..r - 2], |_, idx| {
        let off: isize = idx.iter().zip(&os).map(|(&i, &s)| i as isize * s).sum();
        for i in 0..rows {
            // Columns from `i + diagonal + 1` on are above the diagonal.
            let first = (i as i64)
                .saturating_add(diagonal)
                .saturating_add(1)
                .clamp(0, cols as i64) as usize;
            for j in first..cols {
                let at = off + i as isize * rs + j as isize * cs;
                // SAFETY: (.., i, j) is an element of `out`, whose memory was checked;
                // every dtype's zero is all zero bytes.
                unsafe { std::ptr::write_bytes(base.offset(at * e as isize), 0, e) };
            }
        }
    });
    Ok(())
}

/// `repeat_interleave.Tensor_out(Tensor repeats, *, SymInt? output_size=None,
/// Tensor(a!) out)`: for a 1-D int32 or int64 `repeats`, the index `i` repeated
/// `repeats[i]` times (`[0, 1, 1, 3]` for `[1, 2, 0, 1]`); `out` is 1-D of
/// `sum(repeats)` elements. A negative repeat, a rank other than 1, a float dtype or an
/// `output_size` other than the sum is `invalid-argument`.
fn repeat_interleave(a: &mut Args) -> KResult {
    let rep = a.tensor(0)?;
    if !matches!(rep.dtype, ScalarType::Int | ScalarType::Long) {
        return Err(invalid(format!(
            "repeats must be int32 or int64, got {:?}",
            rep.dtype
        )));
    }
    if rep.dim() != 1 {
        return Err(invalid(format!(
            "repeats must be 1-D, got rank {}",
            rep.dim()
        )));
    }
    let reps = elem::read::<i64>(&rep)?;
    let mut total = 0usize;
    for &r in reps.iter() {
        let r = usize_of(r, "a repeat count")?;
        total = total
            .checked_add(r)
            .ok_or_else(|| invalid("the sum of repeats overflows"))?;
    }
    if let Some(want) = a.opt_int(1)? {
        if usize::try_from(want).ok() != Some(total) {
            return Err(invalid(format!(
                "output_size {want} is not the sum of repeats, {total}"
            )));
        }
    }
    let out = a.out(2, &[total])?;
    let mut v = Vec::with_capacity(total);
    for (i, &r) in reps.iter().enumerate() {
        v.extend(std::iter::repeat_n(i as i64, r as usize));
    }
    elem::write::<i64>(&out, &v)
}
