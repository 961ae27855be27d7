//! Arm: the aarch64 build of the `plugboard` CLI, run under qemu-user on every
//! portable, xnnpack and xnnpack_q8 fixture, gives the outputs the x86-64 build gives
//! in-process: fp32 within 1e-5, int8 programs bit for bit. `.ci/arm` cross-builds the
//! CLI and runs this test with `PLUGBOARD_ARM_BIN` (the aarch64 binary) and
//! `PLUGBOARD_QEMU` (the emulator command line, e.g. `qemu-aarch64 -L
//! /usr/aarch64-linux-gnu`); without them there is nothing to do.
//!
//! On aarch64 the native CPU kernels report themselves unavailable (they are x86-64
//! only), so XNNPACK programs run on the component's wasm SIMD kernels there; the
//! x86-64 side runs its default configuration (native kernels on) and, for the same
//! comparison of like with like, the pure-wasm one.

use std::path::{Path, PathBuf};
use std::process::Command;

use plugboard_tests::{
    fixtures, max_abs_diff, read_numbered, registry, registry_wasm_only, run, test_component,
};

/// fp32 tolerance against the x86-64 outputs.
const ATOL: f64 = 1e-5;

fn fixture_programs() -> Vec<(PathBuf, String, &'static str)> {
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(fixtures())
        .expect("fixtures dir")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_dir())
        .collect();
    dirs.sort();
    let mut out = Vec::new();
    for dir in dirs {
        let Some(name) = dir.file_name().and_then(|n| n.to_str()).map(str::to_string) else {
            continue;
        };
        for variant in ["portable", "xnnpack", "xnnpack_q8"] {
            if dir.join(format!("{name}.{variant}.pte")).exists() {
                out.push((dir.clone(), name.clone(), variant));
            }
        }
    }
    out
}

fn input_files(dir: &Path) -> Vec<PathBuf> {
    (0..)
        .map(|i| dir.join(format!("input{i}.npy")))
        .take_while(|p| p.exists())
        .collect()
}

#[test]
fn aarch64_cli_matches_x86_64() {
    let (Ok(bin), Ok(qemu)) = (
        std::env::var("PLUGBOARD_ARM_BIN"),
        std::env::var("PLUGBOARD_QEMU"),
    ) else {
        println!("skipped: PLUGBOARD_ARM_BIN / PLUGBOARD_QEMU not set (.ci/arm sets them)");
        return;
    };
    let mut qemu = qemu.split_whitespace();
    let emulator = qemu.next().expect("PLUGBOARD_QEMU names the emulator");
    let emulator_args: Vec<&str> = qemu.collect();
    // `custom_op` needs its kernel library (components/examples/custom-ops), the same
    // file on both sides.
    let custom_ops = test_component("plugboard_example_custom_ops");
    let mut native = registry();
    let mut wasm = registry_wasm_only();
    for reg in [&mut native, &mut wasm] {
        reg.load_file(&custom_ops)
            .expect("load the custom-ops library");
    }
    let scratch = plugboard_tests::root().join("target").join("arm-outputs");
    let _ = std::fs::remove_dir_all(&scratch);
    let mut failures = Vec::new();
    let programs = fixture_programs();
    assert!(
        programs.len() >= 40,
        "only {} fixture programs",
        programs.len()
    );
    println!(
        "{:<18} {:<11} {:>14} {:>14} {:>9}",
        "model", "variant", "vs x86 native", "vs x86 wasm", "arm s"
    );
    for (dir, name, variant) in programs {
        let pte = dir.join(format!("{name}.{variant}.pte"));
        let out_dir = scratch.join(format!("{name}.{variant}"));
        let mut cmd = Command::new(emulator);
        cmd.args(&emulator_args)
            .arg(&bin)
            .arg("run")
            .arg(&pte)
            .arg("--backend")
            .arg(&custom_ops)
            .arg("-o")
            .arg(&out_dir);
        for f in input_files(&dir) {
            cmd.arg("-i").arg(f);
        }
        let t = std::time::Instant::now();
        let result = cmd.output().expect("run the emulator");
        let secs = t.elapsed().as_secs_f64();
        if !result.status.success() {
            failures.push(format!(
                "{name}.{variant}: aarch64 run failed: {}",
                String::from_utf8_lossy(&result.stderr)
            ));
            continue;
        }
        let arm = read_numbered(&out_dir, "output");
        let inputs = read_numbered(&dir, "input");
        let mut worst = [0f64; 2];
        for (k, reg) in [&native, &wasm].into_iter().enumerate() {
            let x86 = match run(reg, &pte, &inputs) {
                Ok(o) => o,
                Err(e) => {
                    failures.push(format!("{name}.{variant}: x86-64 run failed: {e}"));
                    continue;
                }
            };
            if x86.len() != arm.len() {
                failures.push(format!(
                    "{name}.{variant}: {} outputs on x86-64, {} on aarch64",
                    x86.len(),
                    arm.len()
                ));
                continue;
            }
            for (i, (x, a)) in x86.iter().zip(&arm).enumerate() {
                let Some(x) = x.as_tensor() else { continue };
                match max_abs_diff(a, x) {
                    Ok(d) => worst[k] = worst[k].max(d),
                    Err(m) => failures.push(format!("{name}.{variant} output {i}: {m}")),
                }
            }
        }
        println!(
            "{name:<18} {variant:<11} {:>14.3e} {:>14.3e} {secs:>9.2}",
            worst[0], worst[1]
        );
        let tol = if variant == "xnnpack_q8" { 0.0 } else { ATOL };
        if worst.iter().any(|&d| d > tol) {
            failures.push(format!(
                "{name}.{variant}: {worst:?} from x86-64 (tolerance {tol:e})"
            ));
        }
    }
    assert!(failures.is_empty(), "{failures:#?}");
}
