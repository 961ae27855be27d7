"""Python threads executing plugboard methods in parallel (execute releases the GIL):
prints executes per second with 1 and N threads and the ratio.

    python host/python/bench_threads.py [--model cnn] [--variant portable] [--seconds 3] [--threads 2]
"""

import argparse
import threading
import time
from pathlib import Path

import numpy as np

from plugboard.runtime import Runtime

FIXTURES = Path(__file__).resolve().parents[2] / "tests" / "fixtures"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--model", default="cnn")
    ap.add_argument("--variant", default="portable")
    ap.add_argument("--seconds", type=float, default=3.0)
    ap.add_argument("--threads", type=int, default=2)
    a = ap.parse_args()
    d = FIXTURES / a.model
    if not d.exists():
        d = FIXTURES / "large" / a.model
    inputs = [np.load(p) for p in sorted(d.glob("input*.npy"))]
    program = Runtime.get().load_program(d / f"{a.model}.{a.variant}.pte")

    def rate(n):
        methods = [program.load_method("forward") for _ in range(n)]
        counts = [0] * n
        stop = time.perf_counter() + a.seconds

        def work(i):
            while time.perf_counter() < stop:
                methods[i].execute(inputs)
                counts[i] += 1

        ts = [threading.Thread(target=work, args=(i,)) for i in range(n)]
        for t in ts:
            t.start()
        for t in ts:
            t.join()
        return sum(counts) / a.seconds

    one, many = rate(1), rate(a.threads)
    print(f"{a.model}.{a.variant}: 1 thread {one:.1f} executes/s, {a.threads} threads {many:.1f} executes/s, ratio {many / one:.2f}x")


if __name__ == "__main__":
    main()
