//! Native CPU convolutions behind the `cpu-accel` WIT interface: fp32 on
//! [`crate::sgemm`], int8 on [`crate::qgemm`] (AVX-512 / AVX2 micro-kernels chosen at
//! run time, portable code elsewhere). Both lower a convolution to an im2col matrix (skipped for 1x1,
//! stride-1, unpadded convolutions, whose input already is that matrix) times the
//! weights of each group.
//!
//! Every size comes from a sandboxed component, so everything is checked before any
//! memory is touched; errors are plain strings the host turns into `invalid-argument`.

mod depthwise;
mod geometry;

pub use geometry::ConvGeometry;

use crate::qgemm::{qgemm_threads, PackedQs8, Qs8Requant};
use crate::sgemm::{sgemm_threads, PackedF32};

/// Largest output (elements) a call may ask for.
const MAX_OUTPUT: usize = 1 << 28;

thread_local! {
    /// im2col matrices, kept between calls: a fresh multi-MiB buffer per call costs
    /// more in page faults and zeroing than the copy itself.
    static IM2COL_F32: std::cell::RefCell<Vec<f32>> = const { std::cell::RefCell::new(Vec::new()) };
    static IM2COL_I8: std::cell::RefCell<Vec<i8>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// Runs `f` with a scratch buffer of at least `n` elements (contents unspecified).
fn with_scratch<T: Copy + Default, R>(
    key: &'static std::thread::LocalKey<std::cell::RefCell<Vec<T>>>,
    n: usize,
    f: impl FnOnce(&mut [T]) -> R,
) -> R {
    key.with(|cell| match cell.try_borrow_mut() {
        Ok(mut buf) => {
            if buf.len() < n {
                buf.resize(n, T::default());
            }
            f(&mut buf[..n])
        }
        // Re-entered (cannot happen today): use a temporary buffer.
        Err(_) => f(&mut vec![T::default(); n]),
    })
}

/// fp32 convolution weights: per group, the packed weights with their bias.
#[derive(Clone, Debug)]
pub struct WeightsF32 {
    channels_out: usize,
    depth: usize,
    groups: usize,
    b: Vec<PackedF32>,
    bias: Vec<f32>,
    /// For grouped weights: `[depth, channels_out]`, the layout of the depthwise
    /// kernel (used when each group has one input channel).
    dw: Vec<f32>,
}

/// `w [rows, cols]` transposed to `[cols, rows]`.
fn transpose<T: Copy + Default>(w: &[T], rows: usize, cols: usize) -> Vec<T> {
    let mut t = vec![T::default(); w.len()];
    for r in 0..rows {
        for c in 0..cols {
            t[c * rows + r] = w[r * cols + c];
        }
    }
    t
}

impl WeightsF32 {
    /// Weights `w [channels_out, depth]` (XNNPACK's filter layout, one row per output
    /// channel) in `groups` groups, bias `[channels_out]` (zeros when `None`).
    pub fn new(
        channels_out: usize,
        depth: usize,
        groups: usize,
        w: &[f32],
        bias: Option<&[f32]>,
    ) -> Result<WeightsF32, String> {
        check_weights(channels_out, depth, groups, w.len())?;
        if bias.is_some_and(|b| b.len() != channels_out) {
            return Err(format!("bias must have {channels_out} values"));
        }
        let go = channels_out / groups;
        let bias = bias.map_or_else(|| vec![0.0; channels_out], <[f32]>::to_vec);
        let b = (0..groups)
            .map(|g| {
                PackedF32::new(
                    depth,
                    go,
                    &w[g * go * depth..(g + 1) * go * depth],
                    Some(&bias[g * go..(g + 1) * go]),
                )
            })
            .collect::<Result<Vec<_>, String>>()?;
        let dw = if groups > 1 {
            transpose(w, channels_out, depth)
        } else {
            Vec::new()
        };
        Ok(WeightsF32 {
            channels_out,
            depth,
            groups,
            b,
            bias,
            dw,
        })
    }

    /// Bytes held.
    pub fn bytes(&self) -> usize {
        // Packed panels (rounded up to whole panels, roughly) plus the depthwise copy.
        (self.depth * self.channels_out.next_multiple_of(16) + self.channels_out + self.dw.len())
            * 4
    }
}

/// int8 convolution weights: per group, the packed `qcint8` weights and their
/// requantization with the input zero point folded into the bias.
pub struct WeightsQs8 {
    channels_out: usize,
    depth: usize,
    groups: usize,
    input_zero_point: i8,
    packed: Vec<(PackedQs8, Qs8Requant)>,
    /// For grouped weights, the depthwise kernel's data: weights `[depth,
    /// channels_out]` widened, the raw bias and the scales.
    dw: Option<(Vec<i32>, Vec<i32>, Vec<f32>)>,
    output_zero_point: i32,
    output_min: i8,
    output_max: i8,
}

/// Requantization parameters as the interface passes them (see `requantization` in
/// `wit/accel.wit`).
pub struct Requantization<'a> {
    pub input_zero_point: i32,
    pub bias: &'a [i32],
    pub scale: &'a [f32],
    pub output_zero_point: i32,
    pub output_min: i8,
    pub output_max: i8,
}

impl WeightsQs8 {
    /// Weights `w [channels_out, depth]` in `groups` groups with requantization `rq`.
    pub fn new(
        channels_out: usize,
        depth: usize,
        groups: usize,
        w: &[i8],
        rq: &Requantization<'_>,
    ) -> Result<WeightsQs8, String> {
        check_weights(channels_out, depth, groups, w.len())?;
        if rq.bias.len() != channels_out || rq.scale.len() != channels_out {
            return Err(format!(
                "requantization needs {channels_out} biases and scales"
            ));
        }
        let zp = i8::try_from(rq.input_zero_point)
            .map_err(|_| format!("input zero point {} is not an int8", rq.input_zero_point))?;
        if !(-128..=127).contains(&rq.output_zero_point) || rq.output_min > rq.output_max {
            return Err("output zero point or clamp out of range".into());
        }
        let go = channels_out / groups;
        let mut packed = Vec::with_capacity(groups);
        for g in 0..groups {
            let rows = &w[g * go * depth..(g + 1) * go * depth];
            let b = PackedQs8::new(depth, go, rows)?;
            let cols = g * go..(g + 1) * go;
            let bias = rq.bias[cols.clone()]
                .iter()
                .zip(b.colsum())
                .map(|(&bj, &cs)| bj.wrapping_sub(rq.input_zero_point.wrapping_mul(cs)))
                .collect();
            let r = Qs8Requant {
                bias,
                scale: rq.scale[cols].to_vec(),
                zero_point: rq.output_zero_point,
                qmin: rq.output_min,
                qmax: rq.output_max,
            };
            packed.push((b, r));
        }
        let dw = (groups > 1).then(|| {
            let wide: Vec<i32> = w.iter().map(|&v| v as i32).collect();
            (
                transpose(&wide, channels_out, depth),
                rq.bias.to_vec(),
                rq.scale.to_vec(),
            )
        });
        Ok(WeightsQs8 {
            channels_out,
            depth,
            groups,
            input_zero_point: zp,
            packed,
            dw,
            output_zero_point: rq.output_zero_point,
            output_min: rq.output_min,
            output_max: rq.output_max,
        })
    }

    /// Bytes held.
    pub fn bytes(&self) -> usize {
        self.depth * self.channels_out * 2 + self.channels_out * 12
    }
}

fn check_weights(
    channels_out: usize,
    depth: usize,
    groups: usize,
    len: usize,
) -> Result<(), String> {
    if groups == 0 || channels_out == 0 || depth == 0 || !channels_out.is_multiple_of(groups) {
        return Err(format!(
            "{channels_out} output channels, depth {depth}, {groups} groups"
        ));
    }
    if channels_out.checked_mul(depth) != Some(len) {
        return Err(format!(
            "{len} weights for {channels_out} output channels of depth {depth}"
        ));
    }
    Ok(())
}

/// Checks `g` against the weights and the input length; returns the output length.
fn check_call(
    g: &ConvGeometry,
    channels_out: usize,
    depth: usize,
    groups: usize,
    input_len: usize,
) -> Result<usize, String> {
    g.check()?;
    if g.channels_out != channels_out || g.groups != groups || g.depth() != Some(depth) {
        return Err(format!(
            "geometry {g:?} does not match the weights ({channels_out} output channels, depth {depth}, {groups} groups)"
        ));
    }
    if g.input_len() != Some(input_len) {
        return Err(format!("input has {input_len} values for {g:?}"));
    }
    let pixels = g.batch * g.out_h * g.out_w;
    if pixels.checked_mul(depth).is_none_or(|n| n > MAX_OUTPUT) {
        return Err(format!("the im2col matrix of {g:?} is too large"));
    }
    g.output_len()
        .filter(|&n| n <= MAX_OUTPUT)
        .ok_or_else(|| format!("output of {g:?} is too large"))
}

/// Writes the im2col rows of group `group` (`pixels x depth`, columns `(ky, kx, ci)`)
/// into `a`; taps outside the input are `pad`.
fn im2col<T: Copy>(g: &ConvGeometry, x: &[T], group: usize, pad: T, a: &mut [T]) {
    let gi = g.channels_in / g.groups;
    let depth = g.kernel_h * g.kernel_w * gi;
    let c0 = group * gi;
    let mut p = 0;
    for n in 0..g.batch {
        for oy in 0..g.out_h {
            for ox in 0..g.out_w {
                let row = &mut a[p * depth..(p + 1) * depth];
                for ky in 0..g.kernel_h {
                    let iy = (oy * g.stride_h + ky * g.dilation_h) as isize - g.pad_top as isize;
                    for kx in 0..g.kernel_w {
                        let ix =
                            (ox * g.stride_w + kx * g.dilation_w) as isize - g.pad_left as isize;
                        let d =
                            &mut row[(ky * g.kernel_w + kx) * gi..(ky * g.kernel_w + kx + 1) * gi];
                        if iy < 0 || ix < 0 || iy >= g.height as isize || ix >= g.width as isize {
                            d.fill(pad);
                        } else {
                            let s = ((n * g.height + iy as usize) * g.width + ix as usize)
                                * g.channels_in
                                + c0;
                            d.copy_from_slice(&x[s..s + gi]);
                        }
                    }
                }
                p += 1;
            }
        }
    }
}

/// fp32 convolution: NHWC `x` to NHWC output, bias added, clamped to `[min, max]`.
/// `threads > 1` lets the GEMM use that many threads.
pub fn conv2d_f32(
    w: &WeightsF32,
    g: &ConvGeometry,
    x: &[f32],
    min: f32,
    max: f32,
    threads: usize,
) -> Result<Vec<f32>, String> {
    let out_len = check_call(g, w.channels_out, w.depth, w.groups, x.len())?;
    if g.groups > 1 && g.groups == g.channels_in && !w.dw.is_empty() {
        let mut out = vec![0.0f32; out_len];
        let d = depthwise::DwF32 {
            w: &w.dw,
            bias: &w.bias,
        };
        depthwise::depthwise_f32(g, &d, x, min, max, &mut out);
        return Ok(out);
    }
    let pixels = g.batch * g.out_h * g.out_w;
    let co = w.channels_out;
    let go = co / w.groups;
    let mut out = vec![0.0f32; out_len];
    for (grp, b) in w.b.iter().enumerate() {
        let run = |a: &[f32], out: &mut [f32]| {
            sgemm_threads(
                threads,
                pixels,
                a,
                w.depth,
                b,
                min,
                max,
                &mut out[grp * go..],
                co,
            )
        };
        if g.is_pointwise() && w.groups == 1 {
            run(x, &mut out)?;
        } else {
            with_scratch(&IM2COL_F32, pixels * w.depth, |a| {
                im2col(g, x, grp, 0.0, a);
                run(a, &mut out)
            })?;
        }
    }
    Ok(out)
}

/// int8 convolution: NHWC `qint8` `x` to the requantized NHWC output.
pub fn conv2d_qs8(
    w: &WeightsQs8,
    g: &ConvGeometry,
    x: &[i8],
    threads: usize,
) -> Result<Vec<i8>, String> {
    let out_len = check_call(g, w.channels_out, w.depth, w.groups, x.len())?;
    let mut out = vec![0i8; out_len];
    if let Some((dw, bias, scale)) = w.dw.as_ref().filter(|_| g.groups == g.channels_in) {
        let d = depthwise::DwQs8 {
            w: dw,
            bias,
            scale,
            x_zero_point: w.input_zero_point as i32,
            zero_point: w.output_zero_point,
            qmin: w.output_min,
            qmax: w.output_max,
        };
        depthwise::depthwise_qs8(g, &d, x, &mut out);
        return Ok(out);
    }
    let pixels = g.batch * g.out_h * g.out_w;
    let co = w.channels_out;
    let go = co / w.groups;
    for (grp, (b, rq)) in w.packed.iter().enumerate() {
        let run = |a: &[i8], out: &mut [i8]| {
            qgemm_threads(threads, pixels, a, w.depth, b, rq, &mut out[grp * go..], co)
        };
        if g.is_pointwise() && w.groups == 1 {
            run(x, &mut out)?;
        } else {
            with_scratch(&IM2COL_I8, pixels * w.depth, |a| {
                im2col(g, x, grp, w.input_zero_point, a);
                run(a, &mut out)
            })?;
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests;
