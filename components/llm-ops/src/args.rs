//! The arguments of one kernel call, read by position with the schema's types.
//!
//! Arguments arrive in the operator schema's order with `out` arguments last (as
//! ExecuTorch's emitter lays out `KernelCall.args`); a wrong kind is an
//! `invalid-argument` error naming the argument.

use plugboard_sdk::v2_4::kernel_library::plugboard::runtime::types::{Evalue, TensorRef};
use plugboard_sdk::v2_4::kernel_library::prelude::*;

/// A kernel call's arguments.
pub struct Args<'a> {
    args: &'a [Evalue],
}

impl<'a> Args<'a> {
    /// Wraps the arguments the host sent.
    pub fn new(args: &'a [Evalue]) -> Args<'a> {
        Args { args }
    }

    fn get(&self, i: usize, what: &str) -> Result<&'a Evalue, Error> {
        self.args.get(i).ok_or_else(|| {
            invalid_argument(format!(
                "argument {i} ({what}) is missing: got {} arguments",
                self.args.len()
            ))
        })
    }

    /// Tensor argument `i`.
    pub fn tensor(&self, i: usize, what: &str) -> Result<&'a TensorRef, Error> {
        match self.get(i, what)? {
            Evalue::Tensor(t) => Ok(t),
            _ => Err(invalid_argument(format!(
                "argument {i} ({what}) must be a tensor"
            ))),
        }
    }

    /// Optional tensor argument `i` (`None` or a tensor).
    pub fn opt_tensor(&self, i: usize, what: &str) -> Result<Option<&'a TensorRef>, Error> {
        match self.get(i, what)? {
            Evalue::None => Ok(None),
            Evalue::Tensor(t) => Ok(Some(t)),
            _ => Err(invalid_argument(format!(
                "argument {i} ({what}) must be a tensor or None"
            ))),
        }
    }

    /// Int argument `i` (`SymInt`s arrive as ints).
    pub fn int(&self, i: usize, what: &str) -> Result<i64, Error> {
        match self.get(i, what)? {
            Evalue::Int(v) => Ok(*v),
            _ => Err(invalid_argument(format!(
                "argument {i} ({what}) must be an int"
            ))),
        }
    }

    /// Float argument `i` (an int is accepted).
    pub fn double(&self, i: usize, what: &str) -> Result<f64, Error> {
        match self.get(i, what)? {
            Evalue::Double(v) => Ok(*v),
            Evalue::Int(v) => Ok(*v as f64),
            _ => Err(invalid_argument(format!(
                "argument {i} ({what}) must be a float"
            ))),
        }
    }

    /// Optional float argument `i`.
    pub fn opt_double(&self, i: usize, what: &str) -> Result<Option<f64>, Error> {
        match self.get(i, what)? {
            Evalue::None => Ok(None),
            _ => self.double(i, what).map(Some),
        }
    }

    /// Bool argument `i`.
    pub fn bool(&self, i: usize, what: &str) -> Result<bool, Error> {
        match self.get(i, what)? {
            Evalue::Bool(v) => Ok(*v),
            _ => Err(invalid_argument(format!(
                "argument {i} ({what}) must be a bool"
            ))),
        }
    }
}

/// Output argument `arg` as the kernel writes it: `out`'s descriptor with `sizes`,
/// the resize recorded in `updates` when they differ from the ones the host sent.
pub fn resized(
    out: &TensorRef,
    arg: u32,
    sizes: &[u32],
    updates: &mut Vec<KernelUpdate>,
) -> TensorRef {
    let mut out = out.clone();
    if out.sizes != sizes {
        out.sizes = sizes.to_vec();
        updates.push(KernelUpdate::TensorSizes((arg, out.sizes.clone())));
    }
    out
}

/// Whether `t`'s dim order is the contiguous one (`0, 1, …`).
pub fn is_contiguous(t: &TensorRef) -> bool {
    t.dim_order
        .iter()
        .enumerate()
        .all(|(i, &d)| d as usize == i)
}

/// `t`'s size at `dim` as `usize` (the caller checked the rank).
pub fn size(t: &TensorRef, dim: usize) -> usize {
    t.sizes.get(dim).copied().unwrap_or(0) as usize
}

/// Checks that `t` has rank `rank` and the contiguous dim order.
pub fn check_4d(t: &TensorRef, what: &str) -> Result<(), Error> {
    if t.sizes.len() != 4 {
        return Err(invalid_argument(format!(
            "{what} must be 4-dimensional, got sizes {:?}",
            t.sizes
        )));
    }
    if !is_contiguous(t) {
        return Err(invalid_argument(format!(
            "{what} must be in the contiguous dim order, got {:?}",
            t.dim_order
        )));
    }
    Ok(())
}
