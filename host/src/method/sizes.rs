//! The one size rule: which sizes a tensor may take, whoever sets them (a method input,
//! a kernel's resize, a backend's output).

use crate::program::{ShapeDynamism, TensorDef};

/// Checks new sizes of a tensor planned as `planned` with `capacity` bytes: a static
/// tensor keeps its planned sizes; a dynamic one keeps its rank (when it has the
/// planned rank, each size stays within the planned bound) and fits its bytes.
pub(super) fn check_sizes(
    planned: &TensorDef,
    capacity: usize,
    sizes: &[u32],
) -> std::result::Result<(), String> {
    let same_rank = sizes.len() == planned.sizes.len();
    match planned.dynamism {
        ShapeDynamism::Static if sizes != planned.sizes.as_slice() => {
            return Err(format!(
                "sizes {sizes:?} for a static tensor planned as {:?}",
                planned.sizes
            ))
        }
        ShapeDynamism::DynamicBound
            if same_rank && sizes.iter().zip(&planned.sizes).any(|(s, b)| s > b) =>
        {
            return Err(format!(
                "sizes {sizes:?} exceed the upper bound {:?} planned",
                planned.sizes
            ))
        }
        _ => {}
    }
    let bytes = sizes
        .iter()
        .try_fold(planned.dtype.element_size(), |a, &s| {
            a.checked_mul(s as usize)
        });
    match bytes {
        Some(b) if b <= capacity => Ok(()),
        _ => Err(format!(
            "sizes {sizes:?} need more than the {capacity} bytes planned"
        )),
    }
}
