//! Programs whose inputs are not contiguous: exported from channels-last tensors (dim
//! order `[0, 2, 3, 1]`, or `[0, 2, 1, 3]` for a one-channel input, the same bytes) and
//! from a permuted one (`[2, 0, 1]`), each through the portable kernels, the XNNPACK
//! backend (native kernels and pure wasm) and the Vulkan backend, against eager
//! PyTorch. ExecuTorch's own runtime fails on most of these (`failures.json`):
//! pytorch/executorch#16507, #19153, #21837.

use std::sync::Arc;

use plugboard::program::ValueDef;
use plugboard::{EValue, Method, Program};
use plugboard_tests::{
    fixtures, gpu_present, max_abs_diff, pte, read_numbered, registry, registry_wasm_only,
};

/// (model, the dim order of its input 0 in the program).
const CASES: &[(&str, &[u8])] = &[
    ("cl_cnn", &[0, 2, 3, 1]),
    ("cl_conv1x1", &[0, 2, 1, 3]),
    ("cl_scale", &[0, 2, 3, 1]),
    ("perm_scale", &[2, 0, 1]),
];

fn check(reg: &plugboard::Registry, model: &str, variant: &str, input_order: &[u8]) {
    let path = pte(model, variant);
    let program = Arc::new(Program::from_file(&path).expect("program"));
    let mut m =
        Method::load(program, "forward", reg).unwrap_or_else(|e| panic!("{model}.{variant}: {e}"));
    let plan = m.plan().clone();
    let ValueDef::Tensor(t) = &plan.values[plan.inputs[0]] else {
        panic!("{model}: input 0 is not a tensor");
    };
    assert_eq!(
        t.dim_order, input_order,
        "{model}.{variant}: the fixture's input dim order"
    );
    let dir = fixtures().join(model);
    for (i, x) in read_numbered(&dir, "input").into_iter().enumerate() {
        m.set_input(i, EValue::Tensor(x)).expect("input");
    }
    m.execute()
        .unwrap_or_else(|e| panic!("{model}.{variant}: {e}"));
    let outputs = m.outputs().expect("outputs");
    let expected = read_numbered(&dir, "expected");
    assert_eq!(outputs.len(), expected.len());
    for (k, (o, e)) in outputs.iter().zip(&expected).enumerate() {
        let o = o.as_tensor().expect("a tensor output");
        // The output is in the dim order the program plans for it.
        let ValueDef::Tensor(planned) = &plan.values[plan.outputs[k]] else {
            panic!("{model}: output {k} is not a tensor");
        };
        assert_eq!(
            o.dim_order, planned.dim_order,
            "{model}.{variant}: output {k} dim order"
        );
        let d = max_abs_diff(o, e).unwrap_or_else(|m| panic!("{model}.{variant} output {k}: {m}"));
        println!(
            "{model}.{variant} output {k} (dim order {:?}): max abs diff {d:e}",
            o.dim_order
        );
        assert!(
            d <= 1e-5,
            "{model}.{variant} output {k}: max abs diff {d:e}"
        );
    }
}

#[test]
fn portable_runs_every_dim_order() {
    let reg = registry();
    for (model, order) in CASES {
        check(&reg, model, "portable", order);
    }
}

#[test]
fn xnnpack_runs_every_dim_order_native_and_wasm() {
    for reg in [registry(), registry_wasm_only()] {
        for (model, order) in CASES {
            check(&reg, model, "xnnpack", order);
        }
    }
}

#[test]
fn vulkan_runs_every_dim_order() {
    if !gpu_present() {
        return;
    }
    let reg = registry();
    for (model, order) in CASES {
        check(&reg, model, "vulkan", order);
    }
}
