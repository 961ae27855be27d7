//! Tensor arithmetic shared by every version's views (`Tensor::f32s`, ...): element
//! sizes by ExecuTorch `ScalarType` code, element counts, float32 bytes.

/// Bytes per element of the `ScalarType` with ExecuTorch code `code`
/// (`runtime/core/portable_type/scalar_type.h`); `None` for the packed sub-byte types
/// (`quint4x2`, `quint2x4`) and unknown codes.
pub fn element_size(code: u8) -> Option<usize> {
    Some(match code {
        // byte char bool qint8 quint8 bits1x8 bits2x4 bits4x2 bits8 float8*
        0 | 1 | 11 | 12 | 13 | 18..=21 | 23..=26 => 1,
        2 | 5 | 15 | 22 | 27 => 2, // short half bfloat16 bits16 uint16
        3 | 6 | 14 | 28 => 4,      // int float qint32 uint32
        4 | 7 | 9 | 29 => 8,       // long double complex-float uint64
        8 => 4,                    // complex-half
        10 => 16,                  // complex-double
        _ => return None,
    })
}

/// Product of `sizes`; `None` on overflow.
pub fn numel(sizes: &[u32]) -> Option<usize> {
    sizes
        .iter()
        .try_fold(1usize, |n, &s| n.checked_mul(s as usize))
}

/// The byte length `sizes` of elements of `element_size` bytes need, checked against
/// `len` when given. Errors say what does not fit.
pub fn check_len(
    sizes: &[u32],
    element_size: Option<usize>,
    len: impl Into<Option<usize>>,
) -> Result<usize, String> {
    let size = element_size.ok_or_else(|| "a tensor of a sub-byte element type".to_string())?;
    let want = numel(sizes)
        .and_then(|n| n.checked_mul(size))
        .ok_or_else(|| format!("a tensor of sizes {sizes:?} is too large"))?;
    match len.into() {
        Some(len) if len != want => Err(format!(
            "a tensor of sizes {sizes:?} holds {want} bytes, its data has {len}"
        )),
        _ => Ok(want),
    }
}

/// Little-endian float32 bytes as values (a trailing partial element is dropped).
pub fn f32s(data: &[u8]) -> Vec<f32> {
    data.chunks_exact(4)
        .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect()
}

/// Values as little-endian float32 bytes.
pub fn f32_bytes(values: &[f32]) -> Vec<u8> {
    values.iter().flat_map(|v| v.to_le_bytes()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_and_lengths() {
        assert_eq!(element_size(6), Some(4));
        assert_eq!(element_size(16), None);
        assert_eq!(check_len(&[2, 3], Some(4), 24), Ok(24));
        assert!(check_len(&[2, 3], Some(4), 20).is_err());
        assert!(check_len(&[u32::MAX, u32::MAX, u32::MAX], Some(8), None).is_err());
        assert_eq!(f32s(&f32_bytes(&[1.5, -2.0])), vec![1.5, -2.0]);
    }
}
