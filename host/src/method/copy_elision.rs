//! Byte-moving calls the host need not run at all: where a `view_copy`,
//! `squeeze_copy`, `unsqueeze_copy` or split ([`super::host_copy`]) makes outputs that
//! are runs of its input's bytes, and nothing writes those bytes while the outputs
//! live, the outputs are pointed at the input's bytes and the call is skipped.
//!
//! ExecuTorch's memory planner gives every `*_copy` output bytes of its own, and the
//! host copy still moves them: the LSTM language model of the zoo runs 64 such calls
//! per execute between its step delegates (a `squeeze_copy` of one step's gates and a
//! `split_with_sizes_copy` of its state, each read only by the next step's delegate),
//! about 0.5 µs each with the host's argument checks, about 8% of the whole execute.
//! ExecuTorch's own runtime makes these copies too; not making them is where plugboard
//! can be cheaper than it.
//!
//! A call is skipped only in a straight-line method (`dataflow::is_straight_line`:
//! static shapes, no control flow), where one plan holds for every execute, when:
//! - the host would run it as byte moves ([`super::host_copy`]'s conditions, its sizes
//!   checked once here since they cannot change) and each output is one run of the
//!   input's bytes (a view, or a split with nothing before the split dimension);
//! - the call is the only writer of each output, before anything reads it; no output
//!   is a method input or output, is kept by constant folding, or shares its planned
//!   bytes with another value (a view over it);
//! - the input's bytes are planned bytes (through earlier skipped calls: the bytes they
//!   point at), not a folded call's kept output, and no instruction writes them from
//!   the call to each output's last read. The last reader itself may write them when it
//!   is a `DelegateCall`, which copies (or finds resident) every input before its
//!   backend runs and stores its outputs after;
//! - no instruction in between may write them through another argument: an
//!   operator outside ATen's functional namespaces (`llama::update_cache` writes its
//!   cache) or an in-place ATen operator (`aten::index_put_`) counts as writing every
//!   tensor it takes.
//!
//! A method with dynamic shapes but no control flow (a language model's decode step)
//! gets the same for its views (`view_copy`, `et_view`, `squeeze_copy`,
//! `unsqueeze_copy`, `alias_copy`), whose output is always their input's first bytes
//! whatever the sizes; the bytes checked are as many as the output can ever hold (its
//! planned bound). Such a call still runs, for its output's sizes, and its move is onto
//! itself, which moves nothing. The 100M Llama of the LLM bench moves nothing for 176
//! of its 356 host copies per decode step; the step's instructions outside the linear
//! layers changed little (9.59M -> 9.55M, callgrind), the bytes it moves less.
//!
//! Host copies off ([`Method::set_host_copies`]) puts every output back at its own
//! planned bytes and sends the calls to the kernel library.

use super::dataflow::{self, overlap, Access};
use super::host_copy::Run;
use super::{Method, Value};
use crate::program::{Instruction, Plan};
use crate::Result;

/// An output of a skipped call: where the plan put it and where its bytes are.
#[derive(Debug, Clone, Copy)]
struct Alias {
    value: usize,
    /// The value's own planned address in the storage.
    own: u32,
    /// The address of its bytes inside the input's.
    alias: u32,
}

/// The skipped calls of a method and the outputs they leave in place.
#[derive(Debug, Default)]
pub(super) struct Elision {
    /// Per instruction: whether the host skips it (while host copies are on).
    skipped: Vec<bool>,
    /// Calls of a method with dynamic shapes whose output reads its input's bytes:
    /// they still run, for the output's sizes, and move nothing.
    in_place: usize,
    aliases: Vec<Alias>,
}

impl Elision {
    /// Whether the call at `pc` is skipped.
    pub(super) fn skips(&self, pc: usize) -> bool {
        self.skipped.get(pc).copied().unwrap_or(false)
    }

    /// How many calls of the plan are skipped.
    pub(super) fn count(&self) -> usize {
        self.skipped.iter().filter(|&&s| s).count()
    }
}

/// Whether output `o` of the call at `pc` may read planned bytes `bytes` (memory id,
/// start, end) of the call's input instead of its own: the call alone writes `o`,
/// before anything reads it; `o` is no method input or output (`method_io`) and shares
/// its own planned bytes with no other value; and no instruction writes `bytes` after
/// the call up to `o`'s last read, but for that last reader when it is a
/// `DelegateCall` (which takes its inputs before it stores its outputs).
fn may_read_in_place(
    plan: &Plan,
    access: &Access,
    method_io: &[bool],
    pc: usize,
    o: usize,
    bytes: (usize, u64, u64),
) -> bool {
    let sole = access.written.get(o) == Some(&1)
        && access.first[o] == pc
        && !method_io.get(o).copied().unwrap_or(true)
        && !access.shares_bytes(o);
    let last = access.last[o];
    let is_delegate = |p: usize| matches!(plan.instructions[p], Instruction::Delegate { .. });
    let clear = |values: &[usize]| {
        values
            .iter()
            .all(|&w| access.region(w).is_none_or(|rw| !overlap(bytes, rw)))
    };
    sole && (pc + 1..=last).all(|p| {
        (p == last && is_delegate(p))
            || (clear(&access.writes[p]) && (!may_mutate(plan, p) || clear(&access.reads[p])))
    })
}

/// Whether the instruction at `pc` may write arguments besides its `out`: a kernel
/// call of an in-place ATen operator (`aten::index_put_`) or of an operator outside
/// the namespaces whose schemas are functional apart from their `out` arguments
/// (`llama::update_cache` writes its cache argument).
fn may_mutate(plan: &Plan, pc: usize) -> bool {
    let Instruction::Kernel { op, .. } = &plan.instructions[pc] else {
        return false;
    };
    let Some(name) = plan.operators.get(*op) else {
        return true;
    };
    let (namespace, rest) = name.split_once("::").unwrap_or(("", name));
    let base = rest.split('.').next().unwrap_or(rest);
    !matches!(
        namespace,
        "aten" | "executorch_prim" | "dim_order_ops" | "quantized_decomposed"
    ) || base.ends_with('_')
}

impl Method {
    /// Plans which byte-moving calls are skipped (see the module docs) and points their
    /// outputs at their input's bytes, or leaves them at their own while host copies
    /// are off. Runs after the tensors are placed, and again whenever they are.
    pub(super) fn plan_elision(&mut self) -> Result<()> {
        let program = self.program.clone();
        let plan = &program.plans()[self.plan_index];
        let n_ins = plan.instructions.len();
        self.elision = Elision {
            skipped: vec![false; n_ins],
            in_place: 0,
            aliases: Vec::new(),
        };
        // A method with dynamic shapes but no control flow: only the views, whose
        // output is always their input's first bytes whatever the sizes (see the
        // module docs).
        let straight = dataflow::is_straight_line(plan);
        if !straight && !dataflow::has_no_control_flow(plan) {
            return Ok(());
        }
        let access = Access::of(plan, &self.delegate_outputs);
        let mut method_io = vec![false; plan.values.len()];
        for &v in plan.inputs.iter().chain(&plan.outputs) {
            for v in dataflow::items(plan, v) {
                if let Some(m) = method_io.get_mut(v) {
                    *m = true;
                }
            }
        }
        let kept = |v: usize| self.folding.kept.get(v) == Some(&true);
        // For each value pointed at other bytes: the value owning them (its region) and
        // the address those bytes start at.
        let mut root: Vec<Option<usize>> = vec![None; plan.values.len()];
        for pc in 0..n_ins {
            let Some(kind) = self.host_copies.get(pc).copied().flatten() else {
                continue;
            };
            let Instruction::Kernel { args, .. } = &plan.instructions[pc] else {
                continue;
            };
            if self.folding.folded.get(pc) == Some(&true) {
                continue;
            }
            let (Some(&x), Some(&out)) = (args.first(), args.get(kind.out_arg())) else {
                continue;
            };
            let moves = if straight {
                let Some(moves) = self.copy_moves(kind, args)? else {
                    continue;
                };
                if !moves.resizes.is_empty() {
                    continue; // a straight-line method's tensors are static: never here
                }
                moves.moves
            } else {
                // Dynamic sizes: a view's one move, from its input's first byte, for
                // as many bytes as its output can ever hold.
                let (Some(Value::Tensor(xt)), Some(Value::Tensor(ot))) =
                    (self.values.get(x), self.values.get(out))
                else {
                    continue;
                };
                if !kind.is_view() || xt.capacity < ot.capacity {
                    continue;
                }
                vec![Run::one(xt.addr as usize, ot.addr as usize, ot.capacity)]
            };
            let outs = dataflow::items(plan, out);
            let r = root.get(x).copied().flatten().unwrap_or(x);
            let (Some(region), Some(Value::Tensor(rt))) = (access.region(r), self.values.get(r))
            else {
                continue;
            };
            if kept(r) || moves.len() != outs.len() || moves.iter().any(|m| m.count != 1) {
                continue;
            }
            let r_addr = rt.addr as usize;
            let fits = outs.iter().zip(&moves).all(|(&o, m)| {
                let (src, dst, len) = (m.src, m.dst, m.len);
                let Some(Value::Tensor(ot)) = self.values.get(o) else {
                    return false;
                };
                let own =
                    dst == ot.addr as usize && (!straight || ot.nbytes().is_ok_and(|n| n == len));
                // The bytes `o` would read: `len` of the root's, from `src`.
                let Some(off) = src.checked_sub(r_addr) else {
                    return false;
                };
                let bytes = (
                    region.0,
                    region.1 + off as u64,
                    region.1 + (off + len) as u64,
                );
                own && !kept(o)
                    && bytes.2 <= region.2
                    && u32::try_from(src).is_ok()
                    && may_read_in_place(plan, &access, &method_io, pc, o, bytes)
            });
            if !fits {
                continue;
            }
            for (&o, src) in outs.iter().zip(moves.iter().map(|m| m.src)) {
                if let Some(Value::Tensor(ot)) = self.values.get_mut(o) {
                    let alias = src as u32; // checked above
                    self.elision.aliases.push(Alias {
                        value: o,
                        own: ot.addr,
                        alias,
                    });
                    ot.addr = alias;
                    root[o] = Some(r);
                }
            }
            // With dynamic sizes the call still runs, for its output's sizes; its
            // move is then onto itself, which moves nothing (`host_copy::move_runs`).
            self.elision.skipped[pc] = straight;
            self.elision.in_place += usize::from(!straight);
        }
        if !self.host_copies_on {
            self.point_elided_outputs(false);
        }
        Ok(())
    }

    /// Points the skipped calls' outputs at their input's bytes (`aliased`), or back at
    /// their own planned bytes.
    pub(super) fn point_elided_outputs(&mut self, aliased: bool) {
        for a in &self.elision.aliases {
            if let Some(Value::Tensor(t)) = self.values.get_mut(a.value) {
                t.addr = if aliased { a.alias } else { a.own };
            }
        }
    }

    /// Whether the host skips the call at `pc` now (see the module docs).
    pub(super) fn elided_at(&self, pc: usize) -> bool {
        self.host_copies_on && self.elision.skips(pc)
    }

    /// How many of the plan's calls the host skips while host copies are on.
    pub fn elided_copies(&self) -> usize {
        self.elision.count()
    }

    /// How many calls the host skipped since the copy counters were reset
    /// ([`Method::reset_copy_counters`]); they count in
    /// [`Method::host_copied_calls`] too.
    pub fn elided_copy_calls(&self) -> u64 {
        self.elided_calls
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::program::{ShapeDynamism, TensorData, TensorDef, ValueDef};
    use crate::ScalarType;

    fn planned(offset: u64) -> ValueDef {
        ValueDef::Tensor(TensorDef {
            dtype: ScalarType::Float,
            sizes: vec![4],
            dim_order: vec![0],
            dynamism: ShapeDynamism::Static,
            data: TensorData::Planned {
                memory_id: 1,
                offset,
            },
            nbytes: 16,
        })
    }

    /// `op(reads..., out, out)`: ExecuTorch's argument list of an out-variant call.
    fn call(op: usize, reads: &[usize], out: usize) -> Instruction {
        let mut args = reads.to_vec();
        args.extend([out, out]);
        Instruction::Kernel { op, args }
    }

    /// v0 (input, at 0) is copied into v1 (at 16, op 1: `alias_copy`); then `last`
    /// reads v1 (after `between`). v2, at 32, is the method output; v3, at 48, and v4,
    /// at 0 (over v0's bytes), are free for the instructions to write.
    fn verdict(between: Vec<Instruction>, last: Instruction, outputs: Vec<usize>) -> bool {
        let mut ins = vec![call(1, &[0], 1)];
        ins.extend(between);
        ins.push(last);
        let delegate_outputs: Vec<usize> = ins
            .iter()
            .map(|i| match i {
                Instruction::Delegate { .. } => 1,
                _ => 0,
            })
            .collect();
        let plan = Plan {
            name: "forward".into(),
            values: vec![
                planned(0),
                planned(16),
                planned(32),
                planned(48),
                planned(0),
            ],
            inputs: vec![0],
            outputs,
            instructions: ins,
            operators: vec![
                "aten::add.out".into(),
                "aten::alias_copy.out".into(),
                "llama::update_cache.out".into(),
                "aten::index_put_.out".into(),
            ],
            delegates: Vec::new(),
            buffer_sizes: vec![0, 64],
        };
        let access = Access::of(&plan, &delegate_outputs);
        let io: Vec<bool> = (0..5)
            .map(|v| plan.inputs.contains(&v) || plan.outputs.contains(&v))
            .collect();
        may_read_in_place(&plan, &access, &io, 0, 1, (1, 0, 16))
    }

    fn delegate(args: &[usize]) -> Instruction {
        Instruction::Delegate {
            delegate: 0,
            args: args.to_vec(),
        }
    }

    #[test]
    fn an_output_reads_its_input_bytes_only_while_nothing_writes_them() {
        // Nothing writes v0's bytes before v1's last read.
        assert!(verdict(vec![call(0, &[0], 3)], call(0, &[1], 2), vec![2]));
        // A kernel writes them (v4 lies over v0) in between: v1 needs its own copy.
        assert!(!verdict(vec![call(0, &[3], 4)], call(0, &[1], 2), vec![2]));
        // The last reader writes them: a kernel may read and write at once, a
        // delegate takes its inputs first.
        assert!(!verdict(vec![], call(0, &[1], 4), vec![4]));
        assert!(verdict(vec![], delegate(&[1, 4]), vec![4]));
        // A delegate that writes them before the last read does not get the exception.
        assert!(!verdict(vec![delegate(&[1, 4])], call(0, &[1], 2), vec![2]));
        // A method output keeps its own bytes.
        assert!(!verdict(vec![], call(0, &[0], 2), vec![1, 2]));
        // An operator that may write its other arguments (a custom op, an in-place
        // ATen op) counts as writing v0 when it takes it.
        assert!(!verdict(vec![call(2, &[0], 3)], call(0, &[1], 2), vec![2]));
        assert!(!verdict(vec![call(3, &[0], 3)], call(0, &[1], 2), vec![2]));
        assert!(verdict(vec![call(2, &[3], 3)], call(0, &[1], 2), vec![2]));
    }
}
