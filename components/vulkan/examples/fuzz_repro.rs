//! Runs [`plugboard_vulkan::fuzz_one`] on the files given (e.g. a fuzz crash).
fn main() {
    for f in std::env::args().skip(1) {
        let data = std::fs::read(&f).unwrap_or_default();
        println!(
            "{f}: reached execute: {}",
            plugboard_vulkan::fuzz_one(&data)
        );
    }
}
