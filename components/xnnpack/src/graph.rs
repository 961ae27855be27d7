//! The XNNGraph FlatBuffer read into a checked, owned graph: values (tensors, with
//! their element type, quantization and constant data) and nodes (operations naming
//! values by index).
//!
//! Every id, count, dim and constant reference is checked here; later stages rely on
//! it: node inputs and outputs name existing values, every value consumed by a node is
//! a constant, an external input or the output of an earlier node, each value is
//! produced once, ranks are at most [`MAX_DIMS`] and tensor sizes fit in memory.

use std::collections::HashMap;
use std::rc::Rc;

use planus::ReadAsRoot;

use crate::header::Payload;
use crate::schema::fb_xnnpack as fb;
use crate::{compat, invalid_program, not_supported, Error};

/// XNNPACK's "no value" id (unused optional inputs, internal values' external id).
pub const INVALID_ID: u32 = u32::MAX;
/// Largest rank XNNPACK accepts (`XNN_MAX_TENSOR_DIMS`).
pub const MAX_DIMS: usize = 6;
/// Largest tensor accepted, in bytes (a wasm32 address space holds at most 4 GiB).
pub const MAX_TENSOR_BYTES: u64 = 1 << 31;

/// Value flags (`XNN_VALUE_FLAG_*`).
const FLAG_EXTERNAL_INPUT: u32 = 1;
const FLAG_EXTERNAL_OUTPUT: u32 = 2;

/// Node flags (`XNN_FLAG_*`) that change what a node computes.
pub const FLAG_TRANSPOSE_WEIGHTS: u32 = 0x1;
pub const FLAG_TENSORFLOW_SAME_PADDING: u32 = 0x4;
pub const FLAG_TENSORFLOW_RESHAPE_2D: u32 = 0x4;
pub const FLAG_TENSORFLOW_LEGACY_MODE: u32 = 0x4;
pub const FLAG_ALIGN_CORNERS: u32 = 0x8;
pub const FLAG_KEEP_DIMS: u32 = 0x40;

/// Element type of a value (XNNPACK's `xnn_datatype`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum DataType {
    Fp32,
    Fp16,
    QInt8,
    QUInt8,
    QInt32,
    QcInt8,
    QcInt32,
    QcInt4,
    QdInt8,
    QbInt4,
    QpInt8,
    Int32,
    PFp32,
    Bf16,
}

impl DataType {
    fn from_fb(d: fb::XnnDatatype) -> Option<DataType> {
        use fb::XnnDatatype as X;
        Some(match d {
            X::XnnDatatypeInvalid => return None,
            X::XnnDatatypeFp32 => DataType::Fp32,
            X::XnnDatatypeFp16 => DataType::Fp16,
            X::XnnDatatypeQint8 => DataType::QInt8,
            X::XnnDatatypeQuint8 => DataType::QUInt8,
            X::XnnDatatypeQint32 => DataType::QInt32,
            X::XnnDatatypeQcint8 => DataType::QcInt8,
            X::XnnDatatypeQcint32 => DataType::QcInt32,
            X::XnnDatatypeQcint4 => DataType::QcInt4,
            X::XnnDatatypeQdint8 => DataType::QdInt8,
            X::XnnDatatypeQbint4 => DataType::QbInt4,
            X::XnnDatatypeQpint8 => DataType::QpInt8,
            X::XnnDatatypeInt32 => DataType::Int32,
            X::XnnDatatypePfp32 => DataType::PFp32,
            X::XnnDatatypeBf16 => DataType::Bf16,
        })
    }

    /// XNNPACK's name, e.g. `fp32`, `qcint8`.
    pub fn name(self) -> &'static str {
        match self {
            DataType::Fp32 => "fp32",
            DataType::Fp16 => "fp16",
            DataType::QInt8 => "qint8",
            DataType::QUInt8 => "quint8",
            DataType::QInt32 => "qint32",
            DataType::QcInt8 => "qcint8",
            DataType::QcInt32 => "qcint32",
            DataType::QcInt4 => "qcint4",
            DataType::QdInt8 => "qdint8",
            DataType::QbInt4 => "qbint4",
            DataType::QpInt8 => "qpint8",
            DataType::Int32 => "int32",
            DataType::PFp32 => "pfp32",
            DataType::Bf16 => "bf16",
        }
    }

    /// Whether values of this type carry quantization parameters.
    pub fn is_quantized(self) -> bool {
        !matches!(
            self,
            DataType::Fp32 | DataType::Fp16 | DataType::Int32 | DataType::PFp32 | DataType::Bf16
        )
    }

    /// Storage bits per element.
    pub fn bits(self) -> u64 {
        match self {
            DataType::Fp32 | DataType::PFp32 | DataType::QInt32 | DataType::QcInt32 => 32,
            DataType::Int32 => 32,
            DataType::Fp16 | DataType::Bf16 => 16,
            DataType::QInt8 | DataType::QUInt8 | DataType::QcInt8 => 8,
            DataType::QdInt8 | DataType::QpInt8 => 8,
            DataType::QcInt4 | DataType::QbInt4 => 4,
        }
    }

    /// Bytes of `numel` elements (4-bit types pack two per byte).
    pub fn bytes_for(self, numel: u64) -> Option<u64> {
        numel.checked_mul(self.bits()).map(|b| b.div_ceil(8))
    }

    /// Bytes of a tensor of `dims`: 4-bit types pack two per byte with each innermost
    /// row padded to whole bytes, as ExecuTorch serializes them (`convert_to_qc4w`).
    pub fn bytes_for_dims(self, dims: &[usize]) -> Option<u64> {
        let numel = dims
            .iter()
            .try_fold(1u64, |a, &d| a.checked_mul(d as u64))?;
        match (self.bits(), dims.last()) {
            (4, Some(&last)) if last > 0 => {
                (numel / last as u64).checked_mul((last as u64).div_ceil(2))
            }
            _ => self.bytes_for(numel),
        }
    }
}

/// Quantization parameters of a value.
#[derive(Clone, Debug, PartialEq)]
pub enum Quant {
    /// Not quantized.
    None,
    /// One scale and zero point for the whole tensor (`qint8`, `quint8`, `qint32`).
    PerTensor { scale: f32, zero_point: i32 },
    /// One symmetric scale per index of `channel_dim` (`qcint8`, `qcint32`, `qcint4`).
    PerChannel {
        scales: Vec<f32>,
        channel_dim: usize,
    },
    /// One scale per block of `group_size` elements of each channel (`qbint4`).
    PerChannelGroup {
        scales: Vec<f32>,
        channel_dim: usize,
        group_size: usize,
    },
    /// Scale and zero point computed at run time for each row (`qdint8`); rows are
    /// all dims but the last `num_nonbatch_dims`.
    Dynamic { num_nonbatch_dims: usize },
}

/// A tensor value of the graph.
#[derive(Clone, Debug)]
pub struct Value {
    /// The id nodes name it by (`id_out`).
    pub id: u32,
    pub dtype: DataType,
    /// Sizes, outermost first.
    pub dims: Vec<usize>,
    pub quant: Quant,
    /// For values quantized at run time: the target type.
    pub dq_dtype: Option<DataType>,
    /// Constant data (little-endian bytes, exactly the tensor's size).
    pub data: Option<Rc<[u8]>>,
    /// The key of the program's named data the constant was read from, if any: within
    /// one program a key names one set of bytes, so delegates share what they make
    /// from it (`accel::shared`).
    pub named: Option<Rc<str>>,
    /// Position among the delegate's arguments, for external values.
    pub external: Option<u32>,
    pub is_input: bool,
    pub is_output: bool,
}

impl Value {
    /// Number of elements.
    pub fn numel(&self) -> usize {
        self.dims.iter().product()
    }

    /// The constant data as `f32`s (for `fp32` constants).
    pub fn f32_data(&self) -> Option<Vec<f32>> {
        let d = self.data.as_ref()?;
        if self.dtype != DataType::Fp32 {
            return None;
        }
        Some(
            d.chunks_exact(4)
                .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
                .collect(),
        )
    }
}

/// Element-wise operations of two inputs (numpy broadcasting).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinaryOp {
    Add,
    Subtract,
    Multiply,
    Divide,
    Minimum,
    Maximum,
    /// `x > 0 ? x : x * slope` (input 2 is the slope, broadcast).
    PRelu,
}

/// Element-wise operations of one input.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum UnaryOp {
    /// Only the node's output clamp.
    Clamp,
    Abs,
    Negate,
    Square,
    SquareRoot,
    ReciprocalSquareRoot,
    Exp,
    Log,
    Floor,
    Ceiling,
    Sigmoid,
    Tanh,
    Gelu,
    Hardswish,
    /// `x * sigmoid(x)`: a `Sigmoid` and the `Multiply` that was its only reader,
    /// fused at `init` (`fusion::fuse_silu`); never in a payload.
    Silu,
    Sin,
    Cos,
    LeakyRelu(f32),
    Elu(f32),
    /// Identity (`Copy`, and `Convert` between equal types).
    Copy,
}

/// Geometry of a 2-D convolution (plain, depthwise or transposed).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ConvParams {
    pub pad_top: usize,
    pub pad_right: usize,
    pub pad_bottom: usize,
    pub pad_left: usize,
    pub kernel_h: usize,
    pub kernel_w: usize,
    pub stride_h: usize,
    pub stride_w: usize,
    pub dilation_h: usize,
    pub dilation_w: usize,
    pub group_in: usize,
    pub group_out: usize,
    pub groups: usize,
    pub adjust_h: usize,
    pub adjust_w: usize,
    /// `XNN_FLAG_TENSORFLOW_SAME_PADDING`: padding computed from the input size.
    pub same_padding: bool,
}

/// Geometry of a 2-D pooling window.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PoolParams {
    pub pad_top: usize,
    pub pad_right: usize,
    pub pad_bottom: usize,
    pub pad_left: usize,
    pub pool_h: usize,
    pub pool_w: usize,
    pub stride_h: usize,
    pub stride_w: usize,
    pub dilation_h: usize,
    pub dilation_w: usize,
    pub same_padding: bool,
}

/// What a node computes. Inputs are in [`Node::inputs`] in the order given per case.
#[derive(Clone, Debug, PartialEq)]
pub enum Op {
    /// `[a, b]`.
    Binary(BinaryOp),
    /// `[x]`.
    Unary(UnaryOp),
    /// `[x, filter, bias?]`: `x [..., k] * filter^T [k, n] + bias [n]`.
    FullyConnected {
        transpose_weights: bool,
        reshape_2d: bool,
        /// The input is float32 rows that this node quantizes to `qdint8` itself, one
        /// row of its last dimension at a time, as the `Convert` that
        /// `fusion::fuse_dynamic_converts` folded into it did.
        quantize_input: bool,
    },
    /// `[x, filter, bias?]`, NHWC input, filter `[groups * group_out, kh, kw, group_in]`.
    Conv2d(ConvParams),
    /// `[x, filter, bias?]`, filter `[1, kh, kw, channels * multiplier]`.
    DepthwiseConv2d(ConvParams),
    /// `[x, filter, bias?]`, filter `[groups * group_out, kh, kw, group_in]`.
    ConvTranspose2d(ConvParams),
    /// `[x]`, NHWC.
    MaxPooling2d(PoolParams),
    /// `[x]`, NHWC; padding is not counted in the average.
    AvgPooling2d(PoolParams),
    /// `[x]`: mean over H and W of an NHWC tensor.
    GlobalAvgPooling2d { keep_dims: bool },
    /// `[a, b]`: `a [..., m, k] * b [..., k, n]` (`b [..., n, k]` when transposed).
    BatchMatrixMultiply { transpose_b: bool },
    /// `[x]`, over the last dim.
    Softmax,
    /// `[x]`: output dim `d` is input dim `perm[d]`.
    StaticTranspose { perm: Vec<usize> },
    /// `[x]`; a 0 in `new_shape` is inferred from the element count.
    StaticReshape { new_shape: Vec<usize> },
    /// `[x]`; a size of 0 means "to the end of the dim".
    StaticSlice {
        offsets: Vec<usize>,
        sizes: Vec<usize>,
    },
    /// `[x0, x1, ...]` (2 to 5 inputs).
    Concatenate { axis: usize },
    /// `[x]`.
    StaticConstantPad {
        pre: Vec<usize>,
        post: Vec<usize>,
        value: f32,
    },
    /// `[x]`, NHWC.
    StaticResizeBilinear2D {
        new_h: usize,
        new_w: usize,
        align_corners: bool,
        tf_legacy: bool,
    },
    /// `[x]`: conversion between element types (quantize, dequantize, copy).
    Convert,
    /// `[x]`, `qint8` to `qint8` through a 256-entry table indexed by `x as u8`: a
    /// dequantize, fp32 element-wise nodes and a quantize, fused at `init`
    /// (`fusion::fuse_int8_unary_chains`); never in a payload.
    Lookup(Box<[i8; 256]>),
}

/// An activation a convolution applies after its output clamp, fused at `init` from
/// the node that read its output (`fusion::fuse_conv_activations`); never in a payload.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Activation {
    #[default]
    None,
    /// [`UnaryOp::Hardswish`].
    Hardswish,
    /// [`UnaryOp::Silu`].
    Silu,
}

/// One operation.
#[derive(Clone, Debug)]
pub struct Node {
    /// The node type's name without the `XNN` prefix, e.g. `Conv2d`.
    pub name: &'static str,
    pub op: Op,
    /// Value indices, see [`Op`].
    pub inputs: Vec<usize>,
    /// Value index of the output.
    pub output: usize,
    /// Fused output clamp (`-inf`/`+inf` when absent).
    pub min: f32,
    pub max: f32,
    /// Applied after the clamp (only on fp32 convolutions).
    pub act: Activation,
    pub debug_handle: u32,
}

/// A checked graph.
#[derive(Clone, Debug, Default)]
pub struct Graph {
    pub values: Vec<Value>,
    pub nodes: Vec<Node>,
    /// Value indices of the external inputs, in argument order.
    pub inputs: Vec<usize>,
    /// Value indices of the external outputs, in argument order (after the inputs).
    pub outputs: Vec<usize>,
}

/// Maps a planus error to ours.
fn fbr<T>(r: planus::Result<T>) -> Result<T, Error> {
    r.map_err(|e| compat(format!("malformed XNNPACK FlatBuffer: {e}")))
}

/// The node's type name (without `XNN`) for a union member.
pub fn node_name(u: &fb::XNodeUnionRef<'_>) -> &'static str {
    use fb::XNodeUnionRef as U;
    match u {
        U::XnnAdd(_) => "Add",
        U::XnnFullyConnected(_) => "FullyConnected",
        U::XnnSoftmax(_) => "Softmax",
        U::XnnSigmoid(_) => "Sigmoid",
        U::XnnStaticTranspose(_) => "StaticTranspose",
        U::XnnClamp(_) => "Clamp",
        U::XnnConv2d(_) => "Conv2d",
        U::XnnDiv(_) => "Div",
        U::XnnStaticResizeBilinear2D(_) => "StaticResizeBilinear2D",
        U::XnnStaticConstantPad(_) => "StaticConstantPad",
        U::XnnAvgPooling2d(_) => "AvgPooling2d",
        U::XnnMinimum(_) => "Minimum",
        U::XnnDepthwiseConv2d(_) => "DepthwiseConv2d",
        U::XnnMaxPooling2d(_) => "MaxPooling2d",
        U::XnnMultiply(_) => "Multiply",
        U::XnnSubtract(_) => "Subtract",
        U::XnnFloor(_) => "Floor",
        U::XnnConvert(_) => "Convert",
        U::XnnGlobalAvgPooling2d(_) => "GlobalAvgPooling2d",
        U::XnnStaticReshape(_) => "StaticReshape",
        U::XnnArgMaxPooling2d(_) => "ArgMaxPooling2d",
        U::XnnSquareRoot(_) => "SquareRoot",
        U::XnnCeiling(_) => "Ceiling",
        U::XnnHardswish(_) => "Hardswish",
        U::XnnLeakyReLu(_) => "LeakyReLU",
        U::XnnMaximum(_) => "Maximum",
        U::XnnNegate(_) => "Negate",
        U::XnnSquare(_) => "Square",
        U::Xnnelu(_) => "ELU",
        U::XnnAbs(_) => "Abs",
        U::XnnpReLu(_) => "PReLU",
        U::XnnConcatenate2(_) => "Concatenate2",
        U::XnnConcatenate3(_) => "Concatenate3",
        U::XnnConcatenate4(_) => "Concatenate4",
        U::XnnStaticSlice(_) => "StaticSlice",
        U::XnnScaledDotProductAttention(_) => "ScaledDotProductAttention",
        U::XnnBatchMatrixMultiply(_) => "BatchMatrixMultiply",
        U::XnnConcatenate5(_) => "Concatenate5",
        U::XnnConvTranspose2d(_) => "ConvTranspose2d",
        U::XnnReciprocalSquareRoot(_) => "ReciprocalSquareRoot",
        U::XnnLog(_) => "Log",
        U::XnnGelu(_) => "Gelu",
        U::XnnTanh(_) => "Tanh",
        U::XnnExp(_) => "Exp",
        U::XnnSin(_) => "Sin",
        U::XnnCopy(_) => "Copy",
        U::XnnCos(_) => "Cos",
    }
}

/// Reads the root table of a payload's FlatBuffer.
pub fn root<'a>(payload: &Payload<'a>) -> Result<fb::XnnGraphRef<'a>, Error> {
    fbr(fb::XnnGraphRef::read_as_root(payload.flatbuffer))
}

/// Node type counts of a payload, for `describe`: `(name, count)` sorted by name.
pub fn describe(payload: &Payload<'_>) -> Result<Vec<(String, u32)>, Error> {
    let g = root(payload)?;
    let mut counts: std::collections::BTreeMap<String, u32> = Default::default();
    if let Some(nodes) = fbr(g.xnodes())? {
        for n in nodes.iter() {
            let n = fbr(n)?;
            let u =
                fbr(n.xnode_union())?.ok_or_else(|| compat("XNNPACK node without an operation"))?;
            *counts.entry(node_name(&u).to_string()).or_default() += 1;
        }
    }
    Ok(counts.into_iter().collect())
}

/// Source of constant bytes (named data is only reachable during `init`).
pub trait ConstantSource {
    /// The bytes stored under `key` in the program's named data.
    fn named(&mut self, key: &str) -> Result<Vec<u8>, Error>;
}

/// Loads and checks constant buffers by index, once each.
struct Constants<'a, 'b> {
    graph: fb::XnnGraphRef<'a>,
    region: &'a [u8],
    source: &'b mut dyn ConstantSource,
    cache: HashMap<u32, Rc<[u8]>>,
    /// The named-data key of each buffer loaded from named data.
    keys: HashMap<u32, Rc<str>>,
}

impl Constants<'_, '_> {
    /// The bytes of constant buffer `idx` (at least `need` of them; exactly `need`
    /// are returned).
    fn get(&mut self, idx: u32, need: u64, what: &str) -> Result<Rc<[u8]>, Error> {
        let data = match self.cache.get(&idx) {
            Some(d) => d.clone(),
            None => {
                let d: Rc<[u8]> = self.load(idx, what)?.into();
                self.cache.insert(idx, d.clone());
                d
            }
        };
        if (data.len() as u64) < need {
            return Err(invalid_program(format!(
                "{what}: constant buffer {idx} holds {} bytes, the tensor needs {need}",
                data.len()
            )));
        }
        if data.len() as u64 == need {
            Ok(data)
        } else {
            Ok(data[..need as usize].into())
        }
    }

    fn load(&mut self, idx: u32, what: &str) -> Result<Vec<u8>, Error> {
        if idx == 0 {
            return Err(invalid_program(format!(
                "{what}: constant buffer 0 is reserved"
            )));
        }
        let legacy = fbr(self.graph.constant_buffer())?;
        if let Some(bufs) = legacy.filter(|b| !b.is_empty()) {
            let b = bufs.get(idx as usize).ok_or_else(|| {
                invalid_program(format!(
                    "{what}: constant buffer {idx} out of range ({} buffers)",
                    bufs.len()
                ))
            })?;
            let b = fbr(b)?;
            return Ok(fbr(b.storage())?.unwrap_or(&[]).to_vec());
        }
        let table = fbr(self.graph.constant_data())?
            .ok_or_else(|| invalid_program(format!("{what}: graph has no constant data table")))?;
        let entry = table.get(idx as usize).ok_or_else(|| {
            invalid_program(format!(
                "{what}: constant buffer {idx} out of range ({} entries)",
                table.len()
            ))
        })?;
        let entry = fbr(entry)?;
        let key = fbr(entry.named_key())?.unwrap_or("");
        let size = fbr(entry.size())?;
        if !key.is_empty() {
            self.keys.insert(idx, key.into());
            let d = self.source.named(key)?;
            if (d.len() as u64) < size {
                return Err(invalid_program(format!(
                    "{what}: named data {key:?} holds {} bytes, the payload says {size}",
                    d.len()
                )));
            }
            return Ok(d);
        }
        let off = fbr(entry.offset())?;
        let end = off.checked_add(size);
        match end {
            Some(end) if end <= self.region.len() as u64 => {
                Ok(self.region[off as usize..end as usize].to_vec())
            }
            _ => Err(invalid_program(format!(
                "{what}: constant data at offset {off} ({size} bytes) is outside the {}-byte constant region",
                self.region.len()
            ))),
        }
    }

    /// `n` little-endian `f32`s from constant buffer `idx`.
    /// `n` bfloat16 values of buffer `idx`, widened to `f32` (exact). ExecuTorch's
    /// serializer stores the group scales of `qbint4` weights this way
    /// (`backends/xnnpack/operators/node_visitor.py`, `get_quant_params`).
    fn bf16s(&mut self, idx: u32, n: usize, what: &str) -> Result<Vec<f32>, Error> {
        let d = self.get(idx, n as u64 * 2, what)?;
        Ok(d.chunks_exact(2)
            .map(|c| f32::from_bits(u32::from(u16::from_le_bytes([c[0], c[1]])) << 16))
            .collect())
    }

    fn floats(&mut self, idx: u32, n: usize, what: &str) -> Result<Vec<f32>, Error> {
        let d = self.get(idx, n as u64 * 4, what)?;
        Ok(d.chunks_exact(4)
            .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect())
    }
}

fn dim_list(v: Option<planus::Vector<'_, u32>>) -> Vec<usize> {
    v.map(|v| v.iter().map(|d| d as usize).collect())
        .unwrap_or_default()
}

/// Reads and checks a graph. Constants are loaded from the payload's constant region
/// or through `source`.
pub fn parse(payload: &Payload<'_>, source: &mut dyn ConstantSource) -> Result<Graph, Error> {
    let g = root(payload)?;
    let mut consts = Constants {
        graph: g,
        region: payload.constants,
        source,
        cache: HashMap::new(),
        keys: HashMap::new(),
    };
    let num_externs = fbr(g.num_externs())?;

    // Values.
    let mut values = Vec::new();
    let mut by_id: HashMap<u32, usize> = HashMap::new();
    let mut by_external: HashMap<u32, usize> = HashMap::new();
    for (vi, v) in fbr(g.xvalues())?.into_iter().flatten().enumerate() {
        let v = fbr(v)?;
        let (t, q) = match fbr(v.xvalue_union())? {
            Some(fb::XValueUnionRef::XnnTensorValue(t)) => (t, None),
            Some(fb::XValueUnionRef::XnnQuantizedTensorValue(q)) => (
                fbr(q.tensor_value())?.ok_or_else(|| {
                    invalid_program(format!("value {vi}: quantized value without a tensor"))
                })?,
                Some(q),
            ),
            None => return Err(invalid_program(format!("value {vi} has no tensor"))),
        };
        let id = fbr(t.id_out())?;
        let what = format!("value {id}");
        let dtype = DataType::from_fb(fbr(t.datatype())?)
            .ok_or_else(|| invalid_program(format!("{what} has an invalid datatype")))?;
        let dims = dim_list(fbr(t.dims())?);
        let num_dims = fbr(t.num_dims())? as usize;
        if num_dims != dims.len() {
            return Err(invalid_program(format!(
                "{what}: num_dims {num_dims} but {} dims",
                dims.len()
            )));
        }
        if dims.len() > MAX_DIMS {
            return Err(invalid_program(format!(
                "{what}: rank {} exceeds XNNPACK's maximum of {MAX_DIMS}",
                dims.len()
            )));
        }
        dims.iter()
            .try_fold(1u64, |a, &d| a.checked_mul(d as u64))
            .filter(|&n| n <= MAX_TENSOR_BYTES)
            .ok_or_else(|| invalid_program(format!("{what}: dims {dims:?} overflow")))?;
        let bytes = dtype
            .bytes_for_dims(&dims)
            .filter(|&b| b <= MAX_TENSOR_BYTES)
            .ok_or_else(|| invalid_program(format!("{what}: dims {dims:?} are too large")))?;
        let dq_dtype = DataType::from_fb(fbr(t.dq_datatype())?);
        let quant = match q {
            None => Quant::None,
            Some(q) => read_quant(q, &dims, &mut consts, &what)?,
        };
        if dtype.is_quantized() != (quant != Quant::None) {
            return Err(invalid_program(format!(
                "{what}: datatype {} {} quantization parameters",
                dtype.name(),
                if dtype.is_quantized() {
                    "needs"
                } else {
                    "cannot have"
                }
            )));
        }
        let cidx = fbr(t.constant_buffer_idx())?;
        let data = if cidx != 0 {
            Some(consts.get(cidx, bytes, &what)?)
        } else {
            None
        };
        let named = consts.keys.get(&cidx).cloned();
        let flags = fbr(t.flags())?;
        let is_input = flags & FLAG_EXTERNAL_INPUT != 0;
        let is_output = flags & FLAG_EXTERNAL_OUTPUT != 0;
        let ext = fbr(t.external_id())?;
        let external = if is_input || is_output {
            if ext >= num_externs {
                return Err(invalid_program(format!(
                    "{what}: external id {ext} is not below num_externs {num_externs}"
                )));
            }
            if data.is_some() {
                return Err(invalid_program(format!(
                    "{what}: an external value cannot be a constant"
                )));
            }
            if by_external.insert(ext, values.len()).is_some() {
                return Err(invalid_program(format!(
                    "{what}: external id {ext} is used twice"
                )));
            }
            Some(ext)
        } else {
            None
        };
        if by_id.insert(id, values.len()).is_some() {
            return Err(invalid_program(format!("value id {id} is defined twice")));
        }
        values.push(Value {
            id,
            dtype,
            dims,
            quant,
            dq_dtype,
            data,
            named,
            external,
            is_input,
            is_output,
        });
    }

    // External inputs and outputs. ExecuTorch binds external value `e` to delegate
    // argument `e`; inputs come first, outputs after them.
    let mut inputs = Vec::new();
    let mut outputs = Vec::new();
    for (list, want_input, out) in [
        (fbr(g.input_ids())?, true, &mut inputs),
        (fbr(g.output_ids())?, false, &mut outputs),
    ] {
        for id in list.into_iter().flatten() {
            let vi = *by_id.get(&id).ok_or_else(|| {
                invalid_program(format!(
                    "graph {} id {id} names no value",
                    if want_input { "input" } else { "output" }
                ))
            })?;
            let v = &values[vi];
            let ok = if want_input { v.is_input } else { v.is_output };
            if !ok || v.is_input == v.is_output {
                return Err(invalid_program(format!(
                    "value {id} is listed as a graph {} but flagged otherwise",
                    if want_input { "input" } else { "output" }
                )));
            }
            if out.contains(&vi) {
                return Err(invalid_program(format!("value {id} is listed twice")));
            }
            out.push(vi);
        }
    }
    let n_in = inputs.len();
    let n_ext = n_in + outputs.len();
    if values.iter().any(|v| v.external.is_some()) && by_external.len() != n_ext {
        return Err(invalid_program(format!(
            "{} values are flagged external but the graph lists {n_ext} inputs and outputs",
            by_external.len()
        )));
    }
    inputs.sort_by_key(|&vi| values[vi].external);
    outputs.sort_by_key(|&vi| values[vi].external);
    for (k, &vi) in inputs.iter().chain(&outputs).enumerate() {
        if values[vi].external != Some(k as u32) {
            return Err(invalid_program(format!(
                "external ids must be 0..{n_in} for inputs and {n_in}..{n_ext} for outputs; value {} has {:?}",
                values[vi].id, values[vi].external
            )));
        }
    }

    // Nodes.
    let mut nodes = Vec::new();
    let mut produced = vec![false; values.len()];
    for &vi in &inputs {
        produced[vi] = true;
    }
    for (ni, n) in fbr(g.xnodes())?.into_iter().flatten().enumerate() {
        let n = fbr(n)?;
        let u = fbr(n.xnode_union())?
            .ok_or_else(|| invalid_program(format!("node {ni} has no operation")))?;
        let (min, max) = match fbr(n.output_min_max())? {
            Some(mm) => (fbr(mm.output_min())?, fbr(mm.output_max())?),
            None => (f32::NEG_INFINITY, f32::INFINITY),
        };
        let name = node_name(&u);
        let what = format!("node {ni} ({name})");
        if min.is_nan() || max.is_nan() || min > max {
            return Err(invalid_program(format!(
                "{what}: invalid output range [{min}, {max}]"
            )));
        }
        let value = |id: u32| -> Result<usize, Error> {
            by_id
                .get(&id)
                .copied()
                .ok_or_else(|| invalid_program(format!("{what}: value id {id} names no value")))
        };
        let opt = |id: u32| -> Result<Option<usize>, Error> {
            if id == INVALID_ID {
                Ok(None)
            } else {
                value(id).map(Some)
            }
        };
        let (op, inputs, output) = read_node(&u, &what, &value, &opt)?;
        let node = Node {
            name,
            op,
            inputs,
            output,
            min,
            max,
            act: Activation::None,
            debug_handle: fbr(n.debug_handle())?,
        };
        for &i in &node.inputs {
            if !produced[i] && values[i].data.is_none() {
                return Err(invalid_program(format!(
                    "{what}: input value {} is neither a constant, a graph input nor the output of an earlier node",
                    values[i].id
                )));
            }
        }
        let o = &values[node.output];
        if produced[node.output] || o.data.is_some() || o.is_input {
            return Err(invalid_program(format!(
                "{what}: output value {} is already defined",
                o.id
            )));
        }
        produced[node.output] = true;
        nodes.push(node);
    }
    for &vi in &outputs {
        if !produced[vi] {
            return Err(invalid_program(format!(
                "graph output value {} is produced by no node",
                values[vi].id
            )));
        }
    }
    Ok(Graph {
        values,
        nodes,
        inputs,
        outputs,
    })
}

fn read_quant(
    q: fb::XnnQuantizedTensorValueRef<'_>,
    dims: &[usize],
    consts: &mut Constants<'_, '_>,
    what: &str,
) -> Result<Quant, Error> {
    let channel_dim = |cd: i32| -> Result<usize, Error> {
        usize::try_from(cd)
            .ok()
            .filter(|&c| c < dims.len())
            .ok_or_else(|| {
                invalid_program(format!(
                    "{what}: channel dim {cd} out of range for rank {}",
                    dims.len()
                ))
            })
    };
    let scales = |inline: Option<planus::Vector<'_, f32>>,
                  buf: u32,
                  num: u32,
                  consts: &mut Constants<'_, '_>|
     -> Result<Vec<f32>, Error> {
        if buf != 0 {
            consts.floats(buf, num as usize, what)
        } else {
            Ok(inline.map(|v| v.iter().collect()).unwrap_or_default())
        }
    };
    Ok(match fbr(q.quant_params())? {
        None => {
            return Err(invalid_program(format!(
                "{what}: no quantization parameters"
            )))
        }
        Some(fb::XnnQuantParamsRef::PerTensorQuant(p)) => Quant::PerTensor {
            scale: fbr(p.scale())?,
            zero_point: fbr(p.zero_point())?,
        },
        Some(fb::XnnQuantParamsRef::PerChannelQuant(p)) => {
            let cd = channel_dim(fbr(p.channel_dim())?)?;
            let s = scales(
                fbr(p.scale())?,
                fbr(p.scale_buffer_idx())?,
                fbr(p.num_scales())?,
                consts,
            )?;
            if s.len() != dims[cd] {
                return Err(invalid_program(format!(
                    "{what}: {} scales for {} channels",
                    s.len(),
                    dims[cd]
                )));
            }
            Quant::PerChannel {
                scales: s,
                channel_dim: cd,
            }
        }
        Some(fb::XnnQuantParamsRef::PerChannelGroupQuant(p)) => {
            let cd = channel_dim(fbr(p.channel_dim())?)?;
            let group_size = usize::try_from(fbr(p.group_size())?)
                .ok()
                .filter(|&g| g > 0)
                .ok_or_else(|| invalid_program(format!("{what}: invalid group size")))?;
            // Inline scales are float32; a scale buffer holds bfloat16s.
            let (buf, num) = (fbr(p.scale_buffer_idx())?, fbr(p.num_scales())?);
            let s = if buf != 0 {
                consts.bf16s(buf, num as usize, what)?
            } else {
                scales(fbr(p.scale())?, 0, num, consts)?
            };
            let groups = dims
                .iter()
                .enumerate()
                .filter(|&(d, _)| d != cd)
                .map(|(_, &n)| n)
                .product::<usize>()
                .div_ceil(group_size);
            if s.len() != dims[cd] * groups {
                return Err(invalid_program(format!(
                    "{what}: {} group scales for {} channels of {groups} groups",
                    s.len(),
                    dims[cd]
                )));
            }
            Quant::PerChannelGroup {
                scales: s,
                channel_dim: cd,
                group_size,
            }
        }
        Some(fb::XnnQuantParamsRef::PerTokenDynamicQuant(p)) => {
            let n = usize::try_from(fbr(p.num_nonbatch_dims())?)
                .ok()
                .filter(|&n| n <= dims.len())
                .ok_or_else(|| invalid_program(format!("{what}: invalid num_nonbatch_dims")))?;
            Quant::Dynamic {
                num_nonbatch_dims: n,
            }
        }
    })
}

type NodeParts = (Op, Vec<usize>, usize);

fn u(r: planus::Result<u32>) -> Result<usize, Error> {
    fbr(r).map(|v| v as usize)
}

fn conv_params(c: &fb::XnnNodeConvRef<'_>, flags: u32) -> Result<ConvParams, Error> {
    Ok(ConvParams {
        pad_top: u(c.padding_top())?,
        pad_right: u(c.padding_right())?,
        pad_bottom: u(c.padding_bottom())?,
        pad_left: u(c.padding_left())?,
        kernel_h: u(c.kernel_height())?,
        kernel_w: u(c.kernel_width())?,
        stride_h: u(c.subsampling_height())?,
        stride_w: u(c.subsampling_width())?,
        dilation_h: u(c.dilation_height())?,
        dilation_w: u(c.dilation_width())?,
        group_in: u(c.group_input_channels())?,
        group_out: u(c.group_output_channels())?,
        groups: u(c.groups())?,
        adjust_h: u(c.adjustment_height())?,
        adjust_w: u(c.adjustment_width())?,
        same_padding: flags & FLAG_TENSORFLOW_SAME_PADDING != 0,
    })
}

fn pool_params(p: &fb::XnnPooling2DRef<'_>, flags: u32) -> Result<PoolParams, Error> {
    Ok(PoolParams {
        pad_top: u(p.padding_top())?,
        pad_right: u(p.padding_right())?,
        pad_bottom: u(p.padding_bottom())?,
        pad_left: u(p.padding_left())?,
        pool_h: u(p.pooling_height())?,
        pool_w: u(p.pooling_width())?,
        stride_h: u(p.stride_height())?,
        stride_w: u(p.stride_width())?,
        // Average pooling is written with dilation 0 ("unused").
        dilation_h: u(p.dilation_height())?.max(1),
        dilation_w: u(p.dilation_width())?.max(1),
        same_padding: flags & FLAG_TENSORFLOW_SAME_PADDING != 0,
    })
}

fn read_node(
    un: &fb::XNodeUnionRef<'_>,
    what: &str,
    value: &dyn Fn(u32) -> Result<usize, Error>,
    opt: &dyn Fn(u32) -> Result<Option<usize>, Error>,
) -> Result<NodeParts, Error> {
    use fb::XNodeUnionRef as U;
    let bin = |n: &fb::XnnNode2x1Ref<'_>, op: BinaryOp| -> Result<NodeParts, Error> {
        Ok((
            Op::Binary(op),
            vec![value(fbr(n.input1_id())?)?, value(fbr(n.input2_id())?)?],
            value(fbr(n.output_id())?)?,
        ))
    };
    let un1 = |n: &fb::XnnNode1x1Ref<'_>, op: Op| -> Result<NodeParts, Error> {
        Ok((
            op,
            vec![value(fbr(n.input_id())?)?],
            value(fbr(n.output_id())?)?,
        ))
    };
    let unary = |n: &fb::XnnNode1x1Ref<'_>, op: UnaryOp| un1(n, Op::Unary(op));
    let conv = |c: &fb::XnnNodeConvRef<'_>, mk: fn(ConvParams) -> Op| -> Result<NodeParts, Error> {
        let flags = fbr(c.flags())?;
        let p = conv_params(c, flags)?;
        let mut ins = vec![value(fbr(c.input1_id())?)?, value(fbr(c.filter_id())?)?];
        ins.extend(opt(fbr(c.bias_id())?)?);
        Ok((mk(p), ins, value(fbr(c.output_id())?)?))
    };
    let pool =
        |p: &fb::XnnPooling2DRef<'_>, mk: fn(PoolParams) -> Op| -> Result<NodeParts, Error> {
            let flags = fbr(p.flags())?;
            Ok((
                mk(pool_params(p, flags)?),
                vec![value(fbr(p.input_id())?)?],
                value(fbr(p.output_id())?)?,
            ))
        };
    let cat = |c: &fb::XnnCatRef<'_>, n: usize| -> Result<NodeParts, Error> {
        let ids = [
            fbr(c.input1_id())?,
            fbr(c.input2_id())?,
            fbr(c.input3_id())?,
            fbr(c.input4_id())?,
            fbr(c.input5_id())?,
        ];
        let mut ins = Vec::new();
        for &id in &ids[..n] {
            ins.push(value(id)?);
        }
        Ok((
            Op::Concatenate { axis: u(c.axis())? },
            ins,
            value(fbr(c.output_id())?)?,
        ))
    };
    Ok(match un {
        U::XnnAdd(n) => bin(n, BinaryOp::Add)?,
        U::XnnSubtract(n) => bin(n, BinaryOp::Subtract)?,
        U::XnnMultiply(n) => bin(n, BinaryOp::Multiply)?,
        U::XnnDiv(n) => bin(n, BinaryOp::Divide)?,
        U::XnnMinimum(n) => bin(n, BinaryOp::Minimum)?,
        U::XnnMaximum(n) => bin(n, BinaryOp::Maximum)?,
        U::XnnpReLu(n) => bin(n, BinaryOp::PRelu)?,
        U::XnnBatchMatrixMultiply(n) => {
            let (_, ins, out) = bin(n, BinaryOp::Multiply)?;
            let flags = fbr(n.flags())?;
            (
                Op::BatchMatrixMultiply {
                    transpose_b: flags & FLAG_TRANSPOSE_WEIGHTS != 0,
                },
                ins,
                out,
            )
        }
        U::XnnClamp(n) => unary(n, UnaryOp::Clamp)?,
        U::XnnAbs(n) => unary(n, UnaryOp::Abs)?,
        U::XnnNegate(n) => unary(n, UnaryOp::Negate)?,
        U::XnnSquare(n) => unary(n, UnaryOp::Square)?,
        U::XnnSquareRoot(n) => unary(n, UnaryOp::SquareRoot)?,
        U::XnnReciprocalSquareRoot(n) => unary(n, UnaryOp::ReciprocalSquareRoot)?,
        U::XnnExp(n) => unary(n, UnaryOp::Exp)?,
        U::XnnLog(n) => unary(n, UnaryOp::Log)?,
        U::XnnFloor(n) => unary(n, UnaryOp::Floor)?,
        U::XnnCeiling(n) => unary(n, UnaryOp::Ceiling)?,
        U::XnnSigmoid(n) => unary(n, UnaryOp::Sigmoid)?,
        U::XnnTanh(n) => unary(n, UnaryOp::Tanh)?,
        U::XnnGelu(n) => unary(n, UnaryOp::Gelu)?,
        U::XnnHardswish(n) => unary(n, UnaryOp::Hardswish)?,
        U::XnnSin(n) => unary(n, UnaryOp::Sin)?,
        U::XnnCos(n) => unary(n, UnaryOp::Cos)?,
        U::XnnCopy(n) => unary(n, UnaryOp::Copy)?,
        U::XnnConvert(n) => un1(n, Op::Convert)?,
        U::XnnSoftmax(n) => un1(n, Op::Softmax)?,
        U::XnnGlobalAvgPooling2d(n) => {
            let flags = fbr(n.flags())?;
            un1(
                n,
                Op::GlobalAvgPooling2d {
                    keep_dims: flags & FLAG_KEEP_DIMS != 0,
                },
            )?
        }
        U::XnnLeakyReLu(n) => (
            Op::Unary(UnaryOp::LeakyRelu(fbr(n.negative_slope())?)),
            vec![value(fbr(n.input_id())?)?],
            value(fbr(n.output_id())?)?,
        ),
        U::Xnnelu(n) => (
            Op::Unary(UnaryOp::Elu(fbr(n.alpha())?)),
            vec![value(fbr(n.input_id())?)?],
            value(fbr(n.output_id())?)?,
        ),
        U::XnnFullyConnected(n) => {
            let flags = fbr(n.flags())?;
            let mut ins = vec![value(fbr(n.input1_id())?)?, value(fbr(n.filter_id())?)?];
            ins.extend(opt(fbr(n.bias_id())?)?);
            (
                Op::FullyConnected {
                    transpose_weights: flags & FLAG_TRANSPOSE_WEIGHTS != 0,
                    reshape_2d: flags & FLAG_TENSORFLOW_RESHAPE_2D != 0,
                    quantize_input: false,
                },
                ins,
                value(fbr(n.output_id())?)?,
            )
        }
        U::XnnConv2d(c) => conv(c, Op::Conv2d)?,
        U::XnnDepthwiseConv2d(c) => conv(c, Op::DepthwiseConv2d)?,
        U::XnnConvTranspose2d(c) => conv(c, Op::ConvTranspose2d)?,
        U::XnnMaxPooling2d(p) => pool(p, Op::MaxPooling2d)?,
        U::XnnAvgPooling2d(p) => pool(p, Op::AvgPooling2d)?,
        U::XnnStaticTranspose(t) => {
            let perm = dim_list(fbr(t.perm())?);
            if perm.len() != u(t.num_dims())? {
                return Err(invalid_program(format!(
                    "{what}: num_dims does not match perm"
                )));
            }
            (
                Op::StaticTranspose { perm },
                vec![value(fbr(t.input_id())?)?],
                value(fbr(t.output_id())?)?,
            )
        }
        U::XnnStaticReshape(r) => {
            let new_shape = dim_list(fbr(r.new_shape())?);
            if new_shape.len() != u(r.num_dims())? {
                return Err(invalid_program(format!(
                    "{what}: num_dims does not match new_shape"
                )));
            }
            (
                Op::StaticReshape { new_shape },
                vec![value(fbr(r.input_id())?)?],
                value(fbr(r.output_id())?)?,
            )
        }
        U::XnnStaticSlice(s) => {
            let offsets = dim_list(fbr(s.offsets())?);
            let sizes = dim_list(fbr(s.sizes())?);
            let nd = u(s.num_dims())?;
            if offsets.len() != nd || sizes.len() != nd {
                return Err(invalid_program(format!(
                    "{what}: num_dims does not match offsets and sizes"
                )));
            }
            (
                Op::StaticSlice { offsets, sizes },
                vec![value(fbr(s.input_id())?)?],
                value(fbr(s.output_id())?)?,
            )
        }
        U::XnnConcatenate2(c) => cat(c, 2)?,
        U::XnnConcatenate3(c) => cat(c, 3)?,
        U::XnnConcatenate4(c) => cat(c, 4)?,
        U::XnnConcatenate5(c) => cat(c, 5)?,
        U::XnnStaticConstantPad(p) => {
            let pre = dim_list(fbr(p.pre_paddings())?);
            let post = dim_list(fbr(p.post_paddings())?);
            (
                Op::StaticConstantPad {
                    pre,
                    post,
                    value: fbr(p.padding_value())?,
                },
                vec![value(fbr(p.input_id())?)?],
                value(fbr(p.output_id())?)?,
            )
        }
        U::XnnStaticResizeBilinear2D(r) => {
            let flags = fbr(r.flags())?;
            (
                Op::StaticResizeBilinear2D {
                    new_h: u(r.new_height())?,
                    new_w: u(r.new_width())?,
                    align_corners: flags & FLAG_ALIGN_CORNERS != 0,
                    tf_legacy: flags & FLAG_TENSORFLOW_LEGACY_MODE != 0,
                },
                vec![value(fbr(r.input_id())?)?],
                value(fbr(r.output_id())?)?,
            )
        }
        U::XnnArgMaxPooling2d(_) | U::XnnScaledDotProductAttention(_) => {
            return Err(not_supported(format!(
                "{what}: this node type is not supported yet"
            )))
        }
    })
}
