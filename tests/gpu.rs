//! The `gpu` import against a real device (lavapipe, Mesa's software Vulkan, in CI;
//! any Vulkan, Metal or DX12 GPU elsewhere), driven by `test-components/hostile-backend`
//! written against the published WIT: one honest use (`x * y + x` in WGSL, checked
//! against eager PyTorch) and every misuse the host must refuse — bad WGSL, absurd and
//! unaligned buffers, budget exhaustion, bad bindings, reads past the end, dispatches
//! over the limits, handles the instance never made, pathological shaders, layouts that
//! do not match, a writable buffer bound twice. Each must be a clean error naming the component, and the next good run
//! must work.
//!
//! Without any adapter these tests say so and pass, except under `CI` (whose setup
//! installs lavapipe), where a missing adapter fails them. The no-adapter behaviour
//! itself is tested through the CLI with `VK_ICD_FILENAMES` pointing nowhere.

use std::time::Instant;

use plugboard::npy;
use plugboard::{ErrorKind, Registry, SandboxConfig};
use plugboard_tests::hostile::{
    expected, hostile_backend, hostile_program, inputs, CAP_MIB, DEADLINE, TIME_MARGIN,
};
use plugboard_tests::{gpu_present, max_abs_diff, plugboard_bin, run, sandbox};

/// GPU budget of these runs: four 64 MiB buffers fit, the fifth does not.
const BUDGET_MIB: u64 = 256;

fn registry() -> Registry {
    let mut r = Registry::new(SandboxConfig {
        memory_cap: CAP_MIB << 20,
        call_deadline: Some(DEADLINE),
        gpu_budget: BUDGET_MIB << 20,
        ..sandbox()
    })
    .expect("registry");
    r.load_bundled().expect("bundled");
    r.load_file(&hostile_backend())
        .expect("hostile backend loads");
    r
}

fn check_output(reg: &Registry, code: f32) {
    let out = run(reg, &hostile_program(), &inputs(code)).expect("honest GPU run");
    let d = max_abs_diff(out[0].as_tensor().expect("tensor"), &expected(code)).expect("same shape");
    assert!(d <= 1e-5, "code {code}: diff {d}");
}

#[test]
fn honest_gpu_work_matches_eager() {
    if !gpu_present() {
        return;
    }
    let reg = registry();
    check_output(&reg, 160.0);
    // After the device is lost (destroyed, as a driver reset would), the next `open`
    // recreates it and work goes on.
    reg.engine().gpu().destroy_device();
    check_output(&reg, 160.0);
}

#[test]
fn hostile_gpu_calls_are_clean_errors() {
    if !gpu_present() {
        return;
    }
    let reg = registry();
    let cases: &[(f32, ErrorKind, &str)] = &[
        (
            150.0,
            ErrorKind::InvalidArgument,
            "create-pipeline: the device refused it",
        ),
        (
            151.0,
            ErrorKind::InvalidArgument,
            "is larger than the limit",
        ),
        (
            152.0,
            ErrorKind::InvalidArgument,
            "positive multiple of 4 bytes, not 5",
        ),
        (
            153.0,
            ErrorKind::MemoryAllocationFailed,
            "would pass the GPU budget",
        ),
        (154.0, ErrorKind::InvalidArgument, "are outside buffer"),
        (
            155.0,
            ErrorKind::InvalidArgument,
            "read 0: bytes 32..+64 are outside buffer",
        ),
        (156.0, ErrorKind::InvalidArgument, "per dimension"),
        (
            157.0,
            ErrorKind::InvalidArgument,
            "no GPU buffer with handle 4000",
        ),
        (158.0, ErrorKind::InvalidArgument, "nests brackets"),
        (
            159.0,
            ErrorKind::InvalidArgument,
            "create-pipeline: the device refused it",
        ),
        (
            161.0,
            ErrorKind::InvalidArgument,
            "is bound writable and again at binding 0",
        ),
    ];
    for &(code, kind, want) in cases {
        let t = Instant::now();
        let e = run(&reg, &hostile_program(), &inputs(code)).expect_err("refused");
        println!("{code}: {e} ({:?})", t.elapsed());
        assert_eq!(e.kind, kind, "{code}: {e}");
        let msg = e.to_string();
        assert!(msg.contains(want), "{code}: {msg}");
        assert!(msg.contains("gpu: "), "{code}: {msg}");
        assert!(msg.contains("plugboard_test_hostile_backend.wasm"), "{msg}");
        assert_eq!(e.context.backend.as_deref(), Some("HostileBackend"), "{e}");
        assert!(
            t.elapsed() < DEADLINE + TIME_MARGIN,
            "{code}: {:?}",
            t.elapsed()
        );
        // The host and the device survive: honest GPU work right after.
        check_output(&reg, 160.0);
    }
}

/// With no adapter at all, `plugboard backends` works and GPU work is a clean error.
#[test]
fn no_adapter_is_a_clean_error() {
    let nowhere = std::env::temp_dir().join("plugboard-no-such-icd.json");
    let cli = |args: &[String]| {
        std::process::Command::new(plugboard_bin())
            .args(args)
            .env("VK_ICD_FILENAMES", &nowhere)
            .env("VK_DRIVER_FILES", &nowhere)
            .output()
            .expect("run plugboard")
    };
    let out = cli(&["backends".into()]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(stdout.contains("XnnpackBackend"), "{stdout}");
    let vulkan = stdout
        .lines()
        .find(|l| l.starts_with("VulkanBackend "))
        .unwrap_or_default();
    assert!(
        vulkan.contains(" no ") && vulkan.contains("no GPU: no GPU adapter"),
        "{stdout}"
    );

    // A Vulkan program fails at method load, naming the backend and the reason.
    let cnn = plugboard_tests::pte("cnn", "vulkan");
    let out = cli(&["run".into(), cnn.display().to_string()]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("VulkanBackend is not available on this machine: no GPU"),
        "{stderr}"
    );
    assert!(!stderr.contains("panicked"), "{stderr}");

    let dir = std::env::temp_dir().join(format!("plugboard-gpu-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("dir");
    let mut args = vec!["run".to_string(), hostile_program().display().to_string()];
    for (i, t) in inputs(160.0).iter().enumerate() {
        let p = dir.join(format!("x{i}.npy"));
        npy::write(&p, t).expect("npy");
        args.extend(["-i".into(), p.display().to_string()]);
    }
    args.extend(["--backend".into(), hostile_backend().display().to_string()]);
    let t = Instant::now();
    let out = cli(&args);
    let stderr = String::from_utf8_lossy(&out.stderr);
    println!("{stderr} ({:?})", t.elapsed());
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("no GPU"), "{stderr}");
    assert!(stderr.contains("HostileBackend"), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
}
