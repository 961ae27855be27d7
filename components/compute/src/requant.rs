//! XNNPACK's `fp32` requantization of `qs8` outputs, the one definition every int8
//! kernel of plugboard follows (the guests' scalar kernels and the host's native ones
//! in `native-accel`; their SIMD epilogues compute the same thing lane by lane).
//!
//! Source: XNNPACK's `xnn_qs8_requantize_fp32` / the `fp32` requantization of its
//! `qs8-gemm` and `qs8-dwconv` microkernels: the `i32` accumulator (bias included)
//! converted to `f32`, multiplied by the scale, rounded to nearest with ties to even,
//! the output zero point added, clamped to the output range.

/// `clamp(round_ties_even(f32(acc) * scale) + zero_point, qmin, qmax)`; `acc` includes
/// the bias. The conversion to `i32` saturates, so no input overflows.
#[inline(always)]
pub fn requantize(acc: i32, scale: f32, zero_point: i32, qmin: i8, qmax: i8) -> i8 {
    let v = (acc as f32 * scale).round_ties_even() as i32;
    v.saturating_add(zero_point).clamp(qmin as i32, qmax as i32) as i8
}

/// [`requantize`]'s rounding, clamping and zero point on eight `f32` lanes of wasm
/// SIMD (`narrow` takes two vectors of scaled values `f32(acc) * scale`, or of inputs
/// already divided by their scale, and gives eight `i16` lanes, which callers narrow
/// to `i8` with `i8x16.narrow_i16x8_s`).
///
/// The values are clamped to `[qmin - zero_point, qmax - zero_point]` first (integers,
/// so clamping commutes with rounding; NaN lanes take `qmin - zero_point`, as
/// `f32::max` would give), rounded with `f32x4.nearest` (ties to even; one `roundps`
/// on x86) and converted with relaxed-SIMD's `trunc` (one `cvttps2dq`). Relaxed `trunc`
/// differs between engines only on NaN and out-of-range lanes, which the clamp rules
/// out, so the bits are the same everywhere; the saturating `i32x4.trunc_sat_f32x4`
/// would cost several instructions for those cases on x86. (XNNPACK's "magic bias"
/// rounding, adding `1.5 * 2^23`, is as exact but needs two more constant registers,
/// and measured 0.3% more instructions on shufflenet int8.)
///
/// The zero point is added after the narrowing to `i16`, not before: with nothing
/// between the two narrows, LLVM merges `i32 -> i16 -> i8` into `i32` clamps and byte
/// shuffles, which Cranelift turns into 15 x86 instructions per 16 values where the
/// two `pack`s and an add are 4 (int8 Converts and multiplies ~20% fewer
/// instructions).
#[cfg(target_arch = "wasm32")]
#[derive(Clone, Copy)]
pub struct RoundLanes {
    lo: core::arch::wasm32::v128,
    hi: core::arch::wasm32::v128,
    /// The zero point, as `i16` lanes.
    zero_point: core::arch::wasm32::v128,
}

#[cfg(target_arch = "wasm32")]
impl RoundLanes {
    /// For outputs `clamp(round(v) + zero_point, qmin, qmax)`; `zero_point` is an
    /// `i8` zero point widened (the clamped values and the zero point must fit `i16`).
    #[inline(always)]
    pub fn new(zero_point: i32, qmin: i8, qmax: i8) -> RoundLanes {
        use core::arch::wasm32::*;
        RoundLanes {
            lo: f32x4_splat((qmin as i32 - zero_point) as f32),
            hi: f32x4_splat((qmax as i32 - zero_point) as f32),
            zero_point: i16x8_splat(zero_point as i16),
        }
    }

    /// `clamp(round_ties_even(v) + zero_point, qmin, qmax)` of the lanes of `a` then
    /// `b`, as eight `i16`s.
    #[inline(always)]
    pub fn narrow(
        &self,
        a: core::arch::wasm32::v128,
        b: core::arch::wasm32::v128,
    ) -> core::arch::wasm32::v128 {
        use core::arch::wasm32::*;
        // `pmax` with the bound first: a NaN lane takes the bound.
        let round = |v| {
            let v = f32x4_pmin(self.hi, f32x4_pmax(self.lo, v));
            i32x4_relaxed_trunc_f32x4(f32x4_nearest(v))
        };
        i16x8_add(i16x8_narrow_i32x4(round(a), round(b)), self.zero_point)
    }
}

#[cfg(test)]
mod tests {
    use super::requantize;

    #[test]
    fn rounds_ties_to_even_and_saturates() {
        assert_eq!(requantize(5, 0.5, 0, -128, 127), 2); // 2.5 -> 2
        assert_eq!(requantize(7, 0.5, 0, -128, 127), 4); // 3.5 -> 4
        assert_eq!(requantize(-5, 0.5, 3, -128, 127), 1); // -2.5 -> -2, + 3
        assert_eq!(requantize(i32::MAX, 1e9, 100, -128, 127), 127);
        assert_eq!(requantize(i32::MIN, 1e9, -100, -128, 127), -128);
        assert_eq!(requantize(100, 1.0, 0, -10, 10), 10);
    }
}
