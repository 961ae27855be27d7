//! Every path against the module docs' definition in f64.

use super::*;

/// Deterministic values in [-2, 2).
fn values(n: usize, seed: u64) -> Vec<f32> {
    let mut s = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    (0..n)
        .map(|_| {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            (s >> 40) as f32 / (1u64 << 24) as f32 * 4.0 - 2.0
        })
        .collect()
}

fn account() -> Account {
    Account::new(1 << 30, 1 << 40)
}

/// The definition, in f64.
fn definition(
    g: &AttentionGeometry,
    q: &[f32],
    k: &[f32],
    v: &[f32],
    mask: Option<AttentionMask<'_>>,
) -> Vec<f64> {
    let (hq, hkv, d, c) = (g.heads, g.kv_heads, g.head_dim, g.cache_len);
    let mut out = vec![0f64; q.len()];
    for b in 0..g.batch {
        for i in 0..g.seq_len {
            let keys = if g.causal {
                g.start_pos + i + 1
            } else {
                g.kv_len()
            };
            for h in 0..hq {
                let kh = h / (hq / hkv);
                let qrow = &q[((b * g.seq_len + i) * hq + h) * d..][..d];
                let at = |j: usize| ((b * c + j) * hkv + kh) * d;
                let scores: Vec<f64> = (0..keys)
                    .map(|j| {
                        let kr = &k[at(j)..][..d];
                        let dot: f64 = qrow
                            .iter()
                            .zip(kr)
                            .map(|(&x, &y)| x as f64 * y as f64)
                            .sum();
                        dot * g.scale as f64
                            + mask.map_or(0.0, |m| m.values[i * m.stride + j] as f64)
                    })
                    .collect();
                let max = scores.iter().cloned().fold(f64::NEG_INFINITY, f64::max);
                let e: Vec<f64> = scores.iter().map(|s| (s - max).exp()).collect();
                let sum: f64 = e.iter().sum();
                let o = &mut out[((b * g.seq_len + i) * hq + h) * d..][..d];
                for (j, p) in e.iter().enumerate() {
                    let vr = &v[at(j)..][..d];
                    for (dst, &x) in o.iter_mut().zip(vr) {
                        *dst += p * x as f64 / sum;
                    }
                }
            }
        }
    }
    out
}

#[allow(clippy::too_many_arguments)]
fn geometry(
    batch: usize,
    seq: usize,
    heads: usize,
    kv: usize,
    dim: usize,
    cache: usize,
    start: usize,
    causal: bool,
) -> AttentionGeometry {
    AttentionGeometry {
        batch,
        seq_len: seq,
        heads,
        kv_heads: kv,
        head_dim: dim,
        cache_len: cache,
        start_pos: start,
        causal,
        scale: 1.0 / (dim as f32).sqrt(),
    }
}

fn check(g: AttentionGeometry, with_mask: bool) {
    let q = values(g.query_elems().unwrap_or(0), 1);
    let k = values(g.cache_elems().unwrap_or(0), 2);
    let v = values(g.cache_elems().unwrap_or(0), 3);
    let stride = g.kv_len() + 3;
    let m: Vec<f32> = values(g.seq_len * stride, 4)
        .iter()
        .map(|x| x * 3.0)
        .collect();
    let mask = with_mask.then_some(AttentionMask { values: &m, stride });
    let want = definition(&g, &q, &k, &v, mask);
    for path in AttentionPath::all_available() {
        for threads in [1, 2, 3] {
            let mut out = vec![f32::NAN; q.len()];
            attention_with_path(path, &g, &q, &k, &v, mask, &mut out, &account(), threads)
                .unwrap_or_else(|e| panic!("{path:?} {g:?}: {e}"));
            for (i, (&got, &want)) in out.iter().zip(&want).enumerate() {
                assert!(
                    (got as f64 - want).abs() <= 2e-6 * (1.0 + want.abs()) * (g.kv_len() as f64).sqrt(),
                    "{path:?} {threads} threads {g:?} mask {with_mask}: element {i} is {got}, the definition {want}"
                );
            }
        }
    }
}

#[test]
fn decode_step_with_grouped_query_heads() {
    // The 100M Llama's decode step at position 200.
    check(geometry(1, 1, 12, 4, 64, 256, 200, true), false);
    check(geometry(1, 1, 12, 4, 64, 256, 0, true), false);
}

#[test]
fn prefill_is_causal() {
    check(geometry(1, 9, 4, 2, 32, 16, 0, true), false);
    check(geometry(2, 5, 6, 3, 16, 12, 4, true), false);
}

#[test]
fn odd_head_dims_and_masks() {
    // Head dims that are no multiple of a vector, multi-head attention, a mask.
    check(geometry(1, 3, 2, 2, 20, 40, 17, false), true);
    check(geometry(2, 2, 3, 1, 7, 9, 1, false), true);
    check(geometry(1, 4, 4, 4, 48, 30, 10, false), false);
}

#[test]
fn nan_and_masked_out_keys() {
    let g = geometry(1, 1, 2, 1, 16, 4, 3, false);
    let q = values(32, 5);
    let k = values(64, 6);
    let mut v = values(64, 7);
    // A key masked to -inf takes no part; a NaN value reaches the outputs of the
    // heads that weigh it.
    let m = [0.0, f32::NEG_INFINITY, 0.0, 0.0];
    let mask = AttentionMask {
        values: &m,
        stride: 4,
    };
    let want = definition(&g, &q, &k, &v, Some(mask));
    for path in AttentionPath::all_available() {
        let mut out = vec![0f32; 32];
        attention_with_path(path, &g, &q, &k, &v, Some(mask), &mut out, &account(), 1)
            .expect("runs");
        for (&a, &b) in out.iter().zip(&want) {
            assert!((a as f64 - b).abs() < 1e-5, "{path:?}: {a} vs {b}");
        }
    }
    v[3 * 16] = f32::NAN;
    for path in AttentionPath::all_available() {
        let mut out = vec![0f32; 32];
        attention_with_path(path, &g, &q, &k, &v, Some(mask), &mut out, &account(), 1)
            .expect("runs");
        assert!(
            out[0].is_nan() && out[16].is_nan() && !out[1].is_nan(),
            "{path:?}: {out:?}"
        );
    }
}

/// `exp(x)` for each `x`, as `path`'s lanes compute it (through `exp_shifted`).
fn exp_on(path: AttentionPath, xs: &[f32]) -> Vec<f32> {
    let mut v = xs.to_vec();
    // SAFETY: `path` is one of `all_available`: the CPU has its features.
    match path {
        AttentionPath::Scalar => exp_shifted::<lanes::Scalar>(&mut v, 0.0),
        #[cfg(target_arch = "x86_64")]
        AttentionPath::Avx2 => exp_shifted::<lanes::Avx2>(&mut v, 0.0),
        #[cfg(target_arch = "x86_64")]
        AttentionPath::Avx512 => exp_shifted::<lanes::Avx512>(&mut v, 0.0),
        #[cfg(not(target_arch = "x86_64"))]
        _ => exp_shifted::<lanes::Scalar>(&mut v, 0.0),
    };
    v
}

#[test]
fn exp_is_within_two_ulp() {
    let mut xs: Vec<f32> = (0..)
        .map(|i| -90.0 + i as f32 * 0.005_117)
        .take_while(|&x| x <= 89.0)
        .collect();
    xs.extend([f32::NEG_INFINITY, f32::INFINITY, 0.0, f32::NAN]);
    for path in AttentionPath::all_available() {
        let got = exp_on(path, &xs);
        for (&x, &e) in xs.iter().zip(&got) {
            let want = x.exp();
            if x.is_nan() {
                assert!(e.is_nan(), "{path:?}: exp(NaN) = {e}");
            } else if want > f32::MIN_POSITIVE * 4.0 && want.is_finite() {
                let ulps = (e.to_bits() as i64 - want.to_bits() as i64).abs();
                assert!(
                    ulps <= 2,
                    "{path:?}: exp({x}) = {e}, not {want} ({ulps} ulp)"
                );
            } else if want.is_finite() {
                assert!(e <= 1e-37, "{path:?}: exp({x}) = {e}");
            } else {
                assert_eq!(e, f32::INFINITY, "{path:?}: exp({x})");
            }
        }
        assert_eq!(exp(0.0), 1.0);
    }
}

#[test]
fn bad_calls_are_refused() {
    let g = geometry(1, 2, 4, 2, 8, 6, 3, true);
    let (q, c) = (vec![0f32; 64], vec![0f32; 96]);
    let mut out = vec![0f32; 64];
    let run = |g: &AttentionGeometry,
               mask: Option<AttentionMask<'_>>,
               out: &mut [f32],
               a: &Account| { attention(g, &q, &c, &c, mask, out, a, 2) };
    run(&g, None, &mut out, &account()).expect("fits");
    let past = AttentionGeometry { start_pos: 5, ..g };
    assert!(run(&past, None, &mut out, &account())
        .expect_err("past the cache")
        .message
        .contains("does not fit"));
    let heads = AttentionGeometry { kv_heads: 3, ..g };
    assert!(run(&heads, None, &mut out, &account()).is_err());
    let zero = AttentionGeometry { head_dim: 0, ..g };
    assert!(run(&zero, None, &mut out, &account()).is_err());
    let huge = AttentionGeometry {
        batch: usize::MAX / 2,
        ..g
    };
    assert!(run(&huge, None, &mut out, &account()).is_err());
    assert!(run(&g, None, &mut out[..63], &account()).is_err());
    let m = [0f32; 12];
    let mask = AttentionMask {
        values: &m,
        stride: 6,
    };
    assert!(run(&g, Some(mask), &mut out, &account())
        .expect_err("mask and causal")
        .message
        .contains("causal"));
    let open = AttentionGeometry { causal: false, ..g };
    run(&open, Some(mask), &mut out, &account()).expect("mask fits");
    let short = AttentionMask {
        values: &m[..10],
        stride: 6,
    };
    assert!(run(&open, Some(short), &mut out, &account()).is_err());
    let capped = Account::new(1 << 30, 10);
    assert!(run(&g, None, &mut out, &capped)
        .expect_err("work cap")
        .message
        .contains("work"));
}
