//! Native CPU convolutions behind the `cpu-accel` WIT interface: fp32 on
//! [`crate::sgemm`], int8 on [`crate::qgemm`] (AVX-512 / AVX2 micro-kernels chosen at
//! run time, portable code elsewhere). Both lower a convolution to an im2col matrix (skipped for 1x1,
//! stride-1, unpadded convolutions, whose input already is that matrix) times the
//! weights of each group.
//!
//! Every size comes from a sandboxed component, so everything is checked before any
//! memory is touched. Every call works for a component's [`Account`]: its output,
//! scratch and weights are charged there, its total work is checked against the
//! account's work cap before it starts, and the work runs in chunks of about
//! [`CHUNK_WORK`] multiply-accumulates with a deadline check between chunks, so a call
//! stops within a few milliseconds of its deadline whatever its size.

pub mod attention;
mod depthwise;
mod direct;
mod geometry;
pub mod qd8;
mod threads;
mod weights;

pub use geometry::ConvGeometry;
pub use weights::{Requantization, WeightsF32, WeightsQs8};

use std::ops::Range;
use std::time::Instant;

use crate::activation::{self, Activation};
use crate::meter::{AccelError, Account, Charge};
use crate::qgemm::qgemm_threads;
use crate::sgemm::sgemm_threads_activated;

/// Largest output (elements) a call may ask for.
const MAX_OUTPUT: usize = 1 << 28;

/// Multiply-accumulates per chunk of native work between deadline checks: a few
/// milliseconds with the AVX-512 / AVX2 kernels, up to a few hundred with portable
/// code. Large enough that the convolutions of real models are one chunk (resnet18's
/// largest is 2^27): splitting a GEMM's rows re-reads the packed weights per chunk,
/// which cost resnet18 5% at 2^26.
pub const CHUNK_WORK: usize = 1 << 28;

/// A component instance's im2col buffers, kept between calls (a fresh multi-MiB
/// buffer per call costs more in page faults and zeroing than the copy itself) and
/// charged to its account while held.
///
/// It also keeps up to [`SPARES`] spare buffers per element type ([`Scratch::recycle`]):
/// a chain's input or intermediate, handed back once used, becomes a later output of
/// that type without being zeroed first (zeroing each output had been 4.5% of
/// EfficientNet-B0's time; a single spare was too small for most of its outputs). Every convolution writes each element of its output, so nothing stale
/// survives; a spare only ever holds this instance's own values.
#[derive(Default)]
pub struct Scratch {
    f32: Vec<f32>,
    i8: Vec<i8>,
    charge: Charge,
    spare_f32: Vec<Charged<Vec<f32>>>,
    spare_i8: Vec<Charged<Vec<i8>>>,
    /// The last input the `qd8` layers quantized, with its rows.
    qd8_input: qd8::InputCache,
    /// The order the `qd8` layers are called in, for warming the next ones.
    qd8_order: qd8::LayerOrder,
}

/// Spare output buffers kept per element type: a chain step's input and intermediates
/// come back, its last output does not (it goes to the component), so a few spares
/// are needed for most outputs to find one large enough.
pub const SPARES: usize = 4;

/// An element type of convolution outputs: `f32` or `i8`, each with its spare buffers
/// in [`Scratch`].
pub trait OutputElem: Copy + Default {
    /// The spare buffers of this type.
    fn spares(scratch: &mut Scratch) -> &mut Vec<Charged<Vec<Self>>>;
}

impl OutputElem for f32 {
    fn spares(scratch: &mut Scratch) -> &mut Vec<Charged<Vec<f32>>> {
        &mut scratch.spare_f32
    }
}

impl OutputElem for i8 {
    fn spares(scratch: &mut Scratch) -> &mut Vec<Charged<Vec<i8>>> {
        &mut scratch.spare_i8
    }
}

impl Scratch {
    /// Grows the buffer of `T` to at least `n` elements, charging the new size first.
    fn grow<T: Copy + Default>(
        buf: &mut Vec<T>,
        other_bytes: usize,
        charge: &mut Charge,
        n: usize,
        account: &Account,
    ) -> Result<(), AccelError> {
        if buf.len() < n {
            let bytes = n
                .checked_mul(size_of::<T>())
                .and_then(|b| b.checked_add(other_bytes))
                .unwrap_or(usize::MAX);
            let new = account.charge(bytes, "the im2col scratch buffer")?;
            *charge = new;
            buf.reserve_exact(n - buf.len());
            buf.resize(n, T::default());
        }
        Ok(())
    }

    /// Keeps `buf` (a used input or intermediate, with its charge) as a spare buffer of
    /// its type; past [`SPARES`] of them, the smallest is dropped (with its charge).
    pub fn recycle<T: OutputElem>(&mut self, buf: Charged<Vec<T>>) {
        let spares = T::spares(self);
        spares.push(buf);
        if spares.len() > SPARES {
            if let Some(i) = (0..spares.len()).min_by_key(|&i| spares[i].value.capacity()) {
                spares.swap_remove(i);
            }
        }
    }

    /// Takes the smallest spare buffer of `T` with room for `len` elements.
    fn take_spare<T: OutputElem>(&mut self, len: usize) -> Option<Charged<Vec<T>>> {
        let spares = T::spares(self);
        let i = (0..spares.len())
            .filter(|&i| spares[i].value.capacity() >= len)
            .min_by_key(|&i| spares[i].value.capacity())?;
        Some(spares.swap_remove(i))
    }

    fn f32(&mut self, n: usize, account: &Account) -> Result<&mut [f32], AccelError> {
        let other = self.i8.len();
        Self::grow(&mut self.f32, other, &mut self.charge, n, account)?;
        Ok(&mut self.f32[..n])
    }

    fn i8(&mut self, n: usize, account: &Account) -> Result<&mut [i8], AccelError> {
        let other = self.f32.len() * 4;
        Self::grow(&mut self.i8, other, &mut self.charge, n, account)?;
        Ok(&mut self.i8[..n])
    }
}

/// The work of one call: its account, scratch and thread count.
pub struct Work<'a> {
    /// Charged for outputs and scratch; its deadline and work cap apply.
    pub account: &'a Account,
    /// The instance's im2col buffers.
    pub scratch: &'a mut Scratch,
    /// Threads the GEMMs may use.
    pub threads: usize,
    /// Multiply-accumulates per chunk ([`CHUNK_WORK`]; smaller in tests).
    pub chunk_work: usize,
}

/// A value the host allocated for a component, with its charge (release both together,
/// once the value has been handed over).
pub struct Charged<T> {
    /// The value.
    pub value: T,
    /// Its bytes, charged to the component's account.
    pub charge: Charge,
}

/// Row ranges of `rows` rows of `per_row` work each, in as few chunks of at most about
/// `chunk` work as there can be, of equal size (a whole multiple of `align` rows where a
/// chunk holds that many), so no chunk is a sliver.
fn chunks(
    rows: usize,
    per_row: usize,
    chunk: usize,
    align: usize,
) -> impl Iterator<Item = Range<usize>> {
    let fit = (chunk / per_row.max(1)).clamp(1, rows.max(1));
    let count = rows.div_ceil(fit).max(1);
    let mut n = rows.div_ceil(count);
    if n >= align {
        n = n.next_multiple_of(align).min(fit.max(align));
    }
    (0..rows)
        .step_by(n.max(1))
        .map(move |r| r..(r + n).min(rows))
}

/// Checks `g` against the weights and the input length, and the call's work against
/// the account's cap; returns the output length.
fn check_call(
    g: &ConvGeometry,
    channels_out: usize,
    depth: usize,
    groups: usize,
    input_len: usize,
    account: &Account,
) -> Result<usize, AccelError> {
    g.check()?;
    if g.channels_out != channels_out || g.groups != groups || g.depth() != Some(depth) {
        return Err(AccelError::invalid(format!(
            "geometry {g:?} does not match the weights ({channels_out} output channels, depth {depth}, {groups} groups)"
        )));
    }
    if g.input_len() != Some(input_len) {
        return Err(AccelError::invalid(format!(
            "input has {input_len} values for {g:?}"
        )));
    }
    let out = g
        .output_len()
        .filter(|&n| n <= MAX_OUTPUT)
        .ok_or_else(|| AccelError::invalid(format!("output of {g:?} is too large")))?;
    account.check_work(g.macs(), "the convolution")?;
    Ok(out)
}

/// Writes the im2col rows of output pixels `pixels` of group `group` (`len x depth`,
/// columns `(ky, kx, ci)`) into `a`; taps outside the input are `pad`.
fn im2col<T: Copy>(
    g: &ConvGeometry,
    x: &[T],
    group: usize,
    pad: T,
    pixels: Range<usize>,
    a: &mut [T],
) {
    let gi = g.channels_in / g.groups;
    let depth = g.kernel_h * g.kernel_w * gi;
    let c0 = group * gi;
    // A window row's taps are one contiguous run of the input when the group is all
    // the channels and the taps are adjacent: copied at once (a 3-channel stem
    // convolution's taps are 12 bytes each; a call per tap cost more than the GEMM).
    let whole_rows = gi == g.channels_in && g.dilation_w == 1;
    let span = g.kernel_w * gi;
    let mut px = geometry::Pixel::at(g, pixels.start);
    for row in a.chunks_exact_mut(depth).take(pixels.len()) {
        let geometry::Pixel { n, oy, ox } = px;
        for ky in 0..g.kernel_h {
            let iy = (oy * g.stride_h + ky * g.dilation_h) as isize - g.pad_top as isize;
            let ix0 = (ox * g.stride_w) as isize - g.pad_left as isize;
            let inside_x = ix0 >= 0 && ix0 as usize + g.kernel_w <= g.width;
            if whole_rows && inside_x && iy >= 0 && (iy as usize) < g.height {
                let s = ((n * g.height + iy as usize) * g.width + ix0 as usize) * g.channels_in;
                copy_short(&mut row[ky * span..(ky + 1) * span], &x[s..s + span]);
                continue;
            }
            for kx in 0..g.kernel_w {
                let ix = (ox * g.stride_w + kx * g.dilation_w) as isize - g.pad_left as isize;
                let d = &mut row[(ky * g.kernel_w + kx) * gi..(ky * g.kernel_w + kx + 1) * gi];
                if iy < 0 || ix < 0 || iy >= g.height as isize || ix >= g.width as isize {
                    d.fill(pad);
                } else {
                    let s =
                        ((n * g.height + iy as usize) * g.width + ix as usize) * g.channels_in + c0;
                    copy_short(d, &x[s..s + gi]);
                }
            }
        }
        px.step(g);
    }
}

/// `d.copy_from_slice(s)`, element by element when short (no `memcpy` call); the
/// window rows of 3-channel stem convolutions (9 and 21 values: 3x3 and 7x7 kernels)
/// and of 4-channel ones as fixed-size copies, a few vector moves each.
#[inline(always)]
fn copy_short<T: Copy>(d: &mut [T], s: &[T]) {
    #[inline(always)]
    fn fixed<T: Copy, const N: usize>(d: &mut [T], s: &[T]) {
        if let (Some(d), Some(s)) = (d.first_chunk_mut::<N>(), s.first_chunk::<N>()) {
            *d = *s;
        }
    }
    match d.len().min(s.len()) {
        9 => return fixed::<T, 9>(d, s),
        12 => return fixed::<T, 12>(d, s),
        21 => return fixed::<T, 21>(d, s),
        _ => {}
    }
    if d.len() <= 16 {
        for (d, &s) in d.iter_mut().zip(s) {
            *d = s;
        }
    } else {
        d.copy_from_slice(s);
    }
}

/// An output of `len` elements of `T`, charged to `work`'s account: a spare buffer of
/// `T` with the room (its old values left in place, for the convolution to overwrite;
/// it is charged for its whole capacity), else a zeroed one.
fn output<T: OutputElem>(len: usize, work: &mut Work<'_>) -> Result<Charged<Vec<T>>, AccelError> {
    let what = "the convolution's output";
    if let Some(spare) = work.scratch.take_spare::<T>(len) {
        let mut value = spare.value;
        // Release the old charge before taking the new one, so the reuse never needs
        // both at once.
        drop(spare.charge);
        let charge = work
            .account
            .charge(value.capacity().saturating_mul(size_of::<T>()), what)?;
        if value.len() >= len {
            value.truncate(len);
        } else {
            value.resize(len, T::default());
        }
        return Ok(Charged { value, charge });
    }
    let charge = work
        .account
        .charge(len.saturating_mul(size_of::<T>()), what)?;
    Ok(Charged {
        value: vec![T::default(); len],
        charge,
    })
}

/// Runs `gemm(rows, a, out_offset)` over the output pixels of group `grp` in chunks,
/// with a deadline check before each; `a` is the input itself for pointwise
/// single-group convolutions, else the chunk's im2col rows built by `fill`.
fn gemm_chunks<T: Copy + Default + Send>(
    g: &ConvGeometry,
    x: &[T],
    work: &mut Work<'_>,
    threads: usize,
    scratch: for<'s> fn(&'s mut Scratch, usize, &Account) -> Result<&'s mut [T], AccelError>,
    fill: impl Fn(Range<usize>, &mut [T]) + Sync,
    mut gemm: impl FnMut(usize, &[T], usize) -> Result<(), AccelError>,
) -> Result<(), AccelError> {
    // `check_call` checked the geometry against the weights.
    let depth = g.kernel_h * g.kernel_w * (g.channels_in / g.groups);
    let go = g.channels_out / g.groups;
    let pixels = g.batch * g.out_h * g.out_w;
    let direct = g.is_pointwise() && g.groups == 1;
    for rows in chunks(pixels, depth * go, work.chunk_work, 16) {
        work.account.check_deadline()?;
        let m = rows.len();
        if direct {
            gemm(m, &x[rows.start * depth..rows.end * depth], rows.start)?;
        } else {
            let start = rows.start;
            let a = scratch(&mut *work.scratch, m * depth, work.account)?;
            fill_rows(threads, rows, depth, a, &fill);
            gemm(m, a, start)?;
        }
    }
    Ok(())
}

/// Runs a depthwise convolution's output pixels through `run(pixels, out_of_those)`,
/// in chunks of `work.chunk_work` (a deadline check before each), each split by pixels
/// across the threads `choice` picks when every part gets at least 256K
/// multiply-adds (some 30-60 us).
fn depthwise_chunks<T: Send>(
    g: &ConvGeometry,
    per_pixel: usize,
    choice: &threads::ThreadChoice,
    work: &mut Work<'_>,
    out: &mut [T],
    run: impl Fn(Range<usize>, &mut [T]) + Sync,
) -> Result<(), AccelError> {
    let pixels = g.batch * g.out_h * g.out_w;
    let co = g.channels_out;
    let threads = choice.pick(work.threads);
    let start = choice.learning(work.threads).then(Instant::now);
    for p in chunks(pixels, per_pixel, work.chunk_work, 2) {
        work.account.check_deadline()?;
        let o = &mut out[p.start * co..p.end * co];
        let parts = threads.min(p.len().saturating_mul(per_pixel) >> 18).max(1);
        if parts <= 1 {
            in_blocks(p, o, &run);
            continue;
        }
        let per = p.len().div_ceil(parts).next_multiple_of(2);
        let split = row_parts(p, per, co, o).collect();
        crate::pool::for_each_part(threads, split, |(r, c)| in_blocks(r, c, &run));
    }
    if let Some(start) = start {
        choice.record(threads, start.elapsed());
    }
    Ok(())
}

/// `run` on blocks of [`DW_BLOCK`] pixels of `p` (`o` holds those pixels), so that
/// what follows the convolution in `run` (an activation) finds each block in cache.
fn in_blocks<T>(p: Range<usize>, o: &mut [T], run: &impl Fn(Range<usize>, &mut [T])) {
    let width = o.len() / p.len().max(1);
    for (r, c) in row_parts(p, DW_BLOCK, width, o) {
        run(r, c);
    }
}

/// `rows` in runs of `per` rows (the last may be shorter), each with its `width` values
/// of `data` (which holds exactly those rows).
fn row_parts<T>(
    rows: Range<usize>,
    per: usize,
    width: usize,
    data: &mut [T],
) -> impl Iterator<Item = (Range<usize>, &mut [T])> {
    let per = per.max(1);
    data.chunks_mut(per * width.max(1))
        .enumerate()
        .map(move |(i, c)| {
            let r0 = rows.start + i * per;
            (r0..(r0 + per).min(rows.end), c)
        })
}

/// Output pixels a depthwise convolution computes before handing them on (even, for
/// the kernels' pixel pairs; 64 pixels of 256 channels are 64 KiB of fp32).
const DW_BLOCK: usize = 64;

/// Fills the im2col rows `rows` (`depth` values each) into `a` with `fill`, split by
/// rows across up to `threads` threads (the caller computing a share) when each gets
/// at least 64K values: a 3x3 convolution's im2col is a pass over several MiB that
/// would otherwise stay on one thread while the GEMM after it runs on all of them.
fn fill_rows<T: Send>(
    threads: usize,
    rows: Range<usize>,
    depth: usize,
    a: &mut [T],
    fill: &(impl Fn(Range<usize>, &mut [T]) + Sync),
) {
    let m = rows.len();
    let parts = threads
        .min(m.saturating_mul(depth) >> 16)
        .clamp(1, m.max(1));
    if parts <= 1 {
        fill(rows, a);
        return;
    }
    let per = m.div_ceil(parts);
    let chunks = row_parts(rows, per, depth, &mut a[..m * depth]).collect();
    crate::pool::for_each_part(threads, chunks, |(r, c)| fill(r, c));
}

/// How [`conv2d_f32_with_path`] computes an ungrouped fp32 convolution.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ConvF32Path {
    /// The fastest way this host has: the direct kernel for inputs of at most 4
    /// channels on AVX2 hosts (see `direct`), im2col and the GEMM otherwise.
    Auto,
    /// Always im2col and the GEMM (for benchmarks and tests).
    Im2colGemm,
}

/// fp32 convolution: NHWC `x` to NHWC output, bias added, clamped to `[min, max]`,
/// then `act` applied ([`crate::activation`]).
pub fn conv2d_f32(
    w: &WeightsF32,
    g: &ConvGeometry,
    x: &[f32],
    min: f32,
    max: f32,
    act: Activation,
    work: &mut Work<'_>,
) -> Result<Charged<Vec<f32>>, AccelError> {
    conv2d_f32_with_path(ConvF32Path::Auto, w, g, x, min, max, act, work)
}

/// [`conv2d_f32`] computed the way `path` says (depthwise convolutions always run
/// their own kernel).
#[allow(clippy::too_many_arguments)]
pub fn conv2d_f32_with_path(
    path: ConvF32Path,
    w: &WeightsF32,
    g: &ConvGeometry,
    x: &[f32],
    min: f32,
    max: f32,
    act: Activation,
    work: &mut Work<'_>,
) -> Result<Charged<Vec<f32>>, AccelError> {
    // The activation runs on each block of output as soon as it is computed, on the
    // thread that computed it (a pass of its own over the whole output ran at memory
    // speed, on one thread).

    let out_len = check_call(g, w.channels_out, w.depth, w.groups, x.len(), work.account)?;
    let mut out = output::<f32>(out_len, work)?;
    let co = w.channels_out;
    if g.groups > 1 && g.groups == g.channels_in && !w.dw.is_empty() {
        let d = depthwise::DwF32 {
            w: &w.dw,
            bias: &w.bias,
        };
        let taps = g.kernel_h * g.kernel_w;
        depthwise_chunks(g, co * taps, &w.threads, work, &mut out.value, |p, o| {
            depthwise::depthwise_f32(g, &d, x, min, max, p, o);
            activation::apply(act, o);
        })?;
        return Ok(out);
    }
    if let (ConvF32Path::Auto, [b]) = (path, w.b.as_slice()) {
        if direct::applies(g, b) {
            let per_pixel = co * w.depth;
            depthwise_chunks(g, per_pixel, &w.threads, work, &mut out.value, |p, o| {
                direct::conv_f32(g, b, x, min, max, p, o);
                activation::apply(act, o);
            })?;
            return Ok(out);
        }
    }
    let go = co / w.groups;
    let threads = w.threads.pick(work.threads);
    let start = w.threads.learning(work.threads).then(Instant::now);
    for (grp, b) in w.b.iter().enumerate() {
        let o = &mut out.value;
        gemm_chunks(
            g,
            x,
            work,
            threads,
            Scratch::f32,
            |rows, a| im2col(g, x, grp, 0.0, rows, a),
            |m, a, p0| {
                sgemm_threads_activated(
                    threads,
                    m,
                    a,
                    w.depth,
                    b,
                    min,
                    max,
                    act,
                    &mut o[p0 * co + grp * go..],
                    co,
                )
                .map_err(AccelError::from)
            },
        )?;
    }
    if let Some(start) = start {
        w.threads.record(threads, start.elapsed());
    }
    Ok(out)
}

/// int8 convolution: NHWC `qint8` `x` to the requantized NHWC output.
pub fn conv2d_qs8(
    w: &WeightsQs8,
    g: &ConvGeometry,
    x: &[i8],
    work: &mut Work<'_>,
) -> Result<Charged<Vec<i8>>, AccelError> {
    let out_len = check_call(g, w.channels_out, w.depth, w.groups, x.len(), work.account)?;
    let mut out = output::<i8>(out_len, work)?;
    let co = w.channels_out;
    if let Some(dw) = w.dw.as_ref().filter(|_| g.groups == g.channels_in) {
        let d = depthwise::DwQs8 {
            w: &dw.w,
            pairs: &dw.pairs,
            bias: &dw.bias,
            scale: &dw.scale,
            x_zero_point: w.input_zero_point as i32,
            zero_point: w.output_zero_point,
            qmin: w.output_min,
            qmax: w.output_max,
        };
        let taps = g.kernel_h * g.kernel_w;
        depthwise_chunks(g, co * taps, &w.threads, work, &mut out.value, |p, o| {
            depthwise::depthwise_qs8(g, &d, x, p, o)
        })?;
        return Ok(out);
    }
    let go = co / w.groups;
    let threads = w.threads.pick(work.threads);
    let start = w.threads.learning(work.threads).then(Instant::now);
    for (grp, (b, rq)) in w.packed.iter().enumerate() {
        let o = &mut out.value;
        gemm_chunks(
            g,
            x,
            work,
            threads,
            Scratch::i8,
            |rows, a| im2col(g, x, grp, w.input_zero_point, rows, a),
            |m, a, p0| {
                qgemm_threads(
                    threads,
                    m,
                    a,
                    w.depth,
                    b,
                    rq,
                    &mut o[p0 * co + grp * go..],
                    co,
                )
                .map_err(AccelError::from)
            },
        )?;
    }
    if let Some(start) = start {
        w.threads.record(threads, start.elapsed());
    }
    Ok(out)
}

#[cfg(test)]
mod tests;
