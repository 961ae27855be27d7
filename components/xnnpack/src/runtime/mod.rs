//! A delegate ready to run: the checked graph, weights packed once at `init`, and a
//! schedule (every value's shape, the kernel parameters of every node and a memory
//! plan placing all activations in one arena).
//!
//! The schedule is built at `init` from the graph's declared input shapes, and every
//! inferred shape is checked against the shapes the payload declares. When a call
//! brings inputs of other shapes (ExecuTorch's dynamic shapes: XNNPACK reshapes its
//! runtime then), the schedule is rebuilt for them.
//!
//! Layout: [`shapes`] infers every node's output shape and kernel parameters,
//! [`plan`] places activations in the arena, [`args`] converts delegate arguments
//! between ExecuTorch's tensors and the graph's layout, [`prepare`] packs the fp32
//! weights and decodes the plain constants at `init`; this module puts those together
//! and dispatches the nodes at `execute`.

mod args;
mod plan;
mod prepare;
mod shapes;

use std::rc::Rc;

use plugboard_compute::gemm::{gemm_epilogue, sgemm, Epilogue, MatRef};

use crate::accel;
use crate::graph::{DataType, Graph, Op};
use crate::kernels::conv;
use crate::kernels::elementwise::{self, clamp_slice};
use crate::kernels::layout;
use crate::kernels::pool;
use crate::kernels::winograd;
use crate::kernels::{qconv, quant};
use crate::quantized::{self, QStep};
use crate::{err, Error, ErrorKind};
use args::{logical_sizes, memory_dims, scalar_type};
pub use args::{Output, TensorArg};
use plan::{arena_bytes_mut, numel, schedule, value_bytes, Schedule};
use prepare::Prep;
use shapes::Step;

thread_local! {
    /// One activation arena for every delegate of the instance. A delegate's values
    /// live in the arena only during its call (inputs are copied in or read in place,
    /// outputs are copied out by the host before its next call into the component),
    /// and an instance runs one call at a time, so one arena sized for the largest call
    /// serves them all, as ExecuTorch's XNNPACK delegates share one workspace. An arena
    /// per delegate held 92 MB after an 82-token prefill of the 100M Llama's 65
    /// delegates.
    static SHARED_ARENA: std::cell::RefCell<Vec<f32>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// An initialized delegate.
pub struct PreparedDelegate {
    graph: Graph,
    preps: Vec<Prep>,
    /// `f32` data of the constants read as plain operands.
    consts: Vec<Option<Rc<[f32]>>>,
    /// `qint8` data of the constants read as plain operands.
    qconsts: Vec<Option<Rc<[i8]>>>,
    /// For each node: how it runs on int8 values (`None`: an fp32 node).
    qsteps: Vec<Option<QStep>>,
    /// For each node: how many nodes from it on run as one chain of host
    /// convolutions (1: on its own; 0: inside a chain started earlier).
    chains: Vec<usize>,
    sched: Schedule,
    arena: Vec<f32>,
    /// For each value: whether it is a graph input that no node writes and that is
    /// not a graph output, so that nodes may read it where the delegate call put it.
    readonly_input: Vec<bool>,
    /// During [`PreparedDelegate::execute`] only: graph inputs read in place, as (address,
    /// elements) of the argument's bytes, instead of being copied into the arena
    /// first (a delegate's inputs are often a large share of the data it touches).
    /// The arguments outlive the call and nothing writes them; cleared before
    /// `execute` returns.
    external: Vec<Option<(usize, usize)>>,
    /// The sizes and dim order of each input in the last call that ran with the
    /// current schedule: a call bringing the same ones (every call, in a static
    /// program) skips working out and comparing the layouts again. A delegate call of
    /// the LSTM language model has 7 to 11 tensor arguments; the checks allocated
    /// about 70 times per call.
    last_inputs: Vec<(Vec<u32>, Vec<u8>)>,
    /// For each output: its argument's sizes and dim order in the last call, and the
    /// logical sizes and dim order they gave with the current schedule.
    last_outputs: Vec<Option<LastOutput>>,
    /// Whether the caller keeps the arguments of the last run, which succeeded and
    /// checked them (schedule, `last_inputs`, output dtypes), to run again: set by
    /// [`PreparedDelegate::keep_args`] after an `execute`, kept by every successful
    /// [`PreparedDelegate::execute_again`], cleared by any other run. `execute_again`
    /// then skips those checks: its arguments are that call's but for where the
    /// inputs are (the comparisons were 5% of the LSTM language model's time).
    args_kept: bool,
    /// For each `qdint8` value: the row length and each row's parameters, written by
    /// its `Convert` in this run and read by the fully connected nodes after it.
    dq_rows: Vec<(usize, Vec<crate::dynamic::RowQuant>)>,
    /// The rows a fully connected node with a folded convert quantized on the wasm
    /// path (kept between calls).
    dq_scratch: Vec<i8>,
}

/// What [`logical_sizes`] gave for an output argument (see `last_outputs`).
struct LastOutput {
    arg_sizes: Vec<u32>,
    arg_dim_order: Vec<u8>,
    sizes: Vec<u32>,
    dim_order: Vec<u8>,
}

impl PreparedDelegate {
    /// Prepares `graph`: checks that every node can run here, packs weights and
    /// builds the schedule for the declared input shapes.
    pub fn new(mut graph: Graph) -> Result<PreparedDelegate, Error> {
        crate::fusion::fuse_clamps(&mut graph);
        crate::fusion::fuse_silu(&mut graph);
        crate::fusion::fuse_conv_activations(&mut graph);
        crate::fusion::fuse_int8_unary_chains(&mut graph);
        crate::fusion::fuse_dynamic_converts(&mut graph);
        // Quantized nodes are prepared by `quantized`; the others are all-fp32.
        let qsteps = (0..graph.nodes.len())
            .map(|ni| quantized::prepare(&graph, ni))
            .collect::<Result<Vec<_>, Error>>()?;
        let preps = prepare::fp32_weights(&graph, &qsteps)?;
        let (consts, qconsts) = prepare::plain_constants(&graph);
        let input_dims: Vec<Vec<usize>> = graph
            .inputs
            .iter()
            .map(|&vi| graph.values[vi].dims.clone())
            .collect();
        let sched = schedule(&graph, input_dims, true)?;
        // The raw bytes are no longer needed: plain constants are in `consts`, filters
        // are packed. Keep a marker that the value is constant.
        for v in &mut graph.values {
            if v.data.is_some() {
                v.data = Some(Rc::from(Vec::new()));
            }
        }
        let mut rt = PreparedDelegate {
            graph,
            preps,
            consts,
            qconsts,
            qsteps,
            chains: Vec::new(),
            sched,
            arena: Vec::new(),
            readonly_input: Vec::new(),
            external: Vec::new(),
            last_inputs: Vec::new(),
            args_kept: false,
            last_outputs: Vec::new(),
            dq_rows: Vec::new(),
            dq_scratch: Vec::new(),
        };
        let g = &rt.graph;
        let mut readonly = vec![false; g.values.len()];
        for &vi in &g.inputs {
            if let Some(r) = readonly.get_mut(vi) {
                *r = true;
            }
        }
        for vi in g
            .nodes
            .iter()
            .map(|n| n.output)
            .chain(g.outputs.iter().copied())
        {
            if let Some(r) = readonly.get_mut(vi) {
                *r = false;
            }
        }
        rt.readonly_input = readonly;
        rt.external = vec![None; rt.graph.values.len()];
        rt.chains = rt.plan_chains();
        // The arena is sized at the first execute, for the shapes it brings: sized here
        // for the declared (upper-bound) shapes, a language model's 65 delegates each
        // held the activations of a full-context prefill (about 3.7 MB each, 240 MB
        // for the 100M Llama) whether or not a call ever came near it.
        Ok(rt)
    }

    /// The host-side weights of node `ni`, if it runs on the host's native kernels,
    /// and whether it is an int8 node.
    fn accel_handle(&self, ni: usize) -> Option<(&accel::Handle, bool)> {
        match (&self.qsteps[ni], &self.preps[ni]) {
            (Some(QStep::Accel(h)), _) => Some((h, true)),
            (None, Prep::Accel(h)) => Some((h, false)),
            _ => None,
        }
    }

    /// Groups runs of host convolutions where each one's output is read only by the
    /// next (mobilenet's expand / depthwise / project blocks): they run as one
    /// `conv2d-*-chain` call, so intermediate activations never cross the component
    /// boundary.
    fn plan_chains(&self) -> Vec<usize> {
        let g = &self.graph;
        let n = g.nodes.len();
        let mut readers = vec![0usize; g.values.len()];
        for node in &g.nodes {
            for &vi in &node.inputs {
                readers[vi] += 1;
            }
        }
        for &vi in &g.outputs {
            readers[vi] += 2;
        }
        let links = |a: usize| {
            let b = a + 1;
            b < n
                && matches!((self.accel_handle(a), self.accel_handle(b)), (Some((_, qa)), Some((_, qb))) if qa == qb)
                && g.nodes[b].inputs.first() == Some(&g.nodes[a].output)
                && readers[g.nodes[a].output] == 1
        };
        let mut chains = vec![1usize; n];
        let mut i = 0;
        while i < n {
            let mut j = i;
            while links(j) {
                j += 1;
            }
            chains[i] = j - i + 1;
            for c in &mut chains[i + 1..=j] {
                *c = 0;
            }
            i = j + 1;
        }
        chains
    }

    /// The host convolution step of node `ni` for the current shapes.
    fn chain_step(&self, ni: usize) -> Result<accel::ChainStep, Error> {
        let internal = |m: &str| err(ErrorKind::Internal, m.to_string());
        let (handle, _) = self
            .accel_handle(ni)
            .ok_or_else(|| internal("chained node without host weights"))?;
        let geom = match &self.sched.steps[ni] {
            Step::Conv(g) => *g,
            Step::Depthwise(g) => accel::depthwise_geometry(g),
            Step::FullyConnected { m, k, n } => accel::fc_geometry(*m, *k, *n),
            _ => return Err(internal("chained node is not a convolution")),
        };
        let node = &self.graph.nodes[ni];
        Ok(accel::ChainStep {
            handle: handle.clone(),
            geom,
            min: node.min,
            max: node.max,
            act: node.act,
        })
    }

    /// Runs the chain of `len` host convolutions starting at node `ni`.
    fn run_chain(&mut self, ni: usize, len: usize) -> Result<(), Error> {
        let steps = (ni..ni + len)
            .map(|k| self.chain_step(k))
            .collect::<Result<Vec<_>, Error>>()?;
        let int8 = self.accel_handle(ni).is_some_and(|(_, q)| q);
        let first = &steps[0].geom;
        let in_len = first.batch * first.height * first.width * first.channels_in;
        let x_vi = self.graph.nodes[ni].inputs[0];
        let o_vi = self.graph.nodes[ni + len - 1].output;
        let elem = if int8 { 1 } else { 4 };
        let bytes = |vi: usize, n: usize| -> Result<usize, Error> {
            let (o, have) = value_bytes(&self.sched, self.arena.len(), vi, elem)?;
            if n > have {
                return Err(err(
                    ErrorKind::Internal,
                    format!("value {vi} is smaller than the chain's {n} elements"),
                ));
            }
            Ok(o)
        };
        let out_len = numel(&self.sched.shapes[o_vi]);
        let oo = bytes(o_vi, out_len)?;
        let xo = match self.external[x_vi] {
            Some((_, n)) if n < in_len => {
                return Err(err(ErrorKind::Internal, "chain input too small"))
            }
            Some(_) => None,
            None => Some(bytes(x_vi, in_len)?),
        };
        let base = self.arena.as_mut_ptr() as *mut u8;
        let xp = match (xo, self.external[x_vi]) {
            (Some(o), _) => base.wrapping_add(o) as *const u8,
            (None, Some((addr, _))) => addr as *const u8,
            (None, None) => return Err(err(ErrorKind::Internal, "chain input has no memory")),
        };
        // SAFETY: both ranges were checked to lie in the arena (or in the argument the
        // input is read from in place, see `external`), and no reference to either is
        // live. They may overlap (the memory plan may reuse the input's range for the
        // output: the input is dead once the host has read it), which `chain_*` allow.
        unsafe {
            if int8 {
                let o = base.add(oo) as *mut i8;
                accel::chain_qs8(&steps, xp as *const i8, in_len, o, out_len)
            } else {
                let o = base.add(oo) as *mut f32;
                accel::chain_f32(&steps, xp as *const f32, in_len, o, out_len)
            }
        }
    }

    /// Takes the instance's shared arena for a call (see [`SHARED_ARENA`]); give it back
    /// with [`PreparedDelegate::return_arena`] once the call's outputs were handed over.
    pub fn borrow_arena(&mut self) {
        SHARED_ARENA.with_borrow_mut(|a| std::mem::swap(&mut self.arena, a));
    }

    /// Gives the arena taken by [`PreparedDelegate::borrow_arena`] back to the instance
    /// (its bytes stay where they are: the host copies the outputs from there before it
    /// calls into the component again).
    pub fn return_arena(&mut self) {
        SHARED_ARENA.with_borrow_mut(|a| {
            if a.capacity() <= self.arena.capacity() {
                std::mem::swap(&mut self.arena, a);
            }
        });
        self.arena = Vec::new();
    }

    /// Sizes the arena for the current schedule.
    fn reserve(&mut self) -> Result<(), Error> {
        let len = self.sched.arena_len;
        if self.arena.len() < len {
            self.arena
                .try_reserve_exact(len - self.arena.len())
                .map_err(|_| {
                    err(
                        ErrorKind::DelegateMemoryAllocationFailed,
                        format!("cannot allocate {} MiB for activations", (len * 4) >> 20),
                    )
                })?;
            self.arena.resize(len, 0.0);
        }
        Ok(())
    }

    /// Number of graph inputs and outputs.
    pub fn arity(&self) -> (usize, usize) {
        (self.graph.inputs.len(), self.graph.outputs.len())
    }

    /// Runs the graph. `inputs` are the input tensors in argument order; `outputs` the
    /// output argument tensors (for their dtype). Returns the output tensors.
    pub fn execute(
        &mut self,
        inputs: &[TensorArg],
        outputs: &[TensorArg],
    ) -> Result<Vec<Output<'_>>, Error> {
        self.run(inputs, outputs, false)?;
        self.outputs(outputs)
    }

    /// Runs the graph as [`PreparedDelegate::execute`] does, for inputs and outputs of
    /// the layouts of the last call (contract 2.1's `execute-again`): returns only the
    /// address of each graph output, whose sizes and dim order are that call's.
    ///
    /// The caller passes the arguments of the last successful call, with the same
    /// dtypes, sizes, dim orders and byte lengths, only the input bytes elsewhere:
    /// when the last run succeeded they are not checked again.
    pub fn execute_again(
        &mut self,
        inputs: &[TensorArg],
        outputs: &[TensorArg],
    ) -> Result<Vec<u32>, Error> {
        self.run(inputs, outputs, true)?;
        let mut addresses = Vec::with_capacity(self.graph.outputs.len());
        for &vi in &self.graph.outputs {
            let off = self.sched.offsets[vi].ok_or_else(|| {
                err(
                    ErrorKind::Internal,
                    format!("output value {vi} has no memory"),
                )
            })?;
            let n = numel(&self.sched.shapes[vi]);
            let len = if self.graph.values[vi].dtype == DataType::Fp32 {
                n
            } else {
                n.div_ceil(4)
            };
            if off.checked_add(len).is_none_or(|e| e > self.arena.len()) {
                return Err(err(ErrorKind::Internal, "output value outside the arena"));
            }
            // The arena's address in linear memory (wasm32: pointers are addresses).
            addresses.push(self.arena[off..].as_ptr() as usize as u32);
        }
        Ok(addresses)
    }

    /// Records that the caller keeps the arguments of the last run (a successful
    /// `execute`) for [`PreparedDelegate::execute_again`].
    pub fn keep_args(&mut self) {
        self.args_kept = true;
    }

    /// Checks the arguments (not when `again` with kept arguments, see `args_kept`)
    /// and runs every node, leaving the outputs in the arena.
    fn run(
        &mut self,
        inputs: &[TensorArg],
        outputs: &[TensorArg],
        again: bool,
    ) -> Result<(), Error> {
        let kept = std::mem::take(&mut self.args_kept);
        let known = again
            && kept
            && inputs.len() == self.last_inputs.len()
            && outputs.len() == self.graph.outputs.len();
        if !known {
            self.check_args(inputs, outputs)?;
        }
        let ran = self.bind_inputs_and_run(inputs);
        // The in-place views die with this call.
        self.external.fill(None);
        self.args_kept = again && ran.is_ok();
        ran
    }

    /// Checks the arguments of a call against the graph, reshaping it for new input
    /// layouts.
    fn check_args(&mut self, inputs: &[TensorArg], outputs: &[TensorArg]) -> Result<(), Error> {
        let bad = |m: String| err(ErrorKind::InvalidArgument, m);
        let same_inputs = self.last_inputs.len() == inputs.len()
            && inputs
                .iter()
                .zip(&self.last_inputs)
                .all(|(t, (s, o))| t.sizes == &s[..] && t.dim_order == &o[..]);
        if same_inputs {
            self.check_known_inputs(inputs)?;
        } else {
            self.check_new_inputs(inputs)?;
        }
        for (i, t) in outputs.iter().enumerate() {
            let want = self.graph.values[self.graph.outputs[i]].dtype;
            let (st, _) = scalar_type(want);
            if t.dtype != st {
                return Err(bad(format!(
                    "output {i} is {:?}, the XNNPACK graph produces {st:?} ({})",
                    t.dtype,
                    want.name()
                )));
            }
        }
        Ok(())
    }

    /// Checks inputs whose sizes and dim orders are those of the last call (see
    /// `last_inputs`): their dtypes and byte lengths.
    fn check_known_inputs(&self, inputs: &[TensorArg]) -> Result<(), Error> {
        for (i, t) in inputs.iter().enumerate() {
            let size = self.input_element_size(i, t)?;
            check_input_bytes(i, t, &self.sched.input_dims[i], size)?;
        }
        Ok(())
    }

    /// The element size of input `i`, when `t` has the dtype the graph expects there.
    fn input_element_size(&self, i: usize, t: &TensorArg) -> Result<usize, Error> {
        let want = self.graph.values[self.graph.inputs[i]].dtype;
        let (st, size) = scalar_type(want);
        if t.dtype != st {
            return Err(err(
                ErrorKind::InvalidArgument,
                format!(
                    "input {i} is {:?}, the XNNPACK graph expects {st:?} ({})",
                    t.dtype,
                    want.name()
                ),
            ));
        }
        Ok(size)
    }

    /// Checks inputs of sizes or dim orders other than the last call's, and reshapes
    /// the graph when their layouts differ from the schedule's.
    fn check_new_inputs(&mut self, inputs: &[TensorArg]) -> Result<(), Error> {
        let bad = |m: String| err(ErrorKind::InvalidArgument, m);
        self.last_inputs.clear();
        let mut dims = Vec::with_capacity(inputs.len());
        for (i, t) in inputs.iter().enumerate() {
            let size = self.input_element_size(i, t)?;
            let declared = &self.graph.values[self.graph.inputs[i]].dims;
            let d = memory_dims(t.sizes, t.dim_order, declared)
                .map_err(|m| bad(format!("input {i}: {m}")))?;
            check_input_bytes(i, t, &d, size)?;
            dims.push(d);
        }
        if dims != self.sched.input_dims {
            // Dynamic shapes: reshape the whole graph for these inputs (a step of its
            // own in the host's profile).
            let start = profile_clock();
            self.sched = schedule(&self.graph, dims, false)?;
            if let (Some(start), Some(end)) = (start, start.and_then(|_| profile_clock())) {
                profile_node("reshape for new input shapes", start, end);
            }
            self.last_outputs.clear();
        }
        // Grows the arena to this schedule's (the first execute allocates it).
        self.reserve()?;
        self.last_inputs = inputs
            .iter()
            .map(|t| (t.sizes.to_vec(), t.dim_order.to_vec()))
            .collect();
        Ok(())
    }

    /// The graph outputs after a run, for the output arguments `outputs`.
    fn outputs(&mut self, outputs: &[TensorArg]) -> Result<Vec<Output<'_>>, Error> {
        // The outputs' bytes stay in the arena: a 2.x host copies them from there, a
        // 1.x build copies them into its result (see `lib.rs`).
        self.last_outputs
            .resize_with(self.graph.outputs.len(), || None);
        let arena = &self.arena;
        let mut outs = Vec::with_capacity(self.graph.outputs.len());
        for &vi in &self.graph.outputs {
            let shape = &self.sched.shapes[vi];
            let n = numel(shape);
            let off = self.sched.offsets[vi].ok_or_else(|| {
                err(
                    ErrorKind::Internal,
                    format!("output value {vi} has no memory"),
                )
            })?;
            let dtype = self.graph.values[vi].dtype;
            let len = if dtype == DataType::Fp32 { 4 * n } else { n };
            if off
                .checked_add(len.div_ceil(4))
                .is_none_or(|e| e > arena.len())
            {
                return Err(err(ErrorKind::Internal, "output value outside the arena"));
            }
            // SAFETY: the checked range lies inside `arena`, borrowed for the result's
            // lifetime; fp32 values are stored in the target's (little-endian: wasm32)
            // byte order, as the contract's tensors are.
            let bytes =
                unsafe { std::slice::from_raw_parts(arena.as_ptr().add(off) as *const u8, len) };
            let k = outs.len();
            let arg = &outputs[k];
            let last = &mut self.last_outputs[k];
            let (sizes, dim_order) = match last {
                Some(l) if l.arg_sizes == arg.sizes && l.arg_dim_order == arg.dim_order => {
                    (l.sizes.clone(), l.dim_order.clone())
                }
                _ => {
                    let (sizes, dim_order) = logical_sizes(shape, arg);
                    *last = Some(LastOutput {
                        arg_sizes: arg.sizes.to_vec(),
                        arg_dim_order: arg.dim_order.to_vec(),
                        sizes: sizes.clone(),
                        dim_order: dim_order.clone(),
                    });
                    (sizes, dim_order)
                }
            };
            outs.push(Output {
                dtype: scalar_type(dtype).0,
                sizes,
                dim_order,
                bytes,
            });
        }
        Ok(outs)
    }

    /// Puts the inputs of this call where the nodes read them (in place, see
    /// `external`, or copied into the arena) and runs every node.
    fn bind_inputs_and_run(&mut self, inputs: &[TensorArg]) -> Result<(), Error> {
        // Inputs read in place where they can be, the others copied into the arena.
        for (k, &vi) in self.graph.inputs.iter().enumerate() {
            if let Some(off) = self.sched.offsets[vi] {
                let n = numel(&self.sched.shapes[vi]);
                let src = inputs[k].data;
                let fp32 = self.graph.values[vi].dtype == DataType::Fp32;
                let elem = if fp32 { 4 } else { 1 };
                let aligned = (src.as_ptr() as usize).is_multiple_of(elem);
                if self.readonly_input[vi]
                    && aligned
                    && cfg!(target_endian = "little")
                    && src.len() >= elem * n
                {
                    self.external[vi] = Some((src.as_ptr() as usize, n));
                    continue;
                }
                if fp32 {
                    let dst = &mut self.arena[off..off + n];
                    if cfg!(target_endian = "little") && src.len() >= 4 * n {
                        // SAFETY: `dst` is `n` f32s, `4 * n` bytes; any bit pattern is
                        // an f32, and the byte order is the target's.
                        let bytes = unsafe {
                            std::slice::from_raw_parts_mut(dst.as_mut_ptr() as *mut u8, 4 * n)
                        };
                        bytes.copy_from_slice(&src[..4 * n]);
                    } else {
                        for (d, c) in dst.iter_mut().zip(src.chunks_exact(4)) {
                            *d = f32::from_le_bytes([c[0], c[1], c[2], c[3]]);
                        }
                    }
                } else {
                    arena_bytes_mut(&mut self.arena, off, n)?.copy_from_slice(&src[..n]);
                }
            }
        }
        // Node timings for the host's profiler (`profiling` import), only when it asks:
        // asked once per execute, and each node's span runs from the previous one's end
        // (one clock read per node), so that a profiled execute stays close to an
        // unprofiled one.
        let mut last = profile_clock();
        let mut ni = 0;
        while ni < self.graph.nodes.len() {
            let len = self.chains.get(ni).copied().unwrap_or(1).max(1);
            let r = if len > 1 {
                self.run_chain(ni, len)
            } else if self.qsteps[ni].is_some() {
                self.run_qnode(ni)
            } else {
                self.run_node(ni)
            };
            if let Some(start) = last {
                let end = profile_now();
                let name = self.graph.nodes[ni].name;
                if len > 1 {
                    profile_node(&format!("{name} (+{} fused)", len - 1), start, end);
                } else {
                    profile_node(name, start, end);
                }
                last = Some(end);
            }
            r.map_err(|e| {
                let n = &self.graph.nodes[ni];
                let span = if len > 1 {
                    format!(" and the {} nodes after it", len - 1)
                } else {
                    String::new()
                };
                err(
                    e.kind,
                    format!("node {ni} ({}){span}: {}", n.name, e.message),
                )
            })?;
            ni += len;
        }
        Ok(())
    }

    /// Runs dynamically quantized node `ni` (see [`crate::dynamic`]); `rows` holds each
    /// `qdint8` value's row parameters.
    fn run_dynamic(
        &mut self,
        ni: usize,
        rows: &mut [(usize, Vec<crate::dynamic::RowQuant>)],
    ) -> Result<(), Error> {
        let node = &self.graph.nodes[ni];
        let sched = &self.sched;
        let internal = |m: String| err(ErrorKind::Internal, m);
        let base = self.arena.as_mut_ptr();
        let arena_len = self.arena.len();
        let range = |vi: usize, elem: usize| value_bytes(sched, arena_len, vi, elem);
        let (xi, oi) = (node.inputs[0], node.output);
        // SAFETY (all views below): as in `run_qnode`: the memory plan keeps a node's
        // output apart from its inputs while they live, `range` checked the bounds,
        // and external inputs outlive the call.
        // The float rows of the two steps that read them: a constant, a graph input
        // where the delegate call put it, or an activation in the arena.
        macro_rules! f32_rows {
            () => {
                if let Some(c) = &self.consts[xi] {
                    c
                } else if let Some((addr, n)) = self.external[xi] {
                    unsafe { std::slice::from_raw_parts(addr as *const f32, n) }
                } else {
                    let (o, n) = range(xi, 4)?;
                    unsafe {
                        std::slice::from_raw_parts((base as *const u8).add(o) as *const f32, n)
                    }
                }
            };
        }
        match &self.qsteps[ni] {
            Some(QStep::DynamicQuantize { num_nonbatch_dims }) => {
                let x: &[f32] = f32_rows!();
                let shape = &sched.shapes[xi];
                let row: usize = shape[shape.len().saturating_sub(*num_nonbatch_dims)..]
                    .iter()
                    .product();
                let (o, n) = range(oi, 1)?;
                let out = unsafe {
                    std::slice::from_raw_parts_mut((base as *mut u8).add(o) as *mut i8, n)
                };
                let x = x
                    .get(..n)
                    .ok_or_else(|| internal("convert input too small".into()))?;
                let (len, params) = &mut rows[oi];
                *len = row;
                crate::dynamic::quantize_rows(x, row, out, params);
                Ok(())
            }
            Some(QStep::DynamicFc(w))
                if matches!(
                    node.op,
                    Op::FullyConnected {
                        quantize_input: true,
                        ..
                    }
                ) =>
            {
                let Step::FullyConnected { m, k, .. } = sched.steps[ni] else {
                    return Err(internal("dynamic fully connected without its shape".into()));
                };
                let x: &[f32] = f32_rows!();
                let (oo, on) = range(oi, 4)?;
                let x = x.get(..m * k).filter(|_| on >= m * w.n).ok_or_else(|| {
                    internal(format!(
                        "dynamic fully connected: {} inputs, {on} outputs for {m} x {k} -> {}",
                        x.len(),
                        w.n
                    ))
                })?;
                #[cfg(not(feature = "contract-1"))]
                if let Some(h) = &w.native {
                    // SAFETY: the output range was checked against the arena above, the
                    // input is `m * k` readable floats, and no reference into either is
                    // used while the host runs; it reads the input before it writes the
                    // output.
                    return unsafe {
                        crate::accel::fully_connected_qd8_f32(
                            h,
                            m,
                            x.as_ptr(),
                            (base as *mut u8).add(oo) as *mut f32,
                            node.min,
                            node.max,
                        )
                    };
                }
                // The wasm kernels: quantize the rows here, then the layer.
                let mut q = std::mem::take(&mut self.dq_scratch);
                q.resize(m * k, 0);
                let (_, params) = &mut rows[xi];
                crate::dynamic::quantize_rows(x, k, &mut q, params);
                let out = unsafe {
                    std::slice::from_raw_parts_mut((base as *mut u8).add(oo) as *mut f32, on)
                };
                let r = crate::dynamic::fully_connected(
                    m,
                    &q,
                    params,
                    |i| i,
                    w,
                    out,
                    node.min,
                    node.max,
                )
                .map_err(internal);
                self.dq_scratch = q;
                r
            }
            Some(QStep::DynamicFc(w)) => {
                let Step::FullyConnected { m, k, .. } = sched.steps[ni] else {
                    return Err(internal("dynamic fully connected without its shape".into()));
                };
                #[cfg(not(feature = "contract-1"))]
                if let Some(h) = &w.native {
                    let ((xo, xn), (oo, on)) = (range(xi, 1)?, range(oi, 4)?);
                    if xn < m * k || on < m * w.n {
                        return Err(internal(format!(
                            "dynamic fully connected: {xn} inputs, {on} outputs for {m} x {k} -> {}",
                            w.n
                        )));
                    }
                    let (row, params) = &rows[xi];
                    let row = (*row).max(1);
                    let per_row = (0..m)
                        .map(|i| {
                            params.get(i * k / row).copied().ok_or_else(|| {
                                internal(format!("row {i} has no quantization parameters"))
                            })
                        })
                        .collect::<Result<Vec<_>, _>>()?;
                    // SAFETY: both ranges were checked against the arena above and no
                    // reference into them is live; the host reads the input before it
                    // writes the output.
                    return unsafe {
                        crate::accel::fully_connected_qd8(
                            h,
                            &per_row,
                            (base as *const u8).add(xo) as *const i8,
                            (base as *mut u8).add(oo) as *mut f32,
                            node.min,
                            node.max,
                        )
                    };
                }
                let (o, n) = range(xi, 1)?;
                let x = unsafe {
                    std::slice::from_raw_parts((base as *const u8).add(o) as *const i8, n)
                };
                let (oo, on) = range(oi, 4)?;
                let out = unsafe {
                    std::slice::from_raw_parts_mut((base as *mut u8).add(oo) as *mut f32, on)
                };
                let (row, params) = &rows[xi];
                let row = (*row).max(1);
                crate::dynamic::fully_connected(
                    m,
                    x,
                    params,
                    |i| i * k / row,
                    w,
                    out,
                    node.min,
                    node.max,
                )
                .map_err(internal)
            }
            _ => Err(internal("not a dynamically quantized node".into())),
        }
    }

    /// Runs quantized node `ni` (its [`QStep`] with the current shapes' [`Step`]).
    fn run_qnode(&mut self, ni: usize) -> Result<(), Error> {
        if let Some(QStep::DynamicQuantize { .. } | QStep::DynamicFc(_)) = &self.qsteps[ni] {
            let mut rows = std::mem::take(&mut self.dq_rows);
            rows.resize_with(self.graph.values.len(), Default::default);
            let r = self.run_dynamic(ni, &mut rows);
            self.dq_rows = rows;
            return r;
        }
        let node = &self.graph.nodes[ni];
        let sched = &self.sched;
        let internal = |m: String| err(ErrorKind::Internal, m);
        let Some(q) = &self.qsteps[ni] else {
            return Err(internal("not a quantized node".into()));
        };
        let base = self.arena.as_mut_ptr();
        let arena_len = self.arena.len();
        let qconsts = &self.qconsts;
        let consts = &self.consts;
        let range = |vi: usize, elem: usize| value_bytes(sched, arena_len, vi, elem);
        // SAFETY (all views below): the memory plan gives every value its own arena
        // range while it lives; a node's output is alive together with its inputs, so
        // the output range overlaps no input range. `range` checked the bounds.
        let external = &self.external;
        let bytes = |vi: usize| -> Result<&[i8], Error> {
            if let Some(c) = &qconsts[vi] {
                return Ok(c);
            }
            if let Some((addr, n)) = external[vi] {
                // SAFETY: see `external`.
                return Ok(unsafe { std::slice::from_raw_parts(addr as *const i8, n) });
            }
            let (o, n) = range(vi, 1)?;
            Ok(unsafe { std::slice::from_raw_parts((base as *const u8).add(o) as *const i8, n) })
        };
        let floats = |vi: usize| -> Result<&[f32], Error> {
            if let Some(c) = &consts[vi] {
                return Ok(c);
            }
            if let Some((addr, n)) = external[vi] {
                // SAFETY: see `external` (the address is 4-byte aligned).
                return Ok(unsafe { std::slice::from_raw_parts(addr as *const f32, n) });
            }
            let (o, n) = range(vi, 4)?;
            Ok(unsafe { std::slice::from_raw_parts((base as *const u8).add(o) as *const f32, n) })
        };
        let out_vi = node.output;
        let out_is_f32 = self.graph.values[out_vi].dtype == DataType::Fp32;
        let (oo, on) = range(out_vi, if out_is_f32 { 4 } else { 1 })?;
        let x = || bytes(node.inputs[0]);
        let step = &sched.steps[ni];
        if out_is_f32 {
            let out = unsafe {
                std::slice::from_raw_parts_mut((base as *mut u8).add(oo) as *mut f32, on)
            };
            return match q {
                QStep::Dequantize(p) => {
                    quant::dequantize(x()?, out, *p, node.min, node.max);
                    Ok(())
                }
                _ => Err(internal("int8 step with an fp32 output".into())),
            };
        }
        let out =
            unsafe { std::slice::from_raw_parts_mut((base as *mut u8).add(oo) as *mut i8, on) };
        let mismatch = || internal(format!("int8 step {q:?} does not fit {step:?}"));
        match (q, step) {
            (QStep::Quantize(p), _) => quant::quantize(floats(node.inputs[0])?, out, *p),
            (QStep::Lookup(t), _) => quant::lookup(x()?, out, t),
            (QStep::Add(p), Step::Binary(_, bc)) => {
                elementwise::broadcast_rows(p, bc, x()?, bytes(node.inputs[1])?, out)
            }
            (QStep::Mul(p), Step::Binary(_, bc)) => {
                elementwise::broadcast_rows(p, bc, x()?, bytes(node.inputs[1])?, out)
            }
            (QStep::Accel(h), Step::Conv(g)) => accel::conv_qs8(h, g, x()?, out)?,
            (QStep::Accel(h), Step::Depthwise(g)) => {
                accel::conv_qs8(h, &accel::depthwise_geometry(g), x()?, out)?
            }
            (QStep::Accel(h), Step::FullyConnected { m, k, n }) => {
                let xs = x()?
                    .get(..m * k)
                    .ok_or_else(|| internal("fully connected input too small".into()))?;
                accel::conv_qs8(h, &accel::fc_geometry(*m, *k, *n), xs, out)?
            }
            (QStep::Gemm { w, x_zero_point }, Step::Conv(g)) => {
                qconv::conv2d(g, w, x()?, *x_zero_point, out).map_err(internal)?
            }
            (QStep::Gemm { w, .. }, Step::FullyConnected { m, k, .. }) => {
                qconv::fully_connected(*m, *k, w, x()?, out).map_err(internal)?
            }
            (QStep::Depthwise(w), Step::Depthwise(g)) => quant::depthwise(g, w, x()?, out),
            (QStep::MaxPool { qmin, qmax }, Step::Pool { g, is_max: true }) => {
                quant::max_pool(g, x()?, out, *qmin, *qmax)
            }
            (QStep::GlobalAvg(p), Step::GlobalAvg { n, hw, c }) => {
                quant::global_avg(x()?, *n, *hw, *c, p, out)
            }
            (QStep::Move { .. }, Step::Copy) => out.copy_from_slice(x()?),
            (QStep::Move { .. }, Step::InPlace) => {}
            (QStep::Move { .. }, Step::Transpose(t)) => t.run(x()?, out),
            (QStep::Move { .. }, Step::Slice { in_dims, offsets }) => {
                layout::slice(x()?, in_dims, offsets, &sched.shapes[out_vi], out)
            }
            (QStep::Move { .. }, Step::Concat { axis }) => {
                let parts = node
                    .inputs
                    .iter()
                    .map(|&vi| Ok((bytes(vi)?, sched.shapes[vi].as_slice())))
                    .collect::<Result<Vec<_>, Error>>()?;
                layout::concat(&parts, *axis, out)
            }
            (QStep::Move { pad }, Step::Pad { pre, .. }) => layout::pad(
                x()?,
                &sched.shapes[node.inputs[0]],
                pre,
                &sched.shapes[out_vi],
                *pad,
                out,
            ),
            _ => return Err(mismatch()),
        }
        Ok(())
    }

    /// Runs node `ni`.
    fn run_node(&mut self, ni: usize) -> Result<(), Error> {
        let node = &self.graph.nodes[ni];
        let sched = &self.sched;
        let base = self.arena.as_mut_ptr();
        let arena_len = self.arena.len();
        let consts = &self.consts;
        // Every operand is a constant or has an arena range inside the arena (for most
        // nodes known from the schedule, whose arena `reserve` made).
        let numels = &sched.numels;
        let in_arena =
            |vi: usize| sched.offsets[vi].is_some_and(|off| off + numels[vi] <= arena_len);
        let values = &self.graph.values;
        let known = sched.operands_in_arena[ni] && sched.arena_len <= arena_len;
        if !known {
            for &vi in node.inputs.iter().chain(std::iter::once(&node.output)) {
                // Constants are plain (`consts`) or packed into the node's `Prep`.
                if values[vi].data.is_none() && !in_arena(vi) && self.external[vi].is_none() {
                    return Err(err(
                        ErrorKind::Internal,
                        format!("value {vi} has no memory in the arena"),
                    ));
                }
            }
        }
        // SAFETY: the memory plan gives every value its own arena range for as long as
        // it lives; a node's output is alive together with its inputs, so the output
        // range does not overlap any input range. Ranges were checked above (the empty
        // fallbacks are unreachable).
        let external = &self.external;
        let input = |vi: usize| -> &[f32] {
            if let Some(c) = &consts[vi] {
                return c;
            }
            if let Some((addr, n)) = external[vi] {
                // SAFETY: see `external` (the address is 4-byte aligned).
                return unsafe { std::slice::from_raw_parts(addr as *const f32, n) };
            }
            match sched.offsets[vi] {
                Some(off) if in_arena(vi) => unsafe {
                    std::slice::from_raw_parts(base.add(off), numels[vi])
                },
                _ => &[],
            }
        };
        let out_vi = node.output;
        let out: &mut [f32] = match sched.offsets[out_vi] {
            Some(off) if in_arena(out_vi) => unsafe {
                std::slice::from_raw_parts_mut(base.add(off), numels[out_vi])
            },
            _ => &mut [],
        };
        let (min, max) = (node.min, node.max);
        let x = || input(node.inputs[0]);
        let internal = |m: String| err(ErrorKind::Internal, m);
        match &sched.steps[ni] {
            Step::Binary(op, bc) => {
                elementwise::binary(*op, bc, x(), input(node.inputs[1]), out, min, max)
            }
            Step::Unary(op) => elementwise::unary(*op, x(), out, min, max),
            Step::Softmax { rows, cols } => elementwise::softmax(x(), out, *rows, *cols, min, max),
            Step::Copy => {
                out.copy_from_slice(x());
                clamp_slice(out, min, max);
            }
            Step::InPlace => clamp_slice(out, min, max),
            Step::FullyConnected { m, k, n } => {
                let (m, k, n) = (*m, *k, *n);
                let bias = node.inputs.get(2).map(|&b| input(b));
                if let Prep::Accel(h) = &self.preps[ni] {
                    let xs = x()
                        .get(..m * k)
                        .ok_or_else(|| internal("fully connected input too small".into()))?;
                    let g = accel::fc_geometry(m, k, n);
                    return accel::conv_f32(h, &g, xs, min, max, node.act, out);
                }
                let a = MatRef::row_major(x(), k);
                if let Prep::Gemm(w) = &self.preps[ni] {
                    if !a.fits(m, k) {
                        return Err(internal("fully connected input too small".into()));
                    }
                    let e = Epilogue { bias, min, max };
                    gemm_epilogue(m, n, k, 1.0, &a, &w.groups[0], 0.0, out, n, Some(&e))
                        .map_err(|e| internal(e.0))?;
                    return Ok(());
                }
                // Weights computed at run time.
                if let Some(b) = bias {
                    conv::fill_bias(out, m, n, b);
                }
                let beta = if bias.is_some() { 1.0 } else { 0.0 };
                let f = input(node.inputs[1]);
                let transpose = matches!(
                    node.op,
                    Op::FullyConnected {
                        transpose_weights: true,
                        ..
                    }
                );
                let b = if transpose {
                    MatRef::row_major(f, n)
                } else {
                    MatRef {
                        data: f,
                        rs: 1,
                        cs: k,
                    }
                };
                sgemm(m, n, k, 1.0, a, b, beta, out, n).map_err(|e| internal(e.0))?;
                clamp_slice(out, min, max);
            }
            Step::Conv(g) => {
                let bias = node.inputs.get(2).map(|&b| input(b));
                match &self.preps[ni] {
                    Prep::Gemm(w) => conv::conv2d(g, w, bias, x(), out, min, max),
                    Prep::Winograd(w) => winograd::conv3x3(g, w, bias, x(), out, min, max),
                    Prep::Accel(h) => return accel::conv_f32(h, g, x(), min, max, node.act, out),
                    _ => return Err(internal("convolution without packed weights".into())),
                }
                .map_err(internal)?;
                elementwise::activate(node.act, out);
            }
            Step::Depthwise(g) if matches!(self.preps[ni], Prep::Accel(_)) => {
                if let Prep::Accel(h) = &self.preps[ni] {
                    let g = accel::depthwise_geometry(g);
                    return accel::conv_f32(h, &g, x(), min, max, node.act, out);
                }
            }
            Step::Depthwise(g) | Step::Deconv(g) => {
                let Prep::Direct { filter, bias } = &self.preps[ni] else {
                    return Err(internal("convolution without prepared weights".into()));
                };
                if matches!(sched.steps[ni], Step::Depthwise(_)) {
                    conv::depthwise(g, filter, bias, x(), out, min, max);
                    elementwise::activate(node.act, out);
                } else {
                    conv::deconv2d(g, filter, bias, x(), out, min, max);
                }
            }
            Step::Pool { g, is_max } => pool::pool(g, x(), out, *is_max, min, max),
            Step::GlobalAvg { n, hw, c } => pool::global_avg(x(), *n, *hw, *c, out, min, max),
            Step::BatchMatMul(b) => {
                let (a, bm) = (x(), input(node.inputs[1]));
                let (m, k, n) = (b.m, b.k, b.n);
                for (i, &(oa, ob)) in b.batches.iter().enumerate() {
                    let am = MatRef::row_major(&a[oa..], k);
                    let bmat = if b.transpose_b {
                        MatRef {
                            data: &bm[ob..],
                            rs: 1,
                            cs: k,
                        }
                    } else {
                        MatRef::row_major(&bm[ob..], n)
                    };
                    sgemm(
                        m,
                        n,
                        k,
                        1.0,
                        am,
                        bmat,
                        0.0,
                        &mut out[i * m * n..(i + 1) * m * n],
                        n,
                    )
                    .map_err(|e| internal(e.0))?;
                }
                clamp_slice(out, min, max);
            }
            Step::Transpose(t) => {
                t.run(x(), out);
                clamp_slice(out, min, max);
            }
            Step::Slice { in_dims, offsets } => {
                layout::slice(x(), in_dims, offsets, &sched.shapes[out_vi], out);
                clamp_slice(out, min, max);
            }
            Step::Concat { axis } => {
                let parts: Vec<(&[f32], &[usize])> = node
                    .inputs
                    .iter()
                    .map(|&vi| (input(vi), sched.shapes[vi].as_slice()))
                    .collect();
                layout::concat(&parts, *axis, out);
                clamp_slice(out, min, max);
            }
            Step::Pad { pre, value } => {
                layout::pad(
                    x(),
                    &sched.shapes[node.inputs[0]],
                    pre,
                    &sched.shapes[out_vi],
                    *value,
                    out,
                );
                clamp_slice(out, min, max);
            }
            Step::Resize {
                n,
                h,
                w,
                c,
                oh,
                ow,
                align,
                legacy,
            } => {
                layout::resize_bilinear(x(), *n, *h, *w, *c, *oh, *ow, *align, *legacy, out);
                clamp_slice(out, min, max);
            }
        }
        Ok(())
    }
}

/// Input `i` (`t`) holds the bytes of `dims` elements of `size` bytes.
fn check_input_bytes(i: usize, t: &TensorArg, dims: &[usize], size: usize) -> Result<(), Error> {
    if dims.iter().try_fold(size, |a, &s| a.checked_mul(s)) != Some(t.data.len()) {
        return Err(err(
            ErrorKind::InvalidArgument,
            format!(
                "input {i} has {} bytes for sizes {:?}",
                t.data.len(),
                t.sizes
            ),
        ));
    }
    Ok(())
}

/// The host clock (`clock.now`, ns) when the host profiles the current execute
/// (`profiling.enabled`); `None` otherwise, and always in native builds (the fuzz
/// targets and unit tests), which have no host imports.
fn profile_clock() -> Option<u64> {
    #[cfg(target_arch = "wasm32")]
    if crate::plugboard::runtime::profiling::enabled() {
        return Some(crate::plugboard::runtime::clock::now());
    }
    None
}

/// The host clock (`clock.now`, ns), while profiling (see [`profile_clock`]); 0 in
/// native builds.
fn profile_now() -> u64 {
    #[cfg(target_arch = "wasm32")]
    return crate::plugboard::runtime::clock::now();
    #[cfg(not(target_arch = "wasm32"))]
    0
}

/// Reports one timed step to the host's profiler (nothing in native builds).
fn profile_node(name: &str, start: u64, end: u64) {
    #[cfg(target_arch = "wasm32")]
    crate::plugboard::runtime::profiling::node(name, start, end);
    #[cfg(not(target_arch = "wasm32"))]
    let _ = (name, start, end);
}
