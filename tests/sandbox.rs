//! The sandbox and the registry: a component that traps, loops forever or eats memory
//! gives a clear error, the host keeps running and the next run works; duplicate
//! providers and a component built against another major contract version are refused;
//! a kernel library loaded to override operators takes them over, visibly.

use std::time::Duration;

use plugboard::registry::LoadOptions;
use plugboard::{ErrorKind, Registry, SandboxConfig, Tensor};
use plugboard_tests::{
    fixtures, max_abs_diff, pte, read_numbered, registry, run, sandbox, test_component,
};

fn misbehave_registry() -> Registry {
    let config = SandboxConfig {
        memory_cap: 64 << 20,
        call_deadline: Some(Duration::from_millis(300)),
        ..sandbox()
    };
    let mut r = Registry::new(config).expect("registry");
    r.load_file(&test_component("plugboard_test_misbehave"))
        .expect("load misbehave component");
    r
}

/// `add_mul` inputs with x[0] set to `first` (the misbehave component reads it).
fn inputs_with(first: f32) -> Vec<Tensor> {
    let mut inputs = read_numbered(&fixtures().join("add_mul"), "input");
    inputs[0].data[0..4].copy_from_slice(&first.to_le_bytes());
    inputs
}

fn good_run_works(reg: &Registry) {
    let inputs = read_numbered(&fixtures().join("add_mul"), "input");
    let expected = read_numbered(&fixtures().join("add_mul"), "expected");
    let out = run(reg, &pte("add_mul", "portable"), &inputs).expect("good run after a bad one");
    let d = max_abs_diff(out[0].as_tensor().expect("tensor"), &expected[0]).expect("comparable");
    assert!(d <= 1e-5, "diff {d}");
}

fn bad_run(reg: &Registry, first: f32) -> plugboard::Error {
    run(reg, &pte("add_mul", "portable"), &inputs_with(first))
        .expect_err("the component misbehaves")
}

#[test]
fn trap_is_an_error_naming_component_and_instruction() {
    let reg = misbehave_registry();
    let e = bad_run(&reg, 1.0);
    let msg = e.to_string();
    println!("{msg}");
    assert!(msg.contains("trapped"), "{msg}");
    assert!(msg.contains("plugboard_test_misbehave.wasm"), "{msg}");
    // add.out is the second instruction of add_mul (x * y + x); the kernel calls run as
    // one prepared batch, and the library's progress reports name the exact call.
    assert_eq!(
        e.context.operator.as_deref(),
        Some("aten::add.out"),
        "{msg}"
    );
    assert_eq!(e.context.instruction, Some(1), "{msg}");
    assert!(msg.contains("add_mul.portable.pte"), "{msg}");
    good_run_works(&reg);
}

#[test]
fn endless_loop_hits_the_deadline() {
    let reg = misbehave_registry();
    let t = std::time::Instant::now();
    let e = bad_run(&reg, 2.0);
    println!("{e} after {:?}", t.elapsed());
    assert_eq!(e.kind, ErrorKind::OutOfResources, "{e}");
    assert!(e.to_string().contains("deadline"), "{e}");
    assert!(t.elapsed() < Duration::from_secs(20));
    good_run_works(&reg);
}

#[test]
fn memory_bomb_hits_the_cap() {
    let reg = misbehave_registry();
    let e = bad_run(&reg, 3.0);
    println!("{e}");
    assert_eq!(e.kind, ErrorKind::MemoryAllocationFailed, "{e}");
    assert!(e.to_string().contains("cap"), "{e}");
    good_run_works(&reg);
}

#[test]
fn duplicate_operator_names_both_components() {
    let mut reg = registry();
    let before = reg.components().len();
    let path = test_component("plugboard_test_misbehave");
    let e = reg
        .load_file(&path)
        .expect_err("aten::add.out is provided twice");
    let msg = e.to_string();
    println!("{msg}");
    assert!(msg.contains("aten::add.out"), "{msg}");
    assert!(msg.contains("portable.wasm"), "{msg}");
    assert!(msg.contains("plugboard_test_misbehave.wasm"), "{msg}");
    // The rejected component left nothing behind; the registry still works.
    assert_eq!(reg.components().len(), before);
    assert!(reg.overrides().is_empty());
    good_run_works(&reg);
}

/// The bundled components plus `misbehave` loaded with `override_operators`.
fn override_registry() -> Registry {
    let mut reg = registry();
    reg.load_file_with(
        &test_component("plugboard_test_misbehave"),
        LoadOptions {
            override_operators: true,
        },
    )
    .expect("misbehave overrides the portable add.out and mul.out");
    reg
}

#[test]
fn override_kernels_take_over_the_operators_they_provide() {
    let reg = override_registry();
    let misbehave = test_component("plugboard_test_misbehave");
    // The registry says who serves each overridden operator and whom it replaced.
    let overrides = reg.overrides();
    let names: Vec<&str> = overrides.iter().map(|o| o.operator.as_str()).collect();
    assert_eq!(names, ["aten::add.out", "aten::mul.out"], "{overrides:?}");
    for o in overrides {
        assert_eq!(o.served_by, misbehave, "{o:?}");
        assert!(o.replaced.ends_with("portable.wasm"), "{o:?}");
        let (comp, _) = reg.kernel(&o.operator).expect("still served");
        assert_eq!(comp.info.path, misbehave);
    }
    // Every other operator is still the portable library's.
    let (comp, _) = reg.kernel("aten::sub.out").expect("portable sub.out");
    assert!(comp.info.path.ends_with("portable.wasm"));
    // An honest input: misbehave's kernels give eager PyTorch's answer.
    good_run_works(&reg);
    // Its misbehaviour code 10 surfaces: the method really runs on misbehave.
    let e = bad_run(&reg, 10.0);
    let msg = e.to_string();
    println!("{msg}");
    assert!(msg.contains("reported 7 of 2 calls run"), "{msg}");
    assert!(msg.contains("plugboard_test_misbehave.wasm"), "{msg}");
    good_run_works(&reg);
}

/// A method whose operators end up split across two kernel libraries (misbehave's
/// add.out and mul.out, portable's others) loads on both: portable, serving most
/// calls, holds its tensors, and each operator is served by the library that won it.
/// (Running it is `tests/custom_ops.rs`'s business: misbehave's kernels do not
/// broadcast.)
#[test]
fn override_that_splits_a_method_serves_each_operator_from_its_library() {
    let reg = override_registry();
    let path = pte("ops_arith", "portable");
    let program = std::sync::Arc::new(plugboard::Program::from_file(&path).expect("program"));
    let m = plugboard::Method::load(program, "forward", &reg).expect("two libraries");
    let libs: Vec<&std::path::Path> = m
        .kernel_libraries()
        .iter()
        .map(|l| l.path.as_path())
        .collect();
    assert_eq!(libs.len(), 2, "{libs:?}");
    assert!(libs[0].ends_with("portable.wasm"), "{libs:?}");
    assert_eq!(libs[1], test_component("plugboard_test_misbehave"));
    for (i, op) in m.plan().operators.iter().enumerate() {
        let Some(lib) = m.operator_library(i) else {
            continue;
        };
        let misbehave = lib.path.ends_with("plugboard_test_misbehave.wasm");
        let overridden = op == "aten::add.out" || op == "aten::mul.out";
        assert_eq!(
            misbehave,
            overridden,
            "{op} is served by {}",
            lib.path.display()
        );
    }
}

/// Operators no loaded library provides are all named in one error that says what
/// would provide them; a namespace outside ExecuTorch's own is called a custom-op
/// library.
#[test]
fn missing_operators_suggest_a_kernel_library() {
    // Backends only: no kernel library at all.
    let mut reg = Registry::new(sandbox()).expect("registry");
    let (name, bytes) = plugboard::registry::BUNDLED
        .iter()
        .find(|(n, _)| *n == "xnnpack.wasm")
        .expect("xnnpack is bundled");
    reg.load_bytes(std::path::Path::new(name), bytes)
        .expect("xnnpack");
    let bytes = std::fs::read(pte("add_mul", "portable")).expect("fixture");
    // The same program with `aten::mul` renamed to a custom namespace (same length).
    let custom = replace_once(&bytes, b"aten::mul", b"mylb::mul");
    let dir = std::env::temp_dir().join(format!("plugboard-missing-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("dir");
    let custom_path = dir.join("add_mul.custom.pte");
    std::fs::write(&custom_path, custom).expect("write");
    for (path, custom) in [(pte("add_mul", "portable"), false), (custom_path, true)] {
        let program = std::sync::Arc::new(plugboard::Program::from_file(&path).expect("program"));
        let e = plugboard::Method::load(program, "forward", &reg).expect_err("no kernels");
        let msg = e.to_string();
        println!("{msg}");
        assert_eq!(e.kind, ErrorKind::OperatorMissing, "{msg}");
        assert!(
            msg.contains("2 operator(s) are not provided by any loaded kernel library"),
            "{msg}"
        );
        assert!(msg.contains("aten::add.out"), "{msg}");
        assert!(msg.contains("load a kernel library component"), "{msg}");
        assert!(msg.contains("--backend FILE.wasm"), "{msg}");
        if custom {
            assert!(msg.contains("mylb::mul.out"), "{msg}");
            assert!(
                msg.contains("namespace mylb:: looks like a custom-op library"),
                "{msg}"
            );
        } else {
            assert!(msg.contains("aten::mul.out"), "{msg}");
            assert!(!msg.contains("custom-op"), "{msg}");
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// `bytes` with the one occurrence of `from` replaced by `to` (same length).
fn replace_once(bytes: &[u8], from: &[u8], to: &[u8]) -> Vec<u8> {
    assert_eq!(from.len(), to.len());
    let at = bytes
        .windows(from.len())
        .position(|w| w == from)
        .expect("string in the program");
    let mut out = bytes.to_vec();
    out[at..at + to.len()].copy_from_slice(to);
    out
}

#[test]
fn other_major_contract_version_is_refused() {
    let mut reg = registry();
    let e = reg
        .load_file(&plugboard_tests::component_of_version("3.0.0"))
        .expect_err("a 3.0.0 component must be refused");
    let msg = e.to_string();
    println!("{msg}");
    assert_eq!(e.kind, ErrorKind::DelegateInvalidCompatibility);
    assert!(msg.contains("plugboard:runtime@3.0.0"), "{msg}");
    assert!(msg.contains("plugboard:runtime@1.4.0"), "{msg}");
    assert!(msg.contains("plugboard:runtime@2.4.0"), "{msg}");
    good_run_works(&reg);
}

#[test]
fn delegated_program_without_its_backend_fails_at_load() {
    // Only the portable kernel library: no backend at all.
    let mut reg = Registry::new(sandbox()).expect("registry");
    let (name, bytes) = plugboard::registry::BUNDLED
        .iter()
        .find(|(n, _)| *n == "portable.wasm")
        .expect("portable is bundled");
    reg.load_bytes(std::path::Path::new(name), bytes)
        .expect("portable");
    for variant in ["xnnpack", "vulkan"] {
        let path = pte("mlp", variant);
        if !path.exists() {
            continue;
        }
        let program = std::sync::Arc::new(plugboard::Program::from_file(&path).expect("program"));
        let e = plugboard::Method::load(program, "forward", &reg).expect_err("no backend");
        let msg = e.to_string();
        println!("{msg}");
        assert_eq!(e.kind, ErrorKind::NotFound);
        assert!(msg.contains("is not registered"), "{msg}");
    }
}

/// After a trap, the same loaded method gets a fresh kernel-library instance (planned
/// buffers and constants restored) and runs again.
#[test]
fn same_method_recovers_after_each_failure() {
    use plugboard::{EValue, Method, Program};
    let reg = misbehave_registry();
    let program =
        std::sync::Arc::new(Program::from_file(pte("add_mul", "portable")).expect("program"));
    let mut m = Method::load(program, "forward", &reg).expect("load");
    let good = read_numbered(&fixtures().join("add_mul"), "input");
    let expected = read_numbered(&fixtures().join("add_mul"), "expected");
    for first in [1.0, 2.0, 3.0] {
        for (i, t) in inputs_with(first).into_iter().enumerate() {
            m.set_input(i, EValue::Tensor(t)).expect("set input");
        }
        let e = m.execute().expect_err("misbehaves");
        println!("{e}");
        for (i, t) in good.iter().enumerate() {
            m.set_input(i, EValue::Tensor(t.clone()))
                .expect("set input after failure");
        }
        m.execute().expect("runs again after a failure");
        let out = m.outputs().expect("outputs");
        let d = max_abs_diff(out[0].as_tensor().expect("tensor"), &expected[0]).expect("cmp");
        assert!(d <= 1e-5);
    }
}

/// The same trap with one component call per kernel call names the same instruction.
#[test]
fn trap_without_batching_names_the_same_instruction() {
    use plugboard::{EValue, Method, Program};
    let reg = misbehave_registry();
    let program =
        std::sync::Arc::new(Program::from_file(pte("add_mul", "portable")).expect("program"));
    let mut m = Method::load(program, "forward", &reg).expect("load");
    m.set_batching(false);
    for (i, t) in inputs_with(1.0).into_iter().enumerate() {
        m.set_input(i, EValue::Tensor(t)).expect("input");
    }
    let e = m.execute().expect_err("traps");
    println!("{e}");
    assert!(e.to_string().contains("kernels.call trapped"), "{e}");
    assert_eq!(e.context.instruction, Some(1), "{e}");
    assert_eq!(e.context.operator.as_deref(), Some("aten::add.out"), "{e}");
}
