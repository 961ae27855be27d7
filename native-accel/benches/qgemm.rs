//! Int8 GEMM throughput per path: `cargo bench -p plugboard-native-accel --bench qgemm`.
//!
//! Optional arguments: `--quick` (shorter runs), `--threads N` (adds a threaded row per
//! shape with N threads; default: available parallelism when > 1).

use plugboard_native_accel::qgemm::{qgemm_with_path, PackedQs8, QgemmPath, Qs8Requant};
use std::time::{Duration, Instant};

const SHAPES: &[(usize, usize, usize)] = &[
    // mobilenet-style 1x1 convolutions (the sgemm bench's shapes)
    (12544, 32, 16),
    (12544, 16, 96),
    (3136, 96, 24),
    (3136, 24, 144),
    (784, 144, 32),
    (196, 384, 64),
    (49, 960, 320),
    // resnet-style 3x3 convolutions as im2col GEMMs
    (3136, 576, 64),
    (784, 1152, 128),
    (196, 2304, 256),
    (49, 4608, 512),
    (12544, 27, 32),
    (12544, 147, 64),
    (1, 1280, 1000),
];

fn main() {
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
        seed as i8
    };
    println!("best path: {:?}", QgemmPath::best());
    println!(
        "{:>22} {:>12} {:>8} {:>10} {:>10}",
        "shape (m,k,n)", "path", "threads", "us/call", "GMAC/s"
    );
    for &(m, k, n) in SHAPES {
        let a: Vec<i8> = (0..m * k).map(|_| rnd()).collect();
        let w: Vec<i8> = (0..n * k).map(|_| rnd()).collect();
        let b = PackedQs8::new(k, n, &w).unwrap();
        let rq = Qs8Requant {
            bias: (0..n).map(|j| j as i32 * 37 - 500).collect(),
            scale: (0..n)
                .map(|j| 1.0e-4 * (1.0 + j as f32 / n as f32))
                .collect(),
            zero_point: -3,
            qmin: -128,
            qmax: 127,
        };
        let mut out = vec![0i8; m * n];
        let mut runs: Vec<(QgemmPath, usize)> = QgemmPath::all_available()
            .into_iter()
            .map(|p| (p, 1))
            .collect();
        if threads > 1 {
            runs.push((QgemmPath::best(), threads));
        }
        for (path, t) in runs {
            let macs = (m * k * n) as f64;
            // The scalar path is slow; give it fewer iterations.
            let mut iters = 0u64;
            qgemm_with_path(path, t, m, &a, k, &b, &rq, &mut out, n).unwrap();
            let start = Instant::now();
            let mut best = f64::INFINITY;
            while start.elapsed() < budget || iters < 3 {
                let t0 = Instant::now();
                qgemm_with_path(path, t, m, &a, k, &b, &rq, &mut out, n).unwrap();
                best = best.min(t0.elapsed().as_secs_f64());
                iters += 1;
            }
            std::hint::black_box(&out);
            println!(
                "{:>22} {:>12} {:>8} {:>10.1} {:>10.1}",
                format!("({m}, {k}, {n})"),
                format!("{path:?}"),
                t,
                best * 1e6,
                macs / best / 1e9
            );
        }
    }
}
