//! What a method's instructions read and write.
//!
//! [`delegate_outputs`]: what the plan itself says about a `DelegateCall`'s outputs, so
//! that the host can check what a backend returns instead of believing it.
//!
//! ExecuTorch's emitter (`exir/emit/_emitter.py`, `_emit_delegate`) passes a delegate
//! its inputs followed by its outputs, and gives every output a fresh value: one that
//! no earlier instruction refers to and that is neither a method input nor constant
//! data. So a delegate call's outputs are the trailing arguments that are still fresh
//! when the call is reached in chain order; the backend must return exactly that many.

use crate::program::{Instruction, Plan, ShapeDynamism, TensorData, ValueDef};

/// For each instruction of `plan`: the number of outputs of a `DelegateCall` there (0
/// for other instructions).
pub(super) fn delegate_outputs(plan: &Plan) -> Vec<usize> {
    let mut seen: Vec<bool> = plan.values.iter().map(is_literal_or_constant).collect();
    for &i in &plan.inputs {
        if let Some(s) = seen.get_mut(i) {
            *s = true;
        }
    }
    let mark = |seen: &mut Vec<bool>, vi: usize| {
        let mut set = |j: usize| {
            if let Some(s) = seen.get_mut(j) {
                *s = true;
            }
        };
        set(vi);
        // List values name their items.
        match plan.values.get(vi) {
            Some(ValueDef::TensorList(items) | ValueDef::IntList(items)) => {
                items.iter().for_each(|&j| set(j))
            }
            Some(ValueDef::OptionalTensorList(items)) => {
                items.iter().flatten().for_each(|&j| set(j))
            }
            _ => {}
        }
    };
    let mut out = vec![0; plan.instructions.len()];
    for (pc, ins) in plan.instructions.iter().enumerate() {
        match ins {
            Instruction::Delegate { args, .. } => {
                out[pc] = args
                    .iter()
                    .rev()
                    .take_while(|&&vi| !seen.get(vi).copied().unwrap_or(true))
                    .count();
                args.iter().for_each(|&vi| mark(&mut seen, vi));
            }
            Instruction::Kernel { args, .. } => args.iter().for_each(|&vi| mark(&mut seen, vi)),
            Instruction::Move { from, to } => {
                mark(&mut seen, *from);
                mark(&mut seen, *to);
            }
            Instruction::JumpFalse { cond, .. } => mark(&mut seen, *cond),
            Instruction::Free { .. } => {}
        }
    }
    out
}

/// Whether value `v` is fixed by the program file: a non-tensor value (lists count as
/// such here; their items are values of their own) or a tensor with constant data.
pub(super) fn is_literal_or_constant(v: &ValueDef) -> bool {
    match v {
        ValueDef::Tensor(t) => matches!(
            t.data,
            TensorData::Constant { .. }
                | TensorData::InlineConstant { .. }
                | TensorData::External { .. }
        ),
        _ => true,
    }
}

/// Whether `plan` keeps the same tensors and the same chain on every execute: every
/// tensor static, no MoveCall or JumpFalseCall, no prim operators (whose scalars could
/// change). The analyses below ([`Access`]) hold for such methods only.
pub(super) fn is_straight_line(plan: &Plan) -> bool {
    let static_tensors = plan.values.iter().all(|v| match v {
        ValueDef::Tensor(t) => t.dynamism == ShapeDynamism::Static,
        _ => true,
    });
    let no_prims = plan
        .operators
        .iter()
        .all(|o| !o.starts_with("executorch_prim::") && !o.starts_with("aten::sym_"));
    static_tensors && has_no_control_flow(plan) && no_prims
}

/// Whether the method has no MoveCall or JumpFalseCall: its instructions run once
/// each, in order.
pub(super) fn has_no_control_flow(plan: &Plan) -> bool {
    plan.instructions
        .iter()
        .all(|i| !matches!(i, Instruction::Move { .. } | Instruction::JumpFalse { .. }))
}

/// What each instruction of a straight-line method reads and writes, each value's
/// lifetime, and which planned bytes several values share.
///
/// A `KernelCall` writes what ExecuTorch's emitter appends to its arguments as the
/// return value (the `out` tensor again, or the list of them) and reads the rest; a
/// `DelegateCall` writes its trailing outputs ([`delegate_outputs`]). Lists stand for
/// their items.
pub(super) struct Access {
    /// Per instruction: the values it reads.
    pub reads: Vec<Vec<usize>>,
    /// Per instruction: the values it writes.
    pub writes: Vec<Vec<usize>>,
    /// Per value: the first instruction naming it (`usize::MAX` if none).
    pub first: Vec<usize>,
    /// Per value: the last instruction naming it (0 if none).
    pub last: Vec<usize>,
    /// Per value: how many instructions write it.
    pub written: Vec<usize>,
    /// Per value: whether it is a method input.
    pub is_input: Vec<bool>,
    /// Per value: its planned bytes (memory id, start, end).
    regions: Vec<Option<(usize, u64, u64)>>,
    /// Bytes several values share, and from which instruction to which: a view (a
    /// value ExecuTorch's emitter places over another's bytes, that no instruction
    /// writes) shares them from the last instruction that wrote them before the view
    /// is read to its last read; bytes read before any instruction writes them are
    /// state, shared across executes, always.
    shared: Vec<((usize, u64, u64), usize, usize)>,
}

impl Access {
    pub(super) fn of(plan: &Plan, delegate_outputs: &[usize]) -> Access {
        let n_ins = plan.instructions.len();
        let n_vals = plan.values.len();
        let mut reads: Vec<Vec<usize>> = Vec::with_capacity(n_ins);
        let mut writes: Vec<Vec<usize>> = Vec::with_capacity(n_ins);
        for (pc, ins) in plan.instructions.iter().enumerate() {
            let (args, w) = match ins {
                Instruction::Kernel { args, .. } => (
                    args.as_slice(),
                    args.last().map(|&v| items(plan, v)).unwrap_or_default(),
                ),
                Instruction::Delegate { args, .. } => {
                    let n = delegate_outputs.get(pc).copied().unwrap_or(0);
                    let split = args.len().saturating_sub(n);
                    (
                        &args[..split],
                        args[split..].iter().flat_map(|&v| items(plan, v)).collect(),
                    )
                }
                _ => (&[][..], Vec::new()),
            };
            let r: Vec<usize> = args
                .iter()
                .flat_map(|&v| items(plan, v))
                .filter(|v| !w.contains(v))
                .collect();
            reads.push(r);
            writes.push(w);
        }
        let mut first = vec![usize::MAX; n_vals];
        let mut last = vec![0usize; n_vals];
        let mut written = vec![0usize; n_vals];
        let mut unwritten_reads = Vec::new();
        let mut is_input = vec![false; n_vals];
        for &i in &plan.inputs {
            if let Some(s) = is_input.get_mut(i) {
                *s = true;
            }
        }
        for pc in 0..n_ins {
            for &v in reads[pc].iter().chain(&writes[pc]) {
                if v < n_vals {
                    first[v] = first[v].min(pc);
                    last[v] = last[v].max(pc);
                }
            }
            for &v in &reads[pc] {
                if v < n_vals && written[v] == 0 && !is_input[v] {
                    unwritten_reads.push((v, pc));
                }
            }
            for &v in &writes[pc] {
                if v < n_vals {
                    written[v] += 1;
                }
            }
        }
        let regions: Vec<Option<(usize, u64, u64)>> =
            (0..n_vals).map(|v| planned_region(plan, v)).collect();
        let mut shared = Vec::new();
        for &(v, pc) in &unwritten_reads {
            let Some(r) = regions[v] else { continue };
            let writer = (0..pc).rev().find(|&p| {
                writes[p].iter().any(|&w| {
                    regions
                        .get(w)
                        .copied()
                        .flatten()
                        .is_some_and(|rw| overlap(r, rw))
                })
            });
            shared.push(match writer {
                Some(p) => (r, p, last[v]),
                None => (r, 0, usize::MAX),
            });
        }
        Access {
            reads,
            writes,
            first,
            last,
            written,
            is_input,
            regions,
            shared,
        }
    }

    /// Value `v`'s planned bytes: (memory id, start, end); `None` for values without.
    pub(super) fn region(&self, v: usize) -> Option<(usize, u64, u64)> {
        self.regions.get(v).copied().flatten()
    }

    /// Whether value `v`'s planned bytes, while it lives, are also another value's: a
    /// view's or state's (see `shared`), or those of a value alive at the same time
    /// (an alias). False for values without planned bytes.
    pub(super) fn shares_bytes(&self, v: usize) -> bool {
        let Some(r) = self.regions.get(v).copied().flatten() else {
            return false;
        };
        let (first, last) = (self.first[v], self.last[v]);
        self.shared
            .iter()
            .any(|&(s, from, to)| overlap(r, s) && first <= to && from <= last)
            || (0..self.regions.len()).any(|u| {
                u != v
                    && self.first[u] <= last
                    && first <= self.last[u]
                    && self.regions[u].is_some_and(|ru| overlap(r, ru))
            })
    }
}

/// The value indices an argument stands for: a list's items, or the value itself.
pub(super) fn items(plan: &Plan, vi: usize) -> Vec<usize> {
    match plan.values.get(vi) {
        Some(ValueDef::TensorList(items) | ValueDef::IntList(items)) => items.clone(),
        Some(ValueDef::OptionalTensorList(items)) => items.iter().flatten().copied().collect(),
        _ => vec![vi],
    }
}

/// The planned byte range of value `vi`: (memory id, start, end).
/// Value `vi`'s planned bytes: (memory id, start, end); `None` for values without.
pub(super) fn planned_region(plan: &Plan, vi: usize) -> Option<(usize, u64, u64)> {
    match plan.values.get(vi) {
        Some(ValueDef::Tensor(t)) => match t.data {
            TensorData::Planned { memory_id, offset } => {
                Some((memory_id, offset, offset.saturating_add(t.nbytes as u64)))
            }
            _ => None,
        },
        _ => None,
    }
}

/// Whether two planned byte ranges (memory id, start, end) share a byte.
pub(super) fn overlap(a: (usize, u64, u64), b: (usize, u64, u64)) -> bool {
    a.0 == b.0 && a.1 < b.2 && b.1 < a.2 && a.1 < a.2 && b.1 < b.2
}

/// Kernel instructions whose arguments can change without a tensor's sizes changing:
/// those that write a scalar (a non-tensor last argument: prim operators'
/// results) or read one that something writes at run time (such a result, a method
/// input, a delegate's argument), directly or in an int list.
pub(super) fn scalar_bound(plan: &Plan) -> Vec<bool> {
    let is_scalar = |vi: usize| {
        matches!(
            plan.values.get(vi),
            Some(ValueDef::Int(_) | ValueDef::Double(_) | ValueDef::Bool(_))
        )
    };
    let mut written = vec![false; plan.values.len()];
    let mut mark = |vi: usize| {
        if let Some(w) = written.get_mut(vi) {
            *w = true;
        }
    };
    plan.inputs
        .iter()
        .copied()
        .filter(|&vi| is_scalar(vi))
        .for_each(&mut mark);
    for ins in &plan.instructions {
        match ins {
            Instruction::Kernel { args, .. } => {
                if let Some(&last) = args.last().filter(|&&vi| is_scalar(vi)) {
                    mark(last);
                }
            }
            Instruction::Delegate { args, .. } => args
                .iter()
                .copied()
                .filter(|&vi| is_scalar(vi))
                .for_each(&mut mark),
            _ => {}
        }
    }
    let reads_written = |vi: usize| match plan.values.get(vi) {
        Some(ValueDef::IntList(items)) => items.iter().any(|&j| written.get(j) == Some(&true)),
        _ => written.get(vi) == Some(&true),
    };
    plan.instructions
        .iter()
        .map(|ins| match ins {
            Instruction::Kernel { args, .. } => {
                args.last().is_some_and(|&vi| is_scalar(vi))
                    || args.iter().any(|&vi| reads_written(vi))
            }
            _ => false,
        })
        .collect()
}
