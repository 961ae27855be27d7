//! What the plan itself says about a `DelegateCall`'s outputs, so that the host can
//! check what a backend returns instead of believing it.
//!
//! ExecuTorch's emitter (`exir/emit/_emitter.py`, `_emit_delegate`) passes a delegate
//! its inputs followed by its outputs, and gives every output a fresh value: one that
//! no earlier instruction refers to and that is neither a method input nor constant
//! data. So a delegate call's outputs are the trailing arguments that are still fresh
//! when the call is reached in chain order; the backend must return exactly that many.

use crate::program::{Instruction, Plan, TensorData, ValueDef};

/// For each instruction of `plan`: the number of outputs of a `DelegateCall` there (0
/// for other instructions).
pub(super) fn delegate_outputs(plan: &Plan) -> Vec<usize> {
    let mut seen: Vec<bool> = plan
        .values
        .iter()
        .map(|v| match v {
            ValueDef::Tensor(t) => {
                matches!(
                    t.data,
                    TensorData::Constant { .. }
                        | TensorData::InlineConstant { .. }
                        | TensorData::External { .. }
                )
            }
            _ => true,
        })
        .collect();
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
