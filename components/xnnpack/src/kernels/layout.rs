//! Data movement: transpose, slice, concatenation, constant padding, bilinear resize.

/// Contiguous strides of `dims`.
pub fn strides(dims: &[usize]) -> Vec<usize> {
    let mut s = vec![1; dims.len()];
    for d in (0..dims.len().saturating_sub(1)).rev() {
        s[d] = s[d + 1] * dims[d + 1];
    }
    s
}

/// Walks an N-d index space (`dims`, last dim innermost) row by row: calls
/// `f(src_offset, dst_offset)` for each row of the last dim, where the offsets advance
/// by `src_strides` / `dst_strides` along the outer dims.
fn for_rows(
    dims: &[usize],
    src_strides: &[usize],
    dst_strides: &[usize],
    mut f: impl FnMut(usize, usize),
) {
    let r = dims.len();
    if dims.contains(&0) {
        return;
    }
    if r <= 1 {
        f(0, 0);
        return;
    }
    let outer: usize = dims[..r - 1].iter().product();
    let mut idx = vec![0usize; r - 1];
    let (mut s, mut d) = (0usize, 0usize);
    for _ in 0..outer {
        f(s, d);
        let mut k = r - 1;
        while k > 0 {
            k -= 1;
            idx[k] += 1;
            s += src_strides[k];
            d += dst_strides[k];
            if idx[k] < dims[k] {
                break;
            }
            s -= src_strides[k] * dims[k];
            d -= dst_strides[k] * dims[k];
            idx[k] = 0;
        }
    }
}

/// A transpose reduced to its essentials: output dims (size-1 dims dropped, runs of
/// dims that stay adjacent merged) and the input stride of each.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Transpose {
    dims: Vec<usize>,
    in_strides: Vec<usize>,
}

impl Transpose {
    /// Output dim `d` is input dim `perm[d]` of an input of dims `in_dims`.
    pub fn new(in_dims: &[usize], perm: &[usize]) -> Transpose {
        let is = strides(in_dims);
        let mut dims: Vec<usize> = Vec::new();
        let mut in_strides: Vec<usize> = Vec::new();
        let mut last_in: Option<usize> = None;
        for &p in perm {
            let n = in_dims[p];
            if n == 1 {
                continue;
            }
            if let Some(l) = last_in {
                let follows = p > l && in_dims[l + 1..p].iter().all(|&x| x == 1);
                if let (true, Some(d), Some(st)) = (follows, dims.last_mut(), in_strides.last_mut())
                {
                    // Input dim p directly follows the previous one: merge.
                    *d *= n;
                    *st = is[p];
                    last_in = Some(p);
                    continue;
                }
            }
            dims.push(n);
            in_strides.push(is[p]);
            last_in = Some(p);
        }
        Transpose { dims, in_strides }
    }

    /// Runs the transpose.
    pub fn run<T: Copy>(&self, x: &[T], out: &mut [T]) {
        let r = self.dims.len();
        if r == 0 {
            if let (Some(o), Some(&v)) = (out.first_mut(), x.first()) {
                *o = v;
            }
            return;
        }
        let n = self.dims[r - 1];
        let s = self.in_strides[r - 1];
        let os = strides(&self.dims);
        for_rows(&self.dims, &self.in_strides, &os, |src, dst| {
            let o = &mut out[dst..dst + n];
            if s == 1 {
                o.copy_from_slice(&x[src..src + n]);
            } else {
                for (j, v) in o.iter_mut().enumerate() {
                    *v = x[src + j * s];
                }
            }
        });
    }
}

/// `w [rows, cols]` (row-major) transposed to `[cols, rows]`.
pub fn transpose2d<T: Copy>(w: &[T], rows: usize, cols: usize) -> Vec<T> {
    (0..rows * cols)
        .map(|i| w[(i % rows) * cols + i / rows])
        .collect()
}

/// Copies the block `offsets .. offsets + out_dims` of `x` (dims `in_dims`).
pub fn slice<T: Copy>(
    x: &[T],
    in_dims: &[usize],
    offsets: &[usize],
    out_dims: &[usize],
    out: &mut [T],
) {
    let is = strides(in_dims);
    let os = strides(out_dims);
    let base: usize = offsets.iter().zip(&is).map(|(o, s)| o * s).sum();
    let r = out_dims.len();
    let n = if r == 0 { 1 } else { out_dims[r - 1] };
    for_rows(out_dims, &is, &os, |src, dst| {
        out[dst..dst + n].copy_from_slice(&x[base + src..base + src + n]);
    });
}

/// Concatenates `inputs` (each with its dims) along `axis` into `out`.
pub fn concat<T: Copy>(inputs: &[(&[T], &[usize])], axis: usize, out: &mut [T]) {
    let Some(&(_, d0)) = inputs.first() else {
        return;
    };
    let outer: usize = d0[..axis].iter().product();
    let inner: usize = d0[axis + 1..].iter().product();
    let out_block: usize = inputs.iter().map(|(_, d)| d[axis]).sum::<usize>() * inner;
    for o in 0..outer {
        let mut at = o * out_block;
        for (x, d) in inputs {
            let blk = d[axis] * inner;
            out[at..at + blk].copy_from_slice(&x[o * blk..o * blk + blk]);
            at += blk;
        }
    }
}

/// Pads `x` (dims `in_dims`) with `pre[d]` / `post[d]` elements of `value` per dim.
pub fn pad<T: Copy>(
    x: &[T],
    in_dims: &[usize],
    pre: &[usize],
    out_dims: &[usize],
    value: T,
    out: &mut [T],
) {
    out.fill(value);
    let is = strides(in_dims);
    let os = strides(out_dims);
    let base: usize = pre.iter().zip(&os).map(|(p, s)| p * s).sum();
    let r = in_dims.len();
    let n = if r == 0 { 1 } else { in_dims[r - 1] };
    for_rows(in_dims, &is, &os, |src, dst| {
        out[base + dst..base + dst + n].copy_from_slice(&x[src..src + n]);
    });
}

/// Source coordinates and weights of one output coordinate of a bilinear resize.
fn resize_coords(
    out: usize,
    inp: usize,
    align_corners: bool,
    tf_legacy: bool,
) -> Vec<(usize, usize, f32)> {
    let scale = if align_corners && out > 1 {
        (inp as f32 - 1.0) / (out as f32 - 1.0)
    } else {
        inp as f32 / out as f32
    };
    (0..out)
        .map(|o| {
            let src = if align_corners || tf_legacy {
                o as f32 * scale
            } else {
                ((o as f32 + 0.5) * scale - 0.5).max(0.0)
            };
            let i0 = (src as usize).min(inp - 1);
            let i1 = (i0 + 1).min(inp - 1);
            (i0, i1, src - i0 as f32)
        })
        .collect()
}

/// Bilinear resize of an NHWC tensor `[n, h, w, c]` to `[n, oh, ow, c]`.
#[allow(clippy::too_many_arguments)]
pub fn resize_bilinear(
    x: &[f32],
    n: usize,
    h: usize,
    w: usize,
    c: usize,
    oh: usize,
    ow: usize,
    align_corners: bool,
    tf_legacy: bool,
    out: &mut [f32],
) {
    if h == 0 || w == 0 {
        return;
    }
    let ys = resize_coords(oh, h, align_corners, tf_legacy);
    let xs = resize_coords(ow, w, align_corners, tf_legacy);
    for b in 0..n {
        let img = &x[b * h * w * c..(b + 1) * h * w * c];
        for (oy, &(y0, y1, fy)) in ys.iter().enumerate() {
            for (ox, &(x0, x1, fx)) in xs.iter().enumerate() {
                let o = ((b * oh + oy) * ow + ox) * c;
                let p00 = &img[(y0 * w + x0) * c..][..c];
                let p01 = &img[(y0 * w + x1) * c..][..c];
                let p10 = &img[(y1 * w + x0) * c..][..c];
                let p11 = &img[(y1 * w + x1) * c..][..c];
                for (k, v) in out[o..o + c].iter_mut().enumerate() {
                    let top = p00[k] + (p01[k] - p00[k]) * fx;
                    let bot = p10[k] + (p11[k] - p10[k]) * fx;
                    *v = top + (bot - top) * fy;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn naive_transpose(x: &[f32], dims: &[usize], perm: &[usize]) -> Vec<f32> {
        let od: Vec<usize> = perm.iter().map(|&p| dims[p]).collect();
        let is = strides(dims);
        let n: usize = od.iter().product();
        (0..n)
            .map(|i| {
                let mut rem = i;
                let mut off = 0;
                for d in (0..od.len()).rev() {
                    off += (rem % od[d]) * is[perm[d]];
                    rem /= od[d];
                }
                x[off]
            })
            .collect()
    }

    #[test]
    fn transposes() {
        for (dims, perm) in [
            (vec![2, 3, 4, 5], vec![0, 2, 3, 1]),
            (vec![2, 3, 4, 5], vec![0, 3, 1, 2]),
            (vec![1, 16, 3, 4, 16], vec![2, 0, 3, 1, 4]),
            (vec![1, 4, 16, 16], vec![0, 2, 1, 3]),
            (vec![3, 1, 2], vec![1, 0, 2]),
            (vec![1, 1], vec![1, 0]),
        ] {
            let n: usize = dims.iter().product();
            let x: Vec<f32> = (0..n).map(|i| i as f32).collect();
            let mut out = vec![0.0; n];
            Transpose::new(&dims, &perm).run(&x, &mut out);
            assert_eq!(out, naive_transpose(&x, &dims, &perm), "{dims:?} {perm:?}");
        }
    }

    #[test]
    fn slice_and_pad() {
        let x: Vec<f32> = (0..24).map(|i| i as f32).collect();
        let mut out = vec![0.0; 4];
        slice(&x, &[2, 3, 4], &[1, 1, 1], &[1, 2, 2], &mut out);
        assert_eq!(out, vec![17.0, 18.0, 21.0, 22.0]);
        let mut p = vec![0.0; 2 * 4];
        pad(&[1.0, 2.0], &[1, 2], &[1, 1], &[2, 4], -1.0, &mut p);
        assert_eq!(p, vec![-1.0, -1.0, -1.0, -1.0, -1.0, 1.0, 2.0, -1.0]);
    }
}
