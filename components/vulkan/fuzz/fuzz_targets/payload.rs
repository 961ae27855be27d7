//! Any byte string as a Vulkan delegate payload: reading, describing, compiling the
//! operator chain, loading constants (named data as zeros of the advertised size),
//! setting up and running once on the checking stand-in device must return errors,
//! never panic.

#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let _ = plugboard_vulkan::fuzz_one(data);
});
