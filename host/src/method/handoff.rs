//! Delegate outputs that only other delegates read: the host hands their bytes from
//! one backend to the next instead of writing them into the kernel library's memory
//! and reading them back, which costs two component calls and two copies per tensor.
//!
//! Recurrent networks exported with XNNPACK are rows of small delegates, each step's
//! state going straight into the next step's delegate: 15 such tensors per execute in
//! the `lstm` fixture (instructions per execute -7.7%; copies across the boundary 55 KB
//! -> 19 KB), 8 in `gru` (-5.7%). (The transformers' delegates are separated by
//! portable kernels, which read every delegate output.)
//!
//! A value qualifies in a straight-line method (see `dataflow::is_straight_line`) when
//! one `DelegateCall` writes it before anything reads it, only `DelegateCall`s read it,
//! it is neither a method input nor output, and no other value shares its planned bytes
//! while it lives (`dataflow::Access::shares_bytes`: no view reads them).

use super::dataflow::{self, Access};
use crate::program::{Instruction, Plan, ValueDef};

/// For each value of `plan`: `Some(last reader)` (an instruction index) when its bytes
/// go from delegate to delegate on the host, `None` otherwise. `delegate_outputs[pc]`:
/// how many trailing arguments of the `DelegateCall` at `pc` are its outputs.
pub(super) fn handed_values(plan: &Plan, delegate_outputs: &[usize]) -> Vec<Option<usize>> {
    let n_vals = plan.values.len();
    let mut handed = vec![None; n_vals];
    let Some(flow) = Flow::of(plan, delegate_outputs) else {
        return handed;
    };
    let (access, is_delegate) = (&flow.access, |pc: usize| flow.delegate[pc]);
    let mut read_by_other = vec![false; n_vals];
    for (pc, reads) in access.reads.iter().enumerate() {
        if !is_delegate(pc) {
            reads.iter().for_each(|&v| read_by_other[v] = true);
        }
    }
    for &v in plan.outputs.iter().chain(&plan.inputs) {
        for v in dataflow::items(plan, v) {
            read_by_other[v] = true;
        }
    }
    for (pc, writes) in access.writes.iter().enumerate() {
        if !is_delegate(pc) {
            continue;
        }
        for &v in writes {
            if access.last[v] > pc && !read_by_other[v] && flow.sole_first_write(plan, v, pc) {
                handed[v] = Some(access.last[v]);
            }
        }
    }
    handed
}

/// For each value of `plan`: `Some(last reader)` when several `DelegateCall`s read it
/// and something other than a delegate (a kernel call, a method input) wrote it. The
/// first delegate call that reads it in an execute reads its bytes from the storage;
/// the host keeps them for the later ones instead of a component call and a copy per
/// read. Tiny BERT's residual stream is read by three delegates in a row per layer
/// (the query, key and value projections are split by portable kernels): 4 of its 21
/// reads per execute.
///
/// A value qualifies in a straight-line method when one instruction writes it before
/// anything reads it, it is not a method input, at least two `DelegateCall`s read it,
/// and no other value shares its planned bytes while it lives: so nothing can change
/// its bytes between its first and last delegate read. Values handed over by
/// [`plan`] do not qualify (a delegate writes them).
pub(super) fn rereads(plan: &Plan, delegate_outputs: &[usize]) -> Vec<Option<usize>> {
    let n_vals = plan.values.len();
    let mut held = vec![None; n_vals];
    let Some(flow) = Flow::of(plan, delegate_outputs) else {
        return held;
    };
    let (access, is_delegate) = (&flow.access, |pc: usize| flow.delegate[pc]);
    let mut delegate_reads = vec![0usize; n_vals];
    let mut last_delegate_read = vec![0usize; n_vals];
    for (pc, reads) in access.reads.iter().enumerate() {
        if is_delegate(pc) {
            for &v in reads {
                if v < n_vals {
                    delegate_reads[v] += 1;
                    last_delegate_read[v] = pc;
                }
            }
        }
    }
    for (pc, writes) in access.writes.iter().enumerate() {
        if is_delegate(pc) {
            continue;
        }
        for &v in writes {
            if v < n_vals && delegate_reads[v] >= 2 && flow.sole_first_write(plan, v, pc) {
                held[v] = Some(last_delegate_read[v]);
            }
        }
    }
    held
}

/// What [`plan`] and [`rereads`] both start from, in a straight-line method: who reads
/// and writes each value, and which instructions are `DelegateCall`s.
struct Flow {
    access: Access,
    delegate: Vec<bool>,
}

impl Flow {
    /// `None` when the method is not straight-line (`dataflow::is_straight_line`).
    fn of(plan: &Plan, delegate_outputs: &[usize]) -> Option<Flow> {
        if !dataflow::is_straight_line(plan) {
            return None;
        }
        Some(Flow {
            access: Access::of(plan, delegate_outputs),
            delegate: plan
                .instructions
                .iter()
                .map(|i| matches!(i, Instruction::Delegate { .. }))
                .collect(),
        })
    }

    /// Value `v` is a tensor that the instruction at `pc` alone writes, before anything
    /// reads it; it is not a method input and no other value shares its planned bytes.
    fn sole_first_write(&self, plan: &Plan, v: usize, pc: usize) -> bool {
        let a = &self.access;
        matches!(plan.values[v], ValueDef::Tensor(_))
            && a.written[v] == 1
            && a.first[v] == pc
            && !a.is_input[v]
            && !a.shares_bytes(v)
    }
}
