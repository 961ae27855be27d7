//! Component linear memories the host can read and write itself.
//!
//! Contract 2.0 moves tensor bytes between components without staging them anywhere:
//! the host copies from one instance's linear memory straight into another's (or into
//! a planned address). wasmtime gives the host no handle on a component instance's
//! core memory, so the host allocates every linear memory itself through wasmtime's
//! public [`MemoryCreator`] hook and keeps a [`GuestMemory`] handle to each:
//!
//! - each memory reserves its whole `reserved_size` (plus guard) as inaccessible
//!   address space up front and makes pages readable and writable as it grows, so its
//!   base never moves (what wasmtime's own static memories do; wasmtime's bounds-check
//!   elision relies on the same reservation and guard);
//! - [`Sandboxed::new`](super::Sandboxed) collects the memories created while one
//!   instance is instantiated ([`capture`]), which ties each memory to its store.
//!
//! Reads and writes go through `&GuestMemory` from code that holds the store (`&mut`),
//! so the guest is never running while the host touches its memory, and every access
//! is checked against the memory's current size.
//!
//! Only on Unix (`mmap`); elsewhere wasmtime allocates memories itself and
//! [`GuestMemory`] handles are absent (2.0 transfers report that).

use std::cell::RefCell;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use wasmtime::{LinearMemory, MemoryCreator, MemoryType};

use crate::{Error, ErrorKind, Result};

/// One linear memory of a component instance, shared between wasmtime (which runs the
/// guest on it) and the host (which copies tensor bytes in and out).
#[derive(Debug)]
pub struct GuestMemory {
    /// Start of the reservation (never moves).
    base: usize,
    /// Accessible bytes (the wasm memory's current size).
    len: AtomicUsize,
    /// Bytes the memory may grow to without moving (the reservation, guard excluded).
    capacity: usize,
    /// Bytes mapped: `capacity` plus the guard.
    mapped: usize,
}

// SAFETY: `base` is an address, not a reference; every access through it is bounds
// checked against `len` and happens while the owning store is held exclusively.
unsafe impl Send for GuestMemory {}
unsafe impl Sync for GuestMemory {}

impl GuestMemory {
    /// The memory's current size in bytes.
    pub fn size(&self) -> usize {
        self.len.load(Ordering::Acquire)
    }

    fn check(&self, address: u32, len: usize) -> Result<usize> {
        let start = address as usize;
        match start.checked_add(len) {
            Some(end) if end <= self.size() => Ok(start),
            _ => Err(Error::new(
                ErrorKind::AccessFailed,
                format!(
                    "bytes {address:#x}..+{len} are outside the component's linear memory ({} bytes)",
                    self.size()
                ),
            )),
        }
    }

    /// The `len` bytes at `address`.
    ///
    /// # Safety
    /// The instance owning this memory is not running, and no slice from
    /// [`GuestMemory::bytes_mut`] of this memory is alive, while the result is.
    pub unsafe fn bytes(&self, address: u32, len: usize) -> Result<&[u8]> {
        let start = self.check(address, len)?;
        // SAFETY: inside the accessible part of the mapping (checked); the caller
        // rules out concurrent writers.
        Ok(unsafe { std::slice::from_raw_parts((self.base + start) as *const u8, len) })
    }

    /// The `len` bytes at `address`, writable.
    ///
    /// # Safety
    /// As [`GuestMemory::bytes`], and no other slice of this memory is alive.
    #[allow(clippy::mut_from_ref)]
    pub unsafe fn bytes_mut(&self, address: u32, len: usize) -> Result<&mut [u8]> {
        let start = self.check(address, len)?;
        // SAFETY: as in `bytes`; the caller rules out other slices.
        Ok(unsafe { std::slice::from_raw_parts_mut((self.base + start) as *mut u8, len) })
    }
}

impl Drop for GuestMemory {
    fn drop(&mut self) {
        #[cfg(unix)]
        // SAFETY: `base..base + mapped` is the mapping `reserve` made; nothing refers to
        // it any more (wasmtime dropped its handle and so did the host).
        unsafe {
            libc::munmap(self.base as *mut libc::c_void, self.mapped);
        }
    }
}

/// wasmtime's handle on a [`GuestMemory`].
struct Linear(Arc<GuestMemory>);

// SAFETY: the memory never moves (`as_ptr` is constant), `byte_size` is its accessible
// size and `byte_capacity` the reservation it can grow into; growing makes the new
// pages accessible before reporting the new size.
unsafe impl LinearMemory for Linear {
    fn byte_size(&self) -> usize {
        self.0.size()
    }

    fn byte_capacity(&self) -> usize {
        self.0.capacity
    }

    fn grow_to(&mut self, new_size: usize) -> wasmtime::Result<()> {
        let m = &self.0;
        let old = m.size();
        if new_size <= old {
            return Ok(());
        }
        if new_size > m.capacity {
            return Err(wasmtime::Error::msg(format!(
                "memory cannot grow past its {} byte reservation",
                m.capacity
            )));
        }
        protect(m.base, old, new_size).map_err(wasmtime::Error::msg)?;
        m.len.store(new_size, Ordering::Release);
        Ok(())
    }

    fn as_ptr(&self) -> *mut u8 {
        self.0.base as *mut u8
    }
}

/// Makes `base + old .. base + new` readable and writable (page rounded).
#[cfg(unix)]
fn protect(base: usize, old: usize, new: usize) -> std::result::Result<(), String> {
    let page = page_size();
    let from = old - old % page;
    let to = new.next_multiple_of(page);
    if to <= from {
        return Ok(());
    }
    // SAFETY: inside the reservation made by `reserve` (the caller checked `new`
    // against the capacity, which is page rounded).
    let rc = unsafe {
        libc::mprotect(
            (base + from) as *mut libc::c_void,
            to - from,
            libc::PROT_READ | libc::PROT_WRITE,
        )
    };
    if rc != 0 {
        return Err(format!(
            "cannot grow memory to {new} bytes: {}",
            std::io::Error::last_os_error()
        ));
    }
    Ok(())
}

#[cfg(not(unix))]
fn protect(_: usize, _: usize, _: usize) -> std::result::Result<(), String> {
    Err("host-allocated memories need Unix".into())
}

#[cfg(unix)]
fn page_size() -> usize {
    // SAFETY: sysconf has no preconditions.
    let p = unsafe { libc::sysconf(libc::_SC_PAGESIZE) };
    usize::try_from(p).ok().filter(|&p| p > 0).unwrap_or(4096)
}

/// Reserves `capacity + guard` bytes of inaccessible address space.
#[cfg(unix)]
fn reserve(capacity: usize, guard: usize) -> std::result::Result<usize, String> {
    let mapped = capacity
        .checked_add(guard)
        .ok_or("memory reservation overflows")?;
    // SAFETY: a fresh anonymous mapping at an address the kernel picks.
    let p = unsafe {
        libc::mmap(
            std::ptr::null_mut(),
            mapped.max(1),
            libc::PROT_NONE,
            libc::MAP_PRIVATE | libc::MAP_ANONYMOUS | libc::MAP_NORESERVE,
            -1,
            0,
        )
    };
    if p == libc::MAP_FAILED {
        return Err(format!(
            "cannot reserve {mapped} bytes for a linear memory: {}",
            std::io::Error::last_os_error()
        ));
    }
    Ok(p as usize)
}

thread_local! {
    /// Memories created on this thread since [`capture`] started, if it did.
    static CAPTURED: RefCell<Option<Vec<Arc<GuestMemory>>>> = const { RefCell::new(None) };
}

/// Runs `f` (an instantiation) and returns the memories it created, in order.
pub(crate) fn capture<R>(f: impl FnOnce() -> R) -> (R, Vec<Arc<GuestMemory>>) {
    let outer = CAPTURED.with(|c| c.borrow_mut().replace(Vec::new()));
    let r = f();
    let mine = CAPTURED.with(|c| std::mem::replace(&mut *c.borrow_mut(), outer));
    (r, mine.unwrap_or_default())
}

/// The [`MemoryCreator`] the host's engine uses (see the module docs).
pub(crate) struct HostMemoryCreator;

/// Reservation for memories wasmtime does not give one for (dynamic memories): 4 GiB,
/// all a 32-bit memory can address.
const DEFAULT_RESERVATION: usize = 1 << 32;

// SAFETY: memories never move, are at least `minimum` bytes, honour
// `reserved_size_in_bytes` (the reservation is exactly that) and are followed by
// `guard_size_in_bytes` of inaccessible guard.
unsafe impl MemoryCreator for HostMemoryCreator {
    fn new_memory(
        &self,
        ty: MemoryType,
        minimum: usize,
        maximum: Option<usize>,
        reserved_size_in_bytes: Option<usize>,
        guard_size_in_bytes: usize,
    ) -> std::result::Result<Box<dyn LinearMemory>, String> {
        if ty.is_shared() || ty.is_64() {
            return Err("plugboard components use one unshared 32-bit memory".into());
        }
        #[cfg(unix)]
        {
            let page = page_size();
            let capacity = reserved_size_in_bytes
                .unwrap_or_else(|| maximum.unwrap_or(DEFAULT_RESERVATION).max(minimum))
                .next_multiple_of(page);
            if minimum > capacity {
                return Err(format!(
                    "memory of {minimum} bytes exceeds its {capacity} byte reservation"
                ));
            }
            let guard = guard_size_in_bytes.next_multiple_of(page);
            let base = reserve(capacity, guard)?;
            let memory = Arc::new(GuestMemory {
                base,
                len: AtomicUsize::new(0),
                capacity,
                mapped: capacity + guard,
            });
            protect(base, 0, minimum)?;
            memory.len.store(minimum, Ordering::Release);
            CAPTURED.with(|c| {
                if let Some(v) = c.borrow_mut().as_mut() {
                    v.push(memory.clone());
                }
            });
            Ok(Box::new(Linear(memory)))
        }
        #[cfg(not(unix))]
        {
            let _ = (
                minimum,
                maximum,
                reserved_size_in_bytes,
                guard_size_in_bytes,
            );
            Err("host-allocated memories need Unix".into())
        }
    }
}

/// Whether this host allocates component memories itself (see the module docs).
pub(crate) const HOST_MEMORIES: bool = cfg!(unix);
