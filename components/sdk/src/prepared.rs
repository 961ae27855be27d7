//! Prepared calls, the batching half of the kernel-library contract (`kernels.prepare`,
//! `clear-prepared`, `run-prepared` in `wit/X.Y.Z/kernels.wit`): calls stored once with
//! their arguments, then run in order in one crossing, with `progress.at` before each.
//!
//! Generic over the argument type, so one implementation serves every contract
//! version's `KernelArg`:
//!
//! ```text
//! thread_local! { static PREPARED: PreparedCalls<KernelArg> = const { PreparedCalls::new() }; }
//! fn prepare(op: u32, args: Vec<KernelArg>) -> Result<u32, Error> { Ok(PREPARED.with(|p| p.prepare(op, args))) }
//! fn clear_prepared() { PREPARED.with(PreparedCalls::clear) }
//! fn run_prepared(calls: Vec<u32>) -> Result<(u32, Vec<KernelUpdate>), (u32, Error)> {
//!     PREPARED.with(|p| p.run(&calls, progress::at, |op, args| my_call(op, args), |id| invalid_argument(format!("no prepared call {id}"))))
//! }
//! ```

use std::cell::RefCell;

/// The calls `kernels.prepare` stored: operator index and arguments, by call id.
pub struct PreparedCalls<A> {
    calls: RefCell<Vec<(u32, Vec<A>)>>,
}

impl<A> Default for PreparedCalls<A> {
    fn default() -> Self {
        Self::new()
    }
}

impl<A> PreparedCalls<A> {
    /// No calls.
    pub const fn new() -> PreparedCalls<A> {
        PreparedCalls {
            calls: RefCell::new(Vec::new()),
        }
    }

    /// Stores a call of operator `op` on `args` and returns its id.
    pub fn prepare(&self, op: u32, args: Vec<A>) -> u32 {
        let mut calls = self.calls.borrow_mut();
        calls.push((op, args));
        calls.len() as u32 - 1
    }

    /// Forgets every call.
    pub fn clear(&self) {
        self.calls.borrow_mut().clear();
    }

    /// Runs the calls `ids` in order as `kernels.run-prepared` says: reports each
    /// call's position through `at` first, runs it with `call(op, args)`, and stops
    /// after the first call that returns updates. Returns `(calls run, that call's
    /// updates)`, `(ids.len(), [])` when none did; on an error the failing call's
    /// position and the error, `unknown(id)` for an id never prepared.
    pub fn run<U, E>(
        &self,
        ids: &[u32],
        at: impl FnMut(u32),
        mut call: impl FnMut(u32, &[A]) -> Result<Vec<U>, E>,
        unknown: impl Fn(u32) -> E,
    ) -> Result<(u32, Vec<U>), (u32, E)> {
        self.run_by_id(ids, at, |_, op, args| call(op, args), unknown)
    }

    /// Reads the stored calls `ids` once (their operator and argument count): a
    /// number to keep (`std::hint::black_box`), so that a batch's calls are in the
    /// cache before it runs them one after another.
    pub fn touch(&self, ids: &[u32]) -> usize {
        let calls = self.calls.borrow();
        ids.iter()
            .filter_map(|&id| calls.get(id as usize))
            .fold(0usize, |s, (op, args)| {
                s.wrapping_add(*op as usize ^ args.len() ^ args.as_ptr() as usize)
            })
    }

    /// [`PreparedCalls::run`], with each call's id passed to `call(id, op, args)`: for
    /// a library that keeps more of a call at `prepare` (its arguments checked and
    /// decoded once) by id beside these.
    pub fn run_by_id<U, E>(
        &self,
        ids: &[u32],
        mut at: impl FnMut(u32),
        mut call: impl FnMut(u32, u32, &[A]) -> Result<Vec<U>, E>,
        unknown: impl Fn(u32) -> E,
    ) -> Result<(u32, Vec<U>), (u32, E)> {
        let calls = self.calls.borrow();
        for (pos, &id) in ids.iter().enumerate() {
            let pos = pos as u32;
            at(pos);
            let (op, args) = calls.get(id as usize).ok_or_else(|| (pos, unknown(id)))?;
            let updates = call(id, *op, args).map_err(|e| (pos, e))?;
            if !updates.is_empty() {
                return Ok((pos + 1, updates));
            }
        }
        Ok((ids.len() as u32, Vec::new()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_in_order_and_stops_at_updates_or_errors() {
        let p = PreparedCalls::new();
        let a = p.prepare(0, vec![1]);
        let b = p.prepare(1, vec![2]);
        let c = p.prepare(2, vec![3]);
        let mut seen = Vec::new();
        let run = |p: &PreparedCalls<i32>, ids: &[u32], seen: &mut Vec<u32>| {
            p.run(
                ids,
                |pos| seen.push(pos),
                |op, args| match op {
                    1 => Ok(vec![args[0]]),
                    2 => Err("failed"),
                    _ => Ok(vec![]),
                },
                |_| "unknown",
            )
        };
        assert_eq!(run(&p, &[a, b, c], &mut seen), Ok((2, vec![2])));
        assert_eq!(seen, [0, 1]);
        assert_eq!(run(&p, &[a, c], &mut seen), Err((1, "failed")));
        assert_eq!(run(&p, &[a, 9], &mut seen), Err((1, "unknown")));
        assert_eq!(run(&p, &[a, a], &mut seen), Ok((2, vec![])));
        let mut ids = Vec::new();
        let by_id = p.run_by_id(
            &[c, a],
            |_| {},
            |id, op, args| {
                ids.push((id, op, args[0]));
                Ok::<Vec<i32>, &str>(vec![])
            },
            |_| "unknown",
        );
        assert_eq!(by_id, Ok((2, vec![])));
        // Touching reads the stored calls, skipping ids never prepared.
        assert_eq!(p.touch(&[a, 9]), p.touch(&[a]));
        assert_eq!(ids, [(c, 2, 3), (a, 0, 1)]);
        p.clear();
        assert_eq!(run(&p, &[a], &mut seen), Err((0, "unknown")));
    }
}
