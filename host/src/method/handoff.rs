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
pub(super) fn plan(plan: &Plan, delegate_outputs: &[usize]) -> Vec<Option<usize>> {
    let n_vals = plan.values.len();
    let mut handed = vec![None; n_vals];
    if !dataflow::is_straight_line(plan) {
        return handed;
    }
    let access = Access::of(plan, delegate_outputs);
    let is_delegate = |pc: usize| matches!(plan.instructions[pc], Instruction::Delegate { .. });
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
            let read_later = access.last[v] > pc;
            if matches!(plan.values[v], ValueDef::Tensor(_))
                && access.written[v] == 1
                && access.first[v] == pc
                && read_later
                && !read_by_other[v]
                && !access.is_input[v]
                && !access.shares_bytes(v)
            {
                handed[v] = Some(access.last[v]);
            }
        }
    }
    handed
}
