//! Graph rewrites done once at `init`, as XNNPACK's subgraph optimizer does them.
//!
//! Clamp fusion: a `Clamp` whose input comes from a node that applies an output clamp
//! itself (convolutions, fully connected, element-wise binary, pooling), and that no
//! other node or graph output reads, is folded into that node: the producer writes the
//! clamp's output with the intersection of both ranges. For `qint8` values this is
//! only done when the producer's output and the clamp's output have equal quantization
//! parameters, so the result is bit-identical to running both nodes. PT2E int8
//! exports (e.g. mobilenet_v2's ReLU6 after each convolution) are the main users.
//!
//! SiLU fusion: `Multiply(x, Sigmoid(x))` on fp32 values, where nothing else reads the
//! sigmoid's output, becomes one `Silu` node that computes `x * sigmoid(x)` in one pass
//! with the same two roundings. XNNPACK keeps the two nodes; fusing them here halves
//! the memory traffic of EfficientNet's activations (and of the f32 SiLU that int8
//! exports keep between a dequantize and a quantize), bit for bit the same.
//!
//! Convolution activations: an fp32 `Conv2d` or `DepthwiseConv2d` whose output only a
//! plain `Hardswish` or (fused) SiLU reads takes that activation into itself
//! ([`Activation`]), applied after its clamp: the host's native convolutions apply it
//! to their output before returning it (a `conv2d-f32` step's `activation` in
//! contract 2.0, `conv2d-f32-activated-chain` in 1.4.0),
//! the wasm kernels in place. EfficientNet's and MobileNetV3's activations then never
//! make a pass of their own, and the host's AVX-512 versions (bit for bit the same)
//! replace the wasm SIMD ones.
//!
//! int8 unary chains: a dequantize (`qint8 -> fp32` Convert), one or more fp32
//! element-wise unary nodes, and a quantize (`fp32 -> qint8` Convert), each value read
//! only by the next node, map each of the 256 int8 inputs to one int8 output. They
//! become one `Lookup` node whose table is computed at `init` by running those exact
//! steps on every input, so it is bit-identical to running the chain. XNNPACK's
//! quantizer leaves SiLU, sigmoid gates and hardswish in this form.
//!
//! Dynamic converts: a `Convert` of fp32 rows to `qdint8` (one quantization per row of
//! the last dimension) whose output only fully connected nodes read is folded into
//! them: each reads the fp32 rows and quantizes them itself (`quantize_input`), by the
//! same definition (`plugboard_compute::rowquant`), so the bits are the same. On the
//! host's native kernels that is one `fully-connected-qd8-f32` call (contract 2.4) where
//! there were a wasm `Convert` and a `fully-connected-qd8`: an 8da4w language model
//! makes over a hundred such pairs per decode step.

use crate::graph::{Activation, BinaryOp, DataType, Graph, Op, Quant, UnaryOp};
use crate::kernels::{elementwise, quant};
use crate::quantized::qparams;

/// For each value: how many node inputs read it (graph inputs and outputs count 2, so
/// they are never "read once"), and the node that writes it (`usize::MAX` if none).
fn readers_and_producers(graph: &Graph) -> (Vec<usize>, Vec<usize>) {
    let n_values = graph.values.len();
    let mut readers = vec![0usize; n_values];
    for node in &graph.nodes {
        for &vi in &node.inputs {
            readers[vi] += 1;
        }
    }
    for &vi in graph.outputs.iter().chain(&graph.inputs) {
        readers[vi] += 2;
    }
    let mut producer = vec![usize::MAX; n_values];
    for (ni, node) in graph.nodes.iter().enumerate() {
        producer[node.output] = ni;
    }
    (readers, producer)
}

/// Whether value `vi` is plain (not quantized) fp32.
fn plain_fp32(graph: &Graph, vi: usize) -> bool {
    let v = &graph.values[vi];
    v.dtype == DataType::Fp32 && v.quant == Quant::None
}

/// Drops the nodes marked in `removed` (one flag per node), keeping the order.
fn drop_removed(graph: &mut Graph, removed: &[bool]) {
    let mut k = 0;
    graph.nodes.retain(|_| {
        let keep = !removed.get(k).copied().unwrap_or(false);
        k += 1;
        keep
    });
}

/// Folds eligible dynamic `Convert`s into the fully connected nodes that read them (see
/// the module docs); returns how many.
// Indexed: the loop rewrites the readers' nodes while it walks the converts.
#[allow(clippy::needless_range_loop)]
pub fn fuse_dynamic_converts(graph: &mut Graph) -> usize {
    let (readers, _) = readers_and_producers(graph);
    let mut removed = vec![false; graph.nodes.len()];
    let mut fused = 0;
    for ci in 0..graph.nodes.len() {
        let c = &graph.nodes[ci];
        let (x, q) = match c.inputs.as_slice() {
            [x] => (*x, c.output),
            _ => continue,
        };
        let one_row_per_last_dim = matches!(
            graph.values[q].quant,
            Quant::Dynamic {
                num_nonbatch_dims: 1
            }
        );
        if c.op != Op::Convert
            || !plain_fp32(graph, x)
            || graph.values[q].dtype != DataType::QdInt8
            || !one_row_per_last_dim
            || c.min != f32::NEG_INFINITY
            || c.max != f32::INFINITY
        {
            continue;
        }
        // Every reader of the rows is a fully connected node taking them as input 0,
        // after the convert, and nothing else (not a graph output) reads them.
        let fc_readers: Vec<usize> = (0..graph.nodes.len())
            .filter(|&ni| graph.nodes[ni].inputs.contains(&q))
            .collect();
        let eligible = !fc_readers.is_empty()
            && readers[q] == fc_readers.len()
            && fc_readers.iter().all(|&ni| {
                let n = &graph.nodes[ni];
                ni > ci
                    && matches!(n.op, Op::FullyConnected { .. })
                    && n.inputs.first() == Some(&q)
                    && n.inputs[1..].iter().all(|&v| v != q)
            });
        if !eligible {
            continue;
        }
        for &ni in &fc_readers {
            let n = &mut graph.nodes[ni];
            n.inputs[0] = x;
            if let Op::FullyConnected { quantize_input, .. } = &mut n.op {
                *quantize_input = true;
            }
        }
        removed[ci] = true;
        fused += 1;
    }
    drop_removed(graph, &removed);
    fused
}

/// Whether `op` applies its node's `min`/`max` to its output in both the fp32 and the
/// int8 path.
fn clamps_output(op: &Op) -> bool {
    matches!(
        op,
        Op::Conv2d(_)
            | Op::DepthwiseConv2d(_)
            | Op::FullyConnected { .. }
            | Op::Binary(_)
            | Op::MaxPooling2d(_)
            | Op::AvgPooling2d(_)
            | Op::GlobalAvgPooling2d { .. }
    )
}

/// Folds eligible `Clamp` nodes into their producers; returns how many were folded.
pub fn fuse_clamps(graph: &mut Graph) -> usize {
    let (readers, mut producer) = readers_and_producers(graph);
    let mut removed = vec![false; graph.nodes.len()];
    for ci in 0..graph.nodes.len() {
        let c = &graph.nodes[ci];
        if c.op != Op::Unary(UnaryOp::Clamp) || c.inputs.len() != 1 {
            continue;
        }
        let v = c.inputs[0];
        let pi = producer[v];
        if pi == usize::MAX || pi >= ci || removed[pi] || readers[v] != 1 {
            continue;
        }
        let p = &graph.nodes[pi];
        if !clamps_output(&p.op) {
            continue;
        }
        let (vin, vout) = (&graph.values[v], &graph.values[c.output]);
        if vin.dtype != vout.dtype || vin.quant != vout.quant || vin.data.is_some() {
            continue;
        }
        let (cmin, cmax, cout) = (c.min, c.max, c.output);
        let p = &mut graph.nodes[pi];
        p.min = p.min.max(cmin);
        p.max = p.max.min(cmax);
        p.output = cout;
        producer[cout] = pi;
        removed[ci] = true;
    }
    drop_removed(graph, &removed);
    removed.iter().filter(|&&r| r).count()
}

/// Rewrites eligible `Multiply(x, Sigmoid(x))` pairs into `Silu` nodes (see the module
/// docs); returns how many.
pub fn fuse_silu(graph: &mut Graph) -> usize {
    let (readers, producer) = readers_and_producers(graph);
    let fp32 = |vi: usize| plain_fp32(graph, vi);
    let mut removed = vec![false; graph.nodes.len()];
    let mut fused = Vec::new();
    for mi in 0..graph.nodes.len() {
        let m = &graph.nodes[mi];
        if m.op != Op::Binary(BinaryOp::Multiply) || m.inputs.len() != 2 {
            continue;
        }
        // One operand is a sigmoid of the other.
        let found = [(0, 1), (1, 0)].into_iter().find_map(|(xs, ss)| {
            let (x, sv) = (m.inputs[xs], m.inputs[ss]);
            let si = producer[sv];
            if si == usize::MAX || si >= mi || removed[si] || readers[sv] != 1 {
                return None;
            }
            let sn = &graph.nodes[si];
            let plain = sn.min == f32::NEG_INFINITY && sn.max == f32::INFINITY;
            (sn.op == Op::Unary(UnaryOp::Sigmoid) && sn.inputs == [x] && plain).then_some((x, si))
        });
        let Some((x, si)) = found else {
            continue;
        };
        let same_dims = graph.values[x].dims == graph.values[m.output].dims;
        if !(fp32(x) && fp32(m.output) && fp32(graph.nodes[si].output) && same_dims) {
            continue;
        }
        removed[si] = true;
        fused.push((mi, x));
    }
    for &(mi, x) in &fused {
        let m = &mut graph.nodes[mi];
        m.op = Op::Unary(UnaryOp::Silu);
        m.name = "Sigmoid+Multiply";
        m.inputs = vec![x];
    }
    drop_removed(graph, &removed);
    fused.len()
}

/// Folds eligible hardswish and SiLU nodes into the fp32 convolutions that produce
/// their input (see the module docs); returns how many. Runs after [`fuse_silu`].
pub fn fuse_conv_activations(graph: &mut Graph) -> usize {
    let (readers, producer) = readers_and_producers(graph);
    let fp32 = |vi: usize| plain_fp32(graph, vi);
    let mut removed = vec![false; graph.nodes.len()];
    let mut fused = Vec::new();
    for ai in 0..graph.nodes.len() {
        let a = &graph.nodes[ai];
        let act = match a.op {
            Op::Unary(UnaryOp::Hardswish) => Activation::Hardswish,
            Op::Unary(UnaryOp::Silu) => Activation::Silu,
            _ => continue,
        };
        let plain = a.min == f32::NEG_INFINITY && a.max == f32::INFINITY;
        let [x] = a.inputs[..] else { continue };
        let ci = producer[x];
        if !plain || ci == usize::MAX || ci >= ai || removed[ci] || readers[x] != 1 {
            continue;
        }
        let c = &graph.nodes[ci];
        let conv = matches!(c.op, Op::Conv2d(_) | Op::DepthwiseConv2d(_));
        let same_dims = graph.values[x].dims == graph.values[a.output].dims;
        if !conv || c.act != Activation::None || !fp32(x) || !fp32(a.output) || !same_dims {
            continue;
        }
        // The convolution's own inputs must not be quantized either (statically or
        // at run time).
        let unquantized = |vi: usize| {
            let v = &graph.values[vi];
            v.quant == Quant::None && v.dq_dtype.is_none()
        };
        if !c.inputs.iter().all(|&vi| unquantized(vi)) {
            continue;
        }
        removed[ai] = true;
        fused.push((ci, act, a.output));
    }
    for &(ci, act, out) in &fused {
        let c = &mut graph.nodes[ci];
        c.name = match (&c.op, act) {
            (Op::Conv2d(_), Activation::Hardswish) => "Conv2d+Hardswish",
            (Op::Conv2d(_), _) => "Conv2d+SiLU",
            (_, Activation::Hardswish) => "DepthwiseConv2d+Hardswish",
            _ => "DepthwiseConv2d+SiLU",
        };
        c.act = act;
        c.output = out;
    }
    drop_removed(graph, &removed);
    fused.len()
}

/// Rewrites eligible int8 unary chains into `Lookup` nodes (see the module docs);
/// returns how many.
pub fn fuse_int8_unary_chains(graph: &mut Graph) -> usize {
    let (readers, _) = readers_and_producers(graph);
    // The node that reads each value, where exactly one does.
    let mut reader = vec![usize::MAX; graph.values.len()];
    for (ni, node) in graph.nodes.iter().enumerate() {
        for &vi in &node.inputs {
            if readers[vi] == 1 {
                reader[vi] = ni;
            }
        }
    }
    let fp32 = |vi: usize| plain_fp32(graph, vi);
    let plain = |min: f32, max: f32| min == f32::NEG_INFINITY && max == f32::INFINITY;
    let mut removed = vec![false; graph.nodes.len()];
    let mut fused = Vec::new();
    for di in 0..graph.nodes.len() {
        let d = &graph.nodes[di];
        if d.op != Op::Convert || d.inputs.len() != 1 || !fp32(d.output) {
            continue;
        }
        let Some(xq) = qparams(&graph.values[d.inputs[0]]) else {
            continue;
        };
        // Follow single readers through fp32 unary nodes to a quantize.
        let mut chain = Vec::new();
        let mut v = d.output;
        let end = loop {
            let ni = reader[v];
            if ni == usize::MAX || ni <= di || removed[ni] {
                break None;
            }
            let n = &graph.nodes[ni];
            match &n.op {
                Op::Unary(op) if fp32(n.output) && n.inputs.len() == 1 => {
                    chain.push((ni, *op, n.min, n.max));
                    v = n.output;
                }
                Op::Convert if plain(n.min, n.max) => {
                    break qparams(&graph.values[n.output]).map(|oq| (ni, oq));
                }
                _ => break None,
            }
        };
        let Some((qi, oq)) = end.filter(|_| !chain.is_empty()) else {
            continue;
        };
        let mut table = Box::new([0i8; 256]);
        for (i, e) in table.iter_mut().enumerate() {
            let q = i as u8 as i8;
            let mut y = [elementwise::clamp(xq.real(q), d.min, d.max)];
            for &(_, op, min, max) in &chain {
                let x = y;
                elementwise::unary(op, &x, &mut y, min, max);
            }
            let mut o = [0i8];
            quant::quantize(&y, &mut o, oq);
            *e = o[0];
        }
        for &(ni, ..) in &chain {
            removed[ni] = true;
        }
        removed[qi] = true;
        fused.push((di, qi, table));
    }
    let count = fused.len();
    for (di, qi, table) in fused {
        let out = graph.nodes[qi].output;
        let d = &mut graph.nodes[di];
        d.op = Op::Lookup(table);
        d.name = "Convert+unary+Convert";
        d.output = out;
        d.min = f32::NEG_INFINITY;
        d.max = f32::INFINITY;
    }
    drop_removed(graph, &removed);
    count
}
