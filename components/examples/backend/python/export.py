"""Exports the example backend's fixture: a model whose float32 add/mul/relu chains go
to `ExampleBackend` and whose sigmoid stays on the portable kernels, with inputs and
eager PyTorch's outputs.

    python export.py [--out DIR]

in a venv with executorch 1.5.1 and torch 2.14.0 (the versions of
tests/fixtures/README.md) writes DIR/{example_backend.pte, input0.npy, input1.npy,
expected0.npy}. DIR defaults to tests/fixtures/example_backend when this file is in the
plugboard repository, else to ./example_backend.
"""

import argparse
import pathlib
import sys

import numpy as np
import torch
from executorch.exir import to_edge_transform_and_lower

sys.path.insert(0, str(pathlib.Path(__file__).parent))
from example_backend import ExamplePartitioner  # noqa: E402


class Model(torch.nn.Module):
    def forward(self, x, y):
        h = torch.relu(x * y + x)
        return torch.sigmoid(h) * y + h


def default_out() -> pathlib.Path:
    here = pathlib.Path(__file__).resolve()
    repo = here.parents[4] if len(here.parents) > 4 else None
    if repo is not None and (repo / "tests" / "fixtures" / "export.py").exists():
        return repo / "tests" / "fixtures" / "example_backend"
    return pathlib.Path.cwd() / "example_backend"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out", type=pathlib.Path, default=None, help="output folder")
    out = parser.parse_args().out or default_out()
    out.mkdir(parents=True, exist_ok=True)
    torch.manual_seed(7)
    inputs = (torch.randn(4, 10), torch.randn(4, 10))
    model = Model().eval()
    program = to_edge_transform_and_lower(
        torch.export.export(model, inputs), partitioner=[ExamplePartitioner()]
    ).to_executorch()
    (out / "example_backend.pte").write_bytes(program.buffer)
    for i, t in enumerate(inputs):
        np.save(out / f"input{i}.npy", t.numpy())
    with torch.no_grad():
        np.save(out / "expected0.npy", model(*inputs).numpy())
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
