//! Kernel calls served by a kernel library other than the one that holds the method's
//! memory plan: a method may take its operators from several kernel libraries (the
//! bundled portable library and a user's custom-op library, say).
//!
//! # Design
//!
//! A method's tensors live in one library's linear memory, its *home* library (the one
//! serving most of its kernel calls; see [`super::Storage`]): planned buffers and
//! constants are uploaded there once and its kernels get descriptors. Every other
//! library the method needs gets an instance of its own, in which the host keeps a
//! *shadow* of each tensor that library's calls take: a block of the tensor's planned
//! capacity, reserved at its first use and kept for the method's life. A call there:
//!
//! 1. copies every tensor argument (list items included) from home into its shadow;
//!    constants are copied once, at their first use;
//! 2. calls the kernel with the shadows' addresses and applies its updates (resizes,
//!    scalars) to the method's values, checked as for any kernel;
//! 3. reads every non-constant tensor argument back and writes into home those whose
//!    bytes or sizes changed.
//!
//! Constants, and the values only one extra library touches (a KV cache: see
//! [`super::library_state`]), skip steps 1 and 3 after their first copy in.
//!
//! Step 3 reads back inputs too because the host cannot know which arguments an
//! operator writes: its alias annotations (`Tensor(a!) out`) are in the operator's
//! schema, which the program does not carry. Writing back only what changed keeps an
//! unchanged input from overwriting anything. An operator's inputs and outputs are
//! live together, so ExecuTorch's memory planner never lets them overlap, and a shadow
//! per value id reproduces home's aliasing exactly.
//!
//! The cost is two copies of each tensor argument per call into a second library,
//! straight between the two linear memories when both libraries are 2.x (step 3 then
//! compares the shadow with home's bytes in place and copies only what changed;
//! through host buffers otherwise: the 100M Llama's 48 calls a decode step into the
//! LLM library allocated and compared 131 KB that way). They are counted
//! ([`ExtraLibrary::bytes_in`], [`ExtraLibrary::bytes_out`], reported by
//! `Method::library_copy_counters` and `plugboard run`), as delegate copies are. Calls
//! into the home library stay zero-copy and batched.

use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use crate::bindings::kernels::KernelUpdate;
use crate::bindings::types::Evalue;
use crate::component::{ComponentInfo, KernelLibraryInstance};
use crate::Result;

/// A kernel library instance serving some of a method's kernel calls, with the shadows
/// of the tensors they take.
pub(super) struct ExtraLibrary {
    pub(super) info: Arc<ComponentInfo>,
    instance: KernelLibraryInstance,
    /// Value id -> address of its shadow in this instance.
    shadows: HashMap<usize, u32>,
    /// Values copied in once, whose shadows hold their bytes already: constants, and
    /// the values only this library touches (`library_state`).
    copied_once: HashSet<usize>,
    /// Bytes copied from home into this library since the counters were reset.
    pub(super) bytes_in: u64,
    /// Bytes read back from this library since the counters were reset.
    pub(super) bytes_out: u64,
}

impl ExtraLibrary {
    /// A fresh instance of `info` with no shadows.
    pub(super) fn new(info: &Arc<ComponentInfo>) -> Result<ExtraLibrary> {
        Ok(ExtraLibrary {
            info: info.clone(),
            instance: KernelLibraryInstance::new(info)?,
            shadows: HashMap::new(),
            copied_once: HashSet::new(),
            bytes_in: 0,
            bytes_out: 0,
        })
    }

    /// Whether a trap killed the instance (the method then makes a fresh one).
    pub(super) fn is_poisoned(&self) -> bool {
        self.instance.is_poisoned()
    }

    /// The address of value `vi`'s shadow, reserving `capacity` bytes at first use, and
    /// whether it was reserved now (its bytes are zeros: `alloc` gives zeroed bytes).
    pub(super) fn shadow(&mut self, vi: usize, capacity: usize) -> Result<(u32, bool)> {
        if let Some(&a) = self.shadows.get(&vi) {
            return Ok((a, false));
        }
        let a = self.instance.alloc(capacity.max(1) as u64, 64)?;
        self.shadows.insert(vi, a);
        Ok((a, true))
    }

    /// Whether `vi` (a constant, or a value this library alone touches) must still be
    /// copied in (true once: the first time).
    pub(super) fn needs_first_copy(&mut self, vi: usize) -> bool {
        self.copied_once.insert(vi)
    }

    /// Copies `data` into the shadow at `addr`; into a shadow reserved just now
    /// (`fresh`, all zeros), only its pages of `data` that are not all zeros. A KV
    /// cache starts as zeros, sized for the longest sequence: written whole, every
    /// page of its shadow became resident at the first call (40 MB for the 100M
    /// Llama), where a decode step reads only the positions written so far.
    pub(super) fn copy_in(&mut self, addr: u32, data: &[u8], fresh: bool) -> Result<()> {
        self.bytes_in += data.len() as u64;
        if data.is_empty() {
            return Ok(());
        }
        if !fresh {
            return self.instance.write(addr, data);
        }
        const PAGE: usize = 4096;
        let nonzero = |i: usize| data[i..(i + PAGE).min(data.len())].iter().any(|&b| b != 0);
        let mut at = 0;
        // Runs of pages that hold a non-zero byte, each written in one go.
        while at < data.len() {
            if !nonzero(at) {
                at += PAGE;
                continue;
            }
            let mut end = at + PAGE;
            while end < data.len() && nonzero(end) {
                end += PAGE;
            }
            let end = end.min(data.len());
            let to = u32::try_from(at)
                .ok()
                .and_then(|o| addr.checked_add(o))
                .ok_or_else(|| {
                    crate::Error::invalid_argument("tensor too large to copy into a library")
                })?;
            self.instance.write(to, &data[at..end])?;
            at = end;
        }
        Ok(())
    }

    /// Reads `len` bytes of the shadow at `addr`.
    pub(super) fn copy_out(&mut self, addr: u32, len: usize) -> Result<Vec<u8>> {
        self.bytes_out += len as u64;
        if len == 0 {
            return Ok(Vec::new());
        }
        let len = u32::try_from(len)
            .map_err(|_| crate::Error::invalid_argument("tensor too large to read back"))?;
        self.instance.read(addr, len)
    }

    /// Writes the shadow at `addr` into `home` (its tensor's bytes in the home library)
    /// where they differ, when this library's memory is reachable directly (2.x):
    /// `Some(whether they differed)`; `None` for a 1.x library (then
    /// [`ExtraLibrary::copy_out`]).
    pub(super) fn write_back(&mut self, addr: u32, home: &mut [u8]) -> Result<Option<bool>> {
        let Some(m) = self.instance.direct_memory()? else {
            return Ok(None);
        };
        // SAFETY: the instance is not running (held exclusively) and this is the only
        // slice of its memory alive.
        let shadow = unsafe { m.bytes(addr, home.len()) }?;
        self.bytes_out += home.len() as u64;
        let differ = shadow != &home[..];
        if differ {
            home.copy_from_slice(shadow);
        }
        Ok(Some(differ))
    }

    /// Runs operator `op` (the library's index) on `args`.
    pub(super) fn call(&mut self, op: u32, args: &[Evalue]) -> Result<Vec<KernelUpdate>> {
        self.instance.call(op, args)
    }
}

// The protocol described above, for one call.
use super::profile::EventKind;
use super::{broken, Method, TensorValue, Value};
use crate::program::{TensorData, ValueDef};

impl Method {
    /// A kernel call into extra library `lib`: tensor arguments are copied into their
    /// shadows there, and those the kernel changed are copied back (see
    /// [`super::libraries`]).
    pub(super) fn extra_kernel_call(
        &mut self,
        lib: usize,
        index: u32,
        args: &[usize],
    ) -> Result<()> {
        let program = self.program.clone();
        let plan = &program.plans()[self.plan_index];
        // The tensors the call takes, each once, in argument order.
        let mut tensors: Vec<usize> = Vec::new();
        let mut take = |j: usize, values: &[Value]| {
            if matches!(values.get(j), Some(Value::Tensor(_))) && !tensors.contains(&j) {
                tensors.push(j);
            }
        };
        for &vi in args {
            match &self.values[vi] {
                Value::Tensor(_) => take(vi, &self.values),
                Value::TensorList(items) => items.iter().for_each(|&j| take(j, &self.values)),
                Value::OptionalTensorList(items) => {
                    items.iter().flatten().for_each(|&j| take(j, &self.values))
                }
                _ => {}
            }
        }
        let info = self.extra_libraries[lib].info.clone();
        let component = &info.path;
        let copy_start = self.clock();
        let mut shadows: Vec<(usize, u32)> = Vec::with_capacity(tensors.len());
        // The tensors that may change.
        let mut copied: Vec<usize> = Vec::new();
        for &vi in &tensors {
            let Value::Tensor(t) = self.values[vi].clone() else {
                continue;
            };
            let constant = matches!(
                plan.values.get(vi),
                Some(ValueDef::Tensor(d)) if matches!(
                    d.data,
                    TensorData::Constant { .. } | TensorData::InlineConstant { .. } | TensorData::External { .. }
                )
            );
            // Values only this library touches live in its shadow (`library_state`):
            // copied in once, never read back.
            let kept = constant || self.library_values.get(vi) == Some(&Some(lib));
            let extra = &mut self.extra_libraries[lib];
            let (addr, fresh) = extra.shadow(vi, t.capacity)?;
            shadows.push((vi, addr));
            if kept && !extra.needs_first_copy(vi) {
                continue;
            }
            let n = t.nbytes()?;
            // Straight from home's memory when it is reachable (2.x), else through a
            // read.
            if !self.copy_to_library(lib, t.addr, addr, n, fresh)? && n > 0 {
                let data = self.storage.read(t.addr, n)?;
                self.extra_libraries[lib].copy_in(addr, &data, fresh)?;
            }
            if !kept {
                copied.push(vi);
            }
        }
        let address = |j: usize, t: &TensorValue| {
            shadows
                .iter()
                .find(|(v, _)| *v == j)
                .map_or(t.addr, |&(_, a)| a)
        };
        let kargs = args
            .iter()
            .map(|&vi| self.kernel_arg_at(vi, &address))
            .collect::<Result<Vec<_>>>()?;
        self.mark("copy to library", EventKind::Copy, copy_start, None);
        let updates = self.extra_libraries[lib].call(index, &kargs)?;
        let copy_start = self.clock();
        for u in updates {
            self.apply_update(args, u)
                .map_err(|e| e.with_component_id(component, &info.sha256_hex()))?;
        }
        for vi in copied {
            let Value::Tensor(t) = self.values[vi].clone() else {
                continue;
            };
            let n = t.nbytes()?;
            let addr = address(vi, &t);
            // Home's bytes are the ones copied in (the call ran in the other library):
            // compared in place where both memories are reachable.
            let extra = &mut self.extra_libraries[lib];
            let direct = self.storage.with_direct_memory(|mem| {
                extra.write_back(addr, home_bytes_mut(mem, t.addr, n)?)
            })?;
            match direct {
                Some(Err(e)) => return Err(e.with_component_id(component, &info.sha256_hex())),
                Some(Ok(Some(differed))) => {
                    if differed {
                        // Written into home, as `Storage::write` counts.
                        self.storage.bytes_in += n as u64;
                    }
                    continue;
                }
                Some(Ok(None)) | None => {}
            }
            let before = if n == 0 {
                Vec::new()
            } else {
                self.storage.read(t.addr, n)?
            };
            let now = self.extra_libraries[lib].copy_out(addr, n)?;
            if now.len() != n {
                return Err(broken(format!(
                    "kernels.read returned {} bytes for a {n}-byte tensor",
                    now.len()
                ))
                .with_component_id(component, &info.sha256_hex()));
            }
            if now != before {
                self.storage.write(t.addr, &now)?;
            }
        }
        self.mark("copy back", EventKind::Copy, copy_start, None);
        Ok(())
    }
}

impl Method {
    /// For a value that lives in extra library `lib`'s memory alone (`library_state`):
    /// the address of its shadow there, copied in from home at its first use as a
    /// call would. `None` when home's memory is not directly reachable (a 1.x home
    /// library: then only the library's own calls move it).
    pub(super) fn kept_shadow(&mut self, lib: usize, vi: usize) -> Result<Option<u32>> {
        let Value::Tensor(t) = self.values[vi].clone() else {
            return Ok(None);
        };
        if self.storage.with_direct_memory(|_| ())?.is_none() {
            return Ok(None);
        }
        let extra = &mut self.extra_libraries[lib];
        let (addr, fresh) = extra.shadow(vi, t.capacity)?;
        if extra.needs_first_copy(vi) {
            self.copy_to_library(lib, t.addr, addr, t.nbytes()?, fresh)?;
        }
        Ok(Some(addr))
    }

    /// Copies `n` bytes at `from` in home's memory to `to` in extra library `lib`'s
    /// (`fresh`: a shadow reserved just now, see [`ExtraLibrary::copy_in`]), counted as
    /// read out of home as `Storage::read` counts; false (nothing copied) when home's
    /// memory is not directly reachable.
    pub(super) fn copy_to_library(
        &mut self,
        lib: usize,
        from: u32,
        to: u32,
        n: usize,
        fresh: bool,
    ) -> Result<bool> {
        let extra = &mut self.extra_libraries[lib];
        let Some(copied) = self
            .storage
            .with_direct_memory(|mem| extra.copy_in(to, home_bytes(mem, from, n)?, fresh))?
        else {
            return Ok(false);
        };
        copied?;
        self.storage.bytes_out += n as u64;
        Ok(true)
    }
}

/// The `n` bytes at `addr` of home's memory `mem`, checked.
fn home_bytes(mem: &[u8], addr: u32, n: usize) -> Result<&[u8]> {
    let start = addr as usize;
    mem.get(start..)
        .and_then(|m| m.get(..n))
        .ok_or_else(|| outside(addr, n, mem.len()))
}

/// [`home_bytes`], writable.
fn home_bytes_mut(mem: &mut [u8], addr: u32, n: usize) -> Result<&mut [u8]> {
    let len = mem.len();
    let start = addr as usize;
    mem.get_mut(start..)
        .and_then(|m| m.get_mut(..n))
        .ok_or_else(|| outside(addr, n, len))
}

fn outside(addr: u32, n: usize, len: usize) -> crate::Error {
    crate::Error::new(
        crate::ErrorKind::AccessFailed,
        format!(
            "bytes {addr:#x}..+{n} are outside the kernel library's linear memory ({len} bytes)"
        ),
    )
}
