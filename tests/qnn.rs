//! The QNN backend on a machine without the QNN SDK (every machine of this project):
//! a `QnnBackend` program fails at method load with the host's reason, not "not
//! registered"; `availability` says why; hostile QNN payloads are clean errors of the
//! payload reader. Nothing is executed: there is no SDK to execute on, and nothing is
//! faked.
//!
//! The program is `add_mul.xnnpack.pte` with its delegate renamed to `QnnBackend` and
//! its processed blob replaced by a QNN context payload (ExecuTorch's
//! `QnnContextCustomProtocol` header followed by bytes standing in for a context binary,
//! which only the SDK could judge).

use std::sync::Arc;

use plugboard::component::BackendInstance;
use plugboard::{ErrorKind, Method, Program};
use plugboard_tests::{registry, with_blob_of};

const MAGIC: u32 = 0x5678_ABCD;

/// A QNN payload: `magic`, signature 7, a context binary size of `size` and `body`
/// bytes after the 256-byte header.
fn payload(magic: u32, size: u64, body: usize) -> Vec<u8> {
    let mut p = vec![0u8; 256 + body];
    p[0..4].copy_from_slice(&magic.to_le_bytes());
    p[4..12].copy_from_slice(&7i64.to_le_bytes());
    p[12..20].copy_from_slice(&size.to_le_bytes());
    p
}

fn program(blob: Vec<u8>) -> Arc<Program> {
    let bytes = with_blob_of("add_mul", "xnnpack", Some("QnnBackend"), |_| blob);
    Arc::new(Program::from_bytes(bytes).expect("program loads"))
}

fn sdk_present() -> bool {
    std::env::var_os("QNN_SDK_ROOT").is_some()
}

#[test]
fn qnn_program_is_unavailable_with_the_reason() {
    if sdk_present() {
        println!("skipped: QNN_SDK_ROOT is set");
        return;
    }
    let reg = registry();
    let e =
        Method::load(program(payload(MAGIC, 64, 64)), "forward", &reg).expect_err("no SDK here");
    let msg = e.to_string();
    println!("{msg}");
    assert_eq!(e.kind, ErrorKind::NotSupported, "{msg}");
    assert!(
        msg.contains(
            "QnnBackend is not available on this machine: no QNN: the QNN SDK was not found"
        ),
        "{msg}"
    );
    assert!(!msg.contains("not registered"), "{msg}");
    assert!(msg.contains("qnn.wasm"), "{msg}");

    let a = reg.availability("QnnBackend").expect("asks");
    assert!(!a.available);
    assert!(
        a.detail
            .as_deref()
            .unwrap_or("")
            .contains("QNN_SDK_ROOT is not set"),
        "{a:?}"
    );
}

#[test]
fn hostile_qnn_payloads_are_clean_errors() {
    let reg = registry();
    let comp = reg.backend("QnnBackend").expect("QnnBackend is bundled");
    let mut b = BackendInstance::new(&comp.info).expect("instance");
    let good = b
        .describe("QnnBackend", &payload(MAGIC, 64, 64))
        .expect("a well-formed header describes");
    assert_eq!(good, vec![("context binary bytes".to_string(), 64)]);
    let cases: &[(Vec<u8>, &str)] = &[
        (payload(MAGIC, 64, 64)[..100].to_vec(), "256-byte header"),
        (Vec::new(), "256-byte header"),
        (payload(0xDEAD_BEEF, 64, 64), "magic is 0xdeadbeef"),
        (payload(MAGIC, 65, 64), "has 65 bytes, but 64 follow"),
        (payload(MAGIC, u64::MAX, 64), "18446744073709551615 bytes"),
        (payload(MAGIC, 0, 64), "empty context binary"),
    ];
    for (blob, want) in cases {
        let e = b.describe("QnnBackend", blob).expect_err("refused");
        println!("{e}");
        assert_eq!(e.kind, ErrorKind::DelegateInvalidCompatibility, "{e}");
        assert!(e.to_string().contains(want), "{e}");
        assert!(!b.is_poisoned(), "a bad payload must not trap");
        // Method load reports the same (after availability, when the SDK is absent).
        let e = Method::load(program(blob.clone()), "forward", &reg).expect_err("refused");
        assert!(
            e.kind == ErrorKind::NotSupported || e.kind == ErrorKind::DelegateInvalidCompatibility,
            "{e}"
        );
    }
}
