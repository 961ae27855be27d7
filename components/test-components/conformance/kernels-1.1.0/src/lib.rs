//! The conformance kernel library (`../kernels.rs`) built against the frozen contract
//! `plugboard:runtime@1.1.0` (`wit/1.1.0`).

wit_bindgen::generate!({
    path: "../../../../wit/1.1.0",
    world: "kernel-library",
});

/// The contract version this build was generated from.
const CONTRACT: &str = "1.1.0";

include!("../../kernels.rs");
