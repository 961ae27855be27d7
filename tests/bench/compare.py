#!/usr/bin/env python3
"""Benchmark: plugboard vs ExecuTorch's own runtime vs eager PyTorch, same .pte files.

Prints a table of medians and ratios. Run from the repository root, with the venv of
tests/fixtures/README.md (executorch 1.5.1, torch 2.14.0) and a release build:

    cargo build --release
    /path/to/venv/bin/python tests/bench/compare.py [--repeat 20]

Programs: tests/fixtures/large/{mobilenet_v2,resnet18}/*.portable.pte (make them with
`export.py --large`) and tests/fixtures/lstm/lstm.portable.pte (dispatch cost: the LSTM
program is ~150 tiny kernel calls). plugboard runs as a subprocess (`plugboard run
--repeat N` prints its median and its per-run copy volume); its peak RSS comes from
GNU time. ExecuTorch and eager PyTorch run in this process. The LSTM runs twice in
plugboard: batched (default: runs of kernel calls cross into the library once) and
`--per-call` (one component call per kernel call).
"""

import argparse
import json
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import torch

ROOT = Path(__file__).resolve().parents[2]
FIX = ROOT / "tests" / "fixtures"
BIN = ROOT / "target" / "release" / "plugboard"


def median_ms(fn, repeat, warmup=2):
    for _ in range(warmup):
        fn()
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t) * 1e3)
    return statistics.median(times)


def inputs_of(d):
    out = []
    i = 0
    while (d / f"input{i}.npy").exists():
        out.append(np.load(d / f"input{i}.npy"))
        i += 1
    return out


def plugboard_run(pte, inputs, repeat, extra=()):
    cmd = [str(BIN), "run", str(pte), "--repeat", str(repeat), *extra]
    for p in inputs:
        cmd += ["-i", str(p)]
    # Peak RSS through GNU time: getrusage(RUSAGE_CHILDREN) would count the pages of
    # this (torch-laden) Python process that the child shares between fork and exec.
    timer = ["/usr/bin/time", "-f", "maxrss_kib=%M"] if Path("/usr/bin/time").exists() else []
    proc = subprocess.run(timer + cmd, capture_output=True, text=True, check=True)
    out = proc.stdout
    rss = re.search(r"maxrss_kib=(\d+)", proc.stderr)
    peak_kib = int(rss.group(1)) if rss else None
    m = re.search(r"execute ([0-9.]+) ms", out)
    copies = re.search(r"copied per run: (\d+) bytes in, (\d+) bytes out", out)
    return (
        float(m.group(1)),
        peak_kib,
        (int(copies.group(1)), int(copies.group(2))) if copies else None,
    )


def et_method(pte):
    from executorch.runtime import Runtime

    rt = Runtime.get()
    program = rt.load_program(str(pte))
    return program.load_method("forward")


def count_kernel_calls(pte):
    out = subprocess.run([str(BIN), "inspect", str(pte)], capture_output=True, text=True, check=True).stdout
    m = re.search(r"\"KernelCall\": (\d+)", out)
    return int(m.group(1)) if m else 0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=10)
    args = ap.parse_args()
    torch.set_num_threads(1)
    rows = []
    models = [
        ("mobilenet_v2", FIX / "large" / "mobilenet_v2", ()),
        ("resnet18", FIX / "large" / "resnet18", ()),
        ("lstm", FIX / "lstm", ()),
        ("lstm", FIX / "lstm", ("--per-call",)),
    ]
    for name, d, extra in models:
        pte = d / f"{name}.portable.pte"
        if not pte.exists():
            print(f"skipping {name}: {pte} is missing (run tests/fixtures/export.py --large)", file=sys.stderr)
            continue
        inputs = inputs_of(d)
        files = sorted(d.glob("input*.npy"))
        reps = args.repeat if name != "lstm" else args.repeat * 20
        pb_ms, peak_kib, copies = plugboard_run(pte, files, reps, extra)
        et_reps = max(2, reps // 5) if name != "lstm" else reps
        m = et_method(pte)
        tin = [torch.from_numpy(x) for x in inputs]
        et_ms = median_ms(lambda: m.execute(tin), et_reps, warmup=1)
        calls = count_kernel_calls(pte)
        rows.append(dict(model=name + (" per-call" if extra else ""), calls=calls, plugboard_ms=pb_ms, executorch_ms=et_ms,
                         speedup=et_ms / pb_ms, peak_mib=(peak_kib or 0) / 1024, copies=copies))
    eager = {}
    try:
        import torchvision

        for name in ("mobilenet_v2", "resnet18"):
            model = getattr(torchvision.models, name)(weights=None).eval()
            x = torch.randn(1, 3, 224, 224)
            with torch.no_grad():
                eager[name] = median_ms(lambda: model(x), args.repeat)
    except Exception as e:  # noqa: BLE001
        print(f"eager PyTorch skipped: {e}", file=sys.stderr)

    print()
    print(f"{'program (portable)':<20} {'kernel calls':>12} {'plugboard ms':>13} {'ExecuTorch ms':>14} {'ET/plugboard':>13} {'eager 1T ms':>12} {'plugboard/eager':>16} {'peak RSS MiB':>13}")
    for r in rows:
        e = eager.get(r["model"])
        eager_s = f"{e:.1f}" if e else "-"
        ratio_s = f"{r['plugboard_ms'] / e:.2f}x" if e else "-"
        print(f"{r['model']:<20} {r['calls']:>12} {r['plugboard_ms']:>13.3f} {r['executorch_ms']:>14.3f} {r['speedup']:>12.1f}x "
              f"{eager_s:>12} {ratio_s:>16} {r['peak_mib']:>13.0f}")
    for r in rows:
        if r["model"].startswith("lstm") and r["calls"]:
            print(f"\n{r['model']} dispatch: plugboard {r['plugboard_ms'] * 1e3 / r['calls']:.2f} us per kernel call (incl. compute), "
                  f"ExecuTorch {r['executorch_ms'] * 1e3 / r['calls']:.2f} us per call")
        if r["copies"]:
            print(f"{r['model']}: bytes copied across the component boundary per run: {r['copies'][0]} in, {r['copies'][1]} out")
    print(json.dumps(rows))


if __name__ == "__main__":
    main()
