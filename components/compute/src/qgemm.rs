//! Int8 GEMM with `i32` accumulation and `fp32` requantization: `out = requant(A * B)`
//! for `A` int8 `[m, k]` (activations, gathered row by row), `B` int8 `[k, n]`
//! (weights, packed once) and `out` int8 `[m, n]`.
//!
//! Requantization follows XNNPACK's `qs8_qc8w` "fp32" scheme (as in its
//! `xnn_init_qs8_qc8w_conv_minmax_fp32_*_params` and GEMM micro-kernels): the `i32`
//! accumulator plus a per-column `i32` bias is converted to `f32`, multiplied by a
//! per-column scale, rounded to the nearest integer (ties to even), offset by the output
//! zero point and clamped. The input zero point is folded into the bias at packing
//! time (`bias - zp_a * sum_k B[k, j]`), which is exact in integer arithmetic.
//!
//! The wasm SIMD128 micro-kernel computes `QMR x QNR = 4 x 8` outputs with
//! `i32x4.dot_i16x8_s`: `B` is stored widened to `i16`, as pairs of consecutive `k` for
//! each column, and `A`'s rows are interleaved the same way per 4-row block.

use std::cell::RefCell;

/// Rows per micro-kernel call.
pub const QMR: usize = 4;
/// Columns per packed panel.
pub const QNR: usize = 8;

/// `B` packed for [`qgemm`]: panels of [`QNR`] columns, each `k/2` (rounded up) pairs of
/// `k` for each column, widened to `i16`; zero-padded past `n` and `k`.
#[derive(Clone, Debug)]
pub struct PackedQB {
    k: usize,
    n: usize,
    /// `k` rounded up to even.
    kp: usize,
    data: Vec<i16>,
    /// `sum_k B[k, j]` for each column `j`.
    colsum: Vec<i32>,
}

impl PackedQB {
    /// Packs `B[k, j] = w[j * k_stride + k]` for `j < n`, `k < k` (XNNPACK's filter
    /// layout: one row of `k` weights per output channel). Errors if `w` is too short.
    pub fn new(k: usize, n: usize, w: &[i8], k_stride: usize) -> Result<PackedQB, String> {
        if n > 0 && k > 0 && (n - 1) * k_stride + k > w.len() {
            return Err(format!(
                "int8 weights hold {} values, {n} rows of {k} need more",
                w.len()
            ));
        }
        let kp = k.next_multiple_of(2);
        let panels = n.div_ceil(QNR);
        let mut data = vec![0i16; panels * kp * QNR];
        let mut colsum = vec![0i32; n];
        for j in 0..n {
            let (p, jj) = (j / QNR, j % QNR);
            let row = &w[j * k_stride..j * k_stride + k];
            let panel = &mut data[p * kp * QNR..(p + 1) * kp * QNR];
            for (kk, &v) in row.iter().enumerate() {
                panel[(kk / 2) * 2 * QNR + jj * 2 + kk % 2] = v as i16;
                colsum[j] += v as i32;
            }
        }
        Ok(PackedQB {
            k,
            n,
            kp,
            data,
            colsum,
        })
    }

    /// Depth `k`.
    pub fn k(&self) -> usize {
        self.k
    }

    /// Columns `n`.
    pub fn n(&self) -> usize {
        self.n
    }

    /// `sum_k B[k, j]` for each column.
    pub fn colsum(&self) -> &[i32] {
        &self.colsum
    }
}

/// Requantization of the `n` output columns.
#[derive(Clone, Debug)]
pub struct Requant {
    /// Per column: the bias with the input zero point folded in.
    pub bias: Vec<i32>,
    /// Per column: `input_scale * weight_scale[j] / output_scale`.
    pub scale: Vec<f32>,
    pub zero_point: i32,
    pub qmin: i8,
    pub qmax: i8,
}

impl Requant {
    /// Requantization for `b` with `bias` (`i32` values in the accumulator's scale,
    /// zeros when absent), input zero point `a_zero_point` and per-column `scale`.
    pub fn new(
        b: &PackedQB,
        bias: Option<&[i32]>,
        a_zero_point: i32,
        scale: Vec<f32>,
        zero_point: i32,
        qmin: i8,
        qmax: i8,
    ) -> Requant {
        let bias = (0..b.n)
            .map(|j| {
                bias.map_or(0, |bb| bb[j])
                    .wrapping_sub(a_zero_point.wrapping_mul(b.colsum[j]))
            })
            .collect();
        Requant {
            bias,
            scale,
            zero_point,
            qmin,
            qmax,
        }
    }

    /// One output value from its accumulator (scalar reference of the SIMD epilogue).
    #[inline(always)]
    pub fn apply(&self, acc: i32, j: usize) -> i8 {
        crate::requant::requantize(
            acc.wrapping_add(self.bias[j]),
            self.scale[j],
            self.zero_point,
            self.qmin,
            self.qmax,
        )
    }
}

/// `out[i * ldo + j] = requant(sum_k A[i, k] * B[k, j])` for `i < m`, `j < n`, where
/// `gather(i, row)` writes row `i` of `A` (`k` values) into `row`. `out` must hold
/// `(m - 1) * ldo + n` values.
pub fn qgemm<F: FnMut(usize, &mut [i8])>(
    m: usize,
    b: &PackedQB,
    rq: &Requant,
    gather: F,
    out: &mut [i8],
    ldo: usize,
) -> Result<(), String> {
    let (k, n, kp) = (b.k, b.n, b.kp);
    if m == 0 || n == 0 {
        return Ok(());
    }
    if (m - 1) * ldo + n > out.len() || rq.bias.len() < n || rq.scale.len() < n {
        return Err("int8 GEMM: output or requantization too small".into());
    }
    SCRATCH.with(|s| {
        let (rows, ap) = &mut *s.borrow_mut();
        // Zeroed as fresh buffers were: `interleave` leaves the `hi` past an odd `k`.
        rows.clear();
        rows.resize(QMR * k, 0);
        ap.clear();
        ap.resize(QMR * kp, 0);
        qgemm_blocks(m, b, rq, gather, out, ldo, rows, ap);
    });
    Ok(())
}

thread_local! {
    /// [`qgemm`]'s gathered rows and interleaved block, reused across calls (an
    /// allocation per call sat inside the convolutions' hot function).
    static SCRATCH: RefCell<(Vec<i8>, Vec<i16>)> = const { RefCell::new((Vec::new(), Vec::new())) };
}

/// The blocks of [`qgemm`], with its checked arguments and scratch: `rows` holds
/// `QMR * k` values, `ap` (zeroed) `QMR * kp`.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn qgemm_blocks<F: FnMut(usize, &mut [i8])>(
    m: usize,
    b: &PackedQB,
    rq: &Requant,
    mut gather: F,
    out: &mut [i8],
    ldo: usize,
    rows: &mut [i8],
    ap: &mut [i16],
) {
    let (k, n, kp) = (b.k, b.n, b.kp);
    let mut i0 = 0;
    while i0 < m {
        let mr = QMR.min(m - i0);
        for r in 0..QMR {
            let row = &mut rows[r * k..(r + 1) * k];
            if r < mr {
                gather(i0 + r, row);
            } else {
                row.fill(0);
            }
        }
        interleave(rows, k, ap);
        for p in 0..n.div_ceil(QNR) {
            let j0 = p * QNR;
            let nr = QNR.min(n - j0);
            let panel = &b.data[p * kp * QNR..(p + 1) * kp * QNR];
            let acc = micro_kernel(ap, panel, kp);
            for r in 0..mr {
                let o = &mut out[(i0 + r) * ldo + j0..(i0 + r) * ldo + j0 + nr];
                store_row(&acc[r], rq, j0, o);
            }
        }
        i0 += QMR;
    }
}

/// Writes the [`QMR`] rows of `k` int8 values in `rows` into `ap` widened to `i16`,
/// interleaved as the micro-kernel reads them: for each pair of depths, the
/// (`lo`, `hi`) pair of each row in turn. On wasm32 eight depths at a time: each row's
/// eight values widened into four `i32` lanes of pairs, and a 4x4 transpose of those
/// lanes across the rows (an element-by-element loop took a fifth of mobilenet_v2's
/// int8 convolution time); the rest one value at a time. A pair's `hi` past an odd
/// `k` is left as it is (zero).
fn interleave(rows: &[i8], k: usize, ap: &mut [i16]) {
    #[cfg_attr(not(target_arch = "wasm32"), allow(unused_mut))]
    let mut done = 0;
    #[cfg(target_arch = "wasm32")]
    if rows.len() >= QMR * k && ap.len() >= QMR * k.next_multiple_of(2) {
        use std::arch::wasm32::*;
        while done + 8 <= k {
            // SAFETY: each row `r` has values `done..done + 8` (< k); `ap` holds the
            // four pairs' 4 x 8 i16s from `done * QMR` (< QMR * kp).
            unsafe {
                let v: [v128; QMR] = std::array::from_fn(|r| {
                    let p = rows.as_ptr().add(r * k + done) as *const i64;
                    i16x8_extend_low_i8x16(i64x2_splat(std::ptr::read_unaligned(p)))
                });
                let t0 = i32x4_shuffle::<0, 4, 1, 5>(v[0], v[1]);
                let t1 = i32x4_shuffle::<0, 4, 1, 5>(v[2], v[3]);
                let t2 = i32x4_shuffle::<2, 6, 3, 7>(v[0], v[1]);
                let t3 = i32x4_shuffle::<2, 6, 3, 7>(v[2], v[3]);
                let out = ap.as_mut_ptr().add(done * QMR) as *mut v128;
                v128_store(out, i64x2_shuffle::<0, 2>(t0, t1));
                v128_store(out.add(1), i64x2_shuffle::<1, 3>(t0, t1));
                v128_store(out.add(2), i64x2_shuffle::<0, 2>(t2, t3));
                v128_store(out.add(3), i64x2_shuffle::<1, 3>(t2, t3));
            }
            done += 8;
        }
    }
    for r in 0..QMR {
        let row = &rows[r * k..(r + 1) * k];
        for (kk, &v) in row.iter().enumerate().skip(done) {
            ap[(kk / 2) * 2 * QMR + r * 2 + kk % 2] = v as i16;
        }
    }
}

/// Requantizes one row of accumulators into `o` (`o.len() <= QNR` columns from `j0`).
#[inline(always)]
fn store_row(acc: &[i32; QNR], rq: &Requant, j0: usize, o: &mut [i8]) {
    #[cfg(target_arch = "wasm32")]
    if o.len() == QNR {
        // SAFETY: bias/scale hold at least j0 + QNR values (j0 + o.len() <= n <= len).
        unsafe {
            use std::arch::wasm32::*;
            let bias = rq.bias.as_ptr().add(j0) as *const v128;
            let scale = rq.scale.as_ptr().add(j0) as *const v128;
            let round = crate::requant::RoundLanes::new(rq.zero_point, rq.qmin, rq.qmax);
            let a = acc.as_ptr() as *const v128;
            let scaled = |h: usize| {
                let s = i32x4_add(v128_load(a.add(h)), v128_load(bias.add(h)));
                f32x4_mul(f32x4_convert_i32x4(s), v128_load(scale.add(h)))
            };
            let w = round.narrow(scaled(0), scaled(1));
            let b8 = i8x16_narrow_i16x8(w, w);
            // The low 8 bytes in one store (`o` holds QNR = 8).
            std::ptr::write_unaligned(o.as_mut_ptr() as *mut i64, i64x2_extract_lane::<0>(b8));
        }
        return;
    }
    for (jj, d) in o.iter_mut().enumerate() {
        *d = rq.apply(acc[jj], j0 + jj);
    }
}

/// Depth pairs per iteration of the wasm micro-kernel's main loop (see [`micro_kernel`]).
#[cfg(target_arch = "wasm32")]
const QUNROLL: usize = 3;

/// `QMR x QNR` accumulators of the interleaved `ap` block times one packed panel.
///
/// Shaped like the fp32 micro-kernel ([`crate::gemm`]) for the same reason: with
/// epoch interruption Cranelift keeps vectors carried across a loop in stack slots, so
/// an accumulator held "in registers" is loaded and stored on every depth pair anyway.
/// Here each iteration loads [`QUNROLL`] depth pairs of operands (9 vectors), then per
/// row loads its two accumulators from memory, adds all the pairs' `i32x4.dot_i16x8_s`
/// products and stores them back: one load and store per accumulator per three pairs
/// instead of per pair. Measured on mobilenet_v2 int8 with `--cpu-accel off`: two
/// pairs per iteration take 7% more instructions, four (12 operand vectors, which with
/// the accumulators and temporaries spill out of the 16 xmm registers) 3% more. The
/// sums are the same integers in any order.
#[cfg(target_arch = "wasm32")]
#[inline(always)]
fn micro_kernel(ap: &[i16], panel: &[i16], kp: usize) -> [[i32; QNR]; QMR] {
    use std::arch::wasm32::*;
    assert!(ap.len() >= kp * QMR && panel.len() >= kp * QNR);
    let mut out = [[0i32; QNR]; QMR];
    let po = out.as_mut_ptr() as *mut v128;
    let pa = ap.as_ptr() as *const v128;
    let pb = panel.as_ptr() as *const v128;
    let pairs = kp / 2;
    // Row `r` of the tile: lane `r` of each A vector (its (lo, hi) pair), times both
    // B vectors, into the row's two accumulators in `out`.
    macro_rules! rows {
        ($av:expr, $bv:expr, $u:expr) => {{
            macro_rules! row {
                ($r:literal) => {{
                    // SAFETY: `po` points to QMR rows of two vectors.
                    let (p0, p1) = unsafe { (po.add(2 * $r), po.add(2 * $r + 1)) };
                    let (mut c0, mut c1) =
                        unsafe { (std::ptr::read_volatile(p0), std::ptr::read_volatile(p1)) };
                    for u in 0..$u {
                        let a = i32x4_shuffle::<$r, $r, $r, $r>($av[u], $av[u]);
                        c0 = i32x4_add(c0, i32x4_dot_i16x8(a, $bv[u][0]));
                        c1 = i32x4_add(c1, i32x4_dot_i16x8(a, $bv[u][1]));
                    }
                    unsafe {
                        std::ptr::write_volatile(p0, c0);
                        std::ptr::write_volatile(p1, c1);
                    }
                }};
            }
            row!(0);
            row!(1);
            row!(2);
            row!(3);
        }};
    }
    let mut kk = 0;
    while kk + QUNROLL <= pairs {
        // SAFETY: kk + QUNROLL <= kp / 2; ap holds kp / 2 vectors, the panel kp.
        let (av, bv): ([v128; QUNROLL], [[v128; 2]; QUNROLL]) = unsafe {
            (
                std::array::from_fn(|u| v128_load(pa.add(kk + u))),
                std::array::from_fn(|u| {
                    [
                        v128_load(pb.add(2 * (kk + u))),
                        v128_load(pb.add(2 * (kk + u) + 1)),
                    ]
                }),
            )
        };
        rows!(av, bv, QUNROLL);
        kk += QUNROLL;
    }
    while kk < pairs {
        // SAFETY: kk < kp / 2, as above.
        let (av, bv) = unsafe {
            (
                [v128_load(pa.add(kk))],
                [[v128_load(pb.add(2 * kk)), v128_load(pb.add(2 * kk + 1))]],
            )
        };
        rows!(av, bv, 1);
        kk += 1;
    }
    out
}

/// Scalar version of the micro-kernel (hosts without wasm SIMD: unit tests, fuzzing).
#[cfg(not(target_arch = "wasm32"))]
fn micro_kernel(ap: &[i16], panel: &[i16], kp: usize) -> [[i32; QNR]; QMR] {
    let mut out = [[0i32; QNR]; QMR];
    for kk in 0..kp / 2 {
        for (r, o) in out.iter_mut().enumerate() {
            let (a0, a1) = (
                ap[kk * 2 * QMR + r * 2] as i32,
                ap[kk * 2 * QMR + r * 2 + 1] as i32,
            );
            for (j, v) in o.iter_mut().enumerate() {
                let b0 = panel[kk * 2 * QNR + j * 2] as i32;
                let b1 = panel[kk * 2 * QNR + j * 2 + 1] as i32;
                *v += a0 * b0 + a1 * b1;
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matches_integer_reference() {
        let (m, k, n) = (7, 13, 11);
        let a: Vec<i8> = (0..m * k)
            .map(|i| ((i * 37 + 5) % 256) as u8 as i8)
            .collect();
        let w: Vec<i8> = (0..n * k)
            .map(|i| ((i * 53 + 11) % 255) as i32 - 127)
            .map(|v| v as i8)
            .collect();
        let b = PackedQB::new(k, n, &w, k).unwrap();
        let bias: Vec<i32> = (0..n as i32).map(|j| j * 100 - 300).collect();
        let scale: Vec<f32> = (0..n).map(|j| 0.001 + j as f32 * 1e-4).collect();
        let zp_a = -3;
        let rq = Requant::new(&b, Some(&bias), zp_a, scale.clone(), 5, -128, 127);
        let mut out = vec![0i8; m * n];
        qgemm(
            m,
            &b,
            &rq,
            |i, row| row.copy_from_slice(&a[i * k..(i + 1) * k]),
            &mut out,
            n,
        )
        .unwrap();
        for i in 0..m {
            for j in 0..n {
                let acc: i32 = (0..k)
                    .map(|kk| (a[i * k + kk] as i32 - zp_a) * w[j * k + kk] as i32)
                    .sum::<i32>()
                    + bias[j];
                let want = ((acc as f32 * scale[j]).round_ties_even() as i32 + 5).clamp(-128, 127);
                assert_eq!(out[i * n + j] as i32, want, "({i}, {j})");
            }
        }
    }
}
