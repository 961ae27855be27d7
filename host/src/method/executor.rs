//! The instruction loop of [`Method::execute`].

use super::{Method, TensorValue, Value};
use crate::bindings::kernels::{KernelArg, KernelUpdate, TensorRef};
use crate::bindings::types::{self as wit, Evalue};
use crate::program::Instruction;
use crate::{Error, ErrorKind, Result, ScalarType};

/// Converts a host dtype to the WIT enum (same codes).
pub(crate) fn to_wit_dtype(t: ScalarType) -> wit::ScalarType {
    use wit::ScalarType as W;
    use ScalarType as S;
    match t {
        S::Byte => W::Byte,
        S::Char => W::Char,
        S::Short => W::Short,
        S::Int => W::Int,
        S::Long => W::Long,
        S::Half => W::Half,
        S::Float => W::Float,
        S::Double => W::Double,
        S::ComplexHalf => W::ComplexHalf,
        S::ComplexFloat => W::ComplexFloat,
        S::ComplexDouble => W::ComplexDouble,
        S::Bool => W::Bool,
        S::QInt8 => W::Qint8,
        S::QUInt8 => W::Quint8,
        S::QInt32 => W::Qint32,
        S::BFloat16 => W::Bfloat16,
        S::QUInt4x2 => W::Quint4x2,
        S::QUInt2x4 => W::Quint2x4,
        S::Bits1x8 => W::Bits1x8,
        S::Bits2x4 => W::Bits2x4,
        S::Bits4x2 => W::Bits4x2,
        S::Bits8 => W::Bits8,
        S::Bits16 => W::Bits16,
        S::Float8E5m2 => W::Float8E5m2,
        S::Float8E4m3fn => W::Float8E4m3fn,
        S::Float8E5m2fnuz => W::Float8E5m2fnuz,
        S::Float8E4m3fnuz => W::Float8E4m3fnuz,
        S::UInt16 => W::Uint16,
        S::UInt32 => W::Uint32,
        S::UInt64 => W::Uint64,
    }
}

/// Converts a WIT dtype to the host enum.
pub(crate) fn from_wit_dtype(t: wit::ScalarType) -> ScalarType {
    ScalarType::from_code(t as i64).unwrap_or(ScalarType::Byte)
}

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
        while pc < plan.instructions.len() {
            steps += 1;
            if steps > limit {
                return Err(Error::new(
                    ErrorKind::InvalidProgram,
                    "the chain does not terminate",
                ));
            }
            if self.batch.enabled {
                if let Some(end) = self.batch.run_end[pc] {
                    match self.run_batch(pc, end) {
                        Ok(Some(next)) => {
                            pc = next;
                            continue;
                        }
                        Ok(None) => {}
                        Err(e) => return Err(e),
                    }
                }
            }
            let next = match &plan.instructions[pc] {
                Instruction::Kernel { op, args } => {
                    let name = &plan.operators[*op];
                    self.kernel_call(*op, args)
                        .map_err(|e| e.with_instruction(pc).with_operator(name.clone()))?;
                    pc + 1
                }
                Instruction::Delegate { delegate, args } => {
                    let id = &plan.delegates[*delegate].id;
                    self.delegate_call(*delegate, args)
                        .map_err(|e| e.with_instruction(pc).with_backend(id.clone()))?;
                    pc + 1
                }
                Instruction::Move { from, to } => {
                    self.values[*to] = self.values[*from].clone();
                    pc + 1
                }
                Instruction::JumpFalse { cond, destination } => {
                    let c = self.truth(*cond).map_err(|e| e.with_instruction(pc))?;
                    if c {
                        pc + 1
                    } else {
                        *destination
                    }
                }
                Instruction::Free { .. } => pc + 1,
            };
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
            let index = self.op_table[*op].ok_or_else(|| {
                Error::new(ErrorKind::OperatorMissing, "operator was not resolved")
            })?;
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

    /// Runs the kernel calls `pc..end` in one crossing. Returns the next instruction,
    /// or `None` when batching is unavailable (the caller then runs `pc` by itself).
    fn run_batch(&mut self, pc: usize, end: usize) -> Result<Option<usize>> {
        if !self.batch.prepared && !self.prepare_all()? {
            return Ok(None);
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
        match lib.run_prepared(&self.batch.ids[pc..end]) {
            Ok((ran, updates)) => {
                let last = pc + (ran as usize).max(1) - 1;
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
                        self.apply_update(args, u)
                            .map_err(|e| e.with_instruction(last).with_operator(op_name(last)))?;
                    }
                }
                Ok(Some(pc + ran as usize))
            }
            Err((pos, e)) => {
                let at = pc + pos as usize;
                Err(e.with_instruction(at).with_operator(op_name(at)))
            }
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
        let tensor_at = |j: usize| match &self.values[j] {
            Value::Tensor(t) => Ok(tensor_ref(t)),
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
            Value::Tensor(t) => KernelArg::Tensor(tensor_ref(t)),
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
        let index = self.op_table[op]
            .ok_or_else(|| Error::new(ErrorKind::OperatorMissing, "operator was not resolved"))?;
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
        let updates = lib.call(index, &kargs)?;
        for u in updates {
            self.apply_update(args, u)?;
        }
        Ok(())
    }

    fn apply_update(&mut self, args: &[usize], u: KernelUpdate) -> Result<()> {
        let arg = |a: u32| {
            args.get(a as usize).copied().ok_or_else(|| {
                Error::new(
                    ErrorKind::Internal,
                    format!("kernel updated argument {a}, which does not exist"),
                )
            })
        };
        match u {
            KernelUpdate::TensorSizes((a, sizes)) => {
                let vi = arg(a)?;
                self.resize(vi, sizes)
            }
            KernelUpdate::ListItemSizes((a, item, sizes)) => {
                let vi = arg(a)?;
                let Value::TensorList(items) = &self.values[vi] else {
                    return Err(Error::new(
                        ErrorKind::Internal,
                        "kernel resized an item of a value that is not a tensor list",
                    ));
                };
                let j = *items.get(item as usize).ok_or_else(|| {
                    Error::new(
                        ErrorKind::Internal,
                        "kernel resized a list item that does not exist",
                    )
                })?;
                self.resize(j, sizes)
            }
            KernelUpdate::Int((a, v)) => {
                let vi = arg(a)?;
                self.values[vi] = Value::Int(v);
                Ok(())
            }
            KernelUpdate::Double((a, v)) => {
                let vi = arg(a)?;
                self.values[vi] = Value::Double(v);
                Ok(())
            }
            KernelUpdate::Bool((a, v)) => {
                let vi = arg(a)?;
                self.values[vi] = Value::Bool(v);
                Ok(())
            }
        }
    }

    fn resize(&mut self, vi: usize, sizes: Vec<u32>) -> Result<()> {
        let Value::Tensor(t) = &mut self.values[vi] else {
            return Err(Error::new(
                ErrorKind::Internal,
                format!("kernel resized value {vi}, which is not a tensor"),
            ));
        };
        if sizes.len() > crate::program::plan::MAX_RANK {
            return Err(Error::new(
                ErrorKind::InvalidArgument,
                "kernel resized a tensor past rank 16",
            ));
        }
        let nbytes = sizes
            .iter()
            .try_fold(t.dtype.element_size(), |a, &s| a.checked_mul(s as usize))
            .filter(|&n| n <= t.capacity)
            .ok_or_else(|| {
                Error::new(
                    ErrorKind::InvalidArgument,
                    format!(
                        "output resized to {sizes:?}, larger than the {} bytes planned for it",
                        t.capacity
                    ),
                )
            })?;
        let _ = nbytes;
        if sizes.len() != t.sizes.len() {
            t.dim_order = (0..sizes.len() as u8).collect();
        }
        t.sizes = sizes;
        Ok(())
    }

    fn delegate_arg(&mut self, vi: usize) -> Result<Evalue> {
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

    fn delegate_call(&mut self, delegate: usize, args: &[usize]) -> Result<()> {
        let inputs = args
            .iter()
            .map(|&vi| self.delegate_arg(vi))
            .collect::<Result<Vec<_>>>()?;
        let slot = self.delegates[delegate].backend;
        let handle = self.delegates[delegate].handle.ok_or_else(|| {
            Error::new(
                ErrorKind::DelegateInvalidHandle,
                "delegate is not initialized",
            )
        })?;
        let outputs = self.backends[slot].instance.execute(handle, &inputs)?;
        if outputs.len() > args.len() {
            return Err(Error::new(
                ErrorKind::DelegateInvalidCompatibility,
                format!(
                    "backend returned {} outputs for a call with {} arguments",
                    outputs.len(),
                    args.len()
                ),
            ));
        }
        let first = args.len() - outputs.len();
        for (k, out) in outputs.into_iter().enumerate() {
            let vi = args[first + k];
            self.store_output(vi, out)?;
        }
        Ok(())
    }

    fn store_output(&mut self, vi: usize, out: Evalue) -> Result<()> {
        match (&self.values[vi], out) {
            (Value::Tensor(t), Evalue::Tensor(o)) => {
                let dtype = from_wit_dtype(o.dtype);
                if dtype != t.dtype {
                    return Err(Error::new(
                        ErrorKind::DelegateInvalidCompatibility,
                        format!("backend returned a {dtype} tensor for a {} output", t.dtype),
                    ));
                }
                let numel = o
                    .sizes
                    .iter()
                    .try_fold(1usize, |a, &s| a.checked_mul(s as usize));
                let want = numel.and_then(|n| n.checked_mul(dtype.element_size()));
                if want != Some(o.data.len())
                    || o.data.len() > t.capacity
                    || o.dim_order.len() != o.sizes.len()
                {
                    return Err(Error::new(
                        ErrorKind::DelegateInvalidCompatibility,
                        format!(
                            "backend returned a tensor of sizes {:?} with {} bytes, which does not fit the {} bytes planned",
                            o.sizes,
                            o.data.len(),
                            t.capacity
                        ),
                    ));
                }
                let addr = t.addr;
                if !o.data.is_empty() {
                    self.storage.write(addr, &o.data)?;
                }
                if let Value::Tensor(t) = &mut self.values[vi] {
                    t.sizes = o.sizes;
                    t.dim_order = o.dim_order;
                }
            }
            (_, Evalue::Int(v)) => self.values[vi] = Value::Int(v),
            (_, Evalue::Double(v)) => self.values[vi] = Value::Double(v),
            (_, Evalue::Bool(v)) => self.values[vi] = Value::Bool(v),
            (cur, other) => {
                return Err(Error::new(
                    ErrorKind::DelegateInvalidCompatibility,
                    format!(
                        "backend returned {} for a {} output",
                        evalue_kind(&other),
                        cur.kind()
                    ),
                ))
            }
        }
        Ok(())
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
