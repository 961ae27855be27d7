//! Element types: reading any tensor dtype into a compute type and writing back.
//!
//! Kernels compute in one of three types: `f32` (for `float` and narrower floats),
//! `f64` (`double`) and `i64` (every integer type and `bool`; results are truncated to
//! the output's width, which is PyTorch's wrap-around behaviour). Conversions follow
//! PyTorch's casts: float to integer truncates toward zero, anything to bool is `!= 0`.

use std::borrow::Cow;

use crate::plugboard::runtime::types::ScalarType;
use crate::tensor::Tensor;
use crate::{invalid, KResult};

/// A type kernels compute in.
pub trait Compute: Copy + PartialOrd + Default + Send + Sync + std::fmt::Debug + 'static {
    /// The dtype whose storage is exactly this type.
    const DTYPE: ScalarType;
    /// Converts from `f64` (PyTorch cast semantics).
    fn from_f64(v: f64) -> Self;
    /// Converts from `i64`.
    fn from_i64(v: i64) -> Self;
    /// Converts to `f64`.
    fn to_f64(self) -> f64;
    /// Converts to `i64` (floats truncate toward zero, saturating).
    fn to_i64(self) -> i64;
    /// Converts from `bool`.
    fn from_bool(b: bool) -> Self {
        Self::from_i64(b as i64)
    }
    /// `self != 0`.
    fn to_bool(self) -> bool;
    /// Whether this is a floating-point type.
    const IS_FLOAT: bool;
}

impl Compute for f32 {
    const DTYPE: ScalarType = ScalarType::Float;
    const IS_FLOAT: bool = true;
    fn from_f64(v: f64) -> Self {
        v as f32
    }
    fn from_i64(v: i64) -> Self {
        v as f32
    }
    fn to_f64(self) -> f64 {
        self as f64
    }
    fn to_i64(self) -> i64 {
        self as i64
    }
    fn to_bool(self) -> bool {
        self != 0.0
    }
}

impl Compute for f64 {
    const DTYPE: ScalarType = ScalarType::Double;
    const IS_FLOAT: bool = true;
    fn from_f64(v: f64) -> Self {
        v
    }
    fn from_i64(v: i64) -> Self {
        v as f64
    }
    fn to_f64(self) -> f64 {
        self
    }
    fn to_i64(self) -> i64 {
        self as i64
    }
    fn to_bool(self) -> bool {
        self != 0.0
    }
}

impl Compute for i64 {
    const DTYPE: ScalarType = ScalarType::Long;
    const IS_FLOAT: bool = false;
    fn from_f64(v: f64) -> Self {
        v as i64
    }
    fn from_i64(v: i64) -> Self {
        v
    }
    fn to_f64(self) -> f64 {
        self as f64
    }
    fn to_i64(self) -> i64 {
        self
    }
    fn to_bool(self) -> bool {
        self != 0
    }
}

/// Whether `dtype` is a floating-point type.
pub fn is_float(dtype: ScalarType) -> bool {
    matches!(
        dtype,
        ScalarType::Float | ScalarType::Double | ScalarType::Half | ScalarType::Bfloat16
    )
}

/// Whether `dtype` is an integer type (not bool).
pub fn is_integral(dtype: ScalarType) -> bool {
    matches!(
        dtype,
        ScalarType::Byte
            | ScalarType::Char
            | ScalarType::Short
            | ScalarType::Int
            | ScalarType::Long
    )
}

/// Size of one element of `dtype` in bytes, for the dtypes kernels support.
pub fn element_size(dtype: ScalarType) -> usize {
    use ScalarType::*;
    match dtype {
        Byte | Char | Bool | Qint8 | Quint8 => 1,
        Short | Half | Bfloat16 | Uint16 => 2,
        Int | Float | Qint32 | Uint32 => 4,
        Long | Double | Uint64 | ComplexFloat => 8,
        ComplexHalf => 4,
        ComplexDouble => 16,
        _ => 1,
    }
}

/// The compute type family of a dtype.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Family {
    /// computed as `f32`
    F32,
    /// computed as `f64`
    F64,
    /// computed as `i64`
    I64,
}

/// The compute family of `dtype`.
pub fn family(dtype: ScalarType) -> Family {
    match dtype {
        ScalarType::Double => Family::F64,
        d if is_float(d) => Family::F32,
        _ => Family::I64,
    }
}

/// Runs `$body` with `$T` bound to the compute type of `$dtype`.
#[macro_export]
macro_rules! with_compute {
    ($dtype:expr, $T:ident, $body:expr) => {
        match $crate::elem::family($dtype) {
            $crate::elem::Family::F32 => {
                type $T = f32;
                $body
            }
            $crate::elem::Family::F64 => {
                type $T = f64;
                $body
            }
            $crate::elem::Family::I64 => {
                type $T = i64;
                $body
            }
        }
    };
}

/// The float32 value of IEEE half-precision bits `bits` (exact).
pub fn half_to_f32(bits: u16) -> f32 {
    let sign = ((bits >> 15) as u32) << 31;
    let exp = ((bits >> 10) & 0x1f) as u32;
    let frac = (bits & 0x3ff) as u32;
    let v = if exp == 0 {
        // subnormal
        let f = frac as f32 / 1024.0 * 2f32.powi(-14);
        return if sign != 0 { -f } else { f };
    } else if exp == 31 {
        sign | 0x7f80_0000 | (frac << 13)
    } else {
        sign | ((exp + 127 - 15) << 23) | (frac << 13)
    };
    f32::from_bits(v)
}

/// IEEE half-precision bits of `v`, rounded to nearest even.
pub fn f32_to_f16(v: f32) -> u16 {
    let x = v.to_bits();
    let sign = ((x >> 16) & 0x8000) as u16;
    let exp = ((x >> 23) & 0xff) as i32;
    let frac = x & 0x7f_ffff;
    if exp == 0xff {
        return sign | 0x7c00 | if frac != 0 { 0x200 } else { 0 };
    }
    let e = exp - 127 + 15;
    if e >= 31 {
        return sign | 0x7c00;
    }
    if e <= 0 {
        if e < -10 {
            return sign;
        }
        let m = frac | 0x80_0000;
        let shift = (14 - e) as u32;
        let half = 1u32 << (shift - 1);
        let mut r = m >> shift;
        let rem = m & ((1 << shift) - 1);
        if rem > half || (rem == half && (r & 1) == 1) {
            r += 1;
        }
        return sign | r as u16;
    }
    let mut r = ((e as u32) << 10) | (frac >> 13);
    let rem = frac & 0x1fff;
    if rem > 0x1000 || (rem == 0x1000 && (r & 1) == 1) {
        r += 1;
    }
    sign | r as u16
}

fn bf16_to_f32(bits: u16) -> f32 {
    f32::from_bits((bits as u32) << 16)
}

fn f32_to_bf16(v: f32) -> u16 {
    let x = v.to_bits();
    if v.is_nan() {
        return 0x7fc0;
    }
    let round = 0x7fff + ((x >> 16) & 1);
    ((x + round) >> 16) as u16
}

/// Reads the tensor's elements in logical (row-major) order as `C`.
/// Borrows the memory when the dtype is `C`'s own and the layout is contiguous.
pub fn read<C: Compute>(t: &Tensor) -> KResult<Cow<'_, [C]>> {
    if t.dtype == C::DTYPE && t.is_contiguous() {
        return Ok(Cow::Borrowed(unsafe { t.slice::<C>() }));
    }
    let raw = read_raw::<C>(t)?;
    Ok(Cow::Owned(if t.is_contiguous() {
        raw
    } else {
        t.gather_contiguous(&raw)
    }))
}

/// The elements in memory order, converted to `C`.
fn read_raw<C: Compute>(t: &Tensor) -> KResult<Vec<C>> {
    use ScalarType::*;
    let n = t.numel;
    unsafe {
        Ok(match t.dtype {
            Float => t
                .slice::<f32>()
                .iter()
                .map(|&x| C::from_f64(x as f64))
                .collect(),
            Double => t.slice::<f64>().iter().map(|&x| C::from_f64(x)).collect(),
            Half => t
                .slice::<u16>()
                .iter()
                .map(|&x| C::from_f64(half_to_f32(x) as f64))
                .collect(),
            Bfloat16 => t
                .slice::<u16>()
                .iter()
                .map(|&x| C::from_f64(bf16_to_f32(x) as f64))
                .collect(),
            Long => t.slice::<i64>().iter().map(|&x| C::from_i64(x)).collect(),
            Int => t
                .slice::<i32>()
                .iter()
                .map(|&x| C::from_i64(x as i64))
                .collect(),
            Short => t
                .slice::<i16>()
                .iter()
                .map(|&x| C::from_i64(x as i64))
                .collect(),
            Char => t
                .slice::<i8>()
                .iter()
                .map(|&x| C::from_i64(x as i64))
                .collect(),
            Byte => t
                .slice::<u8>()
                .iter()
                .map(|&x| C::from_i64(x as i64))
                .collect(),
            Bool => t
                .slice::<u8>()
                .iter()
                .map(|&x| C::from_bool(x != 0))
                .collect(),
            Uint16 => t
                .slice::<u16>()
                .iter()
                .map(|&x| C::from_i64(x as i64))
                .collect(),
            Uint32 => t
                .slice::<u32>()
                .iter()
                .map(|&x| C::from_i64(x as i64))
                .collect(),
            Uint64 => t
                .slice::<u64>()
                .iter()
                .map(|&x| C::from_i64(x as i64))
                .collect(),
            other => {
                return Err(invalid(format!(
                    "dtype {other:?} is not supported ({n} elements)"
                )))
            }
        })
    }
}

/// Writes `data` (logical row-major order) into `t`, converting to its dtype and laying
/// it out in its dim order.
pub fn write<C: Compute>(t: &Tensor, data: &[C]) -> KResult<()> {
    if data.len() != t.numel {
        return Err(invalid(format!(
            "internal: writing {} elements into a tensor of {}",
            data.len(),
            t.numel
        )));
    }
    if !t.is_contiguous() {
        let mem = t.scatter_from_contiguous(data);
        return write_raw(t, &mem);
    }
    write_raw(t, data)
}

fn write_raw<C: Compute>(t: &Tensor, data: &[C]) -> KResult<()> {
    use ScalarType::*;
    fn fill<S, C: Copy>(dst: &mut [S], src: &[C], f: impl Fn(C) -> S) {
        for (d, &s) in dst.iter_mut().zip(src) {
            *d = f(s);
        }
    }
    unsafe {
        match t.dtype {
            Float => fill(t.slice_mut::<f32>(), data, |x| x.to_f64() as f32),
            Double => fill(t.slice_mut::<f64>(), data, |x| x.to_f64()),
            Half => fill(
                t.slice_mut::<u16>(),
                data,
                |x| f32_to_f16(x.to_f64() as f32),
            ),
            Bfloat16 => fill(t.slice_mut::<u16>(), data, |x| {
                f32_to_bf16(x.to_f64() as f32)
            }),
            Long => fill(t.slice_mut::<i64>(), data, |x| x.to_i64()),
            Int => fill(t.slice_mut::<i32>(), data, |x| x.to_i64() as i32),
            Short => fill(t.slice_mut::<i16>(), data, |x| x.to_i64() as i16),
            Char => fill(t.slice_mut::<i8>(), data, |x| x.to_i64() as i8),
            Byte => fill(t.slice_mut::<u8>(), data, |x| x.to_i64() as u8),
            Bool => fill(t.slice_mut::<u8>(), data, |x| x.to_bool() as u8),
            Uint16 => fill(t.slice_mut::<u16>(), data, |x| x.to_i64() as u16),
            Uint32 => fill(t.slice_mut::<u32>(), data, |x| x.to_i64() as u32),
            Uint64 => fill(t.slice_mut::<u64>(), data, |x| x.to_i64() as u64),
            other => return Err(invalid(format!("dtype {other:?} is not supported"))),
        }
    }
    Ok(())
}

/// A place to put a kernel's result: the output's own memory when it has `C`'s dtype
/// and is contiguous, otherwise a scratch vector that [`OutBuf::commit`] converts.
pub struct OutBuf<'a, C: Compute> {
    tensor: &'a Tensor,
    scratch: Option<Vec<C>>,
}

impl<'a, C: Compute> OutBuf<'a, C> {
    /// Prepares the output buffer for `t`.
    pub fn new(t: &'a Tensor) -> Self {
        let scratch = if t.dtype == C::DTYPE && t.is_contiguous() {
            None
        } else {
            Some(vec![C::default(); t.numel])
        };
        OutBuf { tensor: t, scratch }
    }

    /// The elements to fill, in logical order.
    pub fn data(&mut self) -> &mut [C] {
        match &mut self.scratch {
            Some(v) => v,
            None => unsafe { self.tensor.slice_mut::<C>() },
        }
    }

    /// Stores the result into the tensor.
    pub fn commit(self) -> KResult<()> {
        match self.scratch {
            Some(v) => write(self.tensor, &v),
            None => Ok(()),
        }
    }
}
