//! The run-time value table of a method (ExecuTorch's `EValue`s while a method runs).
//! Tensors hold a descriptor and an address in the method's storage, not bytes.

use crate::program::{ShapeDynamism, ValueDef};
use crate::{Error, Result, ScalarType};

/// A tensor value: descriptor and location.
#[derive(Debug, Clone, PartialEq)]
pub struct TensorValue {
    /// Element type.
    pub dtype: ScalarType,
    /// Current sizes.
    pub sizes: Vec<u32>,
    /// Dim order.
    pub dim_order: Vec<u8>,
    /// Address in the method's storage.
    pub addr: u32,
    /// Bytes available at `addr` (the planned size).
    pub capacity: usize,
    /// How the shape may change.
    pub dynamism: ShapeDynamism,
}

impl TensorValue {
    /// Current size in bytes.
    pub fn nbytes(&self) -> Result<usize> {
        self.sizes
            .iter()
            .try_fold(self.dtype.element_size(), |a, &s| a.checked_mul(s as usize))
            .ok_or_else(|| Error::invalid_argument("tensor size overflows"))
    }
}

/// A value in the table.
#[derive(Debug, Clone, PartialEq)]
pub enum Value {
    /// `None`.
    None,
    /// An int.
    Int(i64),
    /// A float.
    Double(f64),
    /// A bool.
    Bool(bool),
    /// A string.
    String(String),
    /// A tensor.
    Tensor(TensorValue),
    /// Indices of `Int` values.
    IntList(Vec<usize>),
    /// Floats.
    DoubleList(Vec<f64>),
    /// Bools.
    BoolList(Vec<bool>),
    /// Indices of `Tensor` values.
    TensorList(Vec<usize>),
    /// Indices of `Tensor` values or `None`.
    OptionalTensorList(Vec<Option<usize>>),
}

impl Value {
    /// The initial value for a plan value.
    pub fn from_def(def: &ValueDef) -> Value {
        match def {
            ValueDef::None => Value::None,
            ValueDef::Int(v) => Value::Int(*v),
            ValueDef::Double(v) => Value::Double(*v),
            ValueDef::Bool(v) => Value::Bool(*v),
            ValueDef::String(s) => Value::String(s.clone()),
            ValueDef::Tensor(t) => Value::Tensor(TensorValue {
                dtype: t.dtype,
                sizes: t.sizes.clone(),
                dim_order: t.dim_order.clone(),
                addr: 0,
                capacity: t.nbytes,
                dynamism: t.dynamism,
            }),
            ValueDef::IntList(v) => Value::IntList(v.clone()),
            ValueDef::DoubleList(v) => Value::DoubleList(v.clone()),
            ValueDef::BoolList(v) => Value::BoolList(v.clone()),
            ValueDef::TensorList(v) => Value::TensorList(v.clone()),
            ValueDef::OptionalTensorList(v) => Value::OptionalTensorList(v.clone()),
        }
    }

    /// Short name of the kind, for messages.
    pub fn kind(&self) -> &'static str {
        match self {
            Value::None => "None",
            Value::Int(_) => "Int",
            Value::Double(_) => "Double",
            Value::Bool(_) => "Bool",
            Value::String(_) => "String",
            Value::Tensor(_) => "Tensor",
            Value::IntList(_) => "IntList",
            Value::DoubleList(_) => "DoubleList",
            Value::BoolList(_) => "BoolList",
            Value::TensorList(_) => "TensorList",
            Value::OptionalTensorList(_) => "OptionalTensorList",
        }
    }
}
