//! Delegates: initializing them in their backends at load ([`Method::init_delegates`])
//! and a `DelegateCall`: its arguments as the backend receives them (what each contract
//! version says the output arguments carry), the call, and its outputs checked and
//! stored ([`Method::store_output`]).

use std::borrow::Cow;
use std::sync::Arc;
use std::time::Instant;

use wasmtime::component::ResourceAny;

use super::delegate_v2::InputBlock;
use super::execute_again::LastExecute;
use super::profile::EventKind;
use super::sizes::check_sizes;
use super::{broken, Method, TensorValue, Value};
use crate::component::{BackendInstance, ComponentInfo};
use crate::program::{Program, TensorDef, ValueDef};
use crate::ScalarType;
use crate::{Error, ErrorKind, Registry, Result};

/// A delegate of the method, initialized in a backend instance.
pub(super) struct Delegate {
    /// Index into `Method::backends`.
    pub(super) backend: usize,
    pub(super) handle: Option<ResourceAny>,
    /// 2.x backends: the block of the backend's memory kept for each input argument
    /// (see `delegate_v2`).
    pub(super) input_blocks: Vec<Option<InputBlock>>,
    /// 2.1+ backends: what `execute-again` may repeat (see `execute_again`).
    pub(super) last_execute: LastExecute,
}

/// One backend component instance serving the method's delegates.
pub(super) struct BackendSlot {
    pub(super) info: Arc<ComponentInfo>,
    pub(super) instance: BackendInstance,
    /// Delegate indices (into the plan) this instance initialized.
    pub(super) delegates: Vec<usize>,
}

impl Method {
    pub(super) fn init_delegates(&mut self, registry: &Registry) -> Result<()> {
        let program = self.program.clone();
        let plan = &program.plans()[self.plan_index];
        for (di, d) in plan.delegates.iter().enumerate() {
            let comp = registry.backend(&d.id).ok_or_else(|| {
                Error::new(
                    ErrorKind::NotFound,
                    format!("backend {} is not registered", d.id),
                )
            })?;
            let slot = match self
                .backends
                .iter()
                .position(|b| Arc::ptr_eq(&b.info, &comp.info))
            {
                Some(s) => s,
                None => {
                    let mut instance = BackendInstance::new(&comp.info)?;
                    let availability = instance
                        .availability(&d.id)
                        .map_err(|e| e.with_backend(&d.id))?;
                    if !availability.available {
                        let why = availability.detail.unwrap_or_default();
                        return Err(Error::new(
                            ErrorKind::NotSupported,
                            format!("{} is not available on this machine: {why}", d.id),
                        )
                        .with_backend(&d.id)
                        .with_component_id(&comp.info.path, &comp.info.sha256_hex()));
                    }
                    self.backends.push(BackendSlot {
                        info: comp.info.clone(),
                        instance,
                        delegates: Vec::new(),
                    });
                    self.backends.len() - 1
                }
            };
            self.backends[slot].delegates.push(di);
            self.delegates.push(Delegate {
                backend: slot,
                handle: None,
                input_blocks: Vec::new(),
                last_execute: LastExecute::None,
            });
        }
        for di in 0..self.delegates.len() {
            self.init_delegate(di)?;
            // What the backend took from the file (its blob, named data) is in its
            // memory or packed by the host now.
            program.release_pages();
        }
        Ok(())
    }

    pub(super) fn init_delegate(&mut self, di: usize) -> Result<()> {
        let program = self.program.clone();
        let d = &program.plans()[self.plan_index].delegates[di];
        let specs: Vec<_> = d
            .compile_specs
            .iter()
            .map(|(k, v)| crate::bindings::backend_interface::CompileSpec {
                key: k.clone(),
                value: v.clone(),
            })
            .collect();
        let slot = self.delegates[di].backend;
        let handle = self.backends[slot]
            .instance
            .init(
                &d.id,
                program.delegate_data(d),
                &specs,
                self.named_data.clone(),
            )
            .map_err(|e| e.with_backend(&d.id))?;
        let d = &mut self.delegates[di];
        d.handle = Some(handle);
        // A fresh handle (at load, or in a new instance after a trap): nothing of the
        // old one's blocks or calls applies to it.
        d.input_blocks.clear();
        d.last_execute = if self.backends[slot].instance.can_execute_again() {
            LastExecute::None
        } else {
            LastExecute::Unsupported
        };
        Ok(())
    }

    pub(super) fn delegate_call(
        &mut self,
        pc: usize,
        delegate: usize,
        args: &[usize],
    ) -> Result<()> {
        let slot = self.delegates[delegate].backend;
        let info = self.backends[slot].info.clone();
        let handle = self.delegates[delegate].handle.ok_or_else(|| {
            Error::new(
                ErrorKind::DelegateInvalidHandle,
                "delegate is not initialized",
            )
        })?;
        let want = self.delegate_outputs[pc];
        if info.version.major == 2 && self.delegate_call_again(pc, delegate, args)? {
            return Ok(());
        }
        // An `execute` that fails leaves nothing for `execute-again` to repeat.
        let d = &mut self.delegates[delegate];
        if matches!(d.last_execute, LastExecute::Succeeded(_)) {
            d.last_execute = LastExecute::None;
        }
        let start = self.clock();
        let mut temporary = Vec::new();
        let epoch = self.descriptor_epoch;
        let inputs = if info.version.major == 1 {
            Args::V1(self.delegate_args_v1(pc, args, want, info.version)?)
        } else {
            Args::V2(self.delegate_args_v2(pc, delegate, args, want, &mut temporary)?)
        };
        self.delegate_bytes.0 += match &inputs {
            Args::V1(a) => a.iter().map(v1_tensor_bytes).sum(),
            Args::V2(_) => 0, // counted as copied (`delegate_v2`)
        };
        self.mark("copy in", EventKind::Copy, start, Some(pc));
        let start = self.clock();
        self.begin_backend_profile(slot, start);
        let instance = &mut self.backends[slot].instance;
        let result = match &inputs {
            Args::V1(a) => instance.execute_v1(handle, a).map(Args::V1),
            Args::V2(a) => instance.execute_v2(handle, a).map(Args::V2),
        };
        self.end_backend_profile(slot, pc, start);
        let outputs = result?;
        self.mark("backend execute", EventKind::Backend, start, Some(pc));
        let start = self.clock();
        let got = match &outputs {
            Args::V1(o) => o.len(),
            Args::V2(o) => o.len(),
        };
        let component = &info.path;
        if got != want {
            return Err(broken(format!(
                "backend returned {got} values for a delegate call with {want} output{}",
                if want == 1 { "" } else { "s" }
            ))
            .with_component_id(component, &info.sha256_hex()));
        }
        let first = args.len() - want;
        let named = |k: usize, e: Error| {
            e.prefixed(format_args!("output {k}"))
                .with_component_id(component, &info.sha256_hex())
        };
        match outputs {
            Args::V1(outputs) => {
                self.delegate_bytes.1 += outputs.iter().map(v1_tensor_bytes).sum::<u64>();
                for (k, out) in outputs.into_iter().enumerate() {
                    self.store_output(args[first + k], out)
                        .map_err(|e| named(k, e))?;
                }
            }
            Args::V2(outputs) => {
                let repeatable = temporary.is_empty()
                    && !matches!(
                        self.delegates[delegate].last_execute,
                        LastExecute::Unsupported
                    );
                let last = match (repeatable, inputs) {
                    (true, Args::V2(args)) => LastExecute::after(pc, args, &outputs, epoch),
                    _ => LastExecute::None,
                };
                for (k, out) in outputs.into_iter().enumerate() {
                    self.store_output_v2(slot, args[first + k], out)
                        .map_err(|e| named(k, e))?;
                }
                for address in temporary {
                    self.backends[slot].instance.free(address)?;
                }
                if !matches!(last, LastExecute::None) {
                    self.delegates[delegate].last_execute = last;
                }
            }
        }
        self.mark("copy out", EventKind::Copy, start, Some(pc));
        Ok(())
    }

    /// Turns the backend's `profiling` import on for the call about to start, when the
    /// method is profiled (`start` is `Some`).
    pub(super) fn begin_backend_profile(&mut self, slot: usize, start: Option<Instant>) {
        if start.is_some() {
            self.backends[slot].instance.set_profiling(true);
        }
    }

    /// Records the nodes the backend reported during the call at `pc` that began at
    /// `start`, and turns its `profiling` import off again.
    pub(super) fn end_backend_profile(&mut self, slot: usize, pc: usize, start: Option<Instant>) {
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
    }
}

/// Checks a delegate's output tensor against the value it is stored into (whatever the
/// contract major): the value's dtype (`dtype` is the backend's, with `shown` naming it
/// when it is no ExecuTorch type), sizes the plan allows ([`check_sizes`]), a dim order
/// that is a permutation of the rank. Returns the bytes those sizes hold (`None` when
/// they overflow).
pub(super) fn check_output_tensor(
    t: &TensorValue,
    planned: &TensorDef,
    dtype: Option<ScalarType>,
    shown: impl FnOnce() -> String,
    sizes: &[u32],
    dim_order: &[u8],
) -> Result<Option<usize>> {
    if dtype != Some(t.dtype) {
        let got = dtype.map_or_else(shown, |d| d.to_string());
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
    check_sizes(planned, t.capacity, sizes).map_err(broken)?;
    crate::tensor::check_dim_order(dim_order, sizes.len()).map_err(|e| broken(e.message))?;
    Ok(sizes
        .iter()
        .try_fold(t.dtype.element_size(), |a, &s| a.checked_mul(s as usize)))
}

/// A delegate's output that is not a tensor, in the terms both contract majors share.
pub(super) enum OtherOutput {
    Int(i64),
    Double(f64),
    Bool(bool),
    /// Any other kind, named with its article ("a String").
    Kind(&'static str),
}

/// The case of an `evalue` of either major, named with its article ("a Tensor"): both
/// majors have the same cases.
macro_rules! evalue_kind {
    ($e:expr, $t:ident) => {
        match $e {
            $t::None => "None",
            $t::Int(_) => "an Int",
            $t::Double(_) => "a Double",
            $t::Bool(_) => "a Bool",
            $t::String(_) => "a String",
            $t::Tensor(_) => "a Tensor",
            $t::IntList(_) => "an IntList",
            $t::DoubleList(_) => "a DoubleList",
            $t::BoolList(_) => "a BoolList",
            $t::TensorList(_) => "a TensorList",
            $t::OptionalTensorList(_) => "an OptionalTensorList",
        }
    };
}
pub(super) use evalue_kind;

/// `data` (a `dtype` tensor of `sizes` in `dim_order`) in the planned dim order:
/// unchanged when it is in it already, or when its rank is not the plan's (then it is
/// kept as the backend laid it out).
pub(super) fn in_planned_order<'a>(
    dtype: ScalarType,
    sizes: &[u32],
    dim_order: &[u8],
    data: Cow<'a, [u8]>,
    planned: &TensorDef,
) -> Result<Cow<'a, [u8]>> {
    if dim_order == planned.dim_order.as_slice() || sizes.len() != planned.dim_order.len() {
        return Ok(data);
    }
    let host = crate::Tensor {
        dtype,
        sizes: sizes.iter().map(|&s| s as usize).collect(),
        dim_order: dim_order.to_vec(),
        data: data.into_owned(),
    };
    let reordered = host
        .to_dim_order(&planned.dim_order)
        .map_err(|e| broken(e.message))?;
    Ok(Cow::Owned(reordered.data))
}

/// The plan of tensor value `vi` in plan `plan` of `program`.
pub(super) fn planned_tensor(program: &Program, plan: usize, vi: usize) -> Result<&TensorDef> {
    match &program.plans()[plan].values[vi] {
        ValueDef::Tensor(d) => Ok(d),
        _ => Err(Error::new(
            ErrorKind::Internal,
            "tensor value without a tensor plan",
        )),
    }
}

impl Method {
    /// Records a stored output's sizes and dim order on value `vi` (the planned order,
    /// which the bytes were put in, unless the rank differs).
    pub(super) fn set_output_shape(
        &mut self,
        vi: usize,
        planned: &TensorDef,
        sizes: &[u32],
        dim_order: &[u8],
    ) {
        if let Value::Tensor(t) = &mut self.values[vi] {
            if sizes.len() != planned.dim_order.len() {
                if t.dim_order != dim_order {
                    t.dim_order = dim_order.to_vec();
                    self.descriptor_epoch += 1;
                    self.sizes_epoch += 1;
                }
            } else if t.dim_order != planned.dim_order {
                t.dim_order.clone_from(&planned.dim_order);
                self.descriptor_epoch += 1;
                self.sizes_epoch += 1;
            }
            if t.sizes != sizes {
                t.sizes = sizes.to_vec();
                self.descriptor_epoch += 1;
                self.sizes_epoch += 1;
            }
        }
    }

    /// Stores a non-tensor output into value `vi`, whose kind it must have.
    pub(super) fn store_other_output(&mut self, vi: usize, out: OtherOutput) -> Result<()> {
        let new = match (&self.values[vi], out) {
            (Value::Int(_), OtherOutput::Int(v)) => Value::Int(v),
            (Value::Double(_), OtherOutput::Double(v)) => Value::Double(v),
            (Value::Bool(_), OtherOutput::Bool(v)) => Value::Bool(v),
            (cur, other) => {
                let got = match other {
                    OtherOutput::Int(_) => "an Int",
                    OtherOutput::Double(_) => "a Double",
                    OtherOutput::Bool(_) => "a Bool",
                    OtherOutput::Kind(k) => k,
                };
                return Err(broken(format!(
                    "backend returned {got} for a {} output",
                    cur.kind()
                )));
            }
        };
        self.set_scalar(vi, new);
        Ok(())
    }
}

/// The tensor bytes a 1.x value carries.
fn v1_tensor_bytes(e: &crate::bindings::v1::types::Evalue) -> u64 {
    use crate::bindings::v1::types::Evalue as E;
    match e {
        E::Tensor(t) => t.data.len() as u64,
        E::TensorList(l) => l.iter().map(|t| t.data.len() as u64).sum(),
        E::OptionalTensorList(l) => l.iter().flatten().map(|t| t.data.len() as u64).sum(),
        _ => 0,
    }
}

/// A delegate call's arguments or results in the form the backend's contract major
/// takes them.
enum Args {
    V1(Vec<crate::bindings::v1::types::Evalue>),
    V2(Vec<crate::bindings::types::Evalue>),
}
