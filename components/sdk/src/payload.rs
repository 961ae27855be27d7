//! Processed blobs in ExecuTorch's FlatBuffer-plus-constants layout, which the XNNPACK
//! (`XH00`) and Vulkan (`VH00`) backends' `preprocess` write: a header, then a
//! FlatBuffer, then a constant data segment. Every offset and size is checked before a
//! byte is sliced; a blob that lies is a [`PayloadError`], never a panic.
//!
//! Header layout (little-endian; ExecuTorch's `xnnpack_graph_serialize.py` and
//! `vulkan_graph_serialize.py`):
//!
//! | bytes  | field                                         |
//! |--------|-----------------------------------------------|
//! | 0..4   | padding (the FlatBuffer root offset position) |
//! | 4..8   | magic (`XH00`, `VH00`)                        |
//! | 8..10  | u16 header length (30)                        |
//! | 10..14 | u32 FlatBuffer offset                         |
//! | 14..18 | u32 FlatBuffer size                           |
//! | 18..22 | u32 constant data offset                      |
//! | 22..30 | u64 constant data size                        |

/// A malformed payload; converts to every version's `delegate-invalid-compatibility`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PayloadError(pub String);

/// Bytes of the header as written today.
pub const HEADER_LEN: usize = 30;

/// What a backend's payloads look like.
#[derive(Debug, Clone, Copy)]
pub struct Format {
    /// The backend's name in messages (`XNNPACK`).
    pub name: &'static str,
    /// The header magic at bytes 4..8 (`XH00`).
    pub magic: [u8; 4],
    /// FlatBuffer file identifiers accepted (bytes 4..8 of the FlatBuffer).
    pub identifiers: &'static [[u8; 4]],
    /// Whether a blob without the magic is a bare FlatBuffer (older exporters).
    pub headerless: bool,
}

/// The parts of a payload.
#[derive(Debug, Clone, Copy)]
pub struct Payload<'a> {
    /// The FlatBuffer.
    pub flatbuffer: &'a [u8],
    /// The constant data segment (offsets in the FlatBuffer are relative to it).
    pub constants: &'a [u8],
}

fn array<const N: usize>(b: &[u8], at: usize) -> [u8; N] {
    let mut out = [0u8; N];
    if let Some(s) = b.get(at..at + N) {
        out.copy_from_slice(s);
    }
    out
}

/// Splits `blob` into its FlatBuffer and constant segment, checking the header's
/// offsets and sizes and the FlatBuffer's identifier against `format`.
pub fn split<'a>(blob: &'a [u8], format: &Format) -> Result<Payload<'a>, PayloadError> {
    let (name, magic) = (format.name, String::from_utf8_lossy(&format.magic));
    let err = |m: String| Err(PayloadError(m));
    let payload = if array::<4>(blob, 4) == format.magic {
        if blob.len() < HEADER_LEN {
            return err(format!(
                "{name} payload of {} bytes is shorter than its {magic} header ({HEADER_LEN} bytes)",
                blob.len()
            ));
        }
        let header_len = u16::from_le_bytes(array(blob, 8)) as u64;
        if header_len < HEADER_LEN as u64 {
            return err(format!(
                "{magic} header length {header_len} is below the {HEADER_LEN} bytes of its fields"
            ));
        }
        let fb_off = u32::from_le_bytes(array(blob, 10)) as u64;
        let fb_size = u32::from_le_bytes(array(blob, 14)) as u64;
        let c_off = u32::from_le_bytes(array(blob, 18)) as u64;
        let c_size = u64::from_le_bytes(array(blob, 22));
        let len = blob.len() as u64;
        let fb_end = fb_off + fb_size;
        if fb_off < header_len || fb_size == 0 || fb_end > len {
            return err(format!(
                "{magic} header puts the FlatBuffer at {fb_off}..{fb_end} in a payload of {len} bytes"
            ));
        }
        let c_end = c_off.checked_add(c_size).filter(|&end| end <= len);
        let (Some(c_end), true) = (c_end, c_off >= fb_end) else {
            return err(format!(
                "{magic} header puts the constant data at offset {c_off} ({c_size} bytes), outside the {len}-byte payload or inside its FlatBuffer"
            ));
        };
        match (
            blob.get(fb_off as usize..fb_end as usize),
            blob.get(c_off as usize..c_end as usize),
        ) {
            (Some(flatbuffer), Some(constants)) => Payload {
                flatbuffer,
                constants,
            },
            _ => return err(format!("{magic} header ranges do not fit the payload")),
        }
    } else if format.headerless {
        Payload {
            flatbuffer: blob,
            constants: &[],
        }
    } else {
        return err(format!(
            "{name} payload magic is {:?}, expected {magic:?}",
            String::from_utf8_lossy(&array::<4>(blob, 4))
        ));
    };
    let fb = payload.flatbuffer;
    if fb.len() < 8 {
        return err(format!(
            "{name} payload too short for a FlatBuffer ({} bytes)",
            fb.len()
        ));
    }
    let ident = array::<4>(fb, 4);
    if !format.identifiers.contains(&ident) {
        let want: Vec<String> = format
            .identifiers
            .iter()
            .map(|i| format!("{:?}", String::from_utf8_lossy(i)))
            .collect();
        return err(format!(
            "{name} FlatBuffer identifier is {:?}, expected {}",
            String::from_utf8_lossy(&ident),
            want.join(" or ")
        ));
    }
    Ok(payload)
}

#[cfg(test)]
mod tests {
    use super::*;

    const F: Format = Format {
        name: "Test",
        magic: *b"TH00",
        identifiers: &[*b"TT01", *b"TT00"],
        headerless: true,
    };

    fn blob(fb_off: u32, fb_size: u32, c_off: u32, c_size: u64, total: usize) -> Vec<u8> {
        let mut b = vec![0u8; total];
        b[4..8].copy_from_slice(b"TH00");
        b[8..10].copy_from_slice(&30u16.to_le_bytes());
        b[10..14].copy_from_slice(&fb_off.to_le_bytes());
        b[14..18].copy_from_slice(&fb_size.to_le_bytes());
        b[18..22].copy_from_slice(&c_off.to_le_bytes());
        b[22..30].copy_from_slice(&c_size.to_le_bytes());
        if (fb_off as usize) + 8 <= total {
            b[fb_off as usize + 4..fb_off as usize + 8].copy_from_slice(b"TT01");
        }
        b
    }

    #[test]
    fn good_and_hostile_headers() {
        let good = blob(32, 16, 48, 16, 64);
        let ok = split(&good, &F).unwrap();
        assert_eq!(ok.flatbuffer.len(), 16);
        assert_eq!(ok.constants.len(), 16);
        assert!(split(&blob(32, 64, 96, 0, 64), &F).is_err());
        assert!(split(&blob(32, 16, 40, 0, 64), &F).is_err());
        assert!(split(&blob(32, 16, 48, u64::MAX, 64), &F).is_err());
        assert!(split(&blob(u32::MAX, u32::MAX, 48, 0, 64), &F).is_err());
        assert!(split(&blob(32, 16, 48, 16, 64)[..20], &F).is_err());
        let mut bad = blob(32, 16, 48, 0, 64);
        bad[36..40].copy_from_slice(b"TT99");
        assert!(split(&bad, &F).is_err());
        // Headerless: a bare FlatBuffer when allowed, an error when not.
        let mut bare = vec![0u8; 16];
        bare[4..8].copy_from_slice(b"TT00");
        assert_eq!(split(&bare, &F).unwrap().flatbuffer.len(), 16);
        let strict = Format {
            headerless: false,
            ..F
        };
        assert!(split(&bare, &strict).is_err());
    }
}
