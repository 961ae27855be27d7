//! `llama::gated_delta_rule.out(Tensor query, Tensor key, Tensor value, Tensor decay,
//! Tensor beta, Tensor initial_state, *, Tensor(a!) out, Tensor(b!) final_state_out)`
//! and its deprecated alias `llama::channelwise_gated_delta_rule.out`: the gated delta
//! rule of linear-attention layers (Qwen3-Next's Gated DeltaNet), as ExecuTorch's
//! `extension/llm/custom_ops` defines it (`custom_ops.py`'s checks, `op_sdpa.cpp`,
//! and the reference recurrence in `test_gated_delta.py`).
//!
//! Float32, contiguous: `query [B, Hq, T, K]`, `key [B, Hs, T, K]`, `value [B, Hs, T,
//! V]`, `decay` (already exponentiated) `[B, Hs, T, K]` (per key channel) or `[B, Hs,
//! T]` (one gate per token), `beta [B, Hs, T]`, `initial_state [B, Hs, K, V]`; `Hq` a
//! multiple of `Hs` (query head `h` reads state `h / (Hq / Hs)`). For each token `t`,
//! per state head:
//!
//! ```text
//! S = S * decay_t                      (row k scaled by decay_t[k])
//! delta = (v_t - Σ_k S[k] k_t[k]) * beta_t
//! S = S + k_t ⊗ delta
//! out_t = Σ_k S[k] q_t[k]              (per query head, with its state)
//! ```
//!
//! `out [B, Hq, T, V]`, `final_state_out [B, Hs, K, V]` (both resized). The sums run
//! over `k` in order, in float32; ExecuTorch's kernel (a recurrence for one token, a
//! chunked form for more) orders them otherwise, so results agree within float
//! rounding.

use plugboard_sdk::v2_4::kernel_library::plugboard::runtime::types::TensorRef;
use plugboard_sdk::v2_4::kernel_library::prelude::*;

use crate::args::{check_4d, is_contiguous, resized, Args};

/// The kernel (both names).
pub fn gated_delta_rule_out(a: &Args) -> Result<Vec<KernelUpdate>, Error> {
    let names = ["query", "key", "value", "decay", "beta", "initial_state"];
    let mut t: Vec<&TensorRef> = Vec::with_capacity(6);
    for (i, what) in names.iter().enumerate() {
        t.push(a.tensor(i, what)?);
    }
    let (out, state_out) = (a.tensor(6, "out")?, a.tensor(7, "final_state_out")?);
    for (x, what) in t.iter().zip(names) {
        if x.dtype != ScalarType::Float || !is_contiguous(x) {
            return Err(invalid_argument(format!(
                "{what} must be contiguous float32, got {:?}",
                x.dtype
            )));
        }
    }
    for i in [0, 1, 2, 5] {
        check_4d(t[i], names[i])?;
    }
    let dims = |x: &TensorRef| -> Vec<usize> { x.sizes.iter().map(|&s| s as usize).collect() };
    let (q, k, v) = (dims(t[0]), dims(t[1]), dims(t[2]));
    let (b, hq, steps, kd) = (q[0], q[1], q[2], q[3]);
    let (hs, vd) = (k[1], v[3]);
    let channelwise = match t[3].sizes.len() {
        4 => true,
        3 => false,
        n => {
            return Err(invalid_argument(format!(
                "decay must be [B, Hs, T, K] or [B, Hs, T], got rank {n}"
            )))
        }
    };
    let decay_want: Vec<usize> = if channelwise {
        k.clone()
    } else {
        k[..3].to_vec()
    };
    let consistent = k[0] == b
        && k[2..] == q[2..]
        && v[..3] == k[..3]
        && dims(t[3]) == decay_want
        && dims(t[4]) == k[..3]
        && dims(t[5]) == [b, hs, kd, vd]
        && hs > 0
        && hq % hs == 0
        && kd > 0
        && vd > 0;
    if !consistent {
        return Err(invalid_argument(format!(
            "sizes do not fit together: query {q:?}, key {k:?}, value {v:?}, decay {:?}, beta {:?}, initial_state {:?}",
            t[3].sizes, t[4].sizes, t[5].sizes
        )));
    }
    // Copies of the inputs first: the state may share memory with `final_state_out`.
    let read = |x: &TensorRef, what: &str| {
        x.to_f32s()
            .map_err(|e| invalid_argument(format!("{what}: {}", e.message)))
    };
    let (qv, kv, vv) = (
        read(t[0], "query")?,
        read(t[1], "key")?,
        read(t[2], "value")?,
    );
    let (decay, beta) = (read(t[3], "decay")?, read(t[4], "beta")?);
    let mut state = read(t[5], "initial_state")?;
    let mut updates = Vec::new();
    let mut output = |x: &TensorRef, arg: u32, sizes: Vec<u32>| -> Result<TensorRef, Error> {
        let x = resized(x, arg, &sizes, &mut updates);
        if !is_contiguous(&x) {
            return Err(invalid_argument(format!("output {arg} must be contiguous")));
        }
        Ok(x)
    };
    let u = |n: usize| n as u32;
    let out = output(out, 6, vec![u(b), u(hq), u(steps), u(vd)])?;
    let state_out = output(state_out, 7, t[5].sizes.clone())?;
    let outputs = [b, hq, steps, vd]
        .iter()
        .try_fold(1usize, |n, &s| n.checked_mul(s))
        .ok_or_else(|| invalid_argument("the output's size overflows"))?;
    let mut o = vec![0f32; outputs];
    let per = hq / hs;
    let mut v_pred = vec![0f32; vd];
    for bi in 0..b {
        for h in 0..hs {
            let s = &mut state[(bi * hs + h) * kd * vd..][..kd * vd];
            for step in 0..steps {
                let row = (bi * hs + h) * steps + step;
                let kt = &kv[row * kd..][..kd];
                let vt = &vv[row * vd..][..vd];
                for (c, srow) in s.chunks_exact_mut(vd).enumerate() {
                    let g = if channelwise {
                        decay[row * kd + c]
                    } else {
                        decay[row]
                    };
                    srow.iter_mut().for_each(|x| *x *= g);
                }
                v_pred.fill(0.0);
                for (srow, &kc) in s.chunks_exact(vd).zip(kt) {
                    for (p, &x) in v_pred.iter_mut().zip(srow) {
                        *p += x * kc;
                    }
                }
                let bt = beta[row];
                for (p, &x) in v_pred.iter_mut().zip(vt) {
                    *p = (x - *p) * bt;
                }
                for (srow, &kc) in s.chunks_exact_mut(vd).zip(kt) {
                    for (x, &d) in srow.iter_mut().zip(&v_pred) {
                        *x += kc * d;
                    }
                }
                for hh in h * per..(h + 1) * per {
                    let qt = &qv[((bi * hq + hh) * steps + step) * kd..][..kd];
                    let ot = &mut o[((bi * hq + hh) * steps + step) * vd..][..vd];
                    for (srow, &qc) in s.chunks_exact(vd).zip(qt) {
                        for (y, &x) in ot.iter_mut().zip(srow) {
                            *y += x * qc;
                        }
                    }
                }
            }
        }
    }
    // SAFETY: checked against the blocks; the inputs were copied above and the two
    // outputs are written one after the other.
    unsafe { write(&out, &o, "out")? };
    // SAFETY: as above.
    unsafe { write(&state_out, &state, "final_state_out")? };
    Ok(updates)
}

/// Copies `values` into float32 tensor `t`.
///
/// # Safety
/// No other view of `t`'s bytes is alive.
unsafe fn write(t: &TensorRef, values: &[f32], what: &str) -> Result<(), Error> {
    // SAFETY: the caller's promise.
    let dst =
        unsafe { t.f32s_mut() }.map_err(|e| invalid_argument(format!("{what}: {}", e.message)))?;
    if dst.len() != values.len() {
        return Err(invalid_argument(format!(
            "{what} holds {} values, the result {}",
            dst.len(),
            values.len()
        )));
    }
    dst.copy_from_slice(values);
    Ok(())
}
