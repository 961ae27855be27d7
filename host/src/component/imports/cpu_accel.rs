//! The host side of the `cpu-accel` import (`wit/accel.wit`): native convolutions from
//! `native-accel`, offered to backend components.
//!
//! Everything the host holds or allocates for a component here is charged to the
//! instance's account (`plugboard_native_accel::meter::Account`), the same one its
//! linear memory is charged to: weights and their packed copies (released with the
//! instance; handles are indices local to its `Store`), the im2col scratch (kept for
//! the instance), every output and a chain's intermediates (until the guest has taken
//! the result), and the lists the guest passed in (for the call). Native work checks
//! the call deadline between bounded chunks and traps the guest when it is past; one
//! call's total work is checked against the sandbox's `native_work_cap` before it
//! starts, and a chain has at most [`MAX_CHAIN_STEPS`] steps.

use plugboard_native_accel::activation::Activation;
use plugboard_native_accel::cpu::{
    self, Charged, ConvGeometry, OutputElem, Requantization, Scratch, WeightsF32, WeightsQs8, Work,
};
use plugboard_native_accel::isa::Isa;
use plugboard_native_accel::meter::{AccelError, AccelErrorKind, Account, Charge};

use wasmtime::component::{HasSelf, Linker};

use super::DeadlineExceeded;
use crate::bindings::plugboard::runtime::{cpu_accel, types};

/// Most steps a `conv2d-*-chain` call may have (mobilenet_v2 has 52 convolutions).
pub const MAX_CHAIN_STEPS: usize = 4096;

/// Weights an instance handed to the native kernels.
enum Weights {
    F32(WeightsF32),
    Qs8(WeightsQs8),
}

/// Per-instance state of the native CPU kernels.
pub struct CpuAccel {
    enabled: bool,
    threads: usize,
    account: Account,
    /// Each handle's weights and the charge for its slot in this table.
    weights: Vec<(Weights, Charge)>,
    scratch: Scratch,
    /// The charge of the last result returned, released once the guest has it.
    pending: Option<Charge>,
    /// What the last `available` told the instance (`Ok`: the kernels it gets, `Err`:
    /// why there are none).
    last_available: Option<Result<String, String>>,
}

/// What a `cpu-accel` function returns: a trap (`Err`) when the call deadline passed,
/// else the WIT result.
type Reply<T> = wasmtime::Result<Result<T, types::Error>>;

impl CpuAccel {
    /// Kernels offered when `enabled` and the host has SIMD kernels for this machine
    /// (else backends keep their wasm SIMD kernels, which portable native code would
    /// not beat), using `threads` threads, charging `account`.
    pub(crate) fn new(enabled: bool, threads: usize, account: Account) -> CpuAccel {
        CpuAccel {
            enabled: enabled && Isa::current().has_simd_kernels(),
            threads: threads.max(1),
            account,
            weights: Vec::new(),
            scratch: Scratch::default(),
            pending: None,
            last_available: None,
        }
    }

    /// What the last `available` of this instance found; `None` when it never asked.
    pub(crate) fn last_available(&self) -> Option<&Result<String, String>> {
        self.last_available.as_ref()
    }

    /// Releases what was held only until the guest took a result.
    pub(crate) fn end_call(&mut self) {
        self.pending = None;
    }

    /// Starts a call: the previous result has been copied into the guest by now.
    fn begin(&mut self) -> Result<(), AccelError> {
        self.pending = None;
        if !self.enabled {
            return Err(AccelError {
                kind: AccelErrorKind::InvalidArgument,
                message: "native kernels are turned off".into(),
            });
        }
        Ok(())
    }

    /// Charges the `bytes` of lists the guest passed in (held for the call).
    fn charge_input(&self, bytes: usize) -> Result<Charge, AccelError> {
        self.account.charge(bytes, "the call's input lists")
    }

    fn add(&mut self, w: Weights) -> Result<u32, AccelError> {
        let handle = u32::try_from(self.weights.len())
            .map_err(|_| AccelError::invalid("too many weights"))?;
        // The table slot, twice over for the table's spare capacity.
        let slot = self
            .account
            .charge(2 * size_of::<(Weights, Charge)>(), "a weights handle")?;
        self.weights.push((w, slot));
        Ok(handle)
    }

    fn get(weights: &[(Weights, Charge)], handle: u32) -> Result<&Weights, AccelError> {
        weights
            .get(handle as usize)
            .map(|(w, _)| w)
            .ok_or_else(|| AccelError::invalid(format!("no native weights with handle {handle}")))
    }

    /// Finishes a call: keeps the result's charge until the guest has copied it, and
    /// turns errors into the WIT error or, past the deadline, a trap.
    fn reply<T>(&mut self, r: Result<Charged<T>, AccelError>) -> Reply<T> {
        match r {
            Ok(c) => {
                self.pending = Some(c.charge);
                Ok(Ok(c.value))
            }
            Err(e) => reply_err(e),
        }
    }
}

fn reply_err<T>(e: AccelError) -> Reply<T> {
    let kind = match e.kind {
        AccelErrorKind::Deadline => return Err(wasmtime::Error::new(DeadlineExceeded)),
        AccelErrorKind::MemoryCap => types::ErrorKind::MemoryAllocationFailed,
        AccelErrorKind::WorkCap => types::ErrorKind::OutOfResources,
        AccelErrorKind::InvalidArgument | AccelErrorKind::Unavailable => {
            types::ErrorKind::InvalidArgument
        }
    };
    Ok(Err(types::Error {
        kind,
        message: format!("cpu-accel: {}", e.message),
    }))
}

fn geometry(g: &cpu_accel::ConvGeometry) -> ConvGeometry {
    let u = |v: u32| v as usize;
    ConvGeometry {
        batch: u(g.batch),
        height: u(g.height),
        width: u(g.width),
        channels_in: u(g.channels_in),
        out_h: u(g.out_height),
        out_w: u(g.out_width),
        channels_out: u(g.channels_out),
        kernel_h: u(g.kernel_height),
        kernel_w: u(g.kernel_width),
        stride_h: u(g.stride_height),
        stride_w: u(g.stride_width),
        dilation_h: u(g.dilation_height),
        dilation_w: u(g.dilation_width),
        pad_top: u(g.pad_top),
        pad_left: u(g.pad_left),
        groups: u(g.groups),
    }
}

/// Checks a chain's length and total work before any of it runs.
fn check_chain(account: &Account, steps: &[cpu_accel::ActivatedStep]) -> Result<(), AccelError> {
    if steps.is_empty() || steps.len() > MAX_CHAIN_STEPS {
        return Err(AccelError::invalid(format!(
            "a chain has 1 to {MAX_CHAIN_STEPS} steps, not {}",
            steps.len()
        )));
    }
    let total = steps.iter().try_fold(0u64, |a, s| {
        geometry(&s.step.geometry)
            .macs()
            .and_then(|m| a.checked_add(m))
    });
    account.check_work(total, "the chain")
}

/// Which element type a chain runs on.
trait ChainElem: OutputElem {
    fn run(
        w: &Weights,
        g: &ConvGeometry,
        s: &cpu_accel::ActivatedStep,
        x: &[Self],
        work: &mut Work<'_>,
    ) -> Result<Charged<Vec<Self>>, AccelError>;
}

impl ChainElem for f32 {
    fn run(
        w: &Weights,
        g: &ConvGeometry,
        s: &cpu_accel::ActivatedStep,
        x: &[f32],
        work: &mut Work<'_>,
    ) -> Result<Charged<Vec<f32>>, AccelError> {
        match w {
            Weights::F32(w) => {
                let act = match s.activation {
                    cpu_accel::Activation::None => Activation::None,
                    cpu_accel::Activation::Hardswish => Activation::HardSwish,
                    cpu_accel::Activation::Silu => Activation::Silu,
                };
                let (min, max) = (s.step.output_min, s.step.output_max);
                cpu::conv2d_f32(w, g, x, min, max, act, work)
            }
            Weights::Qs8(_) => Err(AccelError::invalid(format!(
                "handle {} holds int8 weights",
                s.step.weights
            ))),
        }
    }
}

impl ChainElem for i8 {
    fn run(
        w: &Weights,
        g: &ConvGeometry,
        s: &cpu_accel::ActivatedStep,
        x: &[i8],
        work: &mut Work<'_>,
    ) -> Result<Charged<Vec<i8>>, AccelError> {
        match w {
            // int8 chains have no activated form (the guest's lookup tables do that).
            Weights::Qs8(w) => cpu::conv2d_qs8(w, g, x, work),
            Weights::F32(_) => Err(AccelError::invalid(format!(
                "handle {} holds fp32 weights",
                s.step.weights
            ))),
        }
    }
}

impl CpuAccel {
    /// Runs a chain: each step on the previous step's output, each intermediate
    /// charged until the next step has used it.
    fn chain<T: ChainElem>(
        &mut self,
        steps: &[cpu_accel::ActivatedStep],
        input: Vec<T>,
    ) -> Result<Charged<Vec<T>>, AccelError> {
        self.begin()?;
        check_chain(&self.account, steps)?;
        let charge = self.charge_input(input.len().saturating_mul(size_of::<T>()))?;
        let mut x = Charged {
            value: input,
            charge,
        };
        let mut work = Work {
            account: &self.account,
            scratch: &mut self.scratch,
            threads: self.threads,
            chunk_work: cpu::CHUNK_WORK,
        };
        let step = |i: usize, e: AccelError| match steps.len() {
            1 => e,
            _ => e.context(format!("chain step {i}")),
        };
        for (i, s) in steps.iter().enumerate() {
            let w = Self::get(&self.weights, s.step.weights).map_err(|e| step(i, e))?;
            let y = T::run(w, &geometry(&s.step.geometry), s, &x.value, &mut work)
                .map_err(|e| step(i, e))?;
            // The used input becomes a later output's buffer (no zeroing, no fresh pages).
            work.scratch.recycle(std::mem::replace(&mut x, y));
        }
        Ok(x)
    }
}

impl cpu_accel::Host for CpuAccel {
    fn available(&mut self) -> wasmtime::Result<bool> {
        let isa = Isa::current();
        self.last_available = Some(if self.enabled {
            Ok(format!(
                "native CPU kernels ({isa:?}, {} thread{})",
                self.threads,
                if self.threads == 1 { "" } else { "s" }
            ))
        } else if isa.has_simd_kernels() {
            Err("native CPU kernels off (--cpu-accel off)".into())
        } else {
            Err("no native CPU kernels for this CPU".into())
        });
        Ok(self.enabled)
    }

    fn add_weights_f32(
        &mut self,
        channels_out: u32,
        depth: u32,
        groups: u32,
        weights: Vec<f32>,
        bias: Option<Vec<f32>>,
    ) -> Reply<u32> {
        let a = self;
        let r = a.begin().and_then(|()| {
            let values = weights.len() + bias.as_ref().map_or(0, Vec::len);
            let _input = a.charge_input(values.saturating_mul(4))?;
            let w = WeightsF32::new(
                channels_out as usize,
                depth as usize,
                groups as usize,
                &weights,
                bias.as_deref(),
                &a.account,
            )?;
            a.add(Weights::F32(w))
        });
        r.map_or_else(reply_err, |h| Ok(Ok(h)))
    }

    fn add_weights_qs8(
        &mut self,
        channels_out: u32,
        depth: u32,
        groups: u32,
        weights: Vec<i8>,
        requant: cpu_accel::Requantization,
    ) -> Reply<u32> {
        let a = self;
        let r = a.begin().and_then(|()| {
            let _input =
                a.charge_input(weights.len() + 4 * (requant.bias.len() + requant.scale.len()))?;
            let rq = Requantization {
                input_zero_point: requant.input_zero_point,
                bias: &requant.bias,
                scale: &requant.scale,
                output_zero_point: requant.output_zero_point,
                output_min: requant.output_min,
                output_max: requant.output_max,
            };
            let w = WeightsQs8::new(
                channels_out as usize,
                depth as usize,
                groups as usize,
                &weights,
                &rq,
                &a.account,
            )?;
            a.add(Weights::Qs8(w))
        });
        r.map_or_else(reply_err, |h| Ok(Ok(h)))
    }

    fn conv2d_f32(
        &mut self,
        weights: u32,
        g: cpu_accel::ConvGeometry,
        input: Vec<f32>,
        output_min: f32,
        output_max: f32,
    ) -> Reply<Vec<f32>> {
        let step = cpu_accel::ChainStep {
            weights,
            geometry: g,
            output_min,
            output_max,
        };
        let r = self.chain(&[plain(step)], input);
        self.reply(r)
    }

    fn conv2d_qs8(
        &mut self,
        weights: u32,
        g: cpu_accel::ConvGeometry,
        input: Vec<i8>,
    ) -> Reply<Vec<i8>> {
        let step = cpu_accel::ChainStep {
            weights,
            geometry: g,
            output_min: 0.0,
            output_max: 0.0,
        };
        let r = self.chain(&[plain(step)], input);
        self.reply(r)
    }

    fn conv2d_f32_chain(
        &mut self,
        steps: Vec<cpu_accel::ChainStep>,
        input: Vec<f32>,
    ) -> Reply<Vec<f32>> {
        let r = self.plain_chain(steps, input);
        self.reply(r)
    }

    fn conv2d_f32_activated_chain(
        &mut self,
        steps: Vec<cpu_accel::ActivatedStep>,
        input: Vec<f32>,
    ) -> Reply<Vec<f32>> {
        let r = self.chain(&steps, input);
        self.reply(r)
    }

    fn conv2d_qs8_chain(
        &mut self,
        steps: Vec<cpu_accel::ChainStep>,
        input: Vec<i8>,
    ) -> Reply<Vec<i8>> {
        let r = self.plain_chain(steps, input);
        self.reply(r)
    }
}

/// A step with no activation (every step of the 1.1.0 functions).
fn plain(step: cpu_accel::ChainStep) -> cpu_accel::ActivatedStep {
    cpu_accel::ActivatedStep {
        step,
        activation: cpu_accel::Activation::None,
    }
}

impl CpuAccel {
    /// [`CpuAccel::chain`] of steps without activations.
    fn plain_chain<T: ChainElem>(
        &mut self,
        steps: Vec<cpu_accel::ChainStep>,
        input: Vec<T>,
    ) -> Result<Charged<Vec<T>>, AccelError> {
        let steps: Vec<_> = steps.into_iter().map(plain).collect();
        self.chain(&steps, input)
    }
}

/// Links `cpu-accel` into `linker`.
pub fn add_to_linker<T: 'static>(
    linker: &mut Linker<T>,
    get: fn(&mut T) -> &mut CpuAccel,
) -> wasmtime::Result<()> {
    cpu_accel::add_to_linker::<T, HasSelf<CpuAccel>>(linker, get)
}
