//! `plugboard components`: lock, sign, verify, push and pull components.

use std::path::{Path, PathBuf};

use anyhow::{bail, Context};
use clap::Subcommand;
use plugboard::component::{ComponentInfo, ComponentKind};
use plugboard::distribution::policy::component_name;
use plugboard::distribution::{
    ComponentSignature, LockEntry, Lockfile, PublisherKey, SecretKey, SignedMetadata, Store,
    OCI_SCHEME,
};
use plugboard::registry::LoadOptions;
use plugboard::{Registry, SandboxConfig};

use super::RegistryArgs;

/// The `plugboard components` subcommands.
#[derive(Subcommand, Debug)]
pub enum ComponentsCommand {
    /// Write a lockfile pinning every component a run loads (the bundled ones,
    /// `PLUGBOARD_PATH`, `--backend`, `--override-kernels`) and those named by `--add`:
    /// name, kind, contract version, component version, SHA-256, source and the key
    /// each is signed by.
    Lock {
        /// The lockfile to write.
        #[arg(short, long, default_value = "plugboard.lock")]
        output: PathBuf,
        /// A further component to pin (repeatable): a file or `oci://REF`.
        #[arg(long = "add", value_name = "FILE|oci://REF")]
        add: Vec<String>,
        /// Require the signer of each signed component (the key its signature verified
        /// under) in its lock entry (`publisher-key`).
        #[arg(long)]
        pin_signers: bool,
        #[command(flatten)]
        registry: RegistryArgs,
    },
    /// Make a new Ed25519 publisher key pair: NAME.key (secret, mode 0600) and NAME.pub.
    Keygen {
        /// Path prefix of the two files.
        #[arg(value_name = "NAME", default_value = "publisher")]
        name: PathBuf,
    },
    /// Sign a component: writes FILE.wasm.sig (over its SHA-256, name, kind, contract
    /// version and component version).
    Sign {
        /// The component file.
        file: PathBuf,
        /// The secret key file (from `keygen`).
        #[arg(long, value_name = "NAME.key")]
        key: PathBuf,
    },
    /// Check a component's signature (FILE.wasm.sig); exits non-zero when it does not
    /// verify, or with `--key` when another key made it.
    Verify {
        /// The component file.
        file: PathBuf,
        /// The publisher key it must be signed by (`ed25519:<hex>`, or a NAME.pub file).
        #[arg(long, value_name = "KEY")]
        key: Option<String>,
    },
    /// Push a component (and FILE.wasm.sig when present, as an OCI referrer) to an OCI
    /// registry, in the CNCF Wasm OCI artifact layout; prints the manifest digest.
    Push {
        /// The component file.
        file: PathBuf,
        /// Where to: `REGISTRY/REPO:TAG` (`oci://` optional), e.g.
        /// `localhost:5000/plugboard/xnnpack:1.4.0`. Plain HTTP only for loopback hosts.
        reference: String,
    },
    /// Show what a component is: its file, SHA-256, kind, the contract version it was
    /// built against, the backend ids or operators it provides, its signer, and the
    /// metadata it carries (name, version, description, authors, license, source, the
    /// SDK it was built with).
    Info {
        /// The component file.
        file: PathBuf,
    },
    /// Pull a component (and its signature) from an OCI registry into the local store
    /// (`$PLUGBOARD_HOME/store`), verifying every digest and size; prints the pinned
    /// reference to load or lock it by.
    Pull {
        /// `REGISTRY/REPO:TAG` or `REGISTRY/REPO@sha256:DIGEST` (`oci://` optional).
        reference: String,
    },
}

/// Runs a `plugboard components` subcommand.
pub fn components(cmd: ComponentsCommand) -> anyhow::Result<()> {
    match cmd {
        ComponentsCommand::Lock {
            output,
            add,
            pin_signers,
            registry,
        } => lock(&output, &add, pin_signers, &registry),
        ComponentsCommand::Keygen { name } => keygen(&name),
        ComponentsCommand::Sign { file, key } => sign(&file, &key),
        ComponentsCommand::Verify { file, key } => verify(&file, key.as_deref()),
        ComponentsCommand::Push { file, reference } => push(&file, &reference),
        ComponentsCommand::Info { file } => info(&file),
        ComponentsCommand::Pull { reference } => {
            let f = fetch_with_progress(&reference)?;
            outln!(
                "{}  sha256:{}  {}{}",
                f.source.display(),
                plugboard::component::hex(&plugboard::component::sha256(&f.bytes)),
                f.stored_at.display(),
                if f.signature.is_some() {
                    "  (with signature)"
                } else {
                    ""
                }
            );
            Ok(())
        }
    }
}

/// [`plugboard::distribution::fetch`] into the default store, with a progress bar on a
/// terminal.
fn fetch_with_progress(reference: &str) -> anyhow::Result<plugboard::distribution::Fetched> {
    use std::io::IsTerminal as _;
    let store = Store::default_location()?;
    if !std::io::stderr().is_terminal() {
        return Ok(plugboard::distribution::fetch(reference, &store, None)?);
    }
    let bar = indicatif::ProgressBar::new(0).with_style(
        indicatif::ProgressStyle::with_template(
            "{msg} [{bar:30}] {bytes}/{total_bytes} {bytes_per_sec}",
        )
        .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar())
        .progress_chars("=> "),
    );
    bar.set_message(format!("pulling {reference}"));
    let mut progress = |done: u64, total: u64| {
        bar.set_length(total);
        bar.set_position(done);
    };
    let out = plugboard::distribution::fetch(reference, &store, Some(&mut progress));
    bar.finish_and_clear();
    Ok(out?)
}

fn push(file: &Path, reference: &str) -> anyhow::Result<()> {
    let bytes = std::fs::read(file).with_context(|| format!("cannot read {}", file.display()))?;
    let sig_path = with_suffix(file, ".sig");
    let signature = match std::fs::read(&sig_path) {
        Ok(s) => {
            // Never publish a signature that does not verify.
            ComponentSignature::from_json(&s)
                .and_then(|sig| sig.verify(&plugboard::component::sha256(&bytes)))
                .map_err(|m| anyhow::anyhow!("{}: {m}", sig_path.display()))?;
            Some(s)
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
        Err(e) => bail!("cannot read {}: {e}", sig_path.display()),
    };
    let r = plugboard::distribution::fetch::parse_reference(reference)?;
    let mut annotations = std::collections::BTreeMap::new();
    annotations.insert(
        "org.opencontainers.image.title".to_string(),
        component_name(&file.to_string_lossy()),
    );
    let digest = plugboard::distribution::oci::push(&r, &bytes, signature.as_deref(), &annotations)
        .with_context(|| format!("cannot push {} to {reference}", file.display()))?;
    outln!(
        "pushed {} to {reference}: oci://{}/{}@{digest}{}",
        file.display(),
        r.registry(),
        r.repository(),
        if signature.is_some() {
            " (with signature)"
        } else {
            ""
        }
    );
    Ok(())
}

/// Loads the component `spec` names: a file, or `oci://REF` (pulled, or taken from the
/// local store when pinned by digest).
pub fn load_source(r: &mut Registry, spec: &str, options: LoadOptions) -> anyhow::Result<()> {
    if spec.starts_with(OCI_SCHEME) {
        let f = fetch_with_progress(spec)?;
        r.load_signed_bytes(&f.source, &f.bytes, f.signature.as_deref(), options)?;
    } else {
        r.load_file_with(Path::new(spec), options)?;
    }
    Ok(())
}

fn info(file: &Path) -> anyhow::Result<()> {
    let mut registry = Registry::new(SandboxConfig::default())?;
    registry.load_file(file)?;
    let Some(c) = registry.components().first() else {
        bail!("{} registered nothing", file.display());
    };
    let info = &c.info;
    let mut rows: Vec<(&str, String)> = vec![
        ("file", info.path.display().to_string()),
        ("sha256", info.sha256_hex()),
        ("kind", kind_name(info.kind).to_string()),
        ("contract", format!("plugboard:runtime@{}", info.version)),
    ];
    match info.kind {
        ComponentKind::Backend => rows.push(("backend ids", c.backend_ids.join(", "))),
        ComponentKind::KernelLibrary => rows.push(("operators", c.operators.len().to_string())),
    }
    if let Some(k) = info.signer {
        rows.push(("signed by", k.to_string()));
    }
    for (k, v) in info.metadata.fields() {
        rows.push((k, v.to_string()));
    }
    let width = rows.iter().map(|(k, _)| k.len()).max().unwrap_or(0) + 1;
    for (k, v) in rows {
        outln!("{:<width$} {v}", format!("{k}:"));
    }
    Ok(())
}

fn kind_name(kind: ComponentKind) -> &'static str {
    match kind {
        ComponentKind::KernelLibrary => "kernel-library",
        ComponentKind::Backend => "backend",
    }
}

fn lock(
    output: &Path,
    add: &[String],
    pin_signers: bool,
    args: &RegistryArgs,
) -> anyhow::Result<()> {
    if args.locked.is_some() {
        bail!("`components lock` writes a lockfile; leave out --locked");
    }
    let mut registry = args.registry()?;
    for spec in add {
        load_source(&mut registry, spec, LoadOptions::default())
            .with_context(|| format!("--add {spec}"))?;
    }
    let mut lock = Lockfile::new();
    for c in registry.components() {
        let info = &c.info;
        let source = info.path.to_string_lossy().into_owned();
        lock.upsert(LockEntry {
            name: component_name(&source),
            kind: kind_name(info.kind).into(),
            contract: info.version.to_string(),
            component_version: info.component_version.clone(),
            sha256: info.sha256_hex(),
            source,
            publisher_key: if pin_signers {
                info.signer.map(|k| k.to_string())
            } else {
                None
            },
        });
    }
    lock.write(output)?;
    outln!(
        "wrote {} ({} components)",
        output.display(),
        lock.components.len()
    );
    for e in &lock.components {
        outln!("  {}  sha256:{}  {}", e.name, e.sha256, e.source);
    }
    Ok(())
}

fn with_suffix(prefix: &Path, suffix: &str) -> PathBuf {
    let mut s = prefix.as_os_str().to_owned();
    s.push(suffix);
    PathBuf::from(s)
}

fn keygen(name: &Path) -> anyhow::Result<()> {
    let key = SecretKey::generate()?;
    let secret = with_suffix(name, ".key");
    let public = with_suffix(name, ".pub");
    if public.exists() {
        bail!("{} exists; not overwriting a key", public.display());
    }
    key.write(&secret)?;
    std::fs::write(&public, format!("{}\n", key.public()))
        .with_context(|| format!("cannot write {}", public.display()))?;
    outln!("secret key: {} (keep it private)", secret.display());
    outln!("public key: {} ({})", public.display(), key.public());
    Ok(())
}

/// Compiles the component to read what it is (kind, contract version, version).
fn inspect_component(file: &Path) -> anyhow::Result<(Vec<u8>, std::sync::Arc<ComponentInfo>)> {
    let bytes = std::fs::read(file).with_context(|| format!("cannot read {}", file.display()))?;
    let registry = Registry::new(SandboxConfig::default())?;
    let info = ComponentInfo::load(registry.engine(), file, &bytes)?;
    Ok((bytes, info))
}

fn sign(file: &Path, key: &Path) -> anyhow::Result<()> {
    let key = SecretKey::read(key)?;
    let (_, info) = inspect_component(file)?;
    let metadata = SignedMetadata {
        name: component_name(&file.to_string_lossy()),
        kind: kind_name(info.kind).into(),
        contract: info.version.to_string(),
        component_version: info.component_version.clone(),
    };
    let sig = ComponentSignature::sign(&key, &info.sha256, metadata);
    let out = with_suffix(file, ".sig");
    std::fs::write(&out, sig.to_json())
        .with_context(|| format!("cannot write {}", out.display()))?;
    outln!(
        "{}: signed by {} (sha256:{})",
        out.display(),
        key.public(),
        info.sha256_hex()
    );
    Ok(())
}

/// A key given as `ed25519:<hex>` or as the path of a `.pub` file holding one.
fn parse_key(spec: &str) -> anyhow::Result<PublisherKey> {
    if let Ok(k) = spec.parse() {
        return Ok(k);
    }
    let text = std::fs::read_to_string(spec).with_context(|| {
        format!("`{spec}` is neither a key (ed25519:<hex>) nor a readable .pub file")
    })?;
    text.trim()
        .parse()
        .map_err(|m: String| anyhow::anyhow!("{spec}: {m}"))
}

fn verify(file: &Path, key: Option<&str>) -> anyhow::Result<()> {
    let bytes = std::fs::read(file).with_context(|| format!("cannot read {}", file.display()))?;
    let sig_path = with_suffix(file, ".sig");
    let sig = std::fs::read(&sig_path).with_context(|| {
        format!(
            "{}: no signature ({} cannot be read)",
            file.display(),
            sig_path.display()
        )
    })?;
    let sig = ComponentSignature::from_json(&sig)
        .map_err(|m| anyhow::anyhow!("{}: {m}", sig_path.display()))?;
    let digest = plugboard::component::sha256(&bytes);
    let signer = sig
        .verify(&digest)
        .map_err(|m| anyhow::anyhow!("{}: {m}", file.display()))?;
    if let Some(want) = key {
        let want = parse_key(want)?;
        if want != signer {
            bail!("{}: signed by {signer}, not by {want}", file.display());
        }
    }
    outln!(
        "{}: signature verifies: signed by {signer}; sha256:{}; {} {} (contract {}{})",
        file.display(),
        sig.sha256,
        sig.metadata.kind,
        sig.metadata.name,
        sig.metadata.contract,
        sig.metadata
            .component_version
            .as_deref()
            .map(|v| format!(", version {v}"))
            .unwrap_or_default()
    );
    Ok(())
}
