//! The host side of the `cpu-accel` import (`wit/accel.wit`): native convolutions,
//! fully connected layers and (2.3, `attention.rs`) attention from `native-accel`,
//! offered to backend components and, from 2.3, kernel libraries.
//!
//! Everything the host holds or allocates for a component here is charged to the
//! instance's account (`plugboard_native_accel::meter::Account`), the same one its
//! linear memory is charged to: weights and their packed copies (released when a 2.x
//! component drops its `weights` handle, else with the instance), the im2col scratch
//! (kept for the instance), every output and a chain's intermediates (until the
//! result is in the guest), and the lists the guest passed in (for the call). Native
//! work checks the call deadline between bounded chunks and traps the guest when it is
//! past; one call's total work is checked against the sandbox's `native_work_cap`
//! before it starts, and a chain has at most [`MAX_CHAIN_STEPS`] steps.
//!
//! 2.x components name their input and output by address: the first step reads the
//! input where it lies in the caller's linear memory ([`GuestMemory`]) and the last
//! output is copied once, into the caller's memory. 1.x components pass and get lists
//! (`bindings::v1`); both forms run [`CpuAccel::chain`]. A weights handle is a slot of
//! one table in both: 1.x hands out the index, 2.x a resource whose rep is the index.

use std::sync::Arc;

use plugboard_native_accel::activation::Activation;
use plugboard_native_accel::cpu::qd8::{self, Qd8Spec, RowQuant, WeightsQd8};
use plugboard_native_accel::cpu::{
    self, Charged, ConvGeometry, OutputElem, Requantization, Scratch, WeightsF32, WeightsQs8, Work,
};
use plugboard_native_accel::isa::Isa;
use plugboard_native_accel::meter::{AccelError, AccelErrorKind, Account, Charge};

use wasmtime::component::{HasSelf, Linker, Resource};

use super::DeadlineExceeded;

mod attention;
use crate::bindings::plugboard::runtime::{cpu_accel, types};
use crate::component::memory::GuestMemory;

/// Most steps a `conv2d-*` chain may have (mobilenet_v2 has 52 convolutions).
pub const MAX_CHAIN_STEPS: usize = 4096;

/// Weights an instance handed to the native kernels.
pub(crate) enum Weights {
    F32(WeightsF32),
    Qs8(WeightsQs8),
    /// For `fully-connected-qd8` only (2.2).
    Qd8(WeightsQd8),
}

/// One convolution of a chain, in the host's terms.
pub(crate) struct Step {
    /// The weights' slot.
    pub weights: u32,
    pub geometry: ConvGeometry,
    pub output_min: f32,
    pub output_max: f32,
    pub activation: Activation,
}

/// Per-instance state of the native CPU kernels.
pub struct CpuAccel {
    enabled: bool,
    threads: usize,
    account: Account,
    /// Each slot's weights and the charge for its place in this table; `None` once a
    /// 2.x component dropped the handle.
    weights: Vec<Option<(Weights, Charge)>>,
    /// Emptied slots, reused before the table grows.
    free: Vec<u32>,
    scratch: Scratch,
    /// The charge of the last result returned, released once the guest has it.
    pending: Option<Charge>,
    /// What the last `available` told the instance (`Ok`: the kernels it gets, `Err`:
    /// why there are none).
    last_available: Option<Result<String, String>>,
    /// The instance's linear memory, where 2.x calls name their input and output.
    memory: Option<Arc<GuestMemory>>,
}

/// What a `cpu-accel` function returns: a trap (`Err`) when the call deadline passed,
/// else the WIT result.
pub(crate) type Reply<T> = wasmtime::Result<Result<T, types::Error>>;

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
            free: Vec::new(),
            scratch: Scratch::default(),
            pending: None,
            last_available: None,
            memory: None,
        }
    }

    /// Gives the instance's linear memory (once it is instantiated).
    pub(crate) fn set_memory(&mut self, memory: Option<Arc<GuestMemory>>) {
        self.memory = memory;
    }

    /// How many weights this instance holds on the host now (handed over and, for a 2.x
    /// component, not dropped yet).
    pub(crate) fn live_weights(&self) -> usize {
        self.weights.iter().filter(|w| w.is_some()).count()
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

    /// The caller's linear memory, where 2.x calls name their inputs and outputs.
    fn guest_memory(&self) -> Result<Arc<GuestMemory>, AccelError> {
        self.memory
            .clone()
            .ok_or_else(|| AccelError::invalid("the host cannot reach this component's memory"))
    }

    /// The `qd8` weights in slot `handle` and the input and output lengths of `rows`
    /// rows through them.
    fn qd8_layer(
        weights: &[Option<(Weights, Charge)>],
        handle: u32,
        rows: usize,
    ) -> Result<(&WeightsQd8, usize, usize), AccelError> {
        let w = match Self::get(weights, handle)? {
            Weights::Qd8(w) => w,
            _ => {
                return Err(AccelError::invalid(format!(
                    "handle {handle} does not hold qd8 weights (add-weights-qd8)"
                )))
            }
        };
        let in_len = rows
            .checked_mul(w.depth())
            .ok_or_else(|| AccelError::invalid("the input size overflows"))?;
        let out_len = rows
            .checked_mul(w.channels_out())
            .ok_or_else(|| AccelError::invalid("the output size overflows"))?;
        Ok((w, in_len, out_len))
    }

    /// Charges the `bytes` of lists the guest passed in (held for the call).
    fn charge_input(&self, bytes: usize) -> Result<Charge, AccelError> {
        self.account.charge(bytes, "the call's input lists")
    }

    fn add(&mut self, w: Weights) -> Result<u32, AccelError> {
        // The table slot, twice over for the table's spare capacity.
        let slot = self.account.charge(
            2 * size_of::<Option<(Weights, Charge)>>(),
            "a weights handle",
        )?;
        if let Some(i) = self.free.pop() {
            if let Some(s) = self.weights.get_mut(i as usize) {
                *s = Some((w, slot));
                return Ok(i);
            }
        }
        let handle = u32::try_from(self.weights.len())
            .map_err(|_| AccelError::invalid("too many weights"))?;
        self.weights.push(Some((w, slot)));
        Ok(handle)
    }

    fn get(weights: &[Option<(Weights, Charge)>], handle: u32) -> Result<&Weights, AccelError> {
        match weights.get(handle as usize) {
            Some(Some((w, _))) => Ok(w),
            _ => Err(AccelError::invalid(format!(
                "no native weights with handle {handle}"
            ))),
        }
    }

    /// Releases the weights in `slot` (a 2.x component dropped its handle).
    fn release(&mut self, slot: u32) {
        if let Some(s @ Some(_)) = self.weights.get_mut(slot as usize) {
            *s = None;
            self.free.push(slot);
        }
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

    /// Hands over fp32 weights; returns their slot.
    pub(crate) fn add_f32(
        &mut self,
        channels_out: u32,
        depth: u32,
        groups: u32,
        weights: &[f32],
        bias: Option<&[f32]>,
    ) -> Result<u32, AccelError> {
        self.begin()?;
        let values = weights.len() + bias.map_or(0, <[f32]>::len);
        let _input = self.charge_input(values.saturating_mul(4))?;
        let w = WeightsF32::new(
            channels_out as usize,
            depth as usize,
            groups as usize,
            weights,
            bias,
            &self.account,
        )?;
        self.add(Weights::F32(w))
    }

    /// Hands over `qcint8` weights and their requantization; returns their slot.
    pub(crate) fn add_qs8(
        &mut self,
        channels_out: u32,
        depth: u32,
        groups: u32,
        weights: &[i8],
        requant: &cpu_accel::Requantization,
    ) -> Result<u32, AccelError> {
        self.begin()?;
        let _input =
            self.charge_input(weights.len() + 4 * (requant.bias.len() + requant.scale.len()))?;
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
            weights,
            &rq,
            &self.account,
        )?;
        self.add(Weights::Qs8(w))
    }

    /// Runs a chain on an input list (1.x): the list is charged for the call.
    pub(crate) fn chain_list<T: ChainElem>(
        &mut self,
        steps: &[Step],
        input: Vec<T>,
    ) -> Reply<Vec<T>> {
        let r = self.begin().and_then(|()| {
            let _input = self.charge_input(input.len().saturating_mul(size_of::<T>()))?;
            self.chain(steps, &input)
        });
        self.reply(r)
    }

    /// Runs a chain on the input at `input` in the caller's memory and writes the last
    /// output at `output` (2.x).
    fn chain_in_memory<T: ChainElem>(
        &mut self,
        steps: &[Step],
        input: u32,
        output: u32,
    ) -> Result<(), AccelError> {
        self.begin()?;
        let memory = self.guest_memory()?;
        let (first, last) = match (steps.first(), steps.last()) {
            (Some(f), Some(l)) => (f, l),
            _ => return Err(AccelError::invalid("a chain has at least one step")),
        };
        let in_len = first
            .geometry
            .input_len()
            .ok_or_else(|| AccelError::invalid("the first step's input size overflows"))?;
        let out_len = last
            .geometry
            .output_len()
            .ok_or_else(|| AccelError::invalid("the last step's output size overflows"))?;
        let y = {
            // SAFETY: the guest is suspended in this call and the host holds no other
            // slice of its memory; the slice is dropped before the output is written.
            let x = unsafe { guest_slice::<T>(&memory, input, in_len, "input")? };
            self.chain(steps, x)?
        };
        if y.value.len() != out_len {
            return Err(AccelError::invalid(format!(
                "the chain gives {} values, the last geometry says {out_len}",
                y.value.len()
            )));
        }
        {
            // SAFETY: as above; the input slice is gone.
            let out = unsafe { guest_slice_mut::<T>(&memory, output, out_len, "output")? };
            out.copy_from_slice(&y.value);
        }
        self.scratch.recycle(y);
        Ok(())
    }
}

impl CpuAccel {
    /// Hands over the weights of a fully connected layer over `qdint8` rows (2.2);
    /// returns their slot.
    pub(crate) fn add_qd8(&mut self, w: &cpu_accel::Qd8Weights) -> Result<u32, AccelError> {
        self.begin()?;
        let bias_len = w.bias.as_ref().map_or(0, Vec::len);
        let _input = self.charge_input(w.data.len() + 4 * (w.scales.len() + bias_len))?;
        let spec = Qd8Spec {
            channels_out: w.channels_out as usize,
            depth: w.depth as usize,
            bits: w.bits,
            block: w.block_size as usize,
            data: &w.data,
            scales: &w.scales,
            bias: w.bias.as_deref(),
        };
        let weights = WeightsQd8::new(&spec, &self.account)?;
        self.add(Weights::Qd8(weights))
    }

    /// Runs `fully-connected-qd8` (2.2): reads the rows at `input` in the caller's
    /// memory (copied first, so the output may overlap them) and writes the result at
    /// `output`.
    fn fully_connected_qd8(
        &mut self,
        handle: u32,
        rows: &[cpu_accel::RowQuantization],
        input: u32,
        output: u32,
        output_min: f32,
        output_max: f32,
    ) -> Result<(), AccelError> {
        self.begin()?;
        let _input = self.charge_input(rows.len().saturating_mul(8))?;
        let rows: Vec<RowQuant> = rows
            .iter()
            .map(|r| RowQuant {
                zero_point: r.zero_point,
                scale: r.scale,
            })
            .collect();
        self.qd8_call::<i8>(handle, rows.len(), input, output, |w, x, out, work| {
            qd8::fully_connected_qd8(w, x, &rows, out, output_min, output_max, work)
        })
    }
}

impl CpuAccel {
    /// Runs `fully-connected-qd8-f32` (2.4): reads the `rows` float32 rows at `input`
    /// in the caller's memory (copied first, so the output may overlap them),
    /// quantizes them natively and writes the layer's result at `output`.
    fn fully_connected_qd8_f32(
        &mut self,
        handle: u32,
        rows: u32,
        input: u32,
        output: u32,
        output_min: f32,
        output_max: f32,
    ) -> Result<(), AccelError> {
        self.begin()?;
        self.qd8_call::<f32>(handle, rows as usize, input, output, |w, x, out, work| {
            qd8::fully_connected_qd8_f32(w, x, out, output_min, output_max, work)
        })
    }

    /// The body both `qd8` layer calls share: layer `handle` over `rows` rows of `T`
    /// at `input` in the caller's memory (copied first, so the output may overlap
    /// them, and charged while held), then `run` on them into the output at `output`.
    fn qd8_call<T: Plain>(
        &mut self,
        handle: u32,
        rows: usize,
        input: u32,
        output: u32,
        run: impl FnOnce(&WeightsQd8, &[T], &mut [f32], &mut Work<'_>) -> Result<(), AccelError>,
    ) -> Result<(), AccelError> {
        let memory = self.guest_memory()?;
        let (w, in_len, out_len) = Self::qd8_layer(&self.weights, handle, rows)?;
        let _copy = self.account.charge(
            in_len.saturating_mul(std::mem::size_of::<T>()),
            "the fully connected layer's input",
        )?;
        let x: Vec<T> = {
            // SAFETY: the guest is suspended in this call and the host holds no other
            // slice of its memory; the slice is dropped before the output is taken.
            unsafe { guest_slice::<T>(&memory, input, in_len, "input")? }.to_vec()
        };
        let mut work = Work {
            account: &self.account,
            scratch: &mut self.scratch,
            threads: self.threads,
            chunk_work: cpu::CHUNK_WORK,
        };
        // SAFETY: as above; the input slice is gone.
        let out = unsafe { guest_slice_mut::<f32>(&memory, output, out_len, "output")? };
        run(w, &x, out, &mut work)
    }
}

/// A plain number type: every bit pattern is a value, so guest bytes may be read as it.
pub(crate) trait Plain: Copy {}
impl Plain for f32 {}
impl Plain for i8 {}

/// `len` values of `T` at `address` in `memory`.
///
/// # Safety
/// As [`GuestMemory::bytes`].
unsafe fn guest_slice<'m, T: Plain>(
    memory: &'m GuestMemory,
    address: u32,
    len: usize,
    what: &str,
) -> Result<&'m [T], AccelError> {
    let bytes = guest_bytes::<T>(address, len, what)?;
    // SAFETY: forwarded to the caller.
    let b = unsafe { memory.bytes(address, bytes) }
        .map_err(|e| AccelError::invalid(format!("{what}: {}", e.message)))?;
    // SAFETY: `b` holds `len` values of `T` (a plain number type, every bit pattern
    // valid) and is aligned for it (the memory's base is page aligned; `address` was
    // checked).
    Ok(unsafe { std::slice::from_raw_parts(b.as_ptr().cast::<T>(), len) })
}

/// [`guest_slice`], writable.
///
/// # Safety
/// As [`GuestMemory::bytes_mut`].
#[allow(clippy::mut_from_ref)]
unsafe fn guest_slice_mut<'m, T: Plain>(
    memory: &'m GuestMemory,
    address: u32,
    len: usize,
    what: &str,
) -> Result<&'m mut [T], AccelError> {
    let bytes = guest_bytes::<T>(address, len, what)?;
    // SAFETY: forwarded to the caller.
    let b = unsafe { memory.bytes_mut(address, bytes) }
        .map_err(|e| AccelError::invalid(format!("{what}: {}", e.message)))?;
    // SAFETY: as in `guest_slice`.
    Ok(unsafe { std::slice::from_raw_parts_mut(b.as_mut_ptr().cast::<T>(), len) })
}

/// The byte length of `len` values of `T` at `address`, after checking its alignment.
fn guest_bytes<T>(address: u32, len: usize, what: &str) -> Result<usize, AccelError> {
    if !(address as usize).is_multiple_of(align_of::<T>()) {
        return Err(AccelError::invalid(format!(
            "{what} address {address:#x} is not {}-byte aligned",
            align_of::<T>()
        )));
    }
    len.checked_mul(size_of::<T>())
        .ok_or_else(|| AccelError::invalid(format!("{what} of {len} values overflows")))
}

pub(crate) fn reply_err<T>(e: AccelError) -> Reply<T> {
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

/// The host's geometry for the contract's record.
pub(crate) fn geometry(g: &cpu_accel::ConvGeometry) -> ConvGeometry {
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

/// The host's activation for the contract's.
pub(crate) fn activation(a: cpu_accel::Activation) -> Activation {
    match a {
        cpu_accel::Activation::None => Activation::None,
        cpu_accel::Activation::Hardswish => Activation::HardSwish,
        cpu_accel::Activation::Silu => Activation::Silu,
    }
}

/// Checks a chain's length and total work before any of it runs.
fn check_chain(account: &Account, steps: &[Step]) -> Result<(), AccelError> {
    if steps.is_empty() || steps.len() > MAX_CHAIN_STEPS {
        return Err(AccelError::invalid(format!(
            "a chain has 1 to {MAX_CHAIN_STEPS} steps, not {}",
            steps.len()
        )));
    }
    let total = steps.iter().try_fold(0u64, |a, s| {
        s.geometry.macs().and_then(|m| a.checked_add(m))
    });
    account.check_work(total, "the chain")
}

/// Which element type a chain runs on (a plain number: every bit pattern is a value).
pub(crate) trait ChainElem: OutputElem + Plain {
    fn run(
        w: &Weights,
        s: &Step,
        x: &[Self],
        work: &mut Work<'_>,
    ) -> Result<Charged<Vec<Self>>, AccelError>;
}

impl ChainElem for f32 {
    fn run(
        w: &Weights,
        s: &Step,
        x: &[f32],
        work: &mut Work<'_>,
    ) -> Result<Charged<Vec<f32>>, AccelError> {
        match w {
            Weights::F32(w) => cpu::conv2d_f32(
                w,
                &s.geometry,
                x,
                s.output_min,
                s.output_max,
                s.activation,
                work,
            ),
            Weights::Qs8(_) | Weights::Qd8(_) => Err(AccelError::invalid(format!(
                "handle {} holds int8 weights",
                s.weights
            ))),
        }
    }
}

impl ChainElem for i8 {
    fn run(
        w: &Weights,
        s: &Step,
        x: &[i8],
        work: &mut Work<'_>,
    ) -> Result<Charged<Vec<i8>>, AccelError> {
        match (w, s.activation) {
            // int8 chains have no activated form (the guest's lookup tables do that).
            (Weights::Qs8(w), Activation::None) => cpu::conv2d_qs8(w, &s.geometry, x, work),
            (Weights::Qs8(_), a) => Err(AccelError::invalid(format!(
                "an int8 step has no activation, not {a:?}"
            ))),
            (Weights::F32(_), _) => Err(AccelError::invalid(format!(
                "handle {} holds fp32 weights",
                s.weights
            ))),
            (Weights::Qd8(_), _) => Err(AccelError::invalid(format!(
                "handle {} holds qd8 weights (for fully-connected-qd8)",
                s.weights
            ))),
        }
    }
}

impl CpuAccel {
    /// Runs a chain: each step on the previous step's output, each intermediate
    /// charged until the next step has used it.
    fn chain<T: ChainElem>(
        &mut self,
        steps: &[Step],
        input: &[T],
    ) -> Result<Charged<Vec<T>>, AccelError> {
        check_chain(&self.account, steps)?;
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
        let mut x: Option<Charged<Vec<T>>> = None;
        for (i, s) in steps.iter().enumerate() {
            let w = Self::get(&self.weights, s.weights).map_err(|e| step(i, e))?;
            let xs = x.as_ref().map_or(input, |c| c.value.as_slice());
            let y = T::run(w, s, xs, &mut work).map_err(|e| step(i, e))?;
            // The used input becomes a later output's buffer (no zeroing, no fresh pages).
            if let Some(used) = x.replace(y) {
                work.scratch.recycle(used);
            }
        }
        x.ok_or_else(|| AccelError::invalid("a chain has at least one step"))
    }
}

/// The host's steps for the contract's (2.x: the weights are borrowed handles).
fn steps(steps: &[cpu_accel::ChainStep]) -> Vec<Step> {
    steps
        .iter()
        .map(|s| Step {
            weights: s.weights.rep(),
            geometry: geometry(&s.geometry),
            output_min: s.output_min,
            output_max: s.output_max,
            activation: activation(s.activation),
        })
        .collect()
}

impl cpu_accel::HostWeights for CpuAccel {
    fn drop(&mut self, rep: Resource<cpu_accel::Weights>) -> wasmtime::Result<()> {
        self.release(rep.rep());
        Ok(())
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
    ) -> Reply<Resource<cpu_accel::Weights>> {
        match self.add_f32(channels_out, depth, groups, &weights, bias.as_deref()) {
            Ok(slot) => Ok(Ok(Resource::new_own(slot))),
            Err(e) => reply_err(e),
        }
    }

    fn add_weights_qs8(
        &mut self,
        channels_out: u32,
        depth: u32,
        groups: u32,
        weights: Vec<i8>,
        requant: cpu_accel::Requantization,
    ) -> Reply<Resource<cpu_accel::Weights>> {
        match self.add_qs8(channels_out, depth, groups, &weights, &requant) {
            Ok(slot) => Ok(Ok(Resource::new_own(slot))),
            Err(e) => reply_err(e),
        }
    }

    fn conv2d_f32(
        &mut self,
        chain: Vec<cpu_accel::ChainStep>,
        input: u32,
        output: u32,
    ) -> Reply<()> {
        let r = self.chain_in_memory::<f32>(&steps(&chain), input, output);
        r.map_or_else(reply_err, |()| Ok(Ok(())))
    }

    fn conv2d_qs8(
        &mut self,
        chain: Vec<cpu_accel::ChainStep>,
        input: u32,
        output: u32,
    ) -> Reply<()> {
        let r = self.chain_in_memory::<i8>(&steps(&chain), input, output);
        r.map_or_else(reply_err, |()| Ok(Ok(())))
    }

    fn add_weights_qd8(
        &mut self,
        weights: cpu_accel::Qd8Weights,
    ) -> Reply<Resource<cpu_accel::Weights>> {
        match self.add_qd8(&weights) {
            Ok(slot) => Ok(Ok(Resource::new_own(slot))),
            Err(e) => reply_err(e),
        }
    }

    fn fully_connected_qd8(
        &mut self,
        weights: Resource<cpu_accel::Weights>,
        rows: Vec<cpu_accel::RowQuantization>,
        input: u32,
        output: u32,
        output_min: f32,
        output_max: f32,
    ) -> Reply<()> {
        let r =
            self.fully_connected_qd8(weights.rep(), &rows, input, output, output_min, output_max);
        r.map_or_else(reply_err, |()| Ok(Ok(())))
    }

    fn fully_connected_qd8_f32(
        &mut self,
        weights: Resource<cpu_accel::Weights>,
        rows: u32,
        input: u32,
        output: u32,
        output_min: f32,
        output_max: f32,
    ) -> Reply<()> {
        let r = self.fully_connected_qd8_f32(
            weights.rep(),
            rows,
            input,
            output,
            output_min,
            output_max,
        );
        r.map_or_else(reply_err, |()| Ok(Ok(())))
    }

    fn attention(
        &mut self,
        geometry: cpu_accel::AttentionGeometry,
        query: u32,
        key: u32,
        value: u32,
        mask: Option<cpu_accel::AttentionMask>,
        output: u32,
    ) -> Reply<()> {
        let r = self.attention(&geometry, query, key, value, mask, output);
        r.map_or_else(reply_err, |()| Ok(Ok(())))
    }
}

/// Links `cpu-accel` into `linker`.
pub fn add_to_linker<T: 'static>(
    linker: &mut Linker<T>,
    get: fn(&mut T) -> &mut CpuAccel,
) -> wasmtime::Result<()> {
    cpu_accel::add_to_linker::<T, HasSelf<CpuAccel>>(linker, get)
}
