//! plugboard's XNNPACK backend built against contract 1.4 (feature `contract-1`): the
//! component is the `plugboard-xnnpack` library's exports, linked into this cdylib.
//! Built on its own by `host/build.rs` (features of one cargo build unify, and the SDK
//! refuses a wasm build with two contract versions).

extern crate plugboard_xnnpack;
