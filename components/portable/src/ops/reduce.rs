//! Reductions and scans: `sum`, `mean`, `prod`, `amax` / `amin`, `argmax` / `argmin`,
//! `max` / `min` (with and without `dim`), `any` / `all`, `var` / `std`, `logsumexp`,
//! vector norms, `cumsum` / `cumprod`, `.out` variants, with PyTorch's semantics
//! (`aten/src/ATen/native/ReduceOps.cpp`).
//!
//! Inputs are read in place in any dim order (converted to the compute type only when
//! their dtype differs). Floating sums accumulate in `f64`; NaN propagates through
//! `max`-like reductions, and `argmax`-like ones return the first NaN or the first
//! extreme value, as PyTorch does.

use std::borrow::Cow;

use crate::args::Args;
use crate::elem::{self, is_float, Compute};
use crate::ops::util::tstrides;
use crate::ops::util::wrap_dim;
use crate::plugboard::runtime::types::ScalarType;
use crate::registry::{Registrar, REAL_AND_BOOL};
use crate::tensor::{contiguous_strides, Tensor, MAX_RANK};
use crate::{invalid, with_compute, KResult};

/// Registers this module's operators.
pub fn register(r: &mut Registrar) {
    r.add("aten::sum.IntList_out", REAL_AND_BOOL, sum_dims);
    r.add("aten::sum.out", REAL_AND_BOOL, sum_all);
    r.add("aten::mean.out", REAL_AND_BOOL, mean_dims);
    r.add("aten::mean.dtype_out", REAL_AND_BOOL, mean_all);
    r.add("aten::prod.int_out", REAL_AND_BOOL, prod_dim);
    r.add("aten::prod.out", REAL_AND_BOOL, prod_all);
    r.add("aten::amax.out", REAL_AND_BOOL, amax);
    r.add("aten::amin.out", REAL_AND_BOOL, amin);
    r.add("aten::argmax.out", REAL_AND_BOOL, argmax);
    r.add("aten::argmin.out", REAL_AND_BOOL, argmin);
    r.add("aten::max.dim_max", REAL_AND_BOOL, max_dim);
    r.add("aten::min.dim_min", REAL_AND_BOOL, min_dim);
    r.add("aten::max.unary_out", REAL_AND_BOOL, max_all);
    r.add("aten::min.unary_out", REAL_AND_BOOL, min_all);
    r.add("aten::any.out", REAL_AND_BOOL, any_dim);
    r.add("aten::any.dims_out", REAL_AND_BOOL, any_dims);
    r.add("aten::any.all_out", REAL_AND_BOOL, any_all);
    r.add("aten::all.out", REAL_AND_BOOL, all_dim);
    r.add("aten::all.dims_out", REAL_AND_BOOL, all_dims);
    r.add("aten::all.all_out", REAL_AND_BOOL, all_all);
    r.add("aten::var.correction_out", REAL_AND_BOOL, var_correction);
    r.add("aten::var.out", REAL_AND_BOOL, var_unbiased);
    r.add(
        "aten::var_mean.correction_out",
        REAL_AND_BOOL,
        var_mean_correction,
    );
    r.add("aten::std.correction_out", REAL_AND_BOOL, std_correction);
    r.add("aten::std.out", REAL_AND_BOOL, std_unbiased);
    r.add("aten::logsumexp.out", REAL_AND_BOOL, logsumexp);
    r.add("aten::linalg_vector_norm.out", REAL_AND_BOOL, vector_norm);
    r.add("aten::norm.out", REAL_AND_BOOL, norm_out);
    r.add("aten::cumsum.out", REAL_AND_BOOL, cumsum);
    r.add("aten::cumprod.out", REAL_AND_BOOL, cumprod);
}

// ---------------------------------------------------------------------------------
// Reading and planning
// ---------------------------------------------------------------------------------

/// A tensor's elements as `C` in memory order, with element strides per logical dim.
struct View<'a, C: Clone> {
    data: Cow<'a, [C]>,
    sizes: Vec<usize>,
    strides: Vec<isize>,
}

fn view<C: Compute>(t: &Tensor) -> KResult<View<'static, C>> {
    let data = if t.dtype == C::DTYPE {
        Cow::Borrowed(unsafe { t.slice::<C>() })
    } else {
        let flat = Tensor::flat(t.dtype, t.addr, t.numel);
        Cow::Owned(elem::read::<C>(&flat)?.into_owned())
    };
    Ok(View {
        data,
        sizes: t.sizes.to_vec(),
        strides: tstrides(t),
    })
}

/// Which dims a reduction covers: `None` or an empty list means all of them.
fn reduce_mask(dims: Option<&[i64]>, rank: usize) -> KResult<Vec<bool>> {
    let mut mask = vec![false; rank];
    match dims {
        Some(ds) if !ds.is_empty() => {
            let mut seen = vec![false; rank.max(1)];
            for &d in ds {
                let w = wrap_dim(d, rank)?;
                if seen[w] {
                    return Err(invalid(format!("dim {d} appears more than once")));
                }
                seen[w] = true;
                if rank > 0 {
                    mask[w] = true;
                }
            }
        }
        _ => mask.iter_mut().for_each(|m| *m = true),
    }
    Ok(mask)
}

/// Output sizes of a reduction over `mask`.
fn reduced_sizes(sizes: &[usize], mask: &[bool], keepdim: bool) -> Vec<usize> {
    sizes
        .iter()
        .zip(mask)
        .filter_map(|(&s, &m)| match (m, keepdim) {
            (false, _) => Some(s),
            (true, true) => Some(1),
            (true, false) => None,
        })
        .collect()
}

/// A reduction split into kept dims (one output each, row-major) and reduced dims.
struct Plan {
    kept_sizes: Vec<usize>,
    kept_strides: Vec<isize>,
    red_sizes: Vec<usize>,
    red_strides: Vec<isize>,
    /// Number of elements reduced into each output.
    red_numel: usize,
}

impl Plan {
    fn new(sizes: &[usize], strides: &[isize], mask: &[bool]) -> Plan {
        let mut p = Plan {
            kept_sizes: Vec::new(),
            kept_strides: Vec::new(),
            red_sizes: Vec::new(),
            red_strides: Vec::new(),
            red_numel: 1,
        };
        for ((&s, &st), &m) in sizes.iter().zip(strides).zip(mask) {
            if m {
                p.red_numel *= s;
                if s == 1 {
                    continue;
                }
                // Merge with the previous reduced dim when contiguous across both; the
                // row-major index over the reduced dims is unchanged.
                if let (Some(ls), Some(lst)) = (p.red_sizes.last_mut(), p.red_strides.last_mut()) {
                    if *lst == st * s as isize {
                        *ls *= s;
                        *lst = st;
                        continue;
                    }
                }
                p.red_sizes.push(s);
                p.red_strides.push(st);
            } else {
                p.kept_sizes.push(s);
                p.kept_strides.push(st);
            }
        }
        if p.red_sizes.contains(&0) {
            p.red_numel = 0;
        }
        p
    }

    /// Calls `f(base)` for every output in row-major order of the kept dims, with the
    /// element offset of its first reduced element.
    fn outputs<T>(&self, mut f: impl FnMut(isize) -> T) -> Vec<T> {
        let n: usize = self.kept_sizes.iter().product();
        let mut out = Vec::with_capacity(n);
        let r = self.kept_sizes.len();
        let mut idx = [0usize; MAX_RANK];
        let mut off = 0isize;
        for _ in 0..n {
            out.push(f(off));
            for d in (0..r).rev() {
                idx[d] += 1;
                off += self.kept_strides[d];
                if idx[d] < self.kept_sizes[d] {
                    break;
                }
                off -= self.kept_strides[d] * self.kept_sizes[d] as isize;
                idx[d] = 0;
            }
        }
        out
    }

    /// Folds the reduced elements of the output at `base` in row-major order;
    /// `step(state, value, index)` gets the row-major index within the reduced dims.
    #[inline(always)]
    fn fold<C: Copy, S>(
        &self,
        data: &[C],
        base: isize,
        init: S,
        mut step: impl FnMut(S, C, usize) -> S,
    ) -> S {
        if self.red_numel == 0 {
            return init;
        }
        let r = self.red_sizes.len();
        if r == 0 {
            return step(init, data[base as usize], 0);
        }
        let (n, st) = (self.red_sizes[r - 1], self.red_strides[r - 1]);
        let mut idx = [0usize; MAX_RANK];
        let mut off = base;
        let mut lin = 0usize;
        let mut s = init;
        loop {
            if st == 1 {
                let run = &data[off as usize..off as usize + n];
                for (i, &x) in run.iter().enumerate() {
                    s = step(s, x, lin + i);
                }
            } else {
                for i in 0..n {
                    s = step(s, data[(off + i as isize * st) as usize], lin + i);
                }
            }
            lin += n;
            let mut d = r - 1;
            loop {
                if d == 0 {
                    return s;
                }
                d -= 1;
                idx[d] += 1;
                off += self.red_strides[d];
                if idx[d] < self.red_sizes[d] {
                    break;
                }
                off -= self.red_strides[d] * self.red_sizes[d] as isize;
                idx[d] = 0;
            }
        }
    }
}

/// Runs `f(plan, data)` on the input read as `C`, reducing over `mask`.
fn reduce_with<C: Compute, T>(
    x: &Tensor,
    mask: &[bool],
    mut f: impl FnMut(&Plan, &[C], isize) -> T,
) -> KResult<Vec<T>> {
    let v = view::<C>(x)?;
    let plan = Plan::new(&v.sizes, &v.strides, mask);
    let data = &v.data[..];
    Ok(plan.outputs(|base| f(&plan, data, base)))
}

/// Sums over `mask` into one accumulator per output (row-major kept order), walking
/// the input in memory order: cache-friendly for any dim order (e.g. a mean over H, W
/// of a channels-last tensor accumulates whole channel rows).
fn sum_memory_order<C: Compute, A: Copy>(
    x: &Tensor,
    mask: &[bool],
    zero: A,
    conv: impl Fn(C) -> A,
    add: impl Fn(A, A) -> A,
) -> KResult<Vec<A>> {
    let v = view::<C>(x)?;
    let kept: Vec<usize> = (0..x.dim())
        .filter(|&d| !mask[d])
        .map(|d| x.sizes[d])
        .collect();
    let n_out: usize = kept.iter().product();
    let mut acc = vec![zero; n_out];
    if x.numel == 0 {
        return Ok(acc);
    }
    // Output stride of each input dim (0 when reduced).
    let kcs = contiguous_strides(&kept);
    let mut os = vec![0isize; x.dim()];
    let mut k = 0;
    for d in 0..x.dim() {
        if !mask[d] {
            os[d] = kcs[k] as isize;
            k += 1;
        }
    }
    // Dims in memory order, size-1 dropped, merged where both sides stay contiguous.
    let mut dims: Vec<(usize, isize, isize)> = Vec::new();
    for &d in &x.dim_order {
        let d = d as usize;
        if x.sizes[d] == 1 {
            continue;
        }
        let (s, st, o) = (x.sizes[d], v.strides[d], os[d]);
        if let Some(last) = dims.last_mut() {
            if last.1 == st * s as isize && last.2 == o * s as isize {
                *last = (last.0 * s, st, o);
                continue;
            }
        }
        dims.push((s, st, o));
    }
    let data = &v.data[..];
    let Some(&(n, st, ost)) = dims.last() else {
        acc[0] = add(acc[0], conv(data[0]));
        return Ok(acc);
    };
    let outer = &dims[..dims.len() - 1];
    let mut idx = [0usize; MAX_RANK];
    let (mut off, mut oo) = (0isize, 0isize);
    loop {
        if ost == 0 {
            let mut s = zero;
            if st == 1 {
                for &e in &data[off as usize..off as usize + n] {
                    s = add(s, conv(e));
                }
            } else {
                for i in 0..n {
                    s = add(s, conv(data[(off + i as isize * st) as usize]));
                }
            }
            acc[oo as usize] = add(acc[oo as usize], s);
        } else {
            for i in 0..n as isize {
                let a = &mut acc[(oo + i * ost) as usize];
                *a = add(*a, conv(data[(off + i * st) as usize]));
            }
        }
        let mut d = outer.len();
        loop {
            if d == 0 {
                return Ok(acc);
            }
            d -= 1;
            idx[d] += 1;
            off += outer[d].1;
            oo += outer[d].2;
            if idx[d] < outer[d].0 {
                break;
            }
            off -= outer[d].1 * outer[d].0 as isize;
            oo -= outer[d].2 * outer[d].0 as isize;
            idx[d] = 0;
        }
    }
}

/// Sums `x` over `mask` in `f64` (floating outputs) or wrapping `i64`, and writes
/// `out` (divided by the element count when `mean`).
fn sum_to(x: &Tensor, mask: &[bool], out: &Tensor, mean: bool) -> KResult {
    let count = mask
        .iter()
        .zip(&x.sizes)
        .filter(|(m, _)| **m)
        .map(|(_, &s)| s)
        .product::<usize>() as f64;
    if is_float(out.dtype) {
        let mut acc = if x.dtype == ScalarType::Float || x.dtype == ScalarType::Half {
            sum_memory_order::<f32, f64>(x, mask, 0.0, |v| v as f64, |a, b| a + b)?
        } else {
            sum_memory_order::<f64, f64>(x, mask, 0.0, |v| v, |a, b| a + b)?
        };
        if mean {
            acc.iter_mut().for_each(|a| *a /= count);
        }
        elem::write(out, &acc)
    } else {
        if mean {
            return Err(invalid(format!(
                "mean needs a floating-point output, got {:?}",
                out.dtype
            )));
        }
        let acc = sum_memory_order::<i64, i64>(x, mask, 0, |v| v, i64::wrapping_add)?;
        elem::write(out, &acc)
    }
}

fn keepdim_arg(a: &Args, i: usize) -> KResult<bool> {
    if a.is_none(i) {
        Ok(false)
    } else {
        a.bool(i)
    }
}

// ---------------------------------------------------------------------------------
// sum / mean / prod
// ---------------------------------------------------------------------------------

/// `sum.IntList_out(Tensor self, int[1]? dim, bool keepdim=False, *, ScalarType? dtype=None,
/// Tensor(a!) out)`: an empty or absent `dim` sums everything.
fn sum_dims(a: &mut Args) -> KResult {
    let x = a.tensor(0)?;
    let dims = a.opt_int_list(1)?;
    let mask = reduce_mask(dims.as_deref(), x.dim())?;
    let out = a.out(4, &reduced_sizes(&x.sizes, &mask, keepdim_arg(a, 2)?))?;
    sum_to(&x, &mask, &out, false)
}

/// `sum.out(Tensor self, *, ScalarType? dtype=None, Tensor(a!) out)`.
fn sum_all(a: &mut Args) -> KResult {
    let x = a.tensor(0)?;
    let mask = vec![true; x.dim()];
    let out = a.out(2, &[])?;
    sum_to(&x, &mask, &out, false)
}

/// `mean.out(Tensor self, int[1]? dim, bool keepdim=False, *, ScalarType? dtype=None,
/// Tensor(a!) out)` (adaptive average pooling to 1x1 arrives as this with dims
/// `[-1, -2]`).
fn mean_dims(a: &mut Args) -> KResult {
    let x = a.tensor(0)?;
    let dims = a.opt_int_list(1)?;
    let mask = reduce_mask(dims.as_deref(), x.dim())?;
    let out = a.out(4, &reduced_sizes(&x.sizes, &mask, keepdim_arg(a, 2)?))?;
    sum_to(&x, &mask, &out, true)
}

/// `mean.dtype_out(Tensor self, *, ScalarType? dtype=None, Tensor(a!) out)`.
fn mean_all(a: &mut Args) -> KResult {
    let x = a.tensor(0)?;
    let mask = vec![true; x.dim()];
    let out = a.out(2, &[])?;
    sum_to(&x, &mask, &out, true)
}

fn prod_to(x: &Tensor, mask: &[bool], out: &Tensor) -> KResult {
    if is_float(out.dtype) {
        let r = with_compute!(x.dtype, C, {
            reduce_with::<C, f64>(x, mask, |p, d, b| {
                p.fold(d, b, 1.0f64, |s, v, _| s * v.to_f64())
            })?
        });
        elem::write(out, &r)
    } else {
        let r = reduce_with::<i64, i64>(x, mask, |p, d, b| {
            p.fold(d, b, 1i64, |s, v, _| s.wrapping_mul(v))
        })?;
        elem::write(out, &r)
    }
}

/// `prod.int_out(Tensor self, int dim, bool keepdim=False, *, ScalarType? dtype=None,
/// Tensor(a!) out)`.
fn prod_dim(a: &mut Args) -> KResult {
    let x = a.tensor(0)?;
    let mask = reduce_mask(Some(&[a.int(1)?]), x.dim())?;
    let out = a.out(4, &reduced_sizes(&x.sizes, &mask, keepdim_arg(a, 2)?))?;
    prod_to(&x, &mask, &out)
}

/// `prod.out(Tensor self, *, ScalarType? dtype=None, Tensor(a!) out)`.
fn prod_all(a: &mut Args) -> KResult {
    let x = a.tensor(0)?;
    let mask = vec![true; x.dim()];
    let out = a.out(2, &[])?;
    prod_to(&x, &mask, &out)
}

// ---------------------------------------------------------------------------------
// amax / amin / max / min / argmax / argmin
// ---------------------------------------------------------------------------------

#[allow(clippy::eq_op)]
#[inline(always)]
fn is_nan<C: Compute>(x: C) -> bool {
    x != x
}

/// Whether `x` replaces the current extreme `best` (NaN wins and then sticks).
#[inline(always)]
fn better<C: Compute>(x: C, best: C, max: bool) -> bool {
    !is_nan(best) && (is_nan(x) || if max { x > best } else { x < best })
}

/// `(extreme value, index of its first occurrence)` of each output over `mask`.
fn extremes<C: Compute>(x: &Tensor, mask: &[bool], max: bool) -> KResult<Vec<(C, usize)>> {
    reduce_with::<C, Option<(C, usize)>>(x, mask, |p, d, b| {
        p.fold(d, b, None, |s: Option<(C, usize)>, v, i| match s {
            Some((best, _)) if !better(v, best, max) => s,
            _ => Some((v, i)),
        })
    })?
    .into_iter()
    .map(|e| e.ok_or_else(|| invalid("cannot reduce an empty dimension to a max or min")))
    .collect()
}

fn amax_amin(a: &mut Args, max: bool) -> KResult {
    let x = a.tensor(0)?;
    let dims = if a.is_none(1) {
        Vec::new()
    } else {
        a.int_list(1)?
    };
    let mask = reduce_mask(Some(&dims), x.dim())?;
    let out = a.out(3, &reduced_sizes(&x.sizes, &mask, keepdim_arg(a, 2)?))?;
    with_compute!(x.dtype, C, {
        let r: Vec<C> = extremes::<C>(&x, &mask, max)?
            .into_iter()
            .map(|e| e.0)
            .collect();
        elem::write(&out, &r)
    })
}

/// `amax.out(Tensor self, int[1] dim=[], bool keepdim=False, *, Tensor(a!) out)`.
fn amax(a: &mut Args) -> KResult {
    amax_amin(a, true)
}

/// `amin.out(Tensor self, int[1] dim=[], bool keepdim=False, *, Tensor(a!) out)`.
fn amin(a: &mut Args) -> KResult {
    amax_amin(a, false)
}

fn arg_extreme(a: &mut Args, max: bool) -> KResult {
    let x = a.tensor(0)?;
    let dim = a.opt_int(1)?;
    let keepdim = keepdim_arg(a, 2)?;
    let (mask, sizes) = match dim {
        Some(d) => {
            let mask = reduce_mask(Some(&[d]), x.dim())?;
            let sizes = reduced_sizes(&x.sizes, &mask, keepdim);
            (mask, sizes)
        }
        None => {
            let mask = vec![true; x.dim()];
            let sizes = if keepdim { vec![1; x.dim()] } else { vec![] };
            (mask, sizes)
        }
    };
    let out = a.out(3, &sizes)?;
    with_compute!(x.dtype, C, {
        let r: Vec<i64> = extremes::<C>(&x, &mask, max)?
            .into_iter()
            .map(|e| e.1 as i64)
            .collect();
        elem::write(&out, &r)
    })
}

/// `argmax.out(Tensor self, int? dim=None, bool keepdim=False, *, Tensor(a!) out)`:
/// index of the first maximum (or first NaN); over the flattened tensor when `dim` is
/// `None`.
fn argmax(a: &mut Args) -> KResult {
    arg_extreme(a, true)
}

/// `argmin.out(Tensor self, int? dim=None, bool keepdim=False, *, Tensor(a!) out)`.
fn argmin(a: &mut Args) -> KResult {
    arg_extreme(a, false)
}

fn max_min_dim(a: &mut Args, max: bool) -> KResult {
    let x = a.tensor(0)?;
    let mask = reduce_mask(Some(&[a.int(1)?]), x.dim())?;
    let sizes = reduced_sizes(&x.sizes, &mask, keepdim_arg(a, 2)?);
    let values = a.out(3, &sizes)?;
    let indices = a.out(4, &sizes)?;
    with_compute!(x.dtype, C, {
        let r = extremes::<C>(&x, &mask, max)?;
        let v: Vec<C> = r.iter().map(|e| e.0).collect();
        let i: Vec<i64> = r.iter().map(|e| e.1 as i64).collect();
        elem::write(&values, &v)?;
        elem::write(&indices, &i)
    })
}

/// `max.dim_max(Tensor self, int dim, bool keepdim=False, *, Tensor(a!) max,
/// Tensor(b!) max_values)`: values and int64 indices of the maxima along `dim`.
fn max_dim(a: &mut Args) -> KResult {
    max_min_dim(a, true)
}

/// `min.dim_min(Tensor self, int dim, bool keepdim=False, *, Tensor(a!) min,
/// Tensor(b!) min_indices)`.
fn min_dim(a: &mut Args) -> KResult {
    max_min_dim(a, false)
}

fn max_min_all(a: &mut Args, max: bool) -> KResult {
    let x = a.tensor(0)?;
    let mask = vec![true; x.dim()];
    let out = a.out(1, &[])?;
    with_compute!(x.dtype, C, {
        let r: Vec<C> = extremes::<C>(&x, &mask, max)?
            .into_iter()
            .map(|e| e.0)
            .collect();
        elem::write(&out, &r)
    })
}

/// `max.unary_out(Tensor self, *, Tensor(a!) out)`: the largest element (NaN if any).
fn max_all(a: &mut Args) -> KResult {
    max_min_all(a, true)
}

/// `min.unary_out(Tensor self, *, Tensor(a!) out)`.
fn min_all(a: &mut Args) -> KResult {
    max_min_all(a, false)
}

// ---------------------------------------------------------------------------------
// any / all
// ---------------------------------------------------------------------------------

fn any_all_to(x: &Tensor, mask: &[bool], out: &Tensor, any: bool) -> KResult {
    // A contiguous Bool tensor reduced over its trailing dims (`any(dim=-1)` of an
    // attention mask): each output reads one run of bytes, without the general walk.
    let k = mask.iter().position(|&m| m).unwrap_or(mask.len());
    let inner: usize = x.sizes[k..].iter().product();
    if x.dtype == ScalarType::Bool && x.is_contiguous() && inner > 0 && mask[k..].iter().all(|&m| m)
    {
        // SAFETY: Bool is stored as one byte per element; the kernel writes only `out`.
        let bytes = unsafe { x.slice::<u8>() };
        let r: Vec<i64> = bytes
            .chunks_exact(inner)
            .map(|run| {
                if any {
                    run.iter().any(|&b| b != 0) as i64
                } else {
                    run.iter().all(|&b| b != 0) as i64
                }
            })
            .collect();
        return elem::write(out, &r);
    }
    let r: Vec<i64> = with_compute!(x.dtype, C, {
        reduce_with::<C, i64>(x, mask, |p, d, b| {
            p.fold(d, b, !any, |s, v, _| {
                if any {
                    s || v.to_bool()
                } else {
                    s && v.to_bool()
                }
            }) as i64
        })?
    });
    elem::write(out, &r)
}

fn any_all_dims(a: &mut Args, any: bool) -> KResult {
    let x = a.tensor(0)?;
    let dims = a.opt_int_list(1)?;
    // Unlike sum, an empty dim list reduces nothing here (PyTorch's `any.dims`).
    let mask = match dims.as_deref() {
        Some([]) => vec![false; x.dim()],
        d => reduce_mask(d, x.dim())?,
    };
    let out = a.out(3, &reduced_sizes(&x.sizes, &mask, keepdim_arg(a, 2)?))?;
    any_all_to(&x, &mask, &out, any)
}

fn any_all_dim(a: &mut Args, any: bool) -> KResult {
    let x = a.tensor(0)?;
    let mask = reduce_mask(Some(&[a.int(1)?]), x.dim())?;
    let out = a.out(3, &reduced_sizes(&x.sizes, &mask, keepdim_arg(a, 2)?))?;
    any_all_to(&x, &mask, &out, any)
}

fn any_all_all(a: &mut Args, any: bool) -> KResult {
    let x = a.tensor(0)?;
    let mask = vec![true; x.dim()];
    let out = a.out(1, &[])?;
    any_all_to(&x, &mask, &out, any)
}

/// `any.out(Tensor self, int dim, bool keepdim=False, *, Tensor(a!) out)`.
fn any_dim(a: &mut Args) -> KResult {
    any_all_dim(a, true)
}

/// `any.dims_out(Tensor self, int[]? dim=None, bool keepdim=False, *, Tensor(a!) out)`.
fn any_dims(a: &mut Args) -> KResult {
    any_all_dims(a, true)
}

/// `any.all_out(Tensor self, *, Tensor(a!) out)`.
fn any_all(a: &mut Args) -> KResult {
    any_all_all(a, true)
}

/// `all.out(Tensor self, int dim, bool keepdim=False, *, Tensor(a!) out)`.
fn all_dim(a: &mut Args) -> KResult {
    any_all_dim(a, false)
}

/// `all.dims_out(Tensor self, int[]? dim=None, bool keepdim=False, *, Tensor(a!) out)`.
fn all_dims(a: &mut Args) -> KResult {
    any_all_dims(a, false)
}

/// `all.all_out(Tensor self, *, Tensor(a!) out)`.
fn all_all(a: &mut Args) -> KResult {
    any_all_all(a, false)
}

// ---------------------------------------------------------------------------------
// var / std / logsumexp / norms
// ---------------------------------------------------------------------------------

/// Per-output `f(plan, data, base)` in `f64` over the input read as its compute type.
fn reduce_f64(
    x: &Tensor,
    mask: &[bool],
    f: impl Fn(&Plan, &dyn Fn(&Plan, isize, &mut dyn FnMut(f64)), isize) -> f64,
) -> KResult<Vec<f64>> {
    with_compute!(x.dtype, C, {
        reduce_with::<C, f64>(x, mask, |p, d, b| {
            let walk = |p: &Plan, base: isize, g: &mut dyn FnMut(f64)| {
                p.fold(d, base, (), |_, v, _| g(v.to_f64()))
            };
            f(p, &walk, b)
        })
    })
}

fn var_to(x: &Tensor, mask: &[bool], correction: f64, out: &Tensor, sqrt: bool) -> KResult {
    if !is_float(out.dtype) {
        return Err(invalid("var/std need a floating-point output"));
    }
    let r = reduce_f64(x, mask, |p, walk, b| {
        let n = p.red_numel as f64;
        let mut sum = 0.0;
        walk(p, b, &mut |v| sum += v);
        let mean = sum / n;
        let mut ss = 0.0;
        walk(p, b, &mut |v| ss += (v - mean) * (v - mean));
        let var = ss / (n - correction).max(0.0);
        if sqrt {
            var.sqrt()
        } else {
            var
        }
    })?;
    elem::write(out, &r)
}

fn var_std_correction(a: &mut Args, sqrt: bool) -> KResult {
    let x = a.tensor(0)?;
    let dims = a.opt_int_list(1)?;
    let mask = reduce_mask(dims.as_deref(), x.dim())?;
    let correction = a.opt_scalar(2)?.map_or(1.0, |s| s.to_f64());
    let out = a.out(4, &reduced_sizes(&x.sizes, &mask, keepdim_arg(a, 3)?))?;
    var_to(&x, &mask, correction, &out, sqrt)
}

fn var_std_unbiased(a: &mut Args, sqrt: bool) -> KResult {
    let x = a.tensor(0)?;
    let dims = a.opt_int_list(1)?;
    let mask = reduce_mask(dims.as_deref(), x.dim())?;
    let unbiased = if a.is_none(2) { true } else { a.bool(2)? };
    let out = a.out(4, &reduced_sizes(&x.sizes, &mask, keepdim_arg(a, 3)?))?;
    var_to(&x, &mask, if unbiased { 1.0 } else { 0.0 }, &out, sqrt)
}

/// `var.correction_out(Tensor self, int[1]? dim=None, *, Scalar? correction=None,
/// bool keepdim=False, Tensor(a!) out)`: `sum((x - mean)^2) / max(0, N - correction)`
/// (correction defaults to 1).
fn var_correction(a: &mut Args) -> KResult {
    var_std_correction(a, false)
}

/// `var_mean.correction_out(Tensor self, int[1]? dim=None, *, Scalar? correction=None,
/// bool keepdim=False, Tensor(a!) out0, Tensor(b!) out1)`: the variance (as
/// `var.correction_out`) into `out0` and the mean into `out1`, both reduced over `dim`
/// (every dimension when `None`). Both outputs must be floating-point
/// (`invalid-argument` otherwise).
fn var_mean_correction(a: &mut Args) -> KResult {
    let x = a.tensor(0)?;
    let dims = a.opt_int_list(1)?;
    let mask = reduce_mask(dims.as_deref(), x.dim())?;
    let correction = a.opt_scalar(2)?.map_or(1.0, |s| s.to_f64());
    let sizes = reduced_sizes(&x.sizes, &mask, keepdim_arg(a, 3)?);
    let var = a.out(4, &sizes)?;
    let mean = a.out(5, &sizes)?;
    if !is_float(mean.dtype) {
        return Err(invalid("var_mean needs floating-point outputs"));
    }
    var_to(&x, &mask, correction, &var, false)?;
    sum_to(&x, &mask, &mean, true)
}

/// `var.out(Tensor self, int[1]? dim, bool unbiased=True, bool keepdim=False, *,
/// Tensor(a!) out)`.
fn var_unbiased(a: &mut Args) -> KResult {
    var_std_unbiased(a, false)
}

/// `std.correction_out(Tensor self, int[1]? dim=None, *, Scalar? correction=None,
/// bool keepdim=False, Tensor(a!) out)`.
fn std_correction(a: &mut Args) -> KResult {
    var_std_correction(a, true)
}

/// `std.out(Tensor self, int[1]? dim, bool unbiased=True, bool keepdim=False, *,
/// Tensor(a!) out)`.
fn std_unbiased(a: &mut Args) -> KResult {
    var_std_unbiased(a, true)
}

/// `logsumexp.out(Tensor self, int[1] dim, bool keepdim=False, *, Tensor(a!) out)`:
/// `log(sum(exp(x - m))) + m` with `m` the max (0 when infinite), as PyTorch.
fn logsumexp(a: &mut Args) -> KResult {
    let x = a.tensor(0)?;
    let dims = a.int_list(1)?;
    let mask = reduce_mask(Some(&dims), x.dim())?;
    let out = a.out(3, &reduced_sizes(&x.sizes, &mask, keepdim_arg(a, 2)?))?;
    if !is_float(out.dtype) {
        return Err(invalid("logsumexp needs a floating-point output"));
    }
    let r = reduce_f64(&x, &mask, |p, walk, b| {
        let mut m = f64::NEG_INFINITY;
        walk(p, b, &mut |v| {
            if v > m || v.is_nan() {
                m = v
            }
        });
        if m.is_infinite() {
            m = 0.0;
        }
        let mut s = 0.0;
        walk(p, b, &mut |v| s += (v - m).exp());
        s.ln() + m
    })?;
    elem::write(&out, &r)
}

fn norm_to(x: &Tensor, mask: &[bool], ord: f64, out: &Tensor) -> KResult {
    if !is_float(out.dtype) {
        return Err(invalid("norms need a floating-point output"));
    }
    let r = reduce_f64(x, mask, |p, walk, b| {
        if ord.is_infinite() {
            let mut m = if ord > 0.0 { 0.0 } else { f64::INFINITY };
            let mut nan = false;
            walk(p, b, &mut |v| {
                let v = v.abs();
                nan |= v.is_nan();
                m = if ord > 0.0 { m.max(v) } else { m.min(v) };
            });
            if nan {
                f64::NAN
            } else {
                m
            }
        } else if ord == 0.0 {
            let mut c = 0.0;
            walk(p, b, &mut |v| c += (v != 0.0) as i64 as f64);
            c
        } else if ord == 1.0 {
            let mut s = 0.0;
            walk(p, b, &mut |v| s += v.abs());
            s
        } else if ord == 2.0 {
            let mut s = 0.0;
            walk(p, b, &mut |v| s += v * v);
            s.sqrt()
        } else {
            let mut s = 0.0;
            walk(p, b, &mut |v| s += v.abs().powf(ord));
            s.powf(1.0 / ord)
        }
    })?;
    elem::write(out, &r)
}

/// `linalg_vector_norm.out(Tensor self, Scalar ord=2, int[1]? dim=None,
/// bool keepdim=False, *, ScalarType? dtype=None, Tensor(a!) out)`.
fn vector_norm(a: &mut Args) -> KResult {
    let x = a.tensor(0)?;
    let ord = a.opt_scalar(1)?.map_or(2.0, |s| s.to_f64());
    let dims = a.opt_int_list(2)?;
    let mask = reduce_mask(dims.as_deref(), x.dim())?;
    let out = a.out(5, &reduced_sizes(&x.sizes, &mask, keepdim_arg(a, 3)?))?;
    norm_to(&x, &mask, ord, &out)
}

/// `norm.out(Tensor self, Scalar? p, int[1] dim, bool keepdim=False, *, Tensor(a!) out)`.
fn norm_out(a: &mut Args) -> KResult {
    let x = a.tensor(0)?;
    let ord = a.opt_scalar(1)?.map_or(2.0, |s| s.to_f64());
    let dims = a.int_list(2)?;
    let mask = reduce_mask(Some(&dims), x.dim())?;
    let out = a.out(4, &reduced_sizes(&x.sizes, &mask, keepdim_arg(a, 3)?))?;
    norm_to(&x, &mask, ord, &out)
}

// ---------------------------------------------------------------------------------
// cumsum / cumprod
// ---------------------------------------------------------------------------------

/// Scans `x` along `dim` with `op`, accumulating in `A` (`f64` for floating outputs,
/// as PyTorch's CPU kernel, else `i64`).
fn scan_to<A: Compute>(
    x: &Tensor,
    d: usize,
    out: &Tensor,
    init: A,
    op: impl Fn(A, A) -> A,
) -> KResult {
    let xv = elem::read::<A>(x)?;
    let n = if x.dim() == 0 { 1 } else { x.sizes[d] };
    let inner: usize = if x.dim() == 0 {
        1
    } else {
        x.sizes[d + 1..].iter().product()
    };
    let mut r = vec![init; x.numel];
    if n > 0 && inner > 0 {
        let outer = x.numel / (n * inner);
        for o in 0..outer {
            for i in 0..inner {
                let base = o * n * inner + i;
                let mut acc = init;
                for j in 0..n {
                    acc = op(acc, xv[base + j * inner]);
                    r[base + j * inner] = acc;
                }
            }
        }
    }
    elem::write(out, &r)
}

fn scan(a: &mut Args, prod: bool) -> KResult {
    let x = a.tensor(0)?;
    let d = wrap_dim(a.int(1)?, x.dim())?;
    let out = a.out(3, &x.sizes.clone())?;
    if is_float(out.dtype) {
        if prod {
            scan_to::<f64>(&x, d, &out, 1.0, |s, v| s * v)
        } else {
            scan_to::<f64>(&x, d, &out, 0.0, |s, v| s + v)
        }
    } else if prod {
        scan_to::<i64>(&x, d, &out, 1, i64::wrapping_mul)
    } else {
        scan_to::<i64>(&x, d, &out, 0, i64::wrapping_add)
    }
}

/// `cumsum.out(Tensor self, int dim, *, ScalarType? dtype=None, Tensor(a!) out)`.
fn cumsum(a: &mut Args) -> KResult {
    scan(a, false)
}

/// `cumprod.out(Tensor self, int dim, *, ScalarType? dtype=None, Tensor(a!) out)`.
fn cumprod(a: &mut Args) -> KResult {
    scan(a, true)
}
