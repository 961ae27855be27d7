//! Helpers shared by the integration tests: fixture paths, running a program,
//! comparing against reference outputs, and writing `.pte` files for hostile-input tests.

pub mod hostile;
pub mod hotswap;
pub mod registry_server;
pub mod wit_compat;

use std::path::{Path, PathBuf};
use std::sync::Arc;

use plugboard::program::schema::executorch_flatbuffer as fb;
use plugboard::{npy, EValue, Method, Program, Registry, SandboxConfig, Tensor};

/// SHA-256 of `bytes` in lower-case hex, as the host computes a component's identity.
pub fn sha256_hex(bytes: &[u8]) -> String {
    plugboard::component::hex(&plugboard::component::sha256(bytes))
}

/// The workspace root.
pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("workspace root")
        .to_path_buf()
}

/// `tests/fixtures/`.
pub fn fixtures() -> PathBuf {
    root().join("tests").join("fixtures")
}

/// The `.pte` of `model` in `variant` (`portable`, `xnnpack`, `vulkan`).
pub fn pte(model: &str, variant: &str) -> PathBuf {
    fixtures()
        .join(model)
        .join(format!("{model}.{variant}.pte"))
}

/// A test-only component built by `host/build.rs`, e.g. `plugboard_test_misbehave`.
pub fn test_component(name: &str) -> PathBuf {
    root()
        .join("target")
        .join("components")
        .join("wasm32-wasip2")
        .join("release")
        .join(format!("{name}.wasm"))
}

/// `bytes` with every occurrence of `from` replaced by `to` (same length; at least one).
pub fn replace_all(bytes: &[u8], from: &[u8], to: &[u8]) -> Vec<u8> {
    assert_eq!(from.len(), to.len());
    let mut out = bytes.to_vec();
    let mut n = 0;
    let mut i = 0;
    while i + from.len() <= out.len() {
        if &out[i..i + from.len()] == from {
            out[i..i + to.len()].copy_from_slice(to);
            n += 1;
            i += from.len();
        } else {
            i += 1;
        }
    }
    assert!(n > 0, "no occurrence to replace");
    out
}

/// A backend this host does not serve: the 1.4.0 conformance backend with its
/// contract names rewritten to `@{version}` (same length, e.g. `3.0.0`), written under
/// `target/` once per version and returned.
pub fn component_of_version(version: &str) -> PathBuf {
    let bytes = std::fs::read(test_component("plugboard_test_conformance_backend_1_4_0"))
        .expect("the 1.4.0 conformance backend (built by cargo build)");
    let dir = root().join("target").join("version-matrix");
    std::fs::create_dir_all(&dir).expect("dir");
    let path = dir.join(format!("backend-{version}.wasm"));
    std::fs::write(
        &path,
        replace_all(&bytes, b"@1.4.0", format!("@{version}").as_bytes()),
    )
    .expect("write");
    path
}

/// The `plugboard` binary built next to the running test (`cargo test --workspace`
/// builds it for the host's CLI tests).
pub fn plugboard_bin() -> PathBuf {
    let exe = std::env::current_exe().expect("test binary path");
    let dir = exe.parent().and_then(Path::parent).expect("target dir");
    let bin = dir.join(format!("plugboard{}", std::env::consts::EXE_SUFFIX));
    assert!(
        bin.exists(),
        "{} is missing: run `cargo test --workspace` (it builds the CLI)",
        bin.display()
    );
    bin
}

/// Sandbox settings for tests: a cache directory inside `target/`.
pub fn sandbox() -> SandboxConfig {
    SandboxConfig {
        cache_dir: Some(root().join("target").join("plugboard-cache")),
        ..SandboxConfig::default()
    }
}

/// A registry with the bundled components (the host's native CPU kernels offered, as
/// by default).
pub fn registry() -> Registry {
    let mut r = Registry::new(sandbox()).expect("registry");
    r.load_bundled().expect("bundled components");
    r
}

/// A registry with the bundled components whose native CPU kernels may use `threads`
/// threads (`--threads`).
pub fn registry_threads(threads: usize) -> Registry {
    let mut r = Registry::new(SandboxConfig {
        cpu_threads: threads,
        ..sandbox()
    })
    .expect("registry");
    r.load_bundled().expect("bundled components");
    r
}

/// A registry with the bundled components and the native CPU kernels withheld
/// (`--cpu-accel off`): backends run their pure-wasm kernels.
pub fn registry_wasm_only() -> Registry {
    let mut r = Registry::new(SandboxConfig {
        cpu_accel: false,
        ..sandbox()
    })
    .expect("registry");
    r.load_bundled().expect("bundled components");
    r
}

/// Reads `dir/<prefix><i>.npy` for i = 0.. until one is missing.
pub fn read_numbered(dir: &Path, prefix: &str) -> Vec<Tensor> {
    let mut out = Vec::new();
    for i in 0.. {
        let p = dir.join(format!("{prefix}{i}.npy"));
        if !p.exists() {
            break;
        }
        out.push(npy::read(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display())));
    }
    out
}

/// Runs `method` of the program at `path` on `inputs` and returns its outputs.
pub fn run(registry: &Registry, path: &Path, inputs: &[Tensor]) -> plugboard::Result<Vec<EValue>> {
    let program = Arc::new(Program::from_file(path)?);
    let mut m = Method::load(program, "forward", registry)?;
    for (i, t) in inputs.iter().enumerate() {
        m.set_input(i, EValue::Tensor(t.clone()))?;
    }
    m.execute()?;
    m.outputs()
}

/// Largest absolute difference between two tensors of the same shape, or an error
/// describing how they differ.
pub fn max_abs_diff(actual: &Tensor, expected: &Tensor) -> Result<f64, String> {
    if actual.sizes != expected.sizes {
        return Err(format!(
            "sizes {:?} != expected {:?}",
            actual.sizes, expected.sizes
        ));
    }
    if actual.dtype != expected.dtype {
        return Err(format!(
            "dtype {} != expected {}",
            actual.dtype, expected.dtype
        ));
    }
    // Compare logical values: data in another dim order is made contiguous first.
    let contiguous = |t: &Tensor| -> Result<Vec<f64>, String> {
        let order: Vec<u8> = (0..t.sizes.len() as u8).collect();
        let t = if t.dim_order == order {
            t.clone()
        } else {
            t.to_dim_order(&order).map_err(|e| e.to_string())?
        };
        t.to_f64_vec().ok_or_else(|| "unreadable dtype".to_string())
    };
    let a = contiguous(actual)?;
    let e = contiguous(expected)?;
    let mut worst = 0f64;
    for (i, (x, y)) in a.iter().zip(&e).enumerate() {
        if x.is_nan() != y.is_nan() {
            return Err(format!("element {i}: {x} vs expected {y}"));
        }
        if !x.is_nan() {
            let d = (x - y).abs();
            if d.is_nan() || d > worst {
                worst = if d.is_nan() { f64::INFINITY } else { d };
            }
        }
    }
    Ok(worst)
}

/// Serializes `program` as a `.pte` file: the FlatBuffer with identifier `ET12`, an
/// `eh00` extended header, and `segment_data` appended at a 16-byte aligned base.
/// Used to build hostile programs from a parsed real one.
pub fn write_pte(program: &fb::Program, segment_data: &[u8]) -> Vec<u8> {
    let mut b = planus::Builder::new();
    // Written without planus's file identifier; the identifier and the extended header
    // are inserted after the root offset, which moves the whole tree 40 bytes back (a
    // multiple of 8, so alignment is kept; inner offsets are relative and unchanged).
    let flat = b.finish(program, None).to_vec();
    const EH_LEN: usize = 32;
    const SHIFT: usize = 4 + EH_LEN + 4;
    let root = u32::from_le_bytes(flat[0..4].try_into().expect("root offset")) + SHIFT as u32;
    let mut out = Vec::with_capacity(flat.len() + SHIFT + segment_data.len() + 16);
    out.extend_from_slice(&root.to_le_bytes());
    out.extend_from_slice(b"ET12");
    let program_size = (flat.len() + SHIFT) as u64;
    let base = program_size.next_multiple_of(16);
    out.extend_from_slice(b"eh00");
    out.extend_from_slice(&(EH_LEN as u32).to_le_bytes());
    out.extend_from_slice(&program_size.to_le_bytes());
    out.extend_from_slice(&(if segment_data.is_empty() { 0 } else { base }).to_le_bytes());
    out.extend_from_slice(&(segment_data.len() as u64).to_le_bytes());
    out.extend_from_slice(&[0; 4]);
    out.extend_from_slice(&flat[4..]);
    if !segment_data.is_empty() {
        out.resize(base as usize, 0);
        out.extend_from_slice(segment_data);
    }
    out
}

/// Parses a `.pte` file into the owned FlatBuffer tree and returns it with the file's
/// segment data (from the segment base to the end), for building variants of it.
pub fn parse_pte(bytes: &[u8]) -> (fb::Program, Vec<u8>) {
    use planus::ReadAsRoot;
    let eh = &bytes[8..40];
    let (fb_len, base) = if &eh[0..4] == b"eh00" {
        (
            u64::from_le_bytes(eh[8..16].try_into().expect("size")) as usize,
            u64::from_le_bytes(eh[16..24].try_into().expect("base")) as usize,
        )
    } else {
        (bytes.len(), bytes.len())
    };
    let root = fb::ProgramRef::read_as_root(&bytes[..fb_len]).expect("flatbuffer");
    let program = fb::Program::try_from(root).expect("owned program");
    let segs = if base == 0 {
        Vec::new()
    } else {
        bytes[base..].to_vec()
    };
    (program, segs)
}

/// Runs `dir/<model>.<variant>.pte` on the fixture's `input<i>.npy` with the bundled
/// components and asserts every output is within `atol` of `expected<i>.npy` (eager
/// PyTorch), printing each difference.
pub fn check_against_eager(dir: &Path, model: &str, variant: &str, atol: f64) {
    check_against_eager_in(&registry(), dir, model, variant, atol)
}

/// [`check_against_eager`] with the components of `reg`.
pub fn check_against_eager_in(reg: &Registry, dir: &Path, model: &str, variant: &str, atol: f64) {
    let path = dir.join(format!("{model}.{variant}.pte"));
    assert!(path.exists(), "missing fixture {}", path.display());
    let inputs = read_numbered(dir, "input");
    let expected = read_numbered(dir, "expected");
    let outputs = run(reg, &path, &inputs).unwrap_or_else(|e| panic!("{model}.{variant}: {e}"));
    assert_eq!(outputs.len(), expected.len(), "{model}: number of outputs");
    for (i, (o, e)) in outputs.iter().zip(&expected).enumerate() {
        let o = o
            .as_tensor()
            .unwrap_or_else(|| panic!("{model}: output {i} is not a tensor"));
        let d = max_abs_diff(o, e).unwrap_or_else(|m| panic!("{model}.{variant} output {i}: {m}"));
        println!("{model}.{variant} output {i}: max abs diff {d:.3e}");
        assert!(
            d <= atol,
            "{model}.{variant} output {i}: max abs diff {d} > {atol}"
        );
    }
}

/// Asserts that `got`, outputs of `model.variant` on its fixture inputs, are eager
/// PyTorch's (`expected<i>.npy`, within 1e-4) or, for an int8 variant (`..._q8`),
/// ExecuTorch's runtime's (`et_<variant>_output<i>.npy`, bit for bit).
pub fn check_fixture_outputs(model: &str, variant: &str, got: &[Tensor]) {
    let dir = fixtures().join(model);
    let (want, atol) = if variant.ends_with("q8") {
        (read_numbered(&dir, &format!("et_{variant}_output")), 0.0)
    } else {
        (read_numbered(&dir, "expected"), 1e-4)
    };
    assert_eq!(got.len(), want.len(), "{model}.{variant}: outputs");
    for (k, (g, w)) in got.iter().zip(&want).enumerate() {
        let d = max_abs_diff(g, w).unwrap_or_else(|e| panic!("{model}.{variant} output {k}: {e}"));
        assert!(
            d <= atol,
            "{model}.{variant} output {k}: max abs diff {d} > {atol}"
        );
    }
}

/// The output quantization scales ExecuTorch's quantizer chose for `model`'s
/// `xnnpack_q8` program, from the fixture manifest next to `dir` (`manifest.json` in
/// `dir`'s parent, written by `export.py`).
pub fn q8_output_scales(dir: &Path, model: &str) -> Vec<f64> {
    let path = dir
        .parent()
        .expect("fixture dir has a parent")
        .join("manifest.json");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let entries: serde_json::Value =
        serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let entry = entries
        .as_array()
        .and_then(|a| {
            a.iter()
                .find(|e| e["model"] == model && e["variant"] == "xnnpack_q8")
        })
        .unwrap_or_else(|| panic!("{}: no xnnpack_q8 entry for {model}", path.display()));
    entry["output_scales"]
        .as_array()
        .unwrap_or_else(|| panic!("{model}: no output_scales in the manifest"))
        .iter()
        .map(|s| {
            s.as_f64()
                .unwrap_or_else(|| panic!("{model}: output scale {s}"))
        })
        .collect()
}

/// Runs `dir/<model>.xnnpack_q8.pte` on the fixture inputs and asserts every output is
/// bit-identical to ExecuTorch's own XNNPACK runtime output on the same file
/// (`et_xnnpack_q8_output<i>.npy`). Returns the largest difference in quantization
/// steps (the output's scale, from the manifest): 0 when it passes.
pub fn check_q8_against_executorch(dir: &Path, model: &str) -> f64 {
    check_q8_against_executorch_in(&registry(), dir, model)
}

/// [`check_q8_against_executorch`] with the components of `reg`.
pub fn check_q8_against_executorch_in(reg: &Registry, dir: &Path, model: &str) -> f64 {
    let path = dir.join(format!("{model}.xnnpack_q8.pte"));
    assert!(path.exists(), "missing fixture {}", path.display());
    let inputs = read_numbered(dir, "input");
    let reference = read_numbered(dir, "et_xnnpack_q8_output");
    let scales = q8_output_scales(dir, model);
    let outputs = run(reg, &path, &inputs).unwrap_or_else(|e| panic!("{model}.xnnpack_q8: {e}"));
    assert_eq!(outputs.len(), reference.len(), "{model}: number of outputs");
    assert_eq!(
        scales.len(),
        reference.len(),
        "{model}: number of output scales"
    );
    let mut worst = 0.0f64;
    for (i, ((o, r), s)) in outputs.iter().zip(&reference).zip(&scales).enumerate() {
        let o = o
            .as_tensor()
            .unwrap_or_else(|| panic!("{model}: output {i} is not a tensor"));
        let d = max_abs_diff(o, r).unwrap_or_else(|m| panic!("{model}.xnnpack_q8 output {i}: {m}"));
        let steps = d / s;
        println!(
            "{model}.xnnpack_q8 output {i}: max abs diff {d:.3e} = {steps:.3} steps of {s:.3e}"
        );
        // Bit for bit: the same int8 values dequantized the same way.
        assert!(
            d == 0.0,
            "{model}.xnnpack_q8 output {i}: {steps} quantization steps from ExecuTorch"
        );
        worst = worst.max(steps);
    }
    worst
}

/// `model`'s program of `variant` with the processed blob of delegate 0 replaced by
/// `f(blob)` and, when `id` is given, its backend id replaced by `id`.
pub fn with_blob_of(
    model: &str,
    variant: &str,
    id: Option<&str>,
    f: impl FnOnce(Vec<u8>) -> Vec<u8>,
) -> Vec<u8> {
    let bytes = std::fs::read(pte(model, variant)).expect("fixture");
    let (mut p, mut segs) = parse_pte(&bytes);
    let plan = &mut p.execution_plan.as_mut().expect("plans")[0];
    let d = &mut plan.delegates.as_mut().expect("delegates")[0];
    if let Some(id) = id {
        d.id = Some(id.into());
    }
    let processed = d.processed.clone().expect("processed");
    let idx = processed.index as usize;
    match processed.location {
        fb::DataLocation::Inline => {
            let data = &mut p.backend_delegate_data.as_mut().expect("inline data")[idx].data;
            let old = data.take().unwrap_or_default();
            *data = Some(f(old));
        }
        fb::DataLocation::Segment => {
            // The new blob goes at the end of the segment data.
            let seg = &mut p.segments.as_mut().expect("segments")[idx];
            let (off, size) = (seg.offset as usize, seg.size as usize);
            let new = f(segs[off..off + size].to_vec());
            let at = segs.len().next_multiple_of(16);
            segs.resize(at, 0);
            segs.extend_from_slice(&new);
            seg.offset = at as u64;
            seg.size = new.len() as u64;
        }
    }
    write_pte(&p, &segs)
}

/// Whether a GPU adapter is here (printing which), for the GPU tests: without one they
/// say so and pass, except under `CI`, whose setup installs lavapipe, where a missing
/// adapter panics.
pub fn gpu_present() -> bool {
    match plugboard_native_accel::gpu::GpuHost::new(true).adapter() {
        Ok(info) => {
            println!(
                "adapter: {} ({}, {})",
                info.name, info.backend, info.device_type
            );
            true
        }
        Err(why) if std::env::var_os("CI").is_some() => {
            panic!("CI installs lavapipe, but there is no GPU adapter: {why}")
        }
        Err(why) => {
            println!("skipped: no GPU adapter here ({why}); install mesa-vulkan-drivers");
            false
        }
    }
}

/// The fixture directories holding `<name>.<variant>.pte`, sorted.
pub fn fixture_dirs(variant: &str) -> Vec<(std::path::PathBuf, String)> {
    let mut dirs: Vec<_> = std::fs::read_dir(fixtures())
        .expect("fixtures dir")
        .map(|e| e.expect("entry").path())
        .collect();
    dirs.sort();
    dirs.into_iter()
        .filter_map(|dir| {
            let name = dir.file_name()?.to_str()?.to_string();
            dir.join(format!("{name}.{variant}.pte"))
                .exists()
                .then_some((dir, name))
        })
        .collect()
}

/// The large models' directories that `export.py --large` made for `variant`.
pub fn large_dirs(variant: &str) -> Vec<(std::path::PathBuf, String)> {
    let mut out = Vec::new();
    for model in ["mobilenet_v2", "resnet18"] {
        let dir = fixtures().join("large").join(model);
        if dir.join(format!("{model}.{variant}.pte")).exists() {
            out.push((dir, model.to_string()));
        } else {
            println!(
                "skipping {model}.{variant}: run tests/fixtures/export.py --large to create it"
            );
        }
    }
    out
}

/// One `#[test]` per model fixture of the shared table, for the backend whose fixtures
/// are `<model>.<variant>.pte`, each checked against eager PyTorch within `atol`
/// ([`check_against_eager`]). The table: `add_mul` (two inputs, broadcasting), `mlp`,
/// `cnn`, `tiny_transformer` (ten XNNPACK delegates between portable layer norms,
/// selects and expands), `lstm` (eleven delegates and portable split, select, squeeze,
/// full) and `gru`. Each backend's test file invokes it once instead of copying the
/// tests.
#[macro_export]
macro_rules! model_fixture_tests {
    ($variant:literal, $atol:expr) => {
        $crate::model_fixture_tests!(@each $variant, $atol; add_mul mlp cnn tiny_transformer lstm gru);
    };
    (@each $variant:literal, $atol:expr; $($model:ident)*) => {
        $(
            #[test]
            fn $model() {
                let name = stringify!($model);
                $crate::check_against_eager(&$crate::fixtures().join(name), name, $variant, $atol);
            }
        )*
    };
}
