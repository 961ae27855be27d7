//! Compile-cache benchmark: for each bundled component, the cold load (compile and
//! store an authenticated entry) against the warm load from the cache (hash the
//! component's bytes for its identity, read and verify the entry's tag, map it, link)
//! and the first instantiation, as a table. The SHA-256 column is the part of a warm
//! load spent on the component's identity: a component from a file pays it, a bundled
//! one does not (its digest is computed at build time).
//!
//! `cargo bench -p plugboard-tests --bench cache` (`-- --repeat N`, default 20). The
//! warm figure is what a process pays per component once the cache is filled; the goal
//! is under 5 ms, instantiation included.

use std::path::Path;
use std::time::{Duration, Instant};

use plugboard::component::ComponentInfo;
use plugboard::registry::BUNDLED;
use plugboard::{Registry, SandboxConfig};

fn median(mut v: Vec<Duration>) -> f64 {
    v.sort();
    v[v.len() / 2].as_secs_f64() * 1e3
}

fn cpu() -> String {
    let info = std::fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
    let model = info
        .lines()
        .find(|l| l.starts_with("model name"))
        .and_then(|l| l.split(':').nth(1))
        .unwrap_or("unknown CPU")
        .trim()
        .to_string();
    let flags = info
        .lines()
        .find(|l| l.starts_with("flags"))
        .unwrap_or_default();
    let has = |f: &str| flags.split_whitespace().any(|x| x == f);
    let mut extra: Vec<&str> = ["sha_ni", "avx2", "avx512f", "avx512_vnni"]
        .into_iter()
        .filter(|f| has(f))
        .collect();
    if extra.is_empty() {
        extra.push("none of sha_ni/avx2/avx512f");
    }
    format!("{model} ({})", extra.join(", "))
}

fn main() {
    let mut repeat = 20usize;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        if a == "--repeat" {
            repeat = args.next().and_then(|s| s.parse().ok()).unwrap_or(repeat);
        }
    }
    let dir = plugboard_tests::root()
        .join("target")
        .join("cache-bench")
        .join(std::process::id().to_string());
    let _ = std::fs::remove_dir_all(&dir);
    let config = SandboxConfig {
        cache_dir: Some(dir.clone()),
        ..SandboxConfig::default()
    };
    println!("compile cache, {}; median of {repeat} warm loads", cpu());
    println!();
    println!(
        "| {:<14} | {:>9} | {:>11} | {:>10} | {:>13} | {:>14} | {:>14} | {:>10} |",
        "component",
        "wasm MB",
        "entry MB",
        "cold ms",
        "warm load ms",
        "instantiate ms",
        "warm total ms",
        "sha256 ms"
    );
    println!(
        "|{:-<16}|{:->11}|{:->13}|{:->12}|{:->15}|{:->16}|{:->16}|{:->12}|",
        "", "", "", "", "", "", "", ""
    );
    for (name, bytes) in BUNDLED {
        let path = Path::new("<bundled>").join(name);
        let cold_registry = Registry::new(config.clone()).expect("registry");
        let t = Instant::now();
        let info = ComponentInfo::load(cold_registry.engine(), &path, bytes).expect("cold load");
        let cold = t.elapsed();
        let entry = cold_registry
            .engine()
            .cache()
            .map(|c| c.entry_path(&cold_registry.engine().cache_key(&info.sha256)))
            .and_then(|p| std::fs::metadata(p).ok())
            .map_or(0, |m| m.len());
        // Warm: a new engine each time, as a new process has.
        let mut loads = Vec::new();
        let mut inits = Vec::new();
        let mut totals = Vec::new();
        let mut hashes = Vec::new();
        for _ in 0..repeat {
            let t = Instant::now();
            std::hint::black_box(plugboard::component::sha256(bytes));
            hashes.push(t.elapsed());
            let r = Registry::new(config.clone()).expect("registry");
            let t = Instant::now();
            let info = ComponentInfo::load(r.engine(), &path, bytes).expect("warm load");
            let loaded = t.elapsed();
            let inst = info.instantiate().expect("instantiate");
            let total = t.elapsed();
            drop(inst);
            assert_eq!(
                r.engine().compiled_count(),
                0,
                "{name}: served by the cache"
            );
            loads.push(loaded);
            inits.push(total - loaded);
            totals.push(total);
        }
        println!(
            "| {:<14} | {:>9.2} | {:>11.2} | {:>10.0} | {:>13.2} | {:>14.3} | {:>14.2} | {:>10.2} |",
            name,
            bytes.len() as f64 / 1e6,
            entry as f64 / 1e6,
            cold.as_secs_f64() * 1e3,
            median(loads),
            median(inits),
            median(totals),
            median(hashes)
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}
