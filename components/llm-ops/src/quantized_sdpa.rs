//! `llama::custom_quantized_sdpa.out(Tensor query, Tensor key, Tensor value, SymInt
//! start_pos, Tensor? attn_mask=None, float drpout_p=0., bool is_causal=False, float?
//! scale=None, Tensor? q_zero_points=None, Tensor? q_scales=None, Tensor?
//! k_zero_points=None, Tensor? k_scales=None, Tensor? v_zero_points=None, Tensor?
//! v_scales=None, bool is_seq_at_dim_2=False, *, Tensor(a!) out)`: `custom_sdpa`
//! ([`crate::sdpa`]) over an int8 KV cache, as `export_llama --quantize_kv_cache`
//! leaves it (`QuantizedSDPA` in ExecuTorch's `examples/models/llama/
//! source_transformation/sdpa.py`; semantics from `extension/llm/custom_ops/op_sdpa.cpp`).
//!
//! - int8 `query`, `key` and `value` (all three, or none) each come with int8 zero
//!   points and float32 scales per token and head (the tensor's sizes with a last
//!   dimension of 1): a value is `(q - zp) · scale`. ExecuTorch multiplies the integer
//!   sums `Σ (q - zq)(k - zk)` by both scales and the probabilities by the dequantized
//!   values; here the rows are dequantized first and the float attention runs on them,
//!   the same within float rounding.
//! - `is_seq_at_dim_2`: the tensors (and `out`) are `[B, H, S, D]` instead of `[B, S,
//!   H, D]`.
//! - Float tensors without `is_seq_at_dim_2` are `custom_sdpa` itself.
//!
//! The output is float32 with the query's sizes. Only the cache positions the
//! attention reads (`start_pos + S`) are dequantized.

use plugboard_sdk::v2_4::kernel_library::plugboard::runtime::types::TensorRef;
use plugboard_sdk::v2_4::kernel_library::prelude::*;

use crate::args::{check_4d, resized, size, Args};
use crate::sdpa::{run, SdpaArgs, Shape};

/// One tensor's layout: its logical `[B, S, H, D]` sizes and whether memory holds
/// `[B, H, S, D]`.
#[derive(Clone, Copy)]
struct Layout {
    bshd: [usize; 4],
    seq_at_dim_2: bool,
}

impl Layout {
    fn of(t: &TensorRef, seq_at_dim_2: bool) -> Layout {
        let s = [size(t, 0), size(t, 1), size(t, 2), size(t, 3)];
        let bshd = if seq_at_dim_2 {
            [s[0], s[2], s[1], s[3]]
        } else {
            s
        };
        Layout { bshd, seq_at_dim_2 }
    }

    /// Memory index of row `(b, s, h)` (its `D` values follow).
    fn row(&self, b: usize, s: usize, h: usize) -> usize {
        let [_, seq, heads, dim] = self.bshd;
        if self.seq_at_dim_2 {
            ((b * heads + h) * seq + s) * dim
        } else {
            ((b * seq + s) * heads + h) * dim
        }
    }
}

/// `llama::custom_quantized_sdpa.out`.
pub fn custom_quantized_sdpa_out(a: &Args) -> Result<Vec<KernelUpdate>, Error> {
    let args = SdpaArgs::read(a)?;
    let params = |i: usize, what: &str| -> Result<Option<(&TensorRef, &TensorRef)>, Error> {
        let zp = a.opt_tensor(8 + 2 * i, &format!("{what}_zero_points"))?;
        let sc = a.opt_tensor(9 + 2 * i, &format!("{what}_scales"))?;
        Ok(zp.zip(sc))
    };
    let qparams = [params(0, "q")?, params(1, "k")?, params(2, "v")?];
    let seq_at_dim_2 = a.bool(14, "is_seq_at_dim_2")?;
    let out = a.tensor(15, "out")?;
    let SdpaArgs {
        query,
        key,
        value,
        start_pos,
        mask,
        is_causal,
        scale,
    } = args;
    if query.dtype == ScalarType::Float && !seq_at_dim_2 {
        return args.attend(out, 15);
    }
    let tensors = [(query, "query"), (key, "key"), (value, "value")];
    let quantized = query.dtype == ScalarType::Char;
    for ((t, what), p) in tensors.iter().zip(&qparams) {
        check_4d(t, what)?;
        let want = if quantized {
            ScalarType::Char
        } else {
            ScalarType::Float
        };
        if t.dtype != want || (quantized && p.is_none()) {
            return Err(invalid_argument(format!(
                "{what} is {:?}: query, key and value must be float32, or int8 each with zero points and scales",
                t.dtype
            )));
        }
    }
    let layouts = tensors.map(|(t, _)| Layout::of(t, seq_at_dim_2));
    let mut shape = Shape::plan(
        layouts[0].bshd,
        layouts[1].bshd,
        layouts[2].bshd,
        start_pos,
        is_causal,
        mask,
    )?;
    let mut updates = Vec::new();
    let out = resized(out, 15, &query.sizes, &mut updates);
    check_4d(&out, "out")?;
    let (seq, kv_len) = (shape.seq, shape.kv_len);
    let q = gather(query, layouts[0], qparams[0], seq, "query")?;
    let k = gather(key, layouts[1], qparams[1], kv_len, "key")?;
    let v = gather(value, layouts[2], qparams[2], kv_len, "value")?;
    shape.max_seq = kv_len;
    // SAFETY: read-only; the mask is no output of this call.
    let mask = unsafe { shape.mask(mask) }?;
    let mut o = vec![0f32; q.len()];
    run(&shape, &q, &k, &v, mask, is_causal, scale, &mut o)?;
    // SAFETY: checked against the blocks; the inputs were copied out above.
    let dst = unsafe { out.f32s_mut() }?;
    let out_layout = Layout::of(&out, seq_at_dim_2);
    let [batch, _, heads, dim] = shape_bshd(&shape);
    if dst.len() != o.len() {
        return Err(invalid_argument("out and query differ in size"));
    }
    for b in 0..batch {
        for s in 0..seq {
            for h in 0..heads {
                let from = ((b * seq + s) * heads + h) * dim;
                let to = out_layout.row(b, s, h);
                dst[to..to + dim].copy_from_slice(&o[from..from + dim]);
            }
        }
    }
    Ok(updates)
}

/// The query's `[B, S, H, D]`.
fn shape_bshd(s: &Shape) -> [usize; 4] {
    [s.batch, s.seq, s.heads, s.dim]
}

/// Positions `0 .. positions` of `t` as float32 `[B, positions, H, D]`: dequantized
/// with `params` (zero points, scales) when `t` is int8.
fn gather(
    t: &TensorRef,
    layout: Layout,
    params: Option<(&TensorRef, &TensorRef)>,
    positions: usize,
    what: &str,
) -> Result<Vec<f32>, Error> {
    let [batch, _, heads, dim] = layout.bshd;
    // At most the tensor's own elements (positions <= its sequence length), which the
    // reads below check lie in memory before anything is indexed.
    let mut out = Vec::new();
    // SAFETY (each view): read-only copies made before anything is written.
    let row_of = |b, s, h| layout.row(b, s, h);
    match params {
        None => {
            let x = t
                .to_f32s()
                .map_err(|e| invalid_argument(format!("{what}: {}", e.message)))?;
            for b in 0..batch {
                for s in 0..positions {
                    for h in 0..heads {
                        out.extend_from_slice(&x[row_of(b, s, h)..][..dim]);
                    }
                }
            }
        }
        Some((zp, sc)) => {
            let mut want = t.sizes.clone();
            if let Some(last) = want.last_mut() {
                *last = 1;
            }
            if zp.dtype != ScalarType::Char
                || sc.dtype != ScalarType::Float
                || zp.sizes != want
                || sc.sizes != want
            {
                return Err(invalid_argument(format!(
                    "{what}: zero points (int8) and scales (float32) must be {want:?}, got {:?} {:?} and {:?} {:?}",
                    zp.dtype, zp.sizes, sc.dtype, sc.sizes
                )));
            }
            // SAFETY: as above.
            let (x, zps) = unsafe { (t.bytes()?, zp.bytes()?) };
            let scales = sc.to_f32s()?;
            for b in 0..batch {
                for s in 0..positions {
                    for h in 0..heads {
                        let r = row_of(b, s, h);
                        let (z, scale) = (i32::from(zps[r / dim] as i8), scales[r / dim]);
                        out.extend(
                            x[r..r + dim]
                                .iter()
                                .map(|&q| (i32::from(q as i8) - z) as f32 * scale),
                        );
                    }
                }
            }
        }
    }
    Ok(out)
}
