//! Graph rewrites done once at `init`, as XNNPACK's subgraph optimizer does them.
//!
//! Clamp fusion: a `Clamp` whose input comes from a node that applies an output clamp
//! itself (convolutions, fully connected, element-wise binary, pooling), and that no
//! other node or graph output reads, is folded into that node: the producer writes the
//! clamp's output with the intersection of both ranges. For `qint8` values this is
//! only done when the producer's output and the clamp's output have equal quantization
//! parameters, so the result is bit-identical to running both nodes. PT2E int8
//! exports (e.g. mobilenet_v2's ReLU6 after each convolution) are the main users.

use crate::graph::{Graph, Op, UnaryOp};

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
    let mut k = 0;
    graph.nodes.retain(|_| {
        let keep = !removed[k];
        k += 1;
        keep
    });
    removed.iter().filter(|&&r| r).count()
}
