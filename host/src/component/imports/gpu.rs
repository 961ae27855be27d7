//! The host side of the `gpu` import (`wit/gpu.wit`): the host's one wgpu device
//! (`plugboard_native_accel::gpu::GpuHost`, shared by every instance of every
//! component), offered to each instance through its own
//! `plugboard_native_accel::gpu::GpuSession` (its own tables and GPU budget).
//!
//! Every check lives in `native-accel`; this module converts the WIT types, charges
//! the lists a guest passes in to the instance's account for the call, holds the
//! charge of read-back bytes until the guest has copied them, and turns errors into the
//! WIT error (past the call deadline, a trap, as for `cpu-accel`).

use std::sync::Arc;

use plugboard_native_accel::gpu::{self as accel, GpuHost, GpuSession};
use plugboard_native_accel::meter::{AccelError, AccelErrorKind, Account, Charge};
use wasmtime::component::{HasSelf, Linker};

use super::DeadlineExceeded;
use crate::bindings::plugboard::runtime::{gpu, types};

/// Per-instance state of the `gpu` import.
pub struct GpuCtx {
    session: GpuSession,
    account: Account,
    /// The charge of the last read-back, released once the guest has it.
    pending: Option<Charge>,
    /// What the last `open` told the instance: the adapter, or why there is none.
    last_open: Option<Result<String, String>>,
}

type Reply<T> = wasmtime::Result<Result<T, types::Error>>;

impl GpuCtx {
    /// The `gpu` import of one instance on `host`'s device, with a device budget of
    /// `budget` bytes, charging host memory to `account`.
    pub(crate) fn new(host: Arc<GpuHost>, account: Account, budget: u64) -> GpuCtx {
        GpuCtx {
            session: GpuSession::new(host, account.clone(), budget),
            account,
            pending: None,
            last_open: None,
        }
    }

    /// What the last `open` of this instance found: `Ok` names the adapter, `Err` says
    /// why there is no GPU. `None` when the instance never asked.
    pub(crate) fn last_open(&self) -> Option<&Result<String, String>> {
        self.last_open.as_ref()
    }

    /// Releases what was held only until the guest took a result.
    pub(crate) fn end_call(&mut self) {
        self.pending = None;
    }

    fn begin(&mut self) {
        self.pending = None;
    }
}

fn reply<T>(r: Result<T, AccelError>) -> Reply<T> {
    match r {
        Ok(v) => Ok(Ok(v)),
        Err(e) => {
            let kind = match e.kind {
                AccelErrorKind::Deadline => return Err(wasmtime::Error::new(DeadlineExceeded)),
                AccelErrorKind::MemoryCap => types::ErrorKind::MemoryAllocationFailed,
                AccelErrorKind::WorkCap => types::ErrorKind::OutOfResources,
                AccelErrorKind::InvalidArgument => types::ErrorKind::InvalidArgument,
                AccelErrorKind::Unavailable => types::ErrorKind::DelegateInvalidHandle,
            };
            Ok(Err(types::Error {
                kind,
                message: format!("gpu: {}", e.message),
            }))
        }
    }
}

fn limits(l: &accel::Limits) -> gpu::Limits {
    gpu::Limits {
        max_buffer_size: l.max_buffer_size,
        max_storage_binding_size: l.max_storage_binding_size,
        max_uniform_binding_size: l.max_uniform_binding_size,
        max_storage_bindings: l.max_storage_bindings,
        max_uniform_bindings: l.max_uniform_bindings,
        max_workgroups_per_dimension: l.max_workgroups_per_dimension,
        max_workgroups_per_dispatch: l.max_workgroups_per_dispatch,
        max_invocations_per_workgroup: l.max_invocations_per_workgroup,
        max_workgroup_size_x: l.max_workgroup_size[0],
        max_workgroup_size_y: l.max_workgroup_size[1],
        max_workgroup_size_z: l.max_workgroup_size[2],
        storage_offset_alignment: l.storage_offset_alignment,
        uniform_offset_alignment: l.uniform_offset_alignment,
        budget: l.budget,
        max_shader_bytes: l.max_shader_bytes,
        max_pipelines: l.max_pipelines,
        max_commands: l.max_commands,
    }
}

impl gpu::Host for GpuCtx {
    fn open(&mut self) -> wasmtime::Result<Result<gpu::AdapterInfo, String>> {
        self.begin();
        let opened = self.session.open();
        self.last_open = Some(match &opened {
            Ok((info, _)) => Ok(format!(
                "GPU {} ({}, {})",
                info.name, info.backend, info.device_type
            )),
            Err(why) => Err(format!("no GPU: {why}")),
        });
        Ok(opened.map(|(info, l)| gpu::AdapterInfo {
            name: info.name,
            backend: info.backend,
            device_type: info.device_type,
            driver: info.driver,
            limits: limits(&l),
        }))
    }

    fn create_buffer(&mut self, size: u64, kind: gpu::BufferKind) -> Reply<u32> {
        self.begin();
        let kind = match kind {
            gpu::BufferKind::Storage => accel::BufferKind::Storage,
            gpu::BufferKind::Uniform => accel::BufferKind::Uniform,
        };
        reply(self.session.create_buffer(size, kind))
    }

    fn destroy_buffer(&mut self, buffer: u32) -> Reply<()> {
        self.begin();
        reply(self.session.destroy_buffer(buffer))
    }

    fn create_pipeline(
        &mut self,
        wgsl: String,
        entry_point: String,
        layout: Vec<gpu::BindingKind>,
    ) -> Reply<u32> {
        self.begin();
        let layout: Vec<accel::BindingKind> = layout
            .into_iter()
            .map(|k| match k {
                gpu::BindingKind::StorageRead => accel::BindingKind::StorageRead,
                gpu::BindingKind::Storage => accel::BindingKind::Storage,
                gpu::BindingKind::Uniform => accel::BindingKind::Uniform,
            })
            .collect();
        let r = self
            .account
            .charge(wgsl.len(), "the pipeline's WGSL")
            .and_then(|_held| self.session.create_pipeline(&wgsl, &entry_point, &layout));
        reply(r)
    }

    fn create_bind_group(&mut self, pipeline: u32, bindings: Vec<gpu::Binding>) -> Reply<u32> {
        self.begin();
        let bindings: Vec<accel::WriteBinding> = bindings
            .iter()
            .map(|b| accel::WriteBinding {
                buffer: b.buffer,
                offset: b.offset,
                size: b.size,
            })
            .collect();
        reply(self.session.create_bind_group(pipeline, &bindings))
    }

    fn run(
        &mut self,
        writes: Vec<gpu::Write>,
        commands: Vec<gpu::Command>,
        reads: Vec<gpu::Read>,
    ) -> Reply<Vec<Vec<u8>>> {
        self.begin();
        let in_bytes: usize = writes.iter().map(|w| w.data.len()).sum::<usize>()
            + commands.len() * size_of::<accel::Command>();
        let held = match self.account.charge(in_bytes, "the run's writes") {
            Ok(c) => c,
            Err(e) => return reply(Err(e)),
        };
        let writes: Vec<accel::Write> = writes
            .into_iter()
            .map(|w| accel::Write {
                buffer: w.buffer,
                offset: w.offset,
                data: w.data,
            })
            .collect();
        let commands: Vec<accel::Command> = commands
            .iter()
            .map(|c| match *c {
                gpu::Command::Dispatch(d) => accel::Command::Dispatch(accel::Dispatch {
                    pipeline: d.pipeline,
                    bind_group: d.bind_group,
                    x: d.x,
                    y: d.y,
                    z: d.z,
                }),
                gpu::Command::Copy(c) => accel::Command::Copy(accel::CopyCommand {
                    source: c.source,
                    source_offset: c.source_offset,
                    destination: c.destination,
                    destination_offset: c.destination_offset,
                    size: c.size,
                }),
            })
            .collect();
        let reads: Vec<accel::Read> = reads
            .iter()
            .map(|r| accel::Read {
                buffer: r.buffer,
                offset: r.offset,
                size: r.size,
            })
            .collect();
        let r = self.session.run(&writes, &commands, &reads);
        drop(held);
        reply(r.map(|back| {
            self.pending = Some(back.charge);
            back.data
        }))
    }
}

/// Links `gpu` into `linker`.
pub fn add_to_linker<T: 'static>(
    linker: &mut Linker<T>,
    get: fn(&mut T) -> &mut GpuCtx,
) -> wasmtime::Result<()> {
    gpu::add_to_linker::<T, HasSelf<GpuCtx>>(linker, get)
}
