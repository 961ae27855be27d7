//! Every portable fixture (exported by real ExecuTorch 1.5.1) runs on the bundled
//! portable kernel library and matches eager PyTorch's outputs within 1e-4 per element.
//! The large torchvision programs are checked too when `export.py --large` made them.

use plugboard_tests::{fixtures, large_dirs, read_numbered, registry, run};

const ATOL: f64 = 1e-4;

fn check_dir(dir: &std::path::Path, model: &str, variant: &str) {
    plugboard_tests::check_against_eager(dir, model, variant, ATOL);
}

plugboard_tests::model_fixture_tests!("portable", ATOL);

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
    for (dir, model) in large_dirs("portable") {
        check_dir(&dir, &model, "portable");
    }
}

/// Dynamic shapes: inputs smaller than the program's upper bound, outputs resized by the
/// kernels, `aten::sym_size` and `executorch_prim::*` computing sizes between kernels.
#[test]
fn dynamic_shapes() {
    check_dir(&fixtures().join("dyn_mlp"), "dyn_mlp", "portable");
    check_dir(&fixtures().join("dyn_seq"), "dyn_seq", "portable");
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

/// PT2E int8 programs lowered without a partitioner: every `quantize_per_tensor`,
/// `dequantize_per_tensor` and `dequantize_per_channel` (the weights) runs in the
/// portable library, with the fp32 operators between them. portable_q8 (static)
/// matches ExecuTorch's outputs (`et_portable_q8_output*.npy`, from its runtime with
/// its quantized kernels) bit for bit. portable_dq8 (dynamic: `choose_qparams` picks
/// each call's scale and zero point, then `quantize_per_tensor.Tensor_out` and
/// `dequantize_per_tensor.Tensor_out` use them) ends in an fp32 `addmm` whose output
/// is not quantized again, and the portable `addmm` sums in another order than
/// ExecuTorch's (the fp32 mlp differs from ExecuTorch by one ulp too), so it is held to
/// float rounding (measured: 1.2e-7 on mlp, 4.8e-7 on tiny_transformer).
#[test]
fn quantize_and_dequantize_outside_delegates_match_executorch() {
    for (model, variant, tol) in [
        ("mlp", "portable_q8", 0.0),
        ("tiny_transformer", "portable_q8", 0.0),
        ("mlp", "portable_dq8", 1e-6),
        ("tiny_transformer", "portable_dq8", 1e-5),
    ] {
        let dir = fixtures().join(model);
        let inputs = read_numbered(&dir, "input");
        let want = read_numbered(&dir, &format!("et_{variant}_output"));
        let path = dir.join(format!("{model}.{variant}.pte"));
        let got = run(&registry(), &path, &inputs).unwrap_or_else(|e| panic!("{model}: {e}"));
        assert_eq!(got.len(), want.len(), "{model}: outputs");
        for (g, w) in got.iter().zip(&want) {
            let g = g.as_tensor().expect("tensor output");
            let d = plugboard_tests::max_abs_diff(g, w).expect("comparable");
            println!("{model}.{variant}: {d:e} from ExecuTorch");
            assert!(d <= tol, "{model}.{variant}: {d} from ExecuTorch");
        }
    }
}

/// Per-token dynamic quantization outside a delegate, as torchao's dynamic int8
/// activations leave it (`choose_qparams_per_token_asymmetric`, `quantize_per_token`,
/// `dequantize_per_token`; rows of every kind `choose_qparams` treats apart): every
/// output (dequantized values, int8 values, float64 scales, int64 zero points) bit for
/// bit with ExecuTorch's runtime and its quantized kernels, and the dequantized values
/// within 1e-5 of eager PyTorch. (Eager's decomposed `choose_qparams_per_token_asymmetric`
/// works in float32 with an epsilon, so its scales for an all-zero or tiny row differ
/// from ExecuTorch's kernels; the int8 outputs differ there too.)
#[test]
fn per_token_quantization_matches_executorch() {
    let dir = fixtures().join("quant_token");
    let inputs = read_numbered(&dir, "input");
    let path = dir.join("quant_token.portable.pte");
    let got = run(&registry(), &path, &inputs).unwrap_or_else(|e| panic!("quant_token: {e}"));
    let want = read_numbered(&dir, "et_portable_output");
    assert_eq!(got.len(), 4, "outputs");
    assert_eq!(want.len(), 4, "ExecuTorch's outputs");
    for (k, (g, w)) in got.iter().zip(&want).enumerate() {
        let g = g.as_tensor().expect("tensor output");
        assert_eq!((g.dtype, &g.sizes), (w.dtype, &w.sizes), "output {k}");
        assert!(g.data == w.data, "output {k}: not ExecuTorch's bits");
    }
    let eager = read_numbered(&dir, "expected");
    let g = got[0].as_tensor().expect("tensor output");
    let d = plugboard_tests::max_abs_diff(g, &eager[0]).expect("comparable");
    assert!(d <= 1e-5, "dequantized values {d} from eager PyTorch");
}

/// The quantized operators that compute outside a delegate (`tests/fixtures/quant_ops`,
/// `export.py`'s `QuantOps`): `quantized_decomposed::add` on uint8 tensors,
/// `mixed_linear` with per-group and per-channel scales, `mixed_mm` with per-row
/// scales. Every output bit for bit with ExecuTorch's runtime and its quantized
/// kernels; the float outputs within 1e-5 of eager PyTorch's float products (eager has
/// no CPU kernels for these operators: `export.py` computes their definitions) and the
/// sum within one quantum of eager's dequantize-add-quantize.
#[test]
fn quantized_add_and_mixed_matmuls_match_executorch() {
    let dir = fixtures().join("quant_ops");
    let inputs = read_numbered(&dir, "input");
    let path = dir.join("quant_ops.portable.pte");
    let got = run(&registry(), &path, &inputs).unwrap_or_else(|e| panic!("quant_ops: {e}"));
    let want = read_numbered(&dir, "et_portable_output");
    assert_eq!((got.len(), want.len()), (4, 4), "outputs");
    for (k, (g, w)) in got.iter().zip(&want).enumerate() {
        let g = g.as_tensor().expect("tensor output");
        assert_eq!((g.dtype, &g.sizes), (w.dtype, &w.sizes), "output {k}");
        assert!(g.data == w.data, "output {k}: not ExecuTorch's bits");
    }
    let eager = read_numbered(&dir, "expected");
    for (k, tol) in [(0, 1.0), (1, 1e-5), (2, 1e-5), (3, 1e-5)] {
        let g = got[k].as_tensor().expect("tensor output");
        let d = plugboard_tests::max_abs_diff(g, &eager[k]).expect("comparable");
        assert!(d <= tol, "output {k}: {d} from eager PyTorch");
    }
}

/// Mean and standard deviation of a sample.
fn moments(v: &[f64]) -> (f64, f64) {
    let n = v.len() as f64;
    let mean = v.iter().sum::<f64>() / n;
    let var = v.iter().map(|x| (x - mean) * (x - mean)).sum::<f64>() / n;
    (mean, var.sqrt())
}

/// `aten::rand` and `aten::randn` (`tests/fixtures/random_ops`, `export.py`'s
/// `RandomOps`: 4096 values each). As in ExecuTorch's runtime there is no seed, so the
/// values are checked as samples: uniform on [0, 1) with mean 1/2 and deviation
/// 1/sqrt(12), standard normal with mean 0 and deviation 1 (each within about six
/// standard errors), like ExecuTorch's own sample's moments; a second execute draws
/// other values; the deterministic output is eager PyTorch's.
#[test]
fn random_tensors_are_fresh_samples_of_their_distributions() {
    let dir = fixtures().join("random_ops");
    let inputs = read_numbered(&dir, "input");
    let path = dir.join("random_ops.portable.pte");
    let first = run(&registry(), &path, &inputs).unwrap_or_else(|e| panic!("random_ops: {e}"));
    let second = run(&registry(), &path, &inputs).unwrap_or_else(|e| panic!("random_ops: {e}"));
    let et = read_numbered(&dir, "et_portable_output");
    let eager = read_numbered(&dir, "expected");
    let values = |t: &plugboard::Tensor| t.to_f64_vec().expect("float values");
    let (uniform, normal) = (1.0 / 12f64.sqrt(), 1.0);
    for (k, (mean, dev)) in [(0.5, uniform), (0.0, normal)].into_iter().enumerate() {
        let g = first[k].as_tensor().expect("tensor output");
        assert_eq!(
            (g.dtype, &g.sizes),
            (et[k].dtype, &et[k].sizes),
            "output {k}"
        );
        let v = values(g);
        if k == 0 {
            assert!(
                v.iter().all(|x| (0.0..1.0).contains(x)),
                "rand outside [0, 1)"
            );
        }
        let (m, s) = moments(&v);
        let (em, es) = moments(&values(&et[k]));
        let se = dev / (v.len() as f64).sqrt();
        assert!(
            (m - mean).abs() < 6.0 * se,
            "output {k}: mean {m}, want {mean}"
        );
        assert!(
            (s - dev).abs() < 0.05 * dev,
            "output {k}: deviation {s}, want {dev}"
        );
        assert!(
            (m - em).abs() < 8.0 * se,
            "output {k}: mean {m}, ExecuTorch's {em}"
        );
        assert!(
            (s - es).abs() < 0.07 * dev,
            "output {k}: deviation {s}, ExecuTorch's {es}"
        );
        let again = values(second[k].as_tensor().expect("tensor output"));
        assert!(
            again != v,
            "output {k}: the same values on a second execute"
        );
    }
    let g = first[2].as_tensor().expect("tensor output");
    assert_eq!(plugboard_tests::max_abs_diff(g, &eager[2]), Ok(0.0));
}

/// The complex-number operators (`tests/fixtures/complex_ops`, `export.py`'s
/// `ComplexOps`, real inputs and outputs): `_fft_r2c` over one dimension and over two
/// with "ortho" normalization, `_fft_c2r` back (even and odd lengths),
/// `_conj_physical`, each spectrum through `view_as_real_copy`. Within 1e-5 of eager
/// PyTorch and of ExecuTorch's runtime (pocketfft in float32; plugboard transforms
/// in float64).
#[test]
fn complex_operators_match_executorch() {
    let dir = fixtures().join("complex_ops");
    let inputs = read_numbered(&dir, "input");
    let path = dir.join("complex_ops.portable.pte");
    let got = run(&registry(), &path, &inputs).unwrap_or_else(|e| panic!("complex_ops: {e}"));
    for reference in ["et_portable_output", "expected"] {
        let want = read_numbered(&dir, reference);
        assert_eq!((got.len(), want.len()), (6, 6), "outputs");
        for (k, (g, w)) in got.iter().zip(&want).enumerate() {
            let g = g.as_tensor().expect("tensor output");
            let d = plugboard_tests::max_abs_diff(g, w).expect("comparable");
            assert!(d <= 1e-5, "output {k}: {d} from {reference}");
        }
    }
}

/// `et_copy::_h2d_copy` and `et_copy::_d2h_copy` (`tests/fixtures/device_copy`,
/// `export.py`'s `DeviceCopy`, float and int64): byte copies, eager PyTorch's values
/// bit for bit. (ExecuTorch's runtime refuses this program: its kernels want the
/// destination planned on a device, which plugboard's memory plan never is.)
#[test]
fn device_copies_are_copies() {
    let dir = fixtures().join("device_copy");
    let inputs = read_numbered(&dir, "input");
    let path = dir.join("device_copy.portable.pte");
    let got = run(&registry(), &path, &inputs).unwrap_or_else(|e| panic!("device_copy: {e}"));
    let want = read_numbered(&dir, "expected");
    assert_eq!((got.len(), want.len()), (2, 2), "outputs");
    for (k, (g, w)) in got.iter().zip(&want).enumerate() {
        let g = g.as_tensor().expect("tensor output");
        assert_eq!((g.dtype, &g.sizes), (w.dtype, &w.sizes), "output {k}");
        assert!(g.data == w.data, "output {k}: not eager PyTorch's bits");
    }
}
