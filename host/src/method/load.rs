//! Loading a method ([`Method::load`]): resolve every operator to a kernel (all missing
//! ones in one error), find every delegate's backend, reserve the memory-planned
//! buffers and upload the constants into the home kernel library's memory, initialize
//! the delegates; and starting over after a trap ([`Method::recover`]).

use std::collections::HashMap;
use std::sync::Arc;

use super::{
    cache_update, dataflow, folding, handoff, host_copy, libraries, library_state, resident,
    resolve, Batch, Method, Storage, Value,
};
use crate::component::BackendInstance;
use crate::program::{Instruction, TensorData, ValueDef};
use crate::{Error, ErrorKind, Program, Registry, Result};

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
pub(super) fn missing_operators_message(missing: &[String]) -> String {
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

    pub(super) fn load_inner(
        program: Arc<Program>,
        name: &str,
        registry: &Registry,
    ) -> Result<Method> {
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

        let resolution = resolve::resolve(plan, registry);
        if !resolution.missing.is_empty() {
            return Err(Error::new(
                ErrorKind::OperatorMissing,
                missing_operators_message(&resolution.missing),
            ));
        }
        for (d, backend) in plan.delegates.iter().zip(&resolution.backends) {
            if backend.is_none() {
                return Err(Error::new(
                    ErrorKind::NotFound,
                    format!("backend {} is not registered (load a component that provides it with --backend)", d.id),
                )
                .with_backend(&d.id));
            }
        }
        let (resolved, libs) = (resolution.operators, resolution.libraries);

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
            folding::find(plan, home_op, &delegate_outputs)
        } else {
            folding::Folding::default()
        };
        if folding.count() > 0 {
            tracing::debug!(
                "{} of the method's kernel calls compute constants: they run once",
                folding.count()
            );
        }
        let direct = library.as_ref().is_some_and(|l| l.version.major >= 2);
        let overridden = |op: usize| {
            registry
                .overrides()
                .iter()
                .any(|o| Some(&o.operator) == plan.operators.get(op))
        };
        let host_copies = host_copy::plan_copies(plan, direct, |op| home_op(op) && !overridden(op));
        let by_host: Vec<bool> = host_copies.iter().map(Option::is_some).collect();
        let batch = Batch::of(
            plan,
            library.as_ref().map(|l| l.version),
            home_op,
            &folding.folded,
            &by_host,
        );
        let handoff = handoff::handed_values(plan, &delegate_outputs);
        let rereads = handoff::rereads(plan, &delegate_outputs);
        let library_values = library_state::library_values(plan, |op| match op_table.get(op) {
            Some(Some((k, _))) if *k > 0 => Some(k - 1),
            _ => None,
        });
        let extra_lib = |op: usize| match op_table.get(op) {
            Some(Some((k, _))) if *k > 0 && !overridden(op) => Some(k - 1),
            _ => None,
        };
        let extras_direct = extra_libraries.iter().all(|l| l.info.version.major >= 2);
        let cache_updates =
            cache_update::plan_cache_updates(plan, direct && extras_direct, extra_lib, |vi| {
                library_values.get(vi).copied().flatten()
            });
        let mut method = Method {
            cache_updates,
            library_values,
            handed: vec![None; handoff.len()],
            handoff,
            rereads,
            batch,
            delegate_outputs,
            folding,
            folded_ready: false,
            kept_bytes: vec![None; plan.values.len()],
            delegate_bytes: (0, 0),
            resident_bytes: 0,
            resident: resident::Resident::default(),
            named_data: program.clone(),
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
            host_copies,
            host_copies_on: true,
            copy_cache: host_copy::CopyCache::new(plan),
            host_copied_calls: 0,
            elision: Default::default(),
            elided_calls: 0,
            execute_again_on: true,
            executed_again_calls: 0,
            again_addresses: Vec::new(),
            descriptor_epoch: 0,
            sizes_epoch: 0,
        };
        method.place_tensors()?;
        // The constants are in the kernel library's memory now.
        program.release_pages();
        method.init_delegates(registry)?;
        // Bytes handed from delegate to delegate in host buffers are a 1.x saving: a
        // 2.x backend copies from and to the storage directly, and a value one of them
        // writes or reads must be in the storage.
        // Instead, the values they mark stay in a 2.x backend from their first delegate
        // read to their last (see `resident`).
        if method.backends.iter().any(|b| b.info.version.major >= 2) {
            let reads = method
                .handoff
                .iter()
                .zip(&method.rereads)
                .map(|(h, r)| h.or(*r))
                .collect();
            method.resident = resident::Resident::new(reads);
            method.handoff.iter_mut().for_each(|h| *h = None);
            method.rereads.iter_mut().for_each(|h| *h = None);
        }
        Ok(method)
    }

    /// Reserves the planned buffers and unplanned tensors and uploads constants into the
    /// storage, and points every tensor value at its address.
    pub(super) fn place_tensors(&mut self) -> Result<()> {
        self.clear_copy_cache();
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
        self.plan_elision()
    }

    /// Uploads constant data once per (location, size) — constants are shared by data
    /// location and size, since a zero-size constant can sit at the same offset as the
    /// next one — and returns its address.
    pub(super) fn upload_constant(
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
    pub(super) fn upload_bytes(
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

    /// Makes fresh instances for any component a trap killed: the kernel library (its
    /// buffers are reserved again and constants re-uploaded; inputs must be set again)
    /// and backends (their delegates are initialized again).
    pub(super) fn recover(&mut self) -> Result<()> {
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
}

#[cfg(test)]
mod tests {
    use super::missing_operators_message;

    #[test]
    pub(super) fn missing_operators_suggest_a_kernel_library() {
        let m = missing_operators_message(&["aten::foo.out".into(), "aten::bar.out".into()]);
        assert!(m.starts_with("2 operator(s) are not provided by any loaded kernel library: aten::foo.out, aten::bar.out"), "{m}");
        assert!(m.contains("--backend FILE.wasm"), "{m}");
        assert!(!m.contains("custom"), "{m}");
    }

    #[test]
    pub(super) fn custom_namespaces_are_named() {
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
