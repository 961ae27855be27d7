//! Publisher signatures over components: Ed25519 (RFC 8032, through `ed25519-dalek`)
//! over a component's SHA-256 and its metadata.
//!
//! A signature travels as a small JSON document ([`ComponentSignature`]): beside a file
//! as `FILE.wasm.sig`, and with an OCI push as a second artifact that refers to the
//! component (see [`super::oci`]). The signed message is
//! `"plugboard component signature v1\n" || sha256 hex || "\n" || metadata JSON`, where
//! the metadata JSON is [`SignedMetadata`] serialized with its fields in declaration
//! order, so a signature binds the exact bytes (through their digest) and what the
//! publisher said they are (name, kind, contract version, component version).
//!
//! Keys are text: a public key is `ed25519:<64 hex digits>` ([`PublisherKey`]), a secret
//! key file holds `ed25519-secret:<64 hex digits>` and is written with mode 0600.

use std::fmt;
use std::path::Path;
use std::str::FromStr;

use ed25519_dalek::{Signature, Signer, SigningKey, Verifier, VerifyingKey};
use serde::{Deserialize, Serialize};

use crate::component::hex;
use crate::{Error, ErrorKind, Result};

const MESSAGE_DOMAIN: &str = "plugboard component signature v1";
const PUBLIC_PREFIX: &str = "ed25519:";
const SECRET_PREFIX: &str = "ed25519-secret:";

/// A publisher's Ed25519 public key; text form `ed25519:<64 lower-case hex digits>`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PublisherKey(VerifyingKey);

impl fmt::Display for PublisherKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{PUBLIC_PREFIX}{}", hex(self.0.as_bytes()))
    }
}

impl FromStr for PublisherKey {
    type Err = String;

    /// Parses `ed25519:<64 hex digits>`; the error says what is wrong.
    fn from_str(s: &str) -> std::result::Result<Self, String> {
        let s = s.trim();
        // Never echo a secret key back (it would land in logs and terminals).
        if s.starts_with(SECRET_PREFIX) {
            return Err(
                "this is a secret key, not a publisher key: give the public key (the NAME.pub file keygen wrote beside NAME.key)".into(),
            );
        }
        let shown = if s.len() > 80 { "the text" } else { s };
        let digits = s.strip_prefix(PUBLIC_PREFIX).ok_or_else(|| {
            format!("`{shown}` is not a publisher key (expected {PUBLIC_PREFIX}<64 hex digits>)")
        })?;
        let bytes = unhex32(digits).ok_or_else(|| {
            format!("`{shown}`: a publisher key has 64 hex digits after {PUBLIC_PREFIX}")
        })?;
        VerifyingKey::from_bytes(&bytes)
            .map(PublisherKey)
            .map_err(|_| format!("`{shown}` is not a valid Ed25519 public key"))
    }
}

/// A publisher's secret signing key.
pub struct SecretKey(SigningKey);

impl fmt::Debug for SecretKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "SecretKey({})", self.public())
    }
}

impl SecretKey {
    /// A new random key (from the operating system's random source).
    ///
    /// Errors: `Internal` when the system has no random bytes to give.
    pub fn generate() -> Result<SecretKey> {
        let mut seed = [0u8; 32];
        getrandom::getrandom(&mut seed).map_err(|e| {
            Error::new(
                ErrorKind::Internal,
                format!("no random bytes for a new key: {e}"),
            )
        })?;
        Ok(SecretKey(SigningKey::from_bytes(&seed)))
    }

    /// The public half.
    pub fn public(&self) -> PublisherKey {
        PublisherKey(self.0.verifying_key())
    }

    /// Reads a secret key file (`ed25519-secret:<64 hex digits>`).
    ///
    /// Errors: `AccessFailed` when it cannot be read; `InvalidArgument` when it is not
    /// a secret key, or (Unix) when other users can read it.
    pub fn read(path: &Path) -> Result<SecretKey> {
        let text = std::fs::read_to_string(path).map_err(|e| {
            Error::new(
                ErrorKind::AccessFailed,
                format!("cannot read secret key: {e}"),
            )
            .with_file(path)
        })?;
        if text.trim().starts_with(PUBLIC_PREFIX) {
            return Err(Error::invalid_argument(
                "this is a public key; signing needs the secret key (the NAME.key file keygen wrote beside NAME.pub)",
            )
            .with_file(path));
        }
        #[cfg(unix)]
        {
            use std::os::unix::fs::MetadataExt;
            if let Ok(m) = std::fs::metadata(path) {
                if m.mode() & 0o077 != 0 {
                    return Err(Error::invalid_argument(format!(
                        "secret key has mode {:o}: other users can read it (chmod 600 it)",
                        m.mode() & 0o7777
                    ))
                    .with_file(path));
                }
            }
        }
        let bytes = text
            .trim()
            .strip_prefix(SECRET_PREFIX)
            .and_then(unhex32)
            .ok_or_else(|| {
                Error::invalid_argument(format!(
                    "not a plugboard secret key (expected {SECRET_PREFIX}<64 hex digits>)"
                ))
                .with_file(path)
            })?;
        Ok(SecretKey(SigningKey::from_bytes(&bytes)))
    }

    /// Writes the key to `path` (created new, mode 0600; an existing file is an error,
    /// so a key is never overwritten).
    ///
    /// Errors: `AccessFailed` naming the file.
    pub fn write(&self, path: &Path) -> Result<()> {
        use std::io::Write;
        let mut o = std::fs::OpenOptions::new();
        o.write(true).create_new(true);
        #[cfg(unix)]
        std::os::unix::fs::OpenOptionsExt::mode(&mut o, 0o600);
        o.open(path)
            .and_then(|mut f| writeln!(f, "{SECRET_PREFIX}{}", hex(self.0.as_bytes())))
            .map_err(|e| {
                Error::new(
                    ErrorKind::AccessFailed,
                    format!("cannot write secret key: {e}"),
                )
                .with_file(path)
            })
    }
}

/// What the publisher says a component is; signed together with its digest.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct SignedMetadata {
    /// The component's name (its file name when signed, e.g. `xnnpack.wasm`).
    pub name: String,
    /// `kernel-library` or `backend`.
    pub kind: String,
    /// The `plugboard:runtime` contract version it was built against, e.g. `1.4.0`.
    pub contract: String,
    /// The component's own version from its metadata, when it has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub component_version: Option<String>,
}

/// A signature file (`FILE.wasm.sig`, JSON).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct ComponentSignature {
    /// Format version, 1.
    pub format: u32,
    /// SHA-256 of the component's bytes, lower-case hex.
    pub sha256: String,
    /// What was signed besides the digest.
    pub metadata: SignedMetadata,
    /// The signer's public key, `ed25519:<hex>`.
    pub public_key: String,
    /// The Ed25519 signature (64 bytes), lower-case hex.
    pub signature: String,
}

fn message(sha256_hex: &str, metadata: &SignedMetadata) -> Vec<u8> {
    let mut m = format!("{MESSAGE_DOMAIN}\n{sha256_hex}\n").into_bytes();
    // Serializing a plain struct of strings cannot fail.
    m.extend_from_slice(&serde_json::to_vec(metadata).unwrap_or_default());
    m
}

impl ComponentSignature {
    /// Signs the component whose bytes hash to `sha256` with `key`.
    pub fn sign(key: &SecretKey, sha256: &[u8; 32], metadata: SignedMetadata) -> Self {
        let sha256 = hex(sha256);
        let sig = key.0.sign(&message(&sha256, &metadata));
        ComponentSignature {
            format: 1,
            public_key: key.public().to_string(),
            signature: hex(&sig.to_bytes()),
            sha256,
            metadata,
        }
    }

    /// Parses a signature file's bytes.
    ///
    /// Errors: a message saying what is malformed.
    pub fn from_json(bytes: &[u8]) -> std::result::Result<Self, String> {
        let s: ComponentSignature =
            serde_json::from_slice(bytes).map_err(|e| format!("not a plugboard signature: {e}"))?;
        if s.format != 1 {
            return Err(format!(
                "signature format {} is not supported (1 is)",
                s.format
            ));
        }
        Ok(s)
    }

    /// The signature file's bytes (pretty JSON).
    pub fn to_json(&self) -> Vec<u8> {
        let mut v = serde_json::to_vec_pretty(self).unwrap_or_default();
        v.push(b'\n');
        v
    }

    /// Checks that this signature is over `sha256` (the bytes being loaded) and was made
    /// by the key it names; returns that key.
    ///
    /// Errors: a message saying which check failed (another digest, a malformed key or
    /// signature, a signature that does not verify).
    pub fn verify(&self, sha256: &[u8; 32]) -> std::result::Result<PublisherKey, String> {
        let actual = hex(sha256);
        if self.sha256 != actual {
            return Err(format!(
                "the signature is for sha256:{}, the component's bytes are sha256:{actual}",
                self.sha256
            ));
        }
        let key: PublisherKey = self.public_key.parse()?;
        let sig = unhex64(&self.signature)
            .map(|b| Signature::from_bytes(&b))
            .ok_or("the signature is not 128 hex digits")?;
        key.0
            .verify(&message(&self.sha256, &self.metadata), &sig)
            .map_err(|_| format!("the signature does not verify under {key}"))?;
        Ok(key)
    }
}

fn unhex32(s: &str) -> Option<[u8; 32]> {
    unhex(s)?.try_into().ok()
}

fn unhex64(s: &str) -> Option<[u8; 64]> {
    unhex(s)?.try_into().ok()
}

/// Lower- or upper-case hex to bytes; `None` on odd length or a non-hex digit.
pub(crate) fn unhex(s: &str) -> Option<Vec<u8>> {
    if !s.len().is_multiple_of(2) {
        return None;
    }
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(s.get(i..i + 2)?, 16).ok())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn meta() -> SignedMetadata {
        SignedMetadata {
            name: "x.wasm".into(),
            kind: "backend".into(),
            contract: "1.4.0".into(),
            component_version: None,
        }
    }

    #[test]
    fn sign_verify_and_tamper() {
        let key = SecretKey::generate().unwrap();
        let digest = [7u8; 32];
        let sig = ComponentSignature::sign(&key, &digest, meta());
        let back = ComponentSignature::from_json(&sig.to_json()).unwrap();
        assert_eq!(back.verify(&digest).unwrap(), key.public());
        assert!(back
            .verify(&[8u8; 32])
            .unwrap_err()
            .contains("is for sha256:"));
        let mut other = back.clone();
        other.metadata.contract = "1.3.0".into();
        assert!(other
            .verify(&digest)
            .unwrap_err()
            .contains("does not verify"));
        let mut other = back.clone();
        other.public_key = SecretKey::generate().unwrap().public().to_string();
        assert!(other
            .verify(&digest)
            .unwrap_err()
            .contains("does not verify"));
        assert_eq!(
            key.public().to_string().parse::<PublisherKey>().unwrap(),
            key.public()
        );
        assert!("ed25519:zz".parse::<PublisherKey>().is_err());
    }
}
