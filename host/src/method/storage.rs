//! Where a method's tensors live: inside the kernel-library instance that runs its
//! kernels (the model `wit/kernels.wit` describes: planned buffers and constants are
//! uploaded once and kernels get descriptors), or, for methods without kernel calls
//! (fully delegated programs), in host memory.

use std::collections::BTreeMap;
use std::sync::Arc;

use crate::component::{ComponentInfo, KernelLibraryInstance};
use crate::{Error, ErrorKind, Result};

/// Blocks of bytes addressed by `u32` addresses, with counters of the bytes copied in
/// and out (what crosses the component boundary).
pub struct Storage {
    place: Place,
    /// Bytes written into the storage since the counters were reset.
    pub bytes_in: u64,
    /// Bytes read out of the storage since the counters were reset.
    pub bytes_out: u64,
}

enum Place {
    /// Inside a kernel library's linear memory.
    Guest(Box<KernelLibraryInstance>),
    /// In host memory (fake addresses, 64-byte aligned, never 0).
    Host(HostBlocks),
}

/// Host-memory blocks.
#[derive(Default)]
pub struct HostBlocks {
    blocks: BTreeMap<u32, Vec<u8>>,
    next: u64,
    cap: u64,
}

impl Storage {
    /// Guest storage in a fresh instance of `info`.
    pub fn guest(info: &Arc<ComponentInfo>) -> Result<Storage> {
        Ok(Storage::new(Place::Guest(Box::new(
            KernelLibraryInstance::new(info)?,
        ))))
    }

    fn new(place: Place) -> Storage {
        Storage {
            place,
            bytes_in: 0,
            bytes_out: 0,
        }
    }

    /// The kernel library instance holding the data, if the storage is in one.
    pub fn kernel_library(&mut self) -> Option<&mut KernelLibraryInstance> {
        match &mut self.place {
            Place::Guest(k) => Some(k),
            Place::Host(_) => None,
        }
    }

    /// Host storage capped at `cap` bytes.
    pub fn host(cap: usize) -> Storage {
        Storage::new(Place::Host(HostBlocks {
            blocks: BTreeMap::new(),
            next: 64,
            cap: cap as u64,
        }))
    }

    /// Whether a trap killed the instance holding the data.
    pub fn is_poisoned(&self) -> bool {
        matches!(&self.place, Place::Guest(k) if k.is_poisoned())
    }

    /// Reserves `size` zeroed bytes.
    pub fn alloc(&mut self, size: u64) -> Result<u32> {
        match &mut self.place {
            Place::Guest(k) => k.alloc(size, 64),
            Place::Host(h) => {
                let addr = h.next;
                let end = addr
                    .checked_add(size.max(1))
                    .map(|e| e.next_multiple_of(64))
                    .filter(|&e| e <= u32::MAX as u64 && e <= h.cap)
                    .ok_or_else(|| {
                        Error::new(
                            ErrorKind::MemoryAllocationFailed,
                            format!("cannot reserve {size} bytes for the method's tensors"),
                        )
                    })?;
                h.next = end;
                h.blocks.insert(addr as u32, vec![0; size as usize]);
                Ok(addr as u32)
            }
        }
    }

    /// Writes `data` at `addr`.
    pub fn write(&mut self, addr: u32, data: &[u8]) -> Result<()> {
        self.bytes_in += data.len() as u64;
        match &mut self.place {
            Place::Guest(k) => k.write(addr, data),
            Place::Host(h) => {
                let (start, block) = h.find(addr, data.len())?;
                let off = (addr - start) as usize;
                block[off..off + data.len()].copy_from_slice(data);
                Ok(())
            }
        }
    }

    /// Reads `len` bytes at `addr`.
    pub fn read(&mut self, addr: u32, len: usize) -> Result<Vec<u8>> {
        self.bytes_out += len as u64;
        match &mut self.place {
            Place::Guest(k) => {
                let len =
                    u32::try_from(len).map_err(|_| Error::invalid_argument("read too large"))?;
                k.read(addr, len)
            }
            Place::Host(h) => {
                let (start, block) = h.find(addr, len)?;
                let off = (addr - start) as usize;
                Ok(block[off..off + len].to_vec())
            }
        }
    }
}

impl Storage {
    /// Copies the `dst.len()` bytes at `addr` into `dst` (another component's memory):
    /// straight from a 2.x kernel library's memory or a host block; through a host
    /// buffer from a 1.x kernel library (`kernels.read`).
    pub fn read_into(&mut self, addr: u32, dst: &mut [u8]) -> Result<()> {
        self.bytes_out += dst.len() as u64;
        match &mut self.place {
            Place::Guest(k) => {
                if let Some(m) = k.direct_memory()? {
                    // SAFETY: the kernel library is not running (held exclusively) and
                    // this is the only slice of its memory alive; `dst` is another
                    // instance's memory.
                    let src = unsafe { m.bytes(addr, dst.len()) }?;
                    dst.copy_from_slice(src);
                    return Ok(());
                }
                let len = u32::try_from(dst.len())
                    .map_err(|_| Error::invalid_argument("read too large"))?;
                dst.copy_from_slice(&k.read(addr, len)?);
                Ok(())
            }
            Place::Host(h) => {
                let (start, block) = h.find(addr, dst.len())?;
                let off = (addr - start) as usize;
                dst.copy_from_slice(&block[off..off + dst.len()]);
                Ok(())
            }
        }
    }
}

impl Storage {
    /// Runs `f` on the whole linear memory of a 2.x kernel library holding the data,
    /// for moves inside it that cross no component boundary (see `host_copy`). `None`
    /// when the storage is elsewhere (a 1.x library, reached only through its calls, or
    /// host blocks).
    pub fn with_direct_memory<R>(&mut self, f: impl FnOnce(&mut [u8]) -> R) -> Result<Option<R>> {
        let Place::Guest(k) = &mut self.place else {
            return Ok(None);
        };
        let Some(m) = k.direct_memory()? else {
            return Ok(None);
        };
        // SAFETY: the kernel library is not running (held exclusively) and this is the
        // only slice of its memory alive while `f` runs.
        let mem = unsafe { m.bytes_mut(0, m.size()) }?;
        Ok(Some(f(mem)))
    }
}

impl HostBlocks {
    fn find(&mut self, addr: u32, len: usize) -> Result<(u32, &mut Vec<u8>)> {
        let (&start, block) =
            self.blocks.range_mut(..=addr).next_back().ok_or_else(|| {
                Error::new(ErrorKind::AccessFailed, format!("no block at {addr:#x}"))
            })?;
        let off = (addr - start) as usize;
        if off.checked_add(len).is_none_or(|e| e > block.len()) {
            return Err(Error::new(
                ErrorKind::AccessFailed,
                format!("bytes {addr:#x}..+{len} are outside their block"),
            ));
        }
        Ok((start, block))
    }
}
