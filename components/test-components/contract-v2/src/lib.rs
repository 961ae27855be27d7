//! A kernel library built against `plugboard:runtime@2.0.0`; the 1.x host must refuse it
//! before instantiating it, naming both versions.

wit_bindgen::generate!({
    path: "wit",
    world: "kernel-library",
});

use exports::plugboard::runtime::kernels::Guest;
use plugboard::runtime::types::Error;

struct V2;

impl Guest for V2 {
    fn operators() -> Vec<String> {
        vec!["aten::add.out".into()]
    }

    fn call(_op: u32) -> Result<(), Error> {
        Ok(())
    }
}

export!(V2);
