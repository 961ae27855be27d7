//! A method's inputs and outputs: [`Method::set_input`] checks each against the plan
//! and writes it into the storage; [`Method::outputs`] reads the outputs back.

use super::sizes::check_sizes;
use super::{Method, TensorValue, Value};
use crate::program::ValueDef;
use crate::{EValue, Error, ErrorKind, Result, Tensor};

impl Method {
    /// Number of inputs.
    pub fn num_inputs(&self) -> usize {
        self.plan().inputs.len()
    }

    /// Number of outputs.
    pub fn num_outputs(&self) -> usize {
        self.plan().outputs.len()
    }

    /// Sets input `index` (in the method's input order).
    ///
    /// Tensors are checked against the method's metadata: dtype, rank, and sizes (equal
    /// for static shapes, within the bound for dynamic ones). A tensor in another dim
    /// order is converted to the method's. Errors: `InvalidArgument` naming the input
    /// and what differs.
    pub fn set_input(&mut self, index: usize, value: EValue) -> Result<()> {
        self.recover()?;
        let name = self.name().to_string();
        self.set_input_inner(index, value)
            .map_err(|e| e.with_method(name))
    }

    pub(super) fn set_input_inner(&mut self, index: usize, value: EValue) -> Result<()> {
        let n = self.num_inputs();
        let vi = *self.plan().inputs.get(index).ok_or_else(|| {
            Error::invalid_argument(format!(
                "input index {index} is out of range (the method has {n} inputs)"
            ))
        })?;
        let def = self.plan().values[vi].clone();
        match (&def, value) {
            (ValueDef::Tensor(td), EValue::Tensor(t)) => {
                if t.dtype != td.dtype {
                    return Err(Error::invalid_argument(format!(
                        "input {index}: expected dtype {}, got {}",
                        td.dtype, t.dtype
                    )));
                }
                if t.sizes.len() != td.sizes.len() {
                    return Err(Error::invalid_argument(format!(
                        "input {index}: expected rank {} (sizes {:?}), got rank {} (sizes {:?})",
                        td.sizes.len(),
                        td.sizes,
                        t.sizes.len(),
                        t.sizes
                    )));
                }
                // The same rule as a kernel's resize and a backend's output.
                let sizes: Vec<u32> = t
                    .sizes
                    .iter()
                    .map(|&s| u32::try_from(s).unwrap_or(u32::MAX))
                    .collect();
                check_sizes(td, td.nbytes, &sizes)
                    .map_err(|m| Error::invalid_argument(format!("input {index}: {m}")))?;
                if t.data.len() > td.nbytes {
                    return Err(Error::invalid_argument(format!(
                        "input {index}: {} bytes do not fit the {} bytes planned",
                        t.data.len(),
                        td.nbytes
                    )));
                }
                let t = if t.dim_order != td.dim_order {
                    t.to_dim_order(&td.dim_order)?
                } else {
                    t
                };
                let Value::Tensor(tv) = &mut self.values[vi] else {
                    return Err(Error::new(
                        ErrorKind::Internal,
                        "input value is not a tensor",
                    ));
                };
                let sizes: Vec<u32> = t.sizes.iter().map(|&s| s as u32).collect();
                if tv.sizes != sizes {
                    tv.sizes = sizes;
                    self.descriptor_epoch += 1;
                    self.sizes_epoch += 1;
                }
                let addr = tv.addr;
                self.storage.write(addr, &t.data)?;
            }
            (ValueDef::Int(_), EValue::Int(v)) => self.set_scalar(vi, Value::Int(v)),
            (ValueDef::Double(_), EValue::Double(v)) => self.set_scalar(vi, Value::Double(v)),
            (ValueDef::Bool(_), EValue::Bool(v)) => self.set_scalar(vi, Value::Bool(v)),
            (ValueDef::None, EValue::None) => {}
            (def, v) => {
                return Err(Error::invalid_argument(format!(
                    "input {index}: expected a {}, got a {}",
                    def.kind(),
                    v.kind()
                )))
            }
        }
        self.inputs_set[index] = true;
        Ok(())
    }

    /// The outputs of the last execution, by value.
    pub fn outputs(&mut self) -> Result<Vec<EValue>> {
        let outs = self.plan().outputs.clone();
        let name = self.name().to_string();
        let file = self.program.origin().to_path_buf();
        outs.iter()
            .enumerate()
            .map(|(i, &vi)| {
                self.read_value(vi).map_err(|mut e| {
                    e.message = format!("reading output {i}: {}", e.message);
                    e
                })
            })
            .collect::<Result<_>>()
            .map_err(|e| e.with_method(name).with_file(file))
    }

    /// Reads value `vi` by value (tensor bytes are copied out of the storage).
    pub(super) fn read_value(&mut self, vi: usize) -> Result<EValue> {
        Ok(match self.values[vi].clone() {
            Value::None => EValue::None,
            Value::Int(v) => EValue::Int(v),
            Value::Double(v) => EValue::Double(v),
            Value::Bool(v) => EValue::Bool(v),
            Value::String(s) => EValue::String(s),
            Value::Tensor(t) => EValue::Tensor(self.read_tensor(&t)?),
            Value::IntList(items) => EValue::IntList(self.resolve_int_list(&items)?),
            Value::DoubleList(v) => EValue::DoubleList(v),
            Value::BoolList(v) => EValue::BoolList(v),
            Value::TensorList(items) => {
                let mut out = Vec::with_capacity(items.len());
                for j in items {
                    match self.values[j].clone() {
                        Value::Tensor(t) => out.push(self.read_tensor(&t)?),
                        other => {
                            return Err(Error::new(
                                ErrorKind::InvalidType,
                                format!("tensor list item {j} is a {}", other.kind()),
                            ))
                        }
                    }
                }
                EValue::TensorList(out)
            }
            Value::OptionalTensorList(_) => {
                return Err(Error::new(
                    ErrorKind::NotSupported,
                    "optional tensor lists cannot be read out",
                ))
            }
        })
    }

    pub(super) fn read_tensor(&mut self, t: &TensorValue) -> Result<Tensor> {
        let nbytes = t.nbytes()?;
        let data = if nbytes == 0 {
            Vec::new()
        } else {
            self.storage.read(t.addr, nbytes)?
        };
        Ok(Tensor {
            dtype: t.dtype,
            sizes: t.sizes.iter().map(|&s| s as usize).collect(),
            dim_order: t.dim_order.clone(),
            data,
        })
    }

    pub(super) fn resolve_int_list(&self, items: &[usize]) -> Result<Vec<i64>> {
        items
            .iter()
            .map(|&j| match &self.values[j] {
                Value::Int(v) => Ok(*v),
                other => Err(Error::new(
                    ErrorKind::InvalidType,
                    format!("int list item {j} is a {}", other.kind()),
                )),
            })
            .collect()
    }
}
