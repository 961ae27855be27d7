//! The contract version check: which `plugboard:runtime` version a component was
//! built against, and whether this host can serve it.
//!
//! Policy (README, "Contract versions"): a component built against `M.a.x` loads in a
//! host that implements `M.b.y` when `a <= b`. The host implements one version per
//! major it serves ([`HOST_VERSIONS`]: the newest, `wit/`, and the newest 1.x release,
//! served through the 1.x adapter in `crate::bindings::v1`); any other major is refused
//! before instantiation, with the versions in the message.
//!
//! A released version never changes in shape or in meaning. Where a newer version gives
//! a call another meaning, the host serves each component the meaning of the version it
//! was built against: [`ContractVersion`]'s predicates below are the one place that
//! decides, and each frozen folder's README (`wit/X.Y.Z/README.md`) lists what its
//! version changed in meaning.

use std::fmt;

/// The WIT package name of the runtime contract.
pub const PACKAGE: &str = "plugboard:runtime";

include!(concat!(env!("OUT_DIR"), "/contract_version.rs"));

/// A semver version of the `plugboard:runtime` package.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct ContractVersion {
    /// Incompatible changes.
    pub major: u64,
    /// Backward-compatible additions.
    pub minor: u64,
    /// Fixes.
    pub patch: u64,
}

impl ContractVersion {
    /// Parses `MAJOR.MINOR.PATCH` (a pre-release or build suffix is ignored).
    pub fn parse(s: &str) -> Option<ContractVersion> {
        let core = s.split(['-', '+']).next()?;
        let mut it = core.split('.');
        let v = ContractVersion {
            major: it.next()?.parse().ok()?,
            minor: it.next()?.parse().ok()?,
            patch: it.next()?.parse().ok()?,
        };
        it.next().is_none().then_some(v)
    }

    /// Whether a component built against `self` may load in a host implementing `host`.
    pub fn is_served_by(self, host: ContractVersion) -> bool {
        self.major == host.major && self.minor <= host.minor
    }

    /// Whether this host serves a component built against `self`: one of
    /// [`HOST_VERSIONS`] has its major and at least its minor.
    pub fn is_served(self) -> bool {
        HOST_VERSIONS.iter().any(|&h| self.is_served_by(h))
    }

    /// `major.minor.patch`.
    pub const fn new(major: u64, minor: u64, patch: u64) -> ContractVersion {
        ContractVersion {
            major,
            minor,
            patch,
        }
    }

    /// Whether the output arguments of a delegate call reach `backend-interface.execute`
    /// with their current bytes (1.0-1.3) rather than with empty `data` (1.4 onwards,
    /// which saves reading and copying every output before the call). A backend built
    /// against 1.0-1.3 may size or fill its outputs from those bytes, as its contract
    /// allowed, so it keeps getting them.
    pub fn delegate_outputs_carry_bytes(self) -> bool {
        self < ContractVersion::new(1, 4, 0)
    }

    /// Whether a kernel library gets prepared-call batches in methods whose
    /// descriptors change between runs (dynamic shapes, prim operators): 2.3 onwards,
    /// whose `kernels.prepare` says calls are prepared again when their tensors are
    /// resized. Before 2.3 the contract promised such calls only in methods whose
    /// descriptors never change, so older libraries keep that.
    pub fn prepares_dynamic_calls(self) -> bool {
        self.major == 2 && self >= ContractVersion::new(2, 3, 0)
    }
}

impl fmt::Display for ContractVersion {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{}.{}", self.major, self.minor, self.patch)
    }
}

/// Extracts the `plugboard:runtime` version from an import or export name such as
/// `plugboard:runtime/kernels@1.0.0`; `None` for names of other packages.
pub fn version_in_name(name: &str) -> Option<Result<ContractVersion, String>> {
    let rest = name.strip_prefix(PACKAGE)?.strip_prefix('/')?;
    let (_, version) = match rest.split_once('@') {
        Some(parts) => parts,
        None => return Some(Err(format!("`{name}` has no version"))),
    };
    Some(ContractVersion::parse(version).ok_or_else(|| format!("`{name}` has a malformed version")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn meaning_by_version() {
        let v = |s| ContractVersion::parse(s).unwrap();
        assert!(v("2.3.0").prepares_dynamic_calls());
        assert!(!v("2.2.0").prepares_dynamic_calls());
        assert!(!v("1.4.0").prepares_dynamic_calls());
        assert!(v("1.0.0").delegate_outputs_carry_bytes());
        assert!(v("1.3.9").delegate_outputs_carry_bytes());
        assert!(!v("1.4.0").delegate_outputs_carry_bytes());
    }

    #[test]
    fn semver_policy() {
        let v = |s| ContractVersion::parse(s).unwrap();
        assert!(v("1.0.0").is_served_by(v("1.0.0")));
        assert!(v("2.0.0").is_served_by(HOST_VERSION));
        assert!(!v("1.0.0").is_served_by(HOST_VERSION));
        assert!(!v("1.5.0").is_served());
        assert!(v("2.1.0").is_served());
        assert!(v("2.2.0").is_served());
        assert!(v("2.0.0").is_served_by(v("2.1.0")));
        assert!(!v("2.1.0").is_served_by(v("2.0.0")));
        assert!(v("2.3.0").is_served());
        assert!(v("2.4.0").is_served());
        assert!(!v("2.5.0").is_served());
        assert!(v("1.0.3").is_served_by(v("1.2.0")));
        assert!(!v("1.3.0").is_served_by(v("1.2.0")));
        assert!(!v("2.0.0").is_served_by(v("1.9.0")));
        assert!(!v("0.9.0").is_served_by(v("1.0.0")));
        assert!(v("1.0.0").is_served());
        assert!(v("2.0.0").is_served());
        assert!(!v("3.0.0").is_served());
        assert!(!v("0.9.0").is_served());
    }

    #[test]
    fn names() {
        assert_eq!(
            version_in_name("plugboard:runtime/kernels@1.2.3"),
            Some(Ok(ContractVersion {
                major: 1,
                minor: 2,
                patch: 3
            }))
        );
        assert_eq!(version_in_name("wasi:io/streams@0.2.0"), None);
        assert!(matches!(
            version_in_name("plugboard:runtime/kernels"),
            Some(Err(_))
        ));
    }
}
