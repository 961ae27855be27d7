//! Support for [`component_metadata!`](crate::component_metadata): turning a string
//! constant into the byte array a `#[link_section]` static needs.

/// The first `N` bytes of `text` as an array (`N` is `text.len()` at the call site).
pub const fn bytes<const N: usize>(text: &str) -> [u8; N] {
    let b = text.as_bytes();
    let mut out = [0u8; N];
    let mut i = 0;
    while i < N && i < b.len() {
        out[i] = b[i];
        i += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_sdk_entry_is_this_version() {
        let lib = include_str!("lib.rs");
        assert!(lib.contains(&format!("\\nsdk={}\\n", crate::SDK_VERSION)));
        assert_eq!(super::bytes::<3>("abc"), *b"abc");
    }
}
