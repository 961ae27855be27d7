//! The last float32 input [`super::fully_connected_qd8_f32`] quantized, kept with its
//! quantized rows for the next layer.
//!
//! A transformer's layers read their inputs in groups: the query, key and value
//! projections one normalized row, the feed-forward's gate and up projections another.
//! XNNPACK quantizes the row once per `Convert`, and ExecuTorch's 8da4w programs give
//! each of those layers a `Convert` of its own, in one delegate: the 100M Llama of
//! the LLM bench quantized 113 rows a decode step where 65 differ. A row's quantization
//! depends on its values and nothing else (`quantize_rows`), so an input equal to the
//! last one, bit for bit, in rows of the same depth, reuses its rows: comparing reads
//! the input once, quantizing reads it twice and writes a quarter of it.

use super::{quantize_rows, Qd8Path, RowQuant};
use crate::meter::{Account, Charge};

/// See the module docs. Charged to the instance's account while kept.
#[derive(Default)]
pub(crate) struct InputCache {
    /// The input as given (bit patterns compared, so a NaN matches itself).
    x: Vec<f32>,
    /// Values per row.
    k: usize,
    /// The quantized values, `x.len()` of them.
    pub(super) q: Vec<i8>,
    /// Each row's zero point and scale.
    pub(super) rows: Vec<RowQuant>,
    charge: Charge,
}

/// The bytes of `x`.
fn bytes(x: &[f32]) -> &[u8] {
    // SAFETY: an f32 is 4 bytes with no padding; the slice covers exactly `x`'s bytes
    // and lives as long as `x`.
    unsafe { std::slice::from_raw_parts(x.as_ptr().cast::<u8>(), std::mem::size_of_val(x)) }
}

impl InputCache {
    /// Whether this holds the rows of `x` in rows of `k`.
    fn holds(&self, x: &[f32], k: usize) -> bool {
        self.k == k && !self.q.is_empty() && bytes(&self.x) == bytes(x)
    }

    /// Makes this hold the quantized rows of `x` (rows of `k` values) on `path`. They
    /// are kept when `account` has room for them (5 bytes a value, charged once for the
    /// largest input so far: the buffers are reused); otherwise this holds them,
    /// uncharged, for this call only (see [`InputCache::keep`]).
    pub(super) fn quantize(&mut self, path: Qd8Path, x: &[f32], k: usize, account: &Account) {
        if self.holds(x, k) {
            return;
        }
        let bytes = x.len().saturating_mul(5);
        if self.charge.bytes() < bytes {
            // The old buffers go first, with their charge.
            *self = InputCache::default();
            match account.charge(bytes, "the quantized input rows") {
                Ok(charge) => {
                    self.x.reserve_exact(x.len());
                    self.q.reserve_exact(x.len());
                    self.charge = charge;
                }
                Err(_) => {
                    self.q = vec![0; x.len()];
                    quantize_rows(path, x, k, &mut self.q, &mut self.rows);
                    return;
                }
            }
        }
        self.q.clear();
        self.q.resize(x.len(), 0);
        quantize_rows(path, x, k, &mut self.q, &mut self.rows);
        self.x.clear();
        self.x.extend_from_slice(x);
        self.k = k;
    }

    /// Whether the rows stay for the next call: only when charged. Rows quantized
    /// without room are dropped after their call.
    pub(super) fn keep(&self) -> bool {
        self.charge.bytes() > 0 || self.q.is_empty()
    }
}
