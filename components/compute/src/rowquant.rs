//! The one scalar definition of XNNPACK's `Convert` from float32 to `qdint8`: each row
//! quantized to int8 with a scale and zero point of its own, computed from the row's
//! range at run time (ExecuTorch's dynamic int8 activations, "8da4w" and "8da8w").
//! The XNNPACK component's wasm kernels (`components/xnnpack/src/dynamic.rs`) and the
//! host's native ones (`native-accel`, contract 2.4's `fully-connected-qd8-f32`) both
//! give its bits.
//!
//! For a row with smallest value `lo` and largest `hi` (NaN values ignored; a row of
//! NaN only has `lo = hi = NaN`): `rmin = min(lo, 0)`, `rmax = max(hi, 0)` (NaN-ignoring
//! min/max), the multiplier `s = 255 / (rmax - rmin)` (1 when `rmin == rmax`), the zero
//! point `zp = round_ties_even(clamp(n, -128, 127))` with `n = -128 - rmin * s` when
//! `(-128 + rmin * s) + (127 + rmax * s) > 0`, else `n = 127 - rmax * s`; the row's
//! dequantizing scale `1 / s`; each value `q = round_ties_even(min(max(x * s, -128 -
//! zp), 127 - zp)) + zp` (a NaN `x * s` gives `-128 - zp`). Every operation is an f32
//! operation of its own.

/// `(s, scale, zero_point)` for a row with minimum `lo` and maximum `hi` (see the
/// module docs): the quantizing multiplier, the dequantizing scale `1 / s` and the zero
/// point in `[-128, 127]`.
pub fn row_params(lo: f32, hi: f32) -> (f32, f32, i32) {
    let (qmin, qmax) = (-128.0f32, 127.0f32);
    let rmin = lo.min(0.0);
    let rmax = hi.max(0.0);
    let s = if rmin == rmax {
        1.0
    } else {
        (qmax - qmin) / (rmax - rmin)
    };
    let (dmin, dmax) = (rmin * s, rmax * s);
    let zp = if (qmin + dmin) + (qmax + dmax) > 0.0 {
        qmin - dmin
    } else {
        qmax - dmax
    };
    let zp = zp.max(qmin).min(qmax).round_ties_even();
    (s, 1.0 / s, zp as i32)
}

/// The smallest and largest value of `x`, NaN values ignored (`(NaN, NaN)` when all
/// are NaN or `x` is empty).
pub fn row_range(x: &[f32]) -> (f32, f32) {
    let mut lo = f32::NAN;
    let mut hi = f32::NAN;
    for &v in x {
        if v < lo || lo.is_nan() {
            lo = v;
        }
        if v > hi || hi.is_nan() {
            hi = v;
        }
    }
    (lo, hi)
}

/// One value quantized with multiplier `s` and zero point `zp`.
pub fn quantize_value(x: f32, s: f32, zp: i32) -> i8 {
    let (qlo, qhi) = ((-128 - zp) as f32, (127 - zp) as f32);
    ((x * s).max(qlo).min(qhi).round_ties_even() as i32 + zp) as i8
}

/// Quantizes `x` row by row (`row` values each) into `out`; gives each row's
/// `(scale, zero_point)`.
pub fn quantize_rows(x: &[f32], row: usize, out: &mut [i8]) -> Vec<(f32, i32)> {
    let mut params = Vec::new();
    if row == 0 {
        return params;
    }
    for (xr, or) in x.chunks(row).zip(out.chunks_mut(row)) {
        let (lo, hi) = row_range(xr);
        let (s, scale, zp) = row_params(lo, hi);
        for (o, &v) in or.iter_mut().zip(xr) {
            *o = quantize_value(v, s, zp);
        }
        params.push((scale, zp));
    }
    params
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_of_every_kind() {
        // A row spanning zero, an all-positive one, an all-zero one, NaN only.
        let x = [
            -1.0,
            0.5,
            2.0,
            3.0,
            1.0,
            2.0,
            4.0,
            8.0,
            0.0,
            0.0,
            0.0,
            0.0,
            f32::NAN,
            f32::NAN,
            f32::NAN,
            f32::NAN,
        ];
        let mut q = [0i8; 16];
        let p = quantize_rows(&x, 4, &mut q);
        assert_eq!(p.len(), 4);
        // Row 0: rmin -1, rmax 3: s = 63.75, zp = -128 + 63.75 = -64.25 -> -64.
        assert_eq!(p[0].1, -64);
        assert_eq!(&q[..4], &[-128, -32, 64, 127]);
        // Row 1: rmin 0: zp -128, 8 -> 127.
        assert_eq!((p[1].1, q[7]), (-128, 127));
        // All zero and all NaN: s = 1 and zp = 127 - 0 (the sum test is -1); zeros
        // at the zero point, NaN at the bottom of the range.
        assert_eq!(p[2], (1.0, 127));
        assert_eq!(&q[8..12], &[127, 127, 127, 127]);
        assert_eq!(p[3], (1.0, 127));
        assert_eq!(&q[12..], &[-128, -128, -128, -128]);
    }
}
