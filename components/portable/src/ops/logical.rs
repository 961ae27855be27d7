//! Logical operators `logical_and`, `logical_or`, `logical_xor`, `logical_not` (any input
//! dtype, truthiness `x != 0`, NaN is true; bool results or 1/0 in the out tensor's
//! dtype) and `where.self_out` (a bool condition selecting between two broadcast tensors
//! promoted to a common dtype), as in PyTorch.

use std::borrow::Cow;

use crate::args::Args;
use crate::elem::{self, Compute, OutBuf};
use crate::ops::util::write_bools;
use crate::ops::util::{broadcast3, broadcast_loop};
use crate::ops::util::{broadcast_shape, broadcast_strides, promote_types};
use crate::plugboard::runtime::types::ScalarType;
use crate::registry::{Registrar, REAL_AND_BOOL};
use crate::tensor::Tensor;
use crate::{invalid, with_compute, KResult};

/// Registers this module's operators.
pub fn register(r: &mut Registrar) {
    r.add("aten::logical_and.out", REAL_AND_BOOL, |a| {
        logical_binary(a, |x, y| x & y)
    });
    r.add("aten::logical_or.out", REAL_AND_BOOL, |a| {
        logical_binary(a, |x, y| x | y)
    });
    r.add("aten::logical_xor.out", REAL_AND_BOOL, |a| {
        logical_binary(a, |x, y| x ^ y)
    });
    r.add("aten::logical_not.out", REAL_AND_BOOL, logical_not_out);
    r.add("aten::where.self_out", REAL_AND_BOOL, where_self_out);
}

/// The truthiness (`x != 0`, NaN true) of every element of `t` as 0/1 in logical order;
/// borrows a contiguous bool tensor's bytes when they are all 0/1.
pub fn truth(t: &Tensor) -> KResult<Cow<'_, [u8]>> {
    if t.dtype == ScalarType::Bool && t.is_contiguous() {
        // SAFETY: a bool tensor's storage is one byte per element.
        let s = unsafe { t.slice::<u8>() };
        if all_zero_or_one(s) {
            return Ok(Cow::Borrowed(s));
        }
        return Ok(Cow::Owned(s.iter().map(|&b| (b != 0) as u8).collect()));
    }
    with_compute!(t.dtype, C, {
        let v = elem::read::<C>(t)?;
        Ok(Cow::Owned(v.iter().map(|&x| x.to_bool() as u8).collect()))
    })
}

/// Whether every byte of `s` is 0 or 1, eight bytes per step (attention masks are
/// checked on every execute of a transformer: byte by byte this was 2% of tiny BERT).
fn all_zero_or_one(s: &[u8]) -> bool {
    let mut words = s.chunks_exact(8);
    let high = words.by_ref().fold(0u64, |acc, w| {
        acc | (u64::from_le_bytes([w[0], w[1], w[2], w[3], w[4], w[5], w[6], w[7]])
            & 0xfefe_fefe_fefe_fefe)
    });
    high == 0 && words.remainder().iter().all(|&b| b <= 1)
}

/// `aten::logical_{and,or,xor}.out(self, other, out)` with broadcasting.
fn logical_binary(args: &mut Args, f: impl Fn(u8, u8) -> u8) -> KResult {
    let a = args.tensor(0)?;
    let b = args.tensor(1)?;
    let shape = broadcast_shape(&a.sizes, &b.sizes)?;
    let out = args.out(2, &shape)?;
    let av = truth(&a)?;
    let bv = truth(&b)?;
    let n = out.numel;
    write_bools(&out, |o| {
        if a.numel == n && b.numel == n {
            for ((o, &x), &y) in o.iter_mut().zip(av.iter()).zip(bv.iter()) {
                *o = f(x, y);
            }
        } else if n > 0 {
            let sa = broadcast_strides(&a.sizes, &out.sizes);
            let sb = broadcast_strides(&b.sizes, &out.sizes);
            broadcast_loop(&out.sizes, &sa, &sb, |oi, ia, ib| o[oi] = f(av[ia], bv[ib]));
        }
    })
}

/// `aten::logical_not.out(self, out)`.
fn logical_not_out(args: &mut Args) -> KResult {
    let a = args.tensor(0)?;
    let out = args.out(1, &a.sizes.clone())?;
    let av = truth(&a)?;
    write_bools(&out, |o| {
        for (o, &x) in o.iter_mut().zip(av.iter()) {
            *o = x ^ 1;
        }
    })
}

/// `aten::where.self_out(condition, self, other, out)`: `condition ? self : other`, the
/// three broadcast together; `self` and `other` promote to a common dtype. The condition
/// must be bool (uint8 is accepted too, as PyTorch still does with a warning).
fn where_self_out(args: &mut Args) -> KResult {
    let c = args.tensor(0)?;
    let a = args.tensor(1)?;
    let b = args.tensor(2)?;
    if !matches!(c.dtype, ScalarType::Bool | ScalarType::Byte) {
        return Err(invalid(format!(
            "where expects a bool condition, got {:?}",
            c.dtype
        )));
    }
    let shape = broadcast_shape(&broadcast_shape(&c.sizes, &a.sizes)?, &b.sizes)?;
    let out = args.out(3, &shape)?;
    let common = promote_types(a.dtype, b.dtype);
    let cv = truth(&c)?;
    with_compute!(common, C, {
        let av = elem::read::<C>(&a)?;
        let bv = elem::read::<C>(&b)?;
        let mut ob = OutBuf::<C>::new(&out);
        let o = ob.data();
        select(&out.sizes, &c.sizes, &a.sizes, &b.sizes, &cv, &av, &bv, o);
        ob.commit()
    })
}

#[allow(clippy::too_many_arguments)]
fn select<C: Compute>(
    out_sizes: &[usize],
    c_sizes: &[usize],
    a_sizes: &[usize],
    b_sizes: &[usize],
    cv: &[u8],
    av: &[C],
    bv: &[C],
    o: &mut [C],
) {
    let n = o.len();
    if cv.len() == n && av.len() == n && bv.len() == n {
        for (((o, &c), &x), &y) in o.iter_mut().zip(cv).zip(av).zip(bv) {
            *o = if c != 0 { x } else { y };
        }
    } else if cv.len() == n && av.len() == n && bv.len() == 1 {
        let y = bv[0];
        for ((o, &c), &x) in o.iter_mut().zip(cv).zip(av) {
            *o = if c != 0 { x } else { y };
        }
    } else if cv.len() == n && av.len() == 1 && bv.len() == n {
        let x = av[0];
        for ((o, &c), &y) in o.iter_mut().zip(cv).zip(bv) {
            *o = if c != 0 { x } else { y };
        }
    } else if cv.len() == n && av.len() == 1 && bv.len() == 1 {
        let (x, y) = (av[0], bv[0]);
        for (o, &c) in o.iter_mut().zip(cv) {
            *o = if c != 0 { x } else { y };
        }
    } else if let (Some(&inner), Some(&1), true) = (
        out_sizes.last(),
        c_sizes.last(),
        av.len() == n && bv.len() == n,
    ) {
        // One condition per row of the last dim (a mask of shape [.., 1]): whole rows
        // copied from `a` or `b`, the condition found by walking the rows alone.
        let mut rows = out_sizes.to_vec();
        if let Some(l) = rows.last_mut() {
            *l = 1;
        }
        broadcast3(&rows, c_sizes, &rows, &rows, |r, ic, _, _| {
            let src = if cv[ic] != 0 { av } else { bv };
            let span = r * inner..(r + 1) * inner;
            o[span.clone()].copy_from_slice(&src[span]);
        });
    } else {
        broadcast3(out_sizes, c_sizes, a_sizes, b_sizes, |oi, ic, ia, ib| {
            o[oi] = if cv[ic] != 0 { av[ia] } else { bv[ib] };
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zero_or_one_bytes_are_told_from_others_at_every_position() {
        for n in 0..20 {
            let mut v: Vec<u8> = (0..n).map(|i| (i % 2) as u8).collect();
            assert!(all_zero_or_one(&v), "{n}");
            for k in 0..n {
                for bad in [2u8, 0x80, 0xff] {
                    let old = v[k];
                    v[k] = bad;
                    assert!(!all_zero_or_one(&v), "{n} {k} {bad}");
                    v[k] = old;
                }
            }
        }
    }

    /// `where` by the definition: each output index broadcast back into each operand.
    fn naive(out: &[usize], shapes: [&[usize]; 3], c: &[u8], a: &[f32], b: &[f32]) -> Vec<f32> {
        let n: usize = out.iter().product();
        let at = |s: &[usize], mut i: usize| {
            let mut idx = 0;
            let mut stride = 1;
            for d in (0..out.len()).rev() {
                let k = i % out[d];
                i /= out[d];
                if let Some(&sz) = (d + s.len()).checked_sub(out.len()).and_then(|e| s.get(e)) {
                    if sz > 1 {
                        idx += k * stride;
                    }
                    stride *= sz;
                }
            }
            idx
        };
        (0..n)
            .map(|i| {
                if c[at(shapes[0], i)] != 0 {
                    a[at(shapes[1], i)]
                } else {
                    b[at(shapes[2], i)]
                }
            })
            .collect()
    }

    #[test]
    fn select_matches_broadcasting() {
        let out = [1usize, 4, 5, 6];
        let cases: [[&[usize]; 3]; 5] = [
            [&[1, 4, 5, 1], &[1, 4, 5, 6], &[1, 4, 5, 6]],
            [&[5, 1], &[1, 4, 5, 6], &[4, 5, 6]],
            [&[1, 4, 5, 6], &[], &[]],
            [&[1, 4, 5, 6], &[1, 4, 5, 6], &[]],
            [&[4, 1, 6], &[1, 4, 5, 1], &[6]],
        ];
        for shapes in cases {
            let len = |s: &[usize]| s.iter().product::<usize>();
            let c: Vec<u8> = (0..len(shapes[0]))
                .map(|i| ((i * 7) % 3 == 0) as u8)
                .collect();
            let a: Vec<f32> = (0..len(shapes[1])).map(|i| i as f32).collect();
            let b: Vec<f32> = (0..len(shapes[2])).map(|i| -(i as f32) - 1.0).collect();
            let mut o = vec![0.0f32; len(&out)];
            select(&out, shapes[0], shapes[1], shapes[2], &c, &a, &b, &mut o);
            assert_eq!(o, naive(&out, shapes, &c, &a, &b), "{shapes:?}");
        }
    }
}
