//! Delegate inputs that stay in a 2.x backend's memory between delegate calls.
//!
//! Contract 2.0 lets the host hand one input block to several calls while its bytes are
//! unchanged (`execute` in `wit/2.0.0/backend.wit`: a backend never writes its inputs).
//! The host uses that for values whose bytes cannot change between their first and
//! last delegate read in an execute (the values [`super::handoff`] finds: a delegate or
//! kernel call writes them once, before anything reads them, and several delegate
//! calls read them): the first delegate call reading one copies it into its input
//! block as usual, and later calls on the same backend instance get that block's
//! address instead of a copy of their own.
//!
//! The LSTM language model of the zoo is the case that pays: its input projection, a
//! [16, 1, 512] fp32 tensor (32 KB), is read by each of the 16 step delegates of its
//! layer, so every execute copied 1.15 MB into the backend where 64 KB are needed.
//!
//! An entry lives from the first read to the last one in the same execute; it is
//! dropped when the block it names is written for another value, freed, or when an
//! execute starts (an execute stopped by an error leaves none behind for the next).

/// Where a value's bytes already are in a backend: (backend slot, block address, bytes).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Entry {
    value: usize,
    slot: usize,
    address: u32,
    len: usize,
}

/// The values resident in backend input blocks now, and for each value of the plan
/// whether it may be ([`Resident::reads`]).
#[derive(Debug, Default)]
pub(super) struct Resident {
    /// For each value: `Some(last delegate reader)` (an instruction index) when its
    /// bytes do not change between its first and last delegate read in an execute.
    reads: Vec<Option<usize>>,
    /// The entries alive (few at a time: a value is dropped at its last reader).
    entries: Vec<Entry>,
}

impl Resident {
    /// Residency for the values `reads` marks (see [`Resident::reads`]).
    pub(super) fn new(reads: Vec<Option<usize>>) -> Resident {
        Resident {
            reads,
            entries: Vec::new(),
        }
    }

    /// How many values of the method may stay resident.
    pub(super) fn count(&self) -> usize {
        self.reads.iter().filter(|r| r.is_some()).count()
    }

    /// The last delegate call reading value `value`, when it may be resident.
    pub(super) fn last_reader(&self, value: usize) -> Option<usize> {
        self.reads.get(value).copied().flatten()
    }

    /// The block of backend `slot` holding the current `len` bytes of `value`, if any.
    pub(super) fn find(&self, value: usize, slot: usize, len: usize) -> Option<u32> {
        self.entries
            .iter()
            .find(|e| e.value == value && e.slot == slot && e.len == len)
            .map(|e| e.address)
    }

    /// Records that the block at `address` of backend `slot` now holds `value`'s `len`
    /// bytes.
    pub(super) fn insert(&mut self, value: usize, slot: usize, address: u32, len: usize) {
        self.entries.retain(|e| e.value != value || e.slot != slot);
        self.entries.push(Entry {
            value,
            slot,
            address,
            len,
        });
    }

    /// The block at `address` of backend `slot` is about to be written or freed.
    pub(super) fn forget_block(&mut self, slot: usize, address: u32) {
        self.entries
            .retain(|e| e.slot != slot || e.address != address);
    }

    /// `value` was read for the last time in this execute.
    pub(super) fn forget_value(&mut self, value: usize) {
        self.entries.retain(|e| e.value != value);
    }

    /// Drops every entry (an execute starts).
    pub(super) fn clear(&mut self) {
        self.entries.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::Resident;

    #[test]
    fn a_rewritten_block_no_longer_holds_the_value() {
        let mut r = Resident::new(vec![Some(5), None, Some(9)]);
        assert_eq!(r.count(), 2);
        r.insert(0, 1, 64, 128);
        assert_eq!(r.find(0, 1, 128), Some(64));
        // Another backend instance, or other sizes, do not match.
        assert_eq!(r.find(0, 0, 128), None);
        assert_eq!(r.find(0, 1, 64), None);
        r.insert(2, 1, 256, 16);
        r.forget_block(1, 64);
        assert_eq!(r.find(0, 1, 128), None);
        assert_eq!(r.find(2, 1, 16), Some(256));
        r.forget_value(2);
        assert_eq!(r.find(2, 1, 16), None);
        r.insert(0, 1, 64, 128);
        r.clear();
        assert_eq!(r.find(0, 1, 128), None);
    }
}
