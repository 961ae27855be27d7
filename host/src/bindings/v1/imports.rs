//! The 1.x imports, each on the context of its 2.x counterpart: arguments converted to
//! the 2.x types, the 2.x implementation called, results converted back. The 1.x and
//! 2.0 forms of these interfaces differ only in their package version, except
//! `cpu-accel` (2.0 made weights resources and names inputs and outputs by address),
//! whose 1.x form calls the same chain runner with lists.

use wasmtime::component::{HasSelf, Linker};

use super::convert::Cv;
use super::plugboard::runtime as v1;
use crate::bindings::plugboard::runtime as v2;
use crate::component::imports::clock::ClockCtx;
use crate::component::imports::cpu_accel::{self, CpuAccel};
use crate::component::imports::gpu::GpuCtx;
use crate::component::imports::logging::LoggingCtx;
use crate::component::imports::named_data::NamedDataCtx;
use crate::component::imports::profiling::ProfilingCtx;
use crate::component::imports::progress::ProgressCtx;
use crate::component::imports::qnn::QnnCtx;
use crate::component::imports::types::TypesCtx;

type Trappable<T> = wasmtime::Result<Result<T, v1::types::Error>>;

fn trappable<A: Cv<B>, B>(r: wasmtime::Result<Result<A, v2::types::Error>>) -> Trappable<B> {
    r.map(|r| r.map(Cv::cv).map_err(Cv::cv))
}

impl v1::types::Host for TypesCtx {}

impl v1::logging::Host for LoggingCtx {
    fn log(&mut self, level: v1::logging::Level, context: String, message: String) {
        v2::logging::Host::log(self, level.cv(), context, message)
    }
}

impl v1::clock::Host for ClockCtx {
    fn now(&mut self) -> u64 {
        v2::clock::Host::now(self)
    }
}

impl v1::progress::Host for ProgressCtx {
    fn at(&mut self, position: u32) {
        v2::progress::Host::at(self, position)
    }
}

impl v1::profiling::Host for ProfilingCtx {
    fn enabled(&mut self) -> bool {
        v2::profiling::Host::enabled(self)
    }

    fn node(&mut self, name: String, start: u64, end: u64) {
        v2::profiling::Host::node(self, name, start, end)
    }
}

impl v1::named_data::Host for NamedDataCtx {
    fn get(&mut self, key: String) -> Result<Vec<u8>, v1::types::Error> {
        v2::named_data::Host::get(self, key).map_err(Cv::cv)
    }
}

/// The 1.x `cpu-accel`: handles are bare slot indices, never released before the
/// instance, and inputs and outputs travel as lists (2.0 made the handles resources
/// and reads and writes the caller's memory in place).
impl v1::cpu_accel::Host for CpuAccel {
    fn available(&mut self) -> wasmtime::Result<bool> {
        v2::cpu_accel::Host::available(self)
    }

    fn add_weights_f32(
        &mut self,
        channels_out: u32,
        depth: u32,
        groups: u32,
        weights: Vec<f32>,
        bias: Option<Vec<f32>>,
    ) -> Trappable<u32> {
        let r = self.add_f32(channels_out, depth, groups, &weights, bias.as_deref());
        trappable(r.map_or_else(cpu_accel::reply_err, |h| Ok(Ok(h))))
    }

    fn add_weights_qs8(
        &mut self,
        channels_out: u32,
        depth: u32,
        groups: u32,
        weights: Vec<i8>,
        requant: v1::cpu_accel::Requantization,
    ) -> Trappable<u32> {
        let r = self.add_qs8(channels_out, depth, groups, &weights, &requant.cv());
        trappable(r.map_or_else(cpu_accel::reply_err, |h| Ok(Ok(h))))
    }

    fn conv2d_f32(
        &mut self,
        weights: u32,
        geometry: v1::cpu_accel::ConvGeometry,
        input: Vec<f32>,
        output_min: f32,
        output_max: f32,
    ) -> Trappable<Vec<f32>> {
        let step = v1::cpu_accel::ChainStep {
            weights,
            geometry,
            output_min,
            output_max,
        };
        trappable(self.chain_list(&[v1_step(step, v1::cpu_accel::Activation::None)], input))
    }

    fn conv2d_qs8(
        &mut self,
        weights: u32,
        geometry: v1::cpu_accel::ConvGeometry,
        input: Vec<i8>,
    ) -> Trappable<Vec<i8>> {
        let step = v1::cpu_accel::ChainStep {
            weights,
            geometry,
            output_min: 0.0,
            output_max: 0.0,
        };
        trappable(self.chain_list(&[v1_step(step, v1::cpu_accel::Activation::None)], input))
    }

    fn conv2d_f32_chain(
        &mut self,
        steps: Vec<v1::cpu_accel::ChainStep>,
        input: Vec<f32>,
    ) -> Trappable<Vec<f32>> {
        let steps = plain_steps(steps);
        trappable(self.chain_list(&steps, input))
    }

    fn conv2d_f32_activated_chain(
        &mut self,
        steps: Vec<v1::cpu_accel::ActivatedStep>,
        input: Vec<f32>,
    ) -> Trappable<Vec<f32>> {
        let steps: Vec<_> = steps
            .into_iter()
            .map(|s| v1_step(s.step, s.activation))
            .collect();
        trappable(self.chain_list(&steps, input))
    }

    fn conv2d_qs8_chain(
        &mut self,
        steps: Vec<v1::cpu_accel::ChainStep>,
        input: Vec<i8>,
    ) -> Trappable<Vec<i8>> {
        let steps = plain_steps(steps);
        trappable(self.chain_list(&steps, input))
    }
}

/// The host's step for a 1.x step and its activation.
fn v1_step(s: v1::cpu_accel::ChainStep, a: v1::cpu_accel::Activation) -> cpu_accel::Step {
    cpu_accel::Step {
        weights: s.weights,
        geometry: cpu_accel::geometry(&s.geometry.cv()),
        output_min: s.output_min,
        output_max: s.output_max,
        activation: cpu_accel::activation(a.cv()),
    }
}

/// The host's steps for 1.x steps without activations.
fn plain_steps(steps: Vec<v1::cpu_accel::ChainStep>) -> Vec<cpu_accel::Step> {
    steps
        .into_iter()
        .map(|s| v1_step(s, v1::cpu_accel::Activation::None))
        .collect()
}

impl v1::gpu::Host for GpuCtx {
    fn open(&mut self) -> wasmtime::Result<Result<v1::gpu::AdapterInfo, String>> {
        v2::gpu::Host::open(self).map(|r| r.map(Cv::cv))
    }

    fn create_buffer(&mut self, size: u64, kind: v1::gpu::BufferKind) -> Trappable<u32> {
        trappable(v2::gpu::Host::create_buffer(self, size, kind.cv()))
    }

    fn destroy_buffer(&mut self, buffer: u32) -> Trappable<()> {
        trappable(v2::gpu::Host::destroy_buffer(self, buffer))
    }

    fn create_pipeline(
        &mut self,
        wgsl: String,
        entry_point: String,
        layout: Vec<v1::gpu::BindingKind>,
    ) -> Trappable<u32> {
        trappable(v2::gpu::Host::create_pipeline(
            self,
            wgsl,
            entry_point,
            layout.cv(),
        ))
    }

    fn create_bind_group(
        &mut self,
        pipeline: u32,
        bindings: Vec<v1::gpu::Binding>,
    ) -> Trappable<u32> {
        trappable(v2::gpu::Host::create_bind_group(
            self,
            pipeline,
            bindings.cv(),
        ))
    }

    fn run(
        &mut self,
        writes: Vec<v1::gpu::Write>,
        commands: Vec<v1::gpu::Command>,
        reads: Vec<v1::gpu::Read>,
    ) -> Trappable<Vec<Vec<u8>>> {
        trappable(v2::gpu::Host::run(
            self,
            writes.cv(),
            commands.cv(),
            reads.cv(),
        ))
    }
}

impl v1::qnn::Host for QnnCtx {
    fn open(&mut self) -> Result<String, String> {
        v2::qnn::Host::open(self)
    }

    fn create_context(&mut self, binary: Vec<u8>) -> Result<u32, v1::types::Error> {
        v2::qnn::Host::create_context(self, binary).map_err(Cv::cv)
    }

    fn execute(
        &mut self,
        context: u32,
        graph: String,
        tensors: Vec<v1::types::Tensor>,
    ) -> Result<Vec<v1::types::Tensor>, v1::types::Error> {
        v2::qnn::Host::execute(self, context, graph, tensors.cv()).cv()
    }

    fn destroy_context(&mut self, context: u32) -> Result<(), v1::types::Error> {
        v2::qnn::Host::destroy_context(self, context).map_err(Cv::cv)
    }
}

/// The contexts the 1.x imports live on (the store data's getters).
pub(crate) struct Getters<T> {
    pub types: fn(&mut T) -> &mut TypesCtx,
    pub logging: fn(&mut T) -> &mut LoggingCtx,
    pub clock: fn(&mut T) -> &mut ClockCtx,
    pub progress: fn(&mut T) -> &mut ProgressCtx,
    pub profiling: fn(&mut T) -> &mut ProfilingCtx,
    pub named_data: fn(&mut T) -> &mut NamedDataCtx,
    pub cpu_accel: fn(&mut T) -> &mut CpuAccel,
    pub gpu: fn(&mut T) -> &mut GpuCtx,
    pub qnn: fn(&mut T) -> &mut QnnCtx,
}

/// Links every 1.x import into `linker` (as `plugboard:runtime/*@1.4.0`, which serves
/// every 1.a import).
pub(crate) fn add_to_linker<T: 'static>(
    linker: &mut Linker<T>,
    get: Getters<T>,
) -> wasmtime::Result<()> {
    v1::types::add_to_linker::<T, HasSelf<TypesCtx>>(linker, get.types)?;
    v1::logging::add_to_linker::<T, HasSelf<LoggingCtx>>(linker, get.logging)?;
    v1::clock::add_to_linker::<T, HasSelf<ClockCtx>>(linker, get.clock)?;
    v1::progress::add_to_linker::<T, HasSelf<ProgressCtx>>(linker, get.progress)?;
    v1::profiling::add_to_linker::<T, HasSelf<ProfilingCtx>>(linker, get.profiling)?;
    v1::named_data::add_to_linker::<T, HasSelf<NamedDataCtx>>(linker, get.named_data)?;
    v1::cpu_accel::add_to_linker::<T, HasSelf<CpuAccel>>(linker, get.cpu_accel)?;
    v1::gpu::add_to_linker::<T, HasSelf<GpuCtx>>(linker, get.gpu)?;
    v1::qnn::add_to_linker::<T, HasSelf<QnnCtx>>(linker, get.qnn)?;
    Ok(())
}
