//! The file identifier and the `eh00` extended header of a `.pte` file.
//!
//! Layout as in ExecuTorch `schema/extended_header.h` and `exir/_serialize/_program.py`:
//! bytes 0..4 are the FlatBuffer root offset, 4..8 the file identifier (`ET12`), and an
//! optional extended header follows at byte 8: magic `eh00` (4 bytes), header length
//! (u32 LE, at least 24), program (FlatBuffer) size (u64 LE), segment base offset (u64 LE)
//! and, when the length allows, the segment data size (u64 LE).

use crate::{Error, ErrorKind, Result};

/// The program format version this host reads.
pub const IDENTIFIER: &[u8; 4] = b"ET12";

const EH_MAGIC: &[u8; 4] = b"eh00";
const EH_OFFSET: usize = 8;
const EH_MIN_LEN: usize = 24;

/// The parsed extended header.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ExtendedHeader {
    /// Size of the FlatBuffer data at the start of the file, in bytes.
    pub program_size: u64,
    /// File offset where segment data starts (segment offsets are relative to it).
    pub segment_base_offset: u64,
    /// Size of the segment data in bytes (0 when not recorded).
    pub segment_data_size: u64,
}

/// Checks the file identifier: `ET12` is accepted; `ET` + two other digits is an
/// incompatible program version; anything else is not an ExecuTorch program.
pub fn check_identifier(data: &[u8]) -> Result<()> {
    if data.len() < 8 {
        return Err(Error::invalid_program(format!(
            "not an ExecuTorch program: the file has {} bytes, too few for a header",
            data.len()
        )));
    }
    let id = &data[4..8];
    if id == IDENTIFIER {
        return Ok(());
    }
    if id[..2] == *b"ET" && id[2].is_ascii_digit() && id[3].is_ascii_digit() {
        return Err(Error::new(
            ErrorKind::InvalidProgram,
            format!(
                "incompatible program version: the file is `{}`, this host reads `ET12`",
                String::from_utf8_lossy(id)
            ),
        ));
    }
    Err(Error::invalid_program(format!(
        "not an ExecuTorch program: the file identifier is {:?}, expected \"ET12\"",
        String::from_utf8_lossy(id)
    )))
}

/// Reads the extended header, if the file has one, and checks it against the file size.
pub fn read_extended_header(data: &[u8]) -> Result<Option<ExtendedHeader>> {
    let Some(head) = data.get(EH_OFFSET..EH_OFFSET + EH_MIN_LEN) else {
        return Ok(None);
    };
    if &head[0..4] != EH_MAGIC {
        return Ok(None);
    }
    let u32_at = |o: usize| u32::from_le_bytes(head[o..o + 4].try_into().unwrap_or([0; 4]));
    let u64_at = |b: &[u8], o: usize| u64::from_le_bytes(b[o..o + 8].try_into().unwrap_or([0; 8]));
    let length = u32_at(4) as usize;
    if length < EH_MIN_LEN {
        return Err(Error::invalid_program(format!(
            "extended header length {length} is less than the minimum {EH_MIN_LEN}"
        )));
    }
    let program_size = u64_at(head, 8);
    let segment_base_offset = u64_at(head, 16);
    let segment_data_size = if length >= EH_MIN_LEN + 8 {
        match data.get(EH_OFFSET + 24..EH_OFFSET + 32) {
            Some(b) => u64_at(b, 0),
            None => {
                return Err(Error::invalid_program(
                    "file ends inside the extended header",
                ))
            }
        }
    } else {
        0
    };
    let len = data.len() as u64;
    if program_size > len || program_size < (EH_OFFSET + EH_MIN_LEN) as u64 {
        return Err(Error::invalid_program(format!(
            "extended header gives a program size of {program_size} bytes, but the file has {len}"
        )));
    }
    if segment_base_offset > len {
        return Err(Error::invalid_program(format!(
            "extended header puts segments at offset {segment_base_offset}, past the end of the {len}-byte file"
        )));
    }
    if segment_base_offset != 0 && segment_base_offset < program_size {
        return Err(Error::invalid_program(format!(
            "segment base offset {segment_base_offset} lies inside the program data ({program_size} bytes)"
        )));
    }
    if segment_base_offset
        .checked_add(segment_data_size)
        .is_none_or(|end| end > len)
    {
        return Err(Error::invalid_program(format!(
            "segment data of {segment_data_size} bytes at {segment_base_offset} runs past the end of the {len}-byte file"
        )));
    }
    Ok(Some(ExtendedHeader {
        program_size,
        segment_base_offset,
        segment_data_size,
    }))
}
