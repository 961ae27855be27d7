//! Direct fp32 convolution of inputs with few channels: a network's stem (RGB, 3
//! channels; 3x3 stride 2 in MobileNet, EfficientNet, MNASNet and ShuffleNet, 7x7
//! stride 2 in ResNet).
//!
//! Through im2col such a convolution is a GEMM of depth 27 (3x3x3): every output pixel
//! first copies its 27 taps into a row, and the GEMM then streams that copy back in.
//! With 3 channels there is more copying than arithmetic per tap, and the copies ran
//! at a quarter of the GEMM's speed. Here the taps are read where they are: each step
//! broadcasts one input value per output pixel of a tile of 6 and multiplies it with
//! a packed weight row of 16 (or 8) output channels, the GEMM's own register tile with
//! its A operand read from the input. Taps outside the input are skipped (the im2col
//! path adds their zero padding). The sums start from the bias and add the taps in
//! the GEMM's order, `(ky, kx, ci)`, and are clamped as the GEMM clamps them.
//!
//! AVX2+FMA hosts only. AVX-512 hosts keep im2col + GEMM: their GEMM is twice as wide
//! as this kernel, and no AVX-512 machine was at hand to measure which wins there;
//! aarch64 reports `cpu-accel` unavailable altogether (see `isa`).
//!
//! `cargo bench -p plugboard-native-accel --bench conv` compares the two paths on the
//! zoo's stems. On a Zen 3 (AVX2), one thread, 224x224 RGB inputs: 3x3 stride 2 to 16
//! channels 1.23x faster than im2col (308 -> 251 us), to 24 1.08x, to 32 1.05x; 3x3
//! stride 2 unpadded to 64 1.02x; 7x7 stride 2 to 64 (ResNet) 1.18x (3.36 -> 2.86 ms).

use std::ops::Range;

use super::geometry::ConvGeometry;
use crate::isa::Isa;
use crate::sgemm::PackedF32;

/// Most input channels a direct convolution takes.
const MAX_CHANNELS_IN: usize = 4;

/// Whether [`conv_f32`] runs `g` with weights `b` on this host: one group of at most 4
/// input channels, output channels a multiple of 8, and an AVX2 (not AVX-512) host.
pub(super) fn applies(g: &ConvGeometry, b: &PackedF32) -> bool {
    cfg!(target_arch = "x86_64")
        && Isa::current() == Isa::Avx2
        && g.groups == 1
        && g.channels_in <= MAX_CHANNELS_IN
        && g.channels_out.is_multiple_of(8)
        && b.n() == g.channels_out
        && b.k() == g.kernel_h * g.kernel_w * g.channels_in
}

/// Output pixels `pixels` (NHW order) of the convolution `g` of NHWC `x` with `b`,
/// clamped to `[min, max]`, into `out` (`pixels.len() * channels_out` values, NHWC).
/// The caller checked the geometry against `x`, `b` and `out` and [`applies`].
pub(super) fn conv_f32(
    g: &ConvGeometry,
    b: &PackedF32,
    x: &[f32],
    min: f32,
    max: f32,
    pixels: Range<usize>,
    out: &mut [f32],
) {
    #[cfg(target_arch = "x86_64")]
    {
        let need = pixels.len() * g.channels_out;
        let input = g.batch * g.height * g.width * g.channels_in;
        if applies(g, b) && out.len() >= need && x.len() >= input {
            // SAFETY: AVX2 and FMA are present (`applies`); `out` and `x` have the sizes
            // checked above, which bound every access (see `x86::run`).
            unsafe { x86::run(g, b, x, min, max, pixels, out) };
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = (g, b, x, min, max, pixels, out);
}

#[cfg(target_arch = "x86_64")]
mod x86 {
    use super::*;
    use crate::cpu::geometry::Pixel;
    use std::arch::x86_64::*;

    /// Output pixels per tile (12 accumulators of 16 channels, 2 weight vectors, 1
    /// broadcast: 15 of the 16 registers).
    const TILE: usize = 6;

    #[target_feature(enable = "avx2,fma")]
    pub(super) unsafe fn run(
        g: &ConvGeometry,
        b: &PackedF32,
        x: &[f32],
        min: f32,
        max: f32,
        pixels: Range<usize>,
        out: &mut [f32],
    ) {
        let co = g.channels_out;
        let vmin = _mm256_set1_ps(min);
        let vmax = _mm256_set1_ps(max);
        let mut p = pixels.start;
        let mut px = Pixel::at(g, p);
        while p < pixels.end {
            // A tile: consecutive pixels of one output row.
            let len = TILE.min(pixels.end - p).min(g.out_w - px.ox);
            let o = out.as_mut_ptr().add((p - pixels.start) * co);
            for panel in 0..b.panels() {
                let (rows, bias) = b.panel(panel);
                let cols = (co - panel * 16).min(16);
                let o = o.add(panel * 16);
                macro_rules! tile {
                    ($n:literal) => {
                        if cols == 16 {
                            tile16::<$n>(g, rows, bias, x, px, vmin, vmax, o)
                        } else {
                            tile8::<$n>(g, rows, bias, x, px, vmin, vmax, o)
                        }
                    };
                }
                match len {
                    6 => tile!(6),
                    5 => tile!(5),
                    4 => tile!(4),
                    3 => tile!(3),
                    2 => tile!(2),
                    _ => tile!(1),
                }
            }
            for _ in 0..len {
                px.step(g);
            }
            p += len;
        }
    }

    /// The input row `iy` of image `n` at column `ix`, or `None` outside the input.
    #[inline(always)]
    fn tap(g: &ConvGeometry, n: usize, iy: isize, ix: isize) -> Option<usize> {
        (iy >= 0 && (iy as usize) < g.height && ix >= 0 && (ix as usize) < g.width)
            .then(|| ((n * g.height + iy as usize) * g.width + ix as usize) * g.channels_in)
    }

    /// Runs `$body` for every tap of the `N` pixels from `$px` along its row, in the
    /// GEMM's order, with `$d` the tap's depth index, `$at` each pixel's input offset
    /// (`None` in the padding) and `$all` whether every pixel has one. A macro rather
    /// than a function taking a closure, so that the body is compiled with the
    /// caller's target features.
    macro_rules! for_taps {
        ($g:expr, $px:expr, $n:expr, |$d:ident, $at:ident, $all:ident| $body:block) => {{
            let (g, px) = ($g, $px);
            for ky in 0..g.kernel_h {
                let iy = (px.oy * g.stride_h + ky * g.dilation_h) as isize - g.pad_top as isize;
                if iy < 0 || iy as usize >= g.height {
                    continue; // every pixel of the tile reads padding here
                }
                for kx in 0..g.kernel_w {
                    let mut $at = [None; $n];
                    let mut $all = true;
                    for (i, a) in $at.iter_mut().enumerate() {
                        let ix = ((px.ox + i) * g.stride_w + kx * g.dilation_w) as isize
                            - g.pad_left as isize;
                        *a = tap(g, px.n, iy, ix);
                        $all &= a.is_some();
                    }
                    let $d = (ky * g.kernel_w + kx) * g.channels_in;
                    $body
                }
            }
        }};
    }

    /// Whether the `N` pixels from `px` read only columns inside the input, with
    /// adjacent taps (no dilation along the width); then returns their first column.
    #[inline(always)]
    fn interior<const N: usize>(g: &ConvGeometry, px: Pixel) -> Option<usize> {
        let first = (px.ox * g.stride_w) as isize - g.pad_left as isize;
        let last = ((px.ox + N - 1) * g.stride_w + g.kernel_w - 1) as isize - g.pad_left as isize;
        (g.dilation_w == 1 && first >= 0 && (last as usize) < g.width).then_some(first as usize)
    }

    /// Runs `$body` for every input row of the tile (`$ky`, the row's first tap
    /// `$base`, the pixels `$step` values apart): an interior tile's taps of one
    /// kernel row are `kernel_w * channels_in` adjacent values, in the GEMM's order.
    macro_rules! for_rows {
        ($g:expr, $px:expr, $ix0:expr, $xp:expr, |$ky:ident, $base:ident| $body:block) => {{
            let (g, px) = ($g, $px);
            for $ky in 0..g.kernel_h {
                let iy = (px.oy * g.stride_h + $ky * g.dilation_h) as isize - g.pad_top as isize;
                if iy < 0 || iy as usize >= g.height {
                    continue;
                }
                let $base =
                    $xp.add(((px.n * g.height + iy as usize) * g.width + $ix0) * g.channels_in);
                $body
            }
        }};
    }

    /// `N` pixels x 16 channels of one panel.
    #[target_feature(enable = "avx2,fma")]
    #[allow(clippy::too_many_arguments)]
    unsafe fn tile16<const N: usize>(
        g: &ConvGeometry,
        rows: &[[f32; 16]],
        bias: &[f32; 16],
        x: &[f32],
        px: Pixel,
        vmin: __m256,
        vmax: __m256,
        out: *mut f32,
    ) {
        let xp = x.as_ptr();
        let b0 = _mm256_loadu_ps(bias.as_ptr());
        let b1 = _mm256_loadu_ps(bias.as_ptr().add(8));
        let mut acc = [[b0, b1]; N];
        let ci = g.channels_in;
        if let Some(ix0) = interior::<N>(g, px) {
            let span = g.kernel_w * ci;
            let step = g.stride_w * ci;
            for_rows!(g, px, ix0, xp, |ky, base| {
                let wr = rows.as_ptr().add(ky * span) as *const f32;
                for t in 0..span {
                    let w0 = _mm256_loadu_ps(wr.add(t * 16));
                    let w1 = _mm256_loadu_ps(wr.add(t * 16 + 8));
                    for (i, a) in acc.iter_mut().enumerate() {
                        let v = _mm256_broadcast_ss(&*base.add(i * step + t));
                        a[0] = _mm256_fmadd_ps(v, w0, a[0]);
                        a[1] = _mm256_fmadd_ps(v, w1, a[1]);
                    }
                }
            });
        } else {
            for_taps!(g, px, N, |d, at, all| {
                for c in 0..ci {
                    let w = rows.as_ptr().add(d + c) as *const f32;
                    let w0 = _mm256_loadu_ps(w);
                    let w1 = _mm256_loadu_ps(w.add(8));
                    if all {
                        for (i, a) in acc.iter_mut().enumerate() {
                            let off = at[i].unwrap_unchecked();
                            let v = _mm256_broadcast_ss(&*xp.add(off + c));
                            a[0] = _mm256_fmadd_ps(v, w0, a[0]);
                            a[1] = _mm256_fmadd_ps(v, w1, a[1]);
                        }
                    } else {
                        for (i, a) in acc.iter_mut().enumerate() {
                            if let Some(off) = at[i] {
                                let v = _mm256_broadcast_ss(&*xp.add(off + c));
                                a[0] = _mm256_fmadd_ps(v, w0, a[0]);
                                a[1] = _mm256_fmadd_ps(v, w1, a[1]);
                            }
                        }
                    }
                }
            });
        }
        let co = g.channels_out;
        for (i, a) in acc.iter().enumerate() {
            let o = out.add(i * co);
            _mm256_storeu_ps(o, _mm256_min_ps(_mm256_max_ps(a[0], vmin), vmax));
            _mm256_storeu_ps(o.add(8), _mm256_min_ps(_mm256_max_ps(a[1], vmin), vmax));
        }
    }

    /// `N` pixels x the first 8 channels of one panel (a last panel of 8).
    #[target_feature(enable = "avx2,fma")]
    #[allow(clippy::too_many_arguments)]
    unsafe fn tile8<const N: usize>(
        g: &ConvGeometry,
        rows: &[[f32; 16]],
        bias: &[f32; 16],
        x: &[f32],
        px: Pixel,
        vmin: __m256,
        vmax: __m256,
        out: *mut f32,
    ) {
        let xp = x.as_ptr();
        let mut acc = [_mm256_loadu_ps(bias.as_ptr()); N];
        let ci = g.channels_in;
        if let Some(ix0) = interior::<N>(g, px) {
            let span = g.kernel_w * ci;
            let step = g.stride_w * ci;
            for_rows!(g, px, ix0, xp, |ky, base| {
                let wr = rows.as_ptr().add(ky * span) as *const f32;
                for t in 0..span {
                    let w0 = _mm256_loadu_ps(wr.add(t * 16));
                    for (i, a) in acc.iter_mut().enumerate() {
                        let v = _mm256_broadcast_ss(&*base.add(i * step + t));
                        *a = _mm256_fmadd_ps(v, w0, *a);
                    }
                }
            });
        } else {
            for_taps!(g, px, N, |d, at, _all| {
                for c in 0..ci {
                    let w0 = _mm256_loadu_ps(rows.as_ptr().add(d + c) as *const f32);
                    for (i, a) in acc.iter_mut().enumerate() {
                        if let Some(off) = at[i] {
                            let v = _mm256_broadcast_ss(&*xp.add(off + c));
                            *a = _mm256_fmadd_ps(v, w0, *a);
                        }
                    }
                }
            });
        }
        let co = g.channels_out;
        for (i, a) in acc.iter().enumerate() {
            _mm256_storeu_ps(
                out.add(i * co),
                _mm256_min_ps(_mm256_max_ps(*a, vmin), vmax),
            );
        }
    }
}
