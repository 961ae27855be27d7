//! The Vulkan backend (`components/vulkan`, bundled) on a real device through the
//! `gpu` import — lavapipe in CI — against eager PyTorch: every `vulkan` fixture,
//! dynamic-shape programs at several sizes below their bounds (eager outputs exported
//! at each size), programs that mix Vulkan delegates with portable kernels, the backend
//! loaded as a separately built file into a registry without the bundled components,
//! and hostile Vulkan payloads (clean errors, and the next good run works).
//!
//! Without any GPU adapter these tests say so and pass, except under `CI`.

use std::sync::Arc;

use plugboard::{ErrorKind, Method, Program, Registry};
use plugboard_tests::{
    check_against_eager_in, fixtures, gpu_present, max_abs_diff, read_numbered, registry, sandbox,
    test_component, with_blob_of,
};

#[allow(clippy::all, dead_code, unused_imports, missing_docs)]
#[rustfmt::skip]
#[path = "../components/vulkan/src/schema.rs"]
mod schema;

use schema::vkgraph as vfb;

/// Per-element tolerance against eager PyTorch (the bar).
const ATOL: f64 = 1e-3;

/// The committed fixtures with a `vulkan` program, from the manifest.
fn vulkan_models() -> Vec<String> {
    let m: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(fixtures().join("manifest.json")).expect("manifest"),
    )
    .expect("manifest json");
    m.as_array()
        .expect("list")
        .iter()
        .filter(|e| e["variant"] == "vulkan")
        .filter_map(|e| e["model"].as_str().map(String::from))
        .collect()
}

#[test]
fn every_vulkan_fixture_matches_eager() {
    if !gpu_present() {
        return;
    }
    let reg = registry();
    let models = vulkan_models();
    assert!(models.len() >= 17, "{models:?}");
    for model in &models {
        check_against_eager_in(&reg, &fixtures().join(model), model, "vulkan", ATOL);
    }
}

#[test]
fn dynamic_shapes_at_several_sizes() {
    if !gpu_present() {
        return;
    }
    let reg = registry();
    for model in ["dyn_mlp", "dyn_seq"] {
        let dir = fixtures().join(model);
        let program = dir.join(format!("{model}.vulkan.pte"));
        let mut sizes = 0;
        let mut entries: Vec<_> = std::fs::read_dir(&dir)
            .expect("fixture dir")
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.is_dir())
            .collect();
        entries.sort();
        // One method, executed at every size in turn (shapes re-derived per execute).
        let mut m = Method::load(
            Arc::new(Program::from_file(&program).expect("program")),
            "forward",
            &reg,
        )
        .expect("load");
        for at in entries {
            let inputs = read_numbered(&at, "input");
            let expected = read_numbered(&at, "expected");
            for (i, t) in inputs.into_iter().enumerate() {
                m.set_input(i, plugboard::EValue::Tensor(t)).expect("input");
            }
            m.execute()
                .unwrap_or_else(|e| panic!("{}: {e}", at.display()));
            let outputs = m.outputs().expect("outputs");
            for (i, (o, e)) in outputs.iter().zip(&expected).enumerate() {
                let d = max_abs_diff(o.as_tensor().expect("tensor"), e)
                    .unwrap_or_else(|m| panic!("{} output {i}: {m}", at.display()));
                println!("{} output {i}: max abs diff {d:.3e}", at.display());
                assert!(d <= ATOL, "{} output {i}: {d}", at.display());
            }
            sizes += 1;
        }
        assert!(sizes >= 3, "{model}: {sizes} sizes");
    }
}

/// `cnn` runs its convolution with the portable library between two Vulkan delegates,
/// `dyn_seq` its reductions; both need both components.
#[test]
fn mixed_programs_use_both_components() {
    if !gpu_present() {
        return;
    }
    let reg = registry();
    for model in ["cnn", "dyn_seq"] {
        let p = Program::from_file(fixtures().join(model).join(format!("{model}.vulkan.pte")))
            .expect("program");
        let plan = &p.plans()[0];
        assert!(!plan.delegates.is_empty(), "{model}: no delegates");
        assert!(!plan.operators.is_empty(), "{model}: no kernel calls");
        check_against_eager_in(&reg, &fixtures().join(model), model, "vulkan", ATOL);
    }
}

/// The backend shipped on its own: a registry without bundled components loads the
/// portable library and the Vulkan backend as files and runs Vulkan programs.
#[test]
fn separately_built_backend_file_loads() {
    if !gpu_present() {
        return;
    }
    let mut reg = Registry::new(sandbox()).expect("registry");
    reg.load_file(&test_component("plugboard_portable"))
        .expect("portable file");
    reg.load_file(&test_component("plugboard_vulkan"))
        .expect("vulkan file");
    for model in ["add_mul", "cnn"] {
        check_against_eager_in(&reg, &fixtures().join(model), model, "vulkan", ATOL);
    }
}

/// The large exports (gitignored, `export.py --large`) when present.
#[test]
fn large_vulkan_programs_when_present() {
    if !gpu_present() {
        return;
    }
    let reg = registry();
    for model in ["mobilenet_v2", "resnet18"] {
        let dir = fixtures().join("large").join(model);
        if !dir.join(format!("{model}.vulkan.pte")).exists() {
            println!("skipped {model}: not exported here");
            continue;
        }
        check_against_eager_in(&reg, &dir, model, "vulkan", ATOL);
    }
}

// ---- Hostile payloads ----

/// The FlatBuffer and constants of a `VH00` blob, and the graph.
fn split(blob: &[u8]) -> (vfb::VkGraph, Vec<u8>) {
    use planus::ReadAsRoot;
    let u32_at = |at: usize| u32::from_le_bytes(blob[at..at + 4].try_into().expect("4")) as usize;
    let (fb_off, fb_len, c_off) = (u32_at(10), u32_at(14), u32_at(18));
    let c_len = u64::from_le_bytes(blob[22..30].try_into().expect("8")) as usize;
    let g = vfb::VkGraphRef::read_as_root(&blob[fb_off..fb_off + fb_len]).expect("graph");
    let g = vfb::VkGraph::try_from(g).expect("owned graph");
    (g, blob[c_off..c_off + c_len].to_vec())
}

/// A `VH00` blob of `graph` and `constants` (the `VK00` identifier written at bytes
/// 4..8 of the FlatBuffer by hand: planus 1.3.0 writes it before the root offset).
fn join(graph: &vfb::VkGraph, constants: &[u8]) -> Vec<u8> {
    let plain = planus::Builder::new().finish(graph, None).to_vec();
    let root = u32::from_le_bytes(plain[0..4].try_into().expect("4")) + 4;
    let mut fb = root.to_le_bytes().to_vec();
    fb.extend_from_slice(b"VK00");
    fb.extend_from_slice(&plain[4..]);
    let fb_off = 32usize;
    let c_off = (fb_off + fb.len()).next_multiple_of(16);
    let mut out = vec![0u8; c_off + constants.len()];
    out[4..8].copy_from_slice(b"VH00");
    out[8..10].copy_from_slice(&30u16.to_le_bytes());
    out[10..14].copy_from_slice(&(fb_off as u32).to_le_bytes());
    out[14..18].copy_from_slice(&(fb.len() as u32).to_le_bytes());
    out[18..22].copy_from_slice(&(c_off as u32).to_le_bytes());
    out[22..30].copy_from_slice(&(constants.len() as u64).to_le_bytes());
    out[fb_off..fb_off + fb.len()].copy_from_slice(&fb);
    out[c_off..].copy_from_slice(constants);
    out
}

/// `model`'s vulkan program with its first delegate's graph edited by `f`.
fn with_graph(model: &str, f: impl FnOnce(&mut vfb::VkGraph)) -> Vec<u8> {
    with_blob_of(model, "vulkan", None, |blob| {
        let (mut g, c) = split(&blob);
        f(&mut g);
        join(&g, &c)
    })
}

fn load_error(reg: &Registry, bytes: Vec<u8>) -> plugboard::Error {
    let p = Arc::new(Program::from_bytes(bytes).expect("the program itself is fine"));
    Method::load(p, "forward", reg).expect_err("hostile payload refused")
}

#[test]
fn hostile_vulkan_payloads_are_clean_errors() {
    if !gpu_present() {
        return;
    }
    let reg = registry();
    // The round trip through our writer is itself fine.
    let same = with_graph("add_mul", |_| {});
    let p = Arc::new(Program::from_bytes(same).expect("program"));
    Method::load(p, "forward", &reg).expect("an unchanged graph loads");

    let cases: Vec<(&str, Vec<u8>, ErrorKind, &str)> = vec![
        (
            "truncated",
            with_blob_of("add_mul", "vulkan", None, |b| b[..20].to_vec()),
            ErrorKind::DelegateInvalidCompatibility,
            "shorter than its VH00 header",
        ),
        (
            "wrong magic",
            with_blob_of("add_mul", "vulkan", None, |mut b| {
                b[4..8].copy_from_slice(b"XH00");
                b
            }),
            ErrorKind::DelegateInvalidCompatibility,
            "magic",
        ),
        (
            "wrong identifier",
            with_blob_of("add_mul", "vulkan", None, |mut b| {
                let at = u32::from_le_bytes(b[10..14].try_into().expect("4")) as usize;
                b[at + 4..at + 8].copy_from_slice(b"XN01");
                b
            }),
            ErrorKind::DelegateInvalidCompatibility,
            "VK00",
        ),
        (
            "value id out of range",
            with_graph("add_mul", |g| {
                g.chain.as_mut().expect("chain")[0]
                    .args
                    .as_mut()
                    .expect("args")[0] = 1_000_000;
            }),
            ErrorKind::DelegateInvalidCompatibility,
            "1000000",
        ),
        (
            "overflowing dims",
            with_graph("add_mul", |g| {
                let id = g.input_ids.as_ref().expect("inputs")[0] as usize;
                if let Some(vfb::GraphTypes::VkTensor(t)) =
                    &mut g.values.as_mut().expect("values")[id].value
                {
                    t.dims = Some(vec![u32::MAX, u32::MAX, u32::MAX, u32::MAX]);
                }
            }),
            ErrorKind::DelegateInvalidCompatibility,
            "",
        ),
        (
            "missing named-data key",
            with_graph("mlp", |g| {
                for c in g.constants.as_mut().expect("constants") {
                    if c.named_key.is_some() {
                        c.named_key = Some("no-such-key".into());
                    }
                }
            }),
            ErrorKind::NotFound,
            "no-such-key",
        ),
        (
            "unknown operator",
            with_graph("add_mul", |g| {
                g.chain.as_mut().expect("chain")[0].name = Some("aten.frobnicate.default".into());
            }),
            ErrorKind::NotSupported,
            "aten.frobnicate.default",
        ),
    ];
    for (what, bytes, kind, want) in cases {
        let e = load_error(&reg, bytes);
        println!("{what}: {e}");
        assert_eq!(e.kind, kind, "{what}: {e}");
        let msg = e.to_string();
        assert!(msg.contains(want), "{what}: {msg}");
        assert!(msg.contains("vulkan.wasm"), "{what}: {msg}");
        assert_eq!(
            e.context.backend.as_deref(),
            Some("VulkanBackend"),
            "{what}"
        );
        // The backend and the device survive.
        check_against_eager_in(&reg, &fixtures().join("add_mul"), "add_mul", "vulkan", ATOL);
    }
}
