//! The memory protocol: blocks of linear memory the host reserves for planned buffers,
//! constants and inputs. Every block is tracked so that tensor descriptors and the
//! host's reads and writes can be checked to fall inside one ([`check`]).
//!
//! - 2.x: kernel libraries (`kernels.alloc`, `free`) and backends
//!   (`backend-interface.alloc`, `free`) export two functions; the host reads and writes
//!   the blocks itself.
//! - 1.x: kernel libraries export four, `kernels.alloc`, `free`, `write` and `read`.
//!
//! A component implements them by calling these; errors convert into every version's
//! `Error` with `?`.
//!
//! ```text
//! fn alloc(size: u64, align: u32) -> Result<u32, Error> { Ok(plugboard_sdk::memory::alloc(size, align)?) }
//! fn free(address: u32) { plugboard_sdk::memory::free(address) }
//! // 1.x kernel libraries only:
//! fn write(address: u32, data: Vec<u8>) -> Result<(), Error> { Ok(plugboard_sdk::memory::write(address, &data)?) }
//! fn read(address: u32, len: u32) -> Result<Vec<u8>, Error> { Ok(plugboard_sdk::memory::read(address, len)?) }
//! ```

use std::alloc::Layout;
use std::cell::{Cell, RefCell};
use std::sync::atomic::{AtomicU32, Ordering};

/// What went wrong; each converts to the contract's error kind of the same meaning.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MemoryErrorKind {
    /// A bad alignment or layout (`invalid-argument`).
    InvalidArgument,
    /// The memory cap was reached (`memory-allocation-failed`).
    OutOfMemory,
    /// Bytes outside every reserved block (`access-failed`).
    OutOfBounds,
}

/// An error of the memory protocol.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MemoryError {
    /// Its kind.
    pub kind: MemoryErrorKind,
    /// What happened, for a person.
    pub message: String,
}

fn fail(kind: MemoryErrorKind, message: String) -> MemoryError {
    MemoryError { kind, message }
}

thread_local! {
    /// Live blocks, (start address, layout), sorted by address: a binary search finds
    /// the block of an address in a few comparisons (a tree walk took several times
    /// longer in a backend with a hundred input blocks, one per delegate argument).
    static BLOCKS: RefCell<Vec<(u32, Layout)>> = const { RefCell::new(Vec::new()) };
    /// The blocks [`check`] found last (start, size), while they live: a kernel
    /// library's tensors mostly lie in one memory-plan buffer and a backend's inputs in
    /// the few blocks the host keeps per argument, so most checks end here instead of
    /// in the tree (every tensor argument of every call is checked).
    static RECENT: Cell<[Option<(u32, usize)>; RECENT_BLOCKS]> = const { Cell::new([None; RECENT_BLOCKS]) };
    /// The slot of [`RECENT`] the next find replaces.
    static NEXT: Cell<usize> = const { Cell::new(0) };
}

/// How many recently found blocks [`check`] remembers.
const RECENT_BLOCKS: usize = 4;

/// Counts the blocks freed (see [`generation`]). A plain static: components run on one
/// thread, and a thread-local costs more per read on wasm32.
static FREED: AtomicU32 = AtomicU32::new(0);

/// A number that changes whenever a block is freed: a range [`check`] accepted stays
/// inside a live block while this is unchanged (blocks only go away by [`free`]). A
/// caller that checks the same range again and again (a backend's input blocks, which
/// the host keeps per argument) may keep the number with the range and skip the check
/// while it holds. It wraps after 2^32 frees; a caller comparing it keeps the address
/// and length too.
pub fn generation() -> u32 {
    FREED.load(Ordering::Relaxed)
}

/// Reserves `size` zeroed bytes aligned to `align` (a power of two, 1..=64) and returns
/// their address.
pub fn alloc(size: u64, align: u32) -> Result<u32, MemoryError> {
    let align = align.max(1);
    if !align.is_power_of_two() || align > 64 {
        return Err(fail(
            MemoryErrorKind::InvalidArgument,
            format!("alignment {align} is not a power of two up to 64"),
        ));
    }
    let size = usize::try_from(size)
        .ok()
        .filter(|s| *s < u32::MAX as usize)
        .ok_or_else(|| {
            fail(
                MemoryErrorKind::OutOfMemory,
                format!("{size} bytes do not fit in 32-bit memory"),
            )
        })?;
    let layout = Layout::from_size_align(size.max(1), align as usize)
        .map_err(|e| fail(MemoryErrorKind::InvalidArgument, e.to_string()))?;
    if cfg!(target_arch = "wasm32") && size >= LARGE {
        let addr = large::alloc(size)?;
        insert_block(addr, layout);
        return Ok(addr);
    }
    // SAFETY: the layout has a non-zero size. A graceful failure (null) is reported;
    // the host's memory cap makes growth fail.
    let ptr = unsafe { std::alloc::alloc_zeroed(layout) };
    if ptr.is_null() {
        return Err(fail(
            MemoryErrorKind::OutOfMemory,
            format!("cannot reserve {size} bytes in the kernel library's memory"),
        ));
    }
    let addr = ptr as usize as u32;
    insert_block(addr, layout);
    Ok(addr)
}

/// Releases a block; unknown addresses are ignored.
pub fn free(address: u32) {
    if let Some(layout) = forget(address) {
        if cfg!(target_arch = "wasm32") && layout.size() >= LARGE {
            large::free(address, layout.size());
            return;
        }
        // SAFETY: the block came from `alloc` with this layout and is forgotten now.
        unsafe { std::alloc::dealloc(address as usize as *mut u8, layout) };
    }
}

/// Blocks of at least this many bytes come from pages the memory grows by for them
/// ([`large`]), not from the allocator.
const LARGE: usize = 256 << 10;

/// Large blocks: the host's planned buffers, a backend's input blocks, an LLM
/// library's KV caches, sized for the longest sequence a program allows. From the
/// allocator they were zeroed byte by byte (`alloc_zeroed` writes every byte), which
/// made every page of them resident from the start: a 1-token decode step of the 100M
/// Llama held 65 MB of input blocks and 40 MB of KV cache it never touched. WebAssembly
/// gives new pages zeroed (`memory.grow`), and a page the guest has not touched is no
/// memory of the host's, as with ExecuTorch's untouched `malloc`ed buffers. Freed
/// large blocks are kept for later large blocks (zeroed again there: they were used);
/// the allocator's heaps are claimed separately (Talc's wasm source extends a heap
/// only when the new pages follow it), so both share the memory safely.
mod large {
    use super::{fail, MemoryError, MemoryErrorKind};
    use std::cell::RefCell;

    /// WebAssembly page size.
    const PAGE: usize = 64 << 10;

    thread_local! {
        /// Freed large blocks: (address, capacity in bytes, a multiple of [`PAGE`]).
        static FREE: RefCell<Vec<(u32, usize)>> = const { RefCell::new(Vec::new()) };
        /// Capacity of each live large block, by address.
        static LIVE: RefCell<Vec<(u32, usize)>> = const { RefCell::new(Vec::new()) };
    }

    /// `size` zeroed bytes at a page-aligned address.
    pub(super) fn alloc(size: usize) -> Result<u32, MemoryError> {
        let cap = size.div_ceil(PAGE) * PAGE;
        // The smallest freed block that holds it.
        let reused = FREE.with_borrow_mut(|free| {
            let i = free
                .iter()
                .enumerate()
                .filter(|(_, &(_, c))| c >= cap)
                .min_by_key(|(_, &(_, c))| c)
                .map(|(i, _)| i)?;
            Some(free.swap_remove(i))
        });
        let (addr, cap) = match reused {
            Some((addr, c)) => {
                // SAFETY: the block is ours (freed by the host, forgotten by `check`).
                unsafe { std::ptr::write_bytes(addr as usize as *mut u8, 0, size) };
                (addr, c)
            }
            None => (grow(cap / PAGE)?, cap),
        };
        LIVE.with_borrow_mut(|live| live.push((addr, cap)));
        Ok(addr)
    }

    /// Keeps the freed block at `address` for later large blocks.
    pub(super) fn free(address: u32, size: usize) {
        let cap = LIVE
            .with_borrow_mut(|live| {
                let i = live.iter().position(|&(a, _)| a == address)?;
                Some(live.swap_remove(i).1)
            })
            .unwrap_or(size.div_ceil(PAGE) * PAGE);
        FREE.with_borrow_mut(|free| free.push((address, cap)));
    }

    /// The address of `pages` new zeroed pages.
    #[cfg(target_arch = "wasm32")]
    fn grow(pages: usize) -> Result<u32, MemoryError> {
        match core::arch::wasm32::memory_grow(0, pages) {
            usize::MAX => Err(out_of_memory(pages)),
            prev => u32::try_from(prev * PAGE).map_err(|_| out_of_memory(pages)),
        }
    }

    /// Off wasm (the SDK's own tests) large blocks come from the allocator (see the
    /// callers): never called.
    #[cfg(not(target_arch = "wasm32"))]
    fn grow(pages: usize) -> Result<u32, MemoryError> {
        Err(out_of_memory(pages))
    }

    fn out_of_memory(pages: usize) -> MemoryError {
        fail(
            MemoryErrorKind::OutOfMemory,
            format!(
                "cannot reserve {} bytes in the component's memory",
                pages * PAGE
            ),
        )
    }
}

/// Removes the block starting at `address` from the live ones (and from [`check`]'s
/// recent finds), returning its layout; `None` for an unknown address.
fn forget(address: u32) -> Option<Layout> {
    let mut recent = RECENT.get();
    for r in &mut recent {
        if r.is_some_and(|(start, _)| start == address) {
            *r = None;
        }
    }
    RECENT.set(recent);
    let layout = BLOCKS.with(|b| {
        let mut b = b.borrow_mut();
        let i = b.binary_search_by_key(&address, |&(start, _)| start).ok()?;
        Some(b.remove(i).1)
    });
    if layout.is_some() {
        FREED.fetch_add(1, Ordering::Relaxed);
    }
    layout
}

/// Adds a live block (replacing one that starts at the same address).
fn insert_block(start: u32, layout: Layout) {
    BLOCKS.with(|b| {
        let mut b = b.borrow_mut();
        match b.binary_search_by_key(&start, |&(s, _)| s) {
            Ok(i) => {
                // A block of another size at the same address: ranges checked against
                // the old one may not hold.
                b[i] = (start, layout);
                FREED.fetch_add(1, Ordering::Relaxed);
            }
            Err(i) => b.insert(i, (start, layout)),
        }
    });
}

/// Checks that `[address, address + len)` lies inside one live block.
pub fn check(address: u32, len: usize) -> Result<(), MemoryError> {
    let inside = |start: u32, size: usize| {
        address >= start
            && ((address - start) as usize)
                .checked_add(len)
                .is_some_and(|end| end <= size)
    };
    if RECENT
        .get()
        .iter()
        .flatten()
        .any(|&(start, size)| inside(start, size))
    {
        return Ok(());
    }
    let found = BLOCKS.with(|b| {
        let b = b.borrow();
        let i = b.partition_point(|&(start, _)| start <= address);
        i.checked_sub(1)
            .and_then(|i| b.get(i))
            .map(|&(start, layout)| (start, layout.size()))
            .filter(|&(start, size)| inside(start, size))
    });
    match found {
        Some(block) => {
            let mut recent = RECENT.get();
            let k = NEXT.get() % RECENT_BLOCKS;
            recent[k] = Some(block);
            RECENT.set(recent);
            NEXT.set(k + 1);
            Ok(())
        }
        None => Err(fail(
            MemoryErrorKind::OutOfBounds,
            format!("bytes {address:#x}..+{len} are not inside a block reserved with alloc"),
        )),
    }
}

/// Copies `data` to `address` (inside a block).
pub fn write(address: u32, data: &[u8]) -> Result<(), MemoryError> {
    check(address, data.len())?;
    // SAFETY: the range lies inside a live block (checked).
    unsafe {
        std::ptr::copy_nonoverlapping(data.as_ptr(), address as usize as *mut u8, data.len())
    };
    Ok(())
}

/// Reads `len` bytes at `address` (inside a block).
pub fn read(address: u32, len: u32) -> Result<Vec<u8>, MemoryError> {
    check(address, len as usize)?;
    // SAFETY: the range lies inside a live block (checked).
    Ok(unsafe { std::slice::from_raw_parts(address as usize as *const u8, len as usize) }.to_vec())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Registers a block without memory behind it (`check` never dereferences;
    /// natively a pointer does not fit the 32-bit addresses anyway).
    fn fake_block(start: u32, size: usize) {
        let layout = Layout::from_size_align(size, 1).expect("layout");
        insert_block(start, layout);
    }

    #[test]
    fn checks_see_forgotten_blocks_and_neighbours_past_the_last_block_found() {
        let (a, b) = (0x1000, 0x1040);
        fake_block(a, 64);
        fake_block(b, 32);
        assert!(check(a, 64).is_ok());
        assert!(check(a + 8, 56).is_ok());
        // Past the end of the block just found (now the remembered one).
        assert!(check(a + 8, 57).is_err());
        assert!(check(a - 1, 1).is_err());
        assert!(check(b, 32).is_ok());
        assert!(check(b, 33).is_err());
        assert!(forget(b).is_some());
        assert!(check(b, 1).is_err(), "a forgotten block is not remembered");
        assert!(check(a, 64).is_ok());
        assert!(forget(a).is_some());
        assert!(check(a, 1).is_err());
        assert!(forget(a).is_none());
    }

    #[test]
    fn the_generation_changes_when_a_block_is_forgotten() {
        fake_block(0x20_000, 16);
        let g = generation();
        assert!(check(0x20_000, 16).is_ok());
        assert_eq!(generation(), g, "a check changes nothing");
        fake_block(0x20_100, 16);
        assert_eq!(generation(), g, "a new block invalidates nothing");
        assert!(forget(0x20_100).is_some());
        assert_ne!(generation(), g);
        let g = generation();
        assert!(forget(0x20_100).is_none());
        assert_eq!(generation(), g, "an unknown address frees nothing");
        assert!(forget(0x20_000).is_some());
    }

    #[test]
    fn more_blocks_than_remembered_are_still_found_and_forgotten() {
        let starts: Vec<u32> = (0..RECENT_BLOCKS as u32 + 3)
            .map(|i| 0x10_000 + i * 0x100)
            .collect();
        for &s in &starts {
            fake_block(s, 16);
        }
        for _ in 0..2 {
            for &s in &starts {
                assert!(check(s, 16).is_ok());
                assert!(check(s + 8, 9).is_err());
            }
        }
        let last = *starts.last().expect("blocks");
        assert!(forget(last).is_some());
        assert!(
            check(last, 1).is_err(),
            "a forgotten block is not remembered"
        );
        for &s in &starts[..starts.len() - 1] {
            assert!(forget(s).is_some());
            assert!(check(s, 1).is_err());
        }
    }
}
