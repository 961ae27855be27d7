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
use crate::isa::{self, Isa};
use crate::meter::{AccelError, Account, Charge};

/// Output channels per block of the packed 4-bit layout.
pub const R: usize = 8;

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
    /// x86-64 AVX-512 F/BW/VL with VNNI: 512-bit `vpdpbusd`, four channels per load.
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
    /// 4-bit, in blocks of [`R`] channels (the last padded with zero weights): per
    /// block and 32-channel chunk, each channel's 16 bytes in turn; scales per block,
    /// group and channel. `Σ w` per group is not stored: the kernels multiply the
    /// nibbles by `-zp` as they go (see [`block8`]). A decode step reads every weight
    /// once and is bound by memory, so each byte kept per weight is time: 4.5 bits
    /// per weight with bfloat16 scales (groups of 32), where storing the sums as i32
    /// and the scales as f32 took 6.
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
    /// The scales `range`.
    fn slice(&self, range: Range<usize>) -> ScalesRef<'_> {
        match self {
            Scales::Bf16(v) => ScalesRef::Bf16(&v[range]),
            Scales::F32(v) => ScalesRef::F32(&v[range]),
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

impl ScalesRef<'_> {
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
            let chunks = k / 32;
            // 0x88: both nibbles `0 + 8`, a zero weight, for the padding channels.
            let mut data = vec![0x88u8; nb * chunks * R * 16];
            let mut scales = vec![0f32; nb * groups * R];
            for j in 0..n {
                let (b, r) = (j / R, j % R);
                let src = &spec.data[j * row_bytes..][..row_bytes];
                for c in 0..chunks {
                    let dst = ((b * chunks + c) * R + r) * 16;
                    data[dst..dst + 16].copy_from_slice(&src[c * 16..][..16]);
                }
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

/// A fully connected layer over float32 rows (contract 2.4's
/// `fully-connected-qd8-f32`): `x` holds `rows * depth` values, each row quantized as
/// XNNPACK's `Convert` to `qdint8` does ([`quantize_rows`]), then
/// [`fully_connected_qd8`]. The quantized rows are charged to the account while they
/// live.
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
    let _charge = work.account.charge(x.len(), "the quantized rows")?;
    let mut q = vec![0i8; x.len()];
    let mut rows = Vec::with_capacity(x.len() / k);
    quantize_rows(Qd8Path::best(), x, k, &mut q, &mut rows);
    fully_connected_qd8(w, &q, &rows, out, output_min, output_max, work)
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
    let threads = w.threads.pick(work.threads);
    let start = w.threads.learning(work.threads).then(Instant::now);
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

/// The input rows as the kernels read them.
struct Prepared<'a> {
    x: &'a [i8],
    rows: &'a [RowQuant],
    /// Packed layout: each row's 32-element chunks reordered (16 even elements, then
    /// 16 odd), and `8 Σ x` per row and group (the nibbles are `w + 8`).
    deinterleaved: Vec<i8>,
    xsums: Vec<i32>,
    path: Qd8Path,
}

impl<'a> Prepared<'a> {
    fn new(w: &WeightsQd8, x: &'a [i8], rows: &'a [RowQuant], path: Qd8Path) -> Prepared<'a> {
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
            path,
        }
    }

    /// Rows `i .. i + 4` of one block at once (`vnni::block8_rows_avx512`), when there
    /// are four more rows, the path is AVX-512 VNNI, the kernel counts nibble sums (not
    /// fused) and their zero points are bytes; `None` otherwise (one row at a time).
    fn rows4(
        &self,
        kernel: &Kernel<'_>,
        i: usize,
        k: usize,
        groups: usize,
    ) -> Option<[[f32; R]; 4]> {
        #[cfg(target_arch = "x86_64")]
        {
            use vnni::ROWS;
            let rows = self.rows.get(i..i + ROWS)?;
            if kernel.path != Qd8Path::Avx512Vnni
                || kernel.usums.is_empty()
                || rows.iter().any(|q| !(-128..=127).contains(&q.zero_point))
            {
                return None;
            }
            let xd: [&[i8]; ROWS] =
                std::array::from_fn(|r| &self.deinterleaved[(i + r) * k..][..k]);
            let xs: [&[i32]; ROWS] =
                std::array::from_fn(|r| &self.xsums[(i + r) * groups..][..groups]);
            let zp: [i32; ROWS] = std::array::from_fn(|r| rows[r].zero_point);
            // SAFETY: the path runs only where AVX-512 VNNI is present
            // (`Qd8Path::available`); the kernel checks every length.
            Some(unsafe {
                vnni::block8_rows_avx512(
                    xd,
                    kernel.blk,
                    kernel.chunks_per_group,
                    xs,
                    zp,
                    kernel.scales,
                    kernel.usums,
                )
            })
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            let _ = (kernel, i, k, groups);
            None
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
            Layout::Packed4 { data, scales } => {
                let chunks = k / 32;
                // Several rows share a block's `Σ u`: counted once per block, it spares
                // each row the `-zp` products (see `block8`).
                let mut usums = Vec::new();
                let mut j = cols.start;
                while j < cols.end {
                    let b = j / R;
                    let blk = &data[b * chunks * R * 16..][..chunks * R * 16];
                    let sc = scales.slice(b * groups * R..(b + 1) * groups * R);
                    if self.rows.len() > 1 {
                        usums.resize(groups * R, 0);
                        nibble_sums(self.path, blk, w.block / 32, &mut usums);
                    }
                    let kernel = Kernel {
                        path: self.path,
                        blk,
                        chunks_per_group: w.block / 32,
                        scales: sc,
                        usums: &usums,
                    };
                    let mut rows4: Option<(usize, [[f32; R]; 4])> = None;
                    for (i, q) in self.rows.iter().enumerate() {
                        let xd = &self.deinterleaved[i * k..][..k];
                        let xs = &self.xsums[i * groups..][..groups];
                        // A prefill's rows four at a time where the kernel has that form.
                        if i % 4 == 0 && rows4.is_none_or(|(at, _)| at != i) {
                            rows4 = self.rows4(&kernel, i, k, groups).map(|a| (i, a));
                        }
                        let acc = match rows4 {
                            Some((at, a)) if i - at < 4 => a[i - at],
                            _ => block8(&kernel, xd, xs, q.zero_point),
                        };
                        if b * R >= cols.start && (b + 1) * R <= cols.end {
                            // A whole block: its eight outputs at once.
                            let bias = w.bias.as_ref().map(|bs| &bs[b * R..][..R]);
                            let o = &mut out[i * width + b * R - cols.start..][..R];
                            finish_block(self.path, &acc, q.scale, bias, lo, hi, o);
                            continue;
                        }
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

/// The fp32 accumulators of the [`R`] channels of one packed block for one row:
/// `Σ_g f32(d[g][r]) · scales[g][r]`, groups in order, where over group `g`
/// (`chunks_per_group` chunks of 32, `len` inputs) with the nibbles `u = w + 8`:
///
/// ```text
/// d = Σ x·w - zp·Σ w = Σ (x - zp)·u - 8 Σ x + 8·zp·len = Σ x·u + Σ (-zp)·u - xsums[g] + 8·zp·len
/// ```
///
/// all exact in i32, so no `Σ w` is stored. With one row the kernels multiply the
/// nibbles by `-zp` as they go (a signed byte; `-zp = 128` is done as `127 + 1`); with
/// several, `kernel.usums` holds the block's `Σ u` per group and channel
/// ([`nibble_sums`]) and the group's sum subtracts `zp · Σ u` instead.
fn block8(kernel: &Kernel<'_>, xd: &[i8], xsums: &[i32], zp: i32) -> [f32; R] {
    let Kernel {
        path,
        blk,
        chunks_per_group,
        scales,
        usums,
    } = *kernel;
    // The SIMD kernels take `-zp` as a byte: a zero point outside int8 (never one
    // XNNPACK's `Convert` makes) goes to the portable code, which wraps as they would.
    let path = if (-128..=127).contains(&zp) {
        path
    } else {
        Qd8Path::Scalar
    };
    let fused = usums.is_empty();
    // SAFETY (each arm): the path runs only where its features are present
    // (`Qd8Path::available`); the lengths were laid out together by `WeightsQd8::new`
    // and `Prepared::new` (`xd.len() = k`, `blk.len() = k / 32 * 128`, `R` scales and
    // nibble sums per group, a sum of `x` per group), which the kernels check again.
    #[cfg(target_arch = "x86_64")]
    {
        // `kernel::<FUSED>` on this block's arguments, FUSED as `fused` says.
        macro_rules! run {
            ($($f:ident)::+) => {
                return unsafe {
                    if fused {
                        $($f)::+::<true>(xd, blk, chunks_per_group, xsums, zp, scales, usums)
                    } else {
                        $($f)::+::<false>(xd, blk, chunks_per_group, xsums, zp, scales, usums)
                    }
                }
            };
        }
        match path {
            Qd8Path::Avx512Vnni => run!(vnni::block8_avx512),
            Qd8Path::AvxVnni => run!(vnni::block8_avx),
            Qd8Path::Avx2 => run!(avx2::block8),
            Qd8Path::Scalar => {}
        }
    }
    let _ = fused;
    let mut acc = [0f32; R];
    let chunks = xd.len() / 32;
    for (g, &xs) in xsums.iter().enumerate() {
        let (c0, c1) = (
            g * chunks_per_group,
            ((g + 1) * chunks_per_group).min(chunks),
        );
        let mut d = [group_constant(xs, zp, c0, c1); R];
        for c in c0..c1 {
            let xc = &xd[c * 32..][..32];
            for (r, dr) in d.iter_mut().enumerate() {
                let wc = &blk[(c * R + r) * 16..][..16];
                for t in 0..16 {
                    let (lo, hi) = (i32::from(wc[t] & 0xf), i32::from(wc[t] >> 4));
                    let p = (i32::from(xc[t]).wrapping_sub(zp))
                        .wrapping_mul(lo)
                        .wrapping_add((i32::from(xc[16 + t]).wrapping_sub(zp)).wrapping_mul(hi));
                    *dr = dr.wrapping_add(p);
                }
            }
        }
        for r in 0..R {
            acc[r] += d[r] as f32 * scales.at(g * R + r);
        }
    }
    acc
}

/// What [`block8`] runs on for one packed block: the kernels, the block's weights, its
/// groups' size in chunks of 32, scales, and `Σ u` per group and channel (empty: the
/// kernels count with `-zp` themselves).
#[derive(Clone, Copy)]
struct Kernel<'a> {
    path: Qd8Path,
    blk: &'a [u8],
    chunks_per_group: usize,
    scales: ScalesRef<'a>,
    usums: &'a [i32],
}

/// `Σ u` (the nibbles, `w + 8`) of each group and channel of one packed block into
/// `sums[g * R + r]` (`sums` holds the block's groups).
fn nibble_sums(path: Qd8Path, blk: &[u8], chunks_per_group: usize, sums: &mut [i32]) {
    #[cfg(target_arch = "x86_64")]
    if path >= Qd8Path::Avx2 {
        // SAFETY: every path from `Avx2` up runs only where AVX2 is present.
        unsafe { avx2::nibble_sums(blk, chunks_per_group, sums) };
        return;
    }
    let _ = path;
    let chunks = blk.len() / (R * 16);
    for (g, s) in sums.chunks_exact_mut(R).enumerate() {
        let (c0, c1) = (
            g * chunks_per_group,
            ((g + 1) * chunks_per_group).min(chunks),
        );
        for (r, sr) in s.iter_mut().enumerate() {
            *sr = (c0..c1)
                .flat_map(|c| &blk[(c * R + r) * 16..][..16])
                .map(|&b| i32::from(b & 0xf) + i32::from(b >> 4))
                .sum();
        }
    }
}

/// `8·zp·len - xsums[g]` for the group of chunks `c0..c1` (see [`block8`]).
fn group_constant(xs: i32, zp: i32, c0: usize, c1: usize) -> i32 {
    let len = (32 * c1.saturating_sub(c0)) as i32;
    zp.wrapping_mul(8).wrapping_mul(len).wrapping_sub(xs)
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
            let y = _mm256_mul_ps(_mm256_loadu_ps(acc.as_ptr()), _mm256_set1_ps(scale));
            let b = match bias {
                Some(b) => _mm256_loadu_ps(b.as_ptr()),
                None => _mm256_setzero_ps(),
            };
            let y = _mm256_max_ps(_mm256_add_ps(y, b), _mm256_set1_ps(lo));
            _mm256_storeu_ps(out.as_mut_ptr(), _mm256_min_ps(y, _mm256_set1_ps(hi)));
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

    /// [`super::nibble_sums`] with AVX2: each channel pair's 32 bytes per load, the
    /// two nibbles of a byte added (at most 30), then `vpsadbw` adds eight bytes at a
    /// time into 64-bit lanes.
    #[target_feature(enable = "avx2")]
    pub(super) unsafe fn nibble_sums(blk: &[u8], chunks_per_group: usize, sums: &mut [i32]) {
        let chunks = blk.len() / (R * 16);
        let mask = _mm256_set1_epi8(0x0f);
        let zero = _mm256_setzero_si256();
        for (g, s) in sums.chunks_exact_mut(R).enumerate() {
            let (c0, c1) = (
                g * chunks_per_group,
                ((g + 1) * chunks_per_group).min(chunks),
            );
            let mut a = [zero; R / 2];
            for c in c0..c1 {
                for (p, ap) in a.iter_mut().enumerate() {
                    // SAFETY: c < chunks, so R * 16 bytes at c * R * 16 are in `blk`.
                    let w =
                        unsafe { _mm256_loadu_si256(blk.as_ptr().add(c * R * 16 + p * 32).cast()) };
                    let t = _mm256_add_epi8(
                        _mm256_and_si256(w, mask),
                        _mm256_and_si256(_mm256_srli_epi16(w, 4), mask),
                    );
                    *ap = _mm256_add_epi64(*ap, _mm256_sad_epu8(t, zero));
                }
            }
            for (p, ap) in a.iter().enumerate() {
                let mut lanes = [0i64; 4];
                // SAFETY: four 64-bit lanes.
                unsafe { _mm256_storeu_si256(lanes.as_mut_ptr().cast(), *ap) };
                s[2 * p] = (lanes[0] + lanes[1]) as i32;
                s[2 * p + 1] = (lanes[2] + lanes[3]) as i32;
            }
        }
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
    /// broadcast to both halves, their high nibbles the 16 odd ones, and both nibbles'
    /// sum `-zp`, through `vpmaddubsw` (unsigned nibble times signed byte; a pair sums
    /// to at most 2 · 30 · 128, so nothing saturates, and the three results add to at
    /// most 8 · 15 · 128 in 16 bits), then `vpmaddwd` by ones into 32 bits.
    #[target_feature(enable = "avx2")]
    pub(super) unsafe fn block8<const FUSED: bool>(
        xd: &[i8],
        blk: &[u8],
        chunks_per_group: usize,
        xsums: &[i32],
        zp: i32,
        scales: super::ScalesRef<'_>,
        usums: &[i32],
    ) -> [f32; R] {
        let Some(chunks) = super::vnni_fits(xd, blk, chunks_per_group, xsums, scales, usums, FUSED)
        else {
            return [f32::NAN; R];
        };
        let (nzp, extra) = super::negated_zero_point(zp);
        let mask = _mm256_set1_epi8(0x0f);
        let ones = _mm256_set1_epi16(1);
        let nzpv = _mm256_set1_epi8(nzp);
        let extrav = _mm256_set1_epi8(extra);
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
                        let t = if FUSED { _mm256_add_epi8(lo, hi) } else { lo };
                        let mut s = _mm256_add_epi16(
                            _mm256_maddubs_epi16(lo, xe),
                            _mm256_maddubs_epi16(hi, xo),
                        );
                        if FUSED {
                            s = _mm256_add_epi16(s, _mm256_maddubs_epi16(t, nzpv));
                            if extra != 0 {
                                s = _mm256_add_epi16(s, _mm256_maddubs_epi16(t, extrav));
                            }
                        }
                        *ap = _mm256_add_epi32(*ap, _mm256_madd_epi16(s, ones));
                    }
                }
            }
            // a[p]: channel 2p in the low half, 2p + 1 in the high half.
            let h01 = _mm256_hadd_epi32(a[0], a[1]);
            let h23 = _mm256_hadd_epi32(a[2], a[3]);
            let d = _mm256_permutevar8x32_epi32(_mm256_hadd_epi32(h01, h23), order);
            let mut d =
                _mm256_add_epi32(d, _mm256_set1_epi32(super::group_constant(xs, zp, c0, c1)));
            if !FUSED {
                // SAFETY: R nibble sums per group (checked above).
                let us = unsafe { _mm256_loadu_si256(usums.as_ptr().add(g * R).cast()) };
                d = _mm256_sub_epi32(d, _mm256_mullo_epi32(_mm256_set1_epi32(zp), us));
            }
            // SAFETY: R scales per group (checked above).
            let scv = unsafe { scales.load8(g * R) };
            acc = _mm256_add_ps(acc, _mm256_mul_ps(_mm256_cvtepi32_ps(d), scv));
        }
        let mut outv = [0f32; R];
        // SAFETY: R floats.
        unsafe { _mm256_storeu_ps(outv.as_mut_ptr(), acc) };
        outv
    }
}

/// `-zp` as a signed byte and what is left of it (`-zp = 128` is `127 + 1`; a zero
/// point outside int8 gives what it gives, as its sums wrap).
fn negated_zero_point(zp: i32) -> (i8, i8) {
    let n = zp.wrapping_neg();
    if n == 128 {
        (127, 1)
    } else {
        (n as i8, 0)
    }
}

/// The checks every SIMD kernel makes before it reads (the safe callers laid the
/// slices out together; a mismatch gives NaN, never an out-of-bounds read): the
/// chunks of `xd`, when everything fits.
fn vnni_fits(
    xd: &[i8],
    blk: &[u8],
    chunks_per_group: usize,
    xsums: &[i32],
    scales: ScalesRef<'_>,
    usums: &[i32],
    fused: bool,
) -> Option<usize> {
    let chunks = xd.len() / 32;
    let groups = xsums.len();
    (blk.len() >= chunks * R * 16
        && scales.len() >= groups * R
        && (fused || usums.len() >= groups * R)
        && chunks_per_group > 0
        && groups >= chunks.div_ceil(chunks_per_group))
    .then_some(chunks)
}

mod convert;
pub use convert::quantize_rows;

#[cfg(target_arch = "x86_64")]
mod vnni;

#[cfg(test)]
mod tests;
