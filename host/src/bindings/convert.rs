//! Conversions between the WIT types and the host's: dtypes, and errors a component
//! returned.

use super::types as wit;
use crate::{Error, ErrorKind, ScalarType};

/// Converts a host dtype to the WIT enum (same codes).
pub(crate) fn to_wit_dtype(t: ScalarType) -> wit::ScalarType {
    use wit::ScalarType as W;
    use ScalarType as S;
    match t {
        S::Byte => W::Byte,
        S::Char => W::Char,
        S::Short => W::Short,
        S::Int => W::Int,
        S::Long => W::Long,
        S::Half => W::Half,
        S::Float => W::Float,
        S::Double => W::Double,
        S::ComplexHalf => W::ComplexHalf,
        S::ComplexFloat => W::ComplexFloat,
        S::ComplexDouble => W::ComplexDouble,
        S::Bool => W::Bool,
        S::QInt8 => W::Qint8,
        S::QUInt8 => W::Quint8,
        S::QInt32 => W::Qint32,
        S::BFloat16 => W::Bfloat16,
        S::QUInt4x2 => W::Quint4x2,
        S::QUInt2x4 => W::Quint2x4,
        S::Bits1x8 => W::Bits1x8,
        S::Bits2x4 => W::Bits2x4,
        S::Bits4x2 => W::Bits4x2,
        S::Bits8 => W::Bits8,
        S::Bits16 => W::Bits16,
        S::Float8E5m2 => W::Float8E5m2,
        S::Float8E4m3fn => W::Float8E4m3fn,
        S::Float8E5m2fnuz => W::Float8E5m2fnuz,
        S::Float8E4m3fnuz => W::Float8E4m3fnuz,
        S::UInt16 => W::Uint16,
        S::UInt32 => W::Uint32,
        S::UInt64 => W::Uint64,
    }
}

/// Longest part of a component's error message kept, in bytes.
const MAX_GUEST_MESSAGE: usize = 4096;

/// Converts an error a component returned from `what` (e.g. `backend.execute`) into a
/// host error of the same kind, its message cut to 4 KiB and labelled with `what`, so
/// that the user can tell the component's words from the host's.
pub(crate) fn guest_error(what: &str, e: wit::Error) -> Error {
    use wit::ErrorKind as G;
    let kind = match e.kind {
        G::Internal => ErrorKind::Internal,
        G::InvalidState => ErrorKind::InvalidState,
        G::EndOfMethod => ErrorKind::EndOfMethod,
        G::NotSupported => ErrorKind::NotSupported,
        G::NotImplemented => ErrorKind::NotImplemented,
        G::InvalidArgument => ErrorKind::InvalidArgument,
        G::InvalidType => ErrorKind::InvalidType,
        G::OperatorMissing => ErrorKind::OperatorMissing,
        G::NotFound => ErrorKind::NotFound,
        G::MemoryAllocationFailed => ErrorKind::MemoryAllocationFailed,
        G::AccessFailed => ErrorKind::AccessFailed,
        G::InvalidProgram => ErrorKind::InvalidProgram,
        G::InvalidExternalData => ErrorKind::InvalidExternalData,
        G::OutOfResources => ErrorKind::OutOfResources,
        G::DelegateInvalidCompatibility => ErrorKind::DelegateInvalidCompatibility,
        G::DelegateMemoryAllocationFailed => ErrorKind::DelegateMemoryAllocationFailed,
        G::DelegateInvalidHandle => ErrorKind::DelegateInvalidHandle,
    };
    let mut message = e.message;
    if message.len() > MAX_GUEST_MESSAGE {
        let mut end = MAX_GUEST_MESSAGE;
        while !message.is_char_boundary(end) {
            end -= 1;
        }
        message.truncate(end);
        message.push_str(" [cut]");
    }
    Error::new(kind, format!("{what} returned: {message}"))
}
