//! A backend for the host's sandbox tests, written against the published WIT as an
//! outsider would. It registers as `HostileBackend` (the tests rename the delegate of
//! the `add_mul` XNNPACK fixture to it) and runs that delegate (`x * y + x` on two
//! float32 tensors) honestly, unless the first element of `x` is a code that asks it
//! to misbehave (see [`Mode`]; codes are 101 and up, so random inputs never are one):
//! lie about its outputs, trap, loop, eat memory, flood the log, or ask the host's
//! native kernels or the GPU for absurd work (and, code 160, use the GPU honestly).

use plugboard_sdk::v1_4::backend::{exports, plugboard};

mod gpu;

use crate::plugboard::runtime::cpu_accel::{self, ChainStep, ConvGeometry, Requantization};
use exports::plugboard::runtime::backend_interface::{
    CompileSpec, DelegateHandle, Guest, GuestDelegateHandle,
};
use plugboard::runtime::logging::{self, Level};
use plugboard::runtime::types::{Error, ErrorKind, Evalue, ScalarType, Tensor};

/// What the backend does, chosen by the first element of its first input.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Mode {
    Honest,
    // Malformed results.
    NoOutputs,
    IntForTensor,
    WrongDtype,
    StaticResized,
    DuplicateDimOrder,
    DimOrderOutOfRange,
    ShortData,
    ExtraOutputs,
    WrongRank,
    // The sandbox's own limits.
    Trap,
    Loop,
    MemoryBomb,
    // Native work through `cpu-accel`.
    HugeConvOutput,
    GroupedWeightsBlowup,
    LongChain,
    ExpensiveChain,
    TinyWeightsLoop,
    HugeWeightsList,
    // Leaks of other kinds.
    LogFlood,
    StderrFlood,
    OversizedOutput,
    HugeErrorMessage,
    // The `gpu` import.
    GpuBadWgsl,
    GpuHugeBuffer,
    GpuUnalignedBuffer,
    GpuBudget,
    GpuBadBinding,
    GpuReadPastEnd,
    GpuDispatchOverLimit,
    GpuForeignHandle,
    GpuDeepShader,
    GpuLayoutMismatch,
    GpuWritableTwice,
    GpuHonest,
}

impl Mode {
    fn from_code(code: f32) -> Mode {
        use Mode::*;
        match code as i32 {
            101 => NoOutputs,
            102 => IntForTensor,
            103 => WrongDtype,
            104 => StaticResized,
            105 => DuplicateDimOrder,
            106 => DimOrderOutOfRange,
            107 => ShortData,
            108 => ExtraOutputs,
            109 => WrongRank,
            120 => Trap,
            121 => Loop,
            122 => MemoryBomb,
            130 => HugeConvOutput,
            131 => GroupedWeightsBlowup,
            132 => LongChain,
            133 => ExpensiveChain,
            134 => TinyWeightsLoop,
            135 => HugeWeightsList,
            140 => LogFlood,
            141 => StderrFlood,
            142 => OversizedOutput,
            143 => HugeErrorMessage,
            150 => GpuBadWgsl,
            151 => GpuHugeBuffer,
            152 => GpuUnalignedBuffer,
            153 => GpuBudget,
            154 => GpuBadBinding,
            155 => GpuReadPastEnd,
            156 => GpuDispatchOverLimit,
            157 => GpuForeignHandle,
            158 => GpuDeepShader,
            159 => GpuLayoutMismatch,
            160 => GpuHonest,
            161 => GpuWritableTwice,
            _ => Honest,
        }
    }
}

struct Hostile;

struct Handle;

use plugboard_sdk::v1_4::backend::error as err;

fn tensor(sizes: Vec<u32>, values: &[f32]) -> Evalue {
    Evalue::Tensor(Tensor {
        dtype: ScalarType::Float,
        dim_order: (0..sizes.len() as u8).collect(),
        sizes,
        data: values.iter().flat_map(|v| v.to_le_bytes()).collect(),
    })
}

#[allow(clippy::too_many_arguments)]
fn geometry(
    h: u32,
    w: u32,
    c: u32,
    oh: u32,
    ow: u32,
    co: u32,
    k: u32,
    groups: u32,
) -> ConvGeometry {
    ConvGeometry {
        batch: 1,
        height: h,
        width: w,
        channels_in: c,
        out_height: oh,
        out_width: ow,
        channels_out: co,
        kernel_height: k,
        kernel_width: k,
        stride_height: 1,
        stride_width: 1,
        dilation_height: 1,
        dilation_width: 1,
        pad_top: k / 2,
        pad_left: k / 2,
        groups,
    }
}

/// Asks the host's native kernels for something absurd; returns its answer as an
/// error (a well-behaved backend would), or a trap if the host traps.
fn abuse_cpu_accel(mode: Mode) -> Result<(), Error> {
    if !cpu_accel::available() {
        return Err(err(ErrorKind::NotSupported, "cpu-accel is off"));
    }
    match mode {
        Mode::HugeConvOutput => {
            // One input pixel, 2^28 output values (1 GiB) from padding taps.
            let h = cpu_accel::add_weights_f32(1, 1, 1, &[1.0], None)?;
            let mut g = geometry(1, 1, 1, 1 << 14, 1 << 14, 1, 1, 1);
            g.pad_top = 0;
            g.pad_left = 0;
            cpu_accel::conv2d_f32(h, g, &[1.0], f32::MIN, f32::MAX)?;
        }
        Mode::GroupedWeightsBlowup => {
            // 4M groups of one channel each: 4 MiB of weights, ~1 GiB packed.
            let n = 1u32 << 22;
            let rq = Requantization {
                input_zero_point: 0,
                bias: vec![0; n as usize],
                scale: vec![1.0; n as usize],
                output_zero_point: 0,
                output_min: -128,
                output_max: 127,
            };
            cpu_accel::add_weights_qs8(n, 1, n, &vec![1; n as usize], &rq)?;
        }
        Mode::LongChain => {
            let h = cpu_accel::add_weights_f32(1, 1, 1, &[1.0], None)?;
            let step = ChainStep {
                weights: h,
                geometry: geometry(1, 1, 1, 1, 1, 1, 1, 1),
                output_min: f32::MIN,
                output_max: f32::MAX,
            };
            cpu_accel::conv2d_f32_chain(&vec![step; 100_000], &[1.0])?;
        }
        Mode::ExpensiveChain => {
            // 1500 steps of a 128x128x64 3x3 convolution: ~900 G multiply-adds (under
            // the default work cap of 2^40, so the deadline is what stops it).
            let (s, c) = (128u32, 64u32);
            let depth = 9 * c;
            let h =
                cpu_accel::add_weights_f32(c, depth, 1, &vec![0.001; (c * depth) as usize], None)?;
            let step = ChainStep {
                weights: h,
                geometry: geometry(s, s, c, s, s, c, 3, 1),
                output_min: -1.0,
                output_max: 1.0,
            };
            cpu_accel::conv2d_f32_chain(&vec![step; 1500], &vec![0.5; (s * s * c) as usize])?;
        }
        Mode::TinyWeightsLoop => loop {
            cpu_accel::add_weights_f32(1, 1, 1, &[1.0], None)?;
        },
        Mode::HugeWeightsList => {
            // 80 MiB of weights in one call (over a 64 MiB transfer limit in the tests).
            let n = 20u32 << 20;
            cpu_accel::add_weights_f32(n, 1, 1, &vec![1.0; n as usize], None)?;
        }
        _ => {}
    }
    Ok(())
}

impl GuestDelegateHandle for Handle {
    fn execute(&self, args: Vec<Evalue>) -> Result<Vec<Evalue>, Error> {
        let [Evalue::Tensor(x), Evalue::Tensor(y), Evalue::Tensor(out)] = args.as_slice() else {
            return Err(err(
                ErrorKind::InvalidArgument,
                "expected x, y and out tensors",
            ));
        };
        let (xv, yv) = (
            plugboard_sdk::tensor::f32s(&x.data),
            plugboard_sdk::tensor::f32s(&y.data),
        );
        let mode = Mode::from_code(xv.first().copied().unwrap_or(0.0));
        let sizes = out.sizes.clone();
        let honest: Vec<f32> = xv.iter().zip(&yv).map(|(a, b)| a * b + a).collect();
        let good = tensor(sizes.clone(), &honest);
        Ok(match mode {
            Mode::Honest => vec![good],
            Mode::NoOutputs => vec![],
            Mode::IntForTensor => vec![Evalue::Int(7)],
            Mode::WrongDtype => {
                let Evalue::Tensor(mut t) = good else {
                    unreachable!()
                };
                t.dtype = ScalarType::Int;
                vec![Evalue::Tensor(t)]
            }
            Mode::StaticResized => vec![Evalue::Tensor(Tensor {
                dtype: ScalarType::Float,
                sizes: vec![0, u32::MAX],
                dim_order: vec![0, 1],
                data: vec![],
            })],
            Mode::DuplicateDimOrder | Mode::DimOrderOutOfRange => {
                let Evalue::Tensor(mut t) = good else {
                    unreachable!()
                };
                t.dim_order = if mode == Mode::DuplicateDimOrder {
                    vec![0, 0, 1]
                } else {
                    vec![0, 1, 7]
                };
                vec![Evalue::Tensor(t)]
            }
            Mode::ShortData => {
                let Evalue::Tensor(mut t) = good else {
                    unreachable!()
                };
                t.data.truncate(t.data.len() / 2);
                vec![Evalue::Tensor(t)]
            }
            Mode::ExtraOutputs => vec![good.clone(), good.clone(), good],
            Mode::WrongRank => vec![tensor(vec![24], &honest)],
            Mode::Trap => panic!("hostile backend: asked to trap"),
            Mode::Loop => {
                let mut i: u64 = 0;
                loop {
                    i = std::hint::black_box(i.wrapping_add(1));
                }
            }
            Mode::MemoryBomb => {
                let mut hoard: Vec<Vec<u8>> = Vec::new();
                loop {
                    hoard.push(vec![1u8; 16 << 20]);
                    std::hint::black_box(&hoard);
                }
            }
            Mode::HugeConvOutput
            | Mode::GroupedWeightsBlowup
            | Mode::LongChain
            | Mode::ExpensiveChain
            | Mode::TinyWeightsLoop
            | Mode::HugeWeightsList => {
                abuse_cpu_accel(mode)?;
                vec![good]
            }
            Mode::LogFlood => {
                let record = "x".repeat(1000);
                loop {
                    logging::log(Level::Error, "hostile", &record);
                }
            }
            Mode::StderrFlood => {
                let line = "y".repeat(1000);
                loop {
                    eprintln!("{line}");
                }
            }
            Mode::OversizedOutput => {
                // 96 MiB for a 96-byte output (over a 64 MiB transfer limit in the tests).
                let n = 24 << 20;
                vec![Evalue::Tensor(Tensor {
                    dtype: ScalarType::Float,
                    sizes: vec![n as u32],
                    dim_order: vec![0],
                    data: vec![0; n * 4],
                })]
            }
            Mode::HugeErrorMessage => {
                return Err(err(ErrorKind::Internal, "z".repeat(10 << 20)));
            }
            Mode::GpuHonest => vec![tensor(sizes, &gpu::honest(&xv, &yv)?)],
            Mode::GpuBadWgsl
            | Mode::GpuHugeBuffer
            | Mode::GpuUnalignedBuffer
            | Mode::GpuBudget
            | Mode::GpuBadBinding
            | Mode::GpuReadPastEnd
            | Mode::GpuDispatchOverLimit
            | Mode::GpuForeignHandle
            | Mode::GpuDeepShader
            | Mode::GpuLayoutMismatch
            | Mode::GpuWritableTwice => {
                gpu::abuse(mode)?;
                vec![good]
            }
        })
    }
}

impl Guest for Hostile {
    type DelegateHandle = Handle;

    fn backend_ids() -> Vec<String> {
        vec!["HostileBackend".into()]
    }

    fn is_available(_backend_id: String) -> bool {
        true
    }

    fn describe(_backend_id: String, _processed: Vec<u8>) -> Result<Vec<(String, u32)>, Error> {
        Ok(vec![("hostile".into(), 1)])
    }

    fn init(
        _backend_id: String,
        _processed: Vec<u8>,
        _compile_specs: Vec<CompileSpec>,
    ) -> Result<DelegateHandle, Error> {
        Ok(DelegateHandle::new(Handle))
    }
}

plugboard_sdk::export_backend!(Hostile, v1_4);
