//! The conformance backend (`../backend.rs`) built against the contract
//! `plugboard:runtime@2.3.0`, through the SDK's bindings of that version.

use plugboard_sdk::v2_3::backend as sdk;

/// The contract version this build was generated from.
const CONTRACT: &str = plugboard_sdk::v2_3::CONTRACT_VERSION;

macro_rules! export {
    ($ty:ident) => {
        plugboard_sdk::export_backend!($ty, v2_3);
    };
}

include!("../../backend.rs");
