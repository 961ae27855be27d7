//! The dynamic int8 path (ExecuTorch's "8da4w", "8da8w": `XNNPACKQuantizer` with
//! `is_dynamic=True`, torchao's `Int8DynamicActivationIntxWeightConfig`):
//!
//! - a `Convert` from fp32 to `qdint8` quantizes each row of its input at run time with
//!   its own scale and zero point (rows: every dim but the last `num_nonbatch_dims`);
//! - a `FullyConnected` from `qdint8` to fp32 multiplies those rows by constant weights
//!   quantized per output channel (`qcint8`, `qcint4`) or per block of `group_size`
//!   input channels of each output channel (`qbint4`), with an optional fp32 bias.
//!
//! The arithmetic is XNNPACK's (`src/xnnpack/quantization.h`,
//! `xnn_qd8_asymmetric_quantization_params`): over a row with minimum `lo` and maximum
//! `hi`, `rmin = min(0, lo)`, `rmax = max(0, hi)`, the quantizing multiplier
//! `s = 255 / (rmax - rmin)` (1 when they are equal), the zero point nudged from
//! whichever end rounds better (`-128 - rmin*s` or `127 - rmax*s`, clamped to the int8
//! range and rounded to nearest even), `q = clamp(rint(x * s) + zp)`, and the
//! dequantizing scale `1 / s`. Everything up to the integer dot products is exact;
//! the float epilogue (`(Σ q·w - zp·Σ w) · block_scale`, summed over blocks, times the
//! row's scale, plus the bias) rounds as float arithmetic does.
//!
//! 4-bit weights stay packed: two per byte, low nibble first, stored as `w + 8`, each
//! row padded to whole bytes (ExecuTorch's `convert_to_qc4w`). Group scales are
//! bfloat16 in the program and widened to f32 (exact).

use std::rc::Rc;

use crate::graph::{DataType, Graph, Op, Quant};
use crate::kernels::dot4;
use crate::{invalid_program, not_supported, Error};

/// A row's quantization: `x ≈ (q - zero_point) * scale`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RowQuant {
    /// The dequantizing scale (`1 / s`).
    pub scale: f32,
    pub zero_point: i32,
}

/// XNNPACK's parameters for a row with minimum `lo` and maximum `hi`: the quantizing
/// multiplier `s` and the row's [`RowQuant`] (the definition is
/// `plugboard_compute::rowquant`, shared with the host's native kernels).
pub fn row_params(lo: f32, hi: f32) -> (f32, RowQuant) {
    let (s, scale, zero_point) = plugboard_compute::rowquant::row_params(lo, hi);
    (s, RowQuant { scale, zero_point })
}

/// Quantizes `x` row by row (`row` elements each) into `out`, one [`RowQuant`] per
/// row into `params` (cleared first).
pub fn quantize_rows(x: &[f32], row: usize, out: &mut [i8], params: &mut Vec<RowQuant>) {
    params.clear();
    if row == 0 {
        return;
    }
    // Comparisons rather than `f32::min`/`max`: on wasm those are calls of libm's
    // `fminf`/`fmaxf` (wasm's `f32.min` treats NaN otherwise), which were three
    // quarters of this function's time. The results are the same: a NaN never wins a
    // comparison, as `min`/`max` ignore it, and where the two could differ (the sign
    // of a zero) the quantized value does not.
    let min = |a: f32, b: f32| if b < a || a.is_nan() { b } else { a };
    let max = |a: f32, b: f32| if b > a || a.is_nan() { b } else { a };
    for (xr, or) in x.chunks(row).zip(out.chunks_mut(row)) {
        let (lo, hi, done) = min_max_simd(xr);
        let (mut lo, mut hi) = (lo.unwrap_or(xr[0]), hi.unwrap_or(xr[0]));
        for &v in &xr[done..] {
            lo = min(lo, v);
            hi = max(hi, v);
        }
        let (s, p) = row_params(lo, hi);
        let (qlo, qhi) = ((-128 - p.zero_point) as f32, (127 - p.zero_point) as f32);
        let done = quantize_simd(xr, or, s, qlo, qhi, p.zero_point);
        for (o, &v) in or.iter_mut().zip(xr).skip(done) {
            let q = min(max(v * s, qlo), qhi).round_ties_even();
            *o = (q as i32 + p.zero_point) as i8;
        }
        params.push(p);
    }
}

/// The first loop of [`quantize_rows`] on whole groups of 4 values with wasm SIMD: the
/// same comparisons per lane, then across the lanes; gives `(min, max, values done)`
/// (`None` when it did none). Where it can differ from one loop in order is the sign
/// of a zero among equal values, which [`row_params`] does not see either.
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
fn min_max_simd(x: &[f32]) -> (Option<f32>, Option<f32>, usize) {
    use core::arch::wasm32::*;
    let n = x.len() / 4 * 4;
    if n == 0 {
        return (None, None, 0);
    }
    let ld = |i: usize| {
        // SAFETY: callers keep i + 4 <= n <= x.len(); wasm loads need no alignment.
        unsafe { v128_load(x.as_ptr().add(i) as *const v128) }
    };
    let (mut lo, mut hi) = (ld(0), ld(0));
    let mut i = 4;
    while i < n {
        let v = ld(i);
        // `v < lo || lo is NaN` (NaN never equals itself): take `v`.
        let take_lo = v128_or(f32x4_lt(v, lo), f32x4_ne(lo, lo));
        let take_hi = v128_or(f32x4_gt(v, hi), f32x4_ne(hi, hi));
        lo = v128_bitselect(v, lo, take_lo);
        hi = v128_bitselect(v, hi, take_hi);
        i += 4;
    }
    let lanes = |v: v128| {
        [
            f32x4_extract_lane::<0>(v),
            f32x4_extract_lane::<1>(v),
            f32x4_extract_lane::<2>(v),
            f32x4_extract_lane::<3>(v),
        ]
    };
    let fold = |l: [f32; 4], pick: &dyn Fn(f32, f32) -> bool| {
        l.into_iter()
            .reduce(|a, b| if pick(a, b) || a.is_nan() { b } else { a })
    };
    (
        fold(lanes(lo), &|a, b| b < a),
        fold(lanes(hi), &|a, b| b > a),
        n,
    )
}

/// Without wasm SIMD (the crate's native tests) everything goes through the scalar loop.
#[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
fn min_max_simd(_: &[f32]) -> (Option<f32>, Option<f32>, usize) {
    (None, None, 0)
}

/// The second loop of [`quantize_rows`] on whole groups of 16 values with wasm SIMD;
/// returns how many it did (the rest go through the scalar loop). `pmax(qlo, t)` is
/// `qlo < t ? t : qlo`, which gives `qlo` for a NaN `t` as the scalar `max` does;
/// `pmin(qhi, u)` then sees no NaN. The integers are within `[-128, 127]` after the
/// zero point, so the saturating narrowings only pack them.
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
fn quantize_simd(x: &[f32], out: &mut [i8], s: f32, qlo: f32, qhi: f32, zp: i32) -> usize {
    use core::arch::wasm32::*;
    let n = x.len().min(out.len()) / 16 * 16;
    let (sv, lo, hi, z) = (
        f32x4_splat(s),
        f32x4_splat(qlo),
        f32x4_splat(qhi),
        i32x4_splat(zp),
    );
    let q = |v: v128| {
        let t = f32x4_pmin(hi, f32x4_pmax(lo, f32x4_mul(v, sv)));
        i32x4_add(i32x4_trunc_sat_f32x4(f32x4_nearest(t)), z)
    };
    let mut i = 0;
    while i < n {
        // SAFETY: i + 16 <= n <= both lengths; wasm loads and stores need no alignment.
        unsafe {
            let p = x.as_ptr().add(i);
            let a = q(v128_load(p as *const v128));
            let b = q(v128_load(p.add(4) as *const v128));
            let c = q(v128_load(p.add(8) as *const v128));
            let d = q(v128_load(p.add(12) as *const v128));
            let r = i8x16_narrow_i16x8(i16x8_narrow_i32x4(a, b), i16x8_narrow_i32x4(c, d));
            v128_store(out.as_mut_ptr().add(i) as *mut v128, r);
        }
        i += 16;
    }
    n
}

/// Without wasm SIMD (the crate's native tests) everything goes through the scalar loop.
#[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
fn quantize_simd(_: &[f32], _: &mut [i8], _: f32, _: f32, _: f32, _: i32) -> usize {
    0
}

/// Constant weights of a dynamically quantized fully connected layer, `n` output
/// channels by `k` input channels.
#[derive(Clone, Debug)]
pub struct DqWeights {
    pub n: usize,
    pub k: usize,
    /// 8 (`qcint8`: one signed byte each) or 4 (two per byte, `w + 8`, low nibble
    /// first, rows padded to whole bytes).
    pub bits: u8,
    /// The rows, `row_bytes` each.
    pub data: Rc<[u8]>,
    pub row_bytes: usize,
    /// Input channels per scale (`k` for per-channel weights).
    pub group: usize,
    /// `n * groups` scales, row by row.
    pub scales: Vec<f32>,
    /// `Σ w` over each (row, group), for the zero-point correction.
    pub sums: Vec<i32>,
    pub bias: Option<Vec<f32>>,
    /// The 4-bit weights in blocks of [`dot4::ROWS`] output channels
    /// ([`DqWeights::block4`]); when set, `data`, `scales` and `sums` are empty.
    pub blocked: Option<Blocked4>,
    /// The weights handed to the host's native kernels (`cpu-accel`'s
    /// `add-weights-qd8`, contract 2.2); when set, `data`, `scales`, `sums` and `bias`
    /// are empty and the layer runs there ([`crate::accel::fully_connected_qd8`]).
    pub native: Option<crate::accel::Handle>,
}

/// 4-bit weights laid out for [`dot4::row_block`]: per block of four output channels
/// (the last padded with zero weights), `2 k` bytes, group by group, each group's
/// bytes of the four channels one after the other; scales and `Σ w` likewise, four per
/// (block, group).
#[derive(Clone, Debug)]
pub struct Blocked4 {
    pub data: Vec<u8>,
    pub scales: Vec<f32>,
    pub sums: Vec<i32>,
}

impl DqWeights {
    fn groups(&self) -> usize {
        self.k.div_ceil(self.group)
    }

    /// Whether [`DqWeights::block4`] applies: 4-bit rows and groups of whole 32-element
    /// blocks (every 8da4w linear layer).
    fn blockable(&self) -> bool {
        self.bits == 4
            && self.k.is_multiple_of(32)
            && self.group.is_multiple_of(32)
            && self.blocked.is_none()
    }

    /// Lays the weights out for [`dot4::row_block`] (see [`Blocked4`]), once, in place
    /// of the row layout. Needs `sums` computed.
    fn block4(&mut self) {
        if !self.blockable() {
            return;
        }
        const R: usize = dot4::ROWS;
        let (n, k, group, groups) = (self.n, self.k, self.group, self.groups());
        let nb = n.div_ceil(R);
        // 0x88: both nibbles `0 + 8`, a zero weight, for the padding channels.
        let mut data = vec![0x88u8; nb * 2 * k];
        let mut scales = vec![0f32; nb * groups * R];
        let mut sums = vec![0i32; nb * groups * R];
        for j in 0..n {
            let (b, r) = (j / R, j % R);
            let row = &self.data[j * self.row_bytes..][..k / 2];
            for g in 0..groups {
                let c0 = g * group;
                let gb = ((c0 + group).min(k) - c0) / 2;
                let dst = b * 2 * k + 2 * c0 + r * gb;
                data[dst..dst + gb].copy_from_slice(&row[c0 / 2..][..gb]);
                scales[(b * groups + g) * R + r] = self.scales[j * groups + g];
                sums[(b * groups + g) * R + r] = self.sums[j * groups + g];
            }
        }
        self.data = Rc::from(Vec::new());
        self.scales = Vec::new();
        self.sums = Vec::new();
        self.blocked = Some(Blocked4 { data, scales, sums });
    }

    /// Row `j`'s weights as signed values, into `buf` (`k` long).
    fn unpack_row(&self, j: usize, buf: &mut [i8]) {
        let row = &self.data[j * self.row_bytes..][..self.row_bytes];
        if self.bits == 8 {
            for (b, &v) in buf.iter_mut().zip(row) {
                *b = v as i8;
            }
        } else {
            for (i, b) in buf.iter_mut().enumerate() {
                let byte = row[i / 2];
                let nib = if i % 2 == 0 { byte & 0xf } else { byte >> 4 };
                *b = nib as i8 - 8;
            }
        }
    }
}

/// `out[i][j] = rows[i].scale * Σ_g scale[j][g] * Σ_{c in g} (x[i][c] - zp_i) * w[j][c]
/// + bias[j]`, clamped to `[min, max]`, for the `m` rows of `x` (`k` each).
/// `param_of(i)` gives row `i`'s index into `rows`.
#[allow(clippy::too_many_arguments)]
pub fn fully_connected(
    m: usize,
    x: &[i8],
    rows: &[RowQuant],
    param_of: impl Fn(usize) -> usize,
    w: &DqWeights,
    out: &mut [f32],
    min: f32,
    max: f32,
) -> Result<(), String> {
    let (n, k, groups) = (w.n, w.k, w.groups());
    if x.len() < m * k || out.len() < m * n {
        return Err(format!(
            "dynamic fully connected: {} inputs, {} outputs for {m} x {k} -> {n}",
            x.len(),
            out.len()
        ));
    }
    if let Some(b) = &w.blocked {
        return fully_connected_blocked(m, x, rows, param_of, w, b, out, min, max);
    }
    let mut wrow = vec![0i8; k];
    // Row by row of the weights, so 4-bit rows unpack once per call.
    for j in 0..n {
        w.unpack_row(j, &mut wrow);
        let scales = &w.scales[j * groups..][..groups];
        let sums = &w.sums[j * groups..][..groups];
        let bias = w.bias.as_ref().map_or(0.0, |b| b[j]);
        for i in 0..m {
            let p = rows
                .get(param_of(i))
                .ok_or_else(|| format!("row {i} has no quantization parameters"))?;
            let xr = &x[i * k..][..k];
            let mut acc = 0f32;
            for g in 0..groups {
                let (c0, c1) = (g * w.group, ((g + 1) * w.group).min(k));
                let dot: i32 = xr[c0..c1]
                    .iter()
                    .zip(&wrow[c0..c1])
                    .map(|(&a, &b)| i32::from(a) * i32::from(b))
                    .sum();
                acc += (dot - p.zero_point * sums[g]) as f32 * scales[g];
            }
            out[i * n + j] = (acc * p.scale + bias).max(min).min(max);
        }
    }
    Ok(())
}

/// [`fully_connected`] over [`Blocked4`] weights: four output channels at a time,
/// read packed ([`dot4::row_block`]), with the same integer sums and the same float
/// arithmetic per channel, so the outputs are the same bits.
#[allow(clippy::too_many_arguments)]
fn fully_connected_blocked(
    m: usize,
    x: &[i8],
    rows: &[RowQuant],
    param_of: impl Fn(usize) -> usize,
    w: &DqWeights,
    b: &Blocked4,
    out: &mut [f32],
    min: f32,
    max: f32,
) -> Result<(), String> {
    const R: usize = dot4::ROWS;
    let (n, k, group, groups) = (w.n, w.k, w.group, w.groups());
    let x = &x[..m * k];
    let mut xd = vec![0i8; m * k];
    dot4::deinterleave(x, &mut xd);
    // Per row and group, `8 Σ x`: the nibbles are `w + 8`.
    let mut xsums = Vec::with_capacity(m * groups);
    for xr in x.chunks_exact(k) {
        for g in 0..groups {
            let (c0, c1) = (g * group, ((g + 1) * group).min(k));
            xsums.push(8 * xr[c0..c1].iter().map(|&v| i32::from(v)).sum::<i32>());
        }
    }
    let params = (0..m)
        .map(|i| {
            rows.get(param_of(i))
                .copied()
                .ok_or_else(|| format!("row {i} has no quantization parameters"))
        })
        .collect::<Result<Vec<_>, _>>()?;
    for jb in 0..n.div_ceil(R) {
        let blk = &b.data[jb * 2 * k..][..2 * k];
        let scales = &b.scales[jb * groups * R..][..groups * R];
        let sums = &b.sums[jb * groups * R..][..groups * R];
        for (i, p) in params.iter().enumerate() {
            let xr = &xd[i * k..][..k];
            let xs = &xsums[i * groups..][..groups];
            let acc = dot4::row_block(xr, blk, group, xs, p.zero_point, sums, scales);
            for (r, a) in acc.iter().enumerate() {
                let j = jb * R + r;
                if j < n {
                    let bias = w.bias.as_ref().map_or(0.0, |b| b[j]);
                    out[i * n + j] = (a * p.scale + bias).max(min).min(max);
                }
            }
        }
    }
    Ok(())
}

/// Prepares the weights of dynamically quantized fully connected node `ni`.
pub fn prepare_fc(graph: &Graph, ni: usize, what: &str) -> Result<DqWeights, Error> {
    let node = &graph.nodes[ni];
    let Op::FullyConnected {
        transpose_weights, ..
    } = node.op
    else {
        return Err(not_supported(format!("{what}: not a fully connected node")));
    };
    let f = &graph.values[node.inputs[1]];
    if transpose_weights || f.dims.len() != 2 {
        return Err(not_supported(format!(
            "{what}: dynamically quantized weights must be 2-D [out, in], not transposed"
        )));
    }
    let (n, k) = (f.dims[0], f.dims[1]);
    if n == 0 || k == 0 {
        return Err(invalid_program(format!(
            "{what}: empty weights ({n} x {k})"
        )));
    }
    let data = f
        .data
        .clone()
        .ok_or_else(|| not_supported(format!("{what}: the weights are not constant")))?;
    let (bits, group, scales) = match (f.dtype, &f.quant) {
        (DataType::QcInt8 | DataType::QcInt4, Quant::PerChannel { scales, channel_dim: 0 }) => {
            (f.dtype.bits() as u8, k.max(1), scales.clone())
        }
        (
            DataType::QbInt4,
            Quant::PerChannelGroup {
                scales,
                channel_dim: 0,
                group_size,
            },
        ) => (4, *group_size, scales.clone()),
        _ => {
            return Err(not_supported(format!(
                "{what}: weights {} with {:?} (supported with qdint8 inputs: qcint8, qcint4 and qbint4 over output channels)",
                f.dtype.name(),
                f.quant
            )))
        }
    };
    let row_bytes = if bits == 8 { k } else { k.div_ceil(2) };
    if data.len() < n * row_bytes {
        return Err(invalid_program(format!(
            "{what}: {} weight bytes for {n} x {k}",
            data.len()
        )));
    }
    let mut w = DqWeights {
        n,
        k,
        bits,
        data,
        row_bytes,
        group,
        scales,
        sums: Vec::new(),
        bias: None,
        blocked: None,
        native: None,
    };
    let groups = w.groups();
    if w.scales.len() != n * groups {
        return Err(invalid_program(format!(
            "{what}: {} weight scales for {n} rows of {groups} groups",
            w.scales.len()
        )));
    }
    let bias = fc_bias(graph, ni, n, what)?;
    #[cfg(not(feature = "contract-1"))]
    if crate::accel::takes_fc(n, k) {
        let handle = crate::accel::add_qd8(&crate::accel::Qd8Weights {
            n,
            k,
            bits,
            block: group,
            data: &w.data[..n * row_bytes],
            scales: &w.scales,
            bias: bias.as_deref(),
        })?;
        w.native = Some(handle);
        w.data = Rc::from(Vec::new());
        w.scales = Vec::new();
        return Ok(w);
    }
    let mut row = vec![0i8; k];
    let mut sums = Vec::with_capacity(n * groups);
    for j in 0..n {
        w.unpack_row(j, &mut row);
        for g in 0..groups {
            let (c0, c1) = (g * group, ((g + 1) * group).min(k));
            sums.push(row[c0..c1].iter().map(|&v| i32::from(v)).sum());
        }
    }
    w.sums = sums;
    w.bias = bias;
    w.block4();
    Ok(w)
}

/// The fp32 bias of fully connected node `ni` (`n` values), if it has one.
fn fc_bias(graph: &Graph, ni: usize, n: usize, what: &str) -> Result<Option<Vec<f32>>, Error> {
    let Some(&bi) = graph.nodes[ni].inputs.get(2) else {
        return Ok(None);
    };
    let b = &graph.values[bi];
    let bytes = match (b.dtype, &b.data) {
        (DataType::Fp32, Some(d)) if d.len() >= n * 4 => d,
        _ => {
            return Err(not_supported(format!(
                "{what}: the bias must be a constant fp32 vector of {n}"
            )))
        }
    };
    Ok(Some(
        bytes
            .chunks_exact(4)
            .take(n)
            .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect(),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The packed 4-bit path gives the bits of the unpacking one.
    #[test]
    fn packed_4bit_path_matches_the_unpacking_one() {
        let (m, n, k, group): (usize, usize, usize, usize) = (3, 6, 96, 64);
        let groups = k.div_ceil(group);
        let data: Vec<u8> = (0..n * k / 2).map(|i| ((i * 89 + 3) % 256) as u8).collect();
        let mut w = DqWeights {
            n,
            k,
            bits: 4,
            data: data.into(),
            row_bytes: k / 2,
            group,
            scales: (0..n * groups).map(|i| 0.01 + i as f32 * 1e-3).collect(),
            sums: Vec::new(),
            bias: Some((0..n).map(|j| j as f32 * 0.25 - 0.5).collect()),
            blocked: None,
            native: None,
        };
        let mut row = vec![0i8; k];
        for j in 0..n {
            w.unpack_row(j, &mut row);
            for g in 0..groups {
                let s = row[g * group..((g + 1) * group).min(k)]
                    .iter()
                    .map(|&v| i32::from(v))
                    .sum();
                w.sums.push(s);
            }
        }
        let xf: Vec<f32> = (0..m * k)
            .map(|i| ((i * 31 % 97) as f32 - 40.0) * 0.037)
            .collect();
        let mut x = vec![0i8; m * k];
        let mut params = Vec::new();
        quantize_rows(&xf, k, &mut x, &mut params);
        // The unpacking loop, on 8-bit weights holding the same values.
        let mut w8 = w.clone();
        w8.bits = 8;
        w8.row_bytes = k;
        let mut bytes = Vec::new();
        for j in 0..n {
            w.unpack_row(j, &mut row);
            bytes.extend(row.iter().map(|&v| v as u8));
        }
        w8.data = bytes.into();
        let mut slow = vec![0f32; m * n];
        fully_connected(m, &x, &params, |i| i, &w8, &mut slow, -1e9, 1e9).unwrap();
        w.block4();
        assert!(w.blocked.is_some());
        let mut fast = vec![0f32; m * n];
        fully_connected(m, &x, &params, |i| i, &w, &mut fast, -1e9, 1e9).unwrap();
        assert_eq!(fast, slow);
    }

    /// The comparison-based min and max of `quantize_rows` give what `f32::min` and
    /// `f32::max` gave, NaNs, infinities and signed zeros included.
    #[test]
    fn quantize_rows_matches_the_min_max_formulation() {
        let reference = |x: &[f32], row: usize| -> (Vec<i8>, Vec<RowQuant>) {
            let mut out = vec![0i8; x.len()];
            let mut params = Vec::new();
            for (xr, or) in x.chunks(row).zip(out.chunks_mut(row)) {
                let (mut lo, mut hi) = (xr[0], xr[0]);
                for &v in xr {
                    lo = lo.min(v);
                    hi = hi.max(v);
                }
                let (s, p) = row_params(lo, hi);
                let (qlo, qhi) = ((-128 - p.zero_point) as f32, (127 - p.zero_point) as f32);
                for (o, &v) in or.iter_mut().zip(xr) {
                    let q = (v * s).max(qlo).min(qhi).round_ties_even();
                    *o = (q as i32 + p.zero_point) as i8;
                }
                params.push(p);
            }
            (out, params)
        };
        let x = [
            f32::NAN,
            1.0,
            -2.0,
            0.5, // a NaN first
            -0.0,
            0.0,
            3.0,
            f32::NAN, // signed zeros, a NaN last
            f32::INFINITY,
            1.0,
            -1.0,
            2.0, // an infinity
            f32::NAN,
            f32::NAN,
            f32::NAN,
            f32::NAN, // nothing but NaN
            -0.0,
            -0.0,
            -0.0,
            -0.0, // nothing but -0
            1e-30,
            -1e30,
            7.25,
            -3.5,
        ];
        let mut out = vec![0i8; x.len()];
        let mut params = Vec::new();
        quantize_rows(&x, 4, &mut out, &mut params);
        let (want, want_params) = reference(&x, 4);
        assert_eq!(out, want);
        let bits = |p: &[RowQuant]| {
            p.iter()
                .map(|q| (q.scale.to_bits(), q.zero_point))
                .collect::<Vec<_>>()
        };
        assert_eq!(bits(&params), bits(&want_params));
    }

    #[test]
    fn row_parameters_follow_xnnpack() {
        // All-positive row: rmin = 0, so the zero point is -128.
        let (s, p) = row_params(0.5, 2.0);
        assert_eq!(s, 255.0 / 2.0);
        assert_eq!(p.zero_point, -128);
        // Symmetric row: zero point rounds to 0 or -1 by the nudge rule.
        let (_, p) = row_params(-1.0, 1.0);
        assert!((-1..=0).contains(&p.zero_point));
        // Constant zero row: -128 + 127 < 0, so the zero point comes from the max end.
        let (s, p) = row_params(0.0, 0.0);
        assert_eq!((s, p.zero_point), (1.0, 127));
        let mut q = [0i8; 4];
        let mut params = Vec::new();
        quantize_rows(&[-1.0, 0.0, 0.5, 1.0], 4, &mut q, &mut params);
        assert_eq!(params.len(), 1);
        let back: Vec<f32> = q
            .iter()
            .map(|&v| (i32::from(v) - params[0].zero_point) as f32 * params[0].scale)
            .collect();
        for (a, b) in back.iter().zip([-1.0, 0.0, 0.5, 1.0]) {
            assert!((a - b).abs() <= params[0].scale / 2.0 + 1e-6, "{a} vs {b}");
        }
    }
}
