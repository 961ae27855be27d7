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
    // A reference pinned by a digest already pulled loads from the store without the
    // full reference grammar (oci-client's parser compiles a large regex, ~0.1 s).
    if let Some((name, manifest)) = pinned_parts(reference) {
        if let Some(layer) = store.manifest_layer(manifest) {
            if let Some(c) = store.get(&layer)? {
                tracing::debug!("{reference}: from the store ({})", c.path.display());
                return Ok(Fetched {
                    source: PathBuf::from(format!("{OCI_SCHEME}{name}@{manifest}")),
                    bytes: c.bytes,
                    signature: c.signature,
                    stored_at: c.path,
                    from_store: true,
                });
            }
        }
    }
    let r = parse_reference(reference)?;
    let pinned = |manifest: &str| {
        PathBuf::from(format!(
            "{OCI_SCHEME}{}/{}@{manifest}",
            r.registry(),
            r.repository()
        ))
    };
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

/// `REGISTRY/REPO` and `sha256:<hex>` of a reference pinned by digest
/// (`[oci://]REGISTRY/REPO[:TAG]@sha256:<64 hex>`), with a tag dropped; `None` for any
/// other shape (those go through the full parser).
fn pinned_parts(reference: &str) -> Option<(String, &str)> {
    let r = reference.strip_prefix(OCI_SCHEME).unwrap_or(reference);
    let (name, digest) = r.rsplit_once('@')?;
    super::store::digest_hex(digest)?;
    let (registry, repo) = name.split_once('/')?;
    if registry.is_empty() || repo.is_empty() {
        return None;
    }
    let repo = match repo.rsplit_once('/') {
        Some((path, last)) => format!("{path}/{}", last.split(':').next().unwrap_or(last)),
        None => repo.split(':').next().unwrap_or(repo).to_string(),
    };
    Some((format!("{registry}/{repo}"), digest))
}

#[cfg(test)]
mod tests {
    use super::pinned_parts;

    #[test]
    fn pinned_references() {
        let d = format!("sha256:{}", "ab".repeat(32));
        assert_eq!(
            pinned_parts(&format!("oci://127.0.0.1:5000/plugboard/xnnpack@{d}")),
            Some(("127.0.0.1:5000/plugboard/xnnpack".to_string(), d.as_str()))
        );
        assert_eq!(
            pinned_parts(&format!("localhost:5000/p/x:1.4.0@{d}")),
            Some(("localhost:5000/p/x".to_string(), d.as_str()))
        );
        assert_eq!(pinned_parts("localhost:5000/p/x:1.4.0"), None);
        assert_eq!(pinned_parts("localhost:5000/p/x@sha256:abc"), None);
    }
}
