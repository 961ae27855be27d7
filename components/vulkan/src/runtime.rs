//! The delegate on the device: buffers, pipelines, bind groups, and `execute`.
//!
//! Buffers: one per memory object (`mem_obj_id`; tensors sharing one have disjoint
//! lifetimes), sized to its largest tensor at 4 bytes per element; one per constant and
//! per unshared tensor; scratch buffers for multi-pass kernels. A tensor whose buffer
//! would be bound both as an output and as an input of one kernel (which WebGPU
//! forbids) gets a buffer of its own. One uniform buffer holds every kernel's parameter
//! block at its own aligned slot; `execute` rewrites it only when the sizes changed.
//!
//! The device is reached through [`Gpu`], implemented by [`HostGpu`] on the `gpu`
//! import (a trait so that host-side tests can stand in for the device).

use std::collections::HashMap;

use crate::graph::{ConstantRef, DType, Graph, Value};
use crate::header::Payload;
use crate::ops::{Bind, Plan, Sizes};
use crate::plugboard::runtime::gpu::{
    self, AdapterInfo, Binding, BindingKind, BufferKind, Command, Dispatch, Limits, Read, Write,
};
use crate::plugboard::runtime::types::{ScalarType, Tensor};
use crate::shaders::{Cls, Shader, GEMM_WG, PARAM_WORDS};
use crate::{compat, err, not_supported, Arg, Error, ErrorKind};

/// Most bytes of writes sent in one `run` while uploading constants.
const UPLOAD_CHUNK: usize = 16 << 20;

/// The device operations the runtime needs (the `gpu` import's functions).
pub trait Gpu {
    fn open(&self) -> Result<AdapterInfo, String>;
    fn create_buffer(&self, size: u64, kind: BufferKind) -> Result<u32, Error>;
    fn create_pipeline(
        &self,
        wgsl: &str,
        entry: &str,
        layout: &[BindingKind],
    ) -> Result<u32, Error>;
    fn create_bind_group(&self, pipeline: u32, bindings: &[Binding]) -> Result<u32, Error>;
    fn run(
        &self,
        writes: Vec<Write>,
        commands: &[Command],
        reads: &[Read],
    ) -> Result<Vec<Vec<u8>>, Error>;
    /// The host clock (`clock.now`, ns) when the host profiles this execute, else None.
    fn profile_clock(&self) -> Option<u64> {
        None
    }
    /// Reports a step of the execute to the host's profiler (`profiling.node`).
    fn profile_step(&self, _name: &str, _start: u64, _end: u64) {}
}

/// The host's `gpu` import.
pub struct HostGpu;

impl Gpu for HostGpu {
    fn open(&self) -> Result<AdapterInfo, String> {
        gpu::open()
    }
    fn create_buffer(&self, size: u64, kind: BufferKind) -> Result<u32, Error> {
        gpu::create_buffer(size, kind)
    }
    fn create_pipeline(
        &self,
        wgsl: &str,
        entry: &str,
        layout: &[BindingKind],
    ) -> Result<u32, Error> {
        gpu::create_pipeline(wgsl, entry, layout)
    }
    fn create_bind_group(&self, pipeline: u32, bindings: &[Binding]) -> Result<u32, Error> {
        gpu::create_bind_group(pipeline, bindings)
    }
    fn run(
        &self,
        writes: Vec<Write>,
        commands: &[Command],
        reads: &[Read],
    ) -> Result<Vec<Vec<u8>>, Error> {
        gpu::run(&writes, commands, reads)
    }
    fn profile_clock(&self) -> Option<u64> {
        crate::plugboard::runtime::profiling::enabled().then(crate::plugboard::runtime::clock::now)
    }
    fn profile_step(&self, name: &str, start: u64, end: u64) {
        crate::plugboard::runtime::profiling::node(name, start, end);
    }
}

/// Source of constant bytes (named data is only reachable during `init`).
pub trait ConstantSource {
    /// The bytes stored under `key` in the program's named data.
    fn named(&mut self, key: &str) -> Result<Vec<u8>, Error>;
}

/// Every constant tensor's data as device words, by value index.
pub type Constants = HashMap<usize, Vec<u8>>;

fn words_from(dtype: DType, bytes: &[u8], n: usize) -> Option<Vec<u8>> {
    let es = dtype.size();
    let data = bytes.get(..n.checked_mul(es)?)?;
    let mut out = Vec::with_capacity(n * 4);
    for c in data.chunks_exact(es) {
        let w: [u8; 4] = match dtype {
            DType::Float32 | DType::Int32 => [c[0], c[1], c[2], c[3]],
            DType::Bool | DType::UInt8 => (c[0] as u32).to_le_bytes(),
            DType::Int8 => (c[0] as i8 as i32).to_le_bytes(),
            DType::Float16 => f16_to_f32(u16::from_le_bytes([c[0], c[1]])).to_le_bytes(),
            DType::Float64 => (f64::from_le_bytes([c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7]])
                as f32)
                .to_le_bytes(),
            DType::Int64 => (i64::from_le_bytes([c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7]])
                as i32)
                .to_le_bytes(),
        };
        out.extend_from_slice(&w);
    }
    Some(out)
}

fn f16_to_f32(h: u16) -> f32 {
    let s = ((h >> 15) as u32) << 31;
    let e = ((h >> 10) & 0x1f) as u32;
    let m = (h & 0x3ff) as u32;
    let bits = if e == 0 {
        if m == 0 {
            s
        } else {
            // Subnormal: normalize.
            let mut e2 = 127 - 15 + 1;
            let mut m2 = m;
            while m2 & 0x400 == 0 {
                m2 <<= 1;
                e2 -= 1;
            }
            s | (e2 << 23) | ((m2 & 0x3ff) << 13)
        }
    } else if e == 31 {
        s | 0x7f80_0000 | (m << 13)
    } else {
        s | ((e + 127 - 15) << 23) | (m << 13)
    };
    f32::from_bits(bits)
}

/// Loads every constant tensor's bytes (named data by key, or the payload's constant
/// segment) and converts them to device words. Errors: `not-found` (from the source)
/// for a missing named-data key; `delegate-invalid-compatibility` when a constant holds
/// fewer bytes than its tensor needs.
pub fn load_constants(
    g: &Graph,
    payload: &Payload<'_>,
    src: &mut dyn ConstantSource,
) -> Result<Constants, Error> {
    let mut out = HashMap::new();
    let mut named: HashMap<String, Vec<u8>> = HashMap::new();
    for (v, val) in g.values.iter().enumerate() {
        let Value::Tensor(t) = val else { continue };
        let Some(cid) = t.constant else { continue };
        let n = t.numel();
        let bytes: &[u8] = match g.constants.get(cid) {
            Some(ConstantRef::Named { key, .. }) => {
                if !named.contains_key(key) {
                    let d = src.named(key)?;
                    named.insert(key.clone(), d);
                }
                named.get(key).map(|d| d.as_slice()).unwrap_or(&[])
            }
            Some(ConstantRef::Segment { start, length }) => payload
                .constants
                .get(*start..start.saturating_add(*length))
                .ok_or_else(|| compat(format!("constant {cid} is outside the constant segment")))?,
            None => return Err(compat(format!("value {v}: constant {cid} does not exist"))),
        };
        let words = words_from(t.dtype, bytes, n).ok_or_else(|| {
            compat(format!(
                "value {v}: constant {cid} holds {} bytes, its {} tensor of sizes {:?} needs {}",
                bytes.len(),
                t.dtype.name(),
                t.dims,
                n.saturating_mul(t.dtype.size())
            ))
        })?;
        out.insert(v, words);
    }
    Ok(out)
}

struct Kernel {
    pipeline: u32,
    bind_group: u32,
}

/// An initialized delegate on the device.
pub struct Runtime {
    graph: Graph,
    plan: Plan,
    limits: Limits,
    /// Device buffer handle and byte size, per physical buffer.
    buffers: Vec<(u32, u64)>,
    /// Physical buffer of each value (tensors the kernels or the boundary use).
    value_buf: Vec<Option<usize>>,
    uniform: u32,
    slot: u64,
    kernels: Vec<Kernel>,
    last_uniform: Vec<u8>,
}

fn round_up(x: u64, a: u64) -> u64 {
    let a = a.max(4);
    x.div_ceil(a).saturating_mul(a)
}

fn cls(g: &Graph, v: usize) -> Cls {
    match g.tensor(v) {
        Some(t) if t.dtype.is_float() => Cls::F,
        _ => Cls::I,
    }
}

impl Runtime {
    /// Sets the delegate up on the device (see the module docs). Errors: the device's
    /// (`invalid-argument`, `memory-allocation-failed`), `not-supported` for a graph
    /// over the device limits or with no GPU, and the graph's own.
    pub fn new(
        graph: Graph,
        plan: Plan,
        constants: Constants,
        gpu: &dyn Gpu,
    ) -> Result<Runtime, Error> {
        let info = gpu
            .open()
            .map_err(|e| not_supported(format!("no GPU for the Vulkan backend: {e}")))?;
        let limits = info.limits;

        // Which values need a buffer.
        let nv = graph.values.len();
        let mut used = vec![false; nv];
        for k in &plan.kernels {
            for b in k.outs.iter().chain(&k.ins) {
                if let Bind::Val(v) = b {
                    if let Some(u) = used.get_mut(*v) {
                        *u = true;
                    }
                }
            }
        }
        for &v in graph.inputs.iter().chain(&graph.outputs) {
            if graph.tensor(v).is_some() {
                if let Some(u) = used.get_mut(v) {
                    *u = true;
                }
            }
        }
        // Physical buffers: shared per memory object, else own.
        let mut sizes: Vec<u64> = Vec::new();
        let mut value_buf: Vec<Option<usize>> = vec![None; nv];
        let mut by_mem: HashMap<usize, usize> = HashMap::new();
        for v in 0..nv {
            if !used[v] {
                continue;
            }
            let Some(t) = graph.tensor(v) else { continue };
            let bytes = (t.numel().max(1) as u64).saturating_mul(4);
            let shared = if t.constant.is_none() {
                t.mem_obj
            } else {
                None
            };
            let b = match shared.and_then(|m| by_mem.get(&m).copied()) {
                Some(b) => b,
                None => {
                    sizes.push(0);
                    let b = sizes.len() - 1;
                    if let Some(m) = shared {
                        by_mem.insert(m, b);
                    }
                    b
                }
            };
            sizes[b] = sizes[b].max(bytes);
            value_buf[v] = Some(b);
        }
        // A kernel may not bind one buffer as an output and anything else.
        for k in &plan.kernels {
            for (i, o) in k.outs.iter().enumerate() {
                let Bind::Val(ov) = o else { continue };
                let Some(ob) = value_buf.get(*ov).copied().flatten() else {
                    continue;
                };
                let clash = k.outs.iter().enumerate().chain(k.ins.iter().enumerate().map(|(j, b)| (j + 1000, b))).any(|(j, b)| {
                    j != i && matches!(b, Bind::Val(x) if value_buf.get(*x).copied().flatten() == Some(ob))
                });
                if clash {
                    let bytes = graph
                        .tensor(*ov)
                        .map_or(4, |t| (t.numel().max(1) as u64).saturating_mul(4));
                    sizes.push(bytes);
                    value_buf[*ov] = Some(sizes.len() - 1);
                }
            }
        }
        let scratch_base = sizes.len();
        for &n in &plan.scratch {
            // Saturating: a payload may ask for absurd sizes; the limit check below
            // refuses them.
            sizes.push((n.max(1) as u64).saturating_mul(4));
        }
        let mut buffers = Vec::with_capacity(sizes.len());
        for &s in &sizes {
            if s > limits.max_storage_binding_size || s > limits.max_buffer_size {
                return Err(not_supported(format!(
                    "a tensor of {s} bytes is larger than the device's storage binding limit ({} bytes)",
                    limits.max_storage_binding_size.min(limits.max_buffer_size)
                )));
            }
            buffers.push((gpu.create_buffer(s, BufferKind::Storage)?, s));
        }

        // Constants, in chunks.
        let mut writes = Vec::new();
        let mut pending = 0usize;
        let mut consts: Vec<(&usize, &Vec<u8>)> = constants.iter().collect();
        consts.sort_by_key(|(v, _)| **v);
        for (v, data) in consts {
            let Some(b) = value_buf.get(*v).copied().flatten() else {
                continue;
            };
            let Some(&(handle, _)) = buffers.get(b) else {
                continue;
            };
            if data.is_empty() {
                continue;
            }
            pending += data.len();
            writes.push(Write {
                buffer: handle,
                offset: 0,
                data: data.clone(),
            });
            if pending >= UPLOAD_CHUNK {
                gpu.run(std::mem::take(&mut writes), &[], &[])?;
                pending = 0;
            }
        }
        if !writes.is_empty() {
            gpu.run(writes, &[], &[])?;
        }

        // Uniform slots.
        let block = (PARAM_WORDS * 4) as u64;
        if block > limits.max_uniform_binding_size {
            return Err(not_supported(
                "the device's uniform bindings are too small for the kernels' parameters",
            ));
        }
        let slot = round_up(block, limits.uniform_offset_alignment as u64);
        let ubytes = slot.saturating_mul(plan.kernels.len().max(1) as u64);
        if ubytes > limits.max_buffer_size {
            return Err(not_supported(format!(
                "{} kernels need a {ubytes}-byte parameter buffer, above the device's limit",
                plan.kernels.len()
            )));
        }
        let uniform = gpu.create_buffer(ubytes, BufferKind::Uniform)?;

        // Pipelines (one per distinct shader) and bind groups.
        let mut pipelines: HashMap<Shader, u32> = HashMap::new();
        let mut kernels = Vec::with_capacity(plan.kernels.len());
        let phys = |b: &Bind| -> Result<(u32, u64), Error> {
            let idx = match b {
                Bind::Val(v) => value_buf.get(*v).copied().flatten(),
                Bind::Scratch(s) => Some(scratch_base + *s),
            };
            idx.and_then(|i| buffers.get(i).copied()).ok_or_else(|| {
                err(
                    ErrorKind::Internal,
                    format!("kernel binding {b:?} has no buffer"),
                )
            })
        };
        for (ki, k) in plan.kernels.iter().enumerate() {
            let storage = k.outs.len() + k.ins.len();
            if storage > limits.max_storage_bindings as usize {
                return Err(not_supported(format!(
                    "a kernel needs {storage} storage bindings, the device allows {}",
                    limits.max_storage_bindings
                )));
            }
            let pipeline = match pipelines.get(&k.shader) {
                Some(&p) => p,
                None => {
                    let mut layout = vec![BindingKind::Uniform];
                    layout.extend(std::iter::repeat_n(BindingKind::Storage, k.outs.len()));
                    layout.extend(std::iter::repeat_n(BindingKind::StorageRead, k.ins.len()));
                    let src = k.shader.source();
                    let p = gpu
                        .create_pipeline(&src, "main", &layout)
                        .map_err(|e| Error {
                            kind: e.kind,
                            message: format!(
                                "building the pipeline for {:?}: {}",
                                k.shader, e.message
                            ),
                        })?;
                    pipelines.insert(k.shader.clone(), p);
                    p
                }
            };
            let mut bindings = vec![Binding {
                buffer: uniform,
                offset: ki as u64 * slot,
                size: block,
            }];
            for b in k.outs.iter().chain(&k.ins) {
                let (h, s) = phys(b)?;
                bindings.push(Binding {
                    buffer: h,
                    offset: 0,
                    size: s,
                });
            }
            let bind_group = gpu.create_bind_group(pipeline, &bindings)?;
            kernels.push(Kernel {
                pipeline,
                bind_group,
            });
        }
        // Warm every pipeline once: the parameter blocks are still zero, so each
        // invocation returns at once, but the driver compiles the shader now.
        let mut warm = Vec::new();
        let mut seen = std::collections::HashSet::new();
        for k in &kernels {
            if seen.insert(k.pipeline) {
                warm.push(Command::Dispatch(Dispatch {
                    pipeline: k.pipeline,
                    bind_group: k.bind_group,
                    x: 1,
                    y: 1,
                    z: 1,
                }));
            }
        }
        for chunk in warm.chunks(limits.max_commands.max(1) as usize) {
            gpu.run(Vec::new(), chunk, &[])?;
        }
        Ok(Runtime {
            last_uniform: vec![0; ubytes as usize],
            graph,
            plan,
            limits,
            buffers,
            value_buf,
            uniform,
            slot,
            kernels,
        })
    }

    fn buffer_of(&self, v: usize) -> Result<(u32, u64), Error> {
        self.value_buf
            .get(v)
            .copied()
            .flatten()
            .and_then(|b| self.buffers.get(b).copied())
            .ok_or_else(|| err(ErrorKind::Internal, format!("value {v} has no buffer")))
    }

    /// Runs the delegate once. `args` are the delegate's inputs then its outputs (output
    /// tensors carry their planned dtype and sizes). Returns one tensor per output, of
    /// the planned dtype, at the sizes derived from the inputs, dim order contiguous.
    /// Errors: `invalid-argument` for arguments of the wrong count, kind, rank, sizes or
    /// dtype; the device's errors.
    pub fn execute(&mut self, args: &[Arg], gpu: &dyn Gpu) -> Result<Vec<Arg>, Error> {
        let t_start = gpu.profile_clock();
        let g = &self.graph;
        let (n_in, n_out) = (g.inputs.len(), g.outputs.len());
        if args.len() != n_in + n_out {
            return Err(err(
                ErrorKind::InvalidArgument,
                format!(
                    "Vulkan delegate takes {n_in} inputs and {n_out} outputs, got {} arguments",
                    args.len()
                ),
            ));
        }
        let mut sizes = Sizes {
            dims: vec![None; g.values.len()],
            syms: vec![0; g.values.len()],
            wide: self.limits.max_invocations_per_workgroup >= GEMM_WG
                && self.limits.max_workgroup_size_x >= GEMM_WG,
        };
        for (v, val) in g.values.iter().enumerate() {
            if let Value::Tensor(t) = val {
                if t.constant.is_some() {
                    sizes.dims[v] = Some(t.dims.clone());
                }
            }
        }
        let mut writes = Vec::new();
        for (i, (&v, a)) in g.inputs.iter().zip(args).enumerate() {
            match (g.values.get(v), a) {
                (Some(Value::SymInt), Arg::Int(x)) => sizes.syms[v] = *x,
                (Some(Value::Tensor(t)), Arg::Tensor(x)) => {
                    let s: Vec<usize> = x.sizes.iter().map(|&d| d as usize).collect();
                    if s.len() != t.dims.len() || s.iter().zip(&t.dims).any(|(a, b)| a > b) {
                        return Err(err(
                            ErrorKind::InvalidArgument,
                            format!("delegate input {i} has sizes {s:?}, the graph takes {:?} (at most)", t.dims),
                        ));
                    }
                    let words = to_words(x, cls(g, v)).map_err(|m| {
                        err(
                            ErrorKind::InvalidArgument,
                            format!("delegate input {i}: {m}"),
                        )
                    })?;
                    sizes.dims[v] = Some(s);
                    let (h, cap) = self.buffer_of(v)?;
                    if words.len() as u64 > cap {
                        return Err(err(
                            ErrorKind::InvalidArgument,
                            format!("delegate input {i} is larger than its buffer"),
                        ));
                    }
                    if !words.is_empty() {
                        writes.push(Write {
                            buffer: h,
                            offset: 0,
                            data: words,
                        });
                    }
                }
                (_, _) => {
                    return Err(err(
                        ErrorKind::InvalidArgument,
                        format!("delegate argument {i} is not of the kind the graph takes"),
                    ));
                }
            }
        }
        let launches = self.plan.launches(g, &mut sizes)?;

        let mut uni = vec![0u8; self.last_uniform.len()];
        let mut commands = Vec::with_capacity(launches.len());
        let maxd = self.limits.max_workgroups_per_dimension.max(1) as u64;
        for l in &launches {
            let at = (l.kernel as u64 * self.slot) as usize;
            if let Some(dst) = uni.get_mut(at..at + PARAM_WORDS * 4) {
                for (c, w) in dst.chunks_exact_mut(4).zip(l.params.iter()) {
                    c.copy_from_slice(&w.to_le_bytes());
                }
            }
            if l.threads == 0 {
                continue;
            }
            let groups = l.threads.div_ceil(l.wg.max(1) as u64);
            let (x, y) = if groups <= maxd {
                (groups, 1)
            } else {
                (maxd, groups.div_ceil(maxd))
            };
            if y > maxd || groups > self.limits.max_workgroups_per_dispatch as u64 {
                return Err(not_supported(format!(
                    "a kernel of {} invocations passes the device's workgroup limits",
                    l.threads
                )));
            }
            let k = self
                .kernels
                .get(l.kernel)
                .ok_or_else(|| err(ErrorKind::Internal, "launch of a missing kernel"))?;
            commands.push(Command::Dispatch(Dispatch {
                pipeline: k.pipeline,
                bind_group: k.bind_group,
                x: x as u32,
                y: y as u32,
                z: 1,
            }));
        }
        if uni != self.last_uniform {
            writes.push(Write {
                buffer: self.uniform,
                offset: 0,
                data: uni.clone(),
            });
        }

        // Outputs.
        let mut reads = Vec::new();
        let mut outs = Vec::new();
        for (j, &v) in g.outputs.iter().enumerate() {
            let Some(Arg::Tensor(planned)) = args.get(n_in + j) else {
                return Err(err(
                    ErrorKind::InvalidArgument,
                    format!("delegate output {j} is not a tensor"),
                ));
            };
            let s = sizes.dims.get(v).cloned().flatten().ok_or_else(|| {
                err(
                    ErrorKind::InvalidArgument,
                    format!("delegate output {j} (value {v}) is never produced"),
                )
            })?;
            let n: usize = s.iter().product();
            let (h, _) = self.buffer_of(v)?;
            if n > 0 {
                reads.push(Read {
                    buffer: h,
                    offset: 0,
                    size: n as u64 * 4,
                });
            }
            outs.push((v, planned.dtype, s, n));
        }
        let max_cmds = self.limits.max_commands.max(1) as usize;
        let t_run = t_start.and_then(|t| {
            let now = gpu.profile_clock()?;
            gpu.profile_step("prepare (inputs, sizes, uniforms)", t, now);
            Some(now)
        });
        let data = if commands.len() <= max_cmds {
            gpu.run(writes, &commands, &reads)?
        } else {
            let chunks: Vec<&[Command]> = commands.chunks(max_cmds).collect();
            let last = chunks.len() - 1;
            let mut w = Some(writes);
            let mut data = Vec::new();
            for (i, c) in chunks.into_iter().enumerate() {
                let r: &[Read] = if i == last { &reads } else { &[] };
                data = gpu.run(w.take().unwrap_or_default(), c, r)?;
            }
            data
        };
        if data.len() != reads.len() {
            return Err(err(
                ErrorKind::Internal,
                format!(
                    "the device returned {} reads for {}",
                    data.len(),
                    reads.len()
                ),
            ));
        }
        let t_outputs = t_run.and_then(|t| {
            let now = gpu.profile_clock()?;
            let name = format!(
                "gpu run ({} dispatches, {} reads)",
                commands.len(),
                reads.len()
            );
            gpu.profile_step(&name, t, now);
            Some(now)
        });
        self.last_uniform = uni;
        let mut it = data.into_iter();
        let mut result = Vec::with_capacity(outs.len());
        for (v, dtype, s, n) in outs {
            let words = if n > 0 {
                it.next().unwrap_or_default()
            } else {
                Vec::new()
            };
            if words.len() != n * 4 {
                return Err(err(
                    ErrorKind::Internal,
                    "the device returned a read of the wrong size",
                ));
            }
            let data = from_words(&words, cls(g, v), dtype).map_err(|m| {
                err(
                    ErrorKind::InvalidArgument,
                    format!("delegate output (value {v}): {m}"),
                )
            })?;
            result.push(Arg::Tensor(Tensor {
                dtype,
                sizes: s.iter().map(|&d| d as u32).collect(),
                dim_order: (0..s.len() as u8).collect(),
                data,
            }));
        }
        if let (Some(t), Some(now)) = (t_outputs, gpu.profile_clock()) {
            gpu.profile_step("outputs", t, now);
        }
        Ok(result)
    }
}

fn elem_size(t: ScalarType) -> Option<usize> {
    Some(match t {
        ScalarType::Byte | ScalarType::Char | ScalarType::Bool => 1,
        ScalarType::Short | ScalarType::Half | ScalarType::Bfloat16 => 2,
        ScalarType::Int | ScalarType::Float => 4,
        ScalarType::Long | ScalarType::Double => 8,
        _ => return None,
    })
}

/// Element `i` of `x` as (float, integer).
fn decode(dtype: ScalarType, c: &[u8]) -> (f64, i64) {
    let b = |k: usize| c.get(k).copied().unwrap_or(0);
    match dtype {
        ScalarType::Byte | ScalarType::Bool => (b(0) as f64, b(0) as i64),
        ScalarType::Char => (b(0) as i8 as f64, b(0) as i8 as i64),
        ScalarType::Short => {
            let v = i16::from_le_bytes([b(0), b(1)]);
            (v as f64, v as i64)
        }
        ScalarType::Half => {
            let v = f16_to_f32(u16::from_le_bytes([b(0), b(1)]));
            (v as f64, v as i64)
        }
        ScalarType::Bfloat16 => {
            let v = f32::from_bits((u16::from_le_bytes([b(0), b(1)]) as u32) << 16);
            (v as f64, v as i64)
        }
        ScalarType::Int => {
            let v = i32::from_le_bytes([b(0), b(1), b(2), b(3)]);
            (v as f64, v as i64)
        }
        ScalarType::Float => {
            let v = f32::from_le_bytes([b(0), b(1), b(2), b(3)]);
            (v as f64, v as i64)
        }
        ScalarType::Long => {
            let v = i64::from_le_bytes([b(0), b(1), b(2), b(3), b(4), b(5), b(6), b(7)]);
            (v as f64, v)
        }
        _ => {
            let v = f64::from_le_bytes([b(0), b(1), b(2), b(3), b(4), b(5), b(6), b(7)]);
            (v, v as i64)
        }
    }
}

/// A program tensor as device words of class `c`.
fn to_words(x: &Tensor, c: Cls) -> Result<Vec<u8>, String> {
    let es = elem_size(x.dtype).ok_or_else(|| format!("dtype {:?} is not supported", x.dtype))?;
    let n = x
        .sizes
        .iter()
        .try_fold(1usize, |a, &d| a.checked_mul(d as usize))
        .ok_or("sizes overflow")?;
    if x.data.len() != n.saturating_mul(es) {
        return Err(format!(
            "{} bytes for {n} elements of {:?}",
            x.data.len(),
            x.dtype
        ));
    }
    let contiguous = x
        .dim_order
        .iter()
        .enumerate()
        .all(|(i, &d)| d as usize == i);
    let data: Vec<u8> = if contiguous || x.sizes.len() < 2 {
        x.data.clone()
    } else {
        permute_to_contiguous(x, es)?
    };
    let mut out = Vec::with_capacity(n * 4);
    match (x.dtype, c) {
        (ScalarType::Float, Cls::F) | (ScalarType::Int, Cls::I) => out = data,
        _ => {
            for e in data.chunks_exact(es) {
                let (f, i) = decode(x.dtype, e);
                let w = match c {
                    Cls::F => (f as f32).to_bits(),
                    Cls::I => (i as i32) as u32,
                };
                out.extend_from_slice(&w.to_le_bytes());
            }
        }
    }
    Ok(out)
}

/// Reorders a tensor laid out in its dim order into contiguous order.
fn permute_to_contiguous(x: &Tensor, es: usize) -> Result<Vec<u8>, String> {
    let r = x.sizes.len();
    let order: Vec<usize> = x.dim_order.iter().map(|&d| d as usize).collect();
    let mut seen = vec![false; r];
    if order.len() != r
        || order
            .iter()
            .any(|&d| d >= r || std::mem::replace(&mut seen[d], true))
    {
        return Err(format!("dim order {:?} is not a permutation", x.dim_order));
    }
    // Memory strides of each logical dim.
    let mut mst = vec![0usize; r];
    let mut acc = 1usize;
    for &d in order.iter().rev() {
        mst[d] = acc;
        acc *= x.sizes[d] as usize;
    }
    let n = acc;
    let mut out = vec![0u8; n * es];
    let mut idx = vec![0usize; r];
    for o in 0..n {
        let src: usize = idx.iter().zip(&mst).map(|(a, b)| a * b).sum();
        if let (Some(d), Some(s)) = (
            out.get_mut(o * es..(o + 1) * es),
            x.data.get(src * es..(src + 1) * es),
        ) {
            d.copy_from_slice(s);
        }
        for k in (0..r).rev() {
            idx[k] += 1;
            if idx[k] < x.sizes[k] as usize {
                break;
            }
            idx[k] = 0;
        }
    }
    Ok(out)
}

/// Device words of class `c` as program bytes of `dtype`.
fn from_words(words: &[u8], c: Cls, dtype: ScalarType) -> Result<Vec<u8>, String> {
    if matches!(
        (dtype, c),
        (ScalarType::Float, Cls::F) | (ScalarType::Int, Cls::I)
    ) {
        return Ok(words.to_vec());
    }
    let es = elem_size(dtype).ok_or_else(|| format!("dtype {dtype:?} is not supported"))?;
    let mut out = Vec::with_capacity(words.len() / 4 * es);
    for w in words.chunks_exact(4) {
        let bits = u32::from_le_bytes([w[0], w[1], w[2], w[3]]);
        let (f, i) = match c {
            Cls::F => {
                let f = f32::from_bits(bits) as f64;
                (f, f as i64)
            }
            Cls::I => {
                let i = bits as i32 as i64;
                (i as f64, i)
            }
        };
        match dtype {
            ScalarType::Bool => out.push((if c == Cls::F { f != 0.0 } else { i != 0 }) as u8),
            ScalarType::Byte => out.push(i as u8),
            ScalarType::Char => out.push(i as i8 as u8),
            ScalarType::Short => out.extend_from_slice(&(i as i16).to_le_bytes()),
            ScalarType::Int => out.extend_from_slice(&(i as i32).to_le_bytes()),
            ScalarType::Long => out.extend_from_slice(&i.to_le_bytes()),
            ScalarType::Float => out.extend_from_slice(&(f as f32).to_le_bytes()),
            ScalarType::Double => out.extend_from_slice(&f.to_le_bytes()),
            _ => return Err(format!("output dtype {dtype:?} is not supported")),
        }
    }
    Ok(out)
}
