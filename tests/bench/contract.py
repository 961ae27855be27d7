#!/usr/bin/env python3
"""Benchmark: what contract 2.x changed on the data path. The same .pte files run on
the 1.4 builds of the portable kernel library and the XNNPACK backend (tensors by value:
the 1.x contract) and on the bundled 2.x builds (2.0: tensors copied once between linear
memories; 2.1: a delegate's calls after its first by `execute-again`, only addresses
crossing), in one run on one machine, next to ExecuTorch's own XNNPACK runtime at one
thread. Prints a table of bytes and medians and the machine's CPU.

Run from the repository root, with the venv of tests/fixtures/README.md (executorch
1.5.1, torch 2.14.0, transformers), after `cargo build --release` (which builds the
1.4 test artifacts too) and `export.py --zoo --only tiny_bert tiny_gpt2 lstm_lm
shufflenet_v2_x1_0 mobilenet_v2`:

    /path/to/venv/bin/python tests/bench/contract.py [--repeat 50] [--rounds 2] [--isa avx2]

Bytes: the delegate tensors per execute (the `delegate tensors per run` line of
`plugboard run`: every tensor handed to a backend and received from it; the method's
own inputs and outputs are the same under both contracts and left out), and the copies
made of them. Under 1.x each byte is copied four times: the sending guest copies it into
a list, the host lifts the list into its own buffer and lowers that into the receiving
guest, which copies it to where it belongs (two of the four through host buffers).
Under 2.x the host copies it once, straight from one linear memory into the other, and
not at all when the backend holds it from an earlier call of the same execute (an input
several delegates read, see `host/src/method/resident.rs`). Times: `plugboard run --warmup 7 --repeat N` medians (native kernels on, one
thread), best of `--rounds`; ExecuTorch through `executorch.runtime` with its XNNPACK
threadpool at one thread, measured in each round after plugboard, best of the rounds.
Ratios are plugboard / ExecuTorch: below 1 is faster.
"""

import argparse
import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
BIN = ROOT / "target" / "release" / "plugboard"
BUILT = ROOT / "target" / "components" / "wasm32-wasip2" / "release"
ZOO = ROOT / "tests" / "fixtures" / "zoo"

# (label, model, variant): the programs the issue names.
PROGRAMS = [
    ("tiny BERT", "tiny_bert", "xnnpack"),
    ("tiny GPT-2", "tiny_gpt2", "xnnpack"),
    ("LSTM language model", "lstm_lm", "xnnpack"),
    ("ShuffleNet v2 int8", "shufflenet_v2_x1_0", "xnnpack_q8"),
    ("mobilenet_v2", "mobilenet_v2", "xnnpack"),
]

# The 1.x configuration: only the 1.4 builds (no bundled components).
V1 = [
    "--no-bundled",
    "--backend", str(BUILT / "plugboard_test_portable_v1.wasm"),
    "--backend", str(BUILT / "plugboard_test_xnnpack_v1.wasm"),
]


def run(pte, inputs, repeat, extra, isa=None):
    cmd = [str(BIN), "run", str(pte), "--repeat", str(repeat), "--warmup", "7", *extra]
    for p in inputs:
        cmd += ["-i", str(p)]
    env = dict(os.environ)
    env.pop("PLUGBOARD_NATIVE_ISA", None)
    if isa:
        env["PLUGBOARD_NATIVE_ISA"] = isa
    out = subprocess.run(cmd, capture_output=True, text=True, check=True, env=env).stdout
    ms = re.search(r"execute ([0-9.]+) ms", out)
    copied = re.search(r"delegate tensors per run: (\d+) bytes in, (\d+) bytes out", out)
    resident = re.search(r"of all but (\d+) bytes in", out)
    if not ms or not copied:
        raise RuntimeError(f"unexpected plugboard output:\n{out}")
    tensors = int(copied.group(1)) + int(copied.group(2))
    return float(ms.group(1)), tensors, tensors - (int(resident.group(1)) if resident else 0)


def cpu():
    text = subprocess.run(["lscpu"], capture_output=True, text=True).stdout
    model = re.search(r"Model name:\s*(.*)", text)
    flags = re.search(r"Flags:\s*(.*)", text)
    wanted = ["avx2", "fma", "avx512f", "avx512bw", "avx512_vnni", "avx_vnni", "sha_ni"]
    have = set(flags.group(1).split()) if flags else set()
    return (model.group(1).strip() if model else "unknown"), [f for f in wanted if f in have]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=50)
    ap.add_argument("--rounds", type=int, default=2, help="measure each configuration this many times, interleaved; keep the best median")
    ap.add_argument("--isa", choices=["avx512", "avx2", "portable"], help="cap the native kernels' SIMD level (PLUGBOARD_NATIVE_ISA), e.g. avx2 for the path an AVX2-only CPU takes")
    ap.add_argument("--only", nargs="+", metavar="MODEL", help="measure only these zoo models (e.g. tiny_bert lstm_lm)")
    args = ap.parse_args()
    for f in V1[2::2]:
        if not Path(f).exists():
            sys.exit(f"{f} is missing: run `cargo build --release` first")

    import numpy as np
    import torch
    from executorch.extension.pybindings import portable_lib

    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from xnnpack import median_ms  # the same timing as the XNNPACK benchmark
    from executorch.runtime import Runtime

    torch.set_num_threads(1)
    portable_lib._unsafe_reset_threadpool(1)
    rows = []
    for label, model, variant in PROGRAMS:
        if args.only and model not in args.only:
            continue
        d = ZOO / model
        pte = d / f"{model}.{variant}.pte"
        if not pte.exists():
            sys.exit(f"{pte} is missing: run tests/fixtures/export.py --zoo --only {model}")
        inputs = sorted(d.glob("input*.npy"))
        best = {}
        tin = [torch.from_numpy(np.load(f)) for f in inputs]
        method = Runtime.get().load_program(str(pte)).load_method("forward")
        et = None
        # ExecuTorch in every round, after the two plugboard builds: this machine's
        # speed drifts from minute to minute, so the anchor is measured in the same
        # minutes as what it anchors.
        for _ in range(args.rounds):
            for key, extra in (("v1", V1), ("v2", [])):
                ms, tensors, copied = run(pte, inputs, args.repeat, extra, args.isa)
                old = best.get(key)
                best[key] = (min(ms, old[0]) if old else ms, tensors, copied)
            ms = median_ms(lambda: method.execute(tin), args.repeat)
            et = ms if et is None else min(et, ms)
        del method
        rows.append((label, best["v1"], best["v2"], et))

    name, flags = cpu()
    path = f"native kernels capped at {args.isa}" if args.isa else "native kernels on (best ISA)"
    print(f"\nCPU: {name}; flags: {' '.join(flags)}; 1 thread; {path}")
    print(
        f"{'program':<22} {'tensor B':>9} {'1.x copied B':>13} {'host-buffered':>13} {'2.x copied B':>13} {'host-buffered':>13}"
        f" {'1.x ms':>8} {'2.x ms':>8} {'2.x/1.x':>8} {'ET ms':>8} {'1.x/ET':>7} {'2.x/ET':>7}"
    )
    for label, (ms1, b1, _), (ms2, b2, c2), et in rows:
        print(
            f"{label:<22} {b2:>9} {4 * b1:>13} {2 * b1:>13} {c2:>13} {0:>13}"
            f" {ms1:>8.3f} {ms2:>8.3f} {ms2 / ms1:>7.2f}x {et:>8.3f} {ms1 / et:>6.2f}x {ms2 / et:>6.2f}x"
        )
    print(
        "\ntensor B: delegate tensor bytes per execute; copied B: the copies made of them"
        " (1.x: four per byte, two through host buffers; 2.x: one, by the host, straight"
        " between linear memories, and none for an input the backend holds from an earlier"
        " call of the execute). ms: medians per execute."
    )


if __name__ == "__main__":
    main()
