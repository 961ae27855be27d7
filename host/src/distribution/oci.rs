//! Pushing and pulling WebAssembly components to and from OCI registries.
//!
//! A component travels as an OCI image manifest in the layout of the CNCF
//! "Wasm OCI Artifact" specification (TAG Runtime, `wasm-oci`):
//!
//! * config blob, media type [`WASM_CONFIG_MEDIA_TYPE`]
//!   (`application/vnd.wasm.config.v0+json`), a small JSON document
//!   `{"created", "architecture": "wasm", "os": "wasip2", "layerDigests", "component"}`;
//! * exactly one layer, media type [`WASM_LAYER_MEDIA_TYPE`] (`application/wasm`),
//!   holding the component's bytes unchanged.
//!
//! An optional signature (an opaque byte blob, in practice a small JSON
//! document) travels as an OCI 1.1 *referrer*: a second manifest whose
//! `subject` is the component manifest, with `artifactType`
//! [`SIGNATURE_ARTIFACT_TYPE`], an empty config and one layer holding the
//! signature bytes. Because many registries (Docker's `distribution` 2.x,
//! ghcr.io, ...) lack the referrers API, [`push`] also maintains the
//! referrers *tag schema* fallback: an OCI image index tagged
//! `sha256-<hex of the component manifest digest>` listing the referrers.
//! [`pull`] asks the referrers API first and falls back to that tag.
//!
//! Everything here is blocking: each call builds a small current-thread tokio
//! runtime of its own. Do not call these functions from inside an async
//! runtime (they return an error if you do).
//!
//! Transport: plain HTTP only when the registry host is a loopback address
//! (`localhost`, `127.x.y.z`, `[::1]`), HTTPS otherwise.
//!
//! Credentials, in order of precedence:
//! 1. those set with [`OciReference::with_credentials`];
//! 2. the environment variables `PLUGBOARD_REGISTRY_USER` and
//!    `PLUGBOARD_REGISTRY_PASSWORD`;
//! 3. `auths.<host>.auth` (base64 of `user:password`) in the Docker config
//!    file, `$DOCKER_CONFIG/config.json` or `~/.docker/config.json`
//!    (credential helpers, `credsStore`/`credHelpers`, are not consulted);
//! 4. anonymous access.
//!
//! Every blob and manifest that [`pull`] downloads is checked here, not only
//! by the underlying library: sha256 digest and size against the descriptor,
//! and the manifest digest against a pinned `@sha256:` reference.

use std::collections::BTreeMap;
use std::fmt;
use std::str::FromStr;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use anyhow::{anyhow, bail, Context as _, Result};
use futures_util::StreamExt as _;
use oci_client::client::{ClientConfig, ClientProtocol};
use oci_client::errors::{OciDistributionError, OciErrorCode};
use oci_client::manifest::OciDescriptor;
use oci_client::secrets::RegistryAuth;
use oci_client::{Client, Reference};
use serde_json::{json, Value};
use sha2::{Digest as _, Sha256};

/// Media type of an OCI image manifest.
pub const OCI_MANIFEST_MEDIA_TYPE: &str = "application/vnd.oci.image.manifest.v1+json";
/// Media type of an OCI image index (used for the referrers tag fallback).
pub const OCI_INDEX_MEDIA_TYPE: &str = "application/vnd.oci.image.index.v1+json";
/// Media type of the config blob of a Wasm artifact (CNCF wasm-oci spec).
pub const WASM_CONFIG_MEDIA_TYPE: &str = "application/vnd.wasm.config.v0+json";
/// Media type of the single layer that holds the component's bytes.
pub const WASM_LAYER_MEDIA_TYPE: &str = "application/wasm";
/// `artifactType` of the referrer manifest that carries a signature, and the
/// media type of its one layer.
pub const SIGNATURE_ARTIFACT_TYPE: &str = "application/vnd.plugboard.signature.v1+json";
/// Media type of the OCI 1.1 empty descriptor (`{}`), the config of a referrer.
pub const OCI_EMPTY_MEDIA_TYPE: &str = "application/vnd.oci.empty.v1+json";

/// Signatures larger than this are refused on push and pull.
const MAX_SIGNATURE_BYTES: u64 = 1 << 20;
/// Manifests, configs and referrer indexes larger than this are refused.
const MAX_METADATA_BYTES: u64 = 4 << 20;
const EMPTY_JSON: &[u8] = b"{}";
const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);
const READ_TIMEOUT: Duration = Duration::from_secs(120);

/// A user name and password for HTTP basic authentication with a registry.
#[derive(Clone, PartialEq, Eq)]
pub struct Credentials {
    /// The user name.
    pub username: String,
    /// The password (or access token).
    pub password: String,
}

impl fmt::Debug for Credentials {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Credentials")
            .field("username", &self.username)
            .field("password", &"<redacted>")
            .finish()
    }
}

/// A reference to a component in an OCI registry, such as
/// `localhost:5000/plugboard/xnnpack:1.4.0` or
/// `ghcr.io/acme/plugboard/xnnpack@sha256:<64 hex>`.
///
/// The registry host is mandatory (no implicit `docker.io`). A reference
/// without tag or digest means the tag `latest`.
#[derive(Clone, Debug)]
pub struct OciReference {
    inner: Reference,
    text: String,
    credentials: Option<Credentials>,
}

impl OciReference {
    /// Parses a reference; see the type's documentation for the accepted forms.
    pub fn parse(text: &str) -> Result<Self> {
        let text = text.trim();
        let first = text.split('/').next().unwrap_or_default();
        let has_host = text.contains('/')
            && (first.contains('.') || first.contains(':') || first == "localhost");
        if !has_host {
            bail!(
                "OCI reference {text:?} names no registry host \
                 (expected e.g. localhost:5000/plugboard/xnnpack:1.4.0)"
            );
        }
        let inner = parse_reference(text, first)
            .map_err(|e| anyhow!("OCI reference {text:?} is not valid: {e}"))?;
        if let Some(digest) = inner.digest() {
            parse_sha256(digest)
                .with_context(|| format!("OCI reference {text:?} pins an unusable digest"))?;
        }
        Ok(Self {
            text: inner.whole(),
            inner,
            credentials: None,
        })
    }

    /// Uses these credentials instead of the environment and the Docker config file.
    pub fn with_credentials(mut self, credentials: Credentials) -> Self {
        self.credentials = Some(credentials);
        self
    }

    /// The registry, `host[:port]`, e.g. `127.0.0.1:5000`.
    pub fn registry(&self) -> &str {
        self.inner.resolve_registry()
    }

    /// The repository inside the registry, e.g. `plugboard/xnnpack`.
    pub fn repository(&self) -> &str {
        self.inner.repository()
    }

    /// The tag, if the reference has one.
    pub fn tag(&self) -> Option<&str> {
        self.inner.tag()
    }

    /// The pinned manifest digest (`sha256:...`), if the reference has one.
    pub fn digest(&self) -> Option<&str> {
        self.inner.digest()
    }

    /// Whether the registry host is a loopback address, reached over plain HTTP.
    pub fn is_loopback(&self) -> bool {
        is_loopback_registry(self.registry())
    }

    /// The same repository, pinned to `digest`.
    fn at_digest(&self, digest: &str) -> Reference {
        Reference::with_digest(
            self.registry().to_string(),
            self.repository().to_string(),
            digest.to_string(),
        )
    }

    /// The same repository at `tag`.
    fn at_tag(&self, tag: &str) -> Reference {
        Reference::with_tag(
            self.registry().to_string(),
            self.repository().to_string(),
            tag.to_string(),
        )
    }

    /// What a manifest lookup by this reference asks for, in words.
    fn wanted(&self) -> String {
        match (self.digest(), self.tag()) {
            (Some(d), _) => format!("no manifest {d} in {}", self.repo_url()),
            (None, Some(t)) => format!("no tag {t} in {}", self.repo_url()),
            (None, None) => format!("no tag latest in {}", self.repo_url()),
        }
    }

    fn repo_url(&self) -> String {
        format!("{}/{}", self.registry(), self.repository())
    }
}

impl FromStr for OciReference {
    type Err = anyhow::Error;
    fn from_str(s: &str) -> Result<Self> {
        Self::parse(s)
    }
}

impl fmt::Display for OciReference {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

/// A component pulled from a registry, with everything verified.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pulled {
    /// The component's bytes (the `application/wasm` layer).
    pub component: Vec<u8>,
    /// The digest of the component manifest, `sha256:<hex>`; pull
    /// `<registry>/<repository>@<manifest_digest>` to get exactly these bytes again.
    pub manifest_digest: String,
    /// The digest of the `application/wasm` layer, i.e. sha256 of `component`.
    pub layer_digest: String,
    /// The signature pushed with the component, if any (the newest one when
    /// several referrers carry a signature).
    pub signature: Option<Vec<u8>>,
}

/// Pushes `component` to `reference` (which must name a tag, or a digest equal
/// to the manifest's own) and returns the manifest digest, `sha256:<hex>`.
///
/// `annotations` go into the manifest's `annotations`. When `signature` is
/// given it is pushed as a referrer of the component manifest (see the module
/// documentation) and [`pull`] returns it.
pub fn push(
    reference: &OciReference,
    component: &[u8],
    signature: Option<&[u8]>,
    annotations: &BTreeMap<String, String>,
) -> Result<String> {
    if let Some(sig) = signature {
        if sig.len() as u64 > MAX_SIGNATURE_BYTES {
            bail!(
                "cannot push {reference}: the signature is {} bytes, more than the {} allowed",
                sig.len(),
                MAX_SIGNATURE_BYTES
            );
        }
    }
    block_on(
        reference,
        push_async(reference, component, signature, annotations),
    )
}

/// Pulls the component at `reference` and verifies it (config media type,
/// exactly one `application/wasm` layer, sha256 digest and size of every blob,
/// and the manifest digest when the reference pins one).
///
/// `progress`, when given, is called with `(bytes received, total bytes)` of
/// the component layer as it downloads.
pub fn pull(
    reference: &OciReference,
    progress: Option<&mut dyn FnMut(u64, u64)>,
) -> Result<Pulled> {
    block_on(reference, pull_async(reference, progress))
}

/// The credentials [`push`] and [`pull`] would use for `registry`
/// (`host[:port]`) when none are set on the reference: the environment first,
/// then the Docker config file; `None` means anonymous.
pub fn credentials_for(registry: &str) -> Result<Option<Credentials>> {
    let user = std::env::var("PLUGBOARD_REGISTRY_USER").ok();
    let pass = std::env::var("PLUGBOARD_REGISTRY_PASSWORD").ok();
    match (user, pass) {
        (Some(username), Some(password)) if !username.is_empty() => {
            return Ok(Some(Credentials { username, password }))
        }
        (Some(_), None) | (None, Some(_)) => {
            bail!("set both PLUGBOARD_REGISTRY_USER and PLUGBOARD_REGISTRY_PASSWORD, or neither")
        }
        _ => {}
    }
    let path = match std::env::var_os("DOCKER_CONFIG") {
        Some(dir) => std::path::PathBuf::from(dir).join("config.json"),
        None => match std::env::var_os("HOME") {
            Some(home) => std::path::PathBuf::from(home)
                .join(".docker")
                .join("config.json"),
            None => return Ok(None),
        },
    };
    let text = match std::fs::read_to_string(&path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(anyhow!("cannot read Docker config {}: {e}", path.display())),
    };
    docker_config_credentials(&text, registry)
        .with_context(|| format!("in Docker config {}", path.display()))
}

/// The basic-auth credentials for `registry` in the text of a Docker
/// `config.json`: the entry of `auths` whose key, stripped of any
/// `http(s)://` scheme and path, equals `registry`; its `auth` field is
/// base64 of `user:password`.
pub fn docker_config_credentials(config_json: &str, registry: &str) -> Result<Option<Credentials>> {
    use base64::Engine as _;
    let config: Value =
        serde_json::from_str(config_json).map_err(|e| anyhow!("not valid JSON: {e}"))?;
    let Some(auths) = config.get("auths").and_then(Value::as_object) else {
        return Ok(None);
    };
    for (key, entry) in auths {
        let host = key
            .trim_start_matches("https://")
            .trim_start_matches("http://")
            .split('/')
            .next()
            .unwrap_or_default();
        if host != registry {
            continue;
        }
        let Some(auth) = entry.get("auth").and_then(Value::as_str) else {
            continue;
        };
        let decoded = base64::engine::general_purpose::STANDARD
            .decode(auth.trim())
            .map_err(|e| anyhow!("auths.{key}.auth is not base64: {e}"))?;
        let decoded = String::from_utf8(decoded)
            .map_err(|_| anyhow!("auths.{key}.auth is not UTF-8 once decoded"))?;
        let Some((username, password)) = decoded.split_once(':') else {
            bail!("auths.{key}.auth does not decode to user:password");
        };
        return Ok(Some(Credentials {
            username: username.to_string(),
            password: password.to_string(),
        }));
    }
    Ok(None)
}

// ---------------------------------------------------------------------------
// Implementation
// ---------------------------------------------------------------------------

fn block_on<T>(
    reference: &OciReference,
    fut: impl std::future::Future<Output = Result<T>>,
) -> Result<T> {
    if tokio::runtime::Handle::try_current().is_ok() {
        bail!(
            "cannot access {reference} from inside an async runtime: \
             the OCI functions are blocking (call them from spawn_blocking)"
        );
    }
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| anyhow!("cannot start the I/O runtime for {reference}: {e}"))?;
    runtime.block_on(fut)
}

/// A connected client plus what every request needs.
struct Session<'a> {
    client: Client,
    reference: &'a OciReference,
    auth: RegistryAuth,
}

impl<'a> Session<'a> {
    async fn new(reference: &'a OciReference) -> Result<Self> {
        let protocol = if reference.is_loopback() {
            ClientProtocol::Http
        } else {
            ClientProtocol::Https
        };
        let config = ClientConfig {
            protocol,
            connect_timeout: Some(CONNECT_TIMEOUT),
            read_timeout: Some(READ_TIMEOUT),
            ..ClientConfig::default()
        };
        // TLS through rustls with *ring* (not aws-lc-rs, whose C build takes minutes);
        // installing fails harmlessly when a provider is already installed. rustls marks
        // ring deprecated for lacking post-quantum key exchange, which registries do not
        // require.
        #[allow(deprecated)]
        let _ = rustls::crypto::ring::default_provider().install_default();
        let client = Client::try_from(config)
            .map_err(|e| anyhow!("cannot set up an HTTP client for {reference}: {e}"))?;
        let credentials = match &reference.credentials {
            Some(c) => Some(c.clone()),
            None => credentials_for(reference.registry())
                .with_context(|| format!("looking up credentials for {reference}"))?,
        };
        let auth = match credentials {
            Some(c) => RegistryAuth::Basic(c.username, c.password),
            None => RegistryAuth::Anonymous,
        };
        client
            .store_auth_if_needed(reference.registry(), &auth)
            .await;
        Ok(Self {
            client,
            reference,
            auth,
        })
    }

    /// Turns a library error into a sentence naming the reference.
    fn explain(&self, doing: &str, err: OciDistributionError) -> anyhow::Error {
        explain(self.reference, doing, err)
    }

    /// Downloads the manifest at `target` (`Ok(None)` when the registry has
    /// none) and checks its digest against `pinned`.
    async fn fetch_manifest(
        &self,
        target: &Reference,
        accept: &[&str],
        pinned: Option<&str>,
    ) -> Result<Option<(Vec<u8>, String)>> {
        let (body, _) = match self
            .client
            .pull_manifest_raw(target, &self.auth, accept)
            .await
        {
            Ok(found) => found,
            Err(e) if is_not_found(&e) => return Ok(None),
            Err(e) if target.whole() == self.reference.inner.whole() => {
                return Err(self.explain("fetching the manifest", e))
            }
            Err(e) => return Err(self.explain(&format!("fetching manifest {target}"), e)),
        };
        if body.len() as u64 > MAX_METADATA_BYTES {
            bail!(
                "manifest of {} is {} bytes, more than the {} allowed",
                self.reference,
                body.len(),
                MAX_METADATA_BYTES
            );
        }
        let actual = sha256_digest(&body);
        if let Some(expected) = pinned {
            if actual != expected {
                bail!(
                    "manifest of {}: bytes hash to {actual}, expected {expected}",
                    self.reference
                );
            }
        }
        Ok(Some((body.to_vec(), actual)))
    }

    /// Downloads the blob `desc` and checks its size and sha256 digest.
    async fn fetch_blob(
        &self,
        what: &str,
        desc: &OciDescriptor,
        limit: u64,
        mut progress: Option<&mut dyn FnMut(u64, u64)>,
    ) -> Result<Vec<u8>> {
        let reference = self.reference;
        let expected = &desc.digest;
        parse_sha256(expected).with_context(|| format!("{what} of {reference}"))?;
        let size = u64::try_from(desc.size)
            .map_err(|_| anyhow!("{what} {expected} of {reference} has a negative size"))?;
        if size > limit {
            bail!(
                "{what} {expected} of {reference} is {size} bytes, more than the {limit} allowed"
            );
        }
        let stream = self
            .client
            .pull_blob_stream(&self.reference.inner, desc)
            .await
            .map_err(|e| self.explain(&format!("downloading {what} {expected}"), e))?;
        let mut stream = stream.stream;
        let capacity = usize::try_from(size).unwrap_or(0);
        let mut data = Vec::with_capacity(capacity);
        let mut hasher = Sha256::new();
        if let Some(cb) = progress.as_deref_mut() {
            cb(0, size);
        }
        while let Some(chunk) = stream.next().await {
            let chunk = match chunk {
                Ok(chunk) => chunk,
                // The library's own end-of-stream digest check: fall through to ours,
                // which names the blob and both digests.
                Err(e) if is_digest_error(&e) => break,
                Err(e) => {
                    bail!(
                        "downloading {what} {expected} of {reference}: {}",
                        root_cause_text(&e)
                    )
                }
            };
            if (data.len() + chunk.len()) as u64 > size {
                bail!(
                    "{what} {expected} of {reference}: the registry sent more than the {size} bytes \
                     the manifest declares"
                );
            }
            hasher.update(&chunk);
            data.extend_from_slice(&chunk);
            if let Some(cb) = progress.as_deref_mut() {
                cb(data.len() as u64, size);
            }
        }
        if data.len() as u64 != size {
            bail!(
                "{what} {expected} of {reference}: received {} bytes, the manifest declares {size}",
                data.len()
            );
        }
        let actual = format!("sha256:{}", hex(&hasher.finalize()));
        if &actual != expected {
            bail!("{what} {expected} of {reference}: bytes hash to {actual}, expected {expected}");
        }
        Ok(data)
    }

    /// Uploads `data` unless the repository already holds it.
    async fn upload_blob(&self, what: &str, data: &[u8], digest: &str) -> Result<()> {
        let target = &self.reference.inner;
        match self.client.blob_exists(target, digest).await {
            Ok(true) => return Ok(()),
            Ok(false) => {}
            Err(e) => return Err(self.explain(&format!("checking for {what} {digest}"), e)),
        }
        self.client
            .push_blob(target, data.to_vec(), digest)
            .await
            .map(|_| ())
            .map_err(|e| self.explain(&format!("uploading {what} {digest}"), e))
    }

    /// Uploads a manifest (or index) under `tag_or_digest` and returns its digest.
    async fn upload_manifest(
        &self,
        body: &[u8],
        media_type: &str,
        tag_or_digest: &str,
    ) -> Result<String> {
        // A tag-shaped Reference even for a digest: the library's URL is the same,
        // and its workaround for registries that omit `Location` needs a tag.
        let target = self.reference.at_tag(tag_or_digest);
        let content_type = http::HeaderValue::from_str(media_type)
            .map_err(|e| anyhow!("media type {media_type:?} is not a valid header: {e}"))?;
        self.client
            .push_manifest_raw(&target, body.to_vec(), content_type)
            .await
            .map_err(|e| self.explain(&format!("uploading manifest {tag_or_digest}"), e))?;
        Ok(sha256_digest(body))
    }
}

async fn push_async(
    reference: &OciReference,
    component: &[u8],
    signature: Option<&[u8]>,
    annotations: &BTreeMap<String, String>,
) -> Result<String> {
    let session = Session::new(reference).await?;
    let layer_digest = sha256_digest(component);
    let config = json!({
        "created": rfc3339_now(),
        "architecture": "wasm",
        "os": "wasip2",
        "layerDigests": [layer_digest],
        "component": { "exports": [], "imports": [] },
    });
    let config = serde_json::to_vec(&config)
        .map_err(|e| anyhow!("cannot encode the config of {reference}: {e}"))?;
    let config_digest = sha256_digest(&config);

    let mut manifest = json!({
        "schemaVersion": 2,
        "mediaType": OCI_MANIFEST_MEDIA_TYPE,
        "artifactType": "application/vnd.wasm.component.v1+wasm",
        "config": {
            "mediaType": WASM_CONFIG_MEDIA_TYPE,
            "digest": config_digest,
            "size": config.len(),
        },
        "layers": [{
            "mediaType": WASM_LAYER_MEDIA_TYPE,
            "digest": layer_digest,
            "size": component.len(),
        }],
    });
    if !annotations.is_empty() {
        manifest["annotations"] = json!(annotations);
    }
    let manifest = serde_json::to_vec(&manifest)
        .map_err(|e| anyhow!("cannot encode the manifest of {reference}: {e}"))?;
    let manifest_digest = sha256_digest(&manifest);
    let target = match (reference.digest(), reference.tag()) {
        (Some(pinned), _) if pinned != manifest_digest => bail!(
            "cannot push {reference}: the reference pins {pinned} but the manifest \
             hashes to {manifest_digest}; push to a tag instead"
        ),
        (Some(pinned), _) => pinned.to_string(),
        (None, Some(tag)) => tag.to_string(),
        (None, None) => "latest".to_string(),
    };

    session
        .upload_blob("component layer", component, &layer_digest)
        .await?;
    session
        .upload_blob("config", &config, &config_digest)
        .await?;
    session
        .upload_manifest(&manifest, OCI_MANIFEST_MEDIA_TYPE, &target)
        .await?;

    if let Some(sig) = signature {
        push_signature(&session, sig, &manifest_digest, manifest.len()).await?;
    }
    Ok(manifest_digest)
}

/// Pushes `sig` as a referrer of the manifest `subject_digest` and records it
/// in the referrers tag schema index `sha256-<hex>`.
async fn push_signature(
    session: &Session<'_>,
    sig: &[u8],
    subject_digest: &str,
    subject_size: usize,
) -> Result<()> {
    let reference = session.reference;
    let sig_digest = sha256_digest(sig);
    let empty_digest = sha256_digest(EMPTY_JSON);
    session.upload_blob("signature", sig, &sig_digest).await?;
    session
        .upload_blob("empty config", EMPTY_JSON, &empty_digest)
        .await?;
    let referrer = json!({
        "schemaVersion": 2,
        "mediaType": OCI_MANIFEST_MEDIA_TYPE,
        "artifactType": SIGNATURE_ARTIFACT_TYPE,
        "config": { "mediaType": OCI_EMPTY_MEDIA_TYPE, "digest": empty_digest, "size": EMPTY_JSON.len() },
        "layers": [{ "mediaType": SIGNATURE_ARTIFACT_TYPE, "digest": sig_digest, "size": sig.len() }],
        "subject": { "mediaType": OCI_MANIFEST_MEDIA_TYPE, "digest": subject_digest, "size": subject_size },
        "annotations": { "org.opencontainers.image.created": rfc3339_now() },
    });
    let referrer = serde_json::to_vec(&referrer)
        .map_err(|e| anyhow!("cannot encode the signature manifest of {reference}: {e}"))?;
    let referrer_digest = sha256_digest(&referrer);
    session
        .upload_manifest(&referrer, OCI_MANIFEST_MEDIA_TYPE, &referrer_digest)
        .await?;

    // Referrers tag schema: read-modify-write the index at `sha256-<hex>`.
    // (Not atomic: two concurrent pushes of signatures for the same manifest can
    // lose one entry; the registry offers no compare-and-swap for tags.)
    let fallback_tag = subject_digest.replace(':', "-");
    let existing = session
        .fetch_manifest(
            &reference.at_tag(&fallback_tag),
            &[OCI_INDEX_MEDIA_TYPE],
            None,
        )
        .await?;
    let mut manifests: Vec<Value> = match existing {
        Some((body, _)) => serde_json::from_slice::<Value>(&body)
            .ok()
            .and_then(|v| v.get("manifests").and_then(Value::as_array).cloned())
            .unwrap_or_default(),
        None => Vec::new(),
    };
    manifests.retain(|m| m.get("digest").and_then(Value::as_str) != Some(referrer_digest.as_str()));
    manifests.push(json!({
        "mediaType": OCI_MANIFEST_MEDIA_TYPE,
        "digest": referrer_digest,
        "size": referrer.len(),
        "artifactType": SIGNATURE_ARTIFACT_TYPE,
    }));
    let index = json!({
        "schemaVersion": 2,
        "mediaType": OCI_INDEX_MEDIA_TYPE,
        "manifests": manifests,
    });
    let index = serde_json::to_vec(&index)
        .map_err(|e| anyhow!("cannot encode the referrers index of {reference}: {e}"))?;
    session
        .upload_manifest(&index, OCI_INDEX_MEDIA_TYPE, &fallback_tag)
        .await?;
    Ok(())
}

async fn pull_async(
    reference: &OciReference,
    progress: Option<&mut dyn FnMut(u64, u64)>,
) -> Result<Pulled> {
    let session = Session::new(reference).await?;
    let Some((body, manifest_digest)) = session
        .fetch_manifest(
            &reference.inner,
            &[OCI_MANIFEST_MEDIA_TYPE],
            reference.digest(),
        )
        .await?
    else {
        bail!("{}", reference.wanted());
    };
    let manifest: Value = serde_json::from_slice(&body)
        .map_err(|e| anyhow!("manifest of {reference} is not valid JSON: {e}"))?;
    // `mediaType` is optional in an OCI manifest (we asked for nothing else).
    let media_type = manifest
        .get("mediaType")
        .and_then(Value::as_str)
        .unwrap_or(OCI_MANIFEST_MEDIA_TYPE);
    if media_type != OCI_MANIFEST_MEDIA_TYPE {
        bail!(
            "{reference} is not a Wasm component: manifest media type is {media_type:?}, \
             expected {OCI_MANIFEST_MEDIA_TYPE}"
        );
    }
    let config = descriptor(&manifest["config"])
        .with_context(|| format!("manifest of {reference} has no usable config descriptor"))?;
    if config.media_type != WASM_CONFIG_MEDIA_TYPE {
        bail!(
            "{reference} is not a Wasm component: config media type is {:?}, expected {WASM_CONFIG_MEDIA_TYPE}",
            config.media_type
        );
    }
    let layers = manifest
        .get("layers")
        .and_then(Value::as_array)
        .ok_or_else(|| anyhow!("manifest of {reference} has no layers"))?;
    let wasm_layers: Vec<OciDescriptor> = layers
        .iter()
        .map(descriptor)
        .collect::<Result<Vec<_>>>()
        .with_context(|| format!("manifest of {reference} has an unusable layer descriptor"))?
        .into_iter()
        .filter(|d| d.media_type == WASM_LAYER_MEDIA_TYPE)
        .collect();
    let [layer] = wasm_layers.as_slice() else {
        bail!(
            "{reference} is not a Wasm component: expected exactly one {WASM_LAYER_MEDIA_TYPE} \
             layer, found {} (of {} layers)",
            wasm_layers.len(),
            layers.len()
        );
    };

    let config_bytes = session
        .fetch_blob("config", &config, MAX_METADATA_BYTES, None)
        .await?;
    serde_json::from_slice::<Value>(&config_bytes).map_err(|e| {
        anyhow!(
            "config {} of {reference} is not valid JSON: {e}",
            config.digest
        )
    })?;
    let component = session
        .fetch_blob("layer", layer, u64::MAX, progress)
        .await?;
    let signature = pull_signature(&session, &manifest_digest).await?;
    Ok(Pulled {
        component,
        manifest_digest,
        layer_digest: layer.digest.clone(),
        signature,
    })
}

/// Finds the newest signature referrer of `subject_digest` and downloads its blob.
async fn pull_signature(session: &Session<'_>, subject_digest: &str) -> Result<Option<Vec<u8>>> {
    let reference = session.reference;
    let subject = reference.at_digest(subject_digest);
    let index = session
        .client
        .pull_referrers(&subject, Some(SIGNATURE_ARTIFACT_TYPE))
        .await
        .map_err(|e| session.explain("listing the referrers (signatures)", e))?;
    let Some(entry) = index
        .manifests
        .iter()
        .rev()
        .find(|m| m.artifact_type.as_deref() == Some(SIGNATURE_ARTIFACT_TYPE))
    else {
        return Ok(None);
    };
    let Some((body, _)) = session
        .fetch_manifest(
            &reference.at_digest(&entry.digest),
            &[OCI_MANIFEST_MEDIA_TYPE],
            Some(&entry.digest),
        )
        .await?
    else {
        bail!(
            "signature manifest {} of {reference} is listed as a referrer but missing",
            entry.digest
        );
    };
    let manifest: Value = serde_json::from_slice(&body).map_err(|e| {
        anyhow!(
            "signature manifest {} of {reference} is not valid JSON: {e}",
            entry.digest
        )
    })?;
    let subject_ok = manifest
        .get("subject")
        .and_then(|s| s.get("digest"))
        .and_then(Value::as_str)
        == Some(subject_digest);
    if !subject_ok {
        bail!(
            "signature manifest {} of {reference} does not name {subject_digest} as its subject",
            entry.digest
        );
    }
    let layers = manifest
        .get("layers")
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default();
    let [layer] = layers.as_slice() else {
        bail!(
            "signature manifest {} of {reference} has {} layers, expected 1",
            entry.digest,
            layers.len()
        );
    };
    let layer = descriptor(layer)
        .with_context(|| format!("signature manifest {} of {reference}", entry.digest))?;
    if layer.media_type != SIGNATURE_ARTIFACT_TYPE {
        bail!(
            "signature manifest {} of {reference}: layer media type is {:?}, expected {SIGNATURE_ARTIFACT_TYPE}",
            entry.digest,
            layer.media_type
        );
    }
    let sig = session
        .fetch_blob("signature", &layer, MAX_SIGNATURE_BYTES, None)
        .await?;
    Ok(Some(sig))
}

/// Reads a descriptor's `mediaType`, `digest` and `size`.
fn descriptor(v: &Value) -> Result<OciDescriptor> {
    let media_type = v
        .get("mediaType")
        .and_then(Value::as_str)
        .ok_or_else(|| anyhow!("descriptor without mediaType"))?;
    let digest = v
        .get("digest")
        .and_then(Value::as_str)
        .ok_or_else(|| anyhow!("descriptor without digest"))?;
    let size = v
        .get("size")
        .and_then(Value::as_i64)
        .filter(|s| *s >= 0)
        .ok_or_else(|| anyhow!("descriptor {digest} without a valid size"))?;
    parse_sha256(digest)?;
    Ok(OciDescriptor {
        media_type: media_type.to_string(),
        digest: digest.to_string(),
        size,
        ..OciDescriptor::default()
    })
}

fn is_not_found(e: &OciDistributionError) -> bool {
    match e {
        OciDistributionError::ImageManifestNotFoundError(_) => true,
        OciDistributionError::ServerError { code, .. } => *code == 404,
        OciDistributionError::RegistryError { envelope, .. } => envelope.errors.iter().any(|e| {
            matches!(
                e.code,
                OciErrorCode::ManifestUnknown | OciErrorCode::NameUnknown | OciErrorCode::NotFound
            )
        }),
        _ => false,
    }
}

fn is_digest_error(e: &std::io::Error) -> bool {
    e.get_ref()
        .is_some_and(|inner| inner.is::<oci_client::errors::DigestError>())
}

/// Turns a library error into a sentence that names the reference and says
/// what happened.
fn explain(reference: &OciReference, doing: &str, err: OciDistributionError) -> anyhow::Error {
    let registry = reference.registry();
    match &err {
        OciDistributionError::RequestError(e) if e.is_connect() || e.is_timeout() => {
            let why = if e.is_timeout() {
                "timed out".to_string()
            } else {
                root_cause_text(e)
            };
            anyhow!("cannot reach registry {registry} ({doing} for {reference}): {why}")
        }
        OciDistributionError::RequestError(e) => match e.status().map(|s| s.as_u16()) {
            Some(401) | Some(403) => refused(reference, doing),
            Some(code) => {
                anyhow!("registry {registry} answered HTTP {code} to {doing} for {reference}")
            }
            None => anyhow!("{doing} for {reference} failed: {}", root_cause_text(e)),
        },
        OciDistributionError::UnauthorizedError { .. }
        | OciDistributionError::AuthenticationFailure(_) => refused(reference, doing),
        OciDistributionError::ServerError {
            code: 401 | 403, ..
        } => refused(reference, doing),
        OciDistributionError::RegistryError { envelope, .. }
            if envelope
                .errors
                .iter()
                .any(|e| e.code == OciErrorCode::Unauthorized) =>
        {
            refused(reference, doing)
        }
        OciDistributionError::RegistryError { envelope, .. }
            if envelope
                .errors
                .iter()
                .any(|e| e.code == OciErrorCode::Denied) =>
        {
            anyhow!(
                "registry {registry} denied {doing} for {reference}: {}",
                envelope_text(envelope)
            )
        }
        OciDistributionError::RegistryError { envelope, .. } => {
            anyhow!(
                "registry {registry} rejected {doing} for {reference}: {}",
                envelope_text(envelope)
            )
        }
        OciDistributionError::ServerError { code, message, .. } => anyhow!(
            "registry {registry} answered HTTP {code} to {doing} for {reference}: {}",
            message.trim()
        ),
        OciDistributionError::DigestError(d) => {
            anyhow!("{doing} for {reference}: content does not match its digest: {d}")
        }
        _ => anyhow!("{doing} for {reference} failed: {err}"),
    }
}

/// "registry X refused access to REPO ...".
fn refused(reference: &OciReference, doing: &str) -> anyhow::Error {
    anyhow!(
        "registry {} refused access to {} ({doing} for {reference}): \
         credentials missing or wrong (set PLUGBOARD_REGISTRY_USER and \
         PLUGBOARD_REGISTRY_PASSWORD, or log in with docker login)",
        reference.registry(),
        reference.repository()
    )
}

fn envelope_text(envelope: &oci_client::errors::OciEnvelope) -> String {
    let parts: Vec<String> = envelope
        .errors
        .iter()
        .map(|e| format!("{:?}: {}", e.code, e.message))
        .collect();
    parts.join("; ")
}

/// The innermost cause of an error, in plain words ("connection refused").
fn root_cause_text(err: &(dyn std::error::Error + 'static)) -> String {
    let mut current: &(dyn std::error::Error + 'static) = err;
    let mut text = current.to_string();
    while let Some(next) = current.source() {
        if let Some(io) = next.downcast_ref::<std::io::Error>() {
            match io.kind() {
                std::io::ErrorKind::ConnectionRefused => return "connection refused".into(),
                std::io::ErrorKind::ConnectionReset => return "connection reset".into(),
                std::io::ErrorKind::TimedOut => return "timed out".into(),
                _ => {}
            }
        }
        text = next.to_string();
        current = next;
    }
    text
}

/// `Reference::from_str`, plus bracketed IPv6 hosts (`[::1]:5000/repo:tag`),
/// which the reference grammar of `oci-spec` rejects.
fn parse_reference(text: &str, host: &str) -> std::result::Result<Reference, String> {
    if !host.starts_with('[') {
        return Reference::from_str(text).map_err(|e| e.to_string());
    }
    let v6 = host
        .trim_start_matches('[')
        .split(']')
        .next()
        .unwrap_or_default();
    if v6.parse::<std::net::Ipv6Addr>().is_err() {
        return Err(format!("{host} is not a bracketed IPv6 address"));
    }
    let rest = &text[host.len()..];
    let parsed = Reference::from_str(&format!("ipv6-placeholder.invalid{rest}"))
        .map_err(|e| e.to_string())?;
    let (registry, repository) = (host.to_string(), parsed.repository().to_string());
    Ok(match (parsed.tag(), parsed.digest()) {
        (Some(t), Some(d)) => {
            Reference::with_tag_and_digest(registry, repository, t.to_string(), d.to_string())
        }
        (None, Some(d)) => Reference::with_digest(registry, repository, d.to_string()),
        (Some(t), None) => Reference::with_tag(registry, repository, t.to_string()),
        (None, None) => Reference::with_tag(registry, repository, "latest".to_string()),
    })
}

fn is_loopback_registry(registry: &str) -> bool {
    let host = if let Some(rest) = registry.strip_prefix('[') {
        // [v6]:port
        rest.split(']').next().unwrap_or_default()
    } else {
        registry.rsplit_once(':').map_or(registry, |(h, _)| h)
    };
    if host.eq_ignore_ascii_case("localhost") {
        return true;
    }
    host.parse::<std::net::IpAddr>()
        .is_ok_and(|ip| ip.is_loopback())
}

/// Checks that `digest` is `sha256:` followed by 64 lowercase hex digits.
fn parse_sha256(digest: &str) -> Result<()> {
    let Some(hex) = digest.strip_prefix("sha256:") else {
        bail!("digest {digest:?} is not a sha256 digest");
    };
    if hex.len() != 64
        || !hex
            .bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
    {
        bail!("digest {digest:?} is not sha256: followed by 64 lowercase hex digits");
    }
    Ok(())
}

fn sha256_digest(data: &[u8]) -> String {
    format!("sha256:{}", hex(&Sha256::digest(data)))
}

fn hex(bytes: &[u8]) -> String {
    use std::fmt::Write as _;
    let mut s = String::with_capacity(bytes.len() * 2);
    for b in bytes {
        let _ = write!(s, "{b:02x}");
    }
    s
}

/// The current UTC time as RFC 3339, e.g. `2025-01-31T12:00:00Z`.
fn rfc3339_now() -> String {
    let secs = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let days = (secs / 86_400) as i64;
    let rem = secs % 86_400;
    // Howard Hinnant's civil_from_days.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}Z",
        rem / 3_600,
        (rem % 3_600) / 60,
        rem % 60
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_tag_and_digest_references() -> Result<()> {
        let r = OciReference::parse("localhost:5000/plugboard/xnnpack:1.4.0")?;
        assert_eq!(r.registry(), "localhost:5000");
        assert_eq!(r.repository(), "plugboard/xnnpack");
        assert_eq!(r.tag(), Some("1.4.0"));
        assert!(r.is_loopback());
        let d = format!("sha256:{}", "a".repeat(64));
        let r = OciReference::parse(&format!("127.0.0.1:5000/plugboard/xnnpack@{d}"))?;
        assert_eq!(r.digest(), Some(d.as_str()));
        assert!(r.is_loopback());
        assert!(!OciReference::parse("ghcr.io/acme/x:1")?.is_loopback());
        let r = OciReference::parse("[::1]:5000/plugboard/x:1")?;
        assert_eq!(
            (r.registry(), r.repository(), r.tag()),
            ("[::1]:5000", "plugboard/x", Some("1"))
        );
        assert!(r.is_loopback());
        assert_eq!(r.to_string(), "[::1]:5000/plugboard/x:1");
        assert!(OciReference::parse("plugboard/xnnpack:1").is_err());
        assert!(OciReference::parse("localhost:5000/x@sha256:abc").is_err());
        Ok(())
    }

    #[test]
    fn loopback_hosts() {
        assert!(is_loopback_registry("localhost"));
        assert!(is_loopback_registry("127.0.0.1:5000"));
        assert!(is_loopback_registry("127.1.2.3"));
        assert!(is_loopback_registry("[::1]:5000"));
        assert!(!is_loopback_registry("10.0.0.1:5000"));
        assert!(!is_loopback_registry("localhost.example.com"));
    }

    #[test]
    fn docker_config_auth() -> Result<()> {
        // "alice:s3cret"
        let cfg = r#"{"auths":{"https://127.0.0.1:5000/v1/":{"auth":"YWxpY2U6czNjcmV0"}}}"#;
        let c = docker_config_credentials(cfg, "127.0.0.1:5000")?;
        assert_eq!(c.map(|c| c.username), Some("alice".to_string()));
        assert!(docker_config_credentials(cfg, "ghcr.io")?.is_none());
        Ok(())
    }

    #[test]
    fn timestamp_shape() {
        let t = rfc3339_now();
        assert_eq!(t.len(), 20, "{t}");
        assert!(t.ends_with('Z'));
    }
}
