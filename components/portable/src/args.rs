//! Typed access to a kernel call's arguments, and the updates a kernel reports back.

use crate::exports::plugboard::runtime::kernels::KernelUpdate;
use crate::tensor::{Dims, Tensor};
use crate::{invalid, memory, KResult};
use crate::{Evalue, TensorRef};

/// A `Scalar` argument (PyTorch's `Scalar`: int, float or bool).
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Scalar {
    /// An integer.
    Int(i64),
    /// A float.
    Double(f64),
    /// A bool.
    Bool(bool),
}

impl Scalar {
    /// As `f64`.
    pub fn to_f64(self) -> f64 {
        match self {
            Scalar::Int(v) => v as f64,
            Scalar::Double(v) => v,
            Scalar::Bool(b) => b as i64 as f64,
        }
    }

    /// As `i64` (floats truncate).
    pub fn to_i64(self) -> i64 {
        match self {
            Scalar::Int(v) => v,
            Scalar::Double(v) => v as i64,
            Scalar::Bool(b) => b as i64,
        }
    }

    /// Whether the scalar is a float.
    pub fn is_float(self) -> bool {
        matches!(self, Scalar::Double(_))
    }
}

/// The arguments of one kernel call: owned (a direct `call`) or borrowed from a
/// prepared call (`run-prepared`).
pub struct Args<'a> {
    args: std::borrow::Cow<'a, [Evalue]>,
    /// A prepared call's tensor arguments, checked at `prepare` (by index; `None` or
    /// missing: checked here).
    checked: &'a [Option<Tensor>],
    updates: Vec<KernelUpdate>,
}

impl<'a> Args<'a> {
    /// Wraps the arguments the host sent.
    pub fn new(args: Vec<Evalue>) -> KResult<Args<'static>> {
        Ok(Args {
            args: std::borrow::Cow::Owned(args),
            checked: &[],
            updates: Vec::new(),
        })
    }

    /// Wraps the stored arguments of a prepared call and its tensor arguments as
    /// checked at `prepare` (by index; empty when they no longer stand).
    pub fn prepared(args: &'a [Evalue], checked: &'a [Option<Tensor>]) -> Args<'a> {
        Args {
            args: std::borrow::Cow::Borrowed(args),
            checked,
            updates: Vec::new(),
        }
    }

    /// Number of arguments.
    pub fn len(&self) -> usize {
        self.args.len()
    }

    /// Whether there are no arguments.
    pub fn is_empty(&self) -> bool {
        self.args.is_empty()
    }

    /// The updates to send back to the host.
    pub fn into_updates(self) -> Vec<KernelUpdate> {
        self.updates
    }

    fn get(&self, i: usize) -> KResult<&Evalue> {
        self.args.get(i).ok_or_else(|| {
            invalid(format!(
                "expected at least {} arguments, got {}",
                i + 1,
                self.args.len()
            ))
        })
    }

    fn kind(a: &Evalue) -> &'static str {
        match a {
            Evalue::None => "None",
            Evalue::Int(_) => "int",
            Evalue::Double(_) => "double",
            Evalue::Bool(_) => "bool",
            Evalue::String(_) => "string",
            Evalue::Tensor(_) => "tensor",
            Evalue::IntList(_) => "int list",
            Evalue::DoubleList(_) => "double list",
            Evalue::BoolList(_) => "bool list",
            Evalue::TensorList(_) => "tensor list",
            Evalue::OptionalTensorList(_) => "optional tensor list",
        }
    }

    fn wrong(&self, i: usize, want: &str) -> crate::plugboard::runtime::types::Error {
        let got = self.args.get(i).map(Self::kind).unwrap_or("nothing");
        invalid(format!("argument {i} should be a {want}, got a {got}"))
    }

    /// Whether argument `i` is `None`.
    pub fn is_none(&self, i: usize) -> bool {
        matches!(self.args.get(i), Some(Evalue::None) | None)
    }

    fn tensor_ref(&self, i: usize) -> KResult<&TensorRef> {
        match self.get(i)? {
            Evalue::Tensor(t) => Ok(t),
            _ => Err(self.wrong(i, "tensor")),
        }
    }

    /// Tensor argument `i`.
    pub fn tensor(&self, i: usize) -> KResult<Tensor> {
        if let Some(Some(t)) = self.checked.get(i) {
            return Ok(t.clone());
        }
        Tensor::from_ref(self.tensor_ref(i)?)
    }

    /// Optional tensor argument `i`.
    pub fn opt_tensor(&self, i: usize) -> KResult<Option<Tensor>> {
        if self.is_none(i) {
            Ok(None)
        } else {
            self.tensor(i).map(Some)
        }
    }

    /// Int argument `i`.
    pub fn int(&self, i: usize) -> KResult<i64> {
        match self.get(i)? {
            Evalue::Int(v) => Ok(*v),
            Evalue::Bool(b) => Ok(*b as i64),
            _ => Err(self.wrong(i, "int")),
        }
    }

    /// Optional int argument `i`.
    pub fn opt_int(&self, i: usize) -> KResult<Option<i64>> {
        if self.is_none(i) {
            Ok(None)
        } else {
            self.int(i).map(Some)
        }
    }

    /// Float argument `i` (ints are accepted).
    pub fn double(&self, i: usize) -> KResult<f64> {
        match self.get(i)? {
            Evalue::Double(v) => Ok(*v),
            Evalue::Int(v) => Ok(*v as f64),
            _ => Err(self.wrong(i, "double")),
        }
    }

    /// Optional float argument `i`.
    pub fn opt_double(&self, i: usize) -> KResult<Option<f64>> {
        if self.is_none(i) {
            Ok(None)
        } else {
            self.double(i).map(Some)
        }
    }

    /// Bool argument `i`.
    pub fn bool(&self, i: usize) -> KResult<bool> {
        match self.get(i)? {
            Evalue::Bool(v) => Ok(*v),
            Evalue::Int(v) => Ok(*v != 0),
            _ => Err(self.wrong(i, "bool")),
        }
    }

    /// Optional bool argument `i`.
    pub fn opt_bool(&self, i: usize) -> KResult<Option<bool>> {
        if self.is_none(i) {
            Ok(None)
        } else {
            self.bool(i).map(Some)
        }
    }

    /// String argument `i`.
    pub fn string(&self, i: usize) -> KResult<&str> {
        match self.get(i)? {
            Evalue::String(s) => Ok(s),
            _ => Err(self.wrong(i, "string")),
        }
    }

    /// Optional string argument `i`.
    pub fn opt_string(&self, i: usize) -> KResult<Option<&str>> {
        if self.is_none(i) {
            Ok(None)
        } else {
            self.string(i).map(Some)
        }
    }

    /// Scalar argument `i`.
    pub fn scalar(&self, i: usize) -> KResult<Scalar> {
        match self.get(i)? {
            Evalue::Int(v) => Ok(Scalar::Int(*v)),
            Evalue::Double(v) => Ok(Scalar::Double(*v)),
            Evalue::Bool(v) => Ok(Scalar::Bool(*v)),
            _ => Err(self.wrong(i, "scalar")),
        }
    }

    /// Optional scalar argument `i`.
    pub fn opt_scalar(&self, i: usize) -> KResult<Option<Scalar>> {
        if self.is_none(i) {
            Ok(None)
        } else {
            self.scalar(i).map(Some)
        }
    }

    /// Int list argument `i` (a single int is accepted as a list of one).
    pub fn int_list(&self, i: usize) -> KResult<Vec<i64>> {
        match self.get(i)? {
            Evalue::IntList(v) => Ok(v.clone()),
            Evalue::Int(v) => Ok(vec![*v]),
            _ => Err(self.wrong(i, "int list")),
        }
    }

    /// Optional int list argument `i`.
    pub fn opt_int_list(&self, i: usize) -> KResult<Option<Vec<i64>>> {
        if self.is_none(i) {
            Ok(None)
        } else {
            self.int_list(i).map(Some)
        }
    }

    /// Float list argument `i`.
    pub fn double_list(&self, i: usize) -> KResult<Vec<f64>> {
        match self.get(i)? {
            Evalue::DoubleList(v) => Ok(v.clone()),
            Evalue::IntList(v) => Ok(v.iter().map(|&x| x as f64).collect()),
            _ => Err(self.wrong(i, "double list")),
        }
    }

    /// Optional float list argument `i`.
    pub fn opt_double_list(&self, i: usize) -> KResult<Option<Vec<f64>>> {
        if self.is_none(i) {
            Ok(None)
        } else {
            self.double_list(i).map(Some)
        }
    }

    /// Bool list argument `i`.
    pub fn bool_list(&self, i: usize) -> KResult<Vec<bool>> {
        match self.get(i)? {
            Evalue::BoolList(v) => Ok(v.clone()),
            _ => Err(self.wrong(i, "bool list")),
        }
    }

    /// Tensor list argument `i`.
    pub fn tensor_list(&self, i: usize) -> KResult<Vec<Tensor>> {
        match self.get(i)? {
            Evalue::TensorList(v) => v.iter().map(Tensor::from_ref).collect(),
            _ => Err(self.wrong(i, "tensor list")),
        }
    }

    /// Optional-tensor list argument `i` (as used by `aten::index.Tensor_out`).
    pub fn opt_tensor_list(&self, i: usize) -> KResult<Vec<Option<Tensor>>> {
        match self.get(i)? {
            Evalue::OptionalTensorList(v) => v
                .iter()
                .map(|t| t.as_ref().map(Tensor::from_ref).transpose())
                .collect(),
            Evalue::TensorList(v) => v.iter().map(|t| Tensor::from_ref(t).map(Some)).collect(),
            _ => Err(self.wrong(i, "optional tensor list")),
        }
    }

    /// Output tensor argument `i`, resized to `sizes` (reported to the host when they
    /// differ from the planned ones). Fails if the new size does not fit the tensor's
    /// memory block.
    pub fn out(&mut self, i: usize, sizes: &[usize]) -> KResult<Tensor> {
        let mut t = self.tensor(i)?;
        if !same_sizes(&t.sizes, sizes) {
            resize(&mut t, sizes)?;
            self.updates.push(KernelUpdate::TensorSizes((
                i as u32,
                sizes.iter().map(|&s| s as u32).collect(),
            )));
        }
        Ok(t)
    }

    /// Item `j` of the output tensor list at argument `i`, resized to `sizes`.
    pub fn out_list_item(&mut self, i: usize, j: usize, sizes: &[usize]) -> KResult<Tensor> {
        let r = match self.get(i)? {
            Evalue::TensorList(v) => v.get(j).ok_or_else(|| {
                invalid(format!(
                    "output list {i} has {} items, wanted item {j}",
                    v.len()
                ))
            })?,
            _ => return Err(self.wrong(i, "tensor list")),
        };
        let mut t = Tensor::from_ref(r)?;
        if !same_sizes(&t.sizes, sizes) {
            resize(&mut t, sizes)?;
            self.updates.push(KernelUpdate::ListItemSizes((
                i as u32,
                j as u32,
                sizes.iter().map(|&s| s as u32).collect(),
            )));
        }
        Ok(t)
    }

    /// Number of items of the tensor list at argument `i`.
    pub fn list_len(&self, i: usize) -> KResult<usize> {
        match self.get(i)? {
            Evalue::TensorList(v) => Ok(v.len()),
            Evalue::OptionalTensorList(v) => Ok(v.len()),
            _ => Err(self.wrong(i, "tensor list")),
        }
    }

    /// Sets the int output at argument `i`.
    pub fn set_int(&mut self, i: usize, v: i64) {
        self.updates.push(KernelUpdate::Int((i as u32, v)));
    }

    /// Sets the float output at argument `i`.
    pub fn set_double(&mut self, i: usize, v: f64) {
        self.updates.push(KernelUpdate::Double((i as u32, v)));
    }

    /// Sets the bool output at argument `i`.
    pub fn set_bool(&mut self, i: usize, v: bool) {
        self.updates.push(KernelUpdate::Bool((i as u32, v)));
    }
}

fn resize(t: &mut Tensor, sizes: &[usize]) -> KResult<()> {
    let new_sizes = Dims::try_from(sizes).map_err(|_| {
        invalid(format!(
            "output of {} dimensions (at most {})",
            sizes.len(),
            crate::tensor::MAX_RANK
        ))
    })?;
    if sizes.len() != t.sizes.len() {
        // Rank changes are allowed for outputs whose planned rank differs; the dim order
        // becomes contiguous.
        t.dim_order = (0..sizes.len() as u8).collect();
    }
    let numel = sizes
        .iter()
        .try_fold(1usize, |a, &s| a.checked_mul(s))
        .ok_or_else(|| invalid("output size overflows"))?;
    t.sizes = new_sizes;
    t.numel = numel;
    let nbytes = t.nbytes().ok_or_else(|| invalid("output size overflows"))?;
    if nbytes > 0 {
        memory::check(t.addr, nbytes).map_err(|_| {
            invalid(format!(
                "output of sizes {sizes:?} does not fit the memory planned for it"
            ))
        })?;
    }
    Ok(())
}

/// `a == b`, compared element by element: slice equality of `usize`s becomes a call of
/// wasi-libc's `memcmp`, a byte loop, about 340 instructions for the sizes of an
/// output (`Args::out` compares every output's).
fn same_sizes(a: &[usize], b: &[usize]) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x == y)
}
