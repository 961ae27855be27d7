//! A kernel library for the host's sandbox tests. It provides `aten::add.out` and
//! `aten::mul.out` for contiguous float32 tensors (enough for the `add_mul` fixture)
//! and misbehaves on request: when the first element of one of `add`'s inputs is
//! 1.0 it traps (panics), 2.0 loops forever, 3.0 allocates until memory runs out;
//! codes 10 to 20 make it lie to the host (see the `lie` module).
//! It supports prepared calls (batches), reporting progress like the portable library.

wit_bindgen::generate!({
    path: "../../../wit",
    world: "kernel-library",
});

use exports::plugboard::runtime::kernels::{
    Guest, KernelArg, KernelUpdate, OperatorInfo, TensorRef,
};
use plugboard::runtime::types::{Error, ErrorKind, ScalarType};

struct Misbehave;

thread_local! {
    static PREPARED: std::cell::RefCell<Vec<(u32, Vec<KernelArg>)>> = const { std::cell::RefCell::new(Vec::new()) };
    /// The code the last `add` call saw (0 when none).
    static CODE: std::cell::Cell<i32> = const { std::cell::Cell::new(0) };
}

/// Lies told to the host, by code (the first element of an `add` input).
mod lie {
    /// `run-prepared` claims more calls ran than the batch holds.
    pub const RAN_PAST_BATCH: i32 = 10;
    /// `run-prepared` claims no call ran.
    pub const RAN_NONE: i32 = 11;
    /// `run-prepared` claims it stopped after one call, with no updates.
    pub const STOPPED_EARLY: i32 = 12;
    /// `run-prepared` fails at a position past the batch.
    pub const ERROR_PAST_BATCH: i32 = 13;
    /// `progress.at` names a position past the batch, then the library traps.
    pub const PROGRESS_PAST_BATCH: i32 = 14;
    /// A kernel updates an argument the call does not have.
    pub const UPDATE_MISSING_ARG: i32 = 15;
    /// A kernel resizes its static output to `[0, u32::MAX]`.
    pub const RESIZE_STATIC: i32 = 16;
    /// A kernel returns an Int for its tensor output.
    pub const INT_FOR_TENSOR: i32 = 17;
    /// `read` returns fewer bytes than asked.
    pub const SHORT_READ: i32 = 18;
    /// `read` returns more bytes than asked.
    pub const LONG_READ: i32 = 19;
    /// Logs through the `logging` import until stopped.
    pub const LOG_FLOOD: i32 = 20;
}

fn invalid(m: &str) -> Error {
    Error {
        kind: ErrorKind::InvalidArgument,
        message: m.to_string(),
    }
}

fn floats(t: &TensorRef) -> &'static mut [f32] {
    let n: usize = t.sizes.iter().map(|&s| s as usize).product();
    // SAFETY: test component; the host passes addresses it reserved with `alloc`.
    unsafe { std::slice::from_raw_parts_mut(t.address as usize as *mut f32, n) }
}

fn tensor(args: &[KernelArg], i: usize) -> Result<&TensorRef, Error> {
    match args.get(i) {
        Some(KernelArg::Tensor(t)) if t.dtype == ScalarType::Float => Ok(t),
        _ => Err(invalid("expected a float32 tensor")),
    }
}

impl Guest for Misbehave {
    fn operators() -> Vec<OperatorInfo> {
        ["aten::add.out", "aten::mul.out"]
            .iter()
            .map(|n| OperatorInfo {
                name: n.to_string(),
                dtypes: vec![ScalarType::Float],
            })
            .collect()
    }

    fn call(op: u32, args: Vec<KernelArg>) -> Result<Vec<KernelUpdate>, Error> {
        let a = floats(tensor(&args, 0)?);
        let b = floats(tensor(&args, 1)?);
        if op == 0 {
            let lie = [a.first(), b.first()]
                .into_iter()
                .flatten()
                .copied()
                .find(|v| (10.0..=20.0).contains(v))
                .map_or(0, |v| v as i32);
            CODE.with(|c| c.set(lie));
            match lie {
                lie::UPDATE_MISSING_ARG => {
                    return Ok(vec![KernelUpdate::TensorSizes((99, vec![2, 3, 4]))])
                }
                lie::RESIZE_STATIC => {
                    return Ok(vec![KernelUpdate::TensorSizes((3, vec![0, u32::MAX]))])
                }
                lie::INT_FOR_TENSOR => return Ok(vec![KernelUpdate::Int((3, 7))]),
                lie::LOG_FLOOD => loop {
                    plugboard::runtime::logging::log(
                        plugboard::runtime::logging::Level::Warn,
                        "misbehave",
                        &"w".repeat(1000),
                    );
                },
                _ => {}
            }
            let code = [a.first(), b.first()]
                .into_iter()
                .flatten()
                .copied()
                .find(|v| (1.0..=3.0).contains(v));
            match code {
                Some(1.0) => panic!("misbehave: asked to trap"),
                Some(2.0) => {
                    let mut x: u64 = 0;
                    loop {
                        x = std::hint::black_box(x.wrapping_add(1));
                    }
                }
                Some(3.0) => {
                    let mut hoard: Vec<Vec<u8>> = Vec::new();
                    loop {
                        hoard.push(vec![1u8; 16 << 20]);
                        std::hint::black_box(&hoard);
                    }
                }
                _ => {}
            }
        }
        let out = floats(tensor(&args, if op == 0 { 3 } else { 2 })?);
        for i in 0..out.len() {
            out[i] = if op == 0 { a[i] + b[i] } else { a[i] * b[i] };
        }
        Ok(Vec::new())
    }

    fn prepare(op: u32, args: Vec<KernelArg>) -> Result<u32, Error> {
        PREPARED.with(|p| {
            let mut p = p.borrow_mut();
            p.push((op, args));
            Ok(p.len() as u32 - 1)
        })
    }

    fn clear_prepared() {
        PREPARED.with(|p| p.borrow_mut().clear());
    }

    fn run_prepared(calls: Vec<u32>) -> Result<(u32, Vec<KernelUpdate>), (u32, Error)> {
        for (pos, id) in calls.iter().enumerate() {
            plugboard::runtime::progress::at(pos as u32);
            let (op, args) = PREPARED
                .with(|p| p.borrow().get(*id as usize).cloned())
                .ok_or_else(|| (pos as u32, invalid("unknown prepared call")))?;
            let updates = Self::call(op, args).map_err(|e| (pos as u32, e))?;
            if !updates.is_empty() {
                return Ok((pos as u32 + 1, updates));
            }
        }
        let n = calls.len() as u32;
        match CODE.with(|c| c.get()) {
            lie::RAN_PAST_BATCH => Ok((n + 5, Vec::new())),
            lie::RAN_NONE => Ok((0, Vec::new())),
            lie::STOPPED_EARLY => Ok((1, Vec::new())),
            lie::ERROR_PAST_BATCH => Err((n + 1000, invalid("made-up failure"))),
            lie::PROGRESS_PAST_BATCH => {
                plugboard::runtime::progress::at(n + 1000);
                panic!("misbehave: trap after a made-up position")
            }
            _ => Ok((n, Vec::new())),
        }
    }

    fn alloc(size: u64, align: u32) -> Result<u32, Error> {
        let layout =
            std::alloc::Layout::from_size_align(size.max(1) as usize, align.max(1) as usize)
                .map_err(|_| invalid("bad layout"))?;
        let p = unsafe { std::alloc::alloc_zeroed(layout) };
        if p.is_null() {
            return Err(Error {
                kind: ErrorKind::MemoryAllocationFailed,
                message: "out of memory".into(),
            });
        }
        Ok(p as usize as u32)
    }

    fn free(_address: u32) {}

    fn write(address: u32, data: Vec<u8>) -> Result<(), Error> {
        unsafe {
            std::ptr::copy_nonoverlapping(data.as_ptr(), address as usize as *mut u8, data.len())
        };
        Ok(())
    }

    fn read(address: u32, len: u32) -> Result<Vec<u8>, Error> {
        let len = match CODE.with(|c| c.get()) {
            lie::SHORT_READ => len.saturating_sub(1),
            lie::LONG_READ => len + 8,
            _ => len,
        };
        Ok(
            unsafe { std::slice::from_raw_parts(address as usize as *const u8, len as usize) }
                .to_vec(),
        )
    }
}

export!(Misbehave);
