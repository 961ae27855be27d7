//! Loading components by OCI reference: from the local [`Store`] when the reference is
//! pinned by a digest already pulled, else pulled ([`super::oci::pull`], every digest
//! and size verified) and kept in the store.

use std::path::PathBuf;

use super::oci::{self, OciReference};
use super::store::Store;
use crate::{Error, ErrorKind, Result};

/// The URL-like prefix that marks an OCI reference where a component file could be
/// given (`--backend oci://localhost:5000/plugboard/xnnpack:1.4.0`).
pub const OCI_SCHEME: &str = "oci://";

/// A component obtained by reference.
#[derive(Debug, Clone)]
pub struct Fetched {
    /// Its source, pinned: `oci://REGISTRY/REPO@sha256:<manifest digest>`. This names
    /// the component in the registry, in errors and in lockfiles.
    pub source: PathBuf,
    /// The component's bytes.
    pub bytes: Vec<u8>,
    /// The signature document pushed with it, if any.
    pub signature: Option<Vec<u8>>,
    /// Where the store keeps it.
    pub stored_at: PathBuf,
    /// Whether it came from the store without asking the registry.
    pub from_store: bool,
}

/// Parses `reference` (with or without `oci://`).
///
/// Errors: `InvalidArgument` saying what is wrong with it.
pub fn parse_reference(reference: &str) -> Result<OciReference> {
    let r = reference.strip_prefix(OCI_SCHEME).unwrap_or(reference);
    OciReference::parse(r).map_err(|e| Error::invalid_argument(format!("{e:#}")))
}

/// Obtains the component at `reference` (`REGISTRY/REPO:TAG` or
/// `REGISTRY/REPO@sha256:DIGEST`, with or without `oci://`), reporting download
/// progress (bytes done, bytes in all) to `progress`.
///
/// Errors: `InvalidArgument` for a malformed reference; `AccessFailed` naming the
/// reference for anything the registry or the network does (unreachable, missing tag,
/// refused credentials, a blob whose bytes do not match its digest, not a Wasm
/// component) and for a store that cannot be written; `InvalidState` for a store entry
/// changed on disk.
pub fn fetch(
    reference: &str,
    store: &Store,
    progress: Option<&mut dyn FnMut(u64, u64)>,
) -> Result<Fetched> {
    let r = parse_reference(reference)?;
    let pinned = |manifest: &str| {
        PathBuf::from(format!(
            "{OCI_SCHEME}{}/{}@{manifest}",
            r.registry(),
            r.repository()
        ))
    };
    if let Some(manifest) = r.digest() {
        if let Some(layer) = store.manifest_layer(manifest) {
            if let Some(c) = store.get(&layer)? {
                tracing::debug!("{reference}: from the store ({})", c.path.display());
                return Ok(Fetched {
                    source: pinned(manifest),
                    bytes: c.bytes,
                    signature: c.signature,
                    stored_at: c.path,
                    from_store: true,
                });
            }
        }
    }
    let pulled = oci::pull(&r, progress).map_err(|e| {
        Error::new(
            ErrorKind::AccessFailed,
            format!("cannot pull {reference}: {e:#}"),
        )
    })?;
    let stored_at = store.put(&pulled.component, pulled.signature.as_deref())?;
    store.record_manifest(&pulled.manifest_digest, &pulled.layer_digest)?;
    Ok(Fetched {
        source: pinned(&pulled.manifest_digest),
        bytes: pulled.component,
        signature: pulled.signature,
        stored_at,
        from_store: false,
    })
}
