//! The operator chain compiled into steps: each operator's arguments are resolved and
//! checked at `init` (an operator this backend does not know is `not-supported`, naming
//! it), and each step declares the kernels it dispatches. At every `execute` a step
//! re-derives its outputs' sizes from its inputs' actual sizes (dynamic shapes run
//! below the serialized upper bound) and produces the kernels' parameters.
//!
//! Semantics follow ExecuTorch's Vulkan serialization (`vulkan_graph_builder.py`):
//! arguments are value indices in full ATen schema order with the output (or a
//! `ValueList` of outputs) last; dtype arguments are `Null`, so casts and creation
//! operators take their dtype from the output tensor.

use crate::graph::{Graph, TensorInfo, Value, MAX_DIMS};
use crate::shaders::{
    Cls, GemmSrc, ReduceMode, Shader, DW_OUTS, EW_SCALARS, GEMM_TILE, GEMM_WG, MAX_EW_INPUTS,
    PARAM_WORDS, WORKGROUP,
};
use crate::{compat, err, not_supported, Error, ErrorKind};

/// What a kernel binds after its uniform block.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Bind {
    /// The buffer of a tensor value.
    Val(usize),
    /// A scratch buffer of the plan ([`Plan::scratch`]).
    Scratch(usize),
}

/// One kernel: a shader and the buffers it writes, then reads.
#[derive(Clone, Debug)]
pub struct KernelDecl {
    pub shader: Shader,
    pub outs: Vec<Bind>,
    pub ins: Vec<Bind>,
}

/// One dispatch of a kernel at `execute`.
#[derive(Clone, Debug)]
pub struct Launch {
    pub kernel: usize,
    pub params: [u32; PARAM_WORDS],
    /// Invocations to dispatch (for most kernels also `params[0]`).
    pub threads: u64,
    /// Invocations per workgroup of the kernel's shader.
    pub wg: u32,
}

/// An integer that is a constant or a `SymInt` value known at run time.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum IntArg {
    Const(i64),
    Sym(usize),
}

/// A scalar operand: a float or an integer constant.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Scalar {
    F(f64),
    I(i64),
}

impl Scalar {
    fn f(self) -> f64 {
        match self {
            Scalar::F(x) => x,
            Scalar::I(x) => x as f64,
        }
    }
    fn i(self) -> i64 {
        match self {
            Scalar::F(x) => x as i64,
            Scalar::I(x) => x,
        }
    }
}

/// An operand of an elementwise step.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Operand {
    Tensor(usize),
    Scalar(Scalar),
}

/// Integer operations on `SymInt`s (Python's `operator` names).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum SymOp {
    Add,
    Sub,
    Mul,
    FloorDiv,
}

/// A view-like copy: the output is a strided window of one input.
#[derive(Clone, Debug, PartialEq)]
pub enum ViewKind {
    /// Same elements, new sizes (view, squeeze, unsqueeze, clone, prepack, casts).
    Reshape(Vec<IntArg>),
    /// Same elements and sizes (clone, casts).
    Same,
    Squeeze(Option<Vec<i64>>),
    Unsqueeze(i64),
    Permute(Vec<i64>),
    Transpose(i64, i64),
    Select {
        dim: i64,
        index: IntArg,
    },
    Slice {
        dim: i64,
        start: Option<IntArg>,
        end: Option<IntArg>,
        step: i64,
    },
    Expand(Vec<IntArg>),
}

/// What a step computes.
#[derive(Clone, Debug)]
pub enum Kind {
    /// `out = expr(operands)` with broadcasting; `scalars` go to `sf`/`si`.
    Elementwise {
        operands: Vec<Operand>,
        out: usize,
        scalars: Vec<Scalar>,
        shapes: Vec<Option<Vec<usize>>>,
    },
    /// A view-like copy with an optional cast (the kernel's expression casts).
    View {
        input: usize,
        out: usize,
        view: ViewKind,
    },
    Fill {
        out: usize,
        size: FillSize,
        scalars: Vec<Scalar>,
    },
    Cat {
        inputs: Vec<usize>,
        dim: i64,
        out: usize,
    },
    Split {
        input: usize,
        sizes: SplitSizes,
        dim: i64,
        outs: Vec<usize>,
    },
    Matmul {
        a: usize,
        b: usize,
        bias: Option<usize>,
        out: usize,
        kind: MatmulKind,
        alpha: f64,
        beta: f64,
    },
    Conv {
        x: usize,
        w: usize,
        bias: Option<usize>,
        out: usize,
        stride: [i64; 2],
        pad: [i64; 2],
        dil: [i64; 2],
        transposed: bool,
        out_pad: [i64; 2],
        groups: i64,
        min: f32,
        max: f32,
        /// The specialized kernel (`kernels[1]`) chosen from the static sizes, taken
        /// when the actual sizes still fit it.
        fast: Option<ConvFast>,
    },
    Pool {
        x: usize,
        out: usize,
        indices: Option<usize>,
        max: bool,
        kernel: [i64; 2],
        stride: [i64; 2],
        pad: [i64; 2],
        dil: [i64; 2],
        ceil: bool,
        include_pad: bool,
        divisor: i64,
    },
    Reduce {
        x: usize,
        out: usize,
        dims: Option<Vec<i64>>,
        keepdim: bool,
        mode: ReduceMode,
    },
    Softmax {
        x: usize,
        out: usize,
        dim: i64,
    },
    Norm {
        x: usize,
        out: usize,
        mean: Option<usize>,
        rstd: Option<usize>,
        group: Option<i64>,
        normalized: usize,
        eps: f64,
    },
    /// `out = table` with dim `dim` gathered by `ids` (embedding: dim 0).
    Gather {
        table: usize,
        ids: usize,
        out: usize,
        dim: usize,
    },
    Upsample {
        x: usize,
        out: usize,
        size: Option<Vec<i64>>,
        scales: Option<Vec<f64>>,
        align: bool,
        bilinear: bool,
    },
    Pad {
        x: usize,
        out: usize,
        pad: Vec<i64>,
    },
    SymSize {
        x: usize,
        dim: i64,
        out: usize,
    },
    SymArith {
        a: IntArg,
        b: IntArg,
        op: SymOp,
        out: usize,
    },
}

/// Sizes of a creation operator's output.
#[derive(Clone, Debug, PartialEq)]
pub enum FillSize {
    /// `full`: the given sizes.
    Sizes(Vec<IntArg>),
    /// `full_like`: the sizes of a tensor.
    Like(usize),
    /// `arange(start, end, step)`.
    Range(IntArgOrF, IntArgOrF, IntArgOrF),
}

/// An `arange` bound: an integer (maybe a `SymInt`) or a float.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum IntArgOrF {
    Int(IntArg),
    F(f64),
}

/// Sizes of a split.
#[derive(Clone, Debug, PartialEq)]
pub enum SplitSizes {
    Each(Vec<i64>),
    Chunk(i64),
}

/// How a matmul reads its operands.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum MatmulKind {
    /// `x [..., K] * w[N, K]^T + bias [N]`.
    Linear,
    /// `a [..., M, K] * b [..., K, N]` (batch broadcast), `bias` broadcast to [M, N].
    Matmul,
}

/// A convolution's specialized kernel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ConvFast {
    /// Implicit GEMM ([`GemmSrc::Conv`]).
    Gemm,
    /// 1x1, stride 1, unpadded: a plain GEMM ([`GemmSrc::Pointwise`]).
    Pointwise,
    /// One input channel per group ([`Shader::Depthwise`]).
    Depthwise,
}

/// One compiled operator.
#[derive(Clone, Debug)]
pub struct Step {
    /// The operator's name, for messages.
    pub name: String,
    pub kind: Kind,
    /// Indices into [`Plan::kernels`].
    pub kernels: Vec<usize>,
}

/// The compiled chain.
#[derive(Clone, Debug)]
pub struct Plan {
    pub steps: Vec<Step>,
    pub kernels: Vec<KernelDecl>,
    /// Element counts of scratch buffers.
    pub scratch: Vec<usize>,
}

/// Per-execute state: the actual sizes of every tensor and the value of every SymInt.
#[derive(Clone, Debug)]
pub struct Sizes {
    pub dims: Vec<Option<Vec<usize>>>,
    pub syms: Vec<i64>,
    /// Whether the device runs workgroups of [`GEMM_WG`] invocations (the tiled
    /// kernels); without, every operator takes its general kernel.
    pub wide: bool,
}

fn cls_of(t: &TensorInfo) -> Cls {
    if t.dtype.is_float() {
        Cls::F
    } else {
        Cls::I
    }
}

struct Args<'a> {
    g: &'a Graph,
    name: &'a str,
    args: &'a [usize],
}

impl<'a> Args<'a> {
    fn bad(&self, msg: impl std::fmt::Display) -> Error {
        compat(format!("operator {}: {msg}", self.name))
    }
    fn need(&self, n: usize) -> Result<(), Error> {
        if self.args.len() < n {
            Err(self.bad(format!(
                "has {} arguments, expected at least {n}",
                self.args.len()
            )))
        } else {
            Ok(())
        }
    }
    fn id(&self, k: usize) -> Result<usize, Error> {
        self.args
            .get(k)
            .copied()
            .ok_or_else(|| self.bad(format!("argument {k} is missing")))
    }
    fn value(&self, k: usize) -> Result<&'a Value, Error> {
        let id = self.id(k)?;
        self.g
            .values
            .get(id)
            .ok_or_else(|| self.bad(format!("value {id} does not exist")))
    }
    fn out(&self) -> Result<usize, Error> {
        let k = self
            .args
            .len()
            .checked_sub(1)
            .ok_or_else(|| self.bad("has no output"))?;
        self.tensor(k)
    }
    fn tensor(&self, k: usize) -> Result<usize, Error> {
        match self.value(k)? {
            Value::Tensor(_) => self.id(k),
            v => Err(self.bad(format!("argument {k} is a {}, expected a tensor", v.kind()))),
        }
    }
    fn opt_tensor(&self, k: usize) -> Result<Option<usize>, Error> {
        match self.value(k)? {
            Value::Null => Ok(None),
            _ => self.tensor(k).map(Some),
        }
    }
    fn operand(&self, k: usize) -> Result<Operand, Error> {
        match self.value(k)? {
            Value::Tensor(_) => Ok(Operand::Tensor(self.id(k)?)),
            _ => Ok(Operand::Scalar(self.scalar(k)?)),
        }
    }
    fn scalar(&self, k: usize) -> Result<Scalar, Error> {
        match self.value(k)? {
            Value::Int(x) => Ok(Scalar::I(*x)),
            Value::Bool(b) => Ok(Scalar::I(*b as i64)),
            Value::Double(x) => Ok(Scalar::F(*x)),
            v => Err(self.bad(format!("argument {k} is a {}, expected a scalar", v.kind()))),
        }
    }
    fn opt_scalar(&self, k: usize) -> Result<Option<Scalar>, Error> {
        match self.value(k)? {
            Value::Null => Ok(None),
            _ => self.scalar(k).map(Some),
        }
    }
    fn int(&self, k: usize) -> Result<i64, Error> {
        match self.value(k)? {
            Value::Int(x) => Ok(*x),
            Value::Bool(b) => Ok(*b as i64),
            // The exporter dedups scalars by Python equality, so an int argument may
            // be serialized as the equal Double created earlier (1 == 1.0).
            Value::Double(x) if x.fract() == 0.0 && x.abs() < 9.0e15 => Ok(*x as i64),
            v => Err(self.bad(format!("argument {k} is a {}, expected an Int", v.kind()))),
        }
    }
    fn sym(&self, k: usize) -> Result<IntArg, Error> {
        match self.value(k)? {
            Value::SymInt => Ok(IntArg::Sym(self.id(k)?)),
            _ => Ok(IntArg::Const(self.int(k)?)),
        }
    }
    fn opt_sym(&self, k: usize) -> Result<Option<IntArg>, Error> {
        match self.value(k)? {
            Value::Null => Ok(None),
            _ => self.sym(k).map(Some),
        }
    }
    fn boolean(&self, k: usize) -> Result<bool, Error> {
        match self.value(k)? {
            Value::Bool(b) => Ok(*b),
            Value::Int(x) => Ok(*x != 0),
            Value::Null => Ok(false),
            v => Err(self.bad(format!("argument {k} is a {}, expected a Bool", v.kind()))),
        }
    }
    fn double(&self, k: usize) -> Result<f64, Error> {
        Ok(self.scalar(k)?.f())
    }
    fn int_list(&self, k: usize) -> Result<Vec<i64>, Error> {
        match self.value(k)? {
            Value::IntList(l) => Ok(l.clone()),
            Value::Int(x) => Ok(vec![*x]),
            Value::ValueList(l) => l
                .iter()
                .map(|&v| match self.g.values.get(v) {
                    Some(Value::Int(x)) => Ok(*x),
                    _ => Err(self.bad(format!("argument {k}: list item {v} is not an Int"))),
                })
                .collect(),
            v => Err(self.bad(format!(
                "argument {k} is a {}, expected an int list",
                v.kind()
            ))),
        }
    }
    fn opt_int_list(&self, k: usize) -> Result<Option<Vec<i64>>, Error> {
        match self.value(k)? {
            Value::Null => Ok(None),
            _ => self.int_list(k).map(Some),
        }
    }
    fn sym_list(&self, k: usize) -> Result<Vec<IntArg>, Error> {
        match self.value(k)? {
            Value::ValueList(l) => l
                .iter()
                .map(|&v| match self.g.values.get(v) {
                    Some(Value::Int(x)) => Ok(IntArg::Const(*x)),
                    Some(Value::SymInt) => Ok(IntArg::Sym(v)),
                    _ => Err(self.bad(format!(
                        "argument {k}: list item {v} is not an Int or SymInt"
                    ))),
                })
                .collect(),
            _ => Ok(self.int_list(k)?.into_iter().map(IntArg::Const).collect()),
        }
    }
    fn pair(&self, k: usize, default: i64) -> Result<[i64; 2], Error> {
        let l = self.int_list(k)?;
        Ok(match l.as_slice() {
            [] => [default, default],
            [a] => [*a, *a],
            [a, b, ..] => [*a, *b],
        })
    }
    fn string(&self, k: usize) -> Result<Option<String>, Error> {
        match self.value(k)? {
            Value::Null => Ok(None),
            Value::String(s) => Ok(Some(s.clone())),
            v => Err(self.bad(format!("argument {k} is a {}, expected a String", v.kind()))),
        }
    }
    fn tensor_list(&self, k: usize) -> Result<Vec<usize>, Error> {
        match self.value(k)? {
            Value::ValueList(l) => {
                for &v in l {
                    if !matches!(self.g.values.get(v), Some(Value::Tensor(_))) {
                        return Err(
                            self.bad(format!("argument {k}: list item {v} is not a tensor"))
                        );
                    }
                }
                Ok(l.clone())
            }
            v => Err(self.bad(format!(
                "argument {k} is a {}, expected a tensor list",
                v.kind()
            ))),
        }
    }
    fn out_list(&self) -> Result<Vec<usize>, Error> {
        let k = self
            .args
            .len()
            .checked_sub(1)
            .ok_or_else(|| self.bad("has no output"))?;
        match self.value(k)? {
            Value::Tensor(_) => Ok(vec![self.id(k)?]),
            _ => self.tensor_list(k),
        }
    }
    fn sym_out(&self) -> Result<usize, Error> {
        let k = self
            .args
            .len()
            .checked_sub(1)
            .ok_or_else(|| self.bad("has no output"))?;
        match self.value(k)? {
            Value::SymInt => self.id(k),
            v => Err(self.bad(format!("output is a {}, expected a SymInt", v.kind()))),
        }
    }
    fn cls(&self, v: usize) -> Result<Cls, Error> {
        self.g
            .tensor(v)
            .map(cls_of)
            .ok_or_else(|| self.bad(format!("value {v} is not a tensor")))
    }
}

/// Converts a typed WGSL expression `e` of class `from` to class `to`.
fn conv(e: &str, from: Cls, to: Cls) -> String {
    if from == to {
        e.to_string()
    } else {
        format!("{}({e})", to.ty())
    }
}

fn boolean(e: &str) -> String {
    format!("select(0i, 1i, {e})")
}

/// The output-class expression of an elementwise operator, given its operand classes
/// (scalars are `sf(k)` / `si(k)` for operand k's scalar slot).
struct Ew {
    ins: Vec<Cls>,
    /// WGSL operand expressions, one per operand (tensors: `a`..; scalars: `sf(k)`).
    ops: Vec<(String, Cls)>,
}

impl Ew {
    fn op(&self, k: usize, to: Cls) -> String {
        match self.ops.get(k) {
            Some((e, c)) => conv(e, *c, to),
            None => "0".into(),
        }
    }
    /// The class arithmetic on the operands happens in: float if any operand is.
    fn common(&self) -> Cls {
        if self.ops.iter().any(|(_, c)| *c == Cls::F) {
            Cls::F
        } else {
            Cls::I
        }
    }
}

/// Builds the operand list of an elementwise step: tensors become bound inputs, scalar
/// operands scalar slots (two words each: f32 bits, i32).
fn ew_operands(operands: &[Operand], a: &Args<'_>, scalars: &mut Vec<Scalar>) -> Result<Ew, Error> {
    let mut ins = Vec::new();
    let mut ops = Vec::new();
    for o in operands {
        match o {
            Operand::Tensor(v) => {
                let c = a.cls(*v)?;
                let var = ["a", "b", "c", "d", "e"]
                    .get(ins.len())
                    .ok_or_else(|| a.bad("too many tensor operands"))?;
                ops.push((var.to_string(), c));
                ins.push(c);
            }
            Operand::Scalar(s) => {
                let k = scalars.len();
                scalars.push(*s);
                match s {
                    Scalar::F(_) => ops.push((format!("sf({}u)", 2 * k), Cls::F)),
                    Scalar::I(_) => ops.push((format!("si({}u)", 2 * k + 1), Cls::I)),
                }
            }
        }
    }
    Ok(Ew { ins, ops })
}

fn unary_expr(
    name: &str,
    x: &str,
    c: Cls,
    out: Cls,
    sc: &mut Vec<Scalar>,
    a: &Args<'_>,
) -> Result<Option<String>, Error> {
    let f = conv(x, c, Cls::F);
    let t = out.ty();
    let xo = conv(x, c, out);
    let slot = |sc: &mut Vec<Scalar>, s: Scalar| {
        let k = sc.len();
        sc.push(s);
        (format!("sf({}u)", 2 * k), format!("si({}u)", 2 * k + 1))
    };
    let e = match name {
        "aten.relu.default" => format!("max({xo}, {t}(0))"),
        "aten.sigmoid.default" => format!("sigmoid_({f})"),
        "aten.tanh.default" => format!("tanh_({f})"),
        "aten.abs.default" => format!("abs({xo})"),
        "aten.neg.default" => format!("-({xo})"),
        "aten.exp.default" => format!("exp({f})"),
        "aten.log.default" => format!("log({f})"),
        "aten.sqrt.default" => format!("sqrt({f})"),
        "aten.rsqrt.default" => format!("inverseSqrt({f})"),
        "aten.sin.default" => format!("sin({f})"),
        "aten.cos.default" => format!("cos({f})"),
        "aten.floor.default" => format!("floor({f})"),
        "aten.ceil.default" => format!("ceil({f})"),
        "aten.round.default" => format!("round({f})"),
        "aten.trunc.default" => format!("trunc({f})"),
        "aten.sign.default" => format!("sign({xo})"),
        "aten.square.default" => format!("({xo}) * ({xo})"),
        "aten.reciprocal.default" => format!("1.0 / ({f})"),
        "aten.hardswish.default" => format!("{f} * clamp({f} + 3.0, 0.0, 6.0) / 6.0"),
        "aten.hardsigmoid.default" => format!("clamp({f} / 6.0 + 0.5, 0.0, 1.0)"),
        "aten.silu.default" => format!("{f} * sigmoid_({f})"),
        "aten.erf.default" => format!("erf_({f})"),
        "aten.logical_not.default" => boolean(&format!("{x} == {}(0)", c.ty())),
        "aten.bitwise_not.default" => {
            if out == Cls::I
                && a.g
                    .tensor(a.out()?)
                    .is_some_and(|t| t.dtype == crate::graph::DType::Bool)
            {
                format!("1i - {xo}")
            } else {
                format!("~({xo})")
            }
        }
        "aten.gelu.default" => {
            let approx = a.string(1)?;
            match approx.as_deref() {
                None | Some("none") => format!("0.5 * {f} * (1.0 + erf_({f} * 0.70710678118654752))"),
                Some("tanh") => format!("0.5 * {f} * (1.0 + tanh_(0.79788456080286536 * ({f} + 0.044715 * {f} * {f} * {f})))"),
                Some(o) => return Err(a.bad(format!("gelu approximation {o:?}"))),
            }
        }
        "aten.leaky_relu.default" => {
            let s = a.opt_scalar(1)?.unwrap_or(Scalar::F(0.01));
            let (sf, _) = slot(sc, Scalar::F(s.f()));
            format!("select({f} * {sf}, {f}, {f} > 0.0)")
        }
        "aten.elu.default" => {
            let alpha = a.scalar(1)?.f();
            let scale = a.scalar(2)?.f();
            let iscale = a.scalar(3)?.f();
            let (s0, _) = slot(sc, Scalar::F(alpha));
            let (s1, _) = slot(sc, Scalar::F(scale));
            let (s2, _) = slot(sc, Scalar::F(iscale));
            format!("select({s0} * (exp({f} * {s2}) - 1.0) * {s1}, {f} * {s1}, {f} > 0.0)")
        }
        "aten.hardtanh.default" | "aten.clamp.default" => {
            let (lo, hi) = if name == "aten.hardtanh.default" {
                (Some(a.scalar(1)?), Some(a.scalar(2)?))
            } else {
                (a.opt_scalar(1)?, a.opt_scalar(2)?)
            };
            let mut e = xo.clone();
            if let Some(lo) = lo {
                let (sf, si) = slot(sc, lo);
                e = format!("max({e}, {})", if out == Cls::F { sf } else { si });
            }
            if let Some(hi) = hi {
                let (sf, si) = slot(sc, hi);
                e = format!("min({e}, {})", if out == Cls::F { sf } else { si });
            }
            e
        }
        _ => return Ok(None),
    };
    // Float-only results are converted to the output class.
    let float_result = !matches!(
        name,
        "aten.relu.default"
            | "aten.abs.default"
            | "aten.neg.default"
            | "aten.sign.default"
            | "aten.square.default"
            | "aten.logical_not.default"
            | "aten.bitwise_not.default"
            | "aten.hardtanh.default"
            | "aten.clamp.default"
    );
    Ok(Some(if float_result {
        conv(&e, Cls::F, out)
    } else {
        e
    }))
}

/// Builds kernels while compiling steps.
struct Builder {
    kernels: Vec<KernelDecl>,
    scratch: Vec<usize>,
}

impl Builder {
    fn kernel(&mut self, shader: Shader, outs: Vec<Bind>, ins: Vec<Bind>) -> usize {
        self.kernels.push(KernelDecl { shader, outs, ins });
        self.kernels.len() - 1
    }
}

impl Plan {
    /// Compiles the chain of `g`. Errors: `not-supported` naming an operator this
    /// backend does not implement (or an argument form it does not handle);
    /// `delegate-invalid-compatibility` for arguments of the wrong kind or count.
    pub fn new(g: &Graph) -> Result<Plan, Error> {
        let mut b = Builder {
            kernels: Vec::new(),
            scratch: Vec::new(),
        };
        let mut steps = Vec::new();
        let mut unknown: Vec<String> = Vec::new();
        for op in &g.chain {
            let a = Args {
                g,
                name: &op.name,
                args: &op.args,
            };
            match compile(&a, &mut b) {
                Ok(Some((kind, kernels))) => steps.push(Step {
                    name: op.name.clone(),
                    kind,
                    kernels,
                }),
                Ok(None) => {
                    if !unknown.contains(&op.name) {
                        unknown.push(op.name.clone());
                    }
                }
                Err(e) => return Err(e),
            }
        }
        if !unknown.is_empty() {
            return Err(not_supported(format!(
                "the Vulkan backend does not implement operator{} {}",
                if unknown.len() > 1 { "s" } else { "" },
                unknown.join(", ")
            )));
        }
        Ok(Plan {
            steps,
            kernels: b.kernels,
            scratch: b.scratch,
        })
    }

    /// Runs shape derivation and builds every launch, given the actual sizes of the
    /// graph's inputs (already in `sizes`). Errors: `invalid-argument` for sizes that
    /// do not fit an operator or exceed a tensor's serialized upper bound.
    pub fn launches(&self, g: &Graph, sizes: &mut Sizes) -> Result<Vec<Launch>, Error> {
        let mut out = Vec::new();
        for s in &self.steps {
            run_step(g, s, sizes, &mut out).map_err(|e| Error {
                kind: e.kind,
                message: format!("operator {}: {}", s.name, e.message),
            })?;
        }
        Ok(out)
    }
}

fn unary_names() -> &'static [&'static str] {
    &[
        "aten.relu.default",
        "aten.sigmoid.default",
        "aten.tanh.default",
        "aten.abs.default",
        "aten.neg.default",
        "aten.exp.default",
        "aten.log.default",
        "aten.sqrt.default",
        "aten.rsqrt.default",
        "aten.sin.default",
        "aten.cos.default",
        "aten.floor.default",
        "aten.ceil.default",
        "aten.round.default",
        "aten.trunc.default",
        "aten.sign.default",
        "aten.square.default",
        "aten.reciprocal.default",
        "aten.hardswish.default",
        "aten.hardsigmoid.default",
        "aten.silu.default",
        "aten.erf.default",
        "aten.logical_not.default",
        "aten.bitwise_not.default",
        "aten.gelu.default",
        "aten.leaky_relu.default",
        "aten.elu.default",
        "aten.hardtanh.default",
        "aten.clamp.default",
    ]
}

fn ew_kernel(
    b: &mut Builder,
    ew: &Ew,
    out_cls: Cls,
    expr: String,
    tensors: &[usize],
    out: usize,
) -> Vec<usize> {
    let k = b.kernel(
        Shader::Elementwise {
            ins: ew.ins.clone(),
            out: out_cls,
            expr,
        },
        vec![Bind::Val(out)],
        tensors.iter().map(|&t| Bind::Val(t)).collect(),
    );
    vec![k]
}

type Compiled = Option<(Kind, Vec<usize>)>;

fn compile(a: &Args<'_>, b: &mut Builder) -> Result<Compiled, Error> {
    let name = a.name;
    let binary = |sym: &str| -> Option<&'static str> {
        Some(match sym {
            "aten.add.Tensor" | "aten.add.Scalar" => "add",
            "aten.sub.Tensor" | "aten.sub.Scalar" | "aten.rsub.Scalar" => "sub",
            "aten.mul.Tensor" | "aten.mul.Scalar" => "mul",
            "aten.div.Tensor" | "aten.div.Scalar" => "div",
            "aten.div.Tensor_mode" => "divmode",
            "aten.pow.Tensor_Tensor" | "aten.pow.Tensor_Scalar" => "pow",
            "aten.minimum.default" => "min",
            "aten.maximum.default" => "max",
            "aten.remainder.Tensor" | "aten.remainder.Scalar" => "rem",
            "aten.floor_divide.default" => "floordiv",
            "aten.eq.Tensor" | "aten.eq.Scalar" => "==",
            "aten.ne.Tensor" | "aten.ne.Scalar" => "!=",
            "aten.gt.Tensor" | "aten.gt.Scalar" => ">",
            "aten.ge.Tensor" | "aten.ge.Scalar" => ">=",
            "aten.lt.Tensor" | "aten.lt.Scalar" => "<",
            "aten.le.Tensor" | "aten.le.Scalar" => "<=",
            "aten.bitwise_and.Tensor" | "aten.bitwise_and.Scalar" | "aten.logical_and.default" => {
                "&"
            }
            "aten.bitwise_or.Tensor" | "aten.bitwise_or.Scalar" | "aten.logical_or.default" => "|",
            "aten.bitwise_xor.Tensor" | "aten.bitwise_xor.Scalar" | "aten.logical_xor.default" => {
                "^"
            }
            _ => return None,
        })
    };
    if let Some(op) = binary(name) {
        a.need(3)?;
        let out = a.out()?;
        let oc = a.cls(out)?;
        let operands = vec![a.operand(0)?, a.operand(1)?];
        let mut sc = Vec::new();
        let ew = ew_operands(&operands, a, &mut sc)?;
        let t = ew.common();
        let expr = match op {
            "add" | "sub" => {
                let alpha = if a.args.len() >= 4 {
                    a.opt_scalar(2)?.unwrap_or(Scalar::I(1))
                } else {
                    Scalar::I(1)
                };
                let k = sc.len();
                sc.push(alpha);
                let al = if oc == Cls::F {
                    format!("sf({}u)", 2 * k)
                } else {
                    format!("si({}u)", 2 * k + 1)
                };
                let sign = if op == "add" { "+" } else { "-" };
                if name == "aten.rsub.Scalar" {
                    format!("{} - {al} * {}", ew.op(1, oc), ew.op(0, oc))
                } else {
                    format!("{} {sign} {al} * {}", ew.op(0, oc), ew.op(1, oc))
                }
            }
            "mul" => format!("{} * {}", ew.op(0, oc), ew.op(1, oc)),
            "div" => conv(
                &format!("{} / {}", ew.op(0, Cls::F), ew.op(1, Cls::F)),
                Cls::F,
                oc,
            ),
            "divmode" => {
                let mode = a.string(2)?;
                match (mode.as_deref(), oc) {
                    (None, _) => conv(
                        &format!("{} / {}", ew.op(0, Cls::F), ew.op(1, Cls::F)),
                        Cls::F,
                        oc,
                    ),
                    (Some("trunc"), Cls::F) => {
                        format!("trunc({} / {})", ew.op(0, Cls::F), ew.op(1, Cls::F))
                    }
                    (Some("floor"), Cls::F) => {
                        format!("floor({} / {})", ew.op(0, Cls::F), ew.op(1, Cls::F))
                    }
                    (Some("trunc"), Cls::I) => format!(
                        "select(0i, {} / {}, {} != 0i)",
                        ew.op(0, Cls::I),
                        ew.op(1, Cls::I),
                        ew.op(1, Cls::I)
                    ),
                    (Some("floor"), Cls::I) => {
                        format!("floordivi_({}, {})", ew.op(0, Cls::I), ew.op(1, Cls::I))
                    }
                    (Some(m), _) => return Err(a.bad(format!("rounding mode {m:?}"))),
                }
            }
            "floordiv" => match oc {
                Cls::F => format!("floor({} / {})", ew.op(0, Cls::F), ew.op(1, Cls::F)),
                Cls::I => format!("floordivi_({}, {})", ew.op(0, Cls::I), ew.op(1, Cls::I)),
            },
            "pow" => match oc {
                Cls::F => format!("powf_({}, {})", ew.op(0, Cls::F), ew.op(1, Cls::F)),
                Cls::I => format!("powi_({}, {})", ew.op(0, Cls::I), ew.op(1, Cls::I)),
            },
            "min" => format!("min({}, {})", ew.op(0, oc), ew.op(1, oc)),
            "max" => format!("max({}, {})", ew.op(0, oc), ew.op(1, oc)),
            "rem" => match oc {
                Cls::F => format!("remf_({}, {})", ew.op(0, Cls::F), ew.op(1, Cls::F)),
                Cls::I => format!("remi_({}, {})", ew.op(0, Cls::I), ew.op(1, Cls::I)),
            },
            "&" | "|" | "^" => {
                let logical = name.starts_with("aten.logical_");
                if logical {
                    let x = format!("{} != {}(0)", ew.op(0, t), t.ty());
                    let y = format!("{} != {}(0)", ew.op(1, t), t.ty());
                    let e = match op {
                        "&" => format!("({x}) && ({y})"),
                        "|" => format!("({x}) || ({y})"),
                        _ => format!("({x}) != ({y})"),
                    };
                    conv(&boolean(&e), Cls::I, oc)
                } else {
                    conv(
                        &format!("{} {op} {}", ew.op(0, Cls::I), ew.op(1, Cls::I)),
                        Cls::I,
                        oc,
                    )
                }
            }
            cmp => conv(
                &boolean(&format!("{} {cmp} {}", ew.op(0, t), ew.op(1, t))),
                Cls::I,
                oc,
            ),
        };
        let tensors: Vec<usize> = operands
            .iter()
            .filter_map(|o| match o {
                Operand::Tensor(v) => Some(*v),
                _ => None,
            })
            .collect();
        let ks = ew_kernel(b, &ew, oc, expr, &tensors, out);
        let shapes = vec![None; tensors.len()];
        return Ok(Some((
            Kind::Elementwise {
                operands,
                out,
                scalars: sc,
                shapes,
            },
            ks,
        )));
    }
    if unary_names().contains(&name) {
        a.need(2)?;
        let x = a.tensor(0)?;
        let out = a.out()?;
        let c = a.cls(x)?;
        let oc = a.cls(out)?;
        let mut sc = Vec::new();
        let Some(expr) = unary_expr(name, "a", c, oc, &mut sc, a)? else {
            return Ok(None);
        };
        let ew = Ew {
            ins: vec![c],
            ops: vec![("a".into(), c)],
        };
        let ks = ew_kernel(b, &ew, oc, expr, &[x], out);
        return Ok(Some((
            Kind::Elementwise {
                operands: vec![Operand::Tensor(x)],
                out,
                scalars: sc,
                shapes: vec![None],
            },
            ks,
        )));
    }
    Ok(Some(match name {
        "aten.where.self" => {
            a.need(4)?;
            let out = a.out()?;
            let oc = a.cls(out)?;
            let operands = vec![a.operand(0)?, a.operand(1)?, a.operand(2)?];
            let mut sc = Vec::new();
            let ew = ew_operands(&operands, a, &mut sc)?;
            let cond = ew.op(0, Cls::I);
            let expr = format!("select({}, {}, {cond} != 0i)", ew.op(2, oc), ew.op(1, oc));
            let tensors: Vec<usize> = operands
                .iter()
                .filter_map(|o| match o {
                    Operand::Tensor(v) => Some(*v),
                    _ => None,
                })
                .collect();
            let ks = ew_kernel(b, &ew, oc, expr, &tensors, out);
            let shapes = vec![None; tensors.len()];
            (
                Kind::Elementwise {
                    operands,
                    out,
                    scalars: sc,
                    shapes,
                },
                ks,
            )
        }
        "aten._native_batch_norm_legit_no_training.default" => {
            a.need(8)?;
            let x = a.tensor(0)?;
            let w = a.opt_tensor(1)?;
            let bias = a.opt_tensor(2)?;
            let mean = a.tensor(3)?;
            let var = a.tensor(4)?;
            let eps = a.double(6)?;
            let outs = a.out_list()?;
            let out = *outs.first().ok_or_else(|| a.bad("no outputs"))?;
            let rank = a.g.tensor(x).map_or(0, |t| t.dims.len());
            if rank < 2 {
                return Err(a.bad("input of rank below 2"));
            }
            let mut operands = vec![
                Operand::Tensor(x),
                Operand::Tensor(mean),
                Operand::Tensor(var),
            ];
            let mut expr = "(a - b) * inverseSqrt(c + sf(0u))".to_string();
            let vars = ["d", "e"];
            let mut n = 0;
            if let Some(w) = w {
                operands.push(Operand::Tensor(w));
                expr = format!("({expr}) * {}", vars[n]);
                n += 1;
            }
            if let Some(bb) = bias {
                operands.push(Operand::Tensor(bb));
                expr = format!("({expr}) + {}", vars[n]);
            }
            let mut cshape = vec![1usize; rank];
            let cdim =
                a.g.tensor(x)
                    .and_then(|t| t.dims.get(1).copied())
                    .unwrap_or(1);
            cshape[1] = cdim;
            let mut shapes = vec![None];
            shapes.extend(std::iter::repeat_n(Some(cshape), operands.len() - 1));
            let ins = vec![Cls::F; operands.len()];
            let tensors: Vec<usize> = operands
                .iter()
                .filter_map(|o| match o {
                    Operand::Tensor(v) => Some(*v),
                    _ => None,
                })
                .collect();
            let ew = Ew { ins, ops: vec![] };
            let ks = ew_kernel(b, &ew, Cls::F, expr, &tensors, out);
            (
                Kind::Elementwise {
                    operands,
                    out,
                    scalars: vec![Scalar::F(eps)],
                    shapes,
                },
                ks,
            )
        }
        "aten.view_copy.default" | "aten._unsafe_view.default" | "aten.reshape.default" => {
            a.need(3)?;
            view(a, b, ViewKind::Reshape(a.sym_list(1)?))?
        }
        "aten.squeeze_copy.dims" | "aten.squeeze_copy.dim" => {
            a.need(3)?;
            view(a, b, ViewKind::Squeeze(Some(a.int_list(1)?)))?
        }
        "aten.squeeze_copy.default" => view(a, b, ViewKind::Squeeze(None))?,
        "aten.unsqueeze_copy.default" => {
            a.need(3)?;
            view(a, b, ViewKind::Unsqueeze(a.int(1)?))?
        }
        "aten.permute_copy.default" => {
            a.need(3)?;
            view(a, b, ViewKind::Permute(a.int_list(1)?))?
        }
        "aten.transpose_copy.int" => {
            a.need(4)?;
            view(a, b, ViewKind::Transpose(a.int(1)?, a.int(2)?))?
        }
        "aten.t_copy.default" => view(a, b, ViewKind::Transpose(0, -1))?,
        "aten.select_copy.int" => {
            a.need(4)?;
            view(
                a,
                b,
                ViewKind::Select {
                    dim: a.int(1)?,
                    index: a.sym(2)?,
                },
            )?
        }
        "aten.slice_copy.Tensor" => {
            a.need(6)?;
            let step = a.int(4)?;
            if step <= 0 {
                return Err(a.bad(format!("slice step {step}")));
            }
            view(
                a,
                b,
                ViewKind::Slice {
                    dim: a.int(1)?,
                    start: a.opt_sym(2)?,
                    end: a.opt_sym(3)?,
                    step,
                },
            )?
        }
        "aten.expand_copy.default" => {
            a.need(3)?;
            view(a, b, ViewKind::Expand(a.sym_list(1)?))?
        }
        "aten.clone.default"
        | "et_vk.prepack.default"
        | "dim_order_ops._to_dim_order_copy.default"
        | "aten._to_copy.default"
        | "aten.alias_copy.default"
        | "aten.contiguous.default"
        | "aten.lift_fresh_copy.default" => view(a, b, ViewKind::Same)?,
        "aten.full.default" => {
            a.need(3)?;
            let out = a.out()?;
            fill(
                a,
                b,
                out,
                FillSize::Sizes(a.sym_list(0)?),
                vec![a.scalar(1)?],
            )?
        }
        "aten.full_like.default" => {
            a.need(3)?;
            let out = a.out()?;
            let like = a.tensor(0)?;
            fill(a, b, out, FillSize::Like(like), vec![a.scalar(1)?])?
        }
        "aten.zeros.default" | "aten.ones.default" => {
            let out = a.out()?;
            let v = if name == "aten.ones.default" { 1 } else { 0 };
            fill(
                a,
                b,
                out,
                FillSize::Sizes(a.sym_list(0)?),
                vec![Scalar::I(v)],
            )?
        }
        "aten.zeros_like.default" | "aten.ones_like.default" => {
            let out = a.out()?;
            let v = if name == "aten.ones_like.default" {
                1
            } else {
                0
            };
            fill(a, b, out, FillSize::Like(a.tensor(0)?), vec![Scalar::I(v)])?
        }
        "aten.arange.start_step" => {
            a.need(4)?;
            let out = a.out()?;
            let bound = |k: usize| -> Result<IntArgOrF, Error> {
                match a.value(k)? {
                    Value::Double(x) => Ok(IntArgOrF::F(*x)),
                    _ => Ok(IntArgOrF::Int(a.sym(k)?)),
                }
            };
            fill(
                a,
                b,
                out,
                FillSize::Range(bound(0)?, bound(1)?, bound(2)?),
                vec![],
            )?
        }
        "aten.arange.default" => {
            a.need(2)?;
            let out = a.out()?;
            let end = match a.value(0)? {
                Value::Double(x) => IntArgOrF::F(*x),
                _ => IntArgOrF::Int(a.sym(0)?),
            };
            fill(
                a,
                b,
                out,
                FillSize::Range(
                    IntArgOrF::Int(IntArg::Const(0)),
                    end,
                    IntArgOrF::Int(IntArg::Const(1)),
                ),
                vec![],
            )?
        }
        "aten.cat.default" | "aten.concat.default" => {
            a.need(3)?;
            let inputs = a.tensor_list(0)?;
            let dim = a.int(1)?;
            let out = a.out()?;
            let oc = a.cls(out)?;
            let mut ks = Vec::new();
            for &v in &inputs {
                let c = a.cls(v)?;
                ks.push(b.kernel(
                    Shader::Elementwise {
                        ins: vec![c],
                        out: oc,
                        expr: conv("a", c, oc),
                    },
                    vec![Bind::Val(out)],
                    vec![Bind::Val(v)],
                ));
            }
            (Kind::Cat { inputs, dim, out }, ks)
        }
        "aten.split_with_sizes_copy.default" | "aten.split_copy.Tensor" => {
            a.need(4)?;
            let input = a.tensor(0)?;
            let sizes = if name == "aten.split_copy.Tensor" {
                SplitSizes::Chunk(a.int(1)?)
            } else {
                SplitSizes::Each(a.int_list(1)?)
            };
            let dim = a.int(2)?;
            let outs = a.out_list()?;
            let c = a.cls(input)?;
            let mut ks = Vec::new();
            for &o in &outs {
                let oc = a.cls(o)?;
                ks.push(b.kernel(
                    Shader::Elementwise {
                        ins: vec![c],
                        out: oc,
                        expr: conv("a", c, oc),
                    },
                    vec![Bind::Val(o)],
                    vec![Bind::Val(input)],
                ));
            }
            (
                Kind::Split {
                    input,
                    sizes,
                    dim,
                    outs,
                },
                ks,
            )
        }
        "aten.linear.default" => {
            a.need(4)?;
            matmul(
                a,
                b,
                a.tensor(0)?,
                a.tensor(1)?,
                a.opt_tensor(2)?,
                MatmulKind::Linear,
                1.0,
                1.0,
            )?
        }
        "aten.mm.default" | "aten.bmm.default" | "aten.matmul.default" => {
            a.need(3)?;
            matmul(
                a,
                b,
                a.tensor(0)?,
                a.tensor(1)?,
                None,
                MatmulKind::Matmul,
                1.0,
                0.0,
            )?
        }
        "aten.addmm.default" => {
            a.need(6)?;
            let beta = a.double(3)?;
            let alpha = a.double(4)?;
            matmul(
                a,
                b,
                a.tensor(1)?,
                a.tensor(2)?,
                Some(a.tensor(0)?),
                MatmulKind::Matmul,
                alpha,
                beta,
            )?
        }
        "aten.convolution.default" | "et_vk.conv_with_clamp.default" => {
            a.need(10)?;
            let x = a.tensor(0)?;
            let w = a.tensor(1)?;
            let bias = a.opt_tensor(2)?;
            let (min, max) = if name == "et_vk.conv_with_clamp.default" {
                a.need(12)?;
                (
                    a.opt_scalar(9)?.map_or(f32::NEG_INFINITY, |s| s.f() as f32),
                    a.opt_scalar(10)?.map_or(f32::INFINITY, |s| s.f() as f32),
                )
            } else {
                (f32::NEG_INFINITY, f32::INFINITY)
            };
            let out = a.out()?;
            for v in [Some(x), Some(w), bias, Some(out)].into_iter().flatten() {
                if a.cls(v)? != Cls::F {
                    return Err(not_supported(format!("{name} on integer tensors")));
                }
            }
            let ins: Vec<Bind> = [Some(x), Some(w), bias]
                .into_iter()
                .flatten()
                .map(Bind::Val)
                .collect();
            let k = b.kernel(
                Shader::Conv {
                    bias: bias.is_some(),
                },
                vec![Bind::Val(out)],
                ins.clone(),
            );
            let stride = a.pair(3, 1)?;
            let pad = a.pair(4, 0)?;
            let transposed = a.boolean(6)?;
            let groups = a.int(8)?;
            let wd = a.g.tensor(w).map(|t| t.dims.clone()).unwrap_or_default();
            let fast = if transposed || wd.len() < 3 {
                None
            } else if wd[1] == 1 && groups > 1 {
                Some(ConvFast::Depthwise)
            } else if wd[2..].iter().all(|&d| d == 1)
                && stride.iter().all(|&s| s == 1)
                && pad.iter().all(|&p| p == 0)
            {
                Some(ConvFast::Pointwise)
            } else {
                Some(ConvFast::Gemm)
            };
            let bias_b = bias.is_some();
            let mut ks = vec![k];
            if let Some(f) = fast {
                let shader = match f {
                    ConvFast::Gemm => Shader::Gemm {
                        src: GemmSrc::Conv,
                        bias: bias_b,
                    },
                    ConvFast::Pointwise => Shader::Gemm {
                        src: GemmSrc::Pointwise,
                        bias: bias_b,
                    },
                    ConvFast::Depthwise => Shader::Depthwise { bias: bias_b },
                };
                ks.push(b.kernel(shader, vec![Bind::Val(out)], ins));
            }
            let kind = Kind::Conv {
                x,
                w,
                bias,
                out,
                stride,
                pad,
                dil: a.pair(5, 1)?,
                transposed,
                out_pad: a.pair(7, 0)?,
                groups,
                min,
                max,
                fast,
            };
            (kind, ks)
        }
        "aten.max_pool2d_with_indices.default" | "aten.max_pool2d.default" => {
            a.need(7)?;
            let x = a.tensor(0)?;
            let outs = a.out_list()?;
            let out = *outs.first().ok_or_else(|| a.bad("no outputs"))?;
            let indices = outs.get(1).copied();
            let kernel = a.pair(1, 1)?;
            let stride = match a.int_list(2)?.as_slice() {
                [] => kernel,
                _ => a.pair(2, 1)?,
            };
            let mut bo = vec![Bind::Val(out)];
            if let Some(i) = indices {
                bo.push(Bind::Val(i));
            }
            let k = b.kernel(
                Shader::Pool {
                    max: true,
                    indices: indices.is_some(),
                },
                bo,
                vec![Bind::Val(x)],
            );
            let kind = Kind::Pool {
                x,
                out,
                indices,
                max: true,
                kernel,
                stride,
                pad: a.pair(3, 0)?,
                dil: a.pair(4, 1)?,
                ceil: a.boolean(5)?,
                include_pad: false,
                divisor: 0,
            };
            (kind, vec![k])
        }
        "aten.avg_pool2d.default" => {
            a.need(8)?;
            let x = a.tensor(0)?;
            let out = a.out()?;
            let kernel = a.pair(1, 1)?;
            let stride = match a.int_list(2)?.as_slice() {
                [] => kernel,
                _ => a.pair(2, 1)?,
            };
            let divisor = match a.value(6)? {
                Value::Null => 0,
                _ => a.int(6)?,
            };
            let k = b.kernel(
                Shader::Pool {
                    max: false,
                    indices: false,
                },
                vec![Bind::Val(out)],
                vec![Bind::Val(x)],
            );
            let kind = Kind::Pool {
                x,
                out,
                indices: None,
                max: false,
                kernel,
                stride,
                pad: a.pair(3, 0)?,
                dil: [1, 1],
                ceil: a.boolean(4)?,
                include_pad: a.boolean(5)?,
                divisor,
            };
            (kind, vec![k])
        }
        "aten.mean.dim"
        | "aten.sum.dim_IntList"
        | "aten.amax.default"
        | "aten.amin.default"
        | "aten.argmax.default"
        | "aten.argmin.default"
        | "aten.sum.default"
        | "aten.mean.default" => {
            a.need(2)?;
            let x = a.tensor(0)?;
            let out = a.out()?;
            let (mode, dims, keepdim) = match name {
                "aten.mean.dim" => (ReduceMode::Mean, a.opt_int_list(1)?, a.boolean(2)?),
                "aten.sum.dim_IntList" => (ReduceMode::Sum, a.opt_int_list(1)?, a.boolean(2)?),
                "aten.amax.default" => (ReduceMode::Max, Some(a.int_list(1)?), a.boolean(2)?),
                "aten.amin.default" => (ReduceMode::Min, Some(a.int_list(1)?), a.boolean(2)?),
                "aten.argmax.default" => (ReduceMode::ArgMax, a.opt_int_list(1)?, a.boolean(2)?),
                "aten.argmin.default" => (ReduceMode::ArgMin, a.opt_int_list(1)?, a.boolean(2)?),
                "aten.sum.default" => (ReduceMode::Sum, None, false),
                _ => (ReduceMode::Mean, None, false),
            };
            // An empty dim list reduces everything (sum/mean).
            let dims = dims.filter(|d| !d.is_empty());
            let rank = a.g.tensor(x).map_or(0, |t| t.dims.len());
            let ic = a.cls(x)?;
            let oc = a.cls(out)?;
            if matches!(mode, ReduceMode::ArgMax | ReduceMode::ArgMin)
                && dims.as_ref().is_none_or(|d| d.len() != 1)
            {
                return Err(not_supported(format!("{name} over all dims")));
            }
            let red = reduce_dims(dims.as_deref(), rank).map_err(|e| a.bad(e))?;
            let runs = runs(&red);
            let mut ks = Vec::new();
            let mut cur = Bind::Val(x);
            let mut cur_cls = ic;
            let mut shape = a.g.tensor(x).map(|t| t.dims.clone()).unwrap_or_default();
            for (k, run) in runs.iter().enumerate() {
                for &d in run {
                    if let Some(s) = shape.get_mut(d) {
                        *s = 1;
                    }
                }
                let last = k + 1 == runs.len();
                let dst = if last {
                    Bind::Val(out)
                } else {
                    let n = shape.iter().fold(1usize, |a, &d| a.saturating_mul(d));
                    b.scratch.push(n.max(1));
                    Bind::Scratch(b.scratch.len() - 1)
                };
                let m = match (mode, last) {
                    (ReduceMode::Mean, _) => ReduceMode::Mean,
                    (m, _) => m,
                };
                ks.push(b.kernel(
                    Shader::Reduce {
                        mode: m,
                        input: cur_cls,
                    },
                    vec![dst],
                    vec![cur],
                ));
                cur = dst;
                cur_cls = match m {
                    ReduceMode::Mean => Cls::F,
                    ReduceMode::ArgMax | ReduceMode::ArgMin => Cls::I,
                    _ => cur_cls,
                };
            }
            if runs.is_empty() {
                // Nothing to reduce: a copy.
                ks.push(b.kernel(
                    Shader::Elementwise {
                        ins: vec![ic],
                        out: oc,
                        expr: conv("a", ic, oc),
                    },
                    vec![Bind::Val(out)],
                    vec![Bind::Val(x)],
                ));
            } else if cur_cls != oc {
                return Err(not_supported(format!(
                    "{name} from {ic:?} to {oc:?} elements"
                )));
            }
            (
                Kind::Reduce {
                    x,
                    out,
                    dims,
                    keepdim,
                    mode,
                },
                ks,
            )
        }
        "aten._softmax.default"
        | "aten._log_softmax.default"
        | "aten.softmax.int"
        | "aten.log_softmax.int" => {
            a.need(3)?;
            let x = a.tensor(0)?;
            let out = a.out()?;
            if a.cls(x)? != Cls::F || a.cls(out)? != Cls::F {
                return Err(not_supported(format!("{name} on integer tensors")));
            }
            let log = name.contains("log_softmax");
            let k = b.kernel(
                Shader::Softmax { log },
                vec![Bind::Val(out)],
                vec![Bind::Val(x)],
            );
            (
                Kind::Softmax {
                    x,
                    out,
                    dim: a.int(1)?,
                },
                vec![k],
            )
        }
        "aten.native_layer_norm.default" | "aten.native_group_norm.default" => {
            let group = name == "aten.native_group_norm.default";
            a.need(if group { 9 } else { 6 })?;
            let x = a.tensor(0)?;
            let (w, bias, normalized, groups, eps) = if group {
                (
                    a.opt_tensor(1)?,
                    a.opt_tensor(2)?,
                    0,
                    Some(a.int(6)?),
                    a.double(7)?,
                )
            } else {
                (
                    a.opt_tensor(2)?,
                    a.opt_tensor(3)?,
                    a.int_list(1)?.len(),
                    None,
                    a.double(4)?,
                )
            };
            let outs = a.out_list()?;
            let out = *outs.first().ok_or_else(|| a.bad("no outputs"))?;
            let mean = outs.get(1).copied();
            let rstd = outs.get(2).copied();
            b.scratch.push(1);
            let dummy = Bind::Scratch(b.scratch.len() - 1);
            let mo = vec![
                Bind::Val(out),
                mean.map_or(dummy, Bind::Val),
                rstd.map_or(dummy, Bind::Val),
            ];
            let mut ins = vec![Bind::Val(x)];
            ins.extend(w.map(Bind::Val));
            ins.extend(bias.map(Bind::Val));
            let k = b.kernel(
                Shader::Norm {
                    weight: w.is_some(),
                    bias: bias.is_some(),
                },
                mo,
                ins,
            );
            (
                Kind::Norm {
                    x,
                    out,
                    mean,
                    rstd,
                    group: groups,
                    normalized,
                    eps,
                },
                vec![k],
            )
        }
        "aten.embedding.default" => {
            a.need(3)?;
            let table = a.tensor(0)?;
            let ids = a.tensor(1)?;
            let out = a.out()?;
            if a.cls(ids)? != Cls::I {
                return Err(a.bad("embedding indices are not integers"));
            }
            let k = b.kernel(
                Shader::Embedding {
                    table: a.cls(table)?,
                },
                vec![Bind::Val(out)],
                vec![Bind::Val(table), Bind::Val(ids)],
            );
            (
                Kind::Gather {
                    table,
                    ids,
                    out,
                    dim: 0,
                },
                vec![k],
            )
        }
        "aten.index.Tensor" => {
            a.need(3)?;
            let table = a.tensor(0)?;
            let out = a.out()?;
            let list = match a.value(1)? {
                Value::ValueList(l) => l.clone(),
                v => return Err(a.bad(format!("indices are a {}", v.kind()))),
            };
            let mut at = None;
            for (d, &v) in list.iter().enumerate() {
                match a.g.values.get(v) {
                    Some(Value::Null) => {}
                    Some(Value::Tensor(_)) if at.is_none() => at = Some((d, v)),
                    _ => {
                        return Err(not_supported(
                            "aten.index.Tensor with more than one index tensor",
                        ))
                    }
                }
            }
            let (dim, ids) = at.ok_or_else(|| a.bad("no index tensor"))?;
            if a.cls(ids)? != Cls::I
                || a.g
                    .tensor(ids)
                    .is_some_and(|t| t.dtype == crate::graph::DType::Bool)
            {
                return Err(not_supported("aten.index.Tensor with a boolean mask"));
            }
            let k = b.kernel(
                Shader::Embedding {
                    table: a.cls(table)?,
                },
                vec![Bind::Val(out)],
                vec![Bind::Val(table), Bind::Val(ids)],
            );
            (
                Kind::Gather {
                    table,
                    ids,
                    out,
                    dim,
                },
                vec![k],
            )
        }
        "aten.upsample_nearest2d.vec" | "aten.upsample_bilinear2d.vec" => {
            let bilinear = name == "aten.upsample_bilinear2d.vec";
            a.need(if bilinear { 5 } else { 4 })?;
            let x = a.tensor(0)?;
            let out = a.out()?;
            let size = a.opt_int_list(1)?;
            let (align, scales) = if bilinear {
                (a.boolean(2)?, scales_arg(a, 3)?)
            } else {
                (false, scales_arg(a, 2)?)
            };
            let c = a.cls(x)?;
            if bilinear && c != Cls::F {
                return Err(not_supported("bilinear upsampling of integer tensors"));
            }
            let k = b.kernel(
                Shader::Upsample { bilinear, cls: c },
                vec![Bind::Val(out)],
                vec![Bind::Val(x)],
            );
            (
                Kind::Upsample {
                    x,
                    out,
                    size,
                    scales,
                    align,
                    bilinear,
                },
                vec![k],
            )
        }
        "aten.constant_pad_nd.default" => {
            a.need(4)?;
            let x = a.tensor(0)?;
            let out = a.out()?;
            let pad = a.int_list(1)?;
            let value = a.scalar(2)?;
            let c = a.cls(x)?;
            let k = b.kernel(
                Shader::Pad { cls: c },
                vec![Bind::Val(out)],
                vec![Bind::Val(x)],
            );
            let sc = match c {
                Cls::F => Scalar::F(value.f()),
                Cls::I => Scalar::I(value.i()),
            };
            // The pad value travels as a scalar of the step.
            let kind = Kind::Pad { x, out, pad };
            let _ = sc;
            return Ok(Some((kind_with_pad_value(kind, sc), vec![k])));
        }
        "sym_size.int" | "aten.sym_size.int" => {
            a.need(3)?;
            (
                Kind::SymSize {
                    x: a.tensor(0)?,
                    dim: a.int(1)?,
                    out: a.sym_out()?,
                },
                vec![],
            )
        }
        "add" | "sub" | "mul" | "floordiv" => {
            a.need(3)?;
            let op = match name {
                "add" => SymOp::Add,
                "sub" => SymOp::Sub,
                "mul" => SymOp::Mul,
                _ => SymOp::FloorDiv,
            };
            (
                Kind::SymArith {
                    a: a.sym(0)?,
                    b: a.sym(1)?,
                    op,
                    out: a.sym_out()?,
                },
                vec![],
            )
        }
        _ => return Ok(None),
    }))
}

/// Pad values are kept in a side table keyed by output (a `Kind::Pad` has no field for
/// it to keep the enum small); see [`pad_value`].
fn kind_with_pad_value(kind: Kind, v: Scalar) -> Kind {
    if let Kind::Pad { x, out, mut pad } = kind {
        // Encoded after the pad pairs: the value's bits as one extra item.
        let bits = match v {
            Scalar::F(f) => (f as f32).to_bits() as i64,
            Scalar::I(i) => (i as i32) as u32 as i64,
        };
        pad.push(bits);
        Kind::Pad { x, out, pad }
    } else {
        kind
    }
}

fn scales_arg(a: &Args<'_>, k: usize) -> Result<Option<Vec<f64>>, Error> {
    match a.value(k)? {
        Value::Null => Ok(None),
        Value::DoubleList(l) => Ok(Some(l.clone())),
        Value::IntList(l) => Ok(Some(l.iter().map(|&x| x as f64).collect())),
        v => Err(a.bad(format!(
            "argument {k} is a {}, expected scale factors",
            v.kind()
        ))),
    }
}

fn view(a: &Args<'_>, b: &mut Builder, v: ViewKind) -> Result<(Kind, Vec<usize>), Error> {
    let input = a.tensor(0)?;
    let out = a.out()?;
    let c = a.cls(input)?;
    let oc = a.cls(out)?;
    let out_bool =
        a.g.tensor(out)
            .is_some_and(|t| t.dtype == crate::graph::DType::Bool);
    let in_bool =
        a.g.tensor(input)
            .is_some_and(|t| t.dtype == crate::graph::DType::Bool);
    let expr = if out_bool && !in_bool {
        boolean(&format!("a != {}(0)", c.ty()))
    } else {
        conv("a", c, oc)
    };
    let k = b.kernel(
        Shader::Elementwise {
            ins: vec![c],
            out: oc,
            expr,
        },
        vec![Bind::Val(out)],
        vec![Bind::Val(input)],
    );
    Ok((
        Kind::View {
            input,
            out,
            view: v,
        },
        vec![k],
    ))
}

fn fill(
    a: &Args<'_>,
    b: &mut Builder,
    out: usize,
    size: FillSize,
    scalars: Vec<Scalar>,
) -> Result<(Kind, Vec<usize>), Error> {
    let oc = a.cls(out)?;
    let expr = match (&size, oc) {
        (FillSize::Range(..), Cls::F) => "sf(0u) + f32(idx) * sf(2u)".to_string(),
        (FillSize::Range(..), Cls::I) => "si(1u) + i32(idx) * si(3u)".to_string(),
        (_, Cls::F) => "sf(0u)".into(),
        (_, Cls::I) => "si(1u)".into(),
    };
    let k = b.kernel(
        Shader::Elementwise {
            ins: vec![],
            out: oc,
            expr,
        },
        vec![Bind::Val(out)],
        vec![],
    );
    Ok((Kind::Fill { out, size, scalars }, vec![k]))
}

#[allow(clippy::too_many_arguments)]
fn matmul(
    a: &Args<'_>,
    b: &mut Builder,
    x: usize,
    w: usize,
    bias: Option<usize>,
    kind: MatmulKind,
    alpha: f64,
    beta: f64,
) -> Result<(Kind, Vec<usize>), Error> {
    let out = a.out()?;
    for v in [Some(x), Some(w), bias, Some(out)].into_iter().flatten() {
        if a.cls(v)? != Cls::F {
            return Err(not_supported(format!("{} on integer tensors", a.name)));
        }
    }
    let mut ins = vec![Bind::Val(x), Bind::Val(w)];
    ins.extend(bias.map(Bind::Val));
    let k = b.kernel(
        Shader::Matmul {
            bias: bias.is_some(),
        },
        vec![Bind::Val(out)],
        ins.clone(),
    );
    let src = match kind {
        MatmulKind::Linear => GemmSrc::MatmulBt,
        MatmulKind::Matmul => GemmSrc::Matmul,
    };
    let tiled = b.kernel(
        Shader::Gemm {
            src,
            bias: bias.is_some(),
        },
        vec![Bind::Val(out)],
        ins,
    );
    Ok((
        Kind::Matmul {
            a: x,
            b: w,
            bias,
            out,
            kind,
            alpha,
            beta,
        },
        vec![k, tiled],
    ))
}

/// Normalizes reduction dims (sorted, unique); `None` reduces all dims.
fn reduce_dims(dims: Option<&[i64]>, rank: usize) -> Result<Vec<usize>, String> {
    let mut out: Vec<usize> = match dims {
        None => (0..rank).collect(),
        Some(d) => d
            .iter()
            .map(|&x| norm_dim(x, rank))
            .collect::<Result<_, _>>()?,
    };
    out.sort_unstable();
    out.dedup();
    // A 0-d tensor accepts dim 0 (or -1), as PyTorch's reductions do: reducing it over
    // that dim leaves it as it is.
    out.retain(|&d| d < rank);
    Ok(out)
}

/// Groups sorted dims into runs of adjacent dims.
fn runs(dims: &[usize]) -> Vec<Vec<usize>> {
    let mut out: Vec<Vec<usize>> = Vec::new();
    for &d in dims {
        match out.last_mut() {
            Some(r) if r.last().is_some_and(|&l| l + 1 == d) => r.push(d),
            _ => out.push(vec![d]),
        }
    }
    out
}

/// A dim index in `[-rank, rank)` made non-negative.
pub fn norm_dim(d: i64, rank: usize) -> Result<usize, String> {
    let r = rank as i64;
    let x = if d < 0 { d + r } else { d };
    if x < 0 || x >= r.max(1) {
        Err(format!("dim {d} is out of range for rank {rank}"))
    } else {
        Ok(x as usize)
    }
}

// ---------------------------------------------------------------------------------
// Execute-time: shapes and launch parameters.
// ---------------------------------------------------------------------------------

fn bad_arg(msg: impl Into<String>) -> Error {
    err(ErrorKind::InvalidArgument, msg)
}

fn contiguous_strides(s: &[usize]) -> Vec<usize> {
    let mut st = vec![0usize; s.len()];
    let mut acc = 1usize;
    for i in (0..s.len()).rev() {
        st[i] = acc;
        acc = acc.saturating_mul(s[i]);
    }
    st
}

fn numel(s: &[usize]) -> Result<usize, Error> {
    s.iter()
        .try_fold(1usize, |a, &d| a.checked_mul(d))
        .filter(|&n| {
            (n as u64)
                .checked_mul(4)
                .is_some_and(|b| b <= crate::graph::MAX_TENSOR_BYTES)
        })
        .ok_or_else(|| bad_arg(format!("sizes {s:?} are too large")))
}

/// The broadcast of two shapes (ATen rules: right-aligned, 1 stretches).
pub fn broadcast(x: &[usize], y: &[usize]) -> Result<Vec<usize>, Error> {
    let n = x.len().max(y.len());
    let mut out = vec![0; n];
    for i in 0..n {
        let a = if i + x.len() >= n {
            x[i + x.len() - n]
        } else {
            1
        };
        let b = if i + y.len() >= n {
            y[i + y.len() - n]
        } else {
            1
        };
        out[i] = if a == b || b == 1 {
            a
        } else if a == 1 {
            b
        } else {
            return Err(bad_arg(format!("sizes {x:?} and {y:?} do not broadcast")));
        };
    }
    Ok(out)
}

/// Strides of an input of sizes `s` (contiguous, or `strides`) read broadcast over an
/// output of sizes `out` (same rank or lower), right-aligned to 8 dims.
fn bstrides(s: &[usize], strides: &[usize], out: &[usize]) -> [u32; 8] {
    let mut r = [0u32; 8];
    let off = 8 - out.len();
    let sh = out.len() - s.len().min(out.len());
    for (i, (&d, &st)) in s.iter().zip(strides).enumerate() {
        let oi = i + sh;
        if d != 1 || out.get(oi) == Some(&1) {
            if let Some(slot) = r.get_mut(off + oi) {
                *slot = if d == 1 { 0 } else { st as u32 };
            }
        }
    }
    r
}

struct EwLaunch {
    params: [u32; PARAM_WORDS],
    n: usize,
}

impl EwLaunch {
    fn new(shape: &[usize]) -> Result<EwLaunch, Error> {
        if shape.len() > MAX_DIMS {
            return Err(bad_arg(format!("rank {} above {MAX_DIMS}", shape.len())));
        }
        let n = numel(shape)?;
        let mut p = [0u32; PARAM_WORDS];
        p[0] = n as u32;
        for k in 0..8 {
            p[1 + k] = 1;
        }
        let off = 8 - shape.len();
        for (i, &d) in shape.iter().enumerate() {
            p[1 + off + i] = d as u32;
        }
        let st = contiguous_strides(shape);
        for (i, &s) in st.iter().enumerate() {
            p[10 + off + i] = s as u32;
        }
        Ok(EwLaunch { params: p, n })
    }
    fn out(&mut self, offset: usize, strides: &[usize]) {
        self.params[9] = offset as u32;
        for k in 0..8 {
            self.params[10 + k] = 0;
        }
        let off = 8 - strides.len().min(8);
        for (i, &s) in strides.iter().take(8).enumerate() {
            self.params[10 + off + i] = s as u32;
        }
    }
    fn input(&mut self, k: usize, offset: usize, st: [u32; 8]) {
        let base = 18 + 9 * k;
        self.params[base] = offset as u32;
        self.params[base + 1..base + 9].copy_from_slice(&st);
    }
    fn scalars(&mut self, sc: &[Scalar]) {
        for (k, s) in sc.iter().enumerate() {
            let i = EW_SCALARS + 2 * k;
            if i + 1 < PARAM_WORDS {
                self.params[i] = (s.f() as f32).to_bits();
                self.params[i + 1] = (s.i().clamp(i32::MIN as i64, i32::MAX as i64) as i32) as u32;
            }
        }
    }
    fn launch(self, kernel: usize) -> Launch {
        Launch {
            kernel,
            params: self.params,
            threads: self.n as u64,
            wg: WORKGROUP,
        }
    }
}

fn sizes_of(sz: &Sizes, v: usize) -> Result<Vec<usize>, Error> {
    sz.dims.get(v).and_then(|d| d.clone()).ok_or_else(|| {
        bad_arg(format!(
            "value {v} has no sizes yet (used before it is produced)"
        ))
    })
}

fn set(g: &Graph, sz: &mut Sizes, v: usize, s: Vec<usize>) -> Result<(), Error> {
    let t = g
        .tensor(v)
        .ok_or_else(|| bad_arg(format!("value {v} is not a tensor")))?;
    let n = numel(&s)?;
    if s.len() > MAX_DIMS {
        return Err(bad_arg(format!("rank {} above {MAX_DIMS}", s.len())));
    }
    if n > t.numel().max(1) || (n > 0 && t.numel() == 0) {
        return Err(bad_arg(format!(
            "value {v} would have sizes {s:?}, above its serialized sizes {:?}",
            t.dims
        )));
    }
    if let Some(slot) = sz.dims.get_mut(v) {
        *slot = Some(s);
    }
    Ok(())
}

fn int_of(sz: &Sizes, a: IntArg) -> Result<i64, Error> {
    match a {
        IntArg::Const(x) => Ok(x),
        IntArg::Sym(v) => sz
            .syms
            .get(v)
            .copied()
            .ok_or_else(|| bad_arg(format!("SymInt {v} is unknown"))),
    }
}

fn dim(d: i64, rank: usize) -> Result<usize, Error> {
    norm_dim(d, rank).map_err(bad_arg)
}

/// Dimension `d` of a tensor of sizes `s`, for an operator that indexes along it
/// (select, slice): unlike [`dim`], a rank-0 tensor has no such dimension (found by
/// fuzzing: a slice of a scalar).
fn indexed_dim(d: i64, s: &[usize]) -> Result<usize, Error> {
    let k = dim(d, s.len())?;
    if k >= s.len() {
        return Err(bad_arg(format!(
            "dim {d} cannot be indexed in a tensor of rank {}",
            s.len()
        )));
    }
    Ok(k)
}

fn usz(x: i64, what: &str) -> Result<usize, Error> {
    usize::try_from(x).map_err(|_| bad_arg(format!("{what} is {x}")))
}

fn kernel_at(step: &Step, i: usize) -> Result<usize, Error> {
    step.kernels.get(i).copied().ok_or_else(|| {
        err(
            ErrorKind::Internal,
            format!("kernel {i} of a step is missing"),
        )
    })
}

fn run_step(g: &Graph, step: &Step, sz: &mut Sizes, out: &mut Vec<Launch>) -> Result<(), Error> {
    // Steps without kernels (SymInt arithmetic) never launch.
    let k0 = step.kernels.first().copied().unwrap_or(usize::MAX);
    match &step.kind {
        Kind::Elementwise {
            operands,
            out: o,
            scalars,
            shapes,
        } => {
            let mut shape: Vec<usize> = Vec::new();
            let mut ins: Vec<(Vec<usize>, Vec<usize>)> = Vec::new();
            let mut ti = 0;
            for op in operands {
                if let Operand::Tensor(v) = op {
                    let actual = sizes_of(sz, *v)?;
                    let view = shapes.get(ti).cloned().flatten();
                    let s = match view {
                        Some(vs) if numel(&vs)? == numel(&actual)? => vs,
                        Some(_) => {
                            return Err(bad_arg("per-channel operand does not match the channels"))
                        }
                        None => actual,
                    };
                    shape = broadcast(&shape, &s)?;
                    let st = contiguous_strides(&s);
                    ins.push((s, st));
                    ti += 1;
                }
            }
            if ins.len() > MAX_EW_INPUTS {
                return Err(bad_arg("too many operands"));
            }
            set(g, sz, *o, shape.clone())?;
            let mut l = EwLaunch::new(&shape)?;
            for (k, (s, st)) in ins.iter().enumerate() {
                l.input(k, 0, bstrides(s, st, &shape));
            }
            l.scalars(scalars);
            out.push(l.launch(k0));
        }
        Kind::View {
            input,
            out: o,
            view,
        } => {
            let s = sizes_of(sz, *input)?;
            let st = contiguous_strides(&s);
            let (os, off, ost) = view_geometry(view, &s, &st, sz)?;
            set(g, sz, *o, os.clone())?;
            let mut l = EwLaunch::new(&os)?;
            let mut r = [0u32; 8];
            let base = 8 - ost.len().min(8);
            for (i, &x) in ost.iter().take(8).enumerate() {
                r[base + i] = x as u32;
            }
            l.input(0, off, r);
            out.push(l.launch(k0));
        }
        Kind::Fill {
            out: o,
            size,
            scalars,
        } => {
            let (shape, sc) = match size {
                FillSize::Sizes(l) => {
                    let mut v = Vec::new();
                    for &x in l {
                        v.push(usz(int_of(sz, x)?, "a size")?);
                    }
                    (v, scalars.clone())
                }
                FillSize::Like(t) => (sizes_of(sz, *t)?, scalars.clone()),
                FillSize::Range(st, en, step) => {
                    let val = |x: &IntArgOrF| -> Result<Scalar, Error> {
                        Ok(match x {
                            IntArgOrF::F(f) => Scalar::F(*f),
                            IntArgOrF::Int(i) => Scalar::I(int_of(sz, *i)?),
                        })
                    };
                    let (a, b, c) = (val(st)?, val(en)?, val(step)?);
                    if c.f() == 0.0 {
                        return Err(bad_arg("arange step is 0"));
                    }
                    let n = ((b.f() - a.f()) / c.f()).ceil().max(0.0);
                    if !n.is_finite() || n > u32::MAX as f64 {
                        return Err(bad_arg("arange length out of range"));
                    }
                    (vec![n as usize], vec![a, c])
                }
            };
            set(g, sz, *o, shape.clone())?;
            let mut l = EwLaunch::new(&shape)?;
            l.scalars(&sc);
            out.push(l.launch(k0));
        }
        Kind::Cat {
            inputs,
            dim: d,
            out: o,
        } => {
            let shapes: Vec<Vec<usize>> = inputs
                .iter()
                .map(|&v| sizes_of(sz, v))
                .collect::<Result<_, _>>()?;
            // Legacy: 1-D empty tensors are skipped.
            let used: Vec<usize> = (0..shapes.len())
                .filter(|&i| !(shapes[i].len() == 1 && shapes[i][0] == 0))
                .collect();
            let Some(&first) = used.first() else {
                return Err(bad_arg("cat of only empty tensors"));
            };
            let rank = shapes[first].len();
            let d = dim(*d, rank)?;
            let mut os = shapes[first].clone();
            os[d] = 0;
            for &i in &used {
                let s = &shapes[i];
                if s.len() != rank || (0..rank).any(|k| k != d && s[k] != os[k]) {
                    return Err(bad_arg(format!(
                        "cat of sizes {s:?} and {:?}",
                        shapes[first]
                    )));
                }
                os[d] += s[d];
            }
            set(g, sz, *o, os.clone())?;
            let ost = contiguous_strides(&os);
            let mut at = 0usize;
            for &i in &used {
                let s = &shapes[i];
                let mut l = EwLaunch::new(s)?;
                l.out(at * ost[d], &ost);
                l.input(0, 0, bstrides(s, &contiguous_strides(s), s));
                out.push(l.launch(kernel_at(step, i)?));
                at += s[d];
            }
        }
        _ => return run_step2(g, step, sz, out),
    }
    Ok(())
}

/// Output sizes, input offset and input strides (per output dim) of a view-like copy.
fn view_geometry(
    v: &ViewKind,
    s: &[usize],
    st: &[usize],
    sz: &Sizes,
) -> Result<(Vec<usize>, usize, Vec<usize>), Error> {
    let rank = s.len();
    Ok(match v {
        ViewKind::Same => (s.to_vec(), 0, st.to_vec()),
        ViewKind::Reshape(l) => {
            let n = numel(s)?;
            let mut out = Vec::with_capacity(l.len());
            let mut infer = None;
            for (i, &x) in l.iter().enumerate() {
                let x = int_of(sz, x)?;
                if x == -1 && infer.is_none() {
                    infer = Some(i);
                    out.push(1);
                } else {
                    out.push(usz(x, "a view size")?);
                }
            }
            let known = numel(&out)?;
            if let Some(i) = infer {
                if known == 0 || n % known != 0 {
                    return Err(bad_arg(format!("cannot view {s:?} as {l:?}")));
                }
                out[i] = n / known;
            } else if known != n {
                return Err(bad_arg(format!(
                    "cannot view {s:?} ({n} elements) as {out:?}"
                )));
            }
            let cs = contiguous_strides(&out);
            (out, 0, cs)
        }
        ViewKind::Squeeze(dims) => {
            let drop: Vec<usize> = match dims {
                None => (0..rank).filter(|&d| s[d] == 1).collect(),
                Some(l) => {
                    let mut d = Vec::new();
                    for &x in l {
                        if rank == 0 {
                            continue;
                        }
                        let k = dim(x, rank)?;
                        if s[k] == 1 {
                            d.push(k);
                        }
                    }
                    d
                }
            };
            let out: Vec<usize> = (0..rank)
                .filter(|d| !drop.contains(d))
                .map(|d| s[d])
                .collect();
            let cs = contiguous_strides(&out);
            (out, 0, cs)
        }
        ViewKind::Unsqueeze(d) => {
            let k = dim(*d, rank + 1)?;
            let mut out = s.to_vec();
            out.insert(k, 1);
            let cs = contiguous_strides(&out);
            (out, 0, cs)
        }
        ViewKind::Permute(p) => {
            if p.len() != rank {
                return Err(bad_arg(format!("permutation {p:?} for rank {rank}")));
            }
            let mut seen = vec![false; rank];
            let mut out = Vec::new();
            let mut ost = Vec::new();
            for &x in p {
                let k = dim(x, rank)?;
                if std::mem::replace(&mut seen[k], true) {
                    return Err(bad_arg(format!("{p:?} is not a permutation")));
                }
                out.push(s[k]);
                ost.push(st[k]);
            }
            (out, 0, ost)
        }
        ViewKind::Transpose(a, b) => {
            if rank < 2 {
                (s.to_vec(), 0, st.to_vec())
            } else {
                let (a, b) = (dim(*a, rank)?, dim(*b, rank)?);
                let mut out = s.to_vec();
                let mut ost = st.to_vec();
                out.swap(a, b);
                ost.swap(a, b);
                (out, 0, ost)
            }
        }
        ViewKind::Select { dim: d, index } => {
            let k = indexed_dim(*d, s)?;
            let mut i = int_of(sz, *index)?;
            if i < 0 {
                i += s[k] as i64;
            }
            if i < 0 || i as usize >= s[k] {
                return Err(bad_arg(format!(
                    "select index {i} out of range for size {}",
                    s[k]
                )));
            }
            let mut out = s.to_vec();
            let mut ost = st.to_vec();
            out.remove(k);
            ost.remove(k);
            (out, i as usize * st[k], ost)
        }
        ViewKind::Slice {
            dim: d,
            start,
            end,
            step,
        } => {
            let k = indexed_dim(*d, s)?;
            let n = s[k] as i64;
            let fix = |x: i64| -> i64 {
                let x = if x < 0 { x.saturating_add(n) } else { x };
                x.clamp(0, n)
            };
            let a = fix(match start {
                Some(x) => int_of(sz, *x)?,
                None => 0,
            });
            let b = fix(match end {
                Some(x) => int_of(sz, *x)?,
                None => n,
            });
            let len = if b > a {
                ((b - a) as u64).div_ceil(*step as u64) as i64
            } else {
                0
            };
            let mut out = s.to_vec();
            let mut ost = st.to_vec();
            out[k] = len as usize;
            ost[k] = st[k].saturating_mul(*step as usize);
            (out, a as usize * st[k], ost)
        }
        ViewKind::Expand(l) => {
            if l.len() < rank || l.len() > MAX_DIMS {
                return Err(bad_arg(format!("cannot expand {s:?} to {} dims", l.len())));
            }
            let lead = l.len() - rank;
            let mut out = Vec::new();
            let mut ost = Vec::new();
            for (i, &x) in l.iter().enumerate() {
                let x = int_of(sz, x)?;
                if i < lead {
                    out.push(usz(x, "an expand size")?);
                    ost.push(0);
                } else {
                    let (d, t) = (s[i - lead], st[i - lead]);
                    if x == -1 || x as usize == d {
                        out.push(d);
                        ost.push(if d == 1 { 0 } else { t });
                    } else if d == 1 {
                        out.push(usz(x, "an expand size")?);
                        ost.push(0);
                    } else {
                        return Err(bad_arg(format!("cannot expand {s:?} to {l:?}")));
                    }
                }
            }
            (out, 0, ost)
        }
    })
}

fn u(x: usize) -> u32 {
    x as u32
}

fn threads_launch(kernel: usize, n: usize, mut p: [u32; PARAM_WORDS]) -> Launch {
    p[0] = n as u32;
    Launch {
        kernel,
        params: p,
        threads: n as u64,
        wg: WORKGROUP,
    }
}

/// A clamp bound with infinities replaced by the largest finite values: the same
/// clamp for finite inputs, and no infinite constants for a driver's fast-math
/// assumptions (a precaution; no driver seen here miscompiles them).
fn finite(x: f32) -> f32 {
    x.clamp(f32::MIN, f32::MAX)
}

/// Smallest M and N of a product worth the tiled kernel: below, most of a 64x64 tile
/// would be idle and the general kernel (one output per invocation) wins.
const GEMM_MIN: usize = 16;

/// A launch of a [`Shader::Gemm`] over `batch` products of `m` x `n`, with `p[6..]`
/// already set.
fn gemm_launch(
    kernel: usize,
    batch: usize,
    m: usize,
    n: usize,
    k: usize,
    mut p: [u32; PARAM_WORDS],
) -> Result<Launch, Error> {
    let tn = n.div_ceil(GEMM_TILE);
    let tm = m.div_ceil(GEMM_TILE);
    let groups = tn
        .checked_mul(tm)
        .and_then(|x| x.checked_mul(batch))
        .filter(|&g| g <= u32::MAX as usize)
        .ok_or_else(|| bad_arg("product too large"))?;
    p[0] = u(groups);
    p[1] = u(m);
    p[2] = u(n);
    p[3] = u(k);
    p[4] = u(tn);
    p[5] = u(tm);
    Ok(Launch {
        kernel,
        params: p,
        threads: groups as u64 * GEMM_WG as u64,
        wg: GEMM_WG,
    })
}

/// Output length of a convolution or pooling window along one dim.
fn window_out(input: i64, k: i64, s: i64, p: i64, d: i64, ceil: bool) -> Result<usize, Error> {
    if k <= 0 || s <= 0 || d <= 0 || p < 0 {
        return Err(bad_arg(format!(
            "window {k} stride {s} padding {p} dilation {d}"
        )));
    }
    // i128: every term comes from the payload.
    let (input, k, s, p, d) = (input as i128, k as i128, s as i128, p as i128, d as i128);
    let eff = d * (k - 1) + 1;
    let span = input + 2 * p - eff;
    if span < 0 {
        return Err(bad_arg(format!(
            "window of {eff} does not fit size {input} with padding {p}"
        )));
    }
    let mut o = if ceil {
        (span + s - 1) / s + 1
    } else {
        span / s + 1
    };
    if ceil && (o - 1) * s >= input + p {
        o -= 1;
    }
    usize::try_from(o)
        .ok()
        .filter(|&o| o <= u32::MAX as usize)
        .ok_or_else(|| bad_arg(format!("window output size {o}")))
}

fn run_step2(g: &Graph, step: &Step, sz: &mut Sizes, out: &mut Vec<Launch>) -> Result<(), Error> {
    let k0 = step.kernels.first().copied().unwrap_or(usize::MAX);
    let mut p = [0u32; PARAM_WORDS];
    match &step.kind {
        Kind::Split {
            input,
            sizes,
            dim: d,
            outs,
        } => {
            let s = sizes_of(sz, *input)?;
            let d = dim(*d, s.len())?;
            let each: Vec<usize> = match sizes {
                SplitSizes::Each(l) => l
                    .iter()
                    .map(|&x| usz(x, "a split size"))
                    .collect::<Result<_, _>>()?,
                SplitSizes::Chunk(c) => {
                    let c = usz(*c, "a split size")?.max(1);
                    let mut v = Vec::new();
                    let mut left = s[d];
                    while left > 0 {
                        v.push(c.min(left));
                        left -= c.min(left);
                    }
                    v
                }
            };
            // Checked: the sizes come from the payload and may sum past usize.
            let total = each.iter().try_fold(0usize, |a, &x| a.checked_add(x));
            if each.len() != outs.len() || total != Some(s[d]) {
                return Err(bad_arg(format!(
                    "split of size {} into {each:?} for {} outputs",
                    s[d],
                    outs.len()
                )));
            }
            let st = contiguous_strides(&s);
            let mut at = 0;
            for (i, (&o, &n)) in outs.iter().zip(&each).enumerate() {
                let mut os = s.clone();
                os[d] = n;
                set(g, sz, o, os.clone())?;
                let mut l = EwLaunch::new(&os)?;
                let mut r = [0u32; 8];
                let base = 8 - st.len();
                for (j, &x) in st.iter().enumerate() {
                    r[base + j] = x as u32;
                }
                l.input(0, at * st[d], r);
                out.push(l.launch(kernel_at(step, i)?));
                at += n;
            }
        }
        Kind::Matmul {
            a,
            b,
            bias,
            out: o,
            kind,
            alpha,
            beta,
        } => {
            let sa = sizes_of(sz, *a)?;
            let sb = sizes_of(sz, *b)?;
            let (batch, m, k, n, a_st, b_st, os) = match kind {
                MatmulKind::Linear => {
                    let (&k, lead) = sa
                        .split_last()
                        .ok_or_else(|| bad_arg("linear of a scalar"))?;
                    if sb.len() != 2 || sb[1] != k {
                        return Err(bad_arg(format!("linear of {sa:?} by weight {sb:?}")));
                    }
                    let m: usize = lead.iter().product();
                    let mut os = lead.to_vec();
                    os.push(sb[0]);
                    (1, m, k, sb[0], [0, k, 1], [0, 1, k], os)
                }
                MatmulKind::Matmul => {
                    if sa.len() < 2 || sb.len() < 2 {
                        return Err(bad_arg(format!("matmul of {sa:?} and {sb:?}")));
                    }
                    let (m, k) = (sa[sa.len() - 2], sa[sa.len() - 1]);
                    let (k2, n) = (sb[sb.len() - 2], sb[sb.len() - 1]);
                    if k != k2 {
                        return Err(bad_arg(format!("matmul of {sa:?} and {sb:?}")));
                    }
                    let ba = &sa[..sa.len() - 2];
                    let bb = &sb[..sb.len() - 2];
                    let na: usize = ba.iter().product();
                    let nb: usize = bb.iter().product();
                    let (batch, lead) = if nb == 1 {
                        (na, ba.to_vec())
                    } else if na == 1 {
                        (nb, bb.to_vec())
                    } else if ba == bb {
                        (na, ba.to_vec())
                    } else {
                        return Err(not_supported(format!(
                            "matmul batch broadcast of {sa:?} and {sb:?}"
                        )));
                    };
                    let mut os = lead;
                    os.push(m);
                    os.push(n);
                    let sab = if na == 1 { 0 } else { m * k };
                    let sbb = if nb == 1 { 0 } else { k * n };
                    (batch, m, k, n, [sab, k, 1], [sbb, n, 1], os)
                }
            };
            set(g, sz, *o, os)?;
            p[1] = u(batch);
            p[2] = u(batch);
            p[3] = u(m);
            p[4] = u(n);
            p[5] = u(k);
            p[6] = u(a_st[0]);
            p[7] = u(a_st[1]);
            p[8] = u(a_st[2]);
            p[9] = u(b_st[0]);
            // B strides: k then n.
            p[10] = u(b_st[1]);
            p[11] = u(b_st[2]);
            if let Some(bias) = bias {
                let bs = sizes_of(sz, *bias)?;
                let bst = bstrides(&bs, &contiguous_strides(&bs), &[m, n]);
                p[12] = bst[6];
                p[13] = bst[7];
                if numel(&bs)? != 1 && broadcast(&bs, &[m, n])? != vec![m, n] {
                    return Err(bad_arg(format!("bias {bs:?} for a [{m}, {n}] product")));
                }
            }
            p[14] = (*alpha as f32).to_bits();
            p[15] = (*beta as f32).to_bits();
            let total = batch
                .checked_mul(m)
                .and_then(|x| x.checked_mul(n))
                .ok_or_else(|| bad_arg("matmul too large"))?;
            match step.kernels.get(1) {
                Some(&kt) if sz.wide && m >= GEMM_MIN && n >= GEMM_MIN => {
                    out.push(gemm_launch(kt, batch, m, n, k, p)?);
                }
                _ => out.push(threads_launch(k0, total, p)),
            }
        }
        Kind::Conv {
            x,
            w,
            out: o,
            stride,
            pad,
            dil,
            transposed,
            out_pad,
            groups,
            min,
            max,
            fast,
            ..
        } => {
            let sx = sizes_of(sz, *x)?;
            let sw = sizes_of(sz, *w)?;
            // Rank 3 is a 1-D convolution: H = 1.
            let (n, c, h, wd) = match sx.as_slice() {
                [n, c, h, w] => (*n, *c, *h, *w),
                [n, c, l] => (*n, *c, 1, *l),
                _ => return Err(bad_arg(format!("convolution input {sx:?}"))),
            };
            let one_d = sx.len() == 3;
            let (w0, w1, kh, kw) = match sw.as_slice() {
                [a, b, h, w] if !one_d => (*a, *b, *h, *w),
                [a, b, l] if one_d => (*a, *b, 1, *l),
                _ => return Err(bad_arg(format!("convolution weight {sw:?}"))),
            };
            let gr = usz(*groups, "groups")?;
            if gr == 0 || c % gr != 0 {
                return Err(bad_arg(format!("{c} channels in {gr} groups")));
            }
            let [sh, swd] = if one_d { [1, stride[0]] } else { *stride };
            let [ph, pw] = if one_d { [0, pad[0]] } else { *pad };
            let [dh, dw] = if one_d { [1, dil[0]] } else { *dil };
            let [oph, opw] = if one_d { [0, out_pad[0]] } else { *out_pad };
            let (oc, oh, ow) = if *transposed {
                if w0 != c {
                    return Err(bad_arg(format!(
                        "transposed convolution of {c} channels by weight {sw:?}"
                    )));
                }
                let f =
                    |i: usize, k: usize, s: i64, p: i64, d: i64, op: i64| -> Result<usize, Error> {
                        let o = (i as i128 - 1) * s as i128 - 2 * p as i128
                            + d as i128 * (k as i128 - 1)
                            + op as i128
                            + 1;
                        usz(
                            i64::try_from(o).unwrap_or(-1),
                            "a transposed convolution output size",
                        )
                    };
                (
                    w1.checked_mul(gr)
                        .ok_or_else(|| bad_arg("too many groups"))?,
                    f(h, kh, sh, ph, dh, oph)?,
                    f(wd, kw, swd, pw, dw, opw)?,
                )
            } else {
                if w1.checked_mul(gr) != Some(c) || w0 % gr != 0 {
                    return Err(bad_arg(format!(
                        "convolution of {c} channels in {gr} groups by weight {sw:?}"
                    )));
                }
                (
                    w0,
                    window_out(h as i64, kh as i64, sh, ph, dh, false)?,
                    window_out(wd as i64, kw as i64, swd, pw, dw, false)?,
                )
            };
            let os = if one_d {
                vec![n, oc, ow]
            } else {
                vec![n, oc, oh, ow]
            };
            set(g, sz, *o, os.clone())?;
            let vals = [n, c, h, wd, oc, oh, ow, kh, kw];
            for (i, v) in vals.iter().enumerate() {
                p[1 + i] = u(*v);
            }
            let geo = [sh, swd, ph, pw, dh, dw];
            for (i, v) in geo.iter().enumerate() {
                p[10 + i] = *v as u32;
            }
            p[16] = u(gr);
            p[17] = *transposed as u32;
            p[18] = min.to_bits();
            p[19] = max.to_bits();
            let kf = step.kernels.get(1).copied();
            let cpg = c / gr;
            let pointwise = kh == 1 && kw == 1 && sh == 1 && swd == 1 && ph == 0 && pw == 0;
            match (*fast, kf) {
                (Some(ConvFast::Depthwise), Some(kf)) if !*transposed && cpg == 1 => {
                    let qw = ow.div_ceil(DW_OUTS);
                    let mut q = [0u32; PARAM_WORDS];
                    q[1..16].copy_from_slice(&p[1..16]);
                    q[16] = finite(*min).to_bits();
                    q[17] = finite(*max).to_bits();
                    q[18] = u(qw);
                    let threads = n
                        .checked_mul(oc)
                        .and_then(|x| x.checked_mul(oh))
                        .and_then(|x| x.checked_mul(qw))
                        .ok_or_else(|| bad_arg("convolution too large"))?;
                    out.push(threads_launch(kf, threads, q));
                }
                (Some(f @ (ConvFast::Gemm | ConvFast::Pointwise)), Some(kf))
                    if !*transposed && sz.wide && (f == ConvFast::Gemm || pointwise) =>
                {
                    let mut q = [0u32; PARAM_WORDS];
                    let vals = [c, h, wd, ow, kh, kw];
                    for (i, v) in vals.iter().enumerate() {
                        q[6 + i] = u(*v);
                    }
                    for (i, v) in geo.iter().enumerate() {
                        q[12 + i] = *v as u32;
                    }
                    q[18] = u(gr);
                    q[19] = u(oc);
                    q[20] = finite(*min).to_bits();
                    q[21] = finite(*max).to_bits();
                    let kk = cpg
                        .checked_mul(kh)
                        .and_then(|x| x.checked_mul(kw))
                        .ok_or_else(|| bad_arg("convolution too large"))?;
                    let spatial = oh
                        .checked_mul(ow)
                        .ok_or_else(|| bad_arg("convolution too large"))?;
                    let batch = n
                        .checked_mul(gr)
                        .ok_or_else(|| bad_arg("convolution too large"))?;
                    out.push(gemm_launch(kf, batch, oc / gr, spatial, kk, q)?);
                }
                _ => out.push(threads_launch(k0, numel(&os)?, p)),
            }
        }
        Kind::Pool {
            x,
            out: o,
            indices,
            max,
            kernel,
            stride,
            pad,
            dil,
            ceil,
            include_pad,
            divisor,
        } => {
            let s = sizes_of(sz, *x)?;
            let r = s.len();
            if !(3..=4).contains(&r) {
                return Err(bad_arg(format!("pooling input {s:?}")));
            }
            let (h, w) = (s[r - 2], s[r - 1]);
            let oh = window_out(h as i64, kernel[0], stride[0], pad[0], dil[0], *ceil)?;
            let ow = window_out(w as i64, kernel[1], stride[1], pad[1], dil[1], *ceil)?;
            let mut os = s.clone();
            os[r - 2] = oh;
            os[r - 1] = ow;
            set(g, sz, *o, os.clone())?;
            if let Some(i) = indices {
                set(g, sz, *i, os.clone())?;
            }
            let planes: usize = s[..r - 2].iter().product();
            let vals = [planes, h, w, oh, ow];
            for (i, v) in vals.iter().enumerate() {
                p[1 + i] = u(*v);
            }
            let geo = [
                kernel[0], kernel[1], stride[0], stride[1], pad[0], pad[1], dil[0], dil[1],
            ];
            for (i, v) in geo.iter().enumerate() {
                p[6 + i] = *v as u32;
            }
            p[14] = *include_pad as u32;
            p[15] = *divisor as u32;
            let _ = max;
            out.push(threads_launch(k0, numel(&os)?, p));
        }
        Kind::Reduce {
            x,
            out: o,
            dims,
            keepdim,
            ..
        } => {
            let s = sizes_of(sz, *x)?;
            let red = reduce_dims(dims.as_deref(), s.len()).map_err(bad_arg)?;
            let mut cur = s.clone();
            let rs = runs(&red);
            if rs.is_empty() {
                set(g, sz, *o, s.clone())?;
                let mut l = EwLaunch::new(&s)?;
                l.input(0, 0, bstrides(&s, &contiguous_strides(&s), &s));
                out.push(l.launch(k0));
                return Ok(());
            }
            for (k, run) in rs.iter().enumerate() {
                let (Some(&first), Some(&last)) = (run.first(), run.last()) else {
                    continue;
                };
                let outer: usize = cur[..first].iter().product();
                let r: usize = cur[first..=last].iter().product();
                let inner: usize = cur[last + 1..].iter().product();
                for &d in run {
                    cur[d] = 1;
                }
                let mut q = [0u32; PARAM_WORDS];
                q[1] = u(r.max(1));
                q[2] = u(inner.max(1));
                let n = if r == 0 { 0 } else { outer * inner };
                out.push(threads_launch(kernel_at(step, k)?, n, q));
            }
            let os: Vec<usize> = if *keepdim {
                cur
            } else {
                (0..s.len())
                    .filter(|d| !red.contains(d))
                    .map(|d| s[d])
                    .collect()
            };
            set(g, sz, *o, os)?;
        }
        Kind::Softmax { x, out: o, dim: d } => {
            let s = sizes_of(sz, *x)?;
            set(g, sz, *o, s.clone())?;
            if s.is_empty() {
                p[1] = 1;
                p[2] = 1;
                out.push(threads_launch(k0, 1, p));
                return Ok(());
            }
            let d = dim(*d, s.len())?;
            let outer: usize = s[..d].iter().product();
            let inner: usize = s[d + 1..].iter().product();
            p[1] = u(s[d]);
            p[2] = u(inner.max(1));
            out.push(threads_launch(k0, outer * inner, p));
        }
        Kind::Norm {
            x,
            out: o,
            mean,
            rstd,
            group,
            normalized,
            eps,
        } => {
            let s = sizes_of(sz, *x)?;
            set(g, sz, *o, s.clone())?;
            let (rows, r, gcount, cpg, hw, stat) = match group {
                None => {
                    if *normalized > s.len() {
                        return Err(bad_arg("normalized shape longer than the input"));
                    }
                    let lead = &s[..s.len() - normalized];
                    let rows: usize = lead.iter().product();
                    let r: usize = s[s.len() - normalized..].iter().product();
                    let mut st = lead.to_vec();
                    st.extend(std::iter::repeat_n(1, *normalized));
                    (rows, r, 1, 1, 1, st)
                }
                Some(gn) => {
                    let gn = usz(*gn, "groups")?;
                    if s.len() < 2 || gn == 0 || s[1] % gn != 0 {
                        return Err(bad_arg(format!("group norm of {s:?} in {gn} groups")));
                    }
                    let hw: usize = s[2..].iter().product();
                    let cpg = s[1] / gn;
                    (s[0] * gn, cpg * hw, gn, cpg, hw, vec![s[0], gn])
                }
            };
            if let Some(m) = mean {
                set(g, sz, *m, stat.clone())?;
            }
            if let Some(m) = rstd {
                set(g, sz, *m, stat)?;
            }
            p[1] = u(r.max(1));
            p[2] = u(gcount);
            p[3] = u(cpg);
            p[4] = u(hw.max(1));
            p[5] = (*eps as f32).to_bits();
            out.push(threads_launch(k0, if r == 0 { 0 } else { rows }, p));
        }
        Kind::Gather {
            table,
            ids,
            out: o,
            dim: d,
        } => {
            let t = sizes_of(sz, *table)?;
            let i = sizes_of(sz, *ids)?;
            if *d >= t.len() || (*d == 0 && step.name == "aten.embedding.default" && t.len() != 2) {
                return Err(bad_arg(format!("gather of {t:?} along dim {d}")));
            }
            let mut os = t[..*d].to_vec();
            os.extend_from_slice(&i);
            os.extend_from_slice(&t[d + 1..]);
            set(g, sz, *o, os.clone())?;
            p[1] = u(t[d + 1..].iter().product::<usize>().max(1));
            p[2] = u(t[*d]);
            p[3] = u(numel(&i)?.max(1));
            out.push(threads_launch(k0, numel(&os)?, p));
        }
        Kind::Upsample {
            x,
            out: o,
            size,
            scales,
            align,
            bilinear,
        } => {
            let s = sizes_of(sz, *x)?;
            if s.len() != 4 {
                return Err(bad_arg(format!("upsampling input {s:?}")));
            }
            let (h, w) = (s[2], s[3]);
            let (oh, ow, fh, fw) = match (size, scales) {
                (Some(l), _) if l.len() == 2 => (
                    usz(l[0], "an output size")?,
                    usz(l[1], "an output size")?,
                    None,
                    None,
                ),
                (_, Some(f)) if f.len() == 2 => (
                    (h as f64 * f[0]).floor() as usize,
                    (w as f64 * f[1]).floor() as usize,
                    Some(f[0]),
                    Some(f[1]),
                ),
                _ => return Err(bad_arg("upsampling without output size or scale factors")),
            };
            let os = vec![s[0], s[1], oh, ow];
            set(g, sz, *o, os.clone())?;
            let scale = |i: usize, o: usize, f: Option<f64>| -> f32 {
                if *bilinear && *align {
                    if o > 1 {
                        (i as f32 - 1.0) / (o as f32 - 1.0)
                    } else {
                        0.0
                    }
                } else {
                    match f {
                        Some(f) if f > 0.0 => (1.0 / f) as f32,
                        _ => i as f32 / o.max(1) as f32,
                    }
                }
            };
            let vals = [h, w, oh, ow];
            for (k, v) in vals.iter().enumerate() {
                p[1 + k] = u(*v);
            }
            p[5] = scale(h, oh, fh).to_bits();
            p[6] = scale(w, ow, fw).to_bits();
            p[7] = *align as u32;
            let n = if h == 0 || w == 0 { 0 } else { numel(&os)? };
            out.push(threads_launch(k0, n, p));
        }
        Kind::Pad { x, out: o, pad } => {
            let s = sizes_of(sz, *x)?;
            let (bits, pairs) = pad
                .split_last()
                .ok_or_else(|| bad_arg("pad without value"))?;
            if pairs.len() % 2 != 0 || pairs.len() / 2 > s.len() {
                return Err(bad_arg(format!("pad {pairs:?} for sizes {s:?}")));
            }
            let r = s.len();
            let mut os = s.clone();
            let mut pre = vec![0i64; r];
            for (k, pr) in pairs.chunks(2).enumerate() {
                let d = r - 1 - k;
                let (lo, hi) = (pr[0], pr.get(1).copied().unwrap_or(0));
                let n = (s[d] as i64).saturating_add(lo).saturating_add(hi);
                os[d] = usz(n, "a padded size")?;
                pre[d] = lo;
            }
            set(g, sz, *o, os.clone())?;
            let off = 8 - r;
            for k in 0..8 {
                p[1 + k] = 1;
                p[9 + k] = 1;
            }
            for d in 0..r {
                p[1 + off + d] = u(os[d]);
                p[9 + off + d] = u(s[d]);
                p[17 + off + d] = pre[d] as i32 as u32;
            }
            p[25] = *bits as u32;
            out.push(threads_launch(k0, numel(&os)?, p));
        }
        Kind::SymSize { x, dim: d, out: o } => {
            let s = sizes_of(sz, *x)?;
            let d = dim(*d, s.len())?;
            if let Some(slot) = sz.syms.get_mut(*o) {
                *slot = s[d] as i64;
            }
        }
        Kind::SymArith { a, b, op, out: o } => {
            let (x, y) = (int_of(sz, *a)?, int_of(sz, *b)?);
            let r = match op {
                SymOp::Add => x.checked_add(y),
                SymOp::Sub => x.checked_sub(y),
                SymOp::Mul => x.checked_mul(y),
                SymOp::FloorDiv => {
                    if y == 0 {
                        None
                    } else {
                        x.checked_div(y).map(|q| {
                            if x % y != 0 && ((x < 0) != (y < 0)) {
                                q - 1
                            } else {
                                q
                            }
                        })
                    }
                }
            }
            .ok_or_else(|| bad_arg(format!("SymInt arithmetic overflows on {x} and {y}")))?;
            if let Some(slot) = sz.syms.get_mut(*o) {
                *slot = r;
            }
        }
        _ => return Err(err(ErrorKind::Internal, "unhandled step kind")),
    }
    Ok(())
}
