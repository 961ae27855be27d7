#!/usr/bin/env python3
"""Benchmark: what a call costs. Programs that are mostly dispatch, on plugboard and on
ExecuTorch's own runtime (XNNPACK at one thread), same `.pte` files, one run on one
machine. Prints a table of medians per execute and per instruction, and the CPU.

- `dispatch` (tests/fixtures/dispatch): 51 tiny XNNPACK delegates (multiplies and an
  add on 16 floats) alternating with 50 portable `cumsum` calls: nothing but calls.
- `lstm_lm` (tests/fixtures/zoo, when exported): 35 delegates with one small matrix-
  vector product each, and 75 portable kernel calls (72 of them byte moves:
  `squeeze_copy`, `split_with_sizes_copy`, `unsqueeze_copy`).

Each plugboard program runs as shipped, with `--execute-again off` (every delegate call
an `execute`, as for a contract 2.0 backend, see host/src/method/execute_again.rs), with
`--host-copies off` (every byte-moving operator a kernel-library call, see
host/src/method/host_copy.rs) and with `--deadline-ms 0` (no call deadline: what the
epoch checks the deadline needs cost).

Run from the repository root, with the venv of tests/fixtures/README.md, after
`cargo build --release`:

    /path/to/venv/bin/python tests/bench/dispatch.py [--repeat 300] [--rounds 3]
"""

import argparse
import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
BIN = ROOT / "target" / "release" / "plugboard"
FIXTURES = ROOT / "tests" / "fixtures"

# (label, folder, model, variant)
PROGRAMS = [
    ("dispatch (51 delegates, 50 cumsum)", FIXTURES / "dispatch", "dispatch", "xnnpack"),
    ("LSTM language model", FIXTURES / "zoo" / "lstm_lm", "lstm_lm", "xnnpack"),
]

CONFIGS = [
    ("plugboard", []),
    ("execute-again off", ["--execute-again", "off"]),
    ("host copies off", ["--host-copies", "off"]),
    ("no deadline", ["--deadline-ms", "0"]),
]


def run(pte, inputs, repeat, extra):
    cmd = [str(BIN), "run", str(pte), "--repeat", str(repeat), "--warmup", "20", *extra]
    for p in inputs:
        cmd += ["-i", str(p)]
    env = dict(os.environ)
    env.pop("PLUGBOARD_NATIVE_ISA", None)
    out = subprocess.run(cmd, capture_output=True, text=True, check=True, env=env).stdout
    ms = re.search(r"execute ([0-9.]+) ms", out)
    if not ms:
        raise RuntimeError(f"unexpected plugboard output:\n{out}")
    return float(ms.group(1))


def instructions(pte):
    out = subprocess.run([str(BIN), "inspect", str(pte)], capture_output=True, text=True, check=True).stdout
    m = re.search(r"instructions: (\d+)", out)
    return int(m.group(1)) if m else 0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=300)
    ap.add_argument("--rounds", type=int, default=3, help="measure each configuration this many times, interleaved; keep the best median")
    args = ap.parse_args()
    if not BIN.exists():
        sys.exit(f"{BIN} is missing: run `cargo build --release` first")

    import numpy as np
    import torch
    from executorch.extension.pybindings import portable_lib
    from executorch.runtime import Runtime

    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from xnnpack import median_ms  # the same timing as the XNNPACK benchmark
    from contract import cpu  # the same CPU line as the contract benchmark

    torch.set_num_threads(1)
    portable_lib._unsafe_reset_threadpool(1)
    rows = []
    for label, d, model, variant in PROGRAMS:
        pte = d / f"{model}.{variant}.pte"
        if not pte.exists():
            print(f"{pte} is missing (tests/fixtures/export.py --zoo --only {model}): left out")
            continue
        inputs = sorted(d.glob("input*.npy"))
        best = {}
        tin = [torch.from_numpy(np.load(f)) for f in inputs]
        method = Runtime.get().load_program(str(pte)).load_method("forward")
        et = None
        # ExecuTorch in every round, next to plugboard's configurations: this machine's
        # speed drifts from minute to minute, so the anchor is measured in the same
        # minutes as what it anchors.
        for _ in range(args.rounds):
            for key, extra in CONFIGS:
                ms = run(pte, inputs, args.repeat, extra)
                best[key] = min(ms, best.get(key, ms))
            ms = median_ms(lambda: method.execute(tin), args.repeat)
            et = ms if et is None else min(et, ms)
        del method
        rows.append((label, instructions(pte), best, et))

    name, flags = cpu()
    print(f"\nCPU: {name}; flags: {' '.join(flags)}; 1 thread; native kernels on (best ISA)")
    head = f"{'program':<36} {'instr':>5}"
    for key, _ in CONFIGS:
        head += f" {key + ' ms':>20}"
    head += f" {'ET ms':>8} {'plugboard/ET':>12} {'us/instr':>9} {'ET us/instr':>11}"
    print(head)
    for label, n, best, et in rows:
        line = f"{label:<36} {n:>5}"
        for key, _ in CONFIGS:
            line += f" {best[key]:>20.3f}"
        pb = best["plugboard"]
        line += f" {et:>8.3f} {pb / et:>11.2f}x {1e3 * pb / n:>9.2f} {1e3 * et / n:>11.2f}"
        print(line)
    print("\nms: medians per execute, best of the rounds; us/instr: per instruction of the chain.")


if __name__ == "__main__":
    main()
