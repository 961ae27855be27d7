//! Host-side values that cross into and out of a method: [`Tensor`] (bytes owned by the
//! host) and [`EValue`].

use crate::{Error, Result, ScalarType};

/// A tensor owned by the host: dtype, logical sizes, dim order and densely packed
/// little-endian bytes laid out in dim order.
#[derive(Debug, Clone, PartialEq)]
pub struct Tensor {
    /// Element type.
    pub dtype: ScalarType,
    /// Logical sizes.
    pub sizes: Vec<usize>,
    /// Dim order, outermost first (`0..rank` is contiguous).
    pub dim_order: Vec<u8>,
    /// `numel * element_size` bytes.
    pub data: Vec<u8>,
}

impl Tensor {
    /// A contiguous tensor; `InvalidArgument` if `data` has the wrong length.
    pub fn new(dtype: ScalarType, sizes: Vec<usize>, data: Vec<u8>) -> Result<Tensor> {
        let numel = checked_numel(&sizes)?;
        let want = numel
            .checked_mul(dtype.element_size())
            .ok_or_else(|| Error::invalid_argument("tensor size overflows"))?;
        if data.len() != want {
            return Err(Error::invalid_argument(format!(
                "tensor of sizes {sizes:?} and dtype {dtype} needs {want} bytes, got {}",
                data.len()
            )));
        }
        let dim_order = (0..sizes.len() as u8).collect();
        Ok(Tensor {
            dtype,
            sizes,
            dim_order,
            data,
        })
    }

    /// A contiguous `float32` tensor from values.
    pub fn from_f32(sizes: Vec<usize>, values: &[f32]) -> Result<Tensor> {
        Tensor::new(
            ScalarType::Float,
            sizes,
            values.iter().flat_map(|v| v.to_le_bytes()).collect(),
        )
    }

    /// Number of elements.
    pub fn numel(&self) -> usize {
        self.sizes.iter().product()
    }

    /// Whether the dim order is `0..rank`.
    pub fn is_contiguous(&self) -> bool {
        self.dim_order
            .iter()
            .enumerate()
            .all(|(i, &d)| i == d as usize)
    }

    /// The same tensor laid out in `dim_order` (a permutation of `0..rank`).
    ///
    /// Errors (`InvalidArgument`): either dim order is not a permutation of the rank, or
    /// `data` does not hold `numel * element_size` bytes.
    pub fn to_dim_order(&self, dim_order: &[u8]) -> Result<Tensor> {
        check_dim_order(&self.dim_order, self.sizes.len())?;
        if dim_order == self.dim_order.as_slice() {
            return Ok(self.clone());
        }
        check_dim_order(dim_order, self.sizes.len())?;
        let es = self.dtype.element_size();
        let want = checked_numel(&self.sizes)?.checked_mul(es);
        if want != Some(self.data.len()) {
            return Err(Error::invalid_argument(format!(
                "tensor of sizes {:?} and dtype {} has {} bytes",
                self.sizes,
                self.dtype,
                self.data.len()
            )));
        }
        let src_strides = strides(&self.sizes, &self.dim_order);
        let dst_strides = strides(&self.sizes, dim_order);
        let mut out = vec![0u8; self.data.len()];
        let n = self.numel();
        let rank = self.sizes.len();
        let mut idx = vec![0usize; rank];
        for _ in 0..n {
            let s: usize = idx.iter().zip(&src_strides).map(|(i, s)| i * s).sum();
            let d: usize = idx.iter().zip(&dst_strides).map(|(i, s)| i * s).sum();
            out[d * es..(d + 1) * es].copy_from_slice(&self.data[s * es..(s + 1) * es]);
            for k in (0..rank).rev() {
                idx[k] += 1;
                if idx[k] < self.sizes[k] {
                    break;
                }
                idx[k] = 0;
            }
        }
        Ok(Tensor {
            dtype: self.dtype,
            sizes: self.sizes.clone(),
            dim_order: dim_order.to_vec(),
            data: out,
        })
    }

    /// The elements as `f64` in logical order (for printing and comparing); `None`
    /// for dtypes without a numeric reading.
    pub fn to_f64_vec(&self) -> Option<Vec<f64>> {
        let t = if self.is_contiguous() {
            std::borrow::Cow::Borrowed(self)
        } else {
            let order: Vec<u8> = (0..self.sizes.len() as u8).collect();
            std::borrow::Cow::Owned(self.to_dim_order(&order).ok()?)
        };
        let d = &t.data;
        macro_rules! conv {
            ($ty:ty, $n:expr) => {
                d.chunks_exact($n)
                    .map(|c| <$ty>::from_le_bytes(c.try_into().unwrap_or([0; $n])) as f64)
                    .collect()
            };
        }
        Some(match self.dtype {
            ScalarType::Float => conv!(f32, 4),
            ScalarType::Double => conv!(f64, 8),
            ScalarType::Long => conv!(i64, 8),
            ScalarType::Int => conv!(i32, 4),
            ScalarType::Short => conv!(i16, 2),
            ScalarType::Char => conv!(i8, 1),
            ScalarType::Byte => conv!(u8, 1),
            ScalarType::Bool => d.iter().map(|&b| (b != 0) as u8 as f64).collect(),
            ScalarType::Half => d
                .chunks_exact(2)
                .map(|c| half::f16::from_le_bytes([c[0], c[1]]).to_f64())
                .collect(),
            ScalarType::BFloat16 => d
                .chunks_exact(2)
                .map(|c| half::bf16::from_le_bytes([c[0], c[1]]).to_f64())
                .collect(),
            _ => return None,
        })
    }
}

/// Checks that `dim_order` is a permutation of `0..rank` (`InvalidArgument` naming it
/// otherwise: a duplicate, an entry out of range, or the wrong length).
pub fn check_dim_order(dim_order: &[u8], rank: usize) -> Result<()> {
    let mut seen = [false; 256];
    let ok = dim_order.len() == rank
        && dim_order.iter().all(|&d| {
            let fresh = (d as usize) < rank && !seen[d as usize];
            seen[d as usize] = true;
            fresh
        });
    if ok {
        Ok(())
    } else {
        Err(Error::invalid_argument(format!(
            "dim order {dim_order:?} is not a permutation of 0..{rank}"
        )))
    }
}

/// Element strides of each logical dimension for `sizes` laid out in `dim_order` (a
/// permutation of `0..sizes.len()`, see [`check_dim_order`]; other entries are
/// ignored).
pub fn strides(sizes: &[usize], dim_order: &[u8]) -> Vec<usize> {
    let mut st = vec![0; sizes.len()];
    let mut s = 1usize;
    for &d in dim_order.iter().rev() {
        if let (Some(slot), Some(&n)) = (st.get_mut(d as usize), sizes.get(d as usize)) {
            *slot = s;
            s = s.saturating_mul(n);
        }
    }
    st
}

fn checked_numel(sizes: &[usize]) -> Result<usize> {
    sizes
        .iter()
        .try_fold(1usize, |a, &s| a.checked_mul(s))
        .ok_or_else(|| Error::invalid_argument(format!("tensor sizes {sizes:?} overflow")))
}

/// A value passed into or returned from a method (ExecuTorch's `EValue`, by value).
#[derive(Debug, Clone, PartialEq)]
pub enum EValue {
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
    Tensor(Tensor),
    /// A list of ints.
    IntList(Vec<i64>),
    /// A list of floats.
    DoubleList(Vec<f64>),
    /// A list of bools.
    BoolList(Vec<bool>),
    /// A list of tensors.
    TensorList(Vec<Tensor>),
}

impl EValue {
    /// Short name of the kind, for messages.
    pub fn kind(&self) -> &'static str {
        match self {
            EValue::None => "None",
            EValue::Int(_) => "Int",
            EValue::Double(_) => "Double",
            EValue::Bool(_) => "Bool",
            EValue::String(_) => "String",
            EValue::Tensor(_) => "Tensor",
            EValue::IntList(_) => "IntList",
            EValue::DoubleList(_) => "DoubleList",
            EValue::BoolList(_) => "BoolList",
            EValue::TensorList(_) => "TensorList",
        }
    }

    /// The tensor, if this is one.
    pub fn as_tensor(&self) -> Option<&Tensor> {
        match self {
            EValue::Tensor(t) => Some(t),
            _ => None,
        }
    }
}
