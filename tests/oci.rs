//! OCI push and pull (`host/src/distribution/oci.rs`) against a real registry
//! (Debian's `docker-registry`, distribution 2.8, started on 127.0.0.1 by each test):
//! round trips by tag and digest, the signature referrer, a missing tag, a stopped
//! registry, a tampered and a truncated blob, a non-Wasm image, basic auth.
//!
//! Without `docker-registry` installed these tests are ignored with that reason
//! (`tests/build.rs`), except under `CI`, where they fail.

use std::collections::BTreeMap;

use anyhow::{anyhow, Result};
use plugboard::distribution::oci::{self, Credentials, OciReference};
use plugboard_tests::registry_server::RegistryServer;

fn server() -> Result<RegistryServer> {
    RegistryServer::start().map_err(|e| anyhow!(e))
}

/// A fake component: the wasm component preamble plus some bytes.
fn component(n: usize) -> Vec<u8> {
    let mut v = b"\0asm\x0d\x00\x01\x00".to_vec();
    v.extend((0..n).map(|i| (i * 31 % 251) as u8));
    v
}

fn r(s: &str) -> Result<OciReference> {
    OciReference::parse(s)
}

#[test]
#[cfg_attr(
    no_oci_registry,
    ignore = "docker-registry is not installed (apt-get install docker-registry)"
)]
fn push_then_pull_by_tag_and_digest() -> Result<()> {
    let reg = server()?;
    let bytes = component(300_000);
    let mut ann = BTreeMap::new();
    ann.insert(
        "org.opencontainers.image.version".to_string(),
        "1.4.0".to_string(),
    );
    let tagged = r(&format!("{}/plugboard/xnnpack:1.4.0", reg.host()))?;
    let digest = oci::push(&tagged, &bytes, None, &ann)?;
    assert!(
        digest.starts_with("sha256:") && digest.len() == 71,
        "{digest}"
    );

    let mut calls = Vec::new();
    let mut cb = |done: u64, total: u64| calls.push((done, total));
    let pulled = oci::pull(&tagged, Some(&mut cb))?;
    assert_eq!(pulled.component, bytes);
    assert_eq!(pulled.manifest_digest, digest);
    assert_eq!(pulled.signature, None);
    assert_eq!(calls.first(), Some(&(0, bytes.len() as u64)));
    assert_eq!(
        calls.last(),
        Some(&(bytes.len() as u64, bytes.len() as u64))
    );

    let pinned = r(&format!("{}/plugboard/xnnpack@{digest}", reg.host()))?;
    let again = oci::pull(&pinned, None)?;
    assert_eq!(again.component, bytes);
    assert_eq!(again.layer_digest, pulled.layer_digest);

    // Pushing the same bytes to a second tag reuses the blobs.
    let other = r(&format!("{}/plugboard/xnnpack:latest", reg.host()))?;
    oci::push(&other, &bytes, None, &ann)?;
    assert_eq!(oci::pull(&other, None)?.component, bytes);

    // A pinned digest that no manifest has.
    let absent = format!("sha256:{}", "0".repeat(64));
    let err = oci::pull(
        &r(&format!("{}/plugboard/xnnpack@{absent}", reg.host()))?,
        None,
    )
    .err()
    .ok_or_else(|| anyhow!("pull of an absent digest succeeded"))?;
    eprintln!("absent digest: {err:#}");
    assert!(
        err.to_string().contains(&format!("no manifest {absent}")),
        "{err:#}"
    );
    Ok(())
}

#[test]
#[cfg_attr(
    no_oci_registry,
    ignore = "docker-registry is not installed (apt-get install docker-registry)"
)]
fn signature_round_trip() -> Result<()> {
    let reg = server()?;
    let bytes = component(10_000);
    let sig = br#"{"alg":"ed25519","sig":"abcd"}"#;
    let tagged = r(&format!("{}/plugboard/signed:1", reg.host()))?;
    let digest = oci::push(&tagged, &bytes, Some(sig), &BTreeMap::new())?;
    let pulled = oci::pull(&tagged, None)?;
    assert_eq!(pulled.component, bytes);
    assert_eq!(pulled.signature.as_deref(), Some(&sig[..]));
    // The referrers tag schema fallback tag exists (distribution 2.8 has no referrers API).
    let tags = http_get(&reg.host(), "/v2/plugboard/signed/tags/list")?;
    let fallback = digest.replace(':', "-");
    assert!(tags.contains(&fallback), "{tags}");
    // By digest too.
    let pinned = r(&format!("{}/plugboard/signed@{digest}", reg.host()))?;
    assert_eq!(
        oci::pull(&pinned, None)?.signature.as_deref(),
        Some(&sig[..])
    );
    // Re-signing: the newest signature wins.
    let sig2 = br#"{"alg":"ed25519","sig":"ef01"}"#;
    let digest2 = oci::push(&tagged, &bytes, Some(sig2), &BTreeMap::new())?;
    let pulled = oci::pull(&tagged, None)?;
    if digest2 == digest {
        assert_eq!(pulled.signature.as_deref(), Some(&sig2[..]));
    } else {
        // The config's `created` changed, so this is a new manifest with one signature.
        assert_eq!(pulled.signature.as_deref(), Some(&sig2[..]));
        assert_eq!(
            oci::pull(&pinned, None)?.signature.as_deref(),
            Some(&sig[..])
        );
    }
    Ok(())
}

#[test]
#[cfg_attr(
    no_oci_registry,
    ignore = "docker-registry is not installed (apt-get install docker-registry)"
)]
fn missing_tag_is_named() -> Result<()> {
    let reg = server()?;
    let tagged = r(&format!("{}/plugboard/xnnpack:1.0", reg.host()))?;
    oci::push(&tagged, &component(100), None, &BTreeMap::new())?;
    for missing in ["plugboard/xnnpack:9.9", "plugboard/nothing:1.0"] {
        let reference = r(&format!("{}/{missing}", reg.host()))?;
        let err = oci::pull(&reference, None)
            .err()
            .ok_or_else(|| anyhow!("pull of {missing} succeeded"))?;
        eprintln!("missing: {err:#}");
        let (repo, tag) = missing.split_once(':').unwrap_or_default();
        let want = format!("no tag {tag} in {}/{repo}", reg.host());
        assert!(err.to_string().contains(&want), "{err:#} lacks {want}");
    }
    Ok(())
}

#[test]
#[cfg_attr(
    no_oci_registry,
    ignore = "docker-registry is not installed (apt-get install docker-registry)"
)]
fn stopped_registry_is_unreachable() -> Result<()> {
    let mut reg = server()?;
    let host = reg.host();
    reg.stop();
    let reference = r(&format!("{host}/plugboard/xnnpack:1.0"))?;
    let err = oci::pull(&reference, None)
        .err()
        .ok_or_else(|| anyhow!("pull from a stopped registry succeeded"))?;
    eprintln!("stopped: {err:#}");
    let want = format!("cannot reach registry {host}");
    assert!(err.to_string().contains(&want), "{err:#}");
    assert!(err.to_string().contains("connection refused"), "{err:#}");
    let err = oci::push(&reference, &component(10), None, &BTreeMap::new())
        .err()
        .ok_or_else(|| anyhow!("push to a stopped registry succeeded"))?;
    assert!(err.to_string().contains(&want), "{err:#}");
    Ok(())
}

#[test]
#[cfg_attr(
    no_oci_registry,
    ignore = "docker-registry is not installed (apt-get install docker-registry)"
)]
fn tampered_blob_is_detected() -> Result<()> {
    let reg = server()?;
    let bytes = component(50_000);
    let tagged = r(&format!("{}/plugboard/tampered:1", reg.host()))?;
    oci::push(&tagged, &bytes, None, &BTreeMap::new())?;
    let layer = oci::pull(&tagged, None)?.layer_digest;

    let path = reg.blob_path(&layer);
    let mut stored = std::fs::read(&path)?;
    assert_eq!(stored, bytes);
    stored[1000] ^= 0xff;
    std::fs::write(&path, &stored)?;

    let err = oci::pull(&tagged, None)
        .err()
        .ok_or_else(|| anyhow!("pull of a tampered blob succeeded"))?;
    eprintln!("tampered: {err:#}");
    let text = err.to_string();
    assert!(
        text.contains(&format!("layer {layer} of {tagged}: bytes hash to sha256:")),
        "{err:#}"
    );
    assert!(text.contains(&format!("expected {layer}")), "{err:#}");

    // Truncated blob: a size mismatch.
    std::fs::write(&path, &bytes[..100])?;
    let err = oci::pull(&tagged, None)
        .err()
        .ok_or_else(|| anyhow!("pull of a truncated blob succeeded"))?;
    eprintln!("truncated: {err:#}");
    assert!(err.to_string().contains(&layer), "{err:#}");
    Ok(())
}

#[test]
#[cfg_attr(
    no_oci_registry,
    ignore = "docker-registry is not installed (apt-get install docker-registry)"
)]
fn non_wasm_manifest_is_refused() -> Result<()> {
    // Push a plain OCI image (config application/vnd.oci.image.config.v1+json)
    // with oci-client directly, then pull it as a component.
    let reg = server()?;
    let reference = format!("{}/plugboard/notwasm:1", reg.host());
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    rt.block_on(async {
        let client = oci_client::Client::new(oci_client::client::ClientConfig {
            protocol: oci_client::client::ClientProtocol::Http,
            ..Default::default()
        });
        let image: oci_client::Reference = reference.parse()?;
        let layer = oci_client::client::ImageLayer::oci_v1(b"hello".to_vec(), None);
        let config = oci_client::client::Config::oci_v1(b"{}".to_vec(), None);
        client
            .push(
                &image,
                &[layer],
                config,
                &oci_client::secrets::RegistryAuth::Anonymous,
                None,
            )
            .await?;
        anyhow::Ok(())
    })?;
    let err = oci::pull(&r(&reference)?, None)
        .err()
        .ok_or_else(|| anyhow!("pull of a non-wasm image succeeded"))?;
    eprintln!("not wasm: {err:#}");
    assert!(
        err.to_string()
            .contains("is not a Wasm component: config media type"),
        "{err:#}"
    );
    Ok(())
}

/// A plain HTTP/1.0 GET, returning the whole response as text.
fn http_get(host: &str, path: &str) -> Result<String> {
    use std::io::{Read as _, Write as _};
    let mut s = std::net::TcpStream::connect(host)?;
    write!(s, "GET {path} HTTP/1.0\r\nHost: {host}\r\n\r\n")?;
    let mut out = String::new();
    s.read_to_string(&mut out)?;
    Ok(out)
}

/// Basic auth (htpasswd). It sets process environment variables, which no other test
/// in this binary reads.
#[test]
#[cfg_attr(
    no_oci_registry,
    ignore = "docker-registry is not installed (apt-get install docker-registry)"
)]
fn basic_auth_from_reference_env_and_docker_config() -> Result<()> {
    let hash = bcrypt::hash("s3cret", 4)?;
    let reg =
        RegistryServer::start_with_htpasswd(&format!("alice:{hash}\n")).map_err(|e| anyhow!(e))?;
    let text = format!("{}/plugboard/private:1", reg.host());
    let bytes = b"\0asm\x0d\x00\x01\x00private".to_vec();

    // Anonymous: refused, in words.
    std::env::set_var("DOCKER_CONFIG", "/nonexistent-plugboard-docker-config");
    let err = oci::push(&OciReference::parse(&text)?, &bytes, None, &BTreeMap::new())
        .err()
        .ok_or_else(|| anyhow!("anonymous push succeeded"))?;
    eprintln!("anonymous: {err:#}");
    assert!(err.to_string().contains("refused access"), "{err:#}");

    // Wrong password: refused.
    let wrong = OciReference::parse(&text)?.with_credentials(Credentials {
        username: "alice".into(),
        password: "nope".into(),
    });
    assert!(oci::pull(&wrong, None).is_err());

    // Explicit credentials.
    let good = OciReference::parse(&text)?.with_credentials(Credentials {
        username: "alice".into(),
        password: "s3cret".into(),
    });
    let digest = oci::push(&good, &bytes, Some(b"{}"), &BTreeMap::new())?;
    let pulled = oci::pull(&good, None)?;
    assert_eq!(pulled.component, bytes);
    assert_eq!(pulled.manifest_digest, digest);
    assert_eq!(pulled.signature.as_deref(), Some(&b"{}"[..]));

    // From the environment.
    std::env::set_var("PLUGBOARD_REGISTRY_USER", "alice");
    std::env::set_var("PLUGBOARD_REGISTRY_PASSWORD", "s3cret");
    assert_eq!(
        oci::pull(&OciReference::parse(&text)?, None)?.component,
        bytes
    );
    std::env::remove_var("PLUGBOARD_REGISTRY_USER");
    std::env::remove_var("PLUGBOARD_REGISTRY_PASSWORD");

    // From $DOCKER_CONFIG/config.json ("alice:s3cret" in base64).
    let dir = tempfile::tempdir()?;
    std::fs::write(
        dir.path().join("config.json"),
        format!(
            r#"{{"auths":{{"{}":{{"auth":"YWxpY2U6czNjcmV0"}}}}}}"#,
            reg.host()
        ),
    )?;
    std::env::set_var("DOCKER_CONFIG", dir.path());
    assert_eq!(
        oci::pull(&OciReference::parse(&text)?, None)?.component,
        bytes
    );
    Ok(())
}
