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

/// A delegate call whose input sizes changed since its last `execute` (a program whose
/// tensors may shrink below their planned sizes) is an `execute` with the new sizes,
/// and once the arguments settle the calls repeat those: the host's check of the
/// arguments, and the count of descriptor changes that lets it skip that check while
/// nothing changes, see every change. `add_mul` is element-wise, so eager PyTorch's answer for the first
/// rows of the inputs is the first rows of its answer for all of them.
#[test]
fn new_input_sizes_send_the_next_call_to_execute() {
    use plugboard::program::schema::executorch_flatbuffer as fb;
    let bytes = std::fs::read(pte("add_mul", "xnnpack")).expect("fixture");
    let (mut p, segs) = plugboard_tests::parse_pte(&bytes);
    let plan = &mut p.execution_plan.as_mut().expect("plans")[0];
    for v in plan.values.as_mut().expect("values") {
        if let Some(fb::KernelTypes::Tensor(t)) = &mut v.val {
            t.shape_dynamism = fb::TensorShapeDynamism::DynamicBound;
        }
    }
    let dir = plugboard_tests::hotswap::temp_dir("execute_again_dynamic");
    let path = dir.join("add_mul_dynamic.xnnpack.pte");
    std::fs::write(&path, plugboard_tests::write_pte(&p, &segs)).expect("write");
    let program = Arc::new(Program::from_file(&path).expect("program"));
    let mut m = Method::load(program, "forward", &registry()).expect("method");
    let dir = fixtures().join("add_mul");
    let full = read_numbered(&dir, "input");
    let expected = read_numbered(&dir, "expected").remove(0);
    // The first `rows` rows of a [2, 3, 4] fp32 tensor.
    let rows = |t: &Tensor, rows: usize| {
        let n = rows * 3 * 4 * 4;
        Tensor {
            sizes: vec![rows, 3, 4],
            data: t.data[..n].to_vec(),
            ..t.clone()
        }
    };
    // After a change, two `execute`s: the first is called with the output at its old
    // sizes (what the value holds until the backend answers), the second with the new.
    let steps = [
        (2, 0),
        (2, 1),
        (1, 0),
        (1, 0),
        (1, 1),
        (2, 0),
        (2, 0),
        (2, 1),
    ];
    for (k, (r, again)) in steps.into_iter().enumerate() {
        for (i, t) in full.iter().enumerate() {
            m.set_input(i, EValue::Tensor(rows(t, r))).expect("input");
        }
        m.reset_copy_counters();
        m.execute()
            .unwrap_or_else(|e| panic!("execute {k} ({r} rows): {e}"));
        let out = m.outputs().expect("outputs");
        let got = out[0].as_tensor().expect("tensor");
        let want = rows(&expected, r);
        assert_eq!(got.sizes, want.sizes, "execute {k}");
        let d = plugboard_tests::max_abs_diff(got, &want).expect("same shape");
        assert!(d < 1e-5, "execute {k} ({r} rows): {d:e} from eager PyTorch");
        assert_eq!(m.executed_again_calls(), again, "execute {k} ({r} rows)");
    }
}
