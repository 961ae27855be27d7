//! Int8 convolution and fully connected layers on the int8 GEMM
//! ([`plugboard_compute::qgemm`]): `qint8` input, `qcint8` per-channel weights,
//! `qcint32` bias, `qint8` output.

use plugboard_compute::qgemm::{qgemm, PackedQB, Requant};

use super::conv::ConvGeometry;

/// Per group: the packed weights (`group_out` columns of depth `kh * kw * group_in`)
/// and their requantization.
#[derive(Clone, Debug)]
pub struct QGemmWeights {
    pub groups: Vec<(PackedQB, Requant)>,
}

/// Convolution of an NHWC int8 input: each output pixel's window is gathered into a
/// GEMM row (columns ordered `(ky, kx, ci)`, as XNNPACK's filter `[c_out, kh, kw,
/// group_in]`); taps outside the input read the input zero point, which the folded
/// bias cancels.
pub fn conv2d(
    g: &ConvGeometry,
    w: &QGemmWeights,
    x: &[i8],
    x_zero_point: i8,
    out: &mut [i8],
) -> Result<(), String> {
    let gi = g.group_in();
    for (grp, (b, rq)) in w.groups.iter().enumerate() {
        let c0 = grp * gi;
        let gather = |p: usize, row: &mut [i8]| {
            if g.is_pointwise() {
                let s = p * g.channels_in + c0;
                row.copy_from_slice(&x[s..s + gi]);
                return;
            }
            let ox = p % g.out_w;
            let oy = (p / g.out_w) % g.out_h;
            let n = p / (g.out_w * g.out_h);
            let y0 = (oy * g.stride_h) as isize - g.pad_top as isize;
            let x0 = (ox * g.stride_w) as isize - g.pad_left as isize;
            for ky in 0..g.kernel_h {
                let iy = y0 + (ky * g.dilation_h) as isize;
                for kx in 0..g.kernel_w {
                    let ix = x0 + (kx * g.dilation_w) as isize;
                    let d = &mut row[(ky * g.kernel_w + kx) * gi..(ky * g.kernel_w + kx + 1) * gi];
                    if iy < 0 || ix < 0 || iy >= g.height as isize || ix >= g.width as isize {
                        d.fill(x_zero_point);
                    } else {
                        let s = ((n * g.height + iy as usize) * g.width + ix as usize)
                            * g.channels_in
                            + c0;
                        d.copy_from_slice(&x[s..s + gi]);
                    }
                }
            }
        };
        let o = grp * g.group_out();
        qgemm(g.pixels(), b, rq, gather, &mut out[o..], g.channels_out)?;
    }
    Ok(())
}

/// Fully connected: `out [m, n] = requant(x [m, k] * W^T)`.
pub fn fully_connected(
    m: usize,
    k: usize,
    w: &QGemmWeights,
    x: &[i8],
    out: &mut [i8],
) -> Result<(), String> {
    let Some((b, rq)) = w.groups.first() else {
        return Err("fully connected without weights".into());
    };
    if x.len() < m * k {
        return Err("fully connected input too small".into());
    }
    qgemm(
        m,
        b,
        rq,
        |i, row| row.copy_from_slice(&x[i * k..(i + 1) * k]),
        out,
        b.n(),
    )
}
