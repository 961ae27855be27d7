//! Payloads the fuzzer (`.ci/fuzz`, `fuzz/fuzz_targets/payload.rs`) found, kept as
//! tests: each must be refused with an error, cheaply. `.ci/fuzz` also copies them into
//! the fuzzer's corpus.

use crate::graph::{self, ConstantSource};
use crate::plugboard::runtime::types::Error;
use crate::{header, runtime};

/// Named data as the fuzz target serves it: 64 KiB of zeros per key.
struct Zeros;

impl ConstantSource for Zeros {
    fn named(&mut self, _key: &str) -> Result<Vec<u8>, Error> {
        Ok(vec![0; 1 << 16])
    }
}

/// The message of the first error reading or preparing `data` hits.
fn prepare_error(data: &[u8]) -> Option<String> {
    let payload = header::split(data).ok()?;
    let g = match graph::parse(&payload, &mut Zeros) {
        Ok(g) => g,
        Err(e) => return Some(e.message),
    };
    runtime::PreparedDelegate::new(g).err().map(|e| e.message)
}

/// A static int8 fully connected layer whose per-tensor quantized weights are
/// `[1073742016, 0]`: no bytes, but as many output channels as asked. Preparing it once
/// built one scale per channel (4 GiB).
#[test]
fn empty_per_tensor_weights_are_refused() {
    let data = include_bytes!("fuzz_regressions/per_tensor_empty_weights.bin");
    let msg = prepare_error(data).unwrap_or_default();
    assert!(msg.contains("empty weights"), "{msg}");
}

/// A quantized convolution whose filter size overflowed.
#[test]
fn qconv_filter_size_overflow_is_an_error() {
    let data = include_bytes!("fuzz_regressions/qconv_filter_size_overflow.bin");
    let r = std::panic::catch_unwind(|| prepare_error(data));
    assert!(r.is_ok(), "panicked");
}
