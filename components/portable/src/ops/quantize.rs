//! ExecuTorch's affine quantization operators, as PT2E-quantized programs leave them
//! outside delegates (`quantized_decomposed::quantize_per_tensor`,
//! `dequantize_per_tensor`, each also with scale and zero point as tensors
//! (`.Tensor_out`), `quantize_per_channel`, `dequantize_per_channel`,
//! `choose_qparams`), and the per-token ones torchao's dynamic activations leave
//! (`choose_qparams_per_token_asymmetric`, `quantize_per_token`,
//! `dequantize_per_token`).
//!
//! Arithmetic as ExecuTorch's `kernels/quantized/cpu/op_quantize.cpp` and
//! `op_dequantize.cpp`, so results are the same bits:
//! - quantize: `q = clamp(zp + nearbyint(f32(x * (1.0f / f32(scale)))), qmin, qmax)`,
//!   the product in float32 (of a float64 input: in float64, then narrowed), rounding
//!   half to even;
//! - dequantize per tensor: `(q - zp) * f32(scale)` in float32, then stored as `out`'s
//!   dtype;
//! - dequantize per channel: for a contiguous int8 input into float32, `(q - zp) *
//!   scale` in float64 narrowed once (ExecuTorch's optimized loop); otherwise as per
//!   tensor with the channel's scale.
//!
//! - choose_qparams (`.Tensor_out`, the dynamic int8 path: a scale and zero point per
//!   call from the input's range): `[min, max]` widened to contain 0, `scale = (max -
//!   min) / (qmax - qmin)` in float64 (0.1 when it is 0 or its float32 reciprocal
//!   infinite; below 6.1e-5 raised to it with the range scaled to match), the zero
//!   point from whichever end adds the smaller terms, clamped to `[qmin, qmax]` and
//!   rounded half to even (`op_choose_qparams.cpp`).
//!
//! - per token: a token is a row of the input's last dimension, with one scale and zero
//!   point each. `quantize_per_token` quantizes as above; `dequantize_per_token` gives
//!   `(q - zp) * f32(scale)` in float32 (the per-tensor arithmetic: ExecuTorch 1.5.1's
//!   runtime gives those bits, not the per-channel loop's);
//!   `choose_qparams_per_token_asymmetric` is `choose_qparams` on each token over
//!   `[-128, 127]`, its outputs shaped as the input with a last dimension of 1.
//!
//! `quant_min`/`quant_max` clamp quantized values and must lie in the quantized dtype's
//! range; `dtype` and `out_dtype` are metadata (`out`'s own dtype decides).

use crate::args::Args;
use crate::elem;
use crate::plugboard::runtime::types::ScalarType;
use crate::registry::Registrar;
use crate::tensor::Tensor;
use crate::{invalid, KResult};

/// Registers this module's operators.
pub fn register(r: &mut Registrar) {
    const T: &[ScalarType] = &[
        ScalarType::Float,
        ScalarType::Half,
        ScalarType::Double,
        ScalarType::Byte,
        ScalarType::Char,
        ScalarType::Short,
        ScalarType::Int,
    ];
    r.add("quantized_decomposed::quantize_per_tensor.out", T, |a| {
        let (s, z) = (a.double(1)?, a.int(2)?);
        quantize(a, &|_| (s, z), 3, 6, None)
    });
    r.add(
        "quantized_decomposed::quantize_per_tensor.Tensor_out",
        T,
        |a| {
            let (s, z) = tensor_params(a)?;
            quantize(a, &|_| (s, z), 3, 6, None)
        },
    );
    r.add("quantized_decomposed::dequantize_per_tensor.out", T, |a| {
        let (s, z) = (a.double(1)?, a.int(2)?);
        dequantize(a, &|_| (s, z), 7, None)
    });
    r.add(
        "quantized_decomposed::dequantize_per_tensor.Tensor_out",
        T,
        |a| {
            let (s, z) = tensor_params(a)?;
            dequantize(a, &|_| (s, z), 7, None)
        },
    );
    r.add("quantized_decomposed::quantize_per_channel.out", T, |a| {
        let (scales, zps, axis) = channel_params(a, true)?;
        quantize(
            a,
            &|c| (scales[c], zps[c]),
            4,
            7,
            Some(Grouping::Channel(axis)),
        )
    });
    r.add("quantized_decomposed::dequantize_per_channel.out", T, |a| {
        let (scales, zps, axis) = channel_params(a, false)?;
        dequantize(
            a,
            &|c| (scales[c], zps[c]),
            8,
            Some(Grouping::Channel(axis)),
        )
    });
    r.add(
        "quantized_decomposed::choose_qparams.Tensor_out",
        T,
        choose_qparams,
    );
    r.add(
        "quantized_decomposed::choose_qparams_per_token_asymmetric.out",
        T,
        choose_qparams_per_token,
    );
    r.add("quantized_decomposed::quantize_per_token.out", T, |a| {
        let (scales, zps) = token_params(a)?;
        quantize(a, &|c| (scales[c], zps[c]), 3, 6, Some(Grouping::Token))
    });
    r.add("quantized_decomposed::dequantize_per_token.out", T, |a| {
        let (scales, zps) = token_params(a)?;
        dequantize(a, &|c| (scales[c], zps[c]), 7, Some(Grouping::Token))
    });
}

/// How quantization parameters are shared beyond one per tensor: along a channel axis,
/// or per token (each row of the last dimension).
#[derive(Clone, Copy)]
enum Grouping {
    Channel(usize),
    Token,
}

/// `choose_qparams_per_token_asymmetric.out(input, dtype, *, scale_out,
/// zero_point_out)`: `choose_qparams` on each token over `[-128, 127]`.
fn choose_qparams_per_token(a: &mut Args) -> KResult {
    let x = a.tensor(0)?;
    if x.dtype != ScalarType::Float {
        return Err(invalid(format!("input must be Float, got {:?}", x.dtype)));
    }
    let Some((&last, outer)) = x.sizes.split_last() else {
        return Err(invalid("input must have at least one dimension"));
    };
    let mut sizes = outer.to_vec();
    sizes.push(1);
    let xs = elem::read::<f32>(&x)?;
    let (scales, zps): (Vec<f64>, Vec<i64>) = if last == 0 {
        (Vec::new(), Vec::new())
    } else {
        xs.chunks(last)
            .map(|row| {
                let (s, z) = qparams(row, -128, 127);
                (s, i64::from(z))
            })
            .unzip()
    };
    let scale_out = a.out(2, &sizes)?;
    let zp_out = a.out(3, &sizes)?;
    if scale_out.dtype != ScalarType::Double || zp_out.dtype != ScalarType::Long {
        return Err(invalid(format!(
            "scale_out must be Double and zero_point_out Long, got {:?} and {:?}",
            scale_out.dtype, zp_out.dtype
        )));
    }
    elem::write::<f64>(&scale_out, &scales)?;
    elem::write::<i64>(&zp_out, &zps)
}

/// Per-token `(scales, zero points)` at arguments 1 and 2: one of each per token of the
/// input.
fn token_params(a: &Args) -> KResult<(Vec<f64>, Vec<i64>)> {
    let x = a.tensor(0)?;
    let tokens: usize = x
        .sizes
        .split_last()
        .map_or(1, |(_, outer)| outer.iter().product());
    let scales = elem::read::<f64>(&a.tensor(1)?)?.into_owned();
    let zps = elem::read::<i64>(&a.tensor(2)?)?.into_owned();
    if scales.len() != tokens || zps.len() != tokens {
        return Err(invalid(format!(
            "{} scales and {} zero points for {tokens} tokens",
            scales.len(),
            zps.len()
        )));
    }
    Ok((scales, zps))
}

/// The smallest scale `choose_qparams` gives.
const SMALL_SCALE: f32 = 6.1e-5;

/// `choose_qparams.Tensor_out(input, quant_min, quant_max, eps, dtype, *, scale_out,
/// zero_point_out)`: see the module docs. `eps` and `dtype` are unused, as in
/// ExecuTorch.
fn choose_qparams(a: &mut Args) -> KResult {
    let x = a.tensor(0)?;
    let (qmin, qmax) = (a.int(1)?, a.int(2)?);
    if qmin >= qmax || qmin < i64::from(i32::MIN) || qmax > i64::from(i32::MAX) {
        return Err(invalid(format!(
            "quant range {qmin}..={qmax} is empty or too wide"
        )));
    }
    if x.dtype != ScalarType::Float {
        return Err(invalid(format!("input must be Float, got {:?}", x.dtype)));
    }
    let (scale, zp) = qparams(&elem::read::<f32>(&x)?, qmin as i32, qmax as i32);
    let scale_out = a.out(5, &[1])?;
    let zp_out = a.out(6, &[1])?;
    if scale_out.dtype != ScalarType::Double || zp_out.dtype != ScalarType::Long {
        return Err(invalid(format!(
            "scale_out must be Double and zero_point_out Long, got {:?} and {:?}",
            scale_out.dtype, zp_out.dtype
        )));
    }
    elem::write::<f64>(&scale_out, &[scale])?;
    elem::write::<i64>(&zp_out, &[i64::from(zp)])
}

/// ExecuTorch's `(scale, zero_point)` for values `x` over `[qmin, qmax]`.
fn qparams(x: &[f32], qmin: i32, qmax: i32) -> (f64, i32) {
    let (mut min, mut max) = x
        .iter()
        .fold((f32::INFINITY, f32::NEG_INFINITY), |(lo, hi), &v| {
            (lo.min(v), hi.max(v))
        });
    min = min.min(0.0);
    max = max.max(0.0);
    let range = qmax - qmin;
    let mut scale = (f64::from(max) - f64::from(min)) / f64::from(range);
    if scale as f32 == 0.0 || (1.0f32 / scale as f32).is_infinite() {
        scale = 0.1;
    }
    if scale < f64::from(SMALL_SCALE) {
        let original = scale as f32;
        scale = f64::from(SMALL_SCALE);
        if min == 0.0 {
            max = SMALL_SCALE * range as f32;
        } else if max == 0.0 {
            min = -SMALL_SCALE * range as f32;
        } else {
            let amplifier = SMALL_SCALE / original;
            min *= amplifier;
            max *= amplifier;
        }
    }
    let from_min = f64::from(qmin) - f64::from(min) / scale;
    let from_max = f64::from(qmax) - f64::from(max) / scale;
    let min_error = f64::from(qmin.unsigned_abs()) - (f64::from(min) / scale).abs();
    let max_error = f64::from(qmax.unsigned_abs()) - (f64::from(max) / scale).abs();
    let initial = if min_error < max_error {
        from_min
    } else {
        from_max
    };
    let zp = if initial < f64::from(qmin) {
        qmin
    } else if initial > f64::from(qmax) {
        qmax
    } else {
        initial.round_ties_even() as i32
    };
    (scale, zp)
}

/// `(scale, zero_point)` from one-element tensors at arguments 1 and 2.
fn tensor_params(a: &Args) -> KResult<(f64, i64)> {
    let (s, z) = (a.tensor(1)?, a.tensor(2)?);
    if s.numel != 1 || z.numel != 1 {
        return Err(invalid(format!(
            "scale and zero_point must hold one element each, got {} and {}",
            s.numel, z.numel
        )));
    }
    Ok((elem::read::<f64>(&s)?[0], elem::read::<i64>(&z)?[0]))
}

/// Per-channel `(scales, zero points, axis)`: scales at argument 1, zero points at 2
/// (optional when dequantizing: zeros), axis at 3, one of each per channel of the input.
fn channel_params(a: &Args, zp_required: bool) -> KResult<(Vec<f64>, Vec<i64>, usize)> {
    let x = a.tensor(0)?;
    let axis = a.int(3)?;
    let rank = x.dim() as i64;
    let ax = if axis < 0 { axis + rank } else { axis };
    if !(0..rank).contains(&ax) {
        return Err(invalid(format!(
            "axis {axis} is out of range for rank {rank}"
        )));
    }
    let ax = ax as usize;
    let channels = x.sizes[ax];
    let scales = elem::read::<f64>(&a.tensor(1)?)?.into_owned();
    let zps = match a.opt_tensor(2)? {
        Some(z) => elem::read::<i64>(&z)?.into_owned(),
        None if !zp_required => vec![0; channels],
        None => return Err(invalid("zero_points is required")),
    };
    if scales.len() != channels || zps.len() != channels {
        return Err(invalid(format!(
            "{} scales and {} zero points for {channels} channels along axis {ax}",
            scales.len(),
            zps.len()
        )));
    }
    Ok((scales, zps, ax))
}

/// The channel (or token) of each element of a tensor of `sizes` (row-major): 0 for
/// all of them without a grouping.
fn channel_of(sizes: &[usize], grouping: Option<Grouping>) -> impl Fn(usize) -> usize + '_ {
    let (inner, n) = match grouping {
        Some(Grouping::Channel(ax)) => (sizes[ax + 1..].iter().product::<usize>(), sizes[ax]),
        Some(Grouping::Token) => match sizes.split_last() {
            Some((&last, outer)) => (last, outer.iter().product()),
            None => (1, 1),
        },
        None => (1, 1),
    };
    move |i| if n <= 1 { 0 } else { (i / inner.max(1)) % n }
}

/// The range of integer dtype `d`.
fn int_range(d: ScalarType) -> Option<(i64, i64)> {
    Some(match d {
        ScalarType::Byte => (0, 255),
        ScalarType::Char => (-128, 127),
        ScalarType::Short => (i16::MIN.into(), i16::MAX.into()),
        ScalarType::Int => (i32::MIN.into(), i32::MAX.into()),
        _ => return None,
    })
}

fn quantize(
    a: &mut Args,
    params: &dyn Fn(usize) -> (f64, i64),
    range_at: usize,
    out_at: usize,
    axis: Option<Grouping>,
) -> KResult {
    let x = a.tensor(0)?;
    let (qmin, qmax) = (a.int(range_at)?, a.int(range_at + 1)?);
    if !elem::is_float(x.dtype) {
        return Err(invalid(format!(
            "input must be floating point, got {:?}",
            x.dtype
        )));
    }
    let sizes = x.sizes.to_vec();
    let out = a.out(out_at, &sizes)?;
    let (lo, hi) = int_range(out.dtype)
        .ok_or_else(|| invalid(format!("out must be an integer dtype, got {:?}", out.dtype)))?;
    if qmin < lo || qmax > hi || qmin > qmax {
        return Err(invalid(format!(
            "quant range {qmin}..={qmax} does not fit {:?}",
            out.dtype
        )));
    }
    let xs = elem::read::<f64>(&x)?;
    let channel = channel_of(&sizes, axis);
    let q: Vec<i64> = xs
        .iter()
        .enumerate()
        .map(|(i, &v)| {
            let (scale, zp) = params(channel(i));
            let inv = 1.0f32 / scale as f32;
            let r = ((inv as f64) * v) as f32;
            (i64::from(zp as i32) + r.round_ties_even() as i64).clamp(qmin, qmax)
        })
        .collect();
    elem::write::<i64>(&out, &q)
}

fn dequantize(
    a: &mut Args,
    params: &dyn Fn(usize) -> (f64, i64),
    out_at: usize,
    axis: Option<Grouping>,
) -> KResult {
    let x = a.tensor(0)?;
    if int_range(x.dtype).is_none() {
        return Err(invalid(format!(
            "input must be an integer dtype, got {:?}",
            x.dtype
        )));
    }
    // Per channel the axis comes before the range.
    let skip = usize::from(matches!(axis, Some(Grouping::Channel(_))));
    let (qmin, qmax) = (a.int(3 + skip)?, a.int(4 + skip)?);
    if qmin > qmax {
        return Err(invalid(format!("quant_min {qmin} > quant_max {qmax}")));
    }
    let sizes = x.sizes.to_vec();
    let out: Tensor = a.out(out_at, &sizes)?;
    if !elem::is_float(out.dtype) {
        return Err(invalid(format!(
            "out must be floating point, got {:?}",
            out.dtype
        )));
    }
    // Per channel only: ExecuTorch 1.5.1's per-token dequantize gives the float32
    // products (measured on its runtime: every value of the `quant_token` fixture).
    let wide = matches!(axis, Some(Grouping::Channel(_)))
        && x.dtype == ScalarType::Char
        && x.is_contiguous()
        && out.dtype == ScalarType::Float;
    let qs = elem::read::<i64>(&x)?;
    let channel = channel_of(&sizes, axis);
    let v: Vec<f32> = qs
        .iter()
        .enumerate()
        .map(|(i, &q)| {
            let (scale, zp) = params(channel(i));
            if wide {
                ((q - zp) as f64 * scale) as f32
            } else {
                (q as i32).wrapping_sub(zp as i32) as f32 * scale as f32
            }
        })
        .collect();
    elem::write::<f32>(&out, &v)
}
