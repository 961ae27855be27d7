//! The int8 path: which quantized nodes run here and their parameters, prepared once
//! at `init` (packed `qcint8` weights with the input zero point folded into the
//! `qcint32` bias, requantization scales, lookup tables, fixed-point add parameters).
//!
//! Supported element types: `qint8` activations (per-tensor scale and zero point),
//! `qcint8` weights (per-output-channel symmetric scales), `qcint32` biases, and
//! `fp32 <-> qint8` Converts. Dynamically quantized (`qdint8`), 4-bit and `quint8`
//! values are refused with `not-supported`.

use plugboard_compute::qgemm::{PackedQB, Requant};

use crate::accel;
use crate::graph::{BinaryOp, DataType, Graph, Node, Op, Quant, UnaryOp, Value};
use crate::kernels::qconv::QGemmWeights;
use crate::kernels::quant::{self, AddParams, MeanParams, MulParams, QDepthwise, QParams};
use crate::kernels::{elementwise, layout};
use crate::{invalid_program, not_supported, Error};

/// How a quantized node runs.
#[derive(Clone, Debug)]
pub enum QStep {
    /// `fp32 -> qint8` Convert.
    Quantize(QParams),
    /// `qint8 -> fp32` Convert.
    Dequantize(QParams),
    /// Any int8 -> int8 function of one input (requantizing Convert, Clamp, unary ops).
    Lookup(Box<[i8; 256]>),
    Add(AddParams),
    Mul(MulParams),
    /// Conv2d or FullyConnected on the host's native kernels (`cpu-accel`).
    Accel(accel::Handle),
    /// Conv2d or FullyConnected through the int8 GEMM.
    Gemm {
        w: QGemmWeights,
        x_zero_point: i8,
    },
    Depthwise(QDepthwise),
    MaxPool {
        qmin: i8,
        qmax: i8,
    },
    GlobalAvg(MeanParams),
    /// Data movement with equal input and output parameters (transpose, reshape,
    /// slice, concatenate, copy, pad with `pad`).
    Move {
        pad: i8,
    },
    /// `fp32 -> qdint8` Convert: each row quantized with its own parameters at run
    /// time (see [`dynamic`](crate::dynamic)); rows are all dims but the last
    /// `num_nonbatch_dims`.
    DynamicQuantize {
        num_nonbatch_dims: usize,
    },
    /// FullyConnected from `qdint8` rows to fp32 over constant `qcint8`, `qcint4` or
    /// `qbint4` weights.
    DynamicFc(std::rc::Rc<crate::dynamic::DqWeights>),
}

/// Per-tensor parameters of a `qint8` value.
pub fn qparams(v: &Value) -> Option<QParams> {
    match (&v.dtype, &v.quant) {
        (DataType::QInt8, Quant::PerTensor { scale, zero_point })
            if scale.is_finite() && *scale > 0.0 && (-128..=127).contains(zero_point) =>
        {
            Some(QParams {
                scale: *scale,
                zero_point: *zero_point,
            })
        }
        _ => None,
    }
}

/// Per output channel: `x.scale * weight_scale / out.scale`, computed in that order as
/// XNNPACK does (the rounding of the product matters for bit-exact results).
fn requant_scales(weight_scales: &[f32], x: QParams, out: QParams) -> Vec<f32> {
    weight_scales
        .iter()
        .map(|&s| x.scale * s / out.scale)
        .collect()
}

/// Little-endian `i32`s.
fn ints(bytes: &[u8]) -> Vec<i32> {
    bytes
        .chunks_exact(4)
        .map(|c| i32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect()
}

/// Prepares node `ni` if it is quantized: `Ok(None)` for an all-`fp32` node,
/// `not-supported` for element types or combinations this backend does not run,
/// `invalid-program` for inconsistent parameters.
pub fn prepare(graph: &Graph, ni: usize) -> Result<Option<QStep>, Error> {
    let node = &graph.nodes[ni];
    let val = |vi: usize| &graph.values[vi];
    let all = node.inputs.iter().chain(std::iter::once(&node.output));
    if all.clone().all(|&vi| val(vi).dtype == DataType::Fp32) {
        return Ok(None);
    }
    let what = format!("node {ni} ({})", node.name);
    let types: Vec<&str> = all.map(|&vi| val(vi).dtype.name()).collect();
    let unsupported = || {
        not_supported(format!(
            "{what}: element types {} are not supported (supported: fp32; qint8 with qcint8 or per-tensor qint8 weights and a qcint32 or qint32 bias; qdint8 into FullyConnected with qcint8, qcint4 or qbint4 weights and an fp32 bias)",
            types.join(" ")
        ))
    };
    // Every activation (input 0, the output, the second operand of binary nodes) is
    // qint8 or fp32 with valid per-tensor parameters.
    let out_v = val(node.output);
    let x_v = val(node.inputs[0]);
    let q = |v: &Value| -> Result<QParams, Error> {
        qparams(v).ok_or_else(|| {
            if v.dtype == DataType::QInt8 {
                invalid_program(format!(
                    "{what}: value {} needs one finite positive scale and a zero point in [-128, 127]",
                    v.id
                ))
            } else {
                unsupported()
            }
        })
    };
    let bounds = |p: QParams| (p.bound(node.min), p.bound(node.max));
    if let Op::FullyConnected {
        quantize_input: true,
        ..
    } = node.op
    {
        // A dynamic convert folded in (`fusion::fuse_dynamic_converts`): fp32 rows in.
        return match (x_v.dtype, out_v.dtype) {
            (DataType::Fp32, DataType::Fp32) => Ok(Some(QStep::DynamicFc(std::rc::Rc::new(
                crate::dynamic::prepare_fc(graph, ni, &what)?,
            )))),
            _ => Err(unsupported()),
        };
    }
    if x_v.dtype == DataType::QdInt8 || out_v.dtype == DataType::QdInt8 {
        return match (&node.op, x_v.dtype, out_v.dtype, &out_v.quant) {
            (
                Op::Convert,
                DataType::Fp32,
                DataType::QdInt8,
                Quant::Dynamic { num_nonbatch_dims },
            ) => Ok(Some(QStep::DynamicQuantize {
                num_nonbatch_dims: *num_nonbatch_dims,
            })),
            (Op::FullyConnected { .. }, DataType::QdInt8, DataType::Fp32, _) => {
                Ok(Some(QStep::DynamicFc(std::rc::Rc::new(
                    crate::dynamic::prepare_fc(graph, ni, &what)?,
                ))))
            }
            _ => Err(unsupported()),
        };
    }
    let step = match &node.op {
        Op::Convert => match (x_v.dtype, out_v.dtype) {
            (DataType::Fp32, DataType::QInt8) => QStep::Quantize(q(out_v)?),
            (DataType::QInt8, DataType::Fp32) => QStep::Dequantize(q(x_v)?),
            (DataType::QInt8, DataType::QInt8) => {
                let (xi, o) = (q(x_v)?, q(out_v)?);
                let (lo, hi) = bounds(o);
                QStep::Lookup(Box::new(quant::table(xi, o, lo, hi, |v| v)))
            }
            _ => return Err(unsupported()),
        },
        Op::Lookup(t) => {
            // Built by `fusion::fuse_int8_unary_chains` from checked parameters.
            q(x_v)?;
            q(out_v)?;
            QStep::Lookup(t.clone())
        }
        Op::Unary(UnaryOp::Copy) => move_step(graph, node, &what, 0.0)?,
        Op::Unary(op) => {
            let (xi, o) = (q(x_v)?, q(out_v)?);
            let (lo, hi) = bounds(o);
            let op = *op;
            QStep::Lookup(Box::new(quant::table(xi, o, lo, hi, |v| {
                let mut y = [0.0f32];
                elementwise::unary(op, &[v], &mut y, f32::NEG_INFINITY, f32::INFINITY);
                y[0]
            })))
        }
        Op::Binary(op @ (BinaryOp::Add | BinaryOp::Subtract | BinaryOp::Multiply)) => {
            let (a, b, o) = (q(x_v)?, q(val(node.inputs[1]))?, q(out_v)?);
            let (qmin, qmax) = bounds(o);
            if *op == BinaryOp::Multiply {
                QStep::Mul(MulParams {
                    a_zero_point: a.zero_point,
                    b_zero_point: b.zero_point,
                    scale: a.scale * b.scale / o.scale,
                    zero_point: o.zero_point,
                    qmin,
                    qmax,
                })
            } else {
                // a - b is a + b with a negative scale ratio for b.
                let b = if *op == BinaryOp::Subtract {
                    QParams {
                        scale: -b.scale,
                        ..b
                    }
                } else {
                    b
                };
                QStep::Add(AddParams::new(a, b, o, qmin, qmax).ok_or_else(|| {
                    not_supported(format!(
                        "{what}: input/output scale ratios outside XNNPACK's range [2^-10, 2^8)"
                    ))
                })?)
            }
        }
        Op::FullyConnected {
            transpose_weights, ..
        } => {
            let (xi, o) = (q(x_v)?, q(out_v)?);
            let f = val(node.inputs[1]);
            if f.dims.len() != 2 {
                return Err(invalid_program(format!("{what}: filter must be 2-D")));
            }
            let (n, k) = if *transpose_weights {
                (f.dims[1], f.dims[0])
            } else {
                (f.dims[0], f.dims[1])
            };
            let w = filter_rows(f, n, k, *transpose_weights, &what, &unsupported)?;
            let scales = weight_scales(f, if *transpose_weights { 1 } else { 0 }, &what)?;
            let bias = bias_values(graph, node, n, &what)?;
            if accel::takes_fc(n, k) {
                let share = (f, 10 + *transpose_weights as u8);
                return accel_gemm(&w, 1, n, k, &scales, bias, xi, o, bounds(o), share).map(Some);
            }
            let gemm = gemm_weights(&w, 1, n, k, &scales, bias.as_deref(), xi, o, bounds(o))
                .map_err(|e| invalid_program(format!("{what}: {e}")))?;
            QStep::Gemm {
                w: gemm,
                x_zero_point: xi.zero_point as i8,
            }
        }
        Op::Conv2d(p) => {
            let (xi, o) = (q(x_v)?, q(out_v)?);
            let f = val(node.inputs[1]);
            // Checked: the sizes come from the payload.
            let c_out = p.groups.checked_mul(p.group_out);
            let depth = p
                .kernel_h
                .checked_mul(p.kernel_w)
                .and_then(|t| t.checked_mul(p.group_in));
            let numel = c_out.zip(depth).and_then(|(c, d)| c.checked_mul(d));
            let (Some(c_out), Some(depth), true) = (c_out, depth, numel == Some(f.numel())) else {
                return Err(invalid_program(format!(
                    "{what}: filter dims {:?} do not match the convolution",
                    f.dims
                )));
            };
            if f.dims.len() != 4 || f.dims[0] != c_out {
                return Err(invalid_program(format!(
                    "{what}: filter dims {:?} do not match the convolution",
                    f.dims
                )));
            }
            let w = filter_rows(f, c_out, depth, false, &what, &unsupported)?;
            let scales = weight_scales(f, 0, &what)?;
            let bias = bias_values(graph, node, c_out, &what)?;
            if accel::available() {
                let share = (f, 12);
                return accel_gemm(
                    &w,
                    p.groups,
                    c_out,
                    depth,
                    &scales,
                    bias,
                    xi,
                    o,
                    bounds(o),
                    share,
                )
                .map(Some);
            }
            let gemm = gemm_weights(
                &w,
                p.groups,
                p.group_out,
                depth,
                &scales,
                bias.as_deref(),
                xi,
                o,
                bounds(o),
            )
            .map_err(|e| invalid_program(format!("{what}: {e}")))?;
            QStep::Gemm {
                w: gemm,
                x_zero_point: xi.zero_point as i8,
            }
        }
        Op::DepthwiseConv2d(p) => {
            let (xi, o) = (q(x_v)?, q(out_v)?);
            let f = val(node.inputs[1]);
            // As in the fp32 path: multiplier = group_out / group_in.
            let c_out = p.groups.checked_mul(p.group_out / p.group_in.max(1));
            let taps = p.kernel_h.checked_mul(p.kernel_w);
            let numel = c_out.zip(taps).and_then(|(c, t)| c.checked_mul(t));
            let (Some(c_out), Some(taps), true) = (c_out, taps, numel == Some(f.numel())) else {
                return Err(invalid_program(format!(
                    "{what}: filter dims {:?} do not match the depthwise convolution",
                    f.dims
                )));
            };
            if f.dims.len() != 4 || f.dims[3] != c_out {
                return Err(invalid_program(format!(
                    "{what}: filter dims {:?} do not match the depthwise convolution",
                    f.dims
                )));
            }
            let w = filter_rows(f, taps, c_out, false, &what, &unsupported)?;
            let scales = weight_scales(f, 3, &what)?;
            let bias = bias_values(graph, node, c_out, &what)?;
            if accel::available() && c_out > 0 && c_out.is_multiple_of(p.groups) {
                // The host takes one row of taps per output channel, one input channel
                // per group.
                let rows = layout::transpose2d(&w, taps, c_out);
                return accel_gemm(
                    &rows,
                    p.groups,
                    c_out,
                    taps,
                    &scales,
                    bias,
                    xi,
                    o,
                    bounds(o),
                    (f, 13),
                )
                .map(Some);
            }
            let (qmin, qmax) = bounds(o);
            let scale = requant_scales(&scales, xi, o);
            QStep::Depthwise(QDepthwise {
                filter: w.iter().map(|&v| v as i16).collect(),
                bias: bias.unwrap_or_else(|| vec![0; c_out]),
                x_zero_point: xi.zero_point,
                scale,
                zero_point: o.zero_point,
                qmin,
                qmax,
            })
        }
        Op::MaxPooling2d(_) => {
            let (xi, o) = (q(x_v)?, q(out_v)?);
            if xi != o {
                return Err(not_supported(format!(
                    "{what}: int8 max pooling needs equal input and output quantization"
                )));
            }
            let (qmin, qmax) = bounds(o);
            QStep::MaxPool { qmin, qmax }
        }
        Op::GlobalAvgPooling2d { .. } => {
            let (xi, o) = (q(x_v)?, q(out_v)?);
            let (qmin, qmax) = bounds(o);
            QStep::GlobalAvg(MeanParams {
                x: xi,
                out: o,
                qmin,
                qmax,
            })
        }
        Op::StaticTranspose { .. }
        | Op::StaticReshape { .. }
        | Op::StaticSlice { .. }
        | Op::Concatenate { .. } => move_step(graph, node, &what, 0.0)?,
        Op::StaticConstantPad { value, .. } => move_step(graph, node, &what, *value)?,
        _ => return Err(unsupported()),
    };
    Ok(Some(step))
}

/// A data-movement node on qint8 values: every input shares the output's parameters.
fn move_step(graph: &Graph, node: &Node, what: &str, pad: f32) -> Result<QStep, Error> {
    let o = qparams(&graph.values[node.output]);
    let Some(o) = o else {
        return Err(not_supported(format!(
            "{what}: int8 data movement needs qint8 values with per-tensor parameters"
        )));
    };
    for &vi in &node.inputs {
        if qparams(&graph.values[vi]) != Some(o) {
            return Err(not_supported(format!(
                "{what}: value {} has other quantization parameters than the output",
                graph.values[vi].id
            )));
        }
    }
    Ok(QStep::Move { pad: o.bound(pad) })
}

/// The constant int8 filter as `rows x cols` row-major (transposed from `[cols, rows]`
/// when `transpose`).
fn filter_rows(
    f: &Value,
    rows: usize,
    cols: usize,
    transpose: bool,
    what: &str,
    unsupported: &dyn Fn() -> Error,
) -> Result<Vec<i8>, Error> {
    match (&f.dtype, &f.quant) {
        (DataType::QcInt8, _) => {}
        // Per-tensor weights (the XNNPACK quantizer's default, symmetric config) run as
        // per-channel ones with one scale repeated (see `weight_scales`).
        (DataType::QInt8, Quant::PerTensor { zero_point: 0, .. }) => {}
        (DataType::QInt8, Quant::PerTensor { .. }) => {
            return Err(not_supported(format!(
                "{what}: int8 weights need a zero point of 0"
            )))
        }
        _ => return Err(unsupported()),
    }
    let Some(data) = &f.data else {
        return Err(not_supported(format!(
            "{what}: int8 filters computed at run time are not supported"
        )));
    };
    if data.len() != rows * cols {
        return Err(invalid_program(format!(
            "{what}: filter holds {} bytes for {rows} x {cols}",
            data.len()
        )));
    }
    let w: Vec<i8> = data.iter().map(|&b| b as i8).collect();
    Ok(if transpose {
        layout::transpose2d(&w, cols, rows)
    } else {
        w
    })
}

/// Per-channel weight scales along `channel_dim` (a per-tensor scale repeated for
/// each channel).
fn weight_scales(f: &Value, channel_dim: usize, what: &str) -> Result<Vec<f32>, Error> {
    match &f.quant {
        Quant::PerTensor { scale, .. } if scale.is_finite() && *scale > 0.0 => {
            // Empty weights could claim any number of channels without holding a byte
            // (the fuzzer's `[1073742016, 0]` asked for 4 GiB of scales); non-empty
            // ones are bounded by the constant data that was read for them.
            if f.dims.iter().product::<usize>() == 0 {
                return Err(invalid_program(format!(
                    "{what}: empty weights {:?}",
                    f.dims
                )));
            }
            let channels = f.dims.get(channel_dim).copied().unwrap_or(0);
            Ok(vec![*scale; channels])
        }
        Quant::PerChannel {
            scales,
            channel_dim: cd,
        } if *cd == channel_dim => {
            if scales.iter().all(|s| s.is_finite() && *s > 0.0) {
                Ok(scales.clone())
            } else {
                Err(invalid_program(format!(
                    "{what}: weight scales must be finite and positive"
                )))
            }
        }
        _ => Err(not_supported(format!(
            "{what}: weights need per-channel scales along dim {channel_dim}"
        ))),
    }
}

/// The constant `qcint32` bias of `node` (`n` values), if it has one.
fn bias_values(
    graph: &Graph,
    node: &Node,
    n: usize,
    what: &str,
) -> Result<Option<Vec<i32>>, Error> {
    let Some(&bi) = node.inputs.get(2) else {
        return Ok(None);
    };
    let b = &graph.values[bi];
    if !matches!(b.dtype, DataType::QcInt32 | DataType::QInt32) {
        return Err(not_supported(format!(
            "{what}: {} bias with int8 weights is not supported",
            b.dtype.name()
        )));
    }
    let Some(data) = &b.data else {
        return Err(not_supported(format!(
            "{what}: biases computed at run time are not supported"
        )));
    };
    let v = ints(data);
    if v.len() != n {
        return Err(invalid_program(format!(
            "{what}: bias has {} values for {n} output channels",
            v.len()
        )));
    }
    Ok(Some(v))
}

/// Packs `groups` blocks of `group_out` rows of `depth` weights (`w` is
/// `[groups * group_out, depth]`) with their requantization.
#[allow(clippy::too_many_arguments)]
fn gemm_weights(
    w: &[i8],
    groups: usize,
    group_out: usize,
    depth: usize,
    scales: &[f32],
    bias: Option<&[i32]>,
    x: QParams,
    out: QParams,
    (qmin, qmax): (i8, i8),
) -> Result<QGemmWeights, String> {
    let mut packed = Vec::with_capacity(groups);
    for g in 0..groups {
        let rows = &w[g * group_out * depth..(g + 1) * group_out * depth];
        let b = PackedQB::new(depth, group_out, rows, depth)?;
        let cols = g * group_out..(g + 1) * group_out;
        let scale = requant_scales(&scales[cols.clone()], x, out);
        let rq = Requant::new(
            &b,
            bias.map(|b| &b[cols]),
            x.zero_point,
            scale,
            out.zero_point,
            qmin,
            qmax,
        );
        packed.push((b, rq));
    }
    Ok(QGemmWeights { groups: packed })
}

/// Hands `w [c_out, depth]` in `groups` groups to the host's native kernels, or
/// shares what an earlier delegate handed over for the same named-data filter, layout
/// (`share.1`) and requantization ([`accel::shared`]).
#[allow(clippy::too_many_arguments)]
fn accel_gemm(
    w: &[i8],
    groups: usize,
    c_out: usize,
    depth: usize,
    scales: &[f32],
    bias: Option<Vec<i32>>,
    x: QParams,
    out: QParams,
    (qmin, qmax): (i8, i8),
    share: (&Value, u8),
) -> Result<QStep, Error> {
    let scale = requant_scales(scales, x, out);
    let bias = bias.unwrap_or_else(|| vec![0; c_out]);
    let rq = accel::Requant {
        input_zero_point: x.zero_point,
        bias: &bias,
        scale: &scale,
        output_zero_point: out.zero_point,
        output_min: qmin,
        output_max: qmax,
    };
    let make = || accel::add_qs8(c_out, depth, groups, w, &rq);
    let Some(filter) = share.0.named.clone() else {
        return Ok(QStep::Accel(make()?));
    };
    let mut extra = vec![
        x.zero_point as u32,
        out.zero_point as u32,
        qmin as u32,
        qmax as u32,
    ];
    extra.extend(scale.iter().map(|s| s.to_bits()));
    extra.extend(bias.iter().map(|&b| b as u32));
    let key = accel::SharedKey {
        filter,
        bias: None,
        shape: (c_out, depth, groups),
        layout: share.1,
        extra,
    };
    Ok(QStep::Accel(accel::shared(key, make)?))
}
