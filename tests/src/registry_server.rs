//! A throw-away local OCI registry for tests: Docker's `distribution`
//! (`docker-registry serve`, Debian package `docker-registry`, 2.8.x) on a
//! free `127.0.0.1` port, storing into a fresh temporary directory, killed and
//! cleaned up on drop.
//!
//! Optional HTTP basic authentication (htpasswd, bcrypt hashes only) works
//! over plain HTTP with distribution 2.8; no TLS is needed.
//!
//! Uses only `std`.

use std::io::{Read as _, Write as _};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::{Duration, Instant};

/// The binary that `docker-registry` (Debian/Ubuntu) installs.
pub const REGISTRY_BINARY: &str = "docker-registry";

/// A running registry; stopped and its storage removed when dropped.
pub struct RegistryServer {
    child: Option<Child>,
    addr: SocketAddr,
    dir: PathBuf,
}

impl RegistryServer {
    /// Starts an anonymous (no auth) registry.
    pub fn start() -> Result<Self, String> {
        Self::launch(None)
    }

    /// Starts a registry that requires HTTP basic authentication.
    /// `htpasswd` is the htpasswd file's content: lines `user:<bcrypt hash>`
    /// (`$2a$`, `$2b$` or `$2y$`; e.g. `bcrypt::hash(password, 4)`, or
    /// `htpasswd -nbB user password` from `apache2-utils`).
    pub fn start_with_htpasswd(htpasswd: &str) -> Result<Self, String> {
        Self::launch(Some(htpasswd))
    }

    /// `127.0.0.1:<port>`, the registry part of an OCI reference.
    pub fn host(&self) -> String {
        self.addr.to_string()
    }

    /// The socket address the registry listens on.
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// The registry's storage root (`rootdirectory` of the filesystem driver).
    pub fn storage_dir(&self) -> PathBuf {
        self.dir.join("storage")
    }

    /// The file holding blob `digest` (`sha256:<hex>`) on disk, for tests that
    /// tamper with stored content.
    pub fn blob_path(&self, digest: &str) -> PathBuf {
        let hex = digest.strip_prefix("sha256:").unwrap_or(digest);
        let prefix = hex.get(..2).unwrap_or(hex);
        self.storage_dir()
            .join("docker/registry/v2/blobs/sha256")
            .join(prefix)
            .join(hex)
            .join("data")
    }

    /// Stops the registry now (the storage stays until drop); later requests
    /// get "connection refused".
    pub fn stop(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }

    /// The registry's log so far (stderr and stdout), for failure messages.
    pub fn log(&self) -> String {
        std::fs::read_to_string(self.dir.join("registry.log")).unwrap_or_default()
    }

    fn launch(htpasswd: Option<&str>) -> Result<Self, String> {
        let dir = fresh_dir()?;
        let server = Self::launch_in(dir.clone(), htpasswd);
        if server.is_err() {
            let _ = std::fs::remove_dir_all(&dir);
        }
        server
    }

    fn launch_in(dir: PathBuf, htpasswd: Option<&str>) -> Result<Self, String> {
        let storage = dir.join("storage");
        std::fs::create_dir_all(&storage)
            .map_err(|e| format!("cannot create {}: {e}", storage.display()))?;
        let mut auth = String::new();
        if let Some(content) = htpasswd {
            let path = dir.join("htpasswd");
            std::fs::write(&path, content)
                .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
            auth = format!(
                "auth:\n  htpasswd:\n    realm: plugboard-test\n    path: {}\n",
                path.display()
            );
        }
        // Grab a free port, release it, and let the registry bind it. Retry a
        // few times in case another process takes it in between.
        let mut last_error = String::new();
        for _ in 0..5 {
            let port = free_port()?;
            let addr = SocketAddr::from(([127, 0, 0, 1], port));
            let config = format!(
                "version: 0.1\n\
                 log:\n  level: info\n  accesslog:\n    disabled: true\n\
                 storage:\n  filesystem:\n    rootdirectory: {}\n  delete:\n    enabled: true\n\
                 http:\n  addr: {addr}\n  secret: plugboard-test-secret\n\
                 {auth}",
                storage.display()
            );
            let config_path = dir.join("config.yml");
            std::fs::write(&config_path, config)
                .map_err(|e| format!("cannot write {}: {e}", config_path.display()))?;
            let log = std::fs::File::create(dir.join("registry.log"))
                .map_err(|e| format!("cannot create the registry log: {e}"))?;
            let log2 = log
                .try_clone()
                .map_err(|e| format!("cannot create the registry log: {e}"))?;
            let child = Command::new(REGISTRY_BINARY)
                .arg("serve")
                .arg(&config_path)
                .stdin(Stdio::null())
                .stdout(log)
                .stderr(log2)
                .spawn();
            let child = match child {
                Ok(child) => child,
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                    return Err(format!(
                        "`{REGISTRY_BINARY}` is not installed: install the Debian/Ubuntu package \
                         `docker-registry` (apt-get install docker-registry)"
                    ))
                }
                Err(e) => return Err(format!("cannot start `{REGISTRY_BINARY}`: {e}")),
            };
            let mut server = Self {
                child: Some(child),
                addr,
                dir: dir.clone(),
            };
            match server.wait_ready(Duration::from_secs(15)) {
                Ok(()) => return Ok(server),
                Err(e) => {
                    last_error = e;
                    server.stop();
                    // Don't let the failed server's Drop delete the directory.
                    server.dir = PathBuf::new();
                }
            }
        }
        Err(last_error)
    }

    /// Waits until `GET /v2/` answers (200, or 401 when auth is on).
    fn wait_ready(&mut self, timeout: Duration) -> Result<(), String> {
        let deadline = Instant::now() + timeout;
        loop {
            if let Some(child) = self.child.as_mut() {
                if let Ok(Some(status)) = child.try_wait() {
                    return Err(format!(
                        "`{REGISTRY_BINARY}` exited ({status}) before answering; log:\n{}",
                        self.log()
                    ));
                }
            }
            if let Some(status) = http_status(self.addr, "/v2/") {
                if status == 200 || status == 401 {
                    return Ok(());
                }
            }
            if Instant::now() > deadline {
                return Err(format!(
                    "`{REGISTRY_BINARY}` did not answer on {} within {timeout:?}; log:\n{}",
                    self.addr,
                    self.log()
                ));
            }
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

impl Drop for RegistryServer {
    fn drop(&mut self) {
        self.stop();
        if !self.dir.as_os_str().is_empty() {
            let _ = std::fs::remove_dir_all(&self.dir);
        }
    }
}

/// The status code of a plain `GET path` to `addr`, or `None` if nothing answers.
fn http_status(addr: SocketAddr, path: &str) -> Option<u16> {
    let mut stream = TcpStream::connect_timeout(&addr, Duration::from_millis(200)).ok()?;
    stream.set_read_timeout(Some(Duration::from_secs(2))).ok()?;
    write!(stream, "GET {path} HTTP/1.0\r\nHost: {addr}\r\n\r\n").ok()?;
    let mut head = [0u8; 64];
    let n = stream.read(&mut head).ok()?;
    let line = std::str::from_utf8(&head[..n]).ok()?;
    line.split_whitespace().nth(1)?.parse().ok()
}

fn free_port() -> Result<u16, String> {
    let listener =
        TcpListener::bind("127.0.0.1:0").map_err(|e| format!("cannot find a free port: {e}"))?;
    listener
        .local_addr()
        .map(|a| a.port())
        .map_err(|e| format!("cannot find a free port: {e}"))
}

fn fresh_dir() -> Result<PathBuf, String> {
    static COUNTER: AtomicU32 = AtomicU32::new(0);
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.subsec_nanos());
    let dir = std::env::temp_dir().join(format!(
        "plugboard-registry-{}-{}-{nanos}",
        std::process::id(),
        COUNTER.fetch_add(1, Ordering::Relaxed)
    ));
    std::fs::create_dir_all(&dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    Ok(dir)
}
