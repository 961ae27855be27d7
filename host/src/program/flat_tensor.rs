//! External data: a FlatTensor `.ptd` file (ExecuTorch `extension/flat_tensor`), the
//! weights that a program exported with `ExecutorchBackendConfig(external_constants=True)`
//! (or with delegate constants tagged external) keeps outside the `.pte`.
//!
//! Layout: bytes 0..4 are the FlatBuffer root offset, 4..8 the file identifier `FT01`,
//! and a header follows at byte 8: magic `FH01`, header length (u32 LE, at least 40),
//! FlatBuffer offset and size (u64 LE each; the FlatBuffer is read from byte 0 to their
//! sum), segment base offset and segment data size (u64 LE each). The FlatBuffer
//! (`FlatTensor`, read with planus-generated code in [`schema`](super::flat_tensor_schema))
//! lists segments relative to the base offset and named data: a key, a segment index
//! and an optional tensor layout.
//!
//! The file is untrusted: [`FlatTensor::from_file`] checks the identifier, the header,
//! the whole FlatBuffer tree, every segment against the file and every segment index,
//! key and layout before anything uses them. Every failure is an `InvalidExternalData`
//! error naming the file.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use planus::ReadAsRoot;

use super::flat_tensor_schema::flat_tensor_flatbuffer as ft;
use super::plan::MAX_RANK;
use super::Bytes;
use crate::{Error, ErrorKind, Result, ScalarType};

/// The FlatTensor format version this host reads.
pub const IDENTIFIER: &[u8; 4] = b"FT01";

const HEADER_MAGIC: &[u8; 4] = b"FH01";
const HEADER_OFFSET: usize = 8;
const HEADER_MIN_LEN: usize = 40;

/// Element type, sizes and dim order of a tensor stored in a `.ptd` (`TensorLayout`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TensorLayout {
    /// Element type.
    pub dtype: ScalarType,
    /// Sizes.
    pub sizes: Vec<u32>,
    /// Dim order, outermost first.
    pub dim_order: Vec<u8>,
    /// Size in bytes at these sizes.
    pub nbytes: usize,
}

/// One named blob of a `.ptd`: its key, where its bytes are, and its layout if it is
/// a tensor.
#[derive(Debug, Clone)]
struct Entry {
    segment: usize,
    layout: Option<TensorLayout>,
}

/// A loaded, verified FlatTensor (`.ptd`) file: named data kept outside a program.
///
/// Attach it to a program with [`Program::add_external_data`](super::Program::add_external_data)
/// (or load both with [`Program::from_file_with_data`](super::Program::from_file_with_data)).
pub struct FlatTensor {
    bytes: Bytes,
    origin: PathBuf,
    version: u32,
    /// Absolute `(offset, len)` of each segment, checked against the file.
    segments: Vec<(usize, usize)>,
    /// Keys in file order.
    keys: Vec<String>,
    entries: HashMap<String, Entry>,
}

impl std::fmt::Debug for FlatTensor {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("FlatTensor")
            .field("origin", &self.origin)
            .field("keys", &self.keys.len())
            .finish()
    }
}

fn invalid(message: impl Into<String>) -> Error {
    Error::new(ErrorKind::InvalidExternalData, message)
}

fn u32_at(b: &[u8], o: usize) -> u32 {
    b.get(o..o + 4)
        .and_then(|s| s.try_into().ok())
        .map_or(0, u32::from_le_bytes)
}

fn u64_at(b: &[u8], o: usize) -> u64 {
    b.get(o..o + 8)
        .and_then(|s| s.try_into().ok())
        .map_or(0, u64::from_le_bytes)
}

impl FlatTensor {
    /// Memory-maps and verifies the `.ptd` file at `path`.
    ///
    /// Errors: `AccessFailed` if the file cannot be read; `InvalidExternalData` for
    /// anything malformed (the error names the file).
    pub fn from_file(path: impl AsRef<Path>) -> Result<FlatTensor> {
        let path = path.as_ref();
        let file = std::fs::File::open(path).map_err(|e| {
            Error::new(ErrorKind::AccessFailed, format!("cannot open: {e}")).with_file(path)
        })?;
        // SAFETY: the mapping is read-only; a file truncated by someone else while mapped
        // can fault, as with any mmap-based loader (ExecuTorch's MmapDataLoader too).
        let map = unsafe { memmap2::Mmap::map(&file) }.map_err(|e| {
            Error::new(ErrorKind::AccessFailed, format!("cannot map: {e}")).with_file(path)
        })?;
        Self::load(Bytes::Mapped(map), path.to_path_buf())
    }

    /// Verifies a `.ptd` held in memory; `name` names it in errors and reports.
    pub fn from_bytes_named(bytes: Vec<u8>, name: impl Into<PathBuf>) -> Result<FlatTensor> {
        Self::load(Bytes::Owned(bytes), name.into())
    }

    fn load(bytes: Bytes, origin: PathBuf) -> Result<FlatTensor> {
        Self::parse(bytes, origin.clone()).map_err(|e| e.with_file(origin))
    }

    fn parse(bytes: Bytes, origin: PathBuf) -> Result<FlatTensor> {
        let len = bytes.len();
        if len < HEADER_OFFSET + HEADER_MIN_LEN {
            return Err(invalid(format!(
                "not a FlatTensor (.ptd) file: the file has {len} bytes, too few for its header"
            )));
        }
        let id = &bytes[4..8];
        if id != IDENTIFIER {
            return Err(invalid(format!(
                "not a FlatTensor (.ptd) file: the file identifier is {:?}, expected \"FT01\"",
                String::from_utf8_lossy(id)
            )));
        }
        let head = &bytes[HEADER_OFFSET..];
        if &head[0..4] != HEADER_MAGIC {
            return Err(invalid(format!(
                "the FlatTensor header magic is {:?}, expected \"FH01\"",
                String::from_utf8_lossy(&head[0..4])
            )));
        }
        let header_len = u32_at(head, 4) as usize;
        if header_len < HEADER_MIN_LEN {
            return Err(invalid(format!(
                "FlatTensor header length {header_len} is less than the minimum {HEADER_MIN_LEN}"
            )));
        }
        let fb_offset = u64_at(head, 8);
        let fb_size = u64_at(head, 16);
        let base = u64_at(head, 24);
        let data_size = u64_at(head, 32);
        let header_end = (HEADER_OFFSET + header_len) as u64;
        let fb_end = fb_offset
            .checked_add(fb_size)
            .filter(|&e| e <= len as u64 && fb_offset >= header_end)
            .ok_or_else(|| {
                invalid(format!(
                    "header puts the FlatBuffer at offset {fb_offset}, {fb_size} bytes: \
                     not between the {header_end}-byte header and the end of the {len}-byte file"
                ))
            })?;
        base.checked_add(data_size)
            .filter(|&e| e <= len as u64 && base >= fb_end)
            .ok_or_else(|| {
                invalid(format!(
                    "header puts {data_size} bytes of segment data at offset {base}: not between \
                     the FlatBuffer's end ({fb_end}) and the end of the {len}-byte file"
                ))
            })?;

        let root = ft::FlatTensorRef::read_as_root(&bytes[..fb_end as usize])
            .map_err(|e| invalid(format!("malformed FlatBuffer: {e}")))?;
        let table = ft::FlatTensor::try_from(root)
            .map_err(|e| invalid(format!("malformed FlatBuffer: {e}")))?;

        let mut segments = Vec::new();
        for (i, s) in table.segments.unwrap_or_default().iter().enumerate() {
            // Within the segment data, so `base + offset` cannot overflow either.
            match s.offset.checked_add(s.size) {
                Some(end) if end <= data_size => {
                    segments.push(((base + s.offset) as usize, s.size as usize))
                }
                _ => {
                    return Err(invalid(format!(
                        "segment {i} (offset {}, size {}) lies outside the segment data \
                         ({data_size} bytes at {base} of the {len}-byte file)",
                        s.offset, s.size
                    )))
                }
            }
        }

        let mut keys = Vec::new();
        let mut entries = HashMap::new();
        for (i, nd) in table.named_data.unwrap_or_default().into_iter().enumerate() {
            let key = nd
                .key
                .ok_or_else(|| invalid(format!("named data {i} has no key")))?;
            let segment = nd.segment_index as usize;
            let Some(&(_, seg_len)) = segments.get(segment) else {
                return Err(invalid(format!(
                    "named data `{key}` points at segment {segment} (there are {})",
                    segments.len()
                )));
            };
            let layout = match nd.tensor_layout {
                Some(l) => Some(
                    convert_layout(*l).map_err(|e| invalid(format!("named data `{key}`: {e}")))?,
                ),
                None => None,
            };
            if let Some(l) = &layout {
                if l.nbytes > seg_len {
                    return Err(invalid(format!(
                        "named data `{key}`: a {} {:?} tensor needs {} bytes, segment {segment} has {seg_len}",
                        l.dtype, l.sizes, l.nbytes
                    )));
                }
            }
            if entries
                .insert(key.clone(), Entry { segment, layout })
                .is_some()
            {
                return Err(invalid(format!("named data key `{key}` appears twice")));
            }
            keys.push(key);
        }
        Ok(FlatTensor {
            bytes,
            origin,
            version: table.version,
            segments,
            keys,
            entries,
        })
    }

    /// The file the data came from.
    pub fn origin(&self) -> &Path {
        &self.origin
    }

    /// Size of the file in bytes.
    pub fn len(&self) -> usize {
        self.bytes.len()
    }

    /// Whether the file has no bytes (never true for a loaded file).
    pub fn is_empty(&self) -> bool {
        self.bytes.is_empty()
    }

    /// The schema version recorded in the file.
    pub fn version(&self) -> u32 {
        self.version
    }

    /// Segments as absolute `(offset, len)` ranges of the file.
    pub fn segments(&self) -> &[(usize, usize)] {
        &self.segments
    }

    /// Keys of the named data in file order, with their sizes in bytes.
    pub fn named_data_keys(&self) -> Vec<(String, usize)> {
        self.keys
            .iter()
            .map(|k| (k.clone(), self.get(k).map_or(0, <[u8]>::len)))
            .collect()
    }

    /// Whether the file has named data `key`.
    pub fn contains(&self, key: &str) -> bool {
        self.entries.contains_key(key)
    }

    /// The bytes of named data `key` (its whole segment).
    pub fn get(&self, key: &str) -> Option<&[u8]> {
        let e = self.entries.get(key)?;
        let &(off, len) = self.segments.get(e.segment)?;
        self.bytes.get(off..off.checked_add(len)?)
    }

    /// Lets the system drop the mapped file's resident pages (see
    /// [`super::Program::release_pages`]).
    pub fn release_pages(&self) {
        self.bytes.release_pages();
    }

    /// The tensor layout recorded for `key`, if the file has one.
    pub fn tensor_layout(&self, key: &str) -> Option<&TensorLayout> {
        self.entries.get(key)?.layout.as_ref()
    }

    /// Keys in file order.
    pub(crate) fn keys(&self) -> &[String] {
        &self.keys
    }
}

fn convert_layout(l: ft::TensorLayout) -> std::result::Result<TensorLayout, String> {
    let dtype = ScalarType::from_code(l.scalar_type as i64)
        .ok_or_else(|| format!("unknown scalar type {:?}", l.scalar_type))?;
    let sizes_i = l.sizes.unwrap_or_default();
    if sizes_i.len() > MAX_RANK {
        return Err(format!(
            "tensor of rank {} exceeds the limit of {MAX_RANK} dimensions",
            sizes_i.len()
        ));
    }
    let sizes = sizes_i
        .iter()
        .map(|&s| u32::try_from(s).map_err(|_| format!("negative tensor size {s}")))
        .collect::<std::result::Result<Vec<u32>, String>>()?;
    let dim_order = match l.dim_order {
        Some(d) if !d.is_empty() || sizes.is_empty() => d,
        _ => (0..sizes.len() as u8).collect(),
    };
    let mut seen = [false; MAX_RANK];
    if dim_order.len() != sizes.len()
        || dim_order.iter().any(|&d| {
            let d = d as usize;
            d >= sizes.len() || std::mem::replace(&mut seen[d], true)
        })
    {
        return Err(format!(
            "dim order {dim_order:?} is not a permutation of the {} dimensions",
            sizes.len()
        ));
    }
    let nbytes = sizes
        .iter()
        .try_fold(dtype.element_size(), |a, &s| a.checked_mul(s as usize))
        .filter(|&b| b <= isize::MAX as usize)
        .ok_or_else(|| format!("tensor sizes {sizes:?} of {dtype} overflow"))?;
    Ok(TensorLayout {
        dtype,
        sizes,
        dim_order,
        nbytes,
    })
}
