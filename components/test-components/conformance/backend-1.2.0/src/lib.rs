//! The conformance backend (`../backend.rs`) built against the frozen contract
//! `plugboard:runtime@1.2.0` (`wit/1.2.0`).

wit_bindgen::generate!({
    path: "../../../../wit/1.2.0",
    world: "backend",
});

/// The contract version this build was generated from.
const CONTRACT: &str = "1.2.0";

include!("../../backend.rs");
