//! Random tensors, `.out` variants: `aten::rand.out(SymInt[] size, *, out)` (uniform on
//! `[0, 1)`) and `aten::randn.out(SymInt[] size, *, out)` (standard normal), Float,
//! Half, BFloat16 or Double, `out` resized to `size`.
//!
//! As ExecuTorch's `kernels/portable/cpu/op_rand.cpp` and `op_randn.cpp`, every call
//! draws from a generator seeded afresh from the system's entropy (here the host's
//! WASI `random`, through `fastrand`'s seeding): no two executes give the same values,
//! and no seed is taken. Values are drawn as float64 (uniform: 53 random bits; normal:
//! Box-Muller) and narrowed to `out`'s dtype.

use crate::args::Args;
use crate::elem;
use crate::ops::creation::sizes_arg;
use crate::plugboard::runtime::types::ScalarType;
use crate::registry::Registrar;
use crate::{invalid, KResult};

/// Registers this module's operators.
pub fn register(r: &mut Registrar) {
    const F: &[ScalarType] = &[
        ScalarType::Float,
        ScalarType::Half,
        ScalarType::Bfloat16,
        ScalarType::Double,
    ];
    r.add("aten::rand.out", F, |a| random(a, false));
    r.add("aten::randn.out", F, |a| random(a, true));
}

fn random(a: &mut Args, normal: bool) -> KResult {
    let sizes = sizes_arg(a, 0)?;
    let out = a.out(1, &sizes)?;
    if !elem::is_float(out.dtype) {
        return Err(invalid(format!(
            "out must be floating point, got {:?}",
            out.dtype
        )));
    }
    let mut rng = fastrand::Rng::new();
    let values: Vec<f64> = if normal {
        (0..out.numel)
            .map(|_| {
                // Box-Muller: u1 in (0, 1] keeps the logarithm finite.
                let (u1, u2) = (1.0 - rng.f64(), rng.f64());
                (-2.0 * u1.ln()).sqrt() * (std::f64::consts::TAU * u2).cos()
            })
            .collect()
    } else {
        (0..out.numel).map(|_| rng.f64()).collect()
    };
    elem::write::<f64>(&out, &values)
}
