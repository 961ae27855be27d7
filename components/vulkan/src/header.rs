//! The `VH00` header in front of a Vulkan delegate's processed blob.
//!
//! Layout (little-endian, as ExecuTorch's `vulkan_graph_serialize.py` writes it):
//!
//! | bytes  | field                                         |
//! |--------|-----------------------------------------------|
//! | 0..4   | zero padding (the FlatBuffer root offset position) |
//! | 4..8   | magic `VH00`                                  |
//! | 8..10  | u16 header size (30)                          |
//! | 10..14 | u32 FlatBuffer offset                         |
//! | 14..18 | u32 FlatBuffer size                           |
//! | 18..22 | u32 constant segment offset                   |
//! | 22..30 | u64 constant segment size                     |
//!
//! The `VkGraph` FlatBuffer (identifier `VK00`) and the constant segment follow, each
//! padded to 16 bytes. A graph whose constants all live in named data has an empty
//! segment whose offset may equal the payload length.

use crate::{compat, Error};

/// Bytes of the header's fields.
pub const HEADER_LEN: usize = 30;

/// The parts of a processed blob.
#[derive(Debug, Clone, Copy)]
pub struct Payload<'a> {
    /// The `VkGraph` FlatBuffer (identifier already checked).
    pub flatbuffer: &'a [u8],
    /// The constant segment (`VkBytes.offset` is relative to it).
    pub constants: &'a [u8],
}

fn bytes<const N: usize>(b: &[u8], at: usize) -> [u8; N] {
    let mut out = [0u8; N];
    if let Some(s) = b.get(at..at + N) {
        out.copy_from_slice(s);
    }
    out
}

/// Splits `blob` into its FlatBuffer and constant segment, checking the magic, every
/// offset and size, and the FlatBuffer's `VK00` identifier.
///
/// Errors: `delegate-invalid-compatibility` for a blob without the `VH00` magic, a
/// header shorter than its fields, a FlatBuffer or segment outside the blob (or
/// overlapping each other), or a FlatBuffer identifier other than `VK00`.
pub fn split(blob: &[u8]) -> Result<Payload<'_>, Error> {
    if blob.len() < HEADER_LEN {
        return Err(compat(format!(
            "Vulkan payload of {} bytes is shorter than its VH00 header ({HEADER_LEN} bytes)",
            blob.len()
        )));
    }
    let magic = bytes::<4>(blob, 4);
    if &magic != b"VH00" {
        return Err(compat(format!(
            "Vulkan payload magic is {:?}, expected \"VH00\"",
            String::from_utf8_lossy(&magic)
        )));
    }
    let header_len = u16::from_le_bytes(bytes(blob, 8)) as u64;
    if header_len < HEADER_LEN as u64 {
        return Err(compat(format!(
            "VH00 header size {header_len} is below the {HEADER_LEN} bytes of its fields"
        )));
    }
    let fb_off = u32::from_le_bytes(bytes(blob, 10)) as u64;
    let fb_size = u32::from_le_bytes(bytes(blob, 14)) as u64;
    let c_off = u32::from_le_bytes(bytes(blob, 18)) as u64;
    let c_size = u64::from_le_bytes(bytes(blob, 22));
    let len = blob.len() as u64;
    let fb_end = fb_off + fb_size;
    if fb_off < header_len || fb_size < 8 || fb_end > len {
        return Err(compat(format!(
            "VH00 header puts the FlatBuffer at {fb_off}..{fb_end} in a payload of {len} bytes"
        )));
    }
    let c_end = c_off.checked_add(c_size);
    if c_off < fb_end || c_end.is_none_or(|end| end > len) {
        return Err(compat(format!(
            "VH00 header puts the constant segment at offset {c_off} ({c_size} bytes), outside the {len}-byte payload or inside its FlatBuffer"
        )));
    }
    let c_end = c_end.unwrap_or(len);
    let (Some(flatbuffer), Some(constants)) = (
        blob.get(fb_off as usize..fb_end as usize),
        blob.get(c_off as usize..c_end as usize),
    ) else {
        return Err(compat("VH00 header ranges do not fit the payload"));
    };
    let ident = bytes::<4>(flatbuffer, 4);
    if &ident != b"VK00" {
        return Err(compat(format!(
            "Vulkan FlatBuffer identifier is {:?}, expected \"VK00\"",
            String::from_utf8_lossy(&ident)
        )));
    }
    Ok(Payload {
        flatbuffer,
        constants,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn blob(fb_off: u32, fb_size: u32, c_off: u32, c_size: u64, total: usize) -> Vec<u8> {
        let mut b = vec![0u8; total];
        b[4..8].copy_from_slice(b"VH00");
        b[8..10].copy_from_slice(&30u16.to_le_bytes());
        b[10..14].copy_from_slice(&fb_off.to_le_bytes());
        b[14..18].copy_from_slice(&fb_size.to_le_bytes());
        b[18..22].copy_from_slice(&c_off.to_le_bytes());
        b[22..30].copy_from_slice(&c_size.to_le_bytes());
        if (fb_off as usize) + 8 <= total {
            b[fb_off as usize + 4..fb_off as usize + 8].copy_from_slice(b"VK00");
        }
        b
    }

    #[test]
    fn good_headers() {
        let b = blob(32, 16, 48, 16, 64);
        let ok = split(&b).unwrap();
        assert_eq!(ok.flatbuffer.len(), 16);
        assert_eq!(ok.constants.len(), 16);
        // An empty constant segment at the very end of the payload is valid.
        let b = blob(32, 32, 64, 0, 64);
        let ok = split(&b).unwrap();
        assert!(ok.constants.is_empty());
    }

    #[test]
    fn bad_headers() {
        // FlatBuffer past the end, segment inside the FlatBuffer, overflowing size.
        assert!(split(&blob(32, 64, 96, 0, 64)).is_err());
        assert!(split(&blob(32, 16, 40, 0, 64)).is_err());
        assert!(split(&blob(32, 16, 48, u64::MAX, 64)).is_err());
        assert!(split(&blob(32, 16, 65, 0, 64)).is_err());
        // FlatBuffer overlapping the header.
        assert!(split(&blob(16, 16, 48, 0, 64)).is_err());
        // Truncated.
        for n in 0..40 {
            assert!(split(&blob(32, 16, 48, 16, 64)[..n]).is_err());
        }
        // Wrong magic and identifier.
        let mut bad = blob(32, 16, 48, 0, 64);
        bad[4..8].copy_from_slice(b"XH00");
        assert!(split(&bad).is_err());
        let mut bad = blob(32, 16, 48, 0, 64);
        bad[36..40].copy_from_slice(b"VK99");
        let e = split(&bad).unwrap_err();
        assert!(e.message.contains("VK99"), "{}", e.message);
        // Header size below its fields.
        let mut bad = blob(32, 16, 48, 0, 64);
        bad[8..10].copy_from_slice(&12u16.to_le_bytes());
        assert!(split(&bad).is_err());
    }
}
