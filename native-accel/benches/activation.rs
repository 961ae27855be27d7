//! Convolution epilogue activations (hardswish, SiLU) per path, in ns per value:
//! `cargo bench -p plugboard-native-accel --bench activation`.
//!
//! Two sizes: 4,608 values (in L1, the activation's own cost) and 401,408 (one
//! EfficientNet-B0 stem output, 112x112x32, past L2). The ratio column is the scalar
//! path's time over the path's. Optional argument: `--quick` (shorter runs).

use plugboard_native_accel::activation::{apply_with_path, Activation, ActivationPath};
use std::time::Duration;

mod common;
use common::time;

fn main() {
    let quick = std::env::args().any(|a| a == "--quick");
    let budget = Duration::from_millis(if quick { 100 } else { 400 });
    let mut seed = 0x2545_F491_4F6C_DD1Du64;
    println!(
        "{:<10} {:>8} {:<8} {:>10} {:>8}",
        "activation", "values", "path", "ns/value", "vs scalar"
    );
    for act in [Activation::HardSwish, Activation::Silu] {
        for len in [4608usize, 401_408] {
            let x: Vec<f32> = (0..len)
                .map(|_| {
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    ((seed >> 40) as f32 / (1u64 << 24) as f32 - 0.5) * 12.0
                })
                .collect();
            let mut buf = x.clone();
            let mut scalar = None;
            for path in ActivationPath::all_available() {
                let t = time(budget, || {
                    buf.copy_from_slice(&x);
                    apply_with_path(path, act, &mut buf);
                });
                let ns = t * 1e9 / len as f64;
                let base = *scalar.get_or_insert(ns);
                println!(
                    "{:<10} {:>8} {:<8} {:>10.3} {:>7.2}x",
                    format!("{act:?}"),
                    len,
                    format!("{path:?}"),
                    ns,
                    base / ns
                );
            }
        }
    }
    println!("(each time includes copying the input back: the activation works in place)");
}
