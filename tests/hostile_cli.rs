//! The hostile backend through the `plugboard` CLI, one child process per case: the
//! exit code is not 0, stderr names the component, the child's peak RSS stays within
//! the memory cap plus [`RSS_MARGIN_MIB`], its wall time within the deadline plus
//! [`TIME_MARGIN`], and floods of log records are cut to the rate limit.
//!
//! This is its own test binary on purpose: a child's peak RSS (`wait4`'s `ru_maxrss`)
//! starts from its parent's when it is spawned, so the parent must stay small.

use std::path::Path;
use std::time::{Duration, Instant};

use plugboard::npy;
use plugboard_tests::hostile::{
    hostile_backend, hostile_program, inputs, CAP_MIB, DEADLINE, RSS_MARGIN_MIB, TIME_MARGIN,
    TRANSFER_MIB,
};
use plugboard_tests::plugboard_bin;

struct Child {
    ok: bool,
    stderr_bytes: usize,
    stderr_tail: String,
    dropped_reported: bool,
    peak_rss_mib: u64,
    wall: Duration,
}

/// Runs the hostile program through the CLI with `code` in `x[0]`.
fn cli(code: f32, extra: &[&str]) -> Child {
    cli_on(&hostile_program(), &hostile_backend(), code, extra)
}

/// Runs `program` with `component` loaded through the CLI with `code` in `x[0]`.
fn cli_on(program: &Path, component: &Path, code: f32, extra: &[&str]) -> Child {
    let dir = hostile_program()
        .parent()
        .expect("dir")
        .join(format!("in{code}"));
    std::fs::create_dir_all(&dir).expect("dir");
    let ins = inputs(code);
    let mut args: Vec<String> = vec!["run".into(), program.display().to_string()];
    for (i, t) in ins.iter().enumerate() {
        let p = dir.join(format!("x{i}.npy"));
        npy::write(&p, t).expect("write npy");
        args.extend(["-i".into(), p.display().to_string()]);
    }
    args.extend(
        [
            "--backend",
            &component.display().to_string(),
            "--memory-cap",
            &CAP_MIB.to_string(),
            "--deadline-ms",
            &DEADLINE.as_millis().to_string(),
            "--max-transfer-mib",
            &TRANSFER_MIB.to_string(),
        ]
        .iter()
        .map(|s| s.to_string()),
    );
    args.extend(extra.iter().map(|s| s.to_string()));
    let t = Instant::now();
    // Reaped by `wait_with_rusage` (wait4), which std's `wait` cannot replace.
    #[allow(clippy::zombie_processes)]
    let mut child = std::process::Command::new(plugboard_bin())
        .args(&args)
        .env(
            "PLUGBOARD_CACHE_DIR",
            plugboard_tests::root()
                .join("target")
                .join("plugboard-cache"),
        )
        .env_remove("RUST_LOG")
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("spawn plugboard");
    let mut stderr = child.stderr.take().expect("stderr");
    let reader = std::thread::spawn(move || {
        use std::io::Read;
        let mut all = Vec::new();
        let _ = stderr.read_to_end(&mut all);
        all
    });
    let (status, rss_kib) = wait_with_rusage(child.id());
    let wall = t.elapsed();
    let err = reader.join().expect("stderr reader");
    let tail = String::from_utf8_lossy(&err[err.len().saturating_sub(2000)..]).into_owned();
    Child {
        ok: status == 0,
        stderr_bytes: err.len(),
        stderr_tail: tail,
        dropped_reported: String::from_utf8_lossy(&err).contains("dropped"),
        peak_rss_mib: rss_kib / 1024,
        wall,
    }
}

/// Waits for `pid` and returns its exit status and peak RSS in KiB (`wait4`).
fn wait_with_rusage(pid: u32) -> (i32, u64) {
    let mut status = 0;
    // SAFETY: plain libc calls on a zeroed rusage and our own child's pid.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    let r = unsafe { libc::wait4(pid as libc::pid_t, &mut status, 0, &mut usage) };
    assert_eq!(r, pid as libc::pid_t, "wait4");
    let code = if libc::WIFEXITED(status) {
        libc::WEXITSTATUS(status)
    } else {
        -1
    };
    (code, usage.ru_maxrss as u64)
}

/// A result the host must refuse: exit code not 0, the component named, no host panic.
fn assert_refused(c: &Child, what: &str, component: &str) {
    assert!(!c.ok, "{what}: exited 0");
    assert!(
        c.stderr_tail.contains(component),
        "{what}: {}",
        c.stderr_tail
    );
    assert!(
        !c.stderr_tail.contains("thread 'main' panicked"),
        "{what}: {}",
        c.stderr_tail
    );
}

#[test]
fn cli_refuses_malformed_results() {
    let backend = "plugboard_test_hostile_backend.wasm";
    for code in [
        101.0, 102.0, 103.0, 104.0, 105.0, 106.0, 107.0, 108.0, 109.0, 120.0, 143.0,
    ] {
        let c = cli(code, &[]);
        assert_refused(&c, &format!("backend code {code}"), backend);
        assert!(
            c.stderr_tail.contains("instruction 0"),
            "{code}: {}",
            c.stderr_tail
        );
    }
    // The misbehaving kernel library in place of the bundled portable one.
    let lib = plugboard_tests::test_component("plugboard_test_misbehave");
    let program = plugboard_tests::pte("add_mul", "portable");
    for code in [10.0, 11.0, 12.0, 13.0, 14.0, 15.0, 16.0, 17.0, 18.0, 19.0] {
        let c = cli_on(&program, &lib, code, &["--no-bundled"]);
        assert_refused(
            &c,
            &format!("kernel library code {code}"),
            "plugboard_test_misbehave.wasm",
        );
    }
    let c = cli_on(&program, &lib, 0.5, &["--no-bundled"]);
    assert!(c.ok, "{}", c.stderr_tail);
}

#[test]
fn cli_resource_abuse_stays_within_cap_and_deadline() {
    let honest = cli(0.5, &[]);
    assert!(honest.ok, "{}", honest.stderr_tail);
    println!(
        "honest run: peak RSS {} MiB, {:?}",
        honest.peak_rss_mib, honest.wall
    );
    let cases: &[(f32, &str)] = &[
        (122.0, "memory bomb in linear memory"),
        (130.0, "1 GiB convolution output"),
        (131.0, "4M int8 weight groups"),
        (132.0, "100,000-step chain"),
        (133.0, "900 G-MAC chain"),
        (134.0, "tiny weights in a loop"),
        (135.0, "80 MiB weights list"),
        (140.0, "logging flood"),
        (141.0, "stderr flood"),
        (142.0, "96 MiB output"),
    ];
    println!("| case | exit | peak RSS MiB | wall s | stderr bytes |");
    for &(code, what) in cases {
        let c = cli(code, &[]);
        println!(
            "| {what} | {} | {} | {:.2} | {} |",
            if c.ok { 0 } else { 1 },
            c.peak_rss_mib,
            c.wall.as_secs_f64(),
            c.stderr_bytes
        );
        assert_refused(&c, what, "plugboard_test_hostile_backend.wasm");
        assert!(
            c.peak_rss_mib <= CAP_MIB as u64 + RSS_MARGIN_MIB,
            "{what}: peak RSS {} MiB over {} + {}",
            c.peak_rss_mib,
            CAP_MIB,
            RSS_MARGIN_MIB
        );
        assert!(c.wall < DEADLINE + TIME_MARGIN, "{what}: {:?}", c.wall);
        // Floods are rate-limited: at most ~3 s x 256 KiB/s of records, and one line
        // says how much was dropped.
        assert!(
            c.stderr_bytes < 2 << 20,
            "{what}: {} bytes of stderr",
            c.stderr_bytes
        );
        if code == 140.0 || code == 141.0 {
            assert!(c.dropped_reported, "{what}: {}", c.stderr_tail);
        }
    }
}
