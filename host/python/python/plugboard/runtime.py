"""A drop-in for ``executorch.runtime`` on plugboard.

The same names and calls as ExecuTorch's (``Runtime.get()``, ``load_program``,
``Program.method_names`` / ``load_method`` / ``metadata``, ``Method.execute`` /
``metadata``, ``backend_registry``, ``operator_registry``), running on plugboard's
sandboxed components. plugboard's additions: ``Runtime(...)`` with sandbox settings,
``runtime.components``, ``runtime.load_component(path)``.

Inputs are numpy arrays or torch tensors (any layout; they are made contiguous), or
ints, floats and bools. Outputs are torch tensors when torch can be imported (as
ExecuTorch returns them), numpy arrays otherwise. Errors are
``plugboard.PlugboardError`` with ``args == (kind, message)``, ``kind`` being
ExecuTorch's error name (``InvalidArgument``, ...), or ``TypeError`` / ``ValueError`` for
inputs of the wrong kind or shape.
"""

import enum
import functools
from pathlib import Path
from typing import Any, BinaryIO, List, NamedTuple, Optional, Sequence, Set, Union

import numpy as np

from . import _plugboard as _pb

PlugboardError = _pb.PlugboardError

# ExecuTorch ScalarType codes <-> numpy dtypes (bfloat16 and the quantized types have
# no numpy dtype).
_NUMPY = {
    0: np.uint8,
    1: np.int8,
    2: np.int16,
    3: np.int32,
    4: np.int64,
    5: np.float16,
    6: np.float32,
    7: np.float64,
    11: np.bool_,
    27: np.uint16,
    28: np.uint32,
    29: np.uint64,
}
_CODE = {np.dtype(t): c for c, t in _NUMPY.items()}


class Verification(enum.IntEnum):
    """Accepted for compatibility: plugboard always verifies the whole program."""

    Minimal = 0
    InternalConsistency = 1


@functools.lru_cache(maxsize=1)
def _torch():
    try:
        import torch  # noqa: PLC0415

        return torch
    except ImportError:
        return None


def _to_wire(i: int, x: Any):
    if isinstance(x, (bool, int, float)):
        return x
    torch = _torch()
    if torch is not None and isinstance(x, torch.Tensor):
        x = x.detach().cpu().contiguous().numpy()
    if not isinstance(x, np.ndarray):
        raise TypeError(f"input {i}: expected a numpy array or torch tensor, got {type(x).__name__}")
    code = _CODE.get(x.dtype)
    if code is None:
        raise TypeError(f"input {i}: dtype {x.dtype} has no ExecuTorch scalar type")
    x = np.ascontiguousarray(x)
    return (code, list(x.shape), x.astype(x.dtype.newbyteorder("<"), copy=False).tobytes())


def _from_wire(o: Any):
    if not isinstance(o, tuple):
        return o
    code, sizes, data = o
    dtype = _NUMPY.get(code)
    if dtype is None:
        raise PlugboardError("NotSupported", f"output scalar type {code} has no numpy dtype")
    a = np.frombuffer(data, dtype=np.dtype(dtype).newbyteorder("<")).reshape(sizes).copy()
    torch = _torch()
    return torch.from_numpy(a) if torch is not None else a


class TensorInfo:
    """Sizes and scalar type of one method input or output (ExecuTorch's)."""

    def __init__(self, code: int, sizes: Sequence[int]):
        self._code, self._sizes = code, tuple(sizes)

    def sizes(self):
        """Sizes (the upper bound of a dynamic dimension)."""
        return self._sizes

    def dtype(self) -> int:
        """ExecuTorch ScalarType code (6 is Float)."""
        return self._code

    def __repr__(self):
        return f"TensorInfo(sizes={list(self._sizes)}, dtype={self._code})"


class MethodMeta:
    """A method's inputs and outputs."""

    def __init__(self, name: str, inputs, outputs):
        self._name, self._inputs, self._outputs = name, inputs, outputs

    def name(self) -> str:
        return self._name

    def num_inputs(self) -> int:
        return len(self._inputs)

    def num_outputs(self) -> int:
        return len(self._outputs)

    def input_tensor_meta(self, index: int) -> TensorInfo:
        m = self._inputs[index]
        if m is None:
            raise ValueError(f"input {index} is not a tensor")
        return TensorInfo(*m)

    def output_tensor_meta(self, index: int) -> TensorInfo:
        m = self._outputs[index]
        if m is None:
            raise ValueError(f"output {index} is not a tensor")
        return TensorInfo(*m)


class Method:
    """A loaded method. ``execute`` releases the GIL."""

    def __init__(self, native, meta: MethodMeta):
        self._native, self._meta = native, meta

    def execute(self, inputs: Sequence[Any]) -> Sequence[Any]:
        wire = [_to_wire(i, x) for i, x in enumerate(inputs)]
        return [_from_wire(o) for o in self._native.execute(wire)]

    @property
    def metadata(self) -> MethodMeta:
        return self._meta

    @property
    def components(self):
        """The :class:`LoadedComponent` of each component this method's current
        version runs on (it moves to replaced components at its next ``execute``)."""
        return [LoadedComponent(*v) for v in self._native.components()]


class Program:
    """A loaded, verified program."""

    def __init__(self, native, runtime: "Runtime"):
        self._native, self._runtime = native, runtime

    @property
    def method_names(self) -> Set[str]:
        return set(self._native.method_names())

    def load_method(self, name: str) -> Optional[Method]:
        native = _pb.Method.load(self._native, name, self._runtime._registry)
        return Method(native, self.metadata(name))

    def metadata(self, method_name: str) -> MethodMeta:
        inputs, outputs = self._native.method_meta(method_name)
        return MethodMeta(method_name, inputs, outputs)


class BackendRegistry:
    """The backends the runtime's components register."""

    def __init__(self, registry):
        self._registry = registry

    @property
    def registered_backend_names(self) -> List[str]:
        return self._registry.backend_names()

    def is_available(self, backend_name: str) -> bool:
        return self._registry.is_available(backend_name)


class OperatorRegistry:
    """The operators the runtime's kernel libraries provide."""

    def __init__(self, registry):
        self._registry = registry

    @property
    def operator_names(self) -> Set[str]:
        return set(self._registry.operator_names())


class LoadedComponent(NamedTuple):
    """A component as loaded, as ``plugboard::LoadedComponent`` in Rust: the
    ``path`` it was loaded from (``<bundled>/NAME.wasm`` for bundled ones), the
    ``sha256`` of its bytes, and its ``kind`` (``"kernel library"`` or ``"backend"``)."""

    path: str
    sha256: str
    kind: str


class Component:
    """One loaded component: ``path``, ``version`` (contract), ``kind``
    (``"kernel library"`` or ``"backend"``), ``provides`` (operators or backend ids),
    ``sha256`` (of its bytes)."""

    def __init__(self, path, version, kind, provides, sha256):
        self.path, self.version, self.kind, self.provides = path, version, kind, provides
        self.sha256 = sha256

    def __repr__(self):
        return f"Component({self.path!r}, {self.version}, {self.kind}, {len(self.provides)} provided)"


class Runtime:
    """plugboard's runtime: the bundled components plus any loaded, each sandboxed.

    ``Runtime(memory_cap_mib=2048, deadline_ms=60000, cpu_accel=True, threads=1,
    gpu=True, bundled=True, locked=None, require_signed=False)`` makes one with other
    sandbox settings; ``locked="plugboard.lock"`` loads only the components pinned in
    that lockfile, byte for byte, and ``require_signed=True`` only signed ones (the
    bundled ones excepted). ``Runtime.get()`` returns the shared default one, as
    ExecuTorch's does.
    """

    @staticmethod
    @functools.lru_cache(maxsize=1)
    def get() -> "Runtime":
        return Runtime()

    def __init__(self, **sandbox):
        self._registry = _pb.Runtime(**sandbox)
        self.backend_registry = BackendRegistry(self._registry)
        self.operator_registry = OperatorRegistry(self._registry)

    def load_program(
        self,
        data: Union[bytes, bytearray, BinaryIO, Path, str],
        *,
        verification: Verification = Verification.InternalConsistency,
        enable_etdump: bool = False,
        debug_buffer_size: int = 0,
        data_path: Optional[Union[Path, str]] = None,
    ) -> Program:
        del verification, enable_etdump, debug_buffer_size  # always fully verified
        if isinstance(data, (Path, str)):
            native = _pb.Program.from_path(str(data), str(data_path) if data_path is not None else None)
        else:
            if data_path is not None:
                raise ValueError("data_path is supported with a program path, not bytes")
            if isinstance(data, (bytes, bytearray)):
                raw = bytes(data)
            elif hasattr(data, "read"):
                raw = data.read()
            else:
                raise TypeError(
                    f"expected bytes, bytearray, a path to a .pte file or a file-like object, got {type(data).__name__}"
                )
            native = _pb.Program.from_bytes(raw)
        return Program(native, self)

    @property
    def components(self) -> List[Component]:
        return [Component(*c) for c in self._registry.components()]

    def load_component(self, path: Union[Path, str]):
        """Loads a component file (with ``FILE.wasm.sig`` when present) or an
        ``oci://REGISTRY/REPO:TAG`` / ``...@sha256:DIGEST`` reference (pulled into the
        local store) into this runtime, checked against the lockfile and signature
        rules, then version-checked; methods loaded afterwards see it. Returns its
        :class:`LoadedComponent`."""
        return LoadedComponent(*self._registry.load_component(str(path)))

    def replace_component(self, old: str, new_path: Union[Path, str]):
        """Replaces component ``old`` (a path, a file name, or a backend id it
        registers) with ``new_path``. Checked, compiled and instantiated first: a
        failure raises and changes nothing. Loaded methods move at their next
        ``execute``. Returns the new :class:`LoadedComponent`."""
        return LoadedComponent(*self._registry.replace_component(str(old), str(new_path)))

    def unload_component(self, old: str):
        """Unloads component ``old``: new loads no longer see it; loaded methods keep
        it until they are dropped. Returns its :class:`LoadedComponent`."""
        return LoadedComponent(*self._registry.unload_component(str(old)))
