"""The ExecuTorch side of plugboard's example backend (`../src/lib.rs`).

`ExampleBackend` is an ExecuTorch `BackendDetails`: its `preprocess` turns a partition
of float32 `add`, `mul` and `relu` nodes into the processed blob the component reads
(format in `../src/lib.rs`). `ExamplePartitioner` tags the nodes it can run. Use them
as any ExecuTorch backend:

    from executorch.exir import to_edge_transform_and_lower
    program = to_edge_transform_and_lower(
        torch.export.export(model, inputs), partitioner=[ExamplePartitioner()]
    ).to_executorch()

The delegate id written into the `.pte` is the class name, `ExampleBackend`, which is
the backend id the component registers.
"""

import struct
from typing import Dict, List

import torch
from executorch.exir.backend.backend_details import BackendDetails, PreprocessResult
from executorch.exir.backend.compile_spec_schema import CompileSpec
from executorch.exir.backend.partitioner import (
    DelegationSpec,
    Partitioner,
    PartitionResult,
)
from executorch.exir.dialects._ops import ops as exir_ops
from torch.export import ExportedProgram
from torch.fx.passes.infra.partitioner import CapabilityBasedPartitioner
from torch.fx.passes.operator_support import OperatorSupportBase

# Edge operator -> op code in the payload.
OPS = {
    exir_ops.edge.aten.add.Tensor: 0,
    exir_ops.edge.aten.mul.Tensor: 1,
    exir_ops.edge.aten.relu.default: 2,
}


def _float32_same_shape(node: torch.fx.Node) -> bool:
    """Whether `node` and its tensor arguments are float32 of one shape (no broadcasting)."""
    vals = [a.meta.get("val") for a in node.args if isinstance(a, torch.fx.Node)]
    vals.append(node.meta.get("val"))
    if any(not isinstance(v, torch.Tensor) or v.dtype != torch.float32 for v in vals):
        return False
    return all(v.shape == vals[0].shape for v in vals)


class _Supported(OperatorSupportBase):
    def is_node_supported(self, submodules, node: torch.fx.Node) -> bool:
        if node.op != "call_function" or node.target not in OPS:
            return False
        # add.Tensor with alpha != 1 is not a plain add.
        if node.kwargs.get("alpha", 1) != 1:
            return False
        tensor_args = [a for a in node.args if isinstance(a, torch.fx.Node)]
        return len(tensor_args) == len(node.args) and _float32_same_shape(node)


class ExampleBackend(BackendDetails):
    @staticmethod
    def preprocess(
        edge_program: ExportedProgram, compile_specs: List[CompileSpec]
    ) -> PreprocessResult:
        ids: Dict[torch.fx.Node, int] = {}
        inputs = 0
        steps = []
        outputs: List[int] = []
        for node in edge_program.graph_module.graph.nodes:
            if node.op == "placeholder":
                ids[node] = inputs
                inputs += 1
            elif node.op == "call_function":
                op = OPS[node.target]
                a = ids[node.args[0]]
                b = ids[node.args[1]] if op != 2 else 0
                steps.append((op, a, b))
            elif node.op == "output":
                outputs = [ids[n] for n in node.args[0]]
            if node.op == "call_function":
                ids[node] = inputs + len(steps) - 1
        blob = bytearray(b"EXB1")
        blob += struct.pack("<III", inputs, len(outputs), len(steps))
        for k, (op, a, b) in enumerate(steps):
            blob += struct.pack("<BIII", op, a, b, inputs + k)
        for v in outputs:
            blob += struct.pack("<I", v)
        return PreprocessResult(processed_bytes=bytes(blob))


class ExamplePartitioner(Partitioner):
    """Tags every connected group of supported nodes for `ExampleBackend`."""

    def __init__(self) -> None:
        super().__init__()
        self.delegation_spec = DelegationSpec(ExampleBackend.__name__, [])

    def partition(self, exported_program: ExportedProgram) -> PartitionResult:
        partitioner = CapabilityBasedPartitioner(
            exported_program.graph_module,
            _Supported(),
            allows_single_node_partition=True,
        )
        tags = {}
        for partition in partitioner.propose_partitions():
            tag = f"example_{partition.id}"
            for node in partition.nodes:
                node.meta["delegation_tag"] = tag
            tags[tag] = self.delegation_spec
        return PartitionResult(
            tagged_exported_program=exported_program, partition_tags=tags
        )
