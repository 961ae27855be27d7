#!/usr/bin/env python3
"""Benchmark: plugboard's XNNPACK backend component vs ExecuTorch's native XNNPACK, on
the same .pte files, fp32 and int8. Prints a table of medians and ratios.

Run from the repository root, with the venv of tests/fixtures/README.md (executorch
1.5.1, torch 2.14.0), after `cargo build --release` and `export.py --large`:

    /path/to/venv/bin/python tests/bench/xnnpack.py [--repeat 20]

Programs: tests/fixtures/large/{mobilenet_v2,resnet18}/<model>.{xnnpack,xnnpack_q8}.pte,
or with `--zoo` every xnnpack / xnnpack_q8 program of `export.py --zoo`
(tests/fixtures/zoo/), with the geometric means of the ratios over fp32 and int8.
plugboard runs as a subprocess (`plugboard run --warmup 7 --repeat N` prints the median
of N runs after seven untimed ones, which also settle `--threads`' per-convolution
choice; ExecuTorch gets two warm-up runs):
- default configuration: sandbox deadline on, convolutions on the host's native
  kernels (`--cpu-accel on`), 1 thread;
- pure wasm: `--cpu-accel off`, everything inside the sandboxed component;
- the default configuration with `--threads T`, T = ExecuTorch's default thread count;
- the default configuration with the native kernels capped at AVX2
  (`PLUGBOARD_NATIVE_ISA=avx2`), the path an AVX2-only CPU takes.
ExecuTorch runs in this process through `executorch.runtime`, with its XNNPACK
threadpool reset to 1 thread and then to its default thread count. Ratios are
plugboard / ExecuTorch at equal thread count: below 1 is faster than native. The goals
(issue 10): at one thread a geometric mean of at most 1.0 over the fp32 zoo and 1.2
over the int8 zoo with no program above 1.5, and at most 2.5 for pure wasm.

`--rounds R` measures every configuration R times, interleaved, and keeps each one's
best median (ExecuTorch's too): on a machine whose speed drifts from minute to minute
(a shared VM), one round gives whichever configuration ran in a slow minute a worse
figure.

`--baseline OTHER_PLUGBOARD` also runs another plugboard binary (say, one built from
the previous commit) on the same programs and configurations, alternating with this
one, and prints a second table of this / baseline (to measure a change's cost, e.g. the
sandbox's deadline checks in native work); it must accept `--warmup`.
"""

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import torch

ROOT = Path(__file__).resolve().parents[2]
LARGE = ROOT / "tests" / "fixtures" / "large"
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


def plugboard_ms(pte, inputs, repeat, extra=(), binary=BIN, isa=None):
    """Median ms of `plugboard run`; `isa` caps the native kernels' SIMD level
    (PLUGBOARD_NATIVE_ISA: avx512, avx2, portable)."""
    # Warm-up runs as ExecuTorch gets them (median_ms), and enough for the native
    # kernels' thread choice to settle (seven calls per convolution).
    cmd = [str(binary), "run", str(pte), "--repeat", str(repeat), "--warmup", "7", *extra]
    for p in inputs:
        cmd += ["-i", str(p)]
    env = dict(os.environ)
    env.pop("PLUGBOARD_NATIVE_ISA", None)
    if isa:
        env["PLUGBOARD_NATIVE_ISA"] = isa
    out = subprocess.run(cmd, capture_output=True, text=True, check=True, env=env).stdout
    m = re.search(r"execute ([0-9.]+) ms", out)
    if not m:
        raise RuntimeError(f"no timing in plugboard output:\n{out}")
    return float(m.group(1))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=20)
    ap.add_argument("--baseline", type=Path, help="another plugboard binary to compare with")
    ap.add_argument("--zoo", action="store_true", help="the programs of tests/fixtures/zoo (export.py --zoo)")
    ap.add_argument(
        "--rounds",
        type=int,
        default=1,
        help="measure every configuration this many times, interleaved, and keep each one's best median",
    )
    ap.add_argument("--only", nargs="+", metavar="MODEL", help="with --zoo: only these models")
    args = ap.parse_args()
    if args.zoo:
        zoo = ROOT / "tests" / "fixtures" / "zoo"
        manifest = json.loads((zoo / "manifest.json").read_text())
        programs = [
            (e["model"], e["variant"], zoo / e["model"])
            for e in manifest
            if e["variant"] in ("xnnpack", "xnnpack_q8") and (zoo / e["file"]).exists()
            and (not args.only or e["model"] in args.only)
        ]
    else:
        programs = [(m, v, LARGE / m) for m in ("mobilenet_v2", "resnet18") for v in ("xnnpack", "xnnpack_q8")]

    from executorch.extension.pybindings import portable_lib
    from executorch.runtime import Runtime

    default_threads = portable_lib._threadpool_get_thread_count()
    torch.set_num_threads(1)
    rows = []
    base_rows = []
    for model, variant, d in programs:
        pte = d / f"{model}.{variant}.pte"
        if not pte.exists():
            print(f"skipping {pte}: run tests/fixtures/export.py --large", file=sys.stderr)
            continue
        files = sorted(d.glob("input*.npy"))
        tin = [torch.from_numpy(np.load(f)) for f in files]
        # The configurations interleaved, `--rounds` times, each keeping its best
        # median: on a machine whose speed drifts from minute to minute, a fixed order
        # would hand one configuration the slow minutes.
        configs = {
            "pb": ((), None),
            "wasm": (("--cpu-accel", "off"), None),
            "threads": (("--threads", str(default_threads)), None),
            # The native kernels forced down to AVX2 (on an AVX-512 machine this is the
            # figure an AVX2-only CPU would see, give or take clocks).
            "avx2": ((), "avx2"),
        }
        best = {}
        for _ in range(args.rounds):
            for key, (extra, isa) in configs.items():
                ms = plugboard_ms(pte, files, args.repeat, extra, isa=isa)
                best[key] = min(best.get(key, ms), ms)
        pb, pb_wasm, pb_threads, pb_avx2 = best["pb"], best["wasm"], best["threads"], best["avx2"]
        if args.baseline:
            name = f"{model} {'int8' if variant.endswith('q8') else 'fp32'}"
            for label, extra in (
                ("native 1T", ()),
                ("pure wasm", ("--cpu-accel", "off")),
                (f"native {default_threads}T", ("--threads", str(default_threads))),
            ):
                # Alternate the binaries, twice each, and keep each one's best median.
                this, base = [], []
                for _ in range(2):
                    base.append(plugboard_ms(pte, files, args.repeat, extra, args.baseline))
                    this.append(plugboard_ms(pte, files, args.repeat, extra))
                base_rows.append((name, label, min(base), min(this)))
        rows.append(
            dict(
                program=f"{model} {'int8' if variant.endswith('q8') else 'fp32'}",
                pte=pte,
                tin=tin,
                plugboard_ms=pb,
                plugboard_pure_wasm_ms=pb_wasm,
                plugboard_threads_ms=pb_threads,
                plugboard_avx2_ms=pb_avx2,
                threads=default_threads,
            )
        )
    # ExecuTorch: every program at 1 thread, then every program at its default count.
    # The threadpool is reset twice in all: resetting it per program sometimes aborted
    # the process inside glibc (`__pthread_tpp_change_priority` assertion).
    for threads, key in ((1, "et_1t_ms"), (default_threads, "et_default_ms")):
        portable_lib._unsafe_reset_threadpool(threads)
        for r in rows:
            method = Runtime.get().load_program(str(r["pte"])).load_method("forward")
            tin = r["tin"]
            r[key] = min(median_ms(lambda: method.execute(tin), args.repeat) for _ in range(args.rounds))
            del method

    print()
    t = default_threads
    print(
        f"{'program':<18} {'ET 1T ms':>9} {'plugboard':>10} {'ratio':>6} {'pure wasm':>10} {'ratio':>6}"
        f" {f'ET {t}T ms':>9} {f'plugboard {t}T':>13} {'ratio':>6}"
    )
    for r in rows:
        print(
            f"{r['program']:<18} {r['et_1t_ms']:>9.2f} {r['plugboard_ms']:>10.2f} {r['plugboard_ms'] / r['et_1t_ms']:>5.2f}x"
            f" {r['plugboard_pure_wasm_ms']:>10.2f} {r['plugboard_pure_wasm_ms'] / r['et_1t_ms']:>5.2f}x"
            f" {r['et_default_ms']:>9.2f} {r['plugboard_threads_ms']:>13.2f} {r['plugboard_threads_ms'] / r['et_default_ms']:>5.2f}x"
        )
    print("\nms are medians; ratio = plugboard / ExecuTorch XNNPACK at the same thread count")
    for kind in ("fp32", "int8"):
        rs = [r for r in rows if r["program"].endswith(kind)]
        if rs:
            gm = lambda key: statistics.geometric_mean([r[key] / r["et_1t_ms"] for r in rs])  # noqa: E731
            gmt = statistics.geometric_mean([r["plugboard_threads_ms"] / r["et_default_ms"] for r in rs])
            print(
                f"geometric mean over {len(rs)} {kind} programs: plugboard/ET 1T {gm('plugboard_ms'):.2f}x,"
                f" pure wasm/ET 1T {gm('plugboard_pure_wasm_ms'):.2f}x, plugboard/ET {t}T {gmt:.2f}x"
            )
    print(f"\n{'program':<18} {'native AVX2':>12} {'pure wasm':>10} {'AVX2/wasm':>10} {'AVX2/ET 1T':>10}")
    for r in rows:
        print(
            f"{r['program']:<18} {r['plugboard_avx2_ms']:>12.2f} {r['plugboard_pure_wasm_ms']:>10.2f}"
            f" {r['plugboard_avx2_ms'] / r['plugboard_pure_wasm_ms']:>9.2f}x {r['plugboard_avx2_ms'] / r['et_1t_ms']:>9.2f}x"
        )
    print("(native AVX2: PLUGBOARD_NATIVE_ISA=avx2; it must never be slower than pure wasm)")
    if base_rows:
        print(f"\n{'program':<18} {'config':<11} {'baseline ms':>12} {'this ms':>9} {'this/base':>9}")
        for name, label, base, this in base_rows:
            print(f"{name:<18} {label:<11} {base:>12.2f} {this:>9.2f} {this / base:>8.3f}x")
        print(f"baseline: {args.baseline}")
    for r in rows:
        del r["pte"], r["tin"]
    print(json.dumps(rows))


if __name__ == "__main__":
    main()
