//! Fully connected layers over dynamically quantized int8 rows (XNNPACK's `qd8`
//! operators, ExecuTorch's "8da4w" and "8da8w"): `cpu-accel`'s `add-weights-qd8` and
//! `fully-connected-qd8` (contract 2.2, `wit/accel.wit`).
//!
//! The caller quantized each input row itself (XNNPACK's `Convert` to `qdint8`: a
//! zero point and a scale per row); the weights are int8 or 4-bit, with one fp32
//! scale per output channel and block of `block` input channels (`block = depth`:
//! per channel). For row `i` and output channel `j`:
//!
//! ```text
//! acc = 0f32
//! for each block g, in order:
//!     acc += f32(Σ_{c in g} q[i][c] · w[j][c]  -  zp[i] · Σ_{c in g} w[j][c]) · scale[j][g]
//! out[i][j] = max(min(acc · row_scale[i] + bias[j] ...
//! ```
//!
//! exactly: `(acc * row_scale + bias).max(output_min).min(output_max)`, each an f32
//! operation rounded on its own (no fused multiply-add), as the XNNPACK component's
//! wasm kernels compute it, so the result does not depend on which side ran it.
//! Everything up to the `f32(...)` conversion is exact integer arithmetic, in any
//! order.
//!
//! Layouts. 4-bit weights whose depth and block are whole multiples of 32 (every
//! 8da4w layer) are kept packed, two per byte, in blocks of [`R`] output channels and
//! 32 input channels: the AVX2 kernel multiplies 32 weights of two channels with one
//! `vpmaddubsw` pair. Anything else is kept as one signed byte per weight, row by row.

use std::ops::Range;
use std::time::Instant;

use super::threads::ThreadChoice;
use super::Work;
use crate::isa::Isa;
use crate::meter::{AccelError, Account, Charge};

/// Output channels per block of the packed 4-bit layout.
pub const R: usize = 8;

/// Weights as the guest hands them over (the record `qd8-weights` of `wit/accel.wit`).
#[derive(Clone, Copy, Debug)]
pub struct Qd8Spec<'a> {
    /// Output channels `n`.
    pub channels_out: usize,
    /// Input channels `k`.
    pub depth: usize,
    /// 8: one signed byte per weight; 4: two per byte, each stored as `w + 8`, low
    /// nibble first, each row padded to a whole byte (ExecuTorch's `qc4w` layout).
    pub bits: u8,
    /// Input channels per scale (`depth` for per-channel weights; the last block of a
    /// row may be shorter).
    pub block: usize,
    /// The rows: `n` rows of `depth` (8-bit) or `ceil(depth / 2)` (4-bit) bytes.
    pub data: &'a [u8],
    /// `n * ceil(depth / block)` scales, row by row.
    pub scales: &'a [f32],
    /// `n` values, or none.
    pub bias: Option<&'a [f32]>,
}

/// A row's quantization: `x ≈ (q - zero_point) * scale`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RowQuant {
    pub zero_point: i32,
    pub scale: f32,
}

enum Layout {
    /// 4-bit, in blocks of [`R`] channels (the last padded with zero weights): per
    /// block and 32-channel chunk, each channel's 16 bytes in turn; scales and `Σ w`
    /// per block, group and channel.
    Packed4 {
        data: Vec<u8>,
        scales: Vec<f32>,
        sums: Vec<i32>,
    },
    /// One signed byte per weight, row by row; scales and `Σ w` per row and group.
    Rows {
        data: Vec<i8>,
        scales: Vec<f32>,
        sums: Vec<i32>,
    },
}

/// Weights of a fully connected layer over `qdint8` rows, laid out for this machine.
pub struct WeightsQd8 {
    n: usize,
    k: usize,
    block: usize,
    groups: usize,
    layout: Layout,
    bias: Option<Vec<f32>>,
    threads: ThreadChoice,
    charge: Charge,
}

/// Largest `channels-out * depth` accepted (the XNNPACK component refuses larger
/// tensors too).
const MAX_WEIGHTS: usize = 1 << 32;

impl WeightsQd8 {
    /// Checks `spec` and lays the weights out, charging `account` for what is kept.
    ///
    /// Errors: `invalid-argument` when a size is zero or does not match the data,
    /// the bit width is not 4 or 8, or the block is zero; `memory-allocation-failed`
    /// past the account's cap.
    pub fn new(spec: &Qd8Spec<'_>, account: &Account) -> Result<WeightsQd8, AccelError> {
        let (n, k, block) = (spec.channels_out, spec.depth, spec.block);
        if n == 0 || k == 0 || block == 0 || n.checked_mul(k).is_none_or(|w| w > MAX_WEIGHTS) {
            return Err(AccelError::invalid(format!(
                "qd8 weights of {n} x {k} in blocks of {block}: every size must be positive and n * k at most 2^32"
            )));
        }
        let row_bytes = match spec.bits {
            8 => k,
            4 => k.div_ceil(2),
            b => {
                return Err(AccelError::invalid(format!(
                    "qd8 weights have 4 or 8 bits, not {b}"
                )))
            }
        };
        let groups = k.div_ceil(block);
        if spec.data.len() != n * row_bytes {
            return Err(AccelError::invalid(format!(
                "qd8 weights: {} bytes for {n} rows of {row_bytes}",
                spec.data.len()
            )));
        }
        if spec.scales.len() != n * groups {
            return Err(AccelError::invalid(format!(
                "qd8 weights: {} scales for {n} rows of {groups} blocks",
                spec.scales.len()
            )));
        }
        if let Some(b) = spec.bias {
            if b.len() != n {
                return Err(AccelError::invalid(format!(
                    "qd8 weights: {} bias values for {n} channels",
                    b.len()
                )));
            }
        }
        let packed = spec.bits == 4 && k.is_multiple_of(32) && block.is_multiple_of(32);
        let kept = if packed {
            n.next_multiple_of(R) * (k / 2 + groups * 8)
        } else {
            n * (k + groups * 8)
        } + n * 4;
        let charge = account.charge(kept, "qd8 weights")?;
        let row = |j: usize| -> Vec<i8> {
            let r = &spec.data[j * row_bytes..][..row_bytes];
            if spec.bits == 8 {
                r.iter().map(|&v| v as i8).collect()
            } else {
                (0..k)
                    .map(|c| {
                        let b = r[c / 2];
                        (if c.is_multiple_of(2) { b & 0xf } else { b >> 4 }) as i8 - 8
                    })
                    .collect()
            }
        };
        let group_sums = |w: &[i8]| -> Vec<i32> {
            w.chunks(block)
                .map(|g| g.iter().fold(0i32, |s, &v| s.wrapping_add(i32::from(v))))
                .collect()
        };
        let layout = if packed {
            let nb = n.div_ceil(R);
            let chunks = k / 32;
            // 0x88: both nibbles `0 + 8`, a zero weight, for the padding channels.
            let mut data = vec![0x88u8; nb * chunks * R * 16];
            let mut scales = vec![0f32; nb * groups * R];
            let mut sums = vec![0i32; nb * groups * R];
            for j in 0..n {
                let (b, r) = (j / R, j % R);
                let src = &spec.data[j * row_bytes..][..row_bytes];
                for c in 0..chunks {
                    let dst = ((b * chunks + c) * R + r) * 16;
                    data[dst..dst + 16].copy_from_slice(&src[c * 16..][..16]);
                }
                for (g, s) in group_sums(&row(j)).into_iter().enumerate() {
                    scales[(b * groups + g) * R + r] = spec.scales[j * groups + g];
                    sums[(b * groups + g) * R + r] = s;
                }
            }
            Layout::Packed4 { data, scales, sums }
        } else {
            let mut data = Vec::with_capacity(n * k);
            let mut sums = Vec::with_capacity(n * groups);
            for j in 0..n {
                let r = row(j);
                sums.extend(group_sums(&r));
                data.extend_from_slice(&r);
            }
            Layout::Rows {
                data,
                scales: spec.scales.to_vec(),
                sums,
            }
        };
        Ok(WeightsQd8 {
            n,
            k,
            block,
            groups,
            layout,
            bias: spec.bias.map(<[f32]>::to_vec),
            threads: ThreadChoice::default(),
            charge,
        })
    }

    /// Output channels.
    pub fn channels_out(&self) -> usize {
        self.n
    }

    /// Input channels.
    pub fn depth(&self) -> usize {
        self.k
    }

    /// Host bytes charged for these weights.
    pub fn bytes(&self) -> usize {
        self.charge.bytes()
    }

    /// Whether the weights are in the packed 4-bit layout (the AVX2 kernel's).
    pub fn is_packed(&self) -> bool {
        matches!(self.layout, Layout::Packed4 { .. })
    }
}

/// `out = x · wᵀ` as the module docs define it, for the `rows.len()` rows of `x`
/// (`depth` int8 values each, row `i` quantized by `rows[i]`), into `out`
/// (`rows.len() * channels_out` values, row by row).
///
/// Errors: `invalid-argument` when the lengths do not match, `out-of-resources` past
/// the account's work cap; the deadline is checked between chunks of rows.
pub fn fully_connected_qd8(
    w: &WeightsQd8,
    x: &[i8],
    rows: &[RowQuant],
    out: &mut [f32],
    output_min: f32,
    output_max: f32,
    work: &mut Work<'_>,
) -> Result<(), AccelError> {
    let (m, n, k) = (rows.len(), w.n, w.k);
    if x.len() != m * k || out.len() != m * n {
        return Err(AccelError::invalid(format!(
            "fully-connected-qd8: {} input values and {} outputs for {m} rows of {k} -> {n}",
            x.len(),
            out.len()
        )));
    }
    let macs = (m as u64) * (n as u64) * (k as u64);
    work.account
        .check_work(Some(macs), "the fully connected layer")?;
    let threads = w.threads.pick(work.threads);
    let start = w.threads.learning(work.threads).then(Instant::now);
    let per_row = n * k;
    let chunk_rows = (work.chunk_work / per_row.max(1)).max(1);
    let isa = work_isa();
    let mut r0 = 0;
    while r0 < m {
        work.account.check_deadline()?;
        let r1 = (r0 + chunk_rows).min(m);
        let xs = &x[r0 * k..r1 * k];
        let prepared = Prepared::new(w, xs, &rows[r0..r1], isa);
        let o = &mut out[r0 * n..r1 * n];
        // Split by output channels (whole blocks) when each part gets 256K MACs.
        let blocks = n.div_ceil(R);
        let parts = threads
            .min(((r1 - r0) * per_row) >> 18)
            .clamp(1, blocks.max(1));
        if parts <= 1 {
            prepared.run(w, 0..n, o, output_min, output_max);
        } else {
            let per = blocks.div_ceil(parts) * R;
            let ranges: Vec<Range<usize>> =
                (0..n).step_by(per).map(|j| j..(j + per).min(n)).collect();
            let results: Vec<std::sync::Mutex<Vec<f32>>> = ranges
                .iter()
                .map(|c| std::sync::Mutex::new(vec![0f32; (r1 - r0) * c.len()]))
                .collect();
            let split: Vec<(Range<usize>, &std::sync::Mutex<Vec<f32>>)> =
                ranges.iter().cloned().zip(results.iter()).collect();
            crate::pool::for_each_part(threads, split, |(cols, buf)| {
                let mut b = buf.lock().unwrap_or_else(|e| e.into_inner());
                prepared.run(w, cols, &mut b, output_min, output_max);
            });
            for (cols, buf) in ranges.iter().zip(results) {
                let b = buf.into_inner().unwrap_or_else(|e| e.into_inner());
                let c = cols.len();
                for (i, src) in b.chunks_exact(c).enumerate() {
                    o[i * n + cols.start..i * n + cols.end].copy_from_slice(src);
                }
            }
        }
        r0 = r1;
    }
    if let Some(start) = start {
        w.threads.record(threads, start.elapsed());
    }
    Ok(())
}

/// The kernels' level: [`Isa::current`], or what a test forces.
fn work_isa() -> Isa {
    #[cfg(test)]
    if let Some(isa) = tests::FORCED.with(|f| f.get()) {
        return isa;
    }
    Isa::current()
}

/// The input rows as the kernels read them.
struct Prepared<'a> {
    x: &'a [i8],
    rows: &'a [RowQuant],
    /// Packed layout: each row's 32-element chunks reordered (16 even elements, then
    /// 16 odd), and `8 Σ x` per row and group (the nibbles are `w + 8`).
    deinterleaved: Vec<i8>,
    xsums: Vec<i32>,
    isa: Isa,
}

impl<'a> Prepared<'a> {
    fn new(w: &WeightsQd8, x: &'a [i8], rows: &'a [RowQuant], isa: Isa) -> Prepared<'a> {
        let (mut deinterleaved, mut xsums) = (Vec::new(), Vec::new());
        if w.is_packed() {
            deinterleaved = vec![0i8; x.len()];
            for (xb, ob) in x.chunks_exact(32).zip(deinterleaved.chunks_exact_mut(32)) {
                for t in 0..16 {
                    ob[t] = xb[2 * t];
                    ob[16 + t] = xb[2 * t + 1];
                }
            }
            for xr in x.chunks_exact(w.k) {
                for g in xr.chunks(w.block) {
                    let sum = g.iter().fold(0i32, |s, &v| s.wrapping_add(i32::from(v)));
                    xsums.push(sum.wrapping_mul(8));
                }
            }
        }
        Prepared {
            x,
            rows,
            deinterleaved,
            xsums,
            isa,
        }
    }

    /// Output channels `cols` of every row into `out` (`rows * cols.len()` values).
    fn run(&self, w: &WeightsQd8, cols: Range<usize>, out: &mut [f32], lo: f32, hi: f32) {
        let (k, groups, width) = (w.k, w.groups, cols.len());
        let finish = |acc: f32, i: usize, j: usize| {
            let bias = w.bias.as_ref().map_or(0.0, |b| b[j]);
            (acc * self.rows[i].scale + bias).max(lo).min(hi)
        };
        match &w.layout {
            Layout::Packed4 { data, scales, sums } => {
                let chunks = k / 32;
                let mut j = cols.start;
                while j < cols.end {
                    let b = j / R;
                    let blk = &data[b * chunks * R * 16..][..chunks * R * 16];
                    let sc = &scales[b * groups * R..][..groups * R];
                    let su = &sums[b * groups * R..][..groups * R];
                    for (i, q) in self.rows.iter().enumerate() {
                        let xd = &self.deinterleaved[i * k..][..k];
                        let xs = &self.xsums[i * groups..][..groups];
                        let acc = block8(self.isa, xd, blk, w.block / 32, xs, q.zero_point, su, sc);
                        for (r, &a) in acc.iter().enumerate() {
                            let jj = b * R + r;
                            if jj >= j && jj < cols.end {
                                out[i * width + jj - cols.start] = finish(a, i, jj);
                            }
                        }
                    }
                    j = (b + 1) * R;
                }
            }
            Layout::Rows { data, scales, sums } => {
                for jj in cols.clone() {
                    let wr = &data[jj * k..][..k];
                    for (i, q) in self.rows.iter().enumerate() {
                        let xr = &self.x[i * k..][..k];
                        let mut acc = 0f32;
                        for (g, (xg, wg)) in xr.chunks(w.block).zip(wr.chunks(w.block)).enumerate()
                        {
                            let d = dot_i8(self.isa, xg, wg)
                                .wrapping_sub(q.zero_point.wrapping_mul(sums[jj * groups + g]));
                            acc += d as f32 * scales[jj * groups + g];
                        }
                        out[i * width + jj - cols.start] = finish(acc, i, jj);
                    }
                }
            }
        }
    }
}

/// `Σ a·b` over two equally long int8 slices.
fn dot_i8(isa: Isa, a: &[i8], b: &[i8]) -> i32 {
    #[cfg(target_arch = "x86_64")]
    if isa >= Isa::Avx2 {
        // SAFETY: AVX2 is present (`Isa::Avx2` or higher was detected).
        return unsafe { avx2::dot_i8(a, b) };
    }
    let _ = isa;
    a.iter().zip(b).fold(0i32, |s, (&p, &q)| {
        s.wrapping_add(i32::from(p) * i32::from(q))
    })
}

/// The fp32 accumulators of the [`R`] channels of one packed block for one row:
/// `Σ_g f32(d[g][r] - xsums[g] - zp · sums[g][r]) · scales[g][r]`, groups in order,
/// where `d[g][r] = Σ x · (w + 8)` over group `g` (`chunks_per_group` chunks of 32).
#[allow(clippy::too_many_arguments)]
fn block8(
    isa: Isa,
    xd: &[i8],
    blk: &[u8],
    chunks_per_group: usize,
    xsums: &[i32],
    zp: i32,
    sums: &[i32],
    scales: &[f32],
) -> [f32; R] {
    #[cfg(target_arch = "x86_64")]
    if isa >= Isa::Avx2 {
        // SAFETY: AVX2 is present; the lengths were laid out together by
        // `WeightsQd8::new` and `Prepared::new` (`xd.len() = k`, `blk.len() = k / 32 *
        // 128`, `R` sums and scales per group, a sum of `x` per group), which the
        // kernel checks again.
        return unsafe { avx2::block8(xd, blk, chunks_per_group, xsums, zp, sums, scales) };
    }
    let _ = isa;
    let mut acc = [0f32; R];
    let chunks = xd.len() / 32;
    for (g, &xs) in xsums.iter().enumerate() {
        let mut d = [0i32; R];
        for c in g * chunks_per_group..((g + 1) * chunks_per_group).min(chunks) {
            let xc = &xd[c * 32..][..32];
            for (r, dr) in d.iter_mut().enumerate() {
                let wc = &blk[(c * R + r) * 16..][..16];
                for t in 0..16 {
                    let p = i32::from(xc[t]) * i32::from(wc[t] & 0xf)
                        + i32::from(xc[16 + t]) * i32::from(wc[t] >> 4);
                    *dr = dr.wrapping_add(p);
                }
            }
        }
        for r in 0..R {
            let v = d[r]
                .wrapping_sub(xs)
                .wrapping_sub(zp.wrapping_mul(sums[g * R + r]));
            acc[r] += v as f32 * scales[g * R + r];
        }
    }
    acc
}

#[cfg(target_arch = "x86_64")]
mod avx2 {
    use super::R;
    use std::arch::x86_64::*;

    /// [`super::dot_i8`] with AVX2: 16 products at a time, widened to 16 bits.
    #[target_feature(enable = "avx2")]
    pub(super) unsafe fn dot_i8(a: &[i8], b: &[i8]) -> i32 {
        let len = a.len().min(b.len());
        let mut acc = _mm256_setzero_si256();
        let mut c = 0;
        while c + 16 <= len {
            // SAFETY: c + 16 <= len, unaligned loads.
            let (va, vb) = unsafe {
                (
                    _mm256_cvtepi8_epi16(_mm_loadu_si128(a.as_ptr().add(c).cast())),
                    _mm256_cvtepi8_epi16(_mm_loadu_si128(b.as_ptr().add(c).cast())),
                )
            };
            acc = _mm256_add_epi32(acc, _mm256_madd_epi16(va, vb));
            c += 16;
        }
        let mut s = hsum(acc);
        for t in c..len {
            s = s.wrapping_add(i32::from(a[t]) * i32::from(b[t]));
        }
        s
    }

    #[target_feature(enable = "avx2")]
    fn hsum(v: __m256i) -> i32 {
        let s = _mm_add_epi32(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1));
        let s = _mm_add_epi32(s, _mm_shuffle_epi32(s, 0b01_00_11_10));
        let s = _mm_add_epi32(s, _mm_shuffle_epi32(s, 0b10_11_00_01));
        _mm_cvtsi128_si32(s)
    }

    /// [`super::block8`] with AVX2. Per chunk of 32 inputs, two channels' 32 bytes
    /// are one load: their low nibbles (even inputs) meet the chunk's 16 even inputs
    /// broadcast to both halves, their high nibbles the 16 odd ones, through
    /// `vpmaddubsw` (unsigned nibble times signed input; a pair sums to at most
    /// 2 · 15 · 128, so nothing saturates, and the two results add to at most
    /// 4 · 15 · 128 in 16 bits), then `vpmaddwd` by ones into 32 bits.
    #[target_feature(enable = "avx2")]
    #[allow(clippy::too_many_arguments)]
    pub(super) unsafe fn block8(
        xd: &[i8],
        blk: &[u8],
        chunks_per_group: usize,
        xsums: &[i32],
        zp: i32,
        sums: &[i32],
        scales: &[f32],
    ) -> [f32; R] {
        let chunks = xd.len() / 32;
        let groups = xsums.len();
        if blk.len() < chunks * R * 16
            || sums.len() < groups * R
            || scales.len() < groups * R
            || chunks_per_group == 0
            || groups < chunks.div_ceil(chunks_per_group)
        {
            return [f32::NAN; R];
        }
        let mask = _mm256_set1_epi8(0x0f);
        let ones = _mm256_set1_epi16(1);
        let zpv = _mm256_set1_epi32(zp);
        // hadd's lane order [0, 2, 4, 6 | 1, 3, 5, 7] back to channel order.
        let order = _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7);
        let mut acc = _mm256_setzero_ps();
        for (g, &xs) in xsums.iter().enumerate() {
            let (c0, c1) = (
                g * chunks_per_group,
                ((g + 1) * chunks_per_group).min(chunks),
            );
            let z = _mm256_setzero_si256();
            let mut a = [z; R / 2];
            for c in c0..c1 {
                // SAFETY: c < chunks: 32 inputs at 32 c, R * 16 weight bytes at
                // c * R * 16 (both checked above); unaligned loads.
                unsafe {
                    let xp = xd.as_ptr().add(c * 32);
                    let xe = _mm256_broadcastsi128_si256(_mm_loadu_si128(xp.cast()));
                    let xo = _mm256_broadcastsi128_si256(_mm_loadu_si128(xp.add(16).cast()));
                    let wp = blk.as_ptr().add(c * R * 16);
                    for (p, ap) in a.iter_mut().enumerate() {
                        let w = _mm256_loadu_si256(wp.add(p * 32).cast());
                        let lo = _mm256_and_si256(w, mask);
                        let hi = _mm256_and_si256(_mm256_srli_epi16(w, 4), mask);
                        let s = _mm256_add_epi16(
                            _mm256_maddubs_epi16(lo, xe),
                            _mm256_maddubs_epi16(hi, xo),
                        );
                        *ap = _mm256_add_epi32(*ap, _mm256_madd_epi16(s, ones));
                    }
                }
            }
            // a[p]: channel 2p in the low half, 2p + 1 in the high half.
            let h01 = _mm256_hadd_epi32(a[0], a[1]);
            let h23 = _mm256_hadd_epi32(a[2], a[3]);
            let d = _mm256_permutevar8x32_epi32(_mm256_hadd_epi32(h01, h23), order);
            // SAFETY: R sums and scales per group (checked above).
            let (sv, scv) = unsafe {
                (
                    _mm256_loadu_si256(sums.as_ptr().add(g * R).cast()),
                    _mm256_loadu_ps(scales.as_ptr().add(g * R)),
                )
            };
            let d = _mm256_sub_epi32(
                _mm256_sub_epi32(d, _mm256_set1_epi32(xs)),
                _mm256_mullo_epi32(zpv, sv),
            );
            acc = _mm256_add_ps(acc, _mm256_mul_ps(_mm256_cvtepi32_ps(d), scv));
        }
        let mut outv = [0f32; R];
        // SAFETY: R floats.
        unsafe { _mm256_storeu_ps(outv.as_mut_ptr(), acc) };
        outv
    }
}

#[cfg(test)]
mod tests;
