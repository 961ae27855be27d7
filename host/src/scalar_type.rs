//! ExecuTorch's `ScalarType`: element types of tensors, with their numeric codes
//! (`runtime/core/portable_type/scalar_type.h`, `schema/scalar_type.fbs`).

use std::fmt;

/// Element type of a tensor. The discriminant is ExecuTorch's code.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[repr(u8)]
#[allow(missing_docs)]
pub enum ScalarType {
    /// uint8
    Byte = 0,
    /// int8
    Char = 1,
    /// int16
    Short = 2,
    /// int32
    Int = 3,
    /// int64
    Long = 4,
    /// IEEE float16
    Half = 5,
    /// float32
    Float = 6,
    /// float64
    Double = 7,
    ComplexHalf = 8,
    ComplexFloat = 9,
    ComplexDouble = 10,
    /// one byte, 0 or 1
    Bool = 11,
    QInt8 = 12,
    QUInt8 = 13,
    QInt32 = 14,
    BFloat16 = 15,
    QUInt4x2 = 16,
    QUInt2x4 = 17,
    Bits1x8 = 18,
    Bits2x4 = 19,
    Bits4x2 = 20,
    Bits8 = 21,
    Bits16 = 22,
    Float8E5m2 = 23,
    Float8E4m3fn = 24,
    Float8E5m2fnuz = 25,
    Float8E4m3fnuz = 26,
    UInt16 = 27,
    UInt32 = 28,
    UInt64 = 29,
}

const ALL: [ScalarType; 30] = {
    use ScalarType::*;
    [
        Byte,
        Char,
        Short,
        Int,
        Long,
        Half,
        Float,
        Double,
        ComplexHalf,
        ComplexFloat,
        ComplexDouble,
        Bool,
        QInt8,
        QUInt8,
        QInt32,
        BFloat16,
        QUInt4x2,
        QUInt2x4,
        Bits1x8,
        Bits2x4,
        Bits4x2,
        Bits8,
        Bits16,
        Float8E5m2,
        Float8E4m3fn,
        Float8E5m2fnuz,
        Float8E4m3fnuz,
        UInt16,
        UInt32,
        UInt64,
    ]
};

impl ScalarType {
    /// The type with ExecuTorch code `code`, or `None` for an unknown code.
    pub fn from_code(code: i64) -> Option<ScalarType> {
        usize::try_from(code).ok().and_then(|c| ALL.get(c).copied())
    }

    /// ExecuTorch's numeric code.
    pub fn code(self) -> u8 {
        self as u8
    }

    /// Size of one element in bytes.
    pub fn element_size(self) -> usize {
        use ScalarType::*;
        match self {
            Byte | Char | Bool | QInt8 | QUInt8 | QUInt4x2 | QUInt2x4 | Bits1x8 | Bits2x4
            | Bits4x2 | Bits8 | Float8E5m2 | Float8E4m3fn | Float8E5m2fnuz | Float8E4m3fnuz => 1,
            Short | Half | BFloat16 | Bits16 | UInt16 => 2,
            Int | Float | QInt32 | UInt32 | ComplexHalf => 4,
            Long | Double | ComplexFloat | UInt64 => 8,
            ComplexDouble => 16,
        }
    }

    /// The NumPy type string of this type (`<f4`, `<i8`, `|b1`, ...), if NumPy has one.
    pub fn numpy_descr(self) -> Option<&'static str> {
        use ScalarType::*;
        Some(match self {
            Byte => "|u1",
            Char => "|i1",
            Short => "<i2",
            Int => "<i4",
            Long => "<i8",
            Half => "<f2",
            Float => "<f4",
            Double => "<f8",
            Bool => "|b1",
            UInt16 => "<u2",
            UInt32 => "<u4",
            UInt64 => "<u8",
            ComplexFloat => "<c8",
            ComplexDouble => "<c16",
            _ => return None,
        })
    }
}

impl fmt::Display for ScalarType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self, f)
    }
}
