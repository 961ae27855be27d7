//! A loaded method: its values, its memory plan in place, its kernels resolved and its
//! delegates initialized; and the executor that walks its instruction chain.
//!
//! Load ([`Method::load`]): resolve every operator to a kernel (all missing ones are
//! reported in one error), find every delegate's backend, reserve the memory-planned
//! buffers and upload the constants once into the home kernel library's memory,
//! initialize the delegates. Operators may come from several kernel libraries; calls
//! into the others copy their tensor arguments across (see [`libraries`]). Execute ([`Method::execute`]): KernelCall, DelegateCall, MoveCall,
//! JumpFalseCall and FreeCall, as ExecuTorch's `Method::execute` does.

mod dataflow;
mod executor;
mod folding;
mod handoff;
mod libraries;
pub mod profile;
mod storage;
mod values;

use std::collections::HashMap;
use std::sync::Arc;

use wasmtime::component::ResourceAny;

use crate::component::{BackendInstance, ComponentInfo, NamedDataMap};
use crate::program::{Instruction, Plan, ShapeDynamism, TensorData, ValueDef};
use crate::{EValue, Error, ErrorKind, Program, Registry, Result, Tensor};

pub use storage::Storage;
pub use values::{TensorValue, Value};

/// A delegate of the method, initialized in a backend instance.
struct Delegate {
    /// Index into `Method::backends`.
    backend: usize,
    handle: Option<ResourceAny>,
}

/// One backend component instance serving the method's delegates.
struct BackendSlot {
    info: Arc<ComponentInfo>,
    instance: BackendInstance,
    /// Delegate indices (into the plan) this instance initialized.
    delegates: Vec<usize>,
}

/// A method ready to run.
pub struct Method {
    program: Arc<Program>,
    plan_index: usize,
    values: Vec<Value>,
    storage: Storage,
    /// The home kernel library: the one holding the storage.
    kernel_info: Option<Arc<ComponentInfo>>,
    /// Kernel libraries serving the method's other kernel calls.
    extra_libraries: Vec<libraries::ExtraLibrary>,
    /// For each plan operator: the library serving it (0: home, `k`: extra library
    /// `k - 1`) and its operator index there.
    op_table: Vec<Option<(usize, u32)>>,
    backends: Vec<BackendSlot>,
    delegates: Vec<Delegate>,
    named_data: NamedDataMap,
    inputs_set: Vec<bool>,
    batch: Batch,
    /// For each instruction: how many outputs its `DelegateCall` has (see [`dataflow`]).
    delegate_outputs: Vec<usize>,
    /// The calls that compute constants (see [`folding`]).
    folding: folding::Folding,
    /// Whether the folded calls' outputs are in place (they ran in a successful execute
    /// of the current kernel-library instance), so that executes skip those calls.
    folded_ready: bool,
    /// For each value: the bytes of a kept folded output (see [`folding`]), read from
    /// the storage by the first delegate call that takes it once `folded_ready` holds.
    /// They cannot change until `folded_ready` is cleared, so later delegate calls take
    /// this copy instead of a call into the kernel library for it (tiny BERT reads four
    /// such attention-mask and position tensors per execute).
    kept_bytes: Vec<Option<Vec<u8>>>,
    /// For each value: `Some(last reader)` when the host hands its bytes from delegate
    /// to delegate (see [`handoff`]).
    handoff: Vec<Option<usize>>,
    /// For each value: `Some(last delegate reader)` when the host keeps the bytes that
    /// the first delegate call reading it in an execute read, for the later ones (see
    /// [`handoff::rereads`]); they are kept in `handed` too.
    rereads: Vec<Option<usize>>,
    /// Those bytes, from the delegate that wrote them in this execute.
    handed: Vec<Option<Vec<u8>>>,
    /// The events of profiled executes, while profiling is on.
    profile: Option<profile::Profile>,
}

/// Prepared-call batching: runs of consecutive kernel calls go to the kernel library in
/// one crossing (`kernels.run-prepared`) instead of one `kernels.call` each. Only for
/// methods whose descriptors never change between runs: every tensor static, no prim ops
/// (they produce scalars), no MoveCall or JumpFalseCall.
#[derive(Default)]
struct Batch {
    /// Whether the method qualifies (and batching has not been turned off).
    enabled: bool,
    /// For an instruction that starts a run of kernel calls (one or more): the run.
    runs: Vec<Option<Run>>,
    /// The same once folded calls are skipped (see [`folding`]): a run spans folded
    /// calls too, and holds only the others.
    runs_folded: Vec<Option<Run>>,
    /// Prepared call id of each kernel instruction in the current kernel-library instance.
    ids: Vec<u32>,
    /// Whether `ids` are valid for the current instance.
    prepared: bool,
}

/// A run of kernel calls that goes to the kernel library in one crossing.
#[derive(Clone, Debug)]
struct Run {
    /// The instruction after the run.
    end: usize,
    /// The kernel instructions it calls, in order (empty when all of them fold).
    calls: Arc<[usize]>,
}

impl Batch {
    /// `home(op)`: whether plan operator `op` is served by the home library (only its
    /// calls are batched; calls into other libraries copy their arguments across).
    /// `folded[pc]`: whether the call at `pc` folds.
    fn plan(
        plan: &Plan,
        has_library: bool,
        home: impl Fn(usize) -> bool,
        folded: &[bool],
    ) -> Batch {
        let runs = |skip: &dyn Fn(usize) -> bool| {
            let mut runs = vec![None; plan.instructions.len()];
            let mut pc = 0;
            while pc < plan.instructions.len() {
                let mut end = pc;
                let mut calls = Vec::new();
                while end < plan.instructions.len()
                    && matches!(plan.instructions[end], Instruction::Kernel { op, .. } if home(op) || skip(end))
                {
                    if !skip(end) {
                        calls.push(end);
                    }
                    end += 1;
                }
                if end > pc {
                    runs[pc] = Some(Run {
                        end,
                        calls: calls.into(),
                    });
                }
                pc = end.max(pc + 1);
            }
            runs
        };
        Batch {
            enabled: has_library && dataflow::is_straight_line(plan),
            runs: runs(&|_| false),
            runs_folded: runs(&|pc| folded.get(pc).copied().unwrap_or(false)),
            ids: Vec::new(),
            prepared: false,
        }
    }
}

impl std::fmt::Debug for Method {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Method")
            .field("name", &self.plan().name)
            .finish()
    }
}

impl Method {
    /// Loads method `name` of `program` with the kernels and backends of `registry`.
    ///
    /// Errors: `NotFound` for an unknown method or a delegate whose backend is not
    /// registered; `OperatorMissing` listing every operator without a kernel;
    /// `MemoryAllocationFailed` when the planned buffers do not fit; the backend's own
    /// error when a delegate fails to initialize.
    pub fn load(program: Arc<Program>, name: &str, registry: &Registry) -> Result<Method> {
        let file = program.origin().to_path_buf();
        Self::load_inner(program, name, registry).map_err(|e| e.with_method(name).with_file(file))
    }

    fn load_inner(program: Arc<Program>, name: &str, registry: &Registry) -> Result<Method> {
        let plan_index = program
            .plans()
            .iter()
            .position(|p| p.name == name)
            .ok_or_else(|| {
                program
                    .plan(name)
                    .err()
                    .unwrap_or_else(|| Error::new(ErrorKind::NotFound, name))
            })?;
        let plan = &program.plans()[plan_index];

        // Operators used by kernel calls.
        let mut used = vec![false; plan.operators.len()];
        for ins in &plan.instructions {
            if let Instruction::Kernel { op, .. } = ins {
                used[*op] = true;
            }
        }
        // Each operator's library (an index into `libs`) and index there.
        let mut resolved: Vec<Option<(usize, u32)>> = vec![None; plan.operators.len()];
        let mut libs: Vec<Arc<ComponentInfo>> = Vec::new();
        let mut missing = Vec::new();
        for (i, op) in plan.operators.iter().enumerate() {
            if !used[i] {
                continue;
            }
            match registry.kernel(op) {
                Some((comp, index)) => {
                    let l = match libs.iter().position(|l| Arc::ptr_eq(l, &comp.info)) {
                        Some(l) => l,
                        None => {
                            libs.push(comp.info.clone());
                            libs.len() - 1
                        }
                    };
                    resolved[i] = Some((l, index));
                }
                None => missing.push(op.clone()),
            }
        }
        if !missing.is_empty() {
            missing.sort();
            missing.dedup();
            return Err(Error::new(
                ErrorKind::OperatorMissing,
                missing_operators_message(&missing),
            ));
        }
        // Backends of the delegates.
        for d in &plan.delegates {
            if registry.backend(&d.id).is_none() {
                return Err(Error::new(
                    ErrorKind::NotFound,
                    format!("backend {} is not registered (load a component that provides it with --backend)", d.id),
                )
                .with_backend(&d.id));
            }
        }

        // The home library serves the most kernel calls (on a tie, the one loaded
        // first: the bundled portable library before a user's); the others become
        // extra libraries 1.. in `op_table`, in operator order.
        let mut calls = vec![0usize; libs.len()];
        for ins in &plan.instructions {
            if let Instruction::Kernel { op, .. } = ins {
                if let Some(Some((l, _))) = resolved.get(*op) {
                    calls[*l] += 1;
                }
            }
        }
        let loaded_at = |l: usize| {
            registry
                .components()
                .iter()
                .position(|c| Arc::ptr_eq(&c.info, &libs[l]))
                .unwrap_or(usize::MAX)
        };
        let home = (0..libs.len()).min_by_key(|&l| (std::cmp::Reverse(calls[l]), loaded_at(l)));
        let mut order: Vec<usize> = home.into_iter().collect();
        order.extend((0..libs.len()).filter(|&l| Some(l) != home));
        let op_table: Vec<Option<(usize, u32)>> = resolved
            .iter()
            .map(|r| r.and_then(|(l, i)| order.iter().position(|&o| o == l).map(|k| (k, i))))
            .collect();
        let library = home.map(|h| libs[h].clone());
        let extra_libraries = order
            .iter()
            .skip(1)
            .map(|&l| libraries::ExtraLibrary::new(&libs[l]))
            .collect::<Result<Vec<_>>>()?;

        let cap = registry.engine().config().memory_cap;
        let storage = match &library {
            Some(info) => Storage::guest(info)?,
            None => Storage::host(cap),
        };
        let values = plan.values.iter().map(Value::from_def).collect();
        let delegate_outputs = dataflow::delegate_outputs(plan);
        let home_op = |op: usize| matches!(op_table.get(op), Some(Some((0, _))));
        let folding = if library.is_some() {
            folding::plan(plan, home_op, &delegate_outputs)
        } else {
            folding::Folding::default()
        };
        if folding.count() > 0 {
            tracing::debug!(
                "{} of the method's kernel calls compute constants: they run once",
                folding.count()
            );
        }
        let batch = Batch::plan(plan, library.is_some(), home_op, &folding.folded);
        let handoff = handoff::plan(plan, &delegate_outputs);
        let rereads = handoff::rereads(plan, &delegate_outputs);
        let mut method = Method {
            handed: vec![None; handoff.len()],
            handoff,
            rereads,
            batch,
            delegate_outputs,
            folding,
            folded_ready: false,
            kept_bytes: vec![None; plan.values.len()],
            named_data: Arc::new(if plan.delegates.is_empty() {
                HashMap::new()
            } else {
                program.named_data()
            }),
            inputs_set: vec![false; plan.inputs.len()],
            program: program.clone(),
            plan_index,
            values,
            storage,
            kernel_info: library,
            extra_libraries,
            op_table,
            backends: Vec::new(),
            delegates: Vec::new(),
            profile: None,
        };
        method.place_tensors()?;
        method.init_delegates(registry)?;
        Ok(method)
    }

    /// The checked plan of this method.
    pub fn plan(&self) -> &Plan {
        &self.program.plans()[self.plan_index]
    }

    /// The method's name.
    pub fn name(&self) -> &str {
        &self.plan().name
    }

    /// Turns prepared-call batching on or off (on by default where the method
    /// qualifies; see `Batch`). Off means one component call per kernel call.
    pub fn set_batching(&mut self, on: bool) {
        if !on {
            self.batch.enabled = false;
        } else {
            let program = self.program.clone();
            let op_table = &self.op_table;
            let fresh = Batch::plan(
                &program.plans()[self.plan_index],
                self.kernel_info.is_some(),
                |op| matches!(op_table.get(op), Some(Some((0, _)))),
                &self.folding.folded,
            );
            self.batch.enabled = fresh.enabled;
            self.batch.runs = fresh.runs;
            self.batch.runs_folded = fresh.runs_folded;
        }
    }

    /// Turns profiling on (a fresh, empty [`profile::Profile`]) or off (dropping it).
    /// While on, every execute records its instructions' events (see [`profile`]).
    pub fn set_profiling(&mut self, on: bool) {
        self.profile = on.then(|| profile::Profile::new(self.name()));
    }

    /// The events recorded since profiling was turned on, if it is.
    pub fn profile(&self) -> Option<&profile::Profile> {
        self.profile.as_ref()
    }

    /// The time now when profiling; `None` (and no clock read) otherwise.
    fn clock(&self) -> Option<std::time::Instant> {
        self.profile.is_some().then(std::time::Instant::now)
    }

    /// Records a span from `start` (from [`Method::clock`]) to now, when profiling.
    fn mark(
        &mut self,
        name: &str,
        kind: profile::EventKind,
        start: Option<std::time::Instant>,
        instruction: Option<usize>,
    ) {
        if let (Some(p), Some(start)) = (&mut self.profile, start) {
            p.record(name, kind, start, std::time::Instant::now(), instruction);
        }
    }

    /// How many of the method's kernel calls compute constants and run only in its
    /// first successful execute (see the `folding` module): calls whose every input is
    /// constant data or another such call's output.
    pub fn folded_calls(&self) -> usize {
        self.folding.count()
    }

    /// How many of the method's values the host hands from delegate to delegate
    /// without writing them into the kernel library's memory (see the `handoff`
    /// module): delegate outputs that only other delegates read.
    pub fn handed_over_values(&self) -> usize {
        self.handoff.iter().filter(|h| h.is_some()).count()
    }

    /// How many of the method's values several delegate calls read after a kernel
    /// call wrote them, whose bytes the host reads once per execute and keeps for the
    /// later delegate calls (see `handoff::rereads`).
    pub fn reread_values(&self) -> usize {
        self.rereads.iter().filter(|h| h.is_some()).count()
    }

    /// Whether kernel calls are batched.
    pub fn is_batching(&self) -> bool {
        self.batch.enabled
    }

    /// The program this method belongs to.
    pub fn program(&self) -> &Arc<Program> {
        &self.program
    }

    /// The home kernel library of this method (the one holding its tensors and serving
    /// most of its kernel calls), if it has kernel calls.
    pub fn kernel_library(&self) -> Option<&Arc<ComponentInfo>> {
        self.kernel_info.as_ref()
    }

    /// Every kernel library serving this method's kernel calls: the home library first,
    /// then the others in operator order.
    pub fn kernel_libraries(&self) -> Vec<&Arc<ComponentInfo>> {
        self.kernel_info
            .iter()
            .chain(self.extra_libraries.iter().map(|l| &l.info))
            .collect()
    }

    /// The kernel library serving plan operator `op` (an index into the plan's
    /// operator table), if the method calls it.
    pub fn operator_library(&self, op: usize) -> Option<&Arc<ComponentInfo>> {
        match self.op_table.get(op).copied().flatten()? {
            (0, _) => self.kernel_info.as_ref(),
            (k, _) => self.extra_libraries.get(k - 1).map(|l| &l.info),
        }
    }

    /// Every component this method runs on: its kernel libraries (see
    /// [`Method::kernel_libraries`]), then the backend of each delegate, in delegate
    /// order (one entry per backend component).
    pub fn components(&self) -> Vec<&Arc<ComponentInfo>> {
        self.kernel_libraries()
            .into_iter()
            .chain(self.backends.iter().map(|b| &b.info))
            .collect()
    }

    /// Number of inputs.
    pub fn num_inputs(&self) -> usize {
        self.plan().inputs.len()
    }

    /// Number of outputs.
    pub fn num_outputs(&self) -> usize {
        self.plan().outputs.len()
    }

    /// Reserves the planned buffers and unplanned tensors and uploads constants into the
    /// storage, and points every tensor value at its address.
    fn place_tensors(&mut self) -> Result<()> {
        let program = self.program.clone();
        let plan = &program.plans()[self.plan_index];
        let mut bases = vec![0u32; plan.buffer_sizes.len()];
        for (id, &size) in plan.buffer_sizes.iter().enumerate().skip(1) {
            bases[id] = self.storage.alloc(size).map_err(|e| {
                e.prefixed(format_args!(
                    "cannot reserve planned buffer {id} of {size} bytes"
                ))
            })?;
        }
        let mut constants: HashMap<(usize, usize, usize), u32> = HashMap::new();
        for (i, def) in plan.values.iter().enumerate() {
            let ValueDef::Tensor(t) = def else { continue };
            let addr = match &t.data {
                // A folded call's output read later keeps memory of its own.
                TensorData::Planned { .. } if self.folding.kept.get(i) == Some(&true) => {
                    self.storage.alloc(t.nbytes as u64)?
                }
                TensorData::Planned { memory_id, offset } => {
                    let a = bases[*memory_id] as u64 + offset;
                    u32::try_from(a)
                        .map_err(|_| Error::invalid_program("planned address overflows"))?
                }
                TensorData::Unplanned => self.storage.alloc(t.nbytes as u64)?,
                TensorData::Constant { offset, .. } => self.upload_constant(
                    &mut constants,
                    (0, *offset, t.nbytes),
                    i,
                    &t.data,
                    t.nbytes,
                )?,
                TensorData::InlineConstant { buffer } => self.upload_constant(
                    &mut constants,
                    (1, *buffer, t.nbytes),
                    i,
                    &t.data,
                    t.nbytes,
                )?,
                TensorData::External { key } => {
                    let (file, bytes) = program.external_constant(key, t).map_err(|mut e| {
                        e.message = format!("value {i}: {}", e.message);
                        e
                    })?;
                    // Shared like in-file constants: by file, position and size.
                    let at = bytes.as_ptr() as usize;
                    self.upload_bytes(&mut constants, (2 + file, at, t.nbytes), bytes)?
                }
            };
            if let Value::Tensor(tv) = &mut self.values[i] {
                tv.addr = addr;
            }
        }
        Ok(())
    }

    /// Uploads constant data once per (location, size) — constants are shared by data
    /// location and size, since a zero-size constant can sit at the same offset as the
    /// next one — and returns its address.
    fn upload_constant(
        &mut self,
        uploaded: &mut HashMap<(usize, usize, usize), u32>,
        key: (usize, usize, usize),
        value: usize,
        data: &TensorData,
        nbytes: usize,
    ) -> Result<u32> {
        if let Some(&a) = uploaded.get(&key) {
            return Ok(a);
        }
        let program = self.program.clone();
        let bytes = program.tensor_data(data, nbytes).ok_or_else(|| {
            Error::invalid_program(format!("value {value}: constant data is out of range"))
        })?;
        self.upload_bytes(uploaded, key, bytes)
    }

    /// Uploads `bytes` once per `key` and returns their address.
    fn upload_bytes(
        &mut self,
        uploaded: &mut HashMap<(usize, usize, usize), u32>,
        key: (usize, usize, usize),
        bytes: &[u8],
    ) -> Result<u32> {
        if let Some(&a) = uploaded.get(&key) {
            return Ok(a);
        }
        let nbytes = bytes.len();
        let a = self.storage.alloc(nbytes as u64)?;
        if !bytes.is_empty() {
            self.storage.write(a, bytes)?;
        }
        uploaded.insert(key, a);
        Ok(a)
    }

    fn init_delegates(&mut self, registry: &Registry) -> Result<()> {
        let program = self.program.clone();
        let plan = &program.plans()[self.plan_index];
        for (di, d) in plan.delegates.iter().enumerate() {
            let comp = registry.backend(&d.id).ok_or_else(|| {
                Error::new(
                    ErrorKind::NotFound,
                    format!("backend {} is not registered", d.id),
                )
            })?;
            let slot = match self
                .backends
                .iter()
                .position(|b| Arc::ptr_eq(&b.info, &comp.info))
            {
                Some(s) => s,
                None => {
                    let mut instance = BackendInstance::new(&comp.info)?;
                    let availability = instance
                        .availability(&d.id)
                        .map_err(|e| e.with_backend(&d.id))?;
                    if !availability.available {
                        let why = availability.detail.unwrap_or_default();
                        return Err(Error::new(
                            ErrorKind::NotSupported,
                            format!("{} is not available on this machine: {why}", d.id),
                        )
                        .with_backend(&d.id)
                        .with_component_id(&comp.info.path, &comp.info.sha256_hex()));
                    }
                    self.backends.push(BackendSlot {
                        info: comp.info.clone(),
                        instance,
                        delegates: Vec::new(),
                    });
                    self.backends.len() - 1
                }
            };
            self.backends[slot].delegates.push(di);
            self.delegates.push(Delegate {
                backend: slot,
                handle: None,
            });
        }
        for di in 0..self.delegates.len() {
            self.init_delegate(di)?;
        }
        Ok(())
    }

    fn init_delegate(&mut self, di: usize) -> Result<()> {
        let program = self.program.clone();
        let d = &program.plans()[self.plan_index].delegates[di];
        let specs: Vec<_> = d
            .compile_specs
            .iter()
            .map(|(k, v)| crate::bindings::backend_interface::CompileSpec {
                key: k.clone(),
                value: v.clone(),
            })
            .collect();
        let slot = self.delegates[di].backend;
        let handle = self.backends[slot]
            .instance
            .init(
                &d.id,
                program.delegate_data(d),
                &specs,
                self.named_data.clone(),
            )
            .map_err(|e| e.with_backend(&d.id))?;
        self.delegates[di].handle = Some(handle);
        Ok(())
    }

    /// Makes fresh instances for any component a trap killed: the kernel library (its
    /// buffers are reserved again and constants re-uploaded; inputs must be set again)
    /// and backends (their delegates are initialized again).
    fn recover(&mut self) -> Result<()> {
        for lib in &mut self.extra_libraries {
            if lib.is_poisoned() {
                tracing::warn!(component = %lib.info.path.display(), "restarting the kernel library after a trap");
                *lib = libraries::ExtraLibrary::new(&lib.info)?;
            }
        }
        if self.storage.is_poisoned() {
            if let Some(info) = &self.kernel_info {
                tracing::warn!(component = %info.path.display(), "restarting the kernel library after a trap");
                self.storage = Storage::guest(info)?;
                self.batch.prepared = false;
                self.folded_ready = false;
                self.kept_bytes.iter_mut().for_each(|b| *b = None);
                self.place_tensors()?;
                self.inputs_set.iter_mut().for_each(|s| *s = false);
            }
        }
        for slot in 0..self.backends.len() {
            if self.backends[slot].instance.is_poisoned() {
                let info = self.backends[slot].info.clone();
                tracing::warn!(component = %info.path.display(), "restarting the backend after a trap");
                self.backends[slot].instance = BackendInstance::new(&info)?;
                for di in self.backends[slot].delegates.clone() {
                    self.init_delegate(di)?;
                }
            }
        }
        Ok(())
    }

    /// Sets input `index` (in the method's input order).
    ///
    /// Tensors are checked against the method's metadata: dtype, rank, and sizes (equal
    /// for static shapes, within the bound for dynamic ones). A tensor in another dim
    /// order is converted to the method's. Errors: `InvalidArgument` naming the input
    /// and what differs.
    pub fn set_input(&mut self, index: usize, value: EValue) -> Result<()> {
        self.recover()?;
        let name = self.name().to_string();
        self.set_input_inner(index, value)
            .map_err(|e| e.with_method(name))
    }

    fn set_input_inner(&mut self, index: usize, value: EValue) -> Result<()> {
        let n = self.num_inputs();
        let vi = *self.plan().inputs.get(index).ok_or_else(|| {
            Error::invalid_argument(format!(
                "input index {index} is out of range (the method has {n} inputs)"
            ))
        })?;
        let def = self.plan().values[vi].clone();
        match (&def, value) {
            (ValueDef::Tensor(td), EValue::Tensor(t)) => {
                if t.dtype != td.dtype {
                    return Err(Error::invalid_argument(format!(
                        "input {index}: expected dtype {}, got {}",
                        td.dtype, t.dtype
                    )));
                }
                if t.sizes.len() != td.sizes.len() {
                    return Err(Error::invalid_argument(format!(
                        "input {index}: expected rank {} (sizes {:?}), got rank {} (sizes {:?})",
                        td.sizes.len(),
                        td.sizes,
                        t.sizes.len(),
                        t.sizes
                    )));
                }
                let planned: Vec<usize> = td.sizes.iter().map(|&s| s as usize).collect();
                match td.dynamism {
                    ShapeDynamism::Static if t.sizes != planned => {
                        return Err(Error::invalid_argument(format!(
                            "input {index}: expected sizes {planned:?}, got {:?}",
                            t.sizes
                        )))
                    }
                    ShapeDynamism::DynamicBound
                        if t.sizes.iter().zip(&planned).any(|(a, b)| a > b) =>
                    {
                        return Err(Error::invalid_argument(format!(
                            "input {index}: sizes {:?} exceed the upper bound {planned:?}",
                            t.sizes
                        )))
                    }
                    _ => {}
                }
                if t.data.len() > td.nbytes {
                    return Err(Error::invalid_argument(format!(
                        "input {index}: {} bytes do not fit the {} bytes planned",
                        t.data.len(),
                        td.nbytes
                    )));
                }
                let t = if t.dim_order != td.dim_order {
                    t.to_dim_order(&td.dim_order)?
                } else {
                    t
                };
                let Value::Tensor(tv) = &mut self.values[vi] else {
                    return Err(Error::new(
                        ErrorKind::Internal,
                        "input value is not a tensor",
                    ));
                };
                tv.sizes = t.sizes.iter().map(|&s| s as u32).collect();
                let addr = tv.addr;
                self.storage.write(addr, &t.data)?;
            }
            (ValueDef::Int(_), EValue::Int(v)) => self.values[vi] = Value::Int(v),
            (ValueDef::Double(_), EValue::Double(v)) => self.values[vi] = Value::Double(v),
            (ValueDef::Bool(_), EValue::Bool(v)) => self.values[vi] = Value::Bool(v),
            (ValueDef::None, EValue::None) => {}
            (def, v) => {
                return Err(Error::invalid_argument(format!(
                    "input {index}: expected a {}, got a {}",
                    def.kind(),
                    v.kind()
                )))
            }
        }
        self.inputs_set[index] = true;
        Ok(())
    }

    /// Runs the method once on the inputs set. Errors name the instruction, operator or
    /// backend, and component; after a trap the next call starts fresh instances.
    pub fn execute(&mut self) -> Result<()> {
        self.recover()?;
        if let Some(i) = self.inputs_set.iter().position(|s| !s) {
            return Err(Error::new(
                ErrorKind::InvalidState,
                format!("input {i} has not been set"),
            )
            .with_method(self.name().to_string()));
        }
        let name = self.name().to_string();
        let file = self.program.origin().to_path_buf();
        let profiling = self.profile.is_some();
        if let Some(lib) = self.storage.kernel_library() {
            lib.set_progress_marks(profiling);
        }
        // Bytes kept by an execute that stopped early are stale (see `rereads`).
        for (held, reread) in self.handed.iter_mut().zip(&self.rereads) {
            if reread.is_some() {
                *held = None;
            }
        }
        let start = self.clock();
        let r = self.run_chain();
        if r.is_ok() {
            self.folded_ready = true;
        }
        self.mark("execute", profile::EventKind::Execute, start, None);
        r.map_err(|e| e.with_method(name).with_file(file))
    }

    /// Bytes copied into and out of the method's storage (inputs, outputs, delegate
    /// arguments, and tensor arguments of calls into other kernel libraries) since
    /// [`Method::reset_copy_counters`]. Constants are copied once at load.
    pub fn copy_counters(&self) -> (u64, u64) {
        (self.storage.bytes_in, self.storage.bytes_out)
    }

    /// Of those, the bytes copied for kernel calls into libraries other than the home
    /// one: (copied into them, read back from them). Zero for a method whose kernels
    /// all come from one library. See [`libraries`] for when they are copied.
    pub fn library_copy_counters(&self) -> (u64, u64) {
        self.extra_libraries
            .iter()
            .fold((0, 0), |(i, o), l| (i + l.bytes_in, o + l.bytes_out))
    }

    /// Sets the copy counters to zero.
    pub fn reset_copy_counters(&mut self) {
        self.storage.bytes_in = 0;
        self.storage.bytes_out = 0;
        for l in &mut self.extra_libraries {
            l.bytes_in = 0;
            l.bytes_out = 0;
        }
    }

    /// The outputs of the last execution, by value.
    pub fn outputs(&mut self) -> Result<Vec<EValue>> {
        let outs = self.plan().outputs.clone();
        let name = self.name().to_string();
        let file = self.program.origin().to_path_buf();
        outs.iter()
            .enumerate()
            .map(|(i, &vi)| {
                self.read_value(vi).map_err(|mut e| {
                    e.message = format!("reading output {i}: {}", e.message);
                    e
                })
            })
            .collect::<Result<_>>()
            .map_err(|e| e.with_method(name).with_file(file))
    }

    /// Reads value `vi` by value (tensor bytes are copied out of the storage).
    fn read_value(&mut self, vi: usize) -> Result<EValue> {
        Ok(match self.values[vi].clone() {
            Value::None => EValue::None,
            Value::Int(v) => EValue::Int(v),
            Value::Double(v) => EValue::Double(v),
            Value::Bool(v) => EValue::Bool(v),
            Value::String(s) => EValue::String(s),
            Value::Tensor(t) => EValue::Tensor(self.read_tensor(&t)?),
            Value::IntList(items) => EValue::IntList(self.resolve_int_list(&items)?),
            Value::DoubleList(v) => EValue::DoubleList(v),
            Value::BoolList(v) => EValue::BoolList(v),
            Value::TensorList(items) => {
                let mut out = Vec::with_capacity(items.len());
                for j in items {
                    match self.values[j].clone() {
                        Value::Tensor(t) => out.push(self.read_tensor(&t)?),
                        other => {
                            return Err(Error::new(
                                ErrorKind::InvalidType,
                                format!("tensor list item {j} is a {}", other.kind()),
                            ))
                        }
                    }
                }
                EValue::TensorList(out)
            }
            Value::OptionalTensorList(_) => {
                return Err(Error::new(
                    ErrorKind::NotSupported,
                    "optional tensor lists cannot be read out",
                ))
            }
        })
    }

    fn read_tensor(&mut self, t: &TensorValue) -> Result<Tensor> {
        let nbytes = t.nbytes()?;
        let data = if nbytes == 0 {
            Vec::new()
        } else {
            self.storage.read(t.addr, nbytes)?
        };
        Ok(Tensor {
            dtype: t.dtype,
            sizes: t.sizes.iter().map(|&s| s as usize).collect(),
            dim_order: t.dim_order.clone(),
            data,
        })
    }

    fn resolve_int_list(&self, items: &[usize]) -> Result<Vec<i64>> {
        items
            .iter()
            .map(|&j| match &self.values[j] {
                Value::Int(v) => Ok(*v),
                other => Err(Error::new(
                    ErrorKind::InvalidType,
                    format!("int list item {j} is a {}", other.kind()),
                )),
            })
            .collect()
    }
}

impl Drop for Method {
    fn drop(&mut self) {
        for d in &mut self.delegates {
            if let Some(h) = d.handle.take() {
                let _ = self.backends[d.backend].instance.destroy(h);
            }
        }
    }
}

/// Operator namespaces of ExecuTorch's own kernel libraries (portable, optimized,
/// quantized): a library of another namespace is a custom-op library.
const EXECUTORCH_NAMESPACES: &[&str] = &[
    "aten",
    "executorch_prim",
    "dim_order_ops",
    "quantized_decomposed",
];

/// The `OperatorMissing` message: every missing operator, and what would provide them (a
/// kernel library component; for namespaces outside ExecuTorch's own, a custom-op
/// library of that namespace).
fn missing_operators_message(missing: &[String]) -> String {
    let mut msg = format!(
        "{} operator(s) are not provided by any loaded kernel library: {}; load a kernel \
         library component that provides them (--backend FILE.wasm, or a directory in \
         PLUGBOARD_PATH)",
        missing.len(),
        missing.join(", ")
    );
    let mut custom: Vec<&str> = missing
        .iter()
        .filter_map(|op| op.split_once("::").map(|(ns, _)| ns))
        .filter(|ns| !EXECUTORCH_NAMESPACES.contains(ns))
        .collect();
    custom.dedup();
    if !custom.is_empty() {
        let names: Vec<String> = custom.iter().map(|ns| format!("{ns}::")).collect();
        msg.push_str(&if names.len() == 1 {
            format!(
                "; namespace {} looks like a custom-op library: load the kernel library \
                 component that registers its operators",
                names[0]
            )
        } else {
            format!(
                "; namespaces {} look like custom-op libraries: load the kernel library \
                 components that register their operators",
                names.join(", ")
            )
        });
    }
    msg
}

#[cfg(test)]
mod tests {
    use super::missing_operators_message;

    #[test]
    fn missing_operators_suggest_a_kernel_library() {
        let m = missing_operators_message(&["aten::foo.out".into(), "aten::bar.out".into()]);
        assert!(m.starts_with("2 operator(s) are not provided by any loaded kernel library: aten::foo.out, aten::bar.out"), "{m}");
        assert!(m.contains("--backend FILE.wasm"), "{m}");
        assert!(!m.contains("custom"), "{m}");
    }

    #[test]
    fn custom_namespaces_are_named() {
        let m = missing_operators_message(&[
            "aten::foo.out".into(),
            "mylib::a.out".into(),
            "mylib::b.out".into(),
            "other::c".into(),
        ]);
        assert!(
            m.contains("namespaces mylib::, other:: look like custom-op libraries"),
            "{m}"
        );
    }
}
