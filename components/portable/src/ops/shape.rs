//! Shape and layout operators: permute, expand, select, slice, split, squeeze /
//! unsqueeze, view, cat, stack, repeat, flip, roll, constant padding, transpose,
//! unbind, narrow, alias and pixel (un)shuffle, `.out` variants, with PyTorch's
//! semantics (`aten/src/ATen/native/TensorShape.cpp`).
//!
//! They are dtype-agnostic byte moves: every kernel describes its result as a strided
//! view of the input (sizes, element strides, offset) and runs it on the copy engine
//! of `util::copy`. Inputs and outputs may have any dim order; an input whose dtype
//! differs from the output's is converted first (PyTorch's `out=` casting).

use crate::args::{Args, Scalar};
use crate::ops::util::copy::{copy_logical, copy_view, fill, infer_size, scalar_bytes};
use crate::ops::util::{esize, slice_bounds, tstrides, usize_of, wrap_dim};
use crate::registry::Registrar;
use crate::tensor::Tensor;
use crate::{invalid, KResult};

use crate::registry::ALL_DTYPES;

/// Registers this module's operators.
pub fn register(r: &mut Registrar) {
    r.add("aten::permute_copy.out", ALL_DTYPES, permute_copy);
    r.add("aten::expand_copy.out", ALL_DTYPES, expand_copy);
    r.add("aten::select_copy.int_out", ALL_DTYPES, select_copy);
    r.add("aten::slice_copy.Tensor_out", ALL_DTYPES, slice_copy);
    r.add(
        "aten::split_with_sizes_copy.out",
        ALL_DTYPES,
        split_with_sizes_copy,
    );
    r.add("aten::split_copy.Tensor_out", ALL_DTYPES, split_copy);
    r.add("aten::squeeze_copy.dims_out", ALL_DTYPES, squeeze_copy_dims);
    r.add("aten::squeeze_copy.dim_out", ALL_DTYPES, squeeze_copy_dim);
    r.add("aten::squeeze_copy.out", ALL_DTYPES, squeeze_copy_all);
    r.add("aten::unsqueeze_copy.out", ALL_DTYPES, unsqueeze_copy);
    r.add("aten::view_copy.out", ALL_DTYPES, view_copy);
    r.add("aten::_unsafe_view.out", ALL_DTYPES, view_copy);
    r.add("aten::cat.out", ALL_DTYPES, cat);
    r.add("aten::stack.out", ALL_DTYPES, stack);
    r.add("aten::repeat.out", ALL_DTYPES, repeat);
    r.add("aten::flip.out", ALL_DTYPES, flip);
    r.add("aten::roll.out", ALL_DTYPES, roll);
    r.add("aten::constant_pad_nd.out", ALL_DTYPES, constant_pad_nd);
    r.add("aten::transpose_copy.int_out", ALL_DTYPES, transpose_copy);
    r.add("aten::t_copy.out", ALL_DTYPES, t_copy);
    r.add("aten::unbind_copy.int_out", ALL_DTYPES, unbind_copy);
    r.add("aten::narrow_copy.out", ALL_DTYPES, narrow_copy);
    r.add("aten::alias_copy.out", ALL_DTYPES, alias_copy);
    r.add("aten::detach_copy.out", ALL_DTYPES, alias_copy);
    r.add("aten::lift_fresh_copy.out", ALL_DTYPES, alias_copy);
    r.add("aten::as_strided_copy.out", ALL_DTYPES, as_strided_copy);
    r.add("aten::pixel_shuffle.out", ALL_DTYPES, pixel_shuffle);
    r.add("aten::pixel_unshuffle.out", ALL_DTYPES, pixel_unshuffle);
}

// ---------------------------------------------------------------------------------
// Argument helpers
// ---------------------------------------------------------------------------------

fn without<T: Copy>(v: &[T], d: usize) -> Vec<T> {
    v.iter()
        .enumerate()
        .filter(|&(i, _)| i != d)
        .map(|(_, &x)| x)
        .collect()
}

// ---------------------------------------------------------------------------------
// Kernels
// ---------------------------------------------------------------------------------

/// `permute_copy.out(Tensor self, int[] dims, *, Tensor(a!) out)`: `out` has sizes
/// `self.sizes[dims[i]]`; any dtype.
fn permute_copy(a: &mut Args) -> KResult {
    let x = a.tensor(0)?;
    let dims = a.int_list(1)?;
    let r = x.dim();
    if dims.len() != r {
        return Err(invalid(format!(
            "permute: {} dims given for a tensor of rank {r}",
            dims.len()
        )));
    }
    let mut seen = vec![false; r];
    let mut perm = Vec::with_capacity(r);
    for &d in &dims {
        let d = wrap_dim(d, r)?;
        if seen[d] {
            return Err(invalid(format!("permute: repeated dim in {dims:?}")));
        }
        seen[d] = true;
        perm.push(d);
    }
    let sizes: Vec<usize> = perm.iter().map(|&d| x.sizes[d]).collect();
    let out = a.out(2, &sizes)?;
    let xs = tstrides(&x);
    let ss: Vec<isize> = perm.iter().map(|&d| xs[d]).collect();
    copy_view(&x, 0, &ss, &out, 0, &tstrides(&out), &sizes)
}

/// `as_strided_copy.out(Tensor self, SymInt[] size, SymInt[] stride, SymInt?
/// storage_offset=None, *, Tensor(a!) out)`: `out[i] = storage[offset + sum(i_k *
/// stride_k)]`, where `storage` is `self`'s data as it lies in memory, in its own dim
/// order. PyTorch computes `stride` against the eager tensor's strides, which for a
/// tensor in dim order `d` are exactly the strides of dense memory in `d` (a
/// channels-last `flatten` is exported as this op), so any dim order of `self` is
/// served (ExecuTorch's own kernel refuses a non-default one). Every element read must
/// lie inside `self`: negative strides or offsets and reads past the end are
/// `invalid-argument`.
fn as_strided_copy(a: &mut Args) -> KResult {
    let x = a.tensor(0)?;
    let size = a.int_list(1)?;
    let stride = a.int_list(2)?;
    let offset = a.opt_int(3)?.unwrap_or(0);
    if size.len() != stride.len() {
        return Err(invalid(format!(
            "as_strided: {} sizes but {} strides",
            size.len(),
            stride.len()
        )));
    }
    if offset < 0 || size.iter().chain(&stride).any(|&v| v < 0) {
        return Err(invalid(format!(
            "as_strided: negative size, stride or offset (size {size:?}, stride {stride:?}, offset {offset})"
        )));
    }
    let sizes: Vec<usize> = size.iter().map(|&s| s as usize).collect();
    let numel: usize = x.sizes.iter().product();
    if !sizes.contains(&0) {
        // The last element read, in i128 so that hostile values cannot overflow.
        let last = sizes
            .iter()
            .zip(&stride)
            .fold(offset as i128, |acc, (&n, &st)| {
                acc + (n as i128 - 1) * st as i128
            });
        if last >= numel as i128 {
            return Err(invalid(format!(
                "as_strided: size {size:?}, stride {stride:?} and offset {offset} read element {last} of a tensor of {numel}"
            )));
        }
    }
    let out = a.out(4, &sizes)?;
    let ss: Vec<isize> = stride.iter().map(|&s| s as isize).collect();
    copy_view(&x, offset as isize, &ss, &out, 0, &tstrides(&out), &sizes)
}

fn transpose_impl(a: &mut Args, x: &Tensor, d0: usize, d1: usize, out_idx: usize) -> KResult {
    let mut sizes = x.sizes.clone();
    let mut ss = tstrides(x);
    if x.dim() > 0 {
        sizes.swap(d0, d1);
        ss.swap(d0, d1);
    }
    let out = a.out(out_idx, &sizes)?;
    copy_view(x, 0, &ss, &out, 0, &tstrides(&out), &sizes)
}

/// `transpose_copy.int_out(Tensor self, int dim0, int dim1, *, Tensor(a!) out)`.
fn transpose_copy(a: &mut Args) -> KResult {
    let x = a.tensor(0)?;
    let d0 = wrap_dim(a.int(1)?, x.dim())?;
    let d1 = wrap_dim(a.int(2)?, x.dim())?;
    transpose_impl(a, &x, d0, d1, 3)
}

/// `t_copy.out(Tensor self, *, Tensor(a!) out)`: transposes a tensor of rank <= 2.
fn t_copy(a: &mut Args) -> KResult {
    let x = a.tensor(0)?;
    if x.dim() > 2 {
        return Err(invalid(format!(
            "t() expects a tensor of rank <= 2, got {}",
            x.dim()
        )));
    }
    let d1 = if x.dim() == 2 { 1 } else { 0 };
    transpose_impl(a, &x, 0, d1, 1)
}

/// `expand_copy.out(Tensor self, SymInt[] size, *, bool implicit=False, Tensor(a!) out)`.
fn expand_copy(a: &mut Args) -> KResult {
    let x = a.tensor(0)?;
    let size = a.int_list(1)?;
    let r = x.dim();
    if size.len() < r {
        return Err(invalid(format!(
            "expand: {} sizes given for a tensor of rank {r}",
            size.len()
        )));
    }
    let n = size.len();
    let lead = n - r;
    let xs = tstrides(&x);
    let mut sizes = vec![0usize; n];
    let mut ss = vec![0isize; n];
    for i in 0..n {
        let target = size[i];
        if i < lead {
            sizes[i] = usize_of(target, "expanded size of a new dimension")?;
        } else {
            let have = x.sizes[i - lead];
            let want = if target == -1 {
                have
            } else {
                usize_of(target, "expanded size")?
            };
            if want == have {
                ss[i] = xs[i - lead];
            } else if have != 1 {
                return Err(invalid(format!(
                    "expand: size {want} does not match {have} in dim {}",
                    i - lead
                )));
            }
            sizes[i] = want;
        }
    }
    let out = a.out(3, &sizes)?;
    copy_view(&x, 0, &ss, &out, 0, &tstrides(&out), &sizes)
}

/// `select_copy.int_out(Tensor self, int dim, SymInt index, *, Tensor(a!) out)`.
fn select_copy(a: &mut Args) -> KResult {
    let x = a.tensor(0)?;
    if x.dim() == 0 {
        return Err(invalid("select() cannot be applied to a 0-dim tensor"));
    }
    let d = wrap_dim(a.int(1)?, x.dim())?;
    let n = x.sizes[d] as i64;
    let i = a.int(2)?;
    let i = if i < 0 { i + n } else { i };
    if i < 0 || i >= n {
        return Err(invalid(format!(
            "select: index {} is out of range for size {n}",
            a.int(2)?
        )));
    }
    let xs = tstrides(&x);
    let sizes = without(&x.sizes, d);
    let out = a.out(3, &sizes)?;
    copy_view(
        &x,
        i as isize * xs[d],
        &without(&xs, d),
        &out,
        0,
        &tstrides(&out),
        &sizes,
    )
}

/// `slice_copy.Tensor_out(Tensor self, int dim=0, SymInt? start=None, SymInt? end=None,
/// SymInt step=1, *, Tensor(a!) out)`.
fn slice_copy(a: &mut Args) -> KResult {
    let x = a.tensor(0)?;
    if x.dim() == 0 {
        return Err(invalid("slice() cannot be applied to a 0-dim tensor"));
    }
    let d = wrap_dim(a.int(1)?, x.dim())?;
    let step = if a.is_none(4) { 1 } else { a.int(4)? };
    if step <= 0 {
        return Err(invalid(format!("slice step must be positive, got {step}")));
    }
    let (s, len) = slice_bounds(x.sizes[d], a.opt_int(2)?, a.opt_int(3)?, step);
    let mut sizes = x.sizes.clone();
    sizes[d] = len;
    let out = a.out(5, &sizes)?;
    let mut ss = tstrides(&x);
    let off = s as isize * ss[d];
    if len > 1 {
        // len > 1 means step < size, so the product stays in range.
        ss[d] *= step as isize;
    }
    copy_view(&x, off, &ss, &out, 0, &tstrides(&out), &sizes)
}

/// `narrow_copy.out(Tensor self, int dim, SymInt start, SymInt length, *, Tensor(a!) out)`.
fn narrow_copy(a: &mut Args) -> KResult {
    let x = a.tensor(0)?;
    if x.dim() == 0 {
        return Err(invalid("narrow() cannot be applied to a 0-dim tensor"));
    }
    let d = wrap_dim(a.int(1)?, x.dim())?;
    let n = x.sizes[d] as i64;
    let start = a.int(2)?;
    let start = if start < 0 { start + n } else { start };
    let len = a.int(3)?;
    if start < 0 || len < 0 || start > n || start + len > n {
        return Err(invalid(format!(
            "narrow: start {start} and length {len} exceed size {n}"
        )));
    }
    let mut sizes = x.sizes.clone();
    sizes[d] = len as usize;
    let out = a.out(4, &sizes)?;
    let ss = tstrides(&x);
    copy_view(
        &x,
        start as isize * ss[d],
        &ss,
        &out,
        0,
        &tstrides(&out),
        &sizes,
    )
}

/// Writes the pieces of `x` along `d` with the given lengths into output list `oi`.
fn split_into(a: &mut Args, x: &Tensor, d: usize, lens: &[usize], oi: usize) -> KResult {
    let have = a.list_len(oi)?;
    if have != lens.len() {
        return Err(invalid(format!(
            "split makes {} pieces but the output list has {have}",
            lens.len()
        )));
    }
    let xs = tstrides(x);
    let mut off = 0usize;
    for (j, &len) in lens.iter().enumerate() {
        let mut sizes = x.sizes.clone();
        sizes[d] = len;
        let out = a.out_list_item(oi, j, &sizes)?;
        copy_view(
            x,
            off as isize * xs[d],
            &xs,
            &out,
            0,
            &tstrides(&out),
            &sizes,
        )?;
        off += len;
    }
    Ok(())
}

/// `split_with_sizes_copy.out(Tensor self, SymInt[] split_sizes, int dim=0, *,
/// Tensor(a!)[] out)`.
fn split_with_sizes_copy(a: &mut Args) -> KResult {
    let x = a.tensor(0)?;
    if x.dim() == 0 {
        return Err(invalid("split() cannot be applied to a 0-dim tensor"));
    }
    let lens = a
        .int_list(1)?
        .iter()
        .map(|&s| usize_of(s, "split size"))
        .collect::<KResult<Vec<_>>>()?;
    let d = wrap_dim(a.int(2)?, x.dim())?;
    if lens.iter().sum::<usize>() != x.sizes[d] {
        return Err(invalid(format!(
            "split sizes {lens:?} do not add up to size {} of dim {d}",
            x.sizes[d]
        )));
    }
    split_into(a, &x, d, &lens, 3)
}

/// `split_copy.Tensor_out(Tensor self, SymInt split_size, int dim=0, *, Tensor(a!)[] out)`.
fn split_copy(a: &mut Args) -> KResult {
    let x = a.tensor(0)?;
    if x.dim() == 0 {
        return Err(invalid("split() cannot be applied to a 0-dim tensor"));
    }
    let split = usize_of(a.int(1)?, "split size")?;
    let d = wrap_dim(a.int(2)?, x.dim())?;
    let n = x.sizes[d];
    let lens: Vec<usize> = if split == 0 {
        if n != 0 {
            return Err(invalid("split size 0 needs an empty dimension"));
        }
        vec![0]
    } else if n == 0 {
        vec![0]
    } else {
        (0..n.div_ceil(split))
            .map(|i| split.min(n - i * split))
            .collect()
    };
    split_into(a, &x, d, &lens, 3)
}

/// `unbind_copy.int_out(Tensor self, int dim=0, *, Tensor(a!)[] out)`.
fn unbind_copy(a: &mut Args) -> KResult {
    let x = a.tensor(0)?;
    if x.dim() == 0 {
        return Err(invalid("unbind() cannot be applied to a 0-dim tensor"));
    }
    let d = wrap_dim(a.int(1)?, x.dim())?;
    let n = x.sizes[d];
    let have = a.list_len(2)?;
    if have != n {
        return Err(invalid(format!(
            "unbind makes {n} pieces but the output list has {have}"
        )));
    }
    let xs = tstrides(&x);
    let sizes = without(&x.sizes, d);
    let ss = without(&xs, d);
    for j in 0..n {
        let out = a.out_list_item(2, j, &sizes)?;
        copy_view(
            &x,
            j as isize * xs[d],
            &ss,
            &out,
            0,
            &tstrides(&out),
            &sizes,
        )?;
    }
    Ok(())
}

fn squeeze_impl(a: &mut Args, x: &Tensor, dims: &[usize], out_idx: usize) -> KResult {
    let sizes: Vec<usize> = x
        .sizes
        .iter()
        .enumerate()
        .filter(|&(i, &s)| !(s == 1 && dims.contains(&i)))
        .map(|(_, &s)| s)
        .collect();
    let out = a.out(out_idx, &sizes)?;
    copy_logical(x, &out)
}

/// `squeeze_copy.dims_out(Tensor self, int[] dim, *, Tensor(a!) out)`: drops the listed
/// dimensions that have size 1.
fn squeeze_copy_dims(a: &mut Args) -> KResult {
    let x = a.tensor(0)?;
    let dims = a
        .int_list(1)?
        .iter()
        .map(|&d| wrap_dim(d, x.dim()))
        .collect::<KResult<Vec<_>>>()?;
    squeeze_impl(a, &x, &dims, 2)
}

/// `squeeze_copy.dim_out(Tensor self, int dim, *, Tensor(a!) out)`.
fn squeeze_copy_dim(a: &mut Args) -> KResult {
    let x = a.tensor(0)?;
    let d = wrap_dim(a.int(1)?, x.dim())?;
    squeeze_impl(a, &x, &[d], 2)
}

/// `squeeze_copy.out(Tensor self, *, Tensor(a!) out)`: drops every size-1 dimension.
fn squeeze_copy_all(a: &mut Args) -> KResult {
    let x = a.tensor(0)?;
    let dims: Vec<usize> = (0..x.dim()).collect();
    squeeze_impl(a, &x, &dims, 1)
}

/// `unsqueeze_copy.out(Tensor self, int dim, *, Tensor(a!) out)`.
fn unsqueeze_copy(a: &mut Args) -> KResult {
    let x = a.tensor(0)?;
    let d = wrap_dim(a.int(1)?, x.dim() + 1)?;
    let mut sizes = x.sizes.clone();
    sizes.insert(d, 1);
    let out = a.out(2, &sizes)?;
    copy_logical(&x, &out)
}

/// `view_copy.out(Tensor self, SymInt[] size, *, Tensor(a!) out)` (also
/// `_unsafe_view.out`): one size may be `-1`.
fn view_copy(a: &mut Args) -> KResult {
    let x = a.tensor(0)?;
    let sizes = infer_size(&a.int_list(1)?, x.numel)?;
    let out = a.out(2, &sizes)?;
    copy_logical(&x, &out)
}

/// `alias_copy.out(Tensor self, *, Tensor(a!) out)`: a plain copy into `out` (resized
/// to `self`'s sizes; its dtype may differ, then PyTorch's cast applies). Also
/// `detach_copy.out` and `lift_fresh_copy.out`, which are the same copy for inference
/// (no autograd state to drop, no constant to lift). Any dtype.
fn alias_copy(a: &mut Args) -> KResult {
    let x = a.tensor(0)?;
    let out = a.out(1, &x.sizes.clone())?;
    copy_logical(&x, &out)
}

/// `cat.out(Tensor[] tensors, int dim=0, *, Tensor(a!) out)`. Like PyTorch, 1-D tensors
/// of size 0 are skipped; inputs of other dtypes are cast to the output's.
fn cat(a: &mut Args) -> KResult {
    let all = a.tensor_list(0)?;
    let dim = a.int(1)?;
    let ts: Vec<&Tensor> = all
        .iter()
        .filter(|t| !(t.dim() == 1 && t.numel == 0))
        .collect();
    let Some(first) = ts.first() else {
        a.out(2, &[0])?;
        return Ok(());
    };
    let r = first.dim();
    if r == 0 {
        return Err(invalid("zero-dimensional tensors cannot be concatenated"));
    }
    let d = wrap_dim(dim, r)?;
    let mut sizes = first.sizes.clone();
    sizes[d] = 0;
    for t in &ts {
        if t.dim() != r
            || t.sizes
                .iter()
                .zip(&first.sizes)
                .enumerate()
                .any(|(i, (x, y))| i != d && x != y)
        {
            return Err(invalid(format!(
                "cat: sizes {:?} and {:?} do not match except in dim {d}",
                first.sizes, t.sizes
            )));
        }
        sizes[d] += t.sizes[d];
    }
    let out = a.out(2, &sizes)?;
    let os = tstrides(&out);
    let mut off = 0usize;
    for t in ts {
        copy_view(
            t,
            0,
            &tstrides(t),
            &out,
            off as isize * os[d],
            &os,
            &t.sizes,
        )?;
        off += t.sizes[d];
    }
    Ok(())
}

/// `stack.out(Tensor[] tensors, int dim=0, *, Tensor(a!) out)`.
fn stack(a: &mut Args) -> KResult {
    let ts = a.tensor_list(0)?;
    let Some(first) = ts.first() else {
        return Err(invalid("stack expects a non-empty list of tensors"));
    };
    let d = wrap_dim(a.int(1)?, first.dim() + 1)?;
    if ts.iter().any(|t| t.sizes != first.sizes) {
        return Err(invalid("stack expects tensors of equal size"));
    }
    let mut sizes = first.sizes.clone();
    sizes.insert(d, ts.len());
    let out = a.out(2, &sizes)?;
    let os = tstrides(&out);
    let ds = without(&os, d);
    for (i, t) in ts.iter().enumerate() {
        copy_view(t, 0, &tstrides(t), &out, i as isize * os[d], &ds, &t.sizes)?;
    }
    Ok(())
}

/// `repeat.out(Tensor self, SymInt[] repeats, *, Tensor(a!) out)`.
fn repeat(a: &mut Args) -> KResult {
    let x = a.tensor(0)?;
    let reps = a
        .int_list(1)?
        .iter()
        .map(|&r| usize_of(r, "repeat count"))
        .collect::<KResult<Vec<_>>>()?;
    let n = reps.len();
    if n < x.dim() {
        return Err(invalid(format!(
            "repeat: {n} repeat counts for a tensor of rank {}",
            x.dim()
        )));
    }
    let lead = n - x.dim();
    let xs = tstrides(&x);
    let in_size = |i: usize| if i < lead { 1 } else { x.sizes[i - lead] };
    let in_stride = |i: usize| if i < lead { 0 } else { xs[i - lead] };
    let sizes: Vec<usize> = (0..n).map(|i| reps[i] * in_size(i)).collect();
    let out = a.out(2, &sizes)?;
    let os = tstrides(&out);
    // Each output dim splits into (repeat, input) with the input part innermost.
    let mut it = Vec::with_capacity(2 * n);
    let mut ss = Vec::with_capacity(2 * n);
    let mut ds = Vec::with_capacity(2 * n);
    for i in 0..n {
        it.push(reps[i]);
        ss.push(0);
        ds.push(os[i] * in_size(i) as isize);
        it.push(in_size(i));
        ss.push(in_stride(i));
        ds.push(os[i]);
    }
    copy_view(&x, 0, &ss, &out, 0, &ds, &it)
}

/// `flip.out(Tensor self, int[] dims, *, Tensor(a!) out)`.
fn flip(a: &mut Args) -> KResult {
    let x = a.tensor(0)?;
    let dims = a.int_list(1)?;
    let mut flipped = vec![false; x.dim().max(1)];
    for &d in &dims {
        let d = wrap_dim(d, x.dim())?;
        if flipped[d] {
            return Err(invalid(format!("flip: dim {d} appears more than once")));
        }
        flipped[d] = true;
    }
    let out = a.out(2, &x.sizes.clone())?;
    let mut ss = tstrides(&x);
    let mut off = 0isize;
    for d in 0..x.dim() {
        if flipped[d] && x.sizes[d] > 0 {
            off += (x.sizes[d] as isize - 1) * ss[d];
            ss[d] = -ss[d];
        }
    }
    copy_view(&x, off, &ss, &out, 0, &tstrides(&out), &x.sizes)
}

/// `roll.out(Tensor self, SymInt[1] shifts, int[1] dims=[], *, Tensor(a!) out)`.
fn roll(a: &mut Args) -> KResult {
    let x = a.tensor(0)?;
    let shifts = a.int_list(1)?;
    let dims = if a.is_none(2) {
        Vec::new()
    } else {
        a.int_list(2)?
    };
    let out = a.out(3, &x.sizes.clone())?;
    if x.numel == 0 {
        return Ok(());
    }
    if dims.is_empty() {
        // Roll the flattened tensor.
        if shifts.len() != 1 {
            return Err(invalid("roll without dims takes exactly one shift"));
        }
        let n = x.numel;
        let s = shifts[0].rem_euclid(n as i64) as usize;
        let e = esize(x.dtype)?;
        let mut buf = vec![0u64; (n * e).div_ceil(8)];
        let flat = |addr: u32| Tensor::flat(x.dtype, addr, n);
        let mut buf2 = vec![0u64; (n * e).div_ceil(8)];
        let t1 = flat(buf.as_mut_ptr() as usize as u32);
        let t2 = flat(buf2.as_mut_ptr() as usize as u32);
        copy_logical(&x, &t1)?;
        copy_view(&t1, 0, &[1], &t2, s as isize, &[1], &[n - s])?;
        copy_view(&t1, (n - s) as isize, &[1], &t2, 0, &[1], &[s])?;
        let t2 = Tensor {
            sizes: x.sizes.clone(),
            dim_order: (0..x.dim() as u8).collect(),
            ..t2
        };
        let r = copy_logical(&t2, &out);
        drop((buf, buf2));
        return r;
    }
    if shifts.len() != dims.len() {
        return Err(invalid(format!(
            "roll: {} shifts for {} dims",
            shifts.len(),
            dims.len()
        )));
    }
    let r = x.dim();
    let mut shift = vec![0usize; r.max(1)];
    for (&s, &d) in shifts.iter().zip(&dims) {
        let d = wrap_dim(d, r)?;
        let n = x.sizes.get(d).copied().unwrap_or(1) as i64;
        shift[d] = ((shift[d] as i64 + s).rem_euclid(n)) as usize;
    }
    let rolled: Vec<usize> = (0..r).filter(|&d| shift[d] != 0).collect();
    let xs = tstrides(&x);
    let os = tstrides(&out);
    // Each rolled dim has two pieces: out[s..n] = in[0..n-s], out[0..s] = in[n-s..n].
    for mask in 0u64..(1u64 << rolled.len()) {
        let mut sizes = x.sizes.clone();
        let (mut soff, mut doff) = (0isize, 0isize);
        for (bit, &d) in rolled.iter().enumerate() {
            let (n, s) = (x.sizes[d], shift[d]);
            if mask >> bit & 1 == 0 {
                sizes[d] = n - s;
                doff += s as isize * os[d];
            } else {
                sizes[d] = s;
                soff += (n - s) as isize * xs[d];
            }
        }
        copy_view(&x, soff, &xs, &out, doff, &os, &sizes)?;
    }
    Ok(())
}

/// `constant_pad_nd.out(Tensor self, SymInt[] pad, Scalar value=0, *, Tensor(a!) out)`:
/// pads (or, with negative pads, crops) the last `pad.len() / 2` dims, last dim first.
fn constant_pad_nd(a: &mut Args) -> KResult {
    let x = a.tensor(0)?;
    let pad = a.int_list(1)?;
    let value = if a.is_none(2) {
        Scalar::Int(0)
    } else {
        a.scalar(2)?
    };
    let r = x.dim();
    if pad.len() % 2 != 0 || pad.len() / 2 > r {
        return Err(invalid(format!(
            "pad of length {} for a tensor of rank {r}",
            pad.len()
        )));
    }
    let mut sizes = x.sizes.clone();
    let mut src_start = vec![0usize; r];
    let mut dst_start = vec![0usize; r];
    let mut copy_sizes = x.sizes.clone();
    for i in 0..pad.len() / 2 {
        let d = r - 1 - i;
        let (lo, hi) = (pad[2 * i], pad[2 * i + 1]);
        let n = x.sizes[d] as i64;
        let new = n + lo + hi;
        if new < 0 {
            return Err(invalid(format!(
                "padding {lo},{hi} makes dim {d} of size {n} negative"
            )));
        }
        sizes[d] = new as usize;
        let s0 = (-lo).max(0).min(n);
        let s1 = (n - (-hi).max(0)).max(s0);
        src_start[d] = s0 as usize;
        dst_start[d] = lo.max(0) as usize;
        copy_sizes[d] = (s1 - s0).min((new - lo.max(0)).max(0)) as usize;
    }
    let out = a.out(3, &sizes)?;
    fill(&out, scalar_bytes(out.dtype, value)?)?;
    let xs = tstrides(&x);
    let os = tstrides(&out);
    let soff: isize = (0..r).map(|d| src_start[d] as isize * xs[d]).sum();
    let doff: isize = (0..r).map(|d| dst_start[d] as isize * os[d]).sum();
    copy_view(&x, soff, &xs, &out, doff, &os, &copy_sizes)
}

/// `pixel_shuffle.out(Tensor self, int upscale_factor, *, Tensor(a!) out)`:
/// `[*, C*r*r, H, W] -> [*, C, H*r, W*r]`.
fn pixel_shuffle(a: &mut Args) -> KResult {
    let x = a.tensor(0)?;
    let r = usize_of(a.int(1)?, "upscale factor")?;
    let k = x.dim();
    if k < 3 || r == 0 || x.sizes[k - 3] % (r * r) != 0 {
        return Err(invalid(format!(
            "pixel_shuffle: sizes {:?} with factor {r}",
            x.sizes
        )));
    }
    let (c, h, w) = (x.sizes[k - 3] / (r * r), x.sizes[k - 2], x.sizes[k - 1]);
    let mut sizes = x.sizes[..k - 3].to_vec();
    sizes.extend([c, h * r, w * r]);
    let out = a.out(2, &sizes)?;
    let (xs, os) = (tstrides(&x), tstrides(&out));
    let ri = r as isize;
    let mut it = x.sizes[..k - 3].to_vec();
    let mut ss = xs[..k - 3].to_vec();
    let mut ds = os[..k - 3].to_vec();
    let (sc, sh, sw) = (xs[k - 3], xs[k - 2], xs[k - 1]);
    let (dc, dh, dw) = (os[k - 3], os[k - 2], os[k - 1]);
    // Iterate (c, h, i, w, j): out[c, h*r+i, w*r+j] = in[c*r*r + i*r + j, h, w].
    it.extend([c, h, r, w, r]);
    ss.extend([sc * ri * ri, sh, sc * ri, sw, sc]);
    ds.extend([dc, dh * ri, dh, dw * ri, dw]);
    copy_view(&x, 0, &ss, &out, 0, &ds, &it)
}

/// `pixel_unshuffle.out(Tensor self, int downscale_factor, *, Tensor(a!) out)`:
/// `[*, C, H*r, W*r] -> [*, C*r*r, H, W]`.
fn pixel_unshuffle(a: &mut Args) -> KResult {
    let x = a.tensor(0)?;
    let r = usize_of(a.int(1)?, "downscale factor")?;
    let k = x.dim();
    if k < 3 || r == 0 || x.sizes[k - 2] % r != 0 || x.sizes[k - 1] % r != 0 {
        return Err(invalid(format!(
            "pixel_unshuffle: sizes {:?} with factor {r}",
            x.sizes
        )));
    }
    let (c, h, w) = (x.sizes[k - 3], x.sizes[k - 2] / r, x.sizes[k - 1] / r);
    let mut sizes = x.sizes[..k - 3].to_vec();
    sizes.extend([c * r * r, h, w]);
    let out = a.out(2, &sizes)?;
    let (xs, os) = (tstrides(&x), tstrides(&out));
    let ri = r as isize;
    let mut it = x.sizes[..k - 3].to_vec();
    let mut ss = xs[..k - 3].to_vec();
    let mut ds = os[..k - 3].to_vec();
    let (sc, sh, sw) = (xs[k - 3], xs[k - 2], xs[k - 1]);
    let (dc, dh, dw) = (os[k - 3], os[k - 2], os[k - 1]);
    // Iterate (c, i, j, h, w): out[c*r*r + i*r + j, h, w] = in[c, h*r+i, w*r+j].
    it.extend([c, r, r, h, w]);
    ss.extend([sc, sh, sw, sh * ri, sw * ri]);
    ds.extend([dc * ri * ri, dc * ri, dc, dh, dw]);
    copy_view(&x, 0, &ss, &out, 0, &ds, &it)
}
