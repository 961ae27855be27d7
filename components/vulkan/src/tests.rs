//! Host-side tests over the committed Vulkan fixtures: every delegate's processed blob
//! parses, compiles, derives its shapes, sets up and executes against the checking
//! stand-in for the device, and every generated WGSL source passes naga's validator.

use std::collections::{BTreeMap, HashSet};

use crate::graph::{self, ConstantRef};
use crate::header;
use crate::ops::Plan;
use crate::runtime::{self, Runtime};
use crate::testing::{blobs, fixtures, zero_args, Mock, Zeros};

fn validate(src: &str) -> Result<(), String> {
    let module = naga::front::wgsl::parse_str(src).map_err(|e| e.emit_to_string(src))?;
    let mut v = naga::valid::Validator::new(
        naga::valid::ValidationFlags::all(),
        naga::valid::Capabilities::empty(),
    );
    v.validate(&module).map_err(|e| format!("{e:?}"))?;
    Ok(())
}

#[test]
fn fixtures_parse_compile_and_run_on_a_mock_device() {
    let files = fixtures();
    assert!(
        files.len() >= 6,
        "expected the committed Vulkan fixtures, found {files:?}"
    );
    let mut ops: BTreeMap<String, u32> = BTreeMap::new();
    let mut sources: HashSet<String> = HashSet::new();
    let mut failures = Vec::new();
    for f in &files {
        eprintln!("fixture {}", f.display());
        let pte = std::fs::read(f).unwrap();
        let bl = blobs(&pte);
        assert!(!bl.is_empty(), "{f:?} has no Vulkan delegate");
        for (i, b) in bl.iter().enumerate() {
            let p = header::split(b).unwrap();
            for (n, c) in graph::describe(&p).unwrap() {
                *ops.entry(n).or_default() += c;
            }
            let g = graph::parse(&p).unwrap();
            let plan = match Plan::new(&g) {
                Ok(p) => p,
                Err(e) => {
                    failures.push(format!("{}#{i}: {}", f.display(), e.message));
                    continue;
                }
            };
            let consts = runtime::load_constants(&g, &p, &mut Zeros(g.constants.clone())).unwrap();
            let mock = Mock::default();
            let mut rt = match Runtime::new(g.clone(), plan, consts, &mock) {
                Ok(r) => r,
                Err(e) => {
                    failures.push(format!("{}#{i}: init: {}", f.display(), e.message));
                    continue;
                }
            };
            for (s, _) in mock.pipelines.borrow().iter() {
                sources.insert(s.clone());
            }
            let args = zero_args(&g);
            match rt.execute(&args, &mock) {
                Ok(out) => assert_eq!(out.len(), g.outputs.len()),
                Err(e) => failures.push(format!("{}#{i}: execute: {}", f.display(), e.message)),
            }
        }
    }
    eprintln!("operators: {ops:?}");
    for s in &sources {
        if let Err(e) = validate(s) {
            failures.push(format!("invalid WGSL: {e}\n{s}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn missing_named_data_is_not_found() {
    let f = fixtures()
        .into_iter()
        .find(|f| f.to_string_lossy().contains("mlp.vulkan"))
        .unwrap();
    let b = blobs(&std::fs::read(f).unwrap()).remove(0);
    let p = header::split(&b).unwrap();
    let g = graph::parse(&p).unwrap();
    let e = runtime::load_constants(&g, &p, &mut Zeros(Vec::new())).unwrap_err();
    assert_eq!(e.kind, crate::ErrorKind::NotFound);
    // Named data shorter than the tensor.
    let short: Vec<ConstantRef> = g
        .constants
        .iter()
        .map(|c| match c {
            ConstantRef::Named { key, length } => ConstantRef::Named {
                key: key.clone(),
                length: length / 2,
            },
            c => c.clone(),
        })
        .collect();
    let e = runtime::load_constants(&g, &p, &mut Zeros(short)).unwrap_err();
    assert_eq!(e.kind, crate::ErrorKind::DelegateInvalidCompatibility);
}

#[test]
fn unknown_operator_is_not_supported_and_named() {
    let mut g = crate::graph::tests::add_graph();
    g.chain.as_mut().unwrap()[0].name = Some("aten.frobnicate.default".into());
    let p = crate::graph::tests::payload(&g, &[0; 32]);
    let g = graph::parse(&header::split(&p).unwrap()).unwrap();
    let e = Plan::new(&g).unwrap_err();
    assert_eq!(e.kind, crate::ErrorKind::NotSupported);
    assert!(
        e.message.contains("aten.frobnicate.default"),
        "{}",
        e.message
    );
}

#[test]
fn corrupted_fixture_blobs_never_panic() {
    let mut n = 0;
    for f in fixtures()
        .iter()
        .filter(|f| !f.to_string_lossy().contains("large"))
    {
        for b in blobs(&std::fs::read(f).unwrap()) {
            let mut seed = 0x9e3779b97f4a7c15u64;
            for _ in 0..200 {
                let mut q = b.clone();
                for _ in 0..4 {
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    let at = (seed as usize) % q.len();
                    q[at] = (seed >> 32) as u8;
                }
                crate::fuzz_one(&q);
                n += 1;
            }
        }
    }
    assert!(n > 1000);
}

/// Inputs the fuzzer found (`.ci/fuzz`), kept so that they stay errors: each must run
/// through the same path as the fuzz target without panicking.
#[test]
fn fuzz_regressions_are_errors_not_panics() {
    let cases: &[(&str, &[u8])] = &[
        (
            "slice_of_a_scalar",
            include_bytes!("fuzz_regressions/slice_of_a_scalar.bin"),
        ),
        (
            "split_sizes_overflow",
            include_bytes!("fuzz_regressions/split_sizes_overflow.bin"),
        ),
        (
            "reduce_of_a_scalar",
            include_bytes!("fuzz_regressions/reduce_of_a_scalar.bin"),
        ),
        (
            "scratch_size_overflow",
            include_bytes!("fuzz_regressions/scratch_size_overflow.bin"),
        ),
    ];
    for (name, data) in cases {
        let r = std::panic::catch_unwind(|| crate::fuzz_one(data));
        assert!(r.is_ok(), "{name} panicked");
    }
}
