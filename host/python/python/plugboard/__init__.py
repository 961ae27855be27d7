"""plugboard: run ExecuTorch programs on WebAssembly components.

``plugboard.runtime`` is a drop-in for ``executorch.runtime``: change
``from executorch.runtime import Runtime`` to ``from plugboard.runtime import Runtime``.
``plugboard.llm`` is the same for ``executorch.extension.llm.runner``'s
``TextLLMRunner`` and ``GenerationConfig``.
"""

from ._plugboard import PlugboardError

# `err.kind` (ExecuTorch's error name) and `err.message` (with the context: file,
# method, instruction, component), as `args[0]` and `args[1]`.
PlugboardError.kind = property(lambda self: self.args[0] if self.args else None)
PlugboardError.message = property(lambda self: self.args[1] if len(self.args) > 1 else "")
# `str(err)` reads as the CLI's error line: "Kind: message (context)".
PlugboardError.__str__ = lambda self: (
    f"{self.args[0]}: {self.args[1]}" if len(self.args) > 1 else Exception.__str__(self)
)

from . import runtime  # noqa: E402,F401
from . import llm  # noqa: E402,F401
