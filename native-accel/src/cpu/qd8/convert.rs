//! XNNPACK's `Convert` from float32 rows to `qdint8` on native code, for contract 2.4's
//! `fully-connected-qd8-f32`: the bits of `plugboard_compute::rowquant` (the one
//! definition, which the XNNPACK component's wasm kernels follow too), with AVX2 where
//! the path allows.
//!
//! AVX2: the range starts at `(+inf, -inf)` and `vminps(v, lo)` / `vmaxps(v, hi)` keep
//! the running value for a NaN `v`, so NaN values are ignored as the definition ignores
//! them. A row of NaN only ends at `(+inf, -inf)` where the definition has `(NaN,
//! NaN)`; both give `rmin = rmax = 0`, so the same parameters. Quantizing, `vmaxps(x *
//! s, qlo)` gives `qlo` for a NaN product as `f32::max` does, and `vroundps` rounds half
//! to even.

use plugboard_compute::rowquant;

use super::{Qd8Path, RowQuant};

/// Quantizes the `x.len() / k` rows of `k` values of `x` into `out`, one [`RowQuant`]
/// per row into `rows` (cleared first).
pub fn quantize_rows(path: Qd8Path, x: &[f32], k: usize, out: &mut [i8], rows: &mut Vec<RowQuant>) {
    rows.clear();
    if k == 0 {
        return;
    }
    for (xr, or) in x.chunks_exact(k).zip(out.chunks_exact_mut(k)) {
        #[cfg(target_arch = "x86_64")]
        if path >= Qd8Path::Avx2 {
            // SAFETY: every path from `Avx2` up runs only where AVX2 is present.
            rows.push(unsafe { avx2::quantize_row(xr, or) });
            continue;
        }
        let _ = path;
        let (lo, hi) = rowquant::row_range(xr);
        let (s, scale, zero_point) = rowquant::row_params(lo, hi);
        for (o, &v) in or.iter_mut().zip(xr) {
            *o = rowquant::quantize_value(v, s, zero_point);
        }
        rows.push(RowQuant { zero_point, scale });
    }
}

#[cfg(target_arch = "x86_64")]
mod avx2 {
    use super::{rowquant, RowQuant};
    use std::arch::x86_64::*;

    /// One row: its range, parameters and values (`out` as long as `x`).
    #[target_feature(enable = "avx2")]
    pub(super) unsafe fn quantize_row(x: &[f32], out: &mut [i8]) -> RowQuant {
        let n = x.len().min(out.len()) / 8 * 8;
        let (mut lo, mut hi) = (
            _mm256_set1_ps(f32::INFINITY),
            _mm256_set1_ps(f32::NEG_INFINITY),
        );
        let mut i = 0;
        while i < n {
            // SAFETY: i + 8 <= n <= x.len().
            let v = unsafe { _mm256_loadu_ps(x.as_ptr().add(i)) };
            lo = _mm256_min_ps(v, lo);
            hi = _mm256_max_ps(v, hi);
            i += 8;
        }
        let (mut l, mut h) = ([0f32; 8], [0f32; 8]);
        // SAFETY: 8 floats each.
        unsafe {
            _mm256_storeu_ps(l.as_mut_ptr(), lo);
            _mm256_storeu_ps(h.as_mut_ptr(), hi);
        }
        let (mut rlo, mut rhi) = (f32::INFINITY, f32::NEG_INFINITY);
        for &v in l.iter().chain(&x[n..]) {
            if v < rlo {
                rlo = v;
            }
        }
        for &v in h.iter().chain(&x[n..]) {
            if v > rhi {
                rhi = v;
            }
        }
        let (s, scale, zp) = rowquant::row_params(rlo, rhi);
        let (qlo, qhi) = ((-128 - zp) as f32, (127 - zp) as f32);
        let (sv, lov, hiv) = (_mm256_set1_ps(s), _mm256_set1_ps(qlo), _mm256_set1_ps(qhi));
        let zv = _mm256_set1_epi32(zp);
        let mut i = 0;
        let mut q = [0i32; 8];
        while i < n {
            // SAFETY: i + 8 <= n <= both lengths.
            unsafe {
                let v = _mm256_loadu_ps(x.as_ptr().add(i));
                let y = _mm256_min_ps(_mm256_max_ps(_mm256_mul_ps(v, sv), lov), hiv);
                let r = _mm256_round_ps::<{ _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC }>(y);
                _mm256_storeu_si256(
                    q.as_mut_ptr().cast(),
                    _mm256_add_epi32(_mm256_cvtps_epi32(r), zv),
                );
            }
            for (o, &v) in out[i..i + 8].iter_mut().zip(&q) {
                *o = v as i8;
            }
            i += 8;
        }
        for (o, &v) in out[n..].iter_mut().zip(&x[n..]) {
            *o = rowquant::quantize_value(v, s, zp);
        }
        RowQuant {
            zero_point: zp,
            scale,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every path against the definition, bit for bit: rows spanning zero, positive,
    /// negative, zero, NaN only, with NaN and infinities among values, signed zeros,
    /// and lengths that leave a tail.
    #[test]
    fn every_path_gives_the_definitions_bits() {
        let mut x = Vec::new();
        for r in 0..40u32 {
            for c in 0..37u32 {
                let t = ((r * 37 + c) as f32 * 0.618).sin() * (1.0 + r as f32);
                x.push(match r % 8 {
                    0 => t,
                    1 => t.abs() + 0.1,
                    2 => -t.abs() - 0.1,
                    3 => 0.0,
                    4 => f32::NAN,
                    5 if c == 3 => f32::NAN,
                    6 if c == 5 => f32::INFINITY,
                    7 if c % 2 == 0 => -0.0,
                    _ => t,
                });
            }
        }
        let k = 37;
        let mut want = vec![0i8; x.len()];
        let want_rows = rowquant::quantize_rows(&x, k, &mut want);
        for path in Qd8Path::all_available() {
            let mut got = vec![0i8; x.len()];
            let mut rows = Vec::new();
            quantize_rows(path, &x, k, &mut got, &mut rows);
            assert_eq!(got, want, "{path:?}");
            let bits: Vec<(u32, i32)> = rows
                .iter()
                .map(|r| (r.scale.to_bits(), r.zero_point))
                .collect();
            let want_bits: Vec<(u32, i32)> =
                want_rows.iter().map(|&(s, z)| (s.to_bits(), z)).collect();
            assert_eq!(bits, want_bits, "{path:?}");
        }
    }
}
