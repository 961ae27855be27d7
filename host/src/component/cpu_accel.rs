//! The host side of the `cpu-accel` import (`wit/accel.wit`): native convolutions from
//! `native-accel`, offered to backend components. Each component instance owns the
//! weights it hands over (handles are indices local to its `Store`); their bytes count
//! against the instance's memory cap, so a component cannot use the host to escape its
//! memory limit. Every call is checked by `native-accel` before it touches memory.

use plugboard_native_accel::cpu::{self, ConvGeometry, Requantization, WeightsF32, WeightsQs8};

use super::host_state::HostState;
use crate::bindings::plugboard::runtime::{cpu_accel, types};

/// Weights an instance handed to the native kernels.
enum Weights {
    F32(WeightsF32),
    Qs8(WeightsQs8),
}

/// Per-instance state of the native CPU kernels.
pub(crate) struct CpuAccel {
    enabled: bool,
    threads: usize,
    /// Bytes the instance may hold here (its memory cap).
    budget: usize,
    used: usize,
    weights: Vec<Weights>,
}

impl CpuAccel {
    /// Kernels offered when `enabled`, using `threads` threads, holding at most
    /// `budget` bytes of weights.
    pub(crate) fn new(enabled: bool, threads: usize, budget: usize) -> CpuAccel {
        CpuAccel {
            enabled,
            threads: threads.max(1),
            budget,
            used: 0,
            weights: Vec::new(),
        }
    }

    fn add(&mut self, w: Weights, bytes: usize) -> Result<u32, types::Error> {
        if !self.enabled {
            return Err(refused());
        }
        if self.used.saturating_add(bytes) > self.budget {
            return Err(types::Error {
                kind: types::ErrorKind::MemoryAllocationFailed,
                message: format!(
                    "native weights would exceed the instance's memory cap of {} MiB",
                    self.budget >> 20
                ),
            });
        }
        let handle =
            u32::try_from(self.weights.len()).map_err(|_| invalid("too many weights".into()))?;
        self.used += bytes;
        self.weights.push(w);
        Ok(handle)
    }

    fn get(&self, handle: u32) -> Result<&Weights, types::Error> {
        if !self.enabled {
            return Err(refused());
        }
        self.weights
            .get(handle as usize)
            .ok_or_else(|| invalid(format!("no native weights with handle {handle}")))
    }
}

fn invalid(message: String) -> types::Error {
    types::Error {
        kind: types::ErrorKind::InvalidArgument,
        message: format!("cpu-accel: {message}"),
    }
}

fn refused() -> types::Error {
    types::Error {
        kind: types::ErrorKind::NotSupported,
        message: "cpu-accel: native kernels are turned off".into(),
    }
}

fn geometry(g: &cpu_accel::ConvGeometry) -> ConvGeometry {
    let u = |v: u32| v as usize;
    ConvGeometry {
        batch: u(g.batch),
        height: u(g.height),
        width: u(g.width),
        channels_in: u(g.channels_in),
        out_h: u(g.out_height),
        out_w: u(g.out_width),
        channels_out: u(g.channels_out),
        kernel_h: u(g.kernel_height),
        kernel_w: u(g.kernel_width),
        stride_h: u(g.stride_height),
        stride_w: u(g.stride_width),
        dilation_h: u(g.dilation_height),
        dilation_w: u(g.dilation_width),
        pad_top: u(g.pad_top),
        pad_left: u(g.pad_left),
        groups: u(g.groups),
    }
}

impl cpu_accel::Host for HostState {
    fn available(&mut self) -> bool {
        self.cpu_accel.enabled
    }

    fn add_weights_f32(
        &mut self,
        channels_out: u32,
        depth: u32,
        groups: u32,
        weights: Vec<f32>,
        bias: Option<Vec<f32>>,
    ) -> Result<u32, types::Error> {
        let w = WeightsF32::new(
            channels_out as usize,
            depth as usize,
            groups as usize,
            &weights,
            bias.as_deref(),
        )
        .map_err(invalid)?;
        let bytes = w.bytes();
        self.cpu_accel.add(Weights::F32(w), bytes)
    }

    fn add_weights_qs8(
        &mut self,
        channels_out: u32,
        depth: u32,
        groups: u32,
        weights: Vec<i8>,
        requant: cpu_accel::Requantization,
    ) -> Result<u32, types::Error> {
        let rq = Requantization {
            input_zero_point: requant.input_zero_point,
            bias: &requant.bias,
            scale: &requant.scale,
            output_zero_point: requant.output_zero_point,
            output_min: requant.output_min,
            output_max: requant.output_max,
        };
        let w = WeightsQs8::new(
            channels_out as usize,
            depth as usize,
            groups as usize,
            &weights,
            &rq,
        )
        .map_err(invalid)?;
        let bytes = w.bytes();
        self.cpu_accel.add(Weights::Qs8(w), bytes)
    }

    fn conv2d_f32(
        &mut self,
        weights: u32,
        g: cpu_accel::ConvGeometry,
        input: Vec<f32>,
        output_min: f32,
        output_max: f32,
    ) -> Result<Vec<f32>, types::Error> {
        let threads = self.cpu_accel.threads;
        match self.cpu_accel.get(weights)? {
            Weights::F32(w) => {
                cpu::conv2d_f32(w, &geometry(&g), &input, output_min, output_max, threads)
                    .map_err(invalid)
            }
            Weights::Qs8(_) => Err(invalid(format!("handle {weights} holds int8 weights"))),
        }
    }

    fn conv2d_f32_chain(
        &mut self,
        steps: Vec<cpu_accel::ChainStep>,
        input: Vec<f32>,
    ) -> Result<Vec<f32>, types::Error> {
        let threads = self.cpu_accel.threads;
        let mut x = input;
        for (i, s) in steps.iter().enumerate() {
            let Weights::F32(w) = self.cpu_accel.get(s.weights)? else {
                return Err(invalid(format!(
                    "chain step {i}: handle {} holds int8 weights",
                    s.weights
                )));
            };
            x = cpu::conv2d_f32(
                w,
                &geometry(&s.geometry),
                &x,
                s.output_min,
                s.output_max,
                threads,
            )
            .map_err(|e| invalid(format!("chain step {i}: {e}")))?;
        }
        Ok(x)
    }

    fn conv2d_qs8_chain(
        &mut self,
        steps: Vec<cpu_accel::ChainStep>,
        input: Vec<i8>,
    ) -> Result<Vec<i8>, types::Error> {
        let threads = self.cpu_accel.threads;
        let mut x = input;
        for (i, s) in steps.iter().enumerate() {
            let Weights::Qs8(w) = self.cpu_accel.get(s.weights)? else {
                return Err(invalid(format!(
                    "chain step {i}: handle {} holds fp32 weights",
                    s.weights
                )));
            };
            x = cpu::conv2d_qs8(w, &geometry(&s.geometry), &x, threads)
                .map_err(|e| invalid(format!("chain step {i}: {e}")))?;
        }
        Ok(x)
    }

    fn conv2d_qs8(
        &mut self,
        weights: u32,
        g: cpu_accel::ConvGeometry,
        input: Vec<i8>,
    ) -> Result<Vec<i8>, types::Error> {
        let threads = self.cpu_accel.threads;
        match self.cpu_accel.get(weights)? {
            Weights::Qs8(w) => cpu::conv2d_qs8(w, &geometry(&g), &input, threads).map_err(invalid),
            Weights::F32(_) => Err(invalid(format!("handle {weights} holds fp32 weights"))),
        }
    }
}
