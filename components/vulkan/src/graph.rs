//! The `VkGraph` FlatBuffer read into a checked, owned graph: one flat array of values
//! (tensors, scalars, lists, `SymInt`s) and the operator chain naming values by index.
//!
//! Every index, count and dim is checked here, so later stages may rely on it: operator
//! arguments, list items, inputs and outputs name existing values; inputs are tensors
//! or `SymInt`s and outputs tensors; ranks are at most [`MAX_DIMS`]; a tensor's bytes
//! at 4 per element fit in [`MAX_TENSOR_BYTES`]; `constant_id`s name existing
//! `VkBytes` entries and segment ranges lie inside the payload's constant segment.
//! A payload that fails any check is a `delegate-invalid-compatibility` error.

use std::collections::BTreeMap;

use planus::ReadAsRoot;

use crate::header::Payload;
use crate::schema::vkgraph as fb;
use crate::{compat, Error};

/// Largest rank accepted (ExecuTorch's Vulkan backend handles up to 8 dims).
pub const MAX_DIMS: usize = 8;
/// Largest tensor accepted, in bytes at 4 bytes per element (a wasm32 address space
/// and the default GPU buffer size limit are both far below 4 GiB).
pub const MAX_TENSOR_BYTES: u64 = 1 << 31;
/// Most values, operators or constants a graph may hold.
pub const MAX_ITEMS: usize = 1 << 20;
/// `VkBytes.offset` of a constant stored in the program's named data.
pub const NAMED_DATA_OFFSET: u64 = u64::MAX;

/// Element type of a tensor (`VkDataType`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DType {
    Bool,
    UInt8,
    Int8,
    Int32,
    Float16,
    Float32,
    Float64,
    Int64,
}

impl DType {
    fn from_fb(d: fb::VkDataType) -> Option<DType> {
        use fb::VkDataType as V;
        Some(match d {
            V::Bool => DType::Bool,
            V::Uint8 => DType::UInt8,
            V::Int8 => DType::Int8,
            V::Int32 => DType::Int32,
            V::Float16 => DType::Float16,
            V::Float32 => DType::Float32,
            V::Float64 => DType::Float64,
            V::Int64 => DType::Int64,
            V::Unset => return None,
        })
    }

    /// Whether elements are floating point (held as `f32` on the device).
    pub fn is_float(self) -> bool {
        matches!(self, DType::Float16 | DType::Float32 | DType::Float64)
    }

    /// Bytes per element in ExecuTorch's serialized form (constants).
    pub fn size(self) -> usize {
        match self {
            DType::Bool | DType::UInt8 | DType::Int8 => 1,
            DType::Float16 => 2,
            DType::Int32 | DType::Float32 => 4,
            DType::Float64 | DType::Int64 => 8,
        }
    }

    /// ExecuTorch's name, e.g. `Float`.
    pub fn name(self) -> &'static str {
        match self {
            DType::Bool => "Bool",
            DType::UInt8 => "Byte",
            DType::Int8 => "Char",
            DType::Int32 => "Int",
            DType::Float16 => "Half",
            DType::Float32 => "Float",
            DType::Float64 => "Double",
            DType::Int64 => "Long",
        }
    }
}

/// A tensor value (`VkTensor`).
#[derive(Clone, Debug, PartialEq)]
pub struct TensorInfo {
    pub dtype: DType,
    /// Sizes, outermost first; for a dynamic tensor the upper bound.
    pub dims: Vec<usize>,
    /// Index into [`Graph::constants`] for a constant tensor.
    pub constant: Option<usize>,
    /// Shared memory object: tensors with the same id have disjoint lifetimes.
    pub mem_obj: Option<usize>,
}

impl TensorInfo {
    /// Number of elements at the serialized sizes (saturating at `usize::MAX`: the
    /// sizes come from the payload).
    pub fn numel(&self) -> usize {
        self.dims.iter().fold(1usize, |a, &d| a.saturating_mul(d))
    }
}

/// One value of the graph (`VkValue`).
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    /// `None`, and every dtype / layout / device / memory-format argument.
    Null,
    Int(i64),
    Double(f64),
    Bool(bool),
    Tensor(TensorInfo),
    IntList(Vec<i64>),
    DoubleList(Vec<f64>),
    BoolList(Vec<bool>),
    /// Indices of other values (tensor lists, outputs of multi-output operators, and
    /// lists mixing ints and `SymInt`s).
    ValueList(Vec<usize>),
    String(String),
    /// An integer known only at run time (a dynamic size).
    SymInt,
}

impl Value {
    /// A short name of the value's kind, for messages.
    pub fn kind(&self) -> &'static str {
        match self {
            Value::Null => "Null",
            Value::Int(_) => "Int",
            Value::Double(_) => "Double",
            Value::Bool(_) => "Bool",
            Value::Tensor(_) => "VkTensor",
            Value::IntList(_) => "IntList",
            Value::DoubleList(_) => "DoubleList",
            Value::BoolList(_) => "BoolList",
            Value::ValueList(_) => "ValueList",
            Value::String(_) => "String",
            Value::SymInt => "SymInt",
        }
    }
}

/// Where a constant's bytes live (`VkBytes`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ConstantRef {
    /// The program's named data under this key (`offset` = `u64::MAX`).
    Named { key: String, length: u64 },
    /// `start..start + length` of the payload's constant segment (checked).
    Segment { start: usize, length: usize },
}

/// One operator call (`OperatorCall`).
#[derive(Clone, Debug, PartialEq)]
pub struct OpCall {
    /// The operator's name as the exporter wrote it, e.g. `aten.add.Tensor`.
    pub name: String,
    /// Value indices: the arguments in ATen schema order, then the output.
    pub args: Vec<usize>,
}

/// A checked graph.
#[derive(Clone, Debug, PartialEq)]
pub struct Graph {
    pub values: Vec<Value>,
    pub chain: Vec<OpCall>,
    /// Value indices of the delegate's inputs, in argument order.
    pub inputs: Vec<usize>,
    /// Value indices of the delegate's outputs, in argument order (after the inputs).
    pub outputs: Vec<usize>,
    pub constants: Vec<ConstantRef>,
}

impl Graph {
    /// The tensor at value index `v`, if it is one.
    pub fn tensor(&self, v: usize) -> Option<&TensorInfo> {
        match self.values.get(v) {
            Some(Value::Tensor(t)) => Some(t),
            _ => None,
        }
    }
}

/// Maps a planus error to ours.
fn fbr<T>(r: planus::Result<T>) -> Result<T, Error> {
    r.map_err(|e| compat(format!("malformed VkGraph FlatBuffer: {e}")))
}

/// Reads the root table of a payload's FlatBuffer.
pub fn root<'a>(payload: &Payload<'a>) -> Result<fb::VkGraphRef<'a>, Error> {
    fbr(fb::VkGraphRef::read_as_root(payload.flatbuffer))
}

/// Operator counts of a payload, for `describe`: `(name, count)` sorted by name.
pub fn describe(payload: &Payload<'_>) -> Result<Vec<(String, u32)>, Error> {
    let g = root(payload)?;
    let mut counts: BTreeMap<String, u32> = BTreeMap::new();
    if let Some(chain) = fbr(g.chain())? {
        for op in chain.iter() {
            let op = fbr(op)?;
            let name = fbr(op.name())?.unwrap_or("");
            let c = counts.entry(name.to_string()).or_default();
            *c = c.saturating_add(1);
        }
    }
    Ok(counts.into_iter().collect())
}

fn index(i: i64, n: usize, what: impl FnOnce() -> String) -> Result<usize, Error> {
    if i >= 0 && (i as u64) < n as u64 {
        Ok(i as usize)
    } else {
        Err(compat(format!(
            "{} names value {i}, but the graph has {n} values",
            what()
        )))
    }
}

fn count(n: usize, what: &str) -> Result<(), Error> {
    if n > MAX_ITEMS {
        Err(compat(format!(
            "VkGraph has {n} {what}, more than the {MAX_ITEMS} accepted"
        )))
    } else {
        Ok(())
    }
}

fn tensor(t: fb::VkTensorRef<'_>, i: usize, n_constants: usize) -> Result<TensorInfo, Error> {
    let dtype = fbr(t.datatype())?;
    let dtype = DType::from_fb(dtype)
        .ok_or_else(|| compat(format!("value {i}: tensor with datatype UNSET")))?;
    let dims: Vec<usize> = match fbr(t.dims())? {
        Some(d) => {
            if d.len() > MAX_DIMS {
                return Err(compat(format!(
                    "value {i}: tensor of rank {}, more than the {MAX_DIMS} dims accepted",
                    d.len()
                )));
            }
            d.iter().map(|x| x as usize).collect()
        }
        None => Vec::new(),
    };
    let bytes = dims
        .iter()
        .try_fold(4u64, |acc, &d| acc.checked_mul(d as u64))
        .filter(|&b| b <= MAX_TENSOR_BYTES);
    if bytes.is_none() {
        return Err(compat(format!(
            "value {i}: tensor of sizes {dims:?} is larger than {MAX_TENSOR_BYTES} bytes"
        )));
    }
    let cid = fbr(t.constant_id())?;
    let constant = if cid < 0 {
        None
    } else if (cid as usize) < n_constants {
        Some(cid as usize)
    } else {
        return Err(compat(format!(
            "value {i}: constant_id {cid}, but the graph has {n_constants} constants"
        )));
    };
    let mid = fbr(t.mem_obj_id())?;
    let mem_obj = if mid < 0 { None } else { Some(mid as usize) };
    // Storage type, memory layout and staging dtype are hints: read them so that an
    // out-of-range enum is reported, then let them go.
    fbr(t.storage_type())?;
    fbr(t.memory_layout())?;
    fbr(t.staging_datatype())?;
    Ok(TensorInfo {
        dtype,
        dims,
        constant,
        mem_obj,
    })
}

/// Reads and checks a graph (see the module docs for what is checked).
pub fn parse(payload: &Payload<'_>) -> Result<Graph, Error> {
    let g = root(payload)?;

    let mut constants = Vec::new();
    if let Some(cs) = fbr(g.constants())? {
        count(cs.len(), "constants")?;
        for (i, c) in cs.iter().enumerate() {
            let c = fbr(c)?;
            let offset = fbr(c.offset())?;
            let length = fbr(c.length())?;
            if offset == NAMED_DATA_OFFSET {
                let key = fbr(c.named_key())?.unwrap_or("");
                if key.is_empty() {
                    return Err(compat(format!(
                        "constant {i} is in named data but has no named_key"
                    )));
                }
                constants.push(ConstantRef::Named {
                    key: key.to_string(),
                    length,
                });
            } else {
                let seg = payload.constants.len() as u64;
                match offset.checked_add(length) {
                    Some(end) if end <= seg => constants.push(ConstantRef::Segment {
                        start: offset as usize,
                        length: length as usize,
                    }),
                    _ => {
                        return Err(compat(format!(
                            "constant {i} at offset {offset} ({length} bytes) is outside the {seg}-byte constant segment"
                        )))
                    }
                }
            }
        }
    }
    if let Some(s) = fbr(g.shaders())? {
        if !s.is_empty() {
            return Err(crate::not_supported(
                "VkGraph carries custom shaders, which this backend does not run",
            ));
        }
    }

    let mut values = Vec::new();
    let fb_values = fbr(g.values())?;
    let n = fb_values.as_ref().map_or(0, |v| v.len());
    count(n, "values")?;
    let mut lists: Vec<(usize, Vec<i64>)> = Vec::new();
    if let Some(vs) = fb_values {
        for (i, v) in vs.iter().enumerate() {
            let v = fbr(v)?;
            let u = fbr(v.value())?.ok_or_else(|| compat(format!("value {i} is empty")))?;
            use fb::GraphTypesRef as U;
            let val = match u {
                U::Null(_) => Value::Null,
                U::Int(x) => Value::Int(fbr(x.int_val())?),
                U::Double(x) => Value::Double(fbr(x.double_val())?),
                U::Bool(x) => Value::Bool(fbr(x.bool_val())?),
                U::VkTensor(t) => Value::Tensor(tensor(t, i, constants.len())?),
                U::IntList(l) => Value::IntList(match fbr(l.items())? {
                    Some(it) => {
                        count(it.len(), "list items")?;
                        it.iter().collect()
                    }
                    None => Vec::new(),
                }),
                U::DoubleList(l) => Value::DoubleList(match fbr(l.items())? {
                    Some(it) => {
                        count(it.len(), "list items")?;
                        it.iter().collect()
                    }
                    None => Vec::new(),
                }),
                U::BoolList(l) => Value::BoolList(match fbr(l.items())? {
                    Some(it) => {
                        count(it.len(), "list items")?;
                        it.iter().collect()
                    }
                    None => Vec::new(),
                }),
                U::ValueList(l) => {
                    let items: Vec<i64> = match fbr(l.items())? {
                        Some(it) => {
                            count(it.len(), "list items")?;
                            it.iter().map(|x| x as i64).collect()
                        }
                        None => Vec::new(),
                    };
                    lists.push((i, items));
                    Value::ValueList(Vec::new())
                }
                U::String(s) => Value::String(fbr(s.string_val())?.unwrap_or("").to_string()),
                U::SymInt(s) => {
                    fbr(s.value())?;
                    Value::SymInt
                }
            };
            values.push(val);
        }
    }
    for (i, items) in lists {
        let mut ids = Vec::with_capacity(items.len());
        for it in items {
            ids.push(index(it, n, || format!("ValueList {i}"))?);
        }
        if let Some(slot) = values.get_mut(i) {
            *slot = Value::ValueList(ids);
        }
    }

    let mut chain = Vec::new();
    if let Some(ops) = fbr(g.chain())? {
        count(ops.len(), "operators")?;
        for (k, op) in ops.iter().enumerate() {
            let op = fbr(op)?;
            let name = fbr(op.name())?.unwrap_or("").to_string();
            if name.is_empty() {
                return Err(compat(format!("operator {k} has no name")));
            }
            let mut args = Vec::new();
            if let Some(a) = fbr(op.args())? {
                count(a.len(), "operator arguments")?;
                for x in a.iter() {
                    args.push(index(x as i64, n, || format!("operator {k} ({name})"))?);
                }
            }
            if args.is_empty() {
                return Err(compat(format!("operator {k} ({name}) has no output")));
            }
            chain.push(OpCall { name, args });
        }
    }

    let ids = |v: Option<planus::Vector<'_, u32>>, what: &str| -> Result<Vec<usize>, Error> {
        let mut out = Vec::new();
        if let Some(v) = v {
            count(v.len(), what)?;
            for x in v.iter() {
                out.push(index(x as i64, n, || format!("graph {what}"))?);
            }
        }
        Ok(out)
    };
    let inputs = ids(fbr(g.input_ids())?, "input")?;
    let outputs = ids(fbr(g.output_ids())?, "output")?;
    for &i in &inputs {
        match values.get(i) {
            Some(Value::Tensor(t)) if t.constant.is_none() => {}
            Some(Value::SymInt) => {}
            Some(v) => {
                return Err(compat(format!(
                    "graph input {i} is a {}, not a non-constant tensor or SymInt",
                    v.kind()
                )))
            }
            None => return Err(compat(format!("graph input {i} does not exist"))),
        }
    }
    for &o in &outputs {
        if !matches!(values.get(o), Some(Value::Tensor(_))) {
            return Err(compat(format!("graph output {o} is not a tensor")));
        }
    }
    // Flatbuffer version string: read to report malformed strings.
    fbr(g.version())?;
    Ok(Graph {
        values,
        chain,
        inputs,
        outputs,
        constants,
    })
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// Builds a VH00 payload around a VkGraph built with planus.
    pub fn payload(graph: &fb::VkGraph, constants: &[u8]) -> Vec<u8> {
        let mut b = planus::Builder::new();
        // planus 1.3.0 writes a file identifier in front of the root offset; write
        // the buffer without one and put it at bytes 4..8 ourselves (the root offset
        // then grows by the 4 inserted bytes).
        let plain = b.finish(graph, None).to_vec();
        let root = u32::from_le_bytes([plain[0], plain[1], plain[2], plain[3]]) + 4;
        let mut fbytes = root.to_le_bytes().to_vec();
        fbytes.extend_from_slice(b"VK00");
        fbytes.extend_from_slice(&plain[4..]);
        let fb_off = 32usize;
        let fb_len = fbytes.len();
        let c_off = (fb_off + fb_len).div_ceil(16) * 16;
        let total = c_off + constants.len();
        let mut out = vec![0u8; total];
        out[4..8].copy_from_slice(b"VH00");
        out[8..10].copy_from_slice(&30u16.to_le_bytes());
        out[10..14].copy_from_slice(&(fb_off as u32).to_le_bytes());
        out[14..18].copy_from_slice(&(fb_len as u32).to_le_bytes());
        out[18..22].copy_from_slice(&(c_off as u32).to_le_bytes());
        out[22..30].copy_from_slice(&(constants.len() as u64).to_le_bytes());
        out[fb_off..fb_off + fb_len].copy_from_slice(&fbytes);
        out[c_off..].copy_from_slice(constants);
        out
    }

    pub fn tensor_value(dims: &[u32], constant_id: i32, mem_obj_id: i32) -> fb::VkValue {
        fb::VkValue {
            value: Some(fb::GraphTypes::VkTensor(Box::new(fb::VkTensor {
                datatype: fb::VkDataType::Float32,
                dims: Some(dims.to_vec()),
                constant_id,
                mem_obj_id,
                storage_type: fb::VkStorageType::Buffer,
                memory_layout: fb::VkMemoryLayout::TensorWidthPacked,
                staging_datatype: fb::VkDataType::Float32,
            }))),
        }
    }

    /// `out = a + b * alpha` on [2, 3] tensors, b a constant in the segment.
    pub fn add_graph() -> fb::VkGraph {
        fb::VkGraph {
            version: Some("0".into()),
            chain: Some(vec![fb::OperatorCall {
                node_id: 0,
                name: Some("aten.add.Tensor".into()),
                args: Some(vec![0, 1, 2, 3]),
            }]),
            values: Some(vec![
                tensor_value(&[2, 3], -1, 0),
                tensor_value(&[2, 3], 0, -1),
                fb::VkValue {
                    value: Some(fb::GraphTypes::Int(Box::new(fb::Int { int_val: 1 }))),
                },
                tensor_value(&[2, 3], -1, 1),
            ]),
            input_ids: Some(vec![0]),
            output_ids: Some(vec![3]),
            constants: Some(vec![fb::VkBytes {
                offset: 0,
                length: 24,
                named_key: None,
            }]),
            shaders: Some(vec![]),
            storage_type_override: fb::VkStorageType::DefaultStorage,
            memory_layout_override: fb::VkMemoryLayout::DefaultLayout,
        }
    }

    fn parse_graph(g: &fb::VkGraph, c: &[u8]) -> Result<Graph, Error> {
        let p = payload(g, c);
        let s = crate::header::split(&p)?;
        parse(&s)
    }

    #[test]
    fn reads_a_small_graph() {
        let g = parse_graph(&add_graph(), &[0; 32]).unwrap();
        assert_eq!(g.values.len(), 4);
        assert_eq!(g.inputs, vec![0]);
        assert_eq!(g.outputs, vec![3]);
        assert_eq!(g.chain[0].name, "aten.add.Tensor");
        assert_eq!(
            g.constants[0],
            ConstantRef::Segment {
                start: 0,
                length: 24
            }
        );
        let p = payload(&add_graph(), &[0; 32]);
        let d = describe(&crate::header::split(&p).unwrap()).unwrap();
        assert_eq!(d, vec![("aten.add.Tensor".to_string(), 1)]);
    }

    #[test]
    fn rejects_bad_ids_and_dims() {
        let mut g = add_graph();
        g.chain.as_mut().unwrap()[0].args = Some(vec![0, 1, 2, 9]);
        let e = parse_graph(&g, &[0; 32]).unwrap_err();
        assert!(e.message.contains("names value 9"), "{}", e.message);

        let mut g = add_graph();
        g.chain.as_mut().unwrap()[0].args = Some(vec![0, -1, 2, 3]);
        assert!(parse_graph(&g, &[0; 32]).is_err());

        let mut g = add_graph();
        g.output_ids = Some(vec![2]);
        assert!(parse_graph(&g, &[0; 32]).is_err());

        let mut g = add_graph();
        g.input_ids = Some(vec![1]); // a constant
        assert!(parse_graph(&g, &[0; 32]).is_err());

        let mut g = add_graph();
        g.values.as_mut().unwrap()[0] = tensor_value(&[u32::MAX, u32::MAX, 4], -1, 0);
        let e = parse_graph(&g, &[0; 32]).unwrap_err();
        assert!(e.message.contains("larger than"), "{}", e.message);

        let mut g = add_graph();
        g.values.as_mut().unwrap()[0] = tensor_value(&[1; 9], -1, 0);
        assert!(parse_graph(&g, &[0; 32]).is_err());

        let mut g = add_graph();
        g.values.as_mut().unwrap()[1] = tensor_value(&[2, 3], 5, -1);
        assert!(parse_graph(&g, &[0; 32]).is_err());

        let mut g = add_graph();
        g.values.as_mut().unwrap().push(fb::VkValue {
            value: Some(fb::GraphTypes::ValueList(Box::new(fb::ValueList {
                items: Some(vec![0, 77]),
            }))),
        });
        assert!(parse_graph(&g, &[0; 32]).is_err());

        // A constant range past the segment.
        let mut g = add_graph();
        g.constants.as_mut().unwrap()[0].length = 64;
        assert!(parse_graph(&g, &[0; 32]).is_err());

        // Named data without a key.
        let mut g = add_graph();
        g.constants.as_mut().unwrap()[0].offset = u64::MAX;
        assert!(parse_graph(&g, &[0; 32]).is_err());
    }

    #[test]
    fn truncated_and_corrupted_payloads_are_errors() {
        let p = payload(&add_graph(), &[0; 32]);
        for n in 0..p.len() {
            let mut q = p[..n].to_vec();
            // Keep the header consistent with the cut, so the FlatBuffer itself is cut.
            if n >= 30 {
                let fb = (n as u32).saturating_sub(32);
                q[14..18].copy_from_slice(&fb.to_le_bytes());
                q[18..22].copy_from_slice(&(n as u32).to_le_bytes());
                q[22..30].copy_from_slice(&0u64.to_le_bytes());
            }
            if let Ok(s) = crate::header::split(&q) {
                let _ = parse(&s);
                let _ = describe(&s);
            }
        }
        for i in 0..p.len() {
            for bit in [1u8, 0x80, 0xff] {
                let mut q = p.clone();
                q[i] ^= bit;
                if let Ok(s) = crate::header::split(&q) {
                    let _ = parse(&s);
                    let _ = describe(&s);
                }
            }
        }
    }
}
