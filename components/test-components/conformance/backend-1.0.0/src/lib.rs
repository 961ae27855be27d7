//! The conformance backend (`../backend.rs`) built against the frozen contract
//! `plugboard:runtime@1.0.0`, through the SDK's bindings of that version.

use plugboard_sdk::v1_0::backend as sdk;

/// The contract version this build was generated from.
const CONTRACT: &str = plugboard_sdk::v1_0::CONTRACT_VERSION;

macro_rules! export {
    ($ty:ident) => {
        plugboard_sdk::export_backend!($ty, v1_0);
    };
}

include!("../../backend.rs");
