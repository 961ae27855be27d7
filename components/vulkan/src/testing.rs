//! Host-side helpers for the tests and the fuzz targets: finding the processed blobs
//! in a `.pte`, named data as zeros, and [`Mock`], a stand-in for the `gpu` import that
//! checks calls the way the host does (ranges, layouts, a buffer bound writable only
//! once per bind group) and returns zeros for reads.

use std::cell::RefCell;
use std::collections::HashSet;
use std::path::{Path, PathBuf};

use crate::graph::{self, ConstantRef};
use crate::plugboard::runtime::gpu::{
    AdapterInfo, Binding, BindingKind, BufferKind, Command, Limits, Read, Write,
};
use crate::plugboard::runtime::types::{ScalarType, Tensor};
use crate::runtime::{ConstantSource, Gpu};
use crate::{Arg, Error};

/// The processed blobs of every `VulkanBackend` delegate in a `.pte` (inline or in a
/// segment), found by their `VH00` magic; each ends where its header says.
pub fn blobs(pte: &[u8]) -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    let mut i = 4;
    let u32_at = |b: &[u8], at: usize| {
        b.get(at..at + 4)
            .map_or(0, |s| u32::from_le_bytes([s[0], s[1], s[2], s[3]]) as usize)
    };
    while i + 30 <= pte.len() {
        if &pte[i..i + 4] == b"VH00" {
            let h = &pte[i - 4..];
            let fb_end = u32_at(h, 10) + u32_at(h, 14);
            let c_end = u32_at(h, 18) + u32_at(h, 22);
            let len = fb_end.max(c_end);
            if let Some(b) = h.get(..len).filter(|_| len >= 30) {
                out.push(b.to_vec());
                i += len.max(4);
                continue;
            }
        }
        i += 1;
    }
    out
}

/// Every fixture program with a Vulkan variant (small ones, and large ones if exported).
pub fn fixtures() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures");
    let mut out = Vec::new();
    for dir in [root.clone(), root.join("large")] {
        let Ok(rd) = std::fs::read_dir(&dir) else {
            continue;
        };
        for e in rd.flatten() {
            let Ok(files) = std::fs::read_dir(e.path()) else {
                continue;
            };
            for f in files.flatten() {
                if f.file_name().to_string_lossy().ends_with(".vulkan.pte") {
                    out.push(f.path());
                }
            }
        }
    }
    out.sort();
    out
}

/// Named data: zeros of the size the graph says.
pub struct Zeros(pub Vec<ConstantRef>);

impl ConstantSource for Zeros {
    fn named(&mut self, key: &str) -> Result<Vec<u8>, Error> {
        for c in &self.0 {
            if let ConstantRef::Named { key: k, length } = c {
                if k == key && *length <= 1 << 26 {
                    return Ok(vec![0; *length as usize]);
                }
            }
        }
        Err(crate::err(
            crate::ErrorKind::NotFound,
            format!("no named data {key:?}"),
        ))
    }
}

/// A device stand-in that checks calls the way the host does and records them.
#[derive(Default)]
pub struct Mock {
    pub buffers: RefCell<Vec<(u64, BufferKind)>>,
    pub pipelines: RefCell<Vec<(String, Vec<BindingKind>)>>,
    pub groups: RefCell<Vec<u32>>,
    pub dispatches: RefCell<usize>,
}

pub fn limits() -> Limits {
    Limits {
        max_buffer_size: 256 << 20,
        max_storage_binding_size: 128 << 20,
        max_uniform_binding_size: 64 << 10,
        max_storage_bindings: 8,
        max_uniform_bindings: 12,
        max_workgroups_per_dimension: 65535,
        max_workgroups_per_dispatch: 1 << 24,
        max_invocations_per_workgroup: 256,
        max_workgroup_size_x: 256,
        max_workgroup_size_y: 256,
        max_workgroup_size_z: 64,
        storage_offset_alignment: 256,
        uniform_offset_alignment: 256,
        budget: 1 << 30,
        max_shader_bytes: 1 << 20,
        max_pipelines: 1024,
        max_commands: 4096,
    }
}

fn bad(m: impl Into<String>) -> Error {
    crate::err(crate::ErrorKind::InvalidArgument, m)
}

impl Gpu for Mock {
    fn open(&self) -> Result<AdapterInfo, String> {
        Ok(AdapterInfo {
            name: "mock".into(),
            backend: "vulkan".into(),
            device_type: "cpu".into(),
            driver: String::new(),
            limits: limits(),
        })
    }
    fn create_buffer(&self, size: u64, kind: BufferKind) -> Result<u32, Error> {
        if size == 0 || !size.is_multiple_of(4) || size > limits().max_buffer_size {
            return Err(bad(format!("buffer size {size}")));
        }
        let mut b = self.buffers.borrow_mut();
        b.push((size, kind));
        Ok(b.len() as u32 - 1)
    }
    fn create_pipeline(
        &self,
        wgsl: &str,
        entry: &str,
        layout: &[BindingKind],
    ) -> Result<u32, Error> {
        if entry != "main" {
            return Err(bad("entry point"));
        }
        let mut p = self.pipelines.borrow_mut();
        p.push((wgsl.to_string(), layout.to_vec()));
        Ok(p.len() as u32 - 1)
    }
    fn create_bind_group(&self, pipeline: u32, bindings: &[Binding]) -> Result<u32, Error> {
        let p = self.pipelines.borrow();
        let (_, layout) = p.get(pipeline as usize).ok_or_else(|| bad("pipeline"))?;
        if layout.len() != bindings.len() {
            return Err(bad("binding count"));
        }
        let bufs = self.buffers.borrow();
        let mut rw = HashSet::new();
        let mut all = Vec::new();
        for (k, b) in layout.iter().zip(bindings) {
            let (size, kind) = bufs.get(b.buffer as usize).ok_or_else(|| bad("buffer"))?;
            if b.offset + b.size > *size {
                return Err(bad("binding range"));
            }
            match k {
                BindingKind::Uniform => {
                    if *kind != BufferKind::Uniform || b.offset % 256 != 0 {
                        return Err(bad("uniform binding"));
                    }
                }
                _ => {
                    if *kind != BufferKind::Storage {
                        return Err(bad("storage binding"));
                    }
                }
            }
            if *k == BindingKind::Storage {
                rw.insert(b.buffer);
            }
            all.push((*k, b.buffer));
        }
        // WebGPU: a buffer bound writable may not be bound again in the same group.
        for &b in &rw {
            if all.iter().filter(|(_, x)| *x == b).count() > 1 {
                return Err(bad(format!("buffer {b} bound writable and again")));
            }
        }
        let mut g = self.groups.borrow_mut();
        g.push(pipeline);
        Ok(g.len() as u32 - 1)
    }
    fn run(
        &self,
        writes: Vec<Write>,
        commands: &[Command],
        reads: &[Read],
    ) -> Result<Vec<Vec<u8>>, Error> {
        let bufs = self.buffers.borrow();
        for w in &writes {
            let (size, _) = bufs
                .get(w.buffer as usize)
                .ok_or_else(|| bad("write buffer"))?;
            if w.offset + w.data.len() as u64 > *size || !w.data.len().is_multiple_of(4) {
                return Err(bad("write range"));
            }
        }
        for c in commands {
            if let Command::Dispatch(d) = c {
                let g = self.groups.borrow();
                if g.get(d.bind_group as usize) != Some(&d.pipeline) {
                    return Err(bad("bind group of another pipeline"));
                }
                if d.x == 0 || d.x > 65535 || d.y > 65535 {
                    return Err(bad("dispatch size"));
                }
                *self.dispatches.borrow_mut() += 1;
            }
        }
        let mut out = Vec::new();
        for r in reads {
            let (size, _) = bufs
                .get(r.buffer as usize)
                .ok_or_else(|| bad("read buffer"))?;
            if r.offset + r.size > *size {
                return Err(bad("read range"));
            }
            out.push(vec![0; r.size as usize]);
        }
        Ok(out)
    }
}

fn scalar_type(d: graph::DType) -> ScalarType {
    use graph::DType as D;
    match d {
        D::Bool => ScalarType::Bool,
        D::UInt8 => ScalarType::Byte,
        D::Int8 => ScalarType::Char,
        D::Int32 => ScalarType::Int,
        D::Int64 => ScalarType::Long,
        D::Float16 => ScalarType::Half,
        D::Float32 => ScalarType::Float,
        D::Float64 => ScalarType::Double,
    }
}

/// Zero tensors at the serialized sizes for a graph's inputs and outputs.
pub fn zero_args(g: &graph::Graph) -> Vec<Arg> {
    g.inputs
        .iter()
        .chain(&g.outputs)
        .map(|&v| match g.tensor(v) {
            Some(t) => {
                let dt = scalar_type(t.dtype);
                let es = match t.dtype.size() {
                    1 => 1,
                    2 => 2,
                    4 => 4,
                    _ => 8,
                };
                Arg::Tensor(Tensor {
                    dtype: dt,
                    sizes: t.dims.iter().map(|&d| d as u32).collect(),
                    dim_order: (0..t.dims.len() as u8).collect(),
                    data: vec![0; t.numel() * es],
                })
            }
            None => Arg::Int(1),
        })
        .collect()
}
