//! An example backend on `plugboard-sdk`: it registers backend id `ExampleBackend` and
//! runs the delegates that `python/example_backend.py` (an ExecuTorch `BackendDetails`
//! and partitioner) writes: chains of float32 `add`, `mul` and `relu` on tensors of one
//! shape.
//!
//! The processed blob is this backend's own format, little-endian:
//!
//! | bytes | field |
//! |-------|-------|
//! | 0..4  | magic `EXB1` |
//! | 4..8  | u32 number of inputs `I` (values 0..I are the delegate's inputs) |
//! | 8..12 | u32 number of outputs `O` |
//! | 12..16 | u32 number of steps `S` |
//! | then `S` x 13 bytes | u8 op (0 add, 1 mul, 2 relu), u32 a, u32 b, u32 out: value ids |
//! | then `O` x 4 bytes | u32 value id of each output |
//!
//! Step `k` must write value `I + k`, and read only values written before it. `init`
//! checks all of it, so `execute` cannot index out of range.

// The bindings of the contract version the `plugboard-sdk` feature chose (v2_4 by default).
use std::cell::RefCell;

use plugboard_sdk::backend::prelude::*;

/// The backend id this component registers (the name of the Python `BackendDetails`).
const BACKEND_ID: &str = "ExampleBackend";

plugboard_sdk::global_allocator!();

/// One step of a delegate.
#[derive(Debug, Clone, Copy)]
enum Op {
    Add,
    Mul,
    Relu,
}

/// A parsed, checked delegate.
struct Program {
    inputs: usize,
    steps: Vec<(Op, usize, usize, usize)>,
    outputs: Vec<usize>,
}

fn u32_at(blob: &[u8], at: usize) -> Result<usize, Error> {
    blob.get(at..at + 4)
        .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]) as usize)
        .ok_or_else(|| {
            incompatible(format!(
                "ExampleBackend payload ends at byte {}",
                blob.len()
            ))
        })
}

impl Program {
    fn parse(blob: &[u8]) -> Result<Program, Error> {
        if blob.get(0..4) != Some(b"EXB1".as_slice()) {
            return Err(incompatible("not an ExampleBackend payload (magic EXB1)"));
        }
        let (inputs, outputs, steps) = (u32_at(blob, 4)?, u32_at(blob, 8)?, u32_at(blob, 12)?);
        let mut at = 16;
        let mut program = Program {
            inputs,
            steps: Vec::new(),
            outputs: Vec::new(),
        };
        for k in 0..steps {
            let op = match blob.get(at) {
                Some(0) => Op::Add,
                Some(1) => Op::Mul,
                Some(2) => Op::Relu,
                other => return Err(incompatible(format!("step {k}: unknown op {other:?}"))),
            };
            let (a, b, out) = (
                u32_at(blob, at + 1)?,
                u32_at(blob, at + 5)?,
                u32_at(blob, at + 9)?,
            );
            let written = inputs + k;
            let reads_b = !matches!(op, Op::Relu);
            if out != written || a >= written || (reads_b && b >= written) {
                return Err(incompatible(format!(
                    "step {k} reads values {a} and {b} and writes {out}; it must write {written} from earlier values"
                )));
            }
            program.steps.push((op, a, b, out));
            at += 13;
        }
        for k in 0..outputs {
            let v = u32_at(blob, at + 4 * k)?;
            if v >= inputs + steps {
                return Err(incompatible(format!(
                    "output {k} is value {v}, which no step writes"
                )));
            }
            program.outputs.push(v);
        }
        Ok(program)
    }

    fn run(&self, inputs: &[Vec<f32>]) -> Vec<Vec<f32>> {
        let mut values: Vec<Vec<f32>> = inputs.to_vec();
        for &(op, a, b, _) in &self.steps {
            let (x, y) = (&values[a], &values[b]);
            let v = match op {
                Op::Add => x.iter().zip(y).map(|(p, q)| p + q).collect(),
                Op::Mul => x.iter().zip(y).map(|(p, q)| p * q).collect(),
                Op::Relu => x.iter().map(|p| p.max(0.0)).collect(),
            };
            values.push(v);
        }
        self.outputs.iter().map(|&v| values[v].clone()).collect()
    }
}

struct Example;

/// An initialized delegate: its program, the outputs of its last call, which the host
/// copies out after the call (contract 2.x: results point into this component's memory
/// and must stay until its next call), and the input tensors of its last successful
/// `execute`, which `execute-again` (2.1) runs again at new addresses.
struct Delegate {
    program: Program,
    outputs: RefCell<Vec<Vec<f32>>>,
    last_inputs: RefCell<Vec<TensorRef>>,
}

impl Delegate {
    /// Runs the program on the float32 `inputs` (blocks the host filled); keeps the
    /// outputs, and returns their addresses.
    fn run(&self, inputs: &[TensorRef]) -> Result<Vec<u32>, Error> {
        let values = inputs
            .iter()
            .map(|t| t.to_f32s())
            .collect::<Result<Vec<_>, _>>()?;
        let mut outputs = self.outputs.borrow_mut();
        *outputs = self.program.run(&values);
        Ok(outputs.iter().map(|v| v.as_ptr() as usize as u32).collect())
    }
}

impl GuestDelegateHandle for Delegate {
    fn execute(&self, args: Vec<Evalue>) -> Result<Vec<Evalue>, Error> {
        let p = &self.program;
        if args.len() != p.inputs + p.outputs.len() {
            return Err(invalid_argument(format!(
                "expected {} inputs and {} outputs, got {} arguments",
                p.inputs,
                p.outputs.len(),
                args.len()
            )));
        }
        let mut inputs = Vec::new();
        for (i, a) in args[..p.inputs].iter().enumerate() {
            let Evalue::Tensor(t) = a else {
                return Err(invalid_argument(format!("input {i} is not a tensor")));
            };
            if inputs
                .first()
                .is_some_and(|f: &TensorRef| f.sizes != t.sizes)
            {
                return Err(invalid_argument("inputs differ in shape"));
            }
            inputs.push(t.clone());
        }
        let sizes = inputs.first().map(|t| t.sizes.clone()).unwrap_or_default();
        self.run(&inputs)?;
        *self.last_inputs.borrow_mut() = inputs;
        let outputs = self.outputs.borrow();
        Ok(outputs
            .iter()
            .map(|v| Evalue::Tensor(TensorRef::of_f32(sizes.clone(), v)))
            .collect())
    }
}

/// Contract 2.1: the host calls this instead of `execute` when a delegate's arguments
/// are those of its last successful `execute` but for where the inputs are. Only the
/// addresses cross: each output keeps the dtype, sizes and dim order of that call's.
impl GuestExecuteAgain for Example {
    fn execute_again(
        delegate: DelegateHandleBorrow<'_>,
        input_addresses: Vec<u32>,
    ) -> Result<Vec<u32>, Error> {
        let d: &Delegate = delegate.get();
        let mut inputs = d.last_inputs.borrow().clone();
        if inputs.len() != input_addresses.len() {
            return Err(invalid_argument(format!(
                "expected {} input addresses, got {}",
                inputs.len(),
                input_addresses.len()
            )));
        }
        for (t, a) in inputs.iter_mut().zip(input_addresses) {
            t.address = a;
        }
        d.run(&inputs)
    }
}

impl Guest for Example {
    type DelegateHandle = Delegate;

    fn backend_ids() -> Vec<String> {
        vec![BACKEND_ID.into()]
    }

    fn is_available(backend_id: String) -> bool {
        backend_id == BACKEND_ID
    }

    fn describe(backend_id: String, processed: Vec<u8>) -> Result<Vec<(String, u32)>, Error> {
        check_backend_id(&[BACKEND_ID], &backend_id)?;
        let p = Program::parse(&processed)?;
        let count = |want: fn(&Op) -> bool| p.steps.iter().filter(|s| want(&s.0)).count() as u32;
        Ok(vec![
            ("add".into(), count(|o| matches!(o, Op::Add))),
            ("mul".into(), count(|o| matches!(o, Op::Mul))),
            ("relu".into(), count(|o| matches!(o, Op::Relu))),
        ])
    }

    // `alloc` and `free`: the blocks the host copies the inputs of `execute` into.
    plugboard_sdk::memory_exports!();

    fn init(
        backend_id: String,
        processed: Vec<u8>,
        _specs: Vec<CompileSpec>,
    ) -> Result<DelegateHandle, Error> {
        check_backend_id(&[BACKEND_ID], &backend_id)?;
        Ok(DelegateHandle::new(Delegate {
            program: Program::parse(&processed)?,
            outputs: RefCell::new(Vec::new()),
            last_inputs: RefCell::new(Vec::new()),
        }))
    }
}

plugboard_sdk::export_backend!(Example);
