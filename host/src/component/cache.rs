//! The compile cache: compiled components (wasmtime `precompile_component` artifacts)
//! kept on disk between processes, authenticated before they are loaded.
//!
//! Loading a cached artifact runs its machine code outside the sandbox
//! (`Component::deserialize` trusts its input), so an entry is never loaded unless it
//! verifies. The trust rules:
//!
//! - **Key.** An entry's name is the SHA-256 of the component's SHA-256 and the engine
//!   fingerprint ([`engine_fingerprint`]): wasmtime's
//!   `Engine::precompile_compatibility_hash` (wasmtime's version, target, ISA flags,
//!   tunables such as epoch checks, wasm features) plus plugboard's own settings that
//!   change generated code. Two engines that would generate different code never share
//!   an entry.
//! - **Authentication.** Every entry carries a BLAKE3 keyed hash (BLAKE3's MAC mode)
//!   over its key and its artifact bytes, made with a per-user secret key (`cache.key`
//!   in the cache directory, 32 random bytes, mode 0600, created on first use). A
//!   swapped entry (valid artifact under another key), a truncated one, junk, a forged
//!   entry with a valid name or an entry made with another key fails verification and
//!   is recompiled and replaced, never loaded. BLAKE3 rather than HMAC-SHA256: the
//!   whole artifact is authenticated on every warm load, and the portable library's is
//!   4.2 MB, which HMAC-SHA256 took 3.5 ms over (with SHA-NI) against 1 ms for reading
//!   and BLAKE3 together; the 5 ms budget of a warm load could not hold with it.
//! - **Loading.** A verified entry is mapped by wasmtime (`deserialize_file`) from the
//!   very file descriptor that was verified (`/proc/self/fd/N` on Linux: a rename in
//!   the directory between the check and the load cannot substitute another file), not
//!   copied: 0.3 ms instead of 2.5 ms for the portable library. The file must be a
//!   regular file owned by this user that nobody else can write, in a directory only
//!   this user can write, so only this user could change its bytes in between. Where
//!   `/proc` is missing the verified bytes are kept and deserialized from memory.
//! - **Permissions** (Unix), as OpenSSH refuses a loose `~/.ssh`: the cache directory
//!   must be owned by this user and writable by nobody else, each directory above it
//!   owned by this user or root and not writable by others unless sticky (`/tmp`), and
//!   the key file a regular file owned by this user that nobody else can read or write.
//!   Otherwise the cache is refused as a whole (a warning says why) and components are
//!   compiled without it.
//! - **Writes** go to a temporary file named by process, thread and a counter, then are
//!   renamed over the entry: concurrent fillers (processes or threads) never see or
//!   leave a partial entry, and two fillers of one key leave one of their (identical)
//!   entries.
//! - **Size.** The entries are kept under a cap ([`DEFAULT_MAX_BYTES`], `--cache-max-mib`)
//!   by evicting the least recently used ones after each write; a hit marks its entry
//!   used (its modification time).
//!
//! Entry format (`<key hex>.cwasm`): the artifact, then the 32-byte tag
//! `BLAKE3-keyed(secret, "plugboard compile cache entry v2" || key || artifact)`, then
//! `PBCWASM2` (8 bytes). The trailer goes last so that the file stays an ELF image that
//! wasmtime maps as it is (ELF readers ignore bytes past the sections).
//!
//! Not wasmtime's own `cache` feature: that one trusts its directory (a writable cache is
//! native code execution), keys by `DefaultHasher` and needs a TOML config file.

use std::fs::File;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, SystemTime};

use super::hex;
use sha2::{Digest, Sha256};

/// Default cap on the bytes the cache's entries may take: 1 GiB (the four bundled
/// components take about 60 MB compiled, with and without epoch checks).
pub const DEFAULT_MAX_BYTES: u64 = 1 << 30;

const MAGIC: &[u8; 8] = b"PBCWASM2";
const TAG_LEN: usize = 32;
/// The tag and the magic after the artifact.
const TRAILER_LEN: usize = TAG_LEN + MAGIC.len();
const TAG_DOMAIN: &[u8] = b"plugboard compile cache entry v2";
/// Bytes read (and hashed) at a time when verifying.
const READ_CHUNK: usize = 256 << 10;
const KEY_FILE: &str = "cache.key";
const ENTRY_EXT: &str = "cwasm";
/// A temporary file older than this is a leftover of a process that died mid-write.
const STALE_TMP: Duration = Duration::from_secs(600);

/// The key of one cache entry: SHA-256 of (component SHA-256, engine fingerprint).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct CacheKey([u8; 32]);

impl CacheKey {
    /// The key for a component whose bytes hash to `component_sha256`, compiled by an
    /// engine with `fingerprint` ([`engine_fingerprint`]).
    pub fn new(component_sha256: &[u8; 32], fingerprint: &[u8; 32]) -> CacheKey {
        let mut h = Sha256::new();
        h.update(b"plugboard compile cache key v1");
        h.update(component_sha256);
        h.update(fingerprint);
        CacheKey(h.finalize().into())
    }

    /// The key in lower-case hex (the entry's file stem).
    pub fn hex(&self) -> String {
        hex(&self.0)
    }
}

/// A stable fingerprint of everything that changes the code `engine` generates:
/// wasmtime's `precompile_compatibility_hash` (hashed into SHA-256 rather than a
/// `DefaultHasher`, whose output Rust does not fix across releases), whether epoch
/// checks are compiled in, and the target.
pub fn engine_fingerprint(engine: &wasmtime::Engine, epoch_checks: bool) -> [u8; 32] {
    use std::hash::Hash;
    let mut h = ShaHasher(Sha256::new());
    h.0.update(b"plugboard engine fingerprint v1");
    engine.precompile_compatibility_hash().hash(&mut h);
    h.0.update([u8::from(epoch_checks)]);
    h.0.update(std::env::consts::ARCH.as_bytes());
    h.0.update(std::env::consts::OS.as_bytes());
    h.0.finalize().into()
}

/// Feeds `Hash` output into SHA-256.
struct ShaHasher(Sha256);

impl std::hash::Hasher for ShaHasher {
    fn finish(&self) -> u64 {
        0
    }
    fn write(&mut self, bytes: &[u8]) {
        self.0.update(bytes);
    }
}

/// Why a cache directory was refused (the whole cache is then off for this engine).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CacheRefused {
    /// The directory or file at fault.
    pub path: PathBuf,
    /// Why, for a person.
    pub reason: String,
}

impl std::fmt::Display for CacheRefused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.path.display(), self.reason)
    }
}

/// What a lookup found.
#[derive(Debug)]
pub enum Lookup {
    /// A verified entry (see [`Hit::deserialize`]).
    Hit(Hit),
    /// No entry under the key.
    Miss,
    /// An entry that failed verification (truncated, junk, wrong tag, loose
    /// permissions); the reason.
    Rejected(String),
}

/// A verified cache entry: the open file whose bytes were verified (and, where it
/// cannot be mapped by descriptor, the artifact bytes themselves).
#[derive(Debug)]
pub struct Hit {
    file: File,
    #[allow(dead_code)] // read only where `/proc/self/fd` is missing
    artifact: Option<Vec<u8>>,
}

impl Hit {
    /// Deserializes the verified artifact into a component for `engine`.
    ///
    /// # Safety
    ///
    /// `engine` must be the engine whose fingerprint the entry's key was made with (the
    /// caller looked it up by [`CacheKey`] built from [`engine_fingerprint`] of it).
    /// Nothing else is needed from the caller: the bytes verified under this user's
    /// key, so they are an artifact this cache stored for that key.
    pub unsafe fn deserialize(
        &self,
        engine: &wasmtime::Engine,
    ) -> wasmtime::Result<wasmtime::component::Component> {
        #[cfg(target_os = "linux")]
        {
            use std::os::fd::AsRawFd;
            let by_fd = PathBuf::from(format!("/proc/self/fd/{}", self.file.as_raw_fd()));
            if by_fd.exists() {
                // SAFETY: the descriptor's bytes verified (see the module docs on who
                // could change them in between).
                return unsafe { wasmtime::component::Component::deserialize_file(engine, by_fd) };
            }
        }
        let _ = &self.file;
        match &self.artifact {
            // SAFETY: these bytes verified.
            Some(a) => unsafe { wasmtime::component::Component::deserialize(engine, a) },
            None => Err(wasmtime::Error::msg(
                "the verified entry can neither be mapped by descriptor nor was it kept",
            )),
        }
    }
}

/// An opened, permission-checked compile cache.
#[derive(Clone)]
pub struct CompileCache {
    dir: PathBuf,
    secret: [u8; 32],
    max_bytes: u64,
}

impl std::fmt::Debug for CompileCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CompileCache")
            .field("dir", &self.dir)
            .field("max_bytes", &self.max_bytes)
            .finish_non_exhaustive()
    }
}

impl CompileCache {
    /// Opens (creating with mode 0700 when needed) the cache in `dir`, checks its
    /// permissions and reads (or creates) its secret key; entries are kept under
    /// `max_bytes` in all.
    ///
    /// Errors: [`CacheRefused`] naming the directory or file and why: loose permissions
    /// (see the module docs), another owner, a key file that is not 32 bytes, or an I/O
    /// error.
    pub fn open(dir: &Path, max_bytes: u64) -> Result<CompileCache, CacheRefused> {
        let refused = |path: &Path, reason: String| CacheRefused {
            path: path.to_path_buf(),
            reason,
        };
        create_private_dir(dir).map_err(|e| refused(dir, format!("cannot create: {e}")))?;
        permissions::check_dir(dir)?;
        let secret = read_or_create_key(&dir.join(KEY_FILE))?;
        Ok(CompileCache {
            dir: dir.to_path_buf(),
            secret,
            max_bytes,
        })
    }

    /// The cache directory.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The file an entry for `key` lives in.
    pub fn entry_path(&self, key: &CacheKey) -> PathBuf {
        self.dir.join(format!("{}.{ENTRY_EXT}", key.hex()))
    }

    /// A tag hasher primed with the domain and `key`; the artifact goes in next.
    fn tagger(&self, key: &CacheKey) -> blake3::Hasher {
        let mut h = blake3::Hasher::new_keyed(&self.secret);
        h.update(TAG_DOMAIN);
        h.update(&key.0);
        h
    }

    /// Opens and verifies the entry for `key`: a regular file of this user's that
    /// nobody else can write, ending in the trailer, whose tag matches its key and
    /// artifact under this cache's secret. A verified entry is marked used (for
    /// eviction); one that fails is reported as [`Lookup::Rejected`] and left for
    /// [`CompileCache::store`] to replace.
    pub fn load(&self, key: &CacheKey) -> Lookup {
        let path = self.entry_path(key);
        let mut file = match open_entry(&path) {
            Ok(f) => f,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Lookup::Miss,
            Err(e) => return Lookup::Rejected(format!("cannot open: {e}")),
        };
        let meta = match file.metadata() {
            Ok(m) => m,
            Err(e) => return Lookup::Rejected(format!("cannot stat: {e}")),
        };
        if let Err(why) = permissions::check_entry(&meta) {
            return Lookup::Rejected(why);
        }
        let len = meta.len();
        if len < TRAILER_LEN as u64 {
            return Lookup::Rejected(format!(
                "not a plugboard cache entry ({len} bytes, shorter than its trailer)"
            ));
        }
        let artifact_len = len - TRAILER_LEN as u64;
        let keep = !cfg!(target_os = "linux") || !Path::new("/proc/self/fd").exists();
        let mut kept = keep.then(|| Vec::with_capacity(artifact_len as usize));
        let mut tagger = self.tagger(key);
        let mut trailer = Vec::with_capacity(TRAILER_LEN);
        let mut buf = vec![0u8; READ_CHUNK];
        let mut seen = 0u64;
        loop {
            let n = match file.read(&mut buf) {
                Ok(0) => break,
                Ok(n) => n,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(e) => return Lookup::Rejected(format!("cannot read: {e}")),
            };
            let chunk = &buf[..n];
            // The part of this chunk that is artifact, and the part that is trailer.
            let in_artifact = artifact_len.saturating_sub(seen).min(n as u64) as usize;
            tagger.update(&chunk[..in_artifact]);
            if let Some(k) = kept.as_mut() {
                k.extend_from_slice(&chunk[..in_artifact]);
            }
            trailer.extend_from_slice(&chunk[in_artifact..]);
            seen += n as u64;
            if seen > len {
                return Lookup::Rejected("the file grew while it was read".into());
            }
        }
        if seen != len || trailer.len() != TRAILER_LEN {
            return Lookup::Rejected("the file changed size while it was read".into());
        }
        let (tag, magic) = trailer.split_at(TAG_LEN);
        if magic != MAGIC {
            return Lookup::Rejected(format!(
                "not a plugboard cache entry ({len} bytes, no PBCWASM2 trailer)"
            ));
        }
        // `blake3::Hash`'s equality is constant-time.
        let expected = tagger.finalize();
        let Ok(tag) = <[u8; TAG_LEN]>::try_from(tag) else {
            return Lookup::Rejected("malformed trailer".into());
        };
        if expected != blake3::Hash::from_bytes(tag) {
            return Lookup::Rejected(
                "its authentication tag does not match its key and bytes (tampered, swapped, truncated or made with another key)"
                    .into(),
            );
        }
        // Mark it used for least-recently-used eviction; failure only ages it.
        let _ = file.set_modified(SystemTime::now());
        Lookup::Hit(Hit {
            file,
            artifact: kept,
        })
    }

    /// Writes `artifact` as the entry for `key` (atomically: a temporary file renamed
    /// over it), then evicts least recently used entries until the cache is under its
    /// cap. An artifact larger than the cap is not stored. Failures are logged and
    /// otherwise ignored: the cache only saves time.
    pub fn store(&self, key: &CacheKey, artifact: &[u8]) {
        let total = (TRAILER_LEN + artifact.len()) as u64;
        if total > self.max_bytes {
            tracing::info!(
                "compile cache: a {total}-byte entry exceeds the cache cap of {} bytes; not stored",
                self.max_bytes
            );
            return;
        }
        let path = self.entry_path(key);
        let tmp = self.dir.join(format!(
            ".tmp-{}-{}-{}-{}",
            &key.hex()[..16],
            std::process::id(),
            thread_tag(),
            TMP_COUNTER.fetch_add(1, Ordering::Relaxed)
        ));
        let mut tagger = self.tagger(key);
        tagger.update(artifact);
        let tag = tagger.finalize();
        let written = (|| -> std::io::Result<()> {
            let mut f = create_private_file(&tmp)?;
            f.write_all(artifact)?;
            f.write_all(tag.as_bytes())?;
            f.write_all(MAGIC)?;
            f.flush()?;
            drop(f);
            std::fs::rename(&tmp, &path)
        })();
        if let Err(e) = written {
            let _ = std::fs::remove_file(&tmp);
            tracing::warn!("compile cache: cannot write {}: {e}", path.display());
            return;
        }
        self.evict(&path);
    }

    /// Removes least recently used entries (oldest modification time first) until the
    /// entries take at most the cap, never `keep`; removes temporary files left by dead
    /// writers.
    fn evict(&self, keep: &Path) {
        let Ok(dir) = std::fs::read_dir(&self.dir) else {
            return;
        };
        let now = SystemTime::now();
        let mut entries = Vec::new();
        let mut total = 0u64;
        for e in dir.flatten() {
            let path = e.path();
            let Ok(meta) = e.metadata() else { continue };
            let modified = meta.modified().unwrap_or(SystemTime::UNIX_EPOCH);
            let name = e.file_name();
            let name = name.to_string_lossy();
            if name.starts_with(".tmp-") {
                if now.duration_since(modified).unwrap_or_default() > STALE_TMP {
                    let _ = std::fs::remove_file(&path);
                }
                continue;
            }
            if !meta.is_file() || path.extension().is_none_or(|x| x != ENTRY_EXT) {
                continue;
            }
            total += meta.len();
            entries.push((modified, meta.len(), path));
        }
        if total <= self.max_bytes {
            return;
        }
        entries.sort();
        for (_, len, path) in entries {
            if total <= self.max_bytes {
                break;
            }
            if path == keep {
                continue;
            }
            if std::fs::remove_file(&path).is_ok() {
                tracing::debug!("compile cache: evicted {}", path.display());
                total -= len;
            }
        }
    }
}

static TMP_COUNTER: AtomicU64 = AtomicU64::new(0);

/// A per-thread number for temporary file names (`ThreadId`'s digits).
fn thread_tag() -> String {
    format!("{:?}", std::thread::current().id())
        .chars()
        .filter(char::is_ascii_digit)
        .collect()
}

/// Opens an entry for reading, not following a symbolic link in its place.
fn open_entry(path: &Path) -> std::io::Result<File> {
    let mut o = std::fs::OpenOptions::new();
    o.read(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::custom_flags(&mut o, libc::O_NOFOLLOW);
    o.open(path)
}

fn create_private_dir(dir: &Path) -> std::io::Result<()> {
    let mut b = std::fs::DirBuilder::new();
    b.recursive(true);
    #[cfg(unix)]
    std::os::unix::fs::DirBuilderExt::mode(&mut b, 0o700);
    b.create(dir)
}

fn create_private_file(path: &Path) -> std::io::Result<File> {
    let mut o = std::fs::OpenOptions::new();
    o.write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut o, 0o600);
    o.open(path)
}

/// Reads the 32-byte secret at `path`, or creates it: random bytes written to a private
/// temporary file and hard-linked into place, so that two processes creating it at once
/// agree on one key and nobody reads a half-written one.
fn read_or_create_key(path: &Path) -> Result<[u8; 32], CacheRefused> {
    let refused = |reason: String| CacheRefused {
        path: path.to_path_buf(),
        reason,
    };
    for _ in 0..2 {
        match std::fs::symlink_metadata(path) {
            Ok(_) => {
                permissions::check_key_file(path)?;
                let bytes =
                    std::fs::read(path).map_err(|e| refused(format!("cannot read: {e}")))?;
                return <[u8; 32]>::try_from(bytes.as_slice()).map_err(|_| {
                    refused(format!(
                        "holds {} bytes, a cache key holds 32 (delete it to make a new key; the cache's entries are then recompiled)",
                        bytes.len()
                    ))
                });
            }
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
            Err(e) => return Err(refused(format!("cannot read: {e}"))),
        }
        let mut secret = [0u8; 32];
        getrandom::getrandom(&mut secret)
            .map_err(|e| refused(format!("no random bytes for a new key: {e}")))?;
        let tmp = path.with_file_name(format!(".tmp-key-{}-{}", std::process::id(), thread_tag()));
        let made = (|| -> std::io::Result<()> {
            let mut f = create_private_file(&tmp)?;
            f.write_all(&secret)?;
            f.sync_all()?;
            std::fs::hard_link(&tmp, path)
        })();
        let _ = std::fs::remove_file(&tmp);
        match made {
            Ok(()) => return Ok(secret),
            // Another process made it first: read theirs.
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(refused(format!("cannot create: {e}"))),
        }
    }
    Err(refused("cannot be created or read".into()))
}

#[cfg(unix)]
mod permissions {
    //! OpenSSH-style checks (`safe_path` in its `misc.c`): who may change the cache.
    use super::CacheRefused;
    use std::os::unix::fs::MetadataExt;
    use std::path::Path;

    fn refused(path: &Path, reason: String) -> CacheRefused {
        CacheRefused {
            path: path.to_path_buf(),
            reason,
        }
    }

    fn euid() -> u32 {
        // SAFETY: geteuid has no preconditions and cannot fail.
        unsafe { libc::geteuid() }
    }

    /// The cache directory: ours and writable only by us; every directory above it
    /// ours or root's, and not writable by others unless sticky.
    pub fn check_dir(dir: &Path) -> Result<(), CacheRefused> {
        let me = euid();
        let dir = dir
            .canonicalize()
            .map_err(|e| refused(dir, format!("cannot resolve: {e}")))?;
        let meta =
            std::fs::metadata(&dir).map_err(|e| refused(&dir, format!("cannot stat: {e}")))?;
        if meta.uid() != me {
            return Err(refused(
                &dir,
                format!(
                    "the cache directory is owned by uid {}, not by this user (uid {me}); another user could plant compiled code in it",
                    meta.uid()
                ),
            ));
        }
        if meta.mode() & 0o022 != 0 {
            return Err(refused(
                &dir,
                format!(
                    "the cache directory has mode {:o}: other users can write it and plant compiled code (chmod go-w it)",
                    meta.mode() & 0o7777
                ),
            ));
        }
        for parent in dir.ancestors().skip(1) {
            let Ok(meta) = std::fs::metadata(parent) else {
                continue;
            };
            if meta.uid() != me && meta.uid() != 0 {
                return Err(refused(
                    parent,
                    format!(
                        "a directory above the cache is owned by uid {}, who could replace the cache directory",
                        meta.uid()
                    ),
                ));
            }
            let sticky = meta.mode() & 0o1000 != 0;
            if meta.mode() & 0o022 != 0 && !sticky {
                return Err(refused(
                    parent,
                    format!(
                        "a directory above the cache has mode {:o}: other users could replace the cache directory (chmod go-w it, or set PLUGBOARD_CACHE_DIR elsewhere)",
                        meta.mode() & 0o7777
                    ),
                ));
            }
        }
        Ok(())
    }

    /// An entry (its open descriptor's metadata): a regular file of ours that nobody
    /// else can write.
    pub fn check_entry(meta: &std::fs::Metadata) -> Result<(), String> {
        if !meta.file_type().is_file() {
            return Err("not a regular file".into());
        }
        if meta.uid() != euid() {
            return Err(format!(
                "owned by uid {}, not by this user (uid {})",
                meta.uid(),
                euid()
            ));
        }
        if meta.mode() & 0o022 != 0 {
            return Err(format!(
                "mode {:o}: other users can write it",
                meta.mode() & 0o7777
            ));
        }
        Ok(())
    }

    /// The key file: a regular file (not a link) of ours that nobody else can read or
    /// write.
    pub fn check_key_file(path: &Path) -> Result<(), CacheRefused> {
        let meta = std::fs::symlink_metadata(path)
            .map_err(|e| refused(path, format!("cannot stat: {e}")))?;
        if !meta.file_type().is_file() {
            return Err(refused(
                path,
                "the cache key is not a regular file (a link or a directory)".into(),
            ));
        }
        let me = euid();
        if meta.uid() != me {
            return Err(refused(
                path,
                format!(
                    "the cache key is owned by uid {}, not by this user (uid {me})",
                    meta.uid()
                ),
            ));
        }
        if meta.mode() & 0o077 != 0 {
            return Err(refused(
                path,
                format!(
                    "the cache key has mode {:o}: other users can read or change it and forge entries (chmod 600 it)",
                    meta.mode() & 0o7777
                ),
            ));
        }
        Ok(())
    }
}

#[cfg(not(unix))]
mod permissions {
    //! Outside Unix the directory's ACLs are left to the platform.
    use super::CacheRefused;
    use std::path::Path;

    pub fn check_dir(_dir: &Path) -> Result<(), CacheRefused> {
        Ok(())
    }

    pub fn check_entry(meta: &std::fs::Metadata) -> Result<(), String> {
        if meta.file_type().is_file() {
            Ok(())
        } else {
            Err("not a regular file".into())
        }
    }

    pub fn check_key_file(_path: &Path) -> Result<(), CacheRefused> {
        Ok(())
    }
}
