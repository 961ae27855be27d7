//! A running backend component.

use std::sync::Arc;

use wasmtime::component::ResourceAny;

use super::{ComponentInfo, NamedDataMap, Sandboxed};
use crate::bindings::backend_interface::{self, CompileSpec};
use crate::bindings::types::Evalue;
use crate::{Error, ErrorKind, Result};

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
    guest: backend_interface::Guest,
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
        let indices = backend_interface::GuestIndices::new(&info.pre).map_err(bad)?;
        let guest = indices
            .load(&mut sandbox.store, &sandbox.instance)
            .map_err(bad)?;
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
        let g = &self.guest;
        self.sandbox
            .call("backend.backend-ids", |s| g.call_backend_ids(s))
    }

    /// Whether `id` can run here.
    pub fn is_available(&mut self, id: &str) -> Result<bool> {
        let g = &self.guest;
        self.sandbox
            .call("backend.is-available", |s| g.call_is_available(s, id))
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
        let g = &self.guest;
        let info = self.sandbox.info.clone();
        self.sandbox
            .call("backend.describe", |s| g.call_describe(s, id, processed))?
            .map_err(|e| {
                crate::bindings::guest_error("backend.describe", e)
                    .with_component_id(&info.path, &info.sha256_hex())
                    .with_backend(id)
            })
    }

    /// Initializes a delegate; `named_data` is visible to the backend during the call.
    pub fn init(
        &mut self,
        id: &str,
        processed: &[u8],
        compile_specs: &[CompileSpec],
        named_data: NamedDataMap,
    ) -> Result<ResourceAny> {
        let g = &self.guest;
        let info = self.sandbox.info.clone();
        self.sandbox.store.data_mut().named_data.map = Some(named_data);
        let r = self.sandbox.call("backend.init", |s| {
            g.call_init(s, id, processed, compile_specs)
        });
        self.sandbox.store.data_mut().named_data.map = None;
        r?.map_err(|e| {
            crate::bindings::guest_error("backend.init", e)
                .with_component_id(&info.path, &info.sha256_hex())
                .with_backend(id)
        })
    }

    /// Runs an initialized delegate on `args` (inputs then outputs); returns the outputs.
    pub fn execute(&mut self, handle: ResourceAny, args: &[Evalue]) -> Result<Vec<Evalue>> {
        let g = &self.guest;
        let info = self.sandbox.info.clone();
        self.sandbox
            .call("backend.execute", |s| {
                g.delegate_handle().call_execute(s, handle, args)
            })?
            .map_err(|e| {
                crate::bindings::guest_error("backend.execute", e)
                    .with_component_id(&info.path, &info.sha256_hex())
            })
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
