//! The `plugboard` command line: run, inspect and list what the registry holds.

mod cli;

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    // Mesa's Vulkan drivers (lavapipe among them) print "error: XDG_RUNTIME_DIR is
    // invalid or not set" when it is unset, which reads like one of ours although
    // nothing failed. Point it at the temporary directory first, while this process
    // still has one thread (setting the environment later would race).
    if std::env::var_os("XDG_RUNTIME_DIR").is_none() {
        std::env::set_var("XDG_RUNTIME_DIR", std::env::temp_dir());
    }
    let args = cli::Cli::parse();
    cli::init_logging(args.verbose);
    match cli::dispatch(args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::FAILURE
        }
    }
}
