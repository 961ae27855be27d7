//! `llama::update_cache.out(Tensor value, Tensor(a!) cache, SymInt start_pos, *,
//! Tensor(b!) out) -> Tensor(b!)`: writes `value` [B, S, H, D] into the KV cache
//! [B, max_seq_len, H, D] at sequence positions `start_pos .. start_pos + S` (dim 1),
//! batch by batch. `out` is a placeholder ExecuTorch never writes.
//!
//! Semantics from ExecuTorch's `extension/llm/custom_ops/op_update_cache.cpp`: both
//! tensors 4-D in the contiguous dim order, equal sizes at dims 0, 2 and 3, equal
//! element sizes, `start_pos < max_seq_len` and `start_pos + S <= max_seq_len`.
//!
//! `llama::update_cache_with_indices.out(Tensor value, Tensor(a!) cache, SymInt
//! start_pos, Tensor indices, *, Tensor(b!) out)`: the same, but token `s` of batch `b`
//! goes to cache position `indices[b][s]` (`indices` Long `[B, S]`, contiguous, each
//! within `0 .. max_seq_len`); `start_pos` is not used.

use plugboard_sdk::v2_4::kernel_library::prelude::*;

use plugboard_sdk::v2_4::kernel_library::plugboard::runtime::types::TensorRef;

use crate::args::{check_4d, is_contiguous, size, Args};

/// `llama::update_cache_with_indices.out`.
pub fn update_cache_with_indices_out(a: &Args) -> Result<Vec<KernelUpdate>, Error> {
    let value = a.tensor(0, "value")?;
    let cache = a.tensor(1, "cache")?;
    a.int(2, "start_pos")?;
    let indices = a.tensor(3, "indices")?;
    a.tensor(4, "out")?;
    let elem = check_value_and_cache(value, cache)?;
    let (batches, seq) = (size(value, 0), size(value, 1));
    if indices.dtype != ScalarType::Long
        || indices.sizes.len() != 2
        || size(indices, 0) != batches
        || size(indices, 1) != seq
        || !is_contiguous(indices)
    {
        return Err(invalid_argument(format!(
            "indices must be a contiguous Long [{batches}, {seq}], got {:?} {:?}",
            indices.dtype, indices.sizes
        )));
    }
    let max_seq = size(cache, 1);
    let token = size(value, 2) * size(value, 3) * elem;
    let (value_len, cache_len) = (value.checked_len()?, cache.checked_len()?);
    let index_len = indices.checked_len()?;
    if batches == 0 || seq == 0 || value_len == 0 {
        return Ok(Vec::new());
    }
    if index_len < batches * seq * 8 {
        return Err(invalid_argument("indices is smaller than its sizes"));
    }
    let cache_batch = cache_len / batches;
    for b in 0..batches {
        for s in 0..seq {
            let at = indices.address as usize + (b * seq + s) * 8;
            // SAFETY: inside the indices' block (checked above); unaligned read.
            let pos = unsafe { (at as *const i64).read_unaligned() };
            let pos = usize::try_from(pos)
                .ok()
                .filter(|&p| p < max_seq)
                .ok_or_else(|| {
                    invalid_argument(format!(
                        "index {pos} (batch {b}, token {s}) is not in 0..{max_seq}"
                    ))
                })?;
            let src = value.address as usize + (b * seq + s) * token;
            let dst = cache.address as usize + b * cache_batch + pos * token;
            // SAFETY: both ranges lie in blocks checked by `checked_len` (`pos <
            // max_seq_len` keeps `dst + token` inside the batch's part of the cache).
            unsafe { std::ptr::copy(src as *const u8, dst as *mut u8, token) };
        }
    }
    Ok(Vec::new())
}

/// Checks `value` and `cache` as both operators need them; gives the element size.
fn check_value_and_cache(value: &TensorRef, cache: &TensorRef) -> Result<usize, Error> {
    check_4d(value, "value")?;
    check_4d(cache, "cache")?;
    for d in [0, 2, 3] {
        if value.sizes[d] != cache.sizes[d] {
            return Err(invalid_argument(format!(
                "value {:?} and cache {:?} differ at dim {d}",
                value.sizes, cache.sizes
            )));
        }
    }
    let elem = value
        .dtype
        .element_size()
        .ok_or_else(|| invalid_argument(format!("value has dtype {:?}", value.dtype)))?;
    if cache.dtype.element_size() != Some(elem) {
        return Err(invalid_argument(format!(
            "value is {:?}, cache is {:?}: element sizes differ",
            value.dtype, cache.dtype
        )));
    }
    Ok(elem)
}

/// The kernel.
pub fn update_cache_out(a: &Args) -> Result<Vec<KernelUpdate>, Error> {
    let value = a.tensor(0, "value")?;
    let cache = a.tensor(1, "cache")?;
    let start_pos = a.int(2, "start_pos")?;
    a.tensor(3, "out")?;
    let elem = check_value_and_cache(value, cache)?;
    let max_seq = size(cache, 1);
    let seq = size(value, 1);
    let start = usize::try_from(start_pos)
        .ok()
        .filter(|&s| s < max_seq && s + seq <= max_seq)
        .ok_or_else(|| {
            invalid_argument(format!(
                "start_pos {start_pos} with {seq} positions does not fit a cache of {max_seq}"
            ))
        })?;
    let value_len = value.checked_len()?;
    let cache_len = cache.checked_len()?;
    let batches = size(value, 0);
    if batches == 0 || value_len == 0 {
        return Ok(Vec::new());
    }
    // Bytes of one batch of `value`, and of one position and one batch of the cache.
    let per_batch = value_len / batches;
    let row = size(cache, 2) * size(cache, 3) * elem;
    let cache_batch = cache_len / batches;
    for b in 0..batches {
        let src = value.address as usize + b * per_batch;
        let dst = cache.address as usize + b * cache_batch + start * row;
        // SAFETY: both ranges lie in blocks checked by `checked_len` above (the
        // position check keeps `dst + per_batch` inside the batch's part of the
        // cache); `copy` allows overlap, which the memory plan never gives them.
        unsafe { std::ptr::copy(src as *const u8, dst as *mut u8, per_batch) };
    }
    Ok(Vec::new())
}
