//! `cpu-accel`'s `attention` (contract 2.3.0): scaled dot-product attention over a KV
//! cache on `native-accel`'s kernels, reading the query, caches and mask and writing
//! the output in place in the caller's linear memory.

use plugboard_native_accel::cpu::attention::{self, AttentionGeometry, AttentionMask};
use plugboard_native_accel::meter::AccelError;

use super::{guest_bytes, guest_slice, guest_slice_mut, CpuAccel};
use crate::bindings::plugboard::runtime::cpu_accel;

impl CpuAccel {
    /// Runs `attention`: checks the geometry and that the output overlaps no input,
    /// then computes in place.
    pub(super) fn attention(
        &mut self,
        g: &cpu_accel::AttentionGeometry,
        query: u32,
        key: u32,
        value: u32,
        mask: Option<cpu_accel::AttentionMask>,
        output: u32,
    ) -> Result<(), AccelError> {
        self.begin()?;
        let memory = self.guest_memory()?;
        let geometry = AttentionGeometry {
            batch: g.batch as usize,
            seq_len: g.seq_len as usize,
            heads: g.heads as usize,
            kv_heads: g.kv_heads as usize,
            head_dim: g.head_dim as usize,
            cache_len: g.cache_len as usize,
            start_pos: g.start_pos as usize,
            causal: g.causal,
            scale: g.scale,
        };
        geometry.check()?;
        let too_big = || AccelError::invalid("the attention's tensors overflow");
        let q_len = geometry.query_elems().ok_or_else(too_big)?;
        let c_len = geometry.cache_elems().ok_or_else(too_big)?;
        let mask_len = match &mask {
            // Rows `0 .. S - 1` whole, the last one up to the keys it sees.
            Some(m) => (geometry.seq_len - 1)
                .checked_mul(m.stride as usize)
                .and_then(|n| n.checked_add(geometry.kv_len()))
                .ok_or_else(too_big)?,
            None => 0,
        };
        let out_bytes = guest_bytes::<f32>(output, q_len, "output")?;
        let inputs = [
            ("query", query, q_len),
            ("key", key, c_len),
            ("value", value, c_len),
        ]
        .into_iter()
        .chain(mask.as_ref().map(|m| ("mask", m.address, mask_len)));
        let out_range = output as u64..output as u64 + out_bytes as u64;
        for (what, at, len) in inputs {
            let bytes = guest_bytes::<f32>(at, len, what)? as u64;
            if (at as u64) < out_range.end && out_range.start < at as u64 + bytes {
                return Err(AccelError::invalid(format!(
                    "the attention's output ({output:#x}, {out_bytes} bytes) overlaps its {what} ({at:#x}, {bytes} bytes)"
                )));
            }
        }
        // SAFETY: the guest is suspended in this call and the host holds no other slice
        // of its memory; the output overlaps none of the inputs (checked above), so the
        // shared and the mutable slices never alias.
        let (q, k, v, m, out) = unsafe {
            (
                guest_slice::<f32>(&memory, query, q_len, "query")?,
                guest_slice::<f32>(&memory, key, c_len, "key")?,
                guest_slice::<f32>(&memory, value, c_len, "value")?,
                match &mask {
                    Some(m) => Some(AttentionMask {
                        values: guest_slice::<f32>(&memory, m.address, mask_len, "mask")?,
                        stride: m.stride as usize,
                    }),
                    None => None,
                },
                guest_slice_mut::<f32>(&memory, output, q_len, "output")?,
            )
        };
        attention::attention(&geometry, q, k, v, m, out, &self.account, self.threads)
    }
}
