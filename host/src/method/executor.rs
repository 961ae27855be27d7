//! The instruction loop of [`Method::execute`].

use std::time::Instant;

use super::profile::EventKind;
use super::{Method, TensorValue, Value};
use crate::bindings::kernels::{KernelArg, KernelUpdate, TensorRef};
use crate::bindings::to_wit_dtype;
use crate::bindings::types::{self as wit, Evalue};
use crate::program::{Instruction, ShapeDynamism, TensorData, TensorDef, ValueDef};
use crate::{Error, ErrorKind, Result, ScalarType};

fn tensor_ref(t: &TensorValue) -> TensorRef {
    TensorRef {
        dtype: to_wit_dtype(t.dtype),
        sizes: t.sizes.clone(),
        dim_order: t.dim_order.clone(),
        address: t.addr,
    }
}

impl Method {
    pub(super) fn run_chain(&mut self) -> Result<()> {
        let program = self.program.clone();
        let plan = &program.plans()[self.plan_index];
        let mut pc = 0usize;
        // A chain with a backward jump could loop forever; ExecuTorch has the same
        // property. Bound the number of steps generously instead.
        let mut steps: u64 = 0;
        let limit = (plan.instructions.len() as u64 + 1).saturating_mul(1 << 20);
        // Profiling: each instruction's span runs from the end of the previous one, so
        // the executor's dispatch between instructions is counted in the instruction it
        // dispatches. Without profiling no clock is read here.
        let mut last: Option<Instant> = self.profile.is_some().then(Instant::now);
        while pc < plan.instructions.len() {
            steps += 1;
            if steps > limit {
                return Err(Error::new(
                    ErrorKind::InvalidProgram,
                    "the chain does not terminate",
                ));
            }
            if self.batch.enabled {
                let runs = if self.folded_ready {
                    &self.batch.runs_folded
                } else {
                    &self.batch.runs
                };
                if let Some(run) = runs.get(pc).cloned().flatten() {
                    match self.run_batch(&run.calls, run.end, last) {
                        Ok(Some(next)) => {
                            pc = next;
                            last = last.map(|_| Instant::now());
                            continue;
                        }
                        Ok(None) => {}
                        Err(e) => return Err(e),
                    }
                }
            }
            // A folded call's outputs are in place already.
            if self.folded_ready && self.folding.folded.get(pc) == Some(&true) {
                pc += 1;
                continue;
            }
            let (next, event) = match &plan.instructions[pc] {
                Instruction::Kernel { op, args } => {
                    let name = &plan.operators[*op];
                    self.kernel_call(*op, args)
                        .map_err(|e| e.with_instruction(pc).with_operator(name.clone()))?;
                    (pc + 1, Some((name.as_str(), EventKind::Kernel)))
                }
                Instruction::Delegate { delegate, args } => {
                    let id = &plan.delegates[*delegate].id;
                    self.delegate_call(pc, *delegate, args)
                        .map_err(|e| e.with_instruction(pc).with_backend(id.clone()))?;
                    (pc + 1, Some((id.as_str(), EventKind::Delegate)))
                }
                Instruction::Move { from, to } => {
                    self.values[*to] = self.values[*from].clone();
                    (pc + 1, Some(("move", EventKind::Control)))
                }
                Instruction::JumpFalse { cond, destination } => {
                    let c = self.truth(*cond).map_err(|e| e.with_instruction(pc))?;
                    let next = if c { pc + 1 } else { *destination };
                    (next, Some(("jump_false", EventKind::Control)))
                }
                Instruction::Free { .. } => (pc + 1, None),
            };
            if let (Some(start), Some((name, kind))) = (last, event) {
                let end = Instant::now();
                if let Some(p) = &mut self.profile {
                    p.record(name, kind, start, end, Some(pc));
                }
                last = Some(end);
            }
            pc = next;
        }
        Ok(())
    }

    /// Prepares every kernel call of the method in the current kernel-library instance.
    /// Returns false (and turns batching off) if the library does not support it.
    fn prepare_all(&mut self) -> Result<bool> {
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
    fn run_batch(
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

    fn truth(&mut self, vi: usize) -> Result<bool> {
        match self.values[vi].clone() {
            Value::Bool(b) => Ok(b),
            Value::Tensor(t) if t.dtype == ScalarType::Bool => {
                let n = t.nbytes()?;
                Ok(self.storage.read(t.addr, n)?.iter().all(|&b| b != 0))
            }
            other => Err(Error::new(
                ErrorKind::InvalidProgram,
                format!("jump condition is a {}, not a Bool", other.kind()),
            )),
        }
    }

    fn kernel_arg(&self, vi: usize) -> Result<KernelArg> {
        self.kernel_arg_at(vi, &|_, t| t.addr)
    }

    /// The kernel argument for value `vi`, each tensor `j` at `address(j, tensor)`.
    fn kernel_arg_at(
        &self,
        vi: usize,
        address: &dyn Fn(usize, &TensorValue) -> u32,
    ) -> Result<KernelArg> {
        let at = |j: usize, t: &TensorValue| TensorRef {
            address: address(j, t),
            ..tensor_ref(t)
        };
        let tensor_at = |j: usize| match &self.values[j] {
            Value::Tensor(t) => Ok(at(j, t)),
            other => Err(Error::new(
                ErrorKind::InvalidType,
                format!("value {j} is a {}, not a Tensor", other.kind()),
            )),
        };
        Ok(match &self.values[vi] {
            Value::None => KernelArg::None,
            Value::Int(v) => KernelArg::Int(*v),
            Value::Double(v) => KernelArg::Double(*v),
            Value::Bool(v) => KernelArg::Bool(*v),
            Value::String(s) => KernelArg::String(s.clone()),
            Value::Tensor(t) => KernelArg::Tensor(at(vi, t)),
            Value::IntList(items) => KernelArg::IntList(self.resolve_int_list(items)?),
            Value::DoubleList(v) => KernelArg::DoubleList(v.clone()),
            Value::BoolList(v) => KernelArg::BoolList(v.clone()),
            Value::TensorList(items) => {
                KernelArg::TensorList(items.iter().map(|&j| tensor_at(j)).collect::<Result<_>>()?)
            }
            Value::OptionalTensorList(items) => KernelArg::OptionalTensorList(
                items
                    .iter()
                    .map(|j| match j {
                        Some(j) if !matches!(self.values[*j], Value::None) => {
                            tensor_at(*j).map(Some)
                        }
                        _ => Ok(None),
                    })
                    .collect::<Result<_>>()?,
            ),
        })
    }

    fn kernel_call(&mut self, op: usize, args: &[usize]) -> Result<()> {
        let (lib, index) = self.op_table[op]
            .ok_or_else(|| Error::new(ErrorKind::OperatorMissing, "operator was not resolved"))?;
        if lib != 0 {
            return self.extra_kernel_call(lib - 1, index, args);
        }
        let kargs = args
            .iter()
            .map(|&vi| self.kernel_arg(vi))
            .collect::<Result<Vec<_>>>()?;
        let Some(lib) = self.storage.kernel_library() else {
            return Err(Error::new(
                ErrorKind::Internal,
                "kernel call without a kernel library",
            ));
        };
        let info = lib.info().clone();
        let component = &info.path;
        let updates = lib.call(index, &kargs)?;
        for u in updates {
            self.apply_update(args, u)
                .map_err(|e| e.with_component_id(component, &info.sha256_hex()))?;
        }
        Ok(())
    }

    /// A kernel call into extra library `lib`: tensor arguments are copied into their
    /// shadows there, and those the kernel changed are copied back (see
    /// [`super::libraries`]).
    fn extra_kernel_call(&mut self, lib: usize, index: u32, args: &[usize]) -> Result<()> {
        let program = self.program.clone();
        let plan = &program.plans()[self.plan_index];
        // The tensors the call takes, each once, in argument order.
        let mut tensors: Vec<usize> = Vec::new();
        let mut take = |j: usize, values: &[Value]| {
            if matches!(values.get(j), Some(Value::Tensor(_))) && !tensors.contains(&j) {
                tensors.push(j);
            }
        };
        for &vi in args {
            match &self.values[vi] {
                Value::Tensor(_) => take(vi, &self.values),
                Value::TensorList(items) => items.iter().for_each(|&j| take(j, &self.values)),
                Value::OptionalTensorList(items) => {
                    items.iter().flatten().for_each(|&j| take(j, &self.values))
                }
                _ => {}
            }
        }
        let info = self.extra_libraries[lib].info.clone();
        let component = &info.path;
        let copy_start = self.clock();
        let mut shadows: Vec<(usize, u32)> = Vec::with_capacity(tensors.len());
        // (value, sizes and bytes copied in) of the tensors that may change.
        let mut copied: Vec<(usize, Vec<u32>, Vec<u8>)> = Vec::new();
        for &vi in &tensors {
            let Value::Tensor(t) = self.values[vi].clone() else {
                continue;
            };
            let constant = matches!(
                plan.values.get(vi),
                Some(ValueDef::Tensor(d)) if matches!(
                    d.data,
                    TensorData::Constant { .. } | TensorData::InlineConstant { .. } | TensorData::External { .. }
                )
            );
            let extra = &mut self.extra_libraries[lib];
            let addr = extra.shadow(vi, t.capacity)?;
            shadows.push((vi, addr));
            if constant && !extra.constant_needs_copy(vi) {
                continue;
            }
            let n = t.nbytes()?;
            let data = if n == 0 {
                Vec::new()
            } else {
                self.storage.read(t.addr, n)?
            };
            self.extra_libraries[lib].copy_in(addr, &data)?;
            if !constant {
                copied.push((vi, t.sizes.clone(), data));
            }
        }
        let address = |j: usize, t: &TensorValue| {
            shadows
                .iter()
                .find(|(v, _)| *v == j)
                .map_or(t.addr, |&(_, a)| a)
        };
        let kargs = args
            .iter()
            .map(|&vi| self.kernel_arg_at(vi, &address))
            .collect::<Result<Vec<_>>>()?;
        self.mark("copy to library", EventKind::Copy, copy_start, None);
        let updates = self.extra_libraries[lib].call(index, &kargs)?;
        let copy_start = self.clock();
        for u in updates {
            self.apply_update(args, u)
                .map_err(|e| e.with_component_id(component, &info.sha256_hex()))?;
        }
        for (vi, sizes, before) in copied {
            let Value::Tensor(t) = self.values[vi].clone() else {
                continue;
            };
            let n = t.nbytes()?;
            let addr = address(vi, &t);
            let now = self.extra_libraries[lib].copy_out(addr, n)?;
            if now.len() != n {
                return Err(broken(format!(
                    "kernels.read returned {} bytes for a {n}-byte tensor",
                    now.len()
                ))
                .with_component_id(component, &info.sha256_hex()));
            }
            if t.sizes != sizes || now != before {
                self.storage.write(t.addr, &now)?;
            }
        }
        self.mark("copy back", EventKind::Copy, copy_start, None);
        Ok(())
    }

    /// Applies what a kernel library reported it changed. Everything in `u` comes from
    /// the component: the argument must exist and have the kind of the update (a
    /// tensor for sizes, an Int for an Int, ...), and a resize must respect the plan.
    fn apply_update(&mut self, args: &[usize], u: KernelUpdate) -> Result<()> {
        let arg = |a: u32| {
            args.get(a as usize).copied().ok_or_else(|| {
                broken(format!(
                    "kernel updated argument {a} of a call with {} arguments",
                    args.len()
                ))
            })
        };
        let scalar = |values: &[Value], vi: usize, want: &str| {
            let have = values[vi].kind();
            if have == want {
                Ok(())
            } else {
                Err(broken(format!(
                    "kernel returned {want} for argument value {vi}, which is a {have}"
                )))
            }
        };
        match u {
            KernelUpdate::TensorSizes((a, sizes)) => {
                let vi = arg(a)?;
                self.resize(vi, sizes)
            }
            KernelUpdate::ListItemSizes((a, item, sizes)) => {
                let vi = arg(a)?;
                let Value::TensorList(items) = &self.values[vi] else {
                    return Err(broken(
                        "kernel resized an item of a value that is not a tensor list".into(),
                    ));
                };
                let j = *items.get(item as usize).ok_or_else(|| {
                    broken(format!(
                        "kernel resized item {item} of a tensor list of {}",
                        items.len()
                    ))
                })?;
                self.resize(j, sizes)
            }
            KernelUpdate::Int((a, v)) => {
                let vi = arg(a)?;
                scalar(&self.values, vi, "Int")?;
                self.values[vi] = Value::Int(v);
                Ok(())
            }
            KernelUpdate::Double((a, v)) => {
                let vi = arg(a)?;
                scalar(&self.values, vi, "Double")?;
                self.values[vi] = Value::Double(v);
                Ok(())
            }
            KernelUpdate::Bool((a, v)) => {
                let vi = arg(a)?;
                scalar(&self.values, vi, "Bool")?;
                self.values[vi] = Value::Bool(v);
                Ok(())
            }
        }
    }

    /// A kernel's resize of value `vi`: a static tensor keeps its planned sizes, a
    /// dynamic one stays within its planned bound and bytes.
    fn resize(&mut self, vi: usize, sizes: Vec<u32>) -> Result<()> {
        let Value::Tensor(t) = &mut self.values[vi] else {
            return Err(broken(format!(
                "kernel resized value {vi}, which is not a tensor"
            )));
        };
        if sizes.len() > crate::program::plan::MAX_RANK {
            return Err(broken(format!(
                "kernel resized value {vi} past rank {}",
                crate::program::plan::MAX_RANK
            )));
        }
        let planned = match &self.program.plans()[self.plan_index].values[vi] {
            ValueDef::Tensor(d) => d,
            _ => {
                return Err(Error::new(
                    ErrorKind::Internal,
                    "tensor value without a tensor plan",
                ))
            }
        };
        check_sizes(planned, t.capacity, &sizes)
            .map_err(|m| broken(format!("kernel resized value {vi}: {m}")))?;
        if sizes.len() != t.sizes.len() {
            t.dim_order = (0..sizes.len() as u8).collect();
        }
        t.sizes = sizes;
        Ok(())
    }

    fn delegate_arg(&mut self, pc: usize, vi: usize) -> Result<Evalue> {
        if let Value::Tensor(t) = &self.values[vi] {
            // The common case, without the round trip through a host `Tensor`.
            let (addr, nbytes) = (t.addr, t.nbytes()?);
            let mut wt = tensor_ref_data(t);
            if let Some(last) = self.handoff.get(vi).copied().flatten() {
                // Handed over by the delegate that wrote it (moved to its last reader).
                let held = self
                    .handed
                    .get_mut(vi)
                    .ok_or_else(|| Error::new(ErrorKind::Internal, "handed value out of range"))?;
                wt.data = if pc == last {
                    held.take()
                } else {
                    held.clone()
                }
                .ok_or_else(|| {
                    Error::new(
                        ErrorKind::Internal,
                        format!("value {vi} is read before the delegate that writes it ran"),
                    )
                })?;
            } else if let Some(last) = self.rereads.get(vi).copied().flatten() {
                let held = self
                    .handed
                    .get_mut(vi)
                    .ok_or_else(|| Error::new(ErrorKind::Internal, "held value out of range"))?;
                let bytes = match held.take() {
                    Some(b) => b,
                    None => self.storage.read(addr, nbytes)?,
                };
                if pc != last {
                    *held = Some(bytes.clone());
                }
                wt.data = bytes;
            } else if self.folded_ready && self.folding.kept.get(vi) == Some(&true) {
                let kept = self
                    .kept_bytes
                    .get_mut(vi)
                    .ok_or_else(|| Error::new(ErrorKind::Internal, "kept value out of range"))?;
                wt.data = match kept {
                    Some(bytes) => bytes.clone(),
                    None => kept.insert(self.storage.read(addr, nbytes)?).clone(),
                };
            } else if nbytes > 0 {
                wt.data = self.storage.read(addr, nbytes)?;
            }
            return Ok(Evalue::Tensor(wt));
        }
        Ok(match self.read_value(vi)? {
            crate::EValue::None => Evalue::None,
            crate::EValue::Int(v) => Evalue::Int(v),
            crate::EValue::Double(v) => Evalue::Double(v),
            crate::EValue::Bool(v) => Evalue::Bool(v),
            crate::EValue::String(s) => Evalue::String(s),
            crate::EValue::Tensor(t) => Evalue::Tensor(wit_tensor(t)),
            crate::EValue::IntList(v) => Evalue::IntList(v),
            crate::EValue::DoubleList(v) => Evalue::DoubleList(v),
            crate::EValue::BoolList(v) => Evalue::BoolList(v),
            crate::EValue::TensorList(v) => {
                Evalue::TensorList(v.into_iter().map(wit_tensor).collect())
            }
        })
    }

    fn delegate_call(&mut self, pc: usize, delegate: usize, args: &[usize]) -> Result<()> {
        let start = self.clock();
        // From contract 1.4 the trailing output arguments go without their bytes: the
        // backend returns the outputs' data and never reads theirs (`execute` in
        // `wit/backend.wit`). Backends built against 1.0-1.3 get them, as before.
        let outputs_carry_bytes = self.backends[self.delegates[delegate].backend]
            .info
            .version
            .delegate_outputs_carry_bytes();
        let first_output = match outputs_carry_bytes {
            true => args.len(),
            false => args.len().saturating_sub(self.delegate_outputs[pc]),
        };
        let inputs = args
            .iter()
            .enumerate()
            .map(|(k, &vi)| match &self.values[vi] {
                // An output tensor's bytes are never read (not even fetched).
                Value::Tensor(t) if k >= first_output => Ok(Evalue::Tensor(tensor_ref_data(t))),
                _ => self.delegate_arg(pc, vi),
            })
            .collect::<Result<Vec<_>>>()?;
        self.mark("copy in", EventKind::Copy, start, Some(pc));
        let slot = self.delegates[delegate].backend;
        let handle = self.delegates[delegate].handle.ok_or_else(|| {
            Error::new(
                ErrorKind::DelegateInvalidHandle,
                "delegate is not initialized",
            )
        })?;
        let info = self.backends[slot].info.clone();
        let component = &info.path;
        let start = self.clock();
        if start.is_some() {
            self.backends[slot].instance.set_profiling(true);
        }
        let result = self.backends[slot].instance.execute(handle, &inputs);
        if let (Some(start), Some(end)) = (start, self.clock()) {
            let instance = &mut self.backends[slot].instance;
            let nodes = instance.take_profile_nodes();
            instance.set_profiling(false);
            if let Some(p) = &mut self.profile {
                // The backend's clock readings, turned into instants inside the call.
                let epoch = crate::component::imports::clock::epoch();
                let at = |ns: u64| (epoch + std::time::Duration::from_nanos(ns)).clamp(start, end);
                for n in nodes {
                    p.record(&n.name, EventKind::Node, at(n.start), at(n.end), Some(pc));
                }
            }
        }
        let outputs = result?;
        self.mark("backend execute", EventKind::Backend, start, Some(pc));
        let start = self.clock();
        let want = self.delegate_outputs[pc];
        if outputs.len() != want {
            return Err(broken(format!(
                "backend returned {} values for a delegate call with {want} output{}",
                outputs.len(),
                if want == 1 { "" } else { "s" }
            ))
            .with_component_id(component, &info.sha256_hex()));
        }
        let first = args.len() - want;
        for (k, out) in outputs.into_iter().enumerate() {
            let vi = args[first + k];
            self.store_output(vi, out).map_err(|e| {
                e.prefixed(format_args!("output {k}"))
                    .with_component_id(component, &info.sha256_hex())
            })?;
        }
        self.mark("copy out", EventKind::Copy, start, Some(pc));
        Ok(())
    }

    /// Writes a delegate's output into value `vi`. The kind and dtype must be the
    /// planned ones, the sizes must fit the plan (see [`check_sizes`]), the dim order
    /// must be a permutation of the rank and the bytes must match the sizes; data in
    /// another dim order than the planned one is converted to it.
    fn store_output(&mut self, vi: usize, out: Evalue) -> Result<()> {
        let program = self.program.clone();
        let planned = match &program.plans()[self.plan_index].values[vi] {
            ValueDef::Tensor(d) => Some(d),
            _ => None,
        };
        match (&self.values[vi], out) {
            (Value::Tensor(t), Evalue::Tensor(o)) => {
                let planned = planned.ok_or_else(|| {
                    Error::new(ErrorKind::Internal, "tensor value without a tensor plan")
                })?;
                let dtype = ScalarType::from_code(o.dtype as i64);
                if dtype != Some(t.dtype) {
                    let got = dtype.map_or_else(|| format!("{:?}", o.dtype), |d| d.to_string());
                    let article = if got.starts_with(['A', 'E', 'I', 'O', 'U']) {
                        "an"
                    } else {
                        "a"
                    };
                    return Err(broken(format!(
                        "backend returned {article} {got} tensor for a {} output",
                        t.dtype
                    )));
                }
                check_sizes(planned, t.capacity, &o.sizes).map_err(broken)?;
                crate::tensor::check_dim_order(&o.dim_order, o.sizes.len())
                    .map_err(|e| broken(e.message))?;
                let numel = o
                    .sizes
                    .iter()
                    .try_fold(1usize, |a, &s| a.checked_mul(s as usize));
                let want = numel.and_then(|n| n.checked_mul(t.dtype.element_size()));
                if want != Some(o.data.len()) {
                    return Err(broken(format!(
                        "backend returned {} bytes for a tensor of sizes {:?}, which holds {}",
                        o.data.len(),
                        o.sizes,
                        want.map_or_else(|| "too many".to_string(), |w| w.to_string())
                    )));
                }
                let (addr, dtype) = (t.addr, t.dtype);
                let data = if o.dim_order != planned.dim_order
                    && o.sizes.len() == planned.dim_order.len()
                {
                    let host = crate::Tensor {
                        dtype,
                        sizes: o.sizes.iter().map(|&s| s as usize).collect(),
                        dim_order: o.dim_order.clone(),
                        data: o.data,
                    };
                    host.to_dim_order(&planned.dim_order)
                        .map_err(|e| broken(e.message))?
                        .data
                } else {
                    o.data
                };
                if self.handoff.get(vi).is_some_and(Option::is_some) {
                    // Only delegates read it: the host hands it over (see `handoff`).
                    if let Some(h) = self.handed.get_mut(vi) {
                        *h = Some(data);
                    }
                } else if !data.is_empty() {
                    self.storage.write(addr, &data)?;
                }
                if let Value::Tensor(t) = &mut self.values[vi] {
                    if o.sizes.len() == planned.dim_order.len() {
                        t.dim_order = planned.dim_order.clone();
                    } else {
                        t.dim_order = o.dim_order;
                    }
                    t.sizes = o.sizes;
                }
            }
            (Value::Int(_), Evalue::Int(v)) => self.values[vi] = Value::Int(v),
            (Value::Double(_), Evalue::Double(v)) => self.values[vi] = Value::Double(v),
            (Value::Bool(_), Evalue::Bool(v)) => self.values[vi] = Value::Bool(v),
            (cur, other) => {
                return Err(broken(format!(
                    "backend returned {} for a {} output",
                    evalue_kind(&other),
                    cur.kind()
                )))
            }
        }
        Ok(())
    }
}

/// An error for a value a component returned that breaks the contract.
fn broken(message: String) -> Error {
    Error::new(ErrorKind::DelegateInvalidCompatibility, message)
}

/// Checks new sizes of a tensor planned as `planned` with `capacity` bytes: a static
/// tensor keeps its planned sizes; a dynamic one keeps its rank (when it has the
/// planned rank, each size stays within the planned bound) and fits its bytes.
fn check_sizes(
    planned: &TensorDef,
    capacity: usize,
    sizes: &[u32],
) -> std::result::Result<(), String> {
    let same_rank = sizes.len() == planned.sizes.len();
    match planned.dynamism {
        ShapeDynamism::Static if sizes != planned.sizes.as_slice() => {
            return Err(format!(
                "sizes {sizes:?} for a static tensor planned as {:?}",
                planned.sizes
            ))
        }
        ShapeDynamism::DynamicBound
            if same_rank && sizes.iter().zip(&planned.sizes).any(|(s, b)| s > b) =>
        {
            return Err(format!(
                "sizes {sizes:?} exceed the planned upper bound {:?}",
                planned.sizes
            ))
        }
        _ => {}
    }
    let bytes = sizes
        .iter()
        .try_fold(planned.dtype.element_size(), |a, &s| {
            a.checked_mul(s as usize)
        });
    match bytes {
        Some(b) if b <= capacity => Ok(()),
        _ => Err(format!(
            "sizes {sizes:?} need more than the {capacity} bytes planned"
        )),
    }
}

/// A tensor value's descriptor as a by-value tensor with no bytes yet.
fn tensor_ref_data(t: &TensorValue) -> wit::Tensor {
    wit::Tensor {
        dtype: to_wit_dtype(t.dtype),
        sizes: t.sizes.clone(),
        dim_order: t.dim_order.clone(),
        data: Vec::new(),
    }
}

fn wit_tensor(t: crate::Tensor) -> wit::Tensor {
    wit::Tensor {
        dtype: to_wit_dtype(t.dtype),
        sizes: t.sizes.iter().map(|&s| s as u32).collect(),
        dim_order: t.dim_order,
        data: t.data,
    }
}

fn evalue_kind(e: &Evalue) -> &'static str {
    match e {
        Evalue::None => "None",
        Evalue::Int(_) => "an Int",
        Evalue::Double(_) => "a Double",
        Evalue::Bool(_) => "a Bool",
        Evalue::String(_) => "a String",
        Evalue::Tensor(_) => "a Tensor",
        Evalue::IntList(_) => "an IntList",
        Evalue::DoubleList(_) => "a DoubleList",
        Evalue::BoolList(_) => "a BoolList",
        Evalue::TensorList(_) => "a TensorList",
        Evalue::OptionalTensorList(_) => "an OptionalTensorList",
    }
}
