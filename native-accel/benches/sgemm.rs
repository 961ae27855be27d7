//! fp32 GEMM throughput per path, against the `gemm` crate:
//! `cargo bench -p plugboard-native-accel --bench sgemm`.
//!
//! Optional arguments: `--quick` (shorter runs), `--threads N` (adds a threaded row per
//! shape with N threads; default: available parallelism when > 1), `--no-scalar` (skips
//! the slow portable path).

use plugboard_native_accel::sgemm::{sgemm_with_path, PackedF32, SgemmPath};
use std::time::Duration;

mod common;
use common::time;

/// (m, k, n): NHWC convolutions of MobileNet-style networks lowered to GEMM.
const SHAPES: &[(usize, usize, usize)] = &[
    (12544, 32, 16),
    (12544, 16, 96),
    (3136, 96, 24),
    (3136, 24, 144),
    (784, 144, 32),
    (196, 384, 64),
    (49, 960, 320),
    (3136, 576, 64),
    (784, 1152, 128),
    (12544, 27, 32),
    (12544, 147, 64),
    (1, 1280, 1000),
    (1, 512, 1000),
    // The LSTM language model's recurrent and batched projections (tests/bench).
    (1, 128, 512),
    (16, 128, 512),
];

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let quick = args.iter().any(|a| a == "--quick");
    let no_scalar = args.iter().any(|a| a == "--no-scalar");
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
        (seed >> 40) as f32 / (1u64 << 24) as f32 - 0.5
    };
    println!("best path: {:?}", SgemmPath::best());
    println!(
        "{:>22} {:>12} {:>8} {:>10} {:>10}",
        "shape (m,k,n)", "path", "threads", "us/call", "GMAC/s"
    );
    for &(m, k, n) in SHAPES {
        let macs = (m * k * n) as f64;
        let a: Vec<f32> = (0..m * k).map(|_| rnd()).collect();
        let w: Vec<f32> = (0..n * k).map(|_| rnd()).collect();
        let bias: Vec<f32> = (0..n).map(|_| rnd()).collect();
        let b = PackedF32::new(k, n, &w, Some(&bias)).unwrap();
        let mut out = vec![0f32; m * n];
        let report = |name: &str, t: usize, secs: f64| {
            println!(
                "{:>22} {:>12} {:>8} {:>10.1} {:>10.1}",
                format!("({m}, {k}, {n})"),
                name,
                t,
                secs * 1e6,
                macs / secs / 1e9
            );
        };
        let mut runs: Vec<(SgemmPath, usize)> = SgemmPath::all_available()
            .into_iter()
            .filter(|&p| !(no_scalar && p == SgemmPath::Scalar))
            .map(|p| (p, 1))
            .collect();
        if threads > 1 {
            runs.push((SgemmPath::best(), threads));
        }
        for (path, t) in runs {
            let secs = time(budget, || {
                sgemm_with_path(path, t, m, &a, k, &b, 0.0, 6.0, &mut out, n).unwrap()
            });
            std::hint::black_box(&out);
            report(&format!("{path:?}"), t, secs);
        }
        // The `gemm` crate on the same problem (rhs [k, n] row-major, no bias / clamp).
        let mut rhs = vec![0f32; k * n];
        for j in 0..n {
            for kk in 0..k {
                rhs[kk * n + j] = w[j * k + kk];
            }
        }
        let mut dst = vec![0f32; m * n];
        let secs = time(budget, || unsafe {
            gemm::gemm(
                m,
                n,
                k,
                dst.as_mut_ptr(),
                1,
                n as isize,
                false,
                a.as_ptr(),
                1,
                k as isize,
                rhs.as_ptr(),
                1,
                n as isize,
                0.0f32,
                1.0f32,
                false,
                false,
                false,
                gemm::Parallelism::None,
            )
        });
        std::hint::black_box(&dst);
        report("gemm crate", 1, secs);
    }
}
