//! Activations applied to an fp32 convolution's clamped output (`activation` in
//! `wit/accel.wit`, contract 1.4.0): hardswish and SiLU, rounding for rounding as
//! XNNPACK's f32 microkernels compute them. The scalar definitions are
//! `plugboard_compute::activation` (shared with the XNNPACK guest's wasm SIMD kernels);
//! the paths here give the same bits:
//!
//! - [`ActivationPath::Avx512`]: 16 lanes; sigmoid's 32-entry `2^(k/32)` table is two
//!   `zmm` registers read with `vpermi2ps`, as in XNNPACK's
//!   `f32-vsigmoid/avx512f-rr2-lut32-p2-perm2-scalef` (which `2^floor(n)` here builds
//!   from the exponent bits, flushing results below f32's smallest normal as XNNPACK's
//!   denormals-off mode does, instead of `vscalefps`).
//! - [`ActivationPath::Avx2`]: 8 lanes. Hardswish as above; SiLU's sigmoid as XNNPACK's
//!   own AVX2 kernel computes it ([`exact::sigmoid_p5`]: `rr1-p5-div`, which ExecuTorch's
//!   XNNPACK runs on AVX2 machines), not the AVX-512 one: emulating the 32-entry table
//!   took four `vpermps` and three blends per vector (`vgatherdps` is microcoded and
//!   slower on AMD Zen), and that path ran at 0.72 ns per value on Zen 3 against 0.3
//!   for this one. The two sigmoids differ by a few ulp; fp32 programs are checked
//!   against eager PyTorch within 1e-4, and int8 programs never reach this path (their
//!   SiLU is a lookup table in the guest).
//! - [`ActivationPath::Scalar`]: the scalar definitions (tests; on machines without
//!   these the `cpu-accel` import is unavailable altogether).
//!
//! Every fused step is one FMA instruction, which is what makes the paths agree with
//! the scalar definitions (whose fused steps are exact emulations).

use plugboard_compute::activation as exact;

use crate::isa::Isa;

/// What follows a convolution's clamp.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Activation {
    /// Nothing.
    None,
    /// `x * clamp(fma(x, 1/6, 1/2), 0, 1)`.
    HardSwish,
    /// `x * sigmoid(x)`.
    Silu,
}

/// The code an activation runs on, slowest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum ActivationPath {
    /// Portable scalar code.
    Scalar,
    /// x86-64 AVX2 + FMA.
    Avx2,
    /// x86-64 AVX-512F.
    Avx512,
}

impl ActivationPath {
    /// The path for [`Isa::current`].
    pub fn best() -> ActivationPath {
        match Isa::current() {
            Isa::Avx512 => ActivationPath::Avx512,
            Isa::Avx2 => ActivationPath::Avx2,
            Isa::Portable => ActivationPath::Scalar,
        }
    }

    /// Every path this CPU can run (for tests and benchmarks).
    pub fn all_available() -> Vec<ActivationPath> {
        let mut v = vec![ActivationPath::Scalar];
        if Isa::detected() >= Isa::Avx2 {
            v.push(ActivationPath::Avx2);
        }
        if Isa::detected() >= Isa::Avx512 {
            v.push(ActivationPath::Avx512);
        }
        v
    }
}

/// Applies `act` to every element of `data` in place, on [`ActivationPath::best`].
pub fn apply(act: Activation, data: &mut [f32]) {
    apply_with_path(ActivationPath::best(), act, data);
}

/// Applies `act` to every element of `data` in place on `path`; a path this CPU cannot
/// run falls back to scalar code.
pub fn apply_with_path(path: ActivationPath, act: Activation, data: &mut [f32]) {
    if act == Activation::None {
        return;
    }
    #[cfg(target_arch = "x86_64")]
    {
        let can = Isa::detected();
        if path == ActivationPath::Avx512 && can >= Isa::Avx512 {
            // SAFETY: AVX-512F is present (checked just above).
            unsafe { x86::apply_avx512(act, data) };
            return;
        }
        if path >= ActivationPath::Avx2 && can >= Isa::Avx2 {
            // SAFETY: AVX2 and FMA are present.
            unsafe { x86::apply_avx2(act, data) };
            return;
        }
    }
    let _ = path;
    let f = match act {
        Activation::HardSwish => exact::hardswish,
        Activation::Silu => exact::silu,
        Activation::None => return,
    };
    for v in data {
        *v = f(*v);
    }
}

#[cfg(target_arch = "x86_64")]
mod x86 {
    use super::{exact, Activation};
    use std::arch::x86_64::*;

    /// 1.5 * 2^18: adding it rounds to a multiple of 1/32 (its ulp).
    const MAGIC: f32 = 393216.0;

    /// Runs `lanes` over whole vectors of `W` lanes and over the tail padded to one.
    #[inline(always)]
    fn by_vectors<const W: usize>(data: &mut [f32], mut lanes: impl FnMut(&mut [f32; W])) {
        let mut chunks = data.chunks_exact_mut(W);
        for c in &mut chunks {
            if let Ok(c) = <&mut [f32; W]>::try_from(c) {
                lanes(c);
            }
        }
        let tail = chunks.into_remainder();
        if !tail.is_empty() {
            let mut buf = [0.0f32; W];
            buf[..tail.len()].copy_from_slice(tail);
            lanes(&mut buf);
            tail.copy_from_slice(&buf[..tail.len()]);
        }
    }

    #[target_feature(enable = "avx512f")]
    pub(super) unsafe fn apply_avx512(act: Activation, data: &mut [f32]) {
        let t = &exact::EXP2_K_OVER_32;
        // SAFETY (all loads and stores below): each is of one whole `[f32; 16]`.
        let (lo, hi) = unsafe {
            (
                _mm512_loadu_ps(t.as_ptr()),
                _mm512_loadu_ps(t.as_ptr().add(16)),
            )
        };
        match act {
            Activation::None => {}
            Activation::HardSwish => by_vectors::<16>(data, |c| unsafe {
                let x = _mm512_loadu_ps(c.as_ptr());
                let t = _mm512_fmadd_ps(x, _mm512_set1_ps(1.0 / 6.0), _mm512_set1_ps(0.5));
                // max(0, t) and min(1, t) keep a NaN `t` (the second operand).
                let t = _mm512_max_ps(_mm512_setzero_ps(), t);
                let t = _mm512_min_ps(_mm512_set1_ps(1.0), t);
                _mm512_storeu_ps(c.as_mut_ptr(), _mm512_mul_ps(t, x));
            }),
            Activation::Silu => by_vectors::<16>(data, |c| unsafe {
                let x = _mm512_loadu_ps(c.as_ptr());
                let z = _mm512_castsi512_ps(_mm512_or_si512(
                    _mm512_castps_si512(x),
                    _mm512_set1_epi32(i32::MIN),
                ));
                let magic = _mm512_set1_ps(MAGIC);
                let nm = _mm512_fmadd_ps(z, _mm512_set1_ps(exact::SIG_LOG2E), magic);
                let nmi = _mm512_castps_si512(nm);
                let l = _mm512_permutex2var_ps(lo, nmi, hi);
                let n = _mm512_sub_ps(nm, magic);
                let t = _mm512_fmadd_ps(n, _mm512_set1_ps(exact::SIG_MINUS_LN2_HI), z);
                let t = _mm512_fmadd_ps(n, _mm512_set1_ps(exact::SIG_MINUS_LN2_LO), t);
                let p = _mm512_fmadd_ps(t, _mm512_set1_ps(0.5), _mm512_set1_ps(exact::SIG_C1));
                let t = _mm512_mul_ps(t, l);
                let p = _mm512_fmadd_ps(t, p, l);
                // floor(n) = k >> 5 with k = n * 32, `nm`'s bits less the magic's.
                let m = _mm512_srai_epi32::<5>(_mm512_sub_epi32(nmi, _mm512_castps_si512(magic)));
                let under = _mm512_cmplt_epi32_mask(m, _mm512_set1_epi32(-126));
                let m = _mm512_max_epi32(m, _mm512_set1_epi32(-126));
                let s = _mm512_slli_epi32::<23>(_mm512_add_epi32(m, _mm512_set1_epi32(127)));
                let e = _mm512_mul_ps(p, _mm512_castsi512_ps(s));
                let tiny = _mm512_cmp_ps_mask::<_CMP_LT_OQ>(
                    _mm512_abs_ps(e),
                    _mm512_set1_ps(f32::MIN_POSITIVE),
                );
                let e = _mm512_maskz_mov_ps(!(tiny | under), e);
                let one = _mm512_set1_ps(1.0);
                let f = _mm512_div_ps(e, _mm512_add_ps(e, one));
                let neg = _mm512_cmplt_epi32_mask(_mm512_castps_si512(x), _mm512_setzero_si512());
                let sig = _mm512_mask_blend_ps(neg, _mm512_sub_ps(one, f), f);
                _mm512_storeu_ps(c.as_mut_ptr(), _mm512_mul_ps(x, sig));
            }),
        }
    }

    #[target_feature(enable = "avx2,fma")]
    pub(super) unsafe fn apply_avx2(act: Activation, data: &mut [f32]) {
        // SAFETY (all loads and stores below): each is of one whole `[f32; 8]`.
        match act {
            Activation::None => {}
            Activation::HardSwish => by_vectors::<8>(data, |c| unsafe {
                let x = _mm256_loadu_ps(c.as_ptr());
                let t = _mm256_fmadd_ps(x, _mm256_set1_ps(1.0 / 6.0), _mm256_set1_ps(0.5));
                let t = _mm256_max_ps(_mm256_setzero_ps(), t);
                let t = _mm256_min_ps(_mm256_set1_ps(1.0), t);
                _mm256_storeu_ps(c.as_mut_ptr(), _mm256_mul_ps(t, x));
            }),
            Activation::Silu => {
                // Two vectors per step: one vector's chain (polynomial, division) is
                // longer than the scheduler can overlap with the next iteration's; two
                // independent chains side by side keep the FP pipes fed.
                by_vectors::<16>(data, |c| unsafe {
                    let a = _mm256_loadu_ps(c.as_ptr());
                    let b = _mm256_loadu_ps(c.as_ptr().add(8));
                    _mm256_storeu_ps(c.as_mut_ptr(), silu8(a));
                    _mm256_storeu_ps(c.as_mut_ptr().add(8), silu8(b));
                })
            }
        }
    }

    /// SiLU of 8 lanes as [`exact::silu_p5`] computes it (XNNPACK's AVX2 sigmoid, no
    /// table), then the product with `x`.
    #[inline]
    #[target_feature(enable = "avx2,fma")]
    fn silu8(x: __m256) -> __m256 {
        let z = _mm256_or_ps(x, _mm256_set1_ps(-0.0));
        let magic = _mm256_set1_ps(exact::P5_MAGIC);
        let nm = _mm256_fmadd_ps(z, _mm256_set1_ps(exact::P5_LOG2E), magic);
        let s = _mm256_castsi256_ps(_mm256_slli_epi32::<23>(_mm256_castps_si256(nm)));
        let n = _mm256_sub_ps(nm, magic);
        let t = _mm256_fmadd_ps(n, _mm256_set1_ps(exact::P5_MINUS_LN2), z);
        let p = _mm256_fmadd_ps(
            _mm256_set1_ps(exact::P5_C5),
            t,
            _mm256_set1_ps(exact::P5_C4),
        );
        let p = _mm256_fmadd_ps(p, t, _mm256_set1_ps(exact::P5_C3));
        let p = _mm256_fmadd_ps(p, t, _mm256_set1_ps(exact::P5_C2));
        let p = _mm256_fmadd_ps(p, t, _mm256_set1_ps(exact::P5_C1));
        let t = _mm256_mul_ps(t, s);
        let e = _mm256_fmadd_ps(t, p, s);
        let drop = _mm256_or_ps(
            _mm256_cmp_ps::<_CMP_LT_OQ>(z, _mm256_set1_ps(exact::P5_DENORM_CUTOFF)),
            _mm256_cmp_ps::<_CMP_LT_OQ>(e, _mm256_set1_ps(f32::MIN_POSITIVE)),
        );
        let e = _mm256_andnot_ps(drop, e);
        let one = _mm256_set1_ps(1.0);
        let f = _mm256_div_ps(e, _mm256_add_ps(e, one));
        // blendv picks `f` where x's sign bit is set.
        let sig = _mm256_blendv_ps(_mm256_sub_ps(one, f), f, x);
        _mm256_mul_ps(x, sig)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The AVX2 path's sigmoid (XNNPACK's AVX2 kernel) and the others' (its AVX-512
    /// kernel) agree within 3e-7 absolute over the whole range: fp32 programs see no
    /// difference beyond their 1e-4 tolerance whichever path runs.
    #[test]
    fn both_sigmoid_definitions_agree() {
        let mut worst = 0f32;
        let mut x = -100.0f32;
        while x < 100.0 {
            let (a, b) = (exact::sigmoid(x), exact::sigmoid_p5(x));
            worst = worst.max((a - b).abs());
            assert!((0.0..=1.0).contains(&b), "sigmoid_p5({x}) = {b}");
            x += 0.000_37;
        }
        assert!(worst <= 3e-7, "largest difference {worst:e}");
    }

    /// Every path gives the scalar definitions' bits on activations a network produces
    /// (both signs, tiny to 1e4, the saturating ends and the flush-to-zero region).
    /// Past about 1e20 in magnitude the range reduction overflows: the scalar
    /// definition then gives NaN, the SIMD paths (as the guest's wasm SIMD) 0 or 1.
    #[test]
    fn paths_match_the_scalar_definitions() {
        let mut state = 0x2545_f491_4f6c_dd1d_u64;
        let mut xs: Vec<f32> = (0..200_000)
            .map(|_| {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                let scale = [1.0f32, 4.0, 16.0, 100.0, 1e-3][(state >> 60) as usize % 5];
                ((state >> 32) as u32 as f32 / u32::MAX as f32 * 2.0 - 1.0) * scale
            })
            .collect();
        xs.extend([
            0.0, -0.0, 87.0, -87.0, 88.8, -88.8, 104.0, -104.0, 1e4, -1e4,
        ]);
        xs.extend([f32::MIN_POSITIVE, -f32::MIN_POSITIVE, -3.0, 3.0]);
        for act in [Activation::HardSwish, Activation::Silu] {
            for path in ActivationPath::all_available() {
                let f = match (act, path) {
                    (Activation::HardSwish, _) => exact::hardswish,
                    (_, ActivationPath::Avx2) => exact::silu_p5,
                    _ => exact::silu,
                };
                let want: Vec<u32> = xs.iter().map(|&x| f(x).to_bits()).collect();
                // An odd length exercises the padded tail.
                let mut got = xs[..xs.len() - 3].to_vec();
                apply_with_path(path, act, &mut got);
                for (i, g) in got.iter().enumerate() {
                    assert_eq!(
                        g.to_bits(),
                        want[i],
                        "{act:?} on {path:?} of {:e}: {g:e} vs {:e}",
                        xs[i],
                        f32::from_bits(want[i])
                    );
                }
            }
        }
    }
}
