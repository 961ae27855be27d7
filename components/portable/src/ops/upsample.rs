//! (to be written)

use crate::registry::Registrar;

/// Registers this module's operators.
pub fn register(_r: &mut Registrar) {}
