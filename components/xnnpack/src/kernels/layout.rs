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
    // One call site for `f`, so that it inlines (a rank of 0 or 1 is one row).
    let outer: usize = dims[..r.saturating_sub(1)].iter().product();
    // The outer index, on the stack for the ranks the graphs have (an allocation per
    // call was a tenth of a small transpose).
    let mut small = [0usize; 8];
    let mut large = Vec::new();
    let idx: &mut [usize] = match small.get_mut(..r.saturating_sub(1)) {
        Some(i) => i,
        None => {
            large.resize(r.saturating_sub(1), 0);
            &mut large
        }
    };
    let (mut s, mut d) = (0usize, 0usize);
    for _ in 0..outer {
        f(s, d);
        let mut k = r.saturating_sub(1);
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

/// `dst.copy_from_slice(src)` (equal lengths). On wasm32 a row of 16 to 256 bytes is
/// copied in blocks of four 16-byte loads and stores (the last block overlapping), not by
/// `memory.copy`, which wasmtime runs as a call into the host: for the 64-byte rows of
/// an attention head transpose the call cost more than the copy. The stores are
/// volatile: LLVM otherwise recognizes the loop as a `memcpy` and emits the
/// `memory.copy` anyway (the profile showed the builtin called from this loop).
#[inline(always)]
fn copy_row<T: Copy>(dst: &mut [T], src: &[T]) {
    #[cfg(target_arch = "wasm32")]
    {
        use core::arch::wasm32::*;
        let bytes = std::mem::size_of_val(dst);
        if (16..=256).contains(&bytes) && src.len() == dst.len() {
            let (d, s) = (dst.as_mut_ptr() as *mut u8, src.as_ptr() as *const u8);
            // Four 16-byte windows: at 0, 16, 32 and 48 from `at`, the last ones pulled
            // back to end at `at + len` when `len` < 64 (overlapping stores write the
            // same bytes). Straight-line code: a loop here would pay an epoch check,
            // and its spills, per 16 bytes.
            // SAFETY: both slices hold `bytes` bytes and do not overlap (one is borrowed
            // mutably); each window lies inside `at..at + len` with `len` in 16..=64
            // and `at + len <= bytes`.
            let block = |at: usize, len: usize| unsafe {
                let last = at + len - 16;
                let o = [at, (at + 16).min(last), (at + 32).min(last), last];
                let v = o.map(|k| v128_load(s.add(k) as *const v128));
                for (k, v) in o.into_iter().zip(v) {
                    std::ptr::write_volatile(d.add(k) as *mut v128, v);
                }
            };
            let mut i = 0;
            while bytes - i > 64 {
                block(i, 64);
                i += 64;
            }
            block(i, bytes - i);
            return;
        }
    }
    dst.copy_from_slice(src);
}

/// A transpose reduced to its essentials: output dims (size-1 dims dropped, runs of
/// dims that stay adjacent merged) and the input stride of each.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Transpose {
    dims: Vec<usize>,
    in_strides: Vec<usize>,
    /// Contiguous strides of `dims` (the output's).
    out_strides: Vec<usize>,
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
        let out_strides = strides(&dims);
        Transpose {
            dims,
            in_strides,
            out_strides,
        }
    }

    /// Runs the transpose. Never inlined: inside the runtime's node dispatch, whose
    /// every other step competes for the registers, the row loop reloaded the memory
    /// base from the stack before each load (tiny BERT's attention head transposes of
    /// 1024 values took 2 us each).
    #[inline(never)]
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
        let os = &self.out_strides;
        // Tiles pay on wasm only with the SIMD blocks (4-byte and 1-byte elements);
        // natively the scalar tiles run, which keeps them tested.
        let tiles = !cfg!(target_arch = "wasm32") || matches!(size_of::<T>(), 1 | 4);
        if s != 1 && tiles {
            if let Some(q) = self.in_strides.iter().position(|&st| st == 1) {
                return self.run_tiled(x, out, q, os);
            }
        }
        for_rows(&self.dims, &self.in_strides, os, |src, dst| {
            let o = &mut out[dst..dst + n];
            if s == 1 {
                copy_row(o, &x[src..src + n]);
            } else {
                for (j, v) in o.iter_mut().enumerate() {
                    *v = x[src + j * s];
                }
            }
        });
    }
}

impl Transpose {
    /// Side of the square tiles of [`Transpose::run_tiled`]: 16 rows of 16 elements
    /// touch 16 cache lines on each side, well inside L1.
    const TILE: usize = 16;

    /// Most input rows [`interleave_rows`] takes (more make the tiles worthwhile).
    const INTERLEAVE: usize = 4;

    /// Where the tiles along a dim of `n` elements start: every [`Transpose::TILE`]
    /// elements, the last one pulled back to end at `n` (overlapping the one before
    /// it, whose values it writes again) so that every tile is a whole one, for the
    /// SIMD blocks, when `n >= TILE`. With 58 channels (ShuffleNet's) a partial tile
    /// of 10 went through the scalar loop, which took twice as long as the full tiles.
    fn tile_starts(n: usize) -> impl Iterator<Item = usize> {
        let last = n.saturating_sub(Self::TILE);
        (0..n).step_by(Self::TILE).map(move |s| s.min(last))
    }

    /// The transpose where output dim `q` is the input's unit-stride dim and the last
    /// output dim is not: a 2-D transpose of (`q`, last) for each index of the other
    /// dims, in tiles so that both the reads along `q` and the writes along the last
    /// dim stay in cache (the row walk would read every element from a new line).
    fn run_tiled<T: Copy>(&self, x: &[T], out: &mut [T], q: usize, os: &[usize]) {
        let r = self.dims.len();
        let (nq, nl) = (self.dims[q], self.dims[r - 1]);
        let (l_in, q_out) = (self.in_strides[r - 1], os[q]);
        // The other dims, walked as an odometer.
        let rest: Vec<usize> = (0..r - 1).filter(|&d| d != q).collect();
        let count: usize = rest.iter().map(|&d| self.dims[d]).product();
        let mut idx = vec![0usize; rest.len()];
        let (mut src, mut dst) = (0usize, 0usize);
        // A few input rows interleaved into one output row (an image's 3 channels
        // turned NHWC): whole input rows at a time, not tiles a few elements wide.
        let interleave = nl <= Self::INTERLEAVE && q + 2 == r && q_out == nl;
        for _ in 0..count {
            if interleave {
                interleave_rows(x, src, l_in, nl, nq, &mut out[dst..]);
            }
            for q0 in Self::tile_starts(nq).filter(|_| !interleave) {
                let q1 = (q0 + Self::TILE).min(nq);
                for l0 in Self::tile_starts(nl) {
                    let l1 = (l0 + Self::TILE).min(nl);
                    #[cfg(target_arch = "wasm32")]
                    if size_of::<T>() == 4 && q1 - q0 == Self::TILE && l1 - l0 == Self::TILE {
                        // SAFETY: `T` is a 4-byte `Copy` type (f32, i32), so its slices
                        // are slices of `u32` bit patterns of the same length.
                        let (xb, ob) = unsafe {
                            (
                                std::slice::from_raw_parts(x.as_ptr() as *const u32, x.len()),
                                std::slice::from_raw_parts_mut(
                                    out.as_mut_ptr() as *mut u32,
                                    out.len(),
                                ),
                            )
                        };
                        let ok = tile_simd(
                            xb,
                            ob,
                            src + q0 + l0 * l_in,
                            l_in,
                            dst + q0 * q_out + l0,
                            q_out,
                        );
                        if ok {
                            continue;
                        }
                    }
                    #[cfg(target_arch = "wasm32")]
                    if size_of::<T>() == 1 && q1 - q0 == Self::TILE && l1 - l0 == Self::TILE {
                        // SAFETY: `T` is a 1-byte `Copy` type (i8, u8).
                        let (xb, ob) = unsafe {
                            (
                                std::slice::from_raw_parts(x.as_ptr() as *const u8, x.len()),
                                std::slice::from_raw_parts_mut(
                                    out.as_mut_ptr() as *mut u8,
                                    out.len(),
                                ),
                            )
                        };
                        let ok = tile_simd_bytes(
                            xb,
                            ob,
                            src + q0 + l0 * l_in,
                            l_in,
                            dst + q0 * q_out + l0,
                            q_out,
                        );
                        if ok {
                            continue;
                        }
                    }
                    for qi in q0..q1 {
                        let o = &mut out[dst + qi * q_out + l0..dst + qi * q_out + l1];
                        for (li, v) in (l0..l1).zip(o.iter_mut()) {
                            *v = x[src + qi + li * l_in];
                        }
                    }
                }
            }
            let mut k = rest.len();
            while k > 0 {
                k -= 1;
                let d = rest[k];
                idx[k] += 1;
                src += self.in_strides[d];
                dst += os[d];
                if idx[k] < self.dims[d] {
                    break;
                }
                src -= self.in_strides[d] * self.dims[d];
                dst -= os[d] * self.dims[d];
                idx[k] = 0;
            }
        }
    }
}

/// `out[j * rows + i] = x[src + i * stride + j]` for `i < rows`, `j < len`: `rows`
/// input rows of `len` elements, `stride` apart, interleaved. Stops at the shorter
/// of `x` and `out` (the caller sized both).
fn interleave_rows<T: Copy>(
    x: &[T],
    src: usize,
    stride: usize,
    rows: usize,
    len: usize,
    out: &mut [T],
) {
    let row = |i: usize| {
        x.get(src + i * stride..src + i * stride + len)
            .unwrap_or(&[])
    };
    let n = (rows * len).min(out.len());
    let out = &mut out[..n];
    match rows {
        3 => {
            let (a, b, c) = (row(0), row(1), row(2));
            // An image's three channels: whole vectors of each row at a time on wasm.
            #[cfg(target_arch = "wasm32")]
            let done = interleave3_simd(a, b, c, out);
            #[cfg(not(target_arch = "wasm32"))]
            let done = 0;
            let (a, b, c) = (
                &a[done.min(a.len())..],
                &b[done.min(b.len())..],
                &c[done.min(c.len())..],
            );
            let out = &mut out[(3 * done).min(n)..];
            for (((o, &a), &b), &c) in out.chunks_exact_mut(3).zip(a).zip(b).zip(c) {
                o[0] = a;
                o[1] = b;
                o[2] = c;
            }
        }
        _ => {
            for i in 0..rows {
                for (o, &v) in out.chunks_exact_mut(rows).zip(row(i)) {
                    o[i] = v;
                }
            }
        }
    }
}

/// The first `k` elements of `a`, `b` and `c` interleaved into `out[..3 * k]`
/// (`out[3 * j + r]` is row `r`'s element `j`) with wasm SIMD, for 4-byte and 1-byte
/// elements: per group of 4 (16) elements of each row, three vector loads, six
/// two-source shuffles (the first places two rows' lanes, the second adds the third's)
/// and three stores. Returns `k`, a multiple of the group (0 for other element sizes).
#[cfg(target_arch = "wasm32")]
fn interleave3_simd<T: Copy>(a: &[T], b: &[T], c: &[T], out: &mut [T]) -> usize {
    use core::arch::wasm32::*;
    let len = a.len().min(b.len()).min(c.len()).min(out.len() / 3);
    let per = match size_of::<T>() {
        4 => 4,
        1 => 16,
        _ => return 0,
    };
    let k = len - len % per;
    let (pa, pb, pc) = (
        a.as_ptr() as *const v128,
        b.as_ptr() as *const v128,
        c.as_ptr() as *const v128,
    );
    let po = out.as_mut_ptr() as *mut v128;
    let mut g = 0;
    while g * per < k {
        // SAFETY: group `g` holds `per` elements (one vector) of each row, and its
        // three output vectors lie in `out[..3 * k]`; `k` was bounded by all four
        // lengths. Unaligned loads and stores are allowed on wasm.
        unsafe {
            let (x, y, z) = (
                v128_load(pa.add(g)),
                v128_load(pb.add(g)),
                v128_load(pc.add(g)),
            );
            let (o0, o1, o2) = if per == 4 {
                (
                    i32x4_shuffle::<0, 1, 4, 3>(i32x4_shuffle::<0, 4, 0, 1>(x, y), z),
                    i32x4_shuffle::<0, 5, 2, 3>(i32x4_shuffle::<5, 0, 2, 6>(x, y), z),
                    i32x4_shuffle::<6, 1, 2, 7>(i32x4_shuffle::<0, 3, 7, 0>(x, y), z),
                )
            } else {
                (
                    i8x16_shuffle::<0, 1, 16, 3, 4, 17, 6, 7, 18, 9, 10, 19, 12, 13, 20, 15>(
                        i8x16_shuffle::<0, 16, 0, 1, 17, 0, 2, 18, 0, 3, 19, 0, 4, 20, 0, 5>(x, y),
                        z,
                    ),
                    i8x16_shuffle::<0, 21, 2, 3, 22, 5, 6, 23, 8, 9, 24, 11, 12, 25, 14, 15>(
                        i8x16_shuffle::<21, 0, 6, 22, 0, 7, 23, 0, 8, 24, 0, 9, 25, 0, 10, 26>(
                            x, y,
                        ),
                        z,
                    ),
                    i8x16_shuffle::<26, 1, 2, 27, 4, 5, 28, 7, 8, 29, 10, 11, 30, 13, 14, 31>(
                        i8x16_shuffle::<0, 11, 27, 0, 12, 28, 0, 13, 29, 0, 14, 30, 0, 15, 31, 0>(
                            x, y,
                        ),
                        z,
                    ),
                )
            };
            v128_store(po.add(3 * g), o0);
            v128_store(po.add(3 * g + 1), o1);
            v128_store(po.add(3 * g + 2), o2);
        }
        g += 1;
    }
    k
}

/// Whether a [`Transpose::TILE`]-square tile at `src` (rows `l_in` apart) and `dst`
/// (rows `q_out` apart) lies inside an input of `x_len` and an output of `out_len`
/// elements.
#[cfg(target_arch = "wasm32")]
fn tile_fits(
    x_len: usize,
    out_len: usize,
    src: usize,
    l_in: usize,
    dst: usize,
    q_out: usize,
) -> bool {
    const T: usize = Transpose::TILE;
    src + (T - 1) + (T - 1) * l_in < x_len && dst + (T - 1) * q_out + (T - 1) < out_len
}

/// One [`Transpose::TILE`]-square tile of 4-byte elements: input element `(q, l)` at
/// `x[src + q + l * l_in]`, output at `out[dst + q * q_out + l]`, as 4x4 blocks of four
/// vector loads, eight lane shuffles and four vector stores. `false` (nothing written)
/// if the tile does not lie inside both slices.
#[cfg(target_arch = "wasm32")]
fn tile_simd(
    x: &[u32],
    out: &mut [u32],
    src: usize,
    l_in: usize,
    dst: usize,
    q_out: usize,
) -> bool {
    use core::arch::wasm32::*;
    const T: usize = Transpose::TILE;
    if !tile_fits(x.len(), out.len(), src, l_in, dst, q_out) {
        return false;
    }
    for qb in (0..T).step_by(4) {
        for lb in (0..T).step_by(4) {
            // SAFETY: every offset lies inside the tile, checked above.
            unsafe {
                let ld =
                    |l: usize| v128_load(x.as_ptr().add(src + qb + (lb + l) * l_in) as *const v128);
                let (a0, a1, a2, a3) = (ld(0), ld(1), ld(2), ld(3));
                let t0 = i32x4_shuffle::<0, 4, 1, 5>(a0, a1);
                let t1 = i32x4_shuffle::<0, 4, 1, 5>(a2, a3);
                let t2 = i32x4_shuffle::<2, 6, 3, 7>(a0, a1);
                let t3 = i32x4_shuffle::<2, 6, 3, 7>(a2, a3);
                let rows = [
                    i32x4_shuffle::<0, 1, 4, 5>(t0, t1),
                    i32x4_shuffle::<2, 3, 6, 7>(t0, t1),
                    i32x4_shuffle::<0, 1, 4, 5>(t2, t3),
                    i32x4_shuffle::<2, 3, 6, 7>(t2, t3),
                ];
                for (q, v) in rows.into_iter().enumerate() {
                    v128_store(
                        out.as_mut_ptr().add(dst + (qb + q) * q_out + lb) as *mut v128,
                        v,
                    );
                }
            }
        }
    }
    true
}

/// [`tile_simd`] for 1-byte elements: the 16x16 tile as 16 vector loads, four rounds
/// of interleaves (bytes, then pairs, quads and eights of the rows) and 16 stores.
#[cfg(target_arch = "wasm32")]
fn tile_simd_bytes(
    x: &[u8],
    out: &mut [u8],
    src: usize,
    l_in: usize,
    dst: usize,
    q_out: usize,
) -> bool {
    use core::arch::wasm32::*;
    if !tile_fits(x.len(), out.len(), src, l_in, dst, q_out) {
        return false;
    }
    // SAFETY: every offset lies inside the tile, checked above.
    unsafe {
        // r[l] holds q = 0..16 of input row l.
        let r: [v128; 16] =
            core::array::from_fn(|l| v128_load(x.as_ptr().add(src + l * l_in) as *const v128));
        let mut t = [i8x16_splat(0); 16];
        for i in 0..8 {
            let (a, b) = (r[2 * i], r[2 * i + 1]);
            t[2 * i] =
                i8x16_shuffle::<0, 16, 1, 17, 2, 18, 3, 19, 4, 20, 5, 21, 6, 22, 7, 23>(a, b);
            t[2 * i + 1] =
                i8x16_shuffle::<8, 24, 9, 25, 10, 26, 11, 27, 12, 28, 13, 29, 14, 30, 15, 31>(a, b);
        }
        // u[4g + k]: rows 4g..4g+4, columns 4k..4k+4.
        let mut u = [i8x16_splat(0); 16];
        for g in 0..4 {
            let (t0, t1, t2, t3) = (t[4 * g], t[4 * g + 1], t[4 * g + 2], t[4 * g + 3]);
            u[4 * g] = i16x8_shuffle::<0, 8, 1, 9, 2, 10, 3, 11>(t0, t2);
            u[4 * g + 1] = i16x8_shuffle::<4, 12, 5, 13, 6, 14, 7, 15>(t0, t2);
            u[4 * g + 2] = i16x8_shuffle::<0, 8, 1, 9, 2, 10, 3, 11>(t1, t3);
            u[4 * g + 3] = i16x8_shuffle::<4, 12, 5, 13, 6, 14, 7, 15>(t1, t3);
        }
        // v[8h + j]: rows 8h..8h+8, columns 2j, 2j + 1.
        let mut v = [i8x16_splat(0); 16];
        for h in 0..2 {
            for k in 0..4 {
                let (a, b) = (u[8 * h + k], u[8 * h + 4 + k]);
                v[8 * h + 2 * k] = i32x4_shuffle::<0, 4, 1, 5>(a, b);
                v[8 * h + 2 * k + 1] = i32x4_shuffle::<2, 6, 3, 7>(a, b);
            }
        }
        for j in 0..8 {
            let (a, b) = (v[j], v[8 + j]);
            let c0 = i64x2_shuffle::<0, 2>(a, b);
            let c1 = i64x2_shuffle::<1, 3>(a, b);
            v128_store(out.as_mut_ptr().add(dst + 2 * j * q_out) as *mut v128, c0);
            v128_store(
                out.as_mut_ptr().add(dst + (2 * j + 1) * q_out) as *mut v128,
                c1,
            );
        }
    }
    true
}

/// `w [rows, cols]` (row-major) transposed to `[cols, rows]`.
pub fn transpose2d<T: Copy>(w: &[T], rows: usize, cols: usize) -> Vec<T> {
    (0..rows * cols)
        .map(|i| w[(i % rows) * cols + i / rows])
        .collect()
}

/// Where the block `offsets .. offsets + out_dims` of a contiguous tensor of dims
/// `in_dims` starts and how many elements it holds, when they are consecutive: the
/// block has size 1 in every dim before its first longer one, and every dim after
/// that one is whole.
fn contiguous_block(
    in_dims: &[usize],
    offsets: &[usize],
    out_dims: &[usize],
) -> Option<(usize, usize)> {
    let r = out_dims.len();
    if in_dims.len() != r || offsets.len() != r {
        return None;
    }
    let k = out_dims
        .iter()
        .position(|&d| d != 1)
        .unwrap_or(r.saturating_sub(1));
    if out_dims.get(k + 1..) != in_dims.get(k + 1..) {
        return None;
    }
    // Offsets of whole dims are 0 (the block would not fit otherwise).
    let mut start = 0usize;
    let mut stride = 1usize;
    for d in (0..r).rev() {
        start += offsets[d] * stride;
        stride *= in_dims[d];
    }
    Some((start, out_dims.iter().product()))
}

/// Copies the block `offsets .. offsets + out_dims` of `x` (dims `in_dims`).
pub fn slice<T: Copy>(
    x: &[T],
    in_dims: &[usize],
    offsets: &[usize],
    out_dims: &[usize],
    out: &mut [T],
) {
    if let Some((start, len)) = contiguous_block(in_dims, offsets, out_dims) {
        // One block (a row of a recurrent network's [steps, gates] input projection):
        // one copy, without the strides and the row walk.
        if let (Some(src), Some(dst)) = (x.get(start..start + len), out.get_mut(..len)) {
            dst.copy_from_slice(src);
            return;
        }
    }
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
            // NCHW <-> NHWC with sides that are not multiples of the tile.
            (vec![1, 37, 9, 21], vec![0, 2, 3, 1]),
            (vec![2, 9, 21, 37], vec![0, 3, 1, 2]),
            // Channel shuffle: [n, g, c/g, h*w] -> [n, c/g, g, h*w] and its NHWC form.
            (vec![1, 2, 58, 49], vec![0, 2, 1, 3]),
            (vec![1, 49, 2, 58], vec![0, 1, 3, 2]),
            (vec![3, 5, 40, 2], vec![2, 0, 3, 1]),
            // A few channels interleaved (an RGB image to NHWC; 2 and 4 channels).
            (vec![2, 3, 7, 9], vec![0, 2, 3, 1]),
            (vec![1, 2, 5, 3], vec![0, 2, 3, 1]),
            (vec![1, 4, 33, 1], vec![0, 2, 3, 1]),
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

    /// Every block of a [2, 3, 4] tensor, by `slice` (one copy where the block is
    /// contiguous) and element by element.
    #[test]
    fn slice_matches_the_element_definition() {
        let dims = [2usize, 3, 4];
        let x: Vec<f32> = (0..24).map(|i| i as f32).collect();
        let mut contiguous = 0;
        for o0 in 0..2 {
            for o1 in 0..3 {
                for o2 in 0..4 {
                    for n0 in 1..=2 - o0 {
                        for n1 in 1..=3 - o1 {
                            for n2 in 1..=4 - o2 {
                                let (off, out_dims) = ([o0, o1, o2], [n0, n1, n2]);
                                let mut out = vec![0.0; n0 * n1 * n2];
                                slice(&x, &dims, &off, &out_dims, &mut out);
                                let mut want = Vec::new();
                                for a in 0..n0 {
                                    for b in 0..n1 {
                                        for c in 0..n2 {
                                            want.push(x[(o0 + a) * 12 + (o1 + b) * 4 + o2 + c]);
                                        }
                                    }
                                }
                                assert_eq!(out, want, "{off:?} {out_dims:?}");
                                contiguous +=
                                    contiguous_block(&dims, &off, &out_dims).is_some() as usize;
                            }
                        }
                    }
                }
            }
        }
        assert!(contiguous > 10, "{contiguous} contiguous blocks");
    }
}
