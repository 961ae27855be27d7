//! WGSL sources of the compute shaders, generated from a [`Shader`] key.
//!
//! Every shader has the same frame: binding 0 is a uniform block of
//! [`PARAM_WORDS`] `u32`s (word 0 is the number of invocations that do work), then
//! the storage buffers the kernel writes (`read_write`), then those it reads (`read`).
//! All tensors are plain row-major arrays of 32-bit words (`f32` for floating point
//! dtypes, `i32` for integers and bools, bools as 0/1). Invocations are numbered
//! `x + y * 64 * num_workgroups.x` so that a dispatch can spread over a 2-D grid when
//! one dimension would pass `max-workgroups-per-dimension`.

/// Words in each kernel's uniform parameter block.
pub const PARAM_WORDS: usize = 96;
/// Invocations per workgroup (`@workgroup_size`).
pub const WORKGROUP: u32 = 64;
/// Word index of an elementwise kernel's first scalar parameter.
pub const EW_SCALARS: usize = 18 + 9 * MAX_EW_INPUTS;
/// Most inputs of one elementwise kernel.
pub const MAX_EW_INPUTS: usize = 5;

/// Element class of a tensor on the device.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cls {
    /// `f32` words.
    F,
    /// `i32` words (integers, bools as 0/1).
    I,
}

impl Cls {
    /// The WGSL scalar type.
    pub fn ty(self) -> &'static str {
        match self {
            Cls::F => "f32",
            Cls::I => "i32",
        }
    }
}

/// Reduction modes of [`Shader::Reduce`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ReduceMode {
    Sum,
    Mean,
    Max,
    Min,
    ArgMax,
    ArgMin,
}

/// What a kernel computes; equal keys give equal sources (one pipeline each).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Shader {
    /// `out[o] = expr(a, b, ...)` over an 8-D iteration space with per-operand
    /// offsets and strides (broadcasts, views, copies, casts, fills).
    Elementwise {
        ins: Vec<Cls>,
        out: Cls,
        /// A WGSL expression of the output's type over `a`..`e` (the inputs, typed per
        /// class), `idx` (the linear index, `u32`), `sf(k)` / `si(k)` (scalar params).
        expr: String,
    },
    /// Batched `out[b, m, n] = alpha * sum_k A[b, m, k] B[b, k, n] + beta * bias`.
    Matmul { bias: bool },
    /// 2-D convolution, plain or transposed, grouped and dilated, with output clamp.
    Conv { bias: bool },
    /// 2-D max pooling (with an index output) or average pooling.
    Pool { max: bool, indices: bool },
    /// Reduction of the middle dim of `[outer, r, inner]`.
    Reduce { mode: ReduceMode, input: Cls },
    /// (Log-)softmax over the middle dim of `[outer, r, inner]`.
    Softmax { log: bool },
    /// Layer / group normalization of rows, with optional weight and bias.
    Norm { weight: bool, bias: bool },
    /// Slices of a tensor along one dim gathered by an index tensor (embedding, index).
    Embedding { table: Cls },
    /// Nearest or bilinear resize of the last two dims.
    Upsample { bilinear: bool, cls: Cls },
    /// Constant padding (or cropping) of up to 8 dims.
    Pad { cls: Cls },
    /// Tiled GEMM: each workgroup of [`GEMM_WG`] invocations computes a
    /// [`GEMM_TILE`]-square output tile through workgroup memory, 8x8 outputs per
    /// invocation. What the operands are is [`GemmSrc`].
    Gemm { src: GemmSrc, bias: bool },
    /// Depthwise (one input channel per group) convolution, [`DW_OUTS`] outputs along
    /// the width per invocation.
    Depthwise { bias: bool },
}

/// Operands of a [`Shader::Gemm`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GemmSrc {
    /// Batched `A [b, m, k] * B [b, k, n]` with strides, B read along n.
    Matmul,
    /// Like `Matmul`, B read along k (a linear layer's transposed weight).
    MatmulBt,
    /// A non-transposed convolution as an implicit GEMM per (batch, group): A is the
    /// weight `[ocpg, cpg * KH * KW]`, B the input's patches `[cpg * KH * KW, OH * OW]`.
    Conv,
    /// A 1x1, stride 1, unpadded convolution: B is the input `[cpg, H * W]` itself.
    Pointwise,
}

/// Invocations per workgroup of [`Shader::Gemm`] (an 8x8 grid, 8x8 outputs each).
pub const GEMM_WG: u32 = 64;
/// Output tile side of [`Shader::Gemm`] (rows and columns).
pub const GEMM_TILE: usize = 64;
/// Outputs along the width per invocation of [`Shader::Depthwise`].
pub const DW_OUTS: usize = 4;

const FRAME: &str = "struct Params { v: array<vec4<u32>, 24> }
@group(0) @binding(0) var<uniform> prm: Params;
fn p(i: u32) -> u32 { return prm.v[i >> 2u][i & 3u]; }
fn pi(i: u32) -> i32 { return bitcast<i32>(p(i)); }
fn pfl(i: u32) -> f32 { return bitcast<f32>(p(i)); }
";

const MAIN: &str = "@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>) {
    let i = gid.x + gid.y * nwg.x * 64u;
    if (i >= p(0u)) { return; }
";

const MATH: &str = "fn erf_(x: f32) -> f32 {
    // Abramowitz and Stegun 7.1.26 (|error| < 1.5e-7).
    let s = sign(x);
    let a = abs(x);
    let t = 1.0 / (1.0 + 0.3275911 * a);
    let y = 1.0 - (((((1.061405429 * t - 1.453152027) * t) + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * exp(-a * a);
    return s * y;
}
fn tanh_(x: f32) -> f32 { return tanh(clamp(x, -15.0, 15.0)); }
fn sigmoid_(x: f32) -> f32 { return 1.0 / (1.0 + exp(-x)); }
fn powf_(a: f32, b: f32) -> f32 {
    if (b == 0.0) { return 1.0; }
    if (a >= 0.0) { return pow(a, b); }
    if (floor(b) != b) { return bitcast<f32>(0x7fc00000u); }
    let m = pow(-a, b);
    if (abs(b % 2.0) == 1.0) { return -m; }
    return m;
}
fn powi_(a: i32, b: i32) -> i32 {
    var r = 1;
    var e = b;
    var x = a;
    if (e < 0) { return 0; }
    loop { if (e == 0) { break; } if ((e & 1) == 1) { r = r * x; } x = x * x; e = e >> 1u; }
    return r;
}
fn remf_(a: f32, b: f32) -> f32 { return a - b * floor(a / b); }
fn remi_(a: i32, b: i32) -> i32 {
    if (b == 0) { return 0; }
    let r = a % b;
    if (r != 0 && ((r < 0) != (b < 0))) { return r + b; }
    return r;
}
fn floordivi_(a: i32, b: i32) -> i32 {
    if (b == 0) { return 0; }
    let q = a / b;
    if ((a % b != 0) && ((a < 0) != (b < 0))) { return q - 1; }
    return q;
}
fn sf(k: u32) -> f32 { return pfl(63u + k); }
fn si(k: u32) -> i32 { return pi(63u + k); }
";

fn load(c: Cls, buf: &str, idx: &str) -> String {
    match c {
        Cls::F => format!("bitcast<f32>({buf}[{idx}])"),
        Cls::I => format!("bitcast<i32>({buf}[{idx}])"),
    }
}

fn decls(outs: &[&str], ins: &[&str]) -> String {
    let mut s = String::new();
    let mut b = 1;
    for o in outs {
        s += &format!("@group(0) @binding({b}) var<storage, read_write> {o}: array<u32>;\n");
        b += 1;
    }
    for i in ins {
        s += &format!("@group(0) @binding({b}) var<storage, read> {i}: array<u32>;\n");
        b += 1;
    }
    s
}

const VARS: [&str; MAX_EW_INPUTS] = ["a", "b", "c", "d", "e"];

impl Shader {
    /// (storage outputs, storage inputs) the shader binds after its uniform block.
    pub fn arity(&self) -> (usize, usize) {
        match self {
            Shader::Elementwise { ins, .. } => (1, ins.len()),
            Shader::Matmul { bias } => (1, 2 + *bias as usize),
            Shader::Conv { bias } => (1, 2 + *bias as usize),
            Shader::Pool { indices, .. } => (1 + *indices as usize, 1),
            Shader::Reduce { .. } | Shader::Softmax { .. } => (1, 1),
            Shader::Norm { weight, bias } => (3, 1 + *weight as usize + *bias as usize),
            Shader::Embedding { .. } => (1, 2),
            Shader::Upsample { .. } | Shader::Pad { .. } => (1, 1),
            Shader::Gemm { bias, .. } | Shader::Depthwise { bias } => (1, 2 + *bias as usize),
        }
    }

    /// Invocations per workgroup (`@workgroup_size`).
    pub fn workgroup(&self) -> u32 {
        match self {
            Shader::Gemm { .. } => GEMM_WG,
            _ => WORKGROUP,
        }
    }

    /// The WGSL source (entry point `main`).
    pub fn source(&self) -> String {
        let mut s = String::from(FRAME);
        match self {
            Shader::Elementwise { ins, out, expr } => {
                let names: Vec<String> = (0..ins.len()).map(|k| format!("in{k}")).collect();
                let refs: Vec<&str> = names.iter().map(|n| n.as_str()).collect();
                s += &decls(&["out"], &refs);
                s += MATH;
                s += MAIN;
                s += "    var rem = i;\n    var o = p(9u);\n";
                for k in 0..ins.len() {
                    s += &format!("    var x{k} = p({}u);\n", 18 + 9 * k);
                }
                s += "    for (var d: i32 = 7; d >= 0; d = d - 1) {\n        let du = u32(d);\n        let sz = p(1u + du);\n        let c = rem % sz;\n        rem = rem / sz;\n        o = o + c * p(10u + du);\n";
                for k in 0..ins.len() {
                    s += &format!("        x{k} = x{k} + c * p({}u + du);\n", 19 + 9 * k);
                }
                s += "    }\n    let idx = i;\n";
                for (k, c) in ins.iter().enumerate() {
                    s += &format!(
                        "    let {} = {};\n",
                        VARS[k],
                        load(*c, &format!("in{k}"), &format!("x{k}"))
                    );
                }
                s += &format!(
                    "    let r: {} = {expr};\n    out[o] = bitcast<u32>(r);\n}}\n",
                    out.ty()
                );
            }
            Shader::Matmul { bias } => {
                // 1 n, 2 B, 3 M, 4 N, 5 K, 6..9 A strides (b, m, k), 9..12 B strides
                // (b, k, n), 12..14 bias strides (m, n), 14 alpha, 15 beta.
                let mut ins = vec!["xa", "xb"];
                if *bias {
                    ins.push("xc");
                }
                s += &decls(&["out"], &ins);
                s += MAIN;
                s += "    let N = p(4u); let M = p(3u); let K = p(5u);
    let n = i % N; let m = (i / N) % M; let bb = i / (N * M);
    var ia = bb * p(6u) + m * p(7u);
    var ib = bb * p(9u) + n * p(11u);
    let sa = p(8u); let sb = p(10u);
    var acc = 0.0;
    for (var k = 0u; k < K; k = k + 1u) {
        acc = acc + bitcast<f32>(xa[ia]) * bitcast<f32>(xb[ib]);
        ia = ia + sa; ib = ib + sb;
    }
    acc = acc * pfl(14u);
";
                if *bias {
                    s += "    acc = acc + pfl(15u) * bitcast<f32>(xc[m * p(12u) + n * p(13u)]);\n";
                }
                s += "    out[i] = bitcast<u32>(acc);\n}\n";
            }
            Shader::Conv { bias } => {
                // 1 N, 2 C, 3 H, 4 W, 5 OC, 6 OH, 7 OW, 8 KH, 9 KW, 10 sh, 11 sw, 12 ph,
                // 13 pw, 14 dh, 15 dw, 16 groups, 17 transposed, 18 min, 19 max.
                let mut ins = vec!["x", "w"];
                if *bias {
                    ins.push("bs");
                }
                s += &decls(&["out"], &ins);
                s += MAIN;
                s += "    let C = p(2u); let H = i32(p(3u)); let W = i32(p(4u)); let OC = p(5u);
    let OH = p(6u); let OW = p(7u); let KH = p(8u); let KW = p(9u);
    let sh = i32(p(10u)); let sw = i32(p(11u)); let ph = i32(p(12u)); let pw = i32(p(13u));
    let dh = i32(p(14u)); let dw = i32(p(15u)); let G = p(16u);
    let ow = i % OW; let oh = (i / OW) % OH; let oc = (i / (OW * OH)) % OC; let nb = i / (OW * OH * OC);
    let cpg = C / G; let ocpg = OC / G; let g = oc / ocpg;
    var acc = 0.0;
    for (var ic = 0u; ic < cpg; ic = ic + 1u) {
        let c = g * cpg + ic;
        let xbase = (nb * C + c) * u32(H) * u32(W);
        var wbase = 0u;
        if (p(17u) == 0u) { wbase = (oc * cpg + ic) * KH * KW; } else { wbase = (c * ocpg + (oc % ocpg)) * KH * KW; }
        for (var kh = 0u; kh < KH; kh = kh + 1u) {
            var ih = 0;
            if (p(17u) == 0u) {
                ih = i32(oh) * sh - ph + i32(kh) * dh;
            } else {
                let t = i32(oh) + ph - i32(kh) * dh;
                if (t < 0 || (t % sh) != 0) { continue; }
                ih = t / sh;
            }
            if (ih < 0 || ih >= H) { continue; }
            for (var kw = 0u; kw < KW; kw = kw + 1u) {
                var iw = 0;
                if (p(17u) == 0u) {
                    iw = i32(ow) * sw - pw + i32(kw) * dw;
                } else {
                    let t = i32(ow) + pw - i32(kw) * dw;
                    if (t < 0 || (t % sw) != 0) { continue; }
                    iw = t / sw;
                }
                if (iw < 0 || iw >= W) { continue; }
                acc = acc + bitcast<f32>(x[xbase + u32(ih) * u32(W) + u32(iw)]) * bitcast<f32>(w[wbase + kh * KW + kw]);
            }
        }
    }
";
                if *bias {
                    s += "    acc = acc + bitcast<f32>(bs[oc]);\n";
                }
                s += "    acc = min(max(acc, pfl(18u)), pfl(19u));\n    out[i] = bitcast<u32>(acc);\n}\n";
            }
            Shader::Pool { max, indices } => {
                // 1 planes, 2 H, 3 W, 4 OH, 5 OW, 6 KH, 7 KW, 8 sh, 9 sw, 10 ph, 11 pw,
                // 12 dh, 13 dw, 14 count_include_pad, 15 divisor (0: none).
                let outs: &[&str] = if *indices { &["out", "ind"] } else { &["out"] };
                s += &decls(outs, &["x"]);
                s += MAIN;
                s += "    let H = i32(p(2u)); let W = i32(p(3u)); let OH = p(4u); let OW = p(5u);
    let KH = i32(p(6u)); let KW = i32(p(7u));
    let ow = i32(i % OW); let oh = i32((i / OW) % OH); let pl = i / (OW * OH);
    let base = pl * u32(H) * u32(W);
    let h0 = oh * i32(p(8u)) - i32(p(10u)); let w0 = ow * i32(p(9u)) - i32(p(11u));
    let dh = i32(p(12u)); let dw = i32(p(13u));
";
                if *max {
                    s += "    var best = bitcast<f32>(0xff800000u); var bi = -1;
    for (var kh = 0; kh < KH; kh = kh + 1) {
        let ih = h0 + kh * dh;
        if (ih < 0 || ih >= H) { continue; }
        for (var kw = 0; kw < KW; kw = kw + 1) {
            let iw = w0 + kw * dw;
            if (iw < 0 || iw >= W) { continue; }
            let v = bitcast<f32>(x[base + u32(ih * W + iw)]);
            if (v > best || bi < 0 || v != v) { best = v; bi = ih * W + iw; }
        }
    }
    out[i] = bitcast<u32>(best);
";
                    if *indices {
                        s += "    ind[i] = bitcast<u32>(bi);\n";
                    }
                    s += "}\n";
                } else {
                    s += "    let hend0 = min(h0 + KH, H + i32(p(10u))); let wend0 = min(w0 + KW, W + i32(p(11u)));
    let full = (hend0 - h0) * (wend0 - w0);
    let hs = max(h0, 0); let ws = max(w0, 0); let he = min(hend0, H); let we = min(wend0, W);
    var acc = 0.0;
    for (var ih = hs; ih < he; ih = ih + 1) {
        for (var iw = ws; iw < we; iw = iw + 1) { acc = acc + bitcast<f32>(x[base + u32(ih * W + iw)]); }
    }
    var div = f32((he - hs) * (we - ws));
    if (p(14u) != 0u) { div = f32(full); }
    if (p(15u) != 0u) { div = f32(pi(15u)); }
    out[i] = bitcast<u32>(acc / div);
}
";
                }
            }
            Shader::Reduce { mode, input } => {
                // 1 r, 2 inner.
                s += &decls(&["out"], &["x"]);
                s += MAIN;
                s += "    let R = p(1u); let IN = p(2u);
    let base = (i / IN) * R * IN + (i % IN);
";
                let ty = input.ty();
                let ld = load(*input, "x", "base + j * IN");
                let (init, step, fin, out_ty) = match mode {
                    ReduceMode::Sum => (
                        format!("var acc: {ty} = {ty}(0);"),
                        format!("acc = acc + {ld};"),
                        "acc".to_string(),
                        *input,
                    ),
                    ReduceMode::Mean => (
                        "var acc = 0.0;".into(),
                        format!("acc = acc + f32({ld});"),
                        "acc / f32(R)".into(),
                        Cls::F,
                    ),
                    ReduceMode::Max => (
                        format!("var acc: {ty} = {ld0};", ld0 = load(*input, "x", "base")),
                        format!("let v = {ld}; if (v > acc || v != v) {{ acc = v; }}"),
                        "acc".into(),
                        *input,
                    ),
                    ReduceMode::Min => (
                        format!("var acc: {ty} = {ld0};", ld0 = load(*input, "x", "base")),
                        format!("let v = {ld}; if (v < acc || v != v) {{ acc = v; }}"),
                        "acc".into(),
                        *input,
                    ),
                    ReduceMode::ArgMax => (
                        format!(
                            "var acc: {ty} = {ld0}; var at = 0;",
                            ld0 = load(*input, "x", "base")
                        ),
                        format!("let v = {ld}; if (v > acc) {{ acc = v; at = i32(j); }}"),
                        "at".into(),
                        Cls::I,
                    ),
                    ReduceMode::ArgMin => (
                        format!(
                            "var acc: {ty} = {ld0}; var at = 0;",
                            ld0 = load(*input, "x", "base")
                        ),
                        format!("let v = {ld}; if (v < acc) {{ acc = v; at = i32(j); }}"),
                        "at".into(),
                        Cls::I,
                    ),
                };
                s += &format!(
                    "    {init}\n    for (var j = 0u; j < R; j = j + 1u) {{ {step} }}\n    let r: {} = {fin};\n    out[(i / IN) * IN + (i % IN)] = bitcast<u32>(r);\n}}\n",
                    out_ty.ty()
                );
            }
            Shader::Softmax { log } => {
                s += &decls(&["out"], &["x"]);
                s += MAIN;
                s += "    let R = p(1u); let IN = p(2u);
    let base = (i / IN) * R * IN + (i % IN);
    var mx = bitcast<f32>(0xff800000u);
    for (var j = 0u; j < R; j = j + 1u) { mx = max(mx, bitcast<f32>(x[base + j * IN])); }
    var sum = 0.0;
    for (var j = 0u; j < R; j = j + 1u) { sum = sum + exp(bitcast<f32>(x[base + j * IN]) - mx); }
    for (var j = 0u; j < R; j = j + 1u) {
        let v = bitcast<f32>(x[base + j * IN]) - mx;
";
                if *log {
                    s += "        out[base + j * IN] = bitcast<u32>(v - log(sum));\n";
                } else {
                    s += "        out[base + j * IN] = bitcast<u32>(exp(v) / sum);\n";
                }
                s += "    }\n}\n";
            }
            Shader::Norm { weight, bias } => {
                // 1 R (elements per row), 2 G (groups per sample), 3 cpg (channels per
                // group), 4 HW (elements per channel), 5 eps.
                let mut ins = vec!["x"];
                if *weight {
                    ins.push("w");
                }
                if *bias {
                    ins.push("bs");
                }
                s += &decls(&["out", "mean", "rstd"], &ins);
                s += MAIN;
                s += "    let R = p(1u); let G = p(2u); let cpg = p(3u); let HW = p(4u);
    let base = i * R;
    var sum = 0.0;
    for (var j = 0u; j < R; j = j + 1u) { sum = sum + bitcast<f32>(x[base + j]); }
    let mu = sum / f32(R);
    var sq = 0.0;
    for (var j = 0u; j < R; j = j + 1u) { let d = bitcast<f32>(x[base + j]) - mu; sq = sq + d * d; }
    let rs = inverseSqrt(sq / f32(R) + pfl(5u));
    mean[i] = bitcast<u32>(mu);
    rstd[i] = bitcast<u32>(rs);
    for (var j = 0u; j < R; j = j + 1u) {
        let ch = (i % G) * cpg + j / HW;
        var v = (bitcast<f32>(x[base + j]) - mu) * rs;
";
                if *weight {
                    s += "        v = v * bitcast<f32>(w[ch]);\n";
                }
                if *bias {
                    s += "        v = v + bitcast<f32>(bs[ch]);\n";
                }
                if !*weight && !*bias {
                    s += "        _ = ch;\n";
                }
                s += "        out[base + j] = bitcast<u32>(v);\n    }\n}\n";
            }
            Shader::Embedding { .. } => {
                // 1 D (elements after the gathered dim), 2 V (its size), 3 I (indices).
                s += &decls(&["out"], &["tab", "ids"]);
                s += MAIN;
                s += "    let D = p(1u); let V = p(2u); let I = p(3u);
    let post = i % D; let j = (i / D) % I; let pre = i / (D * I);
    var row = bitcast<i32>(ids[j]);
    if (row < 0) { row = row + i32(V); }
    if (row < 0 || u32(row) >= V) { out[i] = 0u; return; }
    out[i] = tab[(pre * V + u32(row)) * D + post];
}
";
            }
            Shader::Upsample { bilinear, cls } => {
                // 1 H, 2 W, 3 OH, 4 OW, 5 scale_h, 6 scale_w, 7 align_corners.
                s += &decls(&["out"], &["x"]);
                s += MAIN;
                s += "    let H = p(1u); let W = p(2u); let OH = p(3u); let OW = p(4u);
    let ow = i % OW; let oh = (i / OW) % OH; let pl = i / (OW * OH);
    let base = pl * H * W;
";
                if *bilinear {
                    s += "    var sh = 0.0; var sw = 0.0;
    if (p(7u) != 0u) { sh = f32(oh) * pfl(5u); sw = f32(ow) * pfl(6u); }
    else { sh = max((f32(oh) + 0.5) * pfl(5u) - 0.5, 0.0); sw = max((f32(ow) + 0.5) * pfl(6u) - 0.5, 0.0); }
    let h0 = min(u32(floor(sh)), H - 1u); let w0 = min(u32(floor(sw)), W - 1u);
    let h1 = min(h0 + 1u, H - 1u); let w1 = min(w0 + 1u, W - 1u);
    let lh = sh - f32(h0); let lw = sw - f32(w0);
    let v00 = bitcast<f32>(x[base + h0 * W + w0]); let v01 = bitcast<f32>(x[base + h0 * W + w1]);
    let v10 = bitcast<f32>(x[base + h1 * W + w0]); let v11 = bitcast<f32>(x[base + h1 * W + w1]);
    let r = (1.0 - lh) * ((1.0 - lw) * v00 + lw * v01) + lh * ((1.0 - lw) * v10 + lw * v11);
    out[i] = bitcast<u32>(r);
}
";
                } else {
                    let _ = cls;
                    s += "    let ih = min(u32(floor(f32(oh) * pfl(5u))), H - 1u);
    let iw = min(u32(floor(f32(ow) * pfl(6u))), W - 1u);
    out[i] = x[base + ih * W + iw];
}
";
                }
            }
            Shader::Pad { .. } => {
                // 1..9 out sizes, 9..17 in sizes, 17..25 pre (i32), 25 value bits.
                s += &decls(&["out"], &["x"]);
                s += MAIN;
                s += "    var rem = i; var src = 0u; var mul = 1u; var inside = true;
    for (var d: i32 = 7; d >= 0; d = d - 1) {
        let du = u32(d);
        let c = i32(rem % p(1u + du)); rem = rem / p(1u + du);
        let ic = c - pi(17u + du);
        let isz = i32(p(9u + du));
        if (ic < 0 || ic >= isz) { inside = false; }
        src = src + u32(max(ic, 0)) * mul; mul = mul * u32(isz);
    }
    if (inside) { out[i] = x[src]; } else { out[i] = p(25u); }
}
";
            }
            Shader::Gemm { src, bias } => gemm(&mut s, *src, *bias),
            Shader::Depthwise { bias } => {
                // 1 N, 2 C, 3 H, 4 W, 5 OC, 6 OH, 7 OW, 8 KH, 9 KW, 10 sh, 11 sw, 12 ph,
                // 13 pw, 14 dh, 15 dw, 16 min, 17 max, 18 ceil(OW / DW_OUTS).
                let mut ins = vec!["x", "w"];
                if *bias {
                    ins.push("bs");
                }
                s += &decls(&["out"], &ins);
                s += MAIN;
                s += "    let C = p(2u); let H = i32(p(3u)); let W = i32(p(4u)); let OC = p(5u);
    let OH = p(6u); let OW = p(7u); let KH = p(8u); let KW = p(9u);
    let sw = i32(p(11u)); let dh = i32(p(14u)); let dw = i32(p(15u));
    let QW = p(18u);
    let q = i % QW; let t = i / QW; let oh = t % OH; let t2 = t / OH;
    let oc = t2 % OC; let nb = t2 / OC;
    let c = oc / (OC / C);
    let xb = (nb * C + c) * u32(H) * u32(W);
    let wb = oc * KH * KW;
    let ow0 = q * 4u;
    let ih0 = i32(oh) * i32(p(10u)) - i32(p(12u));
    let iw0 = i32(ow0) * sw - i32(p(13u));
    var acc = vec4<f32>(0.0);
    for (var kh = 0u; kh < KH; kh = kh + 1u) {
        let ih = ih0 + i32(kh) * dh;
        if (ih < 0 || ih >= H) { continue; }
        let row = xb + u32(ih) * u32(W);
        for (var kw = 0u; kw < KW; kw = kw + 1u) {
            let wv = bitcast<f32>(w[wb + kh * KW + kw]);
            let iw = iw0 + i32(kw) * dw;
            var v = vec4<f32>(0.0);
            for (var j = 0; j < 4; j = j + 1) {
                let xw = iw + j * sw;
                if (xw >= 0 && xw < W) { v[j] = bitcast<f32>(x[row + u32(xw)]); }
            }
            acc = acc + wv * v;
        }
    }
";
                if *bias {
                    s += "    acc = acc + vec4<f32>(bitcast<f32>(bs[oc]));
";
                }
                s += "    acc = min(max(acc, vec4<f32>(pfl(16u))), vec4<f32>(pfl(17u)));
    let ob = ((nb * OC + oc) * OH + oh) * OW;
    for (var j = 0u; j < 4u; j = j + 1u) {
        if (ow0 + j < OW) { out[ob + ow0 + j] = bitcast<u32>(acc[j]); }
    }
}
";
            }
        }
        s
    }
}

/// The source of a [`Shader::Gemm`].
///
/// Parameters: 0 workgroups that do work, 1 M, 2 N, 3 K, 4 tiles along n, 5 tiles
/// along m. `Matmul*`: 6..9 A strides (b, m, k), 9..12 B strides (b, k, n), 12..14
/// bias strides (m, n), 14 alpha, 15 beta; the output is `[b, M, N]`. `Conv` and
/// `Pointwise` (the batch index is `nb * G + g`): 6 C, 7 H, 8 W, 9 OW, 10 KH, 11 KW,
/// 12 sh, 13 sw, 14 ph, 15 pw, 16 dh, 17 dw, 18 G, 19 OC, 20 min, 21 max; the output is
/// `[N, OC, OH * OW]`.
///
/// Workgroup `wid` computes rows `64 tm..` and columns `64 tn..` of batch `z`; the
/// invocation `(tx, ty)` of the 8x8 grid computes rows `8 ty..8 ty + 8` and columns
/// `8 tx..8 tx + 8` of the tile (16 `vec4` accumulators). Each step over k stages a
/// 64x16 slice of A (k-major) and a 16x64 slice of B (k-major) in workgroup memory, so
/// that the inner loop reads two `vec4`s of A and two of B for 64 multiply-adds.
fn gemm(s: &mut String, src: GemmSrc, bias: bool) {
    const T: u32 = GEMM_TILE as u32;
    const TK: u32 = 16;
    const R: u32 = 8; // outputs per invocation along m and along n
    let wgs = GEMM_WG;
    let per = T * TK / wgs; // staged elements of each operand per invocation
    let conv = matches!(src, GemmSrc::Conv | GemmSrc::Pointwise);
    // A convolution binds (input, weight): B before A.
    let mut ins = if conv {
        vec!["xb", "xa"]
    } else {
        vec!["xa", "xb"]
    };
    if bias {
        ins.push("xc");
    }
    *s += &decls(&["out"], &ins);
    *s += &format!(
        "var<workgroup> ta: array<vec4<f32>, {v}>;
var<workgroup> tb: array<vec4<f32>, {v}>;
@compute @workgroup_size({wgs})
fn main(@builtin(workgroup_id) wg: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>, @builtin(local_invocation_index) li: u32) {{
    let wid = wg.x + wg.y * nwg.x;
    if (wid >= p(0u)) {{ return; }}
    let M = p(1u); let N = p(2u); let K = p(3u);
    let tn = wid % p(4u); let r = wid / p(4u); let tm = r % p(5u); let z = r / p(5u);
    let m0 = tm * {T}u; let n0 = tn * {T}u;
    let tx = li % {g}u; let ty = li / {g}u;
    // This invocation stages A at (rows am + {astep} j, column ak).
    let ak = li % {TK}u; let am = li / {TK}u;
",
        v = T * TK / 4,
        g = T / R,
        astep = wgs / TK,
    );
    // Staging of B: along n (column bn, rows bk + bstep j) or along k (row bk,
    // columns bn + bstep j).
    let b_along_k = src == GemmSrc::MatmulBt;
    let bstep = if b_along_k { wgs / TK } else { wgs / T };
    if b_along_k {
        *s += &format!("    let bk = li % {TK}u; let bn = li / {TK}u;\n");
    } else {
        *s += &format!("    let bn = li % {T}u; let bk = li / {T}u;\n");
    }
    match src {
        GemmSrc::Matmul | GemmSrc::MatmulBt => {
            *s += "    let abase = z * p(6u); let sam = p(7u); let sak = p(8u);
    let bbase = z * p(9u); let sbk = p(10u); let sbn = p(11u);
";
        }
        GemmSrc::Conv | GemmSrc::Pointwise => {
            *s +=
                "    let C = p(6u); let H = p(7u); let W = p(8u); let G = p(18u); let OC = p(19u);
    let nb = z / G; let g = z % G;
    let cpg = C / G; let ocpg = OC / G;
    let HW = H * W;
    let abase = g * ocpg * K;
    let xbase = (nb * C + g * cpg) * HW;
";
            if src == GemmSrc::Conv {
                *s += "    let OW = p(9u); let KW = p(11u); let KHW = p(10u) * KW;
    let dh = i32(p(16u)); let dw = i32(p(17u));
    let gn = n0 + bn;
    let ih0 = i32(gn / OW) * i32(p(12u)) - i32(p(14u));
    let iw0 = i32(gn % OW) * i32(p(13u)) - i32(p(15u));
";
            }
        }
    }
    for i in 0..R {
        *s += &format!("    var c{i}a = vec4<f32>(0.0); var c{i}b = vec4<f32>(0.0);\n");
    }
    *s +=
        &format!("    for (var k0 = 0u; k0 < K; k0 = k0 + {TK}u) {{\n        let gk = k0 + ak;\n");
    let aload = if conv {
        "xa[abase + gm * K + gk]"
    } else {
        "xa[abase + gm * sam + gk * sak]"
    };
    for j in 0..per {
        *s += &format!(
            "        {{
            let m = am + {o}u; let gm = m0 + m; var v = 0.0;
            if (gm < M && gk < K) {{ v = bitcast<f32>({aload}); }}
            ta[ak * {q}u + (m >> 2u)][m & 3u] = v;
        }}
",
            o = wgs / TK * j,
            q = T / 4,
        );
    }
    for j in 0..per {
        let o = bstep * j;
        let (k, n) = if b_along_k {
            ("k0 + bk".to_string(), format!("n0 + bn + {o}u"))
        } else {
            (format!("k0 + bk + {o}u"), "n0 + bn".to_string())
        };
        let tile = if b_along_k {
            format!(
                "tb[bk * {q}u + ((bn + {o}u) >> 2u)][(bn + {o}u) & 3u]",
                q = T / 4
            )
        } else {
            format!("tb[(bk + {o}u) * {q}u + (bn >> 2u)][bn & 3u]", q = T / 4)
        };
        let body = match src {
            GemmSrc::Matmul | GemmSrc::MatmulBt => format!(
                "if ({n} < N && {k} < K) {{ v = bitcast<f32>(xb[bbase + ({k}) * sbk + ({n}) * sbn]); }}"
            ),
            GemmSrc::Pointwise => format!(
                "if ({n} < N && {k} < K) {{ v = bitcast<f32>(xb[xbase + ({k}) * HW + {n}]); }}"
            ),
            GemmSrc::Conv => format!(
                "let kk = {k};
            if (gn < N && kk < K) {{
                let ic = kk / KHW; let rr = kk % KHW;
                let ih = ih0 + i32(rr / KW) * dh; let iw = iw0 + i32(rr % KW) * dw;
                if (ih >= 0 && u32(ih) < H && iw >= 0 && u32(iw) < W) {{
                    v = bitcast<f32>(xb[xbase + ic * HW + u32(ih) * W + u32(iw)]);
                }}
            }}"
            ),
        };
        *s += &format!("        {{\n            var v = 0.0;\n            {body}\n            {tile} = v;\n        }}\n");
    }
    *s += &format!(
        "        workgroupBarrier();
        for (var kk = 0u; kk < {TK}u; kk = kk + 1u) {{
            let a0 = ta[kk * {q}u + ty * 2u]; let a1 = ta[kk * {q}u + ty * 2u + 1u];
            let b0 = tb[kk * {q}u + tx * 2u]; let b1 = tb[kk * {q}u + tx * 2u + 1u];
",
        q = T / 4
    );
    for i in 0..R {
        let a = format!("a{}.{}", i / 4, ["x", "y", "z", "w"][(i % 4) as usize]);
        *s += &format!("            c{i}a = c{i}a + {a} * b0; c{i}b = c{i}b + {a} * b1;\n");
    }
    *s += &format!(
        "        }}
        workgroupBarrier();
    }}
    let cn = n0 + tx * {R}u;
"
    );
    if conv {
        *s += "    let cmin = vec4<f32>(pfl(20u)); let cmax = vec4<f32>(pfl(21u));\n";
    }
    for i in 0..R {
        *s += &format!(
            "    {{\n        let gm = m0 + ty * {R}u + {i}u;\n        var va = c{i}a; var vb = c{i}b;\n"
        );
        if conv {
            *s += "        let oc = g * ocpg + gm;\n";
            if bias {
                *s += "        if (gm < M) { let bv = vec4<f32>(bitcast<f32>(xc[oc])); va = va + bv; vb = vb + bv; }\n";
            }
            *s += "        va = min(max(va, cmin), cmax); vb = min(max(vb, cmin), cmax);
        let ob = (nb * OC + oc) * N;
";
        } else {
            *s += "        va = va * pfl(14u); vb = vb * pfl(14u);\n        let ob = (z * M + gm) * N;\n";
        }
        *s += "        if (gm < M) {
            for (var j = 0u; j < 8u; j = j + 1u) {
                let gn2 = cn + j;
                var t = 0.0;
                if (j < 4u) { t = va[j]; } else { t = vb[j - 4u]; }
";
        if !conv && bias {
            *s += "                if (gn2 < N) { t = t + pfl(15u) * bitcast<f32>(xc[gm * p(12u) + gn2 * p(13u)]); }\n";
        }
        *s += "                if (gn2 < N) { out[ob + gn2] = bitcast<u32>(t); }
            }
        }
    }
";
    }
    *s += "}\n";
}
