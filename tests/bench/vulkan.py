#!/usr/bin/env python3
"""Benchmark: plugboard's Vulkan backend component (WGSL kernels on the host's `gpu`
import) against plugboard's XNNPACK program of the same model on the CPU.

Run from the repository root after `cargo build --release` (python3 standard library
only; on a machine without a GPU, Mesa's lavapipe serves, with XDG_RUNTIME_DIR set):

    python3 tests/bench/vulkan.py [--repeat 10] [--only mobilenet] [--bin PATH]

Programs: every tests/fixtures/*/*.vulkan.pte, and
tests/fixtures/large/{mobilenet_v2,resnet18}/*.vulkan.pte when exported
(`export.py --large`); inputs are the `input*.npy` of the program's folder. Each runs
as `plugboard run PROGRAM -i ... --repeat N` (the median of N runs after one warm-up),
and so does the `.xnnpack.pte` next to it, when there is one, in the same invocation of
this script. The table gives the adapter (`plugboard backends`), the time `plugboard
run` reports for loading the method (which includes the delegate's `init`: buffers,
constant upload, pipeline compilation), the median per run, XNNPACK's median and the
ratio Vulkan / XNNPACK (below 1: the GPU program is faster).

`--backend FILE.wasm` (repeatable) and `--no-bundled` are passed to every run, to
measure components built outside the binary, e.g.
`--no-bundled --backend target/components/wasm32-wasip2/release/plugboard_portable.wasm
--backend .../plugboard_xnnpack.wasm --backend .../plugboard_vulkan.wasm`.
"""

import argparse
import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "tests" / "fixtures"
LARGE = ("mobilenet_v2", "resnet18")
BIN = ROOT / "target" / "release" / "plugboard"


def env():
    e = dict(os.environ)
    # lavapipe (and other Vulkan loaders) want a runtime directory.
    e.setdefault("XDG_RUNTIME_DIR", "/tmp")
    return e


def adapter(binary):
    """The VulkanBackend line's detail in `plugboard backends`, or why it is missing."""
    try:
        out = subprocess.run(
            [str(binary), "backends"], capture_output=True, text=True, env=env(), timeout=120
        ).stdout
    except (OSError, subprocess.SubprocessError) as e:
        return f"? ({e})"
    for line in out.splitlines():
        if line.startswith("VulkanBackend"):
            cols = re.split(r"\s{2,}", line.strip(), maxsplit=2)
            if len(cols) >= 2 and cols[1] != "yes":
                return "unavailable: " + (cols[2] if len(cols) > 2 else "")
            return cols[2] if len(cols) > 2 else "-"
    return "VulkanBackend not listed"


def inputs_of(folder):
    def key(p):
        m = re.search(r"(\d+)", p.stem)
        return int(m.group(1)) if m else -1

    return sorted(folder.glob("input*.npy"), key=key)


def run(binary, pte, inputs, repeat, extra):
    """(load ms, median execute ms) of `plugboard run`, or raises RuntimeError."""
    cmd = [str(binary), "run", str(pte), "--repeat", str(repeat), *extra]
    for p in inputs:
        cmd += ["-i", str(p)]
    for attempt in range(2):
        p = subprocess.run(cmd, capture_output=True, text=True, env=env())
        out = p.stdout + p.stderr
        if p.returncode != 0:
            raise RuntimeError(f"exit {p.returncode}: {out.strip().splitlines()[-1:]}")
        load = re.search(r"load ([0-9.]+) ms", out)
        ex = re.search(r"execute ([0-9.]+) ms", out)
        if not (load and ex):
            raise RuntimeError(f"no timing in plugboard output:\n{out}")
        # The first run of a component compiles it (then cached): measure again.
        if "includes compiling" in out and attempt == 0:
            continue
        return float(load.group(1)), float(ex.group(1))
    return float(load.group(1)), float(ex.group(1))


def programs(only):
    found = sorted(FIXTURES.glob("*/*.vulkan.pte"))
    for m in LARGE:
        found += sorted((FIXTURES / "large" / m).glob("*.vulkan.pte"))
    return [p for p in found if not only or any(o in str(p.relative_to(FIXTURES)) for o in only)]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--repeat", type=int, default=10, help="runs per program (median)")
    ap.add_argument(
        "--only", action="append", default=[], help="substring of the program path (repeatable)"
    )
    ap.add_argument("--bin", type=Path, default=BIN, help="the plugboard binary")
    ap.add_argument("--backend", action="append", default=[], help="extra component for every run")
    ap.add_argument("--no-bundled", action="store_true", help="pass --no-bundled to every run")
    args = ap.parse_args()
    if not args.bin.exists():
        sys.exit(f"{args.bin} not found: cargo build --release (or --bin PATH)")
    extra = ["--no-bundled"] if args.no_bundled else []
    for b in args.backend:
        extra += ["--backend", b]

    ad = adapter(args.bin)
    print(f"adapter: {ad}", file=sys.stderr)
    rows = []
    for pte in programs(args.only):
        name = str(pte.relative_to(FIXTURES)).removesuffix(".vulkan.pte")
        name = name.split("/")[-1] if "/" in name else name
        ins = inputs_of(pte.parent)
        print(f"{name} ...", file=sys.stderr, flush=True)
        row = dict(program=name, load=None, vk=None, xnn=None, note="")
        try:
            row["load"], row["vk"] = run(args.bin, pte, ins, args.repeat, extra)
        except RuntimeError as e:
            row["note"] = f"vulkan: {e}"
        xpte = pte.with_name(pte.name.replace(".vulkan.pte", ".xnnpack.pte"))
        if xpte.exists():
            try:
                _, row["xnn"] = run(args.bin, xpte, ins, args.repeat, extra)
            except RuntimeError as e:
                row["note"] += f" xnnpack: {e}"
        rows.append(row)

    def f(x, w):
        return f"{x:>{w}.2f}" if x is not None else f"{'-':>{w}}"

    print(f"\nadapter: {ad}; {args.repeat} runs per program after one warm-up\n")
    print(f"{'program':<18} {'load ms':>9} {'vulkan ms':>10} {'xnnpack ms':>11} {'ratio':>7}")
    for r in rows:
        ratio = (
            f"{r['vk'] / r['xnn']:>6.2f}x" if r["vk"] is not None and r["xnn"] else f"{'-':>7}"
        )
        print(
            f"{r['program']:<18} {f(r['load'], 9)} {f(r['vk'], 10)} {f(r['xnn'], 11)} {ratio}"
            + (f"  {r['note'].strip()}" if r["note"] else "")
        )
    print(
        "\nload: loading the method (delegate init included); vulkan, xnnpack: median ms"
        " per run; ratio = vulkan / xnnpack (XNNPACK on the CPU, same plugboard binary)"
    )


if __name__ == "__main__":
    main()
