// The conformance kernel library, shared by every `kernels-X.Y.Z` crate beside this
// file: each crate generates the bindings of one frozen contract folder (`wit/X.Y.Z`)
// and includes this file, so the same library is built against every released version.
//
// It provides `aten::add.out` and `aten::mul.out` for float32 tensors (enough for the
// `add_mul` fixture), one call at a time and in prepared batches that report
// `progress.at`, and keeps tensors in its linear memory through `alloc`/`write`/`read`.
// Inputs ask for failures: a first element of `-1001` in a call's first operand returns an
// `invalid-argument` error, `-1002` traps. An `alloc` of exactly `0xBAD0` bytes returns
// an address past the 32-bit memory (`0xffffff00`), as a broken library might.

use exports::plugboard::runtime::kernels::{
    Guest, KernelArg, KernelUpdate, OperatorInfo, TensorRef,
};
use plugboard::runtime::types::{Error, ErrorKind, ScalarType};

struct Conformance;

thread_local! {
    static PREPARED: std::cell::RefCell<Vec<(u32, Vec<KernelArg>)>> =
        const { std::cell::RefCell::new(Vec::new()) };
}

fn invalid(message: String) -> Error {
    Error {
        kind: ErrorKind::InvalidArgument,
        message,
    }
}

/// Bytes of linear memory.
fn memory_len() -> usize {
    #[cfg(target_arch = "wasm32")]
    return core::arch::wasm32::memory_size(0) * 65536;
    #[cfg(not(target_arch = "wasm32"))]
    return 0;
}

/// Checks that `[address, address + len)` lies inside linear memory.
fn in_memory(address: u32, len: usize) -> Result<(), Error> {
    match (address as usize).checked_add(len) {
        Some(end) if address != 0 && end <= memory_len() => Ok(()),
        _ => Err(invalid(format!(
            "{len} bytes at {address:#x} are outside linear memory"
        ))),
    }
}

fn floats(t: &TensorRef) -> Result<&'static mut [f32], Error> {
    if t.dtype != ScalarType::Float {
        return Err(invalid(format!(
            "{CONTRACT} conformance kernels take float32 tensors"
        )));
    }
    let n: usize = t.sizes.iter().map(|&s| s as usize).product();
    in_memory(t.address, n * 4)?;
    if !t.address.is_multiple_of(4) {
        return Err(invalid(format!(
            "tensor at {:#x} is not aligned",
            t.address
        )));
    }
    // SAFETY: the range lies inside linear memory, aligned for f32 (checked above); the
    // host passes addresses it reserved with `alloc`.
    Ok(unsafe { std::slice::from_raw_parts_mut(t.address as usize as *mut f32, n) })
}

fn tensor(args: &[KernelArg], i: usize) -> Result<&'static mut [f32], Error> {
    match args.get(i) {
        Some(KernelArg::Tensor(t)) => floats(t),
        _ => Err(invalid(format!("argument {i} is not a tensor"))),
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
            return Err(invalid("operands differ in size".into()));
        }
        match a.first().copied() {
            Some(-1001.0) => {
                return Err(invalid(format!(
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
                .ok_or_else(|| (pos as u32, invalid(format!("unknown prepared call {id}"))))?;
            let updates = Self::call(op, args).map_err(|e| (pos as u32, e))?;
            if !updates.is_empty() {
                return Ok((pos as u32 + 1, updates));
            }
        }
        Ok((calls.len() as u32, Vec::new()))
    }

    fn alloc(size: u64, align: u32) -> Result<u32, Error> {
        if size == 0xBAD0 {
            return Ok(0xffff_ff00);
        }
        let layout = usize::try_from(size)
            .ok()
            .and_then(|s| std::alloc::Layout::from_size_align(s.max(1), align.max(1) as usize).ok())
            .ok_or_else(|| invalid(format!("cannot reserve {size} bytes aligned to {align}")))?;
        // SAFETY: the layout has a non-zero size.
        let p = unsafe { std::alloc::alloc_zeroed(layout) };
        if p.is_null() {
            return Err(Error {
                kind: ErrorKind::MemoryAllocationFailed,
                message: format!("out of memory reserving {size} bytes"),
            });
        }
        Ok(p as usize as u32)
    }

    fn free(_address: u32) {}

    fn write(address: u32, data: Vec<u8>) -> Result<(), Error> {
        in_memory(address, data.len())?;
        // SAFETY: the range lies inside linear memory (checked above).
        unsafe {
            std::ptr::copy_nonoverlapping(data.as_ptr(), address as usize as *mut u8, data.len())
        };
        Ok(())
    }

    fn read(address: u32, len: u32) -> Result<Vec<u8>, Error> {
        in_memory(address, len as usize)?;
        // SAFETY: the range lies inside linear memory (checked above).
        Ok(
            unsafe { std::slice::from_raw_parts(address as usize as *const u8, len as usize) }
                .to_vec(),
        )
    }
}

export!(Conformance);
