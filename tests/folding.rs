//! Kernel calls computed from constants run once (host/src/method/folding.rs); every
//! later execute must still give ExecuTorch's answers, stateful programs included.
//!
//! `counter` (export.py) keeps a mutable buffer (`count += 1` per call, written back
//! with `aten::copy_`) next to a value computed from constants alone: executes 1, 2
//! and 3 of one loaded method must match eager PyTorch's three successive calls and
//! ExecuTorch's own three executes.

use std::sync::Arc;

use plugboard::{npy, EValue, Method, Program, Tensor};
use plugboard_tests::{fixtures, max_abs_diff, pte, read_numbered, registry};

const ATOL: f64 = 1e-5;

fn load(model: &str, variant: &str) -> Method {
    let program = Arc::new(Program::from_file(pte(model, variant)).expect("program"));
    Method::load(program, "forward", &registry()).expect("method")
}

fn set_inputs(m: &mut Method, inputs: &[Tensor]) {
    for (i, t) in inputs.iter().enumerate() {
        m.set_input(i, EValue::Tensor(t.clone())).expect("input");
    }
}

fn output0(m: &mut Method) -> Tensor {
    match m.outputs().expect("outputs").remove(0) {
        EValue::Tensor(t) => t,
        other => panic!("output 0 is a {}", other.kind()),
    }
}

#[test]
fn stateful_program_matches_on_every_execute() {
    let dir = fixtures().join("counter");
    let inputs = read_numbered(&dir, "input");
    for variant in ["portable", "xnnpack"] {
        let mut m = load("counter", variant);
        // `arange * 2 + 1` folds; the buffer's update and write-back do not.
        assert!(m.folded_calls() >= 1, "{variant}: nothing folded");
        for run in 0..3 {
            // As with ExecuTorch, inputs are set before every execute: the memory plan
            // may reuse an input's bytes once the input is read.
            set_inputs(&mut m, &inputs);
            let suffix = if run == 0 {
                String::new()
            } else {
                format!("_run{run}")
            };
            m.execute()
                .unwrap_or_else(|e| panic!("{variant} execute {run}: {e}"));
            let got = output0(&mut m);
            for file in [
                format!("expected0{suffix}.npy"),
                format!("et_{variant}_output0{suffix}.npy"),
            ] {
                let want = npy::read(&dir.join(&file)).expect("npy");
                let d = max_abs_diff(&got, &want).unwrap_or_else(|e| panic!("{file}: {e}"));
                assert!(d <= ATOL, "{variant} execute {run} vs {file}: {d}");
            }
        }
    }
}

/// Programs with folded calls whose outputs other instructions read, executed several
/// times with the memory plan's reuse in between: each execute matches eager PyTorch.
#[test]
fn folded_outputs_survive_later_executes() {
    let mut folded = 0;
    for (model, variant) in [
        ("ops_index", "portable"),
        ("ops_create", "portable"),
        ("ops_shape", "portable"),
        ("mlp", "portable"),
        ("tiny_transformer", "portable"),
        ("gru", "portable"),
        ("lstm", "portable"),
        ("lstm", "xnnpack"),
        ("mv3_features", "xnnpack"),
    ] {
        let dir = fixtures().join(model);
        let inputs = read_numbered(&dir, "input");
        let expected = read_numbered(&dir, "expected");
        let mut m = load(model, variant);
        folded += m.folded_calls();
        for run in 0..3 {
            set_inputs(&mut m, &inputs);
            m.execute()
                .unwrap_or_else(|e| panic!("{model}.{variant} execute {run}: {e}"));
            let outs = m.outputs().expect("outputs");
            for (k, (got, want)) in outs.iter().zip(&expected).enumerate() {
                let EValue::Tensor(got) = got else {
                    panic!("{model} output {k} is not a tensor")
                };
                let d = max_abs_diff(got, want)
                    .unwrap_or_else(|e| panic!("{model}.{variant} output {k}: {e}"));
                assert!(d <= 1e-4, "{model}.{variant} execute {run} output {k}: {d}");
            }
        }
    }
    assert!(folded > 0, "no folded calls in these programs");
}
