//! Shipping components: identity, pinning, signatures and an OCI registry as the
//! plugin store.
//!
//! - Identity: every component is identified by the SHA-256 of its bytes
//!   ([`crate::component::ComponentInfo::sha256`]), shown by `plugboard backends` and in
//!   every error that names a component.
//! - [`lockfile`]: `plugboard.lock`, the components a deployment may load.
//! - [`signing`]: Ed25519 publisher signatures (`FILE.wasm.sig`).
//! - [`policy`]: the checks made on a component's bytes before it is compiled.
//! - [`oci`]: push and pull in the CNCF Wasm OCI artifact layout; [`store`]: the local
//!   content-addressed store pulls go to; [`fetch`]: loading by `oci://` reference.

pub mod fetch;
pub mod lockfile;
pub mod oci;
pub mod policy;
pub mod signing;
pub mod store;

pub use fetch::{fetch, Fetched, OCI_SCHEME};
pub use lockfile::{LockEntry, Lockfile};
pub use policy::{Admission, TrustPolicy};
pub use signing::{ComponentSignature, PublisherKey, SecretKey, SignedMetadata};
pub use store::Store;
