//! The host side of the `qnn` import (`wit/qnn.wit`): Qualcomm's AI Engine Direct
//! (QNN), whose backend libraries (`libQnnHtp.so` for the Hexagon NPU, `libQnnCpu.so`)
//! come with the QNN SDK and are found at run time, never linked.
//!
//! What this host does today, honestly: it looks for the SDK (`QNN_SDK_ROOT`, then the
//! system library path), loads each candidate with `libloading` and checks that it
//! exports `QnnInterface_getProviders`, the SDK's entry point. Executing a context
//! binary through the SDK's C interface table is not implemented yet (it needs the SDK
//! to build and test against, and this project's machines have none), so even with the
//! SDK present [`QnnHost::open`] reports the backend unavailable and says what it found.
//! Nothing is mocked: a QNN program never "runs" without the SDK doing the work.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// The backend libraries looked for, best first.
const LIBRARIES: &[&str] = if cfg!(windows) {
    &["QnnHtp.dll", "QnnCpu.dll"]
} else {
    &["libQnnHtp.so", "libQnnCpu.so"]
};

/// The SDK's `lib/` subfolders for this host, as the SDK names them.
const SDK_LIB_DIRS: &[&str] = if cfg!(all(target_arch = "x86_64", target_os = "linux")) {
    &["x86_64-linux-clang"]
} else if cfg!(all(target_arch = "aarch64", target_os = "android")) {
    &["aarch64-android"]
} else if cfg!(all(target_arch = "aarch64", target_os = "linux")) {
    &[
        "aarch64-oe-linux-gcc11.2",
        "aarch64-oe-linux-gcc9.3",
        "aarch64-ubuntu-gcc9.4",
    ]
} else if cfg!(all(target_arch = "x86_64", windows)) {
    &["x86_64-windows-msvc"]
} else if cfg!(all(target_arch = "aarch64", windows)) {
    &["aarch64-windows-msvc"]
} else {
    &[]
};

/// The QNN SDK as this host found it. One per host; cheap to share.
pub struct QnnHost {
    enabled: bool,
    found: OnceLock<Result<String, String>>,
}

impl QnnHost {
    /// A QNN host; with `enabled` false `open` says QNN is turned off.
    pub fn new(enabled: bool) -> QnnHost {
        QnnHost {
            enabled,
            found: OnceLock::new(),
        }
    }

    /// Whether QNN can run programs here: `Err` says why not (no SDK, a library
    /// without the QNN entry point, or, with the SDK found, that this host cannot yet
    /// execute QNN contexts). The search runs once per host.
    pub fn open(&self) -> Result<String, String> {
        if !self.enabled {
            return Err("QNN is turned off".into());
        }
        self.found
            .get_or_init(|| {
                let lib = find(std::env::var_os("QNN_SDK_ROOT").map(PathBuf::from))?;
                Err(format!(
                    "found {lib}, but this host cannot execute QNN context binaries yet"
                ))
            })
            .clone()
    }
}

/// Finds and loads a QNN backend library: under `sdk_root/lib/<host>/` when given,
/// else on the system library path. `Ok` describes the library.
fn find(sdk_root: Option<PathBuf>) -> Result<String, String> {
    let mut tried = Vec::new();
    match &sdk_root {
        Some(root) => {
            if !root.is_dir() {
                return Err(format!(
                    "QNN_SDK_ROOT={} is not a directory",
                    root.display()
                ));
            }
            for dir in SDK_LIB_DIRS {
                for name in LIBRARIES {
                    let path = root.join("lib").join(dir).join(name);
                    if path.is_file() {
                        return check(&path);
                    }
                    tried.push(path.display().to_string());
                }
            }
            Err(format!(
                "the QNN SDK at {} has no backend library for this host (looked for {})",
                root.display(),
                if tried.is_empty() {
                    "nothing: no QNN libraries exist for this platform".to_string()
                } else {
                    tried.join(", ")
                }
            ))
        }
        None => {
            for name in LIBRARIES {
                // SAFETY: loading a library runs its initializers. The names are the
                // QNN SDK's own; finding one on the library path means the user
                // installed it there.
                if let Ok(lib) = unsafe { libloading::Library::new(name) } {
                    return entry_point(&lib, name);
                }
            }
            Err(format!(
                "the QNN SDK was not found: QNN_SDK_ROOT is not set and neither {} is on the library path",
                LIBRARIES.join(" nor ")
            ))
        }
    }
}

fn check(path: &Path) -> Result<String, String> {
    // SAFETY: as in `find`: a library inside the SDK the user pointed at.
    let lib = unsafe { libloading::Library::new(path) }
        .map_err(|e| format!("cannot load {}: {e}", path.display()))?;
    entry_point(&lib, &path.display().to_string())
}

fn entry_point(lib: &libloading::Library, name: &str) -> Result<String, String> {
    // SAFETY: only the symbol's presence is checked; it is never called.
    let sym: Result<libloading::Symbol<'_, unsafe extern "C" fn()>, _> =
        unsafe { lib.get(b"QnnInterface_getProviders\0") };
    match sym {
        Ok(_) => Ok(name.to_string()),
        Err(_) => Err(format!(
            "{name} has no QnnInterface_getProviders: not a QNN backend library"
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn missing_sdk_says_why() {
        let e = find(Some(PathBuf::from("/nonexistent/qnn"))).unwrap_err();
        assert!(e.contains("is not a directory"), "{e}");
        let dir = std::env::temp_dir().join(format!("qnn-empty-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let e = find(Some(dir.clone())).unwrap_err();
        assert!(e.contains("has no backend library for this host"), "{e}");
        // A file with the library's name that is not a library.
        if let Some(sub) = SDK_LIB_DIRS.first() {
            let lib_dir = dir.join("lib").join(sub);
            std::fs::create_dir_all(&lib_dir).unwrap();
            std::fs::write(lib_dir.join(LIBRARIES[0]), b"not an ELF file").unwrap();
            let e = find(Some(dir.clone())).unwrap_err();
            assert!(e.contains("cannot load"), "{e}");
        }
        assert_eq!(QnnHost::new(false).open().unwrap_err(), "QNN is turned off");
    }
}
