//! Byte-moving operators run by the host (host/src/method/host_copy.rs): `view_copy`,
//! `squeeze_copy`, `unsqueeze_copy`, `split_with_sizes_copy`, `select_copy` and
//! `slice_copy` calls move their bytes
//! inside a 2.x kernel library's memory without a call into it. The outputs must match
//! eager PyTorch (fp32) or ExecuTorch's runtime (int8, bit for bit), and be the bytes
//! the kernel library computes for the same calls (`set_host_copies(false)`). A 1.x
//! kernel library, whose memory the host does not write, and an operator a library took
//! over (`--override-kernels`) get every call, as before.

use std::sync::Arc;

use plugboard::program::Instruction;
use plugboard::registry::LoadOptions;
use plugboard::{EValue, Method, Program, Registry, Tensor};
use plugboard_tests::{fixtures, pte, read_numbered, registry, test_component};

const MOVERS: &[&str] = &[
    "aten::view_copy.out",
    "aten::squeeze_copy.dims_out",
    "aten::unsqueeze_copy.out",
    "aten::split_with_sizes_copy.out",
    "aten::select_copy.int_out",
    "aten::slice_copy.Tensor_out",
];

/// Calls of byte-moving operators in `m`'s plan (a `slice_copy` only with step 1, the
/// slices the host runs).
fn mover_calls(m: &Method) -> u64 {
    let plan = m.plan();
    plan.instructions
        .iter()
        .filter(|i| match i {
            Instruction::Kernel { op, args } => {
                let name = plan.operators[*op].as_str();
                MOVERS.contains(&name)
                    && (name != "aten::slice_copy.Tensor_out"
                        || matches!(
                            args.get(4).map(|&v| &plan.values[v]),
                            Some(plugboard::program::ValueDef::Int(1))
                        ))
            }
            _ => false,
        })
        .count() as u64
}

/// Runs `model.variant` on its fixture inputs with host copies `on`; returns the
/// outputs, the calls the host ran in the first execute (which runs every call; later
/// ones skip the folded calls) and the byte-moving calls in the plan.
fn run(reg: &Registry, model: &str, variant: &str, on: bool) -> (Vec<Tensor>, u64, u64) {
    let (outs, by_host, movers, _) = run_counted(reg, model, variant, on);
    (outs, by_host, movers)
}

/// [`run`], and the calls the host skipped in the last execute (`copy_elision`).
fn run_counted(
    reg: &Registry,
    model: &str,
    variant: &str,
    on: bool,
) -> (Vec<Tensor>, u64, u64, u64) {
    let program = Arc::new(Program::from_file(pte(model, variant)).expect("program"));
    let mut m = Method::load(program, "forward", reg).expect("method");
    m.set_host_copies(on);
    let inputs = read_numbered(&fixtures().join(model), "input");
    let mut outs = Vec::new();
    let mut first = None;
    // Twice: the second execute skips the folded calls, and must still be right.
    for _ in 0..2 {
        for (i, t) in inputs.iter().enumerate() {
            m.set_input(i, EValue::Tensor(t.clone())).expect("input");
        }
        m.reset_copy_counters();
        m.execute()
            .unwrap_or_else(|e| panic!("{model}.{variant} (host copies {on}): {e}"));
        outs = m
            .outputs()
            .expect("outputs")
            .iter()
            .map(|o| o.as_tensor().expect("tensor").clone())
            .collect();
        first.get_or_insert(m.host_copied_calls());
    }
    let elided = m.elided_copy_calls();
    assert_eq!(
        elided,
        if on { m.elided_copies() as u64 } else { 0 },
        "{model}.{variant}: skipped calls against the plan's"
    );
    (outs, first.unwrap_or(0), mover_calls(&m), elided)
}

fn check(model: &str, variant: &str, got: &[Tensor]) {
    plugboard_tests::check_fixture_outputs(model, variant, got)
}

#[test]
fn byte_moving_calls_run_in_the_host_and_match_the_kernel_library() {
    let reg = registry();
    for (model, variant) in [
        ("ops_shape", "portable"),
        ("lstm", "xnnpack"),
        ("lstm", "xnnpack_q8"),
        ("gru", "xnnpack"),
        ("lstm", "portable"),
    ] {
        let (on, by_host, movers, elided) = run_counted(&reg, model, variant, true);
        let (off, none, _, _) = run_counted(&reg, model, variant, false);
        eprintln!("{model}.{variant}: {movers} byte-moving calls, {elided} skipped");
        assert!(movers > 0, "{model}.{variant}: no byte-moving call");
        // Every one of these programs' moves is static and contiguous.
        assert_eq!(by_host, movers, "{model}.{variant}: calls run by the host");
        assert_eq!(none, 0, "{model}.{variant}: host copies off");
        check(model, variant, &on);
        check(model, variant, &off);
        for (k, (a, b)) in on.iter().zip(&off).enumerate() {
            assert_eq!(
                a.data, b.data,
                "{model}.{variant} output {k}: host vs library"
            );
        }
    }
}

#[test]
fn a_1x_library_and_an_operator_taken_over_get_every_call() {
    // The portable library's 1.4 build: the host does not write its memory.
    let mut v1 = registry();
    v1.replace_file(
        "portable.wasm",
        &test_component("plugboard_test_portable_v1"),
    )
    .expect("the 1.4 build");
    let (outs, by_host, movers) = run(&v1, "lstm", "xnnpack", true);
    assert!(movers > 0);
    assert_eq!(by_host, 0, "a 1.x library's calls ran in the host");
    check("lstm", "xnnpack", &outs);

    // A second build of the portable library taking over every operator it provides.
    let mut over = registry();
    let bytes = plugboard_tests::hotswap::with_custom_section(
        plugboard_tests::hotswap::bundled("portable.wasm"),
        "host-copy-test",
    );
    let dir = plugboard_tests::hotswap::temp_dir("host_copy_override");
    let path = dir.join("portable-override.wasm");
    std::fs::write(&path, bytes).expect("write");
    over.load_file_with(
        &path,
        LoadOptions {
            override_operators: true,
        },
    )
    .expect("override");
    assert!(over
        .overrides()
        .iter()
        .any(|o| o.operator == "aten::squeeze_copy.dims_out"));
    let (outs, by_host, _) = run(&over, "lstm", "xnnpack", true);
    assert_eq!(by_host, 0, "calls of operators taken over ran in the host");
    check("lstm", "xnnpack", &outs);
}

/// The first output of `aten::unsqueeze_copy` in ops_shape given other sizes with the
/// same elements: a call the host must not run, and must fail as the kernel library
/// fails it.
#[test]
fn a_call_whose_sizes_do_not_follow_goes_to_the_library_and_fails_there() {
    use plugboard::program::schema::executorch_flatbuffer as fb;
    let bytes = std::fs::read(pte("ops_shape", "portable")).expect("fixture");
    let (mut p, segs) = plugboard_tests::parse_pte(&bytes);
    let plan = &mut p.execution_plan.as_mut().expect("plans")[0];
    let ops: Vec<String> = plan
        .operators
        .as_ref()
        .expect("operators")
        .iter()
        .map(|o| {
            format!(
                "{}.{}",
                o.name.clone().unwrap_or_default(),
                o.overload.clone().unwrap_or_default()
            )
        })
        .collect();
    let out = plan.chains.as_ref().expect("chains")[0]
        .instructions
        .as_ref()
        .expect("instructions")
        .iter()
        .find_map(|ins| match &ins.instr_args {
            Some(fb::InstructionArguments::KernelCall(k))
                if ops[k.op_index as usize] == "aten::unsqueeze_copy.out" =>
            {
                Some(k.args.as_ref().expect("args")[2] as usize)
            }
            _ => None,
        })
        .expect("an unsqueeze_copy call");
    let Some(fb::KernelTypes::Tensor(t)) = &mut plan.values.as_mut().expect("values")[out].val
    else {
        panic!("unsqueeze_copy's output is not a tensor")
    };
    let sizes = t.sizes.as_mut().expect("sizes");
    let before = sizes.clone();
    sizes.reverse();
    assert_ne!(*sizes, before, "sizes {before:?} read the same reversed");
    let bytes = plugboard_tests::write_pte(&p, &segs);
    let reg = registry();
    let inputs = read_numbered(&fixtures().join("ops_shape"), "input");
    let mut errors = Vec::new();
    for on in [true, false] {
        let program = Arc::new(Program::from_bytes(bytes.clone()).expect("program"));
        let mut m = Method::load(program, "forward", &reg).expect("method");
        m.set_host_copies(on);
        for (i, t) in inputs.iter().enumerate() {
            m.set_input(i, EValue::Tensor(t.clone())).expect("input");
        }
        let e = m.execute().expect_err("wrong sizes ran");
        println!("host copies {on}: {e}");
        errors.push(e.to_string());
    }
    assert_eq!(errors[0], errors[1]);
    assert!(errors[0].contains("unsqueeze_copy"), "{}", errors[0]);
}

/// Every fixture program with byte-moving calls, the zoo's included, gives the same
/// bytes with host copies on (calls moved, or skipped where their outputs can read
/// their input's bytes: `copy_elision`) and off (every call to the kernel library, each
/// output in its own planned bytes).
#[test]
fn skipped_calls_give_the_bytes_the_kernel_library_gives() {
    let reg = registry();
    let zoo = fixtures().join("zoo");
    let mut programs: Vec<(std::path::PathBuf, std::path::PathBuf)> = Vec::new();
    for variant in ["portable", "xnnpack", "xnnpack_q8"] {
        for (dir, name) in plugboard_tests::fixture_dirs(variant) {
            programs.push((dir.join(format!("{name}.{variant}.pte")), dir));
        }
        if let Ok(entries) = std::fs::read_dir(&zoo) {
            for e in entries.flatten() {
                let dir = e.path();
                let name = dir.file_name().and_then(|n| n.to_str()).unwrap_or("");
                let pte = dir.join(format!("{name}.{variant}.pte"));
                if pte.exists() {
                    programs.push((pte, dir));
                }
            }
        }
    }
    let (mut skipped, mut refused) = (0, 0);
    for (path, dir) in &programs {
        let program = Arc::new(Program::from_file(path).expect("program"));
        let mut outs = Vec::new();
        for on in [true, false] {
            let Ok(mut m) = Method::load(program.clone(), "forward", &reg) else {
                continue; // programs the registry cannot run are other tests' subject
            };
            if mover_calls(&m) == 0 {
                break;
            }
            m.set_host_copies(on);
            let inputs = read_numbered(dir, "input");
            let mut got = Vec::new();
            for _ in 0..2 {
                for (i, t) in inputs.iter().enumerate() {
                    m.set_input(i, EValue::Tensor(t.clone())).expect("input");
                }
                m.execute()
                    .unwrap_or_else(|e| panic!("{} (host copies {on}): {e}", path.display()));
                got = m
                    .outputs()
                    .expect("outputs")
                    .iter()
                    .map(|o| o.as_tensor().expect("tensor").clone())
                    .collect();
            }
            if on {
                skipped += m.elided_copies();
                refused += mover_calls(&m) as usize - m.elided_copies();
            }
            outs.push(got);
        }
        if let [on, off] = &outs[..] {
            for (k, (a, b)) in on.iter().zip(off).enumerate() {
                assert_eq!(a.data, b.data, "{} output {k}", path.display());
            }
        }
    }
    eprintln!(
        "{} programs: {skipped} calls skipped, {refused} not",
        programs.len()
    );
    // Both kinds occur in these programs: the comparison covers each.
    assert!(
        skipped > 0 && refused > 0,
        "{skipped} skipped, {refused} not"
    );
}
