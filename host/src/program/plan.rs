//! A method's execution plan, checked and converted from the FlatBuffer into plain
//! Rust types. Every index, size, offset and dim is verified here, once, so that the
//! executor can trust what it reads (a `.pte` file is untrusted input).

use super::schema::executorch_flatbuffer as fb;
use crate::{Error, Result, ScalarType};

/// Most dimensions a tensor may have (ExecuTorch's `kTensorDimensionLimit`).
pub const MAX_RANK: usize = 16;

/// How a tensor's shape may change at run time (`TensorShapeDynamism`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ShapeDynamism {
    /// The sizes are fixed.
    Static,
    /// The sizes may shrink below the recorded upper bound.
    DynamicBound,
    /// The sizes are unbounded (not supported for memory-planned tensors).
    DynamicUnbound,
}

/// Where a tensor's bytes come from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TensorData {
    /// Constant data at `[offset, offset + len)` of the program file.
    Constant {
        /// Absolute byte offset in the file.
        offset: usize,
        /// Length in bytes.
        len: usize,
    },
    /// Constant data in the legacy inline `constant_buffer` table, index `buffer`.
    InlineConstant {
        /// Index into the program's constant buffers.
        buffer: usize,
    },
    /// Memory-planned: buffer `memory_id` (1-based, as in the file) at `offset` bytes.
    Planned {
        /// Index into `non_const_buffer_sizes` (never 0).
        memory_id: usize,
        /// Byte offset inside that buffer.
        offset: u64,
    },
    /// No storage in the plan: it gets memory when it is set as an input.
    Unplanned,
    /// Constant data kept outside the program, in external data (a `.ptd` file), under
    /// named data `key` (the tensor's fully qualified name; `TensorDataLocation::EXTERNAL`).
    /// It is looked up, and its size checked, when a method is loaded.
    External {
        /// The key in the external data's named data.
        key: String,
    },
}

/// A tensor value of the plan.
#[derive(Debug, Clone, PartialEq)]
pub struct TensorDef {
    /// Element type.
    pub dtype: ScalarType,
    /// Sizes (the upper bound for dynamic shapes).
    pub sizes: Vec<u32>,
    /// Dim order, outermost first.
    pub dim_order: Vec<u8>,
    /// Shape dynamism.
    pub dynamism: ShapeDynamism,
    /// Where the bytes live.
    pub data: TensorData,
    /// Size in bytes at the recorded sizes.
    pub nbytes: usize,
}

/// An `EValue` of the plan. List items are indices into the plan's values.
#[derive(Debug, Clone, PartialEq)]
pub enum ValueDef {
    /// `None`.
    None,
    /// An int.
    Int(i64),
    /// A float.
    Double(f64),
    /// A bool.
    Bool(bool),
    /// A string.
    String(String),
    /// A tensor.
    Tensor(TensorDef),
    /// A list of ints, each an index of an `Int` value (so it can be symbolic).
    IntList(Vec<usize>),
    /// A list of floats.
    DoubleList(Vec<f64>),
    /// A list of bools.
    BoolList(Vec<bool>),
    /// A list of tensors (indices of `Tensor` values).
    TensorList(Vec<usize>),
    /// A list of optional tensors (indices of `Tensor` values, or `None`).
    OptionalTensorList(Vec<Option<usize>>),
}

impl ValueDef {
    /// Short name of the kind, for messages.
    pub fn kind(&self) -> &'static str {
        match self {
            ValueDef::None => "None",
            ValueDef::Int(_) => "Int",
            ValueDef::Double(_) => "Double",
            ValueDef::Bool(_) => "Bool",
            ValueDef::String(_) => "String",
            ValueDef::Tensor(_) => "Tensor",
            ValueDef::IntList(_) => "IntList",
            ValueDef::DoubleList(_) => "DoubleList",
            ValueDef::BoolList(_) => "BoolList",
            ValueDef::TensorList(_) => "TensorList",
            ValueDef::OptionalTensorList(_) => "OptionalTensorList",
        }
    }
}

/// One instruction of the chain.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Instruction {
    /// Call operator `op` (index into the plan's operators) on values `args`.
    Kernel {
        /// Operator index.
        op: usize,
        /// Value indices, inputs then outputs.
        args: Vec<usize>,
    },
    /// Run delegate `delegate` on values `args` (inputs then outputs).
    Delegate {
        /// Delegate index.
        delegate: usize,
        /// Value indices.
        args: Vec<usize>,
    },
    /// `values[to] = values[from]`.
    Move {
        /// Source value.
        from: usize,
        /// Destination value.
        to: usize,
    },
    /// Jump to `destination` when value `cond` is false.
    JumpFalse {
        /// A Bool value (or a bool tensor).
        cond: usize,
        /// Instruction index (may equal the chain length: the end).
        destination: usize,
    },
    /// The tensor at `value` is no longer needed.
    Free {
        /// Value index.
        value: usize,
    },
}

/// Where a delegate's processed blob is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DelegateData {
    /// `backend_delegate_data[index]` inside the FlatBuffer.
    Inline(usize),
    /// Bytes `[offset, offset + len)` of the file (a segment).
    Segment {
        /// Absolute file offset.
        offset: usize,
        /// Length in bytes.
        len: usize,
    },
}

/// A delegate of the plan (`BackendDelegate`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DelegateDef {
    /// Backend id, e.g. `XnnpackBackend`.
    pub id: String,
    /// The processed blob.
    pub processed: DelegateData,
    /// Compile specs, key and value.
    pub compile_specs: Vec<(String, Vec<u8>)>,
}

/// A checked execution plan (one method).
#[derive(Debug, Clone, PartialEq)]
pub struct Plan {
    /// Method name.
    pub name: String,
    /// All values.
    pub values: Vec<ValueDef>,
    /// Value indices of the method inputs.
    pub inputs: Vec<usize>,
    /// Value indices of the method outputs.
    pub outputs: Vec<usize>,
    /// The instructions of chain 0.
    pub instructions: Vec<Instruction>,
    /// Operator names with overload, e.g. `aten::add.out`.
    pub operators: Vec<String>,
    /// Delegates.
    pub delegates: Vec<DelegateDef>,
    /// Sizes in bytes of the memory-planned buffers; index 0 is unused.
    pub buffer_sizes: Vec<u64>,
}

/// What the plan converter needs to know about the rest of the file.
pub(crate) struct FileLayout<'a> {
    /// Absolute `[offset, offset + len)` of each segment, already checked.
    pub segments: &'a [(usize, usize)],
    /// Absolute offsets and the end of the constant segment, for each constant index
    /// (index 0 reserved), when the program uses a constant segment.
    pub constant_offsets: &'a [u64],
    /// Absolute `(start, len)` of the constant segment.
    pub constant_segment: Option<(usize, usize)>,
    /// Number of legacy inline constant buffers.
    pub inline_constants: &'a [usize],
    /// Number of inline delegate blobs.
    pub inline_delegates: usize,
}

fn index(v: i64, len: usize, what: &str) -> Result<usize> {
    usize::try_from(v).ok().filter(|&i| i < len).ok_or_else(|| {
        Error::invalid_program(format!("{what} {v} is out of range (there are {len})"))
    })
}

impl Plan {
    pub(crate) fn from_fb(p: fb::ExecutionPlan, layout: &FileLayout<'_>) -> Result<Plan> {
        let name = p.name.unwrap_or_default();
        let err = |e: Error| e.with_method(name.clone());
        let buffer_sizes: Vec<u64> = p
            .non_const_buffer_sizes
            .unwrap_or_default()
            .into_iter()
            .map(|s| {
                u64::try_from(s).map_err(|_| {
                    Error::invalid_program(format!("negative planned buffer size {s}"))
                })
            })
            .collect::<Result<_>>()
            .map_err(err)?;
        let fb_values = p.values.unwrap_or_default();
        let n = fb_values.len();
        let mut values = Vec::with_capacity(n);
        for (i, v) in fb_values.into_iter().enumerate() {
            values.push(convert_value(v, n, &buffer_sizes, layout).map_err(|e| {
                Error::invalid_program(format!("value {i}: {}", e.message))
                    .with_method(name.clone())
            })?);
        }
        // List items must point at values of the right kind.
        for (i, v) in values.iter().enumerate() {
            let bad =
                |what: &str| Error::invalid_program(format!("value {i}: list item is not {what}"));
            match v {
                ValueDef::IntList(items)
                    if items
                        .iter()
                        .any(|&j| !matches!(values[j], ValueDef::Int(_))) =>
                {
                    return Err(err(bad("an Int")))
                }
                ValueDef::TensorList(items)
                    if items
                        .iter()
                        .any(|&j| !matches!(values[j], ValueDef::Tensor(_))) =>
                {
                    return Err(err(bad("a Tensor")))
                }
                ValueDef::OptionalTensorList(items)
                    if items
                        .iter()
                        .flatten()
                        .any(|&j| !matches!(values[j], ValueDef::Tensor(_) | ValueDef::None)) =>
                {
                    return Err(err(bad("a Tensor or None")))
                }
                _ => {}
            }
        }
        let inputs = indices(p.inputs, n, "input value index").map_err(err)?;
        let outputs = indices(p.outputs, n, "output value index").map_err(err)?;
        let operators: Vec<String> = p
            .operators
            .unwrap_or_default()
            .into_iter()
            .map(|o| {
                let name = o.name.unwrap_or_default();
                match o.overload.filter(|s| !s.is_empty()) {
                    Some(ov) => format!("{name}.{ov}"),
                    None => name,
                }
            })
            .collect();
        let delegates = p
            .delegates
            .unwrap_or_default()
            .into_iter()
            .enumerate()
            .map(|(i, d)| {
                convert_delegate(d, layout)
                    .map_err(|e| Error::invalid_program(format!("delegate {i}: {}", e.message)))
            })
            .collect::<Result<Vec<_>>>()
            .map_err(err)?;
        let mut chains = p.chains.unwrap_or_default();
        if chains.len() > 1 {
            return Err(err(Error::new(
                crate::ErrorKind::NotSupported,
                format!(
                    "the method has {} chains; only single-chain methods are supported",
                    chains.len()
                ),
            )));
        }
        let fb_instructions = chains
            .pop()
            .and_then(|c| c.instructions)
            .unwrap_or_default();
        let count = fb_instructions.len();
        let mut instructions = Vec::with_capacity(count);
        for (pc, ins) in fb_instructions.into_iter().enumerate() {
            let i = convert_instruction(ins, n, operators.len(), delegates.len(), count)
                .map_err(|e| e.with_method(name.clone()).with_instruction(pc))?;
            instructions.push(i);
        }
        Ok(Plan {
            name,
            values,
            inputs,
            outputs,
            instructions,
            operators,
            delegates,
            buffer_sizes,
        })
    }
}

fn indices(v: Option<Vec<i32>>, len: usize, what: &str) -> Result<Vec<usize>> {
    v.unwrap_or_default()
        .into_iter()
        .map(|i| index(i as i64, len, what))
        .collect()
}

fn convert_instruction(
    ins: fb::Instruction,
    nvalues: usize,
    nops: usize,
    ndelegates: usize,
    ninstructions: usize,
) -> Result<Instruction> {
    use fb::InstructionArguments as A;
    Ok(match ins.instr_args {
        Some(A::KernelCall(k)) => Instruction::Kernel {
            op: index(k.op_index as i64, nops, "operator index")?,
            args: indices(k.args, nvalues, "argument value index")?,
        },
        Some(A::DelegateCall(d)) => Instruction::Delegate {
            delegate: index(d.delegate_index as i64, ndelegates, "delegate index")?,
            args: indices(d.args, nvalues, "argument value index")?,
        },
        Some(A::MoveCall(m)) => Instruction::Move {
            from: index(m.move_from as i64, nvalues, "move source")?,
            to: index(m.move_to as i64, nvalues, "move destination")?,
        },
        Some(A::JumpFalseCall(j)) => Instruction::JumpFalse {
            cond: index(j.cond_value_index as i64, nvalues, "condition value index")?,
            destination: index(
                j.destination_instruction as i64,
                ninstructions + 1,
                "jump destination",
            )?,
        },
        Some(A::FreeCall(f)) => Instruction::Free {
            value: index(f.value_index as i64, nvalues, "freed value index")?,
        },
        None => return Err(Error::invalid_program("instruction without arguments")),
    })
}

fn convert_delegate(d: fb::BackendDelegate, layout: &FileLayout<'_>) -> Result<DelegateDef> {
    let id =
        d.id.ok_or_else(|| Error::invalid_program("delegate without a backend id"))?;
    let r = d
        .processed
        .ok_or_else(|| Error::invalid_program(format!("delegate {id} has no processed data")))?;
    let processed = match r.location {
        fb::DataLocation::Inline => DelegateData::Inline(index(
            r.index as i64,
            layout.inline_delegates,
            "inline delegate data index",
        )?),
        fb::DataLocation::Segment => {
            let s = index(
                r.index as i64,
                layout.segments.len(),
                "delegate segment index",
            )?;
            let (offset, len) = layout.segments[s];
            DelegateData::Segment { offset, len }
        }
    };
    let compile_specs = d
        .compile_specs
        .unwrap_or_default()
        .into_iter()
        .map(|c| (c.key.unwrap_or_default(), c.value.unwrap_or_default()))
        .collect();
    Ok(DelegateDef {
        id,
        processed,
        compile_specs,
    })
}

fn convert_value(
    v: fb::EValue,
    nvalues: usize,
    buffer_sizes: &[u64],
    layout: &FileLayout<'_>,
) -> Result<ValueDef> {
    use fb::KernelTypes as K;
    Ok(match v.val {
        None | Some(K::Null(_)) => ValueDef::None,
        Some(K::Int(i)) => ValueDef::Int(i.int_val),
        Some(K::Bool(b)) => ValueDef::Bool(b.bool_val),
        Some(K::Double(d)) => ValueDef::Double(d.double_val),
        Some(K::String(s)) => ValueDef::String(s.string_val.unwrap_or_default()),
        Some(K::IntList(l)) => ValueDef::IntList(
            l.items
                .unwrap_or_default()
                .into_iter()
                .map(|i| index(i, nvalues, "list item value index"))
                .collect::<Result<_>>()?,
        ),
        Some(K::DoubleList(l)) => ValueDef::DoubleList(l.items.unwrap_or_default()),
        Some(K::BoolList(l)) => ValueDef::BoolList(l.items.unwrap_or_default()),
        Some(K::TensorList(l)) => {
            ValueDef::TensorList(indices(l.items, nvalues, "list item value index")?)
        }
        Some(K::OptionalTensorList(l)) => ValueDef::OptionalTensorList(
            l.items
                .unwrap_or_default()
                .into_iter()
                .map(|i| {
                    if i < 0 {
                        Ok(None)
                    } else {
                        index(i as i64, nvalues, "list item value index").map(Some)
                    }
                })
                .collect::<Result<_>>()?,
        ),
        Some(K::Tensor(t)) => ValueDef::Tensor(convert_tensor(*t, buffer_sizes, layout)?),
    })
}

fn convert_tensor(
    t: fb::Tensor,
    buffer_sizes: &[u64],
    layout: &FileLayout<'_>,
) -> Result<TensorDef> {
    let dtype = ScalarType::from_code(t.scalar_type as i64).ok_or_else(|| {
        Error::invalid_program(format!("unknown scalar type {:?}", t.scalar_type))
    })?;
    let sizes_i = t.sizes.unwrap_or_default();
    if sizes_i.len() > MAX_RANK {
        return Err(Error::invalid_program(format!(
            "tensor of rank {} exceeds the limit of {MAX_RANK} dimensions",
            sizes_i.len()
        )));
    }
    let sizes = sizes_i
        .iter()
        .map(|&s| {
            u32::try_from(s)
                .map_err(|_| Error::invalid_program(format!("negative tensor size {s}")))
        })
        .collect::<Result<Vec<u32>>>()?;
    let dim_order = match t.dim_order {
        Some(d) if !d.is_empty() || sizes.is_empty() => d,
        _ => (0..sizes.len() as u8).collect(),
    };
    let mut seen = [false; MAX_RANK];
    if dim_order.len() != sizes.len()
        || dim_order.iter().any(|&d| {
            let d = d as usize;
            d >= sizes.len() || std::mem::replace(&mut seen[d], true)
        })
    {
        return Err(Error::invalid_program(format!(
            "dim order {dim_order:?} is not a permutation of the {} dimensions",
            sizes.len()
        )));
    }
    if t.storage_offset != 0 {
        return Err(Error::invalid_program(format!(
            "storage offset {} is not supported",
            t.storage_offset
        )));
    }
    let numel = sizes
        .iter()
        .try_fold(1usize, |a, &s| a.checked_mul(s as usize))
        .ok_or_else(|| Error::invalid_program(format!("tensor sizes {sizes:?} overflow")))?;
    let nbytes = numel
        .checked_mul(dtype.element_size())
        .filter(|&b| b <= isize::MAX as usize)
        .ok_or_else(|| {
            Error::invalid_program(format!("tensor sizes {sizes:?} of {dtype} overflow"))
        })?;
    let dynamism = match t.shape_dynamism {
        fb::TensorShapeDynamism::Static => ShapeDynamism::Static,
        fb::TensorShapeDynamism::DynamicBound => ShapeDynamism::DynamicBound,
        fb::TensorShapeDynamism::DynamicUnbound => ShapeDynamism::DynamicUnbound,
    };
    let external = match &t.extra_tensor_info {
        Some(extra) if extra.location == fb::TensorDataLocation::External => Some(
            extra
                .fully_qualified_name
                .clone()
                .filter(|k| !k.is_empty())
                .ok_or_else(|| {
                    Error::invalid_program(
                        "tensor stored in external data has no fully qualified name (its key)",
                    )
                })?,
        ),
        _ => None,
    };
    if let Some(key) = external {
        if t.allocation_info.is_some() {
            return Err(Error::new(
                crate::ErrorKind::NotSupported,
                format!(
                    "tensor `{key}` is memory-planned with initial data in external data \
                     (external mutable weights are not supported yet)"
                ),
            ));
        }
        return Ok(TensorDef {
            dtype,
            sizes,
            dim_order,
            dynamism,
            data: TensorData::External { key },
            nbytes,
        });
    }
    let data = match (&t.allocation_info, t.data_buffer_idx) {
        (Some(a), _) => {
            let memory_id = a.memory_id as usize;
            if memory_id == 0 || memory_id >= buffer_sizes.len() {
                return Err(Error::invalid_program(format!(
                    "memory id {memory_id} is out of range (valid ids are 1..{})",
                    buffer_sizes.len()
                )));
            }
            let offset = ((a.memory_offset_high as u64) << 32) | a.memory_offset_low as u64;
            let end = offset.checked_add(nbytes as u64);
            if end.is_none_or(|e| e > buffer_sizes[memory_id]) {
                return Err(Error::invalid_program(format!(
                    "tensor of {nbytes} bytes at offset {offset} does not fit planned buffer {memory_id} of {} bytes",
                    buffer_sizes[memory_id]
                )));
            }
            if t.data_buffer_idx != 0 {
                return Err(Error::new(
                    crate::ErrorKind::NotSupported,
                    "mutable tensors with initial data (mutable data segments) are not supported yet",
                ));
            }
            TensorData::Planned { memory_id, offset }
        }
        (None, 0) => TensorData::Unplanned,
        (None, idx) => constant_data(idx as usize, nbytes, layout)?,
    };
    Ok(TensorDef {
        dtype,
        sizes,
        dim_order,
        dynamism,
        data,
        nbytes,
    })
}

fn constant_data(idx: usize, nbytes: usize, layout: &FileLayout<'_>) -> Result<TensorData> {
    if let Some((seg_start, seg_len)) = layout.constant_segment {
        let off = *layout.constant_offsets.get(idx).ok_or_else(|| {
            Error::invalid_program(format!(
                "constant index {idx} is out of range (there are {})",
                layout.constant_offsets.len()
            ))
        })?;
        let end = off.checked_add(nbytes as u64);
        if end.is_none_or(|e| e > seg_len as u64) {
            return Err(Error::invalid_program(format!(
                "constant {idx} of {nbytes} bytes at offset {off} runs past the constant segment ({seg_len} bytes)"
            )));
        }
        return Ok(TensorData::Constant {
            offset: seg_start + off as usize,
            len: nbytes,
        });
    }
    let have = *layout.inline_constants.get(idx).ok_or_else(|| {
        Error::invalid_program(format!(
            "constant buffer index {idx} is out of range (there are {})",
            layout.inline_constants.len()
        ))
    })?;
    if have < nbytes {
        return Err(Error::invalid_program(format!(
            "constant buffer {idx} has {have} bytes, the tensor needs {nbytes}"
        )));
    }
    Ok(TensorData::InlineConstant { buffer: idx })
}
