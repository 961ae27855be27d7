//! A `DelegateCall` on a backend built against contract 1.x: tensors by value.
//!
//! The backend gets `tensor`s with their bytes (each read out of the storage into a
//! host buffer, then lowered into the backend) and returns its outputs the same way;
//! what each 1.x minor says the output arguments carry is
//! [`ContractVersion::delegate_outputs_carry_bytes`](crate::component::ContractVersion::delegate_outputs_carry_bytes).
//! The bytes of values only delegates read are handed from delegate to delegate in
//! host buffers instead of going through the storage ([`super::handoff`]).

use std::borrow::Cow;

use super::delegate::{
    check_output_tensor, evalue_kind, in_planned_order, planned_tensor, OtherOutput,
};
use super::{broken, Method, TensorValue, Value};
use crate::bindings::to_wit_dtype;
use crate::bindings::v1::convert::Cv;
use crate::bindings::v1::types::{self as wit, Evalue};
use crate::{Error, ErrorKind, Result, ScalarType};

/// A tensor value's descriptor as a by-value tensor with no bytes yet.
pub(super) fn tensor_ref_data(t: &TensorValue) -> wit::Tensor {
    wit::Tensor {
        dtype: to_wit_dtype(t.dtype).cv(),
        sizes: t.sizes.clone(),
        dim_order: t.dim_order.clone(),
        data: Vec::new(),
    }
}

pub(super) fn wit_tensor(t: crate::Tensor) -> wit::Tensor {
    wit::Tensor {
        dtype: to_wit_dtype(t.dtype).cv(),
        sizes: t.sizes.iter().map(|&s| s as u32).collect(),
        dim_order: t.dim_order,
        data: t.data,
    }
}

impl Method {
    /// The arguments of a 1.x `execute`: tensors with their bytes, except output
    /// arguments from 1.4 on (see the module docs).
    pub(super) fn delegate_args_v1(
        &mut self,
        pc: usize,
        args: &[usize],
        n_outputs: usize,
        version: crate::component::ContractVersion,
    ) -> Result<Vec<Evalue>> {
        // From contract 1.4 the trailing output arguments go without their bytes: the
        // backend returns the outputs' data and never reads theirs (`execute` in
        // `wit/1.4.0/backend.wit`). Backends built against 1.0-1.3 get them, as before.
        let first_output = match version.delegate_outputs_carry_bytes() {
            true => args.len(),
            false => args.len().saturating_sub(n_outputs),
        };
        args.iter()
            .enumerate()
            .map(|(k, &vi)| match &self.values[vi] {
                // An output tensor's bytes are never read (not even fetched).
                Value::Tensor(t) if k >= first_output => Ok(Evalue::Tensor(tensor_ref_data(t))),
                _ => self.delegate_arg(pc, vi),
            })
            .collect()
    }

    pub(super) fn delegate_arg(&mut self, pc: usize, vi: usize) -> Result<Evalue> {
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

    /// Writes a delegate's output into value `vi`. The kind and dtype must be the
    /// planned ones, the sizes must fit the plan (see [`check_sizes`]), the dim order
    /// must be a permutation of the rank and the bytes must match the sizes; data in
    /// another dim order than the planned one is converted to it.
    pub(super) fn store_output(&mut self, vi: usize, out: Evalue) -> Result<()> {
        let o = match out {
            Evalue::Tensor(o) if matches!(self.values[vi], Value::Tensor(_)) => o,
            Evalue::Int(v) => return self.store_other_output(vi, OtherOutput::Int(v)),
            Evalue::Double(v) => return self.store_other_output(vi, OtherOutput::Double(v)),
            Evalue::Bool(v) => return self.store_other_output(vi, OtherOutput::Bool(v)),
            other => {
                let kind = OtherOutput::Kind(evalue_kind!(&other, Evalue));
                return self.store_other_output(vi, kind);
            }
        };
        let Value::Tensor(t) = &self.values[vi] else {
            return Err(Error::new(
                ErrorKind::Internal,
                "output value is not a tensor",
            ));
        };
        let program = self.program.clone();
        let planned = planned_tensor(&program, self.plan_index, vi)?;
        let want = check_output_tensor(
            t,
            planned,
            ScalarType::from_code(o.dtype as i64),
            || format!("{:?}", o.dtype),
            &o.sizes,
            &o.dim_order,
        )?;
        if want != Some(o.data.len()) {
            return Err(broken(format!(
                "backend returned {} bytes for a tensor of sizes {:?}, which holds {}",
                o.data.len(),
                o.sizes,
                want.map_or_else(|| "too many".to_string(), |w| w.to_string())
            )));
        }
        let (addr, dtype) = (t.addr, t.dtype);
        let data = in_planned_order(dtype, &o.sizes, &o.dim_order, Cow::Owned(o.data), planned)?;
        if self.handoff.get(vi).is_some_and(Option::is_some) {
            // Only delegates read it: the host hands it over (see `handoff`).
            if let Some(h) = self.handed.get_mut(vi) {
                *h = Some(data.into_owned());
            }
        } else if !data.is_empty() {
            self.storage.write(addr, &data)?;
        }
        self.set_output_shape(vi, planned, &o.sizes, &o.dim_order);
        Ok(())
    }
}
