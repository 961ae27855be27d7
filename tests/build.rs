//! Sets `cfg(no_oci_registry)` when Debian's `docker-registry` (the real OCI registry the
//! OCI and shipping tests start) is not installed, so that those tests are ignored with
//! that reason; never under `CI`, where `.ci/run` installs it and a missing one fails
//! them.

fn main() {
    println!("cargo::rustc-check-cfg=cfg(no_oci_registry)");
    println!("cargo::rerun-if-env-changed=CI");
    println!("cargo::rerun-if-env-changed=PATH");
    // A path that does not exist makes cargo run this script again on every build, so
    // installing the registry later is noticed.
    println!("cargo::rerun-if-changed=/usr/bin/docker-registry");
    let found = std::env::var_os("PATH")
        .is_some_and(|p| std::env::split_paths(&p).any(|d| d.join("docker-registry").is_file()));
    if !found && std::env::var_os("CI").is_none() {
        println!("cargo::rustc-cfg=no_oci_registry");
    }
}
