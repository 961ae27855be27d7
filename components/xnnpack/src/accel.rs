//! Convolutions and fully connected layers on the host's native CPU kernels (the
//! `cpu-accel` import, `wit/accel.wit`), used instead of this component's own wasm
//! kernels when the host offers them (`plugboard run --cpu-accel on`, the default).
//! The choice is made once at `init`: weights go either to the host (a handle) or into
//! this component's packed layouts. Results are the same either way (int8 bit for bit).

use std::cell::RefCell;
use std::rc::Rc;

use crate::graph::Activation;
use crate::kernels::conv::ConvGeometry;
use crate::plugboard::runtime::cpu_accel as host;
use crate::Error;

/// Whether the host offers native kernels (never when this crate is built for the
/// host itself, as for unit tests and fuzzing: there is no host to import from).
pub fn available() -> bool {
    #[cfg(target_arch = "wasm32")]
    return host::available();
    #[cfg(not(target_arch = "wasm32"))]
    false
}

/// Fewest weights (`n * k`) of a fully connected layer worth handing to the host.
/// Crossing to the host and back costs about 2-3 us per call; tiny BERT's and GPT-2's
/// 64 x 64 projections over 16 tokens took 6-10 us in wasm and 4.3 us natively
/// (AVX-512, node timings of `--profile`), so they go native: tiny BERT 0.313 ->
/// 0.295 ms, tiny GPT-2 0.47 -> 0.45 ms (an earlier measurement, on another machine,
/// had found no gain and kept layers under 16K weights in wasm). Below this size a
/// layer is a few hundred multiply-adds per row, under the crossing's cost, and stays
/// in wasm.
pub const MIN_FC_WEIGHTS: usize = 1 << 11;

/// Whether a fully connected layer with `n` outputs of `k` inputs goes to the host.
pub fn takes_fc(n: usize, k: usize) -> bool {
    available() && n.saturating_mul(k) >= MIN_FC_WEIGHTS
}

/// Weights handed to the host. Contract 2.0: a `weights` resource, released when the
/// last clone of its handle is dropped (with the delegate that holds it); 1.x: an
/// index the host keeps for the instance's life.
#[derive(Clone)]
pub struct Handle(
    #[cfg(not(feature = "contract-1"))] std::rc::Rc<host::Weights>,
    #[cfg(feature = "contract-1")] u32,
);

impl std::fmt::Debug for Handle {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("accel::Handle")
    }
}

/// Weights handed to the host, not kept alive (see [`shared`]).
#[derive(Clone)]
struct WeakHandle(
    #[cfg(not(feature = "contract-1"))] std::rc::Weak<host::Weights>,
    #[cfg(feature = "contract-1")] u32,
);

impl Handle {
    #[cfg(not(feature = "contract-1"))]
    fn downgrade(&self) -> WeakHandle {
        WeakHandle(std::rc::Rc::downgrade(&self.0))
    }

    #[cfg(feature = "contract-1")]
    fn downgrade(&self) -> WeakHandle {
        WeakHandle(self.0)
    }
}

impl WeakHandle {
    #[cfg(not(feature = "contract-1"))]
    fn upgrade(&self) -> Option<Handle> {
        self.0.upgrade().map(Handle)
    }

    #[cfg(feature = "contract-1")]
    fn upgrade(&self) -> Option<Handle> {
        Some(Handle(self.0))
    }
}

/// What fp32 weights handed to the host were made from: the named-data keys of the
/// filter and the bias (within one program a key names one set of bytes), and how
/// they were laid out.
#[derive(Clone, PartialEq, Eq)]
pub struct SharedKey {
    pub filter: Rc<str>,
    pub bias: Option<Rc<str>>,
    /// `(channels-out, depth, groups)`.
    pub shape: (usize, usize, usize),
    /// Which layout transform of the filter the host was given.
    pub layout: u8,
    /// The bits of everything else the weights were made from (an int8 layer's
    /// requantization: zero points, bounds, scales, bias); empty for fp32.
    pub extra: Vec<u32>,
}

thread_local! {
    /// The weights this instance handed to the host, by what they were made from
    /// (one instance serves the delegates of one method).
    static SHARED: RefCell<Vec<(SharedKey, WeakHandle)>> = const { RefCell::new(Vec::new()) };
}

/// The host weights an earlier delegate of this instance made from `key`, while any
/// delegate still holds them, else `make()`'s, remembered. ExecuTorch's exporter stores
/// a weight several delegates use once, under one key (an LSTM unrolled into a
/// delegate per time step names its matrices once for all steps); sharing the packed
/// copy, as ExecuTorch's XNNPACK weights cache does by key, keeps one copy in the
/// CPU's cache where one per delegate streamed from memory on every call.
pub fn shared(
    key: SharedKey,
    make: impl FnOnce() -> Result<Handle, Error>,
) -> Result<Handle, Error> {
    let found = SHARED.with_borrow_mut(|cache| {
        // Entries whose weights every delegate dropped can never be used again.
        cache.retain(|(_, h)| h.upgrade().is_some());
        cache
            .iter()
            .find(|(k, _)| *k == key)
            .and_then(|(_, h)| h.upgrade())
    });
    if let Some(h) = found {
        return Ok(h);
    }
    let h = make()?;
    SHARED.with_borrow_mut(|cache| cache.push((key, h.downgrade())));
    Ok(h)
}

impl Handle {
    #[cfg(not(feature = "contract-1"))]
    fn new(w: host::Weights) -> Handle {
        Handle(std::rc::Rc::new(w))
    }

    #[cfg(feature = "contract-1")]
    fn new(w: u32) -> Handle {
        Handle(w)
    }
}

fn u(v: usize) -> u32 {
    // Shapes were validated against MAX_ELEMS; anything larger is refused by the host.
    u32::try_from(v).unwrap_or(u32::MAX)
}

/// The host's geometry record for `g`.
fn geometry(g: &ConvGeometry) -> host::ConvGeometry {
    host::ConvGeometry {
        batch: u(g.batch),
        height: u(g.height),
        width: u(g.width),
        channels_in: u(g.channels_in),
        out_height: u(g.out_h),
        out_width: u(g.out_w),
        channels_out: u(g.channels_out),
        kernel_height: u(g.kernel_h),
        kernel_width: u(g.kernel_w),
        stride_height: u(g.stride_h),
        stride_width: u(g.stride_w),
        dilation_height: u(g.dilation_h),
        dilation_width: u(g.dilation_w),
        pad_top: u(g.pad_top),
        pad_left: u(g.pad_left),
        groups: u(g.groups),
    }
}

/// A fully connected layer `[m, k] x [k, n]` as a 1x1 convolution over `m` pixels.
pub fn fc_geometry(m: usize, k: usize, n: usize) -> ConvGeometry {
    ConvGeometry {
        batch: m,
        height: 1,
        width: 1,
        channels_in: k,
        out_h: 1,
        out_w: 1,
        channels_out: n,
        kernel_h: 1,
        kernel_w: 1,
        stride_h: 1,
        stride_w: 1,
        dilation_h: 1,
        dilation_w: 1,
        pad_top: 0,
        pad_left: 0,
        groups: 1,
    }
}

/// A depthwise convolution's geometry as the host's grouped convolution: one input
/// channel per group.
pub fn depthwise_geometry(g: &ConvGeometry) -> ConvGeometry {
    ConvGeometry {
        groups: g.channels_in,
        ..*g
    }
}

/// Hands fp32 weights `[c_out, depth]` (and a bias) to the host.
pub fn add_f32(
    c_out: usize,
    depth: usize,
    groups: usize,
    w: &[f32],
    bias: Option<&[f32]>,
) -> Result<Handle, Error> {
    host::add_weights_f32(u(c_out), u(depth), u(groups), w, bias).map(Handle::new)
}

/// Requantization of an int8 layer (see `requantization` in `wit/accel.wit`).
pub struct Requant<'a> {
    pub input_zero_point: i32,
    pub bias: &'a [i32],
    pub scale: &'a [f32],
    pub output_zero_point: i32,
    pub output_min: i8,
    pub output_max: i8,
}

/// Hands `qcint8` weights `[c_out, depth]` and their requantization to the host.
pub fn add_qs8(
    c_out: usize,
    depth: usize,
    groups: usize,
    w: &[i8],
    rq: &Requant<'_>,
) -> Result<Handle, Error> {
    let r = host::Requantization {
        input_zero_point: rq.input_zero_point,
        bias: rq.bias.to_vec(),
        scale: rq.scale.to_vec(),
        output_zero_point: rq.output_zero_point,
        output_min: rq.output_min,
        output_max: rq.output_max,
    };
    host::add_weights_qs8(u(c_out), u(depth), u(groups), w, &r).map(Handle::new)
}

/// fp32 convolution on the host: `out = act(clamp(conv(x) + bias, min, max))`.
pub fn conv_f32(
    h: &Handle,
    g: &ConvGeometry,
    x: &[f32],
    min: f32,
    max: f32,
    act: Activation,
    out: &mut [f32],
) -> Result<(), Error> {
    let step = ChainStep {
        handle: h.clone(),
        geom: *g,
        min,
        max,
        act,
    };
    // SAFETY: two live slices: readable and writable for their lengths.
    unsafe { chain_f32(&[step], x.as_ptr(), x.len(), out.as_mut_ptr(), out.len()) }
}

/// int8 convolution on the host.
pub fn conv_qs8(h: &Handle, g: &ConvGeometry, x: &[i8], out: &mut [i8]) -> Result<(), Error> {
    let step = ChainStep {
        handle: h.clone(),
        geom: *g,
        min: 0.0,
        max: 0.0,
        act: Activation::None,
    };
    // SAFETY: as in `conv_f32`.
    unsafe { chain_qs8(&[step], x.as_ptr(), x.len(), out.as_mut_ptr(), out.len()) }
}

/// One convolution of a chain run on the host.
#[derive(Clone, Debug)]
pub struct ChainStep {
    pub handle: Handle,
    pub geom: ConvGeometry,
    pub min: f32,
    pub max: f32,
    /// Applied after the clamp (fp32 steps only).
    pub act: Activation,
}

fn activation(a: Activation) -> host::Activation {
    match a {
        Activation::None => host::Activation::None,
        Activation::Hardswish => host::Activation::Hardswish,
        Activation::Silu => host::Activation::Silu,
    }
}

/// Checks that a chain reads `in_len` values and writes `out_len`.
fn check_lens(steps: &[ChainStep], in_len: usize, out_len: usize) -> Result<(), Error> {
    let first = steps.first().and_then(|s| s.geom.input_len());
    let last = steps.last().and_then(|s| s.geom.output_len());
    if first != Some(in_len) || last != Some(out_len) {
        return Err(crate::err(
            crate::ErrorKind::Internal,
            format!(
                "a host convolution chain reads {first:?} and writes {last:?} values, given {in_len} and {out_len}"
            ),
        ));
    }
    Ok(())
}

/// The contract's steps, borrowing the handles of `steps` (2.0).
#[cfg(not(feature = "contract-1"))]
fn host_steps(steps: &[ChainStep]) -> Vec<host::ChainStep<'_>> {
    steps
        .iter()
        .map(|s| host::ChainStep {
            weights: &s.handle.0,
            geometry: geometry(&s.geom),
            output_min: s.min,
            output_max: s.max,
            activation: activation(s.act),
        })
        .collect()
}

/// The contract's steps (1.4).
#[cfg(feature = "contract-1")]
fn host_steps(steps: &[ChainStep]) -> Vec<host::ActivatedStep> {
    steps
        .iter()
        .map(|s| host::ActivatedStep {
            step: host::ChainStep {
                weights: s.handle.0,
                geometry: geometry(&s.geom),
                output_min: s.min,
                output_max: s.max,
            },
            activation: activation(s.act),
        })
        .collect()
}

/// fp32 convolutions run back to back on the host (intermediates stay there), each
/// with its activation: reads the `in_len` values at `x`, writes the last output's
/// `out_len` values at `out`. Contract 2.0 hands the host the two addresses (it reads
/// and writes this component's memory in place); 1.4 passes and gets lists.
///
/// # Safety
/// `x` is readable for `in_len` values and `out` writable for `out_len`, with no live
/// reference to either range; the ranges may overlap (all of `x` is read before `out`
/// is written).
pub unsafe fn chain_f32(
    steps: &[ChainStep],
    x: *const f32,
    in_len: usize,
    out: *mut f32,
    out_len: usize,
) -> Result<(), Error> {
    check_lens(steps, in_len, out_len)?;
    #[cfg(not(feature = "contract-1"))]
    return host::conv2d_f32(&host_steps(steps), x as usize as u32, out as usize as u32);
    #[cfg(feature = "contract-1")]
    // SAFETY: forwarded to the caller; the input view ends before the output's.
    unsafe {
        let r = host::conv2d_f32_activated_chain(
            &host_steps(steps),
            std::slice::from_raw_parts(x, in_len),
        )?;
        copy(&r, std::slice::from_raw_parts_mut(out, out_len))
    }
}

/// The int8 analogue of [`chain_f32`] (steps without activations).
///
/// # Safety
/// As [`chain_f32`].
pub unsafe fn chain_qs8(
    steps: &[ChainStep],
    x: *const i8,
    in_len: usize,
    out: *mut i8,
    out_len: usize,
) -> Result<(), Error> {
    check_lens(steps, in_len, out_len)?;
    #[cfg(not(feature = "contract-1"))]
    return host::conv2d_qs8(&host_steps(steps), x as usize as u32, out as usize as u32);
    #[cfg(feature = "contract-1")]
    // SAFETY: as in `chain_f32`.
    unsafe {
        let steps: Vec<_> = host_steps(steps).into_iter().map(|s| s.step).collect();
        let r = host::conv2d_qs8_chain(&steps, std::slice::from_raw_parts(x, in_len))?;
        copy(&r, std::slice::from_raw_parts_mut(out, out_len))
    }
}

/// Copies a host result into `out` (which must have its length).
#[cfg(feature = "contract-1")]
fn copy<T: Copy>(r: &[T], out: &mut [T]) -> Result<(), Error> {
    if r.len() != out.len() {
        return Err(crate::err(
            crate::ErrorKind::Internal,
            format!(
                "the host's convolution returned {} values for {}",
                r.len(),
                out.len()
            ),
        ));
    }
    out.copy_from_slice(r);
    Ok(())
}

/// Weights of a fully connected layer over dynamically quantized rows, as handed to
/// the host (the record `qd8-weights`, contract 2.2): `n` rows of `k` weights, 8-bit
/// or packed 4-bit (`w + 8`, low nibble first), one scale per row and block.
pub struct Qd8Weights<'a> {
    pub n: usize,
    pub k: usize,
    pub bits: u8,
    pub block: usize,
    pub data: &'a [u8],
    pub scales: &'a [f32],
    pub bias: Option<&'a [f32]>,
}

/// Hands the weights of a dynamically quantized fully connected layer to the host
/// (contract 2.2's `add-weights-qd8`).
#[cfg(not(feature = "contract-1"))]
pub fn add_qd8(w: &Qd8Weights<'_>) -> Result<Handle, Error> {
    let weights = host::Qd8Weights {
        channels_out: u(w.n),
        depth: u(w.k),
        bits: w.bits,
        block_size: u(w.block),
        data: w.data.to_vec(),
        scales: w.scales.to_vec(),
        bias: w.bias.map(<[f32]>::to_vec),
    };
    host::add_weights_qd8(&weights).map(Handle::new)
}

/// A fully connected layer over `rows.len()` dynamically quantized rows on the host
/// (contract 2.2's `fully-connected-qd8`): reads `rows.len() * k` int8 values at `x`,
/// writes `rows.len() * n` fp32 values at `out`.
///
/// # Safety
/// As [`chain_f32`]: `x` readable and `out` writable for those lengths, no live
/// reference to either.
#[cfg(not(feature = "contract-1"))]
pub unsafe fn fully_connected_qd8(
    h: &Handle,
    rows: &[crate::dynamic::RowQuant],
    x: *const i8,
    out: *mut f32,
    min: f32,
    max: f32,
) -> Result<(), Error> {
    let rows: Vec<host::RowQuantization> = rows
        .iter()
        .map(|r| host::RowQuantization {
            zero_point: r.zero_point,
            scale: r.scale,
        })
        .collect();
    host::fully_connected_qd8(
        &h.0,
        &rows,
        x as usize as u32,
        out as usize as u32,
        min,
        max,
    )
}

/// The same layer on `rows` float32 rows at `x` that the host quantizes as XNNPACK's
/// `Convert` to `qdint8` does (contract 2.4's `fully-connected-qd8-f32`): reads `rows
/// * k` values at `x`, writes `rows * n` at `out`.
///
/// # Safety
/// As [`fully_connected_qd8`].
#[cfg(not(feature = "contract-1"))]
pub unsafe fn fully_connected_qd8_f32(
    h: &Handle,
    rows: usize,
    x: *const f32,
    out: *mut f32,
    min: f32,
    max: f32,
) -> Result<(), Error> {
    let rows = u32::try_from(rows)
        .map_err(|_| crate::invalid_program(format!("{rows} rows do not fit 32 bits")))?;
    host::fully_connected_qd8_f32(&h.0, rows, x as usize as u32, out as usize as u32, min, max)
}
