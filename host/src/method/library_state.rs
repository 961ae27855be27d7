//! Tensors that only one extra kernel library touches stay in that library's memory.
//!
//! A call into a kernel library other than the home one copies each tensor argument
//! into the library's shadow of it and reads it back afterwards (see
//! [`super::libraries`]). A language model's KV cache is the costly case: its
//! `llama::update_cache` and `llama::custom_sdpa` calls (the bundled `llm-ops` library)
//! are the only instructions that name the caches, yet every call moved each cache in
//! and out: 2 x 17 MB per token for a 16-layer model with 256 positions, where the
//! tokens' own data is a few kilobytes.
//!
//! A value qualifies for extra library `k` when every instruction that names it (as an
//! argument or a list item) is a kernel call served by library `k`, it is a planned
//! tensor that is neither a method input nor a method output, and no other value's
//! planned bytes overlap its own (no view of it, no other value placed over it at any
//! time). Its shadow is then the only copy that changes: it is copied in from home at
//! its first use (the program's initial bytes, zeros for a KV cache) and never read
//! back, as constants are. State kept this way persists from one execute to the next,
//! exactly as home's would; loading the method again starts it from the initial bytes.
//! After a trap in that library the fresh instance starts it from home's bytes again,
//! which are the initial ones: a trap in the home library restarts home's state the
//! same way.

use super::dataflow;
use crate::program::{Instruction, Plan, TensorData, ValueDef};

/// For each value of `plan`: `Some(k)` when it lives in extra library `k` alone (see
/// the module docs). `extra_of(op)`: the extra library serving plan operator `op`
/// (`None` for the home library or an unresolved operator).
pub(super) fn library_values(
    plan: &Plan,
    extra_of: impl Fn(usize) -> Option<usize>,
) -> Vec<Option<usize>> {
    let n = plan.values.len();
    // None: not named yet; Some(Some(k)): only by library k's calls; Some(None): other.
    let mut owner: Vec<Option<Option<usize>>> = vec![None; n];
    let mut name = |v: usize, by: Option<usize>| {
        for item in dataflow::items(plan, v) {
            if let Some(o) = owner.get_mut(item) {
                *o = match *o {
                    None => Some(by),
                    Some(prev) if prev == by => Some(by),
                    Some(_) => Some(None),
                };
            }
        }
    };
    for ins in &plan.instructions {
        match ins {
            Instruction::Kernel { op, args } => {
                let by = extra_of(*op);
                args.iter().for_each(|&v| name(v, by));
            }
            Instruction::Delegate { args, .. } => args.iter().for_each(|&v| name(v, None)),
            Instruction::Move { from, to } => {
                name(*from, None);
                name(*to, None);
            }
            Instruction::JumpFalse { cond, .. } => name(*cond, None),
            _ => {}
        }
    }
    for &v in plan.inputs.iter().chain(&plan.outputs) {
        name(v, None);
    }
    let regions: Vec<Option<(usize, u64, u64)>> =
        (0..n).map(|v| dataflow::planned_region(plan, v)).collect();
    (0..n)
        .map(|v| {
            let k = owner[v].flatten()?;
            let planned = matches!(
                plan.values.get(v),
                Some(ValueDef::Tensor(t)) if matches!(t.data, TensorData::Planned { .. })
            );
            let r = regions[v]?;
            let alone = regions
                .iter()
                .enumerate()
                .all(|(u, ru)| u == v || !ru.is_some_and(|ru| dataflow::overlap(r, ru)));
            (planned && alone).then_some(k)
        })
        .collect()
}
