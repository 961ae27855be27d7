//! The `VH00` header in front of a Vulkan delegate's processed blob: the
//! FlatBuffer-plus-constants layout of ExecuTorch's `vulkan_graph_serialize.py`, read
//! (every offset and size checked) by the SDK's [`plugboard_sdk::payload`]. The
//! `VkGraph` FlatBuffer (identifier `VK00`) and the constant segment follow the header,
//! each padded to 16 bytes. A graph whose constants all live in named data has an empty
//! segment whose offset may equal the payload length.

use crate::Error;

pub use plugboard_sdk::payload::{Payload, HEADER_LEN};

/// Vulkan's payload format (the header is required).
pub const FORMAT: plugboard_sdk::payload::Format = plugboard_sdk::payload::Format {
    name: "Vulkan",
    magic: *b"VH00",
    identifiers: &[*b"VK00"],
    headerless: false,
};

/// Splits `blob` into its FlatBuffer and constant segment, checking the header's
/// offsets and sizes and the FlatBuffer's identifier.
pub fn split(blob: &[u8]) -> Result<Payload<'_>, Error> {
    Ok(plugboard_sdk::payload::split(blob, &FORMAT)?)
}
