//! A delegate ready to run: the checked graph, weights packed once at `init`, and a
//! schedule (every value's shape, the kernel parameters of every node and a memory
//! plan placing all activations in one arena).
//!
//! The schedule is built at `init` from the graph's declared input shapes, and every
//! inferred shape is checked against the shapes the payload declares. When a call
//! brings inputs of other shapes (ExecuTorch's dynamic shapes: XNNPACK reshapes its
//! runtime then), the schedule is rebuilt for them.

use std::rc::Rc;

use plugboard_compute::gemm::{gemm_epilogue, sgemm, Epilogue, MatRef, PackedB};

use crate::accel;
use crate::graph::{BinaryOp, ConvParams, DataType, Graph, Node, Op, PoolParams, UnaryOp};
use crate::kernels::conv::{self, ConvGeom, ConvWeights};
use crate::kernels::elementwise::{self, broadcast_shape, clamp_slice, Broadcast};
use crate::kernels::layout::{self, Transpose};
use crate::kernels::pool::{self, PoolGeom};
use crate::kernels::winograd::{self, WinogradWeights};
use crate::kernels::{qconv, quant};
use crate::plugboard::runtime::types::{ScalarType, Tensor};
use crate::quantized::{self, QStep};
use crate::{err, invalid_program, not_supported, Error, ErrorKind};

/// Weights and other per-node data prepared once.
enum Prep {
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

/// What a node runs with, for the current shapes.
#[derive(Clone, Debug)]
enum Step {
    Binary(BinaryOp, Broadcast),
    Unary(UnaryOp),
    Softmax {
        rows: usize,
        cols: usize,
    },
    FullyConnected {
        m: usize,
        k: usize,
        n: usize,
    },
    Conv(ConvGeom),
    Depthwise(ConvGeom),
    Deconv(ConvGeom),
    Pool {
        g: PoolGeom,
        is_max: bool,
    },
    GlobalAvg {
        n: usize,
        hw: usize,
        c: usize,
    },
    BatchMatMul(Bmm),
    Transpose(Transpose),
    Copy,
    Slice {
        in_dims: Vec<usize>,
        offsets: Vec<usize>,
    },
    Concat {
        axis: usize,
    },
    Pad {
        pre: Vec<usize>,
        value: f32,
    },
    Resize {
        n: usize,
        h: usize,
        w: usize,
        c: usize,
        oh: usize,
        ow: usize,
        align: bool,
        legacy: bool,
    },
}

/// A batched matrix product: for each output batch, the offsets of its `a` and `b`
/// matrices.
#[derive(Clone, Debug)]
struct Bmm {
    batches: Vec<(usize, usize)>,
    m: usize,
    k: usize,
    n: usize,
    transpose_b: bool,
}

/// Shapes, kernel parameters and memory plan for one set of input shapes.
struct Schedule {
    input_dims: Vec<Vec<usize>>,
    shapes: Vec<Vec<usize>>,
    /// Arena offset (in `f32`s) of each value that lives in the arena.
    offsets: Vec<Option<usize>>,
    arena_len: usize,
    steps: Vec<Step>,
}

/// An initialized delegate.
pub struct Runtime {
    graph: Graph,
    preps: Vec<Prep>,
    /// `f32` data of the constants read as plain operands.
    consts: Vec<Option<Rc<[f32]>>>,
    /// `qint8` data of the constants read as plain operands.
    qconsts: Vec<Option<Rc<[i8]>>>,
    /// For each node: how it runs on int8 values (`None`: an fp32 node).
    qsteps: Vec<Option<QStep>>,
    /// For each node: how many nodes from it on run as one chain of host
    /// convolutions (1: on its own; 0: inside a chain started earlier).
    chains: Vec<usize>,
    sched: Schedule,
    arena: Vec<f32>,
}

/// Elements of a shape.
fn numel(d: &[usize]) -> usize {
    d.iter().product()
}

/// The ExecuTorch scalar type of a graph input or output of element type `d`, and its
/// size in bytes (`fp32` is `Float`, `qint8` is `Char`).
fn scalar_type(d: DataType) -> (ScalarType, usize) {
    if d == DataType::Fp32 {
        (ScalarType::Float, 4)
    } else {
        (ScalarType::Char, 1)
    }
}

/// Arena slots (`f32`s) a value of `n` elements of type `d` takes.
fn slots(d: DataType, n: usize) -> usize {
    if d.bits() == 8 {
        n.div_ceil(4)
    } else {
        n
    }
}

/// Byte offset and element count of value `vi` in an arena of `arena_len` slots,
/// checked to hold `elem`-byte elements.
fn value_bytes(
    sched: &Schedule,
    arena_len: usize,
    vi: usize,
    elem: usize,
) -> Result<(usize, usize), Error> {
    let internal = |m: String| err(ErrorKind::Internal, m);
    let off = sched.offsets[vi].ok_or_else(|| internal(format!("value {vi} has no memory")))?;
    let n = numel(&sched.shapes[vi]);
    if (off * 4)
        .checked_add(n * elem)
        .is_none_or(|e| e > arena_len * 4)
    {
        return Err(internal(format!("value {vi} lies outside the arena")));
    }
    Ok((off * 4, n))
}

/// The `n` bytes of an int8 value at slot `off` of the arena.
fn arena_bytes_mut(arena: &mut [f32], off: usize, n: usize) -> Result<&mut [u8], Error> {
    let slot_end = off.checked_add(n.div_ceil(4));
    if slot_end.is_none_or(|e| e > arena.len()) {
        return Err(err(ErrorKind::Internal, "int8 value outside the arena"));
    }
    // SAFETY: the checked range lies within `arena`, which this borrow holds exclusively.
    Ok(unsafe { std::slice::from_raw_parts_mut((arena.as_mut_ptr().add(off)) as *mut u8, n) })
}

/// Reads little-endian `f32`s.
fn floats(bytes: &[u8]) -> Vec<f32> {
    bytes
        .chunks_exact(4)
        .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect()
}

/// Arena alignment, in `f32`s (64 bytes).
const ALIGN: usize = 16;

/// Largest tensor, in elements.
const MAX_ELEMS: usize = (crate::graph::MAX_TENSOR_BYTES / 4) as usize;

/// Largest arena, in `f32`s (2 GiB: half a wasm32 address space).
const MAX_ARENA: usize = 1 << 29;

/// Places intervals `(size, first, last)` (times inclusive) so that intervals that
/// overlap in time do not overlap in memory: greedy by decreasing size, each at the
/// lowest offset that fits. Returns the offsets and the total length.
fn place(items: &[(usize, usize, usize)]) -> Option<(Vec<usize>, usize)> {
    let mut order: Vec<usize> = (0..items.len()).collect();
    order.sort_by(|&a, &b| items[b].0.cmp(&items[a].0).then(a.cmp(&b)));
    let mut offsets = vec![0usize; items.len()];
    let mut placed: Vec<usize> = Vec::new();
    let mut total = 0usize;
    for &i in &order {
        let (size, first, last) = items[i];
        let size = size.checked_next_multiple_of(ALIGN)?;
        // Memory ranges of the placed items alive at the same time, by offset.
        let mut busy: Vec<(usize, usize)> = placed
            .iter()
            .filter(|&&j| items[j].1 <= last && first <= items[j].2)
            .map(|&j| (offsets[j], offsets[j] + items[j].0.next_multiple_of(ALIGN)))
            .collect();
        busy.sort_unstable();
        let mut at = 0usize;
        for (s, e) in busy {
            if at.checked_add(size)? <= s {
                break;
            }
            at = at.max(e);
        }
        offsets[i] = at;
        total = total.max(at.checked_add(size)?);
        if total > MAX_ARENA {
            return None;
        }
        placed.push(i);
    }
    Some((offsets, total))
}

/// Output size of a window sweep: `(in + pads - effective kernel) / stride + 1`.
fn window_out(
    what: &str,
    input: usize,
    pad_a: usize,
    pad_b: usize,
    k: usize,
    dilation: usize,
    stride: usize,
) -> Result<usize, String> {
    if k == 0 || dilation == 0 || stride == 0 {
        return Err(format!(
            "{what}: kernel, dilation and stride must be positive"
        ));
    }
    let eff = (k - 1)
        .checked_mul(dilation)
        .and_then(|e| e.checked_add(1))
        .ok_or_else(|| format!("{what}: kernel too large"))?;
    let padded = input
        .checked_add(pad_a)
        .and_then(|p| p.checked_add(pad_b))
        .ok_or_else(|| format!("{what}: padding too large"))?;
    if padded < eff {
        return Err(format!(
            "{what}: window of {eff} does not fit the padded input of {padded}"
        ));
    }
    Ok((padded - eff) / stride + 1)
}

/// TensorFlow SAME padding: output `ceil(in / stride)`, padding split with the extra
/// element at the end. Returns `(out, pad_before, pad_after)`.
fn same_padding(
    input: usize,
    k: usize,
    dilation: usize,
    stride: usize,
) -> Result<(usize, usize, usize), String> {
    if k == 0 || dilation == 0 || stride == 0 {
        return Err("kernel, dilation and stride must be positive".into());
    }
    let out = input.div_ceil(stride);
    let eff = (k - 1) * dilation + 1;
    let need = (out.saturating_sub(1) * stride + eff).saturating_sub(input);
    Ok((out, need / 2, need - need / 2))
}

fn dims_str(d: &[usize]) -> String {
    format!("{d:?}")
}

/// Geometry of a convolution-like node on NHWC input `x`.
fn conv_geom(
    p: &ConvParams,
    x: &[usize],
    c_in: usize,
    c_out: usize,
    transposed: bool,
) -> Result<ConvGeom, String> {
    if x.len() != 4 {
        return Err(format!("input must be NHWC (rank 4), got {}", dims_str(x)));
    }
    if x[3] != c_in {
        return Err(format!(
            "input has {} channels, the filter expects {c_in}",
            x[3]
        ));
    }
    let (h, w) = (x[1], x[2]);
    let (oh, ow, pt, pl);
    if transposed {
        if p.same_padding {
            return Err("SAME padding is not supported for transposed convolution".into());
        }
        if p.stride_h == 0 || p.stride_w == 0 || p.dilation_h == 0 || p.dilation_w == 0 {
            return Err("kernel, dilation and stride must be positive".into());
        }
        let full = |i: usize, s: usize, adj: usize, k: usize, d: usize| -> Option<usize> {
            i.checked_sub(1)?
                .checked_mul(s)?
                .checked_add(adj)?
                .checked_add(k.checked_sub(1)?.checked_mul(d)? + 1)
        };
        let fh = full(h, p.stride_h, p.adjust_h, p.kernel_h, p.dilation_h);
        let fw = full(w, p.stride_w, p.adjust_w, p.kernel_w, p.dilation_w);
        let (Some(fh), Some(fw)) = (fh, fw) else {
            return Err("invalid transposed convolution geometry".into());
        };
        oh = fh
            .checked_sub(p.pad_top + p.pad_bottom)
            .filter(|&v| v > 0)
            .ok_or("padding crops the whole output")?;
        ow = fw
            .checked_sub(p.pad_left + p.pad_right)
            .filter(|&v| v > 0)
            .ok_or("padding crops the whole output")?;
        pt = p.pad_top;
        pl = p.pad_left;
    } else if p.same_padding {
        let (a, t, _) = same_padding(h, p.kernel_h, p.dilation_h, p.stride_h)?;
        let (b, l, _) = same_padding(w, p.kernel_w, p.dilation_w, p.stride_w)?;
        oh = a;
        ow = b;
        pt = t;
        pl = l;
    } else {
        oh = window_out(
            "height",
            h,
            p.pad_top,
            p.pad_bottom,
            p.kernel_h,
            p.dilation_h,
            p.stride_h,
        )?;
        ow = window_out(
            "width",
            w,
            p.pad_left,
            p.pad_right,
            p.kernel_w,
            p.dilation_w,
            p.stride_w,
        )?;
        pt = p.pad_top;
        pl = p.pad_left;
    }
    Ok(ConvGeom {
        n: x[0],
        h,
        w,
        c_in,
        oh,
        ow,
        c_out,
        kh: p.kernel_h,
        kw: p.kernel_w,
        sh: p.stride_h,
        sw: p.stride_w,
        dh: p.dilation_h,
        dw: p.dilation_w,
        pad_top: pt,
        pad_left: pl,
        groups: p.groups,
        group_in: p.group_in,
        group_out: p.group_out,
    })
}

fn pool_geom(p: &PoolParams, x: &[usize]) -> Result<PoolGeom, String> {
    if x.len() != 4 {
        return Err(format!("input must be NHWC (rank 4), got {}", dims_str(x)));
    }
    let (oh, ow, pt, pl) = if p.same_padding {
        let (a, t, _) = same_padding(x[1], p.pool_h, p.dilation_h, p.stride_h)?;
        let (b, l, _) = same_padding(x[2], p.pool_w, p.dilation_w, p.stride_w)?;
        (a, b, t, l)
    } else {
        (
            window_out(
                "height",
                x[1],
                p.pad_top,
                p.pad_bottom,
                p.pool_h,
                p.dilation_h,
                p.stride_h,
            )?,
            window_out(
                "width",
                x[2],
                p.pad_left,
                p.pad_right,
                p.pool_w,
                p.dilation_w,
                p.stride_w,
            )?,
            p.pad_top,
            p.pad_left,
        )
    };
    Ok(PoolGeom {
        n: x[0],
        h: x[1],
        w: x[2],
        c: x[3],
        oh,
        ow,
        kh: p.pool_h,
        kw: p.pool_w,
        sh: p.stride_h,
        sw: p.stride_w,
        dh: p.dilation_h,
        dw: p.dilation_w,
        pad_top: pt,
        pad_left: pl,
    })
}

/// The filter's checked convolution parameters: `(c_in, c_out)` of the node.
fn conv_channels(op: &Op, p: &ConvParams, filter: &[usize]) -> Result<(usize, usize), String> {
    if p.groups == 0 || p.group_in == 0 || p.group_out == 0 {
        return Err("groups and group channels must be positive".into());
    }
    let mul = |a: usize, b: usize| a.checked_mul(b).ok_or("channel count overflows");
    match op {
        Op::DepthwiseConv2d(_) => {
            // ExecuTorch: input channels = groups, multiplier = group_out / group_in.
            if !p.group_out.is_multiple_of(p.group_in) {
                return Err(
                    "depthwise group_output_channels is not a multiple of group_input_channels"
                        .into(),
                );
            }
            let c_out = mul(p.groups, p.group_out / p.group_in)?;
            let want = [1, p.kernel_h, p.kernel_w, c_out];
            if filter != want {
                return Err(format!(
                    "depthwise filter has dims {}, expected {}",
                    dims_str(filter),
                    dims_str(&want)
                ));
            }
            Ok((p.groups, c_out))
        }
        _ => {
            let c_out = mul(p.groups, p.group_out)?;
            let want = [c_out, p.kernel_h, p.kernel_w, p.group_in];
            if filter != want {
                return Err(format!(
                    "filter has dims {}, expected {}",
                    dims_str(filter),
                    dims_str(&want)
                ));
            }
            Ok((mul(p.groups, p.group_in)?, c_out))
        }
    }
}

/// Checks the bias of a node with `n` output channels.
fn check_bias(bias: Option<&[usize]>, n: usize) -> Result<(), String> {
    match bias {
        Some(b) if numel(b) != n => Err(format!(
            "bias has dims {}, expected {n} values",
            dims_str(b)
        )),
        _ => Ok(()),
    }
}

/// Output shape and kernel parameters of `node` for input shapes `ins`.
fn infer(node: &Node, ins: &[&[usize]]) -> Result<(Vec<usize>, Step), String> {
    let x = ins[0];
    Ok(match &node.op {
        Op::Binary(op) => {
            let out = broadcast_shape(x, ins[1]).ok_or_else(|| {
                format!(
                    "inputs {} and {} do not broadcast",
                    dims_str(x),
                    dims_str(ins[1])
                )
            })?;
            let bc = Broadcast::new(x, ins[1], &out);
            (out, Step::Binary(*op, bc))
        }
        Op::Unary(op) => (x.to_vec(), Step::Unary(*op)),
        Op::Convert => (x.to_vec(), Step::Copy),
        Op::Softmax => {
            let cols = *x.last().ok_or("softmax of a rank-0 tensor")?;
            let rows = numel(x).checked_div(cols).unwrap_or(0);
            (x.to_vec(), Step::Softmax { rows, cols })
        }
        Op::FullyConnected {
            transpose_weights,
            reshape_2d,
        } => {
            let f = ins[1];
            if f.len() != 2 {
                return Err(format!("filter must be 2-D, got {}", dims_str(f)));
            }
            let (n, k) = if *transpose_weights {
                (f[1], f[0])
            } else {
                (f[0], f[1])
            };
            check_bias(ins.get(2).copied(), n)?;
            if k == 0 {
                return Err("filter with no input channels".into());
            }
            let total = numel(x);
            let out = if *reshape_2d {
                if !total.is_multiple_of(k) {
                    return Err(format!("input {} is not a multiple of {k}", dims_str(x)));
                }
                vec![total / k, n]
            } else {
                if x.last() != Some(&k) {
                    return Err(format!(
                        "input {} does not end in the filter's {k} input channels",
                        dims_str(x)
                    ));
                }
                let mut o = x.to_vec();
                if let Some(last) = o.last_mut() {
                    *last = n;
                }
                o
            };
            (out, Step::FullyConnected { m: total / k, k, n })
        }
        Op::Conv2d(p) | Op::DepthwiseConv2d(p) | Op::ConvTranspose2d(p) => {
            let (c_in, c_out) = conv_channels(&node.op, p, ins[1])?;
            check_bias(ins.get(2).copied(), c_out)?;
            let transposed = matches!(node.op, Op::ConvTranspose2d(_));
            let g = conv_geom(p, x, c_in, c_out, transposed)?;
            let out = vec![g.n, g.oh, g.ow, g.c_out];
            let step = match node.op {
                Op::Conv2d(_) => Step::Conv(g),
                Op::DepthwiseConv2d(_) => Step::Depthwise(g),
                _ => Step::Deconv(g),
            };
            (out, step)
        }
        Op::MaxPooling2d(p) | Op::AvgPooling2d(p) => {
            let g = pool_geom(p, x)?;
            (
                vec![g.n, g.oh, g.ow, g.c],
                Step::Pool {
                    g,
                    is_max: matches!(node.op, Op::MaxPooling2d(_)),
                },
            )
        }
        Op::GlobalAvgPooling2d { keep_dims } => {
            if x.len() < 3 {
                return Err(format!(
                    "input must have rank 3 or more, got {}",
                    dims_str(x)
                ));
            }
            let r = x.len();
            let c = x[r - 1];
            let hw = x[r - 3] * x[r - 2];
            let n = numel(&x[..r - 3]);
            let out = if *keep_dims {
                let mut o = x.to_vec();
                o[r - 3] = 1;
                o[r - 2] = 1;
                o
            } else {
                let mut o = x[..r - 3].to_vec();
                o.push(c);
                o
            };
            (out, Step::GlobalAvg { n, hw, c })
        }
        Op::BatchMatrixMultiply { transpose_b } => {
            let b = ins[1];
            if x.len() < 2 || b.len() < 2 {
                return Err("batch matrix multiply needs rank 2 or more".into());
            }
            let (m, k) = (x[x.len() - 2], x[x.len() - 1]);
            let (kb, n) = if *transpose_b {
                (b[b.len() - 1], b[b.len() - 2])
            } else {
                (b[b.len() - 2], b[b.len() - 1])
            };
            if k != kb {
                return Err(format!(
                    "cannot multiply {} by {}",
                    dims_str(x),
                    dims_str(b)
                ));
            }
            let (ba, bb) = (&x[..x.len() - 2], &b[..b.len() - 2]);
            let batch = broadcast_shape(ba, bb).ok_or_else(|| {
                format!(
                    "batch dims {} and {} do not broadcast",
                    dims_str(ba),
                    dims_str(bb)
                )
            })?;
            // Offsets of each output batch's matrices.
            let nb = batch
                .iter()
                .try_fold(1usize, |a, &d| a.checked_mul(d))
                .filter(|&b| b.saturating_mul(m).saturating_mul(n) <= MAX_ELEMS)
                .ok_or("output too large")?;
            let r = batch.len();
            let mut batches = Vec::with_capacity(nb);
            let sa = layout::strides(ba);
            let sb = layout::strides(bb);
            for i in 0..nb {
                let (mut rem, mut oa, mut ob) = (i, 0usize, 0usize);
                for d in (0..r).rev() {
                    let idx = rem % batch[d];
                    rem /= batch[d];
                    if d + ba.len() >= r {
                        let da = d + ba.len() - r;
                        if ba[da] != 1 {
                            oa += idx * sa[da];
                        }
                    }
                    if d + bb.len() >= r {
                        let db = d + bb.len() - r;
                        if bb[db] != 1 {
                            ob += idx * sb[db];
                        }
                    }
                }
                batches.push((oa * m * k, ob * k * n));
            }
            let mut out = batch;
            out.push(m);
            out.push(n);
            (
                out,
                Step::BatchMatMul(Bmm {
                    batches,
                    m,
                    k,
                    n,
                    transpose_b: *transpose_b,
                }),
            )
        }
        Op::StaticTranspose { perm } => {
            let mut seen = vec![false; x.len()];
            if perm.len() != x.len()
                || perm
                    .iter()
                    .any(|&p| p >= x.len() || std::mem::replace(&mut seen[p], true))
            {
                return Err(format!(
                    "{perm:?} is not a permutation of the dims of {}",
                    dims_str(x)
                ));
            }
            let out: Vec<usize> = perm.iter().map(|&p| x[p]).collect();
            (out, Step::Transpose(Transpose::new(x, perm)))
        }
        Op::StaticReshape { new_shape } => {
            if new_shape.len() > crate::graph::MAX_DIMS {
                return Err("reshape to more than 6 dims".into());
            }
            let total = numel(x);
            let zeros = new_shape.iter().filter(|&&d| d == 0).count();
            let known = new_shape
                .iter()
                .filter(|&&d| d != 0)
                .try_fold(1usize, |a, &d| a.checked_mul(d))
                .ok_or("reshape dims overflow")?;
            let out: Vec<usize> = match zeros {
                0 => new_shape.clone(),
                1 if known != 0 && total.is_multiple_of(known) => new_shape
                    .iter()
                    .map(|&d| if d == 0 { total / known } else { d })
                    .collect(),
                _ => {
                    return Err(format!(
                        "cannot infer the dims of {new_shape:?} from {} elements",
                        total
                    ))
                }
            };
            if numel(&out) != total {
                return Err(format!(
                    "cannot reshape {} to {}",
                    dims_str(x),
                    dims_str(&out)
                ));
            }
            (out, Step::Copy)
        }
        Op::StaticSlice { offsets, sizes } => {
            if offsets.len() != x.len() || sizes.len() != x.len() {
                return Err(format!(
                    "slice of rank {} on {}",
                    offsets.len(),
                    dims_str(x)
                ));
            }
            let mut out = Vec::with_capacity(x.len());
            for d in 0..x.len() {
                let size = if sizes[d] == 0 {
                    x[d].saturating_sub(offsets[d])
                } else {
                    sizes[d]
                };
                if offsets[d].checked_add(size).is_none_or(|e| e > x[d]) {
                    return Err(format!(
                        "slice {offsets:?} + {sizes:?} out of range for {}",
                        dims_str(x)
                    ));
                }
                out.push(size);
            }
            (
                out,
                Step::Slice {
                    in_dims: x.to_vec(),
                    offsets: offsets.clone(),
                },
            )
        }
        Op::Concatenate { axis } => {
            let axis = *axis;
            if axis >= x.len() {
                return Err(format!("axis {axis} out of range for {}", dims_str(x)));
            }
            let mut out = x.to_vec();
            for s in &ins[1..] {
                if s.len() != x.len()
                    || s.iter()
                        .zip(x)
                        .enumerate()
                        .any(|(d, (a, b))| d != axis && a != b)
                {
                    return Err(format!(
                        "cannot concatenate {} and {} along {axis}",
                        dims_str(x),
                        dims_str(s)
                    ));
                }
                out[axis] = out[axis].checked_add(s[axis]).ok_or("dims overflow")?;
            }
            (out, Step::Concat { axis })
        }
        Op::StaticConstantPad { pre, post, value } => {
            if pre.len() != x.len() || post.len() != x.len() {
                return Err(format!(
                    "{} paddings for rank {}",
                    pre.len().max(post.len()),
                    x.len()
                ));
            }
            let mut out = Vec::with_capacity(x.len());
            for d in 0..x.len() {
                out.push(
                    x[d].checked_add(pre[d])
                        .and_then(|v| v.checked_add(post[d]))
                        .ok_or("padding overflows")?,
                );
            }
            (
                out,
                Step::Pad {
                    pre: pre.clone(),
                    value: *value,
                },
            )
        }
        Op::StaticResizeBilinear2D {
            new_h,
            new_w,
            align_corners,
            tf_legacy,
        } => {
            if x.len() != 4 {
                return Err(format!("input must be NHWC (rank 4), got {}", dims_str(x)));
            }
            if *new_h == 0 || *new_w == 0 {
                return Err("resize to an empty size".into());
            }
            if *align_corners && *tf_legacy {
                return Err("align-corners and legacy mode are exclusive".into());
            }
            (
                vec![x[0], *new_h, *new_w, x[3]],
                Step::Resize {
                    n: x[0],
                    h: x[1],
                    w: x[2],
                    c: x[3],
                    oh: *new_h,
                    ow: *new_w,
                    align: *align_corners,
                    legacy: *tf_legacy,
                },
            )
        }
    })
}

/// Whether the node's input `i` is a filter this backend packs (not read as a plain
/// operand).
fn is_packed_filter(node: &Node, i: usize) -> bool {
    i == 1
        && matches!(
            node.op,
            Op::FullyConnected { .. }
                | Op::Conv2d(_)
                | Op::DepthwiseConv2d(_)
                | Op::ConvTranspose2d(_)
        )
}

impl Runtime {
    /// Prepares `graph`: checks that every node can run here, packs weights and
    /// builds the schedule for the declared input shapes.
    pub fn new(mut graph: Graph) -> Result<Runtime, Error> {
        crate::fusion::fuse_clamps(&mut graph);
        // Quantized nodes are prepared by `quantized`; the others are all-fp32.
        let qsteps = (0..graph.nodes.len())
            .map(|ni| quantized::prepare(&graph, ni))
            .collect::<Result<Vec<_>, Error>>()?;
        // Which constants are read as plain operands.
        let mut plain = vec![false; graph.values.len()];
        for node in &graph.nodes {
            for (i, &vi) in node.inputs.iter().enumerate() {
                if !is_packed_filter(node, i) || graph.values[vi].data.is_none() {
                    plain[vi] = true;
                }
            }
        }
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
                        let bias_ok = node.inputs.len() < 3
                            || bias.as_ref().is_some_and(|(_, b)| b.len() == n);
                        if use_accel && bias_ok && n * k == data.len() {
                            // The host takes one row of k weights per output.
                            let rows: Vec<f32> = if *transpose_weights {
                                layout::transpose2d(&data, k, n)
                            } else {
                                data.clone()
                            };
                            let b = bias.as_ref().map(|(_, b)| b.as_slice());
                            let h = accel::add_f32(n, k, 1, &rows, b)?;
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
                            Prep::Accel(accel::add_f32(c_out, depth, p.groups, &data, b)?)
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
                            let rows = layout::transpose2d(&data, taps, c_out);
                            let b = bias.as_ref().map(|(_, b)| b.as_slice());
                            Prep::Accel(accel::add_f32(c_out, taps, p.groups, &rows, b)?)
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
                (Some(d), DataType::QInt8) if plain[vi] => {
                    Some(d.iter().map(|&b| b as i8).collect())
                }
                _ => None,
            })
            .collect();
        let input_dims: Vec<Vec<usize>> = graph
            .inputs
            .iter()
            .map(|&vi| graph.values[vi].dims.clone())
            .collect();
        let sched = schedule(&graph, input_dims, true)?;
        // The raw bytes are no longer needed: plain constants are in `consts`, filters
        // are packed. Keep a marker that the value is constant.
        for v in &mut graph.values {
            if v.data.is_some() {
                v.data = Some(Rc::from(Vec::new()));
            }
        }
        let mut rt = Runtime {
            graph,
            preps,
            consts,
            qconsts,
            qsteps,
            chains: Vec::new(),
            sched,
            arena: Vec::new(),
        };
        rt.chains = rt.plan_chains();
        rt.reserve()?;
        Ok(rt)
    }

    /// The host-side weights of node `ni`, if it runs on the host's native kernels,
    /// and whether it is an int8 node.
    fn accel_handle(&self, ni: usize) -> Option<(accel::Handle, bool)> {
        match (&self.qsteps[ni], &self.preps[ni]) {
            (Some(QStep::Accel(h)), _) => Some((*h, true)),
            (None, Prep::Accel(h)) => Some((*h, false)),
            _ => None,
        }
    }

    /// Groups runs of host convolutions where each one's output is read only by the
    /// next (mobilenet's expand / depthwise / project blocks): they run as one
    /// `conv2d-*-chain` call, so intermediate activations never cross the component
    /// boundary.
    fn plan_chains(&self) -> Vec<usize> {
        let g = &self.graph;
        let n = g.nodes.len();
        let mut readers = vec![0usize; g.values.len()];
        for node in &g.nodes {
            for &vi in &node.inputs {
                readers[vi] += 1;
            }
        }
        for &vi in &g.outputs {
            readers[vi] += 2;
        }
        let links = |a: usize| {
            let b = a + 1;
            b < n
                && matches!((self.accel_handle(a), self.accel_handle(b)), (Some((_, qa)), Some((_, qb))) if qa == qb)
                && g.nodes[b].inputs.first() == Some(&g.nodes[a].output)
                && readers[g.nodes[a].output] == 1
        };
        let mut chains = vec![1usize; n];
        let mut i = 0;
        while i < n {
            let mut j = i;
            while links(j) {
                j += 1;
            }
            chains[i] = j - i + 1;
            for c in &mut chains[i + 1..=j] {
                *c = 0;
            }
            i = j + 1;
        }
        chains
    }

    /// The host convolution step of node `ni` for the current shapes.
    fn chain_step(&self, ni: usize) -> Result<accel::ChainStep, Error> {
        let internal = |m: &str| err(ErrorKind::Internal, m.to_string());
        let (handle, _) = self
            .accel_handle(ni)
            .ok_or_else(|| internal("chained node without host weights"))?;
        let geom = match &self.sched.steps[ni] {
            Step::Conv(g) => *g,
            Step::Depthwise(g) => accel::depthwise_geometry(g),
            Step::FullyConnected { m, k, n } => accel::fc_geometry(*m, *k, *n),
            _ => return Err(internal("chained node is not a convolution")),
        };
        let node = &self.graph.nodes[ni];
        Ok(accel::ChainStep {
            handle,
            geom,
            min: node.min,
            max: node.max,
        })
    }

    /// Runs the chain of `len` host convolutions starting at node `ni`.
    fn run_chain(&mut self, ni: usize, len: usize) -> Result<(), Error> {
        let steps = (ni..ni + len)
            .map(|k| self.chain_step(k))
            .collect::<Result<Vec<_>, Error>>()?;
        let int8 = self.accel_handle(ni).is_some_and(|(_, q)| q);
        let first = &steps[0].geom;
        let in_len = first.n * first.h * first.w * first.c_in;
        let x_vi = self.graph.nodes[ni].inputs[0];
        let o_vi = self.graph.nodes[ni + len - 1].output;
        let elem = if int8 { 1 } else { 4 };
        let bytes = |vi: usize, n: usize| -> Result<usize, Error> {
            let (o, have) = value_bytes(&self.sched, self.arena.len(), vi, elem)?;
            if n > have {
                return Err(err(
                    ErrorKind::Internal,
                    format!("value {vi} is smaller than the chain's {n} elements"),
                ));
            }
            Ok(o)
        };
        let out_len = numel(&self.sched.shapes[o_vi]);
        let (xo, oo) = (bytes(x_vi, in_len)?, bytes(o_vi, out_len)?);
        let base = self.arena.as_mut_ptr() as *mut u8;
        // SAFETY: both ranges were checked to lie in the arena. The input view ends
        // before the output view is made (the memory plan may reuse the input's range
        // for the output: the input is dead once the host has copied it).
        unsafe {
            if int8 {
                let x = std::slice::from_raw_parts(base.add(xo) as *const i8, in_len);
                let r = accel::chain_qs8(&steps, x)?;
                let o = std::slice::from_raw_parts_mut(base.add(oo) as *mut i8, out_len);
                accel::copy(&r, o)
            } else {
                let x = std::slice::from_raw_parts(base.add(xo) as *const f32, in_len);
                let r = accel::chain_f32(&steps, x)?;
                let o = std::slice::from_raw_parts_mut(base.add(oo) as *mut f32, out_len);
                accel::copy(&r, o)
            }
        }
    }

    /// Sizes the arena for the current schedule.
    fn reserve(&mut self) -> Result<(), Error> {
        let len = self.sched.arena_len;
        if self.arena.len() < len {
            self.arena
                .try_reserve_exact(len - self.arena.len())
                .map_err(|_| {
                    err(
                        ErrorKind::DelegateMemoryAllocationFailed,
                        format!("cannot allocate {} MiB for activations", (len * 4) >> 20),
                    )
                })?;
            self.arena.resize(len, 0.0);
        }
        Ok(())
    }

    /// Number of graph inputs and outputs.
    pub fn arity(&self) -> (usize, usize) {
        (self.graph.inputs.len(), self.graph.outputs.len())
    }

    /// Runs the graph. `inputs` are the input tensors in argument order; `outputs` the
    /// output argument tensors (for their dtype). Returns the output tensors.
    pub fn execute(
        &mut self,
        inputs: &[&Tensor],
        outputs: &[&Tensor],
    ) -> Result<Vec<Tensor>, Error> {
        let bad = |m: String| err(ErrorKind::InvalidArgument, m);
        let mut dims = Vec::with_capacity(inputs.len());
        for (i, t) in inputs.iter().enumerate() {
            let want = self.graph.values[self.graph.inputs[i]].dtype;
            let (st, size) = scalar_type(want);
            if t.dtype != st {
                return Err(bad(format!(
                    "input {i} is {:?}, the XNNPACK graph expects {st:?} ({})",
                    t.dtype,
                    want.name()
                )));
            }
            let declared = &self.graph.values[self.graph.inputs[i]].dims;
            let d = memory_dims(&t.sizes, &t.dim_order, declared)
                .map_err(|m| bad(format!("input {i}: {m}")))?;
            if d.iter().try_fold(size, |a, &s| a.checked_mul(s)) != Some(t.data.len()) {
                return Err(bad(format!(
                    "input {i} has {} bytes for sizes {:?}",
                    t.data.len(),
                    t.sizes
                )));
            }
            dims.push(d);
        }
        for (i, t) in outputs.iter().enumerate() {
            let want = self.graph.values[self.graph.outputs[i]].dtype;
            let (st, _) = scalar_type(want);
            if t.dtype != st {
                return Err(bad(format!(
                    "output {i} is {:?}, the XNNPACK graph produces {st:?} ({})",
                    t.dtype,
                    want.name()
                )));
            }
        }
        if dims != self.sched.input_dims {
            // Dynamic shapes: reshape the whole graph for these inputs.
            self.sched = schedule(&self.graph, dims, false)?;
            self.reserve()?;
        }
        // Inputs into the arena.
        for (k, &vi) in self.graph.inputs.iter().enumerate() {
            if let Some(off) = self.sched.offsets[vi] {
                let n = numel(&self.sched.shapes[vi]);
                let src = &inputs[k].data;
                if self.graph.values[vi].dtype == DataType::Fp32 {
                    for (d, c) in self.arena[off..off + n].iter_mut().zip(src.chunks_exact(4)) {
                        *d = f32::from_le_bytes([c[0], c[1], c[2], c[3]]);
                    }
                } else {
                    arena_bytes_mut(&mut self.arena, off, n)?.copy_from_slice(&src[..n]);
                }
            }
        }
        // Node timings for the host's profiler (`profiling` import), only when it asks.
        let profiling = profile_clock().is_some();
        let mut ni = 0;
        while ni < self.graph.nodes.len() {
            let len = self.chains.get(ni).copied().unwrap_or(1).max(1);
            let start = if profiling { profile_clock() } else { None };
            let r = if len > 1 {
                self.run_chain(ni, len)
            } else if self.qsteps[ni].is_some() {
                self.run_qnode(ni)
            } else {
                self.run_node(ni)
            };
            if let (Some(start), Some(end)) = (start, start.and_then(|_| profile_clock())) {
                let name = self.graph.nodes[ni].name;
                let label = if len > 1 {
                    format!("{name} (+{} fused)", len - 1)
                } else {
                    name.to_string()
                };
                profile_node(&label, start, end);
            }
            r.map_err(|e| {
                let n = &self.graph.nodes[ni];
                let span = if len > 1 {
                    format!(" and the {} nodes after it", len - 1)
                } else {
                    String::new()
                };
                err(
                    e.kind,
                    format!("node {ni} ({}){span}: {}", n.name, e.message),
                )
            })?;
            ni += len;
        }
        let mut outs = Vec::with_capacity(self.graph.outputs.len());
        for &vi in &self.graph.outputs {
            let shape = &self.sched.shapes[vi];
            let n = numel(shape);
            let off = self.sched.offsets[vi].ok_or_else(|| {
                err(
                    ErrorKind::Internal,
                    format!("output value {vi} has no memory"),
                )
            })?;
            let dtype = self.graph.values[vi].dtype;
            let data = if dtype == DataType::Fp32 {
                let vals = &self.arena[off..off + n];
                let mut data = Vec::with_capacity(vals.len() * 4);
                for v in vals {
                    data.extend_from_slice(&v.to_le_bytes());
                }
                data
            } else {
                arena_bytes_mut(&mut self.arena, off, n)?.to_vec()
            };
            let k = outs.len();
            let (sizes, dim_order) = logical_sizes(shape, outputs[k]);
            outs.push(Tensor {
                dtype: scalar_type(dtype).0,
                sizes,
                dim_order,
                data,
            });
        }
        Ok(outs)
    }

    /// Runs quantized node `ni` (its [`QStep`] with the current shapes' [`Step`]).
    fn run_qnode(&mut self, ni: usize) -> Result<(), Error> {
        let node = &self.graph.nodes[ni];
        let sched = &self.sched;
        let internal = |m: String| err(ErrorKind::Internal, m);
        let Some(q) = &self.qsteps[ni] else {
            return Err(internal("not a quantized node".into()));
        };
        let base = self.arena.as_mut_ptr();
        let arena_len = self.arena.len();
        let qconsts = &self.qconsts;
        let consts = &self.consts;
        let range = |vi: usize, elem: usize| value_bytes(sched, arena_len, vi, elem);
        // SAFETY (all views below): the memory plan gives every value its own arena
        // range while it lives; a node's output is alive together with its inputs, so
        // the output range overlaps no input range. `range` checked the bounds.
        let bytes = |vi: usize| -> Result<&[i8], Error> {
            if let Some(c) = &qconsts[vi] {
                return Ok(c);
            }
            let (o, n) = range(vi, 1)?;
            Ok(unsafe { std::slice::from_raw_parts((base as *const u8).add(o) as *const i8, n) })
        };
        let floats = |vi: usize| -> Result<&[f32], Error> {
            if let Some(c) = &consts[vi] {
                return Ok(c);
            }
            let (o, n) = range(vi, 4)?;
            Ok(unsafe { std::slice::from_raw_parts((base as *const u8).add(o) as *const f32, n) })
        };
        let out_vi = node.output;
        let out_is_f32 = self.graph.values[out_vi].dtype == DataType::Fp32;
        let (oo, on) = range(out_vi, if out_is_f32 { 4 } else { 1 })?;
        let x = || bytes(node.inputs[0]);
        let step = &sched.steps[ni];
        if out_is_f32 {
            let out = unsafe {
                std::slice::from_raw_parts_mut((base as *mut u8).add(oo) as *mut f32, on)
            };
            return match q {
                QStep::Dequantize(p) => {
                    quant::dequantize(x()?, out, *p, node.min, node.max);
                    Ok(())
                }
                _ => Err(internal("int8 step with an fp32 output".into())),
            };
        }
        let out =
            unsafe { std::slice::from_raw_parts_mut((base as *mut u8).add(oo) as *mut i8, on) };
        let mismatch = || internal(format!("int8 step {q:?} does not fit {step:?}"));
        match (q, step) {
            (QStep::Quantize(p), _) => quant::quantize(floats(node.inputs[0])?, out, *p),
            (QStep::Lookup(t), _) => quant::lookup(x()?, out, t),
            (QStep::Add(p), Step::Binary(_, bc)) => {
                elementwise::broadcast(|a, b| p.apply(a, b), bc, x()?, bytes(node.inputs[1])?, out)
            }
            (QStep::Mul(p), Step::Binary(_, bc)) => {
                elementwise::broadcast(|a, b| p.apply(a, b), bc, x()?, bytes(node.inputs[1])?, out)
            }
            (QStep::Accel(h), Step::Conv(g)) => accel::conv_qs8(*h, g, x()?, out)?,
            (QStep::Accel(h), Step::Depthwise(g)) => {
                accel::conv_qs8(*h, &accel::depthwise_geometry(g), x()?, out)?
            }
            (QStep::Accel(h), Step::FullyConnected { m, k, n }) => {
                let xs = x()?
                    .get(..m * k)
                    .ok_or_else(|| internal("fully connected input too small".into()))?;
                accel::conv_qs8(*h, &accel::fc_geometry(*m, *k, *n), xs, out)?
            }
            (QStep::Gemm { w, x_zero_point }, Step::Conv(g)) => {
                qconv::conv2d(g, w, x()?, *x_zero_point, out).map_err(internal)?
            }
            (QStep::Gemm { w, .. }, Step::FullyConnected { m, k, .. }) => {
                qconv::fully_connected(*m, *k, w, x()?, out).map_err(internal)?
            }
            (QStep::Depthwise(w), Step::Depthwise(g)) => quant::depthwise(g, w, x()?, out),
            (QStep::MaxPool { qmin, qmax }, Step::Pool { g, is_max: true }) => {
                quant::max_pool(g, x()?, out, *qmin, *qmax)
            }
            (QStep::GlobalAvg(p), Step::GlobalAvg { n, hw, c }) => {
                quant::global_avg(x()?, *n, *hw, *c, p, out)
            }
            (QStep::Move { .. }, Step::Copy) => out.copy_from_slice(x()?),
            (QStep::Move { .. }, Step::Transpose(t)) => t.run(x()?, out),
            (QStep::Move { .. }, Step::Slice { in_dims, offsets }) => {
                layout::slice(x()?, in_dims, offsets, &sched.shapes[out_vi], out)
            }
            (QStep::Move { .. }, Step::Concat { axis }) => {
                let parts = node
                    .inputs
                    .iter()
                    .map(|&vi| Ok((bytes(vi)?, sched.shapes[vi].as_slice())))
                    .collect::<Result<Vec<_>, Error>>()?;
                layout::concat(&parts, *axis, out)
            }
            (QStep::Move { pad }, Step::Pad { pre, .. }) => layout::pad(
                x()?,
                &sched.shapes[node.inputs[0]],
                pre,
                &sched.shapes[out_vi],
                *pad,
                out,
            ),
            _ => return Err(mismatch()),
        }
        Ok(())
    }

    /// Runs node `ni`.
    fn run_node(&mut self, ni: usize) -> Result<(), Error> {
        let node = &self.graph.nodes[ni];
        let sched = &self.sched;
        let base = self.arena.as_mut_ptr();
        let arena_len = self.arena.len();
        let consts = &self.consts;
        // Every operand is a constant or has an arena range inside the arena.
        let in_arena = |vi: usize| {
            sched.offsets[vi].is_some_and(|off| off + numel(&sched.shapes[vi]) <= arena_len)
        };
        let values = &self.graph.values;
        for &vi in node.inputs.iter().chain(std::iter::once(&node.output)) {
            // Constants are plain (`consts`) or packed into the node's `Prep`.
            if values[vi].data.is_none() && !in_arena(vi) {
                return Err(err(
                    ErrorKind::Internal,
                    format!("value {vi} has no memory in the arena"),
                ));
            }
        }
        // SAFETY: the memory plan gives every value its own arena range for as long as
        // it lives; a node's output is alive together with its inputs, so the output
        // range does not overlap any input range. Ranges were checked above (the empty
        // fallbacks are unreachable).
        let input = |vi: usize| -> &[f32] {
            if let Some(c) = &consts[vi] {
                return c;
            }
            match sched.offsets[vi] {
                Some(off) if in_arena(vi) => unsafe {
                    std::slice::from_raw_parts(base.add(off), numel(&sched.shapes[vi]))
                },
                _ => &[],
            }
        };
        let out_vi = node.output;
        let out: &mut [f32] = match sched.offsets[out_vi] {
            Some(off) if in_arena(out_vi) => unsafe {
                std::slice::from_raw_parts_mut(base.add(off), numel(&sched.shapes[out_vi]))
            },
            _ => &mut [],
        };
        let (min, max) = (node.min, node.max);
        let x = || input(node.inputs[0]);
        let internal = |m: String| err(ErrorKind::Internal, m);
        match &sched.steps[ni] {
            Step::Binary(op, bc) => {
                elementwise::binary(*op, bc, x(), input(node.inputs[1]), out, min, max)
            }
            Step::Unary(op) => elementwise::unary(*op, x(), out, min, max),
            Step::Softmax { rows, cols } => elementwise::softmax(x(), out, *rows, *cols, min, max),
            Step::Copy => {
                out.copy_from_slice(x());
                clamp_slice(out, min, max);
            }
            Step::FullyConnected { m, k, n } => {
                let (m, k, n) = (*m, *k, *n);
                let bias = node.inputs.get(2).map(|&b| input(b));
                if let Prep::Accel(h) = &self.preps[ni] {
                    let xs = x()
                        .get(..m * k)
                        .ok_or_else(|| internal("fully connected input too small".into()))?;
                    return accel::conv_f32(*h, &accel::fc_geometry(m, k, n), xs, min, max, out);
                }
                let a = MatRef::row_major(x(), k);
                if let Prep::Gemm(w) = &self.preps[ni] {
                    if !a.fits(m, k) {
                        return Err(internal("fully connected input too small".into()));
                    }
                    let e = Epilogue { bias, min, max };
                    gemm_epilogue(m, n, k, 1.0, &a, &w.groups[0], 0.0, out, n, Some(&e))
                        .map_err(|e| internal(e.0))?;
                    return Ok(());
                }
                // Weights computed at run time.
                if let Some(b) = bias {
                    conv::fill_bias(out, m, n, b);
                }
                let beta = if bias.is_some() { 1.0 } else { 0.0 };
                let f = input(node.inputs[1]);
                let transpose = matches!(
                    node.op,
                    Op::FullyConnected {
                        transpose_weights: true,
                        ..
                    }
                );
                let b = if transpose {
                    MatRef::row_major(f, n)
                } else {
                    MatRef {
                        data: f,
                        rs: 1,
                        cs: k,
                    }
                };
                sgemm(m, n, k, 1.0, a, b, beta, out, n).map_err(|e| internal(e.0))?;
                clamp_slice(out, min, max);
            }
            Step::Conv(g) => {
                let bias = node.inputs.get(2).map(|&b| input(b));
                match &self.preps[ni] {
                    Prep::Gemm(w) => conv::conv2d(g, w, bias, x(), out, min, max),
                    Prep::Winograd(w) => winograd::conv3x3(g, w, bias, x(), out, min, max),
                    Prep::Accel(h) => return accel::conv_f32(*h, g, x(), min, max, out),
                    _ => return Err(internal("convolution without packed weights".into())),
                }
                .map_err(internal)?;
            }
            Step::Depthwise(g) if matches!(self.preps[ni], Prep::Accel(_)) => {
                if let Prep::Accel(h) = &self.preps[ni] {
                    return accel::conv_f32(*h, &accel::depthwise_geometry(g), x(), min, max, out);
                }
            }
            Step::Depthwise(g) | Step::Deconv(g) => {
                let Prep::Direct { filter, bias } = &self.preps[ni] else {
                    return Err(internal("convolution without prepared weights".into()));
                };
                if matches!(sched.steps[ni], Step::Depthwise(_)) {
                    conv::depthwise(g, filter, bias, x(), out, min, max);
                } else {
                    conv::deconv2d(g, filter, bias, x(), out, min, max);
                }
            }
            Step::Pool { g, is_max } => pool::pool(g, x(), out, *is_max, min, max),
            Step::GlobalAvg { n, hw, c } => pool::global_avg(x(), *n, *hw, *c, out, min, max),
            Step::BatchMatMul(b) => {
                let (a, bm) = (x(), input(node.inputs[1]));
                let (m, k, n) = (b.m, b.k, b.n);
                for (i, &(oa, ob)) in b.batches.iter().enumerate() {
                    let am = MatRef::row_major(&a[oa..], k);
                    let bmat = if b.transpose_b {
                        MatRef {
                            data: &bm[ob..],
                            rs: 1,
                            cs: k,
                        }
                    } else {
                        MatRef::row_major(&bm[ob..], n)
                    };
                    sgemm(
                        m,
                        n,
                        k,
                        1.0,
                        am,
                        bmat,
                        0.0,
                        &mut out[i * m * n..(i + 1) * m * n],
                        n,
                    )
                    .map_err(|e| internal(e.0))?;
                }
                clamp_slice(out, min, max);
            }
            Step::Transpose(t) => {
                t.run(x(), out);
                clamp_slice(out, min, max);
            }
            Step::Slice { in_dims, offsets } => {
                layout::slice(x(), in_dims, offsets, &sched.shapes[out_vi], out);
                clamp_slice(out, min, max);
            }
            Step::Concat { axis } => {
                let parts: Vec<(&[f32], &[usize])> = node
                    .inputs
                    .iter()
                    .map(|&vi| (input(vi), sched.shapes[vi].as_slice()))
                    .collect();
                layout::concat(&parts, *axis, out);
                clamp_slice(out, min, max);
            }
            Step::Pad { pre, value } => {
                layout::pad(
                    x(),
                    &sched.shapes[node.inputs[0]],
                    pre,
                    &sched.shapes[out_vi],
                    *value,
                    out,
                );
                clamp_slice(out, min, max);
            }
            Step::Resize {
                n,
                h,
                w,
                c,
                oh,
                ow,
                align,
                legacy,
            } => {
                layout::resize_bilinear(x(), *n, *h, *w, *c, *oh, *ow, *align, *legacy, out);
                clamp_slice(out, min, max);
            }
        }
        Ok(())
    }
}

/// The host clock (`clock.now`, ns) when the host profiles the current execute
/// (`profiling.enabled`); `None` otherwise, and always in native builds (the fuzz
/// targets and unit tests), which have no host imports.
fn profile_clock() -> Option<u64> {
    #[cfg(target_arch = "wasm32")]
    if crate::plugboard::runtime::profiling::enabled() {
        return Some(crate::plugboard::runtime::clock::now());
    }
    None
}

/// Reports one timed step to the host's profiler (nothing in native builds).
fn profile_node(name: &str, start: u64, end: u64) {
    #[cfg(target_arch = "wasm32")]
    crate::plugboard::runtime::profiling::node(name, start, end);
    #[cfg(not(target_arch = "wasm32"))]
    let _ = (name, start, end);
}

/// Drops the size-1 entries of `dims`: two layouts with the same result are the same
/// bytes in memory (a size-1 dimension can sit anywhere in a dim order).
fn without_ones(dims: impl IntoIterator<Item = usize>) -> Vec<usize> {
    dims.into_iter().filter(|&d| d != 1).collect()
}

/// The dims an XNNPACK graph input is given for a delegate argument of logical `sizes`
/// in `dim_order`: the sizes in memory order (outermost first), the data then passed as
/// it lies, as ExecuTorch's `XNNExecutor` does (`dims[j] = size(dim_order[j])`). The
/// graph was built for that layout: a channels-last input of an NHWC-tagged graph has
/// NHWC dims there. Where the memory-order sizes differ from the `declared` dims only
/// in where size-1 dimensions sit (a `(1, 1, 7, 5)` channels-last tensor, whose dim
/// order `[0, 2, 1, 3]` and `[0, 2, 3, 1]` are the same bytes), the declared dims are
/// used: ExecuTorch reshapes to the former and fails (pytorch/executorch#19153).
///
/// Errors: a dim order that is not a permutation of the rank.
fn memory_dims(sizes: &[u32], dim_order: &[u8], declared: &[usize]) -> Result<Vec<usize>, String> {
    let rank = sizes.len();
    let mut seen = vec![false; rank];
    if dim_order.len() != rank
        || dim_order
            .iter()
            .any(|&d| (d as usize) >= rank || std::mem::replace(&mut seen[d as usize], true))
    {
        return Err(format!(
            "dim order {dim_order:?} is not a permutation of rank {rank}"
        ));
    }
    let memory: Vec<usize> = dim_order
        .iter()
        .map(|&d| sizes[d as usize] as usize)
        .collect();
    if memory != declared
        && declared.len() == rank
        && without_ones(memory.iter().copied()) == without_ones(declared.iter().copied())
    {
        return Ok(declared.to_vec());
    }
    Ok(memory)
}

/// The logical sizes and dim order of a graph output whose memory-order dims are
/// `shape`, for the delegate's output argument `arg` (its planned sizes and dim order):
/// the inverse of [`memory_dims`], `sizes[dim_order[j]] = shape[j]`. When `shape` is the
/// planned tensor's memory layout up to size-1 dimensions, the planned sizes are the
/// answer; an output argument without a usable dim order gets `shape` as contiguous.
fn logical_sizes(shape: &[usize], arg: &Tensor) -> (Vec<u32>, Vec<u8>) {
    let rank = shape.len();
    let order = &arg.dim_order;
    let contiguous = || {
        (
            shape.iter().map(|&s| s as u32).collect(),
            (0..rank as u8).collect(),
        )
    };
    let valid = order.len() == rank && {
        let mut seen = vec![false; rank];
        order
            .iter()
            .all(|&d| (d as usize) < rank && !std::mem::replace(&mut seen[d as usize], true))
    };
    if !valid || arg.sizes.len() != rank {
        return contiguous();
    }
    let planned_memory: Vec<usize> = order
        .iter()
        .map(|&d| arg.sizes[d as usize] as usize)
        .collect();
    let same_count = shape.iter().product::<usize>() == planned_memory.iter().product::<usize>();
    if same_count && without_ones(planned_memory) == without_ones(shape.iter().copied()) {
        return (arg.sizes.clone(), order.clone());
    }
    let mut sizes = vec![0u32; rank];
    for (j, &d) in order.iter().enumerate() {
        sizes[d as usize] = shape[j] as u32;
    }
    (sizes, order.clone())
}

/// Builds the schedule for `input_dims`. With `check_declared`, every inferred shape
/// must equal the one the payload declares (at `init`); otherwise (a reshape for new
/// input shapes) errors are `invalid-argument`.
fn schedule(
    graph: &Graph,
    input_dims: Vec<Vec<usize>>,
    check_declared: bool,
) -> Result<Schedule, Error> {
    let fail = |m: String| {
        if check_declared {
            invalid_program(m)
        } else {
            err(ErrorKind::InvalidArgument, m)
        }
    };
    let mut shapes: Vec<Vec<usize>> = graph.values.iter().map(|v| v.dims.clone()).collect();
    for (k, &vi) in graph.inputs.iter().enumerate() {
        let d = &input_dims[k];
        if d.len() > crate::graph::MAX_DIMS {
            return Err(fail(format!("input {k} has rank {}", d.len())));
        }
        shapes[vi] = d.clone();
    }
    let mut steps = Vec::with_capacity(graph.nodes.len());
    for (ni, node) in graph.nodes.iter().enumerate() {
        let ins: Vec<&[usize]> = node
            .inputs
            .iter()
            .map(|&vi| shapes[vi].as_slice())
            .collect();
        let (shape, step) =
            infer(node, &ins).map_err(|m| fail(format!("node {ni} ({}): {m}", node.name)))?;
        if shape
            .iter()
            .try_fold(1usize, |a, &d| a.checked_mul(d))
            .is_none_or(|n| n > MAX_ELEMS)
        {
            return Err(fail(format!(
                "node {ni} ({}): output dims {shape:?} are too large",
                node.name
            )));
        }
        let declared = &graph.values[node.output].dims;
        if check_declared && &shape != declared {
            return Err(fail(format!(
                "node {ni} ({}): computes dims {shape:?} for value {}, which declares {declared:?}",
                node.name, graph.values[node.output].id
            )));
        }
        shapes[node.output] = shape;
        steps.push(step);
    }
    // Lifetimes: graph inputs from time 0, node `i`'s output from time i + 1, alive
    // until their last reader; graph outputs until the end.
    let n_nodes = graph.nodes.len();
    let mut first = vec![usize::MAX; graph.values.len()];
    let mut last = vec![0usize; graph.values.len()];
    let mut used = vec![false; graph.values.len()];
    for (ni, node) in graph.nodes.iter().enumerate() {
        for &vi in &node.inputs {
            used[vi] = true;
            last[vi] = last[vi].max(ni + 1);
        }
        first[node.output] = ni + 1;
        last[node.output] = last[node.output].max(ni + 1);
        used[node.output] = true;
    }
    for &vi in &graph.inputs {
        first[vi] = 0;
    }
    for &vi in &graph.outputs {
        last[vi] = n_nodes + 1;
        used[vi] = true;
    }
    let mut items = Vec::new();
    let mut which = Vec::new();
    for (vi, v) in graph.values.iter().enumerate() {
        if used[vi] && v.data.is_none() && first[vi] != usize::MAX {
            items.push((slots(v.dtype, numel(&shapes[vi])), first[vi], last[vi]));
            which.push(vi);
        }
    }
    let (offs, arena_len) = place(&items).ok_or_else(|| {
        err(
            ErrorKind::DelegateMemoryAllocationFailed,
            "the graph's activations need more than 2 GiB",
        )
    })?;
    let mut offsets = vec![None; graph.values.len()];
    for (k, &vi) in which.iter().enumerate() {
        offsets[vi] = Some(offs[k]);
    }
    Ok(Schedule {
        input_dims,
        shapes,
        offsets,
        arena_len,
        steps,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placement_separates_live_values() {
        let items = [(100, 0, 2), (50, 1, 3), (70, 3, 4), (10, 0, 4)];
        let (offs, total) = place(&items).unwrap();
        for i in 0..items.len() {
            for j in 0..i {
                let (a, b) = (items[i], items[j]);
                if a.1 <= b.2 && b.1 <= a.2 {
                    let (ra, rb) = (offs[i]..offs[i] + a.0, offs[j]..offs[j] + b.0);
                    assert!(
                        ra.end <= rb.start || rb.end <= ra.start,
                        "{i} and {j} overlap"
                    );
                }
            }
            assert!(offs[i] + items[i].0 <= total);
        }
    }
}
