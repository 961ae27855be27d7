//! The instruction loop of [`Method::execute`].

use std::time::Instant;

use super::profile::EventKind;
use super::sizes::check_sizes;
use super::{broken, Method, TensorValue, Value};
use crate::bindings::kernels::KernelUpdate;
use crate::bindings::to_wit_dtype;
use crate::bindings::types::{Evalue, TensorRef};
use crate::program::{Instruction, ValueDef};
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
            if self.batch.enabled && !self.batch.stopped {
                let runs = if self.folded_ready {
                    &self.batch.runs_folded
                } else {
                    &self.batch.runs
                };
                if let Some(run) = runs.get(pc).cloned().flatten() {
                    match self.run_batch(pc, &run.calls, run.end, last) {
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
            // A skipped copy's outputs are its input's bytes already (`copy_elision`).
            if self.elided_at(pc) {
                self.host_copied_calls += 1;
                self.elided_calls += 1;
                pc += 1;
                continue;
            }
            let (next, event) = match &plan.instructions[pc] {
                Instruction::Kernel { op, args } => {
                    let name = &plan.operators[*op];
                    let by_host = match self.host_copy_at(pc) {
                        Some(kind) => self.host_copy(pc, kind, args),
                        None if self.cache_update_at(pc) => self.host_cache_update(*op, args),
                        None => Ok(false),
                    };
                    let ran = by_host.and_then(|done| match done {
                        true => Ok(()),
                        false => self.kernel_call(*op, args),
                    });
                    ran.map_err(|e| e.with_instruction(pc).with_operator(name.clone()))?;
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
                    self.descriptor_epoch += 1;
                    self.sizes_epoch += 1;
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

    pub(super) fn truth(&mut self, vi: usize) -> Result<bool> {
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

    pub(super) fn kernel_arg(&self, vi: usize) -> Result<Evalue> {
        self.kernel_arg_at(vi, &|_, t| t.addr)
    }

    /// The kernel argument for value `vi`, each tensor `j` at `address(j, tensor)`.
    pub(super) fn kernel_arg_at(
        &self,
        vi: usize,
        address: &dyn Fn(usize, &TensorValue) -> u32,
    ) -> Result<Evalue> {
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
            Value::None => Evalue::None,
            Value::Int(v) => Evalue::Int(*v),
            Value::Double(v) => Evalue::Double(*v),
            Value::Bool(v) => Evalue::Bool(*v),
            Value::String(s) => Evalue::String(s.clone()),
            Value::Tensor(t) => Evalue::Tensor(at(vi, t)),
            Value::IntList(items) => Evalue::IntList(self.resolve_int_list(items)?),
            Value::DoubleList(v) => Evalue::DoubleList(v.clone()),
            Value::BoolList(v) => Evalue::BoolList(v.clone()),
            Value::TensorList(items) => {
                Evalue::TensorList(items.iter().map(|&j| tensor_at(j)).collect::<Result<_>>()?)
            }
            Value::OptionalTensorList(items) => Evalue::OptionalTensorList(
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

    pub(super) fn kernel_call(&mut self, op: usize, args: &[usize]) -> Result<()> {
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

    /// Applies what a kernel library reported it changed. Everything in `u` comes from
    /// the component: the argument must exist and have the kind of the update (a
    /// tensor for sizes, an Int for an Int, ...), and a resize must respect the plan.
    pub(super) fn apply_update(&mut self, args: &[usize], u: KernelUpdate) -> Result<()> {
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
                self.set_scalar(vi, Value::Int(v));
                Ok(())
            }
            KernelUpdate::Double((a, v)) => {
                let vi = arg(a)?;
                scalar(&self.values, vi, "Double")?;
                self.set_scalar(vi, Value::Double(v));
                Ok(())
            }
            KernelUpdate::Bool((a, v)) => {
                let vi = arg(a)?;
                scalar(&self.values, vi, "Bool")?;
                self.set_scalar(vi, Value::Bool(v));
                Ok(())
            }
        }
    }

    /// Sets scalar value `vi` to `v`; a change moves the descriptor epoch (see
    /// `execute_again`).
    pub(super) fn set_scalar(&mut self, vi: usize, v: Value) {
        if self.values[vi] != v {
            self.values[vi] = v;
            self.descriptor_epoch += 1;
        }
    }

    /// A kernel's resize of value `vi`: a static tensor keeps its planned sizes, a
    /// dynamic one stays within its planned bound and bytes.
    pub(super) fn resize(&mut self, vi: usize, sizes: Vec<u32>) -> Result<()> {
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
            self.sizes_epoch += 1;
        }
        if t.sizes != sizes {
            t.sizes = sizes;
            self.sizes_epoch += 1;
        }
        self.descriptor_epoch += 1;
        Ok(())
    }
}
