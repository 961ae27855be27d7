//! The model zoo (`export.py --zoo`, written to `tests/fixtures/zoo/`, not committed):
//! every program present runs and its fp32 outputs match eager PyTorch within 1e-4, or
//! 10x ExecuTorch's own error where that is larger (capped at 1e-3), and every int8
//! program is bit-identical to ExecuTorch 1.5.1's XNNPACK output, through the native
//! kernels and through the pure-wasm ones (`--cpu-accel off`). With the native kernels
//! on two threads (`--threads 2`: GEMM rows and depthwise pixels split across the
//! pool) every output is bit-identical to the one-thread run. Nothing to do when the
//! zoo was not exported.

use std::path::Path;

use plugboard::Tensor;
use plugboard_tests::{
    fixtures, max_abs_diff, read_numbered, registry, registry_threads, registry_wasm_only, run,
};

fn et_outputs(dir: &Path, variant: &str) -> Vec<Tensor> {
    read_numbered(dir, &format!("et_{variant}_output"))
}

#[test]
fn every_zoo_program_present_runs_and_matches() {
    let root = fixtures().join("zoo");
    let Ok(text) = std::fs::read_to_string(root.join("manifest.json")) else {
        println!("skipped: no zoo (python tests/fixtures/export.py --zoo exports it)");
        return;
    };
    let manifest: serde_json::Value = serde_json::from_str(&text).expect("manifest json");
    let reg = registry();
    let wasm = registry_wasm_only();
    let two = registry_threads(2);
    let mut failures = Vec::new();
    println!(
        "{:<22} {:<11} {:>12} {:>12} {:>10}",
        "model", "variant", "vs eager", "ET vs eager", "vs ET"
    );
    for e in manifest.as_array().expect("array") {
        let (Some(model), Some(variant), Some(file)) = (
            e["model"].as_str(),
            e["variant"].as_str(),
            e["file"].as_str(),
        ) else {
            continue;
        };
        let path = root.join(file);
        if !path.exists() {
            continue;
        }
        let dir = root.join(model);
        let inputs = read_numbered(&dir, "input");
        let outputs = match run(&reg, &path, &inputs) {
            Ok(o) => o,
            Err(err) => {
                failures.push(format!("{model}.{variant}: {err}"));
                continue;
            }
        };
        match run(&two, &path, &inputs) {
            Ok(t) => {
                for (k, (a, b)) in outputs.iter().zip(&t).enumerate() {
                    let d = a
                        .as_tensor()
                        .zip(b.as_tensor())
                        .map(|(a, b)| max_abs_diff(a, b));
                    if !matches!(d, Some(Ok(d)) if d == 0.0) {
                        failures.push(format!(
                            "{model}.{variant} output {k}: {d:?} between 1 and 2 threads"
                        ));
                    }
                }
            }
            Err(err) => failures.push(format!("{model}.{variant} (2 threads): {err}")),
        }
        let expected = read_numbered(&dir, "expected");
        let et = et_outputs(&dir, variant);
        let mut vs_eager = 0f64;
        let mut vs_et = 0f64;
        for (k, o) in outputs.iter().enumerate() {
            let Some(o) = o.as_tensor() else { continue };
            if let Some(x) = expected.get(k) {
                match max_abs_diff(o, x) {
                    Ok(d) => vs_eager = vs_eager.max(d),
                    Err(m) => failures.push(format!("{model}.{variant} output {k}: {m}")),
                }
            }
            if let Some(x) = et.get(k) {
                if let Ok(d) = max_abs_diff(o, x) {
                    vs_et = vs_et.max(d);
                }
            }
        }
        let et_err = e["max_abs_diff"].as_f64();
        println!(
            "{model:<22} {variant:<11} {vs_eager:>12.3e} {:>12} {vs_et:>10.3e}",
            et_err.map_or("-".into(), |d| format!("{d:.3e}"))
        );
        if variant == "xnnpack_q8" {
            if vs_et != 0.0 {
                failures.push(format!(
                    "{model}.{variant}: {vs_et:e} from ExecuTorch (native)"
                ));
            }
            match run(&wasm, &path, &inputs) {
                Ok(w) => {
                    for (k, (o, x)) in w.iter().zip(&et).enumerate() {
                        let d = o.as_tensor().map(|o| max_abs_diff(o, x));
                        if !matches!(d, Some(Ok(d)) if d == 0.0) {
                            failures.push(format!(
                                "{model}.{variant} output {k}: {d:?} from ExecuTorch (pure wasm)"
                            ));
                        }
                    }
                }
                Err(err) => failures.push(format!("{model}.{variant} (pure wasm): {err}")),
            }
        } else {
            let tol = et_err.map_or(1e-4, |d| (10.0 * d).clamp(1e-4, 1e-3));
            if vs_eager > tol {
                failures.push(format!(
                    "{model}.{variant}: {vs_eager:e} from eager (tolerance {tol:e})"
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{failures:#?}");
}
