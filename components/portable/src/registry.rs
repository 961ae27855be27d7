//! The table of operators this library provides. Each op module adds its entries in
//! its `register` function; the index of an entry is its `op` number in `call`.

use std::sync::OnceLock;

use crate::args::Args;
use crate::plugboard::runtime::types::ScalarType;
use crate::KResult;

/// A kernel: reads its arguments, writes its outputs.
pub type Kernel = fn(&mut Args) -> KResult;

/// One operator entry.
pub struct Op {
    /// Qualified name with overload, e.g. `aten::add.out`.
    pub name: &'static str,
    /// Tensor dtypes the kernel accepts.
    pub dtypes: &'static [ScalarType],
    /// The kernel.
    pub kernel: Kernel,
}

/// Dtypes of most arithmetic kernels.
pub const REAL_AND_BOOL: &[ScalarType] = &[
    ScalarType::Float,
    ScalarType::Double,
    ScalarType::Half,
    ScalarType::Bfloat16,
    ScalarType::Long,
    ScalarType::Int,
    ScalarType::Short,
    ScalarType::Char,
    ScalarType::Byte,
    ScalarType::Bool,
];

/// Floating dtypes.
pub const FLOATS: &[ScalarType] = &[
    ScalarType::Float,
    ScalarType::Double,
    ScalarType::Half,
    ScalarType::Bfloat16,
];

/// Integer and bool dtypes (the bitwise operators).
pub const INTS_AND_BOOL: &[ScalarType] = &[
    ScalarType::Long,
    ScalarType::Int,
    ScalarType::Short,
    ScalarType::Char,
    ScalarType::Byte,
    ScalarType::Bool,
];

/// Integer dtypes (the shifts).
pub const INTS: &[ScalarType] = &[
    ScalarType::Long,
    ScalarType::Int,
    ScalarType::Short,
    ScalarType::Char,
    ScalarType::Byte,
];

/// Dtypes of the byte-moving kernels: every real type, bool and the unsigned ones.
pub const ALL_DTYPES: &[ScalarType] = &[
    ScalarType::Float,
    ScalarType::Double,
    ScalarType::Half,
    ScalarType::Bfloat16,
    ScalarType::Long,
    ScalarType::Int,
    ScalarType::Short,
    ScalarType::Char,
    ScalarType::Byte,
    ScalarType::Bool,
    ScalarType::Uint16,
    ScalarType::Uint32,
    ScalarType::Uint64,
];

/// Builds the table.
pub struct Registrar {
    ops: Vec<Op>,
}

impl Registrar {
    /// Adds `name` with `kernel`.
    pub fn add(&mut self, name: &'static str, dtypes: &'static [ScalarType], kernel: Kernel) {
        self.ops.push(Op {
            name,
            dtypes,
            kernel,
        });
    }
}

/// All operators, in a fixed order.
pub fn operators() -> &'static [Op] {
    static OPS: OnceLock<Vec<Op>> = OnceLock::new();
    OPS.get_or_init(|| {
        let mut r = Registrar { ops: Vec::new() };
        crate::ops::register_all(&mut r);
        r.ops
    })
}
