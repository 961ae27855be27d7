//! A tensor in this component's linear memory, made from a host descriptor.

use crate::plugboard::runtime::types::ScalarType;
use crate::TensorRef;
use crate::{elem, invalid, memory, KResult};

/// Most dimensions a tensor may have (ExecuTorch's `kTensorDimensionLimit`).
pub const MAX_RANK: usize = 16;

/// Logical sizes of a tensor, inline (at most [`MAX_RANK`]): every tensor argument of
/// every kernel call becomes a [`Tensor`], and two heap allocations per argument were a
/// visible part of a small kernel call's cost.
pub type Dims = arrayvec::ArrayVec<usize, MAX_RANK>;

/// A dim order, inline (at most [`MAX_RANK`] entries).
pub type DimOrder = arrayvec::ArrayVec<u8, MAX_RANK>;

/// A tensor view: dtype, logical sizes, dim order and the address of element 0.
#[derive(Debug)]
pub struct Tensor {
    /// Element type.
    pub dtype: ScalarType,
    /// Logical sizes.
    pub sizes: Dims,
    /// Memory order of the dimensions, outermost first.
    pub dim_order: DimOrder,
    /// Address of element 0.
    pub addr: u32,
    /// Number of elements.
    pub numel: usize,
}

impl Clone for Tensor {
    /// Copies the sizes and dim order as slices (`ArrayVec`'s own `clone` pushes them
    /// one by one: most of what a prepared call's checked tensor argument costs).
    fn clone(&self) -> Tensor {
        let mut sizes = Dims::new();
        let mut dim_order = DimOrder::new();
        // Both hold at most MAX_RANK, as the originals do.
        let _ = sizes.try_extend_from_slice(&self.sizes);
        let _ = dim_order.try_extend_from_slice(&self.dim_order);
        Tensor {
            dtype: self.dtype,
            sizes,
            dim_order,
            addr: self.addr,
            numel: self.numel,
        }
    }
}

impl Tensor {
    /// Checks a descriptor (rank, dim order, the bytes lie in a reserved block) and
    /// makes a view of it.
    pub fn from_ref(r: &TensorRef) -> KResult<Tensor> {
        if r.sizes.len() > MAX_RANK || r.dim_order.len() != r.sizes.len() {
            return Err(invalid(format!(
                "tensor of rank {} with a dim order of length {}",
                r.sizes.len(),
                r.dim_order.len()
            )));
        }
        let mut seen = [false; MAX_RANK];
        for &d in &r.dim_order {
            let d = d as usize;
            if d >= r.sizes.len() || seen[d] {
                return Err(invalid(format!(
                    "dim order {:?} is not a permutation",
                    r.dim_order
                )));
            }
            seen[d] = true;
        }
        let sizes: Dims = r.sizes.iter().map(|&s| s as usize).collect();
        let numel = sizes
            .iter()
            .try_fold(1usize, |a, &s| a.checked_mul(s))
            .ok_or_else(|| invalid("tensor size overflows"))?;
        let t = Tensor {
            dtype: r.dtype,
            sizes,
            dim_order: r.dim_order.iter().copied().collect(),
            addr: r.address,
            numel,
        };
        let nbytes = t.nbytes().ok_or_else(|| invalid("tensor size overflows"))?;
        if nbytes > 0 {
            memory::check(r.address, nbytes)?;
        }
        Ok(t)
    }

    /// A contiguous 1-D view of `numel` elements of `dtype` at `addr`, for views a
    /// kernel makes over memory it already checked or holds itself (nothing is checked).
    pub fn flat(dtype: ScalarType, addr: u32, numel: usize) -> Tensor {
        Tensor {
            dtype,
            sizes: Dims::from_iter([numel]),
            dim_order: DimOrder::from_iter([0]),
            addr,
            numel,
        }
    }

    /// Size in bytes, `None` on overflow.
    pub fn nbytes(&self) -> Option<usize> {
        self.numel.checked_mul(elem::element_size(self.dtype))
    }

    /// Rank.
    pub fn dim(&self) -> usize {
        self.sizes.len()
    }

    /// Whether the dim order is `0, 1, ..., rank-1`.
    pub fn is_contiguous(&self) -> bool {
        self.dim_order
            .iter()
            .enumerate()
            .all(|(i, &d)| i == d as usize)
    }

    /// Whether the tensor is channels-last (`[0, 2, 3, 1]` for rank 4).
    pub fn is_channels_last(&self) -> bool {
        *self.dim_order == [0, 2, 3, 1]
    }

    /// Memory strides in elements of each logical dimension, from the dim order.
    pub fn strides(&self) -> Vec<usize> {
        let mut strides = vec![0; self.dim()];
        let mut s = 1;
        for &d in self.dim_order.iter().rev() {
            strides[d as usize] = s;
            s *= self.sizes[d as usize];
        }
        strides
    }

    /// The memory as a slice of `T`.
    ///
    /// # Safety
    /// `T` must be the storage type of `self.dtype`; no `&mut` to the same bytes may be live.
    pub unsafe fn slice<T>(&self) -> &'static [T] {
        if self.numel == 0 {
            return &[];
        }
        std::slice::from_raw_parts(self.addr as usize as *const T, self.numel)
    }

    /// The memory as a mutable slice of `T`.
    ///
    /// # Safety
    /// As [`Tensor::slice`], and no other reference to the same bytes may be live.
    #[allow(clippy::mut_from_ref)]
    pub unsafe fn slice_mut<T>(&self) -> &'static mut [T] {
        if self.numel == 0 {
            return &mut [];
        }
        std::slice::from_raw_parts_mut(self.addr as usize as *mut T, self.numel)
    }

    /// Reorders `mem` (elements in this tensor's memory order) into logical row-major order.
    pub fn gather_contiguous<C: Copy + Default>(&self, mem: &[C]) -> Vec<C> {
        let strides = self.strides();
        let mut out = Vec::with_capacity(self.numel);
        for_each_index(&self.sizes, |_, idx| {
            let off: usize = idx.iter().zip(&strides).map(|(i, s)| i * s).sum();
            out.push(mem[off]);
        });
        out
    }

    /// Lays out `data` (logical row-major order) in this tensor's memory order.
    pub fn scatter_from_contiguous<C: Copy + Default>(&self, data: &[C]) -> Vec<C> {
        let strides = self.strides();
        let mut mem = vec![C::default(); self.numel];
        for_each_index(&self.sizes, |lin, idx| {
            let off: usize = idx.iter().zip(&strides).map(|(i, s)| i * s).sum();
            mem[off] = data[lin];
        });
        mem
    }
}

/// Calls `f(linear_index, index)` for every index of `sizes` in row-major order.
pub fn for_each_index(sizes: &[usize], mut f: impl FnMut(usize, &[usize])) {
    let n: usize = sizes.iter().product();
    if n == 0 {
        return;
    }
    let mut idx = vec![0usize; sizes.len()];
    for lin in 0..n {
        f(lin, &idx);
        for d in (0..sizes.len()).rev() {
            idx[d] += 1;
            if idx[d] < sizes[d] {
                break;
            }
            idx[d] = 0;
        }
    }
}

/// Row-major strides of `sizes`.
pub fn contiguous_strides(sizes: &[usize]) -> Vec<usize> {
    let mut strides = vec![1; sizes.len()];
    for d in (0..sizes.len().saturating_sub(1)).rev() {
        strides[d] = strides[d + 1] * sizes[d + 1];
    }
    strides
}
