//! The GPU session on a real device (lavapipe in CI; skipped without an adapter unless
//! `CI` is set): device loss is an error on the next call and `open` recovers; a
//! session's handles are its own.

use super::*;
use crate::meter::{AccelErrorKind, Account};

fn host() -> Option<std::sync::Arc<GpuHost>> {
    let host = GpuHost::new(true);
    match host.adapter() {
        Ok(_) => Some(host),
        Err(why) if std::env::var_os("CI").is_some() => panic!("no GPU adapter in CI: {why}"),
        Err(why) => {
            println!("skipped: no GPU adapter ({why})");
            None
        }
    }
}

fn session(host: &std::sync::Arc<GpuHost>) -> GpuSession {
    GpuSession::new(host.clone(), Account::new(1 << 30, 1 << 40), 64 << 20)
}

#[test]
fn device_loss_is_an_error_then_open_recovers() {
    let Some(host) = host() else { return };
    let mut s = session(&host);
    s.open().expect("open");
    let b = s.create_buffer(64, BufferKind::Storage).expect("buffer");
    host.destroy_device();
    let e = s.create_buffer(64, BufferKind::Storage).unwrap_err();
    assert_eq!(e.kind, AccelErrorKind::Unavailable, "{e}");
    assert!(e.message.contains("lost"), "{e}");
    // The handle from before is gone with the old device.
    s.open().expect("a new device");
    let e = s
        .run(
            &[],
            &[],
            &[Read {
                buffer: b + 1,
                offset: 0,
                size: 4,
            }],
        )
        .err()
        .expect("no such buffer");
    assert_eq!(e.kind, AccelErrorKind::InvalidArgument, "{e}");
    let b = s.create_buffer(64, BufferKind::Storage).expect("buffer");
    let back = s
        .run(
            &[Write {
                buffer: b,
                offset: 0,
                data: vec![7; 64],
            }],
            &[],
            &[Read {
                buffer: b,
                offset: 8,
                size: 8,
            }],
        )
        .expect("round trip");
    assert_eq!(back.data, vec![vec![7u8; 8]]);
}

#[test]
fn sessions_cannot_name_each_others_buffers() {
    let Some(host) = host() else { return };
    let (mut a, mut b) = (session(&host), session(&host));
    a.open().expect("open");
    b.open().expect("open");
    let _ = a.create_buffer(64, BufferKind::Storage).expect("buffer");
    let _ = a.create_buffer(64, BufferKind::Storage).expect("buffer");
    // b has made no buffers: a's handles 0 and 1 name nothing for b.
    for h in [0, 1] {
        let e = b.destroy_buffer(h).unwrap_err();
        assert!(
            e.message
                .contains(&format!("no GPU buffer with handle {h}")),
            "{e}"
        );
    }
}
