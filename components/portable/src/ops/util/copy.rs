//! The copy engine the layout operators run on (and the index and prim operators
//! reuse): a [`CopyPlan`] describes a result as a strided view of its input, merges
//! dimensions, copies contiguous runs with `memcpy`, transposes 2-D blocks in tiles and
//! falls back to an element loop specialised on the element size. Also dtype
//! conversion ahead of a copy ([`convert`]), logical copies between any dim orders
//! ([`copy_logical`]), fills, and resolving `view` size lists ([`infer_size`]).

use crate::args::Scalar;
use crate::elem::{self, Compute};
use crate::ops::util::{esize, promote_types, tstrides};
use crate::plugboard::runtime::types::ScalarType;
use crate::tensor::{contiguous_strides, Tensor};
use crate::{invalid, with_compute, KResult};

/// Most dimensions a [`CopyPlan`] iterates (repeat doubles the rank).
const MAX_PLAN_DIMS: usize = 2 * crate::tensor::MAX_RANK + 8;

/// Tile edge of the blocked 2-D transpose.
const TILE: usize = 32;

/// How the innermost dimension(s) of a [`CopyPlan`] are copied.
#[derive(Debug, Clone, Copy)]
enum Inner {
    /// One contiguous run of `bytes` in both source and destination.
    Memcpy { bytes: usize },
    /// `n` elements with byte strides `ss` (source) and `ds` (destination).
    Strided { n: usize, ss: isize, ds: isize },
    /// A 2-D transpose: `rows` x `cols` where the source is contiguous along rows and
    /// the destination contiguous along cols; `sk` is the source byte stride of a col,
    /// `dj` the destination byte stride of a row.
    Transpose {
        rows: usize,
        cols: usize,
        sk: isize,
        dj: isize,
    },
}

/// A strided copy of `esize`-byte elements, normalised once (size-1 dimensions
/// dropped, dimensions ordered by destination stride and merged where both sides are
/// contiguous across them) and then run for any pair of base pointers.
#[derive(Debug, Clone)]
pub struct CopyPlan {
    esize: usize,
    sizes: Vec<usize>,
    ss: Vec<isize>,
    ds: Vec<isize>,
    inner: Inner,
    empty: bool,
}

impl CopyPlan {
    /// Plans copying `sizes` elements where element `idx` is read at
    /// `sum(idx[d] * src_strides[d])` and written at `sum(idx[d] * dst_strides[d])`
    /// (strides in elements, possibly negative or zero on the source side).
    pub fn new(
        esize: usize,
        sizes: &[usize],
        src_strides: &[isize],
        dst_strides: &[isize],
    ) -> KResult<CopyPlan> {
        if sizes.len() != src_strides.len() || sizes.len() != dst_strides.len() {
            return Err(invalid("internal: copy plan rank mismatch"));
        }
        let e = esize as isize;
        let empty = sizes.contains(&0);
        let mut dims: Vec<(usize, isize, isize)> = sizes
            .iter()
            .zip(src_strides.iter().zip(dst_strides))
            .filter(|(&n, _)| n != 1)
            .map(|(&n, (&s, &d))| (n, s * e, d * e))
            .collect();
        // Outermost destination stride first, so writes run sequentially.
        dims.sort_by_key(|d| std::cmp::Reverse(d.2.unsigned_abs()));
        // Merge a dimension into the one inside it where both sides are contiguous.
        let mut merged: Vec<(usize, isize, isize)> = Vec::with_capacity(dims.len());
        for &(n, s, d) in dims.iter().rev() {
            if let Some(last) = merged.last_mut() {
                let (ln, ls, ld) = *last;
                if s == ls * ln as isize && d == ld * ln as isize {
                    *last = (n * ln, ls, ld);
                    continue;
                }
            }
            merged.push((n, s, d));
        }
        merged.reverse();
        if merged.len() > MAX_PLAN_DIMS {
            return Err(invalid("too many dimensions to copy"));
        }
        let inner = match merged.last().copied() {
            None => Inner::Memcpy { bytes: esize },
            Some((n, s, d)) if s == e && d == e => {
                merged.pop();
                Inner::Memcpy { bytes: n * esize }
            }
            Some((n, s, d)) => {
                // A source-contiguous dimension further out makes a 2-D transpose.
                let j = if d == e && n >= 4 {
                    merged[..merged.len() - 1]
                        .iter()
                        .rposition(|&(m, sj, _)| sj == e && m >= 4)
                } else {
                    None
                };
                merged.pop();
                match j {
                    Some(j) => {
                        let (rows, _, dj) = merged.remove(j);
                        Inner::Transpose {
                            rows,
                            cols: n,
                            sk: s,
                            dj,
                        }
                    }
                    None => Inner::Strided { n, ss: s, ds: d },
                }
            }
        };
        Ok(CopyPlan {
            esize,
            sizes: merged.iter().map(|m| m.0).collect(),
            ss: merged.iter().map(|m| m.1).collect(),
            ds: merged.iter().map(|m| m.2).collect(),
            inner,
            empty,
        })
    }

    /// Runs the copy from `src` to `dst`.
    ///
    /// # Safety
    /// Every address the plan touches from the two bases must be valid.
    pub unsafe fn run(&self, src: *const u8, dst: *mut u8) {
        if self.empty {
            return;
        }
        let rank = self.sizes.len();
        let mut idx = [0usize; MAX_PLAN_DIMS];
        let (mut so, mut dof) = (0isize, 0isize);
        loop {
            self.run_inner(src.offset(so), dst.offset(dof));
            let mut d = rank;
            loop {
                if d == 0 {
                    return;
                }
                d -= 1;
                idx[d] += 1;
                so += self.ss[d];
                dof += self.ds[d];
                if idx[d] < self.sizes[d] {
                    break;
                }
                so -= self.ss[d] * self.sizes[d] as isize;
                dof -= self.ds[d] * self.sizes[d] as isize;
                idx[d] = 0;
            }
        }
    }

    unsafe fn run_inner(&self, src: *const u8, dst: *mut u8) {
        match self.inner {
            Inner::Memcpy { bytes } => std::ptr::copy(src, dst, bytes),
            Inner::Strided { n, ss, ds } => match self.esize {
                1 => strided::<u8>(src, dst, n, ss, ds),
                2 => strided::<u16>(src, dst, n, ss, ds),
                4 => strided::<u32>(src, dst, n, ss, ds),
                8 => strided::<u64>(src, dst, n, ss, ds),
                e => {
                    for i in 0..n as isize {
                        std::ptr::copy(src.offset(i * ss), dst.offset(i * ds), e);
                    }
                }
            },
            Inner::Transpose { rows, cols, sk, dj } => match self.esize {
                1 => transpose::<u8>(src, dst, rows, cols, sk, dj),
                2 => transpose::<u16>(src, dst, rows, cols, sk, dj),
                4 => transpose_u32(src, dst, rows, cols, sk, dj),
                8 => transpose::<u64>(src, dst, rows, cols, sk, dj),
                e => {
                    for j in 0..rows as isize {
                        for k in 0..cols as isize {
                            std::ptr::copy(
                                src.offset(j * e as isize + k * sk),
                                dst.offset(j * dj + k * e as isize),
                                e,
                            );
                        }
                    }
                }
            },
        }
    }
}

#[inline(always)]
unsafe fn strided<T: Copy>(src: *const u8, dst: *mut u8, n: usize, ss: isize, ds: isize) {
    for i in 0..n as isize {
        let v = std::ptr::read_unaligned(src.offset(i * ss) as *const T);
        std::ptr::write_unaligned(dst.offset(i * ds) as *mut T, v);
    }
}

/// One tile of a transpose, element by element.
#[inline(always)]
#[allow(clippy::too_many_arguments)]
unsafe fn transpose_tile<T: Copy>(
    src: *const u8,
    dst: *mut u8,
    j0: usize,
    j1: usize,
    k0: usize,
    k1: usize,
    sk: isize,
    dj: isize,
) {
    let e = std::mem::size_of::<T>() as isize;
    for j in j0 as isize..j1 as isize {
        let s = src.offset(j * e);
        let d = dst.offset(j * dj);
        for k in k0 as isize..k1 as isize {
            let v = std::ptr::read_unaligned(s.offset(k * sk) as *const T);
            std::ptr::write_unaligned(d.offset(k * e) as *mut T, v);
        }
    }
}

unsafe fn transpose<T: Copy>(
    src: *const u8,
    dst: *mut u8,
    rows: usize,
    cols: usize,
    sk: isize,
    dj: isize,
) {
    for j0 in (0..rows).step_by(TILE) {
        let j1 = (j0 + TILE).min(rows);
        for k0 in (0..cols).step_by(TILE) {
            let k1 = (k0 + TILE).min(cols);
            transpose_tile::<T>(src, dst, j0, j1, k0, k1, sk, dj);
        }
    }
}

/// Transposes a 4x4 block of 32-bit elements: source rows are `k` (stride `sk`),
/// each holding 4 consecutive `j`; destination rows are `j` (stride `dj`).
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
#[inline(always)]
unsafe fn transpose4x4_u32(src: *const u8, dst: *mut u8, sk: isize, dj: isize) {
    use core::arch::wasm32::*;
    let r0 = std::ptr::read_unaligned(src as *const v128);
    let r1 = std::ptr::read_unaligned(src.offset(sk) as *const v128);
    let r2 = std::ptr::read_unaligned(src.offset(2 * sk) as *const v128);
    let r3 = std::ptr::read_unaligned(src.offset(3 * sk) as *const v128);
    let a0 = i32x4_shuffle::<0, 4, 1, 5>(r0, r1);
    let a1 = i32x4_shuffle::<2, 6, 3, 7>(r0, r1);
    let a2 = i32x4_shuffle::<0, 4, 1, 5>(r2, r3);
    let a3 = i32x4_shuffle::<2, 6, 3, 7>(r2, r3);
    std::ptr::write_unaligned(dst as *mut v128, i64x2_shuffle::<0, 2>(a0, a2));
    std::ptr::write_unaligned(dst.offset(dj) as *mut v128, i64x2_shuffle::<1, 3>(a0, a2));
    std::ptr::write_unaligned(
        dst.offset(2 * dj) as *mut v128,
        i64x2_shuffle::<0, 2>(a1, a3),
    );
    std::ptr::write_unaligned(
        dst.offset(3 * dj) as *mut v128,
        i64x2_shuffle::<1, 3>(a1, a3),
    );
}

#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
unsafe fn transpose_u32(
    src: *const u8,
    dst: *mut u8,
    rows: usize,
    cols: usize,
    sk: isize,
    dj: isize,
) {
    for j0 in (0..rows).step_by(TILE) {
        let j1 = (j0 + TILE).min(rows);
        let j4 = j0 + (j1 - j0) / 4 * 4;
        for k0 in (0..cols).step_by(TILE) {
            let k1 = (k0 + TILE).min(cols);
            let k4 = k0 + (k1 - k0) / 4 * 4;
            for j in (j0..j4).step_by(4) {
                for k in (k0..k4).step_by(4) {
                    transpose4x4_u32(
                        src.offset(j as isize * 4 + k as isize * sk),
                        dst.offset(j as isize * dj + k as isize * 4),
                        sk,
                        dj,
                    );
                }
            }
            transpose_tile::<u32>(src, dst, j0, j4, k4, k1, sk, dj);
            transpose_tile::<u32>(src, dst, j4, j1, k0, k1, sk, dj);
        }
    }
}

#[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
unsafe fn transpose_u32(
    src: *const u8,
    dst: *mut u8,
    rows: usize,
    cols: usize,
    sk: isize,
    dj: isize,
) {
    transpose::<u32>(src, dst, rows, cols, sk, dj)
}

/// Base pointer of a tensor's memory.
fn ptr(t: &Tensor) -> *mut u8 {
    t.addr as usize as *mut u8
}

/// A contiguous scratch copy of a tensor's memory in another dtype, keeping the layout.
pub struct Converted {
    _buf: Vec<u64>,
    /// The converted tensor (same sizes and dim order, new dtype and address).
    pub tensor: Tensor,
}

/// Converts `t`'s memory to `dtype` element by element (PyTorch casts), keeping its
/// layout, so strides computed for `t` stay valid for the result.
pub fn convert(t: &Tensor, dtype: ScalarType) -> KResult<Converted> {
    let n = t.numel;
    let e = esize(dtype)?;
    esize(t.dtype)?;
    let mut buf = vec![0u64; (n * e).div_ceil(8).max(1)];
    let flat_src = Tensor::flat(t.dtype, t.addr, n);
    let flat_dst = Tensor::flat(dtype, buf.as_mut_ptr() as usize as u32, n);
    with_compute!(promote_types(t.dtype, dtype), C, {
        let v = elem::read::<C>(&flat_src)?;
        elem::write(&flat_dst, &v)?;
    });
    Ok(Converted {
        tensor: Tensor {
            dtype,
            sizes: t.sizes.clone(),
            dim_order: t.dim_order.clone(),
            addr: flat_dst.addr,
            numel: n,
        },
        _buf: buf,
    })
}

/// Copies the strided view (`sizes`, element strides `ss`, element offset `soff`) of
/// `src` into the view (`sizes`, `ds`, `doff`) of `dst`, converting the dtype if the
/// two differ.
///
/// The caller guarantees that both views lie inside their tensors.
#[allow(clippy::too_many_arguments)]
pub fn copy_view(
    src: &Tensor,
    soff: isize,
    ss: &[isize],
    dst: &Tensor,
    doff: isize,
    ds: &[isize],
    sizes: &[usize],
) -> KResult<()> {
    if sizes.contains(&0) {
        return Ok(());
    }
    let e = esize(dst.dtype)?;
    let conv;
    let src = if src.dtype != dst.dtype {
        conv = convert(src, dst.dtype)?;
        &conv.tensor
    } else {
        src
    };
    let plan = CopyPlan::new(e, sizes, ss, ds)?;
    unsafe {
        plan.run(
            ptr(src).offset(soff * e as isize),
            ptr(dst).offset(doff * e as isize),
        )
    };
    Ok(())
}

/// Copies `src` into `dst` element for element in logical (row-major) order; the two
/// have the same number of elements but may differ in shape (view / squeeze ...).
pub fn copy_logical(src: &Tensor, dst: &Tensor) -> KResult<()> {
    if src.numel != dst.numel {
        return Err(invalid(format!(
            "cannot copy {} elements into {}",
            src.numel, dst.numel
        )));
    }
    if src.numel == 0 {
        return Ok(());
    }
    let cs = |s: &[usize]| -> Vec<isize> {
        contiguous_strides(s)
            .into_iter()
            .map(|x| x as isize)
            .collect()
    };
    if src.is_contiguous() {
        copy_view(src, 0, &cs(&dst.sizes), dst, 0, &tstrides(dst), &dst.sizes)
    } else if dst.is_contiguous() {
        copy_view(src, 0, &tstrides(src), dst, 0, &cs(&src.sizes), &src.sizes)
    } else {
        // Gather to a contiguous scratch, then scatter into dst's layout.
        let e = esize(src.dtype)?;
        let mut buf = vec![0u64; (src.numel * e).div_ceil(8)];
        let tmp = Tensor {
            dtype: src.dtype,
            sizes: src.sizes.clone(),
            dim_order: (0..src.dim() as u8).collect(),
            addr: buf.as_mut_ptr() as usize as u32,
            numel: src.numel,
        };
        copy_view(src, 0, &tstrides(src), &tmp, 0, &cs(&src.sizes), &src.sizes)?;
        let r = copy_view(&tmp, 0, &cs(&dst.sizes), dst, 0, &tstrides(dst), &dst.sizes);
        drop(buf);
        r
    }
}

/// The bytes (little-endian, first `esize(dtype)` of them) of `value` cast to `dtype`.
pub fn scalar_bytes(dtype: ScalarType, value: Scalar) -> KResult<[u8; 8]> {
    let mut buf = [0u64; 1];
    let t = Tensor::flat(dtype, buf.as_mut_ptr() as usize as u32, 1);
    esize(dtype)?;
    if dtype == ScalarType::Bool {
        // Any non-zero value is true (0.5 too, which an integer cast would lose).
        return Ok([(value.to_f64() != 0.0) as u8, 0, 0, 0, 0, 0, 0, 0]);
    }
    with_compute!(dtype, C, {
        let v = match value {
            Scalar::Double(d) => C::from_f64(d),
            other => C::from_i64(other.to_i64()),
        };
        elem::write(&t, &[v])?;
    });
    Ok(buf[0].to_le_bytes())
}

/// Fills every element of `t` with the element bytes `pattern`.
pub fn fill(t: &Tensor, pattern: [u8; 8]) -> KResult<()> {
    let e = esize(t.dtype)?;
    let n = t.numel;
    if n == 0 {
        return Ok(());
    }
    unsafe {
        match e {
            1 => t.slice_mut::<u8>().fill(pattern[0]),
            2 => t
                .slice_mut::<u16>()
                .fill(u16::from_le_bytes([pattern[0], pattern[1]])),
            4 => t.slice_mut::<u32>().fill(u32::from_le_bytes([
                pattern[0], pattern[1], pattern[2], pattern[3],
            ])),
            _ => t.slice_mut::<u64>().fill(u64::from_le_bytes(pattern)),
        }
    }
    Ok(())
}

/// Resolves a `view` size list with at most one `-1` against `numel` elements.
pub fn infer_size(size: &[i64], numel: usize) -> KResult<Vec<usize>> {
    let mut infer = None;
    let mut prod = 1usize;
    let mut out = Vec::with_capacity(size.len());
    for (i, &s) in size.iter().enumerate() {
        if s == -1 {
            if infer.is_some() {
                return Err(invalid("only one dimension can be inferred"));
            }
            infer = Some(i);
            out.push(0);
        } else {
            let s = usize::try_from(s)
                .map_err(|_| invalid(format!("size must be non-negative, got {s}")))?;
            prod = prod
                .checked_mul(s)
                .ok_or_else(|| invalid("size overflows"))?;
            out.push(s);
        }
    }
    match infer {
        Some(i) => {
            if prod == 0 || !numel.is_multiple_of(prod) {
                return Err(invalid(format!(
                    "shape {size:?} is invalid for input of size {numel}"
                )));
            }
            out[i] = numel / prod;
        }
        None if prod != numel => {
            return Err(invalid(format!(
                "shape {size:?} is invalid for input of size {numel}"
            )))
        }
        None => {}
    }
    Ok(out)
}
