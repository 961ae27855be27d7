//! An example kernel library, as a user writes one for their own `torch.library`
//! operator: `mylib::scaled_add.out(Tensor a, Tensor b, float alpha, *, Tensor(a!) out)`
//! computes `out = a + alpha * b` for float32 and float64 tensors of equal sizes and dim
//! order. The program that calls it is exported by `tests/fixtures/export.py`
//! (`custom_op`); it runs next to the bundled portable library, which serves the rest of
//! the method (see the host's `method` module docs for how tensors cross between the two
//! libraries).
//!
//! Build it with `cargo build --release --target wasm32-wasip2` in `components/` (the
//! host's build script builds the whole workspace) and load it with
//! `plugboard run model.pte --backend plugboard_example_custom_ops.wasm`.
//!
//! What a kernel library owes the host (`wit/kernels.wit`):
//! - `operators` names each operator and its dtypes; `call`'s `op` indexes that list.
//! - Tensors are descriptors into this component's linear memory: the host reserves
//!   blocks with `alloc` / `free` (the SDK's `memory` module implements them) and, under
//!   contract 2.0, reads and writes their bytes itself. Every tensor the host names is
//!   checked against the blocks handed out, so a bad one is an error, not a stray
//!   access.
//! - `prepare` / `run-prepared` (batches of calls) are optional: this library says
//!   `not-supported` and the host calls kernels one by one.

use plugboard_sdk::v2_4::kernel_library::prelude::*;

/// The operators this library provides, in `call`'s index order.
const OPERATORS: &[&str] = &["mylib::scaled_add.out"];

/// The element count of `t`, with its bytes checked against the blocks.
fn elements(t: &TensorRef) -> Result<usize, Error> {
    t.checked_len()?;
    t.numel()
        .ok_or_else(|| invalid_argument("tensor sizes overflow"))
}

fn tensor(args: &[Evalue], i: usize, what: &str) -> Result<TensorRef, Error> {
    match args.get(i) {
        Some(Evalue::Tensor(t)) => Ok(t.clone()),
        _ => Err(invalid_argument(format!(
            "argument {i} ({what}) must be a tensor"
        ))),
    }
}

/// `out = a + alpha * b` elementwise over `n` elements of `T`.
///
/// # Safety
/// The three ranges were checked by [`elements`] against the blocks the SDK's memory
/// protocol handed out; `a` and
/// `b` may alias `out` (reads happen before the write of each element).
unsafe fn scaled_add<T: Copy + std::ops::Add<Output = T> + std::ops::Mul<Output = T>>(
    a: u32,
    b: u32,
    out: u32,
    n: usize,
    alpha: T,
) {
    let (a, b, out) = (
        a as usize as *const T,
        b as usize as *const T,
        out as usize as *mut T,
    );
    for i in 0..n {
        let v = a.add(i).read_unaligned() + alpha * b.add(i).read_unaligned();
        out.add(i).write_unaligned(v);
    }
}

fn scaled_add_out(args: &[Evalue]) -> Result<Vec<KernelUpdate>, Error> {
    if args.len() < 4 {
        return Err(invalid_argument(format!(
            "mylib::scaled_add.out takes (a, b, alpha, out), got {} arguments",
            args.len()
        )));
    }
    let a = tensor(args, 0, "a")?;
    let b = tensor(args, 1, "b")?;
    let alpha = match &args[2] {
        Evalue::Double(v) => *v,
        Evalue::Int(v) => *v as f64,
        _ => return Err(invalid_argument("argument 2 (alpha) must be a float")),
    };
    let out = tensor(args, 3, "out")?;
    if a.sizes != b.sizes || a.sizes != out.sizes {
        return Err(invalid_argument(format!(
            "a, b and out must have equal sizes, got {:?}, {:?} and {:?}",
            a.sizes, b.sizes, out.sizes
        )));
    }
    if a.dim_order != b.dim_order || a.dim_order != out.dim_order {
        return Err(invalid_argument(
            "a, b and out must have the same dim order",
        ));
    }
    if a.dtype != b.dtype || a.dtype != out.dtype {
        return Err(invalid_argument("a, b and out must have the same dtype"));
    }
    match a.dtype {
        ScalarType::Float => {
            let n = elements(&a)?;
            elements(&b)?;
            elements(&out)?;
            // SAFETY: the ranges were checked above.
            unsafe { scaled_add(a.address, b.address, out.address, n, alpha as f32) }
        }
        ScalarType::Double => {
            let n = elements(&a)?;
            elements(&b)?;
            elements(&out)?;
            // SAFETY: the ranges were checked above.
            unsafe { scaled_add(a.address, b.address, out.address, n, alpha) }
        }
        other => {
            return Err(invalid_argument(format!(
                "mylib::scaled_add.out supports Float and Double, not {other:?}"
            )))
        }
    }
    Ok(Vec::new())
}

struct CustomOps;

impl Guest for CustomOps {
    fn operators() -> Vec<OperatorInfo> {
        OPERATORS
            .iter()
            .map(|n| OperatorInfo {
                name: n.to_string(),
                dtypes: vec![ScalarType::Float, ScalarType::Double],
            })
            .collect()
    }

    fn call(op: u32, args: Vec<Evalue>) -> Result<Vec<KernelUpdate>, Error> {
        match op {
            0 => scaled_add_out(&args),
            _ => Err(error(
                ErrorKind::OperatorMissing,
                format!(
                    "operator index {op} is not one of this library's {}",
                    OPERATORS.len()
                ),
            )),
        }
    }

    fn prepare(_op: u32, _args: Vec<Evalue>) -> Result<u32, Error> {
        Err(error(
            ErrorKind::NotSupported,
            "this library does not batch calls",
        ))
    }

    fn clear_prepared() {}

    fn run_prepared(_calls: Vec<u32>) -> Result<(u32, Vec<KernelUpdate>), (u32, Error)> {
        Err((
            0,
            error(ErrorKind::NotSupported, "this library does not batch calls"),
        ))
    }

    plugboard_sdk::memory_exports!();
}

plugboard_sdk::export_kernel_library!(CustomOps, v2_4);
