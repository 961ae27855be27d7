//! Memory planning: every value's lifetime in node order, and one arena offset per
//! activation such that values alive at the same time never overlap ([`place`]); the
//! [`Schedule`] ties a set of input shapes to its shapes, steps and plan.

use super::shapes::{infer, Step, MAX_ELEMS};
use crate::graph::{DataType, Graph, Op};
use crate::{err, invalid_program, Error, ErrorKind};

/// Shapes, kernel parameters and memory plan for one set of input shapes.
pub(super) struct Schedule {
    pub(super) input_dims: Vec<Vec<usize>>,
    pub(super) shapes: Vec<Vec<usize>>,
    /// Arena offset (in `f32`s) of each value that lives in the arena.
    pub(super) offsets: Vec<Option<usize>>,
    pub(super) arena_len: usize,
    pub(super) steps: Vec<Step>,
    /// Elements of each value (the product of its `shapes` entry).
    pub(super) numels: Vec<usize>,
    /// For each node: whether every value it reads or writes is a constant or has its
    /// whole range inside the first `arena_len` slots, checked once here instead of
    /// on every run (the check, with a `numel` per operand, was a third of the
    /// per-node time of an LSTM cell's small element-wise nodes).
    pub(super) operands_in_arena: Vec<bool>,
}

/// Elements of a shape.
pub(super) fn numel(d: &[usize]) -> usize {
    d.iter().product()
}

/// Arena slots (`f32`s) a value of `n` elements of type `d` takes.
pub(super) fn slots(d: DataType, n: usize) -> usize {
    if d.bits() == 8 {
        n.div_ceil(4)
    } else {
        n
    }
}

/// Byte offset and element count of value `vi` in an arena of `arena_len` slots,
/// checked to hold `elem`-byte elements.
pub(super) fn value_bytes(
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
pub(super) fn arena_bytes_mut(arena: &mut [f32], off: usize, n: usize) -> Result<&mut [u8], Error> {
    let slot_end = off.checked_add(n.div_ceil(4));
    if slot_end.is_none_or(|e| e > arena.len()) {
        return Err(err(ErrorKind::Internal, "int8 value outside the arena"));
    }
    // SAFETY: the checked range lies within `arena`, which this borrow holds exclusively.
    Ok(unsafe { std::slice::from_raw_parts_mut((arena.as_mut_ptr().add(off)) as *mut u8, n) })
}

/// Arena alignment, in `f32`s (64 bytes).
pub(super) const ALIGN: usize = 16;

/// Largest arena, in `f32`s (2 GiB: half a wasm32 address space).
pub(super) const MAX_ARENA: usize = 1 << 29;

/// Places intervals `(size, first, last)` (times inclusive) so that intervals that
/// overlap in time do not overlap in memory: greedy by decreasing size, each at the
/// lowest offset that fits. Returns the offsets and the total length.
pub(super) fn place(items: &[(usize, usize, usize)]) -> Option<(Vec<usize>, usize)> {
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

/// Builds the schedule for `input_dims`. With `check_declared`, every inferred shape
/// must equal the one the payload declares (at `init`); otherwise (a reshape for new
/// input shapes) errors are `invalid-argument`.
pub(super) fn schedule(
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
    // A reshape that is the last reader of an activation takes over its range: the
    // bytes are the same in the same order, so its step needs no copy. Transformer
    // delegates are full of them (tiny GPT-2 runs 39 reshapes per execute, each a
    // copy before). Graph inputs are excluded: they may be read where the delegate
    // call put them, outside the arena.
    let mut alias: Vec<Option<usize>> = vec![None; graph.values.len()];
    let is_graph_input = |vi: usize| graph.inputs.contains(&vi);
    for (ni, node) in graph.nodes.iter().enumerate() {
        let (Op::StaticReshape { .. }, [vi]) = (&node.op, node.inputs.as_slice()) else {
            continue;
        };
        let (vi, vo) = (*vi, node.output);
        let ok = vi != vo
            && graph.values[vi].data.is_none()
            && graph.values[vo].data.is_none()
            && graph.values[vi].dtype == graph.values[vo].dtype
            && numel(&shapes[vi]) == numel(&shapes[vo])
            && last[vi] == ni + 1
            && !is_graph_input(vi)
            && !is_graph_input(vo);
        if ok {
            let root = alias[vi].unwrap_or(vi);
            alias[vo] = Some(root);
            last[root] = last[root].max(last[vo]);
            steps[ni] = Step::InPlace;
        }
    }
    let mut items = Vec::new();
    let mut which = Vec::new();
    for (vi, v) in graph.values.iter().enumerate() {
        if used[vi] && v.data.is_none() && first[vi] != usize::MAX && alias[vi].is_none() {
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
    for vi in 0..graph.values.len() {
        if let Some(root) = alias[vi] {
            offsets[vi] = offsets[root];
        }
    }
    let numels: Vec<usize> = shapes.iter().map(|d| numel(d)).collect();
    let operands_in_arena = graph
        .nodes
        .iter()
        .map(|node| {
            node.inputs
                .iter()
                .chain(std::iter::once(&node.output))
                .all(|&vi| {
                    graph.values[vi].data.is_some()
                        || offsets[vi]
                            .and_then(|off| off.checked_add(numels[vi]))
                            .is_some_and(|end| end <= arena_len)
                })
        })
        .collect();
    Ok(Schedule {
        input_dims,
        shapes,
        offsets,
        arena_len,
        steps,
        numels,
        operands_in_arena,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graph::{Activation, Node, Quant, UnaryOp, Value};

    fn value(id: u32, dims: &[usize]) -> Value {
        Value {
            id,
            dtype: DataType::Fp32,
            dims: dims.to_vec(),
            quant: Quant::None,
            dq_dtype: None,
            data: None,
            named: None,
            external: None,
            is_input: false,
            is_output: false,
        }
    }

    fn node(name: &'static str, op: Op, inputs: &[usize], output: usize) -> Node {
        Node {
            name,
            op,
            inputs: inputs.to_vec(),
            output,
            min: f32::NEG_INFINITY,
            max: f32::INFINITY,
            act: Activation::None,
            debug_handle: 0,
        }
    }

    /// in -> abs -> 1 -> reshape -> 2 -> reshape -> 3 -> abs -> out 4; and
    /// in -> abs -> 5 -> reshape -> 6 -> abs -> out 8, then out 7 = 5 + 5: the chain of
    /// reshapes shares value 1's range; the reshape of 5, which is read again later,
    /// copies into a range of its own.
    #[test]
    fn reshapes_of_dying_values_share_their_input_range() {
        let reshape = |d: &[usize]| Op::StaticReshape {
            new_shape: d.to_vec(),
        };
        let graph = Graph {
            values: vec![
                value(0, &[2, 8]),
                value(1, &[2, 8]),
                value(2, &[16]),
                value(3, &[4, 4]),
                value(4, &[4, 4]),
                value(5, &[2, 8]),
                value(6, &[16]),
                value(7, &[2, 8]),
                value(8, &[16]),
            ],
            nodes: vec![
                node("Abs", Op::Unary(UnaryOp::Abs), &[0], 1),
                node("StaticReshape", reshape(&[16]), &[1], 2),
                node("StaticReshape", reshape(&[4, 4]), &[2], 3),
                node("Abs", Op::Unary(UnaryOp::Abs), &[3], 4),
                node("Abs", Op::Unary(UnaryOp::Abs), &[0], 5),
                node("StaticReshape", reshape(&[16]), &[5], 6),
                node("Abs", Op::Unary(UnaryOp::Abs), &[6], 8),
                node("Add", Op::Binary(crate::graph::BinaryOp::Add), &[5, 5], 7),
            ],
            inputs: vec![0],
            outputs: vec![4, 7, 8],
        };
        let sched = schedule(&graph, vec![vec![2, 8]], true).unwrap();
        let off = |vi: usize| sched.offsets[vi].unwrap();
        assert_eq!(off(2), off(1));
        assert_eq!(off(3), off(1));
        assert!(matches!(sched.steps[1], Step::InPlace));
        assert!(matches!(sched.steps[2], Step::InPlace));
        // Value 1's range lives until its last alias (3) is read: not shared with 4.
        assert_ne!(off(4), off(1));
        // Value 5 is read after its reshape: the reshape copies.
        assert_ne!(off(6), off(5));
        assert!(matches!(sched.steps[5], Step::Copy));
    }

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
