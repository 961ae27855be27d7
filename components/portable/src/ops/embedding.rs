//! `aten::embedding.out`: gathers rows of a weight matrix by integer indices.

use crate::args::Args;
use crate::elem::{self, OutBuf};
use crate::plugboard::runtime::types::ScalarType;
use crate::registry::{Registrar, REAL_AND_BOOL};
use crate::{invalid, with_compute, KResult};

/// Registers this module's operators.
pub fn register(r: &mut Registrar) {
    r.add("aten::embedding.out", REAL_AND_BOOL, embedding_out);
}

/// `aten::embedding.out(weight [V, D], indices (int64/int32, any shape), padding_idx=-1,
/// scale_grad_by_freq=False, sparse=False, *, out [*indices.shape, D])`:
/// `out[i..., :] = weight[indices[i...], :]`. `padding_idx`, `scale_grad_by_freq` and
/// `sparse` only affect the gradient, as in PyTorch.
fn embedding_out(args: &mut Args) -> KResult {
    let weight = args.tensor(0)?;
    let indices = args.tensor(1)?;
    if weight.dim() != 2 {
        return Err(invalid(format!(
            "weight must be 2-D, got sizes {:?}",
            weight.sizes
        )));
    }
    if !matches!(indices.dtype, ScalarType::Long | ScalarType::Int) {
        return Err(invalid(format!(
            "indices must be int64 or int32, got {:?}",
            indices.dtype
        )));
    }
    let (v, d) = (weight.sizes[0], weight.sizes[1]);
    let mut sizes = indices.sizes.clone();
    sizes.push(d);
    let out = args.out(5, &sizes)?;
    let idx = elem::read::<i64>(&indices)?;
    for &i in idx.iter() {
        if i < 0 || i as usize >= v {
            return Err(invalid(format!(
                "index {i} is out of range for {v} embeddings"
            )));
        }
    }
    if d == 0 {
        return Ok(());
    }
    // Same dtype and both contiguous: copy rows as bytes.
    if weight.dtype == out.dtype && weight.is_contiguous() && out.is_contiguous() {
        let es = elem::element_size(weight.dtype);
        let row = d * es;
        // SAFETY: both tensors were checked to lie in reserved memory; u8 views.
        let (src, dst) = unsafe {
            (
                std::slice::from_raw_parts(weight.addr as usize as *const u8, v * row),
                std::slice::from_raw_parts_mut(out.addr as usize as *mut u8, idx.len() * row),
            )
        };
        for (k, &i) in idx.iter().enumerate() {
            let i = i as usize;
            dst[k * row..(k + 1) * row].copy_from_slice(&src[i * row..(i + 1) * row]);
        }
        return Ok(());
    }
    with_compute!(out.dtype, C, {
        let wv = elem::read::<C>(&weight)?;
        let mut ob = OutBuf::<C>::new(&out);
        let o = ob.data();
        for (k, &i) in idx.iter().enumerate() {
            let i = i as usize;
            o[k * d..(k + 1) * d].copy_from_slice(&wv[i * d..(i + 1) * d]);
        }
        ob.commit()
    })
}
