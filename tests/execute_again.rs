//! Delegate calls by `backend-execute-again` (contract 2.1, host/src/method/execute_again.rs)
//! on the bundled XNNPACK backend: after each delegate's first `execute`, every call of a
//! static program runs by `execute-again`, with only the input and output addresses
//! crossing. The outputs must match eager PyTorch (fp32) or ExecuTorch's runtime (int8,
//! bit for bit) on every execute, and be byte for byte those of `execute` alone
//! (`set_execute_again(false)`). The contract side (2.0 backends never get it, a backend
//! that misbehaves in it) is `tests/contract.rs`'s `execute_again_conformance`.

use std::sync::Arc;

use plugboard::program::Instruction;
use plugboard::{EValue, Method, Program, Registry, Tensor};
use plugboard_tests::{fixtures, pte, read_numbered, registry};

/// `DelegateCall` instructions in `m`'s plan.
fn delegate_calls(m: &Method) -> u64 {
    m.plan()
        .instructions
        .iter()
        .filter(|i| matches!(i, Instruction::Delegate { .. }))
        .count() as u64
}

/// Runs `model.variant` three times on its fixture inputs with `execute-again` `on`;
/// returns the outputs of each execute and the calls each ran by `execute-again`.
fn run(reg: &Registry, model: &str, variant: &str, on: bool) -> (Vec<Vec<Tensor>>, Vec<u64>, u64) {
    let program = Arc::new(Program::from_file(pte(model, variant)).expect("program"));
    let mut m = Method::load(program, "forward", reg).expect("method");
    m.set_execute_again(on);
    let inputs = read_numbered(&fixtures().join(model), "input");
    let (mut outs, mut again) = (Vec::new(), Vec::new());
    for _ in 0..3 {
        for (i, t) in inputs.iter().enumerate() {
            m.set_input(i, EValue::Tensor(t.clone())).expect("input");
        }
        m.reset_copy_counters();
        m.execute()
            .unwrap_or_else(|e| panic!("{model}.{variant} (execute-again {on}): {e}"));
        outs.push(
            m.outputs()
                .expect("outputs")
                .iter()
                .map(|o| o.as_tensor().expect("tensor").clone())
                .collect(),
        );
        again.push(m.executed_again_calls());
    }
    (outs, again, delegate_calls(&m))
}

fn check(model: &str, variant: &str, got: &[Tensor]) {
    plugboard_tests::check_fixture_outputs(model, variant, got)
}

#[test]
fn xnnpack_delegates_run_again_with_the_outputs_of_execute() {
    let reg = registry();
    for (model, variant) in [
        ("lstm", "xnnpack"),
        ("lstm", "xnnpack_q8"),
        ("gru", "xnnpack"),
        ("tiny_transformer", "xnnpack"),
        ("tiny_transformer", "xnnpack_q8"),
        ("dispatch", "xnnpack"),
        ("cnn", "xnnpack"),
    ] {
        let (on, again, calls) = run(&reg, model, variant, true);
        let (off, none, _) = run(&reg, model, variant, false);
        assert!(calls > 0, "{model}.{variant}: no delegate call");
        // The first execute calls `execute` for each delegate; the later ones repeat.
        assert_eq!(again, vec![0, calls, calls], "{model}.{variant}");
        assert_eq!(none, vec![0, 0, 0], "{model}.{variant}: switched off");
        for (run, (a, b)) in on.iter().zip(&off).enumerate() {
            check(model, variant, a);
            for (k, (x, y)) in a.iter().zip(b).enumerate() {
                assert_eq!(
                    x.data, y.data,
                    "{model}.{variant} execute {run} output {k}: execute-again vs execute"
                );
            }
        }
    }
}
