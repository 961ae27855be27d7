//! Shared by the hostile-component tests (`hostile_components.rs`, `hostile_cli.rs`):
//! the hostile backend, a program that routes to it, inputs carrying a misbehaviour
//! code, and the limits the tests run under.

use std::path::PathBuf;
use std::time::Duration;

use plugboard::Tensor;

use crate::{fixtures, parse_pte, pte, read_numbered, test_component, write_pte};

/// Memory cap of the hostile runs, MiB.
pub const CAP_MIB: usize = 256;
/// Call deadline of the hostile runs.
pub const DEADLINE: Duration = Duration::from_secs(2);
/// Transfer limit of the hostile runs, MiB.
pub const TRANSFER_MIB: usize = 64;

/// Peak RSS allowed over the memory cap: the host's own code, compiled components
/// and wasmtime (~30-60 MiB here), plus one transfer-limit's worth of a list lifted
/// from the guest before the host can charge it (64 MiB in these runs), plus slack.
pub const RSS_MARGIN_MIB: u64 = 160;

/// Wall time allowed over the deadline: process start, loading and compiling (or
/// deserializing) the components, and one chunk of native work.
pub const TIME_MARGIN: Duration = Duration::from_secs(6);

/// `test-components/hostile-backend`, built by `host/build.rs`.
pub fn hostile_backend() -> PathBuf {
    test_component("plugboard_test_hostile_backend")
}

/// `add_mul.xnnpack.pte` with its delegate renamed to `HostileBackend`, written once
/// per process into a temporary directory.
pub fn hostile_program() -> PathBuf {
    static PATH: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();
    PATH.get_or_init(|| {
        let bytes = std::fs::read(pte("add_mul", "xnnpack")).expect("fixture");
        let (mut p, segs) = parse_pte(&bytes);
        let plan = &mut p.execution_plan.as_mut().expect("plans")[0];
        for d in plan.delegates.as_mut().expect("delegates") {
            d.id = Some("HostileBackend".into());
        }
        let dir = std::env::temp_dir().join(format!("plugboard-hostile-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        let path = dir.join("add_mul.hostile.pte");
        std::fs::write(&path, write_pte(&p, &segs)).expect("write");
        path
    })
    .clone()
}

/// `add_mul` inputs with `x[0] = code` and `y[0] = 1` (so `x * y` carries the code too).
pub fn inputs(code: f32) -> Vec<Tensor> {
    let mut inputs = read_numbered(&fixtures().join("add_mul"), "input");
    inputs[0].data[0..4].copy_from_slice(&code.to_le_bytes());
    inputs[1].data[0..4].copy_from_slice(&1f32.to_le_bytes());
    inputs
}

/// The eager PyTorch output of `add_mul` on [`inputs`]`(code)`: `x * y + x`.
pub fn expected(code: f32) -> Tensor {
    let mut e = read_numbered(&fixtures().join("add_mul"), "expected").remove(0);
    e.data[0..4].copy_from_slice(&(code * 1.0 + code).to_le_bytes());
    e
}
