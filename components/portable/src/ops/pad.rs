//! Reflection and replication padding of the last 1, 2 or 3 dimensions
//! (`aten::reflection_pad{1,2,3}d.out`, `aten::replication_pad{1,2,3}d.out`), with
//! PyTorch's semantics (`aten/src/ATen/native/ReflectionPad.cpp`,
//! `ReplicationPadding.cpp`): reflection mirrors about the edge element without
//! repeating it (`[1, 2, 3]` padded by 2 on the left is `[3, 2, 1, 2, 3]`), replication
//! repeats the edge element.
//!
//! Dtype-agnostic: each output element is a byte copy of the input element its index
//! maps to. An input whose dtype differs from the output's is converted first.

use crate::args::Args;
use crate::ops::util::copy::convert;
use crate::ops::util::{esize, tstrides, usize_of};
use crate::registry::{Registrar, ALL_DTYPES};
use crate::tensor::for_each_index;
use crate::{invalid, KResult};

/// Registers this module's operators.
pub fn register(r: &mut Registrar) {
    r.add("aten::reflection_pad1d.out", ALL_DTYPES, |a| {
        pad(a, 1, true)
    });
    r.add("aten::reflection_pad2d.out", ALL_DTYPES, |a| {
        pad(a, 2, true)
    });
    r.add("aten::reflection_pad3d.out", ALL_DTYPES, |a| {
        pad(a, 3, true)
    });
    r.add("aten::replication_pad1d.out", ALL_DTYPES, |a| {
        pad(a, 1, false)
    });
    r.add("aten::replication_pad2d.out", ALL_DTYPES, |a| {
        pad(a, 2, false)
    });
    r.add("aten::replication_pad3d.out", ALL_DTYPES, |a| {
        pad(a, 3, false)
    });
}

/// `{reflection,replication}_pad{n}d.out(Tensor self, SymInt[2n] padding, *, Tensor(a!)
/// out)`: pads the last `n` dimensions of `self` (rank `n + 1` or `n + 2`);
/// `padding` is `(left, right)` of the last dimension, then of the one before, ...
/// `out` has `self`'s sizes with each padded dimension grown by its two pads. Any
/// dtype. `invalid-argument` for another rank or padding length, a negative pad, an
/// empty padded dimension, or (reflection) a pad not smaller than its dimension.
fn pad(a: &mut Args, n: usize, reflect: bool) -> KResult {
    let kind = if reflect { "reflection" } else { "replication" };
    let x = a.tensor(0)?;
    let padding = a.int_list(1)?;
    let r = x.dim();
    if r != n + 1 && r != n + 2 {
        return Err(invalid(format!(
            "{kind}_pad{n}d expects a tensor of rank {} or {}, got rank {r}",
            n + 1,
            n + 2
        )));
    }
    if padding.len() != 2 * n {
        return Err(invalid(format!(
            "{kind}_pad{n}d expects {} padding values, got {}",
            2 * n,
            padding.len()
        )));
    }
    let mut sizes = x.sizes.to_vec();
    let mut pads = vec![(0usize, 0usize); r];
    for i in 0..n {
        let d = r - 1 - i;
        let lo = usize_of(padding[2 * i], "padding")?;
        let hi = usize_of(padding[2 * i + 1], "padding")?;
        let size = x.sizes[d];
        if size == 0 {
            return Err(invalid(format!(
                "{kind}_pad{n}d: dimension {d} to pad is empty"
            )));
        }
        if reflect && (lo >= size || hi >= size) {
            return Err(invalid(format!(
                "reflection_pad{n}d: padding ({lo}, {hi}) must be smaller than size {size} of dimension {d}"
            )));
        }
        sizes[d] = size
            .checked_add(lo)
            .and_then(|s| s.checked_add(hi))
            .ok_or_else(|| invalid("padded size overflows"))?;
        pads[d] = (lo, hi);
    }
    let out = a.out(2, &sizes)?;
    if out.numel == 0 {
        return Ok(());
    }
    let conv;
    let x = if x.dtype != out.dtype {
        conv = convert(&x, out.dtype)?;
        &conv.tensor
    } else {
        &x
    };
    let e = esize(out.dtype)?;
    let (xs, os) = (tstrides(x), tstrides(&out));
    // Per dimension, the input index of each output index, as an element offset.
    let maps: Vec<Vec<isize>> = (0..r)
        .map(|d| {
            let (size, lo) = (x.sizes[d] as isize, pads[d].0 as isize);
            (0..sizes[d] as isize)
                .map(|o| {
                    let i = o - lo;
                    let i = if reflect {
                        if i < 0 {
                            -i
                        } else if i >= size {
                            2 * (size - 1) - i
                        } else {
                            i
                        }
                    } else {
                        i.clamp(0, size - 1)
                    };
                    i * xs[d]
                })
                .collect()
        })
        .collect();
    let (src, dst) = (x.addr as usize as *const u8, out.addr as usize as *mut u8);
    let last = r - 1;
    let (inner, inner_map, inner_os) = (sizes[last], &maps[last], os[last]);
    for_each_index(&sizes[..last], |_, idx| {
        let (mut so, mut dof) = (0isize, 0isize);
        for (d, &i) in idx.iter().enumerate() {
            so += maps[d][i];
            dof += i as isize * os[d];
        }
        for (j, &m) in inner_map.iter().enumerate().take(inner) {
            // SAFETY: every mapped index lies in `self` and every output index in `out`,
            // both of which were checked against their memory.
            unsafe {
                std::ptr::copy(
                    src.offset((so + m) * e as isize),
                    dst.offset((dof + j as isize * inner_os) * e as isize),
                    e,
                )
            };
        }
    });
    Ok(())
}
