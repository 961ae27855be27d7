//! Feeds arbitrary bytes to the `.pte` loader: it must return a program or an error,
//! never panic, for any input.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(p) = plugboard::Program::from_bytes(data.to_vec()) {
        // Everything a loaded program exposes must be safe to read.
        for plan in p.plans() {
            for d in &plan.delegates {
                let _ = p.delegate_data(d);
            }
            for v in &plan.values {
                if let plugboard::program::ValueDef::Tensor(t) = v {
                    let _ = p.tensor_data(&t.data, t.nbytes);
                }
            }
        }
        let _ = p.named_data();
    }
});
