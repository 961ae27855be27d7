//! A kernel library for the host's sandbox tests. It provides `aten::add.out` and
//! `aten::mul.out` for contiguous float32 tensors (enough for the `add_mul` fixture)
//! and misbehaves on request: when the first element of one of `add`'s inputs is
//! 1.0 it traps (panics), 2.0 loops forever, 3.0 allocates until memory runs out;
//! codes 10 to 20 make it lie to the host (see the `lie` module).
//! It supports prepared calls (batches), reporting progress like the portable library.

use plugboard_sdk::v1_4::kernel_library::plugboard;
use plugboard_sdk::v1_4::kernel_library::prelude::*;

struct Misbehave;

thread_local! {
    static PREPARED: plugboard_sdk::prepared::PreparedCalls<KernelArg> = const { plugboard_sdk::prepared::PreparedCalls::new() };
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

use plugboard_sdk::v1_4::kernel_library::invalid_argument as invalid;

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
        let a = unsafe { tensor(&args, 0)?.f32s_mut()? };
        let b = unsafe { tensor(&args, 1)?.f32s_mut()? };
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
        let out = unsafe { tensor(&args, if op == 0 { 3 } else { 2 })?.f32s_mut()? };
        for i in 0..out.len() {
            out[i] = if op == 0 { a[i] + b[i] } else { a[i] * b[i] };
        }
        Ok(Vec::new())
    }

    fn prepare(op: u32, args: Vec<KernelArg>) -> Result<u32, Error> {
        Ok(PREPARED.with(|p| p.prepare(op, args)))
    }

    fn clear_prepared() {
        PREPARED.with(|p| p.clear());
    }

    fn run_prepared(calls: Vec<u32>) -> Result<(u32, Vec<KernelUpdate>), (u32, Error)> {
        let ran = PREPARED.with(|p| {
            p.run(
                &calls,
                plugboard::runtime::progress::at,
                |op, args| Self::call(op, args.to_vec()),
                |_| invalid("unknown prepared call"),
            )
        })?;
        if !ran.1.is_empty() {
            return Ok(ran);
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

    plugboard_sdk::memory_exports!();

    fn write(address: u32, data: Vec<u8>) -> Result<(), Error> {
        Ok(plugboard_sdk::memory::write(address, &data)?)
    }

    fn read(address: u32, len: u32) -> Result<Vec<u8>, Error> {
        let mut data = plugboard_sdk::memory::read(address, len)?;
        match CODE.with(|c| c.get()) {
            lie::SHORT_READ => {
                data.pop();
            }
            lie::LONG_READ => data.extend_from_slice(&[0; 8]),
            _ => {}
        }
        Ok(data)
    }
}

plugboard_sdk::export_kernel_library!(Misbehave, v1_4);
