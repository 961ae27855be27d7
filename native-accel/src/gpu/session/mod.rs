//! What one component instance holds on the GPU, and the checks on its calls.

mod run;

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::Arc;

use super::device::{Device, GpuHost};
use super::limits::{Limits, MAX_BIND_GROUPS, MAX_BUFFERS, MAX_SHADER_NESTING};
use super::{describe_wgpu_error, unavailable, AdapterInfo};
use crate::meter::{AccelError, AccelErrorKind, Account, Charge};

pub use run::{Command, CopyCommand, Dispatch, Read, ReadBack, Write};

/// How a buffer is bound (`buffer-kind` in `wit/gpu.wit`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BufferKind {
    /// Bound as `var<storage, ...>`.
    Storage,
    /// Bound as `var<uniform>`.
    Uniform,
}

/// One entry of a pipeline's layout (`binding-kind`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BindingKind {
    /// `var<storage, read>`.
    StorageRead,
    /// `var<storage, read_write>`.
    Storage,
    /// `var<uniform>`.
    Uniform,
}

/// A buffer range bound to one binding (`binding`): bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WriteBinding {
    /// Buffer handle.
    pub buffer: u32,
    /// Start, a multiple of the offset alignment of the binding's kind.
    pub offset: u64,
    /// Length, a positive multiple of 4.
    pub size: u64,
}

struct BufferEntry {
    buffer: wgpu::Buffer,
    size: u64,
    kind: BufferKind,
    /// The budget this buffer takes; shared with the bind groups that use it, so the
    /// budget comes back only when the device memory can.
    charge: Arc<Charge>,
}

struct PipelineEntry {
    pipeline: wgpu::ComputePipeline,
    bind_group_layout: wgpu::BindGroupLayout,
    layout: Vec<BindingKind>,
}

struct BindGroupEntry {
    group: wgpu::BindGroup,
    pipeline: u32,
    _buffers: Vec<Arc<Charge>>,
}

/// The GPU state of one component instance: its tables (handles index them), its
/// budget, and the device it opened. Every method checks its arguments against
/// [`Limits`] and the tables before wgpu sees them; errors are [`AccelError`]s
/// (`InvalidArgument` for bad requests and device validation errors, `MemoryCap` over
/// the budget, `Unavailable` without a device, `Deadline` when the device did not finish
/// in time).
pub struct GpuSession {
    host: Arc<GpuHost>,
    /// The instance's main account: host memory held for it, and the call deadline.
    account: Account,
    /// Bytes of device buffers.
    budget: Account,
    device: Option<Arc<Device>>,
    limits: Option<Limits>,
    buffers: Vec<Option<BufferEntry>>,
    pipelines: Vec<Option<PipelineEntry>>,
    bind_groups: Vec<BindGroupEntry>,
    live_pipelines: u32,
    /// The read-back buffer, kept between runs and grown when needed.
    staging: Option<(wgpu::Buffer, u64, Charge)>,
}

impl GpuSession {
    /// A session of an instance whose host memory and deadline are `account`, with a
    /// device budget of `budget` bytes. Opens nothing until [`GpuSession::open`].
    pub fn new(host: Arc<GpuHost>, account: Account, budget: u64) -> GpuSession {
        GpuSession {
            host,
            account,
            budget: Account::new(usize::try_from(budget).unwrap_or(usize::MAX), u64::MAX),
            device: None,
            limits: None,
            buffers: Vec::new(),
            pipelines: Vec::new(),
            bind_groups: Vec::new(),
            live_pipelines: 0,
            staging: None,
        }
    }

    /// Opens the host's device for this instance (re-created if it was lost; the
    /// instance's handles from before a loss are gone). `Err` gives the reason there is
    /// no usable GPU.
    pub fn open(&mut self) -> Result<(AdapterInfo, Limits), String> {
        let device = self.host.device()?;
        let same = self
            .device
            .as_ref()
            .is_some_and(|d| Arc::ptr_eq(d, &device));
        if !same {
            self.clear();
        }
        let limits = Limits::new(&device.limits, self.budget.cap() as u64);
        let info = device.info.clone();
        self.device = Some(device);
        self.limits = Some(limits);
        Ok((info, limits))
    }

    fn clear(&mut self) {
        self.bind_groups.clear();
        self.pipelines.clear();
        self.buffers.clear();
        self.staging = None;
        self.live_pipelines = 0;
        self.device = None;
        self.limits = None;
    }

    /// The open device and limits, or why there are none.
    fn ready(&mut self) -> Result<(Arc<Device>, Limits), AccelError> {
        let (Some(device), Some(limits)) = (&self.device, self.limits) else {
            return Err(unavailable("the GPU is not open: call open first"));
        };
        if let Some(why) = device.lost() {
            self.clear();
            return Err(unavailable(format!(
                "the GPU device was lost ({why}); call open again"
            )));
        }
        Ok((device.clone(), limits))
    }

    /// Creates a zero-filled buffer of `size` bytes (a multiple of 4, at least 4, at
    /// most `max_buffer_size`), charged to the budget. Returns its handle.
    pub fn create_buffer(&mut self, size: u64, kind: BufferKind) -> Result<u32, AccelError> {
        let (device, limits) = self.ready()?;
        if size < 4 || !size.is_multiple_of(4) {
            return Err(AccelError::invalid(format!(
                "a buffer's size must be a positive multiple of 4 bytes, not {size}"
            )));
        }
        if size > limits.max_buffer_size {
            return Err(AccelError::invalid(format!(
                "a buffer of {size} bytes is larger than the limit of {} bytes",
                limits.max_buffer_size
            )));
        }
        let live = self.buffers.iter().filter(|b| b.is_some()).count();
        if live >= MAX_BUFFERS {
            return Err(AccelError::invalid(format!(
                "an instance may hold at most {MAX_BUFFERS} buffers"
            )));
        }
        let charge = self.charge_budget(size, "a GPU buffer")?;
        let usage = match kind {
            BufferKind::Storage => wgpu::BufferUsages::STORAGE,
            BufferKind::Uniform => wgpu::BufferUsages::UNIFORM,
        } | wgpu::BufferUsages::COPY_SRC
            | wgpu::BufferUsages::COPY_DST;
        let buffer = scoped(&device, "create-buffer", |d| {
            d.create_buffer(&wgpu::BufferDescriptor {
                label: None,
                size,
                usage,
                mapped_at_creation: false,
            })
        })?;
        let entry = BufferEntry {
            buffer,
            size,
            kind,
            charge: Arc::new(charge),
        };
        // Reuse a freed slot, so handles stay small under create/destroy churn.
        if let Some(i) = self.buffers.iter().position(Option::is_none) {
            self.buffers[i] = Some(entry);
            return handle(i);
        }
        self.buffers.push(Some(entry));
        handle(self.buffers.len() - 1)
    }

    /// Charges `bytes` of device memory for `what` to the budget.
    fn charge_budget(&self, bytes: u64, what: &str) -> Result<Charge, AccelError> {
        let n = usize::try_from(bytes).unwrap_or(usize::MAX);
        self.budget.charge(n, what).map_err(|_| AccelError {
            kind: AccelErrorKind::MemoryCap,
            message: format!(
                "{what} of {} would pass the GPU budget: this instance holds {} of its {}",
                crate::meter::human_bytes(n),
                crate::meter::human_bytes(self.budget.used()),
                crate::meter::human_bytes(self.budget.cap())
            ),
        })
    }

    /// Frees a buffer; its budget comes back once no bind group uses it.
    pub fn destroy_buffer(&mut self, buffer: u32) -> Result<(), AccelError> {
        self.ready()?;
        match self.buffers.get_mut(buffer as usize) {
            Some(slot @ Some(_)) => {
                *slot = None;
                Ok(())
            }
            _ => Err(no_buffer(buffer)),
        }
    }

    /// Builds a compute pipeline from `wgsl` (at most `max_shader_bytes`, nesting at
    /// most [`MAX_SHADER_NESTING`]) with `entry_point` and a bind group 0 of `layout`.
    /// Compile and layout errors from the device are `InvalidArgument`.
    pub fn create_pipeline(
        &mut self,
        wgsl: &str,
        entry_point: &str,
        layout: &[BindingKind],
    ) -> Result<u32, AccelError> {
        let (device, limits) = self.ready()?;
        if wgsl.len() > limits.max_shader_bytes as usize {
            return Err(AccelError::invalid(format!(
                "WGSL source of {} bytes is over the limit of {} bytes",
                wgsl.len(),
                limits.max_shader_bytes
            )));
        }
        let depth = nesting(wgsl);
        if depth > MAX_SHADER_NESTING {
            return Err(AccelError::invalid(format!(
                "WGSL nests brackets {depth} deep; at most {MAX_SHADER_NESTING} are accepted"
            )));
        }
        if entry_point.is_empty()
            || entry_point.len() > 128
            || !entry_point
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '_')
        {
            return Err(AccelError::invalid(format!(
                "entry point {:?} is not a WGSL identifier",
                super::cut(entry_point.to_string(), 64)
            )));
        }
        if self.live_pipelines >= limits.max_pipelines {
            return Err(AccelError::invalid(format!(
                "an instance may hold at most {} pipelines",
                limits.max_pipelines
            )));
        }
        let storage = layout
            .iter()
            .filter(|k| **k != BindingKind::Uniform)
            .count();
        let uniform = layout.len() - storage;
        if storage > limits.max_storage_bindings as usize
            || uniform > limits.max_uniform_bindings as usize
        {
            return Err(AccelError::invalid(format!(
                "a layout of {storage} storage and {uniform} uniform bindings is over this device's limits of {} and {}",
                limits.max_storage_bindings, limits.max_uniform_bindings
            )));
        }
        let entries: Vec<wgpu::BindGroupLayoutEntry> = layout
            .iter()
            .enumerate()
            .map(|(i, kind)| wgpu::BindGroupLayoutEntry {
                binding: i as u32,
                visibility: wgpu::ShaderStages::COMPUTE,
                ty: wgpu::BindingType::Buffer {
                    ty: match kind {
                        BindingKind::StorageRead => {
                            wgpu::BufferBindingType::Storage { read_only: true }
                        }
                        BindingKind::Storage => {
                            wgpu::BufferBindingType::Storage { read_only: false }
                        }
                        BindingKind::Uniform => wgpu::BufferBindingType::Uniform,
                    },
                    has_dynamic_offset: false,
                    min_binding_size: None,
                },
                count: None,
            })
            .collect();
        let (pipeline, bind_group_layout) = scoped(&device, "create-pipeline", |d| {
            let module = d.create_shader_module(wgpu::ShaderModuleDescriptor {
                label: None,
                source: wgpu::ShaderSource::Wgsl(wgsl.into()),
            });
            let bgl = d.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
                label: None,
                entries: &entries,
            });
            let pl = d.create_pipeline_layout(&wgpu::PipelineLayoutDescriptor {
                label: None,
                bind_group_layouts: &[Some(&bgl)],
                immediate_size: 0,
            });
            let pipeline = d.create_compute_pipeline(&wgpu::ComputePipelineDescriptor {
                label: None,
                layout: Some(&pl),
                module: &module,
                entry_point: Some(entry_point),
                compilation_options: Default::default(),
                cache: None,
            });
            (pipeline, bgl)
        })?;
        self.pipelines.push(Some(PipelineEntry {
            pipeline,
            bind_group_layout,
            layout: layout.to_vec(),
        }));
        self.live_pipelines += 1;
        handle(self.pipelines.len() - 1)
    }

    /// Binds `bindings` (one per entry of the pipeline's layout, in order) for
    /// `pipeline`. Returns the bind group's handle.
    pub fn create_bind_group(
        &mut self,
        pipeline: u32,
        bindings: &[WriteBinding],
    ) -> Result<u32, AccelError> {
        let (device, limits) = self.ready()?;
        if self.bind_groups.len() >= MAX_BIND_GROUPS {
            return Err(AccelError::invalid(format!(
                "an instance may hold at most {MAX_BIND_GROUPS} bind groups"
            )));
        }
        let p = self
            .pipelines
            .get(pipeline as usize)
            .and_then(Option::as_ref)
            .ok_or_else(|| AccelError::invalid(format!("no pipeline with handle {pipeline}")))?;
        if bindings.len() != p.layout.len() {
            return Err(AccelError::invalid(format!(
                "pipeline {pipeline} has {} bindings, but {} were given",
                p.layout.len(),
                bindings.len()
            )));
        }
        let mut charges = Vec::with_capacity(bindings.len());
        for (i, (b, kind)) in bindings.iter().zip(&p.layout).enumerate() {
            let buf = self
                .buffers
                .get(b.buffer as usize)
                .and_then(Option::as_ref)
                .ok_or_else(|| no_buffer(b.buffer).context(format_args!("binding {i}")))?;
            let (want, align, max) = match kind {
                BindingKind::Uniform => (
                    BufferKind::Uniform,
                    limits.uniform_offset_alignment,
                    limits.max_uniform_binding_size,
                ),
                _ => (
                    BufferKind::Storage,
                    limits.storage_offset_alignment,
                    limits.max_storage_binding_size,
                ),
            };
            let bad = |m: String| AccelError::invalid(format!("binding {i}: {m}"));
            if buf.kind != want {
                return Err(bad(format!(
                    "buffer {} is a {:?} buffer, the layout wants {kind:?}",
                    b.buffer, buf.kind
                )));
            }
            if b.offset % u64::from(align.max(1)) != 0 {
                return Err(bad(format!(
                    "offset {} is not a multiple of {align}",
                    b.offset
                )));
            }
            if b.size == 0 || b.size % 4 != 0 {
                return Err(bad(format!(
                    "size {} is not a positive multiple of 4",
                    b.size
                )));
            }
            if b.size > max {
                return Err(bad(format!(
                    "{} bytes is over this device's binding limit of {max}",
                    b.size
                )));
            }
            if b.offset
                .checked_add(b.size)
                .is_none_or(|end| end > buf.size)
            {
                return Err(bad(format!(
                    "bytes {}..+{} are outside buffer {} of {} bytes",
                    b.offset, b.size, b.buffer, buf.size
                )));
            }
            charges.push(buf.charge.clone());
        }
        // WebGPU's usage rule, per whole buffer: one bound writable is bound once.
        for (i, (b, kind)) in bindings.iter().zip(&p.layout).enumerate() {
            let again = bindings
                .iter()
                .enumerate()
                .find(|(j, other)| *j != i && other.buffer == b.buffer);
            if let (BindingKind::Storage, Some((j, _))) = (kind, again) {
                return Err(AccelError::invalid(format!(
                    "binding {i}: buffer {} is bound writable and again at binding {j}; a writable buffer may be bound once per bind group",
                    b.buffer
                )));
            }
        }
        let entries: Vec<wgpu::BindGroupEntry> = bindings
            .iter()
            .enumerate()
            .filter_map(|(i, b)| {
                let buf = self.buffers.get(b.buffer as usize)?.as_ref()?;
                Some(wgpu::BindGroupEntry {
                    binding: i as u32,
                    resource: wgpu::BindingResource::Buffer(wgpu::BufferBinding {
                        buffer: &buf.buffer,
                        offset: b.offset,
                        size: std::num::NonZeroU64::new(b.size),
                    }),
                })
            })
            .collect();
        let group = scoped(&device, "create-bind-group", |d| {
            d.create_bind_group(&wgpu::BindGroupDescriptor {
                label: None,
                layout: &p.bind_group_layout,
                entries: &entries,
            })
        })?;
        self.bind_groups.push(BindGroupEntry {
            group,
            pipeline,
            _buffers: charges,
        });
        handle(self.bind_groups.len() - 1)
    }
}

fn handle(i: usize) -> Result<u32, AccelError> {
    u32::try_from(i).map_err(|_| AccelError::invalid("out of handles"))
}

fn no_buffer(buffer: u32) -> AccelError {
    AccelError::invalid(format!("no GPU buffer with handle {buffer}"))
}

/// Deepest nesting of brackets in `src` (comments are not special: a bound, not a
/// parser).
fn nesting(src: &str) -> usize {
    let (mut depth, mut max) = (0usize, 0usize);
    for b in src.bytes() {
        match b {
            b'(' | b'[' | b'{' => {
                depth += 1;
                max = max.max(depth);
            }
            b')' | b']' | b'}' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    max
}

/// Runs `f` on the device inside validation and out-of-memory error scopes: a device
/// error is `InvalidArgument` (`MemoryCap` when out of memory) naming `what`; a panic
/// inside wgpu marks the device lost.
fn scoped<T>(
    device: &Device,
    what: &str,
    f: impl FnOnce(&wgpu::Device) -> T,
) -> Result<T, AccelError> {
    let oom = device
        .device
        .push_error_scope(wgpu::ErrorFilter::OutOfMemory);
    let validation = device
        .device
        .push_error_scope(wgpu::ErrorFilter::Validation);
    let r = catch_unwind(AssertUnwindSafe(|| f(&device.device)));
    let invalid = pollster::block_on(validation.pop());
    let out_of_memory = pollster::block_on(oom.pop());
    let value = match r {
        Ok(v) => v,
        Err(panic) => {
            let msg = panic
                .downcast_ref::<String>()
                .map(String::as_str)
                .or_else(|| panic.downcast_ref::<&str>().copied())
                .unwrap_or("a panic");
            device.mark_lost(format!("wgpu panicked in {what}: {msg}"));
            return Err(unavailable(format!(
                "{what}: the GPU driver panicked ({}); the device is reset",
                super::cut(msg.to_string(), 512)
            )));
        }
    };
    if let Some(e) = invalid {
        return Err(AccelError::invalid(format!(
            "{what}: the device refused it: {}",
            describe_wgpu_error(&e)
        )));
    }
    if let Some(e) = out_of_memory {
        return Err(AccelError {
            kind: AccelErrorKind::MemoryCap,
            message: format!("{what}: the GPU is out of memory: {e}"),
        });
    }
    Ok(value)
}
