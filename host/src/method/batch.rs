//! Prepared-call batching: planned at load ([`Batch::of`]) and run by the executor
//! ([`Method::run_batch`]): runs of consecutive kernel calls go to the home kernel
//! library in one crossing (`kernels.run-prepared`).

use std::sync::Arc;
use std::time::Instant;

use super::profile::EventKind;
use super::{dataflow, Method};
use crate::program::{Instruction, Plan};
use crate::{Error, ErrorKind, Result};

/// Prepared-call batching: runs of consecutive kernel calls go to the kernel library in
/// one crossing (`kernels.run-prepared`) instead of one `kernels.call` each. Only for
/// methods whose descriptors never change between runs: every tensor static, no prim ops
/// (they produce scalars), no MoveCall or JumpFalseCall.
#[derive(Default)]
pub(super) struct Batch {
    /// Whether the method qualifies (and batching has not been turned off).
    pub(super) enabled: bool,
    /// For an instruction that starts a run of kernel calls (one or more): the run.
    pub(super) runs: Vec<Option<Run>>,
    /// The same once folded calls are skipped (see [`folding`]): a run spans folded
    /// calls too, and holds only the others.
    pub(super) runs_folded: Vec<Option<Run>>,
    /// Prepared call id of each kernel instruction in the current kernel-library instance.
    pub(super) ids: Vec<u32>,
    /// Whether `ids` are valid for the current instance.
    pub(super) prepared: bool,
}

/// A run of kernel calls that goes to the kernel library in one crossing.
#[derive(Clone, Debug)]
pub(super) struct Run {
    /// The instruction after the run.
    pub(super) end: usize,
    /// The kernel instructions it calls, in order (empty when all of them fold).
    pub(super) calls: Arc<[usize]>,
}

impl Batch {
    /// `home(op)`: whether plan operator `op` is served by the home library (only its
    /// calls are batched; calls into other libraries copy their arguments across).
    /// `folded[pc]`: whether the call at `pc` folds. `by_host[pc]`: whether the host
    /// runs the call at `pc` itself (see `host_copy`): runs stop before it.
    pub(super) fn of(
        plan: &Plan,
        has_library: bool,
        home: impl Fn(usize) -> bool,
        folded: &[bool],
        by_host: &[bool],
    ) -> Batch {
        let runs = |skip: &dyn Fn(usize) -> bool| {
            let mut runs = vec![None; plan.instructions.len()];
            let mut pc = 0;
            while pc < plan.instructions.len() {
                let mut end = pc;
                let mut calls = Vec::new();
                while end < plan.instructions.len()
                    && matches!(plan.instructions[end], Instruction::Kernel { op, .. }
                        if skip(end) || (home(op) && !by_host.get(end).copied().unwrap_or(false)))
                {
                    if !skip(end) {
                        calls.push(end);
                    }
                    end += 1;
                }
                if end > pc {
                    runs[pc] = Some(Run {
                        end,
                        calls: calls.into(),
                    });
                }
                pc = end.max(pc + 1);
            }
            runs
        };
        Batch {
            enabled: has_library && dataflow::is_straight_line(plan),
            runs: runs(&|_| false),
            runs_folded: runs(&|pc| folded.get(pc).copied().unwrap_or(false)),
            ids: Vec::new(),
            prepared: false,
        }
    }
}

impl Method {
    /// Turns prepared-call batching on or off (on by default where the method
    /// qualifies; see `Batch`). Off means one component call per kernel call.
    pub fn set_batching(&mut self, on: bool) {
        if !on {
            self.batch.enabled = false;
        } else {
            let program = self.program.clone();
            let op_table = &self.op_table;
            let by_host: Vec<bool> = (0..self.host_copies.len())
                .map(|pc| self.host_copy_at(pc).is_some())
                .collect();
            let fresh = Batch::of(
                &program.plans()[self.plan_index],
                self.kernel_info.is_some(),
                |op| matches!(op_table.get(op), Some(Some((0, _)))),
                &self.folding.folded,
                &by_host,
            );
            self.batch.enabled = fresh.enabled;
            self.batch.runs = fresh.runs;
            self.batch.runs_folded = fresh.runs_folded;
        }
    }

    /// Whether kernel calls are batched.
    pub fn is_batching(&self) -> bool {
        self.batch.enabled
    }

    /// Prepares every kernel call of the method in the current kernel-library instance.
    /// Returns false (and turns batching off) if the library does not support it.
    pub(super) fn prepare_all(&mut self) -> Result<bool> {
        let program = self.program.clone();
        let plan = &program.plans()[self.plan_index];
        let mut ids = vec![u32::MAX; plan.instructions.len()];
        for (pc, ins) in plan.instructions.iter().enumerate() {
            let Instruction::Kernel { op, args } = ins else {
                continue;
            };
            let (lib, index) = self.op_table[*op].ok_or_else(|| {
                Error::new(ErrorKind::OperatorMissing, "operator was not resolved")
            })?;
            if lib != 0 {
                continue; // another library's call: never batched
            }
            let kargs = args
                .iter()
                .map(|&vi| self.kernel_arg(vi))
                .collect::<Result<Vec<_>>>()?;
            let Some(lib) = self.storage.kernel_library() else {
                return Ok(false);
            };
            match lib.prepare(index, &kargs) {
                Ok(id) => ids[pc] = id,
                Err(e) if !lib.is_poisoned() => {
                    tracing::debug!(
                        "kernel library cannot prepare calls ({e}); calling kernels one by one"
                    );
                    self.batch.enabled = false;
                    return Ok(false);
                }
                Err(e) => return Err(e),
            }
        }
        self.batch.ids = ids;
        self.batch.prepared = true;
        Ok(true)
    }

    /// Runs the kernel calls at instructions `calls` (in order; the others before `end`
    /// fold, see [`super::folding`]) in one crossing. Returns the next instruction, or
    /// `None` when batching is unavailable (the caller then runs the first instruction
    /// by itself). `from` (when profiling): the end of the previous instruction's span,
    /// where the first call's span starts.
    pub(super) fn run_batch(
        &mut self,
        calls: &[usize],
        end: usize,
        mut from: Option<Instant>,
    ) -> Result<Option<usize>> {
        let Some(&pc) = calls.first() else {
            return Ok(Some(end));
        };
        if !self.batch.prepared {
            from = None;
            let start = self.clock();
            let prepared = self.prepare_all()?;
            self.mark("prepare kernel calls", EventKind::Control, start, Some(pc));
            if !prepared {
                return Ok(None);
            }
        }
        let program = self.program.clone();
        let plan = &program.plans()[self.plan_index];
        let Some(lib) = self.storage.kernel_library() else {
            return Ok(None);
        };
        let op_name = |i: usize| match &plan.instructions[i] {
            Instruction::Kernel { op, .. } => plan.operators[*op].clone(),
            _ => String::new(),
        };
        let len = calls.len();
        let info = lib.info().clone();
        let component = &info.path;
        let broken = |msg: String| {
            Error::new(ErrorKind::DelegateInvalidCompatibility, msg)
                .with_component_id(component, &info.sha256_hex())
                .with_instruction(pc)
        };
        let profiling = self.profile.is_some();
        let start = profiling.then(Instant::now);
        let ids: Vec<u32> = calls
            .iter()
            .map(|&c| self.batch.ids.get(c).copied().unwrap_or(u32::MAX))
            .collect();
        let result = lib.run_prepared(&ids);
        let marks = lib.take_progress_marks();
        let done = profiling.then(Instant::now);
        let start = start.map(|s| from.unwrap_or(s).min(s));
        if let (Some(profile), Some(start), Some(done), Ok((ran, _))) =
            (&mut self.profile, start, done, &result)
        {
            // Call k ran from its `progress.at(k)` to the next call's (the last one to
            // the batch's end); the first starts with the crossing.
            let ran = (*ran as usize).min(len);
            let mut starts = vec![None; ran];
            for (pos, t) in marks {
                if let Some(s) = starts.get_mut(pos as usize) {
                    s.get_or_insert(t);
                }
            }
            if let Some(first) = starts.first_mut() {
                *first = Some(start);
            }
            for k in 0..ran {
                let from = starts[k].unwrap_or(start).max(start);
                // The last call ends after this bookkeeping, which is counted in it (as
                // the dispatch between instructions is in run_chain).
                let to = if k + 1 == ran {
                    Instant::now()
                } else {
                    starts[k + 1..]
                        .iter()
                        .flatten()
                        .next()
                        .copied()
                        .unwrap_or(done)
                };
                let name = match &plan.instructions[calls[k]] {
                    Instruction::Kernel { op, .. } => plan.operators[*op].as_str(),
                    _ => "",
                };
                profile.record(name, EventKind::Kernel, from, to.max(from), Some(calls[k]));
            }
        }
        match result {
            Ok((ran, updates)) => {
                // The library must account for the batch: at least one call run, no
                // more than it holds, and stopping early only on a call with updates.
                let ran = ran as usize;
                if ran == 0 || ran > len || (ran < len && updates.is_empty()) {
                    return Err(broken(format!(
                        "kernels.run-prepared reported {ran} of {len} calls run (instructions {pc}..{end}) with {} updates; \
                         the contract is 1 to {len} calls, fewer only when the last one returned updates",
                        updates.len()
                    )));
                }
                let last = calls[ran - 1];
                if !updates.is_empty() {
                    // A descriptor changed: prepared arguments are stale from here on.
                    tracing::debug!("kernel at instruction {last} resized an output; batching off");
                    self.batch.enabled = false;
                    let Instruction::Kernel { args, .. } = &plan.instructions[last] else {
                        return Err(Error::new(
                            ErrorKind::Internal,
                            "batch ended on a non-kernel instruction",
                        ));
                    };
                    for u in updates {
                        self.apply_update(args, u).map_err(|e| {
                            e.with_instruction(last)
                                .with_operator(op_name(last))
                                .with_component_id(component, &info.sha256_hex())
                        })?;
                    }
                }
                Ok(Some(if ran == len { end } else { last + 1 }))
            }
            Err((pos, e)) if (pos as usize) < len => {
                let at = calls[pos as usize];
                Err(e.with_instruction(at).with_operator(op_name(at)))
            }
            Err((pos, e)) => Err(broken(format!(
                "kernels.run-prepared named position {pos} of a batch of {len} calls (instructions {pc}..{end}) for this failure: {}",
                e.message
            ))),
        }
    }
}
