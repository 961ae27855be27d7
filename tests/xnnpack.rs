//! The bundled XNNPACK backend component (`components/xnnpack`) on real ExecuTorch
//! 1.5.1 XNNPACK programs: every `<model>.xnnpack.pte` fixture matches eager PyTorch
//! within 1e-4, every `<model>.xnnpack_q8.pte` (int8) is bit-identical to ExecuTorch's
//! own XNNPACK runtime output, programs that mix delegates and portable
//! kernels run with both bundled components, `describe` counts node types, and hostile delegate payloads (truncated,
//! wrong identifiers, bad ids, overflowing dims, constants out of range, random
//! corruption) give clear errors without trapping the component.

use std::sync::Arc;

use plugboard::bindings::v1::types::{Evalue, ScalarType, Tensor as WitTensor};
use plugboard::component::BackendInstance;
use plugboard::{ErrorKind, Method, Program};
use plugboard_tests::{
    fixture_dirs, fixtures, large_dirs, max_abs_diff, pte, read_numbered, registry, with_blob_of,
};
use proptest::prelude::*;

#[allow(clippy::all, dead_code, unused_imports, missing_docs)]
#[rustfmt::skip]
#[path = "../components/xnnpack/src/schema.rs"]
mod schema;

use schema::fb_xnnpack as xfb;

const ATOL: f64 = 1e-4;
const BACKEND: &str = "XnnpackBackend";

fn check_dir(dir: &std::path::Path, model: &str, variant: &str) {
    plugboard_tests::check_against_eager(dir, model, variant, ATOL);
}

plugboard_tests::model_fixture_tests!("xnnpack", ATOL);

/// Every `<model>.xnnpack.pte` in the fixtures, including ones added later.
#[test]
fn every_xnnpack_fixture() {
    let dirs = fixture_dirs("xnnpack");
    assert!(
        dirs.len() >= 6,
        "expected at least the six xnnpack fixtures, found {}",
        dirs.len()
    );
    for (dir, name) in dirs {
        check_dir(&dir, &name, "xnnpack");
    }
}

/// mobilenet_v2 and resnet18 XNNPACK programs, when `export.py --large` has made them,
/// with and without the native kernels.
#[test]
fn large_models_when_present() {
    for reg in [registry(), plugboard_tests::registry_wasm_only()] {
        for (dir, model) in large_dirs("xnnpack") {
            plugboard_tests::check_against_eager_in(&reg, &dir, &model, "xnnpack", ATOL);
        }
    }
}

/// The fixtures really are delegated, and the registry routes them to the component.
#[test]
fn registry_provides_the_backend() {
    let reg = registry();
    let comp = reg.backend(BACKEND).expect("XnnpackBackend registered");
    assert!(
        comp.info.path.ends_with("xnnpack.wasm"),
        "{:?}",
        comp.info.path
    );
    let p = Program::from_file(pte("cnn", "xnnpack")).expect("cnn");
    let plan = p.plan("forward").expect("forward");
    assert!(plan.delegates.iter().all(|d| d.id == BACKEND));
    assert_eq!(plan.delegates.len(), 1);
}

fn backend_instance() -> BackendInstance {
    let reg = registry();
    let comp = reg.backend(BACKEND).expect("XnnpackBackend registered");
    BackendInstance::new(&comp.info).expect("instance")
}

/// The processed blob of delegate `index` of `model`'s xnnpack program.
fn blob(model: &str, index: usize) -> Vec<u8> {
    let p = Program::from_file(pte(model, "xnnpack")).expect("program");
    let d = &p.plan("forward").expect("forward").delegates[index];
    p.delegate_data(d).to_vec()
}

/// Delegates of one method share the host weights made from the same named data (the
/// exporter stores each LSTM matrix once for all its per-step delegates), and a 2.0
/// backend's weights are released when its delegates are destroyed (`weights` is a
/// resource since contract 2.0).
#[test]
fn delegates_share_native_weights_and_release_them() {
    let p = Program::from_file(pte("lstm", "xnnpack")).expect("lstm");
    let plan = p.plan("forward").expect("forward");
    let named: plugboard::component::NamedDataMap = Arc::new(p.named_data());
    let mut inst = backend_instance();
    assert!(inst.is_available(BACKEND).expect("available"));
    let handles: Vec<_> = plan
        .delegates
        .iter()
        .map(|d| {
            inst.init(BACKEND, p.delegate_data(d), &[], named.clone())
                .expect("init")
        })
        .collect();
    // The matrices the exporter stored under their own key, large enough to go to the
    // host (the 10 x 32 decoder stays in wasm): W_ih [128, 16] and W_hh [128, 32].
    let matrices = p
        .named_data_keys()
        .iter()
        .filter(|(_, len)| *len >= 4 * 2048)
        .count();
    println!(
        "{} delegates, {} native weights, {matrices} named matrices",
        handles.len(),
        inst.native_weights()
    );
    assert!(handles.len() > matrices);
    // Hosts without SIMD kernels offer none (the backend keeps its wasm kernels).
    let offered = plugboard_native_accel::isa::Isa::current().has_simd_kernels();
    assert_eq!(inst.native_weights(), if offered { matrices } else { 0 });
    for h in handles {
        inst.destroy(h).expect("destroy");
    }
    assert_eq!(inst.native_weights(), 0);
}

#[test]
fn describe_counts_node_types() {
    let mut inst = backend_instance();
    let counts = inst.describe(BACKEND, &blob("cnn", 0)).expect("describe");
    println!("{counts:?}");
    let get = |k: &str| counts.iter().find(|(n, _)| n == k).map(|(_, c)| *c);
    assert_eq!(get("Conv2d"), Some(2));
    assert_eq!(get("StaticTranspose"), Some(2));
    assert_eq!(get("FullyConnected"), Some(1));
    assert_eq!(get("MaxPooling2d"), Some(1));
    assert_eq!(counts.iter().map(|(_, n)| n).sum::<u32>(), 8);
    // A malformed blob is an error, not a trap; the instance keeps working.
    let e = inst
        .describe(BACKEND, b"not a payload")
        .expect_err("garbage");
    assert_eq!(e.kind, ErrorKind::DelegateInvalidCompatibility, "{e}");
    assert!(inst.describe("OtherBackend", &blob("cnn", 0)).is_err());
    assert!(inst.describe(BACKEND, &blob("mlp", 0)).is_ok());
}

/// For every xnnpack and xnnpack_q8 fixture, `describe` counts the node types that
/// ExecuTorch's own serializer wrote (`xnnpack_nodes` in the manifest, read back with
/// flatc by `export.py`), summed over the program's delegates. `ops_xnnpack` covers
/// 30 node types.
#[test]
fn describe_matches_the_exported_graphs() {
    let text = std::fs::read_to_string(fixtures().join("manifest.json")).expect("manifest");
    let manifest: serde_json::Value = serde_json::from_str(&text).expect("manifest json");
    let mut inst = backend_instance();
    let mut checked = 0;
    for e in manifest.as_array().expect("array") {
        let (Some(model), Some(variant), Some(want)) = (
            e["model"].as_str(),
            e["variant"].as_str(),
            e["xnnpack_nodes"].as_object(),
        ) else {
            continue;
        };
        let p = Program::from_file(pte(model, variant)).expect("program");
        let mut got = std::collections::BTreeMap::<String, u64>::new();
        for d in &p.plan("forward").expect("forward").delegates {
            for (name, n) in inst
                .describe(BACKEND, p.delegate_data(d))
                .expect("describe")
            {
                *got.entry(format!("XNN{name}")).or_default() += n as u64;
            }
        }
        let want: std::collections::BTreeMap<String, u64> = want
            .iter()
            .map(|(k, v)| (k.clone(), v.as_u64().expect("count")))
            .collect();
        assert_eq!(got, want, "{model}.{variant}");
        checked += 1;
    }
    assert!(checked >= 13, "only {checked} programs checked");
}

fn f32_tensor(sizes: &[u32], values: &[f32]) -> Evalue {
    Evalue::Tensor(WitTensor {
        dtype: ScalarType::Float,
        sizes: sizes.to_vec(),
        dim_order: (0..sizes.len() as u8).collect(),
        data: values.iter().flat_map(|v| v.to_le_bytes()).collect(),
    })
}

fn floats_of(e: &Evalue) -> (Vec<u32>, Vec<f32>) {
    match e {
        Evalue::Tensor(t) => (
            t.sizes.clone(),
            t.data
                .chunks_exact(4)
                .map(|c| f32::from_le_bytes(c.try_into().expect("4 bytes")))
                .collect(),
        ),
        _ => panic!("not a tensor"),
    }
}

/// The XNNPACK backend's 1.4 build (tensors by value, so a test can call it with
/// bytes in hand).
fn backend_instance_v1() -> BackendInstance {
    let mut reg = plugboard::Registry::new(plugboard_tests::sandbox()).expect("registry");
    reg.load_file(&plugboard_tests::test_component(
        "plugboard_test_xnnpack_v1",
    ))
    .expect("the 1.4 build");
    let comp = reg.backend(BACKEND).expect("XnnpackBackend registered");
    BackendInstance::new(&comp.info).expect("instance")
}

/// Calling the component directly (its 1.4 build, whose runtime is the bundled one's):
/// other input shapes reshape the graph (as XNNPACK does for ExecuTorch's dynamic
/// shapes); bad calls are errors, not traps.
#[test]
fn direct_calls_and_reshape() {
    let mut inst = backend_instance_v1();
    let h = inst
        .init(
            BACKEND,
            &blob("add_mul", 0),
            &[],
            Arc::new(std::collections::HashMap::<String, Arc<[u8]>>::new()),
        )
        .expect("init add_mul");
    // Declared shapes [2, 3, 4]: out = x * y + x.
    let x: Vec<f32> = (0..24).map(|i| i as f32).collect();
    let y: Vec<f32> = (0..24).map(|i| 0.5 * i as f32).collect();
    let out = inst
        .execute_v1(
            h,
            &[
                f32_tensor(&[2, 3, 4], &x),
                f32_tensor(&[2, 3, 4], &y),
                f32_tensor(&[2, 3, 4], &[0.0; 24]),
            ],
        )
        .expect("execute");
    let (sizes, vals) = floats_of(&out[0]);
    assert_eq!(sizes, vec![2, 3, 4]);
    for i in 0..24 {
        assert_eq!(vals[i], x[i] * y[i] + x[i]);
    }
    // Other shapes: [4, 3, 4], then broadcasting y of [4].
    let x2: Vec<f32> = (0..48).map(|i| i as f32 - 20.0).collect();
    let out = inst
        .execute_v1(
            h,
            &[
                f32_tensor(&[4, 3, 4], &x2),
                f32_tensor(&[4], &[1.0, 2.0, 3.0, 4.0]),
                f32_tensor(&[2, 3, 4], &[0.0; 24]),
            ],
        )
        .expect("execute reshaped");
    let (sizes, vals) = floats_of(&out[0]);
    assert_eq!(sizes, vec![4, 3, 4]);
    for i in 0..48 {
        assert_eq!(vals[i], x2[i] * (1 + i % 4) as f32 + x2[i]);
    }
    // Shapes that do not broadcast, wrong argument counts and dtypes: errors.
    let e = inst
        .execute_v1(
            h,
            &[
                f32_tensor(&[2, 3, 4], &x),
                f32_tensor(&[5], &[0.0; 5]),
                f32_tensor(&[2, 3, 4], &[0.0; 24]),
            ],
        )
        .expect_err("no broadcast");
    println!("{e}");
    assert_eq!(e.kind, ErrorKind::InvalidArgument, "{e}");
    let e = inst
        .execute_v1(h, &[f32_tensor(&[2, 3, 4], &x)])
        .expect_err("too few arguments");
    assert_eq!(e.kind, ErrorKind::InvalidArgument, "{e}");
    let e = inst
        .execute_v1(
            h,
            &[
                f32_tensor(&[2, 3, 4], &x),
                Evalue::Int(3),
                f32_tensor(&[2, 3, 4], &[0.0; 24]),
            ],
        )
        .expect_err("not a tensor");
    assert_eq!(e.kind, ErrorKind::InvalidArgument, "{e}");
    let e = inst
        .execute_v1(
            h,
            &[
                f32_tensor(&[2, 3, 4], &x),
                f32_tensor(&[2, 3, 5], &x),
                f32_tensor(&[2, 3, 4], &[0.0; 24]),
            ],
        )
        .expect_err("data does not match sizes");
    assert_eq!(e.kind, ErrorKind::InvalidArgument, "{e}");
    // Still usable with the declared shapes afterwards.
    let out = inst
        .execute_v1(
            h,
            &[
                f32_tensor(&[2, 3, 4], &x),
                f32_tensor(&[2, 3, 4], &y),
                f32_tensor(&[2, 3, 4], &[0.0; 24]),
            ],
        )
        .expect("execute again");
    assert_eq!(floats_of(&out[0]).1[5], x[5] * y[5] + x[5]);
    // The sizes of the last call again (the runtime skips re-deriving the layouts
    // then), with bytes that do not match them: still an error, then a good call.
    let short = Evalue::Tensor(WitTensor {
        data: x[..23].iter().flat_map(|v| v.to_le_bytes()).collect(),
        ..match f32_tensor(&[2, 3, 4], &x) {
            Evalue::Tensor(t) => t,
            _ => unreachable!(),
        }
    });
    let e = inst
        .execute_v1(
            h,
            &[
                short,
                f32_tensor(&[2, 3, 4], &y),
                f32_tensor(&[2, 3, 4], &[0.0; 24]),
            ],
        )
        .expect_err("data does not match the last call's sizes");
    assert_eq!(e.kind, ErrorKind::InvalidArgument, "{e}");
    let out = inst
        .execute_v1(
            h,
            &[
                f32_tensor(&[2, 3, 4], &y),
                f32_tensor(&[2, 3, 4], &x),
                f32_tensor(&[2, 3, 4], &[0.0; 24]),
            ],
        )
        .expect("execute with the same sizes");
    let (sizes, vals) = floats_of(&out[0]);
    assert_eq!(sizes, vec![2, 3, 4]);
    for i in 0..24 {
        assert_eq!(vals[i], y[i] * x[i] + y[i]);
    }
    inst.destroy(h).expect("destroy");
    // init without the named data its constants live in: a clear error.
    let e = inst
        .init(
            BACKEND,
            &blob("mlp", 0),
            &[],
            Arc::new(std::collections::HashMap::<String, Arc<[u8]>>::new()),
        )
        .expect_err("no named data");
    println!("{e}");
    assert!(e.to_string().contains("named data"), "{e}");
}

// ---------------------------------------------------------------------------
// Hostile payloads
// ---------------------------------------------------------------------------

/// `model`'s xnnpack program with the blob of delegate 0 replaced by `f(blob)`.
fn with_blob(model: &str, f: impl FnOnce(Vec<u8>) -> Vec<u8>) -> Vec<u8> {
    with_blob_of(model, "xnnpack", None, f)
}

/// Loads `bytes` and returns the error of loading its method (delegate init).
fn load_err(bytes: Vec<u8>) -> plugboard::Error {
    let reg = registry();
    let p = Arc::new(Program::from_bytes(bytes).expect("the program itself is valid"));
    match Method::load(p, "forward", &reg) {
        Ok(_) => panic!("hostile payload loaded"),
        Err(e) => e,
    }
}

fn assert_clean(e: &plugboard::Error, want: &str) {
    println!("{e}");
    assert!(
        matches!(
            e.kind,
            ErrorKind::DelegateInvalidCompatibility | ErrorKind::InvalidProgram
        ),
        "unexpected kind: {e}"
    );
    assert!(!e.to_string().contains("trapped"), "{e}");
    assert!(e.to_string().contains(want), "expected {want:?} in: {e}");
}

fn good_run_still_works() {
    check_dir(&fixtures().join("cnn"), "cnn", "xnnpack");
}

/// Splits an XH00 payload into (graph, constant region).
fn split(blob: &[u8]) -> (xfb::XnnGraph, Vec<u8>) {
    use planus::ReadAsRoot;
    assert_eq!(&blob[4..8], b"XH00");
    let u32_at = |o: usize| u32::from_le_bytes(blob[o..o + 4].try_into().expect("4")) as usize;
    let (fo, fs, co) = (u32_at(10), u32_at(14), u32_at(18));
    let cs = u64::from_le_bytes(blob[22..30].try_into().expect("8")) as usize;
    let g = xfb::XnnGraphRef::read_as_root(&blob[fo..fo + fs]).expect("graph");
    (
        xfb::XnnGraph::try_from(g).expect("owned graph"),
        blob[co..co + cs].to_vec(),
    )
}

/// Builds an XH00 payload as ExecuTorch does.
fn join(g: &xfb::XnnGraph, constants: &[u8]) -> Vec<u8> {
    let mut b = planus::Builder::new();
    // planus 1.3 writes a file identifier before the root offset, so it is inserted
    // by hand after it (inner offsets are relative, only the root one moves).
    let flat = b.finish(g, None).to_vec();
    let root = u32::from_le_bytes(flat[0..4].try_into().expect("root")) + 4;
    let mut fb = root.to_le_bytes().to_vec();
    fb.extend_from_slice(b"XN01");
    fb.extend_from_slice(&flat[4..]);
    let fb_off = 32usize;
    let c_off = fb_off + fb.len().next_multiple_of(16);
    let mut out = vec![0u8; 32];
    out[4..8].copy_from_slice(b"XH00");
    out[8..10].copy_from_slice(&30u16.to_le_bytes());
    out[10..14].copy_from_slice(&(fb_off as u32).to_le_bytes());
    out[14..18].copy_from_slice(&(fb.len() as u32).to_le_bytes());
    out[18..22].copy_from_slice(&(c_off as u32).to_le_bytes());
    out[22..30].copy_from_slice(&(constants.len() as u64).to_le_bytes());
    out.extend_from_slice(&fb);
    out.resize(c_off, 0);
    out.extend_from_slice(constants);
    out
}

/// `model`'s program with its first delegate's graph edited by `f`.
fn with_graph(model: &str, f: impl FnOnce(&mut xfb::XnnGraph, &mut Vec<u8>)) -> Vec<u8> {
    with_graph_of(model, "xnnpack", f)
}

/// [`with_graph`] for the program of `variant`.
fn with_graph_of(
    model: &str,
    variant: &str,
    f: impl FnOnce(&mut xfb::XnnGraph, &mut Vec<u8>),
) -> Vec<u8> {
    with_blob_of(model, variant, None, |b| {
        let (mut g, mut c) = split(&b);
        f(&mut g, &mut c);
        join(&g, &c)
    })
}

fn tensor_mut(g: &mut xfb::XnnGraph, i: usize) -> &mut xfb::XnnTensorValue {
    match g.xvalues.as_mut().expect("values")[i]
        .xvalue_union
        .as_mut()
        .expect("value")
    {
        xfb::XValueUnion::XnnTensorValue(t) => t,
        xfb::XValueUnion::XnnQuantizedTensorValue(q) => q.tensor_value.as_mut().expect("tensor"),
    }
}

#[test]
fn rewritten_payload_still_runs() {
    // The split/join used below round-trips: the rebuilt payload runs correctly.
    let bytes = with_graph("cnn", |_, _| {});
    let dir = fixtures().join("cnn");
    let p = Arc::new(Program::from_bytes(bytes).expect("program"));
    let reg = registry();
    let mut m = Method::load(p, "forward", &reg).expect("load");
    let inputs = read_numbered(&dir, "input");
    m.set_input(0, plugboard::EValue::Tensor(inputs[0].clone()))
        .expect("input");
    m.execute().expect("execute");
    let out = m.outputs().expect("outputs");
    let d = max_abs_diff(
        out[0].as_tensor().expect("tensor"),
        &read_numbered(&dir, "expected")[0],
    )
    .expect("cmp");
    assert!(d <= ATOL);
}

#[test]
fn truncated_payloads() {
    let n = blob("cnn", 0).len();
    for len in [0, 3, 4, 8, 12, 29, 30, 31, 32, 40, 64, n / 2, n - 1] {
        let e = load_err(with_blob("cnn", |b| b[..len].to_vec()));
        println!("{len:>5} bytes: {e}");
        assert!(
            matches!(
                e.kind,
                ErrorKind::DelegateInvalidCompatibility | ErrorKind::InvalidProgram
            ),
            "{len}: {e}"
        );
        assert!(!e.to_string().contains("trapped"), "{e}");
    }
    // A consistent header around a truncated FlatBuffer: the FlatBuffer reader's
    // offsets then point past its end.
    let fb_len = n - 32;
    for cut in [8, 40, 100, fb_len / 2] {
        let e = load_err(with_blob("cnn", |b| {
            let mut t = b[..32 + cut].to_vec();
            t[14..18].copy_from_slice(&(cut as u32).to_le_bytes());
            t[18..22].copy_from_slice(&((32 + cut) as u32).to_le_bytes());
            t[22..30].copy_from_slice(&0u64.to_le_bytes());
            t
        }));
        println!("FlatBuffer of {cut} bytes: {e}");
        assert!(
            matches!(
                e.kind,
                ErrorKind::DelegateInvalidCompatibility | ErrorKind::InvalidProgram
            ),
            "{cut}: {e}"
        );
        assert!(!e.to_string().contains("trapped"), "{e}");
    }
    good_run_still_works();
}

#[test]
fn wrong_identifiers() {
    // FlatBuffer identifier.
    let e = load_err(with_blob("cnn", |mut b| {
        b[36..40].copy_from_slice(b"XN99");
        b
    }));
    assert_clean(&e, "identifier");
    // Header magic: without it the blob is read as a bare FlatBuffer, whose
    // identifier then does not match either.
    let e = load_err(with_blob("cnn", |mut b| {
        b[4..8].copy_from_slice(b"XH01");
        b
    }));
    assert_clean(&e, "identifier");
    // The older identifier XN00 is accepted.
    let bytes = with_blob("cnn", |mut b| {
        b[36..40].copy_from_slice(b"XN00");
        b
    });
    let reg = registry();
    Method::load(
        Arc::new(Program::from_bytes(bytes).expect("p")),
        "forward",
        &reg,
    )
    .expect("XN00 loads");
}

#[test]
fn header_offsets_out_of_range() {
    for (at, value) in [
        (14usize, u32::MAX), // FlatBuffer size
        (10, 1 << 30),       // FlatBuffer offset
        (18, u32::MAX - 4),  // constant data offset
        (18, 40),            // constant data inside the FlatBuffer
    ] {
        let e = load_err(with_blob("cnn", |mut b| {
            b[at..at + 4].copy_from_slice(&value.to_le_bytes());
            b
        }));
        assert_clean(&e, "XH00 header");
    }
    let e = load_err(with_blob("cnn", |mut b| {
        b[22..30].copy_from_slice(&u64::MAX.to_le_bytes());
        b
    }));
    assert_clean(&e, "constant data");
}

#[test]
fn bad_value_ids() {
    // A node input naming no value.
    let e = load_err(with_graph("cnn", |g, _| {
        let n = &mut g.xnodes.as_mut().expect("nodes")[1];
        if let Some(xfb::XNodeUnion::XnnConv2d(c)) = &mut n.xnode_union {
            c.input1_id = 999;
        } else {
            panic!("node 1 is a convolution");
        }
    }));
    assert_clean(&e, "value id 999");
    // A graph output naming no value.
    let e = load_err(with_graph("cnn", |g, _| {
        g.output_ids = Some(vec![12345]);
    }));
    assert_clean(&e, "12345");
    // Two values with the same id.
    let e = load_err(with_graph("cnn", |g, _| {
        tensor_mut(g, 3).id_out = 1;
    }));
    assert_clean(&e, "defined twice");
    // A node reading a value nobody produced yet (the nodes in reverse order).
    let e = load_err(with_graph("cnn", |g, _| {
        g.xnodes.as_mut().expect("nodes").reverse();
    }));
    assert_clean(&e, "earlier node");
    // External ids out of range.
    let e = load_err(with_graph("cnn", |g, _| {
        tensor_mut(g, 14).external_id = 77;
    }));
    assert_clean(&e, "external id 77");
    good_run_still_works();
}

#[test]
fn overflowing_and_inconsistent_dims() {
    let e = load_err(with_graph("cnn", |g, _| {
        let t = tensor_mut(g, 3);
        t.dims = Some(vec![u32::MAX, u32::MAX, u32::MAX, u32::MAX]);
    }));
    assert_clean(&e, "overflow");
    let e = load_err(with_graph("cnn", |g, _| {
        let t = tensor_mut(g, 3);
        t.dims = Some(vec![1; 7]);
        t.num_dims = 7;
    }));
    assert_clean(&e, "rank 7");
    let e = load_err(with_graph("cnn", |g, _| {
        tensor_mut(g, 3).num_dims = 3;
    }));
    assert_clean(&e, "num_dims");
    // A declared shape the node does not compute.
    let e = load_err(with_graph("cnn", |g, _| {
        tensor_mut(g, 3).dims = Some(vec![2, 16, 16, 9]);
    }));
    assert_clean(&e, "declares");
    // A filter whose dims do not match the convolution's parameters.
    let e = load_err(with_graph("cnn", |g, _| {
        tensor_mut(g, 2).dims = Some(vec![8, 3, 3, 2]);
    }));
    assert_clean(&e, "filter");
    good_run_still_works();
}

#[test]
fn constant_offsets_out_of_range() {
    // Constants moved from named data into the payload's constant region, at an offset
    // past its end.
    let e = load_err(with_graph("cnn", |g, _| {
        let c = &mut g.constant_data.as_mut().expect("constants")[1];
        c.named_key = None;
        c.offset = 1 << 40;
    }));
    assert_clean(&e, "outside");
    let e = load_err(with_graph("cnn", |g, c| {
        let cd = &mut g.constant_data.as_mut().expect("constants")[1];
        cd.named_key = None;
        cd.offset = 0;
        cd.size = 864;
        c.resize(100, 0);
    }));
    assert_clean(&e, "outside");
    // Constant index past the table.
    let e = load_err(with_graph("cnn", |g, _| {
        tensor_mut(g, 2).constant_buffer_idx = 99;
    }));
    assert_clean(&e, "out of range");
    // A named key the program does not have.
    let e = load_err(with_graph("cnn", |g, _| {
        g.constant_data.as_mut().expect("constants")[1].named_key = Some("nope".into());
    }));
    println!("{e}");
    assert!(e.to_string().contains("nope"), "{e}");
    // Constant smaller than its tensor.
    let e = load_err(with_graph("cnn", |g, c| {
        let cd = &mut g.constant_data.as_mut().expect("constants")[1];
        cd.named_key = None;
        cd.offset = 0;
        cd.size = 8;
        c.resize(16, 0);
    }));
    assert_clean(&e, "needs");
    good_run_still_works();
}

#[test]
fn payload_in_the_constant_region_runs() {
    // The same weights, stored after the FlatBuffer instead of in named data (how
    // older exporters wrote them) give the same results.
    let bytes = std::fs::read(pte("mlp", "xnnpack")).expect("mlp");
    let p = Program::from_bytes(bytes).expect("p");
    let named = p.named_data();
    let rebuilt = with_graph("mlp", |g, c| {
        for cd in g
            .constant_data
            .as_mut()
            .expect("constants")
            .iter_mut()
            .skip(1)
        {
            let key = cd.named_key.take().expect("named");
            let data = &named[&key];
            let off = c.len().next_multiple_of(16);
            c.resize(off, 0);
            c.extend_from_slice(data);
            cd.offset = off as u64;
            cd.size = data.len() as u64;
        }
    });
    let dir = fixtures().join("mlp");
    let reg = registry();
    let p = Arc::new(Program::from_bytes(rebuilt).expect("p"));
    let mut m = Method::load(p, "forward", &reg).expect("load");
    m.set_input(
        0,
        plugboard::EValue::Tensor(read_numbered(&dir, "input")[0].clone()),
    )
    .expect("input");
    m.execute().expect("run");
    let out = m.outputs().expect("outputs");
    let d = max_abs_diff(
        out[0].as_tensor().expect("t"),
        &read_numbered(&dir, "expected")[0],
    )
    .expect("cmp");
    assert!(d <= ATOL, "{d}");
}

/// Every `<model>.xnnpack_q8.pte` (int8 PT2E, `XNNPACKQuantizer` per-channel
/// symmetric) bit-identical to ExecuTorch's XNNPACK runtime output,
/// with convolutions on the host's native kernels (the default).
#[test]
fn every_xnnpack_q8_fixture() {
    let dirs = fixture_dirs("xnnpack_q8");
    assert!(
        dirs.len() >= 6,
        "expected at least six xnnpack_q8 fixtures, found {}",
        dirs.len()
    );
    let reg = registry();
    for (dir, name) in dirs {
        plugboard_tests::check_q8_against_executorch_in(&reg, &dir, &name);
    }
}

/// The same on the pure-wasm int8 kernels (`--cpu-accel off`).
#[test]
fn every_xnnpack_q8_fixture_pure_wasm() {
    let reg = plugboard_tests::registry_wasm_only();
    for (dir, name) in fixture_dirs("xnnpack_q8") {
        plugboard_tests::check_q8_against_executorch_in(&reg, &dir, &name);
    }
}

/// The XNNPACK quantizer's default (per-tensor, static) int8 scheme: the linear stack
/// and the transformer block bit-identical to ExecuTorch's outputs, with and without
/// the native kernels.
#[test]
fn per_tensor_int8_fixtures_match_executorch_bit_for_bit() {
    for reg in [registry(), plugboard_tests::registry_wasm_only()] {
        for model in ["mlp", "tiny_transformer"] {
            let d = quant_scheme_diff(&reg, model, "xnnpack_q8t");
            assert!(d == 0.0, "{model}.xnnpack_q8t: {d} from ExecuTorch");
        }
    }
}

/// Dynamic int8 activations with per-channel int8 weights ("8da8w"): each row is
/// quantized at run time. The linear stack, whose quantized rows are the program's own
/// inputs, matches ExecuTorch within float rounding. In the transformer block the rows
/// come after fp32 operators (layer norm, attention) whose last bits differ from
/// ExecuTorch's; a row value that lands on the other side of a rounding boundary moves
/// by one quantization step, so the bound is that of a few steps (measured: 3.6e-3,
/// against 1.2e-2 between ExecuTorch and eager PyTorch).
#[test]
fn dynamic_int8_fixtures_match_executorch() {
    for reg in [registry(), plugboard_tests::registry_wasm_only()] {
        for (model, tol) in [("mlp", 1e-5), ("tiny_transformer", 5e-3)] {
            let d = quant_scheme_diff(&reg, model, "xnnpack_dq8");
            assert!(d <= tol, "{model}.xnnpack_dq8: {d} from ExecuTorch");
        }
    }
}

/// Max abs difference between `model.variant.pte`'s outputs and ExecuTorch's.
fn quant_scheme_diff(reg: &plugboard::Registry, model: &str, variant: &str) -> f64 {
    let dir = fixtures().join(model);
    let path = dir.join(format!("{model}.{variant}.pte"));
    let inputs = read_numbered(&dir, "input");
    let reference = read_numbered(&dir, &format!("et_{variant}_output"));
    let outputs = plugboard_tests::run(reg, &path, &inputs)
        .unwrap_or_else(|e| panic!("{model}.{variant}: {e}"));
    assert_eq!(outputs.len(), reference.len(), "{model}.{variant}: outputs");
    let mut worst = 0.0f64;
    for (o, r) in outputs.iter().zip(&reference) {
        let o = o.as_tensor().expect("tensor output");
        worst = worst.max(max_abs_diff(o, r).expect("comparable"));
    }
    println!("{model}.{variant}: max abs diff {worst:.3e}");
    worst
}

/// Every fp32 xnnpack fixture on the pure-wasm kernels (`--cpu-accel off`).
#[test]
fn every_xnnpack_fixture_pure_wasm() {
    let reg = plugboard_tests::registry_wasm_only();
    for (dir, name) in fixture_dirs("xnnpack") {
        plugboard_tests::check_against_eager_in(&reg, &dir, &name, "xnnpack", ATOL);
    }
}

/// mobilenet_v2 and resnet18 int8 programs, when `export.py --large` has made them,
/// with and without the native kernels.
#[test]
fn large_q8_models_when_present() {
    for reg in [registry(), plugboard_tests::registry_wasm_only()] {
        for (dir, model) in large_dirs("xnnpack_q8") {
            plugboard_tests::check_q8_against_executorch_in(&reg, &dir, &model);
        }
    }
}

/// A quantized graph with element types this backend does not run (`qint8`
/// weights per tensor with a nonzero zero point) is refused at init, naming the node.
#[test]
fn unsupported_quantized_types_are_refused_clearly() {
    let bytes = with_graph_of("mlp", "xnnpack_q8", |g, _| {
        // Turn the first qcint8 filter into a (per-tensor) qint8 one.
        for v in g.xvalues.iter_mut().flatten() {
            if let Some(xfb::XValueUnion::XnnQuantizedTensorValue(q)) = &mut v.xvalue_union {
                let t = q.tensor_value.as_mut().expect("tensor");
                if t.datatype == xfb::XnnDatatype::XnnDatatypeQcint8 {
                    t.datatype = xfb::XnnDatatype::XnnDatatypeQint8;
                    q.quant_params = Some(xfb::XnnQuantParams::PerTensorQuant(Box::new(
                        xfb::PerTensorQuant {
                            scale: 0.01,
                            zero_point: 3,
                        },
                    )));
                    return;
                }
            }
        }
        panic!("no qcint8 value");
    });
    let e = load_err(bytes);
    println!("{e}");
    assert_eq!(e.kind, ErrorKind::NotSupported, "{e}");
    assert!(e.to_string().contains("FullyConnected"), "{e}");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// Random byte corruption of the payload: an error or a successful load, never a
    /// trap.
    #[test]
    fn random_corruption(seed in any::<u64>(), flips in 1usize..16) {
        corrupt_and_run("xnnpack", seed, flips)?;
    }

    /// The same for the int8 program (quantization parameters, int8 weights,
    /// cpu-accel hand-over).
    #[test]
    fn random_corruption_q8(seed in any::<u64>(), flips in 1usize..16) {
        corrupt_and_run("xnnpack_q8", seed, flips)?;
    }
}

/// Flips `flips` random bytes of `cnn.<variant>`'s delegate payload; loading and
/// running must give a result or an error, never a trap.
fn corrupt_and_run(variant: &str, seed: u64, flips: usize) -> Result<(), TestCaseError> {
    let bytes = with_blob_of("cnn", variant, None, |mut b| {
        let mut s = seed;
        for _ in 0..flips {
            s = s
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let at = (s >> 33) as usize % b.len();
            b[at] ^= (s >> 13) as u8 | 1;
        }
        b
    });
    let reg = registry();
    let p = Arc::new(Program::from_bytes(bytes).expect("program"));
    match Method::load(p, "forward", &reg) {
        Ok(mut m) => {
            // Loaded: running must not trap either.
            let dir = fixtures().join("cnn");
            let x = read_numbered(&dir, "input")[0].clone();
            if m.set_input(0, plugboard::EValue::Tensor(x)).is_ok() {
                if let Err(e) = m.execute() {
                    prop_assert!(!e.to_string().contains("trapped"), "{}", e);
                }
            }
        }
        Err(e) => prop_assert!(!e.to_string().contains("trapped"), "{}", e),
    }
    Ok(())
}

/// Sigmoid, hardswish and SiLU (fused from its sigmoid and multiply) on 65,536 values (`unary_exact`: uniform, near the special
/// points, tiny, and where exp underflows) give exactly ExecuTorch's XNNPACK outputs,
/// with and without the native kernels. int8 programs keep these in f32 between a
/// dequantize and a quantize, so one ulp off can flip a quantized value downstream.
#[test]
fn sigmoid_and_hardswish_match_executorch_bit_for_bit() {
    let dir = fixtures().join("unary_exact");
    let inputs = read_numbered(&dir, "input");
    let reference = read_numbered(&dir, "et_xnnpack_output");
    for reg in [registry(), plugboard_tests::registry_wasm_only()] {
        let outputs = plugboard_tests::run(&reg, &pte("unary_exact", "xnnpack"), &inputs)
            .expect("unary_exact runs");
        assert_eq!(outputs.len(), reference.len());
        for (i, (o, r)) in outputs.iter().zip(&reference).enumerate() {
            let o = o.as_tensor().expect("tensor output");
            let d = max_abs_diff(o, r).expect("same shape");
            assert!(d == 0.0, "unary_exact output {i}: {d:e} from ExecuTorch");
        }
    }
}

/// One process serves the XNNPACK backend built against contract 1.4 (the test
/// artifact `test-components/xnnpack-v1`, tensors by value through the 1.x adapter) and
/// the bundled 2.x build (2.1: tensors copied once between linear memories, and calls
/// after the first by `execute-again`): on every
/// XNNPACK fixture, fp32 and int8, both give the same bytes.
#[test]
fn contract_1_and_2_builds_give_identical_outputs() {
    let v2 = registry();
    let mut v1 = registry();
    v1.replace_file(
        BACKEND,
        &plugboard_tests::test_component("plugboard_test_xnnpack_v1"),
    )
    .expect("the 1.4 build replaces the bundled one");
    let version = |reg: &plugboard::Registry| {
        reg.backend(BACKEND)
            .expect("registered")
            .info
            .version
            .to_string()
    };
    assert_eq!(version(&v2), "2.4.0");
    assert_eq!(version(&v1), "1.4.0");
    let mut compared = 0;
    for variant in ["xnnpack", "xnnpack_q8"] {
        for (dir, model) in fixture_dirs(variant) {
            let path = dir.join(format!("{model}.{variant}.pte"));
            let inputs = read_numbered(&dir, "input");
            let a = plugboard_tests::run(&v1, &path, &inputs)
                .unwrap_or_else(|e| panic!("{model}.{variant} on 1.4: {e}"));
            let b = plugboard_tests::run(&v2, &path, &inputs)
                .unwrap_or_else(|e| panic!("{model}.{variant} on 2.0: {e}"));
            assert_eq!(a.len(), b.len());
            for (i, (x, y)) in a.iter().zip(&b).enumerate() {
                let (x, y) = (
                    x.as_tensor().expect("tensor"),
                    y.as_tensor().expect("tensor"),
                );
                assert_eq!(x.sizes, y.sizes, "{model}.{variant} output {i}");
                assert_eq!(x.data, y.data, "{model}.{variant} output {i}: same bytes");
            }
            println!("{model}.{variant}: 1.4 and 2.0 builds agree");
            compared += 1;
        }
    }
    assert!(compared >= 8, "compared {compared} programs");
}

/// A float32 tensor-ref of `sizes` at `address` (contiguous).
fn tensor_ref(sizes: &[u32], address: u32) -> plugboard::bindings::types::Evalue {
    plugboard::bindings::types::Evalue::Tensor(plugboard::bindings::types::TensorRef {
        dtype: plugboard::bindings::types::ScalarType::Float,
        sizes: sizes.to_vec(),
        dim_order: (0..sizes.len() as u8).collect(),
        address,
    })
}

/// `values` written into a fresh block of the instance's memory; returns its address.
fn block_of(inst: &mut BackendInstance, values: &[f32]) -> u32 {
    let bytes: Vec<u8> = values.iter().flat_map(|v| v.to_le_bytes()).collect();
    let a = inst.alloc(bytes.len() as u64, 64).expect("alloc");
    let memory = inst.memory().expect("memory").clone();
    // SAFETY: the backend is not running; no other view of its memory is alive.
    unsafe { memory.bytes_mut(a, bytes.len()) }
        .expect("inside")
        .copy_from_slice(&bytes);
    a
}

/// `n` float32s at `address` in the instance's memory.
fn floats_at(inst: &BackendInstance, address: u32, n: usize) -> Vec<f32> {
    let memory = inst.memory().expect("memory").clone();
    // SAFETY: as in `block_of`.
    let bytes = unsafe { memory.bytes(address, 4 * n) }.expect("inside");
    bytes
        .chunks_exact(4)
        .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect()
}

/// Calling the bundled (2.1) build directly: `execute-again` runs the graph on new input
/// addresses with the last `execute`'s layouts, including after a reshape; a wrong
/// number of addresses or an address outside its blocks is an error naming the
/// component, not a trap.
#[test]
fn direct_execute_again_and_reshape() {
    let mut inst = backend_instance();
    assert!(inst.can_execute_again(), "the bundled build is 2.1");
    let h = inst
        .init(
            BACKEND,
            &blob("add_mul", 0),
            &[],
            Arc::new(std::collections::HashMap::<String, Arc<[u8]>>::new()),
        )
        .expect("init add_mul");
    let x: Vec<f32> = (0..24).map(|i| i as f32).collect();
    let y: Vec<f32> = (0..24).map(|i| 0.5 * i as f32).collect();
    let (bx, by) = (block_of(&mut inst, &x), block_of(&mut inst, &y));
    let out = inst
        .execute_v2(
            h,
            &[
                tensor_ref(&[2, 3, 4], bx),
                tensor_ref(&[2, 3, 4], by),
                tensor_ref(&[2, 3, 4], 0),
            ],
        )
        .expect("execute");
    let plugboard::bindings::types::Evalue::Tensor(o) = &out[0] else {
        panic!("a tensor output");
    };
    assert_eq!(o.sizes, vec![2, 3, 4]);
    let want = |x: &[f32], y: &[f32], i: usize| x[i] * y[i % y.len()] + x[i];
    let vals = floats_at(&inst, o.address, 24);
    assert!((0..24).all(|i| vals[i] == want(&x, &y, i)));
    // Again on a new x, in another block.
    let x2: Vec<f32> = (0..24).map(|i| 3.0 - i as f32).collect();
    let bx2 = block_of(&mut inst, &x2);
    let addrs = inst
        .execute_again(h, &[bx2, by])
        .expect("execute-again")
        .expect("supported");
    assert_eq!(addrs.len(), 1);
    let vals = floats_at(&inst, addrs[0], 24);
    assert!((0..24).all(|i| vals[i] == want(&x2, &y, i)), "{vals:?}");
    // A reshaped execute ([4, 3, 4] and y broadcast from [4]), then again with its layouts.
    let x3: Vec<f32> = (0..48).map(|i| i as f32 - 20.0).collect();
    let y3 = [1.0f32, 2.0, 3.0, 4.0];
    let (bx3, by3) = (block_of(&mut inst, &x3), block_of(&mut inst, &y3));
    inst.execute_v2(
        h,
        &[
            tensor_ref(&[4, 3, 4], bx3),
            tensor_ref(&[4], by3),
            tensor_ref(&[2, 3, 4], 0),
        ],
    )
    .expect("execute reshaped");
    let x4: Vec<f32> = (0..48).map(|i| 0.25 * i as f32).collect();
    let bx4 = block_of(&mut inst, &x4);
    let addrs = inst
        .execute_again(h, &[bx4, by3])
        .expect("execute-again reshaped")
        .expect("supported");
    let vals = floats_at(&inst, addrs[0], 48);
    assert!((0..48).all(|i| vals[i] == want(&x4, &y3, i)), "{vals:?}");
    // Misuse is an error naming the component; the instance keeps working.
    let e = inst.execute_again(h, &[bx4]).expect_err("one address");
    println!("{e}");
    assert_eq!(e.kind, ErrorKind::InvalidState, "{e}");
    assert!(e.context.component.is_some(), "{e}");
    let e = inst.execute_again(h, &[8, by3]).expect_err("not a block");
    println!("{e}");
    assert!(e.context.component.is_some(), "{e}");
    // A block the backend checked before and that was freed since is checked again.
    inst.execute_again(h, &[bx4, by3])
        .expect("runs")
        .expect("supported");
    inst.free(bx4).expect("free");
    let e = inst
        .execute_again(h, &[bx4, by3])
        .expect_err("a freed block");
    println!("{e}");
    assert!(e.to_string().contains("not inside a block"), "{e}");
    assert!(!inst.is_poisoned());
    let addrs = inst
        .execute_again(h, &[bx3, by3])
        .expect("runs after errors")
        .expect("supported");
    let vals = floats_at(&inst, addrs[0], 48);
    assert!((0..48).all(|i| vals[i] == want(&x3, &y3, i)));
}
