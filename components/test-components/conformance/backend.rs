// The conformance backend, shared by every `backend-X.Y.Z` crate beside this file: each
// crate generates the bindings of one frozen contract folder (`wit/X.Y.Z`) and includes
// this file, so the same backend is built against every released version. Features
// name what a version added (`accel` 1.1, `gpu` 1.2, `profiling` 1.3, `empty-outputs`
// the 1.4 meaning of output arguments); each crate enables those of its version.
//
// It registers `ConformanceBackend` and runs the `add_mul` delegate (`x * y + x` on two
// float32 tensors). Written as an outside author would against that contract alone:
//
// - Before 1.4 it sizes its output from the bytes of the output argument it is handed
//   (as 1.0-1.3 allowed) and fails if they are missing; from 1.4 it requires them empty
//   and sizes the output from `sizes`.
// - Compile specs ask it for the checks a test wants (each done in `init`):
//   `conformance-named-data` (value: a key; `init` reads it through `named-data` and
//   requires the bytes of spec `conformance-named-value`), `conformance-accel` (a 1x1
//   convolution through `cpu-accel` whose answer it knows), `conformance-gpu`
//   (`gpu.open`, which may say there is no GPU but must answer).
// - Inputs ask for errors: a first element of `-1001` returns a `not-supported` error
//   naming `conformance-error`; `-1008` traps.
// - When the host profiles an `execute` (1.3+) it reports one node, `conformance-node`.
// - From 2.0 (feature `tensor-refs`) inputs are `tensor-ref`s to blocks the host filled
//   after `alloc`, output arguments come at address 0, and the output is returned as a
//   `tensor-ref` to bytes the handle keeps until the next call; a first input element of
//   `-1003` returns it at an address outside linear memory.
// - From 2.1 (feature `execute-again`) it keeps the arguments of its last successful
//   `execute` and implements `execute-again` with them. A first input element asks
//   that call for a misbehaviour: `-1004` an output address outside linear memory,
//   `-1005` two output addresses for one output, `-1006` `not-supported` (the host must
//   call `execute` instead, now and for every later call of the delegate), `-1007` an
//   `invalid-argument` error. `-1003` and profiling behave as in `execute`; `-1001`
//   answers `not-supported`, so that `execute` runs and fails as asked.
// - From 2.2 (feature `qd8`) the `conformance-accel` check also runs a fully connected
//   layer over dynamically quantized rows (`fully-connected-qd8`) whose answer it knows,
//   and requires an output address past the memory and fp32 weights to be refused.
// - From 2.3 (feature `attention`) it also runs an `attention` whose answer is exact
//   (two query heads on one KV head, two keys of equal score: each output is the mean
//   of the two values) and requires a mask with `causal` and an output over the query
//   to be refused.
// - From 2.4 (feature `qd8-f32`) it also runs `fully-connected-qd8-f32` on float32 rows
//   whose quantization and answer are exact, and requires an input of a broken length
//   (an address past the memory) to be refused.

use sdk::plugboard;
use sdk::prelude::*;

/// The backend id of every build.
const BACKEND_ID: &str = "ConformanceBackend";

struct Conformance;

#[derive(Default)]
struct Handle {
    /// The last output (2.0: the host copies it out after `execute`).
    #[cfg(feature = "tensor-refs")]
    out: std::cell::RefCell<Vec<u8>>,
    /// The arguments of the last successful `execute` (2.1: what `execute-again` runs).
    #[cfg(feature = "execute-again")]
    last: std::cell::RefCell<Vec<TensorRef>>,
}

impl GuestDelegateHandle for Handle {
    fn execute(&self, args: Vec<Evalue>) -> Result<Vec<Evalue>, Error> {
        #[cfg(feature = "profiling")]
        let start = plugboard::runtime::clock::now();
        let [Evalue::Tensor(x), Evalue::Tensor(y), Evalue::Tensor(out)] = args.as_slice() else {
            return Err(error(
                ErrorKind::InvalidArgument,
                format!(
                    "expected x, y and out tensors, got {} arguments",
                    args.len()
                ),
            ));
        };
        #[cfg(not(feature = "tensor-refs"))]
        let (x, y) = (x.f32s()?, y.f32s()?);
        #[cfg(feature = "tensor-refs")]
        let (x, y) = (x.to_f32s()?, y.to_f32s()?);
        if x.first() == Some(&-1001.0) {
            return Err(error(
                ErrorKind::NotSupported,
                format!("conformance-error: asked to fail by {CONTRACT}"),
            ));
        }
        // `-1008` traps (a panic aborts): the host must restart the instance.
        if x.first() == Some(&-1008.0) {
            panic!("conformance-trap");
        }
        let numel: usize = out.sizes.iter().map(|&s| s as usize).product();
        // What the output argument carries depends on the contract's meaning.
        #[cfg(feature = "tensor-refs")]
        let mut data = {
            if out.address != 0 {
                return Err(error(
                    ErrorKind::InvalidArgument,
                    format!(
                        "contract {CONTRACT} sends output arguments at address 0, got {:#x}",
                        out.address
                    ),
                ));
            }
            vec![0u8; numel * 4]
        };
        #[cfg(not(feature = "tensor-refs"))]
        let mut data = if cfg!(feature = "empty-outputs") {
            if !out.data.is_empty() {
                return Err(error(
                    ErrorKind::InvalidArgument,
                    format!(
                        "contract {CONTRACT} sends output arguments without bytes, got {}",
                        out.data.len()
                    ),
                ));
            }
            vec![0u8; numel * 4]
        } else {
            // Sized from the argument, as 1.0-1.3 allowed.
            if out.data.len() != numel * 4 {
                return Err(error(
                    ErrorKind::InvalidArgument,
                    format!(
                        "contract {CONTRACT} sends output arguments with their {} bytes, got {}",
                        numel * 4,
                        out.data.len()
                    ),
                ));
            }
            out.data.clone()
        };
        if x.len() != numel || y.len() != numel {
            return Err(error(
                ErrorKind::InvalidArgument,
                format!(
                    "inputs of {} and {} elements for an output of {numel}",
                    x.len(),
                    y.len()
                ),
            ));
        }
        for (i, chunk) in data.chunks_exact_mut(4).enumerate() {
            chunk.copy_from_slice(&(x[i] * y[i] + x[i]).to_le_bytes());
        }
        #[cfg(feature = "profiling")]
        report_node(start);
        #[cfg(feature = "tensor-refs")]
        {
            let mut kept = self.out.borrow_mut();
            *kept = data;
            #[cfg(feature = "execute-again")]
            {
                *self.last.borrow_mut() = args
                    .iter()
                    .filter_map(|a| match a {
                        Evalue::Tensor(t) => Some(t.clone()),
                        _ => None,
                    })
                    .collect();
            }
            // `-1003` asks for an output outside linear memory, as a broken backend
            // might return.
            let address = match x.first() {
                Some(&-1003.0) => 0xffff_fff0,
                _ => kept.as_ptr() as usize as u32,
            };
            Ok(vec![Evalue::Tensor(TensorRef {
                dtype: out.dtype,
                sizes: out.sizes.clone(),
                dim_order: out.dim_order.clone(),
                address,
            })])
        }
        #[cfg(not(feature = "tensor-refs"))]
        Ok(vec![Evalue::Tensor(Tensor {
            dtype: out.dtype,
            sizes: out.sizes.clone(),
            dim_order: out.dim_order.clone(),
            data,
        })])
    }
}

/// Reports the delegate's one step, `conformance-node`, from `start` to now, when the
/// host profiles the call (1.3+).
#[cfg(feature = "profiling")]
fn report_node(start: u64) {
    if plugboard::runtime::profiling::enabled() {
        plugboard::runtime::profiling::node("conformance-node", start, plugboard::runtime::clock::now());
    }
}

/// The value of compile spec `key`, if the delegate has it.
fn spec<'a>(specs: &'a [CompileSpec], key: &str) -> Option<&'a [u8]> {
    specs
        .iter()
        .find(|s| s.key == key)
        .map(|s| s.value.as_slice())
}

fn check_named_data(specs: &[CompileSpec]) -> Result<(), Error> {
    let Some(key) = spec(specs, "conformance-named-data") else {
        return Ok(());
    };
    let key = String::from_utf8_lossy(key).into_owned();
    let want = spec(specs, "conformance-named-value").unwrap_or_default();
    let got = plugboard::runtime::named_data::get(&key)?;
    if got != want {
        return Err(error(
            ErrorKind::InvalidExternalData,
            format!(
                "named data `{key}` holds {} bytes, not the {} expected",
                got.len(),
                want.len()
            ),
        ));
    }
    // A key the program does not have is `not-found`.
    match plugboard::runtime::named_data::get("conformance-absent-key") {
        Err(e) if e.kind == ErrorKind::NotFound => Ok(()),
        other => Err(error(
            ErrorKind::InvalidState,
            format!("named-data.get of an absent key answered {other:?}"),
        )),
    }
}

#[cfg(feature = "accel")]
fn check_accel(specs: &[CompileSpec]) -> Result<(), Error> {
    use plugboard::runtime::cpu_accel::{self, ConvGeometry};
    if spec(specs, "conformance-accel").is_none() || !cpu_accel::available() {
        return Ok(());
    }
    // A fully connected layer of 2 rows, 3 inputs, 2 outputs as a 1x1 convolution.
    let weights = [1.0f32, 2.0, 3.0, -1.0, 0.5, 0.0];
    let handle = cpu_accel::add_weights_f32(2, 3, 1, &weights, Some(&[0.5, -0.5]))?;
    let geometry = ConvGeometry {
        batch: 2,
        height: 1,
        width: 1,
        channels_in: 3,
        out_height: 1,
        out_width: 1,
        channels_out: 2,
        kernel_height: 1,
        kernel_width: 1,
        stride_height: 1,
        stride_width: 1,
        dilation_height: 1,
        dilation_width: 1,
        pad_top: 0,
        pad_left: 0,
        groups: 1,
    };
    let input = [1.0f32, 1.0, 1.0, 2.0, 0.0, -2.0];
    // 1.x: a bare handle, lists both ways.
    #[cfg(not(feature = "tensor-refs"))]
    let got = cpu_accel::conv2d_f32(handle, geometry, &input, f32::NEG_INFINITY, f32::INFINITY)?;
    // 2.0: a borrowed resource; the host reads and writes this component's memory.
    #[cfg(feature = "tensor-refs")]
    let got = {
        let step = |weights| cpu_accel::ChainStep {
            weights,
            geometry,
            output_min: f32::NEG_INFINITY,
            output_max: f32::INFINITY,
            activation: cpu_accel::Activation::None,
        };
        // Dropped weights are released and their slot reused.
        drop(cpu_accel::add_weights_f32(2, 3, 1, &weights, None)?);
        let mut out = [0.0f32; 4];
        let (x, y) = (input.as_ptr() as u32, out.as_mut_ptr() as u32);
        cpu_accel::conv2d_f32(&[step(&handle)], x, y)?;
        // An output past the memory is refused, not written.
        match cpu_accel::conv2d_f32(&[step(&handle)], x, u32::MAX - 8) {
            Err(e) if e.kind == ErrorKind::InvalidArgument => {}
            other => {
                return Err(error(
                    ErrorKind::Internal,
                    format!(
                        "cpu-accel.conv2d-f32 to an address past the memory answered {other:?}"
                    ),
                ))
            }
        }
        out
    };
    // Row 0: [1+2+3+0.5, -1+0.5+0-0.5]; row 1: [2-6+0.5, -2+0+0-0.5].
    let want = [6.5f32, -1.0, -3.5, -2.5];
    if got != want {
        return Err(error(
            ErrorKind::Internal,
            format!("cpu-accel.conv2d-f32 answered {got:?}, not {want:?}"),
        ));
    }
    #[cfg(feature = "qd8")]
    check_qd8(&handle)?;
    #[cfg(feature = "attention")]
    check_attention()?;
    #[cfg(feature = "qd8-f32")]
    check_qd8_f32()?;
    Ok(())
}

/// 2.4: the 4-bit layer of `check_qd8` on float32 rows the host quantizes. Row `[-1,
/// 0.5, 2, 3]`: `rmin = -1`, `rmax = 3`, `s = 63.75`, zero point -64, values `[-128,
/// -32, 64, 127]`, scale `1 / 63.75`; the answer is computed here from those exact
/// integers through the same float operations (`fully-connected-qd8`'s definition).
#[cfg(feature = "qd8-f32")]
fn check_qd8_f32() -> Result<(), Error> {
    use plugboard::runtime::cpu_accel::{self, RowQuantization};
    let handle = cpu_accel::add_weights_qd8(&qd8_weights())?;
    let input = [-1.0f32, 0.5, 2.0, 3.0];
    let mut out = [0.0f32; 2];
    let (x, y) = (input.as_ptr() as u32, out.as_mut_ptr() as u32);
    cpu_accel::fully_connected_qd8_f32(&handle, 1, x, y, -100.0, 100.0)?;
    // The same layer on the rows quantized by the definition.
    let q: [i8; 4] = [-128, -32, 64, 127];
    let row = [RowQuantization {
        zero_point: -64,
        scale: 1.0 / 63.75,
    }];
    let mut want = [0.0f32; 2];
    cpu_accel::fully_connected_qd8(
        &handle,
        &row,
        q.as_ptr() as u32,
        want.as_mut_ptr() as u32,
        -100.0,
        100.0,
    )?;
    if out.map(f32::to_bits) != want.map(f32::to_bits) {
        return Err(error(
            ErrorKind::Internal,
            format!("cpu-accel.fully-connected-qd8-f32 answered {out:?}, not {want:?}"),
        ));
    }
    match cpu_accel::fully_connected_qd8_f32(&handle, 1, u32::MAX - 8, y, -100.0, 100.0) {
        Err(e) if e.kind == ErrorKind::InvalidArgument => Ok(()),
        other => Err(error(
            ErrorKind::Internal,
            format!("cpu-accel.fully-connected-qd8-f32 from past the memory answered {other:?}"),
        )),
    }
}

/// 2.3: attention at position 1 over two keys whose scores are equal (both keys are
/// the same), so the softmax gives exactly one half each; then two refused calls.
#[cfg(feature = "attention")]
fn check_attention() -> Result<(), Error> {
    use plugboard::runtime::cpu_accel::{self, AttentionGeometry, AttentionMask};
    let geometry = AttentionGeometry {
        batch: 1,
        seq_len: 1,
        heads: 2,
        kv_heads: 1,
        head_dim: 4,
        cache_len: 3,
        start_pos: 1,
        causal: true,
        scale: 0.5,
    };
    let query = [1.0f32, 2.0, -1.0, 0.5, 0.0, 1.0, 3.0, -2.0];
    // Positions 0 and 1 hold the same key; position 2 is past the row and ignored.
    let key = [1.0f32, -1.0, 2.0, 0.0, 1.0, -1.0, 2.0, 0.0, 9.0, 9.0, 9.0, 9.0];
    let value = [2.0f32, 4.0, -6.0, 1.0, 4.0, 0.0, 2.0, 3.0, 99.0, 99.0, 99.0, 99.0];
    let mut out = [0.0f32; 8];
    let at = |x: &[f32]| x.as_ptr() as u32;
    let (q, k, v, o) = (at(&query), at(&key), at(&value), out.as_mut_ptr() as u32);
    cpu_accel::attention(geometry, q, k, v, None, o)?;
    let want = [3.0f32, 2.0, -2.0, 2.0, 3.0, 2.0, -2.0, 2.0];
    if out != want {
        return Err(error(
            ErrorKind::Internal,
            format!("cpu-accel.attention answered {out:?}, not {want:?}"),
        ));
    }
    let refused = |what: &str, r: Result<(), Error>| match r {
        Err(e) if e.kind == ErrorKind::InvalidArgument => Ok(()),
        other => Err(error(
            ErrorKind::Internal,
            format!("cpu-accel.attention {what} answered {other:?}"),
        )),
    };
    let mask = AttentionMask {
        address: at(&value),
        stride: 3,
    };
    refused(
        "with a mask and causal",
        cpu_accel::attention(geometry, q, k, v, Some(mask), o),
    )?;
    refused(
        "with its output over the query",
        cpu_accel::attention(geometry, q, k, v, None, q + 4),
    )
}

/// The 4-bit weights of the `qd8` checks: rows `[1, -2, 3, 0]` and `[-1, 1, 2, -3]`,
/// stored as `w + 8`, low nibble first, in blocks of two.
#[cfg(any(feature = "qd8", feature = "qd8-f32"))]
fn qd8_weights() -> plugboard::runtime::cpu_accel::Qd8Weights {
    plugboard::runtime::cpu_accel::Qd8Weights {
        channels_out: 2,
        depth: 4,
        bits: 4,
        block_size: 2,
        data: vec![0x69, 0x8b, 0x97, 0x5a],
        scales: vec![0.5, 0.25, 1.0, 2.0],
        bias: Some(vec![0.5, -1.0]),
    }
}

/// 2.2: a fully connected layer over two dynamically quantized rows with 4-bit weights
/// in blocks of two, whose answer is exact in f32; then two calls the host must refuse.
#[cfg(feature = "qd8")]
fn check_qd8(f32_weights: &plugboard::runtime::cpu_accel::Weights) -> Result<(), Error> {
    use plugboard::runtime::cpu_accel::{self, RowQuantization};
    let handle = cpu_accel::add_weights_qd8(&qd8_weights())?;
    let input: [i8; 8] = [1, 2, 3, 4, -1, 0, 2, 5];
    let rows = [
        RowQuantization {
            zero_point: 1,
            scale: 0.5,
        },
        RowQuantization {
            zero_point: -2,
            scale: 1.0,
        },
    ];
    let mut out = [0.0f32; 4];
    let (x, y) = (input.as_ptr() as u32, out.as_mut_ptr() as u32);
    cpu_accel::fully_connected_qd8(&handle, &rows, x, y, -20.0, 100.0)?;
    // Row 0: (0.5 * (-2) + 0.25 * 6) * 0.5 + 0.5 and (1 * 1 + 2 * (-5)) * 0.5 - 1;
    // row 1: (0.5 * (-3) + 0.25 * 12) + 0.5 and (1 + 2 * (-13)) - 1, clamped to -20.
    let want = [0.75f32, -5.5, 2.0, -20.0];
    if out != want {
        return Err(error(
            ErrorKind::Internal,
            format!("cpu-accel.fully-connected-qd8 answered {out:?}, not {want:?}"),
        ));
    }
    let refused = |what: &str, r: Result<(), Error>| match r {
        Err(e) if e.kind == ErrorKind::InvalidArgument => Ok(()),
        other => Err(error(
            ErrorKind::Internal,
            format!("cpu-accel.fully-connected-qd8 {what} answered {other:?}"),
        )),
    };
    refused(
        "to an address past the memory",
        cpu_accel::fully_connected_qd8(&handle, &rows, x, u32::MAX - 8, -20.0, 100.0),
    )?;
    refused(
        "with fp32 weights",
        cpu_accel::fully_connected_qd8(f32_weights, &rows, x, y, -20.0, 100.0),
    )
}

#[cfg(feature = "gpu")]
fn check_gpu(specs: &[CompileSpec]) -> Result<(), Error> {
    if spec(specs, "conformance-gpu").is_none() {
        return Ok(());
    }
    match plugboard::runtime::gpu::open() {
        Ok(info) => plugboard::runtime::logging::log(
            plugboard::runtime::logging::Level::Info,
            "conformance",
            &format!("gpu: {} ({})", info.name, info.backend),
        ),
        Err(why) => plugboard::runtime::logging::log(
            plugboard::runtime::logging::Level::Info,
            "conformance",
            &format!("no gpu: {why}"),
        ),
    }
    Ok(())
}

impl Guest for Conformance {
    type DelegateHandle = Handle;

    fn backend_ids() -> Vec<String> {
        vec![BACKEND_ID.into()]
    }

    fn is_available(backend_id: String) -> bool {
        check_backend_id(&[BACKEND_ID], &backend_id).is_ok()
    }

    fn describe(backend_id: String, processed: Vec<u8>) -> Result<Vec<(String, u32)>, Error> {
        check_backend_id(&[BACKEND_ID], &backend_id)?;
        Ok(vec![("processed bytes".into(), processed.len() as u32)])
    }

    #[cfg(feature = "tensor-refs")]
    plugboard_sdk::memory_exports!();

    fn init(
        backend_id: String,
        _processed: Vec<u8>,
        compile_specs: Vec<CompileSpec>,
    ) -> Result<DelegateHandle, Error> {
        check_backend_id(&[BACKEND_ID], &backend_id)?;
        check_named_data(&compile_specs)?;
        #[cfg(feature = "accel")]
        check_accel(&compile_specs)?;
        #[cfg(feature = "gpu")]
        check_gpu(&compile_specs)?;
        Ok(DelegateHandle::new(Handle::default()))
    }
}

/// 2.1: `execute` again on new input addresses, with the layouts of the last call.
#[cfg(feature = "execute-again")]
impl GuestExecuteAgain for Conformance {
    fn execute_again(
        delegate: DelegateHandleBorrow<'_>,
        input_addresses: Vec<u32>,
    ) -> Result<Vec<u32>, Error> {
        let h: &Handle = delegate.get();
        let last = h.last.borrow();
        let [x, y, out] = last.as_slice() else {
            return Err(error(
                ErrorKind::InvalidState,
                format!("execute-again before a successful execute ({CONTRACT})"),
            ));
        };
        let [xa, ya] = input_addresses.as_slice() else {
            return Err(invalid_argument(format!(
                "expected 2 input addresses, got {}",
                input_addresses.len()
            )));
        };
        let at = |t: &TensorRef, address: u32| TensorRef {
            address,
            ..t.clone()
        };
        #[cfg(feature = "profiling")]
        let start = plugboard::runtime::clock::now();
        let (x, y) = (at(x, *xa).to_f32s()?, at(y, *ya).to_f32s()?);
        match x.first() {
            Some(&-1001.0) | Some(&-1006.0) => {
                return Err(error(
                    ErrorKind::NotSupported,
                    "conformance-again-unsupported: call execute",
                ))
            }
            Some(&-1007.0) => {
                return Err(invalid_argument("conformance-again-error: asked to fail"))
            }
            _ => {}
        }
        let numel: usize = out.sizes.iter().map(|&s| s as usize).product();
        if x.len() != numel || y.len() != numel {
            return Err(invalid_argument("inputs differ from the last execute's"));
        }
        let mut kept = h.out.borrow_mut();
        kept.clear();
        for i in 0..numel {
            kept.extend_from_slice(&(x[i] * y[i] + x[i]).to_le_bytes());
        }
        let address = kept.as_ptr() as usize as u32;
        #[cfg(feature = "profiling")]
        report_node(start);
        Ok(match x.first() {
            Some(&-1003.0) | Some(&-1004.0) => vec![0xffff_fff0],
            Some(&-1005.0) => vec![address, address],
            _ => vec![address],
        })
    }
}

export!(Conformance);
