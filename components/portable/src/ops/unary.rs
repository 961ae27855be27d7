//! Elementwise unary operators on floating-point results (activations and math
//! functions), `.out` variants.

use crate::args::Args;
use crate::elem::{self, Compute, OutBuf};
use crate::plugboard::runtime::types::ScalarType;
use crate::registry::{Registrar, REAL_AND_BOOL};
use crate::{with_compute, KResult};

/// Registers this module's operators.
pub fn register(r: &mut Registrar) {
    r.add("aten::relu.out", REAL_AND_BOOL, relu_out);
}

/// Applies `f` to every element of argument 0 and writes argument `out_idx`, computing
/// in the output's compute type.
pub fn map_unary(args: &mut Args, out_idx: usize, f: impl Fn(f64) -> f64) -> KResult<()> {
    let a = args.tensor(0)?;
    let out = args.out(out_idx, &a.sizes.clone())?;
    let dtype = if elem::is_float(out.dtype) {
        out.dtype
    } else {
        ScalarType::Float
    };
    with_compute!(dtype, C, {
        let av = elem::read::<C>(&a)?;
        let mut ob = OutBuf::<C>::new(&out);
        for (o, &x) in ob.data().iter_mut().zip(av.iter()) {
            *o = C::from_f64(f(x.to_f64()));
        }
        ob.commit()
    })
}

fn relu_out(args: &mut Args) -> KResult {
    let a = args.tensor(0)?;
    let out = args.out(1, &a.sizes.clone())?;
    with_compute!(a.dtype, C, {
        let av = elem::read::<C>(&a)?;
        let mut ob = OutBuf::<C>::new(&out);
        let zero = C::default();
        for (o, &x) in ob.data().iter_mut().zip(av.iter()) {
            // NaN propagates, as in PyTorch.
            *o = if x < zero { zero } else { x };
        }
        ob.commit()
    })
}
