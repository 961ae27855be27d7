//! A loaded method: its values, its memory plan in place, its kernels resolved and its
//! delegates initialized; and the executor that walks its instruction chain. One
//! concept per file:
//!
//! - `load.rs`: [`Method::load`]: operators and backends resolved (`resolve.rs`, shared
//!   with the live runtime), the memory plan reserved and the constants uploaded once
//!   into the home kernel library's memory, the delegates initialized; recovery after a
//!   trap.
//! - `executor.rs`: the instruction loop of [`Method::execute`] (KernelCall,
//!   DelegateCall, MoveCall, JumpFalseCall and FreeCall, as ExecuTorch's
//!   `Method::execute`), kernel calls and the updates kernels report.
//! - `batch.rs`: prepared-call batching, planned at load and run by the loop.
//! - `libraries.rs`: kernel calls into a library other than the home one (the tensors'
//!   shadows there, copied across).
//! - `delegate.rs`: delegates, their arguments as each contract version passes them, and
//!   their outputs checked and stored; `execute_again.rs`: 2.1's `execute-again`, a
//!   delegate call that repeats the last `execute`'s arguments at new input addresses.
//! - `io.rs`: the method's inputs and outputs.
//! - `sizes.rs`: the one rule for the sizes a tensor may take.
//! - `storage.rs`, `values.rs`: where tensors live and what a value holds;
//!   `dataflow.rs`, `folding.rs`, `handoff.rs`: what the plan says about reads and writes,
//!   constant calls, and bytes handed from delegate to delegate; `resident.rs`: inputs
//!   several 2.x delegate calls share in a backend; [`profile`]: events.
//! - `host_copy.rs`: byte-moving operators the host runs itself; `copy_elision.rs`:
//!   those it skips, their outputs pointed at their input's bytes.

mod batch;
mod cache_update;
mod copy_elision;
mod dataflow;
mod delegate;
mod delegate_v1;
mod delegate_v2;
mod execute_again;
mod executor;
mod folding;
mod handoff;
mod host_copy;
mod io;
mod libraries;
mod library_state;
mod load;
pub mod profile;
mod resident;
pub(crate) mod resolve;
mod sizes;
mod storage;
mod values;

use batch::Batch;
use delegate::{BackendSlot, Delegate};

use std::sync::Arc;

use crate::component::{ComponentInfo, NamedDataMap};
use crate::program::Plan;
use crate::{Error, ErrorKind, Program, Result};

pub use storage::Storage;
pub use values::{TensorValue, Value};

/// A method ready to run.
pub struct Method {
    program: Arc<Program>,
    plan_index: usize,
    values: Vec<Value>,
    storage: Storage,
    /// The home kernel library: the one holding the storage.
    kernel_info: Option<Arc<ComponentInfo>>,
    /// Kernel libraries serving the method's other kernel calls.
    extra_libraries: Vec<libraries::ExtraLibrary>,
    /// For each value: the extra library whose shadow alone holds it
    /// (`library_state`).
    library_values: Vec<Option<usize>>,
    /// Per instruction: whether the host may run it as a KV cache update
    /// (`cache_update`).
    cache_updates: Vec<bool>,
    /// For each plan operator: the library serving it (0: home, `k`: extra library
    /// `k - 1`) and its operator index there.
    op_table: Vec<Option<(usize, u32)>>,
    backends: Vec<BackendSlot>,
    delegates: Vec<Delegate>,
    named_data: NamedDataMap,
    inputs_set: Vec<bool>,
    batch: Batch,
    /// For each instruction: how many outputs its `DelegateCall` has (see [`dataflow`]).
    delegate_outputs: Vec<usize>,
    /// The calls that compute constants (see [`folding`]).
    folding: folding::Folding,
    /// Whether the folded calls' outputs are in place (they ran in a successful execute
    /// of the current kernel-library instance), so that executes skip those calls.
    folded_ready: bool,
    /// For each value: the bytes of a kept folded output (see [`folding`]), read from
    /// the storage by the first delegate call that takes it once `folded_ready` holds.
    /// They cannot change until `folded_ready` is cleared, so later delegate calls take
    /// this copy instead of a call into the kernel library for it (tiny BERT reads four
    /// such attention-mask and position tensors per execute).
    kept_bytes: Vec<Option<Vec<u8>>>,
    /// Tensor bytes handed to backends in delegate calls, and received from them, since
    /// the counters were reset (each delivery counts: a value two delegates read counts
    /// twice).
    delegate_bytes: (u64, u64),
    /// Of the bytes in `delegate_bytes.0`, those a 2.x backend had already (see
    /// [`resident`]): not copied.
    resident_bytes: u64,
    /// Delegate inputs resident in 2.x backends (see [`resident`]).
    resident: resident::Resident,
    /// For each value: `Some(last reader)` when the host hands its bytes from delegate
    /// to delegate (see [`handoff`]).
    handoff: Vec<Option<usize>>,
    /// For each value: `Some(last delegate reader)` when the host keeps the bytes that
    /// the first delegate call reading it in an execute read, for the later ones (see
    /// [`handoff::rereads`]); they are kept in `handed` too.
    rereads: Vec<Option<usize>>,
    /// Those bytes, from the delegate that wrote them in this execute.
    handed: Vec<Option<Vec<u8>>>,
    /// The events of profiled executes, while profiling is on.
    profile: Option<profile::Profile>,
    /// For each instruction: the byte-moving operator the host runs there itself (see
    /// [`host_copy`]), while `host_copies_on`.
    host_copies: Vec<Option<host_copy::CopyOp>>,
    host_copies_on: bool,
    /// The runs of host-run calls kept for their next call (see [`host_copy`]).
    copy_cache: host_copy::CopyCache,
    /// Calls the host ran as copies since the counters were reset.
    host_copied_calls: u64,
    /// The byte-moving calls the host skips, their outputs left in their input's bytes
    /// (see [`copy_elision`]).
    elision: copy_elision::Elision,
    /// Of `host_copied_calls`, those skipped.
    elided_calls: u64,
    /// Whether delegate calls on 2.1+ backends may use `execute-again` (see
    /// [`execute_again`]).
    execute_again_on: bool,
    /// Delegate calls run by `execute-again` since the counters were reset.
    executed_again_calls: u64,
    /// The input addresses of the last `execute-again` (kept for its allocation).
    again_addresses: Vec<u32>,
    /// Moves whenever a value's descriptor changes (a tensor's sizes or dim order, a
    /// scalar, a value replaced by a `MoveCall`): a delegate call whose arguments were
    /// found equal to its last `execute`'s at the same count needs no new comparison
    /// (see [`execute_again`]).
    descriptor_epoch: u64,
    /// Moved by every change of a tensor's sizes or dim order (not by scalars): while
    /// it stays, calls prepared for a batch still have their arguments (`batch`).
    sizes_epoch: u64,
}

impl std::fmt::Debug for Method {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Method")
            .field("name", &self.plan().name)
            .finish()
    }
}

impl Method {
    /// The checked plan of this method.
    pub fn plan(&self) -> &Plan {
        &self.program.plans()[self.plan_index]
    }

    /// The method's name.
    pub fn name(&self) -> &str {
        &self.plan().name
    }

    /// Turns profiling on (a fresh, empty [`profile::Profile`]) or off (dropping it).
    /// While on, every execute records its instructions' events (see [`profile`]).
    pub fn set_profiling(&mut self, on: bool) {
        self.profile = on.then(|| profile::Profile::new(self.name()));
    }

    /// The events recorded since profiling was turned on, if it is.
    pub fn profile(&self) -> Option<&profile::Profile> {
        self.profile.as_ref()
    }

    /// The time now when profiling; `None` (and no clock read) otherwise.
    fn clock(&self) -> Option<std::time::Instant> {
        self.profile.is_some().then(std::time::Instant::now)
    }

    /// Records a span from `start` (from [`Method::clock`]) to now, when profiling.
    fn mark(
        &mut self,
        name: &str,
        kind: profile::EventKind,
        start: Option<std::time::Instant>,
        instruction: Option<usize>,
    ) {
        if let (Some(p), Some(start)) = (&mut self.profile, start) {
            p.record(name, kind, start, std::time::Instant::now(), instruction);
        }
    }

    /// How many of the method's kernel calls compute constants and run only in its
    /// first successful execute (see the `folding` module): calls whose every input is
    /// constant data or another such call's output.
    pub fn folded_calls(&self) -> usize {
        self.folding.count()
    }

    /// How many of the method's values the host hands from delegate to delegate
    /// without writing them into the kernel library's memory (see the `handoff`
    /// module): delegate outputs that only other delegates read.
    pub fn handed_over_values(&self) -> usize {
        self.handoff.iter().filter(|h| h.is_some()).count()
    }

    /// How many of the method's values several delegate calls read after a kernel
    /// call wrote them, whose bytes the host reads once per execute and keeps for the
    /// later delegate calls (see `handoff::rereads`).
    pub fn reread_values(&self) -> usize {
        self.rereads.iter().filter(|h| h.is_some()).count()
    }

    /// The program this method belongs to.
    pub fn program(&self) -> &Arc<Program> {
        &self.program
    }

    /// The home kernel library of this method (the one holding its tensors and serving
    /// most of its kernel calls), if it has kernel calls.
    pub fn kernel_library(&self) -> Option<&Arc<ComponentInfo>> {
        self.kernel_info.as_ref()
    }

    /// Every kernel library serving this method's kernel calls: the home library first,
    /// then the others in operator order.
    pub fn kernel_libraries(&self) -> Vec<&Arc<ComponentInfo>> {
        self.kernel_info
            .iter()
            .chain(self.extra_libraries.iter().map(|l| &l.info))
            .collect()
    }

    /// The kernel library serving plan operator `op` (an index into the plan's
    /// operator table), if the method calls it.
    pub fn operator_library(&self, op: usize) -> Option<&Arc<ComponentInfo>> {
        match self.op_table.get(op).copied().flatten()? {
            (0, _) => self.kernel_info.as_ref(),
            (k, _) => self.extra_libraries.get(k - 1).map(|l| &l.info),
        }
    }

    /// Every component this method runs on: its kernel libraries (see
    /// [`Method::kernel_libraries`]), then the backend of each delegate, in delegate
    /// order (one entry per backend component).
    pub fn components(&self) -> Vec<&Arc<ComponentInfo>> {
        self.kernel_libraries()
            .into_iter()
            .chain(self.backends.iter().map(|b| &b.info))
            .collect()
    }

    /// Runs the method once on the inputs set. Errors name the instruction, operator or
    /// backend, and component; after a trap the next call starts fresh instances.
    pub fn execute(&mut self) -> Result<()> {
        self.recover()?;
        if let Some(i) = self.inputs_set.iter().position(|s| !s) {
            return Err(Error::new(
                ErrorKind::InvalidState,
                format!("input {i} has not been set"),
            )
            .with_method(self.name().to_string()));
        }
        let name = self.name().to_string();
        let file = self.program.origin().to_path_buf();
        let profiling = self.profile.is_some();
        if let Some(lib) = self.storage.kernel_library() {
            lib.set_progress_marks(profiling);
        }
        // Bytes kept by an execute that stopped early are stale (see `rereads`), and
        // every resident input is about to be rewritten.
        self.resident.clear();
        for (held, reread) in self.handed.iter_mut().zip(&self.rereads) {
            if reread.is_some() {
                *held = None;
            }
        }
        self.batch.stopped = false;
        self.batch.calls_run = 0;
        let start = self.clock();
        let r = self.run_chain();
        if r.is_ok() {
            self.folded_ready = true;
        }
        self.mark("execute", profile::EventKind::Execute, start, None);
        r.map_err(|e| e.with_method(name).with_file(file))
    }

    /// Bytes copied into and out of the method's storage (inputs, outputs, delegate
    /// arguments, and tensor arguments of calls into other kernel libraries) since
    /// [`Method::reset_copy_counters`]. Constants are copied once at load.
    pub fn copy_counters(&self) -> (u64, u64) {
        (self.storage.bytes_in, self.storage.bytes_out)
    }

    /// The tensor bytes delegate calls handed to backends and received from them:
    /// (in, out). A 1.x backend gets and returns them by value (each crosses through a
    /// host buffer, and is copied in each guest too); a 2.x backend's are copied once,
    /// straight between linear memories.
    pub fn delegate_copy_counters(&self) -> (u64, u64) {
        self.delegate_bytes
    }

    /// Of the tensor bytes handed to backends ([`Method::delegate_copy_counters`]'s
    /// first), those not copied because a 2.x backend held them already from an
    /// earlier delegate call of the same execute (see the `resident` module).
    pub fn delegate_resident_bytes(&self) -> u64 {
        self.resident_bytes
    }

    /// How many of the method's values several delegate calls on a 2.x backend may
    /// read from one block (see the `resident` module).
    pub fn resident_values(&self) -> usize {
        self.resident.count()
    }

    /// Of those, the bytes copied for kernel calls into libraries other than the home
    /// one: (copied into them, read back from them). Zero for a method whose kernels
    /// all come from one library. See [`libraries`] for when they are copied.
    pub fn library_copy_counters(&self) -> (u64, u64) {
        self.extra_libraries
            .iter()
            .fold((0, 0), |(i, o), l| (i + l.bytes_in, o + l.bytes_out))
    }

    /// Sets the copy counters to zero.
    pub fn reset_copy_counters(&mut self) {
        self.storage.bytes_in = 0;
        self.storage.bytes_out = 0;
        self.delegate_bytes = (0, 0);
        self.resident_bytes = 0;
        self.host_copied_calls = 0;
        self.elided_calls = 0;
        self.executed_again_calls = 0;
        for l in &mut self.extra_libraries {
            l.bytes_in = 0;
            l.bytes_out = 0;
        }
    }
}

/// A component answered something the contract does not allow (a wrong kind, dtype or
/// size of output, an update of an argument the call does not have).
fn broken(message: String) -> Error {
    Error::new(ErrorKind::DelegateInvalidCompatibility, message)
}
