//! The header ExecuTorch's QNN backend puts in front of a context binary
//! (`QnnContextCustomProtocol`, `backends/qualcomm/runtime/backends/QnnCustomProtocol.h`
//! in pytorch/executorch): little-endian
//!
//! | bytes | field |
//! |---|---|
//! | 0..4 | magic number `0x5678ABCD` (u32) |
//! | 4..12 | graph signature (i64) |
//! | 12..20 | context binary size (u64) |
//! | 20..256 | padding |
//! | 256.. | the context binary (`size` bytes) |

/// Magic number of the context custom protocol.
pub const MAGIC: u32 = 0x5678_ABCD;
/// Bytes before the context binary (`QNN_CTX_BIN_ALIGNMENT`).
pub const HEADER_SIZE: usize = 256;

/// A parsed QNN delegate payload.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Payload<'a> {
    /// The graph signature ExecuTorch uses to match multi-graph contexts.
    pub signature: i64,
    /// The QNN context binary (what `QnnContext_createFromBinary` takes).
    pub context_binary: &'a [u8],
}

/// Splits a processed blob into its header fields and context binary. Errors say what
/// is wrong: too short, wrong magic, a size past the end.
pub fn parse(processed: &[u8]) -> Result<Payload<'_>, String> {
    let field = |at: usize, n: usize| processed.get(at..at + n);
    let (Some(magic), Some(sig), Some(size)) = (field(0, 4), field(4, 8), field(12, 8)) else {
        return Err(format!(
            "a QNN payload starts with a {HEADER_SIZE}-byte header; this one has {} bytes",
            processed.len()
        ));
    };
    let magic = u32::from_le_bytes([magic[0], magic[1], magic[2], magic[3]]);
    if magic != MAGIC {
        return Err(format!(
            "QNN payload magic is {magic:#010x}, expected {MAGIC:#010x} (not a QnnBackend context payload)"
        ));
    }
    let mut s = [0u8; 8];
    s.copy_from_slice(sig);
    let signature = i64::from_le_bytes(s);
    s.copy_from_slice(size);
    let size = u64::from_le_bytes(s);
    let available = processed.len().saturating_sub(HEADER_SIZE) as u64;
    if processed.len() < HEADER_SIZE || size > available {
        return Err(format!(
            "QNN payload says its context binary has {size} bytes, but {available} follow the {HEADER_SIZE}-byte header"
        ));
    }
    if size == 0 {
        return Err("QNN payload has an empty context binary".into());
    }
    let end = HEADER_SIZE + size as usize;
    Ok(Payload {
        signature,
        context_binary: &processed[HEADER_SIZE..end],
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn payload(magic: u32, size: u64, body: usize) -> Vec<u8> {
        let mut p = vec![0u8; HEADER_SIZE + body];
        p[0..4].copy_from_slice(&magic.to_le_bytes());
        p[4..12].copy_from_slice(&42i64.to_le_bytes());
        p[12..20].copy_from_slice(&size.to_le_bytes());
        p
    }

    #[test]
    fn good_and_hostile_headers() {
        let p = payload(MAGIC, 10, 10);
        let got = parse(&p).unwrap();
        assert_eq!((got.signature, got.context_binary.len()), (42, 10));
        assert!(parse(&p[..10]).unwrap_err().contains("256-byte header"));
        assert!(parse(&payload(0x1234, 10, 10))
            .unwrap_err()
            .contains("magic"));
        assert!(parse(&payload(MAGIC, 11, 10))
            .unwrap_err()
            .contains("11 bytes"));
        assert!(parse(&payload(MAGIC, u64::MAX, 10))
            .unwrap_err()
            .contains("bytes"));
        assert!(parse(&payload(MAGIC, 0, 10)).unwrap_err().contains("empty"));
        assert!(parse(&p[..100]).unwrap_err().contains("0 follow"));
    }
}
