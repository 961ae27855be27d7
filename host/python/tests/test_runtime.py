"""plugboard.runtime against the fixtures' eager PyTorch outputs (tests/fixtures), and
the same script body against executorch.runtime (`needs_executorch`, see conftest)."""

import importlib
import threading
from pathlib import Path

import numpy as np
import pytest

from plugboard import PlugboardError
from plugboard.runtime import Runtime

from conftest import missing

FIXTURES = Path(__file__).resolve().parents[3] / "tests" / "fixtures"


def numbered(d: Path, prefix: str):
    out, i = [], 0
    while (d / f"{prefix}{i}.npy").exists():
        out.append(np.load(d / f"{prefix}{i}.npy"))
        i += 1
    return out


def script_body(runtime_module, model: str, variant: str) -> float:
    """What a user writes for executorch.runtime; returns the largest difference."""
    Runtime_ = runtime_module.Runtime
    runtime = Runtime_.get()
    d = FIXTURES / model
    program = runtime.load_program(d / f"{model}.{variant}.pte")
    assert "forward" in program.method_names
    meta = program.metadata("forward")
    inputs = numbered(d, "input")
    try:  # ExecuTorch takes torch tensors; plugboard takes those or numpy arrays
        import torch

        inputs = [torch.from_numpy(x) for x in inputs]
    except ImportError:
        pass
    assert meta.num_inputs() == len(inputs)
    assert list(meta.input_tensor_meta(0).sizes()) == list(inputs[0].shape)
    method = program.load_method("forward")
    outputs = method.execute(inputs)
    worst = 0.0
    for got, want in zip(outputs, numbered(d, "expected")):
        got = np.asarray(got)
        assert got.shape == want.shape
        worst = max(worst, float(np.max(np.abs(got.astype(np.float64) - want.astype(np.float64)), initial=0.0)))
    names = runtime.backend_registry.registered_backend_names
    assert "XnnpackBackend" in names
    assert runtime.backend_registry.is_available("XnnpackBackend")
    assert "aten::add.out" in runtime.operator_registry.operator_names
    return worst


@pytest.mark.parametrize("model,variant,tol", [
    ("add_mul", "portable", 1e-6),
    ("cnn", "portable", 1e-5),
    ("add_mul", "xnnpack", 1e-5),
    ("cnn", "xnnpack", 1e-4),
    ("mlp", "xnnpack", 1e-4),
])
def test_matches_eager(model, variant, tol):
    assert script_body(importlib.import_module("plugboard.runtime"), model, variant) <= tol


def test_vulkan_when_a_gpu_is_here():
    rt = Runtime.get()
    if not rt.backend_registry.is_available("VulkanBackend"):
        missing("no GPU adapter here (lavapipe: apt-get install mesa-vulkan-drivers)")
    assert script_body(importlib.import_module("plugboard.runtime"), "cnn", "vulkan") <= 1e-3


@pytest.mark.needs_executorch
def test_drop_in_for_executorch_runtime():
    try:
        et = importlib.import_module("executorch.runtime")
    except ImportError:
        missing("executorch is not installed (the fixture venv has it)")
    for model, variant in [("add_mul", "portable"), ("cnn", "xnnpack")]:
        assert script_body(et, model, variant) <= 1e-4


def test_bad_inputs_and_errors():
    rt = Runtime.get()
    d = FIXTURES / "add_mul"
    m = rt.load_program(d / "add_mul.portable.pte").load_method("forward")
    x, y = numbered(d, "input")
    with pytest.raises(ValueError, match="input 0"):
        m.execute([np.zeros((3, 3), np.float32), y])
    with pytest.raises(TypeError, match="input 1"):
        m.execute([x, "not a tensor"])
    with pytest.raises(ValueError, match="takes 2 input"):
        m.execute([x])
    with pytest.raises(ValueError, match="takes 2 input"):
        m.execute([])
    with pytest.raises(PlugboardError) as e:
        rt.load_program(b"not a program")
    assert e.value.kind == e.value.args[0]
    assert e.value.kind == "InvalidProgram" or "ET12" in e.value.message
    # The message carries the context, not the kind again; str() reads as the CLI.
    assert not e.value.message.startswith(e.value.kind)
    assert str(e.value) == f"{e.value.kind}: {e.value.message}"
    # Non-contiguous inputs are made contiguous.
    xt = np.asfortranarray(x)
    out = m.execute([xt, y])[0]
    assert np.allclose(np.asarray(out), numbered(d, "expected")[0], atol=1e-6)


def test_components_and_sandbox_settings():
    rt = Runtime(memory_cap_mib=512, deadline_ms=10_000, threads=1)
    kinds = {c.kind for c in rt.components}
    assert kinds == {"kernel library", "backend"}
    assert any("aten::add.out" in c.provides for c in rt.components)


def test_threads_execute_in_parallel_and_correctly():
    rt = Runtime.get()
    d = FIXTURES / "cnn"
    program = rt.load_program(d / "cnn.portable.pte")
    inputs, want = numbered(d, "input"), numbered(d, "expected")[0]
    methods = [program.load_method("forward") for _ in range(2)]
    errors = []

    def work(m):
        for _ in range(20):
            got = np.asarray(m.execute(inputs)[0])
            if not np.allclose(got, want, atol=1e-5):
                errors.append("wrong output")

    threads = [threading.Thread(target=work, args=(m,)) for m in methods]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors


def test_replace_and_unload_while_loaded(tmp_path):
    rt = Runtime()
    d = FIXTURES / "add_mul"
    inputs, want = numbered(d, "input"), numbered(d, "expected")[0]
    m = rt.load_program(d / "add_mul.xnnpack.pte").load_method("forward")
    assert np.allclose(np.asarray(m.execute(inputs)[0]), want, atol=1e-5)
    before = list(m.components)
    # A second build of the XNNPACK backend: the bundled bytes written out, with a
    # custom section appended (the same component, another sha256).
    old = next(c for c in rt.components if "XnnpackBackend" in c.provides)
    import subprocess

    exe = Path(__file__).resolve().parents[3] / "target" / "release" / "plugboard"
    if not exe.exists():
        missing("the plugboard CLI is not built (cargo build --release)")
    subprocess.run([str(exe), "backends", "--write-bundled", str(tmp_path)], check=True, capture_output=True)
    data = (tmp_path / "xnnpack.wasm").read_bytes()
    section = b"\x0bplugboard-2" + b"x" * 4
    custom = b"\x00" + bytes([len(section)]) + section
    (tmp_path / "xnnpack2.wasm").write_bytes(data + custom)
    # A broken replacement changes nothing.
    (tmp_path / "broken.wasm").write_bytes(data[:100])
    with pytest.raises(PlugboardError):
        rt.replace_component("XnnpackBackend", tmp_path / "broken.wasm")
    assert list(m.components) == before
    new = rt.replace_component("XnnpackBackend", tmp_path / "xnnpack2.wasm")
    assert new.sha256 != old.sha256 and new.kind == "backend"
    assert np.allclose(np.asarray(m.execute(inputs)[0]), want, atol=1e-5)
    assert new in m.components
    rt.unload_component("XnnpackBackend")
    assert "XnnpackBackend" not in rt.backend_registry.registered_backend_names
    assert np.allclose(np.asarray(m.execute(inputs)[0]), want, atol=1e-5)
    with pytest.raises(PlugboardError, match="not registered"):
        rt.load_program(d / "add_mul.xnnpack.pte").load_method("forward")



def test_custom_op_library_next_to_portable():
    """A torch.library custom op (tests/fixtures/custom_op): load_component adds the
    custom-ops example library; the method then runs on it and portable together."""
    lib = (Path(__file__).resolve().parents[3] / "target" / "components" / "wasm32-wasip2"
           / "release" / "plugboard_example_custom_ops.wasm")
    if not lib.exists():
        missing("the components are not built (cargo build builds them)")
    rt = Runtime()
    d = FIXTURES / "custom_op"
    program = rt.load_program(d / "custom_op.portable.pte")
    with pytest.raises(PlugboardError, match="mylib::scaled_add.out"):
        program.load_method("forward")
    loaded = rt.load_component(lib)
    assert loaded.kind == "kernel library"
    assert "mylib::scaled_add.out" in rt.operator_registry.operator_names
    m = program.load_method("forward")
    assert loaded in m.components
    out = m.execute(numbered(d, "input"))[0]
    assert np.allclose(np.asarray(out), numbered(d, "expected")[0], atol=1e-5)


def test_locked_runtime_refuses_other_bytes(tmp_path):
    """Runtime(locked=...): only the components pinned in plugboard.lock load, byte
    for byte (hashes from hashlib), checked before they are compiled."""
    import hashlib
    import subprocess

    exe = Path(__file__).resolve().parents[3] / "target" / "release" / "plugboard"
    if not exe.exists():
        pytest.fail("the plugboard CLI is not built (cargo build --release builds it)")
    subprocess.run([str(exe), "backends", "--write-bundled", str(tmp_path)], check=True, capture_output=True)
    entries = []
    for name, kind in [("portable.wasm", "kernel-library"), ("xnnpack.wasm", "backend")]:
        digest = hashlib.sha256((tmp_path / name).read_bytes()).hexdigest()
        entries.append(
            f'[[component]]\nname = "{name}"\nkind = "{kind}"\ncontract = "1.4.0"\n'
            f'sha256 = "{digest}"\nsource = "{tmp_path / name}"\n'
        )
    lock = tmp_path / "plugboard.lock"
    lock.write_text("version = 1\n\n" + "\n".join(entries))
    rt = Runtime(bundled=False, locked=str(lock))
    rt.load_component(tmp_path / "portable.wasm")
    rt.load_component(tmp_path / "xnnpack.wasm")
    assert {c.sha256 for c in rt.components} == {
        hashlib.sha256((tmp_path / n).read_bytes()).hexdigest() for n in ("portable.wasm", "xnnpack.wasm")
    }
    d = FIXTURES / "add_mul"
    m = rt.load_program(d / "add_mul.xnnpack.pte").load_method("forward")
    assert np.allclose(np.asarray(m.execute(numbered(d, "input"))[0]), numbered(d, "expected")[0], atol=1e-5)
    # Other bytes under a locked name: refused, naming both hashes; nothing changes.
    data = (tmp_path / "xnnpack.wasm").read_bytes()
    section = b"\x0bplugboard-2" + b"x" * 4
    (tmp_path / "xnnpack.wasm").write_bytes(data + b"\x00" + bytes([len(section)]) + section)
    with pytest.raises(PlugboardError, match="expected sha256:"):
        rt.replace_component("XnnpackBackend", tmp_path / "xnnpack.wasm")
    with pytest.raises(PlugboardError, match="is not in it"):
        rt.load_component(tmp_path / "vulkan.wasm")
    assert len(rt.components) == 2
