//! 3x3, stride-1 convolutions with Winograd's minimal filtering F(2x2, 3x3) (Lavin and
//! Gray, "Fast Algorithms for Convolutional Neural Networks", 2015): each 2x2 output
//! tile comes from a 4x4 input tile with 16 multiplications per channel pair instead of
//! 36. The 16 element-wise products over channels are 16 GEMMs
//! `[tiles, c_in] x [c_in, c_out]` on the shared SIMD GEMM, with the filters
//! transformed and packed once.
//!
//! With `d` a 4x4 input tile, `g` a 3x3 filter and `Y` the 2x2 output tile:
//! `Y = A^T [(G g G^T) * (B^T d B)] A`, where
//!
//! ```text
//! B^T = [1  0 -1  0]    G = [ 1    0    0 ]    A^T = [1 1  1  0]
//!       [0  1  1  0]        [1/2  1/2  1/2]          [0 1 -1 -1]
//!       [0 -1  1  0]        [1/2 -1/2  1/2]
//!       [0  1  0 -1]        [ 0    0    1 ]
//! ```

// The transforms read clearest as the matrix formulas they are.
#![allow(clippy::needless_range_loop)]

use std::cell::RefCell;

use plugboard_compute::gemm::{gemm, MatRef, PackedB};

use super::conv::ConvGeometry;
use super::elementwise::clamp;

/// Transformed filters: `u[xi]` is the packed `c_in x c_out` matrix of element `xi`
/// (row-major in the 4x4 tile) of `G g G^T`.
#[derive(Clone, Debug)]
pub struct WinogradWeights {
    u: Vec<PackedB>,
    c_in: usize,
    c_out: usize,
}

/// Whether a convolution is one this kernel runs (3x3, stride 1, dilation 1, one
/// group) and is large enough to gain from it.
pub fn suits(g: &ConvGeometry) -> bool {
    g.kernel_h == 3
        && g.kernel_w == 3
        && g.stride_h == 1
        && g.stride_w == 1
        && g.dilation_h == 1
        && g.dilation_w == 1
        && g.groups == 1
        && g.out_h.div_ceil(2) * g.out_w.div_ceil(2) * g.batch >= 16
        && g.channels_in >= 8
        && g.channels_out >= 8
}

impl WinogradWeights {
    /// Transforms and packs `filter` (`[c_out, 3, 3, c_in]`).
    pub fn new(filter: &[f32], c_in: usize, c_out: usize) -> Result<WinogradWeights, String> {
        if filter.len() != c_out * 9 * c_in {
            return Err("Winograd filter of the wrong size".into());
        }
        // t[xi][ci * c_out + co]: B operands, row-major c_in x c_out.
        let mut t = vec![vec![0.0f32; c_in * c_out]; 16];
        for co in 0..c_out {
            for ci in 0..c_in {
                let g = |ky: usize, kx: usize| filter[((co * 3 + ky) * 3 + kx) * c_in + ci];
                // G g: 4x3.
                let mut gg = [[0.0f32; 3]; 4];
                for kx in 0..3 {
                    let (g0, g1, g2) = (g(0, kx), g(1, kx), g(2, kx));
                    gg[0][kx] = g0;
                    gg[1][kx] = 0.5 * (g0 + g1 + g2);
                    gg[2][kx] = 0.5 * (g0 - g1 + g2);
                    gg[3][kx] = g2;
                }
                // (G g) G^T: 4x4.
                for (r, row) in gg.iter().enumerate() {
                    let (a, b, c) = (row[0], row[1], row[2]);
                    let u = [a, 0.5 * (a + b + c), 0.5 * (a - b + c), c];
                    for (col, &v) in u.iter().enumerate() {
                        t[r * 4 + col][ci * c_out + co] = v;
                    }
                }
            }
        }
        let u = t
            .iter()
            .map(|m| PackedB::new(c_in, c_out, MatRef::row_major(m, c_out)).map_err(|e| e.0))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(WinogradWeights { u, c_in, c_out })
    }
}

thread_local! {
    /// Transformed input and product tiles of the current chunk.
    static SCRATCH: RefCell<Vec<f32>> = const { RefCell::new(Vec::new()) };
}

/// The convolution `g` (see [`suits`]) with transformed weights `w`:
/// `out = clamp(conv(x) + bias)`.
pub fn conv3x3(
    g: &ConvGeometry,
    w: &WinogradWeights,
    bias: Option<&[f32]>,
    x: &[f32],
    out: &mut [f32],
    min: f32,
    max: f32,
) -> Result<(), String> {
    let (ci, co) = (w.c_in, w.c_out);
    if g.channels_in != ci
        || g.channels_out != co
        || x.len() < g.batch * g.height * g.width * ci
        || out.len() < g.pixels() * co
    {
        return Err("Winograd convolution operands do not match".into());
    }
    let (th, tw) = (g.out_h.div_ceil(2), g.out_w.div_ceil(2));
    let tiles = g.batch * th * tw;
    // Tiles per chunk: the chunk's transformed input and products stay around 2 MiB.
    let chunk = ((1usize << 19) / (16 * (ci + co))).clamp(16, 1024);
    SCRATCH.with(|s| {
        let mut s = s.borrow_mut();
        let need = 16 * chunk * (ci + co);
        if s.len() < need {
            s.resize(need, 0.0);
        }
        let (v, m) = s.split_at_mut(16 * chunk * ci);
        let mut t0 = 0;
        while t0 < tiles {
            let nt = chunk.min(tiles - t0);
            input_transform(g, x, t0, nt, ci, v, chunk);
            for xi in 0..16 {
                let a = MatRef::row_major(&v[xi * chunk * ci..(xi * chunk + nt) * ci], ci);
                gemm(
                    nt,
                    co,
                    ci,
                    1.0,
                    a,
                    &w.u[xi],
                    0.0,
                    &mut m[xi * chunk * co..(xi * chunk + nt) * co],
                    co,
                )
                .map_err(|e| e.0)?;
            }
            output_transform(g, m, t0, nt, co, chunk, bias, out, min, max);
            t0 += nt;
        }
        Ok(())
    })
}

/// Tile `t`'s image and top-left output coordinates.
fn tile_origin(g: &ConvGeometry, t: usize) -> (usize, usize, usize) {
    let (th, tw) = (g.out_h.div_ceil(2), g.out_w.div_ceil(2));
    let tx = t % tw;
    let ty = (t / tw) % th;
    (t / (tw * th), ty * 2, tx * 2)
}

/// `v[xi][t][c]` = element `xi` of `B^T d B` for tiles `t0..t0 + nt`.
fn input_transform(
    g: &ConvGeometry,
    x: &[f32],
    t0: usize,
    nt: usize,
    c: usize,
    v: &mut [f32],
    chunk: usize,
) {
    let zeros = vec![0.0f32; c];
    for t in 0..nt {
        let (b, oy, ox) = tile_origin(g, t0 + t);
        // The 16 input pixels of the tile (zeros outside the input).
        let px: [&[f32]; 16] = std::array::from_fn(|i| {
            let iy = (oy + i / 4) as isize - g.pad_top as isize;
            let ix = (ox + i % 4) as isize - g.pad_left as isize;
            if iy < 0 || ix < 0 || iy >= g.height as isize || ix >= g.width as isize {
                &zeros[..]
            } else {
                let o = ((b * g.height + iy as usize) * g.width + ix as usize) * c;
                &x[o..o + c]
            }
        });
        #[allow(unused_mut)] // advanced by the SIMD loop on wasm32
        let mut ch = 0;
        #[cfg(target_arch = "wasm32")]
        {
            use std::arch::wasm32::*;
            let vt = &mut v[..];
            for p in &px {
                assert!(p.len() >= c);
            }
            assert!(vt.len() >= (15 * chunk + t) * c + c);
            // SAFETY: loads read channels ch..ch + 4 <= c of each pixel slice; stores
            // write channels ch..ch + 4 of row t of each of the 16 matrices (asserted
            // in bounds above).
            unsafe {
                while ch + 4 <= c {
                    let d: [v128; 16] =
                        std::array::from_fn(|i| v128_load(px[i].as_ptr().add(ch) as *const v128));
                    let mut bd = [f32x4_splat(0.0); 16];
                    for col in 0..4 {
                        let (d0, d1, d2, d3) = (d[col], d[4 + col], d[8 + col], d[12 + col]);
                        bd[col] = f32x4_sub(d0, d2);
                        bd[4 + col] = f32x4_add(d1, d2);
                        bd[8 + col] = f32x4_sub(d2, d1);
                        bd[12 + col] = f32x4_sub(d1, d3);
                    }
                    for r in 0..4 {
                        let (a0, a1, a2, a3) =
                            (bd[r * 4], bd[r * 4 + 1], bd[r * 4 + 2], bd[r * 4 + 3]);
                        let vals = [
                            f32x4_sub(a0, a2),
                            f32x4_add(a1, a2),
                            f32x4_sub(a2, a1),
                            f32x4_sub(a1, a3),
                        ];
                        for (col, &val) in vals.iter().enumerate() {
                            let at = ((r * 4 + col) * chunk + t) * c + ch;
                            v128_store(vt.as_mut_ptr().add(at) as *mut v128, val);
                        }
                    }
                    ch += 4;
                }
            }
        }
        for ch in ch..c {
            let d = |r: usize, col: usize| px[r * 4 + col][ch];
            // B^T d: rows.
            let mut bd = [[0.0f32; 4]; 4];
            for col in 0..4 {
                let (d0, d1, d2, d3) = (d(0, col), d(1, col), d(2, col), d(3, col));
                bd[0][col] = d0 - d2;
                bd[1][col] = d1 + d2;
                bd[2][col] = d2 - d1;
                bd[3][col] = d1 - d3;
            }
            // (B^T d) B: columns.
            for (r, row) in bd.iter().enumerate() {
                let (a0, a1, a2, a3) = (row[0], row[1], row[2], row[3]);
                let vals = [a0 - a2, a1 + a2, a2 - a1, a1 - a3];
                for (col, &val) in vals.iter().enumerate() {
                    v[((r * 4 + col) * chunk + t) * c + ch] = val;
                }
            }
        }
    }
}

/// `out` tile = clamp(`A^T M A` + bias) for tiles `t0..t0 + nt`.
#[allow(clippy::too_many_arguments)]
fn output_transform(
    g: &ConvGeometry,
    m: &[f32],
    t0: usize,
    nt: usize,
    c: usize,
    chunk: usize,
    bias: Option<&[f32]>,
    out: &mut [f32],
    min: f32,
    max: f32,
) {
    for t in 0..nt {
        let (b, oy, ox) = tile_origin(g, t0 + t);
        #[allow(unused_mut)] // advanced by the SIMD loop on wasm32
        let mut ch = 0;
        #[cfg(target_arch = "wasm32")]
        {
            use std::arch::wasm32::*;
            assert!(m.len() >= (15 * chunk + t) * c + c);
            assert!(bias.is_none_or(|b| b.len() >= c));
            let (vlo, vhi) = (f32x4_splat(min), f32x4_splat(max));
            let rows = if oy + 1 < g.out_h { 2 } else { 1 };
            let cols = if ox + 1 < g.out_w { 2 } else { 1 };
            let base = ((b * g.out_h + oy) * g.out_w + ox) * c;
            assert!(base + ((rows - 1) * g.out_w + cols - 1) * c + c <= out.len());
            // SAFETY: loads read channels ch..ch + 4 <= c of row t of the 16 product
            // matrices and of the bias; stores write them in the tile's output pixels
            // (asserted in bounds above).
            unsafe {
                while ch + 4 <= c {
                    let mm: [v128; 16] = std::array::from_fn(|xi| {
                        v128_load(m.as_ptr().add((xi * chunk + t) * c + ch) as *const v128)
                    });
                    let bv = match bias {
                        Some(b) => v128_load(b.as_ptr().add(ch) as *const v128),
                        None => f32x4_splat(0.0),
                    };
                    for r in 0..rows {
                        let s: [v128; 4] = std::array::from_fn(|col| {
                            let (m0, m1, m2, m3) =
                                (mm[col], mm[4 + col], mm[8 + col], mm[12 + col]);
                            if r == 0 {
                                f32x4_add(f32x4_add(m0, m1), m2)
                            } else {
                                f32x4_sub(f32x4_sub(m1, m2), m3)
                            }
                        });
                        let y0 = f32x4_add(f32x4_add(f32x4_add(s[0], s[1]), s[2]), bv);
                        let o = out.as_mut_ptr().add(base + r * g.out_w * c + ch);
                        v128_store(o as *mut v128, f32x4_pmin(f32x4_pmax(y0, vlo), vhi));
                        if cols == 2 {
                            let y1 = f32x4_add(f32x4_sub(f32x4_sub(s[1], s[2]), s[3]), bv);
                            v128_store(o.add(c) as *mut v128, f32x4_pmin(f32x4_pmax(y1, vlo), vhi));
                        }
                    }
                    ch += 4;
                }
            }
        }
        for ch in ch..c {
            let mm = |xi: usize| m[(xi * chunk + t) * c + ch];
            // A^T M: 2x4.
            let mut s = [[0.0f32; 4]; 2];
            for col in 0..4 {
                let (m0, m1, m2, m3) = (mm(col), mm(4 + col), mm(8 + col), mm(12 + col));
                s[0][col] = m0 + m1 + m2;
                s[1][col] = m1 - m2 - m3;
            }
            let bv = bias.map_or(0.0, |b| b[ch]);
            for (r, row) in s.iter().enumerate() {
                let y = oy + r;
                if y >= g.out_h {
                    continue;
                }
                let y0 = row[0] + row[1] + row[2];
                let y1 = row[1] - row[2] - row[3];
                let base = ((b * g.out_h + y) * g.out_w + ox) * c + ch;
                out[base] = clamp(y0 + bv, min, max);
                if ox + 1 < g.out_w {
                    out[base + c] = clamp(y1 + bv, min, max);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kernels::conv::{conv2d, ConvWeights};

    #[test]
    fn matches_direct_convolution() {
        for &(n, h, w, ci, co, pad) in &[
            (1, 16, 16, 8, 8, 1),
            (2, 15, 13, 9, 17, 1),
            (1, 17, 18, 12, 8, 0),
        ] {
            let oh = h + 2 * pad - 2;
            let ow = w + 2 * pad - 2;
            let g = ConvGeometry {
                batch: n,
                height: h,
                width: w,
                channels_in: ci,
                out_h: oh,
                out_w: ow,
                channels_out: co,
                kernel_h: 3,
                kernel_w: 3,
                stride_h: 1,
                stride_w: 1,
                dilation_h: 1,
                dilation_w: 1,
                pad_top: pad,
                pad_left: pad,
                groups: 1,
            };
            let x: Vec<f32> = (0..n * h * w * ci)
                .map(|i| ((i * 37 % 101) as f32 - 50.0) / 40.0)
                .collect();
            let f: Vec<f32> = (0..co * 9 * ci)
                .map(|i| ((i * 53 % 89) as f32 - 44.0) / 60.0)
                .collect();
            let bias: Vec<f32> = (0..co).map(|i| i as f32 * 0.1 - 0.5).collect();
            let mut want = vec![0.0; n * oh * ow * co];
            conv2d(
                &g,
                &ConvWeights::new(&f, 1, co, 9 * ci).unwrap(),
                Some(&bias),
                &x,
                &mut want,
                -2.0,
                3.0,
            )
            .unwrap();
            let mut got = vec![f32::NAN; want.len()];
            conv3x3(
                &g,
                &WinogradWeights::new(&f, ci, co).unwrap(),
                Some(&bias),
                &x,
                &mut got,
                -2.0,
                3.0,
            )
            .unwrap();
            for (i, (a, b)) in got.iter().zip(&want).enumerate() {
                assert!(
                    (a - b).abs() < 1e-4,
                    "{n}x{h}x{w}x{ci}->{co} element {i}: {a} vs {b}"
                );
            }
        }
    }
}
