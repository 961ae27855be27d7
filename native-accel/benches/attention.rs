//! Scaled dot-product attention over a KV cache (`cpu-accel`'s `attention`) per kernel
//! path: `cargo bench -p plugboard-native-accel --bench attention`.
//!
//! The shapes are the LLM bench's 100M-parameter Llama (12 query and 4 KV heads of 64,
//! a cache of 1024 positions): one decode step at several positions and a prefill of
//! 64 rows. Each call reads other copies of the caches in turn (at least 64 MB of them),
//! as in a model, whose weights push the caches out of the CPU's caches between layers.
//!
//! Optional argument: `--quick` (shorter runs). The last row per shape is the best path
//! on two threads.

use plugboard_native_accel::cpu::attention::{
    attention_with_path, AttentionGeometry, AttentionPath,
};
use plugboard_native_accel::meter::Account;
use std::time::Duration;

mod common;
use common::{time, xorshift};

/// (query rows, start position, what)
const SHAPES: &[(usize, usize, &str)] = &[
    (1, 16, "decode at 16"),
    (1, 200, "decode at 200"),
    (1, 1000, "decode at 1000"),
    (64, 0, "prefill 64"),
];

fn main() -> Result<(), String> {
    let quick = std::env::args().any(|a| a == "--quick");
    let budget = Duration::from_millis(if quick { 100 } else { 400 });
    let mut bits = xorshift(0x2545_F491_4F6C_DD1D);
    let mut rnd = move || (bits() >> 40) as f32 / (1u64 << 24) as f32 - 0.5;
    println!("best path: {:?}", AttentionPath::best());
    println!(
        "{:>16} {:>8} {:>8} {:>10} {:>10}",
        "shape", "path", "threads", "us/call", "GFLOP/s"
    );
    let account = Account::new(1 << 34, u64::MAX);
    for &(seq, start, what) in SHAPES {
        let g = AttentionGeometry {
            batch: 1,
            seq_len: seq,
            heads: 12,
            kv_heads: 4,
            head_dim: 64,
            cache_len: 1024,
            start_pos: start,
            causal: true,
            scale: 0.125,
        };
        let (ql, cl) = (
            g.query_elems().ok_or("size")?,
            g.cache_elems().ok_or("size")?,
        );
        let copies = ((64usize << 20) / (cl * 8)).max(1);
        let caches: Vec<(Vec<f32>, Vec<f32>)> = (0..copies)
            .map(|_| {
                (
                    (0..cl).map(|_| rnd()).collect(),
                    (0..cl).map(|_| rnd()).collect(),
                )
            })
            .collect();
        let q: Vec<f32> = (0..ql).map(|_| rnd()).collect();
        let mut out = vec![0f32; ql];
        let mut runs: Vec<(AttentionPath, usize)> = AttentionPath::all_available()
            .into_iter()
            .map(|p| (p, 1))
            .collect();
        runs.push((AttentionPath::best(), 2));
        for (path, threads) in runs {
            let mut next = 0;
            let mut failed = None;
            let s = time(budget, || {
                next = (next + 1) % caches.len();
                let (k, v) = &caches[next];
                if let Err(e) =
                    attention_with_path(path, &g, &q, k, v, None, &mut out, &account, threads)
                {
                    failed = Some(e.to_string());
                }
            });
            if let Some(e) = failed {
                return Err(e);
            }
            let flops = g.work().unwrap_or(0) as f64 * 2.0;
            println!(
                "{what:>16} {:>8} {threads:>8} {:>10.2} {:>10.1}",
                format!("{path:?}"),
                s * 1e6,
                flops / s / 1e9
            );
        }
    }
    Ok(())
}
