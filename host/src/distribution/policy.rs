//! The trust policy: which components may load, checked on their bytes before they are
//! compiled (compiling is the first step that runs a component's code generator on
//! them, and a cached artifact is native code).
//!
//! Two rules, each optional:
//! - a lockfile ([`super::lockfile`]): every component must have an entry (by source,
//!   else by name) whose `sha256` its bytes hash to, and carry a signature by the
//!   entry's `publisher-key` when it names one;
//! - `require_signed`: every component must carry a signature that verifies (the
//!   components built into the binary are exempt: they are part of the binary you run,
//!   and a lockfile still pins them).
//!
//! A signature that comes with a component is always checked: one that does not verify
//! refuses the component even when nothing requires a signature.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::lockfile::{LockEntry, Lockfile};
use super::signing::{ComponentSignature, PublisherKey};
use crate::component::hex;
use crate::{Error, ErrorKind, Result};

/// The source prefix of components built into the binary.
pub const BUNDLED_PREFIX: &str = "<bundled>/";

/// What a deployment allows to load.
#[derive(Debug, Clone, Default)]
pub struct TrustPolicy {
    /// The lockfile and where it was read from.
    pub lock: Option<Arc<(PathBuf, Lockfile)>>,
    /// Refuse every component (other than the bundled ones) without a valid signature.
    pub require_signed: bool,
}

/// What the policy established about an admitted component.
#[derive(Debug, Clone, Default)]
pub struct Admission {
    /// The key its signature verified under, if it came with one.
    pub signer: Option<PublisherKey>,
    /// Its lockfile entry, when a lockfile is in force.
    pub lock_entry: Option<LockEntry>,
}

impl TrustPolicy {
    /// A policy with the lockfile at `path` (read now).
    ///
    /// Errors: those of [`Lockfile::read`].
    pub fn locked(path: &Path) -> Result<TrustPolicy> {
        let lock = Lockfile::read(path)?;
        Ok(TrustPolicy {
            lock: Some(Arc::new((path.to_path_buf(), lock))),
            require_signed: false,
        })
    }

    /// Whether anything is checked.
    pub fn is_open(&self) -> bool {
        self.lock.is_none() && !self.require_signed
    }

    /// Checks a component from `source` whose bytes hash to `sha256`, with the signature
    /// document that came with it (`FILE.wasm.sig`, or the one pulled with it), before
    /// it is compiled.
    ///
    /// Errors (`AccessFailed`, naming the component and, for the lock, the lockfile):
    /// a signature that does not parse or verify; a component the lock does not list;
    /// bytes whose hash is not the lock's (both hashes in the message); a missing
    /// signature or another signer than the lock's `publisher-key` (the key named); a
    /// missing signature under `require_signed`.
    pub fn admit(
        &self,
        source: &Path,
        sha256: &[u8; 32],
        signature: Option<&[u8]>,
    ) -> Result<Admission> {
        let actual = hex(sha256);
        let refuse =
            |m: String| Error::new(ErrorKind::AccessFailed, m).with_component_id(source, &actual);
        let source_str = source.to_string_lossy();
        let sig_name = if source_str.starts_with("oci://") {
            "the signature pulled with it".to_string()
        } else {
            format!("{}.sig", source.display())
        };
        let signer = match signature {
            None => None,
            Some(bytes) => {
                let sig = ComponentSignature::from_json(bytes).map_err(|m| {
                    refuse(format!(
                        "refused: {sig_name} is malformed: {m} (sign the component again)"
                    ))
                })?;
                Some(sig.verify(sha256).map_err(|m| {
                    refuse(format!(
                        "refused: bad signature in {sig_name}: {m} (a changed component or signature; sign it again, or remove the signature to load it unsigned)"
                    ))
                })?)
            }
        };
        let bundled = source_str.starts_with(BUNDLED_PREFIX);
        let mut admission = Admission {
            signer,
            lock_entry: None,
        };
        if let Some(lock) = &self.lock {
            let (lock_path, lock) = &**lock;
            let name = component_name(&source_str);
            let entry = lock.find(&source_str, &name).ok_or_else(|| {
                let how = if bundled {
                    "`plugboard components lock` without --no-bundled pins the bundled components"
                        .to_string()
                } else {
                    format!(
                        "to allow it, write the lock again with the `plugboard components lock` command that wrote it plus `--add {}`",
                        source.display()
                    )
                };
                refuse(format!(
                    "refused by lockfile {}: {} (sha256:{actual}) is not in it; {how}",
                    lock_path.display(),
                    source.display(),
                ))
            })?;
            if !entry.sha256.eq_ignore_ascii_case(&actual) {
                return Err(refuse(format!(
                    "refused by lockfile {}: the bytes of {} differ from the locked ones: expected sha256:{}, actual sha256:{actual} (restore the locked build, or write the lock again to accept this one)",
                    lock_path.display(),
                    source.display(),
                    entry.sha256
                )));
            }
            if let Some(want) = &entry.publisher_key {
                match signer {
                    None => {
                        let where_ = if bundled {
                            "the bundled components are unsigned: load the signed file with --no-bundled --backend FILE".to_string()
                        } else if source_str.starts_with("oci://") {
                            "push the component with its FILE.wasm.sig beside it (`plugboard components push` sends it along) and pull again".to_string()
                        } else {
                            format!("expected {}.sig beside it", source.display())
                        };
                        return Err(refuse(format!(
                            "refused by lockfile {}: {} must be signed by {want}, and it has no signature ({where_})",
                            lock_path.display(),
                            source.display(),
                        )));
                    }
                    Some(k) if k.to_string() != want.trim() => {
                        return Err(refuse(format!(
                            "refused by lockfile {}: {} must be signed by {want}, it is signed by {k} (sign it with the key the lock names, or write the lock again to accept this signer)",
                            lock_path.display(),
                            source.display()
                        )))
                    }
                    Some(_) => {}
                }
            }
            admission.lock_entry = Some(entry.clone());
        }
        if self.require_signed && !bundled && admission.signer.is_none() {
            return Err(refuse(format!(
                "refused: {} is not signed and signatures are required (--require-signed); sign it with `plugboard components sign`",
                source.display()
            )));
        }
        Ok(admission)
    }
}

/// The name a lockfile and a signature give a component from `source`: a file's name,
/// or an OCI repository's last path segment without tag or digest.
pub fn component_name(source: &str) -> String {
    if let Some(reference) = source.strip_prefix("oci://") {
        let repo = reference.split('@').next().unwrap_or(reference);
        let last = repo.rsplit('/').next().unwrap_or(repo);
        return last.split(':').next().unwrap_or(last).to_string();
    }
    Path::new(source)
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| source.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names() {
        assert_eq!(component_name("a/b/x.wasm"), "x.wasm");
        assert_eq!(component_name("<bundled>/portable.wasm"), "portable.wasm");
        assert_eq!(
            component_name("oci://127.0.0.1:5000/plugboard/xnnpack:1.4.0"),
            "xnnpack"
        );
        assert_eq!(
            component_name("oci://localhost:5000/p/xnnpack@sha256:abcd"),
            "xnnpack"
        );
    }
}
