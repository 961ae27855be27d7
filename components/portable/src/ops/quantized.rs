//! ExecuTorch's quantized embedding operators (`quantized_decomposed::embedding_byte`,
//! `embedding_4bit`, `embedding_2bit`, each as `.out` and `.dtype_out`), which
//! language-model exports use for their token embeddings (`export_llama
//! --embedding-quantize 4,32`).
//!
//! `(Tensor weight, Tensor weight_scales, Tensor? weight_zero_points, int
//! weight_quant_min, int weight_quant_max, Tensor indices, *, [ScalarType? dtype,]
//! Tensor(a!) out)`: `out[i..., j] = (w[indices[i...], j] - zp[row, g]) * scale[row, g]`
//! with `g = j / group_size`, computed in float32 and stored as `out`'s dtype (Float
//! or Half). `weight` is `[V, D * bits / 8]` bytes: `embedding_byte` holds one signed
//! or unsigned value per byte; `embedding_4bit` two per byte, the even index in the
//! high nibble, stored as `w + 8`; `embedding_2bit` four per byte from the low bits up,
//! stored as `w + 2`. The scales (and zero points) are `[V]` or `[V, groups]`, Float
//! or Half. `weight_quant_min/max` and `dtype` are metadata (ExecuTorch checks `dtype`
//! against `out`). Semantics from ExecuTorch's `kernels/quantized/cpu/embeddingxb.cpp`
//! and `op_embedding.cpp`.

use crate::args::Args;
use crate::elem;
use crate::plugboard::runtime::types::ScalarType;
use crate::registry::Registrar;
use crate::tensor::Tensor;
use crate::{invalid, KResult};

/// Registers this module's operators.
pub fn register(r: &mut Registrar) {
    const T: &[ScalarType] = &[
        ScalarType::Float,
        ScalarType::Half,
        ScalarType::Byte,
        ScalarType::Char,
        ScalarType::Long,
        ScalarType::Int,
    ];
    r.add("quantized_decomposed::embedding_byte.out", T, |a| {
        embedding(a, 8, false)
    });
    r.add("quantized_decomposed::embedding_byte.dtype_out", T, |a| {
        embedding(a, 8, true)
    });
    r.add("quantized_decomposed::embedding_4bit.out", T, |a| {
        embedding(a, 4, false)
    });
    r.add("quantized_decomposed::embedding_4bit.dtype_out", T, |a| {
        embedding(a, 4, true)
    });
    r.add("quantized_decomposed::embedding_2bit.out", T, |a| {
        embedding(a, 2, false)
    });
    r.add("quantized_decomposed::embedding_2bit.dtype_out", T, |a| {
        embedding(a, 2, true)
    });
}

/// `len` Float or Half elements of contiguous `t` from element `start`, as f32.
fn floats_at(t: &Tensor, start: usize, len: usize) -> KResult<Vec<f32>> {
    if !t.is_contiguous() || start + len > t.numel {
        return Err(invalid(format!(
            "quantization parameters {:?}: elements {start}..{} out of range",
            t.sizes,
            start + len
        )));
    }
    // SAFETY: `t` was checked to lie in reserved memory; the range is inside it.
    Ok(match t.dtype {
        ScalarType::Float => unsafe {
            std::slice::from_raw_parts((t.addr as usize as *const f32).add(start), len).to_vec()
        },
        ScalarType::Half => unsafe {
            std::slice::from_raw_parts((t.addr as usize as *const u16).add(start), len)
                .iter()
                .map(|&h| elem::half_to_f32(h))
                .collect()
        },
        other => {
            return Err(invalid(format!(
                "quantization parameters must be Float or Half, got {other:?}"
            )))
        }
    })
}

fn embedding(a: &mut Args, bits: usize, has_dtype: bool) -> KResult {
    let weight = a.tensor(0)?;
    let scales = a.tensor(1)?;
    let zero_points = a.opt_tensor(2)?;
    let (qmin, qmax) = (a.int(3)?, a.int(4)?);
    let indices = a.tensor(5)?;
    let out_arg = if has_dtype { 7 } else { 6 };
    if qmin > qmax {
        return Err(invalid(format!(
            "weight_quant_min {qmin} > weight_quant_max {qmax}"
        )));
    }
    if weight.dim() != 2 || !weight.is_contiguous() {
        return Err(invalid(format!(
            "weight must be a contiguous 2-D tensor, got sizes {:?}",
            weight.sizes
        )));
    }
    let signed = match (bits, weight.dtype) {
        (8, ScalarType::Char) => true,
        (8, ScalarType::Byte) | (4 | 2, ScalarType::Byte) => false,
        (_, other) => {
            return Err(invalid(format!(
                "{bits}-bit embedding weights must be bytes, got {other:?}"
            )))
        }
    };
    let (v, packed) = (weight.sizes[0], weight.sizes[1]);
    let dim = packed * 8 / bits;
    let groups = match scales.dim() {
        1 => 1,
        2 => scales.sizes[1],
        _ => 0,
    };
    if scales.sizes.first() != Some(&v) || groups == 0 || !dim.is_multiple_of(groups) {
        return Err(invalid(format!(
            "scales {:?} do not fit {v} embeddings of {dim} in groups",
            scales.sizes
        )));
    }
    if let Some(z) = &zero_points {
        if z.sizes != scales.sizes {
            return Err(invalid(format!(
                "zero points {:?} and scales {:?} differ",
                z.sizes, scales.sizes
            )));
        }
    }
    if !matches!(indices.dtype, ScalarType::Long | ScalarType::Int) {
        return Err(invalid(format!(
            "indices must be int64 or int32, got {:?}",
            indices.dtype
        )));
    }
    let mut sizes = indices.sizes.to_vec();
    sizes.push(dim);
    let out = a.out(out_arg, &sizes)?;
    if !matches!(out.dtype, ScalarType::Float | ScalarType::Half) {
        return Err(invalid(format!(
            "out must be Float or Half, got {:?}",
            out.dtype
        )));
    }
    let group = dim / groups;
    let idx = elem::read::<i64>(&indices)?;
    // SAFETY: `weight` was checked to lie in reserved memory (`v * packed` bytes).
    let table =
        unsafe { std::slice::from_raw_parts(weight.addr as usize as *const u8, v * packed) };
    let mut data = Vec::with_capacity(idx.len() * dim);
    for &i in idx.iter() {
        let row = usize::try_from(i)
            .ok()
            .filter(|&r| r < v)
            .ok_or_else(|| invalid(format!("index {i} is out of range for {v} embeddings")))?;
        let bytes = &table[row * packed..][..packed];
        let s = floats_at(&scales, row * groups, groups)?;
        let z = match &zero_points {
            Some(z) => floats_at(z, row * groups, groups)?,
            None => vec![0.0; groups],
        };
        for j in 0..dim {
            let w = match bits {
                8 if signed => i32::from(bytes[j] as i8),
                8 => i32::from(bytes[j]),
                4 => {
                    let b = bytes[j / 2];
                    i32::from(if j % 2 == 0 { b >> 4 } else { b & 0xf }) - 8
                }
                _ => i32::from((bytes[j / 4] >> (2 * (j % 4))) & 3) - 2,
            };
            let g = j / group;
            data.push((w as f32 - z[g]) * s[g]);
        }
    }
    elem::write::<f32>(&out, &data)
}
