//! Every portable fixture (exported by real ExecuTorch 1.5.1) runs on the bundled
//! portable kernel library and matches eager PyTorch's outputs within 1e-4 per element.
//! The large torchvision programs are checked too when `export.py --large` made them.

use plugboard_tests::{fixtures, read_numbered, registry, run};

const ATOL: f64 = 1e-4;

fn check_dir(dir: &std::path::Path, model: &str, variant: &str) {
    plugboard_tests::check_against_eager(dir, model, variant, ATOL);
}

fn check(model: &str) {
    check_dir(&fixtures().join(model), model, "portable");
}

#[test]
fn add_mul() {
    check("add_mul");
}

#[test]
fn mlp() {
    check("mlp");
}

#[test]
fn cnn() {
    check("cnn");
}

#[test]
fn tiny_transformer() {
    check("tiny_transformer");
}

#[test]
fn lstm() {
    check("lstm");
}

#[test]
fn gru() {
    check("gru");
}

/// The op-coverage programs (`ops_*` folders).
#[test]
fn op_coverage_models() {
    let mut n = 0;
    for entry in std::fs::read_dir(fixtures()).expect("fixtures dir") {
        let dir = entry.expect("entry").path();
        let name = dir
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or_default()
            .to_string();
        if name.starts_with("ops_") && dir.join(format!("{name}.portable.pte")).exists() {
            check_dir(&dir, &name, "portable");
            n += 1;
        }
    }
    assert!(n > 0, "no ops_* fixtures found");
}

/// mobilenet_v2 and resnet18 portable programs, when `export.py --large` has made them.
#[test]
fn large_models_when_present() {
    for model in ["mobilenet_v2", "resnet18"] {
        let dir = fixtures().join("large").join(model);
        if dir.join(format!("{model}.portable.pte")).exists() {
            check_dir(&dir, model, "portable");
        } else {
            println!("skipping {model}: run tests/fixtures/export.py --large to create it");
        }
    }
}

/// Dynamic shapes: inputs smaller than the program's upper bound, outputs resized by the
/// kernels, `aten::sym_size` and `executorch_prim::*` computing sizes between kernels.
#[test]
fn dynamic_shapes() {
    check("dyn_mlp");
    check("dyn_seq");
}

/// An input past a dynamic dimension's upper bound is refused with a clear error.
#[test]
fn dynamic_input_past_its_bound_is_refused() {
    let dir = fixtures().join("dyn_mlp");
    let mut x = read_numbered(&dir, "input").remove(0);
    // batch 9 > the bound of 8
    x.sizes[0] = 9;
    x.data = vec![0; 9 * 16 * 4];
    let e = run(&registry(), &dir.join("dyn_mlp.portable.pte"), &[x]).expect_err("past the bound");
    assert!(e.to_string().contains("exceed the upper bound"), "{e}");
}
