//! Operator and backend resolution: which component serves each operator a method's
//! kernel calls name and each backend id its delegates name, in a registry. Shared by
//! [`Method::load`](super::Method::load) and the live runtime's check of whether a
//! loaded method should move to other components (`runtime::LiveMethod`).

use std::sync::Arc;

use crate::component::ComponentInfo;
use crate::program::{Instruction, Plan};
use crate::Registry;

/// What a plan's operators and delegates resolve to.
pub(crate) struct Resolution {
    /// The kernel libraries serving at least one kernel call, in first-use order.
    pub libraries: Vec<Arc<ComponentInfo>>,
    /// For each plan operator used by a kernel call: its library (an index into
    /// `libraries`) and its operator index there; `None` when unused or missing.
    pub operators: Vec<Option<(usize, u32)>>,
    /// The operators no loaded library provides, sorted, once each.
    pub missing: Vec<String>,
    /// For each delegate: the backend component registered for its id, if any.
    pub backends: Vec<Option<Arc<ComponentInfo>>>,
}

/// Resolves `plan` against `registry`.
pub(crate) fn resolve(plan: &Plan, registry: &Registry) -> Resolution {
    let mut used = vec![false; plan.operators.len()];
    for ins in &plan.instructions {
        if let Instruction::Kernel { op, .. } = ins {
            if let Some(u) = used.get_mut(*op) {
                *u = true;
            }
        }
    }
    let mut r = Resolution {
        libraries: Vec::new(),
        operators: vec![None; plan.operators.len()],
        missing: Vec::new(),
        backends: Vec::new(),
    };
    for (i, op) in plan.operators.iter().enumerate() {
        if !used[i] {
            continue;
        }
        match registry.kernel(op) {
            Some((comp, index)) => {
                let l = match r.libraries.iter().position(|l| Arc::ptr_eq(l, &comp.info)) {
                    Some(l) => l,
                    None => {
                        r.libraries.push(comp.info.clone());
                        r.libraries.len() - 1
                    }
                };
                r.operators[i] = Some((l, index));
            }
            None => r.missing.push(op.clone()),
        }
    }
    r.missing.sort();
    r.missing.dedup();
    r.backends = plan
        .delegates
        .iter()
        .map(|d| registry.backend(&d.id).map(|c| c.info.clone()))
        .collect();
    r
}
