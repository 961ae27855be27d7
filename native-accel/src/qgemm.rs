//! Int8 GEMM with exact `i32` accumulation and XNNPACK-style `qs8` fp32 requantization.
//!
//! `out[i, j] = requant(j, sum_kk a[i, kk] * b[kk, j])` where `b` is packed once into a
//! [`PackedQs8`] and the requantization of column `j` is
//!
//! ```text
//! s = acc.wrapping_add(bias[j])
//! v = (s as f32 * scale[j]).round_ties_even() as i32
//! out = v.saturating_add(zero_point).clamp(qmin, qmax) as i8
//! ```
//!
//! Every path returns bit-identical results:
//!
//! - [`QgemmPath::Avx512Vnni`] (x86-64 with AVX-512 F/BW/VL + VNNI): `vpdpbusd` on
//!   `b + 128` (unsigned, in registers) times `a` (signed, broadcast from memory), the
//!   `128 * rowsum(a)` excess subtracted in the epilogue; 6x64 / 8x48 / 12x32 / 12x16
//!   register tiles of `i32` accumulators; vectorized requantization.
//! - [`QgemmPath::Avx2`] (x86-64 with AVX2): `b + 128` zero-extended and `a`
//!   sign-extended to `i16` (rows packed 16 values per `vpmovsxbw`), `vpmaddwd` into
//!   `i32`; 6x8 register tiles (12 accumulators + 2 B + 1 A of the 16 ymm registers).
//! - [`QgemmPath::Scalar`]: portable code over the same packed layout.
//!
//! Packed layout: columns are grouped in panels of 16, `k` in groups of 4; the 64-byte
//! line `(panel p, group g)` holds, at byte `c * 4 + t`, `b[4g + t, 16p + c] + 128` as
//! `u8` (and 0 for padding rows/columns, so the padding contributes nothing whatever `a`
//! holds there).

use plugboard_compute::requant::requantize;

/// Columns per packed panel (one 512-bit vector of `i32` accumulators).
const PANEL: usize = 16;

/// One 64-byte, 64-byte-aligned line of packed weights: 16 columns x 4 consecutive k.
#[derive(Clone, Copy)]
#[repr(C, align(64))]
struct Line([u8; 64]);

/// B packed once: `b[k, j] = w[j * k_len + kk]` (one row of `k` weights per output
/// column `j`), `j < n`.
#[derive(Clone)]
pub struct PackedQs8 {
    k: usize,
    n: usize,
    /// Number of 4-deep k groups, `ceil(k / 4)`.
    kg: usize,
    /// Number of 16-wide column panels, `ceil(n / 16)`.
    panels: usize,
    /// `panels * kg` lines; line `(p, g)` is at `p * kg + g`.
    data: Vec<Line>,
    colsum: Vec<i32>,
}

impl std::fmt::Debug for PackedQs8 {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PackedQs8")
            .field("k", &self.k)
            .field("n", &self.n)
            .finish_non_exhaustive()
    }
}

impl PackedQs8 {
    /// Packs `w` (`n` rows of `k` weights). Errors if `w.len() != n * k`.
    pub fn new(k: usize, n: usize, w: &[i8]) -> Result<PackedQs8, String> {
        let expect = n
            .checked_mul(k)
            .ok_or_else(|| format!("qgemm: n * k overflows ({n} * {k})"))?;
        if w.len() != expect {
            return Err(format!(
                "qgemm: weight slice has {} elements, expected n * k = {n} * {k} = {expect}",
                w.len()
            ));
        }
        let kg = k.div_ceil(4);
        let panels = n.div_ceil(PANEL);
        let lines = panels
            .checked_mul(kg)
            .ok_or_else(|| "qgemm: packed size overflows".to_string())?;
        let mut data = vec![Line([0; 64]); lines];
        let mut colsum = vec![0i32; n];
        for (j, cs) in colsum.iter_mut().enumerate() {
            let (p, c) = (j / PANEL, j % PANEL);
            let row = &w[j * k..(j + 1) * k];
            let mut sum = 0i32;
            for (kk, &v) in row.iter().enumerate() {
                sum = sum.wrapping_add(v as i32);
                data[p * kg + kk / 4].0[c * 4 + kk % 4] = (v as u8) ^ 0x80;
            }
            *cs = sum;
        }
        Ok(PackedQs8 {
            k,
            n,
            kg,
            panels,
            data,
            colsum,
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

    /// `sum_k b[k, j]` for each column `j`.
    pub fn colsum(&self) -> &[i32] {
        &self.colsum
    }

    /// Host bytes [`PackedQs8::new`] allocates for `k x n` weights (the struct and
    /// its buffers), or `None` on overflow. Used to charge the bytes before packing.
    pub fn bytes_for(k: usize, n: usize) -> Option<usize> {
        let lines = n.div_ceil(PANEL).checked_mul(k.div_ceil(4))?;
        lines
            .checked_mul(size_of::<Line>())?
            .checked_add(n.checked_mul(4)? + size_of::<PackedQs8>())
    }

    /// Host bytes held (the struct and its buffers' capacity).
    pub fn bytes(&self) -> usize {
        size_of::<PackedQs8>()
            + self.data.capacity() * size_of::<Line>()
            + self.colsum.capacity() * 4
    }
}

/// Requantization of the `n` output columns.
#[derive(Clone, Debug)]
pub struct Qs8Requant {
    /// Per-column `i32` bias added (wrapping) to the accumulator (at least `n` entries).
    pub bias: Vec<i32>,
    /// Per-column fp32 scale (at least `n` entries).
    pub scale: Vec<f32>,
    /// Output zero point, added with saturation after rounding.
    pub zero_point: i32,
    /// Output clamp (`qmin <= qmax`).
    pub qmin: i8,
    pub qmax: i8,
}

/// Implementation selector (mostly for tests and benchmarks; [`qgemm`] picks the best).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum QgemmPath {
    /// Portable code (any target).
    Scalar,
    /// x86-64 AVX2 (`vpmaddwd` on sign/zero-extended `i16`).
    Avx2,
    /// x86-64 AVX-512 F/BW/VL + VNNI (`vpdpbusd`).
    Avx512Vnni,
}

impl QgemmPath {
    /// Whether this path can run on the current host.
    pub fn available(self) -> bool {
        match self {
            QgemmPath::Scalar => true,
            #[cfg(target_arch = "x86_64")]
            QgemmPath::Avx2 => std::is_x86_feature_detected!("avx2"),
            #[cfg(target_arch = "x86_64")]
            QgemmPath::Avx512Vnni => {
                std::is_x86_feature_detected!("avx512f")
                    && std::is_x86_feature_detected!("avx512bw")
                    && std::is_x86_feature_detected!("avx512vl")
                    && std::is_x86_feature_detected!("avx512vnni")
            }
            #[cfg(not(target_arch = "x86_64"))]
            _ => false,
        }
    }

    /// The fastest path available on this host at the level [`crate::isa::Isa::current`]
    /// allows, VNNI only where [`crate::isa::vnni_allowed`] (detected once).
    pub fn best() -> QgemmPath {
        use crate::isa::Isa;
        use std::sync::OnceLock;
        static BEST: OnceLock<QgemmPath> = OnceLock::new();
        *BEST.get_or_init(|| {
            let isa = Isa::current();
            [
                (QgemmPath::Avx512Vnni, Isa::Avx512),
                (QgemmPath::Avx2, Isa::Avx2),
            ]
            .into_iter()
            .find(|&(p, level)| {
                level <= isa
                    && p.available()
                    && (p != QgemmPath::Avx512Vnni || crate::isa::vnni_allowed())
            })
            .map_or(QgemmPath::Scalar, |(p, _)| p)
        })
    }

    /// All paths available on this host, slowest first.
    pub fn all_available() -> Vec<QgemmPath> {
        [QgemmPath::Scalar, QgemmPath::Avx2, QgemmPath::Avx512Vnni]
            .into_iter()
            .filter(|p| p.available())
            .collect()
    }
}

/// `out[i * ldo + j] = requant(j, sum_kk a[i * lda + kk] as i32 * b[kk, j] as i32)`, for
/// `i < m`, `j < n`. Errors (never panics) if slices are too short, `rq` vectors are
/// shorter than `n`, `qmin > qmax`, or `ldo < n` with `m > 1` (overlapping output rows).
pub fn qgemm(
    m: usize,
    a: &[i8],
    lda: usize,
    b: &PackedQs8,
    rq: &Qs8Requant,
    out: &mut [i8],
    ldo: usize,
) -> Result<(), String> {
    qgemm_with_path(QgemmPath::best(), 1, m, a, lda, b, rq, out, ldo)
}

/// [`qgemm`] with the rows split across `threads` threads of the kernels' pool (`threads <= 1` runs on
/// the calling thread).
#[allow(clippy::too_many_arguments)]
pub fn qgemm_threads(
    threads: usize,
    m: usize,
    a: &[i8],
    lda: usize,
    b: &PackedQs8,
    rq: &Qs8Requant,
    out: &mut [i8],
    ldo: usize,
) -> Result<(), String> {
    qgemm_with_path(QgemmPath::best(), threads, m, a, lda, b, rq, out, ldo)
}

/// [`qgemm_threads`] on an explicit path. Errors if the path is not available here.
#[allow(clippy::too_many_arguments)]
pub fn qgemm_with_path(
    path: QgemmPath,
    threads: usize,
    m: usize,
    a: &[i8],
    lda: usize,
    b: &PackedQs8,
    rq: &Qs8Requant,
    out: &mut [i8],
    ldo: usize,
) -> Result<(), String> {
    if !path.available() {
        return Err(format!(
            "qgemm: path {path:?} is not available on this host"
        ));
    }
    let (k, n) = (b.k, b.n);
    if rq.bias.len() < n || rq.scale.len() < n {
        return Err(format!(
            "qgemm: requantization vectors too short (bias {}, scale {}, n {n})",
            rq.bias.len(),
            rq.scale.len()
        ));
    }
    if rq.qmin > rq.qmax {
        return Err(format!("qgemm: qmin {} > qmax {}", rq.qmin, rq.qmax));
    }
    if m == 0 || n == 0 {
        return Ok(());
    }
    if m > 1 && ldo < n {
        return Err(format!(
            "qgemm: ldo {ldo} < n {n} makes output rows overlap"
        ));
    }
    let need_a = (m - 1)
        .checked_mul(lda)
        .and_then(|v| v.checked_add(k))
        .ok_or_else(|| "qgemm: a extent overflows".to_string())?;
    if k > 0 && a.len() < need_a {
        return Err(format!(
            "qgemm: a has {} elements, needs (m - 1) * lda + k = {need_a}",
            a.len()
        ));
    }
    let need_out = (m - 1)
        .checked_mul(ldo)
        .and_then(|v| v.checked_add(n))
        .ok_or_else(|| "qgemm: out extent overflows".to_string())?;
    if out.len() < need_out {
        return Err(format!(
            "qgemm: out has {} elements, needs (m - 1) * ldo + n = {need_out}",
            out.len()
        ));
    }
    let epi = Epi::new(b, rq);
    let out = &mut out[..need_out];
    // Rows per thread: at least 12 (one register tile) and enough work to be worth a
    // thread: ~1M MACs, some 15-50 us of int8 work, against the ~1 us of handing a part
    // to a spinning worker of `crate::pool` (with rayon's sleeping workers it took
    // ~4M; at 1M on the pool, 1 -> 2 threads ran mobile shapes 1.7-1.9x faster).
    let macs_per_row = (k.max(1) * n).max(1);
    let min_rows = (1usize << 20).div_ceil(macs_per_row).max(12);
    let threads = threads.max(1).min(m.div_ceil(min_rows)).max(1);
    // No threads on wasm targets.
    let threads = if cfg!(target_family = "wasm") {
        1
    } else {
        threads
    };
    if threads == 1 {
        run_rows(path, m, a, lda, b, &epi, out, ldo);
        return Ok(());
    }
    // Even row split (edge tiles are cheap compared to load imbalance).
    let chunk = m.div_ceil(threads);
    let parts: Vec<(usize, &mut [i8])> = out
        .chunks_mut(chunk * ldo)
        .enumerate()
        .map(|(i, o)| (i * chunk, o))
        .collect();
    let epi = &epi;
    crate::pool::for_each_part(threads, parts, |(i0, o)| {
        let rows = chunk.min(m - i0);
        let a_part = if k > 0 { &a[i0 * lda..] } else { a };
        run_rows(path, rows, a_part, lda, b, epi, o, ldo);
    });
    Ok(())
}

/// Requantization parameters padded to whole panels.
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
struct Epi {
    /// `bias[j]` for `j < n`, 0 after (`panels * 16` entries).
    bias: Vec<i32>,
    /// `scale[j]` for `j < n`, 0 after.
    scale: Vec<f32>,
    zp: i32,
    /// `clamp(qmin - zp)` and `clamp(qmax - zp)` in `i32`: clamping `v` to `[lo, hi]`,
    /// adding `zp` (wrapping) and clamping to `[qmin, qmax]` equals
    /// `v.saturating_add(zp).clamp(qmin, qmax)`.
    lo: i32,
    hi: i32,
    qmin: i8,
    qmax: i8,
    /// Whether `s as f32 * scale` can leave the `i32` range or be NaN (non-finite or
    /// `|scale| >= 1`); if not, the conversion fix-ups are skipped.
    needs_fixup: bool,
    /// Whether `zp` is an `i8` (the AVX2 epilogue then adds it in saturated `i16`).
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
    zp_fits_i8: bool,
}

impl Epi {
    fn new(b: &PackedQs8, rq: &Qs8Requant) -> Epi {
        let np = b.panels * PANEL;
        let mut bias = vec![0i32; np];
        let mut scale = vec![0f32; np];
        bias[..b.n].copy_from_slice(&rq.bias[..b.n]);
        scale[..b.n].copy_from_slice(&rq.scale[..b.n]);
        let zp = rq.zero_point as i64;
        let cl = |v: i64| v.clamp(i32::MIN as i64, i32::MAX as i64) as i32;
        // |s as f32| <= 2^31 and |scale| < 1 give |x| <= 2^31 - 128 (exact f32 product
        // rounding), so the conversion never overflows.
        let needs_fixup = scale.iter().any(|s| s.is_nan() || s.abs() >= 1.0);
        Epi {
            bias,
            scale,
            zp: rq.zero_point,
            lo: cl(rq.qmin as i64 - zp),
            hi: cl(rq.qmax as i64 - zp),
            qmin: rq.qmin,
            qmax: rq.qmax,
            needs_fixup,
            zp_fits_i8: i8::try_from(rq.zero_point).is_ok(),
        }
    }

    /// Reference requantization of column `j` (identical to the spec formula).
    #[inline(always)]
    fn scalar(&self, j: usize, acc: i32) -> i8 {
        let s = acc.wrapping_add(self.bias[j]);
        requantize(s, self.scale[j], self.zp, self.qmin, self.qmax)
    }
}

/// Runs `m` rows on one thread (arguments already validated).
#[allow(clippy::too_many_arguments)]
fn run_rows(
    path: QgemmPath,
    m: usize,
    a: &[i8],
    lda: usize,
    b: &PackedQs8,
    epi: &Epi,
    out: &mut [i8],
    ldo: usize,
) {
    match path {
        #[cfg(target_arch = "x86_64")]
        // SAFETY: `qgemm_with_path` checked the CPU features and the slice extents.
        QgemmPath::Avx512Vnni => unsafe { x86::run_avx512(m, a, lda, b, epi, out, ldo) },
        #[cfg(target_arch = "x86_64")]
        // SAFETY: as above.
        QgemmPath::Avx2 => unsafe { x86::run_avx2(m, a, lda, b, epi, out, ldo) },
        _ => run_scalar(m, a, lda, b, epi, out, ldo),
    }
}

/// `sum_kk a[kk]` (wrapping).
fn row_sum(a: &[i8]) -> i32 {
    a.iter().fold(0i32, |s, &v| s.wrapping_add(v as i32))
}

fn run_scalar(
    m: usize,
    a: &[i8],
    lda: usize,
    b: &PackedQs8,
    epi: &Epi,
    out: &mut [i8],
    ldo: usize,
) {
    let (k, n, kg) = (b.k, b.n, b.kg);
    for i in 0..m {
        let row = if k > 0 {
            &a[i * lda..i * lda + k]
        } else {
            &[][..]
        };
        let corr = row_sum(row).wrapping_mul(128);
        let orow = &mut out[i * ldo..i * ldo + n];
        for p in 0..b.panels {
            let mut acc = [0i32; PANEL];
            let lines = &b.data[p * kg..(p + 1) * kg];
            for (g, line) in lines.iter().enumerate() {
                let mut a4 = [0i32; 4];
                match row.get(4 * g..4 * g + 4) {
                    Some(q) => a4 = [q[0] as i32, q[1] as i32, q[2] as i32, q[3] as i32],
                    None => {
                        for (t, v) in row[4 * g..].iter().enumerate() {
                            a4[t] = *v as i32;
                        }
                    }
                }
                for (acc_c, bl) in acc.iter_mut().zip(line.0.chunks_exact(4)) {
                    let d = a4[0] * bl[0] as i32
                        + a4[1] * bl[1] as i32
                        + a4[2] * bl[2] as i32
                        + a4[3] * bl[3] as i32;
                    *acc_c = acc_c.wrapping_add(d);
                }
            }
            let j0 = p * PANEL;
            for c in 0..PANEL.min(n - j0) {
                orow[j0 + c] = epi.scalar(j0 + c, acc[c].wrapping_sub(corr));
            }
        }
    }
}

#[cfg(target_arch = "x86_64")]
mod x86 {
    use super::{Epi, Line, PackedQs8, PANEL};
    use std::arch::x86_64::*;

    // ---------------------------------------------------------------- AVX-512 VNNI

    /// Vectorized requantization of 16 `i32` sums (`acc - corr`), stored to `dst` (the
    /// first `cols` bytes only).
    #[target_feature(enable = "avx512f,avx512bw,avx512vl,avx512vnni")]
    #[inline]
    unsafe fn epi512<const FIX: bool>(
        acc: __m512i,
        corr: __m512i,
        bias: __m512i,
        scale: __m512,
        e: &Epi512,
        dst: *mut i8,
        cols: usize,
    ) {
        unsafe {
            let s = _mm512_add_epi32(_mm512_sub_epi32(acc, corr), bias);
            let x = _mm512_mul_ps(_mm512_cvtepi32_ps(s), scale);
            let mut v =
                _mm512_cvt_roundps_epi32::<{ _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC }>(x);
            if FIX {
                // `as i32` saturates and maps NaN to 0; vcvtps2dq gives i32::MIN for both.
                let big = _mm512_cmp_ps_mask::<_CMP_GE_OQ>(x, _mm512_set1_ps(2147483648.0));
                v = _mm512_mask_mov_epi32(v, big, _mm512_set1_epi32(i32::MAX));
                let nan = _mm512_cmp_ps_mask::<_CMP_UNORD_Q>(x, x);
                v = _mm512_mask_mov_epi32(v, nan, _mm512_setzero_si512());
            }
            v = _mm512_max_epi32(_mm512_min_epi32(v, e.hi), e.lo);
            v = _mm512_add_epi32(v, e.zp);
            // Final clamp: needed when `qmin - zp` or `qmax - zp` leave the `i32` range.
            let q = _mm_min_epi8(_mm_max_epi8(_mm512_cvtsepi32_epi8(v), e.qmin), e.qmax);
            if cols >= 16 {
                _mm_storeu_si128(dst as *mut __m128i, q);
            } else {
                _mm_mask_storeu_epi8(dst, ((1u32 << cols) - 1) as u16, q);
            }
        }
    }

    struct Epi512 {
        zp: __m512i,
        lo: __m512i,
        hi: __m512i,
        qmin: __m128i,
        qmax: __m128i,
    }

    /// One `MR x (NP * 16)` tile: rows `a[r * lda ..]`, panels `bp[p * kg ..]`.
    #[target_feature(enable = "avx512f,avx512bw,avx512vl,avx512vnni")]
    #[allow(clippy::too_many_arguments)]
    unsafe fn tile512<const MR: usize, const NP: usize, const FIX: bool>(
        k: usize,
        a: *const i8,
        lda: usize,
        bp: *const Line,
        kg: usize,
        corr: *const i32,
        epi: &Epi,
        e: &Epi512,
        j0: usize,
        cols: usize,
        out: *mut i8,
        ldo: usize,
    ) {
        unsafe {
            let kfull = k / 4;
            let rem = k % 4;
            let mut acc = [[_mm512_setzero_si512(); NP]; MR];
            for g in 0..kfull {
                let mut bv = [_mm512_setzero_si512(); NP];
                for (p, b) in bv.iter_mut().enumerate() {
                    *b = _mm512_load_si512(bp.add(p * kg + g) as *const __m512i);
                }
                for (r, accr) in acc.iter_mut().enumerate() {
                    let av =
                        _mm512_set1_epi32((a.add(r * lda + 4 * g) as *const i32).read_unaligned());
                    for p in 0..NP {
                        accr[p] = _mm512_dpbusd_epi32(accr[p], bv[p], av);
                    }
                }
            }
            if rem != 0 {
                let g = kfull;
                let mut bv = [_mm512_setzero_si512(); NP];
                for (p, b) in bv.iter_mut().enumerate() {
                    *b = _mm512_load_si512(bp.add(p * kg + g) as *const __m512i);
                }
                for (r, accr) in acc.iter_mut().enumerate() {
                    let src = a.add(r * lda + 4 * g);
                    let mut word = 0u32;
                    for t in 0..rem {
                        word |= (*src.add(t) as u8 as u32) << (8 * t);
                    }
                    let av = _mm512_set1_epi32(word as i32);
                    for p in 0..NP {
                        accr[p] = _mm512_dpbusd_epi32(accr[p], bv[p], av);
                    }
                }
            }
            for (r, accr) in acc.iter().enumerate() {
                let c = _mm512_set1_epi32(*corr.add(r));
                let orow = out.add(r * ldo);
                for (p, &accp) in accr.iter().enumerate() {
                    let j = j0 + p * PANEL;
                    if p * PANEL >= cols {
                        break;
                    }
                    let bias = _mm512_loadu_si512(epi.bias.as_ptr().add(j) as *const __m512i);
                    let scale = _mm512_loadu_ps(epi.scale.as_ptr().add(j));
                    epi512::<FIX>(
                        accp,
                        c,
                        bias,
                        scale,
                        e,
                        orow.add(p * PANEL),
                        cols - p * PANEL,
                    );
                }
            }
        }
    }

    /// `sum a[..k]` with VNNI (1 x a).
    #[target_feature(enable = "avx512f,avx512bw,avx512vl,avx512vnni")]
    unsafe fn row_sum512(a: *const i8, k: usize) -> i32 {
        unsafe {
            let ones = _mm512_set1_epi8(1);
            let mut acc = _mm512_setzero_si512();
            let mut kk = 0;
            while kk + 64 <= k {
                let v = _mm512_loadu_si512(a.add(kk) as *const __m512i);
                acc = _mm512_dpbusd_epi32(acc, ones, v);
                kk += 64;
            }
            if kk < k {
                let mask = u64::MAX >> (64 - (k - kk));
                let v = _mm512_maskz_loadu_epi8(mask, a.add(kk));
                acc = _mm512_dpbusd_epi32(acc, ones, v);
            }
            _mm512_reduce_add_epi32(acc)
        }
    }

    macro_rules! dispatch_mr {
        ($mr:expr, $np:literal, $fix:ident, $args:tt, [$($m:literal)*]) => {
            match $mr {
                $($m => tile512::<$m, $np, $fix> $args,)*
                _ => unreachable!(),
            }
        };
    }

    /// Max tile height for a tile `np` panels wide (24-28 live zmm accumulators).
    fn mr_for(np: usize) -> usize {
        match np {
            4 => 6,
            3 => 8,
            _ => 12,
        }
    }

    /// # Safety
    /// AVX-512 F/BW/VL/VNNI must be available; extents checked by the caller.
    #[target_feature(enable = "avx512f,avx512bw,avx512vl,avx512vnni")]
    pub(super) unsafe fn run_avx512(
        m: usize,
        a: &[i8],
        lda: usize,
        b: &PackedQs8,
        epi: &Epi,
        out: &mut [i8],
        ldo: usize,
    ) {
        if epi.needs_fixup {
            unsafe { run_avx512_impl::<true>(m, a, lda, b, epi, out, ldo) }
        } else {
            unsafe { run_avx512_impl::<false>(m, a, lda, b, epi, out, ldo) }
        }
    }

    #[target_feature(enable = "avx512f,avx512bw,avx512vl,avx512vnni")]
    unsafe fn run_avx512_impl<const FIX: bool>(
        m: usize,
        a: &[i8],
        lda: usize,
        b: &PackedQs8,
        epi: &Epi,
        out: &mut [i8],
        ldo: usize,
    ) {
        unsafe {
            let (k, n, kg) = (b.k, b.n, b.kg);
            let corr: Vec<i32> = (0..m)
                .map(|i| {
                    if k == 0 {
                        0
                    } else {
                        row_sum512(a.as_ptr().add(i * lda), k).wrapping_mul(128)
                    }
                })
                .collect();
            let e = Epi512 {
                zp: _mm512_set1_epi32(epi.zp),
                lo: _mm512_set1_epi32(epi.lo),
                hi: _mm512_set1_epi32(epi.hi),
                qmin: _mm_set1_epi8(epi.qmin),
                qmax: _mm_set1_epi8(epi.qmax),
            };
            let ap = a.as_ptr();
            let op = out.as_mut_ptr();
            let mut p0 = 0;
            while p0 < b.panels {
                let np = (b.panels - p0).min(4);
                let mr_max = mr_for(np);
                let j0 = p0 * PANEL;
                let cols = (n - j0).min(np * PANEL);
                let bp = b.data.as_ptr().add(p0 * kg);
                let mut i0 = 0;
                while i0 < m {
                    let mr = (m - i0).min(mr_max);
                    let args = (
                        k,
                        ap.wrapping_add(i0 * lda),
                        lda,
                        bp,
                        kg,
                        corr.as_ptr().add(i0),
                        epi,
                        &e,
                        j0,
                        cols,
                        op.add(i0 * ldo + j0),
                        ldo,
                    );
                    let (k_, a_, lda_, bp_, kg_, c_, epi_, e_, j0_, cols_, o_, ldo_) = args;
                    match np {
                        4 => {
                            dispatch_mr!(mr, 4, FIX, (k_, a_, lda_, bp_, kg_, c_, epi_, e_, j0_, cols_, o_, ldo_), [1 2 3 4 5 6])
                        }
                        3 => {
                            dispatch_mr!(mr, 3, FIX, (k_, a_, lda_, bp_, kg_, c_, epi_, e_, j0_, cols_, o_, ldo_), [1 2 3 4 5 6 7 8])
                        }
                        2 => {
                            dispatch_mr!(mr, 2, FIX, (k_, a_, lda_, bp_, kg_, c_, epi_, e_, j0_, cols_, o_, ldo_), [1 2 3 4 5 6 7 8 9 10 11 12])
                        }
                        1 => {
                            dispatch_mr!(mr, 1, FIX, (k_, a_, lda_, bp_, kg_, c_, epi_, e_, j0_, cols_, o_, ldo_), [1 2 3 4 5 6 7 8 9 10 11 12])
                        }
                        _ => unreachable!(),
                    }
                    i0 += mr;
                }
                p0 += np;
            }
        }
    }

    // ---------------------------------------------------------------------- AVX2

    /// Max tile height of the AVX2 kernel (6 rows x 8 columns = 12 ymm accumulators, the
    /// most that leave room for the two B vectors and the A broadcast without spills;
    /// on Zen 3 the 6-row tile ran 1.1-1.4x faster than a 4-row one on resnet shapes).
    const MR2: usize = 6;

    /// One `MR x 8` tile: `ap` is the `i16` A block `[g][MR][4]`, `bl` the first line of
    /// the panel, `half` selects columns `0..8` or `8..16` of the panel.
    #[target_feature(enable = "avx2")]
    #[allow(clippy::too_many_arguments)]
    unsafe fn tile256<const MR: usize>(
        kg: usize,
        ap: *const i16,
        bl: *const Line,
        half: usize,
        corr: *const i32,
        epi: &Epi,
        j: usize,
        cols: usize,
        out: *mut i8,
        ldo: usize,
    ) {
        unsafe {
            let mut acc = [[_mm256_setzero_si256(); 2]; MR];
            for g in 0..kg {
                let l = (bl.add(g) as *const u8).add(half * 32);
                let b0 = _mm256_cvtepu8_epi16(_mm_loadu_si128(l as *const __m128i));
                let b1 = _mm256_cvtepu8_epi16(_mm_loadu_si128(l.add(16) as *const __m128i));
                for (r, accr) in acc.iter_mut().enumerate() {
                    let av = _mm256_set1_epi64x(
                        (ap.add((g * MR + r) * 4) as *const i64).read_unaligned(),
                    );
                    accr[0] = _mm256_add_epi32(accr[0], _mm256_madd_epi16(av, b0));
                    accr[1] = _mm256_add_epi32(accr[1], _mm256_madd_epi16(av, b1));
                }
            }
            let bias = _mm256_loadu_si256(epi.bias.as_ptr().add(j) as *const __m256i);
            let scale = _mm256_loadu_ps(epi.scale.as_ptr().add(j));
            let mut v = [_mm256_setzero_si256(); MR];
            for (r, accr) in acc.iter().enumerate() {
                // Lanes hold (k0+k1, k2+k3) pairs per column: [c0 c0 c1 c1 | c2 c2 c3 c3].
                let h = _mm256_hadd_epi32(accr[0], accr[1]); // [c0 c1 c4 c5 | c2 c3 c6 c7]
                let sum = _mm256_permute4x64_epi64::<0b11_01_10_00>(h);
                let s =
                    _mm256_add_epi32(_mm256_sub_epi32(sum, _mm256_set1_epi32(*corr.add(r))), bias);
                let x = _mm256_mul_ps(_mm256_cvtepi32_ps(s), scale);
                let xr = _mm256_round_ps::<{ _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC }>(x);
                v[r] = _mm256_cvttps_epi32(xr);
                if epi.needs_fixup {
                    let big = _mm256_cmp_ps::<_CMP_GE_OQ>(x, _mm256_set1_ps(2147483648.0));
                    v[r] = _mm256_blendv_epi8(
                        v[r],
                        _mm256_set1_epi32(i32::MAX),
                        _mm256_castps_si256(big),
                    );
                    let nan = _mm256_cmp_ps::<_CMP_UNORD_Q>(x, x);
                    v[r] = _mm256_andnot_si256(_mm256_castps_si256(nan), v[r]);
                }
            }
            // Two rows per pass: 16 outputs share the packing, zero point and clamp.
            let mut r = 0;
            while r < MR {
                let r2 = (r + 1).min(MR - 1);
                let q = pack_rows_i8(v[r], v[r2], epi);
                let bytes: [i8; 16] = std::mem::transmute(q);
                for (rr, half) in [(r, 0), (r2, 8)] {
                    let dst = out.add(rr * ldo);
                    if cols >= 8 {
                        std::ptr::copy_nonoverlapping(bytes.as_ptr().add(half), dst, 8);
                    } else {
                        std::ptr::copy_nonoverlapping(bytes.as_ptr().add(half), dst, cols);
                    }
                }
                r += 2;
            }
        }
    }

    /// The requantized outputs `v` (before the zero point) of two rows' 8 columns as 16
    /// `i8`s, row `a` first, `v.saturating_add(zp).clamp(qmin, qmax)`. An `i8` zero point
    /// is added in saturated `i16` after packing, `sat8(sat16(v) +sat zp)`, which gives
    /// the same (a clamped `i16` stays beyond the `i8` range after adding it); any other
    /// is added in `i32` after clamping to `[lo, hi]`.
    #[target_feature(enable = "avx2")]
    #[inline]
    unsafe fn pack_rows_i8(a: __m256i, b: __m256i, epi: &Epi) -> __m128i {
        let p16 = if epi.zp_fits_i8 {
            // [a0..3 b0..3 | a4..7 b4..7]
            let p16 = _mm256_packs_epi32(a, b);
            _mm256_adds_epi16(p16, _mm256_set1_epi16(epi.zp as i16))
        } else {
            let (lo, hi) = (_mm256_set1_epi32(epi.lo), _mm256_set1_epi32(epi.hi));
            let zp = _mm256_set1_epi32(epi.zp);
            let a = _mm256_add_epi32(_mm256_max_epi32(_mm256_min_epi32(a, hi), lo), zp);
            let b = _mm256_add_epi32(_mm256_max_epi32(_mm256_min_epi32(b, hi), lo), zp);
            _mm256_packs_epi32(a, b)
        };
        let p8 = _mm256_packs_epi16(p16, p16); // [a0..3 b0..3 a0..3 b0..3 | a4..7 b4..7 ..]
                                               // The unpack of 32-bit pairs leaves q = [a0..3 a4..7 b0..3 b4..7].
        let q = _mm_unpacklo_epi32(
            _mm256_castsi256_si128(p8),
            _mm256_extracti128_si256::<1>(p8),
        );
        _mm_min_epi8(
            _mm_max_epi8(q, _mm_set1_epi8(epi.qmin)),
            _mm_set1_epi8(epi.qmax),
        )
    }

    /// Writes `row` (sign-extended to `i16`, zero past its end) into row `r` of the
    /// `[g][mr][4]` block `apack`, `kg` groups of 4. Sixteen values per step: one
    /// `vpmovsxbw` and four 8-byte stores, instead of an element loop (with `n` = 64
    /// output columns the element loop cost half as much as the products themselves).
    #[target_feature(enable = "avx2")]
    #[inline]
    unsafe fn pack_row_i16(row: &[i8], kg: usize, mr: usize, r: usize, apack: &mut [i16]) {
        let full = row.len() / 16;
        debug_assert!(apack.len() >= kg * mr * 4 && 4 * full <= kg && r < mr);
        unsafe {
            let dst = apack.as_mut_ptr();
            for q in 0..full {
                let v = _mm256_cvtepi8_epi16(_mm_loadu_si128(
                    row.as_ptr().add(16 * q) as *const __m128i
                ));
                let lo = _mm256_castsi256_si128(v);
                let hi = _mm256_extracti128_si256::<1>(v);
                let at = |i: usize| dst.add(((4 * q + i) * mr + r) * 4) as *mut __m128i;
                _mm_storel_epi64(at(0), lo);
                _mm_storel_epi64(at(1), _mm_unpackhi_epi64(lo, lo));
                _mm_storel_epi64(at(2), hi);
                _mm_storel_epi64(at(3), _mm_unpackhi_epi64(hi, hi));
            }
        }
        for g in 4 * full..kg {
            for t in 0..4 {
                apack[(g * mr + r) * 4 + t] = row.get(4 * g + t).map_or(0, |&v| v as i16);
            }
        }
    }

    /// # Safety
    /// AVX2 must be available; extents checked by the caller.
    #[target_feature(enable = "avx2")]
    pub(super) unsafe fn run_avx2(
        m: usize,
        a: &[i8],
        lda: usize,
        b: &PackedQs8,
        epi: &Epi,
        out: &mut [i8],
        ldo: usize,
    ) {
        unsafe {
            let (k, n, kg) = (b.k, b.n, b.kg);
            let halves = n.div_ceil(8);
            let mut apack = vec![0i16; kg * MR2 * 4];
            let mut corr = [0i32; MR2];
            let op = out.as_mut_ptr();
            let mut i0 = 0;
            while i0 < m {
                let mr = (m - i0).min(MR2);
                // Pack rows i0..i0+mr as [g][mr][4] i16 (zero-padded k), and their sums.
                for r in 0..mr {
                    let row = if k > 0 {
                        &a[(i0 + r) * lda..(i0 + r) * lda + k]
                    } else {
                        &[][..]
                    };
                    corr[r] = super::row_sum(row).wrapping_mul(128);
                    pack_row_i16(row, kg, mr, r, &mut apack);
                }
                for h in 0..halves {
                    let j = h * 8;
                    let cols = (n - j).min(8);
                    let bl = b.data.as_ptr().add((j / PANEL) * kg);
                    let args = (
                        kg,
                        apack.as_ptr(),
                        bl,
                        h % 2,
                        corr.as_ptr(),
                        epi,
                        j,
                        cols,
                        op.add(i0 * ldo + j),
                        ldo,
                    );
                    let (a0, a1, a2, a3, a4, a5, a6, a7, a8, a9) = args;
                    match mr {
                        6 => tile256::<6>(a0, a1, a2, a3, a4, a5, a6, a7, a8, a9),
                        5 => tile256::<5>(a0, a1, a2, a3, a4, a5, a6, a7, a8, a9),
                        4 => tile256::<4>(a0, a1, a2, a3, a4, a5, a6, a7, a8, a9),
                        3 => tile256::<3>(a0, a1, a2, a3, a4, a5, a6, a7, a8, a9),
                        2 => tile256::<2>(a0, a1, a2, a3, a4, a5, a6, a7, a8, a9),
                        _ => tile256::<1>(a0, a1, a2, a3, a4, a5, a6, a7, a8, a9),
                    }
                }
                i0 += mr;
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
        fn i8(&mut self) -> i8 {
            self.next() as i8
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn reference(
        m: usize,
        k: usize,
        n: usize,
        a: &[i8],
        lda: usize,
        w: &[i8],
        rq: &Qs8Requant,
        out: &mut [i8],
        ldo: usize,
    ) {
        for i in 0..m {
            for j in 0..n {
                let mut acc = 0i32;
                for kk in 0..k {
                    acc += a[i * lda + kk] as i32 * w[j * k + kk] as i32;
                }
                let s = acc.wrapping_add(rq.bias[j]);
                out[i * ldo + j] = requantize(s, rq.scale[j], rq.zero_point, rq.qmin, rq.qmax);
            }
        }
    }

    fn random_rq(rng: &mut Rng, n: usize, k: usize, wild: bool) -> Qs8Requant {
        let zps = [0, -128, 127, -5, 3, i32::MIN, i32::MAX, -300, 1000];
        let zero_point = if wild || rng.below(4) == 0 {
            zps[rng.below(zps.len())]
        } else {
            rng.below(256) as i32 - 128
        };
        let (mut qmin, mut qmax) = (rng.i8(), rng.i8());
        if rng.below(3) == 0 {
            (qmin, qmax) = (-128, 127);
        }
        if qmin > qmax {
            std::mem::swap(&mut qmin, &mut qmax);
        }
        let bias = (0..n)
            .map(|_| match rng.below(8) {
                0 if wild => i32::MAX - rng.below(1000) as i32,
                1 if wild => i32::MIN + rng.below(1000) as i32,
                _ => rng.below(200_000) as i32 - 100_000,
            })
            .collect();
        let base = 1.0 / (128.0 * 128.0 * (k.max(1) as f32).sqrt());
        let scale = (0..n)
            .map(|_| match rng.below(12) {
                0 if wild => f32::INFINITY,
                1 if wild => f32::NEG_INFINITY,
                2 if wild => f32::NAN,
                3 if wild => 1.0e6,
                4 if wild => -3.5,
                5 => 0.0,
                6 => 0.5, // ties
                _ => base * (1.0 + 60.0 * (rng.below(1000) as f32 / 1000.0)),
            })
            .collect();
        Qs8Requant {
            bias,
            scale,
            zero_point,
            qmin,
            qmax,
        }
    }

    fn check(rng: &mut Rng, m: usize, k: usize, n: usize, wild: bool) {
        let lda = k + if rng.below(2) == 0 { 0 } else { rng.below(5) };
        let ldo = n + if rng.below(2) == 0 { 0 } else { rng.below(5) };
        let extreme = rng.below(4) == 0;
        let gen = |rng: &mut Rng| {
            if extreme {
                [-128i8, 127, -127][rng.below(3)]
            } else {
                rng.i8()
            }
        };
        let a: Vec<i8> = (0..(m - 1) * lda + k).map(|_| gen(rng)).collect();
        let w: Vec<i8> = (0..n * k).map(|_| gen(rng)).collect();
        let rq = random_rq(rng, n, k, wild);
        let b = PackedQs8::new(k, n, &w).unwrap();
        for j in 0..n {
            assert_eq!(
                b.colsum()[j],
                w[j * k..(j + 1) * k].iter().map(|&v| v as i32).sum::<i32>()
            );
        }
        let len = (m - 1) * ldo + n;
        let mut want = vec![0x55u8 as i8; len];
        reference(m, k, n, &a, lda, &w, &rq, &mut want, ldo);
        for path in QgemmPath::all_available() {
            for threads in [1, 3] {
                let mut got = vec![0x55u8 as i8; len];
                qgemm_with_path(path, threads, m, &a, lda, &b, &rq, &mut got, ldo).unwrap();
                if got != want {
                    let idx = (0..len).find(|&i| got[i] != want[i]).unwrap();
                    panic!(
                        "{path:?} threads {threads} m {m} k {k} n {n} lda {lda} ldo {ldo}: \
                         first mismatch at {idx} (i {}, j {}): got {} want {}; zp {} q [{}, {}]",
                        idx / ldo,
                        idx % ldo,
                        got[idx],
                        want[idx],
                        rq.zero_point,
                        rq.qmin,
                        rq.qmax
                    );
                }
            }
        }
    }

    #[test]
    fn paths_match_reference_small() {
        let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
        for m in [1, 2, 3, 5, 7, 13, 25] {
            for k in [0, 1, 2, 3, 4, 5, 7, 8, 27, 65] {
                for n in [1, 2, 7, 8, 9, 16, 17, 33, 50, 64, 65] {
                    check(&mut rng, m, k, n, false);
                }
            }
        }
    }

    #[test]
    fn paths_match_reference_random() {
        let mut rng = Rng(0x1234_5678_9ABC_DEF1);
        for it in 0..150 {
            let m = 1 + rng.below(40);
            let k = 1 + rng.below(300);
            let n = 1 + rng.below(150);
            check(&mut rng, m, k, n, it % 2 == 0);
        }
    }

    #[test]
    fn paths_match_reference_wild_requant() {
        let mut rng = Rng(42);
        for _ in 0..60 {
            let (m, k, n) = (1 + rng.below(20), 1 + rng.below(40), 1 + rng.below(70));
            check(&mut rng, m, k, n, true);
        }
    }

    #[test]
    fn typical_shapes() {
        let mut rng = Rng(7);
        for (m, k, n) in [
            (40, 576, 64),
            (30, 27, 32),
            (30, 147, 64),
            (1, 1280, 1000),
            (13, 4608, 40),
        ] {
            check(&mut rng, m, k, n, false);
        }
    }

    #[test]
    fn errors_instead_of_panics() {
        let w = vec![1i8; 12];
        assert!(PackedQs8::new(4, 4, &w).is_err());
        let b = PackedQs8::new(4, 3, &w).unwrap();
        assert_eq!((b.k(), b.n()), (4, 3));
        let rq = Qs8Requant {
            bias: vec![0; 3],
            scale: vec![1.0; 3],
            zero_point: 0,
            qmin: -128,
            qmax: 127,
        };
        let a = vec![1i8; 8];
        let mut out = vec![0i8; 6];
        assert!(qgemm(2, &a, 4, &b, &rq, &mut out, 3).is_ok());
        assert_eq!(out, vec![4; 6]);
        assert!(qgemm(3, &a, 4, &b, &rq, &mut out, 3).is_err()); // a too short
        assert!(qgemm(2, &a, 4, &b, &rq, &mut out[..5], 3).is_err()); // out too short
        assert!(qgemm(2, &a, 4, &b, &rq, &mut out, 2).is_err()); // overlapping rows
        let short = Qs8Requant {
            bias: vec![0; 2],
            ..rq.clone()
        };
        assert!(qgemm(2, &a, 4, &b, &short, &mut out, 3).is_err());
        let bad = Qs8Requant {
            qmin: 5,
            qmax: 4,
            ..rq.clone()
        };
        assert!(qgemm(2, &a, 4, &b, &bad, &mut out, 3).is_err());
        assert!(qgemm(0, &[], 4, &b, &rq, &mut [], 3).is_ok());
    }
}
