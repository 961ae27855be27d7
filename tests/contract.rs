//! Contracts that are kept: every released contract version is frozen in `wit/X.Y.Z`,
//! never changes (a committed hash list), and each minor only adds to the one before
//! (parsed with `wit-parser`); components built against every frozen version load and
//! get the behaviour of their version (one conformance suite, run against a backend and
//! a kernel library built from each frozen folder); other versions are refused before
//! instantiation, naming both versions.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use plugboard::component::{ContractVersion, HOST_VERSION, HOST_VERSIONS};
use plugboard::program::schema::executorch_flatbuffer as fb;
use plugboard::{EValue, ErrorKind, Method, Program, Registry, Tensor};
use plugboard_tests::wit_compat::{violations, Contract};
use plugboard_tests::{
    fixtures, max_abs_diff, parse_pte, pte, read_numbered, root, sandbox, sha256_hex,
    test_component, write_pte,
};

/// The frozen contract folders, `wit/X.Y.Z`, oldest first.
fn frozen() -> Vec<(String, PathBuf)> {
    let mut out: Vec<(ContractVersion, String, PathBuf)> = std::fs::read_dir(root().join("wit"))
        .expect("wit/")
        .flatten()
        .filter(|e| e.path().is_dir())
        .filter_map(|e| {
            let name = e.file_name().to_string_lossy().into_owned();
            Some((ContractVersion::parse(&name)?, name, e.path()))
        })
        .collect();
    out.sort();
    out.into_iter().map(|(_, n, p)| (n, p)).collect()
}

/// Every version the host serves a conformance component of: the frozen folders and
/// the working `wit/` (while its version is not frozen yet), oldest first.
fn served() -> Vec<String> {
    let mut v: Vec<String> = frozen().into_iter().map(|(v, _)| v).collect();
    let current = HOST_VERSION.to_string();
    if !v.contains(&current) {
        v.push(current);
    }
    v
}

fn wit_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("dir")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "wit"))
        .collect();
    files.sort();
    files
}

/// Every `.wit` file of every frozen folder has the hash `wit/frozen.sha256` lists, and
/// every frozen folder is listed; the top-level `wit/` equals its own frozen folder
/// when its version has one.
#[test]
fn frozen_folders_are_unchanged() {
    let wit = root().join("wit");
    let list = std::fs::read_to_string(wit.join("frozen.sha256")).expect("wit/frozen.sha256");
    let listed: std::collections::BTreeMap<String, String> = list
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let (hash, file) = l.split_once("  ").expect("`HASH  FILE` lines");
            (file.to_string(), hash.to_string())
        })
        .collect();
    let mut seen = std::collections::BTreeSet::new();
    let folders = frozen();
    assert!(
        folders.len() >= 5,
        "wit/1.0.0 ... wit/1.4.0 at least: {folders:?}"
    );
    for (version, dir) in &folders {
        for f in wit_files(dir) {
            let rel = format!(
                "{version}/{}",
                f.file_name().expect("name").to_string_lossy()
            );
            let hash = sha256_hex(&std::fs::read(&f).expect("read"));
            match listed.get(&rel) {
                None => panic!("wit/{rel} is not in wit/frozen.sha256: a newly frozen folder's hashes must be appended there"),
                Some(h) => assert_eq!(h, &hash, "wit/{rel} changed: a released contract never changes (restore it)"),
            }
            seen.insert(rel);
        }
    }
    for rel in listed.keys() {
        assert!(
            seen.contains(rel),
            "wit/{rel} is listed in wit/frozen.sha256 but missing"
        );
    }
    // The working contract: once its version is frozen, the two are the same text.
    let current = Contract::parse(&wit).expect("wit/");
    let version = current.version().expect("versioned package");
    assert_eq!(
        version,
        HOST_VERSION.to_string(),
        "HOST_VERSION comes from wit/"
    );
    if let Some((_, dir)) = folders.iter().find(|(v, _)| *v == version) {
        for f in wit_files(&wit) {
            let name = f.file_name().expect("name");
            let frozen = std::fs::read(dir.join(name)).unwrap_or_default();
            assert_eq!(
                std::fs::read(&f).expect("read"),
                frozen,
                "wit/{} differs from wit/{version}/: {version} is released; change the contract in a new version",
                name.to_string_lossy()
            );
        }
    }
}

/// Each frozen minor (and the working `wit/`) only adds to the frozen version before it
/// in the same major.
#[test]
fn each_minor_only_adds() {
    let mut versions: Vec<(String, Contract)> = frozen()
        .into_iter()
        .map(|(v, dir)| (v, Contract::parse(&dir).expect("parses")))
        .collect();
    let current = Contract::parse(&root().join("wit")).expect("wit/");
    let cv = current.version().expect("version");
    if !versions.iter().any(|(v, _)| *v == cv) {
        versions.push((cv, current));
    }
    let mut checked = 0;
    for pair in versions.windows(2) {
        let ((a, older), (b, newer)) = (&pair[0], &pair[1]);
        let major = |v: &str| v.split('.').next().map(str::to_string);
        if major(a) != major(b) {
            continue;
        }
        let v = violations(older, newer);
        assert!(
            v.is_empty(),
            "{b} does not only add to {a}:\n{}",
            v.join("\n")
        );
        println!("{a} -> {b}: only adds");
        checked += 1;
    }
    assert!(checked >= 4, "1.0 -> 1.1 -> 1.2 -> 1.3 -> 1.4 at least");
}

/// The check names what a changed minor broke: a parameter retyped, a record field
/// added, an enum case inserted, a function added to an exported interface.
#[test]
fn the_minor_check_names_each_change() {
    let src = root().join("wit").join("1.4.0");
    let dir = std::env::temp_dir().join(format!("plugboard-wit-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("dir");
    for f in wit_files(&src) {
        let text = std::fs::read_to_string(&f)
            .expect("read")
            .replace("@1.4.0", "@1.5.0");
        let text = match f.file_name().and_then(|n| n.to_str()) {
            Some("kernels.wit") => text
                .replace("free: func(address: u32);", "free: func(address: u64);\n    compact: func();"),
            Some("types.wit") => text
                .replace("        dim-order: list<u8>,\n        data: list<u8>,", "        dim-order: list<u8>,\n        data: list<u8>,\n        strides: list<u32>,")
                .replace("        internal,\n", "        unknown,\n        internal,\n"),
            // An export may be added in a minor (the host looks for it only in newer
            // components), never removed.
            Some("worlds.wit") => text.replacen("    export kernels;\n", "", 1),
            _ => text,
        };
        std::fs::write(dir.join(f.file_name().expect("name")), text).expect("write");
    }
    let older = Contract::parse(&src).expect("1.4.0");
    let newer = Contract::parse(&dir).expect("changed copy");
    let v = violations(&older, &newer).join("\n");
    println!("{v}");
    for want in [
        "interface kernels, function free: func(address: u32) became func(address: u64)",
        "interface kernels, function compact: added to an interface components export",
        "interface types, record tensor:",
        "interface types, enum error-kind:",
        "world kernel-library, export kernels: removed",
    ] {
        assert!(v.contains(want), "missing `{want}` in:\n{v}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

fn dotted(v: &str) -> String {
    v.replace('.', "_")
}

fn conformance_backend(v: &str) -> PathBuf {
    test_component(&format!("plugboard_test_conformance_backend_{}", dotted(v)))
}

fn conformance_kernels(v: &str) -> PathBuf {
    test_component(&format!("plugboard_test_conformance_kernels_{}", dotted(v)))
}

/// The version matrix: a component built against every frozen 1.x and against 2.0.0
/// loads (and reports its version); one built against 0.9.0, a 1.x or 2.x newer than
/// the host serves, or 3.0.0 is refused at load, before any instance exists, with the
/// versions named.
#[test]
fn version_matrix() {
    for v in &served() {
        for path in [conformance_backend(v), conformance_kernels(v)] {
            assert!(path.exists(), "{}: every served version has a conformance backend and kernel library (components/test-components/conformance)", path.display());
            let mut reg = Registry::new(sandbox()).expect("registry");
            reg.load_file(&path)
                .unwrap_or_else(|e| panic!("a {v} component loads: {e}"));
            let info = &reg.components()[0].info;
            assert_eq!(info.version.to_string(), *v, "{}", path.display());
        }
    }
    let newer_minor = format!("{}.{}.0", HOST_VERSION.major, HOST_VERSION.minor + 1);
    for v in ["0.9.0", "1.5.0", newer_minor.as_str(), "3.0.0"] {
        let path = plugboard_tests::component_of_version(v);
        let mut reg = Registry::new(sandbox()).expect("registry");
        let e = reg.load_file(&path).expect_err("refused");
        let msg = e.to_string();
        println!("{v}: {msg}");
        assert_eq!(e.kind, ErrorKind::DelegateInvalidCompatibility, "{msg}");
        assert!(msg.contains(&format!("plugboard:runtime@{v}")), "{msg}");
        for h in HOST_VERSIONS {
            assert!(msg.contains(&format!("plugboard:runtime@{h}")), "{msg}");
        }
        assert!(
            msg.contains(
                &path
                    .file_name()
                    .expect("name")
                    .to_string_lossy()
                    .to_string()
            ),
            "names the file: {msg}"
        );
        assert!(reg.components().is_empty());
    }
}

/// Named data and compile specs a conformance delegate is given.
#[derive(Default)]
struct Extras {
    /// `(key, bytes)` added to the program's named data and checked by `init`.
    named: Option<(String, Vec<u8>)>,
    /// Compile spec keys (`conformance-accel`, `conformance-gpu`).
    specs: Vec<&'static str>,
}

/// `add_mul.xnnpack.pte` with its delegate renamed to `ConformanceBackend` and `extras`
/// added, written into a temporary file.
fn conformance_program(tag: &str, extras: &Extras) -> PathBuf {
    let bytes = std::fs::read(pte("add_mul", "xnnpack")).expect("fixture");
    let (mut p, mut segs) = parse_pte(&bytes);
    let mut specs: Vec<fb::CompileSpec> = extras
        .specs
        .iter()
        .map(|k| fb::CompileSpec {
            key: Some(k.to_string()),
            value: Some(Vec::new()),
        })
        .collect();
    if let Some((key, value)) = &extras.named {
        let at = segs.len().next_multiple_of(16);
        segs.resize(at, 0);
        segs.extend_from_slice(value);
        let segments = p.segments.get_or_insert_with(Vec::new);
        segments.push(fb::DataSegment {
            offset: at as u64,
            size: value.len() as u64,
        });
        let index = segments.len() as u32 - 1;
        p.named_data
            .get_or_insert_with(Vec::new)
            .push(fb::NamedData {
                key: Some(key.clone()),
                segment_index: index,
            });
        specs.push(fb::CompileSpec {
            key: Some("conformance-named-data".into()),
            value: Some(key.clone().into_bytes()),
        });
        specs.push(fb::CompileSpec {
            key: Some("conformance-named-value".into()),
            value: Some(value.clone()),
        });
    }
    let plan = &mut p.execution_plan.as_mut().expect("plans")[0];
    for d in plan.delegates.as_mut().expect("delegates") {
        d.id = Some("ConformanceBackend".into());
        d.compile_specs
            .get_or_insert_with(Vec::new)
            .extend(specs.iter().cloned());
    }
    let dir = std::env::temp_dir().join(format!("plugboard-conformance-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("dir");
    let path = dir.join(format!("add_mul.{tag}.pte"));
    std::fs::write(&path, write_pte(&p, &segs)).expect("write");
    path
}

fn add_mul_inputs(first: Option<f32>) -> Vec<Tensor> {
    let mut inputs = read_numbered(&fixtures().join("add_mul"), "input");
    if let Some(first) = first {
        inputs[0].data[0..4].copy_from_slice(&first.to_le_bytes());
    }
    inputs
}

fn execute(m: &mut Method, inputs: &[Tensor]) -> plugboard::Result<Vec<EValue>> {
    for (i, t) in inputs.iter().enumerate() {
        m.set_input(i, EValue::Tensor(t.clone()))?;
    }
    m.execute()?;
    m.outputs()
}

/// The output is eager PyTorch's (`expected0.npy`, `x * y + x`).
fn assert_eager(out: &[EValue], what: &str) {
    let expected = read_numbered(&fixtures().join("add_mul"), "expected");
    let d = max_abs_diff(out[0].as_tensor().expect("tensor"), &expected[0]).expect("same shape");
    assert!(d <= 1e-6, "{what}: max abs diff {d} from eager PyTorch");
}

fn backend_registry(v: &str) -> Registry {
    let mut reg = Registry::new(sandbox()).expect("registry");
    reg.load_file(&conformance_backend(v))
        .unwrap_or_else(|e| panic!("{v}: {e}"));
    reg
}

fn load(reg: &Registry, path: &Path) -> plugboard::Result<Method> {
    Method::load(Arc::new(Program::from_file(path)?), "forward", reg)
}

/// The conformance suite on the backend side, against the backend built from every
/// served version (each frozen one): delegate inputs and outputs (the output arguments carry their bytes
/// for 1.0-1.3 and are empty from 1.4, as each contract says; the backend checks which
/// it got and sizes its output from it), named data, `cpu-accel` (1.1+), `gpu` (1.2+),
/// profiling (1.3+) and errors. Each answer is eager PyTorch's.
#[test]
fn conformance_backend_every_version() {
    for v in served() {
        let has =
            |min: (u64, u64)| ContractVersion::parse(&v).is_some_and(|k| (k.major, k.minor) >= min);
        let reg = backend_registry(&v);
        let mut extras = Extras {
            named: Some((
                "conformance/weights".into(),
                b"0123456789abcdef-named".to_vec(),
            )),
            specs: Vec::new(),
        };
        if has((1, 1)) {
            extras.specs.push("conformance-accel");
        }
        if has((1, 2)) {
            extras.specs.push("conformance-gpu");
        }
        let path = conformance_program(&format!("v{v}"), &extras);
        let mut m = load(&reg, &path)
            .unwrap_or_else(|e| panic!("{v}: init with named data, cpu-accel, gpu: {e}"));
        let out = execute(&mut m, &add_mul_inputs(None)).unwrap_or_else(|e| panic!("{v}: {e}"));
        assert_eager(&out, &v);

        // Errors the backend returns keep their kind and message and name it.
        let e = execute(&mut m, &add_mul_inputs(Some(-1001.0))).expect_err("asked to fail");
        let msg = e.to_string();
        println!("{v}: {msg}");
        assert_eq!(e.kind, ErrorKind::NotSupported, "{msg}");
        assert!(
            msg.contains("conformance-error: asked to fail by") && msg.contains(&v),
            "{msg}"
        );
        let file = conformance_backend(&v);
        assert_eq!(
            e.context.component.as_deref(),
            Some(file.as_path()),
            "{msg}"
        );
        assert!(
            e.context.instruction.is_some(),
            "names the instruction: {msg}"
        );
        assert_eager(
            &execute(&mut m, &add_mul_inputs(None)).expect("runs after an error"),
            &v,
        );

        // 2.0: an output outside the backend's memory is an error naming the backend,
        // and the method keeps running.
        if has((2, 0)) {
            let e = execute(&mut m, &add_mul_inputs(Some(-1003.0))).expect_err("bad address");
            let msg = e.to_string();
            println!("{v}: {msg}");
            assert!(
                msg.contains("output tensor at 0xfffffff0")
                    && msg.contains("outside the component's linear memory"),
                "{msg}"
            );
            assert_eq!(
                e.context.component.as_deref(),
                Some(file.as_path()),
                "{msg}"
            );
            assert_eager(
                &execute(&mut m, &add_mul_inputs(None)).expect("runs after a bad output"),
                &v,
            );
        }

        // Profiling: from 1.3 the backend's own step shows inside the delegate call.
        m.set_profiling(true);
        assert_eager(
            &execute(&mut m, &add_mul_inputs(None)).expect("profiled"),
            &v,
        );
        let names: Vec<String> = m
            .profile()
            .expect("on")
            .summary()
            .into_iter()
            .map(|r| r.name)
            .collect();
        assert_eq!(
            names.iter().any(|n| n == "conformance-node"),
            has((1, 3)),
            "{v}: {names:?}"
        );
    }
}

/// The conformance suite on the kernel-library side, against the library built from
/// every served version (each frozen one): kernel calls one at a time and in prepared batches (with
/// `progress.at`), errors and traps naming the instruction and the component.
#[test]
fn conformance_kernel_library_every_version() {
    for v in served() {
        let mut reg = Registry::new(sandbox()).expect("registry");
        reg.load_file(&conformance_kernels(&v))
            .unwrap_or_else(|e| panic!("{v}: {e}"));
        let mut m = load(&reg, &pte("add_mul", "portable")).unwrap_or_else(|e| panic!("{v}: {e}"));
        let file = conformance_kernels(&v);
        let mut failing_instruction = None;
        for batching in [true, false] {
            m.set_batching(batching);
            assert_eager(&execute(&mut m, &add_mul_inputs(None)).expect("runs"), &v);
            for (code, kind) in [(-1001.0, Some(ErrorKind::InvalidArgument)), (-1002.0, None)] {
                let e = execute(&mut m, &add_mul_inputs(Some(code))).expect_err("fails");
                let msg = e.to_string();
                println!("{v} batching {batching}: {msg}");
                if let Some(kind) = kind {
                    assert_eq!(e.kind, kind, "{msg}");
                    assert!(msg.contains("conformance-error"), "{msg}");
                }
                assert_eq!(
                    e.context.component.as_deref(),
                    Some(file.as_path()),
                    "{msg}"
                );
                // `x * y` runs first and sees the code in `x`.
                assert_eq!(
                    e.context.operator.as_deref(),
                    Some("aten::mul.out"),
                    "{msg}"
                );
                let at = e.context.instruction.expect("names the instruction");
                assert_eq!(
                    *failing_instruction.get_or_insert(at),
                    at,
                    "same instruction batched or not"
                );
                assert_eager(
                    &execute(&mut m, &add_mul_inputs(None)).expect("runs again"),
                    &v,
                );
            }
        }
    }
}

/// A kernel library whose `alloc` returns an address past its memory: the error says
/// which buffer, what the library answered, and names the library.
#[test]
fn alloc_past_memory_names_the_component() {
    let bytes = std::fs::read(pte("add_mul", "portable")).expect("fixture");
    let (mut p, segs) = parse_pte(&bytes);
    let plan = &mut p.execution_plan.as_mut().expect("plans")[0];
    let sizes = plan.non_const_buffer_sizes.as_mut().expect("memory plan");
    assert!(sizes.len() >= 2, "{sizes:?}");
    sizes[1] = 0xBAD0; // what the conformance library answers with 0xffffff00
    let dir = std::env::temp_dir().join(format!("plugboard-alloc-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("dir");
    let path = dir.join("add_mul.bad_alloc.pte");
    std::fs::write(&path, write_pte(&p, &segs)).expect("write");
    // The newest 1.x (addresses checked against 32 bits) and 2.x (against the memory).
    let newest_1x = frozen()
        .into_iter()
        .rfind(|(v, _)| v.starts_with("1."))
        .expect("a frozen 1.x")
        .0;
    for v in [newest_1x, HOST_VERSION.to_string()] {
        let mut reg = Registry::new(sandbox()).expect("registry");
        reg.load_file(&conformance_kernels(&v)).expect("load");
        let e = load(&reg, &path).expect_err("refused");
        let msg = e.to_string();
        println!("{v}: {msg}");
        assert!(msg.contains("cannot reserve planned buffer 1 of 47824 bytes: kernels.alloc returned address 0xffffff00"), "{msg}");
        assert_eq!(
            e.context.component.as_deref(),
            Some(conformance_kernels(&v).as_path()),
            "{msg}"
        );
        assert!(msg.contains("sha256:"), "{msg}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// The elements of a float32 tensor.
fn floats(t: &Tensor) -> Vec<f32> {
    t.data
        .chunks_exact(4)
        .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect()
}

/// `x * y + x`, the `add_mul` delegate's definition, for inputs a test made up.
fn add_mul_by_definition(inputs: &[Tensor]) -> Vec<f32> {
    let (x, y) = (floats(&inputs[0]), floats(&inputs[1]));
    x.iter().zip(&y).map(|(a, b)| a * b + a).collect()
}

/// The fixture's inputs with `x` scaled by `k` (new values in the same blocks).
fn scaled_inputs(k: f32) -> Vec<Tensor> {
    let mut inputs = add_mul_inputs(None);
    let x: Vec<f32> = floats(&inputs[0]).iter().map(|v| v * k).collect();
    inputs[0].data = x.iter().flat_map(|v| v.to_le_bytes()).collect();
    inputs
}

fn assert_definition(out: &[EValue], inputs: &[Tensor], what: &str) {
    let got = floats(out[0].as_tensor().expect("tensor"));
    assert_eq!(got, add_mul_by_definition(inputs), "{what}");
}

/// 2.1's `backend-execute-again`: a delegate call whose arguments are the last
/// `execute`'s but for input addresses runs by `execute-again` on a 2.1 backend, and
/// gives the answer for its new inputs; a 2.0 backend, which does not export it, gets
/// `execute` every time. A bad answer (an address outside the memory, a wrong count, an
/// error) fails that call naming the backend, and the next call is an `execute` again;
/// `not-supported` sends that delegate back to `execute` for good, and the call still
/// gives the right answer.
#[test]
fn execute_again_conformance() {
    let run = |m: &mut Method, inputs: &[Tensor], what: &str| {
        m.reset_copy_counters();
        let out = execute(m, inputs).unwrap_or_else(|e| panic!("{what}: {e}"));
        assert_definition(&out, inputs, what);
        m.executed_again_calls()
    };
    // 2.0: never.
    let reg = backend_registry("2.0.0");
    let path = conformance_program("again-2.0.0", &Extras::default());
    let mut m = load(&reg, &path).expect("2.0 method");
    for k in [1.0, 2.0, 3.0] {
        assert_eq!(
            run(&mut m, &scaled_inputs(k), "2.0"),
            0,
            "2.0 has no execute-again"
        );
    }
    for v in served() {
        let newer = ContractVersion::parse(&v).is_some_and(|k| (k.major, k.minor) >= (2, 1));
        if !newer {
            continue;
        }
        let file = conformance_backend(&v);
        let reg = backend_registry(&v);
        let path = conformance_program(&format!("again-{v}"), &Extras::default());
        let mut m = load(&reg, &path).unwrap_or_else(|e| panic!("{v}: {e}"));
        assert_eq!(
            run(&mut m, &scaled_inputs(1.0), &v),
            0,
            "{v}: first call is an execute"
        );
        assert_eq!(
            run(&mut m, &scaled_inputs(2.0), &v),
            1,
            "{v}: then execute-again"
        );
        assert_eq!(
            run(&mut m, &scaled_inputs(-0.5), &v),
            1,
            "{v}: new inputs are read"
        );
        m.set_execute_again(false);
        assert_eq!(run(&mut m, &scaled_inputs(3.0), &v), 0, "{v}: switched off");
        m.set_execute_again(true);
        assert_eq!(
            run(&mut m, &scaled_inputs(3.0), &v),
            0,
            "{v}: execute after switching on"
        );
        assert_eq!(
            run(&mut m, &scaled_inputs(4.0), &v),
            1,
            "{v}: then execute-again"
        );

        // Misbehaviours of `execute-again`: each fails its call naming the backend and
        // the instruction; the next call is an `execute` and the one after it repeats.
        for (first, says) in [
            (-1004.0, "output tensor at 0xfffffff0"),
            (
                -1005.0,
                "backend-execute-again returned 2 addresses for a delegate call with 1 output",
            ),
            (-1007.0, "conformance-again-error: asked to fail"),
        ] {
            let e = execute(&mut m, &add_mul_inputs(Some(first))).expect_err("misbehaves");
            let msg = e.to_string();
            println!("{v}: {msg}");
            assert!(msg.contains(says), "{msg}");
            assert_eq!(
                e.context.component.as_deref(),
                Some(file.as_path()),
                "{msg}"
            );
            assert!(e.context.instruction.is_some(), "{msg}");
            assert_eq!(
                run(&mut m, &scaled_inputs(5.0), &v),
                0,
                "{v}: execute after {first}"
            );
            assert_eq!(
                run(&mut m, &scaled_inputs(6.0), &v),
                1,
                "{v}: again after {first}"
            );
        }

        // A trap in `execute` (the call after `-1008` is an `execute`, after an error):
        // the host restarts the instance and initializes the delegate again; the next
        // call is an `execute` into fresh blocks, and the one after it repeats.
        let e = execute(&mut m, &add_mul_inputs(Some(-1007.0))).expect_err("fails");
        assert!(e.to_string().contains("conformance-again-error"), "{e}");
        let e = execute(&mut m, &add_mul_inputs(Some(-1008.0))).expect_err("traps");
        println!("{v}: {e}");
        assert_eq!(e.context.component.as_deref(), Some(file.as_path()), "{e}");
        assert_eq!(
            run(&mut m, &scaled_inputs(9.0), &v),
            0,
            "{v}: execute after a trap"
        );
        assert_eq!(
            run(&mut m, &scaled_inputs(10.0), &v),
            1,
            "{v}: again after a trap"
        );

        // `not-supported`: that call runs by `execute` (and is right), and so does every
        // later one.
        let inputs = add_mul_inputs(Some(-1006.0));
        assert_eq!(run(&mut m, &inputs, &v), 0, "{v}: not-supported falls back");
        for k in [7.0, 8.0] {
            assert_eq!(
                run(&mut m, &scaled_inputs(k), &v),
                0,
                "{v}: execute for good"
            );
        }
    }
}
