//! Weight preparation, done once at `init`: for each fp32 node the packed GEMM,
//! Winograd or direct filter, or the handle of weights handed to the host's native
//! kernels ([`Prep`]); and the constants read as plain operands, decoded once.

use std::rc::Rc;

use plugboard_compute::gemm::{MatRef, PackedB};

use super::args::floats;
use super::shapes::{conv_channels, conv_geom};
use crate::accel;
use crate::graph::{DataType, Graph, Node, Op, Value};
use crate::kernels::conv::ConvWeights;
use crate::kernels::layout;
use crate::kernels::winograd::{self, WinogradWeights};
use crate::quantized::QStep;
use crate::{invalid_program, not_supported, Error};

/// Weights and other per-node data prepared once.
pub(super) enum Prep {
    None,
    /// Packed filter of a convolution or fully connected node.
    Gemm(ConvWeights),
    /// Winograd-transformed filter of a 3x3 stride-1 convolution.
    Winograd(WinogradWeights),
    /// Convolution or fully connected weights (and bias) held by the host's native
    /// kernels (`cpu-accel`).
    Accel(accel::Handle),
    /// Depthwise or transposed convolution filter as stored, and the bias (zeros
    /// when absent).
    Direct {
        filter: Vec<f32>,
        bias: Vec<f32>,
    },
}

/// Whether the node's input `i` is a filter this backend packs (not read as a plain
/// operand).
pub(super) fn is_packed_filter(node: &Node, i: usize) -> bool {
    i == 1
        && matches!(
            node.op,
            Op::FullyConnected { .. }
                | Op::Conv2d(_)
                | Op::DepthwiseConv2d(_)
                | Op::ConvTranspose2d(_)
        )
}

/// Host weights for `filter` and `bias` laid out as `layout` says, shared with the
/// delegates of this instance made from the same named data ([`accel::shared`]);
/// weights from the payload's own constants are never shared.
fn shared(
    filter: &Value,
    bias: Option<&Value>,
    shape: (usize, usize, usize),
    layout: u8,
    make: impl FnOnce() -> Result<accel::Handle, Error>,
) -> Result<accel::Handle, Error> {
    let bias_key = match bias {
        None => None,
        Some(b) => match &b.named {
            Some(k) => Some(k.clone()),
            None => return make(),
        },
    };
    match &filter.named {
        Some(f) => {
            let key = accel::SharedKey {
                filter: f.clone(),
                bias: bias_key,
                shape,
                layout,
                extra: Vec::new(),
            };
            accel::shared(key, make)
        }
        None => make(),
    }
}

/// The [`Prep`] of every node (`Prep::None` for int8 nodes, whose `qsteps` entry holds
/// their prepared weights, and for nodes without weights). Errors name the node.
pub(super) fn fp32_weights(graph: &Graph, qsteps: &[Option<QStep>]) -> Result<Vec<Prep>, Error> {
    let use_accel = accel::available();
    let mut preps = Vec::with_capacity(graph.nodes.len());
    for (ni, node) in graph.nodes.iter().enumerate() {
        if qsteps[ni].is_some() {
            preps.push(Prep::None);
            continue;
        }
        let what = || format!("node {ni} ({})", node.name);
        let filter = node.inputs.get(1).map(|&f| &graph.values[f]);
        let bias = node
            .inputs
            .get(2)
            .and_then(|&b| graph.values[b].f32_data().map(|d| (b, d)));
        let bias_value = bias.as_ref().map(|&(b, _)| &graph.values[b]);
        let prep = match &node.op {
            Op::FullyConnected {
                transpose_weights, ..
            } => match filter.and_then(|f| f.f32_data().map(|d| (f, d))) {
                Some((f, data)) => {
                    if f.dims.len() != 2 {
                        return Err(invalid_program(format!(
                            "{}: filter must be 2-D, got {:?}",
                            what(),
                            f.dims
                        )));
                    }
                    let (n, k) = if *transpose_weights {
                        (f.dims[1], f.dims[0])
                    } else {
                        (f.dims[0], f.dims[1])
                    };
                    let bias_ok =
                        node.inputs.len() < 3 || bias.as_ref().is_some_and(|(_, b)| b.len() == n);
                    if use_accel && accel::takes_fc(n, k) && bias_ok && n * k == data.len() {
                        let h = shared(f, bias_value, (n, k, 1), *transpose_weights as u8, || {
                            // The host takes one row of k weights per output.
                            let rows: Vec<f32> = if *transpose_weights {
                                layout::transpose2d(&data, k, n)
                            } else {
                                data.clone()
                            };
                            let b = bias.as_ref().map(|(_, b)| b.as_slice());
                            accel::add_f32(n, k, 1, &rows, b)
                        })?;
                        preps.push(Prep::Accel(h));
                        continue;
                    }
                    let b = if *transpose_weights {
                        MatRef::row_major(&data, n)
                    } else {
                        MatRef {
                            data: &data,
                            rs: 1,
                            cs: k,
                        }
                    };
                    let packed = PackedB::new(k, n, b)
                        .map_err(|e| invalid_program(format!("{}: {}", what(), e.0)))?;
                    Prep::Gemm(ConvWeights {
                        groups: vec![packed],
                    })
                }
                None => Prep::None,
            },
            Op::Conv2d(p) | Op::DepthwiseConv2d(p) | Op::ConvTranspose2d(p) => {
                let Some(f) = filter else {
                    return Err(invalid_program(format!("{}: no filter", what())));
                };
                let Some(data) = f.f32_data() else {
                    return Err(not_supported(format!(
                        "{}: filters computed at run time are not supported",
                        what()
                    )));
                };
                let (_, c_out) = conv_channels(&node.op, p, &f.dims)
                    .map_err(|e| invalid_program(format!("{}: {e}", what())))?;
                if node.inputs.len() > 2 && bias.is_none() {
                    return Err(not_supported(format!(
                        "{}: biases computed at run time are not supported",
                        what()
                    )));
                }
                if let Some((_, b)) = &bias {
                    if b.len() != c_out {
                        return Err(invalid_program(format!(
                            "{}: bias has {} values for {c_out} output channels",
                            what(),
                            b.len()
                        )));
                    }
                }
                match node.op {
                    Op::Conv2d(_) if use_accel => {
                        let depth = p.kernel_h * p.kernel_w * p.group_in;
                        let b = bias.as_ref().map(|(_, b)| b.as_slice());
                        Prep::Accel(shared(f, bias_value, (c_out, depth, p.groups), 0, || {
                            accel::add_f32(c_out, depth, p.groups, &data, b)
                        })?)
                    }
                    Op::Conv2d(_) => {
                        // Winograd for 3x3 stride-1 layers large enough to gain
                        // (judged on the declared input shape).
                        let x = &graph.values[node.inputs[0]].dims;
                        let winograd = conv_geom(p, x, p.groups * p.group_in, c_out, false)
                            .is_ok_and(|g| winograd::suits(&g));
                        if winograd {
                            Prep::Winograd(
                                WinogradWeights::new(&data, p.group_in, c_out)
                                    .map_err(|e| invalid_program(format!("{}: {e}", what())))?,
                            )
                        } else {
                            let depth = p.kernel_h * p.kernel_w * p.group_in;
                            Prep::Gemm(
                                ConvWeights::new(&data, p.groups, p.group_out, depth)
                                    .map_err(|e| invalid_program(format!("{}: {e}", what())))?,
                            )
                        }
                    }
                    Op::DepthwiseConv2d(_) if use_accel && c_out.is_multiple_of(p.groups) => {
                        // The host takes one row of taps per output channel, one
                        // input channel per group.
                        let taps = p.kernel_h * p.kernel_w;
                        let b = bias.as_ref().map(|(_, b)| b.as_slice());
                        Prep::Accel(shared(f, bias_value, (c_out, taps, p.groups), 1, || {
                            let rows = layout::transpose2d(&data, taps, c_out);
                            accel::add_f32(c_out, taps, p.groups, &rows, b)
                        })?)
                    }
                    _ => Prep::Direct {
                        filter: data,
                        bias: bias.map(|(_, b)| b).unwrap_or_else(|| vec![0.0; c_out]),
                    },
                }
            }
            _ => Prep::None,
        };
        preps.push(prep);
    }
    Ok(preps)
}

/// The constants that nodes read as plain operands (not packed filters), decoded once:
/// `f32` data, and `qint8` data, indexed by value (`None` for other values).
#[allow(clippy::type_complexity)]
pub(super) fn plain_constants(graph: &Graph) -> (Vec<Option<Rc<[f32]>>>, Vec<Option<Rc<[i8]>>>) {
    // Which constants are read as plain operands.
    let mut plain = vec![false; graph.values.len()];
    for node in &graph.nodes {
        for (i, &vi) in node.inputs.iter().enumerate() {
            if !is_packed_filter(node, i) || graph.values[vi].data.is_none() {
                plain[vi] = true;
            }
        }
    }
    let consts: Vec<Option<Rc<[f32]>>> = graph
        .values
        .iter()
        .enumerate()
        .map(|(vi, v)| match (&v.data, v.dtype) {
            (Some(d), DataType::Fp32) if plain[vi] => Some(Rc::from(floats(d))),
            _ => None,
        })
        .collect();
    let qconsts: Vec<Option<Rc<[i8]>>> = graph
        .values
        .iter()
        .enumerate()
        .map(|(vi, v)| match (&v.data, v.dtype) {
            (Some(d), DataType::QInt8) if plain[vi] => Some(d.iter().map(|&b| b as i8).collect()),
            _ => None,
        })
        .collect();
    (consts, qconsts)
}
