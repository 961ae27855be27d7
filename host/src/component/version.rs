//! The contract version check: which `plugboard:runtime` version a component was
//! built against, and whether this host can serve it.
//!
//! Policy (DESIGN.md, "Versioning policy"): a component built against `1.a.x` loads in
//! a host that implements `1.b.y` when `a <= b`; any other major version is refused
//! before instantiation, with both versions in the message.

use std::fmt;

/// The WIT package name of the runtime contract.
pub const PACKAGE: &str = "plugboard:runtime";

/// The contract version this host implements (the version in `wit/*.wit`).
pub const HOST_VERSION: ContractVersion = ContractVersion {
    major: 1,
    minor: 4,
    patch: 0,
};

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
    fn semver_policy() {
        let v = |s| ContractVersion::parse(s).unwrap();
        assert!(v("1.0.0").is_served_by(v("1.0.0")));
        assert!(v("1.0.0").is_served_by(HOST_VERSION));
        assert!(v("1.0.3").is_served_by(v("1.2.0")));
        assert!(!v("1.3.0").is_served_by(v("1.2.0")));
        assert!(!v("2.0.0").is_served_by(v("1.9.0")));
        assert!(!v("0.9.0").is_served_by(v("1.0.0")));
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
