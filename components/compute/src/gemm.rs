//! The blocked single-precision GEMM shared by plugboard's guest components (the
//! portable kernel library's matrix products and convolutions, the XNNPACK backend's
//! fully connected, batch matmul and convolution nodes).
//!
//! The GEMM follows the BLIS structure: `B` is packed into `KC x NC` blocks of
//! `NR`-wide column panels, `A` into `MC x KC` blocks of `MR`-tall row panels, and a
//! register-blocked `MR x NR` micro-kernel (WebAssembly SIMD128, with relaxed-SIMD
//! fused multiply-add where the target has it) multiplies one pair of panels. The
//! packing buffers are thread-local and reused across calls.

use std::cell::RefCell;

/// An operand that does not fit the dimensions it was given (an internal error of the
/// caller).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GemmError(pub String);

impl std::fmt::Display for GemmError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for GemmError {}

// ---------------------------------------------------------------------------
// Blocked f32 GEMM
// ---------------------------------------------------------------------------

/// Rows of the micro-kernel's tile.
pub const MR: usize = 8;
/// Columns of the micro-kernel's tile (two SIMD vectors).
pub const NR: usize = 8;
/// Largest depth of one packed block (the depth is split into equal blocks).
const KC: usize = 384;
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
    pub fn fits(&self, rows: usize, cols: usize) -> bool {
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
#[allow(clippy::too_many_arguments)]
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
) -> Result<(), GemmError> {
    if m > 0 && n > 0 && !b.fits(k, n) {
        return Err(GemmError(format!(
            "internal: GEMM operand B too small for {k}x{n}"
        )));
    }
    gemm(m, n, k, alpha, a, &b, beta, c, ldc)
}

/// A `B` operand that packs its own blocks, for products whose `B` is never stored
/// whole (the columns of a convolution, gathered straight from its input).
pub trait PackB {
    /// Packs rows `pc..pc+kc` and columns `jc..jc+nc` into `buf` as consecutive
    /// `NR`-wide panels, each `kc` groups of `NR` values (depth-major), zero-padding
    /// the columns of the last panel beyond `nc`.
    fn pack(&self, buf: &mut [f32], pc: usize, kc: usize, jc: usize, nc: usize);

    /// The block [`PackB::pack`] would write, when it is already packed (weights
    /// packed once, see [`PackedB`]); `None` to have it packed.
    fn packed(&self, _pc: usize, _kc: usize, _jc: usize, _nc: usize) -> Option<&[f32]> {
        None
    }
}

impl PackB for MatRef<'_> {
    fn pack(&self, buf: &mut [f32], pc: usize, kc: usize, jc: usize, nc: usize) {
        pack_b(buf, *self, pc, kc, jc, nc)
    }
}

/// An `A` operand that packs its own blocks (for example the rows of an implicit
/// im2col matrix gathered straight from a convolution's input).
pub trait PackA {
    /// Packs rows `ic..ic+mc` and columns `pc..pc+kc` into `buf` as consecutive
    /// `MR`-tall panels, each `kc` groups of `MR` values (depth-major), zero-padding
    /// the rows of the last panel beyond `mc`.
    fn pack_rows(&self, buf: &mut [f32], ic: usize, mc: usize, pc: usize, kc: usize);
}

impl PackA for MatRef<'_> {
    fn pack_rows(&self, buf: &mut [f32], ic: usize, mc: usize, pc: usize, kc: usize) {
        pack_a(buf, *self, ic, mc, pc, kc)
    }
}

/// Depth of the blocks a `k`-deep product is split into: equal blocks of at most
/// `KC`, so that no block is much shorter than the others.
fn depth_block(k: usize) -> usize {
    k.div_ceil(k.div_ceil(KC))
}

/// A `k x n` `B` operand packed once, in exactly the blocks [`gemm`] asks for: for
/// constant weights, the product then reads the packed panels in place.
#[derive(Clone, Debug, Default)]
pub struct PackedB {
    k: usize,
    n: usize,
    kc_max: usize,
    /// Every `(jc, pc)` block in [`gemm`]'s order, `nc.div_ceil(NR) * NR * kc` values each.
    data: Vec<f32>,
    /// Start of each block in `data`, indexed `[jc / NC][pc / kc_max]`.
    offsets: Vec<usize>,
}

impl PackedB {
    /// Packs the `k x n` matrix `b` (any strides).
    pub fn new(k: usize, n: usize, b: MatRef<'_>) -> Result<PackedB, GemmError> {
        if k > 0 && n > 0 && !b.fits(k, n) {
            return Err(GemmError(format!(
                "internal: GEMM operand B too small for {k}x{n}"
            )));
        }
        let kc_max = if k == 0 { 1 } else { depth_block(k) };
        let mut data = Vec::new();
        let mut offsets = Vec::new();
        let mut jc = 0;
        while jc < n {
            let nc = NC.min(n - jc);
            let mut pc = 0;
            while pc < k {
                let kc = kc_max.min(k - pc);
                let start = data.len();
                offsets.push(start);
                data.resize(start + nc.div_ceil(NR) * NR * kc, 0.0);
                pack_b(&mut data[start..], b, pc, kc, jc, nc);
                pc += kc;
            }
            jc += nc;
        }
        Ok(PackedB {
            k,
            n,
            kc_max,
            data,
            offsets,
        })
    }

    /// Rows (depth) of the packed matrix.
    pub fn k(&self) -> usize {
        self.k
    }

    /// Columns of the packed matrix.
    pub fn n(&self) -> usize {
        self.n
    }
}

impl PackB for PackedB {
    fn pack(&self, buf: &mut [f32], pc: usize, kc: usize, jc: usize, nc: usize) {
        if let Some(p) = self.packed(pc, kc, jc, nc) {
            buf[..p.len()].copy_from_slice(p);
        }
    }

    fn packed(&self, pc: usize, kc: usize, jc: usize, nc: usize) -> Option<&[f32]> {
        if kc == 0 || !pc.is_multiple_of(self.kc_max) || !jc.is_multiple_of(NC) {
            return None;
        }
        let per_jc = self.k.div_ceil(self.kc_max);
        let idx = (jc / NC) * per_jc + pc / self.kc_max;
        let start = *self.offsets.get(idx)?;
        let len = nc.div_ceil(NR) * NR * kc;
        self.data.get(start..start + len)
    }
}

/// [`sgemm`] with a `B` operand given by its packer (`b` must cover `k x n`).
#[allow(clippy::too_many_arguments)]
pub fn gemm<B: PackB + ?Sized>(
    m: usize,
    n: usize,
    k: usize,
    alpha: f32,
    a: MatRef<'_>,
    b: &B,
    beta: f32,
    c: &mut [f32],
    ldc: usize,
) -> Result<(), GemmError> {
    if m > 0 && n > 0 && !a.fits(m, k) {
        return Err(GemmError(format!(
            "internal: GEMM operands too small for {m}x{n}x{k}"
        )));
    }
    gemm_packed(m, n, k, alpha, &a, b, beta, c, ldc)
}

/// The general product: `C = alpha * A B + beta * C` with both operands given by their
/// packers (`a` must cover `m x k`, `b` `k x n`); `C` is `m x n` row-major with leading
/// dimension `ldc`.
#[allow(clippy::too_many_arguments)]
pub fn gemm_packed<A: PackA + ?Sized, B: PackB + ?Sized>(
    m: usize,
    n: usize,
    k: usize,
    alpha: f32,
    a: &A,
    b: &B,
    beta: f32,
    c: &mut [f32],
    ldc: usize,
) -> Result<(), GemmError> {
    gemm_epilogue(m, n, k, alpha, a, b, beta, c, ldc, None)
}

/// Work fused into the GEMM's final stores: `c[i][j] = clamp(c[i][j] + bias[j], min,
/// max)`, so that a layer's bias and activation cost no extra pass over `C`.
/// The clamp keeps NaNs.
#[derive(Clone, Copy, Debug)]
pub struct Epilogue<'a> {
    /// One value per column of `C` (at least `n`), or none.
    pub bias: Option<&'a [f32]>,
    /// Lower bound (`-inf` for none).
    pub min: f32,
    /// Upper bound (`+inf` for none).
    pub max: f32,
}

impl Epilogue<'_> {
    fn clamps(&self) -> bool {
        self.min != f32::NEG_INFINITY || self.max != f32::INFINITY
    }

    #[inline(always)]
    fn apply(&self, v: f32, j: usize) -> f32 {
        let v = match self.bias {
            Some(b) => v + b[j],
            None => v,
        };
        if v < self.min {
            self.min
        } else if v > self.max {
            self.max
        } else {
            v
        }
    }

    /// The same epilogue for the columns from `j` on.
    fn columns_from(&self, j: usize) -> Epilogue<'_> {
        Epilogue {
            bias: self.bias.map(|b| &b[j..]),
            min: self.min,
            max: self.max,
        }
    }
}

/// [`gemm_packed`] followed by `epilogue` (see [`Epilogue`]) on every element of `C`.
#[allow(clippy::too_many_arguments)]
pub fn gemm_epilogue<A: PackA + ?Sized, B: PackB + ?Sized>(
    m: usize,
    n: usize,
    k: usize,
    alpha: f32,
    a: &A,
    b: &B,
    beta: f32,
    c: &mut [f32],
    ldc: usize,
    epilogue: Option<&Epilogue<'_>>,
) -> Result<(), GemmError> {
    if m == 0 || n == 0 {
        return Ok(());
    }
    if ldc < n || (m - 1) * ldc + n > c.len() {
        return Err(GemmError(format!(
            "internal: GEMM operands too small for {m}x{n}x{k}"
        )));
    }
    if let Some(e) = epilogue {
        if e.bias.is_some_and(|b| b.len() < n) {
            return Err(GemmError(format!(
                "internal: GEMM bias shorter than {n} columns"
            )));
        }
    }
    // Nothing to fuse into: apply the epilogue as its own pass.
    let apply_after = |c: &mut [f32]| {
        if let Some(e) = epilogue {
            for i in 0..m {
                for (j, v) in c[i * ldc..i * ldc + n].iter_mut().enumerate() {
                    *v = e.apply(*v, j);
                }
            }
        }
    };
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
        apply_after(c);
        return Ok(());
    }
    PACK_A.with(|pa| {
        PACK_B.with(|pb| {
            let mut pa = pa.borrow_mut();
            let mut pb = pb.borrow_mut();
            let kc_max = depth_block(k);
            let need_a = MC.min(m.div_ceil(MR) * MR) * kc_max;
            let need_b = NC.min(n.div_ceil(NR) * NR) * kc_max;
            if pa.len() < need_a {
                pa.resize(need_a, 0.0);
            }
            let mut jc = 0;
            while jc < n {
                let nc = NC.min(n - jc);
                let mut pc = 0;
                while pc < k {
                    let kc = kc_max.min(k - pc);
                    let bp: &[f32] = match b.packed(pc, kc, jc, nc) {
                        Some(p) => p,
                        None => {
                            if pb.len() < need_b {
                                pb.resize(need_b, 0.0);
                            }
                            b.pack(&mut pb, pc, kc, jc, nc);
                            &pb
                        }
                    };
                    let acc = accumulate || pc > 0;
                    // The epilogue goes with the last depth block's stores.
                    let epi = epilogue
                        .filter(|_| pc + kc >= k)
                        .map(|e| e.columns_from(jc));
                    let mut ic = 0;
                    while ic < m {
                        let mc = MC.min(m - ic);
                        a.pack_rows(&mut pa, ic, mc, pc, kc);
                        macro_block(
                            &pa,
                            bp,
                            mc,
                            nc,
                            kc,
                            alpha,
                            acc,
                            &mut c[ic * ldc + jc..],
                            ldc,
                            epi.as_ref(),
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
            let rows: [&[f32]; MR] =
                std::array::from_fn(|i| &a.data[base + i * a.rs..base + i * a.rs + kc]);
            pack_rows(panel, rows, kc);
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

/// Interleaves `MR` rows of `kc` values into `panel[p * MR + i] = rows[i][p]` (the
/// depth-major layout of an `MR`-tall panel of `A`), with SIMD 4x4 transposes; for
/// [`PackA`] implementations that gather their rows.
pub fn pack_rows(panel: &mut [f32], rows: [&[f32]; MR], kc: usize) {
    assert!(panel.len() >= kc * MR && rows.iter().all(|r| r.len() >= kc));
    let mut p = 0;
    #[cfg(target_arch = "wasm32")]
    {
        use std::arch::wasm32::*;
        // 4x4 transposes of each group of four rows.
        while p + 4 <= kc {
            let mut g = 0;
            while g + 4 <= MR {
                // SAFETY: p + 4 <= kc <= rows[i].len(), and panel holds kc * MR values;
                // the stores write values p * MR + g .. (p + 3) * MR + g + 4.
                unsafe {
                    let r0 = v128_load(rows[g].as_ptr().add(p) as *const v128);
                    let r1 = v128_load(rows[g + 1].as_ptr().add(p) as *const v128);
                    let r2 = v128_load(rows[g + 2].as_ptr().add(p) as *const v128);
                    let r3 = v128_load(rows[g + 3].as_ptr().add(p) as *const v128);
                    let t0 = i32x4_shuffle::<0, 4, 1, 5>(r0, r1);
                    let t1 = i32x4_shuffle::<2, 6, 3, 7>(r0, r1);
                    let t2 = i32x4_shuffle::<0, 4, 1, 5>(r2, r3);
                    let t3 = i32x4_shuffle::<2, 6, 3, 7>(r2, r3);
                    let o = panel.as_mut_ptr().add(p * MR + g);
                    v128_store(o as *mut v128, i64x2_shuffle::<0, 2>(t0, t2));
                    v128_store(o.add(MR) as *mut v128, i64x2_shuffle::<1, 3>(t0, t2));
                    v128_store(o.add(2 * MR) as *mut v128, i64x2_shuffle::<0, 2>(t1, t3));
                    v128_store(o.add(3 * MR) as *mut v128, i64x2_shuffle::<1, 3>(t1, t3));
                }
                g += 4;
            }
            for q in p..p + 4 {
                for i in g..MR {
                    panel[q * MR + i] = rows[i][q];
                }
            }
            p += 4;
        }
    }
    while p < kc {
        for (i, r) in rows.iter().enumerate() {
            panel[p * MR + i] = r[p];
        }
        p += 1;
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

/// How far ahead of the current `B` panel [`macro_block`] touches, in values.
const TOUCH_AHEAD: usize = 8192;

/// Reads one value of every cache line of `p` (a software prefetch).
fn touch(p: &[f32]) {
    let mut i = 0;
    while i < p.len() {
        // SAFETY: i < p.len().
        unsafe {
            std::ptr::read_volatile(p.as_ptr().add(i));
        }
        i += 16;
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
    epi: Option<&Epilogue<'_>>,
) {
    // Epilogue operands of the full-tile kernel: the bias of the tile's first column
    // (or null) and the clamp range (or none).
    let (bias, clamp) = match epi {
        Some(e) => (
            e.bias.map_or(std::ptr::null(), |b| b.as_ptr()),
            e.clamps().then_some((e.min, e.max)),
        ),
        None => (std::ptr::null(), None),
    };
    let mut jr = 0;
    while jr < nc {
        let nr = NR.min(nc - jr);
        let bp = &pb[(jr / NR) * kc * NR..(jr / NR + 1) * kc * NR];
        // Touch the panel after next so that its cache misses overlap this panel's
        // arithmetic: with few rows the product streams `B` (weights far larger
        // than the caches) with little work per value, and the micro-kernel's
        // stores keep too few of its loads in flight.
        let ahead = jr / NR + (TOUCH_AHEAD / (kc * NR)).max(2);
        if let Some(next) = pb.get(ahead * kc * NR..(ahead + 1) * kc * NR) {
            touch(next);
        }
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
                    // The bias covers the block's columns, jr + NR <= nc.
                    let tile_epi = epi.map(|_| TileEpilogue {
                        bias: if bias.is_null() { bias } else { bias.add(jr) },
                        clamp,
                    });
                    micro_kernel::<MR>(
                        kc,
                        ap.as_ptr(),
                        bp.as_ptr(),
                        ct.as_mut_ptr(),
                        ldc,
                        alpha,
                        accumulate,
                        tile_epi.as_ref(),
                    );
                };
            } else {
                let mut tile = [0.0f32; MR * NR];
                // SAFETY: `tile` is a full MR x NR tile with row stride NR.
                unsafe {
                    #[cfg(target_arch = "wasm32")]
                    if nr <= 4 {
                        micro_kernel_narrow(
                            kc,
                            ap.as_ptr(),
                            bp.as_ptr(),
                            tile.as_mut_ptr(),
                            NR,
                            alpha,
                        );
                    } else {
                        // Only as many rows as the tile has (a product of one row,
                        // such as a fully connected layer's, costs one row).
                        let k = match mr {
                            1 => micro_kernel::<1>,
                            2 => micro_kernel::<2>,
                            3 | 4 => micro_kernel::<4>,
                            _ => micro_kernel::<MR>,
                        };
                        k(
                            kc,
                            ap.as_ptr(),
                            bp.as_ptr(),
                            tile.as_mut_ptr(),
                            NR,
                            alpha,
                            false,
                            None,
                        );
                    }
                    #[cfg(not(target_arch = "wasm32"))]
                    micro_kernel::<MR>(
                        kc,
                        ap.as_ptr(),
                        bp.as_ptr(),
                        tile.as_mut_ptr(),
                        NR,
                        alpha,
                        false,
                        None,
                    );
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
                    if let Some(e) = epi {
                        for (j, o) in row.iter_mut().enumerate() {
                            *o = e.apply(*o, jr + j);
                        }
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

/// Lane `l` of `v` in every lane.
#[cfg(target_arch = "wasm32")]
#[inline(always)]
fn lane(v: std::arch::wasm32::v128, l: usize) -> std::arch::wasm32::v128 {
    use std::arch::wasm32::*;
    match l {
        0 => i32x4_shuffle::<0, 0, 0, 0>(v, v),
        1 => i32x4_shuffle::<1, 1, 1, 1>(v, v),
        2 => i32x4_shuffle::<2, 2, 2, 2>(v, v),
        _ => i32x4_shuffle::<3, 3, 3, 3>(v, v),
    }
}

/// Depth steps per iteration of the micro-kernel's loop (see [`micro_kernel`]).
#[cfg(target_arch = "wasm32")]
const UNROLL: usize = 3;

/// The `MR x NR` micro-kernel: `C = alpha * Ap Bp (+ C if accumulate)`, for the
/// first `R` rows of the tile (`R` is 1, 2, 4 or `MR`; the panel is `MR` tall).
///
/// Its shape is set by how wasm code reaches the machine. With epoch interruption,
/// wasmtime checks the epoch at every loop header, and Cranelift then keeps the
/// vectors carried across the loop in stack slots: every iteration reloads and stores
/// each accumulator (and its register allocator adds copies between slots). LLVM in
/// turn emits each accumulator's update as one expression tree, with the operands'
/// loads hoisted to the top of the loop body. So the accumulators are kept in memory
/// on purpose, read and written with volatile accesses (each one loaded, updated
/// `UNROLL` times and stored in turn, no copies), there are many of them (16, an
/// 8x8 tile: the store-to-load latency of one is hidden behind the others'
/// arithmetic), and the body is three depth steps long (12 operand vectors, which
/// still fit the 16 xmm registers; four steps spill).
///
/// Measured against the earlier 4x8 kernel with its accumulators in registers (two
/// steps per iteration): mobilenet_v2's 1x1 convolutions take about 25% less time.
///
/// # Safety
/// `ap` points to `kc * MR` values, `bp` to `kc * NR`, and `c` to an `MR x NR` tile
/// with row stride `ldc` (only its first `R` rows are written).
#[cfg(target_arch = "wasm32")]
#[inline(never)]
#[allow(clippy::too_many_arguments)]
unsafe fn micro_kernel<const R: usize>(
    kc: usize,
    ap: *const f32,
    bp: *const f32,
    c: *mut f32,
    ldc: usize,
    alpha: f32,
    accumulate: bool,
    epi: Option<&TileEpilogue>,
) {
    use std::arch::wasm32::*;
    let z = f32x4_splat(0.0);
    let mut a = ap;
    let mut b = bp;
    // The accumulators, in memory (see above).
    let mut mem = [[z; 2]; MR];
    let mp = mem.as_mut_ptr() as *mut v128;
    // `U` depth steps: each accumulator is loaded, updated `U` times and stored.
    macro_rules! steps {
        ($u:expr) => {{
            let bv: [[v128; 2]; $u] = std::array::from_fn(|u| {
                [
                    v128_load(b.add(u * NR) as *const v128),
                    v128_load(b.add(u * NR + 4) as *const v128),
                ]
            });
            let av: [[v128; 2]; $u] = std::array::from_fn(|u| {
                std::array::from_fn(|g| {
                    if 4 * g < MR {
                        v128_load(a.add(u * MR + 4 * g) as *const v128)
                    } else {
                        z
                    }
                })
            });
            // Row `i` of the tile: lane `l` of the A vector `g`.
            macro_rules! row {
                ($i:literal, $g:literal, $l:literal) => {{
                    let ai: [v128; $u] = std::array::from_fn(|u| {
                        i32x4_shuffle::<$l, $l, $l, $l>(av[u][$g], av[u][$g])
                    });
                    for j in 0..2 {
                        let p = mp.add(2 * $i + j);
                        let mut r = std::ptr::read_volatile(p);
                        for u in 0..$u {
                            r = madd(ai[u], bv[u][j], r);
                        }
                        std::ptr::write_volatile(p, r);
                    }
                }};
            }
            row!(0, 0, 0);
            if R > 1 {
                row!(1, 0, 1);
            }
            if R > 2 {
                row!(2, 0, 2);
                row!(3, 0, 3);
            }
            if R > 4 {
                row!(4, 1, 0);
                row!(5, 1, 1);
            }
            if R > 6 {
                row!(6, 1, 2);
                row!(7, 1, 3);
            }
            a = a.add($u * MR);
            b = b.add($u * NR);
        }};
    }
    for _ in 0..kc / UNROLL {
        steps!(UNROLL);
    }
    for _ in 0..kc % UNROLL {
        steps!(1);
    }
    let va = f32x4_splat(alpha);
    // Fused epilogue operands (see `TileEpilogue`).
    let (bias, clamp) = match epi {
        Some(e) if !e.bias.is_null() => (
            Some((
                v128_load(e.bias as *const v128),
                v128_load(e.bias.add(4) as *const v128),
            )),
            e.clamp,
        ),
        Some(e) => (None, e.clamp),
        None => (None, None),
    };
    let clamp = clamp.map(|(lo, hi)| (f32x4_splat(lo), f32x4_splat(hi)));
    for i in 0..R {
        let p = c.add(i * ldc);
        let mut r0 = std::ptr::read_volatile(mp.add(2 * i));
        let mut r1 = std::ptr::read_volatile(mp.add(2 * i + 1));
        if alpha != 1.0 {
            r0 = f32x4_mul(r0, va);
            r1 = f32x4_mul(r1, va);
        }
        if accumulate {
            r0 = f32x4_add(r0, v128_load(p as *const v128));
            r1 = f32x4_add(r1, v128_load(p.add(4) as *const v128));
        }
        if let Some((b0, b1)) = bias {
            r0 = f32x4_add(r0, b0);
            r1 = f32x4_add(r1, b1);
        }
        if let Some((lo, hi)) = clamp {
            // pmax(v, lo) = v < lo ? lo : v and pmin(v, hi) = hi < v ? hi : v: NaN
            // compares false and stays.
            r0 = f32x4_pmin(f32x4_pmax(r0, lo), hi);
            r1 = f32x4_pmin(f32x4_pmax(r1, lo), hi);
        }
        v128_store(p as *mut v128, r0);
        v128_store(p.add(4) as *mut v128, r1);
    }
}

/// The epilogue of one full `MR x NR` tile, applied by [`micro_kernel`] before its
/// stores: add `bias[0..NR]` (unless null), then clamp to `clamp` (unless none),
/// keeping NaNs.
struct TileEpilogue {
    bias: *const f32,
    clamp: Option<(f32, f32)>,
}

/// The `MR x 4` micro-kernel for a last panel with at most four valid columns (half
/// the work of [`micro_kernel`]): `C = alpha * Ap Bp[:, 0..4]` into a tile with row
/// stride `ldc`, never accumulating.
///
/// # Safety
/// `ap` points to `kc * MR` values, `bp` to `kc * NR`, and `c` to an `MR x 4` tile
/// with row stride `ldc`.
#[cfg(target_arch = "wasm32")]
#[inline(never)]
unsafe fn micro_kernel_narrow(
    kc: usize,
    ap: *const f32,
    bp: *const f32,
    c: *mut f32,
    ldc: usize,
    alpha: f32,
) {
    use std::arch::wasm32::*;
    let z = f32x4_splat(0.0);
    let mut acc = [z; MR];
    let mut a = ap;
    let mut b = bp;
    for _ in 0..kc {
        let b0 = v128_load(b as *const v128);
        let av: [v128; MR.div_ceil(4)] =
            std::array::from_fn(|g| v128_load(a.add(4 * g) as *const v128));
        for (i, r) in acc.iter_mut().enumerate() {
            *r = madd(lane(av[i / 4], i % 4), b0, *r);
        }
        a = a.add(MR);
        b = b.add(NR);
    }
    let va = f32x4_splat(alpha);
    for (i, r) in acc.into_iter().enumerate() {
        v128_store(c.add(i * ldc) as *mut v128, f32x4_mul(r, va));
    }
}

/// Scalar micro-kernel for targets without WebAssembly SIMD (keeps the crate portable).
///
/// # Safety
/// As the SIMD version.
#[cfg(not(target_arch = "wasm32"))]
#[allow(clippy::too_many_arguments)]
unsafe fn micro_kernel<const R: usize>(
    kc: usize,
    ap: *const f32,
    bp: *const f32,
    c: *mut f32,
    ldc: usize,
    alpha: f32,
    accumulate: bool,
    epi: Option<&TileEpilogue>,
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
            let mut v = if accumulate {
                *p + alpha * v
            } else {
                alpha * v
            };
            if let Some(e) = epi {
                if !e.bias.is_null() {
                    v += *e.bias.add(j);
                }
                if let Some((lo, hi)) = e.clamp {
                    v = if v < lo {
                        lo
                    } else if v > hi {
                        hi
                    } else {
                        v
                    };
                }
            }
            *p = v;
        }
    }
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

    #[test]
    fn packed_b_matches_sgemm() {
        for &(m, n, k) in &[(1, 10, 16), (9, 2100, 800), (5, 3, 0), (17, 33, 385)] {
            let a: Vec<f32> = (0..m * k)
                .map(|i| ((i * 3 % 7) as f32 - 3.0) / 3.0)
                .collect();
            let w: Vec<f32> = (0..k * n)
                .map(|i| ((i * 5 % 11) as f32 - 5.0) / 5.0)
                .collect();
            // Weights stored [n, k] (a linear layer): B = W^T.
            let bt = MatRef {
                data: &w,
                rs: 1,
                cs: k,
            };
            let mut want = vec![0.0; m * n];
            sgemm(
                m,
                n,
                k,
                1.0,
                MatRef::row_major(&a, k),
                bt,
                0.0,
                &mut want,
                n,
            )
            .unwrap();
            let packed = PackedB::new(k, n, bt).unwrap();
            let mut got = vec![f32::NAN; m * n];
            gemm(
                m,
                n,
                k,
                1.0,
                MatRef::row_major(&a, k),
                &packed,
                0.0,
                &mut got,
                n,
            )
            .unwrap();
            assert_eq!(got, want, "{m}x{n}x{k}");
        }
    }

    #[test]
    fn epilogue_matches_separate_passes() {
        for &(m, n, k) in &[(1, 10, 16), (9, 37, 800), (6, 3, 0), (17, 33, 5)] {
            let a: Vec<f32> = (0..m * k)
                .map(|i| ((i * 3 % 7) as f32 - 3.0) / 3.0)
                .collect();
            let w: Vec<f32> = (0..k * n)
                .map(|i| ((i * 5 % 11) as f32 - 5.0) / 5.0)
                .collect();
            let bias: Vec<f32> = (0..n).map(|j| j as f32 * 0.25 - 1.0).collect();
            let bt = MatRef {
                data: &w,
                rs: 1,
                cs: k,
            };
            let packed = PackedB::new(k, n, bt).unwrap();
            let mut want = vec![0.0; m * n];
            sgemm(
                m,
                n,
                k,
                1.0,
                MatRef::row_major(&a, k),
                bt,
                0.0,
                &mut want,
                n,
            )
            .unwrap();
            for i in 0..m {
                for j in 0..n {
                    want[i * n + j] = (want[i * n + j] + bias[j]).clamp(-0.5, 2.0);
                }
            }
            let mut got = vec![f32::NAN; m * n];
            let epi = Epilogue {
                bias: Some(&bias),
                min: -0.5,
                max: 2.0,
            };
            let a = MatRef::row_major(&a, k);
            gemm_epilogue(m, n, k, 1.0, &a, &packed, 0.0, &mut got, n, Some(&epi)).unwrap();
            for (x, y) in got.iter().zip(&want) {
                assert!((x - y).abs() < 1e-4, "{m}x{n}x{k}: {x} vs {y}");
            }
        }
    }
}
