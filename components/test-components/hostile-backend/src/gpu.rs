//! Misuse of the host's `gpu` import (codes 150 and up), and one honest use (code 160:
//! the delegate's `x * y + x` computed by a WGSL shader on the host's device).

use crate::plugboard::runtime::gpu::{
    self, Binding, BindingKind, BufferCopy, BufferKind, Command, Dispatch, Read, Write,
};
use crate::plugboard::runtime::types::{Error, ErrorKind};
use crate::{err, Mode};

const FMA: &str = "
@group(0) @binding(0) var<storage, read> x: array<f32>;
@group(0) @binding(1) var<storage, read> y: array<f32>;
@group(0) @binding(2) var<storage, read_write> out: array<f32>;
@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    if (id.x < arrayLength(&out)) { out[id.x] = x[id.x] * y[id.x] + x[id.x]; }
}
";

const LAYOUT: [BindingKind; 3] = [
    BindingKind::StorageRead,
    BindingKind::StorageRead,
    BindingKind::Storage,
];

fn open() -> Result<gpu::AdapterInfo, Error> {
    gpu::open().map_err(|why| err(ErrorKind::NotSupported, format!("no GPU: {why}")))
}

fn bytes(v: &[f32]) -> Vec<u8> {
    v.iter().flat_map(|f| f.to_le_bytes()).collect()
}

/// Three storage buffers of `n` floats and the `x * y + x` pipeline bound to them.
fn setup(n: u64) -> Result<([u32; 3], u32, u32), Error> {
    let size = n * 4;
    let bufs = [
        gpu::create_buffer(size, BufferKind::Storage)?,
        gpu::create_buffer(size, BufferKind::Storage)?,
        gpu::create_buffer(size, BufferKind::Storage)?,
    ];
    let p = gpu::create_pipeline(FMA, "main", &LAYOUT)?;
    let bind = |b: u32| Binding {
        buffer: b,
        offset: 0,
        size,
    };
    let g = gpu::create_bind_group(p, &[bind(bufs[0]), bind(bufs[1]), bind(bufs[2])])?;
    Ok((bufs, p, g))
}

/// `x * y + x` on the GPU.
pub fn honest(x: &[f32], y: &[f32]) -> Result<Vec<f32>, Error> {
    open()?;
    let n = x.len() as u64;
    let ([bx, by, bo], p, g) = setup(n)?;
    let out = gpu::run(
        &[
            Write {
                buffer: bx,
                offset: 0,
                data: bytes(x),
            },
            Write {
                buffer: by,
                offset: 0,
                data: bytes(y),
            },
        ],
        &[Command::Dispatch(Dispatch {
            pipeline: p,
            bind_group: g,
            x: (n as u32).div_ceil(64),
            y: 1,
            z: 1,
        })],
        &[Read {
            buffer: bo,
            offset: 0,
            size: n * 4,
        }],
    )?;
    let data = out
        .first()
        .ok_or_else(|| err(ErrorKind::Internal, "no read-back"))?;
    Ok(data
        .chunks_exact(4)
        .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect())
}

/// Asks the GPU for something it must refuse; returns the host's answer as the error.
pub fn abuse(mode: Mode) -> Result<(), Error> {
    let info = open()?;
    let limits = info.limits;
    match mode {
        Mode::GpuBadWgsl => {
            gpu::create_pipeline("fn main( {", "main", &LAYOUT)?;
        }
        Mode::GpuHugeBuffer => {
            gpu::create_buffer(1 << 40, BufferKind::Storage)?;
        }
        Mode::GpuUnalignedBuffer => {
            gpu::create_buffer(5, BufferKind::Storage)?;
        }
        Mode::GpuBudget => loop {
            // Until the budget refuses (each buffer is kept).
            gpu::create_buffer(limits.max_buffer_size.min(64 << 20), BufferKind::Storage)?;
        },
        Mode::GpuBadBinding => {
            let ([a, _, _], p, _) = setup(16)?;
            // A range past the end of a 64-byte buffer.
            let bad = Binding {
                buffer: a,
                offset: 0,
                size: 128,
            };
            gpu::create_bind_group(p, &[bad, bad, bad])?;
        }
        Mode::GpuReadPastEnd => {
            let ([a, _, _], _, _) = setup(16)?;
            gpu::run(
                &[],
                &[],
                &[Read {
                    buffer: a,
                    offset: 32,
                    size: 64,
                }],
            )?;
        }
        Mode::GpuDispatchOverLimit => {
            let (_, p, g) = setup(16)?;
            gpu::run(
                &[],
                &[Command::Dispatch(Dispatch {
                    pipeline: p,
                    bind_group: g,
                    x: limits.max_workgroups_per_dimension.saturating_add(1),
                    y: 1,
                    z: 1,
                })],
                &[],
            )?;
        }
        Mode::GpuForeignHandle => {
            // A handle this instance never made (another instance's, or none at all).
            gpu::run(
                &[],
                &[Command::Copy(BufferCopy {
                    source: 4000,
                    source_offset: 0,
                    destination: 4001,
                    destination_offset: 0,
                    size: 4,
                })],
                &[],
            )?;
        }
        Mode::GpuDeepShader => {
            let deep = format!(
                "fn f() -> f32 {{ return {}1.0{}; }}",
                "(".repeat(100_000),
                ")".repeat(100_000)
            );
            gpu::create_pipeline(&deep, "main", &LAYOUT)?;
        }
        Mode::GpuWritableTwice => {
            // The output buffer bound as an input too.
            let ([a, b, _], p, _) = setup(16)?;
            let bind = |buffer: u32| Binding {
                buffer,
                offset: 0,
                size: 64,
            };
            gpu::create_bind_group(p, &[bind(a), bind(b), bind(a)])?;
        }
        Mode::GpuLayoutMismatch => {
            // Valid WGSL whose bindings do not match the layout given.
            gpu::create_pipeline(FMA, "main", &[BindingKind::Uniform])?;
        }
        _ => {}
    }
    Ok(())
}
