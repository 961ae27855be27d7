//! Hostile `.pte` input: truncated files, wrong identifiers, out-of-range offsets,
//! memory ids and value indices, overflowing sizes, rank 17, and random corruption.
//! Each gives a clear error, nothing panics, and a good program still runs afterwards.

use plugboard::program::schema::executorch_flatbuffer as fb;
use plugboard::{ErrorKind, Program};
use plugboard_tests::{
    fixtures, max_abs_diff, parse_pte, pte, read_numbered, registry, run, write_pte,
};
use proptest::prelude::*;

fn cnn_bytes() -> Vec<u8> {
    std::fs::read(pte("cnn", "portable")).expect("cnn fixture")
}

fn load_err(bytes: Vec<u8>) -> plugboard::Error {
    match Program::from_bytes(bytes) {
        Ok(p) => {
            // Some corruptions only show when the method is loaded.
            let reg = registry();
            plugboard::Method::load(std::sync::Arc::new(p), "forward", &reg)
                .expect_err("corrupt program loaded")
        }
        Err(e) => e,
    }
}

fn good_run_still_works() {
    let dir = fixtures().join("cnn");
    let out = run(
        &registry(),
        &pte("cnn", "portable"),
        &read_numbered(&dir, "input"),
    )
    .expect("good run");
    let d = max_abs_diff(
        out[0].as_tensor().expect("tensor"),
        &read_numbered(&dir, "expected")[0],
    )
    .expect("cmp");
    assert!(d <= 1e-4);
}

/// Applies `f` to the first tensor value that satisfies `pick` in the first plan.
fn mutate_tensor(
    p: &mut fb::Program,
    pick: impl Fn(&fb::Tensor) -> bool,
    f: impl FnOnce(&mut fb::Tensor),
) {
    let plan = &mut p.execution_plan.as_mut().expect("plans")[0];
    for v in plan.values.as_mut().expect("values") {
        if let Some(fb::KernelTypes::Tensor(t)) = &mut v.val {
            if pick(t) {
                f(t);
                return;
            }
        }
    }
    panic!("no tensor matched");
}

fn with_program(f: impl FnOnce(&mut fb::Program)) -> Vec<u8> {
    let (mut p, segs) = parse_pte(&cnn_bytes());
    f(&mut p);
    write_pte(&p, &segs)
}

#[test]
fn rewritten_program_is_still_valid() {
    // The writer used by the other tests produces a loadable, runnable program.
    let bytes = with_program(|_| {});
    let p = Program::from_bytes(bytes).expect("rewritten program loads");
    assert_eq!(p.method_names(), vec!["forward"]);
}

#[test]
fn truncated_files() {
    let bytes = cnn_bytes();
    let n = bytes.len();
    for len in [
        0,
        1,
        4,
        7,
        8,
        12,
        20,
        40,
        64,
        200,
        n / 3,
        n / 2,
        n - 100,
        n - 1,
    ] {
        let e = load_err(bytes[..len].to_vec());
        println!("{len:>6} bytes: {e}");
        assert!(matches!(e.kind, ErrorKind::InvalidProgram), "{len}: {e}");
    }
    good_run_still_works();
}

#[test]
fn wrong_identifier() {
    let mut bytes = cnn_bytes();
    bytes[4..8].copy_from_slice(b"PK\x03\x04");
    let e = load_err(bytes);
    assert!(e.to_string().contains("not an ExecuTorch program"), "{e}");
}

#[test]
fn other_program_version() {
    let mut bytes = cnn_bytes();
    bytes[4..8].copy_from_slice(b"ET99");
    let e = load_err(bytes);
    assert!(
        e.to_string().contains("incompatible program version"),
        "{e}"
    );
    assert!(e.to_string().contains("ET99"), "{e}");
}

#[test]
fn segment_offset_out_of_range() {
    let bytes = with_program(|p| {
        let segs = p.segments.as_mut().expect("cnn has segments");
        segs[0].offset = u64::MAX - 8;
    });
    let e = load_err(bytes);
    println!("{e}");
    assert!(e.to_string().contains("segment 0"), "{e}");
    let bytes = with_program(|p| {
        let segs = p.segments.as_mut().expect("cnn has segments");
        segs[0].size = 1 << 40;
    });
    let e = load_err(bytes);
    assert!(e.to_string().contains("outside"), "{e}");
    good_run_still_works();
}

#[test]
fn memory_id_zero_and_out_of_range() {
    for id in [0u32, 7, u32::MAX] {
        let bytes = with_program(|p| {
            mutate_tensor(
                p,
                |t| t.allocation_info.is_some(),
                |t| {
                    t.allocation_info.as_mut().expect("planned").memory_id = id;
                },
            )
        });
        let e = load_err(bytes);
        println!("{e}");
        assert!(e.to_string().contains(&format!("memory id {id}")), "{e}");
    }
}

#[test]
fn planned_offset_past_buffer() {
    let bytes = with_program(|p| {
        mutate_tensor(
            p,
            |t| t.allocation_info.is_some(),
            |t| {
                let a = t.allocation_info.as_mut().expect("planned");
                a.memory_offset_high = u32::MAX;
                a.memory_offset_low = u32::MAX;
            },
        )
    });
    let e = load_err(bytes);
    assert!(e.to_string().contains("does not fit planned buffer"), "{e}");
}

#[test]
fn sizes_that_overflow() {
    let bytes = with_program(|p| {
        mutate_tensor(
            p,
            |t| t.allocation_info.is_some(),
            |t| {
                t.sizes = Some(vec![i32::MAX, i32::MAX, i32::MAX, i32::MAX]);
                t.dim_order = Some(vec![0, 1, 2, 3]);
            },
        )
    });
    let e = load_err(bytes);
    println!("{e}");
    assert!(e.to_string().contains("overflow"), "{e}");
    let bytes = with_program(|p| mutate_tensor(p, |_| true, |t| t.sizes = Some(vec![-5, 3])));
    let e = load_err(bytes);
    assert!(e.to_string().contains("negative"), "{e}");
}

#[test]
fn rank_17() {
    let bytes = with_program(|p| {
        mutate_tensor(
            p,
            |_| true,
            |t| {
                t.sizes = Some(vec![1; 17]);
                t.dim_order = Some((0..17).collect());
            },
        )
    });
    let e = load_err(bytes);
    assert!(e.to_string().contains("rank 17"), "{e}");
}

#[test]
fn bad_dim_order() {
    let bytes = with_program(|p| {
        mutate_tensor(
            p,
            |t| t.sizes.as_ref().is_some_and(|s| s.len() == 4),
            |t| t.dim_order = Some(vec![0, 1, 1, 3]),
        )
    });
    let e = load_err(bytes);
    assert!(e.to_string().contains("permutation"), "{e}");
}

#[test]
fn bad_value_indices() {
    // A kernel argument past the value table.
    let bytes = with_program(|p| {
        let plan = &mut p.execution_plan.as_mut().expect("plans")[0];
        let chain = &mut plan.chains.as_mut().expect("chains")[0];
        let ins = &mut chain.instructions.as_mut().expect("instructions")[0];
        if let Some(fb::InstructionArguments::KernelCall(k)) = &mut ins.instr_args {
            k.args.as_mut().expect("args")[0] = 1_000_000;
        }
    });
    let e = load_err(bytes);
    println!("{e}");
    assert!(
        e.to_string().contains("argument value index 1000000"),
        "{e}"
    );
    assert_eq!(e.context.instruction, Some(0));
    // An operator index past the operator table.
    let bytes = with_program(|p| {
        let plan = &mut p.execution_plan.as_mut().expect("plans")[0];
        let chain = &mut plan.chains.as_mut().expect("chains")[0];
        let ins = &mut chain.instructions.as_mut().expect("instructions")[0];
        if let Some(fb::InstructionArguments::KernelCall(k)) = &mut ins.instr_args {
            k.op_index = -1;
        }
    });
    assert!(load_err(bytes).to_string().contains("operator index -1"));
    // A method input past the value table.
    let bytes =
        with_program(|p| p.execution_plan.as_mut().expect("plans")[0].inputs = Some(vec![-3]));
    assert!(load_err(bytes).to_string().contains("input value index -3"));
    // An int list whose item is not an Int value.
    let bytes = with_program(|p| {
        let plan = &mut p.execution_plan.as_mut().expect("plans")[0];
        let tensor_index = plan
            .values
            .as_ref()
            .expect("values")
            .iter()
            .position(|v| matches!(v.val, Some(fb::KernelTypes::Tensor(_))))
            .expect("a tensor") as i64;
        for v in plan.values.as_mut().expect("values") {
            if let Some(fb::KernelTypes::IntList(l)) = &mut v.val {
                l.items = Some(vec![tensor_index]);
                return;
            }
        }
        panic!("cnn has an int list");
    });
    assert!(load_err(bytes).to_string().contains("not an Int"));
    good_run_still_works();
}

#[test]
fn constant_out_of_range() {
    let bytes = with_program(|p| {
        let cs = p.constant_segment.as_mut().expect("constant segment");
        for o in cs.offsets.as_mut().expect("offsets").iter_mut().skip(1) {
            *o = u64::MAX - 3;
        }
    });
    let e = load_err(bytes);
    println!("{e}");
    assert!(e.to_string().contains("constant"), "{e}");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, failure_persistence: None, .. ProptestConfig::default() })]

    /// Random byte corruption never panics: the program either loads (and then loads
    /// as a method or fails cleanly) or is rejected with an error.
    #[test]
    fn random_corruption_never_panics(edits in proptest::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 1..16)) {
        let mut bytes = cnn_bytes();
        for (i, b) in edits {
            let i = i.index(bytes.len());
            bytes[i] = b;
        }
        if let Ok(p) = Program::from_bytes(bytes) {
            let _ = plugboard::Method::load(std::sync::Arc::new(p), "forward", &registry());
        }
    }
}
