//! The operators that only move bytes, any dtype:
//!
//! - `llama::fallback.out(Tensor input, *, Tensor(a!) output)`: a copy of `input`
//!   (`output` takes its sizes), as ExecuTorch's `extension/llm/custom_ops/
//!   op_fallback.cpp` (Qualcomm's partitioner leaves it where a graph falls back to
//!   the CPU);
//! - `preprocess::tile_crop.out(Tensor input, int tile_size, *, Tensor(a!) out)`: an
//!   image `[C, H, W]` (`H` and `W` multiples of `tile_size`) cut into its
//!   `H / tile_size * W / tile_size` square tiles, row of tiles by row, as `out [tiles,
//!   C, tile_size, tile_size]`, as `op_tile_crop.cpp` (the multimodal runners'
//!   preprocessing). The tile count is dynamic: `out` is resized.
//!
//! Both tensors contiguous, of the same dtype.

use plugboard_sdk::v2_4::kernel_library::plugboard::runtime::types::TensorRef;
use plugboard_sdk::v2_4::kernel_library::prelude::*;

use crate::args::{is_contiguous, resized, Args};

/// `input` and `out` checked (same dtype, contiguous), `out` resized to `sizes`:
/// `input`'s bytes (a copy), the element size, and `out`'s bytes to write.
fn views(
    input: &TensorRef,
    out: &TensorRef,
    out_arg: u32,
    sizes: Vec<u32>,
    updates: &mut Vec<KernelUpdate>,
) -> Result<(Vec<u8>, usize, &'static mut [u8]), Error> {
    if input.dtype != out.dtype {
        return Err(invalid_argument(format!(
            "input and out must have the same dtype, got {:?} and {:?}",
            input.dtype, out.dtype
        )));
    }
    let size = input
        .dtype
        .element_size()
        .ok_or_else(|| invalid_argument(format!("unsupported dtype {:?}", input.dtype)))?;
    let out = resized(out, out_arg, &sizes, updates);
    if !is_contiguous(input) || !is_contiguous(&out) {
        return Err(invalid_argument("input and out must be contiguous"));
    }
    // SAFETY: copied at once, before `out` is written (the memory plan may share them).
    let src = unsafe { input.bytes() }?.to_vec();
    let len = out.checked_len()?;
    if len != src.len() {
        return Err(invalid_argument(format!(
            "out holds {len} bytes, the result {}",
            src.len()
        )));
    }
    // SAFETY: `len` bytes inside a block reserved with `memory.alloc` (checked); no other
    // view of them lives while the kernel writes.
    let dst = unsafe { std::slice::from_raw_parts_mut(out.address as usize as *mut u8, len) };
    Ok((src, size, dst))
}

/// `llama::fallback.out`.
pub fn fallback_out(a: &Args) -> Result<Vec<KernelUpdate>, Error> {
    let input = a.tensor(0, "input")?;
    let out = a.tensor(1, "output")?;
    let mut updates = Vec::new();
    let (src, _, dst) = views(input, out, 1, input.sizes.clone(), &mut updates)?;
    dst.copy_from_slice(&src);
    Ok(updates)
}

/// `preprocess::tile_crop.out`.
pub fn tile_crop_out(a: &Args) -> Result<Vec<KernelUpdate>, Error> {
    let input = a.tensor(0, "input")?;
    let tile = a.int(1, "tile_size")?;
    let out = a.tensor(2, "out")?;
    let [c, h, w] = input.sizes[..] else {
        return Err(invalid_argument(format!(
            "input must be [C, H, W], got sizes {:?}",
            input.sizes
        )));
    };
    if out.sizes.len() != 4 {
        return Err(invalid_argument(format!(
            "out must be 4-dimensional, got sizes {:?}",
            out.sizes
        )));
    }
    let t = u32::try_from(tile)
        .ok()
        .filter(|&t| t > 0 && h % t == 0 && w % t == 0)
        .ok_or_else(|| {
            invalid_argument(format!(
                "tile_size {tile} must be positive and divide the height {h} and width {w}"
            ))
        })?;
    let (rows, cols) = (h / t, w / t);
    let mut updates = Vec::new();
    let (src, size, dst) = views(input, out, 2, vec![rows * cols, c, t, t], &mut updates)?;
    let (c, h, w, t) = (c as usize, h as usize, w as usize, t as usize);
    let line = t * size;
    let mut at = 0;
    for by in 0..rows as usize {
        for bx in 0..cols as usize {
            for ch in 0..c {
                for y in 0..t {
                    let from = ((ch * h + by * t + y) * w + bx * t) * size;
                    dst[at..at + line].copy_from_slice(&src[from..from + line]);
                    at += line;
                }
            }
        }
    }
    Ok(updates)
}
