//! The kernels against the module's definition, on every layout and ISA this machine
//! has.

use super::*;
use crate::cpu::Scratch;

/// The work context the tests run layers in: `threads` threads, chunks of 1M
/// multiply-adds.
fn work_in<'a>(account: &'a Account, scratch: &'a mut Scratch, threads: usize) -> Work<'a> {
    Work {
        account,
        scratch,
        threads,
        chunk_work: 1 << 20,
    }
}

/// Deterministic pseudo-random bytes.
fn bytes(n: usize, seed: u64) -> Vec<u8> {
    let mut s = seed
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    (0..n)
        .map(|_| {
            s = s
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (s >> 33) as u8
        })
        .collect()
}

/// The module docs' definition, on the weights as handed over.
fn definition(spec: &Qd8Spec<'_>, x: &[i8], rows: &[RowQuant], lo: f32, hi: f32) -> Vec<f32> {
    let (n, k, block) = (spec.channels_out, spec.depth, spec.block);
    let groups = k.div_ceil(block);
    let row_bytes = if spec.bits == 8 { k } else { k.div_ceil(2) };
    let weight = |j: usize, c: usize| -> i32 {
        let r = &spec.data[j * row_bytes..];
        if spec.bits == 8 {
            i32::from(r[c] as i8)
        } else {
            let b = r[c / 2];
            i32::from(if c.is_multiple_of(2) { b & 0xf } else { b >> 4 }) - 8
        }
    };
    let mut out = Vec::new();
    for (i, q) in rows.iter().enumerate() {
        for j in 0..n {
            let mut acc = 0f32;
            for g in 0..groups {
                let cs = g * block..((g + 1) * block).min(k);
                let dot: i32 = cs
                    .clone()
                    .map(|c| i32::from(x[i * k + c]) * weight(j, c))
                    .sum();
                let sw: i32 = cs.map(|c| weight(j, c)).sum();
                acc += (dot - q.zero_point * sw) as f32 * spec.scales[j * groups + g];
            }
            let bias = spec.bias.map_or(0.0, |b| b[j]);
            out.push((acc * q.scale + bias).max(lo).min(hi));
        }
    }
    out
}

/// Runs one layer on every ISA and thread count, against the definition, with f32
/// scales and with bfloat16 ones (kept as 16 bits).
fn check(m: usize, n: usize, k: usize, bits: u8, block: usize, packed: bool) {
    check_scales(m, n, k, bits, block, packed, false);
    check_scales(m, n, k, bits, block, packed, true);
}

fn check_scales(m: usize, n: usize, k: usize, bits: u8, block: usize, packed: bool, bf16: bool) {
    let row_bytes = if bits == 8 { k } else { k.div_ceil(2) };
    let groups = k.div_ceil(block);
    let data = bytes(n * row_bytes, (n * 31 + k) as u64);
    let scales: Vec<f32> = (0..n * groups)
        .map(|i| 0.002 + (i % 17) as f32 * 3.1e-4)
        .map(|v: f32| {
            if bf16 {
                f32::from_bits(v.to_bits() & 0xffff_0000)
            } else {
                v
            }
        })
        .collect();
    let bias: Vec<f32> = (0..n).map(|j| j as f32 * 0.125 - 1.0).collect();
    let spec = Qd8Spec {
        channels_out: n,
        depth: k,
        bits,
        block,
        data: &data,
        scales: &scales,
        bias: Some(&bias),
    };
    let x: Vec<i8> = bytes(m * k, 7).into_iter().map(|b| b as i8).collect();
    let rows: Vec<RowQuant> = (0..m)
        .map(|i| RowQuant {
            // Every kernel's cases: -zp fits a byte, -zp = 128 (done as 127 + 1), a
            // zero point outside int8 (the portable code's).
            zero_point: [-20, -128, 127, 17, 1000][i % 5],
            scale: 0.013 + i as f32 * 0.001,
        })
        .collect();
    let (lo, hi) = (-30.0, 25.0);
    let want = definition(&spec, &x, &rows, lo, hi);
    let account = Account::new(1 << 30, u64::MAX);
    let w = WeightsQd8::new(&spec, &account).expect("weights");
    assert_eq!(w.is_packed(), packed, "{n} x {k} / {block}, {bits} bits");
    for path in Qd8Path::all_available() {
        for threads in [1, 2] {
            let mut scratch = Scratch::default();
            let mut work = work_in(&account, &mut scratch, threads);
            let mut got = vec![0f32; m * n];
            fully_connected_qd8_with_path(path, &w, &x, &rows, &mut got, lo, hi, &mut work)
                .expect("runs");
            let same = got
                .iter()
                .zip(&want)
                .all(|(a, b)| a.to_bits() == b.to_bits());
            assert!(
                same,
                "{path:?}, {threads} threads, {m} x {k} -> {n} / {block}, {bits} bits, bf16 {bf16}"
            );
        }
    }
}

#[test]
fn packed_4bit_blocks_match_the_definition() {
    check(1, 8, 32, 4, 32, true);
    check(3, 13, 96, 4, 32, true);
    check(2, 21, 128, 4, 64, true);
    check(5, 16, 64, 4, 32, true);
    // Prefill rows four at a time (and the rest, and rows whose zero point is no byte).
    check(9, 24, 128, 4, 64, true);
    check(1, 5, 96, 4, 96, true);
    // Large enough to split across threads, and more rows than a chunk holds.
    check(5, 200, 1024, 4, 32, true);
    // One row split across threads, written in place (channels not a whole block).
    check(1, 530, 1024, 4, 32, true);
    // Depths and groups of whole quads (8 inputs), and groups past the 8 quads whose
    // nibble sums fit a byte.
    check(3, 9, 40, 4, 16, true);
    check(7, 40, 512, 4, 256, true);
    check(2, 20, 256, 4, 128, true);
}

#[test]
fn row_layouts_match_the_definition() {
    check(2, 7, 33, 4, 33, false);
    check(3, 9, 36, 4, 12, false);
    check(2, 11, 50, 8, 50, false);
    check(4, 6, 70, 8, 32, false);
    check(3, 300, 777, 8, 777, false);
    check(1, 300, 2000, 8, 2000, false);
}

#[test]
fn bad_weights_and_calls_are_refused() {
    let account = Account::new(1 << 30, u64::MAX);
    let data = [0u8; 16];
    let spec = |bits, block, n, scales: &'static [f32]| Qd8Spec {
        channels_out: n,
        depth: 32,
        bits,
        block,
        data: &data,
        scales,
        bias: None,
    };
    for (s, what) in [
        (spec(4, 32, 1, &[1.0]), None),
        (spec(3, 32, 1, &[1.0]), Some("4 or 8 bits")),
        (spec(4, 0, 1, &[1.0]), Some("positive")),
        (spec(4, 32, 2, &[1.0, 1.0]), Some("bytes for 2 rows")),
        (spec(4, 16, 1, &[1.0]), Some("scales")),
        (spec(4, 32, 0, &[]), Some("positive")),
    ] {
        match (WeightsQd8::new(&s, &account), what) {
            (Ok(_), None) => {}
            (Err(e), Some(w)) => assert!(e.message.contains(w), "{e}"),
            (r, w) => panic!("{:?} for {w:?}", r.map(|_| ())),
        }
    }
    let w = WeightsQd8::new(&spec(4, 32, 1, &[1.0]), &account).expect("weights");
    let mut scratch = Scratch::default();
    let mut work = work_in(&account, &mut scratch, 1);
    let rows = [RowQuant {
        zero_point: 0,
        scale: 1.0,
    }];
    let mut out = [0f32; 1];
    let e = fully_connected_qd8(&w, &[0; 31], &rows, &mut out, 0.0, 1.0, &mut work).unwrap_err();
    assert!(e.message.contains("31 input values"), "{e}");
    let small = Account::new(1 << 30, 10);
    let mut work = work_in(&small, &mut scratch, 1);
    let e = fully_connected_qd8(&w, &[0; 32], &rows, &mut out, 0.0, 1.0, &mut work).unwrap_err();
    assert_eq!(e.kind, crate::meter::AccelErrorKind::WorkCap, "{e}");
}

/// The epilogue's `max`/`min` with a NaN row scale (the output takes the lower bound)
/// and NaN bounds (no clamp), without a bias: the definition's bits on every path.
#[test]
fn nan_bounds_and_scales_follow_max_and_min() {
    let (m, n, k) = (2, 16, 64);
    let data = bytes(n * k / 2, 5);
    let scales: Vec<f32> = (0..n * 2).map(|i| 0.003 + i as f32 * 1e-4).collect();
    let spec = Qd8Spec {
        channels_out: n,
        depth: k,
        bits: 4,
        block: 32,
        data: &data,
        scales: &scales,
        bias: None,
    };
    let x: Vec<i8> = bytes(m * k, 9).into_iter().map(|b| b as i8).collect();
    let rows = [
        RowQuant {
            zero_point: 3,
            scale: 0.02,
        },
        RowQuant {
            zero_point: -1,
            scale: f32::NAN,
        },
    ];
    let account = Account::new(1 << 30, u64::MAX);
    let w = WeightsQd8::new(&spec, &account).expect("weights");
    for (lo, hi) in [
        (-0.5, 0.25),
        (f32::NAN, f32::NAN),
        (-0.5, f32::NAN),
        (f32::NAN, 0.25),
    ] {
        let want = definition(&spec, &x, &rows, lo, hi);
        for path in Qd8Path::all_available() {
            let mut scratch = Scratch::default();
            let mut work = work_in(&account, &mut scratch, 1);
            let mut got = vec![0f32; m * n];
            fully_connected_qd8_with_path(path, &w, &x, &rows, &mut got, lo, hi, &mut work)
                .expect("runs");
            let bits = |v: &[f32]| v.iter().map(|x| x.to_bits()).collect::<Vec<_>>();
            assert_eq!(bits(&got), bits(&want), "{path:?}, bounds {lo} {hi}");
        }
    }
}

/// The f32 entry point keeps the last input's quantized rows for the next call
/// (`input_cache`): a layer reading the same input, a changed input, an input of
/// another depth and an account without room for keeping give what quantizing afresh
/// gives.
#[test]
fn kept_input_rows_match_quantizing_afresh() {
    let spec_of = |n: usize, k: usize, data: &'static [u8], scales: &'static [f32]| Qd8Spec {
        channels_out: n,
        depth: k,
        bits: 4,
        block: 32,
        data,
        scales,
        bias: None,
    };
    let leak = |v: Vec<u8>| -> &'static [u8] { Box::leak(v.into_boxed_slice()) };
    let leak_f = |v: Vec<f32>| -> &'static [f32] { Box::leak(v.into_boxed_slice()) };
    let account = Account::new(1 << 30, u64::MAX);
    let layer = |n: usize, k: usize, seed: u64| {
        let data = leak(bytes(n * k / 2, seed));
        let scales = leak_f((0..n * k / 32).map(|i| 0.001 + i as f32 * 1e-5).collect());
        WeightsQd8::new(&spec_of(n, k, data, scales), &account).expect("weights")
    };
    let (a, b, c) = (layer(32, 64, 1), layer(48, 64, 2), layer(16, 128, 3));
    let input = |k: usize, seed: u64| -> Vec<f32> {
        bytes(2 * k, seed)
            .into_iter()
            .map(|v| f32::from(v as i8) * 0.03)
            .collect()
    };
    let fresh = |w: &WeightsQd8, x: &[f32]| {
        let mut scratch = Scratch::default();
        let mut work = work_in(&account, &mut scratch, 1);
        let mut out = vec![0f32; x.len() / w.depth() * w.channels_out()];
        fully_connected_qd8_f32(w, x, &mut out, f32::MIN, f32::MAX, &mut work).expect("runs");
        out
    };
    let bits = |v: &[f32]| v.iter().map(|x| x.to_bits()).collect::<Vec<_>>();
    for room in [1 << 30, 64] {
        let small = Account::new(room, u64::MAX);
        let mut scratch = Scratch::default();
        let x = input(64, 5);
        let x2 = input(128, 6);
        let run = |w: &WeightsQd8, x: &[f32], scratch: &mut Scratch| {
            let mut work = Work {
                account: &small,
                scratch,
                threads: 1,
                chunk_work: 1 << 20,
            };
            let mut out = vec![0f32; x.len() / w.depth() * w.channels_out()];
            fully_connected_qd8_f32(w, x, &mut out, f32::MIN, f32::MAX, &mut work).map(|()| out)
        };
        if room == 64 {
            // No room to keep the rows, nor to quantize them for the call.
            assert!(run(&a, &x, &mut scratch).is_err());
            continue;
        }
        let mut x_changed = x.clone();
        x_changed[7] += 1.0;
        // The same input twice (the second reuses the rows), a changed one, another
        // depth, and back.
        for (step, (w, x)) in [(&a, &x), (&b, &x), (&b, &x_changed), (&c, &x2), (&a, &x)]
            .into_iter()
            .enumerate()
        {
            let got = run(w, x, &mut scratch).expect("runs");
            assert_eq!(bits(&got), bits(&fresh(w, x)), "call {step}");
        }
    }
}
