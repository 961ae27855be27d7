//! `plugboard run --profile`: the trace is valid Trace Event Format JSON (what Perfetto
//! and chrome://tracing open), its spans nest on their one track, the instructions
//! inside each execute cover at least 95% of it, and backends' own steps (XNNPACK graph
//! nodes, Vulkan phases) appear inside their delegate calls. `--profile-summary`
//! prints the table.

use std::path::{Path, PathBuf};
use std::process::Command;

use plugboard_tests::{fixtures, gpu_present, plugboard_bin, pte};

/// A complete (`"X"`) event of the trace.
#[derive(Debug)]
struct Span {
    name: String,
    cat: String,
    ts: f64,
    dur: f64,
}

/// Checks `json` against the Trace Event Format (JSON object form) and returns its
/// complete events. Every event has a string `name`, a `ph`, integer `pid` and `tid`;
/// complete events have a string `cat` and non-negative numeric `ts` and `dur`;
/// metadata events (`M`) name the thread.
fn parse_trace(json: &str) -> Vec<Span> {
    let v: serde_json::Value = serde_json::from_str(json).expect("the trace is JSON");
    let events = v["traceEvents"].as_array().expect("a traceEvents array");
    assert!(
        v["displayTimeUnit"]
            .as_str()
            .is_some_and(|u| u == "ms" || u == "ns"),
        "displayTimeUnit is ms or ns"
    );
    let mut spans = Vec::new();
    let mut thread_named = false;
    for e in events {
        let name = e["name"].as_str().expect("every event has a string name");
        assert!(
            e["pid"].is_u64() && e["tid"].is_u64(),
            "integer pid and tid: {e}"
        );
        match e["ph"].as_str().expect("every event has a ph") {
            "M" => {
                assert_eq!(name, "thread_name", "{e}");
                assert!(e["args"]["name"].is_string(), "{e}");
                thread_named = true;
            }
            "X" => {
                let ts = e["ts"].as_f64().expect("numeric ts");
                let dur = e["dur"].as_f64().expect("numeric dur");
                assert!(ts >= 0.0 && dur >= 0.0, "{e}");
                let cat = e["cat"].as_str().expect("a string cat").to_string();
                spans.push(Span {
                    name: name.to_string(),
                    cat,
                    ts,
                    dur,
                });
            }
            other => panic!("unexpected phase {other}: {e}"),
        }
    }
    assert!(thread_named, "the thread is named");
    spans
}

/// Spans on one track must nest: each lies inside the enclosing open one, or after it.
fn assert_nested(spans: &[Span]) {
    const EPS: f64 = 0.01; // microseconds of float rounding
    let mut sorted: Vec<&Span> = spans.iter().collect();
    sorted.sort_by(|a, b| a.ts.total_cmp(&b.ts).then(b.dur.total_cmp(&a.dur)));
    let mut open: Vec<&Span> = Vec::new();
    for s in sorted {
        while open.last().is_some_and(|p| s.ts >= p.ts + p.dur - EPS) {
            open.pop();
        }
        if let Some(p) = open.last() {
            assert!(
                s.ts + s.dur <= p.ts + p.dur + EPS,
                "{} ({}) at {}+{} overlaps its parent {} at {}+{}",
                s.name,
                s.cat,
                s.ts,
                s.dur,
                p.name,
                p.ts,
                p.dur
            );
        }
        open.push(s);
    }
}

/// Runs `plugboard run MODEL --repeat N --profile TRACE --profile-summary`; returns the
/// trace's spans and the CLI's stdout.
fn profile(model: &Path, inputs: &[PathBuf], repeat: u32) -> (Vec<Span>, String) {
    let trace = std::env::temp_dir().join(format!(
        "plugboard-profile-{}-{}.json",
        std::process::id(),
        model
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or("model")
    ));
    let mut cmd = Command::new(plugboard_bin());
    cmd.arg("run").arg(model);
    for i in inputs {
        cmd.arg("-i").arg(i);
    }
    let out = cmd
        .args([
            "--repeat",
            &repeat.to_string(),
            "--profile-summary",
            "--profile",
        ])
        .arg(&trace)
        .env("XDG_RUNTIME_DIR", std::env::temp_dir())
        .output()
        .expect("run plugboard");
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        out.status.success(),
        "{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let json = std::fs::read_to_string(&trace).expect("the trace was written");
    let _ = std::fs::remove_file(&trace);
    (parse_trace(&json), stdout)
}

/// Of the time inside `execute` spans, the part covered by instruction spans.
fn coverage(spans: &[Span]) -> f64 {
    let total: f64 = spans
        .iter()
        .filter(|s| s.cat == "execute")
        .map(|s| s.dur)
        .sum();
    let covered: f64 = spans
        .iter()
        .filter(|s| matches!(s.cat.as_str(), "kernel" | "delegate" | "control"))
        .map(|s| s.dur)
        .sum();
    covered / total
}

fn check_program(model: &str, variant: &str, repeat: u32) -> Vec<Span> {
    let dir = fixtures().join(model);
    let inputs: Vec<PathBuf> = (0..)
        .map(|i| dir.join(format!("input{i}.npy")))
        .take_while(|p| p.exists())
        .collect();
    let (spans, stdout) = profile(&pte(model, variant), &inputs, repeat);
    assert_nested(&spans);
    let executes = spans.iter().filter(|s| s.cat == "execute").count();
    assert_eq!(executes, repeat as usize, "one execute span per run");
    let c = coverage(&spans);
    println!(
        "{model}.{variant}: {} spans, instructions cover {:.1}% of the execute time",
        spans.len(),
        c * 100.0
    );
    assert!(
        c >= 0.95,
        "{model}.{variant}: instructions cover only {:.1}%",
        c * 100.0
    );
    assert!(
        stdout.contains("% exec"),
        "the summary table is printed: {stdout}"
    );
    spans
}

#[test]
fn portable_trace_times_every_batched_kernel_call() {
    let spans = check_program("tiny_transformer", "portable", 10);
    // Batched kernel calls are timed one by one: every KernelCall of each run that
    // runs it.
    let program = std::sync::Arc::new(
        plugboard::Program::from_file(pte("tiny_transformer", "portable")).expect("program"),
    );
    let plan = program.plan("forward").expect("forward");
    let calls = plan
        .instructions
        .iter()
        .filter(|i| matches!(i, plugboard::program::Instruction::Kernel { .. }))
        .count();
    // Calls computed from constants run in the first execute only (method/folding.rs);
    // byte-moving calls whose outputs can point at their input's bytes never run
    // (method/copy_elision.rs).
    let m = plugboard::Method::load(program.clone(), "forward", &plugboard_tests::registry())
        .expect("method");
    let (folded, elided) = (m.folded_calls(), m.elided_copies());
    assert!(folded > 0, "tiny_transformer's weight transposes fold");
    let kernels: Vec<&Span> = spans.iter().filter(|s| s.cat == "kernel").collect();
    assert_eq!(
        kernels.len(),
        calls - elided + 9 * (calls - folded - elided)
    );
    assert!(kernels.iter().all(|s| plan.operators.contains(&s.name)));
}

#[test]
fn xnnpack_trace_shows_graph_nodes_inside_the_delegate() {
    for model in ["tiny_transformer", "cnn"] {
        let spans = check_program(model, "xnnpack", 10);
        let nodes: Vec<&Span> = spans.iter().filter(|s| s.cat == "node").collect();
        assert!(
            !nodes.is_empty(),
            "{model}: the XNNPACK backend reports its nodes"
        );
        assert!(spans.iter().any(|s| s.cat == "copy" && s.name == "copy in"));
        if model == "cnn" {
            assert!(
                nodes.iter().any(|s| s.name.starts_with("Conv2d")),
                "{nodes:?}"
            );
        }
    }
}

/// The activations the XNNPACK backend fuses into convolutions show as such in the
/// trace: `conv_act`'s SiLU and hardswish never run as nodes of their own.
#[test]
fn xnnpack_fuses_activations_into_convolutions() {
    let spans = check_program("conv_act", "xnnpack", 2);
    let nodes: Vec<&str> = spans
        .iter()
        .filter(|s| s.cat == "node")
        .map(|s| s.name.as_str())
        .collect();
    assert!(
        nodes.iter().any(|n| n.starts_with("Conv2d+SiLU")),
        "{nodes:?}"
    );
    assert!(
        !nodes
            .iter()
            .any(|n| n.starts_with("Sigmoid") || n.starts_with("Hardswish")),
        "{nodes:?}"
    );
}

#[test]
fn vulkan_trace_shows_the_gpu_run() {
    if !gpu_present() {
        return;
    }
    let spans = check_program("cnn", "vulkan", 3);
    assert!(spans
        .iter()
        .any(|s| s.cat == "node" && s.name.starts_with("gpu run")));
}

/// The exported (not committed) program `dir/<model>.<variant>.pte`, when present: its
/// trace nests and covers at least 95% of the execute time.
fn check_exported(dir: &Path, model: &str, variant: &str, repeat: u32) {
    let path = dir.join(format!("{model}.{variant}.pte"));
    if !path.exists() {
        println!("skipped: {} is not exported", path.display());
        return;
    }
    let (spans, _) = profile(&path, &[dir.join("input0.npy")], repeat);
    assert_nested(&spans);
    let c = coverage(&spans);
    println!(
        "{model}.{variant}: instructions cover {:.1}% of the execute time",
        c * 100.0
    );
    assert!(c >= 0.95, "{model}.{variant}: {:.1}%", c * 100.0);
}

/// resnet18 (XNNPACK) when `export.py --large` has made it.
#[test]
fn large_resnet18_when_present() {
    check_exported(
        &fixtures().join("large").join("resnet18"),
        "resnet18",
        "xnnpack",
        3,
    );
}

/// tiny BERT (portable and XNNPACK) when `export.py --zoo` has made it.
#[test]
fn zoo_tiny_bert_when_present() {
    for variant in ["portable", "xnnpack"] {
        check_exported(
            &fixtures().join("zoo").join("tiny_bert"),
            "tiny_bert",
            variant,
            10,
        );
    }
}
