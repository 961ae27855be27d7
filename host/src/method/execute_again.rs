//! `backend-execute-again` (contract 2.1): a `DelegateCall` whose arguments are those of
//! the delegate's last `execute` in everything but where its input tensors are runs
//! with only those addresses crossing into the backend, and only the outputs'
//! addresses coming back.
//!
//! A 2.x `execute` lowers a `list<evalue>` into the backend (each tensor's sizes and dim
//! order a list of its own, each reserved with the backend's `cabi_realloc`), and lifts
//! the outputs the same way back; the backend decodes them and checks their layouts.
//! For the step delegate of a recurrent network, called dozens of times per execute
//! with the same layouts, that was a large part of each call (the LSTM language model:
//! about 7 µs of 19 µs per call). The host keeps the arguments of the last successful
//! `execute` of each delegate ([`LastExecute`]) and the layouts of its outputs, which it
//! checked then; a call that matches them calls `execute-again` instead.
//!
//! The rules are the contract's (`wit/backend.wit`): only after a successful `execute`,
//! only when every argument and result is a tensor or a none, int, double or bool and
//! the arguments match but for input addresses; any failure sends the next call to
//! `execute`; `not-supported` sends every later call of that delegate to `execute`.
//! Backends built against 2.0 do not export the call and always get `execute`.
//!
//! The comparison itself is skipped while no value's descriptor has changed since the
//! last one at the same instruction (`Method::descriptor_epoch`, moved by every change
//! of a tensor's sizes or dim order, a scalar, or a value a `MoveCall` replaces): in a
//! recurrent network's steady state nothing changes, and comparing every argument's
//! sizes and dim order was about 2% of the LSTM language model's execute.

use super::delegate_v2::Source;
use super::{Method, Value};
use crate::bindings::to_wit_dtype;
use crate::bindings::types::{Evalue, TensorRef};
use crate::{Error, Result};

/// What the host knows of a delegate's last `execute` (see the module docs).
#[derive(Debug, Default)]
pub(super) enum LastExecute {
    /// No `execute` since the delegate was initialized, or the last call failed, or its
    /// arguments or results were of kinds `execute-again` does not take: the next call
    /// is an `execute`.
    #[default]
    None,
    /// The last call succeeded with these arguments and output layouts.
    Succeeded(Box<Succeeded>),
    /// The backend answered `execute-again` with `not-supported`, or does not export it.
    Unsupported,
}

/// A successful `execute`: its arguments (input addresses aside, what the next call
/// must match) and the output tensors it returned (their addresses aside, what
/// `execute-again` returns them with).
#[derive(Debug)]
pub(super) struct Succeeded {
    args: Vec<Evalue>,
    outputs: Vec<TensorRef>,
    /// The instruction that made the call, and the method's descriptor epoch when its
    /// argument values were last found to match `args`: while it has not moved, they
    /// still do.
    at: usize,
    epoch: u64,
}

impl LastExecute {
    /// The state after an `execute` at instruction `at` with `args` (made from the
    /// values at descriptor epoch `epoch`) returned `outputs`: `Succeeded` when
    /// `execute-again` may follow it, else `None`.
    pub(super) fn after(
        at: usize,
        args: Vec<Evalue>,
        outputs: &[Evalue],
        epoch: u64,
    ) -> LastExecute {
        let scalar_or_tensor = |e: &Evalue| {
            matches!(
                e,
                Evalue::None
                    | Evalue::Int(_)
                    | Evalue::Double(_)
                    | Evalue::Bool(_)
                    | Evalue::Tensor(_)
            )
        };
        if !args.iter().all(scalar_or_tensor) {
            return LastExecute::None;
        }
        let mut tensors = Vec::with_capacity(outputs.len());
        for o in outputs {
            match o {
                Evalue::Tensor(t) => tensors.push(t.clone()),
                _ => return LastExecute::None,
            }
        }
        LastExecute::Succeeded(Box::new(Succeeded {
            args,
            outputs: tensors,
            at,
            epoch,
        }))
    }
}

/// Whether value `v` is what `e` passed, its address aside.
fn same_arg(v: &Value, e: &Evalue) -> bool {
    match (v, e) {
        (Value::Tensor(t), Evalue::Tensor(r)) => {
            to_wit_dtype(t.dtype) == r.dtype && t.sizes == r.sizes && t.dim_order == r.dim_order
        }
        (Value::None, Evalue::None) => true,
        (Value::Int(a), Evalue::Int(b)) => a == b,
        (Value::Double(a), Evalue::Double(b)) => a.to_bits() == b.to_bits(),
        (Value::Bool(a), Evalue::Bool(b)) => a == b,
        _ => false,
    }
}

impl Method {
    /// Turns `execute-again` on or off (on by default): off, every delegate call on a
    /// 2.1+ backend is an `execute`, as on a 2.0 one (to measure what it saves, and to
    /// check that both give the same outputs).
    pub fn set_execute_again(&mut self, on: bool) {
        self.execute_again_on = on;
        for d in &mut self.delegates {
            if matches!(d.last_execute, LastExecute::Succeeded(_)) {
                d.last_execute = LastExecute::None;
            }
        }
    }

    /// Whether delegate calls may use `execute-again` (see [`Method::set_execute_again`]).
    pub fn execute_again(&self) -> bool {
        self.execute_again_on
    }

    /// How many delegate calls ran by `execute-again` since the copy counters were reset
    /// ([`Method::reset_copy_counters`]).
    pub fn executed_again_calls(&self) -> u64 {
        self.executed_again_calls
    }

    /// Runs the `DelegateCall` at `pc` (delegate `delegate`, arguments `args`) by
    /// `execute-again` when it may. `Ok(true)` when it ran; `Ok(false)` when the caller
    /// must call `execute` (no successful `execute` to repeat, arguments that differ,
    /// or the backend answered `not-supported`). An error leaves the next call to
    /// `execute`.
    pub(super) fn delegate_call_again(
        &mut self,
        pc: usize,
        delegate: usize,
        args: &[usize],
    ) -> Result<bool> {
        if !self.execute_again_on {
            return Ok(false);
        }
        let d = &mut self.delegates[delegate];
        let LastExecute::Succeeded(last) = &d.last_execute else {
            return Ok(false);
        };
        // Every change of a value's descriptor moves the epoch: while it stays where
        // the last comparison left it, the values still match.
        let epoch = self.descriptor_epoch;
        let matches = (last.at == pc && last.epoch == epoch)
            || (last.args.len() == args.len()
                && args
                    .iter()
                    .zip(&last.args)
                    .all(|(&vi, e)| same_arg(&self.values[vi], e)));
        if !matches {
            return Ok(false);
        }
        // Taken out while the call runs: an error leaves `None`, so the next call is an
        // `execute`; success puts it back.
        let LastExecute::Succeeded(mut last) = std::mem::take(&mut d.last_execute) else {
            return Ok(false);
        };
        (last.at, last.epoch) = (pc, epoch);
        let (slot, handle) = match d.handle {
            Some(h) => (d.backend, h),
            None => return Ok(false),
        };
        let info = self.backends[slot].info.clone();
        let want = last.outputs.len();
        let first = args.len() - want;
        let start = self.clock();
        let mut addresses = std::mem::take(&mut self.again_addresses);
        addresses.clear();
        for (k, &vi) in args[..first].iter().enumerate() {
            let address = match &self.values[vi] {
                Value::Tensor(t) => {
                    let src = Source::of(t)?;
                    self.input_into_backend(pc, delegate, k, vi, src, &mut Vec::new())?
                }
                _ => 0,
            };
            addresses.push(address);
        }
        self.mark("copy in", super::profile::EventKind::Copy, start, Some(pc));
        let start = self.clock();
        self.begin_backend_profile(slot, start);
        let result = self.backends[slot]
            .instance
            .execute_again(handle, &addresses);
        self.again_addresses = addresses;
        self.end_backend_profile(slot, pc, start);
        let Some(outputs) = result? else {
            self.delegates[delegate].last_execute = LastExecute::Unsupported;
            return Ok(false);
        };
        self.mark(
            "backend execute",
            super::profile::EventKind::Backend,
            start,
            Some(pc),
        );
        let start = self.clock();
        let component = &info.path;
        if outputs.len() != want {
            return Err(super::broken(format!(
                "backend-execute-again returned {} addresses for a delegate call with {want} output{}",
                outputs.len(),
                if want == 1 { "" } else { "s" }
            ))
            .with_component_id(component, &info.sha256_hex()));
        }
        for (k, (o, address)) in last.outputs.iter_mut().zip(outputs).enumerate() {
            o.address = address;
            self.store_tensor_output_v2(slot, args[first + k], o)
                .map_err(|e: Error| {
                    e.prefixed(format_args!("output {k}"))
                        .with_component_id(component, &info.sha256_hex())
                })?;
        }
        self.executed_again_calls += 1;
        self.delegates[delegate].last_execute = LastExecute::Succeeded(last);
        self.mark("copy out", super::profile::EventKind::Copy, start, Some(pc));
        Ok(true)
    }
}
