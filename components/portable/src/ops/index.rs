//! Indexing operators: `index_select`, `gather`, advanced indexing (`index.Tensor`,
//! `index_put`, `index_put_`), `scatter` / `scatter_add`, `masked_fill`,
//! `masked_select`, `masked_scatter`, `topk`, `sort` and `nonzero`, `.out` variants, with PyTorch's semantics
//! (`aten/src/ATen/native/TensorAdvancedIndexing.cpp`, `Sorting.cpp`).
//!
//! Pure data movement (`index_select`, `gather`, `index.Tensor`) copies bytes with the
//! copy engine of [`crate::ops::shape`]; the kernels that combine values compute in
//! the output's compute type.

use crate::args::{Args, Scalar};
use crate::elem::{self, Compute, OutBuf};
use crate::ops::util::copy::{convert, copy_logical, CopyPlan};
use crate::ops::util::{broadcast_shape, broadcast_strides, wrap_dim};
use crate::ops::util::{esize, tstrides};
use crate::plugboard::runtime::types::ScalarType;
use crate::registry::ALL_DTYPES;
use crate::registry::{Registrar, REAL_AND_BOOL};
use crate::tensor::{contiguous_strides, Tensor};
use crate::{invalid, with_compute, KResult};

/// Registers this module's operators.
pub fn register(r: &mut Registrar) {
    r.add("aten::index_select.out", ALL_DTYPES, index_select);
    r.add("aten::gather.out", ALL_DTYPES, gather);
    r.add("aten::index.Tensor_out", ALL_DTYPES, index_tensor);
    r.add("aten::index_put.out", REAL_AND_BOOL, index_put);
    r.add("aten::index_put_", REAL_AND_BOOL, index_put_inplace);
    r.add("aten::masked_select.out", REAL_AND_BOOL, masked_select);
    r.add("aten::masked_scatter.out", REAL_AND_BOOL, masked_scatter);
    r.add("aten::scatter.src_out", REAL_AND_BOOL, scatter_src);
    r.add("aten::scatter.value_out", REAL_AND_BOOL, scatter_value);
    r.add("aten::scatter_add.out", REAL_AND_BOOL, scatter_add);
    r.add("aten::masked_fill.Scalar_out", REAL_AND_BOOL, masked_fill);
    r.add("aten::topk.values", REAL_AND_BOOL, topk);
    r.add("aten::sort.values", REAL_AND_BOOL, sort_values);
    r.add(
        "aten::sort.values_stable",
        REAL_AND_BOOL,
        sort_values_stable,
    );
    r.add("aten::nonzero.out", REAL_AND_BOOL, nonzero);
}

/// The values of an integer index tensor (int64 or int32), in logical order.
fn index_values(t: &Tensor) -> KResult<Vec<i64>> {
    match t.dtype {
        ScalarType::Long | ScalarType::Int => Ok(elem::read::<i64>(t)?.into_owned()),
        other => Err(invalid(format!(
            "index tensors must be int64 or int32, got {other:?}"
        ))),
    }
}

/// `value` cast to compute type `C` of a tensor of `dtype` (any non-zero is `true`).
fn scalar_as<C: Compute>(value: Scalar, dtype: ScalarType) -> C {
    if dtype == ScalarType::Bool {
        return C::from_bool(value.to_f64() != 0.0);
    }
    match value {
        Scalar::Double(d) => C::from_f64(d),
        other => C::from_i64(other.to_i64()),
    }
}

/// `x + y` in compute type `C` (integers wrap).
fn add<C: Compute>(x: C, y: C) -> C {
    if C::IS_FLOAT {
        C::from_f64(x.to_f64() + y.to_f64())
    } else {
        C::from_i64(x.to_i64().wrapping_add(y.to_i64()))
    }
}

/// Iterates a row-major index over `sizes`, calling `f(linear, index)`.
fn for_each(sizes: &[usize], mut f: impl FnMut(usize, &[usize]) -> KResult<()>) -> KResult<()> {
    let n: usize = sizes.iter().product();
    let mut idx = vec![0usize; sizes.len()];
    for lin in 0..n {
        f(lin, &idx)?;
        for d in (0..sizes.len()).rev() {
            idx[d] += 1;
            if idx[d] < sizes[d] {
                break;
            }
            idx[d] = 0;
        }
    }
    Ok(())
}

/// `index_select.out(Tensor self, int dim, Tensor index, *, Tensor(a!) out)`: the slices
/// of `self` along `dim` at `index` (1-D, int64 or int32; no negative indices).
fn index_select(a: &mut Args) -> KResult {
    let x = a.tensor(0)?;
    let d = wrap_dim(a.int(1)?, x.dim())?;
    let index = a.tensor(2)?;
    if index.dim() > 1 {
        return Err(invalid("index_select: index must be 0-D or 1-D"));
    }
    let idx = index_values(&index)?;
    let n = if x.dim() == 0 { 1 } else { x.sizes[d] };
    if let Some(&bad) = idx.iter().find(|&&i| i < 0 || i as usize >= n) {
        return Err(invalid(format!(
            "index_select: index {bad} is out of range for size {n}"
        )));
    }
    let mut sizes = x.sizes.clone();
    if x.dim() == 0 {
        if idx.len() != 1 {
            return Err(invalid("index_select on a 0-D tensor needs one index"));
        }
    } else {
        sizes[d] = idx.len();
    }
    let out = a.out(3, &sizes)?;
    if out.numel == 0 {
        return Ok(());
    }
    let conv;
    let x = if x.dtype != out.dtype {
        conv = convert(&x, out.dtype)?;
        &conv.tensor
    } else {
        &x
    };
    let e = esize(out.dtype)? as isize;
    let (xs, os) = (tstrides(x), tstrides(&out));
    let (sizes_r, ss, ds) = if x.dim() == 0 {
        (vec![], vec![], vec![])
    } else {
        let keep = |v: &[isize]| -> Vec<isize> {
            v.iter()
                .enumerate()
                .filter(|&(i, _)| i != d)
                .map(|(_, &s)| s)
                .collect()
        };
        let sz: Vec<usize> = x
            .sizes
            .iter()
            .enumerate()
            .filter(|&(i, _)| i != d)
            .map(|(_, &s)| s)
            .collect();
        (sz, keep(&xs), keep(&os))
    };
    let plan = CopyPlan::new(e as usize, &sizes_r, &ss, &ds)?;
    let (sd, dd) = if x.dim() == 0 { (0, 0) } else { (xs[d], os[d]) };
    let src = x.addr as usize as *const u8;
    let dst = out.addr as usize as *mut u8;
    for (k, &i) in idx.iter().enumerate() {
        unsafe {
            plan.run(
                src.offset(i as isize * sd * e),
                dst.offset(k as isize * dd * e),
            )
        };
    }
    Ok(())
}

/// Copies `n` elements of type `T` where element `p` of `index`'s shape comes from
/// `src_off[p]` (element offsets) into `dst_off[p]`.
unsafe fn move_elems<T: Copy>(src: *const u8, dst: *mut u8, pairs: &[(isize, isize)]) {
    let e = std::mem::size_of::<T>() as isize;
    for &(s, d) in pairs {
        let v = std::ptr::read_unaligned(src.offset(s * e) as *const T);
        std::ptr::write_unaligned(dst.offset(d * e) as *mut T, v);
    }
}

unsafe fn move_pairs(esize: usize, src: *const u8, dst: *mut u8, pairs: &[(isize, isize)]) {
    match esize {
        1 => move_elems::<u8>(src, dst, pairs),
        2 => move_elems::<u16>(src, dst, pairs),
        4 => move_elems::<u32>(src, dst, pairs),
        _ => move_elems::<u64>(src, dst, pairs),
    }
}

/// `gather.out(Tensor self, int dim, Tensor index, *, bool sparse_grad=False,
/// Tensor(a!) out)`: `out[i][j][k] = self[i][index[i][j][k]][k]` (for `dim == 1`).
fn gather(a: &mut Args) -> KResult {
    let x = a.tensor(0)?;
    let d = wrap_dim(a.int(1)?, x.dim())?;
    let index = a.tensor(2)?;
    let idx = index_values(&index)?;
    let out = a.out(4, &index.sizes.clone())?;
    if index.numel == 0 {
        return Ok(());
    }
    if index.dim().max(1) != x.dim().max(1) {
        return Err(invalid(format!(
            "gather: index of rank {} for self of rank {}",
            index.dim(),
            x.dim()
        )));
    }
    for i in 0..index.dim() {
        if i != d && index.sizes[i] > x.sizes[i] {
            return Err(invalid(format!(
                "gather: index size {:?} exceeds self size {:?} in dim {i}",
                index.sizes, x.sizes
            )));
        }
    }
    let conv;
    let x = if x.dtype != out.dtype {
        conv = convert(&x, out.dtype)?;
        &conv.tensor
    } else {
        &x
    };
    let n = if x.dim() == 0 { 1 } else { x.sizes[d] };
    let (xs, os) = (tstrides(x), tstrides(&out));
    let mut pairs = Vec::with_capacity(index.numel);
    for_each(&index.sizes, |lin, p| {
        let v = idx[lin];
        if v < 0 || v as usize >= n {
            return Err(invalid(format!(
                "gather: index {v} is out of bounds for dimension {d} with size {n}"
            )));
        }
        // A 0-D index picks from a 1-D (or 0-D) self.
        let mut s = if p.is_empty() {
            v as isize * xs.first().copied().unwrap_or(0)
        } else {
            0
        };
        let mut o = 0isize;
        for (k, &pk) in p.iter().enumerate() {
            // (A 0-D self has no strides: only index 0 is valid there.)
            s += if k == d { v as isize } else { pk as isize } * xs.get(k).copied().unwrap_or(0);
            o += pk as isize * os[k];
        }
        pairs.push((s, o));
        Ok(())
    })?;
    unsafe {
        move_pairs(
            esize(out.dtype)?,
            x.addr as usize as *const u8,
            out.addr as usize as *mut u8,
            &pairs,
        )
    };
    Ok(())
}

/// The advanced-indexing structure of `self[indices]` (PyTorch's `index.Tensor`).
struct Indexing {
    /// Result sizes.
    out_sizes: Vec<usize>,
    /// Broadcast shape of the index tensors.
    b_sizes: Vec<usize>,
    /// Position of the broadcast dims in the result.
    b_pos: usize,
    /// Indexed dims of self.
    dims: Vec<usize>,
    /// Per indexed dim, the (wrapped, checked) coordinate for each broadcast position.
    coords: Vec<Vec<usize>>,
    /// Dims of self that are not indexed, in order.
    rest: Vec<usize>,
    /// Their positions in the result.
    rest_pos: Vec<usize>,
}

fn indexing(x: &Tensor, list: &[Option<Tensor>]) -> KResult<Indexing> {
    let r = x.dim();
    // (dim of self, sizes, values) for each index tensor, masks expanded.
    let mut entries: Vec<(usize, Vec<usize>, Vec<i64>)> = Vec::new();
    let mut d = 0usize;
    for t in list {
        match t {
            None => d += 1,
            Some(t) if matches!(t.dtype, ScalarType::Bool | ScalarType::Byte) => {
                let k = t.dim();
                if d + k > r || t.sizes[..] != x.sizes[d..d + k] {
                    return Err(invalid(format!(
                        "mask of shape {:?} does not match self {:?} at dim {d}",
                        t.sizes, x.sizes
                    )));
                }
                let m = elem::read::<i64>(t)?;
                let strides = contiguous_strides(&t.sizes);
                let hits: Vec<usize> = (0..t.numel).filter(|&i| m[i] != 0).collect();
                for (j, &st) in strides.iter().enumerate() {
                    let vals = hits
                        .iter()
                        .map(|&i| ((i / st) % t.sizes[j]) as i64)
                        .collect();
                    entries.push((d + j, vec![hits.len()], vals));
                }
                d += k;
            }
            Some(t) => {
                entries.push((d, t.sizes.to_vec(), index_values(t)?));
                d += 1;
            }
        }
    }
    if d > r {
        return Err(invalid(format!(
            "too many indices for a tensor of rank {r} ({d})"
        )));
    }
    let mut b_sizes: Vec<usize> = Vec::new();
    for e in &entries {
        b_sizes = broadcast_shape(&b_sizes, &e.1)?;
    }
    let nb: usize = b_sizes.iter().product();
    let dims: Vec<usize> = entries.iter().map(|e| e.0).collect();
    let mut coords = Vec::with_capacity(entries.len());
    for (dim, sizes, vals) in &entries {
        let n = x.sizes[*dim] as i64;
        let st = broadcast_strides(sizes, &b_sizes);
        let mut c = Vec::with_capacity(nb);
        let mut bad = None;
        for_each(&b_sizes, |_, p| {
            let off: usize = p.iter().zip(&st).map(|(i, s)| i * s).sum();
            let v = vals[off];
            let w = if v < 0 { v + n } else { v };
            if w < 0 || w >= n {
                bad = Some(v);
                c.push(0);
            } else {
                c.push(w as usize);
            }
            Ok(())
        })?;
        if let Some(v) = bad {
            return Err(invalid(format!(
                "index {v} is out of bounds for dimension {dim} with size {n}"
            )));
        }
        coords.push(c);
    }
    let rest: Vec<usize> = (0..r).filter(|i| !dims.contains(i)).collect();
    let adjacent = dims.windows(2).all(|w| w[1] == w[0] + 1);
    let b_pos = if adjacent {
        dims.first()
            .map_or(0, |&f| rest.iter().filter(|&&i| i < f).count())
    } else {
        0
    };
    let mut out_sizes = Vec::with_capacity(rest.len() + b_sizes.len());
    let mut rest_pos = Vec::with_capacity(rest.len());
    for (k, &i) in rest.iter().enumerate() {
        if k == b_pos {
            out_sizes.extend_from_slice(&b_sizes);
        }
        rest_pos.push(out_sizes.len());
        out_sizes.push(x.sizes[i]);
    }
    if rest.len() == b_pos {
        out_sizes.extend_from_slice(&b_sizes);
    }
    Ok(Indexing {
        out_sizes,
        b_sizes,
        b_pos,
        dims,
        coords,
        rest,
        rest_pos,
    })
}

/// `index.Tensor_out(Tensor self, Tensor?[] indices, *, Tensor(a!) out)`: advanced
/// indexing with broadcast int64/int32 index tensors (negative indices wrap) and
/// bool / uint8 masks.
fn index_tensor(a: &mut Args) -> KResult {
    let x = a.tensor(0)?;
    let list = a.opt_tensor_list(1)?;
    let ix = indexing(&x, &list)?;
    let out = a.out(2, &ix.out_sizes)?;
    if ix.dims.is_empty() {
        return copy_logical(&x, &out);
    }
    if out.numel == 0 {
        return Ok(());
    }
    let conv;
    let x = if x.dtype != out.dtype {
        conv = convert(&x, out.dtype)?;
        &conv.tensor
    } else {
        &x
    };
    let e = esize(out.dtype)?;
    let (xs, os) = (tstrides(x), tstrides(&out));
    let rs: Vec<usize> = ix.rest.iter().map(|&i| x.sizes[i]).collect();
    let ss: Vec<isize> = ix.rest.iter().map(|&i| xs[i]).collect();
    let ds: Vec<isize> = ix.rest_pos.iter().map(|&p| os[p]).collect();
    let plan = CopyPlan::new(e, &rs, &ss, &ds)?;
    let bstr = &os[ix.b_pos..ix.b_pos + ix.b_sizes.len()];
    let src = x.addr as usize as *const u8;
    let dst = out.addr as usize as *mut u8;
    let e = e as isize;
    for_each(&ix.b_sizes, |b, p| {
        let so: isize = ix
            .dims
            .iter()
            .zip(&ix.coords)
            .map(|(&dm, c)| c[b] as isize * xs[dm])
            .sum();
        let dof: isize = p.iter().zip(bstr).map(|(&i, &s)| i as isize * s).sum();
        unsafe { plan.run(src.offset(so * e), dst.offset(dof * e)) };
        Ok(())
    })
}

/// `index_put.out(Tensor self, Tensor?[] indices, Tensor values, bool accumulate=False,
/// *, Tensor(a!) out)`: a copy of `self` with `self[indices] = values` (or `+=`).
fn index_put(a: &mut Args) -> KResult {
    let x = a.tensor(0)?;
    let out = a.out(4, &x.sizes.clone())?;
    index_put_into(a, &x, &out)
}

/// `index_put_(Tensor(a!) self, Tensor?[] indices, Tensor values, bool accumulate=False)
/// -> Tensor(a!)`: `index_put` written into `self` itself (argument 4, the returned
/// alias of `self`, is written too when the program gives it other memory). Same
/// dtypes and errors as `index_put.out`.
fn index_put_inplace(a: &mut Args) -> KResult {
    let x = a.tensor(0)?;
    index_put_into(a, &x, &x)?;
    if !a.is_none(4) {
        let ret = a.out(4, &x.sizes.clone())?;
        if ret.addr != x.addr {
            copy_logical(&x, &ret)?;
        }
    }
    Ok(())
}

/// The body of `index_put`: `out = x` with the indexed positions set to (or, with
/// `accumulate`, increased by) `values`; `out` may be `x` itself.
fn index_put_into(a: &Args, x: &Tensor, out: &Tensor) -> KResult {
    let list = a.opt_tensor_list(1)?;
    let values = a.tensor(2)?;
    let accumulate = a.bool(3)?;
    let ix = indexing(x, &list)?;
    if values.dim() > ix.out_sizes.len()
        || broadcast_shape(&values.sizes, &ix.out_sizes)? != ix.out_sizes
    {
        return Err(invalid(format!(
            "index_put: values of shape {:?} do not broadcast to {:?}",
            values.sizes, ix.out_sizes
        )));
    }
    let xcs = contiguous_strides(&x.sizes);
    let vst = broadcast_strides(&values.sizes, &ix.out_sizes);
    with_compute!(out.dtype, C, {
        let mut buf: Vec<C> = elem::read::<C>(x)?.into_owned();
        let vals = elem::read::<C>(&values)?;
        let nb = ix.b_sizes.len();
        let bcs = contiguous_strides(&ix.b_sizes);
        for_each(&ix.out_sizes, |_, p| {
            let b: usize = p[ix.b_pos..ix.b_pos + nb]
                .iter()
                .zip(&bcs)
                .map(|(i, s)| i * s)
                .sum();
            let mut t: usize = ix
                .dims
                .iter()
                .zip(&ix.coords)
                .map(|(&dm, c)| c[b] * xcs[dm])
                .sum();
            for (&dm, &pos) in ix.rest.iter().zip(&ix.rest_pos) {
                t += p[pos] * xcs[dm];
            }
            let v = vals[p.iter().zip(&vst).map(|(i, s)| i * s).sum::<usize>()];
            buf[t] = if accumulate { add(buf[t], v) } else { v };
            Ok(())
        })?;
        elem::write(out, &buf)
    })
}

/// Shared body of the scatter kernels: `out = self`, then for every position `p` of
/// `index`, `out[p with p[dim] = index[p]] = src(p)` (or `+=`).
fn scatter_impl<C: Compute>(
    x: &Tensor,
    d: usize,
    index: &Tensor,
    out: &Tensor,
    src: impl Fn(&[usize]) -> C,
    accumulate: bool,
) -> KResult {
    let idx = index_values(index)?;
    let mut buf: Vec<C> = elem::read::<C>(x)?.into_owned();
    if index.numel > 0 {
        if index.dim().max(1) != x.dim().max(1) {
            return Err(invalid(format!(
                "scatter: index of rank {} for self of rank {}",
                index.dim(),
                x.dim()
            )));
        }
        let n = if x.dim() == 0 { 1 } else { x.sizes[d] };
        for i in 0..index.dim() {
            if i != d && index.sizes[i] > x.sizes[i] {
                return Err(invalid(format!(
                    "scatter: index size {:?} exceeds self size {:?} in dim {i}",
                    index.sizes, x.sizes
                )));
            }
        }
        let xcs = contiguous_strides(&x.sizes);
        for_each(&index.sizes, |lin, p| {
            let v = idx[lin];
            if v < 0 || v as usize >= n {
                return Err(invalid(format!(
                    "scatter: index {v} is out of bounds for dimension {d} with size {n}"
                )));
            }
            let t: usize = p
                .iter()
                .enumerate()
                .map(|(k, &pk)| {
                    (if k == d { v as usize } else { pk }) * xcs.get(k).copied().unwrap_or(0)
                })
                .sum();
            // A 0-D index addresses a 1-D (or 0-D) self directly.
            let t = if p.is_empty() { v as usize } else { t };
            let s = src(p);
            buf[t] = if accumulate { add(buf[t], s) } else { s };
            Ok(())
        })?;
    }
    elem::write(out, &buf)
}

fn scatter_tensor(a: &mut Args, accumulate: bool) -> KResult {
    let x = a.tensor(0)?;
    let d = wrap_dim(a.int(1)?, x.dim())?;
    let index = a.tensor(2)?;
    let src = a.tensor(3)?;
    let out = a.out(4, &x.sizes.clone())?;
    if index.numel > 0 {
        if src.dim() != index.dim() {
            return Err(invalid("scatter: src and index must have the same rank"));
        }
        if index.sizes.iter().zip(&src.sizes).any(|(i, s)| i > s) {
            return Err(invalid(format!(
                "scatter: index size {:?} exceeds src size {:?}",
                index.sizes, src.sizes
            )));
        }
    }
    let scs = contiguous_strides(&src.sizes);
    with_compute!(out.dtype, C, {
        let sv = elem::read::<C>(&src)?;
        scatter_impl::<C>(
            &x,
            d,
            &index,
            &out,
            |p| sv[p.iter().zip(&scs).map(|(i, s)| i * s).sum::<usize>()],
            accumulate,
        )
    })
}

/// `scatter.src_out(Tensor self, int dim, Tensor index, Tensor src, *, Tensor(a!) out)`.
fn scatter_src(a: &mut Args) -> KResult {
    scatter_tensor(a, false)
}

/// `scatter_add.out(Tensor self, int dim, Tensor index, Tensor src, *, Tensor(a!) out)`.
fn scatter_add(a: &mut Args) -> KResult {
    scatter_tensor(a, true)
}

/// `scatter.value_out(Tensor self, int dim, Tensor index, Scalar value, *,
/// Tensor(a!) out)`.
fn scatter_value(a: &mut Args) -> KResult {
    let x = a.tensor(0)?;
    let d = wrap_dim(a.int(1)?, x.dim())?;
    let index = a.tensor(2)?;
    let value = a.scalar(3)?;
    let out = a.out(4, &x.sizes.clone())?;
    with_compute!(out.dtype, C, {
        let v: C = scalar_as(value, out.dtype);
        scatter_impl::<C>(&x, d, &index, &out, |_| v, false)
    })
}

/// `masked_fill.Scalar_out(Tensor self, Tensor mask, Scalar value, *, Tensor(a!) out)`:
/// `value` where the (broadcast) bool `mask` is set, `self` elsewhere.
fn masked_fill(a: &mut Args) -> KResult {
    let x = a.tensor(0)?;
    let mask = a.tensor(1)?;
    let value = a.scalar(2)?;
    if mask.dtype != ScalarType::Bool {
        return Err(invalid(format!(
            "masked_fill: mask must be bool, got {:?}",
            mask.dtype
        )));
    }
    let shape = broadcast_shape(&x.sizes, &mask.sizes)?;
    if *shape != *x.sizes {
        return Err(invalid(format!(
            "masked_fill: mask {:?} does not broadcast to self {:?}",
            mask.sizes, x.sizes
        )));
    }
    let out = a.out(3, &x.sizes.clone())?;
    let m = elem::read::<i64>(&mask)?;
    let mst = broadcast_strides(&mask.sizes, &x.sizes);
    with_compute!(out.dtype, C, {
        let xv = elem::read::<C>(&x)?;
        let v: C = scalar_as(value, out.dtype);
        let mut ob = OutBuf::<C>::new(&out);
        let o = ob.data();
        if mask.sizes == x.sizes {
            for ((o, &xe), &me) in o.iter_mut().zip(xv.iter()).zip(m.iter()) {
                *o = if me != 0 { v } else { xe };
            }
        } else {
            for_each(&x.sizes, |lin, p| {
                let mo: usize = p.iter().zip(&mst).map(|(i, s)| i * s).sum();
                o[lin] = if m[mo] != 0 { v } else { xv[lin] };
                Ok(())
            })?;
        }
        ob.commit()
    })
}

/// Checks a bool `mask` and returns its values (0/1) broadcast to `sizes`, in logical
/// order.
fn mask_values(op: &str, mask: &Tensor, sizes: &[usize]) -> KResult<Vec<u8>> {
    if mask.dtype != ScalarType::Bool {
        return Err(invalid(format!(
            "{op}: mask must be bool, got {:?}",
            mask.dtype
        )));
    }
    let m = elem::read::<i64>(mask)?;
    if *mask.sizes == *sizes {
        return Ok(m.iter().map(|&v| (v != 0) as u8).collect());
    }
    let mst = broadcast_strides(&mask.sizes, sizes);
    let mut v = Vec::with_capacity(sizes.iter().product());
    for_each(sizes, |_, p| {
        let mo: usize = p.iter().zip(&mst).map(|(i, s)| i * s).sum();
        v.push((m[mo] != 0) as u8);
        Ok(())
    })?;
    Ok(v)
}

/// `masked_select.out(Tensor self, Tensor mask, *, Tensor(a!) out)`: the elements of
/// `self` where the bool `mask` is true, `self` and `mask` broadcast together, in
/// row-major order; `out` is 1-D with one element per true position. Real and bool
/// dtypes; a mask that is not bool or does not broadcast is `invalid-argument`.
fn masked_select(a: &mut Args) -> KResult {
    let x = a.tensor(0)?;
    let mask = a.tensor(1)?;
    let shape = broadcast_shape(&x.sizes, &mask.sizes)?;
    let m = mask_values("masked_select", &mask, &shape)?;
    let count = m.iter().filter(|&&v| v != 0).count();
    let out = a.out(2, &[count])?;
    let xst = broadcast_strides(&x.sizes, &shape);
    with_compute!(out.dtype, C, {
        let xv = elem::read::<C>(&x)?;
        let mut v = Vec::with_capacity(count);
        for_each(&shape, |lin, p| {
            if m[lin] != 0 {
                v.push(xv[p.iter().zip(&xst).map(|(i, s)| i * s).sum::<usize>()]);
            }
            Ok(())
        })?;
        elem::write(&out, &v)
    })
}

/// `masked_scatter.out(Tensor self, Tensor mask, Tensor source, *, Tensor(a!) out)`:
/// `self`, with the positions where the bool `mask` (broadcast to `self`'s sizes) is
/// true taking the elements of `source` in turn (row-major, `source` read flat). Real
/// and bool dtypes. `invalid-argument` for a mask that is not bool or does not
/// broadcast to `self`, or a `source` with fewer elements than true positions.
fn masked_scatter(a: &mut Args) -> KResult {
    let x = a.tensor(0)?;
    let mask = a.tensor(1)?;
    let source = a.tensor(2)?;
    let shape = broadcast_shape(&x.sizes, &mask.sizes)?;
    if *shape != *x.sizes {
        return Err(invalid(format!(
            "masked_scatter: mask {:?} does not broadcast to self {:?}",
            mask.sizes, x.sizes
        )));
    }
    let m = mask_values("masked_scatter", &mask, &shape)?;
    let count = m.iter().filter(|&&v| v != 0).count();
    if source.numel < count {
        return Err(invalid(format!(
            "masked_scatter: mask has {count} true positions but source only {} elements",
            source.numel
        )));
    }
    let out = a.out(3, &x.sizes.clone())?;
    with_compute!(out.dtype, C, {
        let mut buf: Vec<C> = elem::read::<C>(&x)?.into_owned();
        let src = elem::read::<C>(&source)?;
        let mut next = src.iter();
        for (o, &mv) in buf.iter_mut().zip(&m) {
            if mv != 0 {
                if let Some(&v) = next.next() {
                    *o = v;
                }
            }
        }
        elem::write(&out, &buf)
    })
}

/// Total order used by sorting: NaN above every number; `descending` flips it.
fn order<C: Compute>(x: C, y: C) -> std::cmp::Ordering {
    use std::cmp::Ordering::*;
    #[allow(clippy::eq_op)]
    match (x != x, y != y) {
        (true, true) => Equal,
        (true, false) => Greater,
        (false, true) => Less,
        _ => x.partial_cmp(&y).unwrap_or(Equal),
    }
}

/// libstdc++'s selection and sorting algorithms (`std::nth_element`, `std::sort`,
/// `std::partial_sort`), step for step, so that `topk` orders tied elements exactly as
/// PyTorch's CPU kernel (`aten/src/ATen/native/TopKImpl.h`) does.
mod stl {
    fn lg(n: usize) -> usize {
        (usize::BITS - 1 - n.leading_zeros()) as usize
    }

    fn unguarded_linear_insert<T: Copy>(
        a: &mut [T],
        mut last: usize,
        comp: &impl Fn(&T, &T) -> bool,
    ) {
        let v = a[last];
        while last > 0 && comp(&v, &a[last - 1]) {
            a[last] = a[last - 1];
            last -= 1;
        }
        a[last] = v;
    }

    fn insertion_sort<T: Copy>(a: &mut [T], comp: &impl Fn(&T, &T) -> bool) {
        for i in 1..a.len() {
            if comp(&a[i], &a[0]) {
                let v = a[i];
                a.copy_within(0..i, 1);
                a[0] = v;
            } else {
                unguarded_linear_insert(a, i, comp);
            }
        }
    }

    fn move_median_to_first<T: Copy>(
        a: &mut [T],
        r: usize,
        x: usize,
        y: usize,
        z: usize,
        comp: &impl Fn(&T, &T) -> bool,
    ) {
        let m = if comp(&a[x], &a[y]) {
            if comp(&a[y], &a[z]) {
                y
            } else if comp(&a[x], &a[z]) {
                z
            } else {
                x
            }
        } else if comp(&a[x], &a[z]) {
            x
        } else if comp(&a[y], &a[z]) {
            z
        } else {
            y
        };
        a.swap(r, m);
    }

    /// Partitions `a[1..]` around the pivot `a[0]`; returns the cut.
    fn unguarded_partition_pivot<T: Copy>(a: &mut [T], comp: &impl Fn(&T, &T) -> bool) -> usize {
        let n = a.len();
        move_median_to_first(a, 0, 1, n / 2, n - 1, comp);
        let (mut f, mut l) = (1, n);
        loop {
            while f < n && comp(&a[f], &a[0]) {
                f += 1;
            }
            l -= 1;
            while l > 0 && comp(&a[0], &a[l]) {
                l -= 1;
            }
            if f >= l {
                return f;
            }
            a.swap(f, l);
            f += 1;
        }
    }

    fn adjust_heap<T: Copy>(
        a: &mut [T],
        mut hole: usize,
        len: usize,
        v: T,
        comp: &impl Fn(&T, &T) -> bool,
    ) {
        let top = hole;
        let mut sc = hole;
        while len > 0 && sc < (len - 1) / 2 {
            sc = 2 * (sc + 1);
            if comp(&a[sc], &a[sc - 1]) {
                sc -= 1;
            }
            a[hole] = a[sc];
            hole = sc;
        }
        if len.is_multiple_of(2) && len >= 2 && sc == (len - 2) / 2 {
            sc = 2 * (sc + 1);
            a[hole] = a[sc - 1];
            hole = sc - 1;
        }
        while hole > top {
            let parent = (hole - 1) / 2;
            if !comp(&a[parent], &v) {
                break;
            }
            a[hole] = a[parent];
            hole = parent;
        }
        a[hole] = v;
    }

    fn make_heap<T: Copy>(a: &mut [T], comp: &impl Fn(&T, &T) -> bool) {
        let len = a.len();
        if len < 2 {
            return;
        }
        let mut p = (len - 2) / 2;
        loop {
            let v = a[p];
            adjust_heap(a, p, len, v, comp);
            if p == 0 {
                return;
            }
            p -= 1;
        }
    }

    /// Moves the heap top of `a[..m]` to `a[r]` and sifts `a[r]`'s old value in.
    fn pop_heap<T: Copy>(a: &mut [T], m: usize, r: usize, comp: &impl Fn(&T, &T) -> bool) {
        let v = a[r];
        a[r] = a[0];
        adjust_heap(&mut a[..m.max(r + 1)], 0, m, v, comp);
    }

    fn heap_select<T: Copy>(a: &mut [T], m: usize, comp: &impl Fn(&T, &T) -> bool) {
        make_heap(&mut a[..m], comp);
        for i in m..a.len() {
            if comp(&a[i], &a[0]) {
                pop_heap(a, m, i, comp);
            }
        }
    }

    fn sort_heap<T: Copy>(a: &mut [T], comp: &impl Fn(&T, &T) -> bool) {
        let mut l = a.len();
        while l > 1 {
            l -= 1;
            pop_heap(a, l, l, comp);
        }
    }

    /// `std::partial_sort(a, a + m, a + len)`.
    pub fn partial_sort<T: Copy>(a: &mut [T], m: usize, comp: &impl Fn(&T, &T) -> bool) {
        heap_select(a, m, comp);
        sort_heap(&mut a[..m], comp);
    }

    /// `std::nth_element(a, a + nth, a + len)`.
    pub fn nth_element<T: Copy>(a: &mut [T], nth: usize, comp: &impl Fn(&T, &T) -> bool) {
        if a.is_empty() || nth >= a.len() {
            return;
        }
        let mut depth = lg(a.len()) * 2;
        let (mut f, mut l) = (0, a.len());
        while l - f > 3 {
            if depth == 0 {
                heap_select(&mut a[f..l], nth - f + 1, comp);
                a.swap(f, nth);
                return;
            }
            depth -= 1;
            let cut = f + unguarded_partition_pivot(&mut a[f..l], comp);
            if cut <= nth {
                f = cut;
            } else {
                l = cut;
            }
        }
        insertion_sort(&mut a[f..l], comp);
    }

    fn introsort_loop<T: Copy>(a: &mut [T], mut depth: usize, comp: &impl Fn(&T, &T) -> bool) {
        let mut l = a.len();
        while l > 16 {
            if depth == 0 {
                partial_sort(&mut a[..l], l, comp);
                return;
            }
            depth -= 1;
            let cut = unguarded_partition_pivot(&mut a[..l], comp);
            introsort_loop(&mut a[cut..l], depth, comp);
            l = cut;
        }
    }

    /// `std::sort(a, a + len)` (not stable).
    pub fn sort<T: Copy>(a: &mut [T], comp: &impl Fn(&T, &T) -> bool) {
        if a.is_empty() {
            return;
        }
        introsort_loop(a, lg(a.len()) * 2, comp);
        if a.len() > 16 {
            insertion_sort(&mut a[..16], comp);
            for i in 16..a.len() {
                unguarded_linear_insert(a, i, comp);
            }
        } else {
            insertion_sort(a, comp);
        }
    }
}

/// Whether `x` is NaN.
#[allow(clippy::eq_op)]
fn nan<C: Compute>(x: C) -> bool {
    x != x
}

/// Calls `f(line, out_base, stride)` for every line of `x` along `d` (logical order):
/// the line holds `(value, index)` pairs and the output offsets are
/// `out_base + j * stride` in a result with `k` elements along `d`.
fn for_lines<C: Compute>(
    x: &Tensor,
    d: usize,
    k: usize,
    mut f: impl FnMut(&mut Vec<(C, i64)>, usize, usize),
) -> KResult {
    let xv = elem::read::<C>(x)?;
    let n = if x.dim() == 0 { 1 } else { x.sizes[d] };
    let inner: usize = if x.dim() == 0 {
        1
    } else {
        x.sizes[d + 1..].iter().product()
    };
    if n == 0 || inner == 0 {
        return Ok(());
    }
    let outer = x.numel / (n * inner);
    let mut line: Vec<(C, i64)> = Vec::with_capacity(n);
    for o in 0..outer {
        for i in 0..inner {
            line.clear();
            let base = o * n * inner + i;
            line.extend((0..n).map(|j| (xv[base + j * inner], j as i64)));
            f(&mut line, o * k * inner + i, inner);
        }
    }
    Ok(())
}

/// `topk.values(Tensor self, SymInt k, int dim=-1, bool largest=True, bool sorted=True,
/// *, Tensor(a!) values, Tensor(b!) indices)`: the `k` largest (smallest) elements
/// along `dim`; NaN counts as the largest value. Tied elements come out in exactly
/// PyTorch's order (its CPU kernel's `nth_element` / `partial_sort`, reproduced).
fn topk(a: &mut Args) -> KResult {
    let x = a.tensor(0)?;
    let k = a.int(1)?;
    let d = wrap_dim(if a.is_none(2) { -1 } else { a.int(2)? }, x.dim())?;
    let largest = if a.is_none(3) { true } else { a.bool(3)? };
    let sorted = if a.is_none(4) { true } else { a.bool(4)? };
    let n = if x.dim() == 0 { 1 } else { x.sizes[d] };
    if k < 0 || k as usize > n {
        return Err(invalid(format!(
            "topk: k ({k}) is out of range for dimension of size {n}"
        )));
    }
    let k = k as usize;
    let mut sizes = x.sizes.clone();
    if x.dim() > 0 {
        sizes[d] = k;
    }
    let values = a.out(5, &sizes)?;
    let indices = a.out(6, &sizes)?;
    if indices.dtype != ScalarType::Long {
        return Err(invalid("topk: indices must be int64"));
    }
    if k == 0 {
        return Ok(());
    }
    with_compute!(values.dtype, C, {
        let mut vb = OutBuf::<C>::new(&values);
        let mut ib = OutBuf::<i64>::new(&indices);
        let (vo, io) = (vb.data(), ib.data());
        let comp = |x: &(C, i64), y: &(C, i64)| {
            if largest {
                (nan(x.0) && !nan(y.0)) || x.0 > y.0
            } else {
                (!nan(x.0) && nan(y.0)) || x.0 < y.0
            }
        };
        for_lines::<C>(&x, d, k, |line, ob, st| {
            if k * 64 <= line.len() {
                stl::partial_sort(line, k, &comp);
            } else {
                stl::nth_element(line, k - 1, &comp);
                if sorted {
                    stl::sort(&mut line[..k - 1], &comp);
                }
            }
            for (j, &(v, ix)) in line[..k].iter().enumerate() {
                vo[ob + j * st] = v;
                io[ob + j * st] = ix;
            }
        })?;
        vb.commit()?;
        ib.commit()
    })
}

fn sort_impl(a: &mut Args, d: i64, descending: bool, vi: usize) -> KResult {
    let x = a.tensor(0)?;
    let d = wrap_dim(d, x.dim())?;
    let n = if x.dim() == 0 { 1 } else { x.sizes[d] };
    let values = a.out(vi, &x.sizes.clone())?;
    let indices = a.out(vi + 1, &x.sizes.clone())?;
    if indices.dtype != ScalarType::Long {
        return Err(invalid("sort: indices must be int64"));
    }
    with_compute!(values.dtype, C, {
        let mut vb = OutBuf::<C>::new(&values);
        let mut ib = OutBuf::<i64>::new(&indices);
        let (vo, io) = (vb.data(), ib.data());
        for_lines::<C>(&x, d, n, |line, ob, st| {
            // Stable; NaN sorts above every number.
            line.sort_by(|p, q| {
                let o = order(p.0, q.0);
                if descending {
                    o.reverse()
                } else {
                    o
                }
            });
            for (j, &(v, ix)) in line.iter().enumerate() {
                vo[ob + j * st] = v;
                io[ob + j * st] = ix;
            }
        })?;
        vb.commit()?;
        ib.commit()
    })
}

/// `sort.values(Tensor self, int dim=-1, bool descending=False, *, Tensor(a!) values,
/// Tensor(b!) indices)`: a stable sort (NaN last ascending, first descending).
fn sort_values(a: &mut Args) -> KResult {
    let d = if a.is_none(1) { -1 } else { a.int(1)? };
    let desc = if a.is_none(2) { false } else { a.bool(2)? };
    sort_impl(a, d, desc, 3)
}

/// `sort.values_stable(Tensor self, *, bool? stable, int dim=-1, bool descending=False,
/// Tensor(a!) values, Tensor(b!) indices)`.
fn sort_values_stable(a: &mut Args) -> KResult {
    let d = if a.is_none(2) { -1 } else { a.int(2)? };
    let desc = if a.is_none(3) { false } else { a.bool(3)? };
    sort_impl(a, d, desc, 4)
}

/// `nonzero.out(Tensor self, *, Tensor(a!) out)`: int64 `[n, rank]` coordinates of the
/// non-zero elements in row-major order (the output is resized to `n`).
fn nonzero(a: &mut Args) -> KResult {
    let x = a.tensor(0)?;
    let r = x.dim();
    let nz: Vec<usize> = with_compute!(x.dtype, C, {
        let v = elem::read::<C>(&x)?;
        (0..x.numel).filter(|&i| v[i].to_bool()).collect()
    });
    let out = a.out(1, &[nz.len(), r])?;
    let strides = contiguous_strides(&x.sizes);
    let mut ob = OutBuf::<i64>::new(&out);
    let o = ob.data();
    for (row, &lin) in nz.iter().enumerate() {
        for (j, &st) in strides.iter().enumerate() {
            o[row * r + j] = ((lin / st) % x.sizes[j]) as i64;
        }
    }
    ob.commit()
}
