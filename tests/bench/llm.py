#!/usr/bin/env python3
"""Benchmark: text generation. plugboard's `plugboard.llm.TextLLMRunner` against
ExecuTorch's own `TextLLMRunner` on the same `.pte` files and the same tokenizer, one
run on one machine, at one thread and at two. Prints a table and the CPU.

Programs:
- `tiny 8da4w`, `tiny fp32`: the LLM fixtures (tests/fixtures/llm, `export_llm.py`): a
  2-layer Llama, dim 64, 64 positions.
- `100M 8da4w`: a random-weight Llama of about 100M parameters (dim 768, 16 layers,
  12 query heads over 4 KV heads, FFN 2048, 256 positions), exported by this script with
  ExecuTorch's `export_llama` (`-kv --use_sdpa_with_kv_cache -X -qmode 8da4w
  --group_size 32`) into `target/bench/llm/` the first time (about 15 minutes on 2 cores), with the
  fixtures' tokenizer (so the vocabulary is theirs).

Each measurement runs in its own process (`--rounds` of them per runner and thread
count, alternating, the fastest decode kept) (so peak RSS is that runner's): the runner is
constructed, one short untimed generation warms it, `reset()` clears the KV cache, then
one greedy generation of the prompt is timed from the `generate` call through the
`token_callback` of each piece: time to first token (prompt prefill and the first
token's sampling), prefill tokens/s (prompt tokens / time to first token) and decode
tokens/s (tokens after the first / time from the first piece to the last). Wall-clock in
both (ExecuTorch's own `Stats` are in whole milliseconds). Peak RSS is the process's
`ru_maxrss`; "RSS Δ" subtracts the RSS after the imports (ExecuTorch's runner module
pulls in libtorch, plugboard's package does not). "load+warm-up" is the constructor
and the untimed generation (ExecuTorch's runner loads the program on first use).

Threads: ExecuTorch's XNNPACK threadpool is reset to T (`_unsafe_reset_threadpool`);
plugboard runs with `Runtime(threads=T)` (its native kernels' threads).

Run from the repository root with the fixture venv (tests/fixtures/README.md), after
building plugboard's Python package into a venv (`.ci/run` leaves one at
target/pyvenv; or `python3 -m venv V && V/bin/pip install ./host/python`):

    /path/to/fixture-venv/bin/python tests/bench/llm.py [--plugboard-python V/bin/python]
        [--threads 1 2] [--rounds 3] [--only tiny_8da4w ...]
"""

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "tests" / "fixtures" / "llm"
WORK = ROOT / "target" / "bench" / "llm"

LARGE_PARAMS = {
    "dim": 768,
    "n_layers": 16,
    "n_heads": 12,
    "n_kv_heads": 4,
    "hidden_dim": 2048,
    "norm_eps": 1e-5,
    "rope_theta": 10000.0,
}
LARGE_SEQ_LEN = 256

PROMPT_SHORT = "Once upon a time, the program ran"
PROMPT_LONG = (
    "Once upon a time there was a small program that ran on every machine. It loaded "
    "its backends at run time, and each backend was a component with a contract. The "
    "contract never changed once it was released, so a plugin built last year still ran "
    "today. The program read a file, found its methods, and ran each instruction in order"
)

# (key, label, pte path (callable: built on demand), prompt, new tokens)
PROGRAMS = [
    ("tiny_8da4w", "tiny 8da4w (2 layers, dim 64)", lambda: FIXTURES / "llama_8da4w.pte", PROMPT_SHORT, 40),
    ("tiny_fp32", "tiny fp32 (2 layers, dim 64)", lambda: FIXTURES / "llama_fp32.pte", PROMPT_SHORT, 40),
    ("100m_8da4w", "100M 8da4w (16 layers, dim 768)", lambda: large_program(), PROMPT_LONG, 128),
]


def rss_mb() -> float:
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


def worker(impl: str, pte: str, tokenizer: str, threads: int, prompt: str, new_tokens: int) -> None:
    """One timed generation; prints a JSON line."""
    import resource

    if impl == "et":
        import executorch.extension.llm.custom_ops.custom_ops  # noqa: F401 (llama:: ops)
        import executorch.kernels.quantized  # noqa: F401 (quantized_decomposed:: ops)
        from executorch.extension.llm.runner import GenerationConfig, TextLLMRunner
        from executorch.extension.pybindings import portable_lib

        portable_lib._unsafe_reset_threadpool(threads)
        base = rss_mb()
        t0 = time.perf_counter()
        runner = TextLLMRunner(pte, tokenizer)
    else:
        from plugboard.runtime import Runtime
        from plugboard.llm import GenerationConfig, TextLLMRunner

        base = rss_mb()
        t0 = time.perf_counter()
        runner = TextLLMRunner(pte, tokenizer, runtime=Runtime(threads=threads))

    def config(n):
        return GenerationConfig(echo=False, max_new_tokens=n, temperature=0.0, num_bos=1)

    runner.generate(prompt, config(4), token_callback=lambda _: None)
    load_s = time.perf_counter() - t0
    runner.reset()
    stamps, pieces = [], []

    def on_token(piece):
        stamps.append(time.perf_counter())
        pieces.append(piece)

    stats = []
    start = time.perf_counter()
    runner.generate(prompt, config(new_tokens), token_callback=on_token, stats_callback=stats.append)
    cpu = resource.getrusage(resource.RUSAGE_SELF)
    prompt_tokens = stats[0].num_prompt_tokens if stats else 0
    ttft = stamps[0] - start if stamps else float("nan")
    decode = stamps[-1] - stamps[0] if len(stamps) > 1 else float("nan")
    print(
        json.dumps(
            {
                "load_s": load_s,
                "prompt_tokens": prompt_tokens,
                "generated": len(stamps),
                "ttft_ms": 1e3 * ttft,
                "prefill_tok_s": prompt_tokens / ttft if ttft > 0 else 0.0,
                "decode_tok_s": (len(stamps) - 1) / decode if decode > 0 else 0.0,
                "rss_peak_mb": cpu.ru_maxrss / 1024,
                "rss_base_mb": base,
                "text": "".join(pieces),
            }
        )
    )


def large_program() -> Path:
    """The ~100M-parameter 8da4w program, exported on first use."""
    pte = WORK / "llama_100m_8da4w.pte"
    if pte.exists():
        return pte
    import torch

    WORK.mkdir(parents=True, exist_ok=True)
    fixture_params = json.loads((FIXTURES / "params.json").read_text())
    params = dict(LARGE_PARAMS, vocab_size=fixture_params["vocab_size"])
    (WORK / "params.json").write_text(json.dumps(params, indent=2) + "\n")
    from executorch.examples.models.llama.llama_transformer import construct_transformer
    from executorch.examples.models.llama.model_args import ModelArgs

    torch.manual_seed(0)
    model = construct_transformer(ModelArgs(max_batch_size=1, **params))
    n = sum(p.numel() for p in model.parameters())
    ckpt = WORK / "checkpoint.pth"
    torch.save(model.state_dict(), ckpt)
    del model
    print(f"exporting a {n / 1e6:.1f}M-parameter Llama (8da4w) to {pte} ...", flush=True)
    subprocess.run(
        [
            sys.executable, "-m", "executorch.examples.models.llama.export_llama",
            "--checkpoint", str(ckpt), "--params", str(WORK / "params.json"),
            "-kv", "--use_sdpa_with_kv_cache", "-X", "-qmode", "8da4w", "--group_size", "32",
            "--max_seq_length", str(LARGE_SEQ_LEN), "--max_context_length", str(LARGE_SEQ_LEN),
            "--metadata", json.dumps({"get_bos_id": 1, "get_eos_ids": [2]}),
            "--output_name", str(pte),
        ],
        check=True,
        cwd=WORK,
        stdout=subprocess.DEVNULL,
    )
    ckpt.unlink()
    return pte


def measure(python: str, impl: str, pte: Path, threads: int, prompt: str, new_tokens: int) -> dict:
    cmd = [python, __file__, "--worker", impl, str(pte), str(FIXTURES / "tokenizer.json"),
           str(threads), prompt, str(new_tokens)]
    env = dict(os.environ)
    env.pop("PLUGBOARD_NATIVE_ISA", None)
    out = subprocess.run(cmd, capture_output=True, text=True, env=env)
    if out.returncode != 0:
        raise RuntimeError(f"{impl} worker failed on {pte}:\n{out.stderr[-3000:]}")
    return json.loads(out.stdout.strip().splitlines()[-1])


def main():
    if len(sys.argv) > 1 and sys.argv[1] == "--worker":
        impl, pte, tok, threads, prompt, n = sys.argv[2:8]
        worker(impl, pte, tok, int(threads), prompt, int(n))
        return
    ap = argparse.ArgumentParser()
    ap.add_argument("--plugboard-python", default=str(ROOT / "target" / "pyvenv" / "bin" / "python"),
                    help="a Python with plugboard's package installed")
    ap.add_argument("--threads", type=int, nargs="+", default=[1, 2])
    ap.add_argument("--rounds", type=int, default=3, help="alternating measurements per runner; the fastest decode is kept")
    ap.add_argument("--only", nargs="+", help="program keys: " + " ".join(k for k, *_ in PROGRAMS))
    args = ap.parse_args()
    if not Path(args.plugboard_python).exists():
        sys.exit(f"{args.plugboard_python} is missing: pass --plugboard-python (see the docstring)")

    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from contract import cpu  # the same CPU line as the other benchmarks

    rows = []
    for key, label, path, prompt, n in PROGRAMS:
        if args.only and key not in args.only:
            continue
        pte = path()
        for t in args.threads:
            # Alternating rounds, each runner's fastest decode kept: this machine's speed
            # drifts from minute to minute, so the anchor is measured in the same minutes.
            pb = et = None
            for _ in range(args.rounds):
                p = measure(args.plugboard_python, "plugboard", pte, t, prompt, n)
                e = measure(sys.executable, "et", pte, t, prompt, n)
                pb = p if pb is None or p["decode_tok_s"] > pb["decode_tok_s"] else pb
                et = e if et is None or e["decode_tok_s"] > et["decode_tok_s"] else et
            same = "yes" if pb["text"] == et["text"] else "no"
            rows.append((label, t, pb, et, same, pte.stat().st_size))
            print(f"{label} {t}T: plugboard {pb['decode_tok_s']:.1f} tok/s, ExecuTorch {et['decode_tok_s']:.1f} tok/s", flush=True)

    name, flags = cpu()
    print(f"\nCPU: {name}; flags: {' '.join(flags)}; native kernels on (best ISA)")
    head = (f"{'program':<33} {'T':>2} {'runner':<10} {'prompt':>6} {'gen':>4} {'TTFT ms':>8} "
            f"{'prefill tok/s':>13} {'decode tok/s':>12} {'peak RSS MB':>11} {'RSS Δ MB':>8} {'load+warm-up s':>14}")
    print(head)
    for label, t, pb, et, same, size in rows:
        for who, r in (("plugboard", pb), ("ExecuTorch", et)):
            print(f"{label:<33} {t:>2} {who:<10} {r['prompt_tokens']:>6} {r['generated']:>4} {r['ttft_ms']:>8.2f} "
                  f"{r['prefill_tok_s']:>13.0f} {r['decode_tok_s']:>12.1f} {r['rss_peak_mb']:>11.0f} "
                  f"{r['rss_peak_mb'] - r['rss_base_mb']:>8.0f} {r['load_s']:>14.2f}")
        ratio = pb["decode_tok_s"] / et["decode_tok_s"] if et["decode_tok_s"] else float("nan")
        pre = pb["prefill_tok_s"] / et["prefill_tok_s"] if et["prefill_tok_s"] else float("nan")
        print(f"{'':<33} {'':>2} {'ratio':<10} decode {ratio:.2f}x, prefill {pre:.2f}x of ExecuTorch "
              f"(same text: {same}; .pte {size / 1e6:.1f} MB)")
    print("\nratio: plugboard / ExecuTorch tokens/s (above 1: plugboard faster). Goal (issue 32): "
          "decode at least ExecuTorch's at one thread and at two.")


if __name__ == "__main__":
    main()
