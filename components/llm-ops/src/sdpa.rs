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
//!
//! Where the host offers native kernels (`cpu-accel.available`, contract 2.3) the
//! attention runs on the host's `attention` (AVX2 + FMA, in place in this library's
//! memory): at position 200 of the 100M Llama about 4x faster than this file's wasm
//! SIMD loops, which stay for `--cpu-accel off` and hosts without native kernels.
//! Both give the definition within float rounding.

use plugboard_sdk::v2_4::kernel_library::plugboard::runtime::cpu_accel::{
    self, AttentionGeometry, AttentionMask,
};
use plugboard_sdk::v2_4::kernel_library::plugboard::runtime::types::TensorRef;
use plugboard_sdk::v2_4::kernel_library::prelude::*;

use crate::args::{check_4d, resized, size, Args};
use crate::update_cache::update_cache_out;

/// The arguments `custom_sdpa` and `custom_quantized_sdpa` begin with: `query, key,
/// value, start_pos, attn_mask, drpout_p, is_causal, scale` (positions 0-7).
pub(crate) struct SdpaArgs<'a> {
    pub query: &'a TensorRef,
    pub key: &'a TensorRef,
    pub value: &'a TensorRef,
    pub start_pos: i64,
    pub mask: Option<&'a TensorRef>,
    pub is_causal: bool,
    pub scale: Option<f64>,
}

impl<'a> SdpaArgs<'a> {
    /// Reads them (dropout is checked to be a float and ignored: inference).
    pub fn read(a: &Args<'a>) -> Result<SdpaArgs<'a>, Error> {
        let args = SdpaArgs {
            query: a.tensor(0, "query")?,
            key: a.tensor(1, "key")?,
            value: a.tensor(2, "value")?,
            start_pos: a.int(3, "start_pos")?,
            mask: a.opt_tensor(4, "attn_mask")?,
            is_causal: a.bool(6, "is_causal")?,
            scale: a.opt_double(7, "scale")?,
        };
        a.double(5, "drpout_p")?;
        Ok(args)
    }

    /// `custom_sdpa` of these float32 arguments into `out` (argument `out_arg`).
    pub fn attend(&self, out: &TensorRef, out_arg: u32) -> Result<Vec<KernelUpdate>, Error> {
        attend(
            self.query,
            self.key,
            self.value,
            self.start_pos,
            self.mask,
            self.is_causal,
            self.scale,
            out,
            out_arg,
        )
    }
}

/// `llama::custom_sdpa.out`.
pub fn custom_sdpa_out(a: &Args) -> Result<Vec<KernelUpdate>, Error> {
    let args = SdpaArgs::read(a)?;
    args.attend(a.tensor(8, "out")?, 8)
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

use plugboard_sdk::v2_4::kernel_library::plugboard::runtime::types::Evalue;

/// Whether the host's native attention may be used, asked once per instance.
mod native {
    use std::sync::atomic::{AtomicU8, Ordering};

    /// 0: not asked yet, 1: available, 2: not.
    static STATE: AtomicU8 = AtomicU8::new(0);

    pub fn available() -> bool {
        match STATE.load(Ordering::Relaxed) {
            1 => true,
            2 => false,
            _ => {
                let yes = super::cpu_accel::available();
                STATE.store(if yes { 1 } else { 2 }, Ordering::Relaxed);
                yes
            }
        }
    }
}

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

/// `custom_sdpa` on float32 tensors in the layouts of the module docs.
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
    let sizes = |t: &TensorRef| [size(t, 0), size(t, 1), size(t, 2), size(t, 3)];
    let shape = Shape::plan(
        sizes(query),
        sizes(key),
        sizes(value),
        start_pos,
        is_causal,
        mask,
    )?;
    // The output takes the query's sizes.
    let mut updates = Vec::new();
    let out = resized(out, out_arg, &query.sizes, &mut updates);
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
    // SAFETY: as above.
    let mask = unsafe { shape.mask(mask) }?;
    // SAFETY: checked against the blocks; no other view of `out` is alive.
    let o = unsafe { out.f32s_mut() }?;
    run(&shape, q, k, v, mask, is_causal, scale, o)?;
    Ok(updates)
}

/// The sizes of one attention: query `[batch, seq, heads, dim]`, caches `[batch,
/// max_seq, kv_heads, dim]` of which the first `kv_len` positions are read, the query
/// rows at positions `start ..`.
pub(crate) struct Shape {
    pub batch: usize,
    pub seq: usize,
    pub heads: usize,
    pub dim: usize,
    pub max_seq: usize,
    pub kv_heads: usize,
    pub kv_len: usize,
    pub start: usize,
}

impl Shape {
    /// Checks the sizes (query `[B, S, Hq, D]`, key and value `[B, max_seq, Hkv, D]`,
    /// logical order) and the start position against each other.
    pub fn plan(
        query: [usize; 4],
        key: [usize; 4],
        value: [usize; 4],
        start_pos: i64,
        is_causal: bool,
        mask: Option<&TensorRef>,
    ) -> Result<Shape, Error> {
        if key != value {
            return Err(invalid_argument(format!(
                "key {key:?} and value {value:?} differ"
            )));
        }
        if mask.is_some() && is_causal {
            return Err(invalid_argument(
                "attn_mask and is_causal cannot be set at the same time",
            ));
        }
        let [batch, seq, heads, dim] = query;
        let [_, max_seq, kv_heads, _] = key;
        if key[0] != batch || key[3] != dim {
            return Err(invalid_argument(format!(
                "query {query:?} and key {key:?} differ in batch or head dim"
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
        Ok(Shape {
            batch,
            seq,
            heads,
            dim,
            max_seq,
            kv_heads,
            kv_len,
            start: kv_len - seq,
        })
    }

    /// The mask's values and row stride, checked to be `[S, >= kv_len]`.
    ///
    /// # Safety
    /// As [`floats`]: nothing writes the mask while the view lives.
    pub unsafe fn mask<'t>(
        &self,
        mask: Option<&TensorRef>,
    ) -> Result<Option<(&'t [f32], usize)>, Error> {
        let Some(m) = mask else {
            return Ok(None);
        };
        if m.sizes.len() != 2 || size(m, 0) != self.seq || size(m, 1) < self.kv_len {
            return Err(invalid_argument(format!(
                "attn_mask must be [{}, >= {}], got {:?}",
                self.seq, self.kv_len, m.sizes
            )));
        }
        // SAFETY: the caller's promise.
        Ok(Some((unsafe { floats(m, "attn_mask")? }, size(m, 1))))
    }
}

/// The attention of checked float32 views (`mask`: the mask and its row stride) into
/// `o`, on the host's kernel where it has one; `scale` defaults to `1 / sqrt(dim)`.
#[allow(clippy::too_many_arguments)]
pub(crate) fn run(
    shape: &Shape,
    q: &[f32],
    k: &[f32],
    v: &[f32],
    mask: Option<(&[f32], usize)>,
    is_causal: bool,
    scale: Option<f64>,
    o: &mut [f32],
) -> Result<(), Error> {
    let &Shape {
        batch,
        seq,
        heads,
        dim,
        max_seq,
        kv_heads,
        kv_len,
        start,
    } = shape;
    let scale = scale.unwrap_or(1.0 / (dim as f64).sqrt()) as f32;
    let needed = [
        (q.len(), batch * seq * heads * dim, "query"),
        (k.len(), batch * max_seq * kv_heads * dim, "key"),
        (v.len(), batch * max_seq * kv_heads * dim, "value"),
        (o.len(), batch * seq * heads * dim, "out"),
    ];
    if let Some((got, want, what)) = needed.into_iter().find(|&(got, want, _)| got < want) {
        return Err(invalid_argument(format!(
            "{what} holds {got} values, the attention reads {want}"
        )));
    }
    if native::available() {
        let geometry = AttentionGeometry {
            batch: batch as u32,
            seq_len: seq as u32,
            heads: heads as u32,
            kv_heads: kv_heads as u32,
            head_dim: dim as u32,
            cache_len: max_seq as u32,
            start_pos: start as u32,
            causal: is_causal,
            scale,
        };
        let at = |x: &[f32]| x.as_ptr() as u32;
        let mask = mask.map(|(m, stride)| AttentionMask {
            address: at(m),
            stride: stride as u32,
        });
        cpu_accel::attention(geometry, at(q), at(k), at(v), mask, o.as_mut_ptr() as u32).map_err(
            |e| Error {
                kind: e.kind,
                message: format!("cpu-accel.attention: {}", e.message),
            },
        )?;
        return Ok(());
    }
    let reps = heads / kv_heads;
    // Keys outer, heads inner: each pass walks the cache from its first position to
    // its last, every head of a position at once, as the cache lies in memory ([B,
    // max_seq_len, Hkv, D]). Head by head, the walk strided `Hkv · D` floats per key,
    // and the caches, which the weights push out of the CPU's caches between decode
    // steps, came in slower than they were used: at position 200 of the 100M Llama
    // the loads of the keys and values took most of the call (a jitdump profile:
    // wasmtime's `profiling` feature, `ProfilingStrategy::JitDump`, `perf inject
    // --jit`, `perf annotate`); 165 -> 115 µs per call. Each score, exponent and sum
    // is the same operation in the same order as before.
    let mut scores = vec![0f32; heads * kv_len];
    let mut acc = vec![0f32; heads * dim];
    let mut maxes = vec![f32::NEG_INFINITY; heads];
    let mut sums = vec![0f32; heads];
    for b in 0..batch {
        for i in 0..seq {
            let keys = if is_causal {
                (start + i + 1).min(kv_len)
            } else {
                kv_len
            };
            let qrows = &q[(b * seq + i) * heads * dim..][..heads * dim];
            maxes.fill(f32::NEG_INFINITY);
            for j in 0..keys {
                let kpos = &k[(b * max_seq + j) * kv_heads * dim..][..kv_heads * dim];
                let bias = mask.map_or(0.0, |(m, stride)| m[i * stride + j]);
                for (h, max) in maxes.iter_mut().enumerate() {
                    let krow = &kpos[(h / reps) * dim..][..dim];
                    let mut x = dot(&qrows[h * dim..][..dim], krow) * scale;
                    if mask.is_some() {
                        x += bias;
                    }
                    scores[h * kv_len + j] = x;
                    // A comparison, not `f32::max` (a libm call on wasm); a NaN
                    // score is skipped as `max` skips it.
                    if x > *max {
                        *max = x;
                    }
                }
            }
            for (h, sum) in sums.iter_mut().enumerate() {
                *sum = exp_shifted(&mut scores[h * kv_len..][..keys], maxes[h]);
            }
            acc.fill(0.0);
            for j in 0..keys {
                let vpos = &v[(b * max_seq + j) * kv_heads * dim..][..kv_heads * dim];
                for h in 0..heads {
                    let vrow = &vpos[(h / reps) * dim..][..dim];
                    axpy(scores[h * kv_len + j], vrow, &mut acc[h * dim..][..dim]);
                }
            }
            for (h, &sum) in sums.iter().enumerate() {
                let orow = &mut o[((b * seq + i) * heads + h) * dim..][..dim];
                let inv = 1.0 / sum;
                for (dst, &a) in orow.iter_mut().zip(&acc[h * dim..][..dim]) {
                    *dst = a * inv;
                }
            }
        }
    }
    Ok(())
}

/// `Σ a[i] * b[i]` in float32 lanes (an order ExecuTorch's vectorized kernels also
/// depart from a plain loop by; the tests allow float rounding): wasm SIMD where the
/// component is built with it, four lanes in scalar code elsewhere.
#[inline(always)]
fn dot(a: &[f32], b: &[f32]) -> f32 {
    let n = a.len().min(b.len()) / 4 * 4;
    #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
    let lanes = {
        use core::arch::wasm32::*;
        // Four independent sums over 16 values at a time (one chain of dependent adds
        // was latency-bound), then one over the rest of the whole groups of four.
        let z = f32x4_splat(0.0);
        let (mut a0, mut a1, mut a2, mut a3) = (z, z, z, z);
        let ld = |p: &[f32], i: usize| {
            // SAFETY: callers keep i + 4 <= n <= p.len(); wasm loads need no alignment.
            unsafe { v128_load(p.as_ptr().add(i) as *const v128) }
        };
        let mut i = 0;
        while i + 16 <= n {
            a0 = f32x4_add(a0, f32x4_mul(ld(a, i), ld(b, i)));
            a1 = f32x4_add(a1, f32x4_mul(ld(a, i + 4), ld(b, i + 4)));
            a2 = f32x4_add(a2, f32x4_mul(ld(a, i + 8), ld(b, i + 8)));
            a3 = f32x4_add(a3, f32x4_mul(ld(a, i + 12), ld(b, i + 12)));
            i += 16;
        }
        while i < n {
            a0 = f32x4_add(a0, f32x4_mul(ld(a, i), ld(b, i)));
            i += 4;
        }
        let acc = f32x4_add(f32x4_add(a0, a1), f32x4_add(a2, a3));
        [
            f32x4_extract_lane::<0>(acc),
            f32x4_extract_lane::<1>(acc),
            f32x4_extract_lane::<2>(acc),
            f32x4_extract_lane::<3>(acc),
        ]
    };
    #[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
    let lanes = {
        let mut lanes = [0f32; 4];
        for (x, y) in a[..n].chunks_exact(4).zip(b[..n].chunks_exact(4)) {
            for l in 0..4 {
                lanes[l] += x[l] * y[l];
            }
        }
        lanes
    };
    let mut s = (lanes[0] + lanes[1]) + (lanes[2] + lanes[3]);
    for (x, y) in a[n..].iter().zip(&b[n..]) {
        s += x * y;
    }
    s
}

/// `acc[i] += p * x[i]`.
#[inline(always)]
fn axpy(p: f32, x: &[f32], acc: &mut [f32]) {
    let n = x.len().min(acc.len()) / 4 * 4;
    #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
    {
        use core::arch::wasm32::*;
        let pv = f32x4_splat(p);
        let mut i = 0;
        while i < n {
            // SAFETY: i + 4 <= n <= both lengths.
            unsafe {
                let d = acc.as_mut_ptr().add(i) as *mut v128;
                let xv = v128_load(x.as_ptr().add(i) as *const v128);
                v128_store(d, f32x4_add(v128_load(d), f32x4_mul(pv, xv)));
            }
            i += 4;
        }
    }
    #[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
    for (a, &v) in acc[..n].iter_mut().zip(&x[..n]) {
        *a += p * v;
    }
    for (a, &v) in acc[n..].iter_mut().zip(&x[n..]) {
        *a += p * v;
    }
}

/// Replaces each score `s` by `exp(s - max)` and returns their sum (in order).
///
/// `exp` is Cephes' single-precision algorithm (`n = round(x log2 e)`, `r = x - n ln 2`
/// in two parts, a degree-6 polynomial, times `2^n`; within 2 ulp over its range), as
/// plain float arithmetic: on wasm, `f32::exp` is a libm call, which took most of the
/// attention's time at long contexts. Below -87.3 (`exp` underflows) it gives 0.
fn exp_shifted(scores: &mut [f32], max: f32) -> f32 {
    let mut sum = 0f32;
    for s in scores {
        *s = exp(*s - max);
        sum += *s;
    }
    sum
}

fn exp(x: f32) -> f32 {
    if x.is_nan() {
        return x;
    }
    if x < -87.33654 {
        return 0.0;
    }
    if x > 88.72283 {
        return f32::INFINITY;
    }
    let n = (x * std::f32::consts::LOG2_E).round_ties_even();
    let r = x - n * 0.693_359_4 - n * -2.121_944_4e-4;
    let p = 1.987_569_1e-4;
    let p = p * r + 1.398_199_9e-3;
    let p = p * r + 8.333_452e-3;
    let p = p * r + 4.166_579_6e-2;
    let p = p * r + 1.666_666_5e-1;
    let p = p * r + 0.5;
    let y = p * r * r + r + 1.0;
    // 2^n for n in [-126, 128]: split so both factors are normal.
    let n = n as i32;
    let (n1, n2) = (n / 2, n - n / 2);
    let pow = |e: i32| f32::from_bits(((e + 127) as u32) << 23);
    y * pow(n1) * pow(n2)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The polynomial `exp` against the standard library's, over the softmax range.
    #[test]
    fn exp_is_within_two_ulp() {
        let mut x = -90.0f32;
        while x <= 0.0 {
            let (got, want) = (exp(x), x.exp());
            if want > f32::MIN_POSITIVE * 4.0 {
                let ulps = (got.to_bits() as i64 - want.to_bits() as i64).abs();
                assert!(ulps <= 2, "exp({x}) = {got}, not {want} ({ulps} ulp)");
            } else {
                assert!(got <= 1e-37, "exp({x}) = {got}");
            }
            x += 0.000_731;
        }
        assert_eq!(exp(f32::NEG_INFINITY), 0.0);
        assert_eq!(exp(0.0), 1.0);
        assert!(exp(f32::NAN).is_nan());
    }

    #[test]
    fn dot_and_axpy_match_plain_loops() {
        let a: Vec<f32> = (0..67).map(|i| (i as f32 * 0.37).sin()).collect();
        let b: Vec<f32> = (0..67).map(|i| (i as f32 * 0.11).cos()).collect();
        let plain: f32 = a.iter().zip(&b).map(|(x, y)| x * y).sum();
        assert!((dot(&a, &b) - plain).abs() < 1e-5);
        let mut acc = b.clone();
        axpy(0.5, &a, &mut acc);
        for ((&r, &x), &y) in acc.iter().zip(&a).zip(&b) {
            assert_eq!(r, y + 0.5 * x);
        }
    }
}
