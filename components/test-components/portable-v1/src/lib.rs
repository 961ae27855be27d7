//! plugboard's portable kernel library built against contract 1.4 (feature
//! `contract-1`): the component is the `plugboard-portable` library's exports, linked
//! into this cdylib. Built apart by `host/build.rs` (see `xnnpack-v1`).

extern crate plugboard_portable;
