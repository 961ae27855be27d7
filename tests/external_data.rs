//! External data (FlatTensor `.ptd` files): the `*_ext` fixtures, exported by
//! ExecuTorch 1.5.1 with their weights in a `.ptd` next to the `.pte`, run with it and
//! match eager PyTorch (portable 1e-5, XNNPACK 1e-4) and the same program with its
//! weights inside; without their `.ptd` they fail at method load naming a key; hostile
//! `.ptd` files are clean errors naming the file.

use std::path::PathBuf;
use std::sync::Arc;

use planus::ReadAsRoot;
use plugboard::program::flat_tensor_schema::flat_tensor_flatbuffer as ft;
use plugboard::program::FlatTensor;
use plugboard::{EValue, ErrorKind, Method, Program, Registry, Tensor};
use plugboard_tests::{fixtures, max_abs_diff, plugboard_bin, pte, read_numbered, registry};

fn ptd(model: &str, variant: &str) -> PathBuf {
    fixtures()
        .join(model)
        .join(format!("{model}.{variant}.ptd"))
}

fn run_program(
    reg: &Registry,
    program: Program,
    inputs: &[Tensor],
) -> plugboard::Result<Vec<Tensor>> {
    let mut m = Method::load(Arc::new(program), "forward", reg)?;
    for (i, t) in inputs.iter().enumerate() {
        m.set_input(i, EValue::Tensor(t.clone()))?;
    }
    m.execute()?;
    Ok(m.outputs()?
        .into_iter()
        .map(|o| o.as_tensor().expect("tensor output").clone())
        .collect())
}

/// Runs `model.variant` with its `.ptd` and checks it against eager PyTorch and
/// ExecuTorch's own runtime on the same files; returns the outputs.
fn check(reg: &Registry, model: &str, variant: &str, atol: f64) -> Vec<Tensor> {
    let dir = fixtures().join(model);
    let program = Program::from_file_with_data(pte(model, variant), ptd(model, variant))
        .unwrap_or_else(|e| panic!("{model}.{variant}: {e}"));
    let inputs = read_numbered(&dir, "input");
    let outputs =
        run_program(reg, program, &inputs).unwrap_or_else(|e| panic!("{model}.{variant}: {e}"));
    for (reference, tol) in [("expected", atol), (&*format!("et_{variant}_output"), atol)] {
        let want = read_numbered(&dir, reference);
        assert_eq!(outputs.len(), want.len(), "{model}.{variant}: outputs");
        for (i, (o, w)) in outputs.iter().zip(&want).enumerate() {
            let d = max_abs_diff(o, w).unwrap_or_else(|m| panic!("{model}.{variant} {i}: {m}"));
            println!("{model}.{variant} output {i} vs {reference}: max abs diff {d:.3e}");
            assert!(
                d <= tol,
                "{model}.{variant} output {i} vs {reference}: {d} > {tol}"
            );
        }
    }
    outputs
}

fn assert_same(a: &[Tensor], b: &[Tensor], what: &str) {
    assert_eq!(a.len(), b.len(), "{what}");
    for (i, (x, y)) in a.iter().zip(b).enumerate() {
        assert_eq!(max_abs_diff(x, y), Ok(0.0), "{what}: output {i}");
    }
}

#[test]
fn portable_ext_matches_eager_and_the_in_file_program() {
    let reg = registry();
    for model in ["mlp", "cnn"] {
        let ext = check(&reg, model, "portable_ext", 1e-5);
        let inputs = read_numbered(&fixtures().join(model), "input");
        let inside = run_program(
            &reg,
            Program::from_file(pte(model, "portable")).expect("program"),
            &inputs,
        )
        .expect("in-file program");
        // Same kernels, same weights: the same bits.
        assert_same(&ext, &inside, model);
    }
}

#[test]
fn xnnpack_ext_matches_eager_and_the_in_file_program() {
    let reg = registry();
    for model in ["mlp", "cnn"] {
        let ext = check(&reg, model, "xnnpack_ext", 1e-4);
        let inputs = read_numbered(&fixtures().join(model), "input");
        let inside = run_program(
            &reg,
            Program::from_file(pte(model, "xnnpack")).expect("program"),
            &inputs,
        )
        .expect("in-file program");
        assert_same(&ext, &inside, model);
    }
}

/// The `.ptd` holds what the `.pte` no longer does: the portable program's constant
/// tensors are all `EXTERNAL`, the XNNPACK program's named data is all in the `.ptd`.
#[test]
fn the_ext_programs_keep_their_weights_outside() {
    use plugboard::program::{TensorData, ValueDef};
    let p = Program::from_file(pte("mlp", "portable_ext")).expect("program");
    let keys: Vec<&str> = p.plans()[0]
        .values
        .iter()
        .filter_map(|v| match v {
            ValueDef::Tensor(t) => match &t.data {
                TensorData::External { key } => Some(key.as_str()),
                TensorData::Constant { .. } | TensorData::InlineConstant { .. } => {
                    panic!("an in-file constant")
                }
                _ => None,
            },
            _ => None,
        })
        .collect();
    assert_eq!(keys, ["fc1.weight", "fc1.bias", "fc2.weight", "fc2.bias"]);
    let data = FlatTensor::from_file(ptd("mlp", "portable_ext")).expect("ptd");
    let sizes: Vec<(String, usize)> = data.named_data_keys();
    assert_eq!(
        sizes,
        [
            ("fc1.weight".to_string(), 128 * 64 * 4),
            ("fc1.bias".to_string(), 128 * 4),
            ("fc2.weight".to_string(), 10 * 128 * 4),
            ("fc2.bias".to_string(), 10 * 4),
        ]
    );
    let x = Program::from_file(pte("mlp", "xnnpack_ext")).expect("program");
    assert!(x.named_data_keys().is_empty(), "{:?}", x.named_data_keys());
    let xd = FlatTensor::from_file(ptd("mlp", "xnnpack_ext")).expect("ptd");
    assert_eq!(xd.named_data_keys().len(), 4);
}

#[test]
fn missing_external_data_names_the_key() {
    let reg = registry();
    let p = Arc::new(Program::from_file(pte("mlp", "portable_ext")).expect("program"));
    let e = Method::load(p, "forward", &reg).expect_err("needs its .ptd");
    assert_eq!(e.kind, ErrorKind::NotFound, "{e}");
    assert!(e.message.contains("`fc1.weight`"), "{e}");
    assert!(e.message.contains("no external data is loaded"), "{e}");

    // The wrong .ptd: the key is not there.
    let mut p = Program::from_file(pte("mlp", "portable_ext")).expect("program");
    p.add_external_data(FlatTensor::from_file(ptd("cnn", "portable_ext")).expect("ptd"))
        .expect("attach");
    let e = Method::load(Arc::new(p), "forward", &reg).expect_err("wrong .ptd");
    assert_eq!(e.kind, ErrorKind::NotFound, "{e}");
    assert!(
        e.message.contains("`fc1.weight`") && e.message.contains("cnn.portable_ext.ptd"),
        "{e}"
    );

    // XNNPACK asks for its weights by key through named data.
    let keys: Vec<String> = FlatTensor::from_file(ptd("mlp", "xnnpack_ext"))
        .expect("ptd")
        .named_data_keys()
        .into_iter()
        .map(|k| k.0)
        .collect();
    let p = Arc::new(Program::from_file(pte("mlp", "xnnpack_ext")).expect("program"));
    let e = Method::load(p, "forward", &reg).expect_err("needs its .ptd");
    assert_eq!(e.kind, ErrorKind::NotFound, "{e}");
    assert!(keys.iter().any(|k| e.message.contains(k.as_str())), "{e}");
    assert!(e.message.contains("external data"), "{e}");
}

#[test]
fn a_key_in_two_places_is_refused() {
    let mut p = Program::from_file(pte("mlp", "portable_ext")).expect("program");
    p.add_external_data(FlatTensor::from_file(ptd("mlp", "portable_ext")).expect("ptd"))
        .expect("attach");
    let e = p
        .add_external_data(FlatTensor::from_file(ptd("mlp", "portable_ext")).expect("ptd"))
        .expect_err("same keys twice");
    assert_eq!(e.kind, ErrorKind::InvalidExternalData, "{e}");
    assert!(e.message.contains("fc1.weight"), "{e}");
}

// ---- hostile .ptd files ----------------------------------------------------

/// The fixture's FlatBuffer tree and segment data.
fn parse_ptd(bytes: &[u8]) -> (ft::FlatTensor, Vec<u8>) {
    let u64_at = |o: usize| u64::from_le_bytes(bytes[o..o + 8].try_into().expect("u64"));
    let (fb_end, base) = ((u64_at(16) + u64_at(24)) as usize, u64_at(32) as usize);
    let root = ft::FlatTensorRef::read_as_root(&bytes[..fb_end]).expect("flatbuffer");
    (
        ft::FlatTensor::try_from(root).expect("owned"),
        bytes[base..].to_vec(),
    )
}

/// Serializes `table` as a `.ptd`: the FlatBuffer with identifier `FT01`, an `FH01`
/// header and `segment_data` at a 16-byte aligned base. The identifier, the header and
/// 4 bytes of padding go after the root offset, which moves the tree 48 bytes back (a
/// multiple of 8: alignment kept; inner offsets are relative).
fn write_ptd(table: &ft::FlatTensor, segment_data: &[u8]) -> Vec<u8> {
    let mut b = planus::Builder::new();
    let flat = b.finish(table, None).to_vec();
    const SHIFT: usize = 48;
    let root = u32::from_le_bytes(flat[0..4].try_into().expect("root")) + SHIFT as u32;
    let fb_end = (flat.len() + SHIFT) as u64;
    let base = fb_end.next_multiple_of(16);
    let mut out = Vec::new();
    out.extend_from_slice(&root.to_le_bytes());
    out.extend_from_slice(b"FT01");
    out.extend_from_slice(b"FH01");
    out.extend_from_slice(&40u32.to_le_bytes());
    for v in [48, fb_end - 48, base, segment_data.len() as u64] {
        out.extend_from_slice(&v.to_le_bytes());
    }
    out.extend_from_slice(&[0; 4]);
    out.extend_from_slice(&flat[4..]);
    out.resize(base as usize, 0);
    out.extend_from_slice(segment_data);
    out
}

fn fixture_ptd() -> Vec<u8> {
    std::fs::read(ptd("mlp", "portable_ext")).expect("fixture")
}

/// Loads `bytes` as the `.ptd` of `mlp.portable_ext` and loads its method.
fn load_with(bytes: Vec<u8>) -> plugboard::Result<Vec<Tensor>> {
    let data = FlatTensor::from_bytes_named(bytes, "hostile.ptd")?;
    let mut p = Program::from_file(pte("mlp", "portable_ext"))?;
    p.add_external_data(data)?;
    run_program(
        &registry(),
        p,
        &read_numbered(&fixtures().join("mlp"), "input"),
    )
}

fn assert_refused(bytes: Vec<u8>, kind: ErrorKind, needle: &str, what: &str) {
    match load_with(bytes) {
        Ok(_) => panic!("{what}: loaded"),
        Err(e) => {
            println!("{what}: {e}");
            assert_eq!(e.kind, kind, "{what}: {e}");
            assert!(e.message.contains(needle), "{what}: {e}");
            assert_eq!(
                e.context.file.as_deref(),
                Some(std::path::Path::new("hostile.ptd")),
                "{what}: {e}"
            );
        }
    }
}

#[test]
fn rewritten_ptd_still_runs() {
    let (table, segs) = parse_ptd(&fixture_ptd());
    let outputs = load_with(write_ptd(&table, &segs)).expect("rewritten .ptd");
    let want = read_numbered(&fixtures().join("mlp"), "expected");
    assert!(max_abs_diff(&outputs[0], &want[0]).expect("diff") <= 1e-5);
}

#[test]
fn hostile_headers() {
    use ErrorKind::InvalidExternalData as K;
    let good = fixture_ptd();
    assert_refused(good[..30].to_vec(), K, "too few", "truncated to 30 bytes");
    assert_refused(
        good[..good.len() - 1].to_vec(),
        K,
        "segment data",
        "truncated by one byte",
    );
    assert_refused(
        good[..1000].to_vec(),
        K,
        "FlatBuffer",
        "truncated inside the FlatBuffer",
    );
    let mut b = good.clone();
    b[4..8].copy_from_slice(b"ET12");
    assert_refused(b, K, "identifier", "wrong identifier");
    let mut b = good.clone();
    b[8..12].copy_from_slice(b"FH02");
    assert_refused(b, K, "magic", "wrong header magic");
    let mut b = good.clone();
    b[12..16].copy_from_slice(&16u32.to_le_bytes());
    assert_refused(b, K, "header length", "short header length");
    let mut b = good.clone();
    b[24..32].copy_from_slice(&u64::MAX.to_le_bytes());
    assert_refused(b, K, "FlatBuffer", "FlatBuffer size overflows");
    let mut b = good.clone();
    b[32..40].copy_from_slice(&8u64.to_le_bytes());
    assert_refused(b, K, "segment data", "segments inside the FlatBuffer");
    let mut b = good.clone();
    b[40..48].copy_from_slice(&u64::MAX.to_le_bytes());
    assert_refused(b, K, "segment data", "segment data size overflows");
}

#[test]
fn hostile_tables() {
    use ErrorKind::InvalidExternalData as K;
    let (table, segs) = parse_ptd(&fixture_ptd());
    let edit = |f: &dyn Fn(&mut ft::FlatTensor)| {
        let mut t = table.clone();
        f(&mut t);
        write_ptd(&t, &segs)
    };
    assert_refused(
        edit(&|t| t.segments.as_mut().expect("s")[1].size = segs.len() as u64),
        K,
        "segment 1",
        "segment past the end",
    );
    assert_refused(
        edit(&|t| t.segments.as_mut().expect("s")[0].offset = u64::MAX - 4),
        K,
        "segment 0",
        "segment offset overflows",
    );
    assert_refused(
        edit(&|t| t.named_data.as_mut().expect("nd")[2].segment_index = 99),
        K,
        "segment 99",
        "segment index out of range",
    );
    assert_refused(
        edit(&|t| t.named_data.as_mut().expect("nd")[0].key = None),
        K,
        "no key",
        "named data without a key",
    );
    assert_refused(
        edit(&|t| {
            let nd = t.named_data.as_mut().expect("nd");
            nd[1].key = nd[0].key.clone();
        }),
        K,
        "twice",
        "duplicate key",
    );
    // fc1.bias's layout says [128] floats, its segment loses 4 bytes.
    assert_refused(
        edit(&|t| t.segments.as_mut().expect("s")[1].size -= 4),
        K,
        "needs 512 bytes",
        "segment smaller than its layout",
    );
    // Without a layout, the size is checked against the program's tensor at method load.
    assert_refused(
        edit(&|t| {
            t.named_data.as_mut().expect("nd")[1].tensor_layout = None;
            t.segments.as_mut().expect("s")[1].size -= 4;
        }),
        K,
        "508 bytes",
        "key size mismatch",
    );
    assert_refused(
        edit(&|t| {
            t.named_data.as_mut().expect("nd")[1].tensor_layout = None;
            t.segments.as_mut().expect("s")[1].size += 4;
        }),
        K,
        "516 bytes",
        "key larger than its tensor",
    );
    // Same byte count, other sizes: fc1.weight [128, 64] stored as [64, 128].
    assert_refused(
        edit(&|t| {
            let l = t.named_data.as_mut().expect("nd")[0]
                .tensor_layout
                .as_mut()
                .expect("layout");
            l.sizes = Some(vec![64, 128]);
        }),
        K,
        "stored as",
        "layout with other sizes",
    );
    assert_refused(
        edit(&|t| {
            let l = t.named_data.as_mut().expect("nd")[0]
                .tensor_layout
                .as_mut()
                .expect("layout");
            l.sizes = Some(vec![-1, 64]);
        }),
        K,
        "negative",
        "negative layout size",
    );
    assert_refused(
        edit(&|t| {
            let l = t.named_data.as_mut().expect("nd")[0]
                .tensor_layout
                .as_mut()
                .expect("layout");
            l.dim_order = Some(vec![0, 0]);
        }),
        K,
        "dim order",
        "layout dim order not a permutation",
    );
}

/// Every byte of the header and the FlatBuffer set to 0xff, one at a time: the
/// reader never panics, and whatever it accepts can be read in full.
#[test]
fn every_byte_of_the_flatbuffer_flipped() {
    let good = fixture_ptd();
    let fb_end = {
        let u64_at = |o: usize| u64::from_le_bytes(good[o..o + 8].try_into().expect("u64"));
        (u64_at(16) + u64_at(24)) as usize
    };
    let (mut ok, mut refused) = (0, 0);
    for i in 0..fb_end {
        let mut b = good.clone();
        b[i] ^= 0xff;
        match FlatTensor::from_bytes_named(b, "flipped.ptd") {
            Ok(d) => {
                for (k, n) in d.named_data_keys() {
                    assert_eq!(d.get(&k).map(<[u8]>::len), Some(n));
                }
                ok += 1;
            }
            Err(e) => {
                assert_eq!(e.kind, ErrorKind::InvalidExternalData, "byte {i}: {e}");
                refused += 1;
            }
        }
    }
    println!("{fb_end} flips: {ok} accepted, {refused} refused");
    assert!(refused > 0);
}

// ---- the CLI -----------------------------------------------------------------

fn plugboard(args: &[&std::ffi::OsStr]) -> std::process::Output {
    std::process::Command::new(plugboard_bin())
        .args(args)
        .env(
            "PLUGBOARD_CACHE_DIR",
            plugboard_tests::root()
                .join("target")
                .join("plugboard-cache"),
        )
        .output()
        .expect("run plugboard")
}

#[test]
fn cli_run_and_inspect_with_data() {
    let dir = fixtures().join("mlp");
    let out = std::env::temp_dir().join(format!("plugboard-ext-{}", std::process::id()));
    let (pte, ptd, input) = (
        pte("mlp", "xnnpack_ext"),
        ptd("mlp", "xnnpack_ext"),
        dir.join("input0.npy"),
    );
    let o = plugboard(&[
        "run".as_ref(),
        pte.as_os_str(),
        "--data".as_ref(),
        ptd.as_os_str(),
        "-i".as_ref(),
        input.as_os_str(),
        "-o".as_ref(),
        out.as_os_str(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let got = plugboard::npy::read(&out.join("output0.npy")).expect("output0.npy");
    let want = read_numbered(&dir, "expected");
    assert!(max_abs_diff(&got, &want[0]).expect("diff") <= 1e-4);
    let _ = std::fs::remove_dir_all(&out);

    let o = plugboard(&["run".as_ref(), pte.as_os_str()]);
    assert!(!o.status.success());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("external data"), "{err}");

    let p = self::pte("mlp", "portable_ext");
    let d = self::ptd("mlp", "portable_ext");
    let o = plugboard(&[
        "inspect".as_ref(),
        p.as_os_str(),
        "--data".as_ref(),
        d.as_os_str(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(
        text.contains("fc1.weight: 32768 bytes, Float [128, 64]"),
        "{text}"
    );
    assert!(
        text.contains("constant tensors in external data: 4"),
        "{text}"
    );
}
