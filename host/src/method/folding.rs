//! Kernel calls whose every input is constant: they compute the same tensors on every
//! execute, so the executor runs them once and skips them afterwards.
//!
//! Exported programs are full of them. Hugging Face's BERT and GPT-2 build their
//! attention masks and position ids from constants (`aten::full_like.out`,
//! `aten::arange.start_out`, `aten::eq.Scalar_out`, `aten::where.self_out`,
//! `aten::expand_copy.out`, …), and a portable program transposes every linear layer's
//! weights (`aten::permute_copy.out`) on every execute: 19 of tiny BERT's 49 kernel
//! calls with XNNPACK, 31 of 105 in its portable program. ExecuTorch runs them every
//! time.
//!
//! A call folds when its operator is served by the home kernel library, is not a
//! random one, and every value it reads is constant data, a non-tensor literal, or an
//! output of a folded call. What a call writes is what ExecuTorch's emitter appends to
//! its arguments as the return value: the `out` tensor, or the list of them. Only
//! methods whose tensors are all static and that have no MoveCall, JumpFalseCall or
//! prim operators (whose scalars could change) fold.
//!
//! Folded outputs that something else reads (an unfolded call, a delegate, the
//! method's outputs) are *kept*: they get memory of their own instead of their memory
//! plan's range, which later values may reuse. Two kinds of memory sharing would make
//! that wrong, so a call whose outputs share bytes with them does not fold: a view
//! (ExecuTorch's emitter places a view over its base's bytes and no instruction writes
//! it), from the write of those bytes to the view's last read; and bytes read before
//! any instruction writes them (state kept across executes, such as a mutable buffer,
//! whose update may be written through another value at the same place), always.
//! Values alive at the same time in overlapping bytes (aliases) block it too.

use super::dataflow::{self, items, Access};
use crate::program::{Instruction, Plan, ValueDef};

/// Which instructions fold and which of their outputs must be kept.
#[derive(Debug, Default, Clone)]
pub(super) struct Folding {
    /// For each instruction: whether it folds.
    pub folded: Vec<bool>,
    /// For each value: whether it is a folded output read after the folded calls (it
    /// gets memory of its own).
    pub kept: Vec<bool>,
}

impl Folding {
    /// Number of folded instructions.
    pub fn count(&self) -> usize {
        self.folded.iter().filter(|&&f| f).count()
    }
}

/// Operators whose result is not a function of their arguments.
fn is_random(name: &str) -> bool {
    [
        "rand",
        "bernoulli",
        "normal",
        "uniform",
        "multinomial",
        "dropout",
        "poisson",
        "exponential",
        "geometric",
        "cauchy",
    ]
    .iter()
    .any(|w| name.contains(w))
}

/// Finds the calls of `plan` that fold. `home(op)`: whether plan operator `op` is
/// served by the home kernel library; `delegate_outputs[pc]`: how many trailing
/// arguments of the `DelegateCall` at `pc` are its outputs (see `dataflow`).
pub(super) fn find(
    plan: &Plan,
    home: impl Fn(usize) -> bool,
    delegate_outputs: &[usize],
) -> Folding {
    let n_ins = plan.instructions.len();
    let n_vals = plan.values.len();
    let none = Folding {
        folded: vec![false; n_ins],
        kept: vec![false; n_vals],
    };
    if !dataflow::is_straight_line(plan) {
        return none;
    }
    let access = dataflow::Access::of(plan, delegate_outputs);
    let Access {
        reads,
        writes,
        first,
        written,
        is_input,
        ..
    } = &access;

    // Constant-derived values, in chain order.
    // (Lists are judged by their items, see `items`.)
    let mut known: Vec<bool> = plan
        .values
        .iter()
        .enumerate()
        .map(|(i, v)| !is_input[i] && dataflow::is_literal_or_constant(v))
        .collect();
    let mut made = vec![false; n_vals];
    let mut folded = vec![false; n_ins];
    for (pc, ins) in plan.instructions.iter().enumerate() {
        let Instruction::Kernel { op, .. } = ins else {
            continue;
        };
        let name = plan.operators.get(*op).map(String::as_str).unwrap_or("");
        if !home(*op) || is_random(name) || writes[pc].is_empty() {
            continue;
        }
        let inputs_known = reads[pc]
            .iter()
            .all(|&v| known.get(v).copied().unwrap_or(false));
        let outputs_fresh = writes[pc].iter().all(|&v| {
            v < n_vals
                && matches!(plan.values[v], ValueDef::Tensor(_))
                && written[v] == 1
                && first[v] == pc
                && !is_input[v]
                && !access.shares_bytes(v)
        });
        if inputs_known && outputs_fresh {
            folded[pc] = true;
            for &v in &writes[pc] {
                known[v] = true;
                made[v] = true;
            }
        }
    }

    // Folded outputs read by what still runs, or returned by the method.
    let mut kept = vec![false; n_vals];
    for pc in (0..n_ins).filter(|&pc| !folded[pc]) {
        for &v in reads[pc].iter().chain(&writes[pc]) {
            if made.get(v).copied().unwrap_or(false) {
                kept[v] = true;
            }
        }
    }
    for &v in &plan.outputs {
        for v in items(plan, v) {
            if made.get(v).copied().unwrap_or(false) {
                kept[v] = true;
            }
        }
    }
    Folding { folded, kept }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::program::{ShapeDynamism, TensorData, TensorDef};
    use crate::ScalarType;

    /// A 16-byte f32 tensor: planned at `offset` of buffer 1, or constant.
    fn tensor(data: TensorData) -> ValueDef {
        ValueDef::Tensor(TensorDef {
            dtype: ScalarType::Float,
            sizes: vec![4],
            dim_order: vec![0],
            dynamism: ShapeDynamism::Static,
            data,
            nbytes: 16,
        })
    }

    fn planned(offset: u64) -> ValueDef {
        tensor(TensorData::Planned {
            memory_id: 1,
            offset,
        })
    }

    fn constant() -> ValueDef {
        tensor(TensorData::Constant { offset: 0, len: 16 })
    }

    /// `op(reads..., out, out)`: ExecuTorch's argument list of an out-variant call.
    fn call(op: usize, reads: &[usize], out: usize) -> Instruction {
        let mut args = reads.to_vec();
        args.extend([out, out]);
        Instruction::Kernel { op, args }
    }

    fn plan(
        values: Vec<ValueDef>,
        inputs: Vec<usize>,
        outputs: Vec<usize>,
        ins: Vec<Instruction>,
    ) -> Plan {
        Plan {
            name: "forward".into(),
            values,
            inputs,
            outputs,
            instructions: ins,
            operators: vec!["aten::add.out".into(), "aten::rand.out".into()],
            delegates: Vec::new(),
            buffer_sizes: vec![0, 256],
        }
    }

    fn fold(p: &Plan) -> Folding {
        let outputs = vec![0; p.instructions.len()];
        super::find(p, |_| true, &outputs)
    }

    #[test]
    fn constant_chains_fold_and_what_runs_later_reads_is_kept() {
        // v0 input, v1 constant; c = v1 + v1 (v2), d = c + c (v3), y = v0 + d (v4).
        let p = plan(
            vec![
                planned(0),
                constant(),
                planned(16),
                planned(32),
                planned(48),
            ],
            vec![0],
            vec![4],
            vec![
                call(0, &[1, 1], 2),
                call(0, &[2, 2], 3),
                call(0, &[0, 3], 4),
            ],
        );
        let f = fold(&p);
        assert_eq!(f.folded, [true, true, false]);
        // v2 is read only by a folded call; v3 by the call that still runs.
        assert_eq!(f.kept, [false, false, false, true, false]);
    }

    #[test]
    fn inputs_and_random_operators_do_not_fold() {
        let p = plan(
            vec![planned(0), constant(), planned(16), planned(32)],
            vec![0],
            vec![2, 3],
            vec![call(0, &[0, 1], 2), call(1, &[1], 3)],
        );
        assert_eq!(fold(&p).count(), 0);
    }

    #[test]
    fn a_view_over_a_folded_output_blocks_it() {
        // v2 = v1 + v1 at offset 16; v3 is a view placed over v2's bytes (nothing
        // writes it) that a later call reads: v2 must stay where the view reads it.
        let with_second_reading = |vi| {
            plan(
                vec![
                    planned(0),
                    constant(),
                    planned(16),
                    planned(16),
                    planned(48),
                ],
                vec![0],
                vec![4],
                vec![call(0, &[1, 1], 2), call(0, &[0, vi], 4)],
            )
        };
        assert_eq!(fold(&with_second_reading(3)).count(), 0);
        // The same without the view folds.
        assert_eq!(fold(&with_second_reading(2)).count(), 1);
    }

    #[test]
    fn bytes_read_before_any_write_are_state_and_block_folds_over_them() {
        // v1 is a mutable buffer at offset 16 read first; v3 = c + c is written over
        // the same bytes (the buffer's update): skipping it would lose the update.
        let p = plan(
            vec![
                planned(0),
                planned(16),
                constant(),
                planned(16),
                planned(48),
            ],
            vec![0],
            vec![4],
            vec![call(0, &[0, 1], 4), call(0, &[2, 2], 3)],
        );
        assert_eq!(fold(&p).count(), 0);
    }

    #[test]
    fn control_flow_and_prim_operators_turn_folding_off() {
        let mut p = plan(
            vec![planned(0), constant(), planned(16), planned(32)],
            vec![0],
            vec![3],
            vec![call(0, &[1, 1], 2), call(0, &[0, 2], 3)],
        );
        assert_eq!(fold(&p).count(), 1);
        p.operators.push("executorch_prim::add.Scalar".into());
        assert_eq!(fold(&p).count(), 0);
    }
}
