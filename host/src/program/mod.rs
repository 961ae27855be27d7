//! Loading a `.pte` program: the file identifier, the extended header, the FlatBuffer
//! (format as in ExecuTorch `schema/program.fbs`, read with planus-generated code in
//! [`schema`]), segments, constants, delegate data and named data; and external data
//! (a FlatTensor `.ptd` file, [`FlatTensor`]) holding constants and named data kept
//! outside the program.
//!
//! The file is untrusted. [`Program::from_bytes`] verifies the whole FlatBuffer tree and
//! every offset, size, index and dim before anything uses them (ExecuTorch has had CVEs
//! for each of: integer overflow in sizes and offsets, out-of-range memory ids, rank
//! over 16, bad list indices).

mod flat_tensor;
mod header;
pub mod plan;
#[allow(missing_docs, clippy::all, unused_imports, dead_code)]
#[rustfmt::skip]
pub mod flat_tensor_schema;
#[allow(missing_docs, clippy::all, unused_imports, dead_code)]
#[rustfmt::skip]
pub mod schema;

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use planus::ReadAsRoot;

pub use flat_tensor::{FlatTensor, TensorLayout};
pub use header::ExtendedHeader;
pub use plan::{
    DelegateData, DelegateDef, Instruction, Plan, ShapeDynamism, TensorData, TensorDef, ValueDef,
};

use schema::executorch_flatbuffer as fb;

use crate::{Error, ErrorKind, Result};

/// The bytes of a program: a memory-mapped file or an owned buffer.
enum Bytes {
    Mapped(memmap2::Mmap),
    Owned(Vec<u8>),
}

impl Bytes {
    /// See [`Program::release_pages`].
    fn release_pages(&self) {
        if let Bytes::Mapped(m) = self {
            // SAFETY: the mapping is private and read-only (no page of it was written),
            // so dropping its pages loses nothing: a later read faults them in again
            // from the file, as the first did. A failure leaves them resident.
            let _ = unsafe { m.unchecked_advise(memmap2::UncheckedAdvice::DontNeed) };
        }
    }
}

impl std::ops::Deref for Bytes {
    type Target = [u8];
    fn deref(&self) -> &[u8] {
        match self {
            Bytes::Mapped(m) => m,
            Bytes::Owned(v) => v,
        }
    }
}

/// A loaded, verified ExecuTorch program.
pub struct Program {
    bytes: Bytes,
    origin: PathBuf,
    header: Option<ExtendedHeader>,
    version: u32,
    plans: Vec<Plan>,
    inline_constants: Vec<Vec<u8>>,
    inline_delegates: Vec<Vec<u8>>,
    segments: Vec<(usize, usize)>,
    named_data: Vec<(String, usize)>,
    external: Vec<FlatTensor>,
}

impl std::fmt::Debug for Program {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Program")
            .field("origin", &self.origin)
            .field("methods", &self.method_names())
            .finish()
    }
}

impl Program {
    /// Memory-maps and loads the program at `path`.
    ///
    /// Errors: `AccessFailed` if the file cannot be read; `InvalidProgram` for anything
    /// malformed (the error names the file).
    pub fn from_file(path: impl AsRef<Path>) -> Result<Program> {
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

    /// Loads the program at `pte` with the external data (a FlatTensor `.ptd` file,
    /// as ExecuTorch's `write_tensor_data_to_file` writes it) at `ptd`: the same as
    /// [`Program::from_file`] followed by [`Program::add_external_data`].
    ///
    /// Errors: those of [`Program::from_file`], of [`FlatTensor::from_file`]
    /// (`InvalidExternalData` naming the `.ptd`) and of [`Program::add_external_data`].
    pub fn from_file_with_data(pte: impl AsRef<Path>, ptd: impl AsRef<Path>) -> Result<Program> {
        let mut program = Self::from_file(pte)?;
        program.add_external_data(FlatTensor::from_file(ptd)?)?;
        Ok(program)
    }

    /// Attaches external data to the program (ExecuTorch's `NamedDataMap` given to
    /// `load_method`): its named data is served to delegates like the program's own,
    /// and constant tensors stored `EXTERNAL` take their bytes from it when a method is
    /// loaded. Several files may be attached; a key must be unique across the program's
    /// named data and all attached files.
    ///
    /// Errors: `InvalidExternalData` naming the file and the key when a key is already
    /// present.
    pub fn add_external_data(&mut self, data: FlatTensor) -> Result<()> {
        for key in data.keys() {
            let clash = if self.named_data.iter().any(|(k, _)| k == key) {
                Some(self.origin.display().to_string())
            } else {
                self.external
                    .iter()
                    .find(|d| d.contains(key))
                    .map(|d| d.origin().display().to_string())
            };
            if let Some(other) = clash {
                return Err(Error::new(
                    ErrorKind::InvalidExternalData,
                    format!("named data key `{key}` is also in {other}"),
                )
                .with_file(data.origin()));
            }
        }
        self.external.push(data);
        Ok(())
    }

    /// The external data attached with [`Program::add_external_data`], in order.
    pub fn external_data(&self) -> &[FlatTensor] {
        &self.external
    }

    /// The bytes of the constant tensor `tensor` that is stored in external data under
    /// `key`, with the index of the attached file that has it.
    ///
    /// Errors: `NotFound` naming the key when no attached file has it;
    /// `InvalidExternalData` naming the file when the stored blob does not have exactly
    /// the tensor's size in bytes (sizes times element size) or its recorded layout has
    /// another element type or other sizes.
    pub fn external_constant(&self, key: &str, tensor: &TensorDef) -> Result<(usize, &[u8])> {
        let Some((index, data)) = self
            .external
            .iter()
            .enumerate()
            .find(|(_, d)| d.contains(key))
        else {
            let loaded = if self.external.is_empty() {
                "no external data is loaded (pass the program's .ptd file: plugboard run --data, \
                 Program::from_file_with_data)"
                    .to_string()
            } else {
                let files: Vec<String> = self
                    .external
                    .iter()
                    .map(|d| d.origin().display().to_string())
                    .collect();
                format!(
                    "the loaded external data ({}) does not have it",
                    files.join(", ")
                )
            };
            return Err(Error::new(
                ErrorKind::NotFound,
                format!("constant tensor `{key}` is stored in external data, but {loaded}"),
            ));
        };
        let bad = |m: String| {
            Error::new(
                ErrorKind::InvalidExternalData,
                format!("named data `{key}`: {m}"),
            )
            .with_file(data.origin())
        };
        if let Some(l) = data.tensor_layout(key) {
            if l.dtype != tensor.dtype || l.sizes != tensor.sizes {
                return Err(bad(format!(
                    "stored as a {} {:?} tensor, the program expects {} {:?}",
                    l.dtype, l.sizes, tensor.dtype, tensor.sizes
                )));
            }
        }
        let bytes = data.get(key).unwrap_or_default();
        if bytes.len() != tensor.nbytes {
            return Err(bad(format!(
                "{} bytes, but the program's {} {:?} tensor needs {}",
                bytes.len(),
                tensor.dtype,
                tensor.sizes,
                tensor.nbytes
            )));
        }
        Ok((index, bytes))
    }

    /// Loads a program from bytes in memory; `<bytes>` names it in errors.
    pub fn from_bytes(bytes: Vec<u8>) -> Result<Program> {
        Self::from_bytes_named(bytes, "<bytes>")
    }

    /// Loads a program from bytes in memory; `name` names it in errors and reports.
    pub fn from_bytes_named(bytes: Vec<u8>, name: impl Into<PathBuf>) -> Result<Program> {
        Self::load(Bytes::Owned(bytes), name.into())
    }

    fn load(bytes: Bytes, origin: PathBuf) -> Result<Program> {
        Self::parse(bytes, origin.clone()).map_err(|e| e.with_file(origin))
    }

    fn parse(bytes: Bytes, origin: PathBuf) -> Result<Program> {
        header::check_identifier(&bytes)?;
        let header = header::read_extended_header(&bytes)?;
        let fb_len = header.map_or(bytes.len(), |h| h.program_size as usize);
        let root = fb::ProgramRef::read_as_root(&bytes[..fb_len])
            .map_err(|e| Error::invalid_program(format!("malformed FlatBuffer: {e}")))?;
        let program = fb::Program::try_from(root)
            .map_err(|e| Error::invalid_program(format!("malformed FlatBuffer: {e}")))?;

        // Segments: absolute ranges, checked against the file.
        let base = header.map_or(0, |h| h.segment_base_offset);
        let fb_segments = program.segments.unwrap_or_default();
        // Without an extended header the base is 0 (ExecuTorch writes a header whenever
        // segments hold data; files without one list at most empty segments).
        let mut segments = Vec::with_capacity(fb_segments.len());
        for (i, s) in fb_segments.iter().enumerate() {
            let start = base.checked_add(s.offset);
            let end = start.and_then(|st| st.checked_add(s.size));
            match (start, end) {
                (Some(st), Some(e)) if e <= bytes.len() as u64 => {
                    segments.push((st as usize, s.size as usize))
                }
                _ => {
                    return Err(Error::invalid_program(format!(
                        "segment {i} (offset {}, size {}) lies outside the {}-byte file",
                        s.offset,
                        s.size,
                        bytes.len()
                    )))
                }
            }
        }

        let inline_constants: Vec<Vec<u8>> = program
            .constant_buffer
            .unwrap_or_default()
            .into_iter()
            .map(|b| b.storage.unwrap_or_default())
            .collect();
        let (constant_segment, constant_offsets) = match program.constant_segment {
            Some(cs) if cs.offsets.as_ref().is_some_and(|o| !o.is_empty()) => {
                if !inline_constants.is_empty() {
                    return Err(Error::invalid_program(
                        "both constant_buffer and constant_segment are used",
                    ));
                }
                let seg = *segments.get(cs.segment_index as usize).ok_or_else(|| {
                    Error::invalid_program(format!(
                        "constant segment index {} is out of range (there are {})",
                        cs.segment_index,
                        segments.len()
                    ))
                })?;
                (Some(seg), cs.offsets.unwrap_or_default())
            }
            _ => (None, Vec::new()),
        };
        let inline_delegates: Vec<Vec<u8>> = program
            .backend_delegate_data
            .unwrap_or_default()
            .into_iter()
            .map(|d| d.data.unwrap_or_default())
            .collect();
        let inline_sizes: Vec<usize> = inline_constants.iter().map(Vec::len).collect();
        let layout = plan::FileLayout {
            segments: &segments,
            constant_offsets: &constant_offsets,
            constant_segment,
            inline_constants: &inline_sizes,
            inline_delegates: inline_delegates.len(),
        };
        let plans = program
            .execution_plan
            .unwrap_or_default()
            .into_iter()
            .map(|p| Plan::from_fb(p, &layout))
            .collect::<Result<Vec<_>>>()?;
        let mut named_data = Vec::new();
        for nd in program.named_data.unwrap_or_default() {
            let key = nd.key.unwrap_or_default();
            if (nd.segment_index as usize) >= segments.len() {
                return Err(Error::invalid_program(format!(
                    "named data `{key}` points at segment {} (there are {})",
                    nd.segment_index,
                    segments.len()
                )));
            }
            named_data.push((key, nd.segment_index as usize));
        }
        Ok(Program {
            bytes,
            origin,
            header,
            version: program.version,
            plans,
            inline_constants,
            inline_delegates,
            segments,
            named_data,
            external: Vec::new(),
        })
    }

    /// The file the program came from (`<bytes>` for in-memory programs).
    pub fn origin(&self) -> &Path {
        &self.origin
    }

    /// Size of the program in bytes.
    pub fn len(&self) -> usize {
        self.bytes.len()
    }

    /// Whether the program has no bytes (never true for a loaded program).
    pub fn is_empty(&self) -> bool {
        self.bytes.is_empty()
    }

    /// The extended header, if the file has one.
    pub fn extended_header(&self) -> Option<ExtendedHeader> {
        self.header
    }

    /// The schema version recorded in the program.
    pub fn version(&self) -> u32 {
        self.version
    }

    /// Names of the methods (execution plans), in file order.
    pub fn method_names(&self) -> Vec<&str> {
        self.plans.iter().map(|p| p.name.as_str()).collect()
    }

    /// All checked execution plans.
    pub fn plans(&self) -> &[Plan] {
        &self.plans
    }

    /// The plan of method `name`; `NotFound` if there is none.
    pub fn plan(&self, name: &str) -> Result<&Plan> {
        self.plans.iter().find(|p| p.name == name).ok_or_else(|| {
            Error::new(
                ErrorKind::NotFound,
                format!(
                    "no method `{name}` (the program has: {})",
                    self.method_names().join(", ")
                ),
            )
            .with_file(&self.origin)
        })
    }

    /// Segments as absolute `(offset, len)` ranges of the file.
    pub fn segments(&self) -> &[(usize, usize)] {
        &self.segments
    }

    /// The bytes of a constant tensor.
    pub fn tensor_data(&self, data: &TensorData, nbytes: usize) -> Option<&[u8]> {
        match *data {
            TensorData::Constant { offset, len } => {
                self.bytes.get(offset..offset + len.min(nbytes))
            }
            TensorData::InlineConstant { buffer } => self
                .inline_constants
                .get(buffer)
                .and_then(|b| b.get(..nbytes)),
            TensorData::External { ref key } => self
                .external
                .iter()
                .find_map(|d| d.get(key.as_str()))
                .and_then(|b| b.get(..nbytes)),
            _ => None,
        }
    }

    /// The processed blob of a delegate.
    pub fn delegate_data(&self, d: &DelegateDef) -> &[u8] {
        match d.processed {
            DelegateData::Inline(i) => self.inline_delegates.get(i).map_or(&[], |v| v.as_slice()),
            DelegateData::Segment { offset, len } => {
                self.bytes.get(offset..offset + len).unwrap_or(&[])
            }
        }
    }

    /// The bytes of named data `key`: the program's own, or an attached external data
    /// file's (as served to backends).
    pub fn named_bytes(&self, key: &str) -> Option<&[u8]> {
        if let Some((_, s)) = self.named_data.iter().find(|(k, _)| k == key) {
            let (off, len) = *self.segments.get(*s)?;
            return self.bytes.get(off..off.checked_add(len)?);
        }
        self.external.iter().find_map(|d| d.get(key))
    }

    /// Tells the system that the mapped file's pages are not needed now: they stop
    /// counting as the process's memory and are read again (from the page cache or the
    /// file) if touched. The mapping is read-only, so nothing is lost. The host calls it
    /// as a method's loading moves on (after each delegate's `init`, once constants are
    /// placed), as ExecuTorch frees a delegate's data after its `init`: without it
    /// every weight of a language model stayed resident twice, in the mapping and in
    /// the backend's packed copy. A program read into memory (`from_bytes`) keeps its
    /// bytes.
    pub fn release_pages(&self) {
        self.bytes.release_pages();
        for d in &self.external {
            d.release_pages();
        }
    }

    /// The program's named data (key to bytes), as served to backends: the program's
    /// own and that of every attached external data file.
    pub fn named_data(&self) -> HashMap<String, Arc<[u8]>> {
        let own = self.named_data.iter().filter_map(|(k, s)| {
            let (off, len) = *self.segments.get(*s)?;
            Some((k.clone(), Arc::from(self.bytes.get(off..off + len)?)))
        });
        let external = self.external.iter().flat_map(|d| {
            d.keys()
                .iter()
                .filter_map(|k| Some((k.clone(), Arc::from(d.get(k)?))))
        });
        own.chain(external).collect()
    }

    /// Keys of the program's own named data (in the `.pte`), with their sizes in bytes;
    /// see [`FlatTensor::named_data_keys`] for external data.
    pub fn named_data_keys(&self) -> Vec<(String, usize)> {
        self.named_data
            .iter()
            .map(|(k, s)| (k.clone(), self.segments.get(*s).map_or(0, |x| x.1)))
            .collect()
    }
}

impl crate::component::NamedDataSource for Program {
    fn named_bytes(&self, key: &str) -> Option<&[u8]> {
        Program::named_bytes(self, key)
    }
}
