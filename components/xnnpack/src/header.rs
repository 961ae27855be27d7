//! The `XH00` header in front of an XNNPACK payload: the FlatBuffer-plus-constants
//! layout of ExecuTorch's `xnnpack_graph_serialize.py`, read (every offset and size
//! checked) by the SDK's [`plugboard_sdk::payload`]. The FlatBuffer is an `XNNGraph`
//! (identifier `XN01`, older `XN00`); a blob without the magic is a bare FlatBuffer
//! (older exporters).

use crate::Error;

pub use plugboard_sdk::payload::{Payload, HEADER_LEN};

/// XNNPACK's payload format.
pub const FORMAT: plugboard_sdk::payload::Format = plugboard_sdk::payload::Format {
    name: "XNNPACK",
    magic: *b"XH00",
    identifiers: &[*b"XN01", *b"XN00"],
    headerless: true,
};

/// Splits `blob` into its FlatBuffer and constant region, checking the header's
/// offsets and sizes and the FlatBuffer's identifier.
pub fn split(blob: &[u8]) -> Result<Payload<'_>, Error> {
    Ok(plugboard_sdk::payload::split(blob, &FORMAT)?)
}
