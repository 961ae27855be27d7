//! A backend built against the published `plugboard:runtime@1.1.0` contract
//! (`wit/1.1.0`), registering `LegacyBackend`: it runs the `add_mul` delegate
//! (`x * y + x` on float32 tensors) so a test can show that a component built against an
//! older minor version loads in, and gives correct results through, a newer host.

wit_bindgen::generate!({
    path: "../../../wit/1.1.0",
    world: "backend",
});

use exports::plugboard::runtime::backend_interface::{
    CompileSpec, DelegateHandle, Guest, GuestDelegateHandle,
};
use plugboard::runtime::types::{Error, ErrorKind, Evalue, Tensor};

struct Legacy;

struct Handle;

fn floats(t: &Tensor) -> Vec<f32> {
    t.data
        .chunks_exact(4)
        .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect()
}

impl GuestDelegateHandle for Handle {
    fn execute(&self, args: Vec<Evalue>) -> Result<Vec<Evalue>, Error> {
        let [Evalue::Tensor(x), Evalue::Tensor(y), Evalue::Tensor(out)] = args.as_slice() else {
            return Err(Error {
                kind: ErrorKind::InvalidArgument,
                message: "expected x, y and out tensors".into(),
            });
        };
        let data = floats(x)
            .iter()
            .zip(floats(y))
            .flat_map(|(a, b)| (a * b + a).to_le_bytes())
            .collect();
        Ok(vec![Evalue::Tensor(Tensor {
            dtype: out.dtype,
            sizes: out.sizes.clone(),
            dim_order: out.dim_order.clone(),
            data,
        })])
    }
}

impl Guest for Legacy {
    type DelegateHandle = Handle;

    fn backend_ids() -> Vec<String> {
        vec!["LegacyBackend".into()]
    }

    fn is_available(_backend_id: String) -> bool {
        true
    }

    fn describe(_backend_id: String, _processed: Vec<u8>) -> Result<Vec<(String, u32)>, Error> {
        Ok(vec![])
    }

    fn init(
        _backend_id: String,
        _processed: Vec<u8>,
        _compile_specs: Vec<CompileSpec>,
    ) -> Result<DelegateHandle, Error> {
        Ok(DelegateHandle::new(Handle))
    }
}

export!(Legacy);
