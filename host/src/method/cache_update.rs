//! `llama::update_cache.out` run by the host: a language model's KV cache update is a
//! copy of the step's keys (or values) into the cache at the current position, and the
//! cache lives in the LLM library's memory alone ([`super::library_state`]). Called
//! through the library, each update crossed into it with four descriptors and copied
//! the step's tensor in and back: about 5 µs per call where the copy itself is a few
//! kilobytes, 32 calls per decode step of the 100M Llama of the LLM bench (a 16-layer
//! model). The host copies the bytes from home's memory into the cache's shadow
//! instead, as it runs ATen's byte-moving operators ([`super::host_copy`]).
//!
//! Semantics (ExecuTorch's `extension/llm/custom_ops/op_update_cache.cpp`):
//! `update_cache.out(Tensor value, Tensor(a!) cache, SymInt start_pos, *, Tensor(b!)
//! out)` writes `value` (`[B, S, H, D]`) into `cache` (`[B, S_max, H, D]`) at positions
//! `start_pos .. start_pos + S` of every batch and leaves `out` alone. Only where:
//! - the operator resolves to an extra kernel library (not taken over with
//!   `--override-kernels`), home's memory and that library's are both reachable (2.x),
//!   and the cache lives in that library alone (`library_state`);
//! - at each call: both tensors are 4-dimensional in the contiguous dim order, with
//!   the same sizes but for dimension 1 and the same dtype, and the positions fit the
//!   cache. Anything else goes to the library, which reports it as before.
//!
//! Host copies off ([`Method::set_host_copies`], `--host-copies off`) sends these calls
//! to the library too.

use super::{Method, Value};
use crate::program::{Instruction, Plan};
use crate::Result;

/// The operator this module runs.
const UPDATE_CACHE: &str = "llama::update_cache.out";

/// For each instruction of `plan`: whether the host may run it as a cache update (see
/// the module docs; the tensors are checked at each call). Its arguments are ExecuTorch's
/// emitter's: the schema's four, then the returned `out` again. `extra_of(op)`: the extra
/// library serving plan operator `op` when one does and the operator was not taken
/// over; `lives_in(vi)`: the extra library value `vi` lives in alone.
pub(super) fn plan_cache_updates(
    plan: &Plan,
    direct: bool,
    extra_of: impl Fn(usize) -> Option<usize>,
    lives_in: impl Fn(usize) -> Option<usize>,
) -> Vec<bool> {
    plan.instructions
        .iter()
        .map(|ins| match ins {
            Instruction::Kernel { op, args } if direct => {
                let named = plan.operators.get(*op).is_some_and(|n| n == UPDATE_CACHE);
                let lib = extra_of(*op);
                named
                    && lib.is_some()
                    && args.len() >= 4
                    && lives_in(args[1]) == lib
                    && lives_in(args[0]).is_none()
            }
            _ => false,
        })
        .collect()
}

impl Method {
    /// Whether the host runs the call at `pc` as a cache update now.
    pub(super) fn cache_update_at(&self, pc: usize) -> bool {
        self.host_copies_on && self.cache_updates.get(pc) == Some(&true)
    }

    /// Runs the call of operator `op` on `args` at `pc` as a cache update when its
    /// tensors are as the module docs say; false leaves it to the library.
    pub(super) fn host_cache_update(&mut self, op: usize, args: &[usize]) -> Result<bool> {
        let (Some(Some((lib, _))), [v, c, s, ..]) = (self.op_table.get(op).copied(), args) else {
            return Ok(false);
        };
        let Some(lib) = lib.checked_sub(1) else {
            return Ok(false);
        };
        let (Value::Tensor(value), Value::Tensor(cache), Value::Int(start)) =
            (&self.values[*v], &self.values[*c], &self.values[*s])
        else {
            return Ok(false);
        };
        let contiguous = |o: &[u8]| o == [0, 1, 2, 3];
        let (vs, cs) = (&value.sizes, &cache.sizes);
        if vs.len() != 4
            || cs.len() != 4
            || !contiguous(&value.dim_order)
            || !contiguous(&cache.dim_order)
            || value.dtype != cache.dtype
            || [0, 2, 3].iter().any(|&d| vs[d] != cs[d])
        {
            return Ok(false);
        }
        let (batches, seq, max_seq) = (vs[0] as usize, vs[1] as usize, cs[1] as usize);
        let fits = usize::try_from(*start)
            .ok()
            .filter(|&p| p < max_seq && p + seq <= max_seq);
        let (Some(start), Ok(value_bytes), Ok(cache_bytes)) =
            (fits, value.nbytes(), cache.nbytes())
        else {
            return Ok(false);
        };
        if batches == 0 || value_bytes == 0 {
            return Ok(false);
        }
        let (value_addr, per_batch) = (value.addr, value_bytes / batches);
        let (cache_batch, row) = (cache_bytes / batches, per_batch / seq.max(1));
        let Some(shadow) = self.kept_shadow(lib, *c)? else {
            return Ok(false);
        };
        for b in 0..batches {
            // Both within their tensors: `b < batches`, positions checked above.
            let from = value_addr as usize + b * per_batch;
            let to = shadow as usize + b * cache_batch + start * row;
            let (Ok(from), Ok(to)) = (u32::try_from(from), u32::try_from(to)) else {
                return Ok(false);
            };
            if !self.copy_to_library(lib, from, to, per_batch, false)? {
                return Ok(false);
            }
        }
        self.host_copied_calls += 1;
        Ok(true)
    }
}
