"""Text generation, shaped like ExecuTorch's ``executorch.extension.llm.runner``.

``TextLLMRunner(model_path, tokenizer_path, data_path=None)`` loads a KV-cache
language model (``export_llama -kv``, optimum-executorch) and a Hugging Face
``tokenizer.json``; ``generate(prompt, config, token_callback, stats_callback)``
prefills the prompt through the cache and decodes until an EOS id, the token budget
or the context limit, calling ``token_callback`` with each piece of text as it is
generated. ``GenerationConfig`` has ExecuTorch's fields and defaults, plus ``top_p``
and ``seed``. The cache persists between ``generate`` calls (a conversation) until
``reset()``.

Change ``from executorch.extension.llm.runner import TextLLMRunner, GenerationConfig``
to ``from plugboard.llm import TextLLMRunner, GenerationConfig``.
"""

from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Optional, Union

from .runtime import Runtime

__all__ = ["GenerationConfig", "Stats", "TextLLMRunner"]


@dataclass
class GenerationConfig:
    """How to generate (ExecuTorch's ``GenerationConfig``: same fields, same defaults).

    ``max_new_tokens`` and ``seq_len`` of -1 mean "until the context is full" and "the
    model's ``get_max_context_len``"; ``temperature`` 0 is greedy; ``warming`` is
    accepted and ignored."""

    echo: bool = True
    max_new_tokens: int = -1
    warming: bool = False
    seq_len: int = -1
    temperature: float = 0.8
    num_bos: int = 0
    num_eos: int = 0
    top_p: float = 1.0
    seed: int = 0

    def resolve_max_new_tokens(self, max_context_len: int, num_tokens_occupied: int) -> int:
        """Tokens left to generate with ``num_tokens_occupied`` positions taken."""
        limit = max_context_len if self.seq_len < 0 else min(self.seq_len, max_context_len)
        room = max(limit - num_tokens_occupied, 0)
        return room if self.max_new_tokens < 0 else min(self.max_new_tokens, room)

    def _wire(self):
        return (
            bool(self.echo),
            int(self.max_new_tokens),
            int(self.seq_len),
            float(self.temperature),
            float(self.top_p),
            int(self.seed),
            int(self.num_bos),
            int(self.num_eos),
        )


@dataclass
class Stats:
    """What a generation took (seconds; ``*_tokens_per_second`` derived)."""

    num_prompt_tokens: int
    num_generated_tokens: int
    model_load_s: float
    time_to_first_token_s: float
    prefill_s: float
    decode_s: float

    @property
    def prefill_tokens_per_second(self) -> float:
        return self.num_prompt_tokens / self.prefill_s if self.prefill_s > 0 else 0.0

    @property
    def decode_tokens_per_second(self) -> float:
        n = max(self.num_generated_tokens - 1, 0)
        return n / self.decode_s if self.decode_s > 0 else 0.0


PathLike = Union[str, Path]


class TextLLMRunner:
    """A text generation runner over a KV-cache language model program."""

    def __init__(
        self,
        model_path: PathLike,
        tokenizer_path: PathLike,
        data_path: Optional[PathLike] = None,
        runtime: Optional[Runtime] = None,
    ):
        rt = runtime if runtime is not None else Runtime.get()
        from . import _plugboard as _pb

        self._inner = _pb.TextLlmRunner(
            rt._registry,
            str(model_path),
            str(tokenizer_path),
            None if data_path is None else str(data_path),
        )

    def generate(
        self,
        prompt: str,
        config: GenerationConfig,
        token_callback: Optional[Callable[[str], None]] = None,
        stats_callback: Optional[Callable[[Stats], None]] = None,
    ) -> None:
        """Generates from ``prompt``; each piece of text goes to ``token_callback``."""
        stats = Stats(*self._inner.generate(prompt, config._wire(), token_callback))
        if stats_callback is not None:
            stats_callback(stats)

    def prefill(self, prompt: str, config: GenerationConfig) -> None:
        """Prefills ``prompt`` into the cache without generating."""
        self._inner.prefill(prompt, config._wire())

    def reset(self) -> None:
        """Starts the next generation at position 0."""
        self._inner.reset()

    def stop(self) -> None:
        """Accepted for compatibility: generation runs to its end in one call."""

    def get_vocab_size(self) -> int:
        return self._inner.vocab_size()
