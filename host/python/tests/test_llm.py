"""Language models through plugboard's Python package: ExecuTorch's own step loop
(``tests/fixtures/export_llm.py``'s ``reference_steps``) run unchanged on
``plugboard.runtime``, and ``plugboard.llm.TextLLMRunner`` against ExecuTorch's greedy
text (``tests/fixtures/llm``)."""

import json
from pathlib import Path

import numpy as np

from plugboard.llm import GenerationConfig, Stats, TextLLMRunner
from plugboard.runtime import Runtime

LLM = Path(__file__).resolve().parents[3] / "tests" / "fixtures" / "llm"


def test_step_loop_matches_executorch():
    manifest = json.loads((LLM / "manifest.json").read_text())
    prompt = list(np.load(LLM / "prompt_tokens.npy"))
    for variant in ("fp32", "8da4w"):
        want = np.load(LLM / f"et_{variant}_logits.npy")
        want_tokens = list(np.load(LLM / f"et_{variant}_tokens.npy"))
        method = Runtime.get().load_program(LLM / f"llama_{variant}.pte").load_method("forward")
        out = method.execute([np.array([prompt], dtype=np.int64), np.array([0], dtype=np.int64)])
        pos, tokens = len(prompt), []
        for step in range(manifest["steps"] + 1):
            logits = np.asarray(out[0]).reshape(-1).astype(np.float32)
            assert np.max(np.abs(logits - want[step])) <= 1e-3, (variant, step)
            tokens.append(int(logits.argmax()))
            if step == manifest["steps"]:
                break
            out = method.execute([np.array([[tokens[-1]]], dtype=np.int64), np.array([pos], dtype=np.int64)])
            pos += 1
        assert tokens == want_tokens, variant


def test_text_llm_runner_matches_executorch():
    manifest = json.loads((LLM / "manifest.json").read_text())
    runner = TextLLMRunner(LLM / "llama_fp32.pte", LLM / "tokenizer.json")
    assert runner.get_vocab_size() == manifest["params"]["vocab_size"]
    pieces, stats = [], []
    config = GenerationConfig(echo=False, max_new_tokens=manifest["max_new_tokens"], temperature=0.0, num_bos=1)
    runner.generate(manifest["prompt"], config, token_callback=pieces.append, stats_callback=stats.append)
    assert "".join(pieces) == (LLM / "et_fp32_generate.txt").read_text()
    assert isinstance(stats[0], Stats) and stats[0].num_generated_tokens == manifest["max_new_tokens"]
    assert stats[0].decode_tokens_per_second > 0
    runner.reset()
    again = []
    runner.generate(manifest["prompt"], config, token_callback=again.append)
    assert again == pieces
