//! The conformance kernel library (`../kernels.rs`) built against the contract
//! `plugboard:runtime@2.4.0`, through the SDK's bindings of that version.

use plugboard_sdk::v2_4::kernel_library as sdk;

/// The contract version this build was generated from.
const CONTRACT: &str = plugboard_sdk::v2_4::CONTRACT_VERSION;

macro_rules! export {
    ($ty:ident) => {
        plugboard_sdk::export_kernel_library!($ty, v2_4);
    };
}

include!("../../kernels.rs");
