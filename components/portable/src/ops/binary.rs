//! Elementwise binary operators with broadcasting and PyTorch type promotion (Tensor and
//! Scalar overloads, `.out` variants): `add`, `sub`, `rsub`, `mul`, `div`, `floor_divide`,
//! `remainder`, `fmod`, `pow`, `atan2`, `maximum`, `minimum` and the bitwise ops.
//!
//! The arithmetic itself ([`Num`], [`scalar_as`]) lives in `util::num`, the broadcast
//! walks and the SIMD128 lanes in `util`, shared with the other elementwise modules.
//!
//! Semantics follow PyTorch where ExecuTorch's portable kernels differ: integer
//! `remainder` takes the sign of the divisor (ExecuTorch 1.5 returns C's truncated
//! remainder for mixed signs), integer division, remainder and fmod by zero are errors
//! (PyTorch's `ZeroDivisionError`), and a Scalar operand is cast to the common dtype
//! before use (so `uint8_tensor == 258` compares with 2, as PyTorch does).

use crate::args::{Args, Scalar};
use crate::elem::{self, Compute, OutBuf};
use crate::ops::util::{
    broadcast_loop, broadcast_shape, broadcast_strides, promote_types, promote_with_scalar,
};
use crate::plugboard::runtime::types::ScalarType;
use crate::registry::{Registrar, REAL_AND_BOOL};
use crate::tensor::{Tensor, MAX_RANK};
use crate::{invalid, with_compute, KResult};

use crate::ops::util::num::{int_pow, scalar_as, Num};
use crate::ops::util::simd::{self, Fn2};
use crate::registry::{INTS, INTS_AND_BOOL};

/// Registers this module's operators.
pub fn register(r: &mut Registrar) {
    r.add("aten::add.out", REAL_AND_BOOL, add_out);
    r.add("aten::add.Scalar_out", REAL_AND_BOOL, add_scalar_out);
    r.add("aten::sub.out", REAL_AND_BOOL, sub_out);
    r.add("aten::sub.Scalar_out", REAL_AND_BOOL, sub_scalar_out);
    r.add("aten::rsub.Scalar_out", REAL_AND_BOOL, rsub_scalar_out);
    r.add("aten::mul.out", REAL_AND_BOOL, mul_out);
    r.add("aten::mul.Scalar_out", REAL_AND_BOOL, mul_scalar_out);
    r.add("aten::div.out", REAL_AND_BOOL, div_out);
    r.add("aten::div.out_mode", REAL_AND_BOOL, div_out_mode);
    r.add("aten::div.Scalar_out", REAL_AND_BOOL, div_scalar_out);
    r.add(
        "aten::div.Scalar_mode_out",
        REAL_AND_BOOL,
        div_scalar_mode_out,
    );
    r.add("aten::floor_divide.out", REAL_AND_BOOL, |a| {
        binary_tensor(a, Kind::DivFloor, 2)
    });
    r.add("aten::floor_divide.Scalar_out", REAL_AND_BOOL, |a| {
        binary_scalar(a, Kind::DivFloor, 2)
    });
    r.add("aten::remainder.Tensor_out", REAL_AND_BOOL, |a| {
        binary_tensor(a, Kind::Remainder, 2)
    });
    r.add("aten::remainder.Scalar_out", REAL_AND_BOOL, |a| {
        binary_scalar(a, Kind::Remainder, 2)
    });
    r.add("aten::fmod.Tensor_out", REAL_AND_BOOL, |a| {
        binary_tensor(a, Kind::Fmod, 2)
    });
    r.add("aten::fmod.Scalar_out", REAL_AND_BOOL, |a| {
        binary_scalar(a, Kind::Fmod, 2)
    });
    r.add("aten::pow.Tensor_Tensor_out", REAL_AND_BOOL, |a| {
        binary_tensor(a, Kind::Pow, 2)
    });
    r.add(
        "aten::pow.Tensor_Scalar_out",
        REAL_AND_BOOL,
        pow_tensor_scalar_out,
    );
    r.add("aten::pow.Scalar_out", REAL_AND_BOOL, pow_scalar_out);
    r.add("aten::atan2.out", REAL_AND_BOOL, |a| {
        binary_tensor(a, Kind::Atan2, 2)
    });
    r.add("aten::maximum.out", REAL_AND_BOOL, |a| {
        binary_tensor(a, Kind::Maximum, 2)
    });
    r.add("aten::minimum.out", REAL_AND_BOOL, |a| {
        binary_tensor(a, Kind::Minimum, 2)
    });
    r.add("aten::bitwise_and.Tensor_out", INTS_AND_BOOL, |a| {
        binary_tensor(a, Kind::BitAnd, 2)
    });
    r.add("aten::bitwise_and.Scalar_out", INTS_AND_BOOL, |a| {
        binary_scalar(a, Kind::BitAnd, 2)
    });
    r.add("aten::bitwise_or.Tensor_out", INTS_AND_BOOL, |a| {
        binary_tensor(a, Kind::BitOr, 2)
    });
    r.add("aten::bitwise_or.Scalar_out", INTS_AND_BOOL, |a| {
        binary_scalar(a, Kind::BitOr, 2)
    });
    r.add("aten::bitwise_xor.Tensor_out", INTS_AND_BOOL, |a| {
        binary_tensor(a, Kind::BitXor, 2)
    });
    r.add("aten::bitwise_xor.Scalar_out", INTS_AND_BOOL, |a| {
        binary_scalar(a, Kind::BitXor, 2)
    });
    r.add("aten::bitwise_left_shift.Tensor_out", INTS, |a| {
        shift_tensor(a, true)
    });
    r.add("aten::bitwise_left_shift.Tensor_Scalar_out", INTS, |a| {
        shift_scalar(a, true)
    });
    r.add("aten::bitwise_right_shift.Tensor_out", INTS, |a| {
        shift_tensor(a, false)
    });
    r.add("aten::bitwise_right_shift.Tensor_Scalar_out", INTS, |a| {
        shift_scalar(a, false)
    });
}

// ---------------------------------------------------------------------------------------
// Broadcast walkers
// ---------------------------------------------------------------------------------------

/// Applies `f` elementwise to `a` and `b` (broadcast to `out`'s sizes) and writes `out`,
/// computing in `C`. f32 callers with a SIMD form should try [`try_f32_binary`] first.
pub fn zip_broadcast<C: Compute>(
    a: &Tensor,
    b: &Tensor,
    out: &Tensor,
    f: impl Fn(C, C) -> C,
) -> KResult<()> {
    let av = elem::read::<C>(a)?;
    let bv = elem::read::<C>(b)?;
    let mut ob = OutBuf::<C>::new(out);
    let o = ob.data();
    let n = out.numel;
    // An input with as many elements as the output maps to it one to one (its sizes
    // differ at most by dimensions of size 1).
    if a.numel == n && b.numel == n {
        for ((o, &x), &y) in o.iter_mut().zip(av.iter()).zip(bv.iter()) {
            *o = f(x, y);
        }
    } else if a.numel == n && b.numel == 1 {
        let y = bv[0];
        for (o, &x) in o.iter_mut().zip(av.iter()) {
            *o = f(x, y);
        }
    } else if b.numel == n && a.numel == 1 {
        let x = av[0];
        for (o, &y) in o.iter_mut().zip(bv.iter()) {
            *o = f(x, y);
        }
    } else if n > 0 {
        let sa = broadcast_strides(&a.sizes, &out.sizes);
        let sb = broadcast_strides(&b.sizes, &out.sizes);
        broadcast_loop(&out.sizes, &sa, &sb, |oi, ia, ib| o[oi] = f(av[ia], bv[ib]));
    }
    ob.commit()
}

/// Whether `part` (leading 1s ignored) equals the trailing dimensions of `whole`, so
/// that `part` repeats once per block of its size over `whole`.
fn is_trailing_block(part: &[usize], whole: &[usize]) -> bool {
    let lead = part.iter().take_while(|&&s| s == 1).count();
    let p = &part[lead..];
    p.len() <= whole.len() && whole[whole.len() - p.len()..] == *p
}

/// SIMD fast path of a binary f32 operation: when `a`, `b` and `out` are `float32` and
/// each input is either laid out like the whole output (contiguous, or the same sizes
/// and dim order), a single element, or, all contiguous, a block repeated over the
/// trailing dimensions (a bias), runs `f` with SIMD128 and returns true; otherwise does
/// nothing and returns false.
pub fn try_f32_binary<F: Fn2>(a: &Tensor, b: &Tensor, out: &Tensor, f: F) -> bool {
    use simd::{map2, Ptr, Splat};
    if [a, b, out].iter().any(|t| t.dtype != ScalarType::Float) {
        return false;
    }
    let n = out.numel;
    // Whether `t` maps to the output element for element in memory order: both
    // contiguous with as many elements, or the same sizes and dim order (channels-last).
    let flat = |t: &Tensor| {
        t.numel == n
            && ((t.is_contiguous() && out.is_contiguous())
                || (t.sizes == out.sizes && t.dim_order == out.dim_order))
    };
    let all_contiguous = a.is_contiguous() && b.is_contiguous() && out.is_contiguous();
    let pa = a.addr as usize as *const f32;
    let pb = b.addr as usize as *const f32;
    let po = out.addr as usize as *mut f32;
    // SAFETY: the three tensors were checked to lie in reserved blocks of their byte
    // sizes; every access below stays within numel elements of each. Inputs and output
    // may alias only position for position, which map2 tolerates.
    unsafe {
        if flat(a) && flat(b) {
            map2(f, Ptr(pa), Ptr(pb), po, n);
        } else if flat(a) && b.numel == 1 {
            map2(f, Ptr(pa), Splat(*pb), po, n);
        } else if flat(b) && a.numel == 1 {
            map2(f, Splat(*pa), Ptr(pb), po, n);
        } else if !all_contiguous {
            return false;
        } else if a.numel == n && b.numel > 0 && is_trailing_block(&b.sizes, &out.sizes) {
            let m = b.numel;
            for r in 0..n / m {
                map2(f, Ptr(pa.add(r * m)), Ptr(pb), po.add(r * m), m);
            }
        } else if b.numel == n && a.numel > 0 && is_trailing_block(&a.sizes, &out.sizes) {
            let m = a.numel;
            for r in 0..n / m {
                map2(f, Ptr(pa), Ptr(pb.add(r * m)), po.add(r * m), m);
            }
        } else if !broadcast_runs(f, a, b, out) {
            return false;
        }
    }
    true
}

/// [`try_f32_binary`] for any broadcast of contiguous tensors: the output's trailing
/// dimensions where each input is either whole or repeated (size 1) in the same way
/// make one run of `map2` (an input repeated there is one value, [`simd::Splat`]);
/// the runs follow in output order, each input's start from its broadcast strides.
/// (A norm's `x * rsqrt(mean)`, `[S, D] * [S, 1]`, is `S` runs of `D`; a rotary
/// embedding's `[S, H, D] * [S, 1, D]` is `S·H` runs of `D`.) The same f32 operation
/// per element as the generic loop. False (nothing done) for runs shorter than 4.
///
/// # Safety
/// As [`try_f32_binary`]'s body: the tensors lie in reserved blocks of their sizes,
/// contiguous, `out` the broadcast of `a` and `b`.
unsafe fn broadcast_runs<F: Fn2>(f: F, a: &Tensor, b: &Tensor, out: &Tensor) -> bool {
    use simd::{map2, Ptr, Splat};
    let rank = out.sizes.len();
    if a.sizes.len() > rank || b.sizes.len() > rank || out.numel == 0 {
        return false;
    }
    // Each input's sizes right-aligned to the output's, and contiguous strides (0
    // where it is repeated).
    let aligned = |t: &Tensor| -> ([usize; MAX_RANK], [usize; MAX_RANK]) {
        let mut sizes = [1usize; MAX_RANK];
        sizes[rank - t.sizes.len()..rank].copy_from_slice(&t.sizes);
        let mut strides = [0usize; MAX_RANK];
        let mut s = 1;
        for d in (0..rank).rev() {
            strides[d] = if sizes[d] == 1 { 0 } else { s };
            s *= sizes[d];
        }
        (sizes, strides)
    };
    let ((sa, ta), (sb, tb)) = (aligned(a), aligned(b));
    let whole = |sizes: &[usize; MAX_RANK], d: usize| sizes[d] == out.sizes[d];
    // The trailing dimensions of one kind (size-1 output dimensions fit any).
    let mut kind = None;
    let mut run = 1usize;
    let mut inner = rank;
    while inner > 0 {
        let d = inner - 1;
        if out.sizes[d] != 1 {
            let k = (whole(&sa, d), whole(&sb, d));
            if kind.is_some_and(|kk| kk != k) {
                break;
            }
            kind = Some(k);
            run *= out.sizes[d];
        }
        inner = d;
    }
    let Some((a_whole, b_whole)) = kind else {
        return false;
    };
    if run < 4 || (!a_whole && !b_whole) {
        return false;
    }
    let (pa, pb) = (a.addr as usize as *const f32, b.addr as usize as *const f32);
    let po = out.addr as usize as *mut f32;
    let mut idx = [0usize; MAX_RANK];
    for r in 0..out.numel / run {
        let (oa, ob) = (0..inner).fold((0, 0), |(oa, ob), d| {
            (oa + idx[d] * ta[d], ob + idx[d] * tb[d])
        });
        let o = po.add(r * run);
        match (a_whole, b_whole) {
            (true, true) => map2(f, Ptr(pa.add(oa)), Ptr(pb.add(ob)), o, run),
            (true, false) => map2(f, Ptr(pa.add(oa)), Splat(*pb.add(ob)), o, run),
            _ => map2(f, Splat(*pa.add(oa)), Ptr(pb.add(ob)), o, run),
        }
        // The next outer index, last dimension fastest.
        for d in (0..inner).rev() {
            idx[d] += 1;
            if idx[d] < out.sizes[d] {
                break;
            }
            idx[d] = 0;
        }
    }
    true
}

// ---------------------------------------------------------------------------------------
// Operator kinds and their dtype rules
// ---------------------------------------------------------------------------------------

/// Which binary operation.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Kind {
    /// `x + alpha * y`.
    Add,
    /// `x - alpha * y`.
    Sub,
    /// `y - alpha * x` (`rsub`).
    Rsub,
    Mul,
    Div,
    DivTrunc,
    DivFloor,
    Remainder,
    Fmod,
    Pow,
    Atan2,
    Maximum,
    Minimum,
    BitAnd,
    BitOr,
    BitXor,
}

impl Kind {
    fn name(self) -> &'static str {
        match self {
            Kind::Add => "add",
            Kind::Sub => "sub",
            Kind::Rsub => "rsub",
            Kind::Mul => "mul",
            Kind::Div => "div",
            Kind::DivTrunc => "div (trunc)",
            Kind::DivFloor => "floor division",
            Kind::Remainder => "remainder",
            Kind::Fmod => "fmod",
            Kind::Pow => "pow",
            Kind::Atan2 => "atan2",
            Kind::Maximum => "maximum",
            Kind::Minimum => "minimum",
            Kind::BitAnd => "bitwise_and",
            Kind::BitOr => "bitwise_or",
            Kind::BitXor => "bitwise_xor",
        }
    }

    /// The dtype to compute in given the promoted dtype of the operands, or an error for
    /// dtypes PyTorch rejects.
    fn compute_dtype(self, common: ScalarType, any_bool: bool) -> KResult<ScalarType> {
        let float = elem::is_float(common);
        match self {
            Kind::Div | Kind::Atan2 if !float => Ok(ScalarType::Float),
            Kind::Sub | Kind::Rsub if any_bool => Err(invalid(
                "subtraction with a bool tensor is not supported; use logical_xor",
            )),
            Kind::DivTrunc | Kind::DivFloor | Kind::Remainder | Kind::Fmod | Kind::Pow
                if common == ScalarType::Bool =>
            {
                Err(invalid(format!(
                    "{} is not supported for bool",
                    self.name()
                )))
            }
            Kind::BitAnd | Kind::BitOr | Kind::BitXor if float => Err(invalid(format!(
                "{} is only supported for integer and bool tensors, got {common:?}",
                self.name()
            ))),
            _ => Ok(common),
        }
    }

    /// Whether a zero divisor is an error in integer compute (PyTorch's
    /// `ZeroDivisionError`).
    fn int_zero_check(self) -> bool {
        matches!(
            self,
            Kind::DivTrunc | Kind::DivFloor | Kind::Remainder | Kind::Fmod
        )
    }
}

/// Applies `kind` (with `alpha`) to `x` and `y` in compute type `C`.
#[inline(always)]
fn apply<C: Num>(kind: Kind, alpha: C, x: C, y: C) -> C {
    match kind {
        Kind::Add => x.add(alpha.mul(y)),
        Kind::Sub => x.sub(alpha.mul(y)),
        Kind::Rsub => y.sub(alpha.mul(x)),
        Kind::Mul => x.mul(y),
        Kind::Div => x.div(y),
        Kind::DivTrunc => x.div_trunc(y),
        Kind::DivFloor => x.div_floor(y),
        Kind::Remainder => x.remainder(y),
        Kind::Fmod => x.fmod(y),
        Kind::Pow => x.pow(y),
        Kind::Atan2 => x.atan2(y),
        Kind::Maximum => x.maximum(y),
        Kind::Minimum => x.minimum(y),
        Kind::BitAnd => x.bitand(y),
        Kind::BitOr => x.bitor(y),
        Kind::BitXor => x.bitxor(y),
    }
}

/// Runs `kind` over broadcast tensors in `C`, with the operation chosen outside the loop
/// so that each loop is specialised.
fn run_tensor<C: Num>(kind: Kind, alpha: C, a: &Tensor, b: &Tensor, out: &Tensor) -> KResult {
    macro_rules! go {
        ($k:expr) => {
            zip_broadcast::<C>(a, b, out, |x, y| apply($k, alpha, x, y))
        };
    }
    match kind {
        Kind::Add => go!(Kind::Add),
        Kind::Sub => go!(Kind::Sub),
        Kind::Rsub => go!(Kind::Rsub),
        Kind::Mul => go!(Kind::Mul),
        Kind::Div => go!(Kind::Div),
        Kind::DivTrunc => go!(Kind::DivTrunc),
        Kind::DivFloor => go!(Kind::DivFloor),
        Kind::Remainder => go!(Kind::Remainder),
        Kind::Fmod => go!(Kind::Fmod),
        Kind::Pow => go!(Kind::Pow),
        Kind::Atan2 => go!(Kind::Atan2),
        Kind::Maximum => go!(Kind::Maximum),
        Kind::Minimum => go!(Kind::Minimum),
        Kind::BitAnd => go!(Kind::BitAnd),
        Kind::BitOr => go!(Kind::BitOr),
        Kind::BitXor => go!(Kind::BitXor),
    }
}

/// Runs `kind` on `a` with the scalar `y` (on the right, or on the left when `flip`) in `C`.
fn run_scalar<C: Num>(kind: Kind, alpha: C, a: &Tensor, y: C, flip: bool, out: &Tensor) -> KResult {
    let av = elem::read::<C>(a)?;
    let mut ob = OutBuf::<C>::new(out);
    macro_rules! go {
        ($k:expr) => {{
            let o = ob.data();
            if flip {
                for (o, &x) in o.iter_mut().zip(av.iter()) {
                    *o = apply($k, alpha, y, x);
                }
            } else {
                for (o, &x) in o.iter_mut().zip(av.iter()) {
                    *o = apply($k, alpha, x, y);
                }
            }
        }};
    }
    match kind {
        Kind::Add => go!(Kind::Add),
        Kind::Sub => go!(Kind::Sub),
        Kind::Rsub => go!(Kind::Rsub),
        Kind::Mul => go!(Kind::Mul),
        Kind::Div => go!(Kind::Div),
        Kind::DivTrunc => go!(Kind::DivTrunc),
        Kind::DivFloor => go!(Kind::DivFloor),
        Kind::Remainder => go!(Kind::Remainder),
        Kind::Fmod => go!(Kind::Fmod),
        Kind::Pow => go!(Kind::Pow),
        Kind::Atan2 => go!(Kind::Atan2),
        Kind::Maximum => go!(Kind::Maximum),
        Kind::Minimum => go!(Kind::Minimum),
        Kind::BitAnd => go!(Kind::BitAnd),
        Kind::BitOr => go!(Kind::BitOr),
        Kind::BitXor => go!(Kind::BitXor),
    }
    ob.commit()
}

/// SIMD forms of the f32 arithmetic.
mod f32ops {
    use crate::ops::util::simd::{Fn2, Lanes};

    #[derive(Clone, Copy)]
    pub struct Add;
    impl Fn2 for Add {
        #[inline(always)]
        fn call<V: Lanes>(self, x: V, y: V) -> V {
            x.add(y)
        }
    }
    #[derive(Clone, Copy)]
    pub struct Sub;
    impl Fn2 for Sub {
        #[inline(always)]
        fn call<V: Lanes>(self, x: V, y: V) -> V {
            x.sub(y)
        }
    }
    /// `x + alpha * y`.
    #[derive(Clone, Copy)]
    pub struct AddScaled(pub f32);
    impl Fn2 for AddScaled {
        #[inline(always)]
        fn call<V: Lanes>(self, x: V, y: V) -> V {
            y.madd(V::splat(self.0), x)
        }
    }
    #[derive(Clone, Copy)]
    pub struct Mul;
    impl Fn2 for Mul {
        #[inline(always)]
        fn call<V: Lanes>(self, x: V, y: V) -> V {
            x.mul(y)
        }
    }
    #[derive(Clone, Copy)]
    pub struct Div;
    impl Fn2 for Div {
        #[inline(always)]
        fn call<V: Lanes>(self, x: V, y: V) -> V {
            x.div(y)
        }
    }
    #[derive(Clone, Copy)]
    pub struct Max;
    impl Fn2 for Max {
        #[inline(always)]
        fn call<V: Lanes>(self, x: V, y: V) -> V {
            x.max(y)
        }
    }
    #[derive(Clone, Copy)]
    pub struct Min;
    impl Fn2 for Min {
        #[inline(always)]
        fn call<V: Lanes>(self, x: V, y: V) -> V {
            x.min(y)
        }
    }
}

/// The SIMD fast path for `kind` on f32 tensors, when there is one.
fn f32_fast(kind: Kind, alpha: f32, a: &Tensor, b: &Tensor, out: &Tensor) -> bool {
    match kind {
        Kind::Add if alpha == 1.0 => try_f32_binary(a, b, out, f32ops::Add),
        Kind::Add => try_f32_binary(a, b, out, f32ops::AddScaled(alpha)),
        Kind::Sub if alpha == 1.0 => try_f32_binary(a, b, out, f32ops::Sub),
        Kind::Sub => try_f32_binary(a, b, out, f32ops::AddScaled(-alpha)),
        Kind::Mul => try_f32_binary(a, b, out, f32ops::Mul),
        Kind::Div => try_f32_binary(a, b, out, f32ops::Div),
        Kind::Maximum => try_f32_binary(a, b, out, f32ops::Max),
        Kind::Minimum => try_f32_binary(a, b, out, f32ops::Min),
        _ => false,
    }
}

/// Rejects a zero divisor in integer compute.
fn check_int_divisor(b: &Tensor, kind: Kind, compute: ScalarType) -> KResult<()> {
    if elem::is_float(compute) || !kind.int_zero_check() {
        return Ok(());
    }
    let v = elem::read::<i64>(b)?;
    if v.contains(&0) {
        return Err(invalid("integer division by zero (ZeroDivisionError)"));
    }
    Ok(())
}

fn alpha_arg(args: &Args, i: Option<usize>, compute: ScalarType) -> KResult<Scalar> {
    let alpha = match i {
        Some(i) if !args.is_none(i) => args.scalar(i)?,
        _ => Scalar::Int(1),
    };
    if alpha.is_float() && !elem::is_float(compute) {
        return Err(invalid("alpha must not be a float for integer inputs"));
    }
    if matches!(alpha, Scalar::Bool(_)) && compute != ScalarType::Bool {
        return Err(invalid("alpha must not be a bool for non-bool inputs"));
    }
    Ok(alpha)
}

/// `out = kind(self, other)` for two tensors (arguments 0 and 1; `alpha` at 2 for
/// add/sub; out at `out_idx`).
fn binary_tensor(args: &mut Args, kind: Kind, out_idx: usize) -> KResult<()> {
    let a = args.tensor(0)?;
    let b = args.tensor(1)?;
    let shape = broadcast_shape(&a.sizes, &b.sizes)?;
    let any_bool = a.dtype == ScalarType::Bool || b.dtype == ScalarType::Bool;
    let compute = kind.compute_dtype(promote_types(a.dtype, b.dtype), any_bool)?;
    let alpha_idx = matches!(kind, Kind::Add | Kind::Sub).then_some(2);
    let alpha = alpha_arg(args, alpha_idx, compute)?;
    let out = args.out(out_idx, &shape)?;
    check_int_divisor(&b, kind, compute)?;
    if compute == ScalarType::Float && f32_fast(kind, alpha.to_f64() as f32, &a, &b, &out) {
        return Ok(());
    }
    with_compute!(compute, C, {
        let alpha: C = scalar_as(alpha, compute);
        run_tensor::<C>(kind, alpha, &a, &b, &out)
    })
}

/// `out = kind(self, scalar)` (`self` at 0, the scalar at 1; `alpha` at 2 for
/// add/sub/rsub).
fn binary_scalar(args: &mut Args, kind: Kind, out_idx: usize) -> KResult<()> {
    let a = args.tensor(0)?;
    let s = args.scalar(1)?;
    let any_bool = a.dtype == ScalarType::Bool || matches!(s, Scalar::Bool(_));
    let compute = kind.compute_dtype(promote_with_scalar(a.dtype, s), any_bool)?;
    let alpha_idx = matches!(kind, Kind::Add | Kind::Sub | Kind::Rsub).then_some(2);
    let alpha = alpha_arg(args, alpha_idx, compute)?;
    let out = args.out(out_idx, &a.sizes.clone())?;
    if compute == ScalarType::Float {
        // The tensor path's SIMD loops, with the scalar as a one-element tensor (the
        // same f32 arithmetic as `run_scalar`, four lanes at a time).
        let mut y = [scalar_as::<f32>(s, compute)];
        let one = Tensor::flat(ScalarType::Float, y.as_mut_ptr() as usize as u32, 1);
        let alpha = scalar_as::<f32>(alpha, compute);
        if f32_fast(kind, alpha, &a, &one, &out) {
            return Ok(());
        }
    }
    with_compute!(compute, C, {
        let y: C = scalar_as(s, compute);
        if !C::IS_FLOAT && kind.int_zero_check() && y.to_i64() == 0 {
            return Err(invalid("integer division by zero (ZeroDivisionError)"));
        }
        let alpha: C = scalar_as(alpha, compute);
        run_scalar::<C>(kind, alpha, &a, y, false, &out)
    })
}

fn rounding(mode: Option<&str>) -> KResult<Kind> {
    match mode {
        None => Ok(Kind::Div),
        Some("trunc") => Ok(Kind::DivTrunc),
        Some("floor") => Ok(Kind::DivFloor),
        Some(m) => Err(invalid(format!("unknown rounding mode `{m}`"))),
    }
}

/// `aten::add.out(self, other, alpha, out)`: `self + alpha * other`.
fn add_out(a: &mut Args) -> KResult {
    binary_tensor(a, Kind::Add, 3)
}
/// `aten::add.Scalar_out(self, other, alpha, out)`.
fn add_scalar_out(a: &mut Args) -> KResult {
    binary_scalar(a, Kind::Add, 3)
}
/// `aten::sub.out(self, other, alpha, out)`: `self - alpha * other`.
fn sub_out(a: &mut Args) -> KResult {
    binary_tensor(a, Kind::Sub, 3)
}
/// `aten::sub.Scalar_out(self, other, alpha, out)`.
fn sub_scalar_out(a: &mut Args) -> KResult {
    binary_scalar(a, Kind::Sub, 3)
}
/// `aten::rsub.Scalar_out(self, other, alpha, out)`: `other - alpha * self`.
fn rsub_scalar_out(a: &mut Args) -> KResult {
    binary_scalar(a, Kind::Rsub, 3)
}
/// `aten::mul.out(self, other, out)`.
fn mul_out(a: &mut Args) -> KResult {
    binary_tensor(a, Kind::Mul, 2)
}
/// `aten::mul.Scalar_out(self, other, out)`.
fn mul_scalar_out(a: &mut Args) -> KResult {
    binary_scalar(a, Kind::Mul, 2)
}
/// `aten::div.out(self, other, out)`: true division (integers give float32).
fn div_out(a: &mut Args) -> KResult {
    binary_tensor(a, Kind::Div, 2)
}
/// `aten::div.out_mode(self, other, rounding_mode, out)`.
fn div_out_mode(a: &mut Args) -> KResult {
    let kind = rounding(a.opt_string(2)?)?;
    binary_tensor(a, kind, 3)
}
/// `aten::div.Scalar_out(self, other, out)`.
fn div_scalar_out(a: &mut Args) -> KResult {
    binary_scalar(a, Kind::Div, 2)
}
/// `aten::div.Scalar_mode_out(self, other, rounding_mode, out)`.
fn div_scalar_mode_out(a: &mut Args) -> KResult {
    let kind = rounding(a.opt_string(2)?)?;
    binary_scalar(a, kind, 3)
}

/// How `pow(x, e)` is computed for a float tensor and a fixed Scalar exponent
/// (PyTorch's `pow_tensor_scalar_optimized_kernel` special cases).
#[derive(Clone, Copy)]
enum PowScalar {
    Square,
    Cube,
    Sqrt,
    Rsqrt,
    Recip,
    RecipSquare,
    General,
}

/// `aten::pow.Tensor_Scalar_out(self, exponent, out)`.
fn pow_tensor_scalar_out(args: &mut Args) -> KResult {
    let a = args.tensor(0)?;
    let e = args.scalar(1)?;
    let compute = Kind::Pow.compute_dtype(promote_with_scalar(a.dtype, e), false)?;
    let out = args.out(2, &a.sizes.clone())?;
    if !elem::is_float(compute) {
        let ei = e.to_i64();
        if ei < 0 {
            return Err(invalid(
                "integers to negative integer powers are not allowed",
            ));
        }
        let av = elem::read::<i64>(&a)?;
        let mut ob = OutBuf::<i64>::new(&out);
        for (o, &x) in ob.data().iter_mut().zip(av.iter()) {
            *o = int_pow(x, ei);
        }
        return ob.commit();
    }
    let ef = e.to_f64();
    let mode = match ef {
        2.0 => PowScalar::Square,
        3.0 => PowScalar::Cube,
        0.5 => PowScalar::Sqrt,
        -0.5 => PowScalar::Rsqrt,
        -1.0 => PowScalar::Recip,
        -2.0 => PowScalar::RecipSquare,
        _ => PowScalar::General,
    };
    with_compute!(compute, C, {
        let y: C = scalar_as(e, compute);
        let av = elem::read::<C>(&a)?;
        let mut ob = OutBuf::<C>::new(&out);
        let o = ob.data();
        macro_rules! go {
            (|$x:ident| $body:expr) => {
                for (o, &$x) in o.iter_mut().zip(av.iter()) {
                    *o = $body;
                }
            };
        }
        let one = C::from_f64(1.0);
        match mode {
            PowScalar::Square => go!(|x| Num::mul(x, x)),
            PowScalar::Cube => go!(|x| Num::mul(Num::mul(x, x), x)),
            PowScalar::Sqrt => go!(|x| C::from_f64(x.to_f64().sqrt())),
            PowScalar::Rsqrt => go!(|x| Num::div(one, C::from_f64(x.to_f64().sqrt()))),
            PowScalar::Recip => go!(|x| Num::div(one, x)),
            PowScalar::RecipSquare => go!(|x| Num::div(one, Num::mul(x, x))),
            PowScalar::General => go!(|x| Num::pow(x, y)),
        }
        ob.commit()
    })
}

/// `aten::pow.Scalar_out(self: Scalar, exponent: Tensor, out)`: `self ** exponent`.
fn pow_scalar_out(args: &mut Args) -> KResult {
    let s = args.scalar(0)?;
    let e = args.tensor(1)?;
    let compute = Kind::Pow.compute_dtype(promote_with_scalar(e.dtype, s), false)?;
    let out = args.out(2, &e.sizes.clone())?;
    with_compute!(compute, C, {
        let x: C = scalar_as(s, compute);
        let one = C::from_f64(1.0);
        run_scalar::<C>(Kind::Pow, one, &e, x, true, &out)
    })
}

// ---------------------------------------------------------------------------------------
// SIMD128 lanes
// ---------------------------------------------------------------------------------------

// ---------------------------------------------------------------------------------------
// Shifts
// ---------------------------------------------------------------------------------------

/// `v` wrapped to the width of the integer `dtype` (sign- or zero-extended back).
fn wrap_int(v: i64, dtype: ScalarType) -> i64 {
    match dtype {
        ScalarType::Byte => v as u8 as i64,
        ScalarType::Char => v as i8 as i64,
        ScalarType::Short => v as i16 as i64,
        ScalarType::Int => v as i32 as i64,
        _ => v,
    }
}

/// `x << s` or `x >> s` in the integer `dtype`, as PyTorch: a shift by a negative
/// amount or by the width or more gives 0 to the left and the sign (0 or -1) to the
/// right; right shifts of signed types are arithmetic.
fn shift(x: i64, s: i64, left: bool, dtype: ScalarType) -> i64 {
    let bits = (elem::element_size(dtype) * 8) as i64;
    let v = if left {
        if (0..bits).contains(&s) {
            x.wrapping_shl(s as u32)
        } else {
            0
        }
    } else if (0..bits).contains(&s) {
        x >> s
    } else {
        // x fits `dtype` (sign-extended), so shifting by 63 leaves its sign.
        x >> 63
    };
    wrap_int(v, dtype)
}

fn shift_dtype(name: &str, common: ScalarType) -> KResult<ScalarType> {
    if !elem::is_integral(common) {
        return Err(invalid(format!(
            "{name} is only supported for integer tensors, got {common:?}"
        )));
    }
    Ok(common)
}

/// `bitwise_{left,right}_shift.Tensor_out(Tensor self, Tensor other, *, Tensor(a!) out)`:
/// `self << other` / `self >> other` elementwise, broadcast, in the promoted integer
/// dtype (then cast to `out`'s). Integer dtypes only (bool and floats are
/// `invalid-argument`, as in PyTorch); shift amounts outside `0..width` follow
/// PyTorch (0 to the left, the sign to the right).
fn shift_tensor(a: &mut Args, left: bool) -> KResult {
    let name = if left {
        "bitwise_left_shift"
    } else {
        "bitwise_right_shift"
    };
    let x = a.tensor(0)?;
    let y = a.tensor(1)?;
    let common = shift_dtype(name, promote_types(x.dtype, y.dtype))?;
    let shape = broadcast_shape(&x.sizes, &y.sizes)?;
    let out = a.out(2, &shape)?;
    zip_broadcast::<i64>(&x, &y, &out, |p, q| shift(p, q, left, common))
}

/// `bitwise_{left,right}_shift.Tensor_Scalar_out(Tensor self, Scalar other, *,
/// Tensor(a!) out)`: as the Tensor overload with an integer scalar shift amount (a
/// float scalar is `invalid-argument`).
fn shift_scalar(a: &mut Args, left: bool) -> KResult {
    let name = if left {
        "bitwise_left_shift"
    } else {
        "bitwise_right_shift"
    };
    let x = a.tensor(0)?;
    let s = a.scalar(1)?;
    if s.is_float() {
        return Err(invalid(format!("{name} needs an integer shift amount")));
    }
    let common = shift_dtype(name, promote_with_scalar(x.dtype, s))?;
    let s = s.to_i64();
    let out = a.out(2, &x.sizes.clone())?;
    let xv = elem::read::<i64>(&x)?;
    let v: Vec<i64> = xv.iter().map(|&p| shift(p, s, left, common)).collect();
    elem::write(&out, &v)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn int_semantics() {
        assert_eq!(Num::remainder(16i64, -5), -4);
        assert_eq!(Num::remainder(-16i64, 5), 4);
        assert_eq!(Num::fmod(-16i64, 5), -1);
        assert_eq!(Num::div_floor(-7i64, 2), -4);
        assert_eq!(Num::div_floor(i64::MIN, -1), i64::MIN);
        assert_eq!(Num::remainder(i64::MIN, -1), 0);
        assert_eq!(int_pow(2, 10), 1024);
        assert_eq!(int_pow(-1, -3), -1);
        assert_eq!(int_pow(0, -1), 0);
    }

    #[test]
    fn float_semantics() {
        assert_eq!(Num::remainder(-5.0f32, 3.0), 1.0);
        assert_eq!(Num::remainder(-5.0f32, f32::INFINITY), f32::INFINITY);
        assert_eq!(Num::div_floor(-7.0f32, 2.0), -4.0);
        assert!(Num::maximum(f32::NAN, 1.0f32).is_nan());
        assert_eq!(scalar_as::<i64>(Scalar::Int(258), ScalarType::Byte), 2);
        assert_eq!(scalar_as::<i64>(Scalar::Double(0.5), ScalarType::Bool), 1);
    }

    #[test]
    fn shifts_follow_pytorch_at_and_past_the_width() {
        use ScalarType::*;
        assert_eq!(shift(1, 31, true, Int), i32::MIN as i64);
        assert_eq!(shift(1, 32, true, Int), 0);
        assert_eq!(shift(3, -1, true, Long), 0);
        assert_eq!(shift(-1, 7, true, Char), -128);
        assert_eq!(shift(200, 1, true, Byte), 144);
        assert_eq!(shift(-9, 2, false, Int), -3);
        assert_eq!(shift(-9, 40, false, Int), -1);
        assert_eq!(shift(9, 64, false, Long), 0);
        assert_eq!(shift(-9, -3, false, Long), -1);
        assert_eq!(shift(255, 9, false, Byte), 0);
    }
}
