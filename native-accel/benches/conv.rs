//! fp32 convolutions of narrow inputs (the zoo's stems) per path, one thread:
//! `cargo bench -p plugboard-native-accel --bench conv`.
//!
//! `auto` is what `conv2d_f32` runs on this host (the direct kernel of `cpu::direct` on
//! AVX2 hosts; AVX-512 hosts keep im2col unless `PLUGBOARD_NATIVE_ISA=avx2` forces the
//! AVX2 paths), `im2col` the im2col + GEMM path; the ratio column is im2col's time over
//! the path's. Optional argument: `--quick` (shorter runs).

use plugboard_native_accel::activation::Activation;
use plugboard_native_accel::cpu::{
    conv2d_f32_with_path, ConvF32Path, ConvGeometry, Scratch, WeightsF32, Work, CHUNK_WORK,
};
use plugboard_native_accel::isa::Isa;
use plugboard_native_accel::meter::Account;
use std::time::Duration;

mod common;
use common::time;

/// (name, input height = width, channels out, kernel, stride, padding): 3 input channels.
const STEMS: &[(&str, usize, usize, usize, usize, usize)] = &[
    ("mobilenet_v3 / mnasnet0_5", 224, 16, 3, 2, 1),
    ("shufflenet_v2", 224, 24, 3, 2, 1),
    ("mobilenet_v2 / efficientnet_b0", 224, 32, 3, 2, 1),
    ("squeezenet1_1", 224, 64, 3, 2, 0),
    ("resnet18 / resnet50", 224, 64, 7, 2, 3),
];

fn main() {
    let quick = std::env::args().any(|a| a == "--quick");
    let budget = Duration::from_millis(if quick { 150 } else { 600 });
    let account = Account::new(1 << 32, u64::MAX);
    let mut seed = 0x2545_F491_4F6C_DD1Du64;
    let mut rnd = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed >> 40) as f32 / (1u64 << 24) as f32 - 0.5
    };
    println!("isa: {:?}", Isa::current());
    println!(
        "{:<32} {:<8} {:>10} {:>8} {:>10}",
        "stem (3 channels in)", "path", "us/call", "GMAC/s", "im2col/x"
    );
    for &(name, hw, co, k, s, pad) in STEMS {
        let out = (hw + 2 * pad - k) / s + 1;
        let g = ConvGeometry {
            batch: 1,
            height: hw,
            width: hw,
            channels_in: 3,
            out_h: out,
            out_w: out,
            channels_out: co,
            kernel_h: k,
            kernel_w: k,
            stride_h: s,
            stride_w: s,
            dilation_h: 1,
            dilation_w: 1,
            pad_top: pad,
            pad_left: pad,
            groups: 1,
        };
        let depth = k * k * 3;
        let x: Vec<f32> = (0..hw * hw * 3).map(|_| rnd()).collect();
        let wv: Vec<f32> = (0..co * depth).map(|_| rnd()).collect();
        let bias: Vec<f32> = (0..co).map(|_| rnd()).collect();
        let w = WeightsF32::new(co, depth, 1, &wv, Some(&bias), &account).expect("weights");
        let macs = (out * out * co * depth) as f64;
        let mut scratch = Scratch::default();
        let mut secs = |path| {
            time(budget, || {
                let mut work = Work {
                    account: &account,
                    scratch: &mut scratch,
                    threads: 1,
                    chunk_work: CHUNK_WORK,
                };
                let o =
                    conv2d_f32_with_path(path, &w, &g, &x, 0.0, 6.0, Activation::None, &mut work)
                        .expect("conv");
                scratch.recycle(o);
            })
        };
        let im2col = secs(ConvF32Path::Im2colGemm);
        let auto = secs(ConvF32Path::Auto);
        for (path, t) in [("im2col", im2col), ("auto", auto)] {
            println!(
                "{:<32} {:<8} {:>10.1} {:>8.1} {:>9.2}x",
                name,
                path,
                t * 1e6,
                macs / t / 1e9,
                im2col / t
            );
        }
    }
}
