//! Reading and writing tensors as NumPy `.npy` files (through the `npyz` crate).
//!
//! Supported dtypes: float32, float64, int64, int32, int16, int8, uint8, bool.
//! Fortran-ordered arrays are read as tensors whose dim order is reversed.

use std::io::Cursor;
use std::path::Path;

use npyz::{DType, Order, TypeChar, WriterBuilder};

use crate::{Error, ErrorKind, Result, ScalarType, Tensor};

fn bytes_of<T: Copy>(v: Vec<T>, to_le: impl Fn(T) -> Vec<u8>) -> Vec<u8> {
    v.into_iter().flat_map(to_le).collect()
}

/// Parses `.npy` bytes into a tensor.
pub fn read_bytes(bytes: &[u8]) -> Result<Tensor> {
    let bad = |m: String| Error::new(ErrorKind::InvalidArgument, m);
    let npy =
        npyz::NpyFile::new(Cursor::new(bytes)).map_err(|e| bad(format!("not a .npy file: {e}")))?;
    let shape: Vec<usize> = npy.shape().iter().map(|&s| s as usize).collect();
    let fortran = npy.order() == Order::Fortran;
    let DType::Plain(ts) = npy.dtype() else {
        return Err(bad("structured .npy arrays are not supported".into()));
    };
    let size = ts.size_field();
    let io = |e: std::io::Error| bad(format!("cannot read .npy data: {e}"));
    let (dtype, data) = match (ts.type_char(), size) {
        (TypeChar::Float, 4) => (
            ScalarType::Float,
            bytes_of(npy.into_vec::<f32>().map_err(io)?, |x| {
                x.to_le_bytes().to_vec()
            }),
        ),
        (TypeChar::Float, 8) => (
            ScalarType::Double,
            bytes_of(npy.into_vec::<f64>().map_err(io)?, |x| {
                x.to_le_bytes().to_vec()
            }),
        ),
        (TypeChar::Int, 8) => (
            ScalarType::Long,
            bytes_of(npy.into_vec::<i64>().map_err(io)?, |x| {
                x.to_le_bytes().to_vec()
            }),
        ),
        (TypeChar::Int, 4) => (
            ScalarType::Int,
            bytes_of(npy.into_vec::<i32>().map_err(io)?, |x| {
                x.to_le_bytes().to_vec()
            }),
        ),
        (TypeChar::Int, 2) => (
            ScalarType::Short,
            bytes_of(npy.into_vec::<i16>().map_err(io)?, |x| {
                x.to_le_bytes().to_vec()
            }),
        ),
        (TypeChar::Int, 1) => (
            ScalarType::Char,
            bytes_of(npy.into_vec::<i8>().map_err(io)?, |x| {
                x.to_le_bytes().to_vec()
            }),
        ),
        (TypeChar::Uint, 1) => (ScalarType::Byte, npy.into_vec::<u8>().map_err(io)?),
        (TypeChar::Bool, 1) => (
            ScalarType::Bool,
            bytes_of(npy.into_vec::<bool>().map_err(io)?, |x| vec![x as u8]),
        ),
        _ => return Err(bad(format!("unsupported .npy dtype {ts}"))),
    };
    let mut t = Tensor::new(dtype, shape, data)?;
    if fortran {
        t.dim_order.reverse();
    }
    Ok(t)
}

/// Reads the `.npy` file at `path`.
pub fn read(path: &Path) -> Result<Tensor> {
    let bytes = std::fs::read(path).map_err(|e| {
        Error::new(
            ErrorKind::AccessFailed,
            format!("cannot read {}: {e}", path.display()),
        )
    })?;
    read_bytes(&bytes).map_err(|e| Error::new(e.kind, format!("{}: {}", path.display(), e.message)))
}

/// Serializes a tensor as `.npy` bytes (C order; other dim orders are converted).
pub fn write_bytes(t: &Tensor) -> Result<Vec<u8>> {
    let t = if t.is_contiguous() {
        std::borrow::Cow::Borrowed(t)
    } else {
        std::borrow::Cow::Owned(t.to_dim_order(&(0..t.sizes.len() as u8).collect::<Vec<_>>())?)
    };
    let shape: Vec<u64> = t.sizes.iter().map(|&s| s as u64).collect();
    let mut out = Vec::new();
    let io = |e: std::io::Error| Error::new(ErrorKind::Internal, format!("cannot write .npy: {e}"));
    macro_rules! put {
        ($ty:ty, $n:expr) => {{
            let mut w = npyz::WriteOptions::<$ty>::new()
                .default_dtype()
                .shape(&shape)
                .writer(&mut out)
                .begin_nd()
                .map_err(io)?;
            w.extend(
                t.data
                    .chunks_exact($n)
                    .map(|c| <$ty>::from_le_bytes(c.try_into().unwrap_or([0; $n]))),
            )
            .map_err(io)?;
            w.finish().map_err(io)?;
        }};
    }
    match t.dtype {
        ScalarType::Float => put!(f32, 4),
        ScalarType::Double => put!(f64, 8),
        ScalarType::Long => put!(i64, 8),
        ScalarType::Int => put!(i32, 4),
        ScalarType::Short => put!(i16, 2),
        ScalarType::Char => put!(i8, 1),
        ScalarType::Byte => put!(u8, 1),
        ScalarType::Bool => {
            let mut w = npyz::WriteOptions::<bool>::new()
                .default_dtype()
                .shape(&shape)
                .writer(&mut out)
                .begin_nd()
                .map_err(io)?;
            w.extend(t.data.iter().map(|&b| b != 0)).map_err(io)?;
            w.finish().map_err(io)?;
        }
        other => {
            return Err(Error::new(
                ErrorKind::NotSupported,
                format!("cannot write a {other} tensor as .npy"),
            ))
        }
    }
    Ok(out)
}

/// Writes a tensor to `path` as `.npy`.
pub fn write(path: &Path, t: &Tensor) -> Result<()> {
    let bytes = write_bytes(t)?;
    std::fs::write(path, bytes).map_err(|e| {
        Error::new(
            ErrorKind::AccessFailed,
            format!("cannot write {}: {e}", path.display()),
        )
    })
}
