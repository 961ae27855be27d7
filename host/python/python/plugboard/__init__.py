"""plugboard: run ExecuTorch programs on WebAssembly components.

``plugboard.runtime`` is a drop-in for ``executorch.runtime``: change
``from executorch.runtime import Runtime`` to ``from plugboard.runtime import Runtime``.
"""

from . import runtime  # noqa: F401
from ._plugboard import PlugboardError  # noqa: F401
