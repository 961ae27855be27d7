//! A small abstraction over `f32` and a 4-lane `v128` of f32 so that elementwise f32
//! kernels (and their polynomial approximations) are written once and run both as
//! SIMD128 over the bulk of a tensor and as scalars over its tail. On targets other than
//! wasm32 only the scalar form exists.

#[cfg(target_arch = "wasm32")]
use core::arch::wasm32::*;

/// Operations on one value or a vector of f32 lanes.
pub trait Lanes: Copy {
    /// A per-lane condition.
    type Mask: Copy;
    /// All lanes `v`.
    fn splat(v: f32) -> Self;
    /// `self + o`.
    fn add(self, o: Self) -> Self;
    /// `self - o`.
    fn sub(self, o: Self) -> Self;
    /// `self * o`.
    fn mul(self, o: Self) -> Self;
    /// `self / o`.
    fn div(self, o: Self) -> Self;
    /// `self * b + c`, fused where the engine fuses relaxed-SIMD madd.
    fn madd(self, b: Self, c: Self) -> Self;
    /// Smaller, NaN if either is NaN.
    fn min(self, o: Self) -> Self;
    /// Larger, NaN if either is NaN.
    fn max(self, o: Self) -> Self;
    /// `|self|`.
    fn abs(self) -> Self;
    /// `-self`.
    fn neg(self) -> Self;
    /// Square root.
    fn sqrt(self) -> Self;
    /// Round down.
    fn floor(self) -> Self;
    /// Round up.
    fn ceil(self) -> Self;
    /// Round toward zero.
    fn trunc(self) -> Self;
    /// Round to nearest, ties to even.
    fn round(self) -> Self;
    /// `self < o`.
    fn lt(self, o: Self) -> Self::Mask;
    /// `self > o`.
    fn gt(self, o: Self) -> Self::Mask;
    /// `self >= o`.
    fn ge(self, o: Self) -> Self::Mask;
    /// `m ? a : b` per lane.
    fn select(m: Self::Mask, a: Self, b: Self) -> Self;
    /// `2^n` for integer-valued `n` in `[-126, 127]` (0 gives 1 for NaN).
    fn pow2i(n: Self) -> Self;
}

impl Lanes for f32 {
    type Mask = bool;
    #[inline(always)]
    fn splat(v: f32) -> Self {
        v
    }
    #[inline(always)]
    fn add(self, o: Self) -> Self {
        self + o
    }
    #[inline(always)]
    fn sub(self, o: Self) -> Self {
        self - o
    }
    #[inline(always)]
    fn mul(self, o: Self) -> Self {
        self * o
    }
    #[inline(always)]
    fn div(self, o: Self) -> Self {
        self / o
    }
    #[inline(always)]
    fn madd(self, b: Self, c: Self) -> Self {
        self * b + c
    }
    #[inline(always)]
    fn min(self, o: Self) -> Self {
        if self.is_nan() || o.is_nan() {
            f32::NAN
        } else if o < self {
            o
        } else {
            self
        }
    }
    #[inline(always)]
    fn max(self, o: Self) -> Self {
        if self.is_nan() || o.is_nan() {
            f32::NAN
        } else if self < o {
            o
        } else {
            self
        }
    }
    #[inline(always)]
    fn abs(self) -> Self {
        f32::abs(self)
    }
    #[inline(always)]
    fn neg(self) -> Self {
        -self
    }
    #[inline(always)]
    fn sqrt(self) -> Self {
        f32::sqrt(self)
    }
    #[inline(always)]
    fn floor(self) -> Self {
        f32::floor(self)
    }
    #[inline(always)]
    fn ceil(self) -> Self {
        f32::ceil(self)
    }
    #[inline(always)]
    fn trunc(self) -> Self {
        f32::trunc(self)
    }
    #[inline(always)]
    fn round(self) -> Self {
        f32::round_ties_even(self)
    }
    #[inline(always)]
    fn lt(self, o: Self) -> bool {
        self < o
    }
    #[inline(always)]
    fn gt(self, o: Self) -> bool {
        self > o
    }
    #[inline(always)]
    fn ge(self, o: Self) -> bool {
        self >= o
    }
    #[inline(always)]
    fn select(m: bool, a: Self, b: Self) -> Self {
        if m {
            a
        } else {
            b
        }
    }
    #[inline(always)]
    fn pow2i(n: Self) -> Self {
        f32::from_bits(((n as i32 + 127) << 23) as u32)
    }
}

/// Four f32 lanes.
#[cfg(target_arch = "wasm32")]
#[derive(Clone, Copy)]
pub struct F4(pub v128);

#[cfg(target_arch = "wasm32")]
impl F4 {
    /// Loads four floats from `p` (any alignment).
    ///
    /// # Safety
    /// `p..p+4` must be readable.
    #[inline(always)]
    pub unsafe fn load(p: *const f32) -> F4 {
        F4(v128_load(p as *const v128))
    }
    /// Stores four floats to `p` (any alignment).
    ///
    /// # Safety
    /// `p..p+4` must be writable.
    #[inline(always)]
    pub unsafe fn store(self, p: *mut f32) {
        v128_store(p as *mut v128, self.0)
    }
}

#[cfg(target_arch = "wasm32")]
impl Lanes for F4 {
    type Mask = v128;
    #[inline(always)]
    fn splat(v: f32) -> Self {
        F4(f32x4_splat(v))
    }
    #[inline(always)]
    fn add(self, o: Self) -> Self {
        F4(f32x4_add(self.0, o.0))
    }
    #[inline(always)]
    fn sub(self, o: Self) -> Self {
        F4(f32x4_sub(self.0, o.0))
    }
    #[inline(always)]
    fn mul(self, o: Self) -> Self {
        F4(f32x4_mul(self.0, o.0))
    }
    #[inline(always)]
    fn div(self, o: Self) -> Self {
        F4(f32x4_div(self.0, o.0))
    }
    #[inline(always)]
    fn madd(self, b: Self, c: Self) -> Self {
        #[cfg(target_feature = "relaxed-simd")]
        {
            F4(f32x4_relaxed_madd(self.0, b.0, c.0))
        }
        #[cfg(not(target_feature = "relaxed-simd"))]
        {
            F4(f32x4_add(f32x4_mul(self.0, b.0), c.0))
        }
    }
    #[inline(always)]
    fn min(self, o: Self) -> Self {
        F4(f32x4_min(self.0, o.0))
    }
    #[inline(always)]
    fn max(self, o: Self) -> Self {
        F4(f32x4_max(self.0, o.0))
    }
    #[inline(always)]
    fn abs(self) -> Self {
        F4(f32x4_abs(self.0))
    }
    #[inline(always)]
    fn neg(self) -> Self {
        F4(f32x4_neg(self.0))
    }
    #[inline(always)]
    fn sqrt(self) -> Self {
        F4(f32x4_sqrt(self.0))
    }
    #[inline(always)]
    fn floor(self) -> Self {
        F4(f32x4_floor(self.0))
    }
    #[inline(always)]
    fn ceil(self) -> Self {
        F4(f32x4_ceil(self.0))
    }
    #[inline(always)]
    fn trunc(self) -> Self {
        F4(f32x4_trunc(self.0))
    }
    #[inline(always)]
    fn round(self) -> Self {
        F4(f32x4_nearest(self.0))
    }
    #[inline(always)]
    fn lt(self, o: Self) -> v128 {
        f32x4_lt(self.0, o.0)
    }
    #[inline(always)]
    fn gt(self, o: Self) -> v128 {
        f32x4_gt(self.0, o.0)
    }
    #[inline(always)]
    fn ge(self, o: Self) -> v128 {
        f32x4_ge(self.0, o.0)
    }
    #[inline(always)]
    fn select(m: v128, a: Self, b: Self) -> Self {
        F4(v128_bitselect(a.0, b.0, m))
    }
    #[inline(always)]
    fn pow2i(n: Self) -> Self {
        let i = i32x4_trunc_sat_f32x4(n.0);
        F4(i32x4_shl(i32x4_add(i, i32x4_splat(127)), 23))
    }
}

/// A one-input lane function.
pub trait Fn1: Copy {
    /// Applies the function.
    fn call<V: Lanes>(self, x: V) -> V;
}

/// A two-input lane function.
pub trait Fn2: Copy {
    /// Applies the function.
    fn call<V: Lanes>(self, x: V, y: V) -> V;
}

/// Where a [`map2`] operand comes from.
pub trait Src: Copy {
    /// Element `i`.
    ///
    /// # Safety
    /// `i` must be in bounds.
    unsafe fn get(self, i: usize) -> f32;
    /// Elements `i..i+4`.
    ///
    /// # Safety
    /// `i..i+4` must be in bounds.
    #[cfg(target_arch = "wasm32")]
    unsafe fn get4(self, i: usize) -> F4;
}

/// An operand read from memory.
#[derive(Clone, Copy)]
pub struct Ptr(pub *const f32);

/// An operand that is one value for every element.
#[derive(Clone, Copy)]
pub struct Splat(pub f32);

impl Src for Ptr {
    #[inline(always)]
    unsafe fn get(self, i: usize) -> f32 {
        *self.0.add(i)
    }
    #[cfg(target_arch = "wasm32")]
    #[inline(always)]
    unsafe fn get4(self, i: usize) -> F4 {
        F4::load(self.0.add(i))
    }
}

impl Src for Splat {
    #[inline(always)]
    unsafe fn get(self, _i: usize) -> f32 {
        self.0
    }
    #[cfg(target_arch = "wasm32")]
    #[inline(always)]
    unsafe fn get4(self, _i: usize) -> F4 {
        F4::splat(self.0)
    }
}

/// `o[i] = f(x[i])` for `i < n`.
///
/// # Safety
/// `x` and `o` must be valid for `n` elements; they may be the same memory.
#[inline(always)]
pub unsafe fn map1<F: Fn1>(f: F, x: *const f32, o: *mut f32, n: usize) {
    let mut i = 0;
    #[cfg(target_arch = "wasm32")]
    {
        while i + 8 <= n {
            let a = f.call(F4::load(x.add(i)));
            let b = f.call(F4::load(x.add(i + 4)));
            a.store(o.add(i));
            b.store(o.add(i + 4));
            i += 8;
        }
        if i + 4 <= n {
            f.call(F4::load(x.add(i))).store(o.add(i));
            i += 4;
        }
    }
    while i < n {
        *o.add(i) = f.call(*x.add(i));
        i += 1;
    }
}

/// `o[i] = f(a[i], b[i])` for `i < n`.
///
/// # Safety
/// `a`, `b` and `o` must be valid for `n` elements; inputs may be the output's memory.
#[inline(always)]
pub unsafe fn map2<F: Fn2, A: Src, B: Src>(f: F, a: A, b: B, o: *mut f32, n: usize) {
    let mut i = 0;
    #[cfg(target_arch = "wasm32")]
    {
        while i + 8 <= n {
            let r0 = f.call(a.get4(i), b.get4(i));
            let r1 = f.call(a.get4(i + 4), b.get4(i + 4));
            r0.store(o.add(i));
            r1.store(o.add(i + 4));
            i += 8;
        }
        if i + 4 <= n {
            f.call(a.get4(i), b.get4(i)).store(o.add(i));
            i += 4;
        }
    }
    while i < n {
        *o.add(i) = f.call(a.get(i), b.get(i));
        i += 1;
    }
}
