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
//! Layouts. 4-bit weights whose depth and block are whole multiples of 8 (every
//! 8da4w layer) are kept packed, two per byte, one output channel per 32-bit lane
//! (see [`packed`]). Anything else is kept as one signed byte per weight, row by row.

use std::ops::Range;
use std::time::Instant;

use super::threads::ThreadChoice;
use super::Work;
use crate::isa::{self, Isa};
use crate::meter::{AccelError, Account, Charge};

pub use packed::R;

/// Which kernels run a layer (the best available by default; tests and benchmarks
/// force each). Every path gives the same bits (see the module docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Qd8Path {
    /// Portable code (any target).
    Scalar,
    /// x86-64 AVX2: `vpmaddubsw` + `vpmaddwd`.
    Avx2,
    /// x86-64 AVX2 with AVX-VNNI: 256-bit `vpdpbusd`.
    AvxVnni,
    /// x86-64 AVX-512 F/BW/VL with VNNI: 512-bit `vpdpbusd`, a block's 16 channels per load.
    Avx512Vnni,
}

impl Qd8Path {
    /// Whether this path can run on this CPU.
    pub fn available(self) -> bool {
        #[cfg(target_arch = "x86_64")]
        {
            let avx2 = std::is_x86_feature_detected!("avx2");
            match self {
                Qd8Path::Scalar => true,
                Qd8Path::Avx2 => avx2,
                Qd8Path::AvxVnni => avx2 && std::is_x86_feature_detected!("avxvnni"),
                Qd8Path::Avx512Vnni => {
                    std::is_x86_feature_detected!("avx512f")
                        && std::is_x86_feature_detected!("avx512bw")
                        && std::is_x86_feature_detected!("avx512vl")
                        && std::is_x86_feature_detected!("avx512vnni")
                }
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            self == Qd8Path::Scalar
        }
    }

    /// The fastest path at the level [`Isa::current`] allows (`PLUGBOARD_NATIVE_ISA`),
    /// without the VNNI paths when [`isa::vnni_allowed`] says no
    /// (`PLUGBOARD_NATIVE_VNNI=off`): so `avx2` + VNNI off is an AVX2-only machine,
    /// `avx2` alone an AVX2 + AVX-VNNI one. Detected once.
    pub fn best() -> Qd8Path {
        use std::sync::OnceLock;
        static BEST: OnceLock<Qd8Path> = OnceLock::new();
        *BEST.get_or_init(|| {
            let (level, vnni) = (Isa::current(), isa::vnni_allowed());
            [
                (Qd8Path::Avx512Vnni, Isa::Avx512, true),
                (Qd8Path::AvxVnni, Isa::Avx2, true),
                (Qd8Path::Avx2, Isa::Avx2, false),
            ]
            .into_iter()
            .find(|&(p, at, needs_vnni)| at <= level && (vnni || !needs_vnni) && p.available())
            .map_or(Qd8Path::Scalar, |(p, ..)| p)
        })
    }

    /// Every path this CPU can run, slowest first.
    pub fn all_available() -> Vec<Qd8Path> {
        [
            Qd8Path::Scalar,
            Qd8Path::Avx2,
            Qd8Path::AvxVnni,
            Qd8Path::Avx512Vnni,
        ]
        .into_iter()
        .filter(|p| p.available())
        .collect()
    }
}

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
    /// 4-bit, in blocks of [`R`] channels ([`packed`]); scales per block, group and
    /// channel. `Σ w` per group is not stored: the kernels sum the nibbles as they go.
    /// A decode step reads every weight once and is bound by memory, so each byte
    /// kept per weight is time: 4.5 bits per weight with bfloat16 scales (groups of
    /// 32), where storing the sums as i32 and the scales as f32 took 6.
    Packed4 { data: Vec<u8>, scales: Scales },
    /// One signed byte per weight, row by row; scales and `Σ w` per row and group.
    Rows {
        data: Vec<i8>,
        scales: Vec<f32>,
        sums: Vec<i32>,
    },
}

/// The packed layout's scales.
enum Scales {
    /// Every scale is a bfloat16 value (its f32 bits' low half zero, as the XNNPACK
    /// delegates' `qbint4` scales, which are bfloat16 in the program, always are):
    /// the high halves, exact.
    Bf16(Vec<u16>),
    /// Anything else, as given.
    F32(Vec<f32>),
}

impl Scales {
    /// All the scales.
    fn all(&self) -> ScalesRef<'_> {
        match self {
            Scales::Bf16(v) => ScalesRef::Bf16(v),
            Scales::F32(v) => ScalesRef::F32(v),
        }
    }
}

/// Some of a packed layout's scales, as the kernels read them: bfloat16 ones are
/// widened as they are loaded (a shift), so they are never expanded in memory.
#[derive(Clone, Copy)]
enum ScalesRef<'a> {
    Bf16(&'a [u16]),
    F32(&'a [f32]),
}

impl<'a> ScalesRef<'a> {
    /// The scales `range` (within `len`).
    fn sub(self, range: Range<usize>) -> ScalesRef<'a> {
        match self {
            ScalesRef::Bf16(v) => ScalesRef::Bf16(&v[range]),
            ScalesRef::F32(v) => ScalesRef::F32(&v[range]),
        }
    }

    fn len(&self) -> usize {
        match self {
            ScalesRef::Bf16(v) => v.len(),
            ScalesRef::F32(v) => v.len(),
        }
    }

    /// Scale `i` (`i < len`).
    fn at(&self, i: usize) -> f32 {
        match self {
            ScalesRef::Bf16(v) => f32::from_bits(u32::from(v[i]) << 16),
            ScalesRef::F32(v) => v[i],
        }
    }

    /// Scales `i..i + 8` as f32 lanes.
    ///
    /// # Safety
    /// AVX2 is present and `i + 8 <= len`.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    unsafe fn load8(&self, i: usize) -> std::arch::x86_64::__m256 {
        use std::arch::x86_64::*;
        // SAFETY: i + 8 <= len (the caller's promise).
        unsafe {
            match self {
                ScalesRef::Bf16(v) => _mm256_castsi256_ps(_mm256_slli_epi32(
                    _mm256_cvtepu16_epi32(_mm_loadu_si128(v.as_ptr().add(i).cast())),
                    16,
                )),
                ScalesRef::F32(v) => _mm256_loadu_ps(v.as_ptr().add(i)),
            }
        }
    }
}

/// Weights of a fully connected layer over `qdint8` rows, laid out for this machine.
pub struct WeightsQd8 {
    n: usize,
    k: usize,
    block: usize,
    groups: usize,
    layout: Layout,
    bias: Option<Vec<f32>>,
    /// The thread choice for calls of several rows (a prefill).
    threads: ThreadChoice,
    /// The thread choice for calls of one row (a decode step): bound by memory where a
    /// prefill is bound by arithmetic, so splitting pays differently, and a language
    /// model's first calls (where a choice is learned) are its prefill.
    threads_one_row: ThreadChoice,
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
        let packed = spec.bits == 4 && k.is_multiple_of(8) && block.is_multiple_of(8);
        let bf16 = spec.scales.iter().all(|s| s.to_bits() & 0xffff == 0);
        let kept = if packed {
            n.next_multiple_of(R) * (k / 2 + groups * if bf16 { 2 } else { 4 })
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
            let data = packed::pack(n, k, spec.data);
            let mut scales = vec![0f32; nb * groups * R];
            for j in 0..n {
                let (b, r) = (j / R, j % R);
                for g in 0..groups {
                    scales[(b * groups + g) * R + r] = spec.scales[j * groups + g];
                }
            }
            let scales = if bf16 {
                Scales::Bf16(scales.iter().map(|s| (s.to_bits() >> 16) as u16).collect())
            } else {
                Scales::F32(scales)
            };
            Layout::Packed4 { data, scales }
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
            threads_one_row: ThreadChoice::default(),
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

    /// The address and length of the weights' bytes (not their scales).
    fn weight_bytes(&self) -> (usize, usize) {
        match &self.layout {
            Layout::Packed4 { data, .. } => (data.as_ptr() as usize, data.len()),
            Layout::Rows { data, .. } => (data.as_ptr() as usize, data.len()),
        }
    }

    /// Whether the weights are in the packed 4-bit layout (the AVX2 kernel's).
    pub fn is_packed(&self) -> bool {
        matches!(self.layout, Layout::Packed4 { .. })
    }
}

/// A fully connected layer over float32 rows (contract 2.4's
/// `fully-connected-qd8-f32`): `x` holds `rows * depth` values, each row quantized as
/// XNNPACK's `Convert` to `qdint8` does ([`quantize_rows`]), then
/// [`fully_connected_qd8`]. The quantized rows are charged to the account while they
/// live; the last input's stay for the next call, which reuses them when its input is
/// the same (`input_cache`).
///
/// Errors: `x` not a whole number of rows, and those of [`fully_connected_qd8`].
#[allow(clippy::too_many_arguments)]
pub fn fully_connected_qd8_f32(
    w: &WeightsQd8,
    x: &[f32],
    out: &mut [f32],
    output_min: f32,
    output_max: f32,
    work: &mut Work<'_>,
) -> Result<(), AccelError> {
    let k = w.depth();
    if k == 0 || !x.len().is_multiple_of(k) {
        return Err(AccelError::invalid(format!(
            "{} input values are no whole number of rows of {k}",
            x.len()
        )));
    }
    let mut cache = std::mem::take(&mut work.scratch.qd8_input);
    cache.quantize(Qd8Path::best(), x, k, work.account);
    if !cache.keep() {
        // No room to keep them: charged for this call only, as they are used.
        let _charge = work.account.charge(x.len(), "the quantized rows")?;
        return fully_connected_qd8(w, &cache.q, &cache.rows, out, output_min, output_max, work);
    }
    let result = fully_connected_qd8(w, &cache.q, &cache.rows, out, output_min, output_max, work);
    work.scratch.qd8_input = cache;
    if x.len() == k && work.threads > 1 {
        // A decode step's row: the workers warm the next layers while the step goes on.
        let ahead = work.scratch.qd8_order.called(w.weight_bytes());
        crate::pool::warm(&ahead);
    }
    result
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
    fully_connected_qd8_with_path(
        Qd8Path::best(),
        w,
        x,
        rows,
        out,
        output_min,
        output_max,
        work,
    )
}

/// [`fully_connected_qd8`] on the kernels of `path` (tests and benchmarks; every path
/// gives the same bits). A path this CPU lacks ([`Qd8Path::available`]) runs the
/// portable code instead.
#[allow(clippy::too_many_arguments)]
pub fn fully_connected_qd8_with_path(
    path: Qd8Path,
    w: &WeightsQd8,
    x: &[i8],
    rows: &[RowQuant],
    out: &mut [f32],
    output_min: f32,
    output_max: f32,
    work: &mut Work<'_>,
) -> Result<(), AccelError> {
    let path = if path.available() {
        path
    } else {
        Qd8Path::Scalar
    };
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
    let choice = if m == 1 {
        &w.threads_one_row
    } else {
        &w.threads
    };
    let threads = choice.pick(work.threads);
    let start = choice.learning(work.threads).then(Instant::now);
    let per_row = n * k;
    let chunk_rows = (work.chunk_work / per_row.max(1)).max(1);
    let mut r0 = 0;
    while r0 < m {
        work.account.check_deadline()?;
        let r1 = (r0 + chunk_rows).min(m);
        let xs = &x[r0 * k..r1 * k];
        let prepared = Prepared::new(w, xs, &rows[r0..r1], path);
        let o = &mut out[r0 * n..r1 * n];
        // Split by output channels (whole blocks) when each part gets 256K MACs.
        let blocks = n.div_ceil(R);
        let parts = threads
            .min(((r1 - r0) * per_row) >> 18)
            .clamp(1, blocks.max(1));
        if parts <= 1 {
            prepared.run(w, 0..n, o, output_min, output_max);
        } else if r1 - r0 == 1 {
            // One row (a decode step): each part's channels are a contiguous piece of
            // the output, written in place.
            let per = blocks.div_ceil(parts) * R;
            let split: Vec<(Range<usize>, &mut [f32])> = o
                .chunks_mut(per)
                .enumerate()
                .map(|(i, piece)| (i * per..i * per + piece.len(), piece))
                .collect();
            crate::pool::for_each_part(threads, split, |(cols, piece)| {
                prepared.run(w, cols, piece, output_min, output_max);
            });
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
        choice.record(threads, start.elapsed());
    }
    Ok(())
}

/// The input rows as the kernels read them.
struct Prepared<'a> {
    x: &'a [i8],
    rows: &'a [RowQuant],
    /// Packed layout: `8 Σ x` per row and group (the nibbles are `w + 8`).
    xsums: Vec<i32>,
    path: Qd8Path,
}

impl<'a> Prepared<'a> {
    fn new(w: &WeightsQd8, x: &'a [i8], rows: &'a [RowQuant], path: Qd8Path) -> Prepared<'a> {
        let mut xsums = Vec::new();
        if w.is_packed() {
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
            xsums,
            path,
        }
    }

    /// Row `i` as the packed kernels read it.
    fn row(&self, w: &WeightsQd8, i: usize) -> packed::Row<'_> {
        packed::Row {
            x: &self.x[i * w.k..][..w.k],
            xsums: &self.xsums[i * w.groups..][..w.groups],
            zp: self.rows[i].zero_point,
        }
    }

    /// Blocks `blocks` of output channels `cols` for rows `i .. i + N` into `out`
    /// (`width = cols.len()` values a row), each output finished by the epilogue.
    #[allow(clippy::too_many_arguments)]
    fn run_rows<const N: usize>(
        &self,
        w: &WeightsQd8,
        layer: &packed::Blocks<'_>,
        blocks: Range<usize>,
        i: usize,
        cols: &Range<usize>,
        out: &mut [f32],
        (lo, hi): (f32, f32),
    ) {
        let width = cols.len();
        let rows: [packed::Row<'_>; N] = std::array::from_fn(|r| self.row(w, i + r));
        let mut emit = |b: usize, accs: &[[f32; R]; N]| {
            for (t, acc) in accs.iter().enumerate() {
                let ii = i + t;
                let scale = self.rows[ii].scale;
                if b * R >= cols.start && (b + 1) * R <= cols.end {
                    // A whole block: its outputs at once.
                    let bias = w.bias.as_ref().map(|bs| &bs[b * R..][..R]);
                    let o = &mut out[ii * width + b * R - cols.start..][..R];
                    finish_block(self.path, acc, scale, bias, lo, hi, o);
                    continue;
                }
                for (r, &a) in acc.iter().enumerate() {
                    let jj = b * R + r;
                    if cols.contains(&jj) {
                        let bias = w.bias.as_ref().map_or(0.0, |bs| bs[jj]);
                        out[ii * width + jj - cols.start] = (a * scale + bias).max(lo).min(hi);
                    }
                }
            }
        };
        packed::run_blocks(self.path, layer, blocks, &rows, &mut emit);
    }

    /// Output channels `cols` of every row into `out` (`rows * cols.len()` values).
    fn run(&self, w: &WeightsQd8, cols: Range<usize>, out: &mut [f32], lo: f32, hi: f32) {
        let (k, groups, width) = (w.k, w.groups, cols.len());
        let finish = |acc: f32, i: usize, j: usize| {
            let bias = w.bias.as_ref().map_or(0.0, |b| b[j]);
            (acc * self.rows[i].scale + bias).max(lo).min(hi)
        };
        match &w.layout {
            Layout::Packed4 { data, scales } => {
                let layer = packed::Blocks {
                    data,
                    scales: scales.all(),
                    quads: k / 8,
                    groups,
                    quads_per_group: w.block / 8,
                };
                // Rows at once per block, as many as the path keeps in registers: the
                // block's weights are loaded and split into nibbles once for them.
                let at_once = match self.path {
                    Qd8Path::Avx512Vnni => 4,
                    Qd8Path::Avx2 | Qd8Path::AvxVnni => 2,
                    Qd8Path::Scalar => 1,
                };
                let blocks = cols.start / R..cols.end.div_ceil(R);
                let m = self.rows.len();
                let bounds = (lo, hi);
                // One call for every block where the rows fit one kernel call (a
                // decode step); otherwise block by block, every row of a block while
                // its weights are in the nearest cache (a prefill).
                let per_block: Vec<Range<usize>> = if m <= at_once {
                    vec![blocks]
                } else {
                    blocks.map(|b| b..b + 1).collect()
                };
                for bs in per_block {
                    let mut i = 0;
                    while i < m {
                        let left = m - i;
                        let take = if left >= 4 && at_once >= 4 {
                            self.run_rows::<4>(w, &layer, bs.clone(), i, &cols, out, bounds);
                            4
                        } else if left >= 2 && at_once >= 2 {
                            self.run_rows::<2>(w, &layer, bs.clone(), i, &cols, out, bounds);
                            2
                        } else {
                            self.run_rows::<1>(w, &layer, bs.clone(), i, &cols, out, bounds);
                            1
                        };
                        i += take;
                    }
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
                            let d = dot_i8(self.path, xg, wg)
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

/// The epilogue of one block's [`R`] channels for one row: `(acc * scale +
/// bias).max(lo).min(hi)` per channel (bias 0 when there is none), each operation
/// rounded on its own, as [`Prepared::run`]'s scalar `finish` computes it. AVX2 does
/// the eight at once where both bounds are numbers: `vmaxps(y, lo)` gives `lo` for a
/// NaN `y` as `f32::max` does, and `y` is a number after it. (NaN bounds, which no
/// delegate sends, take the scalar code.)
fn finish_block(
    path: Qd8Path,
    acc: &[f32; R],
    scale: f32,
    bias: Option<&[f32]>,
    lo: f32,
    hi: f32,
    out: &mut [f32],
) {
    #[cfg(target_arch = "x86_64")]
    if path >= Qd8Path::Avx2
        && !lo.is_nan()
        && !hi.is_nan()
        && out.len() >= R
        && bias.is_none_or(|b| b.len() >= R)
    {
        // SAFETY: every path from `Avx2` up runs only where AVX2 is present; the
        // slices hold `R` values (checked).
        unsafe { avx2::finish_block(acc, scale, bias, lo, hi, out) };
        return;
    }
    let _ = path;
    for (r, (o, &a)) in out.iter_mut().zip(acc).enumerate() {
        let b = bias.map_or(0.0, |b| b[r]);
        *o = (a * scale + b).max(lo).min(hi);
    }
}

/// `Σ a·b` over two equally long int8 slices.
fn dot_i8(path: Qd8Path, a: &[i8], b: &[i8]) -> i32 {
    #[cfg(target_arch = "x86_64")]
    if path >= Qd8Path::Avx2 {
        // SAFETY: every path from `Avx2` up runs only where AVX2 is present.
        return unsafe { avx2::dot_i8(a, b) };
    }
    let _ = path;
    a.iter().zip(b).fold(0i32, |s, (&p, &q)| {
        s.wrapping_add(i32::from(p) * i32::from(q))
    })
}

/// `8·zp·len - xsums[g]` for a group of `len` inputs (see [`packed`]).
fn group_constant(xs: i32, zp: i32, len: usize) -> i32 {
    zp.wrapping_mul(8).wrapping_mul(len as i32).wrapping_sub(xs)
}

#[cfg(target_arch = "x86_64")]
mod avx2 {
    use super::R;
    use std::arch::x86_64::*;

    /// [`super::finish_block`] with AVX2. `out` and `bias` hold at least `R` values;
    /// `lo` and `hi` are numbers.
    #[target_feature(enable = "avx2")]
    pub(super) unsafe fn finish_block(
        acc: &[f32; R],
        scale: f32,
        bias: Option<&[f32]>,
        lo: f32,
        hi: f32,
        out: &mut [f32],
    ) {
        // SAFETY: the caller keeps `R` values in `out` and `bias`.
        unsafe {
            for h in (0..R).step_by(8) {
                let y = _mm256_mul_ps(_mm256_loadu_ps(acc.as_ptr().add(h)), _mm256_set1_ps(scale));
                let b = match bias {
                    Some(b) => _mm256_loadu_ps(b.as_ptr().add(h)),
                    None => _mm256_setzero_ps(),
                };
                let y = _mm256_max_ps(_mm256_add_ps(y, b), _mm256_set1_ps(lo));
                _mm256_storeu_ps(
                    out.as_mut_ptr().add(h),
                    _mm256_min_ps(y, _mm256_set1_ps(hi)),
                );
            }
        }
    }

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
}

mod convert;
pub use convert::quantize_rows;
mod input_cache;
pub(crate) use input_cache::InputCache;
mod layer_order;
pub(crate) use layer_order::LayerOrder;

mod packed;

#[cfg(test)]
mod tests;
