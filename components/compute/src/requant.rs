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
