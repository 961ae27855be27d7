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

/// [`requantize`]'s rounding, clamping and zero point on four `f32` lanes of wasm SIMD
/// (`apply` takes the scaled values `f32(acc) * scale`, or an input already divided by
/// its scale, and gives `i32` lanes).
///
/// The values are clamped to `[qmin - zero_point, qmax - zero_point]` first (integers,
/// so clamping commutes with rounding), then rounded by adding `1.5 * 2^23`: the sum
/// lies in `[2^23, 2^24)`, where the `f32` step is 1, so the add itself rounds to
/// nearest with ties to even, and the integer is the sum's bits less the constant's.
/// This is XNNPACK's "magic bias" conversion; it replaces `f32x4.nearest` and the
/// saturating `i32x4.trunc_sat_f32x4`, which wasm compilers expand on x86 into many
/// instructions (the NaN and overflow cases it does not need). NaN lanes clamp to
/// `qmin - zero_point`, as `f32::max` would give.
#[cfg(target_arch = "wasm32")]
#[derive(Clone, Copy)]
pub struct RoundLanes {
    lo: core::arch::wasm32::v128,
    hi: core::arch::wasm32::v128,
    /// `1.5 * 2^23` as an `f32`.
    magic: core::arch::wasm32::v128,
    /// The bits of `magic` less the zero point.
    offset: core::arch::wasm32::v128,
}

#[cfg(target_arch = "wasm32")]
impl RoundLanes {
    const MAGIC: f32 = 12_582_912.0;

    /// For outputs `clamp(round(v) + zero_point, qmin, qmax)`; `zero_point` is an
    /// `i8` zero point widened (any `|zero_point| < 2^21` works).
    #[inline(always)]
    pub fn new(zero_point: i32, qmin: i8, qmax: i8) -> RoundLanes {
        use core::arch::wasm32::*;
        RoundLanes {
            lo: f32x4_splat((qmin as i32 - zero_point) as f32),
            hi: f32x4_splat((qmax as i32 - zero_point) as f32),
            magic: f32x4_splat(Self::MAGIC),
            offset: i32x4_splat((Self::MAGIC.to_bits() as i32).wrapping_sub(zero_point)),
        }
    }

    /// `clamp(round_ties_even(v) + zero_point, qmin, qmax)` per lane, as `i32`s.
    #[inline(always)]
    pub fn apply(&self, v: core::arch::wasm32::v128) -> core::arch::wasm32::v128 {
        use core::arch::wasm32::*;
        // `pmax` with the bound first: a NaN lane takes the bound.
        let v = f32x4_pmin(self.hi, f32x4_pmax(self.lo, v));
        i32x4_sub(f32x4_add(v, self.magic), self.offset)
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
