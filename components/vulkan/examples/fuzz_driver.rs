//! A stable-Rust stand-in for the cargo-fuzz target in `fuzz/`: mutates the processed
//! blobs of every Vulkan fixture (byte flips, overwrites with boundary values,
//! truncations, duplicated ranges) and feeds each mutant through
//! [`plugboard_vulkan::fuzz_one`], catching panics. Prints executions, how many got as
//! far as an execute, and panics; exits 1 on any panic.
//!
//! `cargo run --example fuzz_driver --target x86_64-unknown-linux-gnu -- [N]` (the dev
//! profile: overflow checks on, panics unwind and are counted; with `--release` the
//! crate's `panic = "abort"` profile makes a panic end the run instead).

use std::panic;

fn main() {
    let n: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(100_000);
    let seeds: Vec<Vec<u8>> = plugboard_vulkan::testing::fixtures()
        .iter()
        .filter(|f| !f.to_string_lossy().contains("large"))
        .filter_map(|f| std::fs::read(f).ok())
        .flat_map(|p| plugboard_vulkan::testing::blobs(&p))
        .collect();
    assert!(!seeds.is_empty(), "no Vulkan fixture blobs found");
    panic::set_hook(Box::new(|_| {}));
    let mut rng = 0x2545f4914f6cdd1du64;
    let mut next = move || {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        rng
    };
    let (mut ran, mut executed, mut panics) = (0u64, 0u64, 0u64);
    for i in 0..n {
        let mut b = seeds[(i as usize) % seeds.len()].clone();
        let edits = 1 + next() % 8;
        for _ in 0..edits {
            let at = (next() as usize) % b.len().max(1);
            match next() % 6 {
                0 => b[at] ^= 1 << (next() % 8),
                1 => b[at] = [0u8, 0xff, 0x7f, 0x80, 1][(next() % 5) as usize],
                2 => {
                    let v =
                        [0u32, u32::MAX, 0x7fff_ffff, 0x8000_0000, 1 << 16][(next() % 5) as usize];
                    let at = at.min(b.len().saturating_sub(4));
                    if b.len() >= 4 {
                        b[at..at + 4].copy_from_slice(&v.to_le_bytes());
                    }
                }
                3 => b.truncate(at.max(1)),
                4 => {
                    let len = (next() as usize % 16).min(b.len() - at);
                    let chunk = b[at..at + len].to_vec();
                    let to = (next() as usize) % b.len();
                    let end = (to + len).min(b.len());
                    b[to..end].copy_from_slice(&chunk[..end - to]);
                }
                _ => b[at] = b[at].wrapping_add(1),
            }
        }
        ran += 1;
        match panic::catch_unwind(|| plugboard_vulkan::fuzz_one(&b)) {
            Ok(true) => executed += 1,
            Ok(false) => {}
            Err(_) => {
                panics += 1;
                if panics <= 5 {
                    let path = format!("/tmp/vulkan_fuzz_panic_{panics}.bin");
                    let _ = std::fs::write(&path, &b);
                    eprintln!("panic on a mutant, saved to {path}");
                }
            }
        }
    }
    println!("{ran} executions, {executed} reached execute, {panics} panics");
    if panics > 0 {
        std::process::exit(1);
    }
}
