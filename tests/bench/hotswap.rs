//! Hot-swap benchmark: executes per second with and without components being swapped
//! under the methods, the longest execute, and resident memory before and after.
//!
//! `cargo bench -p plugboard-tests --bench hotswap` (10 s of swapping;
//! `-- --seconds N` changes it). The scenario is `plugboard_tests::hotswap::scenario`:
//! four threads execute `add_mul` and `cnn` (portable and XNNPACK) in a loop, each
//! output checked against eager PyTorch, while another thread replaces the XNNPACK
//! backend and the portable library between two builds every 100 ms, tries three
//! replacements that must fail and loads or unloads an unrelated kernel library.

use plugboard_tests::hotswap::scenario;

fn main() {
    let mut seconds: f64 = 10.0;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        if a == "--seconds" {
            seconds = args.next().and_then(|s| s.parse().ok()).unwrap_or(seconds);
        }
    }
    let calm = (seconds / 2.0).max(1.0);
    println!("hot-swap: {calm:.0} s without swapping, then {seconds:.0} s swapping every 100 ms, 4 threads");
    let r = scenario(calm, seconds);
    println!();
    println!(
        "| {:<18} | {:>14} | {:>14} | {:>7} | {:>12} | {:>12} | {:>6} | {:>8} |",
        "method",
        "exec/s calm",
        "exec/s swap",
        "ratio",
        "longest calm",
        "longest swap",
        "moves",
        "failures"
    );
    println!(
        "|{:-<20}|{:->16}|{:->16}|{:->9}|{:->14}|{:->14}|{:->8}|{:->10}|",
        "", "", "", "", "", "", "", ""
    );
    let mut totals = (0u64, 0u64, 0usize);
    for (((case, c), h), moves) in r.cases.iter().zip(&r.calm).zip(&r.hot).zip(&r.moves) {
        let (cr, hr) = (
            c.executes as f64 / r.calm_seconds,
            h.executes as f64 / r.hot_seconds,
        );
        totals.0 += c.executes;
        totals.1 += h.executes;
        totals.2 += c.failures.len() + h.failures.len();
        println!(
            "| {:<18} | {:>14.0} | {:>14.0} | {:>7.3} | {:>9.2} ms | {:>9.2} ms | {:>6} | {:>8} |",
            case.name(),
            cr,
            hr,
            hr / cr,
            c.longest.as_secs_f64() * 1e3,
            h.longest.as_secs_f64() * 1e3,
            moves,
            c.failures.len() + h.failures.len()
        );
    }
    let (cr, hr) = (
        totals.0 as f64 / r.calm_seconds,
        totals.1 as f64 / r.hot_seconds,
    );
    println!(
        "| {:<18} | {:>14.0} | {:>14.0} | {:>7.3} | {:>12} | {:>12} | {:>6} | {:>8} |",
        "all",
        cr,
        hr,
        hr / cr,
        "",
        "",
        r.moves.iter().sum::<u64>(),
        totals.2
    );
    let mib = |b: Option<u64>| {
        b.map_or("?".to_string(), |b| {
            format!("{:.1} MiB", b as f64 / (1 << 20) as f64)
        })
    };
    println!();
    println!(
        "{} rounds: {} replacements, {} refused as they must be, {} loads/unloads of an unrelated component; {} unexpected change errors",
        r.rounds,
        r.replacements,
        r.refused,
        r.loads_unloads,
        r.swap_errors.len()
    );
    println!(
        "resident memory: {} after the calm phase, {} when the swaps stopped, {} once every method moved to the final versions; replaced versions still alive: {}",
        mib(r.rss_calm),
        mib(r.rss_hot_end),
        mib(r.rss_settled),
        r.leaked_versions.len()
    );
}
