//! fp32 GEMM with a fused bias + clamp epilogue, for convolutions lowered to GEMM.
//!
//! `out[i, j] = clamp(bias[j] + sum_kk a[i, kk] * b[kk, j], min, max)` where `a` is read
//! directly (row-major, any row stride, never packed) and `b` is packed once into a
//! [`PackedF32`].
//!
//! Paths (XNNPACK-style "broadcast" micro-kernels: one element of `a` is broadcast and
//! multiplied with a packed row of `b` into register-blocked accumulators, which start
//! from the bias; the clamp is applied in registers before the only store):
//!
//! - [`SgemmPath::Avx512`] (x86-64 with AVX-512F): 6x64 / 6x48 / 12x32 / 12x16 tiles of `zmm`
//!   accumulators, `vfmadd231ps` with the `a` broadcast folded into the instruction,
//!   masked stores at the right edge.
//! - [`SgemmPath::Avx2`] (x86-64 with AVX2 + FMA): 6x16 tiles of `ymm` accumulators, and
//!   12x8 tiles on a last panel of at most 8 columns.
//! - [`SgemmPath::Scalar`]: portable code over the same packed layout.
//!
//! The paths may differ in the last bits (fused versus separate multiply-add), all are
//! within float rounding of the exact result: each output is the bias plus the products
//! accumulated in increasing `kk` order.
//!
//! Packed layout: columns are grouped in panels of 16; panel `p` holds `k` consecutive
//! 64-byte rows, row `kk` being `b[kk, 16p .. 16p + 16]` (zeros for padding columns).

use crate::activation::{self, Activation};

/// Columns per packed panel (one 512-bit vector of `f32`).
const PANEL: usize = 16;

/// One 64-byte, 64-byte-aligned row of a panel: `b[kk, 16p .. 16p + 16]`.
#[derive(Clone, Copy)]
#[repr(C, align(64))]
struct Row([f32; PANEL]);

/// B packed once: `b[kk, j] = w[j * k + kk]` (one row of `k` weights per output column
/// `j`), `j < n`, plus a bias per column.
#[derive(Clone)]
pub struct PackedF32 {
    k: usize,
    n: usize,
    /// Number of 16-wide column panels, `ceil(n / 16)`.
    panels: usize,
    /// `panels * k` rows; row `kk` of panel `p` is at `p * k + kk`.
    data: Vec<Row>,
    /// `bias[j]` for `j < n`, 0 after (`panels * 16` entries).
    bias: Vec<f32>,
}

impl std::fmt::Debug for PackedF32 {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PackedF32")
            .field("k", &self.k)
            .field("n", &self.n)
            .finish_non_exhaustive()
    }
}

impl PackedF32 {
    /// Packs `w` (`n` rows of `k` weights) and `bias` (`n` entries, zeros if `None`).
    /// Errors if `w.len() != n * k` or `bias.len() != n`.
    pub fn new(k: usize, n: usize, w: &[f32], bias: Option<&[f32]>) -> Result<PackedF32, String> {
        let expect = n
            .checked_mul(k)
            .ok_or_else(|| format!("sgemm: n * k overflows ({n} * {k})"))?;
        if w.len() != expect {
            return Err(format!(
                "sgemm: weight slice has {} elements, expected n * k = {n} * {k} = {expect}",
                w.len()
            ));
        }
        if let Some(bias) = bias {
            if bias.len() != n {
                return Err(format!(
                    "sgemm: bias has {} elements, expected n = {n}",
                    bias.len()
                ));
            }
        }
        let panels = n.div_ceil(PANEL);
        let rows = panels
            .checked_mul(k)
            .ok_or_else(|| "sgemm: packed size overflows".to_string())?;
        let mut data = vec![Row([0.0; PANEL]); rows];
        for j in 0..n {
            let (p, c) = (j / PANEL, j % PANEL);
            let src = &w[j * k..(j + 1) * k];
            for (row, &v) in data[p * k..(p + 1) * k].iter_mut().zip(src) {
                row.0[c] = v;
            }
        }
        let mut padded = vec![0.0f32; panels * PANEL];
        if let Some(bias) = bias {
            padded[..n].copy_from_slice(bias);
        }
        Ok(PackedF32 {
            k,
            n,
            panels,
            data,
            bias: padded,
        })
    }

    /// Depth (number of rows of `b`).
    pub fn k(&self) -> usize {
        self.k
    }

    /// Number of output columns.
    pub fn n(&self) -> usize {
        self.n
    }

    /// The bias (`n` entries).
    pub fn bias(&self) -> &[f32] {
        &self.bias[..self.n]
    }

    /// Number of 16-column panels, `ceil(n / 16)`.
    pub fn panels(&self) -> usize {
        self.panels
    }

    /// Panel `p` (`p < panels()`): its `k` rows, row `kk` being `b[kk, 16p .. 16p + 16]`
    /// (zeros past `n`), and its 16 biases (zeros past `n`). For kernels that read the
    /// packed weights directly (`cpu`'s direct convolution). Panics if `p` is out of
    /// range.
    pub fn panel(&self, p: usize) -> (&[[f32; PANEL]], &[f32; PANEL]) {
        let rows = &self.data[p * self.k..(p + 1) * self.k];
        // SAFETY: `Row` is `repr(C)` around one `[f32; PANEL]` (64 bytes, no padding),
        // so a slice of rows is a slice of arrays with the same length.
        let rows =
            unsafe { std::slice::from_raw_parts(rows.as_ptr() as *const [f32; PANEL], rows.len()) };
        let bias = self.bias[p * PANEL..(p + 1) * PANEL]
            .try_into()
            .expect("16 biases per panel");
        (rows, bias)
    }

    /// Host bytes [`PackedF32::new`] allocates for `k x n` weights (the struct and
    /// its buffers), or `None` on overflow. Used to charge the bytes before packing.
    pub fn bytes_for(k: usize, n: usize) -> Option<usize> {
        let panels = n.div_ceil(PANEL);
        let rows = panels.checked_mul(k)?.checked_mul(size_of::<Row>())?;
        rows.checked_add(panels * PANEL * 4 + size_of::<PackedF32>())
    }

    /// Host bytes held (the struct and its buffers' capacity).
    pub fn bytes(&self) -> usize {
        size_of::<PackedF32>() + self.data.capacity() * size_of::<Row>() + self.bias.capacity() * 4
    }
}

/// Implementation selector (mostly for tests and benchmarks; [`sgemm`] picks the best).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SgemmPath {
    /// Portable code (any target).
    Scalar,
    /// x86-64 AVX2 + FMA.
    Avx2,
    /// x86-64 AVX-512F.
    Avx512,
}

impl SgemmPath {
    /// Whether this path can run on the current host.
    pub fn available(self) -> bool {
        match self {
            SgemmPath::Scalar => true,
            #[cfg(target_arch = "x86_64")]
            SgemmPath::Avx2 => {
                std::is_x86_feature_detected!("avx2") && std::is_x86_feature_detected!("fma")
            }
            #[cfg(target_arch = "x86_64")]
            SgemmPath::Avx512 => std::is_x86_feature_detected!("avx512f"),
            #[cfg(not(target_arch = "x86_64"))]
            _ => false,
        }
    }

    /// The fastest path available on this host at the level [`crate::isa::Isa::current`]
    /// allows (detected once).
    pub fn best() -> SgemmPath {
        use crate::isa::Isa;
        use std::sync::OnceLock;
        static BEST: OnceLock<SgemmPath> = OnceLock::new();
        *BEST.get_or_init(|| {
            let isa = Isa::current();
            [
                (SgemmPath::Avx512, Isa::Avx512),
                (SgemmPath::Avx2, Isa::Avx2),
            ]
            .into_iter()
            .find(|&(p, level)| level <= isa && p.available())
            .map_or(SgemmPath::Scalar, |(p, _)| p)
        })
    }

    /// All paths available on this host, slowest first.
    pub fn all_available() -> Vec<SgemmPath> {
        [SgemmPath::Scalar, SgemmPath::Avx2, SgemmPath::Avx512]
            .into_iter()
            .filter(|p| p.available())
            .collect()
    }
}

/// `out[i * ldo + j] = clamp(bias[j] + sum_kk a[i * lda + kk] * b[kk, j], min, max)` for
/// `i < m`, `j < n` (the clamp is `v.max(min).min(max)`; a NaN bound is no bound). Other
/// elements of `out` are left untouched. Errors (never panics) if slices are too short,
/// or `ldo < n` / `lda < k` with `m > 1`.
#[allow(clippy::too_many_arguments)]
pub fn sgemm(
    m: usize,
    a: &[f32],
    lda: usize,
    b: &PackedF32,
    min: f32,
    max: f32,
    out: &mut [f32],
    ldo: usize,
) -> Result<(), String> {
    sgemm_with_path(SgemmPath::best(), 1, m, a, lda, b, min, max, out, ldo)
}

/// [`sgemm`] split across `threads` threads of the kernels' pool (`threads <= 1`, or too little work,
/// runs on the calling thread). Rows are split; when there are too few rows, columns are.
#[allow(clippy::too_many_arguments)]
pub fn sgemm_threads(
    threads: usize,
    m: usize,
    a: &[f32],
    lda: usize,
    b: &PackedF32,
    min: f32,
    max: f32,
    out: &mut [f32],
    ldo: usize,
) -> Result<(), String> {
    sgemm_with_path(SgemmPath::best(), threads, m, a, lda, b, min, max, out, ldo)
}

/// Validated arguments shared by every thread.
#[derive(Clone, Copy)]
struct Job<'a> {
    a: *const f32,
    lda: usize,
    b: &'a PackedF32,
    min: f32,
    max: f32,
    act: Activation,
    out: *mut f32,
    ldo: usize,
}

// SAFETY: the raw pointers come from a shared `&[f32]` and an exclusive `&mut [f32]` that
// outlive the pool's scope; each thread writes a disjoint (rows x panels) block of `out`.
unsafe impl Send for Job<'_> {}
unsafe impl Sync for Job<'_> {}

/// [`sgemm_threads`] followed by `act` on every output element, applied to each band of
/// [`ACT_BAND`] rows as soon as the band is computed, while it is still in cache and on
/// the thread that computed it (a separate pass over a mobile network's activations
/// after the GEMM ran at memory speed on one thread: a fifth of EfficientNet-B0).
#[allow(clippy::too_many_arguments)]
pub fn sgemm_threads_activated(
    threads: usize,
    m: usize,
    a: &[f32],
    lda: usize,
    b: &PackedF32,
    min: f32,
    max: f32,
    act: Activation,
    out: &mut [f32],
    ldo: usize,
) -> Result<(), String> {
    sgemm_impl(
        SgemmPath::best(),
        threads,
        m,
        a,
        lda,
        b,
        min,
        max,
        act,
        out,
        ldo,
    )
}

/// Rows per band of [`sgemm_threads_activated`] (a multiple of both paths' row tiles).
pub const ACT_BAND: usize = 48;

/// [`sgemm_threads`] on an explicit path. Errors if the path is not available here.
#[allow(clippy::too_many_arguments)]
pub fn sgemm_with_path(
    path: SgemmPath,
    threads: usize,
    m: usize,
    a: &[f32],
    lda: usize,
    b: &PackedF32,
    min: f32,
    max: f32,
    out: &mut [f32],
    ldo: usize,
) -> Result<(), String> {
    sgemm_impl(
        path,
        threads,
        m,
        a,
        lda,
        b,
        min,
        max,
        Activation::None,
        out,
        ldo,
    )
}

#[allow(clippy::too_many_arguments)]
fn sgemm_impl(
    path: SgemmPath,
    threads: usize,
    m: usize,
    a: &[f32],
    lda: usize,
    b: &PackedF32,
    min: f32,
    max: f32,
    act: Activation,
    out: &mut [f32],
    ldo: usize,
) -> Result<(), String> {
    if !path.available() {
        return Err(format!(
            "sgemm: path {path:?} is not available on this host"
        ));
    }
    let (k, n) = (b.k, b.n);
    if m == 0 || n == 0 {
        return Ok(());
    }
    if m > 1 && ldo < n {
        return Err(format!(
            "sgemm: ldo {ldo} < n {n} makes output rows overlap"
        ));
    }
    if m > 1 && lda < k {
        return Err(format!("sgemm: lda {lda} < k {k}"));
    }
    if k > 0 {
        let need_a = (m - 1)
            .checked_mul(lda)
            .and_then(|v| v.checked_add(k))
            .ok_or_else(|| "sgemm: a extent overflows".to_string())?;
        if a.len() < need_a {
            return Err(format!(
                "sgemm: a has {} elements, needs (m - 1) * lda + k = {need_a}",
                a.len()
            ));
        }
    }
    let need_out = (m - 1)
        .checked_mul(ldo)
        .and_then(|v| v.checked_add(n))
        .ok_or_else(|| "sgemm: out extent overflows".to_string())?;
    if out.len() < need_out {
        return Err(format!(
            "sgemm: out has {} elements, needs (m - 1) * ldo + n = {need_out}",
            out.len()
        ));
    }
    // A NaN bound is no bound (as with `f32::max` / `f32::min`).
    let min = if min.is_nan() { f32::NEG_INFINITY } else { min };
    let max = if max.is_nan() { f32::INFINITY } else { max };
    let job = Job {
        a: a.as_ptr(),
        lda,
        b,
        min,
        max,
        act,
        out: out.as_mut_ptr(),
        ldo,
    };
    // Enough work per thread to pay for handing it over (~1M MACs, 20-30 us: on
    // `crate::pool`'s spinning workers, 1 -> 2 threads ran the bench's mobile shapes
    // 1.5-2.2x faster; rayon's sleeping workers needed ~8M), no threads on wasm.
    let macs = (m as u128) * (k.max(1) as u128) * (b.panels as u128 * PANEL as u128);
    let by_work = (macs >> 20).clamp(1, usize::MAX as u128) as usize;
    let threads = if cfg!(target_family = "wasm") {
        1
    } else {
        threads.max(1).min(by_work)
    };
    if threads == 1 {
        // SAFETY: extents validated above; the path is available.
        unsafe { run_block(path, &job, 0, m, 0, b.panels) };
        return Ok(());
    }
    // Split rows (in whole 12-row blocks) when there are enough of them, else panels.
    let row_blocks = m.div_ceil(12);
    let parts: Vec<(usize, usize, usize, usize)> =
        if row_blocks >= 2 * threads || row_blocks >= b.panels {
            let t = threads.min(row_blocks);
            (0..t)
                .map(|i| {
                    let r0 = (row_blocks * i / t * 12).min(m);
                    let r1 = (row_blocks * (i + 1) / t * 12).min(m);
                    (r0, r1, 0, b.panels)
                })
                .collect()
        } else {
            let t = threads.min(b.panels);
            (0..t)
                .map(|i| (0, m, b.panels * i / t, b.panels * (i + 1) / t))
                .collect()
        };
    let job = &job;
    let run = |parts: &[(usize, usize, usize, usize)]| {
        for &(r0, r1, p0, p1) in parts {
            // SAFETY: as above; the blocks are disjoint.
            unsafe { run_block(path, job, r0, r1, p0, p1) };
        }
    };
    crate::pool::for_each_part(threads, parts, |part| run(std::slice::from_ref(&part)));
    Ok(())
}

/// Computes rows `r0..r1`, panels `p0..p1` of the output on the current thread.
///
/// # Safety
/// The job's extents must have been validated and `path` must be available.
unsafe fn run_block(path: SgemmPath, job: &Job, r0: usize, r1: usize, p0: usize, p1: usize) {
    if job.act == Activation::None {
        // SAFETY: as the caller's.
        return unsafe { run_band(path, job, r0, r1, p0, p1) };
    }
    let (j0, j1) = (p0 * PANEL, (p1 * PANEL).min(job.b.n));
    let mut r = r0;
    while r < r1 {
        let e = (r + ACT_BAND).min(r1);
        // SAFETY: as the caller's; the rows just computed are in bounds (validated
        // extents) and no other thread touches this block.
        unsafe {
            run_band(path, job, r, e, p0, p1);
            for i in r..e {
                let row = std::slice::from_raw_parts_mut(job.out.add(i * job.ldo + j0), j1 - j0);
                activation::apply(job.act, row);
            }
        }
        r = e;
    }
}

/// [`run_block`] without the activation.
///
/// # Safety
/// As [`run_block`].
unsafe fn run_band(path: SgemmPath, job: &Job, r0: usize, r1: usize, p0: usize, p1: usize) {
    if r0 >= r1 || p0 >= p1 {
        return;
    }
    let k = job.b.k;
    let a = if k > 0 {
        job.a.wrapping_add(r0 * job.lda)
    } else {
        job.a
    };
    let out = job.out.wrapping_add(r0 * job.ldo);
    let m = r1 - r0;
    match path {
        #[cfg(target_arch = "x86_64")]
        // SAFETY: features checked by the caller, extents validated.
        SgemmPath::Avx512 => unsafe { x86::run_avx512(m, a, job, p0, p1, out) },
        #[cfg(target_arch = "x86_64")]
        // SAFETY: as above.
        SgemmPath::Avx2 => unsafe { x86::run_avx2(m, a, job, p0, p1, out) },
        // SAFETY: as above.
        _ => unsafe { run_scalar(m, a, job, p0, p1, out) },
    }
}

/// Portable path.
///
/// # Safety
/// Rows `0..m` of `a` (stride `job.lda`, `k` elements) and of `out` (stride `job.ldo`,
/// columns of panels `p0..p1` below `n`) must be in bounds.
unsafe fn run_scalar(m: usize, a: *const f32, job: &Job, p0: usize, p1: usize, out: *mut f32) {
    let b = job.b;
    let (k, n) = (b.k, b.n);
    for i in 0..m {
        // SAFETY: in bounds per the contract.
        let row: &[f32] = if k > 0 {
            unsafe { std::slice::from_raw_parts(a.add(i * job.lda), k) }
        } else {
            &[]
        };
        for p in p0..p1 {
            let mut acc = [0f32; PANEL];
            acc.copy_from_slice(&b.bias[p * PANEL..(p + 1) * PANEL]);
            for (&av, brow) in row.iter().zip(&b.data[p * k..(p + 1) * k]) {
                for (c, &bv) in acc.iter_mut().zip(&brow.0) {
                    *c += av * bv;
                }
            }
            let j0 = p * PANEL;
            for (c, &v) in acc.iter().enumerate().take(n - j0) {
                // SAFETY: column j0 + c < n of row i is in bounds.
                unsafe { *out.add(i * job.ldo + j0 + c) = v.max(job.min).min(job.max) };
            }
        }
    }
}

#[cfg(target_arch = "x86_64")]
mod x86 {
    use super::{Job, Row, PANEL};
    use std::arch::x86_64::*;

    // ---------------------------------------------------------------- AVX-512F

    /// One `MR x (NP * 16)` tile: rows `a[r * lda ..]`, panels `bp[p * k ..]`, bias
    /// `bias[p * 16 ..]`, the first `cols` columns stored at `out[r * ldo ..]`.
    #[target_feature(enable = "avx512f")]
    #[allow(clippy::too_many_arguments)]
    #[inline]
    unsafe fn tile512<const MR: usize, const NP: usize>(
        k: usize,
        a: *const f32,
        lda: usize,
        bp: *const Row,
        bias: *const f32,
        vmin: __m512,
        vmax: __m512,
        cols: usize,
        out: *mut f32,
        ldo: usize,
    ) {
        unsafe {
            let mut acc = [[_mm512_setzero_ps(); NP]; MR];
            for p in 0..NP {
                let bv = _mm512_loadu_ps(bias.add(p * PANEL));
                for accr in acc.iter_mut() {
                    accr[p] = bv;
                }
            }
            let mut ar = [a; MR];
            for (r, ptr) in ar.iter_mut().enumerate() {
                *ptr = a.wrapping_add(r * lda);
            }
            for kk in 0..k {
                let mut bv = [_mm512_setzero_ps(); NP];
                for (p, v) in bv.iter_mut().enumerate() {
                    *v = _mm512_load_ps(bp.add(p * k + kk) as *const f32);
                }
                for (r, accr) in acc.iter_mut().enumerate() {
                    let av = _mm512_set1_ps(*ar[r].add(kk));
                    for p in 0..NP {
                        accr[p] = _mm512_fmadd_ps(av, bv[p], accr[p]);
                    }
                }
            }
            for (r, accr) in acc.iter().enumerate() {
                let orow = out.add(r * ldo);
                for (p, &v) in accr.iter().enumerate() {
                    let v = _mm512_min_ps(_mm512_max_ps(v, vmin), vmax);
                    let c0 = p * PANEL;
                    if c0 + PANEL <= cols {
                        _mm512_storeu_ps(orow.add(c0), v);
                    } else if c0 < cols {
                        let mask = ((1u32 << (cols - c0)) - 1) as u16;
                        _mm512_mask_storeu_ps(orow.add(c0), mask, v);
                    }
                }
            }
        }
    }

    /// `tile512::<mr, np>` for runtime `np` in `1..=4`, `mr` in `1..=12` (`np <= 2`) or
    /// `1..=6` (`np > 2`).
    #[target_feature(enable = "avx512f")]
    #[allow(clippy::too_many_arguments)]
    unsafe fn tile512_dyn(
        mr: usize,
        np: usize,
        k: usize,
        a: *const f32,
        lda: usize,
        bp: *const Row,
        bias: *const f32,
        vmin: __m512,
        vmax: __m512,
        cols: usize,
        out: *mut f32,
        ldo: usize,
    ) {
        macro_rules! go {
            ($($mr:literal, $np:literal);*) => {
                match (mr, np) {
                    $(($mr, $np) => tile512::<$mr, $np>(k, a, lda, bp, bias, vmin, vmax, cols, out, ldo),)*
                    _ => unreachable!("no {mr}x{np} tile"),
                }
            };
        }
        unsafe {
            go!(1,1; 2,1; 3,1; 4,1; 5,1; 6,1; 7,1; 8,1; 9,1; 10,1; 11,1; 12,1;
                1,2; 2,2; 3,2; 4,2; 5,2; 6,2; 7,2; 8,2; 9,2; 10,2; 11,2; 12,2;
                1,3; 2,3; 3,3; 4,3; 5,3; 6,3;
                1,4; 2,4; 3,4; 4,4; 5,4; 6,4)
        }
    }

    /// # Safety
    /// AVX-512F must be available; extents checked by the caller (see `run_scalar`).
    #[target_feature(enable = "avx512f")]
    pub(super) unsafe fn run_avx512(
        m: usize,
        a: *const f32,
        job: &Job,
        p0: usize,
        p1: usize,
        out: *mut f32,
    ) {
        unsafe {
            let b = job.b;
            let (k, n, lda, ldo) = (b.k, b.n, job.lda, job.ldo);
            let vmin = _mm512_set1_ps(job.min);
            let vmax = _mm512_set1_ps(job.max);
            // Row blocks of 12 (the A block stays in L1 while the panels stream past it),
            // panel groups of up to 4: 6x64 tiles (twice per block), 6x48 (twice), 12x32,
            // 12x16; 24 or 18 or 12 accumulators, the rest of the registers hold B rows.
            const RB: usize = 12;
            let mut i0 = 0;
            while i0 < m {
                let rows = (m - i0).min(RB);
                let mut p = p0;
                while p < p1 {
                    let np = (p1 - p).min(4);
                    let mr_max = if np > 2 { 6 } else { 12 };
                    let j0 = p * PANEL;
                    let bp = b.data.as_ptr().add(p * k);
                    let bias = b.bias.as_ptr().add(j0);
                    let cols = (n - j0).min(np * PANEL);
                    let mut r = 0;
                    while r < rows {
                        let mr = (rows - r).min(mr_max);
                        tile512_dyn(
                            mr,
                            np,
                            k,
                            a.wrapping_add((i0 + r) * lda),
                            lda,
                            bp,
                            bias,
                            vmin,
                            vmax,
                            cols,
                            out.add((i0 + r) * ldo + j0),
                            ldo,
                        );
                        r += mr;
                    }
                    p += np;
                }
                i0 += rows;
            }
        }
    }

    // ---------------------------------------------------------------------- AVX2

    /// Max tile height of the AVX2 kernel (6 rows x 16 columns = 12 ymm accumulators).
    const MR2: usize = 6;

    /// One `MR x 16` tile of panel `bp` (see `tile512`).
    #[target_feature(enable = "avx2,fma")]
    #[allow(clippy::too_many_arguments)]
    #[inline]
    unsafe fn tile256<const MR: usize>(
        k: usize,
        a: *const f32,
        lda: usize,
        bp: *const Row,
        bias: *const f32,
        vmin: __m256,
        vmax: __m256,
        cols: usize,
        out: *mut f32,
        ldo: usize,
    ) {
        unsafe {
            let b0 = _mm256_loadu_ps(bias);
            let b1 = _mm256_loadu_ps(bias.add(8));
            let mut acc = [[b0, b1]; MR];
            let mut ar = [a; MR];
            for (r, ptr) in ar.iter_mut().enumerate() {
                *ptr = a.wrapping_add(r * lda);
            }
            for kk in 0..k {
                let row = bp.add(kk) as *const f32;
                let v0 = _mm256_load_ps(row);
                let v1 = _mm256_load_ps(row.add(8));
                for (r, accr) in acc.iter_mut().enumerate() {
                    let av = _mm256_broadcast_ss(&*ar[r].add(kk));
                    accr[0] = _mm256_fmadd_ps(av, v0, accr[0]);
                    accr[1] = _mm256_fmadd_ps(av, v1, accr[1]);
                }
            }
            for (r, accr) in acc.iter().enumerate() {
                store_row16(accr[0], accr[1], vmin, vmax, cols, out.add(r * ldo));
            }
        }
    }

    /// Stores `[v0, v1]` clamped to `[vmin, vmax]`: its first `cols` values (all 16
    /// when `cols >= 16`) at `out`.
    #[target_feature(enable = "avx2,fma")]
    #[inline]
    unsafe fn store_row16(
        v0: __m256,
        v1: __m256,
        vmin: __m256,
        vmax: __m256,
        cols: usize,
        out: *mut f32,
    ) {
        unsafe {
            let v0 = _mm256_min_ps(_mm256_max_ps(v0, vmin), vmax);
            let v1 = _mm256_min_ps(_mm256_max_ps(v1, vmin), vmax);
            if cols >= PANEL {
                _mm256_storeu_ps(out, v0);
                _mm256_storeu_ps(out.add(8), v1);
            } else {
                let mut tmp = [0f32; PANEL];
                _mm256_storeu_ps(tmp.as_mut_ptr(), v0);
                _mm256_storeu_ps(tmp.as_mut_ptr().add(8), v1);
                std::ptr::copy_nonoverlapping(tmp.as_ptr(), out, cols);
            }
        }
    }

    /// A `1 x 16` tile (a matrix-vector product, as a recurrent network's step): as
    /// `tile256::<1>`, with `k` split over four accumulator pairs. With one pair each
    /// step waits for the previous FMA (4-5 cycles of latency for 2 FMAs); four pairs
    /// keep the loads busy instead. The LSTM language model's step product (1, 128,
    /// 512 in `benches/sgemm.rs`) went from 4.3 to 3.0 us, (1, 512, 1000) from 41 to
    /// 33 us (AMD EPYC, Zen 3, AVX2 and FMA, no AVX-512).
    #[target_feature(enable = "avx2,fma")]
    #[allow(clippy::too_many_arguments)]
    #[inline]
    unsafe fn tile256_row(
        k: usize,
        a: *const f32,
        bp: *const Row,
        bias: *const f32,
        vmin: __m256,
        vmax: __m256,
        cols: usize,
        out: *mut f32,
    ) {
        unsafe {
            let zero = _mm256_setzero_ps();
            let mut acc = [[zero; 2]; 4];
            acc[0] = [_mm256_loadu_ps(bias), _mm256_loadu_ps(bias.add(8))];
            let mut kk = 0;
            while kk + 4 <= k {
                for (u, accu) in acc.iter_mut().enumerate() {
                    let row = bp.add(kk + u) as *const f32;
                    let av = _mm256_broadcast_ss(&*a.add(kk + u));
                    accu[0] = _mm256_fmadd_ps(av, _mm256_load_ps(row), accu[0]);
                    accu[1] = _mm256_fmadd_ps(av, _mm256_load_ps(row.add(8)), accu[1]);
                }
                kk += 4;
            }
            while kk < k {
                let row = bp.add(kk) as *const f32;
                let av = _mm256_broadcast_ss(&*a.add(kk));
                acc[0][0] = _mm256_fmadd_ps(av, _mm256_load_ps(row), acc[0][0]);
                acc[0][1] = _mm256_fmadd_ps(av, _mm256_load_ps(row.add(8)), acc[0][1]);
                kk += 1;
            }
            let sum = |h: usize| {
                _mm256_add_ps(
                    _mm256_add_ps(acc[0][h], acc[1][h]),
                    _mm256_add_ps(acc[2][h], acc[3][h]),
                )
            };
            store_row16(sum(0), sum(1), vmin, vmax, cols, out);
        }
    }

    /// Max tile height of the AVX2 kernel on a last panel of at most 8 columns (12 rows x
    /// 8 columns = 12 accumulators, one B vector).
    const MR2_HALF: usize = 12;

    /// One `MR x 8` tile of the first 8 columns of panel `bp` (a last panel with
    /// `cols <= 8`: `n` = 24, 40, 56, ... wastes no FMA on its padding columns).
    #[target_feature(enable = "avx2,fma")]
    #[allow(clippy::too_many_arguments)]
    #[inline]
    unsafe fn tile256_half<const MR: usize>(
        k: usize,
        a: *const f32,
        lda: usize,
        bp: *const Row,
        bias: *const f32,
        vmin: __m256,
        vmax: __m256,
        cols: usize,
        out: *mut f32,
        ldo: usize,
    ) {
        unsafe {
            let mut acc = [_mm256_loadu_ps(bias); MR];
            let mut ar = [a; MR];
            for (r, ptr) in ar.iter_mut().enumerate() {
                *ptr = a.wrapping_add(r * lda);
            }
            for kk in 0..k {
                let v0 = _mm256_load_ps(bp.add(kk) as *const f32);
                for (r, accr) in acc.iter_mut().enumerate() {
                    let av = _mm256_broadcast_ss(&*ar[r].add(kk));
                    *accr = _mm256_fmadd_ps(av, v0, *accr);
                }
            }
            for (r, accr) in acc.iter().enumerate() {
                let orow = out.add(r * ldo);
                let v0 = _mm256_min_ps(_mm256_max_ps(*accr, vmin), vmax);
                if cols >= 8 {
                    _mm256_storeu_ps(orow, v0);
                } else {
                    let mut tmp = [0f32; 8];
                    _mm256_storeu_ps(tmp.as_mut_ptr(), v0);
                    std::ptr::copy_nonoverlapping(tmp.as_ptr(), orow, cols);
                }
            }
        }
    }

    /// # Safety
    /// AVX2 and FMA must be available; extents checked by the caller.
    #[target_feature(enable = "avx2,fma")]
    pub(super) unsafe fn run_avx2(
        m: usize,
        a: *const f32,
        job: &Job,
        p0: usize,
        p1: usize,
        out: *mut f32,
    ) {
        unsafe {
            let b = job.b;
            let (k, n, lda, ldo) = (b.k, b.n, job.lda, job.ldo);
            let vmin = _mm256_set1_ps(job.min);
            let vmax = _mm256_set1_ps(job.max);
            // A last panel of at most 8 columns gets 12x8 tiles of its own.
            let half = p1 == b.panels && n - (p1 - 1) * PANEL <= 8;
            let full_end = if half { p1 - 1 } else { p1 };
            let mut i0 = 0;
            while i0 < m {
                let rows = (m - i0).min(MR2_HALF);
                let mut r = 0;
                while r < rows {
                    let mr = (rows - r).min(MR2);
                    let ai = a.wrapping_add((i0 + r) * lda);
                    for p in p0..full_end {
                        let j0 = p * PANEL;
                        let args = (
                            k,
                            ai,
                            lda,
                            b.data.as_ptr().add(p * k),
                            b.bias.as_ptr().add(j0),
                            vmin,
                            vmax,
                            (n - j0).min(PANEL),
                            out.add((i0 + r) * ldo + j0),
                            ldo,
                        );
                        let (a0, a1, a2, a3, a4, a5, a6, a7, a8, a9) = args;
                        match mr {
                            6 => tile256::<6>(a0, a1, a2, a3, a4, a5, a6, a7, a8, a9),
                            5 => tile256::<5>(a0, a1, a2, a3, a4, a5, a6, a7, a8, a9),
                            4 => tile256::<4>(a0, a1, a2, a3, a4, a5, a6, a7, a8, a9),
                            3 => tile256::<3>(a0, a1, a2, a3, a4, a5, a6, a7, a8, a9),
                            2 => tile256::<2>(a0, a1, a2, a3, a4, a5, a6, a7, a8, a9),
                            _ => tile256_row(a0, a1, a3, a4, a5, a6, a7, a8),
                        }
                    }
                    r += mr;
                }
                if half {
                    let p = p1 - 1;
                    let j0 = p * PANEL;
                    let args = (
                        k,
                        a.wrapping_add(i0 * lda),
                        lda,
                        b.data.as_ptr().add(p * k),
                        b.bias.as_ptr().add(j0),
                        vmin,
                        vmax,
                        n - j0,
                        out.add(i0 * ldo + j0),
                        ldo,
                    );
                    let (a0, a1, a2, a3, a4, a5, a6, a7, a8, a9) = args;
                    macro_rules! half_tile {
                        ($($m:literal)*) => {
                            match rows {
                                $($m => tile256_half::<$m>(a0, a1, a2, a3, a4, a5, a6, a7, a8, a9),)*
                                _ => tile256_half::<1>(a0, a1, a2, a3, a4, a5, a6, a7, a8, a9),
                            }
                        };
                    }
                    half_tile!(12 11 10 9 8 7 6 5 4 3 2);
                }
                i0 += rows;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Rng(u64);
    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0
        }
        fn below(&mut self, n: usize) -> usize {
            (self.next() % n as u64) as usize
        }
        /// Uniform in `[-1, 1)`.
        fn f32(&mut self) -> f32 {
            (self.next() >> 40) as f32 / (1u64 << 23) as f32 - 1.0
        }
    }

    /// Sentinel for output elements that must stay untouched.
    const GAP: f32 = -12345.5;

    #[allow(clippy::too_many_arguments)]
    fn check_one(
        rng: &mut Rng,
        m: usize,
        k: usize,
        n: usize,
        lda: usize,
        ldo: usize,
        bias: bool,
        min: f32,
        max: f32,
    ) {
        let a: Vec<f32> = (0..(m - 1) * lda + k).map(|_| rng.f32()).collect();
        let w: Vec<f32> = (0..n * k).map(|_| rng.f32()).collect();
        let bv: Vec<f32> = (0..n).map(|_| rng.f32() * 4.0).collect();
        let b = PackedF32::new(k, n, &w, bias.then_some(&bv[..])).unwrap();
        assert_eq!((b.k(), b.n()), (k, n));
        let len = (m - 1) * ldo + n + 3;
        // f64 reference and the error bound of any summation order.
        let mut want = vec![GAP as f64; len];
        let mut bound = vec![0f64; len];
        for i in 0..m {
            for j in 0..n {
                let mut s = if bias { bv[j] as f64 } else { 0.0 };
                let mut abs = s.abs();
                for kk in 0..k {
                    let p = a[i * lda + kk] as f64 * w[j * k + kk] as f64;
                    s += p;
                    abs += p.abs();
                }
                want[i * ldo + j] = s;
                bound[i * ldo + j] = abs * (k as f64 + 2.0) * f32::EPSILON as f64 + 1e-30;
            }
        }
        let lo = if min.is_nan() {
            f64::NEG_INFINITY
        } else {
            min as f64
        };
        let hi = if max.is_nan() {
            f64::INFINITY
        } else {
            max as f64
        };
        for path in SgemmPath::all_available() {
            for threads in [1, 3] {
                let mut got = vec![GAP; len];
                sgemm_with_path(path, threads, m, &a, lda, &b, min, max, &mut got, ldo).unwrap();
                for idx in 0..len {
                    let (i, j) = (idx / ldo, idx % ldo);
                    let ctx = || {
                        format!(
                            "{path:?} threads {threads} m {m} k {k} n {n} lda {lda} ldo {ldo} \
                             bias {bias} clamp [{min}, {max}] at i {i} j {j}"
                        )
                    };
                    if i < m && j < n {
                        let (wv, bd) = (want[idx], bound[idx]);
                        let g = got[idx] as f64;
                        let ok = if wv < lo - bd {
                            g == lo
                        } else if wv > hi + bd {
                            g == hi
                        } else {
                            g >= lo && g <= hi && (g - wv.clamp(lo, hi)).abs() <= bd
                        };
                        assert!(ok, "{}: got {g} want {wv} (bound {bd})", ctx());
                    } else {
                        assert_eq!(got[idx], GAP, "{}: gap element written", ctx());
                    }
                }
            }
        }
    }

    fn check(rng: &mut Rng, m: usize, k: usize, n: usize) {
        let lda = k + if rng.below(2) == 0 {
            0
        } else {
            1 + rng.below(5)
        };
        let ldo = n + if rng.below(2) == 0 {
            0
        } else {
            1 + rng.below(5)
        };
        let (min, max) = match rng.below(5) {
            0 => (0.0, 6.0),
            1 => (-0.5, 0.5),
            2 => (0.0, f32::INFINITY),
            3 => (f32::NAN, 1.0),
            _ => (f32::NEG_INFINITY, f32::INFINITY),
        };
        let bias = rng.below(4) != 0;
        check_one(rng, m, k, n, lda, ldo, bias, min, max);
    }

    #[test]
    fn paths_match_reference_grid() {
        let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
        for m in [1, 2, 5, 6, 7, 11, 12, 13, 25, 37] {
            for k in [0, 1, 2, 3, 7, 16, 27, 33] {
                for n in [
                    1, 2, 7, 15, 16, 17, 24, 31, 33, 48, 50, 64, 65, 80, 100, 144,
                ] {
                    check(&mut rng, m, k, n);
                }
            }
        }
    }

    #[test]
    fn paths_match_reference_random() {
        let mut rng = Rng(0x1234_5678_9ABC_DEF1);
        for _ in 0..120 {
            let m = 1 + rng.below(60);
            let k = rng.below(300);
            let n = 1 + rng.below(200);
            check(&mut rng, m, k, n);
        }
    }

    #[test]
    fn typical_shapes() {
        let mut rng = Rng(7);
        for (m, k, n) in [
            (40, 576, 64),
            (30, 27, 32),
            (30, 147, 64),
            (25, 96, 24),
            (13, 24, 144),
            (1, 1280, 1000),
            (3, 960, 320),
            (200, 32, 16),
        ] {
            check(&mut rng, m, k, n);
        }
    }

    #[test]
    fn threads_split_rows_and_columns() {
        let mut rng = Rng(99);
        // Many rows (row split) and few rows with many panels (column split).
        for (m, k, n) in [
            (600, 200, 70),
            (4, 3000, 800),
            (1, 4096, 1024),
            (30, 1000, 260),
        ] {
            let a: Vec<f32> = (0..m * k).map(|_| rng.f32()).collect();
            let w: Vec<f32> = (0..n * k).map(|_| rng.f32()).collect();
            let b = PackedF32::new(k, n, &w, None).unwrap();
            for path in SgemmPath::all_available() {
                let mut one = vec![0f32; m * n];
                sgemm_with_path(path, 1, m, &a, k, &b, -1.0, 1.0, &mut one, n).unwrap();
                for t in [2, 4, 7] {
                    let mut many = vec![0f32; m * n];
                    sgemm_with_path(path, t, m, &a, k, &b, -1.0, 1.0, &mut many, n).unwrap();
                    assert_eq!(one, many, "{path:?} m {m} k {k} n {n} threads {t}");
                }
            }
            let mut best = vec![0f32; m * n];
            sgemm_threads(3, m, &a, k, &b, -1.0, 1.0, &mut best, n).unwrap();
            let mut one = vec![0f32; m * n];
            sgemm(m, &a, k, &b, -1.0, 1.0, &mut one, n).unwrap();
            assert_eq!(one, best);
        }
    }

    #[test]
    fn activated_equals_gemm_then_activation() {
        use crate::activation::{apply, Activation};
        let mut rng = Rng(7);
        // Rows over several bands, columns over a partial panel, a row stride past n.
        let (m, k, n, ldo) = (2 * ACT_BAND + 7, 19, 37, 40);
        let a: Vec<f32> = (0..m * k).map(|_| rng.f32()).collect();
        let w: Vec<f32> = (0..n * k).map(|_| rng.f32()).collect();
        let b = PackedF32::new(k, n, &w, None).unwrap();
        for act in [Activation::Silu, Activation::HardSwish] {
            for threads in [1, 3] {
                let mut want = vec![GAP; m * ldo];
                sgemm_threads(threads, m, &a, k, &b, -3.0, 4.0, &mut want, ldo).unwrap();
                for row in want.chunks_mut(ldo) {
                    apply(act, &mut row[..n]);
                }
                let mut got = vec![GAP; m * ldo];
                sgemm_threads_activated(threads, m, &a, k, &b, -3.0, 4.0, act, &mut got, ldo)
                    .unwrap();
                assert_eq!(got, want, "{act:?} on {threads} threads");
            }
        }
    }

    #[test]
    fn clamp_and_bias_exact() {
        // k = 0: the output is the clamped bias.
        let b = PackedF32::new(0, 3, &[], Some(&[-2.0, 0.5, 9.0])).unwrap();
        let mut out = vec![0f32; 6];
        for path in SgemmPath::all_available() {
            sgemm_with_path(path, 1, 2, &[], 0, &b, -1.0, 6.0, &mut out, 3).unwrap();
            assert_eq!(out, vec![-1.0, 0.5, 6.0, -1.0, 0.5, 6.0], "{path:?}");
        }
        // Small integers are exact on every path.
        let w = [1.0, 2.0, 3.0, 4.0, 5.0, 6.0]; // n = 2 rows of k = 3
        let b = PackedF32::new(3, 2, &w, Some(&[10.0, -100.0])).unwrap();
        let a = [1.0, 1.0, 1.0, 0.0, 2.0, 3.0];
        for path in SgemmPath::all_available() {
            let mut out = vec![GAP; 5];
            sgemm_with_path(path, 1, 2, &a, 3, &b, f32::NEG_INFINITY, 20.0, &mut out, 3).unwrap();
            assert_eq!(out, vec![16.0, -85.0, GAP, 20.0, -72.0], "{path:?}");
        }
    }

    #[test]
    fn errors_instead_of_panics() {
        let w = vec![1f32; 12];
        assert!(PackedF32::new(4, 4, &w, None).is_err());
        assert!(PackedF32::new(4, 3, &w, Some(&[0.0; 2])).is_err());
        assert!(PackedF32::new(usize::MAX, 3, &w, None).is_err());
        let b = PackedF32::new(4, 3, &w, Some(&[1.0; 3])).unwrap();
        assert_eq!((b.k(), b.n()), (4, 3));
        let a = vec![1f32; 8];
        let mut out = vec![0f32; 6];
        let (lo, hi) = (f32::NEG_INFINITY, f32::INFINITY);
        assert!(sgemm(2, &a, 4, &b, lo, hi, &mut out, 3).is_ok());
        assert_eq!(out, vec![5.0; 6]);
        assert!(sgemm(3, &a, 4, &b, lo, hi, &mut out, 3).is_err()); // a too short
        assert!(sgemm(2, &a[..7], 4, &b, lo, hi, &mut out, 3).is_err()); // a too short
        assert!(sgemm(2, &a, 4, &b, lo, hi, &mut out[..5], 3).is_err()); // out too short
        assert!(sgemm(2, &a, 4, &b, lo, hi, &mut out, 2).is_err()); // overlapping rows
        assert!(sgemm(2, &a, 3, &b, lo, hi, &mut out, 3).is_err()); // lda < k
        assert!(sgemm(2, &a, usize::MAX, &b, lo, hi, &mut out, 3).is_err()); // overflow
        assert!(sgemm(2, &a, 4, &b, lo, hi, &mut out, usize::MAX).is_err()); // overflow
        assert!(sgemm_threads(4, 3, &a, 4, &b, lo, hi, &mut out, 3).is_err());
        // m = 1 ignores lda / ldo; m = 0 or n = 0 does nothing.
        assert!(sgemm(1, &a[..4], 0, &b, lo, hi, &mut out[..3], 0).is_ok());
        assert!(sgemm(0, &[], 4, &b, lo, hi, &mut [], 3).is_ok());
        let b0 = PackedF32::new(4, 0, &[], None).unwrap();
        assert!(sgemm(2, &a, 4, &b0, lo, hi, &mut [], 0).is_ok());
    }
}
