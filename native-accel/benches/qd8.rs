//! 8da4w / 8da8w fully connected layers (`cpu-accel`'s `fully-connected-qd8`) per
//! kernel path: `cargo bench -p plugboard-native-accel --bench qd8`.
//!
//! The shapes are the layers of the LLM bench's 100M-parameter Llama (dim 768, 12
//! query and 4 KV heads of 64, FFN 2048, vocabulary 320), 4-bit in groups of 32, at one
//! row (a decode step) and at 64 (a prefill chunk). GB/s counts the packed weights
//! and their bfloat16 scales read per call: a decode step is bound by them. As in a
//! model, whose weights do not fit the caches, each call reads other copies of the
//! weights (at least 128 MB of them in turn).
//!
//! Optional arguments: `--quick` (shorter runs), `--threads N` (adds a row per shape
//! with the best path on N threads; default: available parallelism when > 1).

use plugboard_native_accel::cpu::qd8::{
    fully_connected_qd8_with_path, Qd8Path, Qd8Spec, RowQuant, WeightsQd8,
};
use plugboard_native_accel::cpu::{Scratch, Work, CHUNK_WORK};
use plugboard_native_accel::meter::Account;
use std::time::Duration;

mod common;
use common::time;

/// (rows, depth, channels out, what)
const SHAPES: &[(usize, usize, usize, &str)] = &[
    (1, 768, 768, "wq / wo"),
    (1, 768, 256, "wk / wv"),
    (1, 768, 2048, "w1 / w3"),
    (1, 2048, 768, "w2"),
    (1, 768, 320, "output"),
    (64, 768, 2048, "w1 prefill"),
    (64, 2048, 768, "w2 prefill"),
];

const BLOCK: usize = 32;

fn main() -> Result<(), String> {
    let args: Vec<String> = std::env::args().collect();
    let quick = args.iter().any(|a| a == "--quick");
    let threads = args
        .iter()
        .position(|a| a == "--threads")
        .and_then(|i| args.get(i + 1))
        .and_then(|v| v.parse().ok())
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let budget = Duration::from_millis(if quick { 100 } else { 400 });
    let mut seed = 0x2545_F491_4F6C_DD1Du64;
    let mut rnd = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    println!("best path: {:?}", Qd8Path::best());
    println!(
        "{:>24} {:>12} {:>8} {:>10} {:>10} {:>8}",
        "shape (m, k, n)", "path", "threads", "us/call", "GMAC/s", "GB/s"
    );
    let account = Account::new(1 << 34, u64::MAX);
    for &(m, k, n, what) in SHAPES {
        let groups = k / BLOCK;
        let data: Vec<u8> = (0..n * k / 2).map(|_| rnd() as u8).collect();
        // bfloat16 values, as the XNNPACK delegates' blockwise scales are.
        let scales: Vec<f32> = (0..n * groups)
            .map(|i| f32::from_bits((1e-3f32 * (1.0 + (i % 13) as f32)).to_bits() & 0xffff_0000))
            .collect();
        let spec = Qd8Spec {
            channels_out: n,
            depth: k,
            bits: 4,
            block: BLOCK,
            data: &data,
            scales: &scales,
            bias: None,
        };
        // Weights and bfloat16 scales.
        let bytes = (n * k / 2 + n * groups * 2) as f64;
        let copies = if std::env::var_os("QD8_HOT").is_some() {
            1
        } else {
            ((128 << 20) as f64 / bytes).ceil() as usize
        };
        let ws = (0..copies)
            .map(|_| WeightsQd8::new(&spec, &account).map_err(|e| e.to_string()))
            .collect::<Result<Vec<_>, _>>()?;
        let x: Vec<i8> = (0..m * k).map(|_| rnd() as i8).collect();
        let rows: Vec<RowQuant> = (0..m)
            .map(|i| RowQuant {
                zero_point: (i as i32 % 7) - 3,
                scale: 0.01,
            })
            .collect();
        let mut out = vec![0f32; m * n];
        let mut runs: Vec<(Qd8Path, usize)> = Qd8Path::all_available()
            .into_iter()
            .map(|p| (p, 1))
            .collect();
        if threads > 1 {
            runs.push((Qd8Path::best(), threads));
        }
        for (path, t) in runs {
            let mut scratch = Scratch::default();
            let mut work = Work {
                account: &account,
                scratch: &mut scratch,
                threads: t,
                chunk_work: CHUNK_WORK,
            };
            let mut next = 0;
            let mut call = |out: &mut [f32]| {
                next = (next + 1) % ws.len();
                let w = &ws[next];
                fully_connected_qd8_with_path(
                    path,
                    w,
                    &x,
                    &rows,
                    out,
                    f32::MIN,
                    f32::MAX,
                    &mut work,
                )
                .map_err(|e| e.to_string())
            };
            call(&mut out)?;
            let mut failed = None;
            let best = time(budget, || {
                if let Err(e) = call(&mut out) {
                    failed.get_or_insert(e);
                }
            });
            if let Some(e) = failed {
                return Err(e);
            }
            std::hint::black_box(&out);
            println!(
                "{:>24} {:>12} {:>8} {:>10.1} {:>10.1} {:>8.1}",
                format!("{what} ({m}, {k}, {n})"),
                format!("{path:?}"),
                t,
                best * 1e6,
                (m * k * n) as f64 / best / 1e9,
                bytes / best / 1e9
            );
        }
    }
    Ok(())
}
