//! Contract 1.x: delegate outputs that only other delegates read go from backend to
//! backend on the host (host/src/method/handoff.rs), never through the kernel library's
//! memory: the recurrent fixtures' step states. (A 2.x backend copies from and to the
//! kernel library's memory directly, so there is nothing to hand over: the test runs
//! the XNNPACK backend's 1.4 build for the handoff. On the bundled 2.0 build the same
//! values stay in the backend from their first delegate read to their last,
//! host/src/method/resident.rs, and must never outlive the execute that copied them.)
//! Every execute must still match eager PyTorch (fp32)
//! or ExecuTorch's own runtime (int8, bit for bit), copying the same bytes each time
//! once constants are folded. A value several delegates read after a kernel wrote it
//! (the GRU's) is read from the kernel library once per execute and kept for the rest.

use std::sync::Arc;

use plugboard::{EValue, Method, Program};
use plugboard_tests::{fixtures, max_abs_diff, pte, read_numbered, registry};

#[test]
fn handed_over_outputs_match_on_every_execute() {
    for (model, variant, atol) in [
        ("lstm", "xnnpack", 1e-4),
        ("gru", "xnnpack", 1e-4),
        ("lstm", "xnnpack_q8", 0.0),
        ("gru", "xnnpack_q8", 0.0),
    ] {
        let dir = fixtures().join(model);
        let inputs = read_numbered(&dir, "input");
        // int8 programs match ExecuTorch bit for bit; fp32 ones eager PyTorch.
        let want = if atol == 0.0 {
            read_numbered(&dir, &format!("et_{variant}_output"))
        } else {
            read_numbered(&dir, "expected")
        };
        assert!(!want.is_empty(), "{model}: no reference outputs");
        let program = Arc::new(Program::from_file(pte(model, variant)).expect("program"));
        // The bundled 2.0 build: the same answers, nothing handed over, inputs several
        // delegates read copied into the backend once per execute. An execute on other
        // inputs (zeros) before two on the fixture's shows that nothing resident
        // outlives its execute: the second and third must match the reference.
        let mut m2 = Method::load(program.clone(), "forward", &registry()).expect("method");
        assert_eq!(m2.handed_over_values(), 0, "{model}.{variant} on 2.0");
        assert!(
            m2.resident_values() > 0,
            "{model}.{variant}: nothing may stay resident"
        );
        for run in 0..3 {
            for (i, t) in inputs.iter().enumerate() {
                let mut t = t.clone();
                if run == 0 {
                    t.data.iter_mut().for_each(|b| *b = 0);
                }
                m2.set_input(i, EValue::Tensor(t)).expect("input");
            }
            m2.reset_copy_counters();
            m2.execute().expect("2.0 execute");
            let resident = m2.delegate_resident_bytes();
            assert!(
                resident > 0,
                "{model}.{variant} on 2.0: every input was copied"
            );
            assert!(resident < m2.delegate_copy_counters().0);
            if run == 0 {
                continue;
            }
            for (k, (got, want)) in m2.outputs().expect("outputs").iter().zip(&want).enumerate() {
                let d = max_abs_diff(got.as_tensor().expect("tensor"), want).expect("shape");
                assert!(
                    d <= atol,
                    "{model}.{variant} on 2.0 execute {run} output {k}: {d}"
                );
            }
        }
        let mut v1 = registry();
        v1.replace_file(
            "XnnpackBackend",
            &plugboard_tests::test_component("plugboard_test_xnnpack_v1"),
        )
        .expect("the 1.4 build");
        let mut m = Method::load(program, "forward", &v1).expect("method");
        assert!(
            m.handed_over_values() > 0,
            "{model}.{variant}: no delegate output goes straight to another delegate"
        );
        if model == "gru" {
            assert!(
                m.reread_values() > 0,
                "{model}.{variant}: no value read by several delegates is kept"
            );
        }
        let mut copied = Vec::new();
        for run in 0..4 {
            for (i, t) in inputs.iter().enumerate() {
                m.set_input(i, EValue::Tensor(t.clone())).expect("input");
            }
            m.reset_copy_counters();
            m.execute()
                .unwrap_or_else(|e| panic!("{model}.{variant} execute {run}: {e}"));
            copied.push(m.copy_counters());
            let outs = m.outputs().expect("outputs");
            for (k, (got, want)) in outs.iter().zip(&want).enumerate() {
                let EValue::Tensor(got) = got else {
                    panic!("{model} output {k} is not a tensor")
                };
                let d = max_abs_diff(got, want)
                    .unwrap_or_else(|e| panic!("{model}.{variant} output {k}: {e}"));
                assert!(d <= atol, "{model}.{variant} execute {run} output {k}: {d}");
            }
        }
        // Every execute copies the same bytes: none of the handed-over tensors. The
        // first runs the folded calls and the second reads their kept outputs once, so
        // the copies settle from the third on.
        assert!(copied.windows(2).all(|w| w[1] <= w[0]), "{copied:?}");
        assert!(copied[2..].windows(2).all(|w| w[0] == w[1]), "{copied:?}");
    }
}
