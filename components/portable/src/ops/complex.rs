//! Complex tensors, `.out` variants:
//!
//! - `aten::view_as_real_copy.out(Tensor self, *, out)`: a complex tensor `[...]` as
//!   its real type `[..., 2]` (real, imaginary), the same bytes (ComplexHalf, Float,
//!   Double into Half, Float, Double);
//! - `aten::_conj_physical.out(Tensor self, *, out)`: the complex conjugate (the
//!   imaginary part's sign flipped, bit for bit);
//! - `aten::_fft_r2c.out(Tensor self, int[] dim, int normalization, bool onesided, *,
//!   out)`: the forward discrete Fourier transform of a real Float or Double tensor
//!   over `dim` (`exp(-2πi·jk/n)`), `onesided` only (the last of `dim` keeps `n / 2 +
//!   1` bins, as ExecuTorch's kernel requires), into ComplexFloat or ComplexDouble;
//! - `aten::_fft_c2r.out(Tensor self, int[] dim, int normalization, SymInt
//!   last_dim_size, *, out)`: the inverse (`exp(+2πi·jk/n)`) of a onesided spectrum
//!   over `dim` into a real tensor whose last transformed dimension is
//!   `last_dim_size`: inverse transforms over the other dimensions, then each line of
//!   the last completed by Hermitian symmetry (the imaginary parts of its first bin
//!   and, for an even length, of its middle bin ignored) and transformed to reals.
//!
//! `normalization` as PyTorch's `fft_norm_mode`: 0 none, 1 divide by `sqrt(n)`, 2
//! divide by `n`, `n` the product of the transformed sizes (of the real side).
//! Semantics from ExecuTorch's `kernels/optimized/cpu/op_fft_r2c.cpp`,
//! `op_fft_c2r.cpp`, `fft_utils.h` (pocketfft) and the portable
//! `op__conj_physical.cpp`, `op_view_as_real_copy.cpp`. The transforms run in float64
//! through `rustfft` (any length) and are narrowed once, so they agree with
//! ExecuTorch's float32 pocketfft within its rounding. Tensors are contiguous.

use rustfft::num_complex::Complex;
use rustfft::FftPlanner;

use crate::args::Args;
use crate::elem;
use crate::plugboard::runtime::types::ScalarType;
use crate::registry::Registrar;
use crate::tensor::Tensor;
use crate::{invalid, KResult};

/// Registers this module's operators.
pub fn register(r: &mut Registrar) {
    const C: &[ScalarType] = &[
        ScalarType::ComplexHalf,
        ScalarType::ComplexFloat,
        ScalarType::ComplexDouble,
        ScalarType::Half,
        ScalarType::Float,
        ScalarType::Double,
    ];
    r.add("aten::view_as_real_copy.out", C, view_as_real);
    r.add("aten::_conj_physical.out", C, conj_physical);
    r.add("aten::_fft_r2c.out", C, fft_r2c);
    r.add("aten::_fft_c2r.out", C, fft_c2r);
}

/// The real type of complex dtype `d`.
fn real_of(d: ScalarType) -> Option<ScalarType> {
    Some(match d {
        ScalarType::ComplexHalf => ScalarType::Half,
        ScalarType::ComplexFloat => ScalarType::Float,
        ScalarType::ComplexDouble => ScalarType::Double,
        _ => return None,
    })
}

/// Checks that `t` is contiguous.
fn contiguous(t: &Tensor, what: &str) -> KResult {
    if t.is_contiguous() {
        Ok(())
    } else {
        Err(invalid(format!(
            "{what} must be contiguous, got dim order {:?}",
            t.dim_order
        )))
    }
}

/// `t`'s bytes.
///
/// # Safety
/// No mutable view of them is alive.
unsafe fn bytes(t: &Tensor) -> KResult<&'static [u8]> {
    let n = t.nbytes().ok_or_else(|| invalid("tensor size overflows"))?;
    if n == 0 {
        return Ok(&[]);
    }
    // SAFETY: `Tensor::from_ref` checked the bytes lie in a reserved block.
    Ok(unsafe { std::slice::from_raw_parts(t.addr as usize as *const u8, n) })
}

/// `aten::view_as_real_copy.out`.
fn view_as_real(a: &mut Args) -> KResult {
    let x = a.tensor(0)?;
    let real = real_of(x.dtype)
        .ok_or_else(|| invalid(format!("self must be complex, got {:?}", x.dtype)))?;
    contiguous(&x, "self")?;
    let mut sizes = x.sizes.to_vec();
    sizes.push(2);
    let out = a.out(1, &sizes)?;
    if out.dtype != real {
        return Err(invalid(format!(
            "out must be {real:?}, got {:?}",
            out.dtype
        )));
    }
    contiguous(&out, "out")?;
    // SAFETY: copied before `out` is written.
    let src = unsafe { bytes(&x) }?.to_vec();
    write_bytes(&out, &src)
}

/// Copies `src` over `out`'s bytes (as many as it holds).
fn write_bytes(out: &Tensor, src: &[u8]) -> KResult {
    let n = out.nbytes().unwrap_or(0);
    if n != src.len() {
        return Err(invalid(format!(
            "out holds {n} bytes, the result {}",
            src.len()
        )));
    }
    if n > 0 {
        // SAFETY: `n` bytes of `out`'s reserved block; no other view of them is alive.
        unsafe {
            std::slice::from_raw_parts_mut(out.addr as usize as *mut u8, n).copy_from_slice(src)
        };
    }
    Ok(())
}

/// `aten::_conj_physical.out`.
fn conj_physical(a: &mut Args) -> KResult {
    let x = a.tensor(0)?;
    contiguous(&x, "self")?;
    let out = a.out(1, &x.sizes)?;
    if out.dtype != x.dtype {
        return Err(invalid(format!(
            "out must be {:?}, got {:?}",
            x.dtype, out.dtype
        )));
    }
    contiguous(&out, "out")?;
    // SAFETY: copied before `out` is written.
    let mut v = unsafe { bytes(&x) }?.to_vec();
    if let Some(real) = real_of(x.dtype) {
        // The imaginary part is each element's second half: flip its sign bit (the
        // top bit of its last byte, little-endian).
        let part = elem::element_size(real);
        for e in v.chunks_exact_mut(2 * part) {
            e[2 * part - 1] ^= 0x80;
        }
    }
    write_bytes(&out, &v)
}

/// `dim` as in-range axes of a rank-`rank` tensor (negative counts from the end).
fn axes(a: &Args, i: usize, rank: usize) -> KResult<Vec<usize>> {
    let dims = a.int_list(i)?;
    if dims.is_empty() {
        return Err(invalid("dim must name at least one dimension"));
    }
    dims.iter()
        .map(|&d| {
            let ax = if d < 0 { d + rank as i64 } else { d };
            usize::try_from(ax)
                .ok()
                .filter(|&ax| ax < rank)
                .ok_or_else(|| invalid(format!("dim {d} is out of range for rank {rank}")))
        })
        .collect()
}

/// The normalization factor for mode `mode` over `n` values.
fn factor(mode: i64, n: usize) -> KResult<f64> {
    match mode {
        0 => Ok(1.0),
        1 => Ok(1.0 / (n as f64).sqrt()),
        2 => Ok(1.0 / n as f64),
        m => Err(invalid(format!("unsupported normalization {m}"))),
    }
}

/// Transforms `data` (row-major, `sizes`) along `axis` in place.
fn along(
    planner: &mut FftPlanner<f64>,
    data: &mut [Complex<f64>],
    sizes: &[usize],
    axis: usize,
    inverse: bool,
) {
    let n = sizes[axis];
    if n == 0 || data.is_empty() {
        return;
    }
    let fft = if inverse {
        planner.plan_fft_inverse(n)
    } else {
        planner.plan_fft_forward(n)
    };
    let inner: usize = sizes[axis + 1..].iter().product();
    if inner == 1 {
        fft.process(data);
        return;
    }
    let mut line = vec![Complex::new(0.0, 0.0); n];
    for block in data.chunks_exact_mut(n * inner) {
        for j in 0..inner {
            for (t, x) in line.iter_mut().enumerate() {
                *x = block[t * inner + j];
            }
            fft.process(&mut line);
            for (t, x) in line.iter().enumerate() {
                block[t * inner + j] = *x;
            }
        }
    }
}

/// A float tensor's values as f64 (Float or Double).
fn reals(t: &Tensor) -> KResult<Vec<f64>> {
    match t.dtype {
        ScalarType::Float | ScalarType::Double => Ok(elem::read::<f64>(t)?.into_owned()),
        d => Err(invalid(format!("expected Float or Double, got {d:?}"))),
    }
}

/// `aten::_fft_r2c.out`.
fn fft_r2c(a: &mut Args) -> KResult {
    let x = a.tensor(0)?;
    contiguous(&x, "self")?;
    let dims = axes(a, 1, x.dim())?;
    let fct = factor(a.int(2)?, dims.iter().map(|&d| x.sizes[d]).product())?;
    if !a.bool(3)? {
        return Err(invalid(
            "onesided=False is not supported (nor by ExecuTorch)",
        ));
    }
    let sizes = x.sizes.to_vec();
    let mut data: Vec<Complex<f64>> = reals(&x)?
        .into_iter()
        .map(|v| Complex::new(v, 0.0))
        .collect();
    let mut planner = FftPlanner::new();
    for &d in &dims {
        along(&mut planner, &mut data, &sizes, d, false);
    }
    // Keep bins 0 ..= n / 2 of the last transformed dimension.
    let last = dims[dims.len() - 1];
    let mut out_sizes = sizes.clone();
    out_sizes[last] = sizes[last] / 2 + 1;
    let (n, keep) = (sizes[last], out_sizes[last]);
    let inner: usize = sizes[last + 1..].iter().product();
    if data.is_empty() {
        a.out(4, &out_sizes)?;
        return Ok(());
    }
    let mut kept = Vec::with_capacity(data.len() / n.max(1) * keep);
    for block in data.chunks_exact(n * inner) {
        kept.extend_from_slice(&block[..keep * inner]);
    }
    let out = a.out(4, &out_sizes)?;
    write_complex(&out, x.dtype, &kept, fct)
}

/// `aten::_fft_c2r.out`.
fn fft_c2r(a: &mut Args) -> KResult {
    let x = a.tensor(0)?;
    contiguous(&x, "self")?;
    let real = real_of(x.dtype)
        .filter(|r| matches!(r, ScalarType::Float | ScalarType::Double))
        .ok_or_else(|| {
            invalid(format!(
                "self must be ComplexFloat or ComplexDouble, got {:?}",
                x.dtype
            ))
        })?;
    let dims = axes(a, 1, x.dim())?;
    let mode = a.int(2)?;
    let n = usize::try_from(a.int(3)?)
        .ok()
        .filter(|&n| n >= 1)
        .ok_or_else(|| invalid("last_dim_size must be at least 1"))?;
    let last = dims[dims.len() - 1];
    let sizes = x.sizes.to_vec();
    let m = sizes[last];
    if m < n / 2 + 1 {
        return Err(invalid(format!(
            "{m} bins along dimension {last} cannot make {n} values (at least {} needed)",
            n / 2 + 1
        )));
    }
    // `out` first: its block holds the result (checked), which bounds `n` before
    // anything of its size is allocated.
    let mut out_sizes = sizes.clone();
    out_sizes[last] = n;
    let out = a.out(4, &out_sizes)?;
    if out.dtype != real {
        return Err(invalid(format!(
            "out must be {real:?}, got {:?}",
            out.dtype
        )));
    }
    contiguous(&out, "out")?;
    let mut data = complexes(&x)?;
    if data.is_empty() {
        return Ok(());
    }
    let mut planner = FftPlanner::new();
    for &d in &dims[..dims.len() - 1] {
        along(&mut planner, &mut data, &sizes, d, true);
    }
    // Each line of the last dimension: bins 0 ..= n / 2, the rest by symmetry.
    let fct = factor(mode, dims.iter().map(|&d| out_sizes[d]).product())?;
    let inner: usize = sizes[last + 1..].iter().product();
    let ifft = planner.plan_fft_inverse(n);
    let mut line = vec![Complex::new(0.0, 0.0); n];
    let mut values = vec![0f64; data.len() / m.max(1) * n];
    for (block, dst) in data
        .chunks_exact(m * inner)
        .zip(values.chunks_exact_mut(n * inner))
    {
        for j in 0..inner {
            for (k, slot) in line.iter_mut().enumerate() {
                *slot = if k <= n / 2 {
                    block[k * inner + j]
                } else {
                    block[(n - k) * inner + j].conj()
                };
            }
            line[0].im = 0.0;
            if n.is_multiple_of(2) {
                line[n / 2].im = 0.0;
            }
            ifft.process(&mut line);
            for (t, v) in line.iter().enumerate() {
                dst[t * inner + j] = v.re * fct;
            }
        }
    }
    elem::write::<f64>(&out, &values)
}

/// A ComplexFloat or ComplexDouble tensor's values.
fn complexes(t: &Tensor) -> KResult<Vec<Complex<f64>>> {
    // SAFETY: read and copied at once; the element types are the dtypes' own.
    Ok(match t.dtype {
        ScalarType::ComplexFloat => unsafe { t.slice::<[f32; 2]>() }
            .iter()
            .map(|&[re, im]| Complex::new(f64::from(re), f64::from(im)))
            .collect(),
        ScalarType::ComplexDouble => unsafe { t.slice::<[f64; 2]>() }
            .iter()
            .map(|&[re, im]| Complex::new(re, im))
            .collect(),
        d => {
            return Err(invalid(format!(
                "expected ComplexFloat or ComplexDouble, got {d:?}"
            )))
        }
    })
}

/// Writes `values · fct` into complex `out` (the complex type of real dtype `real`).
fn write_complex(out: &Tensor, real: ScalarType, values: &[Complex<f64>], fct: f64) -> KResult {
    contiguous(out, "out")?;
    if out.numel != values.len() {
        return Err(invalid("out and the result differ in size"));
    }
    // SAFETY (each arm): `out`'s block, checked; the element types are the dtypes' own;
    // no other view is alive.
    match (real, out.dtype) {
        (ScalarType::Float, ScalarType::ComplexFloat) => {
            for (o, v) in unsafe { out.slice_mut::<[f32; 2]>() }
                .iter_mut()
                .zip(values)
            {
                *o = [(v.re * fct) as f32, (v.im * fct) as f32];
            }
        }
        (ScalarType::Double, ScalarType::ComplexDouble) => {
            for (o, v) in unsafe { out.slice_mut::<[f64; 2]>() }
                .iter_mut()
                .zip(values)
            {
                *o = [v.re * fct, v.im * fct];
            }
        }
        (r, o) => {
            return Err(invalid(format!(
                "out must be the complex type of {r:?}, got {o:?}"
            )))
        }
    }
    Ok(())
}
