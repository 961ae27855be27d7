//! Matrix products: `aten::mm.out`, `aten::bmm.out`, `aten::addmm.out`, and the blocked
//! single-precision GEMM ([`sgemm`]) that they and the convolutions use.
//!
//! The GEMM follows the BLIS structure: `B` is packed into `KC x NC` blocks of
//! `NR`-wide column panels, `A` into `MC x KC` blocks of `MR`-tall row panels, and a
//! register-blocked `MR x NR` micro-kernel (WebAssembly SIMD128, with relaxed-SIMD
//! fused multiply-add where the target has it) multiplies one pair of panels. The
//! packing buffers are thread-local and reused across calls.

use std::cell::RefCell;

use crate::args::{Args, Scalar};
use crate::elem::{self, Compute, Family, OutBuf};
use crate::registry::{Registrar, REAL_AND_BOOL};
use crate::tensor::Tensor;
use crate::{invalid, with_compute, KResult};

/// Registers this module's operators.
pub fn register(r: &mut Registrar) {
    r.add("aten::mm.out", REAL_AND_BOOL, mm_out);
    r.add("aten::bmm.out", REAL_AND_BOOL, bmm_out);
    r.add("aten::addmm.out", REAL_AND_BOOL, addmm_out);
}

// ---------------------------------------------------------------------------
// Blocked f32 GEMM
// ---------------------------------------------------------------------------

/// Rows of the micro-kernel's tile.
pub const MR: usize = 4;
/// Columns of the micro-kernel's tile (two SIMD vectors).
pub const NR: usize = 8;
/// Depth of one packed block.
const KC: usize = 256;
/// Rows of one packed block of `A` (a multiple of `MR`).
const MC: usize = 128;
/// Columns of one packed block of `B` (a multiple of `NR`).
const NC: usize = 2048;

/// A read-only strided matrix: element `(i, j)` is `data[i * rs + j * cs]`.
#[derive(Clone, Copy, Debug)]
pub struct MatRef<'a> {
    /// The elements.
    pub data: &'a [f32],
    /// Row stride in elements.
    pub rs: usize,
    /// Column stride in elements.
    pub cs: usize,
}

impl<'a> MatRef<'a> {
    /// A row-major matrix with leading dimension `ld`.
    pub fn row_major(data: &'a [f32], ld: usize) -> Self {
        MatRef {
            data,
            rs: ld,
            cs: 1,
        }
    }

    /// Whether a `rows x cols` matrix fits in `data`.
    fn fits(&self, rows: usize, cols: usize) -> bool {
        if rows == 0 || cols == 0 {
            return true;
        }
        (rows - 1)
            .checked_mul(self.rs)
            .and_then(|r| {
                (cols - 1)
                    .checked_mul(self.cs)
                    .and_then(|c| r.checked_add(c))
            })
            .is_some_and(|last| last < self.data.len())
    }
}

thread_local! {
    static PACK_A: RefCell<Vec<f32>> = const { RefCell::new(Vec::new()) };
    static PACK_B: RefCell<Vec<f32>> = const { RefCell::new(Vec::new()) };
}

/// Single-precision GEMM: `C = alpha * A B + beta * C` where `A` is `m x k`, `B` is
/// `k x n` (any strides) and `C` is `m x n` row-major with leading dimension `ldc`.
/// With `beta == 0`, `C` is only written (NaNs in it are not propagated), as BLAS does.
pub fn sgemm(
    m: usize,
    n: usize,
    k: usize,
    alpha: f32,
    a: MatRef<'_>,
    b: MatRef<'_>,
    beta: f32,
    c: &mut [f32],
    ldc: usize,
) -> KResult<()> {
    if m == 0 || n == 0 {
        return Ok(());
    }
    if !a.fits(m, k) || !b.fits(k, n) || ldc < n || (m - 1) * ldc + n > c.len() {
        return Err(invalid(format!(
            "internal: GEMM operands too small for {m}x{n}x{k}"
        )));
    }
    // Apply beta up front so that every depth block only accumulates.
    let mut accumulate = true;
    if beta == 0.0 {
        accumulate = false;
    } else if beta != 1.0 {
        for i in 0..m {
            for v in &mut c[i * ldc..i * ldc + n] {
                *v *= beta;
            }
        }
    }
    if k == 0 || alpha == 0.0 {
        if !accumulate {
            for i in 0..m {
                c[i * ldc..i * ldc + n].fill(0.0);
            }
        }
        return Ok(());
    }
    PACK_A.with(|pa| {
        PACK_B.with(|pb| {
            let mut pa = pa.borrow_mut();
            let mut pb = pb.borrow_mut();
            let kc_max = k.min(KC);
            let need_a = MC.min(m.div_ceil(MR) * MR) * kc_max;
            let need_b = NC.min(n.div_ceil(NR) * NR) * kc_max;
            if pa.len() < need_a {
                pa.resize(need_a, 0.0);
            }
            if pb.len() < need_b {
                pb.resize(need_b, 0.0);
            }
            let mut jc = 0;
            while jc < n {
                let nc = NC.min(n - jc);
                let mut pc = 0;
                while pc < k {
                    let kc = KC.min(k - pc);
                    pack_b(&mut pb, b, pc, kc, jc, nc);
                    let acc = accumulate || pc > 0;
                    let mut ic = 0;
                    while ic < m {
                        let mc = MC.min(m - ic);
                        pack_a(&mut pa, a, ic, mc, pc, kc);
                        macro_block(
                            &pa,
                            &pb,
                            mc,
                            nc,
                            kc,
                            alpha,
                            acc,
                            &mut c[ic * ldc + jc..],
                            ldc,
                        );
                        ic += mc;
                    }
                    pc += kc;
                }
                jc += nc;
            }
        })
    });
    Ok(())
}

/// Packs rows `ic..ic+mc`, columns `pc..pc+kc` of `a` into `MR`-tall panels, each
/// stored depth-major (`kc` groups of `MR` values), zero-padding the last panel.
fn pack_a(buf: &mut [f32], a: MatRef<'_>, ic: usize, mc: usize, pc: usize, kc: usize) {
    let mut off = 0;
    let mut ir = 0;
    while ir < mc {
        let mr = MR.min(mc - ir);
        let panel = &mut buf[off..off + kc * MR];
        let base = (ic + ir) * a.rs + pc * a.cs;
        if mr == MR && a.cs == 1 {
            for i in 0..MR {
                let row = &a.data[base + i * a.rs..base + i * a.rs + kc];
                for (p, &v) in row.iter().enumerate() {
                    panel[p * MR + i] = v;
                }
            }
        } else {
            for p in 0..kc {
                for i in 0..MR {
                    panel[p * MR + i] = if i < mr {
                        a.data[base + i * a.rs + p * a.cs]
                    } else {
                        0.0
                    };
                }
            }
        }
        off += kc * MR;
        ir += MR;
    }
}

/// Packs rows `pc..pc+kc`, columns `jc..jc+nc` of `b` into `NR`-wide panels, each
/// stored depth-major (`kc` groups of `NR` values), zero-padding the last panel.
fn pack_b(buf: &mut [f32], b: MatRef<'_>, pc: usize, kc: usize, jc: usize, nc: usize) {
    let mut off = 0;
    let mut jr = 0;
    while jr < nc {
        let nr = NR.min(nc - jr);
        let panel = &mut buf[off..off + kc * NR];
        let base = pc * b.rs + (jc + jr) * b.cs;
        if nr == NR && b.cs == 1 {
            for p in 0..kc {
                let src = &b.data[base + p * b.rs..base + p * b.rs + NR];
                panel[p * NR..p * NR + NR].copy_from_slice(src);
            }
        } else if b.rs == 1 {
            // Column-major source: walk each column contiguously.
            for j in 0..NR {
                if j < nr {
                    let col = &b.data[base + j * b.cs..base + j * b.cs + kc];
                    for (p, &v) in col.iter().enumerate() {
                        panel[p * NR + j] = v;
                    }
                } else {
                    for p in 0..kc {
                        panel[p * NR + j] = 0.0;
                    }
                }
            }
        } else {
            for p in 0..kc {
                for j in 0..NR {
                    panel[p * NR + j] = if j < nr {
                        b.data[base + p * b.rs + j * b.cs]
                    } else {
                        0.0
                    };
                }
            }
        }
        off += kc * NR;
        jr += NR;
    }
}

/// Multiplies a packed `mc x kc` block of `A` by a packed `kc x nc` block of `B` into
/// `c` (row-major, leading dimension `ldc`, starting at the block's first element).
#[allow(clippy::too_many_arguments)]
fn macro_block(
    pa: &[f32],
    pb: &[f32],
    mc: usize,
    nc: usize,
    kc: usize,
    alpha: f32,
    accumulate: bool,
    c: &mut [f32],
    ldc: usize,
) {
    let mut jr = 0;
    while jr < nc {
        let nr = NR.min(nc - jr);
        let bp = &pb[(jr / NR) * kc * NR..(jr / NR + 1) * kc * NR];
        let mut ir = 0;
        while ir < mc {
            let mr = MR.min(mc - ir);
            let ap = &pa[(ir / MR) * kc * MR..(ir / MR + 1) * kc * MR];
            let cbase = ir * ldc + jr;
            if mr == MR && nr == NR {
                // The tile lies inside `c`: rows ir..ir+MR, columns jr..jr+NR.
                let end = cbase + (MR - 1) * ldc + NR;
                let ct = &mut c[cbase..end];
                // SAFETY: `ap` holds kc*MR and `bp` kc*NR values; `ct` covers the
                // MR x NR tile with row stride ldc.
                unsafe {
                    micro_kernel(
                        kc,
                        ap.as_ptr(),
                        bp.as_ptr(),
                        ct.as_mut_ptr(),
                        ldc,
                        alpha,
                        accumulate,
                    )
                };
            } else {
                let mut tile = [0.0f32; MR * NR];
                // SAFETY: `tile` is a full MR x NR tile with row stride NR.
                unsafe {
                    micro_kernel(
                        kc,
                        ap.as_ptr(),
                        bp.as_ptr(),
                        tile.as_mut_ptr(),
                        NR,
                        alpha,
                        false,
                    )
                };
                for i in 0..mr {
                    let row = &mut c[cbase + i * ldc..cbase + i * ldc + nr];
                    let t = &tile[i * NR..i * NR + nr];
                    if accumulate {
                        for (o, &v) in row.iter_mut().zip(t) {
                            *o += v;
                        }
                    } else {
                        row.copy_from_slice(t);
                    }
                }
            }
            ir += MR;
        }
        jr += NR;
    }
}

#[cfg(target_arch = "wasm32")]
#[inline(always)]
fn madd(
    a: std::arch::wasm32::v128,
    b: std::arch::wasm32::v128,
    c: std::arch::wasm32::v128,
) -> std::arch::wasm32::v128 {
    use std::arch::wasm32::*;
    #[cfg(target_feature = "relaxed-simd")]
    {
        f32x4_relaxed_madd(a, b, c)
    }
    #[cfg(not(target_feature = "relaxed-simd"))]
    {
        f32x4_add(f32x4_mul(a, b), c)
    }
}

/// The `MR x NR` micro-kernel: `C = alpha * Ap Bp (+ C if accumulate)`.
///
/// # Safety
/// `ap` points to `kc * MR` values, `bp` to `kc * NR`, and `c` to an `MR x NR` tile
/// with row stride `ldc`.
#[cfg(target_arch = "wasm32")]
#[inline(never)]
unsafe fn micro_kernel(
    kc: usize,
    ap: *const f32,
    bp: *const f32,
    c: *mut f32,
    ldc: usize,
    alpha: f32,
    accumulate: bool,
) {
    use std::arch::wasm32::*;
    let z = f32x4_splat(0.0);
    let (mut c00, mut c01, mut c10, mut c11) = (z, z, z, z);
    let (mut c20, mut c21, mut c30, mut c31) = (z, z, z, z);
    let mut a = ap;
    let mut b = bp;
    // One depth step: rank-1 update of the 4x8 tile.
    macro_rules! step {
        ($o:expr) => {{
            let b0 = v128_load(b.add($o * NR) as *const v128);
            let b1 = v128_load(b.add($o * NR + 4) as *const v128);
            let av = v128_load(a.add($o * MR) as *const v128);
            let a0 = i32x4_shuffle::<0, 0, 0, 0>(av, av);
            c00 = madd(a0, b0, c00);
            c01 = madd(a0, b1, c01);
            let a1 = i32x4_shuffle::<1, 1, 1, 1>(av, av);
            c10 = madd(a1, b0, c10);
            c11 = madd(a1, b1, c11);
            let a2 = i32x4_shuffle::<2, 2, 2, 2>(av, av);
            c20 = madd(a2, b0, c20);
            c21 = madd(a2, b1, c21);
            let a3 = i32x4_shuffle::<3, 3, 3, 3>(av, av);
            c30 = madd(a3, b0, c30);
            c31 = madd(a3, b1, c31);
        }};
    }
    // Unrolled twice: with epoch interruption, wasmtime's check at every loop header
    // makes Cranelift keep loop-carried vectors in memory, so the accumulators are
    // stored and reloaded once per iteration; two steps amortize that. More unrolling
    // is slower: LLVM hoists every step's loads to the top of the body, which then
    // spills too (measured: 1 step 51 ms, 2 steps 32 ms, 4 steps 36 ms on a
    // 512x1024x1024 product; 30, 30, 33 ms without epoch interruption).
    for _ in 0..kc / 2 {
        step!(0);
        step!(1);
        a = a.add(2 * MR);
        b = b.add(2 * NR);
    }
    if kc % 2 == 1 {
        step!(0);
    }
    let acc = [[c00, c01], [c10, c11], [c20, c21], [c30, c31]];
    let va = f32x4_splat(alpha);
    for (i, row) in acc.iter().enumerate() {
        let p = c.add(i * ldc);
        let mut r0 = row[0];
        let mut r1 = row[1];
        if alpha != 1.0 {
            r0 = f32x4_mul(r0, va);
            r1 = f32x4_mul(r1, va);
        }
        if accumulate {
            r0 = f32x4_add(r0, v128_load(p as *const v128));
            r1 = f32x4_add(r1, v128_load(p.add(4) as *const v128));
        }
        v128_store(p as *mut v128, r0);
        v128_store(p.add(4) as *mut v128, r1);
    }
}

/// Scalar micro-kernel for targets without WebAssembly SIMD (keeps the crate portable).
///
/// # Safety
/// As the SIMD version.
#[cfg(not(target_arch = "wasm32"))]
unsafe fn micro_kernel(
    kc: usize,
    ap: *const f32,
    bp: *const f32,
    c: *mut f32,
    ldc: usize,
    alpha: f32,
    accumulate: bool,
) {
    let mut acc = [[0.0f32; NR]; MR];
    for p in 0..kc {
        for (i, row) in acc.iter_mut().enumerate() {
            let av = *ap.add(p * MR + i);
            for (j, v) in row.iter_mut().enumerate() {
                *v += av * *bp.add(p * NR + j);
            }
        }
    }
    for (i, row) in acc.iter().enumerate() {
        for (j, &v) in row.iter().enumerate() {
            let p = c.add(i * ldc + j);
            *p = if accumulate {
                *p + alpha * v
            } else {
                alpha * v
            };
        }
    }
}

// ---------------------------------------------------------------------------
// Generic GEMM for f64 and integers
// ---------------------------------------------------------------------------

/// Arithmetic of the generic (non-`f32`) matrix product: floats as usual, integers
/// wrap around as PyTorch's do.
pub trait Arith: Compute {
    /// `self + o`.
    fn add(self, o: Self) -> Self;
    /// `self * o`.
    fn mul(self, o: Self) -> Self;
}

impl Arith for f32 {
    fn add(self, o: Self) -> Self {
        self + o
    }
    fn mul(self, o: Self) -> Self {
        self * o
    }
}

impl Arith for f64 {
    fn add(self, o: Self) -> Self {
        self + o
    }
    fn mul(self, o: Self) -> Self {
        self * o
    }
}

impl Arith for i64 {
    fn add(self, o: Self) -> Self {
        self.wrapping_add(o)
    }
    fn mul(self, o: Self) -> Self {
        self.wrapping_mul(o)
    }
}

/// Plain `C = alpha * A B + beta * C` on contiguous row-major `A` (`m x k`), `B`
/// (`k x n`) and `C` (`m x n`); with `beta == None` `C` is overwritten.
#[allow(clippy::too_many_arguments)]
fn gemm_generic<T: Arith>(
    m: usize,
    n: usize,
    k: usize,
    alpha: T,
    a: &[T],
    b: &[T],
    beta: Option<T>,
    c: &mut [T],
) {
    let mut row = vec![T::default(); n];
    for i in 0..m {
        row.fill(T::default());
        for p in 0..k {
            let av = a[i * k + p];
            for (r, &bv) in row.iter_mut().zip(&b[p * n..p * n + n]) {
                *r = r.add(av.mul(bv));
            }
        }
        for (o, &r) in c[i * n..i * n + n].iter_mut().zip(&row) {
            let v = alpha.mul(r);
            *o = match beta {
                Some(bt) => bt.mul(*o).add(v),
                None => v,
            };
        }
    }
}

// ---------------------------------------------------------------------------
// Operators
// ---------------------------------------------------------------------------

/// `(data, row stride, column stride)` of a rank-2 `f32` tensor read in place, or of
/// its converted logical copy.
fn f32_matrix(t: &Tensor) -> KResult<(std::borrow::Cow<'_, [f32]>, Vec<usize>)> {
    if t.dtype == f32::DTYPE {
        // Dense in its dim order: use the memory with the dim order's strides.
        // SAFETY: the dtype is Float, stored as f32.
        Ok((
            std::borrow::Cow::Borrowed(unsafe { t.slice::<f32>() }),
            t.strides(),
        ))
    } else {
        let v = elem::read::<f32>(t)?;
        Ok((v, crate::tensor::contiguous_strides(&t.sizes)))
    }
}

fn check_same_dtype(ts: &[&Tensor]) -> KResult<()> {
    if let Some(first) = ts.first() {
        for t in ts {
            if t.dtype != first.dtype {
                return Err(invalid(format!(
                    "expected operands of the same dtype, got {:?} and {:?}",
                    first.dtype, t.dtype
                )));
            }
        }
    }
    Ok(())
}

/// Batched product shared by `mm` (`batch == None`) and `bmm`.
fn matmul(a: &Tensor, b: &Tensor, out: &Tensor, batched: bool) -> KResult<()> {
    let (bs, m, k, n) = if batched {
        (a.sizes[0], a.sizes[1], a.sizes[2], b.sizes[2])
    } else {
        (1, a.sizes[0], a.sizes[1], b.sizes[1])
    };
    let off = batched as usize;
    if elem::family(out.dtype) == Family::F32 {
        let (av, sa) = f32_matrix(a)?;
        let (bv, sb) = f32_matrix(b)?;
        let mut ob = OutBuf::<f32>::new(out);
        let o = ob.data();
        for bi in 0..bs {
            let (a0, b0) = if batched {
                (bi * sa[0], bi * sb[0])
            } else {
                (0, 0)
            };
            let am = MatRef {
                data: av.get(a0..).unwrap_or(&[]),
                rs: sa[off],
                cs: sa[off + 1],
            };
            let bm = MatRef {
                data: bv.get(b0..).unwrap_or(&[]),
                rs: sb[off],
                cs: sb[off + 1],
            };
            sgemm(
                m,
                n,
                k,
                1.0,
                am,
                bm,
                0.0,
                &mut o[bi * m * n..(bi + 1) * m * n],
                n,
            )?;
        }
        return ob.commit();
    }
    with_compute!(out.dtype, C, {
        let av = elem::read::<C>(a)?;
        let bv = elem::read::<C>(b)?;
        let mut ob = OutBuf::<C>::new(out);
        let o = ob.data();
        for bi in 0..bs {
            gemm_generic::<C>(
                m,
                n,
                k,
                C::from_i64(1),
                &av[bi * m * k..(bi + 1) * m * k],
                &bv[bi * k * n..(bi + 1) * k * n],
                None,
                &mut o[bi * m * n..(bi + 1) * m * n],
            );
        }
        ob.commit()
    })
}

/// `aten::mm.out(self [m, k], mat2 [k, n], *, out [m, n])`: matrix product.
fn mm_out(args: &mut Args) -> KResult {
    let a = args.tensor(0)?;
    let b = args.tensor(1)?;
    if a.dim() != 2 || b.dim() != 2 || a.sizes[1] != b.sizes[0] {
        return Err(invalid(format!(
            "mm: cannot multiply {:?} by {:?}",
            a.sizes, b.sizes
        )));
    }
    check_same_dtype(&[&a, &b])?;
    let out = args.out(2, &[a.sizes[0], b.sizes[1]])?;
    matmul(&a, &b, &out, false)
}

/// `aten::bmm.out(self [b, m, k], mat2 [b, k, n], *, out [b, m, n])`: batched product.
fn bmm_out(args: &mut Args) -> KResult {
    let a = args.tensor(0)?;
    let b = args.tensor(1)?;
    if a.dim() != 3 || b.dim() != 3 || a.sizes[0] != b.sizes[0] || a.sizes[2] != b.sizes[1] {
        return Err(invalid(format!(
            "bmm: cannot multiply {:?} by {:?}",
            a.sizes, b.sizes
        )));
    }
    check_same_dtype(&[&a, &b])?;
    let out = args.out(2, &[a.sizes[0], a.sizes[1], b.sizes[2]])?;
    matmul(&a, &b, &out, true)
}

/// `aten::addmm.out(self, mat1 [m, k], mat2 [k, n], *, beta=1, alpha=1, out [m, n])`:
/// `beta * self + alpha * (mat1 @ mat2)`, `self` broadcast to `[m, n]`; with
/// `beta == 0` `self` is ignored (as PyTorch does).
fn addmm_out(args: &mut Args) -> KResult {
    let s = args.tensor(0)?;
    let a = args.tensor(1)?;
    let b = args.tensor(2)?;
    let beta = args.scalar(3)?;
    let alpha = args.scalar(4)?;
    if a.dim() != 2 || b.dim() != 2 || a.sizes[1] != b.sizes[0] {
        return Err(invalid(format!(
            "addmm: cannot multiply {:?} by {:?}",
            a.sizes, b.sizes
        )));
    }
    check_same_dtype(&[&s, &a, &b])?;
    let (m, k, n) = (a.sizes[0], a.sizes[1], b.sizes[1]);
    if s.dim() > 2
        || s.sizes
            .iter()
            .rev()
            .zip([n, m])
            .any(|(&d, want)| d != 1 && d != want)
    {
        return Err(invalid(format!(
            "addmm: self of sizes {:?} does not broadcast to [{m}, {n}]",
            s.sizes
        )));
    }
    let out = args.out(5, &[m, n])?;
    let fam = elem::family(out.dtype);
    if fam == Family::I64 && (beta.is_float() || alpha.is_float()) {
        return Err(invalid(
            "addmm: for integral tensors, beta and alpha must not be floating point",
        ));
    }
    // Broadcast index of self for element (i, j).
    let (s_rows, s_cols) = match s.dim() {
        0 => (1, 1),
        1 => (1, s.sizes[0]),
        _ => (s.sizes[0], s.sizes[1]),
    };
    let s_at = move |i: usize, j: usize| -> usize {
        (if s_rows == 1 { 0 } else { i }) * s_cols + if s_cols == 1 { 0 } else { j }
    };
    let beta_zero = beta.to_f64() == 0.0;
    if fam == Family::F32 {
        let (av, sa) = f32_matrix(&a)?;
        let (bv, sb) = f32_matrix(&b)?;
        let mut ob = OutBuf::<f32>::new(&out);
        let o = ob.data();
        if !beta_zero {
            let sv = elem::read::<f32>(&s)?;
            for i in 0..m {
                for j in 0..n {
                    o[i * n + j] = sv[s_at(i, j)];
                }
            }
        }
        let am = MatRef {
            data: &av,
            rs: sa[0],
            cs: sa[1],
        };
        let bm = MatRef {
            data: &bv,
            rs: sb[0],
            cs: sb[1],
        };
        sgemm(
            m,
            n,
            k,
            alpha.to_f64() as f32,
            am,
            bm,
            beta.to_f64() as f32,
            o,
            n,
        )?;
        return ob.commit();
    }
    with_compute!(out.dtype, C, {
        let av = elem::read::<C>(&a)?;
        let bv = elem::read::<C>(&b)?;
        let conv = |x: Scalar| -> C {
            if C::IS_FLOAT {
                C::from_f64(x.to_f64())
            } else {
                C::from_i64(x.to_i64())
            }
        };
        let mut ob = OutBuf::<C>::new(&out);
        let o = ob.data();
        let beta_c = if beta_zero {
            None
        } else {
            let sv = elem::read::<C>(&s)?;
            for i in 0..m {
                for j in 0..n {
                    o[i * n + j] = sv[s_at(i, j)];
                }
            }
            Some(conv(beta))
        };
        gemm_generic::<C>(m, n, k, conv(alpha), &av, &bv, beta_c, o);
        ob.commit()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn naive(m: usize, n: usize, k: usize, a: &[f32], b: &[f32]) -> Vec<f32> {
        let mut c = vec![0.0; m * n];
        for i in 0..m {
            for j in 0..n {
                let mut s = 0.0f64;
                for p in 0..k {
                    s += a[i * k + p] as f64 * b[p * n + j] as f64;
                }
                c[i * n + j] = s as f32;
            }
        }
        c
    }

    #[test]
    fn sgemm_matches_naive() {
        for &(m, n, k) in &[
            (1, 1, 1),
            (7, 9, 13),
            (6, 8, 256),
            (130, 2100, 300),
            (5, 3, 0),
            (64, 49, 600),
        ] {
            let a: Vec<f32> = (0..m * k)
                .map(|i| ((i * 7 % 13) as f32 - 6.0) / 7.0)
                .collect();
            let b: Vec<f32> = (0..k * n)
                .map(|i| ((i * 5 % 11) as f32 - 5.0) / 5.0)
                .collect();
            let want = naive(m, n, k, &a, &b);
            let mut c = vec![f32::NAN; m * n];
            sgemm(
                m,
                n,
                k,
                1.0,
                MatRef::row_major(&a, k),
                MatRef::row_major(&b, n),
                0.0,
                &mut c,
                n,
            )
            .unwrap();
            for (x, y) in c.iter().zip(&want) {
                assert!((x - y).abs() < 1e-3, "{m}x{n}x{k}: {x} vs {y}");
            }
            // Transposed B, beta = 2.
            let bt: Vec<f32> = (0..k * n).map(|i| b[(i % k) * n + i / k]).collect();
            let mut c2 = vec![1.0; m * n];
            let btm = MatRef {
                data: &bt,
                rs: 1,
                cs: k,
            };
            sgemm(m, n, k, 0.5, MatRef::row_major(&a, k), btm, 2.0, &mut c2, n).unwrap();
            for (x, y) in c2.iter().zip(&want) {
                assert!((x - (0.5 * y + 2.0)).abs() < 1e-3);
            }
        }
    }
}
