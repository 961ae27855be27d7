//! The native half of the `plugboard` Python package (`plugboard._plugboard`): thin
//! wrappers of the library's `Registry`, `Program` and `Method`. The Python half
//! (`python/plugboard/runtime.py`) gives them `executorch.runtime`'s API.
//!
//! Tensors cross as `(scalar type code, sizes, bytes)`: ExecuTorch's `ScalarType` code
//! (`6` is Float), logical sizes, and the contiguous little-endian bytes; the Python side
//! converts numpy arrays and torch tensors. `execute` and `load` release the GIL, so
//! Python threads run methods in parallel.

use std::path::PathBuf;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use plugboard::program::ValueDef;
use plugboard::runtime::LiveMethod;
use plugboard::{EValue, Program, Registry, Runtime, SandboxConfig, ScalarType, Tensor};
use pyo3::create_exception;
use pyo3::exceptions::PyException;
use pyo3::prelude::*;
use pyo3::types::PyBytes;

mod llm;

create_exception!(
    _plugboard,
    PlugboardError,
    PyException,
    "A plugboard error: args are (ExecuTorch error kind, message with its context: file, method, instruction, component)."
);

/// A component version as it crosses into Python: `(path, sha256, kind)`.
type WireVersion = (String, String, &'static str);

fn wire_version(v: plugboard::LoadedComponent) -> WireVersion {
    let kind = match v.kind {
        plugboard::component::ComponentKind::KernelLibrary => "kernel library",
        plugboard::component::ComponentKind::Backend => "backend",
    };
    (v.path.display().to_string(), v.sha256, kind)
}

/// `e` as a `PlugboardError(kind, message)`: ExecuTorch's error name, and the message
/// with its context (file, method, instruction, component) but without the kind.
pub(crate) fn py_err(e: plugboard::Error) -> PyErr {
    let kind = format!("{:?}", e.kind);
    let full = e.to_string();
    let message = full
        .strip_prefix(&format!("{kind}: "))
        .unwrap_or(&full)
        .to_string();
    PlugboardError::new_err((kind, message))
}

/// A tensor as it crosses into Python: `(scalar type code, sizes, bytes)`.
type WireTensor = (u8, Vec<usize>, Vec<u8>);

/// The live registry of components (`plugboard::Runtime`: bundled ones plus any
/// loaded, replaceable and unloadable while methods run), with its sandbox settings.
#[pyclass(name = "Runtime", module = "plugboard._plugboard")]
pub(crate) struct PyRuntime {
    inner: Runtime,
}

impl PyRuntime {
    pub(crate) fn snapshot(&self) -> Arc<Registry> {
        self.inner.registry()
    }
}

#[pymethods]
impl PyRuntime {
    /// A registry with the bundled components (unless `bundled` is false), under a
    /// memory cap of `memory_cap_mib` per instance and a call deadline of
    /// `deadline_ms` (0: none). With `locked` (a `plugboard.lock` path) only the
    /// components pinned in it load, byte for byte; with `require_signed` only signed
    /// ones (the bundled ones excepted).
    #[new]
    #[pyo3(signature = (memory_cap_mib=2048, deadline_ms=60_000, cpu_accel=true, threads=1, gpu=true, bundled=true, locked=None, require_signed=false))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        memory_cap_mib: usize,
        deadline_ms: u64,
        cpu_accel: bool,
        threads: usize,
        gpu: bool,
        bundled: bool,
        locked: Option<PathBuf>,
        require_signed: bool,
    ) -> PyResult<Self> {
        let config = SandboxConfig {
            memory_cap: memory_cap_mib.saturating_mul(1 << 20),
            call_deadline: (deadline_ms > 0).then(|| Duration::from_millis(deadline_ms)),
            cpu_accel,
            cpu_threads: threads.max(1),
            gpu,
            ..SandboxConfig::default()
        };
        let options = plugboard::RuntimeOptions {
            sandbox: config,
            lock: locked,
            require_signed,
            no_bundled: !bundled,
        };
        Ok(PyRuntime {
            inner: Runtime::with_options(options).map_err(py_err)?,
        })
    }

    /// Loads a component file (with `FILE.wasm.sig` when present), or the component
    /// at an `oci://REGISTRY/REPO:TAG` / `…@sha256:DIGEST` reference (pulled into the
    /// local store, `$PLUGBOARD_HOME/store`); checked against the lockfile and
    /// signature rules, then version-checked, before it is registered. Methods loaded
    /// afterwards see it. Returns its `(path, sha256, kind)`.
    fn load_component(&self, py: Python<'_>, path: PathBuf) -> PyResult<WireVersion> {
        let rt = self.inner.clone();
        py.detach(move || {
            let text = path.to_string_lossy();
            if text.starts_with(plugboard::distribution::OCI_SCHEME) {
                let store = plugboard::distribution::Store::default_location()?;
                rt.load_component_ref(&text, &store, Default::default())
            } else {
                rt.load_component(&path)
            }
        })
        .map(wire_version)
        .map_err(py_err)
    }

    /// Replaces component `old` (a path as loaded, a file name, or a backend id it
    /// registers) with the file `new_path`; a failure changes nothing. Loaded methods
    /// move at their next execute. Returns the new `(path, sha256, kind)`.
    fn replace_component(
        &self,
        py: Python<'_>,
        old: String,
        new_path: PathBuf,
    ) -> PyResult<WireVersion> {
        let rt = self.inner.clone();
        py.detach(move || rt.replace_component(&old, &new_path))
            .map(wire_version)
            .map_err(py_err)
    }

    /// Unloads component `old`: new loads no longer see it; methods using it keep it.
    fn unload_component(&self, py: Python<'_>, old: String) -> PyResult<WireVersion> {
        let rt = self.inner.clone();
        py.detach(move || rt.unload_component(&old))
            .map(wire_version)
            .map_err(py_err)
    }

    /// Registered backend ids, in load order.
    fn backend_names(&self) -> Vec<String> {
        let r = self.snapshot();
        r.components()
            .iter()
            .flat_map(|c| c.backend_ids.clone())
            .collect()
    }

    /// Whether backend `name` is registered and can run here.
    fn is_available(&self, py: Python<'_>, name: String) -> bool {
        let r = self.snapshot();
        py.detach(move || r.availability(&name).is_ok_and(|a| a.available))
    }

    /// Every operator a loaded kernel library provides (`aten::add.out`, ...).
    fn operator_names(&self) -> Vec<String> {
        let r = self.snapshot();
        r.components()
            .iter()
            .flat_map(|c| c.operators.iter().map(|o| o.name.clone()))
            .collect()
    }

    /// Each component as `(path, contract version, kind, provides, sha256)`;
    /// `provides` lists operator names (kernel libraries) or backend ids (backends).
    #[allow(clippy::type_complexity)]
    fn components(&self) -> Vec<(String, String, String, Vec<String>, String)> {
        let r = self.snapshot();
        r.components()
            .iter()
            .map(|c| {
                let (kind, provides) = if c.backend_ids.is_empty() {
                    (
                        "kernel library",
                        c.operators.iter().map(|o| o.name.clone()).collect(),
                    )
                } else {
                    ("backend", c.backend_ids.clone())
                };
                (
                    c.info.path.display().to_string(),
                    c.info.version.to_string(),
                    kind.to_string(),
                    provides,
                    c.info.sha256_hex(),
                )
            })
            .collect()
    }
}

/// A loaded, verified `.pte` program.
#[pyclass(name = "Program", module = "plugboard._plugboard")]
struct PyProgram {
    inner: Arc<Program>,
}

fn tensor_meta(v: Option<&ValueDef>) -> Option<(u8, Vec<u32>)> {
    match v {
        Some(ValueDef::Tensor(t)) => Some((t.dtype.code(), t.sizes.clone())),
        _ => None,
    }
}

#[pymethods]
impl PyProgram {
    /// Reads and verifies `path`, with the external data (`.ptd`) at `data_path`.
    #[staticmethod]
    #[pyo3(signature = (path, data_path=None))]
    fn from_path(py: Python<'_>, path: PathBuf, data_path: Option<PathBuf>) -> PyResult<Self> {
        py.detach(move || {
            let p = match data_path {
                Some(d) => Program::from_file_with_data(&path, &d),
                None => Program::from_file(&path),
            };
            p.map(|p| PyProgram { inner: Arc::new(p) }).map_err(py_err)
        })
    }

    /// Verifies a program held in memory.
    #[staticmethod]
    fn from_bytes(py: Python<'_>, data: Vec<u8>) -> PyResult<Self> {
        py.detach(move || {
            Program::from_bytes(data)
                .map(|p| PyProgram { inner: Arc::new(p) })
                .map_err(py_err)
        })
    }

    /// The program's method names.
    fn method_names(&self) -> Vec<String> {
        self.inner
            .method_names()
            .into_iter()
            .map(String::from)
            .collect()
    }

    /// `(inputs, outputs)` of method `name`: for each, `(scalar type code, sizes)`
    /// for a tensor (sizes are the upper bound of a dynamic shape), `None` otherwise.
    #[allow(clippy::type_complexity)]
    fn method_meta(
        &self,
        name: &str,
    ) -> PyResult<(Vec<Option<(u8, Vec<u32>)>>, Vec<Option<(u8, Vec<u32>)>>)> {
        let plan = self.inner.plan(name).map_err(py_err)?;
        let meta = |ids: &[usize]| {
            ids.iter()
                .map(|&i| tensor_meta(plan.values.get(i)))
                .collect()
        };
        Ok((meta(&plan.inputs), meta(&plan.outputs)))
    }
}

/// A loaded method (`plugboard::runtime::LiveMethod`): its memory plan, kernels and
/// delegates set up; it moves to replaced components at its next execute.
#[pyclass(name = "Method", module = "plugboard._plugboard")]
struct PyMethod {
    inner: Arc<Mutex<LiveMethod>>,
}

#[pymethods]
impl PyMethod {
    /// Loads method `name` of `program` against `registry` (delegates are
    /// initialized here).
    #[staticmethod]
    fn load(
        py: Python<'_>,
        program: &PyProgram,
        name: String,
        registry: &PyRuntime,
    ) -> PyResult<Self> {
        let (p, rt) = (program.inner.clone(), registry.inner.clone());
        py.detach(move || {
            rt.load_method(p, &name)
                .map(|m| PyMethod {
                    inner: Arc::new(Mutex::new(m)),
                })
                .map_err(py_err)
        })
    }

    /// Runs the method on `inputs` (one per method input: a wire tensor, or an int,
    /// float or bool) and returns its outputs (wire tensors or Python scalars).
    fn execute(&self, py: Python<'_>, inputs: Vec<Bound<'_, PyAny>>) -> PyResult<Vec<Py<PyAny>>> {
        let expected = self
            .inner
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .num_inputs();
        if inputs.len() != expected {
            return Err(pyo3::exceptions::PyValueError::new_err(format!(
                "the method takes {expected} input(s), {} given",
                inputs.len()
            )));
        }
        let mut values = Vec::with_capacity(inputs.len());
        for (i, x) in inputs.iter().enumerate() {
            values.push(to_evalue(i, x)?);
        }
        let inner = self.inner.clone();
        // Bad inputs are the caller's ValueError (with the CLI's words); the rest is
        // a PlugboardError.
        let outputs = py.detach(move || {
            let mut m = inner.lock().unwrap_or_else(PoisonError::into_inner);
            for (i, v) in values.into_iter().enumerate() {
                m.set_input(i, v)
                    .map_err(|e| pyo3::exceptions::PyValueError::new_err(e.to_string()))?;
            }
            m.execute().map_err(py_err)?;
            m.outputs().map_err(py_err)
        })?;
        outputs.into_iter().map(|o| from_evalue(py, o)).collect()
    }

    /// The `(path, sha256, kind)` of each component the method's current version uses
    /// (the ones the last execute ran on).
    fn components(&self) -> Vec<WireVersion> {
        let m = self.inner.lock().unwrap_or_else(PoisonError::into_inner);
        m.components().into_iter().map(wire_version).collect()
    }
}

fn to_evalue(i: usize, x: &Bound<'_, PyAny>) -> PyResult<EValue> {
    if let Ok(b) = x.extract::<bool>() {
        return Ok(EValue::Bool(b));
    }
    if let Ok(v) = x.extract::<i64>() {
        return Ok(EValue::Int(v));
    }
    if let Ok(v) = x.extract::<f64>() {
        return Ok(EValue::Double(v));
    }
    let (code, sizes, data): WireTensor = x.extract().map_err(|_| {
        pyo3::exceptions::PyTypeError::new_err(format!(
            "input {i}: expected a tensor, an int, a float or a bool"
        ))
    })?;
    let dtype = ScalarType::from_code(i64::from(code)).ok_or_else(|| {
        pyo3::exceptions::PyTypeError::new_err(format!("input {i}: unknown scalar type {code}"))
    })?;
    Tensor::new(dtype, sizes, data)
        .map(EValue::Tensor)
        .map_err(|e| pyo3::exceptions::PyValueError::new_err(format!("input {i}: {}", e.message)))
}

fn from_evalue(py: Python<'_>, v: EValue) -> PyResult<Py<PyAny>> {
    Ok(match v {
        EValue::Tensor(t) => {
            // Outputs are contiguous in the order the program planned; the Python side
            // builds the array from logical sizes.
            let t = t
                .to_dim_order(&(0..t.sizes.len() as u8).collect::<Vec<_>>())
                .map_err(py_err)?;
            (t.dtype.code(), t.sizes, PyBytes::new(py, &t.data))
                .into_pyobject(py)?
                .into_any()
                .unbind()
        }
        EValue::Int(v) => v.into_pyobject(py)?.into_any().unbind(),
        EValue::Double(v) => v.into_pyobject(py)?.into_any().unbind(),
        EValue::Bool(v) => pyo3::types::PyBool::new(py, v)
            .to_owned()
            .into_any()
            .unbind(),
        EValue::None => py.None(),
        other => {
            return Err(PlugboardError::new_err((
                "NotSupported".to_string(),
                format!("an output of kind {other:?} cannot be returned to Python yet"),
            )))
        }
    })
}

/// The native module.
#[pymodule]
fn _plugboard(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyRuntime>()?;
    m.add_class::<PyProgram>()?;
    m.add_class::<PyMethod>()?;
    m.add_class::<llm::PyTextLlmRunner>()?;
    m.add("PlugboardError", m.py().get_type::<PlugboardError>())?;
    Ok(())
}
