//! Operators that only move bytes, run by the host: `aten::view_copy`,
//! `executorch_prim::et_view`, the `squeeze_copy` and `unsqueeze_copy` overloads,
//! `alias_copy`, `split_copy`, `split_with_sizes_copy`, `select_copy.int_out` and
//! `slice_copy.Tensor_out` (step 1), between contiguous tensors of one dtype.
//!
//! Their outputs are their input's bytes (the views), or runs of them (the splits). In a
//! kernel library each costs a component crossing and the library's argument decoding,
//! about 1-2 µs; the copy itself is tens of nanoseconds for the small tensors between
//! a recurrent network's delegates. The LSTM language model runs 72 of them per
//! execute, one run of them between each pair of its 35 delegate calls, so every one
//! of those runs was a crossing of its own. The host moves the bytes inside the home
//! kernel library's linear memory instead, where the memory plan put both tensors, as
//! ExecuTorch's own runtime runs its `executorch_prim` operators itself.
//!
//! Only where nothing a component sees changes:
//! - the operator resolves to the home kernel library and that library is built
//!   against contract 2.x, whose memory the host reads and writes directly (a 1.x
//!   library is served its calls as before); an operator a library took over
//!   (`--override-kernels`, [`crate::Registry::overrides`]) always goes to it;
//! - every tensor argument has the contiguous dim order, and the outputs have the
//!   input's dtype;
//! - at each call, the outputs' sizes are what the operator makes of its arguments
//!   (ATen's shape rules; the arguments are the program's): a static output's as
//!   planned, a dynamic one's within its planned bound, to which the host resizes it
//!   as the kernel would. Anything else, including what the kernel would refuse, goes
//!   to the kernel library, which reports it as before.
//!
//! Language models have dynamic shapes: the 100M Llama of the LLM bench runs 356 of
//! these calls per decode step (`et_view`, `squeeze_copy`, `unsqueeze_copy`,
//! `select_copy`, `slice_copy`), each a component crossing of about 2 µs before.
//!
//! [`Method::set_host_copies`] turns this off (the CLI's `--host-copies off`), to
//! measure it or to send every call to the kernel library.

use super::sizes::check_sizes;
use super::{Method, TensorValue, Value};
use crate::program::{Instruction, Plan, ShapeDynamism, ValueDef};
use crate::{Error, ErrorKind, Result};

/// An operator the host can run as byte moves, by its argument layout (ExecuTorch's
/// `out` variants: the schema's arguments in order, `out` last).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum CopyOp {
    /// `view_copy.out(self, SymInt[] size, *, out)`, `_unsafe_view.out` (one size may
    /// be -1).
    View,
    /// `squeeze_copy.dims_out(self, int[] dim, *, out)`.
    SqueezeDims,
    /// `squeeze_copy.dim_out(self, int dim, *, out)`.
    SqueezeDim,
    /// `squeeze_copy.out(self, *, out)`.
    SqueezeAll,
    /// `unsqueeze_copy.out(self, int dim, *, out)`.
    Unsqueeze,
    /// `alias_copy.out(self, *, out)`.
    Alias,
    /// `split_with_sizes_copy.out(self, SymInt[] split_sizes, int dim, *, Tensor[] out)`.
    SplitWithSizes,
    /// `split_copy.Tensor_out(self, SymInt split_size, int dim, *, Tensor[] out)`.
    Split,
    /// `select_copy.int_out(self, int dim, SymInt index, *, out)`.
    Select,
    /// `slice_copy.Tensor_out(self, int dim, SymInt? start, SymInt? end, SymInt step,
    /// *, out)` with step 1.
    Slice,
}

impl CopyOp {
    /// The operator named `name` (`aten::squeeze_copy.dims_out`), if it only moves bytes.
    pub(super) fn of(name: &str) -> Option<CopyOp> {
        Some(match name {
            "aten::view_copy.out"
            | "aten::_unsafe_view.out"
            | "executorch_prim::et_view.default" => CopyOp::View,
            "aten::squeeze_copy.dims_out" => CopyOp::SqueezeDims,
            "aten::squeeze_copy.dim_out" => CopyOp::SqueezeDim,
            "aten::squeeze_copy.out" => CopyOp::SqueezeAll,
            "aten::unsqueeze_copy.out" => CopyOp::Unsqueeze,
            "aten::alias_copy.out" => CopyOp::Alias,
            "aten::split_with_sizes_copy.out" => CopyOp::SplitWithSizes,
            "aten::split_copy.Tensor_out" => CopyOp::Split,
            "aten::select_copy.int_out" => CopyOp::Select,
            "aten::slice_copy.Tensor_out" => CopyOp::Slice,
            _ => return None,
        })
    }

    /// Whether the output is always the input's bytes, whatever the sizes (a view,
    /// a squeeze, an unsqueeze, an alias).
    pub(super) fn is_view(self) -> bool {
        matches!(
            self,
            CopyOp::View
                | CopyOp::SqueezeDims
                | CopyOp::SqueezeDim
                | CopyOp::SqueezeAll
                | CopyOp::Unsqueeze
                | CopyOp::Alias
        )
    }

    /// The argument index of the output (a tensor, or the tensor list of a split).
    pub(super) fn out_arg(self) -> usize {
        match self {
            CopyOp::SqueezeAll | CopyOp::Alias => 1,
            CopyOp::View | CopyOp::SqueezeDims | CopyOp::SqueezeDim | CopyOp::Unsqueeze => 2,
            CopyOp::SplitWithSizes | CopyOp::Split | CopyOp::Select => 3,
            CopyOp::Slice => 5,
        }
    }
}

/// For each instruction of `plan`: the [`CopyOp`] the host runs there, where the call
/// qualifies at load (see the module docs; the sizes are checked at each call).
/// `home(op)`: whether plan operator `op` is served by the home kernel library, which
/// must be built against contract 2.x (`direct`), and was not taken over.
pub(super) fn plan_copies(
    plan: &Plan,
    direct: bool,
    home: impl Fn(usize) -> bool,
) -> Vec<Option<CopyOp>> {
    let kinds: Vec<Option<CopyOp>> = plan.operators.iter().map(|n| CopyOp::of(n)).collect();
    let tensor = |vi: usize| match plan.values.get(vi) {
        Some(ValueDef::Tensor(t)) => Some(t),
        _ => None,
    };
    let contiguous = |o: &[u8]| o.iter().enumerate().all(|(i, &d)| d as usize == i);
    plan.instructions
        .iter()
        .map(|ins| {
            let Instruction::Kernel { op, args } = ins else {
                return None;
            };
            let kind = (*kinds.get(*op)?)?;
            if !direct || !home(*op) {
                return None;
            }
            let x = tensor(*args.first()?)?;
            let outs: Vec<usize> = match plan.values.get(*args.get(kind.out_arg())?)? {
                ValueDef::Tensor(_) => vec![args[kind.out_arg()]],
                ValueDef::TensorList(items) => items.clone(),
                _ => return None,
            };
            let ok = |t: &crate::program::TensorDef| {
                t.dtype == x.dtype
                    && t.dynamism != ShapeDynamism::DynamicUnbound
                    && contiguous(&t.dim_order)
            };
            (ok(x) && outs.iter().all(|&o| tensor(o).is_some_and(ok))).then_some(kind)
        })
        .collect()
}

/// `d` (in `-rank..rank`) as an index into `rank` dimensions.
fn wrap_dim(d: i64, rank: usize) -> Option<usize> {
    let r = rank as i64;
    let d = if d < 0 { d + r } else { d };
    (0..r).contains(&d).then_some(d as usize)
}

/// Sizes with dimension `d` of size 1 removed, for each `d` listed.
fn squeezed(sizes: &[u32], dims: &[usize]) -> Vec<u32> {
    sizes
        .iter()
        .enumerate()
        .filter(|&(i, &s)| !(s == 1 && dims.contains(&i)))
        .map(|(_, &s)| s)
        .collect()
}

/// `size` with a -1 inferred for `numel` elements (ATen's `infer_size`).
fn inferred(size: &[i64], numel: u64) -> Option<Vec<u32>> {
    let mut known: u64 = 1;
    let mut infer = None;
    for (i, &s) in size.iter().enumerate() {
        match s {
            -1 if infer.is_none() => infer = Some(i),
            s if s >= 0 => known = known.checked_mul(s as u64)?,
            _ => return None,
        }
    }
    let mut out: Vec<u32> = size.iter().map(|&s| s.max(0) as u32).collect();
    match infer {
        Some(i) if known > 0 && numel.is_multiple_of(known) => {
            out[i] = u32::try_from(numel / known).ok()?;
        }
        None if known == numel => {}
        _ => return None,
    }
    for (o, &s) in out.iter().zip(size) {
        if s >= 0 && *o as i64 != s {
            return None;
        }
    }
    Some(out)
}

/// One run of byte moves of a call: `count` pieces of `len` bytes, piece `k` from
/// `src + k·src_stride` to `dst + k·dst_stride`, moved in that order (each as
/// `memmove`). A `select_copy` of a rotary embedding's last dimension is one run of
/// hundreds of 4-byte pieces: moved one by one through `copy_within`, its pieces were
/// most of the host's copying (16 700 moves per decode step of the 100M Llama).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Run {
    pub(super) src: usize,
    pub(super) dst: usize,
    pub(super) len: usize,
    pub(super) count: usize,
    pub(super) src_stride: usize,
    pub(super) dst_stride: usize,
}

impl Run {
    /// One piece.
    pub(super) fn one(src: usize, dst: usize, len: usize) -> Run {
        Run {
            src,
            dst,
            len,
            count: 1,
            src_stride: len,
            dst_stride: len,
        }
    }

    /// `count` pieces (see [`Run`]); pieces that follow each other on both sides are
    /// one piece (one `memmove`: the same bytes unless source and destination overlap,
    /// which a memory plan never makes of a call's input and output).
    pub(super) fn strided(
        src: usize,
        src_stride: usize,
        dst: usize,
        dst_stride: usize,
        len: usize,
        count: usize,
    ) -> Run {
        if count <= 1 || (src_stride == len && dst_stride == len) {
            Run::one(src, dst, len.saturating_mul(count))
        } else {
            Run {
                src,
                dst,
                len,
                count,
                src_stride,
                dst_stride,
            }
        }
    }

    /// Whether every piece moves onto itself.
    pub(super) fn is_in_place(&self) -> bool {
        self.src == self.dst && (self.count <= 1 || self.src_stride == self.dst_stride)
    }

    /// The run that copies elements `start..start + len` of dimension `d` of a
    /// contiguous tensor at `src` (`n` along `d`, `outer` the product of the sizes
    /// before `d`, `inner` the bytes of one index of `d`) to a contiguous tensor at
    /// `dst`. The products are at most the tensor's byte size (the callers' tensors
    /// hold their elements).
    fn slice(src: u32, n: u64, start: u64, len: u64, inner: u64, outer: u64, dst: u32) -> Run {
        Run::strided(
            (u64::from(src) + start * inner) as usize,
            (n * inner) as usize,
            dst as usize,
            (len * inner) as usize,
            (len * inner) as usize,
            outer as usize,
        )
    }
}

/// Moves the pieces of `run` inside `mem`, every range checked first.
fn move_run(mem: &mut [u8], run: &Run) -> Result<()> {
    let last = |base: usize, stride: usize| {
        stride
            .checked_mul(run.count.saturating_sub(1))
            .and_then(|o| o.checked_add(base))
            .and_then(|a| a.checked_add(run.len))
    };
    let fits = |base: usize, stride: usize| {
        run.count == 0
            || (base.checked_add(run.len).is_some_and(|e| e <= mem.len())
                && last(base, stride).is_some_and(|e| e <= mem.len()))
    };
    if !fits(run.src, run.src_stride) || !fits(run.dst, run.dst_stride) {
        return Err(Error::new(
            ErrorKind::AccessFailed,
            format!(
                "{} pieces of {} bytes from {:#x} (every {}) to {:#x} (every {}) reach outside the kernel library's linear memory ({} bytes)",
                run.count, run.len, run.src, run.src_stride, run.dst, run.dst_stride, mem.len()
            ),
        ));
    }
    // The first and last pieces fit, and the pieces between lie between them.
    match run.len {
        4 => move_pieces::<4>(mem, run),
        8 => move_pieces::<8>(mem, run),
        2 => move_pieces::<2>(mem, run),
        _ => {
            for k in 0..run.count {
                let (s, d) = (run.src + k * run.src_stride, run.dst + k * run.dst_stride);
                mem.copy_within(s..s + run.len, d);
            }
        }
    }
    Ok(())
}

/// [`move_run`]'s pieces of `N` bytes, read whole before each is written (as
/// `memmove`), without a call per piece.
fn move_pieces<const N: usize>(mem: &mut [u8], run: &Run) {
    for k in 0..run.count {
        let (s, d) = (run.src + k * run.src_stride, run.dst + k * run.dst_stride);
        let mut piece = [0u8; N];
        piece.copy_from_slice(&mem[s..s + N]);
        mem[d..d + N].copy_from_slice(&piece);
    }
}

impl Method {
    /// Turns host copies on (the default) or off: see the module docs of
    /// `method::host_copy`. Off sends every call of those operators to the kernel
    /// library.
    pub fn set_host_copies(&mut self, on: bool) {
        self.clear_copy_cache();
        if on != self.host_copies_on && self.elision.count() > 0 {
            // The skipped calls' outputs move (see `copy_elision`): calls prepared with
            // their old addresses are prepared again (the library keeps the old ones
            // until its instance goes).
            self.point_elided_outputs(on);
            self.batch.prepared = false;
        }
        self.host_copies_on = on;
        self.set_batching(self.batch.enabled);
    }

    /// Whether the host runs byte-moving operators itself (see
    /// [`Method::set_host_copies`]).
    pub fn host_copies(&self) -> bool {
        self.host_copies_on
    }

    /// How many calls of byte-moving operators the host ran itself (instead of the
    /// kernel library), moving their bytes or skipping them
    /// ([`Method::elided_copy_calls`]), since the copy counters were reset
    /// ([`Method::reset_copy_counters`]).
    pub fn host_copied_calls(&self) -> u64 {
        self.host_copied_calls
    }

    /// Instructions the host runs as copies now (per instruction).
    pub(super) fn host_copy_at(&self, pc: usize) -> Option<CopyOp> {
        if self.host_copies_on {
            self.host_copies.get(pc).copied().flatten()
        } else {
            None
        }
    }

    /// Runs the call at `pc` (operator `kind`, arguments `args`) as byte moves when its
    /// sizes are what the operator makes of its arguments. Returns whether it did;
    /// `false` leaves the call to the kernel library.
    pub(super) fn host_copy(&mut self, pc: usize, kind: CopyOp, args: &[usize]) -> Result<bool> {
        let epoch = self.sizes_epoch;
        let cached = match self.copy_cache.last.get_mut(pc) {
            Some(slot) if slot.as_ref().is_some_and(|(e, _)| *e == epoch) => slot.take(),
            _ => None,
        };
        let runs = match cached {
            Some((_, runs)) => runs,
            None => {
                let Some(Moves { moves, resizes }) = self.copy_moves(kind, args)? else {
                    return Ok(false);
                };
                let keep = resizes.is_empty();
                for (vi, sizes) in resizes {
                    // Checked against the plan by `copy_moves`.
                    self.resize(vi, sizes)?;
                }
                if !keep || self.copy_cache.fixed.get(pc) != Some(&true) {
                    return self.move_runs(&moves);
                }
                moves
            }
        };
        let moved = self.move_runs(&runs)?;
        if moved {
            if let Some(slot) = self.copy_cache.last.get_mut(pc) {
                *slot = Some((epoch, runs));
            }
        }
        Ok(moved)
    }

    /// Moves `runs` inside the home kernel library's memory; `false` when the storage
    /// is not there (the call then goes to the library).
    fn move_runs(&mut self, runs: &[Run]) -> Result<bool> {
        // A move onto itself (a view whose output reads its input's bytes, see
        // `copy_elision`) moves nothing.
        if runs.iter().all(Run::is_in_place) {
            if self.storage.with_direct_memory(|_| ())?.is_none() {
                return Ok(false);
            }
            self.host_copied_calls += 1;
            self.elided_calls += 1;
            return Ok(true);
        }
        let Some(result) = self
            .storage
            .with_direct_memory(|mem| runs.iter().try_for_each(|run| move_run(mem, run)))?
        else {
            return Ok(false);
        };
        result?;
        self.host_copied_calls += 1;
        Ok(true)
    }

    /// Forgets every kept host copy (tensors were placed again, or the calls change).
    pub(super) fn clear_copy_cache(&mut self) {
        self.copy_cache.last.iter_mut().for_each(|l| *l = None);
    }

    /// The byte moves (source, destination, length) the call makes and the outputs it
    /// resizes, or `None` when its arguments are not what the host handles.
    pub(super) fn copy_moves(&self, kind: CopyOp, args: &[usize]) -> Result<Option<Moves>> {
        let tensor = |a: usize| match args.get(a).map(|&vi| &self.values[vi]) {
            Some(Value::Tensor(t)) => Some(t),
            _ => None,
        };
        let int = |a: usize| match args.get(a).map(|&vi| &self.values[vi]) {
            Some(Value::Int(v)) => Some(*v),
            _ => None,
        };
        let ints = |a: usize| -> Result<Option<Vec<i64>>> {
            match args.get(a).map(|&vi| &self.values[vi]) {
                Some(Value::IntList(items)) => self.resolve_int_list(items).map(Some),
                _ => Ok(None),
            }
        };
        let Some(x) = tensor(0) else {
            return Ok(None);
        };
        let rank = x.sizes.len();
        let elem = x.dtype.element_size();
        let numel = match x
            .sizes
            .iter()
            .try_fold(1u64, |a, &s| a.checked_mul(s as u64))
        {
            Some(n) if n > 0 => n,
            _ => return Ok(None), // empty (nothing to move) or absurd: the library's
        };
        let expected: Option<Vec<u32>> = match kind {
            CopyOp::View => ints(1)?.and_then(|s| inferred(&s, numel)),
            CopyOp::SqueezeDims => ints(1)?.and_then(|ds| {
                let ds = ds
                    .iter()
                    .map(|&d| wrap_dim(d, rank))
                    .collect::<Option<Vec<_>>>()?;
                Some(squeezed(&x.sizes, &ds))
            }),
            CopyOp::SqueezeDim => int(1)
                .and_then(|d| wrap_dim(d, rank))
                .map(|d| squeezed(&x.sizes, &[d])),
            CopyOp::SqueezeAll => Some(squeezed(&x.sizes, &(0..rank).collect::<Vec<_>>())),
            CopyOp::Unsqueeze => int(1).and_then(|d| wrap_dim(d, rank + 1)).map(|d| {
                let mut s = x.sizes.clone();
                s.insert(d, 1);
                s
            }),
            CopyOp::Alias => Some(x.sizes.clone()),
            CopyOp::SplitWithSizes | CopyOp::Split => {
                return self.split_moves(kind, x, args, &ints, &int);
            }
            CopyOp::Select | CopyOp::Slice => {
                return Ok(self.slice_moves(kind, x, args, &int));
            }
        };
        let (Some(expected), Some(&out_vi)) = (expected, args.get(kind.out_arg())) else {
            return Ok(None);
        };
        let Some(Value::Tensor(out)) = self.values.get(out_vi) else {
            return Ok(None);
        };
        if !same_layout(x, out) || rank == 0 {
            return Ok(None);
        }
        let Some(resizes) = self.fitted(out_vi, out, expected) else {
            return Ok(None);
        };
        let len = (numel as usize).saturating_mul(elem);
        Ok(Some(Moves {
            moves: vec![Run::one(x.addr as usize, out.addr as usize, len)],
            resizes,
        }))
    }

    /// The resize that gives output `vi` (now `out`) the sizes `expected`: none when it
    /// has them, `None` when the plan does not allow them (the kernel library then
    /// reports the call as it would).
    fn fitted(
        &self,
        vi: usize,
        out: &TensorValue,
        expected: Vec<u32>,
    ) -> Option<Vec<(usize, Vec<u32>)>> {
        if out.sizes == expected {
            return Some(Vec::new());
        }
        if expected.len() != out.sizes.len() {
            return None;
        }
        let planned = match self.program.plans()[self.plan_index].values.get(vi) {
            Some(ValueDef::Tensor(d)) => d,
            _ => return None,
        };
        check_sizes(planned, out.capacity, &expected).ok()?;
        Some(vec![(vi, expected)])
    }

    /// The moves of a `select_copy` or a step-1 `slice_copy` of `x` (see
    /// [`Method::copy_moves`]): ATen's index rules (negative from the end; a slice's
    /// bounds clamped to the dimension, `None` for its ends).
    fn slice_moves(
        &self,
        kind: CopyOp,
        x: &TensorValue,
        args: &[usize],
        int: &dyn Fn(usize) -> Option<i64>,
    ) -> Option<Moves> {
        let rank = x.sizes.len();
        let d = int(1).and_then(|d| wrap_dim(d, rank))?;
        let n = i64::from(x.sizes[d]);
        let opt = |a: usize, default: i64| match args.get(a).map(|&vi| &self.values[vi]) {
            Some(Value::None) => Some(default),
            Some(Value::Int(v)) => Some(*v),
            _ => None,
        };
        let mut expected = x.sizes.clone();
        let (start, len) = match kind {
            CopyOp::Select => {
                let i = int(2)?;
                let i = if i < 0 { i + n } else { i };
                if !(0..n).contains(&i) {
                    return None;
                }
                expected.remove(d);
                (i, 1)
            }
            _ => {
                if int(4)? != 1 {
                    return None;
                }
                let wrap = |v: i64| if v < 0 { v.saturating_add(n) } else { v };
                let start = wrap(opt(2, 0)?).clamp(0, n);
                let end = wrap(opt(3, i64::MAX)?).clamp(start, n);
                expected[d] = u32::try_from(end - start).ok()?;
                (start, end - start)
            }
        };
        if len == 0 {
            return None; // nothing to move: the library's
        }
        let out_vi = *args.get(kind.out_arg())?;
        let Some(Value::Tensor(out)) = self.values.get(out_vi) else {
            return None;
        };
        if !same_layout(x, out) {
            return None;
        }
        let resizes = self.fitted(out_vi, out, expected)?;
        // `x` holds elements (checked by the caller), so these products are at most its
        // byte size.
        let outer: u64 = x.sizes[..d].iter().map(|&s| u64::from(s)).product();
        let inner: u64 = x.sizes[d + 1..]
            .iter()
            .map(|&s| u64::from(s))
            .product::<u64>()
            * x.dtype.element_size() as u64;
        let run = Run::slice(
            x.addr,
            n as u64,
            start as u64,
            len as u64,
            inner,
            outer,
            out.addr,
        );
        Some(Moves {
            moves: vec![run],
            resizes,
        })
    }

    /// The moves of a split of `x` (see [`Method::copy_moves`]).
    fn split_moves(
        &self,
        kind: CopyOp,
        x: &TensorValue,
        args: &[usize],
        ints: &dyn Fn(usize) -> Result<Option<Vec<i64>>>,
        int: &dyn Fn(usize) -> Option<i64>,
    ) -> Result<Option<Moves>> {
        let rank = x.sizes.len();
        let Some(d) = int(2).and_then(|d| wrap_dim(d, rank)) else {
            return Ok(None);
        };
        let n = x.sizes[d] as u64;
        let lens: Vec<u64> = match kind {
            CopyOp::SplitWithSizes => match ints(1)? {
                Some(l) if l.iter().all(|&s| s >= 0) => l.iter().map(|&s| s as u64).collect(),
                _ => return Ok(None),
            },
            _ => match int(1) {
                Some(s) if s > 0 && n > 0 => {
                    let s = s as u64;
                    (0..n.div_ceil(s)).map(|i| s.min(n - i * s)).collect()
                }
                _ => return Ok(None),
            },
        };
        if lens.iter().sum::<u64>() != n {
            return Ok(None);
        }
        let outs = match args.get(3).map(|&vi| &self.values[vi]) {
            Some(Value::TensorList(items)) if items.len() == lens.len() => items,
            _ => return Ok(None),
        };
        // `x` holds elements (checked by the caller), so these products are at most its
        // byte size.
        let outer: u64 = x.sizes[..d].iter().map(|&s| s as u64).product();
        let inner: u64 = x.sizes[d + 1..].iter().map(|&s| s as u64).product::<u64>()
            * x.dtype.element_size() as u64;
        let mut moves = Vec::with_capacity(outs.len());
        let mut resizes = Vec::new();
        let mut at = 0u64;
        for (&vi, &len) in outs.iter().zip(&lens) {
            let Value::Tensor(o) = &self.values[vi] else {
                return Ok(None);
            };
            let mut expected = x.sizes.clone();
            let Ok(l) = u32::try_from(len) else {
                return Ok(None);
            };
            expected[d] = l;
            let Some(r) = self.fitted(vi, o, expected) else {
                return Ok(None);
            };
            if !same_layout(x, o) {
                return Ok(None);
            }
            resizes.extend(r);
            moves.push(Run::slice(x.addr, n, at, len, inner, outer, o.addr));
            at += len;
        }
        Ok(Some(Moves { moves, resizes }))
    }
}

/// What a call the host runs does: runs of byte moves inside the kernel library's
/// memory (one per output), and the dynamic outputs it resizes first (value, sizes).
pub(super) struct Moves {
    pub(super) moves: Vec<Run>,
    pub(super) resizes: Vec<(usize, Vec<u32>)>,
}

/// The runs of each host-run call, kept for its next call while they cannot change: its
/// arguments read no scalar written at run time (`dataflow::scalar_bound`), no tensor's
/// sizes moved (`Method::sizes_epoch`) and the tensors stayed where they were placed
/// (cleared by `Method::clear_copy_cache`). A language model's decode step runs the
/// same 356 calls with the same sizes step after step; working their runs out again
/// (the integer lists, the expected sizes, a few small allocations each) was most of
/// what a host copy cost.
#[derive(Default)]
pub(super) struct CopyCache {
    /// Per instruction: whether its arguments change only with a tensor's sizes.
    fixed: Vec<bool>,
    /// Per instruction: the sizes epoch of its last call and that call's runs, when it
    /// resized nothing.
    last: Vec<Option<(u64, Vec<Run>)>>,
}

impl CopyCache {
    /// An empty cache for `plan`.
    pub(super) fn new(plan: &Plan) -> CopyCache {
        CopyCache {
            fixed: super::dataflow::scalar_bound(plan)
                .into_iter()
                .map(|b| !b)
                .collect(),
            last: vec![None; plan.instructions.len()],
        }
    }
}

/// Whether `o` has `x`'s dtype and both the contiguous dim order.
fn same_layout(x: &TensorValue, o: &TensorValue) -> bool {
    let contiguous = |t: &TensorValue| {
        t.dim_order
            .iter()
            .enumerate()
            .all(|(i, &d)| d as usize == i)
    };
    o.dtype == x.dtype && contiguous(x) && contiguous(o)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn view_sizes_infer_one_dimension_like_aten() {
        assert_eq!(inferred(&[2, -1], 8), Some(vec![2, 4]));
        assert_eq!(inferred(&[2, 4], 8), Some(vec![2, 4]));
        assert_eq!(inferred(&[3, -1], 8), None);
        assert_eq!(inferred(&[-1, -1], 8), None);
        assert_eq!(inferred(&[2, -2], 8), None);
        assert_eq!(inferred(&[0, -1], 0), None);
    }

    #[test]
    fn squeeze_drops_only_listed_dimensions_of_size_one() {
        assert_eq!(squeezed(&[1, 3, 1, 2], &[0, 1]), vec![3, 1, 2]);
        assert_eq!(squeezed(&[1, 3, 1, 2], &[0, 1, 2, 3]), vec![3, 2]);
        assert_eq!(wrap_dim(-1, 3), Some(2));
        assert_eq!(wrap_dim(3, 3), None);
        assert_eq!(wrap_dim(-4, 3), None);
    }

    #[test]
    fn moves_outside_the_memory_are_errors() {
        let mut mem = vec![0u8; 16];
        mem[..4].copy_from_slice(&[1, 2, 3, 4]);
        assert!(move_run(&mut mem, &Run::one(0, 8, 4)).is_ok());
        assert_eq!(&mem[8..12], &[1, 2, 3, 4]);
        assert!(move_run(&mut mem, &Run::one(0, 14, 4)).is_err());
        assert!(move_run(&mut mem, &Run::one(usize::MAX, 0, 4)).is_err());
        // The last piece of a strided run reaches past the end.
        assert!(move_run(&mut mem, &Run::strided(0, 4, 8, 4, 2, 3)).is_err());
        assert!(move_run(&mut mem, &Run::strided(0, 6, 0, 7, 4, usize::MAX)).is_err());
    }

    #[test]
    fn strided_runs_move_each_piece_in_order() {
        for len in [1usize, 2, 4, 8, 3] {
            let mut mem: Vec<u8> = (0..64).collect();
            let mut want = mem.clone();
            // Every other piece of `len` bytes from 0, packed at 40.
            let run = Run::strided(0, 2 * len, 40, len, len, 3);
            for k in 0..3 {
                want.copy_within(2 * len * k..2 * len * k + len, 40 + k * len);
            }
            move_run(&mut mem, &run).unwrap();
            assert_eq!(mem, want, "pieces of {len}");
        }
        // Overlapping pieces move as one memmove after another.
        let mut mem: Vec<u8> = (0..16).collect();
        let mut want = mem.clone();
        for k in 0..3 {
            want.copy_within(5 * k..5 * k + 4, 2 + 5 * k);
        }
        move_run(&mut mem, &Run::strided(0, 5, 2, 5, 4, 3)).unwrap();
        assert_eq!(mem, want);
        // Contiguous pieces are one piece.
        assert_eq!(Run::strided(8, 4, 16, 4, 4, 5), Run::one(8, 16, 20));
    }
}
