//! The component's allocator: [`SmallBlocks`], free lists of small blocks in front of
//! Talc (see [`global_allocator!`](crate::global_allocator)).
//!
//! A delegate or kernel call allocates many blocks of a few bytes: every tensor's
//! `sizes` and `dim-order` lists that the canonical ABI lowers into the guest (one
//! `cabi_realloc` each), and the index vectors of the layout kernels. A general
//! allocator searches its bins for each; a free list per size class pops and pushes in
//! a few instructions, and the blocks a call frees are the ones the next call takes.

use std::alloc::{GlobalAlloc, Layout};
use std::cell::Cell;
use std::ptr;

/// Block sizes of the classes, in bytes; a layout of at most `CLASSES[k]` bytes and an
/// alignment of at most [`ALIGN`] takes a block of class `k`.
const CLASSES: [usize; 4] = [16, 32, 64, 128];

/// Alignment of every small block, in bytes.
const ALIGN: usize = 16;

/// An allocator that keeps freed blocks of up to 128 bytes (alignment up to 16) on one
/// free list per size class (16, 32, 64, 128 bytes) and takes new ones from `A`;
/// larger or more aligned layouts go to `A` directly.
///
/// - Small blocks are never given back to `A`: the memory they hold is the peak of
///   small blocks live at once, reused from then on.
/// - Not thread-safe: the free lists are plain cells. It is `Sync` only on wasm32
///   without the `atomics` feature, where a component instance runs one thread.
pub struct SmallBlocks<A> {
    inner: A,
    heads: [Cell<*mut u8>; 4],
}

// SAFETY: a wasm32 module without the `atomics` feature has no shared-memory threads,
// so the cells are never accessed concurrently.
#[cfg(all(target_arch = "wasm32", not(target_feature = "atomics")))]
unsafe impl<A: Sync> Sync for SmallBlocks<A> {}

impl<A> SmallBlocks<A> {
    /// Wraps `inner`, with empty free lists.
    pub const fn new(inner: A) -> SmallBlocks<A> {
        SmallBlocks {
            inner,
            heads: [
                Cell::new(ptr::null_mut()),
                Cell::new(ptr::null_mut()),
                Cell::new(ptr::null_mut()),
                Cell::new(ptr::null_mut()),
            ],
        }
    }

    /// The size class of `layout`, if it is a small one.
    #[inline(always)]
    fn class(layout: Layout) -> Option<usize> {
        if layout.align() > ALIGN {
            return None;
        }
        CLASSES.iter().position(|&c| layout.size() <= c)
    }
}

// SAFETY: small blocks come from `inner` with the class's size and `ALIGN`, so each
// satisfies any layout of its class; a freed small block is only handed out again
// after it is popped from its list (its first bytes hold the next pointer while
// listed, `ALIGN` >= pointer size). Other layouts go to `inner` unchanged.
unsafe impl<A: GlobalAlloc> GlobalAlloc for SmallBlocks<A> {
    #[inline]
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let Some(k) = Self::class(layout) else {
            return unsafe { self.inner.alloc(layout) };
        };
        let head = self.heads[k].get();
        if !head.is_null() {
            // SAFETY: a listed block starts with the pointer to the next one.
            self.heads[k].set(unsafe { (head as *mut *mut u8).read() });
            return head;
        }
        // SAFETY: CLASSES[k] > 0 and ALIGN is a power of two.
        unsafe {
            self.inner
                .alloc(Layout::from_size_align_unchecked(CLASSES[k], ALIGN))
        }
    }

    #[inline]
    unsafe fn dealloc(&self, p: *mut u8, layout: Layout) {
        let Some(k) = Self::class(layout) else {
            return unsafe { self.inner.dealloc(p, layout) };
        };
        // SAFETY: `p` is a block of class k (see `alloc`), at least 16 bytes, aligned.
        unsafe { (p as *mut *mut u8).write(self.heads[k].get()) };
        self.heads[k].set(p);
    }

    #[inline]
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        if Self::class(layout).is_none() {
            return unsafe { self.inner.alloc_zeroed(layout) };
        }
        let p = unsafe { self.alloc(layout) };
        if !p.is_null() {
            // SAFETY: the block holds at least `layout.size()` bytes.
            unsafe { p.write_bytes(0, layout.size()) };
        }
        p
    }

    unsafe fn realloc(&self, p: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY (of the layout): the caller passes a `new_size` valid for the alignment.
        let new = unsafe { Layout::from_size_align_unchecked(new_size, layout.align()) };
        match (Self::class(layout), Self::class(new)) {
            (None, None) => unsafe { self.inner.realloc(p, layout, new_size) },
            (Some(a), Some(b)) if a == b => p,
            _ => {
                let q = unsafe { self.alloc(new) };
                if !q.is_null() {
                    // SAFETY: both blocks hold at least the smaller size; they differ.
                    unsafe {
                        ptr::copy_nonoverlapping(p, q, layout.size().min(new_size));
                        self.dealloc(p, layout);
                    }
                }
                q
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::alloc::System;

    #[test]
    fn reuses_freed_blocks_of_a_class_and_passes_others_through() {
        let a = SmallBlocks::new(System);
        let l8 = Layout::from_size_align(8, 4).unwrap();
        let l12 = Layout::from_size_align(12, 8).unwrap();
        let big = Layout::from_size_align(4096, 8).unwrap();
        unsafe {
            let p = a.alloc(l8);
            assert!(!p.is_null() && (p as usize).is_multiple_of(ALIGN));
            p.write_bytes(7, 8);
            a.dealloc(p, l8);
            // The same class (16 bytes) hands the block back.
            let q = a.alloc(l12);
            assert_eq!(p, q);
            let z = a.alloc_zeroed(l8);
            assert!(std::slice::from_raw_parts(z, 8).iter().all(|&b| b == 0));
            // Growing across classes keeps the bytes.
            q.write_bytes(3, 12);
            let r = a.realloc(q, l12, 100);
            assert!(std::slice::from_raw_parts(r, 12).iter().all(|&b| b == 3));
            let g = a.realloc(r, Layout::from_size_align(100, 8).unwrap(), 4096);
            assert!(std::slice::from_raw_parts(g, 12).iter().all(|&b| b == 3));
            a.dealloc(g, big);
            a.dealloc(z, l8);
            let over = Layout::from_size_align(16, 32).unwrap();
            let o = a.alloc(over);
            assert!((o as usize).is_multiple_of(32));
            a.dealloc(o, over);
        }
    }
}
