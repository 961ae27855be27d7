//! A method whose operators come from two kernel libraries: the `custom_op` fixture
//! (exported by `tests/fixtures/export.py` with a `torch.library` operator,
//! `mylib::scaled_add`) runs on the bundled portable library plus
//! `components/examples/custom-ops`, and matches eager PyTorch.

use std::process::Command;

use plugboard::{ErrorKind, Method, Program};
use plugboard_tests::{
    fixtures, max_abs_diff, plugboard_bin, pte, read_numbered, registry, test_component,
};
use std::sync::Arc;

fn custom_ops() -> std::path::PathBuf {
    test_component("plugboard_example_custom_ops")
}

#[test]
fn custom_op_runs_next_to_portable_and_matches_eager() {
    let mut reg = registry();
    reg.load_file(&custom_ops())
        .expect("load the custom-ops library");
    let program = Arc::new(Program::from_file(pte("custom_op", "portable")).expect("program"));
    let mut m = Method::load(program.clone(), "forward", &reg).expect("load with two libraries");
    // Two libraries serve the method: portable holds the tensors (it serves relu and
    // mul), custom-ops serves both scaled_add calls.
    let libs: Vec<String> = m
        .kernel_libraries()
        .iter()
        .map(|l| {
            l.path
                .file_name()
                .unwrap_or_default()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    assert_eq!(libs, ["portable.wasm", "plugboard_example_custom_ops.wasm"]);
    let plan = m.plan().clone();
    let op = plan
        .operators
        .iter()
        .position(|o| o == "mylib::scaled_add.out")
        .expect("the program calls mylib::scaled_add.out");
    let served = m.operator_library(op).expect("served");
    assert_eq!(served.path, custom_ops());

    let dir = fixtures().join("custom_op");
    let inputs = read_numbered(&dir, "input");
    let expected = read_numbered(&dir, "expected");
    for round in 0..3 {
        m.reset_copy_counters();
        for (i, t) in inputs.iter().enumerate() {
            m.set_input(i, plugboard::EValue::Tensor(t.clone()))
                .expect("input");
        }
        m.execute().expect("execute");
        let outs = m.outputs().expect("outputs");
        assert_eq!(outs.len(), expected.len());
        for (o, e) in outs.iter().zip(&expected) {
            let plugboard::EValue::Tensor(o) = o else {
                panic!("output is not a tensor");
            };
            let d = max_abs_diff(o, e).expect("comparable");
            assert!(d <= 1e-5, "round {round}: max abs diff {d}");
        }
        // The copies across: per call, its tensor arguments in (x and the constant w,
        // the constant only the first time; then z and x) and the changed ones back.
        let (lib_in, lib_out) = m.library_copy_counters();
        let bytes = 4 * 8 * 4; // one [4, 8] float32 tensor
        let want_in = if round == 0 { 6 * bytes } else { 5 * bytes };
        assert_eq!(lib_in, want_in as u64, "round {round}: bytes copied in");
        // Read back: every non-constant argument (x, out; z, x, out).
        assert_eq!(lib_out, 5 * bytes as u64, "round {round}: bytes read back");
        // What went into custom-ops was read out of portable's storage.
        let (_, home_out) = m.copy_counters();
        assert!(home_out >= lib_in, "{home_out} < {lib_in}");
    }
}

#[test]
fn without_the_custom_op_library_the_error_names_the_namespace() {
    let reg = registry();
    let program = Arc::new(Program::from_file(pte("custom_op", "portable")).expect("program"));
    let e = Method::load(program, "forward", &reg).expect_err("mylib is not loaded");
    let msg = e.to_string();
    println!("{msg}");
    assert_eq!(e.kind, ErrorKind::OperatorMissing, "{msg}");
    assert!(msg.contains("mylib::scaled_add.out"), "{msg}");
    assert!(
        msg.contains("namespace mylib:: looks like a custom-op library"),
        "{msg}"
    );
}

#[test]
fn cli_runs_the_custom_op_program_and_reports_the_copies() {
    let out = Command::new(plugboard_bin())
        .arg("run")
        .arg(pte("custom_op", "portable"))
        .arg("--backend")
        .arg(custom_ops())
        .arg("-i")
        .arg(fixtures().join("custom_op").join("input0.npy"))
        .output()
        .expect("run plugboard");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stdout}\n{stderr}");
    assert!(
        stdout.contains("kernel libraries: <bundled>/portable.wasm (home"),
        "{stdout}"
    );
    assert!(
        stdout.contains("plugboard_example_custom_ops.wasm"),
        "{stdout}"
    );
}
