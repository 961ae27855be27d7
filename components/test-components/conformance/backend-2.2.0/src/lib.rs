//! The conformance backend (`../backend.rs`) built against the contract
//! `plugboard:runtime@2.2.0`, through the SDK's bindings of that version.

use plugboard_sdk::v2_2::backend as sdk;

/// The contract version this build was generated from.
const CONTRACT: &str = plugboard_sdk::v2_2::CONTRACT_VERSION;

macro_rules! export {
    ($ty:ident) => {
        plugboard_sdk::export_backend!($ty, v2_2);
    };
}

include!("../../backend.rs");
