//! The `XH00` header in front of an XNNPACK payload.
//!
//! Layout (little-endian, as ExecuTorch's `xnnpack_graph_serialize.py` writes it):
//!
//! | bytes  | field                                         |
//! |--------|-----------------------------------------------|
//! | 0..4   | padding (the FlatBuffer root offset position) |
//! | 4..8   | magic `XH00`                                  |
//! | 8..10  | u16 header length (30)                        |
//! | 10..14 | u32 FlatBuffer offset                         |
//! | 14..18 | u32 FlatBuffer size                           |
//! | 18..22 | u32 constant data offset                      |
//! | 22..30 | u64 constant data size                        |
//!
//! The FlatBuffer (`XNNGraph`, identifier `XN01`, older `XN00`) and the constant data
//! region follow. A blob without the magic is a bare FlatBuffer (older exporters).

use crate::{compat, Error};

/// Bytes of the header as written today.
pub const HEADER_LEN: usize = 30;

/// The parts of a payload.
#[derive(Debug, Clone, Copy)]
pub struct Payload<'a> {
    /// The `XNNGraph` FlatBuffer.
    pub flatbuffer: &'a [u8],
    /// The constant data region (`ConstantDataOffset.offset` is relative to it).
    pub constants: &'a [u8],
}

fn u32_at(b: &[u8], at: usize) -> u32 {
    u32::from_le_bytes([b[at], b[at + 1], b[at + 2], b[at + 3]])
}

/// Splits `blob` into its FlatBuffer and constant region, checking the header's
/// offsets and sizes and the FlatBuffer's identifier.
pub fn split(blob: &[u8]) -> Result<Payload<'_>, Error> {
    let payload = if blob.len() >= 8 && &blob[4..8] == b"XH00" {
        if blob.len() < HEADER_LEN {
            return Err(compat(format!(
                "XNNPACK payload of {} bytes is shorter than its XH00 header ({HEADER_LEN} bytes)",
                blob.len()
            )));
        }
        let header_len = u16::from_le_bytes([blob[8], blob[9]]) as usize;
        if header_len < HEADER_LEN {
            return Err(compat(format!(
                "XH00 header length {header_len} is below the {HEADER_LEN} bytes of its fields"
            )));
        }
        let fb_off = u32_at(blob, 10) as u64;
        let fb_size = u32_at(blob, 14) as u64;
        let c_off = u32_at(blob, 18) as u64;
        let c_size = u32_at(blob, 22) as u64 | (u32_at(blob, 26) as u64) << 32;
        let len = blob.len() as u64;
        if fb_off < header_len as u64 || fb_size == 0 || fb_off + fb_size > len {
            return Err(compat(format!(
                "XH00 header puts the FlatBuffer at {fb_off}..{} in a payload of {len} bytes",
                fb_off + fb_size
            )));
        }
        if c_off < fb_off + fb_size || c_off.checked_add(c_size).is_none_or(|end| end > len) {
            return Err(compat(format!(
                "XH00 header puts the constant data at offset {c_off} ({c_size} bytes), outside the {len}-byte payload or inside its FlatBuffer"
            )));
        }
        Payload {
            flatbuffer: &blob[fb_off as usize..(fb_off + fb_size) as usize],
            constants: &blob[c_off as usize..(c_off + c_size) as usize],
        }
    } else {
        Payload {
            flatbuffer: blob,
            constants: &[],
        }
    };
    let fb = payload.flatbuffer;
    if fb.len() < 8 {
        return Err(compat(format!(
            "XNNPACK payload too short for a FlatBuffer ({} bytes)",
            fb.len()
        )));
    }
    let ident = &fb[4..8];
    if ident != b"XN01" && ident != b"XN00" {
        return Err(compat(format!(
            "XNNPACK FlatBuffer identifier is {:?}, expected \"XN01\" or \"XN00\"",
            String::from_utf8_lossy(ident)
        )));
    }
    Ok(payload)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn blob(fb_off: u32, fb_size: u32, c_off: u32, c_size: u64, total: usize) -> Vec<u8> {
        let mut b = vec![0u8; total];
        b[4..8].copy_from_slice(b"XH00");
        b[8..10].copy_from_slice(&30u16.to_le_bytes());
        b[10..14].copy_from_slice(&fb_off.to_le_bytes());
        b[14..18].copy_from_slice(&fb_size.to_le_bytes());
        b[18..22].copy_from_slice(&c_off.to_le_bytes());
        b[22..30].copy_from_slice(&c_size.to_le_bytes());
        if (fb_off as usize) + 8 <= total {
            b[fb_off as usize + 4..fb_off as usize + 8].copy_from_slice(b"XN01");
        }
        b
    }

    #[test]
    fn good_and_bad_headers() {
        let good = blob(32, 16, 48, 16, 64);
        let ok = split(&good).unwrap();
        assert_eq!(ok.flatbuffer.len(), 16);
        assert_eq!(ok.constants.len(), 16);
        assert!(split(&blob(32, 64, 96, 0, 64)).is_err());
        assert!(split(&blob(32, 16, 40, 0, 64)).is_err());
        assert!(split(&blob(32, 16, 48, u64::MAX, 64)).is_err());
        assert!(split(&blob(32, 16, 48, 16, 64)[..20]).is_err());
        let mut bad = blob(32, 16, 48, 0, 64);
        bad[36..40].copy_from_slice(b"XN99");
        assert!(split(&bad).is_err());
    }
}
