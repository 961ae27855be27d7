//! Convolution weights handed to the host once: packed for the GEMMs, plus the
//! depthwise layout for grouped weights. Their host bytes are charged to the
//! component's [`Account`] before anything is allocated (an upper bound from the
//! dimensions), then re-charged at the size actually held; the [`Charge`] lives with
//! the weights and is released with them.

use super::threads::ThreadChoice;
use crate::meter::{AccelError, Account, Charge};
use crate::qgemm::{PackedQs8, Qs8Requant};
use crate::sgemm::PackedF32;

/// fp32 convolution weights: per group, the packed weights with their bias.
#[derive(Debug)]
pub struct WeightsF32 {
    pub(super) channels_out: usize,
    pub(super) depth: usize,
    pub(super) groups: usize,
    pub(super) b: Vec<PackedF32>,
    pub(super) bias: Vec<f32>,
    /// For grouped weights: `[depth, channels_out]`, the layout of the depthwise
    /// kernel (used when each group has one input channel).
    pub(super) dw: Vec<f32>,
    /// Whether its GEMMs run on one thread or several, as measured.
    pub(super) threads: ThreadChoice,
    charge: Charge,
}

/// int8 convolution weights: per group, the packed `qcint8` weights and their
/// requantization with the input zero point folded into the bias.
pub struct WeightsQs8 {
    pub(super) channels_out: usize,
    pub(super) depth: usize,
    pub(super) groups: usize,
    pub(super) input_zero_point: i8,
    pub(super) packed: Vec<(PackedQs8, Qs8Requant)>,
    /// For grouped weights, the depthwise kernel's data.
    pub(super) dw: Option<DwQs8Data>,
    pub(super) output_zero_point: i32,
    pub(super) output_min: i8,
    pub(super) output_max: i8,
    /// Whether its GEMMs run on one thread or several, as measured.
    pub(super) threads: ThreadChoice,
    charge: Charge,
}

/// The int8 depthwise kernel's data of grouped weights.
pub(super) struct DwQs8Data {
    /// Weights `[depth, channels_out]`, widened.
    pub(super) w: Vec<i32>,
    /// The raw bias.
    pub(super) bias: Vec<i32>,
    pub(super) scale: Vec<f32>,
    /// The weights in tap pairs for the `vpmaddwd` kernel ([`dw_pairs`]; empty unless
    /// multiplier 1).
    pub(super) pairs: Vec<i16>,
}

/// Requantization parameters as the interface passes them (see `requantization` in
/// `wit/accel.wit`).
pub struct Requantization<'a> {
    /// Zero point of the `qint8` input.
    pub input_zero_point: i32,
    /// `qcint32` bias, one per output channel.
    pub bias: &'a [i32],
    /// `input_scale * weight_scale[j] / output_scale`, one per output channel.
    pub scale: &'a [f32],
    /// Zero point of the output.
    pub output_zero_point: i32,
    /// Output clamp, low end.
    pub output_min: i8,
    /// Output clamp, high end.
    pub output_max: i8,
}

/// `w [rows, cols]` transposed to `[cols, rows]`, each value mapped by `f`.
fn transpose<T: Copy, U: Copy + Default>(
    w: &[T],
    rows: usize,
    cols: usize,
    f: impl Fn(T) -> U,
) -> Vec<U> {
    let mut t = vec![U::default(); w.len()];
    for r in 0..rows {
        for c in 0..cols {
            t[c * rows + r] = f(w[r * cols + c]);
        }
    }
    t
}

/// Multiplier-1 depthwise weights `w [channels, taps]` for the AVX2 `vpmaddwd` kernel:
/// for each pair of taps `(2j, 2j + 1)` (the last one alone, paired with zeros) and each
/// whole block of 16 channels, 32 `i16`: first the pairs `(w[2j][c], w[2j+1][c])` of
/// channels 0-3 and 8-11 of the block, then those of 4-7 and 12-15 (the order in which
/// `vpunpcklwd` / `vpunpckhwd` interleave two taps' inputs). Channels past the last whole
/// block are left out (the kernel runs them the other way).
pub(super) fn dw_pairs(w: &[i8], channels: usize, taps: usize) -> Vec<i16> {
    let blocks = channels / 16;
    let pairs = taps.div_ceil(2);
    let mut out = Vec::with_capacity(pairs * blocks * 32);
    let at = |c: usize, k: usize| if k < taps { w[c * taps + k] as i16 } else { 0 };
    for j in 0..pairs {
        for b in 0..blocks {
            for half in [[0usize, 8], [4, 12]] {
                for base in half {
                    for i in 0..4 {
                        let c = b * 16 + base + i;
                        out.push(at(c, 2 * j));
                        out.push(at(c, 2 * j + 1));
                    }
                }
            }
        }
    }
    out
}

fn check_weights(
    channels_out: usize,
    depth: usize,
    groups: usize,
    len: usize,
) -> Result<(), AccelError> {
    if groups == 0 || channels_out == 0 || depth == 0 || !channels_out.is_multiple_of(groups) {
        return Err(AccelError::invalid(format!(
            "{channels_out} output channels, depth {depth}, {groups} groups"
        )));
    }
    if channels_out.checked_mul(depth) != Some(len) {
        return Err(AccelError::invalid(format!(
            "{len} weights for {channels_out} output channels of depth {depth}"
        )));
    }
    Ok(())
}

/// Charges `estimate` bytes (or fails if it overflowed) for weights of `what`.
fn charge_estimate(
    account: &Account,
    estimate: Option<usize>,
    what: &str,
) -> Result<Charge, AccelError> {
    account.charge(estimate.unwrap_or(usize::MAX), what)
}

/// Replaces an estimate's charge by one for the `bytes` actually held.
fn settle(
    account: &Account,
    estimate: Charge,
    bytes: usize,
    what: &str,
) -> Result<Charge, AccelError> {
    if bytes == estimate.bytes() {
        return Ok(estimate);
    }
    drop(estimate);
    account.charge(bytes, what)
}

impl WeightsF32 {
    /// Host bytes [`WeightsF32::new`] allocates, or `None` on overflow.
    fn bytes_for(channels_out: usize, depth: usize, groups: usize) -> Option<usize> {
        let go = channels_out / groups;
        let per_group = PackedF32::bytes_for(depth, go)?;
        let dw = if groups > 1 {
            channels_out.checked_mul(depth)?.checked_mul(4)?
        } else {
            0
        };
        groups
            .checked_mul(per_group)?
            .checked_add(channels_out * 4 + dw + size_of::<WeightsF32>())
    }

    /// Weights `w [channels_out, depth]` (XNNPACK's filter layout, one row per output
    /// channel) in `groups` groups, bias `[channels_out]` (zeros when `None`); the
    /// host bytes are charged to `account`.
    pub fn new(
        channels_out: usize,
        depth: usize,
        groups: usize,
        w: &[f32],
        bias: Option<&[f32]>,
        account: &Account,
    ) -> Result<WeightsF32, AccelError> {
        check_weights(channels_out, depth, groups, w.len())?;
        if bias.is_some_and(|b| b.len() != channels_out) {
            return Err(AccelError::invalid(format!(
                "bias must have {channels_out} values"
            )));
        }
        let what = "fp32 weights";
        let estimate =
            charge_estimate(account, Self::bytes_for(channels_out, depth, groups), what)?;
        let go = channels_out / groups;
        let bias = bias.map_or_else(|| vec![0.0; channels_out], <[f32]>::to_vec);
        let mut b = Vec::with_capacity(groups);
        for g in 0..groups {
            if groups > 1 {
                account.check_deadline()?;
            }
            b.push(PackedF32::new(
                depth,
                go,
                &w[g * go * depth..(g + 1) * go * depth],
                Some(&bias[g * go..(g + 1) * go]),
            )?);
        }
        let dw = if groups > 1 {
            transpose(w, channels_out, depth, |v| v)
        } else {
            Vec::new()
        };
        let mut weights = WeightsF32 {
            channels_out,
            depth,
            groups,
            b,
            bias,
            dw,
            threads: ThreadChoice::default(),
            charge: Charge::default(),
        };
        weights.charge = settle(account, estimate, weights.bytes(), what)?;
        Ok(weights)
    }

    /// Host bytes held (structs and buffer capacities).
    pub fn bytes(&self) -> usize {
        size_of::<WeightsF32>()
            + self.b.iter().map(PackedF32::bytes).sum::<usize>()
            + (self.b.capacity() - self.b.len()) * size_of::<PackedF32>()
            + self.bias.capacity() * 4
            + self.dw.capacity() * 4
    }
}

impl WeightsQs8 {
    /// Host bytes [`WeightsQs8::new`] allocates, or `None` on overflow.
    fn bytes_for(channels_out: usize, depth: usize, groups: usize) -> Option<usize> {
        let go = channels_out / groups;
        let per_group =
            PackedQs8::bytes_for(depth, go)?.checked_add(size_of::<Qs8Requant>() + go * 8)?;
        let dw = if groups > 1 {
            let pairs = channels_out
                .checked_mul(depth.checked_add(1)?)?
                .checked_mul(2)?;
            channels_out.checked_mul(depth)?.checked_mul(4)? + channels_out * 8 + pairs
        } else {
            0
        };
        groups
            .checked_mul(per_group)?
            .checked_add(dw + size_of::<WeightsQs8>())
    }

    /// Weights `w [channels_out, depth]` in `groups` groups with requantization `rq`;
    /// the host bytes are charged to `account`.
    pub fn new(
        channels_out: usize,
        depth: usize,
        groups: usize,
        w: &[i8],
        rq: &Requantization<'_>,
        account: &Account,
    ) -> Result<WeightsQs8, AccelError> {
        check_weights(channels_out, depth, groups, w.len())?;
        if rq.bias.len() != channels_out || rq.scale.len() != channels_out {
            return Err(AccelError::invalid(format!(
                "requantization needs {channels_out} biases and scales"
            )));
        }
        let zp = i8::try_from(rq.input_zero_point).map_err(|_| {
            AccelError::invalid(format!(
                "input zero point {} is not an int8",
                rq.input_zero_point
            ))
        })?;
        if !(-128..=127).contains(&rq.output_zero_point) || rq.output_min > rq.output_max {
            return Err(AccelError::invalid(
                "output zero point or clamp out of range",
            ));
        }
        let what = "int8 weights";
        let estimate =
            charge_estimate(account, Self::bytes_for(channels_out, depth, groups), what)?;
        let go = channels_out / groups;
        let mut packed = Vec::with_capacity(groups);
        for g in 0..groups {
            if groups > 1 {
                account.check_deadline()?;
            }
            let rows = &w[g * go * depth..(g + 1) * go * depth];
            let b = PackedQs8::new(depth, go, rows)?;
            let cols = g * go..(g + 1) * go;
            let bias = rq.bias[cols.clone()]
                .iter()
                .zip(b.colsum())
                .map(|(&bj, &cs)| bj.wrapping_sub(rq.input_zero_point.wrapping_mul(cs)))
                .collect();
            let r = Qs8Requant {
                bias,
                scale: rq.scale[cols].to_vec(),
                zero_point: rq.output_zero_point,
                qmin: rq.output_min,
                qmax: rq.output_max,
            };
            packed.push((b, r));
        }
        let dw = (groups > 1).then(|| DwQs8Data {
            w: transpose(w, channels_out, depth, i32::from),
            bias: rq.bias.to_vec(),
            scale: rq.scale.to_vec(),
            pairs: if groups == channels_out {
                dw_pairs(w, channels_out, depth)
            } else {
                Vec::new()
            },
        });
        let mut weights = WeightsQs8 {
            channels_out,
            depth,
            groups,
            input_zero_point: zp,
            packed,
            dw,
            output_zero_point: rq.output_zero_point,
            output_min: rq.output_min,
            output_max: rq.output_max,
            threads: ThreadChoice::default(),
            charge: Charge::default(),
        };
        weights.charge = settle(account, estimate, weights.bytes(), what)?;
        Ok(weights)
    }

    /// Host bytes held (structs and buffer capacities).
    pub fn bytes(&self) -> usize {
        let groups: usize = self
            .packed
            .iter()
            .map(|(b, r)| b.bytes() + r.bias.capacity() * 4 + r.scale.capacity() * 4)
            .sum();
        let dw = self.dw.as_ref().map_or(0, |d| {
            d.w.capacity() * 4
                + d.bias.capacity() * 4
                + d.scale.capacity() * 4
                + d.pairs.capacity() * 2
        });
        size_of::<WeightsQs8>()
            + groups
            + (self.packed.capacity() - self.packed.len()) * size_of::<(PackedQs8, Qs8Requant)>()
            + self.packed.len() * (size_of::<Qs8Requant>())
            + dw
    }
}
