//! The vector operations the attention's loops use, for each path: eight lanes of
//! AVX2 + FMA, sixteen of AVX-512F, four of plain Rust. Every method is
//! `#[inline(always)]` and meant to be inlined into a function compiled with the
//! path's target features (`row_avx2`, `row_avx512`): a caller without them must not
//! call the x86 implementations (hence `unsafe`).

use super::{exp, EXP_MAX, EXP_MIN, EXP_POLY, LN2_HI, LN2_LO};

/// A vector of `L` floats.
pub(super) trait Lanes: Copy {
    /// Lanes per vector.
    const L: usize;
    /// `a * b + c` on one float, fused where the vectors' `fma` is.
    fn madd(a: f32, b: f32, c: f32) -> f32;
    /// # Safety
    /// The CPU has the path's features.
    unsafe fn splat(x: f32) -> Self;
    /// # Safety
    /// `p` points at `L` readable floats; the CPU has the path's features.
    unsafe fn load(p: *const f32) -> Self;
    /// # Safety
    /// `p` points at `L` writable floats; the CPU has the path's features.
    unsafe fn store(self, p: *mut f32);
    /// `a * b + c`. # Safety: the CPU has the path's features.
    unsafe fn fma(a: Self, b: Self, c: Self) -> Self;
    /// # Safety
    /// The CPU has the path's features.
    unsafe fn add(self, o: Self) -> Self;
    /// # Safety
    /// The CPU has the path's features.
    unsafe fn sub(self, o: Self) -> Self;
    /// `self > m ? self : m` per lane (a NaN in `self` leaves `m`). # Safety: as above.
    unsafe fn max_skip_nan(self, m: Self) -> Self;
    /// The lanes' sum. # Safety: as above.
    unsafe fn sum(self) -> f32;
    /// The largest lane (no lane is NaN). # Safety: as above.
    unsafe fn max_lane(self) -> f32;
    /// [`exp`] per lane. # Safety: as above.
    unsafe fn exp(self) -> Self;
}

/// Four lanes of plain Rust.
#[derive(Clone, Copy)]
pub(super) struct Scalar([f32; 4]);

impl Lanes for Scalar {
    const L: usize = 4;
    #[inline(always)]
    fn madd(a: f32, b: f32, c: f32) -> f32 {
        a * b + c
    }
    #[inline(always)]
    unsafe fn splat(x: f32) -> Self {
        Scalar([x; 4])
    }
    #[inline(always)]
    unsafe fn load(p: *const f32) -> Self {
        // SAFETY: the caller's contract.
        Scalar(unsafe { p.cast::<[f32; 4]>().read_unaligned() })
    }
    #[inline(always)]
    unsafe fn store(self, p: *mut f32) {
        // SAFETY: the caller's contract.
        unsafe { p.cast::<[f32; 4]>().write_unaligned(self.0) }
    }
    #[inline(always)]
    unsafe fn fma(a: Self, b: Self, c: Self) -> Self {
        Scalar(std::array::from_fn(|t| a.0[t] * b.0[t] + c.0[t]))
    }
    #[inline(always)]
    unsafe fn add(self, o: Self) -> Self {
        Scalar(std::array::from_fn(|t| self.0[t] + o.0[t]))
    }
    #[inline(always)]
    unsafe fn sub(self, o: Self) -> Self {
        Scalar(std::array::from_fn(|t| self.0[t] - o.0[t]))
    }
    #[inline(always)]
    unsafe fn max_skip_nan(self, m: Self) -> Self {
        Scalar(std::array::from_fn(|t| {
            if self.0[t] > m.0[t] {
                self.0[t]
            } else {
                m.0[t]
            }
        }))
    }
    #[inline(always)]
    unsafe fn sum(self) -> f32 {
        (self.0[0] + self.0[2]) + (self.0[1] + self.0[3])
    }
    #[inline(always)]
    unsafe fn max_lane(self) -> f32 {
        self.0.into_iter().fold(f32::NEG_INFINITY, f32::max)
    }
    #[inline(always)]
    unsafe fn exp(self) -> Self {
        Scalar(self.0.map(exp))
    }
}

#[cfg(target_arch = "x86_64")]
pub(super) use x86::{Avx2, Avx512};

#[cfg(target_arch = "x86_64")]
mod x86 {
    use super::*;
    use std::arch::x86_64::*;

    /// Eight lanes of AVX2 + FMA.
    #[derive(Clone, Copy)]
    pub(in super::super) struct Avx2(__m256);

    /// Sixteen lanes of AVX-512F.
    #[derive(Clone, Copy)]
    pub(in super::super) struct Avx512(__m512);

    const ROUND: i32 = _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC;

    impl Lanes for Avx2 {
        const L: usize = 8;
        #[inline(always)]
        fn madd(a: f32, b: f32, c: f32) -> f32 {
            a.mul_add(b, c)
        }
        #[inline(always)]
        unsafe fn splat(x: f32) -> Self {
            // SAFETY (all methods): the caller has AVX2 and FMA; pointers as documented.
            unsafe { Avx2(_mm256_set1_ps(x)) }
        }
        #[inline(always)]
        unsafe fn load(p: *const f32) -> Self {
            unsafe { Avx2(_mm256_loadu_ps(p)) }
        }
        #[inline(always)]
        unsafe fn store(self, p: *mut f32) {
            unsafe { _mm256_storeu_ps(p, self.0) }
        }
        #[inline(always)]
        unsafe fn fma(a: Self, b: Self, c: Self) -> Self {
            unsafe { Avx2(_mm256_fmadd_ps(a.0, b.0, c.0)) }
        }
        #[inline(always)]
        unsafe fn add(self, o: Self) -> Self {
            unsafe { Avx2(_mm256_add_ps(self.0, o.0)) }
        }
        #[inline(always)]
        unsafe fn sub(self, o: Self) -> Self {
            unsafe { Avx2(_mm256_sub_ps(self.0, o.0)) }
        }
        #[inline(always)]
        unsafe fn max_skip_nan(self, m: Self) -> Self {
            // `vmaxps` returns its second operand when either is NaN.
            unsafe { Avx2(_mm256_max_ps(self.0, m.0)) }
        }
        #[inline(always)]
        unsafe fn sum(self) -> f32 {
            unsafe {
                let x = _mm_add_ps(
                    _mm256_castps256_ps128(self.0),
                    _mm256_extractf128_ps(self.0, 1),
                );
                let x = _mm_add_ps(x, _mm_movehl_ps(x, x));
                _mm_cvtss_f32(_mm_add_ss(x, _mm_movehdup_ps(x)))
            }
        }
        #[inline(always)]
        unsafe fn max_lane(self) -> f32 {
            unsafe {
                let x = _mm_max_ps(
                    _mm256_castps256_ps128(self.0),
                    _mm256_extractf128_ps(self.0, 1),
                );
                let x = _mm_max_ps(x, _mm_movehl_ps(x, x));
                _mm_cvtss_f32(_mm_max_ss(x, _mm_movehdup_ps(x)))
            }
        }
        #[inline(always)]
        unsafe fn exp(self) -> Self {
            unsafe {
                let x = self.0;
                let s = _mm256_set1_ps;
                let c = _mm256_min_ps(_mm256_max_ps(x, s(EXP_MIN)), s(EXP_MAX));
                let n = _mm256_round_ps::<ROUND>(_mm256_mul_ps(c, s(std::f32::consts::LOG2_E)));
                let r = _mm256_fnmadd_ps(n, s(LN2_LO), _mm256_fnmadd_ps(n, s(LN2_HI), c));
                let mut p = s(EXP_POLY[0]);
                for k in &EXP_POLY[1..] {
                    p = _mm256_fmadd_ps(p, r, s(*k));
                }
                let y = _mm256_add_ps(_mm256_fmadd_ps(p, _mm256_mul_ps(r, r), r), s(1.0));
                let e = _mm256_cvtps_epi32(n);
                let e1 = _mm256_srai_epi32::<1>(e);
                let e2 = _mm256_sub_epi32(e, e1);
                let pow = |e| {
                    _mm256_castsi256_ps(_mm256_slli_epi32::<23>(_mm256_add_epi32(
                        e,
                        _mm256_set1_epi32(127),
                    )))
                };
                let v = _mm256_mul_ps(_mm256_mul_ps(y, pow(e1)), pow(e2));
                let v = _mm256_andnot_ps(_mm256_cmp_ps::<_CMP_LT_OQ>(x, s(EXP_MIN)), v);
                let v = _mm256_blendv_ps(
                    v,
                    s(f32::INFINITY),
                    _mm256_cmp_ps::<_CMP_GT_OQ>(x, s(EXP_MAX)),
                );
                Avx2(_mm256_blendv_ps(v, x, _mm256_cmp_ps::<_CMP_UNORD_Q>(x, x)))
            }
        }
    }

    impl Lanes for Avx512 {
        const L: usize = 16;
        #[inline(always)]
        fn madd(a: f32, b: f32, c: f32) -> f32 {
            a.mul_add(b, c)
        }
        #[inline(always)]
        unsafe fn splat(x: f32) -> Self {
            // SAFETY (all methods): the caller has AVX-512F; pointers as documented.
            unsafe { Avx512(_mm512_set1_ps(x)) }
        }
        #[inline(always)]
        unsafe fn load(p: *const f32) -> Self {
            unsafe { Avx512(_mm512_loadu_ps(p)) }
        }
        #[inline(always)]
        unsafe fn store(self, p: *mut f32) {
            unsafe { _mm512_storeu_ps(p, self.0) }
        }
        #[inline(always)]
        unsafe fn fma(a: Self, b: Self, c: Self) -> Self {
            unsafe { Avx512(_mm512_fmadd_ps(a.0, b.0, c.0)) }
        }
        #[inline(always)]
        unsafe fn add(self, o: Self) -> Self {
            unsafe { Avx512(_mm512_add_ps(self.0, o.0)) }
        }
        #[inline(always)]
        unsafe fn sub(self, o: Self) -> Self {
            unsafe { Avx512(_mm512_sub_ps(self.0, o.0)) }
        }
        #[inline(always)]
        unsafe fn max_skip_nan(self, m: Self) -> Self {
            // `vmaxps` returns its second operand when either is NaN.
            unsafe { Avx512(_mm512_max_ps(self.0, m.0)) }
        }
        #[inline(always)]
        unsafe fn sum(self) -> f32 {
            unsafe { _mm512_reduce_add_ps(self.0) }
        }
        #[inline(always)]
        unsafe fn max_lane(self) -> f32 {
            unsafe { _mm512_reduce_max_ps(self.0) }
        }
        #[inline(always)]
        unsafe fn exp(self) -> Self {
            unsafe {
                let x = self.0;
                let s = _mm512_set1_ps;
                let c = _mm512_min_ps(_mm512_max_ps(x, s(EXP_MIN)), s(EXP_MAX));
                let n =
                    _mm512_roundscale_ps::<ROUND>(_mm512_mul_ps(c, s(std::f32::consts::LOG2_E)));
                let r = _mm512_fnmadd_ps(n, s(LN2_LO), _mm512_fnmadd_ps(n, s(LN2_HI), c));
                let mut p = s(EXP_POLY[0]);
                for k in &EXP_POLY[1..] {
                    p = _mm512_fmadd_ps(p, r, s(*k));
                }
                let y = _mm512_add_ps(_mm512_fmadd_ps(p, _mm512_mul_ps(r, r), r), s(1.0));
                let e = _mm512_cvtps_epi32(n);
                let e1 = _mm512_srai_epi32::<1>(e);
                let e2 = _mm512_sub_epi32(e, e1);
                let pow = |e| {
                    _mm512_castsi512_ps(_mm512_slli_epi32::<23>(_mm512_add_epi32(
                        e,
                        _mm512_set1_epi32(127),
                    )))
                };
                let v = _mm512_mul_ps(_mm512_mul_ps(y, pow(e1)), pow(e2));
                let v = _mm512_mask_blend_ps(
                    _mm512_cmp_ps_mask::<_CMP_LT_OQ>(x, s(EXP_MIN)),
                    v,
                    s(0.0),
                );
                let v = _mm512_mask_blend_ps(
                    _mm512_cmp_ps_mask::<_CMP_GT_OQ>(x, s(EXP_MAX)),
                    v,
                    s(f32::INFINITY),
                );
                Avx512(_mm512_mask_blend_ps(
                    _mm512_cmp_ps_mask::<_CMP_UNORD_Q>(x, x),
                    v,
                    x,
                ))
            }
        }
    }
}
