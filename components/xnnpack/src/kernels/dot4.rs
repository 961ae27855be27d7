//! Dot products of signed 8-bit activations with 4-bit weights packed two per byte
//! (`w + 8`, low nibble first: [`crate::dynamic::DqWeights`]), 32 elements at a time.
//!
//! The activations are first reordered per 32-element block, its 16 even elements then
//! its 16 odd ones ([`deinterleave`]), so that a block's 16 weight bytes meet them as
//! they are: the low nibbles (even elements) against the first half, the high nibbles
//! against the second, with no unpacking beyond a mask and a shift. The nibbles are
//! used as stored (`w + 8`, 0..=15); the caller subtracts `8 · Σ x`.
//!
//! On wasm with relaxed SIMD each half is one `i32x4.relaxed_dot_i8x16_i7x16_add_s`:
//! its second operand must be 7-bit (ours is 4-bit), so every lowering computes the
//! same exact integers (on x86 it is `pmaddubsw`, whose 16-bit pair sums cannot
//! saturate here: at most 2 · 128 · 15). Elsewhere (the crate's native unit tests) a
//! scalar loop computes the same sums.

/// Reorders each row's 32-element blocks of `x` (`k` per row, a multiple of 32) into
/// `out`: the block's even elements, then its odd ones.
pub fn deinterleave(x: &[i8], out: &mut [i8]) {
    for (xb, ob) in x.chunks_exact(32).zip(out.chunks_exact_mut(32)) {
        for t in 0..16 {
            ob[t] = xb[2 * t];
            ob[16 + t] = xb[2 * t + 1];
        }
    }
}

/// Output channels per block of the blocked weight layout ([`row_block`]).
pub const ROWS: usize = 4;

/// The number of groups of [`row_block`]'s arguments, if their lengths fit together:
/// `k` and `group` multiples of 32 (whole 16-byte loads), `2 k` weight bytes, and a sum
/// (and four sums and scales) per group.
fn groups_of(
    k: usize,
    blk: usize,
    group: usize,
    xsums: usize,
    sums: usize,
    scales: usize,
) -> Option<usize> {
    let fits = k.is_multiple_of(32) && group > 0 && group.is_multiple_of(32) && blk == 2 * k;
    let groups = k.div_ceil(group.max(1));
    (fits && xsums >= groups && sums >= ROWS * groups && scales >= ROWS * groups).then_some(groups)
}

/// The fp32 accumulators of [`ROWS`] output channels for one row of activations:
/// `Σ_g ((Σ_{c in g} x[c] · (w[r][c] + 8)) - xsums[g] - zp · sums[g][r]) · scales[g][r]`,
/// summed over the groups in order (the float arithmetic of the unblocked loop, lane by
/// lane).
///
/// - `x`: the row, `k` values, deinterleaved ([`deinterleave`]); `k` a multiple of 32;
/// - `blk`: the block's weights, `2 k` bytes: group by group (`group` elements, a
///   multiple of 32; the last may be shorter), the group's bytes of row 0, then of
///   row 1, 2 and 3;
/// - `xsums[g]`: `8 · Σ x` over group `g` (the nibbles are `w + 8`);
/// - `sums[4 g + r]`, `scales[4 g + r]`: row `r`'s `Σ w` and scale for group `g`.
///
/// Lengths that do not match give NaNs (the caller builds them together).
#[cfg(all(target_arch = "wasm32", target_feature = "relaxed-simd"))]
pub fn row_block(
    x: &[i8],
    blk: &[u8],
    group: usize,
    xsums: &[i32],
    zp: i32,
    sums: &[i32],
    scales: &[f32],
) -> [f32; ROWS] {
    use core::arch::wasm32::*;
    let k = x.len();
    let Some(groups) = groups_of(k, blk.len(), group, xsums.len(), sums.len(), scales.len()) else {
        return [f32::NAN; ROWS];
    };
    let mask = u8x16_splat(0x0f);
    let zpv = i32x4_splat(zp);
    let mut acc = f32x4_splat(0.0);
    for (g, &xs) in xsums.iter().enumerate().take(groups) {
        let c0 = g * group;
        let gb = ((c0 + group).min(k) - c0) / 2;
        let wg = &blk[2 * c0..2 * c0 + 4 * gb];
        let xg = &x[c0..c0 + 2 * gb];
        let zero = i32x4_splat(0);
        let (mut a0, mut a1, mut a2, mut a3) = (zero, zero, zero, zero);
        let mut t = 0;
        while t < gb {
            // SAFETY: `gb` is a multiple of 16 and t < gb, so the loads end within
            // `xg` (2 gb bytes) and `wg` (4 gb); wasm loads need no alignment.
            unsafe {
                let xe = v128_load(xg.as_ptr().add(2 * t) as *const v128);
                let xo = v128_load(xg.as_ptr().add(2 * t + 16) as *const v128);
                let w0 = v128_load(wg.as_ptr().add(t) as *const v128);
                let w1 = v128_load(wg.as_ptr().add(gb + t) as *const v128);
                let w2 = v128_load(wg.as_ptr().add(2 * gb + t) as *const v128);
                let w3 = v128_load(wg.as_ptr().add(3 * gb + t) as *const v128);
                a0 = i32x4_relaxed_dot_i8x16_i7x16_add(xe, v128_and(w0, mask), a0);
                a0 = i32x4_relaxed_dot_i8x16_i7x16_add(xo, u8x16_shr(w0, 4), a0);
                a1 = i32x4_relaxed_dot_i8x16_i7x16_add(xe, v128_and(w1, mask), a1);
                a1 = i32x4_relaxed_dot_i8x16_i7x16_add(xo, u8x16_shr(w1, 4), a1);
                a2 = i32x4_relaxed_dot_i8x16_i7x16_add(xe, v128_and(w2, mask), a2);
                a2 = i32x4_relaxed_dot_i8x16_i7x16_add(xo, u8x16_shr(w2, 4), a2);
                a3 = i32x4_relaxed_dot_i8x16_i7x16_add(xe, v128_and(w3, mask), a3);
                a3 = i32x4_relaxed_dot_i8x16_i7x16_add(xo, u8x16_shr(w3, 4), a3);
            }
            t += 16;
        }
        // Lane r of `d`: the sum of a_r's lanes.
        let s01 = i32x4_add(
            i32x4_shuffle::<0, 4, 1, 5>(a0, a1),
            i32x4_shuffle::<2, 6, 3, 7>(a0, a1),
        );
        let s23 = i32x4_add(
            i32x4_shuffle::<0, 4, 1, 5>(a2, a3),
            i32x4_shuffle::<2, 6, 3, 7>(a2, a3),
        );
        let d = i32x4_add(
            i32x4_shuffle::<0, 1, 4, 5>(s01, s23),
            i32x4_shuffle::<2, 3, 6, 7>(s01, s23),
        );
        // SAFETY: sums and scales hold 4 per group (checked above).
        let (sv, scv) = unsafe {
            (
                v128_load(sums.as_ptr().add(4 * g) as *const v128),
                v128_load(scales.as_ptr().add(4 * g) as *const v128),
            )
        };
        let d = i32x4_sub(i32x4_sub(d, i32x4_splat(xs)), i32x4_mul(zpv, sv));
        acc = f32x4_add(acc, f32x4_mul(f32x4_convert_i32x4(d), scv));
    }
    [
        f32x4_extract_lane::<0>(acc),
        f32x4_extract_lane::<1>(acc),
        f32x4_extract_lane::<2>(acc),
        f32x4_extract_lane::<3>(acc),
    ]
}

/// [`row_block`] without SIMD (the crate's native unit tests): the same sums.
#[cfg(not(all(target_arch = "wasm32", target_feature = "relaxed-simd")))]
pub fn row_block(
    x: &[i8],
    blk: &[u8],
    group: usize,
    xsums: &[i32],
    zp: i32,
    sums: &[i32],
    scales: &[f32],
) -> [f32; ROWS] {
    let k = x.len();
    let Some(groups) = groups_of(k, blk.len(), group, xsums.len(), sums.len(), scales.len()) else {
        return [f32::NAN; ROWS];
    };
    let mut acc = [0f32; ROWS];
    for (g, &xs) in xsums.iter().enumerate().take(groups) {
        let c0 = g * group;
        let gb = ((c0 + group).min(k) - c0) / 2;
        for (r, a) in acc.iter_mut().enumerate() {
            let w = &blk[2 * c0 + r * gb..][..gb];
            let xg = &x[c0..c0 + 2 * gb];
            let mut d = 0i32;
            for (xb, wb) in xg.chunks_exact(32).zip(w.chunks_exact(16)) {
                for t in 0..16 {
                    d += i32::from(xb[t]) * i32::from(wb[t] & 0xf);
                    d += i32::from(xb[16 + t]) * i32::from(wb[t] >> 4);
                }
            }
            let d = d - xs - zp * sums[4 * g + r];
            *a += d as f32 * scales[4 * g + r];
        }
    }
    acc
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One block against the unpacked sums, with two groups of 32.
    #[test]
    fn row_block_matches_the_unpacked_sums() {
        let (k, group) = (64, 32);
        let x: Vec<i8> = (0..k).map(|i| ((i * 37 + 11) % 256) as u8 as i8).collect();
        let rows: Vec<Vec<u8>> = (0..ROWS)
            .map(|r| {
                (0..k / 2)
                    .map(|i| ((i * 53 + 7 + r * 19) % 256) as u8)
                    .collect()
            })
            .collect();
        let mut blk = Vec::new();
        for g in 0..2 {
            for row in &rows {
                blk.extend_from_slice(&row[g * 16..][..16]);
            }
        }
        let nib = |row: &[u8], c: usize| {
            i32::from(if c.is_multiple_of(2) {
                row[c / 2] & 0xf
            } else {
                row[c / 2] >> 4
            })
        };
        let xsums: Vec<i32> = (0..2)
            .map(|g| 8 * x[g * 32..][..32].iter().map(|&v| i32::from(v)).sum::<i32>())
            .collect();
        let sums: Vec<i32> = (0..8i32).map(|i| i * 3 - 7).collect();
        let scales: Vec<f32> = (0..8).map(|i| 0.01 * (i + 1) as f32).collect();
        let zp = -5;
        let mut expect = [0f32; ROWS];
        for g in 0..2 {
            for (r, e) in expect.iter_mut().enumerate() {
                let d: i32 = (g * 32..(g + 1) * 32)
                    .map(|c| i32::from(x[c]) * nib(&rows[r], c))
                    .sum();
                *e += (d - xsums[g] - zp * sums[4 * g + r]) as f32 * scales[4 * g + r];
            }
        }
        let mut xd = vec![0i8; k];
        deinterleave(&x, &mut xd);
        assert_eq!(
            row_block(&xd, &blk, group, &xsums, zp, &sums, &scales),
            expect
        );
    }
}
