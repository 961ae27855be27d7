//! Delegate arguments at the boundary: ExecuTorch tensors (any dim order) to the
//! graph's memory layout and back, and little-endian bytes to `f32`.

use crate::graph::DataType;
use crate::plugboard::runtime::types::ScalarType;

/// A delegate argument as the runtime reads it, whichever contract version carried it:
/// 1.x passes bytes by value, 2.x a `tensor-ref` to a block of linear memory the host
/// filled. `data` is empty for output arguments.
#[derive(Debug, Clone, Copy)]
pub struct TensorArg<'a> {
    pub dtype: ScalarType,
    pub sizes: &'a [u32],
    pub dim_order: &'a [u8],
    pub data: &'a [u8],
}

/// A graph output after `execute`: its logical sizes and dim order, and its bytes in
/// the runtime's arena (valid until the runtime runs again).
#[derive(Debug)]
pub struct Output<'a> {
    pub dtype: ScalarType,
    pub sizes: Vec<u32>,
    pub dim_order: Vec<u8>,
    pub bytes: &'a [u8],
}

/// The ExecuTorch scalar type of a graph input or output of element type `d`, and its
/// size in bytes (`fp32` is `Float`, `qint8` is `Char`).
pub(super) fn scalar_type(d: DataType) -> (ScalarType, usize) {
    if d == DataType::Fp32 {
        (ScalarType::Float, 4)
    } else {
        (ScalarType::Char, 1)
    }
}

/// Reads little-endian `f32`s.
pub(super) fn floats(bytes: &[u8]) -> Vec<f32> {
    bytes
        .chunks_exact(4)
        .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect()
}

/// Drops the size-1 entries of `dims`: two layouts with the same result are the same
/// bytes in memory (a size-1 dimension can sit anywhere in a dim order).
pub(super) fn without_ones(dims: impl IntoIterator<Item = usize>) -> Vec<usize> {
    dims.into_iter().filter(|&d| d != 1).collect()
}

/// The dims an XNNPACK graph input is given for a delegate argument of logical `sizes`
/// in `dim_order`: the sizes in memory order (outermost first), the data then passed as
/// it lies, as ExecuTorch's `XNNExecutor` does (`dims[j] = size(dim_order[j])`). The
/// graph was built for that layout: a channels-last input of an NHWC-tagged graph has
/// NHWC dims there. Where the memory-order sizes differ from the `declared` dims only
/// in where size-1 dimensions sit (a `(1, 1, 7, 5)` channels-last tensor, whose dim
/// order `[0, 2, 1, 3]` and `[0, 2, 3, 1]` are the same bytes), the declared dims are
/// used: ExecuTorch reshapes to the former and fails (pytorch/executorch#19153).
///
/// Errors: a dim order that is not a permutation of the rank.
pub(super) fn memory_dims(
    sizes: &[u32],
    dim_order: &[u8],
    declared: &[usize],
) -> Result<Vec<usize>, String> {
    let rank = sizes.len();
    let mut seen = vec![false; rank];
    if dim_order.len() != rank
        || dim_order
            .iter()
            .any(|&d| (d as usize) >= rank || std::mem::replace(&mut seen[d as usize], true))
    {
        return Err(format!(
            "dim order {dim_order:?} is not a permutation of rank {rank}"
        ));
    }
    let memory: Vec<usize> = dim_order
        .iter()
        .map(|&d| sizes[d as usize] as usize)
        .collect();
    if memory != declared
        && declared.len() == rank
        && without_ones(memory.iter().copied()) == without_ones(declared.iter().copied())
    {
        return Ok(declared.to_vec());
    }
    Ok(memory)
}

/// The logical sizes and dim order of a graph output whose memory-order dims are
/// `shape`, for the delegate's output argument `arg` (its planned sizes and dim order):
/// the inverse of [`memory_dims`], `sizes[dim_order[j]] = shape[j]`. When `shape` is the
/// planned tensor's memory layout up to size-1 dimensions, the planned sizes are the
/// answer; an output argument without a usable dim order gets `shape` as contiguous.
pub(super) fn logical_sizes(shape: &[usize], arg: &TensorArg) -> (Vec<u32>, Vec<u8>) {
    let rank = shape.len();
    let order = arg.dim_order;
    let contiguous = || {
        (
            shape.iter().map(|&s| s as u32).collect(),
            (0..rank as u8).collect(),
        )
    };
    let valid = order.len() == rank && {
        let mut seen = vec![false; rank];
        order
            .iter()
            .all(|&d| (d as usize) < rank && !std::mem::replace(&mut seen[d as usize], true))
    };
    if !valid || arg.sizes.len() != rank {
        return contiguous();
    }
    let planned_memory: Vec<usize> = order
        .iter()
        .map(|&d| arg.sizes[d as usize] as usize)
        .collect();
    let same_count = shape.iter().product::<usize>() == planned_memory.iter().product::<usize>();
    if same_count && without_ones(planned_memory) == without_ones(shape.iter().copied()) {
        return (arg.sizes.to_vec(), order.to_vec());
    }
    let mut sizes = vec![0u32; rank];
    for (j, &d) in order.iter().enumerate() {
        sizes[d as usize] = shape[j] as u32;
    }
    (sizes, order.to_vec())
}
