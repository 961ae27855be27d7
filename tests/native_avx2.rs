//! The XNNPACK fixtures with the native kernels forced down to AVX2
//! (`PLUGBOARD_NATIVE_ISA=avx2`), the path an AVX2-only CPU takes: fp32 within 1e-4 of
//! eager PyTorch and int8 within the same quantization step of ExecuTorch's own
//! XNNPACK output as the default path (the large models too, when exported). On a CPU
//! without AVX2 the variable cannot raise the level and this runs the portable path.
//!
//! Its own test binary: the level is read once per process, so the variable must be
//! set before the native kernels are first used.

use plugboard_tests::{check_against_eager_in, check_q8_against_executorch_in, fixtures, registry};

fn dirs(variant: &str) -> Vec<(std::path::PathBuf, String)> {
    let mut found = Vec::new();
    let mut roots: Vec<_> = std::fs::read_dir(fixtures())
        .expect("fixtures dir")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .collect();
    roots.push(fixtures().join("large").join("mobilenet_v2"));
    roots.push(fixtures().join("large").join("resnet18"));
    roots.sort();
    for dir in roots {
        let Some(name) = dir.file_name().and_then(|n| n.to_str()).map(str::to_string) else {
            continue;
        };
        if dir.join(format!("{name}.{variant}.pte")).exists() {
            found.push((dir, name));
        }
    }
    found
}

#[test]
fn xnnpack_fixtures_on_the_avx2_path() {
    std::env::set_var(plugboard_native_accel::isa::ISA_VAR, "avx2");
    let isa = plugboard_native_accel::isa::Isa::current();
    println!("native kernels at {isa:?}");
    assert!(isa <= plugboard_native_accel::isa::Isa::Avx2);
    let reg = registry();
    let fp32 = dirs("xnnpack");
    assert!(fp32.len() >= 6, "{} xnnpack fixtures", fp32.len());
    for (dir, name) in &fp32 {
        check_against_eager_in(&reg, dir, name, "xnnpack", 1e-4);
    }
    let q8 = dirs("xnnpack_q8");
    assert!(q8.len() >= 6, "{} xnnpack_q8 fixtures", q8.len());
    for (dir, name) in &q8 {
        let steps = check_q8_against_executorch_in(&reg, dir, name);
        assert_eq!(steps, 0.0, "{name}: {steps} steps from ExecuTorch");
    }
}
