//! The local content-addressed component store: components pulled from an OCI
//! registry, kept by the SHA-256 of their bytes.
//!
//! Layout under the store root (`$PLUGBOARD_HOME/store`, default
//! `$XDG_DATA_HOME/plugboard/store`, else `~/.local/share/plugboard/store`):
//!
//! - `sha256/<hex>.wasm`: a component whose bytes hash to `<hex>`;
//! - `sha256/<hex>.wasm.sig`: the signature document pulled with it, if any;
//! - `manifests/sha256/<hex>`: for a manifest digest, the digest of its component layer,
//!   so that a reference pinned by digest loads without the network.
//!
//! Every read checks the bytes against their name: a store entry changed on disk is an
//! error, never loaded. Writes are atomic (temporary file, then rename).

use std::path::{Path, PathBuf};

use crate::component::{hex, sha256};
use crate::{Error, ErrorKind, Result};

/// The local component store.
#[derive(Debug, Clone)]
pub struct Store {
    root: PathBuf,
}

/// A component read from the store.
#[derive(Debug, Clone)]
pub struct StoredComponent {
    /// Its bytes (verified against their digest).
    pub bytes: Vec<u8>,
    /// The signature document kept with it, if any.
    pub signature: Option<Vec<u8>>,
    /// The file it was read from.
    pub path: PathBuf,
}

fn io_err(what: &str, path: &Path, e: std::io::Error) -> Error {
    Error::new(ErrorKind::AccessFailed, format!("{what}: {e}")).with_file(path)
}

fn write_atomically(path: &Path, data: &[u8]) -> Result<()> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)
            .map_err(|e| io_err("cannot create store directory", dir, e))?;
    }
    let tmp = path.with_extension(format!(
        "tmp{}-{:?}",
        std::process::id(),
        std::thread::current().id()
    ));
    std::fs::write(&tmp, data)
        .and_then(|()| std::fs::rename(&tmp, path))
        .map_err(|e| {
            let _ = std::fs::remove_file(&tmp);
            io_err("cannot write to the store", path, e)
        })
}

/// `sha256:<64 hex>` or `<64 hex>` to the hex digits; `None` otherwise.
pub fn digest_hex(digest: &str) -> Option<&str> {
    let h = digest.strip_prefix("sha256:").unwrap_or(digest);
    (h.len() == 64 && h.bytes().all(|b| b.is_ascii_hexdigit())).then_some(h)
}

impl Store {
    /// The store at `root` (created on first write).
    pub fn new(root: impl Into<PathBuf>) -> Store {
        Store { root: root.into() }
    }

    /// The default store: `$PLUGBOARD_HOME/store`, else `$XDG_DATA_HOME/plugboard/store`,
    /// else `$HOME/.local/share/plugboard/store`.
    ///
    /// Errors: `NotFound` when none of those variables is set.
    pub fn default_location() -> Result<Store> {
        let home = std::env::var_os("PLUGBOARD_HOME")
            .filter(|v| !v.is_empty())
            .map(PathBuf::from)
            .or_else(|| {
                std::env::var_os("XDG_DATA_HOME")
                    .filter(|v| !v.is_empty())
                    .map(|d| PathBuf::from(d).join("plugboard"))
            })
            .or_else(|| {
                std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".local/share/plugboard"))
            })
            .ok_or_else(|| {
                Error::new(
                    ErrorKind::NotFound,
                    "no place for the component store: set PLUGBOARD_HOME",
                )
            })?;
        Ok(Store::new(home.join("store")))
    }

    /// The store's root directory.
    pub fn root(&self) -> &Path {
        &self.root
    }

    /// Where the component with SHA-256 `hex` is (or would be) kept.
    pub fn component_path(&self, hex: &str) -> PathBuf {
        self.root.join("sha256").join(format!("{hex}.wasm"))
    }

    /// Keeps `bytes` (and the `signature` document pulled with them) under their
    /// SHA-256; returns the file.
    ///
    /// Errors: `AccessFailed` naming the file that could not be written.
    pub fn put(&self, bytes: &[u8], signature: Option<&[u8]>) -> Result<PathBuf> {
        let path = self.component_path(&hex(&sha256(bytes)));
        write_atomically(&path, bytes)?;
        let sig = sig_path(&path);
        match signature {
            Some(s) => write_atomically(&sig, s)?,
            None => {
                let _ = std::fs::remove_file(&sig);
            }
        }
        Ok(path)
    }

    /// The component whose SHA-256 is `digest` (`sha256:<hex>` or `<hex>`), if kept.
    ///
    /// Errors: `AccessFailed` when the file cannot be read; `InvalidState` when its bytes
    /// no longer hash to its name (changed on disk: both digests named).
    pub fn get(&self, digest: &str) -> Result<Option<StoredComponent>> {
        let Some(want) = digest_hex(digest) else {
            return Ok(None);
        };
        let path = self.component_path(&want.to_ascii_lowercase());
        let bytes = match std::fs::read(&path) {
            Ok(b) => b,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(io_err("cannot read from the store", &path, e)),
        };
        let actual = hex(&sha256(&bytes));
        if !actual.eq_ignore_ascii_case(want) {
            return Err(Error::new(
                ErrorKind::InvalidState,
                format!(
                    "store entry changed on disk: expected sha256:{want}, actual sha256:{actual} (delete it and pull again)"
                ),
            )
            .with_file(&path));
        }
        let signature = match std::fs::read(sig_path(&path)) {
            Ok(s) => Some(s),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
            Err(e) => return Err(io_err("cannot read from the store", &sig_path(&path), e)),
        };
        Ok(Some(StoredComponent {
            bytes,
            signature,
            path,
        }))
    }

    /// Records that manifest `manifest` (`sha256:<hex>`) has component layer `layer`.
    ///
    /// Errors: `AccessFailed`; `InvalidArgument` for a malformed digest.
    pub fn record_manifest(&self, manifest: &str, layer: &str) -> Result<()> {
        let (Some(m), Some(l)) = (digest_hex(manifest), digest_hex(layer)) else {
            return Err(Error::invalid_argument(format!(
                "malformed digests {manifest} / {layer}"
            )));
        };
        write_atomically(
            &self.root.join("manifests").join("sha256").join(m),
            format!("sha256:{l}\n").as_bytes(),
        )
    }

    /// The component layer digest recorded for manifest `manifest`, if any.
    pub fn manifest_layer(&self, manifest: &str) -> Option<String> {
        let m = digest_hex(manifest)?;
        let text =
            std::fs::read_to_string(self.root.join("manifests").join("sha256").join(m)).ok()?;
        let layer = text.trim();
        digest_hex(layer).map(|h| format!("sha256:{h}"))
    }
}

fn sig_path(component: &Path) -> PathBuf {
    let mut s = component.as_os_str().to_owned();
    s.push(".sig");
    PathBuf::from(s)
}
