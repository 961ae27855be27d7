"""Fits the rational tanh of the XNNPACK guest (`tanh_f32x4` in
src/kernels/elementwise.rs): tanh(x) ~ x P(x^2) / Q(x^2) on [0, 9], P and Q of degree
4 with P(0) = Q(0) = 1, minimizing the relative error (linearized least squares,
reweighted toward the worst points, Lawson style). Prints the coefficients and the
error of the f32 evaluation (Horner, separate multiply and add, as the guest does) over
[-10, 10] against float64's tanh.

    python components/xnnpack/tools/fit_tanh.py   (needs numpy)
"""

import numpy as np

C = 9.0  # |x| beyond which tanh(x) rounds to +-1 in f32
NP, NQ = 5, 5  # coefficients of P and Q

x = np.concatenate([np.linspace(1e-4, 1, 20000), np.linspace(1, C, 40000)])
y = np.tanh(x)
t = x * x


def fit(iters=200):
    w = np.ones_like(x)
    q_prev = np.ones_like(x)
    best = None
    for _ in range(iters):
        # Unknowns p1..p4, q1..q4: x P - y Q = 0 with p0 = q0 = 1.
        a = [x * t**k for k in range(1, NP)] + [-y * t**k for k in range(1, NQ)]
        a = np.array(a).T
        b = y - x
        wt = w / np.abs(q_prev) / y
        sol, *_ = np.linalg.lstsq(a * wt[:, None], b * wt, rcond=None)
        p = np.concatenate([[1.0], sol[: NP - 1]])
        q = np.concatenate([[1.0], sol[NP - 1 :]])
        pv = sum(p[k] * t**k for k in range(NP))
        qv = sum(q[k] * t**k for k in range(NQ))
        q_prev = qv
        rel = np.abs(x * pv / qv - y) / y
        worst = rel.max()
        if best is None or worst < best[0]:
            best = (worst, p, q)
        w = w * (rel / worst + 1e-3)
        w /= w.sum()
    return best


def eval_f32(p, q, xs):
    xc = np.clip(xs, np.float32(-C), np.float32(C))
    tt = (xc * xc).astype(np.float32)

    def horner(c):
        v = np.float32(c[-1])
        for k in c[-2::-1]:
            v = (v * tt + np.float32(k)).astype(np.float32)
        return v

    r = (xc * horner(p) / horner(q)).astype(np.float32)
    return np.clip(r, np.float32(-1), np.float32(1))


worst, p, q = fit()
xs = np.linspace(-10, 10, 4000001).astype(np.float32)
err = np.abs(eval_f32(p, q, xs) - np.tanh(xs.astype(np.float64))).max()
print(f"fit relative error {worst:.3g}, f32 evaluation within {err:.3g} of tanh")
print("P", [f"{np.float32(v)!r}" for v in p])
print("Q", [f"{np.float32(v)!r}" for v in q])
