//! Arithmetic of the compute types with PyTorch's semantics ([`Num`]), integer power and
//! floor division, and casting a Scalar operand to a dtype's value set ([`scalar_as`]):
//! shared by the binary, unary, comparison and creation operators.

use crate::args::Scalar;
use crate::elem::Compute;
use crate::plugboard::runtime::types::ScalarType;

/// Arithmetic on a compute type with PyTorch's semantics: IEEE for floats; wrap-around
/// for integers (computed in `i64`, truncated to the output's width on write, which gives
/// the same bits as computing in the narrow type). Integer division by zero gives 0 here;
/// kernels reject it beforehand as PyTorch does.
pub trait Num: Compute {
    /// `self + o`.
    fn add(self, o: Self) -> Self;
    /// `self - o`.
    fn sub(self, o: Self) -> Self;
    /// `self * o`.
    fn mul(self, o: Self) -> Self;
    /// True division for floats, truncating division for integers.
    fn div(self, o: Self) -> Self;
    /// Division rounded toward zero (`div(rounding_mode='trunc')`).
    fn div_trunc(self, o: Self) -> Self;
    /// Division rounded toward negative infinity (`div(rounding_mode='floor')`,
    /// `floor_divide`).
    fn div_floor(self, o: Self) -> Self;
    /// Python-style remainder, the sign of the divisor (`remainder`).
    fn remainder(self, o: Self) -> Self;
    /// C-style remainder, the sign of the dividend (`fmod`).
    fn fmod(self, o: Self) -> Self;
    /// `self ** o` (integers: negative exponents give 0 unless the base is 1 or -1).
    fn pow(self, o: Self) -> Self;
    /// Larger of two, NaN if either is NaN (`maximum`).
    fn maximum(self, o: Self) -> Self;
    /// Smaller of two, NaN if either is NaN (`minimum`).
    fn minimum(self, o: Self) -> Self;
    /// `atan2(self, o)` (floats; integers go through `f64`).
    fn atan2(self, o: Self) -> Self;
    /// Bitwise and (integers; floats never reach it).
    fn bitand(self, o: Self) -> Self;
    /// Bitwise or (integers; floats never reach it).
    fn bitor(self, o: Self) -> Self;
    /// Bitwise xor (integers; floats never reach it).
    fn bitxor(self, o: Self) -> Self;
    /// Whether the value is NaN.
    fn is_nan(self) -> bool;
}

macro_rules! float_num {
    ($t:ty) => {
        impl Num for $t {
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
            fn div_trunc(self, o: Self) -> Self {
                (self / o).trunc()
            }
            // PyTorch's `div_floor_floating`.
            fn div_floor(self, o: Self) -> Self {
                if o == 0.0 {
                    return self / o;
                }
                let m = self % o;
                let mut d = (self - m) / o;
                if m != 0.0 && ((o < 0.0) != (m < 0.0)) {
                    d -= 1.0;
                }
                if d == 0.0 {
                    return (0.0 as $t).copysign(self / o);
                }
                let f = d.floor();
                if d - f > 0.5 {
                    f + 1.0
                } else {
                    f
                }
            }
            #[inline(always)]
            fn remainder(self, o: Self) -> Self {
                let m = self % o;
                if m != 0.0 && ((o < 0.0) != (m < 0.0)) {
                    m + o
                } else {
                    m
                }
            }
            #[inline(always)]
            fn fmod(self, o: Self) -> Self {
                self % o
            }
            #[inline(always)]
            fn pow(self, o: Self) -> Self {
                self.powf(o)
            }
            #[inline(always)]
            fn maximum(self, o: Self) -> Self {
                if self.is_nan() || o.is_nan() {
                    <$t>::NAN
                } else if self < o {
                    o
                } else {
                    self
                }
            }
            #[inline(always)]
            fn minimum(self, o: Self) -> Self {
                if self.is_nan() || o.is_nan() {
                    <$t>::NAN
                } else if o < self {
                    o
                } else {
                    self
                }
            }
            #[inline(always)]
            fn atan2(self, o: Self) -> Self {
                <$t>::atan2(self, o)
            }
            fn bitand(self, _o: Self) -> Self {
                self
            }
            fn bitor(self, _o: Self) -> Self {
                self
            }
            fn bitxor(self, _o: Self) -> Self {
                self
            }
            #[inline(always)]
            fn is_nan(self) -> bool {
                self != self
            }
        }
    };
}

float_num!(f32);
float_num!(f64);

impl Num for i64 {
    #[inline(always)]
    fn add(self, o: Self) -> Self {
        self.wrapping_add(o)
    }
    #[inline(always)]
    fn sub(self, o: Self) -> Self {
        self.wrapping_sub(o)
    }
    #[inline(always)]
    fn mul(self, o: Self) -> Self {
        self.wrapping_mul(o)
    }
    #[inline(always)]
    fn div(self, o: Self) -> Self {
        if o == 0 {
            0
        } else {
            self.wrapping_div(o)
        }
    }
    #[inline(always)]
    fn div_trunc(self, o: Self) -> Self {
        Num::div(self, o)
    }
    #[inline(always)]
    fn div_floor(self, o: Self) -> Self {
        floor_div_i64(self, o)
    }
    #[inline(always)]
    fn remainder(self, o: Self) -> Self {
        if o == 0 {
            return 0;
        }
        let r = self.wrapping_rem(o);
        if r != 0 && ((r < 0) != (o < 0)) {
            r + o
        } else {
            r
        }
    }
    #[inline(always)]
    fn fmod(self, o: Self) -> Self {
        if o == 0 {
            0
        } else {
            self.wrapping_rem(o)
        }
    }
    fn pow(self, o: Self) -> Self {
        int_pow(self, o)
    }
    #[inline(always)]
    fn maximum(self, o: Self) -> Self {
        self.max(o)
    }
    #[inline(always)]
    fn minimum(self, o: Self) -> Self {
        self.min(o)
    }
    fn atan2(self, o: Self) -> Self {
        (self as f64).atan2(o as f64) as i64
    }
    #[inline(always)]
    fn bitand(self, o: Self) -> Self {
        self & o
    }
    #[inline(always)]
    fn bitor(self, o: Self) -> Self {
        self | o
    }
    #[inline(always)]
    fn bitxor(self, o: Self) -> Self {
        self ^ o
    }
    #[inline(always)]
    fn is_nan(self) -> bool {
        false
    }
}

/// Integer power as PyTorch's `powi`: wrap-around multiplication; a negative exponent
/// gives 1 for base 1, ±1 for base -1 and 0 otherwise.
pub fn int_pow(base: i64, exp: i64) -> i64 {
    if exp < 0 {
        return match base {
            1 => 1,
            -1 => {
                if exp & 1 == 0 {
                    1
                } else {
                    -1
                }
            }
            _ => 0,
        };
    }
    let (mut b, mut e, mut r) = (base, exp as u64, 1i64);
    while e > 0 {
        if e & 1 == 1 {
            r = r.wrapping_mul(b);
        }
        b = b.wrapping_mul(b);
        e >>= 1;
    }
    r
}

/// Python-style floor division of floats, as PyTorch's `div(..., rounding_mode='floor')`.
pub fn floor_div_f64(x: f64, y: f64) -> f64 {
    Num::div_floor(x, y)
}

/// Floor division of integers (rounds toward negative infinity); 0 for a zero divisor.
pub fn floor_div_i64(x: i64, y: i64) -> i64 {
    if y == 0 {
        return 0;
    }
    let q = x.wrapping_div(y);
    if (x.wrapping_rem(y) != 0) && ((x < 0) != (y < 0)) {
        q.wrapping_sub(1)
    } else {
        q
    }
}

/// `s` cast to the value set of `dtype`, as compute type `C` (PyTorch casts a Scalar
/// operand to the common dtype: `uint8` wraps, `float32` rounds, `bool` is `!= 0`).
pub fn scalar_as<C: Compute>(s: Scalar, dtype: ScalarType) -> C {
    use ScalarType::*;
    match dtype {
        Bool => C::from_bool(s.to_f64() != 0.0),
        Byte => C::from_i64(s.to_i64() as u8 as i64),
        Char => C::from_i64(s.to_i64() as i8 as i64),
        Short => C::from_i64(s.to_i64() as i16 as i64),
        Int => C::from_i64(s.to_i64() as i32 as i64),
        Long => C::from_i64(s.to_i64()),
        Float | Half | Bfloat16 => C::from_f64(s.to_f64() as f32 as f64),
        _ => {
            if C::IS_FLOAT {
                C::from_f64(s.to_f64())
            } else {
                C::from_i64(s.to_i64())
            }
        }
    }
}
