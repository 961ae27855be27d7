//! `et_copy::_h2d_copy.out(Tensor self, *, out)` and `et_copy::_d2h_copy.out(Tensor
//! self, *, out)`: the copies ExecuTorch's device memory planning inserts where a
//! program's tensors move between host and accelerator memory (`PropagateDevicePass`;
//! `kernels/portable/cpu/op__device_copy.cpp`): `out` resized to `self`'s sizes,
//! the same dtype, both contiguous, the bytes copied.
//!
//! In plugboard a program's planned memory is all in the kernel library's linear
//! memory (accelerators keep their own behind the host's imports and copy at their
//! calls), so both directions are the same byte copy.

use crate::args::Args;
use crate::registry::{Registrar, REAL_AND_BOOL};
use crate::{invalid, KResult};

/// Registers this module's operators.
pub fn register(r: &mut Registrar) {
    r.add("et_copy::_h2d_copy.out", REAL_AND_BOOL, copy);
    r.add("et_copy::_d2h_copy.out", REAL_AND_BOOL, copy);
}

fn copy(a: &mut Args) -> KResult {
    let x = a.tensor(0)?;
    let out = a.out(1, &x.sizes)?;
    if out.dtype != x.dtype {
        return Err(invalid(format!(
            "self and out must have the same dtype, got {:?} and {:?}",
            x.dtype, out.dtype
        )));
    }
    if !x.is_contiguous() || !out.is_contiguous() {
        return Err(invalid("self and out must be contiguous"));
    }
    let n = x.nbytes().ok_or_else(|| invalid("tensor size overflows"))?;
    if n == 0 || x.addr == out.addr {
        return Ok(());
    }
    // SAFETY: both tensors lie in reserved blocks (checked by `Tensor::from_ref` and
    // `Args::out`) and hold `n` bytes (same sizes and dtype); `copy` handles overlap.
    unsafe {
        std::ptr::copy(
            x.addr as usize as *const u8,
            out.addr as usize as *mut u8,
            n,
        )
    };
    Ok(())
}
