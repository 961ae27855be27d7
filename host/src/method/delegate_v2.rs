//! A `DelegateCall` on a backend built against contract 2.x: every tensor crosses once.
//!
//! Each input tensor is copied by the host straight from the method's storage (the
//! kernel library's linear memory, or host blocks for fully delegated methods) into a
//! block of the backend's memory that the host reserved with `backend-interface.alloc` and keeps
//! for that argument; the backend gets `tensor-ref`s to those blocks. Output tensors go
//! with address 0 and come back as `tensor-ref`s into the backend's memory, from where
//! the host copies them straight into their planned addresses. No host buffer, no
//! guest staging buffer: one copy per tensor each way (1.x made four, see
//! `delegate_v1`), and none for an input already in the backend from an earlier call
//! of the same execute (see [`super::resident`]).

use std::borrow::Cow;

use crate::bindings::to_wit_dtype;
use crate::bindings::types::{Evalue, TensorRef};
use crate::{Error, ErrorKind, Result, ScalarType};

use super::delegate::{
    check_output_tensor, evalue_kind, in_planned_order, planned_tensor, OtherOutput,
};
use super::{broken, Method, TensorValue, Value};

/// A block of a 2.x backend's memory the host keeps for one tensor argument.
#[derive(Debug, Clone, Copy)]
pub(super) struct InputBlock {
    pub(super) address: u32,
    pub(super) capacity: u64,
}

/// Where a tensor argument's bytes are in the storage: address, bytes, planned bytes.
#[derive(Debug, Clone, Copy)]
pub(super) struct Source {
    addr: u32,
    len: usize,
    capacity: usize,
}

impl Source {
    pub(super) fn of(t: &TensorValue) -> Result<Source> {
        Ok(Source {
            addr: t.addr,
            len: t.nbytes()?,
            capacity: t.capacity,
        })
    }
}

fn tensor_ref(t: &TensorValue, address: u32) -> TensorRef {
    TensorRef {
        dtype: to_wit_dtype(t.dtype),
        sizes: t.sizes.clone(),
        dim_order: t.dim_order.clone(),
        address,
    }
}

impl Method {
    /// The arguments of a 2.x `execute`, their input bytes copied into the backend.
    /// `temporary` collects blocks made for this call only (tensor lists), freed after.
    pub(super) fn delegate_args_v2(
        &mut self,
        pc: usize,
        delegate: usize,
        args: &[usize],
        n_outputs: usize,
        temporary: &mut Vec<u32>,
    ) -> Result<Vec<Evalue>> {
        let first_output = args.len().saturating_sub(n_outputs);
        let mut out = Vec::with_capacity(args.len());
        for (k, &vi) in args.iter().enumerate() {
            let value = match &self.values[vi] {
                Value::Tensor(t) if k >= first_output => Evalue::Tensor(tensor_ref(t, 0)),
                Value::Tensor(t) => {
                    let (mut r, src) = (tensor_ref(t, 0), Source::of(t)?);
                    r.address = self.input_into_backend(pc, delegate, k, vi, src, temporary)?;
                    Evalue::Tensor(r)
                }
                Value::TensorList(items) => {
                    let mut refs = Vec::with_capacity(items.len());
                    for &j in &items.clone() {
                        let t = self.tensor_at(j)?;
                        let src = Source::of(&t)?;
                        let address = self.copy_into_backend(delegate, None, src, temporary)?;
                        refs.push(tensor_ref(&t, address));
                    }
                    Evalue::TensorList(refs)
                }
                Value::OptionalTensorList(items) => {
                    let mut refs = Vec::with_capacity(items.len());
                    for j in items.clone() {
                        refs.push(match j {
                            Some(j) => {
                                let t = self.tensor_at(j)?;
                                let src = Source::of(&t)?;
                                let a = self.copy_into_backend(delegate, None, src, temporary)?;
                                Some(tensor_ref(&t, a))
                            }
                            None => None,
                        });
                    }
                    Evalue::OptionalTensorList(refs)
                }
                Value::None => Evalue::None,
                Value::Int(v) => Evalue::Int(*v),
                Value::Double(v) => Evalue::Double(*v),
                Value::Bool(v) => Evalue::Bool(*v),
                Value::String(s) => Evalue::String(s.clone()),
                Value::IntList(items) => Evalue::IntList(self.resolve_int_list(&items.clone())?),
                Value::DoubleList(v) => Evalue::DoubleList(v.clone()),
                Value::BoolList(v) => Evalue::BoolList(v.clone()),
            };
            out.push(value);
        }
        Ok(out)
    }

    fn tensor_at(&self, j: usize) -> Result<TensorValue> {
        match self.values.get(j) {
            Some(Value::Tensor(t)) => Ok(t.clone()),
            Some(other) => Err(Error::new(
                ErrorKind::InvalidType,
                format!("tensor list item {j} is a {}", other.kind()),
            )),
            None => Err(Error::new(ErrorKind::Internal, "value index out of range")),
        }
    }

    /// The address of input argument `k` (value `vi`, bytes at `src`) of the call at `pc`
    /// in the backend: the block of an earlier call of this execute that holds the
    /// value's bytes already, when it may (see [`super::resident`]), or its own block
    /// with the bytes copied in.
    pub(super) fn input_into_backend(
        &mut self,
        pc: usize,
        delegate: usize,
        k: usize,
        vi: usize,
        src: Source,
        temporary: &mut Vec<u32>,
    ) -> Result<u32> {
        let Some(last) = self.resident.last_reader(vi) else {
            return self.copy_into_backend(delegate, Some(k), src, temporary);
        };
        let slot = self.delegates[delegate].backend;
        let n = src.len;
        let address = match self.resident.find(vi, slot, n) {
            Some(address) => {
                self.delegate_bytes.0 += n as u64;
                self.resident_bytes += n as u64;
                address
            }
            None => {
                let address = self.copy_into_backend(delegate, Some(k), src, temporary)?;
                self.resident.insert(vi, slot, address, n);
                address
            }
        };
        if pc >= last {
            self.resident.forget_value(vi);
        }
        Ok(address)
    }

    /// Copies the bytes at `src` from the storage into the backend's block for argument `arg`
    /// (reserved on first use, again when it grows), or into a block for this call
    /// only (`arg` `None`); returns the block's address.
    fn copy_into_backend(
        &mut self,
        delegate: usize,
        arg: Option<usize>,
        src: Source,
        temporary: &mut Vec<u32>,
    ) -> Result<u32> {
        let n = src.len;
        let slot = self.delegates[delegate].backend;
        let backend = &mut self.backends[slot].instance;
        let address = match arg {
            Some(k) => {
                let blocks = &mut self.delegates[delegate].input_blocks;
                if blocks.len() <= k {
                    blocks.resize(k + 1, None);
                }
                match blocks[k] {
                    Some(b) if b.capacity >= n as u64 => {
                        self.resident.forget_block(slot, b.address);
                        b.address
                    }
                    old => {
                        if let Some(old) = old {
                            blocks[k] = None;
                            self.resident.forget_block(slot, old.address);
                            backend.free(old.address)?;
                        }
                        // The planned size when it is larger: dynamic shapes grow
                        // up to it, so the block is reserved once.
                        let capacity = (n as u64).max(src.capacity as u64).max(1);
                        let address = backend.alloc(capacity, 64)?;
                        self.delegates[delegate].input_blocks[k] =
                            Some(InputBlock { address, capacity });
                        address
                    }
                }
            }
            None => {
                let address = backend.alloc((n as u64).max(1), 64)?;
                temporary.push(address);
                address
            }
        };
        if n > 0 {
            let memory = self.backends[slot].instance.memory()?.clone();
            // SAFETY: the backend is not running (the method holds it exclusively) and
            // this is the only slice of its memory alive.
            let dst = unsafe { memory.bytes_mut(address, n) }?;
            self.storage.read_into(src.addr, dst)?;
            self.delegate_bytes.0 += n as u64;
        }
        Ok(address)
    }

    /// Copies a 2.x backend's output `out` (pointing into the backend's memory) into
    /// value `vi`. The checks are [`Method::store_output`]'s: kind, dtype, sizes within
    /// the plan, a dim order that is a permutation of the rank, bytes inside the
    /// backend's memory.
    pub(super) fn store_output_v2(&mut self, slot: usize, vi: usize, out: Evalue) -> Result<()> {
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
        self.store_tensor_output_v2(slot, vi, &o)
    }

    /// Copies the output tensor `o` of a 2.x backend (pointing into the backend's
    /// memory) into tensor value `vi`, with [`Method::store_output_v2`]'s checks.
    pub(super) fn store_tensor_output_v2(
        &mut self,
        slot: usize,
        vi: usize,
        o: &TensorRef,
    ) -> Result<()> {
        let Value::Tensor(t) = &self.values[vi] else {
            return Err(Error::new(
                ErrorKind::Internal,
                "output value is not a tensor",
            ));
        };
        let program = self.program.clone();
        let planned = planned_tensor(&program, self.plan_index, vi)?;
        let n = check_output_tensor(
            t,
            planned,
            ScalarType::from_code(o.dtype as i64),
            || format!("{:?}", o.dtype),
            &o.sizes,
            &o.dim_order,
        )?
        .ok_or_else(|| broken("output sizes overflow".to_string()))?;
        let (addr, dtype) = (t.addr, t.dtype);
        let memory = self.backends[slot].instance.memory()?.clone();
        // SAFETY: the backend is not running and no other slice of its memory is
        // alive; the bytes stay as they are until the next call into it.
        let src = unsafe { memory.bytes(o.address, n) }
            .map_err(|e| broken(format!("output tensor at {:#x}: {}", o.address, e.message)))?;
        self.delegate_bytes.1 += n as u64;
        let data = in_planned_order(dtype, &o.sizes, &o.dim_order, Cow::Borrowed(src), planned)?;
        if !data.is_empty() {
            self.storage.write(addr, &data)?;
        }
        self.set_output_shape(vi, planned, &o.sizes, &o.dim_order);
        Ok(())
    }
}
