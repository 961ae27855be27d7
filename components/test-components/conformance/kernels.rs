// The conformance kernel library, shared by every `kernels-X.Y.Z` crate beside this
// file: each crate takes the bindings of one frozen contract version from the SDK
// (`sdk`, `plugboard_sdk::vX_Y::kernel_library`) and includes this file, so the same
// library is built against every released version.
//
// It provides `aten::add.out` and `aten::mul.out` for float32 tensors (enough for the
// `add_mul` fixture), one call at a time and in prepared batches that report
// `progress.at`, and keeps tensors in its linear memory through the SDK's memory
// protocol. Inputs ask for failures: a first element of `-1001` in a call's first
// operand returns an `invalid-argument` error, `-1002` traps. An `alloc` of exactly
// `0xBAD0` bytes returns an address past the 32-bit memory (`0xffffff00`), as a broken
// library might. From 2.0 (feature `tensor-refs`) the host reads and writes the blocks
// itself: there are no `write` and `read` exports.

use plugboard_sdk::prepared::PreparedCalls;
use sdk::plugboard;
use sdk::prelude::*;

/// A kernel call's argument: `kernel-arg` in 1.x, `evalue` (the same cases) from 2.0.
#[cfg(not(feature = "tensor-refs"))]
type KernelArg = sdk::prelude::KernelArg;
#[cfg(feature = "tensor-refs")]
type KernelArg = Evalue;

struct Conformance;

thread_local! {
    static PREPARED: PreparedCalls<KernelArg> = const { PreparedCalls::new() };
}

fn tensor(args: &[KernelArg], i: usize) -> Result<&'static mut [f32], Error> {
    match args.get(i) {
        // SAFETY: add_mul's calls never pass one tensor as both an operand and `out`.
        Some(KernelArg::Tensor(t)) => unsafe { t.f32s_mut() },
        _ => Err(invalid_argument(format!("argument {i} is not a tensor"))),
    }
}

impl Guest for Conformance {
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
        // add.out(self, other, alpha, out); mul.out(self, other, out).
        let (a, b) = (tensor(&args, 0)?, tensor(&args, 1)?);
        let out = tensor(&args, if op == 0 { 3 } else { 2 })?;
        if a.len() != out.len() || b.len() != out.len() {
            return Err(invalid_argument("operands differ in size"));
        }
        match a.first().copied() {
            Some(-1001.0) => {
                return Err(invalid_argument(format!(
                    "conformance-error: asked to fail by {CONTRACT}"
                )))
            }
            Some(-1002.0) => panic!("conformance: asked to trap"),
            _ => {}
        }
        for i in 0..out.len() {
            out[i] = if op == 0 { a[i] + b[i] } else { a[i] * b[i] };
        }
        Ok(Vec::new())
    }

    fn prepare(op: u32, args: Vec<KernelArg>) -> Result<u32, Error> {
        Ok(PREPARED.with(|p| p.prepare(op, args)))
    }

    fn clear_prepared() {
        PREPARED.with(PreparedCalls::clear);
    }

    fn run_prepared(calls: Vec<u32>) -> Result<(u32, Vec<KernelUpdate>), (u32, Error)> {
        PREPARED.with(|p| {
            p.run(
                &calls,
                plugboard::runtime::progress::at,
                |op, args| Self::call(op, args.to_vec()),
                |id| invalid_argument(format!("unknown prepared call {id}")),
            )
        })
    }

    fn alloc(size: u64, align: u32) -> Result<u32, Error> {
        if size == 0xBAD0 {
            return Ok(0xffff_ff00);
        }
        Ok(plugboard_sdk::memory::alloc(size, align)?)
    }

    fn free(address: u32) {
        plugboard_sdk::memory::free(address)
    }

    #[cfg(not(feature = "tensor-refs"))]
    fn write(address: u32, data: Vec<u8>) -> Result<(), Error> {
        Ok(plugboard_sdk::memory::write(address, &data)?)
    }

    #[cfg(not(feature = "tensor-refs"))]
    fn read(address: u32, len: u32) -> Result<Vec<u8>, Error> {
        Ok(plugboard_sdk::memory::read(address, len)?)
    }
}

export!(Conformance);
