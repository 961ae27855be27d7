//! `run`: writes, one submission of dispatches and copies, a bounded wait, read-backs.

use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use super::{no_buffer, scoped, BufferEntry, GpuSession};
use crate::meter::{AccelError, AccelErrorKind, Charge};

/// How long a `run` waits for the device when the call has no deadline.
const DEFAULT_WAIT: Duration = Duration::from_secs(120);

/// One compute dispatch of `x * y * z` workgroups (`dispatch` in `wit/gpu.wit`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Dispatch {
    /// Pipeline handle.
    pub pipeline: u32,
    /// Bind group handle, made for `pipeline`.
    pub bind_group: u32,
    /// Workgroups along x.
    pub x: u32,
    /// Workgroups along y.
    pub y: u32,
    /// Workgroups along z.
    pub z: u32,
}

/// A copy of `size` bytes between two different buffers (`copy`); offsets and size
/// multiples of 4.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CopyCommand {
    /// Source buffer handle.
    pub source: u32,
    /// Byte offset in the source.
    pub source_offset: u64,
    /// Destination buffer handle.
    pub destination: u32,
    /// Byte offset in the destination.
    pub destination_offset: u64,
    /// Bytes.
    pub size: u64,
}

/// One step of a `run`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Command {
    /// A compute dispatch.
    Dispatch(Dispatch),
    /// A buffer-to-buffer copy.
    Copy(CopyCommand),
}

/// Bytes to write into a buffer at `offset` before the commands (both multiples of 4).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Write {
    /// Buffer handle.
    pub buffer: u32,
    /// Byte offset.
    pub offset: u64,
    /// The bytes.
    pub data: Vec<u8>,
}

/// A range to read back after the commands (offset and size multiples of 4).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Read {
    /// Buffer handle.
    pub buffer: u32,
    /// Byte offset.
    pub offset: u64,
    /// Bytes.
    pub size: u64,
}

/// The bytes of each read of a `run`, in order, and the charge to the instance's
/// account for holding them (drop it once the guest has copied them).
pub struct ReadBack {
    /// One byte vector per [`Read`].
    pub data: Vec<Vec<u8>>,
    /// Host memory held for `data`.
    pub charge: Charge,
}

impl GpuSession {
    /// Writes `writes`, runs `commands` in order in one submission, waits for the
    /// device (at most until the call deadline) and returns the bytes of `reads`.
    pub fn run(
        &mut self,
        writes: &[Write],
        commands: &[Command],
        reads: &[Read],
    ) -> Result<ReadBack, AccelError> {
        let (device, limits) = self.ready()?;
        let max = limits.max_commands as usize;
        if commands.len() > max || writes.len() > max || reads.len() > max {
            return Err(AccelError::invalid(format!(
                "a run has at most {max} commands, writes and reads each; this one has {}, {} and {}",
                commands.len(),
                writes.len(),
                reads.len()
            )));
        }
        for (i, w) in writes.iter().enumerate() {
            let len = w.data.len() as u64;
            self.check_range(w.buffer, w.offset, len)
                .map_err(|e| e.context(format_args!("write {i}")))?;
        }
        for (i, c) in commands.iter().enumerate() {
            self.check_command(c, &limits)
                .map_err(|e| e.context(format_args!("command {i}")))?;
        }
        let mut total: u64 = 0;
        for (i, r) in reads.iter().enumerate() {
            self.check_range(r.buffer, r.offset, r.size)
                .map_err(|e| e.context(format_args!("read {i}")))?;
            total = total.saturating_add(r.size);
        }
        let host_bytes = usize::try_from(total).unwrap_or(usize::MAX);
        let charge = self.account.charge(host_bytes, "the run's read-backs")?;
        if total > 0 {
            self.ensure_staging(total)?;
        }
        // Everything named exists and every range is inside its buffer.
        let buffer = |h: u32| -> Result<&BufferEntry, AccelError> {
            self.buffers
                .get(h as usize)
                .and_then(Option::as_ref)
                .ok_or_else(|| no_buffer(h))
        };
        let staging = self.staging.as_ref().map(|(b, _, _)| b);
        let index = scoped(&device, "run", |d| -> Result<_, AccelError> {
            for w in writes {
                if !w.data.is_empty() {
                    device
                        .queue
                        .write_buffer(&buffer(w.buffer)?.buffer, w.offset, &w.data);
                }
            }
            let mut encoder = d.create_command_encoder(&wgpu::CommandEncoderDescriptor::default());
            let mut i = 0;
            while i < commands.len() {
                match commands[i] {
                    Command::Copy(c) => {
                        encoder.copy_buffer_to_buffer(
                            &buffer(c.source)?.buffer,
                            c.source_offset,
                            &buffer(c.destination)?.buffer,
                            c.destination_offset,
                            c.size,
                        );
                        i += 1;
                    }
                    Command::Dispatch(_) => {
                        // Consecutive dispatches share a pass; each dispatch is its own
                        // usage scope, so the next one sees this one's writes.
                        let mut pass =
                            encoder.begin_compute_pass(&wgpu::ComputePassDescriptor::default());
                        while let Some(Command::Dispatch(dp)) = commands.get(i) {
                            let p = self
                                .pipelines
                                .get(dp.pipeline as usize)
                                .and_then(Option::as_ref)
                                .ok_or_else(|| AccelError::invalid("pipeline vanished"))?;
                            let g = self
                                .bind_groups
                                .get(dp.bind_group as usize)
                                .ok_or_else(|| AccelError::invalid("bind group vanished"))?;
                            pass.set_pipeline(&p.pipeline);
                            pass.set_bind_group(0, Some(&g.group), &[]);
                            pass.dispatch_workgroups(dp.x, dp.y, dp.z);
                            i += 1;
                        }
                    }
                }
            }
            let mut at = 0;
            if let Some(staging) = staging {
                for r in reads {
                    encoder.copy_buffer_to_buffer(
                        &buffer(r.buffer)?.buffer,
                        r.offset,
                        staging,
                        at,
                        r.size,
                    );
                    at += r.size;
                }
            }
            Ok(device.queue.submit([encoder.finish()]))
        })??;
        let Some(staging) = staging.filter(|_| total > 0) else {
            self.wait(&device, index)?;
            return Ok(ReadBack {
                data: reads.iter().map(|_| Vec::new()).collect(),
                charge,
            });
        };
        let mapped: Arc<Mutex<Option<Result<(), wgpu::BufferAsyncError>>>> =
            Arc::new(Mutex::new(None));
        let flag = mapped.clone();
        let slice = staging.slice(..total);
        slice.map_async(wgpu::MapMode::Read, move |r| {
            *flag.lock().unwrap_or_else(PoisonError::into_inner) = Some(r);
        });
        self.wait(&device, index)?;
        let result = mapped.lock().unwrap_or_else(PoisonError::into_inner).take();
        match result {
            Some(Ok(())) => {}
            Some(Err(e)) => {
                return Err(AccelError::invalid(format!("reading back failed: {e}")));
            }
            None => {
                device.mark_lost("a read-back never completed");
                return Err(super::unavailable(
                    "the device finished but the read-back never completed; the device is reset",
                ));
            }
        }
        let data = {
            let view = slice
                .get_mapped_range()
                .map_err(|e| AccelError::invalid(format!("reading back failed: {e}")))?;
            let mut at = 0usize;
            let mut data = Vec::with_capacity(reads.len());
            for r in reads {
                let n = r.size as usize;
                data.push(view.get(at..at + n).map(<[u8]>::to_vec).unwrap_or_default());
                at += n;
            }
            data
        };
        staging.unmap();
        Ok(ReadBack { data, charge })
    }

    /// Waits for submission `index`, at most until the call deadline.
    fn wait(&self, device: &super::Device, index: wgpu::SubmissionIndex) -> Result<(), AccelError> {
        let timeout = self.account.remaining().unwrap_or(DEFAULT_WAIT);
        match device.device.poll(wgpu::PollType::Wait {
            submission_index: Some(index),
            timeout: Some(timeout),
        }) {
            Ok(_) => Ok(()),
            Err(wgpu::PollError::Timeout) => {
                device.mark_lost("a submission ran past the call deadline");
                Err(AccelError {
                    kind: AccelErrorKind::Deadline,
                    message: format!(
                        "the GPU did not finish within {:.1} s (the call deadline)",
                        timeout.as_secs_f64()
                    ),
                })
            }
            Err(e) => {
                device.mark_lost(format!("waiting failed: {e}"));
                Err(super::unavailable(format!(
                    "waiting for the GPU failed: {e}"
                )))
            }
        }
    }

    /// Checks that `offset..offset+size` lies in buffer `buffer`, both multiples of 4.
    fn check_range(&self, buffer: u32, offset: u64, size: u64) -> Result<(), AccelError> {
        let b = self
            .buffers
            .get(buffer as usize)
            .and_then(Option::as_ref)
            .ok_or_else(|| no_buffer(buffer))?;
        if !offset.is_multiple_of(4) || !size.is_multiple_of(4) {
            return Err(AccelError::invalid(format!(
                "offset {offset} and size {size} must be multiples of 4"
            )));
        }
        if offset.checked_add(size).is_none_or(|end| end > b.size) {
            return Err(AccelError::invalid(format!(
                "bytes {offset}..+{size} are outside buffer {buffer} of {} bytes",
                b.size
            )));
        }
        Ok(())
    }

    fn check_command(&self, c: &Command, limits: &super::Limits) -> Result<(), AccelError> {
        match *c {
            Command::Copy(c) => {
                if c.source == c.destination {
                    return Err(AccelError::invalid(format!(
                        "a copy from buffer {} to itself",
                        c.source
                    )));
                }
                self.check_range(c.source, c.source_offset, c.size)?;
                self.check_range(c.destination, c.destination_offset, c.size)
            }
            Command::Dispatch(d) => {
                if self
                    .pipelines
                    .get(d.pipeline as usize)
                    .and_then(Option::as_ref)
                    .is_none()
                {
                    return Err(AccelError::invalid(format!(
                        "no pipeline with handle {}",
                        d.pipeline
                    )));
                }
                match self.bind_groups.get(d.bind_group as usize) {
                    None => {
                        return Err(AccelError::invalid(format!(
                            "no bind group with handle {}",
                            d.bind_group
                        )))
                    }
                    Some(g) if g.pipeline != d.pipeline => {
                        return Err(AccelError::invalid(format!(
                            "bind group {} was made for pipeline {}, not {}",
                            d.bind_group, g.pipeline, d.pipeline
                        )))
                    }
                    Some(_) => {}
                }
                let per = limits.max_workgroups_per_dimension;
                if d.x > per || d.y > per || d.z > per {
                    return Err(AccelError::invalid(format!(
                        "dispatch of {}x{}x{} workgroups: at most {per} per dimension",
                        d.x, d.y, d.z
                    )));
                }
                let all = u64::from(d.x) * u64::from(d.y) * u64::from(d.z);
                if all > u64::from(limits.max_workgroups_per_dispatch) {
                    return Err(AccelError::invalid(format!(
                        "dispatch of {all} workgroups: at most {} in one dispatch",
                        limits.max_workgroups_per_dispatch
                    )));
                }
                Ok(())
            }
        }
    }

    /// Makes the staging buffer hold at least `bytes`, charged to the budget.
    fn ensure_staging(&mut self, bytes: u64) -> Result<(), AccelError> {
        if self
            .staging
            .as_ref()
            .is_some_and(|(_, size, _)| *size >= bytes)
        {
            return Ok(());
        }
        self.staging = None;
        let (device, limits) = self.ready()?;
        let size = bytes
            .next_power_of_two()
            .min(limits.max_buffer_size)
            .max(bytes);
        if size > limits.max_buffer_size {
            return Err(AccelError::invalid(format!(
                "reading back {bytes} bytes at once is over the buffer limit of {} bytes",
                limits.max_buffer_size
            )));
        }
        let charge = self.charge_budget(size, "the read-back buffer")?;
        let buffer = scoped(&device, "run", |d| {
            d.create_buffer(&wgpu::BufferDescriptor {
                label: Some("plugboard read-back"),
                size,
                usage: wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::COPY_DST,
                mapped_at_creation: false,
            })
        })?;
        self.staging = Some((buffer, size, charge));
        Ok(())
    }
}
