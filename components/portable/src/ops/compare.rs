//! Comparisons `eq`, `ne`, `lt`, `le`, `gt`, `ge` (`.Tensor_out` with broadcasting and
//! `.Scalar_out`), following PyTorch: operands are compared in their promoted dtype (a
//! Scalar is first cast to it), results are bool or whatever the out tensor's dtype is
//! (1/0). Also [`write_bools`], the bool-result writer of the other modules.

use crate::args::Args;
use crate::elem::{self, Compute};
use crate::ops::util::num::scalar_as;
use crate::ops::util::{broadcast_loop, write_bools};
use crate::ops::util::{broadcast_shape, broadcast_strides, promote_types, promote_with_scalar};
use crate::registry::{Registrar, REAL_AND_BOOL};
use crate::tensor::Tensor;
use crate::{with_compute, KResult};

/// Registers this module's operators.
pub fn register(r: &mut Registrar) {
    macro_rules! cmp {
        ($name:literal, $op:expr) => {
            r.add(
                concat!("aten::", $name, ".Tensor_out"),
                REAL_AND_BOOL,
                |a| compare_tensor(a, $op),
            );
            r.add(
                concat!("aten::", $name, ".Scalar_out"),
                REAL_AND_BOOL,
                |a| compare_scalar(a, $op),
            );
        };
    }
    cmp!("eq", Cmp::Eq);
    cmp!("ne", Cmp::Ne);
    cmp!("lt", Cmp::Lt);
    cmp!("le", Cmp::Le);
    cmp!("gt", Cmp::Gt);
    cmp!("ge", Cmp::Ge);
}

/// A comparison.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Cmp {
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
}

#[inline(always)]
fn test<C: Compute>(op: Cmp, x: C, y: C) -> bool {
    match op {
        Cmp::Eq => x == y,
        Cmp::Ne => x != y,
        Cmp::Lt => x < y,
        Cmp::Le => x <= y,
        Cmp::Gt => x > y,
        Cmp::Ge => x >= y,
    }
}

/// Compares two broadcast tensors in `C`.
fn run_tensor<C: Compute>(op: Cmp, a: &Tensor, b: &Tensor, out: &Tensor) -> KResult<()> {
    let av = elem::read::<C>(a)?;
    let bv = elem::read::<C>(b)?;
    let n = out.numel;
    macro_rules! go {
        ($op:expr) => {
            write_bools(out, |o| {
                if a.numel == n && b.numel == n {
                    for ((o, &x), &y) in o.iter_mut().zip(av.iter()).zip(bv.iter()) {
                        *o = test($op, x, y) as u8;
                    }
                } else if n > 0 {
                    let sa = broadcast_strides(&a.sizes, &out.sizes);
                    let sb = broadcast_strides(&b.sizes, &out.sizes);
                    broadcast_loop(&out.sizes, &sa, &sb, |oi, ia, ib| {
                        o[oi] = test($op, av[ia], bv[ib]) as u8
                    });
                }
            })
        };
    }
    match op {
        Cmp::Eq => go!(Cmp::Eq),
        Cmp::Ne => go!(Cmp::Ne),
        Cmp::Lt => go!(Cmp::Lt),
        Cmp::Le => go!(Cmp::Le),
        Cmp::Gt => go!(Cmp::Gt),
        Cmp::Ge => go!(Cmp::Ge),
    }
}

/// Compares a tensor with one value in `C`.
fn run_scalar<C: Compute>(op: Cmp, a: &Tensor, y: C, out: &Tensor) -> KResult<()> {
    let av = elem::read::<C>(a)?;
    macro_rules! go {
        ($op:expr) => {
            write_bools(out, |o| {
                for (o, &x) in o.iter_mut().zip(av.iter()) {
                    *o = test($op, x, y) as u8;
                }
            })
        };
    }
    match op {
        Cmp::Eq => go!(Cmp::Eq),
        Cmp::Ne => go!(Cmp::Ne),
        Cmp::Lt => go!(Cmp::Lt),
        Cmp::Le => go!(Cmp::Le),
        Cmp::Gt => go!(Cmp::Gt),
        Cmp::Ge => go!(Cmp::Ge),
    }
}

/// `aten::{eq,ne,lt,le,gt,ge}.Tensor_out(self, other, out)`.
fn compare_tensor(args: &mut Args, op: Cmp) -> KResult {
    let a = args.tensor(0)?;
    let b = args.tensor(1)?;
    let shape = broadcast_shape(&a.sizes, &b.sizes)?;
    let out = args.out(2, &shape)?;
    let common = promote_types(a.dtype, b.dtype);
    with_compute!(common, C, run_tensor::<C>(op, &a, &b, &out))
}

/// `aten::{eq,ne,lt,le,gt,ge}.Scalar_out(self, other, out)`.
fn compare_scalar(args: &mut Args, op: Cmp) -> KResult {
    let a = args.tensor(0)?;
    let s = args.scalar(1)?;
    let out = args.out(2, &a.sizes.clone())?;
    let common = promote_with_scalar(a.dtype, s);
    with_compute!(common, C, {
        let y: C = scalar_as(s, common);
        run_scalar::<C>(op, &a, y, &out)
    })
}
