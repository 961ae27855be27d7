//! Shape inference: the output shape of every node from its inputs' shapes, and the
//! kernel parameters ([`Step`]) it runs with for those shapes (convolution and pooling
//! geometry, broadcasting, transposes, batched matrix products).

use super::plan::numel;
use crate::graph::{BinaryOp, ConvParams, Node, Op, PoolParams, UnaryOp};
use crate::kernels::conv::ConvGeometry;
use crate::kernels::elementwise::{broadcast_shape, Broadcast};
use crate::kernels::layout::{self, Transpose};
use crate::kernels::pool::PoolGeom;

/// What a node runs with, for the current shapes.
#[derive(Clone, Debug)]
pub(super) enum Step {
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
    Conv(ConvGeometry),
    Depthwise(ConvGeometry),
    Deconv(ConvGeometry),
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
    /// A reshape whose output shares its input's arena range (the memory plan's
    /// `alias`, see [`super::plan::schedule`]): the bytes are already in place, only
    /// the node's clamp, if any, runs.
    InPlace,
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
pub(super) struct Bmm {
    pub(super) batches: Vec<(usize, usize)>,
    pub(super) m: usize,
    pub(super) k: usize,
    pub(super) n: usize,
    pub(super) transpose_b: bool,
}

/// Largest tensor, in elements.
pub(super) const MAX_ELEMS: usize = (crate::graph::MAX_TENSOR_BYTES / 4) as usize;

/// Output size of a window sweep: `(in + pads - effective kernel) / stride + 1`.
pub(super) fn window_out(
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
pub(super) fn same_padding(
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

pub(super) fn dims_str(d: &[usize]) -> String {
    format!("{d:?}")
}

/// Geometry of a convolution-like node on NHWC input `x`.
pub(super) fn conv_geom(
    p: &ConvParams,
    x: &[usize],
    c_in: usize,
    c_out: usize,
    transposed: bool,
) -> Result<ConvGeometry, String> {
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
    let g = ConvGeometry {
        batch: x[0],
        height: h,
        width: w,
        channels_in: c_in,
        out_h: oh,
        out_w: ow,
        channels_out: c_out,
        kernel_h: p.kernel_h,
        kernel_w: p.kernel_w,
        stride_h: p.stride_h,
        stride_w: p.stride_w,
        dilation_h: p.dilation_h,
        dilation_w: p.dilation_w,
        pad_top: pt,
        pad_left: pl,
        groups: p.groups,
    };
    // The limits the host's native kernels apply, for every convolution alike.
    g.check()?;
    Ok(g)
}

pub(super) fn pool_geom(p: &PoolParams, x: &[usize]) -> Result<PoolGeom, String> {
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
pub(super) fn conv_channels(
    op: &Op,
    p: &ConvParams,
    filter: &[usize],
) -> Result<(usize, usize), String> {
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
pub(super) fn check_bias(bias: Option<&[usize]>, n: usize) -> Result<(), String> {
    match bias {
        Some(b) if numel(b) != n => Err(format!(
            "bias has dims {}, expected {n} values",
            dims_str(b)
        )),
        _ => Ok(()),
    }
}

/// Output shape and kernel parameters of `node` for input shapes `ins`.
pub(super) fn infer(node: &Node, ins: &[&[usize]]) -> Result<(Vec<usize>, Step), String> {
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
        Op::Convert | Op::Lookup(_) => (x.to_vec(), Step::Copy),
        Op::Softmax => {
            let cols = *x.last().ok_or("softmax of a rank-0 tensor")?;
            let rows = numel(x).checked_div(cols).unwrap_or(0);
            (x.to_vec(), Step::Softmax { rows, cols })
        }
        Op::FullyConnected {
            transpose_weights,
            reshape_2d,
            ..
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
            let out = vec![g.batch, g.out_h, g.out_w, g.channels_out];
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
