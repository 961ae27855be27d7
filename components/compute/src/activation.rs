//! The scalar definitions of the activations XNNPACK computes with fused steps
//! (hardswish, sigmoid), rounding for rounding, shared by the XNNPACK guest (whose
//! wasm SIMD versions and int8 lookup tables follow them) and the host's native
//! convolution epilogues (`native-accel`, whose AVX-512 / AVX2 versions are tested
//! against them). The int8 programs XNNPACK's quantizer produces keep these in f32
//! between a dequantize and a quantize, so any other rounding flips quantized values.

/// `a * b + c` with one rounding, as a fused multiply-add instruction computes it.
///
/// XNNPACK's x86 (FMA3, AVX-512) and Arm (NEON FMA) microkernels fuse where this is
/// used; matching them bit for bit needs the single rounding. `f32::mul_add` would
/// give it too, but on wasm32 it is a software `fmaf` call. Here the product is exact
/// in f64 (24 + 24 bits), the sum is rounded to odd (TwoSum recovers what f64 rounding
/// dropped and forces the last bit to 1 when it dropped anything), and rounding an
/// odd-rounded f64 to f32 is correctly rounded, since f64 carries more than 24 + 2 bits.
#[inline(always)]
pub fn fused_mul_add(a: f32, b: f32, c: f32) -> f32 {
    let p = a as f64 * b as f64;
    let c = c as f64;
    let s = p + c;
    let bv = s - p;
    let err = (p - (s - bv)) + (c - bv);
    let bits = s.to_bits();
    if err == 0.0 || s == 0.0 || !s.is_finite() || bits & 1 == 1 {
        return s as f32;
    }
    let away = (err > 0.0) == (s > 0.0);
    f64::from_bits(if away { bits + 1 } else { bits - 1 }) as f32
}

/// Hardswish as XNNPACK's f32 microkernels compute it: `x * clamp(fma(x, 1/6, 1/2), 0, 1)`
/// (`src/f32-vhswish/simd.c.in`, the sixth rounded to f32, one rounding for the fused
/// step). The int8 programs XNNPACK's quantizer produces leave hardswish in f32 between
/// a dequantize and a quantize, so any other rounding flips quantized values downstream.
#[inline(always)]
pub fn hardswish(x: f32) -> f32 {
    const SIXTH: f32 = 1.0 / 6.0;
    let t = fused_mul_add(x, SIXTH, 0.5);
    let t = if t < 0.0 { 0.0 } else { t };
    let t = if t > 1.0 { 1.0 } else { t };
    t * x
}

/// XNNPACK's `exp` table for sigmoid (the SIMD versions look it up by `k mod 32`): `2^(k/32)` rounded to f32, `k = 0..32`.
pub static EXP2_K_OVER_32: [f32; 32] = [
    f32::from_bits(0x3f80_0000),
    f32::from_bits(0x3f82_cd87),
    f32::from_bits(0x3f85_aac3),
    f32::from_bits(0x3f88_980f),
    f32::from_bits(0x3f8b_95c2),
    f32::from_bits(0x3f8e_a43a),
    f32::from_bits(0x3f91_c3d3),
    f32::from_bits(0x3f94_f4f0),
    f32::from_bits(0x3f98_37f0),
    f32::from_bits(0x3f9b_8d3a),
    f32::from_bits(0x3f9e_f532),
    f32::from_bits(0x3fa2_7043),
    f32::from_bits(0x3fa5_fed7),
    f32::from_bits(0x3fa9_a15b),
    f32::from_bits(0x3fad_583f),
    f32::from_bits(0x3fb1_23f6),
    f32::from_bits(0x3fb5_04f3),
    f32::from_bits(0x3fb8_fbaf),
    f32::from_bits(0x3fbd_08a4),
    f32::from_bits(0x3fc1_2c4d),
    f32::from_bits(0x3fc5_672a),
    f32::from_bits(0x3fc9_b9be),
    f32::from_bits(0x3fce_248c),
    f32::from_bits(0x3fd2_a81e),
    f32::from_bits(0x3fd7_44fd),
    f32::from_bits(0x3fdb_fbb8),
    f32::from_bits(0x3fe0_ccdf),
    f32::from_bits(0x3fe5_b907),
    f32::from_bits(0x3fea_c0c7),
    f32::from_bits(0x3fef_e4ba),
    f32::from_bits(0x3ff5_257d),
    f32::from_bits(0x3ffa_83b3),
];
/// Constants of [`sigmoid`]'s range reduction and polynomial, as XNNPACK's kernel has them.
pub const SIG_LOG2E: f32 = f32::from_bits(0x3fb8_aa3b);
pub const SIG_MINUS_LN2_HI: f32 = f32::from_bits(0xbf31_7218);
pub const SIG_MINUS_LN2_LO: f32 = f32::from_bits(0x3102_e308);
pub const SIG_C1: f32 = f32::from_bits(0x3f80_007b);

/// `2^m` for an integer `m` in `[-1022, 1023]`, in f64.
#[inline(always)]
fn pow2_f64(m: i64) -> f64 {
    f64::from_bits(((m + 1023) as u64) << 52)
}

/// The logistic function `1 / (1 + exp(-x))` as XNNPACK's AVX-512 microkernel
/// (`src/f32-vsigmoid/avx512f-rr2-lut32-p2-perm2-scalef.c.in`, the one ExecuTorch's
/// XNNPACK picks on x86-64 with AVX-512) computes it, rounding for rounding: with
/// `z = -|x|`, `n = z * log2(e)` rounded to a multiple of 1/32, a two-step range
/// reduction `t = z - n * ln2`, `e = 2^n` from a 32-entry table and a degree-2
/// polynomial, then `e / (e + 1)`, mirrored for `x >= 0`; an `e` below f32's smallest
/// normal is flushed to zero as XNNPACK's denormals-off mode does. The int8 programs XNNPACK's
/// quantizer produces keep sigmoid (SiLU, squeeze-excite gates) in f32 between a
/// dequantize and a quantize, so another rounding would flip quantized values.
#[inline(always)]
pub fn sigmoid(x: f32) -> f32 {
    let z = -x.abs();
    // fma(z, log2e, 1.5 * 2^18) rounds to the 1/32 grid: the same as rounding the
    // exact product times 32 to the nearest integer, ties to even.
    let k = (z as f64 * SIG_LOG2E as f64 * 32.0).round_ties_even();
    let k = k.max(-1.0e6);
    let n = (k / 32.0) as f32;
    let l = EXP2_K_OVER_32[(k as i64 & 31) as usize];
    let t = fused_mul_add(n, SIG_MINUS_LN2_HI, z);
    let t = fused_mul_add(n, SIG_MINUS_LN2_LO, t);
    let p = fused_mul_add(t, 0.5, SIG_C1);
    let t = t * l;
    let p = fused_mul_add(t, p, l);
    let m = (n.floor() as i64).max(-1000);
    let e = (p as f64 * pow2_f64(m)) as f32;
    // XNNPACK runs its operators with denormals flushed to zero
    // (`PTHREADPOOL_FLAG_DISABLE_DENORMALS` in `src/operator-run.c`).
    let e = if e.abs() < f32::MIN_POSITIVE { 0.0 } else { e };
    let f = e / (e + 1.0);
    if x.is_sign_negative() {
        f
    } else {
        1.0 - f
    }
}

/// `x * sigmoid(x)`, the product rounded once from [`sigmoid`]'s f32 result (a
/// `Sigmoid` then a `Multiply`).
#[inline(always)]
pub fn silu(x: f32) -> f32 {
    x * sigmoid(x)
}

/// Constants of [`sigmoid_p5`], as XNNPACK's AVX2 kernel has them: the bias that
/// rounds `z * log2(e)` to an integer `n` and leaves `n + 127` in the low mantissa bits
/// (`0x1.8000FEp23`), `log2(e)`, `-ln(2)`, the degree-5 polynomial's `c5..c1`, and the
/// input below which `e^z` is under f32's smallest normal (`-0x1.5D589Ep+6`).
pub const P5_MAGIC: f32 = f32::from_bits(0x4b40_007f);
pub const P5_LOG2E: f32 = f32::from_bits(0x3fb8_aa3b);
pub const P5_MINUS_LN2: f32 = f32::from_bits(0xbf31_7218);
pub const P5_C5: f32 = f32::from_bits(0x3c07_cfce);
pub const P5_C4: f32 = f32::from_bits(0x3d2b_9d0d);
pub const P5_C3: f32 = f32::from_bits(0x3e2a_ad40);
pub const P5_C2: f32 = f32::from_bits(0x3eff_fee3);
pub const P5_C1: f32 = f32::from_bits(0x3f7f_fffb);
pub const P5_DENORM_CUTOFF: f32 = f32::from_bits(0xc2ae_ac4f);

/// The logistic function as XNNPACK's AVX2 microkernel computes it
/// (`src/f32-vsigmoid/avx2-rr1-p5.c.in` with division, `..._avx2_rr1_p5_div_u40`, the
/// one ExecuTorch's XNNPACK picks on x86-64 with AVX2 but not AVX-512), rounding for
/// rounding: with `z = -|x|`, `n = round(z * log2(e))` through [`P5_MAGIC`], `s = 2^n`
/// from `n`'s bits, a one-step range reduction `t = z - n * ln2`, a degree-5
/// polynomial, `e = s + (t * s) * p`, then `e / (e + 1)`, mirrored for `x >= 0`.
/// Below [`P5_DENORM_CUTOFF`], and where `e` is under f32's smallest normal (flushed as
/// in XNNPACK's denormals-off mode), `e` is zero.
///
/// It needs no table: on AVX2, where [`sigmoid`]'s 32-entry table costs four permutes
/// and three blends per vector, it is about twice as fast. It differs from
/// [`sigmoid`] by at most a few ulp.
#[inline(always)]
pub fn sigmoid_p5(x: f32) -> f32 {
    let z = -x.abs();
    let e = if z < P5_DENORM_CUTOFF {
        0.0
    } else {
        let nm = fused_mul_add(z, P5_LOG2E, P5_MAGIC);
        let s = f32::from_bits(nm.to_bits() << 23);
        let n = nm - P5_MAGIC;
        let t = fused_mul_add(n, P5_MINUS_LN2, z);
        let p = fused_mul_add(P5_C5, t, P5_C4);
        let p = fused_mul_add(p, t, P5_C3);
        let p = fused_mul_add(p, t, P5_C2);
        let p = fused_mul_add(p, t, P5_C1);
        let t = t * s;
        let e = fused_mul_add(t, p, s);
        if e < f32::MIN_POSITIVE {
            0.0
        } else {
            e
        }
    };
    let f = e / (e + 1.0);
    if x.is_sign_negative() {
        f
    } else {
        1.0 - f
    }
}

/// `x * sigmoid_p5(x)`, the product rounded once (XNNPACK's AVX2 `Sigmoid` then a
/// `Multiply`).
#[inline(always)]
pub fn silu_p5(x: f32) -> f32 {
    x * sigmoid_p5(x)
}
