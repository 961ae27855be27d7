//! [`super::run_blocks`] on x86-64: AVX-512 VNNI (the block's 16 channels in one
//! 512-bit register per row), and AVX-VNNI and AVX2 (two 256-bit halves of 8).
//!
//! Per quad: the 64 bytes are loaded once for all rows and split into nibbles; each
//! row multiplies the low nibbles by its 4 inputs `8 q .. 8 q + 4` broadcast to every
//! lane and the high ones by the next 4. `vpdpbusd` takes unsigned nibbles times
//! signed inputs, four products into a lane; AVX2's `vpmaddubsw` pairs them into 16
//! bits (at most `2 · 2 · 15 · 128` after adding low and high: nothing saturates) and
//! `vpmaddwd` by ones into 32. Every sum is exact, so the paths give the same
//! integers, and the epilogue (`acc + f32(d) · scale`, an add and a multiply, never
//! fused) the same bits.
//!
//! Each quad also prefetches the weights [`PREFETCH`] bytes ahead (while inside the
//! layer's weights). A decode row does little work per weight byte, so one core's
//! bandwidth bounds it, and the hardware prefetcher alone kept too few lines in
//! flight: on an AMD EPYC (AVX-512 VNNI) the 100M Llama's 113 layers of a decode step
//! took 2.39 ms (median) without and 1.81 ms with 8 KiB ahead (4 KiB: 2.09 ms, 16 KiB:
//! 1.82 ms), measured alternating in one process.

use std::ops::Range;

use super::{group_quads, Block, Blocks, Row, BYTE_SUM_QUADS, QUAD, QUAD_BYTES, R};
use crate::cpu::qd8::{group_constant, ScalesRef};
use std::arch::x86_64::*;

/// How far ahead of the quad being read each quad prefetches, in bytes.
const PREFETCH: usize = 8192;

/// Prefetch the line `PREFETCH` bytes after `p` if it lies before `limit` (the end of
/// the layer's weights): no fetch of memory the layer does not hold. A call's part
/// (a thread's share of a decode row) prefetches into the next part's blocks, which
/// the same thread often claims next.
#[inline(always)]
fn prefetch_ahead(p: *const u8, limit: usize) {
    let ahead = p.wrapping_add(PREFETCH);
    if (ahead as usize) < limit {
        // SAFETY: a prefetch is a hint: it reads nothing the program sees and never
        // faults.
        unsafe { _mm_prefetch::<_MM_HINT_T0>(ahead.cast()) };
    }
}

/// The address just past the layer's weights (the prefetches' limit), after
/// prefetching the first [`PREFETCH`] bytes of `blocks`: the quads prefetch only ahead
/// of themselves, so without this every call (a layer, or a thread's share of one)
/// would read its first 8 KiB at the speed of demand misses. Not for a one-block call
/// (a prefill's, block by block for every few rows): its block is in the cache already,
/// or on its way from the previous block's quads.
fn data_end(layer: &Blocks<'_>, blocks: &Range<usize>) -> usize {
    let base = layer.data.as_ptr();
    let limit = (base as usize).saturating_add(layer.data.len());
    if blocks.len() <= 1 {
        return limit;
    }
    let first = base.wrapping_add(blocks.start.saturating_mul(layer.quads * QUAD_BYTES));
    for line in (0..PREFETCH).step_by(QUAD_BYTES) {
        let p = first.wrapping_add(line);
        if (p as usize) < limit {
            // SAFETY: a prefetch is a hint (see `prefetch_ahead`).
            unsafe { _mm_prefetch::<_MM_HINT_T0>(p.cast()) };
        }
    }
    limit
}

/// The 4 signed inputs at `p` as one 32-bit value.
///
/// # Safety
/// `p` points at 4 readable bytes.
#[inline(always)]
unsafe fn four(p: *const i8) -> i32 {
    // SAFETY: the caller's promise.
    unsafe { p.cast::<i32>().read_unaligned() }
}

/// Sixteen scales at `i` as f32 lanes (bfloat16 ones widened by a shift).
///
/// # Safety
/// AVX-512F is present and `i + 16 <= scales.len()`.
#[target_feature(enable = "avx512f")]
unsafe fn scales16(scales: ScalesRef<'_>, i: usize) -> __m512 {
    // SAFETY: i + 16 <= len (the caller's promise).
    unsafe {
        match scales {
            ScalesRef::Bf16(v) => _mm512_castsi512_ps(_mm512_slli_epi32(
                _mm512_cvtepu16_epi32(_mm256_loadu_si256(v.as_ptr().add(i).cast())),
                16,
            )),
            ScalesRef::F32(v) => _mm512_loadu_ps(v.as_ptr().add(i)),
        }
    }
}

/// [`super::run_blocks`] on AVX-512 VNNI.
///
/// # Safety
/// The CPU has AVX-512 F/BW/VL/VNNI; [`super::fits`] holds for the blocks and rows.
#[target_feature(enable = "avx512f,avx512bw,avx512vl,avx512vnni")]
pub(super) unsafe fn blocks_avx512<const N: usize>(
    layer: &Blocks<'_>,
    blocks: Range<usize>,
    rows: &[Row<'_>; N],
    emit: &mut dyn FnMut(usize, &[[f32; R]; N]),
) {
    let limit = data_end(layer, &blocks);
    for b in blocks {
        // SAFETY: the caller's promise.
        let acc = unsafe { rows_avx512(&layer.block(b), rows, layer.quads, layer.groups, limit) };
        emit(b, &acc);
    }
}

/// One block on AVX-512 VNNI (inlined into [`blocks_avx512`]).
///
/// # Safety
/// As [`blocks_avx512`].
#[inline(always)]
unsafe fn rows_avx512<const N: usize>(
    b: &Block<'_>,
    rows: &[Row<'_>; N],
    quads: usize,
    groups: usize,
    limit: usize,
) -> [[f32; R]; N] {
    let mask = _mm512_set1_epi8(0x0f);
    let ones = _mm512_set1_epi8(1);
    let zero = _mm512_setzero_si512();
    let mut acc = [_mm512_setzero_ps(); N];
    for g in 0..groups {
        let (q0, q1) = group_quads(g, b.quads_per_group, quads);
        let mut dot = [zero; N];
        let mut usum = zero;
        let mut q = q0;
        while q < q1 {
            let end = (q + BYTE_SUM_QUADS).min(q1);
            let mut bytes = zero;
            for qq in q..end {
                // SAFETY: qq < quads: 64 weight bytes at qq * 64 and 8 inputs at
                // qq * 8 of every row (`fits`); unaligned loads.
                unsafe {
                    let wp = b.blk.as_ptr().add(qq * QUAD_BYTES);
                    prefetch_ahead(wp, limit);
                    let w = _mm512_loadu_si512(wp.cast());
                    let lo = _mm512_and_si512(w, mask);
                    let hi = _mm512_and_si512(_mm512_srli_epi16(w, 4), mask);
                    bytes = _mm512_add_epi8(bytes, _mm512_add_epi8(lo, hi));
                    for (d, row) in dot.iter_mut().zip(rows) {
                        let xp = row.x.as_ptr().add(qq * QUAD);
                        let xl = _mm512_set1_epi32(four(xp));
                        let xh = _mm512_set1_epi32(four(xp.add(4)));
                        *d = _mm512_dpbusd_epi32(_mm512_dpbusd_epi32(*d, lo, xl), hi, xh);
                    }
                }
            }
            usum = _mm512_dpbusd_epi32(usum, bytes, ones);
            q = end;
        }
        // SAFETY: R scales per group (`fits`).
        let sc = unsafe { scales16(b.scales, g * R) };
        for ((a, d), row) in acc.iter_mut().zip(dot).zip(rows) {
            let c = group_constant(row.xsums[g], row.zp, QUAD * (q1 - q0));
            let d = _mm512_add_epi32(d, _mm512_set1_epi32(c));
            let d = _mm512_sub_epi32(d, _mm512_mullo_epi32(_mm512_set1_epi32(row.zp), usum));
            *a = _mm512_add_ps(*a, _mm512_mul_ps(_mm512_cvtepi32_ps(d), sc));
        }
    }
    let mut out = [[0f32; R]; N];
    for (o, a) in out.iter_mut().zip(acc) {
        // SAFETY: R floats.
        unsafe { _mm512_storeu_ps(o.as_mut_ptr(), a) };
    }
    out
}

/// The 256-bit paths' products: `acc + Σ lo·xl + Σ hi·xh` per 32-bit lane, and
/// `acc + Σ u` (each byte of `u` at most 240) per lane.
trait Dot {
    /// # Safety
    /// The CPU has the path's features.
    unsafe fn dot2(acc: __m256i, lo: __m256i, xl: __m256i, hi: __m256i, xh: __m256i) -> __m256i;
    /// # Safety
    /// The CPU has the path's features.
    unsafe fn sum4(acc: __m256i, u: __m256i) -> __m256i;
}

/// AVX2: `vpmaddubsw` + `vpmaddwd`.
struct Avx2;

impl Dot for Avx2 {
    #[inline(always)]
    unsafe fn dot2(acc: __m256i, lo: __m256i, xl: __m256i, hi: __m256i, xh: __m256i) -> __m256i {
        // SAFETY: the caller's promise (AVX2).
        unsafe {
            let s = _mm256_add_epi16(_mm256_maddubs_epi16(lo, xl), _mm256_maddubs_epi16(hi, xh));
            _mm256_add_epi32(acc, _mm256_madd_epi16(s, _mm256_set1_epi16(1)))
        }
    }
    #[inline(always)]
    unsafe fn sum4(acc: __m256i, u: __m256i) -> __m256i {
        // SAFETY: the caller's promise (AVX2).
        unsafe {
            let s = _mm256_maddubs_epi16(u, _mm256_set1_epi8(1));
            _mm256_add_epi32(acc, _mm256_madd_epi16(s, _mm256_set1_epi16(1)))
        }
    }
}

/// AVX-VNNI: 256-bit `vpdpbusd`.
struct AvxVnni;

impl Dot for AvxVnni {
    #[inline(always)]
    unsafe fn dot2(acc: __m256i, lo: __m256i, xl: __m256i, hi: __m256i, xh: __m256i) -> __m256i {
        // SAFETY: the caller's promise (AVX2 + AVX-VNNI).
        unsafe { _mm256_dpbusd_avx_epi32(_mm256_dpbusd_avx_epi32(acc, lo, xl), hi, xh) }
    }
    #[inline(always)]
    unsafe fn sum4(acc: __m256i, u: __m256i) -> __m256i {
        // SAFETY: the caller's promise (AVX2 + AVX-VNNI).
        unsafe { _mm256_dpbusd_avx_epi32(acc, u, _mm256_set1_epi8(1)) }
    }
}

/// The 256-bit kernel: channels 0..8 and 8..16 in two registers per row. Inlined into
/// [`rows_avx2`] and [`rows_avx_vnni`].
///
/// # Safety
/// The CPU has AVX2 (and `D`'s features); [`super::fits`] holds for the block and rows.
#[inline(always)]
unsafe fn rows_ymm<D: Dot, const N: usize>(
    b: &Block<'_>,
    rows: &[Row<'_>; N],
    quads: usize,
    groups: usize,
    limit: usize,
) -> [[f32; R]; N] {
    // SAFETY (the whole body): AVX2 and D's features are present (the caller's
    // promise); every read is inside what `fits` checked.
    unsafe {
        let mask = _mm256_set1_epi8(0x0f);
        let zero = _mm256_setzero_si256();
        let mut acc = [[_mm256_setzero_ps(); 2]; N];
        for g in 0..groups {
            let (q0, q1) = group_quads(g, b.quads_per_group, quads);
            let mut dot = [[zero; 2]; N];
            let mut usum = [zero; 2];
            let mut q = q0;
            while q < q1 {
                let end = (q + BYTE_SUM_QUADS).min(q1);
                let mut bytes = [zero; 2];
                for qq in q..end {
                    let wp = b.blk.as_ptr().add(qq * QUAD_BYTES);
                    prefetch_ahead(wp, limit);
                    let mut lo = [zero; 2];
                    let mut hi = [zero; 2];
                    for h in 0..2 {
                        let w = _mm256_loadu_si256(wp.add(32 * h).cast());
                        lo[h] = _mm256_and_si256(w, mask);
                        hi[h] = _mm256_and_si256(_mm256_srli_epi16(w, 4), mask);
                        bytes[h] = _mm256_add_epi8(bytes[h], _mm256_add_epi8(lo[h], hi[h]));
                    }
                    for (d, row) in dot.iter_mut().zip(rows) {
                        let xp = row.x.as_ptr().add(qq * QUAD);
                        let xl = _mm256_set1_epi32(four(xp));
                        let xh = _mm256_set1_epi32(four(xp.add(4)));
                        for h in 0..2 {
                            d[h] = D::dot2(d[h], lo[h], xl, hi[h], xh);
                        }
                    }
                }
                for h in 0..2 {
                    usum[h] = D::sum4(usum[h], bytes[h]);
                }
                q = end;
            }
            for ((a, d), row) in acc.iter_mut().zip(dot).zip(rows) {
                let c = _mm256_set1_epi32(group_constant(row.xsums[g], row.zp, QUAD * (q1 - q0)));
                let zp = _mm256_set1_epi32(row.zp);
                for h in 0..2 {
                    let v = _mm256_add_epi32(d[h], c);
                    let v = _mm256_sub_epi32(v, _mm256_mullo_epi32(zp, usum[h]));
                    let sc = b.scales.load8(g * R + 8 * h);
                    a[h] = _mm256_add_ps(a[h], _mm256_mul_ps(_mm256_cvtepi32_ps(v), sc));
                }
            }
        }
        let mut out = [[0f32; R]; N];
        for (o, a) in out.iter_mut().zip(acc) {
            for (h, half) in a.into_iter().enumerate() {
                _mm256_storeu_ps(o.as_mut_ptr().add(8 * h), half);
            }
        }
        out
    }
}

/// [`super::run_blocks`] on AVX2.
///
/// # Safety
/// The CPU has AVX2; [`super::fits`] holds for the blocks and rows.
#[target_feature(enable = "avx2")]
pub(super) unsafe fn blocks_avx2<const N: usize>(
    layer: &Blocks<'_>,
    blocks: Range<usize>,
    rows: &[Row<'_>; N],
    emit: &mut dyn FnMut(usize, &[[f32; R]; N]),
) {
    let limit = data_end(layer, &blocks);
    for b in blocks {
        // SAFETY: the caller's promise.
        let acc =
            unsafe { rows_ymm::<Avx2, N>(&layer.block(b), rows, layer.quads, layer.groups, limit) };
        emit(b, &acc);
    }
}

/// [`super::run_blocks`] on AVX2 with AVX-VNNI.
///
/// # Safety
/// The CPU has AVX2 and AVX-VNNI; [`super::fits`] holds for the blocks and rows.
#[target_feature(enable = "avx2,avxvnni")]
pub(super) unsafe fn blocks_avx_vnni<const N: usize>(
    layer: &Blocks<'_>,
    blocks: Range<usize>,
    rows: &[Row<'_>; N],
    emit: &mut dyn FnMut(usize, &[[f32; R]; N]),
) {
    let limit = data_end(layer, &blocks);
    for b in blocks {
        // SAFETY: the caller's promise.
        let acc = unsafe {
            rows_ymm::<AvxVnni, N>(&layer.block(b), rows, layer.quads, layer.groups, limit)
        };
        emit(b, &acc);
    }
}
