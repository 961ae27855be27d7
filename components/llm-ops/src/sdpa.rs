//! Scaled dot-product attention over a KV cache, as ExecuTorch's llama custom ops
//! define it (`extension/llm/custom_ops/op_sdpa.cpp`, `custom_ops.py`):
//!
//! - `llama::custom_sdpa.out(Tensor query, Tensor key, Tensor value, SymInt start_pos,
//!   Tensor? attn_mask=None, float drpout_p=0.0, bool is_causal=False, float?
//!   scale=None, *, Tensor(a!) out)`;
//! - `llama::sdpa_with_kv_cache.out(Tensor query, Tensor key, Tensor value, Tensor(a!)
//!   key_cache, Tensor(b!) value_cache, SymInt start_pos, SymInt seq_len, Tensor?
//!   attn_mask=None, float drpout_p=0.0, bool is_causal=False, float? scale=None, *,
//!   Tensor(c!) out)`: `update_cache` of `key` and `value` at `start_pos`, then
//!   `custom_sdpa` over the caches.
//!
//! Layouts (float32, contiguous dim order): `query` and `out` [B, S, Hq, D] (sequence at
//! dim 1), the caches [B, max_seq_len, Hkv, D]. The query at row `i` sits at position
//! `start_pos + i`; the keys are the cache's first `start_pos + S` positions. With
//! `is_causal`, row `i` attends to keys `0 ..= start_pos + i`; otherwise to all of them,
//! plus `attn_mask` [S, start_pos + S] (float, added to the scaled scores) when given;
//! ExecuTorch refuses both at once. Grouped-query attention: query head `h` reads KV
//! head `h / (Hq / Hkv)`. The scores are `scale * q·k` with `scale` defaulting to
//! `1 / sqrt(D)`, then a softmax (max subtracted) and the weighted sum of the values,
//! all in float32 as ExecuTorch's kernel accumulates. Dropout is ignored (inference).

use plugboard_sdk::v2_2::kernel_library::plugboard::runtime::types::TensorRef;
use plugboard_sdk::v2_2::kernel_library::prelude::*;

use crate::args::{check_4d, size, Args};
use crate::update_cache::update_cache_out;

/// `llama::custom_sdpa.out`.
pub fn custom_sdpa_out(a: &Args) -> Result<Vec<KernelUpdate>, Error> {
    let query = a.tensor(0, "query")?;
    let key = a.tensor(1, "key")?;
    let value = a.tensor(2, "value")?;
    let start_pos = a.int(3, "start_pos")?;
    let mask = a.opt_tensor(4, "attn_mask")?;
    a.double(5, "drpout_p")?;
    let is_causal = a.bool(6, "is_causal")?;
    let scale = a.opt_double(7, "scale")?;
    let out = a.tensor(8, "out")?;
    attend(query, key, value, start_pos, mask, is_causal, scale, out, 8)
}

/// `llama::sdpa_with_kv_cache.out`.
pub fn sdpa_with_kv_cache_out(a: &Args) -> Result<Vec<KernelUpdate>, Error> {
    let query = a.tensor(0, "query")?;
    let key = a.tensor(1, "key")?;
    let value = a.tensor(2, "value")?;
    let key_cache = a.tensor(3, "key_cache")?;
    let value_cache = a.tensor(4, "value_cache")?;
    let start_pos = a.int(5, "start_pos")?;
    let seq_len = a.int(6, "seq_len")?;
    let mask = a.opt_tensor(7, "attn_mask")?;
    a.double(8, "drpout_p")?;
    let is_causal = a.bool(9, "is_causal")?;
    let scale = a.opt_double(10, "scale")?;
    let out = a.tensor(11, "out")?;
    if seq_len != i64::from(query.sizes.get(1).copied().unwrap_or(0)) {
        return Err(invalid_argument(format!(
            "seq_len {seq_len} is not the query's sequence length ({:?})",
            query.sizes
        )));
    }
    let pos = Evalue::Int(start_pos);
    for (new, cache, what) in [(key, key_cache, "key"), (value, value_cache, "value")] {
        let args = [
            Evalue::Tensor(new.clone()),
            Evalue::Tensor(cache.clone()),
            pos.clone(),
            Evalue::Tensor(out.clone()),
        ];
        update_cache_out(&Args::new(&args))
            .map_err(|e| invalid_argument(format!("{what} cache: {}", e.message)))?;
    }
    attend(
        query,
        key_cache,
        value_cache,
        start_pos,
        mask,
        is_causal,
        scale,
        out,
        11,
    )
}

use plugboard_sdk::v2_2::kernel_library::plugboard::runtime::types::Evalue;

/// Checks a float32 tensor and gives its elements in place.
///
/// # Safety
/// The slice aliases linear memory; the caller holds no mutable view of the same bytes.
unsafe fn floats<'t>(t: &TensorRef, what: &str) -> Result<&'t [f32], Error> {
    // SAFETY: checked against the blocks; the caller keeps the aliasing rule.
    unsafe { t.f32s_mut() }
        .map(|s| &*s)
        .map_err(|e| invalid_argument(format!("{what}: {}", e.message)))
}

#[allow(clippy::too_many_arguments)]
fn attend(
    query: &TensorRef,
    key: &TensorRef,
    value: &TensorRef,
    start_pos: i64,
    mask: Option<&TensorRef>,
    is_causal: bool,
    scale: Option<f64>,
    out: &TensorRef,
    out_arg: u32,
) -> Result<Vec<KernelUpdate>, Error> {
    check_4d(query, "query")?;
    check_4d(key, "key")?;
    check_4d(value, "value")?;
    if key.sizes != value.sizes {
        return Err(invalid_argument(format!(
            "key {:?} and value {:?} differ",
            key.sizes, value.sizes
        )));
    }
    if mask.is_some() && is_causal {
        return Err(invalid_argument(
            "attn_mask and is_causal cannot be set at the same time",
        ));
    }
    let (batch, seq, heads, dim) = (
        size(query, 0),
        size(query, 1),
        size(query, 2),
        size(query, 3),
    );
    let (max_seq, kv_heads) = (size(key, 1), size(key, 2));
    if size(key, 0) != batch || size(key, 3) != dim {
        return Err(invalid_argument(format!(
            "query {:?} and key {:?} differ in batch or head dim",
            query.sizes, key.sizes
        )));
    }
    if kv_heads == 0 || heads % kv_heads != 0 {
        return Err(invalid_argument(format!(
            "{heads} query heads are not a multiple of {kv_heads} KV heads"
        )));
    }
    let kv_len = usize::try_from(start_pos)
        .ok()
        .map(|s| s + seq)
        .filter(|&n| n <= max_seq)
        .ok_or_else(|| {
            invalid_argument(format!(
                "start_pos {start_pos} with {seq} positions does not fit a cache of {max_seq}"
            ))
        })?;
    let start = kv_len - seq;
    // The output takes the query's sizes.
    let mut updates = Vec::new();
    let mut out = out.clone();
    if out.sizes != query.sizes {
        out.sizes = query.sizes.clone();
        updates.push(KernelUpdate::TensorSizes((out_arg, out.sizes.clone())));
    }
    check_4d(&out, "out")?;
    // SAFETY: read-only views of the inputs; `out` is written through its own view
    // below and never overlaps them (inputs and outputs of one call are live together,
    // so the memory plan keeps them apart).
    let (q, k, v) = unsafe {
        (
            floats(query, "query")?,
            floats(key, "key")?,
            floats(value, "value")?,
        )
    };
    let mask = match mask {
        Some(m) => {
            if m.sizes.len() != 2 || size(m, 0) != seq || size(m, 1) < kv_len {
                return Err(invalid_argument(format!(
                    "attn_mask must be [{seq}, >= {kv_len}], got {:?}",
                    m.sizes
                )));
            }
            // SAFETY: as above.
            Some((unsafe { floats(m, "attn_mask")? }, size(m, 1)))
        }
        None => None,
    };
    // SAFETY: checked against the blocks; no other view of `out` is alive.
    let o = unsafe { out.f32s_mut() }?;
    let scale = scale.unwrap_or(1.0 / (dim as f64).sqrt()) as f32;
    let reps = heads / kv_heads;
    let mut scores = vec![0f32; kv_len];
    let mut acc = vec![0f32; dim];
    for b in 0..batch {
        for i in 0..seq {
            let keys = if is_causal {
                (start + i + 1).min(kv_len)
            } else {
                kv_len
            };
            for h in 0..heads {
                let hk = h / reps;
                let qrow = &q[((b * seq + i) * heads + h) * dim..][..dim];
                let mut max = f32::NEG_INFINITY;
                for (j, s) in scores[..keys].iter_mut().enumerate() {
                    let krow = &k[((b * max_seq + j) * kv_heads + hk) * dim..][..dim];
                    let mut x = dot(qrow, krow) * scale;
                    if let Some((m, stride)) = mask {
                        x += m[i * stride + j];
                    }
                    *s = x;
                    max = max.max(x);
                }
                let mut sum = 0f32;
                for s in &mut scores[..keys] {
                    *s = (*s - max).exp();
                    sum += *s;
                }
                acc.fill(0.0);
                for (j, &p) in scores[..keys].iter().enumerate() {
                    let vrow = &v[((b * max_seq + j) * kv_heads + hk) * dim..][..dim];
                    for (a, &x) in acc.iter_mut().zip(vrow) {
                        *a += p * x;
                    }
                }
                let orow = &mut o[((b * seq + i) * heads + h) * dim..][..dim];
                let inv = 1.0 / sum;
                for (dst, &a) in orow.iter_mut().zip(&acc) {
                    *dst = a * inv;
                }
            }
        }
    }
    Ok(updates)
}

/// `Σ a[i] * b[i]`, in four float32 lanes (the order ExecuTorch's vectorized GEMM also
/// departs from a plain loop by; the tests allow float rounding).
fn dot(a: &[f32], b: &[f32]) -> f32 {
    let mut lanes = [0f32; 4];
    let (ca, ra) = a.split_at(a.len() / 4 * 4);
    let (cb, rb) = b.split_at(ca.len());
    for (x, y) in ca.chunks_exact(4).zip(cb.chunks_exact(4)) {
        for l in 0..4 {
            lanes[l] += x[l] * y[l];
        }
    }
    let mut s = (lanes[0] + lanes[1]) + (lanes[2] + lanes[3]);
    for (x, y) in ra.iter().zip(rb) {
        s += x * y;
    }
    s
}
