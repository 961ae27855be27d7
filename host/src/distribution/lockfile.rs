//! `plugboard.lock`: the components a deployment may load, pinned by digest.
//!
//! Format (TOML, written by `plugboard components lock`):
//!
//! ```toml
//! # plugboard.lock: the components this deployment may load (plugboard components lock)
//! version = 1
//!
//! [[component]]
//! name = "xnnpack.wasm"                  # the file name (or the OCI repository's last part)
//! kind = "backend"                       # or "kernel-library"
//! contract = "1.4.0"                     # plugboard:runtime version it was built against
//! component-version = "0.1.0"            # from its metadata; absent when it has none
//! sha256 = "9f2c…"                       # SHA-256 of its bytes, 64 lower-case hex digits
//! source = "components/xnnpack.wasm"     # a path, <bundled>/NAME, or oci://REF@sha256:…
//! publisher-key = "ed25519:3b6a…"        # optional: it must carry a signature by this key
//! ```
//!
//! A component is matched to an entry by its source, else by its name; its bytes must
//! hash to the entry's `sha256`. The check runs before the component is compiled.

use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::{Error, ErrorKind, Result};

/// The lockfile's format version.
pub const LOCK_VERSION: u32 = 1;

/// The conventional file name.
pub const LOCK_FILE: &str = "plugboard.lock";

/// One pinned component.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct LockEntry {
    /// The component's file name (`xnnpack.wasm`), or for an OCI source the
    /// repository's last path segment.
    pub name: String,
    /// `kernel-library` or `backend`.
    pub kind: String,
    /// The `plugboard:runtime` contract version it was built against.
    pub contract: String,
    /// Its own version from its metadata, when it has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub component_version: Option<String>,
    /// SHA-256 of its bytes, 64 lower-case hex digits.
    pub sha256: String,
    /// Where it comes from: a file path, `<bundled>/NAME`, or `oci://REF@sha256:…`.
    pub source: String,
    /// The publisher key (`ed25519:<hex>`) its signature must verify under, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub publisher_key: Option<String>,
}

/// A parsed lockfile.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Lockfile {
    /// Format version ([`LOCK_VERSION`]).
    pub version: u32,
    /// The pinned components, in load order.
    #[serde(default, rename = "component")]
    pub components: Vec<LockEntry>,
}

impl Lockfile {
    /// An empty lockfile of the current format.
    pub fn new() -> Lockfile {
        Lockfile {
            version: LOCK_VERSION,
            components: Vec::new(),
        }
    }

    /// Parses lockfile text; `origin` names it in errors.
    ///
    /// Errors: `InvalidArgument` naming the file: not TOML of this format, another
    /// format version, a malformed digest or publisher key.
    pub fn parse(text: &str, origin: &Path) -> Result<Lockfile> {
        let bad = |m: String| Error::invalid_argument(m).with_file(origin);
        let lock: Lockfile =
            toml::from_str(text).map_err(|e| bad(format!("not a plugboard lockfile: {e}")))?;
        if lock.version != LOCK_VERSION {
            return Err(bad(format!(
                "lockfile version {} is not supported (this plugboard reads version {LOCK_VERSION})",
                lock.version
            )));
        }
        for e in &lock.components {
            if e.sha256.len() != 64 || !e.sha256.bytes().all(|b| b.is_ascii_hexdigit()) {
                return Err(bad(format!(
                    "component {}: sha256 `{}` is not 64 hex digits",
                    e.name, e.sha256
                )));
            }
            if let Some(k) = &e.publisher_key {
                k.parse::<super::signing::PublisherKey>()
                    .map_err(|m| bad(format!("component {}: {m}", e.name)))?;
            }
        }
        Ok(lock)
    }

    /// Reads and parses the lockfile at `path`.
    ///
    /// Errors: `AccessFailed` when it cannot be read; those of [`Lockfile::parse`].
    pub fn read(path: &Path) -> Result<Lockfile> {
        let text = std::fs::read_to_string(path).map_err(|e| {
            Error::new(
                ErrorKind::AccessFailed,
                format!("cannot read lockfile: {e}"),
            )
            .with_file(path)
        })?;
        Lockfile::parse(&text, path)
    }

    /// The lockfile as TOML text, with a header comment.
    pub fn to_toml(&self) -> String {
        let body = toml::to_string_pretty(self).unwrap_or_default();
        format!(
            "# plugboard.lock: the components this deployment may load, pinned by SHA-256.\n# Written by `plugboard components lock`; load with --locked.\n{body}"
        )
    }

    /// Writes the lockfile to `path` (atomically: a temporary file renamed over it).
    ///
    /// Errors: `AccessFailed` naming the file.
    pub fn write(&self, path: &Path) -> Result<()> {
        let tmp = path.with_extension(format!("lock.tmp{}", std::process::id()));
        std::fs::write(&tmp, self.to_toml())
            .and_then(|()| std::fs::rename(&tmp, path))
            .map_err(|e| {
                let _ = std::fs::remove_file(&tmp);
                Error::new(
                    ErrorKind::AccessFailed,
                    format!("cannot write lockfile: {e}"),
                )
                .with_file(path)
            })
    }

    /// The entry for a component from `source` named `name`: the one with that source,
    /// else the only one with that name.
    pub fn find(&self, source: &str, name: &str) -> Option<&LockEntry> {
        self.components
            .iter()
            .find(|e| e.source == source)
            .or_else(|| {
                let mut named = self.components.iter().filter(|e| e.name == name);
                match (named.next(), named.next()) {
                    (Some(e), None) => Some(e),
                    _ => None,
                }
            })
    }

    /// Adds `entry`, replacing an entry with the same source.
    pub fn upsert(&mut self, entry: LockEntry) {
        match self
            .components
            .iter_mut()
            .find(|e| e.source == entry.source)
        {
            Some(e) => *e = entry,
            None => self.components.push(entry),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_and_errors() {
        let mut l = Lockfile::new();
        l.upsert(LockEntry {
            name: "x.wasm".into(),
            kind: "backend".into(),
            contract: "1.4.0".into(),
            component_version: Some("0.1.0".into()),
            sha256: "ab".repeat(32),
            source: "dir/x.wasm".into(),
            publisher_key: None,
        });
        let text = l.to_toml();
        let back = Lockfile::parse(&text, Path::new("t.lock")).unwrap();
        assert_eq!(back, l);
        assert!(back.find("other/x.wasm", "x.wasm").is_some());
        assert!(back.find("other/y.wasm", "y.wasm").is_none());
        let bad = text.replace(&"ab".repeat(32), "abc");
        let e = Lockfile::parse(&bad, Path::new("t.lock")).unwrap_err();
        assert!(e.message.contains("not 64 hex digits"), "{e}");
        let e = Lockfile::parse("version = 2\n", Path::new("t.lock")).unwrap_err();
        assert!(e.message.contains("version 2"), "{e}");
    }
}
