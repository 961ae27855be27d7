//! A running backend component, 1.x or 2.x (see `crate::bindings`).

use std::sync::Arc;

use wasmtime::component::ResourceAny;

use super::memory::GuestMemory;
use super::{ComponentInfo, NamedDataMap, Sandboxed};
use crate::bindings::backend_execute_again;
use crate::bindings::backend_interface::{self, CompileSpec};
use crate::bindings::types::Evalue;
use crate::bindings::v1;
use crate::bindings::v1::convert::Cv;
use crate::{Error, ErrorKind, Result};

/// The exports of a backend, by contract major.
enum Guest {
    /// 1.x: `backend-interface` with tensors by value.
    V1(v1::backend_interface::Guest),
    /// 2.x: `backend-interface` with tensors in linear memory, and from 2.1
    /// `backend-execute-again` (`None` for a 2.0 component, which does not export it).
    V2 {
        backend: backend_interface::Guest,
        again: Option<backend_execute_again::Guest>,
    },
}

/// Whether a backend id can run on this machine (`backend-interface.is-available`),
/// with what the host knows about why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Availability {
    /// What `is-available` returned.
    pub available: bool,
    /// When available, the devices or native kernels it gets (`GPU llvmpipe (vulkan,
    /// cpu)`), else what it goes without (`native CPU kernels off`), if it asked; when
    /// not available, the reason (`no GPU: ...`, or that the backend said no).
    pub detail: Option<String>,
}

/// A sandboxed instance of a backend with typed access to its `backend-interface`.
pub struct BackendInstance {
    sandbox: Sandboxed,
    guest: Guest,
}

impl BackendInstance {
    /// Starts a fresh instance of `info` (which must be a backend).
    pub fn new(info: &Arc<ComponentInfo>) -> Result<Self> {
        let mut sandbox = info.instantiate()?;
        let bad = |e: wasmtime::Error| {
            Error::new(
                ErrorKind::DelegateInvalidCompatibility,
                format!("not a backend: {e:#}"),
            )
            .with_component_id(&info.path, &info.sha256_hex())
        };
        let guest = if info.version.major == 1 {
            let indices = v1::backend_interface::GuestIndices::new(&info.pre).map_err(bad)?;
            Guest::V1(
                indices
                    .load(&mut sandbox.store, &sandbox.instance)
                    .map_err(bad)?,
            )
        } else {
            let b = backend_interface::GuestIndices::new(&info.pre).map_err(bad)?;
            let backend = b.load(&mut sandbox.store, &sandbox.instance).map_err(bad)?;
            // New in 2.1: looked up only in components built against 2.1 or later (a
            // 2.0 component does not export it; the host then always calls `execute`).
            let again = if info.version.minor >= 1 {
                let a = backend_execute_again::GuestIndices::new(&info.pre).map_err(bad)?;
                Some(a.load(&mut sandbox.store, &sandbox.instance).map_err(bad)?)
            } else {
                None
            };
            // The host copies tensor bytes itself: it must see the memory.
            sandbox.memory()?;
            Guest::V2 { backend, again }
        };
        Ok(BackendInstance { sandbox, guest })
    }

    /// The component this instance runs.
    pub fn info(&self) -> &Arc<ComponentInfo> {
        self.sandbox.info()
    }

    /// Whether a trap killed the instance.
    pub fn is_poisoned(&self) -> bool {
        self.sandbox.is_poisoned()
    }

    /// The backend ids the component implements.
    pub fn backend_ids(&mut self) -> Result<Vec<String>> {
        let what = "backend.backend-ids";
        match &self.guest {
            Guest::V1(g) => self.sandbox.call(what, |s| g.call_backend_ids(s)),
            Guest::V2 { backend: g, .. } => self.sandbox.call(what, |s| g.call_backend_ids(s)),
        }
    }

    /// Whether `id` can run here.
    pub fn is_available(&mut self, id: &str) -> Result<bool> {
        let what = "backend.is-available";
        match &self.guest {
            Guest::V1(g) => self.sandbox.call(what, |s| g.call_is_available(s, id)),
            Guest::V2 { backend: g, .. } => self.sandbox.call(what, |s| g.call_is_available(s, id)),
        }
    }

    /// Whether `id` can run here, and why: the devices it found, or the reason the
    /// accelerator it asked for is missing (from the host's side of that import).
    pub fn availability(&mut self, id: &str) -> Result<Availability> {
        let available = self.is_available(id)?;
        let seen = self.sandbox.store.data().accelerators();
        let detail = if available {
            // What it found; or, when it found nothing, what it went without.
            let (found, without): (Vec<_>, Vec<_>) = seen.into_iter().partition(Result::is_ok);
            let found: Vec<String> = found.into_iter().filter_map(Result::ok).collect();
            let without: Vec<String> = without.into_iter().filter_map(Result::err).collect();
            if !found.is_empty() {
                Some(found.join(", "))
            } else {
                (!without.is_empty()).then(|| without.join("; "))
            }
        } else {
            let why: Vec<String> = seen.into_iter().filter_map(Result::err).collect();
            Some(if why.is_empty() {
                "the backend reports it cannot run here".to_string()
            } else {
                why.join("; ")
            })
        };
        Ok(Availability { available, detail })
    }

    /// Summarizes a processed blob (named counts, e.g. node types).
    pub fn describe(&mut self, id: &str, processed: &[u8]) -> Result<Vec<(String, u32)>> {
        let info = self.sandbox.info.clone();
        let what = "backend.describe";
        let r = match &self.guest {
            Guest::V1(g) => self
                .sandbox
                .call(what, |s| g.call_describe(s, id, processed))?
                .map_err(Cv::cv),
            Guest::V2 { backend: g, .. } => self
                .sandbox
                .call(what, |s| g.call_describe(s, id, processed))?,
        };
        r.map_err(|e| {
            crate::bindings::guest_error("backend.describe", e)
                .with_component_id(&info.path, &info.sha256_hex())
                .with_backend(id)
        })
    }

    /// How many sets of weights this instance has handed to the host's native kernels
    /// (`cpu-accel`) and still holds: 2.x components release theirs by dropping the
    /// handle, 1.x weights stay until the instance is dropped.
    pub fn native_weights(&self) -> usize {
        self.sandbox.store.data().cpu_accel.live_weights()
    }

    /// Initializes a delegate; `named_data` is visible to the backend during the call.
    pub fn init(
        &mut self,
        id: &str,
        processed: &[u8],
        compile_specs: &[CompileSpec],
        named_data: NamedDataMap,
    ) -> Result<ResourceAny> {
        let info = self.sandbox.info.clone();
        self.sandbox.store.data_mut().named_data.map = Some(named_data);
        let what = "backend.init";
        let r = match &self.guest {
            Guest::V1(g) => {
                let specs: Vec<v1::backend_interface::CompileSpec> = compile_specs.to_vec().cv();
                self.sandbox
                    .call(what, |s| g.call_init(s, id, processed, &specs))
                    .map(|r| r.map_err(Cv::cv))
            }
            Guest::V2 { backend: g, .. } => self
                .sandbox
                .call(what, |s| g.call_init(s, id, processed, compile_specs)),
        };
        self.sandbox.store.data_mut().named_data.map = None;
        r?.map_err(|e| {
            crate::bindings::guest_error("backend.init", e)
                .with_component_id(&info.path, &info.sha256_hex())
                .with_backend(id)
        })
    }

    /// Runs an initialized delegate of a 1.x backend on `args` (inputs then outputs,
    /// tensors by value); returns the outputs. `InvalidState` for a 2.x backend.
    pub fn execute_v1(
        &mut self,
        handle: ResourceAny,
        args: &[v1::types::Evalue],
    ) -> Result<Vec<v1::types::Evalue>> {
        let Guest::V1(g) = &self.guest else {
            return Err(self.wrong_major("1.x"));
        };
        let r = self.sandbox.call("backend.execute", |s| {
            g.delegate_handle().call_execute(s, handle, args)
        })?;
        r.map_err(|e| self.named("backend.execute", e.cv()))
    }

    /// Runs an initialized delegate of a 2.x backend on `args` (inputs then outputs;
    /// input tensors in blocks of this instance's memory the host filled, output
    /// tensors at address 0); returns the outputs, tensors pointing into this
    /// instance's memory. `InvalidState` for a 1.x backend.
    pub fn execute_v2(&mut self, handle: ResourceAny, args: &[Evalue]) -> Result<Vec<Evalue>> {
        let Guest::V2 { backend: g, .. } = &self.guest else {
            return Err(self.wrong_major("2.x"));
        };
        let r = self.sandbox.call("backend.execute", |s| {
            g.delegate_handle().call_execute(s, handle, args)
        })?;
        r.map_err(|e| self.named("backend.execute", e))
    }

    /// Whether the backend exports `backend-execute-again` (built against 2.1 or later).
    pub fn can_execute_again(&self) -> bool {
        matches!(&self.guest, Guest::V2 { again: Some(_), .. })
    }

    /// Runs an initialized delegate of a 2.1+ backend again with the arguments of its
    /// last successful `execute` but for the input tensors' addresses
    /// (`backend-execute-again`; one address per input argument, 0 for a non-tensor);
    /// returns one address per output. `Ok(None)` when the backend answers
    /// `not-supported` (the caller runs `execute` instead); `InvalidState` for a
    /// backend without the export.
    pub fn execute_again(
        &mut self,
        handle: ResourceAny,
        input_addresses: &[u32],
    ) -> Result<Option<Vec<u32>>> {
        let Guest::V2 { again: Some(g), .. } = &self.guest else {
            return Err(self.wrong_major("2.1"));
        };
        let r = self.sandbox.call("backend.execute-again", |s| {
            g.call_execute_again(s, handle, input_addresses)
        })?;
        match r {
            Ok(addresses) => Ok(Some(addresses)),
            Err(e) if e.kind == crate::bindings::types::ErrorKind::NotSupported => Ok(None),
            Err(e) => Err(self.named("backend.execute-again", e)),
        }
    }

    fn wrong_major(&self, want: &str) -> Error {
        let info = &self.sandbox.info;
        Error::new(
            ErrorKind::InvalidState,
            format!(
                "a {want} call on a backend built against {}@{}",
                super::version::PACKAGE,
                info.version
            ),
        )
        .with_component_id(&info.path, &info.sha256_hex())
    }

    fn named(&self, what: &str, e: crate::bindings::types::Error) -> Error {
        let info = &self.sandbox.info;
        crate::bindings::guest_error(what, e).with_component_id(&info.path, &info.sha256_hex())
    }

    /// Reserves `size` zeroed bytes aligned to `align` in a 2.x backend's memory
    /// (`backend-interface.alloc`), for the host to fill. A block outside the memory or not
    /// aligned is an error (`DelegateInvalidCompatibility`).
    pub fn alloc(&mut self, size: u64, align: u32) -> Result<u32> {
        let Guest::V2 { backend: g, .. } = &self.guest else {
            return Err(self.wrong_major("2.x"));
        };
        let addr = self
            .sandbox
            .call("backend.alloc", |s| g.call_alloc(s, size, align))?
            .map_err(|e| self.named("backend.alloc", e))?;
        let limit = self.sandbox.memory()?.size() as u64;
        let fits = (addr as u64).checked_add(size).is_some_and(|e| e <= limit);
        if !fits || (align > 1 && addr % align != 0) {
            let info = &self.sandbox.info;
            return Err(Error::new(
                ErrorKind::DelegateInvalidCompatibility,
                format!(
                    "backend.alloc returned address {addr:#x} for {size} bytes aligned to {align}"
                ),
            )
            .with_component_id(&info.path, &info.sha256_hex()));
        }
        Ok(addr)
    }

    /// Releases a block from [`Self::alloc`].
    pub fn free(&mut self, address: u32) -> Result<()> {
        let Guest::V2 { backend: g, .. } = &self.guest else {
            return Err(self.wrong_major("2.x"));
        };
        self.sandbox
            .call("backend.free", |s| g.call_free(s, address))
    }

    /// A 2.x backend's linear memory, which the host reads and writes itself.
    pub fn memory(&self) -> Result<&Arc<GuestMemory>> {
        self.sandbox.memory()
    }

    /// Turns the `profiling` import on or off for the coming executes (on clears what
    /// was kept).
    pub fn set_profiling(&mut self, on: bool) {
        let p = &mut self.sandbox.store.data_mut().profiling;
        p.enabled = on;
        p.nodes.clear();
    }

    /// The steps the backend reported through `profiling.node` since the last call.
    pub fn take_profile_nodes(&mut self) -> Vec<crate::component::imports::profiling::NodeTiming> {
        std::mem::take(&mut self.sandbox.store.data_mut().profiling.nodes)
    }

    /// Frees an initialized delegate.
    pub fn destroy(&mut self, handle: ResourceAny) -> Result<()> {
        if self.sandbox.is_poisoned() {
            return Ok(());
        }
        self.sandbox
            .call("backend.destroy", |s| handle.resource_drop(s))
    }
}
