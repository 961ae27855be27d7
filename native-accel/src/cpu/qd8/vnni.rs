//! [`super::block8`] with `vpdpbusd` (VNNI): unsigned nibble times signed byte, four
//! products summed into each 32-bit lane in one instruction, where the AVX2 kernel
//! needs `vpmaddubsw`, an add and `vpmaddwd`: the low nibbles times the even inputs,
//! the high ones times the odd inputs, and both nibbles' sum times `-zp`. The sums are
//! exact (at most `4 · 30 · 128` per instruction and lane), so every path gives the
//! same integers and, with the same float epilogue, the same bits.
//!
//! Weight layout (see [`super::WeightsQd8`]): per chunk of 32 inputs, the [`R`]
//! channels' 16 bytes one after another (channel `r` at `r · 16`), low nibble = even
//! input, high nibble = odd input; the row's chunk holds its 16 even inputs, then its
//! 16 odd ones.

use super::{group_constant, negated_zero_point, vnni_fits, ScalesRef, R};
use std::arch::x86_64::*;

/// The group's epilogue, shared by both kernels: `acc += f32(d + c - zp · Σu) ·
/// scales` for the [`R`] channels (`d` in channel order, `c` the group's constant,
/// `Σu` only where the kernel did not count `-zp` itself), each an f32 operation of its
/// own (no fused multiply-add).
#[target_feature(enable = "avx2")]
#[allow(clippy::too_many_arguments)]
unsafe fn finish_group<const FUSED: bool>(
    acc: __m256,
    d: __m256i,
    c: i32,
    zp: i32,
    scales: ScalesRef<'_>,
    usums: &[i32],
    at: usize,
) -> __m256 {
    // SAFETY: the caller passes R readable scales (and nibble sums unless FUSED) at `at`.
    let scv = unsafe { scales.load8(at) };
    let mut d = _mm256_add_epi32(d, _mm256_set1_epi32(c));
    if !FUSED {
        // SAFETY: as above.
        let us = unsafe { _mm256_loadu_si256(usums.as_ptr().add(at).cast()) };
        d = _mm256_sub_epi32(d, _mm256_mullo_epi32(_mm256_set1_epi32(zp), us));
    }
    _mm256_add_ps(acc, _mm256_mul_ps(_mm256_cvtepi32_ps(d), scv))
}

/// AVX-512 VNNI: four channels' 16 bytes per 512-bit load, the chunk's even and odd
/// inputs broadcast to the four 128-bit lanes.
#[target_feature(enable = "avx512f,avx512bw,avx512vl,avx512vnni")]
#[allow(clippy::too_many_arguments)]
pub(super) unsafe fn block8_avx512<const FUSED: bool>(
    xd: &[i8],
    blk: &[u8],
    chunks_per_group: usize,
    xsums: &[i32],
    zp: i32,
    scales: ScalesRef<'_>,
    usums: &[i32],
) -> [f32; R] {
    let Some(chunks) = vnni_fits(xd, blk, chunks_per_group, xsums, scales, usums, FUSED) else {
        return [f32::NAN; R];
    };
    let (nzp, extra) = negated_zero_point(zp);
    let mask = _mm512_set1_epi8(0x0f);
    let (nzpv, extrav) = (_mm512_set1_epi8(nzp), _mm512_set1_epi8(extra));
    // After the two unpacks and the in-lane fold below, lane 4i holds channel i's sum
    // and lane 4i + 1 channel 4 + i's.
    let order = _mm512_setr_epi32(0, 4, 8, 12, 1, 5, 9, 13, 0, 0, 0, 0, 0, 0, 0, 0);
    let mut acc = _mm256_setzero_ps();
    for (g, &xs) in xsums.iter().enumerate() {
        let (c0, c1) = (
            g * chunks_per_group,
            ((g + 1) * chunks_per_group).min(chunks),
        );
        let mut a0 = _mm512_setzero_si512();
        let mut a1 = _mm512_setzero_si512();
        for c in c0..c1 {
            // SAFETY: c < chunks: 32 inputs at 32 c and R * 16 weight bytes at
            // c * R * 16 (checked by `vnni_fits`); unaligned loads.
            unsafe {
                let xp = xd.as_ptr().add(c * 32);
                let xe = _mm512_broadcast_i32x4(_mm_loadu_si128(xp.cast()));
                let xo = _mm512_broadcast_i32x4(_mm_loadu_si128(xp.add(16).cast()));
                let wp = blk.as_ptr().add(c * R * 16);
                let w0 = _mm512_loadu_si512(wp.cast());
                let w1 = _mm512_loadu_si512(wp.add(64).cast());
                for (a, w) in [(&mut a0, w0), (&mut a1, w1)] {
                    let lo = _mm512_and_si512(w, mask);
                    let hi = _mm512_and_si512(_mm512_srli_epi16(w, 4), mask);
                    *a = _mm512_dpbusd_epi32(*a, lo, xe);
                    *a = _mm512_dpbusd_epi32(*a, hi, xo);
                    if FUSED {
                        let t = _mm512_add_epi8(lo, hi);
                        *a = _mm512_dpbusd_epi32(*a, t, nzpv);
                        if extra != 0 {
                            *a = _mm512_dpbusd_epi32(*a, t, extrav);
                        }
                    }
                }
            }
        }
        // a0: channels 0..4, a1: channels 4..8, four lanes each per 128-bit lane.
        let u = _mm512_add_epi32(_mm512_unpacklo_epi32(a0, a1), _mm512_unpackhi_epi32(a0, a1));
        let u = _mm512_add_epi32(u, _mm512_shuffle_epi32::<_MM_PERM_BADC>(u));
        let d = _mm512_castsi512_si256(_mm512_permutexvar_epi32(order, u));
        let k = group_constant(xs, zp, c0, c1);
        // SAFETY: R scales per group (checked by `vnni_fits`).
        acc = unsafe { finish_group::<FUSED>(acc, d, k, zp, scales, usums, g * R) };
    }
    let mut outv = [0f32; R];
    // SAFETY: R floats.
    unsafe { _mm256_storeu_ps(outv.as_mut_ptr(), acc) };
    outv
}

/// Rows the prefill kernel ([`block8_rows_avx512`]) takes at once.
pub(super) const ROWS: usize = 4;

/// [`block8_avx512`] without the fused `-zp` products (`usums` holds the block's nibble
/// sums) for [`ROWS`] rows at once: each chunk's weights are loaded and split into
/// nibbles once for all of them, where one row at a time split them again per row
/// (with several rows, a prefill, the unpacking was most of the work). Each row's sums
/// and epilogue are [`block8_avx512`]'s, so the bits are the same.
#[target_feature(enable = "avx512f,avx512bw,avx512vl,avx512vnni")]
#[allow(clippy::too_many_arguments)]
pub(super) unsafe fn block8_rows_avx512(
    xd: [&[i8]; ROWS],
    blk: &[u8],
    chunks_per_group: usize,
    xsums: [&[i32]; ROWS],
    zp: [i32; ROWS],
    scales: ScalesRef<'_>,
    usums: &[i32],
) -> [[f32; R]; ROWS] {
    let fits = (0..ROWS).all(|r| {
        xd[r].len() == xd[0].len()
            && xsums[r].len() == xsums[0].len()
            && vnni_fits(xd[r], blk, chunks_per_group, xsums[r], scales, usums, false).is_some()
    });
    let Some(chunks) =
        vnni_fits(xd[0], blk, chunks_per_group, xsums[0], scales, usums, false).filter(|_| fits)
    else {
        return [[f32::NAN; R]; ROWS];
    };
    let mask = _mm512_set1_epi8(0x0f);
    let order = _mm512_setr_epi32(0, 4, 8, 12, 1, 5, 9, 13, 0, 0, 0, 0, 0, 0, 0, 0);
    let mut acc = [_mm256_setzero_ps(); ROWS];
    for (g, _) in xsums[0].iter().enumerate() {
        let (c0, c1) = (
            g * chunks_per_group,
            ((g + 1) * chunks_per_group).min(chunks),
        );
        let mut a0 = [_mm512_setzero_si512(); ROWS];
        let mut a1 = [_mm512_setzero_si512(); ROWS];
        for c in c0..c1 {
            // SAFETY: c < chunks: 32 inputs at 32 c of every row and R * 16 weight
            // bytes at c * R * 16 (checked by `vnni_fits`); unaligned loads.
            unsafe {
                let wp = blk.as_ptr().add(c * R * 16);
                let w0 = _mm512_loadu_si512(wp.cast());
                let w1 = _mm512_loadu_si512(wp.add(64).cast());
                let lo0 = _mm512_and_si512(w0, mask);
                let hi0 = _mm512_and_si512(_mm512_srli_epi16(w0, 4), mask);
                let lo1 = _mm512_and_si512(w1, mask);
                let hi1 = _mm512_and_si512(_mm512_srli_epi16(w1, 4), mask);
                for r in 0..ROWS {
                    let xp = xd[r].as_ptr().add(c * 32);
                    let xe = _mm512_broadcast_i32x4(_mm_loadu_si128(xp.cast()));
                    let xo = _mm512_broadcast_i32x4(_mm_loadu_si128(xp.add(16).cast()));
                    a0[r] = _mm512_dpbusd_epi32(_mm512_dpbusd_epi32(a0[r], lo0, xe), hi0, xo);
                    a1[r] = _mm512_dpbusd_epi32(_mm512_dpbusd_epi32(a1[r], lo1, xe), hi1, xo);
                }
            }
        }
        for r in 0..ROWS {
            let (a0, a1) = (a0[r], a1[r]);
            let u = _mm512_add_epi32(_mm512_unpacklo_epi32(a0, a1), _mm512_unpackhi_epi32(a0, a1));
            let u = _mm512_add_epi32(u, _mm512_shuffle_epi32::<_MM_PERM_BADC>(u));
            let d = _mm512_castsi512_si256(_mm512_permutexvar_epi32(order, u));
            let k = group_constant(xsums[r][g], zp[r], c0, c1);
            // SAFETY: R scales and nibble sums per group (checked by `vnni_fits`).
            acc[r] = unsafe { finish_group::<false>(acc[r], d, k, zp[r], scales, usums, g * R) };
        }
    }
    let mut out = [[0f32; R]; ROWS];
    for (o, a) in out.iter_mut().zip(acc) {
        // SAFETY: R floats.
        unsafe { _mm256_storeu_ps(o.as_mut_ptr(), a) };
    }
    out
}

/// AVX-VNNI (the VEX-encoded `vpdpbusd` of AVX2-class cores): two channels' 16 bytes
/// per 256-bit load, as the AVX2 kernel.
#[target_feature(enable = "avx2,avxvnni")]
#[allow(clippy::too_many_arguments)]
pub(super) unsafe fn block8_avx<const FUSED: bool>(
    xd: &[i8],
    blk: &[u8],
    chunks_per_group: usize,
    xsums: &[i32],
    zp: i32,
    scales: ScalesRef<'_>,
    usums: &[i32],
) -> [f32; R] {
    let Some(chunks) = vnni_fits(xd, blk, chunks_per_group, xsums, scales, usums, FUSED) else {
        return [f32::NAN; R];
    };
    let (nzp, extra) = negated_zero_point(zp);
    let mask = _mm256_set1_epi8(0x0f);
    let (nzpv, extrav) = (_mm256_set1_epi8(nzp), _mm256_set1_epi8(extra));
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
            // SAFETY: as in `block8_avx512`.
            unsafe {
                let xp = xd.as_ptr().add(c * 32);
                let xe = _mm256_broadcastsi128_si256(_mm_loadu_si128(xp.cast()));
                let xo = _mm256_broadcastsi128_si256(_mm_loadu_si128(xp.add(16).cast()));
                let wp = blk.as_ptr().add(c * R * 16);
                for (p, ap) in a.iter_mut().enumerate() {
                    let w = _mm256_loadu_si256(wp.add(p * 32).cast());
                    let lo = _mm256_and_si256(w, mask);
                    let hi = _mm256_and_si256(_mm256_srli_epi16(w, 4), mask);
                    *ap = _mm256_dpbusd_avx_epi32(*ap, lo, xe);
                    *ap = _mm256_dpbusd_avx_epi32(*ap, hi, xo);
                    if FUSED {
                        let t = _mm256_add_epi8(lo, hi);
                        *ap = _mm256_dpbusd_avx_epi32(*ap, t, nzpv);
                        if extra != 0 {
                            *ap = _mm256_dpbusd_avx_epi32(*ap, t, extrav);
                        }
                    }
                }
            }
        }
        // a[p]: channel 2p in the low half, 2p + 1 in the high half.
        let h01 = _mm256_hadd_epi32(a[0], a[1]);
        let h23 = _mm256_hadd_epi32(a[2], a[3]);
        let d = _mm256_permutevar8x32_epi32(_mm256_hadd_epi32(h01, h23), order);
        let k = group_constant(xs, zp, c0, c1);
        // SAFETY: R scales per group (checked by `vnni_fits`).
        acc = unsafe { finish_group::<FUSED>(acc, d, k, zp, scales, usums, g * R) };
    }
    let mut outv = [0f32; R];
    // SAFETY: R floats.
    unsafe { _mm256_storeu_ps(outv.as_mut_ptr(), acc) };
    outv
}
