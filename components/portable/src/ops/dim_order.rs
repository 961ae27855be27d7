//! Copies with dtype conversion and/or a change of memory layout:
//! `dim_order_ops::_to_dim_order_copy.out`, `dim_order_ops::_clone_dim_order.out`,
//! `aten::_to_copy.out`, `aten::clone.out`, `aten::copy.out` and `aten::copy_`.
//!
//! The out tensor carries the target dtype and dim order; values convert as PyTorch's
//! casts (float to integer truncates toward zero, anything to bool is `!= 0`).

use crate::args::Args;
use crate::elem::{self, family, Family};
use crate::ops::util::broadcast_strides;
use crate::plugboard::runtime::types::ScalarType;
use crate::registry::{Registrar, REAL_AND_BOOL};
use crate::tensor::Tensor;
use crate::{invalid, KResult};

/// Registers this module's operators.
pub fn register(r: &mut Registrar) {
    r.add(
        "dim_order_ops::_to_dim_order_copy.out",
        REAL_AND_BOOL,
        dim_order_copy_out,
    );
    r.add(
        "dim_order_ops::_clone_dim_order.out",
        REAL_AND_BOOL,
        dim_order_copy_out,
    );
    r.add("aten::_to_copy.out", REAL_AND_BOOL, |a| plain_copy(a, 3));
    r.add("aten::clone.out", REAL_AND_BOOL, |a| plain_copy(a, 2));
    r.add("aten::copy.out", REAL_AND_BOOL, copy_out);
    // In place: the return value (argument 3) is `self`. ExecuTorch emits it to write
    // a mutable buffer's new value back into the buffer.
    r.add("aten::copy_", REAL_AND_BOOL, copy_out);
}

/// Copies `src` into `out` (same sizes), converting to `out`'s dtype and laying the
/// elements out in `out`'s dim order. Same dtype and dim order is a plain memory copy.
pub fn copy_into(src: &Tensor, out: &Tensor) -> KResult<()> {
    if src.sizes != out.sizes {
        return Err(invalid(format!(
            "copy from sizes {:?} into sizes {:?}",
            src.sizes, out.sizes
        )));
    }
    if src.numel == 0 {
        return Ok(());
    }
    if src.dtype == out.dtype {
        let esize = elem::element_size(src.dtype);
        if same_layout(src, out) {
            if src.addr != out.addr {
                // SAFETY: both ranges lie in reserved blocks (checked when the tensors
                // were made); `copy` tolerates overlap.
                unsafe {
                    std::ptr::copy(
                        src.addr as usize as *const u8,
                        out.addr as usize as *mut u8,
                        src.numel * esize,
                    )
                };
            }
            return Ok(());
        }
        // SAFETY: the element type has the dtype's size; the tensors do not overlap
        // (a planner never places a live input under a differently laid out output).
        unsafe {
            match esize {
                1 => permute::<u8>(src, out),
                2 => permute::<u16>(src, out),
                4 => permute::<u32>(src, out),
                8 => permute::<u64>(src, out),
                _ => return Err(invalid(format!("dtype {:?} is not supported", src.dtype))),
            }
        }
        return Ok(());
    }
    convert(src, out)
}

/// Whether the two tensors (same sizes) have the same memory order: equal dim orders,
/// or orders that differ only in where dimensions of size 1 sit.
fn same_layout(a: &Tensor, b: &Tensor) -> bool {
    if a.dim_order == b.dim_order {
        return true;
    }
    let strip = |t: &Tensor| -> Vec<u8> {
        t.dim_order
            .iter()
            .copied()
            .filter(|&d| t.sizes[d as usize] != 1)
            .collect()
    };
    strip(a) == strip(b)
}

/// Element-for-element copy between different dim orders.
unsafe fn permute<T: Copy + 'static>(src: &Tensor, out: &Tensor) {
    let s = src.slice::<T>();
    let o = out.slice_mut::<T>();
    let ss = src.strides();
    let os = out.strides();
    let rank = src.dim();
    let mut idx = vec![0usize; rank];
    let (mut so, mut oo) = (0usize, 0usize);
    for _ in 0..src.numel {
        o[oo] = s[so];
        for d in (0..rank).rev() {
            idx[d] += 1;
            so += ss[d];
            oo += os[d];
            if idx[d] < src.sizes[d] {
                break;
            }
            so -= ss[d] * src.sizes[d];
            oo -= os[d] * src.sizes[d];
            idx[d] = 0;
        }
    }
}

/// The compute type a conversion goes through: the output's family, except into bool,
/// which tests the source in its own family (so 0.5 becomes `true`).
fn convert(src: &Tensor, out: &Tensor) -> KResult<()> {
    let via = if out.dtype == ScalarType::Bool {
        family(src.dtype)
    } else {
        family(out.dtype)
    };
    match via {
        Family::F32 => elem::write::<f32>(out, &elem::read::<f32>(src)?),
        Family::F64 => elem::write::<f64>(out, &elem::read::<f64>(src)?),
        Family::I64 => elem::write::<i64>(out, &elem::read::<i64>(src)?),
    }
}

/// Checks an optional `dim_order` argument against the out tensor.
fn check_dim_order(args: &Args, i: usize, out: &Tensor) -> KResult<()> {
    if let Some(order) = args.opt_int_list(i)? {
        let matches = order.len() == out.dim()
            && order
                .iter()
                .zip(&out.dim_order)
                .all(|(&a, &b)| a == b as i64);
        if !matches {
            return Err(invalid(format!(
                "dim_order {order:?} does not match the out tensor's dim order {:?}",
                out.dim_order
            )));
        }
    }
    Ok(())
}

/// `dim_order_ops::_to_dim_order_copy.out(self, non_blocking, dim_order, out)` and
/// `dim_order_ops::_clone_dim_order.out(self, non_blocking, dim_order, out)`.
fn dim_order_copy_out(args: &mut Args) -> KResult {
    let a = args.tensor(0)?;
    let out = args.out(3, &a.sizes)?;
    check_dim_order(args, 2, &out)?;
    copy_into(&a, &out)
}

/// `aten::_to_copy.out(self, non_blocking, memory_format, out)` (out at 3) and
/// `aten::clone.out(self, memory_format, out)` (out at 2).
fn plain_copy(args: &mut Args, out_idx: usize) -> KResult {
    let a = args.tensor(0)?;
    let out = args.out(out_idx, &a.sizes)?;
    copy_into(&a, &out)
}

/// `aten::copy.out(self, src, non_blocking, out)`: `src` broadcast to `self`'s sizes,
/// converted to the out tensor's dtype.
fn copy_out(args: &mut Args) -> KResult {
    let a = args.tensor(0)?;
    let src = args.tensor(1)?;
    let out = args.out(3, &a.sizes)?;
    if src.sizes == out.sizes {
        return copy_into(&src, &out);
    }
    if src.dim() > out.dim()
        || src
            .sizes
            .iter()
            .rev()
            .zip(out.sizes.iter().rev())
            .any(|(&s, &o)| s != o && s != 1)
    {
        return Err(invalid(format!(
            "copy: sizes {:?} do not broadcast to {:?}",
            src.sizes, out.sizes
        )));
    }
    let strides = broadcast_strides(&src.sizes, &out.sizes);
    macro_rules! expand {
        ($t:ty) => {{
            let v = elem::read::<$t>(&src)?;
            let mut e = Vec::with_capacity(out.numel);
            crate::tensor::for_each_index(&out.sizes, |_, idx| {
                let off: usize = idx.iter().zip(&strides).map(|(i, s)| i * s).sum();
                e.push(v[off]);
            });
            elem::write::<$t>(&out, &e)
        }};
    }
    let via = if out.dtype == ScalarType::Bool {
        family(src.dtype)
    } else {
        family(out.dtype)
    };
    match via {
        Family::F32 => expand!(f32),
        Family::F64 => expand!(f64),
        Family::I64 => expand!(i64),
    }
}
