//! Prepared-call batching: planned at load ([`Batch::of`]) and run by the executor
//! ([`Method::run_batch`]): runs of consecutive kernel calls go to the home kernel
//! library in one crossing (`kernels.run-prepared`).
//!
//! A prepared call runs only with the arguments it was prepared with. In a method
//! whose tensors are all static that holds once every call is prepared. In a method
//! with dynamic shapes (a language model's decode step: the same sizes step after
//! step, other sizes at prefill) the host checks each run's calls against the
//! arguments they were prepared with whenever a tensor's sizes moved since the run was
//! last checked (`Method::sizes_epoch`), and prepares the changed calls again. Calls
//! that read a scalar written at run time (a prim operator's result, a method input) or
//! write one (prim operators) are never batched: their arguments change without a
//! tensor changing. A batch that stops early because a call resized an output leaves
//! the rest of that execute to single calls (a prefill resizes nearly every output;
//! checking and preparing them one by one would cost more than it saves); the next
//! execute batches again. Kernel libraries built against 2.3+ get this for dynamic
//! methods; older ones only for static methods, as their contract said
//! (`ContractVersion::prepares_dynamic_calls`).

use std::sync::Arc;
use std::time::Instant;

use super::profile::EventKind;
use super::{dataflow, Method};
use crate::bindings::types::{Evalue, TensorRef};
use crate::component::ContractVersion;
use crate::program::{Instruction, Plan};
use crate::{Error, ErrorKind, Result};

/// Prepared-call batching: runs of consecutive kernel calls go to the kernel library in
/// one crossing (`kernels.run-prepared`) instead of one `kernels.call` each. Only for
/// methods without MoveCall or JumpFalseCall; for a library of a contract before 2.3,
/// only for methods whose descriptors never change between runs (every tensor static,
/// no prim ops).
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
    ids: Vec<u32>,
    /// The arguments each instruction's call was prepared with (`None`: not prepared in
    /// the current instance).
    prepared_args: Vec<Option<Vec<Evalue>>>,
    /// Per run start: the sizes epoch at which its calls were last checked against
    /// their prepared arguments (`u64::MAX`: never).
    checked: Vec<u64>,
    /// Calls prepared since the library last forgot its prepared calls.
    prepares: usize,
    /// Whether the library holds nothing prepared by an earlier instance or plan: false
    /// after a restart, when everything is prepared again.
    pub(super) prepared: bool,
    /// A batch of the current execute stopped early on a resize: the rest of the
    /// execute calls kernels one by one.
    pub(super) stopped: bool,
    /// Kernel calls the current (or last) execute ran in batches.
    pub(super) calls_run: u64,
}

/// A run of kernel calls that goes to the kernel library in one crossing.
#[derive(Clone, Debug)]
pub(super) struct Run {
    /// The instruction after the run.
    pub(super) end: usize,
    /// The kernel instructions it calls, in order (empty when all of them fold).
    pub(super) calls: Arc<[usize]>,
}

/// Whether two kernel arguments are the same (floats by their bits).
fn same_evalue(a: &Evalue, b: &Evalue) -> bool {
    let tensor = |a: &TensorRef, b: &TensorRef| {
        a.dtype == b.dtype
            && a.sizes == b.sizes
            && a.dim_order == b.dim_order
            && a.address == b.address
    };
    let bits = |a: &[f64], b: &[f64]| {
        a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x.to_bits() == y.to_bits())
    };
    match (a, b) {
        (Evalue::None, Evalue::None) => true,
        (Evalue::Int(x), Evalue::Int(y)) => x == y,
        (Evalue::Double(x), Evalue::Double(y)) => x.to_bits() == y.to_bits(),
        (Evalue::Bool(x), Evalue::Bool(y)) => x == y,
        (Evalue::String(x), Evalue::String(y)) => x == y,
        (Evalue::Tensor(x), Evalue::Tensor(y)) => tensor(x, y),
        (Evalue::IntList(x), Evalue::IntList(y)) => x == y,
        (Evalue::DoubleList(x), Evalue::DoubleList(y)) => bits(x, y),
        (Evalue::BoolList(x), Evalue::BoolList(y)) => x == y,
        (Evalue::TensorList(x), Evalue::TensorList(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(x, y)| tensor(x, y))
        }
        (Evalue::OptionalTensorList(x), Evalue::OptionalTensorList(y)) => {
            x.len() == y.len()
                && x.iter().zip(y).all(|(x, y)| match (x, y) {
                    (Some(x), Some(y)) => tensor(x, y),
                    (None, None) => true,
                    _ => false,
                })
        }
        _ => false,
    }
}

impl Batch {
    /// `home(op)`: whether plan operator `op` is served by the home library (only its
    /// calls are batched; calls into other libraries copy their arguments across).
    /// `folded[pc]`: whether the call at `pc` folds. `by_host[pc]`: whether the host
    /// runs the call at `pc` itself (see `host_copy`): runs stop before it.
    /// `library`: the home library's contract version, if there is one.
    pub(super) fn of(
        plan: &Plan,
        library: Option<ContractVersion>,
        home: impl Fn(usize) -> bool,
        folded: &[bool],
        by_host: &[bool],
    ) -> Batch {
        let dynamic = library.is_some_and(ContractVersion::prepares_dynamic_calls);
        let bound = if dynamic {
            dataflow::scalar_bound(plan)
        } else {
            vec![false; plan.instructions.len()]
        };
        let runs = |skip: &dyn Fn(usize) -> bool| {
            let mut runs = vec![None; plan.instructions.len()];
            let mut pc = 0;
            while pc < plan.instructions.len() {
                let mut end = pc;
                let mut calls = Vec::new();
                while end < plan.instructions.len()
                    && matches!(plan.instructions[end], Instruction::Kernel { op, .. }
                        if skip(end) || (home(op)
                            && !by_host.get(end).copied().unwrap_or(false)
                            && !bound.get(end).copied().unwrap_or(false)))
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
        let qualifies = if dynamic {
            dataflow::has_no_control_flow(plan)
        } else {
            dataflow::is_straight_line(plan)
        };
        let n = plan.instructions.len();
        Batch {
            enabled: library.is_some() && qualifies,
            runs: runs(&|_| false),
            runs_folded: runs(&|pc| folded.get(pc).copied().unwrap_or(false)),
            ids: vec![u32::MAX; n],
            prepared_args: vec![None; n],
            checked: vec![u64::MAX; n],
            prepares: 0,
            prepared: false,
            stopped: false,
            calls_run: 0,
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
                self.kernel_info.as_ref().map(|i| i.version),
                |op| matches!(op_table.get(op), Some(Some((0, _)))),
                &self.folding.folded,
                &by_host,
            );
            self.batch.enabled = fresh.enabled;
            self.batch.runs = fresh.runs;
            self.batch.runs_folded = fresh.runs_folded;
            self.batch.checked.fill(u64::MAX);
        }
    }

    /// Whether kernel calls are batched.
    pub fn is_batching(&self) -> bool {
        self.batch.enabled
    }

    /// Kernel calls the last execute ran in batches (the others went one component
    /// call each).
    pub fn batched_calls(&self) -> u64 {
        self.batch.calls_run
    }

    /// Makes every call of the run starting at `start` (`calls`) prepared with its
    /// current arguments: checked only when a tensor's sizes moved since the run was
    /// last checked, and prepared again where they differ. Returns false (and turns
    /// batching off) if the library does not support prepared calls.
    fn check_run(&mut self, start: usize, calls: &[usize]) -> Result<bool> {
        if !self.batch.prepared {
            // A new instance (or plan): nothing it holds was prepared by us.
            self.batch.prepared_args.iter_mut().for_each(|a| *a = None);
            self.batch.checked.fill(u64::MAX);
            self.batch.prepares = 0;
            self.batch.prepared = true;
        }
        if self.batch.checked.get(start) == Some(&self.sizes_epoch) {
            return Ok(true);
        }
        let program = self.program.clone();
        let plan = &program.plans()[self.plan_index];
        // The library keeps every prepared call until `clear-prepared`: once calls
        // prepared again outnumber the method's instructions four to one, start over.
        if self.batch.prepares > 4 * plan.instructions.len() + 64 {
            if let Some(lib) = self.storage.kernel_library() {
                lib.clear_prepared()?;
            }
            self.batch.prepared_args.iter_mut().for_each(|a| *a = None);
            self.batch.checked.fill(u64::MAX);
            self.batch.prepares = 0;
        }
        let mut marked = None;
        for &pc in calls {
            let Instruction::Kernel { op, args } = &plan.instructions[pc] else {
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
            let same = self
                .batch
                .prepared_args
                .get(pc)
                .and_then(Option::as_ref)
                .is_some_and(|p| {
                    p.len() == kargs.len() && p.iter().zip(&kargs).all(|(a, b)| same_evalue(a, b))
                });
            if same {
                continue;
            }
            marked.get_or_insert_with(|| self.clock());
            let Some(lib) = self.storage.kernel_library() else {
                return Ok(false);
            };
            match lib.prepare(index, &kargs) {
                Ok(id) => {
                    self.batch.ids[pc] = id;
                    self.batch.prepared_args[pc] = Some(kargs);
                    self.batch.prepares += 1;
                }
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
        if let Some(at) = marked {
            self.mark(
                "prepare kernel calls",
                EventKind::Control,
                at,
                calls.first().copied(),
            );
        }
        self.batch.checked[start] = self.sizes_epoch;
        Ok(true)
    }

    /// Runs the kernel calls at instructions `calls` (in order; the others before `end`
    /// fold, see [`super::folding`]) of the run starting at `start` in one crossing.
    /// Returns the next instruction, or `None` when batching is unavailable (the
    /// caller then runs the first instruction by itself). `from` (when profiling): the
    /// end of the previous instruction's span, where the first call's span starts.
    pub(super) fn run_batch(
        &mut self,
        start: usize,
        calls: &[usize],
        end: usize,
        mut from: Option<Instant>,
    ) -> Result<Option<usize>> {
        let Some(&pc) = calls.first() else {
            return Ok(Some(end));
        };
        let before = self.batch.checked.get(start).copied();
        if !self.check_run(start, calls)? {
            return Ok(None);
        }
        if before != self.batch.checked.get(start).copied() {
            from = None;
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
                self.batch.calls_run += ran.min(len) as u64;
                if ran == 0 || ran > len || (ran < len && updates.is_empty()) {
                    return Err(broken(format!(
                        "kernels.run-prepared reported {ran} of {len} calls run (instructions {pc}..{end}) with {} updates; \
                         the contract is 1 to {len} calls, fewer only when the last one returned updates",
                        updates.len()
                    )));
                }
                let last = calls[ran - 1];
                if !updates.is_empty() {
                    // A descriptor changed: the rest of this execute calls kernels one
                    // by one (see the module docs).
                    tracing::debug!("kernel at instruction {last} resized an output; single calls until the next execute");
                    self.batch.stopped = true;
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
